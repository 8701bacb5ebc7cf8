//! The state of one run over its inputs: its settings, standard output (one
//! buffered writer that solutions, answers and the inputs share), the
//! engine's monitor, the input being read and its number of cases, and the
//! worst exit status.
//!
//! Output is not flushed after each case: the inputs flush it before they
//! may wait (see [`super::input`]), `--all` flushes each solution, and the
//! end of the run flushes the rest.

use super::config::RunConfig;
use super::exit::{Exit, InputError};
use super::input::SharedOut;
use super::plan_file::PlanFile;
use super::svg::SvgWriter;
use anyhow::Result;
use std::fmt::Display;
use std::io::{self, BufWriter, Stdout, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tessera::engine::{Monitor, SearchConfig, Split, Workspace};

/// The state of one run over its inputs.
pub struct Session {
    /// The run's validated settings.
    pub cfg: RunConfig,
    /// Standard output, shared with the threads that stream solutions and
    /// with the inputs.
    out: SharedOut,
    /// The engine's counters and stop flag (Ctrl-C sets it).
    pub monitor: Arc<Monitor>,
    /// The most severe status of the cases so far.
    exit: Exit,
    /// How many cases of the current input were started.
    cases: usize,
    /// Where `--svg` writes the pictures, if it does.
    pub svg: Option<SvgWriter>,
    /// The current input's name, when the run has several (for the `file`
    /// field of JSON records).
    file: Option<String>,
    /// Whether a `==> FILE <==` header was printed.
    headed: bool,
    /// Cases started in the whole run (over all the inputs): a plan
    /// file's cases are numbered so.
    run_cases: usize,
    /// The plan file being made (`--shard-plan N --plan-out FILE`).
    pub plan_out: Option<PlanFile>,
    /// The split of the current case from the plan file (`--plan`), and
    /// its name for the shard records.
    pub split: Option<(Arc<Split>, String)>,
    /// The engine's arrays, kept from case to case (a stream of small
    /// cases builds its backend in them); taken while a case searches.
    pub engine: Option<Box<Workspace>>,
    /// The engine's settings, kept from case to case (see
    /// [`Session::prepare_search`]).
    search: SearchConfig,
    /// Whether the current case's clock was started before its model was
    /// made ([`Session::start_clock`]).
    clock_started: bool,
    /// A case's text answer is written here (kept from case to case).
    pub answer: String,
}

impl Session {
    /// A run with these settings, before its first case, for puzzles of
    /// type `puzzle_type`.
    pub fn new(cfg: RunConfig, monitor: Arc<Monitor>, puzzle_type: &str) -> Self {
        if cfg.counting() {
            super::pages::huge();
        }
        let svg = cfg.svg.clone().map(SvgWriter::new);
        let plan_out = match (cfg.shard_plan, &cfg.plan_out) {
            (Some(count), Some(_)) => Some(PlanFile::new(puzzle_type, count, &cfg.search)),
            _ => None,
        };
        let search = SearchConfig { monitor: Some(monitor.clone()), ..cfg.search.clone() };
        Session {
            search,
            clock_started: false,
            run_cases: 0,
            plan_out,
            split: None,
            cfg,
            out: Arc::new(Mutex::new(BufWriter::with_capacity(64 << 10, io::stdout()))),
            monitor,
            exit: Exit::Solved,
            cases: 0,
            svg,
            file: None,
            headed: false,
            engine: None,
            answer: String::new(),
        }
    }

    /// Standard output, for the inputs to flush before they wait.
    pub fn shared_out(&self) -> &SharedOut {
        &self.out
    }

    /// Starts an input: case numbers start again from 1 (each input is a
    /// judge's input of its own). With several inputs (`several`: its
    /// name), text output gets a `==> FILE <==` header, as `head` writes
    /// it, and JSON records a `file` field.
    pub fn start_input(&mut self, several: Option<&str>) -> io::Result<()> {
        self.cases = 0;
        self.file = several.map(str::to_string);
        match several {
            Some(name) if !self.cfg.json => {
                let gap = if self.headed { "\n" } else { "" };
                self.headed = true;
                self.print(&format!("{gap}==> {name} <==\n"))
            }
            _ => Ok(()),
        }
    }

    /// The current input's name when the run has several inputs.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// Starts the next case: its number in its input, from 1.
    pub fn next_case(&mut self) -> usize {
        self.cases += 1;
        self.run_cases += 1;
        self.cases
    }

    /// The current case's number in the whole run (over all the inputs).
    pub fn run_case(&self) -> usize {
        self.run_cases
    }

    /// Records the exit status of a case.
    pub fn record(&mut self, exit: Exit) {
        self.exit = self.exit.combine(exit);
    }

    /// An input error (`FILE:LINE:COLUMN: ...`): what was answered is
    /// written out, with `--json` the error record after it, the error goes
    /// to stderr, and the run will end with status 2. The one place every
    /// input error (a missing file, bad text, a failed read) goes through.
    pub fn input_error(&mut self, error: InputError) -> io::Result<()> {
        if self.cfg.json && !self.cfg.quiet {
            // The input's last record (it names the input): a consumer of
            // stdout alone knows that it stopped early, and where.
            self.out().write_all(error.record().as_bytes())?;
        }
        self.out().flush()?;
        eprintln!("tessera: {error}");
        self.record(Exit::Error);
        Ok(())
    }

    /// A warning about the input called `name` (`line` first), on stderr.
    pub fn warn(&self, name: &str, line: usize, message: impl Display) {
        eprintln!("tessera: {name}:{line}: warning: {message}");
    }

    /// Starts the clock of the next case's `--timeout` before its model is
    /// made: making a model can take a while (a packing puzzle's choice of
    /// how to break its symmetry), and that time is the case's as much as
    /// its search's. Returns the engine's settings with that deadline, for
    /// the making to poll; [`Session::prepare_search`] then keeps it.
    pub fn start_clock(&mut self) -> &SearchConfig {
        self.search.deadline = self.cfg.timeout.map(|t| Instant::now() + t);
        self.clock_started = true;
        &self.search
    }

    /// The engine's settings for a search from now: the run's, with the
    /// deadline (it starts now, unless [`Session::start_clock`] started it
    /// for this case), the session's monitor and the case's
    /// split from the plan file. Updated in place, not built anew: a
    /// stream of tiny cases clones nothing per case.
    pub fn prepare_search(&mut self) -> &SearchConfig {
        if !std::mem::take(&mut self.clock_started) {
            self.search.deadline = self.cfg.timeout.map(|t| Instant::now() + t);
        }
        if self.split.is_some() || self.search.split.is_some() {
            self.search.split = self.split.as_ref().map(|(split, _)| split.clone());
        }
        &self.search
    }

    /// The engine's settings as [`Session::prepare_search`] last set them.
    pub fn search(&self) -> &SearchConfig {
        &self.search
    }

    /// Standard output, locked (for writes that must stay in order).
    pub fn out(&self) -> MutexGuard<'_, BufWriter<Stdout>> {
        self.out.lock().unwrap()
    }

    /// Writes text to stdout (flushed before the input may wait, see the
    /// module docs).
    pub fn print(&self, text: &str) -> io::Result<()> {
        if self.cfg.quiet {
            return Ok(());
        }
        self.out().write_all(text.as_bytes())
    }

    /// Whether Ctrl-C was pressed.
    pub fn interrupted(&self) -> bool {
        self.monitor.stop.load(Ordering::Relaxed)
    }

    /// Ends the run: flushes, writes the plan file (`--plan-out`), then
    /// the exit status (an input error wins
    /// over an interruption, which wins over the cases' statuses).
    pub fn finish(&self) -> Result<Exit> {
        self.out().flush()?;
        if let (Some(plan), Some(path)) = (&self.plan_out, &self.cfg.plan_out) {
            plan.write(path)?;
        }
        let stop = if self.interrupted() { Exit::Interrupted } else { Exit::Solved };
        Ok(self.exit.combine(stop))
    }
}
