//! The polls of the halves' and the layers' workers: nodes counted, the
//! stop flag, the deadline and the node budget checked every [`POLL`]
//! nodes, and why a worker ended early. (Their own, not the search loop's
//! `Halt` alone: these workers keep no `Ctx`.)

use super::POLL;
use crate::engine::config::SearchConfig;
use crate::engine::outcome::StopReason;
use crate::engine::search::halt::{Halt, Stopped};
use std::sync::atomic::{AtomicBool, Ordering};

/// Why a half's search ended early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Halted {
    /// A stop: Ctrl-C, the deadline, the node budget.
    Stop(StopReason),
    /// The first half's table outgrew the memory cap.
    Full,
}

/// The polls of one worker: nodes counted, the stop flag, the deadline,
/// the node budget (exact), and the other workers' stops.
pub(super) struct Poll<'a> {
    config: &'a SearchConfig,
    halt: Halt<'a>,
    pub(super) nodes: u64,
    reported: u64,
    next: u64,
    /// Set by the first worker that stops (for any reason).
    quit: &'a AtomicBool,
}

impl<'a> Poll<'a> {
    pub(super) fn new(config: &'a SearchConfig, quit: &'a AtomicBool) -> Self {
        let next = config.max_nodes.map_or(POLL, |m| m.min(POLL));
        Poll { config, halt: Halt::of(config), nodes: 0, reported: 0, next, quit }
    }

    /// Counts a node; polls every [`POLL`] nodes and at the budget.
    #[inline(always)]
    pub(super) fn node(&mut self) -> Result<(), Halted> {
        self.nodes += 1;
        if self.nodes < self.next {
            return Ok(());
        }
        self.check()
    }

    /// Counts `n` nodes at once; polls when a poll is due.
    #[inline]
    pub(super) fn add(&mut self, n: u64) -> Result<(), Halted> {
        self.nodes += n;
        if self.nodes < self.next {
            return Ok(());
        }
        self.check()
    }

    /// The poll proper.
    pub(super) fn check(&mut self) -> Result<(), Halted> {
        if let Some(m) = &self.config.monitor {
            m.nodes.fetch_add(self.nodes - self.reported, Ordering::Relaxed);
            self.reported = self.nodes;
        }
        self.next = self.nodes + POLL;
        if let Some(max) = self.config.max_nodes {
            if self.nodes >= max {
                self.quit.store(true, Ordering::Relaxed);
                return Err(Halted::Stop(StopReason::Nodes));
            }
            self.next = self.next.min(max);
        }
        if let Err(Stopped(reason)) = self.halt.check() {
            self.quit.store(true, Ordering::Relaxed);
            return Err(Halted::Stop(reason));
        }
        if self.quit.load(Ordering::Relaxed) {
            return Err(Halted::Stop(StopReason::Interrupted));
        }
        Ok(())
    }
}

/// Why a layer stopped, of two workers' reasons: a full table or an
/// overflow wins (the caller counts another way), then a worker's own
/// reason over the stop the other workers saw (`Interrupted` by `quit`).
pub(super) fn worse(a: Option<Halted>, e: Halted) -> Option<Halted> {
    match (a, e) {
        (Some(Halted::Full), _) | (_, Halted::Full) => Some(Halted::Full),
        (Some(Halted::Stop(StopReason::Interrupted)), e) | (None, e) => Some(e),
        (a, _) => a,
    }
}

/// After a layer of a count layer by layer (keyed or dense): `Err` with
/// the nodes spent when a table was full (the caller counts another way),
/// the reason when it stopped; else the progress (`done`, a fraction) is
/// reported and the count goes on.
pub(super) fn after_layer(
    halted: Option<Halted>,
    nodes: u64,
    config: &SearchConfig,
    done: f64,
) -> Result<Option<StopReason>, u64> {
    match halted {
        Some(Halted::Full) => Err(nodes),
        Some(Halted::Stop(reason)) => Ok(Some(reason)),
        None => {
            if let Some(mon) = &config.monitor {
                mon.set_fraction(done);
            }
            Ok(None)
        }
    }
}
