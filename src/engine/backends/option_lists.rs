//! The options of each slot of a slot/piece problem ([`super::shape`]):
//! listed, or for a compact problem ranges of option numbers written out
//! only when a reader asks for lists.

use crate::engine::search::halt::{Halt, Stopped};
use std::sync::OnceLock;

/// Per slot, its options in increasing order. Read from a compact
/// problem, a slot's options are a range of numbers, and the lists are
/// written out only when a reader asks for them as lists (`Deref`,
/// iterating `&OptionLists`, or [`OptionLists::write_out`] under the
/// deadline); [`OptionLists::of`], [`OptionLists::count`] and
/// [`OptionLists::iter`] never write them. The row scan in the square
/// order, which a first solution of a big board takes, reads only those:
/// on a 24x24 board whose tiles turn, 1.3 million options that were
/// written out and never read (a fifth of such a run's CPU).
///
/// Example: slots with options `0..3` and `3..5` are the ranges
/// `[(0, 3), (3, 5)]`; written out, `[[0, 1, 2], [3, 4]]`.
///
/// Invariant: when both are there, the lists are the ranges written out.
pub(crate) struct OptionLists {
    /// Per slot: the range `[lo, hi)` of its options; empty when the lists
    /// were given.
    ranges: Vec<(u32, u32)>,
    /// The lists, given or written out.
    lists: OnceLock<Vec<Vec<u32>>>,
}

/// One slot's options: a list, or a range of option numbers.
#[derive(Clone, Copy, Debug)]
pub(crate) enum OptionList<'a> {
    Listed(&'a [u32]),
    Range(u32, u32),
}

impl OptionList<'_> {
    /// How many options.
    pub(crate) fn len(&self) -> usize {
        match *self {
            OptionList::Listed(l) => l.len(),
            OptionList::Range(lo, hi) => (hi - lo) as usize,
        }
    }

    /// The first option.
    pub(crate) fn first(&self) -> Option<u32> {
        match *self {
            OptionList::Listed(l) => l.first().copied(),
            OptionList::Range(lo, hi) => (lo < hi).then_some(lo),
        }
    }

    /// Whether the options are consecutive numbers.
    pub(crate) fn consecutive(&self) -> bool {
        match *self {
            OptionList::Listed(l) => l.first().zip(l.last()).is_none_or(|(a, b)| (b - a) as usize + 1 == l.len()),
            OptionList::Range(..) => true,
        }
    }

    /// The options, in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let (listed, range) = match *self {
            OptionList::Listed(l) => (l, 0..0),
            OptionList::Range(lo, hi) => (&[][..], lo..hi),
        };
        listed.iter().copied().chain(range)
    }
}

impl OptionLists {
    /// Lists given.
    pub(crate) fn listed(lists: Vec<Vec<u32>>) -> Self {
        OptionLists { ranges: Vec::new(), lists: OnceLock::from(lists) }
    }

    /// Ranges, the lists written out when asked for.
    pub(crate) fn ranged(ranges: Vec<(u32, u32)>) -> Self {
        debug_assert!(ranges.iter().all(|&(lo, hi)| lo <= hi));
        OptionLists { ranges, lists: OnceLock::new() }
    }

    /// Its ranges (empty when the lists were given), for the next
    /// problem's ranges to be written over.
    pub(crate) fn into_ranges(self) -> Vec<(u32, u32)> {
        self.ranges
    }

    /// The number of slots.
    pub(crate) fn len(&self) -> usize {
        match self.lists.get() {
            Some(lists) => lists.len(),
            None => self.ranges.len(),
        }
    }

    /// Slot `s`'s options, without writing the lists out.
    pub(crate) fn of(&self, s: usize) -> OptionList<'_> {
        match self.lists.get() {
            Some(lists) => OptionList::Listed(&lists[s]),
            None => OptionList::Range(self.ranges[s].0, self.ranges[s].1),
        }
    }

    /// How many options slot `s` has.
    pub(crate) fn count(&self, s: usize) -> usize {
        self.of(s).len()
    }

    /// Every slot's options, slot after slot, without writing them out.
    pub(crate) fn iter(&self) -> impl Iterator<Item = OptionList<'_>> + '_ {
        (0..self.len()).map(|s| self.of(s))
    }

    /// The lists, written out now if they were not (checking `halt` once
    /// a slot): for the readers that read them under the deadline.
    pub(crate) fn write_out(&self, halt: &Halt) -> Result<&Vec<Vec<u32>>, Stopped> {
        if let Some(lists) = self.lists.get() {
            return Ok(lists);
        }
        let mut lists = Vec::with_capacity(self.ranges.len());
        for (s, &(lo, hi)) in self.ranges.iter().enumerate() {
            halt.every(s)?;
            lists.push((lo..hi).collect());
        }
        Ok(self.lists.get_or_init(|| lists))
    }
}

impl std::ops::Deref for OptionLists {
    type Target = Vec<Vec<u32>>;
    /// The lists, written out on first use (without a deadline: the
    /// readers under one call [`OptionLists::write_out`] first).
    fn deref(&self) -> &Vec<Vec<u32>> {
        self.lists.get_or_init(|| self.ranges.iter().map(|&(lo, hi)| (lo..hi).collect()).collect())
    }
}

impl<'a> IntoIterator for &'a OptionLists {
    type Item = &'a Vec<u32>;
    type IntoIter = std::slice::Iter<'a, Vec<u32>>;
    fn into_iter(self) -> Self::IntoIter {
        std::ops::Deref::deref(self).iter()
    }
}
