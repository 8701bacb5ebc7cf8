//! The command line: arguments, the case loop, progress and rendering hooks.
//! The library below never sees clap, anyhow or indicatif.
//!
//! * [`args`]: clap's structs; [`config`]: their validated form;
//! * [`input`]: reading input and the case loop all subcommands share;
//! * [`run`]: solving and printing one case;
//! * [`tetravex`], [`edges`], [`pack`]: each subcommand's options and output;
//! * [`generate`]: `tessera generate`, random puzzles.

pub mod args;
pub mod config;
pub mod edges;
pub mod generate;
pub mod input;
pub mod pack;
pub mod progress;
pub mod run;
pub mod tetravex;
