//! Global colour balance: a counting argument over all the joins of a
//! slot/piece problem, which no per-slot domain sees.
//!
//! # The argument
//!
//! Take Tetravex without turning. Every join between two horizontal
//! neighbours has a *west* end and an *east* end, and a tile always gives
//! the same colour to the join on its east side (its right label) and to
//! the join on its west side (its left label). Count, for a colour `c`,
//! the tiles not yet placed whose east colour is `c`: each of them will
//! either fill a free cell whose east join is already coloured `c` (a
//! *demand*), or meet another unplaced tile across a join coloured `c`
//! (an *internal* join), or stand in the east column, where its east side
//! meets nothing (a *border*). So, with `A_c` = east supply − east demand
//! and `B_c` = west supply − west demand,
//!
//! ```text
//!     A_c = internal_c + east_border_c,     B_c = internal_c + west_border_c,
//! ```
//!
//! and a state can only be completed if every `A_c, B_c >= 0`, and the
//! east border cells left can take the excess `sum_c max(0, A_c − B_c)`
//! (the west border the excess the other way). For example, with the
//! east column full, every colour must have `A_c <= B_c`: the tiles left
//! bring no more east labels `c` than their west labels `c` can absorb.
//! Two cells demanding the same label that only one tile has, a column
//! that cannot take the labels the others leave over: the search would
//! find out many levels later.
//!
//! # Kinds of joins, found from the options
//!
//! The engine knows no geometry, so it finds the *kinds* itself: a join
//! (a secondary item touched by exactly two slots, by every option of
//! both) has its *end 0* at the slot of lower index and its *end 1* at the
//! other. A kind is a set of joins such that every piece gives one colour
//! at end 0 of all of them (whatever slot it stands in) and one colour at
//! end 1, and no slot is end 0 (or end 1) of two of them. Joins are put
//! into kinds greedily. Tetravex and jigsaw boards without turning have
//! two kinds: horizontal and vertical joins. Where a piece gives a join
//! several colours (tiles that turn), there is no balance at all: only the
//! frame ring's joins could have kinds, and that prunes little (1.5% of
//! the nodes of an Eternity II-style 8x8 board) while it reshuffles which
//! restart finds the solution first. A piece that
//! never stands at end `e` of a kind (a jigsaw piece with a flat left
//! side) counts against the slots that have no such end.
//!
//! # State and invariants
//!
//! Per kind, end and colour, `excess[k][e][c]` = supply − demand (`A_c`
//! and `B_c` above); per kind and end, `over[k][e]` = the copies left
//! that have no colour at that end (they need a slot without such a
//! join) plus the sum over colours of `max(0, excess at e − excess at the
//! other end)`, and `open[k][e]` = the free slots without a join of the
//! kind at that end; `negative` counts the negative entries of `excess`.
//! Each change to `excess` updates `over` and `negative` for its colour
//! alone, so [`Balance::feasible`] (no negative entry, and every
//! `over <= open`) costs a few comparisons per node.
//!
//! A backend keeps the counts through its moves: [`Balance::apply`] for a
//! placement, given whether each join it touches had a colour before (so
//! the assignment backend places before colouring and takes back after
//! the colours are restored); a backend that fills slots in a fixed order
//! knows that in advance and applies the net [`Balance::deltas`] of each
//! option, which mostly cancel.
//!
//! # Invariants (checked in debug builds)
//!
//! `over` and `negative` agree with `excess` (`sanity`).

use super::blocks::Jagged;
use super::shape::SlotPieces;
use crate::engine::problem::Problem;
use crate::engine::search::halt::{Halt, Stopped};
use std::collections::HashMap;

/// "No colour" in the per-piece tables.
const NONE: u16 = u16::MAX;
/// While [`Balance::deltas`] collects: a change to the free slots.
const OPEN: u16 = u16::MAX - 1;

/// A net change to the counts, with its indices resolved, for a backend
/// that applies the same changes every time it places an option.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Delta {
    /// `n` more at `excess[at]`, whose colour's other end is
    /// `excess[other]`; its excess counts in `over[share]`, the other way
    /// in `over[other_share]`.
    One { at: u32, other: u32, share: u8, other_share: u8, n: i8 },
    /// `n` more at both ends of one colour: the excess between them is
    /// unchanged, only their signs may change.
    Both { at: u32, other: u32, n: i8 },
    /// `n` more copies without a colour at an end (`over[share]`).
    Lone { share: u8, n: i8 },
    /// `n` more free slots without a join at an end (`open[share]`).
    Open { share: u8, n: i8 },
}

/// At most this many kinds (grids have two).
const MAX_KINDS: usize = 4;

/// The colour balance of the joins of a slot/piece problem.
#[derive(Clone)]
pub(crate) struct Balance {
    /// The number of kinds of joins (at most [`MAX_KINDS`]).
    kinds: usize,
    /// Per kind: where its colours start in `excess` (end 0, then end 1,
    /// `n_colours[k]` each).
    base: Vec<u32>,
    /// Per kind: its number of (dense) colours.
    n_colours: Vec<u32>,
    /// Per (piece, kind, end): the piece's dense colour there, or NONE.
    piece_colour: Vec<u16>,
    /// Per (slot, kind, end): whether the slot has a join of the kind at
    /// that end.
    slot_has: Vec<bool>,
    /// Per option: its kinded joins as (secondary, kind, end, dense colour).
    opt_joins: Jagged<(u32, u8, u8, u16)>,
    /// Per option: its piece.
    opt_piece: Vec<u32>,
    /// Per option: its slot.
    opt_slot: Vec<u32>,
    /// Per kind, end and colour, from `base[kind]`: supply less demand (see
    /// the module doc).
    excess: Vec<i32>,
    /// Per (kind, end): the copies without a colour there, plus the sum
    /// over colours of the excess of that end over the other.
    over: Vec<i32>,
    /// How many entries of `excess` are negative.
    negative: i32,
    /// Per (kind, end): the free slots without a join of the kind there.
    open: Vec<i32>,
}

/// Which slots touch each join (in increasing order), and how many
/// options touch it.
struct JoinEnds {
    /// Per join: the slots touching it.
    slots: Vec<Vec<u32>>,
    /// Per join: the options touching it.
    touches: Vec<u32>,
}

impl JoinEnds {
    fn of(pb: &Problem, shape: &SlotPieces, halt: &Halt) -> Result<Self, Stopped> {
        let n_joins = pb.secondary_count();
        let mut slots: Vec<Vec<u32>> = vec![Vec::new(); n_joins];
        let mut touches: Vec<u32> = vec![0; n_joins];
        for (s, opts) in shape.options.iter().enumerate() {
            halt.check()?;
            for o in opts.iter() {
                for (j, _) in pb.secondaries(o as usize) {
                    let j = j.index();
                    if slots[j].last() != Some(&(s as u32)) {
                        slots[j].push(s as u32);
                    }
                    touches[j] += 1;
                }
            }
        }
        Ok(JoinEnds { slots, touches })
    }
}

/// The kinds of joins found, and each join's kind.
struct Kinds {
    drafts: Vec<KindDraft>,
    /// Per join: its kind and its slot at end 0, if it has a kind.
    join_kind: Vec<Option<(u8, u32)>>,
}

impl Kinds {
    /// Sorts into kinds every join that every option of both its ends
    /// touches; `None` when a piece gives a join several colours.
    fn collect(pb: &Problem, shape: &SlotPieces, ends: &JoinEnds, halt: &Halt) -> Result<Option<Self>, Stopped> {
        let (n_slots, n_pieces) = (shape.options.len(), shape.copies.len());
        let mut kinds = Kinds { drafts: Vec::new(), join_kind: vec![None; ends.slots.len()] };
        let mut colours: Vec<[u32; 2]> = vec![[0; 2]; n_pieces];
        for j in 0..ends.slots.len() {
            halt.check()?;
            let [lo, hi] = ends.slots[j][..] else { continue };
            let all = shape.options[lo as usize].len() + shape.options[hi as usize].len();
            if ends.touches[j] as usize != all {
                continue;
            }
            if !piece_colours_at(pb, shape, j, [lo, hi], &mut colours) {
                // Tiles that turn: only the frame ring's joins would have
                // kinds, which prunes little and reshuffles the restarts'
                // luck; no balance.
                return Ok(None);
            }
            // The first kind it agrees with, or a new one.
            let fits = |d: &KindDraft| {
                !d.used[lo as usize][0]
                    && !d.used[hi as usize][1]
                    && (0..n_pieces).all(|p| {
                        (0..2).all(|e| colours[p][e] == 0 || d.colour[p][e] == 0 || colours[p][e] == d.colour[p][e])
                    })
            };
            let k = match kinds.drafts.iter().position(fits) {
                Some(k) => k,
                None if kinds.drafts.len() < MAX_KINDS => {
                    kinds.drafts.push(KindDraft { colour: vec![[0; 2]; n_pieces], used: vec![[false; 2]; n_slots] });
                    kinds.drafts.len() - 1
                }
                None => continue,
            };
            let d = &mut kinds.drafts[k];
            for (mine, &seen) in d.colour.iter_mut().zip(&colours) {
                for e in 0..2 {
                    if seen[e] != 0 {
                        mine[e] = seen[e];
                    }
                }
            }
            d.used[lo as usize][0] = true;
            d.used[hi as usize][1] = true;
            kinds.join_kind[j] = Some((k as u8, lo));
        }
        Ok(Some(kinds))
    }
}

/// The colour each piece gives join `j` at each of its two end slots, into
/// `colours` (0: the piece has no option there); false when a piece gives
/// it two colours at one end.
fn piece_colours_at(pb: &Problem, shape: &SlotPieces, j: usize, ends: [u32; 2], colours: &mut [[u32; 2]]) -> bool {
    colours.iter_mut().for_each(|c| *c = [0; 2]);
    let mut clash = false;
    for (e, s) in ends.into_iter().enumerate() {
        for &o in &shape.options[s as usize] {
            let p = shape.piece_of(pb, o as usize) as usize;
            let c = pb.secondaries(o as usize).find(|&(i, _)| i.index() == j).map_or(0, |(_, c)| c);
            match colours[p][e] {
                0 => colours[p][e] = c,
                old if old != c => clash = true,
                _ => {}
            }
        }
    }
    !clash
}

/// Dense colours per kind, shared by both ends.
struct DenseKindColours {
    /// Per (piece, kind, end): the piece's dense colour there, or NONE.
    piece_colour: Vec<u16>,
    /// Per kind: its number of colours.
    n_colours: Vec<u32>,
}

impl DenseKindColours {
    /// `None` when a kind has too many colours for the tables.
    fn of(drafts: &[KindDraft], n_pieces: usize) -> Option<Self> {
        let kinds = drafts.len();
        let mut dense: Vec<HashMap<u32, u16>> = vec![HashMap::new(); kinds];
        let mut piece_colour = vec![NONE; n_pieces * kinds * 2];
        for (k, d) in drafts.iter().enumerate() {
            for p in 0..n_pieces {
                for e in 0..2 {
                    let c = d.colour[p][e];
                    if c != 0 {
                        let next = dense[k].len() as u16;
                        let c = *dense[k].entry(c).or_insert(next);
                        piece_colour[(p * kinds + k) * 2 + e] = c;
                    }
                }
            }
        }
        if dense.iter().any(|m| m.len() >= OPEN as usize) {
            return None;
        }
        Some(DenseKindColours { piece_colour, n_colours: dense.iter().map(|m| m.len() as u32).collect() })
    }
}

/// Per option: its kinded joins, its piece and its slot (the fields of
/// [`Balance`] `opt_joins`, `opt_piece`, `opt_slot`).
struct OptionJoins {
    joins: Jagged<(u32, u8, u8, u16)>,
    piece: Vec<u32>,
    slot: Vec<u32>,
}

impl OptionJoins {
    fn of(
        pb: &Problem,
        shape: &SlotPieces,
        join_kind: &[Option<(u8, u32)>],
        piece_colour: &[u16],
        kinds: usize,
        halt: &Halt,
    ) -> Result<Self, Stopped> {
        let mut joins = Jagged::new();
        let mut piece = vec![0u32; pb.option_count()];
        let mut slot = vec![0u32; pb.option_count()];
        for (s, opts) in shape.options.iter().enumerate() {
            for o in opts.iter() {
                piece[o as usize] = shape.piece_of(pb, o as usize);
                slot[o as usize] = s as u32;
            }
        }
        for o in 0..pb.option_count() {
            halt.every(o)?;
            let p = piece[o] as usize;
            for (j, _) in pb.secondaries(o) {
                if let Some((k, lo)) = join_kind[j.index()] {
                    let e = u8::from(slot[o] != lo);
                    // The kind's colour there is the piece's (so the kind).
                    let c = piece_colour[(p * kinds + k as usize) * 2 + e as usize];
                    joins.push((j.0, k, e, c));
                }
            }
            joins.end_row();
        }
        Ok(OptionJoins { joins, piece, slot })
    }
}

/// A kind being collected: the per-piece colours at each end, and which
/// slots already have a join of the kind at each end.
struct KindDraft {
    colour: Vec<[u32; 2]>,
    used: Vec<[bool; 2]>,
}

impl Balance {
    /// The balance of `pb`, or `None` when no join falls into a kind or
    /// when some piece gives a join several colours (tiles that turn);
    /// `Err` when `halt` stops it (checked per slot, per join and every
    /// [`STRIDE`](crate::engine::search::halt::STRIDE) options).
    pub(crate) fn new(pb: &Problem, shape: &SlotPieces, halt: &Halt) -> Result<Option<Self>, Stopped> {
        let n_slots = shape.options.len();
        let n_pieces = shape.copies.len();
        let ends = JoinEnds::of(pb, shape, halt)?;
        let Some(kinds) = Kinds::collect(pb, shape, &ends, halt)? else { return Ok(None) };
        if kinds.drafts.is_empty() {
            return Ok(None);
        }
        let Some(dense) = DenseKindColours::of(&kinds.drafts, n_pieces) else { return Ok(None) };
        let n_kinds = kinds.drafts.len();
        let mut base = vec![0u32];
        for k in 0..n_kinds {
            base.push(base[k] + 2 * dense.n_colours[k]);
        }
        let mut slot_has = vec![false; n_slots * n_kinds * 2];
        for (k, d) in kinds.drafts.iter().enumerate() {
            for s in 0..n_slots {
                for e in 0..2 {
                    slot_has[(s * n_kinds + k) * 2 + e] = d.used[s][e];
                }
            }
        }
        let options = OptionJoins::of(pb, shape, &kinds.join_kind, &dense.piece_colour, n_kinds, halt)?;
        let mut b = Balance {
            kinds: n_kinds,
            n_colours: dense.n_colours,
            excess: vec![0; base[n_kinds] as usize],
            base,
            piece_colour: dense.piece_colour,
            slot_has,
            opt_joins: options.joins,
            opt_piece: options.piece,
            opt_slot: options.slot,
            over: vec![0; n_kinds * 2],
            negative: 0,
            open: vec![0; n_kinds * 2],
        };
        for (p, &copies) in shape.copies.iter().enumerate() {
            b.supply(p, copies as i32);
        }
        for s in 0..n_slots {
            for ke in 0..n_kinds * 2 {
                b.open[ke] += i32::from(!b.slot_has[s * n_kinds * 2 + ke]);
            }
        }
        Ok(Some(b))
    }

    /// The number of kinds of joins found.
    #[cfg(test)]
    pub(crate) fn kinds(&self) -> usize {
        self.kinds
    }

    /// Adds `n` copies of piece `p` to the supply.
    #[inline(always)]
    fn supply(&mut self, p: usize, n: i32) {
        for k in 0..self.kinds {
            for e in 0..2 {
                match self.piece_colour[(p * self.kinds + k) * 2 + e] {
                    NONE => self.over[k * 2 + e] += n,
                    c => self.bump(k, e, c, n),
                }
            }
        }
    }

    /// Where `excess[k][e][c]` is.
    #[inline(always)]
    fn at(&self, k: usize, e: usize, c: u16) -> usize {
        (self.base[k] + self.n_colours[k] * e as u32) as usize + c as usize
    }

    /// Adds `n` to `excess[k][e][c]`, keeping `over` and `negative`.
    #[inline(always)]
    fn bump(&mut self, k: usize, e: usize, c: u16, n: i32) {
        let share = k * 2 + e;
        self.shift(self.at(k, e, c), self.at(k, 1 - e, c), share, share ^ 1, n);
    }

    /// Adds `n` to `excess[at]`, whose colour's other end is
    /// `excess[other]`: `over[share]` holds the excess of `at` over
    /// `other`, `over[other_share]` the reverse.
    #[inline(always)]
    fn shift(&mut self, at: usize, other: usize, share: usize, other_share: usize, n: i32) {
        let (a, b) = (self.excess[at], self.excess[other]);
        self.excess[at] = a + n;
        self.over[share] += (a + n - b).max(0) - (a - b).max(0);
        self.over[other_share] += (b - a - n).max(0) - (b - a).max(0);
        self.negative += i32::from(a + n < 0) - i32::from(a < 0);
    }

    /// Option `o` is placed (`sign` −1) or taken back (`sign` +1);
    /// `coloured(j, e)` tells whether join `j`, at whose end `e` the
    /// option's slot is, had a colour before the placement.
    /// The same changes as [`Balance::deltas`], applied as they come:
    /// merging them first costs the assignment backend 3.5% more
    /// instructions (Tetravex 9x9, 3.79 G against 3.93 G).
    #[inline(always)]
    pub(crate) fn apply(&mut self, o: usize, sign: i32, coloured: impl Fn(u32, u8) -> bool) {
        let (p, s) = (self.opt_piece[o] as usize, self.opt_slot[o] as usize);
        self.supply(p, sign);
        for ke in 0..self.kinds * 2 {
            self.open[ke] += sign * i32::from(!self.slot_has[s * self.kinds * 2 + ke]);
        }
        for i in self.opt_joins.range(o) {
            let (j, k, e, c) = self.opt_joins[i];
            if coloured(j, e) {
                // The slot demanded this colour; it no longer does.
                self.bump(k as usize, e as usize, c, -sign);
            } else {
                // The slot at the other end now demands it.
                self.bump(k as usize, 1 - e as usize, c, sign);
            }
        }
    }

    /// The net changes of placing option `o` when the joins it touches
    /// are coloured as `coloured` says: for a backend that fills slots in
    /// a fixed order, they are the same every time, and most cancel (a
    /// join coloured before gives back the demand its piece's colour
    /// takes from the supply).
    pub(crate) fn deltas(&self, o: usize, coloured: impl Fn(u32, u8) -> bool, out: &mut Vec<Delta>) {
        let (p, s) = (self.opt_piece[o] as usize, self.opt_slot[o] as usize);
        // (kind, end, colour or NONE or OPEN, n), merged: at most two
        // entries per kind and end for the piece and the slot, and one per
        // join. A fixed array, since the row scan asks for every option.
        let mut net = [(0usize, 0usize, 0u16, 0i32); 6 * MAX_KINDS];
        let mut len = 0;
        let mut add =
            |k: usize, e: usize, c: u16, n: i32| match net[..len].iter_mut().find(|x| (x.0, x.1, x.2) == (k, e, c)) {
                Some(x) => x.3 += n,
                None => {
                    net[len] = (k, e, c, n);
                    len += 1;
                }
            };
        for k in 0..self.kinds {
            for e in 0..2 {
                add(k, e, self.piece_colour[(p * self.kinds + k) * 2 + e], -1);
                if !self.slot_has[(s * self.kinds + k) * 2 + e] {
                    add(k, e, OPEN, -1);
                }
            }
        }
        for i in self.opt_joins.range(o) {
            let (j, k, e, c) = self.opt_joins[i];
            let (k, e) = (k as usize, e as usize);
            if coloured(j, e as u8) {
                add(k, e, c, 1);
            } else {
                add(k, 1 - e, c, -1);
            }
        }
        let net = &net[..len];
        for (i, &(k, e, c, n)) in net.iter().enumerate().filter(|(_, x)| x.3 != 0) {
            let share = (k * 2 + e) as u8;
            let n8 = n as i8;
            match c {
                NONE => out.push(Delta::Lone { share, n: n8 }),
                OPEN => out.push(Delta::Open { share, n: n8 }),
                c => {
                    let (at, other) = (self.at(k, e, c) as u32, self.at(k, 1 - e, c) as u32);
                    let twin = net.iter().position(|x| (x.0, x.1, x.2, x.3) == (k, 1 - e, c, n));
                    match twin {
                        // Taken with its twin at the other end, once.
                        Some(t) if t < i => {}
                        Some(_) => out.push(Delta::Both { at, other, n: n8 }),
                        None => out.push(Delta::One { at, other, share, other_share: share ^ 1, n: n8 }),
                    }
                }
            }
        }
    }

    /// Applies `delta` (`sign` 1) or takes it back (`sign` −1).
    #[inline(always)]
    pub(crate) fn apply_delta(&mut self, d: Delta, sign: i32) {
        match d {
            Delta::Both { at, other, n } => {
                let n = i32::from(n) * sign;
                for i in [at as usize, other as usize] {
                    let x = self.excess[i];
                    self.excess[i] = x + n;
                    self.negative += i32::from(x + n < 0) - i32::from(x < 0);
                }
            }
            Delta::One { at, other, share, other_share, n } => {
                self.shift(at as usize, other as usize, share as usize, other_share as usize, i32::from(n) * sign)
            }
            Delta::Lone { share, n } => self.over[share as usize] += i32::from(n) * sign,
            Delta::Open { share, n } => self.open[share as usize] += i32::from(n) * sign,
        }
    }

    /// Whether the counts admit a completion (see the module doc).
    #[inline(always)]
    pub(crate) fn feasible(&self) -> bool {
        self.negative == 0 && self.over.iter().zip(&self.open).all(|(o, f)| o <= f)
    }

    /// Recomputes `over` and `negative` from `excess` and compares.
    #[cfg(debug_assertions)]
    pub(crate) fn sanity(&self) {
        let mut over = vec![0; self.kinds * 2];
        let mut negative = 0;
        for k in 0..self.kinds {
            let n = self.n_colours[k] as usize;
            let e0 = self.base[k] as usize;
            for c in 0..n {
                let (a, b) = (self.excess[e0 + c], self.excess[e0 + n + c]);
                over[k * 2] += (a - b).max(0);
                over[k * 2 + 1] += (b - a).max(0);
                negative += i32::from(a < 0) + i32::from(b < 0);
            }
        }
        let lone: Vec<i32> = (0..self.kinds * 2).map(|ke| self.over[ke] - over[ke]).collect();
        assert!(lone.iter().all(|&l| l >= 0), "balance: excess shares");
        assert_eq!(negative, self.negative, "balance: negative counts");
    }
}
