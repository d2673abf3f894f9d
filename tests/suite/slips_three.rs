//! Issue 27, "Slips, round two" (slips 5-8, the hints, `league use`): what a tired secretary still got silently
//! wrong, each refused with the way forward (and nothing written) or said
//! in full: a round typed in ahead of the results, duplicates, one season's
//! site written over the whole site, headings that contradicted the numbers.

use crate::util::TestLeague;

const EV: [&str; 4] = ["--event", "Winter Swiss", "--section", "1600+"];

fn args<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    head.iter()
        .copied()
        .chain(EV)
        .chain(tail.iter().copied())
        .collect()
}

/// The small league with round 1 of 1600+ paired, one result missing
/// (Eve Park v Frank Moss).
fn round_one_short() -> TestLeague {
    let t = TestLeague::small();
    t.write("r1.csv", "1,Alice,Bob,1-0\n2,Carol,Dan,=\n3,Eve,Frank,\n");
    t.ok(&args(&["round", "record"], &["--round", "1", "r1.csv"]));
    t
}

#[test]
fn slip_5_a_later_round_typed_in_while_results_are_missing_is_refused() {
    let t = round_one_short();
    let refusal = "round 2 of 1600+ cannot be paired yet: round 1 still has games without a result (Eve Park v Frank Moss); record them first (`league round missing` lists them), or give --force with --reason to pair round 2 anyway";
    t.fails(
        &args(&["game", "add", "Alice", "Carol"], &["--round", "2"]),
        refusal,
    );
    t.write("r2.csv", "1,Alice,Carol,\n2,Bob,Eve,\n,Dan,BYE,full\n");
    t.fails(
        &args(&["round", "record"], &["--round", "2", "r2.csv"]),
        refusal,
    );
    // A requested bye for round 2 is not a pairing: still allowed.
    let out = t.ok(&args(
        &["bye", "add", "Dan", "--kind", "half"],
        &["--round", "2"],
    ));
    assert!(
        out.contains("Dan Wu (4): half-point bye (requested)"),
        "{out}"
    );
    // --force needs a reason, and the reason is logged.
    let r = t.run(&args(
        &["game", "add", "Alice", "Carol", "--force"],
        &["--round", "2"],
    ));
    assert!(!r.ok && r.stderr.contains("--reason"), "{}", r.stderr);
    let out = t.ok(&args(
        &["game", "add", "Alice", "Carol", "--force"],
        &["--round", "2", "--reason", "Eve and Frank adjourned"],
    ));
    assert_eq!(
        out,
        "Winter Swiss 1600+ round 2: Alice Smith (1) v Carol King (3) paired, no result yet.\n"
    );
    let log = t.ok(&["log"]);
    assert!(
        log.contains("round 2 of section 1600+ paired with results of round 1 missing")
            && log.contains("Eve and Frank adjourned"),
        "{log}"
    );
    // Once round 1 is complete, round record needs no force.
    t.ok(&args(&["game", "result", "Eve", "0-1"], &["--round", "1"]));
    t.write("r2b.csv", "2,Bob,Eve,\n");
    let out = t.ok(&args(&["round", "record"], &["--round", "2", "r2b.csv"]));
    assert!(out.contains("Bob Jones (2) v Eve Park (5)"), "{out}");
}

#[test]
fn slip_5_no_pair_it_hint_for_a_player_who_had_a_bye_or_withdrew() {
    let t = TestLeague::small();
    t.write(
        "r1.csv",
        "1,Alice,Bob,1-0\n2,Carol,Dan,=\n,Eve,BYE,half\n,Frank,BYE,full\n",
    );
    t.ok(&args(&["round", "record"], &["--round", "1", "r1.csv"]));
    let r = t.fails(
        &args(&["game", "result", "Eve", "1-0"], &["--round", "1"]),
        "Eve Park had a half bye in round 1, not a game: there is no result to record",
    );
    assert!(!r.stderr.contains("game add"), "{}", r.stderr);
    t.ok(&args(&["withdraw", "Frank"], &["--after-round", "1"]));
    let r = t.fails(
        &args(&["game", "result", "Frank", "1-0"], &["--round", "2"]),
        "Frank Moss withdrew after round 1: there is no game of theirs in round 2 to record",
    );
    assert!(!r.stderr.contains("game add"), "{}", r.stderr);
    // Anyone else still gets the way to pair it.
    t.fails(
        &args(&["game", "result", "Alice", "1-0"], &["--round", "2"]),
        "Alice Smith has no game in round 2; pair it with `league game add`",
    );
}

#[test]
fn slip_6_a_second_first_prize_is_refused_unless_replaced() {
    let t = TestLeague::small();
    t.ok(&args(
        &["prize", "add", "--place", "1", "--cash", "100"],
        &[],
    ));
    t.ok(&args(
        &["prize", "add", "--class", "U1700", "--cash", "20"],
        &[],
    ));
    t.fails(
        &args(&["prize", "add", "--place", "1", "--cash", "100"], &[]),
        "Winter Swiss 1600+ already has 1st: $100 (prize 1 in `league prize list`); a second one would pay the place twice. To change it give --replace",
    );
    // A class prize's 1st is another prize; its second 1st is refused too.
    t.fails(
        &args(&["prize", "add", "--class", "U1700", "--cash", "25"], &[]),
        "already has 1st U1700: $20 (prize 2",
    );
    let out = t.ok(&args(
        &["prize", "add", "--place", "1", "--cash", "120", "--replace"],
        &[],
    ));
    assert!(
        out.contains("Prize 1 of Winter Swiss 1600+: 1st: $120 (was 1st: $100)"),
        "{out}"
    );
    assert_eq!(
        t.query("SELECT position, kind, place, cash_cents FROM prize ORDER BY position"),
        vec![
            vec!["1".to_string(), "place".into(), "1".into(), "12000".into()],
            vec!["2".to_string(), "class".into(), "1".into(), "2000".into()],
        ]
    );
}

#[test]
fn slip_6_a_namesake_is_refused_unless_meant() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25"]);
    t.ok(&[
        "player",
        "add",
        "Harold Finch",
        "--uscf-id",
        "12345678",
        "--rating",
        "1800",
    ]);
    t.fails(
        &["player", "add", "harold  finch"],
        "the league already has a player called harold  finch: Harold Finch (#1, US Chess 12345678)",
    );
    let r = t.fails(&["player", "add", "Finch, Harold"], "--new-namesake");
    assert!(r.stderr.contains("#1"), "{}", r.stderr);
    let out = t.ok(&["player", "add", "Harold Finch", "--new-namesake"]);
    assert_eq!(out, "Added Harold Finch (#2).\n");
}

#[test]
fn slip_6_a_mistyped_db_says_it_started_a_new_league_file() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25"]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_league"))
        .args(["--db", "leage.db", "season", "add", "2024-25"])
        .current_dir(t.dir.path())
        .env_remove("LEAGUE_DB")
        .output()
        .expect("run league");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Started a new league file leage.db (no league was there; if you meant another file, check --db)."),
        "{err}"
    );
    // The file that existed says nothing of the kind.
    let r = t.run(&["season", "add", "2025-26"]);
    assert!(r.ok && !r.stderr.contains("Started"), "{}", r.stderr);
}

/// Two seasons with one event each, a result in each.
fn two_seasons() -> TestLeague {
    let t = TestLeague::new();
    for (season, event) in [("2023-24", "Autumn Open"), ("2024-25", "Spring Open")] {
        t.ok(&["season", "add", season]);
        t.ok(&["event", "add", event, "--season", season, "--rounds", "3"]);
        t.ok(&[
            "enter",
            "Amy Ash",
            "Ben Birch",
            "--new",
            "--event",
            event,
            "--season",
            season,
        ]);
        t.ok(&[
            "game", "add", "Amy", "Ben", "1-0", "--event", event, "--season", season, "--round",
            "1",
        ]);
    }
    t
}

fn pages(dir: &std::path::Path) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read site folder") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "html") {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                out.insert(rel, std::fs::read_to_string(&p).expect("page"));
            }
        }
    }
    out
}

#[test]
fn slip_7_one_seasons_site_leaves_the_other_seasons_pages() {
    let t = two_seasons();
    let site = t.path("site");
    let out_dir = site.to_str().unwrap();
    t.ok(&["site", "--out", out_dir]);
    let before = pages(&site);
    let autumn: Vec<&String> = before
        .keys()
        .filter(|p| p.starts_with("2023-24/"))
        .collect();
    assert!(!autumn.is_empty(), "{:?}", before.keys());
    // A correction in each season, then only the newer one written.
    for (event, season) in [("Autumn Open", "2023-24"), ("Spring Open", "2024-25")] {
        t.ok(&[
            "game",
            "correct",
            "Amy",
            "0-1",
            "--event",
            event,
            "--season",
            season,
            "--round",
            "1",
            "--reason",
            "sheet misread",
        ]);
    }
    let out = t.ok(&["site", "--out", out_dir, "--season", "2024-25"]);
    assert!(
        out.contains("the pages of 2023-24 were left as they were"),
        "{out}"
    );
    let after = pages(&site);
    for p in &autumn {
        assert_eq!(
            after.get(*p),
            before.get(*p),
            "{p} is the other season's page: left exactly as it was"
        );
    }
    let (path, spring) = after
        .iter()
        .find(|(p, _)| p.starts_with("2024-25/") && p.contains("spring-open"))
        .expect("the season's section page");
    assert_ne!(
        Some(spring),
        before.get(path),
        "the season written is up to date"
    );
    let index = &after["index.html"];
    assert!(
        index.contains("2023-24") && index.contains("2024-25"),
        "the front page lists both seasons:\n{index}"
    );
    // Both seasons' events are on a player's page.
    let amy = after
        .iter()
        .find(|(p, _)| p.contains("amy-ash"))
        .map(|(_, s)| s)
        .expect("Amy's page");
    assert!(
        amy.contains("Autumn Open") && amy.contains("Spring Open"),
        "{amy}"
    );
    // A whole-site run afterwards brings the older season up to date.
    t.ok(&["site", "--out", out_dir]);
    let whole = pages(&site);
    assert!(autumn.iter().any(|p| whole[*p] != before[*p]));
}

#[test]
fn slip_8_headings_say_what_the_scores_count() {
    let t = TestLeague::small();
    t.write(
        "r1.csv",
        "1,Alice,Bob,1-0\n2,Carol,Dan,=\n3,Eve,Frank,0-1\n",
    );
    t.ok(&args(&["round", "record"], &["--round", "1", "r1.csv"]));
    t.write("r2.csv", "1,Bob,Carol,1-0\n2,Frank,Alice,\n3,Dan,Eve,=\n");
    t.ok(&args(&["round", "record"], &["--round", "2", "r2.csv"]));
    let text = t.ok(&args(&["standings"], &[]));
    assert!(
        text.contains(
            "standings after round 2 of 5; 1 result missing (round 2: Frank Moss v Alice Smith)"
        ),
        "{text}"
    );
    // Bob's 2 points count round 2.
    let v: serde_json::Value =
        serde_json::from_str(&t.ok(&args(&["standings"], &["--format", "json"]))).unwrap();
    let bob = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Bob Jones")
        .unwrap();
    assert_eq!(bob["score"], 1.0, "{bob}");
    let history = t.ok(&["history", "player", "Bob Jones"]);
    assert!(history.contains("(after round 2)"), "{history}");
    assert!(!history.contains("(after round 1)"), "{history}");
    let winners = t.ok(&["history", "winners", "--event", "Winter Swiss"]);
    assert!(winners.contains("(leading)"), "{winners}");
    assert!(
        winners.contains("not finished: after round 2 of 5, 1 result missing"),
        "{winners}"
    );
    let v: serde_json::Value = serde_json::from_str(&t.ok(&[
        "history",
        "winners",
        "--event",
        "Winter Swiss",
        "--format",
        "json",
    ]))
    .unwrap();
    let s = &v["sections"][0];
    assert_eq!(s["winners"], serde_json::json!([]), "{s}");
    assert_eq!(s["complete"], false);
    assert!(!s["leaders"].as_array().unwrap().is_empty(), "{s}");
}

#[test]
fn hints_point_the_right_way() {
    // A finished event is complete, not short of rounds.
    let t = TestLeague::new();
    t.ok(&["season", "add", "2022-23"]);
    t.ok(&[
        "event", "add", "Blitz", "--season", "2022-23", "--rounds", "1",
    ]);
    t.ok(&["enter", "Amy", "Ben", "--new", "--event", "Blitz"]);
    t.ok(&["round", "pair", "--event", "Blitz"]);
    t.ok(&[
        "game", "result", "Amy", "1-0", "--event", "Blitz", "--round", "1",
    ]);
    let r = t.fails(
        &["round", "pair", "--event", "Blitz"],
        "Blitz is complete: all its 1 rounds are paired, so there is no round 2 to pair",
    );
    assert!(r.stderr.contains("league standings"), "{}", r.stderr);

    // A part of a name of a player in another section gets where they are.
    let t = TestLeague::small();
    t.fails(
        &args(&["game", "add", "Gina", "Alice", "1-0"], &["--round", "1"]),
        "Gina Low is in U1600, not 1600+",
    );
    // Entering a player already in another section: that reason first,
    // and the way to move them, never --allow-outside-band.
    let r = t.fails(
        &[
            "enter",
            "Gina",
            "--event",
            "Winter Swiss",
            "--section",
            "1600+",
        ],
        "Gina Low is already entered in section U1600 of this event",
    );
    assert!(r.stderr.contains("league entry move"), "{}", r.stderr);
    assert!(!r.stderr.contains("--allow-outside-band"), "{}", r.stderr);

    // Withdrawing after a round when the next is paired: delete and pair
    // the round again, as the bye message says.
    t.ok(&args(
        &["game", "add", "Alice", "Bob", "1-0"],
        &["--round", "1"],
    ));
    t.ok(&args(
        &["game", "add", "Carol", "Dan", "1-0"],
        &["--round", "1"],
    ));
    t.ok(&args(
        &["game", "add", "Eve", "Frank", "1-0"],
        &["--round", "1"],
    ));
    // A late entry's one missed round is a bye for round 1, not "rounds 1-1".
    t.ok(&["player", "add", "Ian Tall", "--rating", "1700"]);
    let out = t.ok(&args(&["enter", "Ian"], &["--missed", "half"]));
    assert!(out.contains("with a half-point bye for round 1."), "{out}");
    assert!(!out.contains("1-1"), "{out}");

    t.ok(&args(&["game", "add", "Bob", "Carol"], &["--round", "2"]));
    t.fails(
        &args(&["withdraw", "Bob"], &["--after-round", "1"]),
        "Bob Jones has games or byes recorded after round 1. To withdraw them after round 1: delete round 2's pairings (`league round delete --round 2`, when it is the last round paired), withdraw them, and pair the round again (`league round pair`)",
    );

    // Restoring a file that is not a backup blames the backup's path.
    t.write("members.csv", "name,rating\nAmy,1500\n");
    let r = t.fails(
        &["restore", "members.csv"],
        "members.csv is not a league backup (it is not an SQLite file); give the path of a backup made with `league backup`; nothing was changed",
    );
    assert!(!r.stderr.contains("--db"), "{}", r.stderr);
}

#[test]
fn league_use_sets_the_event_and_section_for_the_weeks_commands() {
    let t = TestLeague::small();
    // Without an event and without `league use`: the events are listed.
    t.fails(
        &["standings"],
        "which event? Give --event NAME, or set the event for the week's commands with `league use --event NAME`; the events are: Winter Swiss (2022-23)",
    );
    assert_eq!(
        t.ok(&["use"]),
        "No event is in use: commands need --event. Set one with `league use --event NAME [--section NAME]`.\n"
    );
    t.fails(
        &["use", "--event", "Winter Swis"],
        "no event is called \"Winter Swis\"",
    );
    let out = t.ok(&["use", "--event", "winter swiss", "--section", "1600+"]);
    assert_eq!(
        out,
        "In use: Winter Swiss (2022-23), section 1600+. Commands that give no --event act on it; `league use --clear` forgets it.\n"
    );
    assert!(t
        .ok(&["use"])
        .starts_with("In use: Winter Swiss, section 1600+."));
    // A week's commands, with no --event or --section.
    let out = t.ok(&["game", "add", "Alice", "Bob", "1-0", "--round", "1"]);
    assert_eq!(
        out,
        "Winter Swiss 1600+ round 1: Alice Smith (1) v Bob Jones (2) 1-0.\n"
    );
    let text = t.ok(&["standings"]);
    assert!(
        text.starts_with("Winter Swiss (2022-23), section 1600+: standings after round 1 of 5"),
        "{text}"
    );
    // Naming another section of the same event still works, and naming
    // the event drops the context's section.
    let out = t.ok(&[
        "game",
        "add",
        "Gina",
        "Hal",
        "=",
        "--round",
        "1",
        "--section",
        "U1600",
    ]);
    assert!(
        out.starts_with("Winter Swiss U1600 round 1: Gina Low"),
        "{out}"
    );
    t.fails(&["standings", "--event", "Winter Swiss"], "section");
    let out = t.ok(&["use", "--clear"]);
    assert!(out.starts_with("No event is in use now"), "{out}");
    t.fails(&["standings"], "which event?");
}

#[test]
fn small_points_players_exports_and_echoes() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25"]);
    t.ok(&[
        "player",
        "add",
        "Harold Finch",
        "--rating",
        "1800",
        "--fide-rating",
        "1750",
    ]);
    // player list shows the FIDE rating.
    let list = t.ok(&["player", "list"]);
    assert!(
        list.lines().next().unwrap().contains("FIDE rating"),
        "{list}"
    );
    assert!(list.contains("1750"), "{list}");
    // player edit sets the federation and the title (as TRF writes them).
    t.ok(&[
        "player",
        "edit",
        "Harold",
        "--federation",
        "usa",
        "--title",
        "FM",
    ]);
    assert_eq!(
        t.query("SELECT federation, title FROM player"),
        vec![vec!["USA".to_string(), "f".into()]]
    );
    t.fails(
        &["player", "edit", "Harold", "--title", "Grandmaster"],
        "--title \"Grandmaster\" is not a FIDE title; give GM, IM, FM, CM, WGM, WIM, WFM or WCM",
    );
    // "Winter FIDE Open Open": the section's name is said once.
    t.ok(&[
        "event",
        "add",
        "Winter FIDE Open",
        "--season",
        "2024-25",
        "--rounds",
        "3",
    ]);
    let out = t.ok(&[
        "enter",
        "Harold",
        "Ann Lee",
        "--new",
        "--event",
        "Winter FIDE Open",
    ]);
    assert!(
        out.starts_with("Entered Harold Finch in Winter FIDE Open as #1."),
        "{out}"
    );
    let out = t.ok(&[
        "game",
        "add",
        "Harold",
        "Ann",
        "1-0",
        "--event",
        "Winter FIDE Open",
        "--round",
        "1",
    ]);
    assert!(out.starts_with("Winter FIDE Open round 1: "), "{out}");
    // export --out says what it wrote.
    let r = t.run(&[
        "export",
        "json",
        "--season",
        "2024-25",
        "--out",
        "season.json",
    ]);
    assert!(r.ok, "{}", r.stderr);
    assert!(r.stderr.contains("Wrote season.json ("), "{}", r.stderr);
    assert!(t.path("season.json").exists());
}

#[test]
fn league_use_keeps_the_season_when_the_event_name_recurs_and_echoes_say_it() {
    let t = TestLeague::new();
    for season in ["2023-24", "2024-25"] {
        t.ok(&["season", "add", season]);
        t.ok(&[
            "event",
            "add",
            "Winter Swiss",
            "--season",
            season,
            "--rounds",
            "3",
        ]);
    }
    t.ok(&["player", "add", "Amy Ash"]);
    t.ok(&["player", "add", "Ben Birch"]);
    let out = t.ok(&["use", "--event", "Winter Swiss", "--season", "2024-25"]);
    assert!(out.starts_with("In use: Winter Swiss (2024-25)."), "{out}");
    assert!(t
        .ok(&["use"])
        .starts_with("In use: Winter Swiss (2024-25)."));
    t.ok(&["enter", "Amy", "Ben"]);
    let out = t.ok(&["game", "add", "Amy", "Ben", "1-0", "--round", "1"]);
    assert_eq!(
        out,
        "Winter Swiss Open (2024-25) round 1: Amy Ash (1) v Ben Birch (2) 1-0.\n"
    );
    assert_eq!(
        t.query(
            "SELECT s.name FROM entry e JOIN section k ON k.id = e.section_id \
             JOIN event v ON v.id = k.event_id JOIN season s ON s.id = v.season_id GROUP BY s.name"
        ),
        vec![vec!["2024-25".to_string()]]
    );
}

/// Issue 27, small points: "#" meant the crosstable's row in `league
/// crosstable` and nothing in `league standings`, whose pairing-number column
/// is "no". Now the crosstable names its row "row" and shows the pairing
/// number as "no", as the standings do.
#[test]
fn small_points_crosstable_and_standings_number_columns_agree() {
    let t = TestLeague::small();
    // Dan (4) and Frank (6) win: the order of the table is not the pairing order.
    t.write(
        "r1.csv",
        "1,Alice,Dan,0-1\n2,Bob,Eve,1-0\n3,Carol,Frank,0-1\n",
    );
    t.ok(&args(&["round", "record"], &["--round", "1", "r1.csv"]));
    let standings = t.ok(&args(&["standings"], &[]));
    let head = standings.lines().nth(2).unwrap();
    assert!(head.starts_with("place  no  name"), "{standings}");
    let x = t.ok(&args(&["crosstable"], &[]));
    let lines: Vec<&str> = x.lines().skip(1).take(4).collect();
    assert_eq!(
        lines,
        [
            "row  place  name         no  rating  R1   total",
            "---  -----  -----------  --  ------  ---  -----",
            "  1  1-3    Bob Jones     2    1750  W6w      1",
            "  2  1-3    Dan Wu        4    1650  W4b      1",
        ],
        "{x}"
    );
    // Each player's "no" is the "no" the standings give them.
    for name in ["Alice Smith", "Bob Jones", "Dan Wu", "Frank Moss"] {
        let no = |text: &str, col: usize| {
            let line = text.lines().find(|l| l.contains(name)).unwrap();
            line.split("  ")
                .filter(|c| !c.trim().is_empty())
                .nth(col)
                .unwrap()
                .trim()
                .to_string()
        };
        assert_eq!(no(&x, 3), no(&standings, 1), "{name}\n{x}\n{standings}");
    }
}

/// Issue 27, small points: `game result` and `game correct` name the event
/// and section as the other echoes do: the season when the event's name
/// recurs, and never "Winter FIDE Open Open".
#[test]
fn small_points_game_result_and_correct_echoes_name_the_season_and_no_open_open() {
    let t = TestLeague::new();
    for season in ["2022-23", "2023-24"] {
        t.ok(&["season", "add", season]);
        t.ok(&[
            "event",
            "add",
            "Winter FIDE Open",
            "--season",
            season,
            "--rounds",
            "3",
            "--sections",
            "Open",
        ]);
    }
    for name in ["Ann Lee", "Ben Ode"] {
        t.ok(&["player", "add", name]);
    }
    let ev = [
        "--event",
        "Winter FIDE Open",
        "--season",
        "2023-24",
        "--section",
        "Open",
    ];
    let with =
        |head: &[&'static str]| -> Vec<&'static str> { head.iter().copied().chain(ev).collect() };
    t.ok(&with(&["enter", "Ann", "Ben"]));
    t.ok(&with(&["game", "add", "Ann", "Ben", "--round", "1"]));
    let out = t.ok(&with(&["game", "result", "Ann", "1-0", "--round", "1"]));
    assert_eq!(
        out,
        "Winter FIDE Open (2023-24) round 1: Ann Lee (1) v Ben Ode (2) 1-0.\n"
    );
    let out = t.ok(&with(&[
        "game", "correct", "Ann", "=", "--round", "1", "--reason", "misread",
    ]));
    assert_eq!(
        out,
        "Winter FIDE Open (2023-24) round 1: Ann Lee (1) v Ben Ode (2) corrected to ½-½.\n"
    );
    let out = t.ok(&with(&[
        "game",
        "result",
        "Ann",
        "--pending",
        "--reason",
        "replayed",
        "--round",
        "1",
    ]));
    assert!(
        out.starts_with("Winter FIDE Open (2023-24) round 1: "),
        "{out}"
    );
    // In a season of its own the name alone is enough.
    let t = TestLeague::small();
    t.write("r1.csv", "1,Alice,Bob,\n");
    t.ok(&args(&["round", "record"], &["--round", "1", "r1.csv"]));
    let out = t.ok(&args(
        &["game", "result", "Alice", "0-1"],
        &["--round", "1"],
    ));
    assert_eq!(
        out,
        "Winter Swiss 1600+ round 1: Alice Smith (1) v Bob Jones (2) 0-1.\n"
    );
}

/// Issue 27, small points: a late entry's byes for the rounds played before
/// they entered say "late entry", not "requested bye", in `round show` (text
/// and JSON) and on the round sheet; a bye the player did ask for is still
/// "requested".
#[test]
fn small_points_a_late_entrys_missed_rounds_say_late_entry() {
    let t = round_one_short();
    t.ok(&args(&["game", "result", "Eve", "1-0"], &["--round", "1"]));
    t.ok(&["player", "add", "Ivy Lane", "--rating", "1700"]);
    t.ok(&args(&["enter", "Ivy", "--missed", "half"], &[]));
    t.ok(&args(
        &["bye", "add", "Dan", "--kind", "zero"],
        &["--round", "2"],
    ));
    let one = t.ok(&args(&["round", "show"], &["--round", "1"]));
    let ivy = one.lines().find(|l| l.contains("Ivy Lane")).unwrap();
    assert!(ivy.contains("half-point bye (late entry)"), "{one}");
    assert!(!one.contains("requested"), "{one}");
    let two = t.ok(&args(&["round", "show"], &["--round", "2"]));
    let dan = two.lines().find(|l| l.contains("Dan Wu")).unwrap();
    assert!(dan.contains("zero-point bye (requested)"), "{two}");
    let json = t.ok(&args(
        &["round", "show"],
        &["--round", "1", "--format", "json"],
    ));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let byes = v
        .pointer("/byes")
        .or_else(|| v.pointer("/0/byes"))
        .unwrap_or(&v);
    let text = byes.to_string();
    assert!(text.contains("\"late_entry\":true"), "{json}");
    let sheet = t.ok(&args(&["round", "sheet"], &["--round", "1"]));
    assert!(sheet.contains("late entry, ½ point"), "{sheet}");
    assert!(!sheet.contains("requested bye"), "{sheet}");
    assert_eq!(
        t.query("SELECT requested, late_entry FROM bye ORDER BY id"),
        vec![
            vec!["1".to_string(), "1".to_string()],
            vec!["1".to_string(), "0".to_string()]
        ]
    );
    // A JSON export keeps it, and an import into a new file reads it back.
    let doc = t.ok(&["export", "json", "--season", "2022-23"]);
    assert!(doc.contains("\"late_entry\": true"), "{doc}");
    t.write("season.json", &doc);
    let other = crate::util::TestLeague::new();
    other.write("season.json", &doc);
    other.ok(&["import", "json", "season.json", "--create"]);
    assert_eq!(
        other.query("SELECT requested, late_entry FROM bye ORDER BY id"),
        t.query("SELECT requested, late_entry FROM bye ORDER BY id")
    );
}
