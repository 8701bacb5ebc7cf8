//! The colours and the legend.
//!
//! The nine colours of Paul Tol's *muted* scheme are told apart under the
//! common forms of colour blindness (and in grey scale, by lightness, for
//! most pairs); his pale grey is the tenth, so that Tetravex's ten labels
//! 0 to 9 each get a colour of their own. Labels are ranked (sorted) and
//! label of rank *r* takes colour *r* mod 10; when a puzzle has more labels
//! than colours, the labels that share a colour are written in their
//! triangles (see [`LabelColours::repeats`]), and the legend lists every
//! label with its colour. Edge matching colours tab shapes by their number
//! `k` (a `+k` tab and its `-k` blank get one colour) from the nine muted
//! colours, and flat sides white. Packing colours pieces from the nine
//! muted colours, piece *i* colour *i* when no neighbour has it (see
//! `pack`).

use super::writer::{num, Svg};
use std::collections::BTreeMap;

/// Paul Tol's muted scheme: indigo, cyan, teal, green, olive, sand, rose,
/// wine, purple.
pub const MUTED: [&str; 9] =
    ["#332288", "#88CCEE", "#44AA99", "#117733", "#999933", "#DDCC77", "#CC6677", "#882255", "#AA4499"];

/// Tile labels: the muted scheme and pale grey.
pub const TILE_COLOURS: [&str; 10] =
    ["#332288", "#88CCEE", "#44AA99", "#117733", "#999933", "#DDCC77", "#CC6677", "#882255", "#AA4499", "#DDDDDD"];

/// Flat (border) sides of edge-matching pieces.
pub const FLAT_COLOUR: &str = "#FFFFFF";

/// The colour of holes in a packing board (the background).
pub const HOLE_COLOUR: &str = "#FFFFFF";

/// Outlines and marks.
pub const INK: &str = "#000000";

/// Black or white, whichever reads better on `fill` (`#RRGGBB`), by the
/// fill's relative luminance.
pub fn text_on(fill: &str) -> &'static str {
    let channel = |i: usize| u8::from_str_radix(fill.get(i..i + 2).unwrap_or("FF"), 16).unwrap_or(255) as f64 / 255.0;
    let lin = |c: f64| if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
    let luminance = 0.2126 * lin(channel(1)) + 0.7152 * lin(channel(3)) + 0.0722 * lin(channel(5));
    if luminance > 0.25 {
        "#000000"
    } else {
        "#FFFFFF"
    }
}

/// Which colour each label gets: labels ranked in order, rank *r* colour
/// *r* mod the palette's size.
pub struct LabelColours {
    colours: &'static [&'static str],
    rank: BTreeMap<i32, usize>,
}

impl LabelColours {
    /// The colours of `labels` (any order, repeats allowed) from `colours`.
    pub fn new(labels: impl IntoIterator<Item = i32>, colours: &'static [&'static str]) -> Self {
        let mut rank: BTreeMap<i32, usize> = labels.into_iter().map(|l| (l, 0)).collect();
        for (r, v) in rank.values_mut().enumerate() {
            *v = r;
        }
        LabelColours { colours, rank }
    }

    /// The colour of `label` (a label not in the set gets the last colour).
    pub fn colour(&self, label: i32) -> &'static str {
        let r = self.rank.get(&label).copied().unwrap_or(self.colours.len() - 1);
        self.colours[r % self.colours.len()]
    }

    /// Whether `label` shares its colour with another label (then it is
    /// written where it is drawn).
    pub fn repeats(&self, label: i32) -> bool {
        self.rank.len() > self.colours.len()
            && self.rank.get(&label).is_none_or(|&r| r % self.colours.len() < self.rank.len() - self.colours.len())
    }

    /// The labels in order.
    pub fn labels(&self) -> impl Iterator<Item = i32> + '_ {
        self.rank.keys().copied()
    }
}

/// One entry of a legend: a swatch and its words.
pub struct Entry {
    /// The swatch's fill.
    pub fill: &'static str,
    /// A mark drawn on the swatch (a fixed tile's dot), if any.
    pub dot: bool,
    /// What the swatch stands for.
    pub text: String,
}

/// The height a legend of `entries` needs within `width`, at `unit` (the
/// tile size): rows of entries, wrapped to the width.
pub fn legend_height(entries: &[Entry], width: f64, unit: f64) -> f64 {
    let (_, rows) = legend_grid(entries, width, unit);
    rows as f64 * unit * 0.45
}

/// Entry width and rows: every entry as wide as the widest.
fn legend_grid(entries: &[Entry], width: f64, unit: f64) -> (f64, usize) {
    let chars = entries.iter().map(|e| e.text.chars().count()).max().unwrap_or(0) as f64;
    let entry = unit * (0.3 + 0.1 + 0.14 * chars + 0.25);
    let per_row = ((width / entry).floor() as usize).max(1);
    (entry, entries.len().div_ceil(per_row))
}

/// Draws the legend from (`x`, `y`), wrapped to `width`.
pub fn legend(svg: &mut Svg, entries: &[Entry], x: f64, y: f64, width: f64, unit: f64) {
    let (entry, _) = legend_grid(entries, width, unit);
    let per_row = ((width / entry).floor() as usize).max(1);
    let (swatch, row_h, font) = (unit * 0.3, unit * 0.45, unit * 0.22);
    for (i, e) in entries.iter().enumerate() {
        let ex = x + (i % per_row) as f64 * entry;
        let ey = y + (i / per_row) as f64 * row_h + (row_h - swatch) / 2.0;
        svg.rect(ex, ey, swatch, swatch, e.fill);
        let (x0, y0, x1, y1) = (num(ex), num(ey), num(ex + swatch), num(ey + swatch));
        svg.stroke(&format!("M{x0} {y0}H{x1}V{y1}H{x0}Z"), INK, unit * 0.02);
        if e.dot {
            fixed_mark(svg, ex + swatch / 2.0, ey + swatch / 2.0, unit);
        }
        svg.text_left(ex + swatch + unit * 0.1, ey + swatch / 2.0, font, &e.text);
    }
}

/// The mark of a fixed tile: a black dot ringed in white, centred on
/// (`x`, `y`).
pub fn fixed_mark(svg: &mut Svg, x: f64, y: f64, unit: f64) {
    svg.line(&format!(
        r##"<circle cx="{}" cy="{}" r="{}" fill="{INK}" stroke="#FFFFFF" stroke-width="{}"/>"##,
        num(x),
        num(y),
        num(unit * 0.09),
        num(unit * 0.03)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_rank_into_colours() {
        let c = LabelColours::new([7, 3, 3, 9], &TILE_COLOURS);
        assert_eq!(c.colour(3), TILE_COLOURS[0]);
        assert_eq!(c.colour(7), TILE_COLOURS[1]);
        assert_eq!(c.colour(9), TILE_COLOURS[2]);
        assert!(!c.repeats(3));
        // Twelve labels: ranks 0 and 10 share a colour, as do 1 and 11.
        let c = LabelColours::new(0..12, &TILE_COLOURS);
        assert_eq!(c.colour(10), c.colour(0));
        assert!(c.repeats(0) && c.repeats(1) && c.repeats(10) && c.repeats(11));
        assert!(!c.repeats(2) && !c.repeats(9));
    }

    #[test]
    fn text_reads_on_its_fill() {
        assert_eq!(text_on("#332288"), "#FFFFFF");
        assert_eq!(text_on("#DDCC77"), "#000000");
        assert_eq!(text_on("#FFFFFF"), "#000000");
    }

    #[test]
    fn legends_wrap_to_the_width() {
        let entries: Vec<Entry> =
            (0..20).map(|i| Entry { fill: TILE_COLOURS[i % 10], dot: false, text: i.to_string() }).collect();
        let narrow = legend_height(&entries, 200.0, 64.0);
        let wide = legend_height(&entries, 2000.0, 64.0);
        assert!(narrow > wide, "{narrow} {wide}");
        assert!((wide - 64.0 * 0.45).abs() < 1e-9);
    }
}
