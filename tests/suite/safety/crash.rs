//! A `league` process killed (SIGKILL: no clean-up at all) inside the
//! transaction that records a round of 2,000 games leaves none of the
//! round, and a database that passes `league check`.
//!
//! Where the kill lands is not left to timing: the recording is stopped
//! just before its commit ([`PAUSE_BEFORE_COMMIT`]), and the test proves
//! it is inside the transaction before killing it: the process itself
//! reports the rows its transaction has written (the round and all its
//! games), while a reader outside sees none of them. The same pause, let
//! go instead of killed, commits the whole round, so the round the kill
//! threw away was really there to lose. A recording that committed game by
//! game (or before the pause) shows its games outside, or keeps them after
//! the kill, and fails here.

use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::Instant;

use chess_league::store::PAUSE_BEFORE_COMMIT;

use super::{big_league, big_sheet, copy_of, games_in, league};
use crate::util::TestLeague;

const GAMES: usize = 2000;

/// `league round record` of round 1 of section A, stopping before its
/// commit with `marker` as [`PAUSE_BEFORE_COMMIT`]'s file (or not at all).
fn record(t: &TestLeague, marker: Option<&Path>) -> std::process::Command {
    let mut cmd = league(
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
    );
    match marker {
        Some(m) => cmd.env(PAUSE_BEFORE_COMMIT, m),
        None => cmd.env_remove(PAUSE_BEFORE_COMMIT),
    };
    cmd
}

/// Rounds of section A in the big league.
fn rounds_in_a(t: &TestLeague) -> String {
    t.query("SELECT count(*) FROM round r JOIN section s ON s.id = r.section_id WHERE s.name = 'A'")
        [0][0]
        .clone()
}

/// Start the recording on `t` and wait until it stands inside its
/// transaction, before the commit; returns the process, the marker file
/// and the number of rows its transaction has written (as it reports them).
fn start_and_stop_before_commit(t: &TestLeague) -> (Child, PathBuf, u64) {
    let marker = t.path("paused");
    let mut child = record(t, Some(&marker))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start league");
    // No time limit: the process either reaches the pause or ends.
    while !marker.exists() {
        if let Some(status) = child.try_wait().expect("league's status") {
            let mut err = String::new();
            use std::io::Read;
            let _ = child
                .stderr
                .take()
                .expect("stderr")
                .read_to_string(&mut err);
            panic!(
                "the recording ended ({status}) without stopping inside its transaction:\n{err}"
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let written = std::fs::read_to_string(&marker)
        .expect("read the pause marker")
        .trim()
        .parse()
        .expect("the number of rows written");
    (child, marker, written)
}

/// The process stands inside its transaction with the whole round written:
/// it reports the round's rows, and nobody outside sees them yet.
#[track_caller]
fn assert_inside_the_transaction(t: &TestLeague, written: u64) {
    assert!(
        written > GAMES as u64,
        "the transaction had written {written} rows, not yet the round and its {GAMES} games"
    );
    assert_eq!(
        games_in(t, "A", 1),
        0,
        "the games are visible outside the transaction before its commit"
    );
    assert_eq!(
        rounds_in_a(t),
        "0",
        "the round is visible before the commit"
    );
}

#[test]
fn killing_a_recording_inside_its_transaction_leaves_none_of_the_round() {
    let base = big_league(2 * GAMES);

    // Let go, the paused recording commits the whole round.
    let control = copy_of(&base);
    control.write("round1.csv", big_sheet(GAMES));
    let (child, marker, written) = start_and_stop_before_commit(&control);
    assert_inside_the_transaction(&control, written);
    std::fs::remove_file(&marker).expect("end the pause");
    let out = child.wait_with_output().expect("wait for league");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(games_in(&control, "A", 1), GAMES);
    assert_eq!(rounds_in_a(&control), "1");

    // Killed there, it leaves nothing of the round.
    let t = copy_of(&base);
    t.write("round1.csv", big_sheet(GAMES));
    let (mut child, _marker, written) = start_and_stop_before_commit(&t);
    assert_inside_the_transaction(&t, written);
    child.kill().expect("kill league"); // SIGKILL on Unix
    let status = child.wait().expect("wait for league");
    assert!(
        !status.success(),
        "the recording finished although it was killed"
    );
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(9), "league was not killed: {status}");
    }
    assert_eq!(games_in(&t, "A", 1), 0);
    assert_eq!(rounds_in_a(&t), "0");
    t.ok(&["check"]);
    // And the database takes the round afterwards.
    let out = record(&t, None).output().expect("run league");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(games_in(&t, "A", 1), GAMES);
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
