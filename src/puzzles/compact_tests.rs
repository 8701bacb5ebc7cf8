//! Tests: a tile board encoded as templates and slots (the compact form of
//! [`crate::engine::Problem`]) agrees option by option with the same board
//! written out option by option, and so do the engine's readings of it
//! (the slot/piece shape, the uniform slots, the dense colours), on boards
//! with and without turning, with hints, and with Eternity II frames.

use crate::engine::shape::{OptionList, SlotPieces, UniformSlots};
use crate::engine::{solve, square, Halt, Problem, SearchConfig};
use crate::generate::{tiles, Rng, TileSpec};
use crate::puzzles::tiles::{Border, Fix, Orbits, Rule, TilePuzzle};

/// Small boards of every kind: Tetravex, turning (with even and odd
/// sides), Eternity II-style frames with a centre hint, jigsaw edges, and
/// hints with and without a rotation.
fn boards() -> Vec<TilePuzzle> {
    let spec = |rows, cols, rotate, border: Border, frame: Vec<i32>, inner: Vec<i32>, centre_hint, rule| TileSpec {
        rows,
        cols,
        rule,
        border,
        frame_labels: frame,
        inner_labels: inner,
        rotate,
        centre_hint,
    };
    let mut out = Vec::new();
    for seed in 1..4 {
        let mut rng = Rng::new(seed);
        let labels: Vec<i32> = (1..5).collect();
        out.push(tiles(&mut rng, &spec(5, 6, false, Border::Free, labels.clone(), labels.clone(), false, Rule::Equal)));
        out.push(tiles(&mut rng, &spec(4, 4, true, Border::Free, labels.clone(), labels.clone(), false, Rule::Equal)));
        // Odd sides: a first solution breaks the turns at the middle cell.
        out.push(tiles(&mut rng, &spec(5, 5, true, Border::Free, labels.clone(), labels.clone(), false, Rule::Equal)));
        out.push(tiles(&mut rng, &spec(3, 5, true, Border::Free, labels.clone(), labels.clone(), false, Rule::Equal)));
        let frame = vec![1, 2];
        let inner: Vec<i32> = (3..7).collect();
        out.push(tiles(&mut rng, &spec(6, 6, true, Border::Label(0), frame, inner, true, Rule::Equal)));
        out.push(tiles(
            &mut rng,
            &spec(4, 5, false, Border::Label(0), vec![1, 2, 3], vec![1, 2, 3], false, Rule::Complement),
        ));
        let mut hinted = tiles(&mut rng, &spec(5, 5, true, Border::Free, labels.clone(), labels, false, Rule::Equal));
        hinted.fixes.push(Fix { piece: 3, row: 1, col: 2, rotation: None });
        hinted.fixes.push(Fix { piece: 7, row: 4, col: 0, rotation: Some(1) });
        out.push(hinted);
    }
    out
}

/// The explicit form's arrays, for comparison.
fn arrays(pb: &Problem) -> (Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>) {
    let ex = pb.ex();
    (ex.opt_start.clone(), ex.node_item.clone(), ex.node_colour.clone(), ex.opt_primaries.clone())
}

/// The boards, each for every solution and for a first solution (whose
/// encoding breaks a turning board's turns: a tile type's or the middle
/// cell's orientations left out), numbered for the messages.
fn boards_and_orbits() -> Vec<(String, TilePuzzle, Orbits)> {
    let boards = boards();
    let orbits = [Orbits::Every, Orbits::Some];
    let both = boards.iter().enumerate().flat_map(|(b, p)| orbits.map(|o| (format!("{b} {o:?}"), p.clone(), o)));
    both.collect()
}

#[test]
fn the_compact_form_writes_out_the_options_of_the_explicit_encoding() {
    let halt = Halt::NEVER;
    for (b, puzzle, orbits) in boards_and_orbits() {
        let explicit = puzzle.encode_as(false, orbits, &halt).unwrap().problem;
        let compact = puzzle.encode_as(true, orbits, &halt).unwrap().problem;
        assert!(compact.compact().is_some() && explicit.compact().is_none(), "board {b}");
        assert_eq!(compact.option_count(), explicit.option_count(), "board {b}");
        // Read before the options are written out, from the templates.
        for o in 0..explicit.option_count() {
            assert!(compact.primaries(o).eq(explicit.primaries(o)), "board {b}, option {o}");
        }
        let dense = explicit.dense_colours(&halt).unwrap();
        let cdense = compact.compact_dense(&halt).unwrap().expect("small colours");
        assert_eq!(cdense.n_colours, dense.n_colours, "board {b}");
        for o in 0..explicit.option_count() {
            for ((k, j), (_, c)) in explicit.secondary_nodes(o).zip(explicit.secondaries(o)) {
                let map = cdense.item_map(j);
                assert_eq!(map[c as usize], dense.node[k], "board {b}, option {o}, item {j}");
            }
        }
        // The shape and the uniform slots, read from the templates.
        let (shape, cshape) = (SlotPieces::of(&explicit, &halt).unwrap(), SlotPieces::of(&compact, &halt).unwrap());
        let (Some(shape), Some(cshape)) = (shape, cshape) else { panic!("board {b}: not a slot/piece problem") };
        assert_eq!(
            (&cshape.slot_item, &cshape.item_slot, &cshape.item_piece, &cshape.copies),
            (&shape.slot_item, &shape.item_slot, &shape.item_piece, &shape.copies),
            "board {b}"
        );
        // Each slot's options as ranges, then written out: the lists.
        assert_eq!(cshape.options.len(), shape.options.len(), "board {b}");
        for (s, list) in shape.options.iter().enumerate() {
            let range = cshape.options.of(s);
            assert!(matches!(range, OptionList::Range(..)), "board {b}: written out before asked");
            assert_eq!((range.len(), range.first()), (list.len(), list.first()), "board {b}, slot {s}");
            assert!(range.iter().eq(list.iter()) && range.consecutive(), "board {b}, slot {s}");
        }
        assert_eq!(cshape.options.write_out(&halt).unwrap(), &*shape.options, "board {b}");
        assert!(matches!(cshape.options.of(0), OptionList::Listed(..)), "board {b}");
        let uniform = UniformSlots::of(&explicit, &shape, &halt).unwrap().unwrap();
        let cuniform = UniformSlots::of(&compact, &cshape, &halt).unwrap().unwrap();
        assert_eq!(cuniform.items, uniform.items, "board {b}");
        let cclasses = cuniform.classes(&compact, cdense, &halt).unwrap();
        for (s, items) in uniform.items.iter().enumerate() {
            let cols = uniform.colours_on(&explicit, dense, s, items);
            assert_eq!(cuniform.colours_on(&compact, cdense, s, items), cols, "board {b}, slot {s}");
            // A slot agrees option by option with its class's first slot.
            let r = cclasses[s] as usize;
            assert_eq!(cuniform.colours_on(&compact, cdense, r, uniform.items.row(r)), cols, "board {b}, slot {s}");
            let pieces = |s: usize| -> Vec<u32> {
                shape.options[s].iter().map(|&o| shape.piece_of(&explicit, o as usize)).collect()
            };
            assert_eq!(pieces(r), pieces(s), "board {b}, slot {s}");
        }
        // Written out, the same options, colours and fingerprint.
        assert_eq!(arrays(&compact), arrays(&explicit), "board {b}");
        assert_eq!(compact.fingerprint(), explicit.fingerprint(), "board {b}");
    }
}

/// Every kind of tile board declares its cells a board
/// (`ProblemBuilder::declare_grid`), and the claim holds in both forms, for
/// every solution and for a first one: the row scan's square order is
/// written down for all of them, not grown (`backends/square.rs`, Q5), so
/// a change to the encoding that broke the claim would be caught here, not
/// only seen as a slower setup.
#[test]
fn every_tile_encoding_declares_a_board_that_holds() {
    let halt = Halt::NEVER;
    for (b, puzzle, orbits) in boards_and_orbits() {
        for compact in [false, true] {
            let pb = puzzle.encode_as(compact, orbits, &halt).unwrap().problem;
            let shape = SlotPieces::of(&pb, &halt).unwrap().expect("a slot/piece problem");
            let uniform = UniformSlots::of(&pb, &shape, &halt).unwrap().expect("uniform slots");
            let board = square::declared_board(&pb, &uniform);
            assert_eq!(board, Some((puzzle.rows, puzzle.cols)), "board {b}, compact: {compact}");
        }
    }
}

/// One option per cell of `cells` (in that order) of a tile problem with
/// `n` cells, each of the first tile type that still has a copy: not a
/// solution, but decoding only hands out the tiles. Cells with no such
/// option are left out.
pub(super) fn hand_out_tiles(pb: &Problem, n: usize, cells: impl IntoIterator<Item = usize>) -> Vec<usize> {
    let mut copies: Vec<u32> = (n..pb.primary_count()).map(|i| pb.multiplicity[i]).collect();
    let mut chosen = Vec::new();
    for cell in cells {
        let pick = (0..pb.option_count()).find(|&o| {
            let mut p = pb.primaries(o).map(|i| i.index());
            p.next() == Some(cell) && p.next().is_some_and(|t| copies[t - n] > 0)
        });
        let Some(o) = pick else { continue };
        copies[pb.primaries(o).nth(1).unwrap().index() - n] -= 1;
        chosen.push(o);
    }
    chosen
}

#[test]
fn a_compact_problem_decodes_as_the_explicit_one() {
    let halt = Halt::NEVER;
    for (b, puzzle, orbits) in boards_and_orbits() {
        let explicit = puzzle.encode_as(false, orbits, &halt).unwrap();
        let compact = puzzle.encode_as(true, orbits, &halt).unwrap();
        // One option per cell, each of the first type that still has a
        // copy: not a solution, but decode only hands out the tiles.
        let n = puzzle.rows * puzzle.cols;
        let chosen = hand_out_tiles(&explicit.problem, n, 0..n);
        if chosen.len() == n {
            assert_eq!(compact.decode(&puzzle, &chosen), explicit.decode(&puzzle, &chosen), "board {b}");
        }
    }
}

/// A planted `rows x cols` board of `labels` (frame and inner alike)
/// under `border`, its tiles turning if `rotate`.
fn planted(seed: u64, rows: usize, cols: usize, rotate: bool, border: Border, labels: &[i32]) -> TilePuzzle {
    let (frame_labels, inner_labels) = (labels.to_vec(), labels.to_vec());
    let spec =
        TileSpec { rows, cols, rule: Rule::Equal, border, frame_labels, inner_labels, rotate, centre_hint: false };
    tiles(&mut Rng::new(seed), &spec)
}

/// Which encoding a search gets: a first solution of a board of at least
/// four cells is compact (its trial reads the templates), turning or not;
/// a board of fewer cells writes its options out, and so do the other
/// searches of boards under 196 cells.
#[test]
fn a_first_solution_is_compact_from_four_cells() {
    let halt = Halt::NEVER;
    let labels: Vec<i32> = (1..5).collect();
    for (rows, cols, rotate, orbits, first, compact) in [
        (1, 1, false, Orbits::Some, true, false),
        (1, 3, false, Orbits::Some, true, false),
        (1, 3, true, Orbits::Some, true, false),
        (2, 2, false, Orbits::Some, true, true),
        (2, 2, true, Orbits::Some, true, true),
        (2, 4, false, Orbits::Some, true, true),
        (3, 3, false, Orbits::Some, true, true),
        (3, 4, false, Orbits::Some, true, true),
        (5, 5, false, Orbits::Some, true, true),
        (5, 5, true, Orbits::Some, true, true),
        (4, 4, true, Orbits::Some, true, true),
        (6, 6, false, Orbits::Every, true, true),
        (6, 6, true, Orbits::Every, true, true),
        (3, 3, false, Orbits::Every, false, false),
        (6, 6, false, Orbits::Every, false, false),
        (5, 5, false, Orbits::Counted, false, false),
        (14, 14, false, Orbits::Every, false, true),
        (14, 14, false, Orbits::Counted, false, true),
    ] {
        let puzzle = planted(7, rows, cols, rotate, Border::Free, &labels);
        let encoded = puzzle.encode_in(None, &halt, orbits, first).unwrap();
        let what = format!("{rows}x{cols}, turning {rotate}, {orbits:?}, first {first}");
        assert_eq!(encoded.problem.compact().is_some(), compact, "{what}");
        // Either way the planted board's first solution is found.
        if first {
            let outcome = crate::engine::solve(&encoded.problem, &crate::engine::SearchConfig::first(), None);
            assert_eq!(outcome.solutions.to_u64(), Some(1), "{what}");
        }
    }
}

/// Outer joins (every cell names four joins, a border side's its own):
/// the options written out are the explicit encoding's, item for item
/// (the engine leaves out the items one cell alone names), the board's
/// claim holds, the plain cells share one template, and the options
/// decode and count alike.
#[test]
fn outer_joins_write_out_the_options_of_the_explicit_encoding() {
    let halt = Halt::NEVER;
    let free = boards_and_orbits().into_iter().filter(|(_, p, _)| matches!(p.border, Border::Free));
    for (b, puzzle, orbits) in free {
        let explicit = puzzle.encode_as(false, orbits, &halt).unwrap();
        let outer = puzzle.encode_outer(orbits, &halt).unwrap();
        let (rows, cols, n) = (puzzle.rows, puzzle.cols, puzzle.rows * puzzle.cols);
        let extra = outer.problem.secondary_count() - explicit.problem.secondary_count();
        assert_eq!(extra, 2 * (rows + cols), "board {b}");
        // Hinted cells, and a cell the turn breaker singles out, have their own.
        let templates = outer.problem.compact().expect("templates").templates.len();
        assert!(templates == 1 || !puzzle.fixes.is_empty() || puzzle.rotate, "board {b}: {templates} templates");
        let shape = SlotPieces::of(&outer.problem, &halt).unwrap().expect("a slot/piece problem");
        let uniform = UniformSlots::of(&outer.problem, &shape, &halt).unwrap().expect("uniform slots");
        assert_eq!(square::declared_board(&outer.problem, &uniform), Some((rows, cols)), "board {b}");
        // The same options naming the same items; the colours numbered
        // otherwise (a label's first use comes sooner when every cell names
        // four joins), the same once numbered densely per item.
        let ((start, items, _, prims), (x_start, x_items, _, x_prims)) =
            (arrays(&outer.problem), arrays(&explicit.problem));
        assert!(start == x_start && items == x_items && prims == x_prims, "board {b}: other options");
        let (dense, x_dense) =
            (outer.problem.dense_colours(&halt).unwrap(), explicit.problem.dense_colours(&halt).unwrap());
        assert!(dense.node == x_dense.node, "board {b}: other colours");
        assert_eq!(dense.n_colours[..x_dense.n_colours.len()], x_dense.n_colours[..], "board {b}");
        let chosen = hand_out_tiles(&explicit.problem, n, 0..n);
        if chosen.len() == n {
            assert_eq!(outer.decode(&puzzle, &chosen), explicit.decode(&puzzle, &chosen), "board {b}");
        }
        let first = |pb: &Problem| solve(pb, &SearchConfig::first(), None).solutions;
        assert_eq!(first(&outer.problem), first(&explicit.problem), "board {b}");
    }
    // Counted on boards small enough to count in a debug build.
    for (seed, rows, cols, rotate) in [(1, 3, 3, false), (2, 3, 3, true), (3, 2, 4, true), (4, 3, 4, false)] {
        let puzzle = planted(seed, rows, cols, rotate, Border::Free, &[1, 2, 3]);
        for orbits in [Orbits::Every, Orbits::Some] {
            let explicit = puzzle.encode_as(false, orbits, &halt).unwrap().problem;
            let outer = puzzle.encode_outer(orbits, &halt).unwrap().problem;
            let count = |pb: &Problem| solve(pb, &SearchConfig::count(), None).solutions;
            let (got, want) = (count(&outer), count(&explicit));
            assert!(
                got == want && want.to_u64() != Some(0),
                "{rows}x{cols} turning {rotate} {orbits:?}: {got} against {want}"
            );
        }
    }
}

/// Which encodings have outer joins: compact ones of at least nine cells
/// under a free border (a first solution's from nine cells, a count's
/// from 196, where it becomes compact).
#[test]
fn outer_joins_from_nine_cells_under_a_free_border() {
    let halt = Halt::NEVER;
    let labels: Vec<i32> = (1..9).collect();
    for (side, border, first, outer) in [
        (14, Border::Free, true, true),
        (14, Border::Free, false, true),
        (13, Border::Free, true, true),
        (13, Border::Free, false, false),
        (3, Border::Free, true, true),
        (2, Border::Free, true, false),
        (14, Border::Label(0), true, false),
    ] {
        let puzzle = planted(11, side, side, false, border, &labels);
        let orbits = if first { Orbits::Some } else { Orbits::Every };
        let encoded = puzzle.encode_in(None, &halt, orbits, first).unwrap();
        let joins = 2 * side * (side - 1);
        let want = if outer { joins + 4 * side } else { joins };
        assert_eq!(encoded.problem.secondary_count(), want, "{side}x{side}, {border:?}, first {first}");
    }
}
