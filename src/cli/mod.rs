//! The command line: arguments, the case loop, progress and rendering hooks.
//! The library below never sees clap, anyhow or indicatif.
//!
//! * [`args`]: clap's structs; [`config`]: their validated form;
//! * [`input`]: reading input and the case loop all subcommands share;
//! * [`run`]: solving and printing one case; [`plan`]: `--shard-plan`;
//! * [`tetravex`], [`edges`], [`pack`]: each subcommand's options and output;
//! * [`generate`]: `tessera generate`, random puzzles;
//! * [`merge`]: `tessera merge`, adding up shard runs.

pub mod args;
pub mod config;
pub mod edges;
pub mod generate;
pub mod input;
pub mod merge;
pub mod pack;
pub mod plan;
pub mod progress;
pub mod run;
pub mod tetravex;
