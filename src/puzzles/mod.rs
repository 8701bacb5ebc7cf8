//! The puzzles: each module parses its formats, encodes cases for the
//! engine and decodes solutions back.
//!
//! * [`tetravex`]: Gnome Tetravex (ZOJ 1008), rotation, borders, hints;
//! * [`edges`]: jigsaw edge matching (UVa 519), numbered tab shapes;
//! * [`pack`]: polyomino packing (UVa 387), any board and piece set;
//! * [`tiles`]: the edge-matching model `tetravex` and `edges` share;
//! * [`polyomino`]: shapes and their symmetries;
//! * [`pieces`]: the built-in piece sets;
//! * [`symmetry`]: the symmetry group of a packing and how `--unique`
//!   breaks it.

pub mod edges;
pub mod input;
pub mod pack;
pub mod pieces;
pub mod polyomino;
pub mod symmetry;
pub mod tetravex;
pub mod tiles;

use crate::engine::{OptionId, Problem};

/// A counting argument that refuted a puzzle before any search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// A short stable name, such as `area` or `label-balance`.
    pub check: &'static str,
    /// What did not add up.
    pub detail: String,
}

/// A puzzle case ready for the engine.
pub trait Model: Sync {
    /// A decoded solution.
    type Solution: Send;
    /// Cheap arguments that prove there is no solution, tried first.
    fn precheck(&self) -> Option<Refutation>;
    /// The exact-cover problem.
    fn problem(&self) -> &Problem;
    /// Turns the engine's chosen options into a solution.
    fn decode(&self, chosen: &[OptionId]) -> Self::Solution;
}

/// A tile puzzle with its encoding.
pub struct TileModel {
    pub puzzle: tiles::TilePuzzle,
    pub encoded: tiles::Encoded,
}

impl TileModel {
    pub fn new(puzzle: tiles::TilePuzzle) -> Result<Self, tiles::TileModelError> {
        let encoded = puzzle.encode()?;
        Ok(TileModel { puzzle, encoded })
    }
}

impl Model for TileModel {
    type Solution = tiles::TileSolution;
    fn precheck(&self) -> Option<Refutation> {
        tiles::precheck(&self.puzzle)
    }
    fn problem(&self) -> &Problem {
        &self.encoded.problem
    }
    fn decode(&self, chosen: &[OptionId]) -> Self::Solution {
        self.encoded.decode(&self.puzzle, chosen)
    }
}

/// A packing puzzle with its encoding.
pub struct PackModel {
    pub puzzle: pack::PackPuzzle,
    pub encoded: pack::Encoded,
}

impl PackModel {
    /// Every solution counts.
    pub fn new(puzzle: pack::PackPuzzle) -> Result<Self, pack::PackModelError> {
        puzzle.check()?;
        let encoded = puzzle.encode();
        Ok(PackModel { puzzle, encoded })
    }

    /// One solution per orbit under the puzzle's symmetry group (`--unique`).
    pub fn unique(puzzle: pack::PackPuzzle) -> Result<Self, pack::PackModelError> {
        puzzle.check()?;
        let encoded = puzzle.encode_unique()?;
        Ok(PackModel { puzzle, encoded })
    }
}

impl Model for PackModel {
    type Solution = pack::PackSolution;
    fn precheck(&self) -> Option<Refutation> {
        self.encoded.precheck()
    }
    fn problem(&self) -> &Problem {
        &self.encoded.problem
    }
    fn decode(&self, chosen: &[OptionId]) -> Self::Solution {
        self.encoded.decode(&self.puzzle, chosen)
    }
}
