//! Team pairing through the binary: a team Swiss round paired and written
//! (matches, boards in roster order with alternating colours, games with no
//! result), a team round robin paired whole by `pair-all`, the README's
//! team-pairing block, and the refusals (too few players, a second pairing
//! without --replace, a paired round with a result in) proven to change
//! nothing.

use std::collections::HashSet;

use serde_json::Value as Json;

use crate::util::{snapshot, TestLeague};

const EVENT: &str = "Metro Team Swiss";

fn json(text: &str) -> Json {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A team event of `kind` with `rounds` rounds, 4 boards, and teams named
/// with the rating of their players and the size of their rosters.
fn league(kind: &str, rounds: &str, teams: &[(&str, &str, usize)]) -> TestLeague {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25"]);
    t.ok(&[
        "event", "add", EVENT, "--season", "2024-25", "--kind", kind, "--rounds", rounds,
    ]);
    t.ok(&["team", "edit", "--event", EVENT, "--boards", "4"]);
    for (name, rating, players) in teams {
        t.ok(&["team", "add", name, "--event", EVENT]);
        let names: Vec<String> = (1..=*players).map(|i| format!("{name} {i}")).collect();
        let mut args = vec!["team", "roster", name];
        args.extend(names.iter().map(String::as_str));
        args.extend(["--new", "--rating", rating, "--event", EVENT]);
        t.ok(&args);
    }
    t
}

fn sheet(t: &TestLeague, round: &str) -> Json {
    json(&t.ok(&[
        "round", "sheet", "--event", EVENT, "--round", round, "--format", "json",
    ]))
}

/// (team_a, team_b or "BYE") of a sheet's matches.
fn matches(s: &Json) -> Vec<(String, String)> {
    s["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["team_a"].as_str().unwrap().to_string(),
                m["team_b"].as_str().unwrap_or("BYE").to_string(),
            )
        })
        .collect()
}

#[test]
fn a_team_swiss_round_is_paired_by_rating_order_with_boards_in_roster_order() {
    // Rating order: Bishops 2100, Knights 2000, Rooks 1900, Pawns 1800,
    // Queens 1500 (a fifth team: the bye). Round 1 (C.04.3): 1 v 3, 4 v 2.
    let t = league(
        "team-swiss",
        "3",
        &[
            ("Knights", "2000", 4),
            ("Rooks", "1900", 5),
            ("Pawns", "1800", 4),
            ("Bishops", "2100", 4),
            ("Queens", "1500", 4),
        ],
    );
    let before = snapshot(&t.db);
    let dry = t.ok(&["round", "pair", "--event", EVENT, "--dry-run"]);
    assert!(dry.contains("Dry run: nothing was written."), "{dry}");
    assert!(dry.contains("Bishops v Rooks"), "{dry}");
    assert_eq!(before, snapshot(&t.db), "a dry run wrote something");

    let out = t.ok(&["round", "pair", "--event", EVENT]);
    assert!(
        out.contains("Team numbers: 1 Bishops, 2 Knights, 3 Rooks, 4 Pawns, 5 Queens."),
        "{out}"
    );
    let s = sheet(&t, "1");
    assert_eq!(
        matches(&s),
        vec![
            ("Bishops".into(), "Rooks".into()),
            ("Pawns".into(), "Knights".into()),
            ("Queens".into(), "BYE".into()),
        ]
    );
    // Board 1 White for the first-named team, then alternating; players in
    // roster order (Rooks 5 is an alternate and does not play).
    let boards: Vec<(String, String, String)> = s["matches"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            assert!(b["result"].is_null());
            (
                b["white"].as_str().unwrap().to_string(),
                b["black"].as_str().unwrap().to_string(),
                b["white_team"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        boards,
        vec![
            ("Bishops 1".into(), "Rooks 1".into(), "Bishops".into()),
            ("Rooks 2".into(), "Bishops 2".into(), "Rooks".into()),
            ("Bishops 3".into(), "Rooks 3".into(), "Bishops".into()),
            ("Rooks 4".into(), "Bishops 4".into(), "Rooks".into()),
        ]
    );
    // Eight games, none with a result; the numbers are stored.
    assert_eq!(
        t.query("SELECT COUNT(*), COUNT(result) FROM game"),
        vec![vec!["8".to_string(), "0".to_string()]]
    );
    assert_eq!(
        t.query("SELECT name, pairing_no FROM team ORDER BY pairing_no"),
        [
            ("Bishops", 1),
            ("Knights", 2),
            ("Rooks", 3),
            ("Pawns", 4),
            ("Queens", 5)
        ]
        .iter()
        .map(|(n, p)| vec![n.to_string(), p.to_string()])
        .collect::<Vec<_>>()
    );

    // Round 2 waits for round 1's results.
    t.fails(
        &["round", "pair", "--event", EVENT],
        "round 1 still has boards without a result",
    );
    // Bishops beat Rooks 3-1, Knights beat Pawns 2½-1½ (Pawns had White
    // on board 1, so name them first; results from Pawns' side).
    t.fails(
        &[
            "match", "record", "Rooks", "Bishops", "--results", "1-0,1-0,1-0,1-0", "--event",
            EVENT, "--round", "1",
        ],
        "round 1 is paired Bishops v Rooks (Bishops has White on board 1); name the teams in that order",
    );
    t.ok(&[
        "match",
        "record",
        "Bishops",
        "Rooks",
        "--results",
        "1-0,0-1,1-0,1-0",
        "--event",
        EVENT,
        "--round",
        "1",
    ]);
    t.ok(&[
        "match",
        "record",
        "Pawns",
        "Knights",
        "--results",
        "0-1,½-½,1-0,0-1",
        "--event",
        EVENT,
        "--round",
        "1",
    ]);
    // Round 2 by hand (match points 1/½/0, a bye worth a match win and
    // 4 game points). 1 MP: Queens (4 GP), Bishops (3), Knights (2½);
    // 0 MP: Pawns (1½), Rooks (1). The top group has three teams: Queens
    // (no colour yet) meet Bishops, the highest they can meet, with White
    // (Bishops had White); Knights float down and meet Rooks (Knights v
    // Pawns would be a rematch), Knights White as the higher-ranked of two
    // teams that both had Black; Pawns, who have not had one, get the bye.
    t.ok(&["round", "pair", "--event", EVENT]);
    let s = sheet(&t, "2");
    assert_eq!(
        matches(&s),
        vec![
            ("Queens".into(), "Bishops".into()),
            ("Knights".into(), "Rooks".into()),
            ("Pawns".into(), "BYE".into()),
        ]
    );
}

#[test]
fn a_team_with_too_few_players_is_named_and_nothing_is_written() {
    let t = league(
        "team-swiss",
        "3",
        &[
            ("Knights", "2000", 4),
            ("Rooks", "1900", 3),
            ("Pawns", "1800", 4),
        ],
    );
    t.fails(
        &["round", "pair", "--event", EVENT],
        "a match is on 4 boards, and Rooks has 3 players on its roster and needs 4",
    );
    t.fails(
        &["round", "pair", "--event", EVENT, "--dry-run"],
        "Rooks has 3 players",
    );
}

#[test]
fn a_second_pairing_needs_replace_and_none_once_a_result_is_in() {
    let t = league(
        "team-swiss",
        "3",
        &[
            ("Knights", "2000", 4),
            ("Rooks", "1900", 4),
            ("Pawns", "1800", 4),
            ("Bishops", "2100", 4),
        ],
    );
    t.ok(&["round", "pair", "--event", EVENT]);
    t.fails(
        &["round", "pair", "--event", EVENT, "--round", "1"],
        "round 1 of Metro Team Swiss is already paired (2 matches); to pair it again give --replace",
    );
    let out = t.ok(&[
        "round",
        "pair",
        "--event",
        EVENT,
        "--round",
        "1",
        "--replace",
    ]);
    assert!(out.contains("was replaced (kept in the log)"), "{out}");
    assert_eq!(
        t.query("SELECT COUNT(*) FROM team_match"),
        vec![vec!["2".to_string()]]
    );
    assert_eq!(
        t.query("SELECT COUNT(*) FROM game"),
        vec![vec!["8".to_string()]]
    );
    // A result in: the round stays as it is.
    t.ok(&[
        "match",
        "record",
        "Bishops",
        "Rooks",
        "--results",
        "1-0,1-0,1-0,1-0",
        "--event",
        EVENT,
        "--round",
        "1",
    ]);
    t.fails(
        &[
            "round",
            "pair",
            "--event",
            EVENT,
            "--round",
            "1",
            "--replace",
        ],
        "cannot be paired again: results are in",
    );
}

#[test]
fn a_team_round_robin_is_paired_whole_from_the_berger_table() {
    let t = league(
        "team-round-robin",
        "3",
        &[
            ("Knights", "2000", 4),
            ("Rooks", "1900", 4),
            ("Pawns", "1800", 4),
            ("Bishops", "2100", 4),
        ],
    );
    let show = t.ok(&["event", "show", "--event", EVENT]);
    assert!(show.contains("berger"), "{show}");
    let out = t.ok(&["event", "pair-all", "--event", EVENT]);
    // Numbers 1 Bishops, 2 Knights, 3 Rooks, 4 Pawns; C.05 Annex 1 for
    // four: 1-4, 2-3 / 4-3, 1-2 / 2-4, 3-1.
    assert!(
        out.contains("Round 1: Bishops – Pawns; Knights – Rooks"),
        "{out}"
    );
    assert!(
        out.contains("Round 2: Pawns – Rooks; Bishops – Knights"),
        "{out}"
    );
    assert!(
        out.contains("Round 3: Knights – Pawns; Rooks – Bishops"),
        "{out}"
    );
    let mut met = HashSet::new();
    for r in ["1", "2", "3"] {
        for (a, b) in matches(&sheet(&t, r)) {
            assert!(met.insert((a.clone().min(b.clone()), a.max(b))));
        }
    }
    assert_eq!(met.len(), 6, "every pair of teams meets once");
    assert_eq!(
        t.query("SELECT COUNT(*), COUNT(result) FROM game"),
        vec![vec!["24".to_string(), "0".to_string()]]
    );
    t.fails(
        &["event", "pair-all", "--event", EVENT],
        "every round of Metro Team Swiss is already paired",
    );
}

#[test]
fn a_team_event_can_be_paired_by_hand_and_says_so() {
    let t = league(
        "team-swiss",
        "3",
        &[("Knights", "2000", 4), ("Rooks", "1900", 4)],
    );
    t.ok(&["event", "edit", "--event", EVENT, "--pairing", "manual"]);
    t.fails(
        &["round", "pair", "--event", EVENT],
        "Metro Team Swiss is paired by hand (pairing: manual): record each match with `league match record`",
    );
    t.fails(
        &["round", "pair", "--event", EVENT, "--format", "html"],
        "a team round prints as text, json, csv or markdown",
    );
    t.ok(&["event", "edit", "--event", EVENT, "--pairing", "dutch"]);
    t.ok(&["round", "pair", "--event", EVENT]);
    assert_eq!(
        matches(&sheet(&t, "1")),
        vec![("Knights".to_string(), "Rooks".to_string())]
    );
}

#[test]
fn readme_team_pairing_block_runs_as_written() {
    use crate::readme::{block_after, words};
    let t = TestLeague::new();
    let mut outputs = Vec::new();
    for line in block_after("<!-- team pairing").lines() {
        let line = line.trim();
        if !line.starts_with("league ") {
            continue;
        }
        let w = words(line);
        let args: Vec<&str> = w[1..].iter().map(String::as_str).collect();
        outputs.push(t.ok(&args));
    }
    assert_eq!(outputs.len(), 13);
    // Round 1: Knights v Rooks, Pawns the bye (as the comment says).
    let s = sheet(&t, "1");
    assert_eq!(
        matches(&s),
        vec![
            ("Knights".to_string(), "Rooks".to_string()),
            ("Pawns".to_string(), "BYE".to_string())
        ]
    );
    // Round 2: Pawns v Knights with Pawns White on board 1; Rooks the bye.
    assert_eq!(
        matches(&sheet(&t, "2")),
        vec![
            ("Pawns".to_string(), "Knights".to_string()),
            ("Rooks".to_string(), "BYE".to_string())
        ]
    );
    let last = outputs.last().unwrap();
    assert!(last.contains("| 2 | Pawns v Knights |"), "{last}");
    assert!(
        last.contains("| 1 | <bdi>Eva Park</bdi> | <bdi>Ada Kerr</bdi> | no result |"),
        "{last}"
    );
}

/// The paired round 1 of four teams and a bye: Bishops v Rooks, Pawns v
/// Knights, Queens's team bye.
fn paired_round() -> TestLeague {
    let t = league(
        "team-swiss",
        "3",
        &[
            ("Knights", "2000", 4),
            ("Rooks", "1900", 4),
            ("Pawns", "1800", 4),
            ("Bishops", "2100", 4),
            ("Queens", "1500", 4),
        ],
    );
    t.ok(&["round", "pair", "--event", EVENT]);
    t
}

#[test]
fn a_team_round_prints_as_a_page_match_by_match_with_empty_result_cells() {
    let t = paired_round();
    let html = t.ok(&[
        "round", "sheet", "--event", EVENT, "--round", "1", "--format", "html",
    ]);
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(html.contains("@media print"), "{html}");
    assert!(
        html.contains("<h2><bdi>Bishops</bdi> v <bdi>Rooks</bdi></h2>"),
        "{html}"
    );
    assert!(
        html.contains("<h2><bdi>Pawns</bdi> v <bdi>Knights</bdi></h2>"),
        "{html}"
    );
    assert!(
        html.contains("<li><bdi>Queens</bdi>: team bye</li>"),
        "{html}"
    );
    for (board, white, black) in [
        (1, "Bishops 1", "Rooks 1"),
        (2, "Rooks 2", "Bishops 2"),
        (3, "Bishops 3", "Rooks 3"),
        (4, "Rooks 4", "Bishops 4"),
        (1, "Pawns 1", "Knights 1"),
        (4, "Knights 4", "Pawns 4"),
    ] {
        let row = format!(
            "<tr><td class=\"n\">{board}</td><td><bdi>{white}</bdi></td><td><bdi>{black}</bdi></td><td></td></tr>"
        );
        assert!(html.contains(&row), "{row} missing from\n{html}");
    }
    assert_eq!(html.matches("<td></td></tr>").count(), 8, "{html}");
}

/// The team sheet is the site's round sheet (`site::round_sheet`, one
/// writer of printable sheets for players and teams): the page is byte for
/// byte what the CLI's own team writer printed before it moved (the
/// snapshot was checked against that writer's output).
#[test]
fn the_printable_team_sheet_is_byte_for_byte_what_it_was() {
    let t = paired_round();
    let html = t.ok(&[
        "round", "sheet", "--event", EVENT, "--round", "1", "--format", "html",
    ]);
    assert!(html.ends_with("</html>\n") && !html.ends_with("\n\n"));
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("team_round_sheet_html_round_1", html));
}

/// `league round pair --format csv` on a team event prints the round as
/// `league match show --format csv` lists it (a dry run the same as the
/// pairing written), while `league round sheet --format csv` prints the
/// result-entry sheet that `league match record --sheet` reads back.
#[test]
fn a_team_pairing_as_csv_is_the_match_table_and_the_sheet_the_entry_form() {
    let t = league(
        "team-swiss",
        "3",
        &[
            ("Knights", "2000", 4),
            ("Rooks", "1900", 4),
            ("Pawns", "1800", 4),
        ],
    );
    let dry = t.ok(&[
        "round",
        "pair",
        "--event",
        EVENT,
        "--dry-run",
        "--format",
        "csv",
    ]);
    let paired = t.ok(&["round", "pair", "--event", EVENT, "--format", "csv"]);
    let shown = t.ok(&[
        "match", "show", "--event", EVENT, "--round", "1", "--format", "csv",
    ]);
    assert_eq!(
        paired,
        "round,match,score,board,white,black,result\n\
         1,Knights v Rooks,,,,,\n\
         ,,,1,Knights 1,Rooks 1,no result\n\
         ,,,2,Rooks 2,Knights 2,no result\n\
         ,,,3,Knights 3,Rooks 3,no result\n\
         ,,,4,Rooks 4,Knights 4,no result\n\
         1,Pawns (team bye),,,,,\n"
    );
    assert_eq!(shown, paired);
    assert_eq!(dry, paired, "the dry run prints the pairing it would write");
    let sheet = t.ok(&[
        "round", "sheet", "--event", EVENT, "--round", "1", "--format", "csv",
    ]);
    assert_eq!(
        sheet,
        "match,board,white,black,result\n\
         Knights v Rooks,1,Knights 1,Rooks 1,\n\
         Knights v Rooks,2,Rooks 2,Knights 2,\n\
         Knights v Rooks,3,Knights 3,Rooks 3,\n\
         Knights v Rooks,4,Rooks 4,Knights 4,\n\
         # Pawns: team bye\n"
    );
}

#[test]
fn a_team_round_csv_filled_in_is_recorded_match_by_match() {
    let t = paired_round();
    let csv = t.ok(&[
        "round", "sheet", "--event", EVENT, "--round", "1", "--format", "csv",
    ]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "match,board,white,black,result", "{csv}");
    assert_eq!(lines[1], "Bishops v Rooks,1,Bishops 1,Rooks 1,", "{csv}");
    assert_eq!(lines.len(), 10, "{csv}");
    // The secretary fills in the Bishops v Rooks results (White's side).
    let results = ["1-0", "½-½", "0-1", "1-0"];
    let mut n = 0;
    let filled: String = lines
        .iter()
        .map(|l| {
            if l.starts_with("Bishops v Rooks,") {
                n += 1;
                format!("{l}{}\n", results[n - 1])
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    t.write("round1.csv", filled);
    // Named the other way round, the match is not in the file: refused, nothing written.
    let before = snapshot(&t.db);
    t.fails(
        &[
            "match",
            "record",
            "Rooks",
            "Bishops",
            "--event",
            EVENT,
            "--round",
            "1",
            "--sheet",
            "round1.csv",
        ],
        "has no lines for the match \"Rooks v Bishops\"",
    );
    assert_eq!(before, snapshot(&t.db));
    t.ok(&[
        "match",
        "record",
        "Bishops",
        "Rooks",
        "--event",
        EVENT,
        "--round",
        "1",
        "--sheet",
        "round1.csv",
    ]);
    let s = sheet(&t, "1");
    let got: Vec<(String, String, String)> = s["matches"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["team_a"] == "Bishops")
        .flat_map(|m| m["boards"].as_array().unwrap().clone())
        .map(|b| {
            (
                b["white"].as_str().unwrap().to_string(),
                b["black"].as_str().unwrap().to_string(),
                b["result"].as_str().unwrap_or("none").to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("Bishops 1".into(), "Rooks 1".into(), "1-0".into()),
            ("Rooks 2".into(), "Bishops 2".into(), "1/2-1/2".into()),
            ("Bishops 3".into(), "Rooks 3".into(), "0-1".into()),
            ("Rooks 4".into(), "Bishops 4".into(), "1-0".into()),
        ]
    );
    let score = s["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["team_a"] == "Bishops")
        .unwrap()["score"]
        .clone();
    // Bishops: 1 + ½ + 0 + 0 (board 4 is won by Rooks 4 with White).
    assert_eq!(score, "1½-2½", "{s}");
    // The other match is untouched.
    let pawns = s["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["team_a"] == "Pawns")
        .unwrap();
    assert!(
        pawns["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["result"].is_null()),
        "{s}"
    );
}

/// `league round pair --explain` on a team Swiss gives the account of the
/// pairing as for players, naming the teams by their place in the round's
/// ranking (match points, game points, team number), in text and json.
#[test]
fn a_team_swiss_pairing_explains_each_match_float_and_the_bye() {
    let t = paired_round();
    for (home, away, results) in [
        ("Bishops", "Rooks", "1-0,0-1,1-0,1-0"),
        ("Pawns", "Knights", "0-1,½-½,1-0,0-1"),
    ] {
        t.ok(&[
            "match",
            "record",
            home,
            away,
            "--results",
            results,
            "--event",
            EVENT,
            "--round",
            "1",
        ]);
    }
    let before = snapshot(&t.db);
    let text = t.ok(&["round", "pair", "--event", EVENT, "--dry-run", "--explain"]);
    let why = &text[text.find("Why this pairing").expect("an account")..];
    let lines: Vec<&str> = why.lines().collect();
    assert_eq!(lines[0], "Why this pairing (FIDE Dutch system, C.04.3):");
    assert!(
        lines[1].starts_with("Teams are numbered below by their place in this round's ranking"),
        "{why}"
    );
    assert_eq!(lines[2], "Board 1: Queens (1) - Bishops (2)");
    assert_eq!(lines[5], "Board 2: Knights (3) - Rooks (5)");
    assert!(
        why.contains("Knights (3), on 1, floats down to meet Rooks (5), on 0"),
        "{why}"
    );
    assert!(
        why.contains("Bye: Pawns (4), on 0, gets the pairing-allocated bye"),
        "{why}"
    );
    let doc = json(&t.ok(&[
        "round",
        "pair",
        "--event",
        EVENT,
        "--dry-run",
        "--explain",
        "--format",
        "json",
    ]));
    assert_eq!(doc["matches"].as_array().map(Vec::len), Some(3));
    let boards: Vec<(u64, u64)> = doc["explain"]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap()))
        .collect();
    assert_eq!(boards, vec![(1, 2), (3, 5)]);
    assert!(doc["explain"]["numbers"]
        .as_str()
        .unwrap()
        .contains("match points, then game points"));
    assert!(doc["explain"]["bye"]
        .as_str()
        .unwrap()
        .starts_with("Pawns (4)"));
    t.fails(
        &[
            "round",
            "pair",
            "--event",
            EVENT,
            "--explain",
            "--format",
            "csv",
        ],
        "--explain goes with --format text, markdown or json",
    );
    assert_eq!(
        before,
        snapshot(&t.db),
        "a dry run or a refusal wrote something"
    );
}
