//! `tessera edges`: its rules, how it prints, and its cases.

use super::args::EdgesArgs;
use super::cases::{self, Case};
use super::config::RunConfig;
use super::exit::Exit;
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
use tessera::puzzles::tiles::TileSolution;
use tessera::puzzles::{edges, TileModel};
use tessera::solve::{CaseResult, Status};

/// Edges' answers: `YES` or `NO`, sides as letters or signed numbers.
struct EdgesRender {
    /// Whether to draw sides as letters (F, O, I), as the input wrote them.
    letters: bool,
}

impl Render<TileModel> for EdgesRender {
    fn name(&self) -> &'static str {
        "edges"
    }
    fn verdict(&self, k: usize, m: &TileModel, r: &CaseResult<TileSolution>) -> String {
        let mut out = String::new();
        self.verdict_into(&mut out, k, m, r);
        out
    }
    fn verdict_into(&self, out: &mut String, _: usize, _: &TileModel, r: &CaseResult<TileSolution>) {
        out.push_str(match r.status {
            Status::Solvable => edges::verdict(true),
            Status::Unsolvable => edges::verdict(false),
            Status::Unknown => "UNKNOWN",
        });
    }
    fn grid(&self, m: &TileModel, s: &TileSolution, style: Style) -> String {
        let letters = self.letters;
        grid::tiles(&m.puzzle, s, style, &move |l| edges::side_name(l, letters))
    }
    fn puzzle_json(&self, m: &TileModel) -> serde_json::Value {
        let mut p = TilePuzzleJson::from_puzzle(&m.puzzle);
        p.border = None; // edges always has flat borders
        to_value(&p)
    }
    fn solution_json(&self, m: &TileModel, s: &TileSolution) -> serde_json::Value {
        to_value(&TileSolutionJson::from_solution(&m.puzzle, s))
    }
    fn puzzle_text(&self, m: &TileModel) -> String {
        tile_puzzle_text(&m.puzzle, None)
    }
    fn solution_text(&self, m: &TileModel, s: &TileSolution) -> String {
        tile_solution_text(&m.puzzle, s)
    }
    fn blank_between(&self) -> bool {
        false
    }
}

/// `tessera edges`.
pub fn run(args: &EdgesArgs, monitor: Arc<Monitor>) -> Result<Exit> {
    let opts = edges::Options { rotate: args.rotate, fixes: args.fix.clone() };
    let session = Session::new(RunConfig::from_common(&args.common)?, monitor, "edges");
    // The encodings' arrays and the pieces' vector, handed from case to case.
    let arrays = Cell::new(None);
    let pieces = Rc::new(Cell::new(Vec::new()));
    cases::run_input(
        session,
        &args.common,
        "edges",
        |source| Box::new(edges::Reader::from_source(source).recycling(pieces.clone())),
        |input: Input<edges::Case, TilePuzzleJson>, _: &SearchConfig| {
            let (line, letters, puzzle) = match input {
                Input::Text(case) => (case.line, case.letters, case.into_puzzle(&opts)),
                Input::Json(line, json) => {
                    // --rotate lets pieces turn (as does the puzzle's `rotate`);
                    // --fix hints come after the puzzle's `fixes`.
                    let mut p = json.to_edges().map_err(|e| ParseError::at(line, e))?;
                    p.rotate |= opts.rotate;
                    p.fixes.extend(opts.fixes.iter().copied());
                    // JSON has numbers; draw letters when they are all F, O or I.
                    let letters = json.tiles.iter().flatten().all(|l| (-1..=1).contains(l));
                    (line, letters, p)
                }
            };
            let model =
                TileModel::with_arrays(puzzle, arrays.take()).map_err(|e| ParseError::at(line, e.to_string()))?;
            Ok(Case { line, model, render: EdgesRender { letters }, warning: None })
        },
        |model: TileModel| {
            let (kept, spare) = model.into_parts();
            arrays.set(kept);
            pieces.set(spare);
        },
    )
}
