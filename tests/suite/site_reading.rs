//! Issue 28, items 12-14, on the demo league's site (what a reader first
//! opens): player charts placed by date with the years under them and a
//! rating that moves, and every count agreeing with its noun.

use std::path::PathBuf;

use crate::site::{files, read};
use crate::site_live::{slips, words_of};
use crate::util::TestLeague;

/// The demo league and the folder of its site (`league.db` → `league-site`).
fn demo_site() -> (TestLeague, PathBuf) {
    let t = TestLeague::new();
    t.ok(&["demo", "--out", t.db.to_str().unwrap()]);
    let site = t.path("league-site");
    assert!(site.join("index.html").is_file());
    (t, site)
}

/// The `<text class="xlab">` labels of the chart whose title is `title`.
fn x_labels(page: &str, title: &str) -> Vec<String> {
    let Some(start) = page.find(&format!("<title>{title}</title>")) else {
        return Vec::new();
    };
    let chart = &page[start..start + page[start..].find("</svg>").unwrap()];
    chart
        .split("<text class=\"xlab\"")
        .skip(1)
        .map(|t| {
            let t = &t[t.find('>').unwrap() + 1..];
            t[..t.find('<').unwrap()].to_string()
        })
        .collect()
}

#[test]
fn the_demo_players_ratings_move_and_their_charts_run_by_date() {
    let (t, site) = demo_site();
    // Four lists before the season: every player's rating moved at each.
    let lists = t.query(
        "SELECT list, replaced_on, COUNT(*) FROM rating_history WHERE system = 'uscf' \
         GROUP BY list, replaced_on ORDER BY replaced_on",
    );
    assert_eq!(
        lists
            .iter()
            .map(|r| (r[0].as_str(), r[1].as_str()))
            .collect::<Vec<_>>(),
        [
            ("Supplement Sep 2019", "2019-09-01"),
            ("Supplement Sep 2020", "2020-09-01"),
            ("Supplement Sep 2021", "2021-09-01"),
            ("Supplement Aug 2022", "2022-08-01")
        ]
    );
    assert!(lists.iter().all(|r| r[2] == "80"), "{lists:?}");
    // The season's events use the rating the last list gave.
    let differ = t.query(
        "SELECT COUNT(*) FROM entry e JOIN player p ON p.id = e.player_id WHERE e.rating <> p.rating",
    );
    assert_eq!(differ[0][0], "0");
    // So every player who played has a rating chart, by year.
    let title = "Rating at the start of each event and from each rating list";
    let mut with_chart = 0;
    for rel in files(&site) {
        if !rel.starts_with("players/") || rel == "players/index.html" {
            continue;
        }
        let page = read(&site, &rel);
        if !page.contains(title) {
            continue;
        }
        with_chart += 1;
        // From the first list (2019) to the season (2022-23): the years
        // between, and 2023 for those who played after New Year.
        let years = x_labels(&page, title);
        assert!(
            years.starts_with(&["2020".into(), "2021".into(), "2022".into()])
                && years.len() <= 4
                && years[3..].iter().all(|y| y == "2023"),
            "{rel}: {years:?}"
        );
    }
    assert!(with_chart >= 70, "{with_chart} rating charts");
    // A score chart inside one season is labelled by month or quarter,
    // each with its year.
    let page = read(&site, "players/wyatt-nakamura.html");
    let months = x_labels(&page, "Score per event (% of the points available)");
    assert!(
        !months.is_empty()
            && months
                .iter()
                .all(|m| m.ends_with(" 2022") || m.ends_with(" 2023")),
        "{months:?}"
    );
    // Labels name the event and its year.
    assert!(page.contains(">Club Championship 2023</text>"), "{page}");
}

#[test]
fn every_page_of_the_demo_site_says_one_point_and_two_points() {
    let (_t, site) = demo_site();
    let mut found = Vec::new();
    let mut pages = 0;
    for rel in files(&site) {
        if !rel.ends_with(".html") {
            continue;
        }
        pages += 1;
        for s in slips(&words_of(&read(&site, &rel))) {
            found.push(format!("{rel}: {s}"));
        }
    }
    assert!(pages >= 200, "{pages} pages read");
    assert!(
        found.is_empty(),
        "number and noun disagree:\n{}",
        found.join("\n")
    );
}

/// The rows of the standings table of a section page, as cells.
fn standings_of(page: &str) -> Vec<Vec<String>> {
    crate::site::table_rows(page, "id=\"standings\"", "standings")
}

#[test]
fn round_robin_h2h_is_the_score_against_the_tied_players_or_blank() {
    // Amos, Billy and Cara beat each other in a circle and all beat Dev:
    // three tied on 2 and on Sonneborn-Berger, each 1 of 2 against the
    // other two; Dev is tied with nobody.
    let t = crate::prizes::quads();
    t.ok(&["site", "--all", "--out", "site"]);
    let site = t.path("site");
    let page = read(&site, "2024/quads-open.html");
    let rows = standings_of(&page);
    let h2h: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r[2].as_str(), r[6].as_str()))
        .collect();
    assert_eq!(
        h2h,
        [
            ("Amos", "1/2"),
            ("Billy", "1/2"),
            ("Cara", "1/2"),
            ("Dev", "")
        ],
        "{rows:?}"
    );
    assert!(page.contains("H2H is the score against the players tied with them"));
    // The crosstable: Row (what the codes point to), Place because three
    // share it, no pairing-number column; its legend says what a code's
    // number is.
    assert!(page.contains("<th class=\"num stick1\" scope=\"col\">Row</th><th class=\"opt\" scope=\"col\">Place</th><th class=\"stick2\" scope=\"col\">Name</th><th class=\"num opt\" scope=\"col\">Rating</th>"), "{page}");
    assert!(page.contains("The number in a game's code is the opponent's Row: W4b is a win with Black against the player in row 4."));
    let cross = crate::site::table_rows(&page, "id=\"crosstable\"", "crosstable");
    assert_eq!(cross[0][..4], ["1", "1-3", "Amos", "1800"]);
    // Header cells have a scope, each row is named by its player, and
    // every table says what it is.
    let tables = page.matches("<table").count();
    assert!(tables >= 3, "{tables}");
    assert_eq!(page.matches("<caption").count(), tables, "{page}");
    assert!(!page.contains("<th>") && !page.contains("<th class=\"num\">"));
    assert!(page.contains("<th scope=\"row\" class=\"stick2 name\"><a href=\"../players/amos.html\"><bdi>Amos</bdi></a></th>"));
}

#[test]
fn the_rules_page_gives_this_leagues_tiebreaks_first_and_folds_the_rest() {
    let t = crate::prizes::quads();
    t.ok(&["site", "--all", "--out", "site"]);
    let rules = read(&t.path("site"), "rules.html");
    let used = rules.find("<h2 id=\"used\">").unwrap();
    let others = rules.find("<details id=\"others\">").unwrap();
    let presets = rules.find("<details id=\"presets\">").unwrap();
    assert!(used < others && others < presets, "{rules}");
    // In full: each of the league's tiebreaks with its meaning, open.
    let open = &rules[used..others];
    assert!(
        open.contains("<dt id=\"tb-us-sb\">") || open.contains("Sonneborn-Berger"),
        "{open}"
    );
    assert!(open.contains("Head-to-head"), "{open}");
    assert!(!open.contains("<details"), "{open}");
    // The crosstable codes stay in view (section pages link to them).
    assert!(rules[presets..].contains("<h2 id=\"codes\">"));
}

#[test]
fn the_directory_has_ratings_a_way_back_and_a_page_per_letter_when_large() {
    // Small: one page, a rating column, and a way back to the letters
    // after each letter's players.
    let (_t, site) = demo_site();
    let dir = read(&site, "players/index.html");
    assert!(dir.contains("<nav class=\"letters\" id=\"letters\""));
    let groups = dir.matches("<tbody id=\"letter-").count();
    assert!(groups > 10, "{groups}");
    assert_eq!(
        dir.matches("<a href=\"#letters\">Back to the letters</a>")
            .count(),
        groups
    );
    assert!(
        dir.contains("<th scope=\"col\">Player</th><th class=\"num\" scope=\"col\">Rating</th>")
    );
    assert!(
        dir.contains("<bdi>Nakamura, Wyatt</bdi></a></th><td class=\"num\">2095</td>"),
        "{dir}"
    );
    assert!(!site.join("players/letter").exists());
    // Large: the index lists the letters, each letter has its own page.
    let big = TestLeague::new();
    let db = big.db.to_str().unwrap();
    let said = big.ok(&[
        "demo",
        "--out",
        db,
        "--synthetic",
        "--seasons",
        "1",
        "--events",
        "1",
        "--sections",
        "1",
        "--players",
        "520",
        "--entrants",
        "520",
        "--rounds",
        "1",
    ]);
    // Counts agree with their nouns in the command's own words too.
    assert!(
        said.contains(": 1 season, 1 event, 1 section, 520 players, 520 entries, 260 games, 0 byes, 0 withdrawals (seed 1)."),
        "{said}"
    );
    big.ok(&["site", "--all", "--out", "site"]);
    let site = big.path("site");
    let index = read(&site, "players/index.html");
    assert!(
        index.contains("520 players: each letter has a page"),
        "{index}"
    );
    assert!(!index.contains("<table"), "{index}");
    let letters: Vec<String> = files(&site)
        .into_iter()
        .filter(|f| f.starts_with("players/letter/"))
        .collect();
    assert!(letters.len() >= 10, "{letters:?}");
    let mut listed = 0;
    for rel in &letters {
        let page = read(&site, rel);
        assert!(
            page.contains("<a href=\"../../players/index.html\">Players A–Z</a>"),
            "{rel}"
        );
        assert!(page.contains("<h1>Players: "), "{rel}");
        listed += page.matches("<th scope=\"row\" class=\"name\">").count();
        assert!(
            index.contains(&format!("href=\"../{}\"", rel)),
            "{rel} not linked from the index"
        );
    }
    assert_eq!(listed, 520);
}

#[test]
fn every_table_of_the_demo_site_has_a_caption_and_every_header_cell_a_scope() {
    let (_t, site) = demo_site();
    let mut missing = Vec::new();
    let mut tables = 0;
    for rel in files(&site) {
        if !rel.ends_with(".html") {
            continue;
        }
        let page = read(&site, &rel);
        for (i, _) in page.match_indices("<table") {
            tables += 1;
            let after = &page[i..];
            let open = &after[after.find('>').unwrap() + 1..];
            if !open.trim_start().starts_with("<caption") {
                missing.push(format!("{rel}: a table without a caption"));
            }
        }
        for (i, _) in page.match_indices("<th") {
            let tag = &page[i..i + page[i..].find('>').unwrap()];
            if matches!(tag.as_bytes().get(3), Some(b' ' | b'>')) && !tag.contains("scope=") {
                missing.push(format!("{rel}: {tag}>"));
            }
        }
    }
    assert!(tables > 400, "{tables} tables");
    missing.dedup();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
