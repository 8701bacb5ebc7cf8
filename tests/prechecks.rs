//! The pre-checks of tile puzzles (`refuted_by`): for each one an instance
//! that it refutes and every other pre-check passes, checked from outside
//! (`--stats` on stderr, `--json` `refuted_by.check`, no search node) and
//! through the library (only that check refutes it; brute force agrees that
//! it has no solution). Then soundness: no pre-check ever refutes a
//! solvable puzzle (planted boards of every kind; random small boards that
//! brute force solves).
//!
//! The instances were found by mutating planted boards until exactly one
//! check refuted them; docs/edges.md shows the 2x2 ones.

use crate::brute::{edges_text, random_tiles, tetravex_text, tiles_solvable};
use crate::util::{proptest_config, run, Rng};
use crate::verify::{Labels, Match, TileCase};
use proptest::prelude::*;
use tessera::generate::{self, TileSpec};
use tessera::puzzles::tiles::{self, Border, Rule, TilePuzzle};

/// A tetravex case (square), with `--border 0` when `border`.
fn tetravex(n: usize, tiles: &[Labels], border: bool, rotate: bool) -> TileCase {
    TileCase { border: border.then_some(0), ..TileCase::tetravex(n, tiles.to_vec(), rotate) }
}

fn edges(rows: usize, cols: usize, tiles: &[Labels], rotate: bool) -> TileCase {
    TileCase::edges(rows, cols, tiles.to_vec(), rotate)
}

/// The library's view of a case (the verifier's types are its own).
fn library_puzzle(case: &TileCase) -> TilePuzzle {
    TilePuzzle {
        rows: case.rows,
        cols: case.cols,
        tiles: case.tiles.clone(),
        rule: if case.rule == Match::Equal { Rule::Equal } else { Rule::Complement },
        border: case.border.map_or(Border::Free, Border::Label),
        rotate: case.rotate,
        fixes: Vec::new(),
    }
}

/// The command line for a case: subcommand, rule flags, input text.
fn command(case: &TileCase) -> (Vec<&'static str>, String) {
    let one = std::slice::from_ref(case);
    let mut args = vec![];
    let text = if case.rule == Match::Equal {
        args.push("tetravex");
        if case.border.is_some() {
            args.extend(["--border", "0"]);
        }
        tetravex_text(one)
    } else {
        args.push("edges");
        edges_text(one)
    };
    if case.rotate {
        args.push("--rotate");
    }
    (args, text)
}

/// `check` alone refutes `case`, before any search, and says so on
/// `--stats` and in `--json`; `detail` is part of what it says.
#[track_caller]
fn refuted_by_only(check: &str, case: &TileCase, detail: &str) {
    // The library: this check refutes it, every other passes it.
    let found: Vec<&str> = tiles::refute::refutations(&library_puzzle(case)).iter().map(|r| r.check).collect();
    assert_eq!(found, [check], "the pre-checks that refute {case:?}");
    // Brute force: there is indeed no solution.
    assert!(!tiles_solvable(case), "{case:?} is solvable");
    let (args, text) = command(case);
    // --stats: zero nodes, and the check named with its reason.
    let mut a = args.clone();
    a.push("--stats");
    let r = run(&a, text.clone());
    r.expect_code(1);
    let verdict = if case.rule == Match::Equal { "Game 1: Impossible\n" } else { "NO\n" };
    assert_eq!(r.stdout, verdict);
    assert!(r.stderr.starts_with("case 1: 0 nodes, 0 updates, 0 solutions"), "{}", r.stderr);
    let named = format!(", refuted by {check}: ");
    let reason = r.stderr.split(&named).nth(1).unwrap_or_else(|| panic!("{check} not named: {}", r.stderr));
    assert!(reason.contains(detail), "{check}: {reason}");
    // --json: refuted_by.check, no search.
    let mut a = args;
    a.push("--json");
    let r = run(&a, text);
    let rec = &r.cases()[0];
    assert_eq!(rec["refuted_by"]["check"], check, "{rec}");
    assert_eq!(rec["status"], "unsolvable");
    assert_eq!(rec["stats"]["nodes"], 0, "{rec}");
}

// ---------------------------------------------------------------------------
// border-classes: corner, frame (edge) and inner pieces against the cells
// that need them; without turning, per side of the board.

/// Corner pieces: a 3x3 needs 4 tiles with the border on two adjacent sides.
#[test]
fn border_classes_corner_pieces() {
    let case = tetravex(
        3,
        &[
            [0, 0, 1, 1],
            [0, 0, 2, 1],
            [1, 2, 2, 0],
            [0, 1, 1, 1],
            [2, 1, 1, 2],
            [1, 2, 2, 0],
            [2, 0, 1, 0],
            [1, 2, 0, 1],
            [0, 0, 2, 1],
        ],
        true,
        true,
    );
    refuted_by_only("border-classes", &case, "3 tiles have the border label 0 on top+right, but 4 cells need that");
    // The same corners among jigsaw pieces: a straight piece (flat on two
    // opposite sides) is no corner.
    let case = edges(2, 2, &[[0, 1, -1, 0], [1, -1, 0, 0], [0, 1, 0, -1], [0, 0, 1, -1]], true);
    refuted_by_only("border-classes", &case, "3 tiles have the border label 0 on top+right, but 4 cells need that");
}

/// Frame pieces: a 3x3 needs 4 pieces with one flat side; this set has 5
/// (and one flat on three sides), though its 12 flat sides match the
/// outline's 12.
#[test]
fn border_classes_frame_pieces() {
    let case = edges(
        3,
        3,
        &[
            [-1, -2, 0, -1],
            [0, 0, -1, -2],
            [2, -1, 1, 0],
            [-2, 1, -1, 2],
            [1, 0, 2, -2],
            [1, 1, 0, -1],
            [1, 0, 0, -1],
            [0, 0, 2, 0],
            [0, 1, 2, -2],
        ],
        true,
    );
    refuted_by_only("border-classes", &case, "5 tiles have the border label 0 on top, but 4 cells need that");
}

/// Without turning every side of the board counts apart: two pieces are
/// flat on the left only, where a 3x3 has one such cell.
#[test]
fn border_classes_pieces_per_side() {
    let case = edges(
        3,
        3,
        &[
            [-1, 1, 0, -1],
            [0, 0, -1, 1],
            [1, -1, 1, 1],
            [-1, -1, 1, 0],
            [0, 1, 0, 0],
            [0, -1, -1, -1],
            [1, 0, 1, 1],
            [-1, 1, 1, 0],
            [-1, 0, 0, -1],
        ],
        false,
    );
    refuted_by_only("border-classes", &case, "2 tiles have the border label 0 on left, but 1 cells need that");
}

// ---------------------------------------------------------------------------
// label-balance: without turning, right sides meet left sides and bottoms
// meet tops, label for label.

/// Tetravex without a border: the surplus must fit on the outline.
#[test]
fn label_balance_tetravex() {
    let case = tetravex(2, &[[2, 1, 1, 1], [2, 1, 0, 0], [2, 2, 0, 1], [0, 0, 1, 1]], false, false);
    refuted_by_only("label-balance", &case, "bottom/top sides: 3 sides find no partner, but only 2 lie on the outline");
}

/// Tetravex with a border: inner sides pair exactly.
#[test]
fn label_balance_tetravex_border() {
    let case = tetravex(
        3,
        &[
            [1, 0, 2, 1],
            [0, 1, 2, 1],
            [0, 1, 1, 0],
            [1, 1, 0, 0],
            [2, 0, 0, 1],
            [1, 1, 0, 1],
            [1, 1, 1, 0],
            [1, 1, 1, 2],
            [0, 0, 1, 1],
        ],
        true,
        false,
    );
    refuted_by_only("label-balance", &case, "right/left sides: 6 show label 1, but 5 can meet it");
}

/// Edges: juts of shape k on right sides against cavities of shape k on
/// left sides.
#[test]
fn label_balance_edges() {
    let case = edges(
        3,
        3,
        &[
            [-1, 1, 0, 0],
            [1, -1, -1, 2],
            [-1, 0, 0, -2],
            [-2, 1, 1, 0],
            [-1, 2, 0, -1],
            [0, 0, 2, 1],
            [0, 1, 2, 0],
            [-2, 0, 1, -2],
            [0, -1, 1, -1],
        ],
        false,
    );
    refuted_by_only("label-balance", &case, "right/left sides: 0 show label -2, but 1 can meet it");
}

// ---------------------------------------------------------------------------
// border-balance: along each border (no turning), the pieces of that row or
// column pair up among themselves.

#[test]
fn border_balance_edges() {
    let case = edges(2, 2, &[[0, 0, -1, -2], [1, 0, 0, 1], [0, -1, 1, 0], [-1, 2, 0, 0]], false);
    refuted_by_only("border-balance", &case, "along the top border, label -1 has no partner");
}

#[test]
fn border_balance_tetravex() {
    let case = tetravex(2, &[[1, 0, 0, 2], [2, 2, 0, 0], [0, 0, 2, 1], [0, 1, 1, 0]], true, false);
    refuted_by_only("border-balance", &case, "along the right border, label 1 has no partner");
}

// ---------------------------------------------------------------------------
// frame-ring: with turning and a border, frame pieces lie border outwards,
// so the joins round the frame pair up.

#[test]
fn frame_ring_edges() {
    let case = edges(2, 2, &[[-2, 0, 0, -2], [-1, 1, 0, 0], [2, 0, 0, -1], [0, 1, 2, 0]], true);
    refuted_by_only("frame-ring", &case, "round the frame, label -2 cannot be paired");
}

#[test]
fn frame_ring_tetravex() {
    let case = tetravex(2, &[[0, 1, 2, 0], [1, 2, 0, 0], [0, 1, 1, 0], [0, 0, 2, 2]], true, true);
    refuted_by_only("frame-ring", &case, "round the frame, label 1 cannot be paired");
}

// ---------------------------------------------------------------------------
// side-parity: with turning, inner sides still pair: for edges, as many
// juts k as cavities k; for tetravex with a border, an even count of every
// label; without a border, the odd ones need the outline.

#[test]
fn side_parity_edges() {
    let case = edges(
        3,
        2,
        &[[-1, 0, 0, -1], [-1, -1, -1, 0], [1, 0, 0, -1], [-1, -1, 1, 0], [1, 0, 0, 1], [1, 0, 0, 1]],
        true,
    );
    refuted_by_only("side-parity", &case, "label -1 is on 8 inner sides, which cannot all be paired");
}

#[test]
fn side_parity_tetravex_border() {
    let case = tetravex(
        3,
        &[
            [0, 1, 1, 2],
            [2, 1, 1, 1],
            [0, 2, 1, 2],
            [1, 0, 0, 2],
            [2, 1, 0, 0],
            [1, 1, 1, 0],
            [1, 2, 0, 0],
            [1, 1, 0, 1],
            [0, 1, 1, 0],
        ],
        true,
        true,
    );
    refuted_by_only("side-parity", &case, "label 1 is on 17 inner sides, which cannot all be paired");
}

/// Sixteen labels that occur once each: at most 8 can lie on the outline.
#[test]
fn side_parity_tetravex_free() {
    let case = tetravex(2, &[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]], false, true);
    refuted_by_only("side-parity", &case, "16 labels occur an odd number of times, but the outline has only 8 sides");
}

/// Every check has a test above (a new check needs one too).
#[test]
fn every_check_is_covered() {
    let names: Vec<&str> = tiles::refute::CHECKS.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, ["border-classes", "label-balance", "border-balance", "frame-ring", "side-parity"]);
}

// ---------------------------------------------------------------------------
// Soundness.

/// A planted board of any kind, shape and label scheme.
fn planted(rng: &mut generate::Rng, rows: usize, cols: usize, kind: u8, frame: usize, inner: usize) -> TilePuzzle {
    let (rule, border) = match kind % 3 {
        0 => (Rule::Equal, Border::Free),
        1 => (Rule::Equal, Border::Label(0)),
        _ => (Rule::Complement, Border::Label(0)),
    };
    let labels = |skip, count| match rule {
        Rule::Equal => TileSpec::tetravex_labels(Some(0), skip, count),
        Rule::Complement => TileSpec::edge_shapes(skip, count),
    };
    let spec = TileSpec {
        rows,
        cols,
        rule,
        border,
        frame_labels: labels(0, frame),
        inner_labels: labels(frame, inner),
        rotate: kind >= 3,
        centre_hint: false,
    };
    generate::tiles(rng, &spec)
}

proptest! {
    #![proptest_config(proptest_config(2000))]

    /// No check refutes a planted board: with and without turning, border
    /// or frame labels, tetravex or edges.
    #[test]
    fn planted_boards_are_never_refuted(seed in any::<u64>(), rows in 1usize..=7, cols in 1usize..=7, kind in 0u8..6, frame in 1usize..=3, inner in 1usize..=4) {
        let p = planted(&mut generate::Rng::new(seed), rows, cols, kind, frame, inner);
        prop_assert_eq!(tiles::refute::refutations(&p), vec![], "{:?}", p);
    }
}

/// Random small boards (mostly unsolvable): whenever brute force finds a
/// solution, no check refutes the board; and the checks do refute many of
/// the others (they are not vacuous).
#[test]
fn solvable_random_boards_are_never_refuted() {
    let mut rng = Rng::new(0x9EC);
    let (mut solvable, mut refuted) = (0, 0);
    for i in 0..3000 {
        let (rows, cols) = [(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)][i % 6];
        let rotate = i % 2 == 1;
        let case = match i % 3 {
            0 => random_tiles(&mut rng, rows, rows, 2, rotate, false),
            1 => TileCase { border: Some(0), ..random_tiles(&mut rng, rows, rows, 2, rotate, false) },
            _ => random_tiles(&mut rng, rows, cols, 2, rotate, true),
        };
        let found = tiles::refute::refutations(&library_puzzle(&case));
        if tiles_solvable(&case) {
            solvable += 1;
            assert_eq!(found, vec![], "{case:?} is solvable");
        } else if !found.is_empty() {
            refuted += 1;
        }
    }
    assert!(solvable > 200 && refuted > 500, "{solvable} solvable, {refuted} refuted");
}
