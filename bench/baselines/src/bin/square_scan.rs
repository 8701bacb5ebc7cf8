//! square-scan [--count] [--rotate] [--border C] [FILE]
//! The corner-square scan for ZOJ 1008 (see baselines::square). Reads the judge
//! format from FILE or stdin; prints `Game k: Possible/Impossible` with a
//! blank line between cases; on stderr one line per case
//! `nodes=<placements> solutions=<n>`.
fn main() {
    baselines::tetravex::main_with("square-scan", baselines::square::solve);
}
