//! Output formats: text grids and SVG pictures for people, JSON records for
//! programs.
//!
//! * [`grid`]: boards drawn with box characters (or ASCII), optionally in
//!   colour;
//! * [`json`]: the newline-delimited JSON records (schema in `docs/json.md`);
//! * [`svg`]: pictures of solutions (SVG), drawn from the JSON objects.

pub mod grid;
pub mod json;
pub mod svg;
