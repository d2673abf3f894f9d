//! `league check`: a clean league passes; rows that got past the schema
//! (triggers dropped, foreign keys off, as another tool might) are each
//! reported with season, event, section, round and players, and the exit
//! status says something is wrong.

use crate::util::TestLeague;

const EV: [&str; 4] = ["--event", "Winter Swiss", "--section", "1600+"];

fn two_rounds() -> TestLeague {
    let t = TestLeague::small();
    t.write(
        "r1.csv",
        "1,Alice,Bob,1-0\n2,Carol,Dan,½-½\n3,Eve,Frank,1-0\n",
    );
    t.write(
        "r2.csv",
        "1,Alice,Carol,0-1\n2,Dan,Bob,1-0\n,Eve,BYE,half\n,Frank,BYE,zero\n",
    );
    for (round, file) in [("1", "r1.csv"), ("2", "r2.csv")] {
        let args: Vec<&str> = ["round", "record", "--round", round, file]
            .iter()
            .chain(EV.iter())
            .copied()
            .collect();
        t.ok(&args);
    }
    t
}

#[test]
fn a_clean_league_passes() {
    let t = two_rounds();
    let out = t.ok(&["check"]);
    assert!(out.contains("Checking"), "{out}");
    assert!(!out.contains("FAIL"), "{out}");
    assert!(
        out.contains("ok    each player has at most one game or bye per round"),
        "{out}"
    );
}

#[test]
fn injected_violations_are_each_reported() {
    let t = two_rounds();
    t.ok(&[
        "event",
        "add",
        "Spring Swiss",
        "--season",
        "2022-23",
        "--rounds",
        "5",
    ]);
    t.conn()
        .execute_batch(
            "PRAGMA foreign_keys = OFF;
             DROP TRIGGER game_one_per_round;
             DROP TRIGGER bye_one_per_round;
             -- Frank (#6) plays Alice (#1) again in round 1.
             INSERT INTO game (round_id, section_id, white_entry, black_entry, result) VALUES (1, 1, 6, 1, '0-1');
             -- Carol (#3) gets a bye in round 2 besides her game.
             INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (2, 1, 3, 'full', 0);
             -- A game in 1600+ against Gina, who is entered in U1600.
             INSERT INTO game (round_id, section_id, white_entry, black_entry, result) VALUES (2, 1, 6, 7, '1-0');
             -- The event cut to one round, with round 2 recorded.
             UPDATE event SET rounds = 1 WHERE name = 'Winter Swiss';
             -- Dan withdrew after round 1, yet plays round 2.
             UPDATE entry SET withdrawn_after = 1 WHERE id = 4;
             -- Teams: Bob on a roster under another event; Alice entered
             -- for one team and on another's roster.
             INSERT INTO team (id, event_id, name) VALUES (1, 1, 'Knights'), (2, 1, 'Rooks');
             INSERT INTO roster (team_id, event_id, player_id, board) VALUES (1, 1, 1, 1), (1, 2, 2, 2);
             UPDATE entry SET team_id = 2 WHERE id = 1;",
        )
        .expect("inject");
    let r = t.run(&["check"]);
    assert!(!r.ok, "check must fail:\n{}", r.stdout);
    assert_eq!(r.code, Some(3));
    assert!(
        r.stderr.contains("league.db") && r.stderr.contains("problems"),
        "{}",
        r.stderr
    );
    let place = "2022-23 Winter Swiss 1600+";
    for expected in [
        "FAIL  every reference between tables leads somewhere".to_string(),
        "game row 7 refers to a missing entry".into(),
        format!("{place} round 2: Frank Moss (#6) v Gina Low (#1) — Black is not entered in this section"),
        format!("{place} round 1: Alice Smith (#1) has 2 games and 0 byes"),
        format!("{place} round 1: Frank Moss (#6) has 2 games and 0 byes"),
        format!("{place} round 2: Carol King (#3) has 1 game and 1 bye"),
        format!("{place} round 2: the event has only 1 round"),
        format!("{place} round 2: Dan Wu (#4) has a game but withdrew after round 1"),
        format!("{place}: the scores add up to"),
        "2022-23 Spring Swiss: Bob Jones is on the roster of Knights, a team of another event".into(),
        format!("{place}: Alice Smith plays for Rooks but is on the roster of Knights"),
        "ok    the file is intact".into(),
    ] {
        assert!(r.stdout.contains(&expected), "missing {expected:?} in:\n{}", r.stdout);
    }
    // The same as JSON, for scripts.
    let j = t.run(&["check", "--format", "json"]);
    assert!(!j.ok);
    let v: serde_json::Value = serde_json::from_str(&j.stdout).expect("json");
    let problems: usize = v["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .map(|c| c["problems"].as_array().expect("problems").len())
        .sum();
    assert!(problems >= 10, "{problems}");
}
