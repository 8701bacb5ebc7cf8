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
//! * **P1** (schedule): run `i` (1, 2, 3, ...) may spend `luby(i) * UNIT`
//!   nodes, where `luby` is the sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
//!   of Luby, Sinclair and Zuckerman (1993), optimal within a logarithmic
//!   factor among universal schedules when nothing is known of the run-time
//!   distribution.
//! * **P2** (order): run 1 uses the backend's own deterministic order (so a
//!   puzzle that it solves within the first budget gets the answer a search
//!   without restarts gives); every later run draws a fresh salt from a
//!   SplitMix64 stream seeded by `SearchConfig::seed` and the worker, and
//!   the backend randomises its tie-breaks and value order with it.
//! * **P3** (verdict): a run that finds a solution ends the search; a run
//!   that ends *within* its budget has explored its whole tree without a
//!   solution, which proves there is none (every run searches the whole
//!   problem, only in another order). Budgets grow without bound, so some
//!   run eventually does this: the search stays complete.
//! * **P4** (portfolio): with several threads, worker 0 runs one search in
//!   the backend's own order with no budget (the complete member), and the
//!   other workers run P1-P3 with different seeds, starting once worker 0
//!   has spent [`WARM`] nodes (puzzles solved before that get the same
//!   answer as with one thread). The first solution found by any worker
//!   wins and stops the others at their next poll; a member that exhausts
//!   its tree proves there is none and stops the others too.
//!
//! With one thread the search is reproducible: the same seed gives the same
//! runs, nodes and solution. With several threads, which member finds a
//! solution first depends on timing; on puzzles with one solution (most
//! hard ones) the answer is the same, on others it may be any solution.
//! `--max-nodes` budgets the sum of all runs' nodes (and forces one thread).

use super::driver::{Backend, Ctx, Shared};
use super::{Outcome, SearchConfig, Stats, Visitor};
use crate::rng::Rng;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::Mutex;

/// Nodes per unit of the Luby schedule. The assignment backend visits
/// 0.3-1 M nodes/s, so a unit is 10-30 ms; most Eternity II-style 8x8
/// boards are solved by a good order within 10^3-10^5 nodes (measured in
/// docs/performance.md, the `tail` family).
pub(super) const UNIT: u64 = if cfg!(test) { 16 } else { 8192 };

/// Nodes worker 0 spends alone before the restarting members start, so
/// that easy puzzles get the same answer for every thread count.
pub(super) const WARM: u64 = if cfg!(test) { 64 } else { 1 << 15 };

/// The `i`-th term (from 1) of the Luby sequence: 1 1 2 1 1 2 4 1 1 2 ...
pub(super) fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        let k = 64 - i.leading_zeros(); // i < 2^k
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Searches for a first solution with restarts (one thread) or a portfolio
/// (several). `first` is the backend built for worker 0; `make` builds the
/// others'.
pub(super) fn drive<B: Backend, F: Fn() -> B + Sync>(
    make: F,
    mut first: B,
    config: &SearchConfig,
    visitor: Option<&Visitor>,
    threads: usize,
) -> Outcome {
    let mut shared = Shared::new(config, visitor, threads);
    shared.portfolio = true;
    let shared = shared;
    let mut stats = Stats { threads, backend: first.name(), ..Stats::default() };
    shared.warm.store(threads <= 1, Ordering::Relaxed);
    let totals = Mutex::new((0u64, 0u64, 0u64, 0u64, false)); // nodes, updates, solutions, restarts, proved
    let work = |worker: usize, backend: &mut B| {
        let mut ctx = Ctx::new(&shared, worker);
        let mut restarts = 0;
        let proved = if worker == 0 && threads > 1 {
            complete_member(backend, &mut ctx)
        } else {
            while !shared.warm.load(Ordering::Relaxed) && !shared.stopped() {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            !shared.stopped() && restarting_member(backend, &mut ctx, config.seed, worker as u64, &mut restarts)
        };
        if proved {
            shared.settle();
        }
        backend.reset();
        let mut t = totals.lock().unwrap();
        t.0 += ctx.nodes_before + ctx.nodes;
        t.1 += ctx.updates;
        t.2 += ctx.solutions;
        t.3 += restarts;
        t.4 |= proved;
    };
    if threads <= 1 {
        work(0, &mut first);
    } else {
        std::thread::scope(|s| {
            let (work, make) = (&work, &make);
            for w in 1..threads {
                s.spawn(move || work(w, &mut make()));
            }
            work(0, &mut first);
        });
    }
    let (nodes, updates, solutions, restarts, proved) = *totals.lock().unwrap();
    stats.nodes = nodes;
    stats.updates = updates;
    stats.restarts = restarts;
    super::driver::finish(&shared, stats, solutions, proved)
}

/// P4's complete member: one search in the backend's own order, with no
/// budget (its poll raises `Shared::warm` after [`WARM`] nodes). True when
/// it exhausted the tree.
fn complete_member<B: Backend>(backend: &mut B, ctx: &mut Ctx) -> bool {
    backend.randomise(0);
    let flow = backend.run(ctx);
    ctx.shared().warm.store(true, Ordering::Relaxed);
    flow.is_continue()
}

/// P1-P3 for one worker. True when a run exhausted its tree (no solution).
fn restarting_member<B: Backend>(backend: &mut B, ctx: &mut Ctx, seed: u64, worker: u64, restarts: &mut u64) -> bool {
    let mut rng = Rng::new(seed ^ worker.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut run = 1u64;
    loop {
        // Worker 0 (one thread) starts in the backend's own order.
        let salt = if run == 1 && worker == 0 { 0 } else { rng.next_u64() | 1 };
        backend.reset();
        backend.randomise(salt);
        ctx.start_run(luby(run).saturating_mul(UNIT));
        let flow: ControlFlow<()> = backend.run(ctx);
        if flow.is_continue() {
            return true;
        }
        if !ctx.budget_hit {
            return false; // a solution, a limit or a stop
        }
        *restarts += 1;
        run += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
