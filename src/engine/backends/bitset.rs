//! The bitset backend: exact cover without colours, on machine words.
//!
//! When a problem has no secondary items and every option covers at least
//! one primary item of multiplicity 1, the state of the search is just the
//! set of covered items, a bit mask of `W` words, plus a counter for each
//! item of higher multiplicity (a piece type with several copies). This is
//! the representation of the fastest special-purpose polyomino packers,
//! derived here from the general model:
//!
//! * **B1** (layout): items of multiplicity 1 become bits, in declaration
//!   order (puzzles declare the items they want filled first first); items
//!   of higher multiplicity become counters.
//! * **B2** (candidates): each option is filed under its *lowest* bit.
//! * **B3** (choose): branch on the lowest uncovered bit `b`. Every bit
//!   below `b` is covered, so an option containing `b` can fit only if `b`
//!   is its lowest bit: the candidates of `b` are exactly B2's list. This
//!   is "fill the first empty cell" in exact-cover terms.
//! * **B4** (try): a candidate fits when its mask misses the covered set and
//!   its counter (if any) is positive; choosing it ORs the mask in and
//!   decrements the counter, undoing XORs it out again.
//! * **B5** (solution): all bits covered and all counters at zero.
//! * **B6** (regions): when the problem links its items into a graph
//!   (board cells sharing sides), a placement that leaves an uncovered
//!   region no set of options can fill is refused at once (see `Regions`).
//! * **B7** (memo key): for memoised counts, the first free bit, the
//!   counters and the covered bits just after it determine the subtree.
//!
//! B2' refines B2: the candidates of `b` are filed again by which of the
//! next few bits are covered, so that B4 skips those that cannot fit. A
//! list is written when the search first needs it: a short search reads a
//! handful of the `2^8` per bit, and writing them all was half of a small
//! packing puzzle's run.
//!
//! Each solution is met once: at each node the branches are options that
//! all contain `b`, so they are pairwise incompatible.
//!
//! # Invariants (checked in debug builds)
//!
//! * `covered` is the OR of the masks of the chosen options, which are
//!   pairwise disjoint;
//! * `left` is the sum of the counters.

use super::{Backend, Node, Step};
use crate::engine::memo::{self, Packer};
use crate::engine::problem::Problem;

/// The largest number of bits this backend handles.
pub(crate) const MAX_BITS: usize = 16 * 64;

/// One candidate: its mask, its counter (or `NONE`) and its option.
#[derive(Clone, Copy, Debug)]
struct Cand<const W: usize> {
    mask: [u64; W],
    counter: u32,
    option: u32,
}

const NONE: u32 = u32::MAX;

/// B1 (layout): which items are bits and which are counters. Its arrays
/// may be kept from case to case (see [`crate::engine::Workspace`]):
/// [`layout_into`] overwrites them all.
#[derive(Default)]
pub(crate) struct Layout {
    bit_of: Vec<u32>,
    counter_of: Vec<u32>,
    counters: Vec<u32>,
    n_bits: usize,
    /// Scratch: which items are linked (empty without links).
    linked: Vec<bool>,
}

/// Items of multiplicity 1 are bits and the others counters, except that
/// unlinked items of multiplicity 1 declared after the last linked item
/// (for packing: the pieces) become counters too when that saves a word of
/// every mask and every option still has at most one counter. `None` when
/// the backend does not apply.
pub(crate) fn layout(pb: &Problem) -> Option<Layout> {
    let mut l = Layout::default();
    layout_into(pb, &mut l).then_some(l)
}

/// [`layout`] written into `l`'s arrays (whatever they held): whether the
/// backend applies (when not, `l` holds nothing of use).
pub(crate) fn layout_into(pb: &Problem, l: &mut Layout) -> bool {
    if pb.secondary_count() > 0 {
        return false;
    }
    let p = pb.primary_count();
    // No links (a one-tile board): no list of the linked items.
    let linked = &mut l.linked;
    linked.clear();
    if !pb.links.is_empty() {
        linked.resize(p, false);
        for &(a, b) in &pb.links {
            linked[a as usize] = true;
            linked[b as usize] = true;
        }
    }
    let last_linked = linked.iter().rposition(|&l| l);
    // `linked` is looked at only when some item is linked (an item past
    // the last linked one is not linked).
    let is_tail = |i: usize| pb.multiplicity[i] == 1 && last_linked.is_some_and(|l| i > l);
    let ones = pb.multiplicity.iter().filter(|&&m| m == 1).count();
    let tails = (0..p).filter(|&i| is_tail(i)).count();
    let mut compact = tails > 0 && (ones - tails).div_ceil(64) < ones.div_ceil(64);
    // Check every option: at least one bit, at most one counter.
    for pass in 0..2 {
        let mut ok = true;
        for o in 0..pb.option_count() {
            let (mut bits, mut others) = (0, 0);
            for i in pb.primaries(o) {
                let i = i.index();
                match pb.multiplicity[i] {
                    0 => {}
                    1 if !(compact && is_tail(i)) => bits += 1,
                    _ => others += 1,
                }
            }
            if bits == 0 || others > 1 {
                ok = false;
                break;
            }
        }
        if ok {
            break;
        }
        if !compact || pass == 1 {
            return false;
        }
        compact = false;
    }
    l.bit_of.clear();
    l.bit_of.resize(p, NONE);
    l.counter_of.clear();
    l.counter_of.resize(p, NONE);
    l.counters.clear();
    l.n_bits = 0;
    for (i, &m) in pb.multiplicity.iter().enumerate() {
        if m == 1 && !(compact && is_tail(i)) {
            l.bit_of[i] = l.n_bits as u32;
            l.n_bits += 1;
        } else if m >= 1 {
            l.counter_of[i] = l.counters.len() as u32;
            l.counters.push(m);
        }
    }
    l.n_bits > 0 && l.n_bits <= MAX_BITS
}

impl Layout {
    /// How many words a mask of this layout takes.
    pub(crate) fn words(&self) -> usize {
        self.n_bits.div_ceil(64)
    }
}

/// B2: every option that can be chosen as a candidate, sorted by its
/// lowest bit and then by option, into `cands` (whatever it held).
fn file_options<const W: usize>(pb: &Problem, bit_of: &[u32], counter_of: &[u32], cands: &mut Vec<Cand<W>>) {
    cands.clear();
    cands.reserve(pb.option_count());
    'options: for o in 0..pb.option_count() {
        let mut mask = [0u64; W];
        let mut counter = NONE;
        for i in pb.primaries(o) {
            let i = i.index();
            if pb.multiplicity[i] == 0 {
                continue 'options; // can never be chosen
            }
            if bit_of[i] != NONE {
                let b = bit_of[i];
                mask[b as usize / 64] |= 1 << (b % 64);
            } else {
                counter = counter_of[i];
            }
        }
        debug_assert!(mask.iter().any(|&w| w != 0), "the layout gives every option a bit");
        cands.push(Cand { mask, counter, option: o as u32 });
    }
    // Stable: the options are in increasing order already.
    cands.sort_by_key(|c| first_bit(&c.mask));
}

/// B7: the layout of a memo key (the fields `key_*` and `window` of
/// [`Bitset`]).
struct KeyLayout {
    bit_width: u32,
    counter_width: Vec<u32>,
    window: usize,
    words: usize,
}

impl KeyLayout {
    fn of<const W: usize>(cands: &[Cand<W>], counters: &[u32], n_bits: usize) -> Self {
        // An option with lowest bit `l` covers bits `l..l + span`; when
        // `b` is the first free bit, the options chosen have `l < b`, so
        // the covered bits from `b` on lie in `b..b + span - 1`.
        let span = cands
            .iter()
            .map(|c| {
                let hi = (0..W)
                    .rev()
                    .find(|&w| c.mask[w] != 0)
                    .map_or(0, |w| w * 64 + 63 - c.mask[w].leading_zeros() as usize);
                hi + 1 - first_bit(&c.mask)
            })
            .max()
            .unwrap_or(1);
        let window = (span - 1).min(n_bits);
        let bit_width = memo::width(n_bits as u64);
        // A lone counter that every option decrements, when every option
        // covers as many bits, is a function of the covered bits (dominoes:
        // 128 minus half of them), and the rest of the key has those.
        let sizes = |c: &Cand<W>| c.mask.iter().map(|w| w.count_ones()).sum::<u32>();
        let implied = counters.len() == 1 && cands.iter().all(|c| c.counter == 0 && sizes(c) == sizes(&cands[0]));
        let counter_width: Vec<u32> =
            if implied { Vec::new() } else { counters.iter().map(|&m| memo::width(u64::from(m))).collect() };
        let widths = std::iter::once(bit_width)
            .chain(counter_width.iter().copied())
            .chain((0..window).step_by(64).map(|from| (window - from).min(64) as u32));
        let words = Packer::words(widths);
        KeyLayout { bit_width, counter_width, window, words }
    }
}

pub(crate) struct Bitset<const W: usize> {
    n_bits: usize,
    /// Region pruning (B6), when the problem's links allow it.
    regions: Option<Regions<W>>,
    cand_start: Vec<u32>,
    cands: Vec<Cand<W>>,
    /// B2': the candidates of bit `b` again, filed by which of the next
    /// `la_bits` bits are covered (a window of `2^la_bits` patterns): only
    /// those missing the covered ones are listed. `la_list[start..end]`
    /// for `[start, end] = la_range[slot]`, `slot = b << la_bits |
    /// pattern`, once written ([`Bitset::list_of`]; `[0, 0]` before).
    la_bits: u32,
    la_range: Vec<[u32; 2]>,
    la_list: Vec<u32>,

    lv_slot: Vec<u32>,
    counters: Vec<u32>,
    /// Sum of the counters still to fill.
    left: u64,
    covered: [u64; W],
    lv_bit: Vec<u32>,
    lv_pos: Vec<u32>,
    level: usize,
    /// The depth runs start from (see [`Backend::base`]).
    base: usize,
    /// The first free bit of the current node, as `node` found it.
    free: Option<usize>,
    updates: u64,
    /// B7 (memo key): the bits of `first_free`'s number and of each
    /// counter, and how many covered bits after the first free one can be
    /// set (every option spans at most `window + 1` bits).
    key_bit_width: u32,
    key_counter_width: Vec<u32>,
    window: usize,
    key_words: usize,
}

impl<const W: usize> Bitset<W> {
    pub(crate) fn new(pb: &Problem) -> Self {
        Self::with_layout(pb, &layout(pb).expect("the bitset backend applies"))
    }

    /// [`Bitset::new`] with B1's layout of `pb` already worked out (the
    /// dispatch works it out to tell whether this backend applies: a
    /// stream of tiny cases would pay for it twice).
    pub(crate) fn with_layout(pb: &Problem, layout: &Layout) -> Self {
        let mut b = Bitset::empty();
        b.fill(pb, layout);
        b
    }

    /// A backend of no problem: arrays to [`Bitset::fill`].
    pub(crate) fn empty() -> Self {
        Bitset {
            key_bit_width: 0,
            key_counter_width: Vec::new(),
            window: 0,
            key_words: 0,
            n_bits: 0,
            regions: None,
            la_bits: 0,
            la_range: Vec::new(),
            la_list: Vec::new(),
            lv_slot: Vec::new(),
            cand_start: Vec::new(),
            cands: Vec::new(),
            counters: Vec::new(),
            left: 0,
            covered: [0; W],
            lv_bit: Vec::new(),
            lv_pos: Vec::new(),
            level: 0,
            base: 0,
            free: None,
            updates: 0,
        }
    }

    /// Makes this the backend of `pb` (whose B1 layout is `layout`), at
    /// its root, in the arrays it had (a stream of small cases keeps one
    /// backend from case to case: see [`crate::engine::Workspace`]). What
    /// it held before does not matter: every field is written.
    pub(crate) fn fill(&mut self, pb: &Problem, layout: &Layout) {
        debug_assert_eq!(layout.bit_of.len(), pb.primary_count(), "the layout is pb's");
        debug_assert!(layout.words() <= W, "the layout fits in W words");
        // B1: bits and counters.
        let Layout { bit_of, counter_of, counters, n_bits, .. } = layout;
        let n_bits = *n_bits;
        // B2: file each option under its lowest bit.
        file_options::<W>(pb, bit_of, counter_of, &mut self.cands);
        let cand_start = &mut self.cand_start;
        cand_start.clear();
        cand_start.resize(n_bits + 1, 0);
        for c in &self.cands {
            cand_start[first_bit(&c.mask) + 1] += 1;
        }
        for b in 0..n_bits {
            cand_start[b + 1] += cand_start[b];
        }
        let depth = n_bits + 1;
        self.left = counters.iter().map(|&c| u64::from(c)).sum();
        self.regions = Regions::new(pb, bit_of, &self.cands);
        self.clear_lists(n_bits);
        let key = KeyLayout::of(&self.cands, counters, n_bits);
        (self.key_bit_width, self.key_counter_width) = (key.bit_width, key.counter_width);
        (self.window, self.key_words) = (key.window, key.words);
        self.n_bits = n_bits;
        self.counters.clear();
        self.counters.extend_from_slice(counters);
        for levels in [&mut self.lv_slot, &mut self.lv_bit, &mut self.lv_pos] {
            levels.clear();
            levels.resize(depth, 0);
        }
        self.covered = [0; W];
        (self.level, self.base, self.free, self.updates) = (0, 0, None, 0);
    }

    /// The lowest uncovered bit, if any.
    #[inline]
    fn first_free(&self) -> Option<usize> {
        for w in 0..W {
            let free = !self.covered[w];
            if free != 0 {
                let b = w * 64 + free.trailing_zeros() as usize;
                return (b < self.n_bits).then_some(b);
            }
        }
        None
    }

    #[inline]
    fn fits(&self, c: &Cand<W>) -> bool {
        (0..W).all(|w| c.mask[w] & self.covered[w] == 0) && (c.counter == NONE || self.counters[c.counter as usize] > 0)
    }

    #[inline]
    fn apply(&mut self, k: usize) {
        let c = self.cands[k];
        for w in 0..W {
            self.covered[w] |= c.mask[w];
        }
        if c.counter != NONE {
            self.counters[c.counter as usize] -= 1;
            self.left -= 1;
        }
        self.updates += 1;
    }

    #[inline]
    fn unapply(&mut self, k: usize) {
        let c = self.cands[k];
        for w in 0..W {
            self.covered[w] ^= c.mask[w];
        }
        if c.counter != NONE {
            self.counters[c.counter as usize] += 1;
            self.left += 1;
        }
    }

    /// B4: from position `from` in the look-ahead list of `level`, takes
    /// the first candidate that fits (and, with B6, leaves no impossible
    /// region).
    #[inline]
    fn try_from(&mut self, level: usize, from: usize) -> bool {
        let end = self.la_range[self.lv_slot[level] as usize][1] as usize;
        for pos in from..end {
            let k = self.la_list[pos] as usize;
            if self.fits(&self.cands[k]) {
                self.apply(k);
                if let Some(r) = &self.regions {
                    if !r.regions_ok(&self.covered, &self.cands[k].mask) {
                        self.unapply(k);
                        continue;
                    }
                }
                self.lv_pos[level] = pos as u32;
                self.level = level + 1;
                return true;
            }
        }
        false
    }

    /// The look-ahead slot of bit `b` in the current state.
    #[inline]
    fn slot(&self, b: usize) -> usize {
        (b << self.la_bits) | window(&self.covered, b + 1, self.la_bits) as usize
    }

    /// B2': the window as wide as memory allows (a window wider than the
    /// bits after the first says nothing more, the bits past the last are
    /// never covered: a one-tile puzzle has 2 patterns, not 256), and
    /// every list unwritten: a range `[0, 0]` (the list array's first
    /// entry is a placeholder, so a written list starts at 1 or later).
    fn clear_lists(&mut self, n_bits: usize) {
        let mut bits = 8.min(n_bits.saturating_sub(1) as u32);
        while bits > 0 && (self.cands.len() << bits) > (8 << 20) {
            bits -= 1;
        }
        let n = n_bits << bits;
        if self.la_range.capacity() < n {
            // Zeroed by the allocator: pages never read stay untouched.
            self.la_range = vec![[0, 0]; n];
        } else {
            self.la_range.clear();
            self.la_range.resize(n, [0, 0]);
        }
        self.la_list.clear();
        self.la_list.push(u32::MAX);
        self.la_bits = bits;
    }

    /// The range of `slot`'s list in `la_list`, written now if it is the
    /// first time a search needs it.
    #[inline]
    fn list_of(&mut self, slot: usize) -> [u32; 2] {
        match self.la_range[slot] {
            [0, _] => self.write_list(slot),
            range => range,
        }
    }

    /// B2' for one slot: the candidates of its bit that miss its pattern
    /// of covered bits, appended to `la_list`.
    #[cold]
    fn write_list(&mut self, slot: usize) -> [u32; 2] {
        let (b, pattern) = (slot >> self.la_bits, slot as u32 & ((1 << self.la_bits) - 1));
        let start = self.la_list.len() as u32;
        for k in self.cand_start[b]..self.cand_start[b + 1] {
            if window(&self.cands[k as usize].mask, b + 1, self.la_bits) & pattern == 0 {
                self.la_list.push(k);
            }
        }
        let range = [start, self.la_list.len() as u32];
        self.la_range[slot] = range;
        range
    }

    /// The candidate chosen at `level`.
    #[inline]
    fn chosen(&self, level: usize) -> usize {
        self.la_list[self.lv_pos[level] as usize] as usize
    }

    /// B7: the memo key of a node whose first free bit is `b`: `b`, the
    /// counters (unless they follow from the covered bits), and the covered
    /// bits `b..b + window` (all bits below `b` are covered, and none after
    /// the window can be).
    fn write_key(&self, b: usize, key: &mut [u64]) {
        debug_assert!(
            (b + self.window..W * 64).all(|i| self.covered[i / 64] >> (i % 64) & 1 == 0),
            "covered past the window"
        );
        let mut p = Packer::new(key);
        p.push(b as u64, self.key_bit_width);
        for (c, &w) in self.counters.iter().zip(&self.key_counter_width) {
            p.push(u64::from(*c), w);
        }
        let mut from = b;
        while from < b + self.window {
            let n = (b + self.window - from).min(64);
            let word = bits64(&self.covered, from);
            p.push(if n == 64 { word } else { word & ((1 << n) - 1) }, n as u32);
            from += 64;
        }
    }
}

/// B6 (regions): when the problem links its items into a graph in which
/// every option is connected (board cells sharing sides), the uncovered
/// linked items fall into regions that no option straddles, so each region
/// must be filled by options inside it: a region whose size is not a
/// multiple of `gcd` of the option sizes, or is smaller than the smallest
/// option, is a dead end. After each placement only the regions next to
/// the placed option can have changed; they are flooded from there, and a
/// flood that grows past `cap` cells is given up on (big regions rarely
/// fail, and the flood would cost more than it saves).
struct Regions<const W: usize> {
    /// Neighbours of each bit, and of each candidate mask's cells.
    nbr: Vec<[u64; W]>,
    /// The linked bits.
    linked: [u64; W],
    gcd: u32,
    min: u32,
    cap: u32,
    /// When the graph is a few translations of the bit layout (a grid laid
    /// out row by row or column by column) and fits in 128 bits: for each
    /// stride `d`, the bits `b + d` linked to `b`. Floods then grow a whole
    /// frontier per step with shifts.
    strides: Vec<(u32, u128)>,
    /// The same with two strides inside the first word: the common case
    /// of a board of at most 64 cells, declared first.
    grid64: Option<[(u32, u64); 2]>,
}

impl<const W: usize> Regions<W> {
    fn new(pb: &Problem, bit_of: &[u32], cands: &[Cand<W>]) -> Option<Self> {
        if pb.links.is_empty() {
            return None;
        }
        let n_bits = bit_of.iter().filter(|&&b| b != NONE).count();
        let mut nbr = vec![[0u64; W]; n_bits];
        let mut linked = [0u64; W];
        for &(a, b) in &pb.links {
            let (ba, bb) = (bit_of[a as usize], bit_of[b as usize]);
            if ba == NONE || bb == NONE {
                return None; // only items of multiplicity 1 may be linked
            }
            nbr[ba as usize][bb as usize / 64] |= 1 << (bb % 64);
            nbr[bb as usize][ba as usize / 64] |= 1 << (ba % 64);
            linked[ba as usize / 64] |= 1 << (ba % 64);
            linked[bb as usize / 64] |= 1 << (bb % 64);
        }
        let strides = shift_structure(&pb.links, bit_of, n_bits);
        let grid64 = (strides.len() == 2 && linked[1..].iter().all(|&w| w == 0))
            .then(|| [(strides[0].0, strides[0].1 as u64), (strides[1].0, strides[1].1 as u64)]);
        let r = Regions { nbr, linked, gcd: 0, min: u32::MAX, cap: 0, strides, grid64 };
        let (mut g, mut min, mut max) = (0u32, u32::MAX, 0u32);
        for c in cands {
            let part: [u64; W] = std::array::from_fn(|w| c.mask[w] & r.linked[w]);
            let size: u32 = part.iter().map(|x| x.count_ones()).sum();
            if size == 0 {
                continue;
            }
            // The option's linked cells must be connected.
            if r.flood(&part, first_bit(&part), u32::MAX).1 != size {
                return None;
            }
            g = gcd(g, size);
            min = min.min(size);
            max = max.max(size);
        }
        if g == 0 || (g == 1 && min <= 1) {
            return None; // nothing to prune
        }
        // Shift floods are cheap enough to size every region exactly.
        let cap = if r.strides.is_empty() { 4 * max } else { u32::MAX };
        Some(Regions { gcd: g, min, cap, ..r })
    }

    /// Floods the region of `start` inside `free`, up to `cap` cells:
    /// returns the region and its size (the size stops at the cap).
    #[inline(always)]
    fn flood(&self, free: &[u64; W], start: usize, cap: u32) -> ([u64; W], u32) {
        if let Some([(d1, u1), (d2, u2)]) = self.grid64 {
            let f = free[0];
            let mut region = 1u64 << start;
            loop {
                let grown = (region
                    | ((region << d1) & u1)
                    | ((region >> d1) & (u1 >> d1))
                    | ((region << d2) & u2)
                    | ((region >> d2) & (u2 >> d2)))
                    & f;
                if grown == region {
                    let mut out = [0u64; W];
                    out[0] = grown;
                    return (out, grown.count_ones());
                }
                region = grown;
            }
        }
        if !self.strides.is_empty() {
            let f = to_u128(free);
            let mut region = 1u128 << start;
            loop {
                let mut grown = region;
                for &(d, up) in &self.strides {
                    grown |= (region << d) & up;
                    grown |= (region >> d) & (up >> d);
                }
                grown &= f;
                let size = grown.count_ones();
                if grown == region || size > cap {
                    return (from_u128(grown), size);
                }
                region = grown;
            }
        }
        let mut region = [0u64; W];
        let mut todo = [0u64; W];
        todo[start / 64] |= 1 << (start % 64);
        region[start / 64] |= 1 << (start % 64);
        let mut size = 1;
        while let Some(b) = first_set(&todo) {
            todo[b / 64] &= !(1 << (b % 64));
            for w in 0..W {
                let new = self.nbr[b][w] & free[w] & !region[w];
                if new != 0 {
                    region[w] |= new;
                    todo[w] |= new;
                    size += new.count_ones();
                }
            }
            if size > cap {
                break;
            }
        }
        (region, size)
    }

    /// Whether the regions around a just-placed option are still fillable.
    #[inline(always)]
    fn regions_ok(&self, covered: &[u64; W], placed: &[u64; W]) -> bool {
        let free: [u64; W] = std::array::from_fn(|w| !covered[w] & self.linked[w]);
        // Free cells next to the placed option.
        let mut seeds = [0u64; W];
        if let Some([(d1, u1), (d2, u2)]) = self.grid64 {
            let m = placed[0] & self.linked[0];
            seeds[0] =
                (((m << d1) & u1) | ((m >> d1) & (u1 >> d1)) | ((m << d2) & u2) | ((m >> d2) & (u2 >> d2))) & free[0];
        } else {
            let mut p: [u64; W] = std::array::from_fn(|w| placed[w] & self.linked[w]);
            while let Some(b) = first_set(&p) {
                p[b / 64] &= !(1 << (b % 64));
                for w in 0..W {
                    seeds[w] |= self.nbr[b][w] & free[w];
                }
            }
        }
        while let Some(b) = first_set(&seeds) {
            let (region, size) = self.flood(&free, b, self.cap);
            if size <= self.cap && (size % self.gcd != 0 || size < self.min) {
                return false;
            }
            for w in 0..W {
                seeds[w] &= !region[w];
            }
        }
        true
    }
}

/// The strides of a graph that is a union of translations of the bit
/// layout, with for each stride the bits reached by going up by it; empty
/// when the graph is not like that (or does not fit in 128 bits).
fn shift_structure(links: &[(u32, u32)], bit_of: &[u32], n_bits: usize) -> Vec<(u32, u128)> {
    if n_bits > 128 {
        return Vec::new();
    }
    let mut strides: Vec<(u32, u128)> = Vec::new();
    for &(a, b) in links {
        let (x, y) = (bit_of[a as usize], bit_of[b as usize]);
        let (lo, hi) = (x.min(y), x.max(y));
        let d = hi - lo;
        if let Some((_, up)) = strides.iter_mut().find(|(s, _)| *s == d) {
            *up |= 1 << hi;
        } else if strides.len() < 4 {
            strides.push((d, 1 << hi));
        } else {
            return Vec::new();
        }
    }
    strides
}

fn to_u128<const W: usize>(x: &[u64; W]) -> u128 {
    u128::from(x[0]) | if W > 1 { u128::from(x[1]) << 64 } else { 0 }
}

fn from_u128<const W: usize>(x: u128) -> [u64; W] {
    std::array::from_fn(|w| if w < 2 { (x >> (64 * w)) as u64 } else { 0 })
}

/// Bits `from..from + n` of a mask (0 beyond its end), as a number.
#[inline]
fn window<const W: usize>(x: &[u64; W], from: usize, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let (w, sh) = (from / 64, from % 64);
    let lo = if w < W { x[w] >> sh } else { 0 };
    let hi = if sh > 0 && w + 1 < W { x[w + 1] << (64 - sh) } else { 0 };
    ((lo | hi) & ((1u64 << n) - 1)) as u32
}

/// Bits `from..from + 64` of a mask (0 beyond its end).
#[inline]
fn bits64<const W: usize>(x: &[u64; W], from: usize) -> u64 {
    let (w, sh) = (from / 64, from % 64);
    let lo = if w < W { x[w] >> sh } else { 0 };
    let hi = if sh > 0 && w + 1 < W { x[w + 1] << (64 - sh) } else { 0 };
    lo | hi
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn first_set<const W: usize>(x: &[u64; W]) -> Option<usize> {
    (0..W).find(|&w| x[w] != 0).map(|w| w * 64 + x[w].trailing_zeros() as usize)
}

fn first_bit<const W: usize>(x: &[u64; W]) -> usize {
    first_set(x).expect("a non-empty mask")
}

impl<const W: usize> Backend for Bitset<W> {
    fn kind(&self) -> super::BackendKind {
        super::BackendKind::Bitset
    }

    fn memo_words(&self) -> usize {
        self.key_words
    }

    fn memo_key(&self, key: &mut [u64]) -> bool {
        match self.first_free() {
            Some(b) => {
                self.write_key(b, key);
                true
            }
            None => false,
        }
    }

    fn reset(&mut self) {
        while self.level > 0 {
            self.level -= 1;
            self.unapply(self.chosen(self.level));
        }
        self.base = 0;
    }

    fn replay(&mut self, path: &[Step]) -> bool {
        for step in path {
            let b = step.item as usize;
            let range = self.cand_start[b] as usize..self.cand_start[b + 1] as usize;
            let Some(k) = range.clone().find(|&k| self.cands[k].option == step.option) else { return false };
            if !self.fits(&self.cands[k]) {
                return false;
            }
            let slot = self.slot(b);
            let [start, end] = self.list_of(slot);
            let Some(pos) = (start as usize..end as usize).find(|&p| self.la_list[p] as usize == k) else {
                return false;
            };
            self.lv_bit[self.level] = b as u32;
            self.lv_slot[self.level] = slot as u32;
            self.lv_pos[self.level] = pos as u32;
            self.apply(k);
            self.level += 1;
        }
        self.base = self.level;
        true
    }

    fn depth(&self) -> usize {
        self.level
    }

    fn base(&self) -> usize {
        self.base
    }

    /// B5: a solution when every bit is covered and every counter spent.
    #[inline(always)]
    fn node(&mut self) -> Node {
        self.free = self.first_free();
        match self.free {
            Some(_) => Node::Inner,
            None if self.left == 0 => Node::Solution,
            None => Node::DeadEnd,
        }
    }

    /// B3: branch on the lowest uncovered bit; B4 for its first candidate.
    #[inline(always)]
    fn first_child(&mut self) -> bool {
        debug_assert_eq!(self.free, self.first_free(), "first_child without node");
        let Some(b) = self.free else { return false };
        let level = self.level;
        self.lv_bit[level] = b as u32;
        let slot = self.slot(b);
        self.lv_slot[level] = slot as u32;
        let [start, _] = self.list_of(slot);
        self.try_from(level, start as usize)
    }

    /// Undo the last candidate; B4 from the one after it.
    #[inline(always)]
    fn next_sibling(&mut self) -> bool {
        self.level -= 1;
        let level = self.level;
        let pos = self.lv_pos[level] as usize;
        self.unapply(self.la_list[pos] as usize);
        self.try_from(level, pos + 1)
    }

    fn step(&self, level: usize) -> Step {
        Step { item: self.lv_bit[level], option: self.cands[self.chosen(level)].option }
    }

    fn branch(&self, level: usize) -> (u32, u32) {
        let [start, end] = self.la_range[self.lv_slot[level] as usize];
        (self.lv_pos[level] - start + 1, end - start)
    }

    fn updates(&self) -> u64 {
        self.updates
    }
}

#[cfg(test)]
mod tests {
    use super::{window, Bitset};
    use crate::engine::choice::pilot::pilot;
    use crate::engine::tests::dominoes;
    use crate::engine::SearchConfig;

    /// B2''s lists are written as the search first needs them: none at
    /// the build, some of them by a whole count, each the candidates of
    /// its bit that miss its pattern.
    #[test]
    fn look_ahead_lists_are_written_on_first_use() {
        let mut bits = Bitset::<1>::new(&dominoes(6, 6));
        assert_eq!(bits.la_list.len(), 1, "only the placeholder after the build");
        assert!(pilot(&mut bits, &SearchConfig::count(), u64::MAX, 1 << 20).whole);
        let written: Vec<usize> = (0..bits.la_range.len()).filter(|&s| bits.la_range[s][0] != 0).collect();
        assert!(!written.is_empty() && written.len() < bits.la_range.len(), "{} lists", written.len());
        for slot in written {
            let (b, pattern) = (slot >> bits.la_bits, slot as u32 & ((1 << bits.la_bits) - 1));
            let [start, end] = bits.la_range[slot];
            let want = (bits.cand_start[b]..bits.cand_start[b + 1])
                .filter(|&k| window(&bits.cands[k as usize].mask, b + 1, bits.la_bits) & pattern == 0);
            assert!(want.eq(bits.la_list[start as usize..end as usize].iter().copied()), "slot {slot}");
        }
    }
}
