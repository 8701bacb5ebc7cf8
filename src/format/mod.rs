//! Output formats: text grids for people, JSON records for programs.
//!
//! * [`grid`]: boards drawn with box characters (or ASCII), optionally in
//!   colour;
//! * [`json`]: the newline-delimited JSON records (schema in `docs/json.md`).

pub mod grid;
pub mod json;
