//! Knuth's random-probe estimate of a backtrack tree's size, and the
//! balancing deal of tickets onto shards that it feeds.
//!
//! **The estimate** (Knuth 1975, "Estimating the efficiency of backtrack
//! programs"): walk down from a node, at each level listing the node's
//! children, multiplying their number `d_k` into a running product and
//! following one child chosen uniformly at random, until a node has no
//! children. `d_1 + d_1 d_2 + d_1 d_2 d_3 + ...` is an unbiased estimate of
//! the number of nodes below the start node (the engine counts one node per
//! option tried, so this is the search's own node count). The mean over
//! several walks is the ticket's estimate.
//!
//! The driver lists the children of a node with the three operations every
//! backend has: replay the path to the node, then run with the cut one level
//! below it (the recorded tickets are the children; the run returns to the
//! node). No backend knows it is being probed.
//!
//! **Determinism.** Every ticket's walks draw from their own SplitMix64
//! stream, seeded from a fixed constant and the ticket's index, so an
//! estimate depends only on the problem, the cut and the ticket, never on
//! which thread computes it or in what order. The arithmetic is plain IEEE
//! multiplication and addition in a fixed order, so the same on every
//! machine; the deal compares the resulting numbers with a total order and
//! breaks ties by index.

use super::driver::{Backend, Ctx, Shared, Step, Ticket};
use crate::rng::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The most walks per ticket. Measured on pentominoes, Scott's problem and
/// a generated tetravex (docs/cluster.md): 16 walks balance better than 4,
/// and more cost much and hardly help.
const MAX_PROBES: u32 = 16;

/// Fewer affordable walks than this: deal round-robin instead (one or two
/// walks per ticket balanced worse than round-robin on pentominoes).
const MIN_PROBES: u32 = 4;

/// The share of the estimated tree that the walks of all shards together
/// may cost: every shard repeats the plan, so a small tree is dealt
/// round-robin rather than spending more on planning than on searching.
const BUDGET: f64 = 0.05;

/// The seed of ticket 0's first walk; walk `w` of ticket `t` uses
/// `SEED + 256 t + w` (SplitMix64 decorrelates consecutive seeds).
pub(super) const SEED: u64 = 0x5EED_7E55_E8A0_0000;

/// How the tickets were dealt onto the shards.
pub(super) struct Dealt {
    /// Each ticket's shard (0-based).
    pub owner: Vec<u32>,
    /// Each ticket's estimated subtree size.
    pub estimates: Vec<f64>,
    /// Walks per ticket.
    pub probes: u32,
    /// Whether by estimate (else round-robin).
    pub balanced: bool,
    /// What the walks cost (nodes tried plus steps replayed).
    pub cost: u64,
}

/// Deals `tickets` onto `n` shards: one walk per ticket estimates the
/// tree; if the budget affords at least [`MIN_PROBES`] walks per ticket,
/// up to [`MAX_PROBES`] are made and the tickets are dealt by estimate
/// ([`deal`]), else round-robin (ticket `t` to shard `t mod n`). Every
/// decision depends on node counts and estimates only, so it is the same
/// on every machine and for every thread count.
pub(super) fn deal_tickets<B: Backend, F: Fn() -> B + Sync>(
    make: &F,
    first: &mut B,
    shared: &Shared,
    tickets: &[Ticket],
    n: u32,
    threads: usize,
) -> Dealt {
    let (mut sums, mut cost) = walk_all(make, first, shared, tickets, threads, 0..1);
    let total: f64 = sums.iter().sum();
    let affordable = BUDGET * total / (f64::from(n) * cost.max(1) as f64);
    if n == 1 || affordable < f64::from(MIN_PROBES) {
        let owner = (0..tickets.len()).map(|t| (t % n as usize) as u32).collect();
        return Dealt { owner, estimates: sums, probes: 1, balanced: false, cost };
    }
    let probes = (affordable as u32).min(MAX_PROBES);
    let (more, more_cost) = walk_all(make, first, shared, tickets, threads, 1..probes);
    cost += more_cost;
    for (s, m) in sums.iter_mut().zip(more) {
        *s = (*s + m) / f64::from(probes);
    }
    Dealt { owner: deal(&sums, n as usize), estimates: sums, probes, balanced: true, cost }
}

/// Refines round-robin estimates to [`MAX_PROBES`] walks per ticket, for a
/// plan's report (the deal stays as it was).
pub(super) fn refine<B: Backend, F: Fn() -> B + Sync>(
    make: &F,
    first: &mut B,
    shared: &Shared,
    tickets: &[Ticket],
    threads: usize,
    dealt: &mut Dealt,
) {
    if dealt.probes >= MAX_PROBES {
        return;
    }
    let (more, cost) = walk_all(make, first, shared, tickets, threads, dealt.probes..MAX_PROBES);
    for (e, m) in dealt.estimates.iter_mut().zip(more) {
        *e = (*e * f64::from(dealt.probes) + m) / f64::from(MAX_PROBES);
    }
    dealt.probes = MAX_PROBES;
    dealt.cost += cost;
}

/// The sum of Knuth's estimates of the nodes below the node at `path` over
/// walks `walks`, and what they cost. Leaves the backend at the root.
pub(super) fn walk<B: Backend>(
    backend: &mut B,
    shared: &Shared,
    path: &[Step],
    seed: u64,
    walks: Range<u32>,
) -> (f64, u64) {
    let mut total = 0.0;
    let mut cost = 0;
    let mut children: Vec<Step> = Vec::new();
    for w in walks {
        let mut rng = Rng::new(seed.wrapping_add(u64::from(w)));
        backend.reset();
        cost += path.len() as u64;
        if !backend.replay(path) {
            break;
        }
        let mut depth = path.len();
        let mut product = 1.0;
        let mut sum = 0.0;
        loop {
            cost += list_children(backend, shared, depth, &mut children) + 1;
            if children.is_empty() {
                break;
            }
            product *= children.len() as f64;
            sum += product;
            let child = children[rng.below(children.len())];
            if !backend.replay(&[child]) {
                break;
            }
            depth += 1;
        }
        total += sum;
    }
    backend.reset();
    (total, cost)
}

/// Lists the children of the current node, at `depth`, into `children`
/// (the step to each), by running the backend with the cut one level below
/// it; the run returns to the node. Returns the nodes the listing cost.
pub(super) fn list_children<B: Backend>(
    backend: &mut B,
    shared: &Shared,
    depth: usize,
    children: &mut Vec<Step>,
) -> u64 {
    let mut ctx = Ctx::new(shared, 0);
    ctx.cut = Some(depth + 1);
    ctx.poll_every = u32::MAX;
    let _ = backend.run(&mut ctx);
    // A ticket at the node's own depth is the node itself: a solution,
    // which has no children.
    children.clear();
    children.extend(ctx.take_tickets().into_iter().filter(|t| t.path.len() > depth).map(|t| t.path[depth]));
    ctx.nodes
}

/// Walks `walks` of every ticket (sums in ticket order), made by `threads`
/// workers, and their cost.
fn walk_all<B: Backend, F: Fn() -> B + Sync>(
    make: &F,
    first: &mut B,
    shared: &Shared,
    tickets: &[Ticket],
    threads: usize,
    walks: Range<u32>,
) -> (Vec<f64>, u64) {
    let next = AtomicUsize::new(0);
    let results = Mutex::new((vec![0.0; tickets.len()], 0u64));
    let work = |backend: &mut B| loop {
        let t = next.fetch_add(1, Ordering::Relaxed);
        if t >= tickets.len() {
            break;
        }
        let seed = SEED.wrapping_add((t as u64).wrapping_mul(256));
        let (estimate, cost) = walk(backend, shared, &tickets[t].path, seed, walks.clone());
        let mut r = results.lock().unwrap();
        r.0[t] = estimate;
        r.1 += cost;
    };
    if threads <= 1 || tickets.len() < 2 {
        work(first);
    } else {
        std::thread::scope(|s| {
            let work = &work;
            for _ in 1..threads.min(tickets.len()) {
                s.spawn(move || work(&mut make()));
            }
            work(first);
        });
    }
    results.into_inner().unwrap()
}

/// Deals tickets onto `n` shards by estimated size: largest first, each
/// onto the least-loaded shard (ties: the lower shard). A ticket costs its
/// estimate plus one (replaying it is work too, and a leaf's estimate is 0).
/// Returns each ticket's shard (0-based).
pub(crate) fn deal(estimates: &[f64], n: usize) -> Vec<u32> {
    let mut order: Vec<usize> = (0..estimates.len()).collect();
    order.sort_by(|&a, &b| estimates[b].total_cmp(&estimates[a]).then(a.cmp(&b)));
    let mut loads: BinaryHeap<Reverse<(Load, u32)>> = (0..n as u32).map(|s| Reverse((Load(0.0), s))).collect();
    let mut owner = vec![0u32; estimates.len()];
    for t in order {
        let Reverse((Load(load), s)) = loads.pop().expect("at least one shard");
        owner[t] = s;
        loads.push(Reverse((Load(load + estimates[t] + 1.0), s)));
    }
    owner
}

/// A shard's load, ordered totally (estimates are finite and non-negative).
#[derive(Clone, Copy, PartialEq)]
struct Load(f64);

impl Eq for Load {}

impl PartialOrd for Load {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Load {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::deal;

    #[test]
    fn largest_first_onto_the_least_loaded() {
        // Costs are estimate + 1: 10 -> shard 0, 6 -> 1, 5 -> 1 (6 < 10), 2 -> 0 (10 < 11).
        let owner = deal(&[1.0, 9.0, 4.0, 5.0], 2);
        assert_eq!(owner, vec![0, 0, 1, 1]);
        // Equal estimates: dealt in ticket order, round and round.
        assert_eq!(deal(&[0.0; 5], 2), vec![0, 1, 0, 1, 0]);
        // More shards than tickets: the last shards get nothing.
        assert_eq!(deal(&[3.0, 2.0], 4), vec![0, 1]);
    }
}
