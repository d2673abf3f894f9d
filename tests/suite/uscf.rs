//! The US Chess Swiss system through the commands: an event paired with
//! `--pairing uscf` and its options (team-mates, colour limits,
//! acceleration), players' clubs, the settings shown, logged and carried by
//! the JSON interchange, refusals, and `league pair FILE.trf --system uscf`
//! (and `berger`).

use std::collections::HashSet;

use crate::util::TestLeague;

const EV: [&str; 2] = ["--event", "Spring Swiss"];

fn with_event<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    head.iter()
        .chain(EV.iter())
        .chain(tail.iter())
        .copied()
        .collect()
}

/// Seven players; Alice (1) and Dan (4) play for the same club.
fn league(extra: &[&str]) -> TestLeague {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25", "--start", "2024-09-01"]);
    let mut add = vec![
        "event",
        "add",
        "Spring Swiss",
        "--season",
        "2024-25",
        "--rounds",
        "4",
        "--pairing",
        "uscf",
    ];
    add.extend_from_slice(extra);
    t.ok(&add);
    for (name, rating, club) in [
        ("Alice Smith", "1800", Some("Eastside")),
        ("Bob Jones", "1750", None),
        ("Carol King", "1700", None),
        ("Dan Wu", "1650", None),
        ("Eve Park", "1620", None),
        ("Frank Moss", "1610", None),
        ("Gina Low", "1400", None),
    ] {
        let mut a = vec!["player", "add", name, "--rating", rating];
        if let Some(c) = club {
            a.extend_from_slice(&["--club", c]);
        }
        t.ok(&a);
        t.ok(&with_event(&["enter", name], &[]));
    }
    t.ok(&["player", "edit", "Dan Wu", "--club", "Eastside"]);
    t
}

/// Round `round`'s boards as (White's number, Black's number).
fn pairs(t: &TestLeague, round: u32) -> Vec<(u32, u32)> {
    t.query(&format!(
        "SELECT w.pairing_no, b.pairing_no FROM game g \
         JOIN round r ON r.id = g.round_id JOIN entry w ON w.id = g.white_entry \
         JOIN entry b ON b.id = g.black_entry WHERE r.number = {round} ORDER BY g.board"
    ))
    .into_iter()
    .map(|r| (r[0].parse().unwrap(), r[1].parse().unwrap()))
    .collect()
}

fn bye_of(t: &TestLeague, round: u32) -> Vec<String> {
    t.query(&format!(
        "SELECT e.pairing_no FROM bye b JOIN round r ON r.id = b.round_id \
         JOIN entry e ON e.id = b.entry_id WHERE r.number = {round} AND b.requested = 0"
    ))
    .into_iter()
    .map(|r| r[0].clone())
    .collect()
}

/// Records round `round` from its result-entry sheet: White wins on every
/// board.
fn white_wins(t: &TestLeague, round: u32) {
    let r = round.to_string();
    let csv = t.ok(&with_event(
        &["round", "sheet"],
        &["--round", &r, "--format", "csv"],
    ));
    let mut lines = csv.lines();
    let mut filled = format!("{}\n", lines.next().unwrap());
    for line in lines {
        if line.starts_with('#') {
            filled.push_str(line);
        } else {
            let mut f: Vec<&str> = line.split(',').collect();
            assert_eq!(f[3], "", "the result column starts empty: {line}");
            f[3] = "1-0";
            filled.push_str(&f.join(","));
        }
        filled.push('\n');
    }
    let file = t.write(&format!("round{round}.csv"), &filled);
    t.ok(&with_event(
        &["round", "record"],
        &["--round", &r, file.to_str().unwrap()],
    ));
}

#[test]
fn a_us_chess_swiss_keeps_club_mates_apart_and_never_repeats_a_game_or_a_bye() {
    let t = league(&["--team-mates", "if-possible"]);
    let show = t.ok(&with_event(&["event", "show"], &[]));
    assert!(
        show.contains("pairing: uscf (US Chess Swiss system)"),
        "{show}"
    );
    assert!(show.contains("team-mates: if-possible"), "{show}");
    assert!(
        show.contains("colour limits: 80 points to alternate, 200 to equalise"),
        "{show}"
    );
    let out = t.ok(&with_event(&["round", "pair"], &[]));
    assert!(out.contains("round 1 (US Chess Swiss system)"), "{out}");
    // 28L2: the bye to the lowest-rated, Gina (7). 27A3 would pair 1-4,
    // 2-5, 3-6, but Alice (1) and Dan (4) are club-mates (28N): the
    // smallest transposition is 1-5 and 2-4 (30 points each).
    assert_eq!(pairs(&t, 1), vec![(1, 5), (4, 2), (3, 6)]);
    assert_eq!(bye_of(&t, 1), vec!["7"]);
    let player = t.ok(&["player", "show", "Dan Wu"]);
    assert!(player.contains("club: Eastside"), "{player}");

    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    for round in 1..=4u32 {
        if round > 1 {
            t.ok(&with_event(&["round", "pair"], &[]));
        }
        for (w, b) in pairs(&t, round) {
            assert!(
                met.insert((w.min(b), w.max(b))),
                "round {round}: {w}-{b} again"
            );
            // 28N "if possible" ranks below 27A2 (score groups paired from
            // the top). In round 4 Gina (3 points) has met Alice and Dan
            // and drops to Frank, which leaves Alice and Dan the only two
            // players of the 2-point group: a director pairs them rather
            // than drop both to the 1-point group. Until then the clubs are
            // kept apart.
            if round < 4 {
                assert!(
                    ![(1, 4), (4, 1)].contains(&(w, b)),
                    "club-mates met in round {round}"
                );
            }
        }
        for b in bye_of(&t, round) {
            assert!(
                byes.insert(b.clone()),
                "round {round}: {b} gets a second bye"
            );
        }
        if round == 4 {
            assert_eq!(pairs(&t, 4), vec![(6, 7), (4, 1), (5, 3)]);
        }
        white_wins(&t, round);
    }
    assert_eq!(byes.len(), 4);
}

#[test]
fn options_are_shown_logged_carried_by_json_and_refused_where_they_do_not_fit() {
    let t = league(&[
        "--team-mates",
        "never",
        "--colour-limits",
        "100,250",
        "--accelerate-rounds",
        "2",
    ]);
    let show = t.ok(&with_event(&["event", "show"], &[]));
    assert!(show.contains("team-mates: never"), "{show}");
    assert!(
        show.contains("colour limits: 100 points to alternate, 250 to equalise"),
        "{show}"
    );
    assert!(
        show.contains("accelerated rounds: the first 2 (added score)"),
        "{show}"
    );
    t.ok(&with_event(
        &["event", "edit"],
        &["--accelerate-rounds", "1"],
    ));
    let log = t.query(
        "SELECT old_value, new_value FROM audit WHERE subject LIKE 'pairing settings%' ORDER BY id DESC LIMIT 1",
    );
    assert_eq!(
        log,
        [vec![
            "accelerated rounds 2".to_string(),
            "accelerated rounds 1".to_string()
        ]]
    );
    // 28R: round 1 accelerated: 1-4 get a point (4 of 7, the larger half),
    // the bye goes to Gina (7), and the groups 1-4 and 5-6 pair top half
    // against bottom half: 1-3, 4-2 (the club-mates 1 and 4 are not
    // paired anyway), 5-6.
    t.ok(&with_event(&["round", "pair"], &[]));
    assert_eq!(pairs(&t, 1), vec![(1, 3), (4, 2), (5, 6)]);

    let json = t.ok(&["export", "json", "--event", "Spring Swiss"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let p = &v["season"]["events"][0]["pairing"];
    assert_eq!(p["system"], "uscf");
    assert_eq!(p["team_mates"], "never");
    assert_eq!(p["colour_limits"], "100,250");
    assert_eq!(p["accelerate_rounds"], 1);
    let clubs: Vec<&str> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["club"].as_str())
        .collect();
    assert_eq!(clubs, ["Eastside", "Eastside"]);
    let other = TestLeague::new();
    let file = other.write("event.json", &json);
    other.ok(&["--create", "import", "json", file.to_str().unwrap()]);
    assert_eq!(
        other.ok(&["export", "json", "--event", "Spring Swiss"]),
        json
    );

    // A document written before these options imports with the defaults.
    let mut old: serde_json::Value = v.clone();
    let pairing = old["season"]["events"][0]["pairing"]
        .as_object_mut()
        .unwrap();
    pairing.remove("team_mates");
    pairing.remove("colour_limits");
    pairing.remove("accelerate_rounds");
    for p in old["players"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("club");
    }
    let older = TestLeague::new();
    let file = older.write("old.json", old.to_string());
    older.ok(&["--create", "import", "json", file.to_str().unwrap()]);
    let show = older.ok(&["event", "show", "--event", "Spring Swiss"]);
    assert!(show.contains("team-mates: if-possible"), "{show}");
    assert!(show.contains("accelerated rounds: none"), "{show}");
    // A bad value in a document names the field.
    let mut bad = v.clone();
    bad["season"]["events"][0]["pairing"]["team_mates"] = "sometimes".into();
    let worse = TestLeague::new();
    let file = worse.write("bad.json", bad.to_string());
    worse.ok(&["--create", "season", "add", "2000-01"]);
    worse.fails(
        &["import", "json", file.to_str().unwrap()],
        "pairing.team_mates",
    );

    // Refusals change nothing.
    t.fails(
        &with_event(&["event", "edit"], &["--colour-limits", "80"]),
        "should be two rating differences",
    );
    t.fails(
        &with_event(&["event", "edit"], &["--team-mates", "sometimes"]),
        "is not one of never, if-possible, ignore",
    );
    t.fails(
        &with_event(&["event", "edit"], &["--acceleration", "baku"]),
        "accelerates by the added-score method",
    );
    t.fails(
        &with_event(
            &["event", "edit"],
            &["--pairing", "dutch", "--team-mates", "ignore"],
        ),
        "--team-mates is a US Chess Swiss option (--pairing uscf)",
    );
    t.fails(
        &["player", "edit", "Dan Wu", "--club", "x", "--state", "Ohio"],
        "is not a two-letter state code",
    );
}

fn trf_player(n: u32, rating: u32) -> String {
    format!(
        "001 {n:>4}      {:<33} {rating:>4}{:28}{:>4}{:7}",
        format!("Player{n}"),
        "",
        "0.0",
        ""
    )
}

fn six(rounds: u32) -> String {
    let mut s = format!("012 Club Open\nXXR {rounds}\nXXC white1\n");
    for n in 1..=6 {
        s.push_str(&trf_player(n, 2100 - n * 10));
        s.push('\n');
    }
    s
}

fn json_pairs(out: &str) -> Vec<(u64, u64)> {
    let v: serde_json::Value = serde_json::from_str(out).unwrap();
    v["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap()))
        .collect()
}

#[test]
fn league_pair_pairs_a_trf_file_by_us_chess_rules_and_by_the_berger_tables() {
    let t = TestLeague::new();
    let f = t.write("open.trf", six(5));
    let path = f.to_str().unwrap();
    let out = t.ok(&["pair", path, "--system", "uscf", "--format", "json"]);
    // 29C1 and 29E2: 1-4, 2-5, 3-6, the top half's colours alternating.
    assert_eq!(json_pairs(&out), vec![(1, 4), (5, 2), (3, 6)]);
    let sheet = t.ok(&["pair", path, "--system", "uscf"]);
    assert!(sheet.contains("Round 1 (US Chess Swiss system)"), "{sheet}");
    // 28R: two accelerated rounds: the top three (of six) have a virtual
    // point, so the groups are 1-3 and 4-6: 1-2, the odd player 3 dropped
    // to 4 (Black for 3 on board 2, colours alternating down the boards),
    // then 5-6.
    let out = t.ok(&[
        "pair",
        path,
        "--system",
        "uscf",
        "--accelerate-rounds",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(json_pairs(&out), vec![(1, 2), (4, 3), (5, 6)]);
    // Berger round 1 of six: 1-6, 2-5, 3-4.
    let out = t.ok(&["pair", path, "--system", "berger", "--format", "json"]);
    assert_eq!(json_pairs(&out), vec![(1, 6), (2, 5), (3, 4)]);
    let sheet = t.ok(&["pair", path, "--system", "crenshaw"]);
    assert!(sheet.contains("Round 1 (Crenshaw tables)"), "{sheet}");
    t.fails(
        &[
            "pair",
            path,
            "--system",
            "dutch",
            "--accelerate-rounds",
            "2",
        ],
        "are US Chess options: add --system uscf",
    );
}

/// Issue 29's new-user case, with the script: after round 2 Nadia
/// and Liam are alone on 2/2, have not met and are due opposite colours.
/// The 1½ pair (Hannah, Fatima) have already met, so they drop; a director
/// pairs the top score group first (27A2, 29C) and so pairs the leaders.
/// Before issue 29 the engine summed score differences over the section,
/// found a tie, and paired each leader with a 1½ player.
#[test]
fn the_two_leaders_meet_when_the_group_below_cannot_pair_itself() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "S"]);
    t.ok(&["event", "add", "Sw", "--season", "S", "--rounds", "5"]);
    for (name, rating) in [
        ("Nadia", "1588"),
        ("Liam", "1540"),
        ("Hannah", "1525"),
        ("Chloe", "1495"),
        ("Ann", "1480"),
        ("Ruben", "1450"),
        ("Fatima", "1402"),
        ("Oscar", "1380"),
        ("Ethan", "1360"),
    ] {
        t.ok(&["player", "add", name, "--rating", rating]);
        t.ok(&["enter", name, "--event", "Sw"]);
    }
    t.ok(&["round", "pair", "--event", "Sw"]);
    let sheet = t.ok(&[
        "round", "sheet", "--event", "Sw", "--round", "1", "--format", "csv",
    ]);
    assert!(
        sheet.contains(
            "1,1,5,,Nadia,Ann\n2,6,2,,Ruben,Liam\n3,3,7,,Hannah,Fatima\n4,8,4,,Oscar,Chloe\n"
        ),
        "round 1 as in the issue: {sheet}"
    );
    let r1 = t.write(
        "r1.csv",
        "board,white,black,result\n1,1,5,1-0\n2,6,2,0-1\n3,3,7,1/2-1/2\n4,8,4,0F-1F\n",
    );
    t.ok(&[
        "round",
        "record",
        "--event",
        "Sw",
        "--round",
        "1",
        r1.to_str().unwrap(),
    ]);
    t.ok(&["player", "add", "Priscilla", "--rating", "1450"]);
    t.ok(&["enter", "Priscilla", "--event", "Sw", "--missed", "zero"]);
    t.ok(&["round", "pair", "--event", "Sw"]);
    let sheet = t.ok(&[
        "round", "sheet", "--event", "Sw", "--round", "2", "--format", "csv",
    ]);
    assert!(
        sheet.contains("1,4,1,,Chloe,Nadia\n2,2,9,,Liam,Ethan\n3,8,3,,Oscar,Hannah\n4,7,6,,Fatima,Ruben\n5,5,10,,Ann,Priscilla\n"),
        "round 2 as in the issue: {sheet}"
    );
    let r2 = t.write(
        "r2.csv",
        "board,white,black,result\n1,4,1,0-1\n2,2,9,1-0\n3,8,3,0-1\n4,7,6,1-0\n5,5,10,1/2-1/2\n",
    );
    t.ok(&[
        "round",
        "record",
        "--event",
        "Sw",
        "--round",
        "2",
        r2.to_str().unwrap(),
    ]);
    let before = crate::util::snapshot(&t.db);
    let json = t.ok(&[
        "round",
        "pair",
        "--event",
        "Sw",
        "--dry-run",
        "--format",
        "json",
        "--explain",
    ]);
    assert_eq!(
        crate::util::snapshot(&t.db),
        before,
        "a dry run writes nothing"
    );
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let boards: Vec<(u64, u64)> = doc["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["white"]["no"].as_u64().unwrap(),
                p["black"]["no"].as_u64().unwrap(),
            )
        })
        .collect();
    // Nadia (W B) is due White, Liam (B W) Black. Hannah and Fatima drop
    // to the 1-point group; Ann and Priscilla (½, met) each meet a 0.
    assert_eq!(boards, vec![(1, 2), (9, 3), (7, 4), (6, 5), (10, 8)]);
    let explain = &doc["explain"]["boards"];
    assert_eq!(explain.as_array().unwrap().len(), 5, "{json}");
    assert_eq!(
        explain[0]["pairing"],
        "natural pairing: upper half against lower half of the score group (27A3, 29C)"
    );
    let text = t.ok(&["round", "pair", "--event", "Sw", "--dry-run", "--explain"]);
    for line in [
        "Board 1: Nadia (1) - Liam (2)",
        "  colours: Nadia (1) is due White to alternate, Liam (2) is due Black to alternate",
        "  pairing: interchange (30 rating points) away from the natural pairing: Hannah (3) and Fatima (7), the natural pairing, have already played (27A1)",
        "  score groups: Hannah (3), on 1½, meets Ethan (9), on 1: the 1½ group cannot be paired wholly within itself without a rematch or a forbidden pair (27A1 before 27A2)",
        "Ethan (9) is due White to equalise, Hannah (3) is due White to alternate: the stronger claim wins",
    ] {
        assert!(text.contains(line), "missing {line:?} in:\n{text}");
    }
}

#[test]
fn the_choices_directors_differ_on_are_event_settings_shown_logged_and_carried() {
    let t = league(&["--colour-priority", "colours", "--unrated-bye", "lowest"]);
    let show = t.ok(&with_event(&["event", "show"], &[]));
    assert!(
        show.contains("colour priority: colours (colours within the limits before top half against bottom half)"),
        "{show}"
    );
    assert!(
        show.contains("bye to unrated players: lowest (unrated players count as rated 0)"),
        "{show}"
    );
    t.ok(&with_event(
        &["event", "edit"],
        &["--colour-priority", "natural"],
    ));
    let show = t.ok(&with_event(&["event", "show"], &[]));
    assert!(
        show.contains("colour priority: natural (the natural pairing first"),
        "{show}"
    );
    let log = t.ok(&["log"]);
    assert!(log.contains("colour priority"), "{log}");
    let json = t.ok(&["export", "json", "--event", "Spring Swiss"]);
    assert!(json.contains("\"colour_priority\": \"natural\""), "{json}");
    assert!(json.contains("\"unrated_bye\": \"lowest\""), "{json}");
    // A word it does not know, and the options on a Dutch event, are refused.
    t.fails(
        &with_event(&["event", "edit"], &["--colour-priority", "both"]),
        "colour priority \"both\" is not one of natural, colours",
    );
    let d = TestLeague::new();
    d.ok(&["season", "add", "S"]);
    d.fails(
        &[
            "event",
            "add",
            "D",
            "--season",
            "S",
            "--rounds",
            "5",
            "--pairing",
            "dutch",
            "--unrated-bye",
            "lowest",
        ],
        "--unrated-bye is a US Chess Swiss option (--pairing uscf)",
    );
}
