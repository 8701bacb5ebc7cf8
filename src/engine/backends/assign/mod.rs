//! The assignment backend: colour-constrained assignment of pieces to slots,
//! with every slot's domain kept as a bit set.
//!
//! Many XCC problems have this shape: every option names exactly two
//! primary items, a *slot* (first; multiplicity 1) and a *piece* (second;
//! any multiplicity), plus coloured secondary items. Edge matching is the
//! example: cells are slots, tile types are pieces, joins are coloured. For
//! such problems the engine keeps, for each slot, the set of its options
//! that are still possible as a bit set (its *domain*), and maintains it
//! exactly:
//!
//! * **A1** (masks): for every slot `s`, every secondary item `j` that its
//!   options touch, and every colour `c` seen on `j`, a mask of the options
//!   of `s` that agree with `j` having colour `c` (they give `j` colour `c`
//!   or do not touch `j`). For every piece, the words of every slot that hold
//!   its options.
//! * **A2** (choose, MRV): the uncovered slot with the fewest options left
//!   (popcounts are kept per slot); ties go to the slot whose filling
//!   constrains its uncovered neighbours most, then to the most central
//!   slot (after `randomise`, a random one among equally central slots). A
//!   slot with no option left ends the branch at once.
//! * **A3** (try): the options of that slot in their try order:
//!   increasing, or, where many solutions are expected, the options with
//!   the rarest colours first (`build::rarity_order`); after `randomise`,
//!   from a random one on, wrapping round; at the root, going down (see
//!   `next_in_order`); in the mirror order (`mirror`), last first at the
//!   first levels.
//! * **A4** (propagate): choosing an option covers its slot; it decrements
//!   its piece and, when the piece runs out, clears the piece's options from
//!   every uncovered slot; it colours each of its secondary items that had
//!   no colour yet and intersects the domains of the other slots touching it
//!   with the matching masks; then it restores arc consistency from the
//!   slots that changed, those with at most two options first.
//! * **A5** (undo): every word written is logged with its old value on a
//!   trail; backtracking restores them in reverse order.
//!
//! Small domains are exact: in a domain of at most 16 options an option's
//! bit is set exactly when the option is compatible with every choice made
//! so far; a larger domain may still hold options of pieces that ran out
//! (they are cleared when it becomes small, and skipped when tried), which
//! saves touching every slot whenever a piece is used up. MRV and dead ends
//! are decided by popcounts. The state lives in flat arrays allocated before the
//! search; a node costs a few word operations per neighbour.
//!
//! The inner loop, A4's writes and arc consistency, is in `ac.rs`, with
//! its own invariants.
//!
//! # Invariants (checked in debug builds)
//!
//! * `cnt[s]` is the popcount of the domain of `s`;
//! * an option's bit in its slot's layout of `dead` is set iff its piece
//!   has no copies left;
//! * in an uncovered slot's domain of at most 16 options, a bit is set iff
//!   its option's piece has copies left and its colours agree with every
//!   coloured secondary item (in a larger domain, iff its colours agree).

use crate::engine::backends::balance::Balance;
use crate::engine::backends::blocks::{tagged, untag, Jagged, SparseSet};
use crate::engine::backends::shape::{SlotPieces, NONE};
use crate::engine::backends::{Backend, Node, Step};
use crate::engine::problem::Problem;
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::tuning::{ASSIGN_MAX_WORDS, EXACT, SPLIT_MAX_SLOTS};
use crate::rng::Rng;
use std::collections::VecDeque;

mod ac;
mod build;
mod compact;
#[cfg(test)]
mod order_tests;

const T_DOM: u32 = 0;
const T_COLOUR: u32 = 1;
const T_REMAIN: u32 = 2;
/// Trail tags. `T_COLOUR` entries also undo the `ncol` counts of the
/// touching slots.
const T_COVER: u32 = 3;

/// An option that does not touch a secondary item.
const NO_COLOUR: u16 = u16::MAX;

/// A slot changed by more than arc consistency across one item.
const ANY: u32 = u32::MAX;

/// Whether the masks of a slot/piece problem fit in
/// [`ASSIGN_MAX_WORDS`]: per slot, per touched join, per colour. `Err`
/// when `halt` stops it.
pub(crate) fn fits(pb: &Problem, shape: &SlotPieces, halt: &Halt) -> Result<bool, Stopped> {
    // The colours of each join: the dense numbering's counts, worked out
    // once per problem for the builds anyway.
    // The compact form's numbers where it has them (the same counts).
    let dense = match pb.compact_dense(halt)? {
        Some(dense) => dense,
        None => pb.dense_colours(halt)?,
    };
    let max_colours = dense.n_colours.iter().map(|&n| n as usize).max().unwrap_or(1).max(1);
    let words: usize = shape.options.iter().map(|opts| opts.len().div_ceil(64)).sum();
    Ok(words.saturating_mul(4).saturating_mul(max_colours) <= ASSIGN_MAX_WORDS)
}

/// The assignment backend's state: the tables built once (A1) and the
/// search state they frame. Rows of varying length are [`Jagged`] arrays;
/// "slot" is a slot's index (`0..n_slots`), "local index" an option's place
/// in its slot's row of `options`, "word" a place in `dom`.
pub(crate) struct Assign {
    /// The number of slots.
    n_slots: usize,
    /// Per slot: its primary item (for [`Step`]).
    slot_item: Vec<u32>,
    /// Per primary item: its slot, or `NONE` for a piece's item.
    item_slot: Vec<u32>,
    /// Per slot: its options in A3's try order, each with its piece.
    options: Jagged<SlotOption>,
    /// Per slot: its domain, one bit per option of its row of `options`.
    dom: Jagged<u64>,
    /// Per domain word: its slot.
    word_slot: Vec<u32>,
    /// Per slot: the popcount of its domain.
    cnt: Vec<u32>,
    /// Per piece: the copies left.
    remaining: Vec<u32>,
    /// Per piece: the (word, slot of the word, mask) triples of `dom` that
    /// hold its options.
    piece_words: Jagged<(u32, u32, u64)>,
    /// The options of pieces that ran out, per option layout (slots whose
    /// options have the same pieces in the same order share one):
    /// `dead[slot_dead[s]..]` has the words of slot `s`. A large domain
    /// is cleaned with them when it becomes small, and the next option
    /// is looked for outside them.
    dead: Vec<u64>,
    /// Per slot: where its layout's words start in `dead`.
    slot_dead: Vec<u32>,
    /// Per piece: the (word, mask) pairs of its options in `dead`.
    piece_dead: Jagged<(u32, u64)>,
    /// Per secondary item: its current colour (0 = none).
    colour: Vec<u32>,
    /// Per secondary item: the slots touching it, each with the base of
    /// its colour-mask block in `cmask` (a *touch entry*).
    touch: Jagged<(u32, u32)>,
    /// The colour masks of A1: the block of a touch entry (slot `s`, item
    /// `j`) holds, per dense colour `c` of `j`, the words of the options of
    /// `s` that agree with `j` having colour `c`.
    cmask: Vec<u64>,
    /// Per option: its slot.
    opt_slot: Vec<u32>,
    /// Per option: its local index in its slot.
    opt_local: Vec<u32>,
    /// Per option: its secondary items as (item, colour, dense colour).
    sec: Jagged<(u32, u32, u32)>,
    /// Per slot: its secondary items.
    slot_sec: Jagged<u32>,
    /// Beside each entry of `slot_sec`: the item, the place of its touch
    /// entry (this slot on that item) in `touch`, and the item's number of
    /// colours.
    sec_entry: Vec<SecEntry>,
    /// Per slot: the other slots touching its secondary items, each with
    /// the item, for `pull`; no entry at all when that table would be too
    /// long (see `build`).
    around: Jagged<(u32, u32)>,
    /// Per touch entry: the dense colour of each of the slot's options on
    /// that secondary item (`NO_COLOUR` if it does not touch it).
    opt_col: Jagged<u16>,
    /// Slots whose domain changed and whose neighbours may lose support,
    /// in two queues (see `propagate`): `urgent`, a stack of the slots
    /// queued with at most [`URGENT`](crate::engine::tuning::URGENT) options, and `queue`, first in first
    /// out, for the others of at most
    /// [`AC_MAX`](crate::engine::tuning::AC_MAX). A larger slot is not
    /// queued (it would narrow nothing) until it shrinks to `AC_MAX`.
    urgent: Vec<u32>,
    /// See `urgent`.
    queue: VecDeque<u32>,
    /// Per slot: what `set_word` and `propagate` keep of it for arc
    /// consistency (one entry, so that a write reads one place).
    ac: Vec<SlotAc>,
    /// The item `propagate` is narrowing across (`ANY` elsewhere).
    cause: u32,
    /// Per slot: how many of its secondary items have a colour.
    ncol: Vec<u32>,
    /// Tie-break order of the slots: central slots (least eccentric in the
    /// graph of slots sharing secondary items) first; among slots of equal
    /// eccentricity, by index, or in a random order after `randomise`.
    rank: Vec<u32>,
    /// Per slot: its eccentricity in that graph.
    ecc: Vec<u32>,
    /// Restarts: the random stream of the value order, seeded with the
    /// salt of `randomise` (`None`: salt 0, options in increasing order).
    order_rng: Option<Rng>,
    /// The mirror order (P7 of the portfolio): the levels below this one
    /// take their options last first (0: none).
    mirror: usize,
    /// The first moment of the number of solutions, as a natural logarithm
    /// (`build::first_moment`).
    ln_expected: f64,
    /// Whether A2 takes the compact order (`compact.rs`) instead of MRV.
    compact: bool,
    /// Per slot: the compact order's tie-break, its sweep rank
    /// (`compact::sweep`).
    sweep: Vec<u32>,
    /// Uncovered slots, as a sparse set.
    unc: SparseSet,
    /// The trail: (tagged index, lost bits, old value); the middle field is
    /// the popcount a `T_DOM` entry gives back to its slot (it fills the
    /// padding of the entry, and saves a popcount per undo).
    trail: Vec<(u32, u32, u64)>,
    /// The path: per level, the slot branched on and the option taken.
    levels: Vec<Level>,
    /// The current depth.
    level: usize,
    /// The level the search starts from (set by `reset` and `replay`), so
    /// that a run broken off by a budget resumes where it stopped.
    base: usize,
    /// Domain words written so far (see [`Backend::updates`]).
    updates: u64,
    /// The colour balance of the joins (`balance.rs`), when they fall into kinds.
    balance: Option<Balance>,
}

/// An option of a slot, in the slot's row of [`Assign::options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SlotOption {
    /// The option's global index.
    option: u32,
    /// Its piece.
    piece: u32,
}

/// Per slot: its state in arc consistency's queue.
#[derive(Clone, Copy, Debug)]
struct SlotAc {
    /// Whether it is in `urgent` or `queue`.
    queued: bool,
    /// When queued: the one secondary item across which all its changes
    /// since it was queued came, or `ANY` (see `propagate`).
    via: u32,
    /// Its popcount at the root, where no support is applied yet.
    cnt0: u32,
}

/// A secondary item of a slot, as `propagate` reads it (one entry per
/// item of the slot, beside its row of [`Assign::slot_sec`]).
#[derive(Clone, Copy, Debug)]
struct SecEntry {
    /// The item.
    item: u32,
    /// The place of the touch entry (this slot on the item) in `touch`.
    touch: u32,
    /// The item's number of colours.
    colours: u32,
}

/// One level of the path: the choice that leads from depth `l` to `l + 1`.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The slot branched on.
    slot: u32,
    /// The local index of the option taken.
    local: u32,
    /// The local index the slot's value order starts at (see
    /// `next_in_order`).
    first: u32,
    /// Options taken so far at this level, the current one included.
    tried: u32,
    /// The slot's options when it was branched on.
    options: u32,
    /// The trail's length before the option was taken.
    mark: usize,
}

impl Assign {
    fn slot_words(&self, s: usize) -> &[u64] {
        self.dom.row(s)
    }

    fn cover(&mut self, s: usize) {
        self.unc.remove(s);
        self.trail.push((tagged(T_COVER, s), 0, 0));
    }

    fn is_uncovered(&self, s: usize) -> bool {
        self.unc.contains(s)
    }

    /// A4: chooses local option `k` of slot `s`.
    fn choose(&mut self, s: usize, k: usize) {
        self.cover(s);
        let SlotOption { option, piece } = self.options[self.options.start(s) + k];
        let (o, piece) = (option as usize, piece as usize);
        self.remaining[piece] -= 1;
        // The option rides on the piece's entry, for the balance's undo.
        self.trail.push((tagged(T_REMAIN, piece), 0, o as u64));
        let colour = &self.colour;
        if let Some(b) = self.balance.as_mut() {
            b.apply(o, -1, |j, _| colour[j as usize] != 0);
        }
        if self.remaining[piece] == 0 {
            for e in self.piece_dead.range(piece) {
                let (w, m) = self.piece_dead[e];
                self.dead[w as usize] |= m;
            }
            // Only exact (small) domains lose the piece now; large ones
            // are cleaned when they become small (see `set_word`).
            for e in self.piece_words.range(piece) {
                let (w, t, m) = self.piece_words[e];
                let (w, t) = (w as usize, t as usize);
                if self.cnt[t] <= EXACT && self.dom[w] & m != 0 && self.is_uncovered(t) {
                    self.set_word(w, t, self.dom[w] & !m);
                }
            }
        }
        for e in self.sec.range(o) {
            let (j, c, ci) = self.sec[e];
            let j = j as usize;
            if self.colour[j] != 0 {
                debug_assert_eq!(self.colour[j], c, "a domain held a disagreeing option");
                continue;
            }
            self.colour[j] = c;
            self.trail.push((tagged(T_COLOUR, j), 0, 0));
            for t in self.touch.range(j) {
                let (s2, base) = self.touch[t];
                let s2 = s2 as usize;
                self.ncol[s2] += 1;
                if s2 == s || !self.is_uncovered(s2) {
                    continue;
                }
                let (w0, words) = (self.dom.start(s2), self.dom.row_len(s2));
                let m0 = base as usize + ci as usize * words;
                for i in 0..words {
                    let v = self.dom[w0 + i] & self.cmask[m0 + i];
                    self.set_word(w0 + i, s2, v);
                }
            }
        }
        self.propagate();
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (e, lost, old) = self.trail.pop().unwrap();
            let (tag, i) = untag(e);
            match tag {
                T_DOM => {
                    self.cnt[self.word_slot[i] as usize] += lost;
                    self.dom[i] = old;
                }
                T_COLOUR => {
                    self.colour[i] = 0;
                    for t in self.touch.range(i) {
                        self.ncol[self.touch[t].0 as usize] -= 1;
                    }
                }
                T_REMAIN => {
                    if self.remaining[i] == 0 {
                        for e in self.piece_dead.range(i) {
                            let (w, m) = self.piece_dead[e];
                            self.dead[w as usize] &= !m;
                        }
                    }
                    self.remaining[i] += 1;
                    // The colours are as they were before the placement:
                    // its T_COLOUR entries came later and are undone.
                    let colour = &self.colour;
                    if let Some(b) = self.balance.as_mut() {
                        b.apply(old as usize, 1, |j, _| colour[j as usize] != 0);
                    }
                }
                _ => self.unc.restore(),
            }
        }
    }

    /// A2: the uncovered slot with the fewest options (`None` if one has
    /// none). Ties go to the slot whose filling would constrain its
    /// neighbours most (the sum, over its joins without a colour, of the
    /// coloured joins of the slots on the other side), which keeps the
    /// filled region compact; then to the most central slot, so that the
    /// region starts in the middle and grows on all sides.
    fn choose_slot(&self) -> Option<usize> {
        // The pull is only needed between slots of equal count: it is
        // worked out for the best slot when the first tie comes.
        let mut best = NONE as usize;
        let (mut best_cnt, mut best_pull) = (u32::MAX, None::<u32>);
        for a in 0..self.unc.len() {
            let s = self.unc.get(a);
            let c = self.cnt[s];
            if c == 0 {
                return None;
            }
            if c > best_cnt {
                continue;
            }
            if c < best_cnt {
                (best, best_cnt, best_pull) = (s, c, None);
                continue;
            }
            let bp = *best_pull.get_or_insert_with(|| self.pull(best));
            let p = self.pull(s);
            if p > bp || (p == bp && self.rank[s] < self.rank[best]) {
                (best, best_pull) = (s, Some(p));
            }
        }
        Some(best)
    }

    /// How much filling slot `s` would constrain the uncovered slots around it.
    fn pull(&self, s: usize) -> u32 {
        if self.around.is_empty() {
            return self.pull_by_items(s);
        }
        let mut pull = 0;
        for &(j, t) in self.around.row(s) {
            if self.colour[j as usize] == 0 && self.is_uncovered(t as usize) {
                pull += self.ncol[t as usize];
            }
        }
        debug_assert_eq!(pull, self.pull_by_items(s), "the pull of slot {s}");
        pull
    }

    /// `pull` without the list of neighbours (items touched by many slots,
    /// and the check of the list in debug builds): walks the slot's items.
    fn pull_by_items(&self, s: usize) -> u32 {
        let mut pull = 0;
        for e in self.slot_sec.range(s) {
            let j = self.slot_sec[e] as usize;
            if self.colour[j] != 0 {
                continue;
            }
            for t in self.touch.range(j) {
                let t = self.touch[t].0 as usize;
                if t != s && self.is_uncovered(t) {
                    pull += self.ncol[t];
                }
            }
        }
        pull
    }

    /// The first option of slot `s` at local index `from` or later.
    fn next_bit(&self, s: usize, from: usize) -> Option<usize> {
        let words = self.slot_words(s);
        // A large domain may hold options of used-up pieces.
        let dead = &self.dead[self.slot_dead[s] as usize..][..words.len()];
        let mut w = from / 64;
        if w >= words.len() {
            return None;
        }
        let mut bits = words[w] & !dead[w] & (!0u64 << (from % 64));
        while bits == 0 {
            w += 1;
            if w == words.len() {
                return None;
            }
            bits = words[w] & !dead[w];
        }
        Some(w * 64 + bits.trailing_zeros() as usize)
    }

    /// The next option of the slot at `level` in its order: the local
    /// indices from `levels[level].first` up, then from 0 up to it (a rotation:
    /// increasing order when it is 0). At the root of a randomised run the
    /// rotation goes down instead: from `first` down, then from the last
    /// down to it. (The portfolio's complete member refutes the root's
    /// choices from the first up, and its members skip refuted choices:
    /// random runs that go down meet the refuted block from its far end,
    /// and search first the choices that the complete member reaches last.)
    /// The mirror order goes down at its first levels from the last option
    /// (`first` is the last local index), so it takes them last first.
    /// `first`: the first in that order, else the one after `levels[level].local`.
    fn next_in_order(&self, level: usize, first: bool) -> Option<usize> {
        let s = self.levels[level].slot as usize;
        let start = self.levels[level].first as usize;
        let last = (!first).then(|| self.levels[level].local as usize);
        if (level == 0 && self.order_rng.is_some()) || level < self.mirror {
            let n = self.options.row_len(s);
            let wrap = || self.prev_bit(s, n - 1).filter(|&k| k > start);
            return match last {
                None => self.prev_bit(s, start).or_else(wrap),
                Some(0) => wrap(),
                Some(last) if last <= start => self.prev_bit(s, last - 1).or_else(wrap),
                Some(last) => self.prev_bit(s, last - 1).filter(|&k| k > start),
            };
        }
        let wrap = || self.next_bit(s, 0).filter(|&k| k < start);
        match last {
            None => self.next_bit(s, start).or_else(wrap),
            Some(last) if last >= start => self.next_bit(s, last + 1).or_else(wrap),
            Some(last) => self.next_bit(s, last + 1).filter(|&k| k < start),
        }
    }

    /// The last option of slot `s` at local index `upto` or earlier.
    fn prev_bit(&self, s: usize, upto: usize) -> Option<usize> {
        let words = self.slot_words(s);
        let dead = &self.dead[self.slot_dead[s] as usize..][..words.len()];
        let mut w = upto / 64;
        let mut bits = words[w] & !dead[w] & (u64::MAX >> (63 - upto % 64));
        while bits == 0 {
            if w == 0 {
                return None;
            }
            w -= 1;
            bits = words[w] & !dead[w];
        }
        Some(w * 64 + 63 - bits.leading_zeros() as usize)
    }

    /// A3: takes the next option of the slot at `level` (the first, or the
    /// one after the last taken).
    fn try_next(&mut self, level: usize, first: bool) -> bool {
        let s = self.levels[level].slot as usize;
        let Some(k) = self.next_in_order(level, first) else { return false };
        self.levels[level].local = k as u32;
        self.levels[level].tried += 1;
        self.levels[level].mark = self.trail.len();
        self.choose(s, k);
        self.level = level + 1;
        true
    }

    /// Where the value order of slot `s` starts: 0 (increasing order), or
    /// after `randomise`, a random local index of its options.
    fn first_option(&mut self, s: usize) -> u32 {
        let Some(rng) = self.order_rng.as_mut() else { return 0 };
        // The same run for the same salt: one draw per slot entered.
        let z = rng.next_u64();
        let n = self.options.row_len(s) as u64;
        ((z >> 32).wrapping_mul(n) >> 32) as u32
    }

    #[cfg(debug_assertions)]
    fn sanity(&self) {
        // Arc consistency's queues are empty between moves, and so are
        // their flags.
        assert!(self.urgent.is_empty() && self.queue.is_empty(), "a queued slot left over");
        assert!(self.ac.iter().all(|a| !a.queued), "a queued flag left over");
        for s in 0..self.n_slots {
            let c: u32 = self.slot_words(s).iter().map(|w| w.count_ones()).sum();
            assert_eq!(c, self.cnt[s], "popcount of slot {s}");
            for (k, opt) in self.options.row(s).iter().enumerate() {
                let dead = self.dead[self.slot_dead[s] as usize + k / 64] >> (k % 64) & 1 == 1;
                let out = self.remaining[opt.piece as usize] == 0;
                assert_eq!(dead, out, "dead mask of option {k} of slot {s}");
            }
        }
    }
}

impl Backend for Assign {
    fn kind(&self) -> crate::engine::backends::BackendKind {
        crate::engine::backends::BackendKind::Assign
    }

    fn reset(&mut self) {
        self.undo_to(0);
        self.level = 0;
        self.base = 0;
    }

    fn can_randomise(&self) -> bool {
        true
    }

    /// Restarts: ties between equally constrained, equally pulling slots
    /// of equal eccentricity go by a random order, and each slot's options
    /// are tried from a random one on (wrapping round).
    fn randomise(&mut self, salt: u64) -> bool {
        self.order_rng = (salt != 0).then(|| Rng::new(salt));
        self.mirror = 0;
        self.rank = rank_slots(&self.ecc, salt);
        true
    }

    /// The own order (slots, and options from the first up below `levels`)
    /// with the options at the first `levels` levels taken last first.
    fn mirror(&mut self, levels: usize) -> bool {
        self.randomise(0);
        self.mirror = levels;
        true
    }

    /// MRV (A2) where the compact order was chosen.
    fn other_order(&mut self) -> bool {
        if !self.compact {
            return false;
        }
        self.compact = false;
        self.randomise(0)
    }

    fn ln_expected_solutions(&self) -> Option<f64> {
        Some(self.ln_expected)
    }

    /// At most [`SPLIT_MAX_SLOTS`] slots.
    fn splits_first_solution(&self) -> bool {
        self.n_slots <= SPLIT_MAX_SLOTS
    }

    fn replay(&mut self, path: &[Step]) -> bool {
        for step in path {
            let o = step.option as usize;
            let s = self.item_slot[step.item as usize];
            if s == NONE || self.opt_slot[o] != s {
                return false;
            }
            let (s, k) = (s as usize, self.opt_local[o] as usize);
            if self.slot_words(s)[k / 64] >> (k % 64) & 1 == 0 || !self.is_uncovered(s) {
                return false;
            }
            let level = self.level;
            self.levels[level].slot = s as u32;
            self.levels[level].tried = 1;
            self.levels[level].options = 1;
            self.levels[level].local = k as u32;
            self.levels[level].first = k as u32;
            self.levels[level].mark = self.trail.len();
            self.choose(s, k);
            self.level += 1;
        }
        self.base = self.level;
        true
    }

    fn depth(&self) -> usize {
        self.level
    }

    /// Resumable: after a `Break` the state is the node just entered (or
    /// the solution just reported), and the next run goes on from there.
    fn base(&self) -> usize {
        self.base
    }

    #[inline]
    fn node(&mut self) -> Node {
        if !self.unc.is_empty() {
            if self.balance.as_ref().is_some_and(|b| !b.feasible()) {
                Node::DeadEnd
            } else {
                Node::Inner
            }
        } else if self.remaining.iter().all(|&r| r == 0) {
            // Every slot has a piece; pieces balance when the puzzle is
            // consistent, but check: a piece may still need copies.
            Node::Solution
        } else {
            Node::DeadEnd
        }
    }

    /// A2, then A3 for the first option.
    #[inline]
    fn first_child(&mut self) -> bool {
        let picked = if self.compact { self.choose_compact() } else { self.choose_slot() };
        let Some(s) = picked else { return false };
        let level = self.level;
        self.levels[level].slot = s as u32;
        self.levels[level].tried = 0;
        self.levels[level].options = self.cnt[s];
        self.levels[level].first =
            if level < self.mirror { self.options.row_len(s) as u32 - 1 } else { self.first_option(s) };
        self.try_next(level, true)
    }

    /// A5, then A3 for the next option.
    #[inline]
    fn next_sibling(&mut self) -> bool {
        self.level -= 1;
        let level = self.level;
        self.undo_to(self.levels[level].mark);
        self.try_next(level, false)
    }

    fn step(&self, l: usize) -> Step {
        let s = self.levels[l].slot as usize;
        Step {
            item: self.slot_item[s],
            option: self.options[self.options.start(s) + self.levels[l].local as usize].option,
        }
    }

    fn branch(&self, level: usize) -> (u32, u32) {
        (self.levels[level].tried, self.levels[level].options)
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn check(&self) {
        #[cfg(debug_assertions)]
        if self.dom.total() < 4096 {
            self.sanity();
            if let Some(b) = &self.balance {
                b.sanity();
            }
        }
    }
}

/// Ranks slots by eccentricity (central slots first), then by index, or
/// with a non-zero `salt` in a random order among equal eccentricities.
/// Starting in the middle lets the filled region grow on all sides.
fn rank_slots(ecc: &[u32], salt: u64) -> Vec<u32> {
    let n = ecc.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    if salt == 0 {
        order.sort_by_key(|&s| (ecc[s as usize], s));
    } else {
        let mut rng = Rng::new(salt);
        rng.shuffle(&mut order);
        order.sort_by_key(|&s| ecc[s as usize]); // stable: shuffled ties
    }
    ranks_of(&order)
}

/// The rank of each slot in `order` (a permutation of the slots): its
/// position there.
fn ranks_of(order: &[u32]) -> Vec<u32> {
    let mut rank = vec![0u32; order.len()];
    for (r, &s) in order.iter().enumerate() {
        rank[s as usize] = r as u32;
    }
    rank
}
