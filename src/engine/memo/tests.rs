//! Tests of the memo table's layout (one-word values widened to two, big
//! counts in a side list, clears at the cap) and of the memo keys.

use super::Memo;
use crate::engine::backends::bitset::Bitset;
use crate::engine::backends::Backend;
use crate::engine::choice::pilot::pilot;
use crate::engine::count::Count;
use crate::engine::tests::dominoes;
use crate::engine::{solve, MemoChoice, ProblemBuilder, SearchConfig};
use std::collections::HashMap;

use crate::rng::Rng;

/// A count of about `bits` bits: small ones, ones just below and above
/// 2^64 and 2^127, and ones beyond 2^128.
fn count_of(rng: &mut Rng, kind: u64) -> Count {
    let v = rng.next_u64();
    match kind {
        0 => Count::from(v % 1000),
        1 => Count::from(u64::MAX - 1 - v % 3),
        2 => {
            let mut c = Count::from(u64::MAX);
            c += v % 5;
            c
        }
        3 => {
            let mut c = Count::ZERO;
            c.add_u128((1u128 << 127) - 1 - u128::from(v % 3));
            c
        }
        4 => {
            let mut c = Count::ZERO;
            c.add_u128(u128::MAX);
            c += 2 + v % 7; // beyond 2^128
            c
        }
        _ => format!("{}{:019}{:019}", v % 97 + 1, rng.next_u64() % 10u64.pow(19), rng.next_u64() % 10u64.pow(19))
            .parse()
            .unwrap(),
    }
}

/// Stores random keys with counts of every size and reads them back, as
/// the search does (look up, miss, store with the hint), against a
/// `HashMap`; with a cap small enough that the table clears itself.
#[test]
fn the_table_keeps_exact_counts_of_every_size() {
    for words in 1..=3 {
        for (cap, kinds) in [(1 << 20, 1), (1 << 20, 6), (64 << 10, 6)] {
            let mut rng = Rng::new(words as u64 * 7 + cap as u64 + kinds);
            let mut memo = Memo::new(words, cap);
            let mut model: HashMap<Vec<u64>, Count> = HashMap::new();
            let mut clears = 0;
            for i in 0..60_000u64 {
                // Keys from a small space, so that many repeat; they differ
                // in their first and last words.
                let x = rng.next_u64() % 12_000;
                let key: Vec<u64> = match words {
                    1 => vec![x],
                    _ => (0..words).map(|w| if w + 1 == words { x % 61 } else { x / 61 + w as u64 }).collect(),
                };
                let mut got = Count::from(5u64);
                match memo.get(&key, &mut got) {
                    Ok(()) => {
                        let mut want = model[&key].clone();
                        want += 5;
                        assert_eq!(got, want, "key {key:?}");
                    }
                    Err(hint) => {
                        assert_eq!(got, Count::from(5u64), "a miss adds nothing");
                        assert!(!model.contains_key(&key), "a stored key missed");
                        let count = count_of(&mut rng, i % kinds);
                        memo.put(&key, hint, &count);
                        if memo.stats.clears > clears {
                            // The table cleared itself before storing.
                            clears = memo.stats.clears;
                            model.clear();
                        }
                        model.insert(key, count);
                    }
                }
            }
            assert!(memo.stats.hits > 1_000, "{words} words: {:?}", memo.stats);
            if cap < 1 << 20 {
                assert!(memo.stats.clears > 0 && memo.stats.bytes <= cap as u64, "{:?}", memo.stats);
            }
        }
    }
}

/// A clear at the cap leaves the table empty: every key misses afterwards.
#[test]
fn a_cleared_table_forgets_everything() {
    let mut memo = Memo::new(1, 32 << 10);
    let mut stored = Vec::new();
    let mut k = 0u64;
    while memo.stats.clears == 0 {
        let hint = memo.get(&[k], &mut Count::default()).unwrap_err();
        memo.put(&[k], hint, &Count::from(k));
        stored.push(k);
        k += 1;
    }
    // The last key was stored after the clear.
    for &k in &stored[..stored.len() - 1] {
        assert!(memo.get(&[k], &mut Count::default()).is_err());
    }
    let mut c = Count::ZERO;
    assert!(memo.get(&[k - 1], &mut c).is_ok());
    assert_eq!(c, Count::from(k - 1));
}

/// The bitset key of domino boards leaves out the piece counter (it
/// follows from the covered cells) and packs the first free cell and the
/// window after it into one word up to 16 x 16.
#[test]
fn domino_keys_take_one_word() {
    assert_eq!(Bitset::<4>::new(&dominoes(16, 16)).memo_words(), 1);
    assert_eq!(Bitset::<2>::new(&dominoes(10, 10)).memo_words(), 1);
    // Two piece types: the counters stay in the key.
    let mut b = ProblemBuilder::new();
    let cells: Vec<_> = (0..6).map(|_| b.primary(1)).collect();
    let (p, q) = (b.primary(2), b.primary(1));
    for i in 0..5 {
        b.option(&[cells[i], cells[i + 1], p], &[]);
        b.option(&[cells[i], cells[i + 1], q], &[]);
    }
    let two = b.build().unwrap();
    let memo = solve(&two, &SearchConfig { memo: MemoChoice::On, threads: 1, ..SearchConfig::count() }, None);
    // 3 dominoes on a 1x6 strip, one of them q: 3 ways.
    assert_eq!(memo.solutions.to_u64(), Some(3));
}

/// 16 x 16 domino tilings (OEIS A004003), beyond 2^64 and 2^101: the table
/// widens its values and keeps them exact; the effort is deterministic.
#[test]
fn domino_16x16_is_exact_and_its_effort_fixed() {
    let config = SearchConfig { threads: 1, memo: MemoChoice::On, ..SearchConfig::count() };
    let outcome = solve(&dominoes(16, 16), &config, None);
    assert!(outcome.complete);
    assert_eq!(outcome.solutions.to_string(), "2444888770250892795802079170816");
    let memo = outcome.stats.memo.expect("memoised");
    assert_eq!(memo.states, 1_261_420);
    assert!(outcome.stats.nodes < 1_900_000, "{} nodes", outcome.stats.nodes);
}

/// The pilot's measure is exact: searching a whole tree, it spends the
/// memoised count's nodes and covers the plain count's; broken off, it
/// covers at least the nodes it spent.
#[test]
fn the_pilot_measures_what_the_memo_saves() {
    let board = dominoes(6, 6);
    let one = |memo| SearchConfig { threads: 1, memo, ..SearchConfig::count() };
    let plain = solve(&board, &one(MemoChoice::Off), None);
    let memo = solve(&board, &one(MemoChoice::On), None);
    assert_eq!(plain.solutions.to_u64(), Some(6728));
    let mut bits = Bitset::<1>::new(&board);
    let whole = pilot(&mut bits, &SearchConfig::count(), u64::MAX, 1 << 20);
    assert!(whole.whole);
    assert_eq!(whole.memo_nodes, memo.stats.nodes);
    assert_eq!(whole.plain_nodes, plain.stats.nodes);
    assert!(whole.ratio() > 3.0, "{whole:?}");
    let part = pilot(&mut bits, &SearchConfig::count(), 100, 1 << 20);
    assert!(!part.whole && part.memo_nodes == 100 && part.plain_nodes >= 100, "{part:?}");
    assert_eq!(bits.depth(), 0, "the pilot leaves the backend at the root");
}

/// A count the walks leave without the memo (the tree looks small) takes
/// a second look once it has spent `SECOND_LOOK` nodes (64 in tests): the
/// pilot finds that dominoes repeat, and the rest of the count, from where
/// each worker stopped, is memoised. The counts stay exact.
#[test]
fn the_second_look_memoises_the_rest_of_a_count() {
    for (r, c, tilings) in [(4, 4, 36u64), (6, 6, 6728), (4, 7, 781)] {
        for threads in [1, 2] {
            let config = SearchConfig { threads, ..SearchConfig::count() };
            let outcome = solve(&dominoes(r, c), &config, None);
            assert_eq!(outcome.solutions.to_u64(), Some(tilings), "{r}x{c}, {threads} threads");
            assert!(outcome.complete);
            if r * c >= 28 {
                assert!(outcome.stats.memo.is_some(), "{r}x{c}, {threads} threads: no second look");
            }
        }
    }
}
