//! Built-in piece sets: the free polyominoes of small sizes and the
//! one-sided pentominoes, with their usual names.

use super::polyomino::{Freedom, Shape};

/// A named built-in set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceSet {
    /// The 2 free trominoes (I, L).
    Trominoes,
    /// The 5 free tetrominoes (I, O, T, S, L).
    Tetrominoes,
    /// The 12 free pentominoes, F I L N P T U V W X Y Z.
    Pentominoes,
    /// The 18 one-sided pentominoes: the 12 and the mirror images of the 6
    /// chiral ones (named with a prime: F' L' N' P' Y' Z'); turning only.
    OneSidedPentominoes,
    /// The 35 free hexominoes, named H01..H35.
    Hexominoes,
}

impl PieceSet {
    /// Every set, for `--help` and errors.
    pub const ALL: [(&'static str, PieceSet); 5] = [
        ("trominoes", PieceSet::Trominoes),
        ("tetrominoes", PieceSet::Tetrominoes),
        ("pentominoes", PieceSet::Pentominoes),
        ("one-sided-pentominoes", PieceSet::OneSidedPentominoes),
        ("hexominoes", PieceSet::Hexominoes),
    ];

    /// Looks a set up by name.
    pub fn by_name(name: &str) -> Option<PieceSet> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
    }

    /// The pieces: name, shape and freedom.
    pub fn pieces(self) -> Vec<(String, Shape, Freedom)> {
        let free = Freedom { rotate: true, flip: true };
        let named = |list: &[(&str, &[&str])], freedom: Freedom| -> Vec<(String, Shape, Freedom)> {
            list.iter().map(|(n, pic)| (n.to_string(), from_picture(pic), freedom)).collect()
        };
        match self {
            PieceSet::Trominoes => named(&[("I", &["###"]), ("L", &["#.", "##"])], free),
            PieceSet::Tetrominoes => named(
                &[
                    ("I", &["####"]),
                    ("O", &["##", "##"]),
                    ("T", &["###", ".#."]),
                    ("S", &[".##", "##."]),
                    ("L", &["###", "#.."]),
                ],
                free,
            ),
            PieceSet::Pentominoes => named(PENTOMINOES, free),
            PieceSet::OneSidedPentominoes => {
                let turn = Freedom { rotate: true, flip: false };
                let mut out = named(PENTOMINOES, turn);
                for (name, pic) in PENTOMINOES {
                    let s = from_picture(pic);
                    let mirror = s.transform(4);
                    if s.orientations(turn).iter().all(|(_, o)| *o != mirror) {
                        out.push((format!("{name}'"), mirror, turn));
                    }
                }
                out
            }
            PieceSet::Hexominoes => {
                free_polyominoes(6).into_iter().enumerate().map(|(i, s)| (format!("H{:02}", i + 1), s, free)).collect()
            }
        }
    }
}

const PENTOMINOES: &[(&str, &[&str])] = &[
    ("F", &[".##", "##.", ".#."]),
    ("I", &["#####"]),
    ("L", &["####", "#..."]),
    ("N", &["###.", "..##"]),
    ("P", &["###", "##."]),
    ("T", &["###", ".#.", ".#."]),
    ("U", &["#.#", "###"]),
    ("V", &["#..", "#..", "###"]),
    ("W", &["#..", "##.", ".##"]),
    ("X", &[".#.", "###", ".#."]),
    ("Y", &["####", ".#.."]),
    ("Z", &["##.", ".#.", ".##"]),
];

fn from_picture(rows: &[&str]) -> Shape {
    let cells = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| row.chars().enumerate().filter(|(_, ch)| *ch == '#').map(move |(c, _)| (r, c)));
    Shape::new(cells).expect("built-in pieces are not empty")
}

/// The canonical form of a shape under all eight symmetries.
fn canonical(s: &Shape) -> Shape {
    (0..8).map(|t| s.transform(t)).min().expect("eight symmetries")
}

/// All free polyominoes with `n` cells, in a fixed order.
pub fn free_polyominoes(n: usize) -> Vec<Shape> {
    let mut current = vec![Shape::new([(0, 0)]).unwrap()];
    for _ in 1..n {
        let mut next = std::collections::BTreeSet::new();
        for s in &current {
            let cells: Vec<(usize, usize)> = s.cells().map(|(r, c)| (r + 1, c + 1)).collect();
            for &(r, c) in &cells {
                for (dr, dc) in [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)] {
                    let cell = ((r as i64 + dr) as usize, (c as i64 + dc) as usize);
                    if !cells.contains(&cell) {
                        let grown = Shape::new(cells.iter().copied().chain([cell])).unwrap();
                        next.insert(canonical(&grown));
                    }
                }
            }
        }
        current = next.into_iter().collect();
    }
    current
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_counts() {
        assert_eq!(free_polyominoes(4).len(), 5);
        assert_eq!(free_polyominoes(5).len(), 12);
        assert_eq!(free_polyominoes(6).len(), 35);
        assert_eq!(PieceSet::OneSidedPentominoes.pieces().len(), 18);
        assert_eq!(PieceSet::Hexominoes.pieces().len(), 35);
    }

    #[test]
    fn named_pentominoes_are_the_twelve() {
        let mut named: Vec<Shape> = PieceSet::Pentominoes.pieces().iter().map(|(_, s, _)| canonical(s)).collect();
        named.sort();
        assert_eq!(named, free_polyominoes(5));
    }
}
