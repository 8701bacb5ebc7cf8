//! Reading JSON puzzles back: a stream of JSON values split into puzzle
//! objects, each with the line where it starts, and serde's messages put in
//! plain words with the line and column of the whole input.
//!
//! The stream is read one top-level value at a time ([`PuzzleReader`]);
//! an array is split into its elements without parsing them twice
//! (`array_elements`), so that each element's errors name its own line.

use crate::puzzles::input::ParseError;
use crate::puzzles::stream::{CaseReader, Source, MAX_LINE_BYTES};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::VecDeque;
use std::marker::PhantomData;

/// Reads JSON puzzles from a text (see [`PuzzleReader`]).
pub fn read_puzzles<P: DeserializeOwned>(text: &str) -> PuzzleReader<P> {
    PuzzleReader::new(Source::from_text(text), None)
}

/// Reads JSON puzzles: a stream of values, each a puzzle object (`P`), an
/// array of puzzle objects, or a record tessera wrote (a `"case"` record
/// gives its `puzzle`; `"solution"` records are skipped). Each item is the
/// puzzle with the line where its object starts. Errors name the line and
/// column, and end the stream.
///
/// The values are read as they arrive: the reader keeps the lines of the
/// values not yet finished (one line, for one record per line) and parses a
/// value once its last line is there, so memory is bounded by the largest
/// value, and a record is answered before the next one is read. A value
/// that spans lines is tried again when the source has no line left in its
/// buffer or the value has doubled since the last try, so that a long
/// value costs a linear time.
pub struct PuzzleReader<P> {
    source: Source,
    /// The puzzle type a case record must have (`"tetravex"`...), if any.
    puzzle_type: Option<&'static str>,
    /// The lines of the values not yet finished, from line `first`.
    text: String,
    first: usize,
    /// Where the next top-level value starts (byte offset in `text`).
    pos: usize,
    /// Elements of the last array still to read: byte ranges.
    pending: VecDeque<(usize, usize)>,
    done: bool,
    /// A byte offset and its line, to count lines incrementally.
    lines: (usize, usize),
    kind: PhantomData<fn() -> P>,
}

/// A record tessera wrote, read for its puzzle (and its type) only.
#[derive(Deserialize)]
struct RecordIn<P> {
    puzzle: P,
}

/// Just the `type` of an object, and a case record's `puzzle_type`.
#[derive(Deserialize)]
struct TypeIn {
    #[serde(rename = "type")]
    kind: Option<serde_json::Value>,
    puzzle_type: Option<serde_json::Value>,
}

impl<P: DeserializeOwned> PuzzleReader<P> {
    /// A reader of `source`; with `puzzle_type`, a case record of another
    /// type is refused with the subcommand that reads it.
    pub fn new(source: Source, puzzle_type: Option<&'static str>) -> Self {
        PuzzleReader {
            source,
            puzzle_type,
            text: String::new(),
            first: 1,
            pos: 0,
            pending: VecDeque::new(),
            done: false,
            lines: (0, 1),
            kind: PhantomData,
        }
    }

    /// The 1-based line of a byte offset (offsets asked for only grow,
    /// except for errors, which end the stream).
    fn line_of(&mut self, offset: usize) -> usize {
        let (from, line) = if offset >= self.lines.0 { self.lines } else { (0, self.first) };
        let line = line + self.text.as_bytes()[from..offset].iter().filter(|&&b| b == b'\n').count();
        self.lines = (offset, line);
        line
    }

    /// The (line, column) of a byte offset, both 1-based.
    fn place(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + self.first;
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
        ParseError::at_column(line, column, plain_message(e))
    }

    fn error(&mut self, e: ParseError) -> Option<Result<(usize, P), ParseError>> {
        self.done = true;
        Some(Err(e))
    }

    /// Appends the source's next line to `text`; `false` at its end.
    fn read_line(&mut self) -> bool {
        let Some(line) = self.source.next_line() else { return false };
        if self.text.is_empty() {
            self.first = line.number;
            self.lines = (0, line.number);
        }
        self.text.push_str(line.text);
        // As in the input, so that an unfinished value's error is placed
        // where the input ends (on the line after a final line break).
        if self.source.line_ended() {
            self.text.push('\n');
        }
        true
    }

    /// One object: a puzzle or a record. `None` for a record to skip.
    fn entry(&mut self, start: usize, end: usize) -> Option<Result<(usize, P), ParseError>> {
        let line = self.line_of(start);
        if !self.text[start..end].starts_with('{') {
            let (l, c) = self.place(start);
            let found = describe(&self.text[start..end]);
            return self.error(ParseError::at_column(
                l,
                c,
                format!("expected a puzzle object (or a case record), found {found}"),
            ));
        }
        let slice = &self.text[start..end];
        let (kind, puzzle_type) = match serde_json::from_str::<TypeIn>(slice) {
            Ok(t) => (t.kind, t.puzzle_type),
            Err(e) => {
                let e = self.located(start, &e);
                return self.error(e);
            }
        };
        let parsed = match kind.as_ref().map(|k| k.as_str()) {
            None => serde_json::from_str::<P>(slice),
            Some(Some("case")) => {
                if let (Some(want), Some(serde_json::Value::String(found))) = (self.puzzle_type, &puzzle_type) {
                    if want != found {
                        let (l, c) = self.place(start);
                        let message = match found.as_str() {
                            "tetravex" | "edges" | "pack" => {
                                format!("this is a {found} puzzle; use 'tessera {found}'")
                            }
                            _ => format!("this is a puzzle of type {}, not {want}", tidy(&format!("\"{found}\""))),
                        };
                        return self.error(ParseError::at_column(l, c, message));
                    }
                }
                serde_json::from_str::<RecordIn<P>>(slice).map(|r| r.puzzle)
            }
            Some(Some("solution")) => return None,
            // The last record of a run that an input error cut short.
            Some(Some("error")) => {
                let (l, c) = self.place(start);
                let said = serde_json::from_str::<super::records::ErrorRecord>(slice)
                    .map(|e| format!(" ({}:{}:{}: {})", e.file, e.line, e.column, e.message))
                    .unwrap_or_default();
                let message = format!("the run that wrote this input stopped at an input error{said}");
                return self.error(ParseError::at_column(l, c, message));
            }
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

    /// The end of the top-level value starting at `start`, reading lines
    /// until it is complete.
    fn value_end(&mut self, start: usize) -> Result<usize, ParseError> {
        let mut tried = 0;
        loop {
            if self.source.buffered() == 0 || self.text.len() >= 2 * tried {
                tried = self.text.len();
                let parsed = {
                    let mut stream =
                        serde_json::Deserializer::from_str(&self.text[start..]).into_iter::<serde::de::IgnoredAny>();
                    match stream.next() {
                        Some(Ok(_)) => Ok(start + stream.byte_offset()),
                        Some(Err(e)) => Err(e),
                        None => Ok(self.text.len()),
                    }
                };
                match parsed {
                    Ok(end) => return Ok(end),
                    Err(e) if !e.is_eof() || !self.read_line() => return Err(self.located(start, &e)),
                    Err(_) => {}
                }
            } else if !self.read_line() {
                tried = 0; // the end: one last try
            }
            if self.text.len() - start > MAX_LINE_BYTES {
                let (l, c) = self.place(start);
                let message = format!("a JSON value larger than {} MiB", MAX_LINE_BYTES >> 20);
                return Err(ParseError::at_column(l, c, message));
            }
        }
    }
}

impl<P: DeserializeOwned> Iterator for PuzzleReader<P> {
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
                // Every value read is finished: start afresh with the next line.
                self.text.clear();
                self.pos = 0;
                if !self.read_line() {
                    self.done = true;
                    return None;
                }
                continue;
            }
            let end = match self.value_end(start) {
                Ok(end) => end,
                Err(e) => return self.error(e),
            };
            self.pos = end;
            if self.text[start..].starts_with('[') {
                let elements = array_elements(&self.text, start, end);
                self.pending.extend(elements);
                continue;
            }
            match self.entry(start, end) {
                None => continue,
                some => return some,
            }
        }
    }
}

impl<P: DeserializeOwned> CaseReader for PuzzleReader<P> {
    fn source(&mut self) -> &mut Source {
        &mut self.source
    }
}

/// A serde_json error's message for users, without its position (the
/// caller places it): in plain words ([`plain_words`]) and safe to print
/// ([`tidy`]).
pub(crate) fn plain_message(e: &serde_json::Error) -> String {
    let mut message = e.to_string();
    // serde_json appends " at line L column C": the caller's position
    // replaces it.
    if let Some(i) = message.rfind(" at line ") {
        message.truncate(i);
    }
    tidy(&plain_words(&message))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::json::TilePuzzleJson;

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
}
