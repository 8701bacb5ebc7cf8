//! The input of the engine: items, multiplicities, colours and options.
//!
//! A [`Problem`] is built once with a [`ProblemBuilder`] and never changes;
//! every search backend compiles its own working state from it.

use crate::engine::search::halt::{Halt, Stopped};
use thiserror::Error;

/// A primary item: it must be covered exactly `multiplicity` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Primary(pub(crate) u32);

/// A secondary item: it may be covered any number of times, provided every
/// option that covers it gives it the same colour (or, for colour 0, at most
/// once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Secondary(pub(crate) u32);

/// The colour an option gives a secondary item. `0` means "no colour": the
/// option then claims the item for itself alone.
pub type Colour = u32;

/// The index of an option, in the order the options were added.
pub type OptionId = usize;

impl Primary {
    /// The item's index among the primary items, in the order they were declared.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Secondary {
    /// The item's index among the secondary items, in the order they were declared.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A model the engine cannot accept.
#[derive(Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ModelError {
    /// An option lists no primary item: it could be chosen any number of
    /// times without changing anything, so the search would not terminate.
    #[error("option {0} covers no primary item")]
    NoPrimary(OptionId),
    /// An option names the same item twice.
    #[error("option {0} names an item twice")]
    RepeatedItem(OptionId),
    /// An option names an item that was never declared.
    #[error("option {0} names an undeclared item")]
    UnknownItem(OptionId),
    /// A builder given both options and slots of templates.
    #[error("a model takes either options or slots of templates, not both")]
    Mixed,
    /// The model is larger than the engine's 30-bit indices allow.
    #[error("the model is too large ({0})")]
    TooLarge(&'static str),
}

/// Items and options, as Knuth's XCC with multiplicities (TAOCP 7.2.2.1,
/// Algorithms C and M) sees them. See the [module documentation](super).
///
/// A problem is held in one of two forms. The *explicit* form lists every
/// option's nodes. The *compact* form (`Compact`, from
/// [`ProblemBuilder::slot`]) lists each *template* of options once and the
/// slots that take it: a 32x32 board's million options are one template
/// and 1,024 slots (with outer joins; nine templates without). The
/// explicit form of a compact problem is written out only when something
/// asks for it (`Problem::explicit`), option by option as the builder
/// would have written it, less the items that one slot alone names
/// (`Compact::lonely_into`).
#[derive(Clone, Debug)]
pub struct Problem {
    pub(crate) multiplicity: Vec<u32>,
    pub(crate) n_secondary: usize,
    n_options: usize,
    /// Declared neighbours among primary items (see [`ProblemBuilder::link`]).
    pub(crate) links: Vec<(u32, u32)>,
    /// The explicit form: given, or written out from `compact` on demand.
    explicit: std::sync::OnceLock<Explicit>,
    /// The compact form, when the problem was built from templates.
    pub(crate) compact: Option<Compact>,
    /// [`Problem::dense_colours`], worked out once: the backends' builds
    /// ask for it up to four times per case (36 ms each on a 30x30 jigsaw).
    dense: std::sync::OnceLock<DenseColours>,
    /// [`Problem::compact_dense`], worked out once.
    compact_dense: std::sync::OnceLock<DenseColours>,
    /// The arrays it is worked out in, kept for the next problem built
    /// over this one.
    dense_scratch: KeptScratch,
    /// The slots its builder declared ([`ProblemBuilder::declare_slots`])
    /// and the build found true: slot `s` (primary item `s`) has the
    /// options `declared[s]..declared[s + 1]`; empty when none were
    /// declared or the options do not have that shape.
    declared: Vec<u32>,
    /// The board its builder declared ([`ProblemBuilder::declare_grid`]):
    /// (rows, columns), unchecked (`square.rs` checks it where it reads it).
    grid: Option<(u32, u32)>,
}

/// The explicit form of a [`Problem`]: every option's nodes.
#[derive(Clone, Debug)]
pub(crate) struct Explicit {
    /// `opt_start[o]..opt_start[o + 1]` are the nodes of option `o`.
    pub opt_start: Vec<u32>,
    /// The item of each node. Primary items are numbered `0..P`, secondary
    /// items `P..P + S`. In each option the primary nodes come first.
    pub node_item: Vec<u32>,
    /// The colour of each node (always 0 for primary items).
    pub node_colour: Vec<Colour>,
    /// How many primary nodes each option has (they come first).
    pub opt_primaries: Vec<u32>,
}

/// A set of options written once for many slots (see [`ProblemBuilder::template`]):
/// per option, its piece and its colours on the slot's `width` secondary
/// items, in the slot's order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Template {
    pub width: usize,
    pub piece: Vec<u32>,
    /// `colour[t * width..(t + 1) * width]`: option `t`'s colours.
    pub colour: Vec<Colour>,
}

impl Template {
    /// The number of options.
    pub fn len(&self) -> usize {
        self.piece.len()
    }

    /// Option `t`'s colours.
    pub fn colours(&self, t: usize) -> &[Colour] {
        &self.colour[t * self.width..(t + 1) * self.width]
    }
}

/// The compact form of a [`Problem`]. Slot `s` (in declaration order) has
/// the options `first[s]..first[s + 1]`; its `t`-th option names the
/// primary items `item[s]` and `templates[template[s]].piece[t]`, then
/// the secondary items `sec[s * ..]` with that template's colours of
/// option `t`.
///
/// Invariants (checked by the build): `first` increases by each slot's
/// template's length, from 0 to the number of options; a slot's item is
/// none of its template's pieces; a slot's secondary items are distinct,
/// as many as its template's width.
#[derive(Clone, Debug, Default)]
pub(crate) struct Compact {
    pub templates: Vec<Template>,
    pub item: Vec<u32>,
    pub template: Vec<u32>,
    pub first: Vec<u32>,
    /// Slot `s`'s secondary items: `sec[sec_start[s]..sec_start[s + 1]]`.
    pub sec_start: Vec<u32>,
    pub sec: Vec<u32>,
    /// Templates of the problem this one was rebuilt from
    /// ([`ProblemBuilder::recycle`]), emptied, for
    /// [`ProblemBuilder::template_of`] to fill (no part of the problem).
    pub spare: Vec<Template>,
}

/// The primary items of an option, in either form.
enum Prims<'a> {
    Nodes(std::slice::Iter<'a, u32>),
    Pair([u32; 2], usize),
}

impl Iterator for Prims<'_> {
    type Item = Primary;
    fn next(&mut self) -> Option<Primary> {
        match self {
            Prims::Nodes(it) => it.next().map(|&i| Primary(i)),
            Prims::Pair(pair, at) => {
                let i = pair.get(*at).copied()?;
                *at += 1;
                Some(Primary(i))
            }
        }
    }
}

/// Dense colour numbers: see [`Problem::dense_colours`].
#[derive(Clone, Debug, Default)]
pub(crate) struct DenseColours {
    /// Per node: the number of its colour on its secondary item (empty in
    /// the numbers of the compact form, [`Problem::compact_dense`]).
    pub node: Vec<u32>,
    /// Per secondary item: how many colours it has.
    pub n_colours: Vec<u32>,
    /// The compact form's numbers: item `j`'s colour `c` has the number
    /// `maps[map[j] * top + c]` ([`DenseColours::item_map`]; items touched
    /// by the same templates at the same places, in the same order, share
    /// a map, and so do items whose maps are equal), where `top` is one
    /// more than the largest colour of the templates.
    pub map: Vec<u32>,
    pub maps: Vec<u32>,
    pub top: usize,
}

/// The arrays [`Problem::compact_dense`] works in and the numbers of the
/// last problem built over the same one, whose arrays the next numbers
/// are written over: a stream of small cases worked them out with ten
/// allocations a case.
#[derive(Debug, Default)]
struct DenseScratch {
    start: Vec<u32>,
    touch: Vec<(u32, u32)>,
    known: crate::engine::fasthash::FastMap<u64, u32>,
    same: crate::engine::fasthash::FastMap<u64, u32>,
    map: Vec<u32>,
    per_map: Vec<u32>,
    kept: DenseColours,
    /// [`Compact::lonely_into`]'s arrays, for the explicit form.
    lonely: Vec<u8>,
    blank: Vec<u64>,
}

/// A [`DenseScratch`] behind a lock (the problem is shared between
/// threads; only the thread working the numbers out takes it, once). A
/// clone of the problem starts with none.
#[derive(Debug, Default)]
struct KeptScratch(std::sync::Mutex<DenseScratch>);

impl Clone for KeptScratch {
    fn clone(&self) -> Self {
        KeptScratch::default()
    }
}

impl DenseColours {
    /// The compact form's numbers of item `j`'s colours: entry `c` is
    /// colour `c`'s number (`u32::MAX` for a colour the item never gets).
    pub fn item_map(&self, j: u32) -> &[u32] {
        let m = self.map[j as usize] as usize;
        &self.maps[m * self.top..(m + 1) * self.top]
    }

    /// The number of the colour `option` gives secondary item `j`, if it
    /// touches `j`.
    pub fn of(&self, pb: &Problem, option: usize, j: u32) -> Option<u32> {
        pb.secondary_nodes(option).find(|&(_, i)| i == j).map(|(k, _)| self.node[k])
    }
}

mod check;
mod compact;
mod dense;

/// The largest index the engine stores (indices are packed into 30 bits).
pub(crate) const MAX_INDEX: usize = (1 << 30) - 1;

impl Problem {
    /// A problem with nothing in it (for a builder to build into).
    pub(crate) fn empty() -> Self {
        Problem {
            multiplicity: Vec::new(),
            n_secondary: 0,
            n_options: 0,
            links: Vec::new(),
            explicit: std::sync::OnceLock::new(),
            compact: None,
            dense: std::sync::OnceLock::new(),
            compact_dense: std::sync::OnceLock::new(),
            dense_scratch: KeptScratch::default(),
            declared: Vec::new(),
            grid: None,
        }
    }

    /// Forgets the compact form's dense colours, keeping their arrays for
    /// the next working out ([`DenseScratch`]).
    fn forget_compact_dense(&mut self) {
        if let Some(dense) = self.compact_dense.take() {
            self.dense_scratch.0.get_mut().unwrap_or_else(|e| e.into_inner()).kept = dense;
        }
    }

    /// The slots declared by the builder ([`ProblemBuilder::declare_slots`])
    /// and checked by the build: per slot (primary item `s`), its first
    /// option, and the number of options last; `None` when the problem
    /// has no such shape. Every option names its slot, then a piece (an
    /// item after the slots), then secondary items with colours other than
    /// 0, slot after slot; the slots have multiplicity 1, and every slot
    /// and every piece is named.
    pub(crate) fn declared_slots(&self) -> Option<&[u32]> {
        (!self.declared.is_empty()).then_some(&self.declared[..])
    }

    /// The board the builder declared ([`ProblemBuilder::declare_grid`]),
    /// as (rows, columns): a claim, not checked here.
    pub(crate) fn declared_grid(&self) -> Option<(usize, usize)> {
        self.grid.map(|(r, c)| (r as usize, c as usize))
    }

    /// The number of primary items.
    pub fn primary_count(&self) -> usize {
        self.multiplicity.len()
    }

    /// The number of secondary items.
    pub fn secondary_count(&self) -> usize {
        self.n_secondary
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.n_options
    }

    /// The explicit form, written out now if the problem is compact (as
    /// the builder would have written it, without a stop: a backend that
    /// needs it calls [`Problem::explicit`] first, under its deadline).
    #[inline]
    pub(crate) fn ex(&self) -> &Explicit {
        if let Some(ex) = self.explicit.get() {
            return ex;
        }
        match self.explicit(&Halt::NEVER) {
            Ok(ex) => ex,
            Err(Stopped(_)) => unreachable!("Halt::NEVER never stops"),
        }
    }

    /// The explicit form, written out first if the problem is compact;
    /// `Err` when `halt` stops the writing (polled per slot).
    pub(crate) fn explicit(&self, halt: &Halt) -> Result<&Explicit, Stopped> {
        if let Some(ex) = self.explicit.get() {
            return Ok(ex);
        }
        let compact = self.compact.as_ref().expect("a problem without its explicit form is compact");
        // The lonely items' arrays taken from the scratch and given back:
        // no lock held while the options are written.
        let scratch = || self.dense_scratch.0.lock().unwrap_or_else(|e| e.into_inner());
        let (mut lonely, mut blank) = {
            let mut kept = scratch();
            (std::mem::take(&mut kept.lonely), std::mem::take(&mut kept.blank))
        };
        compact.lonely_into(&self.multiplicity, self.n_secondary, &mut lonely, &mut blank);
        let ex = compact.explicit(self.primary_count() as u32, &lonely, self.n_options, halt);
        let mut kept = scratch();
        (kept.lonely, kept.blank) = (lonely, blank);
        drop(kept);
        let ex = ex?;
        // Another thread may have written it meanwhile: the same options.
        Ok(self.explicit.get_or_init(|| ex))
    }

    /// The compact form, if the problem has one.
    pub(crate) fn compact(&self) -> Option<&Compact> {
        self.compact.as_ref()
    }

    /// The multiplicity of a primary item.
    pub fn multiplicity(&self, item: Primary) -> u32 {
        self.multiplicity[item.index()]
    }

    /// The primary items of an option.
    pub fn primaries(&self, option: OptionId) -> impl Iterator<Item = Primary> + '_ {
        match (self.explicit.get(), &self.compact) {
            (None, Some(c)) => {
                let (s, t) = c.place(option);
                Prims::Pair([c.item[s], c.template_of(s).piece[t]], 0)
            }
            _ => {
                let ex = self.ex();
                let start = ex.opt_start[option] as usize;
                let end = start + ex.opt_primaries[option] as usize;
                Prims::Nodes(ex.node_item[start..end].iter())
            }
        }
    }

    /// The secondary items of an option, with their colours.
    pub fn secondaries(&self, option: OptionId) -> impl Iterator<Item = (Secondary, Colour)> + '_ {
        let ex = self.ex();
        let start = ex.opt_start[option] as usize + ex.opt_primaries[option] as usize;
        let end = ex.opt_start[option + 1] as usize;
        let p = self.primary_count() as u32;
        (start..end).map(move |k| (Secondary(ex.node_item[k] - p), ex.node_colour[k]))
    }

    /// The secondary nodes of `option`: (node index, secondary item).
    pub(crate) fn secondary_nodes(&self, option: OptionId) -> impl Iterator<Item = (usize, u32)> + '_ {
        let ex = self.ex();
        let start = ex.opt_start[option] as usize + ex.opt_primaries[option] as usize;
        let p = self.primary_count() as u32;
        (start..ex.opt_start[option + 1] as usize).map(move |k| (k, ex.node_item[k] - p))
    }

    /// The total number of (option, item) incidences.
    pub fn node_count(&self) -> usize {
        self.ex().node_item.len()
    }

    /// Total multiplicity: how many options every solution has, when every
    /// option covers exactly one "piece" item; an upper bound on the depth.
    pub(crate) fn max_depth(&self) -> usize {
        self.multiplicity.iter().map(|&m| m as usize).sum::<usize>()
    }

    /// A 64-bit fingerprint of the problem (FNV-1a over the
    /// multiplicities, the secondary items, the links and every option's
    /// items and colours, in order): two problems that differ anywhere
    /// almost surely differ here, and the same problem gives the same
    /// number on every machine. A plan file names its problem with it.
    pub fn fingerprint(&self) -> u64 {
        const PRIME: u64 = 0x0000_0100_0000_01B3;
        let mut h: u64 = 0xCBF2_9CE4_8422_2325;
        let mut eat = |x: u64| {
            for b in x.to_le_bytes() {
                h = (h ^ u64::from(b)).wrapping_mul(PRIME);
            }
        };
        eat(self.multiplicity.len() as u64);
        self.multiplicity.iter().for_each(|&m| eat(u64::from(m)));
        eat(self.n_secondary as u64);
        eat(self.links.len() as u64);
        self.links.iter().for_each(|&(a, b)| eat(u64::from(a) << 32 | u64::from(b)));
        let ex = self.ex();
        ex.opt_start.iter().for_each(|&s| eat(u64::from(s)));
        ex.opt_primaries.iter().for_each(|&p| eat(u64::from(p)));
        for (&item, &colour) in ex.node_item.iter().zip(&ex.node_colour) {
            eat(u64::from(item) << 32 | u64::from(colour));
        }
        h
    }

    /// Whether `options` is an exact cover: each primary item covered as
    /// often as its multiplicity, each secondary item given one colour (or
    /// used once, uncoloured). Used by debug assertions and tests; the
    /// puzzles' verifiers do not rely on it.
    pub fn is_solution(&self, options: &[OptionId]) -> bool {
        let p = self.primary_count();
        let mut covered = vec![0u32; p];
        let mut colour: Vec<Option<Colour>> = vec![None; self.n_secondary];
        for &o in options {
            if o >= self.option_count() {
                return false;
            }
            for i in self.primaries(o) {
                covered[i.index()] += 1;
            }
            for (j, c) in self.secondaries(o) {
                match colour[j.index()] {
                    None => colour[j.index()] = Some(c),
                    Some(prev) if prev == c && c != 0 => {}
                    Some(_) => return false,
                }
            }
        }
        covered == self.multiplicity
    }
}

/// Builds a [`Problem`] item by item and option by option.
///
/// ```
/// use tessera::engine::ProblemBuilder;
/// let mut b = ProblemBuilder::new();
/// let a = b.primary(1);
/// let x = b.secondary();
/// b.option(&[a], &[(x, 1)]);
/// let problem = b.build().unwrap();
/// assert_eq!(problem.option_count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct ProblemBuilder {
    multiplicity: Vec<u32>,
    n_secondary: usize,
    /// The options' nodes, laid out as [`Problem`] keeps them (a large
    /// puzzle adds a million options: the build hands these arrays over
    /// instead of copying them), except that a secondary item `j` is
    /// stored as `SECONDARY | j` (the primary items may still grow) and
    /// offsets past the engine's limits saturate (the build refuses them).
    opt_start: Vec<u32>,
    node_item: Vec<u32>,
    node_colour: Vec<Colour>,
    opt_primaries: Vec<u32>,
    links: Vec<(u32, u32)>,
    /// The templates and slots so far (see [`ProblemBuilder::slot`]).
    compact: Compact,
    /// The slots declared ([`ProblemBuilder::declare_slots`]), and the
    /// array the build writes their first options into.
    slots: Option<usize>,
    declared: Vec<u32>,
    /// The board declared ([`ProblemBuilder::declare_grid`]).
    grid: Option<(u32, u32)>,
}

/// A template of options, from [`ProblemBuilder::template`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TemplateId(u32);

/// The tag of a secondary item in [`ProblemBuilder`]'s nodes (an item
/// beyond it, which no builder declares, is stored as `u32::MAX`, an
/// undeclared item).
const SECONDARY: u32 = 1 << 31;

impl Default for ProblemBuilder {
    fn default() -> Self {
        ProblemBuilder {
            multiplicity: Vec::new(),
            n_secondary: 0,
            opt_start: vec![0],
            node_item: Vec::new(),
            node_colour: Vec::new(),
            opt_primaries: Vec::new(),
            links: Vec::new(),
            compact: Compact::default(),
            slots: None,
            declared: Vec::new(),
            grid: None,
        }
    }
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty builder that writes into the arrays of `old`, a problem
    /// done with (left empty): a stream of small cases then builds each
    /// case's problem without allocating. The problem built is the one
    /// [`ProblemBuilder::new`] would build.
    ///
    /// ```
    /// use tessera::engine::{Problem, ProblemBuilder};
    /// let mut b = ProblemBuilder::new();
    /// let a = b.primary(1);
    /// b.option(&[a], &[]);
    /// let mut old = b.build().unwrap();
    /// let mut b = ProblemBuilder::recycle(&mut old);
    /// let (a, x) = (b.primary(2), b.secondary());
    /// b.option(&[a], &[(x, 1)]);
    /// let again = b.build().unwrap();
    /// assert_eq!((again.primary_count(), again.secondary_count(), again.option_count()), (1, 1, 1));
    /// assert_eq!(old.option_count(), 0);
    /// ```
    pub fn recycle(old: &mut Problem) -> Self {
        let (mut multiplicity, mut links, mut declared) =
            (std::mem::take(&mut old.multiplicity), std::mem::take(&mut old.links), std::mem::take(&mut old.declared));
        // The option arrays stay where they are (an empty explicit form),
        // so that the build puts them back without initialising the cell.
        let (mut opt_start, mut node_item, mut node_colour, mut opt_primaries) = match old.explicit.get_mut() {
            Some(ex) => (
                std::mem::take(&mut ex.opt_start),
                std::mem::take(&mut ex.node_item),
                std::mem::take(&mut ex.node_colour),
                std::mem::take(&mut ex.opt_primaries),
            ),
            None => Default::default(),
        };
        links.clear();
        declared.clear();
        for v in [&mut multiplicity, &mut opt_start, &mut node_item, &mut node_colour, &mut opt_primaries] {
            v.clear();
        }
        opt_start.push(0);
        old.n_secondary = 0;
        old.n_options = 0;
        // The compact form's arrays too, its templates kept for
        // `template_of` to fill again.
        let compact = match old.compact.take() {
            Some(mut c) => {
                let Compact { templates, item, template, first, sec_start, sec, spare } = &mut c;
                spare.append(templates);
                [item, template, first, sec_start, sec].into_iter().for_each(|v| v.clear());
                c
            }
            None => Compact::default(),
        };
        old.dense.take();
        old.forget_compact_dense();
        // Made where it is returned (a stream of small cases builds one a
        // case: no copy of its 336 bytes).
        ProblemBuilder {
            multiplicity,
            n_secondary: 0,
            opt_start,
            node_item,
            node_colour,
            opt_primaries,
            links,
            compact,
            slots: None,
            declared,
            grid: None,
        }
    }

    /// Makes room for `options` more options with `nodes` items in all
    /// (primary and secondary), so that a large model is laid out once,
    /// without copies as it grows.
    pub fn reserve(&mut self, options: usize, nodes: usize) {
        self.opt_start.reserve(options);
        self.opt_primaries.reserve(options);
        self.node_item.reserve(nodes);
        self.node_colour.reserve(nodes);
    }

    /// Makes room for `slots` more slots ([`ProblemBuilder::slot`]) naming
    /// `items` secondary items in all, laid out once (grown by doubling, a
    /// 24x24 board's five arrays were copied ten times, pages touched twice).
    pub fn reserve_slots(&mut self, slots: usize, items: usize) {
        let c = &mut self.compact;
        let firsts = slots + usize::from(c.first.is_empty());
        c.item.reserve_exact(slots);
        c.template.reserve_exact(slots);
        c.first.reserve_exact(firsts);
        c.sec_start.reserve_exact(firsts);
        c.sec.reserve_exact(items);
    }

    /// Declares a primary item that must be covered `multiplicity` times.
    pub fn primary(&mut self, multiplicity: u32) -> Primary {
        self.multiplicity.push(multiplicity);
        Primary(self.multiplicity.len() as u32 - 1)
    }

    /// Declares a secondary item.
    pub fn secondary(&mut self) -> Secondary {
        self.n_secondary += 1;
        Secondary(self.n_secondary as u32 - 1)
    }

    /// Adds an option and returns its index.
    pub fn option(&mut self, primaries: &[Primary], secondaries: &[(Secondary, Colour)]) -> OptionId {
        self.node_item.extend(primaries.iter().map(|i| i.0));
        self.node_colour.extend(primaries.iter().map(|_| 0));
        let tag = |j: Secondary| if j.0 < SECONDARY { SECONDARY | j.0 } else { u32::MAX };
        self.node_item.extend(secondaries.iter().map(|&(j, _)| tag(j)));
        self.node_colour.extend(secondaries.iter().map(|&(_, c)| c));
        self.opt_primaries.push(primaries.len().min(MAX_INDEX + 1) as u32);
        self.opt_start.push(self.node_item.len().min(MAX_INDEX + 1) as u32);
        self.opt_primaries.len() - 1
    }

    /// Declares the first `slots` primary items *slots*: every option
    /// names one slot and then one *piece* (a later primary item), then
    /// secondary items with colours other than 0, and the options come
    /// slot by slot (a tile puzzle's cells and tile types). The build checks the declaration
    /// (a problem whose options are otherwise simply has no declared
    /// slots); the shape analysis then reads the slots from it instead of
    /// finding them option by option. It changes nothing else.
    ///
    /// ```
    /// use tessera::engine::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// let (a, c, piece, x) = (b.primary(1), b.primary(1), b.primary(2), b.secondary());
    /// b.declare_slots(2);
    /// b.option(&[a, piece], &[(x, 1)]);
    /// b.option(&[c, piece], &[(x, 1)]);
    /// assert_eq!(b.build().unwrap().option_count(), 2);
    /// ```
    pub fn declare_slots(&mut self, slots: usize) {
        self.slots = Some(slots);
    }

    /// Declares the slots ([`ProblemBuilder::declare_slots`]) the cells of
    /// a `rows x cols` board in reading order, each naming the joins it
    /// has with its neighbours, in the order right, down, left, up (those
    /// it has), one secondary item per join and no other: a tile puzzle's
    /// shape. Or, with *outer joins*, every cell names four, in that order,
    /// a border side's join its own, numbered after the joins between
    /// cells (one slot alone names such an item: it constrains nothing,
    /// and the options written out leave it out). A hint: the row scan's
    /// square order of such a board is
    /// written down instead of grown from the graph of the joins
    /// (`backends/square.rs`, which checks the claim and ignores it where
    /// it does not hold). It never changes the solutions.
    pub fn declare_grid(&mut self, rows: usize, cols: usize) {
        self.grid = u32::try_from(rows).ok().zip(u32::try_from(cols).ok());
    }

    /// Declares two primary items neighbours. This is a hint about the
    /// problem's geometry (board cells sharing a side): when every option's
    /// linked items are connected in this graph, the uncovered linked items
    /// split into regions that options cannot straddle, and a backend may
    /// refute a region whose size no combination of options fits. Links
    /// never change the solutions; the engine ignores them when some
    /// option's linked items are not connected.
    pub fn link(&mut self, a: Primary, b: Primary) {
        self.links.push((a.0, b.0));
    }

    /// The number of options added so far.
    pub fn option_count(&self) -> usize {
        self.opt_primaries.len() + self.compact.first.last().map_or(0, |&f| f as usize)
    }

    /// Starts a template of options over `width` secondary items: a set of
    /// options written once and taken by many slots ([`ProblemBuilder::slot`]),
    /// so that a board whose cells take the same tiles is not written out
    /// cell by cell. A builder takes either templates and slots or options
    /// ([`ProblemBuilder::option`]), not both.
    ///
    /// ```
    /// use tessera::engine::ProblemBuilder;
    /// let mut b = ProblemBuilder::new();
    /// let (a, c, piece, x) = (b.primary(1), b.primary(1), b.primary(2), b.secondary());
    /// let t = b.template(1);
    /// b.template_option(t, piece, &[1]);
    /// b.slot(a, t, &[x]);
    /// b.slot(c, t, &[x]);
    /// // Two options: [a piece x:1] and [c piece x:1].
    /// assert_eq!(b.build().unwrap().option_count(), 2);
    /// ```
    pub fn template(&mut self, width: usize) -> TemplateId {
        self.template_of(width, 0)
    }

    /// [`ProblemBuilder::template`], laid out for `options` options (an
    /// encoding that knows how many it will add spares the template's
    /// arrays their growth: copies, and pages touched twice).
    pub fn template_of(&mut self, width: usize, options: usize) -> TemplateId {
        let c = &mut self.compact;
        let mut tp = c.spare.pop().unwrap_or_default();
        tp.width = width;
        tp.piece.clear();
        tp.colour.clear();
        tp.piece.reserve_exact(options);
        tp.colour.reserve_exact(options * width);
        c.templates.push(tp);
        TemplateId(self.compact.templates.len() as u32 - 1)
    }

    /// Adds to template `t` the option that names `piece` and gives the
    /// slot's secondary items `colours` (as many as the template's width).
    pub fn template_option(&mut self, t: TemplateId, piece: Primary, colours: &[Colour]) {
        let tp = &mut self.compact.templates[t.0 as usize];
        assert_eq!(colours.len(), tp.width, "a template option colours each of the template's items");
        tp.piece.push(piece.0);
        tp.colour.extend_from_slice(colours);
    }

    /// [`ProblemBuilder::template_option`] for each of `rows` (a piece and
    /// its `W` colours) in turn, the template looked up once: a 16x16
    /// board's nine templates took 0.13 M instructions option by option.
    pub fn template_options<const W: usize>(
        &mut self,
        t: TemplateId,
        rows: impl IntoIterator<Item = (Primary, [Colour; W])>,
    ) {
        let tp = &mut self.compact.templates[t.0 as usize];
        assert_eq!(W, tp.width, "a template option colours each of the template's items");
        for (piece, colours) in rows {
            tp.piece.push(piece.0);
            tp.colour.extend_from_slice(&colours);
        }
    }

    /// Adds the options of template `t` for the slot `item` over the
    /// secondary items `secondaries` (as many as the template's width):
    /// for each of the template's options, in order, the option naming
    /// `item`, its piece, and `secondaries` with its colours. Returns the
    /// first of these options' indices.
    pub fn slot(&mut self, item: Primary, t: TemplateId, secondaries: &[Secondary]) -> OptionId {
        let c = &mut self.compact;
        if c.first.is_empty() {
            c.first.push(0);
            c.sec_start.push(0);
        }
        let first = *c.first.last().expect("pushed above") as usize;
        let tp = &c.templates[t.0 as usize];
        assert_eq!(secondaries.len(), tp.width, "a slot names as many items as its template colours");
        c.item.push(item.0);
        c.template.push(t.0);
        c.first.push((first + tp.len()).min(MAX_INDEX + 1) as u32);
        c.sec.extend(secondaries.iter().map(|j| j.0));
        c.sec_start.push(c.sec.len().min(MAX_INDEX + 1) as u32);
        first
    }

    /// Checks the model and freezes it.
    pub fn build(self) -> Result<Problem, ModelError> {
        match self.build_within(&Halt::NEVER) {
            Ok(built) => built,
            Err(Stopped(_)) => unreachable!("Halt::NEVER never stops"),
        }
    }

    /// [`ProblemBuilder::build`], polling `halt` every few thousand options
    /// (a million-option board takes tens of milliseconds): `Err` when a
    /// stop came first.
    pub(crate) fn build_within(mut self, halt: &Halt) -> Result<Result<Problem, ModelError>, Stopped> {
        let mut problem = Problem::empty();
        Ok(self.build_into(halt, &mut problem)?.map(|()| problem))
    }

    /// [`ProblemBuilder::build_within`], into `into` (whatever it held
    /// before: a problem made with [`ProblemBuilder::recycle`], whose
    /// arrays this builder holds, is rebuilt in place, with no copy of
    /// its fields).
    pub(crate) fn build_into(&mut self, halt: &Halt, into: &mut Problem) -> Result<Result<(), ModelError>, Stopped> {
        let p = self.multiplicity.len();
        let s = self.n_secondary;
        if p + s > MAX_INDEX {
            return Ok(Err(ModelError::TooLarge("items")));
        }
        if !self.compact.item.is_empty() {
            return self.build_compact(halt, into);
        }
        let n_options = self.opt_primaries.len();
        if n_options > MAX_INDEX {
            return Ok(Err(ModelError::TooLarge("options")));
        }
        if self.node_item.len() > MAX_INDEX {
            return Ok(Err(ModelError::TooLarge("nodes")));
        }
        if let Err(e) = self.number_items(halt)? {
            return Ok(Err(e));
        }
        let mut declared = std::mem::take(&mut self.declared);
        if !self.slots_hold(&mut declared) {
            declared.clear();
        }
        self.frame(into);
        into.declared = declared;
        into.n_options = n_options;
        let explicit = Explicit {
            opt_start: std::mem::take(&mut self.opt_start),
            node_item: std::mem::take(&mut self.node_item),
            node_colour: std::mem::take(&mut self.node_colour),
            opt_primaries: std::mem::take(&mut self.opt_primaries),
        };
        match into.explicit.get_mut() {
            Some(ex) => *ex = explicit,
            None => into.explicit = std::sync::OnceLock::from(explicit),
        }
        Ok(Ok(()))
    }

    /// The items of the problem into `into`, and nothing else: no options,
    /// no compact form, nothing worked out from them (the caller adds the
    /// options' form).
    fn frame(&mut self, into: &mut Problem) {
        let p = self.multiplicity.len();
        into.multiplicity = std::mem::take(&mut self.multiplicity);
        into.n_secondary = self.n_secondary;
        into.n_options = 0;
        into.links.clear();
        into.links.extend(self.links.iter().copied().filter(|&(a, b)| a != b && (a as usize) < p && (b as usize) < p));
        into.compact = None;
        into.dense.take();
        into.forget_compact_dense();
        into.declared.clear();
        into.grid = self.grid;
    }
}
