//! Baseline solvers for the tessera benchmark harness (`bench/run.py`).
//!
//! * [`acprobe`]: a bit-set arc-consistency prover for Tetravex up to 128
//!   options, with switches for stronger reasoning (issue 31's tree sizes).
//! * [`tetravex`]: the seeds' method for ZOJ 1008 (plain depth-first search in
//!   reading order, identical tiles grouped into types with counts).
//! * [`square`]: the corner-square scan for Tetravex (the `big` family).
//! * [`edges`]: the same method for UVa 519 (no pre-checks).
//! * [`polyomino`]: the 12 free pentominoes, their orientations and the
//!   symmetry ("coset") restriction used for counting up to symmetry.
//! * [`bitpack`]: a specialised bitboard pentomino packer.
//! * [`dlx`]: plain Dancing Links (Algorithm X, array based, MRV).

pub mod acprobe;
pub mod bitpack;
pub mod dlx;
pub mod edges;
pub mod polyomino;
pub mod square;
pub mod tetravex;

/// Parse `ROWSxCOLS` (also accepts `X` and `*`).
pub fn parse_dims(s: &str) -> Result<(usize, usize), String> {
    let lower = s.to_ascii_lowercase();
    let mut it = lower.split(['x', '*']);
    let r = it.next().and_then(|t| t.trim().parse::<usize>().ok());
    let c = it.next().and_then(|t| t.trim().parse::<usize>().ok());
    match (r, c, it.next()) {
        (Some(r), Some(c), None) if r > 0 && c > 0 => Ok((r, c)),
        _ => Err(format!("bad board size {s:?}, expected ROWSxCOLS")),
    }
}
