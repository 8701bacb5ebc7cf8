//! Exit statuses, like grep's, plus two of our own.

use std::fmt;

/// How tessera ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Every case has a solution (or a non-search command succeeded).
    Solved = 0,
    /// At least one case was proved to have no solution.
    NoSolution = 1,
    /// A limit or timeout ended some case before its answer was known.
    Unknown = 3,
    /// Usage or input error.
    Error = 2,
    /// Interrupted by Ctrl-C.
    Interrupted = 130,
}

impl Exit {
    /// The status when several cases end differently: an error beats an
    /// interruption, which beats an unknown case, which beats "no solution".
    pub fn combine(self, other: Exit) -> Exit {
        fn rank(e: Exit) -> u8 {
            match e {
                Exit::Solved => 0,
                Exit::NoSolution => 1,
                Exit::Unknown => 2,
                Exit::Interrupted => 3,
                Exit::Error => 4,
            }
        }
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }

    pub fn code(self) -> i32 {
        self as i32
    }
}

/// A mistake on the command line (exit 2).
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_combine_by_severity() {
        assert_eq!(Exit::Solved.combine(Exit::NoSolution), Exit::NoSolution);
        assert_eq!(Exit::NoSolution.combine(Exit::Unknown), Exit::Unknown);
        assert_eq!(Exit::Unknown.combine(Exit::Error), Exit::Error);
        assert_eq!(Exit::Error.combine(Exit::Solved), Exit::Error);
        assert_eq!(Exit::Interrupted.code(), 130);
    }
}
