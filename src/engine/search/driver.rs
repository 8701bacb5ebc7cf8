//! Running a backend: limits, visitors, tickets, threads and shards.
//!
//! Every backend offers the moves of the engine contract ([`Backend`]):
//! reset to the root, *replay* a path of (item, option) steps, and the
//! moves of the one search loop ([`search`]), which runs a depth-first
//! search below the current node. The driver builds everything else from
//! them:
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
//!   (largest first onto the least-loaded shard; see [`crate::engine::choice::estimate`]).
//!   The estimates use a fixed-seed random source per ticket, so the same
//!   shard is the same subtree set on every machine and for every thread
//!   count. [`plan`] reports the estimated shard sizes without searching.
//! * **First solution.** With threads, the answer is the solution of the
//!   *leftmost* ticket that has one, which is the solution a one-thread
//!   search finds: the output does not depend on the thread count.
//! * **After a trial.** A search that ran alone first and stopped at a
//!   node without a solution leaves out the tickets left of that node;
//!   the ticket it stopped in is searched on from that node
//!   ([`resume_at`]), the others whole.
//!
//! [`drive`] runs a search in named steps: a small tree is searched whole
//! by one thread first ([`solo_trial`]); a first-solution search that the
//! backend can restart goes to the portfolio
//! ([`super::portfolio`]); otherwise the memo decision ([`MemoPlan::decide`]),
//! then the run, over the whole tree on one thread ([`run_whole`]) or over
//! tickets on every thread ([`run_tickets`]), whose workers' totals
//! ([`WorkerTotals`]) make the outcome.

use super::ctx::{finish, Ctx, Shared, Ticket, Visitor};
use super::halt::{Halt, Stopped};
use super::workers::{run_workers, WorkerTotals};
use super::{search, Cut, Enumerate, Memoised};
use crate::engine::backends::{Backend, Node, Step};
use crate::engine::choice::estimate;
use crate::engine::choice::pilot::{memo_verdict, pilot, MemoHint};
use crate::engine::choice::split::{self, DEEP_CUT_PER_SHARD};
use crate::engine::config::{MemoChoice, Restarts, SearchConfig, SearchMode, Shard};
use crate::engine::count::Count;
use crate::engine::memo::shared::{SharedMemo, SharedTable};
use crate::engine::memo::{Memo, MemoStats};
use crate::engine::outcome::{Outcome, ShardPlan, Split, SplitTicket, Stats};
use crate::engine::tuning::{COUNT_TICKETS_PER_THREAD, FIRST_TICKETS_PER_THREAD, MIN_SHARD_TICKETS, TICKETS_PER_SHARD};
use crate::engine::tuning::{DEFAULT_MEMO_MB, PILOT_BUDGET, PILOT_PAYS, SECOND_LOOK};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

/// Enumerates tickets: the smallest cut depth that gives at least `target`
/// subtrees (or the whole tree, if it is shallower). It polls like a
/// search (a shallow tree of dead ends can take long to cut); when asked to
/// stop, the tickets are incomplete and `shared.stop` is set.
fn enumerate<B: Backend>(backend: &mut B, shared: &Shared, target: usize) -> (Vec<Ticket>, u64) {
    let mut nodes = 0;
    let mut depth = 1;
    loop {
        backend.reset();
        let mut ctx = Ctx::cutting(shared);
        let stopped = search(backend, &mut ctx, &mut Cut(depth)).is_break();
        nodes += ctx.run_nodes();
        let tickets = ctx.take_tickets();
        let deepest = tickets.iter().map(|t| t.path.len()).max().unwrap_or(0);
        if stopped || tickets.len() >= target || deepest < depth || depth >= 64 {
            backend.reset();
            return (tickets, nodes);
        }
        depth += 1;
    }
}

/// How many tickets a shard count asks for: enough that round-robin
/// dealing evens out, independent of the thread count.
pub(crate) fn shard_target(n: u32) -> usize {
    (n as usize).saturating_mul(TICKETS_PER_SHARD).max(MIN_SHARD_TICKETS)
}

/// The estimated sizes of the `count` shards of a search, without
/// searching: the same tickets and the same deal as a sharded search; or,
/// `deep`, the deep plan of a plan file ([`split::deep`]), whose
/// [`Split`] the plan holds.
pub(crate) fn plan<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    first: &mut B,
    make: F,
    config: &SearchConfig,
    count: u32,
    deep: bool,
) -> ShardPlan {
    let threads = config.effective_threads();
    let shared = Shared::new(config, None, threads);
    let target = if deep { (count as usize * DEEP_CUT_PER_SHARD).max(MIN_SHARD_TICKETS) } else { shard_target(count) };
    let (mut tickets, enum_nodes) = enumerate(first, &shared, target);
    // A stop while the subtrees are listed or walked: no plan, only why.
    let stopped = |reason| ShardPlan { stopped: Some(reason), ..ShardPlan::empty(count, shared.elapsed()) };
    if let Some(reason) = shared.reason() {
        return stopped(reason);
    }
    let made = if deep {
        deep_plan(&make, first, &mut tickets, count, threads, config)
    } else {
        shard_plan(&make, first, &mut tickets, count, threads, config, enum_nodes)
    };
    let mut plan = match made {
        Ok(plan) => plan,
        Err(Stopped(reason)) => return stopped(reason),
    };
    plan.nodes += enum_nodes;
    plan.elapsed = shared.elapsed();
    plan
}

/// The plan every shard repeats (its cut, its walks and its deal).
fn shard_plan<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    make: &F,
    first: &mut B,
    tickets: &mut Vec<Ticket>,
    count: u32,
    threads: usize,
    config: &SearchConfig,
    enum_nodes: u64,
) -> Result<ShardPlan, Stopped> {
    let halt = Halt::of(config);
    let mut dealt = estimate::deal_tickets(make, first, tickets, count, threads, &halt)?;
    // The report may walk more than the deal did: it is asked for once.
    estimate::refine(make, first, tickets, threads, &mut dealt, &halt)?;
    // Every shard repeats the cut (the levels above the subtrees) before
    // it searches its own subtrees: that is part of each shard's nodes, and
    // all of them when the whole tree lies above the cut.
    let mut plan = ShardPlan {
        sizes: vec![enum_nodes as f64; count as usize],
        balanced: dealt.balanced,
        probes: dealt.probes,
        nodes: dealt.cost,
        backend: Some(first.kind()),
        ..ShardPlan::empty(count, Default::default())
    };
    for (e, o) in dealt.estimates.iter().zip(dealt.owner) {
        plan.sizes[o as usize] += e;
        plan.tickets[o as usize] += 1;
    }
    Ok(plan)
}

/// The deep plan of a plan file: its shards search their subtrees only
/// (the cut is not repeated), so a shard's size is its subtrees'.
fn deep_plan<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    make: &F,
    first: &mut B,
    tickets: &mut Vec<Ticket>,
    count: u32,
    threads: usize,
    config: &SearchConfig,
) -> Result<ShardPlan, Stopped> {
    let measured = split::deep(make, first, tickets, count, threads, config)?;
    let owner = estimate::deal(&measured.sizes, count as usize);
    let mut plan = ShardPlan {
        balanced: true,
        probes: measured.probes,
        nodes: measured.cost,
        backend: Some(first.kind()),
        ..ShardPlan::empty(count, Default::default())
    };
    let mut split = Split { count, backend: first.kind(), tickets: Vec::with_capacity(tickets.len()) };
    for ((t, &size), &o) in tickets.iter().zip(&measured.sizes).zip(&owner) {
        plan.sizes[o as usize] += size;
        plan.tickets[o as usize] += 1;
        let path = t.path.iter().map(|s| (s.item, s.option)).collect();
        split.tickets.push(SplitTicket { shard: o, path, weight: t.weight, nodes: size });
    }
    plan.split = Some(split);
    Ok(plan)
}

/// Runs a search: worker 0 with `first_backend` (already built, as the
/// backend choice built it), the other workers with a backend that `make`
/// builds in their own thread. `memo_hint`: what the backend's choice
/// found out about memoising a count; `start`: when the caller began (the
/// outcome's wall time counts from it; `None`: untimed).
pub(crate) fn drive<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    first_backend: &mut B,
    make: F,
    config: &SearchConfig,
    visitor: Option<&Visitor>,
    memo_hint: MemoHint,
    start: Option<Instant>,
) -> Outcome {
    let Trial { nodes: trial_nodes, stopped_at } = match solo_trial(first_backend, config, visitor, start) {
        Ok(outcome) => return outcome,
        Err(trial) => trial,
    };
    // The cores are counted only now: with `--threads` left automatic,
    // asking the system reads the cgroup files (about twenty system calls,
    // tens of microseconds), which a small tree's whole run never needs.
    let threads = config.effective_threads();
    if takes_portfolio(config, first_backend) {
        // The portfolio's first member starts from the backend's own order.
        first_backend.randomise(0);
        let mut outcome = super::portfolio::drive(first_backend, make, config, visitor, threads, start);
        outcome.stats.nodes += trial_nodes;
        return outcome;
    }
    let plan = MemoPlan::decide(first_backend, config, memo_hint, threads);
    let shared = Shared::since(config, visitor, threads, start);
    let stats = Stats { threads, nodes: trial_nodes, backend: Some(first_backend.kind()), ..Stats::default() };
    if config.shard.is_none() && threads <= 1 {
        run_whole(first_backend, &make, shared, &plan, stats)
    } else {
        run_tickets(first_backend, &make, shared, &plan, stats, stopped_at.as_deref())
    }
}

/// A solo trial that ran out of nodes: its nodes, and where it stopped
/// when it had found no solution by then (see [`solo_trial`]).
struct Trial {
    nodes: u64,
    /// The path to the node the trial stopped at: every subtree left of
    /// it was searched and holds no solution, so the tickets left of it
    /// need no second search ([`skip_searched`]).
    stopped_at: Option<Vec<Step>>,
}

/// A small tree is searched whole by one thread before any other starts:
/// starting a thread costs tens of microseconds, more than a whole small
/// search (a stream of a million one-tile cases paid it per case). A trial
/// that runs out of its nodes ([`Backend::solo_trial_nodes`]) gives way
/// to every thread; `Err` gives its nodes (0 when there was no trial),
/// which are counted, and the node it stopped at, left of which the
/// tickets need no second search when it had found no solution. Not for
/// `--all` (its solutions are already out), a shard, `--max-nodes` (the
/// budget stays exact), `--memo on` or one thread asked for. With the
/// threads left automatic (`config.threads` 0) the trial runs before the
/// cores are counted, so a small tree never counts them; on a machine of
/// one core a larger tree then searches the trial's nodes twice (a few
/// thousand).
fn solo_trial<B: Backend>(
    backend: &mut B,
    config: &SearchConfig,
    visitor: Option<&Visitor>,
    start: Option<Instant>,
) -> Result<Outcome, Trial> {
    let solo = config.threads != 1
        && config.shard.is_none()
        && config.max_nodes.is_none()
        && config.memo != MemoChoice::On
        && (visitor.is_none() || config.first_only());
    if !solo {
        return Err(Trial { nodes: 0, stopped_at: None });
    }
    alone(backend, config, visitor, start, backend.solo_trial_nodes())
}

/// A search on one thread for at most `budget` nodes: its outcome when it
/// ends within them (a first solution found, or the whole tree searched);
/// else its nodes and where it stopped, and the backend is at its root.
fn alone<B: Backend>(
    backend: &mut B,
    config: &SearchConfig,
    visitor: Option<&Visitor>,
    start: Option<Instant>,
    budget: u64,
) -> Result<Outcome, Trial> {
    let shared = Shared::since(config, visitor, 1, start);
    let mut ctx = Ctx::new(&shared, 0);
    ctx.start_run(budget);
    let _ = search(backend, &mut ctx, &mut Enumerate::of(config.mode));
    if !ctx.budget_hit() {
        let stats = Stats {
            threads: 1,
            backend: Some(backend.kind()),
            nodes: ctx.spent(),
            updates: ctx.updates(),
            ..Stats::default()
        };
        let (total, kept) = (ctx.total(), ctx.take_kept());
        drop(ctx);
        return Ok(finish(shared, stats, total, kept, true));
    }
    let stopped_at = (ctx.total() == Count::ZERO).then(|| (0..backend.depth()).map(|l| backend.step(l)).collect());
    backend.reset();
    Err(Trial { nodes: ctx.spent(), stopped_at })
}

/// A first solution or a count looked for on `backend` alone for at most
/// `budget` nodes, before the backend is chosen by estimates (see
/// `engine::slot_backend`; which searches make one, `choose::trial_rows`
/// decides: not a listing, whose solutions would be out before the trial
/// could give way, a shard or a node budget): the outcome when the search
/// ends within them, else the nodes it spent (the backend back at its
/// root).
pub(crate) fn trial<B: Backend>(
    backend: &mut B,
    config: &SearchConfig,
    visitor: Option<&Visitor>,
    start: Option<Instant>,
    budget: u64,
) -> Result<Outcome, u64> {
    debug_assert!(config.first_only() || config.mode == SearchMode::Count, "a listing makes no trial");
    debug_assert!(config.shard.is_none() && config.max_nodes.is_none(), "a shard or a node budget makes no trial");
    alone(backend, config, visitor, start, budget).map_err(|trial| trial.nodes)
}

/// The tickets from the first one that holds the node `at` (a prefix of
/// its path) or lies below it (`at` a prefix of its path) on: in tree
/// order, the tickets before it are left of `at`, searched whole by the
/// solo trial that stopped there, without a solution. When no ticket is
/// on `at`'s path (the trial stopped at a dead end above the cut), none
/// is skipped.
fn skip_searched(tickets: &mut Vec<Ticket>, at: &[Step]) {
    let on_path = |t: &Ticket| {
        let n = t.path.len().min(at.len());
        t.path[..n] == at[..n]
    };
    let searched = tickets.iter().position(on_path).unwrap_or(0);
    tickets.drain(..searched);
}

/// After [`skip_searched`]: whether the trial stopped below the first
/// ticket's root, having searched that ticket in part. The worker that
/// takes it then goes down to where the trial stopped ([`resume_at`]) and
/// searches on from there to the ticket's end, while the others take the
/// next tickets: nothing the trial searched is searched again. (Searched
/// again from the ticket's root, it was: a first solution in the leftmost
/// ticket of an Eternity II-style 16x16 board, 41,655 nodes on one
/// thread, took 50,000 to 100,000 on two.)
fn stopped_within(tickets: &[Ticket], at: &[Step]) -> bool {
    tickets.first().is_some_and(|t| at.len() > t.path.len() && t.path[..] == at[..t.path.len()])
}

/// Puts the backend at node `at`, below the root of the ticket at depth
/// `root`, as a search of that ticket would have reached it: the ticket
/// replayed, then down the rest of the path with the search's own moves
/// (at each node its children stepped through, each looked at as the
/// search loop looks at it, up to the one on the path), so that a search
/// from there goes on as the trial's would have, to the ticket's end
/// (the run's base is the ticket's root). A walk, not one replay per
/// level, nor a ticket per sibling: a trial 700 levels down a 28x28 board
/// made those cost the square of the depth. False, the backend back at
/// its root, when a step is not found again.
fn resume_at<B: Backend>(backend: &mut B, root: usize, at: &[Step]) -> bool {
    let found = backend.replay(&at[..root]) && walk_down(backend, root, at);
    if !found {
        backend.reset();
    }
    found
}

/// [`resume_at`]'s walk from the ticket's root (at depth `root`) down to
/// `at`; false when a step is not found (the backend is then anywhere).
fn walk_down<B: Backend>(backend: &mut B, root: usize, at: &[Step]) -> bool {
    for (level, step) in at.iter().enumerate().skip(root) {
        if backend.node() != Node::Inner {
            return false;
        }
        let mut entered = backend.first_child();
        loop {
            if !entered {
                return false;
            }
            backend.node();
            if backend.step(level) == *step {
                break;
            }
            entered = backend.next_sibling();
        }
    }
    true
}

/// Portfolio or tickets: a first-solution search of the whole tree, with
/// restarts allowed, runs as a portfolio when the backend can randomise its
/// order (the assignment backend), unless the backend asks for its tree to
/// be split between the threads (a small problem:
/// [`Backend::splits_first_solution`]).
fn takes_portfolio<B: Backend>(config: &SearchConfig, backend: &B) -> bool {
    config.first_only()
        && config.shard.is_none()
        && config.restarts == Restarts::Auto
        && backend.can_randomise()
        && !backend.splits_first_solution()
}

/// A worker's memo table: its own, or its handle on the shared one.
enum WorkerMemo<'s> {
    Own(Memo),
    Shared(SharedTable<'s>),
}

impl WorkerMemo<'_> {
    /// The figures of the table (all of it, when shared).
    fn stats(&self) -> MemoStats {
        match self {
            WorkerMemo::Own(m) => m.stats,
            WorkerMemo::Shared(t) => t.0.stats(),
        }
    }
}

/// The memo decision of a search, and the tables it leads to.
struct MemoPlan {
    /// Memoise from the start.
    memoise: bool,
    /// The second look: a count left without the memo because the walks
    /// saw a small tree or few repeats, and no pilot ran, runs the pilot
    /// once a worker has spent its share of [`SECOND_LOOK`] nodes (the
    /// walks were wrong about the tree's size), and memoises the rest when
    /// it pays. The pilot's verdict depends only on the problem.
    second_look: bool,
    /// The second look's verdict, once taken (for all workers).
    looked: OnceLock<bool>,
    /// Words of a memo key.
    words: usize,
    /// The tables' memory cap in bytes.
    cap: usize,
    threads: usize,
    /// With threads, one table shared by all workers (a state one worker
    /// stored is a hit for the others); alone, a table of its own.
    shared: OnceLock<SharedMemo>,
}

impl MemoPlan {
    /// Whether a count (no visitor, no limit) memoises subtree counts:
    /// by `--memo`, by what the backend's choice found out (`hint`), or
    /// by a pilot run now.
    fn decide<B: Backend>(backend: &mut B, config: &SearchConfig, hint: MemoHint, threads: usize) -> Self {
        let words = backend.memo_words();
        let countable = config.mode == SearchMode::Count && words > 0;
        let mut piloted = hint.piloted;
        let memoise = countable
            && match config.memo {
                MemoChoice::Off => false,
                MemoChoice::On => true,
                MemoChoice::Auto | MemoChoice::Halves => hint.memoise.unwrap_or_else(|| {
                    // Stopped meanwhile: no memo (the search stops at its
                    // first poll, and a memo would only cost its allocation).
                    let mut gain = None;
                    let verdict = memo_verdict(backend, config, 0.0, &mut gain, &Halt::of(config));
                    piloted = gain.is_some();
                    matches!(verdict, Ok(Some(_)))
                }),
            };
        MemoPlan {
            memoise,
            second_look: countable && !memoise && !piloted && config.memo != MemoChoice::Off,
            looked: OnceLock::new(),
            words,
            cap: config.memo_mb.unwrap_or(DEFAULT_MEMO_MB).saturating_mul(1 << 20),
            threads,
            shared: OnceLock::new(),
        }
    }

    /// A worker's table.
    fn table(&self) -> WorkerMemo<'_> {
        match self.threads {
            0 | 1 => WorkerMemo::Own(Memo::new(self.words, self.cap)),
            _ => WorkerMemo::Shared(SharedTable(self.shared.get_or_init(|| SharedMemo::new(self.words, self.cap)))),
        }
    }

    /// A worker's table to start with, when the count memoises from the start.
    fn new_memo(&self) -> Option<WorkerMemo<'_>> {
        self.memoise.then(|| self.table())
    }

    /// The figures of the shared table, if there is one.
    fn shared_stats(&self) -> Option<MemoStats> {
        self.shared.get().map(SharedMemo::stats)
    }

    /// Runs the search below the backend's current node (a ticket's root,
    /// or the root), memoised when `memo` holds a table; a second look due
    /// now may give it one.
    fn run<'s, B: Backend, F: Fn() -> Result<B, Stopped>>(
        &'s self,
        backend: &mut B,
        ctx: &mut Ctx,
        memo: &mut Option<WorkerMemo<'s>>,
        make: &F,
        config: &SearchConfig,
    ) -> ControlFlow<()> {
        if self.second_look && memo.is_none() {
            let pays = match self.looked.get() {
                Some(&pays) => pays,
                None => {
                    ctx.start_run((SECOND_LOOK / self.threads as u64).saturating_sub(ctx.spent()).max(1));
                    let flow = search(backend, ctx, &mut Enumerate::of(config.mode));
                    let due = ctx.budget_hit();
                    ctx.report_nodes();
                    ctx.start_run(u64::MAX);
                    if !due {
                        return flow;
                    }
                    // The pilot runs on a backend of its own from the root
                    // (this one is in the middle of its tree), once for
                    // all workers; this run goes on from where it stopped.
                    // A build stopped by Ctrl-C or the deadline: no memo
                    // (the search stops at its next poll).
                    *self.looked.get_or_init(|| {
                        make().is_ok_and(|mut b| pilot(&mut b, config, PILOT_BUDGET, self.cap).ratio() >= PILOT_PAYS)
                    })
                }
            };
            if pays {
                *memo = Some(self.table());
            }
        }
        // A memoised run resumes where a run without the memo stopped, if
        // it did.
        match memo {
            Some(WorkerMemo::Own(m)) => {
                let mut mode = Memoised::<_, false>::new(m, self.words);
                mode.resume(backend.depth());
                search(backend, ctx, &mut mode)
            }
            Some(WorkerMemo::Shared(t)) => {
                let mut mode = Memoised::<_, false>::new(t, self.words);
                mode.resume(backend.depth());
                search(backend, ctx, &mut mode)
            }
            None => search(backend, ctx, &mut Enumerate::of(config.mode)),
        }
    }
}

/// One thread, whole tree: no tickets needed.
fn run_whole<B: Backend, F: Fn() -> Result<B, Stopped>>(
    backend: &mut B,
    make: &F,
    shared: Shared,
    plan: &MemoPlan,
    mut stats: Stats,
) -> Outcome {
    let mut ctx = Ctx::new(&shared, 0);
    let mut memo = plan.new_memo();
    let _ = plan.run(backend, &mut ctx, &mut memo, make, shared.config());
    stats.nodes = ctx.spent();
    stats.updates = ctx.updates();
    stats.memo = memo.map(|m| m.stats());
    let (total, kept) = (ctx.total(), ctx.take_kept());
    drop(ctx);
    finish(shared, stats, total, kept, true)
}

/// The tickets: the tree cut into subtrees (dealt onto the shards, with a
/// shard), searched by every thread, each taking the next ticket when done.
fn run_tickets<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    first_backend: &mut B,
    make: &F,
    owned: Shared,
    plan: &MemoPlan,
    mut stats: Stats,
    searched: Option<&[Step]>,
) -> Outcome {
    let shared = &owned;
    let config = shared.config();
    let threads = stats.threads;
    let Some((tickets, order)) = tickets_to_search(first_backend, make, shared, &mut stats, searched) else {
        return finish(owned, stats, Count::ZERO, None, false);
    };
    let resume = searched.filter(|at| stopped_within(&tickets, at));
    let next = AtomicUsize::new(0);
    let work = |worker: usize, backend: &mut B| {
        let mut ctx = Ctx::new(shared, worker);
        let mut memo = plan.new_memo();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= tickets.len() || shared.stopped() {
                break;
            }
            let t = order[k];
            if config.first_only() && shared.solved_before(t) {
                break;
            }
            backend.reset();
            ctx.start_ticket(t, tickets[t].weight);
            // The ticket the trial stopped in: on from where it stopped.
            let resumed = t == 0 && resume.is_some_and(|at| resume_at(backend, tickets[0].path.len(), at));
            let replayed = resumed || backend.replay(&tickets[t].path);
            debug_assert!(replayed, "a ticket's path could not be replayed");
            let flow =
                if replayed { plan.run(backend, &mut ctx, &mut memo, make, config) } else { ControlFlow::Continue(()) };
            ctx.report_nodes();
            if flow.is_continue() {
                shared.ticket_done(worker, tickets[t].weight);
                // Tickets are often smaller than a poll period: the run's
                // node counter starts afresh with each, so poll here too.
                if ctx.poll(std::iter::empty()).is_break() {
                    break;
                }
            } else if !config.first_only() || shared.stopped() {
                break;
            }
        }
        backend.reset();
        let own_memo = match memo {
            Some(WorkerMemo::Own(m)) => Some(m.stats),
            _ => None,
        };
        let stats = Stats { nodes: ctx.spent(), updates: ctx.updates(), memo: own_memo, ..Stats::default() };
        WorkerTotals { stats, solutions: ctx.total(), proved: false, kept: ctx.take_kept() }
    };
    // A ticket left to take, and no solution found left of it.
    let wanted = || {
        let k = next.load(Ordering::Relaxed);
        !shared.stopped() && k < tickets.len() && !(config.first_only() && shared.solved_before(order[k]))
    };
    let totals = run_workers(threads, first_backend, make, work, wanted);
    stats += &totals.stats;
    stats.memo = stats.memo.or_else(|| plan.shared_stats());
    let all_done = next.load(Ordering::Relaxed) >= tickets.len();
    finish(owned, stats, totals.solutions, totals.kept, all_done)
}

/// The tickets to search and the order the workers take them in, after
/// the cut (and with a shard, the deal; after a solo trial, without those
/// it `searched`); `None` when a stop came first. Counts the cut's nodes
/// and the tickets in `stats`.
fn tickets_to_search<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    first_backend: &mut B,
    make: &F,
    shared: &Shared,
    stats: &mut Stats,
    searched: Option<&[Step]>,
) -> Option<(Vec<Ticket>, Vec<usize>)> {
    let config = shared.config();
    let threads = stats.threads;
    // Threads share tickets dynamically; a count (which cannot stop early)
    // cuts finer, so that the last subtrees taken are small and both
    // threads finish together.
    let target = match config.shard {
        Some(Shard { count, .. }) => shard_target(count),
        None if config.first_only() => FIRST_TICKETS_PER_THREAD * threads,
        None => COUNT_TICKETS_PER_THREAD * threads,
    };
    let mut tickets = match (config.shard, &config.split) {
        // A plan file: this shard's subtrees, nothing to cut or walk.
        (Some(shard), Some(split)) => {
            stats.split = split.tickets.len() as u64;
            planned_tickets(first_backend, split, shard)?
        }
        _ => cut_tickets(first_backend, make, shared, stats, target)?,
    };
    // (A solo trial never runs with a shard: `searched` is then `None`.)
    if let Some(at) = searched {
        skip_searched(&mut tickets, at);
    }
    stats.tickets = tickets.len() as u64;
    shared.expect_tickets(tickets.iter().map(|t| t.weight).sum());
    // The order the workers take tickets in: tree order when the first
    // solution is wanted (the leftmost one wins); otherwise the largest
    // estimated subtrees first (longest processing time first), so that
    // no big subtree is left to one thread at the end.
    let mut order: Vec<usize> = (0..tickets.len()).collect();
    if !config.first_only() {
        order.sort_by(|&a, &b| tickets[b].weight.total_cmp(&tickets[a].weight).then(a.cmp(&b)));
    }
    Some((tickets, order))
}

/// The tickets of the cut at `target` subtrees, and with a shard the
/// shard's share of them (by its own plan); `None` when a stop came first.
fn cut_tickets<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    first_backend: &mut B,
    make: &F,
    shared: &Shared,
    stats: &mut Stats,
    target: usize,
) -> Option<Vec<Ticket>> {
    let config = shared.config();
    let threads = stats.threads;
    let (mut tickets, enum_nodes) = enumerate(first_backend, shared, target);
    stats.nodes += enum_nodes;
    if shared.stopped() {
        return None;
    }
    if let Some(Shard { index, count }) = config.shard {
        // The owned tickets stay in tree order, so that the first solution
        // is still the leftmost one of the shard.
        let dealt = match estimate::deal_tickets(make, first_backend, &mut tickets, count, threads, &Halt::of(config)) {
            Ok(dealt) => dealt,
            Err(Stopped(reason)) => {
                shared.halt(reason);
                return None;
            }
        };
        stats.split = tickets.len() as u64;
        tickets = tickets.into_iter().zip(dealt.owner).filter(|&(_, o)| o == index).map(|(t, _)| t).collect();
    }
    Some(tickets)
}

/// Shard `shard`'s subtrees of a plan file's split, in tree order.
/// `None` when the split is not of this tree: another shard count,
/// another backend, or a path that does not replay (the shard then does
/// not search, and its outcome is incomplete).
fn planned_tickets<B: Backend>(backend: &mut B, split: &Split, shard: Shard) -> Option<Vec<Ticket>> {
    if split.count != shard.count || split.backend != backend.kind() {
        return None;
    }
    let mut tickets = Vec::new();
    for t in split.tickets.iter().filter(|t| t.shard == shard.index) {
        let path: Vec<Step> = t.path.iter().map(|&(item, option)| Step { item, option }).collect();
        backend.reset();
        let replayed = backend.replay(&path);
        backend.reset();
        if !replayed {
            return None;
        }
        tickets.push(Ticket { path, weight: t.weight });
    }
    Some(tickets)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(options: &[u32]) -> Vec<Step> {
        options.iter().map(|&o| Step { item: 0, option: o }).collect()
    }

    fn tickets(paths: &[&[u32]]) -> Vec<Ticket> {
        paths.iter().map(|p| Ticket { path: path(p), weight: 1.0 }).collect()
    }

    fn left(t: &[Ticket]) -> Vec<Vec<Step>> {
        t.iter().map(|t| t.path.clone()).collect()
    }

    /// The tickets left of the node a trial stopped at go; the one that
    /// holds it (searched in part) and those right of it stay.
    #[test]
    fn a_trial_spares_the_tickets_left_of_where_it_stopped() {
        let cut: &[&[u32]] = &[&[0, 0], &[0, 1], &[1, 0], &[1, 1], &[2, 0]];
        // Stopped below ticket [1, 0]: [0, 0] and [0, 1] were searched.
        let mut t = tickets(cut);
        skip_searched(&mut t, &path(&[1, 0, 3]));
        assert_eq!(left(&t), left(&tickets(&cut[2..])));
        // Stopped above the cut, at [1]: both tickets below it stay.
        let mut t = tickets(cut);
        skip_searched(&mut t, &path(&[1]));
        assert_eq!(left(&t), left(&tickets(&cut[2..])));
        // A ticket above the cut (the node [0], a leaf there).
        let mut t = tickets(&[&[0], &[1, 0], &[1, 1]]);
        skip_searched(&mut t, &path(&[1, 1, 2]));
        assert_eq!(left(&t), left(&tickets(&[&[1, 1]])));
        // Stopped where no ticket lies (a dead end above the cut): none go.
        let mut t = tickets(cut);
        skip_searched(&mut t, &path(&[3]));
        assert_eq!(t.len(), cut.len());
        // Stopped at the root: nothing was searched.
        let mut t = tickets(cut);
        skip_searched(&mut t, &[]);
        assert_eq!(t.len(), cut.len());
    }

    /// The solutions a search of `backend` lists from where it stands, in
    /// order (each as its sorted options), within `budget` nodes; with
    /// the path it stopped at when the budget ran out.
    fn listed<B: Backend>(backend: &mut B, budget: u64) -> (Vec<Vec<usize>>, Option<Vec<Step>>) {
        let found = std::sync::Mutex::new(Vec::new());
        let visit = |s: &[usize]| {
            let mut s = s.to_vec();
            s.sort_unstable();
            found.lock().unwrap().push(s);
            ControlFlow::Continue(())
        };
        let config = SearchConfig::all(None);
        let shared = Shared::new(&config, Some(&visit), 1);
        let mut ctx = Ctx::new(&shared, 0);
        ctx.start_run(budget);
        let _ = search(backend, &mut ctx, &mut Enumerate::of(config.mode));
        let stopped = ctx.budget_hit().then(|| (0..backend.depth()).map(|l| backend.step(l)).collect());
        drop(ctx);
        (found.into_inner().unwrap(), stopped)
    }

    /// A trial broken off anywhere in the tree, then the cut's tickets
    /// left of where it stopped skipped and the ticket it stopped in
    /// resumed: the tickets' solutions, ticket after ticket, are those the
    /// search from the root lists after the trial's, in the same order.
    #[test]
    fn the_tickets_after_a_trial_take_the_search_up_where_it_stopped() {
        use crate::engine::backends::{bitset::Bitset, sparse::Sparse};
        let problem = crate::engine::tests::dominoes(4, 5);
        let never = &Halt::NEVER;
        fn check<B: Backend>(backend: &mut B) -> usize {
            backend.reset();
            let (all, _) = listed(backend, u64::MAX);
            assert!(all.len() > 50, "a tree with many solutions");
            let (config, mut resumed) = (SearchConfig::count(), 0);
            for budget in (1..400).step_by(7) {
                backend.reset();
                let (order, stopped) = listed(backend, budget);
                let Some(at) = stopped else { continue };
                for target in [4, 16, 64] {
                    let shared = Shared::new(&config, None, 1);
                    let (mut tickets, _) = enumerate(backend, &shared, target);
                    skip_searched(&mut tickets, &at);
                    let within = stopped_within(&tickets, &at);
                    resumed += usize::from(within);
                    let mut seen = order.clone();
                    for (k, t) in tickets.iter().enumerate() {
                        backend.reset();
                        if k == 0 && within {
                            assert!(resume_at(backend, t.path.len(), &at), "the trial's node is found again");
                        } else {
                            assert!(backend.replay(&t.path), "a ticket replays");
                        }
                        seen.extend(listed(backend, u64::MAX).0);
                    }
                    assert_eq!(seen, all, "budget {budget}, {target} tickets");
                }
            }
            resumed
        }
        assert!(check(&mut Sparse::new(&problem, never).unwrap()) > 10, "tickets resumed on the general backend");
        assert!(check(&mut Bitset::<1>::new(&problem)) > 10, "tickets resumed on the bitset backend");
        // The tile backends, on a 3x3 Tetravex of 2 labels (many solutions).
        use crate::engine::backends::shape::{SlotPieces, UniformSlots};
        use crate::engine::backends::{assign::Assign, rowscan::RowScan};
        use crate::engine::tests::{tetravex, tetravex_tiles, Rng};
        let tiles = tetravex_tiles(&mut Rng(0x7e5), 3, 3, 2, true);
        let problem = tetravex(3, 3, &tiles).build();
        let shape = SlotPieces::of(&problem, never).unwrap().unwrap();
        let uniform = UniformSlots::of(&problem, &shape, never).unwrap().unwrap();
        let mut rows = RowScan::<false>::build(&problem, &uniform, never).unwrap().unwrap();
        assert!(check(&mut rows) > 10, "tickets resumed on the row scan");
        assert!(check(&mut Assign::new(&problem, &shape, never).unwrap()) > 10, "tickets resumed on assign");
    }
}
