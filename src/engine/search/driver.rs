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

use super::ctx::{finish, Ctx, Shared, Ticket, Visitor};
use super::halt::{Halt, Stopped};
use super::{search, Cut, Enumerate, Memoised};
use crate::engine::backends::Backend;
use crate::engine::choice::estimate;
use crate::engine::choice::pilot::{memo_verdict, pilot, MemoHint};
use crate::engine::config::{MemoChoice, Restarts, SearchConfig, Shard};
use crate::engine::count::Count;
use crate::engine::memo::shared::{SharedMemo, SharedTable};
use crate::engine::memo::{Memo, MemoStats};
use crate::engine::outcome::{Outcome, ShardPlan, Stats};
use crate::engine::tuning::{COUNT_TICKETS_PER_THREAD, FIRST_TICKETS_PER_THREAD, MIN_SHARD_TICKETS, TICKETS_PER_SHARD};
use crate::engine::tuning::{DEFAULT_MEMO_MB, PILOT_BUDGET, PILOT_PAYS, SECOND_LOOK, SOLO_TRIAL};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

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

/// Gives a worker's run its type: the workers' memo tables borrow the
/// one shared table of this search (lifetime `'s`), which a closure's
/// annotated parameter could not say.
fn memo_runner<'s, B, R>(run: R) -> R
where
    R: Fn(&mut B, &mut Ctx, &mut Option<WorkerMemo<'s>>) -> ControlFlow<()>,
{
    run
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
/// searching: the same tickets and the same deal as a sharded search.
pub(crate) fn plan<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    mut first: B,
    make: F,
    config: &SearchConfig,
    count: u32,
) -> ShardPlan {
    let threads = config.effective_threads();
    let shared = Shared::new(config, None, threads);
    let (mut tickets, enum_nodes) = enumerate(&mut first, &shared, shard_target(count));
    let halt = Halt::of(config);
    // A stop while the subtrees are listed or walked: no plan, only why.
    let stopped = |reason| ShardPlan { stopped: Some(reason), ..ShardPlan::empty(count, shared.elapsed()) };
    if let Some(reason) = shared.reason() {
        return stopped(reason);
    }
    let dealt = estimate::deal_tickets(&make, &mut first, &mut tickets, count, threads, &halt).and_then(|mut dealt| {
        // The report may walk more than the deal did: it is asked for once.
        estimate::refine(&make, &mut first, &tickets, threads, &mut dealt, &halt).map(|()| dealt)
    });
    let dealt = match dealt {
        Ok(dealt) => dealt,
        Err(Stopped(reason)) => return stopped(reason),
    };
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
        stopped: None,
    };
    for (e, o) in dealt.estimates.iter().zip(dealt.owner) {
        plan.sizes[o as usize] += e;
        plan.tickets[o as usize] += 1;
    }
    plan.elapsed = shared.elapsed();
    plan
}

/// Runs a search: worker 0 with `first_backend` (already built, as the
/// backend choice built it), the other workers with a backend that `make`
/// builds in their own thread. `memo_hint`: what the backend's choice
/// found out about memoising a count.
pub(crate) fn drive<B: Backend, F: Fn() -> Result<B, Stopped> + Sync>(
    mut first_backend: B,
    make: F,
    config: &SearchConfig,
    visitor: Option<&Visitor>,
    memo_hint: MemoHint,
) -> Outcome {
    let threads = config.effective_threads();
    // A small tree is searched whole by one thread before any other
    // starts: starting a thread costs tens of microseconds, more than a
    // whole small search (a stream of a million one-tile cases paid it
    // per case). A trial that runs out of its SOLO_TRIAL nodes is thrown
    // away and the search starts again with every thread; its nodes are
    // counted. Not for `--all` (its solutions are already out), a shard,
    // `--max-nodes` (the budget stays exact) or `--memo on`.
    let mut trial_nodes = 0;
    let solo = threads > 1
        && config.shard.is_none()
        && config.max_nodes.is_none()
        && config.memo != MemoChoice::On
        && (visitor.is_none() || config.first_only());
    if solo {
        let shared = Shared::new(config, visitor, 1);
        let mut ctx = Ctx::new(&shared, 0);
        ctx.start_run(SOLO_TRIAL);
        let _ = search(&mut first_backend, &mut ctx, &mut Enumerate);
        if !ctx.budget_hit() {
            let stats = Stats {
                threads: 1,
                backend: first_backend.name(),
                nodes: ctx.spent(),
                updates: ctx.updates(),
                ..Stats::default()
            };
            return finish(&shared, stats, ctx.total(), true);
        }
        trial_nodes = ctx.spent();
        first_backend.reset();
    }
    let shared = Shared::new(config, visitor, threads);
    let mut stats = Stats { threads, nodes: trial_nodes, ..Stats::default() };
    stats.backend = first_backend.name();
    if config.first_only() && config.shard.is_none() && config.restarts == Restarts::Auto && first_backend.randomise(0)
    {
        let mut outcome = super::portfolio::drive(first_backend, make, config, visitor, threads);
        outcome.stats.nodes += trial_nodes;
        return outcome;
    }
    // A count (no visitor, no limit) may memoise subtree counts.
    let words = first_backend.memo_words();
    let countable = visitor.is_none() && config.limit.is_none() && words > 0;
    let mut piloted = memo_hint.piloted;
    let memoise = countable
        && match config.memo {
            MemoChoice::Off => false,
            MemoChoice::On => true,
            MemoChoice::Auto => memo_hint.memoise.unwrap_or_else(|| {
                // Stopped meanwhile: no memo (the search stops at its
                // first poll, and a memo would only cost its allocation).
                let mut gain = None;
                let verdict = memo_verdict(&mut first_backend, config, 0.0, &mut gain, &Halt::of(config));
                piloted = gain.is_some();
                matches!(verdict, Ok(Some(_)))
            }),
        };
    // The second look: a count left without the memo because the walks
    // saw a small tree or few repeats, and no pilot ran, runs the pilot
    // once a worker has spent its share of SECOND_LOOK nodes (the walks
    // were wrong about the tree's size), and memoises the rest when it
    // pays. The pilot's verdict depends only on the problem.
    let second_look = countable && !memoise && !piloted && config.memo == MemoChoice::Auto;
    let looked: OnceLock<bool> = OnceLock::new();
    // With threads, one table shared by all workers (a state one worker
    // stored is a hit for the others); alone, a table of its own.
    let memo_cap = config.memo_mb.unwrap_or(DEFAULT_MEMO_MB).saturating_mul(1 << 20);
    let shared_memo: OnceLock<SharedMemo> = OnceLock::new();
    let table = || match threads {
        0 | 1 => WorkerMemo::Own(Memo::new(words, memo_cap)),
        _ => WorkerMemo::Shared(SharedTable(shared_memo.get_or_init(|| SharedMemo::new(words, memo_cap)))),
    };
    let new_memo = || memoise.then(table);
    let run = memo_runner(|backend: &mut B, ctx: &mut Ctx, memo| {
        if second_look && memo.is_none() {
            let pays = match looked.get() {
                Some(&pays) => pays,
                None => {
                    ctx.start_run((SECOND_LOOK / threads as u64).saturating_sub(ctx.spent()).max(1));
                    let flow = search(backend, ctx, &mut Enumerate);
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
                    *looked.get_or_init(|| {
                        make().is_ok_and(|mut b| pilot(&mut b, config, PILOT_BUDGET, memo_cap).ratio() >= PILOT_PAYS)
                    })
                }
            };
            if pays {
                *memo = Some(table());
            }
        }
        // A memoised run resumes where a run without the memo stopped, if
        // it did.
        match memo {
            Some(WorkerMemo::Own(m)) => {
                let mut mode = Memoised::<_, false>::new(m, words);
                mode.resume(backend.depth());
                search(backend, ctx, &mut mode)
            }
            Some(WorkerMemo::Shared(t)) => {
                let mut mode = Memoised::<_, false>::new(t, words);
                mode.resume(backend.depth());
                search(backend, ctx, &mut mode)
            }
            None => search(backend, ctx, &mut Enumerate),
        }
    });

    // One thread, whole tree: no tickets needed.
    if config.shard.is_none() && threads <= 1 {
        let mut ctx = Ctx::new(&shared, 0);
        let mut memo = new_memo();
        let _ = run(&mut first_backend, &mut ctx, &mut memo);
        stats.nodes = ctx.spent();
        stats.updates = ctx.updates();
        stats.memo = memo.map(|m| m.stats());
        return finish(&shared, stats, ctx.total(), true);
    }

    // Threads share tickets dynamically; a count (which cannot stop early)
    // cuts finer, so that the last subtrees taken are small and both
    // threads finish together.
    let target = match config.shard {
        Some(Shard { count, .. }) => shard_target(count),
        None if config.first_only() => FIRST_TICKETS_PER_THREAD * threads,
        None => COUNT_TICKETS_PER_THREAD * threads,
    };
    let (mut tickets, enum_nodes) = enumerate(&mut first_backend, &shared, target);
    stats.nodes += enum_nodes;
    if shared.stopped() {
        return finish(&shared, stats, Count::ZERO, false);
    }
    if let Some(Shard { index, count }) = config.shard {
        // The owned tickets stay in tree order, so that the first solution
        // is still the leftmost one of the shard.
        let dealt =
            match estimate::deal_tickets(&make, &mut first_backend, &mut tickets, count, threads, &Halt::of(config)) {
                Ok(dealt) => dealt,
                Err(Stopped(reason)) => {
                    shared.halt(reason);
                    return finish(&shared, stats, Count::ZERO, false);
                }
            };
        stats.split = tickets.len() as u64;
        tickets = tickets.into_iter().zip(dealt.owner).filter(|&(_, o)| o == index).map(|(t, _)| t).collect();
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
    let next = AtomicUsize::new(0);
    let totals = Mutex::new((0u64, 0u64, Count::ZERO, None::<MemoStats>)); // nodes, updates, solutions, memo
    let work = |worker: usize, backend: &mut B| {
        let mut ctx = Ctx::new(&shared, worker);
        let mut memo = new_memo();
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
            let replayed = backend.replay(&tickets[t].path);
            debug_assert!(replayed, "a ticket's path could not be replayed");
            let flow = if replayed { run(backend, &mut ctx, &mut memo) } else { ControlFlow::Continue(()) };
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
        let mut tot = totals.lock().unwrap();
        tot.0 += ctx.spent();
        tot.1 += ctx.updates();
        tot.2 += &ctx.total();
        if let Some(WorkerMemo::Own(m)) = memo {
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
                // A worker whose build a stop cut short has nothing to
                // do: the others end at their next poll.
                s.spawn(move || make().map(|mut backend| work(w, &mut backend)));
            }
            work(0, &mut first_backend);
        });
    }
    let (nodes, updates, solutions, memo_stats) = totals.into_inner().unwrap();
    stats.memo = memo_stats.or_else(|| shared_memo.get().map(SharedMemo::stats));
    stats.nodes += nodes;
    stats.updates += updates;
    let all_done = next.load(Ordering::Relaxed) >= tickets.len();
    finish(&shared, stats, solutions, all_done)
}
