//! The puzzles and solutions as JSON objects: what a case record's
//! `puzzle` and `solution` hold, and the puzzle objects tessera reads
//! (schema in docs/json.md). Positions are 1-based, as on the command
//! line; the `from_*` constructors turn the library's 0-based types into
//! them, and [`validate`](super::validate) turns puzzle objects back.

use crate::puzzles::pack::{PackPuzzle, PackSolution};
use crate::puzzles::tiles::{Border, Fix, TilePuzzle, TileSolution};
use serde::{Deserialize, Serialize};

/// A tile puzzle (tetravex or edges) as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TilePuzzleJson {
    pub rows: usize,
    pub cols: usize,
    /// Each tile: top, right, bottom, left.
    pub tiles: Vec<[i32; 4]>,
    #[serde(default)]
    pub rotate: bool,
    /// The label every outer side carries (tetravex `--border`; edges: 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub border: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<FixJson>,
}

/// A hint as JSON.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FixJson {
    pub piece: usize,
    pub row: usize,
    pub col: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u8>,
}

impl FixJson {
    pub fn from_fix(f: &Fix) -> Self {
        FixJson { piece: f.piece + 1, row: f.row + 1, col: f.col + 1, rotation: f.rotation }
    }
}

impl TilePuzzleJson {
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
    pub piece: usize,
    pub row: usize,
    pub col: usize,
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

/// A packing board as JSON: a picture, `.` for a cell to fill and `#` for
/// a hole.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct BoardJson {
    pub rows: usize,
    pub cols: usize,
    pub picture: Vec<String>,
}

/// A piece as JSON: a picture, `#` for a solid cell and `.` for an empty one.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PieceJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub picture: Vec<String>,
    #[serde(default)]
    pub rotate: bool,
    #[serde(default)]
    pub flip: bool,
}

/// A packing puzzle as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PackPuzzleJson {
    pub board: BoardJson,
    pub pieces: Vec<PieceJson>,
}

impl PackPuzzleJson {
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
    pub piece: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The symmetry applied to the piece as drawn: 0-3 quarter turns
    /// clockwise, 4-7 mirrored left-right and then turned 0-3 times.
    pub orientation: u8,
    pub row: usize,
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
