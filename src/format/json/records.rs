//! The records tessera writes, one JSON object per line: a `"case"`
//! record per case ([`CaseRecord`]), a `"solution"` record per streamed
//! solution ([`SolutionRecord`]), a `"shard-plan"` record per planned
//! case ([`PlanRecord`]) and, when an input error ends the run, a last
//! `"error"` record ([`ErrorRecord`]); schema in docs/json.md. Every
//! record carries the schema's version ([`SCHEMA_VERSION`]) in its own
//! `schema` field, so that each line says how to read it even after
//! `grep`, `head` or the concatenation of several runs' output.
//!
//! The case record is also read back, by `tessera merge`: [`CaseRecordIn`]
//! is the same schema for reading, kept next to the writer so that the two
//! change together (a test writes a record with [`case_record`] and reads
//! it back with [`crate::merge::read_records`]).

use crate::engine::{BackendKind, Count, ParseCountError, ShardPlan, Stats, StopReason};
use crate::puzzles::Refutation;
use crate::solve::{CaseResult, Status};
use serde::{Deserialize, Serialize};

/// The version of the records' schema, written as `"schema"` in every
/// record. Version 2 added the field itself, the `"error"` record and
/// counts above [`MAX_EXACT_JSON_INTEGER`](crate::engine::MAX_EXACT_JSON_INTEGER) written as strings; records
/// without the field are version 1 (docs/json.md, "Compatibility").
pub const SCHEMA_VERSION: u32 = 2;

/// Effort counters as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StatsJson {
    /// Search nodes (options tried).
    pub nodes: u64,
    /// Elementary updates of the engine's data structures.
    pub updates: u64,
    /// Subtrees the search was split into (0: not split).
    pub tickets: u64,
    /// Restarts of a first-solution search (absent in older records).
    #[serde(default)]
    pub restarts: u64,
    /// Worker threads (0 when no search ran).
    pub threads: usize,
    /// The backend that ran ([`backend_name`]).
    pub backend: String,
    /// Present when the count was memoised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memo: Option<MemoJson>,
    /// Wall time of the search.
    pub elapsed_ms: f64,
}

/// What the count memo did (summed over the workers).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MemoJson {
    /// The most states held at once.
    pub states: u64,
    /// Look-ups in the tables.
    pub lookups: u64,
    /// Look-ups that found their state.
    pub hits: u64,
    /// Hits over look-ups, 0 to 1.
    pub hit_rate: f64,
    /// The most memory the tables took, in bytes.
    pub bytes: u64,
    /// Times a table was full at its cap and started again.
    pub clears: u64,
    /// How the count used its table: `"memo"` (the search memoised),
    /// `"halves"` (met in the middle) or `"layers"` (layer by layer). Absent in older records: `"memo"`.
    #[serde(default = "memo_method")]
    pub method: String,
}

/// The method of records written before the field.
fn memo_method() -> String {
    "memo".to_string()
}

/// Milliseconds with microsecond precision: `0.285`, not the float noise
/// of `0.28451000000000004`.
pub(crate) fn millis(d: std::time::Duration) -> f64 {
    round_ms(d.as_secs_f64() * 1000.0)
}

/// A number of milliseconds rounded to the microsecond (sums of them too).
pub(crate) fn round_ms(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// The backend as records and `--stats` name it (`stats.backend`,
/// docs/json.md): the engine's name for the backend that ran
/// ([`BackendKind::name`]: `bitset`, `assign`, `rowscan`, `sparse-xcc`),
/// or `none` when none ran (a case a pre-check refuted, a stop before the
/// search). (`--backend general` on the command line selects the backend
/// the engine and the records call `sparse-xcc`.)
pub fn backend_name(backend: Option<BackendKind>) -> &'static str {
    backend.map_or("none", BackendKind::name)
}

impl StatsJson {
    /// The counters of `s` as JSON.
    pub fn from_stats(s: &Stats) -> Self {
        StatsJson {
            nodes: s.nodes,
            updates: s.updates,
            tickets: s.tickets,
            restarts: s.restarts,
            threads: s.threads,
            backend: backend_name(s.backend).to_string(),
            memo: s.memo.map(|m| MemoJson {
                states: m.states,
                lookups: m.lookups,
                hits: m.hits,
                hit_rate: m.hit_rate(),
                bytes: m.bytes,
                clears: m.clears,
                method: if m.layers {
                    "layers"
                } else if m.halves {
                    "halves"
                } else {
                    "memo"
                }
                .to_string(),
            }),
            elapsed_ms: millis(s.elapsed),
        }
    }
}

/// The pre-check that refuted a case.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RefutationJson {
    /// The pre-check's stable name, such as `area`.
    pub check: String,
    /// What did not add up.
    pub detail: String,
}

/// Which shard a record belongs to.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ShardJson {
    /// 1-based.
    pub index: u32,
    /// N, the number of shards of the split.
    pub count: u32,
    /// The shard had nothing to search for the case (the deal gave it no
    /// subtree); written only when `true`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub empty: bool,
    /// The plan-file split the shard ran from (`--plan FILE`), by name;
    /// absent when the shard planned for itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
}

/// Whether a flag is unset (so that it is left out of a record).
fn is_false(b: &bool) -> bool {
    !*b
}

/// The one record every case gets.
#[derive(Clone, Debug, Serialize)]
pub struct CaseRecord<P: Serialize, S: Serialize> {
    #[serde(rename = "type")]
    /// `"case"`.
    pub kind: &'static str,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// Which subcommand: `tetravex`, `edges` or `pack`.
    pub puzzle_type: &'static str,
    /// The case's number in its input (1-based).
    pub case: usize,
    /// The input line where the case starts.
    pub line: usize,
    /// `solvable`, `unsolvable` or `unknown`.
    pub status: &'static str,
    /// `true` or `false`, or `null` when unknown.
    pub solvable: Option<bool>,
    /// Whether the search explored its whole tree (or shard).
    pub complete: bool,
    /// Every digit, however large: a number up to 2^53 - 1, a string
    /// above (see [`Count`]'s `Serialize` and docs/json.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The solution shown, if any.
    pub solution: Option<S>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The pre-check that refuted the case.
    pub refuted_by: Option<RefutationJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Why the search stopped early ([`stop_name`]).
    pub stopped: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The shard of a `--shard I/N` run.
    pub shard: Option<ShardJson>,
    /// The puzzle, as its `*PuzzleJson` object.
    pub puzzle: P,
    /// The effort counters.
    pub stats: StatsJson,
}

/// One shard of a `--shard-plan` record.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlannedShardJson {
    /// 1-based, as in `--shard I/N`.
    pub index: u32,
    /// The subtrees the shard owns.
    pub subtrees: usize,
    /// Knuth's estimate of the shard's search nodes (rounded).
    pub estimate: f64,
}

/// The effort a plan took.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlanStatsJson {
    /// Search nodes of the plan's random walks.
    pub nodes: u64,
    /// The backend that would search ([`backend_name`]).
    pub backend: String,
    /// Wall time of the plan.
    pub elapsed_ms: f64,
}

impl PlanStatsJson {
    /// The effort of `plan` as JSON.
    pub fn from_plan(plan: &ShardPlan) -> Self {
        PlanStatsJson {
            nodes: plan.nodes,
            backend: backend_name(plan.backend).to_string(),
            elapsed_ms: millis(plan.elapsed),
        }
    }
}

/// The record `--shard-plan N` writes for each case.
#[derive(Clone, Debug, Serialize)]
pub struct PlanRecord<P: Serialize> {
    #[serde(rename = "type")]
    /// `"shard-plan"`.
    pub kind: &'static str,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// Which subcommand: `tetravex`, `edges` or `pack`.
    pub puzzle_type: &'static str,
    /// The case's number in its input (1-based).
    pub case: usize,
    /// The input line where the case starts.
    pub line: usize,
    /// N, the number of shards planned.
    pub count: u32,
    /// How the subtrees are dealt onto the shards: `"estimate"` or
    /// `"round-robin"` (a tree too small for the estimates to pay).
    pub dealt: &'static str,
    /// Random walks per subtree behind the estimates.
    pub walks: u32,
    /// The estimated search nodes of all shards together (rounded).
    pub estimate: f64,
    /// The largest shard's estimate over the mean (1 when there is nothing
    /// to split).
    pub imbalance: f64,
    /// One entry per shard, in order.
    pub shards: Vec<PlannedShardJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Why no plan was made: `"timeout"` or `"interrupted"` ([`stop_name`]);
    /// then every shard is empty.
    pub stopped: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The pre-check that refuted the case (then nothing was planned).
    pub refuted_by: Option<RefutationJson>,
    /// The puzzle, as its `*PuzzleJson` object.
    pub puzzle: P,
    /// The plan's effort.
    pub stats: PlanStatsJson,
}

/// One streamed solution (`--all`).
#[derive(Clone, Debug, Serialize)]
pub struct SolutionRecord<S: Serialize> {
    #[serde(rename = "type")]
    /// `"solution"`.
    pub kind: &'static str,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// The case's number in its input (1-based).
    pub case: usize,
    /// 1-based, in the order found.
    pub index: u64,
    /// The solution, as its `*SolutionJson` object.
    pub solution: S,
}

/// The last record of a `--json` run that an input error ended: where the
/// error is and what it is, the same as the message on stderr, so that a
/// consumer reading stdout alone knows the stream stopped early.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ErrorRecord {
    /// `"error"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// The input's name: the file as given, or `<stdin>`.
    pub file: String,
    /// The 1-based line of the error (0 when the error has no place, such
    /// as a file that cannot be read).
    pub line: usize,
    /// The 1-based column (0 when the error names a line only).
    pub column: usize,
    /// What is wrong, in words (for people; its wording may change).
    pub message: String,
}

impl ErrorRecord {
    /// The error record of an error at `line`, `column` of `file`.
    pub fn new(file: &str, line: usize, column: usize, message: &str) -> Self {
        ErrorRecord {
            kind: "error".into(),
            schema: SCHEMA_VERSION,
            file: file.into(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// The name of a status in records.
pub fn status_name(s: Status) -> &'static str {
    match s {
        Status::Solvable => "solvable",
        Status::Unsolvable => "unsolvable",
        Status::Unknown => "unknown",
    }
}

/// The name of a stop reason in records.
pub fn stop_name(r: StopReason) -> &'static str {
    match r {
        StopReason::Limit => "limit",
        StopReason::Visitor => "visitor",
        StopReason::Nodes => "max-nodes",
        StopReason::Timeout => "timeout",
        StopReason::Interrupted => "interrupted",
    }
}

/// A case record's line with the puzzle's and the solution's JSON text
/// put in: `frame` is the record (one line, [`case_record`] with `()` as
/// its puzzle and as its solution when it has one, which serde writes as
/// `null`), `puzzle` and `solution` JSON text written elsewhere. A big
/// board's solution is tens of kilobytes, and written digit by digit it
/// is neither parsed again nor taken value by value through serde.
///
/// The keys `"solution":null` and `"puzzle":null` are found in the
/// frame's text by their bytes: a JSON string cannot hold them (its
/// quotes are escaped), so each is the record's own key, met once.
///
/// ```
/// use tessera::format::json::fill_case_record;
/// let frame = r#"{"case":1,"solution":null,"puzzle":null,"stats":{}}"#;
/// let line = fill_case_record(frame, "[1]", Some("[2]"));
/// assert_eq!(line, r#"{"case":1,"solution":[2],"puzzle":[1],"stats":{}}"#);
/// ```
pub fn fill_case_record(frame: &str, puzzle: &str, solution: Option<&str>) -> String {
    let mut out = String::with_capacity(frame.len() + puzzle.len() + solution.map_or(0, str::len));
    let mut rest = frame;
    for (key, text) in [("\"solution\":", solution), ("\"puzzle\":", Some(puzzle))] {
        let Some(text) = text else { continue };
        let hole = format!("{key}null");
        let at = rest.find(&hole).expect("the frame has the key, with null");
        out.push_str(&rest[..at + key.len()]);
        out.push_str(text);
        rest = &rest[at + hole.len()..];
    }
    out.push_str(rest);
    out
}

/// Builds the case record of a result.
pub fn case_record<T, P: Serialize, S: Serialize>(
    puzzle_type: &'static str,
    case: usize,
    line: usize,
    result: &CaseResult<T>,
    puzzle: P,
    solution: Option<S>,
    shard: Option<ShardJson>,
) -> CaseRecord<P, S> {
    CaseRecord {
        kind: "case",
        schema: SCHEMA_VERSION,
        puzzle_type,
        case,
        line,
        status: status_name(result.status),
        solvable: match result.status {
            Status::Solvable => Some(true),
            Status::Unsolvable => Some(false),
            Status::Unknown => None,
        },
        complete: result.complete,
        count: result.count.clone(),
        solution,
        refuted_by: result
            .refuted_by
            .as_ref()
            .map(|r: &Refutation| RefutationJson { check: r.check.to_string(), detail: r.detail.to_string() }),
        stopped: result.stopped.filter(|r| *r != StopReason::Limit || result.count.is_some()).map(stop_name),
        shard,
        puzzle,
        stats: StatsJson::from_stats(&result.stats),
    }
}

/// A case record as `tessera merge` reads it back: the schema of
/// [`CaseRecord`], field for field, for reading. Fields a later version
/// adds are ignored; `stats` is read as [`StatsJson`], as written.
#[derive(Clone, Debug, Deserialize)]
pub struct CaseRecordIn {
    /// `"case"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The schema's version (1 when absent: records written before the
    /// field existed).
    #[serde(default = "schema_one")]
    pub schema: u32,
    /// Which subcommand: `tetravex`, `edges` or `pack`.
    pub puzzle_type: String,
    /// The case's number in its input (1-based).
    pub case: u64,
    /// The input line where the case starts.
    pub line: u64,
    /// `solvable`, `unsolvable` or `unknown` ([`status_name`]).
    pub status: String,
    /// `true` or `false`, or `null` when unknown.
    #[serde(default)]
    pub solvable: Option<bool>,
    /// Whether the search explored its whole tree (or shard).
    pub complete: bool,
    /// The count as written, every digit of it (a [`Count`] may exceed
    /// any machine integer; a number, or from schema 2 on a string of
    /// digits above 2^53 - 1): see [`CaseRecordIn::count`].
    #[serde(default, rename = "count")]
    pub raw_count: Option<Box<serde_json::value::RawValue>>,
    /// The solution shown, if any.
    #[serde(default)]
    pub solution: Option<serde_json::Value>,
    /// The pre-check that refuted the case.
    #[serde(default)]
    pub refuted_by: Option<RefutationJson>,
    /// Why the search stopped early ([`stop_name`]).
    #[serde(default)]
    pub stopped: Option<String>,
    /// The shard of a `--shard I/N` run.
    #[serde(default)]
    pub shard: Option<ShardJson>,
    /// The puzzle, as its `*PuzzleJson` object.
    pub puzzle: serde_json::Value,
    /// The effort counters.
    pub stats: StatsJson,
}

impl CaseRecordIn {
    /// The count, exactly: `None` without one, an error when it is not a
    /// whole number (written as a number, or as a string of digits).
    pub fn count(&self) -> Option<Result<Count, ParseCountError>> {
        self.raw_count.as_ref().map(|raw| match serde_json::from_str::<String>(raw.get()) {
            Ok(digits) => digits.parse(),
            Err(_) => raw.get().parse(),
        })
    }
}

/// The version of records without a `schema` field.
fn schema_one() -> u32 {
    1
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::value::RawValue;

    /// A record filled with its puzzle's and solution's text is the record
    /// serde writes with them as values, whatever the other fields hold
    /// (a refutation whose detail quotes the keys, a stop, a shard, a count
    /// above 2^53, a file name).
    #[test]
    fn a_filled_record_is_the_serialised_record() {
        let statuses = [Status::Solvable, Status::Unsolvable, Status::Unknown];
        for case in 0..48 {
            let result = CaseResult::<()> {
                status: statuses[case % 3],
                count: (case % 4 == 1).then(|| "123456789012345678901234567890".parse().unwrap()),
                complete: case % 2 == 0,
                solution: None,
                refuted_by: (case % 5 == 2).then(|| Refutation {
                    check: "area",
                    detail: r#"no "puzzle":null or "solution":null here"#.to_string().into(),
                }),
                stopped: (case % 6 == 3).then_some(StopReason::Timeout),
                stats: Stats::default(),
            };
            let shard = (case % 7 == 4).then_some(ShardJson { index: 2, count: 3, empty: false, plan: None });
            let (puzzle, solution) = (r#"{"rows":1,"tiles":[[1,-2,3,4]]}"#, (case % 3 == 0).then_some("[[1]]"));
            let raw = |t: &str| RawValue::from_string(t.to_string()).unwrap();
            let full = case_record("tetravex", case, 2, &result, raw(puzzle), solution.map(raw), shard.clone());
            let frame = case_record("tetravex", case, 2, &result, (), solution.map(|_| ()), shard);
            let (full, frame) = (serde_json::to_string(&full).unwrap(), serde_json::to_string(&frame).unwrap());
            assert_eq!(fill_case_record(&frame, puzzle, solution), full, "case {case}");
        }
    }
}
