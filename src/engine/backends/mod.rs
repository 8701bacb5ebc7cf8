//! The engine contract: what a backend must offer so that the one search
//! loop ([`crate::engine::search`]) can drive it.
//!
//! A backend is a search tree that it walks itself. It keeps the path from
//! the root to the current node (its *levels*: level `l` holds the choice
//! that leads from depth `l` to depth `l + 1`) and offers four moves:
//!
//! * [`Backend::node`]: what the current node is: a solution, a dead end,
//!   or an inner node with children to try;
//! * [`Backend::first_child`]: branch at the current node (choose what to
//!   branch on) and step down into its first child;
//! * [`Backend::next_sibling`]: undo the choice that led to the current node
//!   and step into the next child of the parent; when there is none, stay
//!   at the parent, in the state it had when it was entered;
//! * [`Backend::reset`] and [`Backend::replay`]: back to the root, and down
//!   a recorded path of [`Step`]s (tickets, estimates, restarts).
//!
//! For example, a tree with root `r`, children `a b` and `a`'s child `c`:
//! from `r`, `first_child` enters `a` (depth 1), `first_child` enters `c`
//! (depth 2), `next_sibling` finds no sibling of `c` and returns false at
//! `a` (depth 1), `next_sibling` enters `b` (depth 1), `next_sibling`
//! returns false at `r` (depth 0): the whole tree, each node entered once.
//!
//! # Invariants
//!
//! * `depth()` is the number of levels on the path; `first_child`
//!   increases it by one when it returns true, `next_sibling` keeps it when
//!   it returns true and decreases it by one when it returns false;
//! * after `next_sibling` returns false, the state equals the one the
//!   parent had when it was entered (what the memo keys rely on);
//! * children are tried in an order that depends only on the state (and on
//!   the salt of [`Backend::randomise`]), so that a path of steps names the
//!   same subtree in every run: tickets and shards rely on it;
//! * the moves allocate nothing.
//!
//! # Required moves and optional hooks
//!
//! Every backend implements the moves above ([`Backend::kind`] to
//! [`Backend::replay`], without default). The rest of the trait are
//! optional hooks with a default that says "not offered"; the search asks
//! for them only through a capability query or an `Option`, so a backend
//! that leaves them out is still driven correctly. Who implements them:
//!
//! | hook | what it offers | implemented by |
//! |---|---|---|
//! | [`Backend::updates`] | a count of elementary updates, for `--stats` | sparse, bitset, assign |
//! | [`Backend::check`] | debug-build invariants at every node | sparse, rowscan, assign |
//! | [`Backend::can_randomise`], [`Backend::randomise`] | random orders for restarts and the portfolio | assign |
//! | [`Backend::mirror`] | the portfolio's mirror member | assign |
//! | [`Backend::other_order`] | the portfolio's other-order member | assign (when it took the compact order) |
//! | [`Backend::ln_expected_solutions`] | a first moment of the solutions, for the mirror member | assign |
//! | [`Backend::splits_first_solution`] | a small problem: split a first-solution search between the threads, no portfolio | assign |
//! | [`Backend::memo_words`], [`Backend::memo_key`] | memo keys, for memoised counts | bitset, rowscan |
//! | [`Backend::memo_bound`] | a bound on the distinct keys per depth, for the memo's choice | rowscan |
//!
//! The capability queries ([`Backend::can_randomise`],
//! [`Backend::memo_words`], [`Backend::ln_expected_solutions`],
//! [`Backend::memo_bound`]) take `&self` and change nothing: ask them
//! before choosing a plan. The hooks that switch an order
//! ([`Backend::randomise`], [`Backend::mirror`], [`Backend::other_order`])
//! change the following runs and report whether they could.

pub(crate) mod assign;
pub(crate) mod balance;
pub(crate) mod bitset;
pub(crate) mod blocks;
pub(crate) mod option_lists;
pub(crate) mod rowscan;
pub(crate) mod shape;
pub(crate) mod sparse;
pub(crate) mod square;

pub(crate) use crate::engine::outcome::BackendKind;

/// One step of a path from the root: what the backend branched on (an
/// item for most backends; the bitset backend's bit index) and the option
/// taken. The branches before `option` at that node are excluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub item: u32,
    pub option: u32,
}

/// What the node just entered is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Node {
    /// Every constraint is met: the options on the path are a solution.
    Solution,
    /// A leaf that is not a solution.
    DeadEnd,
    /// A node to branch on (it may still turn out to have no child).
    Inner,
}

/// A search backend.
pub(crate) trait Backend: Send {
    /// Which backend this is, as `--stats` and JSON report it.
    fn kind(&self) -> BackendKind;

    /// The number of levels on the path to the current node.
    fn depth(&self) -> usize;
    /// The depth a run starts from: the depth after the last `reset` or
    /// `replay`. A run broken off (a budget, a stop) leaves the backend
    /// where it stopped, and the next run resumes there.
    fn base(&self) -> usize;
    /// What the current node is. Cheap, and without effect on the search.
    fn node(&mut self) -> Node;
    /// Branches at the current (inner) node and steps into its first
    /// child; false when it has none.
    fn first_child(&mut self) -> bool;
    /// Undoes the last level's choice and steps into the next child at
    /// that level; false when there is none (the parent is current again).
    fn next_sibling(&mut self) -> bool;
    /// The step taken at `level` (below the current depth).
    fn step(&self, level: usize) -> Step;
    /// Progress at `level`: (branch taken, from 1; branches there), for
    /// Knuth's estimate of the fraction of the tree explored.
    fn branch(&self, level: usize) -> (u32, u32);
    /// Elementary updates of the data structures so far (a running total).
    fn updates(&self) -> u64 {
        0
    }
    /// Asserts the backend's invariants (debug builds call it at every
    /// node; a backend may skip large problems).
    #[cfg_attr(not(debug_assertions), allow(dead_code))]
    fn check(&self) {}

    /// Undo everything: back to the root.
    fn reset(&mut self);
    /// Walk down a path from the current node; false if a step is not
    /// available (which never happens for paths the same backend made).
    fn replay(&mut self, path: &[Step]) -> bool;
    // ---- Optional hooks (see the module doc for who implements them) ----

    /// Whether [`Backend::randomise`] is offered: a query without effect,
    /// to decide on restarts before changing any order.
    fn can_randomise(&self) -> bool {
        false
    }
    /// Randomises the branching order of the following runs with `salt`
    /// (0: the backend's own deterministic order), for restarts. Returns
    /// false, and changes nothing, when the backend has no randomised
    /// order ([`Backend::can_randomise`] says so beforehand).
    fn randomise(&mut self, _salt: u64) -> bool {
        false
    }
    /// The mirror order, for the portfolio's mirror member (P7 of
    /// [`crate::engine::search::portfolio`]): the backend's own order, except that at the
    /// first `levels` levels each node takes its children last first.
    /// Returns false when the backend has no mirror order.
    fn mirror(&mut self, _levels: usize) -> bool {
        false
    }
    /// The other order, for the portfolio's other-order member: where the
    /// backend chose its order by an estimate (the assignment backend's
    /// compact order on big boards), switches to the order it would
    /// otherwise take, so that a wrong guess costs a second thread, not
    /// the search. Returns false when the backend has no such choice.
    fn other_order(&mut self) -> bool {
        false
    }
    /// The natural logarithm of the number of solutions the backend
    /// expects of its problem (a first moment), if it estimates one.
    fn ln_expected_solutions(&self) -> Option<f64> {
        None
    }
    /// Whether a first-solution search should split the tree between the
    /// threads (tickets) rather than run a portfolio, though the backend
    /// can randomise: a small problem, whose whole tree is short, so that
    /// the hard cases are proofs of impossibility (near misses), where
    /// restarts and a second member that starts late only cost time. A
    /// query without effect.
    fn splits_first_solution(&self) -> bool {
        false
    }
    /// The nodes one thread spends alone before the other threads start
    /// (see `driver::solo_trial`): about what splitting the tree and
    /// starting the threads cost, in this backend's nodes.
    fn solo_trial_nodes(&self) -> u64 {
        crate::engine::tuning::SOLO_TRIAL
    }
    /// The words of this backend's memo key (see [`crate::engine::memo`]); 0 when
    /// it cannot memoise.
    fn memo_words(&self) -> usize {
        0
    }
    /// Writes the memo key of the current node; false when the node has
    /// none (a leaf).
    fn memo_key(&self, _key: &mut [u64]) -> bool {
        false
    }
    /// An upper bound on the distinct memo keys of the nodes at `depth`,
    /// from the structure of the key, if the backend knows one (it makes
    /// the memo's choice see repeats that random walks are too few to
    /// meet).
    fn memo_bound(&self, _depth: usize) -> Option<f64> {
        None
    }
}
