//! A specialised bitboard pentomino packer, in the style of the best simple C
//! solvers: the board is one machine word (u64, or u128 above 64 cells),
//! the search always fills the first empty cell, each cell has candidate
//! lists (every placement whose first cell is that cell, grouped by piece,
//! one list per occupancy pattern of the next 8 cells, so most placements
//! that cannot fit are never looked at), a pieces-used bitmask, and empty regions whose size is not a multiple of 5
//! are pruned by a bit-parallel flood fill.
//!
//! Cell order: the board is laid out with its long side along x and its short
//! side along y, bit = x * H + y, so "first empty cell" scans the short side
//! first (column-major along the short side).

use crate::polyomino::{pentomino_placements, PENTOMINOES};
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// The word the board lives in.
pub trait Bits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const ALL: Self;
    const WIDTH: u32;
    fn tz(self) -> u32;
    fn ones(self) -> u32;
    fn wrapping_neg_(self) -> Self;
    fn low(self) -> u32;
}

macro_rules! bits_impl {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const ALL: Self = !0;
            const WIDTH: u32 = <$t>::BITS;
            #[inline(always)]
            fn tz(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn wrapping_neg_(self) -> Self {
                self.wrapping_neg()
            }
            #[inline(always)]
            fn low(self) -> u32 {
                self as u32
            }
        }
    };
}
bits_impl!(u64);
bits_impl!(u128);

/// Candidate lists are split by the occupancy of this many cells after the
/// first empty one.
const KBITS: u32 = 8;

/// Options of one run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Count up to the rectangle's symmetry (F restricted to one orientation per coset).
    pub unique: bool,
    /// Prune empty regions whose size is not a multiple of 5.
    pub prune: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { unique: false, prune: true }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub solutions: u64,
    /// Placements made (a piece put on the board, before the region prune).
    pub nodes: u64,
}

struct Packer<B: Bits> {
    h: u32,
    /// candidate lists are indexed by (cell, occupancy of the next `kbits` cells)
    kbits: u32,
    /// per cell: range into `groups`
    cell_start: Vec<u32>,
    /// (piece bit, start, end) into `masks`
    groups: Vec<(u32, u32, u32)>,
    masks: Vec<B>,
    not_y0: B,
    not_ytop: B,
    prune: bool,
    nodes: u64,
    solutions: u64,
}

impl<B: Bits> Packer<B> {
    #[inline(always)]
    fn grow(&self, seed: B, empty: B) -> B {
        let h = self.h;
        let mut r = seed;
        loop {
            let g = (r | ((r << 1) & self.not_y0) | ((r >> 1) & self.not_ytop) | (r << h) | (r >> h)) & empty;
            if g == r {
                return r;
            }
            r = g;
        }
    }

    /// False if placing `m` (board now `nb`) cut off an empty region whose
    /// size is not a multiple of 5. Only regions touching the new piece can
    /// have changed; when the piece touches a single region it is fine.
    #[inline(always)]
    fn regions_ok(&self, nb: B, m: B) -> bool {
        let h = self.h;
        let empty = !nb;
        let mut seeds = (((m << 1) & self.not_y0) | ((m >> 1) & self.not_ytop) | (m << h) | (m >> h)) & empty;
        let mut first = true;
        while seeds != B::ZERO {
            let s = seeds & seeds.wrapping_neg_();
            let region = self.grow(s, empty);
            seeds = seeds & !region;
            if first && seeds == B::ZERO {
                return true; // the only region next to the piece
            }
            first = false;
            if !region.ones().is_multiple_of(5) {
                return false;
            }
        }
        true
    }

    fn search(&mut self, board: B, used: u32) {
        let cell = (!board).tz();
        let key = ((board >> cell) >> 1).low() & ((1u32 << self.kbits) - 1);
        let slot = ((cell as usize) << self.kbits) | key as usize;
        let (gs, ge) = (self.cell_start[slot] as usize, self.cell_start[slot + 1] as usize);
        for gi in gs..ge {
            let (pbit, ms, me) = self.groups[gi];
            if used & pbit != 0 {
                continue;
            }
            for mi in ms as usize..me as usize {
                let m = self.masks[mi];
                if m & board != B::ZERO {
                    continue;
                }
                self.nodes += 1;
                let nb = board | m;
                if nb == B::ALL {
                    self.solutions += 1;
                    continue;
                }
                if self.prune && !self.regions_ok(nb, m) {
                    continue;
                }
                self.search(nb, used | pbit);
            }
        }
    }
}

fn run<B: Bits>(rows: usize, cols: usize, opt: &Options) -> Outcome {
    let (w, h) = if rows <= cols { (cols, rows) } else { (rows, cols) };
    let n = w * h;
    assert!(n as u32 <= B::WIDTH);
    let bit = |x: i32, y: i32| -> u32 { x as u32 * h as u32 + y as u32 };
    let placements = pentomino_placements(w as i32, h as i32, opt.unique);
    // Candidate lists: for each cell, for each piece, the masks whose lowest cell it is.
    let mut per: Vec<Vec<Vec<B>>> = vec![vec![Vec::new(); PENTOMINOES.len()]; n];
    for p in &placements {
        let mut m = B::ZERO;
        for &(x, y) in &p.cells {
            m = m | (B::ONE << bit(x, y));
        }
        per[m.tz() as usize][p.piece].push(m);
    }
    let kbits = KBITS;
    let mut cell_start = Vec::with_capacity((n << kbits) + 1);
    let mut groups = Vec::new();
    let mut masks = Vec::new();
    for (cell, lists) in per.iter().enumerate() {
        for key in 0..(1u64 << kbits) {
            // the cells after `cell` that are filled under this key
            let mut win = B::ZERO;
            for i in 0..kbits {
                let b = cell as u32 + 1 + i;
                if key >> i & 1 == 1 && b < B::WIDTH {
                    win = win | (B::ONE << b);
                }
            }
            cell_start.push(groups.len() as u32);
            for (piece, list) in lists.iter().enumerate() {
                let s = masks.len() as u32;
                masks.extend(list.iter().copied().filter(|&m| m & win == B::ZERO));
                if masks.len() as u32 > s {
                    groups.push((1u32 << piece, s, masks.len() as u32));
                }
            }
        }
    }
    cell_start.push(groups.len() as u32);
    let mut not_y0 = B::ZERO;
    let mut not_ytop = B::ZERO;
    for x in 0..w as i32 {
        for y in 0..h as i32 {
            if y != 0 {
                not_y0 = not_y0 | (B::ONE << bit(x, y));
            }
            if y != h as i32 - 1 {
                not_ytop = not_ytop | (B::ONE << bit(x, y));
            }
        }
    }
    // Bits beyond the board count as filled: a full board is all ones.
    let mut board = B::ZERO;
    for b in n as u32..B::WIDTH {
        board = board | (B::ONE << b);
    }
    let mut pk = Packer {
        h: h as u32,
        kbits,
        cell_start,
        groups,
        masks,
        not_y0,
        not_ytop,
        prune: opt.prune,
        nodes: 0,
        solutions: 0,
    };
    if n != 5 * PENTOMINOES.len() {
        return Outcome::default(); // the 12 pentominoes cover exactly 60 cells
    }
    pk.search(board, 0);
    Outcome { solutions: pk.solutions, nodes: pk.nodes }
}

/// Count the tilings of a `rows x cols` rectangle with the 12 pentominoes.
pub fn count(rows: usize, cols: usize, opt: &Options) -> Outcome {
    if rows * cols <= 64 {
        run::<u64>(rows, cols, opt)
    } else if rows * cols <= 128 {
        run::<u128>(rows, cols, opt)
    } else {
        Outcome::default()
    }
}
