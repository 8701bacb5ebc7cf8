//! `tessera edges`: options, rendering and the case loop.

use super::args::EdgesArgs;
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
use tessera::puzzles::{edges, TileModel};
use tessera::solve::{CaseResult, Status};

struct EdgesRender {
    letters: bool,
}

impl Render<TileModel> for EdgesRender {
    fn name(&self) -> &'static str {
        "edges"
    }
    fn verdict(&self, _: usize, _: &TileModel, r: &CaseResult<TileSolution>) -> String {
        match r.status {
            Status::Solvable => edges::verdict(true).to_string(),
            Status::Unsolvable => edges::verdict(false).to_string(),
            Status::Unknown => "UNKNOWN".to_string(),
        }
    }
    fn grid(&self, m: &TileModel, s: &TileSolution, cfg: &RunConfig) -> String {
        let letters = self.letters;
        grid::tiles(&m.puzzle, s, cfg.style, &move |l| edges::side_name(l, letters))
    }
    fn puzzle_json(&self, m: &TileModel) -> serde_json::Value {
        let mut p = TilePuzzleJson::from_puzzle(&m.puzzle);
        p.border = None; // edges always has flat borders
        to_value(&p)
    }
    fn solution_json(&self, m: &TileModel, s: &TileSolution) -> serde_json::Value {
        to_value(&TileSolutionJson::from_solution(&m.puzzle, s))
    }
    fn blank_between(&self) -> bool {
        false
    }
}

/// `tessera edges`.
pub fn run(args: &EdgesArgs, monitor: Arc<Monitor>) -> Result<Exit> {
    let fixes = args.fix.iter().map(|f| parse_fix(f)).collect::<Result<Vec<_>, UsageError>>()?;
    let opts = edges::Options { rotate: args.rotate, fixes };
    run_cases(
        &args.common,
        monitor,
        |text| Box::new(edges::Reader::new(text)),
        |case| {
            let model = TileModel::new(case.puzzle(&opts)).map_err(|e| ParseError::at(case.line, e.to_string()))?;
            Ok((case.line, model))
        },
        |case| EdgesRender { letters: case.letters },
    )
}
