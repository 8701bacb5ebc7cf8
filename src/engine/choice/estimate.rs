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
//! A walk lists the children of a node with the moves of the engine
//! contract ([`search::children`]: first child, next sibling, ...) and
//! steps into one with `replay`. No backend knows it is being probed.
//!
//! The same walks serve three estimates: of each ticket's subtree (the
//! deal onto shards), of a whole tree ([`estimate_tree`], the choice
//! between backends), and of how often states repeat ([`memo_estimate`], the
//! choice to memoise a count, with [`super::pilot`]).
//!
//! **Determinism.** Every ticket's walks draw from their own SplitMix64
//! stream, seeded from a fixed constant and the ticket's index, so an
//! estimate depends only on the problem, the cut and the ticket, never on
//! which thread computes it or in what order. The arithmetic is plain IEEE
//! multiplication and addition in a fixed order, so the same on every
//! machine; the deal compares the resulting numbers with a total order and
//! breaks ties by index.

use crate::engine::backends::{Backend, Step};
use crate::engine::search;
use crate::engine::search::ctx::Ticket;
use crate::engine::search::halt::{Halt, Stopped, MOVES};
use crate::engine::tuning::{
    MAX_PROBES, MAX_SPLIT_TICKETS, MEMO_FIRST_WALKS, MEMO_WALKS, MEMO_WORTH_IT, MIN_PROBES, PLAN_BUDGET, SPLIT_PARTS,
};
use crate::rng::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The seed of ticket 0's first walk; walk `w` of ticket `t` uses
/// `SEED + 256 t + w` (SplitMix64 decorrelates consecutive seeds).
pub(crate) const SEED: u64 = 0x5EED_7E55_E8A0_0000;

/// How the tickets were dealt onto the shards.
pub(crate) struct Dealt {
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
/// up to [`MAX_PROBES`] are made, the tickets too large for an even deal
/// are split ([`split_large`]), and the tickets are dealt by estimate
/// ([`deal`]), else round-robin (ticket `t` to shard `t mod n`). Every
/// decision depends on node counts and estimates only, so it is the same
/// on every machine and for every thread count.
pub(crate) fn deal_tickets<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    make: &F,
    first: &mut B,
    tickets: &mut Vec<Ticket>,
    n: u32,
    threads: usize,
    halt: &Halt,
) -> Result<Dealt, Stopped> {
    let (mut sums, mut cost) = walk_all(make, first, tickets, threads, 0..1, halt)?;
    let total: f64 = sums.iter().sum();
    let affordable = PLAN_BUDGET * total / (f64::from(n) * cost.max(1) as f64);
    if n == 1 || affordable < f64::from(MIN_PROBES) {
        let owner = (0..tickets.len()).map(|t| (t % n as usize) as u32).collect();
        return Ok(Dealt { owner, estimates: sums, probes: 1, balanced: false, cost });
    }
    let probes = (affordable as u32).min(MAX_PROBES);
    let (more, more_cost) = walk_all(make, first, tickets, threads, 1..probes, halt)?;
    cost += more_cost;
    for (s, m) in sums.iter_mut().zip(more) {
        *s = (*s + m) / f64::from(probes);
    }
    let budget = PLAN_BUDGET * total / f64::from(n);
    cost += split_large(make, first, tickets, &mut sums, n, probes, threads, budget - cost as f64, halt)?;
    Ok(Dealt { owner: deal(&sums, n as usize), estimates: sums, probes, balanced: true, cost })
}

/// Splits the tickets whose estimate is above `1 /` [`SPLIT_PARTS`] of a
/// shard's fair share into their children, in place (tree order stays),
/// and estimates each child with `probes` walks; again, until no ticket is
/// that large, a round splits nothing (leaves), the tickets reach
/// [`MAX_SPLIT_TICKETS`] per shard or the walks reach `budget` moves.
/// Returns what the listings and walks cost.
///
/// Why: the cut stops at the first depth with enough tickets, and on a
/// board with about one solution one subtree of that depth can hold a
/// third of the tree (Tetravex 10x10, 16 shards: one ticket of 1.06e8
/// nodes in 6.2e8, imbalance 2.72). No deal of whole tickets evens that
/// out; the ticket's children can be dealt apart. A ticket's children
/// replace it where it stood, so a shard's tickets stay in tree order.
#[allow(clippy::too_many_arguments)]
fn split_large<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    make: &F,
    first: &mut B,
    tickets: &mut Vec<Ticket>,
    sums: &mut Vec<f64>,
    n: u32,
    probes: u32,
    threads: usize,
    budget: f64,
    halt: &Halt,
) -> Result<u64, Stopped> {
    let mut cost = 0u64;
    let mut children: Vec<Step> = Vec::new();
    let max_tickets = MAX_SPLIT_TICKETS.saturating_mul(n as usize);
    loop {
        let total: f64 = sums.iter().sum();
        let limit = total / f64::from(n) / SPLIT_PARTS;
        if (cost as f64) >= budget || tickets.len() >= max_tickets || !sums.iter().any(|&e| e > limit) {
            return Ok(cost);
        }
        let mut next_tickets = Vec::with_capacity(tickets.len());
        let mut next_sums = Vec::with_capacity(tickets.len());
        let mut fresh = Vec::new(); // the new tickets, to estimate
        for (ticket, &estimate) in tickets.iter().zip(sums.iter()) {
            halt.check()?;
            if estimate > limit {
                first.reset();
                cost += ticket.path.len() as u64;
                if first.replay(&ticket.path) {
                    cost += search::children(first, &mut children) + 1;
                } else {
                    children.clear();
                }
                first.reset();
                if !children.is_empty() {
                    let weight = ticket.weight / children.len() as f64;
                    for &c in &children {
                        let mut path = ticket.path.clone();
                        path.push(c);
                        fresh.push(next_tickets.len());
                        next_tickets.push(Ticket { path, weight });
                        next_sums.push(0.0);
                    }
                    continue;
                }
            }
            next_tickets.push(ticket.clone());
            next_sums.push(estimate);
        }
        if fresh.is_empty() {
            return Ok(cost);
        }
        let split: Vec<Ticket> = fresh.iter().map(|&t| next_tickets[t].clone()).collect();
        let (estimates, walk_cost) = walk_all(make, first, &split, threads, 0..probes, halt)?;
        cost += walk_cost;
        for (&t, e) in fresh.iter().zip(estimates) {
            next_sums[t] = e / f64::from(probes);
        }
        *tickets = next_tickets;
        *sums = next_sums;
    }
}

/// Refines round-robin estimates to [`MAX_PROBES`] walks per ticket, for a
/// plan's report (the deal stays as it was).
pub(crate) fn refine<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    make: &F,
    first: &mut B,
    tickets: &[Ticket],
    threads: usize,
    dealt: &mut Dealt,
    halt: &Halt,
) -> Result<(), Stopped> {
    if dealt.probes >= MAX_PROBES {
        return Ok(());
    }
    let (more, cost) = walk_all(make, first, tickets, threads, dealt.probes..MAX_PROBES, halt)?;
    for (e, m) in dealt.estimates.iter_mut().zip(more) {
        *e = (*e * f64::from(dealt.probes) + m) / f64::from(MAX_PROBES);
    }
    dealt.probes = MAX_PROBES;
    dealt.cost += cost;
    Ok(())
}

/// The sum of Knuth's estimates of the nodes below the node at `path` over
/// walks `walks`, and what they cost. Leaves the backend at the root;
/// `Err` when `halt` stops the walks.
pub(crate) fn walk<B: Backend>(
    backend: &mut B,
    path: &[Step],
    seed: u64,
    walks: Range<u32>,
    halt: &Halt,
) -> Result<(f64, u64), Stopped> {
    let mut total = 0.0;
    let mut cost = 0;
    let mut children: Vec<Step> = Vec::new();
    // The first listing checks: a shard deals a thousand tickets, each
    // walked a few times from deep in the tree, and such a call may make
    // fewer than MOVES moves in all (counting from 0, none would check).
    let mut unchecked = MOVES;
    for w in walks {
        let mut rng = Rng::new(seed.wrapping_add(u64::from(w)));
        backend.reset();
        cost += path.len() as u64;
        if !backend.replay(path) {
            break;
        }
        let mut product = 1.0;
        let mut sum = 0.0;
        loop {
            let moves = search::children(backend, &mut children) + 1;
            cost += moves;
            if let Err(stop) = halt.after(&mut unchecked, moves) {
                backend.reset();
                return Err(stop);
            }
            if children.is_empty() {
                break;
            }
            product *= children.len() as f64;
            sum += product;
            let child = children[rng.below(children.len())];
            if !backend.replay(&[child]) {
                break;
            }
        }
        total += sum;
    }
    backend.reset();
    Ok((total, cost))
}

/// Knuth's estimate of the size of `backend`'s whole search tree: the mean
/// of `probes` random walks from the root, with fixed seeds (`Err` when
/// `halt` stops them).
pub(crate) fn estimate_tree<B: Backend>(backend: &mut B, probes: u32, halt: &Halt) -> Result<f64, Stopped> {
    let (sum, _) = walk(backend, &[], SEED, 0..probes, halt)?;
    Ok(sum / f64::from(probes.max(1)))
}

/// The seed of the walks of [`memo_estimate`] (fixed: the choice depends only
/// on the problem).
const MEMO_SEED: u64 = 0x3E30_5EED_0000_0001;

/// The estimated nodes of `backend`'s tree without and with a memo, from
/// random walks that record the key at every depth (fixed seeds: the same
/// answer on every machine, thread count and shard); `None` when the
/// backend has no key or the tree is too small to bother.
///
/// At each depth `d` the walks give Knuth's estimate `n_d` of the nodes
/// there and a sample of their keys; `c` colliding pairs among `k` sampled
/// keys give the birthday estimate `k (k - 1) / (2 c)` of the distinct
/// states there (uniform sampling assumed; without a collision the states
/// are taken to be as many as the nodes). Where the backend bounds its
/// distinct keys ([`Backend::memo_bound`]), the states are at most that
/// bound: a sample of a few hundred keys cannot see repeats among
/// millions of states, and the bound can. The memo search visits about
/// `min(n_d, s_d)` nodes per depth. Leaves the backend at the root;
/// `Err` when `halt` stops the walks.
pub(crate) fn memo_estimate<B: Backend>(backend: &mut B, halt: &Halt) -> Result<Option<(f64, f64)>, Stopped> {
    let words = backend.memo_words();
    if words == 0 {
        return Ok(None);
    }
    let mut keys: Vec<Vec<u64>> = Vec::new(); // per depth, keys one after another
    let mut nodes: Vec<f64> = Vec::new(); // per depth, the sum of the estimates
    let mut key = vec![0u64; words];
    let mut children: Vec<Step> = Vec::new();
    let mut unchecked = 0;
    for w in 0..MEMO_WALKS {
        if w == MEMO_FIRST_WALKS && nodes.iter().sum::<f64>() < MEMO_WORTH_IT * f64::from(MEMO_FIRST_WALKS) {
            backend.reset();
            return Ok(None);
        }
        let mut rng = Rng::new(MEMO_SEED.wrapping_add(u64::from(w)));
        backend.reset();
        let mut depth = 0;
        let mut product = 1.0;
        loop {
            let moves = search::children(backend, &mut children) + 1;
            if let Err(stop) = halt.after(&mut unchecked, moves) {
                backend.reset();
                return Err(stop);
            }
            if children.is_empty() {
                break;
            }
            product *= children.len() as f64;
            let child = children[rng.below(children.len())];
            if !backend.replay(&[child]) {
                break;
            }
            depth += 1;
            if keys.len() < depth {
                keys.push(Vec::new());
                nodes.push(0.0);
            }
            nodes[depth - 1] += product;
            if backend.memo_key(&mut key) {
                keys[depth - 1].extend_from_slice(&key);
            }
        }
    }
    backend.reset();
    // Per depth: the plain nodes, and the memo search's nodes: the
    // children of the distinct states one level up (the root is one state).
    let (mut plain, mut memo) = (0.0, 0.0);
    let (mut parent_nodes, mut parent_states) = (1.0, 1.0);
    for (d, sample) in keys.iter_mut().enumerate() {
        let n = nodes[d] / f64::from(MEMO_WALKS);
        plain += n;
        memo += n.min(parent_states * n / parent_nodes);
        let bound = backend.memo_bound(d + 1).unwrap_or(f64::INFINITY);
        let states = distinct(sample, words).unwrap_or(n).min(bound);
        (parent_nodes, parent_states) = (n, states.min(n));
    }
    Ok(Some((plain, memo)))
}

/// The birthday estimate of the distinct keys behind a sample of keys of
/// `words` words: `k (k - 1) / (2 c)` for `c` equal pairs among `k` keys;
/// `None` without an equal pair.
fn distinct(sample: &[u64], words: usize) -> Option<f64> {
    let mut rows: Vec<&[u64]> = sample.chunks(words).collect();
    let k = rows.len() as f64;
    rows.sort_unstable();
    let mut pairs = 0.0;
    let mut i = 0;
    while i < rows.len() {
        let j = i + rows[i..].iter().take_while(|r| **r == rows[i]).count();
        let run = (j - i) as f64;
        pairs += run * (run - 1.0) / 2.0;
        i = j;
    }
    (pairs > 0.0).then(|| k * (k - 1.0) / (2.0 * pairs))
}

/// Walks `walks` of every ticket (sums in ticket order), made by `threads`
/// workers, and their cost.
fn walk_all<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    make: &F,
    first: &mut B,
    tickets: &[Ticket],
    threads: usize,
    walks: Range<u32>,
    halt: &Halt,
) -> Result<(Vec<f64>, u64), Stopped> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new((vec![0.0; tickets.len()], 0u64));
    // The first stop a walk saw; the other threads give up at their next
    // ticket. The walks are a share of the search (the plan's budget),
    // which on a large tree is minutes: they poll like the setup's.
    let stopped = Mutex::new(None);
    let work = |backend: &mut B| loop {
        let t = next.fetch_add(1, Ordering::Relaxed);
        if t >= tickets.len() || stopped.lock().unwrap().is_some() {
            break;
        }
        let seed = SEED.wrapping_add((t as u64).wrapping_mul(256));
        match walk(backend, &tickets[t].path, seed, walks.clone(), halt) {
            Ok((estimate, cost)) => {
                let mut r = results.lock().unwrap();
                r.0[t] = estimate;
                r.1 += cost;
            }
            Err(stop) => {
                stopped.lock().unwrap().get_or_insert(stop);
                break;
            }
        }
    };
    if threads <= 1 || tickets.len() < 2 {
        work(first);
    } else {
        std::thread::scope(|s| {
            let work = &work;
            for _ in 1..threads.min(tickets.len()) {
                // A helper whose build a stop cut short leaves its tickets
                // to the others.
                s.spawn(move || make().map(|mut backend| work(&mut backend)));
            }
            work(first);
        });
    }
    match stopped.into_inner().unwrap() {
        Some(stop) => Err(stop),
        None => Ok(results.into_inner().unwrap()),
    }
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
    use super::{deal, split_large, walk_all};
    use crate::engine::backends::assign::Assign;
    use crate::engine::backends::shape::SlotPieces;
    use crate::engine::backends::{Backend, Node, Step};
    use crate::engine::search::ctx::Ticket;
    use crate::engine::search::halt::{Halt, Stopped};
    use crate::engine::tests::{tetravex, tetravex_tiles, Rng};

    /// The paths of every solution below the current node, in search order.
    fn solutions<B: Backend>(b: &mut B, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
        match b.node() {
            Node::Solution => out.push(path.clone()),
            Node::DeadEnd => {}
            Node::Inner => {
                let depth = b.depth();
                if b.first_child() {
                    loop {
                        path.push(b.step(depth));
                        solutions(b, path, out);
                        path.pop();
                        if !b.next_sibling() {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Split tickets still cut the tree into disjoint subtrees in tree
    /// order: every solution lies below exactly one ticket, and the
    /// tickets holding the solutions come in the order the search finds
    /// them (a shard's first solution is still its leftmost).
    #[test]
    fn split_tickets_partition_the_tree_in_order() {
        let never = &Halt::NEVER;
        let problem = tetravex(3, 3, &tetravex_tiles(&mut Rng(0x5b1), 3, 3, 2, true)).build();
        let shape = SlotPieces::of(&problem, never).unwrap().unwrap();
        let make = || -> Result<Assign, Stopped> { Assign::new(&problem, &shape, never) };
        let mut backend = make().unwrap();
        let mut all = Vec::new();
        solutions(&mut backend, &mut Vec::new(), &mut all);
        backend.reset();
        assert!(all.len() > 4, "{} solutions", all.len());
        let mut tickets = vec![Ticket { path: Vec::new(), weight: 1.0 }];
        let (mut sums, _) = walk_all(&make, &mut backend, &tickets, 1, 0..4, never).unwrap();
        for n in [1, 2, 4] {
            split_large(&make, &mut backend, &mut tickets, &mut sums, n, 4, 2, f64::INFINITY, never).unwrap();
        }
        assert!(tickets.len() > 8, "{} tickets", tickets.len());
        assert_eq!(tickets.len(), sums.len());
        let mut holders = Vec::new();
        for s in &all {
            let holding: Vec<usize> = (0..tickets.len()).filter(|&t| s.starts_with(&tickets[t].path)).collect();
            assert_eq!(holding.len(), 1, "solution {s:?} lies below tickets {holding:?}");
            holders.push(holding[0]);
        }
        assert!(holders.windows(2).all(|w| w[0] <= w[1]), "tickets out of tree order: {holders:?}");
        let weight: f64 = tickets.iter().map(|t| t.weight).sum();
        assert!((weight - 1.0).abs() < 1e-9, "the weights add up to {weight}");
    }

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
