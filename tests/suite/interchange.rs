//! Exchanging results: TRF export and re-import give identical standings
//! (every real file, and a league-recorded section with every kind of
//! bye, forfeit, withdrawal and late entry); JSON export → import → export
//! is byte-identical (the demo league, and random sections); player lists
//! and JSON files with mistakes are refused with line or path and field,
//! writing nothing; random and mutated files never panic.

use std::path::PathBuf;

use chess_league::export::json as jsonout;
use chess_league::input::{json as jsonin, players as playerlist};
use chess_league::interchange::json as doc;
use chess_league::store::{exchange, Store};
use proptest::prelude::*;

use crate::util::TestLeague;

const DATA: &str = concat!(env!("LEAGUE_TEST_DATA"), "/trf");

const ORDERS: &[&str] = &[
    "BH/C1,BH,SB,DE,WIN,PS,FB,AOB,KS,ARO,TPR,REP",
    "mm,solkoff,cumulative,opp-cumulative,tied-results,sb,kashdan,blacks,median",
];

fn real_files() -> Vec<PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(DATA)
        .expect("tests/data/trf in the repository")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    v.sort();
    assert!(
        v.len() >= 6,
        "expected the real TRF files, found {}",
        v.len()
    );
    v
}

/// Standings JSON without the season's name (the copies live in another season).
fn standings(
    t: &TestLeague,
    season: &str,
    event: &str,
    section: &str,
    order: Option<&str>,
) -> serde_json::Value {
    let mut args = vec![
        "standings",
        "--season",
        season,
        "--event",
        event,
        "--section",
        section,
        "--format",
        "json",
    ];
    if let Some(o) = order {
        args.extend(["--tiebreaks", o]);
    }
    let mut v: serde_json::Value = serde_json::from_str(&t.ok(&args)).unwrap();
    v.as_object_mut().unwrap().remove("season");
    v
}

#[test]
fn every_real_trf_file_survives_import_export_import_with_identical_standings() {
    let t = TestLeague::new();
    for path in real_files() {
        let event = path.file_stem().unwrap().to_string_lossy().to_string();
        t.ok(&[
            "--create",
            "import",
            "trf",
            path.to_str().unwrap(),
            "--season",
            "first",
            "--event",
            &event,
        ]);
        let out = t.path(&format!("{event}.out.trf"));
        t.ok(&[
            "export",
            "trf",
            "--season",
            "first",
            "--event",
            &event,
            "--out",
            out.to_str().unwrap(),
        ]);
        t.ok(&[
            "--create",
            "import",
            "trf",
            out.to_str().unwrap(),
            "--season",
            "second",
            "--event",
            &event,
        ]);
        for order in [None, Some(ORDERS[0]), Some(ORDERS[1])] {
            let a = standings(&t, "first", &event, "Open", order);
            let b = standings(&t, "second", &event, "Open", order);
            assert_eq!(a, b, "{event} with {order:?}");
            assert!(a["rows"].as_array().unwrap().len() >= 6);
        }
        // The export of the re-import is the same file.
        let again = t.ok(&["export", "trf", "--season", "second", "--event", &event]);
        assert_eq!(again, std::fs::read_to_string(&out).unwrap(), "{event}");
    }
}

/// Winter Swiss 1600+ with every kind of round: a full-point bye assigned
/// and one asked for, half- and zero-point byes, forfeits both ways, a
/// double forfeit, a withdrawal after round 3 and a late entry.
fn recorded_league() -> TestLeague {
    let t = TestLeague::small();
    let sec = ["--event", "Winter Swiss", "--section", "1600+"];
    let round = |n: &str, sheet: &str| {
        let f = t.write(&format!("r{n}.csv"), sheet);
        // The fixture's small section has rematches on purpose.
        let mut args = vec![
            "round",
            "record",
            "--round",
            n,
            f.to_str().unwrap(),
            "--allow-rematch",
        ];
        args.extend(sec);
        t.ok(&args);
    };
    round(
        "1",
        "board,white,black,result\n1,Alice,Bob,1-0\n2,Carol,Dan,1F-0F\n3,Eve,Frank,0F-1F\n",
    );
    round("2", "board,white,black,result\n1,Bob,Carol,0F-0F\n2,Dan,Alice,1/2-1/2\n,Eve,BYE,half\n,Frank,BYE,zero\n");
    round(
        "3",
        "board,white,black,result\n1,Alice,Carol,0-1\n2,Frank,Dan,1-0\n,Bob,BYE,full\n",
    );
    let mut args = vec![
        "bye",
        "add",
        "Eve",
        "--round",
        "3",
        "--kind",
        "full",
        "--assigned",
        "false",
    ];
    args.extend(sec);
    t.ok(&args);
    let mut args = vec!["withdraw", "Bob", "--after-round", "3"];
    args.extend(sec);
    t.ok(&args);
    let mut args = vec![
        "enter",
        "Ivy Late",
        "--new",
        "--rating",
        "1500",
        "--missed",
        "half",
        // Rated below the section's band on purpose.
        "--allow-outside-band",
    ];
    args.extend(sec);
    t.ok(&args);
    round(
        "4",
        "board,white,black,result\n1,Carol,Alice,1-0\n2,Dan,Eve,0-1\n3,Ivy,Frank,1/2-1/2\n",
    );
    t
}

#[test]
fn a_recorded_section_with_every_kind_of_round_survives_trf_export_and_import() {
    let t = recorded_league();
    // TRF carries FIDE ratings only: give the players FIDE ratings equal to
    // the ratings they entered with, so the copy's rating tiebreaks agree.
    t.conn()
        .execute(
            "UPDATE player SET fide_rating = (SELECT e.rating FROM entry e WHERE e.player_id = player.id)",
            [],
        )
        .unwrap();
    let out = t.path("1600.trf");
    t.ok(&[
        "export",
        "trf",
        "--event",
        "Winter Swiss",
        "--section",
        "1600+",
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("012 Winter Swiss (1600+)\n042 2023/01/10\n"),
        "{text}"
    );
    assert!(text.contains("\nXXR 5\n"), "{text}");
    assert!(text.contains("\n### withdrawals: 2/3\n"), "{text}");
    let line = |no: u32| {
        text.lines()
            .find(|l| l.starts_with("001") && l[4..8].trim() == no.to_string())
            .unwrap()
            .to_string()
    };
    // Bob (2): lost to Alice, double forfeit, assigned bye, absent after withdrawing.
    assert_eq!(&line(2)[91..], "   1 b 0     3 w -  0000 - U");
    // Eve (5): forfeit loss as White, half bye, requested full bye, beat Dan.
    assert_eq!(&line(5)[91..], "   6 w -  0000 - H  0000 - F     4 b 1");
    // Frank (6): forfeit win, zero bye, beat Dan, drew Ivy.
    assert_eq!(&line(6)[91..], "   5 b +  0000 - Z     4 w 1     7 b =");
    // Ivy (7), the late entry: half byes for the rounds she missed.
    assert_eq!(&line(7)[91..], "0000 - H  0000 - H  0000 - H     6 w =");
    assert_eq!(&line(3)[80..89], " 3.0    1");

    let order = "uscf-swiss";
    t.ok(&[
        "--create",
        "import",
        "trf",
        out.to_str().unwrap(),
        "--season",
        "copy",
        "--event",
        "Winter Swiss",
        "--section",
        "1600+",
        "--tiebreaks",
        order,
    ]);
    for o in [
        Some(ORDERS[0]),
        Some(ORDERS[1]),
        Some("uscf-swiss"),
        Some("fide-swiss"),
    ] {
        let a = standings(&t, "2022-23", "Winter Swiss", "1600+", o);
        let b = standings(&t, "copy", "Winter Swiss", "1600+", o);
        assert_eq!(a, b, "{o:?}");
    }
    let withdrawn = t.query("SELECT p.name, e.withdrawn_after FROM entry e JOIN player p ON p.id = e.player_id WHERE e.withdrawn_after IS NOT NULL ORDER BY e.id");
    assert_eq!(
        withdrawn,
        vec![
            vec!["Bob Jones".to_string(), "3".into()],
            vec!["Bob Jones".into(), "3".into()]
        ]
    );
}

#[test]
fn the_demo_league_round_trips_through_json_byte_for_byte_and_through_trf() {
    let t = TestLeague::new();
    let demo = t.path("demo.db");
    t.ok(&["demo", "--out", demo.to_str().unwrap()]);
    // The demo's own database, in a directory of its own.
    let demo_league = TestLeague {
        dir: tempfile::tempdir().unwrap(),
        db: demo.clone(),
    };
    let json = t.path("season.json");
    demo_league.ok(&[
        "export",
        "json",
        "--season",
        "2022-23",
        "--out",
        json.to_str().unwrap(),
    ]);
    t.ok(&["--create", "import", "json", json.to_str().unwrap()]);
    let again = t.ok(&["export", "json", "--season", "2022-23"]);
    assert_eq!(again, std::fs::read_to_string(&json).unwrap());
    let parsed: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(parsed["format_version"], 3);
    // Four Swiss events, the club championship and the team Swiss.
    assert_eq!(parsed["season"]["events"].as_array().unwrap().len(), 6);
    // TRF carries FIDE ratings only: the copies below get FIDE ratings
    // equal to the ratings the demo's players entered with.
    t.conn()
        .execute("UPDATE player SET fide_rating = rating", [])
        .unwrap();
    // The prize list travelled, and awards the same prizes.
    let prizes = |l: &TestLeague| {
        l.ok(&[
            "prizes",
            "--season",
            "2022-23",
            "--event",
            "Winter Swiss",
            "--section",
            "1600+",
            "--format",
            "json",
        ])
    };
    assert_eq!(prizes(&demo_league), prizes(&t));
    assert!(prizes(&t).contains("pooled among"));
    // Standings of every section agree.
    for e in parsed["season"]["events"].as_array().unwrap() {
        let event = e["name"].as_str().unwrap();
        for s in e["sections"].as_array().unwrap() {
            let section = s["name"].as_str().unwrap();
            assert_eq!(
                standings(&demo_league, "2022-23", event, section, None),
                standings(&t, "2022-23", event, section, None),
                "{event} {section}"
            );
            // And each individual section through TRF into a third season
            // (TRF holds individual events only).
            if e["kind"].as_str().unwrap().starts_with("team") {
                continue;
            }
            let trf = t.path("s.trf");
            t.ok(&[
                "export",
                "trf",
                "--season",
                "2022-23",
                "--event",
                event,
                "--section",
                section,
                "--out",
                trf.to_str().unwrap(),
            ]);
            let copy = format!("{event} copy");
            t.ok(&[
                "--create",
                "import",
                "trf",
                trf.to_str().unwrap(),
                "--season",
                "trf",
                "--event",
                &copy,
                "--section",
                section,
                "--tiebreaks",
                e["tiebreaks"].as_str().unwrap(),
            ]);
            let mut a = standings(&t, "2022-23", event, section, None);
            let mut b = standings(&t, "trf", &copy, section, None);
            a.as_object_mut().unwrap().remove("event");
            b.as_object_mut().unwrap().remove("event");
            assert_eq!(a, b, "{event} {section} through TRF");
        }
    }
    // A season that exists is refused unless renamed.
    t.fails(
        &["--create", "import", "json", json.to_str().unwrap()],
        "already a season \"2022-23\"",
    );
    let count = || {
        t.query("SELECT COUNT(*) FROM player")[0][0]
            .parse::<usize>()
            .unwrap()
    };
    let before = count();
    let all = parsed["players"].as_array().unwrap();
    let with_id = all
        .iter()
        .filter(|p| !p["uscf_id"].is_null() || !p["fide_id"].is_null())
        .count();
    let without = all.len() - with_id;
    let out = t.ok(&[
        "--create",
        "import",
        "json",
        json.to_str().unwrap(),
        "--season-as",
        "2022-23 copy",
    ]);
    // The copy finds its players by their US Chess ids instead of adding them
    // again; players without an id (the team event's) cannot be matched.
    assert!(with_id > 0 && without > 0, "{with_id} {without}");
    assert!(
        out.contains(&format!("{without} players added, {with_id} matched")),
        "{out}"
    );
    assert_eq!(count(), before + without);
}

#[test]
fn an_event_goes_into_an_existing_season_and_players_are_matched_by_id() {
    let t = recorded_league();
    t.ok(&["player", "edit", "Alice Smith", "--uscf-id", "12345678"]);
    let out = t.ok(&["export", "json", "--event", "Winter Swiss"]);
    assert!(out.contains("\"scope\": \"event\""));
    let other = TestLeague::new();
    other.ok(&["season", "add", "2022-23"]);
    other.ok(&[
        "player",
        "add",
        "Alice S.",
        "--uscf-id",
        "12345678",
        "--rating",
        "1900",
    ]);
    let f = other.write("event.json", &out);
    let r = other.ok(&["--create", "import", "json", f.to_str().unwrap()]);
    assert!(r.contains("1 matched"), "{r}");
    // Alice is the league's own player, under the league's name.
    let alice = other.query("SELECT p.name, e.pairing_no FROM entry e JOIN player p ON p.id = e.player_id WHERE p.uscf_id = '12345678'");
    assert_eq!(alice, vec![vec!["Alice S.".to_string(), "1".into()]]);
    other.fails(
        &["--create", "import", "json", f.to_str().unwrap()],
        "already has an event \"Winter Swiss\"",
    );
}

/// A change that breaks a JSON export.
type Mutation = Box<dyn Fn(&mut serde_json::Value)>;

/// A JSON export to break.
fn sample_json() -> (TestLeague, String) {
    let t = recorded_league();
    let out = t.ok(&["export", "json", "--season", "2022-23"]);
    (t, out)
}

#[test]
fn bad_json_files_are_refused_with_path_and_field_and_nothing_written() {
    let (t, good) = sample_json();
    let v: serde_json::Value = serde_json::from_str(&good).unwrap();
    let target = TestLeague::new();
    target.ok(&["season", "add", "other"]);
    let cases: Vec<(Mutation, &str)> = vec![
        (
            Box::new(|v| v["season"]["events"][0]["sections"][0]["rounds"][1]["games"][1]["result"] = "2-0".into()),
            "$.season.events[0].sections[0].rounds[1].games[1].result",
        ),
        (
            Box::new(|v| v["season"]["events"][0]["sections"][0]["entries"][3]["player"] = 999.into()),
            "$.season.events[0].sections[0].entries[3].player: player 999 is not in $.players",
        ),
        (
            Box::new(|v| v["season"]["events"][0]["sections"][0]["entries"][1]["pairing_no"] = 1.into()),
            "$.season.events[0].sections[0].entries[1].pairing_no: pairing number 1 is also entries[0]'s",
        ),
        (
            // Alice both in a game and given a bye in round 1: contradicting records.
            Box::new(|v| {
                let byes = v["season"]["events"][0]["sections"][0]["rounds"][0]["byes"].as_array_mut().unwrap();
                byes.push(serde_json::json!({"player": 1, "kind": "full", "requested": false}));
            }),
            "already has a game or bye in round 1",
        ),
        (
            Box::new(|v| v["season"]["events"][0]["tiebreaks"] = "mm,bogus".into()),
            "$.season.events[0].tiebreaks",
        ),
        (
            Box::new(|v| v["season"]["events"][0]["sections"][0]["rounds"][0]["games"][0]["white"] = 42.into()),
            "$.season.events[0].sections[0].rounds[0].games[0].white: pairing number 42 is not entered",
        ),
        (
            Box::new(|v| v["season"]["events"][0]["sections"][0]["rounds"][0]["byes"] = serde_json::json!([{"player": 7, "kind": "double", "requested": true}])),
            "byes[0].kind",
        ),
        (
            // Bob (2) withdrew after round 3; an earlier withdrawal contradicts his round-3 bye.
            Box::new(|v| {
                v["season"]["events"][0]["sections"][0]["entries"][1]["withdrawn_after"] = 2.into()
            }),
            "pairing number 2 withdrew after round 2 ($.season.events[0].sections[0].entries[1]) but has a game or bye in round 3",
        ),
        (
            // A record with a field missing is damaged, not a pending game.
            Box::new(|v| {
                v["season"]["events"][0]["sections"][0]["rounds"][1]["games"][1]
                    .as_object_mut()
                    .unwrap()
                    .remove("result");
            }),
            "$.season.events[0].sections[0].rounds[1].games[1].result: missing field `result`",
        ),
        (
            Box::new(|v| v["players"][0]["rating"] = "high".into()),
            "$.players[0].rating",
        ),
        (
            Box::new(|v| v["season"]["events"][0]["rounds"] = 200.into()),
            "$.season.events[0].rounds",
        ),
    ];
    for (i, (mutate, needle)) in cases.iter().enumerate() {
        let mut bad = v.clone();
        mutate(&mut bad);
        let f = target.write(
            &format!("bad{i}.json"),
            serde_json::to_string_pretty(&bad).unwrap(),
        );
        let r = target.fails(
            &[
                "--create",
                "import",
                "json",
                f.to_str().unwrap(),
                "--season-as",
                "new",
            ],
            needle,
        );
        assert!(r.stderr.contains(&format!("bad{i}.json")), "{}", r.stderr);
    }
    // Truncated, and not UTF-8: line and path.
    let f = target.write("cut.json", &good[..good.len() / 2]);
    let r = target.fails(
        &["--create", "import", "json", f.to_str().unwrap()],
        "cut.json, line ",
    );
    assert!(r.stderr.contains("$.season"), "{}", r.stderr);
    let mut bytes = good.clone().into_bytes();
    let at = good.find("Alice Smith").unwrap();
    bytes[at + 2] = 0xE9;
    let f = target.write("latin1.json", &bytes);
    target.fails(
        &["--create", "import", "json", f.to_str().unwrap()],
        "not UTF-8",
    );
    // A newer format is refused with a clear word.
    let f = target.write(
        "v9.json",
        good.replacen("\"format_version\": 3", "\"format_version\": 9", 1),
    );
    target.fails(
        &["--create", "import", "json", f.to_str().unwrap()],
        "format version 9",
    );
    drop(t);
}

#[test]
fn player_lists_add_and_update_and_bad_lists_write_nothing() {
    let t = TestLeague::small();
    t.ok(&["player", "edit", "Alice Smith", "--uscf-id", "12345678"]);
    let f = t.write(
        "members.csv",
        "name,uscf_id,fide_id,rating,fide_rating,federation,title\n\
         Alice Smith,12345678,,1850,,,\n\
         Bob Jones,,,1760,,,\n\
         Zoe New,87654321,1503014,1400,1450,USA,WCM\n",
    );
    let out = t.ok(&["--create", "import", "players", f.to_str().unwrap()]);
    assert!(
        out.contains("1 added, 2 updated, 0 already up to date"),
        "{out}"
    );
    let rows = t.query("SELECT name, uscf_id, fide_id, rating, fide_rating, federation, title FROM player WHERE name IN ('Alice Smith','Bob Jones','Zoe New') ORDER BY name");
    assert_eq!(
        rows[0],
        [
            "Alice Smith",
            "12345678",
            "NULL",
            "1850",
            "NULL",
            "NULL",
            "NULL"
        ]
    );
    assert_eq!(
        rows[1],
        ["Bob Jones", "NULL", "NULL", "1760", "NULL", "NULL", "NULL"]
    );
    assert_eq!(
        rows[2],
        ["Zoe New", "87654321", "1503014", "1400", "1450", "USA", "WCM"]
    );
    // The same list again changes nothing.
    let out = t.ok(&["--create", "import", "players", f.to_str().unwrap()]);
    assert!(
        out.contains("0 added, 0 updated, 3 already up to date"),
        "{out}"
    );
    // The updates are in the log, with the old and new rating.
    let log = t.ok(&["log"]);
    assert!(log.contains("members.csv, line 2"), "{log}");
    assert!(log.contains("rating 1850"), "{log}");
    // Matched by id under another spelling: the league's name is kept, and said.
    let f = t.write(
        "rated.csv",
        "name,uscf_id,rating\n\"Smith, Alice\",12345678,1860\n",
    );
    let out = t.ok(&["--create", "import", "players", f.to_str().unwrap()]);
    assert!(out.contains("0 added, 1 updated"), "{out}");
    assert!(
        out.contains("Note: line 2: Smith, Alice is Alice Smith"),
        "{out}"
    );
    let alice = t.query("SELECT name, rating FROM player WHERE uscf_id = '12345678'");
    assert_eq!(alice, vec![vec!["Alice Smith".to_string(), "1860".into()]]);

    t.ok(&["player", "add", "Bob Jones", "--new-namesake"]);
    for (name, text, needle) in [
        (
            "a.csv",
            "name,rating\nCarol King,1700\nBob Jones,1800\n",
            "a.csv, line 3, name: \"Bob Jones\" matches 2 players",
        ),
        (
            "b.csv",
            "name,rating\nNew One,1500\nOther,17OO\n",
            "b.csv, line 3, rating: rating \"17OO\"",
        ),
        (
            "c.csv",
            "name,uscf_id\nNew One,555\nNew Two,555\n",
            "c.csv, line 3, uscf_id",
        ),
        (
            "d.csv",
            "name,uscf_id,fide_id\nCarol King,12345678,1503014\n",
            "d.csv, line 2, fide_id",
        ),
        (
            "e.csv",
            "name,rating\nNew One,1500\nTruncated\n",
            "e.csv, line 3, row",
        ),
        (
            "f.csv",
            "nom,rating\nNew One,1500\n",
            "f.csv, line 1, column 1",
        ),
    ] {
        let f = t.write(name, text);
        t.fails(
            &["--create", "import", "players", f.to_str().unwrap()],
            needle,
        );
    }
    let f = t.write(
        "g.csv",
        b"name,rating\nNew One,1500\nJos\xE9,1400\n".as_slice(),
    );
    t.fails(
        &["--create", "import", "players", f.to_str().unwrap()],
        "g.csv, line 3, text: the file is not UTF-8 text (byte 0xE9)",
    );
}

#[test]
fn games_and_standings_export_as_csv() {
    let t = recorded_league();
    let games = t.ok(&[
        "export",
        "games",
        "--event",
        "Winter Swiss",
        "--section",
        "1600+",
    ]);
    let lines: Vec<&str> = games.lines().collect();
    assert_eq!(
        lines[0],
        "season,event,section,round,date,board,white_no,white,black_no,black,result"
    );
    assert_eq!(
        lines[1],
        "2022-23,Winter Swiss,1600+,1,,1,1,Alice Smith,2,Bob Jones,1-0"
    );
    assert!(lines.contains(&"2022-23,Winter Swiss,1600+,2,,1,2,Bob Jones,3,Carol King,0F-0F"));
    assert!(lines.contains(&"2022-23,Winter Swiss,1600+,3,,,5,Eve Park,,BYE,full"));
    // 3 + 2 + 2 games, 2 + 2 byes, 3 late-entry byes, 3 games in round 4.
    assert_eq!(lines.len(), 1 + 3 + 4 + 4 + 3 + 3);
    let exported = t.ok(&[
        "export",
        "standings",
        "--event",
        "Winter Swiss",
        "--section",
        "1600+",
    ]);
    let printed = t.ok(&[
        "standings",
        "--event",
        "Winter Swiss",
        "--section",
        "1600+",
        "--format",
        "csv",
        "--decimals",
    ]);
    assert_eq!(exported, printed);
    t.fails(&["export", "json"], "--season NAME");
}

/// A random small section as a JSON document in the order an export
/// writes it: `n` players, `r` rounds, each round a random pairing with
/// results (some pending), a bye for the odd player, and absences.
fn random_document() -> impl Strategy<Value = doc::Document> {
    (2usize..8, 1usize..5, any::<u64>()).prop_map(|(n, rounds, seed)| {
        let mut s = seed | 1;
        let mut next = move |m: usize| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % m as u64) as usize
        };
        let results = [
            Some("1-0"),
            Some("0-1"),
            Some("1/2-1/2"),
            Some("1F-0F"),
            Some("0F-1F"),
            Some("0F-0F"),
            None,
        ];
        let kinds = ["full", "half", "zero"];
        let mut rs = Vec::new();
        for number in 1..=rounds {
            let mut order: Vec<u32> = (1..=n as u32).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, next(i + 1));
            }
            let absent = if next(4) == 0 { order.pop() } else { None };
            let _ = absent;
            let mut games = Vec::new();
            let mut byes = Vec::new();
            for (b, pair) in order.chunks(2).enumerate() {
                if pair.len() == 2 {
                    games.push(doc::Game {
                        board: Some(b as u32 + 1),
                        white: pair[0],
                        black: pair[1],
                        result: results[next(results.len())].map(str::to_string),
                        team_match: None,
                    });
                } else {
                    byes.push(doc::Bye {
                        player: pair[0],
                        kind: kinds[next(3)].into(),
                        requested: next(2) == 0,
                        late_entry: false,
                    });
                }
            }
            rs.push(doc::Round {
                number: number as u32,
                date: None,
                team_matches: vec![],
                games,
                byes,
            });
        }
        // Entry ratings are FIDE ratings here (the player's FIDE rating
        // too), so that they travel through TRF, which carries FIDE
        // ratings only.
        let rated: Vec<bool> = (0..n).map(|_| next(2) == 1).collect();
        doc::Document {
            format_version: doc::FORMAT_VERSION,
            scope: doc::Scope::Season,
            season: doc::Season {
                name: "Random".into(),
                start_date: Some("2024-09-01".into()),
                end_date: None,
                grand_prix: None,
                events: vec![doc::Event {
                    name: "Swiss".into(),
                    kind: "swiss".into(),
                    rounds: rounds as u32,
                    start_date: None,
                    end_date: None,
                    tiebreaks: "uscf-swiss".into(),
                    actual_play_first: next(2) == 0,
                    fide_edition: [None, Some(2024)][next(2)],
                    sb_adjusted: false,
                    coin_allowed: false,
                    coin_seed: None,
                    rating_basis: Some("uscf".into()),
                    team_rules: None,
                    pairing: Some(doc::PairingSettings {
                        system: ["dutch", "uscf", "manual"][next(3)].into(),
                        initial_colour: ["white", "black"][next(2)].into(),
                        acceleration: ["none", "baku"][next(2)].into(),
                        bye_points: ["full", "half", "zero"][next(3)].into(),
                        double_round_robin: false,
                        numbers: ["rating", "drawn"][next(2)].into(),
                        team_mates: Some("if-possible".into()),
                        colour_limits: Some("80,200".into()),
                        accelerate_rounds: Some(0),
                        colour_priority: Some(["natural", "colours"][next(2)].into()),
                        unrated_bye: Some(["last", "lowest"][next(2)].into()),
                    }),
                    teams: vec![],
                    details: doc::EventDetails {
                        prize_split: ["pooled", "hort", "tiebreak"][next(3)].into(),
                        affiliate_id: (next(2) == 1).then(|| "A6001234".to_string()),
                        chief_td_id: (next(2) == 1).then(|| "12345678".to_string()),
                        city: (next(2) == 1).then(|| "Dayton".to_string()),
                        state: (next(2) == 1).then(|| "OH".to_string()),
                        country: (next(2) == 1).then(|| "USA".to_string()),
                        time_control: (next(2) == 1).then(|| "G/90;d5".to_string()),
                        rating_system: (next(2) == 1).then(|| "dual".to_string()),
                        chief_arbiter: (next(2) == 1).then(|| "Ann Arbiter".to_string()),
                        ..doc::EventDetails::default()
                    },
                    sections: vec![doc::Section {
                        prizes: random_prizes(n as u32, &mut next),
                        name: "Open".into(),
                        rating_min: None,
                        rating_max: None,
                        entries: (1..=n as u32)
                            .map(|k| doc::Entry {
                                pairing_no: k,
                                player: k,
                                rating: rated[k as usize - 1].then_some(1200 + 37 * k),
                                team: None,
                                withdrawn_after: None,
                            })
                            .collect(),
                        rounds: rs,
                    }],
                }],
            },
            players: (1..=n as u32)
                .map(|k| doc::Player {
                    key: k,
                    name: format!("Player {k}"),
                    uscf_id: if k % 2 == 0 {
                        Some(format!("{}", 10_000_000 + k))
                    } else {
                        None
                    },
                    fide_id: None,
                    rating: Some(1200 + 37 * k),
                    fide_rating: rated[k as usize - 1].then_some(1200 + 37 * k),
                    federation: None,
                    title: None,
                    state: (k % 3 == 0).then(|| "OH".to_string()),
                    club: (k % 4 == 0).then(|| "Eastside".to_string()),
                })
                .collect(),
        }
    })
}

/// A prize list of up to five prizes of every kind (place, class,
/// unrated, special with or without a winner, money or an item).
fn random_prizes(players: u32, next: &mut impl FnMut(usize) -> usize) -> Vec<doc::Prize> {
    let count = next(6);
    (0..count)
        .map(|k| {
            let kind = ["place", "class", "special"][next(3)];
            let class = (kind == "class")
                .then(|| ["U1500", "1400–1599", "1800+", "unrated"][next(4)].to_string());
            let special = kind == "special";
            let money = next(3) > 0;
            doc::Prize {
                kind: kind.into(),
                place: if special { 1 } else { k as u32 + 1 },
                class,
                name: special.then(|| ["Best game", "Biggest upset"][next(2)].to_string()),
                cash_cents: money.then(|| 100 * (next(200) as i64 + 1) + next(100) as i64),
                item: (!money).then(|| "trophy".to_string()),
                winner: (special && next(2) == 0).then(|| next(players as usize) as u32 + 1),
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A document imported into an empty database exports as itself, and
    /// export → import → export is byte-identical.
    #[test]
    fn json_export_import_export_is_byte_identical(d in random_document()) {
        let text = jsonout::write(&d);
        let parsed = jsonin::parse(text.as_bytes(), "random.json").expect("valid document");
        let mut a = Store::open_in_memory().unwrap();
        a.write(|tx| chess_league::app::import::import_document(tx, &parsed, "Random", "random.json")).unwrap();
        let season = chess_league::store::season::find_season(a.conn(), "Random").unwrap();
        let first = jsonout::write(&exchange::export_document(a.conn(), &season, None).unwrap());
        prop_assert_eq!(&first, &text);
        let mut b = Store::open_in_memory().unwrap();
        let again = jsonin::parse(first.as_bytes(), "first.json").unwrap();
        b.write(|tx| chess_league::app::import::import_document(tx, &again, "Random", "first.json")).unwrap();
        let season = chess_league::store::season::find_season(b.conn(), "Random").unwrap();
        let second = jsonout::write(&exchange::export_document(b.conn(), &season, None).unwrap());
        prop_assert_eq!(first, second);
    }

    /// Mutated documents and player lists never panic: they are read or
    /// refused with a message.
    #[test]
    fn mutated_files_never_panic(d in random_document(), at in any::<usize>(), byte in any::<u8>(), cut in any::<usize>()) {
        let mut bytes = jsonout::write(&d).into_bytes();
        let i = at % bytes.len();
        bytes[i] = byte;
        bytes.truncate(cut % (bytes.len() + 1));
        if let Ok(parsed) = jsonin::parse(&bytes, "m.json") {
            let mut s = Store::open_in_memory().unwrap();
            let _ = s.write(|tx| chess_league::app::import::import_document(tx, &parsed, "M", "m.json"));
        }
        let mut csv = b"name,uscf_id,fide_id,rating,fide_rating,federation,title\nAnn,1,2,1500,1600,USA,WFM\nBo,,,,,,\n".to_vec();
        let j = at % csv.len();
        csv[j] = byte;
        csv.truncate(cut % (csv.len() + 1));
        if let Ok(rows) = playerlist::parse(&csv, "m.csv") {
            let mut s = Store::open_in_memory().unwrap();
            let _ = s.write(|tx| chess_league::app::import::import_players(tx, &rows, "m.csv"));
        }
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,200}") {
        let _ = jsonin::parse(text.as_bytes(), "r.json");
        let _ = playerlist::parse(text.as_bytes(), "r.csv");
    }
}

/// Run the `league` lines of a README block; `--db FILE` on a line names
/// another database in the same directory.
fn run_block(t: &TestLeague, block: &str) -> usize {
    let mut ran = 0;
    for line in block.lines().map(str::trim) {
        if !line.starts_with("league ") {
            continue;
        }
        let mut w = crate::readme::words(line);
        w.remove(0);
        let r = match w.iter().position(|x| x == "--db") {
            Some(i) => {
                let db = t.path(&w[i + 1]);
                w.drain(i..i + 2);
                let other = TestLeague {
                    dir: tempfile::tempdir().unwrap(),
                    db,
                };
                let mut args: Vec<String> = w.clone();
                // Files named on the line live beside the main database.
                for a in args.iter_mut() {
                    if t.path(a).exists() {
                        *a = t.path(a).to_string_lossy().into_owned();
                    }
                }
                other.run(&args.iter().map(String::as_str).collect::<Vec<_>>())
            }
            None => t.run(&w.iter().map(String::as_str).collect::<Vec<_>>()),
        };
        assert!(r.ok, "README line failed: {line}\n{}{}", r.stdout, r.stderr);
        ran += 1;
    }
    ran
}

#[test]
fn readme_exchange_block_runs_as_written() {
    let t = TestLeague::new();
    t.write(
        "round1.csv",
        crate::readme::block_after("where `round1.csv` is"),
    );
    assert!(run_block(&t, crate::readme::block_after("<!-- walkthrough")) >= 15);
    std::fs::copy(format!("{DATA}/k2425_july.trf"), t.path("july-rapid.trf")).unwrap();
    t.write(
        "members.csv",
        crate::readme::block_after("where `members.csv` is"),
    );
    let ran = run_block(&t, crate::readme::block_after("<!-- exchange"));
    assert_eq!(ran, 9);
    // What the block says happened, happened.
    let alice = t.query("SELECT rating FROM player WHERE uscf_id = '12345678'");
    assert_eq!(alice, vec![vec!["1735".to_string()]]);
    let trf = std::fs::read_to_string(t.path("winter-1600.trf")).unwrap();
    assert!(trf.starts_with("012 Winter Swiss (1600+)\n"), "{trf}");
    let games = std::fs::read_to_string(t.path("games.csv")).unwrap();
    assert!(games.starts_with(
        "season,event,section,round,date,board,white_no,white,black_no,black,result\n"
    ));
    let copy = TestLeague {
        dir: tempfile::tempdir().unwrap(),
        db: t.path("club-b.db"),
    };
    let seasons = copy.query("SELECT name FROM season ORDER BY id");
    assert_eq!(
        seasons,
        vec![
            vec!["2023-24".to_string()],
            vec!["2023-24 (copy)".to_string()]
        ]
    );
}

#[test]
fn a_team_event_round_trips_through_json_byte_for_byte() {
    let t = TestLeague::small();
    t.ok(&[
        "event",
        "add",
        "Team Cup",
        "--season",
        "2022-23",
        "--kind",
        "team-swiss",
        "--rounds",
        "3",
        "--sections",
        "Open",
    ]);
    // Teams, rosters, a match with board games, a match recorded as a score
    // only, and a team bye: written with SQL, as the team commands are not
    // part of this test.
    t.conn()
        .execute_batch(
            "UPDATE team_rules SET boards = 2, bye_game_halves = 3, rank_by = 'game-points', usat_doubled = 0
               WHERE event_id = (SELECT id FROM event WHERE name = 'Team Cup');
             INSERT INTO team (event_id, name, short_code) SELECT id, 'Knights', 'KN' FROM event WHERE name = 'Team Cup';
             INSERT INTO team (event_id, name, short_code, withdrawn_after) SELECT id, 'Rooks', 'RK', 2 FROM event WHERE name = 'Team Cup';
             INSERT INTO team (event_id, name) SELECT id, 'Pawns' FROM event WHERE name = 'Team Cup';
             INSERT INTO roster (team_id, event_id, player_id, board)
               SELECT t.id, t.event_id, p.id, b.board FROM team t, player p,
                 (SELECT 'Alice Smith' AS n, 'Knights' AS tn, 1 AS board UNION ALL SELECT 'Bob Jones', 'Knights', 2
                  UNION ALL SELECT 'Carol King', 'Rooks', 1 UNION ALL SELECT 'Dan Wu', 'Rooks', 2
                  UNION ALL SELECT 'Eve Park', 'Pawns', 1) b
               WHERE p.name = b.n AND t.name = b.tn;
             INSERT INTO entry (section_id, player_id, pairing_no, rating, team_id)
               SELECT s.id, r.player_id, r.id, 1500 + r.board, r.team_id FROM roster r
                 JOIN section s ON s.event_id = r.event_id;
             INSERT INTO round (section_id, number, date) SELECT id, 1, '2023-02-01' FROM section WHERE event_id = (SELECT id FROM event WHERE name = 'Team Cup');
             INSERT INTO round (section_id, number) SELECT id, 2 FROM section WHERE event_id = (SELECT id FROM event WHERE name = 'Team Cup');",
        )
        .unwrap();
    t.conn()
        .execute_batch(
            "INSERT INTO team_match (round_id, section_id, team_a, team_b)
               SELECT r.id, r.section_id, (SELECT id FROM team WHERE name = 'Knights'), (SELECT id FROM team WHERE name = 'Rooks')
               FROM round r JOIN section s ON s.id = r.section_id JOIN event e ON e.id = s.event_id WHERE e.name = 'Team Cup' AND r.number = 1;
             INSERT INTO team_match (round_id, section_id, team_a, team_b, points_a_halves, points_b_halves)
               SELECT r.id, r.section_id, (SELECT id FROM team WHERE name = 'Pawns'), NULL, 2, NULL
               FROM round r JOIN section s ON s.id = r.section_id JOIN event e ON e.id = s.event_id WHERE e.name = 'Team Cup' AND r.number = 1;
             INSERT INTO team_match (round_id, section_id, team_a, team_b, points_a_halves, points_b_halves)
               SELECT r.id, r.section_id, (SELECT id FROM team WHERE name = 'Rooks'), (SELECT id FROM team WHERE name = 'Pawns'), 3, 1
               FROM round r JOIN section s ON s.id = r.section_id JOIN event e ON e.id = s.event_id WHERE e.name = 'Team Cup' AND r.number = 2;
             INSERT INTO game (round_id, section_id, board, white_entry, black_entry, team_match_id, result)
               SELECT m.round_id, m.section_id, 1, (SELECT e.id FROM entry e JOIN player p ON p.id = e.player_id WHERE p.name = 'Alice Smith' AND e.team_id IS NOT NULL),
                      (SELECT e.id FROM entry e JOIN player p ON p.id = e.player_id WHERE p.name = 'Carol King' AND e.team_id IS NOT NULL), m.id, '1-0'
               FROM team_match m WHERE m.team_b IS NOT NULL AND m.points_a_halves IS NULL;
             INSERT INTO game (round_id, section_id, board, white_entry, black_entry, team_match_id, result)
               SELECT m.round_id, m.section_id, 2, (SELECT e.id FROM entry e JOIN player p ON p.id = e.player_id WHERE p.name = 'Dan Wu' AND e.team_id IS NOT NULL),
                      (SELECT e.id FROM entry e JOIN player p ON p.id = e.player_id WHERE p.name = 'Bob Jones' AND e.team_id IS NOT NULL), m.id, '1/2-1/2'
               FROM team_match m WHERE m.team_b IS NOT NULL AND m.points_a_halves IS NULL;",
        )
        .unwrap();
    let out = t.ok(&["export", "json", "--event", "Team Cup"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let event = &v["season"]["events"][0];
    assert_eq!(event["kind"], "team-swiss");
    assert_eq!(event["team_rules"]["rank_by"], "game-points");
    assert_eq!(event["team_rules"]["bye_game_halves"], 3);
    assert_eq!(event["teams"][1]["withdrawn_after"], 2);
    assert_eq!(event["teams"][0]["roster"].as_array().unwrap().len(), 2);
    let r1 = &event["sections"][0]["rounds"][0];
    assert_eq!(r1["team_matches"][1]["team_b"], serde_json::Value::Null);
    assert_eq!(r1["games"][1]["result"], "1/2-1/2");
    assert_eq!(r1["games"][1]["team_match"], 0);

    // TRF is for individual sections.
    t.fails(&["export", "trf", "--event", "Team Cup"], "is a team event");

    let other = TestLeague::new();
    let f = other.write("team.json", &out);
    other.ok(&["--create", "import", "json", f.to_str().unwrap()]);
    assert_eq!(other.ok(&["export", "json", "--event", "Team Cup"]), out);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Through the store: a random section (pending games, byes of every
    /// kind, forfeits, absences) exported as TRF and imported again has the
    /// same records and the same standings and tiebreak values, in both
    /// families' systems.
    #[test]
    fn trf_export_and_import_keep_standings(d in random_document()) {
        use chess_league::domain::tiebreak::FideEdition;
        use chess_league::report::{section_report, trf::trf_event, ReportOptions};
        use chess_league::app::import::{import_trf, ImportTarget};
        use chess_league::store::season::{find_event, find_section};

        let mut s = Store::open_in_memory().unwrap();
        s.write(|tx| chess_league::app::import::import_document(tx, &d, "Random", "random.json")).unwrap();
        let event = find_event(s.conn(), Some("Random"), "Swiss").unwrap();
        let section = find_section(s.conn(), &event, None).unwrap();
        let (data, planned) = trf_event(s.conn(), &event, &section).unwrap();
        let text = chess_league::export::trf::write(&data, planned);
        let parsed = chess_league::input::trf::parse(text.as_bytes(), "x.trf").unwrap();
        let target = ImportTarget { season: "Copy", event: Some("Swiss"), section: Some("Open"), tiebreaks: Some("uscf-swiss") };
        let (e2, s2) = s.write(|tx| import_trf(tx, &parsed, &target)).unwrap();
        // A TRF carries the rounds with every result in: the original's
        // standings after those rounds are the copy's.
        let complete = section_report(s.conn(), &event, &section, &ReportOptions::default()).unwrap().complete_rounds;
        for order in ORDERS {
            for edition in [FideEdition::E2009, FideEdition::E2024] {
                let opts = ReportOptions { after_round: None, tiebreaks: Some(order.to_string()), fide_edition: Some(edition) };
                // (A copy may end sooner: a round holding only requested
                // byes at the end is a request, not a round played.)
                let b = section_report(s.conn(), &e2, &s2, &opts).unwrap();
                prop_assert!(b.rounds_played <= complete);
                let a = section_report(s.conn(), &event, &section, &ReportOptions { after_round: Some(b.rounds_played), ..opts.clone() }).unwrap();
                prop_assert_eq!(&a.tournament, &b.tournament);
                prop_assert_eq!(&a.standings, &b.standings);
            }
        }
    }
}
