//! The turns of the whole board, and which solutions an encoding keeps.
//!
//! When tiles turn, a turn of the whole board (a quarter turn of a square
//! board, a half turn of any: every join stays a join, the frame stays
//! the frame, and each tile turns with the board) maps every solution to
//! a solution. The solutions fall into orbits, and a search need not walk
//! every member of each:
//!
//! * **a first solution, or a proof of none** keeps at least one member
//!   of every orbit ([`Orbits::Some`]): the middle cell's tile on a board
//!   with odd sides, or else a tile without a twin, is kept in its first
//!   orientations. A 5x5 proof of impossibility walks a tree about four
//!   times smaller.
//! * **a count** keeps the same share of every orbit ([`Orbits::Counted`]):
//!   a tile `T` without a twin is kept in its first orientations, and the
//!   count is multiplied back by the encoding's factor. A turn of the
//!   board takes `T`'s orientation `k` to `k + q` (modulo its number of
//!   orientations `p`, for a turn of `q` quarters), and it is a one-to-one
//!   map of the solutions, so it maps the solutions with `T` in
//!   orientation `k` one-to-one onto those with `T` in `k + q`: they are
//!   equally many. On a square board (`q` = 1) every orientation holds
//!   the same number of solutions, so keeping the first counts `1 / p` of
//!   them (factor `p`: 4, or 2 for a tile with two orientations); on an
//!   oblong one (`q` = 2) a tile with four orientations kept in its first
//!   two counts half of them (factor 2). The middle cell is no use here:
//!   its tile's types have different numbers of orientations, and a
//!   count through it would weigh each type by its own. A 6x6 Eternity
//!   II-style count walks about two thirds of the nodes.
//! * **every solution** ([`Orbits::Every`]): a list of solutions, a shard
//!   or its plan (whose shards must search one and the same tree), and
//!   boards encoded compact (big boards, no count of which ends anyway).
//!
//! Hints pin tiles to cells and so break the symmetry: a puzzle with
//! hints keeps every solution.

use crate::engine::Jagged;

/// Which solutions of each orbit under the board's turns an encoding
/// keeps (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Orbits {
    /// Every solution.
    Every,
    /// At least one solution of every orbit: a search for one solution,
    /// or a proof of none, that walks one whole tree.
    Some,
    /// The same share of every orbit: a count, multiplied back by the
    /// encoding's factor.
    Counted,
}

/// Which orientations an encoding leaves out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TurnBreaker {
    /// None: every orientation everywhere.
    None,
    /// At `cell`, a tile with four orientations keeps its first
    /// `keep_four`, one with two its first `keep_two`.
    Cell { cell: usize, keep_four: usize, keep_two: usize },
    /// Tile type `ty` keeps its first `keep` orientations in every cell.
    Tile { ty: usize, keep: usize },
}

impl TurnBreaker {
    /// Whether orientation `k` (of `n`) of tile type `t` may stand at `cell`.
    pub(super) fn keeps(self, cell: usize, t: usize, k: usize, n: usize) -> bool {
        match self {
            TurnBreaker::None => true,
            TurnBreaker::Cell { cell: c, keep_four, keep_two } => {
                c != cell
                    || k < match n {
                        4 => keep_four,
                        2 => keep_two,
                        _ => 1,
                    }
            }
            TurnBreaker::Tile { ty, keep } => ty != t || k < keep,
        }
    }

    /// Whether `cell` keeps other orientations than the cells of its kind
    /// (the breaker's cell): in a compact encoding it has a template of
    /// its own, as a hinted cell has.
    pub(super) fn singles_out(self, cell: usize) -> bool {
        matches!(self, TurnBreaker::Cell { cell: c, .. } if c == cell)
    }
}

/// The orientations an encoding keeping `orbits` leaves out, and the
/// factor its count is multiplied by (1 unless `orbits` is
/// [`Orbits::Counted`] and a tile was found to break the turns with), on
/// a board of `rows` x `cols` cells whose tiles turn freely (`turning`:
/// they turn and no hint pins one). `count`: each tile type's number of
/// tiles; `orients`: each type's distinct orientations, the `k`-th
/// turned `k` quarters from the first.
pub(super) fn turn_breaker<T>(
    orbits: Orbits,
    (rows, cols): (usize, usize),
    turning: bool,
    count: &[u32],
    orients: &Jagged<T>,
) -> (TurnBreaker, u64) {
    if orbits == Orbits::Every || !turning || rows * cols < 2 {
        return (TurnBreaker::None, 1);
    }
    let square = rows == cols;
    if orbits == Orbits::Some && rows % 2 == 1 && cols % 2 == 1 {
        // The middle cell is its own image; the search starts there.
        let keep = if square { 1 } else { 2 };
        let cell = (rows / 2) * cols + cols / 2;
        return (TurnBreaker::Cell { cell, keep_four: keep, keep_two: keep }, 1);
    }
    let single = |want: usize| (0..orients.rows()).find(|&t| count[t] == 1 && orients.row_len(t) == want);
    let found = if square {
        single(4).map(|t| (t, 1)).or_else(|| single(2).map(|t| (t, 1)))
    } else {
        single(4).map(|t| (t, 2))
    };
    match found {
        Some((ty, keep)) => {
            let factor = if orbits == Orbits::Counted { orients.row_len(ty) / keep } else { 1 };
            (TurnBreaker::Tile { ty, keep }, factor as u64)
        }
        None => (TurnBreaker::None, 1),
    }
}
