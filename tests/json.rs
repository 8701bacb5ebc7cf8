//! The JSON records, decoded with structs of our own that refuse unknown
//! fields, for every mode of every subcommand; `--all` solution records
//! against brute force.

use crate::brute::{count_pack, count_tiles, pack_text, planted_pack, planted_tiles, tetravex_text};
use crate::util::{example, run, Rng};
use crate::verify::{
    check_pack_json, check_tile_json, pack_case_from_json, tile_case_from_json, Labels, PackCase, TileCase,
};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashSet;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseRecord<P, S> {
    #[serde(rename = "type")]
    pub kind: String,
    pub schema: u32,
    pub puzzle_type: String,
    pub case: usize,
    pub line: usize,
    pub status: String,
    pub solvable: Option<bool>,
    pub complete: bool,
    pub count: Option<u64>,
    pub solution: Option<S>,
    pub refuted_by: Option<Refutation>,
    pub stopped: Option<String>,
    pub shard: Option<Shard>,
    pub puzzle: P,
    pub stats: Stats,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolutionRecord<S> {
    #[serde(rename = "type")]
    pub kind: String,
    pub schema: u32,
    pub case: usize,
    pub index: u64,
    pub solution: S,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refutation {
    pub check: String,
    pub detail: String,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
    #[serde(default)]
    pub empty: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub nodes: u64,
    pub updates: u64,
    pub tickets: u64,
    pub restarts: u64,
    pub threads: usize,
    pub backend: String,
    pub elapsed_ms: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilePuzzle {
    pub rows: usize,
    pub cols: usize,
    pub tiles: Vec<Labels>,
    pub rotate: bool,
    pub border: Option<i32>,
    pub fixes: Option<Vec<Fix>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fix {
    pub piece: usize,
    pub row: usize,
    pub col: usize,
    pub rotation: Option<u8>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSolution {
    pub placements: Vec<TilePlacement>,
    pub grid: Vec<Vec<Labels>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilePlacement {
    pub piece: usize,
    pub row: usize,
    pub col: usize,
    pub rotation: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackPuzzle {
    pub board: Board,
    pub pieces: Vec<Piece>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub picture: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    pub name: Option<String>,
    pub picture: Vec<String>,
    pub rotate: bool,
    pub flip: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackSolution {
    pub placements: Vec<PackPlacement>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackPlacement {
    pub piece: usize,
    pub name: Option<String>,
    pub orientation: u8,
    pub row: usize,
    pub col: usize,
    pub cells: Vec<[usize; 2]>,
}

/// What a run printed, decoded.
pub struct Decoded<P, S> {
    pub cases: Vec<(Value, CaseRecord<P, S>)>,
    pub solutions: Vec<(Value, SolutionRecord<S>)>,
}

/// The typed view of a tile solution: sizes and ranges.
fn check_tile_typed(p: &TilePuzzle, s: &TileSolution) {
    let n = p.rows * p.cols;
    assert_eq!(s.placements.len(), n);
    for (i, pl) in s.placements.iter().enumerate() {
        assert_eq!(pl.piece, i + 1, "placements in input order");
        assert!((1..=p.rows).contains(&pl.row) && (1..=p.cols).contains(&pl.col));
        assert!(pl.rotation < 4 && (p.rotate || pl.rotation == 0));
    }
    assert_eq!(s.grid.len(), p.rows);
    assert!(s.grid.iter().all(|r| r.len() == p.cols));
}

/// The typed view of a packing solution: sizes and ranges.
fn check_pack_typed(p: &PackPuzzle, s: &PackSolution) {
    assert_eq!(s.placements.len(), p.pieces.len());
    for (i, pl) in s.placements.iter().enumerate() {
        assert_eq!(pl.piece, i + 1, "placements in input order");
        assert!(pl.orientation < 8);
        assert!(pl.row >= 1 && pl.col >= 1);
        assert!(pl.cells.iter().all(|c| c[0] >= pl.row && c[1] >= pl.col), "cells below and right of the corner");
        assert!(pl.cells.iter().all(|c| c[0] <= p.board.rows && c[1] <= p.board.cols));
        assert_eq!(pl.name, p.pieces[i].name);
    }
}

/// Decodes every line of a JSON run, checking the invariants every record
/// keeps whatever the mode.
pub fn decode<P: for<'de> Deserialize<'de>, S: for<'de> Deserialize<'de>>(
    puzzle_type: &str,
    stdout: &str,
) -> Decoded<P, S> {
    let mut out = Decoded { cases: vec![], solutions: vec![] };
    let mut next_case = 1;
    for line in stdout.lines() {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        match v["type"].as_str() {
            Some("case") => {
                // Keys that must be present even when null.
                for key in [
                    "type",
                    "schema",
                    "puzzle_type",
                    "case",
                    "line",
                    "status",
                    "solvable",
                    "complete",
                    "puzzle",
                    "stats",
                ] {
                    assert!(v.get(key).is_some(), "no {key:?} in {line}");
                }
                let rec: CaseRecord<P, S> =
                    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("bad case record ({e}): {line}"));
                assert_eq!((rec.kind.as_str(), rec.schema), ("case", 2));
                assert_eq!(rec.puzzle_type, puzzle_type);
                assert_eq!(rec.case, next_case, "cases are numbered from 1 in order");
                assert!(rec.line >= 1);
                let expect_solvable = match rec.status.as_str() {
                    "solvable" => Some(true),
                    "unsolvable" => Some(false),
                    "unknown" => None,
                    s => panic!("unknown status {s:?}"),
                };
                assert_eq!(rec.solvable, expect_solvable, "{line}");
                // A complete shard without solutions is unknown too.
                if rec.status == "unknown" && rec.shard.is_none() {
                    assert!(!rec.complete);
                    assert!(rec.stopped.is_some(), "an unknown case says why: {line}");
                }
                if rec.status == "unsolvable" {
                    assert!(rec.solution.is_none());
                }
                if let Some(r) = &rec.refuted_by {
                    assert_eq!(rec.status, "unsolvable");
                    assert!(rec.complete);
                    assert!(!r.check.is_empty() && !r.detail.is_empty(), "{line}");
                    let s = &rec.stats;
                    assert_eq!(
                        (s.nodes, s.updates, s.tickets, s.restarts),
                        (0, 0, 0, 0),
                        "a refuted case is not searched: {line}"
                    );
                }
                if let Some(s) = &rec.stopped {
                    assert!(["limit", "visitor", "max-nodes", "timeout", "interrupted"].contains(&s.as_str()), "{s}");
                    assert!(!rec.complete);
                }
                if rec.complete && rec.status == "unsolvable" {
                    assert!(rec.count.is_none_or(|c| c == 0));
                }
                if let Some(c) = rec.count {
                    if rec.complete {
                        assert_eq!(c > 0, rec.status == "solvable", "{line}");
                    }
                }
                assert!(rec.stats.elapsed_ms >= 0.0);
                if rec.refuted_by.is_none() {
                    assert!(rec.stats.threads >= 1, "{line}");
                    assert!(!rec.stats.backend.is_empty(), "{line}");
                }
                // Solutions of this case come before its record, numbered
                // 1..=N (in any order: see `solution_records_are_in_index_order`).
                let mut indices: Vec<u64> =
                    out.solutions.iter().filter(|(_, s)| s.case == rec.case).map(|(_, s)| s.index).collect();
                indices.sort_unstable();
                assert_eq!(indices, (1..=indices.len() as u64).collect::<Vec<_>>(), "solution indices of {line}");
                if !indices.is_empty() {
                    assert_eq!(rec.count, Some(indices.len() as u64), "the count is the number listed");
                }
                next_case += 1;
                out.cases.push((v, rec));
            }
            Some("solution") => {
                let rec: SolutionRecord<S> =
                    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("bad solution record ({e}): {line}"));
                assert_eq!((rec.kind.as_str(), rec.schema), ("solution", 2));
                assert_eq!(rec.case, next_case, "a solution record precedes its case record");
                out.solutions.push((v, rec));
            }
            other => panic!("unknown record type {other:?}: {line}"),
        }
    }
    out
}

fn tiles(stdout: &str, puzzle_type: &str) -> Decoded<TilePuzzle, TileSolution> {
    let d = decode::<TilePuzzle, TileSolution>(puzzle_type, stdout);
    let edges = puzzle_type == "edges";
    for (v, rec) in &d.cases {
        // The typed view and the verifier's view agree.
        let case = tile_case_from_json(&v["puzzle"], edges);
        assert_eq!(
            (case.rows, case.cols, case.tiles.len()),
            (rec.puzzle.rows, rec.puzzle.cols, rec.puzzle.tiles.len())
        );
        assert_eq!(rec.puzzle.tiles.len(), rec.puzzle.rows * rec.puzzle.cols);
        if edges {
            assert_eq!(rec.puzzle.border, None, "edges borders are always flat and not written");
        }
        if let Some(sol) = v.get("solution") {
            check_tile_json(&case, sol).unwrap_or_else(|e| panic!("{e}: {v}"));
            check_tile_typed(&rec.puzzle, rec.solution.as_ref().unwrap());
        }
    }
    for (v, rec) in &d.solutions {
        let (cv, crec) = &d.cases[rec.case - 1];
        let case = tile_case_from_json(&cv["puzzle"], edges);
        check_tile_json(&case, &v["solution"]).unwrap_or_else(|e| panic!("{e}: {v}"));
        check_tile_typed(&crec.puzzle, &rec.solution);
    }
    d
}

fn packs(stdout: &str) -> Decoded<PackPuzzle, PackSolution> {
    let d = decode::<PackPuzzle, PackSolution>("pack", stdout);
    for (v, rec) in &d.cases {
        let board = &rec.puzzle.board;
        assert_eq!(board.picture.len(), board.rows);
        assert!(board.picture.iter().all(|l| l.chars().count() == board.cols));
        let case = pack_case_from_json(&v["puzzle"]);
        if let Some(sol) = v.get("solution") {
            check_pack_json(&case, sol).unwrap_or_else(|e| panic!("{e}: {v}"));
            check_pack_typed(&rec.puzzle, rec.solution.as_ref().unwrap());
        }
        for p in &rec.puzzle.pieces {
            assert!(p.picture.iter().all(|l| l.chars().all(|c| c == '#' || c == '.')));
            // Drawn without empty outer rows or columns.
            assert!(p.picture.first().unwrap().contains('#') && p.picture.last().unwrap().contains('#'));
            assert!(p.picture.iter().any(|l| l.starts_with('#')) && p.picture.iter().any(|l| l.ends_with('#')));
        }
    }
    for (v, rec) in &d.solutions {
        let (cv, crec) = &d.cases[rec.case - 1];
        check_pack_json(&pack_case_from_json(&cv["puzzle"]), &v["solution"]).unwrap_or_else(|e| panic!("{e}: {v}"));
        check_pack_typed(&crec.puzzle, &rec.solution);
    }
    d
}

const MODES: &[&[&str]] = &[&[], &["--count"], &["--all"], &["--all", "--limit", "2"], &["--count", "--limit", "1"]];

#[test]
fn tetravex_records_decode_in_every_mode() {
    let mut rng = Rng::new(8);
    let mut cases = vec![planted_tiles(&mut rng, 2, 2, 2, true, false), planted_tiles(&mut rng, 3, 3, 3, true, false)];
    cases.extend(crate::verify::parse_tetravex(&example("tetravex-zoj1008.txt")));
    let text = tetravex_text(&cases);
    for mode in MODES {
        for extra in [&[][..], &["--rotate"], &["--border", "1"], &["--fix", "1@1,1"], &["--in-place"]] {
            let mut args = vec!["tetravex", "--json", "--threads", "1"];
            args.extend_from_slice(mode);
            args.extend_from_slice(extra);
            let r = run(&args, text.clone());
            let d = tiles(&r.stdout, "tetravex");
            assert_eq!(d.cases.len(), cases.len(), "{args:?}");
            for (_, rec) in &d.cases {
                assert_eq!(rec.puzzle.rotate, extra.contains(&"--rotate") || extra.contains(&"--in-place"));
                assert_eq!(rec.puzzle.border, extra.contains(&"--border").then_some(1));
                if rec.refuted_by.is_none() {
                    assert_eq!(rec.stats.threads, 1);
                }
                assert_eq!(rec.shard, None);
                assert_eq!(rec.count.is_some(), !mode.is_empty(), "count only when counting: {args:?}");
            }
            if extra.contains(&"--fix") {
                let fixes = d.cases[0].1.puzzle.fixes.as_ref().expect("fixes are written");
                assert_eq!((fixes[0].piece, fixes[0].row, fixes[0].col, fixes[0].rotation), (1, 1, 1, None));
            }
            // The lines of the size fields.
            let lines: Vec<usize> = d.cases.iter().map(|(_, r)| r.line).collect();
            assert_eq!(lines, vec![1, 6, 16, 21], "{args:?}");
            let status = if d.cases.iter().all(|(_, r)| r.status == "solvable") { 0 } else { 1 };
            let status = if d.cases.iter().any(|(_, r)| r.status == "unknown") { 3 } else { status };
            assert_eq!(r.code, Some(status), "{args:?}");
        }
    }
}

#[test]
fn edges_and_pack_records_decode_in_every_mode() {
    let edges = example("edges-2x2.txt") + &crate::util::data_text("edges/uva519.txt");
    let pack = example("pack-uva387.txt");
    for mode in MODES {
        for extra in [&[][..], &["--rotate"]] {
            let mut args = vec!["edges", "--json"];
            args.extend_from_slice(mode);
            args.extend_from_slice(extra);
            // The example ends with `0 0`: only its case is read.
            let d = tiles(&run(&args, edges.clone()).stdout, "edges");
            assert_eq!(d.cases.len(), 1);
            let mut args = vec!["edges", "--json"];
            args.extend_from_slice(mode);
            args.extend_from_slice(extra);
            let d = tiles(&run(&args, crate::util::data_text("edges/uva519.txt")).stdout, "edges");
            assert_eq!(d.cases.len(), 3);
            for (_, rec) in &d.cases {
                assert_eq!((rec.puzzle.rows, rec.puzzle.cols), (3, 5));
            }
        }
        for extra in [&[][..], &["--rotate"], &["--flip"], &["--rotate", "--flip"]] {
            let mut args = vec!["pack", "--json"];
            args.extend_from_slice(mode);
            args.extend_from_slice(extra);
            let d = packs(&run(&args, pack.clone()).stdout);
            assert_eq!(d.cases.len(), 3);
            let lines: Vec<usize> = d.cases.iter().map(|(_, r)| r.line).collect();
            assert_eq!(lines, vec![1, 17, 27]);
            for (_, rec) in &d.cases {
                for p in &rec.puzzle.pieces {
                    assert_eq!((p.rotate, p.flip), (extra.contains(&"--rotate"), extra.contains(&"--flip")));
                    assert_eq!(p.name, None);
                }
                if let Some(s) = &rec.solution {
                    assert!(s.placements.iter().all(|p| p.name.is_none()));
                    assert!(s.placements.iter().all(|p| p.cells.iter().all(|c| c[0] >= 1 && c[1] >= 1)));
                }
            }
        }
    }
}

#[test]
fn refutations_and_stops_are_recorded() {
    // Areas that do not add up: refuted before any search.
    let r = run(&["pack", "--json", "--count"], "1\n1 1\n1\n0\n");
    let d = packs(&r.stdout);
    let rec = &d.cases[0].1;
    assert_eq!(rec.refuted_by.as_ref().map(|r| r.check.as_str()), Some("area"));
    assert_eq!(rec.count, Some(0));
    assert_eq!(r.code, Some(1));
    // Unbalanced jigsaw sides.
    let r = run(&["edges", "--json"], "1 2\nFOFF\nFFFO\n0 0\n");
    let d = tiles(&r.stdout, "edges");
    assert!(d.cases[0].1.refuted_by.is_some(), "{}", r.stdout);
    // A node budget: unknown, stopped by max-nodes, exit 3.
    let r = run(&["tetravex", "--json", "--max-nodes", "1"], example("tetravex-zoj1008.txt"));
    let d = tiles(&r.stdout, "tetravex");
    for (_, rec) in &d.cases {
        assert_eq!((rec.status.as_str(), rec.stopped.as_deref()), ("unknown", Some("max-nodes")));
        assert_eq!(rec.stats.threads, 1, "a node budget runs on one thread");
    }
    assert_eq!(r.code, Some(3));
    // A limit on the count.
    let case = TileCase::tetravex(2, vec![[1, 1, 1, 1]; 4], true);
    let mut cases = vec![case];
    cases.push(TileCase::tetravex(3, vec![[0, 0, 0, 0]; 9], false));
    let r = run(&["tetravex", "--json", "--count", "--limit", "1"], tetravex_text(&cases));
    let d = tiles(&r.stdout, "tetravex");
    assert_eq!(d.cases[0].1.count, Some(1));
    assert_eq!(r.code, Some(0));
    // Shards.
    let r = run(&["tetravex", "--json", "--count", "--shard", "2/3"], tetravex_text(&cases));
    let d = tiles(&r.stdout, "tetravex");
    assert!(d.cases.iter().all(|(_, rec)| rec.shard.as_ref().is_some_and(|s| (s.index, s.count) == (2, 3))));
}

/// `--all`: the solution records are exactly the distinct solutions brute
/// force counts, each valid, none repeated; on one thread and two.
#[test]
fn all_lists_every_distinct_solution() {
    let mut rng = Rng::new(0xA11);
    let tile_cases: Vec<TileCase> = (0..12)
        .map(|i| planted_tiles(&mut rng, 2 + i % 2, 2 + i % 2, [2, 5, 3, 6, 2, 7][i % 6], true, false))
        .collect();
    let expect: Vec<u64> = tile_cases.iter().map(count_tiles).collect();
    assert!(expect.iter().sum::<u64>() < 5000, "keep the listing short: {expect:?}");
    for threads in ["1", "2"] {
        let r = run(&["tetravex", "--json", "--all", "--rotate", "--threads", threads], tetravex_text(&tile_cases));
        let d = tiles(&r.stdout, "tetravex");
        for (k, want) in expect.iter().enumerate() {
            let grids: Vec<&Vec<Vec<Labels>>> =
                d.solutions.iter().filter(|(_, s)| s.case == k + 1).map(|(_, s)| &s.solution.grid).collect();
            let distinct: HashSet<_> = grids.iter().collect();
            assert_eq!(grids.len() as u64, *want, "case {}", k + 1);
            assert_eq!(distinct.len(), grids.len(), "a solution listed twice in case {}", k + 1);
            assert_eq!(d.cases[k].1.count, Some(*want));
            assert!(d.cases[k].1.complete);
        }
    }
    let mut rng = Rng::new(0xA12);
    let pack_cases: Vec<PackCase> = (0..10).map(|i| planted_pack(&mut rng, 3, 4, 2 + i % 4, true, true)).collect();
    let expect: Vec<u64> = pack_cases.iter().map(count_pack).collect();
    for threads in ["1", "2"] {
        let r = run(
            &["pack", "--board", "3x4", "--rotate", "--flip", "--json", "--all", "--threads", threads],
            pack_text(&pack_cases),
        );
        let d = packs(&r.stdout);
        for (k, want) in expect.iter().enumerate() {
            // A filling is known by its blocks of cells and their piece types.
            let case = &pack_cases[k];
            let type_of = |i: usize| {
                let s = crate::verify::shapes(&case.pieces[i], true, true);
                (0..case.pieces.len()).find(|&j| crate::verify::shapes(&case.pieces[j], true, true) == s).unwrap()
            };
            let fillings: Vec<Vec<(usize, Vec<[usize; 2]>)>> = d
                .solutions
                .iter()
                .filter(|(_, s)| s.case == k + 1)
                .map(|(_, s)| {
                    let mut f: Vec<_> =
                        s.solution.placements.iter().map(|p| (type_of(p.piece - 1), p.cells.clone())).collect();
                    f.sort();
                    f
                })
                .collect();
            let distinct: HashSet<_> = fillings.iter().collect();
            assert_eq!(fillings.len() as u64, *want, "case {}", k + 1);
            assert_eq!(distinct.len(), fillings.len(), "a filling listed twice in case {}", k + 1);
        }
    }
}

#[test]
fn all_with_a_limit_stops_there() {
    let mut rng = Rng::new(3);
    let cases = vec![planted_tiles(&mut rng, 3, 3, 2, true, false), planted_tiles(&mut rng, 2, 2, 2, true, false)];
    let expect: Vec<u64> = cases.iter().map(count_tiles).collect();
    assert!(expect.iter().all(|&c| c > 3), "{expect:?}");
    let r = run(&["tetravex", "--json", "--all", "--limit", "3", "--rotate"], tetravex_text(&cases));
    let d = tiles(&r.stdout, "tetravex");
    for k in 1..=2 {
        assert_eq!(d.solutions.iter().filter(|(_, s)| s.case == k).count(), 3);
        let rec = &d.cases[k - 1].1;
        assert_eq!((rec.count, rec.complete, rec.stopped.as_deref()), (Some(3), false, Some("limit")));
        assert_eq!(rec.status, "solvable");
    }
    assert_eq!(r.code, Some(0));
}

/// With several threads, `--all` still prints solution records in index
/// order (it once took the number before the output lock, so records could
/// come out of order).
#[test]
fn solution_records_are_in_index_order() {
    let input = crate::util::data_text("edges/uva519.txt");
    for _ in 0..20 {
        let r = run(&["edges", "--json", "--all", "--rotate", "--threads", "2"], input.clone());
        let indices: Vec<u64> = r
            .json_lines()
            .iter()
            .filter(|v| v["type"] == "solution" && v["case"] == 1)
            .map(|v| v["index"].as_u64().unwrap())
            .collect();
        assert_eq!(indices, (1..=indices.len() as u64).collect::<Vec<_>>());
    }
}
