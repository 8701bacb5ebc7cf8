//! The workers of a search: one thread each, and the sum of what they
//! report.
//!
//! Worker 0 runs in the calling thread on the backend that the backend's
//! choice already built; every other worker runs in a thread of its own on
//! a backend it builds there (a build is not free, and the threads build in
//! parallel). The driver's ticket runs and the portfolio's members are both
//! run this way; each says what its worker does, and gets back the sum of
//! their [`WorkerTotals`].

use super::ctx::Kept;
use super::halt::Stopped;
use crate::engine::backends::Backend;
use crate::engine::count::Count;
use crate::engine::outcome::Stats;
use std::ops::AddAssign;
use std::sync::Mutex;

/// What a worker reports when it is done.
#[derive(Debug, Default)]
pub(crate) struct WorkerTotals {
    /// Its effort: nodes, updates, restarts, its own memo table's figures.
    pub stats: Stats,
    /// The solutions it counted (exact, a memoised count can be huge).
    pub solutions: Count,
    /// Whether it proved there is no solution (a portfolio member that
    /// searched its whole tree).
    pub proved: bool,
    /// Its kept first solution, if any ([`super::ctx::Ctx::take_kept`]).
    pub kept: Option<Kept>,
}

impl AddAssign for WorkerTotals {
    fn add_assign(&mut self, other: WorkerTotals) {
        self.stats += &other.stats;
        self.solutions += &other.solutions;
        self.proved |= other.proved;
        self.kept = Kept::leftmost(self.kept.take(), other.kept);
    }
}

/// Runs `work` on `threads` workers (at least one): worker 0 on `first` in
/// this thread, the others on a backend that `make` builds in their own
/// thread. A worker whose build a stop cut short has nothing to do (the
/// others end at their next poll). Returns the sum of their totals.
pub(crate) fn run_workers<B, F, W>(threads: usize, first: &mut B, make: &F, work: W) -> WorkerTotals
where
    B: Backend,
    F: Fn() -> Result<B, Stopped> + Sync,
    W: Fn(usize, &mut B) -> WorkerTotals + Sync,
{
    let totals = Mutex::new(WorkerTotals::default());
    let add = |t: WorkerTotals| *totals.lock().unwrap() += t;
    if threads <= 1 {
        add(work(0, first));
    } else {
        std::thread::scope(|s| {
            let (work, add) = (&work, &add);
            for w in 1..threads {
                s.spawn(move || {
                    if let Ok(mut backend) = make() {
                        add(work(w, &mut backend));
                    }
                });
            }
            // The new threads are queued on this CPU: leave it to them.
            super::placement::step_aside();
            add(work(0, first));
        });
    }
    totals.into_inner().unwrap()
}
