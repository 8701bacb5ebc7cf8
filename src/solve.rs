//! Running one case: pre-checks, then the search the user asked for.
//!
//! This is the layer between a puzzle [`Model`] and the engine that every
//! subcommand shares: decide (first solution), count, or list every
//! solution, as the configuration's [`SearchMode`] says, with the
//! refutations tried before any search.

use crate::engine::{self, Count, SearchConfig, SearchMode, ShardPlan, Stats, StopReason, Workspace};
use crate::puzzles::{Model, Refutation};
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::Instant;

/// The verdict on a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A solution exists.
    Solvable,
    /// No solution exists: the search was complete.
    Unsolvable,
    /// A limit, timeout or interruption ended the search first.
    Unknown,
}

/// Everything known about a case after the search.
#[derive(Debug)]
pub struct CaseResult<S> {
    /// The verdict.
    pub status: Status,
    /// Solutions counted ([`SearchMode::Count`] and [`SearchMode::All`]);
    /// exact when `complete`.
    pub count: Option<Count>,
    /// Whether the search explored its whole tree.
    pub complete: bool,
    /// One solution (the one a one-thread search finds first), when asked.
    pub solution: Option<S>,
    /// The pre-check that refuted the case, if one did.
    pub refuted_by: Option<Refutation>,
    /// Why the search stopped early.
    pub stopped: Option<StopReason>,
    /// The effort the search took.
    pub stats: Stats,
}

impl<S> CaseResult<S> {
    /// A case not answered yet: unknown, nothing counted, found or spent.
    pub fn unknown() -> Self {
        CaseResult {
            status: Status::Unknown,
            count: None,
            complete: false,
            solution: None,
            refuted_by: None,
            stopped: None,
            stats: Stats::default(),
        }
    }
}

/// Runs a case in `config.mode`: [`SearchMode::First`] decides whether a
/// solution exists (and finds one), [`SearchMode::Count`] counts,
/// [`SearchMode::All`] lists. `want_solution` asks for one solution (in
/// [`SearchMode::First`], the one found is decoded only then: the verdict
/// alone needs none; when counting or listing, a first-solution search
/// runs before the count);
/// `on_solution` sees every solution in `All` mode.
///
/// The model is shared with the caller (who may read it from
/// `on_solution`), so it encodes through [`Model::problem_within`]; a
/// caller that owns it prepares it through `&mut` ([`prepare`], then
/// [`run_prepared_into`]).
pub fn run<M: Model>(
    model: &M,
    want_solution: bool,
    config: &SearchConfig,
    on_solution: Option<&(dyn Fn(M::Solution) -> ControlFlow<()> + Sync)>,
) -> CaseResult<M::Solution> {
    let start = config.clock();
    let early = early(model.precheck(), || model.problem_within(config).map(drop));
    let (prepared, mut result) = (Prepared { start, early }, CaseResult::unknown());
    run_prepared_into(model, prepared, want_solution, config, on_solution, &mut Workspace::default(), &mut result);
    result
}

/// A case made ready for its search through `&mut` by [`prepare`]: its
/// clock started, pre-checked, and encoded unless refuted or stopped.
#[derive(Debug)]
pub struct Prepared {
    start: Option<Instant>,
    early: Option<Early>,
}

/// Why a case ends before its search.
#[derive(Debug)]
enum Early {
    Refuted(Refutation),
    Stopped(StopReason),
}

/// The pre-checks, then the encoding (through `&mut`: the model, not yet
/// shared with the search's workers, encodes without a lock; see
/// [`Model::encode_within`]). The case's wall time counts from here.
pub fn prepare<M: Model>(model: &mut M, config: &SearchConfig) -> Prepared {
    let start = config.clock();
    let early = early(model.precheck(), || model.encode_within(config));
    Prepared { start, early }
}

/// Why a case ends before its search, if it does: the pre-check's
/// refutation, or else a stop while `encode` ran.
fn early(refuted: Option<Refutation>, encode: impl FnOnce() -> Result<(), StopReason>) -> Option<Early> {
    match refuted {
        Some(r) => Some(Early::Refuted(r)),
        None => encode().err().map(Early::Stopped),
    }
}

/// [`run`] of a case [`prepare`]d with the same `config`, with the
/// engine's arrays kept in `ws` from the cases before (see
/// [`engine::solve_in`]): a stream of small cases keeps one. The answer is
/// written into `result` (whatever it held before, a case before's
/// answer too): a stream's case answers in the caller's frame, without
/// its result moved from call to call (a few hundred bytes copied three
/// times a case, each copy read back at once).
pub fn run_prepared_into<M: Model>(
    model: &M,
    prepared: Prepared,
    want_solution: bool,
    config: &SearchConfig,
    on_solution: Option<&(dyn Fn(M::Solution) -> ControlFlow<()> + Sync)>,
    ws: &mut Workspace,
    result: &mut CaseResult<M::Solution>,
) {
    *result = CaseResult::unknown();
    let Prepared { start, early } = prepared;
    let mode = config.mode;
    let problem = match early.map_or_else(|| model.problem_within(config).map_err(Early::Stopped), Err) {
        Ok(problem) => problem,
        Err(Early::Refuted(r)) => {
            result.status = Status::Unsolvable;
            result.complete = true;
            result.refuted_by = Some(r);
            if mode != SearchMode::First {
                result.count = Some(Count::ZERO);
            }
            return;
        }
        // Stopped while encoding: as a search stopped before its first node.
        Err(Early::Stopped(reason)) => {
            result.stopped = Some(reason);
            let elapsed = SearchConfig::since(start);
            result.stats = Stats { threads: config.effective_threads(), elapsed, ..Stats::default() };
            if mode != SearchMode::First {
                result.count = Some(Count::ZERO);
            }
            return;
        }
    };
    // A shard run from a plan file counts without the first-solution
    // search before: the plan's subtrees are those of the count's tree,
    // which for tile puzzles can be another backend's than a first
    // solution's (its record then shows no solution, only the count).
    let search_first = mode == SearchMode::First || (want_solution && config.split.is_none());
    if search_first {
        let found = Mutex::new(None);
        let visit = |sol: &[usize]| {
            *found.lock().unwrap() = Some(model.decode(sol));
            ControlFlow::Continue(())
        };
        let first_config;
        let first = match mode {
            SearchMode::First => config,
            _ => {
                first_config = SearchConfig { mode: SearchMode::First, ..config.clone() };
                &first_config
            }
        };
        // The verdict alone decodes nothing.
        let visitor: Option<&engine::Visitor> = if want_solution { Some(&visit) } else { None };
        // The case's wall time counts from its start (the encoding is part of it).
        let outcome = engine::solve_since(problem, first, visitor, ws, start);
        result.solution = found.into_inner().unwrap();
        result.stats += &outcome.stats;
        if result.solution.is_some() || !outcome.solutions.is_zero() {
            result.status = Status::Solvable;
        } else if outcome.proved_unsolvable() {
            // A shard holds only part of the tree: no solution there says
            // nothing about the puzzle.
            result.status = if config.shard.is_some() { Status::Unknown } else { Status::Unsolvable };
            result.complete = true;
            if mode != SearchMode::First {
                result.count = Some(Count::ZERO);
            }
            return;
        } else {
            // Stopped before the count began: a count of at least 0, so
            // that the record still says it counts (`tessera merge` tells
            // an unfinished count shard from a shard run without --count).
            result.stopped = outcome.stopped;
            if mode != SearchMode::First {
                result.count = Some(Count::ZERO);
            }
            return;
        }
        if mode == SearchMode::First {
            return;
        }
    }
    let visit = |sol: &[usize]| match on_solution {
        Some(f) => f(model.decode(sol)),
        None => ControlFlow::Continue(()),
    };
    // A count calls no visitor.
    let mut outcome = engine::solve_in(problem, config, Some(&visit), ws);
    // A count may have kept the same share of each orbit of a symmetry
    // (the model's factor; a list keeps every solution).
    let factor = if mode == SearchMode::Count { model.count_factor() } else { 1 };
    if factor != 1 {
        outcome.solutions = outcome.solutions.times(factor);
        outcome.stats.solutions = outcome.stats.solutions.saturating_mul(factor);
    }
    result.stats += &outcome.stats;
    let found = !outcome.solutions.is_zero();
    result.count = Some(outcome.solutions);
    result.complete = outcome.complete;
    result.stopped = outcome.stopped;
    result.status = if found || result.status == Status::Solvable {
        Status::Solvable
    } else if outcome.complete && config.shard.is_none() {
        Status::Unsolvable
    } else {
        Status::Unknown
    };
}

/// The estimated sizes of the `count` shards of a case's search (what
/// `--shard I/N` runs), or the pre-check that refutes the case (then there
/// is no search to split); `deep`: the deep plan of a plan file.
pub fn plan<M: Model>(model: &M, count: u32, config: &SearchConfig, deep: bool) -> Result<ShardPlan, Refutation> {
    let start = config.clock();
    if let Some(r) = model.precheck() {
        return Err(r);
    }
    // The whole problem, every solution kept, whatever the mode: the
    // shards that read the plan search it whole (see
    // `SearchConfig::decides_in_one_tree` and `counts_whole_tree`).
    let whole = SearchConfig { mode: SearchMode::All { limit: None }, ..config.clone() };
    Ok(match model.problem_within(&whole) {
        Ok(problem) if deep => engine::deep_plan(problem, count, config),
        Ok(problem) => engine::plan(problem, count, config),
        Err(reason) => {
            ShardPlan { stopped: Some(reason), ..ShardPlan::empty(count.max(1), SearchConfig::since(start)) }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::{plan, run, Status};
    use crate::engine::{Monitor, SearchConfig, SearchMode, StopReason};
    use crate::puzzles::{board_32, Model, TileModel};
    use std::sync::atomic::Ordering;
    use std::time::Instant;

    /// A stop that comes while a big board is still to be encoded (a
    /// deadline past, Ctrl-C's flag raised) gives the result a search
    /// stopped at its start gives (the same board, encoded before): the
    /// same verdict, count, reason and effort, in every mode; and a plan
    /// stopped alike has empty shards.
    #[test]
    fn a_stop_before_the_encoding_is_a_stop_before_the_search() {
        let encoded = TileModel::new(board_32()).unwrap();
        let _ = encoded.problem();
        let monitor = Monitor::new();
        monitor.stop.store(true, Ordering::Relaxed);
        let interrupted = SearchConfig { monitor: Some(monitor), ..SearchConfig::count() };
        let past = SearchConfig { deadline: Some(Instant::now()), ..SearchConfig::count() };
        for (stop, reason) in [(past, StopReason::Timeout), (interrupted, StopReason::Interrupted)] {
            for mode in [SearchMode::First, SearchMode::Count, SearchMode::All { limit: Some(2) }] {
                for (want_solution, threads) in [(false, 1), (true, 2)] {
                    let config = SearchConfig { mode, threads, ..stop.clone() };
                    let model = TileModel::new(board_32()).unwrap();
                    let r = run(&model, want_solution, &config, None);
                    assert_eq!((r.status, r.stopped, r.complete), (Status::Unknown, Some(reason), false));
                    let engine = run(&encoded, want_solution, &config, None);
                    assert_eq!((engine.status, engine.stopped, engine.complete), (r.status, r.stopped, r.complete));
                    assert_eq!((r.count, r.solution.is_none()), (engine.count, engine.solution.is_none()));
                    assert_eq!((r.stats.nodes, r.stats.threads, r.stats.backend), (0, threads, None));
                    assert_eq!((engine.stats.nodes, engine.stats.threads), (0, threads));
                }
            }
            for deep in [false, true] {
                let shards = plan(&TileModel::new(board_32()).unwrap(), 4, &stop, deep).unwrap();
                assert_eq!((shards.stopped, shards.tickets, shards.nodes), (Some(reason), vec![0; 4], 0));
            }
        }
    }
}
