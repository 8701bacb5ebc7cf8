//! Stopping before the search starts: the setup (the shape analysis, the
//! backends' builds and the random walks that choose between them) takes
//! most of a second on a 30x30 jigsaw, and Ctrl-C or a deadline that comes
//! meanwhile must end it as promptly as the search loop's polls end a
//! search (see [`super::ctx`]). So must the random walks that deal a
//! sharded search's subtrees onto the shards (`--shard`, `--shard-plan`):
//! they are a share of the search, minutes on a large tree.
//!
//! The puzzles' encodings come first and take as long on the biggest
//! boards (a million options on a 32x32 Tetravex): they and the
//! problem's build (`ProblemBuilder::build_within`) poll the same halt,
//! which the engine re-exports for them.
//!
//! A [`Halt`] is what the setup polls: the monitor's stop flag and the
//! deadline of a [`SearchConfig`]. The builders that take time check it
//! between steps of a few microseconds to a millisecond each (a slot, a
//! join, [`STRIDE`] options, [`MOVES`] moves of a random walk) and give up
//! with [`Stopped`]; the engine then reports the search as stopped at its
//! start, with no node spent. The builders that each worker of a running
//! search calls watch the same halt, so a worker still building when the
//! search stops does not hold the others up.

use crate::engine::config::SearchConfig;
use crate::engine::outcome::StopReason;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Loops whose steps are cheap (one option, one node) check every this
/// many steps: an atomic load and a clock read (about 25 ns) per a few
/// hundred microseconds of work.
pub(crate) const STRIDE: usize = 4096;

/// Random walks check every this many moves (children listed, each a
/// choice made and undone: from a few nanoseconds in the row scan to a
/// few microseconds in the assignment backend).
pub(crate) const MOVES: u64 = 256;

/// The setup gave up: a stop was asked for, for this reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stopped(pub StopReason);

/// What the setup polls: a stop flag and a deadline (either may be absent).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Halt<'a> {
    stop: Option<&'a AtomicBool>,
    deadline: Option<Instant>,
}

impl Halt<'static> {
    /// A halt that never stops.
    pub(crate) const NEVER: Halt<'static> = Halt { stop: None, deadline: None };
}

impl<'a> Halt<'a> {
    /// The stop flag of `config`'s monitor and its deadline.
    pub(crate) fn of(config: &'a SearchConfig) -> Self {
        Halt { stop: config.monitor.as_deref().map(|m| &m.stop), deadline: config.deadline }
    }

    /// The stop flag (Ctrl-C), if there is one.
    pub(crate) fn stop_flag(&self) -> Option<&'a AtomicBool> {
        self.stop
    }

    /// `Err` once a stop is asked for: the stop flag first (as the search
    /// loop's poll does), then the deadline.
    #[inline]
    pub(crate) fn check(&self) -> Result<(), Stopped> {
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(Stopped(StopReason::Interrupted));
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stopped(StopReason::Timeout));
        }
        Ok(())
    }

    /// [`Halt::check`] at every [`STRIDE`]-th step `i` of a cheap loop.
    #[inline]
    pub(crate) fn every(&self, i: usize) -> Result<(), Stopped> {
        if i % STRIDE == 0 {
            self.check()
        } else {
            Ok(())
        }
    }

    /// Counts `moves` more moves of a random walk in `*unchecked`, and
    /// [`Halt::check`]s once they reach [`MOVES`].
    #[inline]
    pub(crate) fn after(&self, unchecked: &mut u64, moves: u64) -> Result<(), Stopped> {
        *unchecked += moves;
        if *unchecked < MOVES {
            return Ok(());
        }
        *unchecked = 0;
        self.check()
    }
}

#[cfg(test)]
mod tests {
    use super::{Halt, Stopped};
    use crate::engine::{Monitor, SearchConfig, StopReason};
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    #[test]
    fn the_stop_flag_wins_over_the_deadline() {
        let monitor = Monitor::new();
        let past = Instant::now() - Duration::from_millis(1);
        let config = SearchConfig { monitor: Some(monitor.clone()), ..SearchConfig::count() };
        assert_eq!(Halt::of(&config).check(), Ok(()));
        let config = SearchConfig { deadline: Some(past), ..config };
        assert_eq!(Halt::of(&config).check(), Err(Stopped(StopReason::Timeout)));
        monitor.stop.store(true, Ordering::Relaxed);
        assert_eq!(Halt::of(&config).check(), Err(Stopped(StopReason::Interrupted)));
        // Cheap loops look only at every STRIDE-th step.
        assert_eq!(Halt::of(&config).every(1), Ok(()));
        assert_eq!(Halt::of(&config).every(0), Err(Stopped(StopReason::Interrupted)));
        assert_eq!(Halt::NEVER.check(), Ok(()));
    }
}
