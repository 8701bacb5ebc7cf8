//! `tessera pack`: polyomino packing (UVa 387 "A Puzzling Problem") and its
//! generalisation to any board and any piece set.
//!
//! # Input (the judge's format)
//!
//! The number of pieces `p` (a lone `0` ends the input), then for each piece
//! a line `rows cols` and `rows` lines of `cols` characters `0`/`1` (`1` is
//! solid). Pieces are numbered 1..p in input order.
//!
//! ```text
//! 2
//! 2 4
//! 1111
//! 1111
//! 2 4
//! 1111
//! 1111
//! 0
//! ```
//!
//! # Output
//!
//! The board, one character per cell naming the piece that covers it
//! (`1`-`9`, then `A`-`Z`, `a`-`z`), or `No solution possible`; one empty
//! line between cases.
//!
//! # Encoding as exact cover
//!
//! Board cells are primary items of multiplicity 1; pieces with the same
//! set of allowed oriented shapes form one *type*, a primary item whose
//! multiplicity is the number of copies; one option per (type, distinct
//! orientation, position on the board).

use super::input::{next_case, parse_uint, show, Lines, ParseError};
use super::polyomino::{Freedom, Shape};
use super::Refutation;
use crate::engine::{OptionId, Primary, Problem, ProblemBuilder};
use std::collections::HashMap;

/// The largest board side.
pub const MAX_SIDE: usize = 64;
/// The largest number of pieces in one case.
pub const MAX_PIECES: usize = 1000;

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

    /// The number of cells to fill.
    pub fn area(&self) -> usize {
        self.fill.iter().filter(|&&f| f).count()
    }

    pub fn is_cell(&self, r: usize, c: usize) -> bool {
        r < self.rows && c < self.cols && self.fill[r * self.cols + c]
    }
}

/// One piece as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub shape: Shape,
    /// A name for grids and JSON (built-in sets and the picture format).
    pub name: Option<String>,
    pub freedom: Freedom,
    /// The input line where the piece starts.
    pub line: usize,
}

/// A packing puzzle: fill every board cell with all the pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackPuzzle {
    pub board: Board,
    pub pieces: Vec<Piece>,
}

/// Where one piece lies in a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiecePlacement {
    /// 0-based input index.
    pub piece: usize,
    /// The symmetry (0-7) applied to the piece as drawn.
    pub orientation: u8,
    /// The top-left corner of the oriented piece's bounding box.
    pub row: usize,
    pub col: usize,
    /// The board cells it covers, in reading order.
    pub cells: Vec<(usize, usize)>,
}

/// A filled board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackSolution {
    /// For each input piece, where it lies.
    pub placements: Vec<PiecePlacement>,
    /// For each board cell (row by row), the piece covering it.
    pub grid: Vec<Option<usize>>,
}

/// A puzzle tessera refuses to model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PackModelError {
    #[error("piece {piece} ({h}x{w}) is larger than the {rows}x{cols} board")]
    PieceTooLarge { line: usize, piece: usize, h: usize, w: usize, rows: usize, cols: usize },
}

impl PackModelError {
    /// The input line the error is about.
    pub fn line(&self) -> usize {
        match self {
            PackModelError::PieceTooLarge { line, .. } => *line,
        }
    }
}

/// One option: piece type, symmetry, offset and covered cells.
type Placement = (u32, u8, (usize, usize), Vec<(usize, usize)>);

/// Piece types: the input pieces of each, and each type's orientations.
type Types = (Vec<Vec<usize>>, Vec<Vec<(u8, Shape)>>);

/// The engine's view of a packing puzzle.
#[derive(Debug)]
pub struct Encoded {
    pub problem: Problem,
    /// For each option: type, symmetry, offset and covered cells.
    options: Vec<Placement>,
    type_pieces: Vec<Vec<usize>>,
}

impl PackPuzzle {
    /// Checks that every piece fits the board in some allowed orientation.
    pub fn check(&self) -> Result<(), PackModelError> {
        for (i, p) in self.pieces.iter().enumerate() {
            let fits = p.shape.orientations(p.freedom).iter().any(|(_, s)| {
                let (h, w) = s.extent();
                h <= self.board.rows && w <= self.board.cols
            });
            if !fits {
                let (h, w) = p.shape.extent();
                return Err(PackModelError::PieceTooLarge {
                    line: p.line,
                    piece: i + 1,
                    h,
                    w,
                    rows: self.board.rows,
                    cols: self.board.cols,
                });
            }
        }
        Ok(())
    }

    /// Whether the piece areas add up to the board's.
    pub fn areas_match(&self) -> bool {
        self.pieces.iter().map(|p| p.shape.size()).sum::<usize>() == self.board.area()
    }

    /// Groups the pieces into types: same set of allowed oriented shapes.
    fn types(&self) -> Types {
        let mut index: HashMap<Vec<Shape>, usize> = HashMap::new();
        let mut type_pieces: Vec<Vec<usize>> = Vec::new();
        let mut type_orients = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            let orients = p.shape.orientations(p.freedom);
            let mut key: Vec<Shape> = orients.iter().map(|(_, s)| s.clone()).collect();
            key.sort();
            let t = *index.entry(key).or_insert_with(|| {
                type_pieces.push(Vec::new());
                type_orients.push(orients);
                type_pieces.len() - 1
            });
            type_pieces[t].push(i);
        }
        (type_pieces, type_orients)
    }

    /// Encodes the puzzle for the engine.
    pub fn encode(&self) -> Encoded {
        let board = &self.board;
        let (type_pieces, type_orients) = self.types();
        let mut b = ProblemBuilder::new();
        // Cells, declared along the short side first: a search that prefers
        // early items then sweeps the board across its long side.
        let mut cell_item: Vec<Option<Primary>> = vec![None; board.rows * board.cols];
        let order: Vec<(usize, usize)> = if board.rows <= board.cols {
            (0..board.cols).flat_map(|c| (0..board.rows).map(move |r| (r, c))).collect()
        } else {
            (0..board.rows).flat_map(|r| (0..board.cols).map(move |c| (r, c))).collect()
        };
        for (r, c) in order {
            if board.is_cell(r, c) {
                cell_item[r * board.cols + c] = Some(b.primary(1));
            }
        }
        let types: Vec<Primary> = type_pieces.iter().map(|p| b.primary(p.len() as u32)).collect();
        let mut options = Vec::new();
        let mut items = Vec::new();
        for (t, orients) in type_orients.iter().enumerate() {
            for (sym, shape) in orients {
                let (h, w) = shape.extent();
                if h > board.rows || w > board.cols {
                    continue;
                }
                for dr in 0..=board.rows - h {
                    for dc in 0..=board.cols - w {
                        if !shape.cells().all(|(r, c)| board.is_cell(r + dr, c + dc)) {
                            continue;
                        }
                        items.clear();
                        items.extend(shape.cells().map(|(r, c)| cell_item[(r + dr) * board.cols + c + dc].unwrap()));
                        items.push(types[t]);
                        b.option(&items, &[]);
                        let cells = shape.cells().map(|(r, c)| (r + dr, c + dc)).collect();
                        options.push((t as u32, *sym, (dr, dc), cells));
                    }
                }
            }
        }
        let problem = b.build().expect("packing options are well formed");
        Encoded { problem, options, type_pieces }
    }
}

impl Encoded {
    /// Turns chosen options back into a filled board.
    pub fn decode(&self, puzzle: &PackPuzzle, chosen: &[OptionId]) -> PackSolution {
        let board = &puzzle.board;
        let mut chosen: Vec<OptionId> = chosen.to_vec();
        // Copies of a type go to its placements in reading order of their
        // first cell.
        chosen.sort_by_key(|&o| self.options[o].3[0]);
        let mut next_copy = vec![0usize; self.type_pieces.len()];
        let mut placements: Vec<Option<PiecePlacement>> = vec![None; puzzle.pieces.len()];
        let mut grid = vec![None; board.rows * board.cols];
        for o in chosen {
            let (t, _, (dr, dc), cells) = &self.options[o];
            let t = *t as usize;
            let piece = self.type_pieces[t][next_copy[t]];
            next_copy[t] += 1;
            let placed = Shape::new(cells.iter().copied()).unwrap();
            let p = &puzzle.pieces[piece];
            let orientation =
                p.freedom.transforms().iter().copied().find(|&s| p.shape.transform(s) == placed).unwrap_or(0);
            for &(r, c) in cells {
                grid[r * board.cols + c] = Some(piece);
            }
            placements[piece] = Some(PiecePlacement { piece, orientation, row: *dr, col: *dc, cells: cells.clone() });
        }
        PackSolution { placements: placements.into_iter().map(|p| p.expect("every piece is placed")).collect(), grid }
    }
}

/// Cheap arguments that prove a packing impossible: the areas must add up.
pub fn precheck(p: &PackPuzzle) -> Option<Refutation> {
    let pieces: usize = p.pieces.iter().map(|x| x.shape.size()).sum();
    let area = p.board.area();
    (pieces != area)
        .then(|| Refutation { check: "area", detail: format!("the pieces cover {pieces} cells, the board has {area}") })
}

/// The character naming piece `i` (0-based) in the judge's grid.
pub fn piece_symbol(i: usize) -> char {
    const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    SYMBOLS.get(i).map_or('?', |&b| b as char)
}

/// The judge's text for a solved board.
pub fn judge_grid(puzzle: &PackPuzzle, solution: &PackSolution) -> String {
    let mut out = String::new();
    for r in 0..puzzle.board.rows {
        for c in 0..puzzle.board.cols {
            out.push(solution.grid[r * puzzle.board.cols + c].map_or('.', |i| {
                // Named pieces show their name's first letter.
                puzzle.pieces[i].name.as_ref().and_then(|n| n.chars().next()).unwrap_or_else(|| piece_symbol(i))
            }));
        }
        out.push('\n');
    }
    out
}

/// The judge's text when there is no solution.
pub const NO_SOLUTION: &str = "No solution possible";

/// One case as read: its pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub line: usize,
    /// Shapes in input order, with their starting lines.
    pub pieces: Vec<(Shape, usize)>,
}

impl Case {
    /// The puzzle on `board` with every piece given `freedom`.
    pub fn puzzle(&self, board: &Board, freedom: Freedom) -> PackPuzzle {
        PackPuzzle {
            board: board.clone(),
            pieces: self
                .pieces
                .iter()
                .map(|(shape, line)| Piece { shape: shape.clone(), name: None, freedom, line: *line })
                .collect(),
        }
    }
}

/// Reads judge-format cases one at a time.
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
        let Some(line) = self.lines.next_nonblank() else {
            return Err(ParseError::at(
                self.lines.end_line(),
                "unexpected end of input: expected a number of pieces or the terminating `0`",
            ));
        };
        let toks: Vec<(usize, &str)> = line.tokens().take(2).collect();
        if toks.len() != 1 {
            return Err(line.error_at(toks[1].0, "expected only the number of pieces on this line"));
        }
        let p = parse_uint(&line, toks[0].0, toks[0].1, "a number of pieces", u64::MAX)?;
        if p == 0 {
            return Ok(None);
        }
        if p > MAX_PIECES as u64 {
            return Err(line.error_at(toks[0].0, format!("{p} pieces are too many (at most {MAX_PIECES})")));
        }
        self.number += 1;
        let mut pieces = Vec::new();
        for k in 1..=p as usize {
            let Some(head) = self.lines.next_nonblank() else {
                return Err(ParseError::at(
                    self.lines.end_line(),
                    format!("unexpected end of input: case {} needs {p} pieces, found {}", self.number, k - 1),
                ));
            };
            let toks: Vec<(usize, &str)> = head.tokens().collect();
            if toks.len() != 2 {
                return Err(head.error(format!(
                    "expected the size of piece {k}: `rows cols`, found {} field{}",
                    toks.len(),
                    if toks.len() == 1 { "" } else { "s" }
                )));
            }
            let h = parse_uint(&head, toks[0].0, toks[0].1, "a number of rows", u64::MAX)?;
            let w = parse_uint(&head, toks[1].0, toks[1].1, "a number of columns", u64::MAX)?;
            for (v, (col, _)) in [(h, toks[0]), (w, toks[1])] {
                if v == 0 || v > MAX_SIDE as u64 {
                    return Err(head.error_at(col, format!("piece size {v} is out of range (1 to {MAX_SIDE})")));
                }
            }
            let (h, w) = (h as usize, w as usize);
            let mut cells = Vec::new();
            for r in 0..h {
                let Some(row) = self.lines.next_nonblank() else {
                    return Err(ParseError::at(
                        self.lines.end_line(),
                        format!("unexpected end of input: piece {k} needs {h} rows, found {r}"),
                    ));
                };
                let text = row.text.trim();
                let indent = row.text.len() - row.text.trim_start().len();
                let width = text.chars().count();
                for (c, ch) in text.chars().enumerate() {
                    match ch {
                        '1' => cells.push((r, c)),
                        '0' => {}
                        _ => {
                            return Err(row.error_at(
                                indent + c + 1,
                                format!(
                                    "expected `0` or `1` in row {} of piece {k}, found {}",
                                    r + 1,
                                    show(&ch.to_string())
                                ),
                            ))
                        }
                    }
                }
                if width != w {
                    return Err(row.error(format!(
                        "row {} of piece {k} has {width} cell{}, expected {w}",
                        r + 1,
                        if width == 1 { "" } else { "s" }
                    )));
                }
            }
            let Some(shape) = Shape::new(cells) else {
                return Err(ParseError::at(head.number, format!("piece {k} has no solid cell (`1`)")));
            };
            pieces.push((shape, head.number));
        }
        Ok(Some(Case { line: line.number, pieces }))
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
