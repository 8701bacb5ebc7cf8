//! The `tessera` binary: parse the command line, run, print the error once,
//! exit with the status (see [`cli::exit::Exit`]).
#![forbid(unsafe_code)]

mod cli;

use clap::error::ErrorKind;
use clap::Parser;
use cli::args::Cli;
use cli::exit::{is_broken_pipe, Exit};
use cli::voice;

/// mimalloc rather than the system's malloc: a small case makes some 40
/// allocations, which glibc serves at about 180 instructions each (a third
/// of a one-tile case's cost), mimalloc at a fraction of that.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    cli::pages::small();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version go to stdout, status 0 (clap's own wording).
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => e.exit(),
        Err(e) => {
            eprint!("{}", voice::usage_message(&e, <Cli as clap::CommandFactory>::command()));
            std::process::exit(Exit::Error.code());
        }
    };
    let code = match cli::run(&cli) {
        Ok(exit) => exit.code(),
        Err(err) if is_broken_pipe(&err) => Exit::Solved.code(),
        Err(err) => {
            eprintln!("tessera: {}", voice::plain(&format!("{err:#}")));
            Exit::Error.code()
        }
    };
    std::process::exit(code);
}
