//! Tests of the row scan's build over kept arrays: a backend written over
//! the tables of earlier builds (of larger and smaller boards, in other
//! orders, with and without the memo's tables, some left deep in their
//! tree) walks the same tree, with the same memo keys and bounds, as one
//! built anew.

use super::RowScan;
use crate::engine::backends::shape::{SlotPieces, UniformSlots};
use crate::engine::backends::{Backend, Node};
use crate::engine::problem::Problem;
use crate::engine::search::halt::Halt;
use crate::engine::tests::{tetravex, tetravex_tiles, Rng};

/// Every node of `rows`'s tree in depth-first order (at most `limit`):
/// its depth, what it is, the step that entered it, its branch, and the
/// memo key and bound there. Leaves the backend at the root.
fn trace<B: Backend>(rows: &mut B, limit: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut key = vec![0u64; rows.memo_words()];
    loop {
        let depth = rows.depth();
        let node = rows.node();
        let keyed = rows.memo_key(&mut key);
        let entered = depth.checked_sub(1).map(|l| (rows.step(l), rows.branch(l)));
        out.push(format!("{depth} {node:?} {entered:?} {keyed} {key:?} {:?}", rows.memo_bound(depth)));
        if out.len() >= limit {
            break;
        }
        if node == Node::Inner && rows.first_child() {
            continue;
        }
        // Up until a level has a next sibling.
        while rows.depth() > 0 && !rows.next_sibling() {}
        if rows.depth() == 0 {
            break;
        }
    }
    rows.reset();
    out
}

/// A random permutation of `0..n` (Fisher-Yates on xorshift numbers).
fn shuffled(n: usize, seed: &mut u64) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        order.swap(i, (*seed % (i as u64 + 1)) as usize);
    }
    order
}

/// Random boards of 1x1 to 5x4 with 2 to 9 labels, growing and shrinking.
fn boards() -> Vec<Problem> {
    let sizes = [(3, 3), (1, 1), (4, 5), (2, 2), (5, 4), (1, 3), (3, 2), (4, 4), (2, 1), (5, 5), (3, 4), (1, 2)];
    let mut out = Vec::new();
    for (i, &(rows, cols)) in sizes.iter().enumerate() {
        let mut rng = Rng(i as u64 * 7919 + 17);
        let labels = 2 + (i as u64 * 5) % 8;
        out.push(tetravex(rows, cols, &tetravex_tiles(&mut rng, rows, cols, labels, i % 3 != 2)).build());
    }
    out
}

#[test]
fn tables_kept_through_boards_of_varying_sizes_walk_the_tree_of_a_fresh_build() {
    let halt = &Halt::NEVER;
    let mut kept: Option<Box<RowScan<false>>> = None;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut compared = 0;
    for round in 0..3 {
        for pb in &boards() {
            // (A board with no join is no slot/piece problem with colours.)
            let Some(shape) = SlotPieces::of(pb, halt).unwrap() else { continue };
            let Some(uniform) = UniformSlots::of(pb, &shape, halt).unwrap() else { continue };
            let n = uniform.items.rows();
            let order = (round > 0).then(|| shuffled(n, &mut seed));
            let memo = (round + n) % 2 == 0;
            let order = order.as_deref();
            let fresh = RowScan::<false>::build_into(None, pb, &uniform, order, memo, halt).unwrap();
            let again = RowScan::<false>::build_into(kept.take(), pb, &uniform, order, memo, halt).unwrap();
            let (Some(mut fresh), Some(mut again)) = (fresh, again) else { panic!("keys fit in 64 bits") };
            let limit = 20_000;
            assert_eq!(trace(&mut *again, limit), trace(&mut *fresh, limit), "round {round}, {n} slots");
            compared += 1;
            // Left somewhere in its tree, as a search stopped at a
            // solution leaves it.
            let mut depth = 0;
            while again.node() == Node::Inner && again.first_child() && depth < n / 2 {
                depth += 1;
            }
            kept = Some(again);
        }
    }
    assert!(compared >= 30, "{compared} boards compared");
}

#[test]
fn tables_held_by_a_twin_are_not_written_over() {
    let halt = &Halt::NEVER;
    let boards = boards();
    let pb = &boards[0];
    let shape = SlotPieces::of(pb, halt).unwrap().unwrap();
    let uniform = UniformSlots::of(pb, &shape, halt).unwrap().unwrap();
    let rows = RowScan::<false>::build_into(None, pb, &uniform, None, true, halt).unwrap().unwrap();
    let twins = rows.twins();
    let mut twin = twins().unwrap();
    let before = trace(&mut twin, 5_000);
    let other = &boards[2];
    let shape2 = SlotPieces::of(other, halt).unwrap().unwrap();
    let uniform2 = UniformSlots::of(other, &shape2, halt).unwrap().unwrap();
    let again = RowScan::<false>::build_into(Some(rows), other, &uniform2, None, true, halt).unwrap().unwrap();
    assert_eq!(trace(&mut twin, 5_000), before, "the twin's tables are untouched");
    let mut fresh = RowScan::<false>::build_into(None, other, &uniform2, None, true, halt).unwrap().unwrap();
    let mut again = again;
    assert_eq!(trace(&mut *again, 5_000), trace(&mut *fresh, 5_000));
}
