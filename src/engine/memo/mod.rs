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
//! Open addressing with linear probing, in one flat array of words: each
//! slot holds its value and then its key, so that a probe touches one
//! cache line. Values start one word wide (counts below 2^64 - 1); the
//! first larger count *widens* the table to two-word values (counts below
//! 2^127; larger ones go to a side list and the slot keeps its index). A
//! look-up that misses remembers where the key would go (a [`Hint`]): the
//! node's count is stored there when the subtree is done, without probing
//! again unless the table changed shape meanwhile. The table grows by
//! doubling while the cap allows holding the old array and the doubled
//! one at once (so the memory held never exceeds the cap, even while the
//! entries move; the largest table is thus between a third and two thirds
//! of the cap); when it is full at that size it forgets everything and
//! starts again (counts stay exact: a forgotten state is simply searched
//! again). Nothing is allocated per node.
//!
//! Slot layout, `stride = value words + key words`:
//!
//! ```text
//! one-word values:  [v][key...]           v = u64::MAX: empty
//! two-word values:  [hi][lo][key...]      hi = u64::MAX: empty;
//!                                         hi's top bit: lo indexes `big`
//! ```
//!
//! # Invariants (checked in debug builds)
//!
//! * `len` is the number of occupied slots, at most 3/4 of them;
//! * a key is stored at most once;
//! * an occupied slot's value and key lie at `data[slot * stride..]`.

pub(crate) mod halves;
pub(crate) mod shared;
#[cfg(test)]
mod tests;

use crate::engine::count::Count;

/// A slot whose first word is this is empty.
const EMPTY: u64 = u64::MAX;
/// With two-word values: a high word with this bit means the low word is
/// an index into the list of big counts.
const BIG: u64 = 1 << 63;

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
    /// Whether the count met in the middle (`halves.rs`: the states are
    /// the first half's table, the look-ups the second half's) rather than
    /// memoising the search.
    pub halves: bool,
    /// Whether the count went layer by layer (`halves/layers.rs`: the
    /// states are its largest layer, the look-ups its inserts).
    pub layers: bool,
}

impl MemoStats {
    /// Adds another worker's figures.
    pub fn add(&mut self, o: &MemoStats) {
        self.lookups += o.lookups;
        self.hits += o.hits;
        self.states += o.states;
        self.bytes += o.bytes;
        self.clears += o.clears;
        self.halves |= o.halves;
        self.layers |= o.layers;
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

/// Where a key that a look-up did not find would be stored: the first
/// empty slot of its probe sequence, valid while the table keeps its shape
/// (`shape` counts growths, clears and widenings).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Hint {
    slot: usize,
    shape: u64,
}

/// A table from exact keys of `words` words to counts.
pub(crate) struct Memo {
    words: usize,
    /// Words per value: 1, or 2 once a count needed them.
    vw: usize,
    stride: usize,
    data: Vec<u64>,
    big: Vec<Count>,
    len: usize,
    /// The number of slots minus one (a power of two minus one).
    mask: usize,
    cap_bytes: usize,
    /// See [`Hint`].
    shape: u64,
    pub stats: MemoStats,
}

/// The largest power of two of slots of `stride` words within `cap_bytes`
/// (at least 2^10).
fn max_slots(stride: usize, cap_bytes: usize) -> usize {
    let mut n = 1usize << 10;
    while n * 2 * stride * 8 <= cap_bytes && n < 1 << 40 {
        n *= 2;
    }
    n
}

#[inline]
pub(crate) fn hash(key: &[u64]) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x517C_C1B7_2722_0A95).rotate_left(23);
    }
    (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 17) ^ h
}

/// Equal keys, without a call to `memcmp` (keys are a few words).
#[inline(always)]
fn same(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

impl Memo {
    /// A table for keys of `words` words that stays under `cap_bytes`.
    pub(crate) fn new(words: usize, cap_bytes: usize) -> Self {
        let stride = words + 1;
        let slots = max_slots(stride, cap_bytes).min(1 << 12);
        let stats = MemoStats { bytes: (slots * stride * 8) as u64, ..MemoStats::default() };
        Memo {
            words,
            vw: 1,
            stride,
            data: Self::empty(slots, stride),
            big: Vec::new(),
            len: 0,
            mask: slots - 1,
            cap_bytes,
            shape: 0,
            stats,
        }
    }

    fn empty(slots: usize, stride: usize) -> Vec<u64> {
        let mut data = vec![0; slots * stride];
        for s in 0..slots {
            data[s * stride] = EMPTY;
        }
        data
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn find(&self, key: &[u64]) -> (usize, bool) {
        let (stride, vw) = (self.stride, self.vw);
        let mut s = hash(key) as usize & self.mask;
        loop {
            let at = s * stride;
            if self.data[at] == EMPTY {
                return (s, false);
            }
            if same(&self.data[at + vw..at + stride], key) {
                return (s, true);
            }
            s = (s + 1) & self.mask;
        }
    }

    /// The first empty slot from `s` on.
    #[inline]
    fn empty_from(&self, mut s: usize) -> usize {
        while self.data[s * self.stride] != EMPTY {
            s = (s + 1) & self.mask;
        }
        s
    }

    /// M1: if `key` is known, adds its count to `into` and returns `Ok`;
    /// else where to [`put`](Memo::put) it.
    #[inline]
    pub(crate) fn get(&mut self, key: &[u64], into: &mut Count) -> Result<(), Hint> {
        debug_assert_eq!(key.len(), self.words);
        self.stats.lookups += 1;
        let (s, found) = self.find(key);
        if !found {
            return Err(Hint { slot: s, shape: self.shape });
        }
        self.stats.hits += 1;
        let at = s * self.stride;
        let v = self.data[at];
        if self.vw == 1 {
            into.add_u128(u128::from(v));
        } else if v & BIG == 0 {
            into.add_u128(u128::from(v) << 64 | u128::from(self.data[at + 1]));
        } else {
            *into += &self.big[self.data[at + 1] as usize];
        }
        Ok(())
    }

    /// M3: stores `count` under `key`, for which a look-up gave `hint`.
    /// The key must not have been stored since: the engine's keys tell
    /// depths apart, and what is stored between a node's look-up and its
    /// store lies deeper.
    #[inline]
    pub(crate) fn put(&mut self, key: &[u64], hint: Hint, count: &Count) {
        let small = match count.to_u128() {
            Some(v) if v < u128::from(EMPTY) => Some(v as u64),
            _ => None,
        };
        if self.vw == 1 && small.is_none() {
            self.widen();
        }
        if (self.len + 1) * 4 > (self.mask + 1) * 3 {
            self.make_room();
        }
        // The slots the look-up passed are still full (nothing is removed
        // but by a clear, which changes the shape), so the key goes to the
        // first empty slot from the hinted one on, unless another worker
        // sharing the table stored it meanwhile.
        let from = if hint.shape == self.shape { hint.slot } else { hash(key) as usize & self.mask };
        let Some(s) = self.vacant_from(from, key) else { return };
        let at = s * self.stride;
        if self.vw == 1 {
            self.data[at] = small.expect("a one-word value");
        } else {
            let (hi, lo) = match count.to_u128() {
                Some(v) if v >> 127 == 0 => ((v >> 64) as u64, v as u64),
                _ => {
                    self.big.push(count.clone());
                    (BIG, (self.big.len() - 1) as u64)
                }
            };
            self.data[at] = hi;
            self.data[at + 1] = lo;
        }
        self.data[at + self.vw..at + self.stride].copy_from_slice(key);
        self.len += 1;
        self.stats.states = self.stats.states.max(self.len as u64);
        debug_assert!(self.len * 4 <= (self.mask + 1) * 3);
    }

    /// The first empty slot from `s` on, or `None` when `key` is found on
    /// the way.
    #[inline]
    fn vacant_from(&self, mut s: usize, key: &[u64]) -> Option<usize> {
        loop {
            let at = s * self.stride;
            if self.data[at] == EMPTY {
                return Some(s);
            }
            if same(&self.data[at + self.vw..at + self.stride], key) {
                return None;
            }
            s = (s + 1) & self.mask;
        }
    }

    /// Moves every entry into a new array of `slots` slots with values of
    /// `vw` words (or empties the table when `slots` is smaller than its
    /// entries need).
    fn rebuild(&mut self, slots: usize, vw: usize) {
        self.shape += 1;
        let (old_stride, old_vw) = (self.stride, self.vw);
        let stride = self.words + vw;
        let old = std::mem::replace(&mut self.data, Self::empty(slots, stride));
        // Both arrays are held while the entries move: that is the peak.
        self.stats.bytes = self.stats.bytes.max(((old.len() + self.data.len()) * 8) as u64);
        (self.vw, self.stride, self.mask) = (vw, stride, slots - 1);
        if (self.len + 1) * 4 > slots * 3 {
            self.stats.clears += 1;
            self.big.clear();
            self.len = 0;
        } else {
            for e in old.chunks_exact(old_stride) {
                if e[0] == EMPTY {
                    continue;
                }
                let key = &e[old_vw..];
                let at = self.empty_from(hash(key) as usize & self.mask) * stride;
                if old_vw == vw {
                    self.data[at..at + stride].copy_from_slice(e);
                } else {
                    // One-word value v becomes hi = 0, lo = v.
                    self.data[at] = 0;
                    self.data[at + 1] = e[0];
                    self.data[at + 2..at + stride].copy_from_slice(key);
                }
            }
        }
        self.stats.bytes = self.stats.bytes.max((self.data.len() * 8) as u64);
    }

    /// Whether the table can move into one of `slots` slots of `stride`
    /// words with both held at once under the cap.
    fn rebuild_fits(&self, slots: usize, stride: usize) -> bool {
        (self.data.len() + slots * stride) * 8 <= self.cap_bytes
    }

    /// Forgets every entry (counts stay exact: a forgotten state is
    /// searched again).
    fn forget(&mut self) {
        self.shape += 1;
        self.stats.clears += 1;
        for s in 0..=self.mask {
            self.data[s * self.stride] = EMPTY;
        }
        self.big.clear();
        self.len = 0;
    }

    /// Two-word values from now on (as many slots as the cap allows; the
    /// entries are forgotten first when both tables would not fit).
    fn widen(&mut self) {
        let slots = (self.mask + 1).min(max_slots(self.words + 2, self.cap_bytes));
        if !self.rebuild_fits(slots, self.words + 2) {
            self.forget();
            self.data = Vec::new();
        }
        self.rebuild(slots, 2);
    }

    /// Doubles the table, or forgets its entries when the cap forbids
    /// holding the old table and the doubled one at once.
    fn make_room(&mut self) {
        let slots = self.mask + 1;
        if !self.rebuild_fits(slots * 2, self.stride) {
            self.forget();
            return;
        }
        self.rebuild(slots * 2, self.vw);
    }
}

/// A memo table as the search sees it: one worker's own [`Memo`], or a
/// handle on one table that all workers share
/// ([`SharedTable`](crate::engine::memo::shared::SharedTable)).
pub(crate) trait Table {
    /// M1: if `key` is known, adds its count to `into`; else where to
    /// store it.
    fn get(&mut self, key: &[u64], into: &mut Count) -> Result<(), Hint>;
    /// M3: stores `count` under `key`, for which a look-up gave `hint`.
    fn put(&mut self, key: &[u64], hint: Hint, count: &Count);
}

impl Table for Memo {
    #[inline]
    fn get(&mut self, key: &[u64], into: &mut Count) -> Result<(), Hint> {
        Memo::get(self, key, into)
    }

    /// One worker's table: no other search stores a key between its
    /// look-up and its store (the engine's keys tell depths apart, and
    /// what is stored meanwhile lies deeper).
    #[inline]
    fn put(&mut self, key: &[u64], hint: Hint, count: &Count) {
        debug_assert!(!self.find(key).1, "a state stored twice");
        Memo::put(self, key, hint, count)
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
