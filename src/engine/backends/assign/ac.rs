//! Arc consistency in the assignment backend: the write of a domain word
//! (A4, A5) and the narrowing of neighbours across uncoloured joins.
//!
//! Every domain change goes through [`Assign::set_word`], which logs the
//! old word on the trail, keeps the slot's popcount, queues the slot for
//! [`Assign::propagate`] once it has at most `AC_MAX` options, and cleans
//! a domain that just became small of the options of used-up pieces.
//! `propagate` then narrows, for each queued slot `s` and each of its
//! joins `j` without a colour, every other slot on `j` to the options
//! whose colour on `j` is one that `s` can still give (its *support*).
//! Example: a cell whose three options show right colours {2, 5} leaves
//! its right neighbour only the options whose left colour is 2 or 5:
//! the union of that neighbour's masks for colours 2 and 5, intersected
//! with its domain word by word.
//!
//! This is the backend's inner loop (on a 5x5 Tetravex with turning
//! tiles, about 15 supports, 30 narrowed words and 15 changed words per
//! node), so the tables it reads per step are laid out to be read in one
//! place: the item, its touch entry and its number of colours per slot
//! and item ([`SecEntry`]); a queued slot's state ([`SlotAc`](super::SlotAc)); and the
//! unions of a narrowing are kept in registers for domains of one to four
//! words (`narrow_fixed`), with one bounds check per colour.
//!
//! # Invariants (checked in debug builds)
//!
//! * a domain word only loses bits (`set_word`);
//! * `cnt[s]` drops by exactly the bits lost, and the trail entry keeps
//!   that number for the undo;
//! * `ac[s].queued` is set iff `s` is in `urgent` or `queue` (so each
//!   queue holds a slot at most once); both are empty between calls;
//! * `word_slot[w] == s` for every write of word `w` of slot `s`;
//! * skipping the narrowing across `via` (no echo) changes nothing (in
//!   debug builds it is done and checked to change no domain).

use super::{Assign, SecEntry, ANY, NO_COLOUR, T_DOM};
use crate::engine::backends::blocks::tagged;
use crate::engine::tuning::{AC_MAX, EXACT, URGENT};

impl Assign {
    /// Writes word `w` of slot `s`'s domain, logging the old value. Inlined:
    /// about half the calls change nothing. Domains only shrink (`value` is a subset
    /// of the old word), so one popcount of the lost bits gives the new
    /// count, and the trail keeps it for the undo (without a popcount
    /// instruction in the default target, each costs a dozen instructions).
    #[inline(always)]
    pub(super) fn set_word(&mut self, w: usize, s: usize, value: u64) {
        let old = self.dom[w];
        debug_assert_eq!(value & !old, 0, "a domain word grew");
        debug_assert_eq!(self.word_slot[w] as usize, s, "word {w} is not of slot {s}");
        if old != value {
            let lost = (old ^ value).count_ones();
            self.trail.push((tagged(T_DOM, w), lost, old));
            self.dom[w] = value;
            let before = self.cnt[s];
            let now = before - lost;
            self.cnt[s] = now;
            self.updates += 1;
            let cause = self.cause;
            let ac = &mut self.ac[s];
            if !ac.queued && now <= AC_MAX {
                ac.queued = true;
                // A slot that was large, or is still as at the root (no
                // domain shrinks back up), has not narrowed its neighbours.
                ac.via = if before > AC_MAX || before == ac.cnt0 { ANY } else { cause };
                if now <= URGENT {
                    self.urgent.push(s as u32);
                } else {
                    self.queue.push_back(s as u32);
                }
            } else if ac.via != cause {
                ac.via = ANY;
            }
            if before > EXACT && now <= EXACT {
                self.clean(s);
            }
        }
    }

    /// Makes a domain that just became small exact: clears the options of
    /// pieces that ran out while the domain was large. Rare (once per slot
    /// and path): kept out of line so that `set_word` stays small.
    #[inline(never)]
    fn clean(&mut self, s: usize) {
        let d0 = self.slot_dead[s] as usize;
        for (i, w) in self.dom.range(s).enumerate() {
            let keep = self.dom[w] & !self.dead[d0 + i];
            if keep != self.dom[w] {
                self.set_word(w, s, keep);
            }
        }
    }

    /// Arc consistency on the joins: while some slot's domain changed,
    /// narrow each neighbour across an uncoloured secondary item to the
    /// options whose colour there the slot can still give. Stops early
    /// when a domain empties (the caller then finds the dead end).
    ///
    /// The order does not change the result (the largest arc-consistent
    /// domains), only the work: slots with very few options go first (they
    /// narrow the most, and a neighbour narrowed by them has not spent a
    /// pass on its older, larger support), the others in the order they
    /// changed, so that a slot narrowed from several sides is taken once,
    /// after all of them: on Tetravex 9x9 fewer domain updates and fewer
    /// instructions than one stack.
    pub(super) fn propagate(&mut self) {
        while let Some(s) = self.urgent.pop().or_else(|| self.queue.pop_front()) {
            let s = s as usize;
            self.ac[s].queued = false;
            if !self.is_uncovered(s) || self.cnt[s] > AC_MAX {
                continue;
            }
            if self.cnt[s] == 0 {
                break;
            }
            // No echo: when a slot that was already small (its support
            // applied across every item) changed only by narrowing across
            // item `via`, from slots whose own supports there are `S'`, its
            // support there is now its old one within `S'`, and every slot
            // across `via` already holds only options agreeing with both.
            let via = self.ac[s].via;
            for e in self.slot_sec.range(s) {
                let SecEntry { item, touch: te, colours: nc } = self.sec_entry[e];
                let (j, te) = (item as usize, te as usize);
                if self.colour[j] != 0 || nc > 64 || (item == via && !cfg!(debug_assertions)) {
                    continue;
                }
                // The colours slot `s` can still give item `j`.
                let (w0, w1) = (self.dom.start(s), self.dom.start(s + 1));
                // At most AC_MAX options: look their colours up one by one.
                let col = self.opt_col.start(te);
                let mut support = 0u64;
                for w in w0..w1 {
                    let mut bits = self.dom[w];
                    while bits != 0 {
                        let k = (w - w0) * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        match self.opt_col[col + k] {
                            NO_COLOUR => support = u64::MAX,
                            c => support |= 1 << c,
                        }
                    }
                }
                let all = if nc == 64 { u64::MAX } else { (1u64 << nc) - 1 };
                if support & all == all {
                    continue;
                }
                let updates = self.updates;
                self.cause = j as u32;
                for t in self.touch.range(j) {
                    let (s2, base) = self.touch[t];
                    let s2 = s2 as usize;
                    if s2 == s || !self.is_uncovered(s2) {
                        continue;
                    }
                    self.narrow(s2, base as usize, support);
                    if self.cnt[s2] == 0 {
                        self.cause = ANY;
                        self.clear_queue();
                        return;
                    }
                }
                self.cause = ANY;
                debug_assert!(j as u32 != via || self.updates == updates, "an echo narrowed a domain");
            }
        }
        self.clear_queue();
    }

    /// Narrows slot `s2` to the options that agree with its item (the
    /// one whose colour-mask block for `s2` starts at `base`) having one
    /// of the colours of `support`: each word keeps the union of those
    /// colours' masks. Domains of one to four words take their width as a
    /// constant (the unions in registers, one bounds check per colour).
    #[inline(always)]
    fn narrow(&mut self, s2: usize, base: usize, support: u64) {
        match self.dom.row_len(s2) {
            1 => self.narrow_fixed::<1>(s2, base, support),
            2 => self.narrow_fixed::<2>(s2, base, support),
            3 => self.narrow_fixed::<3>(s2, base, support),
            4 => self.narrow_fixed::<4>(s2, base, support),
            words => {
                let v0 = self.dom.start(s2);
                for i in 0..words {
                    let mut allowed = 0u64;
                    let mut cs = support;
                    while cs != 0 {
                        let c = cs.trailing_zeros() as usize;
                        cs &= cs - 1;
                        allowed |= self.cmask[base + c * words + i];
                    }
                    let v = self.dom[v0 + i] & allowed;
                    self.set_word(v0 + i, s2, v);
                }
            }
        }
    }

    /// [`Self::narrow`] for a domain of `W` words.
    #[inline(always)]
    fn narrow_fixed<const W: usize>(&mut self, s2: usize, base: usize, support: u64) {
        let mut allowed = [0u64; W];
        let mut cs = support;
        while cs != 0 {
            let c = cs.trailing_zeros() as usize;
            cs &= cs - 1;
            let block: &[u64; W] = self.cmask[base + c * W..][..W].try_into().unwrap();
            for i in 0..W {
                allowed[i] |= block[i];
            }
        }
        let v0 = self.dom.start(s2);
        for (i, a) in allowed.into_iter().enumerate() {
            let v = self.dom[v0 + i] & a;
            self.set_word(v0 + i, s2, v);
        }
    }

    fn clear_queue(&mut self) {
        while let Some(s) = self.urgent.pop().or_else(|| self.queue.pop_front()) {
            self.ac[s as usize].queued = false;
        }
    }
}
