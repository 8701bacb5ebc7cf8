//! The command line: arguments, the case loop, progress and output. The
//! library below never sees clap, anyhow or indicatif.
//!
//! The modules, from the top down (each uses only modules below it):
//!
//! * [`run`] here: Ctrl-C, then one subcommand;
//! * [`tetravex`], [`edges`], [`pack`]: each puzzle's rules and rendering;
//!   [`generate`]: random puzzles; [`merge`]: adding up shard runs;
//!   [`generated`]: man pages and completions; [`render_svg`]: pictures
//!   of `--json` records;
//! * [`cases`]: the one case loop, which sends each case to [`search`] or
//!   to [`shard_plan`];
//! * [`search`]: solving one case (progress, streamed solutions, its exit
//!   status); [`answer`]: the text or JSON it prints; [`shard_plan`]:
//!   `--shard-plan`;
//! * [`session`]: the run's output and state; [`render`]: how a puzzle
//!   family prints; [`progress`]: the progress bar; [`input`]: reading
//!   FILE or standard input; [`svg`]: where `--svg` writes pictures;
//! * [`quick`]: an ordinary run's command line read without clap (else
//!   clap reads it);
//! * [`config`]: the arguments validated; [`args`]: clap's structs and
//!   value parsers; [`exit`]: exit statuses and errors; [`voice`]: every
//!   message in one voice (clap's errors and the system's reworded);
//!   [`pages`]: huge pages only for the runs that count.

pub mod answer;
pub mod args;
pub mod cases;
pub mod config;
pub mod edges;
pub mod exit;
pub mod generate;
pub mod generated;
pub mod input;
pub mod merge;
pub mod pack;
pub mod pages;
pub mod plan_file;
pub mod progress;
pub mod quick;
pub mod render;
pub mod render_svg;
pub mod search;
pub mod session;
pub mod shard_plan;
pub mod svg;
pub mod tetravex;
pub mod voice;

use anyhow::Result;
use args::{Cli, Command};
use exit::Exit;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::flag;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tessera::engine::Monitor;

/// Runs the subcommand: the exit status, or the error to print.
pub fn run(cli: &Cli) -> Result<Exit> {
    let monitor = Monitor::new();
    stop_on_ctrl_c(monitor.clone());
    let run = match &cli.command {
        Command::Tetravex(a) => tetravex::run(a, monitor),
        Command::Edges(a) => edges::run(a, monitor),
        Command::Pack(a) => pack::run(a, monitor),
        Command::Generate(a) => generate::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Render(a) => render_svg::run(a),
        Command::Completions { shell } => generated::completions(*shell),
        Command::Man { page, dir } => generated::man(page.as_deref(), dir.as_deref()),
    };
    run.map_err(voice::name_stdout)
}

/// The first Ctrl-C stops the search (what is known is printed); the
/// second exits at once, as does the first while tessera waits for
/// standard input (nothing is computed yet). SIGTERM and SIGHUP (a batch
/// system's time limit, a closed terminal) do the same.
///
/// The handlers only set flags and exit: no thread waits for the signal
/// (a thread costs a small run about a tenth of its time, see
/// docs/performance.md). The order of registration is the order the
/// actions run in: the exits look at the flags before the first press
/// raises them.
fn stop_on_ctrl_c(monitor: Arc<Monitor>) {
    // The handlers live as long as the process; so do the flags they set.
    let monitor: &'static Monitor = Box::leak(Box::new(monitor));
    static PRESSED: AtomicBool = AtomicBool::new(false);
    let code = Exit::Interrupted.code();
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        // A failed registration leaves the system's default (the process ends).
        let _ = flag::register_conditional_shutdown(signal, code, &input::READING_INPUT);
        let _ = flag::register_conditional_shutdown(signal, code, &PRESSED);
        let _ = flag::register(signal, &PRESSED);
        let _ = flag::register(signal, &monitor.stop);
    }
}
