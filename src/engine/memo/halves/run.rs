//! H2-H4 of [the halves](super): the count itself. Both halves are cut
//! into tickets (paths from the half's root) that the threads share; each
//! worker enumerates its tickets with a [`Visit`]or: [`Table`] tabulates
//! the first half (a table per worker, merged at the end, the groups of
//! one frontier colouring merged in parallel), [`Join`] looks the second
//! half's leaves up.
//!
//! # Why a loop of its own
//!
//! The halves do not run through the engine's one search loop
//! (`engine/search/mod.rs`): a half is not a problem (its slots stop at
//! the cut, its leaves are not solutions, the second half starts with
//! free frontier colours), and its nodes are the row scan's cheapest (a
//! run looked up, a copy taken) with no look-ahead, no memo key and no
//! trail, where the loop's per-node hooks (ticks, portfolio depths, memo
//! levels, the backend's moves behind a trait) cost about half a node
//! more: on 5x5 Tetravex with 3 labels (2 threads, CPU time) the row scan
//! in the loop counted 31 ns a node (seed 2, 10^9 nodes), the halves 20 ns
//! a node, their table inserts and look-ups included (seed 1, cut at 9
//! slots, 3.7x10^8 nodes). The last slot of a half is also taken in one
//! pass over its run ([`Visit::batches`]), which the loop has no place
//! for.

use super::plan::{Layered, Plan};
use super::poll::{Halted, Poll};
use super::{cap_bytes, Halves, KeyHasher, Map, Run, Scan, State};
use crate::engine::config::SearchConfig;
use crate::engine::count::Count;
use crate::engine::memo::MemoStats;
use crate::engine::outcome::{BackendKind, Outcome, Stats, StopReason};
use crate::engine::search::halt::{Halt, Stopped};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

impl Scan {
    /// Steps into the current node's first child; false at a dead end.
    #[inline(always)]
    fn first_child(&self, h: &Halves, st: &mut State) -> bool {
        let s = st.level;
        let (lo, hi) = self.run_of(st, s);
        st.levels[s] = Run { hi, at: lo };
        match self.next_from(st, lo) {
            Some(k) => {
                self.take(h, st, k);
                true
            }
            None => false,
        }
    }

    /// The last slot of the half in one pass: each option of the run whose
    /// piece has a copy left is a node and a leaf, handed to `v` by piece.
    #[inline(always)]
    fn last<V: Visit>(&self, h: &Halves, st: &State, v: &mut V, poll: &mut Poll) -> Result<(), Halted> {
        let s = st.level;
        let (lo, hi) = self.run_of(st, s);
        let pieces = &self.piece.row(s - self.from)[lo as usize..hi as usize];
        for &p in pieces {
            if st.remaining[p as usize] > 0 {
                poll.node()?;
                v.leaf_piece(h, st, p as usize);
            }
        }
        Ok(())
    }

    /// Depth-first search of the subtree below the current node (at level
    /// `base`): `v` sees each node before its children and each leaf.
    fn run<V: Visit>(&self, h: &Halves, st: &mut State, v: &mut V, poll: &mut Poll) -> Result<(), Halted> {
        let base = st.level;
        let mut descend = true;
        loop {
            if descend {
                descend = false;
                if st.level == self.to {
                    v.leaf(h, st)?;
                } else if v.enter(h, st) {
                    if st.level + 1 == self.to && v.batches() {
                        self.last(h, st, v, poll)?;
                    } else if self.first_child(h, st) {
                        poll.node()?;
                        descend = true;
                        continue;
                    }
                }
            }
            while !descend {
                if st.level == base {
                    return Ok(());
                }
                self.untake(h, st);
                let at = st.levels[st.level].at;
                if let Some(k) = self.next_from(st, at + 1) {
                    self.take(h, st, k);
                    poll.node()?;
                    descend = true;
                }
            }
        }
    }
}

/// What a half's search does at its nodes and leaves.
trait Visit {
    /// At an inner node, before its children: false cuts the subtree.
    fn enter(&mut self, h: &Halves, st: &State) -> bool;
    /// At a leaf (every slot of the half filled).
    fn leaf(&mut self, h: &Halves, st: &State) -> Result<(), Halted>;
    /// At a ticket's root, before its subtree: false skips it.
    fn resume(&mut self, _: &Halves, _: &State) -> bool {
        true
    }
    /// Whether the last slot's options go to [`Visit::leaf_piece`] without
    /// being taken (entered at the leaves' parent).
    fn batches(&self) -> bool {
        false
    }
    /// A leaf: the current node's last slot filled with piece `p`.
    fn leaf_piece(&mut self, _: &Halves, _: &State, _: usize) {}
}

/// The bytes a map of `capacity` holds (buckets of 17 bytes, <= 7/8 full).
fn map_bytes(capacity: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    ((capacity * 8 / 7).next_power_of_two() * 17) as u64
}

/// The bytes the first half's tables hold, all workers together, against
/// the cap; and the most they held at once.
struct Bytes {
    now: AtomicU64,
    peak: AtomicU64,
    cap: u64,
}

impl Bytes {
    /// A map grows from `old` to `new` bytes (both held while the entries
    /// move); `Full` past the cap.
    fn grow(&self, old: u64, new: u64) -> Result<(), Halted> {
        let during = self.now.fetch_add(new, Ordering::Relaxed) + new;
        self.peak.fetch_max(during, Ordering::Relaxed);
        self.now.fetch_sub(old, Ordering::Relaxed);
        if during > self.cap {
            return Err(Halted::Full);
        }
        Ok(())
    }
}

/// H2: a worker's share of the first half's table, from the frontier
/// colours to a map from the copies used to the number of covers.
struct Table<'a> {
    front: &'a [u32],
    map: Map<Map<u64>>,
    bytes: &'a Bytes,
    /// The capacity each new map starts with.
    reserve: usize,
}

impl Visit for Table<'_> {
    fn enter(&mut self, _: &Halves, _: &State) -> bool {
        true
    }

    fn leaf(&mut self, h: &Halves, st: &State) -> Result<(), Halted> {
        let fc = h.colours_code(st, self.front);
        let (bytes, reserve) = (self.bytes, self.reserve);
        let mut grown = Ok(());
        let sub = self.map.entry(fc).or_insert_with(|| {
            let sub = Map::with_capacity_and_hasher(reserve, Default::default());
            grown = bytes.grow(0, 64 + map_bytes(sub.capacity()));
            sub
        });
        grown?;
        let before = sub.capacity();
        *sub.entry(st.used).or_insert(0) += 1;
        if sub.capacity() != before {
            bytes.grow(map_bytes(before), map_bytes(sub.capacity()))?;
        }
        Ok(())
    }
}

/// H3: a second-half worker: at depth `at` it finds the first half's map
/// for its frontier colours (or cuts the subtree), and each leaf looks its
/// complement up there.
struct Join<'a> {
    front: &'a [u32],
    table: &'a Map<Map<u64>>,
    /// The look-up depth (absolute position).
    at: usize,
    /// The end of the second half.
    to: usize,
    here: Option<&'a Map<u64>>,
    sum: u128,
    total: Count,
    stats: MemoStats,
}

impl<'a> Join<'a> {
    /// Looks the current frontier colours up.
    fn find(&mut self, h: &Halves, st: &State) -> bool {
        self.stats.lookups += 1;
        self.here = self.table.get(&h.colours_code(st, self.front));
        self.stats.hits += u64::from(self.here.is_some());
        self.here.is_some()
    }

    fn count(&self) -> Count {
        let mut c = self.total.clone();
        c.add_u128(self.sum);
        c
    }

    /// Adds the covers of the first half that used `rest` of the copies.
    #[inline(always)]
    fn add(&mut self, rest: u64) {
        let here = self.here.expect("looked up at or above the leaves");
        if let Some(&c) = here.get(&rest) {
            match self.sum.checked_add(u128::from(c)) {
                Some(s) => self.sum = s,
                None => {
                    self.total.add_u128(self.sum);
                    self.sum = u128::from(c);
                }
            }
        }
    }
}

impl Visit for Join<'_> {
    #[inline(always)]
    fn enter(&mut self, h: &Halves, st: &State) -> bool {
        st.level != self.at || self.find(h, st)
    }

    #[inline(always)]
    fn leaf(&mut self, h: &Halves, st: &State) -> Result<(), Halted> {
        if st.level == self.at && !self.find(h, st) {
            return Ok(());
        }
        self.add(h.full - st.used);
        Ok(())
    }

    fn resume(&mut self, h: &Halves, st: &State) -> bool {
        st.level <= self.at || self.find(h, st)
    }

    #[inline(always)]
    fn batches(&self) -> bool {
        self.at < self.to
    }

    #[inline(always)]
    fn leaf_piece(&mut self, h: &Halves, st: &State, p: usize) {
        self.add(h.full - st.used - h.unit[p]);
    }
}

/// Cuts a half into tickets: the paths to its nodes at `depth`.
struct Cut {
    from: usize,
    depth: usize,
    paths: Vec<Vec<u32>>,
}

impl Cut {
    fn record(&mut self, st: &State) {
        self.paths.push(st.levels[self.from..st.level].iter().map(|r| r.at).collect());
    }
}

impl Visit for Cut {
    fn enter(&mut self, _: &Halves, st: &State) -> bool {
        if st.level < self.depth {
            return true;
        }
        self.record(st);
        false
    }

    fn leaf(&mut self, _: &Halves, st: &State) -> Result<(), Halted> {
        self.record(st);
        Ok(())
    }
}

/// What the workers of one half did: their visitors, their nodes, and why
/// they stopped, if they did.
struct Shared<V> {
    visitors: Vec<V>,
    nodes: u64,
    halted: Option<Halted>,
}

impl Plan {
    /// H2-H4: the count. `Err` with the nodes spent when the first half's
    /// table outgrew the memory cap (the caller counts another way).
    pub(crate) fn count(&self, config: &SearchConfig) -> Result<Outcome, u64> {
        match &self.layers {
            Some(Layered::Dense(dense)) => return dense.count(config),
            Some(Layered::Keyed(layers)) => return layers.count(&self.halves, config),
            None => {}
        }
        let start = Instant::now();
        let (h, m) = (&self.halves, self.m);
        let threads = config.effective_threads().max(1);
        let quit = AtomicBool::new(false);
        let front = h.frontier(m);
        let mut stats = Stats { threads, backend: Some(BackendKind::RowScan), ..Stats::default() };
        let mut memo = MemoStats { halves: true, ..MemoStats::default() };
        let stop = |stats: &mut Stats, memo, reason, count| {
            stats.memo = Some(memo);
            stats.elapsed = start.elapsed();
            Outcome { solutions: count, complete: false, stopped: Some(reason), stats: stats.clone() }
        };
        let table = self.tabulate(&front, config, threads, &quit, &mut stats, &mut memo);
        let table = match table {
            Err(Halted::Full) => return Err(stats.nodes),
            Err(Halted::Stop(reason)) => return Ok(stop(&mut stats, memo, reason, Count::ZERO)),
            Ok(table) => table,
        };
        let second = h.scan(m, h.n);
        let mut poll = Poll::new(config, &quit);
        let tickets = self.tickets(&second, threads, &mut poll);
        stats.nodes += poll.nodes;
        let tickets = match tickets {
            Ok(t) => t,
            Err(reason) => return Ok(stop(&mut stats, memo, reason, Count::ZERO)),
        };
        stats.tickets += tickets.len() as u64;
        let at = m + h.lookup_depth(m, &front);
        let to = h.n;
        let make = || Join {
            front: &front,
            table: &table,
            at,
            to,
            here: None,
            sum: 0,
            total: Count::ZERO,
            stats: MemoStats::default(),
        };
        let done = self.share(&second, &tickets, config, threads, &quit, make, true);
        stats.nodes += done.nodes;
        let mut solutions = Count::ZERO;
        for join in &done.visitors {
            solutions += &join.count();
            memo.lookups += join.stats.lookups;
            memo.hits += join.stats.hits;
        }
        stats.solutions = solutions.saturating_u64();
        if let Some(Halted::Stop(reason)) = done.halted {
            return Ok(stop(&mut stats, memo, reason, solutions));
        }
        stats.memo = Some(memo);
        stats.elapsed = start.elapsed();
        if let Some(mon) = &config.monitor {
            mon.set_fraction(1.0);
        }
        Ok(Outcome { solutions, complete: true, stopped: None, stats })
    }

    /// H2 on every thread: the first half's table, merged; its nodes and
    /// tickets into `stats`, its entries and bytes into `memo`.
    fn tabulate(
        &self,
        front: &[u32],
        config: &SearchConfig,
        threads: usize,
        quit: &AtomicBool,
        stats: &mut Stats,
        memo: &mut MemoStats,
    ) -> Result<Map<Map<u64>>, Halted> {
        let (h, m) = (&self.halves, self.m);
        let first = h.scan(0, m);
        let mut poll = Poll::new(config, quit);
        let tickets = self.tickets_of(&first, 0, threads, &mut poll);
        stats.nodes += poll.nodes;
        let tickets = tickets.map_err(Halted::Stop)?;
        stats.tickets += tickets.len() as u64;
        let bytes = Bytes { now: AtomicU64::new(0), peak: AtomicU64::new(0), cap: cap_bytes(config) as u64 };
        // Each worker's maps start at their share of the expected entries
        // per colouring, so that few grow many times over.
        let colourings = front.iter().map(|&j| h.radix(j) as f64).product::<f64>().max(1.0);
        let per_map = self.leaves / colourings.min(self.leaves.max(1.0)) / threads as f64 / 4.0;
        let reserve = per_map.clamp(0.0, 4096.0) as usize;
        let make = || Table { front, map: Map::default(), bytes: &bytes, reserve };
        let done = self.share(&first, &tickets, config, threads, quit, make, false);
        stats.nodes += done.nodes;
        let merged = match done.halted {
            Some(halted) => Err(halted),
            None => merge(done.visitors.into_iter().map(|t| t.map).collect(), &bytes, threads, config),
        };
        memo.states = merged.as_ref().map_or(0, |t| t.values().map(|s| s.len() as u64).sum());
        memo.bytes = bytes.peak.load(Ordering::Relaxed).max(bytes.now.load(Ordering::Relaxed));
        merged
    }

    /// The second half cut into tickets (see [`Plan::tickets_of`]).
    fn tickets(&self, second: &Scan, threads: usize, poll: &mut Poll) -> Result<Vec<Vec<u32>>, StopReason> {
        self.tickets_of(second, self.m, threads, poll)
    }

    /// A half (slots `from..`) cut into at least `64 * threads` tickets
    /// (or at its leaves), each the path of option indices from its root.
    fn tickets_of(
        &self,
        half: &Scan,
        from: usize,
        threads: usize,
        poll: &mut Poll,
    ) -> Result<Vec<Vec<u32>>, StopReason> {
        let h = &self.halves;
        let mut st = h.state();
        st.level = from;
        for depth in from + 1..=half.to {
            let mut cut = Cut { from, depth, paths: Vec::new() };
            if let Err(Halted::Stop(reason)) = half.run(h, &mut st, &mut cut, poll) {
                return Err(reason);
            }
            if cut.paths.len() >= 64 * threads || depth == half.to {
                return Ok(cut.paths);
            }
        }
        Ok(vec![Vec::new()])
    }

    /// A half's tickets on every thread, each worker with its own visitor
    /// from `make`; the second half (`progress`) reports the tickets done
    /// as the count's progress.
    #[allow(clippy::too_many_arguments)]
    fn share<V: Visit + Send>(
        &self,
        half: &Scan,
        tickets: &[Vec<u32>],
        config: &SearchConfig,
        threads: usize,
        quit: &AtomicBool,
        make: impl Fn() -> V + Sync,
        progress: bool,
    ) -> Shared<V> {
        let h = &self.halves;
        let next = AtomicUsize::new(0);
        let done = AtomicU64::new(0);
        let out = Mutex::new(Shared { visitors: Vec::new(), nodes: 0, halted: None });
        let work = || {
            let mut v = make();
            let mut poll = Poll::new(config, quit);
            let mut st = h.state();
            st.level = half.from;
            let mut halted = None;
            loop {
                let t = next.fetch_add(1, Ordering::Relaxed);
                if t >= tickets.len() {
                    break;
                }
                while st.level > half.from {
                    half.untake(h, &mut st);
                }
                for &k in &tickets[t] {
                    half.take(h, &mut st, k);
                }
                if v.resume(h, &st) {
                    if let Err(e) = half.run(h, &mut st, &mut v, &mut poll) {
                        quit.store(true, Ordering::Relaxed);
                        halted = Some(e);
                        break;
                    }
                }
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                if let (Some(mon), true) = (&config.monitor, progress) {
                    mon.set_fraction(d as f64 / tickets.len() as f64);
                }
                if let Err(e) = poll.check() {
                    halted = Some(e);
                    break;
                }
            }
            let mut out = out.lock().expect("no worker panics");
            out.visitors.push(v);
            out.nodes += poll.nodes;
            // A full table outranks the stops it caused in other workers.
            if out.halted.is_none() || halted == Some(Halted::Full) {
                out.halted = halted.or(out.halted);
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(work);
            }
            work();
        });
        let mut out = out.into_inner().expect("no worker panics");
        if out.halted.is_none() && quit.load(Ordering::Relaxed) {
            out.halted = Some(Halted::Stop(StopReason::Interrupted));
        }
        out
    }
}

/// The workers' tables as one: the maps of each frontier colouring merged
/// into the largest of them, the colourings shared between `threads`.
fn merge(
    mut tables: Vec<Map<Map<u64>>>,
    bytes: &Bytes,
    threads: usize,
    config: &SearchConfig,
) -> Result<Map<Map<u64>>, Halted> {
    if tables.len() <= 1 {
        return Ok(tables.pop().unwrap_or_default());
    }
    let mut groups: Map<Vec<Map<u64>>> = Map::default();
    for table in tables {
        for (fc, sub) in table {
            groups.entry(fc).or_default().push(sub);
        }
    }
    let groups: Vec<Mutex<(u64, Vec<Map<u64>>)>> = groups.into_iter().map(Mutex::new).collect();
    let next = AtomicUsize::new(0);
    let failed = Mutex::new(None);
    let work = || {
        let halt = Halt::of(config);
        loop {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= groups.len() || failed.lock().expect("no worker panics").is_some() {
                break;
            }
            let mut group = groups[g].lock().expect("no worker panics");
            if let Err(e) =
                merge_group(&mut group.1, bytes).and_then(|()| halt.check().map_err(|Stopped(r)| Halted::Stop(r)))
            {
                *failed.lock().expect("no worker panics") = Some(e);
                break;
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
    if let Some(e) = failed.into_inner().expect("no worker panics") {
        return Err(e);
    }
    let merged = groups.into_iter().map(|g| {
        let (fc, mut subs) = g.into_inner().expect("no worker panics");
        (fc, subs.pop().expect("one map per colouring"))
    });
    let mut out: Map<Map<u64>> = Map::with_capacity_and_hasher(merged.len(), BuildKey::default());
    out.extend(merged);
    Ok(out)
}

type BuildKey = std::hash::BuildHasherDefault<KeyHasher>;

/// The maps of one colouring merged into its largest.
fn merge_group(subs: &mut Vec<Map<u64>>, bytes: &Bytes) -> Result<(), Halted> {
    subs.sort_by_key(|s| s.len());
    let mut one = subs.pop().expect("one map per colouring");
    for sub in subs.drain(..) {
        let before = one.capacity();
        one.reserve(sub.len());
        if one.capacity() != before {
            bytes.grow(map_bytes(before), map_bytes(one.capacity()))?;
        }
        let freed = map_bytes(sub.capacity());
        for (k, c) in sub {
            *one.entry(k).or_insert(0) += c;
        }
        bytes.now.fetch_sub(freed, Ordering::Relaxed);
    }
    subs.push(one);
    Ok(())
}

impl Halves {
    /// The depth below the cut at `m` at which every frontier item is
    /// coloured: one past the last slot of the second half to touch a
    /// frontier item first.
    fn lookup_depth(&self, m: usize, front: &[u32]) -> usize {
        let mut coloured = vec![false; front.len()];
        let mut depth = 0;
        for s in m..self.n {
            for (i, j) in front.iter().enumerate() {
                if !coloured[i] && self.items.row(s).contains(j) {
                    coloured[i] = true;
                    depth = s + 1 - m;
                }
            }
        }
        depth
    }
}
