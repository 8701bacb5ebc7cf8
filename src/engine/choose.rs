//! Which backend searches a slot/piece problem: the row scan or the
//! assignment backend, chosen by estimating both search trees.
//!
//! The two make opposite trades. The [row scan](super::rowscan) fills the
//! slots in a fixed order with no look-ahead: its nodes cost a binary
//! search and a few writes, but its tree can be astronomically larger. The
//! [assignment backend](super::assign) keeps every slot's domain exact and
//! arc consistent and branches on the most constrained slot: its nodes cost
//! one to two orders of magnitude more, and its tree is often many orders
//! smaller. Neither wins everywhere: counting the many solutions of a
//! small board favours the row scan (the tree cannot be smaller than the
//! solutions), a 10-digit Tetravex of 8x8 favours the assignment backend
//! (the row scan needs about 10^9 nodes, the assignment backend 10^4).
//!
//! Knuth's random-probe estimate tells them apart cheaply: a walk down one
//! random branch costs one node per child listed. The row-scan tree is
//! estimated first (its walks are nearly free); if it is small, the row
//! scan runs at once. Otherwise the assignment tree is estimated too, and
//! the row scan runs when its estimated nodes, weighed by the cost ratio
//! per node, are fewer. The walks use fixed seeds, so the choice depends
//! only on the problem: the same on every machine, for every thread count
//! and every shard (a sharded search must cut the same tree everywhere).

use super::assign::Assign;
use super::driver;
use super::problem::Problem;
use super::rowscan::RowScan;

/// Walks per estimate of the row-scan tree (nearly free) and of the
/// assignment tree (a few milliseconds on boards of 100 cells).
const ROW_PROBES: u32 = 64;
const ASSIGN_PROBES: u32 = 32;

/// Row-scan nodes that cost as much as one assignment node: measured 21 to
/// 28 on the counting families of the benchmark (docs/performance.md).
const COST_RATIO: f64 = 25.0;

/// A row-scan tree estimated at most this large runs without further ado
/// (at about 25 M nodes/s, a few milliseconds).
const SMALL: f64 = 1e5;

/// When only one solution is wanted, the row scan is considered only if
/// its whole tree is estimated at most this large (about 0.3 s). The
/// estimates are of whole trees, and the assignment backend's look-ahead
/// finds a first solution of a large board far sooner than its whole tree
/// suggests (on Eternity II-style boards of 7x7 to 10x10, 2 to 17 times
/// sooner than the row scan), so for larger trees it is the safer bet.
const FIRST_ONLY_LIMIT: f64 = 1e7;

/// The backend to run, built.
pub(super) enum Picked {
    Rows(Box<RowScan>),
    Assign(Box<Assign>),
}

/// Picks the backend expected to finish sooner, for a search that stops at
/// the first solution (`first_only`) or one that counts them all. `rows`
/// is the row scan when it applies; `force_rows` takes it without
/// estimating (`--backend rowscan`).
pub(super) fn pick(pb: &Problem, rows: Option<RowScan>, force_rows: bool, first_only: bool) -> Picked {
    let Some(mut rows) = rows else { return Picked::Assign(Box::new(Assign::new(pb))) };
    if force_rows {
        return Picked::Rows(Box::new(rows));
    }
    let rows_size = driver::estimate_tree(&mut rows, ROW_PROBES);
    if rows_size <= SMALL {
        return Picked::Rows(Box::new(rows));
    }
    // One backend in memory at a time: on large boards each takes hundreds
    // of megabytes, and the row scan is rebuilt in the rare case it wins.
    drop(rows);
    let mut assign = Assign::new(pb);
    if first_only && rows_size > FIRST_ONLY_LIMIT {
        return Picked::Assign(Box::new(assign));
    }
    let assign_size = driver::estimate_tree(&mut assign, ASSIGN_PROBES);
    if rows_size <= assign_size * COST_RATIO {
        drop(assign);
        Picked::Rows(Box::new(RowScan::build(pb).expect("the row scan applied")))
    } else {
        Picked::Assign(Box::new(assign))
    }
}
