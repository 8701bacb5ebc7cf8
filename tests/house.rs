//! The shape of the code base: no import cycles between modules, no source
//! file over 900 lines (issue 14). A newcomer draws the module graph top
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

#[test]
fn no_source_file_over_900_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src];
    let mut long = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let lines = std::fs::read_to_string(&path).unwrap().lines().count();
                if lines > 900 {
                    long.push(format!("{} ({lines} lines)", path.display()));
                }
            }
        }
    }
    assert!(long.is_empty(), "files over 900 lines: {long:?}");
}
