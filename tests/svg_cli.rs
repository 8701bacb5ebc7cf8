//! `--svg PATH` and `tessera render` from the command line: a file beside
//! the usual answer, a directory, a name pattern, standard output, the
//! JSON route (a picture drawn later from the records is byte for byte the
//! one drawn while solving), and the errors (exit status 2, the message
//! naming the path or the line).

use crate::svg::{rasterise, scratch};
use crate::util::{example, run};
use std::path::Path;

/// The SVG files in `dir`, sorted by name.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_file_beside_the_usual_answer() {
    let dir = scratch("file");
    let file = dir.join("zoj.svg");
    let input = example("tetravex-zoj1008.txt");
    let plain = run(&["tetravex"], input.as_str());
    let drawn = run(&["tetravex", "--svg", file.to_str().unwrap()], input.as_str());
    // Game 1 is drawn; game 2 has no solution, so nothing overwrites it.
    drawn.expect_code(1);
    assert_eq!(drawn.stdout, plain.stdout);
    assert!(drawn.stderr.is_empty(), "{}", drawn.stderr);
    let svg = read(&file);
    assert!(svg.contains("<title>tetravex, case 1, solution 1</title>"));
    rasterise(&svg);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_or_a_pattern_names_every_solution() {
    let dir = scratch("many");
    let input = example("pack-uva387.txt");
    let sub = dir.join("all");
    let r = run(
        &["pack", "--rotate", "--flip", "--all", "--limit", "2", "--svg", &format!("{}/", sub.display())],
        input.as_str(),
    );
    // Case 2 has no solution.
    r.expect_code(1);
    assert_eq!(files(&sub), ["pack-1-1.svg", "pack-1-2.svg", "pack-3-1.svg", "pack-3-2.svg"]);
    let pattern = dir.join("p{case}s{solution}.svg");
    run(&["pack", "--all", "--svg", pattern.to_str().unwrap()], input.as_str()).expect_code(1);
    let named: Vec<String> = files(&dir).into_iter().filter(|n| n.starts_with('p')).collect();
    assert_eq!(named, ["p1s1.svg", "p3s1.svg"]);
    // The same pictures under both names.
    let edges = example("edges-2x2.txt");
    let by_dir = dir.join("edges");
    // An existing directory, named without a final `/`.
    std::fs::create_dir(&by_dir).unwrap();
    run(&["edges", "--rotate", "--all", "--threads", "1", "--svg", by_dir.to_str().unwrap()], edges.as_str())
        .expect_code(0);
    let by_pattern = dir.join("{puzzle}-{case}-{solution}.svg");
    run(&["edges", "--rotate", "--all", "--threads", "1", "--svg", by_pattern.to_str().unwrap()], edges.as_str())
        .expect_code(0);
    for name in ["edges-1-1.svg", "edges-1-2.svg"] {
        assert_eq!(read(&by_dir.join(name)), read(&dir.join(name)));
        rasterise(&read(&dir.join(name)));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn standard_output_carries_the_pictures_alone() {
    let input = example("pack-uva387.txt");
    let r = run(&["pack", "--svg", "-"], input.as_str());
    // Case 2 has no solution: its status stays, its verdict is not printed.
    r.expect_code(1);
    let docs: Vec<&str> = r.stdout.split_inclusive("</svg>\n").collect();
    assert_eq!(docs.len(), 2, "{}", r.stdout);
    for (doc, case) in docs.iter().zip([1, 3]) {
        assert!(doc.starts_with("<svg "), "{doc}");
        assert!(doc.contains(&format!("<title>pack, case {case}, solution 1</title>")));
        rasterise(doc);
    }
    let all = run(&["pack", "--all", "--svg", "-"], input.as_str());
    assert_eq!(all.stdout.matches("<svg ").count(), 2);
    assert!(!all.stdout.contains("Solution"));
}

#[test]
fn targets_that_cannot_hold_the_pictures_are_refused_before_solving() {
    let dir = scratch("refused");
    let d = dir.to_str().unwrap();
    let input = example("tetravex-zoj1008.txt");
    for (args, message) in [
        (vec!["--svg", "-", "--json"], "--svg - writes the pictures to stdout alone"),
        (vec!["--svg", "-", "--grid"], "--svg - writes the pictures to stdout alone"),
        (vec!["--all", "--svg", &format!("{d}/one.svg")], "a file holds one picture"),
        (vec!["--all", "--svg", &format!("{d}/case-{{case}}.svg")], "the pattern has no {solution}"),
        (vec!["--svg", &format!("{d}/missing/x.svg")], "no such directory"),
        (vec!["--svg", &format!("{d}/x.svg"), "--shard-plan", "2"], "cannot be used with"),
    ] {
        let mut all = vec!["tetravex"];
        all.extend_from_slice(&args);
        let r = run(&all, input.as_str());
        r.expect_code(2);
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?} solved: {}", r.stdout);
    }
    assert!(files(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pictures_that_cannot_be_written_end_the_run_with_status_2() {
    let dir = scratch("unwritable");
    let input = example("pack-uva387.txt");
    // A second case into one file would overwrite the first picture.
    let one = dir.join("one.svg");
    let r = run(&["pack", "--svg", one.to_str().unwrap()], input.as_str());
    r.expect_code(2);
    assert!(r.stderr.contains("case 3, solution 1 would overwrite"), "{}", r.stderr);
    assert!(r.stderr.contains("one.svg (case 1, solution 1)"), "{}", r.stderr);
    assert!(read(&one).contains("case 1, solution 1"));
    // A name that is a directory cannot be written.
    std::fs::create_dir(dir.join("1")).unwrap();
    let r = run(&["pack", "--svg", &format!("{}/{{case}}", dir.display())], input.as_str());
    r.expect_code(2);
    assert!(r.stderr.contains(&format!("cannot write the picture {}/1", dir.display())), "{}", r.stderr);
    // Below a plain file there is no directory.
    let r = run(&["pack", "--svg", &format!("{}/x.svg", one.display())], input.as_str());
    r.expect_code(2);
    assert!(r.stderr.contains("no such directory"), "{}", r.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn render_draws_from_json_what_solving_drew() {
    let dir = scratch("render");
    for (puzzle, input, args) in [
        ("tetravex", example("tetravex-zoj1008.txt"), vec!["--fix", "4@1,1"]),
        ("tetravex", example("eternity-6x6-centre.json"), vec![]),
        ("edges", example("edges-2x2.txt"), vec!["--rotate", "--all"]),
        ("pack", example("pack-uva387.txt"), vec!["--rotate", "--flip", "--all", "--limit", "3"]),
        ("pack", example("pack-pictures.txt"), vec!["--count"]),
    ] {
        let solved = dir.join("solved");
        let rendered = dir.join("rendered");
        let mut all = vec![puzzle, "--threads", "1", "--json"];
        all.extend_from_slice(&args);
        let target = format!("{}/", solved.display());
        all.extend(["--svg", &target]);
        let r = run(&all, input.as_str());
        assert!(matches!(r.code, Some(0 | 1)), "{r:#?}");
        let records = dir.join("records.json");
        std::fs::write(&records, &r.stdout).unwrap();
        run(&["render", records.to_str().unwrap(), "--svg", &format!("{}/", rendered.display())], "").expect_code(0);
        let names = files(&solved);
        assert!(!names.is_empty());
        assert_eq!(files(&rendered), names, "{puzzle} {args:?}");
        for name in &names {
            assert_eq!(read(&rendered.join(name)), read(&solved.join(name)), "{name} of {puzzle} {args:?}");
        }
        // From standard input to standard output, the same documents.
        let out = run(&["render"], r.stdout.as_str());
        out.expect_code(0);
        let joined: String = names.iter().map(|n| read(&solved.join(n))).collect::<Vec<_>>().concat();
        assert_eq!(out.stdout, joined);
        std::fs::remove_dir_all(&solved).unwrap();
        std::fs::remove_dir_all(&rendered).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn render_names_the_line_it_cannot_draw() {
    let records = run(&["pack", "--all", "--json"], example("pack-uva387.txt").as_str()).stdout;
    let lines: Vec<&str> = records.lines().collect();
    let solution_only = format!("{}\n", lines[0]);
    for (input, code, message) in [
        (solution_only.as_str(), 2, "<stdin>: line 1: a solution record of case 1 with no case record after it"),
        ("{\"type\": \"case\"}\n", 2, "<stdin>: line 1: no whole number \"case\""),
        ("\n[1, 2]\n", 2, "<stdin>: line 2: not a tessera record (no \"type\")"),
        ("not json\n", 2, "<stdin>: line 1: not a JSON record"),
        (
            "{\"type\": \"case\", \"case\": 1, \"puzzle_type\": \"chess\", \"puzzle\": {}}",
            2,
            "unknown puzzle_type \"chess\"",
        ),
        (lines[2], 1, "the records hold no solution to draw"),
    ] {
        let r = run(&["render"], input);
        r.expect_code(code);
        assert!(r.stderr.contains(message), "{input}: {}", r.stderr);
        assert!(r.stdout.is_empty());
    }
    // Shard plans hold no solution.
    let plan = run(&["tetravex", "--shard-plan", "2", "--json"], example("tetravex-zoj1008.txt").as_str());
    let r = run(&["render"], plan.stdout.as_str());
    r.expect_code(1);
    assert!(r.stderr.contains("the records hold no solution to draw"), "{}", r.stderr);
    // A solution that does not fit its puzzle.
    let bad = lines[1].replace("[[1,1],", "[[9,9],");
    assert_ne!(bad, lines[1]);
    let r = run(&["render"], bad.as_str());
    r.expect_code(2);
    assert!(r.stderr.contains("line 1: the solution object: piece 1 covers [9, 9]"), "{}", r.stderr);
    // Several pictures are not one file.
    let dir = scratch("render-file");
    let r = run(&["render", "--svg", dir.join("one.svg").to_str().unwrap()], records.as_str());
    r.expect_code(2);
    assert!(r.stderr.contains("a file holds one picture"), "{}", r.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}
