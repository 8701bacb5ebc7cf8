//! Working with tessera at a terminal, in scripts and in pipelines: the
//! progress bar, `--all` layouts and streaming, closed pipes, Ctrl-C, exit
//! statuses in every mode, `--stats`, colour and escape codes.

use crate::brute::{planted_tiles, tetravex_text};
use crate::util::{example, run, Rng};
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A search that runs for hours, with a great many solutions: a 6x6
/// Tetravex board of three labels whose tiles turn (`--rotate`).
const LONG: &[&str] = &["tetravex", "--rotate"];

fn long_input() -> String {
    tetravex_text(&[planted_tiles(&mut Rng::new(6), 6, 6, 3, true, false)])
}

fn tessera() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("tessera"));
    cmd.env_remove("NO_COLOR").env_remove("RUST_BACKTRACE").env_remove("COLUMNS");
    cmd
}

/// Starts tessera on `input` (standard input is then closed).
fn spawn(args: &[&str], input: &str) -> Child {
    let mut child = tessera()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera starts");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    child
}

/// Runs tessera on `input` with the environment of [`tessera`].
fn output(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let child = spawn(args, input);
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// Waits for a child at most `limit`; kills it and fails if it is still
/// running. A guard against hangs (a closed pipe must end the search), not
/// a speed assertion: a minute of slack, like the guard in `util::run`.
#[track_caller]
fn wait_at_most(child: &mut Child, limit: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("tessera still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Sends SIGINT, as Ctrl-C does, with the system's `kill`.
fn interrupt(child: &Child) {
    send(child, "-INT");
}

/// Sends a signal (`-INT`, `-TERM`, ...) with the system's `kill`.
fn send(child: &Child, signal: &str) {
    let ok = Command::new("kill").args([signal, &child.id().to_string()]).status().expect("kill runs");
    assert!(ok.success());
}

fn example_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples").join(name)
}

fn read_all(r: Option<impl Read>) -> String {
    let mut s = String::new();
    r.expect("piped").read_to_string(&mut s).expect("UTF-8");
    s
}

// ---------------------------------------------------------------------------
// The progress bar.

/// `--progress always` draws on stderr even when stderr is not a terminal,
/// after half a second; stdout stays clean.
#[test]
fn progress_always_draws_on_stderr_only() {
    let mut args = LONG.to_vec();
    args.extend(["--count", "--threads", "1", "--timeout", "1.5", "--progress", "always"]);
    let (code, stdout, stderr) = output(&args, &long_input());
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("case 1 ["), "no bar on stderr: {stderr:?}");
    for part in ["% ", " s  ", " nodes  ", "/s  ", " solutions"] {
        assert!(stderr.contains(part), "{part:?} missing from {stderr:?}");
    }
    // The bar is cleared at the end: the last thing written erases the line.
    assert!(stderr.ends_with("\r\x1b[2K"), "bar not cleared: {:?}", &stderr[stderr.len().saturating_sub(40)..]);
    assert!(!stdout.contains('\x1b') && !stdout.contains("explored"), "{stdout}");
    assert!(stdout.ends_with(" solutions (search stopped: timeout)\n"), "{stdout}");
}

/// Quick cases never show a bar, and `auto` and `never` draw nothing when
/// stderr is not a terminal.
#[test]
fn no_bar_for_quick_cases_or_without_a_terminal() {
    let out = tessera()
        .args(["tetravex", "--progress", "always", "--count"])
        .arg(example_path("tetravex-zoj1008.txt"))
        .output()
        .unwrap();
    assert_eq!(out.stderr, b"");
    for when in ["auto", "never"] {
        let mut args = LONG.to_vec();
        args.extend(["--count", "--timeout", "0.8", "--progress", when]);
        let (code, _, stderr) = output(&args, &long_input());
        assert_eq!(stderr, "", "--progress {when}");
        assert_eq!(code, Some(3));
    }
}

// ---------------------------------------------------------------------------
// --all: layout, streaming, closed pipes.

/// Two cases with solutions: each case's solutions, then its verdict and
/// count; exactly one empty line between any two blocks.
#[test]
fn all_in_text_separates_cases_cleanly() {
    let game = "2\n5 9 1 4\n4 4 5 6\n6 8 5 4\n0 4 4 3\n";
    let input = format!("{game}{game}2\n1 1 1 1\n2 2 2 2\n3 3 3 3\n4 4 4 4\n0\n");
    let r = run(&["tetravex", "--rotate", "--all", "--limit", "2", "--threads", "1", "--ascii"], input);
    r.expect_code(1);
    assert!(!r.stdout.contains("\n\n\n"), "two empty lines in a row:\n{}", r.stdout);
    assert!(!r.stdout.starts_with('\n') && !r.stdout.ends_with("\n\n"), "{}", r.stdout);
    let blocks: Vec<&str> = r.stdout.split("\n\n").collect();
    let heads: Vec<&str> = blocks.iter().map(|b| b.lines().next().unwrap()).collect();
    assert_eq!(
        heads,
        [
            "Solution 1:",
            "Solution 2:",
            "Game 1: Possible",
            "Solution 1:",
            "Solution 2:",
            "Game 2: Possible",
            "Game 3: Impossible"
        ]
    );
    assert_eq!(blocks[2], "Game 1: Possible\nat least 2 solutions (limit reached)");
    assert_eq!(blocks[6], "Game 3: Impossible\n0 solutions\n");
    insta::assert_snapshot!(blocks[3], @r"
    Solution 1:
    +-----+-----+
    |  1  |  5  |
    |9   4|4   6|
    |  5  |  4  |
    +-----+-----+
    |  5  |  4  |
    |8   4|4   3|
    |  6  |  0  |
    +-----+-----+
    ");
}

/// `--all --json | head -n 1`: the first record arrives at once, and when
/// the pipe closes tessera ends quietly with status 0 (the search itself
/// would take hours).
#[test]
fn a_closed_pipe_ends_all_at_once() {
    for json in [true, false] {
        let mut args = LONG.to_vec();
        args.push("--all");
        if json {
            args.push("--json");
        }
        let mut child = spawn(&args, &long_input());
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        // The reader is dropped here: the pipe is closed.
        if json {
            let rec: serde_json::Value = serde_json::from_str(&first).unwrap();
            assert_eq!((rec["type"].as_str(), rec["index"].as_u64()), (Some("solution"), Some(1)));
        } else {
            assert_eq!(first, "Solution 1:\n");
        }
        let status = wait_at_most(&mut child, Duration::from_secs(60));
        let stderr = read_all(child.stderr.take());
        assert_eq!(status.code(), Some(0), "{stderr}");
        assert_eq!(stderr, "", "a closed pipe is not an error");
    }
}

/// Solution records are flushed one by one: the first one can be read
/// while the search is still running.
#[test]
fn solution_records_stream() {
    let mut args = LONG.to_vec();
    args.extend(["--all", "--json", "--threads", "1"]);
    let mut child = spawn(&args, &long_input());
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    for k in 1..=3 {
        line.clear();
        out.read_line(&mut line).unwrap();
        let rec: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(rec["index"].as_u64(), Some(k));
    }
    assert!(child.try_wait().unwrap().is_none(), "the search goes on");
    child.kill().unwrap();
    child.wait().unwrap();
}

// ---------------------------------------------------------------------------
// Ctrl-C.

/// The first Ctrl-C stops the search: the count so far is printed as
/// incomplete, later cases are not read, and the status is 130. (Counted
/// one solution at a time, `--memo off`: a count layer by layer, which the
/// engine picks for this board, knows no solution before its last layer.)
#[test]
fn ctrl_c_prints_what_is_known() {
    let mut args = LONG.to_vec();
    args.extend(["--count", "--memo", "off", "--threads", "1"]);
    let mut child = spawn(&args, &long_input());
    std::thread::sleep(Duration::from_millis(800));
    interrupt(&child);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    let stdout = read_all(child.stdout.take());
    assert_eq!(status.code(), Some(130), "{stdout}");
    let last = stdout.lines().last().unwrap();
    assert!(last.starts_with("at least ") && last.ends_with(" solutions (search stopped: interrupted)"), "{stdout}");
    assert!(stdout.starts_with("Game 1: Possible\n"), "{stdout}");

    let mut args = LONG.to_vec();
    args.extend(["--count", "--memo", "off", "--json"]);
    let mut child = spawn(&args, &long_input());
    std::thread::sleep(Duration::from_millis(800));
    interrupt(&child);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    let stdout = read_all(child.stdout.take());
    assert_eq!(status.code(), Some(130));
    let rec: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(rec["complete"], false);
    assert_eq!(rec["stopped"], "interrupted");
    assert_eq!(rec["status"], "solvable");
    assert!(rec["count"].as_u64().unwrap() > 0);
    crate::verify::assert_tile_record(&rec, false, None);
}

/// SIGTERM (a batch system's time limit) and SIGHUP (a closed terminal)
/// stop the search as Ctrl-C does: what is known is printed, status 130.
#[test]
fn termination_signals_stop_the_search_like_ctrl_c() {
    for signal in ["-TERM", "-HUP"] {
        let mut args = LONG.to_vec();
        args.extend(["--count", "--memo", "off", "--threads", "2", "--json"]);
        let mut child = spawn(&args, &long_input());
        std::thread::sleep(Duration::from_millis(500));
        send(&child, signal);
        let status = wait_at_most(&mut child, Duration::from_secs(60));
        let stdout = read_all(child.stdout.take());
        assert_eq!(status.code(), Some(130), "{signal}: {stdout}");
        let rec: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
        assert_eq!(
            (rec["complete"].as_bool(), rec["stopped"].as_str()),
            (Some(false), Some("interrupted")),
            "{signal}"
        );
    }
}

/// Interrupted before the first solution: the case is unknown.
#[test]
fn ctrl_c_before_a_solution_leaves_the_case_unknown() {
    // A 7x7 board of two labels with turning tiles, all but one tile's
    // labels balanced: no solution, and a long search to prove it.
    let mut rng = Rng::new(41);
    let mut case = planted_tiles(&mut rng, 7, 7, 2, true, false);
    case.tiles[0][0] = 2;
    let input = tetravex_text(&[case]);
    let mut child = tessera()
        .args(["tetravex", "--rotate", "--threads", "1", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(800));
    if child.try_wait().unwrap().is_some() {
        // Refuted quickly after all (a pre-check): nothing to interrupt.
        return;
    }
    interrupt(&child);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    let stdout = read_all(child.stdout.take());
    assert_eq!(status.code(), Some(130));
    let rec: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!((rec["status"].as_str(), rec["solvable"].is_null()), (Some("unknown"), true), "{rec}");
    assert_eq!(rec["stopped"], "interrupted");
}

/// While tessera waits for standard input nothing is computed yet: the
/// first Ctrl-C ends it (status 130). (A second Ctrl-C during a search
/// exits at once too.)
#[test]
fn a_first_ctrl_c_ends_waiting_for_input() {
    let mut child = tessera()
        .args(["tetravex"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _stdin = child.stdin.take(); // kept open: tessera keeps reading
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none(), "tessera waits for its input");
    interrupt(&child);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(130));
    // Standard input is a pipe, not a terminal: no hint.
    assert_eq!(read_all(child.stderr.take()), "");
}

/// Long searches on every backend: counting a 9x9 Tetravex (the
/// assignment backend's nodes cost microseconds each, and with two threads
/// the count is cut into subtrees smaller than a poll period), and the 12
/// pentominoes with the 2x2 square on 8x8 with turns and flips (the
/// bit-set backend; 129,168 solutions, counted one per orbit of the
/// board's 8 symmetries: seconds, where the pentominoes on 6x10 now take
/// a tenth of one).
fn long_searches() -> Vec<(Vec<&'static str>, String)> {
    let t9 = crate::util::run(&["generate", "tetravex", "--size", "9", "--seed", "5"], "").stdout;
    let pent = "board 8x8\nset pentominoes\npiece O\n##\n##\n".to_string();
    let mut searches = Vec::new();
    for backend in ["assign", "rowscan", "general"] {
        searches.push((vec!["tetravex", "--count", "--backend", backend], t9.clone()));
    }
    searches.push((vec!["pack", "--rotate", "--flip", "--count"], pent.clone()));
    searches.push((vec!["pack", "--rotate", "--flip", "--count", "--backend", "general"], pent));
    searches
}

/// Every backend, with one thread and with two, notices Ctrl-C and
/// `--timeout` at once. The target is 100 ms; the bound asserted is a
/// generous second, so that a loaded machine does not fail the test, while
/// a stop that waits for a subtree to end (seconds, as it once did) does.
#[test]
fn every_backend_and_thread_stops_promptly() {
    let bound = Duration::from_secs(1);
    for (args, input) in long_searches() {
        for threads in ["1", "2"] {
            let mut args = args.clone();
            args.extend(["--threads", threads]);
            let mut child = spawn(&args, &input);
            std::thread::sleep(Duration::from_millis(400));
            assert!(child.try_wait().unwrap().is_none(), "{args:?} ended before Ctrl-C");
            interrupt(&child);
            let sent = Instant::now();
            let status = wait_at_most(&mut child, Duration::from_secs(60));
            let latency = sent.elapsed();
            assert_eq!(status.code(), Some(130), "{args:?}");
            assert!(latency < bound, "{args:?}: Ctrl-C took {latency:?} to stop the search");

            let timeout = 0.4;
            args.extend(["--timeout", "0.4"]);
            let start = Instant::now();
            let mut child = spawn(&args, &input);
            let status = wait_at_most(&mut child, Duration::from_secs(60));
            let late = start.elapsed().saturating_sub(Duration::from_secs_f64(timeout));
            assert_eq!(status.code(), Some(3), "{args:?}");
            assert!(late < bound, "{args:?}: --timeout {timeout} stopped {late:?} late");
        }
    }
}

/// The example pipelines in `tessera generate --help` run as shown and
/// finish (an 8x8 one without a seed once ran for minutes): each carries a
/// seed, and each ends with status 0.
#[test]
fn generate_help_examples_finish() {
    let help = crate::util::run(&["generate", "--help"], "").stdout;
    let mut commands = Vec::new();
    let mut current = String::new();
    for line in help.lines() {
        let line = line.trim();
        if line.starts_with("tessera ") || (!current.is_empty() && line.starts_with('|')) || current.ends_with('\\') {
            current = format!("{} {line}", current.trim_end_matches('\\').trim());
            if !line.ends_with('\\') {
                commands.push(std::mem::take(&mut current));
            }
        }
    }
    assert!(commands.len() >= 4, "{commands:?}");
    for command in commands {
        assert!(command.contains("--seed"), "an example without a seed: {command}");
        let stages: Vec<Vec<&str>> =
            command.split('|').map(|stage| stage.split_whitespace().skip(1).collect()).collect();
        assert_eq!(stages.len(), 2, "{command}");
        let puzzle = crate::util::run(&stages[0], "");
        assert_eq!(puzzle.code, Some(0), "{command}: {puzzle:?}");
        let solved = crate::util::run(&stages[1], puzzle.stdout);
        assert_eq!(solved.code, Some(0), "{command}: {solved:?}");
    }
}

/// The puzzle subcommands' `--help` shows two or three example commands, and
/// each runs (from the source tree, on its examples/) to an answer.
#[test]
fn puzzle_help_examples_run() {
    for sub in ["tetravex", "edges", "pack"] {
        let help = crate::util::run(&[sub, "--help"], "").expect_code(0).stdout.clone();
        let prefix = format!("tessera {sub} ");
        let commands: Vec<String> = help
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with(&prefix))
            .map(|l| l.split("  ").next().unwrap().to_string())
            .collect();
        assert!((2..=3).contains(&commands.len()), "{sub}: {commands:?}");
        for command in commands {
            let args: Vec<&str> = command.split_whitespace().skip(1).collect();
            let r = crate::util::run(&args, "");
            assert!(matches!(r.code, Some(0 | 1)), "{command}: {r:?}");
            assert!(!r.stdout.is_empty(), "{command}: no answer");
        }
    }
}

/// Help texts carry no internal references (prototype seeds such as
/// "seed 002"), describe every value of --color and --progress, and --fix
/// names its parts as its placeholder does, with ROT 0-3.
#[test]
fn help_texts_describe_what_they_show() {
    for sub in ["tetravex", "edges", "pack", "generate", "merge"] {
        let help = crate::util::run(&[sub, "--help"], "").stdout;
        let lower = help.to_lowercase();
        for (i, _) in lower.match_indices("seed 0") {
            let next = lower[i + 6..].chars().next();
            assert!(!next.is_some_and(|c| c.is_ascii_digit()), "{sub}: an internal reference: {}", &help[i..]);
        }
        if sub == "merge" || sub == "generate" {
            continue;
        }
        for option in ["--color", "--progress"] {
            let at = help.find(&format!("{option} <WHEN>")).unwrap_or_else(|| panic!("{sub}: no {option}"));
            let block: Vec<&str> = help[at..].lines().skip(1).take_while(|l| !l.trim().starts_with("--")).collect();
            for value in ["auto", "always", "never"] {
                let line = block.iter().find(|l| l.trim().starts_with(&format!("- {value}")));
                let line = line.unwrap_or_else(|| panic!("{sub} {option}: {value} not listed: {block:?}"));
                assert!(line.contains(": "), "{sub} {option}: {value} not described: {line}");
            }
        }
        if sub != "pack" {
            let noun = if sub == "tetravex" { "TILE" } else { "PIECE" };
            assert!(help.contains(&format!("--fix <{noun}@ROW,COL[,ROT]>")), "{sub}: {help}");
            let at = help.find("--fix <").unwrap();
            let text: String = help[at..].lines().take(3).collect::<Vec<_>>().join(" ");
            for part in [noun, "ROW", "COL", "ROT", "(0-3)"] {
                assert!(text.contains(part), "{sub} --fix does not explain {part}: {text}");
            }
            let input = if sub == "tetravex" { "tetravex-zoj1008.txt" } else { "edges-2x2.txt" };
            let r = crate::util::run(&[sub, "--rotate", "--fix", "1@1,1,4"], crate::util::example(input));
            r.expect_code(2);
            assert!(r.stderr.contains("ROT is 4, but it must be 0-3"), "{}", r.stderr);
            let r = crate::util::run(&[sub, "--fix", "1@1"], crate::util::example(input));
            assert!(r.stderr.contains(&format!("expected {noun}@ROW,COL")), "{}", r.stderr);
        }
    }
}

// ---------------------------------------------------------------------------
// Exit statuses in every mode.

/// The status of one run for each mode and each way a case ends.
#[test]
fn exit_status_table() {
    let solvable = example("edges-2x2.txt");
    let unsolvable = "1 2\nFOFF\nFFFF\n0 0\n";
    // 28 solutions when the tiles turn; a budget of 20 nodes finds some.
    let many = "2\n1 1 1 1\n1 1 1 1\n1 1 1 2\n1 1 2 1\n0\n";
    let modes: [&[&str]; 6] = [
        &[],
        &["--count"],
        &["--all"],
        &["--count", "--limit", "1"],
        &["--all", "--limit", "1"],
        &["--count", "--limit", "100"],
    ];
    // (options, input, the status in each mode)
    let table: [(&[&str], &str, [i32; 6]); 6] = [
        (&["edges"], &solvable, [0, 0, 0, 0, 0, 0]),
        (&["edges"], unsolvable, [1, 1, 1, 1, 1, 1]),
        (&["tetravex", "--rotate"], many, [0, 0, 0, 0, 0, 0]),
        // The budget runs out before any solution: unknown.
        (&["tetravex", "--rotate", "--max-nodes", "1"], many, [3, 3, 3, 3, 3, 3]),
        // Solutions found, but the count or the listing is incomplete (3),
        // unless the limit was reached first (0).
        (&["tetravex", "--rotate", "--max-nodes", "20"], many, [0, 3, 3, 0, 0, 3]),
        // An unknown case and an unsolvable one: unknown wins.
        (&["tetravex", "--max-nodes", "1"], &example("tetravex-zoj1008.txt"), [3, 3, 3, 3, 3, 3]),
    ];
    for (args, input, want) in table {
        for (mode, want) in modes.iter().zip(want) {
            let mut all: Vec<&str> = args.to_vec();
            all.extend_from_slice(mode);
            let r = run(&all, input);
            assert_eq!(r.code, Some(want), "{all:?}\n{}", r.stdout);
        }
    }
}

// ---------------------------------------------------------------------------
// --stats and colour.

/// `--stats` writes one line per case on stderr, nothing on stdout; JSON
/// records always carry the stats.
#[test]
fn stats_per_case_on_stderr() {
    let r = run(&["tetravex", "--stats", "--count"], example("tetravex-zoj1008.txt"));
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", r.stderr);
    for (k, l) in lines.iter().enumerate() {
        assert!(l.starts_with(&format!("case {}: ", k + 1)) && l.contains(" nodes, ") && l.contains(" ms, backend "));
    }
    assert!(!r.stdout.contains("nodes"));
    let r = run(&["pack", "--json"], example("pack-uva387.txt"));
    for rec in r.cases() {
        let s = &rec["stats"];
        assert!(s["nodes"].is_u64() && s["elapsed_ms"].is_number() && s["backend"].is_string(), "{rec}");
    }
    assert_eq!(r.stderr, "");
}

/// Piped output has no escape codes unless `--color always` asks for them
/// (NO_COLOR is not set here); JSON never has them.
#[test]
fn colour_only_on_a_terminal_or_when_asked() {
    let out = |extra: &[&str]| {
        let mut cmd = tessera();
        cmd.args(["tetravex", "--grid"]).args(extra).arg(example_path("tetravex-zoj1008.txt"));
        let o = cmd.output().unwrap();
        String::from_utf8(o.stdout).unwrap()
    };
    assert!(!out(&[]).contains('\x1b'));
    assert!(!out(&["--color", "never"]).contains('\x1b'));
    let coloured = out(&["--color", "always"]);
    assert!(coloured.contains("\x1b[38;5;"), "{coloured}");
    // Without the escapes, the same drawing.
    let plain: String = strip_escapes(&coloured);
    assert_eq!(plain, out(&[]));
    assert!(!out(&["--color", "always", "--json"]).contains('\x1b'));
    let pack =
        tessera().args(["pack", "--grid", "--color", "always"]).arg(example_path("pack-uva387.txt")).output().unwrap();
    assert!(String::from_utf8(pack.stdout).unwrap().contains('\x1b'));
}

fn strip_escapes(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

// ---------------------------------------------------------------------------
// The user guide's examples.

/// Splits a command line into words: spaces separate, '...' and "..."
/// quote (no escapes inside).
fn words(cmd: &str) -> Vec<String> {
    let (mut out, mut word, mut quote, mut started) = (Vec::new(), String::new(), None, false);
    for c in cmd.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                started = true;
            }
            (None, ' ') => {
                if started || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                started = false;
            }
            (None, c) => word.push(c),
        }
    }
    if started || !word.is_empty() {
        out.push(word);
    }
    out
}

/// The marker that exempts the next example block from
/// [`every_console_example_is_true`]: its output depends on timing (times,
/// thread counts, a machine's speed) or on tools the suite does not run.
/// Written on the line before the block, with the reason after the colon.
const VARIES: &str = "<!-- output varies:";

/// Every example of README.md and docs/*.md that shows a command and its
/// output (```console blocks, and ```sh blocks whose lines start with `$ `)
/// is run, by bash, in a scratch directory that links the source tree's
/// `examples/`, `tests/`, `docs/` and `bench/` (so files an earlier step
/// writes, such as `> shard-1.json`, are there for later steps), with this
/// build's `tessera` first on PATH; its whole output must be what the page
/// shows: stdout then stderr, or stderr then stdout (as a terminal shows a
/// `--stats` line or a warning before the answer after it). `$ echo $?`
/// shows the exit status of the command before it. Commands are continued
/// with a trailing backslash and fed by `<<'EOF'` here-documents as in a
/// shell. A command that needs a program that is not installed (jq,
/// GNU parallel) is skipped, and so is a block marked with [`VARIES`].
#[test]
fn every_console_example_is_true() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = assert_cmd::cargo::cargo_bin("tessera");
    let path = format!("{}:{}", bin.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let installed = |program: &str| {
        std::process::Command::new("bash")
            .args(["-c", &format!("command -v {program}")])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let missing: Vec<&str> = ["jq", "parallel"].into_iter().filter(|p| !installed(p)).collect();
    let mut docs = vec![root.join("README.md")];
    let mut pages: Vec<_> = std::fs::read_dir(root.join("docs")).unwrap().map(|e| e.unwrap().path()).collect();
    pages.sort();
    docs.extend(pages.into_iter().filter(|p| p.extension().is_some_and(|e| e == "md")));
    let (mut checked, mut varies, mut skipped) = (0, 0, Vec::new());
    for doc in &docs {
        let name = doc.strip_prefix(root).unwrap().display().to_string();
        let scratch =
            std::env::temp_dir().join(format!("tessera-docs-{}-{}", std::process::id(), name.replace('/', "-")));
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch).unwrap();
        for dir in ["examples", "tests", "docs", "bench"] {
            std::os::unix::fs::symlink(root.join(dir), scratch.join(dir)).unwrap();
        }
        let md = std::fs::read_to_string(doc).unwrap();
        let mut lines = md.lines();
        let mut before = "";
        while let Some(l) = lines.next() {
            let fence = l == "```console" || l == "```sh";
            if !fence {
                if !l.trim().is_empty() {
                    before = l;
                }
                continue;
            }
            let block: Vec<&str> = lines.by_ref().take_while(|x| !x.starts_with("```")).collect();
            if l == "```sh" && !block.first().is_some_and(|b| b.starts_with("$ ")) {
                continue; // a script, not a command and its output
            }
            if before.starts_with(VARIES) {
                varies += 1;
                continue;
            }
            let mut i = 0;
            let mut last: Option<i32> = None;
            while i < block.len() {
                let mut cmd = block[i]
                    .strip_prefix("$ ")
                    .unwrap_or_else(|| panic!("{name}: expected a command: {}", block[i]))
                    .to_string();
                i += 1;
                while cmd.ends_with('\\') {
                    cmd.push('\n');
                    cmd.push_str(block[i]);
                    i += 1;
                }
                if cmd.ends_with("<<'EOF'") {
                    while block[i] != "EOF" {
                        cmd.push('\n');
                        cmd.push_str(block[i]);
                        i += 1;
                    }
                    cmd.push_str("\nEOF");
                    i += 1;
                }
                let mut shown = String::new();
                while i < block.len() && !block[i].starts_with("$ ") {
                    shown.push_str(block[i]);
                    shown.push('\n');
                    i += 1;
                }
                if cmd == "echo $?" {
                    if let Some(code) = last {
                        assert_eq!(shown, format!("{code}\n"), "{name}: `echo $?`");
                    }
                    continue;
                }
                last = None;
                if missing.iter().any(|p| cmd.contains(&format!("{p} "))) {
                    skipped.push(format!("{name}: {cmd}"));
                    continue;
                }
                let out = std::process::Command::new("bash")
                    .args(["-c", &cmd])
                    .current_dir(&scratch)
                    .env("PATH", &path)
                    .env("NO_COLOR", "1")
                    .env_remove("RUST_BACKTRACE")
                    .stdin(std::process::Stdio::null())
                    .output()
                    .unwrap();
                let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
                assert!(
                    stdout.clone() + &stderr == shown || stderr.clone() + &stdout == shown,
                    "{name}: `{cmd}` prints otherwise:\n--- shown\n{shown}--- printed (stdout)\n{stdout}--- (stderr)\n{stderr}"
                );
                last = out.status.code();
                checked += 1;
            }
        }
        let _ = std::fs::remove_dir_all(&scratch);
    }
    for s in &skipped {
        eprintln!("SKIPPED (needs {}): {s}", missing.join(" or "));
    }
    assert!(checked >= 120, "only {checked} examples checked");
    assert!(varies <= 8, "{varies} blocks marked as varying: keep them few");
    assert_eq!(json_records_checked(), 6);
}

/// The record examples of docs/json.md (```json blocks) are real records:
/// each block's command is the last `tessera ...` (or `printf ... |
/// tessera ...`) quoted in the prose before it, and "First line of",
/// "Third line of" and "First two lines of" pick its output lines. The
/// stats that change with the thread count and the machine (`nodes`,
/// `updates`, `tickets`, `threads`, `elapsed_ms`) are left out of the
/// comparison; `backend` and every other field must match.
fn json_records_checked() -> usize {
    let md = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json.md")).unwrap();
    let normalise = |mut v: serde_json::Value| {
        if let Some(stats) = v.get_mut("stats").and_then(|s| s.as_object_mut()) {
            for k in ["nodes", "updates", "tickets", "threads", "elapsed_ms"] {
                stats.remove(k);
            }
        }
        v
    };
    let mut checked = 0;
    let mut prose = String::new();
    let mut lines = md.lines();
    while let Some(l) = lines.next() {
        if !l.starts_with("```") {
            prose.push_str(l);
            prose.push('\n');
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|x| !x.starts_with("```")).collect();
        let text = std::mem::take(&mut prose);
        if l != "```json" {
            continue;
        }
        let quoted: Vec<&str> = text.split('`').skip(1).step_by(2).collect();
        let cmd = quoted
            .iter()
            .rev()
            .find(|q| q.starts_with("tessera ") || q.starts_with("printf '"))
            .unwrap_or_else(|| panic!("docs/json.md: no command before {block:?}"));
        let (stdin, cmd) = match cmd.strip_prefix("printf '") {
            Some(rest) => {
                let (data, cmd) = rest.split_once("' | ").unwrap();
                (data.replace("\\n", "\n"), cmd)
            }
            None => (String::new(), *cmd),
        };
        let args = words(cmd);
        let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
        let out = run(&args, stdin).stdout;
        let records: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let pick = if text.contains("First two lines of") {
            &records[..2]
        } else if text.contains("Third line of") {
            &records[2..3]
        } else if text.contains("First line of") {
            &records[..1]
        } else {
            &records[..]
        };
        let shown: Vec<serde_json::Value> = serde_json::Deserializer::from_str(&block.join("\n"))
            .into_iter::<serde_json::Value>()
            .map(|v| v.unwrap_or_else(|e| panic!("docs/json.md: `{cmd}`: {e}")))
            .collect();
        let pick: Vec<serde_json::Value> = pick.iter().cloned().map(normalise).collect();
        let shown: Vec<serde_json::Value> = shown.into_iter().map(normalise).collect();
        assert_eq!(shown, pick, "docs/json.md: `{cmd}` prints otherwise");
        checked += 1;
    }
    checked
}

/// The README's two shown outputs (its quick start and the `jq` pipe) are
/// what tessera prints. `jq` is not needed: the pipe's filter is applied
/// here to the same JSON records.
#[test]
fn the_readme_examples_are_true() {
    let readme = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    // The quick start: `cargo run --release -- tetravex examples/tetravex-zoj1008.txt --grid`.
    let after = readme.split_once("The first command prints").expect("README: the quick start's output").1;
    let shown = after.split_once("```text\n").unwrap().1.split_once("```").unwrap().0;
    let r = run(&["tetravex", "--grid"], example("tetravex-zoj1008.txt"));
    assert_eq!(r.stdout, shown);
    r.expect_code(1);
    // The jq pipe: each placement of a solvable case as `tile P -> row R, col C`.
    let pipe = readme.split_once("| jq -r").expect("README: the jq example").1;
    let shown: Vec<&str> = pipe.lines().skip(1).take_while(|l| !l.starts_with("```")).collect();
    let r = run(&["tetravex", "--json"], example("tetravex-zoj1008.txt"));
    let mut lines = Vec::new();
    for rec in r.cases().iter().filter(|c| c["solvable"] == true) {
        for p in rec["solution"]["placements"].as_array().unwrap() {
            lines.push(format!("tile {} -> row {}, col {}", p["piece"], p["row"], p["col"]));
        }
    }
    assert_eq!(lines, shown);
}
