//! H1 of [meeting in the middle](super): the plan of a count, a cut of
//! least estimated cost or the [layers](super::layers) of every slot. Its
//! own module, so that the halves' scan (`halves.rs`) and the layers
//! (`layers.rs`), which the plan holds, do not depend on each other both
//! ways.

use super::dense::Dense;
use super::layers::Layers;
use super::{cap_bytes, Halves};
use crate::engine::config::SearchConfig;
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::tuning::{
    HALVES_CACHE, HALVES_ENTRY_BYTES, HALVES_INSERT, HALVES_LOOKUP, HALVES_NODE, HALVES_WALKS,
};

/// H1: a cut and what it is expected to cost.
pub(crate) struct Plan {
    pub(super) halves: Halves,
    pub(super) m: usize,
    /// The first half's estimated leaves (an upper bound on its table).
    pub(super) leaves: f64,
    /// The estimated cost, in row-scan nodes.
    pub cost: f64,
    /// Count layer by layer instead of meeting at `m`.
    pub(super) layers: Option<Layered>,
}

/// A count layer by layer: the states as keys, or in dense arrays.
pub(super) enum Layered {
    Keyed(Box<Layers>),
    Dense(Box<Dense>),
}

impl Plan {
    /// H1: the cut of least estimated cost whose table, estimated from the
    /// first half's leaves, fits the memory cap; `None` when none does. The
    /// cost, in row-scan nodes: the nodes of both halves times
    /// [`HALVES_NODE`], plus the first half's leaves times
    /// [`HALVES_INSERT`] and `1 + table / HALVES_CACHE` (inserts into a
    /// table beyond the caches miss them), plus the second half's leaves
    /// times [`HALVES_LOOKUP`] (each looks up a map of one frontier
    /// colouring, which stays in the cache).
    pub(crate) fn decide(halves: Halves, config: &SearchConfig, halt: &Halt) -> Result<Option<Plan>, Stopped> {
        let n = halves.n;
        let cap = cap_bytes(config) as f64;
        let first = halves.scan(0, n).estimate(&halves, HALVES_WALKS, halt)?;
        let mut best: Option<(f64, usize)> = None;
        let mut above = 0f64;
        // The middle half of the positions: the estimates of a half that
        // holds only a few slots are from walks that mostly die early.
        for m in 1..n {
            above += first[m];
            if m < n / 4 || m > (3 * n).div_ceil(4) {
                continue;
            }
            let bytes = first[m] * HALVES_ENTRY_BYTES;
            if bytes > cap {
                break;
            }
            let second = halves.scan(m, n).estimate(&halves, HALVES_WALKS, halt)?;
            let pressure = 1.0 + bytes / HALVES_CACHE;
            let nodes = above + second.iter().sum::<f64>();
            let cost = nodes * HALVES_NODE + first[m] * HALVES_INSERT * pressure + second[n - m] * HALVES_LOOKUP;
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, m));
            }
        }
        Ok(best.map(|(cost, m)| Plan { halves, m, leaves: first[m], cost, layers: None }))
    }

    /// The cut position (tests).
    #[cfg(test)]
    pub(crate) fn cut(&self) -> usize {
        self.m
    }

    /// A plan with the cut at `m` (tests).
    #[cfg(test)]
    pub(crate) fn at(halves: Halves, m: usize) -> Plan {
        Plan { halves, m, leaves: 0.0, cost: 0.0, layers: None }
    }

    /// A count layer by layer: in dense arrays ([`Dense`]) when two layers
    /// of every possible state fit the memory cap and their additions are
    /// fewer than `dense_below`, else as keys ([`Layers`]) when a key fits
    /// a word; `Err` when `halt` stops the dense tables' making.
    pub(crate) fn layered(
        halves: Halves,
        config: &SearchConfig,
        dense_below: f64,
        halt: &Halt,
    ) -> Result<Option<Plan>, Stopped> {
        Ok(match Dense::new(&halves, cap_bytes(config) as u64, dense_below, halt)? {
            Some(dense) => {
                Some(Plan { halves, m: 0, leaves: 0.0, cost: 0.0, layers: Some(Layered::Dense(Box::new(dense))) })
            }
            None => Plan::keyed_layers(halves),
        })
    }

    /// Whether the plan counts in dense layers (tests).
    #[cfg(test)]
    pub(crate) fn is_dense(&self) -> bool {
        matches!(self.layers, Some(Layered::Dense(_)))
    }

    /// A count layer by layer with keys ([`Layers`]), when a key fits a
    /// word.
    pub(crate) fn keyed_layers(halves: Halves) -> Option<Plan> {
        let layers = Layers::new(&halves)?;
        Some(Plan { halves, m: 0, leaves: 0.0, cost: 0.0, layers: Some(Layered::Keyed(Box::new(layers))) })
    }
}
