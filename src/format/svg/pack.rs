//! Packing boards: each piece's cells filled in the piece's colour, a
//! thick line wherever two pieces (or a piece and a hole, or the board's
//! edge) meet, the piece's name or number written on its middle cell, and
//! holes left white with a thin hatch line, so that they read as holes.
//!
//! Colours: piece *i* (from 0) takes colour *i* of Paul Tol's nine muted
//! colours (see `palette`) unless a piece it touches already has that
//! colour; then it takes the first colour none of its neighbours has (a
//! greedy colouring, in piece order). Up to nine pieces each get a colour
//! of their own; beyond nine, touching pieces still differ whenever the
//! palette allows, and the thick outlines and written names tell apart the
//! rest.

use super::palette::{self, HOLE_COLOUR, INK, MUTED};
use super::writer::{num, Svg};

/// The side of a cell, in user units.
pub const CELL: f64 = 40.0;

/// The margin round the picture.
pub const MARGIN: f64 = CELL * 0.5;

/// The height of the title line.
pub const TITLE_HEIGHT: f64 = CELL;

/// A filled packing board to draw.
pub struct PackBoard<'a> {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// Each cell, row by row: the piece on it (0-based), or `None` for a
    /// hole.
    pub cells: &'a [Option<usize>],
    /// What to write on each piece (its name, or its number).
    pub names: &'a [String],
}

/// The top-left corner of cell (`r`, `c`).
pub fn cell_origin(r: usize, c: usize) -> (f64, f64) {
    (MARGIN + c as f64 * CELL, MARGIN + TITLE_HEIGHT + r as f64 * CELL)
}

/// Each piece's colour, by the greedy colouring of the module docs.
pub fn piece_colours(board: &PackBoard) -> Vec<&'static str> {
    let n = board.names.len();
    let mut touching = vec![Vec::new(); n];
    let at = |r: usize, c: usize| board.cells[r * board.cols + c];
    for r in 0..board.rows {
        for c in 0..board.cols {
            let Some(p) = at(r, c) else { continue };
            let right = (c + 1 < board.cols).then(|| at(r, c + 1)).flatten();
            let below = (r + 1 < board.rows).then(|| at(r + 1, c)).flatten();
            for q in [right, below].into_iter().flatten().filter(|&q| q != p) {
                touching[p].push(q);
                touching[q].push(p);
            }
        }
    }
    let mut colour: Vec<Option<usize>> = vec![None; n];
    for p in 0..n {
        let taken: Vec<usize> = touching[p].iter().filter_map(|&q| colour[q]).collect();
        let free = |k: &usize| !taken.contains(k);
        let own = p % MUTED.len();
        colour[p] = Some(if free(&own) { own } else { (0..MUTED.len()).find(free).unwrap_or(own) });
    }
    colour.into_iter().map(|k| MUTED[k.unwrap_or(0)]).collect()
}

/// The cell of each piece nearest the mean of its cells (where its name
/// goes); `None` for a piece with no cell on the board.
fn middle_cells(board: &PackBoard) -> Vec<Option<(usize, usize)>> {
    let n = board.names.len();
    let mut sums = vec![(0.0, 0.0, 0usize); n];
    for (i, cell) in board.cells.iter().enumerate() {
        if let Some(p) = *cell {
            let s = &mut sums[p];
            *s = (s.0 + (i / board.cols) as f64, s.1 + (i % board.cols) as f64, s.2 + 1);
        }
    }
    let mut best: Vec<Option<((usize, usize), f64)>> = vec![None; n];
    for (i, cell) in board.cells.iter().enumerate() {
        if let Some(p) = *cell {
            let (r, c) = (i / board.cols, i % board.cols);
            let (mr, mc) = (sums[p].0 / sums[p].2 as f64, sums[p].1 / sums[p].2 as f64);
            let d = (r as f64 - mr).powi(2) + (c as f64 - mc).powi(2);
            if best[p].is_none_or(|(_, bd)| d < bd) {
                best[p] = Some(((r, c), d));
            }
        }
    }
    best.into_iter().map(|b| b.map(|(cell, _)| cell)).collect()
}

/// Draws a filled board with `title` above it.
pub fn draw(board: &PackBoard, title: &str) -> String {
    let colours = piece_colours(board);
    let width = (board.cols as f64 * CELL).max(CELL * 8.0);
    let mut svg = Svg::new(width + 2.0 * MARGIN, MARGIN + TITLE_HEIGHT + board.rows as f64 * CELL + MARGIN, title);
    svg.text_left(MARGIN, MARGIN + TITLE_HEIGHT * 0.4, CELL * 0.45, title);
    let at = |r: usize, c: usize| board.cells[r * board.cols + c];
    // Fills: one rectangle per run of cells of one piece along a row.
    let mut hatch = String::new();
    for r in 0..board.rows {
        let mut c = 0;
        while c < board.cols {
            let start = c;
            while c < board.cols && at(r, c) == at(r, start) {
                c += 1;
            }
            let (x, y) = cell_origin(r, start);
            match at(r, start) {
                Some(p) => svg.rect(x, y, (c - start) as f64 * CELL, CELL, colours[p]),
                None => {
                    svg.rect(x, y, (c - start) as f64 * CELL, CELL, HOLE_COLOUR);
                    for k in start..c {
                        let (x, y) = cell_origin(r, k);
                        hatch.push_str(&format!("M{} {}L{} {}", num(x), num(y + CELL), num(x + CELL), num(y)));
                    }
                }
            }
        }
    }
    if !hatch.is_empty() {
        svg.stroke(&hatch, "#BBBBBB", CELL * 0.03);
    }
    // Thin lines between the cells of a piece, thick ones between pieces.
    let mut thin = String::new();
    let mut thick = String::new();
    let outside = |r: isize, c: isize| {
        if r < 0 || c < 0 || r >= board.rows as isize || c >= board.cols as isize {
            None
        } else {
            at(r as usize, c as usize)
        }
    };
    for r in 0..=board.rows as isize {
        for c in 0..=board.cols as isize {
            let here = outside(r, c);
            let (x, y) = cell_origin(r as usize, c as usize);
            // The top side of cell (r, c) (none past the last column), then
            // its left side (none past the last row).
            let top =
                (c < board.cols as isize).then(|| (outside(r - 1, c), format!("M{} {}h{}", num(x), num(y), num(CELL))));
            let left =
                (r < board.rows as isize).then(|| (outside(r, c - 1), format!("M{} {}v{}", num(x), num(y), num(CELL))));
            for (other, seg) in [top, left].into_iter().flatten() {
                if here.is_none() && other.is_none() {
                    continue;
                }
                if here == other {
                    thin.push_str(&seg);
                } else {
                    thick.push_str(&seg);
                }
            }
        }
    }
    svg.stroke(&thin, "#FFFFFF", CELL * 0.02);
    svg.stroke(&thick, INK, CELL * 0.1);
    for (p, cell) in middle_cells(board).into_iter().enumerate() {
        if let Some((r, c)) = cell {
            let (x, y) = cell_origin(r, c);
            svg.text(x + CELL / 2.0, y + CELL / 2.0, CELL * 0.4, palette::text_on(colours[p]), &board.names[p]);
        }
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_pieces_differ_even_past_the_palette() {
        // Eleven pieces in a row of single cells: 9 and 10 would repeat 0
        // and 1, but 10 touches 9 only, and 0 is then free.
        let cells: Vec<Option<usize>> = (0..11).map(Some).collect();
        let names: Vec<String> = (1..=11).map(|i| i.to_string()).collect();
        let board = PackBoard { rows: 1, cols: 11, cells: &cells, names: &names };
        let colours = piece_colours(&board);
        for (p, colour) in colours.iter().enumerate().take(9) {
            assert_eq!(*colour, MUTED[p]);
        }
        for w in colours.windows(2) {
            assert_ne!(w[0], w[1]);
        }
    }

    #[test]
    fn names_go_on_the_middle_cell() {
        let cells = [Some(0), Some(0), Some(0), None];
        let names = ["A".to_string()];
        let board = PackBoard { rows: 1, cols: 4, cells: &cells, names: &names };
        assert_eq!(middle_cells(&board), vec![Some((0, 1))]);
    }
}
