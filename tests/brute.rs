//! Brute force, independent of the library: plain backtracking that counts
//! distinct solutions of tiny instances, generators of planted and random
//! instances, and writers of the judge formats.
//!
//! Distinct means what the board looks like: for tiles, the grid of oriented
//! labels; for packing, the partition of the board into placed pieces, each
//! block known by its piece *type* (pieces with the same set of allowed
//! oriented shapes share a type, so swapping them is no new filling).

use crate::util::Rng;
use crate::verify::{shapes, turn, Cells, Labels, Match, PackCase, TileCase};
use std::collections::{BTreeMap, BTreeSet, HashSet};

fn meets(rule: Match, a: i32, b: i32) -> bool {
    match rule {
        Match::Equal => a == b,
        Match::Complement => a == -b,
    }
}

/// Whether oriented labels `l` may stand at (r, c) next to what is placed.
fn fits(case: &TileCase, grid: &[Labels], r: usize, c: usize, l: Labels) -> bool {
    if c > 0 && !meets(case.rule, grid[r * case.cols + c - 1][1], l[3]) {
        return false;
    }
    if r > 0 && !meets(case.rule, grid[(r - 1) * case.cols + c][2], l[0]) {
        return false;
    }
    if let Some(b) = case.border {
        let outer = [r == 0, c + 1 == case.cols, r + 1 == case.rows, c == 0];
        if (0..4).any(|d| (l[d] == b) != outer[d]) {
            return false;
        }
    }
    true
}

/// Counts the distinct looks of the board (up to `cap`: stops once reached).
/// Hints (`case.fixes`) put their tile in their cell (turned as given, or
/// any way the rules allow) and keep it out of every other cell.
pub fn count_tiles_capped(case: &TileCase, cap: u64) -> u64 {
    struct S<'a> {
        case: &'a TileCase,
        /// For each cell, the tile a hint puts there and its rotation.
        pinned: Vec<Option<(usize, Option<u8>)>>,
        cap: u64,
    }
    fn go(s: &S, pos: usize, used: &mut [bool], grid: &mut Vec<Labels>, count: &mut u64) {
        let case = s.case;
        if *count >= s.cap {
            return;
        }
        if pos == case.tiles.len() {
            *count += 1;
            return;
        }
        let (r, c) = (pos / case.cols, pos % case.cols);
        let turns = |rot: Option<u8>| match rot {
            Some(k) => k..k + 1,
            None => 0..if case.rotate { 4 } else { 1 },
        };
        if let Some((i, rot)) = s.pinned[pos] {
            let mut looks = BTreeSet::new();
            for k in turns(rot) {
                let l = turn(case.tiles[i], k);
                if fits(case, grid, r, c, l) {
                    looks.insert(l);
                }
            }
            for l in looks {
                grid.push(l);
                go(s, pos + 1, used, grid, count);
                grid.pop();
            }
            return;
        }
        // Each distinct look once: any unused tile able to show it will do
        // (tiles that can show the same look are interchangeable).
        let mut looks: BTreeMap<Labels, usize> = BTreeMap::new();
        for (i, &t) in case.tiles.iter().enumerate() {
            if used[i] {
                continue;
            }
            for k in turns(None) {
                let l = turn(t, k);
                if fits(case, grid, r, c, l) {
                    looks.entry(l).or_insert(i);
                }
            }
        }
        for (l, i) in looks {
            used[i] = true;
            grid.push(l);
            go(s, pos + 1, used, grid, count);
            grid.pop();
            used[i] = false;
        }
    }
    assert_eq!(case.tiles.len(), case.rows * case.cols);
    let mut pinned = vec![None; case.tiles.len()];
    let mut used = vec![false; case.tiles.len()];
    for &(piece, row, col, rot) in &case.fixes {
        pinned[row * case.cols + col] = Some((piece, rot));
        used[piece] = true;
    }
    let mut count = 0;
    go(&S { case, pinned, cap }, 0, &mut used, &mut Vec::new(), &mut count);
    count
}

/// Counts the distinct looks of the board.
pub fn count_tiles(case: &TileCase) -> u64 {
    count_tiles_capped(case, u64::MAX)
}

/// Whether the board can be solved.
pub fn tiles_solvable(case: &TileCase) -> bool {
    count_tiles_capped(case, 1) > 0
}

/// The most naive count: every assignment of tiles and rotations to cells,
/// kept in a set of looks. Only for a handful of cells.
pub fn count_tiles_naive(case: &TileCase) -> u64 {
    let n = case.tiles.len();
    assert!(n <= 5, "too many tiles for the naive count");
    let mut looks: HashSet<Vec<Labels>> = HashSet::new();
    let mut perm: Vec<usize> = (0..n).collect();
    let turns = if case.rotate { 4usize } else { 1 };
    loop {
        for code in 0..turns.pow(n as u32) {
            let mut k = code;
            let grid: Vec<Labels> = perm
                .iter()
                .map(|&i| {
                    let l = turn(case.tiles[i], (k % turns) as u8);
                    k /= turns;
                    l
                })
                .collect();
            let ok = (0..n).all(|p| fits(case, &grid, p / case.cols, p % case.cols, grid[p]));
            if ok {
                looks.insert(grid);
            }
        }
        if !next_permutation(&mut perm) {
            return looks.len() as u64;
        }
    }
}

fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else { return false };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap();
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// The types of a packing puzzle: for each type, its shapes and copies.
fn pack_types(case: &PackCase) -> (Vec<Vec<Cells>>, Vec<usize>) {
    let mut index: BTreeMap<BTreeSet<Cells>, usize> = BTreeMap::new();
    let mut shapes_of = vec![];
    let mut copies = vec![];
    for p in &case.pieces {
        let s = shapes(p, case.rotate, case.flip);
        let t = *index.entry(s.clone()).or_insert_with(|| {
            shapes_of.push(s.into_iter().collect());
            copies.push(0);
            copies.len() - 1
        });
        copies[t] += 1;
    }
    (shapes_of, copies)
}

/// Counts the distinct fillings of the board (up to `cap`).
pub fn count_pack_capped(case: &PackCase, cap: u64) -> u64 {
    struct S<'a> {
        case: &'a PackCase,
        shapes: Vec<Vec<Cells>>,
        left: Vec<usize>,
        cover: Vec<Vec<bool>>,
        count: u64,
        cap: u64,
    }
    fn go(s: &mut S) {
        if s.count >= s.cap {
            return;
        }
        let first = (0..s.case.rows)
            .flat_map(|r| (0..s.case.cols).map(move |c| (r, c)))
            .find(|&(r, c)| s.case.fill[r][c] && !s.cover[r][c]);
        let Some((r, c)) = first else {
            if s.left.iter().all(|&k| k == 0) {
                s.count += 1;
            }
            return;
        };
        for t in 0..s.shapes.len() {
            if s.left[t] == 0 {
                continue;
            }
            for k in 0..s.shapes[t].len() {
                // The shape's first cell (reading order) covers (r, c).
                let (r0, c0) = s.shapes[t][k][0];
                if r0 > r || c0 > c {
                    continue;
                }
                let cells: Cells = s.shapes[t][k].iter().map(|&(a, b)| (a + r - r0, b + c - c0)).collect();
                let ok = cells
                    .iter()
                    .all(|&(a, b)| a < s.case.rows && b < s.case.cols && s.case.fill[a][b] && !s.cover[a][b]);
                if !ok {
                    continue;
                }
                for &(a, b) in &cells {
                    s.cover[a][b] = true;
                }
                s.left[t] -= 1;
                go(s);
                s.left[t] += 1;
                for &(a, b) in &cells {
                    s.cover[a][b] = false;
                }
            }
        }
    }
    let area: usize = case.fill.iter().flatten().filter(|&&f| f).count();
    if case.pieces.iter().map(Vec::len).sum::<usize>() != area {
        return 0;
    }
    let (shapes, left) = pack_types(case);
    let mut s = S { case, shapes, left, cover: vec![vec![false; case.cols]; case.rows], count: 0, cap };
    go(&mut s);
    s.count
}

pub fn count_pack(case: &PackCase) -> u64 {
    count_pack_capped(case, u64::MAX)
}

pub fn pack_solvable(case: &PackCase) -> bool {
    count_pack_capped(case, 1) > 0
}

/// The most naive count: every piece (not type) in every allowed
/// orientation at every offset, in input order, fillings kept in a set of
/// (type, cells) blocks. Only for a few pieces on a small board.
pub fn count_pack_naive(case: &PackCase) -> u64 {
    type Filling = Vec<(usize, Cells)>;
    struct S<'a> {
        case: &'a PackCase,
        type_of: Vec<usize>,
        cover: Vec<Vec<bool>>,
        placed: Filling,
        seen: HashSet<Filling>,
    }
    fn go(s: &mut S, i: usize) {
        let case = s.case;
        if i == case.pieces.len() {
            let full = (0..case.rows).all(|r| (0..case.cols).all(|c| !case.fill[r][c] || s.cover[r][c]));
            if full {
                let mut f = s.placed.clone();
                f.sort();
                s.seen.insert(f);
            }
            return;
        }
        for t in 0..8 {
            if !crate::verify::allowed(t, case.rotate, case.flip) {
                continue;
            }
            let shape = crate::verify::orient(&case.pieces[i], t);
            for dr in 0..case.rows {
                for dc in 0..case.cols {
                    let cells: Cells = shape.iter().map(|&(a, b)| (a + dr, b + dc)).collect();
                    let ok =
                        cells.iter().all(|&(a, b)| a < case.rows && b < case.cols && case.fill[a][b] && !s.cover[a][b]);
                    if !ok {
                        continue;
                    }
                    for &(a, b) in &cells {
                        s.cover[a][b] = true;
                    }
                    s.placed.push((s.type_of[i], cells.clone()));
                    go(s, i + 1);
                    s.placed.pop();
                    for &(a, b) in &cells {
                        s.cover[a][b] = false;
                    }
                }
            }
        }
    }
    let (type_shapes, _) = pack_types(case);
    let type_of: Vec<usize> = case
        .pieces
        .iter()
        .map(|p| {
            let s: Vec<Cells> = shapes(p, case.rotate, case.flip).into_iter().collect();
            type_shapes.iter().position(|t| *t == s).unwrap()
        })
        .collect();
    let mut s =
        S { case, type_of, cover: vec![vec![false; case.cols]; case.rows], placed: vec![], seen: HashSet::new() };
    go(&mut s, 0);
    s.seen.len() as u64
}

// ---------------------------------------------------------------------------
// Generators.

/// A planted tetravex board (`rows x cols`, labels `0..labels`), its tiles
/// shuffled and, with `rotate`, each turned at random.
pub fn planted_tiles(rng: &mut Rng, rows: usize, cols: usize, labels: i32, rotate: bool, edges: bool) -> TileCase {
    let label = |rng: &mut Rng| -> i32 {
        if edges {
            let k = rng.range(1, labels.max(1) as usize) as i32;
            if rng.coin() {
                k
            } else {
                -k
            }
        } else {
            rng.below(labels as usize) as i32
        }
    };
    // h[r][c]: the join right of (r, c), as the left tile shows it;
    // v[r][c]: the join below (r, c), as the upper tile shows it.
    let h: Vec<Vec<i32>> = (0..rows).map(|_| (0..cols + 1).map(|_| label(rng)).collect()).collect();
    let v: Vec<Vec<i32>> = (0..rows + 1).map(|_| (0..cols).map(|_| label(rng)).collect()).collect();
    let partner = |x: i32| if edges { -x } else { x };
    let mut tiles = vec![];
    for r in 0..rows {
        for c in 0..cols {
            let top = if r == 0 {
                if edges {
                    0
                } else {
                    v[0][c]
                }
            } else {
                partner(v[r][c])
            };
            let bottom = if r + 1 == rows {
                if edges {
                    0
                } else {
                    v[rows][c]
                }
            } else {
                v[r + 1][c]
            };
            let left = if c == 0 {
                if edges {
                    0
                } else {
                    h[r][0]
                }
            } else {
                partner(h[r][c])
            };
            let right = if c + 1 == cols {
                if edges {
                    0
                } else {
                    h[r][cols]
                }
            } else {
                h[r][c + 1]
            };
            let t = [top, right, bottom, left];
            tiles.push(if rotate { turn(t, rng.below(4) as u8) } else { t });
        }
    }
    rng.shuffle(&mut tiles);
    if edges {
        TileCase::edges(rows, cols, tiles, rotate)
    } else {
        TileCase { rows, cols, ..TileCase::tetravex(rows, tiles, rotate) }
    }
}

/// Random tiles (mostly unsolvable), labels `0..labels` (edges: F/O/I with
/// flat sides weighted so that some cases pass the counting checks).
pub fn random_tiles(rng: &mut Rng, rows: usize, cols: usize, labels: i32, rotate: bool, edges: bool) -> TileCase {
    let tiles =
        (0..rows * cols)
            .map(|_| {
                std::array::from_fn(|_| {
                    if edges {
                        [-1, 0, 1, 1, -1][rng.below(5)]
                    } else {
                        rng.below(labels as usize) as i32
                    }
                })
            })
            .collect();
    if edges {
        TileCase::edges(rows, cols, tiles, rotate)
    } else {
        TileCase { rows, cols, ..TileCase::tetravex(rows, tiles, rotate) }
    }
}

/// A near miss: the planted case with one label of one tile changed.
pub fn near_miss_tiles(rng: &mut Rng, case: &TileCase, labels: i32) -> TileCase {
    let mut out = case.clone();
    let i = rng.below(out.tiles.len());
    let d = rng.below(4);
    let old = out.tiles[i][d];
    out.tiles[i][d] = if case.rule == Match::Complement {
        // Flip a side: a jut becomes a cavity (or the other way round).
        if old == 0 {
            1
        } else {
            -old
        }
    } else {
        (old + 1 + rng.below(labels as usize - 1) as i32) % labels
    };
    out
}

/// A planted packing: the board cut into `pieces` random regions (grown
/// from random seeds, so connected), each drawn in its bounding box, turned
/// by a random allowed symmetry and shuffled.
pub fn planted_pack(rng: &mut Rng, rows: usize, cols: usize, pieces: usize, rotate: bool, flip: bool) -> PackCase {
    let mut owner = vec![vec![usize::MAX; cols]; rows];
    let mut all: Vec<(usize, usize)> = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
    rng.shuffle(&mut all);
    for (k, &(r, c)) in all.iter().take(pieces).enumerate() {
        owner[r][c] = k;
    }
    let mut left = rows * cols - pieces.min(rows * cols);
    while left > 0 {
        let (r, c) = (rng.below(rows), rng.below(cols));
        if owner[r][c] != usize::MAX {
            continue;
        }
        let near: Vec<usize> = [(0isize, 1isize), (1, 0), (0, -1), (-1, 0)]
            .iter()
            .filter_map(|&(dr, dc)| {
                let (a, b) = (r as isize + dr, c as isize + dc);
                (a >= 0 && b >= 0 && (a as usize) < rows && (b as usize) < cols).then(|| owner[a as usize][b as usize])
            })
            .filter(|&o| o != usize::MAX)
            .collect();
        if near.is_empty() {
            continue;
        }
        owner[r][c] = near[rng.below(near.len())];
        left -= 1;
    }
    let mut shapes_out: Vec<Cells> = (0..pieces.min(rows * cols))
        .map(|k| {
            let cells: Cells =
                (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|&(r, c)| owner[r][c] == k).collect();
            let allowed: Vec<u8> = (0..8).filter(|&t| crate::verify::allowed(t, rotate, flip)).collect();
            crate::verify::orient(&cells, allowed[rng.below(allowed.len())])
        })
        .collect();
    rng.shuffle(&mut shapes_out);
    PackCase::rect(rows, cols, shapes_out, rotate, flip)
}

/// Random pieces of the right total area (mostly unsolvable).
pub fn random_pack(rng: &mut Rng, rows: usize, cols: usize, pieces: usize, rotate: bool, flip: bool) -> PackCase {
    let mut planted = planted_pack(rng, rows, cols, pieces, rotate, flip);
    // Move one cell of one piece somewhere else in its bounding box (+1).
    // The piece must still fit the board in some allowed orientation (a
    // piece larger than the board is an input error, not a puzzle).
    let fits = |p: &Cells| {
        (0..8).filter(|&t| crate::verify::allowed(t, rotate, flip)).any(|t| {
            let s = crate::verify::orient(p, t);
            s.iter().all(|&(r, c)| r < rows && c < cols)
        })
    };
    let i = rng.below(planted.pieces.len());
    let p = &planted.pieces[i];
    if p.len() > 1 {
        let k = rng.below(p.len());
        let (h, w) = (p.iter().map(|c| c.0).max().unwrap() + 1, p.iter().map(|c| c.1).max().unwrap() + 1);
        let moved: Vec<Cells> = (0..=h)
            .flat_map(|r| (0..=w).map(move |c| (r, c)))
            .filter(|x| !p.contains(x))
            .map(|x| {
                let mut q = p.clone();
                q[k] = x;
                crate::verify::normalise(&q)
            })
            .filter(|q| fits(q))
            .collect();
        if !moved.is_empty() {
            planted.pieces[i] = moved[rng.below(moved.len())].clone();
        }
    }
    planted
}

// ---------------------------------------------------------------------------
// Judge text writers.

pub fn tetravex_text(cases: &[TileCase]) -> String {
    let mut s = String::new();
    for c in cases {
        assert_eq!(c.rows, c.cols);
        s.push_str(&format!("{}\n", c.rows));
        for t in &c.tiles {
            s.push_str(&format!("{} {} {} {}\n", t[0], t[1], t[2], t[3]));
        }
    }
    s.push_str("0\n");
    s
}

/// Edges text: letters when every side is in -1..=1, else signed numbers.
pub fn edges_text(cases: &[TileCase]) -> String {
    let mut s = String::new();
    for (k, c) in cases.iter().enumerate() {
        if k > 0 {
            s.push('\n');
        }
        s.push_str(&format!("{} {}\n", c.rows, c.cols));
        let letters = c.tiles.iter().flatten().all(|l| (-1..=1).contains(l));
        for t in &c.tiles {
            if letters {
                s.extend(t.iter().map(|&l| match l {
                    0 => 'F',
                    1 => 'O',
                    _ => 'I',
                }));
                s.push('\n');
            } else {
                let w: Vec<String> = t.iter().map(|&l| if l > 0 { format!("+{l}") } else { l.to_string() }).collect();
                s.push_str(&w.join(" "));
                s.push('\n');
            }
        }
    }
    s.push_str("0 0\n");
    s
}

/// One piece drawn as `rows cols` and rows of 0/1.
pub fn piece_text(cells: &[(usize, usize)]) -> String {
    let h = cells.iter().map(|c| c.0).max().unwrap() + 1;
    let w = cells.iter().map(|c| c.1).max().unwrap() + 1;
    let mut s = format!("{h} {w}\n");
    for r in 0..h {
        s.extend((0..w).map(|c| if cells.contains(&(r, c)) { '1' } else { '0' }));
        s.push('\n');
    }
    s
}

pub fn pack_text(cases: &[PackCase]) -> String {
    let mut s = String::new();
    for c in cases {
        s.push_str(&format!("{}\n", c.pieces.len()));
        for p in &c.pieces {
            s.push_str(&piece_text(p));
        }
    }
    s.push_str("0\n");
    s
}

// ---------------------------------------------------------------------------
// The brute force checks itself on tiny cases against the naive counts.

#[test]
fn dedup_backtracking_agrees_with_the_naive_count() {
    let mut rng = Rng::new(0xB0B);
    for round in 0..300 {
        let rotate = round % 2 == 1;
        let edges = round % 3 == 0;
        let (rows, cols) = [(1, 2), (2, 2), (1, 3), (2, 1), (1, 4)][round % 5];
        let labels = [1, 2, 3][round % 3];
        let case = if round % 4 == 0 {
            random_tiles(&mut rng, rows, cols, labels.max(2), rotate, edges)
        } else {
            planted_tiles(&mut rng, rows, cols, labels, rotate, edges)
        };
        assert_eq!(count_tiles(&case), count_tiles_naive(&case), "{case:?}");
    }
    let mut rng = Rng::new(0xB0C);
    for round in 0..120 {
        let (rotate, flip) = [(false, false), (true, false), (false, true), (true, true)][round % 4];
        let (rows, cols, p) = [(2, 3, 3), (2, 2, 2), (3, 3, 3), (2, 4, 2), (1, 4, 3)][round % 5];
        let case = if round % 3 == 0 {
            random_pack(&mut rng, rows, cols, p, rotate, flip)
        } else {
            planted_pack(&mut rng, rows, cols, p, rotate, flip)
        };
        assert_eq!(count_pack(&case), count_pack_naive(&case), "{case:?}");
    }
}

#[test]
fn brute_force_knows_small_answers() {
    // Four identical blank tiles: one look.
    let same = TileCase::tetravex(2, vec![[1, 1, 1, 1]; 4], true);
    assert_eq!(count_tiles(&same), 1);
    // A 2x2 of distinct tiles that fit only one way.
    let case = TileCase::tetravex(2, vec![[5, 9, 1, 4], [4, 4, 5, 6], [6, 8, 5, 4], [0, 4, 4, 3]], false);
    assert_eq!(count_tiles(&case), 1);
    // Two dominoes on a 2x2 board with rotation: two fillings.
    let domino = vec![(0, 0), (0, 1)];
    let case = PackCase::rect(2, 2, vec![domino.clone(), domino.clone()], true, false);
    assert_eq!(count_pack(&case), 2);
    // Without rotation: only horizontal.
    let case = PackCase::rect(2, 2, vec![domino.clone(), domino], false, false);
    assert_eq!(count_pack(&case), 1);
}
