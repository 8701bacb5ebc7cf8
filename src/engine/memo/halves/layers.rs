//! Counting layer by layer: the row scan's memo states, breadth first,
//! with only two layers held at a time.
//!
//! # The problem
//!
//! The [memo](crate::engine::memo) counts a slot/piece problem depth
//! first and keeps every state it finished, at every depth, until the
//! count ends. On a 5x5 Tetravex with 2 labels the states at one depth
//! number up to 10^7 and all depths together several times that: the
//! table reaches its memory cap, forgets, and searches again (the bench's
//! `count5/5x5-2d-s1` ran over a minute).
//!
//! But a state at cut `d` (slots `0..d` filled, in the row scan's order)
//! is just (copies used of each piece, colours on the frontier), and the
//! states at cut `d + 1` come from those at cut `d` alone. So count
//! forward, one layer at a time (the transfer-matrix method): layer `d`
//! maps each state to the number of ways to reach it; each state's
//! children (the options of slot `d` that fit its colours and have a copy
//! left) add that number to their entries in layer `d + 1`; the count is
//! the sum of the last layer. A 1x3 strip `a b c` with pieces `x`, `x`,
//! `y`: layer 1 holds "x used, its right colour" and "y used, its right
//! colour"; two different paths `x x` and `x x` (the copies) are one
//! state, as the pieces are counted by type.
//!
//! Each state is expanded once, as in the memo; what changes is memory:
//! two layers instead of all of them (`5x5-2d-s1`: 10.6 M states in its
//! largest layer).
//!
//! # The steps
//!
//! * **L1** (key): a state is one word: the code of the copies used (the
//!   halves' code, `ubits` bits) and above it the frontier's colours, a
//!   bit field per item ([`Layers::new`]; `None` when it does not fit 63
//!   bits, so that `u64::MAX` marks an empty slot).
//! * **L2** (expand): decode the frontier colours of a state, look the
//!   slot's run up as the [halves' scan](super::Scan) does, and for each
//!   option of the run with a copy left, the child's key is the used code
//!   plus the piece's unit, and the colours kept from the frontier plus
//!   the option's own (both precomputed: [`Step`]).
//! * **L3** (layers in parallel): the next layer is cut into one table
//!   per thread by the key's hash; each thread reads the whole current
//!   layer and inserts the children that fall into its own table, so no
//!   table is shared. The last slot's children are summed, not stored,
//!   each thread summing its own share of the states.
//!
//! Counts are `u64` per state; a sum that would overflow, or tables that
//! outgrow the memory cap, stop the method and the caller counts another
//! way (like the halves' table). Ctrl-C, the deadline and the node budget
//! (a node is a child generated) are polled every few thousand nodes.
//!
//! # Invariants (checked in debug builds)
//!
//! * a key is below `2^63` and is stored at most once per layer;
//! * a table is at most 3/4 full;
//! * every back item of a slot is on the frontier it is reached with.

use super::run::{Halted, Poll};
use super::{cap_bytes, Halves, Scan};
use crate::engine::config::SearchConfig;
use crate::engine::count::Count;
use crate::engine::memo::{hash, width, MemoStats};
use crate::engine::outcome::{BackendKind, Outcome, Stats};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// A slot whose key is this is empty.
const EMPTY: u64 = u64::MAX;

/// L2: what slot `d` needs to go from cut `d` to cut `d + 1`.
struct Step {
    /// The frontier at cut `d`: each item and its bit position in the
    /// colour part of the key.
    front: Vec<(u32, u32)>,
    /// The items of the frontier at cut `d + 1` that were on the one at
    /// `d`: the item and its new bit position.
    keep: Vec<(u32, u32)>,
    /// Per option of slot `d`, in the scan's sorted order: its forward
    /// colours on the frontier at `d + 1`, already shifted.
    add: Vec<u64>,
}

/// A layered count's plan: the halves' problem, the scan of all its
/// slots, and a step per slot.
pub(crate) struct Layers {
    scan: Scan,
    steps: Vec<Step>,
    /// Bits of the used code (the colours lie above them).
    ubits: u32,
    /// Per piece: the shift and the mask of its field in the used code.
    shift: Vec<u32>,
    mask: Vec<u64>,
}

impl Layers {
    /// L1: the plan for `h`, or `None` when a key does not fit 63 bits.
    pub(crate) fn new(h: &Halves) -> Option<Self> {
        let ubits = h.copies.iter().map(|&c| width(u64::from(c))).sum::<u32>();
        let cwidth = |j: u32| width(h.radix(j) - 1);
        let mut fronts = Vec::with_capacity(h.n + 1);
        for d in 0..=h.n {
            let mut at = ubits;
            let mut f = Vec::new();
            for j in h.frontier(d) {
                f.push((j, at));
                at += cwidth(j);
            }
            if at > 63 {
                return None;
            }
            fronts.push(f);
        }
        let scan = h.scan(0, h.n);
        let mut steps = Vec::with_capacity(h.n);
        for d in 0..h.n {
            let next = &fronts[d + 1];
            let keep = next.iter().filter(|(j, _)| fronts[d].iter().any(|f| f.0 == *j)).copied().collect();
            let fwd = scan.fwd.row(d);
            let fcol = scan.fcol.row(d);
            let nf = fwd.len();
            let add = (0..scan.piece.row_len(d))
                .map(|k| {
                    let cols = &fcol[k * nf..(k + 1) * nf];
                    fwd.iter().zip(cols).fold(0u64, |a, (&j, &c)| match next.iter().find(|f| f.0 == j) {
                        Some(&(_, at)) => a | u64::from(c) << at,
                        None => a,
                    })
                })
                .collect();
            steps.push(Step { front: fronts[d].clone(), keep, add });
        }
        let shift = h.unit.iter().map(|u| u.trailing_zeros()).collect();
        let mask = h.copies.iter().map(|&c| (1u64 << width(u64::from(c))) - 1).collect();
        Some(Layers { scan, steps, ubits, shift, mask })
    }
}

/// One thread's share of a layer: open addressing, linear probing, pairs
/// of (key, count), at most 3/4 full.
struct Table {
    data: Vec<[u64; 2]>,
    len: usize,
}

impl Table {
    fn new(slots: usize) -> Self {
        debug_assert!(slots.is_power_of_two());
        Table { data: vec![[EMPTY, 0]; slots], len: 0 }
    }

    fn bytes(slots: usize) -> u64 {
        (slots * 16) as u64
    }

    /// Adds `n` to `key`'s count; `Ok(true)` when the key was there.
    /// `Full` when the table would outgrow `held`'s cap or a count
    /// overflows.
    #[inline]
    fn add(&mut self, key: u64, n: u64, held: &Held) -> Result<bool, Halted> {
        debug_assert!(key >> 63 == 0, "a key of 64 bits");
        if (self.len + 1) * 4 > self.data.len() * 3 {
            self.grow(held)?;
        }
        let mask = self.data.len() - 1;
        let mut s = hash(&[key]) as usize & mask;
        loop {
            let e = &mut self.data[s];
            if e[0] == key {
                e[1] = e[1].checked_add(n).ok_or(Halted::Full)?;
                return Ok(true);
            }
            if e[0] == EMPTY {
                *e = [key, n];
                self.len += 1;
                return Ok(false);
            }
            s = (s + 1) & mask;
        }
    }

    /// Doubles the table (both held while the entries move).
    fn grow(&mut self, held: &Held) -> Result<(), Halted> {
        let slots = self.data.len() * 2;
        held.take(Table::bytes(slots))?;
        let old = std::mem::replace(&mut self.data, vec![[EMPTY, 0]; slots]);
        let mask = slots - 1;
        for e in old.iter().filter(|e| e[0] != EMPTY) {
            let mut s = hash(&[e[0]]) as usize & mask;
            while self.data[s][0] != EMPTY {
                s = (s + 1) & mask;
            }
            self.data[s] = *e;
        }
        held.give(Table::bytes(old.len()));
        Ok(())
    }

    fn entries(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.data.iter().filter(|e| e[0] != EMPTY).map(|e| (e[0], e[1]))
    }
}

/// The bytes the tables hold, all threads together, against the cap; and
/// the most they held at once.
struct Held {
    now: AtomicU64,
    peak: AtomicU64,
    cap: u64,
}

impl Held {
    fn take(&self, bytes: u64) -> Result<(), Halted> {
        let now = self.now.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.peak.fetch_max(now, Ordering::Relaxed);
        if now > self.cap {
            return Err(Halted::Full);
        }
        Ok(())
    }

    fn give(&self, bytes: u64) {
        self.now.fetch_sub(bytes, Ordering::Relaxed);
    }
}

/// What one thread did with one layer.
#[derive(Default)]
struct Work {
    nodes: u64,
    inserts: u64,
    merged: u64,
    /// The last slot's children: their count.
    sum: u128,
}

impl Layers {
    /// L2: the children of state `key` (with `n` ways to reach it) at
    /// cut `d`, handed to `child` as (child key, piece).
    #[inline]
    fn expand(&self, h: &Halves, colour: &mut [u32], d: usize, key: u64, mut child: impl FnMut(u64)) {
        let step = &self.steps[d];
        for &(j, at) in &step.front {
            colour[j as usize] = ((key >> at) & ((1u64 << width(h.radix(j) - 1)) - 1)) as u32;
        }
        let used = key & ((1u64 << self.ubits) - 1);
        let kept = step.keep.iter().fold(used, |a, &(j, at)| a | u64::from(colour[j as usize]) << at);
        let (lo, hi) = self.scan.run_in(colour, d);
        let pieces = &self.scan.piece.row(d)[lo as usize..hi as usize];
        for (&p, &add) in pieces.iter().zip(&step.add[lo as usize..hi as usize]) {
            let p = p as usize;
            if (used >> self.shift[p]) & self.mask[p] < u64::from(h.copies[p]) {
                child(kept + h.unit[p] + add);
            }
        }
    }

    /// L3: thread `w` of `threads` expands the layer `cur` at cut `d` into
    /// its own table of the next layer, or (the last slot) sums its share.
    fn work(
        &self,
        h: &Halves,
        d: usize,
        cur: &[Table],
        w: usize,
        out: Option<&mut Table>,
        poll: &mut Poll,
        held: &Held,
    ) -> Result<Work, Halted> {
        let threads = cur.len();
        let mut colour = vec![u32::MAX; h.n_colours.len()];
        let mut work = Work::default();
        let mut err = None;
        match out {
            None => {
                for (key, n) in cur[w].entries() {
                    let mut children = 0u64;
                    self.expand(h, &mut colour, d, key, |_| children += 1);
                    work.nodes += children;
                    work.sum += u128::from(n) * u128::from(children);
                    poll.add(children)?;
                }
            }
            Some(table) => {
                for t in cur {
                    for (key, n) in t.entries() {
                        self.expand(h, &mut colour, d, key, |c| {
                            if err.is_some() || shard(c, threads) != w {
                                return;
                            }
                            work.nodes += 1;
                            match table.add(c, n, held) {
                                Ok(found) => work.merged += u64::from(found),
                                Err(e) => err = Some(e),
                            }
                            if let Err(e) = poll.node() {
                                err = Some(e);
                            }
                        });
                        if let Some(e) = err {
                            return Err(e);
                        }
                    }
                }
                work.inserts = work.nodes;
            }
        }
        Ok(work)
    }
}

/// The thread whose table holds `key`.
#[inline]
fn shard(key: u64, threads: usize) -> usize {
    ((hash(&[key]) >> 40) as usize) % threads
}

impl super::Plan {
    /// L1-L3: the count, layer by layer. `Err` with the nodes spent when
    /// the tables outgrew the memory cap or a count overflowed a word (the
    /// caller counts another way).
    pub(crate) fn count_layers(&self, layers: &Layers, config: &SearchConfig) -> Result<Outcome, u64> {
        let start = Instant::now();
        let h = &self.halves;
        let threads = config.effective_threads().max(1);
        let quit = AtomicBool::new(false);
        let held = Held { now: AtomicU64::new(0), peak: AtomicU64::new(0), cap: cap_bytes(config) as u64 };
        let mut stats = Stats { threads, backend: Some(BackendKind::RowScan), ..Stats::default() };
        let mut memo = MemoStats { layers: true, ..MemoStats::default() };
        let mut cur = vec![Table::new(1 << 4)];
        let _ = held.take(Table::bytes(1 << 4));
        cur[0].add(0, 1, &held).expect("the root fits");
        let mut total = 0u128;
        let mut stopped = None;
        for d in 0..h.n {
            let last = d + 1 == h.n;
            let len: usize = cur.iter().map(|t| t.len).sum();
            memo.states = memo.states.max(len as u64);
            let slots = (len * 2 / threads).max(1 << 10).next_power_of_two();
            let done = self.layer(layers, d, &cur, last, slots, threads, config, &quit, &held);
            held.give(cur.iter().map(|t| Table::bytes(t.data.len())).sum());
            let (next, works, halted) = done;
            for wk in &works {
                stats.nodes += wk.nodes;
                memo.lookups += wk.inserts;
                memo.hits += wk.merged;
                total = total.checked_add(wk.sum).ok_or(stats.nodes)?;
            }
            match halted {
                Some(Halted::Full) => return Err(stats.nodes),
                Some(Halted::Stop(reason)) => {
                    stopped = Some(reason);
                    break;
                }
                None => {}
            }
            if let Some(mon) = &config.monitor {
                mon.set_fraction((d + 1) as f64 / h.n as f64);
            }
            cur = next;
        }
        memo.bytes = held.peak.load(Ordering::Relaxed);
        let mut solutions = Count::ZERO;
        if stopped.is_none() {
            solutions.add_u128(total);
        }
        stats.solutions = solutions.saturating_u64();
        stats.memo = Some(memo);
        stats.elapsed = start.elapsed();
        Ok(Outcome { solutions, complete: stopped.is_none(), stopped, stats })
    }

    /// L3 for one layer on `threads` threads: the next layer's tables
    /// (`slots` each to start with; none after the last slot), each
    /// thread's work, and why the layer stopped, if it did.
    #[allow(clippy::too_many_arguments)]
    fn layer(
        &self,
        layers: &Layers,
        d: usize,
        cur: &[Table],
        last: bool,
        slots: usize,
        threads: usize,
        config: &SearchConfig,
        quit: &AtomicBool,
        held: &Held,
    ) -> (Vec<Table>, Vec<Work>, Option<Halted>) {
        let h = &self.halves;
        // The last layer is summed by each thread over its share of the
        // current tables, so there must be one per thread.
        let shares = if last { cur.len() } else { threads };
        let one = |w: usize| -> (Option<Table>, Result<Work, Halted>) {
            let mut poll = Poll::new(config, quit);
            if last {
                return (None, layers.work(h, d, cur, w, None, &mut poll, held));
            }
            let mut table = Table::new(slots);
            let r = held
                .take(Table::bytes(slots))
                .and_then(|()| layers.work(h, d, cur, w, Some(&mut table), &mut poll, held));
            let r = r.and_then(|wk| poll.check().map(|()| wk));
            (Some(table), r)
        };
        let results: Vec<(Option<Table>, Result<Work, Halted>)> = std::thread::scope(|s| {
            let handles: Vec<_> = (1..shares).map(|w| s.spawn(move || one(w))).collect();
            let mut all = vec![one(0)];
            all.extend(handles.into_iter().map(|t| t.join().expect("a layer thread panicked")));
            all
        });
        let mut halted = None;
        let (mut next, mut works) = (Vec::new(), Vec::new());
        for (t, r) in results {
            next.extend(t);
            match r {
                Ok(wk) => works.push(wk),
                Err(Halted::Full) => halted = Some(Halted::Full),
                Err(e) => halted = halted.or(Some(e)),
            }
        }
        if halted.is_some() {
            held.give(next.iter().map(|t| Table::bytes(t.data.len())).sum());
        }
        (next, works, halted)
    }
}
