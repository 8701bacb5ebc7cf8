//! `tessera tetravex`: options, rendering and the case loop.

use super::args::{LayoutArg, TetravexArgs};
use super::config::{parse_fix, RunConfig};
use super::input::run_cases;
use super::run::{to_value, Render};
use crate::exit::{Exit, UsageError};
use anyhow::Result;
use std::sync::Arc;
use tessera::engine::Monitor;
use tessera::format::grid;
use tessera::format::json::{TilePuzzleJson, TileSolutionJson};
use tessera::puzzles::input::ParseError;
use tessera::puzzles::tiles::TileSolution;
use tessera::puzzles::{tetravex, TileModel};
use tessera::solve::{CaseResult, Status};

fn label_name(l: i32) -> String {
    l.to_string()
}

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
    fn grid(&self, m: &TileModel, s: &TileSolution, cfg: &RunConfig) -> String {
        grid::tiles(&m.puzzle, s, cfg.style, &label_name)
    }
    fn puzzle_json(&self, m: &TileModel) -> serde_json::Value {
        to_value(&TilePuzzleJson::from_puzzle(&m.puzzle))
    }
    fn solution_json(&self, m: &TileModel, s: &TileSolution) -> serde_json::Value {
        to_value(&TileSolutionJson::from_solution(&m.puzzle, s))
    }
    fn blank_between(&self) -> bool {
        true
    }
}

/// `tessera tetravex`.
pub fn run(args: &TetravexArgs, monitor: Arc<Monitor>) -> Result<Exit> {
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
    run_cases(
        &args.common,
        monitor,
        |text| Box::new(tetravex::Reader::new(text, opts.layout)),
        |case| {
            let model = TileModel::new(case.puzzle(&opts)).map_err(|e| ParseError::at(case.line, e.to_string()))?;
            Ok((case.line, model))
        },
        |_| TetravexRender,
    )
}
