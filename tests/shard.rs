//! Sharded search from outside: for several instances and shard counts,
//! the shards' counts add up to the whole count and their solutions
//! (each checked by the independent verifier) are exactly the whole set,
//! each in one shard; a shard does not depend on the thread count;
//! `tessera merge` adds shard runs up and names what is wrong;
//! `--shard-plan` prints one row per shard, the same on every run.

use crate::util::{example, run};
use crate::verify::{check_pack_json, check_tile_json, pack_case_from_json, tile_case_from_json};
use serde_json::Value;
use std::collections::BTreeMap;

/// An instance: the command's arguments and its input.
struct Instance {
    args: Vec<&'static str>,
    input: String,
}

fn generated(args: &[&str]) -> String {
    run(args, "").expect_code(0).stdout.clone()
}

fn instances() -> Vec<Instance> {
    vec![
        // Three cases: 24 solutions, one refuted (unsolvable), 56.
        Instance { args: vec!["pack", "--rotate", "--flip"], input: example("pack-uva387.txt") },
        // Without turning: 1, unsolvable, 1.
        Instance { args: vec!["pack"], input: example("pack-uva387.txt") },
        // One solvable game (8 solutions), one unsolvable.
        Instance { args: vec!["tetravex", "--rotate"], input: example("tetravex-zoj1008.txt") },
        Instance {
            args: vec!["tetravex", "--rotate"],
            input: generated(&["generate", "tetravex", "--size", "3", "--labels", "6", "--rotate", "--seed", "5"]),
        },
        Instance {
            args: vec!["tetravex"],
            input: generated(&["generate", "tetravex", "--size", "4", "--labels", "5", "--seed", "2"]),
        },
        Instance { args: vec!["edges"], input: example("edges-2x2.txt") },
        Instance {
            args: vec!["edges", "--rotate"],
            input: generated(&["generate", "edges", "--size", "3x3", "--labels", "2", "--rotate", "--seed", "5"]),
        },
    ]
}

/// Per case: the count of the case record and the verified solutions (as
/// canonical JSON text) of an `--all --json` run.
fn all_solutions(inst: &Instance, extra: &[&str]) -> BTreeMap<u64, (u64, Vec<String>)> {
    let mut args = inst.args.clone();
    args.extend(["--all", "--json"]);
    args.extend(extra);
    let r = run(&args, inst.input.clone());
    assert!(matches!(r.code, Some(0 | 1 | 4)), "{args:?}: {r:#?}");
    let lines = r.json_lines();
    let mut out: BTreeMap<u64, (u64, Vec<String>)> = BTreeMap::new();
    let mut pending: Vec<Value> = Vec::new();
    for rec in lines {
        if rec["type"] == "solution" {
            pending.push(rec);
            continue;
        }
        assert_eq!(rec["type"], "case");
        let k = rec["case"].as_u64().unwrap();
        assert_eq!(rec["complete"], true, "{args:?}: case {k}");
        let entry = out.entry(k).or_default();
        entry.0 = rec["count"].as_u64().unwrap();
        for sol in pending.drain(..) {
            assert_eq!(sol["case"], k);
            let checked = match rec["puzzle_type"].as_str().unwrap() {
                "pack" => check_pack_json(&pack_case_from_json(&rec["puzzle"]), &sol["solution"]).map(|_| ()),
                t => check_tile_json(&tile_case_from_json(&rec["puzzle"], t == "edges"), &sol["solution"]).map(|_| ()),
            };
            checked.unwrap_or_else(|e| panic!("{args:?}: case {k}: not a solution ({e}): {}", sol["solution"]));
            entry.1.push(sol["solution"].to_string());
        }
        assert_eq!(entry.1.len() as u64, entry.0, "{args:?}: case {k}: records against count");
    }
    out
}

#[test]
fn shards_partition_every_instance() {
    for inst in instances() {
        let whole = all_solutions(&inst, &["--threads", "2"]);
        for n in [1u32, 2, 3, 7, 16] {
            let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
            let mut union: BTreeMap<u64, Vec<String>> = BTreeMap::new();
            for i in 1..=n {
                let shard = format!("{i}/{n}");
                for (k, (count, sols)) in all_solutions(&inst, &["--shard", &shard, "--threads", "2"]) {
                    *counts.entry(k).or_default() += count;
                    union.entry(k).or_default().extend(sols);
                }
            }
            for (k, (count, sols)) in &whole {
                assert_eq!(counts[k], *count, "{:?} case {k}, {n} shards: counts", inst.args);
                let mut got = union[k].clone();
                got.sort();
                let before = got.len();
                got.dedup();
                assert_eq!(got.len(), before, "{:?} case {k}, {n} shards: a solution in two shards", inst.args);
                let mut want = sols.clone();
                want.sort();
                assert_eq!(got, want, "{:?} case {k}, {n} shards: solution sets", inst.args);
            }
        }
    }
}

#[test]
fn a_shard_does_not_depend_on_the_thread_count() {
    for inst in instances().iter().take(4) {
        for shard in ["1/3", "3/3", "5/7"] {
            let sorted = |threads: &str| {
                let mut m = all_solutions(inst, &["--shard", shard, "--threads", threads]);
                m.values_mut().for_each(|(_, s)| s.sort());
                m
            };
            assert_eq!(sorted("1"), sorted("2"), "{:?} shard {shard}", inst.args);
        }
    }
}

// ---------------------------------------------------------------------------
// tessera merge.

/// The `--count --json` records of shards `which` of `n` (pack, UVa 387
/// with turning: 24, refuted, 56), with `extra` options.
fn shard_records(n: u32, which: &[u32], extra: &[&str]) -> String {
    let mut out = String::new();
    for i in which {
        let shard = format!("{i}/{n}");
        let mut args = vec!["pack", "--rotate", "--flip", "--count", "--json", "--shard", &shard];
        args.extend(extra);
        out.push_str(&run(&args, example("pack-uva387.txt")).stdout);
    }
    out
}

#[test]
fn merge_adds_a_complete_set_up() {
    let records = shard_records(4, &[3, 1, 4, 2], &[]);
    let r = run(&["merge"], records.clone());
    r.expect_code(1); // case 2 is unsolvable
    assert_eq!(
        r.stdout,
        "Case 1: solvable, 24 solutions (4 of 4 shards complete)\n\
         Case 2: unsolvable, 0 solutions (4 of 4 shards complete)\n\
         Case 3: solvable, 56 solutions (4 of 4 shards complete)\n"
    );
    assert_eq!(r.stderr, "");
    let r = run(&["merge", "--json", "-"], records);
    let recs = r.json_lines();
    assert_eq!(recs.len(), 3);
    assert_eq!((recs[0]["type"].as_str(), recs[0]["count"].as_u64()), (Some("merge"), Some(24)));
    assert_eq!((recs[1]["status"].as_str(), recs[1]["complete"].as_bool()), (Some("unsolvable"), Some(true)));
    assert_eq!(recs[2]["missing"], serde_json::json!([]));
    // --all records (solution records are skipped) merge the same way.
    let mut all = String::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        all.push_str(
            &run(&["pack", "--rotate", "--flip", "--all", "--json", "--shard", &shard], example("pack-uva387.txt"))
                .stdout,
        );
    }
    let r = run(&["merge"], all);
    assert!(r.stdout.starts_with("Case 1: solvable, 24 solutions (3 of 3 shards complete)\n"), "{r:#?}");
}

/// Shards run without --count stop at their first solution by design: such a
/// shard is complete (finished) when it found a solution or searched its part
/// to the end, so a correct run reports every shard complete.
#[test]
fn merge_of_first_solution_shards_is_complete() {
    let mut records = String::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let r = run(&["pack", "--rotate", "--flip", "--json", "--shard", &shard], example("pack-uva387.txt"));
        records.push_str(&r.stdout);
    }
    let r = run(&["merge"], records.clone());
    r.expect_code(1); // case 2 is unsolvable
    assert_eq!(
        r.stdout,
        "Case 1: solvable (3 of 3 shards complete)\n\
         Case 2: unsolvable (3 of 3 shards complete)\n\
         Case 3: solvable (3 of 3 shards complete)\n"
    );
    assert_eq!(r.stderr, "");
    let recs = run(&["merge", "--json"], records).json_lines();
    for rec in &recs {
        assert_eq!((rec["complete"].as_bool(), &rec["incomplete"]), (Some(true), &serde_json::json!([])), "{rec}");
        assert!(rec.get("count").is_none(), "{rec}");
    }
}

#[test]
fn merge_names_missing_duplicate_incomplete_and_foreign_shards() {
    // Missing shards: the counts are lower bounds, status 3.
    let r = run(&["merge"], shard_records(7, &[1, 2, 4, 5, 6], &[]));
    r.expect_code(3);
    assert!(r.stderr.contains("case 1: shards 3, 7 of 7 missing"), "{}", r.stderr);
    assert!(r.stdout.contains("Case 1: solvable, at least"), "{}", r.stdout);
    // A shard given twice: status 2.
    let r = run(&["merge"], shard_records(3, &[1, 2, 2, 3], &[]));
    r.expect_code(2);
    assert!(r.stderr.contains("case 1: shard 2 of 3 given more than once"), "{}", r.stderr);
    // A shard cut short by a node budget: incomplete, status 3.
    let mut records = shard_records(2, &[1], &[]);
    records.push_str(&shard_records(2, &[2], &["--max-nodes", "3"]));
    let r = run(&["merge"], records);
    r.expect_code(3);
    assert!(r.stderr.contains("shard 2 of 2 stopped before the end"), "{}", r.stderr);
    // Records of two different splits: status 2.
    let mut records = shard_records(2, &[1, 2], &[]);
    records.push_str(&shard_records(3, &[3], &[]));
    let r = run(&["merge"], records);
    r.expect_code(2);
    assert!(r.stderr.contains("shard 3/3 (<stdin>:"), "{}", r.stderr);
    assert!(r.stderr.contains("is from a split into 3, not 2"), "{}", r.stderr);
    // Not shard records at all: status 2, naming the line.
    let unsharded = run(&["pack", "--count", "--json"], example("pack-uva387.txt")).stdout;
    let r = run(&["merge"], unsharded);
    r.expect_code(2);
    assert!(r.stderr.contains("<stdin>:1: a case record without \"shard\""), "{}", r.stderr);
    run(&["merge"], "").expect_code(2);
    run(&["merge"], "{}\n").expect_code(2);
}

/// A count shard stopped before its count began (still in the search for
/// the solution its record shows) says it counts, with a count of at
/// least 0: merge reports it unfinished (status 3), not as a shard run
/// without `--count` (status 2). A cluster's time limit or `scancel`
/// stops shards exactly there.
#[test]
fn a_count_shard_stopped_before_its_count_began_is_unfinished() {
    let puzzle = crate::util::data_text("cluster/slow-7x7.txt");
    let mut records = String::new();
    for shard in ["1/16", "2/16"] {
        let r = run(
            &["tetravex", "--count", "--json", "--threads", "1", "--shard", shard, "--max-nodes", "5"],
            puzzle.as_str(),
        );
        r.expect_code(3);
        let case = &r.cases()[0];
        assert_eq!(case["count"], 0, "{case}");
        assert_eq!(case["complete"], false, "{case}");
        assert!(case["solution"].is_null(), "{case}");
        records.push_str(&r.stdout);
    }
    let r = run(&["merge"], records);
    r.expect_code(3);
    assert!(!r.stderr.contains("did not count"), "{}", r.stderr);
    assert!(r.stderr.contains("shards 1, 2 of 16 stopped before the end"), "{}", r.stderr);
}

// ---------------------------------------------------------------------------
// --shard-plan.

#[test]
fn shard_plans_have_a_row_per_shard_and_do_not_change() {
    let plan = |n: &str, threads: &str| {
        let r = run(
            &["pack", "--set", "pentominoes", "--board", "6x10", "--shard-plan", n, "--json", "--threads", threads],
            "",
        );
        r.expect_code(0);
        let mut recs = r.json_lines();
        assert_eq!(recs.len(), 1);
        let mut rec = recs.remove(0);
        rec["stats"] = Value::Null; // times differ
        rec
    };
    for n in [1u32, 7, 16] {
        let rec = plan(&n.to_string(), "1");
        assert_eq!(rec["type"], "shard-plan");
        let shards = rec["shards"].as_array().unwrap();
        assert_eq!(shards.len(), n as usize);
        for (i, s) in shards.iter().enumerate() {
            assert_eq!(s["index"], i + 1);
            assert!(s["estimate"].as_f64().unwrap() > 0.0, "{s}");
            assert!(s["subtrees"].as_u64().unwrap() > 0, "{s}");
        }
        assert!(rec["imbalance"].as_f64().unwrap() >= 1.0);
        assert_eq!(rec, plan(&n.to_string(), "2"), "the plan depends on the thread count");
        assert_eq!(rec, plan(&n.to_string(), "1"), "the plan changes between runs");
    }
    // Text: a header per case and one row per shard; a refuted case says so.
    let r = run(&["pack", "--rotate", "--flip", "--shard-plan", "3"], example("pack-uva387.txt"));
    r.expect_code(0);
    let cases: Vec<&str> = r.stdout.split("\n\n").collect();
    assert_eq!(cases.len(), 3);
    for c in &cases {
        assert_eq!(c.trim_end().lines().count(), 5, "{c}");
    }
    assert!(cases[1].starts_with("Case 2: refuted by colouring"), "{}", cases[1]);
    run(&["pack", "--shard-plan", "0"], example("pack-uva387.txt")).expect_code(2);
    run(&["pack", "--shard-plan", "3", "--shard", "1/3"], example("pack-uva387.txt")).expect_code(2);
}

/// A tree that ends within the cut (the judge's 2x2 tetravex) is searched
/// whole by every shard: each shard's estimate is its exact node count,
/// never 0 for a case that has a search.
#[test]
fn shard_plans_count_the_cut_every_shard_repeats() {
    let input = example("tetravex-zoj1008.txt");
    let plan = run(&["tetravex", "--shard-plan", "2", "--json"], input.clone());
    plan.expect_code(0);
    let plans = plan.json_lines();
    assert_eq!(plans.len(), 2);
    for i in 1..=2u64 {
        let shard = format!("{i}/2");
        let cases = run(&["tetravex", "--shard", &shard, "--json", "--threads", "1"], input.clone()).cases();
        for (p, c) in plans.iter().zip(&cases) {
            let estimate = p["shards"][i as usize - 1]["estimate"].as_f64().unwrap();
            let nodes = c["stats"]["nodes"].as_u64().unwrap();
            assert!(nodes > 0, "{c}");
            assert_eq!(estimate, nodes as f64, "case {} shard {i}: {p}", p["case"]);
        }
    }
    let text = run(&["tetravex", "--shard-plan", "2"], input).stdout;
    assert!(!text.contains("estimated 0 nodes"), "{text}");
}

// ---------------------------------------------------------------------------
// Plan files: --shard-plan N --plan-out FILE, then --shard I/N --plan FILE.

/// A fresh file name for a plan in the temporary directory.
fn plan_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tessera-plan-{}-{name}.json", std::process::id()))
}

/// Writes the plan of `args` (an instance's command and options) for `n`
/// shards to `path`, with `threads`; returns the file's bytes.
fn write_plan(args: &[&str], input: &str, n: u32, threads: &str, path: &std::path::Path) -> Vec<u8> {
    let mut a = args.to_vec();
    let n = n.to_string();
    a.extend(["--shard-plan", &n, "--plan-out", path.to_str().unwrap(), "--threads", threads]);
    let r = run(&a, input);
    assert!(matches!(r.code, Some(0)), "{a:?}: {r:#?}");
    std::fs::read(path).unwrap()
}

/// Each case's `--count` over one machine.
fn whole_counts(args: &[&str], input: &str) -> Vec<Option<u64>> {
    let mut a = args.to_vec();
    a.extend(["--count", "--json"]);
    run(&a, input).cases().iter().map(|c| c["count"].as_u64()).collect()
}

/// Counting instances for plan files: several cases (one refuted), tiles
/// with and without turning, jigsaw edges.
fn plan_instances() -> Vec<Instance> {
    let mut all = instances();
    all.retain(|i| i.args != ["edges"]);
    all
}

#[test]
fn plan_file_shards_merge_to_the_one_machine_count() {
    for inst in plan_instances() {
        let want = whole_counts(&inst.args, &inst.input);
        let mut counting = inst.args.clone();
        counting.push("--count");
        for n in [16u32, 64] {
            let path = plan_path(&format!("merge-{n}"));
            write_plan(&counting, &inst.input, n, "2", &path);
            let mut records = String::new();
            for i in 1..=n {
                let shard = format!("{i}/{n}");
                let mut a = inst.args.clone();
                a.extend(["--count", "--json", "--threads", "1", "--shard", &shard, "--plan", path.to_str().unwrap()]);
                let r = run(&a, inst.input.clone());
                assert!(matches!(r.code, Some(0 | 1 | 4)), "{a:?}: {r:#?}");
                for c in r.cases() {
                    // A case refuted before any search has no split.
                    assert_eq!(c["shard"]["plan"].is_string(), c["refuted_by"].is_null(), "{a:?}: {c}");
                }
                records.push_str(&r.stdout);
            }
            let merged = run(&["merge", "--json"], records).json_lines();
            let got: Vec<Option<u64>> = merged.iter().map(|m| m["count"].as_u64()).collect();
            assert_eq!(got, want, "{:?}, {n} shards from a plan file", inst.args);
            for m in &merged {
                assert_eq!(m["complete"], true, "{:?}: {m}", inst.args);
            }
            std::fs::remove_file(&path).unwrap();
        }
    }
}

/// First-solution shards from a plan file: every solution a shard prints
/// is a solution (checked independently), and the merged verdict is the
/// one-machine verdict.
#[test]
fn plan_file_first_solution_shards_find_checked_solutions() {
    for inst in plan_instances() {
        let whole: Vec<Value> = {
            let mut a = inst.args.clone();
            a.push("--json");
            run(&a, inst.input.clone()).cases()
        };
        let n = 16;
        let path = plan_path("first");
        write_plan(&inst.args, &inst.input, n, "1", &path);
        let mut records = String::new();
        for i in 1..=n {
            let shard = format!("{i}/{n}");
            let mut a = inst.args.clone();
            a.extend(["--json", "--shard", &shard, "--plan", path.to_str().unwrap()]);
            let r = run(&a, inst.input.clone());
            for c in r.cases() {
                if c["status"] == "solvable" {
                    let checked = match c["puzzle_type"].as_str().unwrap() {
                        "pack" => check_pack_json(&pack_case_from_json(&c["puzzle"]), &c["solution"]).map(|_| ()),
                        t => check_tile_json(&tile_case_from_json(&c["puzzle"], t == "edges"), &c["solution"])
                            .map(|_| ()),
                    };
                    checked.unwrap_or_else(|e| panic!("{a:?}: not a solution ({e}): {c}"));
                }
            }
            records.push_str(&r.stdout);
        }
        let merged = run(&["merge", "--json"], records).json_lines();
        let got: Vec<&Value> = merged.iter().map(|m| &m["status"]).collect();
        let want: Vec<&Value> = whole.iter().map(|c| &c["status"]).collect();
        assert_eq!(got, want, "{:?}", inst.args);
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn plan_files_are_the_same_bytes_whatever_the_threads() {
    let input = generated(&["generate", "tetravex", "--size", "5", "--labels", "4", "--seed", "3"]);
    for (args, n) in [
        (vec!["tetravex", "--count"], 16u32),
        (vec!["tetravex"], 64),
        (vec!["pack", "--rotate", "--flip", "--count"], 7),
    ] {
        let input = if args[0] == "pack" { example("pack-uva387.txt") } else { input.clone() };
        let path = plan_path("bytes");
        let one = write_plan(&args, &input, n, "1", &path);
        let two = write_plan(&args, &input, n, "2", &path);
        let again = write_plan(&args, &input, n, "1", &path);
        assert!(one == two, "{args:?}: the plan file depends on the thread count");
        assert!(one == again, "{args:?}: the plan file changes between runs");
        let file: Value = serde_json::from_slice(&one).unwrap();
        assert_eq!((file["type"].as_str(), file["shards"].as_u64()), (Some("tessera-plan"), Some(u64::from(n))));
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn a_plan_file_of_another_case_or_split_is_refused() {
    let input = example("pack-uva387.txt");
    let path = plan_path("refused");
    let p = path.to_str().unwrap();
    write_plan(&["pack", "--rotate", "--flip", "--count"], &input, 4, "1", &path);
    let refused = |args: &[&str], input: &str, says: &str| {
        let r = run(args, input);
        r.expect_code(2);
        assert!(r.stderr.contains(p), "{args:?}: the message names the file: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
    };
    // Another N, another search, other rules, another puzzle, another input.
    refused(
        &["pack", "--rotate", "--flip", "--count", "--shard", "1/5", "--plan", p],
        &input,
        "a plan for 4 shards, not 5",
    );
    refused(&["pack", "--rotate", "--flip", "--shard", "1/4", "--plan", p], &input, "a plan for --count");
    refused(&["pack", "--count", "--shard", "1/4", "--plan", p], &input, "is another puzzle than the plan's case 1");
    let other = generated(&["generate", "pack", "--seed", "4"]);
    refused(&["pack", "--rotate", "--flip", "--count", "--shard", "1/4", "--plan", p], &other, "another puzzle");
    let tiles = example("tetravex-zoj1008.txt");
    refused(&["tetravex", "--count", "--shard", "1/4", "--plan", p], &tiles, "a plan of pack puzzles, not tetravex");
    // Not a plan file at all; no file.
    std::fs::write(&path, "{\"type\":\"case\"}\n").unwrap();
    refused(&["pack", "--rotate", "--flip", "--count", "--shard", "1/4", "--plan", p], &input, "not a plan file");
    std::fs::remove_file(&path).unwrap();
    refused(&["pack", "--rotate", "--flip", "--count", "--shard", "1/4", "--plan", p], &input, "cannot read");
    // --plan needs --shard, --plan-out needs --shard-plan.
    run(&["pack", "--count", "--plan", p], input.clone()).expect_code(2);
    run(&["pack", "--count", "--plan-out", p], input.clone()).expect_code(2);
}

/// Records of shards run from a plan file and of shards that planned for
/// themselves are two splits: merge refuses to add them up.
#[test]
fn merge_refuses_shards_of_two_plans() {
    let input = example("pack-uva387.txt");
    let path = plan_path("two-plans");
    let p = path.to_str().unwrap();
    write_plan(&["pack", "--rotate", "--flip", "--count"], &input, 2, "1", &path);
    let mut records =
        run(&["pack", "--rotate", "--flip", "--count", "--json", "--shard", "1/2", "--plan", p], input.clone()).stdout;
    records.push_str(&shard_records(2, &[2], &[]));
    let r = run(&["merge"], records);
    r.expect_code(2);
    assert!(r.stderr.contains("run every shard from the same plan file, or none"), "{}", r.stderr);
    std::fs::remove_file(&path).unwrap();
}
