//! The command line: exit statuses, bad input (one test per message),
//! line endings and white space, shards, hints, text snapshots and the
//! engine's node counts.

use crate::brute::{count_pack, count_tiles, pack_text, planted_pack, planted_tiles, tetravex_text, tiles_solvable};
use crate::tetravex::tile_records;
use crate::util::{data, data_text, example, run, Rng, Run};
use crate::verify::{assert_tile_record, check_pack_text, parse_tetravex, PackCase, TileCase};

// ---------------------------------------------------------------------------
// Exit statuses.

#[test]
fn exit_status_zero_when_every_case_is_solvable() {
    let r = run(&["tetravex"], "2\n5 9 1 4\n4 4 5 6\n6 8 5 4\n0 4 4 3\n0\n");
    assert_eq!((r.stdout.as_str(), r.code), ("Game 1: Possible\n", Some(0)));
    let r = run(&["edges"], example("edges-2x2.txt"));
    assert_eq!(r.code, Some(0));
    let r = run(&["pack"], "2\n2 4\n1111\n1111\n2 4\n1111\n1111\n0\n");
    assert_eq!((r.stdout.as_str(), r.code), ("1111\n1111\n2222\n2222\n", Some(0)));
    // No case at all.
    let r = run(&["tetravex"], "0\n");
    assert_eq!((r.stdout.as_str(), r.code), ("", Some(0)));
}

#[test]
fn exit_status_one_when_some_case_is_unsolvable() {
    let r = run(&["tetravex"], example("tetravex-zoj1008.txt"));
    assert_eq!(r.code, Some(1));
    let r = run(&["pack"], example("pack-uva387.txt"));
    assert_eq!(r.code, Some(1));
    let r = run(&["edges"], data_text("edges/uva519.txt"));
    assert_eq!(r.code, Some(1));
}

#[test]
fn exit_status_three_when_a_case_is_unknown() {
    let input = data_text("tetravex/5x5.txt");
    for extra in [&[][..], &["--count"], &["--all"]] {
        let mut args = vec!["tetravex", "--max-nodes", "1"];
        args.extend_from_slice(extra);
        let r = run(&args, input.clone());
        assert_eq!(r.code, Some(3), "{args:?}: {r:?}");
        assert!(r.stdout.starts_with("Game 1: Unknown\n"), "{args:?}: {}", r.stdout);
        assert!(!r.stdout.contains("Possible"), "{}", r.stdout);
    }
    // Counting stopped by a node budget after a solution was found: the
    // case is solvable but its count unknown.
    let r = run(&["tetravex", "--count", "--max-nodes", "300", "--json"], input);
    assert_eq!(r.code, Some(3));
    let cases = r.cases();
    assert!(cases.iter().any(|c| c["complete"] == false && c["stopped"] == "max-nodes"), "{}", r.stdout);
    for c in &cases {
        assert_tile_record(c, false, None);
    }
}

#[test]
fn exit_status_two_for_usage_errors() {
    let input = example("tetravex-zoj1008.txt");
    for args in [
        &["tetravex", "--all", "--count"][..],
        &["tetravex", "--limit", "0", "--all"],
        &["tetravex", "--limit", "3"],
        &["tetravex", "--timeout", "0"],
        &["tetravex", "--timeout", "-1"],
        &["tetravex", "--shard", "0/3"],
        &["tetravex", "--shard", "4/3"],
        &["tetravex", "--shard", "x"],
        &["tetravex", "--fix", "1@1"],
        &["tetravex", "--fix", "0@1,1"],
        &["tetravex", "--fix", "1@1,1,4"],
        &["tetravex", "--in-place", "--fix", "1@1,1"],
        &["tetravex", "--no-such-option"],
        &["pack", "--board", "0x4"],
        &["pack", "--board", "65x1"],
        &["pack", "--board", "4"],
        &["nonsense"],
        &[],
    ] {
        let r = run(args, input.clone());
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert_eq!(r.stdout, "", "{args:?}");
        assert!(!r.stderr.is_empty(), "{args:?}");
    }
    let r = run(&["tetravex", "/no/such/file.txt"], "");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("/no/such/file.txt"), "{}", r.stderr);
}

/// `--threads` above a sane bound is a usage error at once (it once ran
/// for 20 s and aborted, or tried to allocate 800 GB); `--timeout` and
/// `--max-nodes` values that make no sense are named without noise.
#[test]
fn search_limits_out_of_range_are_usage_errors() {
    let tv = example("tetravex-zoj1008.txt");
    for (args, message) in [
        (&["--threads", "100000"][..], "at most 1024 threads"),
        (&["--threads", "99999999999"], "at most 1024 threads"),
        (&["--threads", "-3"], "expected a whole number of threads"),
        (&["--timeout", "1e300"], "at most 1000000000 seconds"),
        (&["--timeout", "nan"], "expected a positive number of seconds"),
        (&["--timeout", "-1"], "expected a positive number of seconds"),
        (&["--max-nodes", "0"], "--max-nodes must be at least 1"),
        (&["--limit", "0", "--count"], "--limit must be at least 1"),
    ] {
        let mut a = vec!["tetravex"];
        a.extend_from_slice(args);
        let r = run(&a, tv.clone());
        r.expect_code(2);
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("NaN") && !r.stderr.contains("use -- -1") && r.stderr.len() < 300, "{}", r.stderr);
        assert_eq!(r.stdout, "");
    }
    // The bound itself is fine.
    let r = run(&["tetravex", "--threads", "1024"], tv);
    assert_eq!(r.code, Some(1), "{r:?}");
}

#[test]
fn a_hint_that_names_no_piece_is_an_input_error() {
    let r = run(&["tetravex", "--fix", "9@1,1"], example("tetravex-zoj1008.txt"));
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains(".txt:1:") || r.stderr.contains("<stdin>:1:"), "{}", r.stderr);
    let r = run(&["tetravex", "--fix", "1@3,1"], example("tetravex-zoj1008.txt"));
    assert_eq!(r.code, Some(2));
    // A rotation needs turning tiles.
    let r = run(&["tetravex", "--fix", "1@1,1,1"], example("tetravex-zoj1008.txt"));
    assert_eq!(r.code, Some(2));
}

#[test]
fn an_input_error_beats_an_unsolvable_case() {
    let r = run(&["tetravex"], "2\n1 1 1 1\n2 2 2 2\n3 3 3 3\n4 4 4 4\n1\nx\n");
    assert_eq!(r.stdout, "Game 1: Impossible\n");
    assert_eq!(r.code, Some(2));
}

// ---------------------------------------------------------------------------
// Bad input: exit 2, the line in the message, no panic, earlier cases
// answered.

#[track_caller]
fn bad(args: &[&str], input: impl Into<Vec<u8>>, line: usize, message: &str, answered: &str) -> Run {
    let r = run(args, input);
    r.expect_code(2).expect_no_panic();
    // Warnings about earlier cases (such as pack's area warning) come first.
    let errors: Vec<&str> = r.stderr.lines().filter(|l| !l.contains(": warning: ")).collect();
    let first = errors.first().copied().unwrap_or("");
    assert!(first.contains(&format!(":{line}:")), "expected line {line} in: {}", r.stderr);
    assert!(r.stderr.contains(message), "expected {message:?} in: {}", r.stderr);
    assert_eq!(errors.len(), 1, "one error line: {}", r.stderr);
    assert_eq!(r.stdout, answered, "earlier cases are answered");
    r
}

const TV: &str = "1\n1 2 3 4\n";
const TV_OK: &str = "Game 1: Possible\n";

#[test]
fn tetravex_label_not_a_number() {
    bad(&["tetravex"], format!("{TV}1\na 1 1 1\n0\n"), 4, "found `a`", TV_OK);
}

#[test]
fn tetravex_negative_label() {
    bad(&["tetravex"], format!("{TV}1\n1 -1 1 1\n0\n"), 4, "found `-1`", TV_OK);
}

#[test]
fn tetravex_label_beyond_9999() {
    let r = bad(&["tetravex"], format!("{TV}1\n1 1 10000 1\n0\n"), 4, "10000", TV_OK);
    assert!(r.stderr.contains("9999"), "{}", r.stderr);
    // 9999 itself is fine.
    let r = run(&["tetravex"], "1\n9999 0 9999 0\n0\n");
    assert_eq!((r.stdout.as_str(), r.code), ("Game 1: Possible\n", Some(0)));
}

/// Line breaks carry no meaning (the judge reads with `scanf`): a tile of
/// three numbers takes the terminator as its fourth label, and the input
/// then ends where a board size was expected.
#[test]
fn tetravex_short_line() {
    let answered = "Game 1: Possible\n\nGame 2: Possible\n";
    bad(&["tetravex"], format!("{TV}1\n1 1 1\n0\n"), 6, "expected a board size or the terminating `0`", answered);
}

/// A fifth number on a tile's line is the next case's size.
#[test]
fn tetravex_long_line() {
    bad(
        &["tetravex"],
        format!("{TV}1\n1 1 1 1 1\n0\n"),
        6,
        "game 3 needs 1 tile, found 0",
        "Game 1: Possible\n\nGame 2: Possible\n",
    );
}

#[test]
fn tetravex_too_few_tile_lines() {
    bad(&["tetravex"], format!("{TV}2\n1 1 1 1\n1 1 1 1\n"), 6, "needs 4 tiles, found 2", TV_OK);
}

#[test]
fn tetravex_missing_terminating_zero() {
    bad(&["tetravex"], TV, 3, "terminating `0`", TV_OK);
}

#[test]
fn tetravex_huge_size_is_refused_quickly() {
    bad(&["tetravex"], format!("{TV}1000000000\n1 1 1 1\n0\n"), 3, "out of range (1 to 32)", TV_OK);
    bad(&["tetravex"], format!("{TV}99999999999999999999999\n0\n"), 3, "board size", TV_OK);
}

#[test]
fn tetravex_block_layout_short_line() {
    bad(&["tetravex", "--layout", "blocks"], "1\n1 2\n3\n", 4, "needs 2 block lines, found 1", "");
}

const ED: &str = "1 1\nFFFF\n";
const ED_OK: &str = "YES\n";

#[test]
fn edges_letter_other_than_f_i_o() {
    let r = bad(&["edges"], format!("{ED}1 1\nFXFF\n0 0\n"), 4, "found `X`", ED_OK);
    assert!(r.stderr.split(':').nth(3) == Some("2"), "{}", r.stderr);
}

#[test]
fn edges_short_piece_line() {
    // The terminator's first `0` completes the piece (a flat side); the
    // input then ends in the middle of a size.
    bad(&["edges"], format!("{ED}1 1\nFFF\n0 0\n"), 6, "expected the number of columns", "YES\nYES\n");
    bad(&["edges"], format!("{ED}1 1\nF F F\n0 0\n"), 6, "expected the number of columns", "YES\nYES\n");
    // Letters never run on into the next piece.
    let r = bad(&["edges"], format!("{ED}1 2\nFFF FF\n0 0\n"), 4, "more letters than the piece has sides left", ED_OK);
    assert!(r.stderr.lines().last().unwrap_or("").split(':').nth(3) == Some("5"), "{}", r.stderr);
}

#[test]
fn edges_missing_terminator() {
    bad(&["edges"], ED, 3, "`0 0`", ED_OK);
}

#[test]
fn edges_too_few_pieces() {
    bad(&["edges"], format!("{ED}2 2\nFFOO\n"), 5, "needs 4 pieces, found 1", ED_OK);
}

const PK: &str = "1\n4 4\n1111\n1111\n1111\n1111\n";
const PK_OK: &str = "1111\n1111\n1111\n1111\n";

#[test]
fn pack_row_of_the_wrong_width() {
    bad(&["pack"], format!("{PK}1\n2 2\n11\n111\n0\n"), 10, "has 3 cells, expected 2", PK_OK);
    bad(&["pack"], format!("{PK}1\n2 2\n11\n1\n0\n"), 10, "has 1 cell, expected 2", PK_OK);
}

#[test]
fn pack_character_other_than_0_or_1() {
    let r = bad(&["pack"], format!("{PK}1\n2 2\n11\n1x\n0\n"), 10, "found `x`", PK_OK);
    assert!(r.stderr.split(':').nth(3) == Some("2"), "{}", r.stderr);
}

/// A piece larger than the board makes a well-formed puzzle without a
/// solution: the judge's "no" answer, and the batch goes on (exit 1).
#[test]
fn pack_piece_larger_than_the_board() {
    let big = "1\n5 4\n1111\n1111\n1111\n1111\n1111\n";
    let r = run(&["pack"], format!("{big}{PK}0\n"));
    assert_eq!((r.stdout.clone(), r.code), (format!("No solution possible\n\n{PK_OK}"), Some(1)), "{r:?}");
    assert!(r.stderr.starts_with("tessera: <stdin>:1: warning: the pieces cover 20 cells"), "{}", r.stderr);
    // With --rotate it still fits nowhere; on a 5x5 board it does.
    let r = run(&["pack", "--rotate"], format!("{PK}1\n5 1\n1\n1\n1\n1\n1\n0\n"));
    assert_eq!((r.stdout, r.code), (format!("{PK_OK}\nNo solution possible\n"), Some(1)));
    let r = run(&["pack", "--board", "1x5", "--rotate"], "1\n5 1\n1\n1\n1\n1\n1\n0\n");
    assert_eq!((r.stdout.as_str(), r.code), ("11111\n", Some(0)));
    // In JSON: unsolvable, the reason as the refutation.
    let r = run(&["pack", "--json"], format!("{big}0\n"));
    let rec = &r.cases()[0];
    assert_eq!(rec["status"], "unsolvable");
    assert_eq!(rec["refuted_by"]["check"], "placement");
    assert_eq!(rec["refuted_by"]["detail"], "piece 1 (5x4) is larger than the 4x4 board");
    // No search ran: backend `none`, as --stats says (it was "").
    assert_eq!(rec["stats"]["backend"], "none");
    // Milliseconds to the microsecond, without float noise.
    for rec in run(&["tetravex", "--json"], example("tetravex-zoj1008.txt")).cases() {
        let ms = rec["stats"]["elapsed_ms"].to_string();
        assert!(ms.split('.').nth(1).is_none_or(|d| d.len() <= 3), "{ms}");
    }
    // More cells than the board, from a built-in set: answered too.
    let r = run(&["pack", "--set", "pentominoes"], "");
    assert_eq!((r.stdout.as_str(), r.code), ("No solution possible\n", Some(1)), "{r:?}");
}

#[test]
fn pack_missing_terminator() {
    bad(&["pack"], PK, 7, "terminating `0`", PK_OK);
}

#[test]
fn pack_piece_without_a_solid_cell() {
    bad(&["pack"], format!("{PK}1\n1 2\n00\n0\n"), 8, "no solid cell", PK_OK);
}

#[test]
fn invalid_utf8_is_refused_with_its_line() {
    let mut input = b"1\n1 2 3 4\n1\n1 1 ".to_vec();
    input.extend_from_slice(&[0xff, b' ', b'1', b'\n', b'0', b'\n']);
    let r = run(&["tetravex"], input);
    r.expect_code(2).expect_no_panic();
    assert!(r.stderr.contains(":4:5"), "{}", r.stderr);
    assert!(r.stderr.contains("UTF-8"), "{}", r.stderr);
}

/// Like every other input error, a bad byte on a later line leaves the
/// earlier cases answered (it once discarded them: the whole input was
/// decoded before the first case was read).
#[test]
fn invalid_utf8_keeps_earlier_answers() {
    let mut input = b"1\n1 2 3 4\n1\n1 1 ".to_vec();
    input.extend_from_slice(&[0xff, b' ', b'1', b'\n', b'0', b'\n']);
    bad(&["tetravex"], input, 4, "UTF-8", TV_OK);
}

// ---------------------------------------------------------------------------
// Line endings and white space.

#[test]
fn crlf_line_endings_work() {
    let crlf = |s: &str| s.replace('\n', "\r\n");
    let r = run(&["tetravex"], crlf(&example("tetravex-zoj1008.txt")));
    assert_eq!((r.stdout.as_str(), r.code), ("Game 1: Possible\n\nGame 2: Impossible\n", Some(1)));
    let r = run(&["edges"], crlf(&data_text("edges/uva519.txt")));
    assert_eq!((r.stdout, r.code), (data_text("edges/uva519.expected"), Some(1)));
    let r = run(&["pack"], crlf(&example("pack-uva387.txt")));
    assert_eq!((r.stdout, r.code), (data_text("pack/uva387.expected"), Some(1)));
    // Errors on CRLF input still name the right line.
    let r = bad(&["tetravex"], crlf(&format!("{TV}1\n1 1 x 1\n0\n")), 4, "found `x`", TV_OK);
    assert!(r.stderr.lines().last().unwrap_or("").split(':').nth(3) == Some("5"), "{}", r.stderr);
}

/// The judges read with `scanf`: a case may spread its tokens over lines in
/// any way. The judges' sample inputs, reflowed at random (several tiles on
/// a line, a tile split over two, the size on the first tile's line, tabs,
/// blank lines), get the judges' answers byte for byte.
#[test]
fn judge_input_is_tokens_not_lines() {
    let reflow = |text: &str, seed: u64| -> String {
        let mut rng = crate::util::Rng::new(seed);
        let mut out = String::new();
        for tok in text.split_whitespace() {
            out.push_str(tok);
            out.push_str(match rng.below(8) {
                0 | 1 => "\n",
                2 => "\n\n",
                3 => "\t",
                4 => " \t \r\n",
                _ => " ",
            });
        }
        out
    };
    let cases = [
        ("tetravex", example("tetravex-zoj1008.txt"), "Game 1: Possible\n\nGame 2: Impossible\n".to_string()),
        ("edges", data_text("edges/uva519.txt"), data_text("edges/uva519.expected")),
        ("pack", example("pack-uva387.txt"), data_text("pack/uva387.expected")),
    ];
    for (cmd, text, expected) in cases {
        for seed in 1..=6 {
            let input = reflow(&text, seed);
            let r = run(&[cmd], input.clone());
            assert_eq!(r.stdout, expected, "{cmd}, reflowed input:\n{input}");
            assert_eq!(r.code, Some(1), "{cmd}");
        }
        // All on one line.
        let r = run(&[cmd], text.split_whitespace().collect::<Vec<_>>().join(" "));
        assert_eq!(r.stdout, expected, "{cmd} on one line");
    }
    // Errors still name the offending token's line and column.
    let r = bad(&["tetravex"], "1 1 2\n3 4 2\n1 1 1 1 1 z\n", 3, "found `z`", "Game 1: Possible\n");
    assert!(r.stderr.lines().last().unwrap_or("").split(':').nth(3) == Some("11"), "{}", r.stderr);
    let r = bad(&["pack"], "1 1 2 11\n1 1 2 1x\n0\n", 2, "found `x`", "No solution possible\n");
    assert!(r.stderr.contains("<stdin>:2:8: "), "{}", r.stderr);
}

#[test]
fn tabs_and_trailing_spaces_work() {
    let messy = |s: &str| -> String {
        s.lines()
            .enumerate()
            .map(|(i, l)| if i % 2 == 0 { format!("\t{l} \t \n") } else { format!("{l}   \n") })
            .collect()
    };
    let tabbed = example("tetravex-zoj1008.txt").replace(' ', "\t");
    let r = run(&["tetravex"], messy(&tabbed));
    assert_eq!((r.stdout.as_str(), r.code), ("Game 1: Possible\n\nGame 2: Impossible\n", Some(1)));
    let r = run(&["edges"], messy(&data_text("edges/uva519.txt")));
    assert_eq!((r.stdout, r.code), (data_text("edges/uva519.expected"), Some(1)));
    let r = run(&["pack"], messy(&example("pack-uva387.txt")));
    assert_eq!((r.stdout, r.code), (data_text("pack/uva387.expected"), Some(1)));
    // Edges pieces written as separate letters or signed numbers.
    let r = run(&["edges"], "2 2\nF F I I\n+1 0 0 +1\n0 1 1 0\n-1 -1 0 0\n0 0\n");
    assert_eq!((r.stdout.as_str(), r.code), ("YES\n", Some(0)));
}

#[test]
fn missing_final_newline_works() {
    let trim = |s: String| s.trim_end().to_string();
    let r = run(&["tetravex"], trim(example("tetravex-zoj1008.txt")));
    assert_eq!((r.stdout.as_str(), r.code), ("Game 1: Possible\n\nGame 2: Impossible\n", Some(1)));
    let r = run(&["edges"], trim(data_text("edges/uva519.txt")));
    assert_eq!((r.stdout, r.code), (data_text("edges/uva519.expected"), Some(1)));
    let r = run(&["pack"], trim(example("pack-uva387.txt")));
    assert_eq!((r.stdout, r.code), (data_text("pack/uva387.expected"), Some(1)));
}

#[test]
fn blank_lines_between_cases_are_skipped() {
    let input = example("tetravex-zoj1008.txt").replace('\n', "\n\n");
    let r = run(&["tetravex"], input);
    assert_eq!((r.stdout.as_str(), r.code), ("Game 1: Possible\n\nGame 2: Impossible\n", Some(1)));
}

#[test]
fn input_from_a_file_or_dash() {
    let path = data("tetravex/5x5.txt");
    let path = path.to_str().unwrap();
    let from_file = run(&["tetravex", path], "");
    let from_dash = run(&["tetravex", "-"], data_text("tetravex/5x5.txt"));
    assert_eq!(from_file.stdout, from_dash.stdout);
    assert_eq!(from_file.stdout, "Game 1: Possible\n\nGame 2: Possible\n\nGame 3: Possible\n\nGame 4: Impossible\n");
    assert_eq!(from_file.code, Some(1));
}

// ---------------------------------------------------------------------------
// The 5x5 data file: judge sized boards, brute force agrees.

#[test]
fn judge_sized_boards() {
    let cases = parse_tetravex(&data_text("tetravex/5x5.txt"));
    let brute: Vec<bool> = cases.iter().map(tiles_solvable).collect();
    assert_eq!(brute, vec![true, true, true, false]);
    tile_records("tetravex", &cases, &[]);
}

// ---------------------------------------------------------------------------
// Shards: the counts of the shards add up to the whole count.

#[test]
fn shard_counts_add_up() {
    let mut rng = Rng::new(16);
    let cases: Vec<TileCase> = (0..8).map(|i| planted_tiles(&mut rng, 3, 3, 3 + i % 3, true, false)).collect();
    let text = tetravex_text(&cases);
    let want: Vec<u64> = cases.iter().map(count_tiles).collect();
    for n in [2u64, 3, 7] {
        let mut total = vec![0u64; cases.len()];
        for i in 1..=n {
            let shard = format!("{i}/{n}");
            let r = run(&["tetravex", "--rotate", "--count", "--json", "--shard", &shard], text.clone());
            for (k, rec) in r.cases().iter().enumerate() {
                assert_eq!(rec["shard"]["index"], i);
                assert_eq!(rec["shard"]["count"], n);
                assert_eq!(rec["complete"], true);
                total[k] += rec["count"].as_u64().unwrap();
                assert_tile_record(rec, false, Some(&cases[k]));
            }
        }
        assert_eq!(total, want, "shards of {n}");
    }
    let mut rng = Rng::new(17);
    let packs: Vec<PackCase> = (0..6).map(|i| planted_pack(&mut rng, 4, 4, 3 + i % 3, true, true)).collect();
    let text = pack_text(&packs);
    let want: Vec<u64> = packs.iter().map(count_pack).collect();
    let mut total = vec![0u64; packs.len()];
    for i in 1..=4 {
        let shard = format!("{i}/4");
        let r = run(&["pack", "--rotate", "--flip", "--count", "--json", "--shard", &shard], text.clone());
        for (k, rec) in r.cases().iter().enumerate() {
            total[k] += rec["count"].as_u64().unwrap();
            crate::verify::assert_pack_record(rec, Some(&packs[k]));
        }
    }
    assert_eq!(total, want);
}

/// A shard that holds none of a solvable puzzle's solutions proves nothing
/// about the puzzle, yet it is reported as `Impossible` (`unsolvable`,
/// complete) with exit status 1.
#[test]

fn an_empty_shard_does_not_claim_unsolvable() {
    let input = "2\n5 9 1 4\n4 4 5 6\n6 8 5 4\n0 4 4 3\n0\n";
    for i in 1..=4 {
        let shard = format!("{i}/4");
        let r = run(&["tetravex", "--shard", &shard], input);
        assert_ne!(r.stdout, "Game 1: Impossible\n", "shard {shard}");
        assert_ne!(r.code, Some(1), "shard {shard}");
    }
}

// ---------------------------------------------------------------------------
// Hints.

#[test]
fn hints_are_honoured() {
    let mut rng = Rng::new(99);
    let case = planted_tiles(&mut rng, 3, 3, 3, true, false);
    let text = tetravex_text(std::slice::from_ref(&case));
    let total = count_tiles(&case);
    let r = run(&["tetravex", "--rotate", "--count", "--json"], text.clone());
    assert_eq!(r.cases()[0]["count"], total);
    for (fix, rot) in [("1@2,2", None), ("3@1,1,2", Some(2u8)), ("9@3,3,1", Some(1))] {
        let r = run(&["tetravex", "--rotate", "--count", "--json", "--fix", fix], text.clone());
        let rec = &r.cases()[0];
        let piece: usize = fix.split('@').next().unwrap().parse().unwrap();
        let rc: Vec<usize> = fix.split('@').nth(1).unwrap().split(',').take(2).map(|s| s.parse().unwrap()).collect();
        let expected = TileCase { fixes: vec![(piece - 1, rc[0] - 1, rc[1] - 1, rot)], ..case.clone() };
        assert_tile_record(rec, false, Some(&expected));
        assert!(rec["count"].as_u64().unwrap() <= total, "{rec}");
        if let Some(sol) = rec.get("solution") {
            let p = &sol["placements"][piece - 1];
            assert_eq!((p["row"].as_u64(), p["col"].as_u64()), (Some(rc[0] as u64), Some(rc[1] as u64)));
        }
    }
    // Pinning every tile where a planted solution has it leaves one solution.
    let rec = &tile_records("tetravex", std::slice::from_ref(&case), &["--rotate"])[0];
    let fixes: Vec<String> = rec["solution"]["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| format!("{}@{},{},{}", p["piece"], p["row"], p["col"], p["rotation"]))
        .collect();
    let mut args = vec!["tetravex", "--rotate", "--count", "--json"];
    for f in &fixes {
        args.push("--fix");
        args.push(f);
    }
    let r = run(&args, text);
    assert_eq!(r.cases()[0]["count"], 1, "{}", r.stdout);
}

/// Hints cut the count exactly as brute force says: tetravex and edges, with
/// and without turning, one or two hints with or without a rotation (some
/// contradict the board: 0 solutions).
#[test]
fn hint_counts_match_brute_force() {
    let mut rng = Rng::new(0xF1C);
    let mut counts = vec![];
    for i in 0..24 {
        let (edges, rotate) = (i % 2 == 1, i % 4 >= 2);
        let (rows, cols) = if edges { [(2, 3), (3, 3), (3, 2)][i % 3] } else { (3, 3) };
        let mut case = planted_tiles(&mut rng, rows, cols, 2, rotate, edges);
        let mut cells: Vec<usize> = (0..rows * cols).collect();
        let mut pieces = cells.clone();
        rng.shuffle(&mut cells);
        rng.shuffle(&mut pieces);
        let mut args = vec!["--count".to_string()];
        if rotate {
            args.push("--rotate".into());
        }
        for k in 0..1 + i % 2 {
            let (piece, cell) = (pieces[k], cells[k]);
            let rot = (rotate && rng.coin()).then(|| rng.below(4) as u8);
            case.fixes.push((piece, cell / cols, cell % cols, rot));
            let turn = rot.map(|r| format!(",{r}")).unwrap_or_default();
            args.push("--fix".into());
            args.push(format!("{}@{},{}{turn}", piece + 1, cell / cols + 1, cell % cols + 1));
        }
        let want = count_tiles(&case);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let sub = if edges { "edges" } else { "tetravex" };
        let rec = &tile_records(sub, std::slice::from_ref(&case), &args)[0];
        assert_eq!(rec["count"], want, "{args:?} on {case:?}");
        counts.push(want);
    }
    // Not vacuous: some hints contradict the board, some leave a choice.
    assert!(counts.contains(&0) && counts.iter().any(|&c| c > 1), "{counts:?}");
}

// ---------------------------------------------------------------------------
// Text layouts.

#[test]
fn pack_grids_name_many_pieces() {
    // Sixteen monominoes: one filling (identical pieces), symbols 1-9, A-G.
    let case = PackCase::rect(4, 4, vec![vec![(0, 0)]; 16], false, false);
    let r = run(&["pack", "--count"], pack_text(std::slice::from_ref(&case)));
    assert_eq!(r.code, Some(0));
    let (grid, count) = r.stdout.split_at(20);
    check_pack_text(&case, grid).unwrap();
    assert_eq!(count, "1 solution\n");
    assert_eq!(grid, "1234\n5678\n9ABC\nDEFG\n");
}

#[test]
fn counts_and_grids_separate_every_case() {
    // With --count or --grid, edges cases are separated by empty lines too.
    let input = example("edges-2x2.txt").replace("0 0\n", "") + &example("edges-2x2.txt");
    let r = run(&["edges", "--count"], input);
    assert_eq!(r.stdout, "YES\n1 solution\n\nYES\n1 solution\n");
    let r = run(&["tetravex", "--count"], example("tetravex-zoj1008.txt"));
    assert_eq!(r.stdout, "Game 1: Possible\n1 solution\n\nGame 2: Impossible\n0 solutions\n");
    let r = run(&["tetravex", "--count", "--limit", "2"], "2\n1 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 2\n0\n");
    assert_eq!(r.stdout, "Game 1: Possible\nat least 2 solutions (limit reached)\n");
}

#[test]
fn stats_go_to_stderr() {
    let r = run(&["tetravex", "--stats", "--threads", "1"], example("tetravex-zoj1008.txt"));
    assert_eq!(r.stdout, "Game 1: Possible\n\nGame 2: Impossible\n");
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", r.stderr);
    assert!(lines[0].starts_with("case 1: ") && lines[0].contains(" nodes"), "{}", r.stderr);
    assert!(lines[1].starts_with("case 2: "), "{}", r.stderr);
}

// ---------------------------------------------------------------------------
// Snapshots of the text renderings.

const TV_2X2: &str = "2\n5 9 1 4\n4 4 5 6\n6 8 5 4\n0 4 4 3\n0\n";
const PK_SAMPLE_1: &str = "4\n2 3\n111\n101\n4 2\n01\n01\n11\n01\n2 1\n1\n1\n3 2\n10\n10\n11\n0\n";

#[test]
fn snapshot_tetravex_grid() {
    let r = run(&["tetravex", "--grid"], TV_2X2);
    insta::assert_snapshot!(r.stdout, @r"
    Game 1: Possible
    ┌─────┬─────┐
    │  0  │  6  │
    │3   4│4   8│
    │  4  │  5  │
    ├─────┼─────┤
    │  4  │  5  │
    │6   4│4   9│
    │  5  │  1  │
    └─────┴─────┘
    ");
    let r = run(&["tetravex", "--grid", "--ascii"], TV_2X2);
    insta::assert_snapshot!(r.stdout, @r"
    Game 1: Possible
    +-----+-----+
    |  0  |  6  |
    |3   4|4   8|
    |  4  |  5  |
    +-----+-----+
    |  4  |  5  |
    |6   4|4   9|
    |  5  |  1  |
    +-----+-----+
    ");
}

#[test]
fn snapshot_edges_grid() {
    let r = run(&["edges", "--grid"], example("edges-2x2.txt"));
    insta::assert_snapshot!(r.stdout, @r"
    YES
    ┌─────┬─────┐
    │  F  │  F  │
    │F   O│I   F│
    │  O  │  I  │
    ├─────┼─────┤
    │  I  │  O  │
    │F   I│O   F│
    │  F  │  F  │
    └─────┴─────┘
    ");
    let r = run(&["edges", "--grid", "--ascii"], "2 2\n0 0 -1 -1\n+1 0 0 +1\n0 +1 +1 0\n-1 -1 0 0\n0 0\n");
    insta::assert_snapshot!(r.stdout, @r"
    YES
    +-------+-------+
    |   0   |   0   |
    |0    +1|-1    0|
    |  +1   |  -1   |
    +-------+-------+
    |  -1   |  +1   |
    |0    -1|+1    0|
    |   0   |   0   |
    +-------+-------+
    ");
}

#[test]
fn snapshot_pack_grid() {
    let r = run(&["pack", "--grid"], PK_SAMPLE_1);
    insta::assert_snapshot!(r.stdout, @r"
    1112
    1412
    3422
    3442
    ┌───────────┬───┐
    │ 1   1   1 │ 2 │
    │   ┌───┐   │   │
    │ 1 │ 4 │ 1 │ 2 │
    ├───┤   ├───┘   │
    │ 3 │ 4 │ 2   2 │
    │   │   └───┐   │
    │ 3 │ 4   4 │ 2 │
    └───┴───────┴───┘
    ");
    let r = run(&["pack", "--grid", "--ascii"], PK_SAMPLE_1);
    insta::assert_snapshot!(r.stdout, @r"
    1112
    1412
    3422
    3442
    +-----------+---+
    | 1   1   1 | 2 |
    |   +---+   |   |
    | 1 | 4 | 1 | 2 |
    +---+   +---+   |
    | 3 | 4 | 2   2 |
    |   |   +---+   |
    | 3 | 4   4 | 2 |
    +---+-------+---+
    ");
}

#[test]
fn snapshot_tetravex_short_help() {
    let out = assert_cmd::Command::cargo_bin("tessera")
        .unwrap()
        .args(["tetravex", "-h"])
        .env("COLUMNS", "100")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    insta::assert_snapshot!(text, @r"
    Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet

    Usage: tessera tetravex [OPTIONS] [FILE]...

    Arguments:
      [FILE]...  Input files, read in turn; `-` or nothing reads standard input

    Options:
      -h, --help     Print help (see more with '--help')
      -V, --version  Print version

    Input:
          --input <FORMAT>  Read the judge's text or JSON puzzles (auto: JSON if it starts with `{` or
                            `[`) [default: auto] [possible values: auto, text, json]

    Output:
      -g, --grid             Draw each solution after its verdict
          --ascii            Draw grids with plain ASCII instead of box characters
      -c, --count            Count every distinct solution (identical pieces swapped count once)
          --all              Print every solution
          --limit <N>        With --all (or --count): stop after N solutions
          --json             Write newline-delimited JSON records instead of text
          --svg <PATH>       Also draw each solution as an SVG picture: a FILE, a DIR/, a name with
                             {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)
      -q, --quiet            Print nothing on stdout: the exit status alone answers (like grep -q); each
                             case is searched only to its first solution
          --stats            Print effort counters for each case on stderr
          --color <WHEN>     When to colour grids (auto: stdout is a terminal, NO_COLOR unset) [default:
                             auto] [possible values: auto, always, never]
          --progress <WHEN>  When to show a progress bar on stderr [default: auto] [possible values:
                             auto, always, never]

    Search:
          --timeout <SECONDS>  Give up on a case after this many seconds (the case is then unknown)
          --max-nodes <N>      Give up on a case after this many search nodes (reproducible; one thread)
      -j, --threads <N>        Worker threads (0: all cores; at most 1024) [default: 0]
          --shard <I/N>        Search only shard I of N (1-based), for splitting a search across
                               machines
          --backend <NAME>     Search backend (auto: by the puzzle and the estimated tree sizes; others
                               for comparisons) [default: auto] [possible values: auto, assign, rowscan,
                               general]
          --restarts <WHEN>    Restart first-solution searches in random orders (with 2+ threads: a
                               portfolio) [default: auto] [possible values: auto, never]
          --seed <S>           Seed of the restarts' random orders (the same seed repeats a one-thread
                               run exactly) [default: 0]
          --memo <WHEN>        Memoise subtree counts when counting (auto: when random walks, or a short
                               memoised pilot run, show that it pays) [default: auto] [possible values:
                               auto, on, off, halves]
          --memo-mb <MIB>      Memory cap of the count memo, in MiB, all threads together (default 1024;
                               when full it starts again)
          --shard-plan <N>     Print the estimated size of each of N shards (Knuth's estimate) instead
                               of searching
          --plan-out <FILE>    With --shard-plan N: plan once for every shard (many more walks, large
                               subtrees split, small ones counted) and write the plan to FILE, for
                               --shard I/N --plan FILE
          --plan <FILE>        With --shard I/N: search shard I of the plan in FILE (written by
                               --shard-plan N --plan-out FILE for the same input and options) instead of
                               planning again

    Rules:
          --rotate                    Tiles may turn (quarter turns) as well as move
          --in-place                  Every tile stays in its cell and may only turn
          --border <C>                Every outer side must carry label C, and no inner side may
          --layout <LAYOUT>           How the input draws the tiles [default: tiles] [possible values:
                                      tiles, blocks]
          --fix <TILE@ROW,COL[,ROT]>  Pin tile TILE (1-based, input order) at row ROW, column COL
                                      (1-based), turned ROT quarter turns clockwise (0-3)

    Exit status: 0 every case solvable; 1 some case proved unsolvable; 2 usage or input
    error; 3 some case unknown (a limit or timeout came first); 4 with --shard, some
    case had nothing to search in this shard; 130 interrupted (Ctrl-C). The most
    severe wins: 2, 130, 3, 1, 4, 0.
    ");
}

// ---------------------------------------------------------------------------
// Engine regression: the exact node counts of one-thread searches. A change
// here means the search itself changed (branching order, pruning...);
// update the numbers only on purpose.

fn nodes(args: &[&str], input: String) -> Vec<u64> {
    let mut all = args.to_vec();
    all.extend_from_slice(&["--json", "--count", "--threads", "1"]);
    run(&all, input).cases().iter().map(|c| c["stats"]["nodes"].as_u64().unwrap()).collect()
}

/// The backends `auto` chose for each case (from `--stats`' JSON).
fn backends(args: &[&str], input: String) -> Vec<String> {
    let mut all = args.to_vec();
    all.extend_from_slice(&["--json", "--count", "--threads", "1"]);
    run(&all, input).cases().iter().map(|c| c["stats"]["backend"].as_str().unwrap().to_string()).collect()
}

#[test]
fn node_counts_tetravex_5x5() {
    let data = || data_text("tetravex/5x5.txt");
    // With the colour balance (a forced row scan keeps it; before it:
    // 12493 assign nodes for case 3, and 14640, 5639, 118513, 10317).
    assert_eq!(nodes(&["tetravex", "--backend", "assign"], data()), vec![86, 85, 10350, 25]);
    assert_eq!(nodes(&["tetravex", "--backend", "rowscan"], data()), vec![2595, 1403, 50217, 1782]);
    // Judge-size trees are small enough for the row scan (estimated).
    assert_eq!(backends(&["tetravex"], data()), vec!["rowscan"; 4]);
    // `--json` adds the first solution's nodes to the count's, each first
    // tried on the plain row scan in the square order for 8,192 nodes:
    // the first solutions' trials end (595, 104 and 134; case 4 proved to
    // have none in 1,145), so do the counts' of cases 1 and 2 (1,370 and
    // 808). Case 3's count does not end in its trial: 8,192 nodes, then
    // the chosen search, which keeps the balance only where it cuts the
    // estimated tree by more than it costs: not there (50,217 balanced
    // nodes cost more than 117,558 plain ones).
    assert_eq!(nodes(&["tetravex"], data()), vec![1965, 912, 125884, 1145]);
}

#[test]
fn node_counts_edges_uva519() {
    let data = || data_text("edges/uva519.txt");
    // A count of tiles that turn keeps a quarter of the solutions (a
    // tile without a twin in its first orientation) and multiplies back:
    // 417 and 1,701 nodes for every solution.
    assert_eq!(nodes(&["edges", "--rotate", "--backend", "assign"], data()), vec![299, 0, 0]);
    assert_eq!(nodes(&["edges", "--rotate", "--backend", "rowscan"], data()), vec![1119, 0, 0]);
    assert_eq!(backends(&["edges", "--rotate"], data())[0], "rowscan");
}

#[test]
fn node_counts_pack_uva387() {
    // A count of the whole problem counts one solution per orbit of the
    // board's symmetries and multiplies back (156 and 449 nodes for
    // every solution).
    assert_eq!(nodes(&["pack", "--rotate", "--flip"], example("pack-uva387.txt")), vec![20, 0, 101]);
}

// ---------------------------------------------------------------------------
// Time limits, limits on counts, and the first solution across threads.

#[test]
fn a_timeout_leaves_the_count_unknown() {
    // A 6x6 board with three labels and turning has a great many solutions.
    // Counted one solution at a time (`--memo off`), a stopped count is a
    // lower bound; a count layer by layer (which the engine picks for this
    // board) counts no solution before its last layer: "at least 0".
    let mut rng = Rng::new(6);
    let case = planted_tiles(&mut rng, 6, 6, 3, true, false);
    let r = run(
        &["tetravex", "--rotate", "--count", "--timeout", "0.2", "--json"],
        tetravex_text(std::slice::from_ref(&case)),
    );
    assert_eq!(r.code, Some(3), "{}", r.stdout);
    let rec = &r.cases()[0];
    assert_eq!((rec["complete"].as_bool(), rec["stopped"].as_str()), (Some(false), Some("timeout")));
    // Solvable when a solution is known (the one shown), whatever the count.
    let shown = rec.get("solution").is_some();
    assert!(rec["count"].as_u64().unwrap() == 0 || shown, "{rec}");
    assert_eq!(rec["status"], if shown { "solvable" } else { "unknown" }, "{rec}");
    // A second, so that a loaded machine still finds a solution first.
    let r = run(
        &["tetravex", "--rotate", "--count", "--memo", "off", "--timeout", "1", "--json"],
        tetravex_text(std::slice::from_ref(&case)),
    );
    assert_eq!(r.code, Some(3), "{}", r.stdout);
    let rec = &r.cases()[0];
    assert_eq!((rec["status"].as_str(), rec["complete"].as_bool()), (Some("solvable"), Some(false)));
    assert_eq!(rec["stopped"], "timeout");
    assert!(rec["count"].as_u64().unwrap() > 0);
    assert_tile_record(rec, false, Some(&case));
    let r = run(&["tetravex", "--rotate", "--count", "--memo", "off", "--timeout", "1"], tetravex_text(&[case]));
    assert!(r.stdout.starts_with("Game 1: Possible\nat least "), "{}", r.stdout);
    assert!(r.stdout.ends_with(" solutions (search stopped: timeout)\n"), "{}", r.stdout);
    assert_eq!(r.code, Some(3));
}

/// A deadline that has passed when the engine starts (a nanosecond after
/// the case was read) stops it while it chooses and builds its backend, on
/// a board large enough that this takes a while: no node is spent, and the
/// case is reported like any other timeout, on every backend and thread
/// count, deciding or counting.
#[test]
fn a_timeout_during_the_setup_is_a_timeout() {
    let board = run(&["generate", "edges", "--size", "20x20", "--labels", "4", "--seed", "1"], "");
    board.expect_code(0);
    for backend in ["auto", "assign", "rowscan", "general"] {
        for threads in ["1", "2"] {
            let args = ["edges", "--timeout", "1e-9", "--stats", "--backend", backend, "--threads", threads];
            let r = run(&args, board.stdout.as_str());
            r.expect_code(3);
            assert_eq!(r.stdout, "UNKNOWN\n");
            assert!(r.stderr.contains(": 0 nodes, ") && r.stderr.contains("stopped: timeout"), "{}", r.stderr);
            let r = run(&[&args[..], &["--count"]].concat(), board.stdout.as_str());
            r.expect_code(3);
            assert_eq!(r.stdout, "UNKNOWN\nat least 0 solutions (search stopped: timeout)\n");
            let r = run(&[&args[..], &["--count", "--json"]].concat(), board.stdout.as_str());
            r.expect_code(3);
            let rec = &r.cases()[0];
            assert_eq!((rec["status"].as_str(), rec["solvable"].is_null()), (Some("unknown"), true), "{rec}");
            assert_eq!((rec["stopped"].as_str(), rec["complete"].as_bool()), (Some("timeout"), Some(false)), "{rec}");
            assert_eq!((rec["stats"]["nodes"].as_u64(), rec["stats"]["backend"].as_str()), (Some(0), Some("none")));
        }
    }
    // A shard plan stopped before it is made is no plan: exit 3, and why.
    for threads in ["1", "2"] {
        let args = ["edges", "--timeout", "1e-9", "--shard-plan", "4", "--threads", threads];
        let r = run(&args, board.stdout.as_str());
        r.expect_code(3);
        assert_eq!(r.stdout, "Case 1: no plan: stopped: timeout\n");
        let r = run(&[&args[..], &["--json"]].concat(), board.stdout.as_str());
        r.expect_code(3);
        let rec = &r.json_lines()[0];
        assert_eq!((rec["type"].as_str(), rec["stopped"].as_str()), (Some("shard-plan"), Some("timeout")), "{rec}");
    }
    // A packing puzzle's model lists every placement, `--unique` chooses
    // how to break the board's symmetry (once 14 s on the 30x30 board),
    // and the problem is built, all before the search (5 s and 2.8 GB on
    // the 60x60 board): the case's clock runs from before, and they poll it.
    for (size, pieces, unique) in [("30x30", "120", true), ("60x60", "400", false)] {
        let cut = ["generate", "pack", "--size", size, "--pieces", pieces, "--rotate", "--flip", "--seed", "1"];
        let pack = run(&cut, "");
        pack.expect_code(0);
        for threads in ["1", "2"] {
            let args = ["pack", "--board", size, "--rotate", "--flip", "--timeout", "1e-9", "--stats", "--threads"];
            let unique: &[&str] = if unique { &["--unique"] } else { &[] };
            let r = run(&[&args[..], &[threads], unique].concat(), pack.stdout.as_str());
            r.expect_code(3);
            assert_eq!(r.stdout, "Unknown\n");
            assert!(r.stderr.contains(": 0 nodes, ") && r.stderr.contains("stopped: timeout"), "{}", r.stderr);
        }
    }
}

#[test]
fn a_limit_above_the_count_is_complete() {
    let cases = vec![TileCase::tetravex(2, vec![[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 2], [1, 1, 2, 1]], true)];
    let want = count_tiles(&cases[0]);
    assert_eq!(want, 28);
    for mode in ["--count", "--all"] {
        let recs = tile_records("tetravex", &cases, &["--rotate", mode, "--limit", "1000"]);
        assert_eq!((recs[0]["count"].as_u64(), recs[0]["complete"].as_bool()), (Some(want), Some(true)));
        assert!(recs[0].get("stopped").is_none(), "{}", recs[0]);
        let recs = tile_records("tetravex", &cases, &["--rotate", mode, "--limit", "28"]);
        assert_eq!(recs[0]["count"].as_u64(), Some(want));
    }
}

/// Deciding reports the solution a one-thread search finds first, however
/// many threads run.
#[test]
fn the_first_solution_does_not_depend_on_threads() {
    let mut rng = Rng::new(1);
    let cases: Vec<TileCase> = (0..20).map(|i| planted_tiles(&mut rng, 3 + i % 3, 3 + i % 3, 3, true, false)).collect();
    let one = tile_records("tetravex", &cases, &["--rotate", "--threads", "1"]);
    for threads in ["2", "4"] {
        let many = tile_records("tetravex", &cases, &["--rotate", "--threads", threads]);
        for (a, b) in one.iter().zip(&many) {
            assert_eq!(a["solution"], b["solution"], "with {threads} threads");
        }
    }
    let mut rng = Rng::new(2);
    let packs: Vec<PackCase> = (0..12).map(|i| planted_pack(&mut rng, 5, 5, 4 + i % 4, true, true)).collect();
    let text = pack_text(&packs);
    let one = run(&["pack", "--board", "5x5", "--rotate", "--flip", "--threads", "1"], text.clone());
    let two = run(&["pack", "--board", "5x5", "--rotate", "--flip", "--threads", "2"], text);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.code, Some(0));
}

// ---------------------------------------------------------------------------
// Drawn tile grids show valid solutions.

/// Reads a drawn tile board (either style) back into labels.
fn read_drawn_tiles(text: &str, rows: usize, cols: usize, side: &dyn Fn(&str) -> i32) -> Vec<Vec<[i32; 4]>> {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4 * rows + 1, "{text}");
    let cells = |l: &str| -> Vec<String> {
        let parts: Vec<String> = l.split(['|', '│']).map(String::from).collect();
        assert_eq!(parts.len(), cols + 2, "{l}");
        parts[1..=cols].to_vec()
    };
    (0..rows)
        .map(|r| {
            let (top, mid, bottom) = (cells(lines[4 * r + 1]), cells(lines[4 * r + 2]), cells(lines[4 * r + 3]));
            (0..cols)
                .map(|c| {
                    let lr: Vec<&str> = mid[c].split_whitespace().collect();
                    assert_eq!(lr.len(), 2, "{}", mid[c]);
                    [side(top[c].trim()), side(lr[1]), side(bottom[c].trim()), side(lr[0])]
                })
                .collect()
        })
        .collect()
}

#[test]
fn drawn_grids_show_valid_solutions() {
    let mut rng = Rng::new(5);
    for (n, ascii) in [(2, true), (3, false), (4, true), (5, false)] {
        let case = planted_tiles(&mut rng, n, n, 10, true, false);
        let args: &[&str] =
            if ascii { &["tetravex", "--rotate", "--grid", "--ascii"] } else { &["tetravex", "--rotate", "--grid"] };
        let r = run(args, tetravex_text(std::slice::from_ref(&case)));
        let body = r.stdout.strip_prefix("Game 1: Possible\n").unwrap();
        let grid = read_drawn_tiles(body, n, n, &|s| s.parse().unwrap());
        crate::verify::check_tile_grid(&case, &grid).unwrap();
        // The grid shows the input's tiles, each once.
        let mut shown: Vec<[i32; 4]> =
            grid.iter().flatten().map(|&t| (0..4).map(|k| crate::verify::turn(t, k)).min().unwrap()).collect();
        let mut given: Vec<[i32; 4]> =
            case.tiles.iter().map(|&t| (0..4).map(|k| crate::verify::turn(t, k)).min().unwrap()).collect();
        shown.sort();
        given.sort();
        assert_eq!(shown, given);
    }
    for (rows, cols, letters) in [(3, 5, true), (4, 2, false)] {
        let case = planted_tiles(&mut rng, rows, cols, if letters { 1 } else { 12 }, false, true);
        let r = run(&["edges", "--grid", "--ascii"], crate::brute::edges_text(std::slice::from_ref(&case)));
        let body = r.stdout.strip_prefix("YES\n").unwrap();
        let side = |s: &str| match s {
            "F" => 0,
            "O" => 1,
            "I" => -1,
            n => n.parse().unwrap(),
        };
        let grid = read_drawn_tiles(body, rows, cols, &side);
        crate::verify::check_tile_grid(&case, &grid).unwrap();
    }
}

/// `--all` in text: every distinct solution drawn once, numbered 1..N in
/// order, then the verdict and the count.
#[test]
fn all_in_text_draws_every_solution() {
    let mut rng = Rng::new(0x7A);
    let cases: Vec<TileCase> = (0..6).map(|i| planted_tiles(&mut rng, 2 + i % 2, 2 + i % 2, 3, true, false)).collect();
    for (k, case) in cases.iter().enumerate() {
        let want = count_tiles(case);
        let r = run(&["tetravex", "--rotate", "--all", "--ascii"], tetravex_text(std::slice::from_ref(case)));
        assert_eq!(r.code, Some(0));
        let noun = if want == 1 { "solution" } else { "solutions" };
        let tail = format!("Game 1: Possible\n{want} {noun}\n");
        let body = r.stdout.strip_suffix(&tail).unwrap_or_else(|| panic!("case {k}: {}", r.stdout));
        let blocks: Vec<&str> = body.split_terminator("\n\n").collect();
        assert_eq!(blocks.len() as u64, want, "case {k}");
        let mut seen = std::collections::HashSet::new();
        for (i, block) in blocks.iter().enumerate() {
            let grid_text = block.strip_prefix(&format!("Solution {}:\n", i + 1)).expect("numbered in order");
            let grid = read_drawn_tiles(grid_text, case.rows, case.cols, &|s| s.parse().unwrap());
            crate::verify::check_tile_grid(case, &grid).unwrap();
            assert!(seen.insert(grid), "solution {} drawn twice", i + 1);
        }
    }
}

#[test]
fn huge_sizes_are_refused_quickly_everywhere() {
    bad(&["edges"], format!("{ED}1000000000 1000000000\nFFFF\n0 0\n"), 3, "out of range", ED_OK);
    bad(&["edges"], format!("{ED}1 1\n+9999 -9999 +10000 0\n0 0\n"), 4, "`+10000`", ED_OK);
    bad(&["pack"], format!("{PK}1\n1000000000 1\n1\n0\n"), 8, "out of range", PK_OK);
    bad(&["pack"], format!("{PK}1000000000\n1 1\n1\n0\n"), 7, "too many", PK_OK);
}

// ---------------------------------------------------------------------------
// Memoised counts.

#[test]
fn memoised_counts_beyond_u64_in_text_json_and_merge() {
    // 14x14 domino tilings (OEIS A004003): more than a u64 holds.
    let board = "board 14x14\npiece D x98 rotate\n##\n";
    let want = "112202208776036178000000";
    let r = run(&["pack", "--count", "--threads", "2"], board);
    assert!(r.stdout.ends_with(&format!("\n{want} solutions\n")), "{}", r.stdout);
    let r = run(&["pack", "--count", "--json", "--stats"], board);
    assert!(r.stdout.contains(&format!(r#""count":"{want}","#)), "{}", r.stdout);
    assert!(r.stdout.contains(r#""memo":{"states":"#), "{}", r.stdout);
    assert!(r.stdout.contains(r#""method":"memo"}"#), "{}", r.stdout);
    assert!(r.stderr.contains("% hits"), "{}", r.stderr);
    // Shards add up exactly.
    let mut shards = String::new();
    for i in 1..=3 {
        shards += &run(&["pack", "--count", "--json", "--shard", &format!("{i}/3")], board).stdout;
    }
    let r = run(&["merge"], shards);
    assert_eq!(r.stdout, format!("Case 1: solvable, {want} solutions (3 of 3 shards complete)\n"));
}

#[test]
fn memo_on_off_and_auto_count_the_same() {
    // Duplicate-rich tetravex with turning: 2 labels.
    let input = "3\n0 1 1 0\n1 1 0 0\n0 0 1 1\n1 0 1 0\n0 1 0 1\n1 1 1 0\n0 0 0 1\n1 0 0 0\n0 1 1 1\n0\n";
    let counts: Vec<String> = ["auto", "on", "off"]
        .iter()
        .map(|m| run(&["tetravex", "--rotate", "--count", "--memo", m, "--memo-mb", "1"], input).stdout)
        .collect();
    assert!(counts[0].contains("solutions"), "{}", counts[0]);
    assert!(counts.iter().all(|c| *c == counts[0]), "{counts:?}");
    let r = run(&["tetravex", "--count", "--memo-mb", "0"], input);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("--memo-mb"), "{}", r.stderr);
}
