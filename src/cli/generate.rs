//! `tessera generate`: random puzzles with a planted solution.

use super::args::values::Size;
use super::args::{GenerateArgs, PuzzleArg};
use super::exit::{Exit, UsageError};
use anyhow::Result;
use clap::ValueEnum;
use std::io::Write;
use tessera::format::json::{PackPuzzleJson, TilePuzzleJson};
use tessera::generate::{self, PackSpec, Rng, TileSpec};
use tessera::puzzles::pack;
use tessera::puzzles::polyomino::Freedom;
use tessera::puzzles::tiles::{Border, Rule};
use tessera::puzzles::{edges, tetravex};

/// A usage error (status 2).
fn usage(msg: impl Into<String>) -> anyhow::Error {
    UsageError(msg.into()).into()
}

/// The board size `--size` asks for (or `default`), within the puzzle's
/// largest side `max` (`--size` itself allows the largest of all puzzles').
fn board_size(args: &GenerateArgs, default: Size, max: usize) -> Result<(usize, usize)> {
    let Size { rows, cols } = args.size.unwrap_or(default);
    if rows > max || cols > max {
        let name = args.puzzle.to_possible_value().expect("puzzles are named").get_name().to_string();
        return Err(usage(format!("--size {rows}x{cols}: {name} boards have sides from 1 to {max}")));
    }
    Ok((rows, cols))
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
        PuzzleArg::Tetravex | PuzzleArg::Edges => tile_puzzles(args, &mut rng)?,
        PuzzleArg::Pack => pack_puzzles(args, &mut rng)?,
    };
    if args.seed.is_none() {
        eprintln!("tessera: seed {seed} (give --seed {seed} to make the same puzzles again)");
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Exit::Solved)
}

/// A seed from the clock and the process id, for runs without `--seed`.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    // Mixed once so that close clock readings give unrelated seeds.
    Rng::new(nanos as u64 ^ u64::from(std::process::id())).next_u64() >> 16
}

/// `--NAME V` (or `default`) within 1 to `max`.
fn count(name: &str, v: Option<usize>, default: usize, max: usize) -> Result<usize> {
    let v = v.unwrap_or(default);
    if v == 0 || v > max {
        return Err(usage(format!("--{name} {v}: expected 1 to {max}")));
    }
    Ok(v)
}

/// `generate tetravex` and `generate edges`: the puzzles as text or JSON.
fn tile_puzzles(args: &GenerateArgs, rng: &mut Rng) -> Result<String> {
    let is_tetravex = args.puzzle == PuzzleArg::Tetravex;
    let name = if is_tetravex { "tetravex" } else { "edges" };
    if args.flip || args.pieces.is_some() || args.piece_size.is_some() {
        return Err(usage(format!("--flip, --pieces and --piece-size are for pack, not {name}")));
    }
    let max_side = if is_tetravex { tetravex::MAX_SIDE } else { edges::MAX_SIDE };
    let (rows, cols) = board_size(args, Size { rows: 3, cols: 3 }, max_side)?;
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

/// `generate pack`: the puzzles as text or JSON.
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
    let (rows, cols) = board_size(args, Size { rows: 6, cols: 10 }, pack::MAX_SIDE)?;
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
