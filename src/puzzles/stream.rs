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
//! A source asks its reader for bytes only when the text it holds has no
//! whole line left, and then takes all the reader holds: so the reader's
//! buffer is empty, and reading may wait (a pipe, a terminal). The command
//! line wraps its files and standard input so that stdout is flushed then,
//! and not after every case (see `cli::input`).
//!
//! # What a line costs
//!
//! A source checks that its input is UTF-8 a whole read at a time (64 KiB
//! from a file), not line by line, and a line is a range of that text: a
//! search for the line break a word at a time, and a trim, with no copy.
//! A stream of tiny cases reads a line or two a case.

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
    /// Text taken from the input and found to be UTF-8 (a whole read at
    /// a time, not line by line): the current line, what follows it, and
    /// before it the lines already read (dropped at the next read).
    text: String,
    /// Bytes taken from the input after `text` that are not text yet: a
    /// character cut by the end of a read (the next read completes it),
    /// or bytes that are not UTF-8 and what follows them.
    pending: Vec<u8>,
    /// `pending` holds bytes that are not UTF-8: their line fails.
    invalid: bool,
    /// Where the line after the current one starts in `text`.
    next: usize,
    /// The current line's range in `text`, without ending or trailing
    /// white space.
    start: usize,
    end: usize,
    /// The longest line ([`MAX_LINE_BYTES`]; less in the tests).
    max_line: usize,
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

/// A UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

impl Source {
    /// A source reading `input`.
    pub fn new(input: Box<dyn Input>) -> Self {
        Source {
            input,
            text: String::new(),
            pending: Vec::new(),
            invalid: false,
            next: 0,
            start: 0,
            end: 0,
            max_line: MAX_LINE_BYTES,
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
    #[inline(always)]
    pub fn advance(&mut self) -> bool {
        if self.held {
            self.held = false;
            return true;
        }
        if self.ended {
            return false;
        }
        // The common line, whole in the text read (not line 1, which may
        // start with a byte-order mark; not too long), in a few
        // instructions inline; the rest out of line.
        if let Some(i) = find_newline(&self.text.as_bytes()[self.next..]) {
            if i < self.max_line && self.number > 0 {
                let (start, stop) = (self.next, self.next + i);
                (self.start, self.end, self.next) = (start, trim_end(&self.text, start, stop), stop + 1);
                self.line_ended = true;
                self.number += 1;
                return true;
            }
        }
        self.advance_read()
    }

    /// [`Source::advance`] past the common line.
    #[inline(never)]
    fn advance_read(&mut self) -> bool {
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

    /// The next line from `text`, reading on when it holds no line break
    /// after `next`. A line costs a search for its line break and a trim,
    /// with no copy and no check of its text (done a read at a time).
    fn read_line(&mut self) -> Result<bool, Failure> {
        // `text` from `scanned` on has not been searched for a line break.
        let mut scanned = self.next;
        loop {
            if let Some(i) = find_newline(&self.text.as_bytes()[scanned..]) {
                let stop = scanned + i;
                if stop + 1 - self.next > self.max_line {
                    return Err(self.too_long());
                }
                self.take_line(stop, true);
                return Ok(true);
            }
            if self.invalid {
                return Err(self.bad_line());
            }
            // (`pending` is at most a cut character here.)
            if self.text.len() - self.next + self.pending.len() > self.max_line {
                return Err(self.too_long());
            }
            // The line goes on past what was read: the lines before the
            // current one are dropped (it stays until the next is whole),
            // and the input is read on.
            self.text.drain(..self.start);
            (self.next, self.end, self.start) = (self.next - self.start, self.end - self.start, 0);
            scanned = self.text.len();
            if !self.read_text()? {
                if !self.pending.is_empty() {
                    return Err(self.bad_line()); // a character cut by the end
                }
                if self.next == self.text.len() {
                    return Ok(false);
                }
                self.take_line(self.text.len(), false);
                return Ok(true);
            }
        }
    }

    /// Makes the bytes of `text` from `next` to `stop` (a line break or
    /// the end) the current line.
    fn take_line(&mut self, stop: usize, ended: bool) {
        let mut start = self.next;
        if self.number == 0 && self.text.as_bytes()[start..].starts_with(BOM) {
            start += BOM.len();
        }
        self.start = start;
        self.end = trim_end(&self.text, start, stop);
        self.next = stop + usize::from(ended);
        self.line_ended = ended;
        self.number += 1;
    }

    /// Reads the input on, after `text` and `pending`: what is UTF-8 goes
    /// to `text`, the rest to `pending`; `false` at the end of the input.
    fn read_text(&mut self) -> Result<bool, Failure> {
        let bytes = loop {
            match self.input.fill_buf() {
                Ok(bytes) => break bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Failure::Io(e)),
            }
        };
        let read = bytes.len();
        if read == 0 {
            return Ok(false);
        }
        if self.pending.is_empty() {
            let valid = push_utf8(&mut self.text, bytes, &mut self.invalid);
            self.pending.extend_from_slice(&bytes[valid..]);
        } else {
            // A character was cut: its bytes go first.
            self.pending.extend_from_slice(bytes);
            let valid = push_utf8(&mut self.text, &self.pending, &mut self.invalid);
            self.pending.drain(..valid);
        }
        self.input.consume(read);
        Ok(true)
    }

    /// The "line too long" failure of the line after the current one.
    fn too_long(&self) -> Failure {
        let message = format!("the line is longer than {} MiB", MAX_LINE_BYTES >> 20);
        Failure::Text(ParseError::at(self.number + 1, message))
    }

    /// The failure of the line after the current one, which holds bytes
    /// that are not UTF-8: the line is read to its end first, since a line
    /// too long is named before bad text (and the column counts the
    /// characters before the first bad byte).
    fn bad_line(&mut self) -> Failure {
        let mut raw = self.text.as_bytes()[self.next..].to_vec();
        match self.pending.iter().position(|&b| b == b'\n') {
            Some(i) => raw.extend_from_slice(&self.pending[..=i]),
            None => {
                raw.extend_from_slice(&self.pending);
                if let Err(failure) = self.read_rest(&mut raw) {
                    return failure;
                }
            }
        }
        if raw.len() > self.max_line {
            return self.too_long();
        }
        // The current line is gone, as when the bad one had replaced it.
        self.number += 1;
        self.start = self.end;
        let valid = std::str::from_utf8(&raw).err().map_or(raw.len(), |e| e.valid_up_to());
        let skip = if self.number == 1 && raw.starts_with(BOM) { BOM.len() } else { 0 };
        let column = std::str::from_utf8(&raw[skip..valid]).map_or(1, |s| s.chars().count() + 1);
        Failure::Text(ParseError::at_column(self.number, column, "the input is not valid UTF-8 text"))
    }

    /// Reads the input on into `raw` up to a line break (or the end).
    fn read_rest(&mut self, raw: &mut Vec<u8>) -> Result<(), Failure> {
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Failure::Io(e)),
            };
            if buf.is_empty() {
                return Ok(());
            }
            let (take, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            if raw.len() + take > self.max_line {
                return Err(self.too_long());
            }
            raw.extend_from_slice(&buf[..take]);
            self.input.consume(take);
            if found {
                return Ok(());
            }
        }
    }

    /// The current line's text.
    fn text(&self) -> &str {
        &self.text[self.start..self.end]
    }

    /// The current line's bytes.
    fn bytes(&self) -> &[u8] {
        &self.text.as_bytes()[self.start..self.end]
    }

    /// Bytes read from the input and not yet consumed (none: the next
    /// read may wait).
    pub fn buffered(&self) -> usize {
        self.text.len() - self.next + self.pending.len() + self.input.buffered()
    }

    /// The current line.
    pub fn line(&self) -> Line<'_> {
        Line { number: self.number, text: self.text() }
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
            if !self.text().trim_start().is_empty() {
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
        let bytes = self.source.bytes();
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
        let rest = &self.source.text()[self.pos..];
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

    /// A line of `N` numbers in one step (the judge's tile line, `N` = 4;
    /// a board size alone on its line, `N` = 1): when the current line has
    /// no token left and the next line is `N` numbers of one to four
    /// ASCII digits apart (`5 9 1 4`), their values, the cursor then where
    /// `N` [`Tokens::advance`] would have left it (at the last, the first
    /// of the `N` on its line). Otherwise `None`, with the cursor as
    /// `advance` would have left it before the next line's first token:
    /// moved to that line (if the current one had no token left), read
    /// from its start. A stream of small cases reads almost every line
    /// here: one scan of its bytes, instead of token steps, the count of
    /// the line's tokens and parses.
    ///
    /// ```
    /// use tessera::puzzles::stream::Tokens;
    /// let mut t = Tokens::from_text("2\n5 9 1 4\n4  4 5 6 7\n 12\n");
    /// assert_eq!(t.number_line(), Some([2])); // the size
    /// assert_eq!(t.number_line(), Some([5, 9, 1, 4]));
    /// assert_eq!((t.token().line, t.token().column, t.token().text), (2, 7, "4"));
    /// assert_eq!(t.number_line::<4>(), None); // five numbers: read by tokens
    /// assert_eq!((t.next().unwrap().column), 1);
    /// assert_eq!(t.number_line::<1>(), None); // the line has tokens left
    /// for _ in 0..4 {
    ///     t.next();
    /// }
    /// assert_eq!(t.number_line(), Some([12]));
    /// assert_eq!((t.token().line, t.token().column), (4, 2));
    /// ```
    pub fn number_line<const N: usize>(&mut self) -> Option<[i32; N]> {
        if self.source.held {
            return None;
        }
        let rest = &self.source.bytes()[self.pos..];
        if !rest.iter().all(|&b| ascii_space(b)) || !self.source.advance() {
            return None;
        }
        (self.pos, self.chars, self.on_line) = (0, 0, 0);
        if let Some(labels) = self.single_digits() {
            return Some(labels);
        }
        // One pass over the bytes: digits add to the current number (one
        // to four of them), a space ends it, anything else ends the try.
        let bytes = self.source.bytes();
        let (mut labels, mut count, mut digits, mut start) = ([0i32; N], 0, 0, 0);
        for (at, &b) in bytes.iter().enumerate() {
            let digit = b.wrapping_sub(b'0');
            if digit < 10 {
                if digits == 0 {
                    if count == N {
                        return None;
                    }
                    (count, start) = (count + 1, at);
                }
                digits += 1;
                if digits > 4 {
                    return None;
                }
                labels[count - 1] = labels[count - 1] * 10 + i32::from(digit);
            } else if ascii_space(b) {
                digits = 0;
            } else {
                return None;
            }
        }
        // The line was trimmed at its end: the last number ends it.
        if count < N {
            return None;
        }
        let at = bytes.len();
        debug_assert!(self.source.text().is_ascii());
        (self.pos, self.chars, self.on_line) = (at, at, N);
        (self.start, self.end, self.column) = (start, at, start + 1);
        Some(labels)
    }

    /// The judge's own line of `N` numbers (ZOJ 1008's labels are 0-9):
    /// single digits one space apart (`5 9 1 4`), checked and read in one
    /// word of the text; the cursor moved as by [`Tokens::number_line`].
    fn single_digits<const N: usize>(&mut self) -> Option<[i32; N]> {
        const ZEROS: u64 = u64::from_le_bytes(*b"0 0 0 0\0");
        const SPACES: u64 = u64::from_le_bytes([0, 0xff, 0, 0xff, 0, 0xff, 0, 0]);
        const NINES: u64 = u64::from_le_bytes([0x76, 0, 0x76, 0, 0x76, 0, 0x76, 0]);
        const HIGHS: u64 = u64::from_le_bytes([0x80, 0, 0x80, 0, 0x80, 0, 0x80, 0]);
        let len = 2 * N - 1;
        if N > 4 || self.source.end - self.source.start != len {
            return None;
        }
        // The line and what follows it (its line break at least).
        let word = self.source.text.as_bytes().get(self.source.start..self.source.start + 8)?;
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
        let keep = u64::MAX >> (64 - 8 * len);
        // The digits' values where the digits are, nothing where spaces
        // are. A value over 9 has its high bit set, or gets it from 0x76
        // (a carry runs into the space after it, which is not looked at).
        let values = (word ^ ZEROS) & keep;
        if values & SPACES != 0 || ((values + NINES) | values) & HIGHS & keep != 0 {
            return None;
        }
        let mut labels = [0; N];
        for (i, label) in labels.iter_mut().enumerate() {
            *label = (values >> (16 * i) & 0xff) as i32;
        }
        (self.pos, self.chars, self.on_line) = (len, len, N);
        (self.start, self.end, self.column) = (len - 1, len, len);
        Some(labels)
    }

    /// The current token's bytes: [`Tokens::token`]'s text, for a reader
    /// that looks at its bytes first (no `&str` to make).
    pub fn token_bytes(&self) -> &[u8] {
        &self.source.bytes()[self.start..self.end]
    }

    /// The current token (after [`Tokens::advance`] returned `true`).
    pub fn token(&self) -> Token<'_> {
        Token { line: self.source.number, column: self.column, text: &self.source.text()[self.start..self.end] }
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
        debug_assert_eq!(self.on_line == 1, self.source.text()[..self.start].trim_start().is_empty());
        self.on_line == 1
    }

    /// How many tokens the current line holds.
    pub fn tokens_on_line(&self) -> usize {
        let line = self.source.bytes();
        if !line.is_ascii() {
            return self.source.text().split_whitespace().count();
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

/// Where the first line break of `bytes` is: eight bytes at a time (a
/// word with a zero byte where it holds one), then byte by byte.
#[inline]
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const BREAKS: u64 = u64::from_le_bytes([b'\n'; 8]);
    let mut at = 0;
    while let Some(word) = bytes.get(at..at + 8) {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default()) ^ BREAKS;
        // The lowest high bit set marks the first zero byte (a borrow
        // only runs upwards, past a zero byte, into later bytes).
        let zero = word.wrapping_sub(ONES) & !word & HIGHS;
        if zero != 0 {
            return Some(at + (zero.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    bytes[at..].iter().position(|&b| b == b'\n').map(|i| at + i)
}

/// The end of `text[start..stop]` without its trailing white space: by
/// bytes while they are ASCII, by characters when one is not.
#[inline]
fn trim_end(text: &str, start: usize, stop: usize) -> usize {
    let mut line = &text.as_bytes()[start..stop];
    while let [rest @ .., last] = line {
        if !ascii_space(*last) {
            if *last >= 0x80 {
                return start + text[start..start + line.len()].trim_end().len();
            }
            break;
        }
        line = rest;
    }
    start + line.len()
}

/// Appends the longest UTF-8 start of `bytes` to `text`, noting in
/// `invalid` whether what follows it is not UTF-8 (rather than a
/// character cut short); how many bytes went.
fn push_utf8(text: &mut String, bytes: &[u8], invalid: &mut bool) -> usize {
    match std::str::from_utf8(bytes) {
        Ok(valid) => {
            text.push_str(valid);
            bytes.len()
        }
        Err(e) => {
            let valid = e.valid_up_to();
            text.push_str(std::str::from_utf8(&bytes[..valid]).unwrap_or_default());
            *invalid = e.error_len().is_some();
            valid
        }
    }
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
mod tests;
