//! `tessera render`'s input: the records of `--json` runs, read back and
//! drawn. A case record holds the puzzle and (when solvable) one solution;
//! with `--all`, the case's solution records come before it, one per
//! solution, without the puzzle. So solution records wait for the case
//! record of their case, and then each is drawn with its number; a case
//! record without solution records before it has its own solution drawn
//! as solution 1. Records that hold no solution (unsolvable and unknown
//! cases, `"shard-plan"`, `"merge"`) draw nothing.

use super::picture::{Puzzle, SvgError};
use std::collections::BTreeMap;

/// A line of the records that cannot be drawn.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct RecordError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

/// One picture drawn from the records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// `tetravex`, `edges` or `pack`.
    pub puzzle_type: &'static str,
    /// The case's number.
    pub case: usize,
    /// The solution's number within the case.
    pub solution: u64,
    /// The SVG document.
    pub svg: String,
}

/// A solution record waiting for its case record.
struct Waiting {
    line: usize,
    index: u64,
    solution: serde_json::Value,
}

/// A whole number field of a record.
fn number(v: &serde_json::Value, key: &str) -> Result<u64, String> {
    v.get(key).and_then(serde_json::Value::as_u64).ok_or_else(|| format!("no whole number \"{key}\""))
}

/// Draws every solution the records (NDJSON text, one record a line) hold,
/// in the order of their case records.
pub fn render_records(text: &str) -> Result<Vec<Picture>, RecordError> {
    let mut pictures = Vec::new();
    let mut waiting: BTreeMap<u64, Vec<Waiting>> = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |message: String| RecordError { line, message };
        if raw.trim().is_empty() {
            continue;
        }
        let record: serde_json::Value =
            serde_json::from_str(raw).map_err(|e| err(format!("not a JSON record: {e}")))?;
        let kind = record.get("type").and_then(serde_json::Value::as_str);
        match kind {
            Some("solution") => {
                let case = number(&record, "case").map_err(err)?;
                let index = number(&record, "index").map_err(err)?;
                let solution = record.get("solution").cloned().ok_or_else(|| err("no \"solution\"".into()))?;
                waiting.entry(case).or_default().push(Waiting { line, index, solution });
            }
            Some("case") => {
                let case = number(&record, "case").map_err(err)?;
                let puzzle_type = record
                    .get("puzzle_type")
                    .and_then(serde_json::Value::as_str)
                    .ok_or_else(|| err("no \"puzzle_type\"".into()))?;
                let puzzle = record.get("puzzle").ok_or_else(|| err("no \"puzzle\"".into()))?;
                let puzzle = Puzzle::from_json(puzzle_type, puzzle).map_err(|e| err(e.to_string()))?;
                let solutions = match waiting.remove(&case) {
                    Some(w) => w,
                    None => match record.get("solution") {
                        Some(s) => vec![Waiting { line, index: 1, solution: s.clone() }],
                        None => Vec::new(),
                    },
                };
                for w in solutions {
                    let drawn = puzzle.draw(&w.solution, case as usize, w.index);
                    let svg = drawn.map_err(|e: SvgError| RecordError { line: w.line, message: e.to_string() })?;
                    pictures.push(Picture { puzzle_type: puzzle.name(), case: case as usize, solution: w.index, svg });
                }
            }
            Some("shard-plan" | "merge") => {}
            Some(other) => return Err(err(format!("a \"{other}\" record; render draws case and solution records"))),
            None => return Err(err("not a tessera record (no \"type\")".into())),
        }
    }
    if let Some((case, w)) = waiting.iter().next() {
        return Err(RecordError {
            line: w[0].line,
            message: format!(
                "a solution record of case {case} with no case record after it (the case record holds the puzzle: keep the whole --json output)"
            ),
        });
    }
    Ok(pictures)
}
