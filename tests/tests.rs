// The JSON decoding structs keep every field of the schema (so that
// `deny_unknown_fields` checks it) even where a test reads only some.
#![allow(dead_code)]
// Index loops read more plainly in the brute-force enumerators.
#![allow(clippy::needless_range_loop, clippy::unnecessary_cast, clippy::manual_contains)]

//! The integration suite: the `tessera` binary checked from outside, every
//! solution passed through an independent verifier, counts compared with
//! brute force.

mod brute;
mod cli;
mod edges;
mod json;
mod pack;
mod tetravex;
mod util;
mod verify;
