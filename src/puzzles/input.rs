//! Reading puzzle text: lines, tokens and positioned errors.
//!
//! The judges' formats are read as white-space separated tokens, as the
//! judges' `scanf` reads them ([`Tokens`](super::stream::Tokens), over a
//! stream); the picture format is line based ([`Line`]; [`Lines`] for a
//! text read whole, such as a board file). Both hand out 1-based line numbers (and columns), with
//! CR/LF endings and trailing white space removed, so that every error can
//! name the line (and column) it is about.

use thiserror::Error;

/// The most bytes tessera reads from a file it reads whole (a board file);
/// larger ones are refused before they are parsed.
pub const MAX_INPUT_BYTES: usize = 256 << 20;

/// `n` and its noun, singular for one: `1 tile`, `4 tiles` (`noun` is
/// the singular; the plural adds an `s`).
pub fn counted(n: u64, noun: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// A problem with the input, at a position.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct ParseError {
    /// 1-based line number (the line after the last one for an unexpected end).
    pub line: usize,
    /// 1-based column, counted in characters, when it helps.
    pub column: Option<usize>,
    /// What was expected and what was found.
    pub message: String,
}

impl ParseError {
    /// An error about a whole line.
    pub fn at(line: usize, message: impl Into<String>) -> Self {
        ParseError { line, column: None, message: message.into() }
    }

    /// An error about one column of a line.
    pub fn at_column(line: usize, column: usize, message: impl Into<String>) -> Self {
        ParseError { line, column: Some(column), message: message.into() }
    }
}

/// One line of input.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The text, without line ending or trailing white space.
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// The white-space separated tokens of the line, with their 1-based
    /// character columns.
    pub fn tokens(&self) -> impl Iterator<Item = (usize, &'a str)> + 'a {
        let text = self.text;
        let mut chars = 0usize;
        let mut rest = text;
        std::iter::from_fn(move || {
            let skip = rest.len() - rest.trim_start().len();
            chars += rest[..skip].chars().count();
            rest = &rest[skip..];
            if rest.is_empty() {
                return None;
            }
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let token = &rest[..end];
            let column = chars + 1;
            chars += token.chars().count();
            rest = &rest[end..];
            Some((column, token))
        })
    }

    /// Whether the line holds nothing but white space.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// An error about this line.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::at(self.number, message)
    }

    /// An error about a column of this line.
    pub fn error_at(&self, column: usize, message: impl Into<String>) -> ParseError {
        ParseError::at_column(self.number, column, message)
    }
}

/// A cursor over the lines of a text.
pub struct Lines<'a> {
    rest: &'a str,
    number: usize,
}

impl<'a> Lines<'a> {
    /// A cursor at the first line of `text`.
    pub fn new(text: &'a str) -> Self {
        Lines { rest: text, number: 0 }
    }

    /// The next line, if any.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Line<'a>> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = match self.rest.find('\n') {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, ""),
        };
        self.rest = rest;
        self.number += 1;
        Some(Line { number: self.number, text: line.trim_end() })
    }

    /// The next line that is not blank.
    pub fn next_nonblank(&mut self) -> Option<Line<'a>> {
        loop {
            let line = self.next()?;
            if !line.is_blank() {
                return Some(line);
            }
        }
    }

    /// The number the next line would have (for "unexpected end" errors).
    pub fn end_line(&self) -> usize {
        self.number + 1
    }
}

/// One white-space separated token, with its position.
#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// The token's text.
    pub text: &'a str,
}

impl Token<'_> {
    /// An error about this token.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::at_column(self.line, self.column, message)
    }
}

/// Decodes input bytes as UTF-8, naming the first bad line.
pub fn decode(bytes: &[u8]) -> Result<&str, ParseError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(ParseError::at(1, format!("the input is larger than {} MiB", MAX_INPUT_BYTES >> 20)));
    }
    // A leading byte-order mark (some editors write one) is not content.
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = std::str::from_utf8(&good[good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1)..])
            .map_or(1, |s| s.chars().count() + 1);
        ParseError::at_column(line, col, "the input is not valid UTF-8 text")
    })
}

/// Decodes as much of the input as is valid UTF-8, up to the start of the
/// first bad line, and the error for that line (if any). Cases before the
/// bad line can then still be answered.
pub fn decode_prefix(bytes: &[u8]) -> (&str, Option<ParseError>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match decode(bytes) {
        Ok(text) => (text, None),
        Err(e) if bytes.len() > MAX_INPUT_BYTES => ("", Some(e)),
        Err(e) => {
            let valid = match std::str::from_utf8(bytes) {
                Err(u) => u.valid_up_to(),
                Ok(_) => bytes.len(),
            };
            let cut = bytes[..valid].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let text = std::str::from_utf8(&bytes[..cut]).expect("a prefix of the valid part is valid");
            (text, Some(e))
        }
    }
}

/// Quotes a token for an error message: shortened, and with control
/// characters escaped (binary input never reaches the terminal raw).
pub fn show(token: &str) -> String {
    const MAX: usize = 24;
    let escape = |s: &mut String, ch: char| {
        // Control characters, and the invisible ones (a byte order mark, a
        // zero-width space), are shown escaped.
        if ch.is_control() || matches!(ch, '\u{feff}' | '\u{200b}'..='\u{200f}' | '\u{2060}') {
            s.extend(ch.escape_default());
        } else {
            s.push(ch);
        }
    };
    let mut out = String::from("`");
    for ch in token.chars().take(MAX) {
        escape(&mut out, ch);
    }
    if token.chars().nth(MAX).is_some() {
        out.push_str("...");
    }
    out.push('`');
    out
}

/// Parses an unsigned whole number no larger than `max`.
pub fn parse_uint(tok: &Token, what: &str, max: u64) -> Result<u64, ParseError> {
    let token = tok.text;
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(tok.error(format!("expected {what}, found {}", show(token))));
    }
    match token.parse::<u64>() {
        Ok(v) if v <= max => Ok(v),
        _ if max == u64::MAX => Err(tok.error(format!("{what} {} is too large", show(token)))),
        _ => Err(tok.error(format!("{what} {} is too large (at most {max})", show(token)))),
    }
}

/// Parses a size or a count: an unsigned whole number of any length. A
/// number beyond 64 bits reads as `u64::MAX`, so that the caller's range
/// check refuses it with the caller's message (quote the token, not the
/// value).
pub fn parse_uint_saturating(tok: &Token, what: &str) -> Result<u64, ParseError> {
    let token = tok.text;
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(tok.error(format!("expected {what}, found {}", show(token))));
    }
    Ok(token.parse::<u64>().unwrap_or(u64::MAX))
}

/// Parses a signed whole number in `-max..=max`.
pub fn parse_int(tok: &Token, what: &str, max: i64) -> Result<i64, ParseError> {
    let token = tok.text;
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(tok.error(format!("expected {what}, found {}", show(token))));
    }
    match token.parse::<i64>() {
        // `unsigned_abs`: `i64::MIN.abs()` overflows (it once read as 0).
        Ok(v) if v.unsigned_abs() <= max.unsigned_abs() => Ok(v),
        _ => Err(tok.error(format!("{what} {} is out of range (-{max} to {max})", show(token)))),
    }
}

/// `n` in decimal, written into the end of `digits` (the longest `u64`
/// has 20): the digits' slice. The answers of streams of tiny cases and
/// the JSON writer use it instead of the formatting machinery, which costs
/// more than the rest of a tiny case's answer.
pub fn decimal(n: u64, digits: &mut [u8; 20]) -> &[u8] {
    let (mut rest, mut at) = (n, digits.len());
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            return &digits[at..];
        }
    }
}

/// Adds where an error happened (`in tile 3 of 4 of game 1`) to its message.
pub fn within(mut e: ParseError, context: impl std::fmt::Display) -> ParseError {
    e.message = format!("{} ({context})", e.message);
    e
}

/// The iterator step shared by the case readers: a case, the end of the
/// input, or an error after which reading stops.
pub fn next_case<T>(done: &mut bool, result: Result<Option<T>, ParseError>) -> Option<Result<T, ParseError>> {
    match result {
        Ok(Some(case)) => Some(Ok(case)),
        Ok(None) => {
            *done = true;
            None
        }
        Err(e) => {
            *done = true;
            Some(Err(e))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{counted, decimal};

    #[test]
    fn one_of_a_thing_is_singular() {
        assert_eq!(counted(0, "tile"), "0 tiles");
        assert_eq!(counted(1, "tile"), "1 tile");
        assert_eq!(counted(25, "block line"), "25 block lines");
    }

    #[test]
    fn decimal_is_the_display_text() {
        for n in [0, 7, 9, 10, 99, 100, 1_000_000_007, u64::from(u32::MAX), u64::MAX - 1, u64::MAX] {
            assert_eq!(decimal(n, &mut [0u8; 20]), n.to_string().as_bytes(), "{n}");
        }
    }
}
