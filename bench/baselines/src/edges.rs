//! The seeds' method for UVa 519 "Puzzle (II)": plain depth-first search in
//! reading order, identical pieces grouped into types with counts, each
//! placement checked against its left and top neighbour and the border.
//! No global pre-checks (deliberately: this is the plain method).

/// Side kinds: flat, out (jut), in (cavity).
pub const F: u8 = 0;
pub const O: u8 = 1;
pub const I: u8 = 2;

/// One judge block: `n` rows, `m` columns, pieces `(top, right, bottom, left)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub rows: usize,
    pub cols: usize,
    pub pieces: Vec<[u8; 4]>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub solutions: u64,
    /// Placements made (pieces that passed the checks and were put down).
    pub nodes: u64,
}

fn side(c: u8) -> Result<u8, String> {
    match c {
        b'F' | b'f' => Ok(F),
        b'O' | b'o' => Ok(O),
        b'I' | b'i' => Ok(I),
        _ => Err(format!("bad side {:?}", c as char)),
    }
}

/// Parse blocks `n m` followed by `n*m` piece lines (`FOIF`...); `0 0` ends.
pub fn parse(input: &str) -> Result<Vec<Case>, String> {
    let mut toks = input.split_ascii_whitespace();
    let mut cases = Vec::new();
    loop {
        let rows: usize = match toks.next() {
            None => break,
            Some(t) => t.parse().map_err(|_| format!("bad size {t:?}"))?,
        };
        let cols: usize = match toks.next() {
            None => return Err("truncated size line".into()),
            Some(t) => t.parse().map_err(|_| format!("bad size {t:?}"))?,
        };
        if rows == 0 && cols == 0 {
            break;
        }
        let mut pieces = Vec::with_capacity(rows * cols);
        for i in 0..rows * cols {
            let t = toks.next().ok_or_else(|| format!("piece {} missing", i + 1))?;
            let b = t.as_bytes();
            if b.len() != 4 {
                return Err(format!("bad piece {t:?}"));
            }
            pieces.push([side(b[0])?, side(b[1])?, side(b[2])?, side(b[3])?]);
        }
        cases.push(Case { rows, cols, pieces });
    }
    Ok(cases)
}

#[inline]
fn fits(inner: bool, mine: u8, theirs: Option<u8>) -> bool {
    if !inner {
        return mine == F;
    }
    match theirs {
        Some(t) => (mine == O && t == I) || (mine == I && t == O),
        None => mine != F,
    }
}

struct Search {
    rows: usize,
    cols: usize,
    count_all: bool,
    types: Vec<[u8; 4]>,
    counts: Vec<u32>,
    right: Vec<u8>,
    bottom: Vec<u8>,
    solutions: u64,
    nodes: u64,
}

impl Search {
    fn dfs(&mut self, pos: usize) -> bool {
        let (n, m) = (self.rows, self.cols);
        if pos == n * m {
            self.solutions += 1;
            return !self.count_all;
        }
        let (r, c) = (pos / m, pos % m);
        let left = if c > 0 { Some(self.right[pos - 1]) } else { None };
        let top = if r > 0 { Some(self.bottom[pos - m]) } else { None };
        for ty in 0..self.types.len() {
            if self.counts[ty] == 0 {
                continue;
            }
            let p = self.types[ty];
            if !fits(r > 0, p[0], top)
                || !fits(c > 0, p[3], left)
                || !fits(r + 1 < n, p[2], None)
                || !fits(c + 1 < m, p[1], None)
            {
                continue;
            }
            self.nodes += 1;
            self.right[pos] = p[1];
            self.bottom[pos] = p[2];
            self.counts[ty] -= 1;
            let stop = self.dfs(pos + 1);
            self.counts[ty] += 1;
            if stop {
                return true;
            }
        }
        false
    }
}

/// Solve one block with the plain method; `count` counts all distinct solutions.
pub fn solve(case: &Case, count: bool) -> Outcome {
    let mut types: Vec<[u8; 4]> = Vec::new();
    let mut counts: Vec<u32> = Vec::new();
    for &p in &case.pieces {
        match types.iter().position(|&t| t == p) {
            Some(i) => counts[i] += 1,
            None => {
                types.push(p);
                counts.push(1);
            }
        }
    }
    let cells = case.rows * case.cols;
    let mut s = Search {
        rows: case.rows,
        cols: case.cols,
        count_all: count,
        types,
        counts,
        right: vec![0; cells],
        bottom: vec![0; cells],
        solutions: 0,
        nodes: 0,
    };
    if cells == 0 {
        return Outcome { solutions: 1, nodes: 0 };
    }
    s.dfs(0);
    Outcome { solutions: s.solutions, nodes: s.nodes }
}
