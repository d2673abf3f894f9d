//! The layer rules the crates cannot express (issue 25). The crates hold
//! the dependency rule themselves: a crate can name only the crates its
//! manifest lists, cargo refuses a cycle, and the `compile_fail` doctests
//! of `league-domain`, `league-store` and `league-app` prove an import the
//! wrong way does not compile. What is left is text:
//! - SQL runs only in the store: the domain has rusqlite (its ids' SQL
//!   binding, the `sql` feature the store turns on) and the root package
//!   has it for the tests, so the compiler alone would let them run SQL;
//! - input and export share a crate (the file models' layer) and never use
//!   each other;
//! - the manifests: rusqlite and refinery are dependencies of the store
//!   only (the domain's optional binding aside).

use std::path::{Path, PathBuf};

fn top() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read a source folder") {
        let path = entry.expect("read a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a Rust file with comments and string literals blanked, so
/// that a path in a doc comment or a message is not read as code.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if !escaped && c == '"' {
                        break;
                    }
                    escaped = !escaped && c == '\\';
                }
                out.push_str("\"\"");
            }
            _ => out.push(c),
        }
    }
    out
}

/// The production part of a file: none for a file of tests, else what
/// comes before its first `#[cfg(test)]`.
fn production(path: &Path, text: &str) -> String {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    if name == "tests.rs"
        || name == "proptests.rs"
        || path.components().any(|c| c.as_os_str() == "tests")
    {
        return String::new();
    }
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    code_only(text)
}

/// Every Rust file of the library crates and the root package's `src/`.
fn sources() -> Vec<PathBuf> {
    let mut all = vec![];
    rust_files(&top().join("src"), &mut all);
    for entry in std::fs::read_dir(top().join("crates")).expect("read crates/") {
        let src = entry.expect("read crates/").path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut all);
        }
    }
    all
}

fn relative(path: &Path) -> String {
    path.strip_prefix(top())
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/")
}

#[test]
fn sql_runs_only_in_the_store() {
    let calls = [
        ".prepare(",
        ".prepare_cached(",
        ".execute(",
        ".execute_batch(",
        "query_row",
    ];
    let mut running: Vec<String> = sources()
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("read source");
            let code = production(f, &text);
            calls.iter().any(|call| code.contains(call))
        })
        .map(|f| relative(f))
        .filter(|rel| !rel.starts_with("crates/store/"))
        .collect();
    running.sort();
    assert!(
        running.is_empty(),
        "files outside crates/store/ running SQL (give the store a function): {running:?}"
    );
    // The check has something to hold: the store does run SQL.
    let store = top().join("crates/store/src/migrate.rs");
    assert!(std::fs::read_to_string(store).unwrap().contains("execute"));
}

#[test]
fn rusqlite_is_named_in_the_domain_only_by_its_ids_sql_binding() {
    let mut all = vec![];
    rust_files(&top().join("crates/domain/src"), &mut all);
    let named: Vec<String> = all
        .iter()
        .filter(|f| code_only(&std::fs::read_to_string(f).unwrap()).contains("rusqlite"))
        .map(|f| relative(f))
        .collect();
    assert_eq!(named, ["crates/domain/src/ids/sql.rs"]);
}

/// The `[dependencies]` lines of a manifest (not dev-dependencies).
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).expect("read a manifest");
    let mut inside = false;
    let mut out = vec![];
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            out.push(line.to_string());
        }
    }
    out
}

#[test]
fn the_store_alone_depends_on_the_database_libraries() {
    let mut crates: Vec<PathBuf> = std::fs::read_dir(top().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    crates.push(top().to_path_buf());
    let mut wrong = vec![];
    for dir in &crates {
        let name = relative(dir);
        for dep in dependencies(&dir.join("Cargo.toml")) {
            let database = dep.starts_with("rusqlite") || dep.starts_with("refinery");
            let allowed = name == "crates/store"
                || (name == "crates/domain"
                    && dep.starts_with("rusqlite")
                    && dep.contains("optional = true"));
            if database && !allowed {
                wrong.push(format!("{name}: {dep}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "database libraries outside the store: {wrong:?}"
    );
    assert!(dependencies(&top().join("crates/store/Cargo.toml"))
        .iter()
        .any(|d| d.starts_with("rusqlite")));
}

#[test]
fn input_and_export_never_use_each_other() {
    let src = top().join("crates/interchange/src");
    let mut wrong = vec![];
    for (here, there) in [("input", "export"), ("export", "input")] {
        let mut files = vec![];
        rust_files(&src.join(here), &mut files);
        assert!(!files.is_empty(), "no files in {here}/");
        for f in files {
            let code = production(&f, &std::fs::read_to_string(&f).unwrap());
            if code.contains(&format!("crate::{there}"))
                || code.contains(&format!("super::{there}"))
            {
                wrong.push(relative(&f));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "input and export use each other: {wrong:?}"
    );
    // The rule has something to hold: both rest on the file models.
    let trf = std::fs::read_to_string(src.join("export/trf.rs")).unwrap();
    assert!(code_only(&trf).contains("crate::interchange"));
}

/// The string literals of Rust code (comments skipped), each with its
/// line: plain and raw strings; a char literal such as '"' is not one.
fn string_literals(code: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let (mut out, mut i, mut line) = (vec![], 0, 1);
    while i < chars.len() {
        let c = chars[i];
        let word_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '\n' {
            line += 1;
        } else if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3; // 'x'
            continue;
        } else if c == '\'' && chars.get(i + 1) == Some(&'\\') {
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
        } else if c == 'r' && !word_before && matches!(chars.get(i + 1), Some('"' | '#')) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) == Some(&'"') {
                let start = i + 2 + hashes;
                let end = (start..chars.len())
                    .find(|&j| {
                        chars[j] == '"'
                            && chars[j + 1..].iter().take_while(|&&h| h == '#').count() >= hashes
                    })
                    .unwrap_or(chars.len());
                let text: String = chars[start..end].iter().collect();
                let lines = text.matches('\n').count();
                out.push((line, text));
                line += lines;
                i = end + 1 + hashes;
                continue;
            }
        } else if c == '"' {
            let mut j = i + 1;
            let mut text = String::new();
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    // A line continuation joins the words with one space.
                    if chars.get(j + 1) == Some(&'\n') {
                        line += 1;
                        j += 2;
                        while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                            j += 1;
                        }
                        text.push(' ');
                        continue;
                    }
                    text.push(chars[j]);
                    j += 1;
                } else if chars[j] == '\n' {
                    line += 1;
                }
                text.push(chars[j]);
                j += 1;
            }
            out.push((line, text));
            i = j + 1;
            continue;
        }
        i += 1;
    }
    out
}

/// What in `text` names a `league` command (one of `commands`, not as a
/// noun: "a league backup") or a `--flag`.
fn names_a_command(text: &str, commands: &[String]) -> Option<String> {
    let bytes = text.as_bytes();
    for (at, _) in text.match_indices("--") {
        let after = &text[at + 2..];
        let flag: String = after
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '-')
            .collect();
        let before_ok = at == 0 || !bytes[at - 1].is_ascii_alphanumeric();
        if before_ok && flag.len() > 1 && flag.starts_with(|c: char| c.is_ascii_lowercase()) {
            return Some(format!("--{flag}"));
        }
    }
    for (at, _) in text.match_indices("league ") {
        if text[..at].ends_with("a ") || (at > 0 && bytes[at - 1].is_ascii_alphanumeric()) {
            continue;
        }
        let word: String = text[at + 7..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase())
            .collect();
        if commands.contains(&word) {
            return Some(format!("league {word}"));
        }
    }
    None
}

/// Issue 25: the store, the domain and the application layer state facts
/// and rules; the command or the flag that goes on from them is the CLI's
/// (a `Way` the CLI words, or a refusal it adds a hint to), so a second
/// front end shows its own. No string literal in their production code
/// names a `league` command or a `--flag`.
#[test]
fn the_lower_layers_name_no_command_and_no_flag() {
    use clap::CommandFactory;
    let commands: Vec<String> = chess_league::cli::Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|n| n != "help")
        .collect();
    assert!(commands.iter().any(|c| c == "season"), "{commands:?}");
    // Not a message: the value that marks a demo database (stored in
    // every demo file).
    let data = ["league demo"];
    let mut found = vec![];
    for krate in ["store", "domain", "app"] {
        let mut files = vec![];
        rust_files(&top().join("crates").join(krate).join("src"), &mut files);
        assert!(!files.is_empty(), "no files in crates/{krate}/src");
        for f in files {
            let name = f.file_name().unwrap_or_default().to_string_lossy();
            if name == "tests.rs"
                || name == "proptests.rs"
                || name == "fixture.rs"
                || f.components().any(|c| c.as_os_str() == "tests")
            {
                continue;
            }
            let text = std::fs::read_to_string(&f).expect("read source");
            let text = text.split("#[cfg(test)]").next().unwrap_or_default();
            for (line, literal) in string_literals(text) {
                if data.contains(&literal.as_str()) {
                    continue;
                }
                if let Some(what) = names_a_command(&literal, &commands) {
                    found.push(format!("{}:{line}: {what} in \"{literal}\"", relative(&f)));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "messages below the front ends naming a command or a flag (give the error a Way, or a \
         refusal the CLI adds its hint to):\n{}",
        found.join("\n")
    );
    // The check has something to hold: it finds what it looks for.
    let sample = "let s = \"add one with `league season add NAME`\"; // \"--not-me\"\nlet t = r#\"use --db\"#; let c = '\"';";
    let seen: Vec<_> = string_literals(sample)
        .iter()
        .filter_map(|(_, l)| names_a_command(l, &commands))
        .collect();
    assert_eq!(seen, ["league season", "--db"]);
    assert_eq!(
        names_a_command("a league backup; a league-wide rule", &commands),
        None
    );
}
