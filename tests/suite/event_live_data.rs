//! Issue 28's live data: an event's venue and which federations rate it
//! (item 4), stored on the event, set with `league event add|edit`, shown
//! by `league event show`, on the section page and in the JSON export, and
//! deciding which rating estimates the standings carry.

use serde_json::Value;

use crate::prizes::quads;
use crate::util::TestLeague;

fn standings_json(t: &TestLeague) -> Value {
    serde_json::from_str(&t.ok(&["standings", "--event", "Quads", "--format", "json"])).unwrap()
}

fn amos(j: &Value) -> &Value {
    j["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Amos")
        .unwrap()
}

fn section_page(t: &TestLeague) -> String {
    t.ok(&["site", "--all", "--out", "site"]);
    std::fs::read_to_string(t.path("site").join("2024/quads-open.html")).unwrap()
}

#[test]
fn a_stated_rating_federation_decides_the_estimates_and_is_shown_with_the_venue() {
    let t = quads();
    let out = t.ok(&[
        "event",
        "edit",
        "--event",
        "Quads",
        "--venue",
        "Riverside Community Hall",
        "--rated",
        "FIDE",
    ]);
    assert!(out.contains("Quads updated"), "{out}");
    // No chief arbiter is named: FIDE rates it because the event says so.
    let j = standings_json(&t);
    assert_eq!(amos(&j)["fide_estimate"]["change"], -15.4);
    assert!(amos(&j).get("us_chess_estimate").is_none());

    let show = t.ok(&["event", "show", "--event", "Quads"]);
    assert!(
        show.contains("  venue: Riverside Community Hall\n"),
        "{show}"
    );
    assert!(show.contains("  rated: FIDE\n"), "{show}");
    let html = section_page(&t);
    assert!(
        html.contains("<dt>Venue</dt><dd>Riverside Community Hall</dd>"),
        "{html}"
    );
    assert!(html.contains("<dt>Rated</dt><dd>FIDE</dd>"), "{html}");
    assert!(html.contains("FIDE change (estimated)"));

    let doc: Value = serde_json::from_str(&t.ok(&["export", "json", "--season", "2024"])).unwrap();
    let details = &doc["season"]["events"][0]["details"];
    assert_eq!(details["venue"], "Riverside Community Hall");
    assert_eq!(details["rated"], "fide");

    // "none" wins over a chief arbiter: no estimate, the page says so.
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Quads",
        "--chief-arbiter",
        "Ann Arbiter",
        "--rated",
        "none",
    ]);
    let j = standings_json(&t);
    assert!(amos(&j).get("fide_estimate").is_none(), "{j}");
    let show = t.ok(&["event", "show", "--event", "Quads"]);
    assert!(show.contains("  rated: not rated\n"), "{show}");
    let html = section_page(&t);
    assert!(html.contains("<dt>Rated</dt><dd>Not rated</dd>"), "{html}");
    assert!(!html.contains("FIDE change (estimated)"));

    // Cleared, the chief arbiter makes it FIDE-rated again, and show says why.
    t.ok(&["event", "edit", "--event", "Quads", "--rated", ""]);
    let show = t.ok(&["event", "show", "--event", "Quads"]);
    assert!(
        show.contains("  rated: FIDE (from its chief arbiter; not stated)\n"),
        "{show}"
    );
    assert_eq!(amos(&standings_json(&t))["fide_estimate"]["change"], -15.4);
}

#[test]
fn event_add_takes_the_venue_and_rating_and_refuses_an_unknown_federation() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024"]);
    t.fails(
        &[
            "event", "add", "Open", "--season", "2024", "--rounds", "5", "--rated", "ecf",
        ],
        "--rated \"ecf\" is not one of fide, uscf, both, none",
    );
    t.ok(&[
        "event",
        "add",
        "Open",
        "--season",
        "2024",
        "--rounds",
        "5",
        "--venue",
        "Town Library",
        "--rated",
        "both",
        "--rating-system",
        "quick",
    ]);
    assert_eq!(
        t.query("SELECT venue, rated, rating_system FROM event"),
        vec![vec!["Town Library", "both", "quick"]]
    );
    let show = t.ok(&["event", "show", "--event", "Open", "--format", "json"]);
    let j: Value = serde_json::from_str(&show).unwrap();
    assert_eq!(j["settings"]["venue"], "Town Library");
    assert_eq!(j["settings"]["rated"], "FIDE and US Chess");
    t.fails(
        &["event", "edit", "--event", "Open", "--rated", "yes"],
        "--rated \"yes\" is not one of fide, uscf, both, none",
    );
}

/// A 4-player Swiss, nothing paired yet.
fn four() -> TestLeague {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024"]);
    t.ok(&["event", "add", "Club", "--season", "2024", "--rounds", "3"]);
    for (name, rating) in [
        ("Ann", "1900"),
        ("Bob", "1700"),
        ("Cy", "1600"),
        ("Di", "1500"),
    ] {
        t.ok(&["player", "add", name, "--rating", rating]);
        t.ok(&["enter", name, "--event", "Club"]);
    }
    t
}

#[test]
fn a_rounds_date_and_start_time_are_on_the_pairing_sheet_and_the_round_page() {
    let t = four();
    t.fails(
        &["round", "pair", "--event", "Club", "--time", "7pm"],
        "\"7pm\" is not a time; write it as HH:MM on the 24-hour clock, e.g. 19:30",
    );
    let sheet = t.ok(&[
        "round",
        "pair",
        "--event",
        "Club",
        "--date",
        "2024-01-10",
        "--time",
        "19:30",
    ]);
    assert!(
        sheet.contains(
            "Club, Open: round 1 (US Chess Swiss system)\nWednesday 10 January 2024, 19:30\n"
        ),
        "{sheet}"
    );
    assert_eq!(
        t.query("SELECT date, start_time FROM round"),
        vec![vec!["2024-01-10", "19:30"]]
    );
    let j: Value =
        serde_json::from_str(&t.ok(&["round", "sheet", "--event", "Club", "--format", "json"]))
            .unwrap();
    assert_eq!(j["date"], "2024-01-10");
    assert_eq!(j["start_time"], "19:30");
    let html = t.ok(&["round", "sheet", "--event", "Club", "--format", "html"]);
    assert!(
        html.contains("<p class=\"when\">Wednesday 10 January 2024, 19:30</p>"),
        "{html}"
    );

    t.ok(&["site", "--all", "--out", "site"]);
    let page = std::fs::read_to_string(t.path("site").join("2024/club-open/round-1.html")).unwrap();
    assert!(
        page.contains("<span class=\"date\">Wednesday 10 January 2024, 19:30</span>"),
        "{page}"
    );
    // The section page leads with the round being played, and says when.
    let section = std::fs::read_to_string(t.path("site").join("2024/club-open.html")).unwrap();
    assert!(
        section.contains("<span class=\"date\">Wednesday 10 January 2024, 19:30</span>."),
        "{section}"
    );

    // A later start, recorded with the results, is a logged correction.
    let csv = "board,white,black,result\n1,1,3,1-0\n2,4,2,0-1\n";
    t.write("r1.csv", csv);
    t.ok(&[
        "round", "record", "--event", "Club", "--round", "1", "r1.csv", "--time", "19:45",
    ]);
    assert_eq!(
        t.query("SELECT date, start_time FROM round"),
        vec![vec!["2024-01-10", "19:45"]]
    );
    let log = t.ok(&["log"]);
    assert!(log.contains("round 1 start time"), "{log}");
    let sheet = t.ok(&["round", "sheet", "--event", "Club", "--round", "1"]);
    assert!(
        sheet.contains("Wednesday 10 January 2024, 19:45\n"),
        "{sheet}"
    );
}

#[test]
fn an_imported_player_list_loses_stray_direction_controls_with_a_warning() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024"]);
    let file = t.write(
        "players.csv",
        "name,rating\nSara \u{202E}Levi,1500\nOmar \u{2067}\u{0639}\u{0645}\u{0631}\u{2069},1600\n",
    );
    let r = t.run(&["import", "players", file.to_str().unwrap()]);
    assert!(r.ok, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("players.csv, line 2: the name \"Sara \\u{202e}Levi\" had 1 unpaired text-direction control (U+202E)"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("the name is stored as \"Sara Levi\""),
        "{}",
        r.stderr
    );
    // The isolate that closes stays, and gets no warning.
    assert_eq!(r.stderr.matches("Warning:").count(), 1, "{}", r.stderr);
    assert_eq!(
        t.query("SELECT name FROM player ORDER BY id"),
        vec![
            vec!["Sara Levi".to_string()],
            vec!["Omar \u{2067}\u{0639}\u{0645}\u{0631}\u{2069}".to_string()]
        ]
    );
}
