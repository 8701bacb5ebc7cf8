//! JSON input and the generator: `--json` output read back with
//! `--input json` gives the same answers; JSON errors name line and column;
//! generated puzzles are solvable (each solution checked by the independent
//! verifier) and depend on the seed only.

use crate::brute::{edges_text, planted_tiles, random_tiles, tetravex_text};
use crate::util::{example, run, Rng};
use crate::verify::{assert_pack_record, assert_tile_record, parse_edges, parse_pack, parse_tetravex, PackCase};
use serde_json::Value;

/// What must agree between two runs: everything in the case records but
/// the line, the stats and, with several threads, nothing else differs.
fn answers(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            if let Some(o) = v.as_object_mut() {
                o.remove("line");
                o.remove("stats");
            }
            v
        })
        .collect()
}

/// `tessera CMD OPTS --json` on `input`, then the output read back as JSON
/// (detected, and with `--input json`): the same records; and the text
/// answers from text and from JSON input are the same.
#[track_caller]
fn round_trip(cmd: &str, opts: &[&str], input: &str) {
    fn with<'a>(cmd: &'a str, opts: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        let mut a = vec![cmd];
        a.extend_from_slice(opts);
        a.extend_from_slice(extra);
        a
    }
    // Rule flags are in the JSON: the puzzles alone give the same answers.
    fn plain(args: Vec<&str>) -> Vec<&str> {
        let mut out = Vec::new();
        let mut skip = false;
        for a in args {
            match a {
                _ if skip => skip = false,
                "--rotate" | "--in-place" | "--flip" => {}
                "--fix" | "--border" | "--set" | "--board" => skip = true,
                _ => out.push(a),
            }
        }
        out
    }
    let first = run(&with(cmd, opts, &["--json", "--threads", "1"]), input);
    assert!(first.code == Some(0) || first.code == Some(1), "{first:?}");
    for detect in [&[][..], &["--input", "json"]] {
        let mut args = plain(with(cmd, opts, &["--json", "--threads", "1"]));
        args.extend_from_slice(detect);
        let second = run(&args, first.stdout.clone());
        assert_eq!(second.code, first.code, "{second:?}");
        assert_eq!(answers(&second.stdout), answers(&first.stdout), "{cmd} {opts:?}");
    }
    // The text answers agree too.
    let text = run(&with(cmd, opts, &["--threads", "1"]), input);
    let from_json = run(&plain(with(cmd, opts, &["--threads", "1"])), first.stdout.clone());
    assert_eq!(from_json.stdout, text.stdout, "{cmd} {opts:?}");
    assert_eq!(from_json.code, text.code);
}

#[test]
fn tetravex_round_trip() {
    let zoj = example("tetravex-zoj1008.txt");
    for opts in [&[][..], &["--count"], &["--all"], &["--rotate", "--all"], &["--in-place", "--count"], &["--grid"]] {
        round_trip("tetravex", opts, &zoj);
    }
    let border = "2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n0\n";
    round_trip("tetravex", &["--border", "0", "--count"], border);
    round_trip("tetravex", &["--rotate", "--fix", "4@1,1", "--count"], &zoj);
    let mut rng = Rng::new(0x50);
    let cases: Vec<_> = (0..8)
        .map(|i| {
            if i % 2 == 0 {
                planted_tiles(&mut rng, 3, 3, 3, true, false)
            } else {
                random_tiles(&mut rng, 3, 3, 3, true, false)
            }
        })
        .collect();
    round_trip("tetravex", &["--rotate", "--count"], &tetravex_text(&cases));
}

#[test]
fn edges_round_trip() {
    let two = example("edges-2x2.txt");
    for opts in [&[][..], &["--rotate", "--count"], &["--rotate", "--all"], &["--grid"]] {
        round_trip("edges", opts, &two);
    }
    let mut rng = Rng::new(0x51);
    let cases: Vec<_> = (0..6).map(|i| planted_tiles(&mut rng, 2 + i % 3, 3, 1 + i as i32 % 3, true, true)).collect();
    round_trip("edges", &["--rotate", "--count", "--grid"], &edges_text(&cases));
}

#[test]
fn pack_round_trip() {
    let uva = example("pack-uva387.txt");
    for opts in
        [&[][..], &["--count"], &["--rotate", "--flip", "--count"], &["--rotate", "--all", "--limit", "3"], &["--grid"]]
    {
        round_trip("pack", opts, &uva);
    }
    round_trip("pack", &["--board", "2x8", "--rotate", "--flip", "--count"], &uva);
    round_trip("pack", &["--set", "pentominoes", "--board", "3x20", "--count"], "");
    round_trip("pack", &["--set", "one-sided-pentominoes", "--board", "6x15"], "");
    let mut rng = Rng::new(0x52);
    let cases: Vec<_> =
        (0..6).map(|i| crate::brute::planted_pack(&mut rng, 4, 5, 3 + i % 3, true, i % 2 == 0)).collect();
    round_trip("pack", &["--board", "4x5", "--rotate", "--flip", "--count"], &crate::brute::pack_text(&cases));
}

/// Pack JSON: boards with holes, names, --board replacing the JSON's board,
/// --rotate and --flip for the pieces the JSON does not free.
#[test]
fn pack_json_boards_and_rules() {
    // A 3x3 board without its centre: two L tetrominoes, the second turned.
    let ring = r####"{"board": {"rows": 3, "cols": 3, "picture": ["...", ".#.", "..."]},
        "pieces": [{"name": "A", "picture": ["###", "#.."]}, {"name": "B", "picture": ["###", "#.."], "rotate": true}]}"####;
    let r = run(&["pack", "--count"], ring);
    assert_eq!((r.stdout.as_str(), r.code), ("AAA\nA#B\nBBB\n1 solution\n", Some(0)));
    let rec = &run(&["pack", "--json"], ring).cases()[0];
    assert_eq!(rec["status"], "solvable", "{rec}");
    assert_eq!(rec["puzzle"]["board"]["picture"][1], ".#.");
    assert_eq!(rec["solution"]["placements"][1]["name"], "B");
    assert_eq!(rec["solution"]["placements"][1]["orientation"], 2);
    let cells: Vec<&Value> = rec["solution"]["placements"].as_array().unwrap().iter().map(|p| &p["cells"]).collect();
    assert_eq!(cells[0].to_string(), "[[1,1],[1,2],[1,3],[2,1]]");
    assert_eq!(cells[1].to_string(), "[[2,3],[3,1],[3,2],[3,3]]");
    // --board replaces the JSON's board: a full 3x3 rectangle has 9 cells,
    // the pieces 8.
    let r = run(&["pack", "--board", "3x3", "--json"], ring);
    assert_eq!(r.cases()[0]["refuted_by"]["check"], "area");
    // A piece the JSON keeps still takes --rotate.
    let bar = r###"{"board": {"rows": 2, "cols": 1, "picture": [".", "."]}, "pieces": [{"picture": ["##"]}]}"###;
    let r = run(&["pack"], bar);
    assert_eq!(
        (r.stdout.as_str(), r.code),
        ("No solution possible\n", Some(1)),
        "the bar does not fit without turning"
    );
    let r = run(&["pack", "--rotate"], bar);
    assert_eq!((r.stdout.as_str(), r.code), ("1\n1\n", Some(0)));
    let free = r###"{"board": {"rows": 2, "cols": 1, "picture": [".", "."]}, "pieces": [{"picture": ["##"], "rotate": true}]}"###;
    assert_eq!(run(&["pack"], free).stdout, "1\n1\n");
    // Errors name the line.
    let bad =
        "\n{\"board\": {\"rows\": 1, \"cols\": 2, \"picture\": [\"..\"]},\n \"pieces\": [{\"picture\": [\"#x\"]}]}";
    let r = run(&["pack"], bad);
    r.expect_code(2);
    assert!(r.stderr.contains("<stdin>:2: piece 1, row 1: expected `#` or `.`, found `x`"), "{}", r.stderr);
}

/// The JSON forms: a stream of puzzle objects, an array, case records and
/// solution records (skipped); rule flags combine with the puzzle.
#[test]
fn json_input_forms_and_rule_flags() {
    let p = r#"{"rows": 2, "cols": 2, "tiles": [[5, 9, 1, 4], [4, 4, 5, 6], [6, 8, 5, 4], [0, 4, 4, 3]]}"#;
    let want = "Game 1: Possible\n\nGame 2: Possible\n";
    let r = run(&["tetravex"], format!("{p}\n{p}\n"));
    assert_eq!((r.stdout.as_str(), r.code), (want, Some(0)));
    let r = run(&["tetravex"], format!("  [{p},\n{p}]"));
    assert_eq!(r.stdout, want);
    let r = run(&["tetravex", "--all", "--json"], format!("{p}{p}"));
    let again = run(&["tetravex", "--count"], r.stdout.clone());
    assert_eq!(again.stdout, "Game 1: Possible\n1 solution\n\nGame 2: Possible\n1 solution\n");
    // The line of a JSON case is where its object starts.
    let r = run(&["tetravex", "--json"], format!("\n\n{p}\n[\n{p}]"));
    let lines: Vec<u64> = r.cases().iter().map(|c| c["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, vec![3, 5]);
    // --rotate adds turning; the count changes as with text input.
    let r = run(&["tetravex", "--count", "--rotate"], p);
    assert_eq!(r.stdout, "Game 1: Possible\n8 solutions\n");
    // --border and --fix combine with the puzzle's own.
    let b = r#"{"rows":2,"cols":2,"tiles":[[0,1,2,0],[0,0,3,1],[2,4,0,0],[3,0,0,4]]}"#;
    assert_eq!(run(&["tetravex", "--count"], b).stdout, "Game 1: Possible\n8 solutions\n");
    assert_eq!(run(&["tetravex", "--count", "--border", "0"], b).stdout, "Game 1: Possible\n1 solution\n");
    let fixed = r#"{"rows":2,"cols":2,"rotate":true,"tiles":[[5,9,1,4],[4,4,5,6],[6,8,5,4],[0,4,4,3]],"fixes":[{"piece":4,"row":1,"col":1}]}"#;
    assert_eq!(run(&["tetravex", "--count"], fixed).stdout, "Game 1: Possible\n2 solutions\n");
    assert_eq!(run(&["tetravex", "--count", "--fix", "1@2,2,0"], fixed).stdout, "Game 1: Possible\n1 solution\n");
    let r = run(&["tetravex", "--in-place"], fixed);
    r.expect_code(2);
    assert!(r.stderr.contains(":1: --in-place pins every tile"), "{}", r.stderr);
    // --input text reads JSON as text, which fails.
    run(&["tetravex", "--input", "text"], p).expect_code(2);
    // Edges: letters are drawn when every side is F, O or I.
    let e = r#"{"rows":1,"cols":2,"tiles":[[0,1,0,0],[0,0,0,-1]]}"#;
    let r = run(&["edges", "--grid", "--ascii"], e);
    assert!(r.stdout.starts_with("YES\n+-----+-----+\n|  F  |  F  |\n|F   O|I   F|\n"), "{}", r.stdout);
}

/// Bad JSON: exit 2, the message names the line and column, and the cases
/// before the error are answered.
#[test]
fn json_errors_name_line_and_column() {
    let p = r#"{"rows": 1, "cols": 1, "tiles": [[1, 1, 1, 1]]}"#;
    let cases: &[(&str, String, &str)] = &[
        ("tetravex", format!("{p}\n{{\"rows\": 1, \"cols\": 1,\n  \"tiles\": [[1, 1, 1]]}}"), ":3:21: invalid length 3"),
        ("tetravex", format!("{p}\n{{\"rows\": 1, \"cols\": 1, \"tiles\": [[1, 1, 1, 1]], \"rotation\": true}}"), ":2:58: unknown field `rotation`"),
        ("tetravex", format!("{p}\n{{\"rows\": 1, \"cols\": 1, \"tiles\": [[1, 1, 1, 1]]"), ":2:46: EOF while parsing an object"),
        ("tetravex", format!("{p}\n{{\"rows\": 2, \"cols\": 1, \"tiles\": [[1, 1, 1, 1]]}}"), ":2: a 2x1 board needs 2 tiles, found 1"),
        ("tetravex", format!("{p}\n{{\"rows\": 1, \"cols\": 1, \"tiles\": [[1, 1, 1, -1]]}}"), ":2: tile 1: label -1 is out of range (0 to 9999)"),
        ("tetravex", format!("{p}\n[1]"), ":2:2: expected a puzzle object (or a case record), found a number"),
        ("tetravex", format!("{p}\n{{\"type\": \"summary\"}}"), ":2:1: a record of type \"summary\" holds no puzzle"),
        ("edges", format!("{p}\n{{\"rows\": 1, \"cols\": 1, \"tiles\": [[0, 0, 0, 0]], \"border\": 1}}"), ":2: border 1: the outline of an edges puzzle is flat (0)"),
        ("tetravex", format!("{p}\n{{\"rows\": 1, \"cols\": 1, \"tiles\": [[1, 1, 1, 1]], \"fixes\": [{{\"piece\": 2, \"row\": 1, \"col\": 1}}]}}"), ":2: hint 1: piece 2 does not exist"),
        // serde's type words in plain words (no i32, usize, sequence).
        ("tetravex", format!("{p}\n{{\"rows\": 1, \"cols\": 1, \"tiles\": [[[1], 1, 1, 1]]}}"), ":2:34: found a list, expected a whole number"),
        ("tetravex", format!("{p}\n{{\"rows\": 1, \"cols\": 1, \"tiles\": [[\"a\", 1, 1, 1]]}}"), ":2:37: found the string \"a\", expected a whole number"),
        ("tetravex", format!("{p}\n{{\"rows\": -1, \"cols\": 1, \"tiles\": []}}"), ":2:11: found the number `-1`, expected a whole number, 0 or more"),
        ("pack", "{\"board\": [3, 3]}".to_string(), ":1:16: found a list, expected an object"),
    ];
    for (cmd, input, message) in cases {
        let r = run(&[cmd], input.as_str());
        r.expect_code(2);
        assert!(r.stderr.starts_with("tessera: <stdin>:"), "{}", r.stderr);
        assert!(r.stderr.contains(message), "want {message:?} in {}", r.stderr);
        for word in ["i32", "usize", "u32", "sequence", "invalid type", "invalid value"] {
            assert!(!r.stderr.contains(word), "{word} in {}", r.stderr);
        }
        if *cmd == "pack" {
            continue;
        }
        let answered = if *cmd == "edges" { "NO\n" } else { "Game 1: Possible\n" };
        assert_eq!(r.stdout, answered, "the case before the error is answered");
    }
}

// ---------------------------------------------------------------------------
// The generator.

/// Generated puzzles are solvable: every one is solved, and its solution
/// checked by the independent verifier against the generated text.
#[test]
fn generated_tile_puzzles_are_solvable() {
    let runs: &[(&str, &[&str], &[&str])] = &[
        ("tetravex", &["--size", "4", "--cases", "5"], &[]),
        ("tetravex", &["--size", "5", "--labels", "3", "--rotate", "--cases", "3"], &["--rotate"]),
        ("tetravex", &["--size", "5", "--border", "7", "--labels", "4", "--cases", "3"], &["--border", "7"]),
        (
            "tetravex",
            &["--size", "6", "--rotate", "--frame-labels", "2", "--inner-labels", "4", "--cases", "2"],
            &["--rotate", "--border", "0"],
        ),
        ("edges", &["--size", "3x5", "--cases", "4"], &[]),
        ("edges", &["--size", "4", "--labels", "6", "--rotate", "--cases", "3"], &["--rotate"]),
        ("edges", &["--size", "5x4", "--frame-labels", "1", "--inner-labels", "3", "--rotate"], &["--rotate"]),
    ];
    for (seed, (cmd, gen, solve)) in runs.iter().enumerate() {
        let seed = seed.to_string();
        let mut args = vec!["generate", cmd, "--seed", &seed];
        args.extend_from_slice(gen);
        let g = run(&args, "");
        g.expect_code(0);
        assert_eq!(g.stderr, "", "a given seed is not printed");
        let mut expected = if *cmd == "edges" { parse_edges(&g.stdout) } else { parse_tetravex(&g.stdout) };
        let rotate = solve.contains(&"--rotate");
        let border = solve.iter().position(|a| *a == "--border").map(|i| solve[i + 1].parse::<i32>().unwrap());
        for case in &mut expected {
            case.rotate = rotate;
            if *cmd == "tetravex" {
                case.border = border;
            }
        }
        let mut solve_args = vec![*cmd, "--json"];
        solve_args.extend_from_slice(solve);
        let r = run(&solve_args, g.stdout.clone());
        r.expect_code(0);
        let records = r.cases();
        assert_eq!(records.len(), expected.len());
        for (rec, case) in records.iter().zip(&expected) {
            assert_eq!(rec["status"], "solvable", "{rec}");
            assert!(assert_tile_record(rec, *cmd == "edges", Some(case)).is_some());
        }
        // JSON output of the same seed: the same puzzles.
        args.push("--json");
        let j = run(&args, "");
        // The JSON puzzles carry their rules (rotate, border).
        let rj = run(&[cmd, "--json"], j.stdout);
        assert_eq!(answers(&rj.stdout), answers(&r.stdout), "{args:?}");
    }
}

#[test]
fn generated_packings_are_solvable() {
    let runs: &[(&str, &[&str], &[&str])] = &[
        ("6x10", &["--cases", "3"], &[]),
        ("5x5", &["--pieces", "7", "--rotate", "--flip", "--cases", "3"], &["--rotate", "--flip"]),
        ("4x9", &["--piece-size", "4", "--rotate", "--cases", "3"], &["--rotate"]),
        ("1x1", &[], &[]),
    ];
    for (seed, (size, gen, solve)) in runs.iter().enumerate() {
        let seed = (seed + 100).to_string();
        let mut args = vec!["generate", "pack", "--size", size, "--seed", &seed];
        args.extend_from_slice(gen);
        let g = run(&args, "");
        g.expect_code(0);
        let (rows, cols) = size.split_once('x').unwrap();
        let (rows, cols): (usize, usize) = (rows.parse().unwrap(), cols.parse().unwrap());
        let (rotate, flip) = (solve.contains(&"--rotate"), solve.contains(&"--flip"));
        let mut solve_args = vec!["pack", "--board", size, "--json"];
        solve_args.extend_from_slice(solve);
        let r = run(&solve_args, g.stdout.clone());
        r.expect_code(0);
        let expected = parse_pack(&g.stdout);
        let records = r.cases();
        assert_eq!(records.len(), expected.len());
        for (rec, pieces) in records.iter().zip(expected) {
            let case = PackCase::rect(rows, cols, pieces, rotate, flip);
            assert!(assert_pack_record(rec, Some(&case)).is_some(), "{rec}");
        }
    }
}

/// The same seed gives the same bytes; another seed, other puzzles.
#[test]
fn the_seed_decides() {
    for cmd in ["tetravex", "edges", "pack"] {
        let a = run(&["generate", cmd, "--seed", "42", "--rotate", "--cases", "3"], "");
        let b = run(&["generate", cmd, "--seed", "42", "--rotate", "--cases", "3"], "");
        let c = run(&["generate", cmd, "--seed", "43", "--rotate", "--cases", "3"], "");
        assert_eq!(a.stdout, b.stdout);
        assert_ne!(a.stdout, c.stdout);
    }
    // Pinned output: a change here changes every generated benchmark.
    let r = run(&["generate", "tetravex", "--size", "2", "--seed", "1"], "");
    insta::assert_snapshot!(r.stdout, @r"
    2
    0 9 0 0
    5 7 0 9
    5 3 5 5
    1 5 0 8
    0
    ");
    // Without --seed, the seed is printed on stderr.
    let r = run(&["generate", "pack"], "");
    assert!(r.stderr.starts_with("tessera: seed ") && r.stderr.contains("--seed"), "{}", r.stderr);
}

#[test]
fn generator_usage_errors() {
    for (args, message) in [
        (&["generate", "tetravex", "--size", "3x4"][..], "square boards only"),
        (&["generate", "tetravex", "--size", "4x5"], "square boards only"),
        (&["generate", "tetravex", "--size", "33"], "--size 33"),
        (&["generate", "edges", "--border", "1"], "--border is for tetravex"),
        (&["generate", "pack", "--labels", "3"], "not pack"),
        (&["generate", "tetravex", "--flip"], "are for pack"),
        (&["generate", "pack", "--size", "2x2", "--pieces", "5"], "--pieces 5: expected 1 to 4"),
        (&["generate", "tetravex", "--labels", "0"], "--labels 0"),
        (&["generate", "tetravex", "--frame-labels", "9000", "--inner-labels", "2000"], "more than the 9999"),
        (&["generate", "pack", "--cases", "0"], "--cases 0"),
    ] {
        let r = run(args, "");
        r.expect_code(2);
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
        // No --seed given: the usage error comes alone, without a seed line.
        assert!(!r.stderr.contains("seed"), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
    }
    // RxC tetravex boards exist in JSON.
    let r = run(&["generate", "tetravex", "--size", "3x4", "--json", "--seed", "1"], "");
    let solved = run(&["tetravex"], r.stdout);
    assert_eq!(solved.stdout, "Game 1: Possible\n");
}
