//! The board: the cells to fill, as a rectangle or drawn as a picture.
//!
//! [`Board::from_picture`] is tessera's one reader of board pictures: the
//! picture format's `board` statement, `--board-file` and JSON boards all
//! go through it, so that one picture always makes one board (cropped to
//! its cells, see docs/pack.md).

use super::puzzle::MAX_SIDE;
use super::syntax::is_comment;
use crate::puzzles::input::{Lines, ParseError};
use crate::puzzles::polyomino::Shape;

/// The cells to fill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    /// `fill[r * cols + c]`: whether the cell is to be filled.
    pub fill: Vec<bool>,
}

impl Board {
    /// A full rectangle.
    pub fn rectangle(rows: usize, cols: usize) -> Board {
        Board { rows, cols, fill: vec![true; rows * cols] }
    }

    /// The board drawn by `rows` (`.` a cell to fill, anything else not),
    /// cropped to its cells. `first_line` numbers the first row for errors.
    pub fn from_picture(rows: &[&str], first_line: usize) -> Result<Board, ParseError> {
        let mut cells = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            cells.extend(row.chars().enumerate().filter(|&(_, ch)| ch == '.').map(|(c, _)| (r, c)));
        }
        let Some(shape) = Shape::new(cells) else {
            return Err(ParseError::at(first_line, "the board has no cell to fill (`.`)"));
        };
        let (h, w) = shape.extent();
        if h > MAX_SIDE || w > MAX_SIDE {
            return Err(ParseError::at(
                first_line,
                format!("the board's cells span {h}x{w}; each side may be at most {MAX_SIDE}"),
            ));
        }
        let mut fill = vec![false; h * w];
        for (r, c) in shape.cells() {
            fill[r * w + c] = true;
        }
        Ok(Board { rows: h, cols: w, fill })
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
        Board::from_picture(&rows, first)
    }

    /// The number of cells to fill.
    pub fn area(&self) -> usize {
        self.fill.iter().filter(|&&f| f).count()
    }

    pub fn is_cell(&self, r: usize, c: usize) -> bool {
        r < self.rows && c < self.cols && self.fill[r * self.cols + c]
    }

    /// The cells to fill, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| (r, c))).filter(|&(r, c)| self.is_cell(r, c))
    }
}
