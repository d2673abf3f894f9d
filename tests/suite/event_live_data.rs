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
