//! The generated files committed in `completions/`, `docs/man/` and
//! `docs/pictures/` match what the binary generates now, so that a change
//! of the command line or of the drawings without regenerating them fails
//! here (and in CI).
//!
//! To regenerate them all, run the suite with `UPDATE_GENERATED=1`:
//!
//! ```text
//! UPDATE_GENERATED=1 cargo test --test integration generated
//! ```

use std::path::{Path, PathBuf};
use std::process::Command;

const SHELLS: [(&str, &str); 5] = [
    ("bash", "completions/tessera.bash"),
    ("zsh", "completions/_tessera"),
    ("fish", "completions/tessera.fish"),
    ("elvish", "completions/tessera.elv"),
    ("powershell", "completions/_tessera.ps1"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tessera(args: &[&str]) -> Vec<u8> {
    let out = Command::new(assert_cmd::cargo::cargo_bin("tessera")).args(args).output().expect("tessera runs");
    assert!(out.status.success(), "tessera {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "tessera {args:?} wrote on stderr");
    out.stdout
}

/// Compares a committed file with what was generated (or rewrites it
/// under `UPDATE_GENERATED=1`). Returns a complaint if they differ.
fn check(path: &Path, generated: &[u8]) -> Option<String> {
    if std::env::var_os("UPDATE_GENERATED").is_some_and(|v| v == "1") {
        std::fs::write(path, generated).unwrap();
        return None;
    }
    let committed = std::fs::read(path).unwrap_or_default();
    (committed != generated).then(|| {
        let first = committed.split(|&b| b == b'\n').zip(generated.split(|&b| b == b'\n')).position(|(a, b)| a != b);
        format!("{} differs from the generated file (first at line {})", path.display(), first.map_or(0, |l| l + 1))
    })
}

fn report(stale: Vec<String>) {
    assert!(
        stale.is_empty(),
        "{}\nRegenerate with: UPDATE_GENERATED=1 cargo test --test integration generated",
        stale.join("\n")
    );
}

#[test]
fn completions_are_up_to_date() {
    let stale = SHELLS.iter().filter_map(|(shell, file)| check(&root().join(file), &tessera(&["completions", shell])));
    report(stale.collect());
}

#[test]
fn man_pages_are_up_to_date() {
    let dir = std::env::temp_dir().join(format!("tessera-man-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap().to_string();
    tessera(&["man", "--dir", &dir_arg]);
    let mut generated: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    generated.sort();
    let mut stale = Vec::new();
    for name in &generated {
        let text = std::fs::read(dir.join(name)).unwrap();
        stale.extend(check(&root().join("docs/man").join(name), &text));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // No page of a subcommand that is gone.
    let mut committed: Vec<String> = std::fs::read_dir(root().join("docs/man"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".1"))
        .collect();
    committed.sort();
    if std::env::var_os("UPDATE_GENERATED").is_none() {
        assert_eq!(committed, generated, "docs/man holds other pages than `tessera man --dir` writes");
    }
    report(stale);
    assert!(generated.contains(&"tessera.1".to_string()) && generated.contains(&"tessera-tetravex.1".to_string()));
}

/// The picture README shows: the solution of a shipped example (the
/// Eternity II-style 6x6 with its centre hint, which has one solution), as
/// `tessera ... --svg -` draws it now.
#[test]
fn readme_picture_is_up_to_date() {
    let example = root().join("examples/eternity-6x6-centre.json");
    let svg = tessera(&["tetravex", example.to_str().unwrap(), "--svg", "-"]);
    assert!(svg.starts_with(b"<svg ") && svg.ends_with(b"</svg>\n"));
    report(check(&root().join("docs/pictures/eternity-6x6-centre.svg"), &svg).into_iter().collect());
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(readme.contains("](docs/pictures/eternity-6x6-centre.svg)"), "README shows the picture");
}

/// `tessera man` and `tessera man SUBCOMMAND` print the same pages.
#[test]
fn man_prints_each_page() {
    for (args, file) in [(&["man"][..], "tessera.1"), (&["man", "pack"], "tessera-pack.1")] {
        let committed = std::fs::read(root().join("docs/man").join(file)).unwrap();
        let printed = tessera(args);
        if std::env::var_os("UPDATE_GENERATED").is_none() {
            assert!(printed == committed, "tessera {args:?} is not docs/man/{file}");
        }
        let text = String::from_utf8(printed).unwrap();
        for section in [".SH NAME", ".SH SYNOPSIS", ".SH \"EXIT STATUS\"", ".SH \"SEE ALSO\""] {
            assert!(text.contains(section), "{section} missing from {file}");
        }
    }
    let out = Command::new(assert_cmd::cargo::cargo_bin("tessera")).args(["man", "nonesuch"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected one of tetravex, edges, pack"));
}

/// Completions offer what the arguments take: `pack --set <TAB>` the set
/// names, `tessera man <TAB>` the subcommands.
#[test]
fn completions_offer_set_names_and_man_pages() {
    let bash = String::from_utf8(tessera(&["completions", "bash"])).unwrap();
    assert!(bash.contains("\"trominoes tetrominoes pentominoes one-sided-pentominoes hexominoes\""), "--set");
    let fish = String::from_utf8(tessera(&["completions", "fish"])).unwrap();
    let man = fish.lines().find(|l| l.contains("__fish_tessera_using_subcommand man") && l.contains("tetravex"));
    assert!(man.is_some(), "man subcommands in fish completions");
}
