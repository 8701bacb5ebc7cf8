//! `tetravex --layout blocks` (seed 002's home-made variant) and its two
//! readings: `--in-place` (the seed's code: tiles only turn where they lie)
//! and `--rotate` (its text: tiles move and turn). Hand-made boards whose
//! answers differ between the readings, checked by brute force; drawings,
//! counts and JSON with both; bad block layouts.

use crate::brute::count_tiles;
use crate::util::{data_text, run};
use crate::verify::{assert_tile_record, check_tile_grid, turn, Labels, TileCase};
use serde_json::Value;

/// Reads seed 002's block layout (independently of the library): `n`, then
/// `2n` lines of `2n` labels; each tile a 2x2 block read clockwise from its
/// top-left corner. Tiles in reading order of the board.
fn parse_blocks(text: &str) -> Vec<(usize, Vec<Labels>)> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let mut cases = vec![];
    loop {
        let n: usize = lines.next().expect("a size").trim().parse().expect("a number");
        if n == 0 {
            return cases;
        }
        let mut tiles = vec![[0; 4]; n * n];
        for r in 0..n {
            let upper: Vec<i32> = lines.next().unwrap().split_whitespace().map(|x| x.parse().unwrap()).collect();
            let lower: Vec<i32> = lines.next().unwrap().split_whitespace().map(|x| x.parse().unwrap()).collect();
            assert_eq!((upper.len(), lower.len()), (2 * n, 2 * n));
            for c in 0..n {
                // Clockwise from the top-left corner: top, right, bottom, left.
                tiles[r * n + c] = [upper[2 * c], upper[2 * c + 1], lower[2 * c + 1], lower[2 * c]];
            }
        }
        cases.push((n, tiles));
    }
}

/// Brute force for `--in-place`: each tile stays in its cell and takes any
/// of its distinct turns; the count is of distinct looks of the board.
pub fn count_in_place(n: usize, tiles: &[Labels]) -> u64 {
    fn go(n: usize, tiles: &[Labels], grid: &mut Vec<Labels>) -> u64 {
        let pos = grid.len();
        if pos == tiles.len() {
            return 1;
        }
        let mut looks: Vec<Labels> = (0..4).map(|k| turn(tiles[pos], k)).collect();
        looks.sort();
        looks.dedup();
        let (r, c) = (pos / n, pos % n);
        let mut total = 0;
        for l in looks {
            if (c == 0 || grid[pos - 1][1] == l[3]) && (r == 0 || grid[pos - n][2] == l[0]) {
                grid.push(l);
                total += go(n, tiles, grid);
                grid.pop();
            }
        }
        total
    }
    go(n, tiles, &mut vec![])
}

/// The three readings of a block-layout board and their options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// Tiles move, never turn (ZOJ 1008's rule on the drawn board).
    Move,
    /// Tiles only turn where they lie (seed 002's code).
    InPlace,
    /// Tiles move and turn (seed 002's text).
    MoveAndTurn,
}

impl Reading {
    const ALL: [Reading; 3] = [Reading::Move, Reading::InPlace, Reading::MoveAndTurn];

    fn args(self) -> Vec<&'static str> {
        let mut a = vec!["tetravex", "--layout", "blocks"];
        match self {
            Reading::Move => {}
            Reading::InPlace => a.push("--in-place"),
            Reading::MoveAndTurn => a.push("--rotate"),
        }
        a
    }

    fn name(self) -> &'static str {
        match self {
            Reading::Move => "move",
            Reading::InPlace => "in-place",
            Reading::MoveAndTurn => "rotate",
        }
    }

    /// The brute-force count.
    fn brute(self, n: usize, tiles: &[Labels]) -> u64 {
        match self {
            Reading::InPlace => count_in_place(n, tiles),
            r => count_tiles(&TileCase::tetravex(n, tiles.to_vec(), r == Reading::MoveAndTurn)),
        }
    }

    /// The puzzle the verifier checks solutions against.
    fn case(self, n: usize, tiles: &[Labels]) -> TileCase {
        let mut case = TileCase::tetravex(n, tiles.to_vec(), self != Reading::Move);
        if self == Reading::InPlace {
            case.fixes = (0..n * n).map(|i| (i, i / n, i % n, None)).collect();
        }
        case
    }
}

/// The hand-made boards (see the comments in the data file).
const READINGS: &str = "layout/readings.txt";

fn with(reading: Reading, extra: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = reading.args().into_iter().map(String::from).collect();
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

fn run_with(args: &[String], input: impl Into<Vec<u8>>) -> crate::util::Run {
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&a, input)
}

#[test]
fn readings_match_brute_force_and_differ() {
    let text = data_text(READINGS);
    let cases = parse_blocks(&text);
    assert!(cases.len() >= 6);
    let mut counts = vec![];
    for reading in Reading::ALL {
        let expect: Vec<u64> = cases.iter().map(|(n, t)| reading.brute(*n, t)).collect();
        for threads in ["1", "2"] {
            let r = run_with(&with(reading, &["--count", "--json", "--threads", threads]), text.clone());
            assert!(matches!(r.code, Some(0 | 1)), "{r:?}");
            let recs = r.cases();
            assert_eq!(recs.len(), cases.len());
            for ((rec, want), (n, tiles)) in recs.iter().zip(&expect).zip(&cases) {
                assert_eq!(rec["count"], *want, "{} count of {tiles:?}: {rec}", reading.name());
                assert_eq!(rec["complete"], true);
                assert_tile_record(rec, false, Some(&reading.case(*n, tiles)));
            }
        }
        counts.push(expect);
    }
    let (plain, in_place, rotate) = (&counts[0], &counts[1], &counts[2]);
    for k in 0..cases.len() {
        // Turning in place is a special case of moving and turning.
        assert!(in_place[k] <= rotate[k] && plain[k] <= rotate[k], "case {}", k + 1);
    }
    // The readings give different verdicts on some boards, and different
    // counts on others.
    let differ = |a: &[u64], b: &[u64]| (0..a.len()).any(|k| (a[k] > 0) != (b[k] > 0));
    assert!(differ(in_place, rotate), "in-place {in_place:?} vs rotate {rotate:?}");
    assert!(differ(in_place, plain), "in-place {in_place:?} vs move {plain:?}");
    assert!((0..cases.len()).any(|k| in_place[k] > 0 && in_place[k] < rotate[k]));
    assert!(rotate.contains(&0));
}

#[test]
fn readings_byte_for_byte() {
    // The judge's output, one file per reading (checked by brute force in
    // the test above).
    let text = data_text(READINGS);
    for reading in Reading::ALL {
        let expected = data_text(&format!("layout/readings.{}.expected", reading.name()));
        let r = run(&reading.args(), text.clone());
        assert_eq!(r.stdout, expected, "{}", reading.name());
        let any_impossible = expected.contains("Impossible");
        assert_eq!(r.code, Some(if any_impossible { 1 } else { 0 }));
        assert_eq!(r.stderr, "");
    }
}

/// Reads a drawn board (either style) back into labels.
fn read_drawing(lines: &[&str], n: usize) -> Vec<Vec<Labels>> {
    assert_eq!(lines.len(), 4 * n + 1, "{lines:#?}");
    let cells = |l: &str| -> Vec<String> {
        let parts: Vec<String> = l.split(['|', '│']).map(String::from).collect();
        assert_eq!(parts.len(), n + 2, "{l}");
        parts[1..=n].to_vec()
    };
    (0..n)
        .map(|r| {
            let (top, mid, bottom) = (cells(lines[4 * r + 1]), cells(lines[4 * r + 2]), cells(lines[4 * r + 3]));
            (0..n)
                .map(|c| {
                    let lr: Vec<i32> = mid[c].split_whitespace().map(|x| x.parse().unwrap()).collect();
                    [top[c].trim().parse().unwrap(), lr[1], bottom[c].trim().parse().unwrap(), lr[0]]
                })
                .collect()
        })
        .collect()
}

#[test]
fn grids_with_both_readings_show_valid_boards() {
    let text = data_text(READINGS);
    let cases = parse_blocks(&text);
    for reading in [Reading::InPlace, Reading::MoveAndTurn] {
        for style in [&[][..], &["--ascii"][..]] {
            let mut extra = vec!["--grid", "--count"];
            extra.extend_from_slice(style);
            let r = run_with(&with(reading, &extra), text.clone());
            // Answers are separated by one empty line; each is the verdict,
            // the count and, when possible, the drawing.
            let answers: Vec<&str> = r.stdout.split("\n\n").collect();
            assert_eq!(answers.len(), cases.len(), "{}", r.stdout);
            for (k, (answer, (n, tiles))) in answers.iter().zip(&cases).enumerate() {
                let lines: Vec<&str> = answer.lines().collect();
                let want = reading.brute(*n, tiles);
                assert_eq!(lines[0], format!("Game {}: {}", k + 1, if want > 0 { "Possible" } else { "Impossible" }));
                assert_eq!(lines[1], format!("{want} solution{}", if want == 1 { "" } else { "s" }));
                if want == 0 {
                    assert_eq!(lines.len(), 2);
                    continue;
                }
                let grid = read_drawing(&lines[2..], *n);
                let case = reading.case(*n, tiles);
                check_tile_grid(&case, &grid).unwrap();
                if reading == Reading::InPlace {
                    // Every cell shows a turn of the tile drawn there.
                    for (i, t) in tiles.iter().enumerate() {
                        assert!((0..4).any(|q| turn(*t, q) == grid[i / n][i % n]), "cell {i}");
                    }
                }
            }
        }
    }
}

#[test]
fn json_with_both_readings() {
    let text = data_text(READINGS);
    let cases = parse_blocks(&text);
    for reading in [Reading::InPlace, Reading::MoveAndTurn] {
        let r = run_with(&with(reading, &["--json"]), text.clone());
        for (rec, (n, tiles)) in r.cases().iter().zip(&cases) {
            // The puzzle as read: tiles in reading order of the drawing.
            let read: Vec<Labels> = serde_json::from_value(rec["puzzle"]["tiles"].clone()).unwrap();
            assert_eq!(&read, tiles);
            assert_eq!(rec["puzzle"]["rotate"], true);
            if reading == Reading::InPlace {
                let fixes = rec["puzzle"]["fixes"].as_array().expect("every tile pinned");
                assert_eq!(fixes.len(), n * n);
            }
            let Some(grid) = assert_tile_record(rec, false, Some(&reading.case(*n, tiles))) else { continue };
            let placements = rec["solution"]["placements"].as_array().unwrap();
            if reading == Reading::InPlace {
                // Tile k (1-based) lies in its own cell.
                for (k, p) in placements.iter().enumerate() {
                    assert_eq!(
                        (p["row"].as_u64(), p["col"].as_u64()),
                        (Some((k / n + 1) as u64), Some((k % n + 1) as u64))
                    );
                }
            }
            assert_eq!(grid.len(), *n);
        }
        // --all lists every distinct board, as many as --count counts.
        let all = run_with(&with(reading, &["--all", "--json"]), text.clone());
        let counted = run_with(&with(reading, &["--count", "--json"]), text.clone());
        let listed = |k: usize| all.json_lines().iter().filter(|v| v["type"] == "solution" && v["case"] == k).count();
        for (k, rec) in counted.cases().iter().enumerate() {
            assert_eq!(rec["count"], listed(k + 1) as u64, "case {}", k + 1);
        }
    }
}

/// The seed's own example, drawn solved: game 1 of ZOJ 1008's sample.
#[test]
fn the_zoj_sample_drawn_as_blocks() {
    let blocks = "2\n0 4 6 8\n3 4 4 5\n4 4 5 9\n6 5 4 1\n0\n";
    let tiles = "2\n0 4 4 3\n6 8 5 4\n4 4 5 6\n5 9 1 4\n0\n";
    // The same tiles in reading order, in either layout.
    for (extra, count) in
        [(&[][..], "1 solution"), (&["--rotate"][..], "8 solutions"), (&["--in-place"][..], "1 solution")]
    {
        let mut a = vec!["tetravex", "--count"];
        a.extend_from_slice(extra);
        let one = run(&a, tiles);
        a.extend_from_slice(&["--layout", "blocks"]);
        let two = run(&a, blocks);
        assert_eq!(one.stdout, two.stdout);
        assert_eq!(two.stdout, format!("Game 1: Possible\n{count}\n"));
        let mut j = a.clone();
        j.push("--json");
        let rec: Value = run(&j, blocks).cases().remove(0);
        assert_eq!(rec["puzzle"]["tiles"], serde_json::json!([[0, 4, 4, 3], [6, 8, 5, 4], [4, 4, 5, 6], [5, 9, 1, 4]]));
    }
}

// ---------------------------------------------------------------------------
// Bad block layouts: exit 2, the line named, earlier cases answered.

#[track_caller]
fn bad_blocks(input: &str, line: usize, message: &str, answered: &str) {
    for extra in [&[][..], &["--in-place"][..], &["--rotate", "--json"][..]] {
        let mut a = vec!["tetravex", "--layout", "blocks"];
        a.extend_from_slice(extra);
        let r = run(&a, input);
        r.expect_code(2);
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        let first = r.stderr.lines().next().unwrap();
        assert!(first.contains(&format!(":{line}:")), "expected line {line} in: {first}");
        assert!(first.contains(message), "expected {message:?} in: {first}");
        if extra.is_empty() {
            assert_eq!(r.stdout, answered);
        }
    }
}

const GOOD: &str = "1\n1 2\n4 3\n";
const GOOD_OK: &str = "Game 1: Possible\n";

/// Block lines are white-space separated numbers like the judge's format:
/// line breaks carry no meaning, so a short line borrows from the next and
/// only the end of the input (or a bad token) is an error.
#[test]
fn odd_or_missing_block_lines() {
    // Three block lines and the terminator for a 2x2 board: 13 of 16 labels.
    bad_blocks(&format!("{GOOD}2\n1 1 1 1\n1 1 1 1\n1 1 1 1\n0\n"), 9, "needs 4 block lines, found 3", GOOD_OK);
    bad_blocks(&format!("{GOOD}2\n1 1 1 1\n1 1 1 1\n1 1 1 1\n"), 8, "needs 4 block lines, found 3", GOOD_OK);
    bad_blocks(&format!("{GOOD}2\n"), 5, "needs 4 block lines, found 0", GOOD_OK);
    // Every message says which line of which game it expected.
    bad_blocks(&format!("{GOOD}2\n1 1 1 1\n0\n"), 7, "block line 2 of 4 in game 2", GOOD_OK);
}

#[test]
fn ragged_block_lines() {
    // 15 labels and the terminator make a board; then the input ends.
    bad_blocks(
        &format!("{GOOD}2\n1 1 1 1\n1 1 1\n1 1 1 1\n1 1 1 1\n0\n"),
        10,
        "expected a board size or the terminating `0`",
        "Game 1: Possible\n\nGame 2: Possible\n",
    );
    bad_blocks(&format!("{GOOD}2\n1 1\n1 1\n1 1\n1 1\n0\n"), 10, "needs 4 block lines, found 2", GOOD_OK);
    bad_blocks(
        "3\n1 1 1 1 1 1\n1 1 1 1 1 1\n1 1 1 1\n",
        5,
        "needs 6 block lines, found 2 (block line 3 of 6 in game 1)",
        "",
    );
    // The same board drawn on one line, or one label per line.
    let one = run(&["tetravex", "--layout", "blocks"], "2 0 4 6 8 3 4 4 5 4 4 5 9 6 5 4 1 0");
    let many = run(&["tetravex", "--layout", "blocks"], "2\n0\n4\n6\n8\n3\n4\n4\n5\n4\n4\n5\n9\n6\n5\n4\n1\n0\n");
    let lines = run(&["tetravex", "--layout", "blocks"], "2\n0 4 6 8\n3 4 4 5\n4 4 5 9\n6 5 4 1\n0\n");
    assert_eq!(one.stdout, lines.stdout);
    assert_eq!(many.stdout, lines.stdout);
}

#[test]
fn too_many_numbers_on_a_block_line() {
    // A fifth label on a 2x2 board's line is the next line's first.
    bad_blocks(&format!("{GOOD}2\n1 1 1 1 1\n"), 6, "needs 4 block lines, found 1", GOOD_OK);
    let r = run(&["tetravex", "--layout", "blocks"], format!("{GOOD}2\n1 1 1 1 x\n"));
    assert!(r.stderr.contains(":5:9"), "{}", r.stderr);
}

#[test]
fn bad_labels_in_blocks() {
    bad_blocks(&format!("{GOOD}1\n1 -2\n3 4\n0\n"), 5, "found `-2`", GOOD_OK);
    bad_blocks(&format!("{GOOD}1\n1 2\n3 10000\n0\n"), 6, "too large (at most 9999)", GOOD_OK);
    bad_blocks(&format!("{GOOD}1\n1 2\n3 x\n0\n"), 6, "found `x`", GOOD_OK);
    bad_blocks(&format!("{GOOD}33\n"), 4, "out of range (1 to 32)", GOOD_OK);
}

#[test]
fn blank_lines_crlf_and_tabs_in_blocks() {
    let messy = "\r\n2\r\n\t0 4  6 8 \r\n\r\n3 4\t4 5\r\n4 4 5 9\r\n\r\n6 5 4 1\r\n0";
    for extra in [&[][..], &["--in-place"][..], &["--rotate"][..]] {
        let mut a = vec!["tetravex", "--layout", "blocks", "--count"];
        a.extend_from_slice(extra);
        let clean = run(&a, "2\n0 4 6 8\n3 4 4 5\n4 4 5 9\n6 5 4 1\n0\n");
        let dirty = run(&a, messy);
        assert_eq!((dirty.stdout, dirty.code), (clean.stdout, clean.code));
    }
}
