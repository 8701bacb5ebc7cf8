//! The pre-checks: counting arguments that refute a packing before any
//! search (see [`precheck`]). The colouring argument adds up, over all the
//! pieces, the numbers of black cells each can cover: a subset sum, kept
//! as a bit set ([`Bits`]) of the reachable totals.

use super::placement::Placement;
use super::puzzle::PackPuzzle;
use crate::engine::Halt;
use crate::puzzles::model::Refutation;

/// Cheap arguments that prove a packing impossible, in this order:
///
/// * `placement`: a piece larger than the board in every allowed
///   orientation;
/// * `area`: the pieces' cells must add up to the board's;
/// * `placement`: every piece must fit somewhere on the board (a piece can
///   fit the bounding box and still meet a hole everywhere);
/// * `colouring`: colour the board like a checkerboard (then in stripes of
///   rows, then of columns). Each placement of a piece covers some number
///   of black cells; over all the placements of a piece these numbers form
///   a set. Some choice of one number per piece must add up to the board's
///   black cells; a subset-sum over the pieces (copies included) decides
///   it. This proves at once that the 35 hexominoes fill no rectangle (24
///   of them always cover 3 black cells, the other 11 cover 2 or 4, so all
///   35 cover an even number, never the 105 of a rectangle of 210 cells)
///   and that the 5 tetrominoes fill none (the T covers 1 or 3, the others
///   2 each: an odd total, never the 10 of a rectangle of 20 cells).
pub fn precheck(p: &PackPuzzle) -> Option<Refutation> {
    let (type_pieces, type_orients) = p.types();
    match p.placements(&type_orients, &Halt::NEVER) {
        Ok(placements) => refute(p, &type_pieces, &placements),
        Err(_) => unreachable!("nothing stops a listing that polls no flag and no deadline"),
    }
}

pub(super) fn refute(p: &PackPuzzle, type_pieces: &[Vec<usize>], placements: &[Placement]) -> Option<Refutation> {
    let (rows, cols) = (p.board.rows, p.board.cols);
    for (i, piece) in p.pieces.iter().enumerate() {
        let fits = piece.shape.orientations(piece.freedom).iter().any(|(_, s)| {
            let (h, w) = s.extent();
            h <= rows && w <= cols
        });
        if !fits {
            let (h, w) = piece.shape.extent();
            return Some(Refutation {
                check: "placement",
                detail: format!("{} ({h}x{w}) is larger than the {rows}x{cols} board", piece_label(p, i)).into(),
            });
        }
    }
    let pieces: usize = p.pieces.iter().map(|x| x.shape.size()).sum();
    let area = p.board.area();
    if pieces != area {
        return Some(Refutation {
            check: "area",
            detail: format!("the pieces cover {pieces} cells, the board has {area}").into(),
        });
    }
    let mut placed = vec![false; type_pieces.len()];
    for pl in placements {
        placed[pl.ty] = true;
    }
    if let Some(t) = placed.iter().position(|&x| !x) {
        return Some(Refutation {
            check: "placement",
            detail: format!("{} fits nowhere on the board", piece_label(p, type_pieces[t][0])).into(),
        });
    }
    colouring(p, type_pieces, placements)
}

/// `piece 3` or `piece 3 (F)`.
fn piece_label(p: &PackPuzzle, i: usize) -> String {
    match &p.pieces[i].name {
        Some(n) => format!("piece {} ({n})", i + 1),
        None => format!("piece {}", i + 1),
    }
}

/// The colourings tried, each saying whether a cell is black.
/// Whether a cell `(row, col)` is black.
type Colouring = fn(usize, usize) -> bool;

const COLOURINGS: [(&str, Colouring); 3] = [
    ("checkerboard", |r, c| (r + c) % 2 == 0),
    ("row stripes", |r, _| r % 2 == 0),
    ("column stripes", |_, c| c % 2 == 0),
];

/// A set of small whole numbers as bits.
#[derive(Clone)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Self {
        Bits(vec![0; n / 64 + 1])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    /// `self |= src << k` (bits shifted past the end are dropped).
    fn or_shifted(&mut self, src: &Bits, k: usize) {
        let (words, bits) = (k / 64, k % 64);
        let n = self.0.len();
        for i in (words..n).rev() {
            let mut v = src.0[i - words] << bits;
            if bits > 0 && i > words {
                v |= src.0[i - words - 1] >> (64 - bits);
            }
            self.0[i] |= v;
        }
    }
}

fn colouring(p: &PackPuzzle, type_pieces: &[Vec<usize>], placements: &[Placement]) -> Option<Refutation> {
    let area = p.board.area();
    for (name, black) in COLOURINGS {
        let board_black = p.board.cells().filter(|&(r, c)| black(r, c)).count();
        // For each type, the black counts its placements can cover.
        let mut values: Vec<Vec<usize>> = vec![Vec::new(); type_pieces.len()];
        for pl in placements {
            let v = pl.cells.iter().filter(|&&(r, c)| black(r, c)).count();
            if !values[pl.ty].contains(&v) {
                values[pl.ty].push(v);
            }
        }
        if values.iter().all(|v| v.len() == 1)
            && values.iter().zip(type_pieces).map(|(v, c)| v[0] * c.len()).sum::<usize>() == board_black
        {
            continue; // every piece always covers the same: nothing to learn
        }
        let mut reach = Bits::new(area);
        reach.set(0);
        for (vals, copies) in values.iter().zip(type_pieces) {
            for _ in 0..copies.len() {
                let mut next = Bits::new(area);
                for &v in vals {
                    next.or_shifted(&reach, v);
                }
                reach = next;
            }
        }
        if !reach.get(board_black) {
            let below = (0..board_black).rev().find(|&v| reach.get(v));
            let above = (board_black + 1..=area).find(|&v| reach.get(v));
            let nearest = match (below, above) {
                (Some(a), Some(b)) => format!("{a} or {b}"),
                (Some(a), None) | (None, Some(a)) => a.to_string(),
                (None, None) => "none".to_string(),
            };
            return Some(Refutation {
                check: "colouring",
                detail: format!(
                    "{name} colouring: the board has {board_black} black and {} white cells, but the pieces \
                     cannot cover exactly {board_black} black cells (the nearest they can: {nearest})",
                    area - board_black
                )
                .into(),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::pack::{Board, Piece};
    use crate::puzzles::pieces::PieceSet;

    #[test]
    fn colouring_refutes_the_tetrominoes() {
        let pieces = PieceSet::Tetrominoes
            .pieces()
            .into_iter()
            .map(|(name, shape, freedom)| Piece { shape, name: Some(name), freedom, line: 0 })
            .collect::<Vec<_>>();
        for (r, c) in [(4, 5), (2, 10)] {
            let p = PackPuzzle { board: Board::rectangle(r, c), pieces: pieces.clone() };
            let rf = precheck(&p).unwrap();
            assert_eq!(rf.check, "colouring", "{rf:?}");
        }
        // Two T pieces can balance each other: no refutation on 5x8.
        let mut two = pieces.clone();
        two.extend(pieces);
        assert_eq!(precheck(&PackPuzzle { board: Board::rectangle(5, 8), pieces: two }), None);
    }
}
