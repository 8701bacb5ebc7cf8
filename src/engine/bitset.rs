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
//!
//! Each solution is met once: at each node the branches are options that
//! all contain `b`, so they are pairwise incompatible.
//!
//! # Invariants (checked in debug builds)
//!
//! * `covered` is the OR of the masks of the chosen options, which are
//!   pairwise disjoint;
//! * `left` is the sum of the counters.

use super::driver::{Backend, Ctx, Step};
use super::problem::Problem;
use std::ops::ControlFlow;

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

/// How many words a problem needs, if this backend applies to it.
pub(crate) fn words_needed(pb: &Problem) -> Option<usize> {
    if pb.secondary_count() > 0 {
        return None;
    }
    let bits = pb.multiplicity.iter().filter(|&&m| m == 1).count();
    if bits == 0 || bits > MAX_BITS {
        return None;
    }
    for o in 0..pb.option_count() {
        let (mut ones, mut others) = (0, 0);
        for i in pb.primaries(o) {
            match pb.multiplicity[i.index()] {
                1 => ones += 1,
                0 => {}
                _ => others += 1,
            }
        }
        if ones == 0 || others > 1 {
            return None;
        }
    }
    Some(bits.div_ceil(64))
}

pub(crate) struct Bitset<const W: usize> {
    n_bits: usize,
    cand_start: Vec<u32>,
    cands: Vec<Cand<W>>,
    counters: Vec<u32>,
    /// Sum of the counters still to fill.
    left: u64,
    covered: [u64; W],
    lv_bit: Vec<u32>,
    lv_pos: Vec<u32>,
    level: usize,
    updates: u64,
}

impl<const W: usize> Bitset<W> {
    pub(crate) fn new(pb: &Problem) -> Self {
        // B1: bits and counters.
        let mut bit_of = vec![NONE; pb.primary_count()];
        let mut counter_of = vec![NONE; pb.primary_count()];
        let mut counters = Vec::new();
        let mut n_bits = 0;
        for (i, &m) in pb.multiplicity.iter().enumerate() {
            if m == 1 {
                bit_of[i] = n_bits as u32;
                n_bits += 1;
            } else if m > 1 {
                counter_of[i] = counters.len() as u32;
                counters.push(m);
            }
        }
        // B2: file each option under its lowest bit.
        let mut filed: Vec<(u32, Cand<W>)> = Vec::with_capacity(pb.option_count());
        'options: for o in 0..pb.option_count() {
            let mut mask = [0u64; W];
            let mut counter = NONE;
            let mut low = u32::MAX;
            for i in pb.primaries(o) {
                let i = i.index();
                if pb.multiplicity[i] == 0 {
                    continue 'options; // can never be chosen
                }
                if bit_of[i] != NONE {
                    let b = bit_of[i];
                    mask[b as usize / 64] |= 1 << (b % 64);
                    low = low.min(b);
                } else {
                    counter = counter_of[i];
                }
            }
            filed.push((low, Cand { mask, counter, option: o as u32 }));
        }
        filed.sort_by_key(|(low, c)| (*low, c.option));
        let mut cand_start = vec![0u32; n_bits + 1];
        for (low, _) in &filed {
            cand_start[*low as usize + 1] += 1;
        }
        for b in 0..n_bits {
            cand_start[b + 1] += cand_start[b];
        }
        let depth = n_bits + 1;
        let left = counters.iter().map(|&c| u64::from(c)).sum();
        Bitset {
            n_bits,
            cand_start,
            cands: filed.into_iter().map(|(_, c)| c).collect(),
            counters,
            left,
            covered: [0; W],
            lv_bit: vec![0; depth],
            lv_pos: vec![0; depth],
            level: 0,
            updates: 0,
        }
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

    /// B4: from position `from` in the candidates of the bit at `level`,
    /// takes the first that fits.
    #[inline]
    fn try_from(&mut self, level: usize, from: usize) -> bool {
        let end = self.cand_start[self.lv_bit[level] as usize + 1] as usize;
        for k in from..end {
            if self.fits(&self.cands[k]) {
                self.lv_pos[level] = k as u32;
                self.apply(k);
                self.level = level + 1;
                return true;
            }
        }
        false
    }

    fn levels(&self, base: usize) -> impl Iterator<Item = (u32, u32)> + '_ {
        (base..self.level).map(|l| {
            let b = self.lv_bit[l] as usize;
            let start = self.cand_start[b];
            (self.lv_pos[l] - start + 1, self.cand_start[b + 1] - start)
        })
    }
}

impl<const W: usize> Backend for Bitset<W> {
    fn name(&self) -> &'static str {
        "bitset"
    }

    fn reset(&mut self) {
        while self.level > 0 {
            self.level -= 1;
            self.unapply(self.lv_pos[self.level] as usize);
        }
    }

    fn replay(&mut self, path: &[Step]) -> bool {
        for step in path {
            let b = step.item as usize;
            let range = self.cand_start[b] as usize..self.cand_start[b + 1] as usize;
            let Some(k) = range.clone().find(|&k| self.cands[k].option == step.option) else { return false };
            if !self.fits(&self.cands[k]) {
                return false;
            }
            self.lv_bit[self.level] = b as u32;
            self.lv_pos[self.level] = k as u32;
            self.apply(k);
            self.level += 1;
        }
        true
    }

    fn run(&mut self, ctx: &mut Ctx) -> ControlFlow<()> {
        let base = self.level;
        let mut since_poll = 0u32;
        'enter: loop {
            let free = self.first_free();
            // B5: a solution, or a ticket when enumerating.
            if ctx.cut.is_some_and(|cut| self.level >= cut || (free.is_none() && self.left == 0)) {
                let path = (0..self.level)
                    .map(|l| Step { item: self.lv_bit[l], option: self.cands[self.lv_pos[l] as usize].option })
                    .collect();
                let w = self.levels(0).fold(1.0, |w, (_, d)| w / f64::from(d.max(1)));
                ctx.ticket(path, w);
            } else if let Some(b) = free {
                // B3: branch on the lowest uncovered bit.
                let level = self.level;
                self.lv_bit[level] = b as u32;
                if self.try_from(level, self.cand_start[b] as usize) {
                    since_poll += 1;
                    if since_poll >= ctx.poll_every {
                        ctx.nodes += u64::from(since_poll);
                        since_poll = 0;
                        ctx.updates = self.updates;
                        if ctx.poll(self.levels(base)).is_break() {
                            return ControlFlow::Break(());
                        }
                    }
                    continue 'enter;
                }
            } else if self.left == 0 {
                let sol = (0..self.level).map(|l| self.cands[self.lv_pos[l] as usize].option as usize);
                if ctx.solution(sol).is_break() {
                    ctx.nodes += u64::from(since_poll);
                    ctx.updates = self.updates;
                    return ControlFlow::Break(());
                }
            }
            // Backtrack.
            loop {
                if self.level == base {
                    ctx.nodes += u64::from(since_poll);
                    ctx.updates = self.updates;
                    return ControlFlow::Continue(());
                }
                self.level -= 1;
                let level = self.level;
                let k = self.lv_pos[level] as usize;
                self.unapply(k);
                if self.try_from(level, k + 1) {
                    since_poll += 1;
                    if since_poll >= ctx.poll_every {
                        ctx.nodes += u64::from(since_poll);
                        since_poll = 0;
                        ctx.updates = self.updates;
                        if ctx.poll(self.levels(base)).is_break() {
                            return ControlFlow::Break(());
                        }
                    }
                    continue 'enter;
                }
            }
        }
    }
}
