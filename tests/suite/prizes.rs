//! Prizes through the commands: a prize list added, listed, removed and
//! awarded (US Chess 32B pooling), special prizes named by hand, and every
//! refusal leaving the database as it was.

use crate::util::TestLeague;

/// A 4-player round robin: Amos (1800), Billy (1500) and Cara (1350) beat
/// each other in a circle and all beat Dev (unrated): three tied on 2.
pub(crate) fn quads() -> TestLeague {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024"]);
    t.ok(&[
        "event",
        "add",
        "Quads",
        "--season",
        "2024",
        "--kind",
        "round-robin",
        "--rounds",
        "3",
    ]);
    for (name, rating) in [
        ("Amos", Some("1800")),
        ("Billy", Some("1500")),
        ("Cara", Some("1350")),
        ("Dev", None),
    ] {
        let mut args = vec!["player", "add", name];
        if let Some(r) = rating {
            args.extend(["--rating", r]);
        }
        t.ok(&args);
        t.ok(&["enter", name, "--event", "Quads"]);
    }
    for (round, w, b, result) in [
        ("1", "1", "2", "1-0"),
        ("1", "3", "4", "1-0"),
        ("2", "1", "3", "0-1"),
        ("2", "2", "4", "1-0"),
        ("3", "1", "4", "1-0"),
        ("3", "2", "3", "1-0"),
    ] {
        t.ok(&[
            "game", "add", w, b, result, "--event", "Quads", "--round", round,
        ]);
    }
    t
}

fn add_prizes(t: &TestLeague) {
    for args in [
        vec!["--place", "1", "--cash", "100"],
        vec!["--place", "2", "--cash", "60"],
        vec!["--place", "3", "--cash", "20"],
        vec!["--class", "U1400", "--cash", "30"],
        vec!["--class", "unrated", "--cash", "10"],
        vec!["--class", "U1000", "--cash", "5"],
        vec!["--special", "Best game", "--cash", "25", "--winner", "Dev"],
        vec!["--place", "1", "--item", "trophy"],
    ] {
        let mut a = vec!["prize", "add", "--event", "Quads"];
        a.extend(args);
        t.ok(&a);
    }
}

/// Worked by hand: Amos, Billy and Cara tie on 2 and bring in 1st $100,
/// 2nd $60 and (Cara's) 1st U1400 $30 = $190 / 3 = $63.33, the cent over
/// to Amos (first in the standings); Dev (0) takes 3rd $20, one cash prize
/// only, so 1st unrated stays unawarded, as does 1st U1000 (no player);
/// Dev also gets the best-game prize; the trophy goes to Amos.
#[test]
fn a_round_robin_with_a_three_way_tie_pays_pooled_prizes() {
    let t = quads();
    add_prizes(&t);
    let v: serde_json::Value =
        serde_json::from_str(&t.ok(&["prizes", "--event", "Quads", "--format", "json"])).unwrap();
    assert_eq!(v["final"], true);
    assert_eq!(v["split"], "pooled");
    let mut paid: Vec<(String, i64)> = Vec::new();
    for p in v["payouts"].as_array().unwrap() {
        for w in p["winners"].as_array().unwrap() {
            if let Some(c) = w["cash_cents"].as_i64() {
                paid.push((w["name"].as_str().unwrap().into(), c));
            }
        }
    }
    assert_eq!(
        paid,
        vec![
            ("Amos".into(), 6334),
            ("Billy".into(), 6333),
            ("Cara".into(), 6333),
            ("Dev".into(), 2000),
            ("Dev".into(), 2500),
        ]
    );
    assert_eq!(
        v["payouts"][0]["working"],
        "1st $100 + 2nd $60 + 1st U1400 $30 pooled among 3 tied on 2: $190 / 3 = $63.33 each; \
         the 1 cent left over goes to Amos (best on tiebreak)"
    );
    let unawarded: Vec<&str> = v["unawarded"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["prize"].as_str().unwrap())
        .collect();
    assert_eq!(unawarded, ["1st unrated", "1st U1000"]);
    let text = t.ok(&["prizes", "--event", "Quads"]);
    assert!(
        text.contains("1st U1000 $5: unawarded: no U1000 player was left to win it"),
        "{text}"
    );
    assert!(text.contains("1st (trophy) to Amos"), "{text}");
    // History: the money by season, the special prize included.
    let dev = t.ok(&["history", "player", "Dev"]);
    assert!(
        dev.contains("Prize money: 2024 $45 (total $45).\n"),
        "{dev}"
    );
    let amos: serde_json::Value =
        serde_json::from_str(&t.ok(&["history", "player", "Amos", "--format", "json"])).unwrap();
    assert_eq!(amos["events"][0]["prize_cents"], 6334);
    assert_eq!(
        amos["prize_money_by_season"],
        serde_json::json!([{"season": "2024", "cents": 6334}])
    );
    let csv = t.ok(&["prizes", "--event", "Quads", "--format", "csv"]);
    assert!(
        csv.starts_with("place,player,rating,score,prize,gets\n"),
        "{csv}"
    );
    assert!(
        csv.contains("1–3,Cara,1350,2,1st + 2nd + 1st U1400,$63.33\n"),
        "{csv}"
    );
}

#[test]
fn hort_and_tiebreak_splits_are_chosen_per_event() {
    let t = quads();
    t.ok(&[
        "prize", "add", "--event", "Quads", "--place", "1", "--cash", "100",
    ]);
    t.ok(&[
        "prize", "add", "--event", "Quads", "--place", "2", "--cash", "60",
    ]);
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Quads",
        "--prize-split",
        "tiebreak",
    ]);
    let v: serde_json::Value =
        serde_json::from_str(&t.ok(&["prizes", "--event", "Quads", "--format", "json"])).unwrap();
    let cents: Vec<i64> = v["payouts"][0]["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["cash_cents"].as_i64().unwrap())
        .collect();
    assert_eq!(cents, [10000, 6000, 0]);
    // Hort: by tiebreak $100, $60, $0; half of each ($50 + $30) shared
    // among 3 = $26.66, 2 cents over: $76.67, $56.67, $26.66.
    t.ok(&["event", "edit", "--event", "Quads", "--prize-split", "hort"]);
    let v: serde_json::Value =
        serde_json::from_str(&t.ok(&["prizes", "--event", "Quads", "--format", "json"])).unwrap();
    let cents: Vec<i64> = v["payouts"][0]["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["cash_cents"].as_i64().unwrap())
        .collect();
    assert_eq!(cents, [7667, 5667, 2666]);
    assert!(t.ok(&["log"]).contains("prize split"));
}

#[test]
fn the_list_is_numbered_and_removing_moves_the_rest_up() {
    let t = quads();
    add_prizes(&t);
    t.ok(&["prize", "remove", "--event", "Quads", "2"]);
    let list = t.ok(&["prize", "list", "--event", "Quads", "--format", "csv"]);
    let lines: Vec<&str> = list.lines().take(4).collect();
    assert_eq!(
        lines,
        [
            "no,prize,gives,winner",
            "1,1st,$100,by the standings",
            "2,3rd,$20,by the standings",
            "3,1st U1400,$30,by the standings"
        ]
    );
    assert!(list.contains("6,Best game,$25,Dev\n"), "{list}");
    t.ok(&[
        "prize", "award", "--event", "Quads", "6", "--winner", "Cara",
    ]);
    let list = t.ok(&["prize", "list", "--event", "Quads", "--format", "csv"]);
    assert!(list.contains("6,Best game,$25,Cara\n"), "{list}");
}

#[test]
fn bad_prizes_are_refused_and_change_nothing() {
    let t = quads();
    add_prizes(&t);
    t.fails(
        &["prize", "add", "--event", "Quads", "--cash", "sixty"],
        "--cash \"sixty\" is not an amount of money",
    );
    t.fails(
        &[
            "prize", "add", "--event", "Quads", "--class", "U14x", "--cash", "5",
        ],
        "--class \"U14x\" is not a class",
    );
    t.fails(
        &[
            "prize", "add", "--event", "Quads", "--place", "0", "--cash", "5",
        ],
        "places are numbered from 1",
    );
    t.fails(
        &["prize", "remove", "--event", "Quads", "42"],
        "has no prize number 42",
    );
    t.fails(
        &["prize", "award", "--event", "Quads", "1", "--winner", "Dev"],
        "only special prizes (best game, upset) are awarded by hand",
    );
    t.fails(
        &["prize", "award", "--event", "Quads", "7", "--winner", "Zed"],
        "Zed",
    );
    t.fails(
        &[
            "event",
            "edit",
            "--event",
            "Quads",
            "--prize-split",
            "evenly",
        ],
        "--prize-split: prize split \"evenly\" is not one of pooled, hort, tiebreak",
    );
    t.fails(
        &[
            "event", "edit", "--event", "Quads", "--state", "Ohio", "--city", "Dayton",
        ],
        "--state \"OHIO\" is not a two-letter state code",
    );
}

#[test]
fn a_section_without_prizes_says_how_to_add_them() {
    let t = quads();
    let out = t.ok(&["prizes", "--event", "Quads"]);
    assert!(
        out.contains("has no prizes; add them with `league prize add"),
        "{out}"
    );
}

/// The section page shows the prizes once the last round is in, and not
/// before.
#[test]
fn the_section_page_shows_prizes_after_the_event_ends() {
    let t = quads();
    add_prizes(&t);
    let out = t.path("site");
    t.ok(&["site", "--out", out.to_str().unwrap()]);
    let page = std::fs::read_to_string(out.join("2024").join("quads-open.html")).unwrap();
    assert!(page.contains("<h2 id=\"prizes\">Prizes</h2>"), "{page}");
    assert!(page.contains(
        "<tr><td>1-3</td><td><bdi>Amos</bdi></td><td>1st + 2nd + 1st U1400</td><td class=\"num\">$63.34</td></tr>"
    ));
    assert!(page.contains("<li>1st U1000: unawarded: no U1000 player was left to win it</li>"));
    // A fourth round planned: the event has not ended, no prizes yet.
    t.ok(&["event", "edit", "--event", "Quads", "--rounds", "4"]);
    t.ok(&["site", "--out", out.to_str().unwrap()]);
    let page = std::fs::read_to_string(out.join("2024").join("quads-open.html")).unwrap();
    assert!(!page.contains("id=\"prizes\""));
    assert!(t
        .ok(&["prizes", "--event", "Quads"])
        .contains("provisional"));
}
