//! The shape of the code base: no import cycles between modules, no source
//! file over 900 lines (issue 14), no function over 80 lines in the engine
//! and the puzzles (issue 29). A newcomer draws the module graph top
//! down: cli -> solve / format / merge -> puzzles -> engine.
//!
//! The check reads `src/` as text: every `crate::a::b`, `super::x` and
//! `tessera::a::b` path in a file is an edge from the file's module to the
//! deepest module the path names. A parent's `mod child;` declaration is
//! not an edge (every parent declares its children), but a parent that
//! uses a child's items and a child that uses the parent's (for example a
//! re-export) make a cycle: children import from the module that defines
//! an item.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The modules of one crate root: module path ("engine::ctx") -> its file.
fn modules(src: &Path, root_file: &str, prefix: &str) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    out.insert(prefix.to_string(), src.join(root_file));
    let mut stack = vec![(prefix.to_string(), src.join(root_file))];
    while let Some((module, file)) = stack.pop() {
        let text = std::fs::read_to_string(&file).unwrap();
        let dir = if file.file_name().unwrap() == "mod.rs" || file.file_name().unwrap() == root_file {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        for line in text.lines() {
            let line = line.trim();
            let decl = line.strip_prefix("pub ").or(line.strip_prefix("pub(crate) ")).unwrap_or(line);
            let Some(name) = decl.strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) else { continue };
            let child = if module.is_empty() { name.to_string() } else { format!("{module}::{name}") };
            let file = [dir.join(format!("{name}.rs")), dir.join(name).join("mod.rs")].into_iter().find(|f| f.exists());
            if let Some(file) = file {
                out.insert(child.clone(), file.clone());
                stack.push((child, file));
            }
        }
    }
    out
}

/// The modules that `text` (the file of `module`) refers to, resolved to
/// the deepest known module of each path.
fn references(module: &str, text: &str, known: &BTreeMap<String, PathBuf>, crate_names: &[&str]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    // Comments are not code; an inline test module (`#[cfg(test)] mod tests
    // { .. }`, at the end of a file by convention) is not part of the graph.
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&k| {
            lines[k].trim() == "#[cfg(test)]"
                && lines.get(k + 1).is_some_and(|l| l.trim_start().starts_with("mod ") && l.trim_end().ends_with('{'))
        })
        .unwrap_or(lines.len());
    let code: String =
        lines[..end].iter().filter(|l| !l.trim_start().starts_with("//")).copied().collect::<Vec<_>>().join("\n");
    let bytes = code.as_bytes();
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if !is_ident(bytes[i]) || (i > 0 && (is_ident(bytes[i - 1]) || bytes[i - 1] == b':')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (is_ident(bytes[i]) || bytes[i] == b':') {
            i += 1;
        }
        let path = &code[start..i];
        let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let group = i < bytes.len() && bytes[i] == b'{';
        if segments.len() < 2 && !(group && path.ends_with("::")) {
            continue;
        }
        // The absolute path the segments name.
        let mut base: Vec<String> = match segments[0] {
            "crate" => Vec::new(),
            "super" => {
                let mut parts: Vec<String> = module.split("::").map(String::from).filter(|s| !s.is_empty()).collect();
                parts.pop();
                parts
            }
            "self" => module.split("::").map(String::from).filter(|s| !s.is_empty()).collect(),
            s if crate_names.contains(&s) => Vec::new(),
            // A path that starts with a child module of this one (`use
            // config::Shard;` in a parent).
            s if known.contains_key(&child_of(module, s)) => {
                module.split("::").map(String::from).filter(|s| !s.is_empty()).collect()
            }
            _ => continue,
        };
        let relative = !matches!(segments[0], "crate" | "super" | "self") && !crate_names.contains(&segments[0]);
        let mut rest = if relative { &segments[..] } else { &segments[1..] };
        while segments[0] == "super" && rest.first() == Some(&"super") {
            base.pop();
            rest = &rest[1..];
        }
        // The deepest known module along the path (the path's last
        // segments may name an item of it).
        let mut target = base.join("::");
        let mut all_modules = true;
        for s in rest {
            base.push(s.to_string());
            let candidate = base.join("::");
            if !known.contains_key(&candidate) {
                all_modules = false;
                break;
            }
            target = candidate;
        }
        if group && all_modules {
            // A `use path::{a, b}` group: each name is a module or an item
            // of the path's module.
            let close = code[i..].find('}').map_or(code.len(), |c| i + c);
            for name in code[i + 1..close].split(',') {
                let name = name.trim().split("::").next().unwrap_or("").trim();
                if name.is_empty() || name == "self" {
                    continue;
                }
                let candidate = if target.is_empty() { name.to_string() } else { format!("{target}::{name}") };
                let t = if known.contains_key(&candidate) { candidate } else { target.clone() };
                if t != module && !t.is_empty() {
                    out.insert(t);
                }
            }
        } else if target != module && !target.is_empty() {
            out.insert(target);
        }
    }
    out
}

/// The path of `name` as a child of `module`.
fn child_of(module: &str, name: &str) -> String {
    if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
    }
}

/// A cycle in `graph`, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(next, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if state.get(node.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

fn graph_of(root_file: &str, crate_names: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let known = modules(&src, root_file, "");
    known
        .iter()
        .map(|(m, file)| {
            let text = std::fs::read_to_string(file).unwrap();
            (m.clone(), references(m, &text, &known, crate_names))
        })
        .collect()
}

#[test]
fn no_import_cycles() {
    // The binary's `tessera::` paths name the library, another crate.
    for (root, names) in [("lib.rs", &[][..]), ("main.rs", &[][..])] {
        let graph = graph_of(root, names);
        assert!(graph.len() > 3, "{root}: only {} modules found", graph.len());
        if let Some(cycle) = find_cycle(&graph) {
            panic!("{root}: an import cycle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    graph.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(find_cycle(&graph).unwrap(), ["a", "b", "c", "a"]);
    graph.insert("c".to_string(), BTreeSet::new());
    assert_eq!(find_cycle(&graph), None);
    // `super::` paths and `use` groups resolve to modules.
    let known: BTreeMap<String, PathBuf> =
        ["", "engine", "engine::ctx", "engine::search"].iter().map(|m| (m.to_string(), PathBuf::new())).collect();
    let refs = references("engine::search", "use super::ctx::Ctx;\nuse super::{ctx, Count};", &known, &[]);
    assert_eq!(refs, BTreeSet::from(["engine".to_string(), "engine::ctx".to_string()]));
    let refs = references("engine", "pub use ctx::Visitor;\nuse search::{self, X};", &known, &[]);
    assert_eq!(refs, BTreeSet::from(["engine::ctx".to_string(), "engine::search".to_string()]));
    let refs = references("engine::ctx", "use super::{Monitor, SearchConfig};", &known, &[]);
    assert_eq!(refs, BTreeSet::from(["engine".to_string()]));
    let refs = references("engine::ctx", "let r = super::Restarts::Auto;", &known, &[]);
    assert_eq!(refs, BTreeSet::from(["engine".to_string()]));
}

/// The `.rs` files below `dirs`, in no particular order.
fn rust_files(mut dirs: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn no_source_file_over_900_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut long = Vec::new();
    for path in rust_files(vec![src]) {
        let lines = std::fs::read_to_string(&path).unwrap().lines().count();
        if lines > 900 {
            long.push(format!("{} ({lines} lines)", path.display()));
        }
    }
    assert!(long.is_empty(), "files over 900 lines: {long:?}");
}

/// The longest function body, in lines from `fn` to its closing brace,
/// that `src/engine` and `src/puzzles` may hold: a longer one is split
/// into named steps.
const MAX_FN_LINES: usize = 80;

/// Functions allowed over [`MAX_FN_LINES`], as (file under `src/`, name);
/// the test fails when one is no longer long, so that the list only
/// shrinks. It is empty: keep it so.
const LONG_FNS_ALLOWED: &[(&str, &str)] = &[];

/// The functions of `text` longer than `max` lines, as (name, first line,
/// lines). A function starts at a line whose code begins with `fn name(`
/// or `fn name<` (after `pub`, `const`, ...), and ends at the first later
/// line that is its indentation followed by `}`; a declaration without a
/// body (ending in `;`) is none, a body on one line is short.
fn long_functions(text: &str, max: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let mut rest = code;
        for prefix in ["pub(crate) ", "pub(super) ", "pub ", "const ", "unsafe ", "async "] {
            rest = rest.strip_prefix(prefix).unwrap_or(rest);
        }
        let Some(rest) = rest.strip_prefix("fn ") else { continue };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if name.is_empty() || !rest[name.len()..].starts_with(['(', '<']) {
            continue;
        }
        // The signature ends at `{` (a body), `;` (a declaration) or `}`
        // (a body on one line).
        let sig_end = (i..lines.len()).find(|&j| lines[j].trim_end().ends_with(['{', ';', '}']));
        if sig_end.is_none_or(|j| !lines[j].trim_end().ends_with('{')) {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = (i + 1..lines.len()).find(|&j| lines[j].trim_end() == close) {
            let n = end - i + 1;
            if n > max {
                long.push((name, i + 1, n));
            }
        }
    }
    long
}

#[test]
fn no_engine_or_puzzle_function_over_80_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (mut long, mut allowed_seen) = (Vec::new(), BTreeSet::new());
    for path in rust_files(vec![src.join("engine"), src.join("puzzles")]) {
        let file = path.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        for (name, line, n) in long_functions(&std::fs::read_to_string(&path).unwrap(), MAX_FN_LINES) {
            if LONG_FNS_ALLOWED.contains(&(file.as_str(), name.as_str())) {
                allowed_seen.insert((file.clone(), name));
            } else {
                long.push(format!("{file}:{line} {name} ({n} lines)"));
            }
        }
    }
    long.sort();
    assert!(long.is_empty(), "functions over {MAX_FN_LINES} lines, to split into named steps: {long:?}");
    let stale: Vec<_> =
        LONG_FNS_ALLOWED.iter().filter(|(f, n)| !allowed_seen.contains(&(f.to_string(), n.to_string()))).collect();
    assert!(stale.is_empty(), "no longer over {MAX_FN_LINES} lines: remove from LONG_FNS_ALLOWED: {stale:?}");
}

#[test]
fn the_function_length_check_counts_to_the_closing_brace() {
    let text = "impl A {\n    pub(crate) fn long<T>(x: T) {\n        a;\n        b;\n    }\n    fn decl(&self);\n    fn one(&self) {}\n    fn two(\n        &self,\n    );\n    }\n}\n";
    assert_eq!(long_functions(text, 3), [("long".to_string(), 2, 4)]);
    assert!(long_functions(text, 4).is_empty());
}
