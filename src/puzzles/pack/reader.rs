//! Reading cases: the two input formats told apart
//! ([`is_picture_format`]), each read by its own reader
//! ([`judge`](super::judge), [`picture`](super::picture)), into one
//! [`Case`] type that the command line turns into a puzzle.

use super::case::Case;
use super::judge::JudgeReader;
use super::picture::PictureReader;
use super::syntax::{is_comment, keyword};
use crate::puzzles::input::{next_case, Line, Lines, ParseError};
use crate::puzzles::stream::{CaseReader, Source};

/// Whether a text is in the picture format: its first non-blank line starts
/// with a keyword or a comment.
pub fn is_picture_format(text: &str) -> bool {
    let mut lines = Lines::new(text);
    lines.next_nonblank().is_some_and(|l| is_picture_line(&l))
}

/// Whether the first non-blank line of a text says the picture format.
fn is_picture_line(line: &Line) -> bool {
    is_comment(line) || keyword(line).is_some()
}

/// Reads cases one at a time, in either format.
pub struct Reader {
    format: Format,
    done: bool,
}

/// The reader of the input's format.
enum Format {
    Judge(JudgeReader),
    Picture(PictureReader),
}

impl Reader {
    /// A reader of `text`, in the format [`is_picture_format`] tells.
    pub fn new(text: &str) -> Self {
        Reader::from_source(Source::from_text(text))
    }

    /// A reader of `source`, in the format its first non-blank line tells
    /// (see [`is_picture_format`]).
    pub fn from_source(mut source: Source) -> Self {
        let picture = source.peek_nonblank().is_some_and(|l| is_picture_line(&l));
        let format =
            if picture { Format::Picture(PictureReader::new(source)) } else { Format::Judge(JudgeReader::new(source)) };
        Reader { format, done: false }
    }
}

impl Iterator for Reader {
    type Item = Result<Case, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = match &mut self.format {
            Format::Judge(r) => r.read_case(),
            Format::Picture(r) => r.read_case(),
        };
        next_case(&mut self.done, result)
    }
}

impl CaseReader for Reader {
    fn source(&mut self) -> &mut Source {
        match &mut self.format {
            Format::Judge(r) => r.tokens.source(),
            Format::Picture(r) => &mut r.source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::pack::{Board, PieceSpec};
    use crate::puzzles::polyomino::Shape;

    fn read(text: &str) -> Result<Vec<Case>, ParseError> {
        Reader::new(text).collect()
    }

    #[test]
    fn formats_are_told_apart() {
        assert!(!is_picture_format("\n 2\n1 1\n1\n"));
        assert!(is_picture_format("\n  piece\n#\n"));
        assert!(is_picture_format("// a comment\n"));
        assert!(!is_picture_format("pieces\n"));
    }

    #[test]
    fn pictures_names_counts_and_rules() {
        let cases = read(
            "// two puzzles\npiece L x2 rotate // an L\n#.\n##\n\npiece\n.Z\n.Z\n\nset trominoes no-flip\npuzzle\nboard 2x3\npiece fixed\n###\n",
        )
        .unwrap();
        assert_eq!(cases.len(), 2);
        let c = &cases[0];
        assert_eq!(c.line, 2);
        assert_eq!(c.pieces.len(), 5);
        assert_eq!(c.specs[0], PieceSpec { name: Some("L".into()), rotate: Some(true), flip: None });
        assert_eq!(c.specs[1], c.specs[0]);
        assert_eq!(c.specs[2].name.as_deref(), Some("Z"));
        assert_eq!(c.pieces[2].0, Shape::new([(0, 0), (1, 0)]).unwrap());
        assert_eq!(c.specs[3], PieceSpec { name: Some("I".into()), rotate: Some(true), flip: Some(false) });
        assert_eq!(cases[1].line, 11);
        assert_eq!(cases[1].board.as_ref().unwrap().0, Board::rectangle(2, 3));
        assert_eq!(cases[1].specs[0], PieceSpec { name: None, rotate: Some(false), flip: Some(false) });
    }

    #[test]
    fn boards_are_cropped_pictures() {
        let cases = read("board\n  ####\n  #..#\n  #.##\n\npiece\n##\n").unwrap();
        let (b, line) = cases[0].board.clone().unwrap();
        assert_eq!(line, 1);
        assert_eq!((b.rows, b.cols, b.area()), (2, 2, 3));
        assert!(!b.is_cell(1, 1));
        assert!(Board::read_picture("\n\n..\n\n").is_ok());
        assert_eq!(Board::read_picture("..\n\n..\n").unwrap_err().line, 2);
        assert_eq!(Board::read_picture("##\n").unwrap_err().line, 1);
    }

    #[test]
    fn errors_name_the_line() {
        let line = |t: &str| read(t).unwrap_err().line;
        assert_eq!(line("piece\n#1\n"), 2);
        assert_eq!(line("piece\n\n#\n"), 1);
        assert_eq!(line("piece A B\n#\n"), 1);
        assert_eq!(line("piece x0\n#\n"), 1);
        assert_eq!(line("piece 3\n#\n"), 1);
        assert_eq!(line("piece\n#\n\n#\n"), 4);
        assert_eq!(line("set nope\n"), 1);
        assert_eq!(line("board 0x3\n"), 1);
        assert_eq!(line("board 2x2\nboard 2x2\n"), 2);
        assert_eq!(line("piece rotate no-rotate\n#\n"), 1);
        assert!(read("piece 3\n#\n").unwrap_err().message.contains("x2"));
    }
}
