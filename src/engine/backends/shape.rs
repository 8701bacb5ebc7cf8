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

use crate::engine::problem::Problem;
use crate::engine::search::halt::{Halt, Stopped};

/// "Not a slot" / "not a piece" in the per-item tables.
pub(crate) const NONE: u32 = u32::MAX;

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
    pub options: Vec<Vec<u32>>,
}

impl SlotPieces {
    /// The slot/piece structure of `pb`, or `None` when it has another
    /// shape: an option without exactly two primary items, an item that is
    /// a slot in one option and a piece in another, a slot of multiplicity
    /// other than 1, an uncoloured secondary item, no secondary item at
    /// all, or a slot that no option names (it could never be filled; the
    /// general backend reports that just as well). `Err` when `halt` stops
    /// it.
    pub(crate) fn of(pb: &Problem, halt: &Halt) -> Result<Option<Self>, Stopped> {
        if pb.secondary_count() == 0 || pb.option_count() == 0 {
            return Ok(None);
        }
        let p = pb.primary_count();
        let mut role = vec![0u8; p]; // 1 slot, 2 piece
        for o in 0..pb.option_count() {
            halt.every(o)?;
            if pb.opt_primaries[o] != 2 {
                return Ok(None);
            }
            let (s, q) = Self::pair(pb, o);
            if role[s] == 2 || role[q] == 1 || pb.multiplicity[s] != 1 {
                return Ok(None);
            }
            role[s] = 1;
            role[q] = 2;
            if pb.secondaries(o).any(|(_, c)| c == 0) {
                return Ok(None);
            }
        }
        if (0..p).any(|i| role[i] == 0 && pb.multiplicity[i] > 0) {
            return Ok(None);
        }
        let (mut slot_item, mut item_slot) = (Vec::with_capacity(p), vec![NONE; p]);
        let (mut item_piece, mut copies) = (vec![NONE; p], Vec::with_capacity(p));
        for i in 0..p {
            match role[i] {
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
        // Each slot's list laid out once, at its size.
        let mut sizes = vec![0usize; slot_item.len()];
        for o in 0..pb.option_count() {
            sizes[item_slot[Self::pair(pb, o).0] as usize] += 1;
        }
        let mut options: Vec<Vec<u32>> = sizes.into_iter().map(Vec::with_capacity).collect();
        for o in 0..pb.option_count() {
            halt.every(o)?;
            options[item_slot[Self::pair(pb, o).0] as usize].push(o as u32);
        }
        Ok(Some(SlotPieces { slot_item, item_slot, item_piece, copies, options }))
    }

    /// The (slot item, piece item) of option `o`.
    fn pair(pb: &Problem, o: usize) -> (usize, usize) {
        let start = pb.opt_start[o] as usize;
        (pb.node_item[start] as usize, pb.node_item[start + 1] as usize)
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
    pub items: Vec<Vec<u32>>,
}

impl<'s> UniformSlots<'s> {
    /// `None` unless every option of every slot touches the same items;
    /// `Err` when `halt` stops it (checked once per slot).
    pub(crate) fn of(pb: &Problem, slots: &'s SlotPieces, halt: &Halt) -> Result<Option<Self>, Stopped> {
        let mut items = Vec::with_capacity(slots.options.len());
        for opts in &slots.options {
            halt.check()?;
            let Some(&first) = opts.first() else { return Ok(None) };
            let first: Vec<u32> = pb.secondary_nodes(first as usize).map(|(_, j)| j).collect();
            // An option names an item at most once, so equal counts and
            // inclusion mean equal sets.
            let same = |o: u32| {
                pb.secondary_nodes(o as usize).count() == first.len()
                    && pb.secondary_nodes(o as usize).all(|(_, j)| first.contains(&j))
            };
            if !opts.iter().all(|&o| same(o)) {
                return Ok(None);
            }
            items.push(first);
        }
        Ok(Some(UniformSlots { slots, items }))
    }
}

/// Breadth-first search from slot `from` in the graph where two slots are
/// adjacent when they touch a common secondary item (`slot_items[s]`: the
/// items slot `s` touches; `touching(j)`: the slots touching item `j`):
/// each slot's distance into `dist` (`u32::MAX`: unreached); `queue` is
/// scratch space.
pub(crate) fn breadth_first<'a>(
    from: usize,
    touching: impl Fn(u32) -> &'a [u32],
    slot_items: &[Vec<u32>],
    dist: &mut [u32],
    queue: &mut Vec<u32>,
) {
    dist.iter_mut().for_each(|d| *d = u32::MAX);
    queue.clear();
    dist[from] = 0;
    queue.push(from as u32);
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head] as usize;
        head += 1;
        for &j in &slot_items[u] {
            for &v in touching(j) {
                if dist[v as usize] == u32::MAX {
                    dist[v as usize] = dist[u] + 1;
                    queue.push(v);
                }
            }
        }
    }
}
