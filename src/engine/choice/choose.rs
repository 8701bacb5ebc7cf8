//! Which backend searches a slot/piece problem: the row scan or the
//! assignment backend, chosen by estimating both search trees.
//!
//! The two make opposite trades. The [row scan](crate::engine::backends::rowscan) fills the
//! slots in a fixed order with no look-ahead: its nodes cost a binary
//! search and a few writes, but its tree can be astronomically larger. The
//! [assignment backend](crate::engine::backends::assign) keeps every slot's domain exact and
//! arc consistent and branches on the most constrained slot: its nodes cost
//! one to two orders of magnitude more, and its tree is often many orders
//! smaller. Neither wins everywhere: counting the many solutions of a
//! small board favours the row scan (the tree cannot be smaller than the
//! solutions), a 10-digit Tetravex of 8x8 favours the assignment backend
//! (the row scan needs about 10^9 nodes, the assignment backend 10^4).
//!
//! A first solution or a count of a small board is looked for before any
//! of this: the plain row scan, its slots in the square order, searches
//! alone for a few thousand nodes ([`trial_rows`], run by
//! `engine::slot_backend`), and where its search ends (a solution found,
//! or the whole tree searched), nothing is estimated or built besides it
//! (on a planted 5x5 Tetravex the choice below costs about ten times the
//! search it chooses for).
//!
//! Knuth's random-probe estimate tells them apart cheaply: a walk down one
//! random branch costs one node per child listed. The row-scan tree is
//! estimated first (its walks are nearly free); if it is small, the row
//! scan runs at once. A first solution then tries the assignment backend
//! for a quarter of the nodes its walks would cost at the least: a search
//! that ends within them (a small board's often does) runs at once.
//! Otherwise the assignment tree is estimated too, and
//! the row scan runs when its estimated nodes, weighed by the cost ratio
//! per node, are fewer; for a count that may memoise, the row scan's
//! estimate is that of its memo search when the memo is expected to pay
//! ([`memo_verdict`]: random walks, and where they cannot tell, a pilot
//! run). The row scan itself comes in two builds, with
//! and without the [colour balance](crate::engine::backends::balance); each is estimated,
//! the balanced one's nodes weighed by `BALANCE_COST`, and the cheaper
//! goes on. One case is decided without walks: a first solution of a big
//! board whose joins nearly determine its pieces goes to the row scan in
//! the [square order](crate::engine::backends::square) (Q4 there). The walks use fixed seeds, so the choice depends
//! only on the problem: the same on every machine, for every thread count
//! and every shard (a sharded search must cut the same tree everywhere).

use super::estimate::estimate_tree;
use super::pilot::{memo_verdict, Gain, MemoHint};
use crate::engine::backends::assign::Assign;
use crate::engine::backends::rowscan::RowScan;
use crate::engine::backends::shape::{SlotPieces, UniformSlots};
use crate::engine::backends::square::{square_order, square_order_over, takes_square_order};
use crate::engine::backends::Backend;
use crate::engine::config::{BackendChoice, MemoChoice, SearchConfig, SearchMode};
use crate::engine::memo::halves::plan::Plan;
use crate::engine::memo::halves::Halves;
use crate::engine::problem::Problem;
use crate::engine::search::ctx::{Ctx, Shared};
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::search::{search, Enumerate};
use crate::engine::tuning::{
    ASSIGN_PROBES, ASSIGN_PROBES_BIG, ASSIGN_TRIAL_SHARE, BALANCE_COST, BIG_COUNT_TREE, COMPACT_MIN_SLOTS, COST_RATIO,
    DENSE_ADD_COST, FIRST_ONLY_ROW_LIMIT, HALVES_MARGIN, HALVES_MIN_TREE, ROW_PROBES, ROW_PROBES_BIG, SMALL_ROW_TREE,
    SQUARE_TRIAL_MIN_SLOTS, TINY_TREE,
};

/// The backend to run, built.
pub(crate) enum Picked {
    Rows(Box<RowScan<false>>),
    BalancedRows(Box<RowScan<true>>),
    Assign(Box<Assign>),
    /// A count by meeting in the middle, with its cut.
    Halves(Box<Plan>),
}

/// What a search may do besides enumerating: a count may memoise, and a
/// count of the whole tree (no shard) may also meet in the middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counting {
    /// Enumerate (not a count, or `--memo off`).
    Enumerate,
    /// Enumerate or memoise.
    Memo,
    /// Enumerate, memoise or meet in the middle.
    MemoOrHalves,
}

/// A balanced row scan as the backend to run.
trait IntoPicked {
    fn picked(self) -> Picked;
}

impl IntoPicked for RowScan<true> {
    fn picked(self) -> Picked {
        Picked::BalancedRows(Box::new(self))
    }
}

/// Picks the backend expected to finish sooner, for a search that stops at
/// the first solution or one that counts them all (and may memoise,
/// `counting`: then the row scan's tree is the memo search's when the
/// memo is expected to pay, as only the row scan has a memo key; and may
/// meet in the middle, where that is expected to cost `HALVES_MARGIN`
/// times less than the best of the others on a tree of more than
/// `HALVES_MIN_TREE` row-scan nodes, or always with `--memo halves`).
/// `uniform` is the row scan's shape when it applies; `--backend rowscan`
/// takes it without estimating. A plain row scan is built over `kept`
/// (the one of an earlier search, taken from it; the caller gives back
/// the one that ran, see [`keep`]). `tried`: the search ran the trial of
/// [`trial_rows`] and it did not end (the plain row scan's tree is then
/// not measured again). Returns the backend and
/// what the choice found out about memoising its count; `Err` when `halt`
/// stops a build or an estimate.
#[allow(clippy::too_many_arguments)]
pub(crate) fn pick(
    pb: &Problem,
    shape: &SlotPieces,
    uniform: Option<&UniformSlots>,
    config: &SearchConfig,
    counting: Counting,
    tried: bool,
    kept: &mut Option<Box<RowScan<false>>>,
    halt: &Halt,
) -> Result<(Picked, MemoHint), Stopped> {
    let first_only = config.first_only();
    let no_memo = MemoHint::default();
    let assign = || Ok((Picked::Assign(Box::new(Assign::new(pb, shape.written_out(halt)?, halt)?)), no_memo));
    let Some(uniform) = uniform else { return assign() };
    if let Some(picked) = decided_without_walks(pb, shape, uniform, config, kept, halt)? {
        return Ok((picked, no_memo));
    }
    let halves_ok = counting == Counting::MemoOrHalves && !first_only;
    if halves_ok && config.memo == MemoChoice::Halves {
        if let Some(plan) = halves_plan(pb, uniform, config, halt)? {
            return Ok((Picked::Halves(Box::new(plan)), no_memo));
        }
    }
    let memo = (counting != Counting::Enumerate).then_some(config);
    // The pilot's measure of the memo, shared by both builds.
    let mut gain = None;
    // The balance costs the row scan's cheap nodes dearly: it runs where
    // it cuts the estimated search (memoised, when the memo is expected to
    // pay) by more than it costs. One large backend in memory at a time.
    // The plain build goes first: its tree is the larger, so a pilot it
    // calls for decides the balanced build's memo too.
    let (plain, mut plain_rows) = match plain_first(pb, uniform, config, counting, tried, kept, &mut gain, halt)? {
        None => return assign(),
        Some(Plain::Tiny(rows)) => return Ok((Picked::Rows(rows), MemoHint { memoise: Some(false), piloted: false })),
        Some(Plain::Costed(cost, rows)) => (cost, rows),
    };
    let ((rows_size, memoise, piloted), use_balance) =
        cheaper_of_balance(pb, uniform, plain, !first_only, memo, &mut gain, halt)?;
    let hint = MemoHint { memoise, piloted };
    let mut build = || {
        let built = match (use_balance, plain_rows.take()) {
            (true, _) => RowScan::<true>::build(pb, uniform, halt)?.map(IntoPicked::picked),
            (false, Some(rows)) => Some(Picked::Rows(rows)),
            (false, None) => {
                RowScan::<false>::build_into(None, pb, uniform, None, memo.is_some(), halt)?.map(Picked::Rows)
            }
        };
        Ok((built.expect("the row scan applied"), hint))
    };
    if rows_size <= SMALL_ROW_TREE {
        return build();
    }
    // A memoised count of the whole tree goes layer by layer
    // (`memo/halves/layers.rs`): the same states, two layers held at a
    // time instead of all of them.
    if halves_ok && memoise == Some(true) && config.memo == MemoChoice::Auto {
        if let Some(plan) = layers_plan(pb, uniform, config, rows_size, halt)? {
            return Ok((Picked::Halves(Box::new(plan)), no_memo));
        }
    }
    let mut assign = Assign::new(pb, shape, halt)?;
    if first_only && assign_first(&mut assign, rows_size, pb, config, halt)? {
        return Ok((Picked::Assign(Box::new(assign)), no_memo));
    }
    // A long count: more walks, as for the row scan (see `row_cost`).
    let probes = if !first_only && rows_size > BIG_COUNT_TREE { ASSIGN_PROBES_BIG } else { ASSIGN_PROBES };
    let assign_size = estimate_tree(&mut assign, probes, halt)?;
    let best = rows_size.min(assign_size * COST_RATIO);
    if halves_ok && best > HALVES_MIN_TREE {
        if let Some(plan) = halves_plan(pb, uniform, config, halt)?.filter(|p| p.cost * HALVES_MARGIN < best) {
            return Ok((Picked::Halves(Box::new(plan)), no_memo));
        }
    }
    if rows_size <= assign_size * COST_RATIO {
        drop(assign);
        build()
    } else {
        Ok((Picked::Assign(Box::new(assign)), no_memo))
    }
}

/// The plain row scan, built and measured first (see [`pick`]). Large
/// tables (hundreds of megabytes on some boards) are dropped once
/// estimated, and built again if they win.
enum Plain {
    /// Its whole tree is tiny: it runs at once.
    Tiny(Box<RowScan<false>>),
    /// Its estimated cost, and the backend itself, at the root, when its
    /// tables are small (else it is built again if it wins).
    Costed(RowCost, Option<Box<RowScan<false>>>),
}

/// The plain row scan built over `kept` (`None` where its keys do not
/// fit), with the memo's frontiers and bounds only where a memo may run
/// (a count that may memoise: every other search and estimate ignores
/// them), and its tree measured ([`tiny_tree`], unless a trial `tried`
/// and searched more) or its cost estimated ([`row_cost`]).
#[allow(clippy::too_many_arguments)]
fn plain_first(
    pb: &Problem,
    uniform: &UniformSlots,
    config: &SearchConfig,
    counting: Counting,
    tried: bool,
    kept: &mut Option<Box<RowScan<false>>>,
    gain: &mut Option<Gain>,
    halt: &Halt,
) -> Result<Option<Plain>, Stopped> {
    let keys = counting != Counting::Enumerate;
    let Some(mut rows) = RowScan::<false>::build_into(kept.take(), pb, uniform, None, keys, halt)? else {
        return Ok(None);
    };
    // A tiny tree runs at once: walks and other builds cost more than it
    // (a trial that ran searched more).
    if !tried && tiny_tree(&mut *rows, config, halt)?.is_some() {
        return Ok(Some(Plain::Tiny(rows)));
    }
    let memo = keys.then_some(config);
    let cost = row_cost(&mut *rows, 1.0, !config.first_only(), memo, gain, halt)?;
    Ok(Some(Plain::Costed(cost, rows.small().then_some(rows))))
}

/// The plain row scan for a trial (`engine::slot_backend` runs it for
/// [`TRIAL_ROWS`](crate::engine::tuning::TRIAL_ROWS) nodes before
/// [`pick`]), where one is made: a search for one solution, or a count
/// that may but need not memoise (`--memo auto` or `off`), with the
/// backend left to the choice, no shard and no node budget, on a problem
/// of row-scan shape with fewer slots than the square order's least for
/// big boards ([`COMPACT_MIN_SLOTS`]; a bigger board's first solution is
/// decided without walks anyway, and its count is long). Its slots go in
/// the square order (Q1-Q3 of
/// `backends/square.rs`): grown from a corner, most cells meet two placed
/// neighbours, where the reading order's first row meets one (a planted
/// 5x5 Tetravex of 10 labels: a median of 675 nodes to the first solution
/// against 4,304; a count of 400 such boards 0.021 s against 0.094 s);
/// below [`SQUARE_TRIAL_MIN_SLOTS`] slots, in the declared order. Built
/// over `kept`.
pub(crate) fn trial_rows(
    pb: &Problem,
    shape: &SlotPieces,
    uniform: Option<&UniformSlots>,
    config: &SearchConfig,
    kept: &mut Option<Box<RowScan<false>>>,
    halt: &Halt,
) -> Result<Option<Box<RowScan<false>>>, Stopped> {
    let Some(uniform) = uniform.filter(|_| trial_applies(config, shape)) else {
        return Ok(None);
    };
    // The row scan reads a compact problem's templates: its options are
    // written out only if the choice goes on after the trial (`pick`).
    if shape.options.len() < SQUARE_TRIAL_MIN_SLOTS {
        return RowScan::<false>::build_into(kept.take(), pb, uniform, None, false, halt);
    }
    let order = square_order(pb, uniform, halt)?;
    RowScan::<false>::build_into(kept.take(), pb, uniform, Some(&order), false, halt)
}

/// Whether a search runs [`trial_rows`]'s trial (see there).
fn trial_applies(config: &SearchConfig, shape: &SlotPieces) -> bool {
    let count = config.mode == SearchMode::Count && matches!(config.memo, MemoChoice::Auto | MemoChoice::Off);
    (config.first_only() || count)
        && config.backend == BackendChoice::Auto
        && config.shard.is_none()
        && config.max_nodes.is_none()
        && shape.options.len() < COMPACT_MIN_SLOTS
}

/// The backends chosen without estimating any tree, if one is: a forced
/// row scan, and first solutions of big boards whose joins nearly
/// determine their pieces.
fn decided_without_walks(
    pb: &Problem,
    shape: &SlotPieces,
    uniform: &UniformSlots,
    config: &SearchConfig,
    kept: &mut Option<Box<RowScan<false>>>,
    halt: &Halt,
) -> Result<Option<Picked>, Stopped> {
    let (first_only, force_rows) = (config.first_only(), config.backend == BackendChoice::RowScan);
    // A first solution of a big board whose joins nearly determine their
    // pieces: the row scan in the square order (Q4 of `square`), which is
    // the corner-square scan: no estimate, as its tree is that of a first
    // solution, far smaller than the whole tree the walks estimate. In the
    // declared order its first row has many candidates per cell (Tetravex
    // 28x28 with 84 labels: over 10^9 nodes); the assignment backend's
    // compact order finds the solution within about the scan's nodes at
    // 100 times the cost per node and seconds of setup.
    let square = match first_only && !force_rows {
        true => takes_square_order(pb, uniform, uniform.dense(pb, halt)?, halt)?,
        false => (false, None),
    };
    if let (true, Some(touching)) = square {
        let order = square_order_over(uniform, &touching, pb.secondary_count(), halt)?;
        drop(touching);
        if let Some(rows) = RowScan::<false>::build_into(kept.take(), pb, uniform, Some(&order), false, halt)? {
            return Ok(Some(Picked::Rows(rows)));
        }
    }
    // Every other backend reads the options: a compact problem's are
    // written out now, under the deadline, and so are the lists of each
    // slot's options.
    pb.explicit(halt)?;
    shape.written_out(halt)?;
    if first_only && !force_rows && Assign::takes_compact_order(pb, shape, halt)? {
        return Ok(Some(Picked::Assign(Box::new(Assign::new(pb, shape, halt)?))));
    }
    if !force_rows {
        return Ok(None);
    }
    // A forced row scan: the balance whenever it applies.
    if let Some(rows) = RowScan::<true>::build(pb, uniform, halt)?.filter(RowScan::balanced) {
        return Ok(Some(rows.picked()));
    }
    Ok(Some(match RowScan::<false>::build_into(kept.take(), pb, uniform, None, true, halt)? {
        Some(rows) => Picked::Rows(rows),
        None => Picked::Assign(Box::new(Assign::new(pb, shape, halt)?)),
    }))
}

/// Puts `rows` back in `kept` for a later build, unless its tables are
/// large: a big board's are dropped at once, so that one backend at a
/// time is in memory while the others are built and estimated.
pub(crate) fn keep(kept: &mut Option<Box<RowScan<false>>>, rows: Box<RowScan<false>>) {
    if rows.small() {
        *kept = Some(rows);
    }
}

/// The exact size of `rows`'s whole tree when it has at most
/// [`TINY_TREE`] nodes, measured by searching it (a count, [`ends_within`]);
/// `None` when
/// it is larger. No estimate is as cheap on such a tree, and none as
/// exact: such a tree takes the plain row scan (the balance or the
/// assignment backend could save at most a few hundred nodes). The
/// measure's nodes, like the walks', are not the search's. Leaves the row
/// scan at the root.
fn tiny_tree<B: Backend>(rows: &mut B, config: &SearchConfig, halt: &Halt) -> Result<Option<u64>, Stopped> {
    ends_within(rows, SearchMode::Count, TINY_TREE, config, halt)
}

/// The nodes of a search of `mode` on `backend` from its root when it
/// ends within `budget` of them; `None` when the budget runs out first.
/// A measure of the choice: under the search's deadline and Ctrl-C
/// ([`Shared::measure`]; `halt` is checked after it), with no memo, no
/// visitor and nothing shown. Leaves the backend at the root.
fn ends_within<B: Backend>(
    backend: &mut B,
    mode: SearchMode,
    budget: u64,
    config: &SearchConfig,
    halt: &Halt,
) -> Result<Option<u64>, Stopped> {
    let measure = SearchConfig { mode, deadline: config.deadline, ..SearchConfig::default() };
    let shared = Shared::measure(&measure, halt);
    let mut ctx = Ctx::new(&shared, 0);
    ctx.start_run(budget);
    let _ = search(backend, &mut ctx, &mut Enumerate::of(mode));
    backend.reset();
    halt.check()?;
    Ok((!ctx.budget_hit() && shared.reason().is_none()).then(|| ctx.spent()))
}

/// Whether a first solution is looked for on the assignment backend
/// without estimating its tree: where the row scan's tree is large
/// (`FIRST_ONLY_ROW_LIMIT`), or where a short trial of it ends
/// ([`assign_trial`]).
fn assign_first(
    assign: &mut Assign,
    rows_size: f64,
    pb: &Problem,
    config: &SearchConfig,
    halt: &Halt,
) -> Result<bool, Stopped> {
    Ok(rows_size > FIRST_ONLY_ROW_LIMIT || assign_trial(assign, pb.primary_count(), config, halt)?)
}

/// Whether a first-solution search on the assignment backend ends (finds a
/// solution, or proves there is none) within `ASSIGN_TRIAL_SHARE` of the
/// nodes that its walks would list at the least (`ASSIGN_PROBES` walks
/// down `slots` levels). On a small board its search is often shorter
/// than its estimate: a 6x6 jigsaw of UVa 519 solved in 47 nodes spent
/// 12 of its 19 million instructions on the walks. The trial's nodes,
/// like the walks', are not the search's; it is as deterministic as they
/// are (the backend's own order, no randomness). Leaves the backend at
/// the root.
fn assign_trial(assign: &mut Assign, slots: usize, config: &SearchConfig, halt: &Halt) -> Result<bool, Stopped> {
    let budget = (ASSIGN_PROBES as usize * slots / ASSIGN_TRIAL_SHARE) as u64;
    Ok(ends_within(assign, SearchMode::First, budget, config, halt)?.is_some())
}

/// The estimated cost of the row scan's search, in plain row-scan nodes:
/// its tree, or for a count (`memo`: the search's configuration) that the
/// memo is expected to cut short, its memo search's cost
/// ([`memo_verdict`]); times `node_cost`. With it, whether the count is
/// to memoise, when that was weighed, and whether a pilot's gain decided
/// it. A count (`count`) whose tree looks longer than `BIG_COUNT_TREE`
/// is estimated again with `ROW_PROBES_BIG` walks: there a wrong choice
/// costs minutes, and Knuth's estimates of these trees scatter by
/// factors of 3 to 10 over 64 walks. Leaves the row scan at the root.
fn row_cost<const B: bool>(
    rows: &mut RowScan<B>,
    node_cost: f64,
    count: bool,
    memo: Option<&SearchConfig>,
    gain: &mut Option<Gain>,
    halt: &Halt,
) -> Result<RowCost, Stopped> {
    let mut size = estimate_tree(rows, ROW_PROBES, halt)?;
    if count && size > BIG_COUNT_TREE {
        size = estimate_tree(rows, ROW_PROBES_BIG, halt)?;
    }
    Ok(match memo {
        Some(config) if size > SMALL_ROW_TREE => match memo_verdict(rows, config, size, gain, halt)? {
            Some(cost) => (size.min(cost) * node_cost, Some(true), gain.is_some()),
            None => (size * node_cost, Some(false), gain.is_some()),
        },
        _ => (size * node_cost, None, false),
    })
}

/// A row scan's estimated cost: its tree's size times the cost of a node,
/// whether to memoise it (if that was asked), and whether a pilot decided.
type RowCost = (f64, Option<bool>, bool);

/// The row scan's cost (as [`row_cost`] gives it) with the balance
/// against `plain`'s without: the cheaper, and whether it is the balanced
/// one (priced only where the balance applies).
fn cheaper_of_balance(
    pb: &Problem,
    uniform: &UniformSlots,
    plain: RowCost,
    count: bool,
    memo: Option<&SearchConfig>,
    gain: &mut Option<Gain>,
    halt: &Halt,
) -> Result<(RowCost, bool), Stopped> {
    let Some(mut rows) = RowScan::<true>::build(pb, uniform, halt)?.filter(RowScan::balanced) else {
        return Ok((plain, false));
    };
    let balanced = row_cost(&mut rows, BALANCE_COST, count, memo, gain, halt)?;
    Ok(if balanced.0 < plain.0 { (balanced, true) } else { (plain, false) })
}

/// A count layer by layer, when the problem allows one (pieces whose
/// copies and frontier colours fit a word).
fn layers_plan(
    pb: &Problem,
    uniform: &UniformSlots,
    config: &SearchConfig,
    rows_size: f64,
    halt: &Halt,
) -> Result<Option<Plan>, Stopped> {
    let dense_below = rows_size / DENSE_ADD_COST;
    match Halves::build(pb, uniform, halt)? {
        Some(halves) => Plan::layered(halves, config, dense_below, halt),
        None => Ok(None),
    }
}

/// The cut of a count by meeting in the middle, when the problem allows
/// one (pieces whose copies fit a 64-bit code) and a table fits the cap.
fn halves_plan(
    pb: &Problem,
    uniform: &UniformSlots,
    config: &SearchConfig,
    halt: &Halt,
) -> Result<Option<Plan>, Stopped> {
    match Halves::build(pb, uniform, halt)? {
        Some(halves) if halves.slots() >= 2 => Plan::decide(halves, config, halt),
        _ => Ok(None),
    }
}
