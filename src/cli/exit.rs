//! How tessera ends: the exit statuses (like grep's, plus two of our own),
//! the status one case calls for, and the errors that end a run with
//! status 2, each printed once by `main`.

use std::fmt;
use tessera::engine::SearchMode;
use tessera::engine::StopReason;
use tessera::format::json::ErrorRecord;
use tessera::puzzles::input::ParseError;
use tessera::solve::Status;

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
    /// With `--shard I/N`: some case had nothing to search in this shard
    /// (the deal gave it no subtree), and no case ended worse.
    EmptyShard = 4,
    /// Interrupted by Ctrl-C.
    Interrupted = 130,
}

impl Exit {
    /// The status when several cases end differently: an error beats an
    /// interruption, which beats an unknown case, which beats "no
    /// solution", which beats an empty shard.
    pub fn combine(self, other: Exit) -> Exit {
        fn rank(e: Exit) -> u8 {
            match e {
                Exit::Solved => 0,
                Exit::EmptyShard => 1,
                Exit::NoSolution => 2,
                Exit::Unknown => 3,
                Exit::Interrupted => 4,
                Exit::Error => 5,
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

/// An input error, located: printed `FILE:LINE:COLUMN: message` (or
/// `FILE:LINE: message`, or `FILE: message` where there is no place), the
/// form compilers use and editors jump to; with `--json` it is also the
/// stream's last record ([`InputError::record`]).
#[derive(Debug)]
pub struct InputError {
    /// The file, or `<stdin>`.
    pub source_name: String,
    /// The 1-based line (0: the error is about the whole input).
    pub line: usize,
    /// The 1-based column (0: the error is about the whole line).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source_name)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
            if self.column > 0 {
                write!(f, ":{}", self.column)?;
            }
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for InputError {}

impl InputError {
    /// An error about the whole source called `name` (no line).
    pub fn whole(name: &str, message: impl fmt::Display) -> Self {
        InputError { source_name: name.to_string(), line: 0, column: 0, message: message.to_string() }
    }

    /// An error at the line (and column) a reader's [`ParseError`] names.
    pub fn at(name: &str, e: &ParseError) -> Self {
        InputError {
            source_name: name.to_string(),
            line: e.line,
            column: e.column.unwrap_or(0),
            message: e.message.clone(),
        }
    }

    /// The error as the last record of a `--json` stream, with a newline.
    pub fn record(&self) -> String {
        let rec = ErrorRecord::new(&self.source_name, self.line, self.column, &self.message);
        format!("{}\n", serde_json::to_string(&rec).expect("records serialise"))
    }
}

/// An [`InputError`] about the whole source called `name` (no line).
pub fn input_error(name: &str, e: impl fmt::Display) -> anyhow::Error {
    InputError::whole(name, e).into()
}

/// An [`InputError`] at the line (and column) a reader's [`ParseError`] names.
pub fn input_error_at(name: &str, e: &ParseError) -> anyhow::Error {
    InputError::at(name, e).into()
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
pub fn case_exit(mode: SearchMode, status: Status, stopped: Option<StopReason>) -> Exit {
    let counting = mode != SearchMode::First;
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
        assert_eq!(Exit::Solved.combine(Exit::EmptyShard), Exit::EmptyShard);
        assert_eq!(Exit::EmptyShard.combine(Exit::NoSolution), Exit::NoSolution);
        assert_eq!(Exit::Interrupted.code(), 130);
    }

    /// Every mode against every way a case can end.
    #[test]
    fn exit_status_table() {
        use Exit::{Interrupted as Int, NoSolution as No, Solved as Ok, Unknown as Unk};
        use Status::{Solvable, Unknown, Unsolvable};
        use StopReason::{Interrupted, Limit, Nodes, Timeout, Visitor};
        let decide = SearchMode::First;
        let count = SearchMode::Count;
        let all = SearchMode::All { limit: None };
        let limited = SearchMode::All { limit: Some(5) };
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
