//! The `tessera` binary: parse the command line, run, print the error once,
//! exit with the status (see [`exit::Exit`]).

mod cli;
mod exit;

use clap::{CommandFactory, Parser};
use cli::args::{Cli, Command};
use exit::Exit;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use tessera::engine::Monitor;

fn main() {
    let cli = Cli::parse();
    let monitor = Monitor::new();
    // First Ctrl-C: stop the search and print what is known. Second: exit.
    let presses = AtomicUsize::new(0);
    let flag = monitor.clone();
    let _ = ctrlc::set_handler(move || {
        if presses.fetch_add(1, Ordering::SeqCst) > 0 {
            std::process::exit(Exit::Interrupted.code());
        }
        flag.stop.store(true, Ordering::SeqCst);
    });
    let result = match &cli.command {
        Command::Tetravex(a) => cli::tetravex::run(a, monitor),
        Command::Edges(a) => cli::edges::run(a, monitor),
        Command::Pack(a) => cli::pack::run(a, monitor),
        Command::Completions { shell } => emit(|out| {
            clap_complete::generate(*shell, &mut Cli::command(), "tessera", out);
        }),
        Command::Man => emit(|out| {
            let _ = clap_mangen::Man::new(Cli::command()).render(out);
        }),
    };
    let code = match result {
        Ok(exit) => exit.code(),
        Err(err) if is_broken_pipe(&err) => 0,
        Err(err) => {
            eprintln!("tessera: {err:#}");
            Exit::Error.code()
        }
    };
    std::process::exit(code);
}

/// Generates into memory, then writes (generators panic on a closed pipe).
fn emit(generate: impl FnOnce(&mut Vec<u8>)) -> anyhow::Result<Exit> {
    let mut buf = Vec::new();
    generate(&mut buf);
    let mut out = std::io::stdout().lock();
    out.write_all(&buf)?;
    out.flush()?;
    Ok(Exit::Solved)
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .any(|e| e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}
