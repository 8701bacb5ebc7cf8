//! Restarts and portfolios: first-solution searches without heavy tails.
//!
//! A complete backtracking search that stops at the first solution has a
//! *heavy-tailed* running time (Gomes, Selman, Crato and Kautz, 2000): on
//! the same puzzle, most branching orders find a solution quickly and a few
//! get lost for hours in a subtree without one, because an early wrong
//! choice is refuted only after the whole subtree below it is exhausted.
//! Shuffling the tiles of a hard 8x8 Eternity II-style board gave, for one
//! board, seven orders that solve it in 800 to 57,000 nodes and three that
//! had not found it after a million.
//!
//! The cure is to give up on an order that takes too long and start again
//! in another one:
//!
//! * **P1** (schedule): run `i` (1, 2, 3, ...) may spend `luby(i) * RESTART_UNIT`
//!   nodes, where `luby` is the sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
//!   of Luby, Sinclair and Zuckerman (1993), optimal within a logarithmic
//!   factor among universal schedules when nothing is known of the run-time
//!   distribution.
//! * **P2** (order): every run draws a fresh salt from a SplitMix64 stream
//!   seeded by `SearchConfig::seed` and the member, and the backend
//!   randomises its tie-breaks and value order with it.
//! * **P3** (verdict): a run that finds a solution ends the search; a run
//!   that ends *within* its budget has explored its whole tree without a
//!   solution, which proves there is none (every run searches the whole
//!   problem, only in another order). Budgets grow without bound, so some
//!   run eventually does this: the restarts alone are complete.
//!
//! Restarts are not free: on a puzzle whose difficulty is the size of its
//! tree rather than an unlucky order (a 9x9 Tetravex with 10 labels),
//! restart runs need 1.7 to 3.5 times the nodes of one search. So restarts
//! run beside, not instead of, the backend's own search:
//!
//! * **P4** (threads): worker 0 runs one search in the backend's own order
//!   with no budget (the complete member); the other workers run P1-P3
//!   with different seeds, starting once worker 0 has spent [`WARM`] nodes
//!   (puzzles solved before that get the same answer as with one thread).
//!   The first solution found by any worker wins and stops the others at
//!   their next poll; a member that exhausts its tree proves there is none
//!   and stops the others too.
//! * **P5** (one thread): the complete member runs alone for [`SOLO_WARM`]
//!   nodes (so easy puzzles run exactly as without restarts), then the
//!   thread alternates between it, resumed where it stopped, and restart
//!   runs on a second backend, giving each turn to the member that has
//!   spent fewer nodes. Neither member takes more than about twice the
//!   nodes it would take alone.
//!
//! * **P6** (shared refutations): a member that searches the whole subtree
//!   of a choice at the root without meeting a solution has proved that
//!   the choice's option is in no solution, whatever the order. It posts
//!   the option on a list the members share, and every member skips a
//!   root choice of a posted option: no member, and no later run,
//!   searches a refuted root choice again. On Tetravex a run's length is
//!   mostly the share of the tree that lies before the solution's root
//!   choice (measured on the bench's `tail` family), so the refutations that
//!   one member finishes there shorten the others' runs. The complete
//!   member takes the root's choices in increasing order, and the
//!   assignment backend's random runs take them going down from a random
//!   one, so the members meet the refuted choices from opposite ends and
//!   work at the two ends of the root's choices, not on the same one.
//!   The same holds a few levels down: a member that searches the whole
//!   subtree below its first two or three choices posts the set of their
//!   options, and a member whose first choices are that set, in any
//!   order, skips it. These subtrees are many times smaller than a root
//!   choice's (about 70,000 nodes on a 9x9 Tetravex), small enough for
//!   the restarting members' runs to finish, so the complete member skips
//!   part of the work they did
//!   ([`SHARED_DEPTH`] levels are shared).
//! * **P7** (mirror): where the backend expects few solutions
//!   ([`MIRROR_SOLUTIONS`]: about one, as on Tetravex with 10 labels),
//!   worker 1 runs no restarts but a second complete search, in the
//!   *mirror* order: the complete member's own order, except that at the
//!   first [`SHARED_DEPTH`] levels it takes each node's choices last first.
//!   A board with one solution is not heavy-tailed: a run in any order
//!   costs the part of the tree that lies before the solution, a uniform
//!   share, so random runs seldom end early. The two complete members
//!   instead start at the two ends of the same tree; with P6 each skips
//!   what the other refuted at the first levels, so they split the tree
//!   and meet, and the solution is found by the member it is nearer to
//!   (on the Tetravex 9x9 boards with 10 labels of the bench's `tail`
//!   family it cut the slowest and the mean run; figures in
//!   docs/performance.md). Further workers restart as before.
//! * **P8** (other order): where the backend chose its order by an
//!   estimate (`Backend::other_order`: the assignment backend's compact
//!   order on big boards with nearly unique joins), worker 1 runs a
//!   second complete search in the order the backend would otherwise
//!   take (MRV), instead of P7 or restarts, so that a board the estimate
//!   misjudges costs the second thread rather than the search. Further
//!   workers restart in the chosen order.
//!
//! With one thread the search is reproducible: the same seed gives the same
//! runs, nodes and solution. With several threads, which member finds a
//! solution first depends on timing; on puzzles with one solution (most
//! hard ones) the answer is the same, on others it may be any solution.
//! `--max-nodes` budgets the sum of all runs' nodes (and forces one thread).

use super::ctx::{finish, Ctx, Shared, Visitor};
use super::halt::Stopped;
use super::workers::{run_workers, WorkerTotals};
use super::{search, Enumerate, Mode};
use crate::engine::backends::{Backend, Node};
use crate::engine::config::SearchConfig;
use crate::engine::outcome::{Outcome, Stats};
use crate::engine::tuning::{MIRROR_SOLUTIONS, RESTART_UNIT, SHARED_DEPTH, SOLO_WARM, WARM};
use crate::rng::Rng;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The `i`-th term (from 1) of the Luby sequence: 1 1 2 1 1 2 4 1 1 2 ...
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        let k = 64 - i.leading_zeros(); // i < 2^k
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Searches for a first solution with a portfolio of two kinds of member:
/// the complete one and restarting ones (P4, P5). `first` is the backend
/// built for worker 0 (one that can randomise its order:
/// [`Backend::can_randomise`]); `make` builds the others'.
pub(crate) fn drive<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    first: &mut B,
    make: F,
    config: &SearchConfig,
    visitor: Option<&Visitor>,
    threads: usize,
    start: Option<std::time::Instant>,
) -> Outcome {
    debug_assert!(first.can_randomise(), "a portfolio of a backend without random orders");
    let shared = Shared::since(config, visitor, threads, start);
    let refuted = Refuted::default();
    // P7: with few solutions expected, worker 1 mirrors the complete member.
    let mirrored = threads >= 2 && first.ln_expected_solutions().is_some_and(|e| e <= MIRROR_SOLUTIONS.ln());
    // P4: the complete member has spent its WARM nodes (or is done), and
    // the other members may start.
    let warm = AtomicBool::new(false);
    // Workers other than the complete member start after its warm-up;
    // false when the search was stopped meanwhile.
    let wait_warm = || {
        while !warm.load(Ordering::Relaxed) && !shared.stopped() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        !shared.stopped()
    };
    let work = |worker: usize, backend: &mut B| {
        let mut ctx = Ctx::new(&shared, worker);
        let mut restarter = Restarter::new(config.seed, worker as u64);
        let mut member = Member::new(&refuted);
        let proved = if threads <= 1 {
            solo(&make, backend, &mut ctx, &mut restarter, &mut member)
        } else if worker == 0 {
            backend.randomise(0);
            ctx.start_run(WARM);
            let mut flow = search(backend, &mut ctx, &mut member);
            if ctx.budget_hit() {
                warm.store(true, Ordering::Relaxed);
                ctx.start_run(u64::MAX);
                flow = search(backend, &mut ctx, &mut member);
            }
            warm.store(true, Ordering::Relaxed);
            flow.is_continue()
        } else if worker == 1 && (backend.other_order() || (mirrored && backend.mirror(SHARED_DEPTH))) {
            // P8 (the other order) where the backend has one, else P7.
            wait_warm() && search(backend, &mut ctx, &mut member).is_continue()
        } else {
            wait_warm();
            loop {
                if shared.stopped() {
                    break false;
                }
                if let Some(proved) = restarter.run_once(backend, &mut ctx, &mut member) {
                    break proved;
                }
            }
        };
        if proved {
            shared.settle();
        }
        backend.reset();
        let stats =
            Stats { nodes: ctx.spent(), updates: ctx.updates(), restarts: restarter.restarts, ..Stats::default() };
        WorkerTotals { stats, solutions: ctx.solutions().into(), proved, kept: ctx.take_kept() }
    };
    let totals = run_workers(threads, first, &make, work, || !shared.stopped());
    let mut stats = Stats { threads, backend: Some(first.kind()), ..Stats::default() };
    stats += &totals.stats;
    finish(shared, stats, totals.solutions, totals.kept, totals.proved)
}

/// P5: the portfolio on one thread. The complete member runs alone for
/// [`SOLO_WARM`] nodes; then the thread alternates between it (resumed where it
/// stopped, in slices that double its spend) and restart runs, always
/// giving the next turn to the member that has spent fewer nodes. True
/// when a member proved there is no solution.
fn solo<B: Backend, F: Fn() -> Result<B, Stopped>>(
    make: &F,
    complete: &mut B,
    ctx: &mut Ctx,
    restarter: &mut Restarter,
    member: &mut Member,
) -> bool {
    complete.randomise(0);
    ctx.start_run(SOLO_WARM);
    let flow = search(complete, ctx, member);
    if !ctx.budget_hit() {
        return flow.is_continue();
    }
    // Built only now: easy puzzles never pay for a second backend. The
    // build watches the stop flag and the deadline as a poll would.
    let mut other = match make() {
        Ok(other) => other,
        Err(Stopped(reason)) => {
            ctx.halt(reason);
            return false;
        }
    };
    let (mut spent_complete, mut spent_restarts) = (ctx.run_nodes(), 0);
    // Each backend reports its own running total of updates.
    let (mut updates_complete, mut updates_other) = (ctx.updates(), 0);
    let proved = loop {
        if spent_complete <= spent_restarts {
            ctx.start_run(spent_complete);
            let flow = search(complete, ctx, member);
            spent_complete += ctx.run_nodes();
            updates_complete = ctx.updates();
            if !ctx.budget_hit() {
                break flow.is_continue();
            }
        } else {
            let verdict = restarter.run_once(&mut other, ctx, member);
            spent_restarts += ctx.run_nodes();
            updates_other = ctx.updates();
            if let Some(proved) = verdict {
                break proved;
            }
        }
    };
    ctx.set_updates(updates_complete + updates_other);
    proved
}

/// P1-P3 for one member: its random stream and its place in the schedule.
struct Restarter {
    rng: Rng,
    run: u64,
    /// Runs abandoned at their budget.
    restarts: u64,
}

impl Restarter {
    fn new(seed: u64, worker: u64) -> Self {
        Restarter { rng: Rng::new(seed ^ worker.wrapping_mul(0x9E37_79B9_7F4A_7C15)), run: 1, restarts: 0 }
    }

    /// One run from the root in a fresh random order, on the next budget
    /// of the schedule. `None`: the budget ran out (a restart); `Some(true)`:
    /// the run exhausted its tree, so there is no solution; `Some(false)`:
    /// it found a solution or was stopped.
    fn run_once<B: Backend>(&mut self, backend: &mut B, ctx: &mut Ctx, member: &mut Member) -> Option<bool> {
        backend.reset();
        backend.randomise(self.rng.next_u64() | 1);
        ctx.start_run(luby(self.run).saturating_mul(RESTART_UNIT));
        let flow: ControlFlow<()> = search(backend, ctx, member);
        if flow.is_continue() {
            return Some(true);
        }
        if !ctx.budget_hit() {
            return Some(false);
        }
        self.restarts += 1;
        self.run += 1;
        None
    }
}

/// P6: the subtrees at the first [`SHARED_DEPTH`] levels that the members
/// have searched without a solution, each named by the set of options on
/// its path, in the order they were posted. `len` lets a member see that
/// the list grew without taking the lock.
#[derive(Default)]
struct Refuted {
    list: Mutex<Posted>,
    len: AtomicUsize,
}

/// The refuted paths in the order they were posted, and as a set.
#[derive(Default)]
struct Posted {
    posted: Vec<Path>,
    seen: HashSet<Path>,
}

/// The options chosen on the way to a node at depth 1 to [`SHARED_DEPTH`],
/// as a set: in increasing order, padded with `NO_OPTION`. Members choose
/// their slots in different orders; a set is refuted whatever the order.
type Path = [u32; SHARED_DEPTH];

const NO_OPTION: u32 = u32::MAX;

/// The set of at most [`SHARED_DEPTH`] options.
fn path_of(options: impl Iterator<Item = u32>) -> Path {
    let mut path = [NO_OPTION; SHARED_DEPTH];
    for (entry, option) in path.iter_mut().zip(options) {
        *entry = option;
    }
    path.sort_unstable();
    path
}

/// The path of the backend's current node at `depth` (1 to [`SHARED_DEPTH`]).
fn path_to<B: Backend>(backend: &B, depth: usize) -> Path {
    path_of((0..depth).map(|l| backend.step(l).option))
}

impl Refuted {
    #[inline(never)]
    fn post(&self, path: Path) {
        let mut list = self.list.lock().unwrap();
        if list.seen.insert(path) {
            list.posted.push(path);
            self.len.store(list.posted.len(), Ordering::Release);
        }
    }
}

/// A member's search mode: [`Enumerate`] for the first solution, and P6 at
/// the first [`SHARED_DEPTH`] levels, the only nodes where it does anything
/// more.
struct Member<'r> {
    shared: &'r Refuted,
    /// The member's copy of the shared list, refreshed when it grew (the
    /// list holds each path once, so its size is how many it has taken).
    known: HashSet<Path>,
    /// Whether the node being left was skipped (it is on the list already).
    skipped: bool,
}

impl<'r> Member<'r> {
    fn new(shared: &'r Refuted) -> Self {
        Member { shared, known: HashSet::new(), skipped: false }
    }

    #[inline(never)]
    fn is_refuted(&mut self, path: &Path) -> bool {
        if self.shared.len.load(Ordering::Acquire) != self.known.len() {
            let list = self.shared.list.lock().unwrap();
            self.known.extend(list.posted[self.known.len()..].iter().copied());
        }
        self.known.contains(path)
    }
}

/// Whether a node at `depth` of a run that started at `base` is one whose
/// subtree the members share: below the root, at most [`SHARED_DEPTH`]
/// deep, in a run from the root. (A run that resumed below such a node
/// searched only the part of its subtree that the runs before it left.)
#[inline(always)]
fn shared_level(depth: usize, base: usize) -> bool {
    base == 0 && (1..=SHARED_DEPTH).contains(&depth)
}

impl Mode for Member<'_> {
    #[inline(always)]
    fn start(&mut self, _: usize) {}

    /// A subtree at the shared levels that some member refuted is not
    /// searched again.
    #[inline(always)]
    fn skip<B: Backend>(&mut self, backend: &B, _: Node, depth: usize, base: usize, _: &mut Ctx) -> bool {
        self.skipped = shared_level(depth, base) && self.is_refuted(&path_to(backend, depth));
        self.skipped
    }

    /// The first solution ends the member's search, and the first one
    /// any member finds ends the portfolio's (the members search the same
    /// tree in different orders).
    #[inline(always)]
    fn solution<B: Backend>(&mut self, backend: &B, ctx: &mut Ctx) -> ControlFlow<()> {
        let flow = Enumerate::First.solution(backend, ctx);
        ctx.settle();
        flow
    }

    #[inline(always)]
    fn entered(&mut self, _: usize) {}

    /// A node at the shared levels left with its whole subtree searched
    /// holds no solution (a solution would have ended the search), so the
    /// options on its path are in no solution together.
    #[inline(always)]
    fn leave<B: Backend>(&mut self, backend: &B, depth: usize, base: usize) {
        if shared_level(depth, base) && !std::mem::take(&mut self.skipped) {
            self.shared.post(path_to(backend, depth));
        }
    }

    #[inline(always)]
    fn end<B: Backend>(&mut self, _: &B, _: &mut Ctx, _: usize) {}
}

#[cfg(test)]
mod tests {
    use super::{luby, path_of, Member, Refuted, SHARED_DEPTH};

    #[test]
    fn members_see_every_refutation_once() {
        let path = |options: &[u32]| path_of(options.iter().copied());
        let shared = Refuted::default();
        let (mut a, mut b) = (Member::new(&shared), Member::new(&shared));
        let (p7, p39, p5, p4) = (path(&[7]), path(&[3, 9]), path(&[5]), path(&[4]));
        assert!(!a.is_refuted(&p7));
        shared.post(p7);
        shared.post(p39);
        shared.post(p7);
        assert!(a.is_refuted(&p7) && a.is_refuted(&p39) && !a.is_refuted(&p5));
        assert!(a.is_refuted(&path(&[9, 3])), "a pair is refuted in either order");
        assert!(!a.is_refuted(&path(&[3])) && !a.is_refuted(&path(&[3, 7])), "only the pair");
        assert_eq!(shared.list.lock().unwrap().posted, [p7, p39], "posted twice, listed once");
        assert_eq!(a.known.len(), 2);
        shared.post(p5);
        assert!(a.is_refuted(&p5), "a member's copy follows the list");
        assert!(b.is_refuted(&p39) && b.is_refuted(&p5) && !b.is_refuted(&p4));
        if SHARED_DEPTH >= 3 {
            shared.post(path(&[8, 2, 6]));
            assert!(b.is_refuted(&path(&[6, 8, 2])) && !b.is_refuted(&path(&[8, 2])), "a set of three");
        }
    }

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
