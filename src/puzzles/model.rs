//! What every puzzle gives the solver: a [`Model`] (pre-checks, the
//! exact-cover problem, decoding), and the [`Refutation`] a pre-check
//! returns. The puzzles depend on this module; it depends on the engine
//! only.

use crate::engine::{OptionId, Problem};

/// A counting argument that refuted a puzzle before any search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// A short stable name, such as `area` or `label-balance`.
    pub check: &'static str,
    /// What did not add up.
    pub detail: String,
}

/// A puzzle case ready for the engine.
pub trait Model: Sync {
    /// A decoded solution.
    type Solution: Send;
    /// Cheap arguments that prove there is no solution, tried first.
    fn precheck(&self) -> Option<Refutation>;
    /// The exact-cover problem.
    fn problem(&self) -> &Problem;
    /// Turns the engine's chosen options into a solution.
    fn decode(&self, chosen: &[OptionId]) -> Self::Solution;
}
