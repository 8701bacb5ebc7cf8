//! Engine tests: hand-made models and a brute-force cross-check.

use crate::engine::backends::{rowscan, shape};
use crate::engine::*;
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, RngSeed};
use std::ops::ControlFlow;
use std::sync::Mutex;

/// A small random XCC model with multiplicities, as plain data.
#[derive(Clone, Debug)]
#[allow(clippy::type_complexity)]
pub(super) struct Model {
    mult: Vec<u32>,
    n_sec: usize,
    options: Vec<(Vec<usize>, Vec<(usize, u32)>)>,
}

impl Model {
    pub(super) fn build(&self) -> Problem {
        self.builder().build().unwrap()
    }

    /// The builder of [`Model::build`], every item and option added.
    pub(super) fn builder(&self) -> ProblemBuilder {
        let mut b = ProblemBuilder::new();
        let p: Vec<_> = self.mult.iter().map(|&m| b.primary(m)).collect();
        let s: Vec<_> = (0..self.n_sec).map(|_| b.secondary()).collect();
        for (prim, sec) in &self.options {
            let prim: Vec<_> = prim.iter().map(|&i| p[i]).collect();
            let sec: Vec<_> = sec.iter().map(|&(j, c)| (s[j], c)).collect();
            b.option(&prim, &sec);
        }
        b
    }

    /// Counts solutions by trying every subset of options.
    fn brute_count(&self) -> u64 {
        let n = self.options.len();
        assert!(n <= 20);
        (0u32..(1 << n))
            .filter(|mask| {
                let chosen: Vec<usize> = (0..n).filter(|o| mask >> o & 1 == 1).collect();
                self.is_solution(&chosen)
            })
            .count() as u64
    }
}

// ---------------------------------------------------------------------------
// Random models, as proptest strategies: a failing case is shrunk to a
// minimal model (fewer options, items and colours) before it is reported.
// The seed is fixed, so every run tests the same cases.

/// proptest's configuration for the cross-checks: `cases` cases from a
/// fixed seed, nothing written to disk.
pub(super) fn cases(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x7e55_e7a0),
        max_shrink_iters: 4096,
        ..ProptestConfig::default()
    }
}

/// A multiplicity: mostly 1, sometimes 2 or 3.
fn multiplicity() -> impl Strategy<Value = u32> {
    prop_oneof![8 => Just(1u32), 3 => Just(2), 1 => Just(3)]
}

/// A small XCC model with multiplicities: 1-5 primary items, 0-2
/// secondary items, 1-16 options; each option takes each primary item
/// with probability 1/3 (at least one) and each secondary item with
/// probability 1/2, in colour 0 (exclusive), 1 or 2.
pub(super) fn model() -> impl Strategy<Value = Model> {
    (1usize..=5, 0usize..3)
        .prop_flat_map(|(np, ns)| {
            let option = (
                prop::collection::vec(prop::bool::weighted(1.0 / 3.0), np),
                0..np,
                prop::collection::vec(prop::option::of(0u32..3), ns),
            );
            (prop::collection::vec(multiplicity(), np), Just(ns), prop::collection::vec(option, 1..=16))
        })
        .prop_map(|(mult, n_sec, opts)| {
            let options = opts
                .into_iter()
                .map(|(take, fallback, colours)| {
                    let mut prim: Vec<usize> = (0..take.len()).filter(|&i| take[i]).collect();
                    if prim.is_empty() {
                        prim.push(fallback);
                    }
                    let sec = colours.iter().enumerate().filter_map(|(j, c)| c.map(|c| (j, c))).collect();
                    (prim, sec)
                })
                .collect();
            Model { mult, n_sec, options }
        })
}

/// A model without colours, so that the bitset backend applies: at most
/// one item of multiplicity above 1 per option, and at least one of
/// multiplicity 1.
pub(super) fn plain_model() -> impl Strategy<Value = Model> {
    model().prop_map(|mut m| {
        m.n_sec = 0;
        for (prim, sec) in &mut m.options {
            sec.clear();
            let mut seen_multi = false;
            prim.retain(|&i| m.mult[i] == 1 || !std::mem::replace(&mut seen_multi, true));
            if !prim.iter().any(|&i| m.mult[i] == 1) {
                if let Some(i) = (0..m.mult.len()).find(|&i| m.mult[i] == 1) {
                    prim.push(i);
                }
            }
        }
        m
    })
}

/// A slot/piece model with colours, so that the assignment backend
/// applies: 1-4 slots and 1-3 pieces (every one named by an option) whose
/// copies add up to the slots, 1-3 secondary items; each option names a
/// slot (first) and a piece, and colours each secondary item 1 or 2 with
/// probability 1/2.
fn assign_model() -> impl Strategy<Value = Model> {
    (1usize..=4, 1usize..=3, 1usize..=3)
        .prop_flat_map(|(slots, pieces, n_sec)| {
            let option = (0..slots, 0..pieces, prop::collection::vec(prop::option::of(1u32..=2), n_sec));
            let cuts = prop::collection::vec(0..=slots, pieces - 1);
            let n_opt = slots.max(pieces);
            (Just((slots, n_sec)), cuts, prop::collection::vec(option, n_opt..=n_opt + 10))
        })
        .prop_map(|((slots, n_sec), mut cuts, opts)| {
            // Copies: the gaps between sorted cut points in 0..=slots.
            cuts.sort_unstable();
            let bounds: Vec<usize> = std::iter::once(0).chain(cuts).chain(std::iter::once(slots)).collect();
            let mut mult: Vec<u32> = vec![1; slots];
            mult.extend(bounds.windows(2).map(|w| (w[1] - w[0]) as u32));
            let options = opts
                .into_iter()
                .enumerate()
                .map(|(k, (s, p, colours))| {
                    // The first options name every slot and every piece.
                    let s = if k < slots { k } else { s };
                    let p = if k < mult.len() - slots { k } else { p };
                    let sec = colours.iter().enumerate().filter_map(|(j, c)| c.map(|c| (j, c))).collect();
                    (vec![s, slots + p], sec)
                })
                .collect();
            Model { mult, n_sec, options }
        })
}

/// A slot/piece model whose slots are uniform (every option of a slot
/// colours the same secondary items), so that the row scan applies: each
/// option takes the items of its slot's first option, keeping its own
/// colour where it has one (else colour 1).
fn row_model() -> impl Strategy<Value = Model> {
    assign_model().prop_map(|mut model| {
        let mut signature: std::collections::HashMap<usize, Vec<usize>> = std::collections::HashMap::new();
        for (prims, sec) in &mut model.options {
            let sig = signature.entry(prims[0]).or_insert_with(|| sec.iter().map(|&(j, _)| j).collect()).clone();
            let own = sec.clone();
            *sec = sig.into_iter().map(|j| (j, own.iter().find(|&&(i, _)| i == j).map_or(1, |&(_, c)| c))).collect();
        }
        model
    })
}

/// A tiny deterministic generator (xorshift) for the planted tile boards.
pub(super) struct Rng(pub(super) u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn count_with(problem: &Problem, threads: usize) -> Outcome {
    let config = SearchConfig { threads, ..SearchConfig::count() };
    let outcome = solve(problem, &config, None);
    let general = SearchConfig { threads, backend: BackendChoice::General, ..SearchConfig::count() };
    assert_eq!(solve(problem, &general, None).solutions, outcome.solutions, "backends disagree");
    outcome
}

/// The sum of the counts of the `n` shards of a split, on `backend`.
fn shard_total(problem: &Problem, backend: BackendChoice, n: u32) -> u64 {
    (0..n)
        .map(|index| {
            let shard = Some(Shard { index, count: n });
            solve(problem, &SearchConfig { shard, backend, ..SearchConfig::count() }, None).solutions.saturating_u64()
        })
        .sum()
}

proptest! {
    #![proptest_config(cases(600))]

    #[test]
    fn bitset_backend_counts_match_brute_force(model in plain_model()) {
        let problem = model.build();
        prop_assume!(bitset::layout(&problem).is_some());
        let expected = model.brute_count();
        for threads in [1, 2] {
            let outcome = count_with(&problem, threads);
            prop_assert_eq!(outcome.stats.backend, Some(BackendKind::Bitset));
            prop_assert_eq!(outcome.solutions, expected);
        }
        for n in [2u32, 3] {
            prop_assert_eq!(shard_total(&problem, BackendChoice::Auto, n), expected);
        }
    }

    #[test]
    fn assign_backend_counts_match_brute_force(model in assign_model()) {
        let problem = model.build();
        prop_assert!(assign_applies(&problem));
        let expected = model.brute_count();
        for threads in [1, 2] {
            let config = SearchConfig { threads, backend: BackendChoice::Assign, ..SearchConfig::count() };
            let outcome = solve(&problem, &config, None);
            prop_assert_eq!(outcome.stats.backend, Some(BackendKind::Assign));
            prop_assert_eq!(outcome.solutions, expected);
        }
        prop_assert_eq!(shard_total(&problem, BackendChoice::Assign, 3), expected);
    }

    #[test]
    fn row_scan_counts_match_brute_force(model in row_model()) {
        let problem = model.build();
        prop_assert!(rows_apply(&problem) && assign_applies(&problem));
        let expected = model.brute_count();
        for backend in [BackendChoice::RowScan, BackendChoice::Assign, BackendChoice::Auto] {
            for threads in [1, 2] {
                let config = SearchConfig { threads, backend, ..SearchConfig::count() };
                let outcome = solve(&problem, &config, None);
                prop_assert_eq!(&outcome.solutions, &expected, "{:?}", backend);
                if backend == BackendChoice::RowScan {
                    prop_assert_eq!(outcome.stats.backend, Some(BackendKind::RowScan));
                }
            }
        }
        let first = SearchConfig { backend: BackendChoice::RowScan, ..SearchConfig::first() };
        prop_assert_eq!(solve(&problem, &first, None).solutions, expected.min(1));
        prop_assert_eq!(shard_total(&problem, BackendChoice::RowScan, 3), expected);
    }
}

proptest! {
    #![proptest_config(cases(1000))]

    #[test]
    fn counts_match_brute_force(model in model()) {
        let problem = model.build();
        let expected = model.brute_count();
        for threads in [1, 3] {
            let outcome = count_with(&problem, threads);
            prop_assert!(outcome.complete);
            prop_assert_eq!(outcome.solutions, expected, "threads {}", threads);
        }
    }
}

proptest! {
    #![proptest_config(cases(300))]

    #[test]
    fn every_visited_solution_is_an_exact_cover(model in model()) {
        let problem = model.build();
        let seen = Mutex::new(Vec::new());
        let visit = |sol: &[usize]| {
            assert!(problem.is_solution(sol), "not a solution: {sol:?}");
            let mut s = sol.to_vec();
            s.sort();
            seen.lock().unwrap().push(s);
            ControlFlow::Continue(())
        };
        let outcome = solve(&problem, &SearchConfig::all(None), Some(&visit));
        let mut seen = seen.into_inner().unwrap();
        prop_assert_eq!(outcome.solutions, seen.len() as u64);
        seen.sort();
        seen.dedup();
        prop_assert_eq!(seen.len() as u64, model.brute_count(), "duplicate solutions");
    }

    #[test]
    fn shards_partition_the_tree(model in model()) {
        let problem = model.build();
        let expected = model.brute_count();
        for n in [1u32, 2, 3, 7] {
            let total: u64 = (0..n)
                .map(|index| {
                    let config =
                        SearchConfig { shard: Some(Shard { index, count: n }), threads: 2, ..SearchConfig::count() };
                    solve(&problem, &config, None).solutions.saturating_u64()
                })
                .sum();
            prop_assert_eq!(total, expected, "{} shards", n);
        }
    }

    /// A plan file's subtrees (the deep plan: cut, counted, split where
    /// too large) are disjoint, and together they hold every solution
    /// once: no path is a prefix of another, and the shards' counts add up
    /// to the brute-force count.
    #[test]
    fn deep_plans_partition_the_tree(model in model()) {
        let problem = model.build();
        let expected = model.brute_count();
        for n in [1u32, 2, 3, 7] {
            let plan = deep_plan(&problem, n, &SearchConfig::count());
            let Some(split) = plan.split.map(std::sync::Arc::new) else {
                // No tree to cut: the case was decided before any search.
                prop_assert!(plan.backend.is_none(), "{} shards: a backend but no split", n);
                continue;
            };
            for (i, a) in split.tickets.iter().enumerate() {
                for b in &split.tickets[i + 1..] {
                    let shorter = a.path.len().min(b.path.len());
                    prop_assert!(a.path[..shorter] != b.path[..shorter], "{} shards: {:?} overlaps {:?}", n, a.path, b.path);
                }
            }
            let total: u64 = (0..n)
                .map(|index| {
                    let config = SearchConfig {
                        shard: Some(Shard { index, count: n }),
                        split: Some(split.clone()),
                        ..SearchConfig::count()
                    };
                    solve(&problem, &config, None).solutions.saturating_u64()
                })
                .sum();
            prop_assert_eq!(total, expected, "{} shards", n);
        }
    }

    #[test]
    fn first_solution_does_not_depend_on_threads(model in model()) {
        let problem = model.build();
        let found = |threads| {
            let got = Mutex::new(None);
            let visit = |sol: &[usize]| {
                *got.lock().unwrap() = Some(sol.to_vec());
                ControlFlow::Continue(())
            };
            let config = SearchConfig { threads, ..SearchConfig::first() };
            let outcome = solve(&problem, &config, Some(&visit));
            assert_eq!(outcome.solutions, u64::from(got.lock().unwrap().is_some()));
            got.into_inner().unwrap()
        };
        prop_assert_eq!(found(1), found(4));
    }
}

#[test]
fn node_budget_stops_the_search() {
    // 8 cells in a row and dominoes and monominoes: many tilings.
    let mut b = ProblemBuilder::new();
    let cells: Vec<_> = (0..16).map(|_| b.primary(1)).collect();
    for i in 0..16 {
        b.option(&[cells[i]], &[]);
        if i + 1 < 16 {
            b.option(&[cells[i], cells[i + 1]], &[]);
        }
    }
    let problem = b.build().unwrap();
    let full = count_with(&problem, 1);
    assert_eq!(full.solutions, 1597); // Fibonacci(17)
    let budget = full.stats.nodes / 2;
    let config = SearchConfig { max_nodes: Some(budget), ..SearchConfig::count() };
    let cut = solve(&problem, &config, None);
    assert_eq!(cut.stats.nodes, budget, "the budget is exact");
    assert!(!cut.complete);
    assert_eq!(cut.stopped, Some(StopReason::Nodes));
    assert!(cut.solutions < full.solutions);
}

#[test]
fn model_errors_are_reported() {
    let mut b = ProblemBuilder::new();
    let a = b.primary(1);
    b.option(&[a, a], &[]);
    assert_eq!(b.build().unwrap_err(), ModelError::RepeatedItem(0));
    let mut b = ProblemBuilder::new();
    let x = b.secondary();
    b.option(&[], &[(x, 1)]);
    assert_eq!(b.build().unwrap_err(), ModelError::NoPrimary(0));
}

/// A builder in a recycled problem's arrays finds what a new one finds:
/// the same errors (a repeated item in a small problem and in one of
/// more than 64 items, a repeated secondary item, an unknown item), and
/// the same problem.
#[test]
fn a_recycled_builder_builds_as_a_new_one() {
    let mut old = dominoes(3, 4);
    let models: [&dyn Fn(&mut ProblemBuilder); 5] = [
        &|b| {
            let a = b.primary(1);
            b.option(&[a, a], &[]);
        },
        &|b| {
            let p: Vec<_> = (0..70).map(|_| b.primary(1)).collect();
            b.option(&p[..10], &[]);
            b.option(&[p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[2]], &[]);
        },
        &|b| {
            let (a, x) = (b.primary(1), b.secondary());
            b.option(&[a], &[(x, 1), (x, 1)]);
        },
        &|b| {
            let (a, x) = (b.primary(1), b.secondary());
            b.option(&[a], &[(x, 2), (Secondary(7), 1)]);
        },
        &|b| {
            let (a, c, x) = (b.primary(2), b.primary(1), b.secondary());
            b.option(&[a, c], &[(x, 1)]);
            b.option(&[a], &[(x, 1)]);
        },
    ];
    for model in models {
        let mut new = ProblemBuilder::new();
        model(&mut new);
        let mut again = ProblemBuilder::recycle(&mut old);
        model(&mut again);
        match (new.build(), again.build()) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a.fingerprint(), b.fingerprint());
                old = b;
            }
            (a, b) => assert_eq!(a.map(|_| ()), b.map(|_| ())),
        }
    }
    assert_eq!(count_with(&old, 1).solutions, 1, "the last model, built in recycled arrays");
}

impl Model {
    /// Whether `chosen` (option indices) is a solution: every primary item
    /// covered its multiplicity of times, every secondary item one colour.
    pub(super) fn is_solution(&self, chosen: &[usize]) -> bool {
        let mut cover = vec![0u32; self.mult.len()];
        let mut colour: Vec<Option<u32>> = vec![None; self.n_sec];
        for &o in chosen {
            for &i in &self.options[o].0 {
                cover[i] += 1;
            }
            for &(j, c) in &self.options[o].1 {
                match colour[j] {
                    None => colour[j] = Some(c),
                    Some(prev) if prev == c && c != 0 => {}
                    _ => return false,
                }
            }
        }
        cover == self.mult
    }
}

/// The joins around cell (r, c) of a `rows x cols` board, top, right,
/// bottom, left (none on the outline): horizontal joins (r, c)-(r, c+1)
/// are numbered first, then vertical ones (r, c)-(r+1, c).
fn cell_joins(rows: usize, cols: usize, r: usize, c: usize) -> [Option<usize>; 4] {
    let h = |r: usize, c: usize| r * (cols - 1) + c;
    let v = |r: usize, c: usize| rows * (cols - 1) + r * cols + c;
    [
        (r > 0).then(|| v(r - 1, c)),
        (c + 1 < cols).then(|| h(r, c)),
        (r + 1 < rows).then(|| v(r, c)),
        (c > 0).then(|| h(r, c - 1)),
    ]
}

/// A Tetravex-like model: an `n` x `n` board cut from a random planted
/// board with `labels` labels (so it has a solution), each tile turned
/// at random and allowed every turn when `rotate`; with `break_one`, one
/// side of one tile is relabelled, which often leaves no solution.
pub(super) fn tile_model(rng: &mut Rng, n: usize, labels: u64, rotate: bool, break_one: bool) -> Model {
    let cells = n * n;
    let n_sec = 2 * n * (n - 1);
    let colour: Vec<u32> = (0..n_sec).map(|_| 1 + rng.below(labels) as u32).collect();
    // Each tile's sides (top, right, bottom, left) as (join, label) or none.
    let mut tiles: Vec<[u32; 4]> = Vec::new();
    for r in 0..n {
        for c in 0..n {
            tiles.push(cell_joins(n, n, r, c).map(|j| j.map_or(0, |j| colour[j])));
        }
    }
    if break_one {
        let t = rng.below(cells as u64) as usize;
        let s = rng.below(4) as usize;
        tiles[t][s] = 1 + (tiles[t][s] % labels as u32);
    }
    // Shuffle the tiles and turn them.
    for i in (1..cells).rev() {
        tiles.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for t in &mut tiles {
        t.rotate_left(rng.below(if rotate { 4 } else { 1 }) as usize);
    }
    let mut options = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let joins = cell_joins(n, n, r, c);
            for (p, tile) in tiles.iter().enumerate() {
                for turn in 0..if rotate { 4 } else { 1 } {
                    let mut t = *tile;
                    t.rotate_right(turn);
                    // Outer sides carry label 0 (a border): only tiles that fit.
                    if (0..4).any(|k| joins[k].is_none() != (t[k] == 0)) {
                        continue;
                    }
                    let sec = (0..4).filter_map(|k| joins[k].map(|j| (j, t[k]))).collect();
                    options.push((vec![r * n + c, cells + p], sec));
                }
            }
        }
    }
    Model { mult: vec![1; 2 * cells], n_sec, options }
}

/// A Tetravex board of `rows x cols` cells without turning and with free
/// outer sides: `tiles` given as (top, right, bottom, left) labels, one
/// copy each; joins horizontal first, then vertical.
pub(super) fn tetravex(rows: usize, cols: usize, tiles: &[[u32; 4]]) -> Model {
    let cells = rows * cols;
    let mut options = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let joins = cell_joins(rows, cols, r, c);
            for (p, t) in tiles.iter().enumerate() {
                let sec = (0..4).filter_map(|k| joins[k].map(|j| (j, t[k]))).collect();
                options.push((vec![r * cols + c, cells + p], sec));
            }
        }
    }
    Model { mult: vec![1; 2 * cells], n_sec: rows * (cols - 1) + (rows - 1) * cols, options }
}

/// Random Tetravex tiles: planted (cut from a random board, so there is
/// a solution) or not, with `labels` labels.
pub(super) fn tetravex_tiles(rng: &mut Rng, rows: usize, cols: usize, labels: u64, planted: bool) -> Vec<[u32; 4]> {
    let mut label = || 1 + rng.below(labels) as u32;
    let mut tiles: Vec<[u32; 4]> = (0..rows * cols).map(|_| [label(), label(), label(), label()]).collect();
    if planted {
        for r in 0..rows {
            for c in 0..cols {
                if c > 0 {
                    tiles[r * cols + c][3] = tiles[r * cols + c - 1][1];
                }
                if r > 0 {
                    tiles[r * cols + c][0] = tiles[(r - 1) * cols + c][2];
                }
            }
        }
        for i in (1..tiles.len()).rev() {
            tiles.swap(i, rng.below(i as u64 + 1) as usize);
        }
    }
    tiles
}

proptest! {
    #![proptest_config(cases(120))]

    /// The colour balance prunes in the row scan and the assignment
    /// backend (Tetravex boards have two kinds of joins; framed boards
    /// add pieces that only fit the border; turning tiles have none):
    /// counts, with and without the
    /// memo, equal the general backend's, which has no balance.
    #[test]
    fn balance_keeps_tile_counts(seed in any::<u64>(), rows in 1usize..=3, cols in 2usize..=3, labels in 1u64..=3, kind in 0u8..3) {
        let mut rng = Rng(seed | 1);
        let model = match kind {
            0 => tetravex(rows, cols, &tetravex_tiles(&mut rng, rows, cols, labels, true)),
            1 => tetravex(rows, cols, &tetravex_tiles(&mut rng, rows, cols, labels, false)),
            _ => tile_model(&mut rng, cols.min(3), labels, seed % 3 == 0, seed % 2 == 0),
        };
        let problem = model.build();
        let general = SearchConfig { threads: 1, backend: BackendChoice::General, ..SearchConfig::count() };
        let expected = solve(&problem, &general, None).solutions;
        for backend in [BackendChoice::RowScan, BackendChoice::Assign] {
            for memo in [MemoChoice::Off, MemoChoice::On] {
                let config = SearchConfig { threads: 1, backend, memo, ..SearchConfig::count() };
                prop_assert_eq!(&solve(&problem, &config, None).solutions, &expected, "{:?} {:?}", backend, memo);
            }
        }
    }
}

/// The balance of `model`'s problem.
fn balance_of(model: &Model) -> Option<crate::engine::backends::balance::Balance> {
    let problem = model.build();
    let never = &crate::engine::search::halt::Halt::NEVER;
    let shape = crate::engine::backends::shape::SlotPieces::of(&problem, never).unwrap().unwrap();
    crate::engine::backends::balance::Balance::new(&problem, &shape, never).unwrap()
}

#[test]
fn balance_sees_what_no_slot_sees() {
    // A row of three cells: east labels 1, 1, 1 and west labels 2, 2, 2.
    // Each tile fits each cell, but two joins would need a 1 on a west side.
    let row = tetravex(1, 3, &[[1, 1, 1, 2]; 3]);
    let balance = balance_of(&row).unwrap();
    assert_eq!(balance.kinds(), 1, "one row: horizontal joins only");
    assert!(!balance.feasible());
    assert!(balance_of(&tetravex(1, 3, &[[1, 1, 1, 1]; 3])).unwrap().feasible());
    // A grid has two kinds.
    let grid = tetravex(2, 2, &[[1, 2, 3, 1], [1, 1, 2, 2], [3, 3, 1, 1], [2, 1, 1, 3]]);
    assert_eq!(balance_of(&grid).unwrap().kinds(), 2);
    // Turning tiles: none (a 3x3 framed board, its centre tile turns).
    assert!(balance_of(&tile_model(&mut Rng(7), 3, 3, true, false)).is_none());
}

/// Runs a first-solution search and returns its outcome and solution.
fn first_solution(problem: &Problem, config: &SearchConfig) -> (Outcome, Option<Vec<usize>>) {
    let found = Mutex::new(None);
    let visit = |s: &[usize]| {
        *found.lock().unwrap() = Some(s.to_vec());
        ControlFlow::Continue(())
    };
    let outcome = solve(problem, config, Some(&visit));
    (outcome, found.into_inner().unwrap())
}

#[test]
fn restarts_and_portfolios_keep_verdicts() {
    // In the test build a restart's unit is 16 nodes, so these boards
    // restart many times; the verdicts must equal the general backend's,
    // every solution must be one, and every "no solution" complete.
    // With 2 threads, 4x4 boards expected to have at most one solution
    // (`tuning::MIRROR_SOLUTIONS`) run the mirror member (P7), the others a
    // restarting one; with 3, both. The 3x3 boards are small enough
    // (`tuning::SPLIT_MAX_SLOTS`) to be split between the threads instead.
    let mut rng = Rng(0x7e57_ab1e);
    let (mut restarted, mut unsolvable, mut mirrored) = (0, 0, 0);
    for case in 0..48 {
        let n = 3 + case % 2;
        let labels = 2 + rng.below(3);
        let model = tile_model(&mut rng, n, labels, case % 3 == 0, case % 4 == 1);
        let problem = model.build();
        let general = SearchConfig { backend: BackendChoice::General, ..SearchConfig::first() };
        let expected = solve(&problem, &general, None).solutions;
        unsolvable += u64::from(expected == 0);
        mirrored += u64::from(ln_expected_solutions(&problem) <= tuning::MIRROR_SOLUTIONS.ln());
        for threads in [1, 2, 3] {
            for seed in [0, 99] {
                let config = SearchConfig { threads, seed, backend: BackendChoice::Assign, ..SearchConfig::first() };
                let (outcome, sol) = first_solution(&problem, &config);
                assert_eq!(outcome.solutions, expected, "case {case}, {threads} threads, seed {seed}");
                assert_eq!(sol.is_some(), expected == 1);
                if let Some(sol) = sol {
                    assert!(model.is_solution(&sol), "case {case}: not a solution");
                } else {
                    assert!(outcome.complete, "case {case}: no solution, but not proved");
                }
                restarted += outcome.stats.restarts;
            }
        }
    }
    assert!(restarted > 100, "only {restarted} restarts");
    assert!(unsolvable > 3, "only {unsolvable} boards without a solution");
    assert!((5..=43).contains(&mirrored), "{mirrored} of 48 boards mirrored: both kinds must run");
}

/// The assignment backend's first moment of `pb`'s solutions.
fn ln_expected_solutions(pb: &Problem) -> f64 {
    use crate::engine::backends::Backend;
    let shape = shape::SlotPieces::of(pb, &Halt::NEVER).unwrap().unwrap();
    let assign = assign::Assign::new(pb, &shape, &Halt::NEVER).unwrap();
    assign.ln_expected_solutions().unwrap()
}

#[test]
fn restarts_repeat_with_the_same_seed() {
    let mut rng = Rng(0x5eed);
    let mut differ = false;
    for _ in 0..8 {
        let problem = tile_model(&mut rng, 5, 3, true, false).build();
        let run = |seed| {
            let config = SearchConfig { threads: 1, seed, backend: BackendChoice::Assign, ..SearchConfig::first() };
            first_solution(&problem, &config)
        };
        let (a, sa) = run(5);
        let (b, sb) = run(5);
        assert_eq!((a.stats.nodes, a.stats.restarts, sa), (b.stats.nodes, b.stats.restarts, sb));
        differ |= run(6).0.stats.nodes != a.stats.nodes;
    }
    assert!(differ, "the seed never changed a run");
}

#[test]
fn a_node_budget_counts_every_restart() {
    let mut rng = Rng(0xb0d9e7);
    for _ in 0..8 {
        let problem = tile_model(&mut rng, 4, 2, true, true).build();
        let config = SearchConfig { max_nodes: Some(200), backend: BackendChoice::Assign, ..SearchConfig::first() };
        let outcome = solve(&problem, &config, None);
        assert!(outcome.stats.nodes <= 200, "{} nodes", outcome.stats.nodes);
        if outcome.solutions == 0 && !outcome.complete {
            assert_eq!(outcome.stopped, Some(StopReason::Nodes));
        }
    }
}

// ---------------------------------------------------------------------------
// Memoised counts.

/// The count of `problem` with the memo forced on or off, `threads`
/// threads, optionally one shard of a split, and a memo cap in MiB.
fn memo_count(problem: &Problem, backend: BackendChoice, memo: MemoChoice, threads: usize, shards: u32) -> (u64, bool) {
    let mut total = Count::ZERO;
    let mut memoised = false;
    for index in 0..shards {
        let shard = (shards > 1).then_some(Shard { index, count: shards });
        let config = SearchConfig { threads, backend, memo, shard, memo_mb: Some(1), ..SearchConfig::count() };
        let outcome = solve(problem, &config, None);
        assert!(outcome.complete);
        memoised |= outcome.stats.memo.is_some();
        total += &outcome.solutions;
    }
    (total.to_u64().unwrap(), memoised)
}

/// Checks the memoised count of a model on `backend` against brute force
/// (with 1 and 2 threads, over shards) and against the plain count.
fn check_memo(model: &Model, backend: BackendChoice) -> Result<(), TestCaseError> {
    let problem = model.build();
    let expected = model.brute_count();
    for (threads, shards) in [(1, 1), (2, 1), (1, 3), (2, 2)] {
        let (got, memoised) = memo_count(&problem, backend, MemoChoice::On, threads, shards);
        prop_assert_eq!(got, expected, "threads {}, shards {}", threads, shards);
        prop_assert!(memoised);
    }
    let (plain, memoised) = memo_count(&problem, backend, MemoChoice::Off, 1, 1);
    prop_assert_eq!(plain, expected);
    prop_assert!(!memoised);
    Ok(())
}

proptest! {
    #![proptest_config(cases(600))]

    // Bitset models (packing) and row-scan models (tile puzzles), with the
    // memo on: with 1 and 2 threads, and over the shards of a split.
    #[test]
    fn memoised_bitset_counts_match_brute_force(model in plain_model()) {
        prop_assume!(bitset::layout(&model.build()).is_some());
        check_memo(&model, BackendChoice::Auto)?;
    }

    #[test]
    fn memoised_row_scan_counts_match_brute_force(model in row_model()) {
        check_memo(&model, BackendChoice::RowScan)?;
    }
}

/// Domino tilings of an `r` x `c` board as an exact-cover problem: cells in
/// reading order, linked to their neighbours, one piece type with
/// `r c / 2` copies (the memo tests use it too).
pub(super) fn dominoes(r: usize, c: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let cells: Vec<_> = (0..r * c).map(|_| b.primary(1)).collect();
    let piece = b.primary((r * c / 2) as u32);
    for i in 0..r {
        for j in 0..c {
            if j + 1 < c {
                b.link(cells[i * c + j], cells[i * c + j + 1]);
                b.option(&[cells[i * c + j], cells[i * c + j + 1], piece], &[]);
            }
            if i + 1 < r {
                b.link(cells[i * c + j], cells[(i + 1) * c + j]);
                b.option(&[cells[i * c + j], cells[(i + 1) * c + j], piece], &[]);
            }
        }
    }
    b.build().unwrap()
}

/// Domino tilings of an `r` x `c` board by a transfer matrix over column
/// profiles (an independent count): `u128` is enough up to 16 x 16.
fn transfer_matrix_tilings(r: usize, c: usize) -> u128 {
    // ways[mask]: ways to fill the columns so far, `mask` the cells of the
    // next column already covered by horizontal dominoes.
    let mut ways = vec![0u128; 1 << r];
    ways[0] = 1;
    for _ in 0..c {
        let mut next = vec![0u128; 1 << r];
        for (mask, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            // Fill the column row by row: skip covered cells, place a
            // vertical domino, or start a horizontal one.
            let mut stack = vec![(0usize, mask, 0usize)];
            while let Some((row, cur, out)) = stack.pop() {
                if row == r {
                    next[out] += w;
                } else if cur >> row & 1 == 1 {
                    stack.push((row + 1, cur, out));
                } else {
                    stack.push((row + 1, cur | 1 << row, out | 1 << row));
                    if row + 1 < r && cur >> (row + 1) & 1 == 0 {
                        stack.push((row + 2, cur | 3 << row, out));
                    }
                }
            }
        }
        ways = next;
    }
    ways[0]
}

#[test]
fn domino_tilings_beyond_u64() {
    // OEIS A004003: 2n x 2n boards.
    let known =
        [(2, "2"), (4, "36"), (6, "6728"), (8, "12988816"), (10, "258584046368"), (14, "112202208776036178000000")];
    for (n, want) in known {
        assert_eq!(transfer_matrix_tilings(n, n).to_string(), want);
        let problem = dominoes(n, n);
        let config = SearchConfig { threads: 1, memo: MemoChoice::On, ..SearchConfig::count() };
        let outcome = solve(&problem, &config, None);
        assert!(outcome.complete && outcome.stats.memo.is_some());
        assert_eq!(outcome.solutions.to_string(), want, "{n} x {n}");
    }
    // Non-square boards, and the plain enumeration on small ones.
    for (r, c) in [(3, 4), (4, 7), (5, 6), (2, 9)] {
        let want = transfer_matrix_tilings(r, c);
        let problem = dominoes(r, c);
        for memo in [MemoChoice::On, MemoChoice::Off, MemoChoice::Auto] {
            let config = SearchConfig { threads: 2, memo, ..SearchConfig::count() };
            assert_eq!(solve(&problem, &config, None).solutions.to_u128(), Some(want), "{r} x {c}, {memo:?}");
        }
    }
    // The automatic choice memoises 8 x 8 (it pays by far).
    let outcome = solve(&dominoes(8, 8), &SearchConfig { threads: 1, ..SearchConfig::count() }, None);
    assert!(outcome.stats.memo.is_some());
}

#[test]
fn an_interrupted_memoised_count_is_a_lower_bound() {
    let problem = dominoes(10, 10);
    let full = 258_584_046_368u64;
    let mut last = 0;
    for max_nodes in [1, 10, 100, 1000, 5000] {
        let config = SearchConfig { max_nodes: Some(max_nodes), memo: MemoChoice::On, ..SearchConfig::count() };
        let outcome = solve(&problem, &config, None);
        assert!(!outcome.complete);
        assert_eq!(outcome.stopped, Some(StopReason::Nodes));
        assert_eq!(outcome.stats.nodes, max_nodes);
        let got = outcome.solutions.to_u64().unwrap();
        assert!(got < full && got >= last, "{got} after {max_nodes} nodes");
        last = got;
    }
    // The smallest table (a cap of 0 gives 1,024 slots): it starts again
    // when full, and counts stay exact.
    let config = SearchConfig { threads: 1, memo: MemoChoice::On, memo_mb: Some(0), ..SearchConfig::count() };
    let outcome = solve(&dominoes(8, 8), &config, None);
    assert_eq!(outcome.solutions, 12_988_816);
    assert!(outcome.stats.memo.unwrap().clears > 0);
}

/// Whether the assignment backend applies to `pb`.
fn assign_applies(pb: &Problem) -> bool {
    let never = &crate::engine::search::halt::Halt::NEVER;
    crate::engine::backends::shape::SlotPieces::of(pb, never)
        .unwrap()
        .is_some_and(|shape| assign::fits(pb, &shape, never).unwrap())
}

/// Whether the row scan applies to `pb`.
fn rows_apply(pb: &Problem) -> bool {
    use crate::engine::backends::shape::{SlotPieces, UniformSlots};
    let never = &crate::engine::search::halt::Halt::NEVER;
    SlotPieces::of(pb, never).unwrap().is_some_and(|shape| {
        UniformSlots::of(pb, &shape, never)
            .unwrap()
            .is_some_and(|uniform| rowscan::RowScan::<false>::build(pb, &uniform, never).unwrap().is_some())
    })
}
