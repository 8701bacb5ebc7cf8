//! Memoised counting: the count of a subtree, stored under an exact key of
//! the search state that determines it.
//!
//! # The problem
//!
//! Counting by enumeration costs at least one node per solution. But the
//! number of solutions below a node depends only on what the rest of the
//! search can see, not on how the node was reached. Tiling a 2x4 strip with
//! dominoes, first free cell first, two paths lead to the same state:
//!
//! ```text
//! A A . .      A B . .
//! B B . .      A B . .
//! ```
//!
//! Both leave the right half free with the same pieces left, so both have
//! the same 2 completions: the first path counts them and stores "right
//! half free: 2"; the second adds 2 without searching. On a 2xN strip there
//! are about 4N such states, while the tilings grow like the Fibonacci
//! numbers.
//!
//! Each backend that can memoise defines its key (see `bitset.rs`: the
//! first free bit, the counters and the covered bits after it; `rowscan.rs`:
//! the slot, the copies left and the colours on the frontier). A key is a
//! fixed number of 64-bit words per problem and is stored whole: a hash
//! picks the slot, but a hit needs the whole key to be equal, so a
//! collision can never change a count.
//!
//! # The search with a memo
//!
//! * **M1** (enter): at a node, build its key; if the table has it, the
//!   node's count is the stored one (a *hit*): do not descend.
//! * **M2** (descend): otherwise the node's count starts at 0 and each
//!   child's count is added to it when the child is done; a solution counts
//!   1.
//! * **M3** (leave): store the node's count under its key (the state is the
//!   same on the way out as on the way in: the children undid themselves).
//!
//! Interrupted, the counts of the finished children at every open level
//! add up to a lower bound.
//!
//! # The table and its memory cap
//!
//! Open addressing with linear probing; keys in one flat array of words,
//! counts as `u128` beside them (a count of 2^127 or more is stored in a
//! side list and the slot keeps its index with the top bit set). The table
//! grows by doubling while the cap allows; when it is full at the cap it
//! forgets everything and starts again (counts stay exact: a forgotten
//! state is simply searched again). Nothing is allocated per node.
//!
//! # Invariants (checked in debug builds)
//!
//! * `len` is the number of occupied slots, at most 3/4 of them;
//! * an occupied slot's key is stored at `keys[slot * words..]`.

use super::count::Count;

/// A slot with this value is empty.
const EMPTY: u128 = u128::MAX;
/// Values with this bit are indices into the list of big counts.
const BIG: u128 = 1 << 127;

/// What a memo did, for `--stats` and JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Look-ups made.
    pub lookups: u64,
    /// Look-ups that found their key.
    pub hits: u64,
    /// The most states held at once (summed over workers).
    pub states: u64,
    /// The most bytes the tables took at once (summed over workers).
    pub bytes: u64,
    /// Times a table was full at its cap and started again.
    pub clears: u64,
}

impl MemoStats {
    /// Adds another worker's figures.
    pub fn add(&mut self, o: &MemoStats) {
        self.lookups += o.lookups;
        self.hits += o.hits;
        self.states += o.states;
        self.bytes += o.bytes;
        self.clears += o.clears;
    }

    /// Hits over look-ups, 0 to 1.
    pub fn hit_rate(&self) -> f64 {
        if self.lookups == 0 {
            0.0
        } else {
            self.hits as f64 / self.lookups as f64
        }
    }
}

/// A table from exact keys of `words` words to counts.
pub(crate) struct Memo {
    words: usize,
    keys: Vec<u64>,
    vals: Vec<u128>,
    big: Vec<Count>,
    len: usize,
    /// The most slots the cap allows (a power of two).
    max_slots: usize,
    pub stats: MemoStats,
}

impl Memo {
    /// A table for keys of `words` words that stays under `cap_bytes`.
    pub(crate) fn new(words: usize, cap_bytes: usize) -> Self {
        let per_slot = 16 + 8 * words;
        let mut max_slots = 1usize << 10;
        while max_slots * 2 * per_slot <= cap_bytes && max_slots < 1 << 40 {
            max_slots *= 2;
        }
        let slots = max_slots.min(1 << 12);
        let stats = MemoStats { bytes: (slots * per_slot) as u64, ..MemoStats::default() };
        Memo {
            words,
            keys: vec![0; slots * words],
            vals: vec![EMPTY; slots],
            big: Vec::new(),
            len: 0,
            max_slots,
            stats,
        }
    }

    #[inline]
    fn hash(key: &[u64]) -> u64 {
        let mut h = 0x9E37_79B9_7F4A_7C15u64;
        for &w in key {
            h = (h.rotate_left(5) ^ w).wrapping_mul(0x517C_C1B7_2722_0A95);
        }
        h ^ (h >> 29)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn find(&self, key: &[u64]) -> (usize, bool) {
        let mask = self.vals.len() - 1;
        let mut s = (Self::hash(key) as usize) & mask;
        loop {
            if self.vals[s] == EMPTY {
                return (s, false);
            }
            if &self.keys[s * self.words..(s + 1) * self.words] == key {
                return (s, true);
            }
            s = (s + 1) & mask;
        }
    }

    /// M1: if `key` is known, adds its count to `into` and returns true.
    #[inline]
    pub(crate) fn get(&mut self, key: &[u64], into: &mut Count) -> bool {
        debug_assert_eq!(key.len(), self.words);
        self.stats.lookups += 1;
        let (s, found) = self.find(key);
        if found {
            self.stats.hits += 1;
            let v = self.vals[s];
            if v & BIG == 0 {
                into.add_u128(v);
            } else {
                *into += &self.big[(v ^ BIG) as usize];
            }
        }
        found
    }

    /// M3: stores `count` under `key` (not yet in the table).
    #[inline]
    pub(crate) fn put(&mut self, key: &[u64], count: &Count) {
        if (self.len + 1) * 4 > self.vals.len() * 3 {
            self.make_room();
        }
        let (s, found) = self.find(key);
        debug_assert!(!found, "a state stored twice");
        self.keys[s * self.words..(s + 1) * self.words].copy_from_slice(key);
        self.vals[s] = match count.to_u128() {
            Some(v) if v < BIG => v,
            _ => {
                self.big.push(count.clone());
                BIG | (self.big.len() - 1) as u128
            }
        };
        self.len += 1;
        self.stats.states = self.stats.states.max(self.len as u64);
        debug_assert!(self.len * 4 <= self.vals.len() * 3);
    }

    /// Doubles the table, or empties it when the cap forbids doubling.
    fn make_room(&mut self) {
        let slots = self.vals.len();
        if slots * 2 > self.max_slots {
            self.stats.clears += 1;
            self.vals.fill(EMPTY);
            self.big.clear();
            self.len = 0;
            return;
        }
        let old_keys = std::mem::replace(&mut self.keys, vec![0; slots * 2 * self.words]);
        let old_vals = std::mem::replace(&mut self.vals, vec![EMPTY; slots * 2]);
        for (s, &v) in old_vals.iter().enumerate() {
            if v != EMPTY {
                let key = &old_keys[s * self.words..(s + 1) * self.words];
                let (t, _) = self.find(key);
                self.keys[t * self.words..(t + 1) * self.words].copy_from_slice(key);
                self.vals[t] = v;
            }
        }
        let bytes = (self.vals.len() * (16 + 8 * self.words)) as u64;
        self.stats.bytes = self.stats.bytes.max(bytes);
    }
}

/// Packs small numbers into key words, each in a field of given width
/// that never straddles two words.
pub(crate) struct Packer<'a> {
    key: &'a mut [u64],
    word: usize,
    bit: u32,
}

impl<'a> Packer<'a> {
    #[inline]
    pub(crate) fn new(key: &'a mut [u64]) -> Self {
        key.fill(0);
        Packer { key, word: 0, bit: 0 }
    }

    /// Appends `value` in `width` bits (`value < 2^width`, `width <= 64`).
    #[inline]
    pub(crate) fn push(&mut self, value: u64, width: u32) {
        debug_assert!(width == 64 || value >> width == 0, "a key field overflows");
        if self.bit + width > 64 {
            self.word += 1;
            self.bit = 0;
        }
        if width == 64 {
            self.key[self.word] = value;
        } else {
            self.key[self.word] |= value << self.bit;
        }
        self.bit += width;
    }

    /// Words a sequence of fields of these widths takes.
    pub(crate) fn words(widths: impl Iterator<Item = u32>) -> usize {
        let (mut word, mut bit) = (0usize, 0u32);
        for w in widths {
            if bit + w > 64 {
                word += 1;
                bit = 0;
            }
            bit += w;
        }
        word + usize::from(bit > 0)
    }
}

/// The bits needed to write numbers `0..=max`.
pub(crate) fn width(max: u64) -> u32 {
    (64 - max.leading_zeros()).max(1)
}
