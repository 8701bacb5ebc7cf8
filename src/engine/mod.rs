//! The solver core: exact cover with colours and multiplicities.
//!
//! # The problem
//!
//! A [`Problem`] has *primary items*, each with a multiplicity `m`, and
//! *secondary items*. An *option* is a set of items; in an option each
//! secondary item carries a *colour*. A *solution* is a set of options such
//! that
//!
//! * every primary item lies in exactly `m` chosen options (its multiplicity);
//! * every secondary item gets one colour: all chosen options that contain
//!   it give it the same colour (colour 0 means "no colour": such an option
//!   must then be the only chosen one containing the item).
//!
//! This is Knuth's *XCC problem with multiplicities* (TAOCP 7.2.2.1,
//! Algorithms C and M). Every puzzle in tessera is one: board cells are
//! primary items of multiplicity 1, a piece type with `k` identical copies
//! is a primary item of multiplicity `k`, and the labels that neighbours
//! must agree on are colours of secondary items. Two solutions are
//! different when they are different *sets* of options, so swapping two
//! identical pieces never makes a new solution.
//!
//! # A tiny example
//!
//! Two cells `a` and `b` side by side, and a piece type `P` of one cell
//! with two identical copies (multiplicity 2). The secondary item `x` is
//! the join between the cells; a piece shows label 1 or label 2 on the side
//! that meets `x`.
//!
//! ```text
//! primary:    a  b  P(×2)
//! secondary:  x
//! options:    1: a P x:1      2: b P x:1      3: b P x:2
//! ```
//!
//! Options 1 and 2 agree on the colour of `x`; option 3 does not agree with
//! option 1. The unique solution is {1, 2}:
//!
//! ```
//! use tessera::engine::{solve, ProblemBuilder, SearchConfig};
//! let mut b = ProblemBuilder::new();
//! let (a, bb, p) = (b.primary(1), b.primary(1), b.primary(2));
//! let x = b.secondary();
//! b.option(&[a, p], &[(x, 1)]);
//! b.option(&[bb, p], &[(x, 1)]);
//! b.option(&[bb, p], &[(x, 2)]);
//! let problem = b.build().unwrap();
//! let outcome = solve(&problem, &SearchConfig::count(), None);
//! assert_eq!(outcome.solutions, 1);
//! assert!(outcome.complete);
//! ```
//!
//! # The search
//!
//! [`solve`] runs a depth-first search that, at every node, branches on the
//! primary item with the fewest ways left to satisfy it (minimum remaining
//! values, Knuth's MRV), tries its options one by one, and undoes each
//! choice on the way back. The engine can stop at the first solution, count
//! them all, or hand each one to a visitor that may stop it; it polls a stop
//! flag, a deadline and a node budget, keeps counters (nodes, solutions,
//! updates) and allocates nothing inside the search loop. The backends and
//! how they are driven are described in their modules (listed below) and
//! in the driver (tickets, threads, shards).
//!
//! # Backends
//!
//! The engine chooses its internal representation by the problem's shape;
//! no caller knows which one runs, and all of them give the same answers:
//!
//! * `sparse-xcc`: every problem. Active options kept in sparse sets,
//!   colours and multiplicities as in Knuth's SSXCC.
//! * `bitset`: problems without colours whose primary items fit in 1,024
//!   bits (packing): the first uncovered item, candidate lists, region
//!   pruning from the declared links.
//! * `assign`: slot/piece problems with coloured joins (tile puzzles):
//!   exact bit-set domains, arc consistency, most constrained slot first.
//! * `rowscan`: the same problems when every option of a slot touches the
//!   same joins: slots in declared order, candidates looked up by colours.
//!
//! Between the last two, `choose` decides by estimating both trees.

mod assign;
mod bitset;
mod choose;
mod count;
mod driver;
mod estimate;
mod memo;
mod portfolio;
mod problem;
mod rowscan;
mod sparse;

pub use count::{Count, ParseCountError};
pub use driver::Visitor;
pub use memo::{MemoStats, DEFAULT_MB as DEFAULT_MEMO_MB};
pub use problem::{Colour, ModelError, OptionId, Primary, Problem, ProblemBuilder, Secondary};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Which part of a sharded search to run: shard `index` of `count`
/// (0-based index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

/// How to search.
#[derive(Clone, Debug, Default)]
pub struct SearchConfig {
    /// Stop after this many solutions (`Some(1)`: first solution only, and
    /// then the solution reported is the one a one-thread search finds).
    pub limit: Option<u64>,
    /// Worker threads; 0 means all available cores.
    pub threads: usize,
    /// Stop after this many nodes. Forces one thread, so that the budget is
    /// reproducible.
    pub max_nodes: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Search only this part of the tree.
    pub shard: Option<Shard>,
    /// Live counters and the stop flag, shared with whoever watches.
    pub monitor: Option<Arc<Monitor>>,
    /// Which backend to run (normally chosen by the problem's shape).
    pub backend: BackendChoice,
    /// Whether a first-solution search restarts (see [`Restarts`]).
    pub restarts: Restarts,
    /// Seed of the randomised orders of restarts and portfolio members: the
    /// same seed gives the same run (for a given thread count).
    pub seed: u64,
    /// Whether a count memoises subtree counts (see the memo module).
    pub memo: MemoChoice,
    /// The memory cap of the memo tables of all workers together, in MiB
    /// (`None`: [`DEFAULT_MEMO_MB`]).
    pub memo_mb: Option<usize>,
}

/// Randomised restarts and portfolios for first-solution searches
/// (`engine/portfolio.rs` documents the method).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Restarts {
    /// Where the backend supports them (the assignment backend), for a
    /// first-solution search of the whole tree (not a shard).
    #[default]
    Auto,
    /// Never: one complete search in the backend's own order (with threads,
    /// tickets shared as for counting).
    Never,
}

/// Whether a count memoises the counts of subtrees.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MemoChoice {
    /// When random walks show that states repeat enough to pay.
    #[default]
    Auto,
    /// Whenever the backend can (counts only).
    On,
    /// Never.
    Off,
}

/// Which backend runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BackendChoice {
    /// The fastest one that applies to the problem.
    #[default]
    Auto,
    /// The general sparse-set backend, whatever the problem (for
    /// cross-checking).
    General,
    /// The assignment backend where it applies (else as `Auto`).
    Assign,
    /// The row-scan backend where it applies (else as `Auto`).
    RowScan,
}

impl SearchConfig {
    /// Count every solution, on all cores.
    pub fn count() -> Self {
        SearchConfig::default()
    }

    /// Find one solution.
    pub fn first() -> Self {
        SearchConfig { limit: Some(1), ..SearchConfig::default() }
    }

    /// The number of threads this configuration runs.
    pub fn effective_threads(&self) -> usize {
        if self.max_nodes.is_some() {
            return 1;
        }
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }
}

/// Live view of a running search, for progress bars and interruption.
#[derive(Debug, Default)]
pub struct Monitor {
    /// Set to ask the search to stop (Ctrl-C).
    pub stop: AtomicBool,
    /// Nodes so far (updated every few thousand nodes).
    pub nodes: AtomicU64,
    /// Solutions so far.
    pub solutions: AtomicU64,
    fraction: AtomicU64,
}

impl Monitor {
    /// A fresh monitor.
    pub fn new() -> Arc<Self> {
        Arc::new(Monitor::default())
    }

    /// Knuth's estimate of the fraction of the search tree explored, 0 to 1.
    pub fn fraction(&self) -> f64 {
        f64::from_bits(self.fraction.load(Ordering::Relaxed))
    }

    pub(crate) fn set_fraction(&self, f: f64) {
        self.fraction.store(f.to_bits(), Ordering::Relaxed);
    }

    /// Clears the counters for a new search (the stop flag stays).
    pub fn reset_counters(&self) {
        self.nodes.store(0, Ordering::Relaxed);
        self.solutions.store(0, Ordering::Relaxed);
        self.set_fraction(0.0);
    }
}

/// Why a search ended before exploring its whole tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The solution limit was reached (including "first solution").
    Limit,
    /// The visitor asked to stop.
    Visitor,
    /// The node budget ran out.
    Nodes,
    /// The deadline passed.
    Timeout,
    /// The monitor's stop flag was raised.
    Interrupted,
}

/// Effort counters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Options tried (each branch taken is one node).
    pub nodes: u64,
    /// Solutions met (capped at `u64::MAX`; the exact count is
    /// [`Outcome::solutions`]).
    pub solutions: u64,
    /// Elementary updates of the backend's data structures.
    pub updates: u64,
    /// Subtrees the search was cut into (0 for a one-thread search).
    pub tickets: u64,
    /// Runs of a first-solution search abandoned for a new order.
    pub restarts: u64,
    /// Worker threads.
    pub threads: usize,
    /// Which backend ran.
    pub backend: &'static str,
    /// The memo's figures, when the count was memoised.
    pub memo: Option<MemoStats>,
    /// Wall time.
    pub elapsed: Duration,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Solutions found (the exact count when `complete`; a lower bound
    /// otherwise).
    pub solutions: Count,
    /// Whether the whole tree (or shard) was explored.
    pub complete: bool,
    /// Why the search ended early, if it did.
    pub stopped: Option<StopReason>,
    pub stats: Stats,
}

impl Outcome {
    /// Whether the search proved there is no solution.
    pub fn proved_unsolvable(&self) -> bool {
        self.complete && self.solutions.is_zero()
    }
}

/// The estimated sizes of the shards of a split, from [`plan`].
#[derive(Clone, Debug, PartialEq)]
pub struct ShardPlan {
    /// Per shard (0-based): Knuth's estimate of its search nodes.
    pub sizes: Vec<f64>,
    /// Per shard: the subtrees (tickets) it owns.
    pub tickets: Vec<usize>,
    /// Whether the subtrees were dealt by estimated size (else round-robin:
    /// the tree was too small for the estimates to pay for themselves).
    pub balanced: bool,
    /// Random walks per subtree behind the estimates.
    pub probes: u32,
    /// Nodes spent on the plan (listing the subtrees and the random walks).
    pub nodes: u64,
    /// Which backend ran.
    pub backend: &'static str,
    /// Wall time.
    pub elapsed: Duration,
}

impl ShardPlan {
    /// The estimated size of the whole search below the cut.
    pub fn total(&self) -> f64 {
        self.sizes.iter().sum()
    }

    /// The largest shard over the mean shard: 1 is perfect balance; the
    /// sharded search takes about this many times longer than an ideal
    /// split. 1 when there is nothing to split.
    pub fn imbalance(&self) -> f64 {
        let mean = self.total() / self.sizes.len().max(1) as f64;
        let max = self.sizes.iter().copied().fold(0.0, f64::max);
        if mean > 0.0 {
            max / mean
        } else {
            1.0
        }
    }
}

/// Runs `op` with the backend that suits `problem` (or the one `choice`
/// asks for).
fn dispatch<O: WithBackend>(problem: &Problem, config: &SearchConfig, op: O) -> O::Out {
    let (choice, first_only) = (config.backend, config.first_only());
    let words = match choice {
        BackendChoice::General => None,
        _ => bitset::words_needed(problem),
    };
    macro_rules! bits {
        ($w:literal) => {
            op.run(|| bitset::Bitset::<$w>::new(problem))
        };
    }
    match words {
        Some(1) => bits!(1),
        Some(2) => bits!(2),
        Some(3) => bits!(3),
        Some(4) => bits!(4),
        Some(5..=8) => bits!(8),
        Some(9..=16) => bits!(16),
        _ if choice != BackendChoice::General && assign::applies(problem) => {
            // The backend the estimates built serves the first worker; the
            // others build their own, in their threads.
            let rows = (choice != BackendChoice::Assign).then(|| rowscan::RowScan::build(problem)).flatten();
            match choose::pick(problem, rows, choice == BackendChoice::RowScan, first_only) {
                choose::Picked::Rows(rows) => {
                    let built = std::sync::Mutex::new(Some(*rows));
                    let rebuild = || rowscan::RowScan::build(problem).expect("the row scan applied");
                    op.run(|| built.lock().unwrap().take().unwrap_or_else(rebuild))
                }
                choose::Picked::Assign(assign) => {
                    let built = std::sync::Mutex::new(Some(*assign));
                    op.run(|| built.lock().unwrap().take().unwrap_or_else(|| assign::Assign::new(problem)))
                }
            }
        }
        _ => op.run(|| sparse::Sparse::new(problem)),
    }
}

/// Something to do with a backend, whichever it is.
trait WithBackend {
    type Out;
    fn run<B: driver::Backend, F: Fn() -> B + Sync>(self, make: F) -> Self::Out;
}

/// Solves `problem`. The visitor, if any, sees every solution (with
/// `limit == Some(1)`, exactly the one a one-thread search finds first).
pub fn solve(problem: &Problem, config: &SearchConfig, visitor: Option<&Visitor>) -> Outcome {
    struct Solve<'a>(&'a SearchConfig, Option<&'a Visitor<'a>>);
    impl WithBackend for Solve<'_> {
        type Out = Outcome;
        fn run<B: driver::Backend, F: Fn() -> B + Sync>(self, make: F) -> Outcome {
            driver::drive(make, self.0, self.1)
        }
    }
    dispatch(problem, config, Solve(config, visitor))
}

/// Estimates the size of each shard of a split into `count` shards (the
/// split `config.shard` makes), without searching. Uses `config.threads`
/// and `config.backend`; the plan does not depend on the thread count.
pub fn plan(problem: &Problem, count: u32, config: &SearchConfig) -> ShardPlan {
    struct Plan<'a>(&'a SearchConfig, u32);
    impl WithBackend for Plan<'_> {
        type Out = ShardPlan;
        fn run<B: driver::Backend, F: Fn() -> B + Sync>(self, make: F) -> ShardPlan {
            driver::plan(make, self.0, self.1)
        }
    }
    dispatch(problem, config, Plan(config, count.max(1)))
}

#[cfg(test)]
mod tests;
