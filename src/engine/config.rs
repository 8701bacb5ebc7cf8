//! How to search: the configuration the caller hands to
//! [`solve`](crate::engine::solve) and [`plan`](crate::engine::plan), with every knob and its
//! default, and the [`Monitor`] through which a caller watches and stops a
//! running search.

use crate::engine::outcome::Split;
use crate::engine::tuning::SPLIT_MAX_SLOTS;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Which part of a sharded search to run: shard `index` of `count`
/// (0-based index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: u32,
    /// How many shards the search is split into.
    pub count: u32,
}

/// What a search is for: one solution, every solution up to a limit, or
/// how many there are. The mode is said, never inferred: a list limited to
/// one solution is still a list (no restarts, no portfolio).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SearchMode {
    /// One solution: the one a one-thread search in the backend's own
    /// order finds first (with threads too), or, with restarts, the first
    /// one any member of the portfolio finds. The visitor sees it once,
    /// when the search is over.
    First,
    /// Every solution, each handed to the visitor as it is found, until
    /// `limit` of them (when given) were.
    All {
        /// Stop after this many solutions.
        limit: Option<u64>,
    },
    /// How many solutions there are: counted, possibly without meeting
    /// them one by one (a memoised count), so a visitor is not called.
    #[default]
    Count,
}

impl SearchMode {
    /// The number of solutions after which the search stops, if any.
    pub fn limit(self) -> Option<u64> {
        match self {
            SearchMode::First => Some(1),
            SearchMode::All { limit } => limit,
            SearchMode::Count => None,
        }
    }
}

/// How to search.
#[derive(Clone, Debug, Default)]
pub struct SearchConfig {
    /// What the search is for (see [`SearchMode`]).
    pub mode: SearchMode,
    /// Worker threads; 0 means all available cores.
    pub threads: usize,
    /// Stop after this many nodes. Forces one thread, so that the budget is
    /// reproducible.
    pub max_nodes: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Search only this part of the tree.
    pub shard: Option<Shard>,
    /// With `shard`: the split computed once for every shard (a plan
    /// file), instead of the shard's own plan. It must come from
    /// [`deep_plan`](crate::engine::deep_plan) of the same problem, mode,
    /// backend choice and memo choice, for `shard.count` shards.
    pub split: Option<Arc<Split>>,
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
    /// (`None`: [`DEFAULT_MEMO_MB`](crate::engine::DEFAULT_MEMO_MB)).
    pub memo_mb: Option<usize>,
    /// Leave the outcome's wall time unmeasured ([`Stats::elapsed`] is
    /// zero): for a caller that never reads it, which then reads the clock
    /// only for a deadline and the polls of a search long enough to poll
    /// (a stream of tiny cases answered in text reads none).
    ///
    /// [`Stats::elapsed`]: crate::engine::Stats::elapsed
    pub untimed: bool,
}

/// Randomised restarts and portfolios for first-solution searches
/// (`engine/search/portfolio.rs` documents the method).
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
    /// When it pays: random walks show that states repeat, or a short
    /// memoised pilot run measures that the memo saves enough
    /// (`engine/choice/pilot.rs`).
    #[default]
    Auto,
    /// Whenever the backend can (counts only).
    On,
    /// Never.
    Off,
    /// Count by meeting in the middle (`engine/memo/halves.rs`) wherever
    /// the problem allows it and its tables fit the cap; elsewhere as
    /// [`MemoChoice::Auto`].
    Halves,
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
    /// The start of a search's wall time: now, unless the search is
    /// [`untimed`](SearchConfig::untimed).
    pub(crate) fn clock(&self) -> Option<Instant> {
        (!self.untimed).then(Instant::now)
    }

    /// The wall time since `start`, a [`SearchConfig::clock`] reading
    /// (zero when untimed).
    pub(crate) fn since(start: Option<Instant>) -> Duration {
        start.map_or(Duration::ZERO, |s| s.elapsed())
    }

    /// Count every solution, on all cores.
    pub fn count() -> Self {
        SearchConfig::default()
    }

    /// Find one solution.
    pub fn first() -> Self {
        SearchConfig { mode: SearchMode::First, ..SearchConfig::default() }
    }

    /// List every solution (to the visitor), up to `limit` of them.
    pub fn all(limit: Option<u64>) -> Self {
        SearchConfig { mode: SearchMode::All { limit }, ..SearchConfig::default() }
    }

    /// Whether the search is for one solution (the rules of
    /// [`SearchMode::First`]: the leftmost ticket's solution, restarts).
    pub(crate) fn first_only(&self) -> bool {
        self.mode == SearchMode::First
    }

    /// Whether a search for one solution of a problem of `slots` slots is
    /// one complete tree, split between the threads from the start (no
    /// restarts, no portfolio: the engine's `SPLIT_MAX_SLOTS`, 25 slots). A model may then
    /// keep one solution of each orbit of its symmetries: a proof that
    /// there is none walks a tree as many times smaller, and a search
    /// with a solution still finds one. (Where restarts run, the tree is
    /// not walked whole, and on the bench's Eternity II-style 10x10 boards
    /// fewer solutions made the first one later.) Not a shard's search: the
    /// shards of a plan split the whole problem, which the plan was made of.
    pub fn decides_in_one_tree(&self, slots: usize) -> bool {
        self.first_only() && self.shard.is_none() && slots <= SPLIT_MAX_SLOTS
    }

    /// Whether the search counts the solutions of the whole problem, so
    /// that its model may count a share of each orbit of its symmetries
    /// and multiply the count back. Not a shard's count (its plan was made
    /// of the whole problem), nor one on a plan file's split.
    pub fn counts_whole_tree(&self) -> bool {
        self.mode == SearchMode::Count && self.shard.is_none() && self.split.is_none()
    }

    /// The number of threads this configuration runs.
    pub fn effective_threads(&self) -> usize {
        if self.max_nodes.is_some() {
            return 1;
        }
        match self.threads {
            // Asked once per process: the answer reads the cgroup files
            // (seven reads), which a stream of tiny cases paid per case.
            0 => {
                static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
                *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            }
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
