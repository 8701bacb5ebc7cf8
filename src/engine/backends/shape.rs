//! The shape analysis: which problems are slot/piece assignments, and
//! which of those have uniform slots.
//!
//! Tile puzzles are exact-cover problems of a special shape: every option
//! names exactly two primary items, a *slot* (a board cell, of
//! multiplicity one) and then a *piece* (a tile type, of multiplicity its
//! copies), plus coloured secondary items (the joins).
//!
//! [`SlotPieces`] recognises that shape once; the assignment backend
//! requires it, and the row scan requires the stronger [`UniformSlots`]:
//! every option of a slot touches the same secondary items (a tile on a
//! cell always meets the same four joins, whichever tile and however
//! turned).
//!
//! For example, in the module example of [`super`] (cells `a`, `b`, piece
//! `P` with two copies, join `x`), the slots are `a` and `b`, the piece is
//! `P`, and the slots are uniform: every option of `b` touches `x`.

use crate::engine::backends::blocks::Jagged;
use crate::engine::fasthash::{FastHasher, FastMap};
use crate::engine::problem::{Compact, DenseColours, Problem, Template};
use crate::engine::search::halt::{Halt, Stopped};
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

pub(crate) use super::option_lists::{OptionList, OptionLists};

/// "Not a slot" / "not a piece" in the per-item tables.
pub(crate) const NONE: u32 = u32::MAX;

/// The arrays of a [`SlotPieces`] and a [`UniformSlots`] worked out from
/// a compact problem, and of working them out, kept from one problem to
/// the next (in the engine's workspace: a stream of small cases took
/// seventeen allocations a case for them). Of any length: each reader
/// clears what it takes.
#[derive(Default)]
pub(crate) struct ShapeArrays {
    role: Vec<u8>,
    spans: Vec<(u32, u32, u32)>,
    used: Vec<bool>,
    slot_item: Vec<u32>,
    item_slot: Vec<u32>,
    item_piece: Vec<u32>,
    copies: Vec<u32>,
    ranges: Vec<(u32, u32)>,
    /// (`None` while a [`UniformSlots`] holds it: an empty `Jagged`
    /// allocates its first offset.)
    items: Option<Jagged<u32>>,
    ordered: Vec<bool>,
    hash: Vec<u64>,
    compact: Vec<u32>,
    class: Vec<u32>,
    maps: Vec<u32>,
    firsts: FastMap<u64, u32>,
}

/// `v` made `n` copies of `x`, its room kept.
fn refill<T: Clone>(v: &mut Vec<T>, n: usize, x: T) {
    v.clear();
    v.resize(n, x);
}

/// The array `v` held, taken out of it and made `n` copies of `x` (its
/// room kept: a kept array handed to a new structure).
fn taken<T: Clone>(v: &mut Vec<T>, n: usize, x: T) -> Vec<T> {
    let mut v = std::mem::take(v);
    refill(&mut v, n, x);
    v
}

/// A slot/piece problem.
pub(crate) struct SlotPieces {
    /// The slot items, in item order; `item_slot[i]` is item `i`'s slot.
    pub slot_item: Vec<u32>,
    pub item_slot: Vec<u32>,
    /// `item_piece[i]` is item `i`'s piece (pieces in item order), and
    /// `copies[p]` the multiplicity of piece `p`.
    pub item_piece: Vec<u32>,
    pub copies: Vec<u32>,
    /// Per slot: its options, in increasing order.
    pub options: OptionLists,
}

impl SlotPieces {
    /// [`SlotPieces::of_in`] in arrays of its own.
    #[cfg(test)]
    pub(crate) fn of(pb: &Problem, halt: &Halt) -> Result<Option<Self>, Stopped> {
        Self::of_in(pb, halt, &mut ShapeArrays::default())
    }

    /// The slot/piece structure of `pb`, or `None` when it has another
    /// shape: an option without exactly two primary items, an item that is
    /// a slot in one option and a piece in another, a slot of multiplicity
    /// other than 1, an uncoloured secondary item, no secondary item at
    /// all, or a slot that no option names (it could never be filled; the
    /// general backend reports that just as well). `Err` when `halt` stops
    /// it.
    ///
    /// Worked out in the arrays `kept` holds where the problem is compact
    /// (give them back with [`SlotPieces::give_back`]).
    pub(crate) fn of_in(pb: &Problem, halt: &Halt, kept: &mut ShapeArrays) -> Result<Option<Self>, Stopped> {
        if pb.secondary_count() == 0 || pb.option_count() == 0 {
            return Ok(None);
        }
        if let Some(c) = pb.compact() {
            return Self::of_compact(pb, c, halt, kept);
        }
        if let Some(first) = pb.declared_slots() {
            halt.check()?;
            let declared = Self::of_declared(pb, first);
            debug_assert!(
                Self::found(pb, halt)?.is_some_and(|found| found.same_as(&declared)),
                "the declared slots are the ones found"
            );
            return Ok(Some(declared));
        }
        Self::found(pb, halt)
    }

    /// [`SlotPieces::of_in`] an explicit problem, found option by option.
    fn found(pb: &Problem, halt: &Halt) -> Result<Option<Self>, Stopped> {
        let p = pb.primary_count();
        let ex = pb.ex();
        // Per primary item: 1 slot, 2 piece.
        let mut role = vec![0u8; p];
        // Per primary item: the options naming it as their slot, in one
        // pass with the checks.
        let mut by_item: Vec<Vec<u32>> = vec![Vec::new(); p];
        for o in 0..pb.option_count() {
            halt.every(o)?;
            if ex.opt_primaries[o] != 2 {
                return Ok(None);
            }
            let (s, q) = Self::pair(pb, o);
            if role[s] == 2 || role[q] == 1 || pb.multiplicity[s] != 1 {
                return Ok(None);
            }
            role[s] = 1;
            role[q] = 2;
            if ex.node_colour[ex.opt_start[o] as usize + 2..ex.opt_start[o + 1] as usize].contains(&0) {
                return Ok(None);
            }
            by_item[s].push(o as u32);
        }
        let Some(slots) = Self::from_roles(pb, &role, &mut ShapeArrays::default()) else { return Ok(None) };
        let lists = by_item.into_iter().zip(&role).filter(|&(_, &r)| r == 1).map(|(l, _)| l).collect();
        Ok(Some(slots.with_options(OptionLists::listed(lists))))
    }

    /// [`SlotPieces::of_in`] from the slots the encoding declared and the build
    /// checked ([`Problem::declared_slots`]: `first[s]` is slot `s`'s first
    /// option, the number of options last): the slots are the first items,
    /// the pieces the others, each slot's options a range. No pass over
    /// the options, and no list of them until a reader asks.
    fn of_declared(pb: &Problem, first: &[u32]) -> Self {
        let (p, n) = (pb.primary_count(), first.len() - 1);
        let mut item_slot = Vec::with_capacity(p);
        item_slot.extend(0..n as u32);
        item_slot.resize(p, NONE);
        let mut item_piece = vec![NONE; n];
        item_piece.reserve_exact(p - n);
        item_piece.extend(0..(p - n) as u32);
        SlotPieces {
            slot_item: (0..n as u32).collect(),
            item_slot,
            item_piece,
            copies: pb.multiplicity[n..].to_vec(),
            options: OptionLists::ranged(first.windows(2).map(|w| (w[0], w[1])).collect()),
        }
    }

    /// Whether `other` is the same structure (its options as lists).
    fn same_as(&self, other: &SlotPieces) -> bool {
        (&self.slot_item, &self.item_slot, &self.item_piece, &self.copies)
            == (&other.slot_item, &other.item_slot, &other.item_piece, &other.copies)
            && *self.options == *other.options
    }

    /// [`SlotPieces::of_in`] from the compact form, template by template and
    /// slot by slot: the same structure, without writing the options out.
    /// One pass checks the roles and collects each compact slot's item and
    /// range of options; where every slot item is the slot of one compact
    /// slot, its options are that range, and otherwise (an item that is
    /// the slot of several) its ranges one after the other, listed.
    fn of_compact(pb: &Problem, c: &Compact, halt: &Halt, kept: &mut ShapeArrays) -> Result<Option<Self>, Stopped> {
        let p = pb.primary_count();
        let ShapeArrays { role, spans, used, .. } = kept;
        refill(role, p, 0);
        // Per compact slot with options: (its slot item, its options' range).
        spans.clear();
        refill(used, c.templates.len(), false);
        let mut repeated = false;
        for s in 0..c.item.len() {
            halt.every(s)?;
            let (tp, item) = (c.template_of(s), c.item[s] as usize);
            if tp.len() == 0 {
                continue;
            }
            if role[item] == 2 || pb.multiplicity[item] != 1 {
                return Ok(None);
            }
            repeated |= role[item] == 1;
            role[item] = 1;
            // A template's pieces and colours, checked on its first use.
            if !std::mem::replace(&mut used[c.template[s] as usize], true) {
                if tp.colour.contains(&0) {
                    return Ok(None);
                }
                for &q in &tp.piece {
                    if role[q as usize] == 1 {
                        return Ok(None);
                    }
                    role[q as usize] = 2;
                }
            }
            spans.push((item as u32, c.first[s], c.first[s + 1]));
        }
        // A piece declared after a slot that names it as a piece.
        if c.item.iter().any(|&i| role[i as usize] == 2) {
            return Ok(None);
        }
        let role = std::mem::take(role);
        let slots = Self::from_roles(pb, &role, kept);
        kept.role = role;
        let Some(slots) = slots else { return Ok(None) };
        let at = |i: u32| slots.item_slot[i as usize] as usize;
        if !repeated {
            // Every slot item is the slot of one compact slot.
            let mut ranges = taken(&mut kept.ranges, slots.slot_item.len(), (0, 0));
            kept.spans.iter().for_each(|&(i, lo, hi)| ranges[at(i)] = (lo, hi));
            return Ok(Some(slots.with_options(OptionLists::ranged(ranges))));
        }
        let mut lists = vec![Vec::new(); slots.slot_item.len()];
        kept.spans.iter().for_each(|&(i, lo, hi)| lists[at(i)].extend(lo..hi));
        Ok(Some(slots.with_options(OptionLists::listed(lists))))
    }

    /// The slots and pieces from each primary item's role (1 slot, 2
    /// piece, 0 none), in arrays taken from `kept`, with no options yet;
    /// `None` when an item that must be covered has no role.
    fn from_roles(pb: &Problem, role: &[u8], kept: &mut ShapeArrays) -> Option<Self> {
        let p = pb.primary_count();
        if (0..p).any(|i| role[i] == 0 && pb.multiplicity[i] > 0) {
            return None;
        }
        let (mut slot_item, mut copies) = (taken(&mut kept.slot_item, 0, 0), taken(&mut kept.copies, 0, 0));
        let (mut item_slot, mut item_piece) =
            (taken(&mut kept.item_slot, p, NONE), taken(&mut kept.item_piece, p, NONE));
        for (i, &r) in role.iter().enumerate() {
            match r {
                1 => {
                    item_slot[i] = slot_item.len() as u32;
                    slot_item.push(i as u32);
                }
                2 => {
                    item_piece[i] = copies.len() as u32;
                    copies.push(pb.multiplicity[i]);
                }
                _ => {}
            }
        }
        // No options yet (no ranges, no lists: a placeholder that costs
        // nothing to make and drop).
        let options = OptionLists::ranged(Vec::new());
        Some(SlotPieces { slot_item, item_slot, item_piece, copies, options })
    }

    /// Gives its arrays back to `kept`, for the next problem's structure.
    pub(crate) fn give_back(self, kept: &mut ShapeArrays) {
        let SlotPieces { slot_item, item_slot, item_piece, copies, options } = self;
        (kept.slot_item, kept.item_slot, kept.item_piece, kept.copies) = (slot_item, item_slot, item_piece, copies);
        kept.ranges = options.into_ranges();
    }

    /// Itself, with its lists of options written out (under `halt`): for
    /// the readers of [`SlotPieces::options`] as lists.
    pub(crate) fn written_out(&self, halt: &Halt) -> Result<&Self, Stopped> {
        self.options.write_out(halt)?;
        Ok(self)
    }

    /// The same structure with `options` as its options.
    fn with_options(self, options: OptionLists) -> Self {
        debug_assert_eq!(options.len(), self.slot_item.len());
        SlotPieces { options, ..self }
    }

    /// The (slot item, piece item) of option `o`.
    fn pair(pb: &Problem, o: usize) -> (usize, usize) {
        if let Some(c) = pb.compact() {
            let (s, t) = c.place(o);
            return (c.item[s] as usize, c.template_of(s).piece[t] as usize);
        }
        let ex = pb.ex();
        let start = ex.opt_start[o] as usize;
        (ex.node_item[start] as usize, ex.node_item[start + 1] as usize)
    }

    /// The piece of option `o`.
    pub(crate) fn piece_of(&self, pb: &Problem, o: usize) -> u32 {
        self.item_piece[Self::pair(pb, o).1]
    }
}

/// A slot/piece problem whose slots are uniform: every option of a slot
/// touches the same secondary items.
pub(crate) struct UniformSlots<'s> {
    pub slots: &'s SlotPieces,
    /// Per slot: the secondary items its options touch (in the order its
    /// first option names them).
    pub items: Jagged<u32>,
    /// Per slot: whether every option names its items in that order (a
    /// tile puzzle's options do), so that an option's `i`-th secondary
    /// node is on `items.row(s)[i]`.
    ordered: Vec<bool>,
    /// Per slot: a hash of its options' pieces and colours, option by
    /// option (equal for the slots of a class, see [`UniformSlots::classes`]).
    hash: Vec<u64>,
    /// [`UniformSlots::classes`], worked out once.
    classes: OnceLock<Vec<u32>>,
    /// Per slot: its slot in the problem's compact form, whose colours
    /// (in [`Problem::compact_dense`]'s numbers) `colours_on` reads; empty
    /// when it reads the explicit form.
    compact: Vec<u32>,
}

impl<'s> UniformSlots<'s> {
    /// [`UniformSlots::of_in`] in arrays of its own.
    #[cfg(test)]
    pub(crate) fn of(pb: &Problem, slots: &'s SlotPieces, halt: &Halt) -> Result<Option<Self>, Stopped> {
        Self::of_in(pb, slots, halt, &mut ShapeArrays::default())
    }

    /// `None` unless every option of every slot touches the same items;
    /// `Err` when `halt` stops it (checked once per slot).
    ///
    /// Worked out in the arrays `kept` holds where the problem is compact
    /// (give them back with [`UniformSlots::give_back`]).
    pub(crate) fn of_in(
        pb: &Problem,
        slots: &'s SlotPieces,
        halt: &Halt,
        kept: &mut ShapeArrays,
    ) -> Result<Option<Self>, Stopped> {
        if let Some(uniform) = Self::of_compact(pb, slots, halt, kept)? {
            return Ok(Some(uniform));
        }
        let n = slots.options.len();
        let (mut items, mut ordered, mut hash) = (Jagged::new(), Vec::with_capacity(n), Vec::with_capacity(n));
        items.reserve(n, 4 * n); // a tile's cell has four joins
        let p = pb.primary_count() as u32;
        let ex = pb.explicit(halt)?;
        // The lists as ranges where they are (no list written out).
        for opts in slots.options.iter() {
            halt.check()?;
            let Some(first) = opts.first() else { return Ok(None) };
            // The slot's items are its first option's, written as its row.
            items.push_row(pb.secondary_nodes(first as usize).map(|(_, j)| j));
            let first = items.row(items.rows() - 1);
            let (mut in_order, mut h) = (true, (opts.len() as u64) << 32 | first.len() as u64);
            for o in opts.iter() {
                let o = o as usize;
                let start = ex.opt_start[o] as usize;
                let (sec, end) = (start + ex.opt_primaries[o] as usize, ex.opt_start[o + 1] as usize);
                if end - sec != first.len() {
                    return Ok(None);
                }
                // The option's piece (its second primary item) and colours.
                let mut x = u64::from(ex.node_item[start + 1]);
                for ((&i, &c), &j) in ex.node_item[sec..end].iter().zip(&ex.node_colour[sec..end]).zip(first) {
                    in_order &= i.wrapping_sub(p) == j;
                    x = x.rotate_left(16) ^ u64::from(c);
                }
                // An option names an item at most once, so equal counts and
                // inclusion mean equal sets.
                if !in_order && !pb.secondary_nodes(o).all(|(_, j)| first.contains(&j)) {
                    return Ok(None);
                }
                h = (h.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
            }
            ordered.push(in_order);
            hash.push(h);
        }
        Ok(Some(UniformSlots { slots, items, ordered, hash, classes: OnceLock::new(), compact: Vec::new() }))
    }

    /// [`UniformSlots::of_in`] from the compact form, where each slot item is
    /// the slot of one slot of the form: its items are that slot's, and
    /// its class the first slot of the same template whose items have the
    /// same colour numbers ([`Problem::compact_dense`]). `None` where that
    /// does not hold or the form has no such numbers.
    fn of_compact(
        pb: &Problem,
        slots: &'s SlotPieces,
        halt: &Halt,
        kept: &mut ShapeArrays,
    ) -> Result<Option<Self>, Stopped> {
        let Some(c) = pb.compact() else { return Ok(None) };
        let Some(dense) = pb.compact_dense(halt)? else { return Ok(None) };
        let n = slots.slot_item.len();
        let ShapeArrays { compact, class, maps, firsts, items, ordered, hash, .. } = kept;
        let mut compact = taken(compact, n, NONE);
        for x in 0..c.item.len() {
            let s = slots.item_slot[c.item[x] as usize];
            if s != NONE && c.template_of(x).len() > 0 {
                if compact[s as usize] != NONE {
                    return Ok(None);
                }
                compact[s as usize] = x as u32;
            }
        }
        let mut class = taken(class, n, 0);
        // A slot's key: its template, its items' maps (one array like the
        // form's items: a key per slot was an allocation per slot), found
        // by its hash, each the first slot with it; a clash of unequal
        // keys is told apart by comparing them. Looked up, never iterated
        // (so too below): the fast hasher.
        maps.clear();
        maps.extend(c.sec.iter().map(|&j| dense.map[j as usize]));
        let key_of = |s: usize| {
            let x = compact[s] as usize;
            (c.template[x], &maps[c.sec_start[x] as usize..c.sec_start[x + 1] as usize])
        };
        // Grown, not reserved for every slot: a board's slots fall into a
        // few classes (a table for 256 slots faulted in its pages).
        firsts.clear();
        let mut items = items.take().unwrap_or_default();
        items.clear();
        items.reserve(n, c.sec.len());
        for s in 0..n {
            halt.every(s)?;
            let key = key_of(s);
            let mut h = FastHasher::default();
            key.hash(&mut h);
            class[s] = match firsts.get(&h.finish()) {
                Some(&first) if key_of(first as usize) == key => first,
                // The first slot with an equal key (at the latest this one).
                Some(_) => (0..=s).find(|&r| key_of(r) == key).unwrap_or(s) as u32,
                None => *firsts.entry(h.finish()).or_insert(s as u32),
            };
            items.push_row(c.items(compact[s] as usize).iter().copied());
        }
        let (ordered, hash) = (taken(ordered, n, true), taken(hash, n, 0));
        Ok(Some(UniformSlots { slots, items, ordered, hash, classes: OnceLock::from(class), compact }))
    }

    /// Gives its arrays back to `kept`, for the next problem's slots.
    pub(crate) fn give_back(self, kept: &mut ShapeArrays) {
        let UniformSlots { items, ordered, hash, classes, compact, .. } = self;
        (kept.items, kept.ordered, kept.hash, kept.compact) = (Some(items), ordered, hash, compact);
        kept.class = classes.into_inner().unwrap_or_default();
    }

    /// The dense colours that [`UniformSlots::colours_on`] and
    /// [`UniformSlots::classes`] read: the compact form's, or the
    /// explicit form's.
    pub(crate) fn dense<'p>(&self, pb: &'p Problem, halt: &Halt) -> Result<&'p DenseColours, Stopped> {
        match self.compact.is_empty() {
            true => pb.dense_colours(halt),
            false => Ok(pb.compact_dense(halt)?.expect("worked out for the compact slots")),
        }
    }

    /// Per slot, its *class*: the first slot whose options, taken in
    /// order, name the same pieces and give the same dense colours on
    /// their items, taken in order (`items`): every inner cell of a plain
    /// Tetravex board is in one class. A slot whose options name their
    /// items in varying orders is a class of its own. Worked out once;
    /// `Err` when `halt` stops it (checked once per slot).
    pub(crate) fn classes(&self, pb: &Problem, dense: &DenseColours, halt: &Halt) -> Result<&[u32], Stopped> {
        if let Some(classes) = self.classes.get() {
            return Ok(classes);
        }
        let n = self.items.rows();
        let mut class: Vec<u32> = (0..n as u32).collect();
        let mut firsts: FastMap<u64, Vec<usize>> = FastMap::with_capacity_and_hasher(n, Default::default());
        for (s, class) in class.iter_mut().enumerate() {
            halt.check()?;
            if !self.ordered[s] {
                continue;
            }
            let reps = firsts.entry(self.hash[s]).or_default();
            match reps.iter().find(|&&r| self.same_options(pb, dense, r, s)) {
                Some(&r) => *class = r as u32,
                None => reps.push(s),
            }
        }
        Ok(self.classes.get_or_init(|| class))
    }

    /// Whether slots `r` and `s` (both ordered) agree option by option.
    fn same_options(&self, pb: &Problem, dense: &DenseColours, r: usize, s: usize) -> bool {
        let (a, b) = (self.slots.options.of(r), self.slots.options.of(s));
        let ni = self.items.row(r).len();
        if a.len() != b.len() || ni != self.items.row(s).len() {
            return false;
        }
        // Each option has two primary items (the slot, then the piece) and
        // the slot's `ni` items. Where each slot's options are consecutive
        // (a tile puzzle's are), so are their nodes: one comparison of the
        // colours (0 on the primary nodes) and a strided one of the pieces.
        let width = ni + 2;
        let run = |opts: OptionList| match opts.first() {
            Some(lo) if opts.consecutive() => {
                let start = pb.ex().opt_start[lo as usize] as usize;
                let end = pb.ex().opt_start[lo as usize + opts.len()] as usize;
                (end - start == opts.len() * width).then_some(start..end)
            }
            _ => None,
        };
        if let (Some(x), Some(y)) = (run(a), run(b)) {
            let ex = pb.ex();
            return dense.node[x.clone()] == dense.node[y.clone()]
                && (x.start + 1..x.end)
                    .step_by(width)
                    .zip((y.start + 1..y.end).step_by(width))
                    .all(|(k, l)| ex.node_item[k] == ex.node_item[l]);
        }
        let ex = pb.ex();
        let same = a.iter().zip(b.iter()).all(|(x, y)| {
            let (x, y) = (x as usize, y as usize);
            let (sx, sy) = (ex.opt_start[x] as usize, ex.opt_start[y] as usize);
            let (tx, ty) = (ex.opt_start[x + 1] as usize, ex.opt_start[y + 1] as usize);
            // A loop, not a slice comparison: memcmp's call costs more
            // than the four colours.
            ex.node_item[sx + 1] == ex.node_item[sy + 1]
                && tx - sx == ty - sy
                && (2..tx - sx).all(|k| dense.node[sx + k] == dense.node[sy + k])
        });
        same
    }

    /// Slot `s`'s options' pieces, option after option, written over
    /// `out` (a caller's kept array): from its template where the slot is
    /// compact (no search for each option's slot).
    pub(crate) fn pieces_into(&self, pb: &Problem, s: usize, out: &mut Vec<u32>) {
        out.clear();
        if let (Some(&x), Some(c)) = (self.compact.get(s), pb.compact()) {
            let tp = c.template_of(x as usize);
            out.extend(tp.piece.iter().map(|&q| self.slots.item_piece[q as usize]));
            return;
        }
        out.extend(self.slots.options.of(s).iter().map(|o| self.slots.piece_of(pb, o as usize)));
    }

    /// Slot `s`'s template in the compact form, with its number, where the
    /// slot is compact: its items are the template's columns, in order.
    pub(crate) fn template<'p>(&self, pb: &'p Problem, s: usize) -> Option<(u32, &'p Template)> {
        let (&x, c) = (self.compact.get(s)?, pb.compact()?);
        Some((c.template[x as usize], c.template_of(x as usize)))
    }

    /// Slot `s`'s options' dense colours on `items` (some or all of its
    /// items, in any order), option after option: `cols[t * items.len() + i]`
    /// for its `t`-th option and `items[i]`.
    pub(crate) fn colours_on(&self, pb: &Problem, dense: &DenseColours, s: usize, items: &[u32]) -> Vec<u32> {
        let mut cols = Vec::new();
        self.colours_into(pb, dense, s, items, &mut cols);
        cols
    }

    /// [`UniformSlots::colours_on`] written over `cols` (a caller's kept
    /// array): no allocation for slots of at most [`ROW_ITEMS`] items.
    /// Written row by row, each option's colours in turn where its
    /// colours are in place (a compact or an ordered slot): every entry is
    /// written once, in order, with no zero-fill and no strided writes.
    /// (Item by item, in strides, the row scan's build and the square
    /// order's histograms took 1.65 million of the 15.8 million
    /// instructions of a 24x24 board with turning tiles; row by row, the
    /// build's share fell from 0.83 to 0.69 million.)
    pub(crate) fn colours_into(
        &self,
        pb: &Problem,
        dense: &DenseColours,
        s: usize,
        items: &[u32],
        cols: &mut Vec<u32>,
    ) {
        let (ni, n) = (items.len(), self.slots.options.count(s));
        if ni == 0 {
            cols.clear();
            return;
        }
        // Each item's place among the slot's items (where an option's
        // colour on it is), on the stack for a few items.
        let (mut few, mut many) = ([0usize; ROW_ITEMS], None);
        let place: &mut [usize] = if ni <= ROW_ITEMS { &mut few[..ni] } else { many.insert(vec![0; ni]) };
        for (a, &j) in place.iter_mut().zip(items) {
            *a = self.items.row(s).iter().position(|&x| x == j).expect("an item of the slot");
        }
        let place = &*place;
        if let (Some(&x), Some(c)) = (self.compact.get(s), pb.compact()) {
            // The compact slot's options are its template's rows, in order,
            // each colour in its item's map.
            let tp = c.template_of(x as usize);
            debug_assert_eq!(tp.len(), n, "a compact slot's options are its template's");
            let (mut few, mut many) = ([&[][..]; ROW_ITEMS], None);
            let maps: &mut [&[u32]] = if ni <= ROW_ITEMS { &mut few[..ni] } else { many.insert(vec![&[][..]; ni]) };
            for (map, &j) in maps.iter_mut().zip(items) {
                *map = dense.item_map(j);
            }
            // In place, row by row (an `extend` per row checked the room);
            // only the array's growth is zeroed, as every entry is written.
            cols.truncate(n * ni);
            cols.resize(n * ni, 0);
            let rows = tp.colour.chunks_exact(tp.width);
            match ni {
                1 => write_rows::<1>(cols, rows, place, maps),
                2 => write_rows::<2>(cols, rows, place, maps),
                3 => write_rows::<3>(cols, rows, place, maps),
                4 => write_rows::<4>(cols, rows, place, maps),
                _ => cols.chunks_exact_mut(ni).zip(rows).for_each(|(out, row)| {
                    out.iter_mut().zip(place).zip(&*maps).for_each(|((o, &a), map)| *o = map[row[a] as usize])
                }),
            }
            return;
        }
        cols.clear();
        cols.reserve(n * ni);
        let ex = pb.ex();
        if self.ordered[s] {
            for o in self.slots.options.of(s).iter() {
                let sec = ex.opt_start[o as usize] as usize + ex.opt_primaries[o as usize] as usize;
                let row = &dense.node[sec..];
                cols.extend(place.iter().map(|&a| row[a]));
            }
            return;
        }
        cols.resize(n * ni, 0);
        for (t, o) in self.slots.options.of(s).iter().enumerate() {
            for (k, j) in pb.secondary_nodes(o as usize) {
                if let Some(i) = items.iter().position(|&x| x == j) {
                    cols[t * ni + i] = dense.node[k];
                }
            }
        }
    }
}

/// The most items of a slot whose places [`UniformSlots::colours_into`]
/// keeps on the stack (a tile's cell has four).
const ROW_ITEMS: usize = 8;

/// Each template row's colours on `K` items (a cell has at most four),
/// through their maps, into `cols`: with `K` known, no length to check.
fn write_rows<const K: usize>(cols: &mut [u32], rows: std::slice::ChunksExact<u32>, place: &[usize], maps: &[&[u32]]) {
    let (place, maps): (&[usize; K], &[&[u32]; K]) = (place.try_into().unwrap(), maps.try_into().unwrap());
    for (out, row) in cols.chunks_exact_mut(K).zip(rows) {
        for i in 0..K {
            out[i] = maps[i][row[place[i]] as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{SlotPieces, UniformSlots};
    use crate::engine::search::halt::Halt;
    use crate::engine::tests::{tetravex, tetravex_tiles, Rng};

    /// A Tetravex board's cells fall in nine classes (the corners, the
    /// sides, the inside), and the slots of a class agree option by option.
    #[test]
    fn the_cells_of_a_board_fall_in_nine_classes_that_agree_option_by_option() {
        let halt = Halt::NEVER;
        let n = 6;
        let pb = tetravex(n, n, &tetravex_tiles(&mut Rng(3), n, n, 4, true)).build();
        let shape = SlotPieces::of(&pb, &halt).unwrap().unwrap();
        let uniform = UniformSlots::of(&pb, &shape, &halt).unwrap().unwrap();
        let dense = pb.dense_colours(&halt).unwrap();
        let classes = uniform.classes(&pb, dense, &halt).unwrap();
        let mut firsts: Vec<u32> = classes.to_vec();
        firsts.sort_unstable();
        firsts.dedup();
        assert_eq!(firsts.len(), 9, "{classes:?}");
        // The inside of the board is one class, its first cell's.
        let inside = n + 1;
        for r in 1..n - 1 {
            for c in 1..n - 1 {
                assert_eq!(classes[r * n + c] as usize, inside, "cell ({r}, {c})");
            }
        }
        let items = |s: usize| uniform.items.row(s).to_vec();
        for (s, &r) in classes.iter().enumerate() {
            let r = r as usize;
            assert!(r <= s && classes[r] as usize == r, "the first slot of its class");
            let (a, b) = (&shape.options[r], &shape.options[s]);
            assert_eq!(a.len(), b.len());
            for (&x, &y) in a.iter().zip(b) {
                assert_eq!(shape.piece_of(&pb, x as usize), shape.piece_of(&pb, y as usize));
                let cx: Vec<u32> = items(r).iter().map(|&j| dense.of(&pb, x as usize, j).unwrap()).collect();
                let cy: Vec<u32> = items(s).iter().map(|&j| dense.of(&pb, y as usize, j).unwrap()).collect();
                assert_eq!(cx, cy, "slots {r} and {s}");
            }
            assert_eq!(uniform.colours_on(&pb, dense, s, &items(s)), uniform.colours_on(&pb, dense, r, &items(r)));
        }
    }

    /// Declared slots are taken where they hold and only there: on random
    /// problems declared slot/piece, some spoilt (an option of a slot
    /// apart from the others, a piece among the slots, an uncoloured join,
    /// a slot or a piece named by no option), the build keeps the
    /// declaration exactly when nothing was spoilt, and the structure read
    /// from it is the one found option by option.
    #[test]
    fn declared_slots_hold_exactly_when_unspoilt() {
        use crate::engine::problem::{Primary, ProblemBuilder, Secondary};
        let halt = Halt::NEVER;
        let mut rng = crate::rng::Rng::new(29);
        let (mut kept, mut dropped) = (0, 0);
        for case in 0..1500 {
            let (n_slots, n_pieces, n_sec) = (1 + rng.below(5), 1 + rng.below(4), 1 + rng.below(5));
            let spoil = if rng.below(2) == 0 { rng.below(6) } else { usize::MAX };
            let mut b = ProblemBuilder::new();
            let slots: Vec<Primary> = (0..n_slots).map(|_| b.primary(1)).collect();
            let pieces: Vec<Primary> = (0..n_pieces).map(|_| b.primary(1 + rng.below(2) as u32)).collect();
            let sec: Vec<Secondary> = (0..n_sec).map(|_| b.secondary()).collect();
            b.declare_slots(n_slots);
            let mut options = Vec::new();
            for (s, &slot) in slots.iter().enumerate() {
                let items: Vec<Secondary> = (0..n_sec).filter(|_| rng.below(2) == 0).map(|j| sec[j]).collect();
                // Every piece named by slot 0 (unless spoilt), others at random.
                let named: Vec<usize> = match s {
                    0 if spoil != 4 => (0..n_pieces).collect(),
                    _ => (0..1 + rng.below(3)).map(|_| rng.below(n_pieces)).collect(),
                };
                for q in named {
                    let colours: Vec<(Secondary, u32)> = items.iter().map(|&j| (j, 1 + rng.below(3) as u32)).collect();
                    options.push((slot, pieces[q], colours));
                }
            }
            let mut spoilt = true;
            match spoil {
                0 if n_slots > 1 => {
                    let last = options.len() - 1;
                    options.swap(0, last);
                }
                1 => options[0].1 = slots[n_slots - 1],
                2 if !options[0].2.is_empty() => options[0].2[0].1 = 0,
                4 if n_pieces > 1 => spoilt = pieces.iter().any(|&q| options.iter().all(|o| o.1 != q)),
                5 if n_slots > 1 => options.retain(|o| o.0 != slots[n_slots - 1]),
                _ => spoilt = false,
            }
            // A swap of equal options, or the one slot as the piece, spoils nothing seen.
            spoilt &= !(spoil == 0 && options.first().map(|o| o.0) == options.last().map(|o| o.0));
            for (slot, piece, colours) in &options {
                b.option(&[*slot, *piece], colours);
            }
            let Ok(pb) = b.build() else { continue };
            let found = SlotPieces::found(&pb, &halt).unwrap();
            match pb.declared_slots() {
                Some(first) => {
                    kept += 1;
                    assert!(!spoilt, "case {case}: spoilt ({spoil}) but kept");
                    let declared = SlotPieces::of_declared(&pb, first);
                    assert!(found.is_some_and(|f| f.same_as(&declared)), "case {case}");
                }
                None => {
                    dropped += 1;
                    assert!(spoilt, "case {case}: unspoilt ({spoil}) but dropped");
                }
            }
        }
        assert!(kept > 200 && dropped > 200, "{kept} kept, {dropped} dropped");
    }

    /// A compact problem's slot/piece structure is the one of the same
    /// options written out, option by option: on random templates and
    /// slots, with slot items that are the slot of several compact slots
    /// (their options listed), uncoloured options, and items that are
    /// both slots and pieces (no structure).
    #[test]
    fn compact_slots_are_the_written_out_options_slots() {
        use crate::engine::problem::{Primary, ProblemBuilder, Secondary};
        let halt = Halt::NEVER;
        let mut rng = crate::rng::Rng::new(77);
        let (mut listed, mut ranged, mut none) = (0, 0, 0);
        for case in 0..600 {
            let (n_slots, n_pieces, n_sec) = (1 + rng.below(6), 1 + rng.below(4), 2 + rng.below(6));
            let mut b = ProblemBuilder::new();
            let slots: Vec<Primary> = (0..n_slots).map(|_| b.primary(1)).collect();
            let pieces: Vec<Primary> = (0..n_pieces).map(|_| b.primary(1 + rng.below(2) as u32)).collect();
            let sec: Vec<Secondary> = (0..n_sec).map(|_| b.secondary()).collect();
            let templates: Vec<_> = (0..1 + rng.below(3))
                .map(|_| {
                    let width = 1 + rng.below(n_sec.min(3));
                    let t = b.template(width);
                    for _ in 0..rng.below(4) {
                        let colours: Vec<u32> =
                            (0..width).map(|_| (rng.below(12) != 0) as u32 * (1 + rng.below(3) as u32)).collect();
                        // Now and then a slot item as a piece.
                        let piece = match rng.below(30) {
                            0 => slots[rng.below(n_slots)],
                            _ => pieces[rng.below(n_pieces)],
                        };
                        b.template_option(t, piece, &colours);
                    }
                    (t, width)
                })
                .collect();
            for s in 0..n_slots + rng.below(3) {
                let (t, width) = templates[rng.below(templates.len())];
                let mut items = sec.clone();
                for i in 0..width {
                    items.swap(i, i + rng.below(n_sec - i));
                }
                // Every slot item once, then some again.
                b.slot(slots[if s < n_slots { s } else { rng.below(n_slots) }], t, &items[..width]);
            }
            let Ok(compact) = b.build() else { continue };
            let mut e = ProblemBuilder::new();
            for i in 0..compact.primary_count() {
                e.primary(compact.multiplicity(Primary(i as u32)));
            }
            for _ in 0..compact.secondary_count() {
                e.secondary();
            }
            for o in 0..compact.option_count() {
                let prims: Vec<Primary> = compact.primaries(o).collect();
                let secs: Vec<(Secondary, u32)> = compact.secondaries(o).collect();
                e.option(&prims, &secs);
            }
            let explicit = e.build().unwrap();
            let (a, x) = (SlotPieces::of(&compact, &halt).unwrap(), SlotPieces::of(&explicit, &halt).unwrap());
            match (a, x) {
                (None, None) => none += 1,
                (Some(a), Some(x)) => {
                    assert_eq!((&a.slot_item, &a.item_slot), (&x.slot_item, &x.item_slot), "case {case}");
                    assert_eq!((&a.item_piece, &a.copies), (&x.item_piece, &x.copies), "case {case}");
                    let counts: Vec<usize> = (0..a.options.len()).map(|s| a.options.count(s)).collect();
                    assert_eq!(counts, x.options.iter().map(|l| l.len()).collect::<Vec<_>>(), "case {case}");
                    match a.options.of(0) {
                        super::OptionList::Listed(_) => listed += 1,
                        super::OptionList::Range(..) => ranged += 1,
                    }
                    assert_eq!(*a.options, *x.options, "case {case}");
                }
                (a, x) => panic!("case {case}: compact {}, explicit {}", a.is_some(), x.is_some()),
            }
        }
        assert!(listed > 20 && ranged > 20 && none > 20, "{listed} listed, {ranged} ranged, {none} none");
    }
}
