//! `tessera edges`: jigsaw edge matching (UVa 519 "Puzzle (II)") and its
//! generalisation to numbered tab shapes.
//!
//! # Input
//!
//! The judge's format: blocks of a line `n m` (rows, columns) followed by
//! `n * m` piece lines; blocks may be separated by empty lines; `0 0` ends
//! the input. A piece is four sides, top right bottom left, written either
//! as letters (`F` flat, `O` a jut, `I` a cavity; `FOOF` or `F O O F`) or as
//! signed whole numbers (`0` flat, `+k` a jut of shape k, `-k` a cavity of
//! shape k, as in POJ 1561):
//!
//! ```text
//! 2 2
//! FFII
//! OFFO
//! FOOF
//! IIFF
//! 0 0
//! ```
//!
//! # Rules
//!
//! A flat side lies on the outline and every outline side is flat; `+k`
//! meets `-k` ([`Rule::Complement`] with border label 0). By default pieces
//! do not turn.
//!
//! # Output
//!
//! `YES` or `NO`, one line per block.

use super::input::{counted, next_case, parse_int, parse_uint, parse_uint_saturating, show, within, ParseError, Token};
use super::stream::{CaseReader, Source, Tokens};
use super::tiles::{tiles_room, Border, Fix, Labels, Rule, TilePuzzle};
use std::cell::Cell;
use std::rc::Rc;

/// The largest board side tessera accepts.
pub const MAX_SIDE: usize = 32;
/// The largest tab shape number.
pub const MAX_SHAPE: i64 = 9999;

/// The rules a user picked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Pieces may turn (`--rotate`).
    pub rotate: bool,
    /// Hints (`--fix`).
    pub fixes: Vec<Fix>,
}

/// One block as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The line of its size fields.
    pub line: usize,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The pieces, sides top, right, bottom, left.
    pub pieces: Vec<Labels>,
    /// Whether the pieces were written with F/I/O letters.
    pub letters: bool,
}

impl Case {
    /// The puzzle under the given rules.
    pub fn puzzle(&self, opts: &Options) -> TilePuzzle {
        self.clone().into_puzzle(opts)
    }

    /// The puzzle under the given rules, made of the case (its pieces are
    /// the puzzle's tiles: no copy).
    pub fn into_puzzle(self, opts: &Options) -> TilePuzzle {
        TilePuzzle {
            rows: self.rows,
            cols: self.cols,
            tiles: self.pieces,
            rule: Rule::Complement,
            border: Border::Label(0),
            rotate: opts.rotate,
            fixes: opts.fixes.clone(),
        }
    }
}

/// The judge's verdict line.
pub fn verdict(solvable: bool) -> &'static str {
    if solvable {
        "YES"
    } else {
        "NO"
    }
}

/// How a side is written: F/O/I for 0/+1/-1 when the input used letters.
pub fn side_name(label: i32, letters: bool) -> String {
    match (letters, label) {
        (true, 0) => "F".into(),
        (true, 1) => "O".into(),
        (true, -1) => "I".into(),
        (_, 0) => "0".into(),
        (_, l) if l > 0 => format!("+{l}"),
        (_, l) => l.to_string(),
    }
}

/// The puzzle in the judge's input format (UVa 519), as [`Reader`] reads
/// it back: `rows cols`, then one line per piece, its sides top, right,
/// bottom, left as letters `F`/`O`/`I` when every side is 0 or ±1 (as the
/// judge writes them), else as signed numbers (see [`side_name`]). No
/// terminating `0 0`.
pub fn judge_text(p: &TilePuzzle) -> String {
    let mut out = format!("{} {}\n", p.rows, p.cols);
    let letters = p.tiles.iter().flatten().all(|l| (-1..=1).contains(l));
    for t in &p.tiles {
        let sides: Vec<String> = t.iter().map(|&l| side_name(l, letters)).collect();
        out.push_str(&sides.join(if letters { "" } else { " " }));
        out.push('\n');
    }
    out
}

/// Reads blocks one at a time; stops after `0 0` or the first error. The
/// input is white-space separated tokens, as the judge's `scanf` reads it:
/// line breaks carry no meaning. A line that does not hold exactly one piece
/// (four sides) is read on all the same, with a warning on the source
/// naming it (the first such line of each block).
pub struct Reader {
    tokens: Tokens,
    done: bool,
    number: usize,
    /// Where the pieces of the case before come back, emptied, for the
    /// next case's ([`Reader::recycling`]).
    spare: Option<Rc<Cell<Vec<Labels>>>>,
}

impl Reader {
    /// A reader of `text`.
    pub fn new(text: &str) -> Self {
        Reader::from_source(Source::from_text(text))
    }

    /// A reader of `source`.
    pub fn from_source(source: Source) -> Self {
        Reader { tokens: Tokens::new(source), done: false, number: 0, spare: None }
    }

    /// This reader, reading each case's pieces into the vector last put in
    /// `spare`, as [`tetravex::Reader::recycling`](super::tetravex::Reader::recycling)
    /// does its tiles.
    pub fn recycling(self, spare: Rc<Cell<Vec<Labels>>>) -> Self {
        Reader { spare: Some(spare), ..self }
    }

    fn read_case(&mut self) -> Result<Option<Case>, ParseError> {
        let what = "a board size (a whole number)";
        let out_of_range =
            |tok: &Token| tok.error(format!("board size {} is out of range (1 to {MAX_SIDE})", show(tok.text)));
        let first = self.tokens.expect(|| "a size `rows cols` or the terminating `0 0`".into())?;
        let rows = parse_uint_saturating(&first, what)?;
        let line = first.line;
        // Only `0 0` may have a zero: the error is kept until the columns tell.
        let bad_rows = (rows == 0 || rows > MAX_SIDE as u64).then(|| out_of_range(&first));
        let second = self.tokens.expect(|| "the number of columns after the number of rows".into())?;
        let cols = parse_uint_saturating(&second, what)?;
        if rows == 0 && cols == 0 {
            return Ok(None);
        }
        if let Some(e) = bad_rows {
            return Err(e);
        }
        if cols == 0 || cols > MAX_SIDE as u64 {
            return Err(out_of_range(&second));
        }
        let (rows, cols) = (rows as usize, cols as usize);
        self.number += 1;
        let count = rows * cols;
        let mut pieces = tiles_room(self.spare.as_ref(), count);
        let mut letters = true;
        let mut warned = false;
        // A piece is four sides; a token is one side (`F`, `+2`) or several
        // letters (`FOOF`, or `FO OF`), never more than a piece holds.
        let mut piece = [0; 4];
        let mut sides = 0;
        while pieces.len() < count {
            let number = self.number;
            let done = pieces.len();
            let place = || format!("piece {} of {count} in puzzle {number}: top right bottom left", done + 1);
            if !self.tokens.advance() {
                return Err(self.tokens.end_with(format!(
                    "puzzle {number} needs {}, found {done} ({})",
                    counted(count as u64, "piece"),
                    place()
                )));
            }
            if !warned && self.tokens.first_on_line() {
                warned = self.check_piece_line(sides);
            }
            let tok = self.tokens.token();
            let is_number = {
                let digits = tok.text.strip_prefix(['+', '-']).unwrap_or(tok.text);
                !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            };
            if is_number {
                letters = false;
                let what = "a side (F, O, I or a signed number)";
                let v = if tok.text.starts_with(['+', '-']) {
                    parse_int(&tok, what, MAX_SHAPE)
                } else {
                    parse_uint(&tok, what, MAX_SHAPE as u64).map(|v| v as i64)
                };
                piece[sides] = v.map_err(|e| within(e, place()))? as i32;
                sides += 1;
            } else {
                for (k, ch) in tok.text.chars().enumerate() {
                    if sides == 4 {
                        return Err(within(
                            tok.error(format!("{} has more letters than the piece has sides left", show(tok.text))),
                            place(),
                        ));
                    }
                    piece[sides] = letter(&tok, tok.column + k, ch).map_err(|e| within(e, place()))?;
                    sides += 1;
                }
            }
            if sides == 4 {
                pieces.push(piece);
                sides = 0;
            }
        }
        Ok(Some(Case { line, rows, cols, pieces, letters }))
    }

    /// Warns about the line the current token starts when it does not hold
    /// exactly one piece (`sides` of the piece read before it); whether it
    /// warned.
    fn check_piece_line(&mut self, sides: usize) -> bool {
        let line = self.tokens.token().line;
        let words = self.tokens.source().line().text.split_whitespace();
        // A word of letters is that many sides; a number is one.
        let on_line: usize =
            words.map(|w| if w.bytes().any(|b| b.is_ascii_digit()) { 1 } else { w.chars().count() }).sum();
        if sides == 0 && on_line == 4 {
            return false;
        }
        self.tokens.source().warn(ParseError::at(
            line,
            format!("this piece line holds {on_line} side{}, not the 4 sides of one piece (top right bottom left); read on by tokens, as the judge does", if on_line == 1 { "" } else { "s" }),
        ));
        true
    }
}

fn letter(tok: &Token, col: usize, ch: char) -> Result<i32, ParseError> {
    match ch.to_ascii_uppercase() {
        'F' => Ok(0),
        'O' => Ok(1),
        'I' => Ok(-1),
        _ => Err(ParseError::at_column(tok.line, col, format!("expected F, O or I, found {}", show(&ch.to_string())))),
    }
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
    use super::super::tiles::read_recycling;
    use super::Reader;
    use std::cell::Cell;
    use std::rc::Rc;

    /// A recycling reader reads what a plain one reads, into the vector
    /// given back (no new allocation while the cases fit in it).
    #[test]
    fn a_recycling_reader_reads_the_same_cases_into_the_vector_given_back() {
        let text = "2 2\nFOOF\nFFOI\nOIFF\nIFFO\n1 1\nFFFF\n1 2\n0 0 +2 0\n0 0 0 -2\n0 0\n";
        let plain: Vec<_> = Reader::new(text).map(Result::unwrap).collect();
        let spare = Rc::new(Cell::new(Vec::with_capacity(8)));
        let read = read_recycling(&spare, Reader::new(text).recycling(spare.clone()), |case| &mut case.pieces);
        assert_eq!(read, plain);
        assert_eq!(read.len(), 3);
    }
}
