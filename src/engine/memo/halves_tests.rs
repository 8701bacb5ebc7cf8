//! Tests of counting by meeting in the middle: every cut against plain
//! enumeration on small random tile problems.

use super::plan::Plan;
use super::Halves;
use crate::engine::backends::shape::{SlotPieces, UniformSlots};
use crate::engine::search::halt::Halt;
use crate::engine::{solve, MemoChoice, Monitor, Problem, ProblemBuilder, SearchConfig, StopReason};
use crate::rng::Rng;

/// A random `rows x cols` tile board with `labels` labels (the tiles of a
/// planted solution; with few labels many are identical), turning or not:
/// cells and tile types (with their copies) are primary items, joins
/// secondary.
fn board(rows: usize, cols: usize, labels: u64, turning: bool, seed: u64) -> Problem {
    let mut rng = Rng::new(seed);
    let n = rows * cols;
    let mut l = |_| 1 + (rng.next_u64() % labels) as u32;
    let h: Vec<u32> = (0..rows * (cols + 1)).map(&mut l).collect();
    let v: Vec<u32> = (0..(rows + 1) * cols).map(&mut l).collect();
    // Tile t: (top, right, bottom, left).
    let tiles: Vec<[u32; 4]> = (0..n)
        .map(|t| {
            let (r, c) = (t / cols, t % cols);
            [v[r * cols + c], h[r * (cols + 1) + c + 1], v[(r + 1) * cols + c], h[r * (cols + 1) + c]]
        })
        .collect();
    let canon = |t: [u32; 4]| if turning { (0..4).map(|r| rot(t, r)).min().unwrap() } else { t };
    let mut types: Vec<([u32; 4], u32)> = Vec::new();
    for &t in &tiles {
        let c = canon(t);
        match types.iter_mut().find(|(x, _)| *x == c) {
            Some(e) => e.1 += 1,
            None => types.push((c, 1)),
        }
    }
    let mut b = ProblemBuilder::new();
    let cells: Vec<_> = (0..n).map(|_| b.primary(1)).collect();
    let pieces: Vec<_> = types.iter().map(|&(_, m)| b.primary(m)).collect();
    let hj: Vec<_> = (0..rows * (cols - 1)).map(|_| b.secondary()).collect();
    let vj: Vec<_> = (0..(rows - 1) * cols).map(|_| b.secondary()).collect();
    for (cell, &cell_item) in cells.iter().enumerate() {
        let (r, c) = (cell / cols, cell % cols);
        for (p, &(t, _)) in types.iter().enumerate() {
            let turns = if turning { 4 } else { 1 };
            let mut seen = Vec::new();
            for k in 0..turns {
                let o = rot(t, k);
                if seen.contains(&o) {
                    continue;
                }
                seen.push(o);
                let mut sec = Vec::new();
                if r > 0 {
                    sec.push((vj[(r - 1) * cols + c], o[0]));
                }
                if c + 1 < cols {
                    sec.push((hj[r * (cols - 1) + c], o[1]));
                }
                if r + 1 < rows {
                    sec.push((vj[r * cols + c], o[2]));
                }
                if c > 0 {
                    sec.push((hj[r * (cols - 1) + c - 1], o[3]));
                }
                b.option(&[cell_item, pieces[p]], &sec);
            }
        }
    }
    b.build().unwrap()
}

/// Tile `t` turned `k` quarter turns clockwise.
fn rot(t: [u32; 4], k: usize) -> [u32; 4] {
    let mut o = t;
    o.rotate_right(k % 4);
    o
}

fn halves_of(pb: &Problem) -> Halves {
    let shape = SlotPieces::of(pb, &Halt::NEVER).unwrap().unwrap();
    let uniform = UniformSlots::of(pb, &shape, &Halt::NEVER).unwrap().unwrap();
    Halves::build(pb, &uniform, &Halt::NEVER).unwrap().unwrap()
}

fn plain_count(pb: &Problem) -> u128 {
    let config = SearchConfig { threads: 1, memo: MemoChoice::Off, ..SearchConfig::count() };
    let out = solve(pb, &config, None);
    assert!(out.complete);
    out.solutions.to_u128().unwrap()
}

#[test]
fn every_cut_counts_what_enumeration_counts() {
    let mut checked = 0;
    for seed in 0..24u64 {
        let (rows, cols) = if seed % 2 == 0 { (3, 3) } else { (3, 4) };
        let labels = 2 + seed % 3;
        let turning = seed % 3 == 0;
        let pb = board(rows, cols, labels, turning, seed);
        let want = plain_count(&pb);
        assert!(want > 0, "a planted board has a solution");
        let n = halves_of(&pb).slots();
        for m in 1..n {
            for threads in [1, 2] {
                let config = SearchConfig { threads, ..SearchConfig::count() };
                let out = Plan::at(halves_of(&pb), m).count(&config).expect("fits");
                assert!(out.complete);
                assert_eq!(out.solutions.to_u128(), Some(want), "seed {seed} cut {m} threads {threads}");
                assert!(out.stats.memo.is_some_and(|memo| memo.halves), "named as the halves");
                checked += 1;
            }
        }
    }
    assert!(checked > 300);
}

#[test]
fn the_chosen_cut_counts_too() {
    for seed in 100..110u64 {
        let pb = board(4, 4, 4, false, seed);
        let config = SearchConfig { threads: 2, ..SearchConfig::count() };
        let plan = Plan::decide(halves_of(&pb), &config, &Halt::NEVER).unwrap().expect("a cut fits");
        assert!((1..16).contains(&plan.cut()));
        let out = plan.count(&config).unwrap();
        assert_eq!(out.solutions.to_u128(), Some(plain_count(&pb)), "seed {seed}");
    }
}

#[test]
fn a_table_over_the_cap_stops_the_method_on_any_thread_count() {
    // 5x5, 4 labels: the first half at 12 slots has about 10^5 covers,
    // far more than 1 MiB holds; the workers' tables count against one cap.
    let pb = board(5, 5, 4, false, 7);
    for threads in [1, 2] {
        let config = SearchConfig { threads, memo_mb: Some(1), ..SearchConfig::count() };
        let spent = Plan::at(halves_of(&pb), 12).count(&config).expect_err("over the cap");
        assert!(spent > 0);
    }
}

#[test]
fn keyed_layers_over_the_cap_stop() {
    // 5x5, 2 labels: layers of about 10^5 states, more than 1 MiB holds.
    let pb = board(5, 5, 2, false, 3);
    for threads in [1, 2] {
        let config = SearchConfig { threads, memo_mb: Some(1), ..SearchConfig::count() };
        let spent = Plan::keyed_layers(halves_of(&pb)).unwrap().count(&config).expect_err("over the cap");
        assert!(spent > 0);
    }
}

#[test]
fn a_count_the_choice_may_memoise_is_exact() {
    // 4x4, 2 labels, turning: duplicate tiles, as the memo and the layers
    // see them; whichever the choice runs, the count is exact.
    let pb = board(4, 4, 2, true, 11);
    let config = SearchConfig { threads: 2, ..SearchConfig::count() };
    let out = solve(&pb, &config, None);
    assert_eq!(out.solutions.to_u128(), Some(plain_count(&pb)));
}

/// A strip of `n` slots, joined in a row by joins of one colour, and
/// `types` pieces of `copies` copies each: every arrangement of the
/// multiset is a solution, n! / copies!^types of them.
fn strip(n: usize, types: usize, copies: u32) -> Problem {
    let mut b = ProblemBuilder::new();
    let slots: Vec<_> = (0..n).map(|_| b.primary(1)).collect();
    let pieces: Vec<_> = (0..types).map(|_| b.primary(copies)).collect();
    let joins: Vec<_> = (0..n - 1).map(|_| b.secondary()).collect();
    for (s, &slot) in slots.iter().enumerate() {
        for &piece in &pieces {
            let mut sec = Vec::new();
            if s > 0 {
                sec.push((joins[s - 1], 1));
            }
            if s + 1 < n {
                sec.push((joins[s], 1));
            }
            b.option(&[slot, piece], &sec);
        }
    }
    b.build().unwrap()
}

#[test]
fn both_kinds_of_layers_count_what_enumeration_counts() {
    let mut checked = 0;
    for seed in 200..236u64 {
        let (rows, cols) = [(3, 3), (3, 4), (4, 3), (2, 5)][(seed % 4) as usize];
        let pb = board(rows, cols, 2 + seed % 3, seed % 3 == 0, seed);
        let want = plain_count(&pb);
        for threads in [1, 2, 3] {
            let config = SearchConfig { threads, ..SearchConfig::count() };
            let dense = Plan::layered(halves_of(&pb), &config, f64::INFINITY, &Halt::NEVER).unwrap().expect("a plan");
            assert!(dense.is_dense(), "seed {seed}: two layers fit the cap");
            let keyed = Plan::keyed_layers(halves_of(&pb)).expect("a key fits a word");
            for plan in [dense, keyed] {
                let out = plan.count(&config).expect("fits");
                assert!(out.complete);
                assert_eq!(out.solutions.to_u128(), Some(want), "seed {seed} threads {threads}");
                assert!(out.stats.memo.is_some_and(|memo| memo.layers && memo.states > 0), "named as layers");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 216);
}

#[test]
fn dense_layers_widen_past_32_bits_and_give_up_past_64() {
    // 30 slots, 3 types of 10: 30! / 10!^3 = 5,550,996,791,340 arrangements,
    // past 32 bits from the layers in the middle on.
    let config = SearchConfig { threads: 2, ..SearchConfig::count() };
    let pb = strip(30, 3, 10);
    let plan = Plan::layered(halves_of(&pb), &config, f64::INFINITY, &Halt::NEVER).unwrap().unwrap();
    assert!(plan.is_dense());
    assert_eq!(plan.count(&config).unwrap().solutions.to_u128(), Some(5_550_996_791_340));
    // 40 slots, 5 types of 8: 40! / 8!^5, about 7.7 x 10^24, past 64 bits:
    // the dense layers stop and the engine counts another way.
    let pb = strip(40, 5, 8);
    let plan = Plan::layered(halves_of(&pb), &config, f64::INFINITY, &Halt::NEVER).unwrap().unwrap();
    assert!(plan.is_dense());
    assert!(plan.count(&config).is_err(), "a count past 64 bits");
    let out = solve(&pb, &config, None);
    assert_eq!(out.solutions.to_u128(), Some(7_656_714_453_153_197_981_835_000));
}

#[test]
fn dense_layers_go_where_they_fit_and_pay() {
    let pb = board(4, 4, 2, true, 11);
    let config = SearchConfig { threads: 1, ..SearchConfig::count() };
    assert!(Plan::layered(halves_of(&pb), &config, f64::INFINITY, &Halt::NEVER).unwrap().unwrap().is_dense());
    // Dearer than the row scan's estimate, or over the cap: keyed layers.
    assert!(!Plan::layered(halves_of(&pb), &config, 0.0, &Halt::NEVER).unwrap().unwrap().is_dense());
    let pb = board(5, 5, 2, false, 3);
    let tiny = SearchConfig { memo_mb: Some(1), ..config };
    assert!(!Plan::layered(halves_of(&pb), &tiny, f64::INFINITY, &Halt::NEVER).unwrap().unwrap().is_dense());
}

#[test]
fn both_kinds_of_layers_stop_at_the_budget_the_deadline_and_the_flag() {
    // Ctrl-C's flag already raised, a deadline already past, a budget: the
    // polls of every layer thread stop the count, with the reason.
    let pb = board(5, 5, 2, false, 3);
    for threads in [1, 2] {
        let monitor = Monitor::new();
        monitor.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let stopped = SearchConfig { threads, monitor: Some(monitor), ..SearchConfig::count() };
        let past = SearchConfig { threads, deadline: Some(std::time::Instant::now()), ..SearchConfig::count() };
        let budget = SearchConfig { threads, max_nodes: Some(5000), ..SearchConfig::count() };
        // Making the dense tables stops too.
        for config in [&stopped, &past] {
            assert!(Plan::layered(halves_of(&pb), config, f64::INFINITY, &Halt::of(config)).is_err());
        }
        let cases = [(stopped, StopReason::Interrupted), (past, StopReason::Timeout), (budget, StopReason::Nodes)];
        for (config, reason) in cases {
            let dense = Plan::layered(halves_of(&pb), &config, f64::INFINITY, &Halt::NEVER).unwrap().unwrap();
            assert!(dense.is_dense());
            for plan in [dense, Plan::keyed_layers(halves_of(&pb)).unwrap()] {
                let out = plan.count(&config).unwrap();
                assert_eq!((out.complete, out.stopped), (false, Some(reason)), "{threads} thread(s)");
                assert_eq!(out.solutions.to_u128(), Some(0), "no count before the last layer");
            }
        }
    }
}
