//! seed-tetravex [--count] [--rotate] [--border C] [FILE]
//! The seeds' method for ZOJ 1008 (see baselines::tetravex). Reads the judge
//! format from FILE or stdin; prints `Game k: Possible/Impossible` with a
//! blank line between cases; on stderr one line per case
//! `nodes=<placements> solutions=<n>`.
fn main() {
    baselines::tetravex::main_with("seed-tetravex", baselines::tetravex::solve);
}
