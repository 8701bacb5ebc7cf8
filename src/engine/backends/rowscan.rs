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
//!   list's table (one 16-bit offset per possible key, when there are at
//!   most 65,536 of them and about 32 times the list's entries, and the
//!   list has at most 65,535: the counting sort of R1 gives it), or
//!   binary-search its keys. (A 28x28 board with 112
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
use lists::{SlotOptions, Tables, NO_TABLE};
use std::sync::{Arc, Mutex};

mod lists;
#[cfg(test)]
mod tests;

/// The most bytes of tables a caller keeps from one search to the next
/// ([`RowScan::small`]): a stream's boards take a few kilobytes, a 32x32
/// board's first solution about 2 MB; a big count's tables, hundreds of
/// megabytes, are given back at once.
const KEEP_BYTES: usize = 16 << 20;

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
    /// The arrays of the next worker's search state, shared with the
    /// other workers (see [`RowScan::twins`]).
    spare: Arc<Mutex<Spare>>,
}

/// A worker's search arrays, allocated by the thread that builds the
/// tables and handed to the next worker: a worker thread that allocates
/// nothing never sets up an allocator's heap of its own (an arena of the
/// system's malloc, pages of metadata; with mimalloc, which tessera once
/// used, 16 page faults and a page per size class): on Tetravex 16x16
/// that was 0.1 ms of the run's 2.2 ms of CPU. A worker gives them back
/// when it ends, so that a stream of boards allocates them once. (Where no worker starts, they
/// cost a few thousand instructions and about three page faults.)
#[derive(Default)]
struct Spare {
    colour: Vec<u32>,
    remaining: Vec<u32>,
    levels: Vec<Run>,
}

impl<const BALANCED: bool> Drop for RowScan<BALANCED> {
    /// Gives the search arrays back for the next worker, unless the spare
    /// holds some already.
    fn drop(&mut self) {
        if let Ok(mut spare) = self.spare.lock() {
            if spare.levels.capacity() == 0 {
                spare.colour = std::mem::take(&mut self.colour);
                spare.remaining = std::mem::take(&mut self.remaining);
                spare.levels = std::mem::take(&mut self.levels);
            }
        }
    }
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
        self.sorted_off[s] as usize + (k - self.pos[s].list as usize)
    }

    /// R7: each entry's net changes to the balance, slot after slot (the
    /// rows of `bal`); none without the balance.
    fn deltas(&self, halt: &Halt) -> Result<Jagged<Delta>, Stopped> {
        let mut bal = Jagged::new();
        if let Some(b) = &self.balance {
            for s in 0..self.n_slots {
                halt.check()?;
                let off = self.pos[s].list as usize;
                for k in off..off + self.pos[s].len as usize {
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
            SlotOptions::Rows { off, option } => option[(off[s] + t) as usize],
        }
    }

    /// The entry (an index into the lists) of the problem's option `o` in
    /// slot `s`'s list, if `o` is an option of that slot.
    fn entry(&self, s: usize, o: u32) -> Option<usize> {
        let t = match &self.options {
            SlotOptions::Ranges(first) => o.checked_sub(first[s]).filter(|&t| t < self.pos[s].len)?,
            SlotOptions::Rows { off, option } => {
                option[off[s] as usize..off[s + 1] as usize].binary_search(&o).ok()? as u32
            }
        };
        let off = self.pos[s].list as usize;
        Some(off + self.inv[off + t as usize] as usize)
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

impl Tables {
    /// The tables of `pb` (uniform slots) in `order`, written over `self`;
    /// the memo's (R5, R6) only if `memo`. `false` when the keys do not fit
    /// in 64 bits (then `self` holds nothing usable).
    fn fill(
        &mut self,
        pb: &Problem,
        uniform: &UniformSlots,
        order: &[u32],
        memo: bool,
        halt: &Halt,
    ) -> Result<bool, Stopped> {
        let dense = uniform.dense(pb, halt)?;
        debug_assert_eq!(order.len(), uniform.items.rows(), "the order is a permutation of the slots");
        if !self.lay_out(uniform, order, &dense.n_colours) {
            return Ok(false);
        }
        self.fill_lists(pb, uniform, order, dense, halt)?;
        self.fill_leads(halt)?;
        self.n_slots = order.len();
        self.n_colours = dense.n_colours.len();
        self.copies.clear();
        self.copies.extend_from_slice(&uniform.slots.copies);
        self.left = self.copies.iter().map(|&r| u64::from(r)).sum();
        self.sorted_off.clear();
        self.sorted_off.push(0);
        for s in 0..self.n_slots {
            self.sorted_off.push(self.sorted_off[s] + self.pos[s].len);
        }
        self.front_off.clear();
        self.front.clear();
        self.colour_width.clear();
        self.piece_width.clear();
        self.key_bound.clear();
        (self.slot_width, self.key_words) = (0, 0);
        if memo {
            self.frontiers(pb.secondary_count(), halt)?;
            self.key_widths(&dense.n_colours);
            self.key_bounds(&dense.n_colours);
        }
        self.balance = None;
        if !self.bal.is_empty() {
            self.bal = Jagged::new();
        }
        Ok(true)
    }
}

impl<const BALANCED: bool> RowScan<BALANCED> {
    /// The backend for `pb`, a problem with uniform slots, filling the
    /// slots in the order the problem declares them, or `None` when its
    /// keys do not fit in 64 bits; `Err` when `halt` stops the build
    /// (checked per slot and every [`STRIDE`](crate::engine::search::halt::STRIDE) options).
    pub(crate) fn build(pb: &Problem, uniform: &UniformSlots, halt: &Halt) -> Result<Option<Self>, Stopped> {
        Ok(Self::build_into(None, pb, uniform, None, true, halt)?.map(|rows| *rows))
    }

    /// As [`RowScan::build`], written over `kept` (a backend of an earlier
    /// search, whose tables no other worker holds any more: else they are
    /// built anew), filling the slots in `order` (position -> slot, a
    /// permutation of the slots; `None`: the declared order); with the
    /// memo's frontiers and bounds (R5, R6) only if `memo` (a first
    /// solution never memoises: on a 32x32 board they took a third of its
    /// instructions). Without them the backend offers no memo keys
    /// ([`Backend::memo_words`] is 0). The answers and the search do not
    /// depend on what `kept` held.
    pub(crate) fn build_into(
        kept: Option<Box<Self>>,
        pb: &Problem,
        uniform: &UniformSlots,
        order: Option<&[u32]>,
        memo: bool,
        halt: &Halt,
    ) -> Result<Option<Box<Self>>, Stopped> {
        let mut rows = kept.unwrap_or_else(|| Box::new(Self::over(Arc::new(Tables::default()), Arc::default())));
        if Arc::get_mut(&mut rows.tables).is_none() {
            rows.tables = Arc::new(Tables::default());
        }
        let tables = Arc::get_mut(&mut rows.tables).expect("held by this backend alone");
        // The declared order is written in the tables' own array, taken
        // out while they are filled.
        let mut declared = std::mem::take(&mut tables.declared);
        let order = order.unwrap_or_else(|| {
            declared.clear();
            declared.extend(0..uniform.items.rows() as u32);
            &declared
        });
        let filled = tables.fill(pb, uniform, order, memo, halt);
        tables.declared = declared;
        if !filled? {
            return Ok(None);
        }
        if BALANCED {
            tables.balance = Balance::new(pb, uniform.slots, halt)?;
            tables.bal = tables.deltas(halt)?;
        }
        rows.root();
        Ok(Some(rows))
    }

    /// A backend at the root over `tables`, in the arrays of `spare` when
    /// it holds some.
    fn over(tables: Arc<Tables>, spare: Arc<Mutex<Spare>>) -> Self {
        let arrays = spare.lock().map(|mut s| std::mem::take(&mut *s)).unwrap_or_default();
        let mut rows = RowScan {
            colour: arrays.colour,
            remaining: arrays.remaining,
            left: 0,
            levels: arrays.levels,
            level: 0,
            base: 0,
            balance: None,
            tables,
            spare,
        };
        rows.root();
        rows
    }

    /// Puts the search state at the root of its tables, in place.
    fn root(&mut self) {
        let t = &*self.tables;
        self.colour.clear();
        self.colour.resize(t.n_colours, u32::MAX);
        self.remaining.clear();
        self.remaining.extend_from_slice(&t.copies);
        self.levels.clear();
        self.levels.resize(t.n_slots + 1, Run::default());
        (self.left, self.level, self.base) = (t.left, 0, 0);
        self.balance = t.balance.clone();
    }

    /// What builds the backend of another worker of the search: one at
    /// the root over the same tables (no build, no second copy). The
    /// first one takes the spare arrays, given room for these tables here,
    /// in the calling thread ([`Spare`]).
    pub(crate) fn twins(&self) -> impl Fn() -> Result<Self, Stopped> + Sync {
        if let Ok(mut spare) = self.spare.lock() {
            let t = &*self.tables;
            let Spare { colour, remaining, levels } = &mut *spare;
            colour.clear();
            colour.reserve_exact(t.n_colours);
            remaining.clear();
            remaining.reserve_exact(t.copies.len());
            levels.clear();
            levels.reserve_exact(t.n_slots + 1);
        }
        let (tables, spare) = (Arc::clone(&self.tables), Arc::clone(&self.spare));
        move || Ok(Self::over(Arc::clone(&tables), Arc::clone(&spare)))
    }

    /// Whether the tables take at most [`KEEP_BYTES`], so that a caller may
    /// keep them for the next build ([`RowScan::build_into`]).
    pub(crate) fn small(&self) -> bool {
        let t = &*self.tables;
        let words = t.piece.capacity() + t.perm.capacity() + t.inv.capacity() + t.key_at.capacity();
        let words = words + t.lead.capacity() + t.fwd.capacity() + t.front.capacity() + t.items.capacity();
        let words = words + t.radixes.capacity();
        let longs = t.key.capacity() + t.key_bound.capacity();
        2 * t.table.capacity() + 4 * words + 8 * longs <= KEEP_BYTES
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
            k = k * u64::from(r) + u64::from(c);
            if b == 0 {
                first_colour = c as usize;
            }
        }
        if p.table != NO_TABLE {
            let t = p.table as usize + k as usize;
            return (p.list + u32::from(self.table[t]), p.list + u32::from(self.table[t + 1]));
        }
        let (lo, hi) = match p.lead {
            NO_TABLE => (p.list as usize, (p.list + p.len) as usize),
            l => (self.lead[l as usize + first_colour] as usize, self.lead[l as usize + first_colour + 1] as usize),
        };
        // The list's keys start at `key_at[s]`, its entries at `p.list`.
        let ka = self.key_at[s] as usize;
        let keys = &self.key[ka + (lo - p.list as usize)..ka + (hi - p.list as usize)];
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
        for &j in self.tables.front(s) {
            let c = self.colour[j as usize];
            debug_assert!(c != u32::MAX, "a frontier item has no colour");
            p.push(u64::from(c), self.colour_width[j as usize]);
        }
    }
}

impl Tables {
    /// R5: the frontier of every slot, after the layout: the items whose
    /// first slot is before `s` and whose last is `s` or after, kept in
    /// increasing order as the positions go by (each item enters once and
    /// leaves once: work in proportion to the frontiers written, not to
    /// slots times items).
    fn frontiers(&mut self, n_items: usize, halt: &Halt) -> Result<(), Stopped> {
        let sc = &mut self.scratch;
        sc.first.clear();
        sc.first.resize(n_items, u32::MAX);
        sc.last.clear();
        sc.last.resize(n_items, 0);
        for (s, p) in self.pos.iter().enumerate() {
            for &j in &self.items[p.item as usize..(p.item + p.ni) as usize] {
                sc.first[j as usize] = sc.first[j as usize].min(s as u32);
                sc.last[j as usize] = s as u32;
            }
        }
        sc.active.clear();
        self.front_off.push(0);
        for s in 0..self.pos.len() {
            halt.every(s)?;
            // Entering `s`: the items last touched before it leave, those
            // first touched by `s - 1` and touched again come in.
            let (first, last) = (&sc.first, &sc.last);
            sc.active.retain(|&j| last[j as usize] >= s as u32);
            if let Some(prev) = s.checked_sub(1).map(|r| self.pos[r]) {
                for &j in &self.items[prev.item as usize..(prev.item + prev.ni) as usize] {
                    if first[j as usize] == (s - 1) as u32 && last[j as usize] >= s as u32 {
                        let at = sc.active.partition_point(|&x| x < j);
                        sc.active.insert(at, j);
                    }
                }
            }
            self.front.extend_from_slice(&sc.active);
            self.front_off.push(self.front.len() as u32);
        }
        Ok(())
    }

    /// Slot `s`'s frontier (R5).
    fn front(&self, s: usize) -> &[u32] {
        &self.front[self.front_off[s] as usize..self.front_off[s + 1] as usize]
    }

    /// R5: the bits of each part of a memo key, and the most words a key
    /// takes.
    fn key_widths(&mut self, n_colours: &[u32]) {
        self.colour_width.extend(n_colours.iter().map(|&c| memo::width(u64::from(c.max(1) - 1))));
        self.piece_width.extend(self.copies.iter().map(|&m| memo::width(u64::from(m))));
        self.slot_width = memo::width(self.pos.len() as u64);
        let (slot, piece, colour) = (self.slot_width, &self.piece_width, &self.colour_width);
        self.key_words = (0..self.pos.len())
            .map(|s| {
                let f = self.front(s);
                let widths =
                    std::iter::once(slot).chain(piece.iter().copied()).chain(f.iter().map(|&j| colour[j as usize]));
                Packer::words(widths)
            })
            .max()
            .unwrap_or(1);
    }

    /// R6: per slot, the bound on its distinct memo keys. `ways[k]`, the
    /// sub-multisets of the copies with `k` copies, is the coefficient of
    /// x^k in the product of (1 + x + ... + x^m).
    fn key_bounds(&mut self, n_colours: &[u32]) {
        let total = self.copies.iter().map(|&m| m as usize).sum::<usize>();
        let ways = &mut self.scratch.ways;
        ways.clear();
        ways.resize(total + 1, 0.0);
        ways[0] = 1.0;
        let mut upto = 0;
        for &m in &self.copies {
            let m = m as usize;
            for k in (0..=upto + m).rev() {
                ways[k] = (k.saturating_sub(m)..=k.min(upto)).map(|i| ways[i]).sum();
            }
            upto += m;
        }
        for s in 0..self.pos.len() {
            let f = &self.front[self.front_off[s] as usize..self.front_off[s + 1] as usize];
            let colourings = f.iter().map(|&j| f64::from(n_colours[j as usize].max(1))).product::<f64>();
            let ways = &self.scratch.ways;
            self.key_bound.push(colourings * total.checked_sub(s).map_or(0.0, |k| ways[k]));
        }
    }
}

impl<const BALANCED: bool> Backend for RowScan<BALANCED> {
    fn kind(&self) -> super::BackendKind {
        super::BackendKind::RowScan
    }

    /// Its nodes are cheap (some 50 ns): a longer trial.
    fn solo_trial_nodes(&self) -> u64 {
        crate::engine::tuning::SOLO_TRIAL_ROWS
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
