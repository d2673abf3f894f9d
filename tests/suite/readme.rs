//! The README's walkthrough runs as written: every `league` line of the
//! marked block, in order, against a fresh database, each succeeding.

use crate::util::TestLeague;

const README: &str = include_str!("../../README.md");

/// The fenced block that follows `marker`.
pub fn block_after(marker: &str) -> &'static str {
    let start = README.find(marker).expect("marker in README");
    let rest = &README[start..];
    let open = rest.find("```").expect("block opens");
    let body = &rest[open..];
    let body = &body[body.find('\n').expect("fence line") + 1..];
    &body[..body.find("```").expect("block closes")]
}

/// Split a command line the way a shell would for these simple cases.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

#[test]
fn readme_walkthrough_runs_as_written() {
    let t = TestLeague::new();
    t.write("round1.csv", block_after("where `round1.csv` is"));
    let mut ran = 0;
    for line in block_after("<!-- walkthrough").lines() {
        let line = line.trim();
        if !line.starts_with("league ") {
            continue;
        }
        let w = words(line);
        let args: Vec<&str> = w[1..].iter().map(String::as_str).collect();
        let r = t.run(&args);
        assert!(r.ok, "README line failed: {line}\n{}{}", r.stdout, r.stderr);
        ran += 1;
    }
    assert!(
        ran >= 15,
        "the walkthrough should have its commands ({ran} found)"
    );
}

/// The "After the last round" block runs as written on the demo league.
#[test]
fn after_the_last_round_runs_as_written_on_the_demo() {
    let t = TestLeague::new();
    t.ok(&["demo", "--out", t.db.to_str().unwrap()]);
    t.write(
        "fide-list.xml",
        std::fs::read(concat!(env!("LEAGUE_TEST_DATA"), "/ratings/fide-list.xml")).unwrap(),
    );
    let mut ran = 0;
    for line in block_after("<!-- after the last round").lines() {
        let line = line.trim();
        if !line.starts_with("league ") {
            continue;
        }
        let w = words(line);
        let args: Vec<&str> = w[1..].iter().map(String::as_str).collect();
        let r = t.run(&args);
        assert!(r.ok, "README line failed: {line}\n{}{}", r.stdout, r.stderr);
        ran += 1;
    }
    assert!(ran >= 14, "{ran} commands found");
    assert!(t.path("winter-swiss-report").join("TDEXPORT.DBF").exists());
    assert!(std::fs::read_to_string(t.path("winter-1600.trf"))
        .unwrap()
        .contains("102 Ann Arbiter\n"));
}
