//! How tessera ends: the exit statuses (like grep's, plus two of our own),
//! the status one case calls for, and the errors that end a run with
//! status 2, each printed once by `main`.

use std::fmt;
use tessera::engine::StopReason;
use tessera::solve::{Mode, Status};

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

    /// The process's exit code.
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

/// An input error, already located (`FILE: line 3: ...`), printed as is.
#[derive(Debug)]
pub struct InputError {
    /// The file, or `<stdin>`.
    pub source_name: String,
    /// What is wrong, and where in the source.
    pub error: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.source_name, self.error)
    }
}

impl std::error::Error for InputError {}

/// An [`InputError`] in the source called `name`.
pub fn input_error(name: &str, e: impl fmt::Display) -> anyhow::Error {
    InputError { source_name: name.to_string(), error: e.to_string() }.into()
}

/// Whether the error is a closed standard output (`tessera ... | head`),
/// which ends tessera quietly with status 0.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .any(|e| e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}

/// The exit status one case calls for (the run's status is the most severe
/// over its cases, see [`Exit::combine`]):
///
/// * proved unsolvable: 1;
/// * interrupted (Ctrl-C) before the answer asked for was complete: 130;
/// * no verdict (a timeout or node budget came first): 3;
/// * a count or listing (`--count`, `--all`) cut short by `--timeout` or
///   `--max-nodes`: 3, even when a solution was found, because the answer
///   asked for is incomplete; reaching `--limit` is not a failure: 0;
/// * otherwise solved: 0.
pub fn case_exit(mode: Mode, status: Status, stopped: Option<StopReason>) -> Exit {
    let counting = mode != Mode::Decide;
    match (status, stopped) {
        (Status::Unsolvable, _) => Exit::NoSolution,
        (_, Some(StopReason::Interrupted)) => Exit::Interrupted,
        (Status::Unknown, _) => Exit::Unknown,
        (Status::Solvable, Some(StopReason::Timeout | StopReason::Nodes)) if counting => Exit::Unknown,
        (Status::Solvable, _) => Exit::Solved,
    }
}

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

    /// Every mode against every way a case can end.
    #[test]
    fn exit_status_table() {
        use Exit::{Interrupted as Int, NoSolution as No, Solved as Ok, Unknown as Unk};
        use Status::{Solvable, Unknown, Unsolvable};
        use StopReason::{Interrupted, Limit, Nodes, Timeout, Visitor};
        let decide = Mode::Decide;
        let count = Mode::Count;
        let all = Mode::All { limit: None };
        let limited = Mode::All { limit: Some(5) };
        // (status, stopped) -> [decide, count, all, all or count with --limit]
        type Row = ((Status, Option<StopReason>), [Exit; 4]);
        let table: &[Row] = &[
            ((Solvable, None), [Ok, Ok, Ok, Ok]),
            ((Solvable, Some(Limit)), [Ok, Ok, Ok, Ok]),
            ((Solvable, Some(Visitor)), [Ok, Ok, Ok, Ok]),
            ((Solvable, Some(Timeout)), [Ok, Unk, Unk, Unk]),
            ((Solvable, Some(Nodes)), [Ok, Unk, Unk, Unk]),
            ((Solvable, Some(Interrupted)), [Int, Int, Int, Int]),
            ((Unsolvable, None), [No, No, No, No]),
            ((Unknown, Some(Timeout)), [Unk, Unk, Unk, Unk]),
            ((Unknown, Some(Nodes)), [Unk, Unk, Unk, Unk]),
            ((Unknown, Some(Interrupted)), [Int, Int, Int, Int]),
        ];
        for &((status, stopped), want) in table {
            for (mode, want) in [decide, count, all, limited].into_iter().zip(want) {
                assert_eq!(case_exit(mode, status, stopped), want, "{mode:?} {status:?} {stopped:?}");
            }
        }
    }
}
