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

/// `league demo --synthetic` with `--out db` and the sizes given; the event
/// show of its one event.
fn one_event(t: &TestLeague, players: &str, entrants: &str) -> String {
    let out = t.db.to_str().unwrap().to_string();
    t.ok(&[
        "demo",
        "--synthetic",
        "--out",
        &out,
        "--seasons",
        "1",
        "--events",
        "1",
        "--sections",
        "2",
        "--players",
        players,
        "--entrants",
        entrants,
        "--rounds",
        "4",
        "--seed",
        "5",
    ]);
    t.ok(&["event", "show", "--event", "Autumn Swiss 1"])
}

/// The round pages of a site folder: (pages, pages with the account of how
/// the round was paired).
fn explained_round_pages(dir: &std::path::Path) -> (usize, usize) {
    let mut counts = (0, 0);
    for season in std::fs::read_dir(dir).unwrap().flatten() {
        for section in std::fs::read_dir(season.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            for page in std::fs::read_dir(section.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                let name = page.file_name().to_string_lossy().to_string();
                if name.starts_with("round-") && name.ends_with(".html") {
                    counts.0 += 1;
                    let text = std::fs::read_to_string(page.path()).unwrap();
                    counts.1 += usize::from(text.contains("How this round was paired"));
                }
            }
        }
    }
    counts
}

/// Issue 29: a synthetic event never names a system its rounds were not
/// paired by. Sections of up to 64 players are paired by the engine the
/// event names (US Chess, for its `uscf-swiss` tiebreaks), so the site's
/// account (given only when that engine pairs the stored round again
/// exactly) is on every round page; larger sections are paired by the
/// generator's quick score-group pairing and their event says `manual`.
#[test]
fn a_synthetic_event_names_the_system_that_paired_it() {
    let small = TestLeague::new();
    let shown = one_event(&small, "30", "20");
    assert!(shown.contains("pairing: uscf"), "{shown}");
    let site = small.path("small-site");
    small.ok(&["site", "--out", site.to_str().unwrap()]);
    assert_eq!(
        explained_round_pages(&site),
        (8, 8),
        "two sections of 10, 4 rounds"
    );
    // 130 entrants in two sections: 65 a section, over the limit.
    let large = TestLeague::new();
    let shown = one_event(&large, "140", "130");
    assert!(
        shown.contains("pairing: manual (paired by hand or in another program)"),
        "{shown}"
    );
    let log = large.ok(&["log"]);
    assert!(
        log.contains("was: pairing uscf; now: pairing manual"),
        "{log}"
    );
    let site = large.path("large-site");
    large.ok(&["site", "--out", site.to_str().unwrap()]);
    assert_eq!(explained_round_pages(&site), (8, 0));
}
