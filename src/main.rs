//! The `tessera` binary: parse the command line, run, print the error once,
//! exit with the status (see [`cli::exit::Exit`]).
#![forbid(unsafe_code)]

mod cli;

use clap::Parser;
use cli::args::Cli;
use cli::exit::{is_broken_pipe, Exit};

fn main() {
    let cli = Cli::parse();
    let code = match cli::run(&cli) {
        Ok(exit) => exit.code(),
        Err(err) if is_broken_pipe(&err) => Exit::Solved.code(),
        Err(err) => {
            eprintln!("tessera: {err:#}");
            Exit::Error.code()
        }
    };
    std::process::exit(code);
}
