//! `tessera generate`: random puzzles with a planted solution.

use crate::exit::{Exit, UsageError};
use anyhow::Result;
use clap::{Args, ValueEnum};
use std::io::Write;
use tessera::format::json::{PackPuzzleJson, TilePuzzleJson};
use tessera::generate::{self, PackSpec, Rng, TileSpec};
use tessera::puzzles::pack;
use tessera::puzzles::polyomino::Freedom;
use tessera::puzzles::tiles::{Border, Rule};
use tessera::puzzles::{edges, tetravex};

pub const HELP: &str = "\
Every puzzle is made solved and then shuffled, so it has at least one
solution. Solve it with the same rule flags: --rotate (and for pack --flip and
--board RxC, since the judge's pack format has no board).

    tessera generate tetravex --size 4 --seed 1 | tessera tetravex --grid
    tessera generate edges --size 5x7 --labels 3 --rotate --seed 2 | tessera edges --rotate
    tessera generate tetravex --size 5 --rotate --frame-labels 3 --inner-labels 6 --json \\
        --seed 4 | tessera tetravex --count
    tessera generate pack --size 6x10 --pieces 12 --rotate --flip --seed 3 \\
        | tessera pack --board 6x10 --rotate --flip --grid

The same --seed gives the same puzzles on every machine. Without --seed a seed
is drawn from the clock and printed on stderr.";

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Square tiles with four labels; equal labels meet.
    Tetravex,
    /// Jigsaw pieces: flat outline, +k meets -k.
    Edges,
    /// A rectangle cut into polyomino pieces.
    Pack,
}

/// `tessera generate PUZZLE [OPTIONS]`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Which puzzle.
    #[arg(value_enum, value_name = "PUZZLE")]
    pub puzzle: Kind,

    /// Board size: N (N x N) or RxC [default: tetravex 3, edges 3x3, pack 6x10].
    #[arg(long, value_name = "N|RxC")]
    pub size: Option<String>,

    /// Labels the joins draw from (tetravex: values 0 up, skipping the border
    /// label; edges: tab shapes 1 to K) [default: tetravex 10, edges 1].
    #[arg(long, value_name = "K")]
    pub labels: Option<usize>,

    /// Tetravex: every outer side carries label C (and no inner side does).
    #[arg(long, value_name = "C")]
    pub border: Option<i32>,

    /// Eternity II style: joins along the border ring draw from F labels of
    /// their own (tetravex: implies --border 0 unless given).
    #[arg(long, value_name = "F")]
    pub frame_labels: Option<usize>,

    /// Eternity II style: all other joins draw from I labels, distinct from
    /// the frame labels.
    #[arg(long, value_name = "I")]
    pub inner_labels: Option<usize>,

    /// Turn every tile or piece a random number of quarter turns (solve
    /// with --rotate).
    #[arg(long)]
    pub rotate: bool,

    /// Tetravex and edges, with --json: pin the centre cell's tile where
    /// the planted solution has it, turned as it lies there (Eternity II's
    /// centre piece; on even sides the cell below and right of the middle).
    #[arg(long)]
    pub centre: bool,

    /// Pack: mirror pieces at random (solve with --flip).
    #[arg(long)]
    pub flip: bool,

    /// Pack: the number of pieces [default: about one per 5 cells].
    #[arg(long, value_name = "K", conflicts_with = "piece_size")]
    pub pieces: Option<usize>,

    /// Pack: the average piece size in cells (pieces = cells / N, rounded).
    #[arg(long, value_name = "N")]
    pub piece_size: Option<usize>,

    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub cases: usize,

    /// Seed of the random source (same seed, same puzzles).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Write one JSON puzzle per line (the shape `--input json` reads)
    /// instead of the judge's text.
    #[arg(long)]
    pub json: bool,
}

fn usage(msg: impl Into<String>) -> anyhow::Error {
    UsageError(msg.into()).into()
}

/// Parses `N` or `RxC`.
fn parse_size(s: &str, max: usize) -> Result<(usize, usize)> {
    let bad = || usage(format!("--size {s}: expected N or ROWSxCOLS with sides from 1 to {max}, e.g. 4 or 5x7"));
    let num = |t: &str| t.trim().parse::<usize>().ok().filter(|v| (1..=max).contains(v)).ok_or_else(bad);
    match s.split_once(['x', 'X']) {
        Some((r, c)) => Ok((num(r)?, num(c)?)),
        None => {
            let n = num(s)?;
            Ok((n, n))
        }
    }
}

/// `tessera generate`.
pub fn run(args: &GenerateArgs) -> Result<Exit> {
    if args.cases == 0 || args.cases > 100_000 {
        return Err(usage(format!("--cases {}: expected 1 to 100000", args.cases)));
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut rng = Rng::new(seed);
    // The options are checked before anything is generated, so a usage
    // error comes alone, without a seed line.
    let text = match args.puzzle {
        Kind::Tetravex | Kind::Edges => tile_puzzles(args, &mut rng)?,
        Kind::Pack => pack_puzzles(args, &mut rng)?,
    };
    if args.seed.is_none() {
        eprintln!("tessera: seed {seed} (give --seed {seed} to make the same puzzles again)");
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Exit::Solved)
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    // Mixed once so that close clock readings give unrelated seeds.
    Rng::new(nanos as u64 ^ u64::from(std::process::id())).next_u64() >> 16
}

fn count(name: &str, v: Option<usize>, default: usize, max: usize) -> Result<usize> {
    let v = v.unwrap_or(default);
    if v == 0 || v > max {
        return Err(usage(format!("--{name} {v}: expected 1 to {max}")));
    }
    Ok(v)
}

fn tile_puzzles(args: &GenerateArgs, rng: &mut Rng) -> Result<String> {
    let is_tetravex = args.puzzle == Kind::Tetravex;
    let name = if is_tetravex { "tetravex" } else { "edges" };
    if args.flip || args.pieces.is_some() || args.piece_size.is_some() {
        return Err(usage(format!("--flip, --pieces and --piece-size are for pack, not {name}")));
    }
    let max_side = if is_tetravex { tetravex::MAX_SIDE } else { edges::MAX_SIDE };
    let (rows, cols) = match &args.size {
        Some(s) => parse_size(s, max_side)?,
        None => (3, 3),
    };
    if is_tetravex && rows != cols && !args.json {
        return Err(usage(format!(
            "--size {rows}x{cols}: the tetravex text format has square boards only; use --json for {rows}x{cols}"
        )));
    }
    if args.centre && !args.json {
        return Err(usage("--centre needs --json: the judge's text formats have no hints"));
    }
    if !is_tetravex && args.border.is_some() {
        return Err(usage("--border is for tetravex: the outline of edges is always flat"));
    }
    let split = args.frame_labels.is_some() || args.inner_labels.is_some();
    let border = match (is_tetravex, args.border) {
        (false, _) => Some(0),
        (true, Some(b)) if !(0..=tetravex::MAX_LABEL as i32).contains(&b) => {
            return Err(usage(format!("--border {b}: expected a label from 0 to {}", tetravex::MAX_LABEL)))
        }
        (true, b) if split => Some(b.unwrap_or(0)),
        (true, b) => b,
    };
    // Tetravex: label values 0..=9999 minus the border; edges: shapes 1..=9999.
    let available = if is_tetravex {
        tetravex::MAX_LABEL as usize + 1 - usize::from(border.is_some())
    } else {
        edges::MAX_SHAPE as usize
    };
    let k = count("labels", args.labels, if is_tetravex { 10 } else { 1 }, available)?;
    let (frame, inner) = if split {
        let f = count("frame-labels", args.frame_labels, k, available)?;
        let i = count("inner-labels", args.inner_labels, k, available)?;
        if f + i > available {
            return Err(usage(format!("{f} frame and {i} inner labels are more than the {available} there are")));
        }
        (0..f, f..f + i)
    } else {
        (0..k, 0..k)
    };
    let labels = |r: std::ops::Range<usize>| {
        if is_tetravex {
            TileSpec::tetravex_labels(border, r.start, r.len())
        } else {
            TileSpec::edge_shapes(r.start, r.len())
        }
    };
    let spec = TileSpec {
        rows,
        cols,
        rule: if is_tetravex { Rule::Equal } else { Rule::Complement },
        border: border.map_or(Border::Free, Border::Label),
        frame_labels: labels(frame),
        inner_labels: labels(inner),
        rotate: args.rotate,
        centre_hint: args.centre,
    };
    let mut out = String::new();
    for _ in 0..args.cases {
        let p = generate::tiles(rng, &spec);
        if args.json {
            let mut j = TilePuzzleJson::from_puzzle(&p);
            if !is_tetravex {
                j.border = None; // always flat
            }
            out.push_str(&serde_json::to_string(&j).expect("puzzles serialise"));
            out.push('\n');
        } else {
            out.push_str(&generate::tiles_text(&p));
        }
    }
    if !args.json {
        out.push_str(if is_tetravex { "0\n" } else { "0 0\n" });
    }
    Ok(out)
}

fn pack_puzzles(args: &GenerateArgs, rng: &mut Rng) -> Result<String> {
    if args.labels.is_some()
        || args.border.is_some()
        || args.frame_labels.is_some()
        || args.inner_labels.is_some()
        || args.centre
    {
        return Err(usage(
            "--labels, --border, --frame-labels, --inner-labels and --centre are for tetravex and edges, not pack",
        ));
    }
    let (rows, cols) = match &args.size {
        Some(s) => parse_size(s, pack::MAX_SIDE)?,
        None => (6, 10),
    };
    let area = rows * cols;
    let most = area.min(pack::MAX_PIECES);
    let pieces = match (args.pieces, args.piece_size) {
        (Some(k), _) => count("pieces", Some(k), 0, most)?,
        (None, Some(n)) => {
            let n = count("piece-size", Some(n), 0, area)?;
            ((area + n / 2) / n).clamp(1, most)
        }
        (None, None) => ((area + 2) / 5).clamp(1, most),
    };
    let spec = PackSpec { rows, cols, pieces, freedom: Freedom { rotate: args.rotate, flip: args.flip } };
    let mut out = String::new();
    for _ in 0..args.cases {
        let p = generate::pack(rng, &spec);
        if args.json {
            out.push_str(&serde_json::to_string(&PackPuzzleJson::from_puzzle(&p)).expect("puzzles serialise"));
            out.push('\n');
        } else {
            out.push_str(&generate::pack_text(&p));
        }
    }
    if !args.json {
        out.push_str("0\n");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("4", 32).unwrap(), (4, 4));
        assert_eq!(parse_size("5x7", 32).unwrap(), (5, 7));
        assert!(parse_size("0", 32).is_err());
        assert!(parse_size("33", 32).is_err());
        assert!(parse_size("3x", 32).is_err());
    }
}
