//! The compact form's own reading: an option's place, a slot's items
//! and template, and the explicit form written out from it, with the
//! secondary items that constrain nothing left out.

use super::{Colour, Compact, Explicit, Template};
use crate::engine::search::halt::{Halt, Stopped};
use crate::engine::OptionId;

impl Compact {
    /// The slot of option `o` and its index in the slot's template.
    pub fn place(&self, o: OptionId) -> (usize, usize) {
        let s = self.first.partition_point(|&f| f as usize <= o) - 1;
        (s, o - self.first[s] as usize)
    }

    /// Slot `s`'s secondary items.
    pub fn items(&self, s: usize) -> &[u32] {
        &self.sec[self.sec_start[s] as usize..self.sec_start[s + 1] as usize]
    }

    /// Slot `s`'s template.
    pub fn template_of(&self, s: usize) -> &Template {
        &self.templates[self.template[s] as usize]
    }

    /// The explicit form, option after option (`p`: the primary items,
    /// secondary item `j` is node item `p + j`, left out where `lonely[j]`
    /// is 1: see [`Compact::lonely_into`]); `halt` polled per slot.
    pub(super) fn explicit(&self, p: u32, lonely: &[u8], n_options: usize, halt: &Halt) -> Result<Explicit, Stopped> {
        let nodes: usize = (0..self.item.len()).map(|s| self.template_of(s).len() * (2 + self.items(s).len())).sum();
        let mut ex = Explicit {
            opt_start: Vec::with_capacity(n_options + 1),
            node_item: Vec::with_capacity(nodes),
            node_colour: Vec::with_capacity(nodes),
            opt_primaries: vec![2; n_options],
        };
        ex.opt_start.push(0);
        for s in 0..self.item.len() {
            halt.check()?;
            let (tp, items) = (self.template_of(s), self.items(s));
            let kept = |&(&j, _): &(&u32, &Colour)| lonely[j as usize] != 1;
            for t in 0..tp.len() {
                ex.node_item.extend([self.item[s], tp.piece[t]]);
                ex.node_colour.extend([0, 0]);
                for (&j, &c) in items.iter().zip(tp.colours(t)).filter(kept) {
                    ex.node_item.push(p + j);
                    ex.node_colour.push(c);
                }
                ex.opt_start.push(ex.node_item.len() as u32);
            }
        }
        Ok(ex)
    }

    /// Per secondary item, into `lonely` (of `n_secondary`): 1 where one
    /// slot alone names it, that slot covered once (`multiplicity`: the
    /// primary items'), and every option of it colours the item. Such an
    /// item constrains nothing (one of the slot's options at most is
    /// chosen): the explicit form leaves it out, so that the backends that
    /// read options see the problem without it (a tile puzzle's outer
    /// joins, which let every cell of a board share one template). An
    /// uncoloured one is left in: the slot/piece shapes refuse it in
    /// either form. `blank`: per template, a bit per place some option
    /// leaves uncoloured (a template of more than 64 places is taken as
    /// blank everywhere: its items are kept).
    pub(super) fn lonely_into(
        &self,
        multiplicity: &[u32],
        n_secondary: usize,
        lonely: &mut Vec<u8>,
        blank: &mut Vec<u64>,
    ) {
        blank.clear();
        blank.extend(self.templates.iter().map(|tp| {
            match tp.width {
                0..=64 => tp
                    .colour
                    .chunks_exact(tp.width.max(1))
                    .fold(0, |m, cs| cs.iter().enumerate().fold(m, |m, (i, &c)| m | u64::from(c == 0) << i)),
                _ => u64::MAX,
            }
        }));
        // 0 unnamed, 1 named by one such slot, 2 otherwise.
        lonely.clear();
        lonely.resize(n_secondary, 0);
        for s in 0..self.item.len() {
            let (once, blank) = (multiplicity[self.item[s] as usize] == 1, blank[self.template[s] as usize]);
            for (i, &j) in self.items(s).iter().enumerate() {
                let n = &mut lonely[j as usize];
                let coloured = i < 64 && blank >> i & 1 == 0;
                *n = if *n == 0 && once && coloured { 1 } else { 2 };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{solve, ProblemBuilder, SearchConfig};

    /// The written-out options leave out exactly the items one slot
    /// alone names, that slot covered once and the item coloured by
    /// every option; the solutions are those of the problem without them.
    #[test]
    fn an_item_one_slot_alone_names_is_left_out_of_the_written_options() {
        // `twice`'s two options colour its item 1 and `other` (1: they agree).
        let problem = |other: u32| {
            let mut b = ProblemBuilder::new();
            let (a, c, twice) = (b.primary(1), b.primary(1), b.primary(2));
            let (p, q) = (b.primary(3), b.primary(1));
            let (shared, lone, blank, of_twice) = (b.secondary(), b.secondary(), b.secondary(), b.secondary());
            // a: [shared, lone, blank], its second option leaving blank uncoloured.
            let t = b.template(3);
            b.template_option(t, p, &[1, 5, 7]);
            b.template_option(t, q, &[2, 6, 0]);
            b.slot(a, t, &[shared, lone, blank]);
            let u = b.template(1);
            b.template_option(u, p, &[1]);
            b.template_option(u, q, &[2]);
            b.slot(c, u, &[shared]);
            let v = b.template(1);
            b.template_option(v, p, &[1]);
            b.template_option(v, q, &[other]);
            b.slot(twice, v, &[of_twice]);
            (b.build().unwrap(), [shared.0, lone.0, blank.0, of_twice.0])
        };
        let (pb, [shared, lone, blank, of_twice]) = problem(2);
        let items = |o: usize| -> Vec<u32> { pb.secondary_nodes(o).map(|(_, j)| j).collect() };
        assert_eq!((items(0), items(1)), (vec![shared, blank], vec![shared, blank]));
        assert_eq!((items(2), items(3)), (vec![shared], vec![shared]));
        // Named by one slot, but a slot covered twice: kept.
        assert_eq!((items(4), items(5)), (vec![of_twice], vec![of_twice]));
        let p0 = pb.primary_count() as u32;
        assert!(pb.ex().node_item.iter().all(|&i| i != p0 + lone), "the lonely item is named by no node");
        // `twice` takes both its options (p's and q's), a and c the other
        // two copies of p, agreeing on `shared`: one solution, unless
        // `twice`'s item tells its options apart.
        assert_eq!(solve(&pb, &SearchConfig::count(), None).solutions, 0u64);
        assert_eq!(solve(&problem(1).0, &SearchConfig::count(), None).solutions, 1u64);
    }

    /// A template of more than 64 places keeps every item, lonely or not
    /// (its places' colours are not looked at).
    #[test]
    fn a_template_wider_than_64_places_keeps_its_items() {
        let mut b = ProblemBuilder::new();
        let (a, p) = (b.primary(1), b.primary(1));
        let items: Vec<_> = (0..65).map(|_| b.secondary()).collect();
        let t = b.template(65);
        b.template_option(t, p, &[1; 65]);
        b.slot(a, t, &items);
        let pb = b.build().unwrap();
        assert_eq!(pb.secondary_nodes(0).count(), 65);
    }
}
