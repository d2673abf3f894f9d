//! The repository stands on its own: no source, test or bench reads data
//! from outside it (a clone has nothing beside it), and the test data the
//! suite relies on is in `tests/data`.

use std::path::Path;

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn nothing_reads_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Built at run time so that this file does not match itself.
    let outside = ["..", "shared"].join("/");
    let mut files = vec![root.join("build.rs")];
    for dir in ["src", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(
        files.len() > 50,
        "expected the crate's sources, found {}",
        files.len()
    );
    let offenders: Vec<String> = files
        .iter()
        .filter(|f| std::fs::read_to_string(f).is_ok_and(|t| t.contains(&outside)))
        .map(|f| f.strip_prefix(root).unwrap_or(f).display().to_string())
        .collect();
    assert!(
        offenders.is_empty(),
        "files reading {outside}: {offenders:?}"
    );
}

#[test]
fn the_test_data_is_in_the_repository() {
    let data = Path::new(env!("LEAGUE_TEST_DATA"));
    assert!(data.starts_with(env!("CARGO_MANIFEST_DIR")));
    let count = |sub: &str, ext: &str| {
        std::fs::read_dir(data.join(sub))
            .unwrap_or_else(|e| panic!("{sub}: {e}"))
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == ext))
            })
            .count()
    };
    assert_eq!(count("trf", "trf"), 6, "the six real TRF files");
    assert_eq!(count("trf", "tsv"), 6, "their published values");
    assert_eq!(
        count("pairing", "trf"),
        120,
        "the reference engine's tournaments"
    );
    assert_eq!(
        count("pairing-byes", "trf"),
        100,
        "the reference engine's bye-heavy tournaments"
    );
    assert!(data.join("README.md").is_file(), "sources and licences");
}
