//! Issue 30: paths and files that are not what they claim to be.
//!
//! - item 13: a named pipe (or a folder) given as `--db` or as the backup
//!   to restore is refused at once instead of hanging;
//! - item 14: a schema history that the migration library cannot read is
//!   refused in words, and the file is left byte for byte as it was (it was
//!   switched to WAL and then the program panicked, exit 101).

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::{bytes, league, with_suffix};
use crate::util::TestLeague;

/// Run `cmd`, killing it if it has not ended within 30 seconds (a command
/// that waits on a named pipe never does).
fn run_bounded(mut cmd: Command) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start league");
    let until = Instant::now() + Duration::from_secs(30);
    while child.try_wait().expect("status").is_none() {
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            panic!("league hung on a named pipe: {cmd:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn a_named_pipe_or_a_folder_as_the_database_or_the_backup_is_refused_at_once() {
    let t = TestLeague::small();
    let fifo = t.path("pipe.db");
    if !mkfifo(&fifo) {
        eprintln!("skipped: mkfifo is not available here");
        return;
    }
    let copy = t.path("copy.db");
    let copy = copy.to_str().expect("path");
    for args in [
        vec!["season", "list"],
        vec!["season", "add", "2031-32"],
        vec!["check"],
        vec!["backup", copy],
        vec!["sql", "SELECT 1"],
        vec!["restore", t.db.to_str().expect("path")],
    ] {
        let out = run_bounded(league(&fifo, &args));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            err.contains("pipe.db is a named pipe (FIFO), not a file"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    // As the backup to restore.
    let before = bytes(&t.db);
    let out = run_bounded(league(&t.db, &["restore", fifo.to_str().expect("path")]));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("is a named pipe (FIFO), not a file, so it cannot be restored")
            && err.contains("league backup")
            && !err.contains("--db"),
        "{err}"
    );
    assert_eq!(before, bytes(&t.db));
    // A folder as --db: named, in words (it was "Is a directory (os error 21)").
    let folder = t.path("club");
    std::fs::create_dir(&folder).expect("mkdir");
    for args in [vec!["season", "list"], vec!["season", "add", "2031-32"]] {
        let out = run_bounded(league(&folder, &args));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert!(
            err.contains("club is a folder, not a file") && !err.contains("os error"),
            "{args:?}: {err}"
        );
    }
    // A restore source that is not SQLite is named as the backup, not --db.
    let text = t.write("notes.txt", "not a backup\n");
    let r = t.fails(
        &["restore", text.to_str().expect("path")],
        "notes.txt is not a league backup",
    );
    assert!(!r.stderr.contains("--db"), "{}", r.stderr);
}

/// A backup of a small league (one file, rollback-journal mode, as a
/// backup is), with its history changed by `sql`.
fn backup_with_history(sql: &str) -> (TestLeague, std::path::PathBuf) {
    let t = TestLeague::small();
    let bk = t.path("old.db");
    t.ok(&["backup", bk.to_str().expect("path")]);
    let conn = rusqlite::Connection::open(&bk).expect("open");
    conn.execute_batch(sql).expect("change the history");
    drop(conn);
    assert!(!with_suffix(&bk, "-wal").exists());
    (t, bk)
}

#[test]
fn a_schema_history_the_upgrade_cannot_read_is_refused_and_the_file_left_alone() {
    for (sql, needle) in [
        (
            "DELETE FROM refinery_schema_history WHERE version >= 23; \
             UPDATE refinery_schema_history SET applied_on = 'last Tuesday' WHERE version = 5;",
            "version 5 applied on \"last Tuesday\", which is not a date and time",
        ),
        (
            "DELETE FROM refinery_schema_history WHERE version >= 23; \
             UPDATE refinery_schema_history SET checksum = 'abc' WHERE version = 2;",
            "version 2 with a checksum that is not a number",
        ),
        (
            "UPDATE refinery_schema_history SET version = 'one' WHERE version = 1;",
            "a version that is not a number",
        ),
    ] {
        let (t, bk) = backup_with_history(sql);
        let before = bytes(&bk);
        for args in [
            vec!["season", "list"],
            vec!["season", "add", "2031-32"],
            vec!["player", "list"],
        ] {
            let out = league(&bk, &args).output().expect("run league");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{args:?}: {err}");
            assert_ne!(out.status.code(), Some(101), "{args:?} panicked: {err}");
            assert!(
                err.contains("old.db") && err.contains(needle) && err.contains("left as it is"),
                "{args:?}: {err}"
            );
            assert!(
                !err.contains("Invalid column type") && !err.contains("panicked"),
                "{err}"
            );
            assert_eq!(before, bytes(&bk), "{args:?} changed the file");
            assert!(!with_suffix(&bk, "-wal").exists(), "{args:?} left a -wal");
        }
        // Restoring it is refused too, and the league is untouched.
        let league_before = bytes(&t.db);
        let r = t.fails(
            &["restore", bk.to_str().expect("path")],
            "cannot be restored",
        );
        assert!(r.stderr.contains(needle), "{}", r.stderr);
        assert_eq!(league_before, bytes(&t.db));
    }
}

/// Item 6: a backup carrying its own trigger (one that turns every recorded
/// result into 0-1) and view. Restored into a new file, into a healthy
/// league and over a damaged one, the trigger and view are removed and the
/// restore says so; a result recorded afterwards is stored as given; and
/// `league check` names such objects in a database.
#[test]
fn a_crafted_backup_does_not_bring_its_own_triggers_and_views() {
    let t = TestLeague::small();
    let ev = ["--event", "Winter Swiss", "--section", "1600+"];
    t.ok(&[
        &["game", "add", "Alice", "Bob", "1-0", "--round", "1"][..],
        &ev,
    ]
    .concat());
    let crafted = t.path("crafted.db");
    t.ok(&["backup", crafted.to_str().expect("path")]);
    let evil = "CREATE TRIGGER flip AFTER INSERT ON game BEGIN \
                UPDATE game SET result = '0-1' WHERE id = NEW.id; END; \
                CREATE TRIGGER flip_update AFTER UPDATE OF result ON game WHEN NEW.result <> '0-1' BEGIN \
                UPDATE game SET result = '0-1' WHERE id = NEW.id; END; \
                CREATE VIEW extra AS SELECT 1;";
    rusqlite::Connection::open(&crafted)
        .expect("open")
        .execute_batch(evil)
        .expect("plant the trigger");

    // `check` on the crafted file itself names what is not league's.
    let r = league(&crafted, &["check"]).output().expect("run");
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(!r.status.success(), "{out}");
    assert!(
        out.contains("trigger flip on game is not part of league's own schema")
            && out.contains("view extra is not part of league's own schema"),
        "{out}"
    );

    let damaged_league = || {
        let d = TestLeague::new();
        let mut bytes = bytes(&t.db);
        bytes.truncate(4096 * 4);
        bytes[4096..].fill(0x5A);
        std::fs::write(&d.db, bytes).expect("write");
        d
    };
    let new_file = TestLeague::new();
    let healthy = TestLeague::small();
    let damaged = damaged_league();
    for (what, target) in [
        ("new", &new_file),
        ("healthy", &healthy),
        ("damaged", &damaged),
    ] {
        let out = target.ok(&["restore", crafted.to_str().expect("path")]);
        assert!(
            out.contains("trigger flip on game is not part of league's own schema")
                && out.contains("were removed"),
            "{what}: {out}"
        );
        let names = target
            .query("SELECT name FROM sqlite_master WHERE name IN ('flip', 'flip_update', 'extra')");
        assert!(names.is_empty(), "{what}: {names:?} survived the restore");
        // A result is stored as recorded.
        target.ok(&[
            &["game", "add", "Carol", "Dan", "1-0", "--round", "1"][..],
            &ev,
        ]
        .concat());
        // The round's last board, so that `check` finds nobody unpaired.
        target.ok(&[
            &["game", "add", "Eve", "Frank", "1-0", "--round", "1"][..],
            &ev,
        ]
        .concat());
        let correct = |result: &str| {
            let args = [
                "game", "correct", "Alice", result, "--round", "1", "--reason", "slip",
            ];
            target.ok(&[&args[..], &ev].concat());
        };
        correct("0-1");
        correct("1-0");
        assert_eq!(
            target.query("SELECT result FROM game ORDER BY id"),
            vec![vec!["1-0".to_string()]; 3],
            "{what}"
        );
        target.ok(&["check"]);
    }
}

/// `league --db <db> args` as the user `nobody` (through `setpriv`), for
/// tests of a reader who may not write the secretary's file; `None` when
/// the tests do not run as root or setpriv cannot switch users here.
fn as_nobody(db: &Path, args: &[&str]) -> Option<Command> {
    let root = std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .find(|l| l.starts_with("Uid:"))
            .and_then(|l| l.split_whitespace().nth(1))
            == Some("0")
    });
    let user = ["--reuid=65534", "--regid=65534", "--clear-groups"];
    let works = root
        && Command::new("setpriv")
            .args(user)
            .arg(env!("CARGO_BIN_EXE_league"))
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
    if !works {
        eprintln!("skipped: needs root and setpriv to read as another user");
        return None;
    }
    let mut cmd = Command::new("setpriv");
    cmd.args(user)
        .arg(env!("CARGO_BIN_EXE_league"))
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("LEAGUE_DB");
    Some(cmd)
}

fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// Item 5: a user who may not write the secretary's file (a web server's
/// user building the site) read it as `immutable`, without locks, and saw
/// half-made changes. Now such a reader takes SQLite's locks: while the
/// owner holds the file's write lock in the middle of a change, the reader
/// waits and then sees the whole change. (Read without locks, it printed
/// the seasons at once, without the one being recorded.)
#[cfg(target_os = "linux")]
#[test]
fn a_reader_who_cannot_write_the_file_waits_for_a_change_instead_of_reading_half_of_it() {
    let t = TestLeague::small();
    let db = t.path("shared.db");
    t.ok(&["backup", db.to_str().expect("path")]); // rollback-journal mode
    chmod(t.dir.path(), 0o755);
    chmod(&db, 0o644);
    let Some(mut reader) = as_nobody(&db, &["season", "list"]) else {
        return;
    };
    let mut owner = rusqlite::Connection::open(&db).expect("open");
    let tx = owner
        .transaction_with_behavior(rusqlite::TransactionBehavior::Exclusive)
        .expect("the write lock");
    tx.execute("INSERT INTO season (name) VALUES ('2031-32')", [])
        .expect("a season");
    let child = reader
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the reader");
    std::thread::sleep(Duration::from_millis(1500));
    tx.commit().expect("commit");
    let out = child.wait_with_output().expect("reader");
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        listed.contains("2031-32") && listed.contains("2022-23"),
        "the reader did not wait for the change: {listed}"
    );

    // The league's own file (WAL mode) with no -shm beside it: SQLite
    // cannot read it with locks unless this user makes one, which would
    // stop the owner; refused in words, nothing made.
    drop(owner);
    chmod(&t.db, 0o644);
    // In a folder the reader may write, where SQLite would make them.
    chmod(t.dir.path(), 0o777);
    let wal = with_suffix(&t.db, "-wal");
    if std::fs::metadata(&wal).is_ok_and(|m| m.len() == 0) {
        std::fs::remove_file(&wal).expect("an empty log");
        let _ = std::fs::remove_file(with_suffix(&t.db, "-shm"));
    }
    let mut cmd = as_nobody(&t.db, &["season", "list"]).expect("as above");
    let out = cmd.output().expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "read without locks: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        err.contains("cannot read") && err.contains("safely") && err.contains("league backup"),
        "{err}"
    );
    for side in ["-shm", "-wal"] {
        use std::os::unix::fs::MetadataExt;
        let made_by_reader =
            std::fs::metadata(with_suffix(&t.db, side)).is_ok_and(|m| m.uid() == 65534);
        assert!(!made_by_reader, "the reader left its own {side} file");
    }
    chmod(t.dir.path(), 0o755);
    t.ok(&["season", "add", "2032-33"]);
}

/// Item 18: refusals in the secretary's words. A read of a read-only file
/// that needs upgrading says so (not "cannot record anything"); `prizes`,
/// `prize list` and `round sheet` read a read-only file; a rule of the
/// schema a value breaks is a sentence, not SQLite's text.
#[cfg(target_os = "linux")]
#[test]
fn refusals_speak_the_secretarys_words() {
    use chess_league::store::migrate;
    // SQLite's CHECK and UNIQUE texts.
    let t = TestLeague::small();
    let r = t.fails(
        &["player", "add", "Zed", "--rating", "5000"],
        "the rating must be between 0 and 4000",
    );
    assert!(!r.stderr.contains("CHECK constraint"), "{}", r.stderr);
    let r = t.fails(
        &[
            "event", "add", "Nil", "--season", "2022-23", "--rounds", "0",
        ],
        "the rounds must be between 1 and 99",
    );
    assert!(!r.stderr.contains("constraint failed"), "{}", r.stderr);

    // Read-only commands on a read-only file (as another user).
    let ev = ["--event", "Winter Swiss", "--section", "1600+"];
    t.ok(&[&["round", "pair", "--round", "1"][..], &ev].concat());
    t.ok(&[&["prize", "add", "--place", "1", "--cash", "50"][..], &ev].concat());
    let ro = t.path("ro.db");
    t.ok(&["backup", ro.to_str().expect("path")]);
    chmod(t.dir.path(), 0o755);
    chmod(&ro, 0o444);
    for args in [
        [&["prizes"][..], &ev].concat(),
        [&["prize", "list"][..], &ev].concat(),
        [&["round", "sheet", "--round", "1"][..], &ev].concat(),
    ] {
        let Some(mut cmd) = as_nobody(&ro, &args) else {
            return;
        };
        let out = cmd.output().expect("run");
        assert!(
            out.status.success(),
            "{args:?} on a read-only file: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    // A read-only file of an older schema: a read says what it needs.
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
    chmod(&old, 0o444);
    let before = bytes(&old);
    let mut cmd = as_nobody(&old, &["season", "list"]).expect("as above");
    let out = cmd.output().expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("written by an older version of league (schema 8)")
            && err.contains("needs write access")
            && !err.contains("cannot record anything"),
        "{err}"
    );
    assert_eq!(before, bytes(&old));
}
