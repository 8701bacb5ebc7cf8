//! The puzzles and solutions as JSON objects: what a case record's
//! `puzzle` and `solution` hold, and the puzzle objects tessera reads
//! (schema in docs/json.md). Positions are 1-based, as on the command
//! line; the `from_*` constructors turn the library's 0-based types into
//! them, and [`validate`](super::validate) turns puzzle objects back.

use crate::puzzles::pack::{PackPuzzle, PackSolution};
use crate::puzzles::tiles::{Border, Fix, TilePuzzle, TileSolution};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

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
// order), without building one (on a 32x32 board the tree of values and
// its text took 2.8 of 58 million instructions).

/// [`TilePuzzleJson`], keys sorted.
#[derive(Serialize)]
struct PuzzleText<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    border: Option<i32>,
    cols: usize,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    fixes: Vec<FixText>,
    rotate: bool,
    rows: usize,
    tiles: &'a [[i32; 4]],
}

/// [`FixJson`], keys sorted.
#[derive(Serialize)]
struct FixText {
    col: usize,
    piece: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    rotation: Option<u8>,
    row: usize,
}

/// [`TileSolutionJson`], keys sorted.
#[derive(Serialize)]
struct SolutionText<'a> {
    grid: &'a [Vec<[i32; 4]>],
    placements: Vec<PlacementText>,
}

/// [`TilePlacementJson`], keys sorted.
#[derive(Serialize)]
struct PlacementText {
    col: usize,
    piece: usize,
    rotation: u8,
    row: usize,
}

fn raw<T: Serialize>(v: &T) -> Box<RawValue> {
    serde_json::value::to_raw_value(v).expect("records serialise")
}

/// The puzzle's JSON text: the text of its `serde_json::Value`.
pub fn tile_puzzle_text(p: &TilePuzzleJson) -> Box<RawValue> {
    let fixes = p.fixes.iter().map(|f| FixText { col: f.col, piece: f.piece, rotation: f.rotation, row: f.row });
    raw(&PuzzleText {
        border: p.border,
        cols: p.cols,
        fixes: fixes.collect(),
        rotate: p.rotate,
        rows: p.rows,
        tiles: &p.tiles,
    })
}

/// The solution's JSON text: the text of its `serde_json::Value`.
pub fn tile_solution_text(s: &TileSolutionJson) -> Box<RawValue> {
    let placements =
        s.placements.iter().map(|p| PlacementText { col: p.col, piece: p.piece, rotation: p.rotation, row: p.row });
    raw(&SolutionText { grid: &s.grid, placements: placements.collect() })
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
    /// border, hints and turns.
    #[test]
    fn tile_json_text_is_the_value_text() {
        let hints = [vec![], vec![(1, 2, 1, Some(3))], vec![(2, 1, 2, None), (3, 1, 1, Some(0))]];
        for (border, fixes, rotate) in
            [(None, &hints[0], false), (Some(0), &hints[1], true), (Some(5), &hints[2], false)]
        {
            let p = TilePuzzleJson {
                rows: 2,
                cols: 3,
                tiles: vec![[1, 2, 3, 4], [5, 6, 7, 8], [0, 1, 0, 1], [9, 9, 9, 9], [2, 3, 4, 5], [6, 7, 8, 9]],
                rotate,
                border,
                fixes: fixes.iter().map(|&(piece, row, col, rotation)| FixJson { piece, row, col, rotation }).collect(),
            };
            assert_eq!(tile_puzzle_text(&p).get(), via_value(&p));
            let place =
                |i: usize| TilePlacementJson { piece: i, row: 1 + i / 4, col: 1 + i % 3, rotation: (i % 4) as u8 };
            let s = TileSolutionJson {
                placements: (1..=6).map(place).collect(),
                grid: p.tiles.chunks(3).map(|r| r.to_vec()).collect(),
            };
            assert_eq!(tile_solution_text(&s).get(), via_value(&s));
        }
    }
}
