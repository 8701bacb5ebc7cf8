//! Every tuning constant of the engine, in one place, with the measurement
//! behind it.
//!
//! These numbers change speed, never answers: every count and every
//! verdict is the same whatever they are (the engine's tests run with
//! smaller restart budgets to exercise restarts on tiny trees). Most were
//! measured on the benchmark (`bench/run.py`, figures in
//! docs/performance.md) on a 2-core machine; a change should be measured
//! the same way.

use std::time::Duration;

// ---------------------------------------------------------------------
// Polling (ctx.rs)
// ---------------------------------------------------------------------

/// The time aimed at between two polls of one worker: the node period
/// halves while polls come further apart than twice this (expensive nodes,
/// a loaded machine) and doubles back up to [`MAX_POLL_PERIOD`] nodes while
/// they come closer than half of it, so that a stop is noticed within
/// milliseconds whatever a node costs (Ctrl-C within 100 ms is the
/// promise; measured 16 ms on 9x9 Tetravex with 2 threads).
pub(crate) const POLL_INTERVAL: Duration = Duration::from_millis(10);

/// The most nodes between two polls: a poll reads the clock and a few
/// atomics, about 1% of 4096 of the cheapest nodes (the row scan's).
pub(crate) const MAX_POLL_PERIOD: u32 = 4096;

/// The nodes before a worker's first poll; the period then doubles while
/// polls come quickly. A backend whose nodes cost tens of microseconds
/// (the general one on a 30x30 jigsaw: 33 us) would otherwise spend 4096
/// of them, 134 ms, before it first looked; the row scan reaches
/// [`MAX_POLL_PERIOD`] after six polls, within its first 8,000 nodes.
pub(crate) const FIRST_POLL_PERIOD: u32 = 64;

// ---------------------------------------------------------------------
// Tickets and shards (driver.rs)
// ---------------------------------------------------------------------

/// Tickets per thread for a first-solution search: the leftmost ticket
/// with a solution wins, so tickets stay coarse.
pub(crate) const FIRST_TICKETS_PER_THREAD: usize = 32;

/// Tickets per thread for a count: a count cannot stop early, so it cuts
/// finer, and the last subtrees taken are small enough for both threads
/// to finish together (measured on pentominoes 6x10: 256 per thread keeps
/// the two threads within 2% of each other).
pub(crate) const COUNT_TICKETS_PER_THREAD: usize = 256;

/// Tickets per shard of a sharded search (at least [`MIN_SHARD_TICKETS`]):
/// enough that dealing evens out, and independent of the thread count.
pub(crate) const TICKETS_PER_SHARD: usize = 32;
/// See [`TICKETS_PER_SHARD`].
pub(crate) const MIN_SHARD_TICKETS: usize = 64;

// ---------------------------------------------------------------------
// Estimates of subtrees (estimate.rs)
// ---------------------------------------------------------------------

/// The most walks per ticket. Measured on pentominoes, Scott's problem and
/// a generated tetravex (docs/cluster.md): 16 walks balance better than 4,
/// and more cost much and hardly help.
pub(crate) const MAX_PROBES: u32 = 16;

/// Fewer affordable walks than this: deal round-robin instead (one or two
/// walks per ticket balanced worse than round-robin on pentominoes).
pub(crate) const MIN_PROBES: u32 = 4;

/// The share of the estimated tree that the walks of all shards together
/// may cost: every shard repeats the plan, so a small tree is dealt
/// round-robin rather than spending more on planning than on searching.
pub(crate) const PLAN_BUDGET: f64 = 0.05;

/// A ticket whose estimate is above a shard's fair share over this many
/// is split into its children before the deal (`split_large`): with the
/// largest ticket at most an eighth of a share, dealing largest first
/// onto the least-loaded shard ends within an eighth of even.
pub(crate) const SPLIT_PARTS: f64 = 8.0;

/// Splitting stops at this many tickets per shard (the walks of each
/// new ticket cost, and every shard repeats them).
pub(crate) const MAX_SPLIT_TICKETS: usize = 64;

// ---------------------------------------------------------------------
// The deep plan of a plan file (split.rs)
// ---------------------------------------------------------------------

/// The share of the estimated tree that a deep plan's walks may cost
/// before it splits (the split's walks come on top): the plan is made once,
/// not by every shard, and 3/10,000 of the tree is 2% of one shard's
/// search at 64 shards. On the `tail` family's Tetravex 10x10 boards
/// (trees estimated at 3x10^9 nodes, walks at about 250,000 moves a second
/// on one thread) a thousandth took 38 s of CPU for 64 shards (64 walks per
/// subtree, 2,199 subtrees after the split).
pub(crate) const DEEP_BUDGET: f64 = 0.0003;

/// A tree estimated at most this many nodes is measured exactly: every
/// subtree is counted (about the cost of one search of the tree, a second
/// or less on the count instances of docs/cluster.md, whose measured
/// imbalance with 16 walks per subtree reached 1.45; counted, the plan is
/// the shards' real sizes).
pub(crate) const DEEP_EXACT_TREE: f64 = 1e7;

/// The fewest and the most walks per subtree of a deep plan.
pub(crate) const DEEP_MIN_PROBES: u32 = 4;
/// See [`DEEP_MIN_PROBES`].
pub(crate) const DEEP_MAX_PROBES: u32 = 32;

/// A deep plan splits subtrees until it has this many per shard at most.
pub(crate) const DEEP_MAX_TICKETS: usize = 64;

// ---------------------------------------------------------------------
// The choice between the row scan and the assignment backend (choose.rs)
// ---------------------------------------------------------------------

/// Walks per estimate of the row-scan tree (nearly free).
pub(crate) const ROW_PROBES: u32 = 64;
/// Walks per estimate of the assignment tree (a few milliseconds on boards
/// of 100 cells).
pub(crate) const ASSIGN_PROBES: u32 = 32;

/// A count whose row-scan tree is estimated larger than this (a few
/// seconds and more) estimates both trees again with more walks:
/// [`ROW_PROBES_BIG`] and [`ASSIGN_PROBES_BIG`]: on 5x5 Tetravex with 3
/// labels the fewer walks sent boards to the backend that was many times
/// slower there, and the extra walks cost a few tens of milliseconds.
pub(crate) const BIG_COUNT_TREE: f64 = 1e8;
/// See [`BIG_COUNT_TREE`].
pub(crate) const ROW_PROBES_BIG: u32 = 1024;
/// See [`BIG_COUNT_TREE`].
pub(crate) const ASSIGN_PROBES_BIG: u32 = 256;

/// Row-scan nodes that cost as much as one assignment node: measured 21 to
/// 28 on the counting families of the benchmark (docs/performance.md).
pub(crate) const COST_RATIO: f64 = 25.0;

/// A first-solution search tries the assignment backend for this share of
/// the nodes its walks would list at the least (`ASSIGN_PROBES` times the
/// slots) before estimating its tree: one in four, so that where the trial
/// does not end the choice costs about a quarter more (`choose::assign_trial`).
pub(crate) const ASSIGN_TRIAL_SHARE: usize = 4;

/// A row-scan tree of at most this many nodes is measured exactly (by
/// searching it) and runs at once, without walks or other builds (see
/// `choose::tiny_tree`): about 40 us of nodes, less than the walks cost.
pub(crate) const TINY_TREE: u64 = 1 << 10;

/// A first solution or a count of a board of fewer than
/// [`COMPACT_MIN_SLOTS`] slots is looked for on the plain row scan alone,
/// in the square order, for this many nodes before the backend is chosen
/// (`choose::trial_rows`): a search that ends within them answers, and
/// the walks, the balance's build and the assignment backend's trial are
/// not made; on a planted 5x5 Tetravex of 10 labels they cost about ten
/// times the search. One that does not end spends them (about 0.3 ms)
/// before the choice. 2^15 sent more 5x5 boards the trial's way but cost
/// the small Eternity II-style boards, where the assignment backend
/// answers in a few hundred nodes, 6% (docs/performance.md). Tiny in
/// tests, so that the engine's cross-checks take both ways.
pub(crate) const TRIAL_ROWS: u64 = if cfg!(test) { 256 } else { 1 << 13 };

/// The trial (see [`TRIAL_ROWS`]) puts the slots
/// in the square order from this many on, and keeps the declared order
/// below: on 3x3 Tetravex the two orders hardly differ and the order's
/// sweeps cost more than they save (a stream of 20,000 boards: 1.42 G
/// instructions against 1.32 G), on 4x4 and 5x5 the square order wins
/// (0.36 G against 0.38 G for 2,000 boards; 0.17 G against 0.52 G for
/// 400), callgrind.
pub(crate) const SQUARE_TRIAL_MIN_SLOTS: usize = 16;

/// A row-scan tree estimated at most this large runs without further ado
/// (at about 25 M nodes/s, a few milliseconds).
pub(crate) const SMALL_ROW_TREE: f64 = 1e5;

/// When only one solution is wanted, the row scan is considered only if
/// its whole tree is estimated at most this large (about 0.3 s). The
/// estimates are of whole trees, and the assignment backend's look-ahead
/// finds a first solution of a large board far sooner than its whole tree
/// suggests (on Eternity II-style boards of 7x7 to 10x10, 2 to 17 times
/// sooner than the row scan), so for larger trees it is the safer bet.
pub(crate) const FIRST_ONLY_ROW_LIMIT: f64 = 1e7;

// ---------------------------------------------------------------------
// Restarts and portfolios (portfolio.rs)
// ---------------------------------------------------------------------

/// Nodes per unit of the Luby schedule. The assignment backend visits
/// 0.3-1 M nodes/s, so a unit is 10-30 ms; most Eternity II-style 8x8
/// boards are solved by a good order within 10^3-10^5 nodes (measured in
/// docs/performance.md, the `tail` family). Tiny in tests, so that the
/// engine's cross-checks restart on tiny trees.
pub(crate) const RESTART_UNIT: u64 = if cfg!(test) { 16 } else { 8192 };

/// Nodes worker 0 spends alone before the restarting members start, so
/// that easy puzzles get the same answer for every thread count.
pub(crate) const WARM: u64 = if cfg!(test) { 64 } else { 1 << 16 };

/// Nodes the complete member spends alone on one thread before the
/// restarts share the thread (about 1 s of the assignment backend). Larger
/// than [`WARM`] because here restarts take time from the complete member:
/// puzzles it solves within this many nodes (the bench's Tetravex boards up
/// to 9x9, most Eternity II-style 8x8 boards) run exactly as without them.
pub(crate) const SOLO_WARM: u64 = if cfg!(test) { 64 } else { 1 << 18 };

/// The levels at which the portfolio's members share refuted subtrees
/// (P6): the sets of up to this many first choices whose subtree a member
/// searched without a solution. On Tetravex 9x9 over many seeds each
/// level more shortened the worst run, less and less from the fourth on;
/// deeper lists grow with the tree and gain little more.
pub(crate) const SHARED_DEPTH: usize = 3;

// ---------------------------------------------------------------------
// Memoised counting (memo.rs, estimate.rs)
// ---------------------------------------------------------------------

/// The default memory cap of all memo tables together, in MiB: suits a
/// laptop (`--memo-mb` changes it); 16x16 dominoes, the largest bench
/// count, needs 64 MiB.
pub const DEFAULT_MEMO_MB: usize = 1024;

/// Random walks per estimate of whether memoising pays.
pub(crate) const MEMO_WALKS: u32 = 256;

/// What memoising is expected to save: memoise when the estimated
/// distinct states are at most this share of the estimated nodes.
pub(crate) const MEMO_PAYS: f64 = 0.05;

/// Walks made first, and the plain tree they must estimate at least this
/// large for the rest to be made: a smaller tree takes milliseconds to
/// enumerate, and the walks would cost more than the memo could save.
pub(crate) const MEMO_FIRST_WALKS: u32 = 16;
/// See [`MEMO_FIRST_WALKS`].
pub(crate) const MEMO_WORTH_IT: f64 = 2e5;

/// A tree estimated at least this large, on which the walks see too few
/// repeats to memoise, gets a pilot run at the choice (pilot.rs): about
/// 8 s of plain row-scan nodes, of which the pilot costs about 1%. At
/// 5x10^7 the bench's `eternity-count` 6x6 (estimated 6.9x10^7, 4.9x10^7
/// real) paid 6% for a pilot that did not pay; smaller trees that the
/// memo would cut get the second look instead.
pub(crate) const PILOT_MIN_TREE: f64 = 2e8;
/// Nodes the workers spend on a count without the memo before the second
/// look (driver.rs; each worker its share): about 2.5 s of row-scan
/// nodes, of which the pilot costs 2 to 5% (it builds a backend of its
/// own). At 2^25, the bench's counts of 39 M and 49 M nodes paid 5 and 8%
/// for a look that did not pay. Tiny in tests, so that the
/// engine's cross-checks take the second look on tiny trees.
pub(crate) const SECOND_LOOK: u64 = if cfg!(test) { 64 } else { 1 << 26 };
/// The nodes one thread spends on a search before the other threads start
/// (a tree this small is done before a thread would have started; see
/// `driver::drive`). About 0.1 ms of nodes: a larger tree loses that much.
pub(crate) const SOLO_TRIAL: u64 = 1 << 10;
/// The same for the row scan, whose nodes cost some 50 ns against the
/// assignment backend's microseconds: 8,192 of its nodes are about 0.4 ms,
/// what splitting a big board's tree into tickets and starting the threads
/// costs (an Eternity II-style 24x24 board of 3,710 nodes: 0.17 ms on one
/// thread, 0.6 ms split between two).
pub(crate) const SOLO_TRIAL_ROWS: u64 = 1 << 13;
/// The pilot's nodes: about 40 to 70 ms of memoised row-scan nodes.
pub(crate) const PILOT_BUDGET: u64 = if cfg!(test) { 512 } else { 1 << 18 };
/// Plain nodes the pilot must cover per node it spends for the count to
/// memoise. Measured on 5x5 Tetravex with 3 labels (docs/performance.md):
/// 4.1 to 25 where the memo won 2 to 160 times, 1.1 where it lost.
pub(crate) const PILOT_PAYS: f64 = 3.0;

// ---------------------------------------------------------------------
// The assignment backend (backends/assign/)
// ---------------------------------------------------------------------

/// The most mask words the assignment backend builds (about 256 MiB);
/// larger problems go to the general backend.
pub(crate) const ASSIGN_MAX_WORDS: usize = 32 << 20;

/// Arc consistency is maintained from slots with at most this many options
/// left; larger domains support nearly every colour.
pub(crate) const AC_MAX: u32 = 12;

/// Domains with at most this many options are exact; larger ones may still
/// hold options of pieces that ran out (a superset), which saves touching
/// every slot whenever a piece is used up. Must be at least [`AC_MAX`].
pub(crate) const EXACT: u32 = 16;

/// The assignment backend tries the options with the rarest colours first
/// on problems expected (by the first moment) to have more solutions than
/// this; below it, in increasing order. The estimate runs high on
/// Tetravex near its hardness peak (6x6 with 5 labels: 10^2 expected,
/// about one real solution), where the rarity order made the tree 15%
/// larger; the boards it helped expect 10^6 (jigsaw 8x8) to 10^30
/// (Eternity II-style 10x10 with 4 frame and 6 inner colours). In unit
/// tests 0: every problem takes the rarity order, so that the brute-force
/// cross-checks of counts, shards and restarts cover it (the increasing
/// order is the one every Tetravex test without turning runs).
pub(crate) const MANY_SOLUTIONS: f64 = if cfg!(test) { 0.0 } else { 1e3 };

/// The portfolio's second worker runs the mirror member (P7 of
/// `portfolio.rs`) instead of restart runs where the backend expects at
/// most this many solutions: with about one solution, a run in any order
/// costs the share of the tree that lies before the solution, so random
/// runs seldom end early, and a second complete search from the other end
/// of the tree does better. Above it, runs are heavy-tailed and restarts
/// pay: on Tetravex 8x8 with 6 labels (about 10^2 solutions expected, the
/// `tail` boards) the mirror member was many times slower than restarts.
pub(crate) const MIRROR_SOLUTIONS: f64 = 1.0;

/// The assignment backend takes the compact order (`assign/compact.rs`)
/// instead of MRV on problems of at least this many slots where the first
/// moment expects a slot with two coloured joins to keep at most
/// [`COMPACT_TWO_SIDED`] options. The boards where MRV wins by orders of
/// magnitude (the bench's `tail` family) have at most 100 slots; the ones
/// where the compact order does (the `big` family) 256 and more
/// (docs/performance.md).
pub(crate) const COMPACT_MIN_SLOTS: usize = 196;
/// See [`COMPACT_MIN_SLOTS`]: at most about one option once two joins are
/// coloured, the corner-square scan's strength. Tetravex `n x n` with `L`
/// labels gives `n^2 / L^2`: 0.16 with `2.5 n` labels, 0.81 at 9x9 with 10;
/// Eternity II-style 16x16 with 40 inner labels about 0.5.
pub(crate) const COMPACT_TWO_SIDED: f64 = 1.0;

/// Slots queued for arc consistency with at most this many options are
/// taken first, newest first; the others in the order they changed. On
/// Tetravex 9x9 this did the fewest domain updates of one stack, one
/// queue, and 1, 2, 3 or 5 here.
pub(crate) const URGENT: u32 = 2;

// ---------------------------------------------------------------------
// The row scan (rowscan.rs)
// ---------------------------------------------------------------------

/// The largest key space a slot gets a lookup table for (larger ones are
/// binary-searched), and the most table entries in all (32 MiB of 16-bit
/// offsets).
pub(crate) const MAX_TABLE: u64 = 1 << 16;
/// See [`MAX_TABLE`].
/// Small in tests, so that the engine's cross-checks also take lists
/// counted without a table once the tables are full.
pub(crate) const MAX_TABLES: usize = if cfg!(test) { 1 << 8 } else { 1 << 24 };

// ---------------------------------------------------------------------
// The colour balance (balance.rs)
// ---------------------------------------------------------------------

/// How many plain row-scan nodes one node with the colour balance costs:
/// the row scan keeps the balance only where its estimated tree with the
/// balance, times this, is smaller than without. Measured on counts whose
/// trees the balance does not change (edges-count 7x7: the same 39 M
/// nodes), see docs/performance.md.
pub(crate) const BALANCE_COST: f64 = 2.5;

/// A first-solution search on the assignment backend splits its tree
/// between the threads (tickets) instead of running the portfolio where the
/// problem has at most this many slots (the judges' boards, up to 5x5).
/// There the whole tree is short and a first solution, where there is
/// one, comes within the first tickets: the hard cases are proofs. The 5x5
/// near misses of the bench's `nearmiss` family (turning, 10 labels; the
/// first moment expects 2 to over 10^3 solutions, there are none) take
/// 10^5 to 10^6 nodes, so the portfolio's second thread waited out the
/// first [`WARM`] nodes of the proof and then ran restarts, which never
/// end a proof early. Split, both threads work on the proof from the
/// start (the same nodes in all). A board with solutions gets the
/// leftmost one, as on one thread. In unit tests 9, so that the engine's
/// cross-checks of restarts and portfolios keep their 4x4 boards and the
/// 3x3 ones run split.
pub(crate) const SPLIT_MAX_SLOTS: usize = if cfg!(test) { 9 } else { 25 };

// ---------------------------------------------------------------------
// Counting by meeting in the middle (memo/halves.rs)
// ---------------------------------------------------------------------

/// Random walks per half when the cut is chosen (H1): one set for the
/// first half, one per cut position for the second.
pub(crate) const HALVES_WALKS: u32 = 2048;

/// Bytes per entry of the first half's table, to bound it from the
/// estimated leaves (maps of a key, a value and a control byte, at most
/// 7/8 full and at least 7/16 after a growth: 19 to 39 bytes).
pub(crate) const HALVES_ENTRY_BYTES: f64 = 40.0;

/// The cost of a node of either half in row-scan nodes: the halves' loop
/// has no hooks, and on 5x5 Tetravex with 3 labels (seed 1, 2 threads,
/// cuts at 9 to 12 slots) a node, its share of the look-ups included, took
/// about 20 ns of CPU time, the row scan's count 31 ns.
pub(crate) const HALVES_NODE: f64 = 0.65;

/// The cost of a first-half leaf (a table insert) in row-scan nodes, in a
/// table that fits the caches.
pub(crate) const HALVES_INSERT: f64 = 4.0;

/// The cost of a second-half leaf (a look-up in the one map of its
/// frontier colours, which stays in the cache) in row-scan nodes.
pub(crate) const HALVES_LOOKUP: f64 = 0.5;

/// Inserts cost more as the table outgrows the caches: times `1 + bytes /
/// HALVES_CACHE`. Measured on a 5x5 Tetravex with 3 labels (seed 1, CPU
/// time of the count, 2 threads): cuts at 9, 10, 11 and 12 slots, with
/// tables of 1.1, 1.8, 7.4 and 10.4 M entries, took 7.8 s (372 M nodes),
/// 3.8 s (113 M), 4.5 s (97 M) and 7.4 s (86 M); the model gives 10, 3.1,
/// 5.4 and 8.5 s (at 32 M row-scan nodes a second) and orders them right.
/// (The first model, leaves times `1 + bytes / 16 MiB` for both halves,
/// estimated these counts 3 to 7 times too dear, and auto left seeds 2
/// and 4 to the row scan, which took over 30 s.)
pub(crate) const HALVES_CACHE: f64 = 256.0 * 1024.0 * 1024.0;

/// A count meets in the middle (unless `--memo halves` asks for it) only
/// where the best other way is estimated above this many row-scan nodes
/// (about 3 s): below, the choice's own walks would cost a noticeable
/// share, and the estimates are least sure.
pub(crate) const HALVES_MIN_TREE: f64 = 1e8;

/// ... and only where its estimated cost is this many times less. The
/// row scan's estimates scatter more than the halves' (they were 1.2 to
/// 2.3 times the real cost on 5x5 Tetravex with 3 labels): at 2 the
/// bench's `tetravex-count/5x5-3d` (estimated 2.1 times dearer on the row
/// scan) met in the middle in 5.5 s of CPU time against the row scan's
/// 4.8 s (1 thread), while the `generate --labels 3 --seed 1` board
/// (2.4 times) takes 3.1 to 3.7 s halved against 5.9 s: between the two.
pub(crate) const HALVES_MARGIN: f64 = 2.25;

/// A count layer by layer goes to dense arrays (`memo/halves/dense.rs`)
/// only where their additions, at most, times this are below the row
/// scan's estimated (memoised) tree: the dense layers add up every
/// possible state, reached or not, where the keyed layers expand only the
/// reached ones. Measured (additions / estimated tree, 2 threads): the
/// dense layers win on `count5`'s 2-label and turning boards (0.08 to
/// 0.32: 2.5 to 20 times faster) and lose on the skewed 3-label boards of
/// `count-scale` (0.53: 1.15 times slower; 3.5: 1.75 times), where few of
/// the possible states are reached.
pub(crate) const DENSE_ADD_COST: f64 = 2.5;
