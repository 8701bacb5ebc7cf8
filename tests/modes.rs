//! The search mode reaches the engine as the command line says it: a
//! first-solution search (no `--all`, no `--count`), a count, or a listing
//! up to a limit. A listing limited to one solution (`--all --limit 1`,
//! `--count --limit 1`) is a listing, not a first-solution search: it runs
//! neither restarts nor the portfolio, and it lists the solution a listing
//! finds first.

use crate::util::{data_text, example, run};
use serde_json::Value;

/// An Eternity II-style 8x8 board on which the assignment backend's own
/// order gets lost (see `restarts_cut_the_heavy_tail`): a first-solution
/// search solves it with restarts within 400,000 nodes on one thread; a
/// listing searches in one order, without restarts, and does not.
#[test]
fn a_list_of_one_takes_the_listing_path() {
    let input = data_text("tetravex/eternity-8x8-tail.txt");
    let args = ["tetravex", "--rotate", "--border", "0", "--threads", "1", "--stats", "--max-nodes", "400000"];
    let first = run(&args, input.clone());
    first.expect_code(0);
    assert!(first.stderr.contains(" restarts"), "a first-solution search restarts: {}", first.stderr);
    for list in [["--all", "--limit", "1"], ["--count", "--limit", "1"]] {
        let listed = run(&[&args[..], &list[..]].concat(), input.clone());
        listed.expect_code(3);
        assert!(!listed.stderr.contains("restart"), "{list:?} restarted: {}", listed.stderr);
        assert!(listed.stderr.contains("stopped: max-nodes"), "{list:?}: {}", listed.stderr);
    }
}

/// The solution records of a run (each case's, in order).
fn solutions(records: &[Value]) -> Vec<&Value> {
    records.iter().filter(|r| r["type"] == "solution").collect()
}

/// On one thread, `--all --limit 1` lists the first solution `--all`
/// lists (for each case), and says that the limit stopped it; with two
/// threads it cuts the tree into subtrees, as a listing does, and never
/// restarts.
#[test]
fn a_list_of_one_is_the_first_of_the_list() {
    let inputs = [
        ("tetravex", "tetravex-zoj1008.txt", &["--rotate"][..]),
        ("tetravex", "tetravex-zoj1008.txt", &[][..]),
        ("pack", "pack-uva387.txt", &[][..]),
        ("edges", "edges-2x2.txt", &[][..]),
    ];
    for (sub, file, rules) in inputs {
        let input = example(file);
        let args = [&[sub, "--json", "--threads", "1"][..], rules].concat();
        let all = run(&[&args[..], &["--all"][..]].concat(), input.clone()).json_lines();
        let one = run(&[&args[..], &["--all", "--limit", "1"][..]].concat(), input.clone()).json_lines();
        let firsts: Vec<&Value> = solutions(&all).into_iter().filter(|r| r["index"] == 1).collect();
        assert_eq!(solutions(&one), firsts, "{sub} {file} {rules:?}");
        for case in one.iter().filter(|r| r["type"] == "case" && r["solvable"] == true) {
            assert_eq!(
                (&case["count"], &case["complete"], &case["stopped"]),
                (&1.into(), &false.into(), &"limit".into())
            );
        }
        let two = run(&[sub, "--all", "--limit", "1", "--threads", "2", "--stats"], input);
        let solvable = one.iter().filter(|r| r["type"] == "case" && r["solvable"] == true).count();
        assert!(solvable > 0, "{sub} {file}: no solvable case");
        assert!(!two.stderr.contains("restart"), "{sub}: {}", two.stderr);
        assert!(two.stderr.contains("2 threads"), "{sub}: {}", two.stderr);
    }
}
