//! Reading the input: FILE or standard input, whole and at most 256 MiB;
//! and what one case of a puzzle input is, text or JSON.

use super::args::InputFormat;
use super::exit::input_error;
use anyhow::{Context, Result};
use std::io::{IsTerminal, Read};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use tessera::puzzles::input::MAX_INPUT_BYTES;

/// Set while tessera waits for standard input: nothing is computed yet,
/// so the first Ctrl-C ends the program (see `cli::run`).
pub static READING_STDIN: AtomicBool = AtomicBool::new(false);

/// An input read whole.
pub struct Source {
    /// The file's name as given, or `<stdin>`.
    pub name: String,
    /// Its bytes (at most [`MAX_INPUT_BYTES`]).
    pub bytes: Vec<u8>,
}

/// Reads a file whole, or standard input for none or `-`; `what` names
/// what standard input should hold, for a hint when it is a terminal.
pub fn read(path: Option<&Path>, what: &str) -> Result<Source> {
    let mut bytes = Vec::new();
    let limit = MAX_INPUT_BYTES as u64 + 1;
    let name = match path {
        Some(p) if p.as_os_str() != "-" => {
            let name = p.display().to_string();
            std::fs::File::open(p)
                .and_then(|f| f.take(limit).read_to_end(&mut bytes))
                .with_context(|| format!("cannot read {name}"))?;
            name
        }
        _ => {
            let stdin = std::io::stdin();
            if stdin.is_terminal() {
                eprintln!("tessera: reading {what} from standard input; Ctrl-D ends");
            }
            READING_STDIN.store(true, Ordering::SeqCst);
            let read = stdin.take(limit).read_to_end(&mut bytes);
            READING_STDIN.store(false, Ordering::SeqCst);
            read.context("cannot read standard input")?;
            "<stdin>".to_string()
        }
    };
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(input_error(&name, format!("the input is larger than {} MiB", MAX_INPUT_BYTES >> 20)));
    }
    Ok(Source { name, bytes })
}

/// A case as read: from the judge's text, or a JSON puzzle with the line
/// where it starts.
pub enum Input<T, J> {
    /// A case of the judge's text format.
    Text(T),
    /// A JSON puzzle and its first line.
    Json(usize, J),
}

/// Whether to read the input as JSON (`--input`; `auto`: it starts with
/// `{` or `[` after white space).
pub fn is_json(format: InputFormat, text: &str) -> bool {
    match format {
        InputFormat::Json => true,
        InputFormat::Text => false,
        InputFormat::Auto => text.trim_start().starts_with(['{', '[']),
    }
}
