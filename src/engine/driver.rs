//! Running a backend: limits, visitors, tickets, threads and shards.
//!
//! Every backend exposes the same three operations ([`Backend`]): reset to
//! the root, *replay* a path of (item, option) steps, and *run* a
//! depth-first search below the current node. The driver builds everything
//! else from them:
//!
//! * **Tickets.** Running with a cut depth `D` stops at every node of depth
//!   `D` (or at a solution above it) and records the path to it. The paths
//!   partition the tree: running every ticket's subtree explores each node
//!   below depth `D` exactly once. The ticket list depends only on the
//!   problem and `D`.
//! * **Threads.** Workers take tickets from a shared counter, each with its
//!   own backend state (allocated once per worker, never per node).
//! * **Shards.** The tickets at a cut depth chosen from `N` alone are dealt
//!   onto the `N` shards by Knuth's estimate of their subtrees' sizes
//!   (largest first onto the least-loaded shard; see [`super::estimate`]).
//!   The estimates use a fixed-seed random source per ticket, so the same
//!   shard is the same subtree set on every machine and for every thread
//!   count. [`plan`] reports the estimated shard sizes without searching.
//! * **First solution.** With threads, the answer is the solution of the
//!   *leftmost* ticket that has one, which is the solution a one-thread
//!   search finds: the output does not depend on the thread count.

use super::estimate;
use super::memo::{self, Memo, MemoStats};
use super::{Count, MemoChoice, Monitor, Outcome, SearchConfig, Shard, ShardPlan, Stats, StopReason};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The time aimed at between two polls of one worker: the node period
/// halves while polls come further apart than twice this (expensive nodes,
/// a loaded machine) and doubles back up to 4096 nodes while they come
/// closer than half of it, so that a stop is noticed within milliseconds
/// whatever a node costs.
const POLL_INTERVAL: Duration = Duration::from_millis(10);

/// One step of a path from the root: what the backend branched on (an
/// item for most backends; the bitset backend's bit index) and the option
/// taken. The branches before `option` at that node are excluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub item: u32,
    pub option: u32,
}

/// A search backend.
pub(crate) trait Backend: Send {
    fn name(&self) -> &'static str;
    /// Undo everything: back to the root.
    fn reset(&mut self);
    /// Walk down a path from the current node; false if a step is not
    /// available (which never happens for paths the same backend made).
    fn replay(&mut self, path: &[Step]) -> bool;
    /// Depth-first search below the current node, reporting to `ctx`.
    /// Returns `Break` when `ctx` asked to stop.
    fn run(&mut self, ctx: &mut Ctx) -> ControlFlow<()>;
    /// Randomises the branching order of the following runs with `salt`
    /// (0: the backend's own deterministic order), for restarts. Returns
    /// false when the backend has no randomised order.
    fn randomise(&mut self, _salt: u64) -> bool {
        false
    }
    /// The words of this backend's memo key (see [`super::memo`]); 0 when
    /// it cannot memoise.
    fn memo_words(&self) -> usize {
        0
    }
    /// Writes the memo key of the current node; false when the node has
    /// none (a leaf).
    fn memo_key(&self, _key: &mut [u64]) -> bool {
        false
    }
    /// Counts the solutions below the current node with `memo`, adding
    /// them to `ctx.counted` (only called when `memo_words() > 0`).
    fn count_memo(&mut self, ctx: &mut Ctx, _memo: &mut Memo) -> ControlFlow<()> {
        self.run(ctx)
    }
}

/// The visitor a caller hands to [`solve`](super::solve): it sees each
/// solution as the list of chosen options and may stop the search.
pub type Visitor<'a> = dyn Fn(&[usize]) -> ControlFlow<()> + Sync + 'a;

/// A subtree to search.
#[derive(Clone, Debug)]
pub(crate) struct Ticket {
    pub path: Vec<Step>,
    /// Knuth's estimate of the fraction of the tree below this node.
    pub weight: f64,
}

/// State shared by all workers of one search.
pub(super) struct Shared<'a> {
    config: &'a SearchConfig,
    visitor: Option<&'a Visitor<'a>>,
    start: Instant,
    /// Set when any worker decides the whole search must end.
    stop: AtomicBool,
    reason: Mutex<Option<StopReason>>,
    /// Solutions reported to the visitor or counted towards the limit.
    solutions: AtomicU64,
    /// First-solution mode: the leftmost ticket known to hold a solution.
    best_ticket: AtomicUsize,
    /// Portfolio mode: the first solution found by any worker ends the
    /// search (workers search the same tree in different orders).
    pub(super) portfolio: bool,
    /// Portfolio mode: worker 0 has spent `portfolio::WARM` nodes, and the
    /// restarting members may start.
    pub(super) warm: AtomicBool,
    first: Mutex<Option<(usize, Vec<usize>)>>,
    progress: Mutex<ProgressBoard>,
}

struct ProgressBoard {
    done: f64,
    total: f64,
    running: Vec<f64>,
}

impl<'a> Shared<'a> {
    pub(super) fn new(config: &'a SearchConfig, visitor: Option<&'a Visitor<'a>>, threads: usize) -> Self {
        Shared {
            config,
            visitor,
            start: Instant::now(),
            stop: AtomicBool::new(false),
            reason: Mutex::new(None),
            solutions: AtomicU64::new(0),
            best_ticket: AtomicUsize::new(usize::MAX),
            portfolio: false,
            warm: AtomicBool::new(false),
            first: Mutex::new(None),
            progress: Mutex::new(ProgressBoard { done: 0.0, total: 1.0, running: vec![0.0; threads.max(1)] }),
        }
    }

    pub(super) fn halt(&self, reason: StopReason) {
        let mut r = self.reason.lock().unwrap();
        if r.is_none() {
            *r = Some(reason);
        }
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Ends every worker's search without a stop reason (the search is
    /// decided: a portfolio member proved there is no solution).
    pub(super) fn settle(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub(super) fn monitor(&self) -> Option<&Monitor> {
        self.config.monitor.as_deref()
    }
}

/// What a backend reports to, and asks of, the driver.
pub(crate) struct Ctx<'a> {
    /// When set, the backend records a ticket at this depth instead of
    /// descending (ticket enumeration).
    pub cut: Option<usize>,
    /// The backend calls [`Ctx::poll`] every this many nodes.
    pub poll_every: u32,
    pub nodes: u64,
    pub updates: u64,
    pub solutions: u64,
    /// Solutions counted without being met one by one (memoised counts),
    /// on top of `solutions`.
    pub counted: Count,
    tickets: Vec<Ticket>,
    shared: &'a Shared<'a>,
    ticket: usize,
    weight: f64,
    worker: usize,
    nodes_reported: u64,
    /// Nodes already spent by this worker before the current run (budgets).
    pub(super) nodes_before: u64,
    /// This run's own node budget (a restart's): when `nodes` reaches it,
    /// the run ends with `budget_hit` set and the search goes on.
    run_budget: u64,
    pub(super) budget_hit: bool,
    /// The node period that [`POLL_INTERVAL`] asks for, and the last poll.
    period: u32,
    last_poll: Instant,
    /// Whether `--max-nodes` applies (not while cutting tickets, which
    /// would make the budget depend on the thread count).
    budget: bool,
}

impl<'a> Ctx<'a> {
    pub(super) fn new(shared: &'a Shared<'a>, worker: usize) -> Self {
        Ctx {
            cut: None,
            poll_every: Self::period(shared.config.max_nodes, 0),
            nodes: 0,
            updates: 0,
            solutions: 0,
            counted: Count::ZERO,
            tickets: Vec::new(),
            shared,
            ticket: 0,
            weight: 1.0,
            worker,
            nodes_reported: 0,
            nodes_before: 0,
            run_budget: u64::MAX,
            budget_hit: false,
            period: 4096,
            last_poll: Instant::now(),
            budget: true,
        }
    }

    /// The poll period: 4096 nodes, or less so that a budget ends exactly.
    fn period(max_nodes: Option<u64>, spent: u64) -> u32 {
        let left = max_nodes.map_or(u64::MAX, |m| m.saturating_sub(spent)).max(1);
        left.min(4096) as u32
    }

    /// Adds solutions counted without meeting them (a memoised subtree),
    /// and shows them on the monitor (saturating at `u64::MAX`).
    pub(crate) fn add_counted(&mut self, c: &Count) {
        self.counted += c;
        if let Some(m) = self.shared.monitor() {
            let _ = m
                .solutions
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| Some(s.saturating_add(c.saturating_u64())));
        }
    }

    /// Every solution this worker has counted.
    pub(super) fn total(&self) -> Count {
        self.counted.clone() + &Count::from(self.solutions)
    }

    /// Records the node at `path` as a ticket. `levels` are the (branch,
    /// degree) pairs from the root down to it: the ticket's weight, Knuth's
    /// estimate of its share of the tree, is the product of `1 / degree`.
    pub(crate) fn ticket(&mut self, path: Vec<Step>, levels: impl Iterator<Item = (u32, u32)>) {
        let weight = levels.fold(1.0, |w, (_, d)| w / f64::from(d.max(1)));
        self.tickets.push(Ticket { path, weight });
    }

    /// Starts a run with its own node budget (`u64::MAX`: none), polled
    /// exactly when it runs out.
    pub(super) fn start_run(&mut self, budget: u64) {
        self.nodes_before += self.nodes;
        self.nodes = 0;
        self.nodes_reported = 0;
        self.run_budget = budget;
        self.budget_hit = false;
        let spent = self.nodes_before;
        self.poll_every =
            Self::period(self.shared.config.max_nodes, spent).min(Self::period(Some(budget), 0)).min(self.period);
    }

    /// The tickets recorded so far (a run with a cut).
    pub(super) fn take_tickets(&mut self) -> Vec<Ticket> {
        std::mem::take(&mut self.tickets)
    }

    /// A solution was found. `Break` ends the search.
    pub(crate) fn solution(&mut self, options: impl Iterator<Item = usize>) -> ControlFlow<()> {
        let sh = self.shared;
        if sh.config.first_only() {
            self.solutions += 1;
            let mut first = sh.first.lock().unwrap();
            if first.as_ref().is_none_or(|(t, _)| self.ticket < *t) {
                *first = Some((self.ticket, options.collect()));
                sh.best_ticket.fetch_min(self.ticket, Ordering::Relaxed);
            }
            if sh.portfolio {
                sh.settle();
            }
            return ControlFlow::Break(());
        }
        // Take a place under the limit before visiting, so that several
        // workers never report more than the limit between them.
        let total = sh.solutions.fetch_add(1, Ordering::Relaxed) + 1;
        if sh.config.limit.is_some_and(|l| total > l) {
            sh.halt(StopReason::Limit);
            return ControlFlow::Break(());
        }
        self.solutions += 1;
        if let Some(m) = sh.monitor() {
            m.solutions.fetch_add(1, Ordering::Relaxed);
        }
        if let Some(visit) = sh.visitor {
            let sol: Vec<usize> = options.collect();
            if visit(&sol).is_break() {
                sh.halt(StopReason::Visitor);
                return ControlFlow::Break(());
            }
        }
        if sh.config.limit.is_some_and(|l| total >= l) {
            sh.halt(StopReason::Limit);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// Counts one node in `since`; every `poll_every` nodes, adds them to
    /// the totals and polls (the backends' one bookkeeping step per node).
    #[inline]
    pub(crate) fn tick<I: Iterator<Item = (u32, u32)>>(
        &mut self,
        since: &mut u32,
        updates: u64,
        levels: impl FnOnce() -> I,
    ) -> ControlFlow<()> {
        *since += 1;
        if *since >= self.poll_every {
            self.nodes += u64::from(*since);
            *since = 0;
            self.updates = updates;
            return self.poll(levels());
        }
        ControlFlow::Continue(())
    }

    /// Called every `poll_every` nodes with the (branch, degree) pairs of
    /// the levels below the run's start, for the progress estimate.
    pub(crate) fn poll(&mut self, levels: impl Iterator<Item = (u32, u32)>) -> ControlFlow<()> {
        let sh = self.shared;
        let delta = self.nodes - self.nodes_reported;
        self.nodes_reported = self.nodes;
        if let Some(m) = sh.monitor() {
            m.nodes.fetch_add(delta, Ordering::Relaxed);
            if m.stop.load(Ordering::Relaxed) {
                sh.halt(StopReason::Interrupted);
            }
            // Knuth's estimate: sum over levels of (k - 1) / (d1 d2 ... dl).
            let mut scale = 1.0;
            let mut f = 0.0;
            for (k, d) in levels {
                let d = f64::from(d.max(1));
                scale /= d;
                f += f64::from(k.saturating_sub(1)) * scale;
            }
            let mut board = sh.progress.lock().unwrap();
            board.running[self.worker] = self.weight * f.min(1.0);
            let frac = (board.done + board.running.iter().sum::<f64>()) / board.total.max(1e-300);
            m.set_fraction(frac.min(1.0));
        }
        if sh.stop.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        if sh.config.first_only() && sh.best_ticket.load(Ordering::Relaxed) < self.ticket {
            return ControlFlow::Break(());
        }
        if sh.portfolio && self.worker == 0 && self.nodes >= super::portfolio::WARM {
            sh.warm.store(true, Ordering::Relaxed);
        }
        if self.nodes >= self.run_budget {
            self.budget_hit = true;
            return ControlFlow::Break(());
        }
        let now = Instant::now();
        let gap = now.duration_since(self.last_poll);
        self.last_poll = now;
        if gap > 2 * POLL_INTERVAL {
            self.period = (self.period / 2).max(1);
        } else if gap < POLL_INTERVAL / 2 {
            self.period = (self.period * 2).min(4096);
        }
        let spent = self.nodes_before + self.nodes;
        let max_nodes = sh.config.max_nodes.filter(|_| self.budget);
        if max_nodes.is_some_and(|max| spent >= max) {
            sh.halt(StopReason::Nodes);
            return ControlFlow::Break(());
        }
        self.poll_every =
            Self::period(max_nodes, spent).min(self.period).min(Self::period(Some(self.run_budget), self.nodes));
        if let Some(deadline) = sh.config.deadline {
            if now >= deadline {
                sh.halt(StopReason::Timeout);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
}

impl SearchConfig {
    pub(crate) fn first_only(&self) -> bool {
        self.limit == Some(1)
    }
}

/// Enumerates tickets: the smallest cut depth that gives at least `target`
/// subtrees (or the whole tree, if it is shallower). It polls like a
/// search (a shallow tree of dead ends can take long to cut); when asked to
/// stop, the tickets are incomplete and `shared.stop` is set.
fn enumerate<B: Backend>(backend: &mut B, shared: &Shared, target: usize) -> (Vec<Ticket>, u64) {
    let mut nodes = 0;
    let mut depth = 1;
    loop {
        backend.reset();
        let mut ctx = Ctx::new(shared, 0);
        ctx.cut = Some(depth);
        ctx.budget = false;
        ctx.poll_every = 4096;
        let stopped = backend.run(&mut ctx).is_break();
        nodes += ctx.nodes;
        let deepest = ctx.tickets.iter().map(|t| t.path.len()).max().unwrap_or(0);
        if stopped || ctx.tickets.len() >= target || deepest < depth || depth >= 64 {
            backend.reset();
            return (ctx.tickets, nodes);
        }
        depth += 1;
    }
}

/// How many tickets a shard count asks for: enough that round-robin
/// dealing evens out, independent of the thread count.
pub(crate) fn shard_target(n: u32) -> usize {
    (n as usize).saturating_mul(32).max(64)
}

/// The estimated sizes of the `count` shards of a search, without
/// searching: the same tickets and the same deal as a sharded search.
pub(crate) fn plan<B: Backend, F: Fn() -> B + Sync>(make: F, config: &SearchConfig, count: u32) -> ShardPlan {
    let threads = config.effective_threads();
    let shared = Shared::new(config, None, threads);
    let mut first = make();
    let (tickets, enum_nodes) = enumerate(&mut first, &shared, shard_target(count));
    let mut dealt = estimate::deal_tickets(&make, &mut first, &shared, &tickets, count, threads);
    // The report may walk more than the deal did: it is asked for once.
    estimate::refine(&make, &mut first, &shared, &tickets, threads, &mut dealt);
    // Every shard repeats the cut (the levels above the subtrees) before
    // it searches its own subtrees: that is part of each shard's nodes, and
    // all of them when the whole tree lies above the cut.
    let mut plan = ShardPlan {
        sizes: vec![enum_nodes as f64; count as usize],
        tickets: vec![0; count as usize],
        balanced: dealt.balanced,
        probes: dealt.probes,
        nodes: enum_nodes + dealt.cost,
        backend: first.name(),
        elapsed: Default::default(),
    };
    for (e, o) in dealt.estimates.iter().zip(dealt.owner) {
        plan.sizes[o as usize] += e;
        plan.tickets[o as usize] += 1;
    }
    plan.elapsed = shared.start.elapsed();
    plan
}

/// Knuth's estimate of the size of `backend`'s whole search tree: the mean
/// of `probes` random walks from the root, with fixed seeds.
pub(crate) fn estimate_tree<B: Backend>(backend: &mut B, probes: u32) -> f64 {
    let config = SearchConfig { threads: 1, ..SearchConfig::default() };
    let shared = Shared::new(&config, None, 1);
    let (sum, _) = estimate::walk(backend, &shared, &[], estimate::SEED, 0..probes);
    sum / f64::from(probes.max(1))
}

/// Runs a search with the backend that `make` builds (once per worker).
pub(crate) fn drive<B: Backend, F: Fn() -> B + Sync>(
    make: F,
    config: &SearchConfig,
    visitor: Option<&Visitor>,
) -> Outcome {
    let threads = config.effective_threads();
    let shared = Shared::new(config, visitor, threads);
    let mut stats = Stats { threads, ..Stats::default() };
    let mut first_backend = make();
    stats.backend = first_backend.name();
    if config.first_only()
        && config.shard.is_none()
        && config.restarts == super::Restarts::Auto
        && first_backend.randomise(0)
    {
        return super::portfolio::drive(make, first_backend, config, visitor, threads);
    }
    // A count (no visitor, no limit) may memoise subtree counts, each
    // worker in its own table under an equal share of the cap.
    let words = first_backend.memo_words();
    let memoise = visitor.is_none()
        && config.limit.is_none()
        && words > 0
        && match config.memo {
            MemoChoice::Off => false,
            MemoChoice::On => true,
            MemoChoice::Auto => memo::pays(&mut first_backend, &shared),
        };
    let memo_cap = config.memo_mb.unwrap_or(memo::DEFAULT_MB).saturating_mul(1 << 20) / threads.max(1);
    let new_memo = || memoise.then(|| Memo::new(words, memo_cap));
    let run = |backend: &mut B, ctx: &mut Ctx, memo: &mut Option<Memo>| match memo {
        Some(m) => backend.count_memo(ctx, m),
        None => backend.run(ctx),
    };

    // One thread, whole tree: no tickets needed.
    if config.shard.is_none() && threads <= 1 {
        let mut ctx = Ctx::new(&shared, 0);
        let mut memo = new_memo();
        let _ = run(&mut first_backend, &mut ctx, &mut memo);
        stats.nodes = ctx.nodes;
        stats.updates = ctx.updates;
        stats.memo = memo.map(|m| m.stats);
        return finish(&shared, stats, ctx.total(), true);
    }

    // Threads share tickets dynamically; a count (which cannot stop early)
    // cuts finer, so that the last subtrees taken are small and both
    // threads finish together.
    let target = match config.shard {
        Some(Shard { count, .. }) => shard_target(count),
        None if config.first_only() => 32 * threads,
        None => 256 * threads,
    };
    let (mut tickets, enum_nodes) = enumerate(&mut first_backend, &shared, target);
    stats.nodes += enum_nodes;
    if shared.stop.load(Ordering::Relaxed) {
        return finish(&shared, stats, Count::ZERO, false);
    }
    if let Some(Shard { index, count }) = config.shard {
        // The owned tickets stay in tree order, so that the first solution
        // is still the leftmost one of the shard.
        let dealt = estimate::deal_tickets(&make, &mut first_backend, &shared, &tickets, count, threads);
        tickets = tickets.into_iter().zip(dealt.owner).filter(|&(_, o)| o == index).map(|(t, _)| t).collect();
    }
    stats.tickets = tickets.len() as u64;
    {
        let mut board = shared.progress.lock().unwrap();
        board.total = tickets.iter().map(|t| t.weight).sum();
        board.running.iter_mut().for_each(|r| *r = 0.0);
    }
    // The order the workers take tickets in: tree order when the first
    // solution is wanted (the leftmost one wins); otherwise the largest
    // estimated subtrees first (longest processing time first), so that
    // no big subtree is left to one thread at the end.
    let mut order: Vec<usize> = (0..tickets.len()).collect();
    if !config.first_only() {
        order.sort_by(|&a, &b| tickets[b].weight.total_cmp(&tickets[a].weight).then(a.cmp(&b)));
    }
    let next = AtomicUsize::new(0);
    let totals = Mutex::new((0u64, 0u64, Count::ZERO, None::<MemoStats>)); // nodes, updates, solutions, memo
    let work = |worker: usize, backend: &mut B| {
        let mut ctx = Ctx::new(&shared, worker);
        let mut memo = new_memo();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= tickets.len() || shared.stop.load(Ordering::Relaxed) {
                break;
            }
            let t = order[k];
            if config.first_only() && shared.best_ticket.load(Ordering::Relaxed) < t {
                break;
            }
            backend.reset();
            ctx.ticket = t;
            ctx.weight = tickets[t].weight;
            let replayed = backend.replay(&tickets[t].path);
            debug_assert!(replayed, "a ticket's path could not be replayed");
            ctx.nodes_before += ctx.nodes;
            ctx.nodes = 0;
            ctx.nodes_reported = 0;
            let flow = if replayed { run(backend, &mut ctx, &mut memo) } else { ControlFlow::Continue(()) };
            if let Some(m) = shared.monitor() {
                m.nodes.fetch_add(ctx.nodes - ctx.nodes_reported, Ordering::Relaxed);
                ctx.nodes_reported = ctx.nodes;
            }
            if flow.is_continue() {
                {
                    let mut board = shared.progress.lock().unwrap();
                    board.done += tickets[t].weight;
                    board.running[worker] = 0.0;
                }
                // Tickets are often smaller than a poll period: the run's
                // node counter starts afresh with each, so poll here too.
                if ctx.poll(std::iter::empty()).is_break() {
                    break;
                }
            } else if !config.first_only() || shared.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        backend.reset();
        let mut tot = totals.lock().unwrap();
        tot.0 += ctx.nodes_before + ctx.nodes;
        tot.1 += ctx.updates;
        tot.2 += &ctx.total();
        if let Some(m) = memo {
            tot.3.get_or_insert_with(MemoStats::default).add(&m.stats);
        }
    };
    if threads <= 1 {
        work(0, &mut first_backend);
    } else {
        std::thread::scope(|s| {
            let work = &work;
            let make = &make;
            for w in 1..threads {
                s.spawn(move || work(w, &mut make()));
            }
            work(0, &mut first_backend);
        });
    }
    let (nodes, updates, solutions, memo_stats) = totals.into_inner().unwrap();
    stats.memo = memo_stats;
    stats.nodes += nodes;
    stats.updates += updates;
    let all_done = next.load(Ordering::Relaxed) >= tickets.len();
    finish(&shared, stats, solutions, all_done)
}

pub(super) fn finish(shared: &Shared, mut stats: Stats, solutions: Count, ran_out: bool) -> Outcome {
    let reason = *shared.reason.lock().unwrap();
    stats.elapsed = shared.start.elapsed();
    let first = shared.first.lock().unwrap().take();
    let config = shared.config;
    if config.first_only() {
        if let (Some((_, sol)), Some(visit)) = (&first, shared.visitor) {
            let _ = visit(sol);
        }
        let found = u64::from(first.is_some());
        stats.solutions = found;
        return Outcome {
            solutions: Count::from(found),
            complete: reason.is_none() && found == 0 && ran_out,
            stopped: if found > 0 { Some(StopReason::Limit) } else { reason },
            stats,
        };
    }
    stats.solutions = solutions.saturating_u64();
    Outcome { solutions, complete: reason.is_none() && ran_out, stopped: reason, stats }
}
