//! Stops that come before the search starts: the setup (the shape
//! analysis, the builds, the random walks that choose the backend) and the
//! workers' own builds give up, and the outcome says why, with no node
//! spent. No test here measures time: each stop is asked for before the
//! engine looks.

use super::ctx::{Ticket, Visitor};
use super::driver;
use super::halt::{Halt, Stopped, MOVES};
use crate::engine::backends::assign::{self, Assign};
use crate::engine::backends::balance::Balance;
use crate::engine::backends::rowscan::RowScan;
use crate::engine::backends::shape::{SlotPieces, UniformSlots};
use crate::engine::backends::sparse::Sparse;
use crate::engine::backends::square::{square_order, takes_square_order};
use crate::engine::choice::estimate::{self, estimate_tree, memo_estimate};
use crate::engine::choice::pilot::MemoHint;
use crate::engine::tests::{tetravex, tetravex_tiles, tile_model, Rng};
use crate::engine::{plan, solve, BackendChoice, Monitor, Problem, SearchConfig, SearchMode, StopReason};
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// A 12x12 Tetravex with 10 labels (20,736 options): its setup builds
/// three backends and walks two of them, and one poll period of its search
/// would spend thousands of nodes.
fn board() -> Problem {
    let mut rng = Rng(0x5e70b);
    tetravex(12, 12, &tetravex_tiles(&mut rng, 12, 12, 10, true)).build()
}

/// A count whose monitor's stop flag is raised, as Ctrl-C raises it.
fn interrupted() -> SearchConfig {
    let monitor = Monitor::new();
    monitor.stop.store(true, Ordering::Relaxed);
    SearchConfig { monitor: Some(monitor), ..SearchConfig::count() }
}

#[test]
fn a_stop_before_the_search_spends_no_node() {
    let problem = board();
    let never_visited = |_: &[usize]| -> ControlFlow<()> { panic!("a solution was visited") };
    let visitors: [Option<&Visitor>; 2] = [None, Some(&never_visited)];
    let past = SearchConfig { deadline: Some(Instant::now()), ..SearchConfig::count() };
    for (stop, reason) in [(interrupted(), StopReason::Interrupted), (past, StopReason::Timeout)] {
        for backend in [BackendChoice::Auto, BackendChoice::General, BackendChoice::Assign, BackendChoice::RowScan] {
            for threads in [1, 2] {
                let limited = |limit| SearchMode::All { limit: Some(limit) };
                for mode in [SearchMode::Count, SearchMode::First, limited(1), limited(5)] {
                    for visitor in visitors {
                        let config = SearchConfig { backend, threads, mode, ..stop.clone() };
                        let outcome = solve(&problem, &config, visitor);
                        let what = format!("{backend:?}, {threads} threads, {mode:?}");
                        assert_eq!(outcome.stopped, Some(reason), "{what}");
                        assert_eq!((outcome.stats.nodes, outcome.complete), (0, false), "{what}");
                        assert!(outcome.solutions.is_zero(), "{what}");
                        assert_eq!(outcome.stats.threads, threads, "{what}");
                    }
                }
            }
        }
        // A plan asked for after a stop has empty shards, and says why.
        let shards = plan(&problem, 3, &stop);
        assert_eq!((&shards.tickets, shards.nodes, shards.total()), (&vec![0; 3], 0, 0.0));
        assert_eq!(shards.stopped, Some(reason));
    }
}

#[test]
fn the_builds_and_the_walks_give_up_at_a_stop() {
    let problem = board();
    let config = interrupted();
    let (halt, never) = (&Halt::of(&config), &Halt::NEVER);
    let stopped = |r: Result<(), Stopped>| r == Err(Stopped(StopReason::Interrupted));
    // The problem's own build (a puzzle's encoding ends with it).
    let model = tetravex(12, 12, &tetravex_tiles(&mut Rng(0x5e70b), 12, 12, 10, true));
    assert!(stopped(model.builder().build_within(halt).map(drop)));
    let built = model.builder().build_within(never).unwrap().unwrap();
    assert_eq!(
        (built.option_count(), built.ex().node_item.clone()),
        (problem.option_count(), problem.ex().node_item.clone())
    );
    assert!(stopped(SlotPieces::of(&problem, halt).map(drop)));
    let shape = SlotPieces::of(&problem, never).unwrap().unwrap();
    assert!(stopped(assign::fits(&problem, &shape, halt).map(drop)));
    assert!(stopped(UniformSlots::of(&problem, &shape, halt).map(drop)));
    let uniform = UniformSlots::of(&problem, &shape, never).unwrap().unwrap();
    assert!(stopped(problem.dense_colours(halt).map(drop)));
    assert!(stopped(Balance::new(&problem, &shape, halt).map(drop)));
    assert!(stopped(Assign::new(&problem, &shape, halt).map(drop)));
    assert!(stopped(Sparse::new(&problem, halt).map(drop)));
    assert!(stopped(RowScan::<true>::build(&problem, &uniform, halt).map(drop)));
    assert!(stopped(RowScan::<false>::build(&problem, &uniform, halt).map(drop)));
    assert!(stopped(square_order(&problem, &uniform, halt).map(drop)));
    let dense = problem.dense_colours(never).unwrap();
    assert!(stopped(takes_square_order(&problem, &uniform, dense, halt).map(drop)));
    // The walks that estimate the trees give up too, and leave the
    // backend at the root: the next estimate is as on a fresh build.
    let mut rows = RowScan::<false>::build(&problem, &uniform, never).unwrap().unwrap();
    let fresh = estimate_tree(&mut RowScan::<false>::build(&problem, &uniform, never).unwrap().unwrap(), 64, never);
    assert!(stopped(estimate_tree(&mut rows, 64, halt).map(drop)));
    assert!(stopped(memo_estimate(&mut rows, halt).map(drop)));
    assert_eq!(estimate_tree(&mut rows, 64, never), fresh);
    let mut assign = Assign::new(&problem, &shape, never).unwrap();
    assert!(stopped(estimate_tree(&mut assign, 32, halt).map(drop)));
    // So do the walks that deal a sharded search's subtrees, on one thread
    // and on two (the helper's build, then its walks, give up).
    // A call that walks a subtree of fewer than MOVES moves (a shard's
    // tickets near the leaves) still looks at the halt.
    let small = tetravex(3, 3, &tetravex_tiles(&mut Rng(0x3a3), 3, 3, 4, false)).build();
    let small_shape = SlotPieces::of(&small, never).unwrap().unwrap();
    let mut tiny = Assign::new(&small, &small_shape, never).unwrap();
    let (_, cost) = estimate::walk(&mut tiny, &[], estimate::SEED, 0..1, never).unwrap();
    assert!(cost < MOVES, "the walk is meant to be short: {cost} moves");
    assert!(stopped(estimate::walk(&mut tiny, &[], estimate::SEED, 0..1, halt).map(drop)));
    let mut tickets: Vec<Ticket> = (0..4).map(|_| Ticket { path: Vec::new(), weight: 0.25 }).collect();
    let make = || Assign::new(&problem, &shape, never);
    for threads in [1, 2] {
        let dealt = estimate::deal_tickets(&make, &mut assign, &mut tickets, 2, threads, halt);
        assert!(stopped(dealt.map(drop)), "{threads} threads");
        let dealt = estimate::deal_tickets(&make, &mut assign, &mut tickets, 2, threads, never).unwrap();
        assert_eq!(dealt.owner.len(), tickets.len());
    }
}

/// A worker whose build gives up (a stop came while it built) has no
/// backend: the others do its share, and a search that is not stopped
/// loses nothing. With one thread, the portfolio builds its restarting
/// member only once the complete one has spent its warm-up: a stop then
/// ends the search for its reason.
#[test]
fn a_worker_whose_build_gives_up_leaves_its_work_to_the_others() {
    let never = &Halt::NEVER;
    let gives_up = || Err(Stopped(StopReason::Timeout));
    let mut rng = Rng(0xb0b);
    let problem = tetravex(3, 3, &tetravex_tiles(&mut rng, 3, 3, 2, true)).build();
    let shape = SlotPieces::of(&problem, never).unwrap().unwrap();
    let expected = solve(&problem, &SearchConfig { threads: 1, ..SearchConfig::count() }, None);
    assert!(expected.complete && !expected.solutions.is_zero());
    for mode in [SearchMode::Count, SearchMode::First, SearchMode::All { limit: Some(1) }] {
        let config = SearchConfig { threads: 2, mode, ..SearchConfig::count() };
        let mut first = Assign::new(&problem, &shape, never).unwrap();
        let outcome = driver::drive(&mut first, gives_up, &config, None, MemoHint::default(), Some(Instant::now()));
        match mode {
            SearchMode::Count => assert_eq!((outcome.solutions, outcome.complete), (expected.solutions.clone(), true)),
            _ => assert_eq!((outcome.solutions.to_u64(), outcome.stopped), (Some(1), Some(StopReason::Limit))),
        }
    }
    let mut warmed = 0;
    for _ in 0..8 {
        let problem = tile_model(&mut rng, 5, 3, true, false).build();
        let shape = SlotPieces::of(&problem, never).unwrap().unwrap();
        let mut first = Assign::new(&problem, &shape, never).unwrap();
        let config = SearchConfig { threads: 1, ..SearchConfig::first() };
        let outcome = driver::drive(&mut first, gives_up, &config, None, MemoHint::default(), Some(Instant::now()));
        if outcome.stopped == Some(StopReason::Timeout) {
            assert!(outcome.solutions.is_zero() && !outcome.complete);
            warmed += 1;
        } else {
            // Decided within the warm-up: the second member was never built.
            assert!(outcome.complete || outcome.stopped == Some(StopReason::Limit));
        }
    }
    assert!(warmed > 0, "no board outlasted the warm-up");
}
