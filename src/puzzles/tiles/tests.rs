//! Unit tests of the tile encoding: turns, the decoding's order of
//! equal tiles, the orientations of symmetric tiles.

use super::*;

#[test]
fn quarter_turn_moves_left_to_top() {
    assert_eq!(rotate([1, 2, 3, 4], 1), [4, 1, 2, 3]);
    assert_eq!(rotate([1, 2, 3, 4], 4), [1, 2, 3, 4]);
}

/// Decoding hands out equal tiles in input order to their cells in
/// reading order, hinted tiles to their own cells (checked against
/// that rule written out, on boards made of few distinct tiles).
#[test]
fn decode_hands_out_equal_tiles_in_input_order() {
    use crate::generate::{tiles, Rng, TileSpec};
    let halt = crate::engine::Halt::NEVER;
    let mut checked = 0;
    for (seed, rotate) in [(1, false), (2, true), (3, false), (4, true)] {
        let spec = TileSpec {
            rows: 4,
            cols: 5,
            rule: Rule::Equal,
            border: Border::Free,
            frame_labels: vec![1, 2],
            inner_labels: vec![1, 2],
            rotate,
            centre_hint: false,
        };
        let mut puzzle = tiles(&mut Rng::new(seed), &spec);
        if seed > 2 {
            puzzle.fixes.push(Fix { piece: 2, row: 1, col: 3, rotation: None });
        }
        for compact in [false, true] {
            let enc = puzzle.encode_as(compact, Orbits::Every, &halt).unwrap();
            // One option per cell, of the first type with a copy left
            // (not a solution: decode only hands out the tiles).
            let n = puzzle.rows * puzzle.cols;
            // The hinted cells first: their tiles are theirs.
            let hinted = |c: usize| puzzle.fixes.iter().any(|f| f.row * puzzle.cols + f.col == c);
            let mut cells: Vec<usize> = (0..n).collect();
            cells.sort_by_key(|&c| !hinted(c));
            let chosen = crate::puzzles::compact_tests::hand_out_tiles(&enc.problem, n, cells);
            if chosen.len() < n {
                continue;
            }
            checked += 1;
            let got = enc.decode(&puzzle, &chosen);
            let mut want = vec![usize::MAX; n];
            let mut used = vec![false; puzzle.tiles.len()];
            for f in &puzzle.fixes {
                (want[f.row * puzzle.cols + f.col], used[f.piece]) = (f.piece, true);
            }
            for (cell, slot) in want.iter_mut().enumerate() {
                if *slot != usize::MAX {
                    continue;
                }
                let shown = canonical(got.grid[cell], rotate);
                let i = (0..puzzle.tiles.len()).find(|&i| !used[i] && canonical(puzzle.tiles[i], rotate) == shown);
                (*slot, used[i.expect("a tile")]) = (i.unwrap(), true);
            }
            for (i, p) in got.placements.iter().enumerate() {
                assert_eq!(want[p.row * puzzle.cols + p.col], i, "seed {seed}, compact {compact}");
                assert_eq!(super::rotate(puzzle.tiles[i], p.rotation), got.grid[p.row * puzzle.cols + p.col]);
            }
        }
    }
    assert_eq!(checked, 8, "boards checked");
}

#[test]
fn symmetric_tiles_have_fewer_orientations() {
    for (tile, count) in [([1, 1, 1, 1], 1), ([1, 2, 1, 2], 2), ([1, 2, 3, 4], 4), ([1, 1, 2, 2], 4)] {
        assert_eq!(orientations(tile, true).len(), count);
        assert_eq!(orientation_count(tile, true), count);
        assert_eq!(canonical(tile, true), orientations(tile, true).into_iter().map(|(_, l)| l).min().unwrap());
        assert_eq!((orientation_count(tile, false), canonical(tile, false)), (1, tile));
    }
}

/// The table of labels numbers the colours as the scan and the hashing
/// do (in the order first asked for), on many types with labels of both
/// signs, asked for in a random order.
#[test]
fn the_table_of_labels_numbers_colours_as_the_scan() {
    let mut rng = crate::rng::Rng::new(9);
    for case in 0..50 {
        let types = SideColours::SCANNED + 1 + rng.below(100);
        let wide = 1 + rng.below([10, 100, 3000][case % 3]) as i32;
        let mut label = || rng.below(2 * wide as usize + 1) as i32 - wide;
        let mut orients = Jagged::new();
        (0..types).for_each(|_| orients.push_row([(0, [label(), label(), label(), label()])]));
        let mut table = SideColours::new_in(&orients, Vec::new(), Vec::new());
        assert!(!table.table.is_empty(), "case {case}: the table is used");
        let mut scan = SideColours::new_in(&orients, Vec::new(), Vec::new());
        (scan.table, scan.reach) = (Vec::new(), 0);
        for _ in 0..4 * types {
            let (t, d) = (rng.below(types), rng.below(4));
            let l = orients.row(t)[0].1[d];
            let l = if rng.below(2) == 0 { l } else { -l };
            assert_eq!(table.of(t, 0, d, l), scan.of(t, 0, d, l), "case {case}");
        }
    }
}

/// A count that keeps the same share of each orbit of the board's turns
/// ([`Orbits::Counted`]), multiplied back by its factor, is the count of
/// every solution: planted boards of 1x2 to 4x4 cells whose tiles turn,
/// square and oblong, Tetravex and jigsaw edges, with and without a
/// border label, many with twin tiles (few labels). Both factors occur,
/// and the kept share is a smaller tree.
#[test]
fn a_count_by_orbits_times_its_factor_counts_every_solution() {
    use crate::engine::{solve, SearchConfig};
    use crate::generate::{tiles, Rng, TileSpec};
    let config = SearchConfig { threads: 1, ..SearchConfig::count() };
    let mut rng = Rng::new(31);
    let (mut factors, mut smaller) = ([0; 5], 0);
    for seed in 0..240 {
        let (rows, cols) = (1 + rng.below(4), 1 + rng.below(4));
        let edges = seed % 3 == 0;
        let spec = TileSpec {
            rows,
            cols,
            rule: if edges { Rule::Complement } else { Rule::Equal },
            border: if edges || seed % 3 == 1 { Border::Label(0) } else { Border::Free },
            frame_labels: (1..=1 + rng.below(2) as i32).collect(),
            inner_labels: (1..=1 + rng.below(3) as i32).collect(),
            rotate: true,
            centre_hint: false,
        };
        let puzzle = tiles(&mut Rng::new(seed), &spec);
        if puzzle.check().is_err() {
            continue;
        }
        let count = |orbits| {
            let e = puzzle.encode(&Halt::NEVER, orbits).unwrap();
            let outcome = solve(&e.problem, &config, None);
            assert!(outcome.complete);
            (outcome.solutions.times(e.count_factor()), e.count_factor(), outcome.stats.nodes)
        };
        let (every, one, every_nodes) = count(Orbits::Every);
        let (kept, factor, kept_nodes) = count(Orbits::Counted);
        assert_eq!(kept, every, "{puzzle:?}");
        assert!(!every.is_zero(), "a planted board has a solution");
        assert_eq!(one, 1, "every solution kept: no factor");
        factors[factor as usize] += 1;
        smaller += usize::from(kept_nodes < every_nodes);
    }
    assert!(factors[2] >= 20 && factors[4] >= 20, "factors seen: {factors:?}");
    assert!(smaller >= 40, "only {smaller} smaller trees");
}
