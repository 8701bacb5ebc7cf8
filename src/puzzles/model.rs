//! What every puzzle gives the solver: a [`Model`] (pre-checks, the
//! exact-cover problem, decoding), and the [`Refutation`] a pre-check
//! returns. The puzzles depend on this module; it depends on the engine
//! only.

use crate::engine::{OptionId, Problem, SearchConfig, StopReason};

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
    /// The exact-cover problem, encoded on first use. The encoding of a
    /// big puzzle takes a share of a second, so it polls `config`'s stop
    /// flag and deadline as the engine's setup does, and gives up with the
    /// reason of a stop that comes first.
    fn problem_within(&self, config: &SearchConfig) -> Result<&Problem, StopReason>;
    /// Encodes the problem now, through `&mut self`, where the search is
    /// about to read it: what [`Model::problem_within`] does, without the
    /// synchronisation a model shared between threads needs to encode on
    /// first use (a stream of tiny cases pays for every locked
    /// instruction). The default encodes through `problem_within`.
    fn encode_within(&mut self, config: &SearchConfig) -> Result<(), StopReason> {
        self.problem_within(config).map(|_| ())
    }
    /// The exact-cover problem, however long encoding it takes: the whole
    /// problem, every solution kept, as a list of every solution sees it
    /// (a search for one solution, or a count, may leave out solutions that
    /// a symmetry maps onto others it keeps, and the plan of a shard must
    /// not depend on which search reads it).
    fn problem(&self) -> &Problem {
        match self.problem_within(&SearchConfig::all(None)) {
            Ok(problem) => problem,
            Err(_) => unreachable!("no deadline and no stop flag: nothing stops the encoding"),
        }
    }
    /// Turns the engine's chosen options into a solution.
    fn decode(&self, chosen: &[OptionId]) -> Self::Solution;
    /// How many solutions of the puzzle each solution of its encoded
    /// problem stands for: 1, unless a count kept the same share of every
    /// orbit of a symmetry ([`SearchConfig::counts_whole_tree`]) and its
    /// count is to be multiplied back. Read after the encoding.
    fn count_factor(&self) -> u64 {
        1
    }
}
