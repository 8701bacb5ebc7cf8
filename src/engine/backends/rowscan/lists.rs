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
//! The build touches memory in proportion to the board: which slots
//! share a list, and how each list is sorted and looked up, are decided
//! first (from the layout alone), so that every array is reserved at its
//! exact length before it is written (growth by doubling copied each
//! array several times and touched twice its pages: on a 16x16 board
//! with 64 labels about 400 KB for 256 tiles, every fresh page a page
//! fault); a table holds 16-bit offsets from its list's start, and a
//! list with a table keeps no keys (the table is its only lookup). Lists
//! whose options have the same keys, option by option (slots of other
//! classes keyed on alike columns), share one table as well: the same
//! keys sort alike, so its offsets hold for both lists.
//!
//! Invariants (checked in debug builds): within a list, keys never
//! decrease, and options of equal key keep the slot's order (so the list
//! is the slot's options sorted by (key, option), whichever slot built
//! it); `inv` inverts `perm` list by list; a list's table, where it has
//! one, puts every entry within its key's run, and only lists without a
//! table have keys.

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
/// (Tiny in tests, so that the engine's cross-checks on small boards
/// also take the lists sorted by comparison, their keys and leading
/// digits.)
const COUNTING_DENSITY: u64 = if cfg!(test) { 2 } else { 32 };
const COUNTING_SLACK: u64 = if cfg!(test) { 0 } else { 1024 };

/// How a list is sorted (R1) and its runs found (R2): counted, with a
/// table of 16-bit offsets from the list's start (the key space small,
/// the list at most 65,535 entries long and the tables not full);
/// counted, with its keys binary-searched; or compared, likewise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sort {
    Table,
    Counted,
    Compared,
}

impl Sort {
    /// The sort of a list of `n` entries over `space` keys, when the
    /// tables already hold `tables` entries.
    fn of(space: u64, n: usize, tables: usize) -> Sort {
        if space > COUNTING_DENSITY * n as u64 + COUNTING_SLACK {
            Sort::Compared
        } else if space <= MAX_TABLE && n <= usize::from(u16::MAX) && tables + (space as usize) < MAX_TABLES {
            Sort::Table
        } else {
            Sort::Counted
        }
    }
}

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
/// them ([`RowScan::build_into`](super::RowScan::build_into)).
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
    /// indices into the lists. Only a list without a table has keys, at
    /// `key[key_at[s]..]` (`NO_TABLE` for the others).
    pub(super) options: SlotOptions,
    pub(super) key: Vec<u64>,
    pub(super) key_at: Vec<u32>,
    pub(super) piece: Vec<u32>,
    pub(super) perm: Vec<u32>,
    pub(super) inv: Vec<u32>,
    /// Per slot: where its entries start when every slot's are counted
    /// in turn (the rows of `bal`).
    pub(super) sorted_off: Vec<u32>,
    /// Per slot whose key space is small (`pos[s].table != NO_TABLE`): the
    /// start of each key's run, `table[pos[s].table + key]`, and the end
    /// one entry later, as offsets from the list's start (`pos[s].list`):
    /// R2 without a binary search. (16 bits: a 32x32 board's inner cells
    /// have 16,384 keys for 1,024 options, and each table stays in the
    /// cache at half the size.)
    pub(super) table: Vec<u16>,
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
    pub(super) radixes: Vec<u32>,
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
    /// Per position: the earlier one whose list it shares (`NONE`: its own);
    /// the positions whose lists counted a table of their own.
    pub shared: Vec<u32>,
    pub tabled: Vec<u32>,
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
        let total = order.iter().map(|&slot| uniform.items.row(slot as usize).len()).sum();
        self.items.reserve_exact(total);
        self.radixes.reserve_exact(total);
        self.place.reserve_exact(total);
        self.pos.reserve_exact(order.len());
        self.slot_item.reserve_exact(order.len());
        for &slot in order {
            let own = uniform.items.row(slot as usize);
            let at = self.items.len();
            // Back items: touched by an earlier slot (so coloured when the
            // slot is reached, since every option of that slot colours them).
            let mut radix = 1u128;
            for (i, &j) in own.iter().enumerate().filter(|&(_, &j)| seen[j as usize]) {
                let c = n_colours[j as usize];
                radix = radix.saturating_mul(u128::from(c.max(1)));
                self.items.push(j);
                self.radixes.push(c);
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
    /// options. The lists shared and the sorts are decided first, from
    /// the layout, and the arrays reserved at their exact lengths. `Err`
    /// when `halt` stops it (checked per list built and every
    /// [`STRIDE`](crate::engine::search::halt::STRIDE) slots).
    pub(super) fn fill_lists(
        &mut self,
        pb: &Problem,
        uniform: &UniformSlots,
        order: &[u32],
        dense: &DenseColours,
        halt: &Halt,
    ) -> Result<(), Stopped> {
        let classes = uniform.classes(pb, dense, halt)?;
        self.share(order, classes, halt)?;
        for (s, &slot) in order.iter().enumerate() {
            halt.every(s)?;
            match self.scratch.shared[s] {
                NONE => {
                    halt.check()?;
                    self.push_list(pb, uniform, dense, s, slot as usize);
                }
                r => {
                    let q = self.pos[r as usize];
                    let p = &mut self.pos[s];
                    (p.list, p.fwd, p.table) = (q.list, q.fwd, q.table);
                    self.key_at[s] = self.key_at[r as usize];
                }
            }
        }
        #[cfg(debug_assertions)]
        self.lists_sanity();
        Ok(())
    }

    /// R8 decided, and the arrays of the lists cleared and reserved: per
    /// position, the earlier one whose list it shares (`scratch.shared`,
    /// `NONE`: its own); the entries, forward colours, keys and table
    /// entries of the lists to build, summed as [`Tables::push_list`] will
    /// write them.
    fn share(&mut self, order: &[u32], classes: &[u32], halt: &Halt) -> Result<(), Stopped> {
        let n = order.len();
        let sc = &mut self.scratch;
        sc.head.clear();
        sc.head.resize(n, NONE);
        sc.next.clear();
        sc.next.resize(n, NONE);
        sc.shared.clear();
        sc.shared.resize(n, NONE);
        sc.tabled.clear();
        let (mut entries, mut fwds, mut keys, mut tables, mut cols) = (0, 0, 0, 0, 0);
        for (s, &slot) in order.iter().enumerate() {
            halt.every(s)?;
            let class = classes[slot as usize] as usize;
            let mut r = self.scratch.head[class];
            while r != NONE && !self.same_list(r as usize, s) {
                r = self.scratch.next[r as usize];
            }
            if r != NONE {
                self.scratch.shared[s] = r;
                continue;
            }
            self.scratch.next[s] = std::mem::replace(&mut self.scratch.head[class], s as u32);
            let p = self.pos[s];
            let len = p.len as usize;
            entries += len;
            fwds += len * (p.ni - p.nb) as usize;
            cols = cols.max(len * p.ni as usize);
            let space = self.space(s);
            match Sort::of(space, len, tables) {
                Sort::Table => tables += space as usize + 1,
                Sort::Counted | Sort::Compared => keys += len,
            }
        }
        for (v, len) in [(&mut self.piece, entries), (&mut self.perm, entries), (&mut self.inv, entries)] {
            v.clear();
            v.reserve_exact(len);
        }
        // One list's colours at a time, the widest's room laid out at once
        // (grown from a corner's list to an inner cell's, the array was
        // copied and its pages touched twice).
        let sc = &mut self.scratch;
        sc.cols.reserve_exact(cols.saturating_sub(sc.cols.len()));
        self.fwd.clear();
        self.fwd.reserve_exact(fwds);
        self.key.clear();
        self.key.reserve_exact(keys);
        // `count` counts in the table with two entries more than it keeps.
        self.table.clear();
        self.table.reserve_exact(tables + 1);
        self.key_at.clear();
        self.key_at.resize(n, NO_TABLE);
        Ok(())
    }

    /// The key space of position `s`: the product of its back items'
    /// radixes (it fits in 64 bits: [`Tables::lay_out`] checked it).
    fn space(&self, s: usize) -> u64 {
        let p = self.pos[s];
        self.radixes[p.item as usize..(p.item + p.nb) as usize].iter().map(|&r| u64::from(r)).product()
    }

    /// Whether positions `r` and `s` (of one class) have equal lists: their
    /// items at the same places, as many back items, with the same radixes.
    fn same_list(&self, r: usize, s: usize) -> bool {
        let (p, q) = (self.pos[r], self.pos[s]);
        let places = |p: Pos| &self.place[p.item as usize..(p.item + p.ni) as usize];
        let radixes = |p: Pos| &self.radixes[p.item as usize..(p.item + p.nb) as usize];
        // Element by element: a slice comparison's `memcmp` call costs
        // more than a cell's four items.
        let same = |a: &[u32], b: &[u32]| a.iter().zip(b).all(|(x, y)| x == y);
        p.nb == q.nb && p.ni == q.ni && same(places(p), places(q)) && same(radixes(p), radixes(q))
    }

    /// R1: position `s`'s own list (its slot is `slot`), its options sorted
    /// by (key, place); R2: its table, if it was counted and the tables
    /// have room, else its keys.
    fn push_list(&mut self, pb: &Problem, uniform: &UniformSlots, dense: &DenseColours, s: usize, slot: usize) {
        let space = self.space(s);
        let p = self.pos[s];
        let (at, nb, ni) = (p.item as usize, p.nb as usize, p.ni as usize);
        let sc = &mut self.scratch;
        uniform.pieces_into(pb, slot, &mut sc.pieces);
        uniform.colours_into(pb, dense, slot, &self.items[at..at + ni], &mut sc.cols);
        let radixes = &self.radixes[at..at + nb];
        let n = sc.pieces.len();
        debug_assert_eq!(n, p.len as usize, "one piece per option");
        let start = self.piece.len();
        keys_into(&sc.cols, n, ni, radixes, &mut sc.keys);
        let sort = Sort::of(space, n, self.table.len());
        let table = if sort == Sort::Table { self.table_for(s, space, n) } else { NO_TABLE };
        let sc = &mut self.scratch;
        match sort {
            Sort::Table => {}
            Sort::Counted => {
                sc.spare.clear();
                count(&sc.keys, space as usize, &mut sc.spare, &mut sc.order);
            }
            Sort::Compared => {
                sc.order.clear();
                sc.order.extend(0..n as u32);
                let keys = &sc.keys;
                sc.order.sort_unstable_by_key(|&t| (keys[t as usize], t));
            }
        }
        if sort != Sort::Table {
            self.key_at[s] = self.key.len() as u32;
            self.key.extend(sc.order.iter().map(|&t| sc.keys[t as usize]));
        }
        #[cfg(debug_assertions)]
        if sort == Sort::Table {
            let runs = &self.table[table as usize..];
            for (k, &t) in sc.order.iter().enumerate() {
                let d = sc.keys[t as usize] as usize;
                assert!(usize::from(runs[d]) <= k && k < usize::from(runs[d + 1]), "entry {k} in its key's run");
            }
        }
        self.pos[s].list = start as u32;
        self.pos[s].fwd = self.fwd.len() as u32;
        self.pos[s].table = table;
        // The entries in their sorted order, array after array (in one
        // loop, with a `memcpy` call for each entry's forward colours,
        // they took 0.58 million instructions on a 24x24 board whose
        // tiles turn; now 0.47 million).
        let order = &sc.order;
        self.piece.extend(order.iter().map(|&t| sc.pieces[t as usize]));
        self.perm.extend_from_slice(order);
        self.inv.resize(start + n, 0);
        let inv = &mut self.inv[start..];
        for (k, &t) in order.iter().enumerate() {
            inv[t as usize] = k as u32;
        }
        // Each entry's forward colours, written in place (a push per
        // colour checked the room each time).
        if nb < ni {
            let (at, nf) = (self.fwd.len(), ni - nb);
            self.fwd.resize(at + n * nf, 0);
            for (out, &t) in self.fwd[at..].chunks_exact_mut(nf).zip(order) {
                let row = &sc.cols[t as usize * ni + nb..t as usize * ni + ni];
                for (o, &c) in out.iter_mut().zip(row) {
                    *o = c;
                }
            }
        }
    }

    /// R1 and R2 for position `s`'s list, sorted by counting with a table
    /// (its keys in `scratch.keys`): an earlier list's table and order where
    /// that list's options have the same keys, option by option, else its
    /// own, counted; the table's start. (On a Tetravex board the inner
    /// cells beside the right and the bottom side, and the corner between,
    /// key their options on their top and left joins as the inner cells
    /// do: on a 32x32 board four tables of 16,386 entries, 32 KB each, were
    /// counted; now one.) The keys are equal exactly when each
    /// option's entry in the earlier list lies in the run of its own key
    /// there, the runs being disjoint.
    fn table_for(&mut self, s: usize, space: u64, n: usize) -> u32 {
        for i in 0..self.scratch.tabled.len() {
            let r = self.scratch.tabled[i] as usize;
            let q = self.pos[r];
            if q.len as usize != n || self.space(r) != space {
                continue;
            }
            let runs = &self.table[q.table as usize..q.table as usize + space as usize + 1];
            let inv = &self.inv[q.list as usize..q.list as usize + n];
            let run = |k: u64| usize::from(runs[k as usize])..usize::from(runs[k as usize + 1]);
            if self.scratch.keys.iter().zip(inv).all(|(&k, &e)| run(k).contains(&(e as usize))) {
                self.scratch.order.clear();
                self.scratch.order.extend_from_slice(&self.perm[q.list as usize..q.list as usize + n]);
                return q.table;
            }
        }
        self.scratch.tabled.push(s as u32);
        let table = self.table.len() as u32;
        count(&self.scratch.keys, space as usize, &mut self.table, &mut self.scratch.order);
        table
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
            let r = u64::from(r);
            if p.table == NO_TABLE && self.lead.len() + (r as usize) < MAX_TABLES {
                let space = self.space(s);
                self.pos[s].lead = self.lead.len() as u32;
                let ka = self.key_at[s] as usize;
                let keys = &self.key[ka..ka + p.len as usize];
                fill(&mut self.lead, p.list as usize, keys, r + 1, space / r);
            }
        }
        Ok(())
    }

    /// The invariants of the module doc (a table's entries in their
    /// key's runs are checked as it is built, in [`Tables::push_list`]).
    #[cfg(debug_assertions)]
    fn lists_sanity(&self) {
        for (s, p) in self.pos.iter().enumerate() {
            let (off, len) = (p.list as usize, p.len as usize);
            let entries = off..off + len;
            let perm = &self.perm[entries.clone()];
            assert!(entries.clone().enumerate().all(|(k, e)| self.inv[off + self.perm[e] as usize] as usize == k));
            if p.table == NO_TABLE {
                let ka = self.key_at[s] as usize;
                let keys = &self.key[ka..ka + len];
                assert!(keys.windows(2).all(|w| w[0] <= w[1]), "keys sorted");
                assert!((1..len).all(|k| keys[k - 1] < keys[k] || perm[k - 1] < perm[k]), "ties in the slot's order");
            } else {
                assert_eq!(self.key_at[s], NO_TABLE, "a list with a table has no keys");
                let runs = &self.table[p.table as usize..p.table as usize + self.space(s) as usize + 1];
                assert_eq!((runs[0], usize::from(runs[runs.len() - 1])), (0, len), "the runs cover the list");
                for w in runs.windows(2) {
                    let run = &perm[usize::from(w[0])..usize::from(w[1])];
                    assert!(run.windows(2).all(|x| x[0] < x[1]), "ties in the slot's order");
                }
            }
        }
    }
}

/// R1: each option's key, its back colours (the first `radixes.len()` of
/// each row of `ni` colours in `cols`, `n` rows) as a mixed-radix number,
/// into `keys`: 0 for every option of a slot without back items, or
/// without items. One or two back items (a cell of a board has at most
/// two) without the general fold's loop.
fn keys_into(cols: &[u32], n: usize, ni: usize, radixes: &[u32], keys: &mut Vec<u64>) {
    keys.clear();
    let rows = cols.chunks_exact(ni.max(1));
    match (ni, radixes.len()) {
        (0, _) | (_, 0) => keys.resize(n, 0),
        (_, 1) => keys.extend(rows.map(|row| u64::from(row[0]))),
        (_, 2) => {
            let r = u64::from(radixes[1]);
            keys.extend(rows.map(|row| u64::from(row[0]) * r + u64::from(row[1])));
        }
        (_, nb) => keys.extend(
            rows.map(|row| row[..nb].iter().zip(radixes).fold(0, |k, (&c, &r)| k * u64::from(r) + u64::from(c))),
        ),
    }
}

/// An offset that [`count`] writes: 16 bits in the tables, 32 in a
/// list counted without one.
trait Offset: Copy + Default {
    fn get(self) -> usize;
    fn of(v: usize) -> Self;
}

impl Offset for u16 {
    #[inline(always)]
    fn get(self) -> usize {
        usize::from(self)
    }
    #[inline(always)]
    fn of(v: usize) -> Self {
        debug_assert!(v <= usize::from(u16::MAX), "an offset in 16 bits");
        v as u16
    }
}

impl Offset for u32 {
    #[inline(always)]
    fn get(self) -> usize {
        self as usize
    }
    #[inline(always)]
    fn of(v: usize) -> Self {
        v as u32
    }
}

/// R1 by counting, and R2: the places `0..keys.len()` sorted by their
/// keys (`< space`), places of equal key in order, into `order`; the
/// start of each key's run, from the list's start, and the list's end
/// written at `table[at..at + space + 1]` (`at`: the table's length
/// before; the count takes one entry more, given back).
fn count<T: Offset>(keys: &[u64], space: usize, table: &mut Vec<T>, order: &mut Vec<u32>) {
    let at = table.len();
    table.resize(at + space + 2, T::default());
    let runs = &mut table[at..];
    // runs[k + 2] counts key k; after the sums runs[k + 1] is where key
    // k's run starts, and the placement moves it to where run k + 1
    // starts, so that runs[d] ends as the start of run d.
    for &k in keys {
        let r = &mut runs[k as usize + 2];
        *r = T::of(r.get() + 1);
    }
    let mut sum = 0;
    for r in runs.iter_mut() {
        sum += r.get();
        *r = T::of(sum);
    }
    // Every place is written once below: only the array's growth is
    // zeroed, not what it held.
    order.truncate(keys.len());
    order.resize(keys.len(), 0);
    for (t, &k) in keys.iter().enumerate() {
        let pos = &mut runs[k as usize + 1];
        order[pos.get()] = t as u32;
        *pos = T::of(pos.get() + 1);
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
