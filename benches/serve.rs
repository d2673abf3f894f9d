//! Load on `league serve` (issue 26): 20 devices entering results through
//! the console and 200 players' boards reloading every second, for 30 s
//! (`SERVE_BENCH_SECONDS` to change), on a club night of four Swiss events
//! of 150 players (300 boards). Prints the p50/p99/max latency of a
//! console page, of a result's entry and of a board page, the errors, and
//! checks that every result acknowledged is in the database exactly once.
//! Run: `cargo bench --bench serve`. Figures go in BENCHMARKS.md.
//!
//! The HTTP client is the test suite's few lines over a TCP socket
//! (`tests/suite/serve_http.rs`): no client crate to build.

#[path = "../tests/suite/serve_http.rs"]
#[allow(dead_code)]
mod serve_http;

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serve_http::{csrf_of, get, request, try_post, Server};

const EVENTS: usize = 4;
const PLAYERS: usize = 150;
const DEVICES: usize = 20;
const BOARDS: usize = 200;

fn league(db: &Path, args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_league"))
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("run league");
    assert!(
        out.status.success(),
        "league {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Four events, each with round 1 paired on 75 boards and no result in.
fn club_night(dir: &Path) -> std::path::PathBuf {
    let db = dir.join("bench.db");
    league(
        &db,
        &[
            "season",
            "add",
            "2025-26",
            "--start",
            "2025-09-01",
            "--end",
            "2026-05-31",
        ],
    );
    for e in 1..=EVENTS {
        let event = format!("Event {e}");
        league(
            &db,
            &[
                "event", "add", &event, "--season", "2025-26", "--rounds", "5",
            ],
        );
        let names: Vec<String> = (1..=PLAYERS)
            .map(|k| format!("Player {e}-{k:03} Bench"))
            .collect();
        let mut args = vec!["enter", "--new", "--event", event.as_str()];
        args.extend(names.iter().map(String::as_str));
        league(&db, &args);
        let half = PLAYERS / 2;
        let mut sheet = String::from("board,white,black,result\n");
        for b in 1..=half {
            sheet.push_str(&format!("{b},#{b},#{},\n", b + half));
        }
        let file = dir.join(format!("round-{e}.csv"));
        std::fs::write(&file, sheet).unwrap();
        league(
            &db,
            &[
                "round",
                "record",
                "--event",
                &event,
                "--round",
                "1",
                file.to_str().unwrap(),
            ],
        );
    }
    db
}

#[derive(Default)]
struct Tally {
    console: Vec<Duration>,
    entry: Vec<Duration>,
    board: Vec<Duration>,
    errors: Vec<String>,
    acknowledged: Vec<(usize, usize)>,
}

fn device(
    addr: SocketAddr,
    cookie: String,
    csrf: String,
    d: usize,
    until: Instant,
    tally: Arc<Mutex<Tally>>,
) {
    // Device d enters boards d+1, d+1+20, ... of every event in turn.
    let mut todo: Vec<(usize, usize)> = (1..=EVENTS)
        .flat_map(|e| {
            (1..=PLAYERS / 2)
                .filter(move |b| (b - 1) % DEVICES == d)
                .map(move |b| (e, b))
        })
        .collect();
    todo.reverse();
    while Instant::now() < until {
        let t = Instant::now();
        let page = get(addr, "/reports", &cookie);
        let took = t.elapsed();
        let mut done = tally.lock().unwrap();
        done.console.push(took);
        if page.status != 200 {
            done.errors.push(format!("console page: {}", page.status));
        }
        drop(done);
        if let Some((e, b)) = todo.pop() {
            let (event, board) = (format!("Event {e}"), b.to_string());
            let t = Instant::now();
            let a = try_post(
                addr,
                "/reports/confirm",
                &cookie,
                &[
                    ("csrf", &csrf),
                    ("section", &event),
                    ("round", "1"),
                    ("board", &board),
                    ("result", "1-0"),
                ],
            );
            let took = t.elapsed();
            let mut done = tally.lock().unwrap();
            done.entry.push(took);
            match a {
                Ok(a) if a.status == 303 => done.acknowledged.push((e, b)),
                Ok(a) => done
                    .errors
                    .push(format!("entry {e}/{b}: {} {}", a.status, a.body)),
                Err(err) => done.errors.push(format!("entry {e}/{b}: {err}")),
            }
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}

fn board(addr: SocketAddr, until: Instant, tally: Arc<Mutex<Tally>>) {
    while Instant::now() < until {
        let t = Instant::now();
        let a = request(addr, "GET", "/board", &[], "", "");
        let took = t.elapsed();
        let mut done = tally.lock().unwrap();
        done.board.push(took);
        match a {
            Ok(a) if a.status == 200 => {}
            Ok(a) => done.errors.push(format!("board: {}", a.status)),
            Err(e) => done.errors.push(format!("board: {e}")),
        }
        drop(done);
        std::thread::sleep(Duration::from_millis(1000));
    }
}

fn line(what: &str, mut v: Vec<Duration>) -> String {
    v.sort();
    let at = |q: f64| v[((v.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0;
    format!(
        "{what:<14} {:>6} requests  p50 {:>6.1} ms  p99 {:>6.1} ms  max {:>6.1} ms",
        v.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    )
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` does not: then
    // only check that it builds.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let seconds: u64 = std::env::var("SERVE_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let dir = tempfile::tempdir().unwrap();
    let db = club_night(dir.path());
    let server = Server::start(&db);
    let cookie = server.log_in();
    let csrf = csrf_of(&get(server.addr, "/reports", &cookie).body);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut threads = Vec::new();
    for d in 0..DEVICES {
        let (c, x, t) = (cookie.clone(), csrf.clone(), Arc::clone(&tally));
        let addr = server.addr;
        threads.push(std::thread::spawn(move || device(addr, c, x, d, until, t)));
    }
    for _ in 0..BOARDS {
        let t = Arc::clone(&tally);
        let addr = server.addr;
        // Spread the boards' reloads over the first second.
        std::thread::sleep(Duration::from_millis(1000 / BOARDS as u64));
        threads.push(std::thread::spawn(move || board(addr, until, t)));
    }
    for t in threads {
        t.join().unwrap();
    }
    let load_after = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let tally = std::mem::take(&mut *tally.lock().unwrap());
    // Every result acknowledged is in the database, once.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let recorded: i64 = conn
        .query_row("SELECT count(*) FROM game WHERE result = '1-0'", [], |r| {
            r.get(0)
        })
        .unwrap();
    let games: i64 = conn
        .query_row("SELECT count(*) FROM game", [], |r| r.get(0))
        .unwrap();
    println!("league serve under load: {DEVICES} devices entering results, {BOARDS} boards reloading every second, {seconds} s");
    println!("club night: {EVENTS} events of {PLAYERS} players ({games} boards)");
    println!("{}", line("console page", tally.console));
    println!("{}", line("result entry", tally.entry));
    println!("{}", line("board page", tally.board));
    println!(
        "results acknowledged {}, recorded {recorded}, errors {}",
        tally.acknowledged.len(),
        tally.errors.len()
    );
    println!("load average before: {load}after: {load_after}");
    for e in tally.errors.iter().take(10) {
        println!("error: {e}");
    }
    assert_eq!(
        recorded as usize,
        tally.acknowledged.len(),
        "every acknowledged result recorded once"
    );
    assert_eq!(
        games as usize,
        EVENTS * PLAYERS / 2,
        "no game added or lost"
    );
    assert!(tally.errors.is_empty(), "errors under load");
    drop(server);
}
