//! Tests: a tile board encoded into the arrays of an earlier case's
//! encoding (what a stream's [`super::TileArrays`] hands from case to
//! case) is the board encoded into new arrays: the same problem, the same
//! solutions decoded, whatever the earlier board was.

use super::tiles::{Border, Encoded, Fix, Labels, Orbits, Rule, TilePuzzle};
use super::{Model, TileModel};
use crate::engine::{solve, Halt, SearchConfig, SearchMode};
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
/// colours (the fingerprint) as in new arrays, and the same first
/// solution decoded.
#[test]
fn an_encoding_in_spare_arrays_is_the_same_encoding() {
    let mut rng = Rng::new(28);
    let mut spare: Option<Box<Encoded>> = None;
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
        let first = first_solution(&p, &new);
        assert_eq!(first, first_solution(&p, &reused), "{p:?}");
        solved += usize::from(first.is_some());
        spare = Some(reused);
    }
    assert!(solved > 100, "only {solved} boards solvable: the decoding is hardly tested");
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
