//! Hostile input: sizes far beyond memory, 10 MB lines, binary garbage,
//! invalid UTF-8, negative numbers, odd white space, a malformed case in the
//! middle of a batch, the largest boards tessera accepts, and the inputs the
//! fuzzers found. Every input gives a correct answer or one clear error line
//! naming its line (exit 2), quickly, and never a panic.

use crate::brute::{pack_text, planted_tiles, tetravex_text};
use crate::util::{data_text, example, run, Rng, Run};
use crate::verify::{check_tile_grid, Labels, TileCase};
use std::time::Duration;

/// Runs tessera and checks an input error: exit 2, one stderr line naming
/// `line`, holding `message`, and `answered` on stdout (the cases before).
#[track_caller]
fn refused(args: &[&str], input: impl Into<Vec<u8>>, line: usize, message: &str, answered: &str) -> Run {
    let r = refused_at(args, input, line, message);
    assert_eq!(r.stdout, answered, "earlier cases are answered");
    r
}

/// [`refused`] without the check of stdout.
#[track_caller]
fn refused_at(args: &[&str], input: impl Into<Vec<u8>>, line: usize, message: &str) -> Run {
    let r = run(args, input);
    r.expect_code(2);
    // Warnings about tile lines may come first (see streaming.rs): short too.
    let (warnings, errors): (Vec<&str>, Vec<&str>) = r.stderr.lines().partition(|l| l.contains(": warning: "));
    let first = errors.first().copied().unwrap_or("");
    assert!(first.contains(&format!(":{line}:")), "expected line {line} in: {}", r.stderr);
    assert!(r.stderr.contains(message), "expected {message:?} in: {}", r.stderr);
    assert_eq!(errors.len(), 1, "one error line: {}", r.stderr);
    assert!(first.len() < 300, "a short message: {} bytes", first.len());
    assert!(warnings.iter().all(|w| w.len() < 300), "short warnings: {}", r.stderr);
    let raw = r.stderr.lines().any(|l| l.chars().any(char::is_control));
    assert!(!raw, "no raw control characters: {:?}", r.stderr);
    r
}

/// The case records of a JSON run without their timings.
fn records(r: &Run) -> Vec<serde_json::Value> {
    r.cases()
        .into_iter()
        .map(|mut v| {
            v.as_object_mut().unwrap().remove("stats");
            v
        })
        .collect()
}

/// Runs `f`. No time is asserted (timings drift on shared machines): a
/// run that hangs or blows up is killed by the 60 s guard in `util::run`,
/// and the answers checked inside `f` fail the test.
fn guarded(f: impl FnOnce()) {
    f();
}

const TV: &str = "1\n1 2 3 4\n";
const TV_OK: &str = "Game 1: Possible\n";
const ED: &str = "1 1\nFFFF\n";
const ED_OK: &str = "YES\n";
const PK: &str = "1\n4 4\n1111\n1111\n1111\n1111\n";
const PK_OK: &str = "1111\n1111\n1111\n1111\n";

/// Numbers far beyond any board: 10^18, 2^64 (one past 64 bits) and more.
const HUGE: [&str; 4] = ["1000000000000000000", "18446744073709551616", "99999999999999999999999", "4294967296"];

// ---------------------------------------------------------------------------
// Sizes far beyond memory: refused before anything is allocated.

#[test]
fn huge_board_sizes_are_refused_before_allocation() {
    guarded(|| {
        for n in HUGE {
            let quoted = format!("`{n}`");
            for layout in ["tiles", "blocks"] {
                let args = ["tetravex", "--layout", layout];
                let head = if layout == "tiles" { TV } else { "1\n1 2\n4 3\n" };
                let input = format!("{head}{n}\n1 1 1 1\n0\n");
                let line = head.lines().count() + 1;
                refused(&args, input, line, &format!("board size {quoted} is out of range (1 to 32)"), TV_OK);
            }
            let msg = format!("board size {quoted} is out of range (1 to 32)");
            refused(&["edges"], format!("{ED}{n} 1\nFFFF\n0 0\n"), 3, &msg, ED_OK);
            refused(&["edges"], format!("{ED}1 {n}\nFFFF\n0 0\n"), 3, &msg, ED_OK);
            refused(&["edges"], format!("{ED}{n} {n}\nFFFF\n0 0\n"), 3, &msg, ED_OK);
            refused(&["pack"], format!("{PK}{n}\n1 1\n1\n0\n"), 7, n, PK_OK);
            refused(&["pack"], format!("{PK}1\n{n} 1\n1\n0\n"), 8, n, PK_OK);
            refused(&["pack"], format!("{PK}1\n1 {n}\n1\n0\n"), 8, n, PK_OK);
        }
    });
}

#[test]
fn numbers_beyond_64_bits_are_named_as_too_large() {
    // Not "expected a whole number": it is one, only too large.
    let big = "18446744073709551616";
    let r = refused(&["pack"], format!("{PK}{big}\n0\n"), 7, "is too large", PK_OK);
    assert!(!r.stderr.contains("at most 18446744073709551615"), "{}", r.stderr);
    let r = refused(&["pack"], format!("{PK}1\n{big} 1\n1\n0\n"), 8, "", PK_OK);
    assert!(!r.stderr.contains("at most 18446744073709551615"), "{}", r.stderr);
    refused(&["tetravex"], format!("{TV}1\n1 {big} 1 1\n0\n"), 4, "is too large (at most 9999)", TV_OK);
    refused(&["edges"], format!("{ED}1 1\n0 +{big} 0 0\n0 0\n"), 4, "out of range (-9999 to 9999)", ED_OK);
    refused(&["edges"], format!("{ED}1 1\n0 -{big} 0 0\n0 0\n"), 4, "out of range (-9999 to 9999)", ED_OK);
    // Leading zeros are still small numbers.
    let r = run(&["tetravex"], "000000000000000000000000001\n00000000000000000000001 2 3 4\n0000\n");
    assert_eq!((r.stdout.as_str(), r.code), (TV_OK, Some(0)));
}

#[test]
fn huge_sizes_on_the_command_line_are_usage_errors() {
    for n in HUGE {
        for board in [format!("{n}x1"), format!("1x{n}"), format!("{n}x{n}")] {
            let r = run(&["pack", "--board", &board], PK);
            r.expect_code(2);
            assert!(r.stderr.contains("--board"), "{}", r.stderr);
            assert_eq!(r.stdout, "");
        }
    }
}

// ---------------------------------------------------------------------------
// Extremely long lines.

const TEN_MB: usize = 10 << 20;

#[test]
fn ten_megabyte_lines_are_refused_quickly() {
    guarded(|| {
        let word = "x".repeat(TEN_MB);
        let digits = "7".repeat(TEN_MB);
        let letters = "F".repeat(TEN_MB);
        let ones = "1".repeat(TEN_MB);
        // Tetravex: a label of ten million letters (shown shortened) or
        // digits; a size of ten million digits. (A line of five million
        // numbers is no error: line breaks carry no meaning.)
        let r = refused(
            &["tetravex"],
            format!("{TV}1\n1 {word} 1 1\n0\n"),
            4,
            "found `xxxxxxxxxxxxxxxxxxxxxxxx...`",
            TV_OK,
        );
        assert!(r.stderr.len() < 400, "{}", r.stderr.len());
        refused(&["tetravex"], format!("{TV}1\n1 {digits} 1 1\n0\n"), 4, "too large (at most 9999)", TV_OK);
        refused(&["tetravex"], format!("{TV}{digits}\n0\n"), 3, "out of range (1 to 32)", TV_OK);
        refused(&["tetravex", "--layout", "blocks"], format!("1\n1 {word}\n1 1\n0\n"), 2, "found `xxx", "");
        // Edges: a piece of ten million letters.
        refused(
            &["edges"],
            format!("{ED}1 1\n{letters}\n0 0\n"),
            4,
            "more letters than the piece has sides left",
            ED_OK,
        );
        refused(&["edges"], format!("{ED}{digits} 1\n0 0\n"), 3, "out of range", ED_OK);
        // Pack: a row of ten million cells.
        refused(&["pack"], format!("{PK}1\n1 2\n{ones}\n0\n"), 9, "expected 2", PK_OK);
        refused(&["pack"], format!("{PK}{digits}\n0\n"), 7, "too large", PK_OK);
    });
}

#[test]
fn long_blank_lines_and_text_after_the_terminator_are_fine() {
    let blank = " \t".repeat(TEN_MB / 4);
    let r = run(&["tetravex"], format!("{blank}\n{TV}{blank}\n0\n"));
    assert_eq!((r.stdout.as_str(), r.code), (TV_OK, Some(0)));
    // Anything after the terminator is ignored, however long or binary.
    let mut input = format!("{TV}0\n{}\n", "x".repeat(TEN_MB)).into_bytes();
    input.extend_from_slice(&[0xff, 0x00, 0xfe, b'\n']);
    let r = run(&["tetravex"], input);
    assert_eq!((r.stdout.as_str(), r.code), (TV_OK, Some(0)));
}

// ---------------------------------------------------------------------------
// Binary garbage and invalid UTF-8.

/// Every command and layout.
const COMMANDS: [&[&str]; 5] =
    [&["tetravex"], &["tetravex", "--layout", "blocks"], &["tetravex", "--rotate"], &["edges"], &["pack"]];

#[test]
fn binary_garbage_is_an_error_naming_a_line() {
    let mut rng = Rng::new(0xBAD);
    for round in 0..24 {
        let len = [1, 7, 64, 4096][round % 4];
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        if round % 3 == 0 {
            // Mostly text: ASCII garbage with digits, spaces and newlines.
            for b in &mut bytes {
                *b = b"0123456789 \n\t\r+-FOIx\x00\x1b"[usize::from(*b) % 22];
            }
        }
        for args in COMMANDS {
            let r = run(args, bytes.clone());
            assert!(matches!(r.code, Some(0..=2)), "{args:?} on {bytes:?}: {r:?}");
            if r.code == Some(2) {
                assert_eq!(r.stderr.lines().count(), 1, "{r:?}");
                assert!(r.stderr.starts_with("tessera: <stdin>:"), "{r:?}");
                assert!(!r.stderr.trim_end().chars().any(char::is_control), "{r:?}");
            }
        }
    }
}

#[test]
fn nul_and_escape_bytes_are_shown_escaped() {
    let r = refused(&["tetravex"], format!("{TV}1\n1 \x1b[2J 1 1\n0\n"), 4, "found `\\u{1b}[2J`", TV_OK);
    assert!(r.stderr.split(':').nth(3) == Some("3"), "{}", r.stderr);
    refused(&["edges"], format!("{ED}1 1\nF\0FF\n0 0\n"), 4, "found `\\u{0}`", ED_OK);
    refused(&["pack"], format!("{PK}1\n1 2\n1\x07\n0\n"), 9, "found `\\u{7}`", PK_OK);
}

#[test]
fn invalid_utf8_names_line_and_column_and_keeps_earlier_answers() {
    let bad: [&[u8]; 6] = [
        b"\xff",         // never valid
        b"\xc0\xaf",     // overlong '/'
        b"\xed\xa0\x80", // a surrogate
        b"\x80",         // a lone continuation byte
        b"\xe2\x82",     // a truncated sequence
        b"\xf8\x88\x80\x80\x80",
    ];
    for b in bad {
        for (args, head, ok) in [(&["tetravex"][..], TV, TV_OK), (&["edges"], ED, ED_OK), (&["pack"], PK, PK_OK)] {
            let lines = head.lines().count();
            let mut input = head.as_bytes().to_vec();
            input.extend_from_slice(b"1 ");
            input.extend_from_slice(b);
            input.extend_from_slice(b" 1\n0\n");
            let r = refused(args, input, lines + 1, "not valid UTF-8", ok);
            assert!(r.stderr.contains(&format!(":{}:3:", lines + 1)), "{}", r.stderr);
            // At the very end of the input, without a final newline.
            let mut input = head.as_bytes().to_vec();
            input.extend_from_slice(b);
            refused(args, input, lines + 1, "not valid UTF-8", ok);
        }
    }
    // A leading byte order mark (some editors write one) is skipped.
    let r = run(&["tetravex"], "\u{feff}1\n1 2 3 4\n0\n");
    assert_eq!((r.stdout.as_str(), r.code), (TV_OK, Some(0)));
    // Anywhere else it is not a number: a clear error, shown escaped.
    let r = refused(&["tetravex"], "1\n\u{feff}1 2 3 4\n0\n", 2, "found `", "");
    assert!(r.stderr.split(':').nth(3) == Some("1"), "{}", r.stderr);
}

// ---------------------------------------------------------------------------
// Numbers that are not sizes or labels.

#[test]
fn negative_and_malformed_numbers_are_refused() {
    for n in ["-1", "-0", "+1", "1.0", "1e3", "0x10", "١"] {
        let quoted = format!("found `{n}`");
        refused(&["tetravex"], format!("{TV}{n}\n0\n"), 3, &quoted, TV_OK);
        refused(&["tetravex"], format!("{TV}1\n1 {n} 1 1\n0\n"), 4, &quoted, TV_OK);
        refused(&["tetravex", "--layout", "blocks"], format!("1\n{n} 2\n3 4\n0\n"), 2, &quoted, "");
        refused(&["edges"], format!("{ED}{n} 1\nF\n0 0\n"), 3, &quoted, ED_OK);
        refused(&["edges"], format!("{ED}1 {n}\nF\n0 0\n"), 3, &quoted, ED_OK);
        refused(&["pack"], format!("{PK}{n}\n0\n"), 7, &quoted, PK_OK);
        refused(&["pack"], format!("{PK}1\n{n} 1\n1\n0\n"), 8, &quoted, PK_OK);
    }
}

// ---------------------------------------------------------------------------
// White space: CRLF, tabs, trailing spaces, no final newline, all at once.

/// The input with CRLF endings, tabs for spaces, trailing blanks on every
/// other line and no final newline.
fn messy(text: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let l = l.replace(' ', "\t ");
            if i % 2 == 0 {
                format!("{l} \t ")
            } else {
                l
            }
        })
        .collect();
    lines.join("\r\n")
}

#[test]
fn crlf_tabs_trailing_blanks_and_no_final_newline_together() {
    let blocks = "2\n0 4 6 8\n3 4 4 5\n4 4 5 9\n6 5 4 1\n0\n";
    let inputs: [(&[&str], String); 5] = [
        (&["tetravex"], example("tetravex-zoj1008.txt")),
        (&["tetravex", "--layout", "blocks", "--in-place"], blocks.to_string()),
        (&["edges"], data_text("edges/uva519.txt")),
        (&["edges", "--rotate"], "2 2\n0 +1 +2 0\n0 0 +3 -1\n-2 +4 0 0\n-3 0 0 -4\n0 0\n".to_string()),
        (&["pack"], example("pack-uva387.txt")),
    ];
    for (args, text) in inputs {
        let clean = run(args, text.clone());
        let dirty = run(args, messy(&text));
        assert_eq!((&dirty.stdout, dirty.code), (&clean.stdout, clean.code), "{args:?}");
        assert!(matches!(clean.code, Some(0 | 1)), "{clean:?}");
        // The same records, lines included.
        let mut json = args.to_vec();
        json.push("--json");
        assert_eq!(records(&run(&json, messy(&text))), records(&run(&json, text)), "{args:?}");
    }
}

#[test]
fn errors_in_messy_input_name_line_and_column() {
    // A bad label in the fourth line, after CR, tabs and spaces.
    let r = refused(&["tetravex"], "1\r\n1 2 3 4 \r\n1\r\n\t1  x\t1 1\r\n0", 4, "found `x`", TV_OK);
    assert!(r.stderr.split(':').nth(3) == Some("5"), "{}", r.stderr);
    // The missing terminator is reported after the last line.
    refused(&["tetravex"], "1\r\n1 2 3 4", 3, "terminating `0`", TV_OK);
    refused(&["edges"], "1 1\r\nFFFF\t", 3, "`0 0`", ED_OK);
    refused(&["pack", "--board", "1x1"], "1\r\n1 1\r\n1 ", 4, "terminating `0`", "1\n");
}

// ---------------------------------------------------------------------------
// A malformed case in the middle of a batch: the cases before it are
// answered (and flushed), the error names its line, the status is 2.

/// Ten cases with case 7 replaced by `bad`, then the terminator; the text
/// and the first line of case 7.
fn batch_with_bad_seventh(good: &[String], bad: &str, terminator: &str) -> (String, usize) {
    let mut text = good[..6].concat();
    let line = text.lines().count() + 1;
    text.push_str(bad);
    text.push_str(&good[7..].concat());
    text.push_str(terminator);
    (text, line)
}

#[test]
fn case_seven_of_ten_malformed() {
    let mut rng = Rng::new(7);
    let strip = |t: String, term: &str| t.strip_suffix(term).unwrap().to_string();
    let tv: Vec<String> = (0..10)
        .map(|i| strip(tetravex_text(&[planted_tiles(&mut rng, 2, 2, 3 + i % 2, i % 3 == 0, false)]), "0\n"))
        .collect();
    let pk: Vec<String> = (0..10)
        .map(|i| strip(pack_text(&[crate::brute::planted_pack(&mut rng, 4, 4, 2 + i % 3, true, false)]), "0\n"))
        .collect();
    // Edges: solvable and unsolvable blocks in turn.
    let ed: Vec<String> = (0..10).map(|i| ["1 2\nFOFF\nFFFI\n", "1 2\nFOFF\nFFFO\n\n"][i % 2].to_string()).collect();
    let bad_tile = "2\n1 1 1 1\n1 1 x 1\n1 1 1 1\n1 1 1 1\n";
    // JSON puzzles, one per line (no terminator).
    let js: Vec<String> = (0..10).map(|i| format!("{{\"rows\":1,\"cols\":1,\"tiles\":[[{i},1,2,3]]}}\n")).collect();
    type Batch<'a> = (&'a [&'a str], &'a [String], &'a str, &'a str, usize, &'a str);
    let batches: [Batch; 10] = [
        (&["tetravex"], &js, "{\"rows\":1,\"cols\":1,\"tiles\":[[1,2,3]]}\n", "", 0, "expected an array of length 4"),
        (&["edges", "--json"], &js, "{\"rows\":1,\"cols\":1,\"tiles\":[[0,0,0,0]],\"y\":1}\n", "", 0, "unknown field"),
        (&["tetravex"], &tv, bad_tile, "0\n", 2, "found `x`"),
        (&["tetravex", "--rotate", "--count", "--threads", "2"], &tv, "2\n1 1 1 1\n1 y 1 1\n", "0\n", 2, "found `y`"),
        (&["tetravex", "--json", "--grid"], &tv, "33\n", "0\n", 0, "out of range (1 to 32)"),
        (&["tetravex", "--fix", "4@2,2"], &tv, "1\n1 1 1 1\n", "0\n", 0, "piece 4 does not exist"),
        (&["edges", "--count"], &ed, "1 2\nFOFF\nFFXF\n", "0 0\n", 2, "found `X`"),
        (&["edges", "--json"], &ed, "1 2\nFOFF\n\n+1 0 0 z\n", "0 0\n", 3, "found `z`"),
        (&["pack", "--rotate"], &pk, "1\n2 2\n11\n111\n", "0\n", 3, "row 2 of piece 1 has 3 cells, expected 2"),
        (&["pack", "--rotate", "--count", "--grid"], &pk, "1\n2 2\n11\n1x\n", "0\n", 3, "found `x`"),
    ];
    for (args, good, bad, term, offset, message) in batches {
        let (text, line) = batch_with_bad_seventh(good, bad, term);
        // What the first six cases alone give.
        let alone = run(args, good[..6].concat() + term);
        assert!(matches!(alone.code, Some(0 | 1)), "{alone:?}");
        let r = refused_at(args, text, line + offset, message);
        if args.contains(&"--json") {
            // The same records, but for the timings.
            assert_eq!(records(&r), records(&alone), "{args:?}");
            assert_eq!(r.cases().len(), 6, "{args:?}");
        } else {
            assert_eq!(r.stdout, alone.stdout, "{args:?}");
        }
        if args[0] == "tetravex" && !args.contains(&"--json") {
            assert!(r.stdout.contains("Game 6:") && !r.stdout.contains("Game 7:"), "{args:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// The largest boards tessera accepts: the search is iterative, so depth
// 1024 (tiles) or 512 (pieces) does not touch the stack. Easy instances
// and small node budgets keep these fast.

/// A solved n x n tetravex board in reading order, labels 0..labels.
fn solved_board(rng: &mut Rng, n: usize, labels: usize) -> Vec<Labels> {
    let h: Vec<Vec<i32>> = (0..n).map(|_| (0..=n).map(|_| rng.below(labels) as i32).collect()).collect();
    let v: Vec<Vec<i32>> = (0..=n).map(|_| (0..n).map(|_| rng.below(labels) as i32).collect()).collect();
    (0..n * n).map(|i| (i / n, i % n)).map(|(r, c)| [v[r][c], h[r][c + 1], v[r + 1][c], h[r][c]]).collect()
}

/// The grid of a JSON tile solution.
fn json_grid(rec: &serde_json::Value) -> Vec<Vec<Labels>> {
    serde_json::from_value(rec["solution"]["grid"].clone()).expect("a grid")
}

#[test]
fn tetravex_at_32x32() {
    // 1024 identical tiles: one look, found at depth 1024.
    let same = format!("32\n{}0\n", "1 1 1 1\n".repeat(1024));
    let r = run(&["tetravex", "--count"], same.clone());
    assert_eq!((r.stdout.as_str(), r.code), ("Game 1: Possible\n1 solution\n", Some(0)));
    let r = run(&["tetravex", "--rotate", "--count", "--threads", "2"], same);
    assert_eq!((r.stdout.as_str(), r.code), ("Game 1: Possible\n1 solution\n", Some(0)));
    // A planted 32x32 board with a small budget: solved or unknown, never a crash.
    let mut rng = Rng::new(32);
    let case = planted_tiles(&mut rng, 32, 32, 10, false, false);
    let r = run(&["tetravex", "--json", "--max-nodes", "2000"], tetravex_text(std::slice::from_ref(&case)));
    assert!(matches!(r.code, Some(0 | 3)), "{r:?}");
    let rec = &r.cases()[0];
    if rec["solvable"] == true {
        check_tile_grid(&case, &json_grid(rec)).unwrap();
    } else {
        assert_eq!(rec["stopped"], "max-nodes");
    }
}

#[test]
fn tetravex_blocks_in_place_at_32x32() {
    // Seed 002's layout at the largest size: every tile turned where it
    // lies; tessera turns them back (1024 forced choices).
    let mut rng = Rng::new(322);
    let n = 32;
    let solved = solved_board(&mut rng, n, 10);
    let shown: Vec<Labels> = solved.iter().map(|&t| crate::verify::turn(t, rng.below(4) as u8)).collect();
    let mut text = format!("{n}\n");
    for r in 0..n {
        let row = &shown[r * n..(r + 1) * n];
        let upper: Vec<String> = row.iter().map(|t| format!("{} {}", t[0], t[1])).collect();
        let lower: Vec<String> = row.iter().map(|t| format!("{} {}", t[3], t[2])).collect();
        text.push_str(&format!("{}\n{}\n", upper.join(" "), lower.join(" ")));
    }
    text.push_str("0\n");
    let r = run(&["tetravex", "--layout", "blocks", "--in-place", "--json", "--max-nodes", "20000"], text);
    r.expect_code(0);
    let grid = json_grid(&r.cases()[0]);
    let case = TileCase { rotate: true, ..TileCase::tetravex(n, shown, false) };
    check_tile_grid(&case, &grid).unwrap();
}

#[test]
fn edges_at_32x32() {
    // A 32x32 picture of identical inner pieces: 1024 levels deep.
    let n = 32;
    let piece = |r: usize, c: usize| -> [i32; 4] {
        let side = |outer: bool, s: i32| if outer { 0 } else { s };
        [side(r == 0, -1), side(c + 1 == n, 1), side(r + 1 == n, 1), side(c == 0, -1)]
    };
    let tiles: Vec<Labels> = (0..n * n).map(|i| piece(i / n, i % n)).collect();
    let text = crate::brute::edges_text(&[TileCase::edges(n, n, tiles, false)]);
    let r = run(&["edges", "--count"], text.clone());
    assert_eq!((r.stdout.as_str(), r.code), ("YES\n1 solution\n", Some(0)));
    let r = run(&["edges", "--rotate", "--count", "--max-nodes", "5000"], text.clone());
    assert!(matches!(r.code, Some(0 | 3)), "{r:?}");
    assert!(r.stdout.starts_with("YES\n"), "{r:?}");
    let r = run(&["edges", "--rotate", "--json"], text);
    r.expect_code(0);
    // Distinct pieces (400 tab shapes), shuffled and turned, with a budget.
    let mut rng = Rng::new(519);
    for rotate in [false, true] {
        let case = planted_tiles(&mut rng, 16, 16, 400, rotate, true);
        let mut args = vec!["edges", "--json", "--max-nodes", "2000"];
        if rotate {
            args.push("--rotate");
        }
        let r = run(&args, crate::brute::edges_text(std::slice::from_ref(&case)));
        assert!(matches!(r.code, Some(0 | 3)), "{r:?}");
        let rec = &r.cases()[0];
        if rec["solvable"] == true {
            check_tile_grid(&case, &json_grid(rec)).unwrap();
        }
    }
}

#[test]
fn pack_at_64x64() {
    // 512 bars of 1x8 fill 64x64 (512 levels deep), with a node budget.
    let bars = format!("512\n{}0\n", "1 8\n11111111\n".repeat(512));
    let r = run(&["pack", "--board", "64x64", "--max-nodes", "5000", "--json"], bars.clone());
    r.expect_code(0);
    let rec = &r.cases()[0];
    assert_eq!(rec["solution"]["placements"].as_array().unwrap().len(), 512);
    // Counting them all is hopeless: the budget ends it (unknown, exit 3).
    let r = run(&["pack", "--board", "64x64", "--rotate", "--count", "--max-nodes", "5000"], bars);
    r.expect_code(3);
    assert!(r.stdout.contains("at least"), "{}", r.stdout);
    // The most pieces a case may have: 1000 (952 tetrominoes and 48 bars of
    // six), turned, on the largest board.
    let many = format!("1000\n{}{}0\n", "1 4\n1111\n".repeat(952), "6 1\n1\n1\n1\n1\n1\n1\n".repeat(48));
    let r = run(&["pack", "--board", "64x64", "--rotate", "--max-nodes", "2000"], many);
    assert!(matches!(r.code, Some(0 | 3)), "{r:?}");
    // A single monomino in a corner of an otherwise full board: the board
    // is 64x64, the piece 64x64 with one hole, plus one monomino.
    let mut big = "1".repeat(64 * 64).into_bytes();
    big[0] = b'0';
    let rows: Vec<&str> = big.chunks(64).map(|c| std::str::from_utf8(c).unwrap()).collect();
    let input = format!("2\n64 64\n{}\n1 1\n1\n0\n", rows.join("\n"));
    let r = run(&["pack", "--board", "64x64", "--count"], input);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.ends_with("1 solution\n"), "{}", r.stdout);
}

// ---------------------------------------------------------------------------
// JSON input: the same policy.

#[test]
fn hostile_json_puzzles_are_refused_with_their_line() {
    let tile = |body: &str| format!("{{\"rows\":1,\"cols\":1,\"tiles\":[[1,2,3,4]]}}\n{body}\n");
    let cases: [(&str, usize, &str); 7] = [
        (r#"{"rows":1000000000000000000,"cols":1,"tiles":[]}"#, 2, "out of range (1 to 32)"),
        (r#"{"rows":18446744073709551616,"cols":1,"tiles":[]}"#, 2, "expected a whole number, 0 or more"),
        (r#"{"rows":-1,"cols":1,"tiles":[]}"#, 2, "expected a whole number, 0 or more"),
        (
            r#"{"rows":1,"cols":1,"tiles":[[1,2,3,99999999999]]}"#,
            2,
            "found the number `99999999999`, expected a whole number",
        ),
        (r#"{"rows":1,"cols":1,"tiles":[[1,2,3,-4]]}"#, 2, "out of range (0 to 9999)"),
        (
            r#"{"rows":1,"cols":1,"tiles":[[1,2,3,4]],"fixes":[{"piece":18446744073709551615,"row":1,"col":1}]}"#,
            2,
            "does not exist",
        ),
        (r#"{"rows":1,"cols":1,"tiles":[[1,2,3,4]]"#, 3, "EOF"),
    ];
    for (body, line, message) in cases {
        refused(&["tetravex"], tile(body), line, message, TV_OK);
    }
    // Deep nesting is an error, not a stack overflow.
    let deep = format!("{}{}", "[".repeat(200_000), "]".repeat(200_000));
    refused_at(&["tetravex"], deep.clone(), 1, "expected a puzzle object");
    refused_at(&["pack"], format!("{{\"board\":{deep}}}"), 1, "");
}

#[test]
fn invalid_utf8_in_json_input_is_an_error() {
    let good = r#"{"rows":1,"cols":1,"tiles":[[1,2,3,4]]}"#;
    let mut bytes = format!("{good}\n{{\"rows\":1,\"cols\":1,\"tiles\":[[1,2,3,4]],\"x\":\"").into_bytes();
    bytes.extend_from_slice(b"\xff\"}\n");
    bytes.extend_from_slice(format!("{good}\n").as_bytes());
    refused(&["tetravex"], bytes, 2, "UTF-8", TV_OK);
}

#[test]
fn json_errors_quote_field_names_safely() {
    let r = refused_at(
        &["tetravex"],
        "{\"rows\":1,\"cols\":1,\"tiles\":[[1,2,3,4]],\"\\u001b[2Jx\":1}\n",
        1,
        "unknown field",
    );
    assert!(!r.stderr.contains('\u{1b}'), "{:?}", r.stderr);
    let long = format!("{{\"{}\":1}}\n", "a".repeat(100_000));
    let r = refused_at(&["tetravex"], long, 1, "unknown field");
    assert!(r.stderr.len() < 300, "{} bytes", r.stderr.len());
    // A 10 MB string where a number belongs: the message quotes all of it.
    refused_at(
        &["edges"],
        format!("{{\"rows\":\"{}\",\"cols\":1,\"tiles\":[]}}", "9".repeat(TEN_MB)),
        1,
        "expected a whole number, 0 or more",
    );
}

// ---------------------------------------------------------------------------
// Inputs found by the fuzzers (fuzz/, docs/reliability.md).

#[test]
fn fuzz_found_inputs() {
    // pack: a comment line followed by control bytes, without a newline
    // (fuzz/artifacts/pack/crash-2436e89c...: the fuzz target's own check
    // was wrong, tessera was right; kept as a regression test).
    let r = run(&["pack"], &b"//\x00\x03\x03\x00"[..]);
    r.expect_code(2);
    assert!(r.stderr.contains("<stdin>:1:"), "{}", r.stderr);
    assert!(!r.stderr.trim_end().chars().any(char::is_control), "{:?}", r.stderr);
}

#[test]
fn fuzz_found_i64_min_side() {
    // edges: a side of -2^63 (fuzz/artifacts/edges/crash-936449ad...). Its
    // absolute value overflowed: a panic in debug builds, and in release
    // builds the side wrapped round to 0 and was read as flat (a wrong YES).
    for side in ["-9223372036854775808", "-0009223372036854775808", "+9223372036854775807", "-9223372036854775809"] {
        let input = format!("{ED}2 2\n0 +1 +2 0\n0 0 +3 {side}\n-2 +4 0 0\n-3 0 0 -4\n0 0\n");
        refused(&["edges"], input, 5, "is out of range (-9999 to 9999)", ED_OK);
    }
    refused(&["edges"], format!("{ED}1 1\n0 0 0 -9223372036854775808\n0 0\n"), 4, "out of range", ED_OK);
}

// ---------------------------------------------------------------------------
// Known bugs outside the parsers (see docs/reliability.md).

#[test]
fn many_distinct_pieces_on_the_largest_board_are_answered_quickly() {
    // 1000 distinct 8-cell pieces (8000 cells) for a 64x64 board (4096
    // cells): the areas differ, so the answer is immediate, but tessera
    // first builds ~30 million placements, turned and flipped.
    let mut rng = Rng::new(1000);
    let mut seen = std::collections::BTreeSet::new();
    let mut text = String::from("1000\n");
    while seen.len() < 1000 {
        let mut cells: Vec<(usize, usize)> = (0..16).map(|i| (i / 4, i % 4)).collect();
        rng.shuffle(&mut cells);
        let shape = crate::verify::normalise(&cells[..8]);
        if seen.insert(shape.clone()) {
            text.push_str(&crate::brute::piece_text(&shape));
        }
    }
    text.push_str("0\n");
    let out = assert_cmd::Command::cargo_bin("tessera")
        .unwrap()
        .args(["pack", "--board", "64x64", "--rotate", "--flip"])
        .write_stdin(text)
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{:?}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "No solution possible\n");
}

#[test]
fn pack_columns_count_characters() {
    // U+3000 (ideographic space, 3 bytes) before the row: `x` is column 3.
    refused(&["pack"], "1\n1 2\n\u{3000}1x\n0\n", 3, ":3:3", "");
}
