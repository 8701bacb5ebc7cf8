//! A bit-set arc-consistency prover for Tetravex, to measure what stronger
//! reasoning would save on the 5x5 near misses of issue 31 (is there a
//! solution at all?), apart from tessera. Not a competitor on speed: a probe
//! of tree sizes.
//!
//! Each cell's domain is one `u128`, a bit per (tile, turn) option (so at
//! most 128 options: 5x5 with turning, 11x11 without). A join's revision is
//! a few word operations: the labels the cell can still show on a side are
//! found by testing its domain against the options with each label there,
//! and the neighbour keeps the options showing one of them on the facing
//! side. A cell left with one tile takes that tile from every other cell,
//! and every tile must stay in some domain. The search branches on the cell
//! with the fewest options (cells with one option are placed already); with
//! turning, the middle cell's tile keeps its first turn (one solution per
//! turn of the whole board, as tessera does). A node is a child tried.
//!
//! On top of that, each of [`Reasoning`]'s switches:
//!
//! * `block`: every option of a cell must close each 2x2 block it belongs
//!   to: with its two neighbours in the block and the cell diagonal to it,
//!   four joins agree (tiles may repeat within the block: a relaxation). A
//!   cycle that arc consistency over single joins cannot see.
//! * `memo`: a refuted node is remembered by what decides its future (the
//!   cells filled, the tiles used and the labels the filled cells show to
//!   empty ones); a node met again with the same key is refuted at once.
//! * `tile_branch`: where a tile has fewer placements left than the best
//!   cell has options, branch on that tile's placements instead.
//! * `wdeg`: dom/wdeg (Boussemart et al. 2004): each join keeps a weight,
//!   raised by one each time revising it empties a domain, and the search
//!   branches on the open cell with the fewest options per (1 + the
//!   weights of its joins to other open cells): the fewest options while
//!   nothing has failed, then the cells around the joins that keep failing.
//! * `matching`: Régin's filtering of the rule that each tile fills one
//!   cell (boards of at most 32 cells): a maximum matching of cells and
//!   tiles, kept from node to node as a warm start and repaired, and every
//!   option whose tile no alternating cycle could swap in removed (Régin
//!   1994; bit-parallel: a cell's tiles and the cells it reaches are `u32`s).
use crate::tetravex::{Case, Options, Outcome};
use std::collections::HashSet;

/// Labels are below this (the bench's boards use 10 or fewer); a case with
/// a larger one is refused.
const LABELS: usize = 16;
const NO_CELL: u8 = u8::MAX;

/// The extra reasoning switched on (all off: arc consistency alone).
#[derive(Clone, Copy, Debug, Default)]
pub struct Reasoning {
    pub block: bool,
    pub memo: bool,
    pub tile_branch: bool,
    pub wdeg: bool,
    pub matching: bool,
}

/// What a refuted node's future depends on: filled cells, tiles used, a
/// hash of the labels shown to empty cells.
type Key = (u128, u128, u64);

struct Prover {
    n: usize,
    /// Options per tile: 4 with turning, else 1.
    turns: usize,
    /// `mask[d][l]`: the options whose side `d` (top, right, bottom, left)
    /// shows label `l`.
    mask: [[u128; LABELS]; 4],
    /// The labels some option shows on side `d`.
    shown: [u32; 4],
    /// Each tile's options (its four turns, or one).
    tile: Vec<u128>,
    /// Per option: its labels after its turn.
    sides: Vec<[u8; 4]>,
    /// Per cell: its neighbour on each side, or `NO_CELL`.
    near: Vec<[u8; 4]>,
    why: Reasoning,
    refuted: HashSet<Key>,
    nodes: u64,
    /// `wdeg`: per cell and side, the weight of the join (bumped each time
    /// revising it empties a domain).
    weight: Vec<[u32; 4]>,
    /// `matching`: a maximum matching of cells and tiles, kept from call
    /// to call as a warm start (checked against the domains each time).
    mate_cell: Vec<u8>,
    mate_tile: Vec<u8>,
    /// Bit-parallel work: per cell, its tiles; the cells it reaches.
    tiles_of: Vec<u32>,
    reach: Vec<u32>,
}

fn opposite(d: usize) -> usize {
    (d + 2) % 4
}

impl Prover {
    fn new(case: &Case, rotate: bool, why: Reasoning) -> Option<Prover> {
        let (n, turns) = (case.n, if rotate { 4 } else { 1 });
        if n * n * turns > 128
            || (why.matching && n * n > 32)
            || case.tiles.iter().flatten().any(|&l| l as usize >= LABELS)
        {
            return None;
        }
        let (mut mask, mut shown) = ([[0u128; LABELS]; 4], [0u32; 4]);
        let (mut tile, mut sides) = (Vec::new(), Vec::new());
        for t in &case.tiles {
            let mut options = 0u128;
            for r in 0..turns {
                let o = sides.len();
                // A clockwise quarter turn moves each label one side on.
                let turned: [u8; 4] = std::array::from_fn(|d| t[(d + 4 - r) % 4] as u8);
                for (d, &l) in turned.iter().enumerate() {
                    mask[d][l as usize] |= 1 << o;
                    shown[d] |= 1 << l;
                }
                options |= 1 << o;
                sides.push(turned);
            }
            tile.push(options);
        }
        let near = (0..n * n)
            .map(|c| {
                let (i, j) = (c / n, c % n);
                let at = |ok: bool, e: usize| if ok { e as u8 } else { NO_CELL };
                [at(i > 0, c.wrapping_sub(n)), at(j + 1 < n, c + 1), at(i + 1 < n, c + n), at(j > 0, c.wrapping_sub(1))]
            })
            .collect();
        Some(Prover {
            n,
            turns,
            mask,
            shown,
            tile,
            sides,
            near,
            why,
            refuted: HashSet::new(),
            nodes: 0,
            weight: vec![[0; 4]; n * n],
            mate_cell: vec![NO_CELL; n * n],
            mate_tile: vec![NO_CELL; n * n],
            tiles_of: vec![0; n * n],
            reach: vec![0; n * n],
        })
    }

    /// The tile of a domain holding options of one tile only.
    fn single_tile(&self, dom: u128) -> Option<usize> {
        let t = (dom != 0).then(|| dom.trailing_zeros() as usize / self.turns)?;
        (dom & !self.tile[t] == 0).then_some(t)
    }

    /// The options of the cell beside `c` on side `d` that agree with some
    /// option of `c`.
    fn support(&self, dom: u128, d: usize) -> u128 {
        let mut labels = self.shown[d];
        let mut out = 0;
        while labels != 0 {
            let l = labels.trailing_zeros() as usize;
            labels &= labels - 1;
            if dom & self.mask[d][l] != 0 {
                out |= self.mask[opposite(d)][l];
            }
        }
        out
    }

    /// Per label shown on side `a` by an option of `dom`: the labels the
    /// same options show on side `b`, as bits.
    fn pairs(&self, dom: u128, a: usize, b: usize) -> [u16; LABELS] {
        let mut out = [0u16; LABELS];
        let mut x = dom;
        while x != 0 {
            let s = self.sides[x.trailing_zeros() as usize];
            x &= x - 1;
            out[s[a] as usize] |= 1 << s[b];
        }
        out
    }

    /// The options of `c` that close its 2x2 block with `h` (beside it on
    /// side `dh`), `v` (on side `dv`) and `x` (diagonal).
    fn closes(&self, dom: &[u128], (c, h, v, x): (usize, usize, usize, usize), dh: usize, dv: usize) -> u128 {
        let from_h = self.pairs(dom[h], opposite(dh), dv);
        let from_v = self.pairs(dom[v], opposite(dv), dh);
        let from_x = self.pairs(dom[x], opposite(dv), opposite(dh));
        let mut out = 0;
        for (p, &us) in from_h.iter().enumerate() {
            let (mut us, mut reach) = (us, 0u16);
            while us != 0 {
                reach |= from_x[us.trailing_zeros() as usize];
                us &= us - 1;
            }
            for (q, &vs) in from_v.iter().enumerate() {
                if vs & reach != 0 {
                    out |= self.mask[dh][p] & self.mask[dv][q];
                }
            }
        }
        dom[c] & out
    }

    /// Arc consistency from the cells in `queue` (and the blocks, when
    /// asked): `false` when a domain empties or a tile has no cell left.
    fn propagate(&mut self, dom: &mut [u128], used: &mut u128, queue: &mut Vec<usize>) -> bool {
        let cells = self.n * self.n;
        loop {
            while let Some(c) = queue.pop() {
                if let Some(t) = self.single_tile(dom[c]).filter(|&t| *used & 1 << t == 0) {
                    *used |= 1 << t;
                    for (e, d) in dom.iter_mut().enumerate() {
                        if e == c || *d & self.tile[t] == 0 {
                            continue;
                        }
                        *d &= !self.tile[t];
                        if *d == 0 {
                            return false;
                        }
                        queue.push(e);
                    }
                }
                for d in 0..4 {
                    let e = self.near[c][d];
                    if e == NO_CELL {
                        continue;
                    }
                    let (e, keep) = (e as usize, self.support(dom[c], d));
                    if dom[e] & !keep != 0 {
                        dom[e] &= keep;
                        if dom[e] == 0 {
                            if self.why.wdeg {
                                self.weight[c][d] += 1;
                                self.weight[e][opposite(d)] += 1;
                            }
                            return false;
                        }
                        queue.push(e);
                    }
                }
            }
            let all = dom.iter().fold(0, |a, &d| a | d);
            if self.tile.iter().any(|&t| all & t == 0) {
                return false;
            }
            if self.why.matching {
                if !self.regin(dom, queue) {
                    return false;
                }
                if !queue.is_empty() {
                    continue;
                }
            }
            if !self.why.block {
                return true;
            }
            let n = self.n;
            for c in (0..cells).filter(|&c| c / n + 1 < n && c % n + 1 < n) {
                let (a, b, e, f) = (c, c + 1, c + n, c + n + 1);
                for (cell, dh, dv) in
                    [((a, b, e, f), 1, 2), ((b, a, f, e), 3, 2), ((e, f, a, b), 1, 0), ((f, e, b, a), 3, 0)]
                {
                    let keep = self.closes(dom, cell, dh, dv);
                    if keep != dom[cell.0] {
                        dom[cell.0] = keep;
                        if keep == 0 {
                            return false;
                        }
                        queue.push(cell.0);
                    }
                }
            }
            if queue.is_empty() {
                return true;
            }
        }
    }

    /// Tries to match cell `c` to a tile not in `seen`, moving other
    /// cells' tiles along an augmenting path.
    fn augment(&mut self, c: usize, seen: &mut u32) -> bool {
        let options = self.tiles_of[c] & !*seen;
        // Tiles no cell holds first, then the others (moving their cells).
        let mut free = 0u32;
        let mut x = options;
        while x != 0 {
            let t = x.trailing_zeros() as usize;
            x &= x - 1;
            if self.mate_tile[t] == NO_CELL {
                free |= 1 << t;
            }
        }
        for part in [free, options & !free] {
            let mut x = part;
            while x != 0 {
                let t = x.trailing_zeros() as usize;
                x &= x - 1;
                if *seen & 1 << t != 0 {
                    continue;
                }
                *seen |= 1 << t;
                let other = self.mate_tile[t];
                if other == NO_CELL || self.augment(other as usize, seen) {
                    self.mate_cell[c] = t as u8;
                    self.mate_tile[t] = c as u8;
                    return true;
                }
            }
        }
        false
    }

    /// Régin's filtering of the rule that every tile goes to one cell: a
    /// maximum matching of cells and tiles (none: no solution), and every
    /// option whose tile could be swapped in by no alternating cycle
    /// removed. Cells changed go on `queue`. `false` when no matching
    /// covers every cell.
    fn regin(&mut self, dom: &mut [u128], queue: &mut Vec<usize>) -> bool {
        let cells = dom.len();
        for (c, &d) in dom.iter().enumerate() {
            let mut set = 0u32;
            for (t, &m) in self.tile.iter().enumerate() {
                if d & m != 0 {
                    set |= 1 << t;
                }
            }
            self.tiles_of[c] = set;
            let t = self.mate_cell[c];
            if t != NO_CELL && set & 1 << t == 0 {
                self.mate_cell[c] = NO_CELL;
                self.mate_tile[t as usize] = NO_CELL;
            }
        }
        for c in 0..cells {
            if self.mate_cell[c] == NO_CELL {
                let mut seen = 0u32;
                if !self.augment(c, &mut seen) {
                    return false;
                }
            }
        }
        // The cells each cell reaches by an alternating path: c -> c' when
        // c can take the tile c' holds.
        for c in 0..cells {
            let mut adj = 0u32;
            let mut x = self.tiles_of[c] & !(1 << self.mate_cell[c]);
            while x != 0 {
                let t = x.trailing_zeros() as usize;
                x &= x - 1;
                adj |= 1 << self.mate_tile[t];
            }
            self.reach[c] = adj;
        }
        for k in 0..cells {
            let rk = self.reach[k];
            for i in 0..cells {
                if self.reach[i] & 1 << k != 0 {
                    self.reach[i] |= rk;
                }
            }
        }
        for (c, d) in dom.iter_mut().enumerate() {
            let mut keep = self.tile[self.mate_cell[c] as usize];
            let mut x = self.tiles_of[c] & !(1 << self.mate_cell[c]);
            while x != 0 {
                let t = x.trailing_zeros() as usize;
                x &= x - 1;
                let other = self.mate_tile[t] as usize;
                if self.reach[other] & 1 << c != 0 {
                    keep |= self.tile[t];
                }
            }
            if *d & !keep != 0 {
                *d &= keep;
                queue.push(c);
            }
        }
        true
    }

    fn key(&self, dom: &[u128], used: u128) -> Key {
        let filled: u128 = (0..dom.len()).filter(|&c| dom[c].count_ones() == 1).map(|c| 1u128 << c).sum();
        let mut h = 0u64;
        for c in (0..dom.len()).filter(|&c| filled & 1 << c != 0) {
            let s = self.sides[dom[c].trailing_zeros() as usize];
            for d in (0..4).filter(|&d| self.near[c][d] != NO_CELL && filled & 1 << self.near[c][d] == 0) {
                h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add((c * 4 + d) as u64 * 256 + u64::from(s[d]));
            }
        }
        (filled, used, h)
    }

    /// Whether the board at level `depth` of `stack` (`n * n` domains a
    /// level, arc consistent) has a solution. Its children are written over
    /// level `depth + 1` and `queue` is the propagation's: a node allocates
    /// nothing (but the memo's entries).
    fn solvable(&mut self, stack: &mut [u128], depth: usize, used: u128, queue: &mut Vec<usize>) -> bool {
        let cells = self.n * self.n;
        let at = depth * cells;
        let dom = &stack[at..at + cells];
        let open = (0..cells).filter(|&c| dom[c].count_ones() > 1);
        let score = |c: usize| -> u64 {
            if !self.why.wdeg {
                return u64::from(dom[c].count_ones()) << 32;
            }
            let w: u32 = (0..4)
                .filter(|&d| self.near[c][d] != NO_CELL && dom[self.near[c][d] as usize].count_ones() > 1)
                .map(|d| self.weight[c][d])
                .sum();
            (u64::from(dom[c].count_ones()) << 32) / u64::from(1 + w)
        };
        let Some(cell) = open.min_by_key(|&c| score(c)) else { return true };
        let key = self.why.memo.then(|| self.key(dom, used));
        if key.is_some_and(|k| self.refuted.contains(&k)) {
            return false;
        }
        // Branch on the best cell's options, or on a tile's placements where
        // it has fewer.
        let mut tile = None;
        if self.why.tile_branch {
            let placements = |t: usize| dom.iter().map(|&d| (d & self.tile[t]).count_ones()).sum::<u32>();
            let free = (0..self.tile.len()).filter(|&t| used & 1 << t == 0);
            tile = free.min_by_key(|&t| placements(t)).filter(|&t| placements(t) < dom[cell].count_ones());
        }
        for c in 0..cells {
            let mut options = match tile {
                Some(t) => stack[at + c] & self.tile[t],
                None if c == cell => stack[at + c],
                None => 0,
            };
            while options != 0 {
                let o = options.trailing_zeros();
                options &= options - 1;
                self.nodes += 1;
                let (parent, child) = stack[at..].split_at_mut(cells);
                let child = &mut child[..cells];
                child.copy_from_slice(parent);
                child[c] = 1 << o;
                let mut child_used = used;
                queue.clear();
                queue.push(c);
                if self.propagate(child, &mut child_used, queue) && self.solvable(stack, depth + 1, child_used, queue) {
                    return true;
                }
            }
        }
        if let Some(k) = key {
            self.refuted.insert(k);
        }
        false
    }
}

/// Whether `case` has a solution (`solutions` 0 or 1; counting is not
/// supported), and the children tried. `None` past 128 options, with a
/// label of `LABELS` (16) or more, a border label or a count.
pub fn prove(case: &Case, opt: &Options, why: Reasoning) -> Option<Outcome> {
    if opt.border.is_some() || opt.count {
        return None;
    }
    let mut p = Prover::new(case, opt.rotate, why)?;
    let cells = p.n * p.n;
    // A level per depth (a cell filled each), and one for the last children.
    let mut stack = vec![0u128; cells * (cells + 2)];
    let dom = &mut stack[..cells];
    dom.fill(p.tile.iter().fold(0, |a, &t| a | t));
    if opt.rotate {
        // The middle cell's tile keeps its first turn.
        dom[(p.n / 2) * p.n + p.n / 2] &= p.tile.iter().fold(0, |a, &t| a | 1 << t.trailing_zeros());
    }
    let (mut used, mut queue) = (0, (0..cells).collect());
    let found = p.propagate(dom, &mut used, &mut queue) && p.solvable(&mut stack, 0, used, &mut queue);
    Some(Outcome { solutions: u64::from(found), nodes: p.nodes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refuted_state_is_known_by_the_labels_it_shows() {
        // 2x2, turning: the top-left cell holds tile 0 in two turns that
        // show different labels to its empty neighbours.
        let case = Case { n: 2, tiles: vec![[1, 2, 3, 4], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]] };
        let p = Prover::new(&case, true, Reasoning { memo: true, ..Default::default() }).expect("16 options");
        let all = p.tile.iter().fold(0, |a, &t| a | t) & !p.tile[0];
        let state = |turn: u32| [1u128 << turn, all, all, all];
        assert_ne!(p.key(&state(0), 1), p.key(&state(1), 1), "other labels shown: another state");
        assert_eq!(p.key(&state(2), 1), p.key(&state(2), 1));
        assert_ne!(p.key(&state(0), 1), p.key(&state(0), 3), "other tiles used: another state");
    }
}
