//! Issue 30, items 7 and 19: dates a secretary mistypes.
//!
//! - Seasons and events that end before they start are refused, and moving
//!   an event's start no longer changes the FIDE tiebreak rules of its
//!   recorded rounds without a word.
//! - A rating list dated in the future (a typo for this year) is refused
//!   unless `--force`, and an imported list can be listed and removed.

use crate::util::TestLeague;

const RATINGS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ratings/");

#[test]
fn dates_that_end_before_they_start_are_refused() {
    let t = TestLeague::small();
    t.fails(
        &[
            "season",
            "add",
            "2030-31",
            "--start",
            "2030-01-01",
            "--end",
            "2000-01-01",
        ],
        "season 2030-31 would end on 2000-01-01, before it starts on 2030-01-01",
    );
    // The season of `small` starts on 2022-09-01: an end before it.
    t.fails(
        &["season", "edit", "2022-23", "--end", "2022-08-31"],
        "would end on 2022-08-31, before it starts on 2022-09-01",
    );
    t.fails(
        &[
            "event",
            "add",
            "Spring Open",
            "--season",
            "2022-23",
            "--rounds",
            "5",
            "--start",
            "2023-04-01",
            "--end",
            "2023-03-01",
        ],
        "Spring Open would end on 2023-03-01, before it starts on 2023-04-01",
    );
    // Winter Swiss starts on 2023-01-10.
    t.fails(
        &[
            "event",
            "edit",
            "--event",
            "Winter Swiss",
            "--end",
            "2023-01-09",
        ],
        "Winter Swiss would end on 2023-01-09, before it starts on 2023-01-10",
    );
    // A one-day event is fine.
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Winter Swiss",
        "--end",
        "2023-01-10",
    ]);
    assert_eq!(
        t.query("SELECT start_date, end_date FROM event WHERE name = 'Winter Swiss'"),
        vec![vec!["2023-01-10".to_string(), "2023-01-10".into()]]
    );
}

#[test]
fn moving_the_start_of_a_played_event_does_not_change_its_tiebreak_rules_silently() {
    let t = TestLeague::small();
    let ev = ["--event", "Winter Swiss", "--section", "1600+"];
    t.ok(&[
        &["game", "add", "Alice", "Bob", "1-0", "--round", "1"][..],
        &ev,
    ]
    .concat());
    // 2023-01-10 follows the 2009 edition; 2026-04-01 the 2026 one.
    let r = t.fails(
        &[
            "event",
            "edit",
            "--event",
            "Winter Swiss",
            "--start",
            "2026-04-01",
        ],
        "would change its FIDE tiebreak rules from the 2009 edition to the 2026 edition",
    );
    assert!(r.stderr.contains("--fide-edition 2009"), "{}", r.stderr);
    // Keeping the edition it was played under: the date moves, the rules stay.
    let out = t.ok(&[
        "event",
        "edit",
        "--event",
        "Winter Swiss",
        "--start",
        "2026-04-01",
        "--fide-edition",
        "2009",
    ]);
    assert!(!out.contains("FIDE tiebreak rules are now"), "{out}");
    assert_eq!(
        t.query("SELECT start_date, fide_edition FROM event WHERE name = 'Winter Swiss'"),
        vec![vec!["2026-04-01".to_string(), "2009".into()]]
    );
    // An event with no rounds yet follows its new date, and says so.
    t.ok(&[
        "event",
        "add",
        "Spring Open",
        "--season",
        "2022-23",
        "--rounds",
        "5",
        "--start",
        "2023-04-01",
    ]);
    let out = t.ok(&[
        "event",
        "edit",
        "--event",
        "Spring Open",
        "--start",
        "2026-04-01",
    ]);
    assert!(
        out.contains(
            "Its FIDE tiebreak rules are now the 2026 edition (they were the 2009 edition)"
        ),
        "{out}"
    );
}

/// Amos with FIDE id 2012345, rated 1900.
fn league_with_fide_player() -> TestLeague {
    let t = TestLeague::small();
    t.ok(&[
        "player",
        "add",
        "Amos",
        "--fide-id",
        "2012345",
        "--fide-rating",
        "1900",
    ]);
    t
}

fn fide_rating(t: &TestLeague) -> String {
    t.query("SELECT fide_rating FROM player WHERE name = 'Amos'")[0][0].clone()
}

#[test]
fn a_rating_list_dated_in_the_future_is_refused_and_a_list_can_be_removed() {
    let t = league_with_fide_player();
    let xml = format!("{RATINGS}fide-list.xml");
    let txt = format!("{RATINGS}fide-list.txt");
    // The typo: refused, nothing recorded.
    let r = t.fails(
        &["ratings", "import", &xml, "--date", "2052-01-01"],
        "--date 2052-01-01 is in the future",
    );
    assert!(r.stderr.contains("--force"), "{}", r.stderr);
    assert_eq!(fide_rating(&t), "1900");
    // With --force it is taken (a list announced ahead) ...
    t.ok(&["ratings", "import", &xml, "--date", "2052-01-01", "--force"]);
    let after_xml = fide_rating(&t);
    assert_ne!(after_xml, "1900");
    // ... and blocks a correctly dated list, as lists go in in order.
    t.fails(
        &["ratings", "import", &txt, "--date", "2025-01-01"],
        "took effect on 2052-01-01",
    );
    // Listed, and removed: the rating it replaced comes back.
    let listed = t.ok(&["ratings", "list"]);
    assert!(
        listed.contains("2052-01-01")
            && listed.contains("fide-list.xml")
            && listed.contains("1 rating set"),
        "{listed}"
    );
    let out = t.ok(&["ratings", "remove", "fide-list.xml"]);
    assert!(out.contains(&format!("Amos {after_xml} -> 1900")), "{out}");
    assert_eq!(fide_rating(&t), "1900");
    assert_eq!(t.query("SELECT count(*) FROM rating_history")[0][0], "0");
    assert!(t.ok(&["log"]).contains("fide-list.xml"));
    // Now the correctly dated list goes in.
    t.ok(&["ratings", "import", &txt, "--date", "2025-01-01"]);
    assert_ne!(fide_rating(&t), "1900");
    // Only the latest list of a system can be undone; unknown names are named.
    t.ok(&["ratings", "import", &xml, "--date", "2025-02-01"]);
    t.fails(
        &["ratings", "remove", "fide-list.txt"],
        "remove fide-list.xml first",
    );
    t.fails(
        &["ratings", "remove", "nope.xml"],
        "no rating list \"nope.xml\"",
    );
}
