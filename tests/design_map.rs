//! docs/design.md's module maps match the tree: every path it names under
//! `src/` exists, and every file of the engine is on its map, so that a
//! newcomer who walks the house by the map finds every room.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The paths under `src/` that `text` names in backticks.
fn named_paths(text: &str) -> BTreeSet<String> {
    text.split('`').skip(1).step_by(2).filter(|s| s.starts_with("src/") && !s.contains(' ')).map(String::from).collect()
}

/// Every `.rs` file under `dir`, as a path relative to the crate root.
fn rust_files(dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.insert(path.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn every_path_design_md_names_exists() {
    let text = std::fs::read_to_string(root().join("docs/design.md")).unwrap();
    let named = named_paths(&text);
    assert!(named.len() > 30, "design.md names only {} paths: is its map gone?", named.len());
    let missing: Vec<&String> = named.iter().filter(|p| !root().join(p).exists()).collect();
    assert!(missing.is_empty(), "docs/design.md names paths that do not exist: {missing:?}");
}

#[test]
fn every_engine_file_is_on_the_map() {
    let text = std::fs::read_to_string(root().join("docs/design.md")).unwrap();
    let named = named_paths(&text);
    let mut files = BTreeSet::new();
    rust_files(&root().join("src/engine"), &mut files);
    let unmapped: Vec<&String> = files.iter().filter(|f| !named.contains(*f)).collect();
    assert!(unmapped.is_empty(), "engine files missing from docs/design.md's map: {unmapped:?}");
}

#[test]
fn the_path_reader_takes_backticked_source_paths_only() {
    let named = named_paths("see `src/a.rs` and `b.rs`, `src/x y`, ``src/c/``");
    assert_eq!(named, BTreeSet::from(["src/a.rs".to_string()]));
}
