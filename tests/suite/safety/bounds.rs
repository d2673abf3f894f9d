//! Issue 30, items 9-12: every input bounded. `league pair` on hostile
//! point values, forbidden pairs and acceleration; `league sql`'s text
//! table and time limit; `ratings import` on devices, pipes and lying
//! headers. Each test fails on the `main` the issue was filed against.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::TestLeague;

/// `league --db <db> args...` run under `sh` with `ulimit -v` (virtual
/// memory, in KB), standard output thrown away; returns (success, stderr).
#[cfg(unix)]
fn run_limited(t: &TestLeague, kb: u64, args: &[&str]) -> (bool, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v \"$1\" && shift && exec \"$@\"")
        .arg("sh")
        .arg(kb.to_string())
        .arg(env!("CARGO_BIN_EXE_league"))
        .arg("--db")
        .arg(&t.db)
        .args(args)
        .current_dir(t.dir.path())
        .env_remove("LEAGUE_DB")
        .env_remove("RUST_BACKTRACE")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("run league under sh");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Item 10: the text table held its first 1,000 rows whatever their size
/// (1,000 rows of 100 MB aborted at 4 GB). 100 rows of 1 MB (held twice
/// and laid out as one string before: it aborted within 200 MB of address
/// space) now print in that space with room to spare: the table holds a
/// megabyte of rows, then prints each as it comes (26 MB at most).
#[cfg(unix)]
#[test]
fn sql_text_table_holds_a_megabyte_not_a_thousand_rows() {
    let t = TestLeague::small();
    let query = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100) \
                 SELECT x, printf('%.*c', 1000000, 'y') AS big FROM c";
    let (ok, stderr) = run_limited(
        &t,
        200_000,
        &[
            "sql",
            query,
            "--format",
            "text",
            "--limit",
            "0",
            "--timeout",
            "0",
        ],
    );
    assert!(ok, "{stderr}");
    // The same, printed where the test can read it, with small rows: the
    // widths still come from the first rows.
    let out = t.ok(&[
        "sql",
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 3) \
         SELECT x, printf('%.*c', 300, 'y') AS big FROM c",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[1], format!("-  {}", "-".repeat(200)));
    assert_eq!(lines[2], format!("1  {}", "y".repeat(300)));
    assert_eq!(lines[5], "(3 rows)");
}

/// Item 10: `--timeout 2` ran 58.6 s: the limit was looked at every
/// 10,000 steps of SQLite, and rows of 10 MB take long to print between
/// steps. It now holds in wall time.
#[test]
fn sql_timeout_is_wall_time_even_when_rows_are_large() {
    let t = TestLeague::small();
    let query = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000) \
                 SELECT x, printf('%.*c', 10000000, 'z') AS big FROM c";
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_league"))
        .arg("--db")
        .arg(&t.db)
        .args(["sql", query, "--format", "csv", "--timeout", "1"])
        .env_remove("LEAGUE_DB")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("run league");
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("ran for 1 seconds and was stopped"),
        "{stderr}"
    );
    // A generous bound (a loaded machine), far below the minutes it took.
    assert!(took < Duration::from_secs(15), "took {took:?}");
}

/// Wait for `child` at most `limit`; kill it and fail the test if it is
/// still running then (a FIFO read without limit hung for ever).
fn finish_within(mut child: std::process::Child, limit: Duration) -> std::process::Output {
    let started = Instant::now();
    while child.try_wait().expect("wait for league").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("league was still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("league output")
}

/// Item 11: `ratings import` read `/dev/zero` until memory ran out, and a
/// FIFO with nobody writing hung for ever. It follows the importers' rules
/// now: a regular file only, refused before it is opened.
#[cfg(unix)]
#[test]
fn ratings_import_refuses_devices_folders_and_pipes() {
    let t = TestLeague::small();
    let fifo = t.path("list.txt");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    std::fs::create_dir(t.path("folder.xml")).unwrap();
    let dev = t.path("zero.dbf");
    std::os::unix::fs::symlink("/dev/zero", &dev).unwrap();
    for (file, what) in [
        ("list.txt", "not a regular file"),
        ("zero.dbf", "not a regular file"),
        ("folder.xml", "a folder"),
    ] {
        let child = Command::new(env!("CARGO_BIN_EXE_league"))
            .arg("--db")
            .arg(&t.db)
            .args(["ratings", "import", file])
            .current_dir(t.dir.path())
            .env_remove("LEAGUE_DB")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run league");
        let out = finish_within(child, Duration::from_secs(30));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{file}");
        assert!(
            stderr.contains(file) && stderr.contains(what),
            "{file}: {stderr}"
        );
    }
}

/// A dBase III table with the fields MEM_ID (C 8) and RATING (N 3), the
/// `count` its header claims and the records given (each 8 + 3 bytes).
fn dbf(count: u32, records: &[&str]) -> Vec<u8> {
    let mut b = vec![0u8; 32];
    b[0] = 0x03;
    b[4..8].copy_from_slice(&count.to_le_bytes());
    b[8..10].copy_from_slice(&97u16.to_le_bytes());
    b[10..12].copy_from_slice(&12u16.to_le_bytes());
    for (name, kind, width) in [("MEM_ID", b'C', 8u8), ("RATING", b'N', 3)] {
        let mut d = [0u8; 32];
        d[..name.len()].copy_from_slice(name.as_bytes());
        d[11] = kind;
        d[16] = width;
        b.extend_from_slice(&d);
    }
    b.push(0x0D);
    for r in records {
        b.push(b' ');
        b.extend_from_slice(r.as_bytes());
    }
    b
}

/// Item 11: a 109-byte supplement whose header claims 0xFFFFFFFF records
/// aborted allocating 103 GB. The count is checked against the file; the
/// same file with the true count imports.
#[test]
fn ratings_import_trusts_no_record_count_in_a_dbf_header() {
    let t = TestLeague::small();
    let lying = dbf(u32::MAX, &["12345678999"]);
    assert_eq!(lying.len(), 109);
    t.write("lying.dbf", &lying);
    let r = t.fails(&["ratings", "import", "lying.dbf"], "lying.dbf");
    assert!(
        r.stderr.contains(
            "the header says the table has 4294967295 records, but the file holds at most 1"
        ),
        "{}",
        r.stderr
    );
    t.write("true.dbf", dbf(1, &["12345678999"]));
    let out = t.ok(&["ratings", "import", "true.dbf", "--date", "2023-01-01"]);
    assert!(out.contains("(1 players on the list)"), "{out}");
}

/// Item 11: the FIDE XML list is read a player at a time (it was read
/// whole, and each player's line counted from the start of the file:
/// quadratic). Line numbers still name the right line when a player's
/// element spans the reader's chunks, far into a large file.
#[test]
fn fide_xml_list_is_read_in_chunks_with_the_right_line_numbers() {
    use chess_league::input::ratings::{read, ListKind};
    let mut xml = String::from("<playerslist>\n");
    for k in 0..20_000u32 {
        xml.push_str(&format!(
            "<player>\n<fideid>{}</fideid>\n<name>Player, No {k}</name>\n<country>ENG</country>\n<rating>{}</rating>\n</player>\n",
            1_000_000 + k,
            1000 + k % 1500
        ));
    }
    let good = read(
        std::io::BufReader::with_capacity(100, xml.as_bytes()),
        ListKind::FideXml,
        "list.xml",
    )
    .unwrap();
    assert_eq!(good.len(), 20_000);
    assert_eq!(good[19_999].id, "1019999");
    assert_eq!(good[19_999].rating, Some(1000 + 19_999 % 1500));
    assert_eq!(good[12_345].name, "Player, No 12345");
    // Player 15,000 (0-based) starts on line 2 + 6 * 15,000.
    let bad = xml.replacen(
        "<rating>1000</rating>\n</player>\n<player>\n<fideid>1015001",
        "<rating>x</rating>\n</player>\n<player>\n<fideid>1015001",
        1,
    );
    assert_ne!(bad, xml);
    let e = read(
        std::io::BufReader::with_capacity(100, bad.as_bytes()),
        ListKind::FideXml,
        "list.xml",
    )
    .unwrap_err();
    assert_eq!(
        (e.line, e.field.as_deref()),
        (Some(2 + 6 * 15_000), Some("rating"))
    );
    let cut = &xml[..xml.len() - 12];
    let e = read(cut.as_bytes(), ListKind::FideXml, "list.xml").unwrap_err();
    assert_eq!(e.line, Some(2 + 6 * 19_999));
    assert!(e.problem.contains("not closed"), "{}", e.problem);
}

/// A TRF player line: start number, rating, points column and round cells.
fn trf_line(n: u32, points: &str, cells: &str) -> String {
    format!(
        "001 {n:>4}      {:<33} {:>4}{:28}{points:>4}{:7}{cells}\n",
        format!("Player{n}"),
        2400 - n % 1000,
        "",
        ""
    )
}

/// Ten players after `rounds` rounds in which 1-5 beat 6-10 every round
/// (rematches and all: the file is only read), with `head` lines first.
fn ten_players(head: &str, rounds: usize) -> String {
    let mut text = String::from(head);
    for n in 1..=10u32 {
        let (opp, colour, result) = if n <= 5 {
            (n + 5, 'w', '1')
        } else {
            (n - 5, 'b', '0')
        };
        let cell = format!("{opp:>4} {colour} {result}  ");
        text.push_str(&trf_line(n, "", cell.repeat(rounds).trim_end()));
    }
    text
}

/// Item 9: `BBW 10000.0` panicked in the weights (`wide.rs:370 … loses
/// bits`), with `--system uscf` too, and `BBW 21474836.5` took 24 GB. A
/// result is worth at most 10 points; anything else is refused with its
/// line and field, before any pairing.
#[cfg(unix)]
#[test]
fn pair_refuses_point_values_beyond_the_rules_with_line_and_field() {
    let t = TestLeague::new();
    for (line, value) in [
        ("BBW 10000.0", "10000.0"),
        ("BBW 21474836.5", "21474836.5"),
        ("BBD 10.5", "10.5"),
        ("BBU -1.0", "-1.0"),
    ] {
        let file = format!("p{}.trf", value.replace(['.', '-'], "_"));
        t.write(&file, ten_players(&format!("XXR 9\n{line}\n"), 1));
        for system in ["dutch", "uscf"] {
            let (ok, stderr) =
                run_limited(&t, 2 * 1024 * 1024, &["pair", &file, "--system", system]);
            assert!(!ok, "{line} --system {system}");
            assert!(
                stderr.contains(&format!("{file}, line 2, points"))
                    && stderr.contains(&format!(
                        "\"{value}\" is not a number of points from 0 to 10"
                    )),
                "{line} --system {system}: {stderr}"
            );
            assert!(!stderr.contains("panicked"), "{stderr}");
        }
    }
    // A 162 record and an XXA value over the bound: line and column.
    t.write("r162.trf", ten_players("XXR 9\n162  W12.0\n", 1));
    let r = t.run(&["pair", "r162.trf"]);
    assert!(
        r.stderr.contains("line 2, column 7") && r.stderr.contains("\"12.0\""),
        "{}",
        r.stderr
    );
    t.write("xxa.trf", ten_players("XXR 9\nXXA 0001 1.0 20.0\n", 1));
    let r = t.run(&["pair", "xxa.trf"]);
    assert!(
        r.stderr.contains("line 2, round 2") && r.stderr.contains("\"20.0\""),
        "{}",
        r.stderr
    );
    // Football scoring is within the rules and pairs.
    t.write("football.trf", ten_players("XXR 9\nBBW 3.0\nBBD 1.0\n", 1));
    let out = t.ok(&["pair", "football.trf", "--format", "json"]);
    assert!(out.contains("\"round\": 2"), "{out}");
}

/// Item 9: a round whose scores span more than the weights hold (110
/// rounds at 10 points a win: 1,100 points between top and bottom)
/// panicked; it is now refused as "cannot be paired", saying why.
#[test]
fn pair_refuses_a_round_too_wide_for_the_weights_instead_of_panicking() {
    let t = TestLeague::new();
    t.write("wide.trf", ten_players("XXR 111\nBBW 10.0\n", 110));
    for system in ["dutch", "uscf"] {
        let r = t.run(&["pair", "wide.trf", "--system", system]);
        assert!(!r.ok, "{system}: {}", r.stdout);
        assert!(
            r.stderr
                .contains("round 111 cannot be paired: the scores span 1100 points, more than the"),
            "{system}: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    }
}

/// Item 9: an `XXP` line of 30,000 numbers aborted at 4 GB (every pair was
/// stored), and 3.7 KB of `250` records covering every round and player
/// asked for 6.4 GB. Both are kept as written: they pair in 1 GB, and do
/// what they say.
#[cfg(unix)]
#[test]
fn pair_keeps_forbidden_pairs_and_acceleration_sparse() {
    let t = TestLeague::new();
    // Players 1 and 2 (the top two) may never meet, said 15,000 times.
    let xxp = format!("XXP {}\n", "0001 0002 ".repeat(15_000).trim_end());
    // 115 records of 32 bytes: every round and player 1-9999 accelerated
    // by 0.0 (the last, covering 1-5, by 1.0).
    let mut accel = "250 00.0 00.0 001 999 0001 9999\n".repeat(114);
    accel.push_str("250 00.0 01.0 001 999 0001 0005\n");
    let head = format!("XXR 9\n{xxp}{accel}");
    let mut text = head.clone();
    for n in 1..=10u32 {
        text.push_str(&trf_line(n, "", ""));
    }
    t.write("sparse.trf", &text);
    let (ok, stderr) = run_limited(&t, 1024 * 1024, &["pair", "sparse.trf"]);
    assert!(ok, "{stderr}");
    let out = t.ok(&["pair", "sparse.trf", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 5);
    for p in pairs {
        let (w, b) = (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap());
        assert!(!(w.min(b) == 1 && w.max(b) == 2), "1 and 2 met: {out}");
    }
    // The accelerated 1-5 are a scoregroup of their own in round 1: two
    // boards among them, one of them floating down.
    let top: usize = pairs
        .iter()
        .filter(|p| p["white"].as_u64().unwrap() <= 5 && p["black"].as_u64().unwrap() <= 5)
        .count();
    assert_eq!(top, 2, "two boards among the accelerated five: {out}");
    // A forbidden pair naming a player the file does not have is refused.
    t.write("ghost.trf", text.replace("XXP 0001 0002", "XXP 0001 0011"));
    let r = t.run(&["pair", "ghost.trf"]);
    assert!(!r.ok);
    assert!(
        r.stderr
            .contains("ghost.trf, line 2, players: start number 11 has no player line"),
        "{}",
        r.stderr
    );
}

/// Item 9: 9,999 players (the most a TRF file numbers) took more than 8 GB
/// in the Dutch engine, which weighed every possible board (50 million),
/// and were then refused. Round 1 now pairs from a few boards of each
/// player: 13.9 s and 35 MB in a release build (BENCHMARKS.md, "9,999
/// players with the FIDE Dutch engine"), about 230 s in a debug build, too
/// slow for the suite, so the path is tested through the binary on 1,601
/// players under a 200 MB bound
/// (`pair_dutch_pairs_a_large_round_from_a_few_boards_of_each_player`) and
/// a round it cannot prove is refused
/// (`pair_dutch_refuses_a_large_round_it_cannot_prove_saying_what_it_needs`).
/// A round robin of 9,999 pairs within 2 GB here: its table has no weights.
#[cfg(unix)]
#[test]
fn pair_pairs_the_largest_trf_field_as_a_round_robin_within_bounded_memory() {
    let t = TestLeague::new();
    let mut text = String::from("XXR 9\n");
    for n in 1..=9_999u32 {
        text.push_str(&trf_line(n, "", ""));
    }
    t.write("big.trf", &text);
    let (ok, stderr) = run_limited(
        &t,
        2 * 1024 * 1024,
        &["pair", "big.trf", "--system", "berger"],
    );
    assert!(ok, "{stderr}");
}

/// Item 9, last sentence: the US Chess engine weighed every board near in
/// score (all 1,279,200 of a first round of 1,600 players, about 300 MB
/// with their fields) before pairing; it now keeps a few boards of each
/// player and proves by the matcher's duals that no other board would do
/// better, so the round pairs within 200 MB of address space (a 9,999-player
/// round in about 30 MB: BENCHMARKS.md, "9,999 players").
#[cfg(unix)]
#[test]
fn pair_uscf_pairs_a_large_round_from_a_few_boards_of_each_player() {
    let t = TestLeague::new();
    let mut text = String::from("XXR 9\n");
    for n in 1..=1_600u32 {
        text.push_str(&trf_line(n, "", ""));
    }
    t.write("large.trf", &text);
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 200000 && exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_league"))
        .args(["pair", "large.trf", "--system", "uscf", "--format", "json"])
        .current_dir(t.dir.path())
        .env_remove("LEAGUE_DB")
        .output()
        .expect("run league under sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON pairing");
    let pairs = json["pairs"].as_array().expect("pairs");
    assert_eq!(pairs.len(), 800);
    // Round 1: the natural pairing (29C1), the k-th player by rating (then
    // pairing number) against the (800 + k)-th, everybody once.
    let rating = |n: u64| 2400 - n % 1000;
    let mut by_rating: Vec<u64> = (1..=1_600).collect();
    by_rating.sort_by_key(|&n| (std::cmp::Reverse(rating(n)), n));
    let rank = |n: u64| by_rating.iter().position(|&m| m == n).unwrap();
    let mut seen = std::collections::HashSet::new();
    for p in pairs {
        let (w, b) = (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap());
        assert!(seen.insert(w) && seen.insert(b), "{w} or {b} twice");
        assert_eq!(
            rank(w).abs_diff(rank(b)),
            800,
            "{w}-{b} is not a natural board"
        );
    }
}

/// A round too large for the FIDE Dutch engine to weigh every board
/// (issue 30 item 9, last sentence): from 1,500 players it solves each
/// bracket on a few boards of each player, proves by the matcher's duals
/// that no other board would do better, and takes the first pairing in
/// the rules' order when it is among the best. Round 1 of 1,601 players
/// pairs so within 200 MB of address space (weighing every board took
/// about 2 GB; 9,999 players take 35 MB: BENCHMARKS.md).
#[cfg(unix)]
#[test]
fn pair_dutch_pairs_a_large_round_from_a_few_boards_of_each_player() {
    let t = TestLeague::new();
    let mut text = String::from("XXR 9\n");
    for n in 1..=1_601u32 {
        text.push_str(&trf_line(n, "", ""));
    }
    t.write("large.trf", &text);
    let out = league_limited(&t, 200_000, &["pair", "large.trf", "--format", "json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value =
        serde_json::from_str(&String::from_utf8_lossy(&out.stdout)).expect("JSON pairing");
    let pairs = json["pairs"].as_array().expect("pairs");
    assert_eq!(pairs.len(), 800);
    // Round 1: S1 against S2 by pairing number, 1-801, 802-2, 3-803, ...
    // (the higher player takes White on odd boards), the bye to 1,601.
    for (k, p) in pairs.iter().enumerate() {
        let k = k as u64 + 1;
        let (w, b) = (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap());
        let expected = if k % 2 == 1 {
            (k, k + 800)
        } else {
            (k + 800, k)
        };
        assert_eq!((w, b), expected, "board {k}");
    }
    assert_eq!(json["byes"][0]["player"], 1_601);
    assert_eq!(json["byes"][0]["kind"], "pab");
}

/// Round 2 of 2,400 players of whom 80 played round 1 (k against k + 40,
/// the first 30 games won by the higher player, the last 10 drawn) and
/// the rest took a zero-point bye. The 30 winners pair S1 against S2 from
/// a few boards each, but among the 20 who drew S1 against S2 (31-71,
/// 32-72, ...) would be rematches, so their score group needs the rules'
/// further order.
fn drawn_group_trf() -> String {
    let mut text = String::from("XXR 9\n");
    for n in 1..=2_400u32 {
        let line = if n > 80 {
            trf_line(n, "0.0", "0000 - Z")
        } else {
            let (k, higher) = if n <= 40 { (n, true) } else { (n - 40, false) };
            let opp = if higher { n + 40 } else { n - 40 };
            let white = (k % 2 == 1) == higher;
            let (points, result) = match (k <= 30, higher) {
                (true, true) => ("1.0", '1'),
                (true, false) => ("0.0", '0'),
                (false, _) => ("0.5", '='),
            };
            let colour = if white { 'w' } else { 'b' };
            trf_line(n, points, &format!("{opp:>4} {colour} {result}"))
        };
        text.push_str(&line);
    }
    text
}

/// Round 2 of 2,400 players: 1-20 beat 21-40 (the odd ones with White),
/// 41 had a full-point bye, 42-51 drew with White against 52-61 (42+k
/// against 52+(k+1) mod 10), 62 had a half-point bye and the rest a
/// zero-point bye. The group of 1 point (21 players) must send one down,
/// and its first candidate (1 against 11, both having had White) is not
/// among the best.
fn floater_group_trf() -> String {
    let mut text = String::from("XXR 9\n");
    for n in 1..=2_400u32 {
        let line = match n {
            1..=20 => {
                let colour = if n % 2 == 1 { 'w' } else { 'b' };
                trf_line(n, "1.0", &format!("{:>4} {colour} 1", n + 20))
            }
            21..=40 => {
                let colour = if (n - 20) % 2 == 1 { 'b' } else { 'w' };
                trf_line(n, "0.0", &format!("{:>4} {colour} 0", n - 20))
            }
            41 => trf_line(n, "1.0", "0000 - F"),
            42..=51 => trf_line(n, "0.5", &format!("{:>4} w =", 52 + (n - 41) % 10)),
            52..=61 => trf_line(n, "0.5", &format!("{:>4} b =", 42 + (n - 43) % 10)),
            62 => trf_line(n, "0.5", "0000 - H"),
            _ => trf_line(n, "0.0", "0000 - Z"),
        };
        text.push_str(&line);
    }
    text
}

/// The boards `pairing` (`league pair --format json`) gives, as (board,
/// White, Black), for the first `count` boards.
fn first_boards(pairing: &[u8], count: usize) -> Vec<(u64, u64, u64)> {
    let json: serde_json::Value = serde_json::from_slice(pairing).expect("json");
    let pairs = json["pairs"].as_array().expect("pairs");
    assert_eq!(pairs.len(), 1_200);
    pairs
        .iter()
        .take(count)
        .map(|p| {
            let n = |k: &str| p[k].as_u64().expect("number");
            (n("board"), n("white"), n("black"))
        })
        .collect()
}

/// A score group that needs the rules' order among equally good pairings,
/// in a round too large to weigh every board, is ordered by weighing its
/// own boards alone when every best pairing keeps it whole: the 20 who
/// drew (`drawn_group_trf`) meet each other, no rematch, each the lowest
/// opponent the transpositions allow (31 against 73, as 71 is a rematch
/// and 72 wants Black as 31 does), within 300 MB of address space.
#[cfg(unix)]
#[test]
fn pair_dutch_orders_a_large_rounds_group_on_its_own_boards() {
    let t = TestLeague::new();
    t.write("large.trf", drawn_group_trf());
    let out = league_limited(&t, 300_000, &["pair", "large.trf", "--format", "json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let drawn = |n: u64| (31..=40).contains(&n) || (71..=80).contains(&n);
    let boards: Vec<(u64, u64, u64)> = first_boards(&out.stdout, 1_200)
        .into_iter()
        .filter(|&(_, w, b)| drawn(w) || drawn(b))
        .collect();
    assert_eq!(
        boards,
        [
            (16, 73, 31),
            (17, 32, 74),
            (18, 71, 33),
            (19, 34, 72),
            (20, 77, 35),
            (21, 36, 78),
            (22, 79, 37),
            (23, 38, 80),
            (24, 75, 39),
            (25, 40, 76)
        ]
    );
}

/// A score group that must send a player down, in a round too large to
/// weigh every board, is ordered on its boards and the next score group's
/// when the players below are left a pairing (`floater_group_trf`): the
/// group of 1 point pairs each of S1 with the lowest of S2 its colours
/// allow (1 against 12, 2 against 11, ...), 10 against 41 and sends 19
/// down, to 52; the group of half a point is paired on its own boards.
/// Within 300 MB of address space; it was refused before ("about 6 GB").
/// The secretary is told first that a section this large can take
/// minutes.
#[cfg(unix)]
#[test]
fn pair_dutch_orders_a_large_rounds_group_with_the_next_one() {
    let t = TestLeague::new();
    t.write("large.trf", floater_group_trf());
    let out = league_limited(&t, 300_000, &["pair", "large.trf", "--format", "json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // A secretary is told first that this can take a while.
    assert_eq!(
        stderr,
        "Pairing 2400 players: a section this large is paired from a few boards of each \
         player at a time, which can take minutes.\n"
    );
    assert_eq!(
        first_boards(&out.stdout, 21),
        [
            (1, 12, 1),
            (2, 2, 11),
            (3, 14, 3),
            (4, 4, 13),
            (5, 16, 5),
            (6, 6, 15),
            (7, 18, 7),
            (8, 8, 17),
            (9, 20, 9),
            (10, 10, 41),
            (11, 52, 19),
            (12, 54, 42),
            (13, 53, 43),
            (14, 56, 44),
            (15, 55, 45),
            (16, 58, 46),
            (17, 57, 47),
            (18, 60, 48),
            (19, 59, 49),
            (20, 62, 50),
            (21, 61, 51)
        ]
    );
}

/// Runs `league args` in `t`'s folder under `ulimit -v kb`.
fn league_limited(t: &TestLeague, kb: u32, args: &[&str]) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$@\""))
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_league"))
        .args(args)
        .current_dir(t.dir.path())
        .env_remove("LEAGUE_DB")
        .output()
        .expect("run league under sh")
}
