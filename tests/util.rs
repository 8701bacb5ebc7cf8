//! Running the `tessera` binary, and a small deterministic random source.

use std::path::PathBuf;

/// What one run of the binary produced.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    /// The exit status (`None` if killed by a signal).
    pub code: Option<i32>,
}

impl Run {
    /// Asserts the exit status, showing the whole run if it differs.
    #[track_caller]
    pub fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(self.code, Some(code), "unexpected exit status; run: {self:#?}");
        self
    }

    /// Asserts that nothing on stderr looks like a panic.
    #[track_caller]
    pub fn expect_no_panic(&self) -> &Self {
        assert!(!self.stderr.contains("panicked"), "panic on stderr: {}", self.stderr);
        assert!(!self.stderr.contains("RUST_BACKTRACE"), "panic on stderr: {}", self.stderr);
        self
    }

    /// The stdout lines, parsed as JSON values.
    pub fn json_lines(&self) -> Vec<serde_json::Value> {
        self.stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect()
    }

    /// The case records (`"type": "case"`) among the JSON lines.
    pub fn cases(&self) -> Vec<serde_json::Value> {
        self.json_lines().into_iter().filter(|v| v["type"] == "case").collect()
    }
}

/// Runs `tessera ARGS` with `stdin` on standard input.
pub fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> Run {
    let out = assert_cmd::Command::cargo_bin("tessera")
        .expect("the tessera binary is built")
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("RUST_BACKTRACE")
        .write_stdin(stdin.into())
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("tessera runs");
    let run = Run {
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        code: out.status.code(),
    };
    run.expect_no_panic();
    run
}

/// A file under `tests/data/`.
pub fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(path)
}

/// The text of a file under `tests/data/`.
pub fn data_text(path: &str) -> String {
    std::fs::read_to_string(data(path)).unwrap_or_else(|e| panic!("cannot read tests/data/{path}: {e}"))
}

/// The text of a file under `examples/`.
pub fn example(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// The judge's layout: answers separated by one empty line.
pub fn blank_separated<S: AsRef<str>>(answers: &[S]) -> String {
    let mut out = String::new();
    for (i, a) in answers.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(a.as_ref());
        if !a.as_ref().ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// The library's SplitMix64 (fixed seeds), with the draws the tests use.
/// `below` takes the value modulo `n` (not the library's unbiased draw),
/// so that the tests' generated instances stay as they were.
#[derive(Clone, Debug)]
pub struct Rng(tessera::rng::Rng);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(tessera::rng::Rng::new(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// Fisher-Yates.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// Proptest settings: a bounded number of cases, a fixed seed, no files.
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7E55_E7A0),
        ..proptest::test_runner::Config::default()
    }
}
