//! Tile boards (Tetravex, edge matching): each tile a square cut along
//! its diagonals into four triangles, top, right, bottom and left, each
//! coloured by the label on that side. On a solved board two tiles that
//! meet show one colour across their shared side: the triangles pair up
//! into diamonds, and a wrong join would show as a diamond of two colours.
//!
//! Edge-matching pieces are drawn as jigsaw pieces besides: a side `+k`
//! bulges out of the square in a half disc (a tab), a side `-k` is cut in
//! by the same half disc (a blank), a flat side is straight. A tab and the
//! blank it meets are one curve, so a solved board reads as interlocking
//! pieces; colours follow the tab's number `k` (`+k` and `-k` alike), and
//! flat sides are white, which frames the board.
//!
//! Coordinates: a tile is [`TILE`] units square; every size (fonts,
//! strokes, the tab's radius, the margins) is a fraction of it, so a board
//! of any size is one picture scaled as a whole, and its file grows by a
//! fixed amount per tile (four triangles, one outline, a label per
//! triangle only where labels share a colour).

use super::palette::{self, Entry, LabelColours, FLAT_COLOUR, INK, MUTED, TILE_COLOURS};
use super::writer::{num, Svg};

/// The side of a tile, in user units.
pub const TILE: f64 = 64.0;

/// The radius of a jigsaw tab, in user units.
pub const TAB_RADIUS: f64 = 8.0;

/// The margin round the picture.
pub const MARGIN: f64 = TILE * 0.375;

/// The height of the title line.
pub const TITLE_HEIGHT: f64 = TILE * 0.625;

/// Which kind of tile puzzle: how labels become colours and sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileKind {
    /// Labels are numbers; each number its colour.
    Tetravex,
    /// Labels are tabs: `0` flat, `+k` a tab, `-k` a blank of shape `k`.
    Edges,
}

/// A solved tile board to draw.
pub struct TileBoard<'a> {
    /// Tetravex or edges.
    pub kind: TileKind,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The labels in each cell (top, right, bottom, left), row by row.
    pub grid: &'a [[i32; 4]],
    /// Every tile of the puzzle (its labels decide the colours, so that
    /// every solution of a puzzle is drawn in the same colours).
    pub tiles: &'a [[i32; 4]],
    /// The cells of fixed tiles (`--fix`), 0-based (row, column).
    pub fixed: &'a [(usize, usize)],
}

/// What colours a side: tetravex's label, or edges' tab number (0 flat).
fn colour_key(kind: TileKind, label: i32) -> i32 {
    match kind {
        TileKind::Tetravex => label,
        TileKind::Edges => label.abs(),
    }
}

/// The colours of a board's labels (see [`palette`]).
pub struct TileColours {
    kind: TileKind,
    labels: LabelColours,
}

impl TileColours {
    /// The colours of the labels on `tiles`.
    pub fn new(kind: TileKind, tiles: &[[i32; 4]]) -> Self {
        let keys = tiles.iter().flatten().map(|&l| colour_key(kind, l));
        let labels = match kind {
            TileKind::Tetravex => LabelColours::new(keys, &TILE_COLOURS),
            TileKind::Edges => LabelColours::new(keys.filter(|&k| k != 0), &MUTED),
        };
        TileColours { kind, labels }
    }

    /// The fill of a side carrying `label`.
    pub fn fill(&self, label: i32) -> &'static str {
        match (self.kind, label) {
            (TileKind::Edges, 0) => FLAT_COLOUR,
            _ => self.labels.colour(colour_key(self.kind, label)),
        }
    }

    /// Whether a side carrying `label` has its label written on it.
    fn written(&self, label: i32) -> bool {
        !(self.kind == TileKind::Edges && label == 0) && self.labels.repeats(colour_key(self.kind, label))
    }

    /// The legend: every label (edges: flat and each tab number).
    fn legend(&self, fixed: bool) -> Vec<Entry> {
        let mut entries = Vec::new();
        if self.kind == TileKind::Edges {
            entries.push(Entry { fill: FLAT_COLOUR, dot: false, text: "flat".into() });
        }
        for l in self.labels.labels() {
            let text = match self.kind {
                TileKind::Tetravex => l.to_string(),
                TileKind::Edges => format!("±{l}"),
            };
            entries.push(Entry { fill: self.labels.colour(l), dot: false, text });
        }
        if fixed {
            entries.push(Entry { fill: "#FFFFFF", dot: true, text: "fixed".into() });
        }
        entries
    }
}

/// The four corners of the side `side` (0 top, 1 right, 2 bottom, 3 left)
/// of the tile at (`x`, `y`), in clockwise order.
fn side_ends(x: f64, y: f64, side: usize) -> ((f64, f64), (f64, f64)) {
    let corners = [(x, y), (x + TILE, y), (x + TILE, y + TILE), (x, y + TILE)];
    (corners[side], corners[(side + 1) % 4])
}

/// Where a side's label is written: inside its triangle, near its centre.
fn label_point(x: f64, y: f64, side: usize) -> (f64, f64) {
    let (c, off) = (TILE / 2.0, TILE * 0.3);
    let (dx, dy) = [(0.0, -off), (off, 0.0), (0.0, off), (-off, 0.0)][side];
    (x + c + dx, y + c + dy)
}

/// The outline of an edge-matching piece: clockwise from its top-left
/// corner, each side straight, or with a half disc out (tab, `+k`) or in
/// (blank, `-k`) at its middle. Clockwise on the screen, an arc with
/// sweep flag 1 bulges out of the square.
fn jigsaw_outline(x: f64, y: f64, labels: &[i32; 4]) -> String {
    let mut d = format!("M{} {}", num(x), num(y));
    for (side, &label) in labels.iter().enumerate() {
        let ((x0, y0), (x1, y1)) = side_ends(x, y, side);
        if label != 0 {
            let (ux, uy) = ((x1 - x0) / TILE, (y1 - y0) / TILE);
            let (ax, ay) = (x0 + ux * (TILE / 2.0 - TAB_RADIUS), y0 + uy * (TILE / 2.0 - TAB_RADIUS));
            let (bx, by) = (x0 + ux * (TILE / 2.0 + TAB_RADIUS), y0 + uy * (TILE / 2.0 + TAB_RADIUS));
            let sweep = u8::from(label > 0);
            let r = num(TAB_RADIUS);
            d.push_str(&format!("L{} {}A{r} {r} 0 0 {sweep} {} {}", num(ax), num(ay), num(bx), num(by)));
        }
        d.push_str(&format!("L{} {}", num(x1), num(y1)));
    }
    d.push('Z');
    d
}

/// The top-left corner of cell (`r`, `c`).
pub fn cell_origin(r: usize, c: usize) -> (f64, f64) {
    (MARGIN + c as f64 * TILE, MARGIN + TITLE_HEIGHT + r as f64 * TILE)
}

/// The width of the picture's content: the board, or room for the title.
fn content_width(cols: usize) -> f64 {
    (cols as f64 * TILE).max(TILE * 6.0)
}

/// Draws a solved tile board with `title` above it and its legend below.
pub fn draw(board: &TileBoard, title: &str) -> String {
    let colours = TileColours::new(board.kind, board.tiles);
    let legend = colours.legend(!board.fixed.is_empty());
    let width = content_width(board.cols);
    let legend_h = palette::legend_height(&legend, width, TILE);
    let board_h = board.rows as f64 * TILE;
    let mut svg =
        Svg::new(width + 2.0 * MARGIN, MARGIN + TITLE_HEIGHT + board_h + TILE * 0.25 + legend_h + MARGIN, title);
    svg.text_left(MARGIN, MARGIN + TITLE_HEIGHT * 0.4, TILE * 0.3, title);
    // The triangles, and the labels that share their colour.
    let mut written = Vec::new();
    for (i, labels) in board.grid.iter().enumerate() {
        let (x, y) = cell_origin(i / board.cols, i % board.cols);
        let centre = (x + TILE / 2.0, y + TILE / 2.0);
        for (side, &label) in labels.iter().enumerate() {
            let (a, b) = side_ends(x, y, side);
            svg.polygon(&[a, b, centre], colours.fill(label));
            if colours.written(label) {
                written.push((label_point(x, y, side), label));
            }
        }
    }
    for ((lx, ly), label) in written {
        let fill = colours.fill(label);
        let text = match board.kind {
            TileKind::Tetravex => label.to_string(),
            TileKind::Edges => label.abs().to_string(),
        };
        svg.text(lx, ly, TILE * 0.18, palette::text_on(fill), &text);
    }
    // The diagonals, thin and white; then the tiles' outlines.
    let mut diagonals = String::new();
    let mut outlines = String::new();
    for (i, labels) in board.grid.iter().enumerate() {
        let (x, y) = cell_origin(i / board.cols, i % board.cols);
        let (x0, y0, x1, y1) = (num(x), num(y), num(x + TILE), num(y + TILE));
        diagonals.push_str(&format!("M{x0} {y0}L{x1} {y1}M{x1} {y0}L{x0} {y1}"));
        match board.kind {
            TileKind::Tetravex => outlines.push_str(&format!("M{x0} {y0}H{x1}V{y1}H{x0}Z")),
            TileKind::Edges => outlines.push_str(&jigsaw_outline(x, y, labels)),
        }
    }
    svg.stroke(&diagonals, "#FFFFFF", TILE * 0.02);
    svg.stroke(&outlines, INK, TILE * 0.03);
    for &(r, c) in board.fixed {
        let (x, y) = cell_origin(r, c);
        palette::fixed_mark(&mut svg, x + TILE / 2.0, y + TILE / 2.0, TILE);
    }
    let (x0, y0) = cell_origin(0, 0);
    let (x1, y1) = cell_origin(board.rows, board.cols);
    let (x0, y0, x1, y1) = (num(x0), num(y0), num(x1), num(y1));
    svg.stroke(&format!("M{x0} {y0}H{x1}V{y1}H{x0}Z"), INK, TILE * 0.06);
    palette::legend(&mut svg, &legend, MARGIN, MARGIN + TITLE_HEIGHT + board_h + TILE * 0.25, width, TILE);
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_bulge_out_and_blanks_in() {
        let d = jigsaw_outline(0.0, 0.0, &[1, -2, 0, 0]);
        assert_eq!(d, "M0 0L24 0A8 8 0 0 1 40 0L64 0L64 24A8 8 0 0 0 64 40L64 64L0 64L0 0Z");
    }

    #[test]
    fn edges_colour_by_tab_number() {
        let c = TileColours::new(TileKind::Edges, &[[0, 1, -1, 2]]);
        assert_eq!(c.fill(1), c.fill(-1));
        assert_ne!(c.fill(1), c.fill(2));
        assert_eq!(c.fill(0), FLAT_COLOUR);
    }

    #[test]
    fn the_file_grows_linearly() {
        let size = |n: usize| {
            let grid = vec![[1, 2, 3, 4]; n * n];
            draw(&TileBoard { kind: TileKind::Tetravex, rows: n, cols: n, grid: &grid, tiles: &grid, fixed: &[] }, "t")
                .len()
        };
        let (a, b) = (size(8), size(16));
        // Four times the tiles, at most a little over four times the bytes.
        assert!(b < a * 9 / 2, "{a} {b}");
    }
}
