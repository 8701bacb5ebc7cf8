//! The integration suite: the `tessera` binary checked from outside, every
//! solution passed through an independent verifier, counts compared with
//! brute force.

mod big_boards;
mod brute;
mod cli;
mod consumers;
mod crosscheck;
mod design_map;
mod edges;
mod generated;
mod halves;
mod hostile;
mod house;
mod json;
mod layout;
mod memo_choice;
mod modes;
mod pack;
mod pack_sets;
mod prechecks;
mod roundtrip;
mod shard;
mod streaming;
mod svg;
mod svg_cli;
mod tetravex;
mod usability;
mod util;
mod verify;
mod voice;
