//! Puzzle objects checked and turned into the library's puzzles: the
//! ranges of docs/json.md ("What tessera checks"), positions from 1-based
//! to 0-based, and the board picture read by the one board reader,
//! [`Board::from_picture`] (so a JSON board is cropped to its cells like
//! a board in the picture format).
//!
//! Every refusal is a [`PuzzleError`]; its message is what the user sees
//! after the puzzle's line (`line 3: a 2x2 board needs 4 tiles, found 3`).

use super::puzzle::{FixJson, PackPuzzleJson, TilePuzzleJson};
use crate::puzzles::input::counted;
use crate::puzzles::pack::{Board, PackPuzzle, PictureError, Piece, MAX_PIECES};
use crate::puzzles::polyomino::{Freedom, Shape};
use crate::puzzles::tiles::{Border, Fix, Rule, TilePuzzle};
use std::fmt;

/// Why a JSON puzzle is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A board side (`rows`, `cols`, `board rows`, `board cols`) out of range.
    #[error("{what} {value} is out of range (1 to {max})")]
    Side {
        /// Which side.
        what: &'static str,
        /// The side given.
        value: usize,
        /// The largest side.
        max: usize,
    },
    /// A tile board without one tile per cell.
    #[error("a {rows}x{cols} board needs {}, found {found}", counted((rows * cols) as u64, "tile"))]
    TileCount {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
        /// The tiles given.
        found: usize,
    },
    /// A tile label out of the puzzle's range.
    #[error("tile {tile}: label {label} is out of range ({min} to {max})")]
    Label {
        /// The tile, 1-based.
        tile: usize,
        /// The label given.
        label: i32,
        /// The smallest label.
        min: i32,
        /// The largest label.
        max: i32,
    },
    /// A hint with a 0 position.
    #[error("fix {fix}: piece, row and col are 1-based (found 0)")]
    FixZero {
        /// The hint, 1-based.
        fix: usize,
    },
    /// A hint with a rotation beyond 3.
    #[error("fix {fix}: rotation {rotation} is not 0, 1, 2 or 3")]
    FixRotation {
        /// The hint, 1-based.
        fix: usize,
        /// The rotation given.
        rotation: u8,
    },
    /// A Tetravex border label out of range.
    #[error("border label {label} is out of range (0 to {max})")]
    BorderLabel {
        /// The label given.
        label: i32,
        /// The largest label.
        max: u64,
    },
    /// An edges puzzle with a border other than flat.
    #[error("border {label}: the outline of an edges puzzle is flat (0)")]
    EdgesBorder {
        /// The border given.
        label: i32,
    },
    /// A board picture with another number of rows than `rows`.
    #[error("the board picture has {found} rows, expected {rows}")]
    PictureRows {
        /// The rows of the picture.
        found: usize,
        /// The board's `rows`.
        rows: usize,
    },
    /// A board picture row with another number of cells than `cols`.
    #[error("board picture row {row} has {found} cells, expected {cols}")]
    PictureRow {
        /// The row, 1-based.
        row: usize,
        /// Its cells.
        found: usize,
        /// The board's `cols`.
        cols: usize,
    },
    /// A character other than the two a picture may hold.
    #[error("{picture}, row {row}: expected `{solid}` or `{empty}`, found `{found}`")]
    PictureChar {
        /// Which picture.
        picture: PictureOf,
        /// The row, 1-based.
        row: usize,
        /// The character that marks a cell.
        solid: char,
        /// The character that marks no cell.
        empty: char,
        /// The character found.
        found: char,
    },
    /// A board picture that draws no board.
    #[error("{0}")]
    Board(#[from] PictureError),
    /// More pieces than [`MAX_PIECES`].
    #[error("{count} pieces are too many (at most {MAX_PIECES})")]
    TooManyPieces {
        /// The pieces given.
        count: usize,
    },
    /// A piece picture larger than a board may be.
    #[error("piece {piece} is {height}x{width}, larger than {max}x{max}")]
    PieceTooLarge {
        /// The piece, 1-based.
        piece: usize,
        /// The picture's rows.
        height: usize,
        /// The picture's longest row.
        width: usize,
        /// The largest side.
        max: usize,
    },
    /// A piece picture without a `#`.
    #[error("piece {piece} has no solid cell (`#`)")]
    EmptyPiece {
        /// The piece, 1-based.
        piece: usize,
    },
}

/// The message alone: callers that report errors as text (the command
/// line's `line N: ...`) take a [`PuzzleError`] where a `String` goes.
impl From<PuzzleError> for String {
    fn from(e: PuzzleError) -> String {
        e.to_string()
    }
}

/// Which picture a [`PuzzleError::PictureChar`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureOf {
    /// The board's picture.
    Board,
    /// The picture of a piece (1-based).
    Piece(usize),
}

impl fmt::Display for PictureOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureOf::Board => f.write_str("board picture"),
            PictureOf::Piece(k) => write!(f, "piece {k}"),
        }
    }
}

fn check_side(what: &'static str, value: usize, max: usize) -> Result<(), PuzzleError> {
    if value == 0 || value > max {
        return Err(PuzzleError::Side { what, value, max });
    }
    Ok(())
}

impl FixJson {
    /// The 0-based hint; `k` is its 1-based number, for messages.
    pub fn to_fix(&self, k: usize) -> Result<Fix, PuzzleError> {
        if self.piece == 0 || self.row == 0 || self.col == 0 {
            return Err(PuzzleError::FixZero { fix: k });
        }
        if let Some(rotation) = self.rotation.filter(|&r| r > 3) {
            return Err(PuzzleError::FixRotation { fix: k, rotation });
        }
        Ok(Fix { piece: self.piece - 1, row: self.row - 1, col: self.col - 1, rotation: self.rotation })
    }
}

impl TilePuzzleJson {
    fn tiles_and_fixes(&self, max_side: usize, (min, max): (i32, i32)) -> Result<Vec<Fix>, PuzzleError> {
        check_side("rows", self.rows, max_side)?;
        check_side("cols", self.cols, max_side)?;
        if self.tiles.len() != self.rows * self.cols {
            return Err(PuzzleError::TileCount { rows: self.rows, cols: self.cols, found: self.tiles.len() });
        }
        for (i, t) in self.tiles.iter().enumerate() {
            if let Some(&label) = t.iter().find(|l| !(min..=max).contains(l)) {
                return Err(PuzzleError::Label { tile: i + 1, label, min, max });
            }
        }
        self.fixes.iter().enumerate().map(|(k, f)| f.to_fix(k + 1)).collect()
    }

    /// A Tetravex puzzle (labels 0-9999, sides up to 32, any `border`).
    pub fn to_tetravex(&self) -> Result<TilePuzzle, PuzzleError> {
        use crate::puzzles::tetravex::{MAX_LABEL, MAX_SIDE};
        let fixes = self.tiles_and_fixes(MAX_SIDE, (0, MAX_LABEL as i32))?;
        if let Some(label) = self.border.filter(|b| !(0..=MAX_LABEL as i32).contains(b)) {
            return Err(PuzzleError::BorderLabel { label, max: MAX_LABEL });
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
    pub fn to_edges(&self) -> Result<TilePuzzle, PuzzleError> {
        use crate::puzzles::edges::{MAX_SHAPE, MAX_SIDE};
        let fixes = self.tiles_and_fixes(MAX_SIDE, (-(MAX_SHAPE as i32), MAX_SHAPE as i32))?;
        if let Some(label) = self.border.filter(|&b| b != 0) {
            return Err(PuzzleError::EdgesBorder { label });
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

/// Checks that a picture holds only `solid` and `empty`; returns the cells
/// marked `solid`.
fn picture_cells(
    rows: &[String],
    solid: char,
    empty: char,
    picture: PictureOf,
) -> Result<Vec<(usize, usize)>, PuzzleError> {
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == solid {
                cells.push((r, c));
            } else if ch != empty {
                return Err(PuzzleError::PictureChar { picture, row: r + 1, solid, empty, found: ch });
            }
        }
    }
    Ok(cells)
}

impl PackPuzzleJson {
    /// A packing puzzle; `line` is where its JSON starts (pieces report it).
    /// The board must be `rows` strings of `cols` characters `.` or `#`;
    /// it is then read by [`Board::from_picture`], cropped to its cells.
    pub fn to_puzzle(&self, line: usize) -> Result<PackPuzzle, PuzzleError> {
        use crate::puzzles::pack::MAX_SIDE;
        let b = &self.board;
        check_side("board rows", b.rows, MAX_SIDE)?;
        check_side("board cols", b.cols, MAX_SIDE)?;
        if b.picture.len() != b.rows {
            return Err(PuzzleError::PictureRows { found: b.picture.len(), rows: b.rows });
        }
        if let Some((r, row)) = b.picture.iter().enumerate().find(|(_, row)| row.chars().count() != b.cols) {
            return Err(PuzzleError::PictureRow { row: r + 1, found: row.chars().count(), cols: b.cols });
        }
        picture_cells(&b.picture, '.', '#', PictureOf::Board)?;
        let board = Board::from_picture(&b.picture)?;
        if self.pieces.len() > MAX_PIECES {
            return Err(PuzzleError::TooManyPieces { count: self.pieces.len() });
        }
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for (i, p) in self.pieces.iter().enumerate() {
            let piece = i + 1;
            let height = p.picture.len();
            let width = p.picture.iter().map(|r| r.chars().count()).max().unwrap_or(0);
            if height > MAX_SIDE || width > MAX_SIDE {
                return Err(PuzzleError::PieceTooLarge { piece, height, width, max: MAX_SIDE });
            }
            let shape = Shape::new(picture_cells(&p.picture, '#', '.', PictureOf::Piece(piece))?)
                .ok_or(PuzzleError::EmptyPiece { piece })?;
            pieces.push(Piece {
                shape,
                name: p.name.clone(),
                freedom: Freedom { rotate: p.rotate, flip: p.flip },
                line,
            });
        }
        Ok(PackPuzzle { board, pieces })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::pack::{Case, Reader};

    const ONE: &str = r#"{"rows":1,"cols":1,"tiles":[[1,2,3,4]]}"#;

    #[test]
    fn puzzles_convert_and_check() {
        let p: TilePuzzleJson = serde_json::from_str(ONE).unwrap();
        assert_eq!(p.to_tetravex().unwrap().tiles, vec![[1, 2, 3, 4]]);
        assert!(p.to_edges().unwrap().rule == Rule::Complement);
        let bad = TilePuzzleJson { rows: 2, ..p.clone() };
        assert_eq!(bad.to_tetravex().unwrap_err().to_string(), "a 2x1 board needs 2 tiles, found 1");
        let bad = TilePuzzleJson { tiles: vec![[1, 2, 3, 10000]], ..p.clone() };
        assert_eq!(bad.to_tetravex().unwrap_err().to_string(), "tile 1: label 10000 is out of range (0 to 9999)");
        let bad = TilePuzzleJson { border: Some(1), ..p };
        assert_eq!(bad.to_edges().unwrap_err(), PuzzleError::EdgesBorder { label: 1 });
        let pack: PackPuzzleJson = serde_json::from_str(
            r###"{"board":{"rows":1,"cols":3,"picture":["..#"]},"pieces":[{"picture":["##"],"rotate":true}]}"###,
        )
        .unwrap();
        let p = pack.to_puzzle(7).unwrap();
        assert_eq!((p.board.area(), p.pieces[0].shape.size(), p.pieces[0].line), (2, 2, 7));
        let cropped: PackPuzzleJson = serde_json::from_str(
            r###"{"board":{"rows":1,"cols":2,"picture":[".."]},"pieces":[{"picture":["##"],"rotate":true}]}"###,
        )
        .unwrap();
        assert_eq!(PackPuzzleJson::from_puzzle(&p), cropped);
    }

    #[test]
    fn messages_are_the_documented_ones() {
        let e = |text: &str| {
            let pack: PackPuzzleJson = serde_json::from_str(text).unwrap();
            String::from(pack.to_puzzle(1).unwrap_err())
        };
        assert_eq!(
            e(r##"{"board":{"rows":0,"cols":1,"picture":[]},"pieces":[]}"##),
            "board rows 0 is out of range (1 to 64)"
        );
        assert_eq!(
            e(r##"{"board":{"rows":1,"cols":1,"picture":["x"]},"pieces":[]}"##),
            "board picture, row 1: expected `.` or `#`, found `x`"
        );
        assert_eq!(
            e(r##"{"board":{"rows":1,"cols":1,"picture":["#"]},"pieces":[]}"##),
            "the board has no cell to fill (`.`)"
        );
        assert_eq!(
            e(r##"{"board":{"rows":1,"cols":1,"picture":["."]},"pieces":[{"picture":["."]}]}"##),
            "piece 1 has no solid cell (`#`)"
        );
        assert_eq!(
            e(r##"{"board":{"rows":1,"cols":1,"picture":["."]},"pieces":[{"picture":["#x"]}]}"##),
            "piece 1, row 1: expected `#` or `.`, found `x`"
        );
        let fix = FixJson { piece: 1, row: 1, col: 1, rotation: Some(4) };
        assert_eq!(fix.to_fix(2).unwrap_err().to_string(), "fix 2: rotation 4 is not 0, 1, 2 or 3");
    }

    /// One picture, one board: a JSON board and the same picture in the
    /// picture format make the same puzzle (both cropped to their cells).
    #[test]
    fn json_and_text_pictures_make_one_board() {
        let picture = ["#####", "#..##", "#...#", "#####"];
        let json = serde_json::json!({
            "board": {"rows": 4, "cols": 5, "picture": picture},
            "pieces": [{"picture": ["##", "#."]}, {"picture": ["##"]}],
        });
        let json: PackPuzzleJson = serde_json::from_value(json).unwrap();
        let from_json = json.to_puzzle(1).unwrap();
        let text = format!("board\n{}\n\npiece\n##\n#.\n\npiece\n##\n", picture.join("\n"));
        let case: Case = Reader::new(&text).next().unwrap().unwrap();
        let (board, _) = case.board.clone().unwrap();
        let from_text = case.puzzle(&board, Freedom::default());
        assert_eq!((from_json.board.rows, from_json.board.cols, from_json.board.area()), (2, 3, 5));
        assert_eq!(from_json.board, from_text.board);
        let shapes = |p: &PackPuzzle| p.pieces.iter().map(|x| x.shape.clone()).collect::<Vec<_>>();
        assert_eq!(shapes(&from_json), shapes(&from_text));
    }
}
