//! The row scan's lists (R1, R2 and R8 of [`super`]): per slot, its
//! options sorted by the colours on its back items, slots with equal
//! lists sharing one, and the lookup tables from a key to its run.
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

use crate::engine::backends::blocks::Jagged;
use crate::engine::backends::shape::UniformSlots;
use crate::engine::fasthash::FastMap;
use crate::engine::problem::{DenseColours, Problem};
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::tuning::{MAX_TABLE, MAX_TABLES};

/// A slot without a lookup table (its key space is too large).
pub(super) const NO_TABLE: u32 = u32::MAX;

/// R1 and R2: a list is sorted by counting its keys when its key space is
/// at most this many times its options, plus [`COUNTING_SLACK`]; else by
/// comparison. A counted list's key space is small enough for a table
/// (R2), which the count gives: the start of each key's run. (Tetravex
/// `n x n` with `4n` labels: 16 keys per option on the inner cells; a
/// table's lookup took a third of a node's instructions where a binary
/// search did it.)
const COUNTING_DENSITY: u64 = 32;
const COUNTING_SLACK: u64 = 1024;

/// The slot order and each slot's back and forward items.
pub(super) struct Layout {
    /// Per slot position: its secondary items, back ones first.
    pub items: Vec<Vec<u32>>,
    pub n_back: Vec<usize>,
}

impl Layout {
    /// The layout of the slots taken in `order` (position -> slot), with
    /// the keys' radixes from `n_colours` (colours per item); `None` unless
    /// every key fits in 64 bits.
    pub fn new(uniform: &UniformSlots, order: &[u32], n_colours: &[u32]) -> Option<Layout> {
        // Back items: touched by an earlier slot (so coloured when the slot
        // is reached, since every option of that slot colours them).
        let mut seen = vec![false; n_colours.len()];
        let mut items = Vec::with_capacity(order.len());
        let mut n_back = Vec::with_capacity(order.len());
        for &slot in order {
            let s = &uniform.items[slot as usize];
            let (back, fwd): (Vec<u32>, Vec<u32>) = s.iter().partition(|&&j| seen[j as usize]);
            let radix =
                back.iter().map(|&j| u128::from(n_colours[j as usize].max(1))).fold(1u128, u128::saturating_mul);
            if radix > u128::from(u64::MAX) {
                return None;
            }
            for &j in s {
                seen[j as usize] = true;
            }
            n_back.push(back.len());
            items.push(back.into_iter().chain(fwd).collect());
        }
        Some(Layout { items, n_back })
    }
}

/// Each slot position's options in the slot's own order: the problem's
/// option numbers, as a range per slot where every slot's options are
/// consecutive (a tile puzzle's are), else as rows.
pub(super) enum SlotOptions {
    /// The first option of each position's slot.
    Ranges(Vec<u32>),
    Rows(Jagged<u32>),
}

impl SlotOptions {
    fn of(uniform: &UniformSlots, order: &[u32]) -> Self {
        let options = &uniform.slots.options;
        if options.iter().all(|o| o.consecutive()) {
            let first = order.iter().map(|&s| options.of(s as usize).first().unwrap_or(0)).collect();
            return SlotOptions::Ranges(first);
        }
        let mut rows = Jagged::new();
        for &s in order {
            rows.push_row(options.of(s as usize).iter());
        }
        SlotOptions::Rows(rows)
    }
}

/// R1 and R8: every slot's options sorted by key, slots with equal lists
/// sharing one (the fields of `Tables` of the same names).
pub(super) struct Lists {
    pub options: SlotOptions,
    /// Per slot position: where its list starts in `key`, `piece`, `perm`
    /// and `inv`, and (`len[s]`) its length, the slot's options.
    pub list_off: Vec<u32>,
    pub len: Vec<u32>,
    pub key: Vec<u64>,
    pub piece: Vec<u32>,
    /// Per list entry: its option's place among the slot's options.
    pub perm: Vec<u32>,
    /// Per list, at `list_off + t`: the entry (from the list's start)
    /// that holds the slot's `t`-th option.
    pub inv: Vec<u32>,
    pub item: Jagged<u32>,
    pub radix: Jagged<u64>,
    pub fwd_off: Vec<u32>,
    pub fwd: Vec<u32>,
    /// Per slot position: the earlier position whose list it shares
    /// (`u32::MAX`: none).
    pub shared_with: Vec<u32>,
    /// R2, per slot position whose list was counted: the start of each
    /// key's run, `table[table_off[s] + key]`, and its end one entry later
    /// (`NO_TABLE`: none).
    pub table_off: Vec<u32>,
    pub table: Vec<u32>,
}

/// One slot's options as the lists see them: each option's dense colours
/// in the order of the slot's items (`cols[t * ni..]`), back ones first.
struct SlotColours {
    pieces: Vec<u32>,
    radixes: Vec<u64>,
    cols: Vec<u32>,
    /// The slot's items and how many of them are back items.
    ni: usize,
    nb: usize,
}

impl SlotColours {
    /// Option `t`'s key: its back colours as a mixed-radix number.
    fn key(&self, t: usize) -> u64 {
        self.radixes.iter().zip(&self.cols[t * self.ni..]).fold(0u64, |k, (&r, &c)| k * r + u64::from(c))
    }

    /// Option `t`'s colours on the forward items.
    fn fwd(&self, t: usize) -> &[u32] {
        &self.cols[t * self.ni + self.nb..(t + 1) * self.ni]
    }
}

/// R1 by counting, and R2: the places `0..keys.len()` sorted by their
/// keys (`< space`), places of equal key in order; the start of each key's
/// run, from `start`, and the list's end written at `table[at..at + space
/// + 1]` (`at`: the table's length before).
fn count(keys: &[u64], space: usize, start: u32, table: &mut Vec<u32>) -> Vec<u32> {
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
    let mut order = vec![0u32; keys.len()];
    for (t, &k) in keys.iter().enumerate() {
        let pos = &mut runs[k as usize + 1];
        order[(*pos - start) as usize] = t as u32;
        *pos += 1;
    }
    table.truncate(at + space + 1);
    order
}

impl Lists {
    /// R1 and R8. Slots of one class ([`UniformSlots::classes`]: the same
    /// options, pieces and colours, option by option) whose items take the
    /// same places among the back and forward items, with the same radixes,
    /// have equal lists: the first one sorts, the others take its list
    /// without reading their options.
    pub fn of(
        pb: &Problem,
        uniform: &UniformSlots,
        order: &[u32],
        layout: &Layout,
        dense: &DenseColours,
        halt: &Halt,
    ) -> Result<Self, Stopped> {
        let shape = uniform.slots;
        let n = shape.slot_item.len();
        let classes = uniform.classes(pb, dense, halt)?;
        let mut lists = Lists {
            options: SlotOptions::of(uniform, order),
            list_off: Vec::with_capacity(n),
            len: Vec::with_capacity(n),
            key: Vec::new(),
            piece: Vec::new(),
            perm: Vec::new(),
            inv: Vec::new(),
            item: Jagged::new(),
            radix: Jagged::new(),
            fwd_off: Vec::with_capacity(n),
            fwd: Vec::new(),
            shared_with: vec![u32::MAX; n],
            table_off: Vec::with_capacity(n),
            table: Vec::new(),
        };
        // R8: the lists so far by (class, places of the slot's items in the
        // class's item order, back items, radixes), each with its first
        // slot position.
        // Looked up, never iterated: the fast hasher changes no answer.
        type Shared = FastMap<(u32, Vec<usize>, usize, Vec<u64>), usize>;
        let mut by_class: Shared = FastMap::with_capacity_and_hasher(order.len(), Default::default());
        for (s, &slot_index) in order.iter().enumerate() {
            halt.check()?;
            let slot_index = slot_index as usize;
            let (items, nb) = (&layout.items[s], layout.n_back[s]);
            let own = &uniform.items[slot_index];
            let places: Vec<usize> =
                items.iter().map(|j| own.iter().position(|x| x == j).expect("uniform slot")).collect();
            let radixes: Vec<u64> = items[..nb].iter().map(|&j| u64::from(dense.n_colours[j as usize])).collect();
            let class = (classes[slot_index], places, nb, radixes);
            lists.len.push(shape.options.count(slot_index) as u32);
            if let Some(&r) = by_class.get(&class) {
                lists.shared_with[s] = r as u32;
                lists.list_off.push(lists.list_off[r]);
                lists.fwd_off.push(lists.fwd_off[r]);
                lists.table_off.push(lists.table_off[r]);
            } else {
                let slot = SlotColours {
                    pieces: uniform.pieces(pb, slot_index),
                    radixes: class.3.clone(),
                    cols: uniform.colours_on(pb, dense, slot_index, items),
                    ni: items.len(),
                    nb,
                };
                lists.push_list(&slot);
                by_class.insert(class, s);
            }
            lists.item.push_row(items.iter().copied());
            lists.radix.push_row(items[..nb].iter().map(|&j| u64::from(dense.n_colours[j as usize])));
        }
        #[cfg(debug_assertions)]
        lists.sanity();
        Ok(lists)
    }

    /// R1: a slot's own list, its options sorted by (key, place); R2: its
    /// table, if it was counted and the tables have room.
    fn push_list(&mut self, slot: &SlotColours) {
        let space = slot.radixes.iter().product::<u64>();
        let n = slot.pieces.len();
        let start = self.key.len();
        self.list_off.push(start as u32);
        self.fwd_off.push(self.fwd.len() as u32);
        let keys: Vec<u64> = (0..n).map(|t| slot.key(t)).collect();
        let order = if space <= COUNTING_DENSITY * n as u64 + COUNTING_SLACK {
            let space = space as usize;
            if space as u64 <= MAX_TABLE && self.table.len() + space < MAX_TABLES {
                self.table_off.push(self.table.len() as u32);
                count(&keys, space, start as u32, &mut self.table)
            } else {
                self.table_off.push(NO_TABLE);
                count(&keys, space, start as u32, &mut Vec::new())
            }
        } else {
            self.table_off.push(NO_TABLE);
            let mut order: Vec<u32> = (0..n as u32).collect();
            order.sort_unstable_by_key(|&t| (keys[t as usize], t));
            order
        };
        self.inv.resize(start + n, 0);
        for (k, &t) in order.iter().enumerate() {
            self.key.push(keys[t as usize]);
            self.piece.push(slot.pieces[t as usize]);
            self.perm.push(t);
            self.inv[start + t as usize] = k as u32;
            self.fwd.extend(slot.fwd(t as usize).iter().copied());
        }
    }

    /// The invariants of the module doc.
    #[cfg(debug_assertions)]
    fn sanity(&self) {
        for s in 0..self.list_off.len() {
            let (off, len) = (self.list_off[s] as usize, self.len[s] as usize);
            let entries = off..off + len;
            let keys = &self.key[entries.clone()];
            let perm = &self.perm[entries.clone()];
            assert!(keys.windows(2).all(|w| w[0] <= w[1]), "keys sorted");
            assert!((1..len).all(|k| keys[k - 1] < keys[k] || perm[k - 1] < perm[k]), "ties in the slot's order");
            assert!(entries.clone().enumerate().all(|(k, e)| self.inv[off + self.perm[e] as usize] as usize == k));
            if self.table_off[s] != NO_TABLE {
                let table = &self.table[self.table_off[s] as usize..];
                for e in entries {
                    let d = self.key[e] as usize;
                    assert!(table[d] as usize <= e && e < table[d + 1] as usize, "entry {e} in its key's run");
                }
            }
        }
    }
}

/// R2's lookup tables (the fields of `Tables` of the same names).
pub(super) struct RunTables {
    pub table_off: Vec<u32>,
    pub table: Vec<u32>,
    pub lead_off: Vec<u32>,
    pub lead: Vec<u32>,
}

impl RunTables {
    /// The counted lists' tables, and a table of leading digits for the
    /// others with back items.
    pub fn of(lists: &mut Lists, halt: &Halt) -> Result<Self, Stopped> {
        let n = lists.list_off.len();
        let mut runs = RunTables {
            table_off: std::mem::take(&mut lists.table_off),
            table: std::mem::take(&mut lists.table),
            lead_off: Vec::with_capacity(n),
            lead: Vec::new(),
        };
        for s in 0..n {
            halt.check()?;
            let r = lists.shared_with[s] as usize;
            if r < n {
                runs.lead_off.push(runs.lead_off[r]);
                continue;
            }
            let radixes = lists.radix.row(s);
            let space = radixes.iter().product::<u64>();
            let lo = lists.list_off[s] as usize;
            let keys = &lists.key[lo..lo + lists.len[s] as usize];
            match radixes.first() {
                Some(&r) if runs.table_off[s] == NO_TABLE && runs.lead.len() + (r as usize) < MAX_TABLES => {
                    runs.lead_off.push(runs.lead.len() as u32);
                    fill(&mut runs.lead, lo, keys, r + 1, space / r);
                }
                _ => runs.lead_off.push(NO_TABLE),
            }
        }
        Ok(runs)
    }
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
