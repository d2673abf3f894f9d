//! A `league` process killed (SIGKILL: no clean-up at all) while recording
//! a round of 2,000 games leaves the whole round or none of it, and a
//! database that passes `league check`. Where the kill lands depends on
//! timing; the verdict does not.

use std::time::Instant;

use super::{big_league, big_sheet, copy_of, games_in, league};

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
