//! `tessera pack`: its rules (the board, built-in piece sets, `--unique`),
//! how it prints, and its cases.

use super::args::PackArgs;
use super::cases::{self, Case};
use super::config::RunConfig;
use super::exit::{input_error_at, Exit, UsageError};
use super::input::Input;
use super::render::{to_value, Render};
use super::session::Session;
use anyhow::{Context, Result};
use std::cell::Cell;
use std::sync::Arc;
use tessera::engine::{Monitor, SearchConfig};
use tessera::format::grid::{self, Style};
use tessera::format::json::{PackPuzzleJson, PackSolutionJson};
use tessera::puzzles::input::{decode, ParseError};
use tessera::puzzles::pack::{self, Board, PackModelError, PieceSpec};
use tessera::puzzles::polyomino::Freedom;
use tessera::puzzles::symmetry;
use tessera::puzzles::PackModel;
use tessera::solve::{CaseResult, Status};

/// Pack's answers: the board with piece symbols, or `No solution possible`.
struct PackRender;

/// What a `--grid` drawing shows for piece `i`: its name; an unnamed piece
/// shows the judge's symbol, or its number when the puzzle has named pieces
/// or more pieces than the judge's symbols (61).
fn pack_symbol(m: &PackModel, i: usize) -> String {
    let pieces = &m.puzzle.pieces;
    match &pieces[i].name {
        Some(n) => n.clone(),
        None if pieces.len() > 61 || pieces.iter().any(|p| p.name.is_some()) => (i + 1).to_string(),
        None => pack::piece_symbol(i).to_string(),
    }
}

impl Render<PackModel> for PackRender {
    fn name(&self) -> &'static str {
        "pack"
    }
    fn verdict(&self, _: usize, m: &PackModel, r: &CaseResult<pack::PackSolution>) -> String {
        match (&r.status, &r.solution) {
            (Status::Solvable, Some(s)) => pack::text_grid(&m.puzzle, s).trim_end().to_string(),
            (Status::Solvable, None) => "Solution possible".to_string(),
            (Status::Unsolvable, _) => pack::NO_SOLUTION.to_string(),
            (Status::Unknown, _) => "Unknown".to_string(),
        }
    }
    fn grid(&self, m: &PackModel, s: &pack::PackSolution, style: Style) -> String {
        grid::pack(&m.puzzle, s, style, &|i| pack_symbol(m, i))
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

/// The board the command line asks for, if any.
fn command_line_board(args: &PackArgs) -> Result<Option<Board>> {
    if let Some(size) = args.board {
        return Ok(Some(Board::rectangle(size.rows, size.cols)));
    }
    let Some(path) = &args.board_file else { return Ok(None) };
    let name = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {name}"))?;
    let text = decode(&bytes).map_err(|e| input_error_at(&name, &e))?;
    Ok(Some(Board::read_picture(text).map_err(|e| input_error_at(&name, &e))?))
}

/// A JSON puzzle as a case: its board (unless `--board` replaces it) and
/// pieces with their names; a piece that the JSON lets turn or flip keeps
/// that freedom, the others take `--rotate` and `--flip`.
fn case_from_json(line: usize, json: PackPuzzleJson) -> Result<pack::Case, ParseError> {
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

/// The `--stats` line about `--unique`.
fn symmetry_note(k: usize, m: &PackModel) -> Option<String> {
    let info = m.encoded.symmetry.as_ref()?;
    let names: Vec<&str> = info.group.iter().map(|&g| symmetry::NAMES[g as usize]).collect();
    let mut line = format!("case {k}: symmetry group of order {} ({})", info.group.len(), names.join(", "));
    match info.restricted {
        None if info.group.len() > 1 => line.push_str("; refuted before the search"),
        None => line.push_str("; nothing to break"),
        Some((piece, kept, total, conditions)) => {
            let p = &m.puzzle.pieces[piece];
            let label = match &p.name {
                Some(n) => format!("piece {} ({n})", piece + 1),
                None => format!("piece {}", piece + 1),
            };
            line.push_str(&format!("; --unique keeps {kept} of the {total} placements of {label}"));
            if conditions > 0 {
                line.push_str(&format!(", {conditions} of them with a second piece restricted"));
            }
        }
    }
    Some(line)
}

/// The warning for a case whose pieces cover more or fewer cells than its
/// board has (stderr; the answer stays the judge's `No solution possible`):
/// the usual cause is a board left at its default 4x4, or the wrong
/// `--board`, so both areas are named and `--board` is suggested.
fn area_warning(m: &PackModel, board_given: bool) -> Option<String> {
    let pieces: usize = m.puzzle.pieces.iter().map(|p| p.shape.size()).sum();
    let board = &m.puzzle.board;
    let cells = board.area();
    if pieces == cells {
        return None;
    }
    let whose = if board_given { "the" } else { "the default" };
    let shape =
        if cells == board.rows * board.cols { format!("{}x{} ", board.rows, board.cols) } else { String::new() };
    Some(format!(
        "the pieces cover {pieces} cells, but {whose} {shape}board has {cells}, so no solution is possible; \
         give the board with --board ROWSxCOLS (or draw it in the input)"
    ))
}

/// `tessera pack`.
pub fn run(args: &PackArgs, monitor: Arc<Monitor>) -> Result<Exit> {
    let cli_board = command_line_board(args)?;
    let default_board = Board::rectangle(4, 4);
    let freedom = Freedom { rotate: args.rotate, flip: args.flip };
    let mut extra = Vec::new();
    for set in &args.set {
        for (name, shape, freedom) in set.pieces() {
            // Repeated sets combine: a clashing name is qualified.
            let earlier = extra.iter().map(|p: &pack::Piece| (p.name.as_deref(), p.shape.size()));
            let name = pack::set_piece_name(&name, shape.size(), earlier);
            extra.push(pack::Piece { shape, name: Some(name), freedom, line: 0 });
        }
    }
    let with_extra = |mut p: pack::PackPuzzle| {
        for piece in &extra {
            let mut piece = piece.clone();
            if let Some(name) = &piece.name {
                let earlier = p.pieces.iter().map(|q| (q.name.as_deref(), q.shape.size()));
                piece.name = Some(pack::set_piece_name(name, piece.shape.size(), earlier));
            }
            p.pieces.push(piece);
        }
        p
    };
    // A count of the whole problem counts one solution per orbit and
    // multiplies back where it can (not a shard, nor a plan of shards,
    // which must split the problem every shard encodes).
    let c = &args.common;
    let whole_count = SearchConfig::from(c).counts_whole_tree() && c.shard_plan.is_none();
    // Listing the placements, choosing how to break the symmetry and
    // building the problem poll the case's stop flag and deadline (`cfg`:
    // its clock runs from before the model is made).
    let model = |p: pack::PackPuzzle, cfg: &SearchConfig| match (args.unique, whole_count) {
        (true, _) => PackModel::unique_within(p, cfg),
        (false, true) => PackModel::counted_within(p, cfg),
        (false, false) => PackModel::new_within(p, cfg),
    };
    let cases = Cell::new(0usize);
    let note = |m: &PackModel| {
        cases.set(cases.get() + 1);
        if args.common.stats {
            if let Some(line) = symmetry_note(cases.get(), m) {
                eprintln!("{line}");
            }
        }
    };
    let mut session = Session::new(RunConfig::from_common(&args.common)?, monitor, "pack");
    if !extra.is_empty() && args.common.files.is_empty() {
        // The built-in set alone is the puzzle: no input to read (--help
        // says to give `-` for pieces from standard input).
        let board_given = cli_board.is_some();
        let board = cli_board.unwrap_or(default_board);
        let puzzle = with_extra(pack::PackPuzzle { board, pieces: Vec::new() });
        let m = model(puzzle, session.start_clock()).map_err(|e| UsageError(e.to_string()))?;
        note(&m);
        let warning = area_warning(&m, board_given);
        return cases::run_one(session, Case { line: 0, model: m, render: PackRender, warning });
    }
    cases::run_input(
        session,
        &args.common,
        "pack",
        |source| Box::new(pack::Reader::from_source(source)),
        |input: Input<pack::Case, PackPuzzleJson>, cfg: &SearchConfig| {
            let case = match input {
                Input::Text(case) => case,
                Input::Json(line, json) => case_from_json(line, json)?,
            };
            let board_given = cli_board.is_some() || case.board.is_some();
            let board = cli_board.as_ref().or(case.board.as_ref().map(|b| &b.0)).unwrap_or(&default_board);
            let m = model(with_extra(case.puzzle(board, freedom)), cfg).map_err(|e| {
                // Errors about the whole case (or a --set piece) name the case's line.
                let line = match &e {
                    PackModelError::NoPieces { .. } | PackModelError::Unique { .. } => case.line,
                    _ if e.line() == 0 => case.line,
                    _ => e.line(),
                };
                ParseError::at(line, e.to_string())
            })?;
            note(&m);
            let warning = area_warning(&m, board_given);
            Ok(Case { line: case.line, model: m, render: PackRender, warning })
        },
        drop,
    )
}
