//! The row-scan backend: slots filled in a fixed order, each from a
//! candidate list pre-indexed by the colours it must match.
//!
//! It serves the same slot/piece problems as the [assignment
//! backend](super::assign) (every option names a slot and a piece, plus
//! coloured secondary items), when every option of a slot touches the same
//! secondary items. The slots are filled in a fixed order: the one the
//! problem declares them in (a tile puzzle declares its cells row by row),
//! or, on big boards whose joins nearly determine their pieces, the
//! [square order](super::square), grown from a corner like the
//! corner-square scan; below, slot `i` is the `i`-th in that order. When slot `i` is
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
//!   mixed-radix number formed by their dense colours on the back items
//!   (counted where the keys are few, `rowscan/lists.rs`).
//! * **R2** (enter slot `i`): form the key from the current colours of the
//!   back items; look the run of options with that key up in the slot's
//!   list's table (one entry per possible key, when there are at most
//!   65,536 of them and about 32 times the list's entries: the counting
//!   sort of R1 gives it), or binary-search it. (A 28x28 board with 112
//!   labels has 12,544 keys per slot for 784 options: one table per slot
//!   took 39 MB and most of the backend's setup, per thread; one per
//!   shared list, R8, takes a few.)
//! * **R3** (try): the options of the run in order, skipping those whose
//!   piece has no copy left; taking one decrements its piece and writes its
//!   colours on the slot's *forward* items (the others).
//! * **R4** (undo): give the copy back. Forward colours need no undo: no
//!   later slot reads them before slot `i` writes them again.
//! * **R5** (memo key) and **R6** (its bound): see `write_key` and
//!   `key_bound` below.
//! * **R8** (shared lists): slots whose options give the same keys,
//!   pieces and forward colours, in the same order, share one sorted list
//!   and its table (every inner cell of a Tetravex board: one list instead
//!   of 1,024 copies on a 32x32 board, which the lookups now find in the
//!   cache); only the options' own numbers are kept per slot. Such slots
//!   are found without reading their options again: the slots of one
//!   class of [`UniformSlots::classes`] (the same pieces and colours,
//!   option by option) whose items fall alike into back and forward items,
//!   with the same radixes, have equal lists; the first sorts, the others
//!   take its list (on a 32x32 board the lists took 15% of a run's CPU
//!   before, 4% now).
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
//! assignment backend at a small fraction of the cost per node. Everything
//! but the search state (colours, copies left, levels, the balance) is
//! built once and shared by the workers of a search ([`RowScan::twins`]). The engine
//! picks between the two by estimating both trees (see [`crate::engine::choice::choose`]).
//!
//! # Invariants (checked in debug builds)
//!
//! * at level `i`, every back item of slot `i` has a colour written by an
//!   earlier level's option;
//! * `left` is the sum of the pieces' remaining copies.

use super::balance::{Balance, Delta};
use super::blocks::Jagged;
use super::shape::UniformSlots;
use super::{Backend, Node, Step};
use crate::engine::memo::{self, Packer};
use crate::engine::problem::Problem;
use crate::engine::search::halt::{Halt, Stopped};
use lists::{Layout, Lists, RunTables, SlotOptions, NO_TABLE};
use std::sync::Arc;

mod lists;

/// The backend: the search state of one worker, over the tables that the
/// workers of a search share (reached through `Deref`).
pub(crate) struct RowScan<const BALANCED: bool> {
    /// What the search never changes, shared by the workers.
    tables: Arc<Tables>,
    /// Current dense colour of each secondary item (`u32::MAX`: none yet).
    colour: Vec<u32>,
    /// Per piece: the copies left.
    remaining: Vec<u32>,
    /// The copies left in all.
    left: u64,
    /// Per level: the run `[lo, hi)` and the index taken.
    levels: Vec<Run>,
    /// The current depth (also the position of the slot to fill next).
    level: usize,
    /// The depth runs start from (see [`Backend::base`]).
    base: usize,
    /// R7: the colour balance of the joins. In this order a join is
    /// coloured when its slot of higher index is filled, never before.
    balance: Option<Balance>,
}

impl<const BALANCED: bool> std::ops::Deref for RowScan<BALANCED> {
    type Target = Tables;
    fn deref(&self) -> &Tables {
        &self.tables
    }
}

impl Tables {
    /// The place among every slot's entries (slot after slot) of entry `k`
    /// (an index into the lists) of slot `s`'s list: a row of `bal`.
    #[inline(always)]
    fn sorted(&self, s: usize, k: usize) -> usize {
        self.sorted_off[s] as usize + (k - self.list_off[s] as usize)
    }

    /// R7: each entry's net changes to the balance, slot after slot (the
    /// rows of `bal`); none without the balance.
    fn deltas(&self, halt: &Halt) -> Result<Jagged<Delta>, Stopped> {
        let mut bal = Jagged::new();
        if let Some(b) = &self.balance {
            for s in 0..self.n_slots {
                halt.check()?;
                let off = self.list_off[s] as usize;
                for k in off..off + self.len[s] as usize {
                    b.deltas(self.option(s, k) as usize, |_, e| e == 1, bal.data_mut());
                    bal.end_row();
                }
            }
        }
        Ok(bal)
    }

    /// The problem's number of the option at entry `k` (an index into the
    /// lists) of slot `s`'s list.
    fn option(&self, s: usize, k: usize) -> u32 {
        let t = self.perm[k];
        match &self.options {
            SlotOptions::Ranges(first) => first[s] + t,
            SlotOptions::Rows(rows) => rows.row(s)[t as usize],
        }
    }

    /// The entry (an index into the lists) of the problem's option `o` in
    /// slot `s`'s list, if `o` is an option of that slot.
    fn entry(&self, s: usize, o: u32) -> Option<usize> {
        let t = match &self.options {
            SlotOptions::Ranges(first) => o.checked_sub(first[s]).filter(|&t| t < self.len[s])?,
            SlotOptions::Rows(rows) => rows.row(s).binary_search(&o).ok()? as u32,
        };
        let off = self.list_off[s] as usize;
        Some(off + self.inv[off + t as usize] as usize)
    }
}

/// What the search reads of a slot at each node, in one place (the
/// fields of [`Tables`] of the same names, at the slot): where its items
/// start in `items` and how many are back items and items in all; where
/// its list, forward colours, table and leading digits start; its list's
/// length.
#[derive(Clone, Copy, Debug)]
struct Pos {
    item: u32,
    nb: u32,
    ni: u32,
    list: u32,
    fwd: u32,
    table: u32,
    lead: u32,
    len: u32,
}

impl Pos {
    /// Every slot's record, its items laid end to end and their radixes.
    fn of(lists: &Lists, runs: &RunTables) -> (Vec<Pos>, Vec<u32>, Vec<u64>) {
        let n = lists.list_off.len();
        let (mut items, mut radixes, mut pos) = (Vec::new(), Vec::new(), Vec::with_capacity(n));
        for s in 0..n {
            let (row, radix) = (lists.item.row(s), lists.radix.row(s));
            pos.push(Pos {
                item: items.len() as u32,
                nb: radix.len() as u32,
                ni: row.len() as u32,
                list: lists.list_off[s],
                fwd: lists.fwd_off[s],
                table: runs.table_off[s],
                lead: runs.lead_off[s],
                len: lists.len[s],
            });
            items.extend_from_slice(row);
            radixes.extend(radix.iter().copied().chain(std::iter::repeat_n(1, row.len() - radix.len())));
        }
        (pos, items, radixes)
    }
}

/// One level of the search: the run `[lo, hi)` of its slot's list that
/// matched the back colours, and the entry taken.
#[derive(Clone, Copy, Debug, Default)]
struct Run {
    lo: u32,
    hi: u32,
    at: u32,
}

/// What a search never changes: the order, the options sorted by key, the
/// lookup tables, the memo's frontiers and bounds, the balance's deltas.
pub(crate) struct Tables {
    n_slots: usize,
    slot_item: Vec<u32>,
    /// Per slot: its options (`len[s]` of them) sorted by key, their
    /// keys, pieces, places among the slot's `options` (`perm`) and
    /// forward colours (R8, its *list*, perhaps another slot's too) at
    /// `key[list_off[s]..]`, `piece[list_off[s]..]`, `perm[list_off[s]..]`;
    /// `inv[list_off[s] + t]` is the entry of place `t`, from the list's
    /// start (see `lists.rs`). The search's option indices `k` are
    /// indices into the lists.
    options: SlotOptions,
    list_off: Vec<u32>,
    len: Vec<u32>,
    key: Vec<u64>,
    piece: Vec<u32>,
    perm: Vec<u32>,
    inv: Vec<u32>,
    /// Per slot: where its entries start when every slot's are counted
    /// in turn (the rows of `bal`).
    sorted_off: Vec<u32>,
    /// Per slot whose key space is small (`pos[s].table != NO_TABLE`): the
    /// start of each key's run, `table[pos[s].table + key]`, and the end
    /// one entry later: R2 without a binary search.
    table: Vec<u32>,
    /// Per slot without such a table but with back items: the start of
    /// each colour's run on its first back item (the key's leading digit),
    /// `lead[pos[s].lead + colour]`: R2 binary-searches within it, a
    /// handful of options, not the slot's whole list.
    lead: Vec<u32>,
    /// Per list entry: the dense colours on the slot's forward items, at
    /// `pos[s].fwd + (k - list_off[s]) * n_fwd(s)`.
    fwd: Vec<u32>,
    /// The copies of each piece, their sum, and the secondary items.
    copies: Vec<u32>,
    left: u64,
    n_colours: usize,
    /// R5 (memo key): per slot `s`, its *frontier*: the items written by
    /// slots before `s` and read by `s` or a later slot, at
    /// `front[front_off[s]..front_off[s + 1]]`; the bits of each item's
    /// colours, of each piece's copies and of a slot number.
    front: Jagged<u32>,
    colour_width: Vec<u32>,
    piece_width: Vec<u32>,
    slot_width: u32,
    key_words: usize,
    /// R6 (key bound): per slot, an upper bound on its distinct keys: the
    /// colourings of its frontier times the ways to leave that many copies
    /// of the pieces.
    key_bound: Vec<f64>,
    /// R7: the balance at the root, each worker's copy to start from.
    balance: Option<Balance>,
    /// Per sorted option: its net changes to the balance, at
    /// `bal[bal_off[k]..bal_off[k + 1]]`.
    bal: Jagged<Delta>,
    /// Per slot: what a node reads of it; every slot's items (back ones
    /// first), slot after slot, and each one's radix (1 on the forward
    /// items).
    pos: Vec<Pos>,
    items: Vec<u32>,
    radixes: Vec<u64>,
}

impl<const BALANCED: bool> RowScan<BALANCED> {
    /// The backend for `pb`, a problem with uniform slots, filling the
    /// slots in the order the problem declares them, or `None` when its
    /// keys do not fit in 64 bits; `Err` when `halt` stops the build
    /// (checked per slot and every [`STRIDE`](crate::engine::search::halt::STRIDE) options).
    pub(crate) fn build(pb: &Problem, uniform: &UniformSlots, halt: &Halt) -> Result<Option<Self>, Stopped> {
        let order: Vec<u32> = (0..uniform.items.len() as u32).collect();
        Self::build_in(pb, uniform, order, true, halt)
    }

    /// As [`RowScan::build`], filling the slots in `order` (position ->
    /// slot, a permutation of the slots); with the memo's frontiers and
    /// bounds (R5, R6) only if `memo` (a first solution never memoises:
    /// on a 32x32 board they took a third of its instructions). Without
    /// them the backend offers no memo keys ([`Backend::memo_words`] is 0).
    pub(crate) fn build_in(
        pb: &Problem,
        uniform: &UniformSlots,
        order: Vec<u32>,
        memo: bool,
        halt: &Halt,
    ) -> Result<Option<Self>, Stopped> {
        let dense = uniform.dense(pb, halt)?;
        let Some(layout) = Layout::new(uniform, &order, &dense.n_colours) else { return Ok(None) };
        let shape = uniform.slots;
        let n = shape.slot_item.len();
        debug_assert_eq!(order.len(), n, "the order is a permutation of the slots");
        let mut lists = Lists::of(pb, uniform, &order, &layout, dense, halt)?;
        let runs = RunTables::of(&mut lists, halt)?;
        let remaining = shape.copies.clone();
        let (front, widths, key_bound) = match memo {
            true => {
                let front = frontiers(pb, &lists.item, halt)?;
                let widths = KeyWidths::of(&dense.n_colours, &remaining, &front);
                let key_bound = key_bounds(&dense.n_colours, &remaining, &front);
                (front, widths, key_bound)
            }
            false => {
                let none = KeyWidths { colour: Vec::new(), piece: Vec::new(), slot: 0, key_words: 0 };
                (Jagged::new(), none, Vec::new())
            }
        };
        let balance = if BALANCED { Balance::new(pb, shape, halt)? } else { None };
        let mut sorted_off = Vec::with_capacity(n + 1);
        sorted_off.push(0u32);
        for &l in &lists.len {
            sorted_off.push(sorted_off.last().expect("pushed") + l);
        }
        let (pos, items, radixes) = Pos::of(&lists, &runs);
        let mut tables = Tables {
            pos,
            items,
            radixes,
            balance,
            bal: Jagged::new(),
            key_bound,
            front,
            colour_width: widths.colour,
            piece_width: widths.piece,
            slot_width: widths.slot,
            key_words: widths.key_words,
            n_slots: n,
            slot_item: order.iter().map(|&s| shape.slot_item[s as usize]).collect(),
            options: lists.options,
            list_off: lists.list_off,
            len: lists.len,
            key: lists.key,
            piece: lists.piece,
            perm: lists.perm,
            inv: lists.inv,
            sorted_off,
            table: runs.table,
            lead: runs.lead,
            fwd: lists.fwd,
            n_colours: dense.n_colours.len(),
            left: remaining.iter().map(|&r| u64::from(r)).sum(),
            copies: remaining,
        };
        tables.bal = tables.deltas(halt)?;
        Ok(Some(RowScan::over(Arc::new(tables))))
    }

    /// A backend at the root over `tables`.
    fn over(tables: Arc<Tables>) -> Self {
        let n = tables.n_slots;
        RowScan {
            colour: vec![u32::MAX; tables.n_colours],
            remaining: tables.copies.clone(),
            left: tables.left,
            levels: vec![Run::default(); n + 1],
            level: 0,
            base: 0,
            balance: tables.balance.clone(),
            tables,
        }
    }

    /// What builds the backend of another worker of the search: one at
    /// the root over the same tables (no build, no second copy).
    pub(crate) fn twins(&self) -> impl Fn() -> Result<Self, Stopped> + Sync {
        let tables = Arc::clone(&self.tables);
        move || Ok(Self::over(Arc::clone(&tables)))
    }

    /// Whether the balance (R7) prunes this search.
    pub(crate) fn balanced(&self) -> bool {
        self.balance.is_some()
    }

    /// R2: the run of slot `s`'s options that match the current colours.
    #[inline(always)]
    fn run_of(&self, s: usize) -> (u32, u32) {
        let p = self.pos[s];
        let back = p.item as usize..(p.item + p.nb) as usize;
        let (mut k, mut first_colour) = (0u64, 0);
        for (b, (&j, &r)) in self.items[back.clone()].iter().zip(&self.radixes[back]).enumerate() {
            let c = self.colour[j as usize];
            debug_assert!(c != u32::MAX, "a back item has no colour");
            k = k * r + u64::from(c);
            if b == 0 {
                first_colour = c as usize;
            }
        }
        if p.table != NO_TABLE {
            let t = p.table as usize + k as usize;
            return (self.table[t], self.table[t + 1]);
        }
        let (lo, hi) = match p.lead {
            NO_TABLE => (p.list as usize, (p.list + p.len) as usize),
            l => (self.lead[l as usize + first_colour] as usize, self.lead[l as usize + first_colour + 1] as usize),
        };
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
        let t = &*self.tables;
        let p = t.pos[s];
        let nf = (p.ni - p.nb) as usize;
        let f0 = p.fwd as usize + (k - p.list as usize) * nf;
        for (&j, &c) in t.items[(p.item + p.nb) as usize..(p.item + p.ni) as usize].iter().zip(&t.fwd[f0..f0 + nf]) {
            self.colour[j as usize] = c;
        }
        self.levels[s].at = k as u32;
        self.level += 1;
        if BALANCED {
            let t = &self.tables;
            let k = t.sorted(s, k);
            if let Some(b) = self.balance.as_mut() {
                for &d in t.bal.row(k) {
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
            let t = &self.tables;
            let k = t.sorted(self.level, k);
            if let Some(b) = self.balance.as_mut() {
                for &d in t.bal.row(k) {
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
        for l in 0..self.level {
            assert!(
                self.levels[l].lo <= self.levels[l].at && self.levels[l].at < self.levels[l].hi,
                "level {l} outside its run"
            );
        }
        if self.level < self.n_slots {
            let p = self.pos[self.level];
            let back = &self.items[p.item as usize..(p.item + p.nb) as usize];
            for &j in back {
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

/// R5: the frontier of every slot, as (offsets, items). Slot `s` touches
/// `item[item_off[s]..]`; an item is written by the first slot touching it
/// and read by the others.
fn frontiers(pb: &Problem, item: &Jagged<u32>, halt: &Halt) -> Result<Jagged<u32>, Stopped> {
    let n = item.rows();
    let mut first = vec![u32::MAX; pb.secondary_count()];
    let mut last = vec![0u32; pb.secondary_count()];
    for s in 0..n {
        for &j in item.row(s) {
            first[j as usize] = first[j as usize].min(s as u32);
            last[j as usize] = last[j as usize].max(s as u32);
        }
    }
    let mut front = Jagged::new();
    for s in 0..n as u32 {
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
    fn of(n_colours: &[u32], remaining: &[u32], front: &Jagged<u32>) -> Self {
        let colour: Vec<u32> = n_colours.iter().map(|&c| memo::width(u64::from(c.max(1) - 1))).collect();
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
fn key_bounds(n_colours: &[u32], remaining: &[u32], front: &Jagged<u32>) -> Vec<f64> {
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
            let colourings = f.iter().map(|&j| f64::from(n_colours[j as usize].max(1))).product::<f64>();
            colourings * total.checked_sub(s).map_or(0.0, |k| ways[k])
        })
        .collect()
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
        if self.key_words == 0 {
            return false;
        }
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
            if self.level >= self.n_slots || step.item != self.slot_item[self.level] {
                return false;
            }
            let Some(k) = self.entry(self.level, step.option) else { return false };
            let k = k as u32;
            let (lo, hi) = self.run_of(self.level);
            if k < lo || k >= hi || self.remaining[self.piece[k as usize] as usize] == 0 {
                return false;
            }
            self.levels[self.level].lo = lo;
            self.levels[self.level].hi = hi;
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
        self.levels[level].lo = lo;
        self.levels[level].hi = hi;
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
        Step { item: self.slot_item[l], option: self.option(l, self.levels[l].at as usize) }
    }

    fn branch(&self, l: usize) -> (u32, u32) {
        (self.levels[l].at - self.levels[l].lo + 1, self.levels[l].hi - self.levels[l].lo)
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
