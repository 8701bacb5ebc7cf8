//! Helpers shared by the fuzz targets: reading a fuzz input as options plus
//! text (the way the CLI decodes its input), checking parse errors, writing
//! parsed cases back as text (round trips), and checking solutions against
//! the rules without the engine.

use std::collections::HashSet;
use tessera::puzzles::input::{decode_prefix, ParseError};
use tessera::puzzles::pack::{Board, PackPuzzle, PackSolution};
use tessera::puzzles::polyomino::Freedom;
use tessera::puzzles::tiles::{rotate, Border, Fix, TilePuzzle, TileSolution, BOTTOM, LEFT, RIGHT, TOP};
use tessera::puzzles::{edges, pack, tetravex, PackModel, TileModel};

/// A fuzz input: its first bytes pick options, the rest is the text, decoded
/// as the CLI decodes it (the valid UTF-8 lines before the first bad one).
pub struct Input<'a> {
    pub flags: u8,
    pub extra: u8,
    pub text: &'a str,
    /// The error for the first line that is not UTF-8, if any.
    pub bad_text: Option<ParseError>,
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Option<Self> {
        let (&flags, rest) = data.split_first()?;
        let (&extra, rest) = rest.split_first()?;
        let (text, bad_text) = decode_prefix(rest);
        if let Some(e) = &bad_text {
            check_error(e, rest.split(|&b| b == b'\n').count());
        }
        Some(Input { flags, extra, text, bad_text })
    }

    pub fn flag(&self, bit: u8) -> bool {
        self.flags & (1 << bit) != 0
    }
}

/// Every error names a line of the input (or the one after the last) and
/// prints without panicking.
pub fn check_error(e: &ParseError, lines: usize) {
    assert!(e.line >= 1 && e.line <= lines + 1, "error at line {} of {lines}: {e}", e.line);
    if let Some(c) = e.column {
        assert!(c >= 1, "column {c}: {e}");
    }
    let shown = e.to_string();
    assert!(shown.starts_with(&format!("line {}", e.line)), "{shown}");
    // Messages quote tokens shortened: even a 10 MB token gives a short line.
    assert!(shown.len() < 400, "a long error message ({} bytes): {}", shown.len(), &shown[..200]);
}

/// The number of lines of a text (for [`check_error`]).
pub fn line_count(text: &str) -> usize {
    text.split('\n').count()
}

/// Tetravex cases written back in the given layout.
pub fn tetravex_text(cases: &[tetravex::Case], layout: tetravex::Layout) -> String {
    let mut s = String::new();
    for c in cases {
        s.push_str(&format!("{}\n", c.n));
        match layout {
            tetravex::Layout::Tiles => {
                for t in &c.tiles {
                    s.push_str(&format!("{} {} {} {}\n", t[0], t[1], t[2], t[3]));
                }
            }
            tetravex::Layout::Blocks => {
                for r in 0..c.n {
                    let row = &c.tiles[r * c.n..(r + 1) * c.n];
                    let upper: Vec<String> = row.iter().map(|t| format!("{} {}", t[TOP], t[RIGHT])).collect();
                    let lower: Vec<String> = row.iter().map(|t| format!("{} {}", t[LEFT], t[BOTTOM])).collect();
                    s.push_str(&format!("{}\n{}\n", upper.join(" "), lower.join(" ")));
                }
            }
        }
    }
    s.push_str("0\n");
    s
}

/// Edges cases written back (letters when the case used them).
pub fn edges_text(cases: &[edges::Case]) -> String {
    let mut s = String::new();
    for c in cases {
        s.push_str(&format!("{} {}\n", c.rows, c.cols));
        for p in &c.pieces {
            let sides: Vec<String> = p.iter().map(|&l| edges::side_name(l, c.letters)).collect();
            s.push_str(&sides.join(if c.letters { "" } else { " " }));
            s.push('\n');
        }
    }
    s.push_str("0 0\n");
    s
}

/// Pack cases written back, each piece in its bounding box.
pub fn pack_text(cases: &[pack::Case]) -> String {
    let mut s = String::new();
    for c in cases {
        s.push_str(&format!("{}\n", c.pieces.len()));
        for (shape, _) in &c.pieces {
            let pic = shape.picture();
            s.push_str(&format!("{} {}\n", pic.len(), pic[0].chars().count()));
            for row in pic {
                s.extend(row.chars().map(|ch| if ch == '#' { '1' } else { '0' }));
                s.push('\n');
            }
        }
    }
    s.push_str("0\n");
    s
}

/// Checks a tile solution against the puzzle's rules, from scratch.
pub fn check_tiles(p: &TilePuzzle, s: &TileSolution) {
    let n = p.rows * p.cols;
    assert_eq!(s.placements.len(), p.tiles.len());
    assert_eq!(s.grid.len(), n);
    let mut cell_used = vec![false; n];
    for (i, pl) in s.placements.iter().enumerate() {
        assert_eq!(pl.piece, i);
        assert!(pl.row < p.rows && pl.col < p.cols, "{pl:?}");
        assert!(pl.rotation < 4 && (p.rotate || pl.rotation == 0), "{pl:?}");
        let cell = pl.row * p.cols + pl.col;
        assert!(!std::mem::replace(&mut cell_used[cell], true), "cell used twice: {pl:?}");
        assert_eq!(s.grid[cell], rotate(p.tiles[i], pl.rotation), "{pl:?}");
    }
    for f in &p.fixes {
        let pl = s.placements[f.piece];
        assert_eq!((pl.row, pl.col), (f.row, f.col), "hint {f:?} broken");
        if let Some(r) = f.rotation {
            assert_eq!(rotate(p.tiles[f.piece], r), s.grid[pl.row * p.cols + pl.col], "hint {f:?} broken");
        }
    }
    for r in 0..p.rows {
        for c in 0..p.cols {
            let t = s.grid[r * p.cols + c];
            if c + 1 < p.cols {
                assert_eq!(p.rule.partner(t[RIGHT]), s.grid[r * p.cols + c + 1][LEFT], "({r},{c}) right");
            }
            if r + 1 < p.rows {
                assert_eq!(p.rule.partner(t[BOTTOM]), s.grid[(r + 1) * p.cols + c][TOP], "({r},{c}) below");
            }
            if let Border::Label(b) = p.border {
                let outer = [r == 0, c + 1 == p.cols, r + 1 == p.rows, c == 0];
                for d in 0..4 {
                    assert_eq!(t[d] == b, outer[d], "({r},{c}) side {d} against border {b}");
                }
            }
        }
    }
}

/// Checks a packing against the puzzle's rules, from scratch.
pub fn check_pack(p: &PackPuzzle, s: &PackSolution) {
    let b = &p.board;
    assert_eq!(s.placements.len(), p.pieces.len());
    assert_eq!(s.grid.len(), b.rows * b.cols);
    let mut owner = vec![None; b.rows * b.cols];
    for (i, pl) in s.placements.iter().enumerate() {
        assert_eq!(pl.piece, i);
        let piece = &p.pieces[i];
        assert!(piece.freedom.transforms().contains(&pl.orientation), "{pl:?}");
        let placed = tessera::puzzles::polyomino::Shape::new(pl.cells.iter().copied()).expect("cells");
        assert_eq!(placed, piece.shape.transform(pl.orientation), "{pl:?}");
        assert_eq!(pl.cells.len(), piece.shape.size());
        for &(r, c) in &pl.cells {
            assert!(b.is_cell(r, c), "({r},{c}) is not a board cell");
            assert!(owner[r * b.cols + c].replace(i).is_none(), "({r},{c}) covered twice");
        }
    }
    for (cell, o) in owner.iter().enumerate() {
        assert_eq!(o.is_some(), b.fill[cell], "cell {cell}");
        assert_eq!(*o, s.grid[cell], "cell {cell}");
    }
}

/// Solutions seen, to check that a listing never repeats one.
#[derive(Default)]
pub struct Seen(HashSet<Vec<u64>>);

impl Seen {
    /// Records a solution's look; false if it was seen before.
    pub fn insert(&mut self, look: Vec<u64>) -> bool {
        self.0.insert(look)
    }
}

/// The first case of a tile input as a model (`solve` and `threads`):
/// flags bits 0-1 family (tetravex, tetravex blocks, edges), bit 2
/// --rotate, bit 3 --in-place, bit 4 --border (with --in-place) or a hint
/// (from `extra`); `None` for a bad case, a tetravex board over `max_n` x
/// `max_n`, or an edges board over `max_cells` cells.
pub fn tile_case(input: &Input, max_n: usize, max_cells: usize) -> Option<TileModel> {
    let family = input.flags & 3;
    let rotate = input.flag(2);
    let hint = input.flag(4).then(|| {
        let e = usize::from(input.extra);
        Fix { piece: e & 3, row: (e >> 2) & 1, col: (e >> 3) & 1, rotation: rotate.then_some(((e >> 4) & 3) as u8) }
    });
    let puzzle = if family == 2 {
        let case = edges::Reader::new(input.text).next()?.ok()?;
        if case.rows * case.cols > max_cells {
            return None;
        }
        case.puzzle(&edges::Options { rotate, fixes: hint.into_iter().collect() })
    } else {
        let layout = if family == 1 { tetravex::Layout::Blocks } else { tetravex::Layout::Tiles };
        let case = tetravex::Reader::new(input.text, layout).next()?.ok()?;
        if case.n > max_n {
            return None;
        }
        let in_place = input.flag(3);
        let border = (input.flag(4) && in_place).then_some(i32::from(input.extra % 10));
        let fixes = if in_place { vec![] } else { hint.into_iter().collect() };
        case.puzzle(&tetravex::Options { rotate, in_place, border, layout, fixes })
    };
    // A hint may name a piece or cell that does not exist: an error, not a panic.
    TileModel::new(puzzle).ok()
}

/// The first case of a pack input as a model (`solve` and `threads`), on
/// the board of `extra` (bits 0-2 rows - 1, bits 3-5 columns - 1), with
/// flags bit 2 --rotate and bit 3 --flip; `None` for a bad case or one of
/// more than `max_pieces` pieces.
pub fn pack_case(input: &Input, max_pieces: usize) -> Option<PackModel> {
    let Some(Ok(case)) = pack::Reader::new(input.text).next() else { return None };
    if case.pieces.len() > max_pieces {
        return None;
    }
    let board = Board::rectangle(1 + usize::from(input.extra & 7), 1 + usize::from((input.extra >> 3) & 7));
    let freedom = Freedom { rotate: input.flag(2), flip: input.flag(3) };
    PackModel::new(case.puzzle(&board, freedom)).ok()
}
