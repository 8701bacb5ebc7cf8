//! Drawing solved boards as text.
//!
//! Tile puzzles show every tile with its four labels where it lies:
//!
//! ```text
//! ┌─────┬─────┐
//! │  5  │  4  │
//! │4   9│9   6│
//! │  1  │  5  │
//! ├─────┼─────┤
//! ```
//!
//! Packing shows the board with one symbol per piece, and walls between
//! different pieces. Colour (ANSI escapes) is added only when asked for.

use crate::puzzles::pack::{PackPuzzle, PackSolution};
use crate::puzzles::tiles::{TilePuzzle, TileSolution};
use std::fmt::Write;

/// How to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Plain ASCII instead of Unicode box characters.
    pub ascii: bool,
    /// ANSI colours.
    pub colour: bool,
}

struct Glyphs {
    h: char,
    v: char,
    corners: [[char; 3]; 3],
}

const UNICODE: Glyphs =
    Glyphs { h: '─', v: '│', corners: [['┌', '┬', '┐'], ['├', '┼', '┤'], ['└', '┴', '┘']] };
const ASCII: Glyphs = Glyphs { h: '-', v: '|', corners: [['+', '+', '+'], ['+', '+', '+'], ['+', '+', '+']] };

/// A readable colour for a value (ANSI 256-colour foreground).
fn paint(text: &str, key: i64, colour: bool) -> String {
    if !colour {
        return text.to_string();
    }
    const PALETTE: [u8; 12] = [196, 46, 33, 226, 201, 51, 208, 129, 118, 39, 220, 160];
    let c = PALETTE[key.rem_euclid(PALETTE.len() as i64) as usize];
    format!("\x1b[38;5;{c}m{text}\x1b[0m")
}

fn centre(s: &str, width: usize) -> (usize, usize) {
    let len = s.chars().count();
    let left = (width.saturating_sub(len)) / 2;
    (left, width.saturating_sub(len + left))
}

/// Draws a solved tile board; `name` writes a label as the input did.
pub fn tiles(puzzle: &TilePuzzle, sol: &TileSolution, style: Style, name: &dyn Fn(i32) -> String) -> String {
    let g = if style.ascii { &ASCII } else { &UNICODE };
    let lw = sol.grid.iter().flatten().map(|&l| name(l).chars().count()).max().unwrap_or(1);
    let inner = 2 * lw + 3;
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let mut out = String::new();
    let rule = |out: &mut String, k: usize| {
        for c in 0..cols {
            out.push(g.corners[k][if c == 0 { 0 } else { 1 }]);
            out.extend(std::iter::repeat_n(g.h, inner));
        }
        out.push(g.corners[k][2]);
        out.push('\n');
    };
    for r in 0..rows {
        rule(&mut out, if r == 0 { 0 } else { 1 });
        let cell = |c: usize| sol.grid[r * cols + c];
        for line in 0..3 {
            for c in 0..cols {
                out.push(g.v);
                let l = cell(c);
                match line {
                    0 | 2 => {
                        let v = if line == 0 { l[0] } else { l[2] };
                        let s = name(v);
                        let (a, b) = centre(&s, inner);
                        let _ = write!(out, "{}{}{}", " ".repeat(a), paint(&s, v as i64, style.colour), " ".repeat(b));
                    }
                    _ => {
                        let (left, right) = (name(l[3]), name(l[1]));
                        let gap = inner - left.chars().count() - right.chars().count();
                        let _ = write!(
                            out,
                            "{}{}{}",
                            paint(&left, l[3] as i64, style.colour),
                            " ".repeat(gap),
                            paint(&right, l[1] as i64, style.colour)
                        );
                    }
                }
            }
            out.push(g.v);
            out.push('\n');
        }
    }
    rule(&mut out, 2);
    out
}

/// Draws a filled packing board: each cell shows its piece's symbol, walls
/// separate different pieces, holes stay blank.
pub fn pack(puzzle: &PackPuzzle, sol: &PackSolution, style: Style, symbol: &dyn Fn(usize) -> String) -> String {
    let (rows, cols) = (puzzle.board.rows, puzzle.board.cols);
    let at = |r: isize, c: isize| -> Option<usize> {
        if r < 0 || c < 0 || r as usize >= rows || c as usize >= cols {
            None
        } else {
            sol.grid[r as usize * cols + c as usize]
        }
    };
    let width = (0..puzzle.pieces.len()).map(|i| symbol(i).chars().count()).max().unwrap_or(1).max(1);
    let mut out = String::new();
    for r in 0..=rows as isize {
        // The wall line above row r.
        for c in 0..=cols as isize {
            let (a, b, cc, d) = (at(r - 1, c - 1), at(r - 1, c), at(r, c - 1), at(r, c));
            let up = a != b;
            let down = cc != d;
            let left = a != cc;
            let right = b != d;
            out.push(junction(up, down, left, right, style.ascii));
            if c < cols as isize {
                let h = if b != d {
                    if style.ascii {
                        '-'
                    } else {
                        '─'
                    }
                } else {
                    ' '
                };
                out.extend(std::iter::repeat_n(h, width + 2));
            }
        }
        trim_end(&mut out);
        out.push('\n');
        if r == rows as isize {
            break;
        }
        for c in 0..=cols as isize {
            let wall = at(r, c - 1) != at(r, c);
            out.push(if wall {
                if style.ascii {
                    '|'
                } else {
                    '│'
                }
            } else {
                ' '
            });
            if c < cols as isize {
                match at(r, c) {
                    Some(p) => {
                        let s = symbol(p);
                        let (a, b) = centre(&s, width + 2);
                        let _ = write!(out, "{}{}{}", " ".repeat(a), paint(&s, p as i64, style.colour), " ".repeat(b));
                    }
                    None => out.extend(std::iter::repeat_n(' ', width + 2)),
                }
            }
        }
        trim_end(&mut out);
        out.push('\n');
    }
    // Drop blank lines (a board with holes along its outline).
    out.lines().filter(|l| !l.trim().is_empty()).map(|l| format!("{l}\n")).collect()
}

fn trim_end(s: &mut String) {
    let t = s.trim_end_matches(' ').len();
    s.truncate(t);
}

fn junction(up: bool, down: bool, left: bool, right: bool, ascii: bool) -> char {
    if ascii {
        return match (up || down, left || right) {
            (false, false) => ' ',
            (true, false) => '|',
            (false, true) => '-',
            (true, true) => '+',
        };
    }
    match (up, down, left, right) {
        (false, false, false, false) => ' ',
        (true, true, false, false) | (true, false, false, false) | (false, true, false, false) => '│',
        (false, false, true, true) | (false, false, true, false) | (false, false, false, true) => '─',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (true, true, false, true) => '├',
        (true, true, true, false) => '┤',
        (false, true, true, true) => '┬',
        (true, false, true, true) => '┴',
        (true, true, true, true) => '┼',
    }
}
