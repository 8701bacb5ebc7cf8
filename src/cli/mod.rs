//! The command line: arguments, the case loop, progress and rendering hooks.
//! The library below never sees clap, anyhow or indicatif.

pub mod args;
pub mod config;
pub mod progress;
pub mod run;

use crate::exit::{Exit, UsageError};
use anyhow::{Context, Result};
use args::{Common, EdgesArgs, LayoutArg, PackArgs, TetravexArgs};
use config::{parse_board, parse_fix, RunConfig};
use run::{to_value, Render, Session};
use std::io::Read;
use std::sync::Arc;
use tessera::engine::Monitor;
use tessera::format::grid;
use tessera::format::json::{PackPuzzleJson, PackSolutionJson, TilePuzzleJson, TileSolutionJson};
use tessera::puzzles::input::{decode_prefix, ParseError};
use tessera::puzzles::pack::{self, Board};
use tessera::puzzles::pieces::PieceSet;
use tessera::puzzles::polyomino::Freedom;
use tessera::puzzles::{edges, tetravex, PackModel, TileModel};
use tessera::solve::{CaseResult, Status};

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
fn read_input(common: &Common) -> Result<(String, Vec<u8>)> {
    match common.file.as_deref() {
        None => read_stdin(),
        Some(p) if p.as_os_str() == "-" => read_stdin(),
        Some(p) => {
            let name = p.display().to_string();
            let meta = std::fs::metadata(p).with_context(|| format!("cannot read {name}"))?;
            if meta.len() > tessera::puzzles::input::MAX_INPUT_BYTES as u64 {
                return Err(InputError { source_name: name, error: "the input is larger than 256 MiB".into() }.into());
            }
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {name}"))?;
            Ok((name, bytes))
        }
    }
}

fn read_stdin() -> Result<(String, Vec<u8>)> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(tessera::puzzles::input::MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    Ok(("<stdin>".to_string(), bytes))
}

fn input_error(name: &str, e: impl std::fmt::Display) -> anyhow::Error {
    InputError { source_name: name.to_string(), error: e.to_string() }.into()
}

/// When the input stops being text, a read error at the cut is really that.
fn bad_text_first(name: &str, bad_text: &Option<ParseError>, error: anyhow::Error) -> anyhow::Error {
    match bad_text {
        Some(b) => input_error(name, b),
        None => error,
    }
}

fn start(common: &Common, monitor: Arc<Monitor>) -> Result<(Session, String, Vec<u8>)> {
    let cfg = RunConfig::from_common(common)?;
    let (name, bytes) = read_input(common)?;
    Ok((Session::new(cfg, monitor), name, bytes))
}

/// Ends a run: flushes, then the exit status (an input error wins).
fn finish(session: &Session, error: Option<anyhow::Error>) -> Result<Exit> {
    session.flush()?;
    match error {
        Some(e) => Err(e),
        None if session.interrupted() => Ok(Exit::Interrupted),
        None => Ok(session.exit),
    }
}

fn label_name(l: i32) -> String {
    l.to_string()
}

struct TetravexRender;

impl Render<TileModel> for TetravexRender {
    fn name(&self) -> &'static str {
        "tetravex"
    }
    fn verdict(&self, k: usize, _: &TileModel, r: &CaseResult<tessera::puzzles::tiles::TileSolution>) -> String {
        match r.status {
            Status::Solvable => tetravex::verdict(k, true),
            Status::Unsolvable => tetravex::verdict(k, false),
            Status::Unknown => format!("Game {k}: Unknown"),
        }
    }
    fn grid(&self, m: &TileModel, s: &tessera::puzzles::tiles::TileSolution, cfg: &RunConfig) -> String {
        grid::tiles(&m.puzzle, s, cfg.style, &label_name)
    }
    fn puzzle_json(&self, m: &TileModel) -> serde_json::Value {
        to_value(&TilePuzzleJson::from_puzzle(&m.puzzle))
    }
    fn solution_json(&self, m: &TileModel, s: &tessera::puzzles::tiles::TileSolution) -> serde_json::Value {
        to_value(&TileSolutionJson::from_solution(&m.puzzle, s))
    }
    fn blank_between(&self) -> bool {
        true
    }
}

/// `tessera tetravex`.
pub fn tetravex(args: &TetravexArgs, monitor: Arc<Monitor>) -> Result<Exit> {
    let fixes = args.fix.iter().map(|f| parse_fix(f)).collect::<Result<Vec<_>, UsageError>>()?;
    let opts = tetravex::Options {
        rotate: args.rotate,
        in_place: args.in_place,
        border: args.border,
        layout: match args.layout {
            LayoutArg::Tiles => tetravex::Layout::Tiles,
            LayoutArg::Blocks => tetravex::Layout::Blocks,
        },
        fixes,
    };
    if opts.in_place && !opts.fixes.is_empty() {
        return Err(UsageError("--in-place already pins every tile; it cannot be combined with --fix".into()).into());
    }
    let (mut session, name, bytes) = start(&args.common, monitor)?;
    let (text, bad_text) = decode_prefix(&bytes);
    let mut error = None;
    for case in tetravex::Reader::new(text, opts.layout) {
        if session.interrupted() {
            break;
        }
        let case = match case {
            Ok(c) => c,
            Err(e) => {
                error = Some(input_error(&name, e));
                break;
            }
        };
        let model = match TileModel::new(case.puzzle(&opts)) {
            Ok(m) => m,
            Err(e) => {
                error = Some(input_error(&name, ParseError::at(case.line, e.to_string())));
                break;
            }
        };
        session.case(&TetravexRender, case.line, &model)?;
    }
    finish(&session, error.map(|e| bad_text_first(&name, &bad_text, e)))
}

struct EdgesRender {
    letters: bool,
}

impl Render<TileModel> for EdgesRender {
    fn name(&self) -> &'static str {
        "edges"
    }
    fn verdict(&self, _: usize, _: &TileModel, r: &CaseResult<tessera::puzzles::tiles::TileSolution>) -> String {
        match r.status {
            Status::Solvable => edges::verdict(true).to_string(),
            Status::Unsolvable => edges::verdict(false).to_string(),
            Status::Unknown => "UNKNOWN".to_string(),
        }
    }
    fn grid(&self, m: &TileModel, s: &tessera::puzzles::tiles::TileSolution, cfg: &RunConfig) -> String {
        let letters = self.letters;
        grid::tiles(&m.puzzle, s, cfg.style, &move |l| edges::side_name(l, letters))
    }
    fn puzzle_json(&self, m: &TileModel) -> serde_json::Value {
        let mut p = TilePuzzleJson::from_puzzle(&m.puzzle);
        p.border = None; // edges always has flat borders
        to_value(&p)
    }
    fn solution_json(&self, m: &TileModel, s: &tessera::puzzles::tiles::TileSolution) -> serde_json::Value {
        to_value(&TileSolutionJson::from_solution(&m.puzzle, s))
    }
    fn blank_between(&self) -> bool {
        false
    }
}

/// `tessera edges`.
pub fn edges(args: &EdgesArgs, monitor: Arc<Monitor>) -> Result<Exit> {
    let fixes = args.fix.iter().map(|f| parse_fix(f)).collect::<Result<Vec<_>, UsageError>>()?;
    let opts = edges::Options { rotate: args.rotate, fixes };
    let (mut session, name, bytes) = start(&args.common, monitor)?;
    let (text, bad_text) = decode_prefix(&bytes);
    let mut error = None;
    for case in edges::Reader::new(text) {
        if session.interrupted() {
            break;
        }
        let case = match case {
            Ok(c) => c,
            Err(e) => {
                error = Some(input_error(&name, e));
                break;
            }
        };
        let model = match TileModel::new(case.puzzle(&opts)) {
            Ok(m) => m,
            Err(e) => {
                error = Some(input_error(&name, ParseError::at(case.line, e.to_string())));
                break;
            }
        };
        session.case(&EdgesRender { letters: case.letters }, case.line, &model)?;
    }
    finish(&session, error.map(|e| bad_text_first(&name, &bad_text, e)))
}

struct PackRender;

fn pack_symbol(m: &PackModel, i: usize) -> String {
    match &m.puzzle.pieces[i].name {
        Some(n) => n.clone(),
        None => pack::piece_symbol(i).to_string(),
    }
}

impl Render<PackModel> for PackRender {
    fn name(&self) -> &'static str {
        "pack"
    }
    fn verdict(&self, _: usize, m: &PackModel, r: &CaseResult<pack::PackSolution>) -> String {
        match (&r.status, &r.solution) {
            (Status::Solvable, Some(s)) => pack::judge_grid(&m.puzzle, s).trim_end().to_string(),
            (Status::Solvable, None) => "Solution possible".to_string(),
            (Status::Unsolvable, _) => pack::NO_SOLUTION.to_string(),
            (Status::Unknown, _) => "Unknown".to_string(),
        }
    }
    fn grid(&self, m: &PackModel, s: &pack::PackSolution, cfg: &RunConfig) -> String {
        grid::pack(&m.puzzle, s, cfg.style, &|i| pack_symbol(m, i))
    }
    fn puzzle_json(&self, m: &PackModel) -> serde_json::Value {
        to_value(&PackPuzzleJson::from_puzzle(&m.puzzle))
    }
    fn solution_json(&self, m: &PackModel, s: &pack::PackSolution) -> serde_json::Value {
        to_value(&PackSolutionJson::from_solution(&m.puzzle, s))
    }
    fn blank_between(&self) -> bool {
        true
    }
    fn decide_needs_solution(&self) -> bool {
        true
    }
}

/// `tessera pack`.
pub fn pack(args: &PackArgs, monitor: Arc<Monitor>) -> Result<Exit> {
    let (rows, cols) = parse_board(&args.board, pack::MAX_SIDE)?;
    let board = Board::rectangle(rows, cols);
    let freedom = Freedom { rotate: args.rotate, flip: args.flip };
    let mut extra = Vec::new();
    for name in &args.set {
        let set = PieceSet::by_name(name).ok_or_else(|| {
            let names: Vec<&str> = PieceSet::ALL.iter().map(|(n, _)| *n).collect();
            UsageError(format!("--set {name}: unknown piece set (known: {})", names.join(", ")))
        })?;
        extra.extend(set.pieces().into_iter().map(|(name, shape, freedom)| pack::Piece {
            shape,
            name: Some(name),
            freedom,
            line: 0,
        }));
    }
    let with_extra = |mut p: pack::PackPuzzle| {
        p.pieces.extend(extra.iter().cloned());
        p
    };
    if !extra.is_empty() && args.common.file.is_none() {
        // The built-in set alone is the puzzle: no input to read.
        let mut session = Session::new(RunConfig::from_common(&args.common)?, monitor);
        let puzzle = with_extra(pack::PackPuzzle { board, pieces: Vec::new() });
        let model = PackModel::new(puzzle).map_err(|e| UsageError(e.to_string()))?;
        session.case(&PackRender, 0, &model)?;
        return finish(&session, None);
    }
    let (mut session, name, bytes) = start(&args.common, monitor)?;
    let (text, bad_text) = decode_prefix(&bytes);
    let mut error = None;
    for case in pack::Reader::new(text) {
        if session.interrupted() {
            break;
        }
        let case = match case {
            Ok(c) => c,
            Err(e) => {
                error = Some(input_error(&name, e));
                break;
            }
        };
        let model = match PackModel::new(with_extra(case.puzzle(&board, freedom))) {
            Ok(m) => m,
            Err(e) => {
                error = Some(input_error(&name, e));
                break;
            }
        };
        session.case(&PackRender, case.line, &model)?;
    }
    finish(&session, error.map(|e| bad_text_first(&name, &bad_text, e)))
}
