//! Team events through the commands: the spec's §5.13 crosstable (eighth
//! grade and under, 7 teams, 4 rounds, 4 boards) recorded with `league
//! import team-matches` and, for round 1, board by board with rosters; every
//! Pts, USAT (TBrk1) and game-points (TBrk2) value checked in the JSON. Bad
//! input is refused with a clear message and nothing written.

use serde_json::Value as Json;

use crate::util::TestLeague;

const EVENT: &str = "Grade 8 Team";

/// Spec §5.13, as `round,team_a,team_b,points_a,points_b`.
const SPEC_5_13: &str = "round,team_a,team_b,points_a,points_b
1,Edgewood MS,North Side MS,3.5,0.5
1,Goshen MS A,Urey MS,4,0
1,Goshen MS B,Bethany Christian MS,4,0
1,Goshen MS C,BYE,4,
2,Edgewood MS,Goshen MS B,3,1
2,Goshen MS A,Bethany Christian MS,4,0
2,Goshen MS C,North Side MS,2,2
2,Urey MS,BYE,4,
3,Goshen MS A,Edgewood MS,1,3
3,Goshen MS B,North Side MS,2,2
3,Goshen MS C,Urey MS,3,1
3,Bethany Christian MS,BYE,4,
4,Edgewood MS,Goshen MS C,4,0
4,Goshen MS A,North Side MS,4,0
4,Bethany Christian MS,Urey MS,3.5,0.5
4,Goshen MS B,BYE,4,
";

/// Spec §5.13: team, Pts, usat, game points, and the crosstable's round
/// cells (opponents numbered in the final order).
const EXPECTED: &[(&str, f64, f64, f64, [&str; 4])] = &[
    (
        "Edgewood MS",
        4.0,
        53.0,
        13.5,
        ["W6,3.5", "W3,3.0", "W2,3.0", "W4,4.0"],
    ),
    (
        "Goshen MS A",
        3.0,
        32.0,
        13.0,
        ["W7,4.0", "W5,4.0", "L1,1.0", "W6,4.0"],
    ),
    (
        "Goshen MS B",
        2.5,
        24.0,
        11.0,
        ["W5,4.0", "L1,1.0", "D6,2.0", "-B-,4.0"],
    ),
    (
        "Goshen MS C",
        2.5,
        7.0,
        9.0,
        ["-B-,4.0", "D6,2.0", "W7,3.0", "L1,0.0"],
    ),
    (
        "Bethany Christian MS",
        2.0,
        3.5,
        7.5,
        ["L3,0.0", "L2,0.0", "-B-,4.0", "W7,3.5"],
    ),
    (
        "North Side MS",
        1.0,
        20.0,
        4.5,
        ["L1,0.5", "D4,2.0", "D3,2.0", "L2,0.0"],
    ),
    (
        "Urey MS",
        1.0,
        5.5,
        5.5,
        ["L2,0.0", "-B-,4.0", "L4,1.0", "L5,0.5"],
    ),
];

fn json(out: &str) -> Json {
    serde_json::from_str(out).expect("JSON output")
}

/// Every Pts, TBrk1 and TBrk2 of §5.13, in its order, from the JSON
/// standings; and every cell of the crosstable from its CSV.
fn check_spec_values(t: &TestLeague) {
    let s = json(&t.ok(&["standings", "--event", EVENT, "--format", "json"]));
    assert_eq!(s["tiebreaks"], serde_json::json!(["usat", "game-points"]));
    assert_eq!(s["rounds_played"], 4);
    let rows = s["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 7);
    for (row, (name, pts, usat, gp, _)) in rows.iter().zip(EXPECTED) {
        assert_eq!(row["name"], *name);
        assert_eq!(row["score"].as_f64(), Some(*pts), "{name} Pts");
        assert_eq!(row["game_points"].as_f64(), Some(*gp), "{name} game points");
        assert_eq!(
            row["tiebreaks"]["usat"].as_f64(),
            Some(*usat),
            "{name} usat"
        );
        assert_eq!(
            row["tiebreaks"]["game-points"].as_f64(),
            Some(*gp),
            "{name} TBrk2"
        );
    }
    let places: Vec<&str> = rows.iter().map(|r| r["place"].as_str().unwrap()).collect();
    assert_eq!(places, ["1", "2", "3", "4", "5", "6", "7"]);

    let csv = t.ok(&["team", "crosstable", "--event", EVENT, "--format", "csv"]);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("No.,Name,Pts,TBrk1,TBrk2,R1,R2,R3,R4"));
    for (i, (line, (name, pts, usat, gp, cells))) in lines.zip(EXPECTED).enumerate() {
        let mut expected = vec![
            (i + 1).to_string(),
            name.to_string(),
            format!("{pts:.1}"),
            format!("{usat:.1}"),
            format!("{gp:.1}"),
        ];
        // A cell beginning with "-" gets a ' in CSV (a spreadsheet would
        // take "-B-,4.0" for a formula).
        expected.extend(cells.iter().map(|c| {
            let q = if c.starts_with('-') { "'" } else { "" };
            format!("\"{q}{c}\"")
        }));
        assert_eq!(line, expected.join(","), "crosstable row of {name}");
    }
}

#[test]
fn spec_5_13_imported_from_a_crosstable_sheet() {
    let t = TestLeague::new();
    t.write("grade8.csv", SPEC_5_13);
    let out = t.ok(&[
        "--create",
        "import",
        "team-matches",
        "grade8.csv",
        "--season",
        "2019-20",
        "--event",
        EVENT,
    ]);
    assert!(
        out.contains("Imported 12 matches and 4 team byes (rounds 1-4)"),
        "{out}"
    );
    check_spec_values(&t);

    // The text crosstable has the spec's shape.
    let text = t.ok(&["team", "crosstable", "--event", EVENT]);
    assert!(text.contains("W6,3.5   W3,3.0   W2,3.0   W4,4.0"), "{text}");
    // Standings after round 2 are those of a two-round event.
    let s = json(&t.ok(&[
        "standings",
        "--event",
        EVENT,
        "--after-round",
        "2",
        "--format",
        "json",
    ]));
    assert_eq!(s["rounds_played"], 2);
    // Both on 2 match points; Edgewood 2 × (3½ × ½ + 3 × 1) = 9½ on USAT
    // against Goshen A's 2 × (4 × (1 − ½) + 4 × 0) = 4.
    assert_eq!(s["rows"][0]["name"], "Edgewood MS");
    assert_eq!(s["rows"][0]["tiebreaks"]["usat"].as_f64(), Some(9.5));
    assert_eq!(s["rows"][1]["name"], "Goshen MS A");
    assert_eq!(s["rows"][1]["tiebreaks"]["usat"].as_f64(), Some(4.0));
    assert_eq!(s["rows"][1]["game_points"].as_f64(), Some(8.0));
    // The ×1 and unadjusted variants, as codes and as the event's option.
    let s = json(&t.ok(&[
        "standings",
        "--event",
        EVENT,
        "--tiebreaks",
        "usat/x1/raw",
        "--format",
        "json",
    ]));
    // Edgewood: 3½×1 + 3×2½ + 3×3 + 4×2½ = 30.
    assert_eq!(
        s["rows"][0]["tiebreaks"]["usat/x1/raw"].as_f64(),
        Some(30.0)
    );
    t.ok(&["team", "edit", "--event", EVENT, "--usat-scale", "1"]);
    let s = json(&t.ok(&["standings", "--event", EVENT, "--format", "json"]));
    assert_eq!(s["rows"][0]["tiebreaks"]["usat/x1"].as_f64(), Some(26.5));
    // --explain names the working.
    let ex = t.ok(&["standings", "--event", EVENT, "--explain", "North Side"]);
    assert!(ex.contains("North Side MS: place 6"), "{ex}");
}

/// A team event with rosters of four (players "<short> 1".."<short> 4").
fn with_rosters() -> TestLeague {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2019-20"]);
    t.ok(&[
        "event",
        "add",
        EVENT,
        "--season",
        "2019-20",
        "--kind",
        "team-swiss",
        "--rounds",
        "4",
    ]);
    for (name, short) in [
        ("Edgewood MS", "EDG"),
        ("Goshen MS A", "GMA"),
        ("Goshen MS B", "GMB"),
        ("Goshen MS C", "GMC"),
        ("Bethany Christian MS", "BCM"),
        ("North Side MS", "NSM"),
        ("Urey MS", "URY"),
    ] {
        t.ok(&["team", "add", name, "--short", short, "--event", EVENT]);
        let players: Vec<String> = (1..=4).map(|i| format!("{short} {i}")).collect();
        let mut args = vec!["team", "roster", short, "--new", "--event", EVENT];
        args.extend(players.iter().map(String::as_str));
        t.ok(&args);
    }
    t
}

#[test]
fn spec_5_13_recorded_board_by_board_and_by_score() {
    let t = with_rosters();
    let ev = ["--event", EVENT, "--round", "1"];
    // Round 1 board by board: results from the first-named team's side.
    let mut a = vec![
        "match",
        "record",
        "EDG",
        "NSM",
        "--results",
        "1-0,1-0,½-½,1-0",
    ];
    a.extend(ev);
    t.ok(&a);
    let mut a = vec![
        "match",
        "record",
        "Goshen MS A",
        "Urey MS",
        "--results",
        "1-0,1F-0F,1-0,1-0",
    ];
    a.extend(ev);
    t.ok(&a);
    // A sheet: board,white,black,result from White's side.
    t.write(
        "r1.csv",
        "board,white,black,result\n1,GMB 1,BCM 1,1-0\n2,BCM 2,GMB 2,0-1\n3,GMB 3,BCM 3,1-0\n4,BCM 4,GMB 4,0-1\n",
    );
    let mut a = vec!["match", "record", "GMB", "BCM", "--sheet", "r1.csv"];
    a.extend(ev);
    t.ok(&a);
    let mut a = vec!["match", "bye", "GMC"];
    a.extend(ev);
    t.ok(&a);
    // Rounds 2-4 by score alone.
    for line in SPEC_5_13.lines().skip(5) {
        let f: Vec<&str> = line.split(',').collect();
        if f[2] == "BYE" {
            t.ok(&["match", "bye", f[1], "--event", EVENT, "--round", f[0]]);
        } else {
            let score = format!("{}-{}", f[3], f[4]);
            t.ok(&[
                "match", "record", f[1], f[2], "--score", &score, "--event", EVENT, "--round", f[0],
            ]);
        }
    }
    check_spec_values(&t);

    // The board games are ordinary games of the section: 12 in round 1,
    // with the first-named team White on boards 1 and 3.
    let games = t.query(
        "SELECT count(*) FROM game g JOIN round r ON r.id = g.round_id WHERE r.number = 1 AND g.team_match_id IS NOT NULL",
    );
    assert_eq!(games[0][0], "12");
    let b2 = t.query(
        "SELECT pw.name, pb.name, g.result FROM game g JOIN entry w ON w.id = g.white_entry JOIN player pw ON pw.id = w.player_id \
         JOIN entry b ON b.id = g.black_entry JOIN player pb ON pb.id = b.player_id WHERE pw.name = 'NSM 2'",
    );
    assert_eq!(
        b2,
        vec![vec!["NSM 2".to_string(), "EDG 2".into(), "0-1".into()]]
    );

    // Board prizes: board 2 of round 1 had one forfeit (Urey's player).
    let boards = json(&t.ok(&["team", "boards", "--event", EVENT, "--format", "json"]));
    let board2 = &boards["boards"][1];
    assert_eq!(board2["board"], 2);
    let gma2 = board2["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "GMA 2")
        .expect("GMA 2 on board 2");
    assert_eq!(gma2["games"], 0);
    assert_eq!(gma2["forfeit_wins"], 1);
    let edg3 = boards["boards"][2]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "EDG 3")
        .cloned()
        .expect("EDG 3");
    assert_eq!(edg3["points"].as_f64(), Some(0.5));
    assert_eq!(edg3["percent"].as_f64(), Some(50.0));

    // Correcting a board changes the match score, with the reason logged.
    t.ok(&[
        "match",
        "correct",
        "EDG",
        "1/2-1/2",
        "--board",
        "1",
        "--event",
        EVENT,
        "--round",
        "1",
        "--reason",
        "board 1 was agreed drawn",
    ]);
    let shown = json(&t.ok(&[
        "match", "show", "--event", EVENT, "--round", "1", "--format", "json",
    ]));
    let m = &shown["matches"][0];
    assert_eq!(
        (&m["team_a"], &m["score"]),
        (&serde_json::json!("Edgewood MS"), &serde_json::json!("3-1"))
    );
    let log = t.ok(&["log"]);
    assert!(log.contains("board 1 was agreed drawn"), "{log}");
    // A player who has played stays on the roster.
    t.fails(
        &[
            "team", "roster", "EDG", "EDG 1", "--remove", "--event", EVENT,
        ],
        "EDG 1 has played for Edgewood MS in Grade 8 Team, so stays on the roster",
    );
}

#[test]
fn a_team_is_named_in_the_one_wording_by_commands_and_reports() {
    let t = with_rosters();
    // A name three teams begin with: the short code says which.
    let several = format!(
        "\"Goshen\" matches more than one team of {EVENT}: Goshen MS A; Goshen MS B; Goshen MS C; type more of the name, or its short code"
    );
    t.fails(&["team", "roster", "Goshen", "--event", EVENT], &several);
    t.fails(
        &["standings", "--event", EVENT, "--explain", "Goshen"],
        &several,
    );
    // The short code and a unique start of the name both find the team.
    let ex = t.ok(&["standings", "--event", EVENT, "--explain", "gmb"]);
    assert!(ex.contains("Goshen MS B"), "{ex}");
    let ex = t.ok(&["standings", "--event", EVENT, "--explain", "Urey"]);
    assert!(ex.contains("Urey MS"), "{ex}");
    // A typo is offered the closest team, in the reports as in commands.
    let typo = format!("no team of {EVENT} is called \"Edgewod MS\"; did you mean Edgewood MS?");
    t.fails(
        &["standings", "--event", EVENT, "--explain", "Edgewod MS"],
        &typo,
    );
    t.fails(&["team", "roster", "Edgewod MS", "--event", EVENT], &typo);
}

#[test]
fn bad_team_input_is_refused_and_nothing_is_written() {
    let t = with_rosters();
    let ev = ["--event", EVENT, "--round", "1"];
    // A player on two teams.
    t.fails(
        &["team", "roster", "NSM", "EDG 1", "--event", EVENT],
        "EDG 1 is already on Edgewood MS's roster",
    );
    // A roster board 0, and a board another player of the team holds.
    t.ok(&["player", "add", "Free Agent", "--rating", "1500"]);
    t.fails(
        &[
            "team",
            "roster",
            "NSM",
            "Free Agent",
            "--board",
            "0",
            "--event",
            EVENT,
        ],
        "boards are numbered from 1",
    );
    t.fails(
        &[
            "team",
            "roster",
            "NSM",
            "Free Agent",
            "--board",
            "2",
            "--event",
            EVENT,
        ],
        "board 2 of North Side MS is already NSM 2's",
    );
    // The same player twice on the team's own roster.
    t.fails(
        &["team", "roster", "EDG", "EDG 1", "--event", EVENT],
        "EDG 1 is already on Edgewood MS's roster (board 1)",
    );
    // A board the team does not have.
    t.write(
        "five.csv",
        "board,white,black,result\n1,EDG 1,NSM 1,1-0\n2,NSM 2,EDG 2,0-1\n3,EDG 3,NSM 3,1-0\n4,NSM 4,EDG 4,0-1\n5,EDG 1,NSM 1,1-0\n",
    );
    let mut a = vec!["match", "record", "EDG", "NSM", "--sheet", "five.csv"];
    a.extend(ev);
    t.fails(
        &a,
        "five.csv, line 6, board: a result on board 5, but a match in Grade 8 Team is on 4 boards",
    );
    let mut a = vec![
        "match",
        "record",
        "EDG",
        "NSM",
        "--results",
        "1-0,1-0,1-0,1-0,1-0",
    ];
    a.extend(ev);
    t.fails(&a, "has no player for board 5");
    // A match between a team and itself.
    let mut a = vec!["match", "record", "URY", "Urey MS", "--score", "2-2"];
    a.extend(ev);
    t.fails(&a, "a match between Urey MS and itself");
    // Points that do not add up to the boards.
    let mut a = vec!["match", "record", "EDG", "NSM", "--score", "3-0"];
    a.extend(ev);
    t.fails(
        &a,
        "adds up to 3, but a match in Grade 8 Team is on 4 boards",
    );
    // A player of neither team.
    t.write(
        "wrong.csv",
        "board,white,black,result\n1,EDG 1,URY 1,1-0\n2,NSM 2,EDG 2,0-1\n3,EDG 3,NSM 3,1-0\n4,NSM 4,EDG 4,0-1\n",
    );
    let mut a = vec!["match", "record", "EDG", "NSM", "--sheet", "wrong.csv"];
    a.extend(ev);
    t.fails(&a, "wrong.csv, line 2, white");
    // A team playing twice in a round.
    let mut a = vec!["match", "record", "EDG", "NSM", "--score", "2-2"];
    a.extend(ev);
    t.ok(&a);
    let mut a = vec!["match", "record", "EDG", "URY", "--score", "2-2"];
    a.extend(ev);
    t.fails(&a, "Edgewood MS already plays in round 1");
    let mut a = vec!["match", "bye", "NSM"];
    a.extend(ev);
    t.fails(&a, "North Side MS already plays in round 1");
    // A team withdrawn before a match it has played, or after the last round.
    t.fails(
        &["team", "withdraw", "EDG", "--after-round", "0", "--event", EVENT],
        "Edgewood MS has a match or bye recorded in round 1, after round 0; delete it first (league match delete)",
    );
    t.fails(
        &[
            "team",
            "withdraw",
            "EDG",
            "--after-round",
            "9",
            "--event",
            EVENT,
        ],
        "Grade 8 Team has only 4 rounds",
    );
    // A match deleted without a reason for the log.
    t.fails(
        &[
            "match", "delete", "EDG", "--reason", " ", "--event", EVENT, "--round", "1",
        ],
        "deleting a match needs a reason (--reason \"...\")",
    );
    // A player who has not played can be taken off a roster and put on another.
    t.ok(&[
        "team", "roster", "URY", "URY 4", "--remove", "--event", EVENT,
    ]);
    t.ok(&["team", "roster", "NSM", "URY 4", "--event", EVENT]);
    let on = t.query(
        "SELECT t.name, r.board FROM roster r JOIN team t ON t.id = r.team_id JOIN player p ON p.id = r.player_id WHERE p.name = 'URY 4'",
    );
    assert_eq!(on, vec![vec!["North Side MS".to_string(), "5".into()]]);
    // A team event has one section.
    t.fails(
        &[
            "event",
            "add",
            "Two",
            "--season",
            "2019-20",
            "--kind",
            "team-swiss",
            "--rounds",
            "3",
            "--sections",
            "A,B",
        ],
        "a team event has one section",
    );
    // A round out of order.
    t.fails(
        &[
            "match", "record", "GMA", "GMB", "--score", "2-2", "--event", EVENT, "--round", "3",
        ],
        "round 2 has no matches yet",
    );
}

#[test]
fn bad_team_match_sheets_are_refused_whole() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2019-20"]);
    let head = "round,team_a,team_b,points_a,points_b\n";
    let cases: &[(&str, &str)] = &[
        (
            "1,A,B,2,2\n1,C,A,3,1\n",
            "bad.csv, line 3, team_b: A plays twice in round 1 (also on line 2)",
        ),
        ("1,A,B,2,2\n1,C,C,3,1\n", "bad.csv, line 3, team_b: a match between C and itself"),
        (
            "1,A,B,3,2\n",
            "bad.csv, line 2, points_b: 3 + 2 = 5 game points, but a match in Grade 8 Team is on 4 boards",
        ),
        ("1,A,B,2,2\n3,A,B,2,2\n", "bad.csv, line 3, round: round 3 comes after round 1: round 2 is missing"),
        ("1,A,B,2,2\n2,A,B,2,2\n1,C,D,2,2\n", "bad.csv, line 4, round: round 1 comes after round 2"),
        ("2,A,B,2,2\n", "bad.csv, line 2, round"),
        ("1,A,B,2,2\n1,C,D,2\n", "bad.csv, line 3, row: expected 5 fields"),
        ("1,A,B,2,2\n1,C,D,x,2\n", "bad.csv, line 3, points_a"),
        ("1,A,B,2,2\n1,C,BYE,3,\n", "bad.csv, line 3, points_a: a team bye in Grade 8 Team is worth 4 game points, not 3"),
    ];
    for (body, needle) in cases {
        t.write("bad.csv", format!("{head}{body}"));
        t.fails(
            &[
                "--create",
                "import",
                "team-matches",
                "bad.csv",
                "--season",
                "2019-20",
                "--event",
                EVENT,
            ],
            needle,
        );
    }
    t.write("bad.csv", "round,team_a,team_b\n1,A,B\n");
    t.fails(
        &[
            "--create",
            "import",
            "team-matches",
            "bad.csv",
            "--season",
            "2019-20",
            "--event",
            EVENT,
        ],
        "bad.csv, line 1, header",
    );
    // A good file after the bad ones; a second import must continue the rounds.
    t.write("good.csv", format!("{head}1,A,B,2.5,1.5\n1,C,BYE,4,\n"));
    t.ok(&[
        "--create",
        "import",
        "team-matches",
        "good.csv",
        "--season",
        "2019-20",
        "--event",
        EVENT,
    ]);
    t.fails(
        &["--create", "import", "team-matches", "good.csv", "--season", "2019-20", "--event", EVENT],
        "good.csv, line 2, round: round 1 already has matches recorded in Grade 8 Team; the file must start at round 2",
    );
    // An individual event is not a team event.
    t.ok(&[
        "event", "add", "Swiss", "--season", "2019-20", "--rounds", "3",
    ]);
    t.fails(
        &["team", "add", "A", "--event", "Swiss"],
        "Swiss is a Swiss event, not a team event",
    );
}

#[test]
fn readme_team_walkthrough_runs_as_written() {
    use crate::readme::{block_after, words};
    let t = TestLeague::new();
    t.write(
        "goshen-edgewood.csv",
        block_after("where `goshen-edgewood.csv` is"),
    );
    let mut outputs = Vec::new();
    for line in block_after("<!-- team walkthrough").lines() {
        let line = line.trim();
        if !line.starts_with("league ") {
            continue;
        }
        let w = words(line);
        let args: Vec<&str> = w[1..].iter().map(String::as_str).collect();
        outputs.push(t.ok(&args));
    }
    assert_eq!(outputs.len(), 21);
    // On 2/1/0: Edgewood won round 1 (3-1 after the correction) and lost
    // round 2 (1½-2½ to Goshen), with a bye in round 3: 2 + 0 + 2 = 4
    // match points, 3 + 1½ + 4 = 8½ game points. Goshen: bye, win, loss.
    let s = json(&t.ok(&[
        "standings",
        "--event",
        "County Team Swiss",
        "--format",
        "json",
    ]));
    let row = |name: &str| {
        s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .cloned()
            .unwrap()
    };
    let edg = row("Edgewood MS");
    assert_eq!(edg["score"].as_f64(), Some(4.0));
    assert_eq!(edg["game_points"].as_f64(), Some(8.5));
    let gos = row("Goshen MS");
    assert_eq!(gos["score"].as_f64(), Some(4.0));
    assert_eq!(gos["game_points"].as_f64(), Some(8.0));
    // USAT ×2 on 2/1/0 (each opponent bye counted as half a win, 1, not
    // 2): Edgewood 2 × (3 × North Side's 4 less 1 + 1½ × Goshen's 4 less 1)
    // = 2 × (9 + 4½) = 27.
    assert_eq!(edg["tiebreaks"]["usat"].as_f64(), Some(27.0));
    // The correction is in the log.
    assert!(t.ok(&["log"]).contains("Ben won on time"));
    // Eli Vance, the alternate, played board 4.
    let boards = json(&t.ok(&[
        "team",
        "boards",
        "--event",
        "County Team Swiss",
        "--format",
        "json",
    ]));
    let b4: Vec<&str> = boards["boards"][3]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(b4.contains(&"Eli Vance"), "{b4:?}");
}

#[test]
fn forfeited_boards_and_whole_matches() {
    let t = with_rosters();
    let ev = ["--event", EVENT, "--round", "1"];
    // North Side came with three players: board 3 is Edgewood's by forfeit.
    let mut a = vec![
        "match",
        "record",
        "EDG",
        "NSM",
        "--results",
        "1-0,1-0,1-0,1-0",
        "--away-players",
        "NSM 1,NSM 2,-,NSM 4",
    ];
    a.extend(ev);
    t.fails(
        &a,
        "board 3: Black's team had nobody there, so the result is 1F-0F (given 1-0)",
    );
    let mut a = vec![
        "match",
        "record",
        "EDG",
        "NSM",
        "--results",
        "1-0,1-0,1F-0F,1-0",
        "--away-players",
        "NSM 1,NSM 2,-,NSM 4",
    ];
    a.extend(ev);
    t.ok(&a);
    // Goshen B did not come at all.
    let mut a = vec!["match", "record", "GMA", "GMB", "--forfeit", "GMB"];
    a.extend(ev);
    t.ok(&a);
    // Neither team filled board 4: a double forfeit, 1½-1½ a drawn match.
    let mut a = vec![
        "match",
        "record",
        "GMC",
        "BCM",
        "--results",
        "1-0,0-1,½-½,0F-0F",
        "--home-players",
        "GMC 1,GMC 2,GMC 3,-",
        "--away-players",
        "BCM 1,BCM 2,BCM 3,-",
    ];
    a.extend(ev);
    t.ok(&a);
    let mut a = vec!["match", "bye", "URY"];
    a.extend(ev);
    t.ok(&a);
    // Individual games cannot be added to a team event.
    let mut a = vec!["game", "add", "EDG 1", "URY 1", "1-0"];
    a.extend(ev);
    t.fails(
        &a,
        "Grade 8 Team is a team event: record its matches with `league match record`",
    );

    let s = json(&t.ok(&["standings", "--event", EVENT, "--format", "json"]));
    let row = |name: &str| {
        s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .cloned()
            .unwrap()
    };
    for (name, mp, gp) in [
        ("Edgewood MS", 1.0, 4.0),
        ("North Side MS", 0.0, 0.0),
        ("Goshen MS A", 1.0, 4.0),
        ("Goshen MS B", 0.0, 0.0),
        ("Goshen MS C", 0.5, 1.5),
        ("Bethany Christian MS", 0.5, 1.5),
        ("Urey MS", 1.0, 4.0),
    ] {
        let r = row(name);
        assert_eq!(r["score"].as_f64(), Some(mp), "{name} match points");
        assert_eq!(r["game_points"].as_f64(), Some(gp), "{name} game points");
    }
    // The whole-match forfeit is an unplayed round: no USAT points for it.
    assert_eq!(row("Goshen MS A")["tiebreaks"]["usat"].as_f64(), Some(0.0));
    let x = t.ok(&["team", "crosstable", "--event", EVENT, "--format", "csv"]);
    let gma = x.lines().find(|l| l.contains("Goshen MS A")).unwrap();
    assert!(gma.contains("\"X"), "{gma}");
    let gmb = x.lines().find(|l| l.contains("Goshen MS B")).unwrap();
    assert!(gmb.contains(",0.0\"") && gmb.contains("\"F"), "{gmb}");

    let shown = json(&t.ok(&[
        "match", "show", "--event", EVENT, "--round", "1", "--format", "json",
    ]));
    let edg = &shown["matches"][0];
    assert_eq!(edg["score"], "4-0");
    assert_eq!(edg["boards"][2]["white"], "EDG 3");
    assert_eq!(edg["boards"][2]["black"], "(no player)");
    let boards = json(&t.ok(&["team", "boards", "--event", EVENT, "--format", "json"]));
    let edg3 = boards["boards"][2]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "EDG 3")
        .cloned()
        .unwrap();
    assert_eq!(
        (edg3["games"].as_u64(), edg3["forfeit_wins"].as_u64()),
        (Some(0), Some(1))
    );
    // Deleting a match takes its forfeited boards with it.
    t.ok(&[
        "match",
        "delete",
        "GMA",
        "--reason",
        "recorded in the wrong round",
        "--event",
        EVENT,
        "--round",
        "1",
    ]);
    assert_eq!(
        t.query("SELECT count(*) FROM team_board_forfeit")[0][0],
        "2"
    );
    assert!(t.ok(&["check"]).contains("ok"));
}

#[test]
fn round_show_and_missing_speak_of_matches_in_a_team_event() {
    let t = with_rosters();
    let ev = ["--event", EVENT, "--round", "1"];
    // Round 1: one match board by board, two by score; Urey has nothing yet.
    let mut a = vec![
        "match",
        "record",
        "EDG",
        "NSM",
        "--results",
        "1-0,0-1,½-½,1-0",
    ];
    a.extend(ev);
    t.ok(&a);
    let mut a = vec!["match", "record", "GMA", "GMB", "--score", "3-1"];
    a.extend(ev);
    t.ok(&a);
    let mut a = vec!["match", "record", "GMC", "BCM", "--score", "2-2"];
    a.extend(ev);
    t.ok(&a);
    assert_eq!(
        t.ok(&["round", "missing", "--event", EVENT]),
        "round 1: Urey MS has no match or bye\n"
    );
    let mut a = vec!["match", "bye", "URY"];
    a.extend(ev);
    t.ok(&a);
    assert_eq!(
        t.ok(&["round", "missing", "--event", EVENT]),
        format!("{EVENT}: nothing missing; every result is in.\n")
    );
    // `round show` is the latest round's matches, as `match show` prints them.
    let shown = t.ok(&["round", "show", "--event", EVENT]);
    assert_eq!(
        shown,
        t.ok(&["match", "show", "--event", EVENT, "--round", "1"])
    );
    let line = shown
        .lines()
        .find(|l| l.contains("Edgewood MS v North Side MS"))
        .unwrap_or_default();
    assert!(line.trim_end().ends_with("2½-1½"), "{shown}");
    assert!(shown.contains("Urey MS (team bye)"), "{shown}");
}

/// Issue 27, slip 1: `match record --results` reads each board from the
/// first-named team's side (as a scoresheet and the match score do), while
/// every other result is read from White's side. Every help text of `game`,
/// `match` and `round record` says so in the same words, and the echo says
/// which colour the home team had on which board.
#[test]
fn slip_1_results_side_is_said_in_every_help_and_in_the_echo() {
    let convention = "How results are read: from White's side (1-0: White won, 0-1: Black won), \
whichever player or team is named. One exception: `match record --results` reads each board from the \
first-named (home) team's side (1-0: the home team's player won, whatever the colour), as a team \
scoresheet and the match score do; the home team has White on boards 1, 3, 5, ...";
    let t = with_rosters();
    for cmd in [
        &["game"][..],
        &["game", "add"],
        &["game", "result"],
        &["game", "correct"],
        &["match"],
        &["match", "record"],
        &["match", "correct"],
        &["round"],
        &["round", "record"],
    ] {
        let mut a = cmd.to_vec();
        a.push("--help");
        // clap wraps help at the terminal width: compare with the spaces folded.
        let help = t.ok(&a).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(help.contains(convention), "{cmd:?}:\n{help}");
    }
    // EDG won boards 1 and 2, drew 3, lost 4. NSM had White on boards 2
    // and 4, so White's side is stored: 0-1 on board 2, 1-0 on board 4.
    let out = t.ok(&[
        "match",
        "record",
        "EDG",
        "NSM",
        "--results",
        "1-0,1-0,½-½,0-1",
        "--event",
        EVENT,
        "--round",
        "1",
    ]);
    assert_eq!(
        out,
        "Round 1: Edgewood MS 2½-1½ North Side MS.\n\
         --results read from Edgewood MS's side (1-0: Edgewood MS's player won); Edgewood MS had White on boards 1 and 3, Black on boards 2 and 4.\n"
    );
    let boards = t.query(
        "SELECT g.board, pw.name, pb.name, g.result FROM game g \
         JOIN entry w ON w.id = g.white_entry JOIN player pw ON pw.id = w.player_id \
         JOIN entry b ON b.id = g.black_entry JOIN player pb ON pb.id = b.player_id ORDER BY g.board",
    );
    let want: Vec<Vec<String>> = [
        ["1", "EDG 1", "NSM 1", "1-0"],
        ["2", "NSM 2", "EDG 2", "0-1"],
        ["3", "EDG 3", "NSM 3", "1/2-1/2"],
        ["4", "NSM 4", "EDG 4", "1-0"],
    ]
    .iter()
    .map(|r| r.iter().map(|s| s.to_string()).collect())
    .collect();
    assert_eq!(boards, want);
}

/// Issue 25: a roster name the league does not know, a board corrected
/// without a reason and a player entered who is not in the league are the
/// application layer's refusals; the CLI adds the command or the flag that
/// goes on, as it always said, and exits with status 2.
#[test]
fn unknown_players_and_a_blank_reason_are_refused_with_the_cli_s_way_on() {
    let t = with_rosters();
    let r = t.fails(
        &["team", "roster", "EDG", "Zebulon Quayle", "--event", EVENT],
        "no player is called \"Zebulon Quayle\"; add the player first with `league player add`, or give --new",
    );
    assert_eq!(r.code, Some(2));
    t.ok(&[
        "match",
        "record",
        "EDG",
        "NSM",
        "--results",
        "1-0,1-0,½-½,0-1",
        "--event",
        EVENT,
        "--round",
        "1",
    ]);
    let r = t.fails(
        &[
            "match", "correct", "EDG", "1-0", "--board", "3", "--reason", " ", "--event", EVENT,
            "--round", "1",
        ],
        "league: a correction needs a reason (--reason \"...\")\n",
    );
    assert_eq!(r.code, Some(2));
    let s = crate::util::TestLeague::small();
    let r = s.fails(
        &[
            "enter",
            "Zebulon Quayle",
            "--event",
            "Winter Swiss",
            "--section",
            "U1600",
        ],
        "league: no player is called \"Zebulon Quayle\"; add them with `league player add` or enter with --new\n",
    );
    assert_eq!(r.code, Some(2));
}

/// Issue 25: the rules of a team's name and short code, of the team rules,
/// of a round beyond the event and of a board forfeited without a game are
/// the application layer's; the CLI says them, with its way on, as before.
#[test]
fn team_names_rules_rounds_and_forfeited_boards_are_refused_with_the_cli_s_way_on() {
    let t = with_rosters();
    fn team<'a>(rest: &[&'a str]) -> Vec<&'a str> {
        [&["team"][..], rest, &["--event", EVENT]].concat()
    }
    t.fails(&team(&["add", " "]), "a team needs a name");
    t.fails(
        &team(&["add", "Bye"]),
        "\"BYE\" cannot be a team's name: it marks a team bye on match sheets",
    );
    t.fails(
        &team(&["add", "urey ms"]),
        "Grade 8 Team already has a team \"Urey MS\"",
    );
    t.fails(
        &team(&["add", "Urey B", "--short", "ury"]),
        "the short code ury is already Urey MS's",
    );
    t.fails(
        &team(&["edit", "--team", "URY", "--name", "edgewood ms"]),
        "Grade 8 Team already has a team \"Edgewood MS\"",
    );
    t.fails(
        &team(&["edit", "--team", "URY", "--short", "EDG"]),
        "the short code EDG is already Edgewood MS's",
    );
    t.fails(
        &team(&["edit", "--team", "URY", "--name", "BYE"]),
        "\"BYE\" cannot be a team's name",
    );
    t.fails(
        &team(&["edit", "--match-points", "2/2/0"]),
        "match points must fall from win to draw to loss",
    );
    // Edgewood v North Side, North Side with nobody on board 3.
    t.ok(&[
        "match",
        "record",
        "EDG",
        "NSM",
        "--results",
        "1-0,1-0,1F-0F,1-0",
        "--away-players",
        "NSM 1,NSM 2,-,NSM 4",
        "--event",
        EVENT,
        "--round",
        "1",
    ]);
    t.fails(
        &team(&["edit", "--boards", "5"]),
        "league: Grade 8 Team already has matches recorded on 4 boards; the number of boards cannot change now",
    );
    t.fails(
        &[
            "match", "correct", "EDG", "0-1", "--board", "3", "--event", EVENT, "--round", "1",
            "--reason", "slip",
        ],
        "league: board 3 of Edgewood MS's round 1 match was forfeited without a game (a team had nobody there); to change it, delete the match (league match delete) and record it again",
    );
    let beyond = "league: round 5 is beyond Grade 8 Team's 4 rounds (change the event's rounds with `league event edit --rounds`)";
    t.fails(
        &[
            "match", "record", "GMA", "GMB", "--score", "2-2", "--event", EVENT, "--round", "5",
        ],
        beyond,
    );
    t.fails(
        &["match", "bye", "URY", "--event", EVENT, "--round", "5"],
        beyond,
    );
    // A rename and a new code that no other team has are kept.
    t.ok(&team(&[
        "edit",
        "--team",
        "URY",
        "--name",
        "Urey Middle",
        "--short",
        "UM",
    ]));
    assert_eq!(
        t.query("SELECT name, short_code FROM team WHERE name LIKE 'Urey%'"),
        vec![vec!["Urey Middle".to_string(), "UM".into()]]
    );
}

/// Issue 25: a sheet's round beyond the event's rounds and a team bye worth
/// other than the event's rule are the application layer's refusals, with
/// the file's line and the CLI's way on as before.
#[test]
fn a_team_sheet_beyond_the_event_or_with_another_bye_worth_is_refused_with_the_way_on() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2019-20"]);
    let import = |file: &str| {
        vec![
            "--create",
            "import",
            "team-matches",
            file,
            "--season",
            "2019-20",
            "--event",
            EVENT,
        ]
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<_>>()
    };
    let run = |file: &str, needle: &str| {
        let a = import(file);
        t.fails(&a.iter().map(String::as_str).collect::<Vec<_>>(), needle);
    };
    let head = "round,team_a,team_b,points_a,points_b\n";
    t.write("bye.csv", format!("{head}1,A,B,2,2\n1,C,BYE,3,\n"));
    run(
        "bye.csv",
        "league: bye.csv, line 3, points_a: a team bye in Grade 8 Team is worth 4 game points, not 3 (change the event's rule with `league team edit --event \"Grade 8 Team\" --bye-points 3`)",
    );
    t.write("one.csv", format!("{head}1,A,B,2.5,1.5\n1,C,BYE,4,\n"));
    let a = import("one.csv");
    t.ok(&a.iter().map(String::as_str).collect::<Vec<_>>());
    // The import made a team Swiss of the file's one round.
    t.write("two.csv", format!("{head}2,A,C,2,2\n2,B,BYE,4,\n"));
    run(
        "two.csv",
        "league: two.csv, line 2, round: round 2 is beyond Grade 8 Team's 1 rounds (change them with `league event edit --rounds`)",
    );
}

#[test]
fn a_withdrawn_team_and_a_team_bye_s_boards_are_refused_in_the_same_words() {
    let t = with_rosters();
    let r1 = ["--event", EVENT, "--round", "1"];
    let mut a = vec!["match", "bye", "URY"];
    a.extend(r1);
    t.ok(&a);
    let mut a = vec!["match", "record", "EDG", "NSM", "--score", "2-2"];
    a.extend(r1);
    t.ok(&a);
    // A team bye has no boards to correct.
    let mut a = vec!["match", "correct", "URY", "1-0", "--board", "1"];
    a.extend(r1);
    a.extend(["--reason", "slip"]);
    t.fails(
        &a,
        "Urey MS had a team bye in round 1; there are no boards to correct",
    );
    // Urey withdraws after round 1, so cannot play round 2.
    t.ok(&[
        "team",
        "withdraw",
        "URY",
        "--after-round",
        "1",
        "--event",
        EVENT,
    ]);
    let r2 = ["--event", EVENT, "--round", "2"];
    let mut a = vec!["match", "record", "EDG", "URY", "--score", "2-2"];
    a.extend(r2);
    t.fails(
        &a,
        "Urey MS withdrew after round 1 and cannot play in round 2",
    );
    let mut a = vec!["match", "bye", "URY"];
    a.extend(r2);
    t.fails(
        &a,
        "Urey MS withdrew after round 1 and cannot play in round 2",
    );
    // A team that already plays in the round, by a bye or a match.
    let mut a = vec!["match", "record", "GMA", "URY", "--score", "2-2"];
    a.extend(r1);
    t.fails(
        &a,
        "Urey MS already plays in round 1 (a team bye); a team plays once a round",
    );
    let mut a = vec!["match", "bye", "NSM"];
    a.extend(r1);
    t.fails(
        &a,
        "North Side MS already plays in round 1 (a match Edgewood MS v North Side MS); a team plays once a round",
    );
}

#[test]
fn a_match_sheet_s_boards_are_refused_at_their_line_in_the_same_words() {
    let t = with_rosters();
    let record = |sheet: &str, needle: &str| {
        t.fails(
            &[
                "match", "record", "EDG", "NSM", "--sheet", sheet, "--event", EVENT, "--round", "1",
            ],
            needle,
        );
    };
    t.write(
        "twice.csv",
        "board,white,black,result\n1,EDG 1,NSM 1,1-0\n2,NSM 2,EDG 2,0-1\n2,EDG 3,NSM 3,1-0\n4,NSM 4,EDG 4,0-1\n",
    );
    record(
        "twice.csv",
        "twice.csv, line 4, board: board 2 is given twice",
    );
    t.write(
        "two.csv",
        "board,white,black,result\n1,EDG 1,NSM 1,1-0\n2,NSM 2,EDG 1,0-1\n3,EDG 3,NSM 3,1-0\n4,NSM 4,EDG 4,0-1\n",
    );
    record(
        "two.csv",
        "two.csv, line 3, black: EDG 1 plays on two boards of this match",
    );
    t.write(
        "same.csv",
        "board,white,black,result\n1,EDG 1,EDG 2,1-0\n2,NSM 2,EDG 3,0-1\n3,EDG 4,NSM 3,1-0\n4,NSM 4,NSM 1,0-1\n",
    );
    record(
        "same.csv",
        "same.csv, line 2, white: board 1: EDG 1 (on Edgewood MS) and EDG 2 (on Edgewood MS) are not one player of each team of Edgewood MS v North Side MS",
    );
    t.write(
        "three.csv",
        "board,white,black,result\n1,EDG 1,NSM 1,1-0\n2,NSM 2,EDG 2,0-1\n3,EDG 3,NSM 3,1-0\n",
    );
    record(
        "three.csv",
        "Edgewood MS v North Side MS: board 4 has no result; a match in Grade 8 Team is on 4 boards (a board nobody played is a double forfeit, 0F-0F)",
    );
}
