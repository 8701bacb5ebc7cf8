//! The memo's pilot: a short memoised search that measures what the memo
//! saves, where random walks cannot tell.
//!
//! # The problem
//!
//! Memoising a count pays when states repeat often enough that the nodes
//! it skips outweigh what it costs per node (a key built, a table probed).
//! [`memo_estimate`] guesses the repeats
//! from the keys that random walks meet, but a few hundred walks meet a
//! few dozen keys at the depths that matter, and see no repeat among a
//! million states. On 5x5 Tetravex with 3 labels and a dozen or so
//! distinct tiles the walks saw none, and the count ran without the memo
//! 7 to 160 times slower than with it.
//!
//! # The measurement
//!
//! The pilot runs the memoised search itself ([`Memoised`] with `SIZES`),
//! in the backend's own order and for a fixed budget of nodes, but stores
//! in the table the size of each finished subtree *in plain nodes* (the
//! nodes the search without a memo would spend there) instead of its
//! count. A hit adds the stored
//! size. So when the budget runs out it knows exactly how many plain nodes
//! the memo covered with the nodes it spent: the memo's *gain* on that
//! prefix of the tree. For example, a tree whose two subtrees of 10 nodes
//! each reach the same state: the memo spends 11 + 1 nodes where the plain
//! search spends 21: a gain of 21 / 12.
//!
//! * **G1** (enter): at a node, build its key; if the table has it, its
//!   subtree's size is the stored one: do not descend.
//! * **G2** (descend): a node's size starts at 0; a child's size plus one
//!   (the child itself) is added when the child is done.
//! * **G3** (leave): store the node's size under its key.
//!
//! The gain on a prefix understates the gain on the whole tree (the table
//! fills as the search goes on, and later subtrees meet more known
//! states), so a choice made on it errs towards not memoising. The budget
//! is fixed, and the order the backend's own, so the choice is the same
//! on every machine and for every thread count.

use super::estimate::memo_estimate;
use crate::engine::backends::Backend;
use crate::engine::config::SearchConfig;
use crate::engine::memo::Memo;
use crate::engine::search::ctx::{Ctx, Shared};
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::search::{search, Memoised};
use crate::engine::tuning::{DEFAULT_MEMO_MB, MEMO_PAYS, PILOT_BUDGET, PILOT_MIN_TREE, PILOT_PAYS};

/// What the backend's choice found out about memoising a count.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MemoHint {
    /// Whether to memoise, when the choice weighed it.
    pub memoise: Option<bool>,
    /// Whether a pilot ran: then its verdict stands, and the count takes
    /// no second look (it would run the same pilot again).
    pub piloted: bool,
}

/// What a pilot run measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Gain {
    /// Nodes the memoised search spent.
    pub memo_nodes: u64,
    /// Nodes the plain search would have spent on the same part of the tree.
    pub plain_nodes: u64,
    /// Whether the pilot searched the whole tree within its budget.
    pub whole: bool,
}

impl Gain {
    /// Plain nodes covered per memoised node spent.
    pub(crate) fn ratio(&self) -> f64 {
        self.plain_nodes as f64 / self.memo_nodes.max(1) as f64
    }
}

/// Runs the memoised search of `backend`'s tree from the root for at most
/// `budget` nodes, with a table under `cap_bytes`, and measures its gain.
/// Polls like a search (Ctrl-C, the deadline): stopped, it reports what it
/// measured so far. Leaves the backend at the root.
pub(crate) fn pilot<B: Backend>(backend: &mut B, config: &SearchConfig, budget: u64, cap_bytes: usize) -> Gain {
    let words = backend.memo_words();
    debug_assert!(words > 0, "a pilot needs a memo key");
    let shared = Shared::new(config, None, 1);
    let mut ctx = Ctx::cutting(&shared);
    ctx.start_run(budget);
    let mut memo = Memo::new(words, cap_bytes);
    let mut sizes = Memoised::<Memo, true>::new(&mut memo, words);
    backend.reset();
    let whole = search(backend, &mut ctx, &mut sizes).is_continue();
    let plain_nodes = sizes.searched(backend.depth());
    backend.reset();
    Gain { memo_nodes: ctx.run_nodes(), plain_nodes, whole }
}

/// Whether memoising the count of `backend`'s tree pays, and if so what
/// the memo search is expected to cost, in plain nodes. First the random
/// walks ([`memo_estimate`]); where they see too few repeats and the tree
/// is large, the pilot decides: memoise when it covered at least
/// [`PILOT_PAYS`] plain nodes per node spent. `tree` is the caller's own
/// estimate of the plain tree, if it has one (the memo's walks give up
/// early on a tree that their first few estimate small, and their
/// estimate is as uncertain as any). `gain` keeps a pilot's measure for
/// another build of the same search (the row scan with and without the
/// balance), which then goes by it too. Leaves the backend at the root.
pub(crate) fn memo_verdict<B: Backend>(
    backend: &mut B,
    config: &SearchConfig,
    tree: f64,
    gain: &mut Option<Gain>,
    halt: &Halt,
) -> Result<Option<f64>, Stopped> {
    if backend.memo_words() == 0 {
        return Ok(None);
    }
    let walks = memo_estimate(backend, halt)?;
    if let Some((plain, memo)) = walks {
        if plain > 0.0 && memo <= MEMO_PAYS * plain {
            return Ok(Some(memo / MEMO_PAYS));
        }
    }
    let plain = walks.map_or(0.0, |(plain, _)| plain).max(tree);
    if plain < PILOT_MIN_TREE && gain.is_none() {
        return Ok(None);
    }
    let cap = config.memo_mb.unwrap_or(DEFAULT_MEMO_MB).saturating_mul(1 << 20);
    let g = *gain.get_or_insert_with(|| pilot(backend, config, PILOT_BUDGET, cap));
    // A pilot broken off by a stop measured too little to go by.
    halt.check()?;
    let r = g.ratio();
    Ok((r >= PILOT_PAYS).then(|| plain * PILOT_PAYS / r))
}
