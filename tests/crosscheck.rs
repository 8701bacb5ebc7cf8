//! Cross-checking: generated small instances of all three puzzles, solved
//! by tessera (the command line, `--count --json`) and by the independent
//! brute force of `brute.rs`; verdicts and counts must agree and every
//! solution shown must pass the verifier. The engine's backends are also
//! compared with each other through the library: the general sparse-set
//! backend against the one the engine picks, without the pre-checks.
//!
//! A few hundred instances by default; `TESSERA_CROSSCHECK=N` runs N (the
//! totals are printed on stderr: run with `--nocapture` to see them).
//!
//! ```text
//! TESSERA_CROSSCHECK=5000 cargo test --release --test integration crosscheck -- --nocapture
//! ```

use crate::brute::{
    count_pack_capped, count_tiles_capped, near_miss_tiles, pack_text, planted_pack, planted_tiles, random_pack,
    random_tiles, tetravex_text,
};
use crate::layout::count_in_place;
use crate::pack::pack_records;
use crate::tetravex::tile_records;
use crate::util::Rng;
use crate::verify::{turn, Labels, PackCase, TileCase};
use std::collections::BTreeMap;
use tessera::engine::{self, BackendChoice, Count, MemoChoice, SearchConfig, Shard};
use tessera::puzzles::pack::{self, Board};
use tessera::puzzles::polyomino::Freedom;
use tessera::puzzles::{edges, tetravex, Model, PackModel, TileModel};

/// Counts above this are compared as "at least this many" (brute force
/// enumerates every solution).
const CAP: u64 = 20_000;

/// How many instances to run.
fn instances() -> usize {
    std::env::var("TESSERA_CROSSCHECK").ok().and_then(|v| v.parse().ok()).unwrap_or(600)
}

/// Totals for the report.
#[derive(Default, Debug)]
struct Tally {
    instances: u64,
    solvable: u64,
    unsolvable: u64,
    capped: u64,
    solutions: u64,
}

impl Tally {
    fn add(&mut self, count: u64) {
        self.instances += 1;
        match count {
            0 => self.unsolvable += 1,
            c => {
                self.solvable += 1;
                self.solutions += c.min(CAP);
                if c >= CAP {
                    self.capped += 1;
                }
            }
        }
    }
}

/// What a generated tile instance is run with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum TileRule {
    Plain,
    Rotate,
    InPlace,
    Border,
    BorderRotate,
}

impl TileRule {
    fn args(self) -> &'static [&'static str] {
        match self {
            TileRule::Plain => &[],
            TileRule::Rotate => &["--rotate"],
            TileRule::InPlace => &["--in-place"],
            TileRule::Border => &["--border", "0"],
            TileRule::BorderRotate => &["--border", "0", "--rotate"],
        }
    }
}

/// A solved n x n board in reading order: inner joins `1..labels`, and the
/// outline 0 (`frame`) or any label.
fn solved_board(rng: &mut Rng, n: usize, labels: i32, frame: bool) -> Vec<Labels> {
    let mut label = |outer: bool| if outer && frame { 0 } else { 1 + rng.below(labels as usize - 1) as i32 };
    let h: Vec<Vec<i32>> = (0..n).map(|_| (0..=n).map(|c| label(c == 0 || c == n)).collect()).collect();
    let v: Vec<Vec<i32>> = (0..=n).map(|r| (0..n).map(|_| label(r == 0 || r == n)).collect()).collect();
    (0..n * n).map(|i| (i / n, i % n)).map(|(r, c)| [v[r][c], h[r][c + 1], v[r + 1][c], h[r][c]]).collect()
}

/// A tetravex instance: planted, near miss or random, under some rule.
fn tetravex_instance(rng: &mut Rng) -> (TileRule, TileCase) {
    let rule =
        [TileRule::Plain, TileRule::Rotate, TileRule::InPlace, TileRule::Border, TileRule::BorderRotate][rng.below(5)];
    let n = rng.range(1, 3);
    let labels: i32 = [2, 3, 4, 10][rng.below(4)];
    let turns = matches!(rule, TileRule::Rotate | TileRule::BorderRotate);
    let kind = rng.below(3);
    let mut case = match (rule, kind) {
        (TileRule::Plain | TileRule::Rotate, 0) => planted_tiles(rng, n, n, labels, turns, false),
        (TileRule::Plain | TileRule::Rotate, 1) => {
            let p = planted_tiles(rng, n, n, labels, turns, false);
            near_miss_tiles(rng, &p, labels)
        }
        (TileRule::InPlace, 0 | 1) => {
            // A solved board with every tile turned where it lies.
            let tiles = solved_board(rng, n, labels, false).into_iter().map(|t| turn(t, rng.below(4) as u8)).collect();
            let p = TileCase::tetravex(n, tiles, true);
            if kind == 0 {
                p
            } else {
                near_miss_tiles(rng, &p, labels)
            }
        }
        (TileRule::Border | TileRule::BorderRotate, 0 | 1) => {
            // A framed board, shuffled (and turned).
            let mut tiles: Vec<Labels> = solved_board(rng, n, labels.max(3), true);
            if turns {
                tiles.iter_mut().for_each(|t| *t = turn(*t, rng.below(4) as u8));
            }
            rng.shuffle(&mut tiles);
            let p = TileCase::tetravex(n, tiles, turns);
            if kind == 0 {
                p
            } else {
                near_miss_tiles(rng, &p, labels.max(3))
            }
        }
        _ => random_tiles(rng, n, n, labels, turns, false),
    };
    match rule {
        TileRule::InPlace => {
            case.rotate = true;
            case.fixes = (0..n * n).map(|i| (i, i / n, i % n, None)).collect();
        }
        TileRule::Border | TileRule::BorderRotate => case.border = Some(0),
        _ => {}
    }
    (rule, case)
}

/// An edges instance (letters or numbered shapes), maybe turned.
fn edges_instance(rng: &mut Rng) -> (TileRule, TileCase) {
    let rotate = rng.coin();
    let (rows, cols) = (rng.range(1, 3), rng.range(1, 3));
    let shapes = [1, 1, 2, 3][rng.below(4)];
    let case = match rng.below(3) {
        0 => planted_tiles(rng, rows, cols, shapes, rotate, true),
        1 => {
            let p = planted_tiles(rng, rows, cols, shapes, rotate, true);
            near_miss_tiles(rng, &p, shapes)
        }
        _ => random_tiles(rng, rows, cols, 2, rotate, true),
    };
    (if rotate { TileRule::Rotate } else { TileRule::Plain }, case)
}

/// A packing instance on a board of at most 12 cells, any freedom.
fn pack_instance(rng: &mut Rng) -> PackCase {
    let (rotate, flip) = (rng.coin(), rng.coin());
    let (rows, cols) = [(2, 2), (2, 3), (3, 3), (2, 4), (3, 4), (1, 5), (2, 5)][rng.below(7)];
    let pieces = rng.range(1, 5.min(rows * cols));
    if rng.coin() {
        planted_pack(rng, rows, cols, pieces, rotate, flip)
    } else {
        random_pack(rng, rows, cols, pieces, rotate, flip)
    }
}

fn tile_brute(rule: TileRule, case: &TileCase) -> u64 {
    if rule == TileRule::InPlace {
        count_in_place(case.rows, &case.tiles).min(CAP)
    } else {
        count_tiles_capped(case, CAP)
    }
}

/// Runs the tile instances of one subcommand, grouped by rule, through the
/// command line; compares counts with brute force.
fn check_tiles_cli(sub: &str, instances: &[(TileRule, TileCase)], tally: &mut Tally) {
    let mut groups: BTreeMap<TileRule, Vec<TileCase>> = BTreeMap::new();
    for (rule, case) in instances {
        groups.entry(*rule).or_default().push(case.clone());
    }
    for (k, (rule, cases)) in groups.iter().enumerate() {
        let expect: Vec<u64> = cases.iter().map(|c| tile_brute(*rule, c)).collect();
        for chunk in (0..cases.len()).collect::<Vec<_>>().chunks(200) {
            let batch: Vec<TileCase> = chunk.iter().map(|&i| cases[i].clone()).collect();
            let threads = if k % 2 == 0 { "1" } else { "2" };
            let mut args = vec!["--count", "--threads", threads];
            args.extend_from_slice(rule.args());
            let records = tile_records(sub, &batch, &args);
            for (rec, &i) in records.iter().zip(chunk) {
                let got = rec["count"].as_u64().expect("a count");
                assert_eq!(got.min(CAP), expect[i], "{sub} {args:?}: {:?}\nrecord: {rec}", cases[i]);
                assert_eq!(rec["complete"], true);
                tally.add(got);
            }
        }
    }
}

/// Runs the packing instances, grouped by board and freedom.
fn check_pack_cli(instances: &[PackCase], tally: &mut Tally) {
    let mut groups: BTreeMap<(usize, usize, bool, bool), Vec<PackCase>> = BTreeMap::new();
    for c in instances {
        groups.entry((c.rows, c.cols, c.rotate, c.flip)).or_default().push(c.clone());
    }
    for (k, cases) in groups.values().enumerate() {
        let threads = if k % 2 == 0 { "1" } else { "2" };
        for batch in cases.chunks(200) {
            let records = pack_records(batch, &["--count", "--threads", threads]);
            for (rec, case) in records.iter().zip(batch) {
                let got = rec["count"].as_u64().expect("a count");
                assert_eq!(got.min(CAP), count_pack_capped(case, CAP), "{case:?}\nrecord: {rec}");
                tally.add(got);
            }
        }
    }
}

/// Counts with the engine alone (no pre-checks), with a backend.
fn engine_count(model: &impl Model, backend: BackendChoice) -> u64 {
    let config = SearchConfig { threads: 1, backend, ..SearchConfig::default() };
    let outcome = engine::solve(model.problem(), &config, None);
    assert!(outcome.complete);
    outcome.solutions.saturating_u64()
}

/// The library's model of a tile instance, read from its judge text.
fn tile_model(sub: &str, rule: TileRule, case: &TileCase) -> TileModel {
    let puzzle = if sub == "edges" {
        let text = crate::brute::edges_text(std::slice::from_ref(case));
        let read = edges::Reader::new(&text).next().unwrap().unwrap();
        read.puzzle(&edges::Options { rotate: case.rotate, fixes: vec![] })
    } else {
        let text = tetravex_text(std::slice::from_ref(case));
        let read = tetravex::Reader::new(&text, tetravex::Layout::Tiles).next().unwrap().unwrap();
        let opts = tetravex::Options {
            rotate: case.rotate,
            in_place: rule == TileRule::InPlace,
            border: case.border,
            ..tetravex::Options::default()
        };
        read.puzzle(&opts)
    };
    TileModel::new(puzzle).unwrap()
}

/// The library's model of a packing instance.
fn pack_model(case: &PackCase) -> PackModel {
    let text = pack_text(std::slice::from_ref(case));
    let read = pack::Reader::new(&text).next().unwrap().unwrap();
    let freedom = Freedom { rotate: case.rotate, flip: case.flip };
    PackModel::new(read.puzzle(&Board::rectangle(case.rows, case.cols), freedom)).unwrap()
}

#[test]
fn engine_agrees_with_brute_force() {
    let n = instances();
    let mut rng = Rng::new(0xC0FFEE);
    let (mut tv, mut ed, mut pk) = (vec![], vec![], vec![]);
    for i in 0..n {
        match i % 3 {
            0 => tv.push(tetravex_instance(&mut rng)),
            1 => ed.push(edges_instance(&mut rng)),
            _ => pk.push(pack_instance(&mut rng)),
        }
    }
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    check_tiles_cli("tetravex", &tv, tallies.entry("tetravex").or_default());
    check_tiles_cli("edges", &ed, tallies.entry("edges").or_default());
    check_pack_cli(&pk, tallies.entry("pack").or_default());
    let total: u64 = tallies.values().map(|t| t.instances).sum();
    assert_eq!(total, n as u64);
    for (name, t) in &tallies {
        eprintln!(
            "crosscheck {name}: {} instances, {} solvable, {} unsolvable, {} solutions counted, {} at the cap of {CAP}; no mismatch",
            t.instances, t.solvable, t.unsolvable, t.solutions, t.capped
        );
        // Both verdicts are exercised.
        if t.instances >= 30 {
            assert!(t.solvable > 0 && t.unsolvable > 0, "{name}: {t:?}");
        }
    }
}

#[test]
fn backends_agree() {
    // The general backend against the engine's own choice, on the same
    // generated instances (pack problems run the bitset backend by default;
    // tile problems whatever the engine picks for them), and against brute
    // force. No pre-check runs here, so the search itself must refute.
    let n = instances() / 2;
    let mut rng = Rng::new(0xBAC0);
    let mut compared = [0u64; 3];
    for i in 0..n {
        match i % 3 {
            0 => {
                let case = pack_instance(&mut rng);
                let model = pack_model(&case);
                let auto = engine_count(&model, BackendChoice::Auto);
                let general = engine_count(&model, BackendChoice::General);
                assert_eq!(auto, general, "backends disagree on {case:?}");
                assert_eq!(auto.min(CAP), count_pack_capped(&case, CAP), "{case:?}");
                compared[0] += 1;
            }
            1 => {
                let (rule, case) = tetravex_instance(&mut rng);
                let model = tile_model("tetravex", rule, &case);
                let auto = engine_count(&model, BackendChoice::Auto);
                let general = engine_count(&model, BackendChoice::General);
                assert_eq!(auto, general, "backends disagree on {rule:?} {case:?}");
                assert_eq!(auto.min(CAP), tile_brute(rule, &case), "{rule:?} {case:?}");
                compared[1] += 1;
            }
            _ => {
                let (rule, case) = edges_instance(&mut rng);
                let model = tile_model("edges", rule, &case);
                let auto = engine_count(&model, BackendChoice::Auto);
                let general = engine_count(&model, BackendChoice::General);
                assert_eq!(auto, general, "backends disagree on {case:?}");
                assert_eq!(auto.min(CAP), tile_brute(rule, &case), "{case:?}");
                compared[2] += 1;
            }
        }
    }
    eprintln!(
        "crosscheck backends: {} pack, {} tetravex, {} edges instances; general = default = brute force",
        compared[0], compared[1], compared[2]
    );
}

/// A search for one solution of a board whose tiles turn keeps one
/// solution per turn of the whole board (`TilePuzzle::turn_breaker`: the
/// middle cell's tile on a board with odd sides, else a tile without a
/// twin, fixed in its first orientations). Its verdicts must still be
/// brute force's on every shape that rule treats apart: odd and even
/// sides, square and oblong, twins and symmetric tiles (few labels), on
/// one and two threads; every solution shown passes the verifier
/// (`tile_records`).
#[test]
fn first_solutions_of_turning_boards_agree_with_brute_force() {
    let mut rng = Rng::new(0x7_0E2);
    let mut tv: Vec<TileCase> = vec![];
    let mut ed: Vec<TileCase> = vec![];
    for i in 0..instances() / 2 {
        let labels: i32 = [2, 3, 4, 6][rng.below(4)];
        let near = rng.coin();
        if i % 2 == 0 {
            let n = [1, 2, 3, 3, 4][rng.below(5)];
            let p = planted_tiles(&mut rng, n, n, labels, true, false);
            tv.push(if near { near_miss_tiles(&mut rng, &p, labels) } else { p });
        } else {
            let (rows, cols) = [(1, 2), (1, 3), (2, 3), (3, 2), (3, 1), (2, 4), (3, 3)][rng.below(7)];
            let shapes = labels.min(3);
            let p = planted_tiles(&mut rng, rows, cols, shapes, true, true);
            ed.push(if near { near_miss_tiles(&mut rng, &p, shapes) } else { p });
        }
    }
    let mut verdicts = [0u64; 2];
    for (sub, cases) in [("tetravex", &tv), ("edges", &ed)] {
        let expect: Vec<bool> = cases.iter().map(|c| count_tiles_capped(c, 1) > 0).collect();
        for threads in ["1", "2"] {
            let records = tile_records(sub, cases, &["--rotate", "--threads", threads]);
            for ((rec, case), &want) in records.iter().zip(cases.iter()).zip(&expect) {
                assert_eq!(rec["solvable"], want, "{sub} --threads {threads}: {case:?}\nrecord: {rec}");
                verdicts[usize::from(want)] += 1;
            }
        }
    }
    eprintln!("crosscheck turning first solutions: {} solvable, {} unsolvable verdicts", verdicts[1], verdicts[0]);
    assert!(verdicts[0] > 0 && verdicts[1] > 0, "both verdicts exercised: {verdicts:?}");
}

#[test]
fn backends_agree_on_larger_packings() {
    // Beyond brute force: bigger boards, the backends only against each
    // other (planted, so solvable; counts can be large).
    let mut rng = Rng::new(0xB16);
    let rounds = (instances() / 30).max(6);
    for i in 0..rounds {
        let (rows, cols) = [(4, 5), (5, 5), (3, 8), (4, 6)][i % 4];
        let pieces = [4, 5, 6][i % 3];
        let case = planted_pack(&mut rng, rows, cols, pieces, i % 2 == 0, i % 3 == 0);
        let model = pack_model(&case);
        let auto = engine_count(&model, BackendChoice::Auto);
        let general = engine_count(&model, BackendChoice::General);
        assert_eq!(auto, general, "backends disagree on {case:?}");
        assert!(auto > 0, "a planted packing is solvable: {case:?}");
    }
}

/// Counts with the engine alone, the memo forced on or off, with `threads`
/// threads, summed over the shards of a split into `shards`; and whether
/// the memo ran.
fn memo_count(
    model: &impl Model,
    backend: BackendChoice,
    memo: MemoChoice,
    threads: usize,
    shards: u32,
) -> (u64, bool) {
    let mut total = Count::ZERO;
    let mut memoised = false;
    for index in 0..shards {
        let shard = (shards > 1).then_some(Shard { index, count: shards });
        let config = SearchConfig { threads, backend, memo, shard, ..SearchConfig::default() };
        let outcome = engine::solve(model.problem(), &config, None);
        assert!(outcome.complete);
        memoised |= outcome.stats.memo.is_some();
        total += &outcome.solutions;
    }
    (total.saturating_u64(), memoised)
}

/// A model's [`memo_count`].
type MemoCounter = dyn Fn(BackendChoice, MemoChoice, usize, u32) -> (u64, bool);

#[test]
fn memoised_counts_agree_with_brute_force() {
    // All three puzzles, the memo forced on (packing: bitset; tiles: the row
    // scan, where it applies), with 1 and 2 threads and over 3 shards,
    // against enumeration and brute force.
    let n = instances() / 2;
    let mut rng = Rng::new(0x3E30);
    let mut memoised = [0u64; 3];
    for i in 0..n {
        let (kind, brute, model): (usize, u64, Box<MemoCounter>) = match i % 3 {
            0 => {
                let case = pack_instance(&mut rng);
                let model = pack_model(&case);
                (0, count_pack_capped(&case, CAP), Box::new(move |b, m, t, s| memo_count(&model, b, m, t, s)))
            }
            1 => {
                let (rule, case) = tetravex_instance(&mut rng);
                let model = tile_model("tetravex", rule, &case);
                (1, tile_brute(rule, &case), Box::new(move |b, m, t, s| memo_count(&model, b, m, t, s)))
            }
            _ => {
                let (rule, case) = edges_instance(&mut rng);
                let model = tile_model("edges", rule, &case);
                (2, tile_brute(rule, &case), Box::new(move |b, m, t, s| memo_count(&model, b, m, t, s)))
            }
        };
        let backend = if kind == 0 { BackendChoice::Auto } else { BackendChoice::RowScan };
        let (plain, _) = model(backend, MemoChoice::Off, 1, 1);
        assert_eq!(plain.min(CAP), brute, "instance {i}");
        for (threads, shards) in [(1, 1), (2, 1), (1, 3), (2, 3)] {
            let (got, used) = model(backend, MemoChoice::On, threads, shards);
            assert_eq!(got, plain, "instance {i}: memo on, {threads} threads, {shards} shards");
            memoised[kind] += u64::from(used && threads == 1 && shards == 1);
        }
    }
    eprintln!(
        "crosscheck memo: {} pack, {} tetravex, {} edges instances memoised; memo = enumeration = brute force",
        memoised[0], memoised[1], memoised[2]
    );
    assert!(memoised.iter().all(|&m| m > 0), "{memoised:?}");
}
