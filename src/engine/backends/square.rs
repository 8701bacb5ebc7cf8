//! The square order: a fixed slot order for the [row scan](super::rowscan)
//! on big boards whose joins nearly determine their pieces (issue 33).
//!
//! The row scan fills its slots in a fixed order and finds each slot's
//! candidates by one lookup keyed by the colours of its *back* items, the
//! joins it shares with slots filled before it. Filled in reading order a
//! big board wanders: every cell of the first row has one placed
//! neighbour, and a wrong tile there is refuted only rows later (Tetravex
//! 28x28 with 84 labels: over 10^9 nodes). The plain corner-square scan
//! (`square-scan` in `bench/baselines`) grows a square from a corner
//! instead, a column then a row, so that every cell but the first of each
//! new column and row meets two placed neighbours; where a cell with two
//! coloured joins keeps about one candidate it runs almost straight
//! through (Tetravex 28x28 with 112 labels: 36,662 to 314,972
//! placements).
//!
//! The engine knows nothing of boards, only the graph in which two slots
//! are adjacent when they share a secondary item. The same order comes
//! from that graph alone, by the rule of the assignment backend's compact
//! order (`assign/compact.rs`) applied once, before the search:
//!
//! * **Q1** (start): a peripheral slot, found by three sweeps: `u` is the
//!   slot farthest from slot 0, the start the slot farthest from `u`
//!   (the lowest index among equals, each time). On a grid numbered in
//!   reading order, `u` is the far corner and the start the first cell.
//! * **Q2** (grow): next comes the slot with the most *coloured* items
//!   (items a slot already in the order touches): a slot in a corner of
//!   the region before one beside a side of it.
//! * **Q3** (ties): the slot nearest the start, then the lowest index.
//!   Slots that nothing placed touches (another component) come by
//!   distance, then index, when the region has no neighbour left.
//!
//! * **Q5** (a declared board): where the problem declares its slots the
//!   cells of a board in reading order
//!   ([`ProblemBuilder::declare_grid`](crate::engine::ProblemBuilder::declare_grid),
//!   as the tile puzzles do) and the claim holds (checked in one pass
//!   over the cells, which also writes down the slots of each join), Q1
//!   to Q3's order is known and written down instead of grown: the same
//!   order (tested on every board up to 12x12, and checked against the
//!   grown one in debug builds), without the sweeps and the heap (on a
//!   16x16 board 0.28 M instructions of its 2.2 M).
//!
//! Example, a 3x3 grid numbered in reading order. Q1: the farthest from 0
//! is 8, the farthest from 8 is 0. Q2 and Q3 then give 0; 1 (one coloured
//! item, distance 1, before 3 by index); 3 (one item, distance 1, where 4
//! and 2 are at distance 2); 4 (two items); 2 (one item, distance 2, index
//! before 6); 5 (two); 6 (one); 7, 8 (two each): the square scan's order
//! `0 | 1 3 4 | 2 5 6 7 8`, a column then a row.
//!
//! * **Q4** (where): a search for a first solution on a problem of at
//!   least [`COMPACT_MIN_SLOTS`] slots where a slot whose two items are
//!   coloured is expected to keep at most [`COMPACT_TWO_SIDED`] options
//!   (the mean over the slots of the log of their options, plus twice the
//!   mean over the joins of two slots of the log of the chance that an
//!   option of each agrees: the first moment of `assign/build.rs`, worked
//!   out here from the dense colours, by one colour histogram per item of
//!   each class of slots, [`UniformSlots::classes`], not one per slot). The
//!   small hard boards of the bench's `tail` family (at most 100 slots)
//!   keep the assignment backend, whose arc consistency wins there by
//!   orders of magnitude.

use super::blocks::{breadth_first, fill_cursors};
use super::shape::UniformSlots;
use crate::engine::fasthash::FastMap;
use crate::engine::problem::{DenseColours, Problem};
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::tuning::{COMPACT_MIN_SLOTS, COMPACT_TWO_SIDED};
use std::collections::hash_map::Entry;
use std::collections::BinaryHeap;

/// The slots touching each secondary item, in compressed rows:
/// `slot[off[j]..off[j + 1]]` for item `j`, and at the same index the
/// item's place among that slot's items (`place`); the board they are
/// the joins of, when the problem declares one and it holds
/// ([`Touching::of_grid`]).
pub(crate) struct Touching {
    off: Vec<u32>,
    slot: Vec<u32>,
    place: Vec<u32>,
    grid: Option<(usize, usize)>,
}

impl Touching {
    pub(crate) fn of(uniform: &UniformSlots, n_items: usize) -> Touching {
        let mut off = fill_cursors(n_items, uniform.items.iter().flatten().copied());
        let mut slot = vec![0u32; off[n_items + 1] as usize];
        let mut place = vec![0u32; off[n_items + 1] as usize];
        for (s, items) in uniform.items.iter().enumerate() {
            for (i, &j) in items.iter().enumerate() {
                let at = &mut off[j as usize + 1];
                slot[*at as usize] = s as u32;
                place[*at as usize] = i as u32;
                *at += 1;
            }
        }
        off.pop();
        Touching { off, slot, place, grid: None }
    }

    /// [`Touching::of`] the joins of the board `pb` declares
    /// ([`ProblemBuilder::declare_grid`](crate::engine::ProblemBuilder::declare_grid)),
    /// if the claim holds for its slots: slot `s` is primary item `s`,
    /// cell `s` in reading order, whose items are its joins, right, down,
    /// left, up (those it has, or all four with outer joins, an outer one
    /// named by its cell alone), each join the same item in its two cells
    /// and no item anything else. Checked and written down in one pass
    /// over the cells (the same rows as gathered: the two cells of a join
    /// in increasing order; on a 16x16 board a tenth of the gathering's
    /// instructions).
    fn of_grid(pb: &Problem, uniform: &UniformSlots) -> Option<Touching> {
        let (rows, cols) = pb.declared_grid().filter(|&(r, c)| r > 0 && c > 0)?;
        let n = rows.checked_mul(cols)?;
        let joins = (n - rows).checked_add(n - cols)?;
        if uniform.items.rows() != n {
            return None;
        }
        // With outer joins every cell names four items, its border sides'
        // its own, numbered after the joins; without, the first cell names
        // at most two.
        let outer = uniform.items.row(0).len() == 4;
        let n_outer = if outer { 2 * (rows + cols) } else { 0 };
        if pb.secondary_count() != joins + n_outer {
            return None;
        }
        let (mut slot, mut place) = (vec![u32::MAX; 2 * joins + n_outer], vec![0u32; 2 * joins + n_outer]);
        for r in 0..rows {
            for c in 0..cols {
                let s = r * cols + c;
                let own = uniform.items.row(s);
                let sides = [c + 1 < cols, r + 1 < rows, c > 0, r > 0];
                let has = if outer { 4 } else { sides.iter().filter(|&&b| b).count() };
                if uniform.slots.slot_item[s] as usize != s || own.len() != has {
                    return None;
                }
                let [right, down, left, _] = sides;
                // Its right and down joins, at their places in the cell and
                // in the neighbour (whose own right, down and left come
                // first; all four places with outer joins).
                let (right_join, down_join) = match outer {
                    true => (right.then_some((s + 1, 0, 2)), down.then_some((s + cols, 1, 3))),
                    false => {
                        let beside = usize::from(c + 2 < cols) + usize::from(down);
                        let below = usize::from(right) + usize::from(r + 2 < rows) + usize::from(left);
                        (right.then_some((s + 1, 0, beside)), down.then_some((s + cols, usize::from(right), below)))
                    }
                };
                for (next, a, b) in [right_join, down_join].into_iter().flatten() {
                    let j = own[a] as usize;
                    if j >= joins || slot[2 * j] != u32::MAX || uniform.items.row(next).get(b) != Some(&own[a]) {
                        return None;
                    }
                    (slot[2 * j], slot[2 * j + 1]) = (s as u32, next as u32);
                    (place[2 * j], place[2 * j + 1]) = (a as u32, b as u32);
                }
                // Its outer joins: each its own.
                for side in (0..4).filter(|&d| outer && !sides[d]) {
                    let at = (own[side] as usize).checked_sub(joins).filter(|&k| k < n_outer)? + 2 * joins;
                    if slot[at] != u32::MAX {
                        return None;
                    }
                    (slot[at], place[at]) = (s as u32, side as u32);
                }
            }
        }
        let off = (0..=joins as u32).map(|j| 2 * j).chain((1..=n_outer as u32).map(|k| 2 * joins as u32 + k)).collect();
        Some(Touching { off, slot, place, grid: Some((rows, cols)) })
    }

    fn places_of_item(&self, j: u32) -> &[u32] {
        &self.place[self.off[j as usize] as usize..self.off[j as usize + 1] as usize]
    }

    fn of_item(&self, j: u32) -> &[u32] {
        &self.slot[self.off[j as usize] as usize..self.off[j as usize + 1] as usize]
    }

    /// Each slot's distance from `from` (`u32::MAX`: unreached), by a
    /// breadth-first search.
    fn distances(&self, uniform: &UniformSlots, from: usize) -> Vec<u32> {
        let mut dist = vec![u32::MAX; uniform.items.rows()];
        breadth_first(from, |j| self.of_item(j), |s| uniform.items.row(s), &mut dist, &mut Vec::new());
        dist
    }
}

/// The board `pb` declares, as (rows, columns), where the claim holds
/// for its slots ([`Touching::of_grid`]): for the puzzles' tests, which
/// check that every tile encoding's claim holds.
#[cfg(test)]
pub(crate) fn declared_board(pb: &Problem, uniform: &UniformSlots) -> Option<(usize, usize)> {
    Touching::of_grid(pb, uniform).and_then(|t| t.grid)
}

/// Q1-Q3 on a `rows x cols` board numbered in reading order, written
/// down: the first cell; then, for k = 1, 2, ... while the square grows,
/// column k down to row k - 1 and row k from column 0 to column k; then
/// the columns (or rows) left beyond the square, each from its first
/// cell. (Q1 starts at cell 0; on the square each new column's top cell
/// has one coloured item and is nearest the start, the cells below it
/// two; then the new row's first cell, and the rest of the row with two
/// each. `grid_order_is_the_grown_one` checks it against Q1-Q3.)
fn grid_order(rows: usize, cols: usize) -> Vec<u32> {
    let cell = |r: usize, c: usize| (r * cols + c) as u32;
    let mut order = Vec::with_capacity(rows * cols);
    order.push(0);
    let m = rows.min(cols);
    for k in 1..m {
        order.extend((0..k).map(|r| cell(r, k)));
        order.extend((0..=k).map(|c| cell(k, c)));
    }
    for k in m..cols {
        order.extend((0..rows).map(|r| cell(r, k)));
    }
    for k in m..rows {
        order.extend((0..cols).map(|c| cell(k, c)));
    }
    order
}

/// The lowest-index slot farthest from `from` (within its component).
fn farthest(dist: &[u32]) -> usize {
    let far = dist.iter().copied().filter(|&d| d != u32::MAX).max().unwrap_or(0);
    dist.iter().position(|&d| d == far).unwrap_or(0)
}

/// Q1-Q3: the slots in the square order (position -> slot). `Err` when
/// `halt` stops it (checked per sweep and every
/// [`STRIDE`](crate::engine::search::halt::STRIDE) slots placed). The
/// trial of a small board (`choose::trial_rows`) calls this; a big board's
/// choice calls [`square_order_over`] with the [`Touching`] that Q4 made.
pub(crate) fn square_order(pb: &Problem, uniform: &UniformSlots, halt: &Halt) -> Result<Vec<u32>, Stopped> {
    let n_items = pb.secondary_count();
    square_order_over(uniform, &touching(pb, uniform, n_items), n_items, halt)
}

/// The slots touching each item: on a declared board that holds, written
/// down from it, else gathered from every slot's items.
fn touching(pb: &Problem, uniform: &UniformSlots, n_items: usize) -> Touching {
    Touching::of_grid(pb, uniform).unwrap_or_else(|| Touching::of(uniform, n_items))
}

/// [`square_order`] over the slots touching each item (`touching`, of
/// `n_items` items), as [`takes_square_order`] found them.
pub(crate) fn square_order_over(
    uniform: &UniformSlots,
    touching: &Touching,
    n_items: usize,
    halt: &Halt,
) -> Result<Vec<u32>, Stopped> {
    let n = uniform.items.rows();
    if n == 0 {
        return Ok(Vec::new());
    }
    halt.check()?;
    // A board's order is known (a 16x16 board's sweeps and growth took
    // 0.2 M instructions): grown again only to check it, in debug builds.
    if let Some((rows, cols)) = touching.grid {
        let order = grid_order(rows, cols);
        debug_assert_eq!(order, grown(uniform, touching, n_items, halt)?, "the board's order is Q1-Q3's");
        return Ok(order);
    }
    grown(uniform, touching, n_items, halt)
}

/// Q1-Q3 on the graph of the slots and their items.
fn grown(uniform: &UniformSlots, touching: &Touching, n_items: usize, halt: &Halt) -> Result<Vec<u32>, Stopped> {
    let n = uniform.items.rows();
    let from_first = touching.distances(uniform, 0);
    let u = farthest(&from_first);
    halt.check()?;
    let start = farthest(&touching.distances(uniform, u));
    halt.check()?;
    // A grid numbered in reading order starts where the first sweep did:
    // its distances are the first sweep's.
    let dist = match start {
        0 => from_first,
        _ => touching.distances(uniform, start),
    };
    // The ranks in one word where slot numbers, distances and counts fit
    // (every problem but a giant one): a heap of 64-bit ranks moves and
    // compares half the bytes of one of 128.
    let width = usize::BITS - n.leading_zeros();
    let most_items = uniform.items.iter().map(<[u32]>::len).max().unwrap_or(0);
    match 2 * width + (usize::BITS - most_items.leading_zeros()) <= u64::BITS {
        true => grow::<u64>(uniform, touching, n_items, &dist, start, width, halt),
        false => grow::<u128>(uniform, touching, n_items, &dist, start, 32, halt),
    }
}

/// Q2 and Q3 from `start`, each slot's distance from it in `dist`: the
/// order, ranked by `R` with `width` bits for a slot or a distance.
fn grow<R: Rank>(
    uniform: &UniformSlots,
    touching: &Touching,
    n_items: usize,
    dist: &[u32],
    start: usize,
    width: u32,
    halt: &Halt,
) -> Result<Vec<u32>, Stopped> {
    let n = uniform.items.rows();
    // Q3's fallback: every slot by (distance, index), for a region with no
    // neighbour left. The first such slot is the start (the only one at
    // distance 0): the list is sorted only if the region runs out of
    // neighbours later (a problem in several components).
    let mut by_distance: Vec<u32> = Vec::new();
    let mut next_far = 0;
    let mut placed = vec![false; n];
    let mut coloured = vec![false; n_items];
    let mut ncol = vec![0u32; n];
    // Q2 and Q3 as a heap of (coloured items, nearness, lowness), packed
    // in one number ([`Rank`]); an entry whose count has grown since, or
    // whose slot is placed, is stale.
    let mut heap: BinaryHeap<R> = BinaryHeap::new();
    let mut order = Vec::with_capacity(n);
    while order.len() < n {
        halt.every(order.len())?;
        let s = loop {
            match heap.pop() {
                Some(r) if !placed[r.slot(width)] && ncol[r.slot(width)] == r.coloured(width) => break r.slot(width),
                Some(_) => continue,
                None if order.is_empty() => break start,
                None => {
                    if by_distance.is_empty() {
                        by_distance.extend(0..n as u32);
                        by_distance.sort_by_key(|&s| (dist[s as usize], s));
                    }
                    while placed[by_distance[next_far] as usize] {
                        next_far += 1;
                    }
                    break by_distance[next_far] as usize;
                }
            }
        };
        placed[s] = true;
        order.push(s as u32);
        for &j in uniform.items.row(s) {
            if std::mem::replace(&mut coloured[j as usize], true) {
                continue;
            }
            for &t in touching.of_item(j) {
                if !placed[t as usize] {
                    ncol[t as usize] += 1;
                    heap.push(R::of(ncol[t as usize], dist[t as usize], t, width));
                }
            }
        }
    }
    Ok(order)
}

/// Slot `s` with `coloured` items at distance `dist` from the start as
/// one number, ordered as the tuple `(coloured, Reverse(dist), Reverse(s))`:
/// more coloured items first, then nearer, then lower; an unreached slot
/// (`dist` is `u32::MAX`) after every reached one. Slots and distances
/// take `width` bits each (32 in a `u128`), the count the bits above.
/// (The heap took a third of the order's instructions on a 24x24 board;
/// on packed ranks, a quarter fewer.)
trait Rank: Ord + Copy {
    fn of(coloured: u32, dist: u32, s: u32, width: u32) -> Self;
    /// The slot of a rank.
    fn slot(self, width: u32) -> usize;
    /// The count of coloured items of a rank.
    fn coloured(self, width: u32) -> u32;
}

impl Rank for u128 {
    #[inline(always)]
    fn of(coloured: u32, dist: u32, s: u32, _: u32) -> u128 {
        u128::from(coloured) << 64 | u128::from(u32::MAX - dist) << 32 | u128::from(u32::MAX - s)
    }
    #[inline(always)]
    fn slot(self, _: u32) -> usize {
        (u32::MAX - self as u32) as usize
    }
    #[inline(always)]
    fn coloured(self, _: u32) -> u32 {
        (self >> 64) as u32
    }
}

/// Where `width` bits hold every slot number and distance, and the bits
/// above every count: an unreached slot's distance is taken as the
/// largest `width` bits hold (more than any reached one's).
impl Rank for u64 {
    #[inline(always)]
    fn of(coloured: u32, dist: u32, s: u32, width: u32) -> u64 {
        let top = (1u64 << width) - 1;
        u64::from(coloured) << (2 * width) | (top - u64::from(dist).min(top)) << width | (top - u64::from(s))
    }
    #[inline(always)]
    fn slot(self, width: u32) -> usize {
        let top = (1u64 << width) - 1;
        (top - (self & top)) as usize
    }
    #[inline(always)]
    fn coloured(self, width: u32) -> u32 {
        (self >> (2 * width)) as u32
    }
}

/// Q4: whether a first-solution search of `pb` takes the row scan in the
/// square order: enough slots, and at most about one option expected for
/// a slot with two coloured joins. With it, the slots touching each item
/// (for [`square_order_over`]), when there are enough slots. `Err` when `halt`
/// stops it.
pub(crate) fn takes_square_order(
    pb: &Problem,
    uniform: &UniformSlots,
    dense: &DenseColours,
    halt: &Halt,
) -> Result<(bool, Option<Touching>), Stopped> {
    halt.check()?;
    let n = uniform.items.rows();
    if n < COMPACT_MIN_SLOTS {
        return Ok((false, None));
    }
    let touching = touching(pb, uniform, pb.secondary_count());
    // The colour histograms of the options of a slot on each of its items
    // are its class's (the same options, colours and item order): one per
    // class, not one per slot; and a join's chance of agreement is that
    // of its two (class, place) pairs, worked out once per pair of pairs
    // (a grid's joins take a few dozen).
    let classes = uniform.classes(pb, dense, halt)?;
    // Per class (its first slot), its histograms: a map, as a board has a
    // few dozen classes (an entry per slot, 24 bytes each, wrote 6 pages
    // on a 32x32 board).
    let (mut hist, mut raw): (FastMap<u32, Vec<Vec<u32>>>, RawCounts) = Default::default();
    // The log of each count of options worked out once per run of equal
    // counts (a board's slots have one count: 256 calls of `ln` were
    // 14,000 instructions on a 16x16 board); the same terms, summed alike.
    let (mut ln_options, mut last) = (0.0, (usize::MAX, 0.0));
    for opts in uniform.slots.options.iter() {
        if opts.len() != last.0 {
            last = (opts.len(), (opts.len() as f64).ln());
        }
        ln_options += last.1;
    }
    let mut known: FastMap<[u32; 4], f64> = FastMap::default();
    let (mut ln_agree, mut joins) = (0.0, 0usize);
    for j in 0..pb.secondary_count() as u32 {
        let (&[a, b], &[ia, ib]) = (touching.of_item(j), touching.places_of_item(j)) else { continue };
        let (ca, cb) = (classes[a as usize], classes[b as usize]);
        let ln = match known.get(&[ca, ia, cb, ib]) {
            Some(&ln) => ln,
            None => {
                for c in [ca, cb] {
                    if let Entry::Vacant(e) = hist.entry(c) {
                        halt.check()?;
                        e.insert(histograms(pb, uniform, dense, c as usize, &mut raw));
                    }
                }
                let side = |c: u32, i: u32, s: u32| {
                    let h = &hist.get(&c).expect("made above")[i as usize];
                    (h, uniform.slots.options.count(s as usize) as f64)
                };
                let ((ha, na), (hb, nb)) = (side(ca, ia, a), side(cb, ib, b));
                let agree: f64 = ha.iter().zip(hb).map(|(&x, &y)| f64::from(x) * f64::from(y)).sum();
                let ln = (agree / (na * nb)).max(f64::MIN_POSITIVE).ln();
                known.insert([ca, ia, cb, ib], ln);
                ln
            }
        };
        ln_agree += ln;
        joins += 1;
    }
    if joins == 0 {
        return Ok((false, Some(touching)));
    }
    let ln_two_sided = ln_options / n as f64 + 2.0 * ln_agree / joins as f64;
    Ok((ln_two_sided <= COMPACT_TWO_SIDED.ln(), Some(touching)))
}

/// The colours of each compact template's options at each of its places,
/// counted ([`histograms`]): `(template, place)` -> the count of each
/// colour. Looked up, never iterated.
type RawCounts = FastMap<(u32, u32), Vec<u32>>;

/// Per item of slot `s` (in the order of `uniform.items.row(s)`): how many of
/// its options give it each dense colour. A compact slot's are its
/// template's colours at the item's place, counted once per (template,
/// place) in `raw` and numbered by the item's map: the classes of a
/// board's inner cells differ in their numbers, not their template
/// (written out, then counted class by class, they took 1.2 million
/// instructions on a 24x24 board whose tiles turn; counted once, about
/// 0.1 million).
fn histograms(
    pb: &Problem,
    uniform: &UniformSlots,
    dense: &DenseColours,
    s: usize,
    raw: &mut RawCounts,
) -> Vec<Vec<u32>> {
    let items = uniform.items.row(s);
    let mut hist: Vec<Vec<u32>> = items.iter().map(|&j| vec![0; dense.n_colours[j as usize] as usize]).collect();
    if let Some((t, tp)) = uniform.template(pb, s) {
        for (a, (h, &j)) in hist.iter_mut().zip(items).enumerate() {
            // Every map has an entry per colour of the compact form.
            let map = dense.item_map(j);
            let counts = raw.entry((t, a as u32)).or_insert_with(|| {
                let mut counts = vec![0; map.len()];
                tp.colour.chunks_exact(tp.width).for_each(|row| counts[row[a] as usize] += 1);
                counts
            });
            // A colour of the template at this place is one of the item's.
            for (colour, &k) in counts.iter().enumerate().filter(|&(_, &k)| k > 0) {
                h[map[colour] as usize] += k;
            }
        }
        return hist;
    }
    let cols = uniform.colours_on(pb, dense, s, items);
    for row in cols.chunks_exact(items.len().max(1)) {
        for (h, &c) in hist.iter_mut().zip(row) {
            h[c as usize] += 1;
        }
    }
    hist
}

#[cfg(test)]
mod tests {
    use super::{grid_order, grown, square_order, takes_square_order, Touching};
    use crate::engine::backends::shape::{SlotPieces, UniformSlots};
    use crate::engine::problem::{Problem, ProblemBuilder};
    use crate::engine::search::halt::Halt;
    use crate::engine::tests::{tetravex, tetravex_tiles, Rng};

    /// The corner-square scan's order of an `n x n` board (bench/baselines,
    /// `square::order`): for k = 1, 2, ..., column k down to row k - 1,
    /// then row k from column 0 to column k; as cell indices.
    fn scan_order(n: usize) -> Vec<u32> {
        let mut cells = vec![0];
        for k in 1..n {
            cells.extend((0..k).map(|r| (r * n + k) as u32));
            cells.extend((0..=k).map(|c| (k * n + c) as u32));
        }
        cells
    }

    #[test]
    fn a_grid_is_grown_as_the_square_scan_grows_it() {
        let halt = Halt::NEVER;
        for n in [2, 3, 5, 8] {
            let mut rng = Rng(n as u64 | 1);
            let pb = tetravex(n, n, &tetravex_tiles(&mut rng, n, n, 3, true)).build();
            let shape = SlotPieces::of(&pb, &halt).unwrap().unwrap();
            let uniform = UniformSlots::of(&pb, &shape, &halt).unwrap().unwrap();
            // The cells are the first primary items, in reading order.
            let order = square_order(&pb, &uniform, &halt).unwrap();
            let cells: Vec<u32> = order.iter().map(|&s| shape.slot_item[s as usize]).collect();
            assert_eq!(cells, scan_order(n), "{n}x{n}");
        }
    }

    #[test]
    fn a_rectangle_is_grown_from_a_corner_through_every_cell() {
        let halt = Halt::NEVER;
        let (rows, cols) = (3, 7);
        let mut rng = Rng(7);
        let pb = tetravex(rows, cols, &tetravex_tiles(&mut rng, rows, cols, 3, true)).build();
        let shape = SlotPieces::of(&pb, &halt).unwrap().unwrap();
        let uniform = UniformSlots::of(&pb, &shape, &halt).unwrap().unwrap();
        let order = square_order(&pb, &uniform, &halt).unwrap();
        let mut cells: Vec<u32> = order.iter().map(|&s| shape.slot_item[s as usize]).collect();
        assert_eq!(cells[..4], [0, 1, 7, 8]);
        // Each cell after the first has a placed neighbour (the region
        // stays connected).
        for (i, &c) in cells.iter().enumerate().skip(1) {
            let (r, k) = (c as usize / cols, c as usize % cols);
            let near = |x: &u32| {
                let (r2, k2) = (*x as usize / cols, *x as usize % cols);
                r.abs_diff(r2) + k.abs_diff(k2) == 1
            };
            assert!(cells[..i].iter().any(near), "cell {c} at {i}: {cells:?}");
        }
        cells.sort_unstable();
        assert_eq!(cells, (0..(rows * cols) as u32).collect::<Vec<_>>());
    }

    /// A board numbered in reading order whose cells name their joins
    /// right, down, left, up, declared as `declared` (rows, columns).
    fn board(rows: usize, cols: usize, declared: Option<(usize, usize)>) -> Problem {
        let mut b = ProblemBuilder::new();
        let cells: Vec<_> = (0..rows * cols).map(|_| b.primary(1)).collect();
        let piece = b.primary(1);
        let (mut right, mut down) = (vec![None; rows * cols], vec![None; rows * cols]);
        for s in 0..rows * cols {
            right[s] = (s % cols + 1 < cols).then(|| b.secondary());
            down[s] = (s / cols + 1 < rows).then(|| b.secondary());
        }
        for (s, &cell) in cells.iter().enumerate() {
            let left = (s % cols > 0).then(|| right[s - 1]).flatten();
            let up = (s >= cols).then(|| down[s - cols]).flatten();
            let joins: Vec<_> = [right[s], down[s], left, up].into_iter().flatten().map(|j| (j, 1)).collect();
            b.option(&[cell, piece], &joins);
        }
        if let Some((r, c)) = declared {
            b.declare_grid(r, c);
        }
        b.build().unwrap()
    }

    /// The written-down order of a board is the one Q1-Q3 grow on the
    /// graph of its joins, on squares and on rectangles either way.
    #[test]
    fn grid_order_is_the_grown_one() {
        let halt = Halt::NEVER;
        for rows in 1..=12 {
            // (A single cell has no joins: no slot/piece shape.)
            for cols in (1..=12).filter(|&c| rows * c > 1) {
                let pb = board(rows, cols, None);
                let shape = SlotPieces::of(&pb, &halt).unwrap().unwrap();
                let uniform = UniformSlots::of(&pb, &shape, &halt).unwrap().unwrap();
                let touching = Touching::of(&uniform, pb.secondary_count());
                let grown = grown(&uniform, &touching, pb.secondary_count(), &halt).unwrap();
                assert_eq!(grid_order(rows, cols), grown, "{rows}x{cols}");
            }
        }
    }

    /// A declared board is taken where it holds, and its slots' touching
    /// items are the ones gathered from the slots; a claim that does not
    /// hold (another shape, items in another order, none declared) is not.
    #[test]
    fn a_declared_board_is_checked() {
        let halt = Halt::NEVER;
        let grid = |pb: &Problem| {
            let shape = SlotPieces::of(pb, &halt).unwrap().unwrap();
            let uniform = UniformSlots::of(pb, &shape, &halt).unwrap().unwrap();
            let written = Touching::of_grid(pb, &uniform)?;
            let gathered = Touching::of(&uniform, pb.secondary_count());
            assert_eq!((&written.off, &written.slot, &written.place), (&gathered.off, &gathered.slot, &gathered.place));
            written.grid
        };
        assert_eq!(grid(&board(4, 7, Some((4, 7)))), Some((4, 7)));
        assert_eq!(grid(&board(1, 5, Some((1, 5)))), Some((1, 5)));
        assert_eq!(grid(&board(4, 7, None)), None);
        assert_eq!(grid(&board(4, 7, Some((7, 4)))), None);
        assert_eq!(grid(&board(4, 7, Some((2, 14)))), None);
        let mut b = ProblemBuilder::new();
        let (cells, piece) = ((0..4).map(|_| b.primary(1)).collect::<Vec<_>>(), b.primary(1));
        let j: Vec<_> = (0..4).map(|_| b.secondary()).collect();
        // A 2x2 board whose cells name their joins top first (the engine
        // tests' order): not the declared order.
        for (cell, joins) in cells.iter().zip([[j[0], j[1]], [j[2], j[0]], [j[1], j[3]], [j[2], j[3]]]) {
            b.option(&[*cell, piece], &[(joins[0], 1), (joins[1], 1)]);
        }
        b.declare_grid(2, 2);
        assert_eq!(grid(&b.build().unwrap()), None);
    }

    #[test]
    fn only_big_boards_with_nearly_unique_joins_take_the_square_order() {
        let halt = Halt::NEVER;
        let takes = |n: usize, labels: u64| {
            let mut rng = Rng(1);
            let pb = tetravex(n, n, &tetravex_tiles(&mut rng, n, n, labels, true)).build();
            let shape = SlotPieces::of(&pb, &halt).unwrap().unwrap();
            let uniform = UniformSlots::of(&pb, &shape, &halt).unwrap().unwrap();
            takes_square_order(&pb, &uniform, pb.dense_colours(&halt).unwrap(), &halt).unwrap().0
        };
        // n^2 / labels^2 options expected: 0.16 at 16x16 with 40 labels,
        // 4 with 8; 9x9 with 10 labels is too small.
        assert!(takes(16, 40));
        assert!(!takes(16, 8));
        assert!(!takes(9, 10));
    }
}
