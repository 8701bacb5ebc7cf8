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
//!   same joins: slots in declared order (on big boards whose joins nearly
//!   determine their pieces, in the `square` order grown from a corner),
//!   candidates looked up by colours.
//!
//! Between the last two, `choose` decides by estimating both trees.

mod backends;
mod choice;
mod config;
mod count;
pub(crate) mod fasthash;
mod memo;
mod outcome;
mod problem;
mod search;
mod tuning;

pub use config::{BackendChoice, MemoChoice, Monitor, Restarts, SearchConfig, SearchMode, Shard};
pub use count::{Count, ParseCountError, MAX_EXACT_JSON_INTEGER};
pub use memo::MemoStats;
pub use outcome::{BackendKind, Outcome, ShardPlan, Split, SplitTicket, Stats, StopReason};
pub use problem::{Colour, ModelError, OptionId, Primary, Problem, ProblemBuilder, Secondary, TemplateId};
pub use search::ctx::Visitor;
pub use tuning::DEFAULT_MEMO_MB;

/// The stop checks of the setup, for the puzzles' encodings (a big board's
/// encoding takes a share of a second, and a stop must end it as promptly).
pub(crate) use search::halt::{Halt, Stopped};

/// Rows of varying length in one array, for the puzzles' encodings too
/// (a tile encoding's orientations per type and per template).
pub(crate) use backends::blocks::Jagged;

use backends::shape::{SlotPieces, UniformSlots};
use backends::{assign, bitset, rowscan, sparse, Backend};
/// For the puzzles' tests of the compact form (`src/puzzles/compact_tests.rs`).
#[cfg(test)]
pub(crate) use backends::{shape, square};
use choice::choose;
use choice::pilot::MemoHint;
use memo::halves::plan::Plan as Halves;
use search::driver;
use std::cell::Cell;
use std::time::Instant;

/// Runs `op` with the backend that suits `problem` (or the one `choice`
/// asks for): the backend for the first worker, built (the choice between
/// the row scan and the assignment backend builds it anyway), and how to
/// build one for each other worker.
///
/// The setup (the shape analysis, the builds, the estimates of `choose`)
/// polls the stop flag and the deadline (see [`halt`](search::halt)): `Err` when a stop
/// came before the search could start. The workers' builds watch them too.
///
/// A count of the whole tree may instead meet in the middle (`halves`:
/// unless an earlier try found its table too large for the cap; see
/// `memo/halves.rs`), when the choice expects it to be faster.
///
/// The bitset backend of one or two words (the small problems of a
/// stream) is built in `ws`'s arrays and left there for the next search.
fn dispatch<O: WithBackend>(
    problem: &Problem,
    config: &SearchConfig,
    op: O,
    halves: bool,
    ws: &mut Workspace,
) -> Result<O::Out, Stopped> {
    let halt = &Halt::of(config);
    halt.check()?;
    // Only a count may memoise (see SearchMode::Count), and only a count
    // of the whole tree meets in the middle.
    let counting = match config.mode == SearchMode::Count && config.memo != MemoChoice::Off {
        false => choose::Counting::Enumerate,
        true if halves && config.shard.is_none() => choose::Counting::MemoOrHalves,
        true => choose::Counting::Memo,
    };
    let choice = config.backend;
    // A compact problem (templates and slots) is written out option by
    // option only for the backends that read options: not for the row
    // scan, which a first solution tries first on a small board
    // (`choose::trial_rows`) and takes in the square order on a big one
    // (Q4 of `backends/square.rs`), and which reads the templates.
    let rows_read_templates = choice == BackendChoice::Auto && config.first_only();
    if problem.compact().is_some() && !rows_read_templates {
        problem.explicit(halt)?;
    }
    // B1 of the bitset backend, worked out once: whether it applies, and
    // the first worker's layout (the others, when there are threads, work
    // it out again: a small case has none).
    let applies = choice != BackendChoice::General && bitset::layout_into(problem, &mut ws.layout);
    let words = applies.then(|| ws.layout.words());
    macro_rules! bits {
        ($w:literal) => {{
            let mut first = bitset::Bitset::<$w>::with_layout(problem, &ws.layout);
            let make = || Ok(bitset::Bitset::<$w>::new(problem));
            Ok(op.run(&mut first, make, MemoHint::default()))
        }};
        // A backend kept in the workspace, filled anew.
        ($w:literal, $kept:ident) => {{
            let mut first = ws.$kept.take().unwrap_or_else(|| Box::new(bitset::Bitset::empty()));
            first.fill(problem, &ws.layout);
            let make = || Ok(bitset::Bitset::<$w>::new(problem));
            let out = op.run(&mut *first, make, MemoHint::default());
            ws.$kept = Some(first);
            Ok(out)
        }};
    }
    let slots = match (choice, words) {
        (BackendChoice::General, _) | (_, Some(_)) => None,
        _ => match SlotPieces::of_in(problem, halt, &mut ws.shapes)? {
            Some(shape) if assign::fits(problem, &shape, halt)? => Some(shape),
            Some(shape) => {
                shape.give_back(&mut ws.shapes);
                None
            }
            None => None,
        },
    };
    // So too a compact problem's lists of options per slot.
    slots.iter().filter(|_| !rows_read_templates).try_for_each(|s| s.written_out(halt).map(drop))?;
    match (words, slots) {
        (Some(1), _) => bits!(1, bits1),
        (Some(2), _) => bits!(2, bits2),
        (Some(3), _) => bits!(3),
        (Some(4), _) => bits!(4),
        (Some(5..=8), _) => bits!(8),
        (Some(9..=16), _) => bits!(16),
        (_, Some(shape)) => {
            let out = slot_backend(problem, config, op, &shape, counting, ws);
            shape.give_back(&mut ws.shapes);
            out
        }
        _ => {
            let make = || sparse::Sparse::new(problem, halt);
            Ok(op.run(&mut make()?, make, MemoHint::default()))
        }
    }
}

/// [`dispatch`] for a slot/piece problem (`shape`): for a first solution
/// or a count of a small board, the row scan's trial first
/// ([`choose::trial_rows`]); then the row scan or the assignment
/// backend, as the choice picks them, or a count that meets in the
/// middle.
fn slot_backend<O: WithBackend>(
    problem: &Problem,
    config: &SearchConfig,
    op: O,
    shape: &SlotPieces,
    counting: choose::Counting,
    ws: &mut Workspace,
) -> Result<O::Out, Stopped> {
    let halt = &Halt::of(config);
    let choice = config.backend;
    let uniform = match choice {
        BackendChoice::Assign => None,
        _ => UniformSlots::of_in(problem, shape, halt, &mut ws.shapes)?,
    };
    let out = uniform_backend(problem, config, op, shape, uniform.as_ref(), counting, ws);
    if let Some(uniform) = uniform {
        uniform.give_back(&mut ws.shapes);
    }
    out
}

/// [`slot_backend`] once the slots' uniform shape is known (`None` when
/// they have none or the assignment backend was asked for).
fn uniform_backend<O: WithBackend>(
    problem: &Problem,
    config: &SearchConfig,
    op: O,
    shape: &SlotPieces,
    uniform: Option<&UniformSlots>,
    counting: choose::Counting,
    ws: &mut Workspace,
) -> Result<O::Out, Stopped> {
    let halt = &Halt::of(config);
    // A first solution or a count of a small board: the plain row scan
    // alone first, before any estimate (`choose::trial_rows`).
    let trial = match O::TRIES {
        true => choose::trial_rows(problem, shape, uniform, config, &mut ws.rows, halt)?,
        false => None,
    };
    let tried = trial.is_some();
    if let Some(mut rows) = trial {
        let out = op.trial(&mut *rows, tuning::TRIAL_ROWS);
        choose::keep(&mut ws.rows, rows);
        if let Some(out) = out {
            return Ok(out);
        }
    }
    let (picked, memo) = choose::pick(problem, shape, uniform, config, counting, tried, &mut ws.rows, halt)?;
    // The other workers' row scans share the first one's tables; the
    // plain row scan goes back to the workspace after the search.
    Ok(match picked {
        choose::Picked::Rows(mut rows) => {
            let twins = rows.twins();
            let out = op.run(&mut *rows, twins, memo);
            choose::keep(&mut ws.rows, rows);
            out
        }
        choose::Picked::BalancedRows(mut rows) => {
            let twins = rows.twins();
            op.run(&mut *rows, twins, memo)
        }
        choose::Picked::Assign(mut assign) => op.run(&mut *assign, || assign::Assign::new(problem, shape, halt), memo),
        choose::Picked::Halves(plan) => match op.halves(&plan) {
            Some(out) => out,
            None => return dispatch(problem, config, op, false, ws),
        },
    })
}

/// The arrays of the engine's setup, kept from one search to the next by
/// a caller that runs many (see [`solve_in`]): the bitset backend's
/// layout (B1) and its backends of one and two words, the plain row
/// scan (its tables no larger than `rowscan::KEEP_BYTES`) and the arrays
/// of the slot/piece shapes, filled anew for each problem they suit. A
/// new workspace holds nothing; the answers do not depend on what it
/// holds, only the allocations do.
///
/// ```
/// use tessera::engine::{solve, solve_in, ProblemBuilder, SearchConfig, Workspace};
/// let mut ws = Workspace::default();
/// for copies in 1..4 {
///     let mut b = ProblemBuilder::new();
///     let cells: Vec<_> = (0..copies).map(|_| b.primary(1)).collect();
///     for &c in &cells {
///         b.option(&[c], &[]);
///     }
///     let problem = b.build().unwrap();
///     let config = SearchConfig::count();
///     assert_eq!(solve_in(&problem, &config, None, &mut ws).solutions, solve(&problem, &config, None).solutions);
/// }
/// ```
#[derive(Default)]
pub struct Workspace {
    layout: bitset::Layout,
    // Boxed: a backend's fields are a few hundred bytes, moved at each
    // take and return.
    bits1: Option<Box<bitset::Bitset<1>>>,
    bits2: Option<Box<bitset::Bitset<2>>>,
    rows: Option<Box<rowscan::RowScan<false>>>,
    /// The arrays of the slot/piece shapes, kept from problem to problem.
    shapes: backends::shape::ShapeArrays,
}

/// Something to do with a backend, whichever it is: `first` is built for
/// worker 0, `make` builds one for each other worker (in its thread), or
/// gives up when the search is asked to stop meanwhile; `memo` is what the
/// backend's choice found out about memoising a count.
trait WithBackend {
    type Out;
    fn run<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(self, first: &mut B, make: F, memo: MemoHint)
        -> Self::Out;
    /// Counts by meeting in the middle with `plan`; `None` to do it
    /// another way (the first half's table outgrew the cap).
    fn halves(&self, plan: &Halves) -> Option<Self::Out>;
    /// Whether [`WithBackend::trial`] may answer (a plan has no trial:
    /// no row scan is built for one).
    const TRIES: bool = false;
    /// Searches on `first` alone (a first solution, or a count), for at
    /// most `budget` nodes, before the backend is chosen: `None` when the
    /// search does not end within them (its nodes then count in the
    /// outcome of the search that follows) or when this is not such a
    /// search.
    fn trial<B: Backend>(&self, _first: &mut B, _budget: u64) -> Option<Self::Out> {
        None
    }
}

/// Solves `problem`, as `config.mode` asks ([`SearchMode`]). The visitor,
/// if any, sees every solution listed ([`SearchMode::All`]), or the one
/// solution found ([`SearchMode::First`]: exactly the one a one-thread
/// search finds first); a count ([`SearchMode::Count`]) calls no visitor.
///
/// A stop (the monitor's flag, the deadline) is honoured from the start:
/// one that comes before the search starts (while the backend is chosen
/// and built) gives an outcome stopped for that reason, with no node spent
/// and no solution.
pub fn solve(problem: &Problem, config: &SearchConfig, visitor: Option<&Visitor>) -> Outcome {
    solve_in(problem, config, visitor, &mut Workspace::default())
}

/// [`solve`] in the arrays `ws` kept from the searches before (a caller
/// that solves many small problems in turn, a stream's cases, keeps one
/// workspace for all of them; the answer is [`solve`]'s).
pub fn solve_in(problem: &Problem, config: &SearchConfig, visitor: Option<&Visitor>, ws: &mut Workspace) -> Outcome {
    solve_since(problem, config, visitor, ws, config.clock())
}

/// [`solve_in`] for a caller that began at `start` (encoding the problem,
/// say): the outcome's wall time counts from it (`None`: untimed, see
/// [`SearchConfig::untimed`]).
pub(crate) fn solve_since(
    problem: &Problem,
    config: &SearchConfig,
    visitor: Option<&Visitor>,
    ws: &mut Workspace,
    start: Option<Instant>,
) -> Outcome {
    /// The configuration, the visitor, the nodes spent before the search
    /// that answers (a count that met in the middle, before its table
    /// outgrew the cap; a trial that did not end), and
    /// when the caller began.
    struct Solve<'a>(&'a SearchConfig, Option<&'a Visitor<'a>>, Cell<u64>, Option<Instant>);
    impl WithBackend for Solve<'_> {
        type Out = Outcome;
        fn run<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
            self,
            first: &mut B,
            make: F,
            memo: MemoHint,
        ) -> Outcome {
            let mut outcome = driver::drive(first, make, self.0, self.1, memo, self.3);
            outcome.stats.nodes += self.2.get();
            outcome
        }
        fn halves(&self, plan: &Halves) -> Option<Outcome> {
            plan.count(self.0).map_err(|spent| self.2.set(self.2.get() + spent)).ok()
        }
        const TRIES: bool = true;
        fn trial<B: Backend>(&self, first: &mut B, budget: u64) -> Option<Outcome> {
            driver::trial(first, self.0, self.1, self.3, budget).map_err(|spent| self.2.set(self.2.get() + spent)).ok()
        }
    }
    let visitor = visitor.filter(|_| config.mode != SearchMode::Count);
    dispatch(problem, config, Solve(config, visitor, Cell::new(0), start), true, ws).unwrap_or_else(
        |Stopped(reason)| Outcome::before_search(reason, config.effective_threads(), SearchConfig::since(start)),
    )
}

/// Estimates the size of each shard of a split into `count` shards (the
/// split `config.shard` makes), without searching. Uses `config.threads`
/// and `config.backend`; the plan does not depend on the thread count.
/// A stop that comes before the backend is built gives empty shards.
pub fn plan(problem: &Problem, count: u32, config: &SearchConfig) -> ShardPlan {
    plan_with(problem, count, config, false)
}

/// The deep plan of a split into `count` shards, made once for all of
/// them (a plan file): many more walks, subtrees split where they are too
/// large, small ones counted exactly (`choice/split.rs`). Its
/// [`ShardPlan::split`] is what [`SearchConfig::split`] takes; the same
/// on every machine and for every thread count.
pub fn deep_plan(problem: &Problem, count: u32, config: &SearchConfig) -> ShardPlan {
    plan_with(problem, count, config, true)
}

fn plan_with(problem: &Problem, count: u32, config: &SearchConfig, deep: bool) -> ShardPlan {
    struct Plan<'a>(&'a SearchConfig, u32, bool);
    impl WithBackend for Plan<'_> {
        type Out = ShardPlan;
        fn run<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
            self,
            first: &mut B,
            make: F,
            _: MemoHint,
        ) -> ShardPlan {
            driver::plan(first, make, self.0, self.1, self.2)
        }
        /// A plan cuts a backend's tree into shards; a count that meets in
        /// the middle has no such tree, so the plan is the backend's.
        fn halves(&self, _: &Halves) -> Option<ShardPlan> {
            None
        }
    }
    let start = config.clock();
    dispatch(problem, config, Plan(config, count.max(1), deep), false, &mut Workspace::default()).unwrap_or_else(
        |Stopped(reason)| ShardPlan {
            stopped: Some(reason),
            ..ShardPlan::empty(count.max(1), SearchConfig::since(start))
        },
    )
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod trial_tests;
#[cfg(test)]
mod workspace_tests;
