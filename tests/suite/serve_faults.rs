//! `league serve` when things go wrong (issue 26): killed with `kill -9`
//! while results are being entered it loses no result it acknowledged, and
//! a restarted server carries on; a full disk gives a clear page, and the
//! server keeps serving; a read-only database is served to read, each
//! change refused in words; a command writing at the terminal meanwhile
//! keeps the pages up, and a result tapped then waits for it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::serve_http::{csrf_of, get, post, try_post, Server};
use crate::util::TestLeague;

/// A 40-player Swiss whose round 1 is paired on 20 boards, no result in.
fn twenty_boards() -> TestLeague {
    let t = TestLeague::new();
    t.ok(&[
        "season",
        "add",
        "2025-26",
        "--start",
        "2025-09-01",
        "--end",
        "2026-05-31",
    ]);
    t.ok(&[
        "event",
        "add",
        "Spring Swiss",
        "--season",
        "2025-26",
        "--rounds",
        "5",
    ]);
    let names: Vec<String> = (1..=40).map(|k| format!("Player {k:02} Test")).collect();
    let mut enter = vec!["enter", "--new", "--event", "Spring Swiss"];
    enter.extend(names.iter().map(String::as_str));
    t.ok(&enter);
    let mut sheet = String::from("board,white,black,result\n");
    for b in 1..=20 {
        sheet.push_str(&format!("{b},#{},#{},\n", b, b + 20));
    }
    let file = t.write("round-1.csv", sheet);
    t.ok(&[
        "round",
        "record",
        "--event",
        "Spring Swiss",
        "--round",
        "1",
        file.to_str().unwrap(),
    ]);
    t
}

/// The console's one-tap recording of `board`'s result (the players'
/// reports page records a board's result as a typed-in result is).
fn record(
    addr: std::net::SocketAddr,
    cookie: &str,
    csrf: &str,
    board: u32,
    result: &str,
) -> std::io::Result<u16> {
    let board = board.to_string();
    try_post(
        addr,
        "/reports/confirm",
        cookie,
        &[
            ("csrf", csrf),
            ("section", "Spring Swiss"),
            ("round", "1"),
            ("board", &board),
            ("result", result),
        ],
    )
    .map(|a| a.status)
}

fn session(server: &Server) -> (String, String) {
    let cookie = server.log_in();
    let page = get(server.addr, "/reports", &cookie);
    assert_eq!(page.status, 200, "{}", page.body);
    let csrf = csrf_of(&page.body);
    (cookie, csrf)
}

fn results(db: &Path) -> Vec<(u32, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut st = conn
        .prepare("SELECT board, result FROM game WHERE result IS NOT NULL ORDER BY board")
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn a_server_killed_while_results_come_in_loses_none_it_acknowledged() {
    let t = twenty_boards();
    let mut server = Server::start(&t.db);
    let (cookie, csrf) = session(&server);
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let sent = Arc::new(AtomicUsize::new(0));
    // Four devices entering results, boards 1-20 between them.
    let devices: Vec<_> = (0..4u32)
        .map(|d| {
            let (addr, cookie, csrf) = (server.addr, cookie.clone(), csrf.clone());
            let (acknowledged, sent) = (Arc::clone(&acknowledged), Arc::clone(&sent));
            std::thread::spawn(move || {
                for board in (1..=20).filter(|b| b % 4 == d) {
                    sent.fetch_add(1, Ordering::SeqCst);
                    match record(addr, &cookie, &csrf, board, "1-0") {
                        Ok(303) => acknowledged.lock().unwrap().push(board),
                        Ok(other) => panic!("board {board}: status {other}"),
                        Err(_) => return, // the server is gone
                    }
                }
            })
        })
        .collect();
    let start = Instant::now();
    while acknowledged.lock().unwrap().len() < 6 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    server.kill(); // kill -9
    for d in devices {
        d.join().unwrap();
    }
    let acked = acknowledged.lock().unwrap().clone();
    assert!(acked.len() >= 6, "{acked:?}");
    let on_disk = results(&t.db);
    for board in &acked {
        assert!(
            on_disk.contains(&(*board, "1-0".to_string())),
            "board {board} was acknowledged but is not in the database: {on_disk:?}"
        );
    }
    // The figures BENCHMARKS.md quotes (seen with --nocapture).
    eprintln!(
        "killed with kill -9: {} results sent, {} acknowledged, {} in the file (all {} acknowledged among them)",
        sent.load(Ordering::SeqCst),
        acked.len(),
        on_disk.len(),
        acked.len()
    );
    // A restarted server carries on: the rest of the boards go in, each once.
    let server = Server::start(&t.db);
    let (cookie, csrf) = session(&server);
    for board in 1..=20 {
        if !on_disk.iter().any(|(b, _)| *b == board) {
            assert_eq!(
                record(server.addr, &cookie, &csrf, board, "1-0").unwrap(),
                303
            );
        }
    }
    assert_eq!(results(&t.db).len(), 20);
    assert_eq!(t.query("SELECT count(*) FROM game")[0][0], "20");
    let board = get(server.addr, "/board", "").body;
    assert!(board.contains("All 20 results are in."), "{board}");
    assert!(sent.load(Ordering::SeqCst) >= acked.len());
}

/// A small tmpfs of its own, which the test can fill or make read-only
/// (both hold for root too). `None` where mounting is not allowed.
struct Disk {
    dir: tempfile::TempDir,
}

impl Disk {
    fn mount(test: &str) -> Option<Disk> {
        let dir = tempfile::tempdir().unwrap();
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=8m", "tmpfs"])
            .arg(dir.path())
            .output();
        match out {
            Ok(o) if o.status.success() => Some(Disk { dir }),
            _ => {
                assert!(
                    std::env::var_os("CI").is_none(),
                    "{test}: CI runs as root and must be able to mount a small tmpfs"
                );
                eprintln!("{test}: skipped: cannot mount a small tmpfs here");
                None
            }
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.path("filler");
        let mut f = std::fs::File::create(&filler).unwrap();
        let block = vec![0u8; 4096];
        while f.write_all(&block).is_ok() {}
        while f.write_all(&[0]).is_ok() {}
        filler
    }

    fn remount(&self, how: &str) {
        let ok = Command::new("mount")
            .args(["-o", &format!("remount,{how}")])
            .arg(self.dir.path())
            .status()
            .unwrap()
            .success();
        assert!(ok, "remount {how}");
    }
}

impl Drop for Disk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).output();
    }
}

#[test]
fn a_full_disk_gives_a_clear_page_and_loses_nothing() {
    let Some(disk) = Disk::mount("a_full_disk_gives_a_clear_page_and_loses_nothing") else {
        return;
    };
    let t = twenty_boards();
    let db = disk.path("league.db");
    std::fs::copy(&t.db, &db).unwrap();
    let server = Server::start(&db);
    let (cookie, csrf) = session(&server);
    assert_eq!(record(server.addr, &cookie, &csrf, 1, "1-0").unwrap(), 303);

    // Full: a clear page naming the problem, nothing recorded.
    let filler = disk.fill();
    let mut refused = None;
    for board in 2..=20 {
        let a = post(
            server.addr,
            "/reports/confirm",
            &cookie,
            &[
                ("csrf", &csrf),
                ("section", "Spring Swiss"),
                ("round", "1"),
                ("board", &board.to_string()),
                ("result", "0-1"),
            ],
        );
        if a.status != 303 {
            refused = Some((board, a));
            break;
        }
    }
    let (board, a) = refused.expect("a full disk refuses a result");
    assert!(a.status >= 500 && a.status < 600, "{}", a.status);
    assert!(
        a.body.contains("<html"),
        "a page, not a bare error: {}",
        a.body
    );
    assert!(a.body.contains("full"), "{}", a.body);
    assert!(
        a.body
            .contains("free some disk space on the computer running the server, then try again"),
        "{}",
        a.body
    );
    no_command(&a.body);
    // The server is still there, and the board still shows.
    assert_eq!(get(server.addr, "/board", "").status, 200);
    std::fs::remove_file(filler).unwrap();
    assert_eq!(
        record(server.addr, &cookie, &csrf, board, "0-1").unwrap(),
        303
    );

    assert_eq!(
        results(&db).len(),
        2,
        "both results before the disk filled and after"
    );
}

/// Publishing the site to a full disk: a clear page saying the site there
/// before is as it was and what to do on the server's computer, never the
/// CLI's "run the command again"; once there is room, it publishes.
#[test]
fn publishing_to_a_full_disk_gives_a_clear_page_and_the_old_site_stays() {
    let Some(disk) = Disk::mount("publishing_to_a_full_disk_gives_a_clear_page") else {
        return;
    };
    let t = twenty_boards();
    let site = disk.path("site");
    let server = Server::start_with(&t.db, &["--site", site.to_str().unwrap()]);
    let (cookie, csrf) = session(&server);
    let first = post(server.addr, "/publish", &cookie, &[("csrf", &csrf)]);
    assert_eq!(first.status, 303, "{}", first.body);
    let index = std::fs::read(site.join("index.html")).unwrap();

    // A round's results change every page that shows them; then the disk fills.
    assert_eq!(record(server.addr, &cookie, &csrf, 1, "1-0").unwrap(), 303);
    let filler = disk.fill();
    let a = post(server.addr, "/publish", &cookie, &[("csrf", &csrf)]);
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(
        a.body.contains(&format!(
            "The disk holding {} is full, so the site was not written; the site there before is as it was. \
             Free some disk space on the computer running the server, then try again",
            site.display()
        )),
        "{}",
        a.body
    );
    no_command(&a.body);
    assert_eq!(std::fs::read(site.join("index.html")).unwrap(), index);

    std::fs::remove_file(filler).unwrap();
    let again = post(server.addr, "/publish", &cookie, &[("csrf", &csrf)]);
    assert_eq!(again.status, 303, "{}", again.body);
}

/// A page's words name no command to run and no `--flag`: a page has
/// its own ways on (the CLI's "run the command again" is for a terminal).
fn no_command(page: &str) {
    for words in [
        "run the command",
        "--db",
        "--",
        "`league",
        "chmod",
        "league check",
    ] {
        assert!(!page.contains(words), "{words:?} on the page: {page}");
    }
}

/// The status and body of `path`, for a page that must render.
fn renders(addr: std::net::SocketAddr, path: &str, cookie: &str) -> String {
    let a = get(addr, path, cookie);
    assert_eq!(a.status, 200, "{path}: {}", a.body);
    a.body
}

/// The secretary runs a command at the terminal while `league serve` runs:
/// while that command holds the database's write lock, every console page
/// and the players' board still render (they read the last committed
/// state), a result tapped meanwhile waits for the lock instead of failing,
/// and both the command's change and the tap are recorded, once each.
#[test]
fn a_command_writing_at_the_terminal_keeps_the_pages_up_and_the_tap_waits_for_it() {
    let t = twenty_boards();
    t.ok(&["use", "--event", "Spring Swiss"]);
    let server = Server::start(&t.db);
    let (cookie, csrf) = session(&server);
    // Another process in the middle of its one transaction.
    let other = rusqlite::Connection::open(&t.db).unwrap();
    other
        .execute_batch("BEGIN IMMEDIATE; UPDATE game SET result = '1-0' WHERE board = 20;")
        .unwrap();
    for path in [
        "/",
        "/results",
        "/standings",
        "/round/print",
        "/reports",
        "/log",
    ] {
        renders(server.addr, path, &cookie);
    }
    let board = renders(server.addr, "/board", "");
    assert!(
        board.contains("None of the 20 results is in yet."),
        "{board}"
    );
    // A tap now waits for the other command to finish.
    let (addr, c, k) = (server.addr, cookie.clone(), csrf.clone());
    let tap = std::thread::spawn(move || record(addr, &c, &k, 1, "0-1"));
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        !tap.is_finished(),
        "the tap waits while another command writes"
    );
    other.execute_batch("COMMIT").unwrap();
    assert_eq!(tap.join().unwrap().unwrap(), 303);
    assert_eq!(
        results(&t.db),
        vec![(1, "0-1".to_string()), (20, "1-0".to_string())]
    );
    let board = renders(server.addr, "/board", "");
    assert!(board.contains("2 of 20 results are in"), "{board}");
}

/// `league serve` on a database on a read-only disk (a USB stick locked,
/// a copy on a CD): it serves the league to read instead of refusing to
/// start. The console's pages and the players' board show what is
/// recorded; a result tapped gets a page that says nothing was saved, why,
/// and what to do; the file is not touched. (A disk cannot be made
/// read-only under a running server that has the file open to write: the
/// system refuses while a file on it is open for writing.)
#[test]
fn a_read_only_database_is_served_to_read_and_refuses_changes_clearly() {
    let test = "a_read_only_database_is_served_to_read_and_refuses_changes_clearly";
    let Some(disk) = Disk::mount(test) else {
        return;
    };
    let t = twenty_boards();
    t.ok(&["use", "--event", "Spring Swiss"]);
    t.ok(&[
        "game",
        "result",
        "--event",
        "Spring Swiss",
        "--round",
        "1",
        "Player 01 Test",
        "1-0",
    ]);
    let db = disk.path("league.db");
    std::fs::copy(&t.db, &db).unwrap();
    let bytes = std::fs::read(&db).unwrap();
    disk.remount("ro");
    let server = Server::start(&db);
    let (cookie, csrf) = session(&server);
    for path in ["/", "/results", "/standings", "/round/print", "/log"] {
        renders(server.addr, path, &cookie);
    }
    let board = renders(server.addr, "/board", "");
    assert!(board.contains("1 of 20 results are in"), "{board}");
    let tapped = post(
        server.addr,
        "/reports/confirm",
        &cookie,
        &[
            ("csrf", &csrf),
            ("section", "Spring Swiss"),
            ("round", "1"),
            ("board", "2"),
            ("result", "0-1"),
        ],
    );
    drop(server);
    disk.remount("rw");
    assert!(
        tapped.status >= 500 && tapped.status < 600,
        "{}: {}",
        tapped.status,
        tapped.body
    );
    assert!(tapped.body.contains("<html"), "a page: {}", tapped.body);
    assert!(
        tapped.body.contains("Nothing was saved: ")
            && tapped.body.contains(
                "is read-only, so this server shows the league but cannot record anything in it"
            ),
        "{}",
        tapped.body
    );
    no_command(&tapped.body);
    assert_eq!(std::fs::read(&db).unwrap(), bytes, "the file is as it was");
    assert_eq!(results(&db), vec![(1, "1-0".to_string())]);
}

/// A command at the terminal that keeps the database locked for longer
/// than the server waits (30 s): the result tapped meanwhile gets a page
/// that says the file is busy and nothing was saved, the server keeps
/// serving, and once the command is done the same tap is recorded, once.
#[test]
fn a_lock_held_past_the_wait_gets_a_page_saying_nothing_was_saved() {
    let t = twenty_boards();
    t.ok(&["use", "--event", "Spring Swiss"]);
    let server = Server::start(&t.db);
    let (cookie, csrf) = session(&server);
    let other = rusqlite::Connection::open(&t.db).unwrap();
    other.execute_batch("BEGIN IMMEDIATE;").unwrap();
    let started = Instant::now();
    let a = post(
        server.addr,
        "/reports/confirm",
        &cookie,
        &[
            ("csrf", &csrf),
            ("section", "Spring Swiss"),
            ("round", "1"),
            ("board", "3"),
            ("result", "1/2-1/2"),
        ],
    );
    assert!(started.elapsed() >= Duration::from_secs(29), "it waited");
    assert!(
        a.status >= 500 && a.status < 600,
        "{}: {}",
        a.status,
        a.body
    );
    assert!(a.body.contains("<html"), "a page: {}", a.body);
    assert!(
        a.body.contains("is busy: another league command (or another program) has been using it for more than 30 seconds. Nothing was saved; try again in a moment, once it has finished"),
        "{}",
        a.body
    );
    no_command(&a.body);
    renders(server.addr, "/board", "");
    other.execute_batch("ROLLBACK;").unwrap();
    assert!(results(&t.db).is_empty());
    assert_eq!(
        record(server.addr, &cookie, &csrf, 3, "1/2-1/2").unwrap(),
        303
    );
    assert_eq!(results(&t.db), vec![(3, "1/2-1/2".to_string())]);
}
