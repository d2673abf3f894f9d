//! Two `league` processes at once: WAL lets them share the file, and each
//! command's `BEGIN IMMEDIATE` transaction makes the second wait for the
//! first (30 s busy timeout) and then read what the first wrote. No write
//! is lost, and the same game is never recorded twice.

use std::thread;

use super::{
    big_league, big_section, big_sheet, check_but_for_players_without_a_game, games_in, league,
};

/// Run `league` with these arguments; (success, stderr).
fn run(db: &std::path::Path, args: &[String]) -> (bool, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = league(db, &args).output().expect("run league");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn game_add(white: usize, black: usize, result: &str, round: u32) -> Vec<String> {
    let mut a: Vec<String> = [
        "game",
        "add",
        &white.to_string(),
        &black.to_string(),
        result,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    a.extend(big_section("A"));
    a.extend(["--round".to_string(), round.to_string()]);
    a
}

#[test]
fn two_processes_recording_different_games_lose_nothing() {
    let t = big_league(200);
    // Two secretaries, each entering 50 different games of round 1 one by
    // one, at the same time.
    let workers: Vec<_> = (0..2)
        .map(|w| {
            let db = t.db.clone();
            thread::spawn(move || {
                let mut failures = Vec::new();
                for k in 0..50 {
                    let board = w * 50 + k;
                    let (ok, err) = run(&db, &game_add(2 * board + 1, 2 * board + 2, "1-0", 1));
                    if !ok {
                        failures.push(err);
                    }
                }
                failures
            })
        })
        .collect();
    for w in workers {
        let failures = w.join().expect("worker");
        assert!(failures.is_empty(), "commands failed: {failures:?}");
    }
    assert_eq!(games_in(&t, "A", 1), 100);
    check_but_for_players_without_a_game(&t);
}

#[test]
fn two_big_sheets_at_once_both_land_whole() {
    let t = big_league(1000);
    t.write("a.csv", big_sheet(500));
    t.write("b.csv", big_sheet(500));
    let workers: Vec<_> = [("A", "a.csv"), ("B", "b.csv")]
        .into_iter()
        .map(|(section, file)| {
            let db = t.db.clone();
            let file = t.path(file).display().to_string();
            thread::spawn(move || {
                let mut a: Vec<String> = vec!["round".into(), "record".into()];
                a.extend(big_section(section));
                a.extend(["--round".into(), "1".into(), file]);
                run(&db, &a)
            })
        })
        .collect();
    for w in workers {
        let (ok, err) = w.join().expect("worker");
        assert!(ok, "{err}");
    }
    assert_eq!(games_in(&t, "A", 1), 500);
    assert_eq!(games_in(&t, "B", 1), 500);
    check_but_for_players_without_a_game(&t);
}

#[test]
fn the_same_game_recorded_twice_at_once_is_refused_once() {
    // Two secretaries record the same game with different results at once:
    // one wins, the other is told it is recorded already. (The same result
    // twice is no change and succeeds; see the next test.)
    let t = big_league(40);
    for pair in 0..10 {
        let (w, b) = (2 * pair + 1, 2 * pair + 2);
        let racers: Vec<_> = ["1-0", "0-1"]
            .into_iter()
            .map(|result| {
                let db = t.db.clone();
                thread::spawn(move || run(&db, &game_add(w, b, result, 1)))
            })
            .collect();
        let results: Vec<(bool, String)> = racers
            .into_iter()
            .map(|r| r.join().expect("racer"))
            .collect();
        let wins = results.iter().filter(|r| r.0).count();
        assert_eq!(wins, 1, "exactly one should record it: {results:?}");
        let refused = &results.iter().find(|r| !r.0).expect("one refused").1;
        assert!(
            refused.contains("is already recorded as ")
                && refused.contains("; to change it use `league game correct`"),
            "{refused}"
        );
    }
    assert_eq!(games_in(&t, "A", 1), 10);
    check_but_for_players_without_a_game(&t);
}

#[test]
fn the_same_result_recorded_twice_at_once_is_one_game() {
    let t = big_league(40);
    for pair in 0..5 {
        let (w, b) = (2 * pair + 1, 2 * pair + 2);
        let racers: Vec<_> = (0..2)
            .map(|_| {
                let db = t.db.clone();
                thread::spawn(move || run(&db, &game_add(w, b, "1-0", 1)))
            })
            .collect();
        for r in racers {
            let (ok, err) = r.join().expect("racer");
            assert!(ok, "{err}");
        }
    }
    assert_eq!(games_in(&t, "A", 1), 5);
    check_but_for_players_without_a_game(&t);
}

#[test]
fn a_backup_taken_while_a_round_is_recorded_is_consistent() {
    let t = big_league(2000);
    t.write("a.csv", big_sheet(1000));
    let mut recorder = league(
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
            t.path("a.csv").to_str().expect("path"),
        ],
    )
    .spawn()
    .expect("start recording");
    let backup = t.path("during.db");
    let b = t.run(&["backup", backup.to_str().expect("path")]);
    assert!(recorder.wait().expect("recording").success());
    assert!(b.ok, "{}", b.stderr);
    // The copy holds the round whole or not at all, and passes the checks.
    let copy = crate::util::TestLeague {
        db: backup,
        dir: tempfile::tempdir().expect("dir"),
    };
    let n = super::games_in(&copy, "A", 1);
    assert!(n == 0 || n == 1000, "the backup holds {n} games");
    check_but_for_players_without_a_game(&copy);
}
