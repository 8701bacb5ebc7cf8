//! The `tessera` binary: parse the command line, run, print the error once,
//! exit with the status (see [`cli::exit::Exit`]).
#![forbid(unsafe_code)]

mod cli;

use clap::error::ErrorKind;
use clap::Parser;
use cli::args::Cli;
use cli::exit::{is_broken_pipe, Exit};
use cli::voice;

/// mimalloc rather than the system's malloc: with glibc's malloc the
/// memoised and layered counts run 8-29% slower. It is built `no_thp`
/// (Cargo.toml): it never asks for huge pages, which cost every process
/// two zeroed 2 MiB pages before `main` and gained the counts nothing
/// (docs/performance.md, "The allocator"), and its first arena is 64 MiB
/// rather than 1 GiB (`.cargo/config.toml`): fewer pages of bitmaps
/// written before `main`. The same file has it read its options with
/// `getenv` and leave its memory to the kernel at exit.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
