//! Counting layer by layer in dense arrays: the [layers](super::layers)'
//! states laid out by rank, with no keys and no hashing.
//!
//! # The problem
//!
//! The layers hold each state as a key and its count, and send every child
//! through a hash to a bucket. That pays where few of the possible states
//! are reached. Where the pieces are few types with many copies (a 5x5
//! Tetravex with 2 or 3 labels, above all with turning tiles), nearly every
//! possible state is reached: `count5/5x5-3d-dup-rot-s2` (12 tile types up
//! to turning, 729 colourings of the frontier) reaches 42.9 M of the 43.1 M
//! states of its largest layer, whose keys and buckets outgrow the memory
//! cap. Then an array indexed by the state itself is smaller and faster.
//!
//! A state at cut `d` is (the copies used, the colours on the frontier).
//! Number the sub-multisets of `d` copies by their rank among those of
//! size `d` (a table from their mixed-radix code), and the frontier's
//! colours by their mixed-radix code: layer `d` is an array of `N_d`
//! blocks (one per sub-multiset) of `F_d` counts (one per colouring).
//!
//! A 1x3 strip `a b c`, joins `ab` and `bc` of 2 colours, pieces `x` (2
//! copies) and `y` (1): layer 1 has blocks {x} and {y} of 2 counts (the
//! colour on `ab`); layer 2 blocks {x, x} and {x, y} (the colour on `bc`);
//! layer 3 one block, {x, x, y}, with no frontier: its count is the count.
//!
//! # The steps
//!
//! * **D1** (plan, [`Dense::new`]): the sub-multisets of every size (their
//!   codes and ranks), each cut's colourings, the bytes of the largest two
//!   layers side by side; `None` when they do not fit the memory cap.
//! * **D2** (moves): per slot `d`, the colourings at cut `d` grouped by the
//!   key of the slot's back colours (the [scan](super::Scan)'s key), each
//!   with the part of its colouring at `d + 1` that it keeps; per piece,
//!   its options' keys and forward colours on the frontier at `d + 1`.
//! * **D3** (pull): each block of layer `d + 1` (copies used `U`) adds up,
//!   for each piece `p` in `U` and each option of `p`, the counts of block
//!   `U - p` of layer `d` at the colourings with the option's key, each at
//!   its kept part plus the option's colours. A block is written by one
//!   thread only: the layer is cut into chunks of blocks dealt to the
//!   threads in turn, with no lock on the counts (a lock per chunk taken
//!   from a shared list made two threads slower than one).
//! * **D4** (width): a layer's counts are `u32` while its source's largest
//!   count times the slot's largest in-degree fits 32 bits (on the 5x5
//!   boards, the wide middle layers), `u64` after; a sum that would
//!   overflow 64 bits stops the method, and the caller counts another way.
//!
//! Nodes are the additions made (deterministic); Ctrl-C, the deadline and
//! the node budget are polled after every piece's options in a block.
//!
//! # Invariants (checked in debug builds)
//!
//! * every back item of slot `d` is on the frontier at cut `d`;
//! * a `u32` layer's counts fit 32 bits (the width's bound holds);
//! * the last layer has one colouring (an empty frontier).

use super::layers::on_every_thread;
use super::poll::{after_layer, worse, Halted, Poll};
use super::{cap_bytes, Halves};
use crate::engine::backends::blocks::Jagged;
use crate::engine::config::SearchConfig;
use crate::engine::count::Count;
use crate::engine::memo::MemoStats;
use crate::engine::outcome::{BackendKind, Outcome, Stats};
use crate::engine::search::halt::{Halt, Stopped};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;

/// D1: at most this many codes of copies used (the rank table's size).
const MAX_CODES: u64 = 1 << 24;
/// D3: the counts of a chunk of blocks, about (whole blocks; chunk `c`
/// goes to thread `c` modulo the threads).
const CHUNK: usize = 1 << 14;

/// D2: what slot `d` needs to go from cut `d` to cut `d + 1`.
struct Move {
    /// Per key of the slot's back colours: the colourings at cut `d` with
    /// that key, and the part of the colouring at `d + 1` each keeps.
    by_key: Jagged<(u32, u32)>,
    /// Per piece: its options' (key, forward colours on the frontier at
    /// `d + 1`, as a code).
    options: Jagged<(u32, u32)>,
    /// The most (option, colouring) pairs that add into one colouring.
    indegree: u64,
}

/// A dense layered count's plan (D1 and D2).
pub(crate) struct Dense {
    /// Per piece: its place in the mixed-radix code of the copies used
    /// (radix: its copies plus one), and its copies.
    place: Vec<u64>,
    copies: Vec<u64>,
    /// Per code of copies used: its rank among the codes of its size.
    rank: Vec<u32>,
    /// Per size `d`: its codes, ascending.
    codes: Jagged<u32>,
    /// Per cut `d`: the frontier's colourings.
    colourings: Vec<usize>,
    moves: Vec<Move>,
}

/// A layer's counts, `u32` or `u64` wide (D4).
enum Counts {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

impl Counts {
    fn bytes(&self) -> u64 {
        match self {
            Counts::Narrow(v) => v.capacity() as u64 * 4,
            Counts::Wide(v) => v.capacity() as u64 * 8,
        }
    }

    fn is_wide(&self) -> bool {
        matches!(self, Counts::Wide(_))
    }

    /// `len` counts, `wide` or not, in `spare`'s memory where it is of that
    /// width and holds them: its pages are already the process's, and what
    /// it held is not cleared (D3 writes every count of a layer). Else
    /// zeros, whose pages the kernel gives on first touch, in D3's polled
    /// work: growing `spare` would fault and clear the new pages here,
    /// where nothing polls (100 ms past a deadline on `3d-dup-rot-s1`).
    fn sized(len: usize, wide: bool, spare: Option<Counts>) -> Counts {
        fn fit<T: Copy + Default>(mut v: Vec<T>, len: usize) -> Vec<T> {
            v.truncate(len);
            v.resize(len, T::default());
            v
        }
        match (wide, spare) {
            (false, Some(Counts::Narrow(v))) if v.capacity() >= len => Counts::Narrow(fit(v, len)),
            (true, Some(Counts::Wide(v))) if v.capacity() >= len => Counts::Wide(fit(v, len)),
            (false, _) => Counts::Narrow(vec![0; len]),
            (true, _) => Counts::Wide(vec![0; len]),
        }
    }
}

/// A count of either width.
trait Cell: Copy + Send + Sync {
    fn wide(self) -> u64;
    fn narrow(x: u64) -> Self;
}

impl Cell for u32 {
    #[inline(always)]
    fn wide(self) -> u64 {
        u64::from(self)
    }

    #[inline(always)]
    fn narrow(x: u64) -> Self {
        debug_assert!(x <= u64::from(u32::MAX), "a narrow layer's count past 32 bits");
        x as u32
    }
}

impl Cell for u64 {
    #[inline(always)]
    fn wide(self) -> u64 {
        self
    }

    #[inline(always)]
    fn narrow(x: u64) -> Self {
        x
    }
}

impl Dense {
    /// D1 and D2: the plan for `h`, or `None` when the codes of copies
    /// used are too many, two layers of `u32` counts do not fit `cap`
    /// bytes, or the count would make `additions_below` additions or more;
    /// `Err` when `halt` stops the tables' making.
    pub(crate) fn new(h: &Halves, cap: u64, additions_below: f64, halt: &Halt) -> Result<Option<Self>, Stopped> {
        let copies: Vec<u64> = h.copies.iter().map(|&c| u64::from(c)).collect();
        let Some(space) = copies.iter().try_fold(1u64, |a, &c| a.checked_mul(c + 1).filter(|&s| s <= MAX_CODES)) else {
            return Ok(None);
        };
        let mut place = Vec::with_capacity(copies.len());
        copies.iter().fold(1u64, |p, &c| {
            place.push(p);
            p * (c + 1)
        });
        // A colouring's code is a u32 (D2 keeps them in pairs of u32).
        let colourings: Option<Vec<usize>> = (0..=h.n)
            .map(|d| h.frontier(d).iter().try_fold(1u32, |a, &j| a.checked_mul(h.radix(j).try_into().ok()?)))
            .map(|f| f.map(|f| f as usize))
            .collect();
        let Some(colourings) = colourings else { return Ok(None) };
        let sizes = sub_multisets(&copies, h.n);
        let entries = |d: usize| (sizes[d] as f64) * colourings[d] as f64;
        let most = (0..h.n).map(|d| entries(d) + entries(d + 1)).fold(0f64, f64::max);
        // Two layers of u32 counts, the rank table and the codes, D2's pairs.
        let moves = colourings.iter().sum::<usize>() as f64 * 8.0;
        if most * 4.0 + space as f64 * 8.0 + moves > cap as f64 {
            return Ok(None);
        }
        // Each block of layer d + 1 pulls every option of slot d, at most,
        // over the colourings with the option's key (F_d / the keys).
        let scan = h.scan(0, h.n);
        let pulls = |d: usize| {
            scan.key.row_len(d) as f64 * colourings[d] as f64 / scan.radix.row(d).iter().product::<u64>() as f64
        };
        let additions: f64 = (0..h.n).map(|d| sizes[d + 1] as f64 * pulls(d)).sum();
        if additions >= additions_below {
            return Ok(None);
        }
        let (rank, codes) = ranks(&copies, &place, space, h.n, halt)?;
        let moves = (0..h.n).map(|d| Move::of(h, &scan, d, &colourings, halt)).collect::<Result<_, _>>()?;
        Ok(Some(Dense { place, copies, rank, codes, colourings, moves }))
    }
}

/// The number of sub-multisets of each size `0..=n` of a multiset with
/// these copies (the coefficients of the product of `1 + x + ... +
/// x^copies`), saturating.
fn sub_multisets(copies: &[u64], n: usize) -> Vec<u64> {
    let mut poly = vec![0u64; n + 1];
    poly[0] = 1;
    for &c in copies {
        let mut next = vec![0u64; n + 1];
        for (i, &a) in poly.iter().enumerate() {
            for k in 0..=(c as usize).min(n - i) {
                next[i + k] = next[i + k].saturating_add(a);
            }
        }
        poly = next;
    }
    poly
}

/// Every code of copies used below `space`: its rank among the codes of
/// its size, and per size `0..=n` the codes in ascending order.
fn ranks(copies: &[u64], place: &[u64], space: u64, n: usize, halt: &Halt) -> Result<(Vec<u32>, Jagged<u32>), Stopped> {
    // The codes in order, their digits counted like an odometer's.
    let mut digits = vec![0u64; copies.len()];
    let mut size = 0usize;
    let mut sizes = Vec::with_capacity(space as usize);
    for code in 0..space as usize {
        halt.every(code)?;
        sizes.push(size.min(n + 1) as u32);
        for (t, &c) in copies.iter().enumerate() {
            if digits[t] < c {
                digits[t] += 1;
                size += 1;
                break;
            }
            size -= digits[t] as usize;
            digits[t] = 0;
        }
    }
    debug_assert!(place.first().is_none_or(|&p| p == 1), "the first piece's place is 1");
    let mut per_size = vec![0u32; n + 2];
    let rank = sizes.iter().map(|&s| {
        per_size[s as usize] += 1;
        per_size[s as usize] - 1
    });
    let rank: Vec<u32> = rank.collect();
    let mut codes = Jagged::filled(n + 1, 0u32, |d| per_size[d] as usize);
    for (code, &s) in sizes.iter().enumerate() {
        halt.every(code)?;
        if (s as usize) <= n {
            let at = codes.start(s as usize) + rank[code] as usize;
            codes[at] = code as u32;
        }
    }
    Ok((rank, codes))
}

impl Move {
    /// D2: the move of slot `d`.
    fn of(h: &Halves, scan: &super::Scan, d: usize, colourings: &[usize], halt: &Halt) -> Result<Move, Stopped> {
        let (front, next) = (h.frontier(d), h.frontier(d + 1));
        let places = |items: &[u32]| {
            let mut p = vec![0u32; items.len()];
            let mut at = 1u32;
            for (i, &j) in items.iter().enumerate().rev() {
                p[i] = at;
                at *= h.radix(j) as u32;
            }
            p
        };
        let (pf, pn) = (places(&front), places(&next));
        // Where the back items stand at cut d, and the place at d + 1 of
        // each item kept (of cut d's frontier, of the slot's forward items).
        let back = scan.back.row(d);
        debug_assert!(back.iter().all(|j| front.contains(j)), "a back item off the frontier");
        let back_at: Vec<usize> =
            back.iter().map(|j| front.iter().position(|x| x == j).expect("a back item on the frontier")).collect();
        let place_next = |j: &u32| next.iter().position(|x| x == j).map_or(0, |at| pn[at]);
        let kept_places: Vec<u32> = front.iter().map(place_next).collect();
        let keys = scan.radix.row(d).iter().product::<u64>() as usize;
        // The colourings at cut d by key, with their kept parts.
        let mut by_key: Vec<Vec<(u32, u32)>> = vec![Vec::new(); keys];
        for f in 0..colourings[d] as u32 {
            halt.every(f as usize)?;
            let colour = |i: usize| (f / pf[i]) % h.radix(front[i]) as u32;
            let key = back_at.iter().zip(scan.radix.row(d)).fold(0u64, |k, (&i, &r)| k * r + u64::from(colour(i)));
            let kept = kept_places.iter().enumerate().map(|(i, &p)| colour(i) * p).sum();
            by_key[key as usize].push((f, kept));
        }
        let by_key: Jagged<(u32, u32)> = by_key.into_iter().collect();
        // Per piece, its options' keys and forward colours.
        let fwd_places: Vec<u32> = scan.fwd.row(d).iter().map(place_next).collect();
        let nf = fwd_places.len();
        let mut options: Vec<Vec<(u32, u32)>> = vec![Vec::new(); h.copies.len()];
        for (k, (&key, &p)) in scan.key.row(d).iter().zip(scan.piece.row(d)).enumerate() {
            let cols = &scan.fcol.row(d)[k * nf..(k + 1) * nf];
            let add = fwd_places.iter().zip(cols).map(|(&place, &c)| c * place).sum();
            options[p as usize].push((key as u32, add));
        }
        let mut into = vec![0u64; colourings[d + 1]];
        for row in &options {
            for &(key, add) in row {
                halt.check()?;
                for &(_, kept) in by_key.row(key as usize) {
                    into[(kept + add) as usize] += 1;
                }
            }
        }
        let indegree = into.iter().copied().max().unwrap_or(0);
        Ok(Move { by_key, options: options.into_iter().collect(), indegree })
    }
}

/// A thread's chunks of a layer: each chunk's index and its counts.
type Share<'a, T> = Vec<(usize, &'a mut [T])>;

/// What one thread did with one layer.
#[derive(Default)]
struct Work {
    nodes: u64,
    /// The largest count it wrote.
    largest: u64,
    /// Whether a sum overflowed 64 bits.
    overflow: bool,
}

impl Dense {
    /// D3 and D4: the count, layer by layer. `Err` with the nodes spent
    /// when two layers outgrew the memory cap or a count overflowed 64
    /// bits (the caller counts another way).
    pub(crate) fn count(&self, config: &SearchConfig) -> Result<Outcome, u64> {
        let start = Instant::now();
        let threads = config.effective_threads().max(1);
        let quit = AtomicBool::new(false);
        let cap = cap_bytes(config) as u64;
        let mut stats = Stats { threads, backend: Some(BackendKind::RowScan), ..Stats::default() };
        let mut memo = MemoStats { layers: true, ..MemoStats::default() };
        let mut polls: Vec<Poll> = (0..threads).map(|_| Poll::new(config, &quit)).collect();
        let pairs: usize = self.moves.iter().map(|m| m.by_key.total() + m.options.total()).sum();
        let tables = (self.rank.capacity() + self.codes.total() + 2 * pairs) as u64 * 4;
        // Layer 0: one block (nothing used) of one colouring (no frontier).
        let (mut cur, mut spare, mut largest) = (Counts::Wide(vec![1]), None::<Counts>, 1u64);
        let mut stopped = None;
        let n = self.moves.len();
        for d in 0..n {
            let len = self.codes.row_len(d + 1) * self.colourings[d + 1];
            memo.states = memo.states.max(len as u64);
            let wide = u128::from(largest) * u128::from(self.moves[d].indegree) > u128::from(u32::MAX);
            // The layer before last lends its memory where it has the width.
            let bytes = len as u64 * if wide { 8 } else { 4 };
            let lent = spare.take().filter(|s| s.is_wide() == wide && s.bytes() >= bytes);
            if tables + cur.bytes() + lent.as_ref().map_or(bytes, Counts::bytes) > cap {
                return Err(stats.nodes);
            }
            let mut next = Counts::sized(len, wide, lent);
            memo.bytes = memo.bytes.max(tables + cur.bytes() + next.bytes());
            // No sum can overflow where the bound says so: no check then.
            let check = u128::from(largest) * u128::from(self.moves[d].indegree) > u128::from(u64::MAX);
            let (works, halted) = match (&cur, &mut next) {
                (Counts::Narrow(c), Counts::Narrow(x)) => self.layer(d, c, x, check, &mut polls),
                (Counts::Narrow(c), Counts::Wide(x)) => self.layer(d, c, x, check, &mut polls),
                (Counts::Wide(c), Counts::Narrow(x)) => self.layer(d, c, x, check, &mut polls),
                (Counts::Wide(c), Counts::Wide(x)) => self.layer(d, c, x, check, &mut polls),
            };
            largest = works.iter().map(|w| w.largest).max().unwrap_or(0);
            stats.nodes += works.iter().map(|w| w.nodes).sum::<u64>();
            if works.iter().any(|w| w.overflow) {
                return Err(stats.nodes);
            }
            stopped = after_layer(halted, stats.nodes, config, (d + 1) as f64 / n as f64)?;
            if stopped.is_some() {
                break;
            }
            spare = Some(std::mem::replace(&mut cur, next));
        }
        memo.lookups = stats.nodes;
        let mut solutions = Count::ZERO;
        if stopped.is_none() {
            debug_assert_eq!(self.colourings[n], 1, "a frontier after the last slot");
            match &cur {
                Counts::Narrow(v) => v.iter().for_each(|&x| solutions.add_u128(u128::from(x))),
                Counts::Wide(v) => v.iter().for_each(|&x| solutions.add_u128(u128::from(x))),
            }
        }
        stats.solutions = solutions.saturating_u64();
        stats.memo = Some(memo);
        stats.elapsed = start.elapsed();
        Ok(Outcome { solutions, complete: stopped.is_none(), stopped, stats })
    }

    /// D3 for slot `d`: layer `d + 1` into `next` (every count written over)
    /// from `cur`, the
    /// threads taking blocks of about [`CHUNK`] counts at a time; what each did, and why
    /// the layer stopped, if it did.
    fn layer<S: Cell, T: Cell>(
        &self,
        d: usize,
        cur: &[S],
        next: &mut [T],
        check: bool,
        polls: &mut [Poll],
    ) -> (Vec<Work>, Option<Halted>) {
        let width = self.colourings[d + 1];
        let codes = self.codes.row(d + 1);
        let per = (CHUNK / width).max(1);
        // Chunk c goes to thread c % threads: one lock per thread and layer
        // (the chunks cost about alike; a lock per chunk was contended).
        let threads = polls.len();
        let mut shares: Vec<Share<T>> = (0..threads).map(|_| Vec::new()).collect();
        for (c, chunk) in next.chunks_mut(per * width).enumerate() {
            shares[c % threads].push((c, chunk));
        }
        let shares: Vec<Mutex<Share<T>>> = shares.into_iter().map(Mutex::new).collect();
        let results = on_every_thread(polls, |w, poll| {
            let mut work = Work::default();
            let mut sum = vec![0u64; width];
            let mine = std::mem::take(&mut *shares[w].lock().expect("a share"));
            for (c, chunk) in mine {
                for (i, block) in chunk.chunks_mut(width).enumerate() {
                    let code = u64::from(codes[c * per + i]);
                    let pulled = match check {
                        true => self.pull::<S, true>(d, code, cur, &mut sum, &mut work, poll),
                        false => self.pull::<S, false>(d, code, cur, &mut sum, &mut work, poll),
                    };
                    if let Err(e) = pulled {
                        return (work, Some(e));
                    }
                    for (t, s) in block.iter_mut().zip(sum.iter_mut()) {
                        *t = T::narrow(*s);
                        work.largest = work.largest.max(*s);
                        *s = 0;
                    }
                }
            }
            (work, None)
        });
        let mut halted = None;
        let works = results
            .into_iter()
            .map(|(w, h)| {
                if let Some(e) = h {
                    halted = worse(halted, e);
                }
                w
            })
            .collect();
        (works, halted)
    }

    /// D3 for one block, copies used `code` at cut `d + 1`: its counts added
    /// into `sum` (one per colouring), the additions counted in `work` and
    /// `poll` (polled after each piece). With `CHECK`, `work.overflow` is
    /// set when a sum passes 64 bits.
    #[inline]
    fn pull<S: Cell, const CHECK: bool>(
        &self,
        d: usize,
        code: u64,
        cur: &[S],
        sum: &mut [u64],
        work: &mut Work,
        poll: &mut Poll,
    ) -> Result<(), Halted> {
        let m = &self.moves[d];
        let width = self.colourings[d];
        let mut carry = false;
        for (p, (&place, &copies)) in self.place.iter().zip(&self.copies).enumerate() {
            if (code / place) % (copies + 1) == 0 || m.options.row_len(p) == 0 {
                continue;
            }
            let src = self.rank[(code - place) as usize] as usize;
            let x = &cur[src * width..(src + 1) * width];
            let mut adds = 0u64;
            for &(key, add) in m.options.row(p) {
                let row = m.by_key.row(key as usize);
                for &(f, kept) in row {
                    let t = &mut sum[(kept + add) as usize];
                    if CHECK {
                        let (s, o) = t.overflowing_add(x[f as usize].wide());
                        *t = s;
                        carry |= o;
                    } else {
                        *t += x[f as usize].wide();
                    }
                }
                adds += row.len() as u64;
            }
            // Polled per piece: a block may be large.
            work.nodes += adds;
            poll.add(adds)?;
        }
        work.overflow |= carry;
        Ok(())
    }
}
