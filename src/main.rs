//! The `tessera` binary: parse the command line, run, print the error once,
//! exit with the status (see [`cli::exit::Exit`]).
#![forbid(unsafe_code)]

mod cli;

use clap::error::ErrorKind;
use clap::Parser;
use cli::args::Cli;
use cli::exit::{is_broken_pipe, Exit};
use cli::voice;

fn main() {
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
