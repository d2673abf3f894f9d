//! Files and machines that get in the way: a file that is not a league
//! database, a damaged (truncated) one, a read-only file, a read-only
//! folder, a full disk. Each gives a message naming the file and what to
//! do, a non-zero exit, and leaves the file byte for byte as it was.

use std::path::Path;
use std::process::{Command, Output};

use super::{assert_unchanged, big_league, big_sheet, bytes, games_in, league, with_suffix};
use crate::util::TestLeague;

const EV: [&str; 4] = ["--event", "Winter Swiss", "--section", "1600+"];

/// Commands of every kind: reading, writing, recording a sheet.
fn commands(t: &TestLeague) -> Vec<Vec<String>> {
    t.write("r1.csv", "1,Alice,Bob,1-0\n");
    let mut game: Vec<&str> = vec!["game", "add", "Alice", "Bob", "1-0", "--round", "1"];
    game.extend(EV);
    let mut record: Vec<&str> = vec!["round", "record", "--round", "1", "r1.csv"];
    record.extend(EV);
    [
        vec!["log"],
        vec!["season", "list"],
        vec!["season", "add", "2031-32"],
        vec!["player", "add", "Zed Zero"],
        game,
        record,
    ]
    .into_iter()
    .map(|c| c.into_iter().map(String::from).collect())
    .collect()
}

/// Run every command against `t.db`: each must fail naming the file with
/// `needle`, and leave its bytes as they were.
fn every_command_refuses(t: &TestLeague, needle: &str) {
    let before = bytes(&t.db);
    for args in commands(t) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = t.run(&args);
        assert!(!r.ok, "league {args:?} should fail");
        assert_ne!(r.code, Some(0));
        assert!(
            r.stderr.contains(needle) && r.stderr.contains("league.db"),
            "league {args:?}: expected {needle:?} naming the file in:\n{}",
            r.stderr
        );
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
        assert_unchanged(&before, &t.db, &format!("league {args:?}"));
    }
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_and_untouched() {
    let t = TestLeague::new();
    t.write("league.db", "Notes for the AGM\nBring the clocks.\n");
    every_command_refuses(&t, "not an SQLite file");
    let before = bytes(&t.db);
    let r = t.run(&["check"]);
    assert!(
        !r.ok && r.stderr.contains("not an SQLite file"),
        "{}",
        r.stderr
    );
    // Restore will not replace a file that is not a league database.
    let good = TestLeague::small();
    let r = t.run(&["restore", good.db.to_str().expect("path")]);
    assert!(
        !r.ok && r.stderr.contains("restore will not replace it"),
        "{}",
        r.stderr
    );
    assert_unchanged(&before, &t.db, "the file");
}

#[test]
fn an_sqlite_file_that_is_not_a_league_is_refused_and_untouched() {
    let t = TestLeague::new();
    {
        let c = rusqlite::Connection::open(&t.db).expect("create");
        c.execute_batch("CREATE TABLE recipe (name TEXT); INSERT INTO recipe VALUES ('scones');")
            .expect("fill");
    }
    every_command_refuses(&t, "not a league database");
    let before = bytes(&t.db);
    for args in [vec!["check"], vec!["backup", "copy.db"]] {
        let r = t.run(&args);
        assert!(
            !r.ok && r.stderr.contains("not a league database"),
            "{}",
            r.stderr
        );
    }
    let good = TestLeague::small();
    let r = t.run(&["restore", good.db.to_str().expect("path")]);
    assert!(
        !r.ok && r.stderr.contains("restore will not replace it"),
        "{}",
        r.stderr
    );
    assert_unchanged(&before, &t.db, "the file");
    assert!(!t.path("copy.db").exists());
}

#[test]
fn a_truncated_database_is_refused_then_restored() {
    let good = TestLeague::small();
    good.ok(&["backup", "good.db"]);
    let t = TestLeague::new();
    let whole = bytes(&good.db);
    t.write("league.db", &whole[..3000]);
    every_command_refuses(&t, "is damaged");
    let before = bytes(&t.db);
    let r = t.run(&["check"]);
    assert!(!r.ok, "check must fail on a damaged file");
    assert!(
        r.stdout.contains("FAIL  the file is intact"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.contains("league restore"), "{}", r.stderr);
    let r = t.run(&["backup", "copy.db"]);
    assert!(!r.ok, "a damaged file makes no backup");
    assert!(!t.path("copy.db").exists());
    assert_unchanged(&before, &t.db, "the file");
    // Going back to the backup keeps the damaged bytes aside.
    let backup = good.path("good.db");
    let out = t.ok(&["restore", backup.to_str().expect("path")]);
    assert!(out.contains("damaged database is kept"), "{out}");
    assert_unchanged(&before, &t.path("league.db.before-restore.bak"), "the file");
    t.ok(&["check"]);
    assert_eq!(t.query("SELECT count(*) FROM player")[0][0], "8");
}

/// The user id this test runs as is root (permissions do not stop root).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// `league --db <db> args`, run as an ordinary user: as is when the tests
/// are not root; as `nobody` through `setpriv` when they are (root ignores
/// file permissions). `None` when that is not possible here.
fn as_ordinary_user(db: &Path, args: &[&str]) -> Option<Command> {
    if !is_root() {
        return Some(league(db, args));
    }
    let user = ["--reuid=65534", "--regid=65534", "--clear-groups"];
    let works = Command::new("setpriv")
        .args(user)
        .arg(env!("CARGO_BIN_EXE_league"))
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !works {
        eprintln!("skipped: running as root without a usable setpriv");
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

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_read_only_file_is_refused_untouched_but_can_be_read() {
    let t = TestLeague::small();
    chmod(t.dir.path(), 0o777);
    chmod(&t.db, 0o444);
    let before = bytes(&t.db);
    for args in [
        vec!["season", "add", "2031-32"],
        vec![
            "game",
            "add",
            "Alice",
            "Bob",
            "1-0",
            "--round",
            "1",
            "--event",
            "Winter Swiss",
            "--section",
            "1600+",
        ],
    ] {
        let Some(mut cmd) = as_ordinary_user(&t.db, &args) else {
            return;
        };
        let out = cmd.output().expect("run league");
        assert!(!out.status.success());
        let err = stderr(&out);
        assert!(
            err.contains("league.db is read-only") && err.contains("chmod u+w"),
            "{err}"
        );
        assert_unchanged(&before, &t.db, "the file");
    }
    // No read-only -wal/-shm left beside it to trouble the owner later.
    assert!(!with_suffix(&t.db, "-wal").exists());
    assert!(!with_suffix(&t.db, "-shm").exists());
    // A read-only file can still be checked and copied.
    let copy = t.path("copy.db");
    for args in [vec!["check"], vec!["backup", copy.to_str().expect("path")]] {
        let mut cmd = as_ordinary_user(&t.db, &args).expect("as above");
        let out = cmd.output().expect("run league");
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    }
    assert_unchanged(&before, &t.db, "the file");
    assert!(!with_suffix(&t.db, "-shm").exists());
    assert!(copy.exists());
}

#[test]
fn a_read_only_folder_is_explained_and_the_file_untouched() {
    let t = TestLeague::small();
    let dir = t.path("club");
    std::fs::create_dir(&dir).expect("mkdir");
    let db = dir.join("league.db");
    std::fs::copy(&t.db, &db).expect("copy");
    chmod(t.dir.path(), 0o755);
    chmod(&db, 0o666);
    chmod(&dir, 0o555);
    let before = bytes(&db);
    let run = |args: &[&str]| as_ordinary_user(&db, args).map(|mut c| c.output().expect("run"));
    let Some(out) = run(&["season", "add", "2031-32"]) else {
        chmod(&dir, 0o755);
        return;
    };
    let err = stderr(&out);
    assert!(!out.status.success());
    assert!(
        err.contains("is read-only") && err.contains("club") && err.contains("league.db-wal"),
        "{err}"
    );
    assert_unchanged(&before, &db, "the file");
    // Reading it (check, backup elsewhere) still works.
    let out = run(&["check"]).expect("as above");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_unchanged(&before, &db, "the file");
    chmod(&dir, 0o755);
}

/// `league` with a file size limit (`ulimit -f`, in 512-byte blocks), the
/// way a full disk behaves: writes past the limit fail. SIGXFSZ is ignored
/// so the write fails with an error instead of killing the process.
fn with_file_limit(db: &Path, blocks: u32, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -f \"$1\" && trap '' XFSZ && shift && exec \"$@\"")
        .arg("sh")
        .arg(blocks.to_string())
        .arg(env!("CARGO_BIN_EXE_league"))
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("LEAGUE_DB")
        .output()
        .expect("run sh")
}

#[test]
fn a_full_disk_saves_nothing_and_says_so() {
    let t = big_league(1000);
    t.write("a.csv", big_sheet(500));
    let before = bytes(&t.db);
    let args = [
        "round",
        "record",
        "--event",
        "Big Swiss",
        "--section",
        "A",
        "--round",
        "1",
        "a.csv",
    ];
    let sheet = t.path("a.csv");
    let mut full_args = args.to_vec();
    let sheet_arg = sheet.to_str().expect("path");
    *full_args.last_mut().expect("file") = sheet_arg;
    // 64 blocks = 32 KiB: room for SQLite's 32 KiB -shm, not for the round.
    let out = with_file_limit(&t.db, 64, &full_args);
    let err = stderr(&out);
    assert!(!out.status.success(), "should fail on a 'full disk'");
    assert!(err.contains("league.db") && err.contains("full"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_unchanged(&before, &t.db, "a failed recording");
    assert_eq!(games_in(&t, "A", 1), 0);
    // With space again, the same command works.
    t.ok(&full_args);
    assert_eq!(games_in(&t, "A", 1), 500);
    t.ok(&["check"]);
}

#[test]
fn a_full_database_limit_saves_nothing_and_says_so() {
    use chess_league::store::{season, Store};
    let t = big_league(1000);
    let before = bytes(&t.db);
    let rows =
        chess_league::input::results::parse(big_sheet(500).as_bytes(), "a.csv").expect("sheet");
    {
        let mut store = Store::open(&t.db, false).expect("open");
        // SQLite's max_page_count: growing past it fails as a full disk does.
        store
            .limit_pages(store.page_count().expect("pages"))
            .expect("limit");
        let event = season::find_event(store.conn(), None, "Big Swiss").expect("event");
        let section = season::find_section(store.conn(), &event, Some("A")).expect("section");
        let e = store
            .write(|tx| {
                chess_league::app::round::sheet::record_sheet(
                    tx, &section, 1, None, &rows, "a.csv", false,
                )
            })
            .expect_err("the database is full");
        let msg = e.to_string();
        assert!(
            msg.contains("is full")
                && msg.contains("league.db")
                && msg.contains("nothing was saved"),
            "{msg}"
        );
    }
    assert_unchanged(&before, &t.db, "a failed recording");
    assert_eq!(games_in(&t, "A", 1), 0);
    t.ok(&["check"]);
}
