//! History across seasons, checked against a fixture league of three
//! seasons built through the commands: Carol is renamed between seasons,
//! Dan is recorded a second time as "Daniel Wu" (with an id) and then
//! merged. Every number below is worked out by hand in the comments.
//! Also: `league sql` is read-only (the file stays byte-identical), and
//! every column docs/views.md documents exists.

use serde_json::{json, Value};

use crate::util::{snapshot, TestLeague};

fn js(t: &TestLeague, args: &[&str]) -> Value {
    let out = t.ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}):\n{out}"))
}

fn event(t: &TestLeague, season: &str, name: &str, rounds: &str, start: &str, tiebreaks: &str) {
    t.ok(&[
        "event",
        "add",
        name,
        "--season",
        season,
        "--rounds",
        rounds,
        "--start",
        start,
        "--tiebreaks",
        tiebreaks,
    ]);
}

fn enter(t: &TestLeague, season: &str, name: &str, players: &[&str]) {
    let mut args = vec!["enter"];
    args.extend_from_slice(players);
    args.extend_from_slice(&["--event", name, "--season", season]);
    t.ok(&args);
}

/// `games`: (round, white, black, result).
fn games(t: &TestLeague, season: &str, name: &str, games: &[(&str, &str, &str, &str)]) {
    for (round, white, black, result) in games {
        t.ok(&[
            "game", "add", white, black, result, "--event", name, "--season", season, "--round",
            round,
        ]);
    }
}

/// The fixture league, before the merge.
///
/// 2021-22 Winter Swiss (uscf-swiss): Alice 2½ (W Bob, W Dan, D Carol),
/// Bob 2, Carol 1, Dan ½: Alice wins alone.
///
/// 2022-23 Winter Swiss (tiebreak: wins), Carol now "Carol Fisher":
/// Alice 2 (L Carol, W Dan, W Bob; 2 wins), Carol 2 (W Alice, W Bob,
/// L Dan; 2 wins), Bob 1, Dan 1: Alice and Carol share first.
///
/// 2023-24 Autumn Swiss (wins): Alice 1½ (W Dan, D Carol) 1st; Bob 1 and
/// Carol 1 (no wins) share 2-3; Dan ½ 4th.
/// 2023-24 Winter Swiss (wins), with Dan entered again as "Daniel Wu":
/// Carol 2 (W Bob, W Daniel) 1st; Alice 1½ (D Daniel, forfeit win over
/// Bob) 2nd; Daniel ½ 3rd; Bob 0 4th.
fn fixture() -> TestLeague {
    let t = TestLeague::new();
    for (s, start) in [
        ("2021-22", "2021-09-01"),
        ("2022-23", "2022-09-01"),
        ("2023-24", "2023-09-01"),
    ] {
        t.ok(&["season", "add", s, "--start", start]);
    }
    t.ok(&[
        "player",
        "add",
        "Alice Smith",
        "--rating",
        "1800",
        "--uscf-id",
        "11111111",
    ]);
    t.ok(&["player", "add", "Bob Jones", "--rating", "1700"]);
    t.ok(&["player", "add", "Carol King", "--rating", "1600"]);
    t.ok(&["player", "add", "Dan Wu", "--rating", "1500"]);

    event(
        &t,
        "2021-22",
        "Winter Swiss",
        "3",
        "2022-01-10",
        "uscf-swiss",
    );
    enter(
        &t,
        "2021-22",
        "Winter Swiss",
        &["Alice", "Bob", "Carol", "Dan"],
    );
    games(
        &t,
        "2021-22",
        "Winter Swiss",
        &[
            ("1", "Alice", "Bob", "1-0"),
            ("1", "Carol", "Dan", "1/2-1/2"),
            ("2", "Dan", "Alice", "0-1"),
            ("2", "Bob", "Carol", "1-0"),
            ("3", "Alice", "Carol", "1/2-1/2"),
            ("3", "Bob", "Dan", "1-0"),
        ],
    );

    // Carol married between seasons: the same player row, a new name.
    t.ok(&["player", "edit", "Carol King", "--name", "Carol Fisher"]);

    event(&t, "2022-23", "Winter Swiss", "3", "2023-01-09", "wins");
    enter(
        &t,
        "2022-23",
        "Winter Swiss",
        &["Alice", "Bob", "Carol", "Dan"],
    );
    games(
        &t,
        "2022-23",
        "Winter Swiss",
        &[
            ("1", "Alice", "Carol", "0-1"),
            ("1", "Bob", "Dan", "1-0"),
            ("2", "Carol", "Bob", "1-0"),
            ("2", "Dan", "Alice", "0-1"),
            ("3", "Alice", "Bob", "1-0"),
            ("3", "Dan", "Carol", "1-0"),
        ],
    );

    event(&t, "2023-24", "Autumn Swiss", "2", "2023-10-02", "wins");
    enter(
        &t,
        "2023-24",
        "Autumn Swiss",
        &["Alice", "Bob", "Carol", "Dan"],
    );
    games(
        &t,
        "2023-24",
        "Autumn Swiss",
        &[
            ("1", "Alice", "Dan", "1-0"),
            ("1", "Bob", "Carol", "1/2-1/2"),
            ("2", "Carol", "Alice", "1/2-1/2"),
            ("2", "Dan", "Bob", "1/2-1/2"),
        ],
    );

    // Dan turns up again with his US Chess id and is recorded as new.
    event(&t, "2023-24", "Winter Swiss", "2", "2024-01-08", "wins");
    t.ok(&[
        "player",
        "add",
        "Daniel Wu",
        "--rating",
        "1500",
        "--uscf-id",
        "22222222",
    ]);
    enter(
        &t,
        "2023-24",
        "Winter Swiss",
        &["Alice", "Bob", "Carol", "Daniel Wu"],
    );
    games(
        &t,
        "2023-24",
        "Winter Swiss",
        &[
            ("1", "Daniel Wu", "Alice", "1/2-1/2"),
            ("1", "Carol", "Bob", "1-0"),
            ("2", "Carol", "Daniel Wu", "1-0"),
            ("2", "Alice", "Bob", "1F-0F"),
        ],
    );
    t
}

fn merge(t: &TestLeague) {
    t.ok(&[
        "player",
        "merge",
        "Daniel Wu",
        "Dan Wu",
        "--yes",
        "--reason",
        "same person",
    ]);
}

#[test]
fn player_history_and_career_totals() {
    let t = fixture();
    merge(&t);
    let v = js(&t, &["history", "player", "Alice", "--format", "json"]);
    assert_eq!(v["player"]["name"], "Alice Smith");
    let ev = v["events"].as_array().expect("events");
    let lines: Vec<(String, String, f64, u64, String, bool, bool)> = ev
        .iter()
        .map(|e| {
            (
                e["season"].as_str().unwrap().to_string(),
                e["event"].as_str().unwrap().to_string(),
                e["score"].as_f64().unwrap(),
                e["games"].as_u64().unwrap(),
                e["place"].as_str().unwrap().to_string(),
                e["won"].as_bool().unwrap(),
                e["shared"].as_bool().unwrap(),
            )
        })
        .collect();
    let s = |x: &str| x.to_string();
    assert_eq!(
        lines,
        vec![
            (s("2021-22"), s("Winter Swiss"), 2.5, 3, s("1"), true, false),
            (
                s("2022-23"),
                s("Winter Swiss"),
                2.0,
                3,
                s("1-2"),
                true,
                true
            ),
            (s("2023-24"), s("Autumn Swiss"), 1.5, 2, s("1"), true, false),
            // The forfeit win scores but is not a game.
            (
                s("2023-24"),
                s("Winter Swiss"),
                1.5,
                1,
                s("2"),
                false,
                false
            ),
        ]
    );
    // 2021-22: opponents Bob 1700, Dan 1500, Carol 1600 (ratings at entry)
    // average 1600; 2½ of 3 = 0.83 → dp 273 → 1873.
    assert_eq!(ev[0]["performance"], 1873);
    assert_eq!(ev[0]["players"], 4);
    assert_eq!(
        (
            ev[1]["wins"].as_u64(),
            ev[1]["draws"].as_u64(),
            ev[1]["losses"].as_u64()
        ),
        (Some(2), Some(0), Some(1))
    );
    // Career: 3 + 3 + 2 + 1 = 9 games; wins 2+2+1+0 = 5, draws 1+0+1+1 = 3,
    // losses 0+1+0+0 = 1; 6½ of 9 = 72.22 %; won 3 events, one shared.
    assert_eq!(
        v["career"],
        json!({"events": 4, "games": 9, "wins": 5, "draws": 3, "losses": 1, "points": 6.5,
               "score_pct": 72.22, "events_won": 3, "shared_wins": 1})
    );
    // The renamed player keeps every season under the new name.
    let c = js(
        &t,
        &["history", "player", "Carol Fisher", "--format", "json"],
    );
    assert_eq!(c["events"].as_array().unwrap().len(), 4);
    assert_eq!(c["events"][0]["season"], "2021-22");
    // Carol: 1 (3rd), 2 (shared 1st), 1 (2-3), 2 (1st).
    let places: Vec<&str> = c["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["place"].as_str().unwrap())
        .collect();
    assert_eq!(places, ["3", "1-2", "2-3", "1"]);
    assert_eq!(c["career"]["events_won"], 2);
    // The text and CSV forms carry the same numbers.
    let text = t.ok(&["history", "player", "Alice"]);
    assert!(
        text.contains("Alice Smith (#1, US Chess 11111111)"),
        "{text}"
    );
    assert!(text.contains("72.22 %"), "{text}");
    assert!(text.contains("3 events won (1 shared)"), "{text}");
    let csv = t.ok(&["history", "player", "Alice", "--format", "csv"]);
    assert!(csv.starts_with(
        "season,event,section,no,rating,score,games,won,drawn,lost,place,of,performance"
    ));
    assert!(
        csv.contains("2021-22,Winter Swiss,Open,1,1800,2.5,3,2,1,0,1,4,1873,won"),
        "{csv}"
    );
}

#[test]
fn head_to_head_with_running_tally() {
    let t = fixture();
    let v = js(
        &t,
        &["history", "h2h", "Alice", "Carol", "--format", "json"],
    );
    let g = v["games"].as_array().expect("games");
    // 2021-22 r3 Alice (W) ½-½; 2022-23 r1 Alice (W) 0-1; 2023-24 Autumn r2 Carol (W) ½-½.
    let rows: Vec<(&str, &str, u64, &str, &str, f64, f64)> = g
        .iter()
        .map(|x| {
            (
                x["season"].as_str().unwrap(),
                x["event"].as_str().unwrap(),
                x["round"].as_u64().unwrap(),
                x["white"].as_str().unwrap(),
                x["outcome"].as_str().unwrap(),
                x["tally"]["points"].as_f64().unwrap(),
                x["tally"]["opponent_points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (
                "2021-22",
                "Winter Swiss",
                3,
                "Alice Smith",
                "draw",
                0.5,
                0.5
            ),
            (
                "2022-23",
                "Winter Swiss",
                1,
                "Alice Smith",
                "loss",
                0.5,
                1.5
            ),
            (
                "2023-24",
                "Autumn Swiss",
                2,
                "Carol Fisher",
                "draw",
                1.0,
                2.0
            ),
        ]
    );
    assert_eq!(
        v["tally"],
        json!({"games": 3, "wins": 0, "draws": 2, "losses": 1, "points": 1.0,
               "opponent_points": 2.0, "forfeits": 0})
    );
    // From Carol's side the tally turns round.
    let w = js(
        &t,
        &[
            "history",
            "h2h",
            "Carol Fisher",
            "Alice",
            "--format",
            "json",
        ],
    );
    assert_eq!(
        (w["tally"]["wins"].as_u64(), w["tally"]["losses"].as_u64()),
        (Some(1), Some(0))
    );
    // Alice v Bob: wins in 2021-22 and 2022-23, and a forfeit in 2023-24
    // that is listed but not in the tally.
    let b = js(&t, &["history", "h2h", "Alice", "Bob", "--format", "json"]);
    assert_eq!(b["games"].as_array().unwrap().len(), 3);
    assert_eq!(b["games"][2]["outcome"], "forfeit-win");
    assert_eq!(
        b["tally"],
        json!({"games": 2, "wins": 2, "draws": 0, "losses": 0, "points": 2.0,
               "opponent_points": 0.0, "forfeits": 1})
    );
    let text = t.ok(&["history", "h2h", "Alice", "Bob"]);
    assert!(text.contains("2 games over the board"), "{text}");
    assert!(text.contains("1 forfeit not counted"), "{text}");
    // Players who never met.
    t.ok(&["player", "add", "Zed Newcomer"]);
    let none = t.ok(&["history", "h2h", "Alice", "Zed"]);
    assert!(none.contains("They have not met."), "{none}");
}

#[test]
fn winners_season_by_season_with_a_shared_win() {
    let t = fixture();
    let v = js(
        &t,
        &[
            "history",
            "winners",
            "--event",
            "winter swiss",
            "--format",
            "json",
        ],
    );
    let got: Vec<(String, Vec<String>, bool, f64)> = v["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["season"].as_str().unwrap().to_string(),
                s["winners"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|w| w.as_str().unwrap().to_string())
                    .collect(),
                s["shared"].as_bool().unwrap(),
                s["score"].as_f64().unwrap(),
            )
        })
        .collect();
    let s = |x: &str| x.to_string();
    assert_eq!(
        got,
        vec![
            (s("2021-22"), vec![s("Alice Smith")], false, 2.5),
            (
                s("2022-23"),
                vec![s("Alice Smith"), s("Carol Fisher")],
                true,
                2.0
            ),
            (s("2023-24"), vec![s("Carol Fisher")], false, 2.0),
        ]
    );
    // Without a filter: all four sections, oldest first; --season narrows.
    let all = js(&t, &["history", "winners", "--format", "json"]);
    assert_eq!(all["sections"].as_array().unwrap().len(), 4);
    assert_eq!(all["sections"][2]["event"], "Autumn Swiss");
    let one = js(
        &t,
        &[
            "history",
            "winners",
            "--season",
            "2023-24",
            "--section",
            "Open",
            "--format",
            "json",
        ],
    );
    assert_eq!(one["sections"].as_array().unwrap().len(), 2);
    let text = t.ok(&["history", "winners", "--event", "Winter Swiss"]);
    assert!(text.contains("Alice Smith, Carol Fisher"), "{text}");
    assert!(text.contains("shared"), "{text}");
    // Winners agree with the standings command.
    let st = js(
        &t,
        &[
            "standings",
            "--event",
            "Winter Swiss",
            "--season",
            "2022-23",
            "--format",
            "json",
        ],
    );
    assert_eq!(st["rows"][0]["place"], "1-2");
    assert_eq!(st["rows"][1]["place"], "1-2");
}

#[test]
fn season_at_a_glance_and_grand_prix() {
    let t = fixture();
    let gp = |best: &str| {
        t.ok(&[
            "season",
            "grand-prix",
            "2023-24",
            "--points",
            "10,6,4,2",
            "--best",
            best,
            "--bonus",
            "1",
        ])
    };
    let out = gp("2");
    assert!(out.contains("10, 6, 4, 2"), "{out}");
    // Before the merge Dan and "Daniel Wu" are two lines.
    let v = js(&t, &["history", "season", "2023-24", "--format", "json"]);
    let rows = v["grand_prix"]["tables"][0]["rows"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(rows.len(), 5);
    merge(&t);
    let v = js(&t, &["history", "season", "2023-24", "--format", "json"]);
    assert_eq!(v["season"], "2023-24");
    assert_eq!(v["events"].as_array().unwrap().len(), 2);
    assert_eq!(
        v["events"][0]["sections"][0]["winners"],
        json!(["Alice Smith"])
    );
    assert_eq!(
        v["grand_prix"]["events"],
        json!(["Autumn Swiss", "Winter Swiss"])
    );
    assert_eq!(v["grand_prix"]["rules"]["points"], json!([10, 6, 4, 2]));
    assert!(v["grand_prix"]["rules_text"][0]
        .as_str()
        .unwrap()
        .contains("10, 6, 4, 2"));
    // Autumn: Alice 1st 10; Bob and Carol share 2-3: (6 + 4) / 2 = 5; Dan 2.
    // Winter: Carol 10, Alice 6, Dan (as Daniel) 4, Bob 2. Best 2 of 2, +1 each:
    // Alice 18, Carol 17, Bob 9, Dan 8.
    let table = |v: &Value| -> Vec<(String, String, f64, Vec<Value>)> {
        v["grand_prix"]["tables"][0]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["place"].as_str().unwrap().to_string(),
                    r["name"].as_str().unwrap().to_string(),
                    r["total"].as_f64().unwrap(),
                    r["results"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|x| json!([x["points"], x["counted"]]))
                        .collect(),
                )
            })
            .collect()
    };
    let s = |x: &str| x.to_string();
    assert_eq!(
        table(&v),
        vec![
            (
                s("1"),
                s("Alice Smith"),
                18.0,
                vec![json!([10, true]), json!([6, true])]
            ),
            (
                s("2"),
                s("Carol Fisher"),
                17.0,
                vec![json!([5, true]), json!([10, true])]
            ),
            (
                s("3"),
                s("Bob Jones"),
                9.0,
                vec![json!([5, true]), json!([2, true])]
            ),
            (
                s("4"),
                s("Dan Wu"),
                8.0,
                vec![json!([2, true]), json!([4, true])]
            ),
        ]
    );
    // Best 1: Alice 10 + 2 = 12 and Carol 10 + 2 = 12, one event won each,
    // best results equal: they share first. Bob 5 + 2 = 7, Dan 4 + 2 = 6.
    gp("1");
    let v = js(&t, &["history", "season", "2023-24", "--format", "json"]);
    assert_eq!(
        table(&v),
        vec![
            (
                s("1-2"),
                s("Alice Smith"),
                12.0,
                vec![json!([10, true]), json!([6, false])]
            ),
            (
                s("1-2"),
                s("Carol Fisher"),
                12.0,
                vec![json!([5, false]), json!([10, true])]
            ),
            (
                s("3"),
                s("Bob Jones"),
                7.0,
                vec![json!([5, true]), json!([2, false])]
            ),
            (
                s("4"),
                s("Dan Wu"),
                6.0,
                vec![json!([2, false]), json!([4, true])]
            ),
        ]
    );
    let text = t.ok(&["history", "season", "2023-24"]);
    assert!(text.contains("Best 1 event count."), "{text}");
    assert!(text.contains("(6)"), "{text}");
    // By score instead: Alice 1½ + 1½ + 2 bonus = 5.
    t.ok(&[
        "season",
        "grand-prix",
        "2023-24",
        "--by-score",
        "--bonus",
        "1",
    ]);
    let v = js(&t, &["history", "season", "2023-24", "--format", "json"]);
    let alice = v["grand_prix"]["tables"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Alice Smith")
        .unwrap()
        .clone();
    assert_eq!(alice["total"], 5);
    // One event only, and tables by rating band (highest rating at entry):
    // U1550 has Dan (1500); 1550+ the others. Autumn only: Alice 10 + 1.
    t.ok(&[
        "season",
        "grand-prix",
        "2023-24",
        "--points",
        "10,6,4,2",
        "--bonus",
        "1",
        "--by",
        "band",
        "--bands",
        "1550",
        "--events",
        "autumn swiss",
    ]);
    let v = js(&t, &["history", "season", "2023-24", "--format", "json"]);
    assert_eq!(v["grand_prix"]["events"], json!(["Autumn Swiss"]));
    assert_eq!(v["grand_prix"]["unfinished"], json!([]));
    let tables = v["grand_prix"]["tables"].as_array().unwrap();
    let names: Vec<&str> = tables.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["U1550", "1550+"]);
    assert_eq!(tables[0]["rows"][0]["name"], "Dan Wu");
    assert_eq!(tables[0]["rows"][0]["total"], 3);
    assert_eq!(tables[1]["rows"][0]["name"], "Alice Smith");
    assert_eq!(tables[1]["rows"][0]["total"], 11);
    assert_eq!(tables[1]["rows"][1]["place"], "2-3");
    // The rules change is in the log; clearing removes the tables.
    assert!(t.ok(&["log"]).contains("season 2023-24 grand-prix rules"));
    t.ok(&["season", "grand-prix", "2023-24", "--clear"]);
    // Rules that make no sense are refused in words naming the option.
    let gp = ["season", "grand-prix", "2023-24", "--by-score"];
    t.fails(
        &[&gp[..], &["--by", "band"]].concat(),
        "tables by rating band need the band boundaries (--bands 1600,1800)",
    );
    t.fails(
        &[&gp[..], &["--bands", "1600"]].concat(),
        "rating bands are only used with tables by band (--by band)",
    );
    t.fails(
        &[&gp[..], &["--best", "0"]].concat(),
        "--best must be at least 1 (the number of events that count)",
    );
    // Only individual events count (issue 25: the application layer's rule).
    t.ok(&[
        "event",
        "add",
        "Team Cup",
        "--season",
        "2023-24",
        "--kind",
        "team-swiss",
        "--rounds",
        "3",
    ]);
    t.fails(
        &[&gp[..], &["--events", "team cup"]].concat(),
        "league: Team Cup is a team event; the grand prix counts individual events",
    );
    let v = js(&t, &["history", "season", "2023-24", "--format", "json"]);
    assert!(v["grand_prix"].is_null());
    let csv = t.ok(&["history", "season", "2021-22", "--format", "csv"]);
    assert!(
        csv.starts_with(
            "event,section,players,winner,score,note\nWinter Swiss,Open,4,Alice Smith,2.5,"
        ),
        "{csv}"
    );
}

#[test]
fn merge_previews_then_merges_and_is_recorded() {
    let t = fixture();
    // "Wu" is two players before the merge: an error listing both.
    t.fails(&["history", "player", "Wu"], "matches more than one player");
    let before = snapshot(&t.db);
    let preview = t.ok(&["player", "merge", "Daniel Wu", "Dan Wu"]);
    assert_eq!(before, snapshot(&t.db), "the preview changed the database");
    assert!(preview.contains("Nothing has been changed"), "{preview}");
    assert!(
        preview.contains("move 1 entry to Dan Wu: 2023-24 Winter Swiss Open"),
        "{preview}"
    );
    assert!(
        preview.contains("with their 2 games and 0 byes"),
        "{preview}"
    );
    assert!(
        preview.contains("fill in Dan Wu's US Chess id 22222222"),
        "{preview}"
    );
    // One player twice in a section: refused, nothing written.
    t.fails(
        &["player", "merge", "Bob", "Alice", "--yes"],
        "both played in",
    );
    t.fails(
        &["player", "merge", "Alice", "Alice", "--yes"],
        "same player",
    );
    // Different ids of the same kind: refused.
    t.ok(&["player", "add", "Alicia Smith", "--uscf-id", "33333333"]);
    t.fails(
        &["player", "merge", "Alicia", "Alice Smith", "--yes"],
        "two different ids",
    );
    merge(&t);
    let v = js(&t, &["history", "player", "22222222", "--format", "json"]);
    assert_eq!(v["player"]["name"], "Dan Wu");
    assert_eq!(v["player"]["uscf_id"], "22222222");
    assert_eq!(v["events"].as_array().unwrap().len(), 4);
    assert_eq!(v["career"]["games"], 3 + 3 + 2 + 2);
    t.fails(
        &["history", "player", "Daniel Wu"],
        "no player is called \"Daniel Wu\"; did you mean Dan Wu (#4, US Chess 22222222)?",
    );
    let m = t.query("SELECT from_name, into_name, entries_moved, games_moved, filled_in, reason FROM player_merge");
    assert_eq!(
        m,
        vec![vec![
            "Daniel Wu",
            "Dan Wu",
            "1",
            "2",
            "US Chess id 22222222",
            "same person"
        ]]
    );
    let log = t.ok(&["log", "--action", "merge"]);
    assert!(log.contains("Daniel Wu (#5) into Dan Wu (#4)"), "{log}");
    assert!(log.contains("same person"), "{log}");
}

#[test]
fn bad_history_input_is_refused_clearly() {
    let t = fixture();
    t.fails(
        &["history", "player", "Nobody"],
        "no player is called \"Nobody\"; add them with `league player add`",
    );
    t.fails(
        &["history", "h2h", "Alice", "Alice Smith"],
        "two different players",
    );
    t.fails(
        &["history", "winners", "--event", "Spring Open"],
        "no event in any season is called \"Spring Open\"; events: Autumn Swiss, Winter Swiss",
    );
    t.fails(
        &["history", "winners", "--section", "U1200"],
        "no section in any event is called \"U1200\"",
    );
    t.fails(
        &["history", "season", "1999-00"],
        "no season is called \"1999-00\"; seasons: ",
    );
    t.fails(
        &["season", "grand-prix", "2023-24", "--points", "5,10"],
        "from first place down",
    );
    t.fails(
        &[
            "season",
            "grand-prix",
            "2023-24",
            "--points",
            "10,8",
            "--by",
            "band",
        ],
        "--bands",
    );
    t.fails(&["season", "grand-prix", "2023-24"], "--points");
    t.fails(
        &[
            "season",
            "grand-prix",
            "2023-24",
            "--points",
            "10,8",
            "--ties",
            "coin",
        ],
        "not a grand-prix tie rule",
    );
    t.fails(
        &[
            "season",
            "grand-prix",
            "2023-24",
            "--points",
            "10,8",
            "--events",
            "Spring Open",
        ],
        "no event in season 2023-24 is called \"Spring Open\"; events: Autumn Swiss, Winter Swiss",
    );
}

#[test]
fn league_sql_cannot_change_the_database() {
    let t = fixture();
    let bytes = || std::fs::read(&t.db).expect("read db");
    let before = bytes();
    for (q, needle) in [
        (
            "INSERT INTO season (name) VALUES ('x')",
            "would change the database",
        ),
        ("DROP TABLE game", "would change the database"),
        ("DELETE FROM player", "would change the database"),
        (
            "UPDATE game SET result = '1-0'",
            "would change the database",
        ),
        ("PRAGMA user_version = 7", "would change the database"),
        ("PRAGMA journal_mode = DELETE", "league sql only reads"),
        ("ATTACH DATABASE 'other.db' AS other", "ATTACH is refused"),
        ("SELECT 1; DELETE FROM game", "more than one statement"),
        ("CREATE TABLE x (a)", "would change the database"),
        ("SELEC 1", "not valid SQL"),
        ("", "empty"),
    ] {
        t.fails(&["sql", q], needle);
        assert!(before == bytes(), "league sql {q:?} changed the file");
    }
    assert!(!t.path("other.db").exists());
    let v = js(&t, &["sql", "SELECT white, black, result FROM game_detail WHERE season = '2021-22' AND round = 1 ORDER BY board, game_id", "--format", "json"]);
    assert_eq!(
        v,
        json!([
            {"white": "Alice Smith", "black": "Bob Jones", "result": "1-0"},
            {"white": "Carol Fisher", "black": "Dan Wu", "result": "1/2-1/2"}
        ])
    );
    let csv = t.ok(&["sql", "SELECT player, score FROM entry_detail WHERE season = '2022-23' ORDER BY score DESC, player", "--format", "csv"]);
    assert_eq!(
        csv,
        "player,score\nAlice Smith,2\nCarol Fisher,2\nBob Jones,1\nDan Wu,1\n"
    );
    let text = t.ok(&["sql", "SELECT count(*) AS games FROM game"]);
    assert!(text.contains("games\n-----\n   20\n(1 row)"), "{text}");
    assert!(before == bytes());
}

/// Every view and column docs/views.md documents exists, and every table
/// it lists: a query naming them all runs through `league sql`.
#[test]
fn every_documented_view_column_exists() {
    let t = fixture();
    let doc = include_str!("../../docs/views.md");
    let mut view: Option<String> = None;
    let mut checked = 0;
    let mut columns: Vec<(String, Vec<String>)> = vec![];
    for line in doc.lines() {
        if let Some(rest) = line.strip_prefix("### `") {
            view = rest.split('`').next().map(str::to_string);
            columns.push((view.clone().unwrap(), vec![]));
            continue;
        }
        if line.starts_with("## ") {
            view = None;
        }
        let (Some(_), Some(cells)) = (&view, line.strip_prefix("| ")) else {
            continue;
        };
        let first = cells.split(" |").next().unwrap_or("").trim();
        if first == "column" || first.is_empty() || first.starts_with("---") {
            continue;
        }
        for c in first.split(',') {
            columns
                .last_mut()
                .unwrap()
                .1
                .push(c.trim().trim_matches('`').to_string());
        }
    }
    for (view, cols) in &columns {
        assert!(!cols.is_empty(), "{view} documents no columns");
        let q = format!("SELECT {} FROM {view} LIMIT 1", cols.join(", "));
        let out = t.ok(&["sql", &q, "--format", "csv"]);
        assert_eq!(out.lines().next().unwrap(), cols.join(","), "{view}");
        checked += cols.len();
    }
    assert!(
        checked > 60,
        "only {checked} columns found in docs/views.md"
    );
    let tables = doc.split("## Tables").nth(1).expect("a Tables section");
    let tables = tables.split("Their").next().unwrap_or("");
    let listed: Vec<&str> = tables
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect();
    assert!(listed.contains(&"player_merge"));
    for name in listed {
        t.ok(&["sql", &format!("SELECT * FROM {name} LIMIT 0")]);
    }
}

/// The README's history and `league sql` examples run as written, after
/// the walkthrough.
#[test]
fn readme_history_and_sql_examples_run_as_written() {
    use crate::readme::{block_after, words};
    let t = TestLeague::new();
    t.write("round1.csv", block_after("where `round1.csv` is"));
    let mut outputs = vec![];
    for marker in ["<!-- walkthrough", "<!-- history:", "<!-- sql:"] {
        for line in block_after(marker).lines() {
            let line = line.trim();
            if !line.starts_with("league ") {
                continue;
            }
            let w = words(line);
            let args: Vec<&str> = w[1..].iter().map(String::as_str).collect();
            let r = t.run(&args);
            assert!(r.ok, "README line failed: {line}\n{}{}", r.stdout, r.stderr);
            if marker != "<!-- walkthrough" {
                outputs.push(r.stdout);
            }
        }
    }
    assert_eq!(outputs.len(), 13);
    // The walkthrough's Swiss is after round 2 of 5: Alice leads it but has
    // not won it yet.
    let alice: Value = serde_json::from_str(&outputs[5]).expect("JSON");
    assert_eq!(alice["events"][0]["place"], "1");
    assert_eq!(alice["events"][0]["won"], false);
    assert_eq!(alice["career"]["events_won"], 0);
    assert!(
        outputs[4].contains("Provisional: not finished yet: Winter Swiss (after round 2 of 5)."),
        "{}",
        outputs[4]
    );
    // The merge preview changed nothing; the merge did, and was logged.
    let [preview, merged, log] = [&outputs[7], &outputs[8], &outputs[9]];
    assert!(preview.contains("Nothing has been changed"), "{preview}");
    assert!(
        merged.contains("filled in Bob Jones's US Chess id 87654321"),
        "{merged}"
    );
    assert!(
        log.contains("Robert Jones (#6) into Bob Jones (#2)"),
        "{log}"
    );
    assert!(
        outputs[12].contains("\"into_name\": \"Bob Jones\""),
        "{}",
        outputs[12]
    );
}

/// A team event's boards are ordinary games between entries of its
/// section: they count in a player's totals and head to head, but the event
/// has no individual place, winner or grand-prix points.
#[test]
fn team_event_games_count_in_totals_but_give_no_place() {
    let t = fixture();
    t.ok(&[
        "event",
        "add",
        "Team Cup",
        "--season",
        "2023-24",
        "--kind",
        "team-swiss",
        "--rounds",
        "1",
        "--start",
        "2024-03-04",
    ]);
    enter(&t, "2023-24", "Team Cup", &["Alice", "Bob"]);
    // Board 1 of round 1, as the team commands would record it.
    t.conn()
        .execute_batch(
            "INSERT INTO round (section_id, number) SELECT s.id, 1 FROM section s JOIN event e ON e.id = s.event_id WHERE e.name = 'Team Cup';
             INSERT INTO game (round_id, section_id, board, white_entry, black_entry, result)
               SELECT r.id, r.section_id, 1, ea.id, eb.id, '0-1' FROM round r
               JOIN entry ea ON ea.section_id = r.section_id JOIN player pa ON pa.id = ea.player_id AND pa.name = 'Alice Smith'
               JOIN entry eb ON eb.section_id = r.section_id JOIN player pb ON pb.id = eb.player_id AND pb.name = 'Bob Jones'
               JOIN section s ON s.id = r.section_id JOIN event e ON e.id = s.event_id WHERE e.name = 'Team Cup';",
        )
        .expect("team game");
    let v = js(&t, &["history", "player", "Alice", "--format", "json"]);
    let cup = &v["events"][4];
    assert_eq!(cup["event"], "Team Cup");
    assert_eq!(cup["kind"], "team-swiss");
    assert_eq!(
        (cup["games"].as_u64(), cup["losses"].as_u64()),
        (Some(1), Some(1))
    );
    assert!(cup["place"].is_null());
    assert_eq!(v["career"]["games"], 10);
    assert_eq!(v["career"]["losses"], 2);
    let h = js(&t, &["history", "h2h", "Alice", "Bob", "--format", "json"]);
    assert_eq!(h["games"].as_array().unwrap().len(), 4);
    assert_eq!(h["tally"]["losses"], 1);
    let w = js(
        &t,
        &[
            "history", "winners", "--season", "2023-24", "--format", "json",
        ],
    );
    assert_eq!(w["sections"].as_array().unwrap().len(), 2);
    let text = t.ok(&["history", "season", "2023-24"]);
    assert!(
        text.contains("Team events (see their own standings): Team Cup."),
        "{text}"
    );
}
