//! The memo's choice on duplicate-rich Tetravex without turning: a 5x5
//! board with 2 labels (`tessera generate tetravex --size 5 --labels 2
//! --seed 5`, 44,884,207 solutions) is counted by the row scan with the
//! memo (the key bound shows the states repeat, which a few hundred random
//! walks cannot see), and the count is the same for 1 and 2 threads and
//! over shards.

use tessera::engine::{self, BackendKind, Count, SearchConfig, Shard};
use tessera::puzzles::{tetravex, Model, TileModel};

const SEED_5: &str = "5
1 0 1 0
0 0 0 1
0 0 0 1
1 1 1 1
1 1 1 0
0 0 1 0
1 1 1 1
1 1 0 1
1 1 1 1
0 1 1 0
1 1 1 1
1 0 0 1
0 1 1 1
1 1 1 1
1 1 0 0
1 0 0 1
1 0 0 0
1 0 0 1
1 0 1 1
0 1 1 0
1 1 1 1
1 1 1 1
1 1 1 1
1 0 1 0
0 1 1 0
0
";

fn model() -> TileModel {
    let read = tetravex::Reader::new(SEED_5, tetravex::Layout::Tiles).next().unwrap().unwrap();
    TileModel::new(read.puzzle(&tetravex::Options::default())).unwrap()
}

#[test]
fn duplicate_rich_5x5_is_memoised_by_the_row_scan() {
    let model = model();
    let config = SearchConfig { threads: 1, ..SearchConfig::count() };
    let outcome = engine::solve(model.problem(), &config, None);
    assert!(outcome.complete);
    assert_eq!(outcome.stats.backend, Some(BackendKind::RowScan));
    let memo = outcome.stats.memo.expect("the choice memoises");
    assert_eq!(outcome.solutions.to_u64(), Some(44_884_207));
    // Deterministic effort: far fewer nodes than solutions (counted layer
    // by layer in dense arrays, the nodes are the additions: 19.1 M).
    assert!(outcome.stats.nodes < 22_000_000 && memo.states < 3_500_000, "{:?}", outcome.stats);
    // Two threads, and three shards: the same count.
    let two = engine::solve(model.problem(), &SearchConfig { threads: 2, ..SearchConfig::count() }, None);
    assert_eq!(two.solutions, outcome.solutions);
    let mut total = Count::ZERO;
    for index in 0..3 {
        let config = SearchConfig { threads: 2, shard: Some(Shard { index, count: 3 }), ..SearchConfig::count() };
        let part = engine::solve(model.problem(), &config, None);
        assert!(part.complete && part.stats.memo.is_some());
        total += &part.solutions;
    }
    assert_eq!(total, outcome.solutions);
}
