//! What a search returns: the [`Outcome`] of a search with its [`Stats`],
//! the [`ShardPlan`] of a split, and the [`Split`] a plan file holds.

use crate::engine::count::Count;
use crate::engine::memo::MemoStats;
use std::ops::AddAssign;
use std::time::Duration;

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

/// The backend that ran a search (the engine chooses it, see
/// [`BackendChoice`](crate::engine::BackendChoice) and the engine's module
/// docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendKind {
    /// The general sparse-set backend (`--backend general`).
    SparseXcc,
    /// Bit sets, for problems without colours (packing).
    Bitset,
    /// The assignment backend (tile puzzles).
    Assign,
    /// The row scan (tile puzzles whose slots all touch the same joins).
    RowScan,
}

impl BackendKind {
    /// The backend's name, as `--stats` and the JSON records write it:
    /// `sparse-xcc`, `bitset`, `assign`, `rowscan`.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::SparseXcc => "sparse-xcc",
            BackendKind::Bitset => "bitset",
            BackendKind::Assign => "assign",
            BackendKind::RowScan => "rowscan",
        }
    }
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
    /// Subtrees the search was cut into (0 for a one-thread search); with
    /// a shard, the subtrees the shard owns.
    pub tickets: u64,
    /// With a shard: the subtrees the whole tree was cut into before they
    /// were dealt onto the shards (0 when the tree ended within the levels
    /// that cut it). A shard with `tickets` 0 and `split` above 0 had
    /// nothing to search.
    pub split: u64,
    /// Runs of a first-solution search abandoned for a new order.
    pub restarts: u64,
    /// Worker threads.
    pub threads: usize,
    /// Which backend ran (`None`: no search ran, a stop came first).
    pub backend: Option<BackendKind>,
    /// The memo's figures, when the count was memoised.
    pub memo: Option<MemoStats>,
    /// Wall time (zero for an untimed search, see
    /// [`SearchConfig::untimed`](crate::engine::SearchConfig::untimed)).
    pub elapsed: Duration,
}

impl AddAssign<&Stats> for Stats {
    /// Adds the effort of another search (or worker) to this one: the
    /// counters (nodes, solutions, updates, tickets, restarts, wall time)
    /// add up, `split` is the larger, the memo figures add up; the
    /// description of the search (threads, backend) is the other's where
    /// it has one (a worker's totals have none).
    fn add_assign(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.solutions = self.solutions.saturating_add(other.solutions);
        self.updates += other.updates;
        self.tickets += other.tickets;
        self.split = self.split.max(other.split);
        self.restarts += other.restarts;
        if other.threads > 0 {
            self.threads = other.threads;
        }
        self.backend = other.backend.or(self.backend);
        self.memo = match (self.memo, other.memo) {
            (Some(mut mine), Some(theirs)) => {
                mine.add(&theirs);
                Some(mine)
            }
            (mine, theirs) => mine.or(theirs),
        };
        self.elapsed += other.elapsed;
    }
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
    /// The effort it took.
    pub stats: Stats,
}

impl Outcome {
    /// The outcome of a search stopped for `reason` before it started
    /// (while its backend was chosen and built, `elapsed`): no node, no
    /// solution, as a search stopped at its first poll reports.
    pub(crate) fn before_search(reason: StopReason, threads: usize, elapsed: Duration) -> Outcome {
        Outcome {
            solutions: Count::ZERO,
            complete: false,
            stopped: Some(reason),
            stats: Stats { threads, elapsed, ..Stats::default() },
        }
    }

    /// Whether the search proved there is no solution.
    pub fn proved_unsolvable(&self) -> bool {
        self.complete && self.solutions.is_zero()
    }
}

/// The estimated sizes of the shards of a split, from [`plan`](crate::engine::plan).
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
    /// Which backend would search (`None`: none was built, a stop came
    /// first or the case was refuted).
    pub backend: Option<BackendKind>,
    /// Wall time.
    pub elapsed: Duration,
    /// Why the plan was given up (a timeout, Ctrl-C) before it was made;
    /// then every shard is empty.
    pub stopped: Option<StopReason>,
    /// The subtrees and their shards, from [`deep_plan`](crate::engine::deep_plan)
    /// only (what a plan file holds); `None` from [`plan`](crate::engine::plan).
    pub split: Option<Split>,
}

/// A split computed once for every shard (a plan file): the subtrees of
/// the tree, in tree order, each with the shard that searches it. A
/// search given one ([`SearchConfig::split`](crate::engine::SearchConfig::split))
/// with `--shard I/N` searches the subtrees of shard `I` and plans nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    /// How many shards.
    pub count: u32,
    /// The backend whose tree was cut: a search that builds another one
    /// does not search (its outcome is incomplete).
    pub backend: BackendKind,
    /// The subtrees, in tree order.
    pub tickets: Vec<SplitTicket>,
}

/// One subtree of a [`Split`].
#[derive(Clone, Debug, PartialEq)]
pub struct SplitTicket {
    /// The shard that searches it (0-based).
    pub shard: u32,
    /// The path from the root, as (item, option) pairs: what the backend
    /// branched on at each level and the option it took.
    pub path: Vec<(u32, u32)>,
    /// Knuth's estimate of its share of the tree (for progress).
    pub weight: f64,
    /// Its estimated nodes (exact where they were counted).
    pub nodes: f64,
}

impl ShardPlan {
    /// A plan of `count` empty shards (nothing was estimated: the setup
    /// was stopped, or the puzzle refuted before any search).
    pub fn empty(count: u32, elapsed: Duration) -> ShardPlan {
        ShardPlan {
            sizes: vec![0.0; count as usize],
            tickets: vec![0; count as usize],
            balanced: false,
            probes: 0,
            nodes: 0,
            backend: None,
            elapsed,
            stopped: None,
            split: None,
        }
    }

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
