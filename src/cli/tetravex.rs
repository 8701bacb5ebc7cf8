//! `tessera tetravex`: its rules, how it prints, and its cases.

use super::args::{LayoutArg, TetravexArgs};
use super::cases::{self, Case};
use super::config::RunConfig;
use super::exit::{Exit, UsageError};
use super::input::Input;
use super::render::{to_value, Render};
use super::session::Session;
use anyhow::Result;
use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;
use tessera::engine::{Monitor, SearchConfig};
use tessera::format::grid::{self, Style};
use tessera::format::json::{tile_puzzle_text, tile_solution_text, TilePuzzleJson, TileSolutionJson};
use tessera::puzzles::input::ParseError;
use tessera::puzzles::tiles::{Border, Fix, TilePuzzle, TileSolution};
use tessera::puzzles::{tetravex, TileModel};
use tessera::solve::{CaseResult, Status};

/// A label as drawn: its number.
fn label_name(l: i32) -> String {
    l.to_string()
}

/// Tetravex's answers: `Game k: Possible` and labels as numbers.
struct TetravexRender;

impl Render<TileModel> for TetravexRender {
    fn name(&self) -> &'static str {
        "tetravex"
    }
    fn verdict(&self, k: usize, _: &TileModel, r: &CaseResult<TileSolution>) -> String {
        match r.status {
            Status::Solvable => tetravex::verdict(k, true),
            Status::Unsolvable => tetravex::verdict(k, false),
            Status::Unknown => format!("Game {k}: Unknown"),
        }
    }
    fn verdict_into(&self, out: &mut String, k: usize, m: &TileModel, r: &CaseResult<TileSolution>) {
        match r.status {
            Status::Solvable => tetravex::verdict_into(out, k, true),
            Status::Unsolvable => tetravex::verdict_into(out, k, false),
            Status::Unknown => out.push_str(&self.verdict(k, m, r)),
        }
    }
    fn grid(&self, m: &TileModel, s: &TileSolution, style: Style) -> String {
        grid::tiles(&m.puzzle, s, style, &label_name)
    }
    fn puzzle_json(&self, m: &TileModel) -> serde_json::Value {
        to_value(&TilePuzzleJson::from_puzzle(&m.puzzle))
    }
    fn solution_json(&self, m: &TileModel, s: &TileSolution) -> serde_json::Value {
        to_value(&TileSolutionJson::from_solution(&m.puzzle, s))
    }
    fn puzzle_text(&self, m: &TileModel) -> String {
        let border = match m.puzzle.border {
            Border::Free => None,
            Border::Label(b) => Some(b),
        };
        tile_puzzle_text(&m.puzzle, border)
    }
    fn solution_text(&self, m: &TileModel, s: &TileSolution) -> String {
        tile_solution_text(&m.puzzle, s)
    }
    fn blank_between(&self) -> bool {
        true
    }
}

/// `tessera tetravex`.
pub fn run(args: &TetravexArgs, monitor: Arc<Monitor>) -> Result<Exit> {
    // A label no tile can carry would only make every case impossible.
    if let Some(b) = args.border.filter(|b| !(0..=tetravex::MAX_LABEL as i32).contains(b)) {
        return Err(UsageError(format!("--border {b}: expected a label from 0 to {}", tetravex::MAX_LABEL)).into());
    }
    let opts = tetravex::Options {
        rotate: args.rotate,
        in_place: args.in_place,
        border: args.border,
        layout: match args.layout {
            LayoutArg::Tiles => tetravex::Layout::Tiles,
            LayoutArg::Blocks => tetravex::Layout::Blocks,
        },
        fixes: args.fix.clone(),
    };
    if opts.in_place && !opts.fixes.is_empty() {
        return Err(UsageError("--in-place already pins every tile; it cannot be combined with --fix".into()).into());
    }
    let session = Session::new(RunConfig::from_common(&args.common)?, monitor, "tetravex");
    // The encodings' arrays and the tiles' vector, handed from case to case.
    let arrays = Cell::new(None);
    let tiles = Rc::new(Cell::new(Vec::new()));
    cases::run_input(
        session,
        &args.common,
        "tetravex",
        |source| Box::new(tetravex::Reader::from_source(source, opts.layout).recycling(tiles.clone())),
        |input: Input<tetravex::Case, TilePuzzleJson>, _: &SearchConfig| {
            let (line, puzzle) = match input {
                Input::Text(case) => (case.line, case.into_puzzle(&opts)),
                Input::Json(line, json) => (line, from_json(&json, &opts).map_err(|e| ParseError::at(line, e))?),
            };
            let model =
                TileModel::with_arrays(puzzle, arrays.take()).map_err(|e| ParseError::at(line, e.to_string()))?;
            Ok(Case { line, model, render: TetravexRender, warning: None })
        },
        |model: TileModel| {
            let (kept, spare) = model.into_parts();
            arrays.set(kept);
            tiles.set(spare);
        },
    )
}

/// A JSON puzzle under the command line's rules: `--rotate` lets tiles turn
/// (as does the puzzle's `rotate`), `--border` sets the border label,
/// `--fix` hints come after the puzzle's `fixes`, `--in-place` pins every
/// tile to its own cell (the puzzle must then have no `fixes`). `--layout`
/// is about text only.
fn from_json(json: &TilePuzzleJson, opts: &tetravex::Options) -> Result<TilePuzzle, String> {
    let mut p = json.to_tetravex()?;
    p.rotate |= opts.rotate;
    if let Some(b) = opts.border {
        p.border = Border::Label(b);
    }
    if opts.in_place {
        if !p.fixes.is_empty() {
            return Err("--in-place pins every tile; the puzzle must have no fixes".into());
        }
        p.rotate = true;
        p.fixes =
            (0..p.tiles.len()).map(|i| Fix { piece: i, row: i / p.cols, col: i % p.cols, rotation: None }).collect();
    }
    p.fixes.extend(opts.fixes.iter().copied());
    Ok(p)
}
