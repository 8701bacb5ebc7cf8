//! Two small data structures that several backends share: a sparse set
//! whose removals undo in reverse order, and the tagged entries of an
//! undo trail.
//!
//! **Sparse sets.** The members of a set of integers `0..n` stand first in
//! `members`, `members[..len]`, and `pos[x]` is where `x` stands. Removing
//! `x` swaps it with the last member and shortens the set by one; undoing
//! the most recent removal only lengthens it again, because the removed
//! element is exactly the one just past the end. Membership, removal and
//! its undo are O(1), and iteration visits only the members. For example,
//! with members `[0 1 2 3]`, removing 1 gives `[0 3 2 | 1]`; lengthening
//! by one restores the set {0, 1, 2, 3} (in another order).
//!
//! **Trail entries.** A backend logs each change with a tag saying what
//! changed (a domain word, a colour, a counter, ...) and the index of what
//! changed, packed in one `u32`: the tag in the top two bits, the index
//! below (indices stay below 2^30: `problem::MAX_INDEX`).

/// A subset of `0..n` with O(1) removal and undo in reverse order.
#[derive(Clone, Debug)]
pub(crate) struct SparseSet {
    members: Vec<u32>,
    pos: Vec<u32>,
    len: usize,
}

impl SparseSet {
    /// The full set `0..n`.
    pub(crate) fn full(n: usize) -> Self {
        SparseSet { members: (0..n as u32).collect(), pos: (0..n as u32).collect(), len: n }
    }

    /// The set of the `x` in `0..n` with `keep(x)`.
    pub(crate) fn with(n: usize, keep: impl Fn(usize) -> bool) -> Self {
        let mut set = SparseSet::full(n);
        let mut x = 0;
        while x < n {
            if !keep(x) {
                set.remove(x);
            }
            x += 1;
        }
        set
    }

    /// The number of members.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no member.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `a`-th member (`a < len`), in the set's current order.
    #[inline]
    pub(crate) fn get(&self, a: usize) -> usize {
        self.members[a] as usize
    }

    /// Whether `x` is a member.
    #[inline]
    pub(crate) fn contains(&self, x: usize) -> bool {
        (self.pos[x] as usize) < self.len
    }

    /// Removes member `x` (swapping it with the last member).
    #[inline]
    pub(crate) fn remove(&mut self, x: usize) {
        debug_assert!(self.contains(x), "removing a non-member");
        let p = self.pos[x] as usize;
        let last = self.len - 1;
        let moved = self.members[last];
        self.members[p] = moved;
        self.pos[moved as usize] = p as u32;
        self.members[last] = x as u32;
        self.pos[x] = last as u32;
        self.len = last;
    }

    /// Undoes the most recent removal not yet undone.
    #[inline]
    pub(crate) fn restore(&mut self) {
        self.len += 1;
    }
}

/// Bits of a trail entry below its tag.
const TAG_SHIFT: u32 = 30;

/// A trail entry: `tag` (0 to 3) and `index` packed in one word.
#[inline]
pub(crate) fn tagged(tag: u32, index: usize) -> u32 {
    debug_assert!(tag < 4 && index < 1 << TAG_SHIFT, "a trail entry out of range");
    (tag << TAG_SHIFT) | index as u32
}

/// The (tag, index) of a trail entry.
#[inline]
pub(crate) fn untag(entry: u32) -> (u32, usize) {
    (entry >> TAG_SHIFT, (entry & ((1 << TAG_SHIFT) - 1)) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removals_undo_in_reverse_order() {
        let mut s = SparseSet::full(4);
        s.remove(1);
        s.remove(3);
        assert_eq!((s.len(), s.contains(1), s.contains(3), s.contains(0)), (2, false, false, true));
        s.restore();
        assert!(s.contains(3) && !s.contains(1));
        s.restore();
        let mut all: Vec<usize> = (0..s.len()).map(|a| s.get(a)).collect();
        all.sort();
        assert_eq!(all, [0, 1, 2, 3]);
        let odd = SparseSet::with(5, |x| x % 2 == 1);
        assert_eq!((odd.len(), odd.contains(3), odd.contains(4)), (2, true, false));
    }

    #[test]
    fn tags_round_trip() {
        assert_eq!(untag(tagged(3, 12345)), (3, 12345));
        assert_eq!(untag(tagged(0, (1 << 30) - 1)), (0, (1 << 30) - 1));
    }
}
