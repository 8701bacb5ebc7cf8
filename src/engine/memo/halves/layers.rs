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
//! * **L3** (children by bucket): each thread expands its share of the
//!   layer's states and appends their children, with the ways to reach
//!   them, to one of `2^b` buckets by the key's hash: sequential writes,
//!   where inserting into one table of 10^7 entries would miss the cache
//!   at every child. The last slot's children are summed, not stored.
//! * **L4** (merge): each thread takes its share of the buckets and adds
//!   up the counts of equal keys in a small table that stays in the cache
//!   (a bucket holds about [`BUCKET`] children); the merged buckets are
//!   the next layer, each key in exactly one of them.
//!
//! Counts are `u64` per state; a sum that would overflow, or tables that
//! outgrow the memory cap, stop the method and the caller counts another
//! way (like the halves' table). Ctrl-C, the deadline and the node budget
//! (a node is a child generated) are polled every few thousand nodes.
//!
//! # Invariants (checked in debug builds)
//!
//! * a key is below `2^63` and is held at most once per layer;
//! * the merging table is at most half full;
//! * the bytes held are what was taken and not given back (never below 0);
//! * every back item of a slot is on the frontier it is reached with.

use super::poll::{after_layer, worse, Halted, Poll};
use super::{cap_bytes, Halves, Scan};
use crate::engine::config::SearchConfig;
use crate::engine::count::Count;
use crate::engine::memo::{hash, width, MemoStats};
use crate::engine::outcome::{BackendKind, Outcome, Stats};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A slot whose key is this is empty.
const EMPTY: u64 = u64::MAX;
/// L3: the children a bucket is meant to hold, so that its merging table
/// (twice as many slots of 16 bytes) stays within a core's caches.
const BUCKET: usize = 1 << 14;

/// A bucket of (key, ways to reach it).
type Bucket = Vec<[u64; 2]>;
/// A layer: merged buckets, each key in one of them.
type Layer = Vec<Bucket>;

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

/// The bytes the layers hold, all threads together, against the cap; and
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
        let was = self.now.fetch_sub(bytes, Ordering::Relaxed);
        debug_assert!(was >= bytes, "bytes given back that were not taken");
    }
}

/// The bytes of a list of entries.
fn bytes_of(v: &Bucket) -> u64 {
    (v.capacity() * 16) as u64
}

/// What one thread did with one layer.
#[derive(Default)]
struct Work {
    nodes: u64,
    merged: u64,
    /// The last slot's children: their count.
    sum: u128,
}

impl Layers {
    /// L2: the children of state `key` at cut `d`, handed to `child` as
    /// keys.
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

    /// L3: thread `w` of `threads` expands its share of the layer `cur`
    /// at cut `d` into `out`'s buckets (`out.len()` a power of two), or
    /// with no buckets (the last slot) sums the children.
    #[allow(clippy::too_many_arguments)]
    fn spread(
        &self,
        h: &Halves,
        d: usize,
        cur: &Layer,
        (w, threads): (usize, usize),
        out: &mut [Bucket],
        poll: &mut Poll,
        held: &Held,
    ) -> Result<Work, Halted> {
        let mut colour = vec![u32::MAX; h.n_colours.len()];
        let mut work = Work::default();
        let mask = out.len().wrapping_sub(1);
        for chunk in cur.iter().skip(w).step_by(threads) {
            for &[key, n] in chunk {
                let mut children = 0u64;
                if out.is_empty() {
                    self.expand(h, &mut colour, d, key, |_| children += 1);
                    work.sum += u128::from(n) * u128::from(children);
                } else {
                    let mut grew = 0u64;
                    self.expand(h, &mut colour, d, key, |c| {
                        children += 1;
                        let b = &mut out[(hash(&[c]) >> 32) as usize & mask];
                        let before = bytes_of(b);
                        b.push([c, n]);
                        grew += bytes_of(b) - before;
                    });
                    if grew > 0 {
                        held.take(grew)?;
                    }
                }
                work.nodes += children;
                poll.add(children)?;
            }
        }
        Ok(work)
    }
}

/// L4: the entries of `parts` (one bucket of each thread) with the counts
/// of equal keys added up, in `table` (cleared, at least twice as many
/// slots as entries, a power of two); with how many were merged. `Full`
/// when a count overflows a word.
fn merge(parts: &mut [Bucket], table: &mut Bucket) -> Result<(Bucket, u64), Halted> {
    let len: usize = parts.iter().map(Vec::len).sum();
    let slots = (2 * len).max(16).next_power_of_two();
    table.clear();
    table.resize(slots, [EMPTY, 0]);
    let mask = slots - 1;
    let mut distinct = 0usize;
    for part in parts.iter_mut() {
        for &[key, n] in part.iter() {
            debug_assert!(key >> 63 == 0, "a key of 64 bits");
            let mut s = hash(&[key]) as usize & mask;
            loop {
                let e = &mut table[s];
                if e[0] == key {
                    e[1] = e[1].checked_add(n).ok_or(Halted::Full)?;
                    break;
                }
                if e[0] == EMPTY {
                    *e = [key, n];
                    distinct += 1;
                    break;
                }
                s = (s + 1) & mask;
            }
        }
        *part = Vec::new();
    }
    debug_assert!(distinct * 2 <= slots);
    let merged: Bucket = table.iter().filter(|e| e[0] != EMPTY).copied().collect();
    Ok((merged, (len - distinct) as u64))
}

impl Layers {
    /// L1-L4: the count of `h`, layer by layer. `Err` with the nodes spent when
    /// the layers outgrew the memory cap or a count overflowed a word (the
    /// caller counts another way).
    pub(crate) fn count(&self, h: &Halves, config: &SearchConfig) -> Result<Outcome, u64> {
        let start = Instant::now();
        let threads = config.effective_threads().max(1);
        let quit = AtomicBool::new(false);
        let held = Held { now: AtomicU64::new(0), peak: AtomicU64::new(0), cap: cap_bytes(config) as u64 };
        let mut stats = Stats { threads, backend: Some(BackendKind::RowScan), ..Stats::default() };
        let mut memo = MemoStats { layers: true, ..MemoStats::default() };
        let mut polls: Vec<Poll> = (0..threads).map(|_| Poll::new(config, &quit)).collect();
        let mut cur: Layer = vec![vec![[0, 1]]];
        held.take(bytes_of(&cur[0])).map_err(|_| 0u64)?;
        let mut total = 0u128;
        let mut stopped = None;
        for d in 0..h.n {
            let len: usize = cur.iter().map(Vec::len).sum();
            memo.states = memo.states.max(len as u64);
            let buckets = if d + 1 == h.n { 0 } else { (len * 4 / BUCKET).next_power_of_two().min(1 << 12) };
            let (next, works, halted) = self.layer(h, d, &cur, buckets, &mut polls, &held);
            held.give(cur.iter().map(bytes_of).sum());
            for wk in &works {
                stats.nodes += wk.nodes;
                memo.lookups += wk.nodes;
                memo.hits += wk.merged;
                total += wk.sum;
            }
            stopped = after_layer(halted, stats.nodes, config, (d + 1) as f64 / h.n as f64)?;
            if stopped.is_some() {
                break;
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

    /// L3 and L4 for the layer `cur` at cut `d`, a thread per poll: the
    /// next layer (in `buckets` buckets; none after the last slot), each
    /// thread's work, and why the layer stopped, if it did.
    fn layer(
        &self,
        h: &Halves,
        d: usize,
        cur: &Layer,
        buckets: usize,
        polls: &mut [Poll],
        held: &Held,
    ) -> (Layer, Vec<Work>, Option<Halted>) {
        let layers = self;
        let threads = polls.len();
        let spread: Vec<(Layer, Result<Work, Halted>)> = on_every_thread(polls, |w, poll| {
            let mut out = vec![Vec::new(); buckets];
            let r = layers.spread(h, d, cur, (w, threads), &mut out, poll, held);
            (out, r)
        });
        let mut halted = None;
        let mut works = Vec::new();
        let mut outs = Vec::new();
        for (out, r) in spread {
            outs.push(out);
            match r {
                Ok(wk) => works.push(wk),
                Err(e) => halted = worse(halted, e),
            }
        }
        if halted.is_some() || buckets == 0 {
            held.give(outs.iter().flatten().map(bytes_of).sum());
            return (Layer::new(), works, halted);
        }
        let (next, merged, halted) = gather(outs, buckets, polls, held);
        works.iter_mut().zip(merged).for_each(|(wk, m)| wk.merged += m);
        (next, works, halted)
    }
}

/// Runs `work` on a thread of its own per poll (worker `w` with its
/// poll), and returns what each returned, in the workers' order.
pub(super) fn on_every_thread<T: Send>(polls: &mut [Poll], work: impl Fn(usize, &mut Poll) -> T + Sync) -> Vec<T> {
    let work = &work;
    std::thread::scope(|s| {
        let handles: Vec<_> = polls.iter_mut().enumerate().map(|(w, poll)| s.spawn(move || work(w, poll))).collect();
        handles.into_iter().map(|t| t.join().expect("a layer thread panicked")).collect()
    })
}

/// L4 on every thread: bucket `b` of every thread's output merged by
/// thread `b % threads`; the merged buckets, what each thread merged, and
/// why it stopped, if it did.
fn gather(outs: Vec<Layer>, buckets: usize, polls: &mut [Poll], held: &Held) -> (Layer, Vec<u64>, Option<Halted>) {
    let threads = polls.len();
    // Bucket b of every thread, together.
    let mut columns: Vec<Layer> = (0..buckets).map(|_| Vec::with_capacity(outs.len())).collect();
    for out in outs {
        for (b, v) in out.into_iter().enumerate() {
            columns[b].push(v);
        }
    }
    let columns: Vec<Mutex<Layer>> = columns.into_iter().map(Mutex::new).collect();
    let columns = &columns;
    let results: Vec<(Layer, Result<u64, Halted>)> = on_every_thread(polls, |w, poll| {
        let (mut mine, mut merged, mut table) = (Layer::new(), 0u64, Vec::new());
        for col in columns.iter().skip(w).step_by(threads) {
            let mut parts = std::mem::take(&mut *col.lock().expect("a bucket"));
            let raw: u64 = parts.iter().map(bytes_of).sum();
            let r = merge(&mut parts, &mut table).and_then(|(m, k)| {
                held.take(bytes_of(&m))?;
                held.give(raw);
                poll.check()?;
                Ok((m, k))
            });
            match r {
                Ok((m, k)) => {
                    mine.push(m);
                    merged += k;
                }
                Err(e) => return (mine, Err(e)),
            }
        }
        (mine, Ok(merged))
    });
    let (mut next, mut merged, mut halted) = (Layer::new(), Vec::new(), None);
    for (mine, r) in results {
        next.extend(mine);
        match r {
            Ok(k) => merged.push(k),
            Err(e) => halted = worse(halted, e),
        }
    }
    (next, merged, halted)
}
