//! Big boards whose joins nearly determine their pieces (issue 33): the
//! assignment backend's compact order must solve them within the nodes of
//! the plain corner-square scan (`bench/baselines`, `square-scan`), where
//! MRV needs 10 to 100 times more; so a regression of the order fails
//! here, by node counts (one thread: deterministic), not by time.

use crate::util::run;
use crate::verify::{assert_tile_record, parse_tetravex};

/// Generates a board with `tessera generate tetravex ARGS`, solves it on
/// one thread with `solve` and returns the nodes spent, after checking
/// the solution with the independent verifier.
fn nodes_to_solve(generate: &[&str], solve: &[&str]) -> u64 {
    let mut args = vec!["generate", "tetravex"];
    args.extend(generate);
    let input = run(&args, "").expect_code(0).stdout.clone();
    let tiles = parse_tetravex(&input).remove(0).tiles;
    let mut args = vec!["tetravex", "--threads", "1", "--json", "--timeout", "60"];
    args.extend(solve);
    let out = run(&args, input);
    out.expect_code(0);
    let record = out.cases().remove(0);
    // The solution is checked against the record's own puzzle, which
    // carries the rules (turning, the border label); its tiles are the input's.
    assert!(assert_tile_record(&record, false, None).is_some(), "no solution: {record}");
    assert_eq!(crate::verify::tile_case_from_json(&record["puzzle"], false).tiles, tiles);
    assert_eq!(record["stats"]["backend"], "assign", "{record}");
    record["stats"]["nodes"].as_u64().expect("a node count")
}

#[test]
fn tetravex_24x24_with_72_labels_within_the_square_scans_nodes() {
    // Seed 1: the square scan places 64,119 tiles, MRV spends 629,102
    // nodes (one thread, no restarts), the compact order 39,225.
    let nodes = nodes_to_solve(&["--size", "24", "--labels", "72", "--seed", "1"], &[]);
    assert!(nodes <= 64_119, "{nodes} nodes");
}

#[test]
fn eternity_20x20_with_60_inner_labels_within_the_square_scans_nodes() {
    // Seed 1, 5 frame labels: the square scan places 72,189 tiles, MRV
    // had not solved it after 400,000 nodes, the compact order 16,013.
    let generate = ["--size", "20", "--frame-labels", "5", "--inner-labels", "60", "--rotate", "--seed", "1"];
    let nodes = nodes_to_solve(&generate, &["--rotate", "--border", "0"]);
    assert!(nodes <= 72_189, "{nodes} nodes");
}
