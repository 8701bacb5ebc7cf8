//! Tests of the trial (`choose::trial_rows`, `driver::trial`): a small
//! board's first solution or count looked for on the plain row scan, in
//! the square order, before any estimate. In the test build the trial has
//! 256 nodes (`tuning::TRIAL_ROWS`), so these boards take both ways:
//! answered by the trial, or by the backend the choice picks after it.

use super::tests::{tetravex, tetravex_tiles, tile_model, Model, Rng};
use super::*;
use proptest::prelude::*;
use std::ops::ControlFlow;
use std::sync::Mutex;

/// A first-solution search of `problem` on `threads` threads, the backend
/// left to the choice: its outcome and solution.
fn first(problem: &Problem, threads: usize) -> (Outcome, Option<Vec<usize>>) {
    let found = Mutex::new(None);
    let visit = |s: &[usize]| {
        *found.lock().unwrap() = Some(s.to_vec());
        ControlFlow::Continue(())
    };
    let outcome = solve(problem, &SearchConfig { threads, ..SearchConfig::first() }, Some(&visit));
    (outcome, found.into_inner().unwrap())
}

/// The verdict of the general backend, which has no trial.
fn general_verdict(problem: &Problem) -> Count {
    solve(problem, &SearchConfig { backend: BackendChoice::General, ..SearchConfig::first() }, None).solutions
}

/// Checks a first solution of `model` against the general backend's
/// verdict, and that the thread count changes neither it nor the nodes
/// spent; returns the one-thread outcome.
fn check_first(model: &Model) -> Result<Outcome, TestCaseError> {
    let problem = model.build();
    let expected = general_verdict(&problem);
    let (one, sol) = first(&problem, 1);
    prop_assert_eq!(&one.solutions, &expected);
    match &sol {
        Some(sol) => prop_assert!(model.is_solution(sol), "not a solution: {:?}", sol),
        None => prop_assert!(one.complete, "no solution, but not proved"),
    }
    let (two, sol2) = first(&problem, 2);
    prop_assert_eq!(&two.solutions, &expected);
    prop_assert_eq!(sol2, sol, "the solution depends on the thread count");
    Ok(one)
}

#[test]
fn a_first_solution_found_within_the_trial_is_the_answer() {
    // Planted 4x4 Tetravex of many labels: the square order finds the
    // solution within the trial's 256 nodes (the reading order often does
    // not), so no estimate is made and the row scan answers alone.
    let mut rng = Rng(0x7121);
    let mut answered = 0;
    for _ in 0..40 {
        let model = tetravex(4, 4, &tetravex_tiles(&mut rng, 4, 4, 12, true));
        let outcome = check_first(&model).unwrap();
        assert_eq!(outcome.solutions, Count::from(1u64));
        if outcome.stats.nodes <= tuning::TRIAL_ROWS {
            assert_eq!(outcome.stats.backend, Some(BackendKind::RowScan));
            assert_eq!(outcome.stats.threads, 1, "a trial runs on one thread");
            answered += 1;
        }
    }
    assert!(answered >= 30, "the trial answered {answered} of 40 boards");
}

#[test]
fn a_trial_that_does_not_end_gives_way_and_counts_its_nodes() {
    // Turning 5x5 boards of 3 labels with one side changed: most have no
    // solution and no trial of 256 nodes proves that; the backend chosen
    // after it answers, and the trial's nodes are in the outcome's.
    let mut rng = Rng(0x0dd5);
    let mut gave_way = 0;
    for _ in 0..12 {
        let model = tile_model(&mut rng, 5, 3, true, true);
        let outcome = check_first(&model).unwrap();
        if outcome.stats.backend == Some(BackendKind::Assign) {
            assert!(outcome.stats.nodes > tuning::TRIAL_ROWS, "the trial's nodes are counted");
            gave_way += 1;
        }
    }
    assert!(gave_way >= 3, "only {gave_way} boards went past the trial");
}

#[test]
fn no_trial_where_the_search_must_stay_as_asked() {
    // A node budget stays exact, a forced backend is that backend, and a
    // shard cuts the tree the choice's backend has: no trial.
    let model = tetravex(4, 4, &tetravex_tiles(&mut Rng(3), 4, 4, 12, true));
    let problem = model.build();
    let budget = SearchConfig { max_nodes: Some(5), ..SearchConfig::first() };
    let outcome = solve(&problem, &budget, None);
    assert!(outcome.stats.nodes <= 5, "{} nodes under a budget of 5", outcome.stats.nodes);
    let forced = SearchConfig { backend: BackendChoice::Assign, threads: 1, ..SearchConfig::first() };
    assert_eq!(solve(&problem, &forced, None).stats.backend, Some(BackendKind::Assign));
}

/// The count of `problem` with the backend left to the choice, on
/// `threads` threads.
fn count(problem: &Problem, threads: usize) -> Outcome {
    solve(problem, &SearchConfig { threads, ..SearchConfig::count() }, None)
}

#[test]
fn a_count_within_the_trial_is_the_answer_and_one_past_it_counts_its_nodes() {
    // 3x3 and 4x4 boards of 2 and 3 labels, turning or not: the small
    // trees are counted by the trial alone, the others after it (their
    // nodes include its 256); every count is the general backend's.
    let mut rng = Rng(0xc0de);
    let (mut answered, mut past) = (0, 0);
    for case in 0..24 {
        let n = 3 + case % 2;
        let model = tile_model(&mut rng, n, 2 + (case as u64 / 2) % 2, case % 3 == 0, false);
        let problem = model.build();
        let general = SearchConfig { backend: BackendChoice::General, ..SearchConfig::count() };
        let expected = solve(&problem, &general, None).solutions;
        let one = count(&problem, 1);
        assert_eq!(one.solutions, expected, "case {case}");
        assert_eq!(count(&problem, 2).solutions, expected, "case {case}, 2 threads");
        if one.stats.nodes <= tuning::TRIAL_ROWS {
            assert_eq!((one.stats.backend, one.stats.threads), (Some(BackendKind::RowScan), 1), "case {case}");
            answered += 1;
        } else {
            past += 1;
        }
    }
    assert!(answered >= 3 && past >= 3, "{answered} counts answered by the trial, {past} past it");
}

proptest! {
    #![proptest_config(super::tests::cases(64))]

    /// Random small tile boards (free or framed outlines, turning or not,
    /// planted or with one side changed): the first solution with the
    /// trial is a solution, the verdict the general backend's, and both
    /// the same on one thread and two; the count is the general backend's.
    #[test]
    fn verdicts_and_counts_with_the_trial_are_the_general_backends(
        seed in any::<u64>(), n in 2usize..=4, labels in 2u64..=6, kind in 0u8..4,
    ) {
        let mut rng = Rng(seed | 1);
        let model = match kind {
            0 => tetravex(n, n, &tetravex_tiles(&mut rng, n, n, labels, true)),
            1 => tetravex(n, n, &tetravex_tiles(&mut rng, n, n, labels, false)),
            _ => tile_model(&mut rng, n, labels, kind == 3, seed % 2 == 0),
        };
        check_first(&model)?;
        let problem = model.build();
        let general = SearchConfig { backend: BackendChoice::General, ..SearchConfig::count() };
        prop_assert_eq!(count(&problem, 1).solutions, solve(&problem, &general, None).solutions);
    }
}
