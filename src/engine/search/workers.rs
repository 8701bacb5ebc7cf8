//! The workers of a search: one thread each, and the sum of what they
//! report.
//!
//! Worker 0 runs in the calling thread on the backend that the backend's
//! choice already built; every other worker runs in a helper thread on a
//! backend it builds there (a build is not free, and the threads build in
//! parallel). The driver's ticket runs and the portfolio's members are both
//! run this way; each says what its worker does, and gets back the sum of
//! their [`WorkerTotals`].
//!
//! # The helpers
//!
//! The helper threads live for the process: a pool of `threads - 1`
//! (rayon's, whose scopes let the helpers borrow the search's state),
//! started by [`warm_up`] once a search's solo trial has spent a part of
//! its nodes (`driver.rs`), or by the first search that needs them. Why
//! not threads of the search's own: a thread starts 0.04 to 0.3 ms after
//! it is asked for on these machines, and a search of a few ten thousand
//! row-scan nodes is over by then; worker 0 then waited for a helper that
//! had nothing left to do to start and to end, and two threads took 0.2
//! to 0.25 ms longer than one on trees of 10,000 to 30,000 nodes
//! (docs/performance.md, "The second thread").
//!
//! A pool alone does not remove the wait: an idle helper sleeps, and a
//! sleeping thread wakes as slowly as a new one starts. So [`warm_up`]
//! also gives each helper a *hold*: it spins (yielding its core to anyone
//! who wants it) until the search hands out its work ([`run_workers`]),
//! ends without it ([`release`]), or [`HOLD_LIMIT`] passes. The helper
//! then takes its turn at once. A turn that begins after worker 0 is done
//! (every ticket taken, or the search decided or stopped) ends at once,
//! without building a backend.
//!
//! A search that asks for more helpers than the pool has (a larger
//! `--threads` than the first search's, within one process) runs on
//! threads of its own.

use super::halt::Stopped;
use crate::engine::backends::Backend;
use crate::engine::count::Count;
use crate::engine::outcome::Stats;
use std::ops::AddAssign;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

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
}

impl AddAssign for WorkerTotals {
    fn add_assign(&mut self, other: WorkerTotals) {
        self.stats += &other.stats;
        self.solutions += &other.solutions;
        self.proved |= other.proved;
    }
}

/// The helper threads of the process (see the module doc), made by the
/// first call that asks for them: `None` where the system would not start
/// them (the searches then start threads of their own).
static HELPERS: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();

/// The pool with at least `count` threads, started now if there is none
/// yet; `None` when the pool has fewer (or could not be started).
fn helpers(count: usize) -> Option<&'static rayon::ThreadPool> {
    let pool = HELPERS.get_or_init(|| {
        rayon::ThreadPoolBuilder::new().num_threads(count).thread_name(|i| format!("tessera-helper-{i}")).build().ok()
    });
    pool.as_ref().filter(|p| p.current_num_threads() >= count)
}

/// The most a hold lasts (see the module doc): the helpers start about
/// `HELPERS_LEAD` (0.2 ms) before the trial gives way, and the cut into
/// tickets takes a fraction of that; a hold that outlasts this leaves its
/// helper to sleep (a search stopped meanwhile, or much slower nodes than
/// the trial's probe).
const HOLD_LIMIT: Duration = Duration::from_millis(1);

/// The holds handed out (each [`warm_up`] is one more) and the latest one
/// ended: a hold spins while `HOLDS_ENDED` is below its own number.
static HOLDS: AtomicU64 = AtomicU64::new(0);
static HOLDS_ENDED: AtomicU64 = AtomicU64::new(0);

/// Holds the helpers of a search on `threads` threads ready (see the
/// module doc), starting the pool if it is not running yet, until
/// [`run_workers`] or [`release`]; returns at once. Nothing with one thread.
pub(crate) fn warm_up(threads: usize) {
    if threads <= 1 {
        return;
    }
    if let Some(pool) = helpers(threads - 1) {
        let hold = HOLDS.fetch_add(1, Ordering::AcqRel) + 1;
        for _ in 1..threads {
            pool.spawn(move || {
                let since = Instant::now();
                while HOLDS_ENDED.load(Ordering::Acquire) < hold && since.elapsed() < HOLD_LIMIT {
                    std::thread::yield_now();
                }
            });
        }
    }
}

/// Ends the holds: the search needs its helpers now, or not at all.
pub(crate) fn release() {
    HOLDS_ENDED.fetch_max(HOLDS.load(Ordering::Acquire), Ordering::AcqRel);
}

/// Runs `work` on `threads` workers (at least one): worker 0 on `first` in
/// this thread, the others on a backend that `make` builds in a helper
/// thread. A worker whose build a stop cut short has nothing to do (the
/// others end at their next poll). `work` must return for worker 0 only
/// when no other worker that starts later has anything left to do (every
/// ticket taken, the search decided or stopped): a helper that starts
/// after that does nothing. Returns the sum of their totals.
pub(crate) fn run_workers<B, F, W>(threads: usize, first: &mut B, make: &F, work: W) -> WorkerTotals
where
    B: Backend,
    F: Fn() -> Result<B, Stopped> + Sync,
    W: Fn(usize, &mut B) -> WorkerTotals + Sync,
{
    let totals = Mutex::new(WorkerTotals::default());
    let add = |t: WorkerTotals| *totals.lock().unwrap() += t;
    // Set once worker 0 is done: a helper's turn that starts later ends at once.
    let done = AtomicBool::new(false);
    let helper = |w: usize| {
        if done.load(Ordering::Acquire) {
            return;
        }
        if let Ok(mut backend) = make() {
            add(work(w, &mut backend));
        }
    };
    let mut worker_0 = || {
        add(work(0, first));
        done.store(true, Ordering::Release);
    };
    match threads {
        0 | 1 => worker_0(),
        _ => match helpers(threads - 1) {
            Some(pool) => pool.in_place_scope(|s| {
                release();
                let helper = &helper;
                for w in 1..threads {
                    s.spawn(move |_| helper(w));
                }
                worker_0();
            }),
            None => std::thread::scope(|s| {
                let helper = &helper;
                for w in 1..threads {
                    s.spawn(move || helper(w));
                }
                worker_0();
            }),
        },
    }
    totals.into_inner().unwrap()
}
