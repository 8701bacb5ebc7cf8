//! `tessera pack`: polyomino packing (UVa 387 "A Puzzling Problem") and its
//! generalisation to any board and any piece set.
//!
//! # Input
//!
//! Two formats, told apart per input: an input whose first non-blank line
//! starts with a keyword (`piece`, `board`, `set`, `puzzle`) or a comment
//! (`//`) is in the *picture format*; any other input is in the judge's
//! format.
//!
//! The judge's format: the number of pieces `p` (a lone `0` ends the
//! input), then for each piece a line `rows cols` and `rows` lines of
//! `cols` characters `0`/`1` (`1` is solid). Pieces are numbered 1..p in
//! input order.
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
//! The picture format (see docs/pack.md): pieces drawn with `#` or letters,
//! optionally named, with a count of identical copies and their own turn
//! and flip rules; built-in sets; a board drawn with `.` for the cells to
//! fill.
//!
//! ```text
//! board
//! ...#
//! ....
//! piece L x2 rotate
//! #.
//! ##
//! set trominoes
//! ```
//!
//! # Output
//!
//! The board, one character per cell naming the piece that covers it
//! (`1`-`9`, then `A`-`Z`, `a`-`z`), or `No solution possible`; one empty
//! line between cases. See [`symbols`] for named pieces.
//!
//! # Encoding as exact cover
//!
//! Board cells are primary items of multiplicity 1; pieces with the same
//! set of allowed oriented shapes form one *type*, a primary item whose
//! multiplicity is the number of copies; one option per (type, distinct
//! orientation, position on the board). With `--unique` the placements of
//! one type are restricted (see [`super::symmetry`]).

use super::input::{next_case, parse_uint, show, within, Line, Lines, ParseError, Token, Tokens};
use super::pieces::PieceSet;
use super::polyomino::{Freedom, Shape};
use super::symmetry::{self, NoBreaking};
use super::Refutation;
use crate::engine::{OptionId, Primary, Problem, ProblemBuilder};
use std::collections::HashMap;

/// The largest board side.
pub const MAX_SIDE: usize = 64;
/// The largest number of pieces in one case.
pub const MAX_PIECES: usize = 1000;
/// The longest piece name.
pub const MAX_NAME: usize = 16;

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

/// One piece as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub shape: Shape,
    /// A name for grids and JSON (built-in sets and the picture format).
    pub name: Option<String>,
    pub freedom: Freedom,
    /// The input line where the piece starts (0: from the command line).
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
    #[error(
        "piece {piece} is named `{name}` like piece {other}, a different piece ({}); one name, one piece",
        given_at(other_line)
    )]
    DuplicateName { line: usize, piece: usize, name: String, other: usize, other_line: usize },
    #[error("the puzzle has no pieces")]
    NoPieces { line: usize },
    #[error("--unique: {reason}; the board's symmetry group has {order} elements")]
    Unique { line: usize, reason: NoBreaking, order: usize },
}

impl PackModelError {
    /// The input line the error is about (0: the command line).
    pub fn line(&self) -> usize {
        match self {
            PackModelError::DuplicateName { line, .. }
            | PackModelError::NoPieces { line }
            | PackModelError::Unique { line, .. } => *line,
        }
    }
}

/// The name a built-in set's piece takes in a puzzle: its own, unless a
/// piece before it (`earlier`: names and sizes) of another size has that
/// name (the `I` of the trominoes and of the tetrominoes), then followed by
/// its number of cells (`I4`). Sets then combine.
pub fn set_piece_name<'a>(
    name: &str,
    size: usize,
    earlier: impl IntoIterator<Item = (Option<&'a str>, usize)>,
) -> String {
    let clash = earlier.into_iter().any(|(n, k)| n == Some(name) && k != size);
    if clash {
        format!("{name}{size}")
    } else {
        name.to_string()
    }
}

/// Where a piece was given, for messages: its line, or `--set`.
fn given_at(line: &usize) -> String {
    match line {
        0 => "from --set".to_string(),
        l => format!("line {l}"),
    }
}

/// The distinct allowed orientations of a type, each with the first
/// symmetry that makes it.
type Orientations = Vec<(u8, Shape)>;

/// One placement of a piece type: its symmetry, offset and covered cells.
#[derive(Clone, Debug)]
struct Placement {
    ty: usize,
    sym: u8,
    at: (usize, usize),
    cells: Vec<(usize, usize)>,
}

/// How `--unique` broke the symmetry (for `--stats` and the docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetryInfo {
    /// The symmetries (0-7, see [`symmetry::NAMES`]) of the problem.
    pub group: Vec<u8>,
    /// The restricted piece (0-based index of its first copy), its kept and
    /// total placements, and how many of the kept ones needed a second piece.
    pub restricted: Option<(usize, usize, usize, usize)>,
}

/// The engine's view of a packing puzzle.
#[derive(Debug)]
pub struct Encoded {
    pub problem: Problem,
    /// For each option that places a piece: its placement. Options after
    /// these are slack options of the symmetry breaking.
    options: Vec<Placement>,
    type_pieces: Vec<Vec<usize>>,
    /// What the pre-checks found, computed with the placements.
    refutation: Option<Refutation>,
    /// With `--unique`: the group and the restriction.
    pub symmetry: Option<SymmetryInfo>,
}

impl PackPuzzle {
    /// Checks that the puzzle has pieces and that a name means one piece. (A
    /// piece larger than the board makes a puzzle without solution, not a
    /// bad one: the pre-checks refute it.)
    pub fn check(&self) -> Result<(), PackModelError> {
        if self.pieces.is_empty() {
            return Err(PackModelError::NoPieces { line: 0 });
        }
        let mut named: HashMap<&str, usize> = HashMap::new();
        for (i, p) in self.pieces.iter().enumerate() {
            let Some(name) = &p.name else { continue };
            match named.get(name.as_str()) {
                None => {
                    named.insert(name, i);
                }
                Some(&j) if shape_key(&self.pieces[j]) != shape_key(p) => {
                    return Err(PackModelError::DuplicateName {
                        line: p.line,
                        piece: i + 1,
                        name: name.clone(),
                        other: j + 1,
                        other_line: self.pieces[j].line,
                    })
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// Whether the piece areas add up to the board's.
    pub fn areas_match(&self) -> bool {
        self.pieces.iter().map(|p| p.shape.size()).sum::<usize>() == self.board.area()
    }

    /// Groups the pieces into types: same set of allowed oriented shapes.
    fn types(&self) -> (Vec<Vec<usize>>, Vec<Orientations>) {
        let mut index: HashMap<Vec<Shape>, usize> = HashMap::new();
        let mut type_pieces: Vec<Vec<usize>> = Vec::new();
        let mut type_orients = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            let t = *index.entry(shape_key(p)).or_insert_with(|| {
                type_pieces.push(Vec::new());
                type_orients.push(p.shape.orientations(p.freedom));
                type_pieces.len() - 1
            });
            type_pieces[t].push(i);
        }
        (type_pieces, type_orients)
    }

    /// Every placement of every type, by type, orientation, row, column.
    fn placements(&self, type_orients: &[Orientations]) -> Vec<Placement> {
        let board = &self.board;
        let mut out = Vec::new();
        for (ty, orients) in type_orients.iter().enumerate() {
            for (sym, shape) in orients {
                let (h, w) = shape.extent();
                if h > board.rows || w > board.cols {
                    continue;
                }
                for dr in 0..=board.rows - h {
                    for dc in 0..=board.cols - w {
                        if shape.cells().all(|(r, c)| board.is_cell(r + dr, c + dc)) {
                            let cells = shape.cells().map(|(r, c)| (r + dr, c + dc)).collect();
                            out.push(Placement { ty, sym: *sym, at: (dr, dc), cells });
                        }
                    }
                }
            }
        }
        out
    }

    /// The symmetries of the problem: those of the board that map every
    /// type's set of allowed oriented shapes onto itself.
    pub fn symmetry_group(&self) -> Vec<u8> {
        let (_, type_orients) = self.types();
        self.group(&type_orients)
    }

    fn group(&self, type_orients: &[Orientations]) -> Vec<u8> {
        let cells: Vec<(usize, usize)> = self.board.cells().collect();
        symmetry::cell_set_group(&cells, (self.board.rows, self.board.cols))
            .into_iter()
            .filter(|&g| {
                type_orients.iter().all(|orients| {
                    let mut shapes: Vec<&Shape> = orients.iter().map(|(_, s)| s).collect();
                    shapes.sort();
                    let mut image: Vec<Shape> = orients.iter().map(|(_, s)| s.transform(g)).collect();
                    image.sort();
                    image.iter().eq(shapes)
                })
            })
            .collect()
    }

    /// Encodes the puzzle for the engine, every solution counted.
    pub fn encode(&self) -> Encoded {
        self.encode_with(false).expect("only --unique can fail")
    }

    /// Encodes the puzzle with the symmetry broken: one solution per orbit
    /// under [`PackPuzzle::symmetry_group`].
    pub fn encode_unique(&self) -> Result<Encoded, PackModelError> {
        self.encode_with(true)
    }

    fn encode_with(&self, unique: bool) -> Result<Encoded, PackModelError> {
        let board = &self.board;
        let (type_pieces, type_orients) = self.types();
        // When the areas differ the case is refuted at once: do not build
        // the placements (a hostile input could make them huge).
        let all = if self.areas_match() { self.placements(&type_orients) } else { Vec::new() };
        let refutation = refute(self, &type_pieces, &all);
        let mut symmetry_info = None;
        let mut plan = None;
        if unique {
            let group = self.group(&type_orients);
            if refutation.is_none() {
                let cells: Vec<(usize, &[(usize, usize)])> = all.iter().map(|p| (p.ty, p.cells.as_slice())).collect();
                let mult: Vec<usize> = type_pieces.iter().map(Vec::len).collect();
                plan = symmetry::plan(&group, (board.rows, board.cols), &cells, &mult)
                    .map_err(|reason| PackModelError::Unique { line: 0, reason, order: group.len() })?;
            }
            let restricted =
                plan.as_ref().map(|p| (type_pieces[p.piece_type][0], p.kept.len(), p.total, p.conditions.len()));
            symmetry_info = Some(SymmetryInfo { group, restricted });
        }

        let mut b = ProblemBuilder::new();
        let mut types: Vec<Option<Primary>> = vec![None; type_pieces.len()];
        // The restricted type first: the bitset backend branches on the
        // lowest item, so the search starts by placing it.
        if let Some(p) = &plan {
            types[p.piece_type] = Some(b.primary(1));
        } else {
            // Otherwise the single piece with the fewest placements first
            // (minimum remaining values at the root, as Knuth places the X
            // pentomino first): the search starts with it.
            let mut count = vec![0usize; type_pieces.len()];
            for pl in &all {
                count[pl.ty] += 1;
            }
            let mut singles: Vec<usize> = (0..type_pieces.len()).filter(|&t| type_pieces[t].len() == 1).collect();
            singles.sort_by_key(|&t| (count[t], t));
            if let Some(&t) = singles.first() {
                types[t] = Some(b.primary(1));
            }
        }
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
        // Cells sharing a side are neighbours: the engine may then refute
        // regions of empty cells that no set of pieces can fill.
        for r in 0..board.rows {
            for c in 0..board.cols {
                let Some(a) = cell_item[r * board.cols + c] else { continue };
                for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                    if let Some(Some(n)) = (board.is_cell(r2, c2)).then(|| cell_item[r2 * board.cols + c2]) {
                        b.link(a, n);
                    }
                }
            }
        }
        for (t, pieces) in type_pieces.iter().enumerate() {
            if types[t].is_none() {
                types[t] = Some(b.primary(pieces.len() as u32));
            }
        }
        // The conditions' items: placement -> extra items of its option.
        let mut extra: HashMap<usize, Vec<Primary>> = HashMap::new();
        let mut keep = vec![true; all.len()];
        let mut slack = Vec::new();
        if let Some(p) = &plan {
            for (i, pl) in all.iter().enumerate() {
                if pl.ty == p.piece_type {
                    keep[i] = false;
                }
            }
            for &i in &p.kept {
                keep[i] = true;
            }
            for cond in &p.conditions {
                let item = b.primary(1);
                slack.push(item);
                extra.entry(cond.placement).or_default().push(item);
                for &q in &cond.excluded {
                    extra.entry(q).or_default().push(item);
                }
            }
        }
        let mut options = Vec::new();
        let mut items = Vec::new();
        for (i, pl) in all.into_iter().enumerate() {
            if !keep[i] {
                continue;
            }
            items.clear();
            items.extend(pl.cells.iter().map(|&(r, c)| cell_item[r * board.cols + c].expect("a board cell")));
            items.push(types[pl.ty].expect("every type has an item"));
            if let Some(e) = extra.get(&i) {
                items.extend_from_slice(e);
            }
            b.option(&items, &[]);
            options.push(pl);
        }
        for item in slack {
            b.option(&[item], &[]);
        }
        let problem = b.build().expect("packing options are well formed");
        Ok(Encoded { problem, options, type_pieces, refutation, symmetry: symmetry_info })
    }
}

/// The key that groups identical pieces: the sorted allowed oriented shapes.
fn shape_key(p: &Piece) -> Vec<Shape> {
    let mut key: Vec<Shape> = p.shape.orientations(p.freedom).into_iter().map(|(_, s)| s).collect();
    key.sort();
    key
}

impl Encoded {
    /// Turns chosen options back into a filled board.
    pub fn decode(&self, puzzle: &PackPuzzle, chosen: &[OptionId]) -> PackSolution {
        let board = &puzzle.board;
        let mut chosen: Vec<OptionId> = chosen.iter().copied().filter(|&o| o < self.options.len()).collect();
        // Copies of a type go to its placements in reading order of their
        // first cell.
        chosen.sort_by_key(|&o| self.options[o].cells[0]);
        let mut next_copy = vec![0usize; self.type_pieces.len()];
        let mut placements: Vec<Option<PiecePlacement>> = vec![None; puzzle.pieces.len()];
        let mut grid = vec![None; board.rows * board.cols];
        for o in chosen {
            let pl = &self.options[o];
            let piece = self.type_pieces[pl.ty][next_copy[pl.ty]];
            next_copy[pl.ty] += 1;
            let placed = Shape::new(pl.cells.iter().copied()).expect("a placement covers cells");
            let p = &puzzle.pieces[piece];
            let orientation =
                p.freedom.transforms().iter().copied().find(|&s| p.shape.transform(s) == placed).unwrap_or(pl.sym);
            for &(r, c) in &pl.cells {
                grid[r * board.cols + c] = Some(piece);
            }
            placements[piece] =
                Some(PiecePlacement { piece, orientation, row: pl.at.0, col: pl.at.1, cells: pl.cells.clone() });
        }
        PackSolution { placements: placements.into_iter().map(|p| p.expect("every piece is placed")).collect(), grid }
    }

    /// The pre-checks' verdict (see [`precheck`]).
    pub fn precheck(&self) -> Option<Refutation> {
        self.refutation.clone()
    }
}

// ---------------------------------------------------------------------------
// Pre-checks.

/// Cheap arguments that prove a packing impossible, in this order:
///
/// * `placement`: a piece larger than the board in every allowed
///   orientation;
/// * `area`: the pieces' cells must add up to the board's;
/// * `placement`: every piece must fit somewhere on the board (a piece can
///   fit the bounding box and still meet a hole everywhere);
/// * `colouring`: colour the board like a checkerboard (then in stripes of
///   rows, then of columns). Each placement of a piece covers some number
///   of black cells; over all the placements of a piece these numbers form
///   a set. Some choice of one number per piece must add up to the board's
///   black cells; a subset-sum over the pieces (copies included) decides
///   it. This proves at once that the 35 hexominoes fill no rectangle (24
///   of them always cover 3 black cells, the other 11 cover 2 or 4, so all
///   35 cover an even number, never the 105 of a rectangle of 210 cells)
///   and that the 5 tetrominoes fill none (the T covers 1 or 3, the others
///   2 each: an odd total, never the 10 of a rectangle of 20 cells).
pub fn precheck(p: &PackPuzzle) -> Option<Refutation> {
    let (type_pieces, type_orients) = p.types();
    refute(p, &type_pieces, &p.placements(&type_orients))
}

fn refute(p: &PackPuzzle, type_pieces: &[Vec<usize>], placements: &[Placement]) -> Option<Refutation> {
    let (rows, cols) = (p.board.rows, p.board.cols);
    for (i, piece) in p.pieces.iter().enumerate() {
        let fits = piece.shape.orientations(piece.freedom).iter().any(|(_, s)| {
            let (h, w) = s.extent();
            h <= rows && w <= cols
        });
        if !fits {
            let (h, w) = piece.shape.extent();
            return Some(Refutation {
                check: "placement",
                detail: format!("{} ({h}x{w}) is larger than the {rows}x{cols} board", piece_label(p, i)),
            });
        }
    }
    let pieces: usize = p.pieces.iter().map(|x| x.shape.size()).sum();
    let area = p.board.area();
    if pieces != area {
        return Some(Refutation {
            check: "area",
            detail: format!("the pieces cover {pieces} cells, the board has {area}"),
        });
    }
    let mut placed = vec![false; type_pieces.len()];
    for pl in placements {
        placed[pl.ty] = true;
    }
    if let Some(t) = placed.iter().position(|&x| !x) {
        return Some(Refutation {
            check: "placement",
            detail: format!("{} fits nowhere on the board", piece_label(p, type_pieces[t][0])),
        });
    }
    colouring(p, type_pieces, placements)
}

/// `piece 3` or `piece 3 (F)`.
fn piece_label(p: &PackPuzzle, i: usize) -> String {
    match &p.pieces[i].name {
        Some(n) => format!("piece {} ({n})", i + 1),
        None => format!("piece {}", i + 1),
    }
}

/// The colourings tried, each saying whether a cell is black.
/// Whether a cell `(row, col)` is black.
type Colouring = fn(usize, usize) -> bool;

const COLOURINGS: [(&str, Colouring); 3] = [
    ("checkerboard", |r, c| (r + c) % 2 == 0),
    ("row stripes", |r, _| r % 2 == 0),
    ("column stripes", |_, c| c % 2 == 0),
];

/// A set of small whole numbers as bits.
#[derive(Clone)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Self {
        Bits(vec![0; n / 64 + 1])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    /// `self |= src << k` (bits shifted past the end are dropped).
    fn or_shifted(&mut self, src: &Bits, k: usize) {
        let (words, bits) = (k / 64, k % 64);
        let n = self.0.len();
        for i in (words..n).rev() {
            let mut v = src.0[i - words] << bits;
            if bits > 0 && i > words {
                v |= src.0[i - words - 1] >> (64 - bits);
            }
            self.0[i] |= v;
        }
    }
}

fn colouring(p: &PackPuzzle, type_pieces: &[Vec<usize>], placements: &[Placement]) -> Option<Refutation> {
    let area = p.board.area();
    for (name, black) in COLOURINGS {
        let board_black = p.board.cells().filter(|&(r, c)| black(r, c)).count();
        // For each type, the black counts its placements can cover.
        let mut values: Vec<Vec<usize>> = vec![Vec::new(); type_pieces.len()];
        for pl in placements {
            let v = pl.cells.iter().filter(|&&(r, c)| black(r, c)).count();
            if !values[pl.ty].contains(&v) {
                values[pl.ty].push(v);
            }
        }
        if values.iter().all(|v| v.len() == 1)
            && values.iter().zip(type_pieces).map(|(v, c)| v[0] * c.len()).sum::<usize>() == board_black
        {
            continue; // every piece always covers the same: nothing to learn
        }
        let mut reach = Bits::new(area);
        reach.set(0);
        for (vals, copies) in values.iter().zip(type_pieces) {
            for _ in 0..copies.len() {
                let mut next = Bits::new(area);
                for &v in vals {
                    next.or_shifted(&reach, v);
                }
                reach = next;
            }
        }
        if !reach.get(board_black) {
            let below = (0..board_black).rev().find(|&v| reach.get(v));
            let above = (board_black + 1..=area).find(|&v| reach.get(v));
            let nearest = match (below, above) {
                (Some(a), Some(b)) => format!("{a} or {b}"),
                (Some(a), None) | (None, Some(a)) => a.to_string(),
                (None, None) => "none".to_string(),
            };
            return Some(Refutation {
                check: "colouring",
                detail: format!(
                    "{name} colouring: the board has {board_black} black and {} white cells, but the pieces \
                     cannot cover exactly {board_black} black cells (the nearest they can: {nearest})",
                    area - board_black
                ),
            });
        }
    }
    None
}

// ---------------------------------------------------------------------------
// Text output.

/// The character naming piece `i` (0-based) in the judge's grid.
pub fn piece_symbol(i: usize) -> char {
    SYMBOLS.get(i).map_or('?', |&b| b as char)
}

const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// More symbols for named pieces, after [`SYMBOLS`].
const MORE_SYMBOLS: &[u8] = b"@$%&*+=<>!~^";

/// The symbol of each piece in the text grid, and the legend for the
/// symbols that are not the piece's own name or number.
///
/// * Without named pieces: the judge's symbols, `1`-`9`, `A`-`Z`, `a`-`z`
///   by piece number (`?` beyond the 61st), and no legend.
/// * With named pieces, every piece gets a symbol of its own: a piece named
///   by one character that no other piece uses shows it (the pentominoes
///   show F, I, L...); an unnamed piece shows its judge symbol when that is
///   free; every other piece (longer names such as `H07` or `F'`, copies of
///   a named piece) takes the next free symbol of `1`-`9`, `A`-`Z`, `a`-`z`,
///   `@$%&*+=<>!~^`, and the legend says which piece it is.
pub fn symbols(puzzle: &PackPuzzle) -> (Vec<char>, Vec<(char, String)>) {
    let n = puzzle.pieces.len();
    if puzzle.pieces.iter().all(|p| p.name.is_none()) {
        return ((0..n).map(piece_symbol).collect(), Vec::new());
    }
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for p in &puzzle.pieces {
        if let Some(name) = &p.name {
            *uses.entry(name).or_default() += 1;
        }
    }
    let mut symbol: Vec<Option<char>> = vec![None; n];
    let mut taken = std::collections::HashSet::new();
    for (i, p) in puzzle.pieces.iter().enumerate() {
        if let Some(name) = &p.name {
            let mut chars = name.chars();
            if let (Some(ch), None) = (chars.next(), chars.next()) {
                if uses[name.as_str()] == 1 {
                    symbol[i] = Some(ch);
                    taken.insert(ch);
                }
            }
        }
    }
    for (i, p) in puzzle.pieces.iter().enumerate() {
        let own = piece_symbol(i);
        if p.name.is_none() && own != '?' && taken.insert(own) {
            symbol[i] = Some(own);
        }
    }
    let mut pool = SYMBOLS.iter().chain(MORE_SYMBOLS).map(|&b| b as char).filter(|ch| !taken.contains(ch));
    let mut legend = Vec::new();
    for (i, p) in puzzle.pieces.iter().enumerate() {
        if symbol[i].is_none() {
            let ch = pool.next().unwrap_or('?');
            symbol[i] = Some(ch);
            legend.push((ch, p.name.clone().unwrap_or_else(|| format!("piece {}", i + 1))));
        }
    }
    (symbol.into_iter().map(|s| s.expect("every piece has a symbol")).collect(), legend)
}

/// The text grid of a solved board: one line per row, one symbol per cell
/// (`#` for a hole), and a `legend:` line when [`symbols`] needs one, e.g.
/// `legend: 1=F', 2 3=L` (the symbols of one name together).
pub fn text_grid(puzzle: &PackPuzzle, solution: &PackSolution) -> String {
    let (symbol, legend) = symbols(puzzle);
    let mut out = String::new();
    for r in 0..puzzle.board.rows {
        for c in 0..puzzle.board.cols {
            out.push(solution.grid[r * puzzle.board.cols + c].map_or('#', |i| symbol[i]));
        }
        out.push('\n');
    }
    if !legend.is_empty() {
        // One entry per name: `1 2 3=L, 4=F'`.
        let mut entries: Vec<(String, Vec<char>)> = Vec::new();
        for (ch, name) in legend {
            match entries.iter_mut().find(|(n, _)| *n == name) {
                Some((_, chars)) => chars.push(ch),
                None => entries.push((name, vec![ch])),
            }
        }
        let entries: Vec<String> = entries
            .iter()
            .map(|(name, chars)| {
                let chars: Vec<String> = chars.iter().map(char::to_string).collect();
                format!("{}={name}", chars.join(" "))
            })
            .collect();
        out.push_str(&format!("legend: {}\n", entries.join(", ")));
    }
    out
}

/// The judge's text when there is no solution.
pub const NO_SOLUTION: &str = "No solution possible";

// ---------------------------------------------------------------------------
// Reading cases.

/// What the picture format says about one piece beyond its shape.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceSpec {
    pub name: Option<String>,
    /// Quarter turns allowed (`None`: as `--rotate` says).
    pub rotate: Option<bool>,
    /// The mirror image allowed (`None`: as `--flip` says).
    pub flip: Option<bool>,
}

/// One case as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The line where the case starts.
    pub line: usize,
    /// Shapes in input order (copies repeated), with their starting lines.
    pub pieces: Vec<(Shape, usize)>,
    /// For each piece, its name and rules (all default in the judge format).
    pub specs: Vec<PieceSpec>,
    /// The board the case draws (picture format), with its line.
    pub board: Option<(Board, usize)>,
}

impl Case {
    /// The puzzle on `board`; `freedom` applies where the case does not say.
    pub fn puzzle(&self, board: &Board, freedom: Freedom) -> PackPuzzle {
        PackPuzzle {
            board: board.clone(),
            pieces: self
                .pieces
                .iter()
                .enumerate()
                .map(|(i, (shape, line))| {
                    let spec = self.specs.get(i).cloned().unwrap_or_default();
                    Piece {
                        shape: shape.clone(),
                        freedom: Freedom {
                            rotate: spec.rotate.unwrap_or(freedom.rotate),
                            flip: spec.flip.unwrap_or(freedom.flip),
                        },
                        name: spec.name,
                        line: *line,
                    }
                })
                .collect(),
        }
    }
}

/// The keywords of the picture format.
const KEYWORDS: [&str; 4] = ["puzzle", "board", "piece", "set"];

fn is_comment(line: &Line) -> bool {
    line.text.trim_start().starts_with("//")
}

/// The text of a line without its `//` comment.
fn content<'a>(line: &Line<'a>) -> &'a str {
    match line.text.find("//") {
        Some(i) => line.text[..i].trim_end(),
        None => line.text,
    }
}

/// The keyword a line starts with, if any.
fn keyword(line: &Line) -> Option<&'static str> {
    let first = content(line).split_whitespace().next()?;
    KEYWORDS.iter().copied().find(|&k| k == first)
}

/// The keyword a misspelt word was likely meant to be (`bord`, `Board`,
/// `peice`): same letters but for case, or one edit away.
fn near_keyword(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    if word.len() < 3 || !word.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    KEYWORDS.iter().copied().find(|k| edits(&word, k) <= 1 + usize::from(k.len() > 4))
}

/// The edit distance between two short words (insertions, deletions,
/// substitutions, and swaps of neighbours).
fn edits(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// Whether a text is in the picture format: its first non-blank line starts
/// with a keyword or a comment.
pub fn is_picture_format(text: &str) -> bool {
    let mut lines = Lines::new(text);
    lines.next_nonblank().is_some_and(|l| is_comment(&l) || keyword(&l).is_some())
}

/// Reads cases one at a time, in either format.
pub struct Reader<'a> {
    lines: Lines<'a>,
    /// The judge's format is read by tokens.
    tokens: Tokens<'a>,
    /// A line read ahead (picture format).
    pending: Option<Line<'a>>,
    done: bool,
    number: usize,
    pictures: bool,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Self {
        Reader {
            lines: Lines::new(text),
            tokens: Tokens::new(text),
            pending: None,
            done: false,
            number: 0,
            pictures: is_picture_format(text),
        }
    }

    fn read_case(&mut self) -> Result<Option<Case>, ParseError> {
        if self.pictures {
            self.read_picture_case()
        } else {
            self.read_judge_case()
        }
    }

    /// The judge's format, read as white-space separated tokens as the
    /// judge's `scanf` reads it: numbers, and each piece row one token.
    fn read_judge_case(&mut self) -> Result<Option<Case>, ParseError> {
        let tokens = &mut self.tokens;
        let tok = tokens.expect(|| "a number of pieces or the terminating `0`".into())?;
        if let Some(k) = near_keyword(tok.text) {
            return Err(tok.error(format!(
                "expected a number of pieces (the judge's format), found {}; did you mean `{k}` (the picture format)?",
                show(tok.text)
            )));
        }
        let p = parse_uint(&tok, "a number of pieces", u64::MAX)?;
        if p == 0 {
            return Ok(None);
        }
        if p > MAX_PIECES as u64 {
            return Err(tok.error(format!("{p} pieces are too many (at most {MAX_PIECES})")));
        }
        self.number += 1;
        let case = self.number;
        let mut pieces = Vec::new();
        for k in 1..=p as usize {
            let missing = |what: &str| format!("{what} of piece {k}; case {case} needs {p} pieces");
            let head = tokens.expect(|| missing("the number of rows"))?;
            let h = parse_uint(&head, "a number of rows", u64::MAX).map_err(|e| within(e, format!("piece {k}")))?;
            let wt = tokens.expect(|| missing("the number of columns"))?;
            let w = parse_uint(&wt, "a number of columns", u64::MAX).map_err(|e| within(e, format!("piece {k}")))?;
            for (v, t) in [(h, head), (w, wt)] {
                if v == 0 || v > MAX_SIDE as u64 {
                    return Err(t.error(format!("piece size {} is out of range (1 to {MAX_SIDE})", show(t.text))));
                }
            }
            let (h, w) = (h as usize, w as usize);
            let mut cells = Vec::new();
            for r in 0..h {
                let row = tokens.expect(|| missing(&format!("row {} of {h}", r + 1)))?;
                let mut width = 0;
                for (c, ch) in row.text.chars().enumerate() {
                    width += 1;
                    match ch {
                        '1' => cells.push((r, c)),
                        '0' => {}
                        _ => {
                            return Err(ParseError::at_column(
                                row.line,
                                row.column + c,
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
                return Err(head.error(format!("piece {k} has no solid cell (`1`)")));
            };
            pieces.push((shape, head.line));
        }
        let specs = vec![PieceSpec::default(); pieces.len()];
        Ok(Some(Case { line: tok.line, pieces, specs, board: None }))
    }

    fn next_line(&mut self) -> Option<Line<'a>> {
        self.pending.take().or_else(|| self.lines.next())
    }

    /// The next line that is neither blank nor a comment.
    fn next_statement(&mut self) -> Option<Line<'a>> {
        loop {
            let line = self.next_line()?;
            if !line.is_blank() && !is_comment(&line) {
                return Some(line);
            }
        }
    }

    /// The picture rows after a header: the lines up to the next empty line
    /// or keyword (comment lines skipped).
    fn picture(&mut self) -> Vec<Line<'a>> {
        let mut rows = Vec::new();
        while let Some(line) = self.next_line() {
            if is_comment(&line) {
                continue;
            }
            if line.is_blank() || keyword(&line).is_some() {
                self.pending = Some(line);
                break;
            }
            rows.push(line);
        }
        rows
    }

    fn read_picture_case(&mut self) -> Result<Option<Case>, ParseError> {
        let Some(first) = self.next_statement() else {
            if self.number == 0 {
                // An input of comments alone: one case without pieces.
                self.number = 1;
                return Ok(Some(Case { line: 1, pieces: vec![], specs: vec![], board: None }));
            }
            return Ok(None);
        };
        self.number += 1;
        let mut case = Case { line: first.number, pieces: vec![], specs: vec![], board: None };
        let mut line = first;
        if keyword(&line) == Some("puzzle") {
            match self.next_statement() {
                Some(l) => line = l,
                None => return Ok(Some(case)),
            }
        }
        loop {
            match keyword(&line) {
                Some("puzzle") => {
                    self.pending = Some(line);
                    break;
                }
                Some("board") => self.board_statement(&line, &mut case)?,
                Some("piece") => self.piece_statement(&line, &mut case)?,
                Some("set") => set_statement(&line, &mut case)?,
                _ => {
                    let found = content(&line).split_whitespace().next().unwrap_or("");
                    return Err(line.error(format!(
                        "expected `piece`, `board`, `set` or `puzzle`, found {} (a picture ends at an empty line)",
                        show(found)
                    )));
                }
            }
            if case.pieces.len() > MAX_PIECES {
                return Err(line.error(format!("more than {MAX_PIECES} pieces in one puzzle")));
            }
            match self.next_statement() {
                Some(l) => line = l,
                None => break,
            }
        }
        Ok(Some(case))
    }

    fn board_statement(&mut self, line: &Line<'a>, case: &mut Case) -> Result<(), ParseError> {
        if let Some((_, at)) = &case.board {
            return Err(line.error(format!("a second board (the first is on line {at})")));
        }
        let words = words(line);
        let board = match words.get(1) {
            Some(&(col, size)) => {
                if let Some(&(col, _)) = words.get(2) {
                    return Err(line.error_at(col, "expected only `board ROWSxCOLS` on this line"));
                }
                let parsed = size.split_once(['x', 'X']).and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
                match parsed {
                    Some((r, c)) if (1..=MAX_SIDE).contains(&r) && (1..=MAX_SIDE).contains(&c) => {
                        Board::rectangle(r, c)
                    }
                    _ => {
                        return Err(line.error_at(
                            col,
                            format!(
                                "expected the board size ROWSxCOLS with sides from 1 to {MAX_SIDE}, found {}",
                                show(size)
                            ),
                        ))
                    }
                }
            }
            None => {
                let rows = self.picture();
                if rows.is_empty() {
                    return Err(line.error("expected the board's picture on the next lines, or `board ROWSxCOLS`"));
                }
                let texts: Vec<&str> = rows.iter().map(content).collect();
                Board::from_picture(&texts, rows[0].number)?
            }
        };
        case.board = Some((board, line.number));
        Ok(())
    }

    fn piece_statement(&mut self, line: &Line<'a>, case: &mut Case) -> Result<(), ParseError> {
        let m = modifiers(line, true)?;
        let rows = self.picture();
        if rows.is_empty() {
            return Err(line.error("expected the piece's picture on the next lines (`#` or a letter for a solid cell)"));
        }
        let mut cells = Vec::new();
        let mut letters = std::collections::BTreeSet::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in content(row).chars().enumerate() {
                match ch {
                    '#' => cells.push((r, c)),
                    _ if ch.is_ascii_alphabetic() => {
                        letters.insert(ch);
                        cells.push((r, c));
                    }
                    '.' | ' ' | '\t' => {}
                    _ => {
                        return Err(row.error_at(
                            c + 1,
                            format!(
                                "expected `#`, a letter or `.` in a piece picture, found {}",
                                show(&ch.to_string())
                            ),
                        ))
                    }
                }
            }
        }
        let Some(shape) = Shape::new(cells) else {
            return Err(line.error("the piece has no solid cell (`#` or a letter)"));
        };
        let (h, w) = shape.extent();
        if h > MAX_SIDE || w > MAX_SIDE {
            return Err(line.error(format!("the piece spans {h}x{w}; each side may be at most {MAX_SIDE}")));
        }
        // A piece drawn with one letter (and no `#`) is named by it.
        let hashes = rows.iter().any(|r| content(r).contains('#'));
        let name = m.name.or_else(|| match (letters.len(), letters.first()) {
            (1, Some(ch)) if !hashes => Some(ch.to_string()),
            _ => None,
        });
        let spec = PieceSpec { name, rotate: m.rotate, flip: m.flip };
        for _ in 0..m.count {
            case.pieces.push((shape.clone(), line.number));
            case.specs.push(spec.clone());
        }
        Ok(())
    }
}

/// The words of a line (before its comment), with their columns.
fn words<'a>(line: &Line<'a>) -> Vec<(usize, &'a str)> {
    let text = content(line);
    let cut = Line { number: line.number, text };
    cut.tokens().collect()
}

/// What may follow `piece` or `set NAME`.
struct Modifiers {
    name: Option<String>,
    count: usize,
    rotate: Option<bool>,
    flip: Option<bool>,
}

/// Parses the words after `piece` (with a name allowed) or after
/// `set NAME`.
fn modifiers(line: &Line, named: bool) -> Result<Modifiers, ParseError> {
    let mut m = Modifiers { name: None, count: 1, rotate: None, flip: None };
    let mut counted = false;
    let skip = if named { 1 } else { 2 };
    for (col, w) in words(line).into_iter().skip(skip) {
        let set = |slot: &mut Option<bool>, v: bool| -> Result<(), ParseError> {
            if slot.is_some_and(|old| old != v) {
                return Err(line.error_at(col, format!("{} contradicts an earlier word", show(w))));
            }
            *slot = Some(v);
            Ok(())
        };
        match w {
            "rotate" => set(&mut m.rotate, true)?,
            "no-rotate" => set(&mut m.rotate, false)?,
            "flip" => set(&mut m.flip, true)?,
            "no-flip" => set(&mut m.flip, false)?,
            "fixed" => {
                set(&mut m.rotate, false)?;
                set(&mut m.flip, false)?;
            }
            "free" => {
                set(&mut m.rotate, true)?;
                set(&mut m.flip, true)?;
            }
            _ if w.len() > 1 && w.starts_with(['x', 'X']) && w[1..].bytes().all(|b| b.is_ascii_digit()) => {
                if counted {
                    return Err(line.error_at(col, "a second count"));
                }
                counted = true;
                let count = Token { line: line.number, column: col + 1, text: &w[1..] };
                let n = parse_uint(&count, "a count", MAX_PIECES as u64)?;
                if n == 0 {
                    return Err(line.error_at(col, "the count must be at least 1 (x1)"));
                }
                m.count = n as usize;
            }
            _ if named && w.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                if m.name.is_some() {
                    return Err(line.error_at(
                        col,
                        format!(
                            "unexpected {}: a piece has one name; the other words are a count (x2) or \
                             rotate, no-rotate, flip, no-flip, fixed, free",
                            show(w)
                        ),
                    ));
                }
                let ok = w.chars().all(|c| c.is_ascii_alphanumeric() || "'_-".contains(c));
                if !ok || w.chars().count() > MAX_NAME {
                    return Err(line.error_at(
                        col,
                        format!(
                            "bad name {}: a letter, then letters, digits, `'`, `_` or `-`; at most {MAX_NAME} characters",
                            show(w)
                        ),
                    ));
                }
                m.name = Some(w.to_string());
            }
            _ => {
                let what = if named { "a name, " } else { "" };
                let hint = if w.bytes().all(|b| b.is_ascii_digit()) { " (a count is written x2)" } else { "" };
                return Err(line.error_at(
                    col,
                    format!(
                        "unexpected {}: expected {what}a count like x2, or rotate, no-rotate, flip, no-flip, fixed, free{hint}",
                        show(w)
                    ),
                ));
            }
        }
    }
    Ok(m)
}

/// `set NAME [xN] [rules]`: a built-in set's pieces, with their names.
fn set_statement(line: &Line, case: &mut Case) -> Result<(), ParseError> {
    let words = words(line);
    let Some(&(col, name)) = words.get(1) else {
        return Err(line.error(format!("expected the name of a set: {}", set_names())));
    };
    let Some(set) = PieceSet::by_name(name) else {
        return Err(line.error_at(col, format!("unknown set {} (known: {})", show(name), set_names())));
    };
    let m = modifiers(line, false)?;
    for _ in 0..m.count {
        for (name, shape, freedom) in set.pieces() {
            let earlier = case.specs.iter().zip(&case.pieces).map(|(s, p)| (s.name.as_deref(), p.0.size()));
            let name = set_piece_name(&name, shape.size(), earlier);
            case.pieces.push((shape, line.number));
            case.specs.push(PieceSpec {
                name: Some(name),
                rotate: Some(m.rotate.unwrap_or(freedom.rotate)),
                flip: Some(m.flip.unwrap_or(freedom.flip)),
            });
        }
    }
    Ok(())
}

fn set_names() -> String {
    PieceSet::ALL.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<Case>, ParseError> {
        Reader::new(text).collect()
    }

    #[test]
    fn formats_are_told_apart() {
        assert!(!is_picture_format("\n 2\n1 1\n1\n"));
        assert!(is_picture_format("\n  piece\n#\n"));
        assert!(is_picture_format("// a comment\n"));
        assert!(!is_picture_format("pieces\n"));
    }

    #[test]
    fn pictures_names_counts_and_rules() {
        let cases = read(
            "// two puzzles\npiece L x2 rotate // an L\n#.\n##\n\npiece\n.Z\n.Z\n\nset trominoes no-flip\npuzzle\nboard 2x3\npiece fixed\n###\n",
        )
        .unwrap();
        assert_eq!(cases.len(), 2);
        let c = &cases[0];
        assert_eq!(c.line, 2);
        assert_eq!(c.pieces.len(), 5);
        assert_eq!(c.specs[0], PieceSpec { name: Some("L".into()), rotate: Some(true), flip: None });
        assert_eq!(c.specs[1], c.specs[0]);
        assert_eq!(c.specs[2].name.as_deref(), Some("Z"));
        assert_eq!(c.pieces[2].0, Shape::new([(0, 0), (1, 0)]).unwrap());
        assert_eq!(c.specs[3], PieceSpec { name: Some("I".into()), rotate: Some(true), flip: Some(false) });
        assert_eq!(cases[1].line, 11);
        assert_eq!(cases[1].board.as_ref().unwrap().0, Board::rectangle(2, 3));
        assert_eq!(cases[1].specs[0], PieceSpec { name: None, rotate: Some(false), flip: Some(false) });
    }

    #[test]
    fn boards_are_cropped_pictures() {
        let cases = read("board\n  ####\n  #..#\n  #.##\n\npiece\n##\n").unwrap();
        let (b, line) = cases[0].board.clone().unwrap();
        assert_eq!(line, 1);
        assert_eq!((b.rows, b.cols, b.area()), (2, 2, 3));
        assert!(!b.is_cell(1, 1));
        assert!(Board::read_picture("\n\n..\n\n").is_ok());
        assert_eq!(Board::read_picture("..\n\n..\n").unwrap_err().line, 2);
        assert_eq!(Board::read_picture("##\n").unwrap_err().line, 1);
    }

    #[test]
    fn errors_name_the_line() {
        let line = |t: &str| read(t).unwrap_err().line;
        assert_eq!(line("piece\n#1\n"), 2);
        assert_eq!(line("piece\n\n#\n"), 1);
        assert_eq!(line("piece A B\n#\n"), 1);
        assert_eq!(line("piece x0\n#\n"), 1);
        assert_eq!(line("piece 3\n#\n"), 1);
        assert_eq!(line("piece\n#\n\n#\n"), 4);
        assert_eq!(line("set nope\n"), 1);
        assert_eq!(line("board 0x3\n"), 1);
        assert_eq!(line("board 2x2\nboard 2x2\n"), 2);
        assert_eq!(line("piece rotate no-rotate\n#\n"), 1);
        assert!(read("piece 3\n#\n").unwrap_err().message.contains("x2"));
    }

    #[test]
    fn colouring_refutes_the_tetrominoes() {
        let pieces = PieceSet::Tetrominoes
            .pieces()
            .into_iter()
            .map(|(name, shape, freedom)| Piece { shape, name: Some(name), freedom, line: 0 })
            .collect::<Vec<_>>();
        for (r, c) in [(4, 5), (2, 10)] {
            let p = PackPuzzle { board: Board::rectangle(r, c), pieces: pieces.clone() };
            let rf = precheck(&p).unwrap();
            assert_eq!(rf.check, "colouring", "{rf:?}");
        }
        // Two T pieces can balance each other: no refutation on 5x8.
        let mut two = pieces.clone();
        two.extend(pieces);
        assert_eq!(precheck(&PackPuzzle { board: Board::rectangle(5, 8), pieces: two }), None);
    }

    #[test]
    fn symbols_are_distinct_with_a_legend() {
        let piece = |name: Option<&str>| Piece {
            shape: Shape::new([(0, 0)]).unwrap(),
            name: name.map(str::to_string),
            freedom: Freedom::default(),
            line: 1,
        };
        let p = PackPuzzle {
            board: Board::rectangle(1, 5),
            pieces: vec![piece(Some("F")), piece(Some("F'")), piece(None), piece(Some("L")), piece(Some("L"))],
        };
        let (s, legend) = symbols(&p);
        assert_eq!(s, vec!['F', '1', '3', '2', '4']);
        assert_eq!(legend, vec![('1', "F'".to_string()), ('2', "L".to_string()), ('4', "L".to_string())]);
    }
}
