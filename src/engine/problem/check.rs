//! The checks of [`ProblemBuilder`]'s build: every option's items
//! declared and named once, the declared slots holding, and the compact
//! form's templates and slots consistent (its invariants, see `Compact`).
//! A stream of small cases builds a problem a case: the marks of a small
//! problem live on the stack.

use super::{ModelError, Problem, ProblemBuilder, MAX_INDEX, SECONDARY};
use crate::engine::search::halt::{Halt, Stopped};

impl ProblemBuilder {
    /// Checks each option, and numbers its secondary items after the
    /// primary ones (one pass). A problem of at most [`Self::FEW_ITEMS`]
    /// items marks the items seen on the stack (a stream of small cases
    /// builds one problem per case).
    pub(super) fn number_items(&mut self, halt: &Halt) -> Result<Result<(), ModelError>, Stopped> {
        let (p, s) = (self.multiplicity.len(), self.n_secondary);
        let (mut stack, mut heap) = ([u32::MAX; Self::FEW_ITEMS], Vec::new());
        let seen = marks(&mut stack, &mut heap, p + s);
        for o in 0..self.opt_primaries.len() {
            halt.every(o)?;
            let (start, end) = (self.opt_start[o] as usize, self.opt_start[o + 1] as usize);
            let n_prim = self.opt_primaries[o] as usize;
            if n_prim == 0 {
                return Ok(Err(ModelError::NoPrimary(o)));
            }
            for (k, i) in self.node_item[start..end].iter_mut().enumerate() {
                let item = match k < n_prim {
                    true if (*i as usize) < p => *i as usize,
                    false if *i & SECONDARY != 0 && ((*i & !SECONDARY) as usize) < s => p + (*i & !SECONDARY) as usize,
                    _ => return Ok(Err(ModelError::UnknownItem(o))),
                };
                if std::mem::replace(&mut seen[item], o as u32) == o as u32 {
                    return Ok(Err(ModelError::RepeatedItem(o)));
                }
                *i = item as u32;
            }
        }
        Ok(Ok(()))
    }

    /// Whether the declared slots ([`ProblemBuilder::declare_slots`]) hold,
    /// in the numbered options: their first options into `first` (and the
    /// number of options last). One pass over the options' nodes, a few
    /// comparisons each (a stream of small cases builds a problem a case).
    pub(super) fn slots_hold(&self, first: &mut Vec<u32>) -> bool {
        first.clear();
        // Without secondary items a problem is no slot/piece one (see
        // `SlotPieces::of`): nothing to check (a one-tile case).
        let Some(n) = self.slots.filter(|_| self.n_secondary > 0) else { return false };
        let p = self.multiplicity.len();
        if n > p || self.multiplicity[..n].iter().any(|&m| m != 1) {
            return false;
        }
        // The pieces named so far, on the stack for a small problem.
        let (mut stack, mut heap) = ([false; Self::FEW_ITEMS], Vec::new());
        let named = marks(&mut stack, &mut heap, p - n);
        let (at, item, colour) = (&self.opt_start, &self.node_item, &self.node_colour);
        for (o, &prims) in self.opt_primaries.iter().enumerate() {
            if prims != 2 {
                return false;
            }
            let (start, end) = (at[o] as usize, at[o + 1] as usize);
            let (s, q) = (item[start] as usize, item[start + 1] as usize);
            if s >= n || q < n {
                return false;
            }
            if s == first.len() {
                first.push(o as u32);
            } else if s + 1 != first.len() {
                return false; // a slot skipped, or its options apart
            }
            named[q - n] = true;
            // A loop, not `contains`: its call costs more than four colours.
            for &c in &colour[start + 2..end] {
                if c == 0 {
                    return false;
                }
            }
        }
        first.push(self.opt_primaries.len() as u32);
        first.len() == n + 1 && named.iter().all(|&x| x)
    }

    /// The most items whose marks [`Self::number_items`] keeps on the stack.
    const FEW_ITEMS: usize = 64;

    /// The most (template, item) marks [`Self::build_compact`] keeps on
    /// the stack (a 5x5 board's templates: 450).
    const FEW_MARKS: usize = 1024;

    pub(super) fn build_compact(&mut self, halt: &Halt, into: &mut Problem) -> Result<Result<(), ModelError>, Stopped> {
        let (p, s) = (self.multiplicity.len(), self.n_secondary);
        let c = std::mem::take(&mut self.compact);
        let n_options = *c.first.last().expect("a slot") as usize;
        if !self.opt_primaries.is_empty() {
            return Ok(Err(ModelError::Mixed));
        }
        if n_options > MAX_INDEX {
            return Ok(Err(ModelError::TooLarge("options")));
        }
        let nodes: usize = (0..c.item.len()).map(|x| c.template_of(x).len() * (2 + c.items(x).len())).sum();
        if nodes > MAX_INDEX || c.sec.len() > MAX_INDEX {
            return Ok(Err(ModelError::TooLarge("nodes")));
        }
        // Per template: which primary items it names as pieces, a row of
        // marks each; with the marks of the secondary items, on the stack
        // for a small problem (a stream of small cases builds one a case).
        let (mut stack, mut heap) = ([false; Self::FEW_MARKS], Vec::new());
        let is_piece = marks(&mut stack, &mut heap, c.templates.len() * p);
        for (t, tp) in c.templates.iter().enumerate() {
            halt.check()?;
            if let Some(t) = tp.piece.iter().position(|&q| q as usize >= p) {
                return Ok(Err(ModelError::UnknownItem(t)));
            }
            let marks = &mut is_piece[t * p..][..p];
            tp.piece.iter().for_each(|&q| marks[q as usize] = true);
        }
        let (mut stack, mut heap) = ([u32::MAX; Self::FEW_ITEMS], Vec::new());
        let seen = marks(&mut stack, &mut heap, s);
        for x in 0..c.item.len() {
            halt.every(x)?;
            let (first, items, item) = (c.first[x] as usize, c.items(x), c.item[x] as usize);
            if c.template_of(x).len() == 0 {
                continue;
            }
            if item >= p || items.iter().any(|&j| j as usize >= s) {
                return Ok(Err(ModelError::UnknownItem(first)));
            }
            if is_piece[c.template[x] as usize * p + item]
                || items.iter().any(|&j| std::mem::replace(&mut seen[j as usize], x as u32) == x as u32)
            {
                return Ok(Err(ModelError::RepeatedItem(first)));
            }
        }
        self.frame(into);
        into.explicit.take();
        (into.n_options, into.compact) = (n_options, Some(c));
        Ok(Ok(()))
    }
}

/// `n` marks, all as `stack`'s (its first `n` entries where they fit, else
/// `heap` grown to `n` with the same value): a small problem's marks on
/// the stack, without an allocation.
fn marks<'a, T: Copy, const N: usize>(stack: &'a mut [T; N], heap: &'a mut Vec<T>, n: usize) -> &'a mut [T] {
    if n <= N {
        return &mut stack[..n];
    }
    heap.resize(n, stack[0]);
    heap
}
