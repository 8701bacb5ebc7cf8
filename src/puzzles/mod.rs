//! The puzzles: each module parses its formats, encodes cases for the
//! engine and decodes solutions back.
//!
//! * [`tetravex`]: Gnome Tetravex (ZOJ 1008), rotation, borders, hints;
//! * [`edges`]: jigsaw edge matching (UVa 519), numbered tab shapes;
//! * [`pack`]: polyomino packing (UVa 387), any board and piece set;
//! * [`tiles`]: the edge-matching model `tetravex` and `edges` share;
//! * [`polyomino`]: shapes and their symmetries;
//! * [`pieces`]: the built-in piece sets;
//! * [`symmetry`]: the symmetry group of a packing and how `--unique`
//!   breaks it;
//! * [`input`]: lines, tokens and positioned errors for the readers;
//!   [`stream`]: an input read as it arrives, line by line or by tokens;
//! * `model`: the [`Model`] every puzzle gives the solver and the
//!   [`Refutation`] its pre-checks return; [`TileModel`] and [`PackModel`]
//!   (here) pair a puzzle with its encoding.
//!
//! The modules depend on each other top down: `tetravex` and `edges` on
//! `tiles`; `pack` on `symmetry`, `pieces` and `polyomino`; all of them
//! on `input` and `model`, and `model` on the engine only.

pub mod edges;
pub mod input;
pub mod pack;
pub mod pieces;
pub mod polyomino;
pub mod stream;
pub mod symmetry;
pub mod tetravex;
pub mod tiles;

#[cfg(test)]
mod compact_tests;
#[cfg(test)]
mod reuse_tests;

mod model;

pub use model::{Arg, Detail, Model, Refutation};

use crate::engine::{Halt, OptionId, Problem, SearchConfig, StopReason, Stopped};
use std::sync::{Mutex, OnceLock};

/// A tile puzzle with its encoding, made on first use: a refuted puzzle is
/// never encoded, and a big board's encoding (a share of a second on
/// 32x32) runs under the search's deadline and stop flag.
///
/// A model made with the [`TileArrays`] of the case before encodes into
/// them, and gives them back when done with ([`TileModel::into_arrays`]),
/// so that a stream of small cases allocates nothing for its encodings:
///
/// ```
/// use tessera::puzzles::tiles::{Border, Rule, TilePuzzle};
/// use tessera::puzzles::{Model, TileModel};
/// let one = |labels| TilePuzzle {
///     rows: 1, cols: 1, tiles: vec![labels], rule: Rule::Equal,
///     border: Border::Free, rotate: false, fixes: vec![],
/// };
/// let mut arrays = None;
/// for labels in [[1, 2, 3, 4], [5, 6, 7, 8]] {
///     let model = TileModel::with_arrays(one(labels), arrays.take()).unwrap();
///     assert_eq!(model.problem().option_count(), 1);
///     arrays = model.into_arrays();
/// }
/// assert!(arrays.is_some());
/// ```
pub struct TileModel {
    /// The puzzle.
    pub puzzle: tiles::TilePuzzle,
    /// Its exact-cover encoding, made through `&mut` before the search
    /// ([`Model::encode_within`]: no synchronisation); boxed, so that a
    /// case (read, checked, answered) moves a pointer, not the encoding's
    /// 600 bytes.
    owned: Option<Box<tiles::Encoded>>,
    /// Its encoding, made on first use through a shared reference
    /// (plans, tests) when it was not made through `&mut`.
    encoded: OnceLock<Box<tiles::Encoded>>,
    /// The arrays to encode into, if the model was given some (a lock,
    /// never contended: taken once, by the encoding).
    spare: Mutex<Option<Box<tiles::Encoded>>>,
}

/// The arrays of one small tile encoding, handed from the model of one
/// case to the next one's ([`TileModel::with_arrays`],
/// [`TileModel::into_arrays`]). Owned, not shared: handing them on costs
/// a stream's case no lock and no reference count.
pub struct TileArrays(Box<tiles::Encoded>);

impl TileArrays {
    /// The most options of an encoding whose arrays are kept: a big
    /// board's are given back to the allocator.
    const KEPT_OPTIONS: usize = 1 << 14;
}

impl TileModel {
    /// The model of `puzzle`; a puzzle that cannot be encoded (bad hints,
    /// too large) is an error. The encoding itself waits for the search.
    pub fn new(puzzle: tiles::TilePuzzle) -> Result<Self, tiles::TileModelError> {
        Self::with_arrays(puzzle, None)
    }

    /// [`TileModel::new`], encoding (when asked) into `arrays`, those of
    /// an encoding done with.
    pub fn with_arrays(puzzle: tiles::TilePuzzle, arrays: Option<TileArrays>) -> Result<Self, tiles::TileModelError> {
        puzzle.check()?;
        Ok(TileModel { puzzle, owned: None, encoded: OnceLock::new(), spare: Mutex::new(arrays.map(|a| a.0)) })
    }

    /// The encoding, if made (through `&mut` or on first use).
    fn encoding(&self) -> Option<&tiles::Encoded> {
        self.owned.as_deref().or_else(|| self.encoded.get().map(|e| &**e))
    }

    /// The encoding, into `spare` when given, under `config`'s stop flag
    /// and deadline.
    fn encode(
        &self,
        spare: Option<Box<tiles::Encoded>>,
        config: &SearchConfig,
    ) -> Result<Box<tiles::Encoded>, StopReason> {
        let orbits = if config.decides_in_one_tree(self.puzzle.rows * self.puzzle.cols) {
            tiles::Orbits::Some
        } else if config.counts_whole_tree() {
            tiles::Orbits::Counted
        } else {
            tiles::Orbits::Every
        };
        self.puzzle.encode_in(spare, &Halt::of(config), orbits, config.first_only()).map_err(|Stopped(reason)| reason)
    }

    /// The arrays of the model's encoding (or those it was given, when it
    /// encoded nothing), for the next model; `None` when it had none or
    /// they are a big board's.
    pub fn into_arrays(self) -> Option<TileArrays> {
        self.into_parts().0
    }

    /// [`TileModel::into_arrays`], and the puzzle's tiles unless there are
    /// many (for a reader
    /// to read the next case's into, as
    /// [`tetravex::Reader::recycling`](crate::puzzles::tetravex::Reader::recycling) does).
    pub fn into_parts(self) -> (Option<TileArrays>, Vec<tiles::Labels>) {
        let TileModel { puzzle, owned, encoded, spare } = self;
        let arrays = match owned.or_else(|| encoded.into_inner()) {
            Some(e) => (e.problem.option_count() <= TileArrays::KEPT_OPTIONS).then_some(TileArrays(e)),
            None => spare.into_inner().ok().flatten().map(TileArrays),
        };
        // A big board's tiles go back to the allocator, as its arrays do.
        let tiles = if puzzle.tiles.capacity() <= TileArrays::KEPT_OPTIONS { puzzle.tiles } else { Vec::new() };
        (arrays, tiles)
    }
}

impl Model for TileModel {
    type Solution = tiles::TileSolution;
    fn precheck(&self) -> Option<Refutation> {
        tiles::refute::precheck(&self.puzzle)
    }
    fn problem_within(&self, config: &SearchConfig) -> Result<&Problem, StopReason> {
        if let Some(encoded) = self.encoding() {
            return Ok(&encoded.problem);
        }
        let spare = self.spare.lock().ok().and_then(|mut s| s.take());
        let encoded = self.encode(spare, config)?;
        // Another thread may have encoded it meanwhile: the same encoding.
        Ok(&self.encoded.get_or_init(|| encoded).problem)
    }
    fn encode_within(&mut self, config: &SearchConfig) -> Result<(), StopReason> {
        if self.owned.is_none() && self.encoded.get_mut().is_none() {
            // The arrays taken and the encoding kept without a lock.
            let spare = self.spare.get_mut().ok().and_then(Option::take);
            self.owned = Some(self.encode(spare, config)?);
        }
        Ok(())
    }
    fn decode(&self, chosen: &[OptionId]) -> Self::Solution {
        let encoded = self.encoding().expect("solutions come from the encoded problem");
        encoded.decode(&self.puzzle, chosen)
    }
    fn count_factor(&self) -> u64 {
        self.encoding().map_or(1, tiles::Encoded::count_factor)
    }
}

/// A packing puzzle with its encoding.
pub struct PackModel {
    /// The puzzle.
    pub puzzle: pack::PackPuzzle,
    /// Its exact-cover encoding.
    pub encoded: pack::Encoded,
    /// How many solutions each solution of the encoding stands for (see
    /// [`PackModel::counted`]).
    factor: u64,
}

impl PackModel {
    /// Every solution counts.
    pub fn new(puzzle: pack::PackPuzzle) -> Result<Self, pack::PackModelError> {
        Self::new_within(puzzle, &SearchConfig::all(None))
    }

    /// [`PackModel::new`], listing the placements and building the problem
    /// under `config`'s stop flag and deadline, as
    /// [`PackModel::unique_within`] chooses.
    pub fn new_within(puzzle: pack::PackPuzzle, config: &SearchConfig) -> Result<Self, pack::PackModelError> {
        puzzle.check()?;
        let encoded = puzzle.encode_within(config);
        Ok(PackModel { puzzle, encoded, factor: 1 })
    }

    /// One solution per orbit under the puzzle's symmetry group (`--unique`).
    pub fn unique(puzzle: pack::PackPuzzle) -> Result<Self, pack::PackModelError> {
        Self::unique_within(puzzle, &SearchConfig::all(None))
    }

    /// [`PackModel::unique`], its choice of how to break the symmetry
    /// polling `config`'s stop flag and deadline (the case's `--timeout`
    /// runs from before the model is made): a model stopped there has
    /// nothing to search, and [`Model::problem_within`] says why.
    pub fn unique_within(puzzle: pack::PackPuzzle, config: &SearchConfig) -> Result<Self, pack::PackModelError> {
        puzzle.check()?;
        let encoded = puzzle.encode_unique_within(config)?;
        Ok(PackModel { puzzle, encoded, factor: 1 })
    }

    /// Every solution, for a count of the whole problem (not a shard's,
    /// not a plan's): counted as one per orbit (as `--unique` counts) and
    /// multiplied back by the group's order. That is exact because the
    /// symmetry can be broken only where no solution is its own image
    /// under a symmetry other than the identity (`puzzles/symmetry.rs`):
    /// the restricted piece, used once, would lie in a placement that
    /// symmetry fixes, and then so would the second piece restricted with
    /// it, on whose placements the symmetries fixing the first act
    /// freely. So every orbit has as many solutions as the group has
    /// symmetries. Where the symmetry cannot be broken (a trivial group,
    /// no piece used once, or none that works) or its choice would cost
    /// too much ([`pack::PackPuzzle::encode_counted`]), every solution is
    /// encoded, as by [`PackModel::new`].
    pub fn counted(puzzle: pack::PackPuzzle) -> Result<Self, pack::PackModelError> {
        Self::counted_within(puzzle, &SearchConfig::all(None))
    }

    /// [`PackModel::counted`], polling `config` as
    /// [`PackModel::unique_within`] does.
    pub fn counted_within(puzzle: pack::PackPuzzle, config: &SearchConfig) -> Result<Self, pack::PackModelError> {
        puzzle.check()?;
        let mut encoded = puzzle.encode_counted_within(config);
        // No restriction: the encoding keeps every solution.
        let factor = encoded.symmetry.take().filter(|i| i.restricted.is_some()).map_or(1, |i| i.group.len() as u64);
        Ok(PackModel { puzzle, encoded, factor })
    }
}

impl Model for PackModel {
    type Solution = pack::PackSolution;
    fn precheck(&self) -> Option<Refutation> {
        self.encoded.precheck()
    }
    fn problem_within(&self, _: &SearchConfig) -> Result<&Problem, StopReason> {
        match self.encoded.stopped {
            Some(reason) => Err(reason),
            None => Ok(&self.encoded.problem),
        }
    }
    /// The problem as encoded (empty when a stop came while the model was
    /// made: there is nothing to plan either).
    fn problem(&self) -> &Problem {
        &self.encoded.problem
    }
    fn decode(&self, chosen: &[OptionId]) -> Self::Solution {
        self.encoded.decode(&self.puzzle, chosen)
    }
    fn count_factor(&self) -> u64 {
        self.factor
    }
}

/// A 32x32 Tetravex with 128 labels and a planted solution, tiles in the
/// planted order: a million options to encode.
#[cfg(test)]
pub(crate) fn board_32() -> tiles::TilePuzzle {
    use tiles::{Border, Labels, Rule, TilePuzzle};
    let n = 32;
    let mut rng = crate::rng::Rng::new(33);
    let mut label = || rng.below(128) as i32;
    let right: Vec<i32> = (0..n * (n + 1)).map(|_| label()).collect();
    let down: Vec<i32> = (0..(n + 1) * n).map(|_| label()).collect();
    // Cell (r, c): top down[r][c], right right[r][c + 1], bottom
    // down[r + 1][c], left right[r][c] (right: n + 1 per row).
    let tiles: Vec<Labels> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            [down[r * n + c], right[r * (n + 1) + c + 1], down[(r + 1) * n + c], right[r * (n + 1) + c]]
        })
        .collect();
    TilePuzzle { rows: n, cols: n, tiles, rule: Rule::Equal, border: Border::Free, rotate: false, fixes: vec![] }
}

#[cfg(test)]
mod tests {
    use super::{board_32, Model, TileModel};
    use crate::engine::{Monitor, SearchConfig, StopReason};
    use std::sync::atomic::Ordering;
    use std::time::Instant;

    /// A stop that comes before the encoding (a deadline past, Ctrl-C's
    /// flag raised) ends it before the million options are built, with the
    /// stop's reason; without one, the board is encoded once.
    #[test]
    fn a_stop_before_the_encoding_leaves_the_board_unencoded() {
        let monitor = Monitor::new();
        monitor.stop.store(true, Ordering::Relaxed);
        let interrupted = SearchConfig { monitor: Some(monitor), ..SearchConfig::count() };
        let past = SearchConfig { deadline: Some(Instant::now()), ..SearchConfig::count() };
        let model = TileModel::new(board_32()).unwrap();
        for (stop, reason) in [(past, StopReason::Timeout), (interrupted, StopReason::Interrupted)] {
            assert_eq!(model.problem_within(&stop).map(drop), Err(reason));
            assert!(model.encoded.get().is_none(), "encoded despite the stop");
        }
        let options = model.problem().option_count();
        let types: std::collections::HashSet<_> = model.puzzle.tiles.iter().collect();
        assert_eq!(options, 1024 * types.len(), "one option per (cell, tile type)");
        // Encoded once: a stop that comes later does not undo it.
        let past = SearchConfig { deadline: Some(Instant::now()), ..SearchConfig::count() };
        assert_eq!(model.problem_within(&past).map(|p| p.option_count()), Ok(options));
        // Through `&mut` alike: stopped, nothing kept; then encoded once.
        let mut owned = TileModel::new(board_32()).unwrap();
        assert_eq!(owned.encode_within(&past), Err(StopReason::Timeout));
        assert!(owned.encoding().is_none(), "encoded despite the stop");
        assert_eq!(owned.encode_within(&SearchConfig::count()), Ok(()));
        assert!(owned.owned.is_some() && owned.encoded.get().is_none(), "kept without the lock");
        assert_eq!(owned.encode_within(&past), Ok(()));
        assert_eq!(owned.problem_within(&past).map(|p| p.option_count()), Ok(options));
    }
}

#[cfg(test)]
mod pack_count_tests {
    use super::{pack, Model, PackModel};
    use crate::engine::SearchConfig;
    use crate::generate::{pack as cut, PackSpec, Rng};
    use crate::puzzles::polyomino::Freedom;
    use crate::solve;

    /// A count through one solution per orbit, times the group's order, is
    /// the count of every solution: random rectangles cut into pieces that
    /// turn, flip or neither, square and oblong. The factor is above 1 on
    /// many of them (else the count by orbits would go untested), and the
    /// kept tree is smaller there.
    #[test]
    fn a_count_by_orbits_times_the_order_counts_every_solution() {
        let config = SearchConfig { threads: 1, ..SearchConfig::count() };
        let (mut multiplied, mut smaller) = (0, 0);
        for seed in 0..120u64 {
            let mut rng = Rng::new(seed);
            let (rows, cols) = (2 + rng.below(4), 2 + rng.below(5));
            let freedom = Freedom { rotate: seed % 3 != 0, flip: seed % 2 == 0 };
            let spec = PackSpec { rows, cols, pieces: 2 + rng.below(rows * cols / 3), freedom };
            let puzzle = cut(&mut rng, &spec);
            let every = PackModel::new(puzzle.clone()).unwrap();
            let counted = PackModel::counted(puzzle).unwrap();
            let (a, b) = (solve::run(&every, false, &config, None), solve::run(&counted, false, &config, None));
            assert_eq!(a.count, b.count, "seed {seed}");
            assert!(a.complete && b.complete);
            if counted.count_factor() > 1 {
                multiplied += 1;
                smaller += usize::from(b.stats.nodes < a.stats.nodes);
            }
        }
        assert!(multiplied >= 30 && smaller >= 20, "{multiplied} multiplied, {smaller} smaller");
    }

    /// On a board cut into many pieces the choice of the piece to
    /// restrict would cost seconds before the search: such a count keeps
    /// every solution (the same options as [`PackModel::new`]'s, factor 1).
    #[test]
    fn a_big_board_counts_every_solution_without_the_choice() {
        let freedom = Freedom { rotate: true, flip: true };
        let puzzle = cut(&mut Rng::new(3), &PackSpec { rows: 30, cols: 30, pieces: 120, freedom });
        let counted = PackModel::counted(puzzle.clone()).unwrap();
        let every = PackModel::new(puzzle).unwrap();
        assert_eq!(counted.count_factor(), 1);
        assert_eq!(counted.encoded.problem.option_count(), every.encoded.problem.option_count());
        assert!(counted.encoded.problem.option_count() > pack::PackPuzzle::COUNTED_BREAK_WORK / 120);
    }

    /// A stop (the deadline past, Ctrl-C's flag raised) while a packing
    /// model is made (its placements listed, `--unique`'s choice of how to
    /// break the symmetry, its problem built) leaves nothing to search: the
    /// case is stopped at its start, for that reason, with no node spent.
    /// With no stop the same choice is made as without a halt to poll.
    #[test]
    fn a_stop_while_unique_chooses_stops_the_case() {
        use crate::engine::{Monitor, StopReason};
        use crate::solve::Status;
        use std::sync::atomic::Ordering;
        use std::time::Instant;
        let freedom = Freedom { rotate: true, flip: true };
        let puzzle = cut(&mut Rng::new(5), &PackSpec { rows: 12, cols: 12, pieces: 20, freedom });
        let free = PackModel::unique_within(puzzle.clone(), &SearchConfig::count()).unwrap();
        assert!(free.encoded.symmetry.as_ref().is_some_and(|s| s.restricted.is_some()), "a choice to stop");
        assert_eq!(free.encoded.symmetry, PackModel::unique(puzzle.clone()).unwrap().encoded.symmetry);
        let monitor = Monitor::new();
        monitor.stop.store(true, Ordering::Relaxed);
        let stops = [
            (SearchConfig { deadline: Some(Instant::now()), ..SearchConfig::count() }, StopReason::Timeout),
            (SearchConfig { monitor: Some(monitor), ..SearchConfig::count() }, StopReason::Interrupted),
        ];
        for (config, reason) in stops {
            // The placements and the problem's build stop as the choice does.
            for stopped in
                [PackModel::unique_within(puzzle.clone(), &config), PackModel::new_within(puzzle.clone(), &config)]
            {
                let stopped = stopped.unwrap();
                assert_eq!(stopped.encoded.stopped, Some(reason));
                let r = solve::run(&stopped, false, &SearchConfig::count(), None);
                assert_eq!((r.status, r.stopped, r.stats.nodes, r.complete), (Status::Unknown, Some(reason), 0, false));
            }
        }
    }
}
