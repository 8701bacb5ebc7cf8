//! From the JSON objects to a picture: the puzzle object read once
//! ([`Puzzle`]), each solution object checked against it and drawn by
//! `tiles` or `pack` with its title ([`Caption`]).

use super::pack::{self, PackBoard};
use super::tiles::{self, TileBoard, TileKind};
use crate::format::json::{PackPuzzleJson, PackSolutionJson, TilePuzzleJson, TileSolutionJson};
use serde::de::DeserializeOwned;
use std::fmt;

/// Why a picture cannot be drawn.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SvgError {
    /// The record's `puzzle_type` is not one tessera draws.
    #[error("unknown puzzle_type \"{0}\" (expected tetravex, edges or pack)")]
    UnknownPuzzleType(String),
    /// The puzzle object does not have the shape of its type.
    #[error("the puzzle object: {0}")]
    Puzzle(String),
    /// The solution object does not have its shape, or does not fit the puzzle.
    #[error("the solution object: {0}")]
    Solution(String),
}

/// What a picture's title says: the puzzle, the case and the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caption<'a> {
    /// `tetravex`, `edges` or `pack`.
    pub puzzle: &'a str,
    /// The case's number, from 1.
    pub case: usize,
    /// The solution's number within its case, from 1.
    pub solution: u64,
}

impl fmt::Display for Caption<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, case {}, solution {}", self.puzzle, self.case, self.solution)
    }
}

/// A puzzle ready to draw its solutions, read from its JSON object.
#[derive(Clone, Debug)]
pub enum Puzzle {
    /// Tetravex or edges.
    Tiles(TileKind, TilePuzzleJson),
    /// Packing.
    Pack(PackPuzzleJson),
}

/// Reads a JSON object into `T`, with serde's message on failure.
fn from_value<T: DeserializeOwned>(v: &serde_json::Value) -> Result<T, String> {
    T::deserialize(v).map_err(|e| e.to_string())
}

impl Puzzle {
    /// The puzzle of type `puzzle_type` (`tetravex`, `edges`, `pack`) from
    /// its JSON object.
    pub fn from_json(puzzle_type: &str, puzzle: &serde_json::Value) -> Result<Self, SvgError> {
        let tiles = |kind| {
            let p: TilePuzzleJson = from_value(puzzle).map_err(SvgError::Puzzle)?;
            Ok(Puzzle::Tiles(kind, p))
        };
        match puzzle_type {
            "tetravex" => tiles(TileKind::Tetravex),
            "edges" => tiles(TileKind::Edges),
            "pack" => {
                let p: PackPuzzleJson = from_value(puzzle).map_err(SvgError::Puzzle)?;
                let b = &p.board;
                if b.picture.len() != b.rows || b.picture.iter().any(|row| row.chars().count() != b.cols) {
                    return Err(SvgError::Puzzle(format!("the board's picture is not {}x{}", b.rows, b.cols)));
                }
                Ok(Puzzle::Pack(p))
            }
            other => Err(SvgError::UnknownPuzzleType(other.to_string())),
        }
    }

    /// `tetravex`, `edges` or `pack`.
    pub fn name(&self) -> &'static str {
        match self {
            Puzzle::Tiles(TileKind::Tetravex, _) => "tetravex",
            Puzzle::Tiles(TileKind::Edges, _) => "edges",
            Puzzle::Pack(_) => "pack",
        }
    }

    /// The picture of a solution (its JSON object) of case `case`, number
    /// `solution` within the case.
    pub fn draw(&self, solution: &serde_json::Value, case: usize, index: u64) -> Result<String, SvgError> {
        let title = Caption { puzzle: self.name(), case, solution: index }.to_string();
        match self {
            Puzzle::Tiles(kind, p) => {
                let s: TileSolutionJson = from_value(solution).map_err(SvgError::Solution)?;
                if s.grid.len() != p.rows || s.grid.iter().any(|row| row.len() != p.cols) {
                    return Err(SvgError::Solution(format!("the grid is not {}x{}", p.rows, p.cols)));
                }
                let grid: Vec<[i32; 4]> = s.grid.into_iter().flatten().collect();
                let fixed: Vec<(usize, usize)> = p
                    .fixes
                    .iter()
                    .filter(|f| (1..=p.rows).contains(&f.row) && (1..=p.cols).contains(&f.col))
                    .map(|f| (f.row - 1, f.col - 1))
                    .collect();
                let board =
                    TileBoard { kind: *kind, rows: p.rows, cols: p.cols, grid: &grid, tiles: &p.tiles, fixed: &fixed };
                Ok(tiles::draw(&board, &title))
            }
            Puzzle::Pack(p) => {
                let s: PackSolutionJson = from_value(solution).map_err(SvgError::Solution)?;
                let cells = pack_cells(p, &s).map_err(SvgError::Solution)?;
                let names: Vec<String> = p
                    .pieces
                    .iter()
                    .enumerate()
                    .map(|(i, x)| x.name.clone().unwrap_or_else(|| (i + 1).to_string()))
                    .collect();
                let board = PackBoard { rows: p.board.rows, cols: p.board.cols, cells: &cells, names: &names };
                Ok(pack::draw(&board, &title))
            }
        }
    }
}

/// The piece on each cell of a packing board, row by row (`None` for a
/// hole), checked: every placement's cells on the board's cells, none
/// covered twice, every cell covered.
fn pack_cells(p: &PackPuzzleJson, s: &PackSolutionJson) -> Result<Vec<Option<usize>>, String> {
    let (rows, cols) = (p.board.rows, p.board.cols);
    let is_cell: Vec<bool> = p.board.picture.iter().flat_map(|row| row.chars().map(|ch| ch == '.')).collect();
    let mut cells: Vec<Option<usize>> = vec![None; rows * cols];
    for pl in &s.placements {
        if pl.piece == 0 || pl.piece > p.pieces.len() {
            return Err(format!("piece {} is not a piece of the puzzle (1 to {})", pl.piece, p.pieces.len()));
        }
        for &[r, c] in &pl.cells {
            if !(1..=rows).contains(&r) || !(1..=cols).contains(&c) || !is_cell[(r - 1) * cols + c - 1] {
                return Err(format!("piece {} covers [{r}, {c}], which is not a cell of the board", pl.piece));
            }
            let cell = &mut cells[(r - 1) * cols + c - 1];
            if let Some(q) = cell.replace(pl.piece - 1) {
                return Err(format!("pieces {} and {} both cover [{r}, {c}]", q + 1, pl.piece));
            }
        }
    }
    if let Some(i) = (0..rows * cols).find(|&i| is_cell[i] && cells[i].is_none()) {
        return Err(format!("no piece covers [{}, {}]", i / cols + 1, i % cols + 1));
    }
    Ok(cells)
}

/// The top-left corner of a tile board's cell (0-based row and column),
/// in the picture's units: for checking pictures pixel by pixel.
pub fn tile_cell_origin(row: usize, col: usize) -> (f64, f64) {
    tiles::cell_origin(row, col)
}

/// The top-left corner of a packing board's cell (0-based row and
/// column), in the picture's units.
pub fn pack_cell_origin(row: usize, col: usize) -> (f64, f64) {
    pack::cell_origin(row, col)
}
