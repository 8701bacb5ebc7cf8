//! `tessera pack`: the UVa 387 sample, counts against brute force for every
//! combination of --rotate and --flip, generated judge inputs, properties.

use crate::brute::{count_pack, pack_solvable, pack_text, planted_pack, random_pack};
use crate::util::{data_text, example, proptest_config, run, Rng};
use crate::verify::{assert_pack_record, check_pack_text, orient, parse_pack, Cells, PackCase};
use proptest::prelude::*;
use serde_json::Value;

/// The command-line flags for a case's board and freedom.
fn pack_args(case: &PackCase) -> Vec<String> {
    let mut a = vec!["pack".to_string(), "--board".into(), format!("{}x{}", case.rows, case.cols)];
    if case.rotate {
        a.push("--rotate".into());
    }
    if case.flip {
        a.push("--flip".into());
    }
    a
}

/// Runs `tessera pack --json ARGS` on cases that share a board and freedom;
/// checks every record and solution.
pub fn pack_records(cases: &[PackCase], args: &[&str]) -> Vec<Value> {
    let mut all = pack_args(&cases[0]);
    all.push("--json".into());
    all.extend(args.iter().map(|s| s.to_string()));
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    let text = pack_text(cases);
    let r = run(&all, text.clone());
    assert!(matches!(r.code, Some(0 | 1)), "exit status {:?} for input\n{text}\nstderr: {}", r.code, r.stderr);
    let records = r.cases();
    assert_eq!(records.len(), cases.len(), "one record per case; stdout: {}", r.stdout);
    for (k, (rec, case)) in records.iter().zip(cases).enumerate() {
        assert_eq!(rec["case"], k + 1);
        if rec["solvable"] == true {
            assert!(rec.get("solution").is_some(), "a solvable case shows a solution: {rec}");
        }
        assert_pack_record(rec, Some(case));
    }
    let solvable_all = records.iter().all(|r| r["solvable"] == true);
    assert_eq!(r.code, Some(if solvable_all { 0 } else { 1 }));
    records
}

/// Compares `--count` (one and two threads) with brute force.
fn assert_counts(cases: &[PackCase]) {
    let expect: Vec<u64> = cases.iter().map(count_pack).collect();
    for threads in ["1", "2"] {
        let records = pack_records(cases, &["--count", "--threads", threads]);
        for ((rec, case), want) in records.iter().zip(cases).zip(&expect) {
            assert_eq!(rec["count"], *want, "count with {threads} thread(s) for {case:?}\nrecord: {rec}");
            assert_eq!(rec["complete"], true);
            assert_eq!(rec["solvable"], *want > 0);
        }
    }
}

/// Judge text output: the answers, one empty line between them, each
/// solution a valid filling.
fn assert_judge_output(cases: &[PackCase], stdout: &str, solvable: &[bool]) {
    assert!(stdout.ends_with('\n') && !stdout.ends_with("\n\n"), "{stdout:?}");
    let blocks: Vec<&str> = stdout.trim_end_matches('\n').split("\n\n").collect();
    assert_eq!(blocks.len(), cases.len(), "{stdout}");
    for ((block, case), &ok) in blocks.iter().zip(cases).zip(solvable) {
        if ok {
            let text = format!("{block}\n");
            check_pack_text(case, &text).unwrap_or_else(|e| panic!("{e}\n{block}\nfor {case:?}"));
        } else {
            assert_eq!(*block, "No solution possible");
        }
    }
}

fn sample_cases(rotate: bool, flip: bool) -> Vec<PackCase> {
    parse_pack(&example("pack-uva387.txt")).into_iter().map(|p| PackCase::rect(4, 4, p, rotate, flip)).collect()
}

#[test]
fn uva387_sample_byte_for_byte() {
    let input = example("pack-uva387.txt");
    let expected = data_text("pack/uva387.expected");
    for args in [vec!["pack"], vec!["pack", "--threads", "1"], vec!["pack", "--threads", "2"]] {
        let r = run(&args, input.clone());
        assert_eq!(r.stdout, expected);
        assert_eq!(r.stderr, "");
        assert_eq!(r.code, Some(1));
    }
    let cases = sample_cases(false, false);
    assert_judge_output(&cases, &expected, &[true, false, true]);
    assert_eq!(cases.iter().map(pack_solvable).collect::<Vec<_>>(), vec![true, false, true]);
    pack_records(&cases, &[]);
}

#[test]
fn uva387_sample_with_rotation_and_flips() {
    for (rotate, flip) in [(true, false), (false, true), (true, true)] {
        let cases = sample_cases(rotate, flip);
        let solvable: Vec<bool> = cases.iter().map(pack_solvable).collect();
        let mut args = pack_args(&cases[0]);
        args.push("--threads".into());
        args.push("1".into());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, example("pack-uva387.txt"));
        assert_eq!(r.code, Some(if solvable.iter().all(|&s| s) { 0 } else { 1 }));
        assert_judge_output(&cases, &r.stdout, &solvable);
        assert_counts(&cases);
    }
}

fn mixed_cases(seed: u64, rows: usize, cols: usize, rotate: bool, flip: bool, count: usize) -> Vec<PackCase> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            let pieces = rng.range(1, (rows * cols).min(6));
            if i % 3 == 0 {
                random_pack(&mut rng, rows, cols, pieces, rotate, flip)
            } else {
                planted_pack(&mut rng, rows, cols, pieces, rotate, flip)
            }
        })
        .collect()
}

#[test]
fn counts_match_brute_force() {
    let mut seed = 387;
    for (rows, cols) in [(4, 4), (2, 3), (3, 4), (1, 5), (5, 2)] {
        for (rotate, flip) in [(false, false), (true, false), (false, true), (true, true)] {
            seed += 1;
            assert_counts(&mixed_cases(seed, rows, cols, rotate, flip, 24));
        }
    }
}

#[test]
fn identical_pieces_count_once() {
    let domino: Cells = vec![(0, 0), (0, 1)];
    let l: Cells = vec![(0, 0), (1, 0), (1, 1)];
    let mirrored_l = orient(&l, 4);
    let cases = vec![
        // Eight dominoes on a 4x4, turning allowed: the domino tilings.
        PackCase::rect(4, 4, vec![domino.clone(); 8], true, false),
        // An L and its mirror image: identical with --flip, not without.
        PackCase::rect(2, 3, vec![l.clone(), mirrored_l.clone()], true, true),
        PackCase::rect(2, 3, vec![l.clone(), mirrored_l.clone()], true, false),
        PackCase::rect(2, 3, vec![l.clone(), l.clone()], true, false),
        PackCase::rect(2, 3, vec![l.clone(), mirrored_l], false, true),
    ];
    assert_eq!(count_pack(&cases[0]), 36);
    for c in cases {
        assert_counts(&[c]);
    }
}

/// Several cases in one input, against the judge's layout: planted ones
/// solved, near misses (unsolvable by brute force) refused.
#[test]
fn generated_judge_inputs() {
    let mut rng = Rng::new(0x387);
    let mut cases = vec![];
    let mut answers = vec![];
    for i in 0..30 {
        let pieces = rng.range(1, 5);
        let case = if i % 2 == 0 {
            planted_pack(&mut rng, 4, 4, pieces, false, false)
        } else {
            random_pack(&mut rng, 4, 4, pieces, false, false)
        };
        answers.push(pack_solvable(&case));
        cases.push(case);
    }
    assert!(answers.iter().any(|a| !a) && answers.iter().any(|a| *a));
    for threads in ["1", "2"] {
        let r = run(&["pack", "--threads", threads], pack_text(&cases));
        assert_eq!(r.code, Some(1));
        assert_judge_output(&cases, &r.stdout, &answers);
    }
    // The unsolvable answers byte for byte, with their separators.
    let unsolvable: Vec<PackCase> = cases.iter().zip(&answers).filter(|(_, a)| !**a).map(|(c, _)| c.clone()).collect();
    let r = run(&["pack"], pack_text(&unsolvable));
    let expected = vec!["No solution possible\n"; unsolvable.len()].join("\n");
    assert_eq!(r.stdout, expected);
    pack_records(&cases, &[]);
}

/// Boards other than 4x4, with holes-free rectangles up to 6x6.
#[test]
fn larger_boards_are_filled() {
    let mut rng = Rng::new(64);
    for (rows, cols, pieces) in [(6, 6, 8), (5, 8, 8), (3, 10, 6), (8, 5, 10)] {
        for (rotate, flip) in [(false, false), (true, true)] {
            let cases: Vec<PackCase> =
                (0..4).map(|_| planted_pack(&mut rng, rows, cols, pieces, rotate, flip)).collect();
            let recs = pack_records(&cases, &[]);
            assert!(recs.iter().all(|r| r["solvable"] == true));
        }
    }
}

proptest! {
    #![proptest_config(proptest_config(64))]

    /// A planted filling is found again, and passes the verifier.
    #[test]
    fn planted_fillings_are_found(seed in any::<u64>(), rows in 1usize..=5, cols in 1usize..=5, pieces in 1usize..=6, rotate in any::<bool>(), flip in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let case = planted_pack(&mut rng, rows, cols, pieces, rotate, flip);
        let rec = &pack_records(std::slice::from_ref(&case), &[])[0];
        prop_assert_eq!(&rec["status"], "solvable");
    }

    /// Shuffling the pieces changes neither the verdict nor the count; nor
    /// does redrawing each piece in another allowed orientation.
    #[test]
    fn shuffling_and_redrawing_keep_the_count(seed in any::<u64>(), rows in 2usize..=4, cols in 2usize..=4, pieces in 1usize..=5, rotate in any::<bool>(), flip in any::<bool>(), plant in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let case = if plant {
            planted_pack(&mut rng, rows, cols, pieces, rotate, flip)
        } else {
            random_pack(&mut rng, rows, cols, pieces, rotate, flip)
        };
        let mut shuffled = case.clone();
        rng.shuffle(&mut shuffled.pieces);
        let mut redrawn = case.clone();
        let allowed: Vec<u8> = (0..8).filter(|&t| crate::verify::allowed(t, rotate, flip)).collect();
        for p in &mut redrawn.pieces {
            *p = orient(p, allowed[rng.below(allowed.len())]);
        }
        let recs = pack_records(&[case, shuffled, redrawn], &["--count"]);
        for rec in &recs[1..] {
            prop_assert_eq!(&rec["count"], &recs[0]["count"]);
            prop_assert_eq!(&rec["status"], &recs[0]["status"]);
        }
    }
}

/// A drawing's empty outer rows and columns are not part of the shape: a
/// padded drawing packs like the bare one, even when the padding is larger
/// than the board.
#[test]
fn padding_around_a_drawing_does_not_count() {
    let mut rng = Rng::new(0x9AD);
    let cases: Vec<PackCase> = (0..16).map(|i| planted_pack(&mut rng, 3, 3, 2 + i % 4, i % 2 == 1, false)).collect();
    for case in &cases {
        let mut text = format!("{}\n", case.pieces.len());
        for p in &case.pieces {
            let (top, left, bottom, right) = (rng.below(3), rng.below(3), rng.below(3), rng.below(3));
            let h = p.iter().map(|c| c.0).max().unwrap() + 1 + top + bottom;
            let w = p.iter().map(|c| c.1).max().unwrap() + 1 + left + right;
            text.push_str(&format!("{h} {w}\n"));
            for r in 0..h {
                text.extend((0..w).map(|c| {
                    let inside = r >= top && c >= left && p.contains(&(r - top, c - left));
                    if inside {
                        '1'
                    } else {
                        '0'
                    }
                }));
                text.push('\n');
            }
        }
        text.push_str("0\n");
        let mut args = pack_args(case);
        args.extend(["--count".to_string(), "--json".to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let padded = run(&args, text);
        let bare = run(&args, pack_text(std::slice::from_ref(case)));
        assert_eq!(padded.code, bare.code, "{}", padded.stderr);
        let (p, b) = (&padded.cases()[0], &bare.cases()[0]);
        assert_eq!(p["count"], b["count"]);
        assert_eq!(p["puzzle"], b["puzzle"], "pictures are drawn without padding");
        assert_eq!(p["count"], count_pack(case));
        assert_pack_record(p, Some(case));
    }
}
