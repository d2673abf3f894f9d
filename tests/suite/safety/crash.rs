//! A `league` process killed (SIGKILL: no clean-up at all) while recording
//! a round of 2,000 games leaves the whole round or none of it, and a
//! database that passes `league check`. Where the kill lands depends on
//! timing; the verdict does not.

use std::time::Instant;

use super::{big_league, big_sheet, copy_of, games_in, league};
use crate::util::TestLeague;

const GAMES: usize = 2000;

fn record(t: &crate::util::TestLeague) -> std::process::Command {
    league(
        &t.db,
        &[
            "round",
            "record",
            "--event",
            "Big Swiss",
            "--section",
            "A",
            "--round",
            "1",
            t.path("round1.csv").to_str().expect("path"),
        ],
    )
}

#[test]
fn killing_a_recording_leaves_all_of_the_round_or_none() {
    let base = big_league(2 * GAMES);
    // How long a whole recording takes here, on a copy; the kills are
    // spread over that time.
    let timing = copy_of(&base);
    timing.write("round1.csv", big_sheet(GAMES));
    let started = Instant::now();
    let out = record(&timing).output().expect("run league");
    let full = started.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(games_in(&timing, "A", 1), GAMES);

    let mut outcomes = Vec::new();
    for fraction in [0.0, 0.2, 0.45, 0.7, 0.9] {
        let t = copy_of(&base);
        t.write("round1.csv", big_sheet(GAMES));
        let mut child = record(&t)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start league");
        std::thread::sleep(full.mul_f64(fraction));
        let _ = child.kill(); // SIGKILL; it may have finished already
        let status = child.wait().expect("wait for league");
        let n = games_in(&t, "A", 1);
        assert!(
            n == 0 || n == GAMES,
            "killed after {fraction} of {full:?}: {n} games of {GAMES} recorded"
        );
        let rounds = t.query(
            "SELECT count(*) FROM round r JOIN section s ON s.id = r.section_id WHERE s.name = 'A'",
        );
        assert_eq!(rounds[0][0], if n == 0 { "0" } else { "1" });
        t.ok(&["check"]);
        outcomes.push((fraction, status.success(), n));
    }
    // Where the kills landed (for whoever reads the test log).
    eprintln!("full recording {full:?}; (fraction, finished, games): {outcomes:?}");
}

/// Issue 13: the command that creates a database file writes it in SQLite's
/// rollback-journal mode (one copy of the rows instead of WAL's two). Killed
/// at any moment, it leaves either the whole import or none of it once the
/// journal is played back, which the next command does before it reads,
/// and a file that passes `league check`.
#[test]
fn killing_the_import_that_creates_the_file_leaves_all_of_it_or_none() {
    const PLAYERS: usize = 300;
    let source = TestLeague::new();
    source.ok(&[
        "demo",
        "--synthetic",
        "--seasons",
        "1",
        "--events",
        "1",
        "--sections",
        "1",
        "--players",
        "300",
        "--entrants",
        "300",
        "--rounds",
        "7",
        "--seed",
        "11",
        "--out",
        source.db.to_str().expect("path"),
    ]);
    let trf = source.path("big.trf");
    source.ok(&[
        "export",
        "trf",
        "--event",
        "Autumn Swiss 1",
        "--out",
        trf.to_str().expect("path"),
    ]);
    let import = |t: &TestLeague| {
        league(
            &t.db,
            &[
                "--create",
                "import",
                "trf",
                trf.to_str().expect("path"),
                "--season",
                "2025",
            ],
        )
    };
    let players = |t: &TestLeague| -> usize {
        if !t.db.exists() {
            return 0; // killed before it created the file
        }
        // A read-only command first: it plays back what the kill left.
        t.ok(&["player", "list", "--format", "csv"]);
        t.query("SELECT count(*) FROM entry")[0][0]
            .parse()
            .expect("a count")
    };
    let timing = TestLeague::new();
    let started = Instant::now();
    let out = import(&timing).output().expect("run league");
    let full = started.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(players(&timing), PLAYERS);

    let mut outcomes = Vec::new();
    for fraction in [0.1, 0.4, 0.6, 0.8, 0.9, 0.97] {
        let t = TestLeague::new();
        let mut child = import(&t)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start league");
        std::thread::sleep(full.mul_f64(fraction));
        let _ = child.kill(); // SIGKILL; it may have finished already
        let status = child.wait().expect("wait for league");
        let journal = crate::safety::with_suffix(&t.db, "-journal").exists();
        let n = players(&t);
        assert!(
            n == 0 || n == PLAYERS,
            "killed after {fraction} of {full:?}: {n} of {PLAYERS} players entered"
        );
        if t.db.exists() {
            t.ok(&["check"]);
        }
        outcomes.push((fraction, status.success(), journal, n));
    }
    eprintln!("full import {full:?}; (fraction, finished, journal left, players): {outcomes:?}");
}
