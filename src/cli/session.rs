//! The state of one run over an input: its settings, standard output (one
//! buffered writer that solutions and answers share), the engine's
//! monitor, the number of cases so far and the worst exit status.

use super::config::RunConfig;
use super::exit::{Exit, InputError};
use anyhow::Result;
use std::io::{self, BufWriter, Stdout, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tessera::engine::{Monitor, SearchConfig};

/// The state of one run over an input.
pub struct Session {
    /// The run's validated settings.
    pub cfg: RunConfig,
    /// Standard output, shared with the threads that stream solutions.
    out: Mutex<BufWriter<Stdout>>,
    /// The engine's counters and stop flag (Ctrl-C sets it).
    pub monitor: Arc<Monitor>,
    /// The most severe status of the cases so far.
    exit: Exit,
    /// How many cases were started.
    cases: usize,
}

impl Session {
    /// A run with these settings, before its first case.
    pub fn new(cfg: RunConfig, monitor: Arc<Monitor>) -> Self {
        Session { cfg, out: Mutex::new(BufWriter::new(io::stdout())), monitor, exit: Exit::Solved, cases: 0 }
    }

    /// Starts the next case: its number, from 1.
    pub fn next_case(&mut self) -> usize {
        self.cases += 1;
        self.cases
    }

    /// Records the exit status of a case.
    pub fn record(&mut self, exit: Exit) {
        self.exit = self.exit.combine(exit);
    }

    /// The engine's settings for a search from now (the deadline starts now).
    pub fn search_config(&self) -> SearchConfig {
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

    /// Standard output, locked (for writes that must stay in order).
    pub fn out(&self) -> MutexGuard<'_, BufWriter<Stdout>> {
        self.out.lock().unwrap()
    }

    /// Writes text to stdout and flushes it, so that nothing already
    /// answered is lost if a later case fails.
    pub fn print(&self, text: &str) -> io::Result<()> {
        if self.cfg.quiet {
            return Ok(());
        }
        let mut out = self.out();
        out.write_all(text.as_bytes())?;
        out.flush()
    }

    /// Whether Ctrl-C was pressed.
    pub fn interrupted(&self) -> bool {
        self.monitor.stop.load(Ordering::Relaxed)
    }

    /// Ends the run: flushes, then the exit status (an input error wins).
    /// With `--json` an input error is also the stream's last record, so
    /// that a consumer of stdout alone knows the stream stopped early.
    pub fn finish(&self, error: Option<anyhow::Error>) -> Result<Exit> {
        if let Some(e) = error.as_ref().and_then(|e| e.downcast_ref::<InputError>()).filter(|_| self.cfg.json) {
            self.out().write_all(e.record().as_bytes())?;
        }
        self.out().flush()?;
        match error {
            Some(e) => Err(e),
            None if self.interrupted() => Ok(Exit::Interrupted),
            None => Ok(self.exit),
        }
    }
}
