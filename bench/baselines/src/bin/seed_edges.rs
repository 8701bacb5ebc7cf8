//! seed-edges [--count] [FILE]
//! The seeds' plain method for UVa 519 (see baselines::edges). Reads blocks
//! `n m` + n*m pieces (`FOIF`...), `0 0` ends; prints `YES`/`NO` per block
//! and on stderr `nodes=<placements> solutions=<n>`.
use baselines::edges::{parse, solve};
use std::io::{Read, Write};

fn usage() -> ! {
    eprintln!("usage: seed-edges [--count] [FILE] < judge input");
    std::process::exit(2)
}

fn main() {
    let mut count = false;
    let mut file = None;
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "--count" => count = true,
            "-h" | "--help" => usage(),
            s if s.starts_with('-') && s != "-" => usage(),
            s => file = Some(s.to_string()),
        }
    }
    let mut input = String::new();
    match file.as_deref() {
        None | Some("-") => {
            std::io::stdin().read_to_string(&mut input).expect("reading stdin");
        }
        Some(f) => {
            input = std::fs::read_to_string(f).unwrap_or_else(|e| {
                eprintln!("seed-edges: {f}: {e}");
                std::process::exit(2)
            })
        }
    }
    let cases = parse(&input).unwrap_or_else(|e| {
        eprintln!("seed-edges: {e}");
        std::process::exit(2)
    });
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for case in &cases {
        let o = solve(case, count);
        writeln!(out, "{}", if o.solutions > 0 { "YES" } else { "NO" }).unwrap();
        out.flush().unwrap();
        eprintln!("nodes={} solutions={}", o.nodes, o.solutions);
    }
}
