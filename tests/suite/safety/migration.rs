//! A failed upgrade leaves the old database usable: a database made by a
//! program that knew only V1-V8, with an object in the way of V9, is
//! refused by this program with a clear message, and stays exactly at V8,
//! with its data, its pre-upgrade copy beside it, and usable by the old
//! program. (The library test `store::migrate::tests` does the same with a
//! deliberately broken extra migration.)

use chess_league::store::migrate;

use super::{assert_unchanged, bytes};
use crate::util::{snapshot, TestLeague};

#[test]
fn a_failed_upgrade_leaves_the_old_database_usable() {
    let t = TestLeague::new();
    // The database an older program (migrations V1-V8) wrote.
    {
        let mut conn = rusqlite::Connection::open(&t.db).expect("create");
        let v8: Vec<_> = migrate::migrations()
            .into_iter()
            .filter(|m| m.version() <= 8)
            .collect();
        migrate::run_migrations(&mut conn, None, &v8).expect("V1-V8");
        // As the older program left it: in WAL mode.
        let _: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .expect("wal");
        conn.execute_batch(
            "INSERT INTO season (name) VALUES ('2022-23');
             INSERT INTO player (name) VALUES ('Alice Smith'), ('Bob Jones');
             -- In the way of V9's index of the same name.
             CREATE INDEX audit_event ON audit(at);",
        )
        .expect("data");
    }
    let before = snapshot(&t.db);
    let before_bytes = bytes(&t.db);
    let r = t.run(&["player", "list"]);
    assert!(!r.ok);
    assert_eq!(r.code, Some(3));
    assert!(
        r.stderr.contains("could not bring")
            && r.stderr.contains("league.db")
            && r.stderr
                .contains(&format!("schema 8 to {}", migrate::latest_version()))
            && r.stderr.contains("Nothing was changed"),
        "{}",
        r.stderr
    );
    // Exactly as it was, at schema 8 (V9's first statement, the new
    // column, was rolled back with the rest).
    assert_eq!(before, snapshot(&t.db));
    assert_unchanged(&before_bytes, &t.db, "the file");
    let conn = t.conn();
    assert_eq!(migrate::current_version(&conn).expect("version"), 8);
    let columns = crate::util::rows(&conn, "SELECT name FROM pragma_table_info('audit')");
    assert!(!columns.iter().any(|c| c[0] == "event_id"));
    // Still usable by the old program: its queries work.
    let players = crate::util::rows(&conn, "SELECT name FROM player ORDER BY id");
    assert_eq!(players, [["Alice Smith"], ["Bob Jones"]]);
    drop(conn);
    // The copy taken before the attempt is complete.
    let copy = t.path("league.db.before-v8.bak");
    assert_eq!(before, snapshot(&copy));
    // Once the obstacle is gone, the upgrade goes through.
    t.conn()
        .execute_batch("DROP INDEX audit_event")
        .expect("drop index");
    let listed = t.ok(&["player", "list"]);
    assert!(listed.contains("Alice Smith"), "{listed}");
    assert_eq!(
        migrate::current_version(&t.conn()).expect("version"),
        migrate::latest_version()
    );
    t.ok(&["check"]);
}

#[test]
fn a_database_from_a_newer_program_is_refused_untouched() {
    let t = TestLeague::small();
    t.conn()
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (999, 'future', '2040-01-01', '0')",
            [],
        )
        .expect("future");
    let before = bytes(&t.db);
    for args in [
        vec!["player", "list"],
        vec!["season", "add", "x"],
        vec!["check"],
    ] {
        let r = t.run(&args);
        assert!(!r.ok);
        assert!(
            r.stderr.contains("newer version of league") && r.stderr.contains("league.db"),
            "{}",
            r.stderr
        );
        assert_unchanged(&before, &t.db, "the file");
    }
}

#[test]
fn several_processes_upgrading_one_old_database_at_once_all_succeed() {
    let t = TestLeague::new();
    {
        let mut conn = rusqlite::Connection::open(&t.db).expect("create");
        let v8: Vec<_> = migrate::migrations()
            .into_iter()
            .filter(|m| m.version() <= 8)
            .collect();
        migrate::run_migrations(&mut conn, None, &v8).expect("V1-V8");
        let _: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .expect("wal");
        conn.execute_batch("INSERT INTO player (name) VALUES ('Alice Smith')")
            .expect("data");
    }
    let before = snapshot(&t.db);
    // Four commands started together, each finding schema 8.
    let children: Vec<_> = (0..4)
        .map(|_| {
            super::league(&t.db, &["player", "list"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("start league")
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().expect("league");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(
        migrate::current_version(&t.conn()).expect("version"),
        migrate::latest_version()
    );
    assert_eq!(snapshot(&t.path("league.db.before-v8.bak")), before);
}
