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
/// thread, if `wanted` still says so when the thread starts. A worker
/// whose build a stop cut short has nothing to do (the others end at their
/// next poll). Returns the sum of their totals.
///
/// A new thread may start a tenth of a millisecond or more after it is
/// asked for (docs/performance.md, "When the second thread starts"); by
/// then the first worker may have finished a small tree (a first solution
/// in the ticket a solo trial stopped in). Such a thread leaves at once:
/// its build (a heap arena of its own, the backend's arrays) would only
/// delay the join that ends the search.
pub(crate) fn run_workers<B, F, W, Q>(threads: usize, first: &mut B, make: &F, work: W, wanted: Q) -> WorkerTotals
where
    B: Backend,
    F: Fn() -> Result<B, Stopped> + Sync,
    W: Fn(usize, &mut B) -> WorkerTotals + Sync,
    Q: Fn() -> bool + Sync,
{
    let totals = Mutex::new(WorkerTotals::default());
    let add = |t: WorkerTotals| *totals.lock().unwrap() += t;
    if threads <= 1 {
        add(work(0, first));
    } else {
        std::thread::scope(|s| {
            let (work, add, wanted) = (&work, &add, &wanted);
            for w in 1..threads {
                s.spawn(move || {
                    if !wanted() {
                        return;
                    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::backends::bitset::Bitset;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A helper thread that starts when nothing is left to do builds no
    /// backend and does no work; helpers that are wanted build one each and
    /// work, beside the first worker, which always works.
    #[test]
    fn a_helper_no_longer_wanted_builds_nothing() {
        let problem = crate::engine::tests::dominoes(2, 4);
        for wanted in [false, true] {
            let (built, worked) = (AtomicUsize::new(0), AtomicUsize::new(0));
            let make = || {
                built.fetch_add(1, Ordering::Relaxed);
                Ok::<_, Stopped>(Bitset::<1>::new(&problem))
            };
            let work = |_: usize, _: &mut Bitset<1>| {
                worked.fetch_add(1, Ordering::Relaxed);
                WorkerTotals::default()
            };
            let mut first = Bitset::<1>::new(&problem);
            run_workers(3, &mut first, &make, work, || wanted);
            assert_eq!(built.load(Ordering::Relaxed), if wanted { 2 } else { 0 }, "wanted: {wanted}");
            assert_eq!(worked.load(Ordering::Relaxed), if wanted { 3 } else { 1 }, "wanted: {wanted}");
        }
    }
}
