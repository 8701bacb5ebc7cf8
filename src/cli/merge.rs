//! `tessera merge`: adds up the JSON records of shard runs and reports
//! missing, repeated or incomplete shards.

use super::args::MergeArgs;
use super::exit::{input_error, Exit, InputError};
use super::input;
use anyhow::Result;
use serde::Serialize;
use std::io::Write;
use std::path::Path;
use tessera::format::json::status_name;
use tessera::merge::{self, MergedCase};
use tessera::solve::Status;

/// The record `--json` writes for each case.
#[derive(Serialize)]
struct MergeRecord<'a> {
    /// Always `merge`.
    #[serde(rename = "type")]
    kind: &'static str,
    /// The records' schema version.
    schema: u32,
    /// `tetravex`, `edges` or `pack`.
    puzzle_type: &'a str,
    /// The case's number in the shard runs.
    case: u64,
    /// The line of the input where the case starts.
    line: u64,
    /// The merged verdict's name.
    status: &'static str,
    /// The merged verdict, if known.
    solvable: Option<bool>,
    /// Whether every shard is present and searched to the end.
    complete: bool,
    /// The total count, when the shards counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<tessera::engine::Count>,
    /// N, the number of shards of the split.
    shards: u32,
    /// The shards (from 1) with no record.
    missing: &'a [u32],
    /// The shards stopped before the end of their search.
    incomplete: &'a [u32],
    /// The shards given more than once.
    duplicate: &'a [u32],
    /// The puzzle, as the shards' records give it.
    puzzle: &'a serde_json::Value,
    /// The effort of all shards together.
    stats: MergeStats,
}

/// The effort of a merged case's shards.
#[derive(Serialize)]
struct MergeStats {
    /// Search nodes, all shards together.
    nodes: u64,
    /// Milliseconds, all shards together.
    elapsed_ms: f64,
}

/// `3`, `3, 7`, ...
fn list(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// `shard` or `shards`, for the list `v`.
fn shards_word(v: &[u32]) -> &'static str {
    if v.len() == 1 {
        "shard"
    } else {
        "shards"
    }
}

/// Reads one input whole (a file, or standard input for `-` or none) as
/// UTF-8 text: its name and text.
fn read(path: Option<&Path>) -> Result<(String, String)> {
    let input::Source { name, bytes } = input::read(path, "shard records")?;
    let text = String::from_utf8(bytes).map_err(|e| input_error(&name, format!("not UTF-8 text: {e}")))?;
    Ok((name, text))
}

/// The exit status of a merged case, as for a search: an inconsistent
/// split is an input error (2); a count missing shards is unknown (3), but
/// a solution found answers a question that did not count (0).
fn merged_exit(m: &MergedCase) -> Exit {
    if !m.consistent() {
        return Exit::Error;
    }
    match m.status {
        Status::Solvable if m.count.is_some() && !m.complete => Exit::Unknown,
        Status::Solvable => Exit::Solved,
        Status::Unsolvable => Exit::NoSolution,
        Status::Unknown => Exit::Unknown,
    }
}

/// Why the incomplete shards stopped, from their records: `timeout` when
/// one shard stopped, or all for one reason; `2: timeout, 3: limit` when
/// they differ.
fn reasons(m: &MergedCase) -> String {
    let name = |r: &Option<String>| r.clone().unwrap_or_else(|| "its record names no reason".into());
    let first = m.stopped.first().map(name).unwrap_or_default();
    if m.stopped.iter().all(|r| name(r) == first) {
        return first;
    }
    m.incomplete.iter().zip(&m.stopped).map(|(i, r)| format!("{i}: {}", name(r))).collect::<Vec<_>>().join(", ")
}

/// The problems of a case, one line each, for stderr.
fn problems(m: &MergedCase) -> Vec<String> {
    let k = m.case;
    let n = m.shards;
    let mut out: Vec<String> = m.conflicts.iter().map(|c| format!("case {k}: {c}")).collect();
    if !m.duplicate.is_empty() {
        out.push(format!("case {k}: {} {} of {n} given more than once", shards_word(&m.duplicate), list(&m.duplicate)));
    }
    if !m.missing.is_empty() {
        out.push(format!("case {k}: {} {} of {n} missing", shards_word(&m.missing), list(&m.missing)));
    }
    // Without counts, a shard stops at its first solution: expected.
    let stopped_matters = m.count.is_some() || m.status != Status::Solvable;
    if !m.incomplete.is_empty() && stopped_matters {
        out.push(format!(
            "case {k}: {} {} of {n} stopped before the end of {} search ({})",
            shards_word(&m.incomplete),
            list(&m.incomplete),
            if m.incomplete.len() == 1 { "its" } else { "their" },
            reasons(m)
        ));
    }
    out
}

/// A bad record line as an input error at its line.
fn record_error(e: &merge::RecordError) -> anyhow::Error {
    InputError { source_name: e.source_name.clone(), line: e.line, column: 0, message: e.message.clone() }.into()
}

/// `tessera merge`.
pub fn run(args: &MergeArgs) -> Result<Exit> {
    let inputs: Vec<Option<&Path>> =
        if args.files.is_empty() { vec![None] } else { args.files.iter().map(|f| Some(f.as_path())).collect() };
    let mut records = Vec::new();
    for input in inputs {
        let (name, text) = read(input)?;
        records.extend(merge::read_records(&name, &text).map_err(|e| record_error(&e))?);
    }
    if records.is_empty() {
        return Err(input_error("merge", "no shard records in the input (run each shard with --shard I/N --json)"));
    }
    let mut exit = Exit::Solved;
    let mut out = std::io::stdout().lock();
    for m in merge::merge(records) {
        for p in problems(&m) {
            eprintln!("tessera: {p}");
        }
        exit = exit.combine(merged_exit(&m));
        let present = m.shards as usize - m.missing.len();
        let complete = present - m.incomplete.len();
        if args.json {
            let rec = MergeRecord {
                kind: "merge",
                schema: tessera::format::json::SCHEMA_VERSION,
                puzzle_type: &m.puzzle_type,
                case: m.case,
                line: m.line,
                status: status_name(m.status),
                solvable: match m.status {
                    Status::Solvable => Some(true),
                    Status::Unsolvable => Some(false),
                    Status::Unknown => None,
                },
                complete: m.complete,
                count: m.count.clone(),
                shards: m.shards,
                missing: &m.missing,
                incomplete: &m.incomplete,
                duplicate: &m.duplicate,
                puzzle: &m.puzzle,
                stats: MergeStats { nodes: m.nodes, elapsed_ms: m.elapsed_ms },
            };
            writeln!(out, "{}", serde_json::to_string(&rec).expect("records serialise"))?;
        } else {
            let mut line = format!("Case {}: {}", m.case, status_name(m.status));
            if let Some(c) = &m.count {
                let noun = if *c == 1 { "solution" } else { "solutions" };
                if m.complete {
                    line.push_str(&format!(", {c} {noun}"));
                } else {
                    line.push_str(&format!(", at least {c} {noun}"));
                }
            }
            line.push_str(&format!(" ({complete} of {} shards complete)", m.shards));
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(exit)
}
