//! Helpers shared by the fuzz targets: reading a fuzz input as options plus
//! text (the way the CLI decodes its input), checking parse errors, writing
//! parsed cases back as text (round trips), and checking solutions against
//! the rules without the engine.

use std::collections::HashSet;
use tessera::puzzles::input::{decode_prefix, ParseError};
use tessera::puzzles::pack::{PackPuzzle, PackSolution};
use tessera::puzzles::tiles::{rotate, Border, TilePuzzle, TileSolution, BOTTOM, LEFT, RIGHT, TOP};
use tessera::puzzles::{edges, pack, tetravex};

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
