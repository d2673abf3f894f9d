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
