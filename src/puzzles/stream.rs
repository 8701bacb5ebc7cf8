//! Reading an input as it arrives: one line at a time from a buffered
//! reader ([`Source`]), and the white-space separated tokens of those lines
//! ([`Tokens`]).
//!
//! # Why a stream
//!
//! tessera is a filter: each case is answered before the next one is read,
//! so that a pipe or a terminal sees answers as cases arrive, and memory is
//! bounded by the longest line (a token format keeps one line; JSON keeps
//! one value), not by the input. The readers of the puzzles pull tokens or
//! lines from a [`Source`] and stop at their terminator: nothing after it
//! is read.
//!
//! # What a source does to the bytes
//!
//! * A UTF-8 byte-order mark at the start of line 1 is dropped (some
//!   editors write one; it is not content).
//! * Each line loses its ending (LF or CR LF) and its trailing white space.
//! * A line that is not UTF-8, a line longer than [`MAX_LINE_BYTES`] and a
//!   read that fails end the stream: the source then reports the end of its
//!   input, and keeps why ([`Source::failure`]), so that the cases before
//!   the bad line are still answered and the error named afterwards is the
//!   real one (not "unexpected end of input").
//!
//! # When reading may wait
//!
//! A source asks its reader for bytes only when its buffer is empty, which
//! is exactly when reading may wait (a pipe, a terminal): the command line
//! wraps its files and standard input so that stdout is flushed then, and
//! not after every case (see `cli::input`).

use super::input::{Line, ParseError, Token};
use std::io::{self, BufRead, Cursor};

/// The longest line tessera reads (and the largest JSON value); a longer
/// one is an input error. Memory stays bounded by it.
pub const MAX_LINE_BYTES: usize = 256 << 20;

/// A buffered input that tells how many bytes it holds unread: when none,
/// the next read may wait (a pipe, a terminal).
pub trait Input: BufRead {
    /// Bytes read from the input and not yet consumed.
    fn buffered(&self) -> usize;
}

impl<R: io::Read> Input for io::BufReader<R> {
    fn buffered(&self) -> usize {
        self.buffer().len()
    }
}

impl Input for Cursor<Vec<u8>> {
    fn buffered(&self) -> usize {
        self.get_ref().len().saturating_sub(self.position() as usize)
    }
}

/// Why a source stopped before the end of its input.
#[derive(Debug)]
pub enum Failure {
    /// Bytes that are not text, or a line too long.
    Text(ParseError),
    /// The reader failed.
    Io(io::Error),
}

/// An input read line by line.
pub struct Source {
    input: Box<dyn Input>,
    /// The bytes of the line being read (reused).
    raw: Vec<u8>,
    /// The current line, without ending or trailing white space.
    line: String,
    /// The current line's 1-based number (0 before the first).
    number: usize,
    /// The current line was looked at but not consumed.
    held: bool,
    /// The input ended (or failed).
    ended: bool,
    /// The current line ended with a line break (the last may not).
    line_ended: bool,
    failure: Option<Failure>,
    warnings: Vec<ParseError>,
}

impl Source {
    /// A source reading `input`.
    pub fn new(input: Box<dyn Input>) -> Self {
        Source {
            input,
            raw: Vec::new(),
            line: String::new(),
            number: 0,
            held: false,
            ended: false,
            line_ended: false,
            failure: None,
            warnings: Vec::new(),
        }
    }

    /// A source reading a text (tests, fuzzing, files read whole).
    pub fn from_text(text: &str) -> Self {
        Source::new(Box::new(Cursor::new(text.as_bytes().to_vec())))
    }

    /// Moves to the next line; `false` at the end of the input (or at a
    /// failure, kept in [`Source::failure`]).
    pub fn advance(&mut self) -> bool {
        if self.held {
            self.held = false;
            return true;
        }
        if self.ended {
            return false;
        }
        match self.read_line() {
            Ok(true) => true,
            Ok(false) => {
                self.ended = true;
                false
            }
            Err(failure) => {
                self.failure = Some(failure);
                self.ended = true;
                false
            }
        }
    }

    fn read_line(&mut self) -> Result<bool, Failure> {
        self.raw.clear();
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Failure::Io(e)),
            };
            if buf.is_empty() {
                if self.raw.is_empty() {
                    return Ok(false);
                }
                break;
            }
            let (take, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            // The common line: whole in the buffer, and text (but line 1
            // with a byte-order mark): copied once, already trimmed, with
            // no detour through `raw` (a stream of tiny cases reads two
            // lines a case).
            if found && self.raw.is_empty() && !(self.number == 0 && buf.starts_with(b"\xEF\xBB\xBF")) {
                if let Ok(text) = std::str::from_utf8(&buf[..take]) {
                    self.line.clear();
                    self.line.push_str(text.trim_end());
                    self.input.consume(take);
                    self.line_ended = true;
                    self.number += 1;
                    return Ok(true);
                }
            }
            if self.raw.len() + take > MAX_LINE_BYTES {
                return Err(Failure::Text(ParseError::at(
                    self.number + 1,
                    format!("the line is longer than {} MiB", MAX_LINE_BYTES >> 20),
                )));
            }
            self.raw.extend_from_slice(&buf[..take]);
            self.input.consume(take);
            if found {
                break;
            }
        }
        self.line_ended = self.raw.last() == Some(&b'\n');
        self.number += 1;
        // The line's bytes become the line's text without a copy; the old
        // text's buffer takes the place of the bytes' one.
        let old = std::mem::take(&mut self.line).into_bytes();
        let raw = std::mem::replace(&mut self.raw, old);
        match String::from_utf8(raw) {
            Ok(mut text) => {
                if self.number == 1 && text.starts_with('\u{feff}') {
                    text.drain(..'\u{feff}'.len_utf8());
                }
                let len = text.trim_end().len();
                text.truncate(len);
                self.line = text;
                Ok(true)
            }
            Err(e) => {
                let bytes = e.as_bytes();
                let valid = e.utf8_error().valid_up_to();
                let skip = if self.number == 1 && bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
                let column = std::str::from_utf8(&bytes[skip..valid]).map_or(1, |s| s.chars().count() + 1);
                Err(Failure::Text(ParseError::at_column(self.number, column, "the input is not valid UTF-8 text")))
            }
        }
    }

    /// Bytes read from the input and not yet consumed (none: the next
    /// read may wait).
    pub fn buffered(&self) -> usize {
        self.input.buffered()
    }

    /// The current line.
    pub fn line(&self) -> Line<'_> {
        Line { number: self.number, text: &self.line }
    }

    /// Whether the current line ended with a line break (the last line of
    /// an input may not).
    pub fn line_ended(&self) -> bool {
        self.line_ended
    }

    /// The current line's number (0 before the first line).
    pub fn number(&self) -> usize {
        self.number
    }

    /// The next line, if any.
    pub fn next_line(&mut self) -> Option<Line<'_>> {
        if self.advance() {
            Some(self.line())
        } else {
            None
        }
    }

    /// Hands the current line out again at the next [`Source::advance`].
    pub fn unread(&mut self) {
        self.held = self.number > 0;
    }

    /// Looks at the next line that is not blank without consuming it (the
    /// blank lines before it are consumed).
    pub fn peek_nonblank(&mut self) -> Option<Line<'_>> {
        loop {
            if !self.advance() {
                return None;
            }
            if !self.line.trim_start().is_empty() {
                self.held = true;
                return Some(self.line());
            }
        }
    }

    /// The number the line after the last one would have (for "unexpected
    /// end of input" errors).
    pub fn end_line(&self) -> usize {
        self.number + 1
    }

    /// Why the input ended early: bad text, a line too long or a failed
    /// read (`None` at a clean end, or before the end).
    pub fn failure(&self) -> Option<&Failure> {
        self.failure.as_ref()
    }

    /// Takes the failure out (to report it once).
    pub fn take_failure(&mut self) -> Option<Failure> {
        self.failure.take()
    }

    /// Notes a warning about the input (the caller shows it).
    pub fn warn(&mut self, warning: ParseError) {
        self.warnings.push(warning);
    }

    /// The warnings noted since the last call.
    pub fn take_warnings(&mut self) -> Vec<ParseError> {
        std::mem::take(&mut self.warnings)
    }

    /// Whether warnings are waiting.
    pub fn has_warnings(&self) -> bool {
        !self.warnings.is_empty()
    }
}

/// A reader of cases over a [`Source`] (each puzzle's `Reader`, and the
/// JSON reader): the cases, and the source for its warnings and failure.
pub trait CaseReader: Iterator {
    /// The source the cases are read from.
    fn source(&mut self) -> &mut Source;
}

/// A cursor over the white-space separated tokens of a source, as the
/// judges' `scanf` reads it: line breaks, blank lines and tabs carry no
/// meaning, but every token knows its line and column for the messages.
///
/// A token borrows the source's current line, so it lives until the next
/// token is asked for: a reader copies what it needs (the line, the
/// column) before it reads on.
pub struct Tokens {
    source: Source,
    /// Byte offset in the current line after the last token.
    pos: usize,
    /// Characters before `pos`.
    chars: usize,
    /// The last token: its byte range and its 1-based character column.
    start: usize,
    end: usize,
    column: usize,
    /// Tokens of the current line found so far (the last one included):
    /// the last token is the first of its line when this is 1.
    on_line: usize,
}

impl Tokens {
    /// A cursor at the first token of `source`.
    pub fn new(source: Source) -> Self {
        Tokens { source, pos: 0, chars: 0, start: 0, end: 0, column: 0, on_line: 0 }
    }

    /// A cursor at the first token of `text`.
    pub fn from_text(text: &str) -> Self {
        Tokens::new(Source::from_text(text))
    }

    /// Moves to the next token; `false` at the end of the input.
    pub fn advance(&mut self) -> bool {
        loop {
            if self.source.held {
                // A line looked at (to tell the format) is read from its start.
                self.source.held = false;
                (self.pos, self.chars, self.on_line) = (0, 0, 0);
            }
            let found = match self.next_ascii() {
                Some(found) => found,
                None => self.next_general(),
            };
            if found {
                self.on_line += 1;
                return true;
            }
            if !self.source.advance() {
                return false;
            }
            (self.pos, self.chars, self.on_line) = (0, 0, 0);
        }
    }

    /// The next token of the current line by bytes, when they are ASCII
    /// up to its end (the judges' input; no character decoding):
    /// `Some(true)` at a token, `Some(false)` when the line has no more;
    /// `None`, having moved nothing, at a byte that is not ASCII.
    fn next_ascii(&mut self) -> Option<bool> {
        let space = ascii_space;
        let bytes = self.source.line.as_bytes();
        let mut start = self.pos;
        while start < bytes.len() && space(bytes[start]) {
            start += 1;
        }
        let mut end = start;
        while end < bytes.len() && bytes[end] < 0x80 && !space(bytes[end]) {
            end += 1;
        }
        if end < bytes.len() && bytes[end] >= 0x80 {
            return None;
        }
        self.chars += start - self.pos;
        self.pos = end;
        if start == end {
            return Some(false);
        }
        (self.start, self.end, self.column) = (start, end, self.chars + 1);
        self.chars += end - start;
        Some(true)
    }

    /// The next token of the current line, whatever its characters;
    /// `false` when the line has no more.
    fn next_general(&mut self) -> bool {
        let rest = &self.source.line[self.pos..];
        let token = rest.trim_start();
        let skip = rest.len() - token.len();
        self.chars += char_count(&rest[..skip]);
        self.pos += skip;
        if token.is_empty() {
            return false;
        }
        let len = token.find(char::is_whitespace).unwrap_or(token.len());
        self.start = self.pos;
        self.end = self.pos + len;
        self.column = self.chars + 1;
        self.chars += char_count(&token[..len]);
        self.pos = self.end;
        true
    }

    /// The judge's tile line in one step: when the current line has no
    /// token left and the next line is four numbers of one to four ASCII
    /// digits apart (`5 9 1 4`), their values, the cursor then where four
    /// [`Tokens::advance`] would have left it (at the fourth, the first of
    /// the four on its line). Otherwise `None`, with the cursor as
    /// `advance` would have left it before the next line's first token:
    /// moved to that line (if the current one had no token left), read
    /// from its start. A stream of small cases reads almost every line
    /// here: one scan of its bytes, instead of four token steps, the count
    /// of the line's tokens and four parses.
    ///
    /// ```
    /// use tessera::puzzles::stream::Tokens;
    /// let mut t = Tokens::from_text("2\n5 9 1 4\n4  4 5 6 7\n");
    /// assert!(t.advance()); // the size
    /// assert_eq!(t.tile_line(), Some([5, 9, 1, 4]));
    /// assert_eq!((t.token().line, t.token().column, t.token().text), (2, 7, "4"));
    /// assert_eq!(t.tile_line(), None); // five numbers: read by tokens
    /// assert_eq!((t.next().unwrap().column), 1);
    /// ```
    pub fn tile_line(&mut self) -> Option<[i32; 4]> {
        if self.source.held {
            return None;
        }
        let rest = &self.source.line.as_bytes()[self.pos..];
        if !rest.iter().all(|&b| ascii_space(b)) || !self.source.advance() {
            return None;
        }
        (self.pos, self.chars, self.on_line) = (0, 0, 0);
        let bytes = self.source.line.as_bytes();
        let (mut at, mut labels, mut start) = (0, [0i32; 4], 0);
        for label in &mut labels {
            while at < bytes.len() && ascii_space(bytes[at]) {
                at += 1;
            }
            start = at;
            while at < bytes.len() && bytes[at].is_ascii_digit() && at - start < 4 {
                *label = *label * 10 + i32::from(bytes[at] - b'0');
                at += 1;
            }
            // A token is a digit run ended by a space or the line's end.
            if at == start || at < bytes.len() && !ascii_space(bytes[at]) {
                return None;
            }
        }
        // The line was trimmed at its end: the fourth number ends it.
        if at != bytes.len() {
            return None;
        }
        debug_assert!(self.source.line.is_ascii());
        (self.pos, self.chars, self.on_line) = (at, at, 4);
        (self.start, self.end, self.column) = (start, at, start + 1);
        Some(labels)
    }

    /// The current token (after [`Tokens::advance`] returned `true`).
    pub fn token(&self) -> Token<'_> {
        Token { line: self.source.number, column: self.column, text: &self.source.line[self.start..self.end] }
    }

    /// The next token, if any.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Token<'_>> {
        if self.advance() {
            Some(self.token())
        } else {
            None
        }
    }

    /// The next token, or an "unexpected end of input" error saying what was
    /// `expected` there.
    pub fn expect(&mut self, expected: impl FnOnce() -> String) -> Result<Token<'_>, ParseError> {
        if self.advance() {
            Ok(self.token())
        } else {
            Err(self.end(expected()))
        }
    }

    /// The "unexpected end of input" error, on the line after the last one.
    pub fn end(&self, expected: String) -> ParseError {
        self.end_with(format!("expected {expected}"))
    }

    /// An "unexpected end of input: `message`" error.
    pub fn end_with(&self, message: String) -> ParseError {
        ParseError::at(self.source.end_line(), format!("unexpected end of input: {message}"))
    }

    /// Whether the current token is the first of its line.
    pub fn first_on_line(&self) -> bool {
        debug_assert_eq!(self.on_line == 1, self.source.line[..self.start].trim_start().is_empty());
        self.on_line == 1
    }

    /// How many tokens the current line holds.
    pub fn tokens_on_line(&self) -> usize {
        let line = self.source.line.as_bytes();
        if !line.is_ascii() {
            return self.source.line.split_whitespace().count();
        }
        // The same count as `split_whitespace`, by bytes (once per tile
        // line of a stream): the tokens are where a space ends.
        let mut count = 0;
        let mut in_token = false;
        for &b in line {
            let space = ascii_space(b);
            count += usize::from(in_token && space);
            in_token = !space;
        }
        count + usize::from(in_token)
    }

    /// The source the tokens come from.
    pub fn source(&mut self) -> &mut Source {
        &mut self.source
    }
}

/// White space as `char::is_whitespace` has it, in ASCII.
fn ascii_space(b: u8) -> bool {
    // One test of a bit mask, not six comparisons (a byte scan runs it on
    // every byte of a stream).
    const SPACES: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\n' | 1 << 0x0B | 1 << 0x0C | 1 << b'\r';
    b <= b' ' && SPACES >> b & 1 == 1
}

/// The characters of a text (ASCII counted by bytes).
fn char_count(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn tokens(text: &str) -> Vec<(usize, usize, String)> {
        let mut t = Tokens::from_text(text);
        let mut out = Vec::new();
        while let Some(tok) = t.next() {
            out.push((tok.line, tok.column, tok.text.to_string()));
        }
        out
    }

    #[test]
    fn tokens_know_line_and_column() {
        let got = tokens("\u{feff}1 22\r\n\n\t é 3  \n4");
        let want = [(1, 1, "1"), (1, 3, "22"), (3, 3, "é"), (3, 5, "3"), (4, 1, "4")];
        assert_eq!(got, want.map(|(l, c, s)| (l, c, s.to_string())));
        assert!(tokens(" \n \n").is_empty());
    }

    /// Bytes beyond ASCII (white space among them) leave the byte scan
    /// for the characters' one: the same tokens, columns in characters.
    /// The byte counts of tokens on a line and of the first token agree
    /// with `split_whitespace` and `trim_start` (every line of up to six
    /// characters drawn from spaces of each kind, digits and `é`).
    #[test]
    fn tokens_on_line_by_bytes_agree_with_split_whitespace() {
        let alphabet = [" ", "\t", "\x0b", "\x0c", "\r", "1", "23", "é", "\u{a0}"];
        let mut rng = crate::rng::Rng::new(3);
        for _ in 0..4000 {
            let len = rng.below(7);
            let line: String = (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect();
            let mut t = Tokens::from_text(&line);
            let want = line.split_whitespace().count();
            let mut seen = 0;
            while t.advance() {
                assert_eq!(t.tokens_on_line(), want, "{line:?}");
                let first = t.source.line[..t.start].trim_start().is_empty();
                assert_eq!(t.first_on_line(), first, "{line:?}");
                seen += 1;
            }
            assert_eq!(seen, want, "{line:?}");
        }
    }

    /// A tile line read whole is the four tokens read one by one: on
    /// random texts, a cursor that asks for tile lines now and then and
    /// one that only advances see the same labels and then the same
    /// tokens (text, line, column, first on its line, tokens on its line),
    /// and end together.
    #[test]
    fn a_tile_line_read_whole_is_its_four_tokens() {
        let alphabet = [" ", " ", "\t", "\n", "\n", "\r\n", "1", "23", "4567", "89012", "0", "x", "é", "\u{a0}", "-1"];
        let mut rng = crate::rng::Rng::new(11);
        let seen = |t: &Tokens| {
            let tok = t.token();
            (tok.text.to_string(), tok.line, tok.column, t.first_on_line(), t.tokens_on_line())
        };
        let mut whole = 0;
        for _ in 0..6000 {
            // Lines of about four numbers (now and then a token of another
            // kind, a space that is not ASCII), and lines of anything.
            let mut text = String::new();
            for _ in 0..rng.below(6) {
                if rng.below(2) == 0 {
                    for _ in 0..rng.below(5) {
                        text.push_str(alphabet[rng.below(alphabet.len())]);
                    }
                } else {
                    let numbers = ["1", "23", "4567", "0", "9", "89012", "x", "-1"];
                    let spaces = [" ", " ", " ", " ", "  ", "\t", "\u{a0}", ""];
                    for i in 0..3 + rng.below(3) {
                        text.push_str(spaces[if i == 0 { 4 + rng.below(4) } else { rng.below(7) }]);
                        let kinds = if rng.below(4) == 0 { 8 } else { 5 };
                        text.push_str(numbers[rng.below(kinds)]);
                    }
                }
                text.push_str(["\n", "\r\n", " \n"][rng.below(3)]);
            }
            let (mut a, mut b) = (Tokens::from_text(&text), Tokens::from_text(&text));
            loop {
                if rng.below(2) == 0 {
                    if let Some(labels) = a.tile_line() {
                        whole += 1;
                        for want in labels {
                            assert!(b.advance(), "{text:?}");
                            assert_eq!(b.token().text.parse::<i32>().ok(), Some(want), "{text:?}");
                        }
                        assert_eq!(seen(&a), seen(&b), "{text:?}");
                    }
                }
                let (more_a, more_b) = (a.advance(), b.advance());
                assert_eq!(more_a, more_b, "{text:?}");
                if !more_a {
                    break;
                }
                assert_eq!(seen(&a), seen(&b), "{text:?}");
            }
        }
        assert!(whole > 100, "{whole} tile lines read whole");
    }

    #[test]
    fn ascii_space_is_char_is_whitespace() {
        for b in 0..=255u8 {
            assert_eq!(ascii_space(b), b.is_ascii() && char::from(b).is_whitespace(), "{b}");
        }
    }

    /// A line whole in the buffer is read on a path of its own: random
    /// texts read through a buffer of 4 bytes (most lines cut, the general
    /// path) and of 64 KiB (the whole-line path) give the same lines,
    /// numbers, endings and failures.
    #[test]
    fn whole_lines_in_the_buffer_read_as_cut_ones() {
        let alphabet: [&[u8]; 9] =
            [b" ", b"\t", b"\r", b"\n", b"\r\n", b"12", "é".as_bytes(), b"\xEF\xBB\xBF", b"\xff"];
        let mut rng = crate::rng::Rng::new(5);
        let lines = |capacity: usize, text: &[u8]| {
            let reader = io::BufReader::with_capacity(capacity, Cursor::new(text.to_vec()));
            let mut s = Source::new(Box::new(reader));
            let mut out = Vec::new();
            while let Some(line) = s.next_line() {
                out.push((line.number, line.text.to_string(), s.line_ended()));
            }
            let failure = s.failure().map(|f| match f {
                Failure::Text(e) => (e.line, e.column),
                Failure::Io(_) => (0, None),
            });
            (out, failure)
        };
        for _ in 0..3000 {
            let len = rng.below(12);
            let text: Vec<u8> = (0..len).flat_map(|_| alphabet[rng.below(alphabet.len())].iter().copied()).collect();
            assert_eq!(lines(4, &text), lines(64 << 10, &text), "{text:?}");
        }
    }

    #[test]
    fn ascii_and_other_white_space_split_alike() {
        let got = tokens("1\u{a0}2\x0b3 é4\u{2003} 5\n\x0c6");
        let want = [(1, 1, "1"), (1, 3, "2"), (1, 5, "3"), (1, 7, "é4"), (1, 11, "5"), (2, 2, "6")];
        assert_eq!(got, want.map(|(l, c, s)| (l, c, s.to_string())));
    }

    #[test]
    fn bad_text_ends_the_stream_and_is_kept() {
        let mut s = Source::new(Box::new(Cursor::new(b"ok\nab\xff\nnever\n".to_vec())));
        assert_eq!(s.next_line().unwrap().text, "ok");
        assert!(s.next_line().is_none());
        match s.failure() {
            Some(Failure::Text(e)) => assert_eq!((e.line, e.column), (2, Some(3))),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_peeked_line_is_read_again() {
        let mut s = Source::from_text("\n  \n {x\n");
        assert_eq!(s.peek_nonblank().unwrap().number, 3);
        let mut t = Tokens::new(s);
        let tok = t.next().unwrap();
        assert_eq!((tok.line, tok.column, tok.text), (3, 2, "{x"));
        assert!(t.next().is_none());
        assert_eq!(t.end_with("x".into()).line, 4);
    }

    /// Reading stops where the reader stops: the bytes after the token
    /// asked for are not needed (an endless input is fine).
    #[test]
    fn reading_stops_at_the_token_asked_for() {
        let endless = Cursor::new(b"0\n".to_vec()).chain(io::repeat(b' '));
        let mut t = Tokens::new(Source::new(Box::new(io::BufReader::new(endless))));
        assert_eq!(t.next().unwrap().text, "0");
    }
}
