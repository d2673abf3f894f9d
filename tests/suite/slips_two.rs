//! Issue 27, "Slips, round two": what a tired secretary still got silently
//! wrong, each now refused with both readings or said in full: a result
//! typed from the winner's side, a deleted game's hole, a round sheet whose
//! names and numbers disagree.

use crate::util::{snapshot, TestLeague};

const EVENT: &str = "Autumn Swiss";

/// Section Open: #1 Harold Finch, #2 Beatrice Achterberg, #3 Ann Lee, #4
/// Ethan Cole, #5 Dmitri Orlov, #6 Greta Lind; section U1600: #1 Nadia
/// Petrova, #2 Oscar Wilde-Jones, #3 Ivy Shaw, #4 Jon Bell.
fn club() -> TestLeague {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25", "--start", "2024-09-01"]);
    t.ok(&[
        "event",
        "add",
        EVENT,
        "--season",
        "2024-25",
        "--rounds",
        "5",
        "--sections",
        "Open,U1600",
    ]);
    let open = [
        ("Harold Finch", "1900"),
        ("Beatrice Achterberg", "1850"),
        ("Ann Lee", "1800"),
        ("Ethan Cole", "1750"),
        ("Dmitri Orlov", "1700"),
        ("Greta Lind", "1650"),
    ];
    let under = [
        ("Nadia Petrova", "1500"),
        ("Oscar Wilde-Jones", "1450"),
        ("Ivy Shaw", "1400"),
        ("Jon Bell", "1350"),
    ];
    for (section, players) in [("Open", &open[..]), ("U1600", &under[..])] {
        for (name, rating) in players {
            t.ok(&["player", "add", name, "--rating", rating]);
        }
        let mut args = vec!["enter"];
        args.extend(players.iter().map(|p| p.0));
        args.extend(["--event", EVENT, "--section", section]);
        t.ok(&args);
    }
    t
}

/// `league ARGS... --event "Autumn Swiss" --section SECTION`.
fn cmd<'a>(args: &[&'a str], section: &'a str) -> Vec<&'a str> {
    let mut a = args.to_vec();
    a.extend(["--event", EVENT, "--section", section]);
    a
}

fn results(t: &TestLeague) -> Vec<Vec<String>> {
    t.query(
        "SELECT pw.name, pb.name, g.result FROM game g \
         JOIN entry w ON w.id = g.white_entry JOIN player pw ON pw.id = w.player_id \
         JOIN entry b ON b.id = g.black_entry JOIN player pb ON pb.id = b.player_id \
         ORDER BY g.board",
    )
}

fn row(white: &str, black: &str, result: &str) -> Vec<String> {
    vec![white.to_string(), black.to_string(), result.to_string()]
}

/// Slip 1: "Harold 1-0" when Harold had Black is how people say "Harold
/// won"; the command asks which is meant instead of recording White's win.
#[test]
fn a_result_named_after_the_black_player_is_asked_not_guessed() {
    let t = club();
    t.write(
        "r1.csv",
        "1,Dmitri,Greta,\n2,Ann,Ethan,\n3,Beatrice,Harold,\n",
    );
    t.ok(&cmd(&["round", "record", "r1.csv", "--round", "1"], "Open"));
    let r = t.fails(
        &cmd(&["game", "result", "Harold", "1-0", "--round", "1"], "Open"),
        "Harold Finch had Black on board 3: White won (Beatrice Achterberg 1-0) or Black won (0-1)?",
    );
    assert!(
        r.stderr
            .contains("give --white-side to record 1-0 as typed")
            && r.stderr.contains("--winner \"Harold Finch\""),
        "the message says how to proceed:\n{}",
        r.stderr
    );
    // 0-1 after Black's name reads two ways as well ("Harold lost").
    t.fails(
        &cmd(&["game", "result", "Harold", "0-1", "--round", "1"], "Open"),
        "Harold Finch had Black on board 3: White won (Beatrice Achterberg 1-0) or Black won (0-1)?",
    );
    // Forms that cannot be misread are recorded as meant.
    let out = t.ok(&cmd(
        &["game", "result", "--winner", "Harold", "--round", "1"],
        "Open",
    ));
    assert_eq!(
        out,
        "Autumn Swiss Open round 1: Beatrice Achterberg (2) v Harold Finch (1) 0-1.\n"
    );
    let out = t.ok(&cmd(
        &[
            "game",
            "result",
            "Ethan",
            "1-0",
            "--white-side",
            "--round",
            "1",
        ],
        "Open",
    ));
    assert!(out.contains("Ann Lee (3) v Ethan Cole (4) 1-0"), "{out}");
    let out = t.ok(&cmd(
        &["game", "result", "Greta", "--draw", "--round", "1"],
        "Open",
    ));
    assert!(
        out.contains("Dmitri Orlov (5) v Greta Lind (6) ½-½"),
        "{out}"
    );
    assert_eq!(
        results(&t),
        vec![
            row("Dmitri Orlov", "Greta Lind", "1/2-1/2"),
            row("Ann Lee", "Ethan Cole", "1-0"),
            row("Beatrice Achterberg", "Harold Finch", "0-1"),
        ]
    );
    // The same for a correction.
    t.fails(
        &cmd(
            &[
                "game", "correct", "Harold", "1-0", "--round", "1", "--reason", "sheet misread",
            ],
            "Open",
        ),
        "Harold Finch had Black on board 3: White won (Beatrice Achterberg 1-0) or Black won (0-1)?",
    );
    // Named after White, a result is as typed; a draw reads one way only.
    let out = t.ok(&cmd(
        &[
            "game",
            "correct",
            "Beatrice",
            "1-0",
            "--round",
            "1",
            "--reason",
            "sheet misread",
        ],
        "Open",
    ));
    assert!(out.contains("corrected to 1-0"), "{out}");
    t.ok(&cmd(
        &[
            "game",
            "correct",
            "--winner",
            "Ethan",
            "--forfeit",
            "--round",
            "1",
            "--reason",
            "Ann never came",
        ],
        "Open",
    ));
    t.ok(&cmd(
        &[
            "game", "correct", "Greta", "=", "--round", "1", "--reason", "checking",
        ],
        "Open",
    ));
    assert_eq!(
        results(&t),
        vec![
            row("Dmitri Orlov", "Greta Lind", "1/2-1/2"),
            row("Ann Lee", "Ethan Cole", "0F-1F"),
            row("Beatrice Achterberg", "Harold Finch", "1-0"),
        ]
    );
}

/// Slip 1 for team events: `match correct` names a team, whose player may
/// have had Black on the board.
#[test]
fn a_board_corrected_after_the_team_with_black_is_asked_not_guessed() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25"]);
    t.ok(&[
        "event",
        "add",
        "County Teams",
        "--season",
        "2024-25",
        "--kind",
        "team-swiss",
        "--rounds",
        "3",
    ]);
    for (name, short) in [("Rooks", "ROO"), ("Knights", "KNI")] {
        t.ok(&[
            "team",
            "add",
            name,
            "--short",
            short,
            "--event",
            "County Teams",
        ]);
        let players: Vec<String> = (1..=4).map(|i| format!("{name} {i}")).collect();
        let mut args = vec!["team", "roster", short, "--new", "--event", "County Teams"];
        args.extend(players.iter().map(String::as_str));
        t.ok(&args);
    }
    t.write(
        "m1.csv",
        "board,white,black,result\n1,Rooks 1,Knights 1,1-0\n2,Knights 2,Rooks 2,0-1\n3,Rooks 3,Knights 3,1-0\n4,Knights 4,Rooks 4,0-1\n",
    );
    t.ok(&[
        "match",
        "record",
        "Rooks",
        "Knights",
        "--sheet",
        "m1.csv",
        "--event",
        "County Teams",
        "--round",
        "1",
    ]);
    let correct = |team: &str, result: &str, more: &[&str]| {
        let mut a = vec![
            "match",
            "correct",
            team,
            result,
            "--board",
            "2",
            "--reason",
            "card misread",
            "--event",
            "County Teams",
            "--round",
            "1",
        ];
        a.extend(more);
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let a = correct("Rooks", "1-0", &[]);
    let r = t.fails(
        &a.iter().map(String::as_str).collect::<Vec<_>>(),
        "Rooks 2 had Black on board 2: White won (Knights 2 1-0) or Black won (0-1)?",
    );
    assert!(r.stderr.contains("--white-side"), "{}", r.stderr);
    let a = correct("Rooks", "1-0", &["--white-side"]);
    t.ok(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let board2 = "SELECT result FROM game WHERE board = 2";
    assert_eq!(t.query(board2), vec![vec!["1-0".to_string()]]);
    // Named after the team with White, the result is as typed.
    let a = correct("Knights", "0-1", &[]);
    t.ok(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(t.query(board2), vec![vec!["0-1".to_string()]]);
}

/// Slip 3: deleting a game with a result needs --yes, says how to put it
/// back, and the hole it leaves shows in `round show`, the standings'
/// heading and `league check`.
#[test]
fn a_deleted_game_needs_yes_and_its_hole_is_shown_everywhere() {
    let t = club();
    t.write(
        "r1.csv",
        "1,Harold,Beatrice,1-0\n2,Ann,Ethan,1-0\n3,Dmitri,Greta,=\n",
    );
    t.ok(&cmd(&["round", "record", "r1.csv", "--round", "1"], "Open"));
    let delete = cmd(
        &[
            "game",
            "delete",
            "Ethan",
            "--round",
            "1",
            "--reason",
            "entered on the wrong night",
        ],
        "Open",
    );
    t.fails(
        &delete,
        "Ann Lee (3) v Ethan Cole (4) in round 1 has a result (1-0); deleting it takes the result out of the standings and leaves both players without a game. To delete it anyway give --yes",
    );
    let mut yes = delete.clone();
    yes.push("--yes");
    let out = t.ok(&yes);
    let put_back =
        "league game add 3 4 1-0 --event \"Autumn Swiss\" --section \"Open\" --round 1 --board 2";
    assert_eq!(
        out,
        format!(
            "Deleted Autumn Swiss Open round 1 board 2: Ann Lee (3) v Ethan Cole (4) (1-0).\n\
             Ann Lee and Ethan Cole have no game in round 1 now. To put it back: {put_back}\n"
        )
    );
    let log = t.ok(&["log"]);
    assert!(
        log.contains("round 1 board 2: Ann Lee (3) v Ethan Cole (4) (1-0)"),
        "the log keeps the board, the numbers and the result:\n{log}"
    );
    let shown = t.ok(&cmd(&["round", "show", "--round", "1"], "Open"));
    assert!(
        shown.contains("Ann Lee (3)") && shown.contains("Ethan Cole (4)"),
        "{shown}"
    );
    assert_eq!(shown.matches("not paired").count(), 2, "{shown}");
    let json: serde_json::Value = serde_json::from_str(&t.ok(&cmd(
        &["round", "show", "--round", "1", "--format", "json"],
        "Open",
    )))
    .expect("json");
    assert_eq!(json["not_paired"][0]["player"], "Ann Lee");
    assert_eq!(json["not_paired"][1]["player"], "Ethan Cole");
    let standings = t.ok(&cmd(&["standings"], "Open"));
    assert!(
        standings
            .lines()
            .nth(1)
            .is_some_and(|l| l == "round 1: Ann Lee and Ethan Cole have no game"),
        "the heading says so:\n{standings}"
    );
    let r = t.run(&["check"]);
    assert!(!r.ok, "a hole fails the check:\n{}", r.stdout);
    assert!(
        r.stdout.contains("FAIL  everyone entered has a game or a bye in every paired round (until they withdrew): 2 problems")
            && r.stdout.contains("Ann Lee (#3) has neither a game nor a bye"),
        "{}",
        r.stdout
    );
    // The command the deletion printed puts it back as it was.
    let args: Vec<String> = vec![
        "game",
        "add",
        "3",
        "4",
        "1-0",
        "--event",
        EVENT,
        "--section",
        "Open",
        "--round",
        "1",
        "--board",
        "2",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    t.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    t.ok(&["check"]);
    let standings = t.ok(&cmd(&["standings"], "Open"));
    assert!(!standings.contains("have no game"), "{standings}");
    // A game without a result goes without --yes.
    t.ok(&cmd(
        &["game", "add", "Harold", "Ann", "--round", "2"],
        "Open",
    ));
    let out = t.ok(&cmd(
        &[
            "game",
            "delete",
            "Ann",
            "--round",
            "2",
            "--reason",
            "wrong pairing",
        ],
        "Open",
    ));
    assert!(
        out.starts_with(
            "Deleted Autumn Swiss Open round 2: Harold Finch (1) v Ann Lee (3) (no result)."
        ),
        "{out}"
    );
}

/// Slip 4: the result-entry CSV carries numbers and names; when they
/// disagree, the sheet is another section's or round's, and nothing is
/// recorded.
#[test]
fn a_sheet_whose_names_disagree_with_its_numbers_is_refused() {
    let t = club();
    t.write("u1.csv", "1,Nadia,Oscar,\n2,Ivy,Bell,\n");
    t.ok(&cmd(
        &["round", "record", "u1.csv", "--round", "1"],
        "U1600",
    ));
    let sheet = t.ok(&cmd(
        &["round", "sheet", "--round", "1", "--format", "csv"],
        "U1600",
    ));
    assert!(
        sheet.starts_with("board,white,black,result,white name,black name\n1,1,2,,Nadia Petrova,Oscar Wilde-Jones\n"),
        "{sheet}"
    );
    // U1600's sheet filled in and recorded as Open's by mistake.
    t.write("filled.csv", sheet.replace(",,", ",1-0,"));
    let r = t.fails(
        &cmd(&["round", "record", "filled.csv", "--round", "1"], "Open"),
        "filled.csv, line 2, white name: the numbers and the names disagree: the numbers say Harold Finch (1) v Beatrice Achterberg (2), the names say Nadia Petrova v Oscar Wilde-Jones; nobody in Open is called Nadia Petrova or Oscar Wilde-Jones: this looks like another section's sheet",
    );
    assert!(
        r.stderr.contains("check that this is Open's round 1 sheet"),
        "{}",
        r.stderr
    );
    // Names of this section's other players: another round's sheet.
    t.write("r3.csv", "1,1,2,1-0,Ann Lee,Ethan Cole\n");
    t.fails(
        &cmd(&["round", "record", "r3.csv", "--round", "1"], "Open"),
        "r3.csv, line 1, white name: the numbers and the names disagree: the numbers say Harold Finch (1) v Beatrice Achterberg (2), the names say Ann Lee v Ethan Cole; Ann Lee is #3 and Ethan Cole is #4 in Open: this looks like another round's sheet",
    );
    // The sheet recorded where it belongs goes in, and names written
    // "Last, First" or without accents agree.
    let before = snapshot(&t.db);
    let out = t.ok(&cmd(
        &["round", "record", "filled.csv", "--round", "1"],
        "U1600",
    ));
    assert!(
        out.contains("Nadia Petrova (1) v Oscar Wilde-Jones (2) 1-0"),
        "{out}"
    );
    assert_ne!(snapshot(&t.db), before);
    t.write(
        "o1.csv",
        "1,1,2,1-0,\"finch, harold\",Beatrice Achterberg\n",
    );
    t.ok(&cmd(&["round", "record", "o1.csv", "--round", "1"], "Open"));
}

/// Slip 2: a FIDE event goes by FIDE ratings in everything that uses a
/// rating (pairing numbers, the standings' rating column, the round sheet),
/// a player without a FIDE rating is unrated there, its tied prizes are not
/// pooled by US Chess 32B, and the basis survives a JSON round trip.
#[test]
fn a_fide_event_goes_by_fide_ratings_everywhere() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25"]);
    let ev = "Winter FIDE";
    let out = t.ok(&[
        "event",
        "add",
        ev,
        "--season",
        "2024-25",
        "--rounds",
        "5",
        "--tiebreaks",
        "fide-swiss",
    ]);
    assert!(
        out.contains("Ratings: FIDE (the default for FIDE tiebreaks and the Dutch system; change with --rating); players without one are unrated in this event; tied prizes split by Hort, not pooled as US Chess 32B pools them.\n"),
        "event add says which rating the event goes by:\n{out}"
    );
    // US Chess and FIDE ratings in opposite orders.
    for (name, uscf, fide) in [
        ("Ann Lee", "2000", Some("1800")),
        ("Ben Ode", "1700", Some("1900")),
        ("Cy Park", "1950", None),
        ("Di Ray", "1600", Some("1750")),
    ] {
        let mut a = vec!["player", "add", name, "--rating", uscf];
        if let Some(f) = fide {
            a.extend(["--fide-rating", f]);
        }
        t.ok(&a);
    }
    let out = t.ok(&[
        "enter", "Ann Lee", "Ben Ode", "Cy Park", "Di Ray", "--event", ev,
    ]);
    assert!(
        out.contains("Entered Cy Park in Winter FIDE Open as #3 (unrated here: no FIDE rating, which Winter FIDE goes by)"),
        "{out}"
    );
    t.ok(&["round", "pair", "--event", ev]);
    // Pairing numbers by FIDE rating; Cy, unrated here, last.
    let standings: serde_json::Value =
        serde_json::from_str(&t.ok(&["standings", "--event", ev, "--format", "json"]))
            .expect("json");
    let mut seats: Vec<(u64, String, Option<u64>)> = standings["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["pairing_no"].as_u64().expect("no"),
                r["name"].as_str().expect("name").to_string(),
                r["rating"].as_u64(),
            )
        })
        .collect();
    seats.sort();
    assert_eq!(
        seats,
        vec![
            (1, "Ben Ode".to_string(), Some(1900)),
            (2, "Ann Lee".to_string(), Some(1800)),
            (3, "Di Ray".to_string(), Some(1750)),
            (4, "Cy Park".to_string(), None),
        ]
    );
    let sheet = t.ok(&["round", "sheet", "--event", ev, "--round", "1"]);
    assert!(
        sheet.contains("1900") && sheet.contains("1800") && !sheet.contains("2000"),
        "the round sheet shows FIDE ratings:\n{sheet}"
    );
    assert!(sheet.contains("unrated"), "{sheet}");
    let show = t.ok(&["event", "show", "--event", ev]);
    assert!(show.contains("  ratings: FIDE\n"), "{show}");
    assert!(
        show.contains("tied prizes: Hort system"),
        "no US Chess 32B pooling by default:\n{show}"
    );
    // The basis goes into the JSON interchange and comes back.
    let json = t.path("season.json");
    t.ok(&[
        "export",
        "json",
        "--season",
        "2024-25",
        "--out",
        json.to_str().expect("path"),
    ]);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("read")).expect("json");
    assert_eq!(doc["season"]["events"][0]["rating_basis"], "fide");
    let copy = TestLeague::new();
    copy.ok(&["--create", "import", "json", json.to_str().expect("path")]);
    let show = copy.ok(&["event", "show", "--event", ev]);
    assert!(show.contains("  ratings: FIDE\n"), "{show}");
    // Changed to US Chess: every entry takes its US Chess rating.
    let out = t.ok(&["event", "edit", "--event", ev, "--rating", "uscf"]);
    assert!(
        out.contains(
            "Ratings: US Chess from now on; 4 entries took their player's US Chess rating"
        ),
        "{out}"
    );
    let standings = t.ok(&["standings", "--event", ev, "--format", "csv"]);
    assert!(
        standings.contains(",Cy Park,1950,") && standings.contains(",Ann Lee,2000,"),
        "{standings}"
    );
    t.fails(
        &["event", "edit", "--event", ev, "--rating", "elo"],
        "\"elo\" is not a rating; use fide, uscf, national or club",
    );
}

/// Slip 2: an event without FIDE tiebreaks or the Dutch system goes by the
/// US Chess rating, as before, and pools tied prizes (32B).
#[test]
fn a_us_chess_event_goes_by_the_us_chess_rating() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25"]);
    let out = t.ok(&[
        "event",
        "add",
        "Club Swiss",
        "--season",
        "2024-25",
        "--rounds",
        "3",
    ]);
    assert!(
        out.contains("Ratings: US Chess (the default; change with --rating); players without one are unrated in this event.\n"),
        "{out}"
    );
    t.ok(&[
        "player",
        "add",
        "Ann Lee",
        "--rating",
        "2000",
        "--fide-rating",
        "1800",
    ]);
    t.ok(&["enter", "Ann Lee", "--event", "Club Swiss"]);
    assert_eq!(
        t.query("SELECT rating FROM entry"),
        vec![vec!["2000".to_string()]]
    );
    let show = t.ok(&["event", "show", "--event", "Club Swiss"]);
    assert!(show.contains("  ratings: US Chess\n"), "{show}");
    assert!(show.contains("pooled and shared (US Chess 32B)"), "{show}");
}
