//! JSON that no consumer misreads (docs/json.md, schema 2): the exact count
//! however large, read by jq 1.6 (Debian 12's package), Python's `json`
//! and JavaScript's `JSON.parse`; the schema version in every record; the
//! error record that ends a stream cut short by an input error; and the
//! new forms read back by `tessera merge`.

use crate::util::run;
use std::io::Write;
use std::process::{Command, Stdio};

/// The 16x16 board's domino tilings (OEIS A004003), far above 2^53 - 1.
const DOMINOES_16: &str = "board 16x16\npiece D x128 rotate\n##\n";
const TILINGS_16: &str = "2444888770250892795802079170816";

/// Runs `program ARGS` with `input` on stdin: its stdout, or `None` when the
/// program is not installed (the caller skips, saying so).
fn pipe(program: &str, args: &[&str], input: &str) -> Option<String> {
    let mut child = match Command::new(program).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn() {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => panic!("cannot run {program}: {e}"),
    };
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{program} {args:?} failed");
    Some(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn jq_python_and_javascript_read_the_16x16_count_exactly() {
    let r = run(&["pack", "--count", "--json"], DOMINOES_16);
    r.expect_code(0);
    assert!(r.stdout.contains(&format!(r#""count":"{TILINGS_16}""#)), "{}", r.stdout);
    let record = r.stdout.as_str();
    match pipe("jq", &["--version"], "") {
        None => eprintln!("SKIPPED: jq is not installed (.ci/run installs Debian's jq 1.6)"),
        Some(version) => {
            eprintln!("jq: {}", version.trim());
            assert_eq!(pipe("jq", &["-r", ".count"], record).unwrap(), format!("{TILINGS_16}\n"));
            assert_eq!(pipe("jq", &[".count"], record).unwrap(), format!("\"{TILINGS_16}\"\n"));
            assert_eq!(pipe("jq", &["-r", ".count | tojson"], record).unwrap(), format!("\"{TILINGS_16}\"\n"));
        }
    }
    let python = "import json, sys\nprint(json.loads(sys.stdin.read())['count'])";
    match pipe("python3", &["-c", python], record) {
        None => eprintln!("SKIPPED: python3 is not installed"),
        Some(out) => assert_eq!(out, format!("{TILINGS_16}\n")),
    }
    let js = "let s = ''; process.stdin.on('data', d => s += d); \
              process.stdin.on('end', () => console.log(String(JSON.parse(s).count)));";
    match pipe("node", &["-e", js], record) {
        None => eprintln!("SKIPPED: node is not installed"),
        Some(out) => assert_eq!(out, format!("{TILINGS_16}\n")),
    }
}

#[test]
fn small_counts_stay_numbers() {
    let r = run(&["pack", "--count", "--json"], "board 4x4\npiece D x8 rotate\n##\n");
    assert_eq!(r.cases()[0]["count"], 36, "{}", r.stdout);
}

#[test]
fn every_record_says_its_schema() {
    let tv = "examples/tetravex-zoj1008.txt";
    let root = env!("CARGO_MANIFEST_DIR");
    let file = format!("{root}/{tv}");
    let mut shards = String::new();
    let mut lines = Vec::new();
    for args in [
        vec!["tetravex", &file, "--json"],
        vec!["tetravex", &file, "--all", "--json"],
        vec!["tetravex", &file, "--shard-plan", "2", "--json"],
    ] {
        lines.extend(run(&args, "").json_lines());
    }
    for i in 1..=2 {
        shards += &run(&["tetravex", &file, "--count", "--json", "--shard", &format!("{i}/2")], "").stdout;
    }
    lines.extend(run(&["merge", "--json"], shards).json_lines());
    lines.extend(run(&["tetravex", "--json"], "2\n1 2 3 x\n").json_lines());
    let kinds: std::collections::BTreeSet<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["case", "error", "merge", "shard-plan", "solution"]);
    for l in &lines {
        assert_eq!(l["schema"], 2, "{l}");
    }
}

#[test]
fn an_input_error_ends_the_json_stream_with_an_error_record() {
    let r = run(&["tetravex", "--json"], "1\n1 1 1 1\n2\n1 2 3 x 4\n");
    r.expect_code(2);
    let lines = r.json_lines();
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    assert_eq!(lines[0]["type"], "case");
    let want = serde_json::json!({
        "type": "error", "schema": 2, "file": "<stdin>", "line": 4, "column": 7,
        "message": "expected a label (a whole number 0-9999), found `x` (tile 1 of 4 in game 2: top right bottom left)"
    });
    assert_eq!(lines[1], want);
    // stderr says the same, in the form editors jump to.
    // (after the warning about the tile line the error is on)
    assert_eq!(
        r.stderr.lines().last().map(|l| format!("{l}\n")).unwrap_or_default(),
        "tessera: <stdin>:4:7: expected a label (a whole number 0-9999), found `x` (tile 1 of 4 in game 2: top right bottom left)\n"
    );
    // JSON input too; and a file that cannot be read is an error record without a line.
    let r = run(&["edges", "--json"], "{\"rows\": 1,\n \"cols\": x}");
    r.expect_code(2);
    let last = r.json_lines().pop().unwrap();
    assert_eq!(
        (last["type"].as_str(), last["line"].as_u64(), last["column"].as_u64()),
        (Some("error"), Some(2), Some(10))
    );
    let r = run(&["pack", "--json", "tests/data/no-such-file.txt"], "");
    r.expect_code(2);
    let last = r.json_lines().pop().unwrap();
    assert_eq!((last["type"].as_str(), last["line"].as_u64()), (Some("error"), Some(0)), "{}", r.stdout);
    // Without --json, stdout holds answers only.
    let r = run(&["tetravex"], "2\n1 2 3 x\n");
    assert_eq!(r.stdout, "");
}

#[test]
fn records_read_back_accept_schema_2_and_stop_at_an_error_record() {
    let stream = run(&["tetravex", "--json"], "1\n1 1 1 1\n2\n1 2 3 x\n").stdout;
    let r = run(&["tetravex"], stream);
    assert_eq!(r.stdout, "Game 1: Possible\n");
    assert_eq!(
        r.stderr,
        "tessera: <stdin>:2:1: the run that wrote this input stopped at an input error (<stdin>:4:7: expected a label \
         (a whole number 0-9999), found `x` (tile 1 of 4 in game 2: top right bottom left))\n"
    );
    r.expect_code(2);
    // A case record with a count written as a string is read for its puzzle.
    let big = run(&["pack", "--count", "--json"], DOMINOES_16).stdout;
    let r = run(&["pack", "--count", "--json"], big);
    assert_eq!(r.cases()[0]["count"], TILINGS_16);
}

#[test]
fn merge_reads_string_counts_and_refuses_error_records_and_newer_schemas() {
    let mut shards = String::new();
    for i in 1..=2 {
        shards += &run(&["pack", "--count", "--json", "--shard", &format!("{i}/2")], DOMINOES_16).stdout;
    }
    let r = run(&["merge", "--json"], shards.clone());
    r.expect_code(0);
    assert_eq!(r.json_lines()[0]["count"], TILINGS_16);
    // A schema-1 record (no "schema", the count a bare number) still merges.
    let old = shards.replace(r#""schema":2,"#, "");
    let old: String = old
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            let digits = v["count"].as_str().unwrap().to_string();
            v["count"] = serde_json::Value::Null;
            serde_json::to_string(&v).unwrap().replace(r#""count":null"#, &format!(r#""count":{digits}"#)) + "\n"
        })
        .collect();
    assert!(!old.contains("\"schema\""));
    let r = run(&["merge"], old);
    assert_eq!(r.stdout, format!("Case 1: solvable, {TILINGS_16} solutions (2 of 2 shards complete)\n"));
    // A newer schema is refused by name.
    let newer = shards.replacen(r#""schema":2"#, r#""schema":3"#, 1);
    let r = run(&["merge"], newer);
    r.expect_code(2);
    assert!(
        r.stderr.starts_with("tessera: <stdin>:1: a record of schema 3, written by a newer tessera"),
        "{}",
        r.stderr
    );
    // A stream that stopped at an input error is not merged as if complete.
    let mut broken = run(&["pack", "--json", "--shard", "1/2"], "1\n1 2\n11\n2\n").stdout;
    assert!(broken.contains(r#""type":"error""#), "{broken}");
    broken.insert_str(0, &shards);
    let r = run(&["merge"], broken);
    r.expect_code(2);
    assert!(
        r.stderr.contains(":4: the run that wrote these records stopped at an input error (<stdin>:"),
        "{}",
        r.stderr
    );
}
