//! The depth-first search: one loop for every backend, every mode.
//!
//! The loop moves a [`Backend`] through its tree with the moves of the
//! contract ([`crate::engine::backends`]) and reports to the worker's [`Ctx`]. What
//! happens at solutions and at the ends of subtrees is the *mode*
//! ([`Mode`]): [`Enumerate`] hands each solution to the context (kept as
//! the first solution, or listed and counted one by one, as the driver
//! chose for the search's [`SearchMode`]); [`Memoised`] counts
//! subtrees with a memo (M1-M3 of [`crate::engine::memo`]); [`Cut`] records the
//! subtrees below a depth as tickets. The loop is generic over them, so
//! each backend and mode is compiled into its own loop without calls
//! through pointers or tests for modes it is not in.
//!
//! * **S1** (enter): at the node just entered, the mode may skip it (a
//!   ticket recorded in its place, a count known from the memo);
//!   otherwise a solution is reported, a dead end passed by, and an inner
//!   node is branched on (**S2**).
//! * **S2** (descend): step into the first child, count a node, enter it.
//! * **S3** (leave): the node is done; the mode closes it (stores its
//!   count). At the run's base depth the run ends; otherwise step into the
//!   next sibling (count a node, enter it), or, when there is none, leave
//!   the parent in turn.
//!
//! Every node entered below the base counts once (`Ctx::tick`), and every
//! [`MAX_POLL_PERIOD`](crate::engine::tuning::MAX_POLL_PERIOD) nodes or fewer the
//! context polls: a `Break` from a poll, a solution or the mode ends the
//! run at once, leaving the backend at the node where it stopped, so that
//! a run broken off by its budget resumes there (restarts).

pub(crate) mod ctx;
pub(crate) mod driver;
pub(crate) mod halt;
mod placement;
pub(crate) mod portfolio;
#[cfg(test)]
mod stop_tests;
pub(crate) mod workers;

use crate::engine::backends::{Backend, Node, Step};
use crate::engine::config::SearchMode;
use crate::engine::count::Count;
use crate::engine::memo::{Hint, Table};
use crate::engine::search::ctx::Ctx;
use std::ops::ControlFlow;

/// What the search does at solutions and at the ends of subtrees.
pub(crate) trait Mode {
    /// The run starts at depth `base`.
    fn start(&mut self, base: usize);
    /// S1: whether the node just entered (at `depth`, of kind `node`) is
    /// not to be searched: a ticket recorded in its place, or a count
    /// already known.
    fn skip<B: Backend>(&mut self, backend: &B, node: Node, depth: usize, base: usize, ctx: &mut Ctx) -> bool;
    /// S1: the current node is a solution.
    fn solution<B: Backend>(&mut self, backend: &B, ctx: &mut Ctx) -> ControlFlow<()>;
    /// S2: the search stepped into a child at `depth`.
    fn entered(&mut self, depth: usize);
    /// S3: the node at `depth` (the current one) is done.
    fn leave<B: Backend>(&mut self, backend: &B, depth: usize, base: usize);
    /// The run ends (finished or broken off): settle with the context.
    fn end<B: Backend>(&mut self, backend: &B, ctx: &mut Ctx, base: usize);
}

/// Runs the depth-first search below the backend's base depth (S1-S3).
/// Returns `Break` when the context or the mode asked to stop.
pub(crate) fn search<B: Backend, M: Mode>(backend: &mut B, ctx: &mut Ctx, mode: &mut M) -> ControlFlow<()> {
    let base = backend.base();
    let mut since = 0u32;
    // Debug builds check the backend's invariants at every node of a
    // search's first 2^14 nodes (every step of the small searches the
    // tests cross-check), then at every 64th: a whole check costs a
    // few nodes' work, and long searches in debug builds must stay minutes.
    #[cfg(debug_assertions)]
    let mut entered = 0u64;
    mode.start(base);
    let flow = 'enter: loop {
        #[cfg(debug_assertions)]
        {
            if entered < 1 << 14 || entered % 64 == 0 {
                backend.check();
            }
            entered += 1;
        }
        // S1: enter the current node.
        let depth = backend.depth();
        let node = backend.node();
        if !mode.skip(backend, node, depth, base, ctx) {
            match node {
                Node::Solution => {
                    if mode.solution(backend, ctx).is_break() {
                        break ControlFlow::Break(());
                    }
                }
                Node::DeadEnd => {}
                Node::Inner => {
                    // S2: descend.
                    if backend.first_child() {
                        mode.entered(depth + 1);
                        if ctx
                            .tick(&mut since, backend.updates(), || (base..depth + 1).map(|l| backend.branch(l)))
                            .is_break()
                        {
                            break ControlFlow::Break(());
                        }
                        continue 'enter;
                    }
                }
            }
        }
        // S3: leave nodes until one has a next sibling.
        loop {
            let depth = backend.depth();
            mode.leave(backend, depth, base);
            if depth <= base {
                break 'enter ControlFlow::Continue(());
            }
            if backend.next_sibling() {
                mode.entered(depth);
                if ctx.tick(&mut since, backend.updates(), || (base..depth).map(|l| backend.branch(l))).is_break() {
                    break 'enter ControlFlow::Break(());
                }
                continue 'enter;
            }
        }
    };
    ctx.end_run(since, backend.updates());
    mode.end(backend, ctx, base);
    flow
}

/// Ticket enumeration: the tree above depth `cut`, each node at that
/// depth (or solution above it) recorded as a ticket instead of searched.
pub(crate) struct Cut(pub usize);

impl Mode for Cut {
    fn start(&mut self, _: usize) {}

    fn skip<B: Backend>(&mut self, backend: &B, node: Node, depth: usize, _: usize, ctx: &mut Ctx) -> bool {
        if depth < self.0 && node != Node::Solution {
            return false;
        }
        let path = (0..depth).map(|l| backend.step(l)).collect();
        ctx.ticket(path, (0..depth).map(|l| backend.branch(l)));
        true
    }

    fn solution<B: Backend>(&mut self, _: &B, _: &mut Ctx) -> ControlFlow<()> {
        unreachable!("a solution is a ticket")
    }

    fn entered(&mut self, _: usize) {}

    fn leave<B: Backend>(&mut self, _: &B, _: usize, _: usize) {}

    fn end<B: Backend>(&mut self, _: &B, _: &mut Ctx, _: usize) {}
}

/// Solutions one by one, to the context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Enumerate {
    /// A first-solution search: the solution is kept ([`Ctx::keep_first`])
    /// and the run ends.
    First,
    /// Each solution is listed or counted ([`Ctx::solution`]: the
    /// visitor, the limit).
    Each,
}

impl Enumerate {
    /// How a search in `mode` meets its solutions.
    pub(crate) fn of(mode: SearchMode) -> Self {
        match mode {
            SearchMode::First => Enumerate::First,
            SearchMode::All { .. } | SearchMode::Count => Enumerate::Each,
        }
    }
}

impl Mode for Enumerate {
    #[inline(always)]
    fn start(&mut self, _: usize) {}

    #[inline(always)]
    fn skip<B: Backend>(&mut self, _: &B, _: Node, _: usize, _: usize, _: &mut Ctx) -> bool {
        false
    }

    #[inline(always)]
    fn solution<B: Backend>(&mut self, backend: &B, ctx: &mut Ctx) -> ControlFlow<()> {
        let options = (0..backend.depth()).map(|l| backend.step(l).option as usize);
        match self {
            Enumerate::First => {
                ctx.keep_first(options);
                ControlFlow::Break(())
            }
            Enumerate::Each => ctx.solution(options),
        }
    }

    #[inline(always)]
    fn entered(&mut self, _: usize) {}

    #[inline(always)]
    fn leave<B: Backend>(&mut self, _: &B, _: usize, _: usize) {}

    #[inline(always)]
    fn end<B: Backend>(&mut self, _: &B, _: &mut Ctx, _: usize) {}
}

/// Counts with a memo (M1-M3 of [`crate::engine::memo`]): `acc[d]` is the count of
/// the finished children of the open node at depth `d`, and `store[d]`
/// where that node is to be stored when done (every searched node below
/// the base: the base is a ticket's root, seen once), under its key kept at
/// `keys[d * words..]` (a node's key is built once).
///
/// With `SIZES`, the same search measures instead of counting (the memo's
/// pilot, [`crate::engine::choice::pilot`]): a node's value is the size of its subtree in
/// plain nodes (its descendants), a solution adds nothing, and a finished
/// child adds its size plus one (itself).
pub(crate) struct Memoised<'m, T: Table, const SIZES: bool = false> {
    memo: &'m mut T,
    words: usize,
    keys: Vec<u64>,
    acc: Vec<Count>,
    store: Vec<Option<Hint>>,
}

impl<'m, T: Table, const SIZES: bool> Memoised<'m, T, SIZES> {
    /// A memoised count over `memo`, for a backend with keys of `words`
    /// words.
    pub(crate) fn new(memo: &'m mut T, words: usize) -> Self {
        Memoised { memo, words, keys: vec![0; 64 * words], acc: vec![Count::ZERO; 64], store: vec![None; 64] }
    }

    /// Opens every depth down to `depth` with a zero count and nothing to
    /// store: a run that takes over at a node where a search without the
    /// memo stopped (its solutions so far are the context's) counts the
    /// rest of each open node's subtree, and stores none of them.
    pub(crate) fn resume(&mut self, depth: usize) {
        for d in 0..=depth {
            self.open(d);
        }
    }

    /// With `SIZES`, after a run: the plain nodes of the part of the tree
    /// it searched, down to the node at `depth` where it stopped (the
    /// finished subtrees at every open depth, and the open nodes).
    pub(crate) fn searched(&self, depth: usize) -> u64 {
        let finished = self.acc.iter().take(depth + 1).map(Count::saturating_u64).fold(0u64, u64::saturating_add);
        finished.saturating_add(depth as u64)
    }

    /// Opens depth `depth` (an entered node) with a zero count.
    #[inline]
    fn open(&mut self, depth: usize) {
        if depth >= self.acc.len() {
            self.acc.resize(2 * depth + 2, Count::ZERO);
            self.store.resize(2 * depth + 2, None);
            self.keys.resize((2 * depth + 2) * self.words, 0);
        }
        self.acc[depth] = Count::ZERO;
        self.store[depth] = None;
    }
}

impl<T: Table, const SIZES: bool> Mode for Memoised<'_, T, SIZES> {
    fn start(&mut self, base: usize) {
        self.open(base);
    }

    /// M1: a known state is not searched; its count is the stored one.
    #[inline]
    fn skip<B: Backend>(&mut self, backend: &B, node: Node, depth: usize, base: usize, _: &mut Ctx) -> bool {
        if node != Node::Inner || depth == base {
            // The run's root (a ticket's): searched, never stored.
            return false;
        }
        let key = &mut self.keys[depth * self.words..(depth + 1) * self.words];
        if !backend.memo_key(key) {
            return false;
        }
        match self.memo.get(key, &mut self.acc[depth]) {
            Ok(()) => true,
            Err(hint) => {
                // M2: search it, and store its count when done.
                self.store[depth] = Some(hint);
                false
            }
        }
    }

    #[inline]
    fn solution<B: Backend>(&mut self, backend: &B, _: &mut Ctx) -> ControlFlow<()> {
        if !SIZES {
            self.acc[backend.depth()] += 1;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn entered(&mut self, depth: usize) {
        self.open(depth);
    }

    /// M3: store the node's count, and add it to its parent's.
    #[inline]
    fn leave<B: Backend>(&mut self, backend: &B, depth: usize, base: usize) {
        if let Some(hint) = self.store[depth] {
            debug_assert!(
                {
                    let mut now = vec![0; self.words];
                    backend.memo_key(&mut now) && now[..] == self.keys[depth * self.words..(depth + 1) * self.words]
                },
                "the state changed below a node"
            );
            self.memo.put(&self.keys[depth * self.words..(depth + 1) * self.words], hint, &self.acc[depth]);
        }
        if depth > base {
            let done = std::mem::take(&mut self.acc[depth]);
            self.acc[depth - 1] += &done;
            if SIZES {
                self.acc[depth - 1] += 1;
            }
        }
    }

    /// Finished, or interrupted: the finished subtrees' counts at every
    /// open depth are solutions (a lower bound when interrupted).
    fn end<B: Backend>(&mut self, backend: &B, ctx: &mut Ctx, base: usize) {
        if SIZES {
            return;
        }
        let top = backend.depth().min(self.acc.len() - 1);
        for d in base..=top {
            let c = std::mem::take(&mut self.acc[d]);
            ctx.add_counted(&c);
        }
    }
}

/// The children of the current node, as the steps that lead to them (in
/// the backend's order); the backend is back at the node afterwards.
/// Returns the nodes spent (one per child). For random walks (estimates).
pub(crate) fn children<B: Backend>(backend: &mut B, out: &mut Vec<Step>) -> u64 {
    out.clear();
    let depth = backend.depth();
    if backend.node() != Node::Inner || !backend.first_child() {
        return 0;
    }
    loop {
        out.push(backend.step(depth));
        if !backend.next_sibling() {
            return out.len() as u64;
        }
    }
}
