//! One memo table for all the workers of a count.
//!
//! # Why
//!
//! With a table per worker, every worker meets and stores nearly every
//! state of the tree, because the subtrees of different tickets reach the
//! same states: two workers spent 1.8 to 1.9 times the nodes of one
//! (domino 16x16: 3.6 M nodes against 1.9 M; 5x5 Tetravex with 3 labels:
//! 32 M against 17 M), so a second thread gained nothing and a second
//! table doubled the memory. Shared, a state that one worker stored is a
//! hit for the other.
//!
//! # How
//!
//! The table is cut into [`SHARDS`] independent [`Memo`] tables, each
//! behind its own lock, each under its share of the cap; a key's shard is
//! chosen by the top bits of its hash (its slot in the shard by the low
//! bits). A look-up or a store locks one shard for the time of one probe,
//! so two workers seldom wait for each other. Between a worker's look-up
//! and its store, another worker may store the same state (both searched
//! it at once): the store then finds the key on its way and leaves it, so
//! a key is still stored at most once, with the one count it has. A full
//! shard forgets its own entries only.

use super::{hash, Hint, Memo, MemoStats, Table};
use crate::engine::count::Count;
use std::sync::Mutex;

/// The shards of a shared table: enough that two workers seldom want the
/// same one at once, few enough that the empty tables cost little to make
/// (32 x 128 KiB for keys of three words).
const SHARDS: usize = 32;

/// One memo table shared by the workers of a count.
pub(crate) struct SharedMemo {
    shards: Vec<Mutex<Memo>>,
}

impl SharedMemo {
    /// A table for keys of `words` words that stays under `cap_bytes` in
    /// all.
    pub(crate) fn new(words: usize, cap_bytes: usize) -> Self {
        SharedMemo { shards: (0..SHARDS).map(|_| Mutex::new(Memo::new(words, cap_bytes / SHARDS))).collect() }
    }

    /// The shard that holds `key`.
    #[inline]
    fn shard(&self, key: &[u64]) -> &Mutex<Memo> {
        &self.shards[(hash(key) >> 59) as usize % SHARDS]
    }

    /// The figures of all shards together.
    pub(crate) fn stats(&self) -> MemoStats {
        let mut all = MemoStats::default();
        for shard in &self.shards {
            all.add(&shard.lock().unwrap().stats);
        }
        all
    }
}

/// A worker's handle on a [`SharedMemo`].
pub(crate) struct SharedTable<'a>(pub &'a SharedMemo);

impl Table for SharedTable<'_> {
    #[inline]
    fn get(&mut self, key: &[u64], into: &mut Count) -> Result<(), Hint> {
        self.0.shard(key).lock().unwrap().get(key, into)
    }

    #[inline]
    fn put(&mut self, key: &[u64], hint: Hint, count: &Count) {
        self.0.shard(key).lock().unwrap().put(key, hint, count)
    }
}
