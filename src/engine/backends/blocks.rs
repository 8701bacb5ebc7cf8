//! Three small data structures that several backends share: a sparse set
//! whose removals undo in reverse order, the tagged entries of an undo
//! trail, and rows of varying length stored in one array (the last also
//! the tile encoding's, `src/puzzles/tiles.rs`); and two walks over such
//! rows: the cursors of a counting sort that fills them
//! ([`fill_cursors`]), and the breadth-first distances between slots
//! that share an item ([`breadth_first`]: the orders' eccentricities).
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
//!
//! **Jagged arrays.** A table of rows of varying length (the options of
//! each slot, the slots touching each item, ...) lives in one vector
//! `data`, row after row, with `offsets[i]..offsets[i + 1]` the place of
//! row `i`: one allocation, rows next to each other in memory, and a row
//! found by two loads. For example rows `[a b] [] [c]` are `data = [a b c]`
//! and `offsets = [0 2 2 3]`. The search loops that change other state
//! while they walk a row take its [`Jagged::range`] and index the entries
//! by their place in `data` (`jagged[e]`); the others take
//! [`Jagged::row`].

use std::ops::{Index, IndexMut, Range};

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

/// Rows of varying length in one vector (see the module doc): row `i` is
/// `data[offsets[i]..offsets[i + 1]]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Jagged<T> {
    /// Where each row starts in `data`, and after the last row, its end
    /// (`rows() + 1` entries, the first 0).
    offsets: Vec<u32>,
    /// The rows' entries, row after row.
    data: Vec<T>,
}

impl<T> Default for Jagged<T> {
    fn default() -> Self {
        Jagged { offsets: vec![0], data: Vec::new() }
    }
}

impl<T> Jagged<T> {
    /// No rows.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Adds an entry to the row being built (closed by [`Jagged::end_row`]).
    #[inline]
    pub(crate) fn push(&mut self, x: T) {
        self.data.push(x);
    }

    /// The entries written so far, for a writer that appends to a `Vec`:
    /// what it pushes belongs to the row that [`Jagged::end_row`] closes.
    pub(crate) fn data_mut(&mut self) -> &mut Vec<T> {
        &mut self.data
    }

    /// Makes room for `rows` more rows of `entries` entries in all, so
    /// that a large array is laid out once, not grown by doubling.
    pub(crate) fn reserve(&mut self, rows: usize, entries: usize) {
        self.offsets.reserve(rows);
        self.data.reserve(entries);
    }

    /// Closes the row being built: the entries pushed since the last
    /// `end_row` become the next row.
    pub(crate) fn end_row(&mut self) {
        debug_assert!(self.data.len() < 1 << 32, "a jagged array beyond u32 offsets");
        self.offsets.push(self.data.len() as u32);
    }

    /// No rows, the room kept (arrays reused from case to case).
    pub(crate) fn clear(&mut self) {
        self.offsets.truncate(1);
        self.data.clear();
    }

    /// Adds a row.
    pub(crate) fn push_row(&mut self, row: impl IntoIterator<Item = T>) {
        self.data.extend(row);
        self.end_row();
    }

    /// The number of rows.
    #[inline]
    pub(crate) fn rows(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of entries in all rows.
    #[inline]
    pub(crate) fn total(&self) -> usize {
        self.data.len()
    }

    /// Whether there is no entry at all.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Where row `i` starts in `data`.
    #[inline]
    pub(crate) fn start(&self, i: usize) -> usize {
        self.offsets[i] as usize
    }

    /// The length of row `i`.
    #[inline]
    pub(crate) fn row_len(&self, i: usize) -> usize {
        (self.offsets[i + 1] - self.offsets[i]) as usize
    }

    /// The places of row `i`'s entries in `data` (for `self[e]`).
    #[inline]
    pub(crate) fn range(&self, i: usize) -> Range<usize> {
        self.offsets[i] as usize..self.offsets[i + 1] as usize
    }

    /// Row `i`.
    #[inline]
    pub(crate) fn row(&self, i: usize) -> &[T] {
        &self.data[self.range(i)]
    }

    /// The rows, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[T]> + '_ {
        (0..self.rows()).map(|i| self.row(i))
    }
}

impl<T: Clone> Jagged<T> {
    /// `rows` rows of `len(i)` copies of `fill` each.
    pub(crate) fn filled(rows: usize, fill: T, len: impl Fn(usize) -> usize) -> Self {
        let mut j = Jagged::new();
        for i in 0..rows {
            j.data.resize(j.data.len() + len(i), fill.clone());
            j.end_row();
        }
        j
    }
}

/// One row per item, in order (`push_row` each).
impl<T, R: IntoIterator<Item = T>> FromIterator<R> for Jagged<T> {
    fn from_iter<I: IntoIterator<Item = R>>(rows: I) -> Self {
        let mut jag = Jagged::new();
        rows.into_iter().for_each(|row| jag.push_row(row));
        jag
    }
}

/// The entry at place `e` of `data` (from [`Jagged::range`] or
/// [`Jagged::start`]).
impl<T> Index<usize> for Jagged<T> {
    type Output = T;
    #[inline]
    fn index(&self, e: usize) -> &T {
        &self.data[e]
    }
}

impl<T> IndexMut<usize> for Jagged<T> {
    #[inline]
    fn index_mut(&mut self, e: usize) -> &mut T {
        &mut self.data[e]
    }
}

/// Breadth-first search from slot `from` in the graph where two slots are
/// adjacent when they touch a common secondary item (`slot_items[s]`: the
/// items slot `s` touches; `touching(j)`: the slots touching item `j`):
/// each slot's distance into `dist` (`u32::MAX`: unreached); `queue`:
/// scratch, written in place at full length (no room checked per push).
pub(crate) fn breadth_first<'a, 'b>(
    from: usize,
    touching: impl Fn(u32) -> &'a [u32],
    slot_items: impl Fn(usize) -> &'b [u32],
    dist: &mut [u32],
    queue: &mut Vec<u32>,
) {
    dist.fill(u32::MAX);
    queue.resize(queue.len().max(dist.len()), 0);
    dist[from] = 0;
    queue[0] = from as u32;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let u = queue[head] as usize;
        head += 1;
        for &j in slot_items(u) {
            for &v in touching(j) {
                if dist[v as usize] == u32::MAX {
                    dist[v as usize] = dist[u] + 1;
                    queue[tail] = v;
                    tail += 1;
                }
            }
        }
    }
}

/// The cursors that fill compressed rows by counting (a counting sort,
/// with no second array of cursors): each entry's row is counted from
/// `rows_of_entries`, and in the `rows + 2` numbers returned, `c[j + 1]`
/// is row `j`'s start. Placing an entry of row `j` at `c[j + 1]` and
/// advancing it leaves it, once every entry is placed, at row `j`'s end,
/// which is row `j + 1`'s start: then `c[..rows + 1]` (the last popped)
/// are the rows' offsets, `c[0]` = 0 the first.
pub(crate) fn fill_cursors(rows: usize, rows_of_entries: impl IntoIterator<Item = u32>) -> Vec<u32> {
    let mut c = Vec::new();
    fill_cursors_into(&mut c, rows, rows_of_entries);
    c
}

/// [`fill_cursors`] written over `c` (its allocation reused).
pub(crate) fn fill_cursors_into(c: &mut Vec<u32>, rows: usize, rows_of_entries: impl IntoIterator<Item = u32>) {
    // Counted one entry later than the start they sum to.
    c.clear();
    c.resize(rows + 2, 0);
    for j in rows_of_entries {
        c[j as usize + 2] += 1;
    }
    for j in 0..rows {
        c[j + 2] += c[j + 1];
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
    fn jagged_rows_are_found_by_their_offsets() {
        let mut j = Jagged::new();
        j.push_row([1, 2]);
        j.push_row([]);
        j.push(3);
        j.end_row();
        assert_eq!((j.rows(), j.total(), j.is_empty()), (3, 3, false));
        assert_eq!((j.row(0), j.row(1), j.row(2)), (&[1, 2][..], &[][..], &[3][..]));
        assert_eq!((j.range(2), j.start(1), j.row_len(0)), (2..3, 2, 2));
        j[1] = 5;
        j[2] += 1;
        assert_eq!((j.row(0), j.row(2), j.iter().count()), (&[1, 5][..], &[4][..], 3));
        let f = Jagged::filled(3, 0u8, |i| i);
        assert_eq!((f.row(0), f.row(2)), (&[][..], &[0, 0][..]));
        assert!(Jagged::<u8>::new().is_empty());
    }

    #[test]
    fn tags_round_trip() {
        assert_eq!(untag(tagged(3, 12345)), (3, 12345));
        assert_eq!(untag(tagged(0, (1 << 30) - 1)), (0, (1 << 30) - 1));
    }
}
