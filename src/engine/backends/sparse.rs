//! The general backend: exact cover with colours and multiplicities on
//! sparse sets ("dancing cells").
//!
//! This backend accepts every [`Problem`]. It follows Knuth's Algorithm C
//! (XCC) with the multiplicities of Algorithm M, but keeps the active
//! options of each item in a *sparse set* instead of a doubly linked list,
//! as Knuth's SSXCC does:
//!
//! * `set[start[i] .. start[i] + len[i]]` holds the active nodes of item `i`
//!   (a node is one (option, item) incidence); `pos[k]` is where node `k`
//!   stands in its item's segment.
//! * To *hide* an option, each of its nodes is swapped with the last active
//!   node of its item and the item's length is decremented. To undo, the
//!   lengths are incremented again in the reverse order: the hidden node is
//!   then exactly the one just past the active segment. The order inside a
//!   segment changes, the set does not.
//!
//! # Steps
//!
//! * **C1** (initialise): all options active, every primary item in the
//!   active-item set with `remaining = multiplicity`.
//! * **C2** (enter level): if no primary item remains, visit a solution.
//! * **C3** (choose, MRV): the active primary item with the smallest branch
//!   degree `len - remaining + 1` (Knuth's θ); ties go to the lowest index.
//!   A degree below 1 means the item can no longer be satisfied.
//! * **C4** (try): branch on the active option of that item with the
//!   smallest index. *Choosing* an option hides it, decrements `remaining`
//!   of its primary items (hiding all their other options when an item is
//!   done), and gives each of its secondary items its colour (hiding the
//!   options that disagree).
//! * **C5** (next): after the subtree, undo the choice and hide the option,
//!   so that later branches at this level exclude it: every solution is met
//!   exactly once, in the subtree of the smallest option of the chosen item
//!   that it contains.
//! * **C6** (leave level): undo the exclusions and return to the parent.
//!
//! Because branches go in increasing option order and the item choice
//! depends only on the *set* of active options, a path of (item, option)
//! steps names one subtree whatever happened before: that is what makes
//! tickets (parallel and sharded search) reproducible.
//!
//! # Invariants (checked by `sanity` in debug builds)
//!
//! * for every item `i` and every `a < len[i]`, `pos[set[start[i] + a]] ==
//!   start[i] + a` and the node's option is active;
//! * an option is active exactly when all its nodes are inside their items'
//!   active segments.

use super::blocks::{tagged, untag, SparseSet};
use super::{Backend, Node, Step};
use crate::engine::problem::{Explicit, Problem};
use crate::engine::search::halt::{Halt, Stopped};

/// Trail entry: a node was removed from item `i`'s segment.
const T_NODE: u32 = 0;
/// Trail entry: secondary item `i` received a colour.
const T_COLOUR: u32 = 1;
/// Trail entry: `remaining[i]` was decremented.
const T_REMAIN: u32 = 2;
/// Trail entry: primary item `i` left the active-item set.
const T_DEACT: u32 = 3;

/// Marks a secondary item taken by an uncoloured option.
const EXCLUSIVE: u32 = u32::MAX;

/// The general backend's state (see the module doc).
pub(crate) struct Sparse<'p> {
    /// The problem's explicit form (its options' nodes are walked in
    /// place; the dispatch writes a compact problem's out first).
    ex: &'p Explicit,
    /// The number of primary items (items `0..n_primary`).
    n_primary: usize,
    /// Item segments: `set[start[i]..start[i] + len[i]]` are active nodes.
    start: Vec<u32>,
    /// Per item: the length of its active segment.
    len: Vec<u32>,
    /// The nodes, item segment after item segment, active ones first.
    set: Vec<u32>,
    /// Per node: where it stands in `set`.
    pos: Vec<u32>,
    /// The option of each node.
    node_opt: Vec<u32>,
    /// Per primary item: how many more times it must be covered.
    remaining: Vec<u32>,
    /// Per secondary item: its colour (0: none; `EXCLUSIVE`: taken by an
    /// uncoloured option).
    colour: Vec<u32>,
    /// Active primary items (those with `remaining > 0`), as a sparse set.
    act: SparseSet,
    /// The undo trail (tagged entries, see `blocks`).
    trail: Vec<u32>,
    /// The path: per level, the item branched on and the option taken.
    levels: Vec<Level>,
    /// The current depth.
    level: usize,
    /// The depth runs start from (see [`Backend::base`]).
    base: usize,
    /// Nodes removed from their segments so far (see [`Backend::updates`]).
    updates: u64,
}

/// One level of the path: the choice that leads from depth `l` to `l + 1`.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The item branched on.
    item: u32,
    /// The option taken.
    option: u32,
    /// The trail's length when the item was branched on (C6 undoes to it).
    mark: usize,
    /// The trail's length before the option was taken (C5 undoes to it).
    branch_mark: usize,
    /// Branches taken so far, the current one included.
    tried: u32,
    /// The item's branches when it was branched on.
    options: u32,
}

impl<'p> Sparse<'p> {
    /// Builds the backend for `pb` (C1); `Err` when `halt` stops it (the
    /// passes over the nodes poll it: a million options take a tenth of a
    /// second).
    pub(crate) fn new(pb: &'p Problem, halt: &Halt) -> Result<Self, Stopped> {
        let p = pb.primary_count();
        let n_items = p + pb.secondary_count();
        let n_nodes = pb.node_count();
        // C1: count the nodes of each item, lay out the segments.
        let mut len = vec![0u32; n_items];
        let ex = pb.ex();
        for (k, &i) in ex.node_item.iter().enumerate() {
            halt.every(k)?;
            len[i as usize] += 1;
        }
        let mut start = vec![0u32; n_items];
        let mut acc = 0u32;
        for i in 0..n_items {
            start[i] = acc;
            acc += len[i];
        }
        let mut fill = start.clone();
        let mut set = vec![0u32; n_nodes];
        let mut pos = vec![0u32; n_nodes];
        let mut node_opt = vec![0u32; n_nodes];
        for o in 0..pb.option_count() {
            halt.every(o)?;
            for k in ex.opt_start[o] as usize..ex.opt_start[o + 1] as usize {
                let i = ex.node_item[k] as usize;
                set[fill[i] as usize] = k as u32;
                pos[k] = fill[i];
                fill[i] += 1;
                node_opt[k] = o as u32;
            }
        }
        let depth = pb.max_depth() + 1;
        let mut s = Sparse {
            ex,
            n_primary: p,
            start,
            len,
            set,
            pos,
            node_opt,
            remaining: pb.multiplicity.clone(),
            colour: vec![0; pb.secondary_count()],
            act: SparseSet::full(p),
            // Every node is removed at most once at a time, every item
            // changes state a bounded number of times per level.
            trail: Vec::with_capacity(n_nodes + 2 * n_items + depth + 16),
            levels: vec![Level::default(); depth],
            level: 0,
            base: 0,
            updates: 0,
        };
        let remaining = &s.remaining;
        s.act = SparseSet::with(p, |i| remaining[i] > 0);
        // Options naming an item of multiplicity 0 can never be chosen:
        // hide them for good (below the trail's bottom, so resets keep them).
        for o in 0..pb.option_count() {
            halt.every(o)?;
            if pb.primaries(o).any(|i| pb.multiplicity[i.index()] == 0) {
                s.hide(o);
            }
        }
        s.trail.clear();
        s.updates = 0;
        Ok(s)
    }

    /// Removes node `k` from its item's active segment.
    #[inline]
    fn remove_node(&mut self, k: usize) {
        let i = self.ex.node_item[k] as usize;
        let p = self.pos[k] as usize;
        let last = (self.start[i] + self.len[i] - 1) as usize;
        let moved = self.set[last];
        self.set[p] = moved;
        self.pos[moved as usize] = p as u32;
        self.set[last] = k as u32;
        self.pos[k] = last as u32;
        self.len[i] -= 1;
        self.trail.push(tagged(T_NODE, i));
        self.updates += 1;
    }

    /// Hides option `o`: removes all its nodes from their segments.
    #[inline]
    fn hide(&mut self, o: usize) {
        let (a, b) = (self.ex.opt_start[o] as usize, self.ex.opt_start[o + 1] as usize);
        for k in a..b {
            self.remove_node(k);
        }
    }

    /// Hides every active option of item `i` (other than those already hidden).
    fn hide_all_of(&mut self, i: usize) {
        while self.len[i] > 0 {
            let k = self.set[self.start[i] as usize] as usize;
            self.hide(self.node_opt[k] as usize);
        }
    }

    /// Hides the active options of secondary item `j` whose colour is not `c`.
    fn purify(&mut self, j: usize, c: u32) {
        let mut a = 0;
        while a < self.len[j] {
            let k = self.set[(self.start[j] + a) as usize] as usize;
            if self.ex.node_colour[k] == c {
                a += 1;
            } else {
                // Hiding swaps another node into slot `a`: look at it again.
                self.hide(self.node_opt[k] as usize);
            }
        }
    }

    fn deactivate(&mut self, i: usize) {
        self.act.remove(i);
        self.trail.push(tagged(T_DEACT, i));
    }

    /// C4: chooses option `o`.
    fn choose(&mut self, o: usize) {
        self.hide(o);
        let a = self.ex.opt_start[o] as usize;
        let np = self.ex.opt_primaries[o] as usize;
        let b = self.ex.opt_start[o + 1] as usize;
        for k in a..a + np {
            let i = self.ex.node_item[k] as usize;
            self.remaining[i] -= 1;
            self.trail.push(tagged(T_REMAIN, i));
            if self.remaining[i] == 0 {
                self.hide_all_of(i);
                self.deactivate(i);
            }
        }
        for k in a + np..b {
            let j = self.ex.node_item[k] as usize;
            let c = self.ex.node_colour[k];
            let s = j - self.n_primary;
            if c == 0 {
                self.hide_all_of(j);
                self.colour[s] = EXCLUSIVE;
                self.trail.push(tagged(T_COLOUR, s));
            } else if self.colour[s] != c {
                debug_assert_eq!(self.colour[s], 0, "an active option disagrees with a colour");
                self.purify(j, c);
                self.colour[s] = c;
                self.trail.push(tagged(T_COLOUR, s));
            }
        }
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (tag, i) = untag(self.trail.pop().unwrap());
            match tag {
                T_NODE => self.len[i] += 1,
                T_COLOUR => self.colour[i] = 0,
                T_REMAIN => self.remaining[i] += 1,
                _ => self.act.restore(),
            }
        }
    }

    /// C3: the primary item to branch on, with its branch degree; `None`
    /// when some item can no longer be satisfied.
    fn choose_item(&self) -> Option<(usize, u32)> {
        let mut best = usize::MAX;
        let mut best_deg = u32::MAX;
        for a in 0..self.act.len() {
            let i = self.act.get(a);
            let (l, r) = (self.len[i], self.remaining[i]);
            if l < r {
                return None;
            }
            let deg = l - r + 1;
            if deg < best_deg || (deg == best_deg && i < best) {
                best = i;
                best_deg = deg;
            }
        }
        Some((best, best_deg))
    }

    /// The active option of item `i` with the smallest index.
    fn first_option(&self, i: usize) -> usize {
        let s = self.start[i] as usize;
        let mut best = u32::MAX;
        for a in 0..self.len[i] as usize {
            best = best.min(self.node_opt[self.set[s + a] as usize]);
        }
        best as usize
    }

    #[cfg(debug_assertions)]
    fn sanity(&self) {
        for i in 0..self.start.len() {
            for a in 0..self.len[i] {
                let q = self.start[i] + a;
                let k = self.set[q as usize] as usize;
                assert_eq!(self.pos[k], q, "pos/set disagree for item {i}");
                assert_eq!(self.ex.node_item[k] as usize, i);
            }
        }
        for a in 0..self.act.len() {
            assert!(self.remaining[self.act.get(a)] > 0);
        }
    }
}

impl Backend for Sparse<'_> {
    fn kind(&self) -> super::BackendKind {
        super::BackendKind::SparseXcc
    }

    fn reset(&mut self) {
        self.undo_to(0);
        self.level = 0;
        self.base = 0;
    }

    fn replay(&mut self, path: &[Step]) -> bool {
        for step in path {
            let (i, o) = (step.item as usize, step.option as usize);
            let level = self.level;
            self.levels[level].item = i as u32;
            self.levels[level].mark = self.trail.len();
            // Exclude the branches that come before `o` at this level.
            loop {
                if self.len[i] == 0 {
                    return false;
                }
                let first = self.first_option(i);
                if first >= o {
                    break;
                }
                self.hide(first);
            }
            self.levels[level].option = o as u32;
            self.levels[level].branch_mark = self.trail.len();
            self.levels[level].tried = 1;
            self.levels[level].options = 1;
            self.choose(o);
            self.level += 1;
        }
        self.base = self.level;
        true
    }

    fn depth(&self) -> usize {
        self.level
    }

    fn base(&self) -> usize {
        self.base
    }

    /// C2: a solution when no primary item is left.
    #[inline]
    fn node(&mut self) -> Node {
        if self.act.is_empty() {
            Node::Solution
        } else {
            Node::Inner
        }
    }

    /// C3, then C4 for the first branch.
    #[inline]
    fn first_child(&mut self) -> bool {
        let Some((i, deg)) = self.choose_item() else { return false };
        let level = self.level;
        self.levels[level].item = i as u32;
        self.levels[level].mark = self.trail.len();
        self.levels[level].tried = 0;
        self.levels[level].options = deg;
        self.try_next(level)
    }

    /// C5: exclude the branch just explored and take the next; C6 when the
    /// level is exhausted.
    #[inline]
    fn next_sibling(&mut self) -> bool {
        self.level -= 1;
        let level = self.level;
        self.undo_to(self.levels[level].branch_mark);
        self.hide(self.levels[level].option as usize);
        if self.try_next(level) {
            return true;
        }
        self.undo_to(self.levels[level].mark);
        false
    }

    fn step(&self, level: usize) -> Step {
        Step { item: self.levels[level].item, option: self.levels[level].option }
    }

    fn branch(&self, level: usize) -> (u32, u32) {
        (self.levels[level].tried, self.levels[level].options)
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn check(&self) {
        #[cfg(debug_assertions)]
        if self.ex.opt_primaries.len() < 2000 {
            self.sanity();
        }
    }
}

impl Sparse<'_> {
    /// C4/C5: takes the next branch at `level`, if any, and descends.
    fn try_next(&mut self, level: usize) -> bool {
        let i = self.levels[level].item as usize;
        if self.len[i] < self.remaining[i] || self.len[i] == 0 {
            return false;
        }
        let o = self.first_option(i);
        self.levels[level].tried += 1;
        self.levels[level].option = o as u32;
        self.levels[level].branch_mark = self.trail.len();
        self.choose(o);
        self.level = level + 1;
        true
    }
}
