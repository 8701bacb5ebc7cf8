//! The `tessera` binary: parse the command line, run, print the error once,
//! exit with the status (see [`cli::exit::Exit`]).
#![forbid(unsafe_code)]

mod cli;

use clap::error::ErrorKind;
use clap::Parser;
use cli::args::Cli;
use cli::exit::{is_broken_pipe, Exit};
use cli::voice;

// The allocator is the system's (glibc's malloc on Linux), not a crate's:
// a small run starts about 0.2 ms sooner (fewer pages touched), and the
// counts and searches keep their speed (docs/performance.md, "The
// allocator").

fn main() {
    cli::pages::small();
    // An ordinary run's line is read without building clap's command line
    // (a quarter of a small run's instructions); any other goes to clap.
    let quick = cli::quick::parse(std::env::args_os());
    let cli = match quick.map_or_else(Cli::try_parse, Ok) {
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
