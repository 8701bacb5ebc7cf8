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
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    multiplicity: Vec<u32>,
    n_secondary: usize,
    /// The options' items, one option after another: option `o`'s primary
    /// items end at `prim_end[o]`, its coloured secondary items at
    /// `sec_end[o]`. Flat, since a large puzzle adds a million options and
    /// two vectors each would cost two allocations and two frees apiece.
    primaries: Vec<Primary>,
    prim_end: Vec<usize>,
    secondaries: Vec<(Secondary, Colour)>,
    sec_end: Vec<usize>,
    links: Vec<(u32, u32)>,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
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
        self.primaries.extend_from_slice(primaries);
        self.prim_end.push(self.primaries.len());
        self.secondaries.extend_from_slice(secondaries);
        self.sec_end.push(self.secondaries.len());
        self.prim_end.len() - 1
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
        self.prim_end.len()
    }

    /// Checks the model and freezes it.
    pub fn build(self) -> Result<Problem, ModelError> {
        let p = self.multiplicity.len();
        let s = self.n_secondary;
        if p + s > MAX_INDEX {
            return Err(ModelError::TooLarge("items"));
        }
        let n_options = self.prim_end.len();
        if n_options > MAX_INDEX {
            return Err(ModelError::TooLarge("options"));
        }
        let nodes = self.primaries.len() + self.secondaries.len();
        if nodes > MAX_INDEX {
            return Err(ModelError::TooLarge("nodes"));
        }
        let mut problem = Problem {
            multiplicity: self.multiplicity,
            n_secondary: s,
            opt_start: Vec::with_capacity(n_options + 1),
            node_item: Vec::with_capacity(nodes),
            node_colour: Vec::with_capacity(nodes),
            opt_primaries: Vec::with_capacity(n_options),
            links: self.links.into_iter().filter(|&(a, b)| a != b && (a as usize) < p && (b as usize) < p).collect(),
            dense: std::sync::OnceLock::new(),
        };
        let mut seen = vec![usize::MAX; p + s];
        problem.opt_start.push(0);
        let (mut prim_start, mut sec_start) = (0, 0);
        for o in 0..n_options {
            let prim = &self.primaries[prim_start..self.prim_end[o]];
            let sec = &self.secondaries[sec_start..self.sec_end[o]];
            (prim_start, sec_start) = (self.prim_end[o], self.sec_end[o]);
            if prim.is_empty() {
                return Err(ModelError::NoPrimary(o));
            }
            for i in prim {
                let i = i.index();
                if i >= p {
                    return Err(ModelError::UnknownItem(o));
                }
                if seen[i] == o {
                    return Err(ModelError::RepeatedItem(o));
                }
                seen[i] = o;
                problem.node_item.push(i as u32);
                problem.node_colour.push(0);
            }
            for (j, c) in sec {
                let j = j.index();
                if j >= s {
                    return Err(ModelError::UnknownItem(o));
                }
                if seen[p + j] == o {
                    return Err(ModelError::RepeatedItem(o));
                }
                seen[p + j] = o;
                problem.node_item.push((p + j) as u32);
                problem.node_colour.push(*c);
            }
            problem.opt_primaries.push(prim.len() as u32);
            problem.opt_start.push(problem.node_item.len() as u32);
        }
        Ok(problem)
    }
}
