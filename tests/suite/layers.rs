//! Dependencies point one way (issue 13): a test that reads the `use` lines
//! and `crate::`/`super::` paths of every file under `src/`, builds the graph
//! of which file uses which, and checks
//! - that no two files import each other, directly or round a longer cycle,
//!   except the cycles listed in [`KNOWN_CYCLES`], which are still to be
//!   taken apart (the list may only shrink: a cycle that is gone must leave
//!   it, and a new one fails the test);
//! - that `rusqlite` is named only in `src/store/`, and that no file
//!   outside it runs SQL (`.prepare(`, `.execute(`, `query_row`), not even
//!   in its unit tests: readers and writers the store owns are the only
//!   doors;
//! - that the file models' layer and the two beside each other on it keep
//!   to the layer order (`domain ← interchange ← input, export ← store`):
//!   [`MAY_USE`] lists what each may import.
//!
//! Reading source text is crude, but module paths in this crate are plain
//! (`use crate::a::b::{c, d}`, `super::x::f`), and the resolver is tested on
//! the cycle it was written to find (`tiebreak/codes.rs` ↔ `order.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Cycles not yet removed, each as its files in sorted order.
const KNOWN_CYCLES: &[&[&str]] = &[];

/// The layers a layer's files may import, besides their own layer: the
/// file models (`interchange`) rest on the domain alone; `input` (text to a
/// model) and `export` (a model to text) rest on the models, the domain and
/// the error type, and never on each other, nor on anything above them.
const MAY_USE: &[(&str, &[&str])] = &[
    ("interchange", &["domain"]),
    ("input", &["domain", "interchange", "error"]),
    ("export", &["domain", "interchange", "error"]),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file: `src/store/mod.rs` → `["store"]`,
/// `src/store/round.rs` → `["store", "round"]`, `src/lib.rs` → `[]`.
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src()).expect("a file under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The file that defines module `path`, if it is a file of its own.
fn file_of(path: &[String], files: &BTreeMap<Vec<String>, String>) -> Option<String> {
    files.get(path).cloned()
}

/// The longest prefix of `path` that is a file: the file a path points into.
fn resolve(path: &[String], files: &BTreeMap<Vec<String>, String>) -> Option<String> {
    (0..=path.len())
        .rev()
        .find_map(|n| file_of(&path[..n], files))
}

/// Strip comments and string literals, so that a path in a doc comment or
/// a message is not read as a dependency.
fn code_only(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        let mut in_str = false;
        let mut prev = ' ';
        for c in line.chars() {
            if c == '"' && prev != '\\' {
                in_str = !in_str;
            } else if !in_str {
                out.push(c);
            }
            prev = c;
        }
        out.push('\n');
    }
    out
}

/// Every module path the code names, expanded from `use` groups, made
/// absolute (`crate::` dropped, `super::` and `self::` resolved against the
/// file's own module).
fn paths_named(code: &str, module: &[String]) -> Vec<Vec<String>> {
    // The module that `super` means: for a.rs or a/mod.rs declaring module
    // m, `super` is m's parent; `self` is m.
    let here: Vec<String> = module.to_vec();
    let mut found = vec![];
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        let starts = (rest.starts_with("crate::")
            || rest.starts_with("super::")
            || rest.starts_with("self::"))
            && (i == 0
                || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':'));
        if !starts {
            i += 1;
            continue;
        }
        // Read one path expression, braces included.
        let mut depth = 0;
        let mut j = i;
        while j < bytes.len() {
            let c = bytes[j];
            if c == '{' {
                depth += 1;
            } else if c == '}' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == ':' || c == '#') {
                break;
            }
            j += 1;
        }
        let expr: String = bytes[i..j].iter().collect();
        for p in expand(&expr) {
            // A raw identifier names the module's file without `r#`
            // (`super::r#match` is `match.rs`).
            let mut segs: Vec<String> = p
                .split("::")
                .map(|s| s.trim().trim_start_matches("r#").to_string())
                .collect();
            segs.retain(|s| !s.is_empty());
            let mut abs: Vec<String> = vec![];
            let mut first = true;
            for s in segs {
                match s.as_str() {
                    "crate" if first => abs.clear(),
                    "self" if first => abs = here.clone(),
                    "super" => {
                        if first {
                            abs = here.clone();
                        }
                        abs.pop();
                    }
                    "self" => {}
                    _ => abs.push(s),
                }
                first = false;
            }
            found.push(abs);
        }
        i = j.max(i + 1);
    }
    found
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`.
fn expand(expr: &str) -> Vec<String> {
    let expr = expr.trim();
    match expr.find('{') {
        None => vec![expr.to_string()],
        Some(open) => {
            let prefix = &expr[..open];
            let inner = &expr[open + 1..expr.rfind('}').unwrap_or(expr.len())];
            let mut parts = vec![];
            let (mut depth, mut start) = (0, 0);
            for (k, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(&inner[start..k]);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            parts.push(&inner[start..]);
            parts
                .into_iter()
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .flat_map(|p| expand(&format!("{prefix}{p}")))
                .collect()
        }
    }
}

/// The files of modules declared under `#[cfg(test)]` (`mod tests;` in
/// its own file): unit tests, which may reach anywhere.
fn test_only(files: &BTreeMap<Vec<String>, String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (module, rel) in files {
        let text = std::fs::read_to_string(src().join(rel)).expect("read source");
        let mut lines = text.lines().map(str::trim);
        while let Some(line) = lines.next() {
            if line != "#[cfg(test)]" {
                continue;
            }
            let Some(next) = lines.next() else { break };
            let name = next
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub ")
                .strip_prefix("mod ")
                .and_then(|m| m.strip_suffix(';'));
            if let Some(name) = name {
                let mut child = module.clone();
                child.push(name.to_string());
                if let Some(file) = files.get(&child) {
                    out.insert(file.clone());
                }
            }
        }
    }
    out
}

/// File → files it uses (itself, the crate root and unit-test files left
/// out). A file that uses an item of its parent module file (`super::x`
/// where x is defined in `mod.rs`) depends on that parent file.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut all = vec![];
    rust_files(&src(), &mut all);
    let files: BTreeMap<Vec<String>, String> = all
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(src()).unwrap().to_string_lossy().to_string();
            (module_of(f), rel)
        })
        .filter(|(_, rel)| rel != "main.rs")
        .collect();
    let tests = test_only(&files);
    let mut g = BTreeMap::new();
    for f in &all {
        let rel = f.strip_prefix(src()).unwrap().to_string_lossy().to_string();
        if rel == "main.rs" || rel == "lib.rs" || tests.contains(&rel) {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("read source");
        // Unit tests may reach anywhere.
        let text = match text.find("#[cfg(test)]") {
            Some(i) => &text[..i],
            None => &text[..],
        };
        let module = module_of(f);
        let mut deps = BTreeSet::new();
        for p in paths_named(&code_only(text), &module) {
            if let Some(target) = resolve(&p, &files) {
                if target != rel && target != "lib.rs" {
                    deps.insert(target);
                }
            }
        }
        g.insert(rel, deps);
    }
    g
}

/// The strongly connected components of more than one file (Tarjan).
fn cycles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on.insert(v);
        for w in s.g.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.g.contains_key(w) {
                continue;
            }
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = vec![];
            while let Some(w) = s.stack.pop() {
                s.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: vec![],
        on: BTreeSet::new(),
        next: 0,
        out: vec![],
    };
    for v in g.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

#[test]
fn the_resolver_reads_paths_as_the_compiler_does() {
    let module: Vec<String> = vec!["store".into(), "backup".into()];
    let got = paths_named(
        &code_only("use super::{explain, migrate::run};\nlet x = crate::domain::score::Points::ZERO; // crate::site::x\nlet s = \"crate::cli\";"),
        &module,
    );
    let got: Vec<String> = got.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        got,
        [
            "store::explain",
            "store::migrate::run",
            "domain::score::Points::ZERO"
        ]
    );
    let g = graph();
    assert!(
        g["domain/tiebreak/order.rs"].contains("domain/tiebreak/codes.rs"),
        "order.rs uses codes.rs: {:?}",
        g["domain/tiebreak/order.rs"]
    );
    assert!(g["store/backup.rs"].contains("store/mod.rs"));
}

#[test]
fn no_two_files_depend_on_each_other() {
    let found = cycles(&graph());
    let known: Vec<Vec<String>> = KNOWN_CYCLES
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<&Vec<String>> = found.iter().filter(|c| !known.contains(c)).collect();
    let gone: Vec<&Vec<String>> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "cycles between files that are not in KNOWN_CYCLES: {new:#?}\nKNOWN_CYCLES that are gone (take them off the list): {gone:#?}"
    );
}

#[test]
fn rusqlite_is_named_only_in_the_store() {
    let mut all = vec![];
    rust_files(&src(), &mut all);
    let mut named: Vec<String> = all
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("read source");
            let text = match text.find("#[cfg(test)]") {
                Some(i) => text[..i].to_string(),
                None => text,
            };
            code_only(&text).contains("rusqlite")
        })
        .map(|f| f.strip_prefix(src()).unwrap().to_string_lossy().to_string())
        .filter(|rel| !rel.starts_with("store/"))
        .collect();
    named.sort();
    assert!(
        named.is_empty(),
        "files outside src/store/ naming rusqlite: {named:?}"
    );
}

#[test]
fn sql_runs_only_in_the_store() {
    let mut all = vec![];
    rust_files(&src(), &mut all);
    let mut running: Vec<String> = all
        .iter()
        .filter(|f| {
            let code = code_only(&std::fs::read_to_string(f).expect("read source"));
            [
                ".prepare(",
                ".prepare_cached(",
                ".execute(",
                ".execute_batch(",
                "query_row",
            ]
            .iter()
            .any(|call| code.contains(call))
        })
        .map(|f| f.strip_prefix(src()).unwrap().to_string_lossy().to_string())
        .filter(|rel| !rel.starts_with("store/"))
        .collect();
    running.sort();
    assert!(
        running.is_empty(),
        "files outside src/store/ running SQL (give the store a function): {running:?}"
    );
}

/// The layer a file belongs to: its folder under `src/`, or its own name
/// (`error.rs` → `error`).
fn layer(file: &str) -> &str {
    file.split('/')
        .next()
        .unwrap_or(file)
        .trim_end_matches(".rs")
}

#[test]
fn the_file_models_input_and_export_keep_to_their_layers() {
    let g = graph();
    // The unit-test files are left out of the graph: the writer's tests
    // read back what it wrote with the reader.
    assert!(g.contains_key("export/trf.rs") && !g.contains_key("export/trf/tests.rs"));
    let mut wrong = vec![];
    for (file, deps) in &g {
        let here = layer(file);
        let Some((_, allowed)) = MAY_USE.iter().find(|(l, _)| *l == here) else {
            continue;
        };
        for dep in deps {
            let there = layer(dep);
            if there != here && !allowed.contains(&there) {
                wrong.push(format!("{file} uses {dep}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layer order (MAY_USE): {wrong:#?}"
    );
    // The rule has something to hold: each layer named exists and uses
    // what it is allowed to.
    for (l, _) in MAY_USE {
        assert!(g.keys().any(|f| layer(f) == *l), "no files in src/{l}/");
    }
    assert!(g["export/trf.rs"].contains("interchange/trf.rs"));
    assert!(g["input/json.rs"].contains("interchange/json.rs"));
}
