//! The words of the picture format: its keywords, comments, and the
//! misspellings worth a hint. Shared by the picture reader, the board file
//! reader and the test that tells the two input formats apart.

use crate::puzzles::input::Line;

/// The keywords of the picture format.
pub(super) const KEYWORDS: [&str; 4] = ["puzzle", "board", "piece", "set"];

pub(super) fn is_comment(line: &Line) -> bool {
    line.text.trim_start().starts_with("//")
}

/// The text of a line without its `//` comment.
pub(super) fn content<'a>(line: &Line<'a>) -> &'a str {
    match line.text.find("//") {
        Some(i) => line.text[..i].trim_end(),
        None => line.text,
    }
}

/// The keyword a line starts with, if any.
pub(super) fn keyword(line: &Line) -> Option<&'static str> {
    let first = content(line).split_whitespace().next()?;
    KEYWORDS.iter().copied().find(|&k| k == first)
}

/// The keyword a misspelt word was likely meant to be (`bord`, `Board`,
/// `peice`): same letters but for case, or one edit away.
pub(super) fn near_keyword(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    if word.len() < 3 || !word.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    KEYWORDS.iter().copied().find(|k| edits(&word, k) <= 1 + usize::from(k.len() > 4))
}

/// The edit distance between two short words (insertions, deletions,
/// substitutions, and swaps of neighbours).
fn edits(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// The words of a line (before its comment), with their columns.
pub(super) fn words<'a>(line: &Line<'a>) -> Vec<(usize, &'a str)> {
    let text = content(line);
    let cut = Line { number: line.number, text };
    cut.tokens().collect()
}
