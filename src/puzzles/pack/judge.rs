//! The judge's input format (UVa 387): the number of pieces, then each
//! piece as `rows cols` and its rows of `0`/`1`; a lone `0` ends the input.
//! Read as white-space separated tokens, as the judge's `scanf` reads it.

use super::board::MAX_SIDE;
use super::case::{Case, PieceSpec};
use super::puzzle::MAX_PIECES;
use super::syntax::near_keyword;
use crate::puzzles::input::{counted, parse_uint, show, within, ParseError, Token};
use crate::puzzles::polyomino::Shape;
use crate::puzzles::stream::{Source, Tokens};

/// Reads cases in the judge's format.
pub(super) struct JudgeReader {
    pub(super) tokens: Tokens,
    /// Cases read so far.
    number: usize,
}

impl JudgeReader {
    pub(super) fn new(source: Source) -> Self {
        JudgeReader { tokens: Tokens::new(source), number: 0 }
    }

    /// The judge's format, read as white-space separated tokens as the
    /// judge's `scanf` reads it: numbers, and each piece row one token.
    pub(super) fn read_case(&mut self) -> Result<Option<Case>, ParseError> {
        let tokens = &mut self.tokens;
        let tok = tokens.expect(|| "a number of pieces or the terminating `0`".into())?;
        if let Some(k) = near_keyword(tok.text) {
            return Err(tok.error(format!(
                "expected a number of pieces (the judge's format), found {}; did you mean `{k}` (the picture format)?",
                show(tok.text)
            )));
        }
        let p = parse_uint(&tok, "a number of pieces", u64::MAX)?;
        if p == 0 {
            return Ok(None);
        }
        if p > MAX_PIECES as u64 {
            return Err(tok.error(format!("{p} pieces are too many (at most {MAX_PIECES})")));
        }
        let line = tok.line;
        self.number += 1;
        let case = self.number;
        let mut pieces = Vec::new();
        for k in 1..=p as usize {
            let missing = |what: &str| format!("{what} of piece {k}; case {case} needs {}", counted(p, "piece"));
            let out_of_range =
                |t: &Token| t.error(format!("piece size {} is out of range (1 to {MAX_SIDE})", show(t.text)));
            let head = tokens.expect(|| missing("the number of rows"))?;
            let h = parse_uint(&head, "a number of rows", u64::MAX).map_err(|e| within(e, format!("piece {k}")))?;
            let head_at = (head.line, head.column);
            // The columns are read first: a bad row count is reported after a bad column count's parse error.
            let bad_rows = (h == 0 || h > MAX_SIDE as u64).then(|| out_of_range(&head));
            let wt = tokens.expect(|| missing("the number of columns"))?;
            let w = parse_uint(&wt, "a number of columns", u64::MAX).map_err(|e| within(e, format!("piece {k}")))?;
            if let Some(e) = bad_rows {
                return Err(e);
            }
            if w == 0 || w > MAX_SIDE as u64 {
                return Err(out_of_range(&wt));
            }
            let (h, w) = (h as usize, w as usize);
            let mut cells = Vec::new();
            for r in 0..h {
                let row = tokens.expect(|| missing(&format!("row {} of {h}", r + 1)))?;
                let mut width = 0;
                for (c, ch) in row.text.chars().enumerate() {
                    width += 1;
                    match ch {
                        '1' => cells.push((r, c)),
                        '0' => {}
                        _ => {
                            return Err(ParseError::at_column(
                                row.line,
                                row.column + c,
                                format!(
                                    "expected `0` or `1` in row {} of piece {k}, found {}",
                                    r + 1,
                                    show(&ch.to_string())
                                ),
                            ))
                        }
                    }
                }
                if width != w {
                    return Err(row.error(format!(
                        "row {} of piece {k} has {width} cell{}, expected {w}",
                        r + 1,
                        if width == 1 { "" } else { "s" }
                    )));
                }
            }
            let Some(shape) = Shape::new(cells) else {
                return Err(ParseError::at_column(head_at.0, head_at.1, format!("piece {k} has no solid cell (`1`)")));
            };
            pieces.push((shape, head_at.0));
        }
        let specs = vec![PieceSpec::default(); pieces.len()];
        Ok(Some(Case { line, pieces, specs, board: None }))
    }
}
