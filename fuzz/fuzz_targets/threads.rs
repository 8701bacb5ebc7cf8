//! The thread count changes no answer: a first solution is the same on 1, 2
//! and 3 threads (the leftmost ticket's, `engine/search/driver.rs`; after
//! a solo trial that stopped without one, the ticket it stopped in resumed
//! where it stopped), a count is the same count, and a verdict never
//! differs; every solution passes the rules' check. No node budget (where
//! a budget cuts a search depends on which thread spends it): each search
//! has a deadline instead, and a case any of whose searches is cut by it
//! is not compared.
//!
//! Input: as `solve` (byte 0 = flags: bits 0-1 family: tetravex, tetravex
//! blocks, edges, pack; bit 2 --rotate; bit 3 --in-place or --flip; bit 4
//! --border or a hint; bit 5 count instead of a first solution; byte 1 =
//! border label, hint or pack board size), then the text; small cases only
//! (tetravex up to 4x4, edges up to 16 cells, pack up to 10 pieces).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::time::{Duration, Instant};
use tessera::engine::{SearchConfig, SearchMode};
use tessera::puzzles::Model;
use tessera::solve::{self, CaseResult};
use tessera_fuzz::{check_pack, check_tiles, pack_case, tile_case, Input};

/// Each search's deadline.
const DEADLINE: Duration = Duration::from_millis(300);

/// The case solved on 1, 2 and 3 threads; `check` on every solution; the
/// answers (a solution whole: each piece's place and turn) compared when no
/// search was cut short.
fn agree<M: Model>(model: &M, count: bool, check: &dyn Fn(&M::Solution))
where
    M::Solution: std::fmt::Debug,
{
    let mode = if count { SearchMode::Count } else { SearchMode::First };
    let results: Vec<CaseResult<M::Solution>> = (1..=3)
        .map(|threads| {
            let deadline = Some(Instant::now() + DEADLINE);
            let config = SearchConfig { mode, threads, deadline, ..SearchConfig::default() };
            solve::run(model, true, &config, None)
        })
        .collect();
    for r in &results {
        if let Some(s) = &r.solution {
            check(s);
        }
    }
    if results.iter().any(|r| r.stopped.is_some()) {
        return;
    }
    let answer = |r: &CaseResult<M::Solution>| {
        (r.status, r.count.clone(), r.complete, r.solution.as_ref().map(|s| format!("{s:?}")))
    };
    for r in &results[1..] {
        assert_eq!(answer(r), answer(&results[0]), "{} threads against 1", r.stats.threads.max(1));
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = Input::new(data) else { return };
    let count = input.flag(5);
    if input.flags & 3 == 3 {
        let Some(model) = pack_case(&input, 10) else { return };
        let check = |s: &tessera::puzzles::pack::PackSolution| check_pack(&model.puzzle, s);
        agree(&model, count, &check);
    } else {
        let Some(model) = tile_case(&input, 4, 16) else { return };
        let check = |s: &tessera::puzzles::tiles::TileSolution| check_tiles(&model.puzzle, s);
        agree(&model, count, &check);
    }
});
