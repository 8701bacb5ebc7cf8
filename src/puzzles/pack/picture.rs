//! The picture format (docs/pack.md): statements `piece`, `board`, `set`
//! and `puzzle`, each piece or board drawn on the lines after its
//! statement. Read line by line; every error names its line (and column).
//! A case ends where the next `puzzle` statement (or the input) does, so it
//! is answered once that line has arrived.

use super::board::{Board, MAX_SIDE};
use super::case::{Case, PieceSpec};
use super::puzzle::{set_piece_name, MAX_NAME, MAX_PIECES};
use super::syntax::{content, is_comment, keyword, words};
use crate::puzzles::input::{parse_uint, show, Line, ParseError, Token};
use crate::puzzles::pieces::PieceSet;
use crate::puzzles::polyomino::Shape;
use crate::puzzles::stream::Source;

/// A line kept while the statement it belongs to is read.
struct Kept {
    number: usize,
    text: String,
}

impl Kept {
    fn view(&self) -> Line<'_> {
        Line { number: self.number, text: &self.text }
    }
}

/// Reads cases in the picture format.
pub(super) struct PictureReader {
    pub(super) source: Source,
    /// A line read ahead.
    pending: Option<Kept>,
    /// Cases read so far.
    number: usize,
}

impl PictureReader {
    pub(super) fn new(source: Source) -> Self {
        PictureReader { source, pending: None, number: 0 }
    }

    fn next_line(&mut self) -> Option<Kept> {
        if let Some(line) = self.pending.take() {
            return Some(line);
        }
        let line = self.source.next_line()?;
        Some(Kept { number: line.number, text: line.text.to_string() })
    }

    /// The next line that is neither blank nor a comment.
    fn next_statement(&mut self) -> Option<Kept> {
        loop {
            let line = self.next_line()?;
            if !line.view().is_blank() && !is_comment(&line.view()) {
                return Some(line);
            }
        }
    }

    /// The picture rows after a header: the lines up to the next empty line
    /// or keyword (comment lines skipped). More rows than a picture may have
    /// end the picture (its size is refused then), so that memory stays
    /// bounded.
    fn picture(&mut self) -> Vec<Kept> {
        let mut rows = Vec::new();
        while let Some(line) = self.next_line() {
            let view = line.view();
            if is_comment(&view) {
                continue;
            }
            if view.is_blank() || keyword(&view).is_some() || rows.len() > MAX_SIDE {
                self.pending = Some(line);
                break;
            }
            rows.push(line);
        }
        rows
    }

    pub(super) fn read_case(&mut self) -> Result<Option<Case>, ParseError> {
        let Some(first) = self.next_statement() else {
            if self.number == 0 {
                // An input of comments alone: one case without pieces.
                self.number = 1;
                return Ok(Some(Case { line: 1, pieces: vec![], specs: vec![], board: None }));
            }
            return Ok(None);
        };
        self.number += 1;
        let mut case = Case { line: first.number, pieces: vec![], specs: vec![], board: None };
        let mut line = first;
        if keyword(&line.view()) == Some("puzzle") {
            match self.next_statement() {
                Some(l) => line = l,
                None => return Ok(Some(case)),
            }
        }
        loop {
            let view = line.view();
            match keyword(&view) {
                Some("puzzle") => {
                    self.pending = Some(line);
                    break;
                }
                Some("board") => self.board_statement(&view, &mut case)?,
                Some("piece") => self.piece_statement(&view, &mut case)?,
                Some("set") => set_statement(&view, &mut case)?,
                _ => {
                    let found = content(&view).split_whitespace().next().unwrap_or("");
                    return Err(view.error(format!(
                        "expected `piece`, `board`, `set` or `puzzle`, found {} (a picture ends at an empty line)",
                        show(found)
                    )));
                }
            }
            if case.pieces.len() > MAX_PIECES {
                return Err(view.error(format!("more than {MAX_PIECES} pieces in one puzzle")));
            }
            match self.next_statement() {
                Some(l) => line = l,
                None => break,
            }
        }
        Ok(Some(case))
    }

    fn board_statement(&mut self, line: &Line, case: &mut Case) -> Result<(), ParseError> {
        if let Some((_, at)) = &case.board {
            return Err(line.error(format!("a second board (the first is on line {at})")));
        }
        let words = words(line);
        let board = match words.get(1) {
            Some(&(col, size)) => {
                if let Some(&(col, _)) = words.get(2) {
                    return Err(line.error_at(col, "expected only `board ROWSxCOLS` on this line"));
                }
                let parsed = size.split_once(['x', 'X']).and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
                match parsed {
                    Some((r, c)) if (1..=MAX_SIDE).contains(&r) && (1..=MAX_SIDE).contains(&c) => {
                        Board::rectangle(r, c)
                    }
                    _ => {
                        return Err(line.error_at(
                            col,
                            format!(
                                "expected the board size ROWSxCOLS with sides from 1 to {MAX_SIDE}, found {}",
                                show(size)
                            ),
                        ))
                    }
                }
            }
            None => {
                let rows = self.picture();
                if rows.is_empty() {
                    return Err(line.error("expected the board's picture on the next lines, or `board ROWSxCOLS`"));
                }
                let texts: Vec<&str> = rows.iter().map(|r| content(&r.view())).collect();
                Board::from_picture(&texts).map_err(|e| ParseError::at(rows[0].number, e.to_string()))?
            }
        };
        case.board = Some((board, line.number));
        Ok(())
    }

    fn piece_statement(&mut self, line: &Line, case: &mut Case) -> Result<(), ParseError> {
        let m = modifiers(line, true)?;
        let rows = self.picture();
        if rows.is_empty() {
            return Err(line.error("expected the piece's picture on the next lines (`#` or a letter for a solid cell)"));
        }
        let mut cells = Vec::new();
        let mut letters = std::collections::BTreeSet::new();
        for (r, row) in rows.iter().enumerate() {
            let row = row.view();
            for (c, ch) in content(&row).chars().enumerate() {
                match ch {
                    '#' => cells.push((r, c)),
                    _ if ch.is_ascii_alphabetic() => {
                        letters.insert(ch);
                        cells.push((r, c));
                    }
                    '.' | ' ' | '\t' => {}
                    _ => {
                        return Err(row.error_at(
                            c + 1,
                            format!(
                                "expected `#`, a letter or `.` in a piece picture, found {}",
                                show(&ch.to_string())
                            ),
                        ))
                    }
                }
            }
        }
        let Some(shape) = Shape::new(cells) else {
            return Err(line.error("the piece has no solid cell (`#` or a letter)"));
        };
        let (h, w) = shape.extent();
        if h > MAX_SIDE || w > MAX_SIDE {
            return Err(line.error(format!("the piece spans {h}x{w}; each side may be at most {MAX_SIDE}")));
        }
        // A piece drawn with one letter (and no `#`) is named by it.
        let hashes = rows.iter().any(|r| content(&r.view()).contains('#'));
        let name = m.name.or_else(|| match (letters.len(), letters.first()) {
            (1, Some(ch)) if !hashes => Some(ch.to_string()),
            _ => None,
        });
        let spec = PieceSpec { name, rotate: m.rotate, flip: m.flip };
        for _ in 0..m.count {
            case.pieces.push((shape.clone(), line.number));
            case.specs.push(spec.clone());
        }
        Ok(())
    }
}

/// What may follow `piece` or `set NAME`.
struct Modifiers {
    name: Option<String>,
    count: usize,
    rotate: Option<bool>,
    flip: Option<bool>,
}

/// Parses the words after `piece` (with a name allowed) or after
/// `set NAME`.
fn modifiers(line: &Line, named: bool) -> Result<Modifiers, ParseError> {
    let mut m = Modifiers { name: None, count: 1, rotate: None, flip: None };
    let mut counted = false;
    let skip = if named { 1 } else { 2 };
    for (col, w) in words(line).into_iter().skip(skip) {
        let set = |slot: &mut Option<bool>, v: bool| -> Result<(), ParseError> {
            if slot.is_some_and(|old| old != v) {
                return Err(line.error_at(col, format!("{} contradicts an earlier word", show(w))));
            }
            *slot = Some(v);
            Ok(())
        };
        match w {
            "rotate" => set(&mut m.rotate, true)?,
            "no-rotate" => set(&mut m.rotate, false)?,
            "flip" => set(&mut m.flip, true)?,
            "no-flip" => set(&mut m.flip, false)?,
            "fixed" => {
                set(&mut m.rotate, false)?;
                set(&mut m.flip, false)?;
            }
            "free" => {
                set(&mut m.rotate, true)?;
                set(&mut m.flip, true)?;
            }
            _ if w.len() > 1 && w.starts_with(['x', 'X']) && w[1..].bytes().all(|b| b.is_ascii_digit()) => {
                if counted {
                    return Err(line.error_at(col, "a second count"));
                }
                counted = true;
                let count = Token { line: line.number, column: col + 1, text: &w[1..] };
                let n = parse_uint(&count, "a count", MAX_PIECES as u64)?;
                if n == 0 {
                    return Err(line.error_at(col, "the count must be at least 1 (x1)"));
                }
                m.count = n as usize;
            }
            _ if named && w.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                if m.name.is_some() {
                    return Err(line.error_at(
                        col,
                        format!(
                            "unexpected {}: a piece has one name; the other words are a count (x2) or \
                             rotate, no-rotate, flip, no-flip, fixed, free",
                            show(w)
                        ),
                    ));
                }
                let ok = w.chars().all(|c| c.is_ascii_alphanumeric() || "'_-".contains(c));
                if !ok || w.chars().count() > MAX_NAME {
                    return Err(line.error_at(
                        col,
                        format!(
                            "bad name {}: a letter, then letters, digits, `'`, `_` or `-`; at most {MAX_NAME} characters",
                            show(w)
                        ),
                    ));
                }
                m.name = Some(w.to_string());
            }
            _ => {
                let what = if named { "a name, " } else { "" };
                let hint = if w.bytes().all(|b| b.is_ascii_digit()) { " (a count is written x2)" } else { "" };
                return Err(line.error_at(
                    col,
                    format!(
                        "unexpected {}: expected {what}a count like x2, or rotate, no-rotate, flip, no-flip, fixed, free{hint}",
                        show(w)
                    ),
                ));
            }
        }
    }
    Ok(m)
}

/// `set NAME [xN] [rules]`: a built-in set's pieces, with their names.
fn set_statement(line: &Line, case: &mut Case) -> Result<(), ParseError> {
    let words = words(line);
    let Some(&(col, name)) = words.get(1) else {
        return Err(line.error(format!("expected the name of a set: {}", set_names())));
    };
    let Some(set) = PieceSet::by_name(name) else {
        return Err(line.error_at(col, format!("unknown set {} (known: {})", show(name), set_names())));
    };
    let m = modifiers(line, false)?;
    for _ in 0..m.count {
        for (name, shape, freedom) in set.pieces() {
            let earlier = case.specs.iter().zip(&case.pieces).map(|(s, p)| (s.name.as_deref(), p.0.size()));
            let name = set_piece_name(&name, shape.size(), earlier);
            case.pieces.push((shape, line.number));
            case.specs.push(PieceSpec {
                name: Some(name),
                rotate: Some(m.rotate.unwrap_or(freedom.rotate)),
                flip: Some(m.flip.unwrap_or(freedom.flip)),
            });
        }
    }
    Ok(())
}

fn set_names() -> String {
    PieceSet::ALL.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}
