//! Standings through the database: events recorded with the commands, then
//! the standings JSON checked value by value.

use crate::util::TestLeague;

fn json(t: &TestLeague, args: &[&str]) -> serde_json::Value {
    let out = t.ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}):\n{out}"))
}

/// A 4-player round robin recorded game by game.
fn round_robin(players: [&str; 4], games: &[(u32, usize, usize, &str)]) -> TestLeague {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2022-23"]);
    t.ok(&[
        "event",
        "add",
        "Quads",
        "--season",
        "2022-23",
        "--kind",
        "round-robin",
        "--rounds",
        "3",
    ]);
    let mut enter = vec!["enter"];
    enter.extend(players);
    enter.extend(["--new", "--event", "Quads"]);
    t.ok(&enter);
    for &(round, w, b, result) in games {
        let (w, b, r) = ((w + 1).to_string(), (b + 1).to_string(), round.to_string());
        t.ok(&[
            "game", "add", &w, &b, result, "--event", "Quads", "--round", &r,
        ]);
    }
    t
}

#[test]
fn spec_5_8_sonneborn_berger_example_1_through_the_database() {
    // Amos lost to Billy, beat Charles and Devin; Billy drew Charles and Devin; Charles beat Devin.
    let t = round_robin(
        ["Amos", "Billy", "Charles", "Devin"],
        &[
            (1, 0, 1, "0-1"),
            (1, 2, 3, "1-0"),
            (2, 0, 2, "1-0"),
            (2, 1, 3, "½-½"),
            (3, 0, 3, "1-0"),
            (3, 1, 2, "="),
        ],
    );
    let v = json(&t, &["standings", "--event", "Quads", "--format", "json"]);
    assert_eq!(v["tiebreaks"], serde_json::json!(["sb", "h2h"]));
    assert_eq!(v["rounds_played"], 3);
    let rows = v["rows"].as_array().unwrap();
    let got: Vec<(String, String, f64, f64)> = rows
        .iter()
        .map(|r| {
            (
                r["place"].as_str().unwrap().to_string(),
                r["name"].as_str().unwrap().to_string(),
                r["score"].as_f64().unwrap(),
                r["tiebreaks"]["sb"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("1".into(), "Billy".into(), 2.0, 3.0),
            ("2".into(), "Amos".into(), 2.0, 2.0),
            ("3".into(), "Charles".into(), 1.5, 1.5), // drew Billy (½ × 2), beat Devin (½)
            ("4".into(), "Devin".into(), 0.5, 1.0),   // drew Billy (½ × 2)
        ]
    );
}

#[test]
fn spec_5_10_head_to_head_draw_leaves_a_shared_place_through_the_database() {
    // Evan lost to Faith and Hillary, beat Gus; Faith and Hillary drew; both beat Gus.
    let t = round_robin(
        ["Evan", "Faith", "Gus", "Hillary"],
        &[
            (1, 0, 1, "0-1"),
            (1, 2, 3, "0-1"),
            (2, 0, 2, "1-0"),
            (2, 1, 3, "1/2-1/2"),
            (3, 3, 0, "1-0"),
            (3, 1, 2, "1-0"),
        ],
    );
    let v = json(&t, &["standings", "--event", "Quads", "--format", "json"]);
    let rows = v["rows"].as_array().unwrap();
    for r in &rows[..2] {
        assert_eq!(r["place"], "1-2", "{r}");
        assert_eq!(r["score"], 2.5);
        assert_eq!(r["tiebreaks"]["sb"], 2.25);
    }
    assert_eq!(rows[0]["rank"], 1);
    assert_eq!(rows[1]["rank"], 2);
    assert_eq!(rows[2]["name"], "Evan");
    let text = t.ok(&["standings", "--event", "Quads"]);
    assert!(text.contains("1-2") && text.contains("2¼"), "{text}");
}

#[test]
fn standings_after_a_round_and_with_another_order() {
    let t = round_robin(
        ["Amos", "Billy", "Charles", "Devin"],
        &[
            (1, 0, 1, "0-1"),
            (1, 2, 3, "1-0"),
            (2, 0, 2, "1-0"),
            (2, 1, 3, "½-½"),
            (3, 0, 3, "1-0"),
            (3, 1, 2, "="),
        ],
    );
    let v = json(
        &t,
        &[
            "standings",
            "--event",
            "Quads",
            "--after-round",
            "1",
            "--tiebreaks",
            "wins,kashdan",
            "--format",
            "json",
        ],
    );
    assert_eq!(v["rounds_played"], 1);
    assert_eq!(v["tiebreaks"], serde_json::json!(["wins", "kashdan"]));
    let first: Vec<&str> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(first, ["Billy", "Charles"]);
    assert_eq!(v["rows"][0]["tiebreaks"]["kashdan"], 4);
    t.fails(
        &["standings", "--event", "Quads", "--after-round", "4"],
        "no standings after round 4",
    );
    t.fails(
        &[
            "standings",
            "--event",
            "Quads",
            "--tiebreaks",
            "mm,nonsense",
        ],
        "unknown tiebreak code \"nonsense\"",
    );
    t.fails(
        &["standings", "--event", "Quads", "--tiebreaks", "usat"],
        "tiebreak usat is for team events",
    );
}

#[test]
fn explain_shows_the_working() {
    let t = round_robin(
        ["Amos", "Billy", "Charles", "Devin"],
        &[
            (1, 0, 1, "0-1"),
            (1, 2, 3, "1-0"),
            (2, 0, 2, "1-0"),
            (2, 1, 3, "½-½"),
            (3, 0, 3, "1-0"),
            (3, 1, 2, "="),
        ],
    );
    let out = t.ok(&["standings", "--event", "Quads", "--explain", "Billy"]);
    assert!(out.contains("Billy (#2): place 1, 2 points"), "{out}");
    assert!(out.contains("sb = 3"), "{out}");
    assert!(out.contains("Amos"), "{out}");
    let v = json(
        &t,
        &[
            "standings",
            "--event",
            "Quads",
            "--explain",
            "2",
            "--format",
            "json",
        ],
    );
    assert_eq!(v["explain"]["name"], "Billy");
    let sb = &v["explain"]["tiebreaks"][0];
    assert_eq!(sb["tiebreak"], "sb");
    assert_eq!(sb["value"], 3);
    let sum: f64 = sb["terms"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["dropped"].is_null())
        .map(|t| t["value"].as_f64().unwrap())
        .sum();
    assert_eq!(sum, 3.0);
}

#[test]
fn a_round_with_results_missing_shows_the_results_that_are_in() {
    let t = round_robin(
        ["Amos", "Billy", "Charles", "Devin"],
        &[(1, 0, 1, "0-1"), (1, 2, 3, "1-0")],
    );
    // Round 2: one result in, one game still to be reported.
    t.ok(&["game", "add", "1", "3", "--event", "Quads", "--round", "2"]);
    t.ok(&[
        "game", "add", "2", "4", "1-0", "--event", "Quads", "--round", "2",
    ]);
    let v = json(&t, &["standings", "--event", "Quads", "--format", "json"]);
    assert_eq!(v["rounds_played"], 2);
    assert_eq!(v["complete_rounds"], 1);
    assert_eq!(
        v["results_missing"],
        serde_json::json!([{"round": 2, "games": 1}])
    );
    assert_eq!(
        v["notes"][0],
        "1 result of round 2 missing: those games count as not played until their results are in"
    );
    // Billy won both of his games: round 2's result is counted.
    let billy = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Billy")
        .unwrap();
    assert_eq!(billy["score"], 2.0);
    let text = t.ok(&["standings", "--event", "Quads"]);
    assert!(
        text.contains("standings after round 2 of 3; 1 result missing (round 2: Amos v Charles)"),
        "{text}"
    );
}

/// Issue 13: the coin flip was found by matching the tiebreak text, so
/// `--tiebreaks big-rapids-swiss` (a preset that ends in a coin flip) on an
/// event that allows one drew no seed and then said the event "does not
/// allow one". The parsed order decides now.
#[test]
fn a_preset_ending_in_a_coin_flip_draws_a_seed_when_the_event_allows_one() {
    // Amos and Billy draw each other and beat Charles and Devin; Charles and
    // Devin draw. Each pair ties on everything the preset looks at but the coin.
    let t = round_robin(
        ["Amos", "Billy", "Charles", "Devin"],
        &[
            (1, 0, 1, "½-½"),
            (1, 2, 3, "½-½"),
            (2, 0, 2, "1-0"),
            (2, 3, 1, "0-1"),
            (3, 3, 0, "0-1"),
            (3, 1, 2, "1-0"),
        ],
    );
    t.ok(&["event", "edit", "--event", "Quads", "--allow-coin", "true"]);
    let args = [
        "standings",
        "--event",
        "Quads",
        "--tiebreaks",
        "big-rapids-swiss",
        "--format",
        "json",
    ];
    let v = json(&t, &args);
    let seed = v["coin_seed"].as_i64().expect("a coin seed was drawn");
    let notes = v["notes"].to_string();
    assert!(!notes.contains("does not allow"), "{notes}");
    let places: Vec<&str> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["place"].as_str().unwrap())
        .collect();
    // The coin splits both ties: Amos and Billy, Charles and Devin.
    assert_eq!(places, ["1", "2", "3", "4"]);
    // The seed is drawn once and kept: the same order again gives the same seed.
    assert_eq!(json(&t, &args)["coin_seed"].as_i64(), Some(seed));

    // Without permission the same preset shares the place and says why.
    let t = round_robin(
        ["Amos", "Billy", "Charles", "Devin"],
        &[(1, 0, 1, "½-½"), (1, 2, 3, "½-½")],
    );
    let v = json(&t, &args);
    assert!(v["coin_seed"].is_null());
    assert!(
        v["notes"].to_string().contains("does not allow one"),
        "{}",
        v["notes"]
    );
}

/// The store reads a section's games and byes straight from their tables
/// (`store::facts::load_section`); it must give exactly the facts the
/// `player_round` view shows, row for row, including absences,
/// withdrawals, forfeits, double forfeits and pending games. Here (not in
/// the store's own tests) because the league it reads is the demo's, which
/// is written through the application layer above the store.
#[test]
fn facts_are_what_player_round_shows() {
    use chess_league::domain::ids::SectionId;
    use chess_league::domain::league::EventKind;
    use chess_league::domain::record::{ByeKind, Colour, Outcome, Round};
    use chess_league::store::{facts::load_section, Store};

    /// A player_round row: pairing no, round, opponent's pairing no, colour, outcome, bye requested.
    type ViewRow = (u32, u32, Option<u32>, Option<String>, String, Option<bool>);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("league.db");
    let mut store = Store::open(&path, true).unwrap();
    store
        .write(|tx| chess_league::demo::generate(tx, 2022))
        .unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(
        "UPDATE game SET result = NULL WHERE id = (SELECT MAX(id) FROM game WHERE section_id = 3);
         UPDATE game SET result = '0F-0F' WHERE id = (SELECT MIN(id) FROM game WHERE section_id = 3);",
    )
    .unwrap();
    let sections: Vec<(SectionId, String)> = conn
        .prepare(
            "SELECT s.id AS id, e.kind AS kind FROM section s JOIN event e ON e.id = s.event_id",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get("id")?, r.get("kind")?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    let outcome = |text: &str, requested: Option<bool>| {
        let requested = requested.unwrap_or(false);
        match text {
            "win" => Outcome::Win,
            "draw" => Outcome::Draw,
            "loss" => Outcome::Loss,
            "forfeit-win" => Outcome::ForfeitWin,
            "forfeit-loss" => Outcome::ForfeitLoss,
            "double-forfeit" => Outcome::DoubleForfeit,
            "bye-full" => Outcome::Bye {
                kind: ByeKind::Full,
                requested,
            },
            "bye-half" => Outcome::Bye {
                kind: ByeKind::Half,
                requested,
            },
            "bye-zero" => Outcome::Bye {
                kind: ByeKind::Zero,
                requested,
            },
            "absent" => Outcome::Absent,
            other => panic!("player_round shows an outcome {other:?}"),
        }
    };
    let mut seen = std::collections::HashSet::new();
    for (id, kind) in sections {
        let kind = if kind == "round-robin" {
            EventKind::RoundRobin
        } else {
            EventKind::Swiss
        };
        let facts = load_section(store.conn(), id, kind).unwrap();
        let mut st = conn
            .prepare(
                "SELECT pairing_no AS no, round_no AS round, \
                 (SELECT pairing_no FROM entry o WHERE o.id = pr.opponent_entry_id) AS opp, \
                 colour, outcome, bye_requested FROM player_round pr WHERE section_id = ?1",
            )
            .unwrap();
        let rows: Vec<ViewRow> = st
            .query_map([id], |r| {
                Ok((
                    r.get("no")?,
                    r.get("round")?,
                    r.get("opp")?,
                    r.get("colour")?,
                    r.get("outcome")?,
                    r.get("bye_requested")?,
                ))
            })
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(rows.len(), facts.entries.len() * facts.created_rounds);
        let at = |no: u32| facts.entries.iter().position(|e| e.pairing_no == no);
        for (no, round, opp, colour, text, requested) in rows {
            let i = at(no).unwrap();
            let got = facts.tournament.players[i].rounds[round as usize - 1];
            seen.insert(text.clone());
            if text == "pending" {
                assert_eq!(got, Round::ABSENT);
                assert!(facts
                    .pending
                    .iter()
                    .any(|&(r, w, b)| r == round as usize && (w == i || b == i)));
                continue;
            }
            let want = Round {
                outcome: outcome(&text, requested),
                opponent: opp.and_then(at),
                colour: match colour.as_deref() {
                    Some("W") => Some(Colour::White),
                    Some("B") => Some(Colour::Black),
                    _ => None,
                },
            };
            assert_eq!(got, want, "section {id}, #{no}, round {round}");
        }
    }
    for kind in [
        "win",
        "draw",
        "loss",
        "forfeit-win",
        "forfeit-loss",
        "double-forfeit",
        "bye-full",
        "bye-half",
        "absent",
        "pending",
    ] {
        assert!(seen.contains(kind), "the demo league has no {kind} round");
    }
}
