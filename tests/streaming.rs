//! tessera as a filter: each case answered before the next one is written,
//! the terminator ends reading, several inputs in one run, a byte-order
//! mark, JSON of another puzzle, warnings about tile lines, and an input
//! error after the cases before it were answered.

use crate::util::{example, run};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn spawn(args: &[&str]) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("tessera"))
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera starts")
}

/// Writes `text` and flushes it (the pipe stays open).
fn send(stdin: &mut ChildStdin, text: &str) {
    stdin.write_all(text.as_bytes()).unwrap();
    stdin.flush().unwrap();
}

/// The next line of the answers (blocks until tessera writes it).
fn receive(out: &mut BufReader<ChildStdout>) -> String {
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    line
}

/// Case 1 is written, its answer read back while the pipe is still open,
/// and only then case 2 and the terminator: without streaming, the read
/// would wait forever (no timing involved).
fn answers_before_the_next_case(args: &[&str], case1: &str, answer1: &str, rest: &str, answers_after: &str) {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    send(&mut stdin, case1);
    let first = receive(&mut out);
    assert!(first.starts_with(answer1), "{args:?}: first answer {first:?}");
    send(&mut stdin, rest);
    drop(stdin);
    let mut tail = String::new();
    out.read_to_string(&mut tail).unwrap();
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert_eq!(tail, answers_after, "{args:?}: {err}");
    assert_eq!(status.code(), Some(0), "{args:?}: {err}");
}

#[test]
fn each_subcommand_answers_a_case_before_the_next_is_written() {
    let tile = "1\n1 1 1 1\n";
    answers_before_the_next_case(
        &["tetravex"],
        tile,
        "Game 1: Possible\n",
        &format!("{tile}0\n"),
        "\nGame 2: Possible\n",
    );
    answers_before_the_next_case(&["edges"], "1 1\nFFFF\n", "YES\n", "1 1\nFFFF\n0 0\n", "YES\n");
    answers_before_the_next_case(&["pack", "--board", "1x2"], "1\n1 2\n11\n", "11\n", "1\n1 2\n11\n0\n", "\n11\n");
    // JSON input, one record per line (no terminator: the end of input ends it).
    let json = "{\"rows\":1,\"cols\":1,\"tiles\":[[1,1,1,1]]}\n";
    answers_before_the_next_case(&["tetravex"], json, "Game 1: Possible\n", json, "\nGame 2: Possible\n");
    let flat = "{\"rows\":1,\"cols\":1,\"tiles\":[[0,0,0,0]]}\n";
    answers_before_the_next_case(&["edges", "--input", "json"], flat, "YES\n", flat, "YES\n");
    // JSON output: see json_records_stream.
}

/// With `--json` the second record arrives after the first one was read.
#[test]
fn json_records_stream() {
    let mut child = spawn(&["tetravex", "--json"]);
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    for k in 1..=3 {
        send(&mut stdin, "1\n1 2 3 4\n");
        let rec: serde_json::Value = serde_json::from_str(&receive(&mut out)).unwrap();
        assert_eq!((rec["case"].as_u64(), rec["status"].as_str()), (Some(k), Some("solvable")));
    }
    send(&mut stdin, "0\n");
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

/// The terminator ends reading: `yes 0 | tessera tetravex` exits 0 at once
/// (the writer never stops; it ends when the pipe closes).
#[test]
fn the_terminator_ends_reading_of_an_endless_input() {
    for (args, line) in [(&["tetravex"][..], "0\n"), (&["edges"], "0 0\n"), (&["pack"], "0\n")] {
        let mut child = spawn(args);
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let mut written = 0u64;
            while stdin.write_all(line.as_bytes()).is_ok() {
                written += 1;
            }
            written
        });
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.stdout, b"", "{args:?}");
        assert!(writer.join().unwrap() > 0);
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-streaming-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Several inputs: read in order, a `head`-like header per input in text,
/// a `file` field in JSON, case numbers from 1 in each input.
#[test]
fn several_inputs_in_order_with_headers() {
    let dir = temp_dir("several");
    let zoj = example("tetravex-zoj1008.txt");
    let a = write(&dir, "a.txt", &zoj);
    let b = write(&dir, "b.txt", "1\n1 1 1 1\n0\n");
    let r = run(&["tetravex", &a, &b, "-"], "1\n0 0 0 0\n0\n");
    r.expect_code(1);
    let want = format!(
        "==> {a} <==\nGame 1: Possible\n\nGame 2: Impossible\n\n==> {b} <==\nGame 1: Possible\n\n==> <stdin> <==\nGame 1: Possible\n"
    );
    assert_eq!(r.stdout, want);
    // One input: no header, the judge's output byte for byte.
    let one = run(&["tetravex", &a], "");
    assert_eq!(one.stdout, "Game 1: Possible\n\nGame 2: Impossible\n");
    let j = run(&["tetravex", "--json", &a, &b], "");
    let recs = j.cases();
    let got: Vec<(&str, u64)> =
        recs.iter().map(|r| (r["file"].as_str().unwrap(), r["case"].as_u64().unwrap())).collect();
    assert_eq!(got, [(a.as_str(), 1), (a.as_str(), 2), (b.as_str(), 1)]);
    // One input: no `file` field.
    assert!(run(&["tetravex", "--json", &a], "").cases().iter().all(|r| r.get("file").is_none()));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A missing input is reported by name, the others are still answered, and
/// the status is 2 at the end (as grep does); the same for an input error
/// in one of several inputs.
#[test]
fn a_missing_or_bad_input_among_good_ones() {
    let dir = temp_dir("missing");
    let good = write(&dir, "good.txt", "1\n1 1 1 1\n0\n");
    let bad = write(&dir, "bad.txt", "1\n1 1 1 1\n2\n1 1 1 1\n");
    let missing = dir.join("missing.txt").display().to_string();
    let r = run(&["tetravex", &missing, &good, &bad, &good], "");
    r.expect_code(2);
    assert_eq!(
        r.stdout,
        format!(
            "==> {good} <==\nGame 1: Possible\n\n==> {bad} <==\nGame 1: Possible\n\n==> {good} <==\nGame 1: Possible\n"
        )
    );
    assert!(r.stderr.starts_with(&format!("tessera: {missing}: No such file or directory\n")), "{}", r.stderr);
    assert!(r.stderr.contains(&format!("tessera: {bad}:5: unexpected end of input")), "{}", r.stderr);
    assert!(!r.stderr.contains("os error"), "{}", r.stderr);
    // A directory is not a file of puzzles.
    let d = dir.display().to_string();
    let r = run(&["edges", &d], "");
    r.expect_code(2);
    assert!(r.stderr.contains("is a directory"), "{}", r.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An input error at case k: cases 1..k-1 are answered on stdout, then the
/// error names the input, the line and the column; status 2.
#[test]
fn an_error_at_case_k_after_the_answers_before_it() {
    let r = run(&["tetravex"], "1\n1 1 1 1\n1\n2 2 2 2\n1\n3 x 3 3\n0\n");
    r.expect_code(2);
    assert_eq!(r.stdout, "Game 1: Possible\n\nGame 2: Possible\n");
    assert!(r.stderr.starts_with("tessera: <stdin>:6:3: expected a label"), "{}", r.stderr);
    let r = run(&["edges"], "1 1\nFFFF\n1 1\nFFFQ\n");
    r.expect_code(2);
    assert_eq!(r.stdout, "YES\n");
    assert!(r.stderr.contains("<stdin>:4:4: "), "{}", r.stderr);
    let r = run(&["pack", "--board", "1x1"], "1\n1 1\n1\n1\n1 1\n2\n");
    r.expect_code(2);
    assert_eq!(r.stdout, "1\n");
    assert!(r.stderr.contains("<stdin>:6:1: "), "{}", r.stderr);
    // JSON input: the record after the good ones.
    let one = "{\"rows\":1,\"cols\":1,\"tiles\":[[1,1,1,1]]}";
    let r = run(&["tetravex"], format!("{one}\n{one}\n{{\"rows\": x}}\n"));
    r.expect_code(2);
    assert_eq!(r.stdout, "Game 1: Possible\n\nGame 2: Possible\n");
    assert!(r.stderr.contains("<stdin>:3:10: "), "{}", r.stderr);
    // Bytes that are not text: the cases before the bad line are answered.
    let r = run(&["tetravex"], b"1\n1 1 1 1\n1\n1 1 \xff 1\n0\n".to_vec());
    r.expect_code(2);
    assert_eq!(r.stdout, "Game 1: Possible\n");
    assert!(r.stderr.contains("<stdin>:4:5: the input is not valid UTF-8 text"), "{}", r.stderr);
}

/// A UTF-8 byte-order mark at the start of an input is not content.
#[test]
fn a_byte_order_mark_is_accepted() {
    let r = run(&["tetravex"], b"\xEF\xBB\xBF1\n1 1 1 1\n0\n".to_vec());
    r.expect_code(0);
    assert_eq!(r.stdout, "Game 1: Possible\n");
    let r = run(&["edges"], b"\xEF\xBB\xBF{\"rows\":1,\"cols\":1,\"tiles\":[[0,0,0,0]]}\n".to_vec());
    r.expect_code(0);
    assert_eq!(r.stdout, "YES\n");
    let r = run(&["pack", "--board", "1x1"], b"\xEF\xBB\xBFpiece\n#\n".to_vec());
    r.expect_code(0);
    assert_eq!(r.stdout, "1\n");
}

/// JSON records of another puzzle are refused with the subcommand that
/// reads them, before any case is answered.
#[test]
fn json_of_another_puzzle_is_refused() {
    let records = run(&["tetravex", "--json"], example("tetravex-zoj1008.txt")).stdout;
    let r = run(&["edges"], records.clone());
    r.expect_code(2);
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr, "tessera: <stdin>:1:1: this is a tetravex puzzle; use 'tessera tetravex'\n");
    let r = run(&["pack"], records.clone());
    r.expect_code(2);
    assert!(r.stderr.contains("use 'tessera tetravex'"), "{}", r.stderr);
    // The right subcommand reads them back.
    run(&["tetravex"], records).expect_code(1);
}

/// A tile line holding more or fewer numbers than one tile is read on by
/// tokens (the judge's rule), with a warning naming that line.
#[test]
fn a_tile_line_of_the_wrong_length_is_named() {
    let r = run(&["tetravex"], "2\n5 9 1 4\n4 4 5 6 6\n8 5 4\n0 4 4 3\n0\n");
    r.expect_code(0);
    assert_eq!(r.stdout, "Game 1: Possible\n");
    assert_eq!(
        r.stderr,
        "tessera: <stdin>:3: warning: this tile line holds 5 numbers, not the 4 labels of one tile (top right bottom left); read on by numbers, as the judge does\n"
    );
    // The warning comes before the error it explains.
    let r = run(&["tetravex"], "2\n5 9 1 4\n4 4 5 6 6\n6 8 5 4\n0 4 4 3\n0\n");
    r.expect_code(2);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert!(lines[0].starts_with("tessera: <stdin>:3: warning:"), "{}", r.stderr);
    let error = lines.last().unwrap();
    assert!(error.starts_with("tessera: <stdin>:7: ") && !error.contains("warning"), "{}", r.stderr);
    let r = run(&["edges"], "1 2\nFFFF F\nFFF\n0 0\n");
    assert!(r.stderr.contains("<stdin>:2: warning: this piece line holds 5 sides"), "{}", r.stderr);
    // Well-formed inputs warn about nothing.
    for (cmd, file) in [("tetravex", "tetravex-zoj1008.txt"), ("edges", "edges-2x2.txt")] {
        let r = run(&[cmd], example(file));
        assert_eq!(r.stderr, "", "{cmd}");
    }
}
