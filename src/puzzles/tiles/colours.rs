//! The colours of a tile encoding's joins: each label a colour, numbered
//! in the order first asked for, and each (type, orientation, side) asked
//! once. For example the labels 7, 3, 7, 9 asked in that order get the
//! colours 1, 2, 1, 3. A template's options ask for them through the
//! joins of their cell ([`JoinSides`]), written straight into the
//! template's row of colours.

use crate::engine::fasthash::FastMap;
use crate::engine::Jagged;

/// The colours of the joins: one per label value, 1-based (0 means "no
/// colour"), numbered in the order first asked for. The colours of each
/// (type, orientation) on its four joins (right, bottom, and the partners
/// of left and top; 0 until first asked for) are kept: each is looked up
/// once instead of once per cell, the same numbers in the same order (a
/// side always asks for the same label, so a label's first look-up is its
/// side's first), and a 30x30 board's 2.5 million look-ups become a few
/// thousand.
pub(super) struct SideColours {
    /// Each label's colour; the first [`SideColours::SCANNED`] labels are
    /// found by a scan of `labels[..scanned]` (colour: place + 1), with no
    /// hashing and no allocation (the small boards of a stream), and only
    /// later ones are hashed.
    labels: [i32; SideColours::SCANNED],
    scanned: usize,
    colour_of: FastMap<i32, u32>,
    /// `side[stride * t + k]`: orientation `k` of type `t`, in one array
    /// of `stride` rows per type: one where every type has one orientation
    /// (tiles that do not turn: a 32x32 board's array is 16 KB instead of
    /// 64 KB, each page fresh), else four.
    pub(super) side: Vec<[u32; 4]>,
    stride: usize,
    /// On a board of more than [`SideColours::SCANNED`] types whose labels
    /// are small numbers (all of them within `-reach..=reach`, a table of
    /// at most [`SideColours::TABLE`] entries), the colour of label `l`
    /// at `table[l + reach]` (0: none yet) instead of the scan and the
    /// hashing: a 32x32 board looks up about 4,000 labels for the first
    /// time. Empty otherwise.
    pub(super) table: Vec<u32>,
    pub(super) reach: i32,
    /// The colours given so far.
    given: u32,
}

impl SideColours {
    /// The most labels found by a scan.
    pub(super) const SCANNED: usize = 32;

    /// The most entries of the table of labels.
    const TABLE: usize = 1 << 16;

    /// The colours of the types' orientations (type `t`'s in row `t` of
    /// `orients`), in the arrays `side` and `table` (their contents
    /// replaced).
    pub(super) fn new_in(orients: &Jagged<(u8, [i32; 4])>, mut side: Vec<[u32; 4]>, mut table: Vec<u32>) -> Self {
        let types = orients.rows();
        // One orientation per type, or at most four.
        let stride = if orients.total() == types { 1 } else { 4 };
        debug_assert!((0..types).all(|t| orients.row_len(t) <= stride), "at most four orientations");
        side.clear();
        side.resize(stride * types, [0; 4]);
        table.clear();
        // Partners are the labels or their negatives: within -reach..=reach
        // (looked at only where there are many types: a stream of small
        // cases pays nothing for the table).
        let many = types > Self::SCANNED;
        let reach = match many {
            true => orients.iter().flat_map(|o| o[0].1).map(i32::unsigned_abs).max(),
            false => None,
        };
        let reach = match reach.filter(|&r| (2 * r as usize) < Self::TABLE) {
            Some(r) => {
                table.resize(2 * r as usize + 1, 0);
                r as i32
            }
            None => 0,
        };
        SideColours {
            labels: [0; Self::SCANNED],
            scanned: 0,
            colour_of: FastMap::default(),
            side,
            stride,
            table,
            reach,
            given: 0,
        }
    }

    /// The colour of `label`, numbered in the order first asked for.
    fn of_label(&mut self, label: i32) -> u32 {
        if !self.table.is_empty() {
            debug_assert!(label.unsigned_abs() <= self.reach as u32, "every label and partner is in the table");
            let at = &mut self.table[(label + self.reach) as usize];
            if *at == 0 {
                self.given += 1;
                *at = self.given;
            }
            return *at;
        }
        let colour = match self.labels[..self.scanned].iter().position(|&l| l == label) {
            Some(i) => i as u32 + 1,
            None if self.scanned < Self::SCANNED => {
                self.labels[self.scanned] = label;
                self.scanned += 1;
                self.scanned as u32
            }
            None => {
                let next = (self.scanned + self.colour_of.len()) as u32 + 1;
                *self.colour_of.entry(label).or_insert(next)
            }
        };
        colour
    }

    /// The colours of orientation `k` of type `t` on the `W` joins `sides`
    /// of a cell (`label(d)`: its label there, asked only for a colour not
    /// known yet): [`SideColours::of`] asked for each join in turn, the
    /// same numbers, with the orientation's known colours read at one
    /// place and no list of (join, colour) pairs written and split per
    /// option (a template's options on a 16x16 board took 0.4 million
    /// instructions more that way).
    #[inline(always)]
    pub(super) fn on_sides<const W: usize>(
        &mut self,
        t: usize,
        k: usize,
        sides: JoinSides,
        label: impl Fn(usize) -> i32,
    ) -> [u32; W] {
        debug_assert!(k < self.stride && W == sides.n);
        let at = self.stride * t + k;
        let mut out = [0; W];
        for (o, &d) in out.iter_mut().zip(&sides.d) {
            // A direction is below 4: the mask spares the bounds check.
            let d = usize::from(d) & 3;
            *o = self.side_colour(at, d, || label(d));
        }
        out
    }

    /// The colour of side `d` of orientation `k` of type `t`, whose label
    /// there is `label`.
    #[inline]
    pub(super) fn of(&mut self, t: usize, k: usize, d: usize, label: i32) -> u32 {
        debug_assert!(k < self.stride);
        self.side_colour(self.stride * t + k, d, || label)
    }

    /// The colour of side `d` of the orientation at row `at` of `side`:
    /// the one known, or that of `label()`, asked for and kept.
    #[inline(always)]
    fn side_colour(&mut self, at: usize, d: usize, label: impl FnOnce() -> i32) -> u32 {
        let known = self.side[at][d];
        if known != 0 {
            return known;
        }
        let colour = self.of_label(label());
        self.side[at][d] = colour;
        colour
    }
}

/// The joins a cell has, as the directions `d` of [`SideColours::of`]
/// (0 right, 1 bottom, 2 left, 3 top), in the order the encoding lists a
/// cell's joins: the first `n` of the array.
#[derive(Clone, Copy)]
pub(super) struct JoinSides {
    d: [u8; 4],
    n: usize,
}

impl JoinSides {
    /// The joins a cell has (`has[d]`: it has the join in direction `d`).
    pub(super) fn of(has: [bool; 4]) -> Self {
        let mut sides = JoinSides { d: [0; 4], n: 0 };
        for (d, has) in has.into_iter().enumerate() {
            if has {
                (sides.d[sides.n], sides.n) = (d as u8, sides.n + 1);
            }
        }
        sides
    }

    /// The number of joins.
    pub(super) fn len(self) -> usize {
        self.n
    }
}
