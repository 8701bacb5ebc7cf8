//! The packing puzzle itself: a board, the pieces, and what a solution
//! says. Everything else in [`pack`](super) reads, encodes, refutes or
//! prints these types.
//!
//! A [`PackPuzzle`] is checked ([`PackPuzzle::check`]) before it is
//! encoded: it must have pieces, and a name must mean one piece. A puzzle
//! that merely has no solution (a piece too large, areas that differ) is
//! not an error; the pre-checks refute it.

use super::board::Board;
use crate::puzzles::polyomino::{Freedom, Shape};
use crate::puzzles::symmetry::NoBreaking;
use std::collections::HashMap;

/// The largest number of pieces in one case.
pub const MAX_PIECES: usize = 1000;
/// The longest piece name.
pub const MAX_NAME: usize = 16;

/// One piece as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The piece's cells as drawn.
    pub shape: Shape,
    /// A name for grids and JSON (built-in sets and the picture format).
    pub name: Option<String>,
    /// Which symmetries the piece may use.
    pub freedom: Freedom,
    /// The input line where the piece starts (0: from the command line).
    pub line: usize,
}

/// A packing puzzle: fill every board cell with all the pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackPuzzle {
    /// The cells to fill.
    pub board: Board,
    /// The pieces, in input order.
    pub pieces: Vec<Piece>,
}

/// Where one piece lies in a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiecePlacement {
    /// 0-based input index.
    pub piece: usize,
    /// The symmetry (0-7) applied to the piece as drawn.
    pub orientation: u8,
    /// The top-left corner of the oriented piece's bounding box.
    pub row: usize,
    /// The left column of that box.
    pub col: usize,
    /// The board cells it covers, in reading order.
    pub cells: Vec<(usize, usize)>,
}

/// A filled board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackSolution {
    /// For each input piece, where it lies.
    pub placements: Vec<PiecePlacement>,
    /// For each board cell (row by row), the piece covering it.
    pub grid: Vec<Option<usize>>,
}

/// A puzzle tessera refuses to model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PackModelError {
    /// Two different pieces with one name.
    #[error(
        "piece {piece} is named `{name}` like piece {other}, a different piece ({}); one name, one piece",
        given_at(other_line)
    )]
    DuplicateName {
        /// The line of the second piece.
        line: usize,
        /// The second piece, 1-based.
        piece: usize,
        /// The name the two share.
        name: String,
        /// The first piece, 1-based.
        other: usize,
        /// The line of the first piece (0: from `--set`).
        other_line: usize,
    },
    /// A puzzle without pieces.
    #[error("the puzzle has no pieces")]
    NoPieces {
        /// The case's line.
        line: usize,
    },
    /// `--unique` found no way to break the board's symmetry.
    #[error("--unique: {reason}; the board's symmetry group has {order} elements")]
    Unique {
        /// The case's line.
        line: usize,
        /// Why not.
        reason: NoBreaking,
        /// The number of symmetries.
        order: usize,
    },
}

impl PackModelError {
    /// The input line the error is about (0: the command line).
    pub fn line(&self) -> usize {
        match self {
            PackModelError::DuplicateName { line, .. }
            | PackModelError::NoPieces { line }
            | PackModelError::Unique { line, .. } => *line,
        }
    }
}

/// The name a built-in set's piece takes in a puzzle: its own, unless a
/// piece before it (`earlier`: names and sizes) of another size has that
/// name (the `I` of the trominoes and of the tetrominoes), then followed by
/// its number of cells (`I4`). Sets then combine.
pub fn set_piece_name<'a>(
    name: &str,
    size: usize,
    earlier: impl IntoIterator<Item = (Option<&'a str>, usize)>,
) -> String {
    let clash = earlier.into_iter().any(|(n, k)| n == Some(name) && k != size);
    if clash {
        format!("{name}{size}")
    } else {
        name.to_string()
    }
}

/// Where a piece was given, for messages: its line, or `--set`.
fn given_at(line: &usize) -> String {
    match line {
        0 => "from --set".to_string(),
        l => format!("line {l}"),
    }
}

impl Piece {
    /// The key that groups identical pieces: the sorted allowed oriented
    /// shapes. Pieces with equal keys are copies of one *type*.
    pub(super) fn type_key(&self) -> Vec<Shape> {
        let mut key: Vec<Shape> = self.shape.orientations(self.freedom).into_iter().map(|(_, s)| s).collect();
        key.sort();
        key
    }
}

impl PackPuzzle {
    /// Checks that the puzzle has pieces and that a name means one piece. (A
    /// piece larger than the board makes a puzzle without solution, not a
    /// bad one: the pre-checks refute it.)
    pub fn check(&self) -> Result<(), PackModelError> {
        if self.pieces.is_empty() {
            return Err(PackModelError::NoPieces { line: 0 });
        }
        let mut named: HashMap<&str, usize> = HashMap::new();
        for (i, p) in self.pieces.iter().enumerate() {
            let Some(name) = &p.name else { continue };
            match named.get(name.as_str()) {
                None => {
                    named.insert(name, i);
                }
                Some(&j) if self.pieces[j].type_key() != p.type_key() => {
                    return Err(PackModelError::DuplicateName {
                        line: p.line,
                        piece: i + 1,
                        name: name.clone(),
                        other: j + 1,
                        other_line: self.pieces[j].line,
                    })
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// Whether the piece areas add up to the board's.
    pub fn areas_match(&self) -> bool {
        self.pieces.iter().map(|p| p.shape.size()).sum::<usize>() == self.board.area()
    }
}
