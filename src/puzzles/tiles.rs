//! Square tiles whose edges must match: the model behind `tetravex` and
//! `edges`.
//!
//! A board of `rows x cols` cells and as many tiles, each with four labels
//! in the order top, right, bottom, left. Neighbouring sides must *match*:
//! equal labels for Tetravex ([`Rule::Equal`]), or `+k` against `-k` for
//! jigsaw tabs ([`Rule::Complement`], where 0 is a flat side). A
//! [`Border`] label, when given, must be on every outer side and on no inner
//! side (jigsaw flats, Eternity II's grey frame).
//!
//! # Encoding as exact cover
//!
//! * one primary item per cell (multiplicity 1);
//! * one primary item per tile *type*: identical tiles (equal labels, or
//!   equal up to rotation when tiles may turn) form one type whose
//!   multiplicity is the number of copies, so swapping copies is never a
//!   new solution;
//! * one secondary item per join between two neighbouring cells, coloured
//!   by the label of the upper or left tile's side; the lower or right tile
//!   asks for the colour its own side matches;
//! * one option per (cell, type, distinct orientation) that passes the
//!   border rule and the hints (`tiles/cells.rs` lists them cell by
//!   cell, as options or as templates that cells of one kind share).
//!
//! A solution is thus the grid of oriented tiles: two solutions differ when
//! some cell shows different labels.
//!
//! # Global refutations
//!
//! [`refute::precheck`] tries cheap counting arguments before any search:
//! border classes (corner, edge, inner pieces against
//! cells), per-label balance of opposite sides, balance along each border,
//! and, when tiles turn, the frame ring and the parity of inner labels.
//!
//! # Turns of the whole board
//!
//! When tiles turn, a turn of the whole board maps every solution to a
//! solution. A search for one solution keeps one or more of each orbit, a
//! count the same share of each, multiplied back (`tiles/turns.rs`); lists keep
//! every solution.

use crate::engine::fasthash::FastMap;
use crate::engine::Jagged;
use crate::engine::{Halt, OptionId, Primary, Problem, ProblemBuilder, Secondary, Stopped};
use std::cell::Cell;
use std::rc::Rc;

pub mod refute;
mod turns;

pub(crate) use turns::Orbits;

mod cells;
mod colours;
use colours::SideColours;
use turns::TurnBreaker;

/// Side indices.
pub const TOP: usize = 0;
/// The right side of a tile's labels.
pub const RIGHT: usize = 1;
/// The bottom side of a tile's labels.
pub const BOTTOM: usize = 2;
/// The left side of a tile's labels.
pub const LEFT: usize = 3;

/// A tile's labels: top, right, bottom, left.
pub type Labels = [i32; 4];

/// Room for a case's `count` tiles: the vector a reader was given back in
/// `spare` (emptied), or a new one (see `tetravex::Reader::recycling`).
pub(crate) fn tiles_room(spare: Option<&Rc<Cell<Vec<Labels>>>>, count: usize) -> Vec<Labels> {
    let mut tiles = spare.map(|s| s.take()).unwrap_or_default();
    tiles.clear();
    tiles.reserve(count);
    tiles
}

/// For the readers' tests: the cases of a reader recycling through
/// `spare`, each checked to lie in the vector `spare` holds at the start
/// (no new allocation while the cases fit in it) and given back with junk
/// in it, as a caller done with it would.
#[cfg(test)]
pub(crate) fn read_recycling<C: Clone>(
    spare: &Rc<Cell<Vec<Labels>>>,
    cases: impl Iterator<Item = Result<C, super::input::ParseError>>,
    tiles_of: impl Fn(&mut C) -> &mut Vec<Labels>,
) -> Vec<C> {
    let room = spare.take();
    let at = room.as_ptr();
    spare.set(room);
    let mut read = Vec::new();
    for case in cases {
        let mut case = case.unwrap();
        assert_eq!(tiles_of(&mut case).as_ptr(), at, "case {} was read into a new vector", read.len() + 1);
        read.push(case.clone());
        let mut given_back = std::mem::take(tiles_of(&mut case));
        given_back.push([7; 4]);
        spare.set(given_back);
    }
    read
}

/// How two touching sides match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Equal labels meet (Tetravex).
    Equal,
    /// `k` meets `-k` (jigsaw tabs: a jut of shape k fits a cavity of shape k).
    Complement,
}

impl Rule {
    /// The label a side must meet.
    pub fn partner(self, label: i32) -> i32 {
        match self {
            Rule::Equal => label,
            Rule::Complement => -label,
        }
    }
}

/// What the outer sides of the board must carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Border {
    /// Anything.
    Free,
    /// Exactly this label, which no inner side may carry.
    Label(i32),
}

/// A hint: input tile `piece` (0-based) lies at (`row`, `col`) (0-based),
/// turned `rotation` quarter turns clockwise if given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The tile (0-based).
    pub piece: usize,
    /// The row (0-based).
    pub row: usize,
    /// The column (0-based).
    pub col: usize,
    /// Quarter turns clockwise, when the hint fixes them.
    pub rotation: Option<u8>,
}

/// One edge-matching puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePuzzle {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The tiles as given, in input order.
    pub tiles: Vec<Labels>,
    /// How labels must meet.
    pub rule: Rule,
    /// What the outer sides must carry.
    pub border: Border,
    /// Whether tiles may turn.
    pub rotate: bool,
    /// Hints: tiles pinned to cells.
    pub fixes: Vec<Fix>,
}

/// Turns a tile `r` quarter turns clockwise: (t, r, b, l) becomes (l, t, r, b).
pub fn rotate(labels: Labels, r: u8) -> Labels {
    let r = usize::from(r % 4);
    std::array::from_fn(|d| labels[(d + 4 - r) % 4])
}

/// Where one input tile lies in a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TilePlacement {
    /// 0-based input index.
    pub piece: usize,
    /// The row (0-based).
    pub row: usize,
    /// The column (0-based).
    pub col: usize,
    /// Quarter turns clockwise from the input orientation.
    pub rotation: u8,
}

/// A solved board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSolution {
    /// For each input tile, where it lies (indexed by input order).
    pub placements: Vec<TilePlacement>,
    /// The labels shown in each cell, row by row.
    pub grid: Vec<Labels>,
}

/// Problems with the hints or the size of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileModelError {
    /// A hint names a tile that does not exist.
    #[error("hint {0}: piece {1} does not exist (there are {2} pieces)")]
    NoSuchPiece(usize, usize, usize),
    /// A hint names a cell that does not exist.
    #[error("hint {0}: cell ({1}, {2}) is outside the {3}x{4} board")]
    NoSuchCell(usize, usize, usize, usize, usize),
    /// Two hints pin one tile.
    #[error("hint {0}: piece {1} is pinned twice")]
    PieceTwice(usize, usize),
    /// Two hints pin one cell.
    #[error("hint {0}: cell ({1}, {2}) is pinned twice")]
    CellTwice(usize, usize, usize),
    /// A hint's rotation, though tiles may not turn.
    #[error("hint {0}: a rotation needs tiles that may turn (--rotate)")]
    RotationWithoutTurning(usize),
    /// A hint's rotation beyond 3.
    #[error("hint {0}: rotation {1} is not 0, 1, 2 or 3")]
    BadRotation(usize, u8),
    /// Not one tile per cell.
    #[error("the puzzle needs {0} tiles for a {1}x{2} board but has {3}")]
    TileCount(usize, usize, usize, usize),
    /// More options than [`MAX_OPTIONS`].
    #[error("the puzzle is too large for the engine ({0} options)")]
    TooLarge(usize),
}

/// The most options tessera builds for one tile puzzle.
pub const MAX_OPTIONS: usize = 8_000_000;

/// The boards of at least this many cells are encoded as templates and
/// slots ([`ProblemBuilder::slot`]): the engine's square order on big
/// boards then never writes the million options of a 32x32 board out.
/// Below, the options are written at once (a stream of small cases pays
/// no templates), except for a first solution ([`COMPACT_FIRST_CELLS`]).
const COMPACT_CELLS: usize = 196;

/// A first solution is encoded as templates and slots from this many
/// cells on: its search starts with the row scan's trial, which reads the
/// templates, and most boards of a judge's size end there without their
/// options ever written out. On judge streams (callgrind, whole runs) a
/// 3x3 board costs 20% fewer instructions, 4x4 44% and 5x5 53%; since a
/// case's compact arrays are kept (session 37), a 2x2 board 3.4% fewer,
/// and a one-tile case still 13% more (the templates' own arrays
/// outweigh the option of so small a board); a solvable 6x6 jigsaw
/// (UVa 519, whole process) 21 to 28% fewer, a board whose search goes
/// past the trial (and then writes its options out) up to 2% more. A
/// turning board's first solution of at most 25 cells ([`Orbits::Some`])
/// breaks its turns: the breaker's cell, if it singles one out, has a
/// template of its own.
const COMPACT_FIRST_CELLS: usize = 4;

/// A compact board of at least this many cells under a free border has
/// outer joins ([`Form::Outer`]): every cell names four joins, so the
/// plain cells share one template, not one per outer mask (nine on a
/// board of at least three rows and columns). The options written out
/// are the same (the engine leaves out an item one slot alone names), so
/// the backends that read options search as before, node for node; the
/// templates and the row scan's lists are built once, not per mask: a
/// Tetravex 16x16 board's first solution 1.98 -> 1.54 M instructions
/// (whole process), a judge's stream of 3x3, 4x4 and 5x5 boards 12%, 13%
/// and 7% fewer. A 2x2 board, four corners, pays 8% more for its wider
/// template.
const OUTER_CELLS: usize = 9;

/// How a tile puzzle's options are handed to the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// Option by option.
    Explicit,
    /// As templates and slots: the cells of one kind by their outer sides
    /// share a template, a hinted cell (or one the turn breaker singles
    /// out) has its own.
    Compact,
    /// As templates and slots, each cell naming four joins: those on the
    /// border are its own, so every plain cell is of one kind. Only under
    /// a free border (a bordered board's cells take other tiles by kind).
    Outer,
}

/// A puzzle encoded for the engine, with what is needed to decode solutions.
#[derive(Debug)]
pub struct Encoded {
    /// The exact-cover problem.
    pub problem: Problem,
    /// For each option, which orientation of its type it places (its
    /// cell and type are its two primary items: cells are declared first,
    /// then the types); empty when the problem is compact.
    orient: Vec<u8>,
    /// Per template of the compact problem: the orientation of each of
    /// its options. (Rows of one array, here and below: a `Vec` per type
    /// was an allocation per type, 1,024 on a 32x32 board, some on fresh
    /// pages; the rows are cleared, not freed, between a stream's cases.)
    template_orient: Jagged<u8>,
    /// Per type: its distinct orientations.
    orients: Jagged<(u8, Labels)>,
    /// Per input tile: its type; per type: how many tiles it stands for.
    tile_type: Vec<u32>,
    type_count: Vec<u32>,
    /// How many solutions each one the problem has stands for: above 1
    /// when a count keeps a share of each orbit of the board's turns
    /// (`tiles/turns.rs`).
    count_factor: u64,
    /// The encoding's own arrays, kept for the next case's.
    scratch: Scratch,
}

/// The arrays an encoding works in (see [`TilePuzzle::encode_in`]),
/// empty between encodings.
#[derive(Debug, Default)]
struct Scratch {
    cells: Vec<Primary>,
    type_items: Vec<Primary>,
    joins: Joins,
    side: Vec<[u32; 4]>,
    options: Vec<(u32, u8, Labels)>,
    sec: Vec<(Secondary, u32)>,
    canon: Vec<Labels>,
    /// A slot's joins, and a template option's colours (compact).
    slot_joins: Vec<Secondary>,
    option_colours: Vec<u32>,
    /// [`SideColours`]'s table of labels.
    label_colour: Vec<u32>,
}

impl Encoded {
    /// An encoding of nothing, to encode into.
    fn empty() -> Self {
        Encoded {
            problem: Problem::empty(),
            orient: Vec::new(),
            template_orient: Jagged::new(),
            orients: Jagged::new(),
            tile_type: Vec::new(),
            type_count: Vec::new(),
            count_factor: 1,
            scratch: Scratch::default(),
        }
    }

    /// How many solutions each solution of the problem stands for (1
    /// unless a count keeps a share of each orbit of the board's turns).
    pub fn count_factor(&self) -> u64 {
        self.count_factor
    }

    /// Empties the arrays but the problem's (see [`ProblemBuilder::recycle`]),
    /// keeping their room for the next encoding.
    fn clear(&mut self) {
        let s = &mut self.scratch;
        self.orients.clear();
        s.cells.clear();
        s.type_items.clear();
        s.options.clear();
        s.sec.clear();
        s.canon.clear();
        self.orient.clear();
        self.template_orient.clear();
    }
}

/// The distinct orientations a tile may take.
#[cfg(test)]
fn orientations(labels: Labels, turn: bool) -> Vec<(u8, Labels)> {
    let mut out = Vec::with_capacity(4);
    push_orientations(labels, turn, &mut out);
    out
}

/// The distinct orientations a tile may take, pushed at the end of `out`.
fn push_orientations(labels: Labels, turn: bool, out: &mut Vec<(u8, Labels)>) {
    let at = out.len();
    for r in 0..if turn { 4 } else { 1 } {
        let l = rotate(labels, r);
        if !out[at..].iter().any(|(_, o)| *o == l) {
            out.push((r, l));
        }
    }
}

/// How many distinct orientations a tile may take (as many as
/// [`push_orientations`] pushes, without listing them).
fn orientation_count(labels: Labels, turn: bool) -> usize {
    if !turn {
        return 1;
    }
    // The turns that repeat an earlier one are the turns of its period.
    (1..=4u8).find(|&r| rotate(labels, r) == labels).map_or(4, usize::from)
}

/// The canonical form of a tile: its labels, or when tiles turn, the least
/// of its rotations.
fn canonical(labels: Labels, turn: bool) -> Labels {
    if !turn {
        return labels;
    }
    (0..4).map(|r| rotate(labels, r)).min().unwrap()
}

impl TilePuzzle {
    fn check_hints(&self) -> Result<(), TileModelError> {
        if self.fixes.is_empty() {
            return Ok(());
        }
        let mut piece_seen = vec![false; self.tiles.len()];
        let mut cell_seen = vec![false; self.rows * self.cols];
        for (h, f) in self.fixes.iter().enumerate() {
            let h = h + 1;
            if f.piece >= self.tiles.len() {
                return Err(TileModelError::NoSuchPiece(h, f.piece + 1, self.tiles.len()));
            }
            if f.row >= self.rows || f.col >= self.cols {
                return Err(TileModelError::NoSuchCell(h, f.row + 1, f.col + 1, self.rows, self.cols));
            }
            if std::mem::replace(&mut piece_seen[f.piece], true) {
                return Err(TileModelError::PieceTwice(h, f.piece + 1));
            }
            if std::mem::replace(&mut cell_seen[f.row * self.cols + f.col], true) {
                return Err(TileModelError::CellTwice(h, f.row + 1, f.col + 1));
            }
            if let Some(r) = f.rotation {
                if r > 3 {
                    return Err(TileModelError::BadRotation(h, r));
                }
                if r != 0 && !self.rotate {
                    return Err(TileModelError::RotationWithoutTurning(h));
                }
            }
        }
        Ok(())
    }

    /// Whether oriented labels may stand at (row, col) under the border rule.
    fn fits_border(&self, l: &Labels, row: usize, col: usize) -> bool {
        let Border::Label(b) = self.border else { return true };
        let outer = [row == 0, col + 1 == self.cols, row + 1 == self.rows, col == 0];
        (0..4).all(|d| (l[d] == b) == outer[d])
    }

    /// Checks that the puzzle can be encoded: one tile per cell, hints that
    /// name existing tiles and cells once each, at most [`MAX_OPTIONS`]
    /// options. Cheap; the encoding itself comes later, when the search
    /// asks for the problem (under its deadline).
    pub fn check(&self) -> Result<(), TileModelError> {
        let n = self.rows * self.cols;
        if self.tiles.len() != n {
            return Err(TileModelError::TileCount(n, self.rows, self.cols, self.tiles.len()));
        }
        self.check_hints()?;
        // Four orientations of every tile in every cell: within the limit
        // whatever the types (every Tetravex board up to 32x32).
        if n.saturating_mul(4 * n) <= MAX_OPTIONS {
            return Ok(());
        }
        let types = TileTypes::of(self);
        let estimate = n * types.canon.iter().map(|&c| orientation_count(c, self.rotate)).sum::<usize>();
        if estimate > MAX_OPTIONS {
            return Err(TileModelError::TooLarge(estimate));
        }
        Ok(())
    }

    /// Encodes the puzzle, which [`TilePuzzle::check`] accepted, for the
    /// engine, into the arrays of `spare` (the encoding of an earlier case,
    /// done with: a stream of small cases then encodes each case without
    /// allocating; the same encoding as into new arrays). A 32x32 board
    /// has a million options and takes a share of a second: `halt` is
    /// polled once per cell and every few thousand options of the build,
    /// and a stop gives up with its reason.
    ///
    /// `orbits`: which solutions of each orbit under the board's turns
    /// the encoding keeps (`tiles/turns.rs`); a compact count keeps every
    /// solution. `first`: the encoding is for a first solution's search
    /// (compact from [`COMPACT_FIRST_CELLS`] cells; other searches from
    /// [`COMPACT_CELLS`], their backends read the options).
    pub(crate) fn encode_in(
        &self,
        spare: Option<Box<Encoded>>,
        halt: &Halt,
        orbits: Orbits,
        first: bool,
    ) -> Result<Box<Encoded>, Stopped> {
        debug_assert!(first || orbits != Orbits::Some, "some solutions of each orbit: a first solution's search");
        let n = self.rows * self.cols;
        let compact = n >= if first { COMPACT_FIRST_CELLS } else { COMPACT_CELLS };
        let orbits = if compact && orbits == Orbits::Counted { Orbits::Every } else { orbits };
        let form = match compact {
            false => Form::Explicit,
            true if n >= OUTER_CELLS && matches!(self.border, Border::Free) => Form::Outer,
            true => Form::Compact,
        };
        self.encode_as_in(spare, form, orbits, halt)
    }

    /// [`TilePuzzle::encode_in`] into new arrays, for a search that is a
    /// first solution's exactly when it keeps some solutions of each orbit.
    #[cfg(test)]
    pub(crate) fn encode(&self, halt: &Halt, orbits: Orbits) -> Result<Encoded, Stopped> {
        self.encode_in(None, halt, orbits, orbits == Orbits::Some).map(|e| *e)
    }

    /// [`TilePuzzle::encode_as_in`] into new arrays: as templates and
    /// slots if `compact` (without outer joins), else option by option.
    #[cfg(test)]
    pub(crate) fn encode_as(&self, compact: bool, orbits: Orbits, halt: &Halt) -> Result<Encoded, Stopped> {
        let form = if compact { Form::Compact } else { Form::Explicit };
        self.encode_as_in(None, form, orbits, halt).map(|e| *e)
    }

    /// [`TilePuzzle::encode_as_in`] into new arrays, with outer joins
    /// ([`Form::Outer`]; a board under a free border).
    #[cfg(test)]
    pub(crate) fn encode_outer(&self, orbits: Orbits, halt: &Halt) -> Result<Encoded, Stopped> {
        assert!(matches!(self.border, Border::Free), "outer joins under a free border only");
        self.encode_as_in(None, Form::Outer, orbits, halt).map(|e| *e)
    }

    /// [`TilePuzzle::encode_in`] in the given [`Form`]; the same options in
    /// the same order in every form.
    fn encode_as_in(
        &self,
        spare: Option<Box<Encoded>>,
        form: Form,
        orbits: Orbits,
        halt: &Halt,
    ) -> Result<Box<Encoded>, Stopped> {
        let mut e = spare.unwrap_or_else(|| Box::new(Encoded::empty()));
        let mut b = ProblemBuilder::recycle(&mut e.problem);
        e.clear();
        self.encode_parts(&mut b, &mut e, form, orbits, halt)?;
        // Within the engine's limits: at most MAX_OPTIONS options (checked),
        // of six nodes each, every item declared and named once.
        b.build_into(halt, &mut e.problem)?.expect("a checked puzzle encodes within the engine's limits");
        Ok(e)
    }

    /// The options of the encoding, into `b`, with what decodes them into
    /// `p` (whose arrays are empty: [`Encoded::clear`]).
    fn encode_parts(
        &self,
        b: &mut ProblemBuilder,
        p: &mut Encoded,
        form: Form,
        orbits: Orbits,
        halt: &Halt,
    ) -> Result<(), Stopped> {
        let n = self.rows * self.cols;
        let (compact, outer) = (form != Form::Explicit, form == Form::Outer);
        let (tile_type, count) = (std::mem::take(&mut p.tile_type), std::mem::take(&mut p.type_count));
        let types = TileTypes::of_in(self, tile_type, count, std::mem::take(&mut p.scratch.canon));
        let s = &mut p.scratch;
        s.cells.extend((0..n).map(|_| b.primary(1)));
        s.type_items.extend(types.count.iter().map(|&c| b.primary(c)));
        // Cells are slots, types pieces, options in cell order (for the shape analysis).
        b.declare_slots(n);
        b.declare_grid(self.rows, self.cols);
        let joins = Joins::declare_in(b, self.rows, self.cols, std::mem::take(&mut s.joins), outer);
        let hint = self.hints(&types);
        self.orientations_into(&types.canon, &mut p.orients);
        let orients = &p.orients;
        let turning = self.rotate && self.fixes.is_empty();
        let (breaker, count_factor) =
            turns::turn_breaker(orbits, (self.rows, self.cols), turning, &types.count, orients);
        p.count_factor = count_factor;
        let mut colours =
            SideColours::new_in(orients, std::mem::take(&mut s.side), std::mem::take(&mut s.label_colour));
        // At most this many options, of two primary and four secondary
        // items each: the arrays are laid out once (untouched room costs
        // no memory).
        let most = if compact { 0 } else { n * orients.total() };
        b.reserve(most, 6 * most);
        // Compact: each cell a slot, naming its joins (four at most).
        if compact {
            b.reserve_slots(n, 4 * n);
        }
        p.orient.reserve(most);
        let cx = CellEncoding { joins: &joins, hint: &hint, breaker, compact };
        self.encode_cells(b, p, &cx, &mut colours, halt)?;
        let s = &mut p.scratch;
        (s.joins, s.side, s.label_colour) = (joins, colours.side, colours.table);
        (p.tile_type, p.type_count, s.canon) = (types.tile_type, types.count, types.canon);
        Ok(())
    }

    /// The orientations of each type (of canonical labels `canon`), row by
    /// row, into `orients` (empty). At most four a type when tiles turn:
    /// laid out once (room for one a type grew twice on a 24x24 board
    /// whose tiles turn, 80 KB touched for a 46 KB array).
    fn orientations_into(&self, canon: &[Labels], orients: &mut Jagged<(u8, Labels)>) {
        orients.reserve(canon.len(), canon.len() * if self.rotate { 4 } else { 1 });
        for &c in canon {
            push_orientations(c, self.rotate, orients.data_mut());
            orients.end_row();
        }
    }

    /// The hint of each cell, if it has one (read with [`hint_at`]: no
    /// list at all when there are no hints, as on most boards of a stream).
    fn hints(&self, types: &TileTypes) -> Vec<Option<Hint>> {
        if self.fixes.is_empty() {
            return Vec::new();
        }
        let mut hint: Vec<Option<Hint>> = vec![None; self.rows * self.cols];
        for f in &self.fixes {
            let ty = types.find(&canonical(self.tiles[f.piece], self.rotate)).expect("every tile has a type");
            let labels = f.rotation.map(|r| rotate(self.tiles[f.piece], r));
            hint[f.row * self.cols + f.col] = Some(Hint { ty, labels });
        }
        hint
    }
}

/// Identical tiles grouped into types (up to turning, with `--rotate`).
/// Each tile's type and each type's count, with no list of tiles per type
/// (a list per type was an allocation per type: 1,024 on a 32x32 board);
/// a solution's decoding lays the tiles out type by type.
struct TileTypes {
    /// Each type's canonical labels, to its type; on boards of at most
    /// [`TileTypes::SCANNED`] tiles, none: the canonical labels are scanned
    /// (no hashing for the small cases of a stream). Types as `u32`: an
    /// entry of 20 bytes, not 24 (a 24x24 board's map is 20 KB).
    type_of: Option<FastMap<Labels, u32>>,
    /// Per input tile: its type.
    tile_type: Vec<u32>,
    /// Per type: how many tiles it stands for, and its canonical labels.
    count: Vec<u32>,
    canon: Vec<Labels>,
}

impl TileTypes {
    /// The most tiles whose types are found by a scan.
    const SCANNED: usize = 64;

    fn of(puzzle: &TilePuzzle) -> Self {
        Self::of_in(puzzle, Vec::new(), Vec::new(), Vec::new())
    }

    /// The types of `puzzle`, in the arrays `tile_type`, `count` and
    /// `canon` (their contents replaced).
    fn of_in(puzzle: &TilePuzzle, mut tile_type: Vec<u32>, mut count: Vec<u32>, mut canon: Vec<Labels>) -> Self {
        let type_of = (puzzle.tiles.len() > Self::SCANNED)
            .then(|| FastMap::with_capacity_and_hasher(puzzle.tiles.len(), Default::default()));
        tile_type.clear();
        count.clear();
        canon.clear();
        // At most a type per tile: laid out once, not grown by doubling
        // (on a big board nearly every tile is its own type).
        tile_type.reserve_exact(puzzle.tiles.len());
        count.reserve_exact(puzzle.tiles.len());
        canon.reserve_exact(puzzle.tiles.len());
        let mut types = TileTypes { type_of, tile_type, count, canon };
        for &t in &puzzle.tiles {
            let c = canonical(t, puzzle.rotate);
            let k = match types.find(&c) {
                Some(k) => k,
                None => {
                    types.canon.push(c);
                    types.count.push(0);
                    let k = types.canon.len() - 1;
                    if let Some(type_of) = &mut types.type_of {
                        type_of.insert(c, k as u32);
                    }
                    k
                }
            };
            types.tile_type.push(k as u32);
            types.count[k] += 1;
        }
        types
    }

    /// The type of canonical labels `c`, if a tile has them.
    fn find(&self, c: &Labels) -> Option<usize> {
        match &self.type_of {
            Some(type_of) => type_of.get(c).map(|&k| k as usize),
            None => self.canon.iter().position(|k| k == c),
        }
    }
}

/// The hint of `cell` in a list of [`TilePuzzle::hints`] (empty: none).
fn hint_at(hints: &[Option<Hint>], cell: usize) -> Option<Hint> {
    hints.get(cell).copied().flatten()
}

/// What the encoding of the cells reads besides the puzzle: the board's
/// joins, each cell's hint, the turn breaker, and whether the cells share
/// templates (the compact form).
struct CellEncoding<'a> {
    joins: &'a Joins,
    hint: &'a [Option<Hint>],
    breaker: TurnBreaker,
    compact: bool,
}

/// A cell's hint: its tile's type, and its labels when the turn is given.
#[derive(Clone, Copy, Debug)]
struct Hint {
    ty: usize,
    labels: Option<Labels>,
}

/// The joins of a board: right of (r, c) and below (r, c), per cell.
#[derive(Debug, Default)]
struct Joins {
    right: Vec<Option<Secondary>>,
    down: Vec<Option<Secondary>>,
    /// With outer joins: per row, the join left of its first cell; per
    /// column, the join above its first cell (empty without).
    left_edge: Vec<Secondary>,
    top_edge: Vec<Secondary>,
}

impl Joins {
    /// The joins of a `rows x cols` board, declared in `b`, in the arrays
    /// of `kept` (their contents replaced); with outer joins (declared
    /// after the others) if `outer`.
    fn declare_in(b: &mut ProblemBuilder, rows: usize, cols: usize, kept: Joins, outer: bool) -> Self {
        let Joins { mut right, mut down, mut left_edge, mut top_edge } = kept;
        right.clear();
        right.resize(rows * cols, None);
        down.clear();
        down.resize(rows * cols, None);
        left_edge.clear();
        top_edge.clear();
        let mut joins = Joins { right, down, left_edge, top_edge };
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    joins.right[r * cols + c] = Some(b.secondary());
                }
                if r + 1 < rows {
                    joins.down[r * cols + c] = Some(b.secondary());
                }
            }
        }
        if outer {
            for r in 0..rows {
                joins.right[r * cols + cols - 1] = Some(b.secondary());
                joins.left_edge.push(b.secondary());
            }
            for c in 0..cols {
                joins.down[(rows - 1) * cols + c] = Some(b.secondary());
                joins.top_edge.push(b.secondary());
            }
        }
        joins
    }

    /// Whether every cell names four joins, its border sides' its own.
    fn outer(&self) -> bool {
        !self.left_edge.is_empty()
    }
}

impl Encoded {
    /// Turns the engine's chosen options back into a board.
    pub fn decode(&self, puzzle: &TilePuzzle, chosen: &[OptionId]) -> TileSolution {
        let n = puzzle.rows * puzzle.cols;
        let mut grid = vec![[0; 4]; n];
        let mut cell_type = vec![u32::MAX; n];
        for &o in chosen {
            // The option's cell and type (its two primary items), and its
            // orientation.
            let (cell, t, k) = match self.problem.compact() {
                Some(c) => {
                    let (s, i) = c.place(o);
                    let piece = c.template_of(s).piece[i] as usize;
                    (c.item[s] as usize, piece - n, self.template_orient.row(c.template[s] as usize)[i])
                }
                None => {
                    let mut items = self.problem.primaries(o).map(|i| i.index());
                    let (cell, t) = (items.next().expect("a cell"), items.next().expect("a type") - n);
                    (cell, t, self.orient[o])
                }
            };
            grid[cell] = self.orients.row(t)[usize::from(k)].1;
            cell_type[cell] = t as u32;
        }
        // Hand out the input tiles of each type: hinted tiles to their cells
        // first, then the others in input order to cells in reading order.
        let mut placements: Vec<Option<TilePlacement>> = vec![None; puzzle.tiles.len()];
        let mut cell_taken = vec![false; n];
        for f in &puzzle.fixes {
            let cell = f.row * puzzle.cols + f.col;
            placements[f.piece] = Some(self.place(puzzle, f.piece, cell, grid[cell]));
            cell_taken[cell] = true;
        }
        // Each type's tiles in input order, laid out by counting: type
        // t's at `tiles[at[t]..]`, `at[t]` moving on as they are handed out
        // (one pass over the cells: a pass per type was quadratic, 10^6
        // steps on a 32x32 board).
        let mut at: Vec<u32> = Vec::with_capacity(self.type_count.len());
        let mut sum = 0;
        for &c in &self.type_count {
            at.push(sum);
            sum += c;
        }
        let mut tiles = vec![0u32; self.tile_type.len()];
        let mut fill = at.clone();
        for (i, &t) in self.tile_type.iter().enumerate() {
            tiles[fill[t as usize] as usize] = i as u32;
            fill[t as usize] += 1;
        }
        for cell in (0..n).filter(|&cell| !cell_taken[cell]) {
            let t = cell_type[cell] as usize;
            let mut k = at[t] as usize;
            while placements[tiles[k] as usize].is_some() {
                k += 1;
            }
            at[t] = k as u32 + 1;
            let i = tiles[k] as usize;
            placements[i] = Some(self.place(puzzle, i, cell, grid[cell]));
        }
        TileSolution { placements: placements.into_iter().map(|p| p.expect("every tile is placed")).collect(), grid }
    }

    fn place(&self, puzzle: &TilePuzzle, piece: usize, cell: usize, shown: Labels) -> TilePlacement {
        let rotation = (0..4).find(|&r| rotate(puzzle.tiles[piece], r) == shown).unwrap_or(0);
        TilePlacement { piece, row: cell / puzzle.cols, col: cell % puzzle.cols, rotation }
    }
}

/// The set of sides of (row, col) that lie on the outline, as a bit mask.
fn outer_mask(p: &TilePuzzle, row: usize, col: usize) -> u8 {
    u8::from(row == 0) | u8::from(col + 1 == p.cols) << 1 | u8::from(row + 1 == p.rows) << 2 | u8::from(col == 0) << 3
}

#[cfg(test)]
mod tests;
