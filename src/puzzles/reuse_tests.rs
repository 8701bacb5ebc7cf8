//! Tests: a tile board encoded into the arrays of an earlier case's
//! encoding (what a stream's [`super::TileArrays`] hands from case to
//! case) is the board encoded into new arrays: the same problem, the same
//! solutions decoded, whatever the earlier board was.

use super::tiles::{Border, Encoded, Fix, Labels, Orbits, Rule, TilePuzzle};
use super::{Model, TileModel};
use crate::engine::shape::{ShapeArrays, SlotPieces, UniformSlots};
use crate::engine::{solve, Halt, SearchConfig, SearchMode};
use crate::generate::{tiles, TileSpec};
use crate::rng::Rng;
use std::ops::ControlFlow;
use std::sync::Mutex;

/// A random board of up to 4x4 with few labels (so that tiles repeat),
/// turning or not, with a border label or not, with a hint or not.
fn random_board(rng: &mut Rng) -> TilePuzzle {
    let (rows, cols) = (1 + rng.below(4), 1 + rng.below(4));
    let labels = 1 + rng.below(3);
    let tiles: Vec<Labels> = (0..rows * cols).map(|_| std::array::from_fn(|_| rng.below(labels + 1) as i32)).collect();
    let rotate = rng.below(2) == 1;
    let fixes = match rng.below(3) {
        0 => vec![Fix { piece: rng.below(rows * cols), row: rng.below(rows), col: rng.below(cols), rotation: None }],
        _ => vec![],
    };
    let border = if rng.below(3) == 0 { Border::Label(0) } else { Border::Free };
    TilePuzzle { rows, cols, tiles, rule: Rule::Equal, border, rotate, fixes }
}

/// The first solution of an encoding, decoded, if any.
fn first_solution(p: &TilePuzzle, e: &Encoded) -> Option<super::tiles::TileSolution> {
    let found = Mutex::new(None);
    let visit = |sol: &[usize]| {
        *found.lock().unwrap() = Some(e.decode(p, sol));
        ControlFlow::Continue(())
    };
    solve(&e.problem, &SearchConfig { mode: SearchMode::First, threads: 1, ..SearchConfig::default() }, Some(&visit));
    found.into_inner().unwrap()
}

/// Each of 600 random boards encoded into the last one's arrays, for a
/// search of one solution and for a count: the same items, options and
/// colours (the fingerprint) as in new arrays, the same readings of the
/// engine in the arrays the last board's left (`same_readings`), and the
/// same first solution decoded.
#[test]
fn an_encoding_in_spare_arrays_is_the_same_encoding() {
    let mut rng = Rng::new(28);
    let mut spare: Option<Box<Encoded>> = None;
    let mut shapes = ShapeArrays::default();
    let mut solved = 0;
    for _ in 0..600 {
        let p = random_board(&mut rng);
        if p.check().is_err() {
            continue;
        }
        let orbits = [Orbits::Every, Orbits::Some, Orbits::Counted][rng.below(3)];
        let new = p.encode(&Halt::NEVER, orbits).unwrap();
        let reused = p.encode_in(spare.take(), &Halt::NEVER, orbits, orbits == Orbits::Some).unwrap();
        let (a, b) = (&new.problem, &reused.problem);
        assert_eq!(
            (a.primary_count(), a.secondary_count(), a.option_count()),
            (b.primary_count(), b.secondary_count(), b.option_count())
        );
        assert_eq!(a.fingerprint(), b.fingerprint(), "{p:?}");
        same_readings(a, b, &mut shapes, &format!("{p:?}"));
        let first = first_solution(&p, &new);
        assert_eq!(first, first_solution(&p, &reused), "{p:?}");
        solved += usize::from(first.is_some());
        spare = Some(reused);
    }
    assert!(solved > 100, "only {solved} boards solvable: the decoding is hardly tested");
}

/// The engine's readings of `b`, worked out in kept arrays (the dense
/// colours in those of the problem `b` was built over, the shapes in
/// `shapes`, the last board's), are those of `a`, the same problem worked
/// out in new ones.
fn same_readings(a: &crate::engine::Problem, b: &crate::engine::Problem, shapes: &mut ShapeArrays, what: &str) {
    let halt = Halt::NEVER;
    let (x, y) = (a.compact_dense(&halt).unwrap(), b.compact_dense(&halt).unwrap());
    assert_eq!(x.is_some(), y.is_some(), "{what}");
    if let (Some(x), Some(y)) = (x, y) {
        assert_eq!((&x.n_colours, &x.map, &x.maps, x.top), (&y.n_colours, &y.map, &y.maps, y.top), "{what}");
    }
    let (fresh, kept) = (SlotPieces::of(a, &halt).unwrap(), SlotPieces::of_in(b, &halt, shapes).unwrap());
    assert_eq!(fresh.is_some(), kept.is_some(), "{what}");
    let (Some(fresh), Some(kept)) = (fresh, kept) else { return };
    let parts = |s: &SlotPieces| (s.slot_item.clone(), s.item_slot.clone(), s.item_piece.clone(), s.copies.clone());
    assert_eq!(parts(&fresh), parts(&kept), "{what}");
    let lists = |s: &SlotPieces| -> Vec<Vec<u32>> { s.options.iter().map(|o| o.iter().collect()).collect() };
    assert_eq!(lists(&fresh), lists(&kept), "{what}");
    let (u, v) = (UniformSlots::of(a, &fresh, &halt).unwrap(), UniformSlots::of_in(b, &kept, &halt, shapes).unwrap());
    assert_eq!(u.is_some(), v.is_some(), "{what}");
    if let (Some(u), Some(v)) = (u, v) {
        assert_eq!(u.items, v.items, "{what}");
        if let (Some(x), Some(y)) = (a.compact_dense(&halt).unwrap(), b.compact_dense(&halt).unwrap()) {
            assert_eq!(u.classes(a, x, &halt).unwrap(), v.classes(b, y, &halt).unwrap(), "{what}");
        }
        v.give_back(shapes);
    }
    kept.give_back(shapes);
}

/// Models made one after another, each with the arrays of the one
/// before (as a stream's cases are), count what models made alone count.
#[test]
fn models_with_handed_arrays_count_as_models_alone() {
    let mut rng = Rng::new(8);
    let mut arrays = None;
    for _ in 0..300 {
        let p = random_board(&mut rng);
        let Ok(alone) = TileModel::new(p.clone()) else { continue };
        let handed = TileModel::with_arrays(p, arrays.take()).unwrap();
        let count = |m: &TileModel| solve(m.problem(), &SearchConfig::count(), None).solutions;
        assert_eq!(count(&alone), count(&handed));
        arrays = handed.into_arrays();
    }
}

/// A judge's stream of `size` x `size` Tetravex boards of labels 0 to 9
/// (`bench/stream.py`'s): every other one planted (solvable, from the
/// generator), the others of random tiles.
fn judge_stream(size: usize, cases: usize, rng: &mut Rng) -> Vec<TilePuzzle> {
    let labels = TileSpec::tetravex_labels(None, 0, 10);
    let spec = TileSpec {
        rows: size,
        cols: size,
        rule: Rule::Equal,
        border: Border::Free,
        frame_labels: labels.clone(),
        inner_labels: labels,
        rotate: false,
        centre_hint: false,
    };
    (0..cases)
        .map(|k| match k % 2 {
            0 => tiles(rng, &spec),
            _ => TilePuzzle {
                tiles: (0..size * size).map(|_| std::array::from_fn(|_| rng.below(10) as i32)).collect(),
                ..tiles(rng, &spec)
            },
        })
        .collect()
}

/// A stream of judge-size cases, run as the command line runs it (each
/// case's model in the arrays of the one before, one workspace for the
/// engine, one thread), allocates little once its arrays have grown: at
/// most this many blocks a case on average over 200 cases (planted and
/// random) after 200 others. The bounds are what the stream takes, with
/// about one block of room, so that a new allocation per case in the
/// encoding or the engine's setup fails here (issue 28: "the per-case
/// path allocates little"). One-tile cases allocate one block in 200
/// (none in the encoding, the search or the answer); 2x2 and 3x3 cases
/// end in the row scan's trial, in the arrays of the cases before (the
/// shapes' in the engine's workspace, the dense colours' in the problem),
/// one block a case left (the builder's first option offset of a solvable
/// board, a refuted board's message); a planted 4x4 or 5x5 board whose tree
/// outgrows the trial builds the estimates' backends (hundreds of
/// blocks, against a search of a few hundred microseconds).
#[test]
fn a_stream_of_small_cases_allocates_little() {
    let mut rng = Rng::new(1008);
    let config = SearchConfig { mode: SearchMode::First, threads: 1, ..SearchConfig::default() };
    // (size, at most, at most in a build with debug assertions: there the
    // row scan checks its invariants at every node of a board of at most
    // 16 cells, and the check allocates, on the 4x4 boards whose search
    // goes past the trial; and the square order written down for a board
    // is checked against the one grown on its joins, `backends/square.rs`).
    for (size, release, debug) in [(1, 0.01, 0.01), (2, 1.5, 1.5), (3, 1.5, 1.5), (4, 29.0, 53.0), (5, 174.0, 179.5)] {
        let most = if cfg!(debug_assertions) { debug } else { release };
        let (mut arrays, mut ws) = (None, crate::engine::Workspace::default());
        let mut result = crate::solve::CaseResult::unknown();
        let mut answer = |p: TilePuzzle| {
            let mut model = TileModel::with_arrays(p, arrays.take()).unwrap();
            let prepared = crate::solve::prepare(&mut model, &config);
            crate::solve::run_prepared_into(&model, prepared, false, &config, None, &mut ws, &mut result);
            arrays = model.into_arrays();
            result.status
        };
        let mut boards = judge_stream(size, 400, &mut rng).into_iter();
        let warm: Vec<_> = boards.by_ref().take(200).map(&mut answer).collect();
        let (mut solved, mut statuses) = (0, Vec::new());
        let info = allocation_counter::measure(|| statuses.extend(boards.by_ref().map(&mut answer)));
        solved += statuses.iter().chain(&warm).filter(|&&s| s == crate::solve::Status::Solvable).count();
        assert!(solved >= 200, "{size}x{size}: the planted boards are solvable ({solved} of 400)");
        let per_case = info.count_total as f64 / 200.0;
        assert!(per_case <= most, "{size}x{size}: {per_case} allocations a case, at most {most} expected");
    }
}

/// A stream answered as the command line answers it (each case's model in
/// the arrays of the one before, one workspace for the engine: its kept
/// backends and shapes, and the problem's dense colours) gives every case
/// the answer and the node count of the case answered alone, in new
/// arrays: random boards of up to 4x4 (turning, bordered, hinted or not)
/// mixed with judge boards of 1x1 to 5x5, so that every case follows one
/// of another size and shape; for a first solution and for a count, under
/// a node budget that some searches reach (checked: the tree is then cut
/// at the same node). One result is written over from case to case, as a
/// caller may keep one. `fuzz/fuzz_targets/stream.rs` checks the same on
/// any text.
#[test]
fn a_stream_in_kept_arrays_answers_as_each_case_alone() {
    let mut rng = Rng::new(44);
    let mut boards: Vec<TilePuzzle> = (0..120).map(|_| random_board(&mut rng)).collect();
    for size in 1..=5 {
        boards.extend(judge_stream(size, 24, &mut rng));
    }
    rng.shuffle(&mut boards);
    for mode in [SearchMode::First, SearchMode::Count] {
        let config = SearchConfig { mode, max_nodes: Some(3000), threads: 1, ..SearchConfig::default() };
        let (mut arrays, mut ws) = (None, crate::engine::Workspace::default());
        let mut got = crate::solve::CaseResult::unknown();
        let mut cut = 0;
        for p in &boards {
            let Ok(alone) = TileModel::new(p.clone()) else { continue };
            let expected = crate::solve::run(&alone, true, &config, None);
            let mut model = TileModel::with_arrays(p.clone(), arrays.take()).unwrap();
            let prepared = crate::solve::prepare(&mut model, &config);
            crate::solve::run_prepared_into(&model, prepared, true, &config, None, &mut ws, &mut got);
            let answer = |r: &crate::solve::CaseResult<super::tiles::TileSolution>| {
                (r.status, r.count.clone(), r.complete, r.solution.clone(), r.refuted_by.clone(), r.stats.nodes)
            };
            assert_eq!(answer(&got), answer(&expected), "{mode:?} {p:?}");
            cut += usize::from(!got.complete);
            arrays = model.into_arrays();
        }
        assert!(cut > 0, "{mode:?}: no search reached the budget");
    }
}
