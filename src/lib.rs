//! tessera: a solver for tile puzzles over one exact-cover core.
//!
//! * [`engine`]: exact cover with colours and multiplicities (the core);
//! * [`puzzles`]: Tetravex, jigsaw edges and polyomino packing, each
//!   parsed, encoded for the engine and decoded back;
//! * [`solve`]: running one case (pre-checks, decide, count, list);
//! * [`format`]: text grids and JSON records.
pub mod engine;
pub mod format;
pub mod puzzles;
pub mod solve;
