//! Random puzzles with a planted solution.
//!
//! Every generator first builds a solved board and then hides the solution:
//! tiles are shuffled (and turned, when tiles may turn); a packing board is
//! cut into random connected pieces, which are shuffled (and turned or
//! mirrored). So every puzzle made here has at least one solution, the
//! planted one, and often more.
//!
//! The random source is [`Rng`] (SplitMix64), so a seed gives the same
//! puzzles on every machine and in every version that does not change this
//! module's drawing order.
//!
//! * Tile boards ([`tiles()`]): every join between two neighbouring cells
//!   gets a random label; a tile shows the labels of its four joins. For
//!   Tetravex ([`Rule::Equal`]) both sides of a join carry the label; for
//!   jigsaw edges ([`Rule::Complement`]) one side carries `+k` and the
//!   other `-k`. The outer sides carry the border label when there is one
//!   (edges: always `0`, flat), else random labels. With separate frame and
//!   inner labels (Eternity II's scheme), the joins along the border ring
//!   draw from the frame labels and all others from the inner labels.
//! * Packing ([`pack()`]): `k` seed cells grow, smallest region first, into
//!   `k` connected pieces that tile the board.

use crate::puzzles::pack::{self, Board, PackPuzzle, Piece};
use crate::puzzles::polyomino::{Freedom, Shape};
use crate::puzzles::tiles::{self, Border, Fix, Labels, Rule, TilePuzzle};
use crate::puzzles::{edges, tetravex};

pub use crate::rng::Rng;

/// What tile board to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSpec {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// [`Rule::Equal`] (Tetravex) or [`Rule::Complement`] (jigsaw edges).
    pub rule: Rule,
    /// What the outer sides carry. Edges: `Border::Label(0)` (flat).
    pub border: Border,
    /// The labels the joins along the border ring draw from (Tetravex:
    /// label values; edges: tab shapes, each used as `+k`/`-k`).
    pub frame_labels: Vec<i32>,
    /// The labels all other joins (and, without a border, the outer sides)
    /// draw from.
    pub inner_labels: Vec<i32>,
    /// Turn every tile a random number of quarter turns.
    pub rotate: bool,
    /// Pin the tile of the centre cell where the planted solution has it
    /// (cell and rotation), like Eternity II's mandatory centre piece. On
    /// even sides the centre is the cell below and right of the middle
    /// point: row `rows / 2`, column `cols / 2` (0-based).
    pub centre_hint: bool,
}

impl TileSpec {
    /// Tetravex labels: `count` values from 0 up, skipping the border label.
    pub fn tetravex_labels(border: Option<i32>, skip: usize, count: usize) -> Vec<i32> {
        (0..).filter(|&l| Some(l) != border).skip(skip).take(count).collect()
    }

    /// Edge tab shapes `from..from + count` (from 1).
    pub fn edge_shapes(skip: usize, count: usize) -> Vec<i32> {
        (1..).skip(skip).take(count).collect()
    }
}

/// A shuffled tile board with a planted solution.
pub fn tiles(rng: &mut Rng, spec: &TileSpec) -> TilePuzzle {
    let (rows, cols) = (spec.rows, spec.cols);
    assert!(rows > 0 && cols > 0, "an empty board");
    assert!(!spec.inner_labels.is_empty() && !spec.frame_labels.is_empty(), "no labels");
    let mut join = |frame: bool| -> i32 {
        let pool = if frame { &spec.frame_labels } else { &spec.inner_labels };
        let label = rng.pick(pool);
        match spec.rule {
            Rule::Equal => label,
            Rule::Complement if rng.below(2) == 0 => label,
            Rule::Complement => -label,
        }
    };
    // h[r][c]: the join right of (r, c), as the left cell shows it;
    // v[r][c]: the join below (r, c), as the upper cell shows it.
    let h: Vec<Vec<i32>> = (0..rows).map(|r| (0..cols - 1).map(|_| join(r == 0 || r == rows - 1)).collect()).collect();
    let v: Vec<Vec<i32>> = (0..rows - 1).map(|_| (0..cols).map(|c| join(c == 0 || c == cols - 1)).collect()).collect();
    let mut outer = || match spec.border {
        Border::Label(b) => b,
        Border::Free => rng.pick(&spec.inner_labels),
    };
    let other = |l: i32| spec.rule.partner(l);
    let mut board: Vec<Labels> = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let top = if r == 0 { outer() } else { other(v[r - 1][c]) };
            let right = if c == cols - 1 { outer() } else { h[r][c] };
            let bottom = if r == rows - 1 { outer() } else { v[r][c] };
            let left = if c == 0 { outer() } else { other(h[r][c - 1]) };
            board.push([top, right, bottom, left]);
        }
    }
    // Each tile with the turn it got and the cell it came from, so that the
    // centre hint can undo both; the draws are the same as without a hint.
    let mut shuffled: Vec<(Labels, u8, usize)> = Vec::with_capacity(board.len());
    for (cell, &t) in board.iter().enumerate() {
        let turn = if spec.rotate { rng.below(4) as u8 } else { 0 };
        shuffled.push((tiles::rotate(t, turn), turn, cell));
    }
    rng.shuffle(&mut shuffled);
    let centre = (rows / 2) * cols + cols / 2;
    let fixes = shuffled
        .iter()
        .position(|&(_, _, cell)| spec.centre_hint && cell == centre)
        .map(|piece| Fix { piece, row: rows / 2, col: cols / 2, rotation: Some((4 - shuffled[piece].1) % 4) })
        .into_iter()
        .collect();
    TilePuzzle {
        rows,
        cols,
        tiles: shuffled.into_iter().map(|(t, _, _)| t).collect(),
        rule: spec.rule,
        border: spec.border,
        rotate: spec.rotate,
        fixes,
    }
}

/// What packing puzzle to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackSpec {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// How many pieces (1 to the board's area).
    pub pieces: usize,
    /// Which symmetries the pieces may use; each piece is drawn under a
    /// random one of them.
    pub freedom: Freedom,
}

/// A rectangle cut into `spec.pieces` random connected pieces.
pub fn pack(rng: &mut Rng, spec: &PackSpec) -> PackPuzzle {
    let (rows, cols) = (spec.rows, spec.cols);
    let area = rows * cols;
    assert!(spec.pieces >= 1 && spec.pieces <= area, "1 to {area} pieces");
    let mut owner: Vec<Option<usize>> = vec![None; area];
    let mut cells: Vec<Vec<usize>> = Vec::with_capacity(spec.pieces);
    // Distinct seed cells: the first `pieces` of a shuffled board.
    let mut order: Vec<usize> = (0..area).collect();
    rng.shuffle(&mut order);
    for (p, &cell) in order[..spec.pieces].iter().enumerate() {
        owner[cell] = Some(p);
        cells.push(vec![cell]);
    }
    let neighbours = |cell: usize| {
        let (r, c) = (cell / cols, cell % cols);
        let mut n = Vec::with_capacity(4);
        if r > 0 {
            n.push(cell - cols);
        }
        if c + 1 < cols {
            n.push(cell + 1);
        }
        if r + 1 < rows {
            n.push(cell + cols);
        }
        if c > 0 {
            n.push(cell - 1);
        }
        n
    };
    let mut left = area - spec.pieces;
    while left > 0 {
        // The free cells next to each piece; grow a smallest piece that has any.
        let mut best: Option<(usize, Vec<usize>)> = None;
        let mut ties = 0;
        for (p, own) in cells.iter().enumerate() {
            let mut free: Vec<usize> =
                own.iter().flat_map(|&x| neighbours(x)).filter(|&n| owner[n].is_none()).collect();
            if free.is_empty() {
                continue;
            }
            free.sort_unstable();
            free.dedup();
            let size = own.len();
            match &best {
                Some((b, _)) if cells[*b].len() < size => {}
                Some((b, _)) if cells[*b].len() == size => {
                    ties += 1;
                    if rng.below(ties + 1) == 0 {
                        best = Some((p, free));
                    }
                }
                _ => {
                    ties = 0;
                    best = Some((p, free));
                }
            }
        }
        let (p, free) = best.expect("a connected board always has a piece with a free neighbour");
        let cell = rng.pick(&free);
        owner[cell] = Some(p);
        cells[p].push(cell);
        left -= 1;
    }
    let transforms = spec.freedom.transforms();
    let mut pieces: Vec<Piece> = cells
        .iter()
        .map(|own| {
            let shape = Shape::new(own.iter().map(|&x| (x / cols, x % cols))).expect("a piece has a cell");
            let shape = shape.transform(rng.pick(transforms));
            Piece { shape, name: None, freedom: spec.freedom, line: 0 }
        })
        .collect();
    rng.shuffle(&mut pieces);
    PackPuzzle { board: Board::rectangle(rows, cols), pieces }
}

/// A tile puzzle in the judge's text format, by its rule: Tetravex
/// ([`tetravex::judge_text`], square boards only) or edges
/// ([`edges::judge_text`]). Without the terminator.
pub fn tiles_text(p: &TilePuzzle) -> String {
    match p.rule {
        Rule::Equal => tetravex::judge_text(p),
        Rule::Complement => edges::judge_text(p),
    }
}

/// A packing puzzle in UVa 387's text format ([`pack::judge_text`]: the
/// pieces only, the board is given on the command line). Without the
/// terminator.
pub fn pack_text(p: &PackPuzzle) -> String {
    pack::judge_text(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchConfig;
    use crate::puzzles::{PackModel, TileModel};
    use crate::solve::{self, Status};

    fn solvable_tiles(p: TilePuzzle) {
        let model = TileModel::new(p).unwrap();
        let r = solve::run(&model, true, &SearchConfig::first(), None);
        assert_eq!(r.status, Status::Solvable);
    }

    #[test]
    fn planted_tile_boards_are_solvable() {
        let mut rng = Rng::new(7);
        for (rows, cols) in [(1, 1), (1, 4), (3, 3), (4, 2), (5, 5)] {
            for rotate in [false, true] {
                let tetravex = TileSpec {
                    rows,
                    cols,
                    rule: Rule::Equal,
                    border: Border::Free,
                    frame_labels: TileSpec::tetravex_labels(None, 0, 3),
                    inner_labels: TileSpec::tetravex_labels(None, 0, 3),
                    rotate,
                    centre_hint: false,
                };
                solvable_tiles(tiles(&mut rng, &tetravex));
                let eternity = TileSpec {
                    border: Border::Label(0),
                    frame_labels: TileSpec::tetravex_labels(Some(0), 0, 2),
                    inner_labels: TileSpec::tetravex_labels(Some(0), 2, 4),
                    ..tetravex.clone()
                };
                solvable_tiles(tiles(&mut rng, &eternity));
                let edges = TileSpec {
                    rule: Rule::Complement,
                    border: Border::Label(0),
                    frame_labels: TileSpec::edge_shapes(0, 2),
                    inner_labels: TileSpec::edge_shapes(0, 2),
                    ..tetravex
                };
                solvable_tiles(tiles(&mut rng, &edges));
            }
        }
    }

    #[test]
    fn frame_joins_use_frame_labels() {
        let mut rng = Rng::new(3);
        let spec = TileSpec {
            rows: 4,
            cols: 5,
            rule: Rule::Equal,
            border: Border::Label(0),
            frame_labels: vec![1],
            inner_labels: vec![2],
            rotate: false,
            centre_hint: false,
        };
        let p = tiles(&mut rng, &spec);
        for t in &p.tiles {
            let grey = t.iter().filter(|&&l| l == 0).count();
            let frame = t.iter().filter(|&&l| l == 1).count();
            // Corners: two grey sides and two frame sides; edge pieces:
            // one grey, two frame, one inner; inner pieces: four inner.
            assert!(matches!((grey, frame), (2, 2) | (1, 2) | (0, 0)), "{t:?}");
        }
    }

    /// The centre hint pins the planted tile: the puzzle stays solvable,
    /// and apart from the hint it is the puzzle made without one.
    #[test]
    fn centre_hint_pins_the_planted_tile() {
        for (n, rotate, seed) in [(1, true, 1), (4, true, 2), (5, false, 3), (6, true, 4)] {
            let spec = TileSpec {
                rows: n,
                cols: n,
                rule: Rule::Equal,
                border: Border::Label(0),
                frame_labels: TileSpec::tetravex_labels(Some(0), 0, 2),
                inner_labels: TileSpec::tetravex_labels(Some(0), 2, 5),
                rotate,
                centre_hint: true,
            };
            let hinted = tiles(&mut Rng::new(seed), &spec);
            let plain = tiles(&mut Rng::new(seed), &TileSpec { centre_hint: false, ..spec });
            assert_eq!(hinted.tiles, plain.tiles);
            assert_eq!(hinted.fixes.len(), 1);
            let f = hinted.fixes[0];
            assert_eq!((f.row, f.col), (n / 2, n / 2));
            assert!(rotate || f.rotation == Some(0));
            solvable_tiles(hinted);
        }
    }

    #[test]
    fn packings_tile_the_board_and_are_solvable() {
        let mut rng = Rng::new(11);
        for (rows, cols, k) in [(1, 1, 1), (3, 4, 3), (4, 4, 16), (5, 6, 6)] {
            for (rotate, flip) in [(false, false), (true, true)] {
                let spec = PackSpec { rows, cols, pieces: k, freedom: Freedom { rotate, flip } };
                let p = pack(&mut rng, &spec);
                assert_eq!(p.pieces.len(), k);
                assert!(p.areas_match());
                assert!(p.pieces.iter().all(|x| x.shape.is_connected()));
                let model = PackModel::new(p).unwrap();
                let r = solve::run(&model, true, &SearchConfig::first(), None);
                assert_eq!(r.status, Status::Solvable);
            }
        }
    }

    #[test]
    fn same_seed_same_puzzle() {
        let spec = PackSpec { rows: 6, cols: 10, pieces: 12, freedom: Freedom { rotate: true, flip: true } };
        assert_eq!(pack(&mut Rng::new(5), &spec), pack(&mut Rng::new(5), &spec));
        assert_ne!(pack(&mut Rng::new(5), &spec), pack(&mut Rng::new(6), &spec));
    }
}
