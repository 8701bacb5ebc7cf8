//! Adding up the records of a sharded search (`tessera merge`).
//!
//! Each shard run (`--shard I/N --json`) writes one case record per case,
//! with `"shard": {"index": I, "count": N}`. [`read_records`] takes those
//! records out of NDJSON text (skipping `--all`'s solution records), and
//! [`merge`] groups them by case and checks that shards 1 to N are each
//! there exactly once, all of one split, of one puzzle, and finished (a
//! counting shard searched its part to the end; a first-solution shard
//! did that or found a solution). A case is solvable if any shard found a
//! solution, unsolvable only when every shard searched to the end without
//! one; counts add up.

use crate::engine::Count;
use crate::format::json::{plain_message, round_ms, CaseRecordIn, ErrorRecord, ShardJson, SCHEMA_VERSION};
use crate::solve::Status;
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// A line that is not a shard's case record.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{source_name}:{line}: {message}")]
pub struct RecordError {
    /// Where the text came from (a file name or `<stdin>`).
    pub source_name: String,
    /// The 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

/// One shard's case record, as far as merging needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardRecord {
    /// Where it was read: `FILE:LINE`.
    pub at: String,
    /// The case's number in its input.
    pub case: u64,
    /// Which subcommand: `tetravex`, `edges` or `pack`.
    pub puzzle_type: String,
    /// The input line where the case starts.
    pub line: u64,
    /// 1-based.
    pub index: u32,
    /// N, the number of shards of the split.
    pub count: u32,
    /// The plan-file split the shard ran from, by name (`None`: the
    /// shard planned for itself).
    pub plan: Option<String>,
    /// `solvable`, `unsolvable` or `unknown`.
    pub status: String,
    /// Whether the shard searched its whole part.
    pub complete: bool,
    /// The shard's solutions (`--count`/`--all` runs).
    pub solutions: Option<Count>,
    /// Why the shard's search stopped early, as its record names it
    /// (`timeout`, `limit`, ...), if it did.
    pub stopped: Option<String>,
    /// The puzzle, as the record holds it.
    pub puzzle: Value,
    /// The shard's search nodes.
    pub nodes: u64,
    /// The shard's wall time.
    pub elapsed_ms: f64,
}

impl ShardRecord {
    /// Whether the shard answered its question. A counting (or `--all`)
    /// shard must have searched its whole part of the tree (`complete`); a
    /// first-solution shard is also finished when it found a solution, as
    /// its search stops there by design (its record says `complete: false`).
    pub fn finished(&self) -> bool {
        self.complete || (self.solutions.is_none() && self.status == "solvable")
    }
}

/// The merged result of one case.
#[derive(Clone, Debug, PartialEq)]
pub struct MergedCase {
    /// The case's number in its input.
    pub case: u64,
    /// Which subcommand: `tetravex`, `edges` or `pack`.
    pub puzzle_type: String,
    /// The input line where the case starts.
    pub line: u64,
    /// The puzzle, as the first record holds it.
    pub puzzle: Value,
    /// N, the number of shards of the split (from the first record).
    pub shards: u32,
    /// The verdict of the shards together.
    pub status: Status,
    /// Every shard present once and finished ([`ShardRecord::finished`]:
    /// searched to the end, or, without counts, stopped at a solution).
    pub complete: bool,
    /// The sum of the shards' counts (over the shards present), when every
    /// record has a count.
    pub count: Option<Count>,
    /// Shards of 1..=N without a record.
    pub missing: Vec<u32>,
    /// Shards that stopped before finishing (limit, timeout, interruption).
    pub incomplete: Vec<u32>,
    /// Why each shard of `incomplete` stopped, as its record says (`None`
    /// when the record names no reason), in the same order.
    pub stopped: Vec<Option<String>>,
    /// Shards with more than one record (only the first one counts).
    pub duplicate: Vec<u32>,
    /// Records that do not belong with the others (another split, another
    /// puzzle, counted and not counted), in words.
    pub conflicts: Vec<String>,
    /// The search nodes of the shards counted.
    pub nodes: u64,
    /// The wall time of the shards counted, added up (rounded to the
    /// microsecond, as records write it).
    pub elapsed_ms: f64,
}

impl MergedCase {
    /// Whether the records describe one split of one puzzle without
    /// repeats (missing or incomplete shards are not inconsistent).
    pub fn consistent(&self) -> bool {
        self.duplicate.is_empty() && self.conflicts.is_empty()
    }
}

/// Just enough of a record to tell what it is: its `type`, and whether a
/// case record has a `shard`.
#[derive(Deserialize)]
struct RecordHead {
    #[serde(default, rename = "type")]
    kind: Option<serde_json::Value>,
    #[serde(default)]
    shard: Option<IgnoredAny>,
    #[serde(default)]
    schema: Option<u32>,
}

/// Reads the shard records of NDJSON text (one JSON object per line; blank
/// lines are skipped). `"solution"` records are skipped; anything else
/// that is not a case record with a `shard` is an error naming the line.
/// A case record is read as [`CaseRecordIn`], the schema the writer's
/// [`CaseRecord`](crate::format::json::CaseRecord) defines.
pub fn read_records(source_name: &str, text: &str) -> Result<Vec<ShardRecord>, RecordError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let err = |message: String| RecordError { source_name: source_name.to_string(), line: i + 1, message };
        if raw.trim().is_empty() {
            continue;
        }
        serde_json::from_str::<IgnoredAny>(raw).map_err(|e| err(format!("not a JSON record: {e}")))?;
        let head = match raw.trim_start().starts_with('{') {
            true => serde_json::from_str::<RecordHead>(raw).map_err(|e| err(format!("not a JSON record: {e}")))?,
            false => RecordHead { kind: None, shard: None, schema: None },
        };
        if head.schema.is_some_and(|v| v > SCHEMA_VERSION) {
            return Err(err(format!(
                "a record of schema {}, written by a newer tessera (this one reads schemas 1 to {SCHEMA_VERSION})",
                head.schema.unwrap_or_default()
            )));
        }
        match head.kind.as_ref().and_then(serde_json::Value::as_str) {
            Some("solution") => continue,
            Some("error") => {
                let e: ErrorRecord = serde_json::from_str(raw)
                    .map_err(|e| err(format!("not an error record as tessera writes it: {}", plain_message(&e))))?;
                return Err(err(format!(
                    "the run that wrote these records stopped at an input error ({}:{}:{}: {})",
                    e.file, e.line, e.column, e.message
                )));
            }
            Some("case") => {}
            Some(other) => {
                return Err(err(format!("a \"{other}\" record; merge reads the case records of --shard runs")))
            }
            None => return Err(err("not a tessera record (no \"type\")".into())),
        }
        if head.shard.is_none() {
            return Err(err("a case record without \"shard\": not the output of a --shard run".into()));
        }
        let record: CaseRecordIn = serde_json::from_str(raw)
            .map_err(|e| err(format!("not a case record as tessera writes it: {}", plain_message(&e))))?;
        out.push(shard_record(record, format!("{source_name}:{}", i + 1)).map_err(err)?);
    }
    Ok(out)
}

/// What merging needs of a case record with a shard, checked.
fn shard_record(r: CaseRecordIn, at: String) -> Result<ShardRecord, String> {
    let ShardJson { index, count, plan, .. } = r.shard.clone().ok_or("a case record without \"shard\"")?;
    if index == 0 || index > count {
        return Err(format!("shard {index}/{count}: expected 1 <= index <= count"));
    }
    if !matches!(r.status.as_str(), "solvable" | "unsolvable" | "unknown") {
        return Err(format!("unknown status \"{}\"", r.status));
    }
    let solutions = r.count().transpose().map_err(|_| "\"count\" is not a whole number".to_string())?;
    Ok(ShardRecord {
        at,
        case: r.case,
        puzzle_type: r.puzzle_type,
        line: r.line,
        index,
        count,
        plan,
        status: r.status,
        complete: r.complete,
        solutions,
        stopped: r.stopped,
        puzzle: r.puzzle,
        nodes: r.stats.nodes,
        elapsed_ms: r.stats.elapsed_ms,
    })
}

/// Merges shard records case by case (in case order).
pub fn merge(records: Vec<ShardRecord>) -> Vec<MergedCase> {
    let mut by_case: BTreeMap<u64, Vec<ShardRecord>> = BTreeMap::new();
    for r in records {
        by_case.entry(r.case).or_default().push(r);
    }
    by_case.into_values().map(merge_case).collect()
}

/// Merges the records of one case (at least one).
fn merge_case(records: Vec<ShardRecord>) -> MergedCase {
    let first = records[0].clone();
    let n = first.count;
    let mut m = MergedCase {
        case: first.case,
        puzzle_type: first.puzzle_type.clone(),
        line: first.line,
        puzzle: first.puzzle.clone(),
        shards: n,
        status: Status::Unknown,
        complete: false,
        count: None,
        missing: Vec::new(),
        incomplete: Vec::new(),
        stopped: Vec::new(),
        duplicate: Vec::new(),
        conflicts: Vec::new(),
        nodes: 0,
        elapsed_ms: 0.0,
    };
    // The first record of each shard of the first record's split.
    let mut seen: BTreeMap<u32, ShardRecord> = BTreeMap::new();
    for r in records {
        // Another puzzle type first: its split is no concern of this case.
        if r.puzzle_type != first.puzzle_type {
            m.conflicts.push(format!(
                "shard {}/{} ({}) is a {} record, {} a {} record: merge the shard runs of one puzzle at a time",
                r.index, r.count, r.at, r.puzzle_type, first.at, first.puzzle_type
            ));
        } else if r.count != n {
            m.conflicts.push(format!(
                "shard {}/{} ({}) is from a split into {}, not {n} like {}",
                r.index, r.count, r.at, r.count, first.at
            ));
        } else if r.puzzle != first.puzzle {
            m.conflicts.push(format!("shard {}/{n} ({}) is of another puzzle than {}", r.index, r.at, first.at));
        } else if r.plan != first.plan {
            let from = |p: &Option<String>| p.as_ref().map_or("its own plan".to_string(), |p| format!("plan {p}"));
            m.conflicts.push(format!(
                "shard {}/{n} ({}) ran from {}, {} from {}: run every shard from the same plan file, or none",
                r.index,
                r.at,
                from(&r.plan),
                first.at,
                from(&first.plan)
            ));
        } else if r.solutions.is_some() != first.solutions.is_some() {
            m.conflicts.push(format!(
                "shard {}/{n} ({}) {} and {} {}: run every shard with the same options",
                r.index,
                r.at,
                if r.solutions.is_some() { "counted" } else { "did not count" },
                first.at,
                if first.solutions.is_some() { "did" } else { "did not" }
            ));
        } else {
            let index = r.index;
            if let std::collections::btree_map::Entry::Vacant(e) = seen.entry(index) {
                e.insert(r);
            } else if !m.duplicate.contains(&index) {
                m.duplicate.push(index);
            }
        }
    }
    m.duplicate.sort_unstable();
    m.missing = (1..=n).filter(|i| !seen.contains_key(i)).collect();
    m.incomplete = seen.values().filter(|r| !r.finished()).map(|r| r.index).collect();
    m.stopped = seen.values().filter(|r| !r.finished()).map(|r| r.stopped.clone()).collect();
    m.nodes = seen.values().map(|r| r.nodes).sum();
    m.elapsed_ms = round_ms(seen.values().map(|r| r.elapsed_ms).sum());
    if first.solutions.is_some() {
        m.count = Some(seen.values().filter_map(|r| r.solutions.as_ref()).sum());
    }
    m.complete = m.missing.is_empty() && m.incomplete.is_empty() && m.consistent();
    m.status = if seen.values().any(|r| r.status == "solvable") {
        Status::Solvable
    } else if m.complete {
        Status::Unsolvable
    } else {
        Status::Unknown
    };
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::Stats;
    use crate::format::json::case_record;
    use crate::solve::CaseResult;

    /// A shard's case record, written by the writer (so that reader and
    /// writer cannot drift apart).
    fn record(index: u32, count: u32, solutions: u64, complete: bool) -> String {
        let status = if solutions > 0 { Status::Solvable } else { Status::Unknown };
        let result: CaseResult<()> = CaseResult {
            status,
            count: Some(Count::from(solutions)),
            complete,
            solution: None,
            refuted_by: None,
            stopped: None,
            stats: Stats { nodes: 10, ..Stats::default() },
        };
        let shard = Some(ShardJson { index, count, empty: false, plan: None });
        let rec = case_record("pack", 1, 1, &result, serde_json::json!({}), None::<()>, shard);
        serde_json::to_string(&rec).unwrap()
    }

    /// What the writer writes, the reader reads: every field merge uses.
    #[test]
    fn records_written_are_read_back() {
        let r = read_records("f", &record(2, 3, 7, true)).unwrap().remove(0);
        assert_eq!((r.at.as_str(), r.case, r.line, r.puzzle_type.as_str()), ("f:1", 1, 1, "pack"));
        assert_eq!((r.index, r.count, r.status.as_str(), r.complete), (2, 3, "solvable", true));
        assert_eq!((r.solutions, r.nodes, r.puzzle), (Some(Count::from(7u64)), 10, serde_json::json!({})));
    }

    fn merged(lines: &[String]) -> MergedCase {
        let mut m = merge(read_records("t", &lines.join("\n")).unwrap());
        assert_eq!(m.len(), 1);
        m.remove(0)
    }

    #[test]
    fn counts_add_up() {
        let m = merged(&[record(2, 3, 4, true), record(1, 3, 0, true), record(3, 3, 1, true)]);
        assert_eq!((m.status, m.complete, m.count, m.nodes), (Status::Solvable, true, Some(Count::from(5u64)), 30));
        let m = merged(&[record(1, 2, 0, true), record(2, 2, 0, true)]);
        assert_eq!((m.status, m.complete, m.count), (Status::Unsolvable, true, Some(Count::ZERO)));
    }

    #[test]
    fn counts_beyond_u64_keep_every_digit() {
        // 14x14 domino tilings, split as 2^64 + the rest.
        let a = record(1, 2, 0, true).replace(r#""count":0"#, r#""count":18446744073709551616"#);
        let b = record(2, 2, 0, true).replace(r#""count":0"#, r#""count":112183762031962468448384"#);
        let m = merged(&[a, b]);
        assert_eq!(m.count.unwrap().to_string(), "112202208776036178000000");
        let bad = record(1, 1, 0, true).replace(r#""count":0"#, r#""count":1.5"#);
        assert!(read_records("t", &bad).is_err());
    }

    #[test]
    fn gaps_and_repeats_are_named() {
        let m = merged(&[record(1, 4, 0, true), record(3, 4, 0, false), record(3, 4, 0, true)]);
        assert_eq!((m.missing, m.incomplete, m.duplicate), (vec![2, 4], vec![3], vec![3]));
        assert_eq!(m.status, Status::Unknown);
        let m = merged(&[record(1, 2, 1, true), record(1, 3, 0, true)]);
        assert_eq!(m.conflicts.len(), 1);
        assert_eq!(m.status, Status::Solvable);
        assert!(!m.complete);
    }

    #[test]
    fn first_solution_shards_finish_at_a_solution() {
        let plain = |index: u32, status: &str, complete: bool| {
            record(index, 3, 0, complete)
                .replace(r#","count":0"#, "")
                .replace(r#""status":"unknown""#, &format!(r#""status":"{status}""#))
        };
        let m = merged(&[plain(1, "solvable", false), plain(2, "unsolvable", true), plain(3, "solvable", false)]);
        assert_eq!((m.status, m.complete, m.count, m.incomplete), (Status::Solvable, true, None, vec![]));
        let m = merged(&[plain(1, "unknown", false), plain(2, "unsolvable", true), plain(3, "solvable", false)]);
        assert_eq!((m.status, m.complete, m.incomplete), (Status::Solvable, false, vec![1]));
        // A counting shard that stopped (at --limit) is not finished.
        let m = merged(&[record(1, 2, 5, false), record(2, 2, 0, true)]);
        assert_eq!((m.complete, m.incomplete), (false, vec![1]));
    }

    #[test]
    fn bad_lines_are_errors() {
        let e = read_records("f", "\n{\"type\":\"case\"}").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(read_records("f", "nonsense").is_err());
        assert!(read_records("f", r#"{"type":"shard-plan"}"#).is_err());
        assert!(read_records("f", r#"{"type":"solution","case":1}"#).unwrap().is_empty());
    }
}
