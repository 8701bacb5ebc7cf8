//! tessera: a solver for tile puzzles over one exact-cover core.
//!
//! * [`engine`]: exact cover with colours and multiplicities (the core).
pub mod engine;
