//! The symmetries of a packing problem, and how `--unique` breaks them.
//!
//! # The group
//!
//! The eight symmetries of the square are numbered as in
//! [`polyomino`](super::polyomino): `t < 4` turns `t` quarter turns
//! clockwise; `t >= 4` mirrors left-right, then turns `t - 4` times. A
//! symmetry acts on the board's bounding box (an `h x w` box becomes
//! `w x h` under a quarter turn). The *symmetry group of a problem* is the
//! set of those that
//!
//! * map the board's cells onto themselves, and
//! * map every piece type's set of allowed oriented shapes onto itself
//!   (without `--flip`, a chiral piece has no mirror image, so mirrors are
//!   not symmetries of the problem; one-sided pieces thus keep solutions and
//!   their mirror images apart).
//!
//! Such a symmetry maps every solution to a solution, so the solutions fall
//! into orbits.
//!
//! # Breaking it (the coset trick)
//!
//! To count one solution per orbit, [`break_symmetry`] picks a piece type `T` used
//! once. Its placements fall into orbits under the group; only one
//! placement per orbit is kept (the first in option order).
//!
//! * If the group acts *freely* on `T`'s placements (no placement is mapped
//!   onto itself by a symmetry other than the identity, which holds for
//!   every asymmetric piece such as F), each orbit of solutions has exactly
//!   `|G|` members and exactly one of them puts `T` on a kept placement:
//!   every orbit is counted once.
//! * If a kept placement `p` is fixed by a subgroup `H` (the X pentomino on
//!   a mirror axis), the solutions with `T` at `p` still come in `H`-orbits.
//!   A second type `U` used once, on whose placements disjoint from `p` the
//!   subgroup `H` acts freely, breaks them: of each `H`-orbit of `U`'s
//!   placements one is kept *when `T` is at `p`*. The model says so with one
//!   extra item per such `p`, shared by `T`'s option `p` and the dropped
//!   options of `U` (they exclude each other), plus a slack option that
//!   covers the item alone when neither is chosen. This is Knuth's
//!   treatment of the X pentomino on the diagonal of the 8x8 board.
//!
//! Among the types for which this works, the one with the fewest kept
//! placements is chosen (then the one needing fewest second pieces). When
//! no type works (every piece type has several copies, or every piece is so
//! symmetric that some solution is symmetric itself), `--unique` is refused:
//! see [`NoBreaking`].

use crate::engine::fasthash::FastMap;
use crate::engine::{Halt, Stopped};

/// Names of the eight symmetries (for messages and docs).
pub const NAMES: [&str; 8] = [
    "identity",
    "quarter turn",
    "half turn",
    "three-quarter turn",
    "left-right mirror",
    "anti-diagonal mirror",
    "top-bottom mirror",
    "diagonal mirror",
];

/// Where symmetry `t` takes cell `(r, c)` of an `h x w` box.
pub fn map_cell(t: u8, (r, c): (usize, usize), (h, w): (usize, usize)) -> (usize, usize) {
    let (mut r, mut c, mut h, mut w) = (r, c, h, w);
    if t >= 4 {
        c = w - 1 - c;
    }
    for _ in 0..t % 4 {
        // Clockwise: (r, c) -> (c, h - 1 - r); the box turns too.
        (r, c) = (c, h - 1 - r);
        std::mem::swap(&mut h, &mut w);
    }
    (r, c)
}

/// The box `h x w` after symmetry `t`.
pub fn map_box(t: u8, (h, w): (usize, usize)) -> (usize, usize) {
    if t % 2 == 1 {
        (w, h)
    } else {
        (h, w)
    }
}

/// The symmetries (0-7) that map the cell set `cells` of an `h x w` box
/// onto itself. `cells` is sorted.
pub fn cell_set_group(cells: &[(usize, usize)], (h, w): (usize, usize)) -> Vec<u8> {
    (0..8u8)
        .filter(|&t| {
            if map_box(t, (h, w)) != (h, w) {
                return false;
            }
            let mut image: Vec<(usize, usize)> = cells.iter().map(|&x| map_cell(t, x, (h, w))).collect();
            image.sort_unstable();
            image == cells
        })
        .collect()
}

/// How the symmetry is broken: which placements of which piece type to
/// keep. (Not a shard plan, [`crate::solve::plan`]: a different thing.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breaking {
    /// The restricted piece type.
    pub piece_type: usize,
    /// Its placements (indices into the placement list) that are kept, one
    /// per orbit, in increasing order.
    pub kept: Vec<usize>,
    /// How many placements the type has in all.
    pub total: usize,
    /// Kept placements fixed by a non-trivial subgroup, with the second
    /// type and the placements of it dropped when the first type lies there.
    pub conditions: Vec<Condition>,
}

/// When the restricted type lies at `placement`, the placements `excluded`
/// of `other_type` are not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The kept placement of the restricted type.
    pub placement: usize,
    /// The symmetries that fix `placement`.
    pub stabiliser: Vec<u8>,
    /// The second type, which breaks the stabiliser.
    pub other_type: usize,
    /// Its placements not used when the first type lies at `placement`.
    pub excluded: Vec<usize>,
}

/// Why `--unique` cannot break a problem's symmetry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoBreaking {
    #[error("no piece is used exactly once (identical copies cannot be told apart)")]
    /// Every piece type has several copies.
    NoSinglePiece,
    #[error("every piece used once has a placement that a symmetry maps onto itself, and no second piece breaks the remaining symmetry")]
    /// Every single piece can lie on a symmetric placement that no second piece breaks.
    TooSymmetric,
}

/// Chooses how to break the symmetry of `group` (which contains 0).
///
/// `placements[i]` is `(type, cells)` with the cells sorted; the cells lie
/// in the `h x w` box; the group maps the set of placements of each type
/// onto itself. `multiplicity[t]` is the number of copies of type `t`.
/// Returns `Ok(None)` when the group is trivial.
pub fn break_symmetry(
    group: &[u8],
    hw: (usize, usize),
    placements: &[(usize, &[(usize, usize)])],
    multiplicity: &[usize],
) -> Result<Option<Breaking>, NoBreaking> {
    match break_symmetry_within(group, hw, placements, multiplicity, &Halt::NEVER) {
        Ok(choice) => choice,
        Err(_) => unreachable!("nothing stops a choice that polls no flag and no deadline"),
    }
}

/// [`break_symmetry`], polling `halt` (the choice looks at every placement
/// of every piece used once, and more: up to a second on a 30x30 board cut
/// into 120 turning pieces); `Err` when it stops.
pub(crate) fn break_symmetry_within(
    group: &[u8],
    hw: (usize, usize),
    placements: &[(usize, &[(usize, usize)])],
    multiplicity: &[usize],
    halt: &Halt,
) -> Result<Result<Option<Breaking>, NoBreaking>, Stopped> {
    if group.len() <= 1 {
        return Ok(Ok(None));
    }
    let singles: Vec<usize> = (0..multiplicity.len()).filter(|&t| multiplicity[t] == 1).collect();
    if singles.is_empty() {
        return Ok(Err(NoBreaking::NoSinglePiece));
    }
    let mut action = Action::new(hw, placements, multiplicity.len(), halt)?;
    // The candidates in order of preference: fewest orbits, then fewest
    // placements a symmetry fixes (each needs a condition), then the
    // input's order. The first whose conditions can all be met is the
    // choice; the conditions, which look at every placement of every
    // other single piece, are worked out for it alone (and for any that
    // failed before it), not for every piece.
    let mut candidates = Vec::with_capacity(singles.len());
    for &t1 in &singles {
        candidates.push((t1, action.orbits(group, t1, halt)?));
    }
    candidates.sort_by_key(|(_, o)| (o.kept.len(), o.special.len()));
    'candidates: for (t1, Orbits { kept, special }) in candidates {
        // A second type for each kept placement with a non-trivial stabiliser.
        let mut conditions = Vec::with_capacity(special.len());
        for (p, stab) in special {
            let Some(condition) = action.condition(&singles, t1, p, stab, halt)? else {
                continue 'candidates;
            };
            conditions.push(condition);
        }
        return Ok(Ok(Some(Breaking { piece_type: t1, kept, total: action.of_type[t1].len(), conditions })));
    }
    Ok(Err(NoBreaking::TooSymmetric))
}

/// A placement: its type and its sorted cells.
type Cells<'a> = (usize, &'a [(usize, usize)]);

/// The group's action on the placements (see [`break_symmetry`]).
struct Action<'a> {
    hw: (usize, usize),
    placements: &'a [Cells<'a>],
    /// Each placement's index, by (type, sorted cells).
    index: FastMap<Cells<'a>, usize>,
    /// Per type: its placements.
    of_type: Vec<Vec<usize>>,
    /// Room for the image of a placement's cells.
    scratch: Vec<(usize, usize)>,
    /// Per placement, the last pass that marked it (`pass`): a set of
    /// placements emptied in one step.
    marked: Vec<u32>,
    pass: u32,
    /// The images worked out so far: `images[g * placements + i]` is one
    /// more than the placement symmetry `g` maps placement `i` onto (0
    /// until asked for: zeroed memory, whose pages the system lends only
    /// where an image is written, and only the single pieces' placements
    /// are ever mapped). The conditions ask for the same images again and
    /// again (for each special placement of the piece restricted).
    images: Vec<u32>,
    /// The board's cells (row-major in the `h x w` box) that the
    /// placement of the condition being worked out covers.
    covered: Vec<bool>,
}

/// A type's placements up to the group: one kept per orbit, and the kept
/// ones that a symmetry other than the identity fixes, with the
/// symmetries that fix them (their stabiliser).
struct Orbits {
    kept: Vec<usize>,
    special: Vec<(usize, Vec<u8>)>,
}

impl<'a> Action<'a> {
    fn new(hw: (usize, usize), placements: &'a [Cells<'a>], types: usize, halt: &Halt) -> Result<Self, Stopped> {
        let mut index = FastMap::with_capacity_and_hasher(placements.len(), Default::default());
        let mut of_type: Vec<Vec<usize>> = vec![Vec::new(); types];
        for (i, &(t, cells)) in placements.iter().enumerate() {
            halt.every(i)?;
            index.insert((t, cells), i);
            of_type[t].push(i);
        }
        Ok(Action {
            hw,
            placements,
            index,
            of_type,
            scratch: Vec::new(),
            marked: vec![0; placements.len()],
            pass: 0,
            images: vec![0; 8 * placements.len()],
            covered: vec![false; hw.0 * hw.1],
        })
    }

    /// Starts a new set of marked placements (empty).
    fn new_marks(&mut self) {
        self.pass += 1;
    }

    /// Marks placement `i`; whether it was not marked yet in this pass.
    fn mark(&mut self, i: usize) -> bool {
        let fresh = self.marked[i] != self.pass;
        self.marked[i] = self.pass;
        fresh
    }

    /// The placement that symmetry `g` maps placement `i` onto.
    fn image(&mut self, g: u8, i: usize) -> usize {
        let at = usize::from(g) * self.placements.len() + i;
        if self.images[at] != 0 {
            return self.images[at] as usize - 1;
        }
        let (t, cells) = self.placements[i];
        let hw = self.hw;
        self.scratch.clear();
        self.scratch.extend(cells.iter().map(|&x| map_cell(g, x, hw)));
        self.scratch.sort_unstable();
        let j = *self
            .index
            .get(&(t, self.scratch.as_slice()))
            .expect("the group maps each type's placements onto themselves");
        self.images[at] = j as u32 + 1;
        j
    }

    /// Marks the cells of placement `p` covered (or, `false`, no longer).
    fn cover(&mut self, p: usize, covered: bool) {
        let w = self.hw.1;
        for &(r, c) in self.placements[p].1 {
            self.covered[r * w + c] = covered;
        }
    }

    /// Whether placement `q` covers none of the cells marked covered.
    fn clear_of_covered(&self, q: usize) -> bool {
        let w = self.hw.1;
        self.placements[q].1.iter().all(|&(r, c)| !self.covered[r * w + c])
    }

    /// The orbits of type `t`'s placements, with the stabiliser of each kept one.
    fn orbits(&mut self, group: &[u8], t: usize, halt: &Halt) -> Result<Orbits, Stopped> {
        self.new_marks();
        let mut orbits = Orbits { kept: Vec::new(), special: Vec::new() };
        for k in 0..self.of_type[t].len() {
            halt.every(k)?;
            let i = self.of_type[t][k];
            if self.marked[i] == self.pass {
                continue;
            }
            let mut stab = Vec::new();
            for &g in group {
                let j = self.image(g, i);
                self.mark(j);
                if j == i {
                    stab.push(g);
                }
            }
            orbits.kept.push(i);
            if stab.len() > 1 {
                orbits.special.push((i, stab));
            }
        }
        Ok(orbits)
    }

    /// The condition that breaks the stabiliser `stab` of placement `p`
    /// of type `t1`: the single type other than `t1` on which the
    /// stabiliser acts freely and that excludes the most placements, or
    /// `None` when there is none.
    fn condition(
        &mut self,
        singles: &[usize],
        t1: usize,
        p: usize,
        stab: Vec<u8>,
        halt: &Halt,
    ) -> Result<Option<Condition>, Stopped> {
        self.cover(p, true);
        let chosen = self.second_type(singles, t1, &stab, halt);
        self.cover(p, false);
        Ok(chosen?.map(|(other_type, excluded)| Condition { placement: p, stabiliser: stab, other_type, excluded }))
    }

    /// For [`Action::condition`], with the restricted placement's cells
    /// covered: the second type and the placements it excludes.
    fn second_type(
        &mut self,
        singles: &[usize],
        t1: usize,
        stab: &[u8],
        halt: &Halt,
    ) -> Result<Option<(usize, Vec<usize>)>, Stopped> {
        let mut chosen: Option<(usize, Vec<usize>)> = None;
        'types: for &t2 in singles {
            if t2 == t1 {
                continue;
            }
            self.new_marks();
            let mut excluded = Vec::new();
            for k in 0..self.of_type[t2].len() {
                halt.every(k)?;
                let q = self.of_type[t2][k];
                if !self.clear_of_covered(q) || !self.mark(q) {
                    continue;
                }
                for &h in &stab[1..] {
                    let j = self.image(h, q);
                    if j == q {
                        continue 'types; // the subgroup does not act freely
                    }
                    if self.mark(j) {
                        excluded.push(j);
                    }
                }
            }
            if chosen.as_ref().is_none_or(|c| c.1.len() < excluded.len()) {
                excluded.sort_unstable();
                chosen = Some((t2, excluded));
            }
        }
        Ok(chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::polyomino::Shape;

    #[test]
    fn map_cell_agrees_with_shape_transform() {
        let s = Shape::new([(0, 1), (0, 2), (1, 0), (1, 1), (2, 1), (2, 3)]).unwrap();
        let hw = s.extent();
        for t in 0..8 {
            let mapped = Shape::new(s.cells().map(|x| map_cell(t, x, hw))).unwrap();
            assert_eq!(mapped, s.transform(t), "symmetry {t}");
            assert_eq!(mapped.extent(), map_box(t, hw));
        }
    }

    #[test]
    fn groups_of_rectangles_and_squares() {
        let rect: Vec<(usize, usize)> = (0..6).flat_map(|r| (0..10).map(move |c| (r, c))).collect();
        assert_eq!(cell_set_group(&rect, (6, 10)), vec![0, 2, 4, 6]);
        let square: Vec<(usize, usize)> = (0..8).flat_map(|r| (0..8).map(move |c| (r, c))).collect();
        assert_eq!(cell_set_group(&square, (8, 8)).len(), 8);
        // An L-shaped board: only the diagonal mirror.
        let l = vec![(0, 0), (1, 0), (1, 1)];
        let g = cell_set_group(&l, (2, 2));
        assert_eq!(g.len(), 2);
        assert_eq!(NAMES[g[1] as usize], "anti-diagonal mirror");
    }

    /// Monomino placements on a 1x3 strip, and a domino: the domino breaks
    /// the left-right mirror freely.
    #[test]
    fn plans_prefer_the_fewest_kept_placements() {
        let cells: Vec<Vec<(usize, usize)>> =
            vec![vec![(0, 0), (0, 1)], vec![(0, 1), (0, 2)], vec![(0, 0)], vec![(0, 1)], vec![(0, 2)]];
        let placements: Vec<(usize, &[(usize, usize)])> =
            vec![(0, &cells[0]), (0, &cells[1]), (1, &cells[2]), (1, &cells[3]), (1, &cells[4])];
        let plan = break_symmetry(&[0, 4], (1, 3), &placements, &[1, 1]).unwrap().unwrap();
        assert_eq!(plan.piece_type, 0);
        assert_eq!(plan.kept, vec![0]);
        assert!(plan.conditions.is_empty());
        // Two copies of each: nothing to restrict.
        assert_eq!(super::break_symmetry(&[0, 4], (1, 3), &placements, &[2, 2]), Err(NoBreaking::NoSinglePiece));
        assert_eq!(super::break_symmetry(&[0], (1, 3), &placements, &[1, 1]), Ok(None));
    }
}
