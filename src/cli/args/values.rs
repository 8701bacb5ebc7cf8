//! The value parsers of the command line: each flag's text turned into its
//! typed value while clap parses, so that a bad value is a usage error
//! (status 2) that names the flag, before any input is read.
//!
//! Each parser returns the message clap prints after
//! `error: invalid value 'VALUE' for '--FLAG <NAME>': `.

use std::time::Duration;
use tessera::engine::Shard;
use tessera::puzzles::tiles::Fix;

/// The most worker threads `--threads` accepts.
pub const MAX_THREADS: usize = 1024;

/// The longest `--timeout`: about 31 years.
const MAX_SECONDS: f64 = 1e9;

/// The most shards `--shard I/N` splits a search into.
const MAX_SHARDS: u32 = 1_000_000;

/// The largest piece number, row or column a `--fix` names.
const MAX_FIX: usize = 1_000_000;

/// A board's size in cells, from `--board RxC` or `generate --size N|RxC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Rows, from 1.
    pub rows: usize,
    /// Columns, from 1.
    pub cols: usize,
}

/// A whole number from `lo` to `hi`, in plain words either way: `-3`, `x`
/// and a number past `hi` are each told what is expected (not Rust's
/// "invalid digit found in string").
fn whole(s: &str, lo: u64, hi: u64) -> Result<u64, String> {
    let expected = || format!("expected a whole number from {lo} to {hi}");
    let digits = s.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(expected());
    }
    match digits.parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(expected()),
    }
}

/// `--limit N`, `--max-nodes N`, `--seed S`: any whole number a `u64` holds
/// (`--limit 0` and `--max-nodes 0` are refused later, with their reason).
pub fn whole_u64(s: &str) -> Result<u64, String> {
    whole(s, 0, u64::MAX)
}

/// A count of things (`--memo-mb`, `generate --cases`, `--labels`, ...):
/// any whole number; each flag checks its own range later.
pub fn whole_usize(s: &str) -> Result<usize, String> {
    whole(s, 0, usize::MAX as u64).map(|n| n as usize)
}

/// `--shard-plan N`: 1 to [`MAX_SHARDS`] shards.
pub fn shard_plan(s: &str) -> Result<u32, String> {
    whole(s, 1, u64::from(MAX_SHARDS)).map(|n| n as u32)
}

/// A label (`--border C`): a whole number, possibly negative (each puzzle
/// checks its own range).
pub fn label(s: &str) -> Result<i32, String> {
    s.trim().parse::<i32>().map_err(|_| "expected a label, a whole number such as 0".to_string())
}

/// `--threads N`: 0 (all cores) to [`MAX_THREADS`].
pub fn threads(s: &str) -> Result<usize, String> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a whole number of threads from 0 (one per core) to {MAX_THREADS}"));
    }
    match s.parse::<usize>() {
        Ok(n) if n <= MAX_THREADS => Ok(n),
        _ => Err(format!("at most {MAX_THREADS} threads (0: one per core)")),
    }
}

/// `--timeout SECONDS`: a positive number of seconds, at most [`MAX_SECONDS`].
pub fn timeout(s: &str) -> Result<Duration, String> {
    match s.trim().parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= MAX_SECONDS => Ok(Duration::from_secs_f64(t)),
        Ok(t) if t > MAX_SECONDS => Err("at most 1000000000 seconds".into()),
        _ => Err("expected a positive number of seconds, such as 2 or 0.5".into()),
    }
}

/// `--shard I/N`: shard I (from 1) of N; the [`Shard`] counts from 0.
pub fn shard(s: &str) -> Result<Shard, String> {
    let bad = || "expected I/N with 1 <= I <= N, e.g. 3/16".to_string();
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let i: u32 = i.trim().parse().map_err(|_| bad())?;
    let n: u32 = n.trim().parse().map_err(|_| bad())?;
    if i == 0 || i > n || n > MAX_SHARDS {
        return Err(bad());
    }
    Ok(Shard { index: i - 1, count: n })
}

/// `tetravex --fix TILE@ROW,COL[,ROT]`.
pub fn tile_fix(s: &str) -> Result<Fix, String> {
    fix(s, "TILE")
}

/// `edges --fix PIECE@ROW,COL[,ROT]`.
pub fn piece_fix(s: &str) -> Result<Fix, String> {
    fix(s, "PIECE")
}

/// Parses `PIECE@ROW,COL[,ROT]` (piece, row and column from 1; ROT 0-3)
/// into a [`Fix`] (counting from 0). `noun` names the piece in messages.
fn fix(s: &str, noun: &str) -> Result<Fix, String> {
    let bad = || {
        format!(
            "expected {noun}@ROW,COL or {noun}@ROW,COL,ROT ({noun}, ROW and COL from 1, ROT 0-3), e.g. 7@1,1 or 7@1,1,2"
        )
    };
    let (piece, rest) = s.split_once('@').ok_or_else(bad)?;
    let parts: Vec<&str> = rest.split(',').collect();
    if parts.len() < 2 || parts.len() > 3 {
        return Err(bad());
    }
    let num = |t: &str| t.trim().parse::<usize>().ok().filter(|v| (1..=MAX_FIX).contains(v)).ok_or_else(bad);
    let rotation = match parts.get(2) {
        None => None,
        Some(t) => match t.trim().parse::<u64>() {
            Ok(r) if r < 4 => Some(r as u8),
            Ok(r) => return Err(format!("ROT is {r}, but it must be 0-3 (quarter turns clockwise)")),
            Err(_) => return Err(bad()),
        },
    };
    Ok(Fix { piece: num(piece)? - 1, row: num(parts[0])? - 1, col: num(parts[1])? - 1, rotation })
}

/// `pack --board RxC`: sides from 1 to the largest pack board's.
pub fn board_size(s: &str) -> Result<Size, String> {
    let max = tessera::puzzles::pack::MAX_SIDE;
    let bad = || format!("expected ROWSxCOLS with sides from 1 to {max}, e.g. 6x10");
    let (r, c) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |t: &str| t.trim().parse::<usize>().ok().filter(|v| (1..=max).contains(v)).ok_or_else(bad);
    Ok(Size { rows: side(r)?, cols: side(c)? })
}

/// The largest side `generate --size` accepts for any puzzle (each puzzle
/// then checks its own, see `generate`).
pub const MAX_GENERATE_SIDE: usize = tessera::puzzles::pack::MAX_SIDE;

/// `generate --size N|RxC`: N is an N x N board.
pub fn generate_size(s: &str) -> Result<Size, String> {
    let max = MAX_GENERATE_SIDE;
    let bad = || format!("expected N or ROWSxCOLS with sides from 1 to {max}, e.g. 4 or 5x7");
    let side = |t: &str| t.trim().parse::<usize>().ok().filter(|v| (1..=max).contains(v)).ok_or_else(bad);
    match s.split_once(['x', 'X']) {
        Some((r, c)) => Ok(Size { rows: side(r)?, cols: side(c)? }),
        None => side(s).map(|n| Size { rows: n, cols: n }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixes_are_one_based() {
        let f = piece_fix("7@1,2,3").unwrap();
        assert_eq!((f.piece, f.row, f.col, f.rotation), (6, 0, 1, Some(3)));
        assert!(piece_fix("0@1,1").is_err());
        assert!(tile_fix("1@1").unwrap_err().starts_with("expected TILE@ROW,COL"));
        assert!(piece_fix("1@1,1,4").unwrap_err().starts_with("ROT is 4"));
    }

    #[test]
    fn shards_are_one_based() {
        assert_eq!(shard("3/16").unwrap(), Shard { index: 2, count: 16 });
        assert!(shard("0/4").is_err());
        assert!(shard("5/4").is_err());
        assert!(shard("x").is_err());
    }

    #[test]
    fn board_sizes() {
        assert_eq!(board_size("6x10").unwrap(), Size { rows: 6, cols: 10 });
        assert!(board_size("0x3").is_err());
        assert!(board_size("65x1").is_err());
        assert!(board_size("4").is_err());
    }

    #[test]
    fn generate_sizes() {
        assert_eq!(generate_size("4").unwrap(), Size { rows: 4, cols: 4 });
        assert_eq!(generate_size("5x7").unwrap(), Size { rows: 5, cols: 7 });
        assert!(generate_size("0").is_err());
        assert!(generate_size("65").is_err());
        assert!(generate_size("3x").is_err());
    }

    #[test]
    fn whole_numbers_in_plain_words() {
        assert_eq!(whole_u64("18446744073709551615"), Ok(u64::MAX));
        let want = Err("expected a whole number from 0 to 18446744073709551615".to_string());
        assert_eq!(whole_u64("18446744073709551616"), want);
        assert_eq!(whole_u64("-3"), want);
        assert_eq!(whole_u64("x"), want);
        assert_eq!(shard_plan("0"), Err("expected a whole number from 1 to 1000000".to_string()));
        assert_eq!(label("-1"), Ok(-1));
    }

    #[test]
    fn timeouts() {
        assert_eq!(timeout("0.5").unwrap(), Duration::from_millis(500));
        assert!(timeout("0").is_err());
        assert!(timeout("nan").is_err());
        assert_eq!(timeout("1e300").unwrap_err(), "at most 1000000000 seconds");
    }
}
