//! Tests of the assignment backend's branching orders, which the
//! portfolio's members differ by: a random run's root goes down the own
//! order's choices, and the mirror order walks the own order's tree with
//! the first levels last first; the compact order (big boards) finds
//! the same solutions growing a square from a corner. Only this backend
//! offers random orders (`Backend::can_randomise`).

use crate::engine::backends::assign;
use crate::engine::backends::shape;
use crate::engine::backends::{Backend, Node};
use crate::engine::search::halt::Halt;
use crate::engine::tests::{tetravex, tetravex_tiles, Rng};

#[test]
fn random_runs_go_down_the_roots_choices_once_each() {
    let mut rng = Rng(0xd0_3e);
    let problem = tetravex(3, 3, &tetravex_tiles(&mut rng, 3, 3, 6, true)).build();
    let shape = shape::SlotPieces::of(&problem, &Halt::NEVER).unwrap().unwrap();
    let roots = |salt: u64| {
        let mut assign = assign::Assign::new(&problem, &shape, &Halt::NEVER).unwrap();
        assign.randomise(salt);
        assert_eq!(assign.node(), Node::Inner);
        assert!(assign.first_child());
        let mut options = vec![assign.step(0).option];
        while assign.next_sibling() {
            options.push(assign.step(0).option);
        }
        options
    };
    // The backend's own order goes up a slot's try order (here, in a unit
    // test, rarest colours first: `tuning::MANY_SOLUTIONS`), a random
    // run's root goes down it from a random start, wrapping round once;
    // both try every option once. Positions are in the own order.
    let own = roots(0);
    assert_eq!(own.len(), 9, "{own:?}");
    let place = |o: u32| own.iter().position(|&x| x == o).unwrap();
    let mut starts = std::collections::HashSet::new();
    for salt in 1..=8 {
        let down: Vec<usize> = roots(salt).into_iter().map(place).collect();
        let mut sorted = down.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..9).collect::<Vec<_>>(), "salt {salt}: every option once");
        let wraps = down.windows(2).filter(|w| w[0] < w[1]).count();
        assert!(wraps <= 1, "salt {salt}: {down:?}");
        starts.insert(down[0]);
    }
    assert!(starts.len() > 1, "the start is random");
}

/// The whole tree in one order: its node count, its solutions (as
/// sorted sets of options) and the paths to its nodes at depths 1 to
/// `top`, in the order visited.
fn walk(a: &mut assign::Assign, top: usize) -> (u64, Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let (mut nodes, mut solutions, mut paths) = (0, Vec::new(), Vec::new());
    let path = |a: &assign::Assign| (0..a.depth()).map(|l| a.step(l).option).collect::<Vec<_>>();
    'enter: loop {
        match a.node() {
            Node::Solution => {
                let mut s = path(a);
                s.sort_unstable();
                solutions.push(s);
            }
            Node::DeadEnd => {}
            Node::Inner => {
                if a.first_child() {
                    nodes += 1;
                    if a.depth() <= top {
                        paths.push(path(a));
                    }
                    continue 'enter;
                }
            }
        }
        loop {
            if a.depth() == 0 {
                solutions.sort();
                return (nodes, solutions, paths);
            }
            if a.next_sibling() {
                nodes += 1;
                if a.depth() <= top {
                    paths.push(path(a));
                }
                continue 'enter;
            }
        }
    }
}

#[test]
fn the_mirror_order_walks_the_same_tree_last_first_at_the_top() {
    let mut rng = Rng(0x0031_770e);
    for case in 0..8 {
        let problem = tetravex(3, 3, &tetravex_tiles(&mut rng, 3, 3, 2 + case % 3, case % 2 == 0)).build();
        let shape = shape::SlotPieces::of(&problem, &Halt::NEVER).unwrap().unwrap();
        let mut own = assign::Assign::new(&problem, &shape, &Halt::NEVER).unwrap();
        let mut mirror = assign::Assign::new(&problem, &shape, &Halt::NEVER).unwrap();
        assert!(mirror.mirror(2));
        let (nodes, solutions, own_paths) = walk(&mut own, 3);
        let (mirror_nodes, mirror_solutions, mirror_paths) = walk(&mut mirror, 3);
        // The same tree: the same nodes and solutions.
        assert_eq!((nodes, &solutions), (mirror_nodes, &mirror_solutions), "case {case}");
        assert!(nodes > 9, "case {case}: a tree of {nodes} nodes");
        // At depths 1 and 2 the mirror visits the own order's nodes last
        // first; at depth 3, each node's children in the own order.
        let at = |paths: &[Vec<u32>], d: usize| paths.iter().filter(|p| p.len() == d).cloned().collect::<Vec<_>>();
        for d in 1..=2 {
            let mut reversed = at(&own_paths, d);
            reversed.reverse();
            assert_eq!(at(&mirror_paths, d), reversed, "case {case}, depth {d}");
        }
        let children = |paths: &[Vec<u32>], parent: &[u32]| {
            paths.iter().filter(|p| p.len() == 3 && p[..2] == *parent).map(|p| p[2]).collect::<Vec<_>>()
        };
        for parent in at(&own_paths, 2) {
            assert_eq!(children(&own_paths, &parent), children(&mirror_paths, &parent), "case {case}");
        }
    }
}

#[test]
fn the_compact_order_finds_the_same_solutions() {
    let mut rng = Rng(0x0033_c0de);
    for case in 0..12 {
        let (rows, cols) = if case < 6 { (3, 3) } else { (3, 4) };
        let problem = tetravex(rows, cols, &tetravex_tiles(&mut rng, rows, cols, 2 + case % 3, case % 2 == 0)).build();
        let shape = shape::SlotPieces::of(&problem, &Halt::NEVER).unwrap().unwrap();
        let mut mrv = assign::Assign::new(&problem, &shape, &Halt::NEVER).unwrap();
        let mut compact = assign::Assign::new(&problem, &shape, &Halt::NEVER).unwrap();
        assert!(!mrv.other_order(), "small boards take MRV");
        compact.set_compact();
        assert!(compact.other_order() && !compact.other_order(), "the other order of the compact one is MRV, once");
        compact.set_compact();
        let (_, solutions, _) = walk(&mut mrv, 0);
        let (_, compact_solutions, _) = walk(&mut compact, 0);
        assert_eq!(solutions, compact_solutions, "case {case}");
    }
}

#[test]
fn the_compact_order_grows_a_square_from_a_corner() {
    // A planted 4x4 board with distinct labels on every join: one
    // solution, and the compact order's slots along its path are the
    // corner square's, a column then a row (the slots do not depend on
    // the options taken, only on which slots are covered).
    let mut rng = Rng(0x0033_5a3e);
    let problem = tetravex(4, 4, &tetravex_tiles(&mut rng, 4, 4, 1000, true)).build();
    let shape = shape::SlotPieces::of(&problem, &Halt::NEVER).unwrap().unwrap();
    let mut compact = assign::Assign::new(&problem, &shape, &Halt::NEVER).unwrap();
    compact.set_compact();
    // Depth first to the solution.
    'search: loop {
        match compact.node() {
            Node::Solution => break,
            Node::Inner if compact.first_child() => continue,
            _ => {}
        }
        while compact.depth() > 0 {
            if compact.next_sibling() {
                continue 'search;
            }
        }
        panic!("no solution found");
    }
    let slots: Vec<u32> = (0..compact.depth()).map(|l| shape.item_slot[compact.step(l).item as usize]).collect();
    assert_eq!(slots, [0, 1, 4, 5, 2, 6, 8, 9, 10, 3, 7, 11, 12, 13, 14, 15]);
}

#[test]
fn the_random_order_query_agrees_with_randomise_and_changes_nothing() {
    let problem = tetravex(3, 3, &tetravex_tiles(&mut Rng(0x7a), 3, 3, 4, false)).build();
    let never = &Halt::NEVER;
    let shape = shape::SlotPieces::of(&problem, never).unwrap().unwrap();
    // The assignment backend offers random orders; asking leaves its own
    // order as it was: the same first choice.
    let mut assign = assign::Assign::new(&problem, &shape, never).unwrap();
    let mut plain = assign::Assign::new(&problem, &shape, never).unwrap();
    assert!(assign.can_randomise());
    assert!(assign.first_child() && plain.first_child());
    assert_eq!(assign.step(0), plain.step(0));
    assert!(assign.randomise(5));
    // The others do not, and `randomise` says so too.
    let uniform = shape::UniformSlots::of(&problem, &shape, never).unwrap().unwrap();
    let mut rowscan =
        crate::engine::backends::rowscan::RowScan::<false>::build(&problem, &uniform, never).unwrap().unwrap();
    assert!(!rowscan.can_randomise() && !rowscan.randomise(5));
    let mut sparse = crate::engine::backends::sparse::Sparse::new(&problem, never).unwrap();
    assert!(!sparse.can_randomise() && !sparse.randomise(5));
}
