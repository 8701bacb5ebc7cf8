//! One case as read, in either input format: its pieces' shapes with
//! their lines, what the picture format says about each piece (name, turn
//! and flip rules), and the board it draws. [`Case::puzzle`] makes the
//! puzzle, with the command line's board and rules where the case is
//! silent.

use super::board::Board;
use super::puzzle::{PackPuzzle, Piece};
use crate::puzzles::polyomino::{Freedom, Shape};

/// What the picture format says about one piece beyond its shape.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceSpec {
    /// The piece's name (a picture's `piece NAME`, a set's names).
    pub name: Option<String>,
    /// Quarter turns allowed (`None`: as `--rotate` says).
    pub rotate: Option<bool>,
    /// The mirror image allowed (`None`: as `--flip` says).
    pub flip: Option<bool>,
}

/// One case as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The line where the case starts.
    pub line: usize,
    /// Shapes in input order (copies repeated), with their starting lines.
    pub pieces: Vec<(Shape, usize)>,
    /// For each piece, its name and rules (all default in the judge format).
    pub specs: Vec<PieceSpec>,
    /// The board the case draws (picture format), with its line.
    pub board: Option<(Board, usize)>,
}

impl Case {
    /// The puzzle on `board`; `freedom` applies where the case does not say.
    pub fn puzzle(&self, board: &Board, freedom: Freedom) -> PackPuzzle {
        PackPuzzle {
            board: board.clone(),
            pieces: self
                .pieces
                .iter()
                .enumerate()
                .map(|(i, (shape, line))| {
                    let spec = self.specs.get(i).cloned().unwrap_or_default();
                    Piece {
                        shape: shape.clone(),
                        freedom: Freedom {
                            rotate: spec.rotate.unwrap_or(freedom.rotate),
                            flip: spec.flip.unwrap_or(freedom.flip),
                        },
                        name: spec.name,
                        line: *line,
                    }
                })
                .collect(),
        }
    }
}
