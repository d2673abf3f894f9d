//! `league backup` and `league restore`: round trips, refusals that leave
//! everything as it was, and the safety copies restore keeps.

use super::{assert_unchanged, bytes};
use crate::util::{snapshot, TestLeague};

const EV: [&str; 4] = ["--event", "Winter Swiss", "--section", "1600+"];

fn with_ev<'a>(head: &[&'a str]) -> Vec<&'a str> {
    head.iter().chain(EV.iter()).copied().collect()
}

/// A small league with a recorded round.
fn league_with_round() -> TestLeague {
    let t = TestLeague::small();
    t.write("r1.csv", "1,Alice,Bob,1-0\n2,Carol,Dan,½-½\n3,Eve,Frank,\n");
    t.ok(&with_ev(&["round", "record", "--round", "1", "r1.csv"]));
    t
}

/// The snapshot without the audit table (a restore adds its own entry)
/// and the stamp of the latest change (a restore is one: it stamps the
/// time it was made).
fn records(t: &TestLeague) -> Vec<String> {
    without_stamps(snapshot(&t.db))
}

/// `snapshot` lines other than the audit trail's and the change stamp's.
fn without_stamps(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .filter(|l| !l.starts_with("audit:") && !l.starts_with("records_changed:"))
        .collect()
}

#[test]
fn backup_then_restore_brings_back_exactly_the_backup() {
    let t = league_with_round();
    let out = t.ok(&["backup", "monday.db"]);
    assert!(
        out.contains("Backed up")
            && out.contains("monday.db")
            && out.contains("KB")
            && out.contains("8 players")
            && out.contains("3 games"),
        "{out}"
    );
    // The backup is a self-contained league database: no WAL beside it.
    assert!(!t.path("monday.db-wal").exists());
    let at_backup = records(&t);
    // Later changes, then a restore.
    t.ok(&with_ev(&[
        "game",
        "correct",
        "Bob",
        "0-1",
        "--white-side",
        "--round",
        "1",
        "--reason",
        "wrong sheet",
    ]));
    t.ok(&with_ev(&["game", "result", "Eve", "1-0", "--round", "1"]));
    t.ok(&["player", "add", "Ivy New"]);
    let changed = records(&t);
    assert_ne!(changed, at_backup);
    let out = t.ok(&[
        "restore",
        "monday.db",
        "--reason",
        "Tuesday's entries were wrong",
    ]);
    assert!(out.contains("Restored"), "{out}");
    assert!(out.contains("league.db.before-restore.bak"), "{out}");
    assert_eq!(records(&t), at_backup);
    // The state before the restore is kept, complete.
    let kept = t.path("league.db.before-restore.bak");
    let kept_records: Vec<String> = without_stamps(snapshot(&kept));
    assert_eq!(kept_records, changed);
    let kept_bytes = bytes(&kept);
    // The restore is in the log, with its reason, and the league checks out.
    let log = t.ok(&["log", "--action", "restore"]);
    assert!(
        log.contains("database restored from monday.db")
            && log.contains("Tuesday's entries were wrong"),
        "{log}"
    );
    t.ok(&["check"]);
    // A second restore never overwrites the first safety copy.
    t.ok(&["restore", "monday.db"]);
    assert!(t.path("league.db.before-restore-2.bak").exists());
    assert_unchanged(&kept_bytes, &kept, "the file");
}

#[test]
fn backup_refuses_to_overwrite_without_force() {
    let t = league_with_round();
    t.write("taken.db", "my other file");
    t.fails(&["backup", "taken.db"], "already exists");
    assert_eq!(bytes(&t.path("taken.db")), b"my other file");
    t.ok(&["backup", "taken.db", "--force"]);
    assert!(bytes(&t.path("taken.db")).starts_with(b"SQLite format 3\0"));
    let db = t.db.to_str().expect("path").to_string();
    t.fails(&["backup", &db, "--force"], "is the league database itself");
    t.fails(&["restore", &db], "is the league database itself");
}

#[test]
fn restore_into_a_new_file_needs_no_database() {
    let t = league_with_round();
    t.ok(&["backup", "b.db"]);
    let fresh = TestLeague::new();
    let from = t.path("b.db");
    let out = fresh.ok(&["restore", from.to_str().expect("path")]);
    assert!(out.contains("Restored"), "{out}");
    assert_eq!(
        fresh.query("SELECT count(*) FROM game")[0][0],
        "3",
        "the games came back"
    );
    fresh.ok(&["check"]);
}

/// A copy of `t`'s backup changed by `sql` (foreign keys off, so it can be
/// made inconsistent).
fn spoiled_backup(t: &TestLeague, name: &str, sql: &str) -> String {
    t.ok(&["backup", name, "--force"]);
    let c = rusqlite::Connection::open(t.path(name)).expect("open copy");
    c.execute_batch(sql).expect("spoil");
    t.path(name).display().to_string()
}

#[test]
fn restore_refuses_bad_files_and_changes_nothing() {
    let t = league_with_round();
    // Not a file at all, not SQLite, SQLite but not a league.
    t.fails(&["restore", "missing.db"], "there is no file");
    t.write("notes.txt", "not a database");
    t.fails(&["restore", "notes.txt"], "not an SQLite file");
    {
        let c = rusqlite::Connection::open(t.path("other.db")).expect("other");
        c.execute_batch("CREATE TABLE x (y)").expect("table");
    }
    t.fails(&["restore", "other.db"], "it is not a league database");
    // Damaged: the first 3000 bytes of a good backup.
    t.ok(&["backup", "whole.db"]);
    let whole = bytes(&t.path("whole.db"));
    t.write("cut.db", &whole[..3000]);
    t.fails(&["restore", "cut.db"], "cannot be restored");
    // From a newer program.
    let newer = spoiled_backup(
        &t,
        "newer.db",
        "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (999, 'future', '2040-01-01', '0')",
    );
    t.fails(&["restore", &newer], "newer version of league");
    // Broken references (foreign_key_check).
    let broken = spoiled_backup(
        &t,
        "broken.db",
        "PRAGMA foreign_keys = OFF; INSERT INTO entry (section_id, player_id, pairing_no) VALUES (99, 99, 99);",
    );
    t.fails(&["restore", &broken], "broken reference");
    // Nothing was left behind by the refusals.
    let left: Vec<String> = std::fs::read_dir(t.dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| {
            n.contains("before-restore") || n.contains("restore-tmp") || n.contains("partial")
        })
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    t.ok(&["check"]);
}

#[test]
fn a_restored_older_backup_is_upgraded() {
    use chess_league::store::migrate;
    let t = league_with_round();
    // A backup from a program that knew only V1-V8.
    let old = t.path("old.db");
    {
        let mut c = rusqlite::Connection::open(&old).expect("old");
        let v8: Vec<_> = migrate::migrations()
            .into_iter()
            .filter(|m| m.version() <= 8)
            .collect();
        migrate::run_migrations(&mut c, None, &v8).expect("V1-V8");
        c.execute_batch("INSERT INTO season (name) VALUES ('1999-00')")
            .expect("season");
    }
    t.ok(&["restore", old.to_str().expect("path")]);
    assert_eq!(t.query("SELECT name FROM season")[0][0], "1999-00");
    assert_eq!(
        migrate::current_version(&t.conn()).expect("version"),
        migrate::latest_version()
    );
    // The backup itself was not changed.
    let c = rusqlite::Connection::open(&old).expect("old");
    assert_eq!(migrate::current_version(&c).expect("version"), 8);
}
