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
use tessera::engine::{Count, Monitor, SearchConfig, StopReason};
use tessera::format::json::{self, ShardJson, SolutionRecord};
use tessera::puzzles::Model;
use tessera::solve::{self, CaseResult, Mode, Status};

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
fn plural(n: &Count, noun: &str) -> String {
    format!("{n} {noun}{}", if *n == 1 { "" } else { "s" })
}

/// The text `N solutions`, with what is known about completeness.
fn count_line(count: &Count, complete: bool, stopped: Option<StopReason>) -> String {
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

    pub(super) fn search_config(&self) -> SearchConfig {
        SearchConfig {
            limit: None,
            threads: self.cfg.threads,
            max_nodes: self.cfg.max_nodes,
            deadline: self.cfg.timeout.map(|t| Instant::now() + t),
            shard: self.cfg.shard,
            monitor: Some(self.monitor.clone()),
            backend: self.cfg.backend,
            restarts: self.cfg.restarts,
            seed: self.cfg.seed,
            memo: self.cfg.memo,
            memo_mb: self.cfg.memo_mb,
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
    ///
    /// Text layout: one empty line between cases (always with `--grid`,
    /// `--count` or `--all`; otherwise as the judge wants). With `--all`
    /// each solution is `Solution i:`, its drawing and an empty line, as it
    /// is found; then the verdict and the count line.
    pub fn case<M: Model>(&mut self, render: &(dyn Render<M> + Sync), line: usize, model: &M) -> io::Result<()>
    where
        M::Solution: Sync,
    {
        self.cases += 1;
        let k = self.cases;
        if let Some(n) = self.cfg.shard_plan {
            return super::plan::case(self, render, k, line, model, n);
        }
        let cfg = self.cfg.clone();
        self.monitor.reset_counters();
        let search = self.search_config();
        let want_solution = cfg.grid || cfg.json || render.decide_needs_solution();
        let printed = AtomicU64::new(0);
        let write_error: Mutex<Option<io::Error>> = Mutex::new(None);
        let label = format!("case {k}");
        let progress = cfg.progress.then(|| Progress::start(self.monitor.clone(), label));
        let mut result = {
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
                    let gap = if index == 1 && k > 1 { "\n" } else { "" };
                    format!("{gap}Solution {index}:\n{}\n", render.grid(model, &sol, &cfg))
                };
                // Flush per solution so that `| head` sees it at once.
                let mut write = || out.write_all(text.as_bytes()).and_then(|_| out.flush());
                let written = match &progress {
                    Some(p) if cfg.stdout_tty => p.suspend(write),
                    _ => write(),
                };
                match written {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        *write_error.lock().unwrap() = Some(e);
                        ControlFlow::Break(())
                    }
                }
            };
            solve::run(model, cfg.mode, want_solution, &search, Some(&on_solution))
        };
        drop(progress); // clears the bar before anything else is printed
        if let Some(e) = write_error.into_inner().unwrap() {
            return Err(e);
        }
        if self.interrupted() && result.status == Status::Unknown {
            result.stopped = Some(StopReason::Interrupted);
        }
        // A shard searched to the end did its job, solutions or not.
        let exit = if cfg.shard.is_some() && result.complete && result.status == Status::Unknown {
            Exit::Solved
        } else {
            case_exit(cfg.mode, result.status, result.stopped)
        };
        self.exit = self.exit.combine(exit);
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
        // After `--all` solutions, the empty line after the last drawing
        // already separates it from the verdict.
        if k > 1 && (render.blank_between() || extra) && printed.into_inner() == 0 {
            text.push('\n');
        }
        text.push_str(&render.verdict(k, model, &result));
        text.push('\n');
        if let Some(count) = &result.count {
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
            plural(&r.count.clone().unwrap_or(Count::from(s.solutions)), "solution"),
            s.elapsed.as_secs_f64() * 1000.0,
            if s.backend.is_empty() { "none" } else { s.backend },
            s.threads,
            if s.threads == 1 { "" } else { "s" }
        );
        if s.tickets > 0 {
            line.push_str(&format!(", {} subtrees", s.tickets));
        }
        if s.restarts > 0 {
            line.push_str(&format!(", {}", plural(&s.restarts.into(), "restart")));
        }
        if let Some(m) = &s.memo {
            line.push_str(&format!(
                ", memo {} states, {:.1}% hits, {:.1} MiB",
                m.states,
                100.0 * m.hit_rate(),
                m.bytes as f64 / f64::from(1 << 20)
            ));
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

/// The exit status one case calls for (the run's status is the most severe
/// over its cases, see [`Exit::combine`]):
///
/// * proved unsolvable: 1;
/// * interrupted (Ctrl-C) before the answer asked for was complete: 130;
/// * no verdict (a timeout or node budget came first): 3;
/// * a count or listing (`--count`, `--all`) cut short by `--timeout` or
///   `--max-nodes`: 3, even when a solution was found, because the answer
///   asked for is incomplete; reaching `--limit` is not a failure: 0;
/// * otherwise solved: 0.
pub fn case_exit(mode: Mode, status: Status, stopped: Option<StopReason>) -> Exit {
    let counting = mode != Mode::Decide;
    match (status, stopped) {
        (Status::Unsolvable, _) => Exit::NoSolution,
        (_, Some(StopReason::Interrupted)) => Exit::Interrupted,
        (Status::Unknown, _) => Exit::Unknown,
        (Status::Solvable, Some(StopReason::Timeout | StopReason::Nodes)) if counting => Exit::Unknown,
        (Status::Solvable, _) => Exit::Solved,
    }
}

/// Serialises a value to JSON (for the render hooks).
pub fn to_value<T: Serialize>(v: &T) -> serde_json::Value {
    serde_json::to_value(v).expect("records serialise")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every mode against every way a case can end.
    #[test]
    fn exit_status_table() {
        use Exit::{Interrupted as Int, NoSolution as No, Solved as Ok, Unknown as Unk};
        use Status::{Solvable, Unknown, Unsolvable};
        use StopReason::{Interrupted, Limit, Nodes, Timeout, Visitor};
        let decide = Mode::Decide;
        let count = Mode::Count;
        let all = Mode::All { limit: None };
        let limited = Mode::All { limit: Some(5) };
        // (status, stopped) -> [decide, count, all, all or count with --limit]
        type Row = ((Status, Option<StopReason>), [Exit; 4]);
        let table: &[Row] = &[
            ((Solvable, None), [Ok, Ok, Ok, Ok]),
            ((Solvable, Some(Limit)), [Ok, Ok, Ok, Ok]),
            ((Solvable, Some(Visitor)), [Ok, Ok, Ok, Ok]),
            ((Solvable, Some(Timeout)), [Ok, Unk, Unk, Unk]),
            ((Solvable, Some(Nodes)), [Ok, Unk, Unk, Unk]),
            ((Solvable, Some(Interrupted)), [Int, Int, Int, Int]),
            ((Unsolvable, None), [No, No, No, No]),
            ((Unknown, Some(Timeout)), [Unk, Unk, Unk, Unk]),
            ((Unknown, Some(Nodes)), [Unk, Unk, Unk, Unk]),
            ((Unknown, Some(Interrupted)), [Int, Int, Int, Int]),
        ];
        for &((status, stopped), want) in table {
            for (mode, want) in [decide, count, all, limited].into_iter().zip(want) {
                assert_eq!(case_exit(mode, status, stopped), want, "{mode:?} {status:?} {stopped:?}");
            }
        }
    }

    #[test]
    fn count_lines() {
        assert_eq!(count_line(&Count::from(1u64), true, None), "1 solution");
        assert_eq!(
            count_line(&Count::from(5u64), false, Some(StopReason::Limit)),
            "at least 5 solutions (limit reached)"
        );
        assert_eq!(
            count_line(&Count::ZERO, false, Some(StopReason::Interrupted)),
            "at least 0 solutions (search stopped: interrupted)"
        );
    }
}
