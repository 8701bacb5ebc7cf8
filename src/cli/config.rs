//! From clap's arguments to validated settings (the second stage).

use super::args::{BackendArg, ColorWhen, Common, MemoArg, ProgressWhen, RestartsArg};
use crate::exit::UsageError;
use std::io::IsTerminal;
use std::time::Duration;
use tessera::engine::{BackendChoice, MemoChoice, Restarts, Shard};
use tessera::format::grid::Style;
use tessera::puzzles::tiles::Fix;
use tessera::solve::Mode;

/// Settings shared by the puzzle subcommands.
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub mode: Mode,
    /// Print every solution (`--all`), not just count them.
    pub print_all: bool,
    pub grid: bool,
    pub json: bool,
    pub stats: bool,
    pub style: Style,
    pub progress: bool,
    /// Whether stdout is a terminal (the progress bar then steps aside
    /// while solutions are printed).
    pub stdout_tty: bool,
    pub timeout: Option<Duration>,
    pub max_nodes: Option<u64>,
    pub threads: usize,
    pub shard: Option<Shard>,
    /// `--shard-plan N`: estimate the shards' sizes instead of searching.
    pub shard_plan: Option<u32>,
    pub backend: BackendChoice,
    pub restarts: Restarts,
    pub seed: u64,
    pub memo: MemoChoice,
    /// The memo's memory cap in MiB (`None`: the engine's default).
    pub memo_mb: Option<usize>,
}

impl RunConfig {
    pub fn from_common(c: &Common) -> Result<Self, UsageError> {
        if c.all && c.count {
            return Err(UsageError(
                "--all already counts the solutions it prints; use one of --all and --count".into(),
            ));
        }
        if c.limit == Some(0) {
            return Err(UsageError("--limit must be at least 1".into()));
        }
        if c.max_nodes == Some(0) {
            return Err(UsageError("--max-nodes must be at least 1".into()));
        }
        if c.limit.is_some() && !c.all && !c.count {
            return Err(UsageError("--limit goes with --all or --count".into()));
        }
        let mode = if c.all || (c.count && c.limit.is_some()) {
            Mode::All { limit: c.limit }
        } else if c.count {
            Mode::Count
        } else {
            Mode::Decide
        };
        let timeout = match c.timeout {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t < 1e9 => Some(Duration::from_secs_f64(t)),
            Some(t) => return Err(UsageError(format!("--timeout {t}: expected a positive number of seconds"))),
        };
        if c.memo_mb.is_some_and(|m| m == 0 || m > 1 << 30) {
            return Err(UsageError("--memo-mb: expected 1 to 1073741824 MiB".into()));
        }
        let stderr_tty = std::io::stderr().is_terminal();
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        let progress = match c.progress {
            ProgressWhen::Always => true,
            ProgressWhen::Never => false,
            ProgressWhen::Auto => stderr_tty && !dumb,
        };
        let stdout_tty = std::io::stdout().is_terminal();
        let colour = match c.color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => stdout_tty && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && !dumb,
        };
        Ok(RunConfig {
            mode,
            print_all: c.all,
            grid: c.grid,
            json: c.json,
            stats: c.stats,
            style: Style { ascii: c.ascii, colour: colour && !c.json },
            progress,
            stdout_tty,
            timeout,
            max_nodes: c.max_nodes,
            threads: c.threads,
            shard: c.shard.as_deref().map(parse_shard).transpose()?,
            shard_plan: c.shard_plan,
            backend: match c.backend {
                BackendArg::Auto => BackendChoice::Auto,
                BackendArg::Assign => BackendChoice::Assign,
                BackendArg::Rowscan => BackendChoice::RowScan,
                BackendArg::General => BackendChoice::General,
            },
            restarts: match c.restarts {
                RestartsArg::Auto => Restarts::Auto,
                RestartsArg::Never => Restarts::Never,
            },
            seed: c.seed,
            memo: match c.memo {
                MemoArg::Auto => MemoChoice::Auto,
                MemoArg::On => MemoChoice::On,
                MemoArg::Off => MemoChoice::Off,
            },
            memo_mb: c.memo_mb,
        })
    }

    /// Whether solutions are counted (`--count` or `--all`).
    pub fn counting(&self) -> bool {
        !matches!(self.mode, Mode::Decide)
    }
}

/// Parses `I/N` (1-based I).
pub fn parse_shard(s: &str) -> Result<Shard, UsageError> {
    let bad = || UsageError(format!("--shard {s}: expected I/N with 1 <= I <= N, e.g. 3/16"));
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let i: u32 = i.trim().parse().map_err(|_| bad())?;
    let n: u32 = n.trim().parse().map_err(|_| bad())?;
    if i == 0 || i > n || n > 1_000_000 {
        return Err(bad());
    }
    Ok(Shard { index: i - 1, count: n })
}

/// Parses `PIECE@ROW,COL[,ROT]` (1-based piece, row and column; ROT 0-3).
/// `noun` names the piece in messages (`TILE` for tetravex, `PIECE` for edges).
pub fn parse_fix(s: &str, noun: &str) -> Result<Fix, UsageError> {
    let bad = || {
        UsageError(format!(
            "--fix {s}: expected {noun}@ROW,COL or {noun}@ROW,COL,ROT ({noun}, ROW and COL from 1, ROT 0-3), e.g. 7@1,1 or 7@1,1,2"
        ))
    };
    let (piece, rest) = s.split_once('@').ok_or_else(bad)?;
    let parts: Vec<&str> = rest.split(',').collect();
    if parts.len() < 2 || parts.len() > 3 {
        return Err(bad());
    }
    let num = |t: &str| t.trim().parse::<usize>().ok().filter(|v| (1..=1_000_000).contains(v)).ok_or_else(bad);
    let rotation = match parts.get(2) {
        None => None,
        Some(t) => match t.trim().parse::<u64>() {
            Ok(r) if r < 4 => Some(r as u8),
            Ok(r) => {
                return Err(UsageError(format!("--fix {s}: ROT is {r}, but it must be 0-3 (quarter turns clockwise)")))
            }
            Err(_) => return Err(bad()),
        },
    };
    Ok(Fix { piece: num(piece)? - 1, row: num(parts[0])? - 1, col: num(parts[1])? - 1, rotation })
}

/// Parses `RxC`.
pub fn parse_board(s: &str, max: usize) -> Result<(usize, usize), UsageError> {
    let bad = || UsageError(format!("--board {s}: expected ROWSxCOLS with sides from 1 to {max}, e.g. 6x10"));
    let (r, c) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 || r > max || c > max {
        return Err(bad());
    }
    Ok((r, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixes_are_one_based() {
        let f = parse_fix("7@1,2,3", "PIECE").unwrap();
        assert_eq!((f.piece, f.row, f.col, f.rotation), (6, 0, 1, Some(3)));
        assert!(parse_fix("0@1,1", "PIECE").is_err());
        assert!(parse_fix("1@1", "PIECE").is_err());
        assert!(parse_fix("1@1,1,4", "PIECE").is_err());
    }

    #[test]
    fn shards_are_one_based() {
        assert_eq!(parse_shard("3/16").unwrap(), Shard { index: 2, count: 16 });
        assert!(parse_shard("0/4").is_err());
        assert!(parse_shard("5/4").is_err());
    }

    #[test]
    fn boards() {
        assert_eq!(parse_board("6x10", 64).unwrap(), (6, 10));
        assert!(parse_board("0x3", 64).is_err());
        assert!(parse_board("65x1", 64).is_err());
    }
}
