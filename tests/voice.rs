//! One voice (issue 28): every message `tessera: ...`, `FILE:LINE:COLUMN: `
//! first where there is one, no Rust or clap internals, no wrong tips; and
//! the conventions of the tools people already use (repeated flags, short
//! flags, `-q`, exit statuses in `--help`, plural words, a full disk, `man
//! --dir FILE`, a shard with nothing to do, merge's reasons).

use crate::util::{example, run};

/// Each message of the issue's "Why" (and its kin) in its new wording:
/// arguments, standard input, the whole of stderr, the exit status.
#[test]
fn messages_in_one_voice() {
    #[rustfmt::skip]
    let table: &[(&[&str], &str, &str, i32)] = &[
        // Rust's number parsing and clap's ranges, in words.
        (&["tetravex", "--limit", "99999999999999999999999"], "",
         "tessera: --limit 99999999999999999999999: expected a whole number from 0 to 18446744073709551615\n", 2),
        (&["tetravex", "--max-nodes", "12x"], "",
         "tessera: --max-nodes 12x: expected a whole number from 0 to 18446744073709551615\n", 2),
        (&["tetravex", "--shard-plan", "0"], "",
         "tessera: --shard-plan 0: expected a whole number from 1 to 1000000\n", 2),
        // No wrong tips for negative numbers or unknown options.
        (&["tetravex", "--limit", "-3"], "",
         "tessera: --limit -3: expected a whole number from 0 to 18446744073709551615\n", 2),
        (&["edges", "--border", "0"], "",
         "tessera: edges has no option --border\nUsage: tessera edges [OPTIONS] [FILE]...\n", 2),
        (&["tetravex", "--bordr", "0"], "",
         "tessera: tetravex has no option --bordr (did you mean --border?)\nUsage: tessera tetravex [OPTIONS] [FILE]...\n", 2),
        (&["tetravex", "-3"], "",
         "tessera: unexpected -3: no option takes a negative number here\nUsage: tessera tetravex [OPTIONS] [FILE]...\n", 2),
        (&["tetrvex"], "",
         "tessera: no subcommand `tetrvex` (did you mean tetravex?)\nUsage: tessera <COMMAND>\n", 2),
        (&["pack", "--set", "dominoes"], "",
         "tessera: --set dominoes: expected one of trominoes, tetrominoes, pentominoes, one-sided-pentominoes, hexominoes (did you mean trominoes?)\n", 2),
        (&["tetravex", "--shard-plan", "2", "--shard", "1/2"], "",
         "tessera: --shard-plan cannot be used with --shard\nUsage: tessera tetravex [OPTIONS] [FILE]...\n", 2),
        (&["tetravex", "--limit"], "", "tessera: --limit needs a value\n", 2),
        // Input errors: the place first, as compilers write it.
        (&["tetravex"], "2\n1 2 3 x 4\n",
         "tessera: <stdin>:2: warning: this tile line holds 5 numbers, not the 4 labels of one tile (top right bottom left); read on by numbers, as the judge does\n\
          tessera: <stdin>:2:7: expected a label (a whole number 0-9999), found `x` (tile 1 of 4 in game 1: top right bottom left)\n", 2),
        (&["tetravex"], "2\n1 2 3 4\n",
         "tessera: <stdin>:3: unexpected end of input: game 1 needs 4 tiles, found 1 (tile 2 of 4 in game 1: top right bottom left)\n", 2),
        // The system's errors without Rust's "(os error 2)".
        (&["tetravex", "tests/data/no-such-file.txt"], "",
         "tessera: tests/data/no-such-file.txt: No such file or directory\n", 2),
        (&["man", "--dir", "README.md"], "", "tessera: --dir README.md: a file, not a directory\n", 2),
        // Warnings: pieces that cannot fill the board.
        (&["pack", "--set", "pentominoes"], "",
         "tessera: warning: the pieces cover 60 cells, but the default 4x4 board has 16, so no solution is possible; give the board with --board ROWSxCOLS (or draw it in the input)\n", 1),
        (&["pack"], "1\n2 2\n11\n11\n0\n",
         "tessera: <stdin>:1: warning: the pieces cover 4 cells, but the default 4x4 board has 16, so no solution is possible; give the board with --board ROWSxCOLS (or draw it in the input)\n", 1),
        (&["pack", "--board", "3x3"], "1\n2 2\n11\n11\n0\n",
         "tessera: <stdin>:1: warning: the pieces cover 4 cells, but the 3x3 board has 9, so no solution is possible; give the board with --board ROWSxCOLS (or draw it in the input)\n", 1),
    ];
    for &(args, stdin, want, code) in table {
        let r = run(args, stdin);
        assert_eq!(r.stderr, want, "tessera {args:?}");
        r.expect_code(code);
        assert!(!r.stderr.contains("error:"), "{}", r.stderr);
    }
}

#[test]
fn generated_pack_puzzles_warn_on_the_default_board() {
    let puzzle = run(&["generate", "pack", "--seed", "1"], "").stdout;
    let r = run(&["pack"], puzzle.clone());
    assert_eq!(r.stdout, "No solution possible\n");
    assert!(
        r.stderr
            .starts_with("tessera: <stdin>:1: warning: the pieces cover 60 cells, but the default 4x4 board has 16"),
        "{}",
        r.stderr
    );
    let r = run(&["pack", "--board", "6x10"], puzzle);
    assert_eq!(r.stderr, "");
    r.expect_code(0);
}

#[test]
fn stats_lines_say_one_subtree() {
    let r =
        run(&["tetravex", "--shard", "1/2", "--stats", "--threads", "1"], "2\n5 9 1 4\n4 4 5 6\n6 8 5 4\n0 4 4 3\n0\n");
    assert!(r.stderr.contains(", 1 subtree\n"), "{}", r.stderr);
}

#[test]
fn repeated_flags_the_last_wins() {
    let tv = example("tetravex-zoj1008.txt");
    let once = run(&["tetravex", "--count", "--grid", "--threads", "1"], tv.clone());
    let twice =
        run(&["tetravex", "--count", "--count", "--grid", "--grid", "--threads", "4", "--threads", "1"], tv.clone());
    assert_eq!(once.stdout, twice.stdout);
    assert_eq!(twice.code, Some(1));
    let r = run(&["tetravex", "--all", "--limit", "5", "--limit", "1"], "2\n1 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n0\n");
    assert!(r.stdout.contains("at least 1 solution (limit reached)"), "{}", r.stdout);
}

#[test]
fn short_flags_are_the_long_ones() {
    let tv = example("tetravex-zoj1008.txt");
    let long = run(&["tetravex", "--count", "--grid", "--threads", "2"], tv.clone());
    let short = run(&["tetravex", "-c", "-g", "-j", "2"], tv.clone());
    assert_eq!(long.stdout, short.stdout);
    assert_eq!(run(&["tetravex", "-cg", "-j2"], tv).stdout, long.stdout);
}

#[test]
fn quiet_answers_by_exit_status_alone() {
    let tv = example("tetravex-zoj1008.txt");
    let solvable = "2\n5 9 1 4\n4 4 5 6\n6 8 5 4\n0 4 4 3\n0\n";
    for (input, code) in [(solvable, 0), (tv.as_str(), 1)] {
        let r = run(&["tetravex", "-q"], input);
        assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("", ""));
        r.expect_code(code);
    }
    // Errors still speak (stderr), and -q has nothing to count.
    let r = run(&["tetravex", "--quiet"], "2\n1 2 3 x\n");
    r.expect_code(2);
    assert!(r.stderr.starts_with("tessera: <stdin>:2:7: "), "{}", r.stderr);
    let r = run(&["tetravex", "-q", "--count"], solvable);
    r.expect_code(2);
    assert!(r.stderr.starts_with("tessera: --quiet cannot be used with --count\n"), "{}", r.stderr);
}

#[test]
fn every_subcommand_help_lists_the_exit_statuses() {
    for sub in ["tetravex", "edges", "pack", "generate", "merge", "completions", "man"] {
        for flag in ["-h", "--help"] {
            let r = run(&[sub, flag], "");
            r.expect_code(0);
            assert!(r.stdout.contains("Exit status: 0 "), "tessera {sub} {flag}: {}", r.stdout);
        }
    }
    let r = run(&["pack", "--help"], "");
    assert!(r.stdout.contains("4 with --shard, some\ncase had nothing to search in this shard"), "{}", r.stdout);
}

#[test]
fn a_full_disk_names_standard_output() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("SKIPPED: no /dev/full on this system");
        return;
    }
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("tessera"))
        .args(["tetravex", concat!(env!("CARGO_MANIFEST_DIR"), "/examples/tetravex-zoj1008.txt")])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "tessera: cannot write to standard output: No space left on device\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_shard_with_nothing_to_do_says_so() {
    let tv = example("tetravex-zoj1008.txt");
    let r = run(&["tetravex", "--shard", "2/2"], tv.clone());
    let line = "nothing to search in shard 2/2 (the search tree has too few subtrees to give every shard a part)";
    // Case 2's tree ends within the levels that cut it: every shard
    // searched all of it, which is no empty shard.
    assert_eq!(r.stdout, format!("Case 1: {line}\n\nGame 2: Unknown\n"));
    r.expect_code(4);
    let r = run(&["tetravex", "--shard", "2/2", "--json"], tv.clone());
    r.expect_code(4);
    let cases = r.cases();
    assert_eq!(cases[0]["shard"], serde_json::json!({"index": 2, "count": 2, "empty": true}));
    assert_eq!((cases[0]["status"].as_str(), cases[0]["complete"].as_bool()), (Some("unknown"), Some(true)));
    assert_eq!(cases[1]["shard"], serde_json::json!({"index": 2, "count": 2}));
    // The shard that has the work answers as before; together they merge.
    let r1 = run(&["tetravex", "--shard", "1/2", "--json"], tv.clone());
    assert!(r1.cases().iter().all(|c| c["shard"].get("empty").is_none()), "{}", r1.stdout);
    let m = run(&["merge"], r1.stdout + &r.stdout);
    assert_eq!(m.stdout, "Case 1: solvable (2 of 2 shards complete)\nCase 2: unsolvable (2 of 2 shards complete)\n");
    // A timeout still reads "Unknown", exit 3, not the empty shard's words.
    let r = run(&["tetravex", "--shard", "1/2", "--max-nodes", "1"], tv);
    assert!(!r.stdout.contains("nothing to search"), "{}", r.stdout);
}

#[test]
fn merge_names_each_reason_and_the_puzzles_it_found() {
    let pk = example("pack-uva387.txt");
    let tv = example("tetravex-zoj1008.txt");
    // Both shards stop at --limit; shard 1's record then says it timed out
    // instead (as a run cut by --timeout writes it): merge repeats each.
    let shard = |i: &str| {
        run(&["pack", "--rotate", "--flip", "--count", "--limit", "1", "--shard", i, "--json"], pk.clone()).stdout
    };
    let (one, two) = (shard("1/2"), shard("2/2"));
    assert!(one.lines().next().unwrap().contains(r#""stopped":"limit""#), "{one}");
    let one = one.replacen(r#""stopped":"limit""#, r#""stopped":"timeout""#, 1);
    let r = run(&["merge"], one.clone() + &two);
    assert!(
        r.stderr.contains("case 1: shards 1, 2 of 2 stopped before the end of their search (1: timeout, 2: limit)\n"),
        "{}",
        r.stderr
    );
    let r = run(&["merge"], two.clone());
    assert!(r.stderr.contains("case 1: shard 2 of 2 stopped before the end of its search (limit)\n"), "{}", r.stderr);
    // Tetravex and pack records mixed: the puzzles are named, not the splits.
    let t = run(&["tetravex", "--shard", "1/4", "--json"], tv).stdout;
    let p = run(&["pack", "--shard", "1/2", "--json"], pk).stdout;
    let r = run(&["merge"], t + &p);
    r.expect_code(2);
    assert!(
        r.stderr
            .contains("is a pack record, <stdin>:1 a tetravex record: merge the shard runs of one puzzle at a time"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("split into"), "{}", r.stderr);
}
