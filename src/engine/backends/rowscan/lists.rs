//! The row scan's layout and lists (R1, R2 and R8 of [`super`]): each
//! slot's items split into back and forward ones; per slot, its options
//! sorted by the colours on its back items, slots with equal lists
//! sharing one, and the lookup tables from a key to its run, with the
//! record of what the search never changes that they fill ([`Tables`],
//! defined here so that this module needs nothing of its parent).
//! Everything is written over the arrays of the last build, cleared and
//! refilled in place: a stream of small boards allocates nothing here
//! once its arrays have grown to its largest board.
//!
//! A list holds, per entry, the entry's key, piece, forward colours and
//! the place `t` of its option among the slot's own options (`perm`).
//! Nothing is written per (slot, option) pair: a slot that shares an
//! earlier slot's list keeps only where that list starts, and its option
//! at entry `k` is its `perm[k]`-th option, found from the slot's options
//! (a range, on a tile puzzle) when asked for (`Tables::option`). On a
//! 32x32 board the 1,024 slots share about 25 lists, so the build reads
//! about 25 slots' options instead of a million options.
//!
//! Example: the inner cells of a Tetravex board are one class of slots
//! (the same tiles, the same colours); in the square order each is
//! reached with its top and left joins coloured (or only one of them, at
//! the start of a column or row), so they share three lists, keyed by
//! (top, left), by left, by top. Cell 35's entry `k` of the (top, left)
//! list is its option `first[35] + perm[k]`.
//!
//! Invariants (checked in debug builds): within a list, keys never
//! decrease, and options of equal key keep the slot's order (so the list
//! is the slot's options sorted by (key, option), whichever slot built
//! it); `inv` inverts `perm` list by list; a list's table, where it has
//! one, puts every entry within its key's run.

use crate::engine::backends::balance::{Balance, Delta};
use crate::engine::backends::blocks::Jagged;
use crate::engine::backends::shape::UniformSlots;
use crate::engine::problem::{DenseColours, Problem};
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::tuning::{MAX_TABLE, MAX_TABLES};

/// A slot without a lookup table (its key space is too large).
pub(super) const NO_TABLE: u32 = u32::MAX;

/// No slot position (the end of a chain of [`Scratch::next`]).
const NONE: u32 = u32::MAX;

/// R1 and R2: a list is sorted by counting its keys when its key space is
/// at most this many times its options, plus [`COUNTING_SLACK`]; else by
/// comparison. A counted list's key space is small enough for a table
/// (R2), which the count gives: the start of each key's run. (Tetravex
/// `n x n` with `4n` labels: 16 keys per option on the inner cells; a
/// table's lookup took a third of a node's instructions where a binary
/// search did it.)
const COUNTING_DENSITY: u64 = 32;
const COUNTING_SLACK: u64 = 1024;

/// Each slot position's options in the slot's own order: the problem's
/// option numbers, as a range per slot where every slot's options are
/// consecutive (a tile puzzle's are), else as rows.
pub(super) enum SlotOptions {
    /// The first option of each position's slot.
    Ranges(Vec<u32>),
    /// Each position's options at `option[off[s]..off[s + 1]]`.
    Rows { off: Vec<u32>, option: Vec<u32> },
}

impl SlotOptions {
    /// Written over `self` for the slots in `order`.
    fn fill(&mut self, uniform: &UniformSlots, order: &[u32]) {
        let options = &uniform.slots.options;
        if options.iter().all(|o| o.consecutive()) {
            if !matches!(self, SlotOptions::Ranges(_)) {
                *self = SlotOptions::Ranges(Vec::new());
            }
            let SlotOptions::Ranges(first) = self else { unreachable!("set above") };
            first.clear();
            first.extend(order.iter().map(|&s| options.of(s as usize).first().unwrap_or(0)));
            return;
        }
        let (mut off, mut option) = match std::mem::replace(self, SlotOptions::Ranges(Vec::new())) {
            SlotOptions::Rows { off, option } => (off, option),
            SlotOptions::Ranges(_) => (Vec::new(), Vec::new()),
        };
        off.clear();
        option.clear();
        off.push(0);
        for &s in order {
            option.extend(options.of(s as usize).iter());
            off.push(option.len() as u32);
        }
        *self = SlotOptions::Rows { off, option };
    }
}

impl Default for SlotOptions {
    fn default() -> Self {
        SlotOptions::Ranges(Vec::new())
    }
}

/// What the search reads of a slot at each node, in one place (the
/// fields of [`Tables`] of the same names, at the slot): where its items
/// start in `items` and how many are back items and items in all; where
/// its list, forward colours, table and leading digits start; its list's
/// length.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pos {
    pub(super) item: u32,
    pub(super) nb: u32,
    pub(super) ni: u32,
    pub(super) list: u32,
    pub(super) fwd: u32,
    pub(super) table: u32,
    pub(super) lead: u32,
    pub(super) len: u32,
}

/// What a search never changes: the order, the options sorted by key, the
/// lookup tables, the memo's frontiers and bounds, the balance's deltas.
/// Written in place over the arrays of the last build when a caller keeps
/// them ([`RowScan::build_into`]).
#[derive(Default)]
pub(crate) struct Tables {
    pub(super) n_slots: usize,
    /// Per position: its slot's primary item.
    pub(super) slot_item: Vec<u32>,
    /// Per slot: its options (`pos[s].len` of them) sorted by key, their
    /// keys, pieces, places among the slot's `options` (`perm`) and
    /// forward colours (R8, its *list*, perhaps another slot's too) at
    /// `key[pos[s].list..]`, `piece[pos[s].list..]`, `perm[pos[s].list..]`;
    /// `inv[pos[s].list + t]` is the entry of place `t`, from the list's
    /// start (see `lists.rs`). The search's option indices `k` are
    /// indices into the lists.
    pub(super) options: SlotOptions,
    pub(super) key: Vec<u64>,
    pub(super) piece: Vec<u32>,
    pub(super) perm: Vec<u32>,
    pub(super) inv: Vec<u32>,
    /// Per slot: where its entries start when every slot's are counted
    /// in turn (the rows of `bal`).
    pub(super) sorted_off: Vec<u32>,
    /// Per slot whose key space is small (`pos[s].table != NO_TABLE`): the
    /// start of each key's run, `table[pos[s].table + key]`, and the end
    /// one entry later: R2 without a binary search.
    pub(super) table: Vec<u32>,
    /// Per slot without such a table but with back items: the start of
    /// each colour's run on its first back item (the key's leading digit),
    /// `lead[pos[s].lead + colour]`: R2 binary-searches within it, a
    /// handful of options, not the slot's whole list.
    pub(super) lead: Vec<u32>,
    /// Per list entry: the dense colours on the slot's forward items, at
    /// `pos[s].fwd + (k - pos[s].list) * n_fwd(s)`.
    pub(super) fwd: Vec<u32>,
    /// The copies of each piece, their sum, and the secondary items.
    pub(super) copies: Vec<u32>,
    pub(super) left: u64,
    pub(super) n_colours: usize,
    /// R5 (memo key): per slot `s`, its *frontier*: the items written by
    /// slots before `s` and read by `s` or a later slot, in increasing
    /// order, at `front[front_off[s]..front_off[s + 1]]`; the bits of each
    /// item's colours, of each piece's copies and of a slot number.
    pub(super) front_off: Vec<u32>,
    pub(super) front: Vec<u32>,
    pub(super) colour_width: Vec<u32>,
    pub(super) piece_width: Vec<u32>,
    pub(super) slot_width: u32,
    pub(super) key_words: usize,
    /// R6 (key bound): per slot, an upper bound on its distinct keys: the
    /// colourings of its frontier times the ways to leave that many copies
    /// of the pieces.
    pub(super) key_bound: Vec<f64>,
    /// R7: the balance at the root, each worker's copy to start from.
    pub(super) balance: Option<Balance>,
    /// Per sorted option: its net changes to the balance, at
    /// `bal[bal_off[k]..bal_off[k + 1]]`.
    pub(super) bal: Jagged<Delta>,
    /// Per slot: what a node reads of it; every slot's items (back ones
    /// first), slot after slot, each one's radix (1 on the forward
    /// items) and its place among its slot's own items.
    pub(super) pos: Vec<Pos>,
    pub(super) items: Vec<u32>,
    pub(super) radixes: Vec<u64>,
    pub(super) place: Vec<u32>,
    /// The build's arrays, kept for the next one, and the declared order.
    pub(super) scratch: Scratch,
    pub(super) declared: Vec<u32>,
}

/// The build's own arrays, kept with the tables for the next build.
#[derive(Default)]
pub(super) struct Scratch {
    /// Per secondary item: whether an earlier slot touches it (the
    /// layout), then the first and last positions touching it (R5).
    pub seen: Vec<bool>,
    pub first: Vec<u32>,
    pub last: Vec<u32>,
    /// R8: per class, the first position of its latest list; per
    /// position that built a list, the one before it of the same class.
    pub head: Vec<u32>,
    pub next: Vec<u32>,
    /// Per position: the earlier one whose list it shares (`NONE`: its own).
    pub shared: Vec<u32>,
    /// One list's pieces, colours, keys and order, and the table of a
    /// counted list that gets none.
    pub pieces: Vec<u32>,
    pub cols: Vec<u32>,
    pub keys: Vec<u64>,
    pub order: Vec<u32>,
    pub spare: Vec<u32>,
    /// R5: the items live between two positions; R6: the sub-multisets.
    pub active: Vec<u32>,
    pub ways: Vec<f64>,
}

impl Tables {
    /// The layout of the slots taken in `order` (position -> slot): per
    /// position, its record (`pos`: its items and how many are back items,
    /// its options' count), its items back ones first (`items`), each
    /// one's radix (`radixes`: its colours on a back item, 1 on a forward
    /// one) and its place among the slot's own items (`place`); `false`
    /// unless every key fits in 64 bits.
    pub(super) fn lay_out(&mut self, uniform: &UniformSlots, order: &[u32], n_colours: &[u32]) -> bool {
        let seen = &mut self.scratch.seen;
        seen.clear();
        seen.resize(n_colours.len(), false);
        self.pos.clear();
        self.items.clear();
        self.radixes.clear();
        self.place.clear();
        self.slot_item.clear();
        for &slot in order {
            let own = &uniform.items[slot as usize];
            let at = self.items.len();
            // Back items: touched by an earlier slot (so coloured when the
            // slot is reached, since every option of that slot colours them).
            let mut radix = 1u128;
            for (i, &j) in own.iter().enumerate().filter(|&(_, &j)| seen[j as usize]) {
                let c = n_colours[j as usize];
                radix = radix.saturating_mul(u128::from(c.max(1)));
                self.items.push(j);
                self.radixes.push(u64::from(c));
                self.place.push(i as u32);
            }
            if radix > u128::from(u64::MAX) {
                return false;
            }
            let nb = self.items.len() - at;
            for (i, &j) in own.iter().enumerate().filter(|&(_, &j)| !seen[j as usize]) {
                self.items.push(j);
                self.radixes.push(1);
                self.place.push(i as u32);
            }
            own.iter().for_each(|&j| seen[j as usize] = true);
            let len = uniform.slots.options.count(slot as usize) as u32;
            let (item, nb, ni) = (at as u32, nb as u32, own.len() as u32);
            self.pos.push(Pos { item, nb, ni, list: 0, fwd: 0, table: NO_TABLE, lead: NO_TABLE, len });
            self.slot_item.push(uniform.slots.slot_item[slot as usize]);
        }
        self.options.fill(uniform, order);
        true
    }

    /// R1 and R8, after [`Tables::lay_out`]. Slots of one class
    /// ([`UniformSlots::classes`]: the same options, pieces and colours,
    /// option by option) whose items take the same places among the back
    /// and forward items, with the same radixes, have equal lists: the
    /// first one sorts, the others take its list without reading their
    /// options. `Err` when `halt` stops it (checked per list built and
    /// every [`STRIDE`](crate::engine::search::halt::STRIDE) slots).
    pub(super) fn fill_lists(
        &mut self,
        pb: &Problem,
        uniform: &UniformSlots,
        order: &[u32],
        dense: &DenseColours,
        halt: &Halt,
    ) -> Result<(), Stopped> {
        let classes = uniform.classes(pb, dense, halt)?;
        let n = order.len();
        self.key.clear();
        self.piece.clear();
        self.perm.clear();
        self.inv.clear();
        self.fwd.clear();
        self.table.clear();
        let sc = &mut self.scratch;
        sc.head.clear();
        sc.head.resize(n, NONE);
        sc.next.clear();
        sc.next.resize(n, NONE);
        sc.shared.clear();
        sc.shared.resize(n, NONE);
        for (s, &slot) in order.iter().enumerate() {
            halt.every(s)?;
            let slot = slot as usize;
            let class = classes[slot] as usize;
            let mut r = self.scratch.head[class];
            while r != NONE && !self.same_list(r as usize, s) {
                r = self.scratch.next[r as usize];
            }
            if r != NONE {
                let q = self.pos[r as usize];
                let p = &mut self.pos[s];
                (p.list, p.fwd, p.table) = (q.list, q.fwd, q.table);
                self.scratch.shared[s] = r;
            } else {
                halt.check()?;
                self.push_list(pb, uniform, dense, s, slot);
                self.scratch.next[s] = std::mem::replace(&mut self.scratch.head[class], s as u32);
            }
        }
        #[cfg(debug_assertions)]
        self.lists_sanity();
        Ok(())
    }

    /// Whether positions `r` and `s` (of one class) have equal lists: their
    /// items at the same places, as many back items, with the same radixes.
    fn same_list(&self, r: usize, s: usize) -> bool {
        let (p, q) = (self.pos[r], self.pos[s]);
        let places = |p: Pos| &self.place[p.item as usize..(p.item + p.ni) as usize];
        let radixes = |p: Pos| &self.radixes[p.item as usize..(p.item + p.nb) as usize];
        p.nb == q.nb && p.ni == q.ni && places(p) == places(q) && radixes(p) == radixes(q)
    }

    /// R1: position `s`'s own list (its slot is `slot`), its options sorted
    /// by (key, place); R2: its table, if it was counted and the tables
    /// have room.
    fn push_list(&mut self, pb: &Problem, uniform: &UniformSlots, dense: &DenseColours, s: usize, slot: usize) {
        let p = self.pos[s];
        let (at, nb, ni) = (p.item as usize, p.nb as usize, p.ni as usize);
        let sc = &mut self.scratch;
        uniform.pieces_into(pb, slot, &mut sc.pieces);
        uniform.colours_into(pb, dense, slot, &self.items[at..at + ni], &mut sc.cols);
        let radixes = &self.radixes[at..at + nb];
        let space = radixes.iter().product::<u64>();
        let n = sc.pieces.len();
        let start = self.key.len();
        sc.keys.clear();
        // Option `t`'s key: its back colours as a mixed-radix number (0 for
        // every option of a slot without back items, or without items).
        let key =
            |t: usize| radixes.iter().zip(&sc.cols[t * ni..t * ni + nb]).fold(0, |k, (&r, &c)| k * r + u64::from(c));
        sc.keys.extend((0..n).map(key));
        let mut table = NO_TABLE;
        if space <= COUNTING_DENSITY * n as u64 + COUNTING_SLACK {
            let space = space as usize;
            if space as u64 <= MAX_TABLE && self.table.len() + space < MAX_TABLES {
                table = self.table.len() as u32;
                count(&sc.keys, space, start as u32, &mut self.table, &mut sc.order);
            } else {
                sc.spare.clear();
                count(&sc.keys, space, start as u32, &mut sc.spare, &mut sc.order);
            }
        } else {
            sc.order.clear();
            sc.order.extend(0..n as u32);
            let keys = &sc.keys;
            sc.order.sort_unstable_by_key(|&t| (keys[t as usize], t));
        }
        self.pos[s].list = start as u32;
        self.pos[s].fwd = self.fwd.len() as u32;
        self.pos[s].table = table;
        self.inv.resize(start + n, 0);
        for (k, &t) in sc.order.iter().enumerate() {
            let t = t as usize;
            self.key.push(sc.keys[t]);
            self.piece.push(sc.pieces[t]);
            self.perm.push(t as u32);
            self.inv[start + t] = k as u32;
            self.fwd.extend_from_slice(&sc.cols[t * ni + nb..(t + 1) * ni]);
        }
    }

    /// R2 for the lists without a table but with back items: a table of
    /// their keys' leading digits. `Err` when `halt` stops it.
    pub(super) fn fill_leads(&mut self, halt: &Halt) -> Result<(), Stopped> {
        self.lead.clear();
        for s in 0..self.pos.len() {
            halt.every(s)?;
            let p = self.pos[s];
            let r = self.scratch.shared[s];
            if r != NONE {
                self.pos[s].lead = self.pos[r as usize].lead;
                continue;
            }
            let Some(&r) = self.radixes[p.item as usize..(p.item + p.nb) as usize].first() else { continue };
            if p.table == NO_TABLE && self.lead.len() + (r as usize) < MAX_TABLES {
                let space = self.radixes[p.item as usize..(p.item + p.nb) as usize].iter().product::<u64>();
                self.pos[s].lead = self.lead.len() as u32;
                let keys = &self.key[p.list as usize..(p.list + p.len) as usize];
                fill(&mut self.lead, p.list as usize, keys, r + 1, space / r);
            }
        }
        Ok(())
    }

    /// The invariants of the module doc.
    #[cfg(debug_assertions)]
    fn lists_sanity(&self) {
        for p in &self.pos {
            let (off, len) = (p.list as usize, p.len as usize);
            let entries = off..off + len;
            let keys = &self.key[entries.clone()];
            let perm = &self.perm[entries.clone()];
            assert!(keys.windows(2).all(|w| w[0] <= w[1]), "keys sorted");
            assert!((1..len).all(|k| keys[k - 1] < keys[k] || perm[k - 1] < perm[k]), "ties in the slot's order");
            assert!(entries.clone().enumerate().all(|(k, e)| self.inv[off + self.perm[e] as usize] as usize == k));
            if p.table != NO_TABLE {
                let table = &self.table[p.table as usize..];
                for e in entries {
                    let d = self.key[e] as usize;
                    assert!(table[d] as usize <= e && e < table[d + 1] as usize, "entry {e} in its key's run");
                }
            }
        }
    }
}

/// R1 by counting, and R2: the places `0..keys.len()` sorted by their
/// keys (`< space`), places of equal key in order, into `order`; the
/// start of each key's run, from `start`, and the list's end written at
/// `table[at..at + space + 1]` (`at`: the table's length before).
fn count(keys: &[u64], space: usize, start: u32, table: &mut Vec<u32>, order: &mut Vec<u32>) {
    let at = table.len();
    table.resize(at + space + 2, 0);
    let runs = &mut table[at..];
    // runs[k + 2] counts key k; after the sums runs[k + 1] is where key
    // k's run starts, and the placement moves it to where run k + 1
    // starts, so that runs[d] ends as the start of run d.
    runs[0] = start;
    for &k in keys {
        runs[k as usize + 2] += 1;
    }
    let mut sum = 0;
    for r in runs.iter_mut() {
        sum += *r;
        *r = sum;
    }
    order.clear();
    order.resize(keys.len(), 0);
    for (t, &k) in keys.iter().enumerate() {
        let pos = &mut runs[k as usize + 1];
        order[(*pos - start) as usize] = t as u32;
        *pos += 1;
    }
    table.truncate(at + space + 1);
}

/// Entry `d` of a table with `len` entries: the first option whose key is
/// `d * unit` or more, in one merge of the (sorted) keys with the entries.
fn fill(table: &mut Vec<u32>, lo: usize, keys: &[u64], len: u64, unit: u64) {
    let mut at = 0;
    for d in 0..len {
        while at < keys.len() && keys[at] < d * unit {
            at += 1;
        }
        table.push((lo + at) as u32);
    }
}
