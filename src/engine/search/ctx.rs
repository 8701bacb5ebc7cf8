//! What a running search shares between its workers, and what one worker
//! reports to it: solutions, tickets, node counts, polls and stops.
//!
//! The search loop ([`crate::engine::search`]) reports every event of a run to its
//! worker's [`Ctx`]: a solution to list or count ([`Ctx::solution`]), or,
//! for a first-solution search, one to keep ([`Ctx::keep_first`]); a
//! ticket while cutting the tree ([`Ctx::ticket`]); and one tick per node
//! ([`Ctx::tick`]). Every few thousand nodes (fewer at the start of a
//! worker, [`FIRST_POLL_PERIOD`], and when nodes are slow,
//! [`POLL_INTERVAL`]) the tick *polls* ([`Ctx::poll`]), four jobs in turn:
//! it publishes the counters and the progress estimate on the [`Monitor`];
//! it sees stops decided elsewhere (Ctrl-C, another worker, a solution in a
//! ticket left of this one); it ends a run at its own budget (restarts);
//! and it adapts the poll period to the time nodes take, then checks the
//! search's budgets (`--max-nodes`, the deadline). The [`Shared`] state
//! holds what all workers of one search see: the stop flag and its reason,
//! the solution limit, the first solution kept.
//!
//! The context decides nothing about the search's policy: which solutions
//! end a run, when members of a portfolio start or stop, which tickets are
//! searched in which order are the driver's and the portfolio's
//! ([`super::driver`], [`super::portfolio`]), through the loop's modes
//! and the budgets they give each run.

use crate::engine::config::{Monitor, SearchConfig, SearchMode};
use crate::engine::count::Count;
use crate::engine::outcome::{Outcome, Stats, StopReason};
use crate::engine::search::halt::Halt;
use crate::engine::tuning::{FIRST_POLL_PERIOD, MAX_POLL_PERIOD, POLL_INTERVAL};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::engine::backends::Step;

/// The visitor a caller hands to [`solve`](crate::engine::solve): it sees each
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
pub(crate) struct Shared<'a> {
    config: &'a SearchConfig,
    visitor: Option<&'a Visitor<'a>>,
    /// When the search began (`None`: untimed).
    start: Option<Instant>,
    /// Set when any worker decides the whole search must end.
    stop: AtomicBool,
    reason: Mutex<Option<StopReason>>,
    /// Stop after this many solutions (listing, [`SearchMode::All`]).
    limit: Option<u64>,
    /// Solutions reported to the visitor or counted towards the limit.
    solutions: AtomicU64,
    /// The leftmost ticket known to hold a kept solution ([`Ctx::keep_first`]).
    best_ticket: AtomicUsize,
    /// More than one worker may search at once (then `best_ticket` is
    /// lowered by a read-modify-write; alone, by a plain store).
    parallel: bool,
    /// A measure's stop flag ([`Shared::measure`]): Ctrl-C, read at each
    /// poll as a search reads its monitor's.
    measure_stop: Option<&'a AtomicBool>,
    progress: Mutex<ProgressBoard>,
}

/// A solution kept by a first-solution search: the options, and the
/// ticket it was found in (the leftmost ticket's solution is the answer).
/// Each worker keeps its own ([`Ctx::take_kept`]); [`finish`] takes the
/// leftmost of them ([`Kept::leftmost`]). No lock is taken per solution:
/// a stream of tiny cases kept one per case.
#[derive(Debug)]
pub(crate) struct Kept {
    ticket: usize,
    options: Vec<usize>,
}

impl Kept {
    /// The kept solution of the two with the leftmost ticket (`a` on a
    /// tie: the solution met first, when `a` is the earlier worker's).
    pub(crate) fn leftmost(a: Option<Kept>, b: Option<Kept>) -> Option<Kept> {
        match (a, b) {
            (Some(a), Some(b)) => Some(if b.ticket < a.ticket { b } else { a }),
            (a, b) => a.or(b),
        }
    }
}

/// The progress estimate: the tickets' weight done, the total, and the
/// share of its ticket each worker has searched.
struct ProgressBoard {
    done: f64,
    total: f64,
    /// Per worker (0 for a worker not yet seen: the list grows on a
    /// worker's first report, so a search that ends before any, as a small
    /// case's does, allocates none).
    running: Vec<f64>,
}

impl ProgressBoard {
    /// Worker `worker`'s share of its ticket.
    fn running(&mut self, worker: usize) -> &mut f64 {
        if self.running.len() <= worker {
            self.running.resize(worker + 1, 0.0);
        }
        &mut self.running[worker]
    }
}

impl<'a> Shared<'a> {
    /// What `threads` workers share (the progress board sizes itself as
    /// the workers report).
    pub(crate) fn new(config: &'a SearchConfig, visitor: Option<&'a Visitor<'a>>, threads: usize) -> Self {
        Self::since(config, visitor, threads, config.clock())
    }

    /// [`Shared::new`] for a search whose wall time counts from `start`
    /// (when its caller began: choosing and building the backend are part
    /// of it, and a stream of tiny cases reads the clock once less; `None`:
    /// not measured, [`SearchConfig::untimed`]).
    pub(crate) fn since(
        config: &'a SearchConfig,
        visitor: Option<&'a Visitor<'a>>,
        threads: usize,
        start: Option<Instant>,
    ) -> Self {
        debug_assert!(threads <= 1 << 16, "a sane number of workers");
        Shared {
            config,
            visitor,
            start,
            stop: AtomicBool::new(false),
            reason: Mutex::new(None),
            limit: match config.mode {
                SearchMode::All { limit } => limit,
                SearchMode::First | SearchMode::Count => None,
            },
            solutions: AtomicU64::new(0),
            best_ticket: AtomicUsize::new(usize::MAX),
            parallel: threads > 1,
            measure_stop: None,
            progress: Mutex::new(ProgressBoard { done: 0.0, total: 1.0, running: Vec::new() }),
        }
    }

    /// The state of a measure of the choice (a search of a backend under
    /// a node budget, [`crate::engine::choice`]): one worker, `config`'s
    /// deadline, and `halt`'s stop flag, so that Ctrl-C ends it as it
    /// ends a search. `config` has no monitor: the measure shows nothing
    /// (its nodes are not the search's).
    pub(crate) fn measure(config: &'a SearchConfig, halt: &Halt<'a>) -> Self {
        Shared { measure_stop: halt.stop_flag(), ..Self::new(config, None, 1) }
    }

    pub(crate) fn halt(&self, reason: StopReason) {
        let mut r = self.reason.lock().unwrap();
        if r.is_none() {
            *r = Some(reason);
        }
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Why the search was stopped, if it was.
    pub(crate) fn reason(&self) -> Option<StopReason> {
        *self.reason.lock().unwrap()
    }

    /// Ends every worker's search without a stop reason (the search is
    /// decided: a portfolio member found a solution, or proved there is
    /// none).
    pub(crate) fn settle(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Time since the search started (zero when untimed).
    pub(crate) fn elapsed(&self) -> std::time::Duration {
        SearchConfig::since(self.start)
    }

    /// The search's configuration.
    pub(crate) fn config(&self) -> &'a SearchConfig {
        self.config
    }

    pub(crate) fn monitor(&self) -> Option<&Monitor> {
        self.config.monitor.as_deref()
    }

    /// Tickets of total weight `total` are about to be searched (the
    /// progress estimate starts again from them).
    pub(crate) fn expect_tickets(&self, total: f64) {
        let mut board = self.progress.lock().unwrap();
        board.total = total;
        board.running.iter_mut().for_each(|r| *r = 0.0);
    }

    /// `worker` finished a ticket of weight `weight`.
    pub(crate) fn ticket_done(&self, worker: usize, weight: f64) {
        let mut board = self.progress.lock().unwrap();
        board.done += weight;
        *board.running(worker) = 0.0;
    }

    /// Whether a ticket left of `ticket` has a kept solution (then
    /// `ticket` need not be searched: the leftmost one is the answer).
    pub(crate) fn solved_before(&self, ticket: usize) -> bool {
        self.best_ticket.load(Ordering::Relaxed) < ticket
    }
}

/// What a backend reports to, and asks of, the driver.
pub(crate) struct Ctx<'a> {
    /// The search calls [`Ctx::poll`] every this many nodes.
    poll_every: u32,
    /// Nodes of the current run (ticket, restart), and the running total
    /// of the backend's updates.
    nodes: u64,
    updates: u64,
    /// Solutions met one by one.
    solutions: u64,
    /// Solutions counted without being met one by one (memoised counts),
    /// on top of `solutions`.
    counted: Count,
    /// This worker's kept first solution ([`Ctx::keep_first`]).
    kept: Option<Kept>,
    tickets: Vec<Ticket>,
    shared: &'a Shared<'a>,
    ticket: usize,
    weight: f64,
    worker: usize,
    nodes_reported: u64,
    /// Nodes already spent by this worker before the current run (budgets).
    nodes_before: u64,
    /// This run's own node budget (a restart's): when `nodes` reaches it,
    /// the run ends with `budget_hit` set and the search goes on.
    run_budget: u64,
    budget_hit: bool,
    /// The node period that [`POLL_INTERVAL`] asks for, and the last poll
    /// (`None` before the first poll of an untimed search).
    period: u32,
    last_poll: Option<Instant>,
    /// Whether `--max-nodes` applies (not while cutting tickets, which
    /// would make the budget depend on the thread count).
    budget: bool,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(shared: &'a Shared<'a>, worker: usize) -> Self {
        Ctx {
            poll_every: Self::period(shared.config.max_nodes, 0).min(FIRST_POLL_PERIOD),
            nodes: 0,
            updates: 0,
            solutions: 0,
            counted: Count::ZERO,
            kept: None,
            tickets: Vec::new(),
            shared,
            ticket: 0,
            weight: 1.0,
            worker,
            nodes_reported: 0,
            nodes_before: 0,
            run_budget: u64::MAX,
            budget_hit: false,
            period: FIRST_POLL_PERIOD,
            // The search's start, not a clock read of its own: a stream of
            // small cases reads the clock once less per case, and the
            // first poll's gap is at most a little longer (the period
            // adapts from the second poll on). An untimed search has no
            // start: its first poll only notes the time.
            last_poll: shared.start,
            budget: true,
        }
    }

    /// A context for ticket enumeration: it polls for Ctrl-C and the
    /// deadline, but the node budget does not apply (it would make the
    /// budget depend on the thread count).
    pub(crate) fn cutting(shared: &'a Shared<'a>) -> Self {
        let mut ctx = Ctx::new(shared, 0);
        ctx.budget = false;
        ctx.poll_every = FIRST_POLL_PERIOD;
        ctx
    }

    /// Starts the run of ticket `index` (of estimated share `weight`).
    pub(crate) fn start_ticket(&mut self, index: usize, weight: f64) {
        self.ticket = index;
        self.weight = weight;
        self.nodes_before += self.nodes;
        self.nodes = 0;
        self.nodes_reported = 0;
    }

    /// Publishes the nodes not yet shown on the monitor.
    pub(crate) fn report_nodes(&mut self) {
        if let Some(m) = self.shared.monitor() {
            m.nodes.fetch_add(self.nodes - self.nodes_reported, Ordering::Relaxed);
        }
        self.nodes_reported = self.nodes;
    }

    /// Ends a run of the search loop: `since` nodes not yet counted, and
    /// the backend's running total of updates.
    #[inline]
    pub(crate) fn end_run(&mut self, since: u32, updates: u64) {
        self.nodes += u64::from(since);
        self.updates = updates;
    }

    /// Nodes of the current run.
    pub(crate) fn run_nodes(&self) -> u64 {
        self.nodes
    }

    /// Nodes of every run of this worker.
    pub(crate) fn spent(&self) -> u64 {
        self.nodes_before + self.nodes
    }

    /// The backend's running total of updates, as last reported.
    pub(crate) fn updates(&self) -> u64 {
        self.updates
    }

    /// Overrides the updates reported (a worker that ran two backends).
    pub(crate) fn set_updates(&mut self, updates: u64) {
        self.updates = updates;
    }

    /// Solutions met one by one.
    pub(crate) fn solutions(&self) -> u64 {
        self.solutions
    }

    /// Ends the search for `reason` (a stop that a build saw between polls).
    pub(crate) fn halt(&self, reason: StopReason) {
        self.shared.halt(reason);
    }

    /// Ends every worker's search without a stop reason: the search is
    /// decided (see [`Shared::settle`]).
    pub(crate) fn settle(&self) {
        self.shared.settle();
    }

    /// Whether the last run ended at its own budget (a restart is due).
    pub(crate) fn budget_hit(&self) -> bool {
        self.budget_hit
    }

    /// The poll period: 4096 nodes, or less so that a budget ends exactly.
    fn period(max_nodes: Option<u64>, spent: u64) -> u32 {
        let left = max_nodes.map_or(u64::MAX, |m| m.saturating_sub(spent)).max(1);
        left.min(u64::from(MAX_POLL_PERIOD)) as u32
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
    pub(crate) fn total(&self) -> Count {
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
    pub(crate) fn start_run(&mut self, budget: u64) {
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
    pub(crate) fn take_tickets(&mut self) -> Vec<Ticket> {
        std::mem::take(&mut self.tickets)
    }

    /// A solution of the current ticket, kept for the answer of a
    /// first-solution search if no ticket left of it has one: the answer
    /// is then the solution a one-thread search finds first, whatever the
    /// thread count. Tickets right of it stop at their next poll.
    pub(crate) fn keep_first(&mut self, options: impl Iterator<Item = usize>) {
        let sh = self.shared;
        self.solutions += 1;
        if self.kept.as_ref().is_none_or(|kept| self.ticket < kept.ticket) {
            // Only a visitor reads the options: a verdict alone keeps none
            // (no allocation per case on a stream of small ones).
            let options = if sh.visitor.is_some() { options.collect() } else { Vec::new() };
            self.kept = Some(Kept { ticket: self.ticket, options });
            // Other workers skip the tickets right of the leftmost kept
            // one. Alone, a store keeps it the smallest (no other writer).
            if sh.parallel {
                sh.best_ticket.fetch_min(self.ticket, Ordering::Relaxed);
            } else if self.ticket < sh.best_ticket.load(Ordering::Relaxed) {
                sh.best_ticket.store(self.ticket, Ordering::Relaxed);
            }
        }
    }

    /// This worker's kept first solution, for [`finish`] (through its
    /// worker's totals).
    pub(crate) fn take_kept(&mut self) -> Option<Kept> {
        self.kept.take()
    }

    /// A solution to list or count: shown on the monitor, handed to the
    /// visitor, and counted towards the limit. `Break` ends the search.
    pub(crate) fn solution(&mut self, options: impl Iterator<Item = usize>) -> ControlFlow<()> {
        let sh = self.shared;
        // Take a place under the limit before visiting, so that several
        // workers never report more than the limit between them.
        let total = sh.solutions.fetch_add(1, Ordering::Relaxed) + 1;
        if sh.limit.is_some_and(|l| total > l) {
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
        if sh.limit.is_some_and(|l| total >= l) {
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
    /// the levels below the run's start, for the progress estimate. Its
    /// jobs, in turn: progress, stops from elsewhere, the run's own budget,
    /// the poll period and the search's budgets.
    pub(crate) fn poll(&mut self, levels: impl Iterator<Item = (u32, u32)>) -> ControlFlow<()> {
        self.publish(levels);
        if self.stopped_elsewhere() {
            return ControlFlow::Break(());
        }
        if self.nodes >= self.run_budget {
            self.budget_hit = true;
            return ControlFlow::Break(());
        }
        let now = Instant::now();
        self.adapt_period(now);
        self.check_budgets(now)
    }

    /// Progress: publishes the nodes not yet shown on the monitor, and
    /// Knuth's estimate of the share of the tree searched.
    fn publish(&mut self, levels: impl Iterator<Item = (u32, u32)>) {
        let sh = self.shared;
        let delta = self.nodes - self.nodes_reported;
        self.nodes_reported = self.nodes;
        let Some(m) = sh.monitor() else { return };
        m.nodes.fetch_add(delta, Ordering::Relaxed);
        // Knuth's estimate: sum over levels of (k - 1) / (d1 d2 ... dl).
        let mut scale = 1.0;
        let mut f = 0.0;
        for (k, d) in levels {
            let d = f64::from(d.max(1));
            scale /= d;
            f += f64::from(k.saturating_sub(1)) * scale;
        }
        let mut board = sh.progress.lock().unwrap();
        *board.running(self.worker) = self.weight * f.min(1.0);
        let frac = (board.done + board.running.iter().sum::<f64>()) / board.total.max(1e-300);
        m.set_fraction(frac.min(1.0));
    }

    /// Stops decided elsewhere: Ctrl-C (the monitor's flag), a stop by any
    /// worker, or a kept solution in a ticket left of this one.
    fn stopped_elsewhere(&self) -> bool {
        let sh = self.shared;
        let flag = sh.monitor().map(|m| &m.stop).or(sh.measure_stop);
        if flag.is_some_and(|f| f.load(Ordering::Relaxed)) {
            sh.halt(StopReason::Interrupted);
        }
        sh.stopped() || sh.solved_before(self.ticket)
    }

    /// The poll period: halved when nodes are slow (polls further apart
    /// than twice [`POLL_INTERVAL`]), doubled when they are fast.
    fn adapt_period(&mut self, now: Instant) {
        let Some(last) = self.last_poll.replace(now) else { return };
        let gap = now.duration_since(last);
        if gap > 2 * POLL_INTERVAL {
            self.period = (self.period / 2).max(1);
        } else if gap < POLL_INTERVAL / 2 {
            self.period = (self.period * 2).min(MAX_POLL_PERIOD);
        }
    }

    /// The search's budgets: `--max-nodes` (polled exactly when it runs
    /// out: the next poll comes no later) and the deadline.
    fn check_budgets(&mut self, now: Instant) -> ControlFlow<()> {
        let sh = self.shared;
        let spent = self.nodes_before + self.nodes;
        let max_nodes = sh.config.max_nodes.filter(|_| self.budget);
        if max_nodes.is_some_and(|max| spent >= max) {
            sh.halt(StopReason::Nodes);
            return ControlFlow::Break(());
        }
        self.poll_every =
            Self::period(max_nodes, spent).min(self.period).min(Self::period(Some(self.run_budget), self.nodes));
        if sh.config.deadline.is_some_and(|deadline| now >= deadline) {
            sh.halt(StopReason::Timeout);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// The outcome of a search whose workers are done: `solutions` counted,
/// `ran_out` when every ticket (or run) was searched to its end. A kept
/// first solution (`kept`: the leftmost of the workers', [`Ctx::keep_first`])
/// is the answer: the visitor sees it now, and it is the one solution.
///
/// It takes the search's shared state whole (every worker is done): its
/// locks are read without locking, which a stream of tiny cases would
/// otherwise pay at each one.
pub(crate) fn finish(shared: Shared, mut stats: Stats, solutions: Count, kept: Option<Kept>, ran_out: bool) -> Outcome {
    stats.elapsed = shared.elapsed();
    let reason = shared.reason.into_inner().unwrap();
    if let Some(kept) = kept {
        if let Some(visit) = shared.visitor {
            let _ = visit(&kept.options);
        }
        stats.solutions = 1;
        return Outcome { solutions: Count::from(1u64), complete: false, stopped: Some(StopReason::Limit), stats };
    }
    stats.solutions = solutions.saturating_u64();
    Outcome { solutions, complete: reason.is_none() && ran_out, stopped: reason, stats }
}
