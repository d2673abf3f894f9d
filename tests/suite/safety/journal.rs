//! Issue 30, item 2: the rollback journal a new file's first command
//! writes (issue 13, for import speed) never outlives a restore.
//!
//! A `league` killed just after it synced the journal of a new database's
//! first write leaves a 0-byte `league.db` and a hot `league.db-journal`
//! (the journal's header says the file held 0 pages). `restore` took the
//! empty file for a missing one, renamed the backup over it and left the
//! journal, which the next command played back over the restored league:
//! "Restored … 36 games", then an empty league with `check` clean.
//!
//! The first test builds that state byte for byte (SQLite's journal
//! header), so it runs everywhere. The second kills the real command at
//! every write, sync and file removal it makes (with `strace`'s fault
//! injection, skipped with a note where strace cannot run) and, after each
//! kill, runs the sequences of commands a secretary would: restore, read,
//! record, back up. No sequence loses a record.

use std::path::Path;
use std::process::Command;

use super::{league, with_suffix};
use crate::util::{snapshot, TestLeague};

/// A hot rollback journal whose header says the database held 0 pages:
/// what SQLite has synced before the first page of a new file is written.
/// Played back, it truncates the database to nothing.
fn hot_journal_of_an_empty_file() -> Vec<u8> {
    let mut header = Vec::new();
    header.extend_from_slice(&[0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]); // magic
    header.extend_from_slice(&0u32.to_be_bytes()); // pages in the journal
    header.extend_from_slice(&0x1234_5678u32.to_be_bytes()); // checksum nonce
    header.extend_from_slice(&0u32.to_be_bytes()); // pages before the write
    header.extend_from_slice(&512u32.to_be_bytes()); // sector size
    header.extend_from_slice(&4096u32.to_be_bytes()); // page size
    header.resize(512, 0);
    header
}

/// Games, players and entries in the league at `db`, read as the next
/// command reads it (a read-write connection plays back any journal).
fn records(db: &Path) -> (i64, i64, i64) {
    let conn = rusqlite::Connection::open(db).expect("open");
    let count = |t: &str| -> i64 {
        conn.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
            .unwrap_or(-1)
    };
    (count("game"), count("player"), count("entry"))
}

/// A league with games, and its backup `bk.db` beside it.
fn league_with_backup() -> (TestLeague, std::path::PathBuf) {
    let t = TestLeague::new();
    let trf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/trf/fide-exercise-2023.trf"
    );
    t.ok(&["--create", "import", "trf", trf, "--season", "2025"]);
    let bk = t.path("bk.db");
    t.ok(&["backup", bk.to_str().expect("path")]);
    (t, bk)
}

#[test]
fn a_hot_journal_beside_an_empty_file_does_not_undo_a_restore() {
    let (source, bk) = league_with_backup();
    let expected = records(&source.db);
    assert_eq!(expected, (36, 16, 16));

    // The state a kill after the journal sync of a first write leaves.
    let t = TestLeague::new();
    std::fs::write(&t.db, b"").expect("empty file");
    let journal = with_suffix(&t.db, "-journal");
    std::fs::write(&journal, hot_journal_of_an_empty_file()).expect("journal");

    let out = t.ok(&["restore", bk.to_str().expect("path")]);
    assert!(out.contains("36 games"), "{out}");
    assert!(!journal.exists(), "the journal outlived the restore");
    // What it printed is what the next command reads.
    assert_eq!(records(&t.db), expected);
    let standings = t.ok(&["player", "list", "--format", "csv"]);
    assert_eq!(standings.lines().count(), 17, "{standings}");
    t.ok(&["check"]);
    assert_eq!(records(&t.db), expected);
}

/// The journal is also dealt with when the current file is damaged: it is
/// kept with the safety copy (where SQLite reads it with the copy), and not
/// left beside the restored file.
#[test]
fn a_restore_over_a_damaged_file_keeps_its_journal_with_the_copy() {
    let (source, bk) = league_with_backup();
    let t = TestLeague::new();
    let mut damaged = std::fs::read(&source.db).expect("read");
    damaged.truncate(4096 * 3);
    damaged[4096..].fill(0xAA);
    std::fs::write(&t.db, &damaged).expect("write");
    let journal = with_suffix(&t.db, "-journal");
    let mut hot = hot_journal_of_an_empty_file();
    hot[16..20].copy_from_slice(&3u32.to_be_bytes()); // it held 3 pages
    std::fs::write(&journal, &hot).expect("journal");
    let out = t.ok(&["restore", bk.to_str().expect("path")]);
    assert!(out.contains("36 games"), "{out}");
    assert!(!journal.exists(), "the journal outlived the restore");
    assert_eq!(records(&t.db), records(&source.db));
}

/// Whether `strace` can run `league` here (not in every container).
fn strace_works() -> bool {
    Command::new("strace")
        .args(["-f", "-o", "/dev/null", "-e", "trace=none"])
        .arg(env!("CARGO_BIN_EXE_league"))
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The import that creates `db`, killed (SIGKILL) at the `when`-th call of
/// `syscall`; whether it was killed.
fn killed_import(db: &Path, syscall: &str, when: usize) -> bool {
    let trf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/trf/fide-exercise-2023.trf"
    );
    let out = Command::new("strace")
        .args(["-f", "-o", "/dev/null", "-e"])
        .arg(format!("inject={syscall}:signal=SIGKILL:when={when}"))
        .arg(env!("CARGO_BIN_EXE_league"))
        .arg("--db")
        .arg(db)
        .args(["--create", "import", "trf", trf, "--season", "2025"])
        .env_remove("LEAGUE_DB")
        .output()
        .expect("run strace");
    !out.status.success()
}

/// A copy of the killed state (the file and whatever lies beside it) in a
/// new league folder, so each sequence starts from the same state.
fn copy_state(from: &TestLeague) -> TestLeague {
    let t = TestLeague::new();
    for suffix in ["", "-journal", "-wal", "-shm"] {
        let src = with_suffix(&from.db, suffix);
        if src.exists() {
            std::fs::copy(&src, with_suffix(&t.db, suffix)).expect("copy");
        }
    }
    t
}

/// Run `league` and say whether it succeeded (its failures are allowed:
/// what matters is what the file holds afterwards).
fn run(t: &TestLeague, args: &[&str]) -> bool {
    let out = league(&t.db, args).output().expect("run league");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "league {args:?} panicked: {err}");
    out.status.success()
}

/// Whether the kill landed in the middle of the import: a hot rollback
/// journal beside the league (SQLite's journal magic in its header), which
/// only an open transaction leaves; at a commit the journal is removed.
fn killed_mid_import(db: &Path) -> bool {
    const MAGIC: [u8; 8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7];
    std::fs::read(with_suffix(db, "-journal")).is_ok_and(|j| j.starts_with(&MAGIC))
}

/// The games the killed import left: all 36 or none (a file that does not
/// exist yet or holds no league counts as none).
fn games_after_kill(t: &TestLeague) -> i64 {
    if !t.db.exists() || std::fs::metadata(&t.db).is_ok_and(|m| m.len() == 0) {
        return 0;
    }
    let (games, _, _) = records(&t.db);
    games.max(0)
}

/// Issue 30, item 2: the rollback-journal first write stays (it halves the
/// writes of a new league's import, BENCHMARKS.md item 17), so every point
/// where that import can be killed is tried, and after each kill:
/// 1. `restore` of a backup leaves exactly the backup;
/// 2. a report, then the import again: all of it or none, `check` clean;
/// 3. `season add` (a write), then `backup` and `restore` of that backup:
///    the league seen after the kill is the one restored.
#[test]
fn no_command_after_a_killed_first_import_loses_a_record() {
    if !strace_works() {
        // CI installs strace (.ci/run): missing there is a mistake. A
        // container that forbids tracing (ptrace) can still skip: the
        // sweep cannot run there at all.
        let installed = Command::new("strace").arg("-V").output().is_ok();
        assert!(
            installed || std::env::var_os("CI").is_none(),
            "strace is needed for the kill sweep in CI (.ci/run installs Debian's strace)"
        );
        eprintln!("skipped: strace cannot run league here (fault injection needs it)");
        return;
    }
    let (source, bk) = league_with_backup();
    let backup = records(&source.db);
    let trf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/trf/fide-exercise-2023.trf"
    );
    // Every point takes about 1.5 s of commands on two cores: by default
    // the first 12 calls of each kind and every 10th after them (the
    // journal's header and first pages, the syncs, the commit's removal of
    // the journal); LEAGUE_FULL_KILL_SWEEP=1 tries every call (220 points
    // in 335 s when this test was written, all passing).
    let full = std::env::var_os("LEAGUE_FULL_KILL_SWEEP").is_some();
    let mut points = 0;
    let mut mid_import = 0;
    for syscall in ["pwrite64", "fsync", "fdatasync", "unlink", "ftruncate"] {
        for when in 1.. {
            if !full && when > 12 && when % 10 != 0 {
                continue;
            }
            let killed = TestLeague::new();
            if !killed_import(&killed.db, syscall, when) {
                break; // the import made fewer such calls: it finished
            }
            points += 1;
            let at = format!("killed at {syscall} #{when}");
            // Read a copy: reading plays back a hot journal, and each
            // sequence below must start from the state the kill left.
            let mid = killed_mid_import(&killed.db);
            let left = games_after_kill(&copy_state(&killed));
            assert!(left == 0 || left == 36, "{at}: {left} of 36 games");
            if mid {
                mid_import += 1;
                assert_eq!(left, 0, "{at}: killed mid-import, yet games were kept");
            }

            // 1. Restore a backup.
            let t = copy_state(&killed);
            assert!(run(&t, &["restore", bk.to_str().expect("path")]), "{at}");
            assert_eq!(records(&t.db), backup, "{at}: restore then read");
            assert!(run(&t, &["check"]), "{at}");
            assert_eq!(records(&t.db), backup, "{at}: restore, check, read");

            // 2. A report, then the import again.
            let t = copy_state(&killed);
            run(&t, &["season", "list"]);
            assert_eq!(games_after_kill(&t), left, "{at}: a report changed it");
            let again = run(&t, &["import", "trf", trf, "--season", "2025"]);
            let now = games_after_kill(&t);
            if again {
                assert_eq!(now, left + 36, "{at}: import after the kill");
            } else {
                assert_eq!(now, left, "{at}: a refused import changed it");
            }
            assert!(run(&t, &["check"]), "{at}");

            // 3. A write, a backup of the result and its restore.
            let t = copy_state(&killed);
            assert!(
                run(&t, &["--create", "season", "add", "2031-32"]),
                "{at}: season add"
            );
            assert_eq!(games_after_kill(&t), left, "{at}: season add lost games");
            let bk2 = t.path("after.db");
            assert!(run(&t, &["backup", bk2.to_str().expect("path")]), "{at}");
            let before = snapshot(&t.db);
            assert!(run(&t, &["restore", bk2.to_str().expect("path")]), "{at}");
            let after: Vec<String> = snapshot(&t.db)
                .into_iter()
                .filter(|r| !r.starts_with("audit: "))
                .collect();
            let before: Vec<String> = before
                .into_iter()
                .filter(|r| !r.starts_with("audit: "))
                .collect();
            assert_eq!(after, before, "{at}: backup and restore");
        }
    }
    eprintln!(
        "{points} kill points, {mid_import} of them mid-import (a hot journal); every sequence all-or-nothing"
    );
    assert!(
        points > 10,
        "only {points} kill points: strace injected nothing?"
    );
    // A sweep whose kills all landed before the import wrote or after it
    // committed would prove nothing about a transaction cut short.
    assert!(
        mid_import > 0,
        "none of the {points} kills landed in the middle of the import"
    );
}
