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
//!   breaks it;
//! * [`input`]: lines, tokens and positioned errors for the readers;
//!   [`stream`]: an input read as it arrives, line by line or by tokens;
//! * `model`: the [`Model`] every puzzle gives the solver and the
//!   [`Refutation`] its pre-checks return; [`TileModel`] and [`PackModel`]
//!   (here) pair a puzzle with its encoding.
//!
//! The modules depend on each other top down: `tetravex` and `edges` on
//! `tiles`; `pack` on `symmetry`, `pieces` and `polyomino`; all of them
//! on `input` and `model`, and `model` on the engine only.

pub mod edges;
pub mod input;
pub mod pack;
pub mod pieces;
pub mod polyomino;
pub mod stream;
pub mod symmetry;
pub mod tetravex;
pub mod tiles;

mod model;

pub use model::{Model, Refutation};

use crate::engine::{OptionId, Problem};

/// A tile puzzle with its encoding.
pub struct TileModel {
    /// The puzzle.
    pub puzzle: tiles::TilePuzzle,
    /// Its exact-cover encoding.
    pub encoded: tiles::Encoded,
}

impl TileModel {
    /// Encodes `puzzle`; a puzzle too large to encode is an error.
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
    /// The puzzle.
    pub puzzle: pack::PackPuzzle,
    /// Its exact-cover encoding.
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
