//! Counting by meeting in the middle (`--memo halves`, which asks for it
//! wherever the problem allows it): counts equal brute force on small
//! boards, turning and not, with duplicate tiles (few labels), on one and
//! two threads; stops leave the count a lower bound, as in every count.

use crate::brute::{count_tiles, planted_tiles, tetravex_text};
use crate::util::{run, Rng};

/// The count a `--count` run printed (`N solution(s)` on its own line).
fn printed_count(stdout: &str) -> u64 {
    let line = stdout.lines().find(|l| l.ends_with(" solutions") || l.ends_with(" solution")).expect("a count");
    line.split(' ').next().unwrap().parse().expect("a number")
}

#[test]
fn halves_counts_equal_brute_force() {
    let mut rng = Rng::new(31);
    for i in 0..18 {
        let labels = 2 + i % 3;
        let rotate = i % 2 == 1;
        // 3x3, and 4x4 without turning: brute force of a 4x4 board whose
        // tiles turn takes minutes in a debug build.
        let n = if i % 3 == 2 && !rotate { 4 } else { 3 };
        let case = planted_tiles(&mut rng, n, n, labels, rotate, false);
        let want = count_tiles(&case);
        for threads in ["1", "2"] {
            let mut args = vec!["tetravex", "--count", "--memo", "halves", "--stats", "-j", threads];
            if rotate {
                args.push("--rotate");
            }
            let r = run(&args, tetravex_text(std::slice::from_ref(&case)));
            assert_eq!(r.code, Some(0), "{}", r.stderr);
            assert_eq!(printed_count(&r.stdout), want, "case {i}, {threads} threads: {}", r.stdout);
            // The halves report their table as the memo's figures (a tree
            // this small is never memoised otherwise).
            assert!(r.stderr.contains(", memo "), "case {i}: {}", r.stderr);
        }
    }
}

#[test]
fn a_stopped_count_by_halves_is_a_lower_bound() {
    let mut rng = Rng::new(6);
    let case = planted_tiles(&mut rng, 6, 6, 3, true, false);
    for limit in [["--timeout", "0.2"], ["--max-nodes", "100000"]] {
        let mut args = vec!["tetravex", "--rotate", "--count", "--memo", "halves"];
        args.extend(limit);
        let r = run(&args, tetravex_text(std::slice::from_ref(&case)));
        // Stopped in the first half, nothing is known yet (as a count
        // stopped before its first solution); later, a lower bound.
        assert_eq!(r.code, Some(3), "{}", r.stdout);
        let known = r.stdout.starts_with("Game 1: Possible\nat least ") && r.stdout.contains("(search stopped: ");
        assert!(known || r.stdout.starts_with("Game 1: Unknown"), "{}", r.stdout);
    }
}
