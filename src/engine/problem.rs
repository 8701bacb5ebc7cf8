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
    /// The model is larger than the engine's 30-bit indices allow.
    #[error("the model is too large ({0})")]
    TooLarge(&'static str),
}

/// Items and options, as Knuth's XCC with multiplicities (TAOCP 7.2.2.1,
/// Algorithms C and M) sees them. See the [module documentation](super).
#[derive(Clone, Debug)]
pub struct Problem {
    pub(crate) multiplicity: Vec<u32>,
    pub(crate) n_secondary: usize,
    /// `opt_start[o]..opt_start[o + 1]` are the nodes of option `o`.
    pub(crate) opt_start: Vec<u32>,
    /// The item of each node. Primary items are numbered `0..P`, secondary
    /// items `P..P + S`. In each option the primary nodes come first.
    pub(crate) node_item: Vec<u32>,
    /// The colour of each node (always 0 for primary items).
    pub(crate) node_colour: Vec<Colour>,
    /// How many primary nodes each option has (they come first).
    pub(crate) opt_primaries: Vec<u32>,
    /// Declared neighbours among primary items (see [`ProblemBuilder::link`]).
    pub(crate) links: Vec<(u32, u32)>,
    /// [`Problem::dense_colours`], worked out once: the backends' builds
    /// ask for it up to four times per case (36 ms each on a 30x30 jigsaw).
    dense: std::sync::OnceLock<DenseColours>,
}

/// Dense colour numbers: see [`Problem::dense_colours`].
#[derive(Clone, Debug)]
pub(crate) struct DenseColours {
    /// Per node: the number of its colour on its secondary item.
    pub node: Vec<u32>,
    /// Per secondary item: how many colours it has.
    pub n_colours: Vec<u32>,
}

impl DenseColours {
    /// The number of the colour `option` gives secondary item `j`, if it
    /// touches `j`.
    pub fn of(&self, pb: &Problem, option: usize, j: u32) -> Option<u32> {
        pb.secondary_nodes(option).find(|&(_, i)| i == j).map(|(k, _)| self.node[k])
    }
}

/// The largest index the engine stores (indices are packed into 30 bits).
pub(crate) const MAX_INDEX: usize = (1 << 30) - 1;

impl Problem {
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
        self.opt_start.len() - 1
    }

    /// The multiplicity of a primary item.
    pub fn multiplicity(&self, item: Primary) -> u32 {
        self.multiplicity[item.index()]
    }

    /// The primary items of an option.
    pub fn primaries(&self, option: OptionId) -> impl Iterator<Item = Primary> + '_ {
        let start = self.opt_start[option] as usize;
        let end = start + self.opt_primaries[option] as usize;
        self.node_item[start..end].iter().map(|&i| Primary(i))
    }

    /// The secondary items of an option, with their colours.
    pub fn secondaries(&self, option: OptionId) -> impl Iterator<Item = (Secondary, Colour)> + '_ {
        let start = self.opt_start[option] as usize + self.opt_primaries[option] as usize;
        let end = self.opt_start[option + 1] as usize;
        let p = self.primary_count() as u32;
        (start..end).map(move |k| (Secondary(self.node_item[k] - p), self.node_colour[k]))
    }

    /// The colours of every secondary item numbered densely from 0, in the
    /// order options first use them: the number of each node's colour
    /// (indexed like `node_item`; 0 on primary nodes), and how many colours
    /// each item has. Worked out once per problem; `Err` when `halt` stops
    /// the first working out.
    pub(crate) fn dense_colours(&self, halt: &Halt) -> Result<&DenseColours, Stopped> {
        if let Some(dense) = self.dense.get() {
            return Ok(dense);
        }
        let dense = self.work_out_dense_colours(halt)?;
        // Another thread may have stored it meanwhile: the same numbers.
        Ok(self.dense.get_or_init(|| dense))
    }

    fn work_out_dense_colours(&self, halt: &Halt) -> Result<DenseColours, Stopped> {
        let mut n_colours = vec![0u32; self.secondary_count()];
        let mut node = vec![0u32; self.node_count()];
        // Where the colours are small numbers (tile puzzles number their
        // labels from 1), a table per (item, colour) numbers them: a hash
        // map took 30 ms for the 2.5 million nodes of a 28x28 board.
        let top = self.node_colour.iter().copied().max().unwrap_or(0) as usize + 1;
        if self.secondary_count().saturating_mul(top) <= 2 * self.node_count() + (1 << 16) {
            let mut number = vec![u32::MAX; self.secondary_count() * top];
            for o in 0..self.option_count() {
                halt.every(o)?;
                for (k, j) in self.secondary_nodes(o) {
                    let at = &mut number[j as usize * top + self.node_colour[k] as usize];
                    if *at == u32::MAX {
                        *at = n_colours[j as usize];
                        n_colours[j as usize] += 1;
                    }
                    node[k] = *at;
                }
            }
            return Ok(DenseColours { node, n_colours });
        }
        let mut dense = std::collections::HashMap::new();
        for o in 0..self.option_count() {
            halt.every(o)?;
            for (k, j) in self.secondary_nodes(o) {
                let j = j as usize;
                node[k] = *dense.entry((j, self.node_colour[k])).or_insert_with(|| {
                    n_colours[j] += 1;
                    n_colours[j] - 1
                });
            }
        }
        Ok(DenseColours { node, n_colours })
    }

    /// The secondary nodes of `option`: (node index, secondary item).
    pub(crate) fn secondary_nodes(&self, option: OptionId) -> impl Iterator<Item = (usize, u32)> + '_ {
        let start = self.opt_start[option] as usize + self.opt_primaries[option] as usize;
        let p = self.primary_count() as u32;
        (start..self.opt_start[option + 1] as usize).map(move |k| (k, self.node_item[k] - p))
    }

    /// The total number of (option, item) incidences.
    pub fn node_count(&self) -> usize {
        self.node_item.len()
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
        self.opt_start.iter().for_each(|&s| eat(u64::from(s)));
        self.opt_primaries.iter().for_each(|&p| eat(u64::from(p)));
        for (&item, &colour) in self.node_item.iter().zip(&self.node_colour) {
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
}

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
        }
    }
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
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
        self.opt_primaries.len()
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
        let p = self.multiplicity.len();
        let s = self.n_secondary;
        if p + s > MAX_INDEX {
            return Ok(Err(ModelError::TooLarge("items")));
        }
        let n_options = self.opt_primaries.len();
        if n_options > MAX_INDEX {
            return Ok(Err(ModelError::TooLarge("options")));
        }
        if self.node_item.len() > MAX_INDEX {
            return Ok(Err(ModelError::TooLarge("nodes")));
        }
        // One pass: check each option, and number its secondary items
        // after the primary ones.
        let mut seen = vec![u32::MAX; p + s];
        for o in 0..n_options {
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
        Ok(Ok(Problem {
            multiplicity: self.multiplicity,
            n_secondary: s,
            opt_start: self.opt_start,
            node_item: self.node_item,
            node_colour: self.node_colour,
            opt_primaries: self.opt_primaries,
            links: self.links.into_iter().filter(|&(a, b)| a != b && (a as usize) < p && (b as usize) < p).collect(),
            dense: std::sync::OnceLock::new(),
        }))
    }
}
