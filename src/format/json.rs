//! The JSON records tessera writes (one per line) and the puzzle shapes it
//! reads back. The schema is documented in `docs/json.md`; every position
//! is 1-based (pieces, rows, columns), as on the command line.

use crate::engine::{Count, Stats, StopReason};
use crate::puzzles::input::ParseError;
use crate::puzzles::pack::{PackPuzzle, PackSolution};
use crate::puzzles::tiles::{Border, Fix, Rule, TilePuzzle, TileSolution};
use crate::puzzles::Refutation;
use crate::solve::{CaseResult, Status};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::marker::PhantomData;

/// A tile puzzle (tetravex or edges) as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TilePuzzleJson {
    pub rows: usize,
    pub cols: usize,
    /// Each tile: top, right, bottom, left.
    pub tiles: Vec<[i32; 4]>,
    #[serde(default)]
    pub rotate: bool,
    /// The label every outer side carries (tetravex `--border`; edges: 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub border: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<FixJson>,
}

/// A hint as JSON.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FixJson {
    pub piece: usize,
    pub row: usize,
    pub col: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u8>,
}

impl FixJson {
    pub fn from_fix(f: &Fix) -> Self {
        FixJson { piece: f.piece + 1, row: f.row + 1, col: f.col + 1, rotation: f.rotation }
    }
}

impl TilePuzzleJson {
    pub fn from_puzzle(p: &TilePuzzle) -> Self {
        TilePuzzleJson {
            rows: p.rows,
            cols: p.cols,
            tiles: p.tiles.clone(),
            rotate: p.rotate,
            border: match p.border {
                Border::Free => None,
                Border::Label(b) => Some(b),
            },
            fixes: p.fixes.iter().map(FixJson::from_fix).collect(),
        }
    }
}

/// Where a tile lies.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TilePlacementJson {
    pub piece: usize,
    pub row: usize,
    pub col: usize,
    pub rotation: u8,
}

/// A solved tile board as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TileSolutionJson {
    /// One entry per input tile, in input order.
    pub placements: Vec<TilePlacementJson>,
    /// The labels shown in each cell, row by row.
    pub grid: Vec<Vec<[i32; 4]>>,
}

impl TileSolutionJson {
    pub fn from_solution(p: &TilePuzzle, s: &TileSolution) -> Self {
        TileSolutionJson {
            placements: s
                .placements
                .iter()
                .map(|pl| TilePlacementJson {
                    piece: pl.piece + 1,
                    row: pl.row + 1,
                    col: pl.col + 1,
                    rotation: pl.rotation,
                })
                .collect(),
            grid: s.grid.chunks(p.cols).map(|r| r.to_vec()).collect(),
        }
    }
}

/// A packing board as JSON: a picture, `.` for a cell to fill and `#` for
/// a hole.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct BoardJson {
    pub rows: usize,
    pub cols: usize,
    pub picture: Vec<String>,
}

/// A piece as JSON: a picture, `#` for a solid cell and `.` for an empty one.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PieceJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub picture: Vec<String>,
    #[serde(default)]
    pub rotate: bool,
    #[serde(default)]
    pub flip: bool,
}

/// A packing puzzle as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PackPuzzleJson {
    pub board: BoardJson,
    pub pieces: Vec<PieceJson>,
}

impl PackPuzzleJson {
    pub fn from_puzzle(p: &PackPuzzle) -> Self {
        let b = &p.board;
        PackPuzzleJson {
            board: BoardJson {
                rows: b.rows,
                cols: b.cols,
                picture: (0..b.rows)
                    .map(|r| (0..b.cols).map(|c| if b.is_cell(r, c) { '.' } else { '#' }).collect())
                    .collect(),
            },
            pieces: p
                .pieces
                .iter()
                .map(|x| PieceJson {
                    name: x.name.clone(),
                    picture: x.shape.picture(),
                    rotate: x.freedom.rotate,
                    flip: x.freedom.flip,
                })
                .collect(),
        }
    }
}

/// Where a piece lies.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PiecePlacementJson {
    pub piece: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The symmetry applied to the piece as drawn: 0-3 quarter turns
    /// clockwise, 4-7 mirrored left-right and then turned 0-3 times.
    pub orientation: u8,
    pub row: usize,
    pub col: usize,
    /// Covered cells, `[row, col]`, in reading order.
    pub cells: Vec<[usize; 2]>,
}

/// A filled board as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PackSolutionJson {
    /// One entry per input piece, in input order.
    pub placements: Vec<PiecePlacementJson>,
}

impl PackSolutionJson {
    pub fn from_solution(p: &PackPuzzle, s: &PackSolution) -> Self {
        PackSolutionJson {
            placements: s
                .placements
                .iter()
                .map(|pl| PiecePlacementJson {
                    piece: pl.piece + 1,
                    name: p.pieces[pl.piece].name.clone(),
                    orientation: pl.orientation,
                    row: pl.row + 1,
                    col: pl.col + 1,
                    cells: pl.cells.iter().map(|&(r, c)| [r + 1, c + 1]).collect(),
                })
                .collect(),
        }
    }
}

/// Effort counters as JSON.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StatsJson {
    pub nodes: u64,
    pub updates: u64,
    pub tickets: u64,
    /// Restarts of a first-solution search (absent in older records).
    #[serde(default)]
    pub restarts: u64,
    pub threads: usize,
    pub backend: String,
    /// Present when the count was memoised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memo: Option<MemoJson>,
    pub elapsed_ms: f64,
}

/// What the count memo did (summed over the workers).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MemoJson {
    /// The most states held at once.
    pub states: u64,
    pub lookups: u64,
    pub hits: u64,
    /// Hits over look-ups, 0 to 1.
    pub hit_rate: f64,
    /// The most memory the tables took, in bytes.
    pub bytes: u64,
    /// Times a table was full at its cap and started again.
    pub clears: u64,
}

/// Milliseconds with microsecond precision: `0.285`, not the float noise
/// of `0.28451000000000004`.
pub fn millis(d: std::time::Duration) -> f64 {
    round_ms(d.as_secs_f64() * 1000.0)
}

/// A number of milliseconds rounded to the microsecond (sums of them too).
pub fn round_ms(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// The backend as records name it: `none` when no search ran (a case a
/// pre-check refuted), as `--stats` says.
pub fn backend_name(backend: &str) -> &str {
    if backend.is_empty() {
        "none"
    } else {
        backend
    }
}

impl StatsJson {
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
            }),
            elapsed_ms: millis(s.elapsed),
        }
    }
}

/// The pre-check that refuted a case.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RefutationJson {
    pub check: String,
    pub detail: String,
}

/// Which shard a record belongs to.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ShardJson {
    /// 1-based.
    pub index: u32,
    pub count: u32,
}

/// The one record every case gets.
#[derive(Clone, Debug, Serialize)]
pub struct CaseRecord<P: Serialize, S: Serialize> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Which subcommand: `tetravex`, `edges` or `pack`.
    pub puzzle_type: &'static str,
    pub case: usize,
    pub line: usize,
    /// `solvable`, `unsolvable` or `unknown`.
    pub status: &'static str,
    /// `true` or `false`, or `null` when unknown.
    pub solvable: Option<bool>,
    pub complete: bool,
    /// Every digit, however large (see docs/json.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<S>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refuted_by: Option<RefutationJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardJson>,
    pub puzzle: P,
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
    pub nodes: u64,
    pub backend: String,
    pub elapsed_ms: f64,
}

/// The record `--shard-plan N` writes for each case.
#[derive(Clone, Debug, Serialize)]
pub struct PlanRecord<P: Serialize> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub puzzle_type: &'static str,
    pub case: usize,
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
    pub shards: Vec<PlannedShardJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refuted_by: Option<RefutationJson>,
    pub puzzle: P,
    pub stats: PlanStatsJson,
}

/// One streamed solution (`--all`).
#[derive(Clone, Debug, Serialize)]
pub struct SolutionRecord<S: Serialize> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub case: usize,
    /// 1-based, in the order found.
    pub index: u64,
    pub solution: S,
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
            .map(|r: &Refutation| RefutationJson { check: r.check.to_string(), detail: r.detail.clone() }),
        stopped: result.stopped.filter(|r| *r != StopReason::Limit || result.count.is_some()).map(stop_name),
        shard,
        puzzle,
        stats: StatsJson::from_stats(&result.stats),
    }
}

// ---------------------------------------------------------------------------
// Reading puzzles back.

/// Reads JSON puzzles: a stream of values, each a puzzle object (`P`), an
/// array of puzzle objects, or a record tessera wrote (a `"case"` record
/// gives its `puzzle`; `"solution"` records are skipped). Each item is the
/// puzzle with the line where its object starts. Errors name the line and
/// column, and end the stream.
pub fn read_puzzles<P: DeserializeOwned>(text: &str) -> PuzzleReader<'_, P> {
    PuzzleReader { text, pos: 0, pending: VecDeque::new(), done: false, lines: (0, 1), kind: PhantomData }
}

/// The iterator of [`read_puzzles`].
pub struct PuzzleReader<'a, P> {
    text: &'a str,
    /// Where the next top-level value starts (byte offset).
    pos: usize,
    /// Elements of the last array still to read: byte ranges.
    pending: VecDeque<(usize, usize)>,
    done: bool,
    /// A byte offset and its line, to count lines incrementally.
    lines: (usize, usize),
    kind: PhantomData<fn() -> P>,
}

/// A record tessera wrote, read for its puzzle only.
#[derive(Deserialize)]
struct RecordIn<P> {
    puzzle: P,
}

/// Just the `type` of an object.
#[derive(Deserialize)]
struct TypeIn {
    #[serde(rename = "type")]
    kind: Option<serde_json::Value>,
}

impl<P: DeserializeOwned> PuzzleReader<'_, P> {
    /// The 1-based line of a byte offset (offsets asked for only grow,
    /// except for errors, which end the stream).
    fn line_of(&mut self, offset: usize) -> usize {
        let (from, line) = if offset >= self.lines.0 { self.lines } else { (0, 1) };
        let line = line + self.text.as_bytes()[from..offset].iter().filter(|&&b| b == b'\n').count();
        self.lines = (offset, line);
        line
    }

    /// The (line, column) of a byte offset, both 1-based.
    fn place(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
        (line, column)
    }

    /// A serde_json error in the value starting at `offset`, placed in the
    /// whole input.
    fn located(&self, offset: usize, e: &serde_json::Error) -> ParseError {
        let (line0, col0) = self.place(offset);
        let (l, c) = (e.line().max(1), e.column().max(1));
        let line = line0 + l - 1;
        let column = if l == 1 { col0 + c - 1 } else { c };
        let mut message = e.to_string();
        // serde_json appends " at line L column C": ours replace it.
        if let Some(i) = message.rfind(" at line ") {
            message.truncate(i);
        }
        ParseError::at_column(line, column, tidy(&plain_words(&message)))
    }

    fn error(&mut self, e: ParseError) -> Option<Result<(usize, P), ParseError>> {
        self.done = true;
        Some(Err(e))
    }

    /// One object: a puzzle or a record. `None` for a record to skip.
    fn entry(&mut self, start: usize, end: usize) -> Option<Result<(usize, P), ParseError>> {
        let slice = &self.text[start..end];
        let line = self.line_of(start);
        if !slice.starts_with('{') {
            let (l, c) = self.place(start);
            let found = describe(slice);
            return self.error(ParseError::at_column(
                l,
                c,
                format!("expected a puzzle object (or a case record), found {found}"),
            ));
        }
        let kind = match serde_json::from_str::<TypeIn>(slice) {
            Ok(t) => t.kind,
            Err(e) => {
                let e = self.located(start, &e);
                return self.error(e);
            }
        };
        let parsed = match kind.as_ref().map(|k| k.as_str()) {
            None => serde_json::from_str::<P>(slice),
            Some(Some("case")) => serde_json::from_str::<RecordIn<P>>(slice).map(|r| r.puzzle),
            Some(Some("solution")) => return None,
            Some(_) => {
                let (l, c) = self.place(start);
                let kind = kind.map(|k| k.to_string()).unwrap_or_default();
                return self.error(ParseError::at_column(
                    l,
                    c,
                    format!("a record of type {kind} holds no puzzle (expected a puzzle object or a \"case\" record)"),
                ));
            }
        };
        match parsed {
            Ok(p) => Some(Ok((line, p))),
            Err(e) => {
                let e = self.located(start, &e);
                self.error(e)
            }
        }
    }
}

impl<P: DeserializeOwned> Iterator for PuzzleReader<'_, P> {
    type Item = Result<(usize, P), ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            if let Some((start, end)) = self.pending.pop_front() {
                match self.entry(start, end) {
                    None => continue,
                    some => return some,
                }
            }
            let rest = &self.text[self.pos..];
            let start = self.pos + (rest.len() - rest.trim_start().len());
            if start == self.text.len() {
                self.done = true;
                return None;
            }
            let mut stream =
                serde_json::Deserializer::from_str(&self.text[start..]).into_iter::<serde::de::IgnoredAny>();
            match stream.next() {
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    let e = self.located(start, &e);
                    return self.error(e);
                }
                None => {
                    self.done = true;
                    return None;
                }
            }
            let end = start + stream.byte_offset();
            self.pos = end;
            if self.text[start..].starts_with('[') {
                self.pending.extend(array_elements(self.text, start, end));
                continue;
            }
            match self.entry(start, end) {
                None => continue,
                some => return some,
            }
        }
    }
}

/// The byte ranges of the elements of the (valid) JSON array at
/// `text[start..end]`.
fn array_elements(text: &str, start: usize, end: usize) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let mut from = start + 1;
    let trimmed = |a: usize, b: usize| {
        let s = &text[a..b];
        let a2 = a + (s.len() - s.trim_start().len());
        (a2, a2 + s.trim().len())
    };
    for (i, &b) in bytes.iter().enumerate().take(end).skip(start) {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    let (a, z) = trimmed(from, i);
                    if a < z {
                        out.push((a, z));
                    }
                }
            }
            b',' if depth == 1 => {
                out.push(trimmed(from, i));
                from = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// A serde_json message made safe to print: what it quotes from the input
/// (between `` ` `` or `"`) is cut to 24 characters, and control characters
/// are escaped, so that hostile input can neither flood nor drive the
/// terminal.
fn tidy(message: &str) -> String {
    const MAX: usize = 24;
    let mut out = String::with_capacity(message.len().min(256));
    let mut quote: Option<(char, usize)> = None;
    for ch in message.chars() {
        match quote {
            Some((q, _)) if ch == q => {
                out.push(ch);
                quote = None;
                continue;
            }
            Some((q, n)) => {
                quote = Some((q, n + 1));
                if n == MAX {
                    out.push_str("...");
                }
                if n >= MAX {
                    continue;
                }
            }
            None if ch == '`' || ch == '"' => {
                out.push(ch);
                quote = Some((ch, 0));
                continue;
            }
            None => {}
        }
        if ch.is_control() {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
    }
    out
}

/// serde's wording in plain words: `invalid type: sequence, expected i32`
/// becomes `found a list, expected a whole number`; Rust type names
/// (`i32`, `usize`...) and serde's data-model words (sequence, map,
/// floating point) do not reach the user.
fn plain_words(message: &str) -> String {
    const FOUND: [(&str, &str); 12] = [
        ("invalid type: sequence", "found a list"),
        ("invalid type: map", "found an object"),
        ("invalid type: string", "found the string"),
        ("invalid type: floating point", "found the number"),
        ("invalid type: integer", "found the number"),
        ("invalid type: boolean", "found"),
        ("invalid type: null", "found null"),
        ("invalid type: unit value", "found null"),
        ("invalid value: integer", "found the number"),
        ("invalid value: floating point", "found the number"),
        ("invalid value: string", "found the string"),
        ("invalid type:", "found"),
    ];
    const EXPECTED: [(&str, &str); 14] = [
        ("expected i8", "expected a whole number"),
        ("expected i16", "expected a whole number"),
        ("expected i32", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u16", "expected a whole number, 0 or more"),
        ("expected u32", "expected a whole number, 0 or more"),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected f64", "expected a number"),
        ("expected a sequence", "expected a list"),
        ("expected a map", "expected an object"),
        ("expected a boolean", "expected true or false"),
        ("expected a string", "expected a string"),
    ];
    let mut out = message.to_string();
    // A list given for an object: serde reads a struct from a list too,
    // and then complains about its length in Rust's words.
    if let Some(i) = out.find("expected struct ") {
        let found = if out.starts_with("invalid length") { "found a list, " } else { "" };
        out = format!("{found}{}expected an object", if found.is_empty() { &out[..i] } else { "" });
    }
    if let Some((from, to)) = FOUND.iter().find(|(from, _)| out.starts_with(from)) {
        out = format!("{to}{}", &out[from.len()..]);
    }
    for (from, to) in EXPECTED {
        // Whole words only: `expected u8` must not match `expected u8x`.
        if let Some(i) = out.find(from) {
            let end = i + from.len();
            if !out[end..].starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                out.replace_range(i..end, to);
            }
        }
    }
    out
}

/// What a JSON value is, for messages.
fn describe(slice: &str) -> &'static str {
    match slice.as_bytes().first() {
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        Some(_) => "a number",
        None => "nothing",
    }
}

fn check_side(what: &str, v: usize, max: usize) -> Result<(), String> {
    if v == 0 || v > max {
        return Err(format!("{what} {v} is out of range (1 to {max})"));
    }
    Ok(())
}

impl FixJson {
    /// The 0-based hint; `k` is its 1-based number, for messages.
    pub fn to_fix(&self, k: usize) -> Result<Fix, String> {
        if self.piece == 0 || self.row == 0 || self.col == 0 {
            return Err(format!("fix {k}: piece, row and col are 1-based (found 0)"));
        }
        if self.rotation.is_some_and(|r| r > 3) {
            return Err(format!("fix {k}: rotation {} is not 0, 1, 2 or 3", self.rotation.unwrap_or(0)));
        }
        Ok(Fix { piece: self.piece - 1, row: self.row - 1, col: self.col - 1, rotation: self.rotation })
    }
}

impl TilePuzzleJson {
    fn tiles_and_fixes(&self, max_side: usize, labels: (i32, i32)) -> Result<Vec<Fix>, String> {
        check_side("rows", self.rows, max_side)?;
        check_side("cols", self.cols, max_side)?;
        let want = self.rows * self.cols;
        if self.tiles.len() != want {
            return Err(format!("a {}x{} board needs {want} tiles, found {}", self.rows, self.cols, self.tiles.len()));
        }
        for (i, t) in self.tiles.iter().enumerate() {
            if let Some(l) = t.iter().find(|l| !(labels.0..=labels.1).contains(l)) {
                return Err(format!("tile {}: label {l} is out of range ({} to {})", i + 1, labels.0, labels.1));
            }
        }
        self.fixes.iter().enumerate().map(|(k, f)| f.to_fix(k + 1)).collect()
    }

    /// A Tetravex puzzle (labels 0-9999, sides up to 32, any `border`).
    pub fn to_tetravex(&self) -> Result<TilePuzzle, String> {
        use crate::puzzles::tetravex::{MAX_LABEL, MAX_SIDE};
        let fixes = self.tiles_and_fixes(MAX_SIDE, (0, MAX_LABEL as i32))?;
        if let Some(b) = self.border.filter(|b| !(0..=MAX_LABEL as i32).contains(b)) {
            return Err(format!("border label {b} is out of range (0 to {MAX_LABEL})"));
        }
        Ok(TilePuzzle {
            rows: self.rows,
            cols: self.cols,
            tiles: self.tiles.clone(),
            rule: Rule::Equal,
            border: self.border.map_or(Border::Free, Border::Label),
            rotate: self.rotate,
            fixes,
        })
    }

    /// A jigsaw edges puzzle (sides -9999 to 9999, 0 flat; `border`
    /// absent or 0).
    pub fn to_edges(&self) -> Result<TilePuzzle, String> {
        use crate::puzzles::edges::{MAX_SHAPE, MAX_SIDE};
        let fixes = self.tiles_and_fixes(MAX_SIDE, (-(MAX_SHAPE as i32), MAX_SHAPE as i32))?;
        if let Some(b) = self.border.filter(|&b| b != 0) {
            return Err(format!("border {b}: the outline of an edges puzzle is flat (0)"));
        }
        Ok(TilePuzzle {
            rows: self.rows,
            cols: self.cols,
            tiles: self.tiles.clone(),
            rule: Rule::Complement,
            border: Border::Label(0),
            rotate: self.rotate,
            fixes,
        })
    }
}

/// Reads a picture: `solid` marks a cell, `empty` does not.
fn picture_cells(rows: &[String], solid: char, empty: char, what: &str) -> Result<Vec<(usize, usize)>, String> {
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == solid {
                cells.push((r, c));
            } else if ch != empty {
                return Err(format!("{what}, row {}: expected `{solid}` or `{empty}`, found `{ch}`", r + 1));
            }
        }
    }
    Ok(cells)
}

impl PackPuzzleJson {
    /// A packing puzzle; `line` is where its JSON starts (pieces report it).
    pub fn to_puzzle(&self, line: usize) -> Result<PackPuzzle, String> {
        use crate::puzzles::pack::{Board, Piece, MAX_PIECES, MAX_SIDE};
        use crate::puzzles::polyomino::{Freedom, Shape};
        let b = &self.board;
        check_side("board rows", b.rows, MAX_SIDE)?;
        check_side("board cols", b.cols, MAX_SIDE)?;
        if b.picture.len() != b.rows {
            return Err(format!("the board picture has {} rows, expected {}", b.picture.len(), b.rows));
        }
        if let Some((r, row)) = b.picture.iter().enumerate().find(|(_, row)| row.chars().count() != b.cols) {
            return Err(format!("board picture row {} has {} cells, expected {}", r + 1, row.chars().count(), b.cols));
        }
        let mut fill = vec![false; b.rows * b.cols];
        for (r, c) in picture_cells(&b.picture, '.', '#', "board picture")? {
            fill[r * b.cols + c] = true;
        }
        if self.pieces.len() > MAX_PIECES {
            return Err(format!("{} pieces are too many (at most {MAX_PIECES})", self.pieces.len()));
        }
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for (i, p) in self.pieces.iter().enumerate() {
            let what = format!("piece {}", i + 1);
            let height = p.picture.len();
            let width = p.picture.iter().map(|r| r.chars().count()).max().unwrap_or(0);
            if height > MAX_SIDE || width > MAX_SIDE {
                return Err(format!("{what} is {height}x{width}, larger than {MAX_SIDE}x{MAX_SIDE}"));
            }
            let shape = Shape::new(picture_cells(&p.picture, '#', '.', &what)?)
                .ok_or_else(|| format!("{what} has no solid cell (`#`)"))?;
            pieces.push(Piece {
                shape,
                name: p.name.clone(),
                freedom: Freedom { rotate: p.rotate, flip: p.flip },
                line,
            });
        }
        Ok(PackPuzzle { board: Board { rows: b.rows, cols: b.cols, fill }, pieces })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Result<(usize, TilePuzzleJson), ParseError>> {
        read_puzzles::<TilePuzzleJson>(text).collect()
    }

    const ONE: &str = r#"{"rows":1,"cols":1,"tiles":[[1,2,3,4]]}"#;

    #[test]
    fn streams_arrays_and_records() {
        let text = format!(
            "{ONE}\n[{ONE},\n {ONE}]\n[]\n{{\"type\":\"solution\",\"case\":1}}\n{{\"type\":\"case\",\"case\":1,\"puzzle\":{ONE}}}\n"
        );
        let got: Vec<usize> = read(&text).into_iter().map(|r| r.unwrap().0).collect();
        assert_eq!(got, vec![1, 2, 3, 6]);
        assert!(read("  \n").is_empty());
    }

    #[test]
    fn errors_name_line_and_column() {
        let r = read(&format!("{ONE}\n{{\"rows\": 1,\n \"cols\": x}}"));
        assert_eq!(r.len(), 2);
        let e = r[1].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(10)), "{e}");
        let r = read(&format!("{ONE}\n  {{\"rows\": 1, \"colz\": 1, \"tiles\": []}}"));
        let e = r[1].as_ref().unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.message.contains("unknown field `colz`"), "{e}");
        assert!(!e.message.contains(" at line "), "{e}");
        let e = read("[1]").remove(0).unwrap_err();
        assert!(e.message.contains("found a number"), "{e}");
        let e = read(r#"{"type":"summary"}"#).remove(0).unwrap_err();
        assert!(e.message.contains("holds no puzzle"), "{e}");
    }

    #[test]
    fn messages_are_tidied() {
        assert_eq!(tidy("unknown field `\u{1b}[2Jx`, expected `rows`"), "unknown field `\\u{1b}[2Jx`, expected `rows`");
        let long = format!("invalid type: string \"{}\", expected usize", "9".repeat(1000));
        assert_eq!(tidy(&long), format!("invalid type: string \"{}...\", expected usize", "9".repeat(24)));
    }

    #[test]
    fn puzzles_convert_and_check() {
        let p: TilePuzzleJson = serde_json::from_str(ONE).unwrap();
        assert_eq!(p.to_tetravex().unwrap().tiles, vec![[1, 2, 3, 4]]);
        assert!(p.to_edges().unwrap().rule == Rule::Complement);
        let bad = TilePuzzleJson { rows: 2, ..p.clone() };
        assert!(bad.to_tetravex().unwrap_err().contains("needs 2 tiles"));
        let bad = TilePuzzleJson { tiles: vec![[1, 2, 3, 10000]], ..p.clone() };
        assert!(bad.to_tetravex().unwrap_err().contains("out of range"));
        let bad = TilePuzzleJson { border: Some(1), ..p };
        assert!(bad.to_edges().is_err());
        let pack: PackPuzzleJson = serde_json::from_str(
            r###"{"board":{"rows":1,"cols":3,"picture":["..#"]},"pieces":[{"picture":["##"],"rotate":true}]}"###,
        )
        .unwrap();
        let p = pack.to_puzzle(7).unwrap();
        assert_eq!((p.board.area(), p.pieces[0].shape.size(), p.pieces[0].line), (2, 2, 7));
        assert_eq!(PackPuzzleJson::from_puzzle(&p), pack);
    }
}
