//! Parsed puzzles through the solver with a small node budget: never a
//! panic or a hang, every solution passes a check written from the rules,
//! listings never repeat a solution, verdicts agree with counts, and on
//! packing puzzles the general backend agrees with the default one.
//!
//! Input: byte 0 = flags (bits 0-1 family: tetravex, tetravex blocks,
//! edges, pack; bit 2 --rotate; bit 3 --in-place (tetravex) or --flip
//! (pack); bit 4 --border (tetravex) or a hint (tiles); bits 5-6 mode:
//! decide, count, all up to 3, all), byte 1 = border label, hint or board
//! size, then the text. The first case of the text is solved.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::ops::ControlFlow;
use std::sync::Mutex;
use tessera::engine::{BackendChoice, SearchConfig, SearchMode};
use tessera::puzzles::{pack, Model};
use tessera::solve::{self, CaseResult, Status};
use tessera_fuzz::{check_pack, check_tiles, pack_case, tile_case, Input, Seen};

const BUDGET: u64 = 2000;

fn config(backend: BackendChoice) -> SearchConfig {
    SearchConfig { max_nodes: Some(BUDGET), threads: 1, backend, ..SearchConfig::default() }
}

fn mode(flags: u8) -> SearchMode {
    match (flags >> 5) & 3 {
        0 => SearchMode::First,
        1 => SearchMode::Count,
        2 => SearchMode::All { limit: Some(3) },
        _ => SearchMode::All { limit: None },
    }
}

/// Solves with every check; returns the result.
fn run<M: Model>(
    model: &M,
    mode: SearchMode,
    backend: BackendChoice,
    check: &(dyn Fn(&M::Solution) + Sync),
    look: &(dyn Fn(&M::Solution) -> Vec<u64> + Sync),
) -> CaseResult<M::Solution> {
    let seen = Mutex::new((0u64, Seen::default()));
    let visit = |s: M::Solution| {
        check(&s);
        let mut g = seen.lock().unwrap();
        g.0 += 1;
        assert!(g.1.insert(look(&s)), "a solution listed twice");
        ControlFlow::Continue(())
    };
    let r = solve::run(model, true, &SearchConfig { mode, ..config(backend) }, Some(&visit));
    if let Some(s) = &r.solution {
        check(s);
    }
    let listed = seen.lock().unwrap().0;
    match r.status {
        Status::Solvable => assert!(r.solution.is_some(), "solvable without a solution"),
        Status::Unsolvable => {
            assert!(r.complete && r.count.as_ref().is_none_or(|c| c.is_zero()) && r.solution.is_none());
            assert_eq!(listed, 0);
        }
        Status::Unknown => assert!(!r.complete && r.solution.is_none()),
    }
    if let Some(count) = &r.count {
        if r.complete {
            assert_eq!(!count.is_zero(), r.status == Status::Solvable);
        }
        if let SearchMode::All { limit } = mode {
            assert!(*count == listed, "solutions listed ({listed}) and counted ({count})");
            if let Some(l) = limit {
                assert!(*count <= l.into());
            }
        }
    }
    // Each engine call stops within its budget (two calls at most).
    assert!(r.stats.nodes <= 2 * BUDGET, "{} nodes", r.stats.nodes);
    r
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = Input::new(data) else { return };
    let mode = mode(input.flags);
    if input.flags & 3 == 3 {
        let Some(model) = pack_case(&input, 16) else { return };
        let check = |s: &pack::PackSolution| check_pack(&model.puzzle, s);
        let look = |s: &pack::PackSolution| s.grid.iter().map(|g| g.map_or(0, |p| p as u64 + 1)).collect();
        let auto = run(&model, mode, BackendChoice::Auto, &check, &look);
        let general = run(&model, mode, BackendChoice::General, &check, &look);
        if auto.complete && general.complete {
            assert_eq!(auto.status, general.status, "backends disagree");
            assert_eq!(auto.count, general.count, "backends disagree");
        }
    } else {
        let Some(model) = tile_case(&input, 5, 30) else { return };
        let check = |s: &tessera::puzzles::tiles::TileSolution| check_tiles(&model.puzzle, s);
        let look =
            |s: &tessera::puzzles::tiles::TileSolution| s.grid.iter().flatten().map(|&l| l as u32 as u64).collect();
        run(&model, mode, BackendChoice::Auto, &check, &look);
    }
});
