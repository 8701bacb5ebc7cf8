//! `tessera pack`: options, rendering and the case loop.

use super::args::PackArgs;
use super::config::{parse_board, RunConfig};
use super::input::{finish, run_cases};
use super::run::{to_value, Render, Session};
use crate::exit::{Exit, UsageError};
use anyhow::Result;
use std::sync::Arc;
use tessera::engine::Monitor;
use tessera::format::grid;
use tessera::format::json::{PackPuzzleJson, PackSolutionJson};
use tessera::puzzles::input::ParseError;
use tessera::puzzles::pack::{self, Board};
use tessera::puzzles::pieces::PieceSet;
use tessera::puzzles::polyomino::Freedom;
use tessera::puzzles::PackModel;
use tessera::solve::{CaseResult, Status};

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
pub fn run(args: &PackArgs, monitor: Arc<Monitor>) -> Result<Exit> {
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
    run_cases(
        &args.common,
        monitor,
        |text| Box::new(pack::Reader::new(text)),
        |case| {
            let model = PackModel::new(with_extra(case.puzzle(&board, freedom)))
                .map_err(|e| ParseError::at(e.line(), e.to_string()))?;
            Ok((case.line, model))
        },
        |_| PackRender,
    )
}
