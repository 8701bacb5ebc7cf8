//! The engine's choices as command-line values: `--backend`, `--restarts`
//! and `--memo` parse straight into the library's enums
//! ([`BackendChoice`], [`Restarts`], [`MemoChoice`]), so that the command
//! line and the engine share one type per choice (the library cannot
//! derive clap's traits: it does not depend on clap). Each value has its
//! name and its help line, as `--help`, the man pages and the completions
//! show them.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use tessera::engine::{BackendChoice, MemoChoice, Restarts};

/// A value parser over a table of (name, help, value).
fn choices<T, const N: usize>(table: [(&'static str, &'static str, T); N]) -> impl TypedValueParser<Value = T>
where
    T: Copy + Send + Sync + 'static,
{
    let names = table.map(|(name, help, _)| PossibleValue::new(name).help(help));
    // The names parsed are the table's (the parser refuses the others).
    PossibleValuesParser::new(names).map(move |name: String| named(&table, &name).expect("a listed name"))
}

/// The value of `name` in a table of (name, help, value): what the parser
/// of [`choices`] returns for it (the command line's quick path, see
/// `cli::quick`, reads the same tables).
pub fn named<T: Copy, const N: usize>(table: &[(&'static str, &'static str, T); N], name: &str) -> Option<T> {
    table.iter().find(|(n, _, _)| *n == name).map(|&(_, _, v)| v)
}

/// `--backend`: the search backend.
pub const BACKENDS: [(&str, &str, BackendChoice); 4] = [
    (
        "auto",
        "Bit sets for packing; for tile puzzles a short trial of the row scan, then the row scan or the assignment backend, by estimate",
        BackendChoice::Auto,
    ),
    ("assign", "Exact domains with arc consistency, most constrained cell first (tile puzzles)", BackendChoice::Assign),
    (
        "rowscan",
        "Cells in reading order, candidates indexed by the labels they must match (tile puzzles)",
        BackendChoice::RowScan,
    ),
    ("general", "The general sparse exact-cover backend (any puzzle; for cross-checking)", BackendChoice::General),
];

/// `--restarts`: whether first-solution searches restart.
pub const RESTARTS: [(&str, &str, Restarts); 2] = [
    ("auto", "For first-solution searches with the assignment backend (tile puzzles), not shards", Restarts::Auto),
    ("never", "One complete search in the backend's own order (threads share its subtrees)", Restarts::Never),
];

/// `--memo`: whether counts memoise subtrees.
pub const MEMOS: [(&str, &str, MemoChoice); 4] = [
    (
        "auto",
        "When the states the search meets repeat often enough to pay (estimated by random walks)",
        MemoChoice::Auto,
    ),
    ("on", "Whenever the backend can memoise (bit sets, row scan)", MemoChoice::On),
    ("off", "Never: count by enumeration", MemoChoice::Off),
    (
        "halves",
        "Count by meeting in the middle wherever it applies (row-scan puzzles whose tables fit), else as auto",
        MemoChoice::Halves,
    ),
];

/// The parser of `--backend`.
pub fn backend() -> impl TypedValueParser<Value = BackendChoice> {
    choices(BACKENDS)
}

/// The parser of `--restarts`.
pub fn restarts() -> impl TypedValueParser<Value = Restarts> {
    choices(RESTARTS)
}

/// The parser of `--memo`.
pub fn memo() -> impl TypedValueParser<Value = MemoChoice> {
    choices(MEMOS)
}
