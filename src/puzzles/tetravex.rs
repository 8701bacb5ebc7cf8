//! `tessera tetravex`: Gnome Tetravex (ZOJ 1008) and its variants.
//!
//! # Input
//!
//! The judge's format: several cases, each a line with the board size `n`,
//! then `n * n` lines of four labels `top right bottom left`; a lone `0`
//! ends the input.
//!
//! ```text
//! 2
//! 5 9 1 4
//! 4 4 5 6
//! 6 8 5 4
//! 0 4 4 3
//! 0
//! ```
//!
//! Labels are whole numbers from 0 to [`MAX_LABEL`] (the judge uses 0-9).
//! Boards go up to [`MAX_SIDE`] x [`MAX_SIDE`].
//!
//! With [`Layout::Blocks`] (seed 002's home-made variant) each case is `n`
//! and then `2n` lines of `2n` numbers drawing the board as it lies: each
//! tile is a 2x2 block read clockwise from its top-left corner (top, right,
//! bottom, left), so a block's upper line holds top and right and its lower
//! line holds left and bottom.
//!
//! # Output
//!
//! `Game k: Possible` or `Game k: Impossible`, one empty line between cases.
//!
//! # Model
//!
//! Equal labels meet ([`Rule::Equal`]); the outline is free unless a border
//! label is given (Eternity II's grey frame). See [`super::tiles`] for the
//! encoding.

use super::input::{next_case, parse_size, parse_uint, show, Line, Lines, ParseError};
use super::tiles::{Border, Fix, Labels, Rule, TilePuzzle};

/// The largest board side tessera accepts.
pub const MAX_SIDE: usize = 32;
/// The largest label.
pub const MAX_LABEL: u64 = 9999;

/// How a case draws its tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// One tile per line: `top right bottom left` (ZOJ 1008).
    #[default]
    Tiles,
    /// The board as 2x2 blocks (seed 002's variant).
    Blocks,
}

/// The rules a user picked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Tiles may turn (and move).
    pub rotate: bool,
    /// Tiles stay in their cells and may only turn.
    pub in_place: bool,
    /// Every outer side must carry this label, no inner side may.
    pub border: Option<i32>,
    pub layout: Layout,
    /// Hints, applied to every case.
    pub fixes: Vec<Fix>,
}

/// One case as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The line of its size field.
    pub line: usize,
    pub n: usize,
    /// Tiles in input order (reading order of the board for `Blocks`).
    pub tiles: Vec<Labels>,
}

impl Case {
    /// The puzzle under the given rules.
    pub fn puzzle(&self, opts: &Options) -> TilePuzzle {
        let mut fixes = opts.fixes.clone();
        if opts.in_place {
            // Every tile pinned to its own cell, free to turn.
            fixes = (0..self.tiles.len())
                .map(|i| Fix { piece: i, row: i / self.n, col: i % self.n, rotation: None })
                .collect();
        }
        TilePuzzle {
            rows: self.n,
            cols: self.n,
            tiles: self.tiles.clone(),
            rule: Rule::Equal,
            border: opts.border.map_or(Border::Free, Border::Label),
            rotate: opts.rotate || opts.in_place,
            fixes,
        }
    }
}

/// The judge's verdict line for case `k` (1-based).
pub fn verdict(k: usize, solvable: bool) -> String {
    format!("Game {k}: {}", if solvable { "Possible" } else { "Impossible" })
}

/// Reads cases one at a time; stops after the terminator or the first error.
pub struct Reader<'a> {
    lines: Lines<'a>,
    layout: Layout,
    done: bool,
    number: usize,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str, layout: Layout) -> Self {
        Reader { lines: Lines::new(text), layout, done: false, number: 0 }
    }

    fn read_case(&mut self) -> Result<Option<Case>, ParseError> {
        let Some((line, n)) = self.read_size()? else { return Ok(None) };
        self.number += 1;
        let tiles = match self.layout {
            Layout::Tiles => self.read_tiles(n, self.number)?,
            Layout::Blocks => self.read_blocks(n, self.number)?,
        };
        Ok(Some(Case { line, n, tiles }))
    }

    fn read_size(&mut self) -> Result<Option<(usize, usize)>, ParseError> {
        let line = self.lines.expect_nonblank("a board size or the terminating `0`")?;
        let mut tokens = line.tokens();
        let (col, tok) = tokens.next().expect("a non-blank line has a token");
        let n = parse_size(&line, col, tok, "a board size (a whole number)")?;
        if let Some((col, extra)) = tokens.next() {
            return Err(line.error_at(col, format!("expected only the board size on this line, found {}", show(extra))));
        }
        if n > MAX_SIDE as u64 {
            return Err(line.error_at(col, format!("board size {} is too large (at most {MAX_SIDE})", show(tok))));
        }
        Ok((n > 0).then_some((line.number, n as usize)))
    }

    fn read_tiles(&mut self, n: usize, case: usize) -> Result<Vec<Labels>, ParseError> {
        let count = n * n;
        let mut tiles = Vec::new();
        while tiles.len() < count {
            let Some(line) = self.lines.next_nonblank() else {
                return Err(ParseError::at(
                    self.lines.end_line(),
                    format!("unexpected end of input: game {case} needs {count} tiles, found {}", tiles.len()),
                ));
            };
            let values = labels_on(&line, 4, || {
                format!("tile {} of {count} in game {case} (four labels: top right bottom left)", tiles.len() + 1)
            })?;
            tiles.push([values[0], values[1], values[2], values[3]]);
        }
        Ok(tiles)
    }

    fn read_blocks(&mut self, n: usize, case: usize) -> Result<Vec<Labels>, ParseError> {
        let mut tiles = vec![[0; 4]; n * n];
        for r in 0..2 * n {
            let Some(line) = self.lines.next_nonblank() else {
                return Err(ParseError::at(
                    self.lines.end_line(),
                    format!("unexpected end of input: game {case} needs {} block lines, found {r}", 2 * n),
                ));
            };
            let values = labels_on(&line, 2 * n, || {
                format!("block line {} of {} in game {case} ({} labels)", r + 1, 2 * n, 2 * n)
            })?;
            let row = r / 2;
            for c in 0..n {
                let (a, b) = (values[2 * c], values[2 * c + 1]);
                let t = &mut tiles[row * n + c];
                if r % 2 == 0 {
                    t[0] = a; // top
                    t[1] = b; // right
                } else {
                    t[3] = a; // left
                    t[2] = b; // bottom
                }
            }
        }
        Ok(tiles)
    }
}

/// Reads exactly `count` labels from a line.
fn labels_on(line: &Line, count: usize, what: impl Fn() -> String) -> Result<Vec<i32>, ParseError> {
    let mut values = Vec::with_capacity(count.min(64));
    for (col, tok) in line.tokens() {
        if values.len() == count {
            return Err(line.error_at(col, format!("expected {}, found more: {}", what(), show(tok))));
        }
        let v = parse_uint(line, col, tok, &format!("a label (a whole number 0-{MAX_LABEL})"), MAX_LABEL)?;
        values.push(v as i32);
    }
    if values.len() < count {
        return Err(line.error(format!(
            "expected {}, found only {} number{}",
            what(),
            values.len(),
            if values.len() == 1 { "" } else { "s" }
        )));
    }
    Ok(values)
}

impl Iterator for Reader<'_> {
    type Item = Result<Case, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = self.read_case();
        next_case(&mut self.done, result)
    }
}
