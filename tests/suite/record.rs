//! Recording a week's round through the commands; the views checked
//! against hand-computed values; every kind of bad input refused with a
//! clear message and the database left exactly as it was.

use crate::util::TestLeague;

const EV: [&str; 4] = ["--event", "Winter Swiss", "--section", "1600+"];

fn args<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    head.iter()
        .chain(EV.iter())
        .chain(tail.iter())
        .copied()
        .collect()
}

/// Three rounds with a forfeit, a requested half-point bye, an assigned
/// full-point bye, a withdrawal and an absence.
fn three_rounds() -> TestLeague {
    let t = TestLeague::small();
    t.write(
        "r1.csv",
        "board,white,black,result\n1,Alice,Bob,1-0\n2,Carol,Dan,½-½\n3,Eve,Frank,1F-0F\n",
    );
    t.ok(&args(
        &["round", "record"],
        &["--round", "1", "r1.csv", "--date", "2023-01-10"],
    ));
    // Round 2: pairings first, results later.
    t.write(
        "r2.csv",
        "1,Alice,Carol,\n2,Dan,Eve,\n,Bob,BYE,half\n,Frank,BYE,full\n",
    );
    t.ok(&args(&["round", "record"], &["--round", "2", "r2.csv"]));
    t.ok(&args(
        &["game", "result", "Alice", "0-1"],
        &["--round", "2"],
    ));
    t.ok(&args(
        &["game", "result", "Eve", "1-0", "--white-side"],
        &["--round", "2"],
    ));
    t.ok(&args(
        &["withdraw", "Frank"],
        &["--after-round", "2", "--reason", "moved away"],
    ));
    // A rematch (they met in round 1), on purpose: these hand-computed
    // values have Carol and Dan meeting twice.
    t.ok(&args(
        &["game", "add", "Carol", "Dan", "1-0"],
        &["--round", "3", "--board", "1", "--allow-rematch"],
    ));
    t.ok(&args(
        &["game", "add", "Alice", "Eve", "="],
        &["--round", "3", "--board", "2"],
    ));
    t
}

fn by_pairing(t: &TestLeague, sql: &str) -> Vec<String> {
    t.query(sql).into_iter().map(|r| r.join(" ")).collect()
}

#[test]
fn views_match_hand_computed_values() {
    let t = three_rounds();
    // Final score, over-the-board part, and the score as opponents see it
    // under US Chess (½ per unplayed round) and FIDE 16.3 (as awarded,
    // trailing requested byes and absences as draws), all in half-points.
    let got = by_pairing(
        &t,
        "SELECT pairing_no, score_halves, played_halves, adj_uscf_halves, adj_fide_halves, games, unplayed_rounds \
         FROM entry_score WHERE section_id = 1 ORDER BY pairing_no",
    );
    assert_eq!(
        got,
        [
            "1 3 3 3 3 3 0", // Alice W L D: 1½
            "2 1 0 2 2 1 2", // Bob L, half bye, absent: ½; US 0+½+½; FIDE 0+½+½ (bye then absence only)
            "3 5 5 5 5 3 0", // Carol D W W: 2½
            "4 3 3 3 3 3 0", // Dan D W L: 1½
            "5 3 1 2 3 2 1", // Eve forfeit win, L, D: 1½; US ½+0+½ = 1
            "6 2 0 3 3 0 3", // Frank forfeit loss, full bye, withdrawn: 1; US ½×3; FIDE 0+1+½
        ]
    );
    let rounds = by_pairing(
        &t,
        "SELECT round_no, outcome, COALESCE(colour, '-'), halves, played FROM player_round WHERE section_id = 1 AND pairing_no = 6 ORDER BY round_no",
    );
    assert_eq!(
        rounds,
        ["1 forfeit-loss B 0 0", "2 bye-full - 2 0", "3 absent - 0 0"]
    );
    let bob = by_pairing(&t, "SELECT round_no, outcome, COALESCE(bye_requested, '-') FROM player_round WHERE pairing_no = 2 AND section_id = 1 ORDER BY round_no");
    assert_eq!(bob, ["1 loss -", "2 bye-half 1", "3 absent -"]);
    let running = by_pairing(&t, "SELECT round_no, running_halves, final_halves FROM running_score WHERE entry_id = 3 ORDER BY round_no");
    assert_eq!(running, ["1 1 5", "2 3 5", "3 5 5"]);
    // Opponents' scores for Alice: Bob (½; adjusted 1), Carol (2½), Eve (1½; US adjusted 1).
    let opp = by_pairing(
        &t,
        "SELECT round_no, opp_final_halves, opp_adj_uscf_halves, opp_adj_fide_halves FROM opponent_score WHERE entry_id = 1 ORDER BY round_no",
    );
    assert_eq!(opp, ["1 1 2 2", "2 5 5 5", "3 3 2 3"]);
    // The U1600 section has no rounds: no rows.
    assert!(t
        .query("SELECT * FROM player_round WHERE section_id = 2")
        .is_empty());
}

#[test]
fn round_show_and_missing() {
    let t = TestLeague::small();
    t.write("r1.csv", "1,Alice,Bob,1-0\n2,Carol,Dan,\n");
    t.ok(&args(&["round", "record"], &["--round", "1", "r1.csv"]));
    let shown = t.ok(&args(&["round", "show"], &["--round", "1"]));
    assert!(
        shown.contains("Alice Smith (1)")
            && shown.contains("1-0")
            && shown.contains("not reported"),
        "{shown}"
    );
    let missing = t.ok(&args(&["round", "missing"], &[]));
    assert!(
        missing.contains("round 1 board 2: Carol King v Dan Wu — no result"),
        "{missing}"
    );
    assert!(
        missing.contains("Eve Park (#5) has no game or bye"),
        "{missing}"
    );
    assert!(
        missing.contains("Frank Moss (#6) has no game or bye"),
        "{missing}"
    );
}

#[test]
fn corrections_are_audited() {
    let t = three_rounds();
    t.ok(&args(
        &["game", "correct", "Dan", "0-1", "--white-side"],
        &[
            "--round",
            "3",
            "--reason",
            "scoresheet signed the other way",
        ],
    ));
    let res = t.query("SELECT result FROM game_detail WHERE round = 3 AND white = 'Carol King'");
    assert_eq!(res[0][0], "0-1");
    let log =
        t.query("SELECT action, old_value, new_value, reason FROM audit WHERE action = 'correct'");
    assert_eq!(
        log,
        [["correct", "1-0", "0-1", "scoresheet signed the other way"]]
    );
    let shown = t.ok(&["log"]);
    assert!(shown.contains("scoresheet signed the other way"));
    // Renaming a player keeps their history and is logged.
    t.ok(&["player", "edit", "Carol King", "--name", "Carol King-Smith"]);
    let games = t.query("SELECT count(*) FROM game_detail WHERE white = 'Carol King-Smith' OR black = 'Carol King-Smith'");
    assert_eq!(games[0][0], "3");
}

#[test]
fn late_entry_gets_byes_for_missed_rounds() {
    let t = three_rounds();
    t.ok(&["player", "add", "Ivy Late", "--rating", "1700"]);
    t.fails(
        &args(&["enter", "Ivy"], &[]),
        "--missed half or --missed zero",
    );
    t.ok(&args(&["enter", "Ivy"], &["--missed", "half"]));
    let r = by_pairing(&t, "SELECT round_no, outcome FROM player_round WHERE pairing_no = 7 AND section_id = 1 ORDER BY round_no");
    assert_eq!(r, ["1 bye-half", "2 bye-half", "3 bye-half"]);
}

#[test]
fn same_game_recorded_twice_changes_nothing_and_a_different_result_is_refused() {
    let t = three_rounds();
    let before = crate::util::snapshot(&t.db);
    // The same result again (a sheet recorded twice) is no change.
    t.ok(&args(
        &["game", "result", "Carol", "1-0"],
        &["--round", "3"],
    ));
    let out = t.ok(&args(
        &["game", "add", "Carol", "Dan", "1-0"],
        &["--round", "3"],
    ));
    assert!(
        out.contains("already recorded exactly so; nothing changed"),
        "{out}"
    );
    assert_eq!(
        crate::util::snapshot(&t.db),
        before,
        "recording the same result again wrote something"
    );
    // A different one is a correction, with its own command.
    t.fails(
        &args(&["game", "result", "Carol", "0-1"], &["--round", "3"]),
        "is already recorded as 1-0; to change it use `league game correct`",
    );
    t.fails(
        &args(&["game", "add", "Carol", "Dan", "="], &["--round", "3"]),
        "is already recorded as 1-0; to change it use `league game correct`",
    );
}

#[test]
fn bad_input_unknown_player() {
    let t = three_rounds();
    t.write("bad.csv", "1,Alice,Zed Nobody,1-0\n");
    let r = t.fails(
        &args(&["round", "record"], &["--round", "4", "bad.csv", "--allow-rematch"]),
        "bad.csv, line 1, black: no player in section 1600+ is called \"Zed Nobody\"; enter them first with `league enter`",
    );
    assert_eq!(r.code, Some(2));
}

#[test]
fn bad_input_ambiguous_name_lists_candidates() {
    let t = TestLeague::small();
    t.ok(&["player", "add", "Alice Smyth", "--rating", "1600"]);
    t.ok(&[
        "enter",
        "Alice Smyth",
        "--event",
        "Winter Swiss",
        "--section",
        "1600+",
    ]);
    t.fails(
        &args(
            &["game", "add", "Alice Sm", "Bob", "1-0"],
            &["--round", "1"],
        ),
        "#1 Alice Smith; #7 Alice Smyth",
    );
}

#[test]
fn bad_input_player_paired_twice_in_a_round() {
    let t = three_rounds();
    t.write("bad.csv", "1,Alice,Bob,1-0\n2,Carol,Alice,0-1\n");
    t.fails(
        &args(
            &["round", "record"],
            &["--round", "4", "bad.csv", "--allow-rematch"],
        ),
        "bad.csv, line 2, black: Alice Smith is already paired in round 4",
    );
    // Against what is already in the database, too; and a bye for a paired player.
    t.fails(
        &args(&["game", "add", "Alice", "Bob"], &["--round", "3"]),
        "already paired in round 3",
    );
    t.fails(
        &args(&["bye", "add", "Dan"], &["--round", "3", "--kind", "half"]),
        "already has a game in round 3",
    );
}

#[test]
fn bad_input_player_against_themself() {
    let t = three_rounds();
    t.write("bad.csv", "1,Alice,Bob,1-0\n2,Carol,Carol,1-0\n");
    t.fails(
        &args(
            &["round", "record"],
            &["--round", "4", "bad.csv", "--allow-rematch"],
        ),
        "bad.csv, line 2, black: Carol King cannot play themself",
    );
}

#[test]
fn bad_input_players_from_different_sections() {
    let t = three_rounds();
    t.write("bad.csv", "1,Alice,Gina Low,1-0\n");
    t.fails(
        &args(
            &["round", "record"],
            &["--round", "4", "bad.csv", "--allow-rematch"],
        ),
        "Gina Low is in U1600, not 1600+",
    );
}

#[test]
fn bad_input_result_not_understood() {
    let t = three_rounds();
    t.write("bad.csv", "1,Alice,Bob,1-0\n2,Carol,Dan,2-0\n");
    t.fails(
        &args(
            &["round", "record"],
            &["--round", "4", "bad.csv", "--allow-rematch"],
        ),
        "bad.csv, line 2, result: result \"2-0\" not understood",
    );
    t.fails(
        &args(&["game", "add", "Carol", "Dan", "win"], &["--round", "4"]),
        "result \"win\" not understood",
    );
}

#[test]
fn bad_input_round_beyond_the_event() {
    let t = three_rounds();
    t.write("r6.csv", "1,Alice,Bob,1-0\n");
    t.fails(
        &args(&["round", "record"], &["--round", "6", "r6.csv"]),
        "round 6 is beyond Winter Swiss's 5 rounds",
    );
}

/// Issue 25: the round's number is checked by the application layer
/// before the round is made, for a game typed in as for a sheet.
#[test]
fn a_game_beyond_the_event_is_refused_with_the_way_on() {
    let t = three_rounds();
    t.fails(
        &args(&["game", "add", "Carol", "Dan", "1-0"], &["--round", "6"]),
        "league: round 6 is beyond Winter Swiss's 5 rounds (change the event's rounds with `league event edit --rounds`)",
    );
}

#[test]
fn a_bye_beyond_the_event_is_refused_with_the_rounds_it_has() {
    let t = three_rounds();
    t.fails(
        &args(&["bye", "add", "Dan"], &["--round", "6", "--kind", "half"]),
        "Winter Swiss has 5 rounds; there is no round 6 to give a bye in; change the event's rounds with `league event edit --rounds`",
    );
}

#[test]
fn bad_input_malformed_csv_line() {
    let t = three_rounds();
    t.write("bad.csv", "1,Alice,Bob,1-0\n2,Carol\n");
    t.fails(
        &args(
            &["round", "record"],
            &["--round", "4", "bad.csv", "--allow-rematch"],
        ),
        "bad.csv, line 2, row: expected 4 fields",
    );
    t.write("bad2.csv", b"1,Alice,Bob,1-0\n2,Car\xffol,Dan,1-0\n");
    t.fails(
        &args(
            &["round", "record"],
            &["--round", "4", "bad2.csv", "--allow-rematch"],
        ),
        "bad2.csv, line 2, text: the file is not UTF-8",
    );
}

#[test]
fn bad_input_missing_file() {
    let t = three_rounds();
    t.fails(
        &args(&["round", "record"], &["--round", "4", "nowhere.csv"]),
        "nowhere.csv: cannot read the file",
    );
}

#[test]
fn bad_input_database_that_is_not_sqlite() {
    let t = TestLeague::new();
    std::fs::write(&t.db, "name,rating\nAlice,1800\n").unwrap();
    let r = t.fails(
        &["season", "list"],
        "is not a league database (it is not an SQLite file)",
    );
    assert_eq!(r.code, Some(3));
    assert_eq!(
        std::fs::read_to_string(&t.db).unwrap(),
        "name,rating\nAlice,1800\n"
    );
    // An SQLite file of another program is refused too, and left alone.
    let other = t.path("other.db");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    let r = TestLeague {
        dir: tempfile::tempdir().unwrap(),
        db: other,
    }
    .run(&["season", "list"]);
    assert!(
        !r.ok && r.stderr.contains("not a league database"),
        "{}",
        r.stderr
    );
}

#[test]
fn bad_input_newer_database_is_refused() {
    let t = TestLeague::small();
    t.conn().execute("INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (999, 'future', '2030-01-01', '0')", []).unwrap();
    t.fails(&["season", "list"], "written by a newer version of league");
}

#[test]
fn withdrawn_player_cannot_be_paired_later() {
    let t = three_rounds();
    t.fails(
        &args(&["game", "add", "Frank", "Bob"], &["--round", "4"]),
        "Frank Moss withdrew after round 2",
    );
}

#[test]
fn whole_sheet_is_all_or_nothing() {
    let t = three_rounds();
    // The first line is fine, the third is not: nothing of round 4 is written.
    t.write(
        "bad.csv",
        "1,Alice,Bob,1-0\n2,Carol,Dan,1-0\n3,Eve,Nobody,1-0\n",
    );
    t.fails(
        &args(
            &["round", "record"],
            &["--round", "4", "bad.csv", "--allow-rematch"],
        ),
        "line 3",
    );
    assert!(t.query("SELECT * FROM round WHERE number = 4").is_empty());
}

#[test]
fn sheet_from_standard_input() {
    let t = three_rounds();
    let r = t.run_with_stdin(
        &args(
            &["round", "record"],
            &["--round", "4", "-", "--allow-rematch"],
        ),
        Some("1,Alice,Bob,1-0\n2,Carol,Eve,0-1\n,Dan,BYE,zero\n"),
    );
    assert!(r.ok, "{}", r.stderr);
    assert!(
        r.stdout.contains("2 pairings, 2 results, 1 bye"),
        "{}",
        r.stdout
    );
}

#[test]
fn unknown_event_and_section_list_what_exists() {
    let t = TestLeague::small();
    t.fails(
        &["round", "show", "--event", "Summer Swiss"],
        "no event is called \"Summer Swiss\"; did you mean Winter Swiss (2022-23)?",
    );
    t.fails(
        &["round", "show", "--event", "Winter Swiss"],
        "several sections (1600+, U1600)",
    );
    t.fails(
        &[
            "round",
            "show",
            "--event",
            "Winter Swiss",
            "--section",
            "U1400",
        ],
        "no section of Winter Swiss is called \"U1400\"; did you mean U1600 or 1600+?",
    );
    t.fails(
        &[
            "event",
            "add",
            "Bad",
            "--season",
            "2022-23",
            "--rounds",
            "5",
            "--tiebreaks",
            "mm,buchholz",
        ],
        "unknown tiebreak code \"buchholz\"",
    );
}

#[test]
fn an_event_in_two_seasons_needs_the_season_in_the_one_wording() {
    let t = TestLeague::small();
    t.ok(&["season", "add", "2023-24"]);
    t.ok(&[
        "event",
        "add",
        "Winter Swiss",
        "--season",
        "2023-24",
        "--rounds",
        "5",
    ]);
    t.fails(
        &["round", "show", "--event", "winter swiss"],
        "\"winter swiss\" matches more than one event: Winter Swiss (2023-24); Winter Swiss (2022-23); say which with --season",
    );
    t.fails(
        &["round", "show", "--event", "Winter", "--season", "2023-24"],
        "no event in season 2023-24 is called \"Winter\"; did you mean Winter Swiss (2023-24)?",
    );
    t.fails(
        &[
            "round",
            "show",
            "--event",
            "Winter Swiss",
            "--season",
            "2021",
        ],
        "no season is called \"2021\"; seasons: 2023-24, 2022-23",
    );
}

#[test]
fn section_show_lists_entries_rounds_and_withdrawals() {
    let t = three_rounds();
    let out = t.ok(&[
        "section",
        "show",
        "--event",
        "Winter Swiss",
        "--section",
        "1600+",
    ]);
    assert!(
        out.contains("Winter Swiss (2022-23), section 1600+"),
        "{out}"
    );
    assert!(out.contains("Rounds recorded: 3 of 5"), "{out}");
    let frank = out
        .lines()
        .find(|l| l.contains("Frank Moss"))
        .expect("Frank's line");
    let cells: Vec<&str> = frank.split_whitespace().collect();
    assert_eq!(cells, ["6", "Frank", "Moss", "1610", "2"], "{out}");
    let alice = out.lines().find(|l| l.contains("Alice Smith")).unwrap();
    assert_eq!(
        alice.split_whitespace().collect::<Vec<_>>(),
        ["1", "Alice", "Smith", "1800"]
    );
}

#[test]
fn round_show_says_when_the_round_starts() {
    let t = TestLeague::small();
    t.write("r1.csv", "1,Alice,Bob,1-0\n2,Carol,Dan,0-1\n");
    t.ok(&args(&["round", "record"], &["--round", "1", "r1.csv"]));
    let shown = t.ok(&args(&["round", "show"], &["--round", "1"]));
    assert!(!shown.contains("19:30"), "{shown}");
    t.write("r2.csv", "1,Alice,Carol,\n");
    t.ok(&args(
        &["round", "record"],
        &[
            "--round",
            "2",
            "--date",
            "2024-01-10",
            "--time",
            "19:30",
            "r2.csv",
        ],
    ));
    let shown = t.ok(&args(&["round", "show"], &["--round", "2"]));
    let second = shown.lines().nth(1).unwrap_or_default();
    assert_eq!(second, "Wednesday 10 January 2024, 19:30", "{shown}");
    let json = t.ok(&args(
        &["round", "show"],
        &["--round", "2", "--format", "json"],
    ));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (v["date"].as_str(), v["start_time"].as_str()),
        (Some("2024-01-10"), Some("19:30"))
    );
}

#[test]
fn a_team_match_records_the_rounds_start_time() {
    let t = TestLeague::small();
    let ev = ["--event", "Team Cup"];
    t.ok(&[
        "event",
        "add",
        "Team Cup",
        "--season",
        "2022-23",
        "--kind",
        "team-swiss",
        "--rounds",
        "2",
    ]);
    for (name, short) in [("Edgewood", "EDG"), ("Urey", "URY")] {
        let mut a = vec!["team", "add", name, "--short", short];
        a.extend(ev);
        t.ok(&a);
        let players: Vec<String> = (1..=4).map(|i| format!("{short} {i}")).collect();
        let mut a = vec!["team", "roster", short, "--new"];
        a.extend(players.iter().map(String::as_str));
        a.extend(ev);
        t.ok(&a);
    }
    let mut a = vec![
        "match", "record", "EDG", "URY", "--score", "2.5-1.5", "--round", "1",
    ];
    a.extend(["--time", "7:30pm"]);
    a.extend(ev);
    t.fails(
        &a,
        "\"7:30pm\" is not a time; write it as HH:MM on the 24-hour clock, e.g. 19:30",
    );
    assert!(t.query("SELECT * FROM team_match").is_empty());
    a.truncate(a.len() - 4);
    a.extend(["--time", "19:45", "--date", "2024-01-10"]);
    a.extend(ev);
    t.ok(&a);
    assert_eq!(
        t.query("SELECT date, start_time FROM round WHERE number = 1 AND section_id IN (SELECT s.id FROM section s JOIN event e ON e.id = s.event_id WHERE e.name = 'Team Cup')"),
        vec![vec!["2024-01-10".to_string(), "19:45".into()]]
    );
    let shown = t.ok(&["round", "show", "--event", "Team Cup", "--round", "1"]);
    assert!(
        shown.starts_with("Round 1: Wednesday 10 January 2024, 19:45\n"),
        "{shown}"
    );
}
