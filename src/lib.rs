//! tessera: a solver for tile puzzles over one exact-cover core.
//!
//! * [`engine`]: exact cover with colours and multiplicities (the core);
//! * [`puzzles`]: Tetravex, jigsaw edges and polyomino packing, each
//!   parsed, encoded for the engine and decoded back;
//! * [`solve`]: running one case (pre-checks, decide, count, list);
//! * [`format`](mod@format): text grids and JSON records;
//! * [`generate`]: random puzzles with a planted solution;
//! * [`merge`]: adding up the records of a sharded search;
//! * [`rng`]: the deterministic random source.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod engine;
pub mod format;
pub mod generate;
pub mod merge;
pub mod puzzles;
pub mod rng;
pub mod solve;
