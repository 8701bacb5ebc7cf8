//! The dense colour numbers of a [`Problem`]: each secondary item's
//! colours numbered 0, 1, 2, ... in the order its options first use them
//! (the backends' masks and tables are indexed by them). An item whose
//! options give it the colours 7, 3, 7 has the numbers 0, 1, 0 and two
//! colours. Worked out once per problem, from the explicit form or, for a
//! compact problem, from its templates.

use super::{Compact, DenseColours, DenseScratch, Problem};
use crate::engine::backends::blocks::fill_cursors_into;
use crate::engine::fasthash::FastHasher;
use crate::engine::search::halt::{Halt, Stopped};
use std::hash::{Hash, Hasher};

impl Problem {
    /// The colours of every secondary item numbered densely from 0, in the
    /// order options first use them: the number of each node's colour
    /// (indexed like `node_item`; 0 on primary nodes), and how many colours
    /// each item has. Worked out once per problem; `Err` when `halt` stops
    /// the first working out.
    pub(crate) fn dense_colours(&self, halt: &Halt) -> Result<&DenseColours, Stopped> {
        if let Some(dense) = self.dense.get() {
            return Ok(dense);
        }
        let dense = self.work_out_dense_colours(halt)?;
        // Another thread may have stored it meanwhile: the same numbers.
        Ok(self.dense.get_or_init(|| dense))
    }

    fn work_out_dense_colours(&self, halt: &Halt) -> Result<DenseColours, Stopped> {
        let ex = self.explicit(halt)?;
        let mut n_colours = vec![0u32; self.secondary_count()];
        let mut node = vec![0u32; self.node_count()];
        // Where the colours are small numbers (tile puzzles number their
        // labels from 1), a table per (item, colour) numbers them: a hash
        // map took 30 ms for the 2.5 million nodes of a 28x28 board.
        let top = ex.node_colour.iter().copied().max().unwrap_or(0) as usize + 1;
        if self.secondary_count().saturating_mul(top) <= 2 * self.node_count() + (1 << 16) {
            let mut number = vec![u32::MAX; self.secondary_count() * top];
            let p = self.primary_count() as u32;
            for o in 0..self.option_count() {
                halt.every(o)?;
                // The option's secondary nodes (`secondary_nodes`, inline).
                let start = ex.opt_start[o] as usize + ex.opt_primaries[o] as usize;
                for k in start..ex.opt_start[o + 1] as usize {
                    let j = ex.node_item[k] - p;
                    let at = &mut number[j as usize * top + ex.node_colour[k] as usize];
                    if *at == u32::MAX {
                        *at = n_colours[j as usize];
                        n_colours[j as usize] += 1;
                    }
                    node[k] = *at;
                }
            }
            return Ok(DenseColours { node, n_colours, ..DenseColours::default() });
        }
        let mut dense = std::collections::HashMap::new();
        for o in 0..self.option_count() {
            halt.every(o)?;
            for (k, j) in self.secondary_nodes(o) {
                let j = j as usize;
                node[k] = *dense.entry((j, ex.node_colour[k])).or_insert_with(|| {
                    n_colours[j] += 1;
                    n_colours[j] - 1
                });
            }
        }
        Ok(DenseColours { node, n_colours, ..DenseColours::default() })
    }

    /// The dense colours of the compact form, without writing its options
    /// out: the same numbers as [`Problem::dense_colours`] (each item's
    /// colours in the order its options first use them), per (item,
    /// colour) instead of per node. `None` for an explicit problem or
    /// colours beyond 2^16; `Err` when `halt` stops it.
    pub(crate) fn compact_dense(&self, halt: &Halt) -> Result<Option<&DenseColours>, Stopped> {
        let Some(c) = &self.compact else { return Ok(None) };
        if let Some(dense) = self.compact_dense.get() {
            return Ok(Some(dense));
        }
        let top = c.templates.iter().flat_map(|tp| tp.colour.iter()).copied().max().unwrap_or(0) as usize + 1;
        if top > 1 << 16 {
            return Ok(None);
        }
        // The arrays of the last problem built over this one. Only a
        // working out takes the lock: a thread that waited for another's
        // finds its numbers.
        let mut scratch = self.dense_scratch.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(dense) = self.compact_dense.get() {
            return Ok(Some(dense));
        }
        let DenseScratch { start, touch, known, same, map, per_map, kept, .. } = &mut *scratch;
        let ns = self.n_secondary;
        touch_lists(c, ns, start, touch, halt)?;
        let (start, touch) = (&start[..], &touch[..]);
        let touch_of = |j: usize| &touch[start[j] as usize..start[j + 1] as usize];
        let mut dense = std::mem::take(kept);
        dense.top = top;
        dense.node.clear();
        dense.map.clear();
        dense.map.resize(ns, 0);
        dense.maps.clear();
        per_map.clear();
        // Keyed by hashes, each the first item (or map) with it: equal keys
        // are found without a copy of each (a stream of small cases works
        // these out once a case); a clash of unequal keys is told apart by
        // comparing them. Looked up, never iterated: the fast hasher
        // changes no answer.
        // Grown, not reserved for every item: a board's items have a few
        // dozen lists between them, and a table laid out for all of them
        // (17 KB on a 16x16 board) faulted in a page for every few.
        known.clear();
        same.clear();
        map.clear();
        map.resize(top, u32::MAX);
        let map = &mut map[..];
        for j in 0..ns {
            halt.every(j)?;
            let touch = touch_of(j);
            let key = hash_of(touch);
            if let Some(&i) = known.get(&key).filter(|&&i| touch_of(i as usize) == touch) {
                dense.map[j] = dense.map[i as usize];
                continue;
            }
            known.entry(key).or_insert(j as u32);
            let n = number_colours(c, touch, map);
            // Equal maps are one: the slots of one template whose items
            // number their colours alike are then one class of the row
            // scan (on a Tetravex board the inner cells beside a side and
            // those deep inside).
            let key = hash_of(map);
            let row = |m: u32| &dense.maps[m as usize * top..][..top];
            let m = match same.get(&key) {
                Some(&m) if row(m) == &map[..] => Some(m),
                // A clash: any equal map is found by comparing them all.
                Some(_) => (0..per_map.len() as u32).find(|&m| row(m) == &map[..]),
                None => None,
            };
            dense.map[j] = m.unwrap_or_else(|| {
                let m = per_map.len() as u32;
                dense.maps.extend_from_slice(map);
                per_map.push(n);
                same.entry(key).or_insert(m);
                m
            });
        }
        // The colours counted per map: per item now.
        dense.n_colours.clear();
        dense.n_colours.extend(dense.map.iter().map(|&m| per_map[m as usize]));
        drop(scratch);
        Ok(Some(self.compact_dense.get_or_init(|| dense)))
    }
}

/// Numbers the colours that the (template, place) pairs of `touch` give
/// an item in `map` (colour -> number, `u32::MAX` for none), in the order
/// the options first use them; returns how many there are.
fn number_colours(c: &Compact, touch: &[(u32, u32)], map: &mut [u32]) -> u32 {
    map.fill(u32::MAX);
    let mut n = 0;
    for &(t, at) in touch {
        let tp = &c.templates[t as usize];
        // Option after option (row after row: a strided iterator took
        // twice the instructions), its colour at place `at`.
        for row in tp.colour.chunks_exact(tp.width) {
            let x = &mut map[row[at as usize] as usize];
            if *x == u32::MAX {
                (*x, n) = (n, n + 1);
            }
        }
    }
    n
}

/// A hash of `words`, for the maps of [`Problem::compact_dense`].
fn hash_of<T: Hash>(words: &[T]) -> u64 {
    let mut h = FastHasher::default();
    words.hash(&mut h);
    h.finish()
}

/// The (template, place) pairs touching each of the `ns` items of `c`,
/// in option order, written over `start` and `touch`: item j's are
/// `touch[start[j]..start[j + 1]]` (one array, laid out by counting: a
/// board's items are touched twice each). `Err` when `halt` stops it.
fn touch_lists(
    c: &Compact,
    ns: usize,
    start: &mut Vec<u32>,
    touch: &mut Vec<(u32, u32)>,
    halt: &Halt,
) -> Result<(), Stopped> {
    fill_cursors_into(start, ns, c.sec.iter().copied());
    touch.clear();
    touch.resize(c.sec.len(), (0, 0));
    for s in 0..c.item.len() {
        halt.every(s)?;
        for (at, &j) in c.items(s).iter().enumerate() {
            let next = &mut start[j as usize + 1];
            touch[*next as usize] = (c.template[s], at as u32);
            *next += 1;
        }
    }
    start.pop();
    Ok(())
}
