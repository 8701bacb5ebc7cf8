//! square-scan [--count] [--rotate] [--border C] [FILE]
//! The corner-square scan for ZOJ 1008 (see baselines::square). Reads the judge
//! format from FILE or stdin; prints `Game k: Possible/Impossible` with a
//! blank line between cases; on stderr one line per case
//! `nodes=<placements> solutions=<n>`.
use baselines::square::solve;
use baselines::tetravex::{parse, Options};
use std::io::{Read, Write};

fn usage() -> ! {
    eprintln!("usage: square-scan [--count] [--rotate] [--border C] [FILE] < judge input");
    std::process::exit(2)
}

fn main() {
    let mut opt = Options::default();
    let mut file = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--count" => opt.count = true,
            "--rotate" => opt.rotate = true,
            "--border" => {
                let v = args.next().unwrap_or_else(|| usage());
                opt.border = Some(v.parse().unwrap_or_else(|_| usage()));
            }
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
                eprintln!("square-scan: {f}: {e}");
                std::process::exit(2)
            })
        }
    }
    let cases = parse(&input).unwrap_or_else(|e| {
        eprintln!("square-scan: {e}");
        std::process::exit(2)
    });
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (k, case) in cases.iter().enumerate() {
        let o = solve(case, &opt);
        if k > 0 {
            writeln!(out).unwrap();
        }
        let verdict = if o.solutions > 0 { "Possible" } else { "Impossible" };
        writeln!(out, "Game {}: {}", k + 1, verdict).unwrap();
        out.flush().unwrap();
        eprintln!("nodes={} solutions={}", o.nodes, o.solutions);
    }
}
