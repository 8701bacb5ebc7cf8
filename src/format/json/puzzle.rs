//! The puzzles and solutions as JSON objects: what a case record's
//! `puzzle` and `solution` hold, and the puzzle objects tessera reads
//! (schema in docs/json.md). Positions are 1-based, as on the command
//! line; the `from_*` constructors turn the library's 0-based types into
//! them, and [`validate`](super::validate) turns puzzle objects back.

use crate::puzzles::input::decimal;
use crate::puzzles::pack::{PackPuzzle, PackSolution};
use crate::puzzles::tiles::{Border, Fix, TilePuzzle, TileSolution};
use serde::{Deserialize, Serialize};

/// A tile puzzle (tetravex or edges) as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TilePuzzleJson {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// Each tile: top, right, bottom, left.
    pub tiles: Vec<[i32; 4]>,
    #[serde(default)]
    /// Tiles may turn (`--rotate`).
    pub rotate: bool,
    /// The label every outer side carries (tetravex `--border`; edges: 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub border: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Hints: tiles pinned to cells.
    pub fixes: Vec<FixJson>,
}

/// A hint as JSON.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FixJson {
    /// The tile, 1-based.
    pub piece: usize,
    /// The row, 1-based.
    pub row: usize,
    /// The column, 1-based.
    pub col: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Quarter turns clockwise (0-3), when the hint gives them.
    pub rotation: Option<u8>,
}

impl FixJson {
    /// The hint as JSON (1-based).
    pub fn from_fix(f: &Fix) -> Self {
        FixJson { piece: f.piece + 1, row: f.row + 1, col: f.col + 1, rotation: f.rotation }
    }
}

impl TilePuzzleJson {
    /// The puzzle as JSON (1-based hints).
    pub fn from_puzzle(p: &TilePuzzle) -> Self {
        TilePuzzleJson {
            rows: p.rows,
            cols: p.cols,
            tiles: p.tiles.clone(),
            rotate: p.rotate,
            border: match p.border {
                Border::Free => None,
                Border::Label(b) => Some(b),
            },
            fixes: p.fixes.iter().map(FixJson::from_fix).collect(),
        }
    }
}

/// Where a tile lies.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TilePlacementJson {
    /// The tile, 1-based.
    pub piece: usize,
    /// The row, 1-based.
    pub row: usize,
    /// The column, 1-based.
    pub col: usize,
    /// Quarter turns clockwise (0-3).
    pub rotation: u8,
}

/// A solved tile board as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TileSolutionJson {
    /// One entry per input tile, in input order.
    pub placements: Vec<TilePlacementJson>,
    /// The labels shown in each cell, row by row.
    pub grid: Vec<Vec<[i32; 4]>>,
}

impl TileSolutionJson {
    /// The solution of `p` as JSON (1-based).
    pub fn from_solution(p: &TilePuzzle, s: &TileSolution) -> Self {
        TileSolutionJson {
            placements: s
                .placements
                .iter()
                .map(|pl| TilePlacementJson {
                    piece: pl.piece + 1,
                    row: pl.row + 1,
                    col: pl.col + 1,
                    rotation: pl.rotation,
                })
                .collect(),
            grid: s.grid.chunks(p.cols).map(|r| r.to_vec()).collect(),
        }
    }
}

// Tile puzzles and solutions written straight to JSON text, for the
// case records: the same text as through a `serde_json::Value` (whose
// objects keep their keys sorted, so the fields below are in that
// order), digit by digit into one string, without a tree of values and
// without serde's calls per field (on a 32x32 board those took 1.6 of
// 56 million instructions), and put into the case record's line as they
// are ([`fill_case_record`](super::fill_case_record)).

/// Writes `n` in decimal at the end of `out`, as serde_json writes
/// integers.
fn push_int(out: &mut Vec<u8>, n: i64) {
    if n < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(decimal(n.unsigned_abs(), &mut [0u8; 20]));
}

/// A tile's labels, `[t,r,b,l]`.
fn push_labels(out: &mut Vec<u8>, l: &[i32; 4]) {
    for (i, &x) in l.iter().enumerate() {
        out.push(if i == 0 { b'[' } else { b',' });
        push_int(out, i64::from(x));
    }
    out.push(b']');
}

/// The text written, ASCII throughout.
/// The `i`-th object of a list of placed tiles (a hint or a solution's
/// placement): `{"col":..,"piece":..,"rotation":..,"row":..}`, keys in
/// serde's order, numbers from 1, the rotation only where there is one.
fn push_place(out: &mut Vec<u8>, i: usize, (row, col, piece): (usize, usize, usize), rotation: Option<u8>) {
    out.extend_from_slice(if i == 0 { b"{\"col\":" } else { b",{\"col\":" });
    push_int(out, col as i64 + 1);
    out.extend_from_slice(b",\"piece\":");
    push_int(out, piece as i64 + 1);
    if let Some(r) = rotation {
        out.extend_from_slice(b",\"rotation\":");
        push_int(out, i64::from(r));
    }
    out.extend_from_slice(b",\"row\":");
    push_int(out, row as i64 + 1);
    out.push(b'}');
}

fn text(out: Vec<u8>) -> String {
    String::from_utf8(out).expect("ASCII")
}

/// The puzzle's JSON text: the text of the `serde_json::Value` of
/// [`TilePuzzleJson::from_puzzle`], with `border` instead of the
/// puzzle's (`edges` shows none).
pub fn tile_puzzle_text(p: &TilePuzzle, border: Option<i32>) -> String {
    let mut out = Vec::with_capacity(64 + 24 * p.tiles.len() + 48 * p.fixes.len());
    out.push(b'{');
    if let Some(b) = border {
        out.extend_from_slice(b"\"border\":");
        push_int(&mut out, i64::from(b));
        out.push(b',');
    }
    out.extend_from_slice(b"\"cols\":");
    push_int(&mut out, p.cols as i64);
    out.push(b',');
    if !p.fixes.is_empty() {
        out.extend_from_slice(b"\"fixes\":");
        out.push(b'[');
        for (i, f) in p.fixes.iter().enumerate() {
            push_place(&mut out, i, (f.row, f.col, f.piece), f.rotation);
        }
        out.extend_from_slice(b"],");
    }
    out.extend_from_slice(if p.rotate { b"\"rotate\":true,\"rows\":" } else { b"\"rotate\":false,\"rows\":" });
    push_int(&mut out, p.rows as i64);
    out.extend_from_slice(b",\"tiles\":[");
    for (i, t) in p.tiles.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_labels(&mut out, t);
    }
    out.extend_from_slice(b"]}");
    text(out)
}

/// The solution's JSON text: the text of the `serde_json::Value` of
/// [`TileSolutionJson::from_solution`].
pub fn tile_solution_text(p: &TilePuzzle, s: &TileSolution) -> String {
    let mut out = Vec::with_capacity(32 + 72 * s.grid.len());
    out.extend_from_slice(b"{\"grid\":[");
    for (r, row) in s.grid.chunks(p.cols.max(1)).enumerate() {
        out.extend_from_slice(if r == 0 { b"[" } else { b",[" });
        for (i, l) in row.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            push_labels(&mut out, l);
        }
        out.push(b']');
    }
    out.extend_from_slice(b"],\"placements\":[");
    for (i, pl) in s.placements.iter().enumerate() {
        push_place(&mut out, i, (pl.row, pl.col, pl.piece), Some(pl.rotation));
    }
    out.extend_from_slice(b"]}");
    text(out)
}

/// A packing board as JSON: a picture, `.` for a cell to fill and `#` for
/// a hole.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct BoardJson {
    /// The picture's rows.
    pub rows: usize,
    /// The picture's columns.
    pub cols: usize,
    /// One string per row: `.` a cell to fill, `#` a hole.
    pub picture: Vec<String>,
}

/// A piece as JSON: a picture, `#` for a solid cell and `.` for an empty one.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PieceJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The piece's name, if it has one.
    pub name: Option<String>,
    /// One string per row: `#` solid, `.` empty.
    pub picture: Vec<String>,
    #[serde(default)]
    /// Quarter turns allowed.
    pub rotate: bool,
    #[serde(default)]
    /// The mirror image allowed.
    pub flip: bool,
}

/// A packing puzzle as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PackPuzzleJson {
    /// The board.
    pub board: BoardJson,
    /// The pieces in input order.
    pub pieces: Vec<PieceJson>,
}

impl PackPuzzleJson {
    /// The puzzle as JSON.
    pub fn from_puzzle(p: &PackPuzzle) -> Self {
        let b = &p.board;
        PackPuzzleJson {
            board: BoardJson {
                rows: b.rows,
                cols: b.cols,
                picture: (0..b.rows)
                    .map(|r| (0..b.cols).map(|c| if b.is_cell(r, c) { '.' } else { '#' }).collect())
                    .collect(),
            },
            pieces: p
                .pieces
                .iter()
                .map(|x| PieceJson {
                    name: x.name.clone(),
                    picture: x.shape.picture(),
                    rotate: x.freedom.rotate,
                    flip: x.freedom.flip,
                })
                .collect(),
        }
    }
}

/// Where a piece lies.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PiecePlacementJson {
    /// The piece, 1-based.
    pub piece: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The piece's name, if it has one.
    pub name: Option<String>,
    /// The symmetry applied to the piece as drawn: 0-3 quarter turns
    /// clockwise, 4-7 mirrored left-right and then turned 0-3 times.
    pub orientation: u8,
    /// The top row of the oriented piece's bounding box, 1-based.
    pub row: usize,
    /// The left column of that box, 1-based.
    pub col: usize,
    /// Covered cells, `[row, col]`, in reading order.
    pub cells: Vec<[usize; 2]>,
}

/// A filled board as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PackSolutionJson {
    /// One entry per input piece, in input order.
    pub placements: Vec<PiecePlacementJson>,
}

impl PackSolutionJson {
    /// The solution of `p` as JSON (1-based).
    pub fn from_solution(p: &PackPuzzle, s: &PackSolution) -> Self {
        PackSolutionJson {
            placements: s
                .placements
                .iter()
                .map(|pl| PiecePlacementJson {
                    piece: pl.piece + 1,
                    name: p.pieces[pl.piece].name.clone(),
                    orientation: pl.orientation,
                    row: pl.row + 1,
                    col: pl.col + 1,
                    cells: pl.cells.iter().map(|&(r, c)| [r + 1, c + 1]).collect(),
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of a value through a `serde_json::Value`.
    fn via_value<T: Serialize>(v: &T) -> String {
        serde_json::to_string(&serde_json::to_value(v).unwrap()).unwrap()
    }

    /// The JSON text written straight from a tile puzzle and a solution
    /// is the text of their `serde_json::Value`s, with and without a
    /// border, hints and turns, negative labels and wide numbers, on
    /// random boards (one row, one column, empty).
    #[test]
    fn tile_json_text_is_the_value_text() {
        use crate::puzzles::tiles::{Rule, TilePlacement};
        let mut rng = crate::rng::Rng::new(28);
        for case in 0..300 {
            let (rows, cols) = (rng.below(5), 1 + rng.below(5));
            let rows = if case % 50 == 0 { 0 } else { rows };
            let n = rows * cols;
            let wide = [9i64, 1000, i64::from(i32::MAX)][case % 3];
            let label = |rng: &mut crate::rng::Rng| (rng.below(2 * wide as usize + 1) as i64 - wide) as i32;
            let tiles: Vec<[i32; 4]> =
                (0..n).map(|_| [label(&mut rng), label(&mut rng), label(&mut rng), label(&mut rng)]).collect();
            let mut fixes = Vec::new();
            for i in 0..n.min(3) {
                if rng.below(2) == 0 {
                    fixes.push(Fix { piece: i, row: i / cols, col: i % cols, rotation: [None, Some(2)][rng.below(2)] });
                }
            }
            let border = [Border::Free, Border::Label(label(&mut rng))][rng.below(2)];
            let rule = [Rule::Equal, Rule::Complement][rng.below(2)];
            let p = TilePuzzle { rows, cols, tiles, rule, border, rotate: rng.below(2) == 0, fixes };
            let json = TilePuzzleJson::from_puzzle(&p);
            assert_eq!(tile_puzzle_text(&p, json.border), via_value(&json), "case {case}");
            let hidden = TilePuzzleJson { border: None, ..json };
            assert_eq!(tile_puzzle_text(&p, None), via_value(&hidden), "case {case}");
            let placements = (0..n)
                .map(|i| TilePlacement { piece: n - 1 - i, row: i / cols, col: i % cols, rotation: (i % 4) as u8 })
                .collect();
            let s = TileSolution { placements, grid: p.tiles.clone() };
            assert_eq!(tile_solution_text(&p, &s), via_value(&TileSolutionJson::from_solution(&p, &s)));
        }
    }
}
