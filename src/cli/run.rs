//! The case loop every puzzle subcommand shares: solve each case as it is
//! read, print its answer at once, and remember the worst exit status.

use super::config::RunConfig;
use super::progress::Progress;
use crate::exit::Exit;
use serde::Serialize;
use std::io::{self, BufWriter, Stdout, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tessera::engine::{Monitor, SearchConfig, StopReason};
use tessera::format::json::{self, ShardJson, SolutionRecord};
use tessera::puzzles::Model;
use tessera::solve::{self, CaseResult, Status};

/// How one puzzle family prints its answers.
pub trait Render<M: Model> {
    /// `tetravex`, `edges` or `pack`.
    fn name(&self) -> &'static str;
    /// The judge's verdict for case `k` (1-based), without a final newline.
    fn verdict(&self, k: usize, model: &M, result: &CaseResult<M::Solution>) -> String;
    /// A drawing of a solution (ends with a newline).
    fn grid(&self, model: &M, solution: &M::Solution, cfg: &RunConfig) -> String;
    /// The puzzle as JSON.
    fn puzzle_json(&self, model: &M) -> serde_json::Value;
    /// A solution as JSON.
    fn solution_json(&self, model: &M, solution: &M::Solution) -> serde_json::Value;
    /// Whether the judge separates cases by an empty line.
    fn blank_between(&self) -> bool;
    /// Whether a solution is shown even without `--grid` (pack's verdict is
    /// its grid).
    fn decide_needs_solution(&self) -> bool {
        false
    }
}

/// The state of one run over an input.
pub struct Session {
    pub cfg: RunConfig,
    out: Mutex<BufWriter<Stdout>>,
    pub monitor: Arc<Monitor>,
    pub exit: Exit,
    cases: usize,
}

/// `1 solution`, `2 solutions`.
fn plural(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// The text `N solutions`, with what is known about completeness.
fn count_line(count: u64, complete: bool, stopped: Option<StopReason>) -> String {
    let noun = plural(count, "solution");
    if complete {
        noun
    } else {
        let why = match stopped {
            Some(StopReason::Limit) | Some(StopReason::Visitor) => "limit reached".to_string(),
            Some(r) => format!("search stopped: {}", json::stop_name(r)),
            None => "search stopped".to_string(),
        };
        format!("at least {noun} ({why})")
    }
}

impl Session {
    pub fn new(cfg: RunConfig, monitor: Arc<Monitor>) -> Self {
        Session { cfg, out: Mutex::new(BufWriter::new(io::stdout())), monitor, exit: Exit::Solved, cases: 0 }
    }

    fn search_config(&self) -> SearchConfig {
        SearchConfig {
            limit: None,
            threads: self.cfg.threads,
            max_nodes: self.cfg.max_nodes,
            deadline: self.cfg.timeout.map(|t| Instant::now() + t),
            shard: self.cfg.shard,
            monitor: Some(self.monitor.clone()),
            backend: Default::default(),
        }
    }

    /// Writes text to stdout.
    pub fn write(&self, text: &str) -> io::Result<()> {
        self.out.lock().unwrap().write_all(text.as_bytes())
    }

    /// Flushes stdout.
    pub fn flush(&self) -> io::Result<()> {
        self.out.lock().unwrap().flush()
    }

    /// Whether Ctrl-C was pressed.
    pub fn interrupted(&self) -> bool {
        self.monitor.stop.load(Ordering::Relaxed)
    }

    /// Solves one case and prints its answer.
    pub fn case<M: Model>(&mut self, render: &(dyn Render<M> + Sync), line: usize, model: &M) -> io::Result<()>
    where
        M::Solution: Sync,
    {
        self.cases += 1;
        let k = self.cases;
        let cfg = self.cfg.clone();
        self.monitor.reset_counters();
        let search = self.search_config();
        let want_solution = cfg.grid || cfg.json || render.decide_needs_solution();
        let printed = AtomicU64::new(0);
        let write_error: Mutex<Option<io::Error>> = Mutex::new(None);
        let mut result = {
            let _progress = cfg.progress.then(|| Progress::start(self.monitor.clone(), k));
            let on_solution = |sol: M::Solution| -> ControlFlow<()> {
                if !cfg.print_all {
                    return ControlFlow::Continue(());
                }
                // Number and write under the lock, so records come in index order.
                let mut out = self.out.lock().unwrap();
                let index = printed.fetch_add(1, Ordering::Relaxed) + 1;
                let text = if cfg.json {
                    let rec = SolutionRecord {
                        kind: "solution",
                        case: k,
                        index,
                        solution: render.solution_json(model, &sol),
                    };
                    format!("{}\n", serde_json::to_string(&rec).expect("records serialise"))
                } else {
                    format!("Solution {index}:\n{}\n", render.grid(model, &sol, &cfg))
                };

                // Flush per solution so that `| head` sees it at once.
                match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        *write_error.lock().unwrap() = Some(e);
                        ControlFlow::Break(())
                    }
                }
            };
            solve::run(model, cfg.mode, want_solution, &search, Some(&on_solution))
        };
        if let Some(e) = write_error.into_inner().unwrap() {
            return Err(e);
        }
        if self.interrupted() && result.status != Status::Solvable {
            result.status = Status::Unknown;
            result.stopped = Some(StopReason::Interrupted);
        }
        self.exit = self.exit.combine(match (result.status, result.stopped) {
            (Status::Unsolvable, _) => Exit::NoSolution,
            (_, Some(StopReason::Interrupted)) => Exit::Interrupted,
            (Status::Unknown, _) => Exit::Unknown,
            // A count cut short by a limit of ours is not the answer asked for.
            (Status::Solvable, Some(StopReason::Timeout | StopReason::Nodes)) if cfg.counting() => Exit::Unknown,
            (Status::Solvable, _) => Exit::Solved,
        });
        if cfg.stats {
            self.print_stats(k, &result);
        }
        if cfg.json {
            let shard = cfg.shard.map(|s| ShardJson { index: s.index + 1, count: s.count });
            let solution = result.solution.as_ref().map(|s| render.solution_json(model, s));
            let rec = json::case_record(render.name(), k, line, &result, render.puzzle_json(model), solution, shard);
            let text = serde_json::to_string(&rec).expect("records serialise");
            self.write(&text)?;
            self.write("\n")?;
            return self.flush();
        }
        let mut text = String::new();
        let extra = cfg.grid || cfg.counting();
        if k > 1 && (render.blank_between() || extra) {
            text.push('\n');
        }
        text.push_str(&render.verdict(k, model, &result));
        text.push('\n');
        if let Some(count) = result.count {
            text.push_str(&count_line(count, result.complete, result.stopped));
            text.push('\n');
        }
        if cfg.grid && !cfg.print_all {
            if let Some(sol) = &result.solution {
                text.push_str(&render.grid(model, sol, &cfg));
            }
        }
        self.write(&text)?;
        // Flush per case: nothing already answered is lost if a later case fails.
        self.flush()
    }

    fn print_stats<S>(&self, k: usize, r: &CaseResult<S>) {
        let s = &r.stats;
        let mut line = format!(
            "case {k}: {} nodes, {} updates, {}, {:.3} ms, backend {}, {} thread{}",
            s.nodes,
            s.updates,
            plural(r.count.unwrap_or(s.solutions), "solution"),
            s.elapsed.as_secs_f64() * 1000.0,
            if s.backend.is_empty() { "none" } else { s.backend },
            s.threads,
            if s.threads == 1 { "" } else { "s" }
        );
        if s.tickets > 0 {
            line.push_str(&format!(", {} subtrees", s.tickets));
        }
        if let Some(rf) = &r.refuted_by {
            line.push_str(&format!(", refuted by {}: {}", rf.check, rf.detail));
        }
        if let Some(st) = r.stopped {
            if st != StopReason::Limit {
                line.push_str(&format!(", stopped: {}", json::stop_name(st)));
            }
        }
        eprintln!("{line}");
    }
}

/// Serialises a value to JSON (for the render hooks).
pub fn to_value<T: Serialize>(v: &T) -> serde_json::Value {
    serde_json::to_value(v).expect("records serialise")
}
