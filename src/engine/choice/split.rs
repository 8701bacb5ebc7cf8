//! The deep plan of a split: the plan a plan file holds
//! (`--shard-plan N --plan-out FILE`), computed once for all the shards,
//! so it can afford far more than the plan each shard repeats for itself
//! ([`super::estimate::deal_tickets`], bounded by a share of the tree
//! divided among the shards).
//!
//! * **D1. Cut.** The tickets at the shallowest depth with at least
//!   [`DEEP_CUT_PER_SHARD`] per shard (the driver lists them).
//! * **D2. The budget.** One random walk per ticket estimates the tree
//!   `T`. A tree of at most [`DEEP_EXACT_TREE`] nodes is counted: every
//!   ticket's nodes, by the one search loop (about one search of the
//!   tree; a ticket that runs past that many nodes is walked instead).
//!   A larger tree is walked: the plan may spend [`DEEP_BUDGET`]` T`
//!   moves, so each ticket gets `p` walks, that budget over what one walk
//!   of every ticket cost, within [`DEEP_MIN_PROBES`]..=[`DEEP_MAX_PROBES`].
//! * **D3. Measure.** A ticket's size is its exact node count (counted
//!   trees), else the mean of its `p` walks (Knuth's estimate).
//! * **D4. Split.** While a ticket is larger than `1 /` [`SPLIT_PARTS`] of
//!   a fair share (`T / N`), it is replaced by its children, in place
//!   (tree order stays), each measured as in D3; until none is that large,
//!   a round splits nothing, or there are [`DEEP_MAX_TICKETS`] per shard.
//!   Each round splits the largest first, and fills at most half the
//!   room left under that cap, so that when the cap binds it is the
//!   largest tickets that were split, children of earlier rounds included;
//!   a ticket above a fifth of a fair share, which would unbalance the
//!   deal by itself, is split even past the cap (up to four times it).
//! * **D5. Deal.** Largest first onto the least-loaded shard
//!   ([`super::estimate::deal`]).
//!
//! **Determinism.** Each ticket's walks draw from a SplitMix64 stream
//! seeded from its path (so a subtree's estimate does not depend on where
//! it stands in the list), exact counts are exact, and every decision
//! compares node counts and estimates: the plan is the same on every
//! machine and for every thread count.

use super::estimate::{walk, SEED};
use crate::engine::backends::{Backend, Step};
use crate::engine::config::{SearchConfig, SearchMode};
use crate::engine::outcome::StopReason;
use crate::engine::search::ctx::{Ctx, Shared, Ticket};
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::search::{children, search, Enumerate};
use crate::engine::tuning::{
    DEEP_BUDGET, DEEP_EXACT_TREE, DEEP_MAX_PROBES, DEEP_MAX_TICKETS, DEEP_MIN_PROBES, SPLIT_PARTS,
};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// D4: a ticket larger than this part of a fair share is split even when
/// the ticket cap binds: dealt whole, it alone could make its shard 20%
/// larger than the mean (the deal's target is an imbalance of at most 1.2).
const UNEVEN_PARTS: f64 = 5.0;

/// D4: how far past [`DEEP_MAX_TICKETS`] such tickets may take the plan.
const PAST_CAP: usize = 4;

/// Tickets per shard at the cut of a deep plan (D1): the split (D4)
/// makes the large ones finer, so the cut need not be fine everywhere.
pub(crate) const DEEP_CUT_PER_SHARD: usize = 8;

/// What a deep plan found: each ticket's measured size (in ticket order),
/// the walks per ticket (0: counted), and what measuring cost (moves and
/// nodes).
pub(crate) struct Measured {
    pub sizes: Vec<f64>,
    pub probes: u32,
    pub cost: u64,
}

/// D2-D4 on the tickets of the cut (`tickets`, replaced by the split
/// ones): returns their sizes. `config` is the search's (its stop flag
/// and deadline apply; its mode does not: the walks and counts measure
/// the whole tree).
pub(crate) fn deep<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    make: &F,
    first: &mut B,
    tickets: &mut Vec<Ticket>,
    n: u32,
    threads: usize,
    config: &SearchConfig,
) -> Result<Measured, Stopped> {
    let halt = Halt::of(config);
    let counting =
        SearchConfig { mode: SearchMode::Count, max_nodes: None, shard: None, split: None, ..config.clone() };
    let shared = Shared::new(&counting, None, threads.max(1));
    let m = Measure { shared: &shared, halt: &halt, threads };
    // D2: one walk each, then the count or the walks the budget affords.
    let (sizes, cost) = m.all(make, first, tickets, Gauge::Walks(1))?;
    let total: f64 = sizes.iter().sum();
    let gauge = if total <= DEEP_EXACT_TREE {
        Gauge::Count
    } else {
        let affordable = DEEP_BUDGET * total / cost.max(1) as f64;
        Gauge::Walks(affordable.clamp(f64::from(DEEP_MIN_PROBES), f64::from(DEEP_MAX_PROBES)) as u32)
    };
    let (mut sizes, more) = m.all(make, first, tickets, gauge)?;
    let mut cost = cost + more;
    let probes = match gauge {
        Gauge::Walks(p) => p,
        Gauge::Count => 0,
    };
    // D4: split what is too large.
    let max_tickets = DEEP_MAX_TICKETS.saturating_mul(n as usize);
    loop {
        let Some(Round { tickets: next, sizes: mut next_sizes, fresh, cost: more }) =
            split_round(first, tickets, &sizes, n, max_tickets, &halt)?
        else {
            return Ok(Measured { sizes, probes, cost });
        };
        cost += more;
        let split: Vec<Ticket> = fresh.iter().map(|&t| next[t].clone()).collect();
        let (measured, more) = m.all(make, first, &split, gauge)?;
        cost += more;
        for (&t, size) in fresh.iter().zip(measured) {
            next_sizes[t] = size;
        }
        *tickets = next;
        sizes = next_sizes;
    }
}

/// One round of D4: every ticket larger than `1 /` [`SPLIT_PARTS`] of a
/// fair share is replaced by its children, in place (tree order stays),
/// the largest first, until the tickets fill half the room left below
/// `max_tickets` (so that when the cap binds, it is the largest that get
/// split, not the first in tree order nor the first round's); `None` when
/// nothing was split.
fn split_round<B: Backend>(
    first: &mut B,
    tickets: &[Ticket],
    sizes: &[f64],
    n: u32,
    max_tickets: usize,
    halt: &Halt,
) -> Result<Option<Round>, Stopped> {
    let total: f64 = sizes.iter().sum();
    let limit = total / f64::from(n) / SPLIT_PARTS;
    let mut large: Vec<usize> = (0..tickets.len()).filter(|&t| sizes[t] > limit).collect();
    large.sort_by(|&a, &b| sizes[b].total_cmp(&sizes[a]).then(a.cmp(&b)));
    let (mut count, mut cost) = (tickets.len(), 0u64);
    // Half the room left: a child of this round that is still too large
    // finds room in the next one.
    let room = count + max_tickets.saturating_sub(count).div_ceil(2);
    let mut kids: Vec<Step> = Vec::new();
    let mut split_kids: Vec<(usize, Vec<Step>)> = Vec::new();
    // A ticket above 1 / UNEVEN_PARTS of a fair share would unbalance
    // the deal by itself: it is split even past the cap (within
    // PAST_CAP times it), however late in the rounds its estimate came.
    let uneven = total / f64::from(n) / UNEVEN_PARTS;
    for t in large {
        if count >= room && (sizes[t] <= uneven || count >= max_tickets.saturating_mul(PAST_CAP)) {
            continue;
        }
        halt.check()?;
        first.reset();
        cost += tickets[t].path.len() as u64;
        if first.replay(&tickets[t].path) {
            cost += children(first, &mut kids) + 1;
        } else {
            kids.clear();
        }
        first.reset();
        if !kids.is_empty() {
            count += kids.len() - 1;
            split_kids.push((t, std::mem::take(&mut kids)));
        }
    }
    if split_kids.is_empty() {
        return Ok(None);
    }
    split_kids.sort_unstable_by_key(|&(t, _)| t);
    let mut next = Vec::with_capacity(count);
    let mut next_sizes = Vec::with_capacity(count);
    let mut fresh = Vec::new();
    let mut split = split_kids.iter().peekable();
    for (t, (ticket, &size)) in tickets.iter().zip(sizes).enumerate() {
        match split.next_if(|&&(s, _)| s == t) {
            Some((_, kids)) => {
                let weight = ticket.weight / kids.len() as f64;
                for &c in kids {
                    let mut path = ticket.path.clone();
                    path.push(c);
                    fresh.push(next.len());
                    next.push(Ticket { path, weight });
                    next_sizes.push(0.0);
                }
            }
            None => {
                next.push(ticket.clone());
                next_sizes.push(size);
            }
        }
    }
    Ok(Some(Round { tickets: next, sizes: next_sizes, fresh, cost }))
}

/// What a round of D4 made of the tickets.
struct Round {
    /// The tickets, the split ones replaced by their children (tree order).
    tickets: Vec<Ticket>,
    /// Their sizes: 0 for the children, which the caller measures.
    sizes: Vec<f64>,
    /// The children's places in `tickets`.
    fresh: Vec<usize>,
    /// The moves the round spent.
    cost: u64,
}

/// The seed of a ticket's walks: [`SEED`] mixed with its path.
fn path_seed(path: &[Step]) -> u64 {
    path.iter().fold(SEED, |h, s| {
        let h = (h ^ u64::from(s.item)).wrapping_mul(0x0000_0100_0000_01B3);
        (h ^ u64::from(s.option)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// How tickets are measured (D3).
struct Measure<'a> {
    /// The exact counts' search state (a count, no limit).
    shared: &'a Shared<'a>,
    halt: &'a Halt<'a>,
    threads: usize,
}

/// How a ticket is measured.
#[derive(Clone, Copy)]
enum Gauge {
    /// Its nodes are counted (walked instead past [`DEEP_EXACT_TREE`]).
    Count,
    /// The mean of this many walks.
    Walks(u32),
}

impl Measure<'_> {
    /// The size of the subtree below `ticket`, and what measuring it
    /// cost; the backend is left at the root.
    fn one<B: Backend>(
        &self,
        backend: &mut B,
        worker: usize,
        ticket: &Ticket,
        gauge: Gauge,
    ) -> Result<(f64, u64), Stopped> {
        let seed = path_seed(&ticket.path);
        let mut cost = 0;
        if let Gauge::Count = gauge {
            cost += ticket.path.len() as u64;
            backend.reset();
            if !backend.replay(&ticket.path) {
                backend.reset();
                return Ok((0.0, cost));
            }
            let mut ctx = Ctx::new(self.shared, worker);
            ctx.start_run(DEEP_EXACT_TREE as u64);
            let flow = search(backend, &mut ctx, &mut Enumerate::Each);
            let spent = ctx.spent();
            backend.reset();
            cost += spent;
            if flow.is_continue() {
                return Ok((spent as f64, cost));
            }
            if !ctx.budget_hit() {
                return Err(Stopped(self.shared.reason().unwrap_or(StopReason::Interrupted)));
            }
        }
        let probes = match gauge {
            Gauge::Walks(p) => p,
            Gauge::Count => DEEP_MAX_PROBES,
        };
        let (sum, walk_cost) = walk(backend, &ticket.path, seed, 0..probes, self.halt)?;
        Ok((sum / f64::from(probes), cost + walk_cost))
    }

    /// Every ticket's size (in ticket order), measured by `threads`
    /// workers, and the cost.
    fn all<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
        &self,
        make: &F,
        first: &mut B,
        tickets: &[Ticket],
        gauge: Gauge,
    ) -> Result<(Vec<f64>, u64), Stopped> {
        let next = AtomicUsize::new(0);
        let results = Mutex::new((vec![0.0; tickets.len()], 0u64));
        let stopped = Mutex::new(None);
        let work = |worker: usize, backend: &mut B| loop {
            let t = next.fetch_add(1, Ordering::Relaxed);
            if t >= tickets.len() || stopped.lock().unwrap().is_some() {
                break;
            }
            match self.one(backend, worker, &tickets[t], gauge) {
                Ok((size, cost)) => {
                    let mut r = results.lock().unwrap();
                    r.0[t] = size;
                    r.1 += cost;
                }
                Err(stop) => {
                    stopped.lock().unwrap().get_or_insert(stop);
                    break;
                }
            }
        };
        if self.threads <= 1 || tickets.len() < 2 {
            work(0, first);
        } else {
            std::thread::scope(|s| {
                let work = &work;
                for w in 1..self.threads.min(tickets.len()) {
                    s.spawn(move || make().map(|mut backend| work(w, &mut backend)));
                }
                work(0, first);
            });
        }
        match stopped.into_inner().unwrap() {
            Some(stop) => Err(stop),
            None => Ok(results.into_inner().unwrap()),
        }
    }
}
