//! `league demo --synthetic`: a made-up league of any size, through the
//! binary, usable by every other command.

use super::util::TestLeague;

#[test]
fn a_synthetic_league_is_written_and_usable() {
    let t = TestLeague::new();
    let out = t.db.to_str().unwrap().to_string();
    let args = [
        "demo",
        "--synthetic",
        "--out",
        &out,
        "--seasons",
        "2",
        "--events",
        "1",
        "--sections",
        "2",
        "--players",
        "40",
        "--entrants",
        "30",
        "--rounds",
        "5",
        "--seed",
        "3",
    ];
    let said = t.ok(&args);
    assert!(
        said.contains("2 seasons, 2 events, 4 sections, 40 players, 60 entries"),
        "{said}"
    );
    let counts = || {
        t.query("SELECT count(*), (SELECT count(*) FROM bye) FROM game")
            .remove(0)
    };
    let first = counts();
    assert!(
        said.contains(&format!("{} games, {} byes", first[0], first[1])),
        "{said}"
    );
    // The same options and seed make the same league again (replacing its own file).
    t.ok(&args);
    assert_eq!(counts(), first);
    // It passes the league's own check and gives standings like any league.
    t.ok(&["check"]);
    let standings = t.ok(&[
        "standings",
        "--season",
        "2025-26",
        "--event",
        "Autumn Swiss 1",
        "--section",
        "Section A",
    ]);
    assert!(
        standings.contains("standings after round 5 of 5"),
        "{standings}"
    );
    // Sizes without --synthetic are a mistake; a file that is not a demo is left alone.
    t.fails(&["demo", "--out", &out, "--players", "10"], "--synthetic");
    let other = t.write("mine.db", "not a league");
    t.fails(
        &[
            "demo",
            "--synthetic",
            "--out",
            other.to_str().unwrap(),
            "--seasons",
            "1",
        ],
        "not a demo league",
    );
    assert_eq!(std::fs::read(&other).unwrap(), b"not a league");
}

/// More entrants than players is refused in words naming both options
/// (issue 25: the application layer's refusal names none; the CLI does).
#[test]
fn more_entrants_than_players_is_refused_naming_the_options() {
    let t = TestLeague::new();
    let out = t.db.to_str().unwrap().to_string();
    let r = t.run(&[
        "demo",
        "--synthetic",
        "--out",
        &out,
        "--sections",
        "2",
        "--players",
        "10",
        "--entrants",
        "12",
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("--entrants must be between 4 (two a section) and --players (10)"),
        "{}",
        r.stderr
    );
}
