//! Tests of the line and token readers: against a plain line reader, cut
//! reads, bad text, the tokens' positions and the tile line read whole.

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
            let first = t.source.text()[..t.start].trim_start().is_empty();
            assert_eq!(t.first_on_line(), first, "{line:?}");
            seen += 1;
        }
        assert_eq!(seen, want, "{line:?}");
    }
}

/// A line of numbers read whole is its tokens read one by one: on
/// random texts, a cursor that asks for lines of four numbers (a tile)
/// or of one (a board size) now and then and one that only advances see
/// the same numbers and then the same tokens (text, line, column, first
/// on its line, tokens on its line), and end together.
#[test]
fn a_line_of_numbers_read_whole_is_its_tokens() {
    let alphabet = [" ", " ", "\t", "\n", "\n", "\r\n", "1", "23", "4567", "89012", "0", "x", "é", "\u{a0}", "-1"];
    let mut rng = crate::rng::Rng::new(11);
    let seen = |t: &Tokens| {
        let tok = t.token();
        (tok.text.to_string(), tok.line, tok.column, t.first_on_line(), t.tokens_on_line())
    };
    let mut whole = [0; 2];
    for _ in 0..6000 {
        // Lines of one or about four numbers (now and then a token of another
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
                for i in 0..[1, 3, 4, 4, 5][rng.below(5)] {
                    text.push_str(spaces[if i == 0 { 4 + rng.below(4) } else { rng.below(7) }]);
                    let kinds = if rng.below(4) == 0 { 8 } else { 5 };
                    text.push_str(numbers[rng.below(kinds)]);
                }
            }
            text.push_str(["\n", "\r\n", " \n"][rng.below(3)]);
        }
        let (mut a, mut b) = (Tokens::from_text(&text), Tokens::from_text(&text));
        loop {
            let ask = rng.below(4);
            let numbers = match ask {
                0 => a.number_line::<4>().map(|n| n.to_vec()),
                1 => a.number_line::<1>().map(|n| n.to_vec()),
                _ => None,
            };
            if let Some(numbers) = numbers {
                whole[ask] += 1;
                for want in numbers {
                    assert!(b.advance(), "{text:?}");
                    assert_eq!(b.token().text.parse::<i32>().ok(), Some(want), "{text:?}");
                }
                assert_eq!(seen(&a), seen(&b), "{text:?}");
            }
            let (more_a, more_b) = (a.advance(), b.advance());
            assert_eq!(more_a, more_b, "{text:?}");
            if !more_a {
                break;
            }
            assert_eq!(seen(&a), seen(&b), "{text:?}");
        }
    }
    assert!(whole.iter().all(|&w| w > 100), "{whole:?} lines of four and of one number read whole");
}

#[test]
fn ascii_space_is_char_is_whitespace() {
    for b in 0..=255u8 {
        assert_eq!(ascii_space(b), b.is_ascii() && char::from(b).is_whitespace(), "{b}");
    }
}

/// Random texts read through a buffer of 4 bytes (most lines cut by the
/// reads) and of 64 KiB (lines whole in one read) give the same lines,
/// numbers, endings and failures.
#[test]
fn whole_lines_in_the_buffer_read_as_cut_ones() {
    let alphabet: [&[u8]; 9] = [b" ", b"\t", b"\r", b"\n", b"\r\n", b"12", "é".as_bytes(), b"\xEF\xBB\xBF", b"\xff"];
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

/// What a reader of lines saw: each line (number, text, whether it ended
/// with a line break, the bytes buffered after it), then why it stopped
/// (line, column, message; none at a clean end) and the last line number.
type Seen = (Vec<(usize, String, bool, usize)>, Option<(usize, Option<usize>, String)>, usize);

/// The lines of `input` as a plain reader finds them: a line's bytes
/// gathered up to its line break (at most `max_line`), then checked as
/// UTF-8, its byte-order mark (line 1) dropped and its end trimmed.
fn plain_lines(input: &mut dyn Input, max_line: usize) -> Seen {
    let (mut lines, mut number) = (Vec::new(), 0);
    let too_long = format!("the line is longer than {} MiB", MAX_LINE_BYTES >> 20);
    loop {
        let mut raw = Vec::new();
        loop {
            let buf = input.fill_buf().unwrap();
            if buf.is_empty() {
                break;
            }
            let take = buf.iter().position(|&b| b == b'\n').map_or(buf.len(), |i| i + 1);
            if raw.len() + take > max_line {
                return (lines, Some((number + 1, None, too_long)), number);
            }
            raw.extend_from_slice(&buf[..take]);
            input.consume(take);
            if raw.last() == Some(&b'\n') {
                break;
            }
        }
        if raw.is_empty() {
            return (lines, None, number);
        }
        number += 1;
        let ended = raw.last() == Some(&b'\n');
        let skip = if number == 1 && raw.starts_with(BOM) { BOM.len() } else { 0 };
        match std::str::from_utf8(&raw[skip..]) {
            Ok(text) => lines.push((number, text.trim_end().to_string(), ended, input.buffered())),
            Err(e) => {
                let column = std::str::from_utf8(&raw[skip..skip + e.valid_up_to()]).unwrap().chars().count() + 1;
                let failure = (number, Some(column), "the input is not valid UTF-8 text".to_string());
                return (lines, Some(failure), number);
            }
        }
    }
}

/// The lines of a source reading `input` (at most `max_line` bytes each).
fn source_lines(input: Box<dyn Input>, max_line: usize) -> Seen {
    let mut s = Source::new(input);
    s.max_line = max_line;
    let mut lines = Vec::new();
    while let Some(line) = s.next_line() {
        let (number, text) = (line.number, line.text.to_string());
        lines.push((number, text, s.line_ended(), s.buffered()));
    }
    let failure = s.failure().map(|f| match f {
        Failure::Text(e) => (e.line, e.column, e.message.clone()),
        Failure::Io(e) => (0, None, e.to_string()),
    });
    (lines, failure, s.number())
}

/// A source reads a whole read of text at a time and cuts its lines out
/// of it: on random bytes (characters of one to three bytes, bytes that
/// are not UTF-8, byte-order marks, CR LF, runs longer than a word) read
/// through buffers of 1 to 64 KiB bytes, with lines of at most 5 bytes
/// to unbounded, it sees what a plain line reader sees, line by line and
/// at the failure (which line, which column, too long before bad text).
#[test]
fn a_source_reads_as_a_plain_line_reader() {
    let alphabet: [&[u8]; 16] = [
        b" ",
        b"\t",
        b"\r\n",
        b"\n",
        b"\n",
        b"7",
        b"12 34",
        b"abcdefghijklm",
        "é".as_bytes(),
        "\u{a0}".as_bytes(),
        "\u{2003}".as_bytes(),
        "€x".as_bytes(),
        BOM,
        b"\xff",
        b"\xE2\x82",
        b"\x80",
    ];
    let mut rng = crate::rng::Rng::new(17);
    for round in 0..20_000 {
        let len = rng.below(16);
        // Bytes that are not UTF-8 now and then only, so that most inputs
        // read to their end.
        let kinds = if round % 4 == 0 { alphabet.len() } else { alphabet.len() - 3 };
        let text: Vec<u8> = (0..len).flat_map(|_| alphabet[rng.below(kinds)].iter().copied()).collect();
        let capacity = [1, 2, 3, 4, 5, 7, 8, 9, 16, 64 << 10][rng.below(10)];
        let max_line = [5, 8, 13, 21, MAX_LINE_BYTES][rng.below(5)];
        let reader = || io::BufReader::with_capacity(capacity, Cursor::new(text.clone()));
        let want = plain_lines(&mut reader(), max_line);
        assert_eq!(source_lines(Box::new(reader()), max_line), want, "{text:?} {capacity} {max_line}");
        let want = plain_lines(&mut Cursor::new(text.clone()), max_line);
        assert_eq!(source_lines(Box::new(Cursor::new(text.clone())), max_line), want, "{text:?} {max_line}");
    }
}

/// The line break search by words finds the first line break wherever it
/// lies in or after the words, and none when there is none.
#[test]
fn find_newline_finds_the_first_break() {
    for len in 0..40 {
        for at in 0..=len {
            let mut bytes = vec![b'x'; len];
            // Bytes around the break's value, which a word's borrow might
            // take for it.
            for (i, b) in bytes.iter_mut().enumerate() {
                *b = [b'x', 0x0b, 0x09, 0x8a, 0x0a ^ 0x80, 0x01][i % 6];
            }
            if at < len {
                bytes[at] = b'\n';
                if at + 1 < len {
                    bytes[at + 1] = b'\n';
                }
            }
            assert_eq!(find_newline(&bytes), bytes.iter().position(|&b| b == b'\n'), "{bytes:?}");
        }
    }
}

/// The judge's line of single digits read in one word agrees with its
/// tokens whatever ASCII byte stands at any of its places (a digit's
/// neighbours `/` and `:`, spaces of other kinds, letters; not a line
/// break), on lines of
/// one and of four numbers, with and without more text after them.
#[test]
fn single_digit_lines_read_in_a_word_agree_with_their_tokens() {
    for (line, ask_four) in [("1 2 3 4", true), ("7", false)] {
        for place in 0..line.len() {
            for b in (0..0x80u8).filter(|&b| b != b'\n') {
                let mut bytes = line.as_bytes().to_vec();
                bytes[place] = b;
                let line = String::from_utf8(bytes).unwrap();
                let n = if ask_four { 4 } else { 1 };
                let words: Vec<&str> = line.split_whitespace().collect();
                let numbers = words.iter().all(|w| w.len() <= 4 && w.bytes().all(|c| c.is_ascii_digit()));
                let want: Option<Vec<i32>> =
                    (words.len() == n && numbers).then(|| words.iter().map(|w| w.parse().unwrap()).collect());
                for after in ["\n", "\r\n", "\n5 6 7 8\n", ""] {
                    let text = format!("{line}{after}");
                    let (mut a, mut b) = (Tokens::from_text(&text), Tokens::from_text(&text));
                    let got = if ask_four {
                        a.number_line::<4>().map(|n| n.to_vec())
                    } else {
                        a.number_line::<1>().map(|n| n.to_vec())
                    };
                    if got.is_some() {
                        (0..n).for_each(|_| assert!(b.advance()));
                        let (ta, tb) = (a.token(), b.token());
                        assert_eq!((ta.text, ta.line, ta.column), (tb.text, tb.line, tb.column), "{text:?}");
                    }
                    assert_eq!(got, want, "{text:?}");
                }
            }
        }
    }
}
