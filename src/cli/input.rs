//! Reading the inputs: each FILE (or standard input) of a puzzle command
//! opened as a stream
//! ([`open`]) whose reads flush what was answered so far, and what one case
//! of a puzzle input is, text or JSON.
//!
//! Standard output is flushed exactly when reading may wait: a
//! [`Source`] asks its reader for bytes only when its buffer is empty, and
//! the reader here flushes stdout first. So an interactive user or a pipe
//! sees each answer before tessera waits for the next case, and a file of a
//! million small cases costs one flush per 64 KiB read, not one per case.

use super::args::InputFormat;
use super::exit::input_error;
use anyhow::{Context, Result};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Stdout, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tessera::puzzles::input::MAX_INPUT_BYTES;
use tessera::puzzles::stream;

/// Set while tessera waits for input: nothing is being computed, so the
/// first Ctrl-C ends the program (see `cli::run`).
pub static READING_INPUT: AtomicBool = AtomicBool::new(false);

/// Standard output, shared by the session, the threads that stream
/// solutions and the inputs (which flush it before they wait).
pub type SharedOut = Arc<Mutex<BufWriter<Stdout>>>;

/// How many bytes an input reads at once.
const READ_BYTES: usize = 64 << 10;

/// A buffered reader that flushes stdout before each read (the moment
/// reading may wait) and marks the wait for the Ctrl-C handler.
///
/// The watch sits outside the buffer, not between the buffer and the file:
/// a `BufReader` over a reader of its own making would zero its 64 KiB
/// before the first read (only the standard readers fill a buffer that is
/// not yet initialised), 66 k instructions and 16 page faults at each
/// start, a tenth of a small run's work.
struct Watched<R> {
    inner: BufReader<R>,
    out: SharedOut,
}

impl<R: Read> BufRead for Watched<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.inner.buffer().is_empty() {
            // A failed flush is reported by the next write to stdout.
            if let Ok(mut out) = self.out.lock() {
                let _ = out.flush();
            }
            READING_INPUT.store(true, Ordering::SeqCst);
            let read = self.inner.fill_buf().map(|_| ());
            READING_INPUT.store(false, Ordering::SeqCst);
            read?;
        }
        // What was read, without reading again (at the end of a terminal's
        // input a second read would wait for more).
        Ok(self.inner.buffer())
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

impl<R: Read> Read for Watched<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let held = self.fill_buf()?;
            let n = held.len().min(buf.len());
            buf[..n].copy_from_slice(&held[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> stream::Input for Watched<R> {
    fn buffered(&self) -> usize {
        self.inner.buffer().len()
    }
}

/// The name an input is reported by: the file as given, or `<stdin>`.
pub fn name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Opens a file, or standard input for `-`, as a stream; `what` names what
/// standard input should hold, for a hint when it is a terminal.
pub fn open(path: &Path, what: &str, out: &SharedOut) -> Result<stream::Source, String> {
    if path.as_os_str() == "-" {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            eprintln!("tessera: reading {what} from standard input; Ctrl-D ends");
        }
        let reader = Watched { inner: BufReader::with_capacity(READ_BYTES, stdin), out: out.clone() };
        return Ok(stream::Source::new(Box::new(reader)));
    }
    let file = File::open(path).map_err(|e| io_message(&e))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err("is a directory, not a file of puzzles".to_string());
    }
    let reader = Watched { inner: BufReader::with_capacity(READ_BYTES, file), out: out.clone() };
    Ok(stream::Source::new(Box::new(reader)))
}

/// An I/O error in plain words: the system's message without Rust's
/// ` (os error N)`.
pub fn io_message(e: &io::Error) -> String {
    super::voice::plain(&e.to_string())
}

/// A case as read: from the judge's text, or a JSON puzzle with the line
/// where it starts.
pub enum Input<T, J> {
    /// A case of the judge's text format.
    Text(T),
    /// A JSON puzzle and its first line.
    Json(usize, J),
}

/// Whether to read the input as JSON (`--input`; `auto`: its first
/// non-blank line starts with `{` or `[`, which waits for that line).
pub fn is_json(format: InputFormat, source: &mut stream::Source) -> bool {
    match format {
        InputFormat::Json => true,
        InputFormat::Text => false,
        InputFormat::Auto => source.peek_nonblank().is_some_and(|l| l.text.trim_start().starts_with(['{', '['])),
    }
}

/// An input read whole (`tessera merge` reads its shard records so).
pub struct Source {
    /// The file's name as given, or `<stdin>`.
    pub name: String,
    /// Its bytes (at most [`MAX_INPUT_BYTES`]).
    pub bytes: Vec<u8>,
}

/// Reads a file whole, or standard input for none or `-`; `what` names what
/// standard input should hold, for a hint when it is a terminal.
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
            READING_INPUT.store(true, Ordering::SeqCst);
            let read = stdin.take(limit).read_to_end(&mut bytes);
            READING_INPUT.store(false, Ordering::SeqCst);
            read.context("cannot read standard input")?;
            "<stdin>".to_string()
        }
    };
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(input_error(&name, format!("the input is larger than {} MiB", MAX_INPUT_BYTES >> 20)));
    }
    Ok(Source { name, bytes })
}
