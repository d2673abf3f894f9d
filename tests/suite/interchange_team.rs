//! The JSON interchange for what team events and history added: a team
//! event recorded through `league team` / `league match` (a board a team
//! could not fill, a whole match forfeited, a double-forfeit board, a team
//! bye, a team withdrawal) and a season's grand-prix rules go through
//! export → import → export byte for byte, with the same team standings,
//! crosstable and grand prix; bad forfeited boards are refused with their
//! JSON path and nothing written; a version-1 file is still read; random
//! team events with forfeited boards export → import → export byte for
//! byte.

use chess_league::export::json as jsonout;
use chess_league::input::json as jsonin;
use chess_league::interchange::json as doc;
use chess_league::store::{exchange, Store};
use proptest::prelude::*;

use crate::util::{snapshot, TestLeague};

const EVENT: &str = "Club Teams";
const SEASON: &str = "2022-23";

/// Season 2022-23 of [`TestLeague::small`] plus a four-board team Swiss
/// recorded through the commands, and grand-prix rules for the season.
fn team_league() -> TestLeague {
    let t = TestLeague::small();
    let ev = ["--event", EVENT];
    t.ok(&[
        "event",
        "add",
        EVENT,
        "--season",
        SEASON,
        "--kind",
        "team-swiss",
        "--rounds",
        "3",
    ]);
    for (name, short) in [
        ("Edgewood", "EDG"),
        ("North Side", "NSM"),
        ("Goshen A", "GMA"),
        ("Goshen B", "GMB"),
        ("Urey", "URY"),
    ] {
        let mut a = vec!["team", "add", name, "--short", short];
        a.extend(ev);
        t.ok(&a);
        let players: Vec<String> = (1..=4).map(|i| format!("{short} {i}")).collect();
        let mut a = vec!["team", "roster", short, "--new"];
        a.extend(players.iter().map(String::as_str));
        a.extend(ev);
        t.ok(&a);
    }
    let round = |n: &'static str, args: &[&str]| {
        let mut a = args.to_vec();
        a.extend(["--event", EVENT, "--round", n]);
        t.ok(&a);
    };
    // Round 1: North Side came with three (board 3 Edgewood's by forfeit),
    // Goshen B did not come at all, Urey has the bye.
    round(
        "1",
        &[
            "match",
            "record",
            "EDG",
            "NSM",
            "--results",
            "1-0,0-1,1F-0F,1/2-1/2",
            "--away-players",
            "NSM 1,NSM 2,-,NSM 4",
        ],
    );
    round("1", &["match", "record", "GMA", "GMB", "--forfeit", "GMB"]);
    round("1", &["match", "bye", "URY"]);
    // Goshen B withdraws; round 2 has a board neither team filled, and a
    // match recorded by its score alone.
    t.ok(&[
        "team",
        "withdraw",
        "GMB",
        "--after-round",
        "1",
        "--reason",
        "not enough players",
        "--event",
        EVENT,
    ]);
    round(
        "2",
        &[
            "match",
            "record",
            "EDG",
            "GMA",
            "--results",
            "1-0,0-1,1/2-1/2,0F-0F",
            "--home-players",
            "EDG 1,EDG 2,EDG 3,-",
            "--away-players",
            "GMA 1,GMA 2,GMA 3,-",
        ],
    );
    round("2", &["match", "record", "NSM", "URY", "--score", "3-1"]);
    t.ok(&[
        "season",
        "grand-prix",
        SEASON,
        "--points",
        "10,8,6,5",
        "--best",
        "2",
        "--bonus",
        "1",
        "--events",
        "Winter Swiss",
    ]);
    t
}

/// What the team event shows: standings (JSON) and crosstable (CSV).
fn team_views(t: &TestLeague) -> (String, String) {
    (
        t.ok(&["standings", "--event", EVENT, "--format", "json"]),
        t.ok(&["team", "crosstable", "--event", EVENT, "--format", "csv"]),
    )
}

#[test]
fn a_team_event_with_forfeits_byes_and_a_withdrawal_round_trips_through_json() {
    let t = team_league();
    assert_eq!(
        t.query("SELECT count(*) FROM team_board_forfeit")[0][0],
        "6",
        "board 3 of round 1, Goshen A's four boards, board 4 of round 2"
    );
    let out = t.ok(&["export", "json", "--season", SEASON]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["format_version"], 3);
    let event = &v["season"]["events"][1];
    assert_eq!(event["name"], EVENT);
    let key = |name: &str| {
        v["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .map(|p| p["key"].clone())
            .unwrap()
    };
    let r1 = &event["sections"][0]["rounds"][0]["team_matches"];
    assert_eq!(
        r1[0]["forfeited_boards"],
        serde_json::json!([{"board": 3, "present": "a", "player": key("EDG 3")}])
    );
    let whole: Vec<_> = (1..=4)
        .map(|b| serde_json::json!({"board": b, "present": "a", "player": null}))
        .collect();
    assert_eq!(r1[1]["forfeited_boards"], serde_json::json!(whole));
    assert_eq!(r1[2]["team_b"], serde_json::Value::Null);
    assert_eq!(r1[2]["forfeited_boards"], serde_json::json!([]));
    let r2 = &event["sections"][0]["rounds"][1]["team_matches"];
    assert_eq!(
        r2[0]["forfeited_boards"],
        serde_json::json!([{"board": 4, "present": "none", "player": null}])
    );
    assert_eq!(r2[1]["points_a_halves"], 6);
    assert_eq!(event["teams"][3]["withdrawn_after"], 1);
    assert_eq!(event["teams"][3]["short_code"], "GMB");
    let gp: serde_json::Value =
        serde_json::from_str(v["season"]["grand_prix"].as_str().unwrap()).unwrap();
    assert_eq!(gp["points"], serde_json::json!([10, 8, 6, 5]));
    assert_eq!(gp["best"], 2);
    assert_eq!(gp["bonus"], 1);
    assert_eq!(gp["events"], serde_json::json!(["Winter Swiss"]));

    let other = TestLeague::new();
    let f = other.write("season.json", &out);
    other.ok(&["--create", "import", "json", f.to_str().unwrap()]);
    assert_eq!(other.ok(&["export", "json", "--season", SEASON]), out);
    let (standings, crosstable) = team_views(&t);
    assert_eq!(team_views(&other), (standings.clone(), crosstable.clone()));
    // The views show the forfeits (not just agree on nothing): Edgewood
    // 2½ + 1½ game points, Goshen A 4 from the match Goshen B did not come
    // to and 1½ in round 2.
    let s: serde_json::Value = serde_json::from_str(&standings).unwrap();
    let row = |name: &str| {
        s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .cloned()
            .unwrap()
    };
    assert_eq!(row("Edgewood")["game_points"].as_f64(), Some(4.0));
    assert_eq!(row("Goshen A")["game_points"].as_f64(), Some(5.5));
    assert_eq!(row("Goshen B")["game_points"].as_f64(), Some(0.0));
    let gmb = crosstable.lines().find(|l| l.contains("Goshen B")).unwrap();
    assert!(gmb.contains("\"F"), "{gmb}");
    // The grand prix reads the same in both leagues.
    assert_eq!(
        other.ok(&["history", "season", SEASON]),
        t.ok(&["history", "season", SEASON])
    );
    // Board prizes count the forfeit win on board 3.
    assert_eq!(
        other.ok(&["team", "boards", "--event", EVENT, "--format", "json"]),
        t.ok(&["team", "boards", "--event", EVENT, "--format", "json"])
    );
    // The event alone round-trips too.
    let one = t.ok(&["export", "json", "--event", EVENT]);
    let third = TestLeague::new();
    let f = third.write("event.json", &one);
    third.ok(&["--create", "import", "json", f.to_str().unwrap()]);
    assert_eq!(third.ok(&["export", "json", "--event", EVENT]), one);
    assert_eq!(team_views(&third), (standings, crosstable));
}

/// A change that breaks a JSON export.
type Mutation = Box<dyn Fn(&mut serde_json::Value)>;

#[test]
fn bad_forfeited_boards_and_grand_prix_rules_are_refused_with_their_path() {
    let t = team_league();
    let good = t.ok(&["export", "json", "--season", SEASON]);
    let v: serde_json::Value = serde_json::from_str(&good).unwrap();
    let key = |name: &str| {
        v["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .map(|p| p["key"].as_u64().unwrap())
            .unwrap()
    };
    let (edg3, nsm3, gma1) = (key("EDG 3"), key("NSM 3"), key("GMA 1"));
    let m0 = "$.season.events[1].sections[0].rounds[0].team_matches[0]";
    let fb = |v: &mut serde_json::Value, r: usize, m: usize| -> serde_json::Value {
        v["season"]["events"][1]["sections"][0]["rounds"][r]["team_matches"][m]["forfeited_boards"]
            .take()
    };
    let set = |v: &mut serde_json::Value, r: usize, m: usize, list: serde_json::Value| {
        v["season"]["events"][1]["sections"][0]["rounds"][r]["team_matches"][m]
            ["forfeited_boards"] = list;
    };
    let one = |board: u64, present: &str, player: Option<u64>| serde_json::json!([{"board": board, "present": present, "player": player}]);
    let cases: Vec<(Mutation, String)> = vec![
        (
            Box::new(move |v| set(v, 0, 0, one(5, "a", Some(edg3)))),
            format!("{m0}.forfeited_boards[0].board: board 5 is not a board of this event's matches (1 to 4)"),
        ),
        (
            Box::new(move |v| set(v, 0, 0, one(2, "a", Some(edg3)))),
            format!("{m0}.forfeited_boards[0].board: board 2 of Edgewood v North Side has a game"),
        ),
        (
            // North Side's player on the board Edgewood's player was at.
            Box::new(move |v| set(v, 0, 0, one(3, "a", Some(nsm3)))),
            format!("{m0}.forfeited_boards[0].player: player {nsm3} is not on Edgewood's roster"),
        ),
        (
            Box::new(move |v| set(v, 0, 0, one(3, "b", Some(edg3)))),
            format!("{m0}.forfeited_boards[0].player: player {edg3} is not on North Side's roster"),
        ),
        (
            Box::new(move |v| set(v, 0, 0, one(3, "home", Some(edg3)))),
            format!("{m0}.forfeited_boards[0].present: \"home\" is not a side"),
        ),
        (
            Box::new(move |v| set(v, 0, 0, one(3, "none", Some(edg3)))),
            format!("{m0}.forfeited_boards[0].player: nobody was there"),
        ),
        (
            Box::new(move |v| set(v, 0, 0, one(3, "a", Some(999)))),
            format!("{m0}.forfeited_boards[0].player: player 999 is not in $.players"),
        ),
        (
            Box::new(move |v| {
                let mut list = fb(v, 0, 0);
                let first = list[0].clone();
                list.as_array_mut().unwrap().push(first);
                set(v, 0, 0, list);
            }),
            format!("{m0}.forfeited_boards[1].board: board 3 is listed twice"),
        ),
        (
            // Goshen A's board-1 player, also at a board of round 2 that has a game.
            Box::new(move |v| set(v, 1, 0, one(4, "b", Some(gma1)))),
            "$.season.events[1].sections[0].rounds[1].team_matches[0].forfeited_boards[0].player: player"
                .to_string(),
        ),
        (
            Box::new(move |v| set(v, 0, 2, one(1, "a", None))),
            "$.season.events[1].sections[0].rounds[0].team_matches[2].forfeited_boards: Urey's team bye has no boards".into(),
        ),
        (
            Box::new(move |v| set(v, 1, 1, one(1, "a", None))),
            "$.season.events[1].sections[0].rounds[1].team_matches[1].forfeited_boards: a match recorded by its score alone".into(),
        ),
        (
            Box::new(move |v| {
                v["season"]["events"][1]["sections"][0]["rounds"][0]["team_matches"][1]
                    .as_object_mut()
                    .unwrap()
                    .remove("forfeited_boards");
            }),
            "$.season.events[1].sections[0].rounds[0].team_matches[1].forfeited_boards: missing field `forfeited_boards`".into(),
        ),
        (
            Box::new(|v| v["season"]["grand_prix"] = "{\"points\": [5, 10]}".into()),
            "$.season.grand_prix: the grand-prix rules: the points table must run from first place down".into(),
        ),
        (
            Box::new(|v| v["season"]["grand_prix"] = "{\"points\": [5], \"events\": [\"Summer Open\"]}".into()),
            "$.season.grand_prix: the grand prix counts event \"Summer Open\", which the season does not have".into(),
        ),
        (
            Box::new(|v| v["season"]["grand_prix"] = "points: 10,8".into()),
            "$.season.grand_prix: the grand-prix rules cannot be read".into(),
        ),
    ];
    let target = TestLeague::new();
    target.ok(&["season", "add", "other"]);
    target.ok(&["player", "add", "Somebody Else", "--rating", "1500"]);
    let before = snapshot(&target.db);
    for (i, (mutate, needle)) in cases.iter().enumerate() {
        let mut bad = v.clone();
        mutate(&mut bad);
        assert_ne!(bad, v, "case {i} changes the file");
        let f = target.write(
            &format!("bad{i}.json"),
            serde_json::to_string_pretty(&bad).unwrap(),
        );
        let r = target.fails(&["--create", "import", "json", f.to_str().unwrap()], needle);
        assert!(r.stderr.contains(&format!("bad{i}.json")), "{}", r.stderr);
        assert_eq!(snapshot(&target.db), before, "case {i} wrote nothing");
    }
    // The good file goes in.
    let f = target.write("good.json", &good);
    target.ok(&["--create", "import", "json", f.to_str().unwrap()]);
    assert_eq!(
        target.query("SELECT count(*) FROM team_board_forfeit")[0][0],
        "6"
    );
}

#[test]
fn a_version_1_file_is_still_read_and_a_version_1_file_with_forfeits_is_refused() {
    let t = team_league();
    let good = t.ok(&["export", "json", "--season", SEASON]);
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    // Version 1 as it was written: no forfeited_boards anywhere, and no
    // event details or prize lists (version 3).
    v["format_version"] = 1.into();
    for e in v["season"]["events"].as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("details");
        for s in e["sections"].as_array_mut().unwrap() {
            s.as_object_mut().unwrap().remove("prizes");
        }
    }
    let mut with_forfeits = v.clone();
    for r in v["season"]["events"][1]["sections"][0]["rounds"]
        .as_array_mut()
        .unwrap()
    {
        for m in r["team_matches"].as_array_mut().unwrap() {
            m.as_object_mut().unwrap().remove("forfeited_boards");
        }
    }
    let target = TestLeague::new();
    target.ok(&["season", "add", "other"]);
    let before = snapshot(&target.db);
    let f = target.write(
        "v1-forfeits.json",
        serde_json::to_string_pretty(&with_forfeits).unwrap(),
    );
    target.fails(
        &["--create", "import", "json", f.to_str().unwrap()],
        "$.season.events[1].sections[0].rounds[0].team_matches[0].forfeited_boards: format version 1 has no forfeited_boards",
    );
    assert_eq!(snapshot(&target.db), before);
    with_forfeits["format_version"] = 4.into();
    let f = target.write(
        "v4.json",
        serde_json::to_string_pretty(&with_forfeits).unwrap(),
    );
    target.fails(
        &["--create", "import", "json", f.to_str().unwrap()],
        "format version 4",
    );
    let f = target.write("v1.json", serde_json::to_string_pretty(&v).unwrap());
    target.ok(&["--create", "import", "json", f.to_str().unwrap()]);
    // Read as having no forfeited boards; written back as version 3.
    assert_eq!(
        target.query("SELECT count(*) FROM team_board_forfeit")[0][0],
        "0"
    );
    assert_eq!(
        target.query("SELECT count(*) FROM team_match")[0][0],
        t.query("SELECT count(*) FROM team_match")[0][0]
    );
    let again: serde_json::Value =
        serde_json::from_str(&target.ok(&["export", "json", "--season", SEASON])).unwrap();
    assert_eq!(again["format_version"], 3);
    assert_eq!(
        again["season"]["events"][1]["sections"][0]["rounds"][0]["team_matches"][0]
            ["forfeited_boards"],
        serde_json::json!([])
    );
}

/// A random team event as a JSON document in the order an export writes
/// it: `k` teams of `boards` players, `r` rounds, each round the teams
/// paired at random (the odd one a bye), each match recorded board by board
/// (every board a game, pending or not, or a forfeited board of any side),
/// by score alone, or forfeited whole.
fn random_team_document() -> impl Strategy<Value = doc::Document> {
    (2usize..6, 1u32..5, 1u32..4, any::<u64>()).prop_map(|(k, boards, rounds, seed)| {
        let mut s = seed | 1;
        let mut next = move |m: usize| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % m as u64) as usize
        };
        let results = [Some("1-0"), Some("0-1"), Some("1/2-1/2"), None];
        let team_name = |t: usize| format!("Team {}", t + 1);
        // Team t's board b player: key and pairing number t * boards + b.
        let key = |t: usize, b: u32| t as u32 * boards + b;
        let mut rs = Vec::new();
        for number in 1..=rounds {
            let mut order: Vec<usize> = (0..k).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, next(i + 1));
            }
            let mut matches = Vec::new();
            let mut games = Vec::new();
            for (mi, pair) in order.chunks(2).enumerate() {
                let (a, b) = (pair[0], pair.get(1).copied());
                let mut m = doc::TeamMatch {
                    team_a: team_name(a),
                    team_b: b.map(team_name),
                    points_a_halves: None,
                    points_b_halves: None,
                    forfeited_boards: vec![],
                };
                if let Some(b) = b {
                    match next(4) {
                        0 => {
                            let pa = next(2 * boards as usize + 1) as u32;
                            m.points_a_halves = Some(pa);
                            m.points_b_halves = Some(2 * boards - pa);
                        }
                        1 => {
                            let present = ["a", "b", "none"][next(3)];
                            m.forfeited_boards = (1..=boards)
                                .map(|board| doc::ForfeitedBoard {
                                    board,
                                    present: present.into(),
                                    player: None,
                                })
                                .collect();
                        }
                        _ => {
                            for board in 1..=boards {
                                let (white, black) = if board % 2 == 1 {
                                    (key(a, board), key(b, board))
                                } else {
                                    (key(b, board), key(a, board))
                                };
                                match next(5) {
                                    0 => {
                                        let present = ["a", "b", "none"][next(3)];
                                        let player = match present {
                                            "a" => Some(key(a, board)),
                                            "b" => Some(key(b, board)),
                                            _ => None,
                                        };
                                        m.forfeited_boards.push(doc::ForfeitedBoard {
                                            board,
                                            present: present.into(),
                                            player,
                                        });
                                    }
                                    _ => games.push(doc::Game {
                                        board: Some(board),
                                        white,
                                        black,
                                        result: results[next(results.len())].map(str::to_string),
                                        team_match: Some(mi as u32),
                                    }),
                                }
                            }
                        }
                    }
                }
                matches.push(m);
            }
            // As the export lists them: by board, then by match.
            games.sort_by_key(|g| g.board);
            rs.push(doc::Round {
                number,
                date: None,
                team_matches: matches,
                games,
                byes: vec![],
            });
        }
        let players = (0..k)
            .flat_map(|t| (1..=boards).map(move |b| (t, b)))
            .map(|(t, b)| doc::Player {
                key: key(t, b),
                name: format!("{} board {b}", team_name(t)),
                uscf_id: None,
                fide_id: None,
                rating: None,
                fide_rating: None,
                federation: None,
                title: None,
                state: None,
                club: None,
            })
            .collect();
        doc::Document {
            format_version: doc::FORMAT_VERSION,
            scope: doc::Scope::Season,
            season: doc::Season {
                name: "Teams".into(),
                start_date: None,
                end_date: None,
                grand_prix: None,
                events: vec![doc::Event {
                    name: "Team Swiss".into(),
                    kind: "team-swiss".into(),
                    rounds,
                    start_date: None,
                    end_date: None,
                    tiebreaks: "usat".into(),
                    actual_play_first: false,
                    fide_edition: None,
                    sb_adjusted: false,
                    coin_allowed: false,
                    coin_seed: None,
                    rating_basis: Some("uscf".into()),
                    team_rules: Some(doc::TeamRules {
                        boards,
                        win_halves: 2,
                        draw_halves: 1,
                        loss_halves: 0,
                        bye_match_halves: None,
                        bye_game_halves: None,
                        rank_by: "match-points".into(),
                        usat_doubled: true,
                        usat_adjusted: true,
                    }),
                    pairing: Some(doc::PairingSettings {
                        system: "manual".into(),
                        initial_colour: "white".into(),
                        acceleration: "none".into(),
                        bye_points: "full".into(),
                        double_round_robin: false,
                        numbers: "rating".into(),
                        team_mates: Some("if-possible".into()),
                        colour_limits: Some("80,200".into()),
                        accelerate_rounds: Some(0),
                        colour_priority: Some("natural".into()),
                        unrated_bye: Some("last".into()),
                    }),
                    teams: (0..k)
                        .map(|t| doc::Team {
                            name: team_name(t),
                            short_code: Some(format!("T{}", t + 1)),
                            withdrawn_after: None,
                            roster: (1..=boards)
                                .map(|b| doc::RosterPlace {
                                    board: b,
                                    player: key(t, b),
                                })
                                .collect(),
                        })
                        .collect(),
                    details: doc::EventDetails::default(),
                    sections: vec![doc::Section {
                        prizes: vec![],
                        name: "Open".into(),
                        rating_min: None,
                        rating_max: None,
                        entries: (0..k)
                            .flat_map(|t| (1..=boards).map(move |b| (t, b)))
                            .map(|(t, b)| doc::Entry {
                                pairing_no: key(t, b),
                                player: key(t, b),
                                rating: None,
                                team: Some(team_name(t)),
                                withdrawn_after: None,
                            })
                            .collect(),
                        rounds: rs,
                    }],
                }],
            },
            players,
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// A random team event with forfeited boards imported into an empty
    /// database exports as itself, and export → import → export is
    /// byte-identical.
    #[test]
    fn team_documents_export_import_export_byte_identical(d in random_team_document()) {
        let text = jsonout::write(&d);
        let parsed = jsonin::parse(text.as_bytes(), "teams.json").expect("valid document");
        let mut a = Store::open_in_memory().unwrap();
        a.write(|tx| chess_league::app::import::import_document(tx, &parsed, "Teams", "teams.json")).unwrap();
        let season = chess_league::store::season::find_season(a.conn(), "Teams").unwrap();
        let first = jsonout::write(&exchange::export_document(a.conn(), &season, None).unwrap());
        prop_assert_eq!(&first, &text);
        let mut b = Store::open_in_memory().unwrap();
        let again = jsonin::parse(first.as_bytes(), "first.json").unwrap();
        b.write(|tx| chess_league::app::import::import_document(tx, &again, "Teams", "first.json")).unwrap();
        let season = chess_league::store::season::find_season(b.conn(), "Teams").unwrap();
        let second = jsonout::write(&exchange::export_document(b.conn(), &season, None).unwrap());
        prop_assert_eq!(first, second);
    }
}
