//! Tests of the engine's [`Workspace`]: a search whose backend is built in
//! the arrays of earlier searches (of other problems, some stopped at a
//! solution deep in their tree) answers as a search in new arrays does,
//! untimed (as a stream of cases answered in text runs) as timed.

use super::tests::{cases, model, plain_model};
use super::*;
use proptest::prelude::*;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::Duration;

/// Outcome and first solution of `problem` under `config`, in `ws`.
fn run(problem: &Problem, config: &SearchConfig, ws: Option<&mut Workspace>) -> (Outcome, Option<Vec<usize>>) {
    let found = Mutex::new(None);
    let visit = |sol: &[usize]| {
        found.lock().unwrap().get_or_insert_with(|| sol.to_vec());
        ControlFlow::Continue(())
    };
    let visitor: Option<&Visitor> = if config.mode == SearchMode::Count { None } else { Some(&visit) };
    let outcome = match ws {
        Some(ws) => solve_in(problem, config, visitor, ws),
        None => solve(problem, config, visitor),
    };
    (outcome, found.into_inner().unwrap())
}

proptest! {
    #![proptest_config(cases(200))]

    /// One workspace through a run of random problems (most of them of
    /// one or two words, in the bitset backend; some with colours, in
    /// another), untimed: every count, verdict, first solution and node
    /// count is the one a fresh, timed search gives, and no wall time is
    /// measured.
    #[test]
    fn a_kept_workspace_answers_as_a_new_one(
        plain in proptest::collection::vec(plain_model(), 1..6),
        other in model(),
    ) {
        let mut ws = Workspace::default();
        let mut problems: Vec<Problem> = plain.iter().map(|m| m.build()).collect();
        problems.insert(problems.len() / 2, other.build());
        let modes = [SearchMode::First, SearchMode::Count, SearchMode::All { limit: Some(2) }];
        for problem in &problems {
            for (mode, threads) in modes.iter().flat_map(|&m| [(m, 1), (m, 2)]) {
                let config = SearchConfig { mode, threads, ..SearchConfig::count() };
                let (fresh, fresh_first) = run(problem, &config, None);
                let untimed = SearchConfig { untimed: true, ..config.clone() };
                let (kept, kept_first) = run(problem, &untimed, Some(&mut ws));
                prop_assert_eq!(kept.stats.elapsed, Duration::ZERO);
                prop_assert!(fresh.stats.elapsed > Duration::ZERO);
                prop_assert_eq!(&kept.solutions, &fresh.solutions);
                prop_assert_eq!((kept.complete, kept.stopped), (fresh.complete, fresh.stopped));
                prop_assert_eq!(kept.stats.backend, fresh.stats.backend);
                if threads == 1 || mode == SearchMode::First {
                    prop_assert_eq!(kept_first, fresh_first);
                }
                if threads == 1 {
                    prop_assert_eq!(kept.stats.nodes, fresh.stats.nodes);
                }
            }
        }
    }
}
