//! What every puzzle gives the solver: a [`Model`] (pre-checks, the
//! exact-cover problem, decoding), and the [`Refutation`] a pre-check
//! returns. The puzzles depend on this module; it depends on the engine
//! only.

use crate::engine::{OptionId, Problem, SearchConfig, StopReason};

/// A counting argument that refuted a puzzle before any search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// A short stable name, such as `area` or `label-balance`.
    pub check: &'static str,
    /// What did not add up (written out when shown: `Display`).
    pub detail: Detail,
}

/// What a pre-check found, in words written out only when they are shown
/// (`--stats`, JSON): most refutations of a judge's stream are shown
/// nowhere, and writing each message was a fifth of the instructions
/// of a 2x2 case refuted by label balance. Either a message written
/// already, or a pattern whose `{}` take the arguments in turn:
/// `Detail::pattern("{} sides: {} show label {}", &[Arg::Str("right/left"),
/// Arg::Int(3), Arg::Int(7)])` reads "right/left sides: 3 show label 7".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detail(Words);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Words {
    Written(String),
    Pattern(&'static str, [Arg; Detail::ARGS]),
}

/// An argument of a [`Detail`]'s pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A number, written in decimal.
    Int(i64),
    /// Words, written as they are.
    Str(&'static str),
}

impl Detail {
    /// The most arguments a pattern takes.
    pub const ARGS: usize = 4;

    /// `pattern` with its `{}` taking `args` in turn (as many as it has
    /// `{}`, at most [`Detail::ARGS`]).
    pub fn pattern(pattern: &'static str, args: &[Arg]) -> Detail {
        debug_assert_eq!(pattern.matches("{}").count(), args.len(), "{pattern}");
        let mut kept = [Arg::Int(0); Detail::ARGS];
        kept[..args.len()].copy_from_slice(args);
        Detail(Words::Pattern(pattern, kept))
    }
}

impl From<String> for Detail {
    fn from(written: String) -> Detail {
        Detail(Words::Written(written))
    }
}

impl std::fmt::Display for Detail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Words::Written(s) => f.write_str(s),
            Words::Pattern(pattern, args) => {
                let mut parts = pattern.split("{}");
                f.write_str(parts.next().unwrap_or_default())?;
                for (part, arg) in parts.zip(args) {
                    match arg {
                        Arg::Int(n) => write!(f, "{n}")?,
                        Arg::Str(s) => f.write_str(s)?,
                    }
                    f.write_str(part)?;
                }
                Ok(())
            }
        }
    }
}

/// A puzzle case ready for the engine.
pub trait Model: Sync {
    /// A decoded solution.
    type Solution: Send;
    /// Cheap arguments that prove there is no solution, tried first.
    fn precheck(&self) -> Option<Refutation>;
    /// The exact-cover problem, encoded on first use. The encoding of a
    /// big puzzle takes a share of a second, so it polls `config`'s stop
    /// flag and deadline as the engine's setup does, and gives up with the
    /// reason of a stop that comes first.
    fn problem_within(&self, config: &SearchConfig) -> Result<&Problem, StopReason>;
    /// Encodes the problem now, through `&mut self`, where the search is
    /// about to read it: what [`Model::problem_within`] does, without the
    /// synchronisation a model shared between threads needs to encode on
    /// first use (a stream of tiny cases pays for every locked
    /// instruction). The default encodes through `problem_within`.
    fn encode_within(&mut self, config: &SearchConfig) -> Result<(), StopReason> {
        self.problem_within(config).map(|_| ())
    }
    /// The exact-cover problem, however long encoding it takes: the whole
    /// problem, every solution kept, as a list of every solution sees it
    /// (a search for one solution, or a count, may leave out solutions that
    /// a symmetry maps onto others it keeps, and the plan of a shard must
    /// not depend on which search reads it).
    fn problem(&self) -> &Problem {
        match self.problem_within(&SearchConfig::all(None)) {
            Ok(problem) => problem,
            Err(_) => unreachable!("no deadline and no stop flag: nothing stops the encoding"),
        }
    }
    /// Turns the engine's chosen options into a solution.
    fn decode(&self, chosen: &[OptionId]) -> Self::Solution;
    /// How many solutions of the puzzle each solution of its encoded
    /// problem stands for: 1, unless a count kept the same share of every
    /// orbit of a symmetry ([`SearchConfig::counts_whole_tree`]) and its
    /// count is to be multiplied back. Read after the encoding.
    fn count_factor(&self) -> u64 {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::{Arg, Detail};

    #[test]
    fn a_pattern_reads_as_the_words_written_out() {
        let (dir, surplus, slack) = ("right/left", 3i64, 2usize);
        let lazy = Detail::pattern(
            "{} sides: {} sides find no partner, but only {} lie on the outline",
            &[Arg::Str(dir), Arg::Int(surplus), Arg::Int(slack as i64)],
        );
        let written = format!("{dir} sides: {surplus} sides find no partner, but only {slack} lie on the outline");
        assert_eq!(lazy.to_string(), written);
        assert_eq!(Detail::from(written.clone()).to_string(), written);
        assert_eq!(
            Detail::pattern("{}{} and {}", &[Arg::Int(-1), Arg::Str(""), Arg::Int(20)]).to_string(),
            "-1 and 20"
        );
        assert_eq!(Detail::pattern("no argument", &[]).to_string(), "no argument");
    }
}
