//! The cells of a tile encoding: each cell's options (the tile types
//! and turns that may stand there), written out option by option or, in
//! the compact form, as one template per kind of cell that the cells of
//! that kind share as slots; and the joins each cell names.
//!
//! Example: on a 3x3 board whose tiles do not turn, under a free border,
//! every cell may take every type: one list of options serves all nine
//! cells, and the compact form has a template per outer mask (four
//! corners, four sides, the middle: each names only the joins the cell
//! has, two to four), so the options are written nine times, once per
//! template, and each cell is a slot of its mask's template.

use super::colours::{JoinSides, SideColours};
use super::turns::TurnBreaker;
use super::{
    hint_at, outer_mask, Border, CellEncoding, Encoded, Hint, Joins, Labels, TilePuzzle, BOTTOM, LEFT, RIGHT, TOP,
};
use crate::engine::Jagged;
use crate::engine::{Halt, Primary, ProblemBuilder, Secondary, Stopped, TemplateId};

impl TilePuzzle {
    /// Each cell's options, in cell order, into `b` (cell `c` is slot
    /// `c`), with their orientations into `p`; the colours of their joins
    /// from `colours`. `Err` when `halt` stops it (checked per cell).
    pub(super) fn encode_cells(
        &self,
        b: &mut ProblemBuilder,
        p: &mut Encoded,
        cx: &CellEncoding,
        colours: &mut SideColours,
        halt: &Halt,
    ) -> Result<(), Stopped> {
        let (joins, breaker, compact) = (cx.joins, cx.breaker, cx.compact);
        let (s, orients) = (&mut p.scratch, &p.orients);
        let sec = &mut s.sec;
        let (joins_of_slot, option_colours) = (&mut s.slot_joins, &mut s.option_colours);
        // Per outer mask, its template (compact).
        let mut by_mask: [Option<TemplateId>; 16] = [None; 16];
        // A cell's (type, orientation, labels), one buffer for all cells.
        let options = &mut s.options;
        // Under a free border the options of a cell neither hinted nor
        // singled out are every such cell's: listed once (a 16x16 board
        // listed them for each of its nine templates, 0.1 M instructions).
        let mut plain_listed = false;
        // With outer joins every cell has four: one template serves all.
        let outer = joins.outer();
        for (cell, &item) in s.cells.iter().enumerate() {
            halt.check()?;
            let (r, c) = (cell / self.cols, cell % self.cols);
            let mask = if outer { 0 } else { usize::from(outer_mask(self, r, c)) };
            let hinted = hint_at(cx.hint, cell);
            // A cell hinted or singled out by the breaker has a template
            // of its own (the breaker of a whole type is the same in
            // every cell).
            let key = if hinted.is_some() || breaker.singles_out(cell) { None } else { Some(mask) };
            if let Some(t) = key.and_then(|m| by_mask[m]) {
                self.join_colours(joins, cell, &[0; 4], |_, _| 0, sec);
                b.slot(item, t, split_into(sec, joins_of_slot, option_colours).0);
                continue;
            }
            let plain = key.is_some() && matches!(self.border, Border::Free);
            if !(plain && plain_listed) {
                self.cell_options(orients, cell, hinted, breaker, options);
            }
            plain_listed = plain;
            if !compact {
                for &(t, k, l) in options.iter() {
                    let t = t as usize;
                    self.join_colours(joins, cell, &l, |d, label| colours.of(t, usize::from(k), d, label), sec);
                    b.option(&[item, s.type_items[t]], sec);
                    p.orient.push(k);
                }
                continue;
            }
            let id = self.cell_template(b, joins, cell, options, &s.type_items, colours);
            self.join_colours(joins, cell, &[0; 4], |_, _| 0, sec);
            p.template_orient.push_row(options.iter().map(|&(_, k, _)| k));
            if let Some(m) = key {
                by_mask[m] = Some(id);
            }
            b.slot(item, id, split_into(sec, joins_of_slot, option_colours).0);
        }
        Ok(())
    }

    /// The template of a compact cell: its `options`' colours on its joins,
    /// laid out at its length (grown by doubling, the nine templates of a
    /// 32x32 board were copied eleven times each).
    fn cell_template(
        &self,
        b: &mut ProblemBuilder,
        joins: &Joins,
        cell: usize,
        options: &[(u32, u8, Labels)],
        type_items: &[Primary],
        colours: &mut SideColours,
    ) -> TemplateId {
        let (r, c) = (cell / self.cols, cell % self.cols);
        let outer = joins.outer();
        let sides =
            JoinSides::of([joins.right[cell].is_some(), joins.down[cell].is_some(), c > 0 || outer, r > 0 || outer]);
        let id = b.template_of(sides.len(), options.len());
        // The width a constant: each option's colours in registers.
        match sides.len() {
            0 => self.fill_template::<0>(b, id, sides, options, type_items, colours),
            1 => self.fill_template::<1>(b, id, sides, options, type_items, colours),
            2 => self.fill_template::<2>(b, id, sides, options, type_items, colours),
            3 => self.fill_template::<3>(b, id, sides, options, type_items, colours),
            _ => self.fill_template::<4>(b, id, sides, options, type_items, colours),
        }
        id
    }

    /// The options of template `id`, of `W` joins (`sides`), as
    /// [`TilePuzzle::cell_template`] lists them.
    #[inline]
    fn fill_template<const W: usize>(
        &self,
        b: &mut ProblemBuilder,
        id: TemplateId,
        sides: JoinSides,
        options: &[(u32, u8, Labels)],
        type_items: &[Primary],
        colours: &mut SideColours,
    ) {
        b.template_options::<W>(
            id,
            options.iter().map(|&(t, k, l)| {
                let label = |d: usize| self.join_label(&l, d);
                (type_items[t as usize], colours.on_sides::<W>(t as usize, usize::from(k), sides, label))
            }),
        );
    }

    /// The label a tile with labels `l` asks of its join in direction `d`
    /// (0 right, 1 bottom, 2 left, 3 top): its own on the right and
    /// bottom joins, the partner of its own on the left and top ones
    /// (the join is coloured by the upper or left tile's side).
    #[inline(always)]
    fn join_label(&self, l: &Labels, d: usize) -> i32 {
        match d {
            0 => l[RIGHT],
            1 => l[BOTTOM],
            2 => self.rule.partner(l[LEFT]),
            _ => self.rule.partner(l[TOP]),
        }
    }

    /// The (type, orientation, labels) triples that may stand at `cell` (under its
    /// hint, the turn breaker and the border rule), into `options`.
    fn cell_options(
        &self,
        orients: &Jagged<(u8, Labels)>,
        cell: usize,
        hinted: Option<Hint>,
        breaker: TurnBreaker,
        options: &mut Vec<(u32, u8, Labels)>,
    ) {
        let (r, c) = (cell / self.cols, cell % self.cols);
        options.clear();
        // At most every orientation: laid out once, not grown by doubling
        // (a copy at each step, 1,024 entries on a 32x32 board).
        options.reserve(orients.total());
        for (t, ors) in orients.iter().enumerate() {
            if hinted.is_some_and(|h| h.ty != t) {
                continue;
            }
            for (k, &(_, l)) in ors.iter().enumerate() {
                if !breaker.keeps(cell, t, k, ors.len()) {
                    continue;
                }
                if hinted.is_some_and(|h| h.labels.is_some_and(|hl| hl != l)) || !self.fits_border(&l, r, c) {
                    continue;
                }
                options.push((t as u32, k as u8, l));
            }
        }
    }

    /// The joins of a tile with labels `l` at `cell`, with their colours
    /// (`side(d, label)`: d = 0 right, 1 bottom, 2 left, 3 top), into `sec`.
    #[inline]
    fn join_colours(
        &self,
        joins: &Joins,
        cell: usize,
        l: &Labels,
        mut side: impl FnMut(usize, i32) -> u32,
        sec: &mut Vec<(Secondary, u32)>,
    ) {
        let (r, c) = (cell / self.cols, cell % self.cols);
        sec.clear();
        if let Some(j) = joins.right[cell] {
            sec.push((j, side(0, self.join_label(l, 0))));
        }
        if let Some(j) = joins.down[cell] {
            sec.push((j, side(1, self.join_label(l, 1))));
        }
        if c > 0 {
            sec.push((joins.right[cell - 1].unwrap(), side(2, self.join_label(l, 2))));
        } else if let Some(&j) = joins.left_edge.get(r) {
            sec.push((j, side(2, self.join_label(l, 2))));
        }
        if r > 0 {
            sec.push((joins.down[cell - self.cols].unwrap(), side(3, self.join_label(l, 3))));
        } else if let Some(&j) = joins.top_edge.get(c) {
            sec.push((j, side(3, self.join_label(l, 3))));
        }
    }
}

/// The joins of `sec` and their colours apart, into `joins` and `colours`
/// (arrays kept from cell to cell: no allocation per slot or option).
fn split_into<'a>(
    sec: &[(Secondary, u32)],
    joins: &'a mut Vec<Secondary>,
    colours: &'a mut Vec<u32>,
) -> (&'a [Secondary], &'a [u32]) {
    joins.clear();
    colours.clear();
    joins.extend(sec.iter().map(|&(j, _)| j));
    colours.extend(sec.iter().map(|&(_, c)| c));
    (joins, colours)
}
