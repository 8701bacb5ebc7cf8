//! The compact order (A2'): the slot order for big boards whose joins
//! nearly determine their pieces.
//!
//! MRV (A2) branches on the slot with the fewest options. On a big board
//! with many labels for its size (Tetravex 24x24 with 72 labels), every
//! slot beside the filled region has a handful of options and nearly
//! every slot in a corner of it (two placed neighbours) one. MRV starts
//! in the middle and grows a compact region, but on all four sides at
//! once: half its branch nodes are on one-sided slots, and a wrong piece
//! there was refuted 150 levels further down, after the search had
//! re-tried the one-sided choices of the first rings many times. The plain
//! corner-square scan (a column, then a row, from one corner; candidates
//! from the left and top labels) needs 10 to 1000 times fewer nodes
//! there, without any look-ahead.
//!
//! The compact order keeps the domains, arc consistency and the balance
//! of the assignment backend and only changes which slot comes next:
//!
//! * **C1** (dead end): a slot with no option left ends the branch.
//! * **C2** (two-sided first): otherwise the uncovered slot with the most
//!   coloured joins, that is the most placed neighbours: a slot in a
//!   corner of the filled region before one beside a side of it.
//! * **C3** (sweep): ties go to the slot nearest, in the graph of slots
//!   sharing joins, to a fixed *start*, the most eccentric slot (a
//!   corner of a board), then to the lowest index.
//!
//! From a corner, C2 and C3 grow a square: the first slot is the corner,
//! then the nearest one-sided slot opens a new column or row and C2 fills
//! it to the square's far side, each of its slots meeting two placed
//! neighbours (Tetravex 24x24 with 72 labels, seed 1: 39,225 nodes, against
//! 629,102 in MRV and 64,119 placements for the scan). Starting in the
//! middle (the least eccentric slot) instead needs 235,005: the region
//! then has four open sides, not two. C2 ignores the domain sizes on
//! purpose: taking slots with one option first (a sound propagation) grew
//! tendrils away from the square and cost up to 3 times the nodes.
//!
//! Where it runs ([`compact_order`]): on boards of at least
//! [`COMPACT_MIN_SLOTS`] slots where the first moment expects a two-sided
//! slot to keep at most [`COMPACT_TWO_SIDED`] options. On the small hard
//! boards of the bench's `tail` family (Tetravex 9x9 with 10 labels: 0.81;
//! Eternity II-style 10x10 with 6 inner labels: about 7) MRV with arc
//! consistency wins by orders of magnitude: on seed 1 of each, MRV took
//! 191,890 and 51,239 nodes, the compact order had not finished after
//! 10 s (over a million nodes).

use super::{ranks_of, Assign};
use crate::engine::backends::blocks::breadth_first;
use crate::engine::backends::shape::NONE;
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::tuning::{COMPACT_MIN_SLOTS, COMPACT_TWO_SIDED};

/// Whether the backend of a problem with `slots` slots takes the compact
/// order rather than MRV (see the module documentation).
pub(super) fn compact_order(slots: usize, moment: &FirstMoment) -> bool {
    slots >= COMPACT_MIN_SLOTS && moment.ln_two_sided <= COMPACT_TWO_SIDED.ln()
}

/// C3's rank of every slot: by distance from the start slot (the most
/// eccentric, the lowest index among equals), then by index. Slots the
/// start cannot reach come last, by index.
pub(super) fn sweep(
    ecc: &[u32],
    touching: &[Vec<u32>],
    slot_secs: &[Vec<u32>],
    halt: &Halt,
) -> Result<Vec<u32>, Stopped> {
    let n = ecc.len();
    let Some(start) = (0..n).max_by_key(|&s| (ecc[s], std::cmp::Reverse(s))) else { return Ok(Vec::new()) };
    halt.check()?;
    let dist = distances(start, touching, slot_secs);
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_by_key(|&s| (dist[s as usize], s));
    Ok(ranks_of(&order))
}

/// What the first moment tells of a problem: the natural logarithm of the
/// expected number of solutions of a random problem shaped like this one,
/// and of the options a slot keeps once two of its joins have a colour
/// (see [`first_moment`](super::build)).
pub(super) struct FirstMoment {
    pub(super) ln_solutions: f64,
    pub(super) ln_two_sided: f64,
}

/// Each slot's distance from slot `from` (see [`breadth_first`]).
pub(super) fn distances(from: usize, touching: &[Vec<u32>], slot_secs: &[Vec<u32>]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; slot_secs.len()];
    breadth_first(from, |j| &touching[j as usize], |u| &slot_secs[u], &mut dist, &mut Vec::new());
    dist
}

impl Assign {
    /// Takes the compact order whatever the estimate (tests).
    #[cfg(test)]
    pub(crate) fn set_compact(&mut self) {
        self.compact = true;
    }

    /// A2' (C1-C3): the slot to branch on in the compact order, `None` at
    /// a dead end. One pass over the uncovered slots, as A2.
    pub(super) fn choose_compact(&self) -> Option<usize> {
        let mut best = NONE as usize;
        let mut best_key = (u32::MAX, u32::MAX);
        for a in 0..self.unc.len() {
            let s = self.unc.get(a);
            if self.cnt[s] == 0 {
                return None;
            }
            let key = (u32::MAX - self.ncol[s], self.sweep[s]);
            if key < best_key {
                (best, best_key) = (s, key);
            }
        }
        Some(best)
    }
}
