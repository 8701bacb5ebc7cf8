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
//! With [`Layout::Blocks`] each case is `n`
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

use super::input::{counted, decimal, next_case, parse_uint, parse_uint_saturating, show, within, ParseError};
use super::stream::{CaseReader, Source, Tokens};
use super::tiles::{tiles_room, Border, Fix, Labels, Rule, TilePuzzle};
use std::cell::Cell;
use std::rc::Rc;

/// The largest board side tessera accepts.
pub const MAX_SIDE: usize = 32;
/// The largest label (four digits: the reader's fast path relies on it).
pub const MAX_LABEL: u64 = 9999;

/// How a case draws its tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// One tile per line: `top right bottom left` (ZOJ 1008).
    #[default]
    Tiles,
    /// The board as 2x2 blocks.
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
    /// How the tiles are drawn (`--layout`).
    pub layout: Layout,
    /// Hints, applied to every case.
    pub fixes: Vec<Fix>,
}

/// One case as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The line of its size field.
    pub line: usize,
    /// The board's side.
    pub n: usize,
    /// Tiles in input order (reading order of the board for `Blocks`).
    pub tiles: Vec<Labels>,
}

impl Case {
    /// The puzzle under the given rules.
    pub fn puzzle(&self, opts: &Options) -> TilePuzzle {
        self.clone().into_puzzle(opts)
    }

    /// The puzzle under the given rules, made of the case (its tiles are
    /// not copied).
    pub fn into_puzzle(self, opts: &Options) -> TilePuzzle {
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
            tiles: self.tiles,
            rule: Rule::Equal,
            border: opts.border.map_or(Border::Free, Border::Label),
            rotate: opts.rotate || opts.in_place,
            fixes,
        }
    }
}

/// The judge's verdict line for case `k` (1-based).
pub fn verdict(k: usize, solvable: bool) -> String {
    let mut line = String::with_capacity(32);
    verdict_into(&mut line, k, solvable);
    line
}

/// [`verdict`] written at the end of `out` (a stream's answers reuse one
/// buffer).
pub fn verdict_into(out: &mut String, k: usize, solvable: bool) {
    // Written by hand: a stream of tiny cases pays this per case, and the
    // formatting machinery costs more than the rest of the answer.
    out.push_str("Game ");
    out.extend(decimal(k as u64, &mut [0u8; 20]).iter().map(|&d| char::from(d)));
    out.push_str(if solvable { ": Possible" } else { ": Impossible" });
}

/// The puzzle in the judge's input format (ZOJ 1008), as [`Reader`] reads
/// it back with [`Layout::Tiles`]: the side `n`, then one line
/// `top right bottom left` per tile. The format knows square boards only
/// (the caller checks); no terminating `0`.
pub fn judge_text(p: &TilePuzzle) -> String {
    let mut out = format!("{}\n", p.rows);
    for t in &p.tiles {
        out.push_str(&format!("{} {} {} {}\n", t[0], t[1], t[2], t[3]));
    }
    out
}

/// Reads cases one at a time; stops after the terminator or the first error.
/// The numbers are white-space separated tokens, as the judge's `scanf`
/// reads them: line breaks carry no meaning. With [`Layout::Tiles`], a line
/// that does not hold exactly one tile (four numbers) is read on by tokens
/// all the same, with a warning on the source naming it (the first such
/// line of each case), so that a later error is not the only hint.
pub struct Reader {
    tokens: Tokens,
    layout: Layout,
    done: bool,
    number: usize,
    /// Where the tiles of the case before come back, emptied, for the next
    /// case's ([`Reader::recycling`]).
    spare: Option<Rc<Cell<Vec<Labels>>>>,
}

impl Reader {
    /// A reader of `text`, its tiles drawn as `layout` says.
    pub fn new(text: &str, layout: Layout) -> Self {
        Reader::from_source(Source::from_text(text), layout)
    }

    /// A reader of `source`, its tiles drawn as `layout` says.
    pub fn from_source(source: Source, layout: Layout) -> Self {
        Reader { tokens: Tokens::new(source), layout, done: false, number: 0, spare: None }
    }

    /// This reader, reading each case's tiles into the vector last put in
    /// `spare` (where the caller puts a case's tiles when done with it, as
    /// [`TileModel::into_parts`](crate::puzzles::TileModel::into_parts)
    /// gives them back): a stream of small cases then allocates nothing
    /// for its tiles.
    pub fn recycling(self, spare: Rc<Cell<Vec<Labels>>>) -> Self {
        Reader { spare: Some(spare), ..self }
    }

    fn read_case(&mut self) -> Result<Option<Case>, ParseError> {
        // The common size, alone on its line, in one step; else a token.
        let n = match self.tokens.number_line() {
            Some([n]) => n as u64,
            None if !self.tokens.advance() => {
                return Err(self.tokens.end("a board size or the terminating `0`".into()));
            }
            // One or two digits by their bytes (no token to make, no
            // general parser): a size among other tokens on its line.
            None => match *self.tokens.token_bytes() {
                [d] if d.is_ascii_digit() => u64::from(d - b'0'),
                [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => u64::from(a - b'0') * 10 + u64::from(b - b'0'),
                _ => parse_uint_saturating(&self.tokens.token(), "a board size (a whole number)")?,
            },
        };
        if n > MAX_SIDE as u64 {
            let tok = self.tokens.token();
            return Err(tok.error(format!("board size {} is out of range (1 to {MAX_SIDE})", show(tok.text))));
        }
        if n == 0 {
            return Ok(None);
        }
        let line = self.tokens.source().number();
        let n = n as usize;
        self.number += 1;
        let case = self.number;
        let count = n * n;
        let layout = self.layout;
        let place = |k: usize| match layout {
            Layout::Tiles => format!("tile {} of {count} in game {case}: top right bottom left", k / 4 + 1),
            Layout::Blocks => format!("block line {} of {} in game {case}", k / (2 * n) + 1, 2 * n),
        };
        // The labels go straight into the case's tiles (for blocks, read
        // flat and placed at the end): no copy of a stream's tiles.
        let mut tiles = tiles_room(self.spare.as_ref(), count);
        let mut warned = false;
        let mut k = 0;
        while k < 4 * count {
            // The common tile line, whole (no warning: it holds one tile).
            if layout == Layout::Tiles && k % 4 == 0 {
                if let Some(labels) = self.tokens.number_line::<4>() {
                    tiles.push(labels);
                    k += 4;
                    continue;
                }
            }
            if !self.tokens.advance() {
                let (unit, have) = match self.layout {
                    Layout::Tiles => ("tile", k / 4),
                    Layout::Blocks => ("block line", k / (2 * n)),
                };
                let need = counted(if self.layout == Layout::Tiles { count } else { 2 * n } as u64, unit);
                return Err(self.tokens.end_with(format!("game {case} needs {need}, found {have} ({})", place(k))));
            }
            if layout == Layout::Tiles && !warned {
                warned = self.check_tile_line(k);
            }
            let v = self.label(|| place(k))?;
            if k % 4 == 0 {
                tiles.push([0; 4]);
            }
            tiles[k / 4][k % 4] = v;
            k += 1;
        }
        if self.layout == Layout::Blocks {
            tiles = blocks(n, tiles.as_flattened());
        }
        Ok(Some(Case { line, n, tiles }))
    }

    /// The current token as a label; an error placed by `place`.
    fn label(&self, place: impl FnOnce() -> String) -> Result<i32, ParseError> {
        // The common label, one to four digits, by its bytes, without the
        // message the general parser builds (once per label of a stream).
        match self.tokens.token_bytes() {
            digits @ [_, ..] if digits.len() <= 4 && digits.iter().all(u8::is_ascii_digit) => {
                Ok(digits.iter().fold(0, |v, d| v * 10 + i32::from(d - b'0')))
            }
            _ => {
                let tok = self.tokens.token();
                let v = parse_uint(&tok, &format!("a label (a whole number 0-{MAX_LABEL})"), MAX_LABEL);
                Ok(v.map_err(|e| within(e, place()))? as i32)
            }
        }
    }

    /// Warns about the line of label `k` (0-based in its case) when that
    /// line does not hold exactly one tile; whether it warned.
    fn check_tile_line(&mut self, k: usize) -> bool {
        let first = self.tokens.first_on_line();
        if !first && k > 0 {
            return false; // the line was looked at with its first label
        }
        let on_line = self.tokens.tokens_on_line();
        if first && k % 4 == 0 && on_line == 4 {
            return false;
        }
        let line = self.tokens.token().line;
        let what = if first {
            format!("{on_line} number{}", if on_line == 1 { "" } else { "s" })
        } else {
            "the board size and labels".to_string()
        };
        self.tokens.source().warn(ParseError::at(
            line,
            format!("this tile line holds {what}, not the 4 labels of one tile (top right bottom left); read on by numbers, as the judge does"),
        ));
        true
    }

    /// The source the cases are read from.
    pub fn source(&mut self) -> &mut Source {
        self.tokens.source()
    }
}

/// The tiles of a board drawn as 2x2 blocks, `2n` rows of `2n` labels.
fn blocks(n: usize, values: &[i32]) -> Vec<Labels> {
    let mut tiles = vec![[0; 4]; n * n];
    for (r, line) in values.chunks(2 * n).enumerate() {
        let row = r / 2;
        for c in 0..n {
            let (a, b) = (line[2 * c], line[2 * c + 1]);
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
    tiles
}

impl Iterator for Reader {
    type Item = Result<Case, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = self.read_case();
        next_case(&mut self.done, result)
    }
}

impl CaseReader for Reader {
    fn source(&mut self) -> &mut Source {
        self.tokens.source()
    }
}

#[cfg(test)]
mod tests {
    use super::verdict;

    /// A recycling reader reads what a plain one reads, into the vector
    /// given back (no new allocation while the cases fit in it), and
    /// reads the next case whole after a vector of another size.
    #[test]
    fn a_recycling_reader_reads_the_same_cases_into_the_vector_given_back() {
        use super::super::tiles::read_recycling;
        use super::{Layout, Reader};
        use std::cell::Cell;
        use std::rc::Rc;
        let text = "2\n1 2 3 4\n5 6 7 8\n9 9 9 9\n0 0 0 0\n1\n4 3 2 1\n2\n1 1 1 1 2 2\n2 2 3 3\n3 3 4 4 4 4\n0\n";
        let plain: Vec<_> = Reader::new(text, Layout::Tiles).map(Result::unwrap).collect();
        let spare = Rc::new(Cell::new(Vec::with_capacity(8)));
        let reader = Reader::new(text, Layout::Tiles).recycling(spare.clone());
        let read = read_recycling(&spare, reader, |case| &mut case.tiles);
        assert_eq!(read, plain);
        assert_eq!(read.len(), 3);
    }

    #[test]
    fn verdicts_number_their_game() {
        assert_eq!(verdict(1, true), "Game 1: Possible");
        assert_eq!(verdict(10, false), "Game 10: Impossible");
        assert_eq!(verdict(1_000_007, true), "Game 1000007: Possible");
        let mut out = String::from("x");
        super::verdict_into(&mut out, 20, false);
        assert_eq!(out, "xGame 20: Impossible");
    }
}
