//! The encoding as exact cover: board cells are primary items of
//! multiplicity 1; pieces with the same set of allowed oriented shapes form
//! one *type*, a primary item whose multiplicity is the number of copies;
//! one option per (type, distinct orientation, position on the board).
//! With `--unique` the placements of one type are restricted (see
//! [`symmetry`]), and [`SymmetryInfo`] says how.
//!
//! The order of the items is chosen for the search: the restricted (or
//! most constrained single) piece first, then the cells along the board's
//! short side. [`Encoded::decode`] maps the chosen options back to a
//! [`PackSolution`].

use super::board::Board;
use super::placement::{Orientations, Placement};
use super::precheck::refute;
use super::puzzle::{PackModelError, PackPuzzle, PackSolution, PiecePlacement};
use crate::engine::{Halt, OptionId, Primary, Problem, ProblemBuilder, SearchConfig, StopReason, Stopped};
use crate::puzzles::model::Refutation;
use crate::puzzles::polyomino::Shape;
use crate::puzzles::symmetry;
use std::collections::HashMap;

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
    /// The exact-cover problem.
    pub problem: Problem,
    /// For each option that places a piece: its placement. Options after
    /// these are slack options of the symmetry breaking.
    options: Vec<Placement>,
    type_pieces: Vec<Vec<usize>>,
    /// What the pre-checks found, computed with the placements.
    refutation: Option<Refutation>,
    /// With `--unique`: the group and the restriction.
    pub symmetry: Option<SymmetryInfo>,
    /// Why the encoding stopped, if a stop came while it listed the
    /// placements, chose how to break the symmetry or built the problem
    /// (the problem is then empty: nothing to search).
    pub stopped: Option<StopReason>,
}

impl PackPuzzle {
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
        self.encode_within(&SearchConfig::all(None))
    }

    /// [`PackPuzzle::encode`], polling `config`'s stop flag and deadline
    /// while it lists the placements and builds the problem (seconds and
    /// gigabytes on a 60x60 board cut into 400 turning pieces): a stop
    /// that comes first leaves the problem empty and says why
    /// ([`Encoded::stopped`]).
    pub fn encode_within(&self, config: &SearchConfig) -> Encoded {
        self.encode_with(Symmetry::Kept, &Halt::of(config)).expect("only --unique can fail")
    }

    /// Encodes the puzzle with the symmetry broken: one solution per orbit
    /// under [`PackPuzzle::symmetry_group`].
    pub fn encode_unique(&self) -> Result<Encoded, PackModelError> {
        self.encode_unique_within(&SearchConfig::all(None))
    }

    /// [`PackPuzzle::encode_unique`], the choice of how to break the
    /// symmetry polling `config`'s stop flag and deadline: a stop that
    /// comes first leaves the problem empty and says why
    /// ([`Encoded::stopped`]).
    pub fn encode_unique_within(&self, config: &SearchConfig) -> Result<Encoded, PackModelError> {
        self.encode_with(Symmetry::Broken, &Halt::of(config))
    }

    /// [`PackPuzzle::encode_unique`] for a count of every solution, which
    /// breaks the symmetry where it can and where that is cheap: the
    /// choice of the piece to restrict looks at every placement of every
    /// piece used once, and for each placement of the chosen piece that a
    /// symmetry fixes, at every placement of every other such piece (on a
    /// 30x30 board cut into 120 turning pieces, 0.9 s before the search).
    /// Where the symmetry cannot
    /// be broken, or past [`Self::COUNTED_BREAK_WORK`] (pieces used once
    /// times placements; a count that large would not end anyway), every
    /// solution is encoded, as by [`PackPuzzle::encode`] (with the group in
    /// `symmetry` and no restriction).
    pub fn encode_counted(&self) -> Encoded {
        self.encode_counted_within(&SearchConfig::all(None))
    }

    /// [`PackPuzzle::encode_counted`], polling `config` as
    /// [`PackPuzzle::encode_unique_within`] does.
    pub fn encode_counted_within(&self, config: &SearchConfig) -> Encoded {
        self.encode_with(Symmetry::BrokenIfCheap, &Halt::of(config)).expect("a count falls back to every solution")
    }

    /// The most work (pieces used once times placements) a count spends
    /// on breaking the symmetry: the pentominoes on 6x10 are 12 times
    /// 2,056 placements, with the 2x2 square on 8x8 13 times 2,357; the
    /// choice on a 20x20 board cut into 80 pieces takes about 0.04 s.
    pub const COUNTED_BREAK_WORK: usize = 500_000;

    fn encode_with(&self, symmetry: Symmetry, halt: &Halt) -> Result<Encoded, PackModelError> {
        let (type_pieces, type_orients) = self.types();
        match self.encode_types(symmetry, halt, &type_pieces, &type_orients) {
            Ok(Ok((problem, options, refutation, symmetry))) => {
                Ok(Encoded { problem, options, type_pieces, refutation, symmetry, stopped: None })
            }
            Ok(Err(e)) => Err(e),
            // Stopped: no search will run, nothing to encode for it.
            Err(Stopped(reason)) => {
                let problem = ProblemBuilder::new().build().expect("an empty problem is well formed");
                let options = Vec::new();
                Ok(Encoded { problem, options, type_pieces, refutation: None, symmetry: None, stopped: Some(reason) })
            }
        }
    }

    /// [`PackPuzzle::encode_with`] once the piece types are known: the
    /// problem, its placements, the pre-checks' finding and the symmetry
    /// broken; `Err` when `halt` stops it (the placements, the choice of
    /// how to break the symmetry and the problem's build poll it).
    #[allow(clippy::type_complexity)]
    fn encode_types(
        &self,
        symmetry: Symmetry,
        halt: &Halt,
        type_pieces: &[Vec<usize>],
        type_orients: &[Orientations],
    ) -> Result<Result<(Problem, Vec<Placement>, Option<Refutation>, Option<SymmetryInfo>), PackModelError>, Stopped>
    {
        let board = &self.board;
        // When the areas differ the case is refuted at once: do not build
        // the placements (a hostile input could make them huge).
        let all = if self.areas_match() { self.placements(type_orients, halt)? } else { Vec::new() };
        let refutation = refute(self, type_pieces, &all);
        let (symmetry_info, breaking) = if symmetry == Symmetry::Kept {
            (None, None)
        } else {
            let singles = type_pieces.iter().filter(|p| p.len() == 1).count();
            let cheap = symmetry == Symmetry::Broken || singles.saturating_mul(all.len()) <= Self::COUNTED_BREAK_WORK;
            match self.break_symmetry(type_pieces, type_orients, &all, refutation.is_none() && cheap, halt)? {
                Ok(broken) => (Some(broken.info), broken.breaking),
                Err(e) if symmetry == Symmetry::Broken => return Ok(Err(e)),
                // No piece to break it with: every solution kept.
                Err(_) => (None, None),
            }
        };
        let mut b = ProblemBuilder::new();
        let mut types: Vec<Option<Primary>> = vec![None; type_pieces.len()];
        // The restricted type first: the bitset backend branches on the
        // lowest item, so the search starts by placing it; otherwise the
        // single piece with the fewest placements.
        let first = breaking.as_ref().map(|p| p.piece_type).or_else(|| fewest_placements(type_pieces, &all));
        if let Some(t) = first {
            types[t] = Some(b.primary(1));
        }
        let cell_item = declare_cells(&mut b, board);
        for (t, pieces) in type_pieces.iter().enumerate() {
            if types[t].is_none() {
                types[t] = Some(b.primary(pieces.len() as u32));
            }
        }
        let conditions = Conditions::declare(&mut b, breaking.as_ref(), &all);
        let mut options = Vec::new();
        let mut items = Vec::new();
        for (i, pl) in all.into_iter().enumerate() {
            halt.every(i)?;
            if !conditions.keep[i] {
                continue;
            }
            items.clear();
            items.extend(pl.cells.iter().map(|&(r, c)| cell_item[r * board.cols + c].expect("a board cell")));
            items.push(types[pl.ty].expect("every type has an item"));
            if let Some(e) = conditions.extra.get(&i) {
                items.extend_from_slice(e);
            }
            b.option(&items, &[]);
            options.push(pl);
        }
        for item in conditions.slack {
            b.option(&[item], &[]);
        }
        let problem = b.build_within(halt)?.expect("packing options are well formed");
        Ok(Ok((problem, options, refutation, symmetry_info)))
    }

    /// `--unique`: the symmetry group, and how to break it (only when the
    /// case is not refuted already: `solvable`).
    fn break_symmetry(
        &self,
        type_pieces: &[Vec<usize>],
        type_orients: &[Orientations],
        all: &[Placement],
        solvable: bool,
        halt: &Halt,
    ) -> Result<Result<Broken, PackModelError>, Stopped> {
        let board = &self.board;
        let group = self.group(type_orients);
        let mut breaking = None;
        if solvable {
            let cells: Vec<(usize, &[(usize, usize)])> = all.iter().map(|p| (p.ty, p.cells.as_slice())).collect();
            let mult: Vec<usize> = type_pieces.iter().map(Vec::len).collect();
            match symmetry::break_symmetry_within(&group, (board.rows, board.cols), &cells, &mult, halt)? {
                Ok(b) => breaking = b,
                Err(reason) => return Ok(Err(PackModelError::Unique { line: 0, reason, order: group.len() })),
            }
        }
        let restricted =
            breaking.as_ref().map(|p| (type_pieces[p.piece_type][0], p.kept.len(), p.total, p.conditions.len()));
        Ok(Ok(Broken { info: SymmetryInfo { group, restricted }, breaking }))
    }
}

/// How an encoding treats the puzzle's symmetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symmetry {
    /// Every solution kept.
    Kept,
    /// Broken, one solution per orbit (`--unique`); an error where it
    /// cannot be.
    Broken,
    /// Broken where it can be and the choice is cheap (a count, multiplied
    /// back), else every solution kept.
    BrokenIfCheap,
}

/// What `--unique` found: the report, and the breaking to encode.
struct Broken {
    info: SymmetryInfo,
    breaking: Option<symmetry::Breaking>,
}

/// The single piece with the fewest placements (minimum remaining values
/// at the root, as Knuth places the X pentomino first), if any.
fn fewest_placements(type_pieces: &[Vec<usize>], all: &[Placement]) -> Option<usize> {
    let mut count = vec![0usize; type_pieces.len()];
    for pl in all {
        count[pl.ty] += 1;
    }
    let mut singles: Vec<usize> = (0..type_pieces.len()).filter(|&t| type_pieces[t].len() == 1).collect();
    singles.sort_by_key(|&t| (count[t], t));
    singles.first().copied()
}

/// Declares the board's cells, along the short side first (a search that
/// prefers early items then sweeps the board across its long side), and
/// links the cells that share a side (the engine may then refute regions
/// of empty cells that no set of pieces can fill). Per cell of the
/// bounding box: its item, if it is a board cell.
fn declare_cells(b: &mut ProblemBuilder, board: &Board) -> Vec<Option<Primary>> {
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
    cell_item
}

/// The symmetry breaking's share of the encoding.
struct Conditions {
    /// Per placement: whether it stays an option.
    keep: Vec<bool>,
    /// Per placement: the conditions' items its option also covers.
    extra: HashMap<usize, Vec<Primary>>,
    /// The conditions' items, each with an option of its own (the slack).
    slack: Vec<Primary>,
}

impl Conditions {
    /// Keeps of the restricted type only the kept placements, and declares
    /// an item per condition, covered by its placement and by the other
    /// type's excluded placements (at most one of them), or by its slack.
    fn declare(b: &mut ProblemBuilder, breaking: Option<&symmetry::Breaking>, all: &[Placement]) -> Self {
        let mut conditions = Conditions { keep: vec![true; all.len()], extra: HashMap::new(), slack: Vec::new() };
        let Some(p) = breaking else { return conditions };
        for (i, pl) in all.iter().enumerate() {
            if pl.ty == p.piece_type {
                conditions.keep[i] = false;
            }
        }
        for &i in &p.kept {
            conditions.keep[i] = true;
        }
        for cond in &p.conditions {
            let item = b.primary(1);
            conditions.slack.push(item);
            conditions.extra.entry(cond.placement).or_default().push(item);
            for &q in &cond.excluded {
                conditions.extra.entry(q).or_default().push(item);
            }
        }
        conditions
    }
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

    /// The pre-checks' verdict (see [`precheck`](super::precheck())).
    pub fn precheck(&self) -> Option<Refutation> {
        self.refutation.clone()
    }
}
