//! The row-scan backend: slots filled in a fixed order, each from a
//! candidate list pre-indexed by the colours it must match.
//!
//! It serves the same slot/piece problems as the [assignment
//! backend](super::assign) (every option names a slot and a piece, plus
//! coloured secondary items), when every option of a slot touches the same
//! secondary items. The slots are filled in the order the problem declares
//! them (a tile puzzle declares its cells row by row). When slot `i` is
//! reached, the secondary items it shares with slots `0..i` (its *back*
//! items: for a cell in reading order, the joins above and to the left)
//! already have their colours, so the options that fit are exactly those
//! whose colours on the back items equal the current ones: one contiguous
//! run of the slot's options once they are sorted by those colours.
//!
//! Example: a 2x2 board, cells `a b / c d`, joins `ab`, `cd` (horizontal)
//! and `ac`, `bd` (vertical). `a` has no back items: every tile is a
//! candidate. `b`'s back item is `ab`; `c`'s is `ac`; `d`'s are `bd` and
//! `cd`, so `d`'s tiles are sorted by the pair (colour on `bd`, colour on
//! `cd`), and the candidates for `d` are found by one table lookup.
//!
//! * **R1** (index): per slot, its options sorted by their *key*, the
//!   mixed-radix number formed by their dense colours on the back items.
//! * **R2** (enter slot `i`): form the key from the current colours of the
//!   back items; look the run of options with that key up in the slot's
//!   table (one entry per possible key, when there are at most 65,536 of
//!   them), or binary-search it.
//! * **R3** (try): the options of the run in order, skipping those whose
//!   piece has no copy left; taking one decrements its piece and writes its
//!   colours on the slot's *forward* items (the others).
//! * **R4** (undo): give the copy back. Forward colours need no undo: no
//!   later slot reads them before slot `i` writes them again.
//! * **R5** (memo key) and **R6** (its bound): see `write_key` and
//!   `key_bound` below.
//! * **R7** (balance, in `RowScan<true>` only): the [colour
//!   balance](super::balance) of the joins, kept by each option's net
//!   changes (fixed, since a join is coloured exactly when its later slot
//!   is filled); a node where it fails is a dead end. It cuts trees where
//!   labels are few (5x5 Tetravex with 3 labels: 5 times fewer nodes) but
//!   doubles the cost of a node, so [`crate::engine::choice::choose`] runs it only where
//!   the estimated trees say it pays; `RowScan<false>` has none of it.
//!
//! There is no look-ahead at all: a node costs a table lookup and a few
//! word writes, so this backend explores many more nodes than the
//! assignment backend at a small fraction of the cost per node. The engine
//! picks between the two by estimating both trees (see [`crate::engine::choice::choose`]).
//!
//! # Invariants (checked in debug builds)
//!
//! * at level `i`, every back item of slot `i` has a colour written by an
//!   earlier level's option;
//! * `left` is the sum of the pieces' remaining copies.

use super::balance::{Balance, Delta};
use super::blocks::Jagged;
use super::shape::{SlotPieces, UniformSlots};
use super::{Backend, Node, Step};
use crate::engine::memo::{self, Packer};
use crate::engine::problem::{DenseColours, Problem};
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::tuning::{MAX_TABLE, MAX_TABLES};

/// A slot without a lookup table (its key space is too large).
const NO_TABLE: u32 = u32::MAX;

/// R1: every slot's options sorted by key, with what the search reads of
/// them (the fields of [`RowScan`] of the same names).
struct Sorted {
    opt: Jagged<u32>,
    key: Vec<u64>,
    piece: Vec<u32>,
    item: Jagged<u32>,
    radix: Jagged<u64>,
    fwd: Jagged<u32>,
    where_opt: Vec<(u32, u32)>,
}

impl Sorted {
    fn of(
        pb: &Problem,
        shape: &SlotPieces,
        layout: &Layout,
        dense: &DenseColours,
        halt: &Halt,
    ) -> Result<Self, Stopped> {
        let mut sorted = Sorted {
            opt: Jagged::new(),
            key: Vec::new(),
            piece: Vec::new(),
            item: Jagged::new(),
            radix: Jagged::new(),
            fwd: Jagged::new(),
            where_opt: vec![(u32::MAX, 0u32); pb.option_count()],
        };
        let mut cols: Vec<u32> = Vec::new();
        for s in 0..shape.slot_item.len() {
            halt.check()?;
            let (items, nb) = (&layout.items[s], layout.n_back[s]);
            let ni = items.len();
            let radixes: Vec<u64> = items[..nb].iter().map(|&j| u64::from(dense.n_colours[j as usize])).collect();
            // Each option's dense colours in the order of `items`, once.
            let opts = &shape.options[s];
            cols.clear();
            cols.resize(opts.len() * ni, 0);
            for (t, &o) in opts.iter().enumerate() {
                for (k, j) in pb.secondary_nodes(o as usize) {
                    let at = items.iter().position(|&x| x == j).expect("uniform slot");
                    cols[t * ni + at] = dense.node[k];
                }
            }
            let key_of = |t: usize| radixes.iter().zip(&cols[t * ni..]).fold(0u64, |k, (&r, &c)| k * r + u64::from(c));
            let mut order: Vec<(u64, u32, usize)> = opts.iter().enumerate().map(|(t, &o)| (key_of(t), o, t)).collect();
            order.sort_unstable();
            for (k, &(kv, o, t)) in order.iter().enumerate() {
                sorted.where_opt[o as usize] = (s as u32, k as u32);
                sorted.opt.push(o);
                sorted.key.push(kv);
                sorted.piece.push(shape.piece_of(pb, o as usize));
                cols[t * ni + nb..(t + 1) * ni].iter().for_each(|&c| sorted.fwd.push(c));
            }
            sorted.opt.end_row();
            sorted.fwd.end_row();
            sorted.item.push_row(items.iter().copied());
            sorted.radix.push_row(radixes);
        }
        Ok(sorted)
    }
}

/// R2's lookup tables (the fields of [`RowScan`] of the same names).
struct RunTables {
    table_off: Vec<u32>,
    table: Vec<u32>,
}

impl RunTables {
    fn of(sorted: &Sorted, halt: &Halt) -> Result<Self, Stopped> {
        let n = sorted.opt.rows();
        let (mut table_off, mut table) = (Vec::with_capacity(n), Vec::new());
        for s in 0..n {
            halt.check()?;
            let space = sorted.radix.row(s).iter().product::<u64>();
            if space > MAX_TABLE || table.len() + space as usize + 1 > MAX_TABLES {
                table_off.push(NO_TABLE);
                continue;
            }
            table_off.push(table.len() as u32);
            let lo = sorted.opt.start(s);
            let keys: &[u64] = &sorted.key[sorted.opt.range(s)];
            for k in 0..=space {
                table.push((lo + keys.partition_point(|&x| x < k)) as u32);
            }
        }
        Ok(RunTables { table_off, table })
    }
}

/// R5: the frontier of every slot. Slot `s` touches `item.row(s)`; an item
/// is written by the first slot touching it and read by the others.
fn frontiers(pb: &Problem, item: &Jagged<u32>, halt: &Halt) -> Result<Jagged<u32>, Stopped> {
    let mut first = vec![u32::MAX; pb.secondary_count()];
    let mut last = vec![0u32; pb.secondary_count()];
    for s in 0..item.rows() {
        for &j in item.row(s) {
            first[j as usize] = first[j as usize].min(s as u32);
            last[j as usize] = last[j as usize].max(s as u32);
        }
    }
    let mut front = Jagged::new();
    for s in 0..item.rows() as u32 {
        halt.check()?;
        front.push_row((0..pb.secondary_count() as u32).filter(|&j| first[j as usize] < s && s <= last[j as usize]));
    }
    Ok(front)
}

/// R5: the bits of each part of a memo key, and the most words a key takes.
struct KeyWidths {
    colour: Vec<u32>,
    piece: Vec<u32>,
    slot: u32,
    key_words: usize,
}

impl KeyWidths {
    fn of(pb: &Problem, dense: &DenseColours, remaining: &[u32], front: &Jagged<u32>) -> Self {
        let colour: Vec<u32> =
            (0..pb.secondary_count()).map(|j| memo::width(u64::from(dense.n_colours[j].max(1) - 1))).collect();
        let piece: Vec<u32> = remaining.iter().map(|&m| memo::width(u64::from(m))).collect();
        let slot = memo::width(front.rows() as u64);
        let key_words = front
            .iter()
            .map(|f| {
                let widths =
                    std::iter::once(slot).chain(piece.iter().copied()).chain(f.iter().map(|&j| colour[j as usize]));
                Packer::words(widths)
            })
            .max()
            .unwrap_or(1);
        KeyWidths { colour, piece, slot, key_words }
    }
}

/// R6: per slot, the bound on its distinct memo keys. `ways[k]`, the
/// sub-multisets of the copies with `k` copies, is the coefficient of x^k
/// in the product of (1 + x + ... + x^m).
fn key_bounds(front: &Jagged<u32>, dense: &DenseColours, remaining: &[u32]) -> Vec<f64> {
    let total = remaining.iter().map(|&m| m as usize).sum::<usize>();
    let mut ways = vec![0f64; total + 1];
    ways[0] = 1.0;
    let mut upto = 0;
    for &m in remaining {
        let m = m as usize;
        for k in (0..=upto + m).rev() {
            ways[k] = (k.saturating_sub(m)..=k.min(upto)).map(|i| ways[i]).sum();
        }
        upto += m;
    }
    front
        .iter()
        .enumerate()
        .map(|(s, f)| {
            let colourings = f.iter().map(|&j| f64::from(dense.n_colours[j as usize].max(1))).product::<f64>();
            colourings * total.checked_sub(s).map_or(0.0, |k| ways[k])
        })
        .collect()
}

/// The slot order and each slot's back and forward items.
struct Layout {
    /// Per slot position: its secondary items, back ones first.
    items: Vec<Vec<u32>>,
    n_back: Vec<usize>,
}

impl Layout {
    /// `None` unless every key fits in 64 bits; `Err` when `halt` stops it.
    fn new(pb: &Problem, uniform: &UniformSlots, halt: &Halt) -> Result<Option<Layout>, Stopped> {
        // Colours per item, as the keys' radixes.
        let mut colours: Vec<Vec<u32>> = vec![Vec::new(); pb.secondary_count()];
        for o in 0..pb.option_count() {
            halt.every(o)?;
            for (j, c) in pb.secondaries(o) {
                let list = &mut colours[j.index()];
                if !list.contains(&c) {
                    list.push(c);
                }
            }
        }
        // Back items: touched by an earlier slot (so coloured when the slot
        // is reached, since every option of that slot colours them).
        let mut seen = vec![false; pb.secondary_count()];
        let mut items = Vec::with_capacity(uniform.items.len());
        let mut n_back = Vec::with_capacity(uniform.items.len());
        for s in &uniform.items {
            let (back, fwd): (Vec<u32>, Vec<u32>) = s.iter().partition(|&&j| seen[j as usize]);
            let radix =
                back.iter().map(|&j| colours[j as usize].len().max(1) as u128).fold(1u128, u128::saturating_mul);
            if radix > u128::from(u64::MAX) {
                return Ok(None);
            }
            for &j in s {
                seen[j as usize] = true;
            }
            n_back.push(back.len());
            items.push(back.into_iter().chain(fwd).collect());
        }
        Ok(Some(Layout { items, n_back }))
    }
}

/// The row-scan backend's state (see the module doc). Rows of varying
/// length are [`Jagged`] arrays; a *sorted option* is a place in `opt`'s
/// data (slot `s`'s options sorted by key are `opt.range(s)`).
pub(crate) struct RowScan<const BALANCED: bool> {
    /// The number of slots, the depth of a solution.
    n_slots: usize,
    /// Per slot: its primary item (for [`Step`]).
    slot_item: Vec<u32>,
    /// Per slot: its options (global indices) sorted by key (R1).
    opt: Jagged<u32>,
    /// Beside each sorted option: its key.
    key: Vec<u64>,
    /// Beside each sorted option: its piece.
    piece: Vec<u32>,
    /// Per slot: its secondary items, back ones first.
    item: Jagged<u32>,
    /// Per slot: each back item's radix (its number of colours).
    radix: Jagged<u64>,
    /// Per slot whose key space is small (`table_off[s] != NO_TABLE`): the
    /// start of each key's run, `table[table_off[s] + key]`, and the end
    /// one entry later: R2 without a binary search.
    table_off: Vec<u32>,
    /// See `table_off`.
    table: Vec<u32>,
    /// Per slot: the dense colours of its sorted options on its forward
    /// items, `n_fwd(s)` per option, option after option.
    fwd: Jagged<u32>,
    /// Where each global option sits: (slot, index in the slot's run).
    where_opt: Vec<(u32, u32)>,
    /// Current dense colour of each secondary item (`u32::MAX`: none yet).
    colour: Vec<u32>,
    /// Per piece: the copies left.
    remaining: Vec<u32>,
    /// The copies left in all.
    left: u64,
    /// Per level: the run of the slot's options and the one taken.
    levels: Vec<Run>,
    /// The current depth (also the slot to fill next).
    level: usize,
    /// The depth runs start from (see [`Backend::base`]).
    base: usize,
    /// R5 (memo key): per slot `s`, its *frontier*: the items written by
    /// slots before `s` and read by `s` or a later slot.
    front: Jagged<u32>,
    /// The bits of each item's colours in a memo key.
    colour_width: Vec<u32>,
    /// The bits of each piece's copies in a memo key.
    piece_width: Vec<u32>,
    /// The bits of a slot number in a memo key.
    slot_width: u32,
    /// The most words a memo key takes.
    key_words: usize,
    /// R6 (key bound): per slot, an upper bound on its distinct keys: the
    /// colourings of its frontier times the ways to leave that many copies
    /// of the pieces.
    key_bound: Vec<f64>,
    /// R7: the colour balance of the joins. In this order a join is
    /// coloured when its slot of higher index is filled, never before.
    balance: Option<Balance>,
    /// Per sorted option: its net changes to the balance (no rows without
    /// a balance).
    bal: Jagged<Delta>,
}

/// One level of the path: the run `lo..hi` of sorted options that match
/// the colours when its slot was entered, and the one taken.
#[derive(Clone, Copy, Debug, Default)]
struct Run {
    /// The run's first sorted option.
    lo: u32,
    /// One past the run's last.
    hi: u32,
    /// The sorted option taken.
    at: u32,
}

impl<const BALANCED: bool> RowScan<BALANCED> {
    /// The backend for `pb`, a problem with uniform slots, or `None` when
    /// its keys do not fit in 64 bits; `Err` when `halt` stops the build
    /// (checked per slot and every [`STRIDE`](crate::engine::search::halt::STRIDE) options).
    pub(crate) fn build(pb: &Problem, uniform: &UniformSlots, halt: &Halt) -> Result<Option<Self>, Stopped> {
        let Some(layout) = Layout::new(pb, uniform, halt)? else { return Ok(None) };
        let shape = uniform.slots;
        let dense = pb.dense_colours(halt)?;
        let n = shape.slot_item.len();
        let remaining = shape.copies.clone();
        let sorted = Sorted::of(pb, shape, &layout, dense, halt)?;
        let tables = RunTables::of(&sorted, halt)?;
        let front = frontiers(pb, &sorted.item, halt)?;
        let widths = KeyWidths::of(pb, dense, &remaining, &front);
        let key_bound = key_bounds(&front, dense, &remaining);
        let balance = if BALANCED { Balance::new(pb, shape, halt)? } else { None };
        let mut bal = Jagged::new();
        if let Some(b) = &balance {
            let mut deltas = Vec::new();
            for (i, &o) in sorted.opt.iter().flatten().enumerate() {
                halt.every(i)?;
                b.deltas(o as usize, |_, e| e == 1, &mut deltas);
                bal.push_row(deltas.drain(..));
            }
        }
        Ok(Some(RowScan {
            balance,
            bal,
            key_bound,
            front,
            colour_width: widths.colour,
            piece_width: widths.piece,
            slot_width: widths.slot,
            key_words: widths.key_words,
            n_slots: n,
            slot_item: shape.slot_item.clone(),
            opt: sorted.opt,
            key: sorted.key,
            piece: sorted.piece,
            item: sorted.item,
            radix: sorted.radix,
            table_off: tables.table_off,
            table: tables.table,
            fwd: sorted.fwd,
            where_opt: sorted.where_opt,
            colour: vec![u32::MAX; pb.secondary_count()],
            left: remaining.iter().map(|&r| u64::from(r)).sum(),
            remaining,
            levels: vec![Run::default(); n + 1],
            level: 0,
            base: 0,
        }))
    }

    /// Whether the balance (R7) prunes this search.
    pub(crate) fn balanced(&self) -> bool {
        self.balance.is_some()
    }

    /// R2: the run of slot `s`'s options that match the current colours.
    #[inline(always)]
    fn run_of(&self, s: usize) -> (u32, u32) {
        let (i0, r0) = (self.item.start(s), self.radix.start(s));
        let nb = self.radix.row_len(s);
        let mut k = 0u64;
        for b in 0..nb {
            let c = self.colour[self.item[i0 + b] as usize];
            debug_assert!(c != u32::MAX, "a back item has no colour");
            k = k * self.radix[r0 + b] + u64::from(c);
        }
        let t = self.table_off[s];
        if t != NO_TABLE {
            let t = t as usize + k as usize;
            return (self.table[t], self.table[t + 1]);
        }
        let (lo, hi) = (self.opt.start(s), self.opt.start(s + 1));
        let keys = &self.key[lo..hi];
        let first = keys.partition_point(|&x| x < k);
        let last = first + keys[first..].partition_point(|&x| x == k);
        ((lo + first) as u32, (lo + last) as u32)
    }

    /// R3: takes option `k` (an index into the sorted options) at the
    /// current level, which fills slot `level`.
    #[inline(always)]
    fn take(&mut self, k: usize) {
        let s = self.level;
        let q = self.piece[k] as usize;
        self.remaining[q] -= 1;
        self.left -= 1;
        let i0 = self.item.start(s);
        let nb = self.radix.row_len(s);
        let nf = self.item.row_len(s) - nb;
        let f0 = self.fwd.start(s) + (k - self.opt.start(s)) * nf;
        for f in 0..nf {
            self.colour[self.item[i0 + nb + f] as usize] = self.fwd[f0 + f];
        }
        self.levels[s].at = k as u32;
        self.level += 1;
        if BALANCED {
            if let Some(b) = self.balance.as_mut() {
                for &d in self.bal.row(k) {
                    b.apply_delta(d, 1);
                }
            }
        }
    }

    /// R4: gives back the copy taken at the level below the current one.
    #[inline(always)]
    fn untake(&mut self) {
        self.level -= 1;
        let k = self.levels[self.level].at as usize;
        let q = self.piece[k] as usize;
        self.remaining[q] += 1;
        self.left += 1;
        if BALANCED {
            if let Some(b) = self.balance.as_mut() {
                for &d in self.bal.row(k) {
                    b.apply_delta(d, -1);
                }
            }
        }
    }

    /// The first option at index `from` or later of the current level's
    /// run whose piece has a copy left.
    #[inline(always)]
    fn next_from(&self, from: u32) -> Option<usize> {
        let hi = self.levels[self.level].hi;
        (from..hi).map(|k| k as usize).find(|&k| self.remaining[self.piece[k] as usize] > 0)
    }

    /// The invariants of the module doc, and that every level's option lies
    /// in its run.
    #[cfg(debug_assertions)]
    fn sanity(&self) {
        assert_eq!(self.left, self.remaining.iter().map(|&r| u64::from(r)).sum::<u64>(), "copies left");
        for (l, run) in self.levels[..self.level].iter().enumerate() {
            assert!(run.lo <= run.at && run.at < run.hi, "level {l} outside its run");
        }
        if self.level < self.n_slots {
            let nb = self.radix.row_len(self.level);
            for &j in &self.item.row(self.level)[..nb] {
                assert!(self.colour[j as usize] != u32::MAX, "a back item has no colour");
            }
        }
    }

    /// R5: the memo key of the node at the current level (`< n_slots`):
    /// the slot, every piece's copies left, the colours on its frontier.
    /// The slots from here on read nothing else, so these determine the
    /// subtree.
    fn write_key(&self, key: &mut [u64]) {
        let s = self.level;
        let mut p = Packer::new(key);
        p.push(s as u64, self.slot_width);
        for (&r, &w) in self.remaining.iter().zip(&self.piece_width) {
            p.push(u64::from(r), w);
        }
        for &j in self.front.row(s) {
            let c = self.colour[j as usize];
            debug_assert!(c != u32::MAX, "a frontier item has no colour");
            p.push(u64::from(c), self.colour_width[j as usize]);
        }
    }
}

impl<const BALANCED: bool> Backend for RowScan<BALANCED> {
    fn kind(&self) -> super::BackendKind {
        super::BackendKind::RowScan
    }

    fn memo_words(&self) -> usize {
        self.key_words
    }

    fn memo_bound(&self, depth: usize) -> Option<f64> {
        self.key_bound.get(depth).copied()
    }

    fn memo_key(&self, key: &mut [u64]) -> bool {
        if self.level < self.n_slots {
            self.write_key(key);
        }
        self.level < self.n_slots
    }

    fn reset(&mut self) {
        while self.level > 0 {
            self.untake();
        }
        self.base = 0;
    }

    fn replay(&mut self, path: &[Step]) -> bool {
        for step in path {
            let o = step.option as usize;
            if self.level >= self.n_slots || o >= self.where_opt.len() {
                return false;
            }
            let (s, k) = self.where_opt[o];
            if s as usize != self.level || step.item != self.slot_item[self.level] {
                return false;
            }
            let (lo, hi) = self.run_of(self.level);
            let k = self.opt.start(s as usize) as u32 + k;
            if k < lo || k >= hi || self.remaining[self.piece[k as usize] as usize] == 0 {
                return false;
            }
            self.levels[self.level] = Run { lo, hi, at: lo };
            self.take(k as usize);
        }
        self.base = self.level;
        true
    }

    fn depth(&self) -> usize {
        self.level
    }

    fn base(&self) -> usize {
        self.base
    }

    #[inline(always)]
    fn node(&mut self) -> Node {
        if self.level < self.n_slots {
            if BALANCED && self.balance.as_ref().is_some_and(|b| !b.feasible()) {
                Node::DeadEnd
            } else {
                Node::Inner
            }
        } else if self.left == 0 {
            Node::Solution
        } else {
            // Every slot is filled; a piece is still owed copies.
            Node::DeadEnd
        }
    }

    /// R2, then R3 for the first option of the run.
    #[inline(always)]
    fn first_child(&mut self) -> bool {
        let level = self.level;
        let (lo, hi) = self.run_of(level);
        self.levels[level] = Run { lo, hi, at: lo };
        match self.next_from(lo) {
            Some(k) => {
                self.take(k);
                true
            }
            None => false,
        }
    }

    /// R4, then R3 for the next option of the run.
    #[inline(always)]
    fn next_sibling(&mut self) -> bool {
        self.untake();
        match self.next_from(self.levels[self.level].at + 1) {
            Some(k) => {
                self.take(k);
                true
            }
            None => false,
        }
    }

    fn step(&self, l: usize) -> Step {
        Step { item: self.slot_item[l], option: self.opt[self.levels[l].at as usize] }
    }

    fn branch(&self, l: usize) -> (u32, u32) {
        let run = self.levels[l];
        (run.at - run.lo + 1, run.hi - run.lo)
    }

    // Small problems only: the engine's cross-checks use them, and a check
    // per node would make debug runs of large boards crawl.
    fn check(&self) {
        #[cfg(debug_assertions)]
        if self.n_slots <= 16 {
            self.sanity();
            if let Some(b) = &self.balance {
                b.sanity();
            }
        }
    }
}
