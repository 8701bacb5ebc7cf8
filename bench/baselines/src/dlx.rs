//! Plain Dancing Links: Knuth's Algorithm X on pointer-free arrays, choosing
//! the column with the fewest rows (MRV, first such column on ties).

/// An exact-cover matrix in dancing-links form. Node 0 is the root, nodes
/// `1..=columns` are the column headers, row nodes follow.
pub struct Dlx {
    l: Vec<u32>,
    r: Vec<u32>,
    u: Vec<u32>,
    d: Vec<u32>,
    col: Vec<u32>,
    len: Vec<u32>,
    pub nodes: u64,
    pub solutions: u64,
}

impl Dlx {
    pub fn new(columns: usize) -> Dlx {
        let n = columns + 1;
        let mut x = Dlx {
            l: Vec::with_capacity(n),
            r: Vec::with_capacity(n),
            u: Vec::with_capacity(n),
            d: Vec::with_capacity(n),
            col: Vec::with_capacity(n),
            len: vec![0; n],
            nodes: 0,
            solutions: 0,
        };
        for i in 0..n as u32 {
            x.l.push(if i == 0 { n as u32 - 1 } else { i - 1 });
            x.r.push(if i as usize == n - 1 { 0 } else { i + 1 });
            x.u.push(i);
            x.d.push(i);
            x.col.push(i);
        }
        x
    }

    /// Add a row covering the given columns (0-based).
    pub fn add_row(&mut self, cols: &[usize]) {
        let first = self.l.len() as u32;
        let k = cols.len() as u32;
        for (i, &c) in cols.iter().enumerate() {
            let c = c as u32 + 1;
            let me = first + i as u32;
            self.l.push(if i == 0 { first + k - 1 } else { me - 1 });
            self.r.push(if i as u32 == k - 1 { first } else { me + 1 });
            let up = self.u[c as usize];
            self.u.push(up);
            self.d.push(c);
            self.d[up as usize] = me;
            self.u[c as usize] = me;
            self.col.push(c);
            self.len[c as usize] += 1;
        }
    }

    #[inline(always)]
    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (l, r) = (self.l[c], self.r[c]);
        self.r[l as usize] = r;
        self.l[r as usize] = l;
        let mut i = self.d[c] as usize;
        while i != c {
            let mut j = self.r[i] as usize;
            while j != i {
                let (u, d) = (self.u[j], self.d[j]);
                self.d[u as usize] = d;
                self.u[d as usize] = u;
                self.len[self.col[j] as usize] -= 1;
                j = self.r[j] as usize;
            }
            i = self.d[i] as usize;
        }
    }

    #[inline(always)]
    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.u[c] as usize;
        while i != c {
            let mut j = self.l[i] as usize;
            while j != i {
                let (u, d) = (self.u[j], self.d[j]);
                self.d[u as usize] = j as u32;
                self.u[d as usize] = j as u32;
                self.len[self.col[j] as usize] += 1;
                j = self.l[j] as usize;
            }
            i = self.u[i] as usize;
        }
        let (l, r) = (self.l[c], self.r[c]);
        self.r[l as usize] = c as u32;
        self.l[r as usize] = c as u32;
    }

    /// Count all exact covers (every column primary).
    pub fn count(&mut self) -> u64 {
        self.search();
        self.solutions
    }

    fn search(&mut self) {
        if self.r[0] == 0 {
            self.solutions += 1;
            return;
        }
        // MRV
        let mut best = self.r[0];
        let mut best_len = self.len[best as usize];
        let mut c = self.r[best as usize];
        while c != 0 && best_len > 0 {
            let l = self.len[c as usize];
            if l < best_len {
                best = c;
                best_len = l;
            }
            c = self.r[c as usize];
        }
        if best_len == 0 {
            return;
        }
        self.cover(best);
        let mut rr = self.d[best as usize];
        while rr != best {
            self.nodes += 1;
            let mut j = self.r[rr as usize];
            while j != rr {
                self.cover(self.col[j as usize]);
                j = self.r[j as usize];
            }
            self.search();
            let mut j = self.l[rr as usize];
            while j != rr {
                self.uncover(self.col[j as usize]);
                j = self.l[j as usize];
            }
            rr = self.d[rr as usize];
        }
        self.uncover(best);
    }
}

/// Count pentomino tilings of a `rows x cols` rectangle with plain DLX.
/// Columns: one per cell, then one per piece; one row per placement.
/// Returns (solutions, nodes).
pub fn count_pentominoes(rows: usize, cols: usize, unique: bool) -> (u64, u64) {
    use crate::polyomino::{pentomino_placements, PENTOMINOES};
    let cells = rows * cols;
    if cells != 5 * PENTOMINOES.len() {
        return (0, 0);
    }
    // x = column, y = row; board w = cols, h = rows.
    let placements = pentomino_placements(cols as i32, rows as i32, unique);
    let mut m = Dlx::new(cells + PENTOMINOES.len());
    for p in &placements {
        let mut c: Vec<usize> = vec![cells + p.piece];
        c.extend(p.cells.iter().map(|&(x, y)| y as usize * cols + x as usize));
        m.add_row(&c);
    }
    let s = m.count();
    (s, m.nodes)
}
