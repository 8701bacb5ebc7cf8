//! The seeds' method for ZOJ 1008 "Gnome Tetravex": plain depth-first search
//! in reading order (row by row), identical tiles grouped into types with
//! counts, each placement checked against its left and top neighbour only.
//!
//! Extensions (same method): `rotate` (each type is a rotation class, every
//! distinct rotation is tried) and `border` (every outer side carries the
//! given label, no inner side does).

/// One judge case: an `n x n` board and its tiles `(top, right, bottom, left)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub n: usize,
    pub tiles: Vec<[u32; 4]>,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Count every distinct solution instead of stopping at the first.
    pub count: bool,
    /// Tiles may be turned by quarter turns.
    pub rotate: bool,
    /// Every outer side must carry this label and no inner side may.
    pub border: Option<u32>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Distinct solutions found (0 or 1 unless counting).
    pub solutions: u64,
    /// Placements made: each time a tile passed the checks and was put on the board.
    pub nodes: u64,
}

/// Parse the judge format: cases `n` + `n*n` lines of 4 integers, a lone `0` ends.
/// A missing terminator at end of input is accepted.
pub fn parse(input: &str) -> Result<Vec<Case>, String> {
    let mut toks = input.split_ascii_whitespace();
    let mut cases = Vec::new();
    loop {
        let n: usize = match toks.next() {
            None => break,
            Some(t) => t.parse().map_err(|_| format!("bad board size {t:?}"))?,
        };
        if n == 0 {
            break;
        }
        let mut tiles = Vec::with_capacity(n * n);
        for i in 0..n * n {
            let mut t = [0u32; 4];
            for s in t.iter_mut() {
                let tok = toks.next().ok_or_else(|| format!("case {}: tile {} truncated", cases.len() + 1, i + 1))?;
                *s = tok.parse().map_err(|_| format!("bad label {tok:?}"))?;
            }
            tiles.push(t);
        }
        cases.push(Case { n, tiles });
    }
    Ok(cases)
}

/// Clockwise quarter turn: (top,right,bottom,left) -> (left,top,right,bottom).
pub fn rotate_cw(t: [u32; 4]) -> [u32; 4] {
    [t[3], t[0], t[1], t[2]]
}

struct Search {
    n: usize,
    count_all: bool,
    border: Option<u32>,
    /// orientations of each type
    orients: Vec<Vec<[u32; 4]>>,
    solutions: u64,
    nodes: u64,
    /// right label of each placed cell
    right: Vec<u32>,
    /// bottom label of each placed cell
    bottom: Vec<u32>,
    /// remaining copies per type
    counts: Vec<u32>,
}

impl Search {
    /// Returns true when the search must stop (a solution found, not counting).
    fn dfs(&mut self, pos: usize) -> bool {
        let n = self.n;
        if pos == n * n {
            self.solutions += 1;
            return !self.count_all;
        }
        let (r, c) = (pos / n, pos % n);
        let want_left = if c > 0 { Some(self.right[pos - 1]) } else { None };
        let want_top = if r > 0 { Some(self.bottom[pos - n]) } else { None };
        for ty in 0..self.orients.len() {
            if self.counts[ty] == 0 {
                continue;
            }
            for k in 0..self.orients[ty].len() {
                let t = self.orients[ty][k];
                if let Some(l) = want_left {
                    if t[3] != l {
                        continue;
                    }
                }
                if let Some(u) = want_top {
                    if t[0] != u {
                        continue;
                    }
                }
                if let Some(b) = self.border {
                    if (t[0] == b) != (r == 0)
                        || (t[3] == b) != (c == 0)
                        || (t[2] == b) != (r == n - 1)
                        || (t[1] == b) != (c == n - 1)
                    {
                        continue;
                    }
                }
                self.nodes += 1;
                self.right[pos] = t[1];
                self.bottom[pos] = t[2];
                self.counts[ty] -= 1;
                let stop = self.dfs(pos + 1);
                self.counts[ty] += 1;
                if stop {
                    return true;
                }
            }
        }
        false
    }
}

/// Solve one case with the seeds' method.
pub fn solve(case: &Case, opt: &Options) -> Outcome {
    let n = case.n;
    if n == 0 {
        return Outcome { solutions: 1, nodes: 0 };
    }
    // Group identical tiles (rotation classes when rotating), in input order.
    let mut keys: Vec<[u32; 4]> = Vec::new();
    let mut counts: Vec<u32> = Vec::new();
    for &t in &case.tiles {
        let key = if opt.rotate {
            let mut best = t;
            let mut cur = t;
            for _ in 0..3 {
                cur = rotate_cw(cur);
                best = best.min(cur);
            }
            best
        } else {
            t
        };
        match keys.iter().position(|&k| k == key) {
            Some(i) => counts[i] += 1,
            None => {
                keys.push(key);
                counts.push(1);
            }
        }
    }
    let orients: Vec<Vec<[u32; 4]>> = keys
        .iter()
        .map(|&k| {
            let mut v = vec![k];
            if opt.rotate {
                let mut cur = k;
                for _ in 0..3 {
                    cur = rotate_cw(cur);
                    if !v.contains(&cur) {
                        v.push(cur);
                    }
                }
            }
            v
        })
        .collect();
    let mut s = Search {
        n,
        count_all: opt.count,
        border: opt.border,
        orients,
        solutions: 0,
        nodes: 0,
        right: vec![0; n * n],
        bottom: vec![0; n * n],
        counts,
    };
    s.dfs(0);
    Outcome { solutions: s.solutions, nodes: s.nodes }
}

/// The command line both Tetravex baselines share: `NAME [--count]
/// [--rotate] [--border C] [FILE]`, the judge format from FILE or stdin,
/// `Game k: Possible/Impossible` on stdout (a blank line between cases),
/// and one line per case on stderr: `nodes=<placements> solutions=<n>`.
pub fn main_with(name: &str, solve: fn(&Case, &Options) -> Outcome) {
    main_with_switches(name, &[], &|case, opt, _| Some(solve(case, opt)));
}

/// A solver with switches: the case, the options, the switches given.
pub type SolveWithSwitches<'a> = &'a dyn Fn(&Case, &Options, &[String]) -> Option<Outcome>;

/// [`main_with`] for a solver with switches of its own (`switches`, each
/// `--NAME`, passed to `solve` as the names given); `solve` returns `None`
/// for a case it cannot take (exit status 2).
pub fn main_with_switches(name: &str, switches: &[&str], solve: SolveWithSwitches) {
    use std::io::{Read, Write};
    let usage = || -> ! {
        let own: String = switches.iter().map(|s| format!(" [--{s}]")).collect();
        eprintln!("usage: {name} [--count] [--rotate] [--border C]{own} [FILE] < judge input");
        std::process::exit(2)
    };
    let mut opt = Options::default();
    let mut file = None;
    let mut given = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            s if s.strip_prefix("--").is_some_and(|w| switches.contains(&w)) => given.push(s[2..].to_string()),
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
                eprintln!("{name}: {f}: {e}");
                std::process::exit(2)
            })
        }
    }
    let cases = parse(&input).unwrap_or_else(|e| {
        eprintln!("{name}: {e}");
        std::process::exit(2)
    });
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (k, case) in cases.iter().enumerate() {
        let o = solve(case, &opt, &given).unwrap_or_else(|| {
            eprintln!("{name}: case {} is beyond this solver (its size, labels or options)", k + 1);
            std::process::exit(2)
        });
        if k > 0 {
            writeln!(out).unwrap();
        }
        let verdict = if o.solutions > 0 { "Possible" } else { "Impossible" };
        writeln!(out, "Game {}: {}", k + 1, verdict).unwrap();
        out.flush().unwrap();
        eprintln!("nodes={} solutions={}", o.nodes, o.solutions);
    }
}
