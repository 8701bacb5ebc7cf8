//! What every puzzle subcommand shares around its case loop: reading the
//! input, locating errors, and the loop itself.

use super::args::{Common, InputFormat};
use super::config::RunConfig;
use super::run::{Render, Session};
use crate::exit::Exit;
use anyhow::{Context, Result};
use serde::de::DeserializeOwned;
use std::io::{IsTerminal, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tessera::engine::Monitor;
use tessera::format::json::{read_puzzles, PackPuzzleJson};
use tessera::puzzles::input::{decode_prefix, ParseError, MAX_INPUT_BYTES};
use tessera::puzzles::pack::{self, PieceSpec};
use tessera::puzzles::Model;

/// An input error: already located, printed as is.
#[derive(Debug)]
pub struct InputError {
    pub source_name: String,
    pub error: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.source_name, self.error)
    }
}

impl std::error::Error for InputError {}

/// Reads the whole input (a file, or standard input for none or `-`).
pub fn read_input(common: &Common) -> Result<(String, Vec<u8>)> {
    match common.file.as_deref() {
        None => read_stdin(),
        Some(p) if p.as_os_str() == "-" => read_stdin(),
        Some(p) => {
            let name = p.display().to_string();
            let meta = std::fs::metadata(p).with_context(|| format!("cannot read {name}"))?;
            if meta.len() > MAX_INPUT_BYTES as u64 {
                return Err(InputError { source_name: name, error: "the input is larger than 256 MiB".into() }.into());
            }
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {name}"))?;
            Ok((name, bytes))
        }
    }
}

/// Set while tessera waits for standard input: nothing is computed yet,
/// so the first Ctrl-C ends the program (see `main`).
pub static READING_STDIN: AtomicBool = AtomicBool::new(false);

fn read_stdin() -> Result<(String, Vec<u8>)> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("tessera: reading puzzles from standard input; Ctrl-D ends");
    }
    let mut bytes = Vec::new();
    READING_STDIN.store(true, Ordering::SeqCst);
    let read = stdin.take(MAX_INPUT_BYTES as u64 + 1).read_to_end(&mut bytes);
    READING_STDIN.store(false, Ordering::SeqCst);
    read.context("cannot read standard input")?;
    Ok(("<stdin>".to_string(), bytes))
}

pub fn input_error(name: &str, e: impl std::fmt::Display) -> anyhow::Error {
    InputError { source_name: name.to_string(), error: e.to_string() }.into()
}

/// When the input stops being text, a read error at the cut is really that.
fn bad_text_first(name: &str, bad_text: &Option<ParseError>, error: anyhow::Error) -> anyhow::Error {
    match bad_text {
        Some(b) => input_error(name, b),
        None => error,
    }
}

pub fn start(common: &Common, monitor: Arc<Monitor>) -> Result<(Session, String, Vec<u8>)> {
    let cfg = RunConfig::from_common(common)?;
    let (name, bytes) = read_input(common)?;
    Ok((Session::new(cfg, monitor), name, bytes))
}

/// Ends a run: flushes, then the exit status (an input error wins).
pub fn finish(session: &Session, error: Option<anyhow::Error>) -> Result<Exit> {
    session.flush()?;
    match error {
        Some(e) => Err(e),
        None if session.interrupted() => Ok(Exit::Interrupted),
        None => Ok(session.exit),
    }
}

/// A case as read: from the judge's text, or a JSON puzzle with the line
/// where it starts.
pub enum Input<T, J> {
    Text(T),
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

/// A text case that a JSON puzzle converts to, so that [`run_cases`] reads
/// JSON input too.
pub trait FromJson: Sized {
    /// The puzzle object of the JSON input.
    type Json: DeserializeOwned;
    /// The case for the puzzle that starts at `line`.
    fn from_json(line: usize, json: Self::Json) -> Result<Self, ParseError>;
}

/// Pack: the JSON puzzle's board (unless `--board` replaces it) and pieces
/// with their names; a piece that the JSON lets turn or flip keeps that
/// freedom, the others take `--rotate` and `--flip`.
impl FromJson for pack::Case {
    type Json = PackPuzzleJson;

    fn from_json(line: usize, json: PackPuzzleJson) -> Result<Self, ParseError> {
        let puzzle = json.to_puzzle(line).map_err(|e| ParseError::at(line, e))?;
        let specs = puzzle
            .pieces
            .iter()
            .map(|p| PieceSpec {
                name: p.name.clone(),
                rotate: p.freedom.rotate.then_some(true),
                flip: p.freedom.flip.then_some(true),
            })
            .collect();
        let pieces = puzzle.pieces.into_iter().map(|p| (p.shape, line)).collect();
        Ok(pack::Case { line, pieces, specs, board: Some((puzzle.board, line)) })
    }
}

/// The case loop for commands whose cases come from text or, through
/// [`FromJson`], from JSON (see [`run_inputs`]).
pub fn run_cases<C, M, R>(
    common: &Common,
    monitor: Arc<Monitor>,
    read: impl FnOnce(&str) -> Box<dyn Iterator<Item = Result<C, ParseError>> + '_>,
    build: impl Fn(&C) -> Result<(usize, M), ParseError>,
    render: impl Fn(&C) -> R,
) -> Result<Exit>
where
    C: FromJson,
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    let (mut session, name, bytes) = start(common, monitor)?;
    let (text, bad_text) = decode_prefix(&bytes);
    let cases: Box<dyn Iterator<Item = Result<C, ParseError>>> = if is_json(common.input, text) {
        Box::new(read_puzzles::<C::Json>(text).map(|r| r.and_then(|(line, j)| C::from_json(line, j))))
    } else {
        read(text)
    };
    let json = is_json(common.input, text);
    case_loop(&mut session, &name, &bad_text, json, cases, |c| build(c), |c| render(c))
}

/// The case loop: reads cases one by one (text, or JSON puzzles of type
/// `J` when `json` allows and `--input` says so), builds each one's model,
/// solves and prints it at once. Stops at the first bad case (after
/// answering the ones before it) or on Ctrl-C.
pub fn run_inputs<C, J, M, R>(
    common: &Common,
    monitor: Arc<Monitor>,
    read: impl FnOnce(&str) -> Box<dyn Iterator<Item = Result<C, ParseError>> + '_>,
    build: impl Fn(&Input<C, J>) -> Result<(usize, M), ParseError>,
    render: impl Fn(&Input<C, J>) -> R,
    json: bool,
) -> Result<Exit>
where
    J: DeserializeOwned,
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    let (mut session, name, bytes) = start(common, monitor)?;
    let (text, bad_text) = decode_prefix(&bytes);
    let json = json && is_json(common.input, text);
    let cases: Box<dyn Iterator<Item = Result<Input<C, J>, ParseError>>> = if json {
        Box::new(read_puzzles::<J>(text).map(|r| r.map(|(line, p)| Input::Json(line, p))))
    } else {
        Box::new(read(text).map(|r| r.map(Input::Text)))
    };
    case_loop(&mut session, &name, &bad_text, json, cases, build, render)
}

/// Solves and prints each case as it is read; stops at the first bad case
/// (after answering the ones before it) or on Ctrl-C. Text formats end at
/// their terminator line, and what follows is ignored; JSON input has no
/// terminator, so input that is not UTF-8 is an error even where the
/// readable part ends cleanly.
fn case_loop<C, M, R>(
    session: &mut Session,
    name: &str,
    bad_text: &Option<ParseError>,
    json: bool,
    cases: Box<dyn Iterator<Item = Result<C, ParseError>> + '_>,
    build: impl Fn(&C) -> Result<(usize, M), ParseError>,
    render: impl Fn(&C) -> R,
) -> Result<Exit>
where
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    let mut error = None;
    for case in cases {
        if session.interrupted() {
            break;
        }
        let built = case.and_then(|c| build(&c).map(|(line, m)| (line, m, c)));
        match built {
            Ok((line, model, case)) => session.case(&render(&case), line, &model)?,
            Err(e) => {
                error = Some(bad_text_first(name, bad_text, input_error(name, e)));
                break;
            }
        }
    }
    if let (None, Some(bad), true) = (&error, bad_text, json) {
        if !session.interrupted() {
            error = Some(input_error(name, bad));
        }
    }
    finish(session, error)
}
