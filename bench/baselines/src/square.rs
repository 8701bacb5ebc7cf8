//! The corner-square scan for Tetravex and Eternity II-style boards: plain
//! depth-first search that grows a square from the top-left corner, a
//! column then a row (for `k` = 1, 2, ...: cells `(0, k)` to `(k - 1, k)`,
//! then `(k, 0)` to `(k, k)`), so that every cell but the first of each
//! column and row meets two placed neighbours, on its left and on its top.
//! Candidates come from an index keyed by the (left, top) labels the cell
//! demands; no other pruning. Identical tiles are grouped into types with
//! counts, as in [`crate::tetravex`]; with `rotate` every distinct turn of
//! a type is a candidate, and `border` demands a label on every outer side
//! and on no inner side.
//!
//! The scan wins where the joins are nearly unique (many labels for the
//! board's size: a cell with two placed neighbours has about
//! `tiles / labels^2` candidates, mostly the right one) and loses badly
//! where they are not (Tetravex 9x9 with 10 labels needs tens of millions
//! of placements): it is the baseline of the bench's `big` family.
use crate::tetravex::{rotate_cw, Case, Options, Outcome};
use std::collections::HashMap;

/// Marks a side that the cell does not constrain (no placed neighbour).
const ANY: u32 = u32::MAX;

/// The cells of an `n x n` board in corner-square order, as `(row, col)`.
pub fn order(n: usize) -> Vec<(usize, usize)> {
    let mut cells = Vec::with_capacity(n * n);
    for k in 0..n {
        cells.extend((0..k).map(|r| (r, k)));
        cells.extend((0..=k).map(|c| (k, c)));
    }
    cells
}

struct Scan {
    n: usize,
    count_all: bool,
    border: Option<u32>,
    cells: Vec<(usize, usize)>,
    /// Candidates per demanded (left, top) pair (`ANY` where the cell has
    /// no such neighbour): the range of `listed` holding their indices
    /// into `oriented`.
    index: HashMap<(u32, u32), (usize, usize)>,
    listed: Vec<u32>,
    /// Every distinct orientation of every type: (type, labels).
    oriented: Vec<(u32, [u32; 4])>,
    counts: Vec<u32>,
    /// Labels of the tile placed on each cell (row-major).
    placed: Vec<[u32; 4]>,
    solutions: u64,
    nodes: u64,
}

impl Scan {
    /// Returns true when the search must stop (a solution found, not counting).
    fn dfs(&mut self, at: usize) -> bool {
        let n = self.n;
        if at == self.cells.len() {
            self.solutions += 1;
            return !self.count_all;
        }
        let (r, c) = self.cells[at];
        let left = match (c, self.border) {
            (0, Some(b)) => b,
            (0, None) => ANY,
            _ => self.placed[r * n + c - 1][1],
        };
        let top = match (r, self.border) {
            (0, Some(b)) => b,
            (0, None) => ANY,
            _ => self.placed[(r - 1) * n + c][2],
        };
        let Some(&(first, end)) = self.index.get(&(left, top)) else { return false };
        for i in first..end {
            let (ty, t) = self.oriented[self.listed[i] as usize];
            if self.counts[ty as usize] == 0 {
                continue;
            }
            if let Some(b) = self.border {
                // Left and top were matched by the key; the other two sides
                // carry the border label exactly on the board's edge.
                if (t[1] == b) != (c == n - 1)
                    || (t[2] == b) != (r == n - 1)
                    || (c > 0 && t[3] == b)
                    || (r > 0 && t[0] == b)
                {
                    continue;
                }
            }
            self.nodes += 1;
            self.placed[r * n + c] = t;
            self.counts[ty as usize] -= 1;
            let stop = self.dfs(at + 1);
            self.counts[ty as usize] += 1;
            if stop {
                return true;
            }
        }
        false
    }
}

/// Solves one case by the corner-square scan.
pub fn solve(case: &Case, opt: &Options) -> Outcome {
    let n = case.n;
    if n == 0 {
        return Outcome { solutions: 1, nodes: 0 };
    }
    let mut types: Vec<[u32; 4]> = Vec::new();
    let mut counts: Vec<u32> = Vec::new();
    let mut of_key: HashMap<[u32; 4], usize> = HashMap::new();
    for &t in &case.tiles {
        let key = if opt.rotate { turns(t).into_iter().min().unwrap() } else { t };
        let ty = *of_key.entry(key).or_insert_with(|| {
            types.push(key);
            counts.push(0);
            types.len() - 1
        });
        counts[ty] += 1;
    }
    let mut oriented = Vec::new();
    for (ty, &t) in types.iter().enumerate() {
        let mut seen: Vec<[u32; 4]> = Vec::new();
        for o in if opt.rotate { turns(t).to_vec() } else { vec![t] } {
            if !seen.contains(&o) {
                seen.push(o);
                oriented.push((ty as u32, o));
            }
        }
    }
    // Every orientation under its (left, top), (left, any), (any, top) and
    // (any, any) keys: each cell looks up one list.
    let mut lists: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
    for (i, &(_, t)) in oriented.iter().enumerate() {
        for key in [(t[3], t[0]), (t[3], ANY), (ANY, t[0]), (ANY, ANY)] {
            lists.entry(key).or_default().push(i as u32);
        }
    }
    let (mut index, mut listed) = (HashMap::new(), Vec::new());
    for (key, list) in lists {
        index.insert(key, (listed.len(), listed.len() + list.len()));
        listed.extend(list);
    }
    let mut scan = Scan {
        n,
        count_all: opt.count,
        border: opt.border,
        cells: order(n),
        index,
        listed,
        oriented,
        counts,
        placed: vec![[0; 4]; n * n],
        solutions: 0,
        nodes: 0,
    };
    scan.dfs(0);
    Outcome { solutions: scan.solutions, nodes: scan.nodes }
}

/// The four quarter turns of a tile.
fn turns(t: [u32; 4]) -> [[u32; 4]; 4] {
    let mut all = [t; 4];
    for k in 1..4 {
        all[k] = rotate_cw(all[k - 1]);
    }
    all
}
