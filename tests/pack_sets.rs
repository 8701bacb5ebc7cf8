//! `tessera pack` beyond the judge, through the command line: the classic
//! pentomino counts with and without `--unique`, `--unique` listings
//! checked orbit by orbit, the colouring pre-check, the picture format and
//! drawn boards against brute force (identical pieces, per-piece rules),
//! named pieces in text grids, and the examples of docs/pack.md run as
//! written.

use crate::brute::count_pack;
use crate::util::{example, run, Rng, Run};
use crate::verify::{
    assert_pack_record, board_fill, check_pack, check_pack_json, normalise, orient, piece_cells, shapes, Cells,
    PackCase, PackPlace,
};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;

/// A file of the repository.
fn repo(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path).display().to_string()
}

/// `tessera ARGS --json --count` on `input`: the one case record, complete.
fn counted(args: &[&str], input: &str) -> Value {
    let mut all = args.to_vec();
    all.extend(["--json", "--count"]);
    let r = run(&all, input);
    assert!(matches!(r.code, Some(0 | 1)), "{args:?}: {r:?}");
    let cases = r.cases();
    assert_eq!(cases.len(), 1, "{}", r.stdout);
    assert_eq!(cases[0]["complete"], true, "{}", cases[0]);
    cases[0].clone()
}

/// The 12 pentominoes on a board: every solution, then one per orbit; the
/// solution shown passes the verifier.
fn classic(board: &[&str], input: &str, all: u64, unique: u64) {
    for (extra, want) in [(None, all), (Some("--unique"), unique)] {
        let mut args = vec!["pack"];
        args.extend_from_slice(board);
        args.extend(extra);
        let rec = counted(&args, input);
        assert_eq!(rec["count"], want, "{args:?}");
        assert!(assert_pack_record(&rec, None).is_some(), "a solution is shown");
    }
}

#[test]
fn pentominoes_6x10() {
    classic(&["--set", "pentominoes", "--board", "6x10"], "", 9356, 2339);
}

#[test]
fn pentominoes_5x12() {
    classic(&["--set", "pentominoes", "--board", "5x12"], "", 4040, 1010);
}

#[test]
fn pentominoes_4x15() {
    classic(&["--set", "pentominoes", "--board", "4x15"], "", 1472, 368);
}

#[test]
fn pentominoes_3x20() {
    classic(&["--set", "pentominoes", "--board", "3x20"], "", 8, 2);
}

/// Scott's problem, from a board file and from the picture format.
#[test]
fn pentominoes_scott() {
    let board = repo("examples/pack-scott-board.txt");
    classic(&["--set", "pentominoes", "--board-file", &board], "", 520, 65);
    classic(&["-"], &example("pack-scott.txt"), 520, 65);
}

/// The 12 pentominoes and the 2x2 square anywhere on 8x8: 16146 up to
/// symmetry (129168 in all, too slow for the suite: 8 times as many).
#[test]
fn pentominoes_and_a_square_on_8x8() {
    let rec = counted(&["pack", "--set", "pentominoes", "--unique", "-"], "board 8x8\npiece O\n##\n##\n");
    assert_eq!(rec["count"], 16146);
}

// ---------------------------------------------------------------------------
// --unique listings: one solution per orbit, the orbits adding up.

/// Symmetry `t` of the square applied to cell `(r, c)` of an `h x w` box
/// (mirror left-right first for `t >= 4`, then `t % 4` quarter turns
/// clockwise).
fn map_cell(t: u8, (r, c): (usize, usize), (h, w): (usize, usize)) -> (usize, usize) {
    let (mut r, mut c, mut h, mut w) = (r, c, h, w);
    if t >= 4 {
        c = w - 1 - c;
    }
    for _ in 0..t % 4 {
        (r, c) = (c, h - 1 - r);
        std::mem::swap(&mut h, &mut w);
    }
    (r, c)
}

/// A solution as a set of (piece type, covered cells); identical pieces
/// have one type.
type Filling = BTreeSet<(usize, Cells)>;

/// The symmetries of a case (as the docs define them): those of the board
/// that map every piece's set of allowed shapes onto itself.
fn case_group(case: &PackCase) -> Vec<u8> {
    let cells: BTreeSet<(usize, usize)> =
        (0..case.rows).flat_map(|r| (0..case.cols).map(move |c| (r, c))).filter(|&(r, c)| case.fill[r][c]).collect();
    (0..8u8)
        .filter(|&t| {
            let same_box = t % 2 == 0 || case.rows == case.cols;
            same_box && cells.iter().map(|&x| map_cell(t, x, (case.rows, case.cols))).collect::<BTreeSet<_>>() == cells
        })
        .filter(|&t| {
            case.pieces.iter().all(|p| {
                let s = shapes(p, case.rotate, case.flip);
                s.iter().map(|x| orient(x, t)).collect::<BTreeSet<_>>() == s
            })
        })
        .collect()
}

/// The orbit of a filling under `group`.
fn orbit(case: &PackCase, group: &[u8], f: &Filling) -> BTreeSet<Filling> {
    group
        .iter()
        .map(|&t| {
            f.iter()
                .map(|(ty, cells)| {
                    let mut m: Cells = cells.iter().map(|&x| map_cell(t, x, (case.rows, case.cols))).collect();
                    m.sort();
                    (*ty, m)
                })
                .collect()
        })
        .collect()
}

/// The filling a verified grid of piece indices stands for.
fn filling(case: &PackCase, grid: &[Vec<usize>]) -> Filling {
    let types: Vec<BTreeSet<Cells>> = case.pieces.iter().map(|p| shapes(p, case.rotate, case.flip)).collect();
    let type_of: Vec<usize> = types.iter().map(|s| types.iter().position(|x| x == s).unwrap()).collect();
    let mut cells: HashMap<usize, Cells> = HashMap::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, &p) in row.iter().enumerate() {
            if p != usize::MAX {
                cells.entry(p).or_default().push((r, c));
            }
        }
    }
    cells.into_iter().map(|(p, cs)| (type_of[p], cs)).collect()
}

/// Every solution listed by `--all --json ARGS`, verified, as fillings,
/// with the case record.
fn listed(args: &[&str], input: &str) -> (PackCase, Vec<Filling>, Value) {
    let mut all = args.to_vec();
    all.extend(["--all", "--json"]);
    let r = run(&all, input);
    assert!(matches!(r.code, Some(0 | 1)), "{args:?}: {r:?}");
    let lines = r.json_lines();
    let rec = lines.iter().find(|v| v["type"] == "case").expect("a case record").clone();
    let case = crate::verify::pack_case_from_json(&rec["puzzle"]);
    let sols: Vec<Filling> = lines
        .iter()
        .filter(|v| v["type"] == "solution")
        .map(|v| {
            let grid = check_pack_json(&case, &v["solution"]).unwrap_or_else(|e| panic!("{e}: {v}"));
            filling(&case, &grid)
        })
        .collect();
    assert_eq!(rec["count"], sols.len() as u64);
    (case, sols, rec)
}

/// `--unique --all` lists one solution of each orbit, and the orbits hold
/// every solution (orbit sizes add up to the full count).
fn assert_one_per_orbit(args: &[&str], input: &str, all: u64, group_order: usize) {
    let mut unique = args.to_vec();
    unique.push("--unique");
    let (case, sols, _) = listed(&unique, input);
    let group = case_group(&case);
    assert_eq!(group.len(), group_order);
    let mut seen: HashSet<Filling> = HashSet::new();
    let mut total = 0;
    for s in &sols {
        let o = orbit(&case, &group, s);
        total += o.len() as u64;
        for image in o {
            assert!(seen.insert(image), "two listed solutions lie in one orbit");
        }
    }
    assert_eq!(total, all, "the orbits of the listed solutions hold every solution");
}

#[test]
fn unique_lists_one_solution_per_orbit() {
    assert_one_per_orbit(&["pack", "--set", "pentominoes", "--board", "3x20"], "", 8, 4);
    assert_one_per_orbit(&["pack", "-"], &example("pack-scott.txt"), 520, 8);
    assert_one_per_orbit(&["pack", "--set", "pentominoes", "--board", "6x10"], "", 9356, 4);
}

/// Small random puzzles: `--unique --count` equals the number of orbits
/// of the full listing, whenever tessera can break the symmetry; when it
/// refuses, it says why.
#[test]
fn unique_counts_orbits_on_random_puzzles() {
    let mut rng = Rng::new(0x5EED);
    let (mut tried, mut broken) = (0, 0);
    for i in 0..60 {
        let (rotate, flip) = [(true, true), (true, false), (false, true), (true, true)][i % 4];
        let (case, text) = holey_case(&mut rng, rotate, flip, i % 3 == 0);
        let mut args = vec!["pack", "-"];
        args.extend(rotate.then_some("--rotate"));
        args.extend(flip.then_some("--flip"));
        if crate::brute::count_pack_capped(&case, 5001) > 5000 {
            continue; // (a few dominoes and monominoes: too many to list)
        }
        tried += 1;
        let (listed_case, sols, _) = listed(&args, &text);
        assert_eq!(sols.len() as u64, count_pack(&case), "{text}");
        let group = case_group(&listed_case);
        let orbits: HashSet<Filling> =
            sols.iter().map(|s| orbit(&listed_case, &group, s).into_iter().next().unwrap()).collect();
        let mut unique = args.clone();
        unique.extend(["--unique", "--count"]);
        let r = run(&unique, text.clone());
        if r.code == Some(2) {
            assert!(r.stderr.contains("--unique: "), "{}", r.stderr);
            continue;
        }
        broken += 1;
        let got: u64 = r.stdout.lines().last().unwrap().split(' ').next().unwrap().parse().unwrap();
        assert_eq!(got, orbits.len() as u64, "{text}\n{args:?}");
    }
    assert!(tried >= 50 && broken >= 25, "--unique broke the symmetry of only {broken} puzzles of {tried}");
}

/// `--unique` is refused when no piece can break the symmetry.
#[test]
fn unique_needs_a_piece_used_once() {
    let r = run(&["pack", "--unique", "--count", "-"], "board 2x4\npiece x4 rotate\n##\n");
    r.expect_code(2);
    assert!(r.stderr.contains(":1: --unique: no piece is used exactly once"), "{}", r.stderr);
    // Without symmetry there is nothing to break: every solution counts.
    let r = run(&["pack", "--unique", "--count", "-"], "board\n..\n..\n..\n.#\npiece x7\n#\n");
    assert_eq!((r.stdout.as_str(), r.code), ("12\n34\n56\n7#\n1 solution\n", Some(0)));
}

// ---------------------------------------------------------------------------
// Pre-checks: each refutation.

fn refuted(args: &[&str], input: &str) -> Value {
    let rec = counted(args, input);
    assert_eq!((rec["count"].as_u64(), rec["status"].as_str()), (Some(0), Some("unsolvable")));
    assert_eq!(rec["stats"]["nodes"], 0, "no search ran");
    rec["refuted_by"].clone()
}

#[test]
fn hexominoes_fill_no_rectangle() {
    for board in ["14x15", "10x21", "7x30", "6x35", "5x42"] {
        let rf = refuted(&["pack", "--set", "hexominoes", "--board", board], "");
        assert_eq!(rf["check"], "colouring", "{board}: {rf}");
        assert!(rf["detail"].as_str().unwrap().starts_with("checkerboard colouring: the board has 105 black"));
    }
}

#[test]
fn tetrominoes_fill_no_rectangle() {
    for board in ["4x5", "2x10"] {
        let rf = refuted(&["pack", "--set", "tetrominoes", "--board", board], "");
        assert_eq!(rf["check"], "colouring", "{board}: {rf}");
    }
    // Two sets can: a T balances the other T.
    let r = run(&["pack", "--set", "tetrominoes", "--set", "tetrominoes", "--board", "5x8", "--json"], "");
    assert_eq!(r.cases()[0]["status"], "solvable");
    assert_pack_record(&r.cases()[0], None);
}

/// A misspelt keyword is named, with the keyword it was likely meant to be.
#[test]
fn misspelt_keywords_are_suggested() {
    for (input, word, keyword) in [
        ("bord 3x3\n", "bord", "board"),
        ("Board 3x3\n", "Board", "board"),
        ("peice\n#\n", "peice", "piece"),
        ("Set pentominoes\n", "Set", "set"),
    ] {
        let r = run(&["pack", "-"], input);
        r.expect_code(2);
        assert!(r.stderr.contains(&format!("found `{word}`; did you mean `{keyword}`")), "{}", r.stderr);
        assert!(r.stderr.contains(":1:1"), "{}", r.stderr);
    }
}

/// Different sets combine, on the command line or in the picture format:
/// a name two sets share (the trominoes' and the tetrominoes' `I`) is
/// qualified by the piece's size; no message says "line 0".
#[test]
fn sets_combine() {
    let r = run(&["pack", "--set", "pentominoes", "--set", "tetrominoes", "--board", "8x10", "--grid"], "");
    r.expect_code(0);
    assert!(r.stdout.contains("legend: 1=I4, 2=T4, 3=L4"), "{}", r.stdout);
    let r = run(&["pack", "--set", "trominoes", "--set", "tetrominoes", "--board", "2x13", "--json"], "");
    assert!(matches!(r.code, Some(0 | 1)), "{r:?}");
    let names: Vec<String> = r.cases()[0]["puzzle"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names.iter().filter(|n| *n == "I").count(), 1, "{names:?}");
    assert_eq!(names.iter().filter(|n| *n == "I4").count(), 1, "{names:?}");
    let r = run(&["pack", "-"], "board 8x10\nset pentominoes\nset tetrominoes\n");
    r.expect_code(0);
    // A user's piece named like a set piece: an error that names where
    // each was given, never "line 0".
    let r = run(&["pack", "--set", "trominoes", "-"], "board 3x3\npiece I\n#.\n##\n");
    r.expect_code(2);
    assert!(!r.stderr.contains("line 0"), "{}", r.stderr);
}

#[test]
fn stripes_refute() {
    // Sample case 2 turned and flipped: the L covers an odd number of
    // cells in the odd rows, the three I pieces an even number.
    let text = example("pack-uva387.txt");
    let r = run(&["pack", "--rotate", "--flip", "--json"], text);
    let rec = &r.cases()[1];
    assert_eq!(rec["refuted_by"]["check"], "colouring");
    assert!(rec["refuted_by"]["detail"].as_str().unwrap().starts_with("row stripes"), "{rec}");
    // Columns: an upright I4 covers 0 or 4 cells of the odd columns.
    let text = "board 4x4\npiece fixed\n#\n#\n#\n#\npiece fixed\n####\npiece fixed\n##\n##\npiece x2 fixed\n##\n";
    let rf = refuted(&["pack", "-"], text);
    assert!(rf["detail"].as_str().unwrap().starts_with("column stripes"), "{rf}");
    let case = PackCase::rect(
        4,
        4,
        vec![
            vec![(0, 0), (1, 0), (2, 0), (3, 0)],
            vec![(0, 0), (0, 1), (0, 2), (0, 3)],
            vec![(0, 0), (0, 1), (1, 0), (1, 1)],
            vec![(0, 0), (0, 1)],
            vec![(0, 0), (0, 1)],
        ],
        false,
        false,
    );
    assert_eq!(count_pack(&case), 0);
}

#[test]
fn a_piece_that_fits_nowhere() {
    // The square fits the 3x3 box, but every 2x2 of it meets a hole.
    let rf = refuted(&["pack", "-"], "board\n#.#\n...\n#.#\npiece\n##\n##\npiece\n#\n");
    assert_eq!(rf["check"], "placement");
    assert_eq!(rf["detail"], "piece 1 fits nowhere on the board");
}

/// The colourings never refute a puzzle that has a solution.
#[test]
fn colourings_keep_every_solvable_puzzle() {
    let mut rng = Rng::new(0xC010);
    for i in 0..40 {
        let (case, text) = holey_case(&mut rng, i % 2 == 0, i % 3 == 0, true);
        let mut args = vec!["pack"];
        args.extend(case.rotate.then_some("--rotate"));
        args.extend(case.flip.then_some("--flip"));
        args.push("-");
        let rec = counted(&args, &text);
        assert_eq!(rec["count"], count_pack(&case), "{text}");
    }
}

// ---------------------------------------------------------------------------
// The picture format and drawn boards against brute force.

/// Small polyominoes to cut boards into.
const LIBRARY: [&[(usize, usize)]; 9] = [
    &[(0, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (0, 2), (1, 1)],
    &[(0, 1), (0, 2), (1, 0), (1, 1)],
    &[(0, 0), (1, 0), (2, 0), (2, 1)],
    &[(0, 0), (0, 1), (0, 2), (0, 3)],
];

/// A drawn board (a rectangle with a few holes) cut into library pieces,
/// so that it has a solution, with several copies of some pieces; and its
/// picture-format text. The pieces are drawn turned at random as the
/// rules allow; equal drawings are written once with a count (`x2`), and
/// with `rules` every piece statement carries the rules itself (`free`,
/// `fixed`...) while the command line is expected to say the opposite.
fn holey_case(rng: &mut Rng, rotate: bool, flip: bool, rules: bool) -> (PackCase, String) {
    let rows = rng.range(2, 5);
    let cols = rng.range(2, 5);
    let mut fill = vec![vec![true; cols]; rows];
    for _ in 0..rng.below(3) {
        fill[rng.below(rows)][rng.below(cols)] = false;
    }
    // Cut the cells into pieces: fill the first free cell with a random
    // library piece that fits; a cell that none fits becomes a hole.
    let mut free = fill.clone();
    let mut pieces: Vec<Cells> = Vec::new();
    while let Some((r, c)) = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).find(|&(r, c)| free[r][c]) {
        let mut order: Vec<usize> = (0..LIBRARY.len()).collect();
        rng.shuffle(&mut order);
        let mut placed = false;
        'pieces: for k in order {
            for t in 0..8 {
                let s = orient(LIBRARY[k], t);
                let (r0, c0) = s[0];
                if r0 > r || c0 > c {
                    continue;
                }
                let cells: Cells = s.iter().map(|&(a, b)| (a + r - r0, b + c - c0)).collect();
                if cells.iter().all(|&(a, b)| a < rows && b < cols && free[a][b]) {
                    for &(a, b) in &cells {
                        free[a][b] = false;
                    }
                    pieces.push(normalise(&cells));
                    placed = true;
                    break 'pieces;
                }
            }
        }
        if !placed {
            free[r][c] = false;
            fill[r][c] = false;
        }
    }
    let allowed: Vec<u8> = (0..8).filter(|&t| crate::verify::allowed(t, rotate, flip)).collect();
    let pieces: Vec<Cells> = pieces.iter().map(|p| orient(p, allowed[rng.below(allowed.len())])).collect();
    let case = PackCase { rows, cols, fill: fill.clone(), pieces: pieces.clone(), rotate, flip };
    let mut text = String::from("// a drawn board\nboard\n");
    for row in &fill {
        text.extend(row.iter().map(|&f| if f { '.' } else { '#' }));
        text.push('\n');
    }
    let rule = match (rotate, flip) {
        (true, true) => "free",
        (false, false) => "fixed",
        (true, false) => "rotate no-flip",
        (false, true) => "no-rotate flip",
    };
    let mut drawn: Vec<(Cells, usize)> = Vec::new();
    for p in pieces {
        match drawn.iter_mut().find(|(q, _)| *q == p) {
            Some((_, n)) => *n += 1,
            None => drawn.push((p, 1)),
        }
    }
    for (p, n) in drawn {
        text.push_str("\npiece");
        if n > 1 {
            text.push_str(&format!(" x{n}"));
        }
        if rules {
            text.push(' ');
            text.push_str(rule);
        }
        text.push('\n');
        let (h, w) = (p.iter().map(|x| x.0).max().unwrap() + 1, p.iter().map(|x| x.1).max().unwrap() + 1);
        for r in 0..h {
            text.extend((0..w).map(|c| if p.contains(&(r, c)) { '#' } else { '.' }));
            text.push('\n');
        }
    }
    (case, text)
}

/// Counts with identical pieces (given once with a count, or drawn twice in
/// different orientations) and holes match brute force, with the rules on
/// the command line or in the piece statements (which override it).
#[test]
fn picture_counts_match_brute_force() {
    let mut rng = Rng::new(0x9A5);
    for i in 0..48 {
        let (rotate, flip) = [(false, false), (true, false), (false, true), (true, true)][i % 4];
        let rules = i % 2 == 1;
        let (case, text) = holey_case(&mut rng, rotate, flip, rules);
        // With rules in the input, the command line says the opposite.
        let (cli_rotate, cli_flip) = if rules { (!rotate, !flip) } else { (rotate, flip) };
        let mut args = vec!["pack", "-"];
        args.extend(cli_rotate.then_some("--rotate"));
        args.extend(cli_flip.then_some("--flip"));
        let rec = counted(&args, &text);
        assert_eq!(rec["count"], count_pack(&case), "{args:?}\n{text}");
        if rec["solvable"] == true {
            check_mixed(&rec["puzzle"], &rec["solution"]);
        }
    }
}

/// Checks a packing solution whose pieces may each have their own rules.
fn check_mixed(puzzle: &Value, solution: &Value) {
    let board = &puzzle["board"];
    let fill = board_fill(board);
    let pieces: Vec<(Cells, bool, bool)> = puzzle["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (piece_cells(p), p["rotate"] == true, p["flip"] == true))
        .collect();
    let case = PackCase {
        rows: fill.len(),
        cols: fill[0].len(),
        fill,
        pieces: pieces.iter().map(|p| p.0.clone()).collect(),
        rotate: true,
        flip: true,
    };
    let places: Vec<PackPlace> = solution["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let n = |v: &Value| v.as_u64().unwrap() as usize;
            PackPlace {
                piece: n(&p["piece"]) - 1,
                orientation: n(&p["orientation"]) as u8,
                row: n(&p["row"]) - 1,
                col: n(&p["col"]) - 1,
                cells: p["cells"].as_array().unwrap().iter().map(|rc| (n(&rc[0]) - 1, n(&rc[1]) - 1)).collect(),
            }
        })
        .collect();
    check_pack(&case, &places).unwrap_or_else(|e| panic!("{e}\n{solution}"));
    for p in &places {
        let (_, rotate, flip) = pieces[p.piece];
        assert!(
            crate::verify::allowed(p.orientation, rotate, flip),
            "piece {} breaks its own rules: {solution}",
            p.piece
        );
    }
}

/// Built-in sets combine with listed pieces, in either format.
#[test]
fn sets_combine_with_listed_pieces() {
    let domino: Cells = vec![(0, 0), (0, 1)];
    let i3: Cells = vec![(0, 0), (0, 1), (0, 2)];
    let l3: Cells = vec![(0, 0), (1, 0), (1, 1)];
    // The free trominoes and a domino that only turns: every piece turns
    // and flips alike here (a domino has no mirror image).
    let case = PackCase::rect(2, 4, vec![domino, i3, l3], true, true);
    let want = count_pack(&case);
    assert!(want > 0);
    let judge = counted(&["pack", "--board", "2x4", "--rotate", "--set", "trominoes", "-"], "1\n1 2\n11\n0\n");
    let pictures = counted(&["pack", "-"], "board 2x4\npiece rotate\n##\nset trominoes\n");
    assert_eq!((judge["count"].as_u64(), pictures["count"].as_u64()), (Some(want), Some(want)));
    let names: Vec<Value> =
        pictures["puzzle"]["pieces"].as_array().unwrap().iter().map(|p| p["name"].clone()).collect();
    assert_eq!(names, vec![Value::Null, "I".into(), "L".into()]);
}

/// The board on the command line overrides the board the input draws.
#[test]
fn command_line_board_overrides_the_input() {
    let text = "board 2x2\npiece x2 rotate\n##\n";
    assert_eq!(counted(&["pack", "-"], text)["count"], 2);
    let rec = counted(&["pack", "--board", "1x4", "-"], text);
    assert_eq!((rec["count"].as_u64(), rec["puzzle"]["board"]["cols"].as_u64()), (Some(1), Some(4)));
    let board = std::env::temp_dir().join(format!("tessera-board-{}.txt", std::process::id()));
    std::fs::write(&board, "\n// a ring\n###\n#.#\n###\n#.#\n###\n\n").unwrap();
    let rec = counted(&["pack", "--board-file", board.to_str().unwrap(), "-"], "2\n1 1\n1\n1 1\n1\n0\n");
    assert_eq!(rec["puzzle"]["board"]["picture"], serde_json::json!([".", "#", "."]), "cropped: {rec}");
    assert_eq!(rec["count"], 1);
    std::fs::write(&board, "..\n\n..\n").unwrap();
    let r = run(&["pack", "--board-file", board.to_str().unwrap(), "-"], "piece\n#\n");
    r.expect_code(2);
    assert!(r.stderr.contains(":2: empty line inside the board picture"), "{}", r.stderr);
    std::fs::remove_file(&board).unwrap();
    let r = run(&["pack", "--board", "2x2", "--board-file", "x", "-"], "");
    r.expect_code(2);
}

/// Boards of 400 cells and more: 20x20 on the bitset backend, 64x64 on
/// the general one.
#[test]
fn large_boards() {
    for (text, backend) in [
        ("board 20x20\npiece x100\n##\n##\n", "bitset"),
        ("board 64x64\npiece x256\n####\n####\n####\n####\n", "sparse-xcc"),
    ] {
        let rec = counted(&["pack", "-"], text);
        assert_eq!((rec["count"].as_u64(), rec["stats"]["backend"].as_str()), (Some(1), Some(backend)));
        // (More pieces than the judge's symbols: the placements are checked.)
        let case = crate::verify::pack_case_from_json(&rec["puzzle"]);
        check_pack_json(&case, &rec["solution"]).unwrap();
    }
    // A drawn 20x20 frame, 2 cells wide, filled with 36 L tetrominoes.
    let mut board = String::from("board\n");
    for r in 0..20 {
        board.extend((0..20).map(|c| if (2..18).contains(&r) && (2..18).contains(&c) { '#' } else { '.' }));
        board.push('\n');
    }
    let text = format!("{board}piece x36 free\n###\n#..\n");
    let r = run(&["pack", "--json", "--count", "--limit", "50", "-"], text);
    let rec = &r.cases()[0];
    assert_eq!((rec["count"].as_u64(), rec["stopped"].as_str()), (Some(50), Some("limit")), "{rec}");
}

// ---------------------------------------------------------------------------
// Errors in the picture format name their line.

fn bad(input: &str, line: usize, message: &str) {
    let r = run(&["pack", "-"], input);
    r.expect_code(2);
    assert!(r.stderr.contains(&format!(":{line}:")), "expected line {line}: {}", r.stderr);
    assert!(r.stderr.contains(message), "expected {message:?}: {}", r.stderr);
}

#[test]
fn picture_format_errors() {
    bad("piece\n#1\n", 2, "expected `#`, a letter or `.`");
    bad("piece\n\n#\n", 1, "expected the piece's picture");
    bad("// c\npiece A B\n#\n", 2, "a piece has one name");
    bad("piece 3\n#\n", 1, "a count is written x2");
    bad("piece x0\n#\n", 1, "at least 1");
    bad("piece rotate no-rotate\n#\n", 1, "contradicts");
    bad("piece\n#\n\n#\n", 4, "expected `piece`, `board`, `set` or `puzzle`");
    bad("set nope\n", 1, "unknown set `nope`");
    bad("board 0x3\npiece\n#\n", 1, "ROWSxCOLS");
    bad("board 2x2\nboard 2x2\n", 2, "a second board");
    bad("board\n##\npiece\n#\n", 2, "no cell to fill");
    bad("board 2x2\npiece F\n##\n##\npiece F\n#\n", 5, "named `F` like piece 1");
    bad("board 1x1\npiece\n#\n\npuzzle\nboard 1x1\n", 5, "no pieces");
    bad("piece x1001\n#\n", 1, "too large");
    // A piece larger than the board is a puzzle without solution, not an
    // error: the case is answered and the next one too.
    let r = run(&["pack", "-"], "board 1x2\npiece\n###\n\npuzzle\nboard 1x2\npiece\n##\n");
    assert_eq!((r.stdout.as_str(), r.code), ("No solution possible\n\n11\n", Some(1)), "{r:?}");
}

// ---------------------------------------------------------------------------
// Names in text grids.

/// Reads a text grid with its legend back into piece names and checks that
/// every symbol covers one allowed shape of one piece of that name.
fn check_named_grid(puzzle: &Value, text: &str) {
    let pieces = puzzle["pieces"].as_array().unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let mut meaning: HashMap<char, String> = HashMap::new();
    if lines.last().is_some_and(|l| l.starts_with("legend: ")) {
        let legend = lines.pop().unwrap().strip_prefix("legend: ").unwrap();
        for entry in legend.split(", ") {
            let (syms, name) = entry.split_once('=').unwrap();
            for s in syms.split(' ') {
                assert_eq!(s.chars().count(), 1);
                assert!(meaning.insert(s.chars().next().unwrap(), name.to_string()).is_none(), "symbol twice");
            }
        }
    }
    let mut cells: HashMap<char, Cells> = HashMap::new();
    for (r, l) in lines.iter().enumerate() {
        for (c, ch) in l.chars().enumerate() {
            if ch != '#' {
                cells.entry(ch).or_default().push((r, c));
            }
        }
    }
    let mut used: HashMap<String, usize> = HashMap::new();
    for (ch, cs) in cells {
        let name = meaning.get(&ch).cloned().unwrap_or_else(|| ch.to_string());
        *used.entry(name.clone()).or_default() += 1;
        let shape = normalise(&cs);
        let ok = pieces
            .iter()
            .filter(|p| p["name"] == name.as_str())
            .any(|p| shapes(&piece_cells(p), p["rotate"] == true, p["flip"] == true).contains(&shape));
        assert!(ok, "symbol {ch} ({name}) covers {cs:?}, not a shape of that piece\n{text}");
    }
    for p in pieces {
        let name = p["name"].as_str().unwrap();
        let n = pieces.iter().filter(|q| q["name"] == name).count();
        assert_eq!(used.get(name).copied(), Some(n), "{name} in\n{text}");
    }
}

#[test]
fn text_grids_tell_named_pieces_apart() {
    for (args, legend) in [
        (
            vec!["pack", "--set", "one-sided-pentominoes", "--board", "6x15"],
            "legend: 1=F', 2=L', 3=N', 4=P', 5=Y', 6=Z'",
        ),
        (vec!["pack", "--set", "pentominoes", "--board", "6x10"], ""),
        (vec!["pack", "--board", "4x4", "-"], "legend: 1 2 3 4=L"),
    ] {
        let input = "piece L x4 free\n###\n#..\n";
        let text = run(&args, input);
        text.expect_code(0);
        let last = text.stdout.lines().last().unwrap();
        assert_eq!(last.starts_with("legend:"), !legend.is_empty(), "{}", text.stdout);
        if !legend.is_empty() {
            assert_eq!(last, legend);
        }
        let mut json = args.clone();
        json.push("--json");
        let rec = &run(&json, input).cases()[0];
        check_named_grid(&rec["puzzle"], &text.stdout);
    }
}

// ---------------------------------------------------------------------------
// docs/pack.md: every example file shown is the file, every command shown
// prints what is shown.

/// The fenced blocks of a Markdown text: (info string, lines, the line
/// before the fence).
fn fenced(md: &str) -> Vec<(String, Vec<String>, String)> {
    let mut out = Vec::new();
    let mut lines = md.lines();
    let mut before = String::new();
    while let Some(l) = lines.next() {
        if let Some(info) = l.strip_prefix("```") {
            let body: Vec<String> = lines.by_ref().take_while(|x| !x.starts_with("```")).map(str::to_string).collect();
            out.push((info.to_string(), body, before.clone()));
        } else if !l.trim().is_empty() {
            before = l.to_string();
        }
    }
    out
}

/// Runs one console block: `$ tessera ...` commands (an input may follow
/// as a here-document, `<<'EOF'` ... `EOF`), each followed by its standard
/// output; `$ echo $?` shows the previous command's exit status.
fn run_console(block: &[String]) -> usize {
    let mut i = 0;
    let mut last: Option<Run> = None;
    let mut commands = 0;
    while i < block.len() {
        let cmd = block[i].strip_prefix("$ ").unwrap_or_else(|| panic!("expected a command: {}", block[i]));
        i += 1;
        let mut stdin = String::new();
        let mut words: Vec<&str> = cmd.split_whitespace().collect();
        if words.last() == Some(&"<<'EOF'") {
            words.pop();
            while block[i] != "EOF" {
                stdin.push_str(&block[i]);
                stdin.push('\n');
                i += 1;
            }
            i += 1;
        }
        let mut shown = String::new();
        while i < block.len() && !block[i].starts_with("$ ") {
            shown.push_str(&block[i]);
            shown.push('\n');
            i += 1;
        }
        if words == ["echo", "$?"] {
            let code = last.as_ref().expect("a command before `echo $?`").code.unwrap();
            assert_eq!(shown, format!("{code}\n"), "exit status of the command before `echo $?`");
            continue;
        }
        assert_eq!(words[0], "tessera", "{cmd}");
        let r = run(&words[1..], stdin);
        // stdout, then stderr (an error or a warning), as in the guide.
        assert_eq!(r.stdout.clone() + &r.stderr, shown, "docs/pack.md: `{cmd}` prints otherwise");
        commands += 1;
        last = Some(r);
    }
    commands
}

#[test]
fn docs_examples_are_true() {
    let md = std::fs::read_to_string(repo("docs/pack.md")).unwrap();
    let (mut files, mut commands) = (0, 0);
    for (info, body, before) in fenced(&md) {
        if info == "console" {
            commands += run_console(&body);
        } else if let Some(name) = before.strip_prefix('`').and_then(|b| b.strip_suffix("`:")) {
            if name.starts_with("examples/") {
                let text = std::fs::read_to_string(repo(name)).unwrap();
                assert_eq!(body.join("\n") + "\n", text, "docs/pack.md shows {name} otherwise");
                files += 1;
            }
        }
    }
    assert!(files >= 3 && commands >= 10, "{files} files, {commands} commands");
}
