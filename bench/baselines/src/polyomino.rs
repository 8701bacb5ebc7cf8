//! The 12 free pentominoes, their orientations, placements on a rectangle and
//! the symmetry restriction used to count tilings up to the board's symmetry.

/// A cell `(x, y)`.
pub type Cell = (i32, i32);

/// The 12 free pentominoes (Conway's letters), drawn with `#`.
pub const PENTOMINOES: [(char, &[&str]); 12] = [
    ('F', &[".##", "##.", ".#."]),
    ('I', &["#####"]),
    ('L', &["####", "#..."]),
    ('N', &["##..", ".###"]),
    ('P', &["##", "##", "#."]),
    ('T', &["###", ".#.", ".#."]),
    ('U', &["#.#", "###"]),
    ('V', &["#..", "#..", "###"]),
    ('W', &["#..", "##.", ".##"]),
    ('X', &[".#.", "###", ".#."]),
    ('Y', &["####", ".#.."]),
    ('Z', &["##.", ".#.", ".##"]),
];

/// Cells of a drawing, `x` = column, `y` = row.
pub fn cells_of(rows: &[&str]) -> Vec<Cell> {
    let mut v = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            if ch == '#' {
                v.push((x as i32, y as i32));
            }
        }
    }
    v
}

/// One of the 8 symmetries of the square: `t & 4` reflects x, then `t & 3`
/// quarter turns.
pub fn transform(t: u8, (x, y): Cell) -> Cell {
    let (mut a, mut b) = if t & 4 != 0 { (-x, y) } else { (x, y) };
    for _ in 0..(t & 3) {
        let na = -b;
        b = a;
        a = na;
    }
    (a, b)
}

/// Translate to min x = min y = 0 and sort.
pub fn normalize(cells: &[Cell]) -> Vec<Cell> {
    let mx = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let my = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut v: Vec<Cell> = cells.iter().map(|&(x, y)| (x - mx, y - my)).collect();
    v.sort_unstable();
    v
}

/// Distinct orientations (normalized) of a shape under all 8 symmetries.
pub fn orientations(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for t in 0..8 {
        let s = normalize(&cells.iter().map(|&c| transform(t, c)).collect::<Vec<_>>());
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// The symmetries `t` of a `w x h` rectangle (order 4, or 8 when square).
pub fn board_symmetries(w: i32, h: i32) -> Vec<u8> {
    (0..8u8)
        .filter(|&t| {
            let (a, b) = transform(t, (w, h));
            a.abs() == w && b.abs() == h
        })
        .collect()
}

/// Indices of the orientations kept when counting up to the board's symmetry:
/// one orientation per orbit of the board's symmetry group acting on the
/// piece's orientations. For an asymmetric piece (F) on a non-square
/// rectangle, 2 of its 8; on a square, 1.
pub fn coset_representatives(orients: &[Vec<Cell>], w: i32, h: i32) -> Vec<usize> {
    let group = board_symmetries(w, h);
    let mut seen = vec![false; orients.len()];
    let mut reps = Vec::new();
    for i in 0..orients.len() {
        if seen[i] {
            continue;
        }
        reps.push(i);
        for &g in &group {
            let img = normalize(&orients[i].iter().map(|&c| transform(g, c)).collect::<Vec<_>>());
            if let Some(j) = orients.iter().position(|o| *o == img) {
                seen[j] = true;
            }
        }
    }
    reps
}

/// A placement: piece index and the board cells `(x, y)` it covers.
#[derive(Clone, Debug)]
pub struct Placement {
    pub piece: usize,
    pub cells: Vec<Cell>,
}

/// All placements of the 12 pentominoes on a `w x h` rectangle. With `unique`,
/// F keeps only one orientation per symmetry coset, so every tiling is found
/// once per orbit of the board's symmetry group.
pub fn pentomino_placements(w: i32, h: i32, unique: bool) -> Vec<Placement> {
    let mut out = Vec::new();
    for (p, (name, rows)) in PENTOMINOES.iter().enumerate() {
        let orients = orientations(&cells_of(rows));
        let keep: Vec<usize> =
            if unique && *name == 'F' { coset_representatives(&orients, w, h) } else { (0..orients.len()).collect() };
        for &k in &keep {
            let o = &orients[k];
            let ow = o.iter().map(|c| c.0).max().unwrap() + 1;
            let oh = o.iter().map(|c| c.1).max().unwrap() + 1;
            for dx in 0..=(w - ow) {
                for dy in 0..=(h - oh) {
                    out.push(Placement { piece: p, cells: o.iter().map(|&(x, y)| (x + dx, y + dy)).collect() });
                }
            }
        }
    }
    out
}
