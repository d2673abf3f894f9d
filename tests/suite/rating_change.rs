//! Estimated rating changes on `league standings` (issue 28, items 15 and
//! 16): FIDE's K × (W − We) per game for an event with a FIDE chief
//! arbiter, US Chess's estimated post-event ratings for an event with a US
//! Chess rating system, both marked as estimates, none for other events.
//!
//! The quads (prizes.rs): Amos 1800, Billy 1500, Cara 1350, Dev unrated.
//! Amos beat Billy and Dev and lost to Cara; Billy beat Dev and Cara; Cara
//! beat Dev.

use serde_json::Value;

use crate::prizes::quads;
use crate::util::TestLeague;

fn standings_json(t: &crate::util::TestLeague) -> Value {
    serde_json::from_str(&t.ok(&["standings", "--event", "Quads", "--format", "json"])).unwrap()
}

fn row<'a>(j: &'a Value, name: &str) -> &'a Value {
    j["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap()
}

#[test]
fn an_unrated_event_shows_no_rating_estimate() {
    let t = quads();
    let text = t.ok(&["standings", "--event", "Quads"]);
    assert!(!text.contains("est."), "{text}");
    let j = standings_json(&t);
    assert!(row(&j, "Amos").get("fide_estimate").is_none());
    assert!(row(&j, "Amos").get("us_chess_estimate").is_none());
}

#[test]
fn a_fide_rated_event_shows_each_players_estimated_change() {
    let t = quads();
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Quads",
        "--chief-arbiter",
        "Ann Arbiter",
    ]);
    let j = standings_json(&t);
    // Amos: beat Billy (300 below, PD 0.85): 20 × 0.15 = +3.0; lost to
    // Cara (450 below, counted as 400, PD 0.92): −18.4; Dev unrated, not
    // rated. Total −15.4, K 20 assumed.
    let amos = &row(&j, "Amos")["fide_estimate"];
    assert_eq!(amos["estimated"], true);
    assert_eq!(amos["k"], 20);
    assert_eq!(amos["k_assumed"], true);
    assert_eq!(amos["change"], -15.4);
    assert_eq!(amos["change_rounded"], -15);
    assert_eq!(amos["unrated_opponents_not_rated"], 1);
    let games = amos["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["opponent"], "Billy");
    assert_eq!(games[0]["expected"], 0.85);
    assert_eq!(games[0]["change"], 3.0);
    assert_eq!(games[1]["opponent"], "Cara");
    assert_eq!(games[1]["expected"], 0.92);
    assert_eq!(games[1]["change"], -18.4);
    // Billy: lost to Amos (PD 0.15) −3.0, beat Cara (150 above, PD 0.70) +6.0.
    assert_eq!(row(&j, "Billy")["fide_estimate"]["change"], 3.0);
    // Cara: beat Amos (PD 0.08) +18.4, lost to Billy (PD 0.30) −6.0.
    assert_eq!(row(&j, "Cara")["fide_estimate"]["change"], 12.4);
    // Dev has no FIDE rating: no estimate.
    assert!(row(&j, "Dev")["fide_estimate"].is_null());
    assert!(j["notes"]
        .to_string()
        .contains("FIDE rating changes are estimates, not official"));

    let text = t.ok(&["standings", "--event", "Quads"]);
    assert!(text.contains("est. FIDE ±"), "{text}");
    let amos_line = text.lines().find(|l| l.contains("Amos")).unwrap();
    assert!(amos_line.trim_end().ends_with("-15.4*"), "{amos_line}");
    let cara_line = text.lines().find(|l| l.contains("Cara")).unwrap();
    assert!(cara_line.trim_end().ends_with("+12.4*†"), "{cara_line}");
    assert!(
        text.contains("* K 20 assumed for 3 players rated under 2400"),
        "{text}"
    );
}

#[test]
fn a_us_chess_rated_event_shows_estimated_post_event_ratings() {
    let t = quads();
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Quads",
        "--rating-system",
        "regular",
    ]);
    let j = standings_json(&t);
    // Dev, unrated, lost every game: the special formula's lowest rating
    // that explains 0 from 3 against 1350, 1500 and 1800 is 1350 − 400.
    let dev = &row(&j, "Dev")["us_chess_estimate"];
    assert_eq!(dev["formula"], "special");
    assert_eq!(dev["post_event_rounded"], 950);
    assert!(dev["pre_event"].is_null());
    // Amos 1800 (N' = 22.29, K = 800/25.29 = 31.63): beat Billy and Dev
    // (950 standing in), lost to Cara; no bonus. 1775.58.
    let amos = &row(&j, "Amos")["us_chess_estimate"];
    assert_eq!(amos["formula"], "standard");
    assert_eq!(amos["official"], false);
    assert_eq!(amos["effective_games"], 22.29);
    assert_eq!(amos["k"], 31.63);
    assert_eq!(amos["post_event"], 1775.584);
    assert_eq!(amos["post_event_rounded"], 1776);
    assert_eq!(amos["change"], -24);
    assert_eq!(amos["bonus"], 0.0);
    // Cara 1350 (N' = 14.65, K = 45.32) beat Amos and Dev, lost to Billy:
    // K(S − E) passes 14 × 2 by 4.83, the bonus. 1387.67.
    let cara = &row(&j, "Cara")["us_chess_estimate"];
    assert_eq!(cara["bonus"], 4.83);
    assert_eq!(cara["post_event_rounded"], 1388);
    assert_eq!(
        row(&j, "Billy")["us_chess_estimate"]["post_event_rounded"],
        1508
    );

    let text = t.ok(&["standings", "--event", "Quads"]);
    assert!(text.contains("est. US Chess"), "{text}");
    for (name, cell) in [
        ("Amos", "1776 (-24)"),
        ("Cara", "1388 (+38)"),
        ("Dev", "950 (new)"),
    ] {
        let line = text.lines().find(|l| l.contains(name)).unwrap();
        assert!(line.trim_end().ends_with(cell), "{line}");
    }
    assert!(
        text.contains("US Chess ratings are estimates, never official"),
        "{text}"
    );
}

#[test]
fn the_sites_section_page_shows_the_estimates_of_a_rated_event() {
    let t = quads();
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Quads",
        "--chief-arbiter",
        "Ann Arbiter",
    ]);
    t.ok(&["site", "--all", "--out", "site"]);
    let pages: Vec<std::path::PathBuf> = walk(&t.path("site"))
        .into_iter()
        .filter(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            text.contains("<h3 id=\"rating-changes\">Estimated rating changes</h3>")
        })
        .collect();
    // The section page, and its standings print view (issue 28, item 10).
    assert_eq!(
        pages.len(),
        2,
        "one section page and its print view: {pages:?}"
    );
    assert!(
        pages.iter().any(|p| p.ends_with("2024/quads-open.html")),
        "{pages:?}"
    );
    assert!(
        pages
            .iter()
            .any(|p| p.ends_with("2024/quads-open.standings.html")),
        "{pages:?}"
    );
    let pages: Vec<_> = pages
        .into_iter()
        .filter(|p| p.ends_with("quads-open.html"))
        .collect();
    let html = std::fs::read_to_string(&pages[0]).unwrap();
    assert!(html.contains("<caption>Estimated, not official: the rating lists decide.</caption>"));
    assert!(html.contains("<th class=\"num\" scope=\"col\">FIDE change (estimated)</th>"));
    assert!(!html.contains("US Chess rating (estimated)"));
    let amos = html[html.find("id=\"rating-changes\"").unwrap()..]
        .split("<tr>")
        .find(|row| row.contains("scope=\"row\"") && row.contains(">Amos<"))
        .unwrap();
    assert!(
        amos.contains("<td class=\"num\">1800</td><td class=\"num\">-15.4*</td>"),
        "{amos}"
    );
    assert!(html.contains("K 20 assumed for 3 players rated under 2400"));
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else if path.extension().is_some_and(|e| e == "html") {
            out.push(path);
        }
    }
    out
}

#[test]
fn a_kept_k_factor_replaces_the_assumed_one_and_the_1400_floor_is_flagged() {
    let t = quads();
    t.fails(
        &["player", "edit", "Amos", "--fide-k", "30"],
        "\"30\" is not a FIDE K factor; FIDE's are 10, 20 and 40",
    );
    t.ok(&["player", "edit", "Amos", "--fide-k", "40"]);
    assert!(t
        .ok(&["player", "show", "Amos"])
        .contains("  FIDE K factor: 40\n"));
    assert!(t.ok(&["log"]).contains("player Amos FIDE K factor"));
    t.ok(&["event", "edit", "--event", "Quads", "--rated", "fide"]);
    let j = standings_json(&t);
    // Amos with K 40: twice the −15.4 of K 20 (two games, 40 × 2 ≤ 700).
    let amos = &row(&j, "Amos")["fide_estimate"];
    assert_eq!(amos["k"], 40);
    assert_eq!(amos["k_assumed"], false);
    assert_eq!(amos["change"], -30.8);
    assert_eq!(amos["rating_after"], 1769);
    assert_eq!(amos["below_floor"], false);
    // Cara 1350 + 12.4 ends at 1362, under FIDE's floor of 1400.
    let cara = &row(&j, "Cara")["fide_estimate"];
    assert_eq!(cara["rating_after"], 1362);
    assert_eq!(cara["below_floor"], true);
    assert_eq!(cara["floor"], 1400);
    let text = t.ok(&["standings", "--event", "Quads"]);
    let amos_line = text.lines().find(|l| l.contains("Amos")).unwrap();
    assert!(amos_line.trim_end().ends_with("-30.8"), "{amos_line}");
    let cara_line = text.lines().find(|l| l.contains("Cara")).unwrap();
    assert!(cara_line.trim_end().ends_with("+12.4*†"), "{cara_line}");
    assert!(
        text.contains(
            "* K 20 assumed for 2 players rated under 2400 whose K factor is not recorded"
        ),
        "{text}"
    );
    assert!(
        text.contains("† 1 player would end under 1400, FIDE's rating floor since 1 March 2024: a rating under it is not published, and the player is listed as unrated"),
        "{text}"
    );
}

#[test]
fn exported_standings_carry_the_estimates_as_league_standings_does() {
    let t = quads();
    t.ok(&["event", "edit", "--event", "Quads", "--rated", "both"]);
    let j: Value = serde_json::from_str(&t.ok(&[
        "export",
        "standings",
        "--event",
        "Quads",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(row(&j, "Amos")["fide_estimate"]["change"], -15.4);
    assert_eq!(
        row(&j, "Amos")["us_chess_estimate"]["post_event_rounded"],
        1776
    );
    let csv = t.ok(&["export", "standings", "--event", "Quads", "--format", "csv"]);
    let header = csv.lines().next().unwrap();
    assert!(header.ends_with("est. FIDE ±,est. US Chess"), "{header}");
    let amos = csv.lines().find(|l| l.contains("Amos")).unwrap();
    assert!(amos.ends_with("-15.4*,1776 (-24)"), "{amos}");
}

#[test]
fn a_fide_rated_round_page_shows_each_games_estimated_change() {
    let t = quads();
    t.ok(&["event", "edit", "--event", "Quads", "--rated", "fide"]);
    t.ok(&["site", "--all", "--out", "site"]);
    let page = |n: usize| {
        std::fs::read_to_string(
            t.path("site")
                .join(format!("2024/quads-open/round-{n}.html")),
        )
        .unwrap()
    };
    // Round 1: Amos 1800 beat Billy 1500 (PD 0.85): +3* and −3*; Cara
    // beat Dev, who is unrated: no estimate for that game.
    let html = page(1);
    assert!(html.contains("<h2 id=\"rating-estimates\">Estimated FIDE rating changes</h2>"));
    assert!(html.contains("<caption>Estimated, not official: the rating lists decide.</caption>"));
    // Only the estimates table's rows: other tables of the page (the
    // pairings, the A–Z list) also have the player as a row header.
    let table = html
        .split("id=\"rating-estimates\"")
        .nth(1)
        .and_then(|t| t.split("</table>").next())
        .expect("the estimates table");
    let rows: Vec<&str> = table
        .split("<tr>")
        .filter(|r| r.contains("<th scope=\"row\" class=\"name\">"))
        .collect();
    assert_eq!(rows.len(), 2, "{html}");
    assert!(
        rows[0].contains(">Amos<") && rows[0].contains(">Billy<"),
        "{}",
        rows[0]
    );
    assert!(
        rows[0].contains(
            "<td class=\"num\">1</td><td class=\"num\">0.85</td><td class=\"num\">+3*</td>"
        ),
        "{}",
        rows[0]
    );
    assert!(
        rows[1].contains(
            "<td class=\"num\">0</td><td class=\"num\">0.15</td><td class=\"num\">-3*</td>"
        ),
        "{}",
        rows[1]
    );
    // Round 2: Cara (1350) beat Amos (1800, 450 counted as 400, PD 0.08).
    assert!(page(2).contains(
        "<td class=\"num\">1</td><td class=\"num\">0.08</td><td class=\"num\">+18.4*</td>"
    ));
    // Not rated: no such table.
    t.ok(&["event", "edit", "--event", "Quads", "--rated", "none"]);
    t.ok(&["site", "--all", "--out", "site2"]);
    let html =
        std::fs::read_to_string(t.path("site2").join("2024/quads-open/round-1.html")).unwrap();
    assert!(!html.contains("rating-estimates"));
}

#[test]
fn a_players_page_shows_their_estimates_in_a_rated_section() {
    let t = quads();
    t.ok(&["event", "edit", "--event", "Quads", "--rated", "both"]);
    t.ok(&["site", "--all", "--out", "site"]);
    let amos = walk(&t.path("site"))
        .into_iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .find(|html| html.contains("<h1><bdi>Amos</bdi></h1>"))
        .expect("Amos's page");
    assert!(
        amos.contains("<p class=\"estimate\">Estimated rating change, not official (the rating lists decide): FIDE -15.4*; US Chess 1776 (-24). The section page says how it is worked out.</p>"),
        "{amos}"
    );
    // Dev is unrated: no FIDE estimate, the US Chess special formula's.
    let dev = walk(&t.path("site"))
        .into_iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .find(|html| html.contains("<h1><bdi>Dev</bdi></h1>"))
        .expect("Dev's page");
    assert!(
        dev.contains("(the rating lists decide): US Chess 950 (new)."),
        "{dev}"
    );
}

/// A rated section whose first round is paired but has no result in yet
/// has nothing to estimate: its page shows no table of empty estimates.
#[test]
fn a_rated_section_shows_no_estimates_before_its_first_result() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024"]);
    t.ok(&[
        "event", "add", "Spring", "--season", "2024", "--rounds", "3", "--rated", "uscf",
    ]);
    for (name, rating) in [
        ("Amos", "1800"),
        ("Billy", "1500"),
        ("Cara", "1350"),
        ("Dana", "1200"),
    ] {
        t.ok(&["player", "add", name, "--rating", rating]);
        t.ok(&["enter", name, "--event", "Spring"]);
    }
    t.ok(&["round", "pair", "--event", "Spring"]);
    t.ok(&["site", "--all", "--out", "site"]);
    let page = std::fs::read_to_string(t.path("site").join("2024/spring-open.html")).unwrap();
    assert!(page.contains("Round 1: pairings"), "{page}");
    assert!(!page.contains("id=\"rating-changes\""), "{page}");
    t.ok(&[
        "game", "result", "Amos", "--draw", "--round", "1", "--event", "Spring",
    ]);
    t.ok(&["site", "--all", "--out", "site"]);
    let page = std::fs::read_to_string(t.path("site").join("2024/spring-open.html")).unwrap();
    assert!(page.contains("id=\"rating-changes\""), "{page}");
}

/// Give Amos, Billy and Cara the FIDE ids of tests/data/ratings/fide-k.*.
fn quads_with_fide_ids() -> crate::util::TestLeague {
    let t = quads();
    for (name, id) in [
        ("Amos", "2012345"),
        ("Billy", "2022222"),
        ("Cara", "2033333"),
    ] {
        t.ok(&["player", "edit", name, "--fide-id", id]);
    }
    t
}

fn fide_ks(t: &crate::util::TestLeague) -> Vec<Vec<String>> {
    t.query(
        "SELECT name, COALESCE(fide_k, '-') FROM player WHERE fide_id IS NOT NULL ORDER BY name",
    )
}

#[test]
fn a_fide_list_sets_the_k_factors_it_gives_and_warns_of_bad_ones() {
    let t = quads_with_fide_ids();
    let data = concat!(env!("LEAGUE_TEST_DATA"), "/ratings/");
    let txt = format!("{data}fide-k.txt");
    let r = t.run(&["ratings", "import", &txt, "--date", "2025-01-01"]);
    assert!(r.ok, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("K factors: 2 set, 0 already as the list gives them.\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr.contains("Warning: ")
            && r.stderr.contains("fide-k.txt, line 3: K factor \"15\" is not 10, 20 or 40; the player's K factor was left as it was."),
        "{}",
        r.stderr
    );
    let row = |n: &str, k: &str| vec![n.to_string(), k.to_string()];
    assert_eq!(
        fide_ks(&t),
        vec![row("Amos", "40"), row("Billy", "-"), row("Cara", "10")]
    );
    assert!(t.ok(&["log"]).contains("player Cara FIDE K factor"));
    // The XML list: Amos's 40 again, Cara now 20, Billy's 25 warned of.
    let xml = format!("{data}fide-k.xml");
    let r = t.run(&["ratings", "import", &xml, "--date", "2025-02-01"]);
    assert!(r.ok, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("K factors: 1 set, 1 already as the list gives them.\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr
            .contains("fide-k.xml, line 11: K factor \"25\" is not 10, 20 or 40"),
        "{}",
        r.stderr
    );
    assert_eq!(
        fide_ks(&t),
        vec![row("Amos", "40"), row("Billy", "-"), row("Cara", "20")]
    );
    // What `player show` says, and so what the estimate uses.
    assert!(t
        .ok(&["player", "show", "Cara"])
        .contains("  FIDE K factor: 20\n"));
}

#[test]
fn a_us_chess_list_says_nothing_of_k_factors() {
    let t = quads();
    let out = t.ok(&[
        "ratings",
        "import",
        concat!(env!("LEAGUE_TEST_DATA"), "/ratings/uscf-supplement.dbf"),
    ]);
    assert!(!out.contains("K factors"), "{out}");
}
