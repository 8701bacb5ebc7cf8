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

use super::input::{next_case, parse_int, parse_size, parse_uint, show, Line, Lines, ParseError};
use super::tiles::{Border, Fix, Labels, Rule, TilePuzzle};

/// The largest board side tessera accepts.
pub const MAX_SIDE: usize = 32;
/// The largest tab shape number.
pub const MAX_SHAPE: i64 = 9999;

/// The rules a user picked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub rotate: bool,
    pub fixes: Vec<Fix>,
}

/// One block as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The line of its size fields.
    pub line: usize,
    pub rows: usize,
    pub cols: usize,
    pub pieces: Vec<Labels>,
    /// Whether the pieces were written with F/I/O letters.
    pub letters: bool,
}

impl Case {
    /// The puzzle under the given rules.
    pub fn puzzle(&self, opts: &Options) -> TilePuzzle {
        TilePuzzle {
            rows: self.rows,
            cols: self.cols,
            tiles: self.pieces.clone(),
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

/// Reads blocks one at a time; stops after `0 0` or the first error.
pub struct Reader<'a> {
    lines: Lines<'a>,
    done: bool,
    number: usize,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Self {
        Reader { lines: Lines::new(text), done: false, number: 0 }
    }

    fn read_case(&mut self) -> Result<Option<Case>, ParseError> {
        let line = self.lines.expect_nonblank("a size line `rows cols` or the terminating `0 0`")?;
        let toks: Vec<(usize, &str)> = line.tokens().take(3).collect();
        if toks.len() != 2 {
            let col = toks.get(2).map_or(1, |t| t.0);
            return Err(line.error_at(col, "expected a size line: two whole numbers `rows cols`"));
        }
        let what = "a board size (a whole number)";
        let rows = parse_size(&line, toks[0].0, toks[0].1, what)?;
        let cols = parse_size(&line, toks[1].0, toks[1].1, what)?;
        if rows == 0 && cols == 0 {
            return Ok(None);
        }
        for (v, (col, tok)) in [(rows, toks[0]), (cols, toks[1])] {
            if v == 0 || v > MAX_SIDE as u64 {
                return Err(line.error_at(col, format!("board size {} is out of range (1 to {MAX_SIDE})", show(tok))));
            }
        }
        let (rows, cols) = (rows as usize, cols as usize);
        self.number += 1;
        let count = rows * cols;
        let mut pieces = Vec::new();
        let mut letters = None;
        while pieces.len() < count {
            let Some(line) = self.lines.next_nonblank() else {
                return Err(ParseError::at(
                    self.lines.end_line(),
                    format!(
                        "unexpected end of input: puzzle {} needs {count} pieces, found {}",
                        self.number,
                        pieces.len()
                    ),
                ));
            };
            let (piece, used_letters) = parse_piece(&line, pieces.len() + 1, count)?;
            letters = Some(letters.unwrap_or(true) && used_letters);
            pieces.push(piece);
        }
        Ok(Some(Case { line: line.number, rows, cols, pieces, letters: letters.unwrap_or(true) }))
    }
}

/// Parses one piece line: `FOIF`, `F O I F` or `0 +1 -1 0`.
fn parse_piece(line: &Line, index: usize, count: usize) -> Result<(Labels, bool), ParseError> {
    let what = || format!("piece {index} of {count}: four sides, top right bottom left (F, O, I or signed numbers)");
    // Five tokens at most: a 10 MB line is refused without collecting it.
    let toks: Vec<(usize, &str)> = line.tokens().take(5).collect();
    // One token that is not a number: letters, FOIF (a bad character is
    // named with its column).
    let number = |t: &str| {
        let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    if toks.len() == 1 && !number(toks[0].1) {
        let (col, word) = toks[0];
        let mut labels = [0; 4];
        for (k, ch) in word.chars().enumerate() {
            if k == 4 {
                return Err(line.error_at(col + k, format!("expected {}, found more than four letters", what())));
            }
            labels[k] = letter(line, col + k, ch)?;
        }
        if word.len() < 4 {
            return Err(line.error(format!(
                "expected {}, found only {} letter{}",
                what(),
                word.len(),
                if word.len() == 1 { "" } else { "s" }
            )));
        }
        return Ok((labels, true));
    }
    if toks.len() != 4 {
        let msg = if toks.len() < 4 { format!("found only {}", toks.len()) } else { "found more".to_string() };
        let col = toks.get(4).map(|t| t.0);
        let text = format!("expected {}, {msg}", what());
        return Err(match col {
            Some(c) => line.error_at(c, text),
            None => line.error(text),
        });
    }
    let mut labels = [0; 4];
    let mut all_letters = true;
    for (k, &(col, tok)) in toks.iter().enumerate() {
        let mut chars = tok.chars();
        labels[k] = match (chars.next(), chars.next()) {
            (Some(ch), None) if ch.is_ascii_alphabetic() => letter(line, col, ch)?,
            _ => {
                all_letters = false;
                if tok.starts_with(['+', '-']) {
                    parse_int(line, col, tok, "a side (F, O, I or a signed number)", MAX_SHAPE)? as i32
                } else {
                    parse_uint(line, col, tok, "a side (F, O, I or a signed number)", MAX_SHAPE as u64)? as i32
                }
            }
        };
    }
    Ok((labels, all_letters))
}

fn letter(line: &Line, col: usize, ch: char) -> Result<i32, ParseError> {
    match ch.to_ascii_uppercase() {
        'F' => Ok(0),
        'O' => Ok(1),
        'I' => Ok(-1),
        _ => Err(line.error_at(col, format!("expected F, O or I, found {}", show(&ch.to_string())))),
    }
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
