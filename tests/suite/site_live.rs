//! The results site while an event is being played (issue 28): a round
//! paired with no result in, then the first result; the alphabetical "find
//! my board" list; every page within a phone's width and a desktop's in a
//! real Chromium; the print views as PDF pages; and the wording of every
//! page.

use std::path::{Path, PathBuf};

use crate::site::{read, table_rows, write_site_quiet};
use crate::util::TestLeague;

/// The players of the live event, strongest first: pairing numbers 1..10.
const PLAYERS: [(&str, &str); 10] = [
    ("Alexandra Konstantinopoulou-Wright", "2100"),
    ("Bob Jones", "2050"),
    ("Carol King", "2000"),
    ("Dan Wu", "1950"),
    ("Eve Park", "1900"),
    ("Faisal Rashid", "1850"),
    ("Gina Low", "1800"),
    ("Hal Brook", "1750"),
    ("Ivy Nash", "1700"),
    ("Jo Lee", "1650"),
];

/// Round 1's pairings as the sheet gives them: 1 v 6, 7 v 2, 3 v 8, 9 v 4,
/// 5 v 10, no result yet.
const ROUND_1: &str = "board,white,black,result\n\
    1,Alexandra Konstantinopoulou-Wright,Faisal Rashid,\n\
    2,Gina Low,Bob Jones,\n\
    3,Carol King,Hal Brook,\n\
    4,Ivy Nash,Dan Wu,\n\
    5,Eve Park,Jo Lee,\n";

/// A season with one 5-round Swiss of ten players whose round 1 is paired
/// (played on 2026-01-06) and has no result in.
pub(crate) fn live_fixture() -> TestLeague {
    let t = TestLeague::new();
    t.ok(&[
        "season",
        "add",
        "2025-26",
        "--start",
        "2025-09-01",
        "--end",
        "2026-05-31",
    ]);
    for (name, rating) in PLAYERS {
        t.ok(&["player", "add", name, "--rating", rating]);
    }
    t.ok(&[
        "event",
        "add",
        "Winter Swiss",
        "--season",
        "2025-26",
        "--rounds",
        "5",
        "--start",
        "2026-01-06",
        "--end",
        "2026-02-03",
    ]);
    let mut enter = vec!["enter"];
    enter.extend(PLAYERS.iter().map(|p| p.0));
    enter.extend(["--event", "Winter Swiss"]);
    t.ok(&enter);
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Winter Swiss",
        "--time-control",
        "G/90;d30",
        "--city",
        "Springfield",
        "--state",
        "OH",
        "--chief-arbiter",
        "Ann Arbiter",
        "--rating-system",
        "regular",
    ]);
    let sheet = t.write("round-1.csv", ROUND_1);
    t.ok(&[
        "round",
        "record",
        "--event",
        "Winter Swiss",
        "--round",
        "1",
        "--date",
        "2026-01-06",
        sheet.to_str().unwrap(),
    ]);
    t
}

const SECTION: &str = "2025-26/winter-swiss-open.html";
const ROUND: &str = "2025-26/winter-swiss-open/round-1.html";

/// The position of `needle` in `page`, failing with the page when absent.
fn at(page: &str, needle: &str) -> usize {
    page.find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the page:\n{page}"))
}

#[test]
fn a_paired_round_without_results_shows_its_pairings_and_a_starting_list() {
    let t = live_fixture();
    let site = write_site_quiet(&t);
    let section = read(&site, SECTION);
    // The round being played comes first, with its date and how many
    // results are in; then the players by pairing number with ratings, and
    // neither standings, crosstable nor race while nothing is decided.
    let live = at(&section, "<h2 id=\"live\">Round 1: pairings</h2>");
    let players = at(&section, "<h2 id=\"players\">Players</h2>");
    assert!(live < players);
    assert!(
        section.contains(
            "<span class=\"date\">Tuesday 6 January 2026</span>. None of the 5 results is in yet."
        ),
        "{section}"
    );
    assert!(
        section.contains("round 1 of 5 paired, no results yet."),
        "{section}"
    );
    for absent in [
        "id=\"standings\"",
        "id=\"crosstable\"",
        "id=\"race\"",
        "1-10",
    ] {
        assert!(
            !section.contains(absent),
            "{absent} on a section with no result:\n{section}"
        );
    }
    // "Those games count as not played" qualifies standings there are none of.
    assert!(!section.contains("count as not played"), "{section}");
    let live_rows = table_rows(&section, "id=\"live\"", "pairings");
    assert_eq!(
        live_rows[0],
        [
            "1",
            "Alexandra Konstantinopoulou-Wright",
            "2100",
            "…result not yet in",
            "Faisal Rashid",
            "1850"
        ]
    );
    assert_eq!(live_rows.len(), 5);
    let start = table_rows(&section, "id=\"players\"", "start-list");
    let want: Vec<Vec<String>> = PLAYERS
        .iter()
        .enumerate()
        .map(|(i, (name, rating))| vec![(i + 1).to_string(), name.to_string(), rating.to_string()])
        .collect();
    assert_eq!(start, want);
    // The tournament's details, as recorded on the event (a chief arbiter and
    // a US Chess rating system, no stated rating: rated by both, as the
    // estimates take it).
    assert!(section.contains("<dl class=\"event-details\"><dt>Time control</dt><dd>G/90;d30</dd><dt>Place</dt><dd>Springfield, OH</dd><dt>Arbiter</dt><dd>Ann Arbiter</dd><dt>Rated</dt><dd>FIDE; US Chess, regular rating</dd></dl>"), "{section}");
    // The season page names no leader before the first result.
    let season = read(&site, "2025-26/index.html");
    assert!(!season.contains("Leading"), "{season}");

    // The round page: its date, the short pending mark and its legend, the
    // ratings, and everyone A to Z with board, colour and opponent.
    let round = read(&site, ROUND);
    assert!(
        round.contains(
            "<p class=\"dates round-date\"><span class=\"date\">Tuesday 6 January 2026</span></p>"
        ),
        "{round}"
    );
    assert!(round.contains("…: the result is not yet in."), "{round}");
    let boards = table_rows(&round, "id=\"pairings\"", "pairings");
    assert_eq!(
        boards[1],
        [
            "2",
            "7",
            "Gina Low",
            "1800",
            "0",
            "…result not yet in",
            "2",
            "Bob Jones",
            "2050",
            "0"
        ]
    );
    let alpha = table_rows(&round, "id=\"find\"", "alpha");
    let names: Vec<&str> = alpha.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(
        names,
        [
            "Alexandra Konstantinopoulou-Wright",
            "Bob Jones",
            "Carol King",
            "Dan Wu",
            "Eve Park",
            "Faisal Rashid",
            "Gina Low",
            "Hal Brook",
            "Ivy Nash",
            "Jo Lee"
        ]
    );
    assert_eq!(
        alpha[1],
        ["Bob Jones", "2", "Black", "Gina Low", "…result not yet in"]
    );
    assert_eq!(
        alpha[6],
        ["Gina Low", "2", "White", "Bob Jones", "…result not yet in"]
    );
    // Each line has an anchor by pairing number (the crosstable links it).
    assert!(round.contains("<tr id=\"p-7\"><th scope=\"row\" class=\"name\"><a href=\"../../players/gina-low.html\"><bdi>Gina Low</bdi></a></th>"), "{round}");
    assert!(at(&round, "id=\"pairings\"") < at(&round, "id=\"find\""));
}

#[test]
fn the_first_result_brings_standings_a_leader_and_pending_cells() {
    let t = live_fixture();
    t.ok(&[
        "game",
        "result",
        "Gina Low",
        "0-1",
        "--event",
        "Winter Swiss",
        "--round",
        "1",
    ]);
    let site = write_site_quiet(&t);
    let section = read(&site, SECTION);
    // Still being played: its pairings first, now with the one result.
    let live = at(&section, "<h2 id=\"live\">Round 1: pairings</h2>");
    let standings = at(&section, "<h2 id=\"standings\">Standings</h2>");
    assert!(live < standings);
    assert!(
        section.contains("1 of 5 results are in; 4 not yet."),
        "{section}"
    );
    let live_rows = table_rows(&section, "id=\"live\"", "pairings");
    assert_eq!(
        live_rows[1],
        ["2", "Gina Low", "1800", "0–1", "Bob Jones", "2050"]
    );
    assert!(!section.contains("id=\"players\""), "{section}");
    // The crosstable: the decided game in codes, the pending ones as
    // pending (not U), each cell opening the player's line of the round.
    // Row, Place (shared: all but the winner are level), Name, Rating, R1.
    let cross = table_rows(&section, "id=\"crosstable\"", "crosstable");
    let bob = cross.iter().find(|r| r[2] == "Bob Jones").unwrap();
    assert!(bob[4].starts_with('W') && bob[4].ends_with('b'), "{bob:?}");
    let alexandra = cross
        .iter()
        .find(|r| r[2] == "Alexandra Konstantinopoulou-Wright")
        .unwrap();
    let faisal_row = cross.iter().find(|r| r[2] == "Faisal Rashid").unwrap()[0].clone();
    assert_eq!(alexandra[4], format!("…{faisal_row}w"));
    assert!(!cross.iter().any(|r| r[4] == "U"), "{cross:?}");
    assert!(
        section.contains(
            "<td class=\"cell pending\"><a href=\"../2025-26/winter-swiss-open/round-1.html#p-1\">"
        ),
        "{section}"
    );
    assert!(
        section.contains("… paired, the result not yet in"),
        "{section}"
    );
    // "Last updated" gives the time of day the result came in (UTC): the
    // footer of every page reads the stamp recording the result left.
    let stamp: String = t
        .conn()
        .query_row("SELECT at FROM records_changed", [], |r| r.get(0))
        .unwrap();
    let today = time::OffsetDateTime::now_utc().date().to_string();
    assert!(stamp.starts_with(&today), "{stamp}");
    let shown = format!(
        "Last updated <span class=\"date\">{today} at {} UTC</span>",
        &stamp[11..16]
    );
    assert!(section.contains(&shown), "{shown} not in:\n{section}");
    // A player's page: each game's round links its page, with the
    // opponent's rating and score.
    let gina = read(&site, "players/gina-low.html");
    let games = table_rows(&gina, "<h2>Games</h2>", "games");
    assert_eq!(
        games,
        [["1", "White", "Bob Jones", "2050", "1", "lost", "0"]]
    );
    assert!(
        gina.contains(
            "<th scope=\"row\" class=\"num\"><a href=\"../2025-26/winter-swiss-open/round-1.html\">1</a></th>"
        ),
        "{gina}"
    );
    // A leader now, during the round.
    let season = read(&site, "2025-26/index.html");
    assert!(
        season.contains(
            "Leading during round 1: <a href=\"../players/bob-jones.html\"><bdi>Bob Jones</bdi></a> (1)"
        ),
        "{season}"
    );
}

/// Chromium's scroll width of every page of `site`, each in a frame
/// `width` CSS pixels wide (headless Chromium will not make a window
/// narrower than 500 px, but a frame is a viewport of its own): (page,
/// the document's scrollWidth, its clientWidth).
pub(crate) fn widths(site: &Path, profile: &Path, width: u32) -> Vec<(String, u32, u32)> {
    let pages: Vec<String> = crate::site::files(site)
        .into_iter()
        .filter(|p| p.ends_with(".html"))
        .collect();
    let mut html = String::from("<!DOCTYPE html><html><body><pre id=\"out\"></pre>\n");
    for p in &pages {
        html.push_str(&format!(
            "<iframe src=\"{p}\" width=\"{width}\" height=\"844\" style=\"border:0;display:block\" \
             onload=\"var e=this.contentDocument.documentElement; \
             out.textContent += e.scrollWidth + ' ' + e.clientWidth + ' {p}\\n'\"></iframe>\n"
        ));
    }
    html.push_str("</body></html>\n");
    let probe = site.join("measure-widths.html");
    std::fs::write(&probe, html).unwrap();
    let dom = crate::site::chromium(
        profile,
        &[
            "--allow-file-access-from-files".into(),
            "--hide-scrollbars".into(),
            "--dump-dom".into(),
            format!("file://{}", probe.display()),
        ],
    );
    std::fs::remove_file(&probe).unwrap();
    let out = &dom[dom.find("<pre id=\"out\">").expect("the probe's output") + 14..];
    let out = &out[..out.find("</pre>").unwrap()];
    let got: Vec<(String, u32, u32)> = out
        .lines()
        .map(|l| {
            let mut f = l.splitn(3, ' ');
            let scroll = f.next().unwrap().parse().unwrap();
            let client = f.next().unwrap().parse().unwrap();
            (f.next().unwrap().to_string(), scroll, client)
        })
        .collect();
    assert_eq!(got.len(), pages.len(), "every page measured: {out}");
    got
}

/// Whether the browser test can run here (it must in CI).
pub(crate) fn browser_or_skip() -> bool {
    if crate::site::chromium_present() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "chromium is needed for the site's browser tests in CI (.ci/run installs Debian's chromium)"
    );
    eprintln!("skipping a browser test: chromium is not installed and CI is not set");
    false
}

/// The fixture league's site and the live one's, side by side in one
/// folder: `finished/` (a finished Swiss, round robin and team event) and
/// `live/` (round 1 paired, no result in).
fn both_sites() -> (TestLeague, TestLeague, PathBuf, PathBuf) {
    let done = crate::site::fixture();
    let finished = write_site_quiet(&done).canonicalize().unwrap();
    let live = live_fixture();
    let paired = write_site_quiet(&live).canonicalize().unwrap();
    (done, live, finished, paired)
}

#[test]
fn no_page_is_wider_than_a_phone_or_a_desktop() {
    if !browser_or_skip() {
        return;
    }
    let (done, _live, finished, paired) = both_sites();
    let profile = done.path("chromium-profile");
    for site in [&finished, &paired] {
        for width in [390, 1366] {
            let got = widths(site, &profile, width);
            // Every kind of page is among them.
            for kind in [
                "index.html",
                "rules.html",
                "players/index.html",
                "working.html",
                "round-1.html",
            ] {
                assert!(
                    got.iter().any(|(p, _, _)| p.ends_with(kind)),
                    "{kind} not measured"
                );
            }
            let wide: Vec<_> = got
                .iter()
                .filter(|(_, scroll, client)| scroll > client || *client != width)
                .collect();
            assert!(
                wide.is_empty(),
                "pages wider than a {width} px viewport (page, scrollWidth, clientWidth): {wide:?}"
            );
        }
    }
}

#[test]
fn a_how_link_opens_and_marks_the_players_working() {
    if !browser_or_skip() {
        return;
    }
    let t = crate::site::fixture();
    let site = write_site_quiet(&t).canonicalize().unwrap();
    let section = read(&site, "2023-24/autumn-swiss-1600.html");
    // The standings' "how" for Bob Jones (#2) points into the working page.
    let href = "../2023-24/autumn-swiss-1600/working.html#working-2";
    assert!(
        section.contains(&format!("<a href=\"{href}\">how")),
        "{section}"
    );
    let url = format!(
        "file://{}#working-2",
        site.join("2023-24/autumn-swiss-1600/working.html")
            .display()
    );
    let dom = crate::site::chromium(&t.path("chromium-profile"), &["--dump-dom".into(), url]);
    // Chromium opens the <details> holding the target; the others stay shut.
    let target = at(&dom, "id=\"working-2\"");
    let opened = dom[..target].rfind("<details").unwrap();
    assert_eq!(&dom[opened..opened + 17], "<details open=\"\">", "{dom}");
    assert_eq!(dom.matches("<details open").count(), 1, "{dom}");
    // The marked box: the stylesheet outlines a <details> holding the target.
    let css = read(&site, "style.css");
    assert!(css.contains("details:has(> .work-of:target)"), "{css}");
}

/// The visible words of a page: tags dropped (a tag ends a word), the
/// entities the templates write decoded, runs of blanks as one space.
pub(crate) fn words_of(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text
        .replace("&#39;", "'")
        .replace("&#34;", "\"")
        .replace("&amp;", "&")
        .replace("&#38;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Nouns a count goes with on the site, singular and plural, and whether
/// the singular after another number is a slip ("3 point" is; "3 round"
/// is not: "3 round robin", "→ 2 round 3: ...", "0 forfeit" is a result).
const NOUNS: [(&str, &str, bool); 21] = [
    ("point", "points", true),
    ("match point", "match points", true),
    ("game point", "game points", true),
    ("game", "games", true),
    ("round", "rounds", false),
    ("result", "results", true),
    ("player", "players", true),
    ("board", "boards", false),
    ("bye", "byes", false),
    ("team", "teams", false),
    ("event", "events", true),
    ("win", "wins", true),
    ("loss", "losses", true),
    ("draw", "draws", true),
    ("match", "matches", true),
    ("section", "sections", false),
    ("season", "seasons", false),
    ("forfeit", "forfeits", false),
    ("opponent", "opponents", true),
    ("prize", "prizes", true),
    ("tiebreak", "tiebreaks", true),
];

/// Every count in `text` whose noun disagrees with it: "1 match points",
/// "½ points", "3 point", "2½ game point" (one and a half take the
/// singular, as the site writes "½ point"; anything else the plural).
pub(crate) fn slips(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let starts = c.is_ascii_digit() || c == '½';
        let after_number = k > 0 && {
            let p = chars[k - 1].1;
            p.is_ascii_digit()
                || p == '½'
                || p == '.'
                || p == ','
                || p == '-'
                || p == '–'
                || p == '/'
        };
        if !starts || after_number {
            continue;
        }
        let rest = &text[i..];
        let end = rest
            .find(|ch: char| !(ch.is_ascii_digit() || ch == '½'))
            .unwrap_or(rest.len());
        let (number, tail) = rest.split_at(end);
        let Some(tail) = tail.strip_prefix(' ') else {
            continue;
        };
        let one = number == "1" || number == "½";
        for (singular, plural, singular_slips) in NOUNS {
            if !one && !singular_slips {
                continue;
            }
            let word = if one { plural } else { singular };
            let Some(after) = tail.strip_prefix(word) else {
                continue;
            };
            // The whole noun, and not the first word of a longer one
            // ("1 point" is right before "1 points"'s check; "2 game
            // points" is not "2 game").
            // ("0 game-points" is a value and a tiebreak's code.)
            let whole = after
                .chars()
                .next()
                .is_none_or(|ch| !ch.is_alphanumeric() && ch != '-');
            let longer = NOUNS.iter().any(|(s, p, _)| {
                (s.len() > word.len() && tail.starts_with(s))
                    || (p.len() > word.len() && tail.starts_with(p))
            });
            if whole && !longer {
                out.push(format!("{number} {word}"));
            }
        }
    }
    out
}

#[test]
fn the_slip_finder_finds_slips_and_only_slips() {
    assert_eq!(
        slips("Rooks 1 match points, less ½ for its byes"),
        ["1 match points"]
    );
    assert_eq!(
        slips("½ points and 2 point and 1½ game point"),
        ["½ points", "2 point", "1½ game point"]
    );
    assert!(slips("1 match point; ½ point; 0 points; 2½ game points; 11 rounds; 1 of 5 results; 2023-10-17 1 games").len() == 1);
    assert!(
        slips("round 1 table 2024-01-21 teams 3 round robin 0 forfeit 0 game-points").is_empty()
    );
}

#[test]
fn every_page_says_one_point_and_two_points() {
    let done = crate::site::fixture();
    let finished = write_site_quiet(&done);
    let live = live_fixture();
    let paired = write_site_quiet(&live);
    let mut found = Vec::new();
    let mut pages = 0;
    for site in [&finished, &paired] {
        for rel in crate::site::files(site) {
            if !rel.ends_with(".html") {
                continue;
            }
            pages += 1;
            for s in slips(&words_of(&read(site, &rel))) {
                found.push(format!("{rel}: {s}"));
            }
        }
    }
    assert!(pages > 30, "{pages} pages read");
    assert!(
        found.is_empty(),
        "number and noun disagree:\n{}",
        found.join("\n")
    );
}

#[test]
fn right_to_left_names_are_isolated_and_stray_direction_controls_removed() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2025-26"]);
    // A name with an override never closed: it would turn every word
    // printed after it round. Removed, with a warning that says so.
    let r = t.run(&["player", "add", "Eve Park\u{202E}", "--rating", "1500"]);
    assert!(r.ok, "{}", r.stderr);
    assert!(
        r.stderr.contains("Warning: the name \"Eve Park\\u{202e}\" had 1 unpaired text-direction control (U+202E)")
            && r.stderr.contains("the name is stored as \"Eve Park\""),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout.contains("Eve Park") && !r.stdout.contains('\u{202E}'),
        "{}",
        r.stdout
    );
    // A right-to-left name, and a paired isolate, are kept as typed.
    t.ok(&["player", "add", "محمد علي", "--rating", "1600"]);
    let r = t.run(&[
        "player",
        "add",
        "\u{2067}سارة\u{2069} Lee",
        "--rating",
        "1400",
    ]);
    assert!(r.ok && r.stderr.is_empty(), "{}", r.stderr);
    t.ok(&[
        "event", "add", "Cup", "--season", "2025-26", "--rounds", "1",
    ]);
    t.ok(&["enter", "Eve Park", "محمد علي", "--event", "Cup"]);
    let sheet = t.write(
        "r1.csv",
        "board,white,black,result\n1,محمد علي,Eve Park,1-0\n",
    );
    t.ok(&[
        "round",
        "record",
        "--event",
        "Cup",
        "--round",
        "1",
        sheet.to_str().unwrap(),
    ]);
    // Every name on the site is isolated, so "(#1, ...)" and the site's own
    // words keep their order after an Arabic name.
    let site = write_site_quiet(&t);
    let round = read(&site, "2025-26/cup-open/round-1.html");
    assert!(round.contains("<bdi>محمد علي</bdi></a>"), "{round}");
    let section = read(&site, "2025-26/cup-open.html");
    assert!(
        section.contains("<bdi>محمد علي</bdi></a>") && section.contains("<bdi>Eve Park</bdi></a>"),
        "{section}"
    );
    for rel in crate::site::files(&site) {
        assert!(!read(&site, &rel).contains('\u{202E}'), "{rel}");
    }
    // And in the command line's Markdown.
    let md = t.ok(&["standings", "--event", "Cup", "--format", "markdown"]);
    assert!(md.contains("<bdi>محمد علي</bdi>"), "{md}");
}

/// Whether poppler's pdfinfo and pdftotext are here (CI installs them).
fn poppler_or_skip() -> bool {
    let here = ["pdfinfo", "pdftotext"].iter().all(|tool| {
        std::process::Command::new(tool)
            .arg("-v")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok()
    });
    if !here {
        assert!(
            std::env::var_os("CI").is_none(),
            "pdfinfo and pdftotext (poppler-utils) are needed for the print test in CI (.ci/run installs them)"
        );
        eprintln!("skipping the print test: poppler-utils is not installed and CI is not set");
    }
    here
}

/// `page` printed by Chromium (its own page headers and footers off: the
/// site's stylesheet gives them), as the text of each PDF page.
fn printed(profile: &Path, page: &Path) -> Vec<String> {
    let pdf = page.with_extension("pdf");
    let _ = std::fs::remove_file(&pdf);
    crate::site::chromium(
        profile,
        &[
            "--no-pdf-header-footer".into(),
            format!("--print-to-pdf={}", pdf.display()),
            format!("file://{}", page.display()),
        ],
    );
    let info = std::process::Command::new("pdfinfo")
        .arg(&pdf)
        .output()
        .unwrap();
    let info = String::from_utf8_lossy(&info.stdout);
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .unwrap_or_else(|| panic!("no page count from pdfinfo: {info}"))
        .trim()
        .parse()
        .unwrap();
    (1..=pages)
        .map(|k| {
            let k = k.to_string();
            let out = std::process::Command::new("pdftotext")
                .args(["-f", &k, "-l", &k, "-layout"])
                .arg(&pdf)
                .arg("-")
                .output()
                .unwrap();
            String::from_utf8_lossy(&out.stdout).into_owned()
        })
        .collect()
}

/// The one printed page holding every one of `texts` (a table's first and
/// last lines): a table kept whole is on one page.
fn on_one_page(pages: &[String], what: &str, texts: &[&str]) -> usize {
    let found: Vec<usize> = pages
        .iter()
        .enumerate()
        .filter(|(_, p)| texts.iter().all(|t| p.contains(t)))
        .map(|(k, _)| k)
        .collect();
    assert!(
        !found.is_empty(),
        "{what} is split across pages or missing: no page holds all of {texts:?}:\n{}",
        pages.join("\n---- next page ----\n")
    );
    found[0]
}

#[test]
fn the_print_views_print_as_whole_tables_headed_on_every_page() {
    if !browser_or_skip() || !poppler_or_skip() {
        return;
    }
    let (done, _live, finished, paired) = both_sites();
    let profile = done.path("chromium-profile");
    let title_and_date = |pages: &[String], title: &str, date: &str| {
        let n = pages.len();
        for (k, p) in pages.iter().enumerate() {
            assert!(
                p.contains(title) && p.contains(date),
                "page {} has no title {title:?} or date {date:?}:\n{p}",
                k + 1
            );
            assert!(
                p.contains(&format!("Page {} of {n}", k + 1)),
                "page {} is not numbered:\n{p}",
                k + 1
            );
            assert!(
                !p.contains("All seasons") && !p.contains("Tiebreak rules\n"),
                "navigation printed:\n{p}"
            );
        }
    };
    let date = "2024-01-24 at 21:40 UTC";
    // Just the standings: one page, the table whole, no crosstable.
    let pages = printed(
        &profile,
        &finished.join("2023-24/autumn-swiss-1600.standings.html"),
    );
    assert_eq!(pages.len(), 1, "{pages:?}");
    title_and_date(&pages, "Autumn Swiss 1600+ (2023-24): standings", date);
    on_one_page(&pages, "the standings", &["Place", "Bob Jones", "Eve Park"]);
    assert!(
        !pages[0].contains("Crosstable") && !pages[0].contains("D3w"),
        "{}",
        pages[0]
    );
    // Just the crosstable.
    let pages = printed(
        &profile,
        &finished.join("2023-24/autumn-swiss-1600.crosstable.html"),
    );
    assert_eq!(pages.len(), 1, "{pages:?}");
    title_and_date(&pages, "Autumn Swiss 1600+ (2023-24): crosstable", date);
    on_one_page(&pages, "the crosstable", &["Total", "D3w", "W5w", "Z4"]);
    assert!(!pages[0].contains("M-Med"), "{}", pages[0]);
    // The wall chart: every table whole, the title and date on each page.
    let pages = printed(&profile, &finished.join("2023-24/autumn-swiss-1600.html"));
    assert!((1..=3).contains(&pages.len()), "{} pages", pages.len());
    title_and_date(&pages, "Autumn Swiss 1600+ (2023-24)", date);
    on_one_page(
        &pages,
        "the standings",
        &["Standings", "Place", "Bob Jones", "Eve Park"],
    );
    on_one_page(&pages, "the crosstable", &["Crosstable", "D3w", "Z4"]);
    // The team page: each roster whole.
    let pages = printed(&profile, &finished.join("2023-24/team-cup-open.html"));
    title_and_date(&pages, "Team Cup Open (2023-24)", date);
    on_one_page(
        &pages,
        "the team standings",
        &["Team standings", "Rooks", "Pawns"],
    );
    // A live round: its pairings on one page, the A-Z list on the next,
    // whole; headed with the round and the time of the latest change.
    let pages = printed(&profile, &paired.join(ROUND));
    assert_eq!(pages.len(), 2, "{pages:?}");
    let stamp = {
        let html = read(&paired, ROUND);
        let at = at(&html, "Last updated <span class=\"date\">") + 34;
        html[at..at + html[at..].find('<').unwrap()].to_string()
    };
    title_and_date(&pages, "Winter Swiss Open — Round 1", &stamp);
    on_one_page(
        &pages,
        "the pairings",
        &[
            "Pairings and results",
            "Alexandra",
            "Jo Lee",
            "Tuesday 6 January 2026",
        ],
    );
    let list = on_one_page(
        &pages,
        "the A-Z list",
        &["Find your board", "Alexandra", "Jo Lee"],
    );
    assert_eq!(list, 1);
}
