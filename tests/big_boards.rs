//! Big boards whose joins nearly determine their pieces (issue 33): a
//! first solution is searched by the row scan in the square order, which
//! grows the board from a corner as the plain corner-square scan does
//! (`bench/baselines`, `square-scan`), so on one thread it places exactly
//! the scan's tiles; the assignment backend's compact order (`--backend
//! assign`) must stay within them too, where MRV needs 10 to 100 times
//! more. A regression of either order fails here, by node counts (one
//! thread: deterministic), not by time.

use crate::util::run;
use crate::verify::{assert_tile_record, parse_tetravex};

/// The board `tessera generate tetravex ARGS` prints.
fn generated(generate: &[&str]) -> String {
    let mut args = vec!["generate", "tetravex"];
    args.extend(generate);
    run(&args, "").expect_code(0).stdout.clone()
}

/// The JSON record of `input` solved on `threads` threads with `solve`,
/// after checking its solution with the independent verifier against the
/// record's own puzzle (which carries the rules: turning, the border
/// label) and that puzzle's tiles against the input's.
fn solved(input: &str, threads: &str, solve: &[&str]) -> serde_json::Value {
    let mut args = vec!["tetravex", "--threads", threads, "--json", "--timeout", "60"];
    args.extend(solve);
    let out = run(&args, input);
    out.expect_code(0);
    let record = out.cases().remove(0);
    assert!(assert_tile_record(&record, false, None).is_some(), "no solution: {record}");
    let tiles = parse_tetravex(input).remove(0).tiles;
    assert_eq!(crate::verify::tile_case_from_json(&record["puzzle"], false).tiles, tiles);
    record
}

/// Generates a board with `tessera generate tetravex ARGS`, solves it on
/// one thread with `solve` and returns the backend and the nodes spent.
fn nodes_to_solve(generate: &[&str], solve: &[&str]) -> (String, u64) {
    let record = solved(&generated(generate), "1", solve);
    let backend = record["stats"]["backend"].as_str().expect("a backend").to_string();
    (backend, record["stats"]["nodes"].as_u64().expect("a node count"))
}

const TETRAVEX_24: [&str; 6] = ["--size", "24", "--labels", "72", "--seed", "1"];
const ETERNITY_20: [&str; 9] =
    ["--size", "20", "--frame-labels", "5", "--inner-labels", "60", "--rotate", "--seed", "1"];

#[test]
fn tetravex_24x24_with_72_labels_in_the_square_scans_nodes() {
    // Seed 1: the square scan places 64,119 tiles; the row scan in the
    // square order places the same tiles in the same order.
    assert_eq!(nodes_to_solve(&TETRAVEX_24, &[]), ("rowscan".to_string(), 64_119));
}

#[test]
fn eternity_20x20_with_60_inner_labels_in_the_square_scans_nodes() {
    // Seed 1, 5 frame labels: the square scan places 72,189 tiles.
    let solved = nodes_to_solve(&ETERNITY_20, &["--rotate", "--border", "0"]);
    assert_eq!(solved, ("rowscan".to_string(), 72_189));
}

#[test]
fn the_compact_order_of_the_assignment_backend_within_the_square_scans_nodes() {
    // MRV spends 629,102 nodes on the Tetravex board (one thread, no
    // restarts) and had not solved the Eternity II-style one after
    // 400,000; the compact order 39,225 and 16,013.
    let (backend, nodes) = nodes_to_solve(&TETRAVEX_24, &["--backend", "assign"]);
    assert_eq!(backend, "assign");
    assert!(nodes <= 64_119, "{nodes} nodes");
    let (backend, nodes) = nodes_to_solve(&ETERNITY_20, &["--rotate", "--border", "0", "--backend", "assign"]);
    assert_eq!(backend, "assign");
    assert!(nodes <= 72_189, "{nodes} nodes");
}

/// A tree that outlives the solo trial on two threads: the rest is cut
/// into tickets, the one the trial stopped in taken up from where it
/// stopped, the others shared by the threads. The answer is the one
/// thread's (the leftmost solution), the trial's nodes are not searched
/// again (fewer than a tenth more nodes than one thread, the cut and the
/// work right of the solution), and the solution passes the verifier.
#[test]
fn two_threads_answer_a_big_board_as_one_does() {
    let input = generated(&TETRAVEX_24);
    let solve = |threads: &str| {
        let record = solved(&input, threads, &[]);
        let stats = &record["stats"];
        (record["solution"].clone(), stats["nodes"].as_u64().unwrap(), stats["tickets"].as_u64().unwrap())
    };
    let (one, one_nodes, _) = solve("1");
    let (two, two_nodes, tickets) = solve("2");
    assert_eq!(one, two, "two threads found another solution");
    assert!(tickets > 1, "the tree was not cut after the trial ({tickets} tickets)");
    assert!(
        two_nodes >= one_nodes / 2 && two_nodes < one_nodes + one_nodes / 10,
        "{two_nodes} nodes, one thread {one_nodes}"
    );
}
