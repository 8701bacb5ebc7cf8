//! Counting by meeting in the middle: the slots cut in two halves, each
//! half's partial covers enumerated apart, and the count assembled from
//! two tables joined on the state at the cut.
//!
//! # The problem
//!
//! A count by enumeration costs a node per solution at least, and the
//! [memo](super) saves only where the states below a node repeat. On a
//! slot/piece problem (every option fills one slot with one piece and
//! colours the slot's secondary items) whose pieces are nearly all
//! different, the state "which pieces are left, which colours stand on the
//! frontier" seldom repeats, and neither helps: a 5x5 Tetravex with 3
//! labels has 880,442 solutions and a row-scan tree of 10^9 nodes.
//!
//! Cut the slots, in the row scan's order, at a position `m`. A solution
//! is a partial cover of slots `0..m` (the *first half*) and one of slots
//! `m..n` (the *second half*) that use disjoint copies of the pieces,
//! together all of them, and agree on the colours of the *frontier*: the
//! secondary items that a slot of each half touches. So
//!
//! ```text
//! count = sum over states s of  first(s) * second(complement of s)
//! ```
//!
//! where `first(s)` is the number of partial covers of the first half in
//! state `s` = (copies used of each piece, colours on the frontier), and
//! `second(s')` the same for the second half enumerated from an empty
//! board, its frontier colours free until a slot of its own sets them.
//! The complement of (used, colours) is (copies - used, the same colours).
//! Both halves are trees of about the square root of the whole tree's
//! size: the count costs their nodes, not the solutions'.
//!
//! A 1x4 strip `a b c d`, joins `ab`, `bc`, `cd`, four different pieces,
//! cut at `m = 2`: the frontier is `bc`. The first half lists every `a b`
//! that agrees on `ab`, keyed by its two pieces and its colour on `bc`;
//! each `c d` that agrees on `cd` meets the `a b` that used the other two
//! pieces and put the same colour on `bc`: one hash look-up.
//!
//! # The steps
//!
//! * **H1** (cut): per cut position, random-probe estimates of both
//!   halves and of the first half's leaves (which bound its table); the
//!   cheapest cut whose table fits the cap ([`plan::Plan::decide`]).
//! * **H2** (first half): enumerate slots `0..m` as the row scan does; at
//!   each leaf add 1 to the table's entry: frontier colours -> copies
//!   used -> covers.
//! * **H3** (second half): enumerate slots `m..n` the same way (back items
//!   are those an earlier slot of this half coloured). Once every frontier
//!   item is coloured (a fixed depth), look the colours up: no entry cuts
//!   the subtree; else each leaf below looks its complement up in that one
//!   map, small enough to stay in the cache.
//! * **H4** (join): the sum of what the leaves found; the second half is
//!   cut into tickets that the threads share.
//!
//! Nodes are counted as in the search loop (each option taken is one);
//! Ctrl-C, the deadline and the node budget are polled every [`POLL`]
//! nodes. A stopped count reports its sum so far, a lower bound. A table
//! that outgrows the cap stops the method: the caller counts another way.
//!
//! # Invariants (checked in debug builds)
//!
//! * every back item of a slot has a colour when the slot is reached;
//! * the copies used, as a code, equal the sum of the units of the pieces
//!   taken; every frontier item is coloured at the look-up depth.

use super::{hash, width};
use crate::engine::backends::blocks::Jagged;
use crate::engine::backends::shape::UniformSlots;
use crate::engine::config::SearchConfig;
use crate::engine::problem::Problem;
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::tuning::DEFAULT_MEMO_MB;
use crate::rng::Rng;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

mod dense;
mod layers;
pub(crate) mod plan;
mod poll;
mod run;
#[cfg(test)]
#[path = "halves_tests.rs"]
mod tests;

/// Nodes between two polls of the stop flag, the deadline and the budget.
const POLL: u64 = 4096;
/// A slot without a dense table of runs (its key space is too large).
const NO_TABLE: u32 = u32::MAX;
/// Keys spaces up to this size get a dense table of runs.
const MAX_DENSE: u64 = 1 << 12;

/// A hasher for keys that are numbers: the memo's mixer.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = hash(&[self.0 ^ u64::from(b)]);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = hash(&[x]);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map keyed by a 64-bit code.
type Map<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// The problem as both halves see it: per slot (declared order), its items
/// and its options' pieces and colours; per piece its copies and its unit
/// in the code of the copies used.
pub(crate) struct Halves {
    n: usize,
    copies: Vec<u32>,
    /// Per piece: its unit in the code of the copies used (a field wide
    /// enough for its copies), and the code of "every copy used".
    unit: Vec<u64>,
    full: u64,
    n_colours: Vec<u32>,
    /// Per slot: its secondary items.
    items: Jagged<u32>,
    /// Per slot: its options' pieces, and their dense colours in the order
    /// of the slot's items (`ni` per option).
    piece: Jagged<u32>,
    colour: Jagged<u32>,
    /// Per item: the first and the last slot touching it.
    first: Vec<u32>,
    last: Vec<u32>,
}

/// One half, slots `from..to`: per slot, its back items (coloured by an
/// earlier slot of the half) and their radixes, its forward items, and its
/// options sorted by the key of their back colours.
pub(crate) struct Scan {
    from: usize,
    to: usize,
    back: Jagged<u32>,
    radix: Jagged<u64>,
    fwd: Jagged<u32>,
    /// Per slot (index `s - from`): its sorted options' keys, pieces and
    /// forward colours (`fwd.row_len` per option).
    key: Jagged<u64>,
    piece: Jagged<u32>,
    fcol: Jagged<u32>,
    /// Per slot: where its dense table of run starts begins, or `NO_TABLE`.
    table_off: Vec<u32>,
    table: Vec<u32>,
}

/// One level of a half's search: the end of the run that matched and the
/// entry taken (indices into the slot's sorted options).
#[derive(Clone, Copy, Debug, Default)]
struct Run {
    hi: u32,
    at: u32,
}

/// A worker's search state over a scan.
struct State {
    colour: Vec<u32>,
    remaining: Vec<u32>,
    /// The code of the copies used.
    used: u64,
    levels: Vec<Run>,
    /// The position of the slot to fill next.
    level: usize,
}

impl Halves {
    /// The halves of `pb`, a problem with uniform slots; `None` when the
    /// code of the copies used does not fit in 64 bits or a frontier's
    /// colours might not (more than 2^62 colourings); `Err` when `halt`
    /// stops the build.
    pub(crate) fn build(pb: &Problem, uniform: &UniformSlots, halt: &Halt) -> Result<Option<Self>, Stopped> {
        let shape = uniform.slots;
        let dense = pb.dense_colours(halt)?;
        let (mut unit, mut bits) = (Vec::with_capacity(shape.copies.len()), 0u32);
        for &c in &shape.copies {
            let w = width(u64::from(c));
            if bits + w > 64 {
                return Ok(None);
            }
            unit.push(1u64 << bits);
            bits += w;
        }
        let full = shape.copies.iter().zip(&unit).map(|(&c, &u)| u64::from(c) * u).sum();
        let n = shape.slot_item.len();
        let (mut items, mut piece, mut colour) = (Jagged::new(), Jagged::new(), Jagged::new());
        let mut first = vec![u32::MAX; pb.secondary_count()];
        let mut last = vec![0u32; pb.secondary_count()];
        for s in 0..n {
            halt.check()?;
            let its = uniform.items.row(s);
            for &j in its {
                first[j as usize] = first[j as usize].min(s as u32);
                last[j as usize] = s as u32;
            }
            items.push_row(its.iter().copied());
            for &o in &shape.options[s] {
                piece.push(shape.piece_of(pb, o as usize));
                let base = colour.data_mut().len();
                colour.data_mut().resize(base + its.len(), 0);
                for (k, j) in pb.secondary_nodes(o as usize) {
                    let at = its.iter().position(|&x| x == j).expect("a uniform slot");
                    colour.data_mut()[base + at] = dense.node[k];
                }
            }
            piece.end_row();
            colour.end_row();
        }
        let halves = Halves {
            n,
            copies: shape.copies.clone(),
            unit,
            full,
            n_colours: dense.n_colours.clone(),
            items,
            piece,
            colour,
            first,
            last,
        };
        let colourings =
            (1..n).map(|m| halves.frontier(m).iter().map(|&j| halves.radix(j)).fold(1f64, |a, r| a * r as f64));
        if colourings.fold(1f64, f64::max) > (1u64 << 62) as f64 {
            return Ok(None);
        }
        Ok(Some(halves))
    }

    pub(crate) fn slots(&self) -> usize {
        self.n
    }

    fn radix(&self, j: u32) -> u64 {
        u64::from(self.n_colours[j as usize].max(1))
    }

    /// The frontier of the cut at `m`: the items a slot before `m` and a
    /// slot from `m` on both touch, in item order.
    pub(crate) fn frontier(&self, m: usize) -> Vec<u32> {
        let m = m as u32;
        (0..self.first.len() as u32).filter(|&j| self.first[j as usize] < m && self.last[j as usize] >= m).collect()
    }

    /// The scan of slots `from..to`.
    pub(crate) fn scan(&self, from: usize, to: usize) -> Scan {
        let mut seen = vec![false; self.first.len()];
        let mut scan = Scan {
            from,
            to,
            back: Jagged::new(),
            radix: Jagged::new(),
            fwd: Jagged::new(),
            key: Jagged::new(),
            piece: Jagged::new(),
            fcol: Jagged::new(),
            table_off: Vec::with_capacity(to - from),
            table: Vec::new(),
        };
        for s in from..to {
            let its = self.items.row(s);
            let is_back: Vec<bool> = its.iter().map(|&j| seen[j as usize]).collect();
            its.iter().for_each(|&j| seen[j as usize] = true);
            scan.back.push_row(its.iter().zip(&is_back).filter(|p| *p.1).map(|p| *p.0));
            scan.fwd.push_row(its.iter().zip(&is_back).filter(|p| !*p.1).map(|p| *p.0));
            scan.radix.push_row(scan.back.row(s - from).iter().map(|&j| self.radix(j)));
            self.sort_slot(&mut scan, s, &is_back);
        }
        scan
    }

    /// Slot `s`'s options sorted by key into `scan`, and its dense table.
    fn sort_slot(&self, scan: &mut Scan, s: usize, is_back: &[bool]) {
        let ni = is_back.len();
        let cols = self.colour.row(s);
        let radixes = scan.radix.row(s - scan.from).to_vec();
        let key_of = |t: usize| {
            let back = cols[t * ni..(t + 1) * ni].iter().zip(is_back).filter(|p| *p.1).map(|p| u64::from(*p.0));
            back.zip(&radixes).fold(0u64, |k, (c, &r)| k * r + c)
        };
        let pieces = self.piece.row(s);
        let mut order: Vec<(u64, usize)> = (0..pieces.len()).map(|t| (key_of(t), t)).collect();
        order.sort_unstable();
        for &(k, t) in &order {
            scan.key.push(k);
            scan.piece.push(pieces[t]);
            let fwd = cols[t * ni..(t + 1) * ni].iter().zip(is_back).filter(|p| !*p.1).map(|p| *p.0);
            scan.fcol.data_mut().extend(fwd);
        }
        scan.key.end_row();
        scan.piece.end_row();
        scan.fcol.end_row();
        let space = radixes.iter().try_fold(1u64, |a, &r| a.checked_mul(r)).unwrap_or(u64::MAX);
        if space > MAX_DENSE {
            scan.table_off.push(NO_TABLE);
            return;
        }
        scan.table_off.push(scan.table.len() as u32);
        let mut at = 0;
        for d in 0..=space {
            while at < order.len() && order[at].0 < d {
                at += 1;
            }
            scan.table.push(at as u32);
        }
    }

    /// A search state at the root of any scan: no colour, every copy left.
    fn state(&self) -> State {
        State {
            colour: vec![u32::MAX; self.n_colours.len()],
            remaining: self.copies.clone(),
            used: 0,
            levels: vec![Run::default(); self.n + 1],
            level: 0,
        }
    }

    /// The code of the colours on `front` (mixed radix, in its order).
    #[inline]
    fn colours_code(&self, st: &State, front: &[u32]) -> u64 {
        front.iter().fold(0u64, |code, &j| {
            let c = st.colour[j as usize];
            debug_assert!(c != u32::MAX, "a frontier item has no colour");
            code * self.radix(j) + u64::from(c)
        })
    }
}

impl Scan {
    /// The run of slot `s`'s options (indices into its sorted list) that
    /// match the current colours of its back items.
    #[inline(always)]
    fn run_of(&self, st: &State, s: usize) -> (u32, u32) {
        self.run_in(&st.colour, s)
    }

    /// The same run, with the colours of the items given.
    #[inline(always)]
    fn run_in(&self, colour: &[u32], s: usize) -> (u32, u32) {
        let i = s - self.from;
        let mut k = 0u64;
        for (&j, &r) in self.back.row(i).iter().zip(self.radix.row(i)) {
            let c = colour[j as usize];
            debug_assert!(c != u32::MAX, "a back item has no colour");
            k = k * r + u64::from(c);
        }
        let t = self.table_off[i];
        if t != NO_TABLE {
            let t = t as usize + k as usize;
            return (self.table[t], self.table[t + 1]);
        }
        let keys = self.key.row(i);
        let lo = keys.partition_point(|&x| x < k);
        let hi = lo + keys[lo..].partition_point(|&x| x == k);
        (lo as u32, hi as u32)
    }

    /// The first option of the current level's run from `k` on whose piece
    /// has a copy left.
    #[inline(always)]
    fn next_from(&self, st: &State, k: u32) -> Option<u32> {
        let s = st.level;
        let pieces = self.piece.row(s - self.from);
        (k..st.levels[s].hi).find(|&k| st.remaining[pieces[k as usize] as usize] > 0)
    }

    /// Takes option `k` of the current slot and goes one level down.
    #[inline(always)]
    fn take(&self, h: &Halves, st: &mut State, k: u32) {
        let s = st.level;
        let i = s - self.from;
        let p = self.piece.row(i)[k as usize] as usize;
        debug_assert!(st.remaining[p] > 0);
        st.remaining[p] -= 1;
        st.used += h.unit[p];
        let nf = self.fwd.row_len(i);
        let cols = &self.fcol.row(i)[k as usize * nf..(k as usize + 1) * nf];
        for (&j, &c) in self.fwd.row(i).iter().zip(cols) {
            st.colour[j as usize] = c;
        }
        st.levels[s].at = k;
        st.level += 1;
    }

    /// Gives the copy the current level's parent took back and goes up.
    #[inline(always)]
    fn untake(&self, h: &Halves, st: &mut State) {
        st.level -= 1;
        let s = st.level;
        let p = self.piece.row(s - self.from)[st.levels[s].at as usize] as usize;
        st.remaining[p] += 1;
        st.used -= h.unit[p];
    }

    /// Knuth's estimate of the nodes at each depth `1..=to - from` of this
    /// half's tree, and its leaves, from `walks` random walks with fixed
    /// seeds (each step a uniform choice among the children).
    pub(crate) fn estimate(&self, h: &Halves, walks: u32, halt: &Halt) -> Result<Vec<f64>, Stopped> {
        let mut per_depth = vec![0f64; self.to - self.from + 1];
        let mut st = h.state();
        st.level = self.from;
        let mut children = Vec::new();
        for w in 0..walks {
            halt.check()?;
            let mut rng = Rng::new(0x4A1F_0000 + u64::from(w));
            let mut weight = 1f64;
            while st.level < self.to {
                let (lo, hi) = self.run_of(&st, st.level);
                let pieces = self.piece.row(st.level - self.from);
                children.clear();
                children.extend((lo..hi).filter(|&k| st.remaining[pieces[k as usize] as usize] > 0));
                if children.is_empty() {
                    break;
                }
                weight *= children.len() as f64;
                per_depth[st.level + 1 - self.from] += weight;
                st.levels[st.level] = Run { hi, at: lo };
                let k = rng.pick(&children);
                self.take(h, &mut st, k);
            }
            while st.level > self.from {
                self.untake(h, &mut st);
            }
        }
        per_depth.iter_mut().for_each(|x| *x /= f64::from(walks.max(1)));
        Ok(per_depth)
    }
}

fn cap_bytes(config: &SearchConfig) -> usize {
    config.memo_mb.unwrap_or(DEFAULT_MEMO_MB).saturating_mul(1 << 20)
}
