//! The board: the cells to fill, as a rectangle or drawn as a picture.
//!
//! [`Board::from_picture`] is tessera's one reader of board pictures: the
//! picture format's `board` statement, `--board-file` and JSON boards all
//! go through it, so that one picture always makes one board (cropped to
//! its cells, see docs/pack.md).

use super::syntax::is_comment;
use crate::puzzles::input::{Lines, ParseError};
use crate::puzzles::polyomino::Shape;

/// The largest board side.
pub const MAX_SIDE: usize = 64;

/// Why a picture draws no board (see [`Board::from_picture`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    /// No `.` in the picture.
    #[error("the board has no cell to fill (`.`)")]
    NoCell,
    /// The cells span more than [`MAX_SIDE`] rows or columns.
    #[error("the board's cells span {rows}x{cols}; each side may be at most {MAX_SIDE}")]
    TooLarge {
        /// The rows the cells span.
        rows: usize,
        /// The columns the cells span.
        cols: usize,
    },
}

/// The cells to fill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The height of the board's bounding box.
    pub rows: usize,
    /// The width of the board's bounding box.
    pub cols: usize,
    /// `fill[r * cols + c]`: whether the cell is to be filled.
    pub fill: Vec<bool>,
}

impl Board {
    /// A full rectangle.
    pub fn rectangle(rows: usize, cols: usize) -> Board {
        Board { rows, cols, fill: vec![true; rows * cols] }
    }

    /// The board drawn by `rows`: `.` a cell to fill, any other character
    /// not. The board is cropped to its cells (outer rows and columns
    /// without a `.` are dropped), and must have a cell and fit in
    /// [`MAX_SIDE`] x [`MAX_SIDE`] once cropped.
    ///
    /// This is the one reader of board pictures: the picture format, board
    /// files (`--board-file`) and JSON boards all use it, so one picture
    /// always makes one board, whatever format it came in.
    pub fn from_picture<S: AsRef<str>>(rows: &[S]) -> Result<Board, PictureError> {
        let mut cells = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            cells.extend(row.as_ref().chars().enumerate().filter(|&(_, ch)| ch == '.').map(|(c, _)| (r, c)));
        }
        let shape = Shape::new(cells).ok_or(PictureError::NoCell)?;
        let (rows, cols) = shape.extent();
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(PictureError::TooLarge { rows, cols });
        }
        let mut fill = vec![false; rows * cols];
        for (r, c) in shape.cells() {
            fill[r * cols + c] = true;
        }
        Ok(Board { rows, cols, fill })
    }

    /// Reads a board file: its picture, blank lines before and after
    /// ignored, lines starting with `//` skipped.
    pub fn read_picture(text: &str) -> Result<Board, ParseError> {
        let mut lines = Lines::new(text);
        let mut rows: Vec<&str> = Vec::new();
        let mut first = 0;
        let mut blank_after: Option<usize> = None;
        while let Some(line) = lines.next() {
            if is_comment(&line) {
                continue;
            }
            if line.is_blank() {
                if !rows.is_empty() && blank_after.is_none() {
                    blank_after = Some(line.number);
                }
                continue;
            }
            if let Some(b) = blank_after {
                return Err(ParseError::at(
                    b,
                    "empty line inside the board picture (draw holes and outside cells with `#`)",
                ));
            }
            if rows.is_empty() {
                first = line.number;
            }
            rows.push(line.text);
        }
        if rows.is_empty() {
            return Err(ParseError::at(lines.end_line(), "the board file holds no picture"));
        }
        Board::from_picture(&rows).map_err(|e| ParseError::at(first, e.to_string()))
    }

    /// The number of cells to fill.
    pub fn area(&self) -> usize {
        self.fill.iter().filter(|&&f| f).count()
    }

    /// Whether `(r, c)` is a cell to fill (false outside the board).
    pub fn is_cell(&self, r: usize, c: usize) -> bool {
        r < self.rows && c < self.cols && self.fill[r * self.cols + c]
    }

    /// The cells to fill, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| (r, c))).filter(|&(r, c)| self.is_cell(r, c))
    }
}
