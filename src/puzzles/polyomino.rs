//! Polyomino shapes and their orientations.
//!
//! A [`Shape`] is a set of cells `(row, col)`, normalised so that its
//! smallest row and column are 0 and its cells are sorted. Empty outer rows
//! and columns of a drawing are therefore not part of a shape.
//!
//! The eight symmetries of the square are numbered 0-7: `t < 4` turns the
//! shape `t` quarter turns clockwise; `t >= 4` first mirrors it left-right
//! (each row reversed) and then turns it `t - 4` quarter turns clockwise.

/// A normalised set of cells.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape(Vec<(u16, u16)>);

/// Which symmetries a piece may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Freedom {
    /// Quarter turns allowed.
    pub rotate: bool,
    /// The mirror image allowed.
    pub flip: bool,
}

impl Freedom {
    /// The symmetries (0-7) this freedom allows.
    pub fn transforms(self) -> &'static [u8] {
        match (self.rotate, self.flip) {
            (false, false) => &[0],
            (true, false) => &[0, 1, 2, 3],
            (false, true) => &[0, 4],
            (true, true) => &[0, 1, 2, 3, 4, 5, 6, 7],
        }
    }
}

impl Shape {
    /// A shape from any cells (normalised here). `None` if empty.
    pub fn new(cells: impl IntoIterator<Item = (usize, usize)>) -> Option<Shape> {
        let cells: Vec<(usize, usize)> = cells.into_iter().collect();
        let r0 = cells.iter().map(|c| c.0).min()?;
        let c0 = cells.iter().map(|c| c.1).min()?;
        let mut v: Vec<(u16, u16)> = cells.iter().map(|&(r, c)| ((r - r0) as u16, (c - c0) as u16)).collect();
        v.sort();
        v.dedup();
        Some(Shape(v))
    }

    /// The cells, sorted in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.0.iter().map(|&(r, c)| (usize::from(r), usize::from(c)))
    }

    /// The number of cells.
    pub fn size(&self) -> usize {
        self.0.len()
    }

    /// Height and width of the bounding box.
    pub fn extent(&self) -> (usize, usize) {
        let h = self.0.iter().map(|c| c.0).max().map_or(0, |m| m as usize + 1);
        let w = self.0.iter().map(|c| c.1).max().map_or(0, |m| m as usize + 1);
        (h, w)
    }

    /// The shape under symmetry `t` (0-7).
    pub fn transform(&self, t: u8) -> Shape {
        let (h, w) = self.extent();
        let (h, w) = (h as i64, w as i64);
        let cells = self.0.iter().map(|&(r, c)| {
            let (mut r, mut c) = (i64::from(r), i64::from(c));
            let (mut hh, mut ww) = (h, w);
            if t >= 4 {
                c = ww - 1 - c;
            }
            for _ in 0..t % 4 {
                // Clockwise: (r, c) -> (c, H - 1 - r); the box turns too.
                let (nr, nc) = (c, hh - 1 - r);
                r = nr;
                c = nc;
                std::mem::swap(&mut hh, &mut ww);
            }
            (r as usize, c as usize)
        });
        Shape::new(cells).expect("a transformed shape is not empty")
    }

    /// The distinct shapes under the allowed symmetries, each with the
    /// first symmetry that makes it.
    pub fn orientations(&self, freedom: Freedom) -> Vec<(u8, Shape)> {
        let mut out: Vec<(u8, Shape)> = Vec::new();
        for &t in freedom.transforms() {
            let s = self.transform(t);
            if !out.iter().any(|(_, o)| *o == s) {
                out.push((t, s));
            }
        }
        out
    }

    /// Whether the cells are connected (by sides).
    pub fn is_connected(&self) -> bool {
        if self.0.is_empty() {
            return true;
        }
        let mut seen = vec![false; self.0.len()];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            let (r, c) = self.0[i];
            for (j, &(r2, c2)) in self.0.iter().enumerate() {
                if !seen[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().all(|&s| s)
    }

    /// Draws the shape with `#` and `.`, one string per row.
    pub fn picture(&self) -> Vec<String> {
        let (h, w) = self.extent();
        let mut rows = vec![vec!['.'; w]; h];
        for (r, c) in self.cells() {
            rows[r][c] = '#';
        }
        rows.into_iter().map(|r| r.into_iter().collect()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l_tromino() -> Shape {
        Shape::new([(0, 0), (1, 0), (1, 1)]).unwrap()
    }

    #[test]
    fn a_quarter_turn_is_clockwise() {
        // #.      ##
        // ##  ->  #.
        let turned = l_tromino().transform(1);
        assert_eq!(turned, Shape::new([(0, 0), (0, 1), (1, 0)]).unwrap());
    }

    #[test]
    fn four_turns_and_two_mirrors_are_the_identity() {
        let s = Shape::new([(0, 0), (0, 1), (0, 2), (1, 0)]).unwrap();
        let mut t = s.clone();
        for _ in 0..4 {
            t = t.transform(1);
        }
        assert_eq!(t, s);
        assert_eq!(s.transform(4).transform(4), s);
    }

    #[test]
    fn orientation_counts() {
        let free = Freedom { rotate: true, flip: true };
        assert_eq!(l_tromino().orientations(free).len(), 4);
        let f = Shape::new([(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]).unwrap();
        assert_eq!(f.orientations(free).len(), 8);
        let x = Shape::new([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]).unwrap();
        assert_eq!(x.orientations(free).len(), 1);
    }
}
