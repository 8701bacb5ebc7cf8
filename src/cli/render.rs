//! How one puzzle family prints its answers: the hooks that tetravex,
//! edges and pack implement for the shared output code.

use serde::Serialize;
use tessera::format::grid::Style;
use tessera::puzzles::Model;
use tessera::solve::CaseResult;

/// How one puzzle family prints its answers.
pub trait Render<M: Model> {
    /// `tetravex`, `edges` or `pack`.
    fn name(&self) -> &'static str;
    /// The judge's verdict for case `k` (1-based), without a final newline.
    fn verdict(&self, k: usize, model: &M, result: &CaseResult<M::Solution>) -> String;
    /// [`Render::verdict`] written at the end of `out` (a family may write
    /// it there without a string of its own: the same text).
    fn verdict_into(&self, out: &mut String, k: usize, model: &M, result: &CaseResult<M::Solution>) {
        out.push_str(&self.verdict(k, model, result));
    }
    /// A drawing of a solution (ends with a newline).
    fn grid(&self, model: &M, solution: &M::Solution, style: Style) -> String;
    /// The puzzle as JSON.
    fn puzzle_json(&self, model: &M) -> serde_json::Value;
    /// A solution as JSON.
    fn solution_json(&self, model: &M, solution: &M::Solution) -> serde_json::Value;
    /// [`Render::puzzle_json`] as JSON text (a family may write it
    /// without the tree of values: the same text).
    fn puzzle_text(&self, model: &M) -> String {
        to_text(&self.puzzle_json(model))
    }
    /// [`Render::solution_json`] as JSON text (likewise).
    fn solution_text(&self, model: &M, solution: &M::Solution) -> String {
        to_text(&self.solution_json(model, solution))
    }
    /// Whether the judge separates cases by an empty line.
    fn blank_between(&self) -> bool;
    /// Whether a solution is shown even without `--grid` (pack's verdict is
    /// its grid).
    fn decide_needs_solution(&self) -> bool {
        false
    }
}

/// Serialises a value to JSON text (for the render hooks).
pub fn to_text<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("records serialise")
}

/// Serialises a value to JSON (for the render hooks).
pub fn to_value<T: Serialize>(v: &T) -> serde_json::Value {
    serde_json::to_value(v).expect("records serialise")
}
