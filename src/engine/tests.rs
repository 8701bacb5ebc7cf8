//! Engine tests: hand-made models and a brute-force cross-check.

use super::*;
use std::ops::ControlFlow;
use std::sync::Mutex;

/// A small random XCC model with multiplicities, as plain data.
#[derive(Clone, Debug)]
#[allow(clippy::type_complexity)]
struct Model {
    mult: Vec<u32>,
    n_sec: usize,
    options: Vec<(Vec<usize>, Vec<(usize, u32)>)>,
}

impl Model {
    fn build(&self) -> Problem {
        let mut b = ProblemBuilder::new();
        let p: Vec<_> = self.mult.iter().map(|&m| b.primary(m)).collect();
        let s: Vec<_> = (0..self.n_sec).map(|_| b.secondary()).collect();
        for (prim, sec) in &self.options {
            let prim: Vec<_> = prim.iter().map(|&i| p[i]).collect();
            let sec: Vec<_> = sec.iter().map(|&(j, c)| (s[j], c)).collect();
            b.option(&prim, &sec);
        }
        b.build().unwrap()
    }

    /// Counts solutions by trying every subset of options.
    fn brute_count(&self) -> u64 {
        let n = self.options.len();
        assert!(n <= 20);
        let mut count = 0;
        'subsets: for mask in 0u32..(1 << n) {
            let mut cover = vec![0u32; self.mult.len()];
            let mut colour: Vec<Option<u32>> = vec![None; self.n_sec];
            for o in 0..n {
                if mask >> o & 1 == 0 {
                    continue;
                }
                for &i in &self.options[o].0 {
                    cover[i] += 1;
                }
                for &(j, c) in &self.options[o].1 {
                    match colour[j] {
                        None => colour[j] = Some(c),
                        Some(prev) if prev == c && c != 0 => {}
                        _ => continue 'subsets,
                    }
                }
            }
            if cover == self.mult {
                count += 1;
            }
        }
        count
    }
}

/// A tiny deterministic generator (xorshift), so the test needs no crate.
struct Rng(u64);
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

fn random_model(rng: &mut Rng) -> Model {
    let np = 1 + rng.below(5) as usize;
    let ns = rng.below(3) as usize;
    let mult = (0..np).map(|_| 1 + (rng.below(4) == 0) as u32 + (rng.below(6) == 0) as u32).collect();
    let n_opt = 1 + rng.below(16) as usize;
    let mut options = Vec::new();
    for _ in 0..n_opt {
        let mut prim: Vec<usize> = (0..np).filter(|_| rng.below(3) == 0).collect();
        if prim.is_empty() {
            prim.push(rng.below(np as u64) as usize);
        }
        let mut sec = Vec::new();
        for j in 0..ns {
            if rng.below(2) == 0 {
                sec.push((j, rng.below(3) as u32));
            }
        }
        options.push((prim, sec));
    }
    Model { mult, n_sec: ns, options }
}

fn count_with(problem: &Problem, threads: usize) -> Outcome {
    let config = SearchConfig { threads, ..SearchConfig::count() };
    let outcome = solve(problem, &config, None);
    let general = SearchConfig { threads, backend: BackendChoice::General, ..SearchConfig::count() };
    assert_eq!(solve(problem, &general, None).solutions, outcome.solutions, "backends disagree");
    outcome
}

/// A random model without colours, so that the bitset backend applies.
fn random_plain_model(rng: &mut Rng) -> Model {
    let mut m = random_model(rng);
    m.n_sec = 0;
    for (prim, sec) in &mut m.options {
        sec.clear();
        // Keep at most one item of multiplicity above 1 per option, and
        // at least one of multiplicity 1.
        let mut seen_multi = false;
        prim.retain(|&i| m.mult[i] == 1 || !std::mem::replace(&mut seen_multi, true));
        if !prim.iter().any(|&i| m.mult[i] == 1) {
            if let Some(i) = (0..m.mult.len()).find(|&i| m.mult[i] == 1) {
                prim.push(i);
            }
        }
    }
    m
}

#[test]
fn bitset_backend_counts_match_brute_force() {
    let mut rng = Rng(0xfeed);
    let mut used = 0;
    for _ in 0..2000 {
        let model = random_plain_model(&mut rng);
        let problem = model.build();
        if bitset::words_needed(&problem).is_none() {
            continue;
        }
        used += 1;
        let expected = model.brute_count();
        for threads in [1, 2] {
            let outcome = count_with(&problem, threads);
            assert_eq!(outcome.stats.backend, "bitset");
            assert_eq!(outcome.solutions, expected, "model {model:?}");
        }
        for n in [2u32, 3] {
            let total: u64 = (0..n)
                .map(|index| {
                    let config = SearchConfig { shard: Some(Shard { index, count: n }), ..SearchConfig::count() };
                    solve(&problem, &config, None).solutions.saturating_u64()
                })
                .sum();
            assert_eq!(total, expected);
        }
    }
    assert!(used > 500, "only {used} models suited the bitset backend");
}

#[test]
fn counts_match_brute_force() {
    let mut rng = Rng(0x9e3779b97f4a7c15);
    for _ in 0..1500 {
        let model = random_model(&mut rng);
        let problem = model.build();
        let expected = model.brute_count();
        for threads in [1, 3] {
            let outcome = count_with(&problem, threads);
            assert!(outcome.complete);
            assert_eq!(outcome.solutions, expected, "threads {threads}, model {model:?}");
        }
    }
}

#[test]
fn every_visited_solution_is_an_exact_cover() {
    let mut rng = Rng(12345);
    for _ in 0..300 {
        let model = random_model(&mut rng);
        let problem = model.build();
        let seen = Mutex::new(Vec::new());
        let visit = |sol: &[usize]| {
            assert!(problem.is_solution(sol), "not a solution: {sol:?}");
            let mut s = sol.to_vec();
            s.sort();
            seen.lock().unwrap().push(s);
            ControlFlow::Continue(())
        };
        let outcome = solve(&problem, &SearchConfig::count(), Some(&visit));
        let mut seen = seen.into_inner().unwrap();
        assert_eq!(outcome.solutions, seen.len() as u64);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len() as u64, model.brute_count(), "duplicate solutions");
    }
}

#[test]
fn shards_partition_the_tree() {
    let mut rng = Rng(777);
    for _ in 0..200 {
        let model = random_model(&mut rng);
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
            assert_eq!(total, expected);
        }
    }
}

#[test]
fn first_solution_does_not_depend_on_threads() {
    let mut rng = Rng(4242);
    for _ in 0..300 {
        let model = random_model(&mut rng);
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
        assert_eq!(found(1), found(4));
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

/// A random slot/piece model with colours, so that the assignment backend
/// applies: options name one slot (first) and one piece.
fn random_assign_model(rng: &mut Rng) -> Model {
    let slots = 1 + rng.below(4) as usize;
    let pieces = 1 + rng.below(3) as usize;
    let mut mult: Vec<u32> = vec![1; slots];
    let mut left = slots;
    for k in 0..pieces {
        let m = if k + 1 == pieces { left } else { rng.below(left as u64 + 1) as usize };
        left -= m;
        mult.push(m as u32);
    }
    let n_sec = 1 + rng.below(3) as usize;
    let n_opt = 1 + rng.below(14) as usize;
    let mut options = Vec::new();
    for _ in 0..n_opt {
        let s = rng.below(slots as u64) as usize;
        let p = slots + rng.below(pieces as u64) as usize;
        let mut sec = Vec::new();
        for j in 0..n_sec {
            if rng.below(2) == 0 {
                sec.push((j, 1 + rng.below(2) as u32));
            }
        }
        options.push((vec![s, p], sec));
    }
    Model { mult, n_sec, options }
}

#[test]
fn assign_backend_counts_match_brute_force() {
    let mut rng = Rng(0xabcdef);
    let mut used = 0;
    for _ in 0..3000 {
        let model = random_assign_model(&mut rng);
        let problem = model.build();
        if !assign::applies(&problem) {
            continue;
        }
        used += 1;
        let expected = model.brute_count();
        for threads in [1, 2] {
            let config = SearchConfig { threads, backend: BackendChoice::Assign, ..SearchConfig::count() };
            let outcome = solve(&problem, &config, None);
            assert_eq!(outcome.stats.backend, "assign");
            assert_eq!(outcome.solutions, expected, "model {model:?}");
        }
        assert_eq!(shard_total(&problem, BackendChoice::Assign, 3), expected);
    }
    assert!(used > 500, "only {used} models suited the assignment backend");
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

/// A random slot/piece model whose slots are uniform (every option of a
/// slot colours the same secondary items), so that the row scan applies.
fn random_row_model(rng: &mut Rng) -> Model {
    let mut model = random_assign_model(rng);
    // Each slot's signature: the secondary items of its first option; the
    // other options of the slot get exactly those items, colours redrawn.
    let mut signature: std::collections::HashMap<usize, Vec<usize>> = std::collections::HashMap::new();
    for (prims, sec) in &mut model.options {
        let sig = signature.entry(prims[0]).or_insert_with(|| sec.iter().map(|&(j, _)| j).collect()).clone();
        *sec = sig.into_iter().map(|j| (j, 1 + rng.below(2) as u32)).collect();
    }
    model
}

#[test]
fn row_scan_counts_match_brute_force() {
    let mut rng = Rng(0x5ca9);
    let mut used = 0;
    for _ in 0..3000 {
        let model = random_row_model(&mut rng);
        let problem = model.build();
        if rowscan::RowScan::build(&problem).is_none() || !assign::applies(&problem) {
            continue;
        }
        used += 1;
        let expected = model.brute_count();
        for backend in [BackendChoice::RowScan, BackendChoice::Assign, BackendChoice::Auto] {
            for threads in [1, 2] {
                let config = SearchConfig { threads, backend, ..SearchConfig::count() };
                let outcome = solve(&problem, &config, None);
                assert_eq!(outcome.solutions, expected, "{backend:?}, model {model:?}");
                if backend == BackendChoice::RowScan {
                    assert_eq!(outcome.stats.backend, "rowscan");
                }
            }
        }
        let first = SearchConfig { limit: Some(1), backend: BackendChoice::RowScan, ..SearchConfig::count() };
        assert_eq!(solve(&problem, &first, None).solutions, expected.min(1));
        assert_eq!(shard_total(&problem, BackendChoice::RowScan, 3), expected);
    }
    assert!(used > 500, "only {used} models suited the row scan");
}
