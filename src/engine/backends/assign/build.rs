//! Building the assignment backend: A1's masks, the per-slot and per-piece
//! tables, and the slots' eccentricities (the tie-break order), from a
//! slot/piece problem (see the [parent module](super)).
//!
//! [`Assign::new`] goes in named steps: the options per slot in A3's order
//! ([`SlotTables`]), the colours of each option ([`option_colours`]), which
//! slots touch which secondary item ([`Touching`]), the colour masks
//! ([`ColourMasks`]) and each option's dense colour per touch entry
//! ([`option_colour_rows`]), the neighbours for the pull ([`neighbours`]),
//! the piece tables, and last the full domains ([`Assign::fill_domains`]).

use super::compact::{compact_order, sweep, FirstMoment};
use super::{rank_slots, Assign, Level, SecEntry, SlotAc, SlotOption, ANY, NO_COLOUR};
use crate::engine::backends::balance::Balance;
use crate::engine::backends::blocks::breadth_first;
use crate::engine::backends::blocks::{Jagged, SparseSet};
use crate::engine::backends::shape::SlotPieces;
use crate::engine::problem::{DenseColours, Problem};
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::tuning::MANY_SOLUTIONS;
use std::collections::{HashMap, VecDeque};

/// The most (slot, neighbour) pairs kept for the pull (32 MiB); tile
/// puzzles have two to four per slot.
const AROUND_MAX: usize = 1 << 22;

impl Assign {
    /// The backend for a slot/piece problem; `Err` when `halt` stops the
    /// build (checked per slot, per secondary item and every
    /// [`STRIDE`](crate::engine::search::halt::STRIDE) options).
    pub(crate) fn new(pb: &Problem, shape: &SlotPieces, halt: &Halt) -> Result<Self, Stopped> {
        let n_slots = shape.slot_item.len();
        // A1: options per slot, in the order A3 tries them.
        let colours = Colours::of(pb, halt)?;
        let moment = first_moment(pb, shape, &colours, halt)?;
        let rarest_first = rarity_order(pb, shape, &colours, moment.ln_solutions, halt)?;
        let per_slot = rarest_first.as_ref().unwrap_or(&shape.options);
        let slots = SlotTables::of(pb, shape, per_slot, halt)?;
        let dense = pb.dense_colours(halt)?;
        let sec = option_colours(pb, dense, halt)?;
        let touching = Touching::of(pb, per_slot, halt)?;
        let ecc = eccentricities(n_slots, &touching.slots, &touching.items, halt)?;
        let sweep = sweep(&ecc, &touching.slots, &touching.items, halt)?;
        let masks = ColourMasks::of(pb, per_slot, &touching, &slots.dom, dense, halt)?;
        let opt_col = option_colour_rows(pb, per_slot, &touching, dense, halt)?;
        let slot_sec: Jagged<u32> = {
            let mut rows = Jagged::new();
            touching.items.iter().for_each(|list| rows.push_row(list.iter().copied()));
            rows
        };
        let sec_entry = sec_entries(&slot_sec, &masks.touch, &dense.n_colours);
        let piece_words = piece_words(&slots, shape.copies.len(), halt)?;
        let around = neighbours(&touching, &slot_sec, halt)?;
        let layouts = Layouts::new(&slots.options, shape.copies.len(), halt)?;
        let depth = n_slots + 1;
        let n_words = slots.dom.total();
        let mut a = Assign {
            n_slots,
            slot_item: shape.slot_item.clone(),
            item_slot: shape.item_slot.clone(),
            options: slots.options,
            dom: slots.dom,
            word_slot: slots.word_slot,
            cnt: vec![0; n_slots],
            remaining: shape.copies.clone(),
            piece_words,
            dead: vec![0; layouts.words],
            slot_dead: layouts.slot_dead,
            piece_dead: layouts.piece_words,
            colour: vec![0; pb.secondary_count()],
            touch: masks.touch,
            cmask: masks.cmask,
            opt_slot: slots.opt_slot,
            opt_local: slots.opt_local,
            sec,
            slot_sec,
            sec_entry,
            around,
            opt_col,
            urgent: Vec::with_capacity(n_slots),
            queue: VecDeque::with_capacity(n_slots),
            ac: vec![SlotAc { queued: false, via: ANY, cnt0: 0 }; n_slots],
            cause: ANY,
            ncol: vec![0; n_slots],
            rank: rank_slots(&ecc, 0),
            ecc,
            order_rng: None,
            mirror: 0,
            ln_expected: moment.ln_solutions,
            compact: compact_order(n_slots, &moment),
            sweep,
            unc: SparseSet::full(n_slots),
            trail: Vec::with_capacity(n_words + 4 * depth + 16),
            levels: vec![Level::default(); depth],
            level: 0,
            base: 0,
            updates: 0,
            balance: Balance::new(pb, shape, halt)?,
        };
        a.fill_domains();
        Ok(a)
    }

    /// The root's domains: every option, less those of pieces with no
    /// copies (dead from the start); and the root's popcounts.
    fn fill_domains(&mut self) {
        for p in 0..self.remaining.len() {
            if self.remaining[p] == 0 {
                for e in self.piece_dead.range(p) {
                    let (w, m) = self.piece_dead[e];
                    self.dead[w as usize] |= m;
                }
            }
        }
        for s in 0..self.n_slots {
            let first = self.dom.start(s);
            for (k, opt) in self.options.row(s).iter().enumerate() {
                if self.remaining[opt.piece as usize] > 0 {
                    self.dom[first + k / 64] |= 1 << (k % 64);
                }
            }
            self.cnt[s] = self.slot_words(s).iter().map(|w| w.count_ones()).sum();
        }
        for (ac, &c) in self.ac.iter_mut().zip(&self.cnt) {
            ac.cnt0 = c;
        }
    }

    /// Whether the assignment backend built for this problem would take the
    /// compact order (`compact::compact_order`), without building it: the
    /// first moment alone. `Err` when `halt` stops it.
    pub(crate) fn takes_compact_order(pb: &Problem, shape: &SlotPieces, halt: &Halt) -> Result<bool, Stopped> {
        if shape.options.len() < crate::engine::tuning::COMPACT_MIN_SLOTS {
            return Ok(false);
        }
        let moment = first_moment(pb, shape, &Colours::of(pb, halt)?, halt)?;
        Ok(compact_order(shape.options.len(), &moment))
    }
}

/// The per-slot tables of the options in A3's order, and where each
/// option stands.
struct SlotTables {
    /// Per slot: its options with their pieces.
    options: Jagged<SlotOption>,
    /// Per slot: its domain words (all zero here), one bit per option.
    dom: Jagged<u64>,
    /// Per domain word: its slot.
    word_slot: Vec<u32>,
    /// Per option: its slot.
    opt_slot: Vec<u32>,
    /// Per option: its local index in its slot.
    opt_local: Vec<u32>,
}

impl SlotTables {
    fn of(pb: &Problem, shape: &SlotPieces, per_slot: &[Vec<u32>], halt: &Halt) -> Result<Self, Stopped> {
        let mut options = Jagged::new();
        let mut opt_slot = vec![0u32; pb.option_count()];
        let mut opt_local = vec![0u32; pb.option_count()];
        for (s, opts) in per_slot.iter().enumerate() {
            halt.check()?;
            for (k, &o) in opts.iter().enumerate() {
                options.push(SlotOption { option: o, piece: shape.piece_of(pb, o as usize) });
                opt_slot[o as usize] = s as u32;
                opt_local[o as usize] = k as u32;
            }
            options.end_row();
        }
        let dom = Jagged::filled(per_slot.len(), 0u64, |s| per_slot[s].len().div_ceil(64));
        let mut word_slot = vec![0u32; dom.total()];
        for s in 0..dom.rows() {
            dom.range(s).for_each(|w| word_slot[w] = s as u32);
        }
        Ok(SlotTables { options, dom, word_slot, opt_slot, opt_local })
    }
}

/// Per option: its secondary items as (item, colour, dense colour).
fn option_colours(pb: &Problem, dense: &DenseColours, halt: &Halt) -> Result<Jagged<(u32, u32, u32)>, Stopped> {
    let mut sec = Jagged::new();
    let ex = pb.explicit(halt)?;
    // Laid out once: grown by doubling it was copied a dozen times (a
    // turning 5x5 board: 100 KB, 200 KB allocated on the way).
    let primaries: usize = ex.opt_primaries.iter().map(|&n| n as usize).sum();
    sec.reserve(pb.option_count(), ex.node_item.len() - primaries);
    for o in 0..pb.option_count() {
        halt.every(o)?;
        for (k, j) in pb.secondary_nodes(o) {
            sec.push((j, ex.node_colour[k], dense.node[k]));
        }
        sec.end_row();
    }
    Ok(sec)
}

/// Which slots touch which secondary items, both ways (slots in
/// increasing order per item, items in increasing order per slot).
struct Touching {
    /// Per secondary item: the slots touching it.
    slots: Vec<Vec<u32>>,
    /// Per slot: the secondary items it touches.
    items: Vec<Vec<u32>>,
}

impl Touching {
    fn of(pb: &Problem, per_slot: &[Vec<u32>], halt: &Halt) -> Result<Self, Stopped> {
        let mut slots: Vec<Vec<u32>> = vec![Vec::new(); pb.secondary_count()];
        // One buffer for every slot's items.
        let mut js: Vec<u32> = Vec::new();
        for (s, opts) in per_slot.iter().enumerate() {
            halt.check()?;
            js.clear();
            js.extend(opts.iter().flat_map(|&o| pb.secondaries(o as usize).map(|(j, _)| j.0)));
            js.sort_unstable();
            js.dedup();
            for &j in &js {
                slots[j as usize].push(s as u32);
            }
        }
        let mut items: Vec<Vec<u32>> = vec![Vec::new(); per_slot.len()];
        for (j, list) in slots.iter().enumerate() {
            for &t in list {
                items[t as usize].push(j as u32);
            }
        }
        Ok(Touching { slots, items })
    }
}

/// A1's colour masks and the touch entries that locate them.
struct ColourMasks {
    /// Per secondary item: (slot, base of its block in `cmask`).
    touch: Jagged<(u32, u32)>,
    /// The blocks: per touch entry, per dense colour, the slot's words.
    cmask: Vec<u64>,
}

impl ColourMasks {
    fn of(
        pb: &Problem,
        per_slot: &[Vec<u32>],
        touching: &Touching,
        dom: &Jagged<u64>,
        dense: &DenseColours,
        halt: &Halt,
    ) -> Result<Self, Stopped> {
        let mut touch = Jagged::new();
        let mut cmask: Vec<u64> = Vec::new();
        for (j, slots) in touching.slots.iter().enumerate() {
            halt.check()?;
            for &s in slots {
                let base = cmask.len() as u32;
                let words = dom.row_len(s as usize);
                let nc = dense.n_colours[j] as usize;
                cmask.resize(cmask.len() + nc * words, 0);
                // An option agrees with its own colour on `j`, or with
                // every colour when it does not touch `j` (a pass per
                // option, not per option and colour: 28x28 boards have
                // 784 options per slot and 84 colours).
                for (k, &o) in per_slot[s as usize].iter().enumerate() {
                    let (w, bit) = (base as usize + k / 64, 1u64 << (k % 64));
                    match dense.of(pb, o as usize, j as u32) {
                        Some(oc) => cmask[w + oc as usize * words] |= bit,
                        None => (0..nc).for_each(|c| cmask[w + c * words] |= bit),
                    }
                }
                touch.push((s, base));
            }
            touch.end_row();
        }
        Ok(ColourMasks { touch, cmask })
    }
}

/// Per touch entry (in the order of `touching`): the dense colour of each
/// of the slot's options on the item, `NO_COLOUR` where it does not touch it.
fn option_colour_rows(
    pb: &Problem,
    per_slot: &[Vec<u32>],
    touching: &Touching,
    dense: &DenseColours,
    halt: &Halt,
) -> Result<Jagged<u16>, Stopped> {
    let mut opt_col = Jagged::new();
    for (j, slots) in touching.slots.iter().enumerate() {
        halt.check()?;
        for &t in slots {
            opt_col.push_row(per_slot[t as usize].iter().map(|&o| {
                let c = dense.of(pb, o as usize, j as u32);
                c.map_or(NO_COLOUR, |c| c.min(u32::from(NO_COLOUR) - 1) as u16)
            }));
        }
    }
    Ok(opt_col)
}

/// Beside each entry (slot `s`, item `j`) of `slot_sec`: `j`, the place
/// of the touch entry of `s` on `j`, and the colours of `j` (what
/// `propagate` reads per item, in one entry).
fn sec_entries(slot_sec: &Jagged<u32>, touch: &Jagged<(u32, u32)>, n_colours: &[u32]) -> Vec<SecEntry> {
    let mut entries = Vec::with_capacity(slot_sec.total());
    for s in 0..slot_sec.rows() {
        for e in slot_sec.range(s) {
            let j = slot_sec[e] as usize;
            let place = touch.range(j).find(|&t| touch[t].0 == s as u32).unwrap() as u32;
            entries.push(SecEntry { item: j as u32, touch: place, colours: n_colours[j] });
        }
    }
    entries
}

/// Per piece: the (word, slot, mask) triples of the domain words holding
/// its options (the slot of the word beside it: one load less when the
/// piece runs out).
fn piece_words(slots: &SlotTables, n_pieces: usize, halt: &Halt) -> Result<Jagged<(u32, u32, u64)>, Stopped> {
    let mut by_piece = PieceWords::new(n_pieces);
    for s in 0..slots.options.rows() {
        halt.check()?;
        by_piece.add(slots.dom.start(s) as u32, slots.options.row(s).iter().map(|o| o.piece));
    }
    let flat = by_piece.flatten();
    let mut out = Jagged::new();
    for row in flat.iter() {
        out.push_row(row.iter().map(|&(w, m)| (w, slots.word_slot[w as usize], m)));
    }
    Ok(out)
}

/// Each slot's neighbours for the pull, as (item, other slot), unless
/// items touched by many slots would make the table quadratic (then it is
/// empty and `pull` walks the items).
fn neighbours(touching: &Touching, slot_sec: &Jagged<u32>, halt: &Halt) -> Result<Jagged<(u32, u32)>, Stopped> {
    let pairs: usize = touching.slots.iter().map(|t| t.len() * t.len().saturating_sub(1)).sum();
    let mut around = Jagged::new();
    if pairs <= AROUND_MAX {
        for s in 0..slot_sec.rows() {
            halt.check()?;
            for &j in slot_sec.row(s) {
                let others = touching.slots[j as usize].iter().filter(|&&t| t != s as u32);
                others.for_each(|&t| around.push((j, t)));
            }
            around.end_row();
        }
    }
    Ok(around)
}

/// Each slot's eccentricity in the graph where two slots are adjacent when
/// they touch a common secondary item. `Err` when `halt` stops it (checked
/// once per slot, each a breadth-first search of the whole graph).
fn eccentricities(n: usize, touching: &[Vec<u32>], slot_secs: &[Vec<u32>], halt: &Halt) -> Result<Vec<u32>, Stopped> {
    let mut ecc = vec![0u32; n];
    let mut dist = vec![u32::MAX; n];
    let mut queue = Vec::with_capacity(n);
    // Exact BFS from every slot is quadratic; boards are at most a few
    // thousand slots, so cap the work and fall back to index order.
    if n <= 4096 {
        for (s, e) in ecc.iter_mut().enumerate() {
            halt.check()?;
            breadth_first(s, |j| &touching[j as usize], |u| &slot_secs[u], &mut dist, &mut queue);
            *e = dist.iter().copied().filter(|&d| d != u32::MAX).max().unwrap_or(0);
        }
    }
    Ok(ecc)
}

/// The slots' option layouts (the sequence of pieces of their options),
/// each stored once, with the words of each piece's options in each: the
/// frame of [`Assign::dead`]. Tetravex without turning has one layout
/// (every cell takes every tile in the same order); an Eternity II-style
/// board one per corner, one per side and one inside.
struct Layouts {
    /// Words of all layouts together.
    words: usize,
    /// Per slot: where its layout's words start.
    slot_dead: Vec<u32>,
    /// Per piece: the (word, mask) pairs of its options in every layout.
    piece_words: Jagged<(u32, u64)>,
}

impl Layouts {
    fn new(options: &Jagged<SlotOption>, n_pieces: usize, halt: &Halt) -> Result<Self, Stopped> {
        let mut start: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut words = 0usize;
        let mut slot_dead = Vec::with_capacity(options.rows());
        let mut by_piece = PieceWords::new(n_pieces);
        for row in options.iter() {
            halt.check()?;
            let layout: Vec<u32> = row.iter().map(|o| o.piece).collect();
            let base = *start.entry(layout).or_insert_with_key(|layout| {
                let base = words as u32;
                by_piece.add(base, layout.iter().copied());
                words += layout.len().div_ceil(64);
                base
            });
            slot_dead.push(base);
        }
        Ok(Layouts { words, slot_dead, piece_words: by_piece.flatten() })
    }
}

/// Per piece, the (word, mask) pairs of its options in bit sets laid out
/// one after the other: a slot's domain words, or the layouts of `dead`.
struct PieceWords(Vec<Vec<(u32, u64)>>);

impl PieceWords {
    fn new(n_pieces: usize) -> Self {
        PieceWords(vec![Vec::new(); n_pieces])
    }

    /// A bit set from word `first` on whose option `k` is of the `k`-th
    /// piece of `pieces`.
    fn add(&mut self, first: u32, pieces: impl Iterator<Item = u32>) {
        for (k, piece) in pieces.enumerate() {
            let (word, bit) = (first + (k / 64) as u32, 1u64 << (k % 64));
            match self.0[piece as usize].last_mut() {
                Some((w, m)) if *w == word => *m |= bit,
                _ => self.0[piece as usize].push((word, bit)),
            }
        }
    }

    /// The pairs, row `p` for piece `p`.
    fn flatten(self) -> Jagged<(u32, u64)> {
        let mut pairs = Jagged::new();
        self.0.into_iter().for_each(|list| pairs.push_row(list));
        pairs
    }
}

/// A3's value order: each slot's options in increasing order (`None`), or,
/// where the problem is expected to have more than [`MANY_SOLUTIONS`]
/// solutions (`ln_expected`, see [`first_moment`]), the options whose colours
/// are rarest first. An option's rarity is the sum, over its coloured secondary
/// items, of the logarithm of how many option nodes in the whole problem
/// carry that colour; ties keep increasing order, so the turns of one
/// piece stay together and slots with the same pieces keep sharing a
/// dead-mask layout.
///
/// Why: among many solutions, a tile with rare colours placed late finds
/// no partner for them, so it is placed while the board is still open. On
/// Eternity II-style 10x10 boards with 4 frame and 6 inner colours (about
/// 10^30 solutions by the first moment) the search in this order found a
/// solution within 3 M nodes on 22 of 25 boards, against 10 in increasing
/// order. Where the planted solution is about the only one (Tetravex with
/// 10 labels, Eternity II-style boards with many colours) it made the
/// trees larger, hence the condition.
fn rarity_order(
    pb: &Problem,
    shape: &SlotPieces,
    colours: &Colours,
    ln_expected: f64,
    halt: &Halt,
) -> Result<Option<Vec<Vec<u32>>>, Stopped> {
    if ln_expected <= MANY_SOLUTIONS.ln() {
        return Ok(None);
    }
    let mut order = shape.options.clone();
    let mut uses = vec![0u32; colours.len()];
    for o in 0..pb.option_count() {
        halt.every(o)?;
        for (_, c) in pb.secondaries(o) {
            uses[colours.id(c)] += 1;
        }
    }
    let ln_uses: Vec<f64> = uses.iter().map(|&n| f64::from(n.max(1)).ln()).collect();
    let rarity = |o: u32| -> f64 { pb.secondaries(o as usize).map(|(_, c)| ln_uses[colours.id(c)]).sum() };
    for opts in &mut order {
        halt.check()?;
        let mut keyed: Vec<(f64, u32)> = opts.iter().map(|&o| (rarity(o), o)).collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        opts.iter_mut().zip(&keyed).for_each(|(o, &(_, k))| *o = k);
    }
    Ok(Some(order))
}

/// The distinct colours of a problem, numbered from 0 in increasing order.
/// Colours below [`DENSE_COLOURS`] are found and numbered through a table
/// indexed by the colour (one pass over the option nodes; a 32x32 board
/// has four million), larger ones by a binary search of the few seen. The
/// table reaches only to the largest such colour: a board of a few labels
/// writes a few hundred bytes, where a table of every colour below the
/// bound was 320 KB to write and walk (80 fresh pages at each build of
/// the backend, a tenth of a small turning board's run).
struct Colours {
    seen: Vec<u32>,
    /// Per colour value below `DENSE_COLOURS` up to the largest the
    /// problem uses: its number, or `u32::MAX`.
    number: Vec<u32>,
}

/// See [`Colours`].
const DENSE_COLOURS: usize = 1 << 16;

impl Colours {
    fn of(pb: &Problem, halt: &Halt) -> Result<Self, Stopped> {
        let nodes = &pb.ex().node_colour;
        let span = nodes.iter().copied().filter(|&c| (c as usize) < DENSE_COLOURS).max().map_or(0, |c| c as usize + 1);
        let mut present = vec![false; span];
        let mut seen: Vec<u32> = Vec::new();
        for (k, &c) in nodes.iter().enumerate() {
            halt.every(k)?;
            match present.get_mut(c as usize) {
                Some(p) => *p = true,
                // Insert the few new large colours in order.
                None => {
                    if let Err(at) = seen.binary_search(&c) {
                        seen.insert(at, c);
                    }
                }
            }
        }
        let small: Vec<u32> = (0..span as u32).filter(|&c| present[c as usize]).collect();
        seen.splice(0..0, small);
        let mut number = vec![u32::MAX; span];
        for (i, &c) in seen.iter().enumerate() {
            if let Some(n) = number.get_mut(c as usize) {
                *n = i as u32;
            }
        }
        Ok(Colours { seen, number })
    }

    fn len(&self) -> usize {
        self.seen.len()
    }

    fn id(&self, c: u32) -> usize {
        match self.number.get(c as usize) {
            Some(&n) => n as usize,
            None => self.seen.binary_search(&c).expect("a colour of the problem"),
        }
    }
}

/// The first moment of the number of solutions: the ways to give every
/// slot a piece and an option, times the chance that every join between
/// two slots gets one colour from both.
///
/// * Arrangements: Bregman's bound on the permanent of the slot/piece
///   matrix, `prod_s (r_s!)^(1/r_s)` where slot `s` can take `r_s`
///   pieces (exact when the slots fall into classes that take the same
///   pieces: corners, sides, inside), times each slot's options per piece
///   (the turns of a tile).
/// * Joins: for a secondary item touched by exactly two slots, the chance
///   that an option of each, drawn uniformly, agree on its colour.
///
/// For example, Tetravex 9x9 with 10 labels: ln(81!) - 144 ln 10, about
/// 10^-23 solutions; with the tiles turning, 4^81 times more, 10^25.
///
/// With it, the options a slot is expected to keep when two of its joins
/// are coloured (a *two-sided* slot: the cell below and right of placed
/// tiles): the geometric mean of the slots' options times the square of
/// the geometric mean of the joins' chances to agree. Tetravex `n x n`
/// with `L` labels: `n^2 / L^2` (0.81 at 9x9 with 10 labels, 0.11 at 24x24
/// with 72); Eternity II-style 10x10 with 6 inner labels: about 7.
fn first_moment(pb: &Problem, shape: &SlotPieces, colours: &Colours, halt: &Halt) -> Result<FirstMoment, Stopped> {
    let k = colours.len();
    let mut ln = 0.0;
    let (mut ln_options, mut slots) = (0.0, 0usize);
    // Per secondary item: the colour histograms of the slots touching it.
    let mut sides: Vec<Vec<Vec<f64>>> = vec![Vec::new(); pb.secondary_count()];
    for opts in &shape.options {
        halt.check()?;
        let mut pieces: Vec<u32> = opts.iter().map(|&o| shape.piece_of(pb, o as usize)).collect();
        pieces.sort_unstable();
        pieces.dedup();
        let r = pieces.len();
        if r == 0 {
            continue;
        }
        let ln_fact: f64 = (2..=r).map(|n| (n as f64).ln()).sum();
        ln += ln_fact / r as f64 + (opts.len() as f64 / r as f64).ln();
        ln_options += (opts.len() as f64).ln();
        slots += 1;
        // The slot's items (a handful) and their histograms.
        let mut items: Vec<usize> = Vec::new();
        let mut hist: Vec<f64> = Vec::new();
        for &o in opts {
            for (j, c) in pb.secondaries(o as usize) {
                let at = items.iter().position(|&i| i == j.index()).unwrap_or_else(|| {
                    items.push(j.index());
                    hist.resize(hist.len() + k, 0.0);
                    items.len() - 1
                });
                hist[at * k + colours.id(c)] += 1.0;
            }
        }
        for (at, &j) in items.iter().enumerate() {
            sides[j].push(hist[at * k..(at + 1) * k].to_vec());
        }
    }
    let (mut ln_agree, mut joins) = (0.0, 0usize);
    for two in &sides {
        if let [a, b] = &two[..] {
            let (na, nb): (f64, f64) = (a.iter().sum(), b.iter().sum());
            let agree: f64 = a.iter().zip(b).map(|(x, y)| x * y).sum();
            let ln_join = (agree / (na * nb)).max(f64::MIN_POSITIVE).ln();
            ln += ln_join;
            ln_agree += ln_join;
            joins += 1;
        }
    }
    let ln_two_sided = match (slots, joins) {
        (0, _) | (_, 0) => f64::INFINITY,
        _ => ln_options / slots as f64 + 2.0 * ln_agree / joins as f64,
    };
    Ok(FirstMoment { ln_solutions: ln, ln_two_sided })
}

#[cfg(test)]
mod tests {
    use super::first_moment;
    use crate::engine::backends::shape::SlotPieces;
    use crate::engine::problem::ProblemBuilder;
    use crate::engine::search::halt::Halt;
    use crate::engine::tests::tetravex;

    fn ln_expected(rows: usize, cols: usize, tiles: &[[u32; 4]]) -> f64 {
        let problem = tetravex(rows, cols, tiles).build();
        let shape = SlotPieces::of(&problem, &Halt::NEVER).unwrap().unwrap();
        first_moment(&problem, &shape, &super::Colours::of(&problem, &Halt::NEVER).unwrap(), &Halt::NEVER)
            .unwrap()
            .ln_solutions
    }

    #[test]
    fn colours_are_numbered_in_increasing_order_small_and_large() {
        // The table reaches colour 7 only; the two above its bound are
        // found by the binary search, after every small one.
        let mut b = ProblemBuilder::new();
        let x = b.secondary();
        for colour in [7, 3, 70_000, 3, 100_000] {
            let p = b.primary(1);
            b.option(&[p], &[(x, colour)]);
        }
        let problem = b.build().unwrap();
        let colours = super::Colours::of(&problem, &Halt::NEVER).unwrap();
        assert_eq!(colours.number.len(), 8, "the table ends at the largest small colour");
        assert_eq!(colours.len(), 5);
        // Colour 0: the primaries' nodes, which have none.
        for (id, colour) in [0, 3, 7, 70_000, 100_000].into_iter().enumerate() {
            assert_eq!(colours.id(colour), id, "colour {colour}");
        }
    }

    #[test]
    fn the_first_moment_of_small_boards() {
        // Two cells in a row, two tiles: 2 arrangements. Tiles whose east
        // and west labels are 1, 2 and 1, 2: half the pairs agree, so 1
        // expected solution (none is real: the first moment is an average).
        let e = ln_expected(1, 2, &[[1, 1, 1, 1], [1, 2, 1, 2]]);
        assert!(e.abs() < 1e-9, "{e}");
        // Every label 1: both arrangements are solutions.
        let e = ln_expected(1, 2, &[[1, 1, 1, 1]; 2]);
        assert!((e - 2f64.ln()).abs() < 1e-9, "{e}");
        // A 2x2 board of four distinct tiles with labels 1 and 2, each
        // side uniform over both: 4! arrangements, 4 joins each agreeing
        // with chance 1/2: 24 / 16.
        let tiles = [[1, 1, 2, 2], [2, 2, 1, 1], [1, 2, 2, 1], [2, 1, 1, 2]];
        let e = ln_expected(2, 2, &tiles);
        assert!((e - (24.0f64 / 16.0).ln()).abs() < 1e-9, "{e}");
    }
}
