//! Rows of varying length in one array ([`Rows`]), for the encoding's
//! lists per type and per template.

/// Rows of varying length in one array: row `r` is
/// `items[start[r]..start[r + 1]]`. The orientations of each type and of
/// each template's options are such rows: a `Vec` per type was an
/// allocation per type (1,024 on a 32x32 board, and as many again for the
/// lists of each type's tiles, now counts), each a block of the
/// allocator's, some on fresh pages; the rows are cleared, not freed,
/// between the cases of a stream.
#[derive(Debug, Default)]
pub(super) struct Rows<T> {
    pub(super) start: Vec<u32>,
    pub(super) items: Vec<T>,
}

impl<T: Copy> Rows<T> {
    /// Row `r`.
    pub(super) fn row(&self, r: usize) -> &[T] {
        &self.items[self.start[r] as usize..self.start[r + 1] as usize]
    }

    /// The number of rows.
    pub(super) fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Ends the row of the items pushed since the last one ended.
    pub(super) fn end_row(&mut self) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        self.start.push(self.items.len() as u32);
    }

    /// A row of `items`.
    pub(super) fn push_row(&mut self, items: impl IntoIterator<Item = T>) {
        self.items.extend(items);
        self.end_row();
    }

    pub(super) fn clear(&mut self) {
        self.start.clear();
        self.items.clear();
    }
}
