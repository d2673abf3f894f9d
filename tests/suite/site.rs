//! The results site and `league crosstable`, through the commands: golden
//! HTML for a small fixture league (reviewed; `UPDATE_GOLDEN=1` rewrites
//! them), hostile names rendered as text, every link resolving, the folder
//! safety rules, and a real headless Chromium reading the pages.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::TestLeague;

/// Record one round of a section from a sheet.
fn round(t: &TestLeague, event: &str, section: &str, n: u32, sheet: &str) {
    let file = t.write(&format!("{event}-{section}-{n}.csv"), sheet);
    let n = n.to_string();
    t.ok(&[
        "round",
        "record",
        "--event",
        event,
        "--section",
        section,
        "--round",
        &n,
        file.to_str().unwrap(),
        // Small fixture sections meet again on purpose.
        "--allow-rematch",
    ]);
}

/// Two seasons: 2022-23 with a round-robin quad, 2023-24 with a 3-round
/// Swiss in two sections (byes of every kind, a forfeit, a double forfeit,
/// a FIDE tiebreak), players meeting again across seasons.
pub(crate) fn fixture() -> TestLeague {
    let t = TestLeague::new();
    t.ok(&[
        "season",
        "add",
        "2022-23",
        "--start",
        "2022-09-01",
        "--end",
        "2023-05-31",
    ]);
    t.ok(&[
        "season",
        "add",
        "2023-24",
        "--start",
        "2023-09-01",
        "--end",
        "2024-05-31",
    ]);
    for (name, rating) in [
        ("Alice Smith", "1800"),
        ("Bob Jones", "1750"),
        ("Carol King", "1700"),
        ("Dan Wu", "1650"),
        ("Eve Park", "1620"),
        ("Gina Low", "1400"),
        ("Hal Brook", "1300"),
    ] {
        t.ok(&["player", "add", name, "--rating", rating]);
    }
    t.ok(&[
        "event",
        "add",
        "Spring Quads",
        "--season",
        "2022-23",
        "--kind",
        "round-robin",
        "--rounds",
        "3",
        "--start",
        "2023-04-04",
        "--end",
        "2023-04-18",
    ]);
    t.ok(&[
        "enter",
        "Alice",
        "Bob",
        "Carol",
        "Dan",
        "--event",
        "Spring Quads",
    ]);
    let quads = "Open";
    round(
        &t,
        "Spring Quads",
        quads,
        1,
        "board,white,black,result\n1,Alice Smith,Dan Wu,1-0\n2,Bob Jones,Carol King,½-½\n",
    );
    round(
        &t,
        "Spring Quads",
        quads,
        2,
        "board,white,black,result\n1,Carol King,Alice Smith,½-½\n2,Dan Wu,Bob Jones,0-1\n",
    );
    round(
        &t,
        "Spring Quads",
        quads,
        3,
        "board,white,black,result\n1,Alice Smith,Bob Jones,0-1\n2,Carol King,Dan Wu,1-0\n",
    );
    t.ok(&[
        "event",
        "add",
        "Autumn Swiss",
        "--season",
        "2023-24",
        "--rounds",
        "3",
        "--sections",
        "1600+,U1600",
        "--start",
        "2023-10-03",
        "--end",
        "2023-10-17",
        "--tiebreaks",
        "mm,solkoff,BH",
    ]);
    t.ok(&[
        "enter",
        "Alice",
        "Bob",
        "Carol",
        "Dan",
        "Eve",
        "--event",
        "Autumn Swiss",
        "--section",
        "1600+",
    ]);
    t.ok(&[
        "enter",
        "Gina",
        "Hal",
        "--event",
        "Autumn Swiss",
        "--section",
        "U1600",
    ]);
    let sw = "Autumn Swiss";
    round(
        &t,
        sw,
        "1600+",
        1,
        "board,white,black,result\n1,Alice Smith,Eve Park,1-0\n2,Bob Jones,Carol King,½-½\n,Dan Wu,BYE,full\n",
    );
    round(
        &t,
        sw,
        "1600+",
        2,
        "board,white,black,result\n1,Dan Wu,Alice Smith,0-1\n2,Carol King,Eve Park,1F-0F\n,Bob Jones,BYE,half\n",
    );
    round(
        &t,
        sw,
        "1600+",
        3,
        "board,white,black,result\n1,Alice Smith,Bob Jones,0-1\n2,Eve Park,Dan Wu,0F-0F\n,Carol King,BYE,zero\n",
    );
    round(
        &t,
        sw,
        "U1600",
        1,
        "board,white,black,result\n1,Gina Low,Hal Brook,1-0\n",
    );
    round(
        &t,
        sw,
        "U1600",
        2,
        "board,white,black,result\n1,Hal Brook,Gina Low,½-½\n",
    );
    team_fixture(&t);
    // The footer's "last updated" reads the audit trail: pin its times so
    // the golden pages do not change from day to day.
    t.conn()
        .execute("UPDATE audit SET at = '2024-01-24T09:00:00Z'", [])
        .unwrap();
    t.conn()
        .execute("UPDATE records_changed SET at = '2024-01-24T21:40:00Z'", [])
        .unwrap();
    t
}

/// The fixture's team event: 4 teams of 2 boards, 3 rounds, a forfeited
/// board, a team withdrawing after round 2 and a team bye in round 3,
/// recorded through `league team` and `league match`.
fn team_fixture(t: &TestLeague) {
    t.ok(&[
        "event",
        "add",
        TEAM_EVENT,
        "--season",
        "2023-24",
        "--kind",
        "team-swiss",
        "--rounds",
        "3",
        "--start",
        "2024-01-09",
        "--end",
        "2024-01-23",
    ]);
    let ev = ["--event", TEAM_EVENT];
    let mut a = vec!["team", "edit", "--boards", "2"];
    a.extend(ev);
    t.ok(&a);
    for (team, short, players) in [
        ("Rooks", "ROO", ["Alice Smith", "Gina Low"]),
        ("Knights", "KNI", ["Bob Jones", "Hal Brook"]),
        ("Bishops", "BIS", ["Carol King", "Ivy Nash"]),
        ("Pawns", "PAW", ["Dan Wu", "Eve Park"]),
    ] {
        let mut a = vec!["team", "add", team, "--short", short];
        a.extend(ev);
        t.ok(&a);
        let mut a = vec!["team", "roster", short, "--new", "--rating", "1450"];
        a.extend(players);
        a.extend(ev);
        t.ok(&a);
    }
    for (round, home, away, results) in [
        ("1", "ROO", "KNI", "1-0,½-½"),
        ("1", "BIS", "PAW", "0-1,1-0"),
        ("2", "ROO", "BIS", "½-½,1-0"),
        ("2", "KNI", "PAW", "1-0,1F-0F"),
        ("3", "KNI", "BIS", "½-½,½-½"),
    ] {
        let mut a = vec!["match", "record", home, away, "--results", results];
        a.extend(ev);
        a.extend(["--round", round]);
        t.ok(&a);
    }
    let mut a = vec!["team", "withdraw", "PAW", "--after-round", "2"];
    a.extend(ev);
    t.ok(&a);
    let mut a = vec!["match", "bye", "ROO", "--round", "3"];
    a.extend(ev);
    t.ok(&a);
}

/// The fixture's team event.
const TEAM_EVENT: &str = "Team Cup";

/// Every file under `dir`, as paths relative to it with `/`.
pub(crate) fn files(dir: &Path) -> BTreeSet<String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
        for e in std::fs::read_dir(dir).expect("read site folder") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p.strip_prefix(root).expect("inside");
                out.insert(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(dir, dir, &mut out);
    out
}

pub(crate) fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// `league site --all --out site` in the league's folder; returns the folder.
fn write_site(t: &TestLeague) -> PathBuf {
    let out = t.ok(&["site", "--all", "--out", "site"]);
    assert!(out.contains("Open"), "{out}");
    t.path("site")
}

/// `league site --all --out site`, whatever it prints; returns the folder.
pub(crate) fn write_site_quiet(t: &TestLeague) -> PathBuf {
    t.ok(&["site", "--all", "--out", "site"]);
    t.path("site")
}

/// The values of `attr="..."` in `html`.
fn attrs(html: &str, attr: &str) -> Vec<String> {
    let needle = format!("{attr}=\"");
    html.match_indices(&needle)
        .map(|(i, _)| {
            let rest = &html[i + needle.len()..];
            rest[..rest.find('"').expect("closing quote")].to_string()
        })
        .collect()
}

#[test]
fn golden_pages_of_the_fixture_league() {
    let t = fixture();
    let site = write_site(&t);
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/site");
    let got = files(&site);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let _ = std::fs::remove_dir_all(&golden);
        for rel in &got {
            let to = golden.join(rel);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(site.join(rel), &to).unwrap();
        }
    }
    let want = files(&golden);
    assert_eq!(
        got, want,
        "the site's files differ from tests/golden/site; review and run with UPDATE_GOLDEN=1 to accept"
    );
    for rel in &got {
        let (g, w) = (read(&site, rel), read(&golden, rel));
        if g != w {
            let line = g
                .lines()
                .zip(w.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| g.lines().count().min(w.lines().count()));
            panic!(
                "{rel} differs from tests/golden/site/{rel} at line {}:\n  got:  {}\n  want: {}\nreview the change and run with UPDATE_GOLDEN=1 to accept it",
                line + 1,
                g.lines().nth(line).unwrap_or("<end of file>"),
                w.lines().nth(line).unwrap_or("<end of file>"),
            );
        }
    }
}

#[test]
fn pages_say_what_happened() {
    let t = fixture();
    let site = write_site(&t);
    let index = read(&site, "index.html");
    // Newest season first.
    assert!(index.find("2023-24").unwrap() < index.find("2022-23").unwrap());
    let season = read(&site, "2023-24/index.html");
    assert!(season
        .contains("Champion: <a href=\"../players/bob-jones.html\"><bdi>Bob Jones</bdi></a> (2)"));
    assert!(season.contains("mm, solkoff, BH"));
    let section = read(&site, "2023-24/autumn-swiss-1600.html");
    // Standings agree with `league standings`.
    let standings = t.ok(&[
        "standings",
        "--event",
        "Autumn Swiss",
        "--section",
        "1600+",
        "--format",
        "csv",
    ]);
    let first: Vec<&str> = standings.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(first[2], "Bob Jones");
    // CSV carries plain decimals (3.5); the page prints halves (3½).
    let half = |v: &str| match v.strip_suffix(".5") {
        Some("0") => "½".to_string(),
        Some(whole) => format!("{whole}½"),
        None => v.to_string(),
    };
    let row = format!(
        "<td class=\"stick1\">1</td><td class=\"num\">{}</td><th scope=\"row\" class=\"stick2 name\"><a href=\"../players/bob-jones.html\"><bdi>Bob Jones</bdi></a></th><td class=\"num opt\">1750</td><td class=\"num\">2</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
        first[1],
        half(first[5]),
        half(first[6]),
        half(first[7])
    );
    assert!(section.contains(&row), "{row}\nnot in\n{section}");
    for code in ["X", "F", "Z", "B", "H", "U"] {
        assert!(section.contains(&format!(">{code}")), "code {code} missing");
    }
    // The working has its own page; each row's "how" opens that player's.
    let working = read(&site, "2023-24/autumn-swiss-1600/working.html");
    assert!(working.contains("<div class=\"work-of\" id=\"working-2\">"));
    assert!(section.contains("<a href=\"../2023-24/autumn-swiss-1600/working.html#working-2\">how<span class=\"vh\"> Bob Jones’s tiebreaks were worked out</span></a>"));
    assert!(!section.contains("<details"));
    // Tiebreak headings: short labels, the full name, a link to the rules.
    assert!(
        section.contains(
            "<a class=\"term\" href=\"../rules.html#tb-us-mm\"><abbr title=\"Modified Median: "
        ),
        "{section}"
    );
    assert!(read(&site, "rules.html")
        .contains("<dt id=\"tb-us-mm\">M-Med <span class=\"code\">(mm)</span></dt>"));
    // The race, also as points behind whoever led after each round: Carol
    // had ½ + a forfeit win (1½) to Alice's 2 after round 2; Bob's last-round
    // win over Alice brought him level.
    assert!(section.contains("<title>Carol King: ½ point behind after round 2</title>"));
    assert!(section.contains("<title>Bob Jones: 1 point behind after round 2</title>"));
    assert!(section.contains("<title>Bob Jones: leading after round 3</title>"));
    assert!(section.contains("FIDE tiebreaks follow the rules in force from 2024"));
    assert!(section.contains("<svg"));
    let player = read(&site, "players/alice-smith.html");
    assert!(player.contains("Spring Quads"));
    assert!(player.contains("Autumn Swiss"));
    // Newest first: the 2023-24 event is listed before the 2022-23 one.
    let events = &player[player.find("<h2>Events</h2>").unwrap()..];
    assert!(events.find("Autumn Swiss").unwrap() < events.find("Spring Quads").unwrap());
    assert!(player.contains("<a href=\"../players/eve-park.html\"><bdi>Eve Park</bdi></a>"));
    assert!(!section.contains("<script"));
}

#[test]
fn every_link_is_relative_and_points_at_a_file_or_anchor_that_exists() {
    let t = fixture();
    let site = write_site(&t);
    let all = files(&site);
    let mut checked = 0;
    for rel in all.iter().filter(|f| f.ends_with(".html")) {
        let html = read(&site, rel);
        assert!(!html.contains("<script"), "{rel} has a script");
        assert!(!html.contains("src=\""), "{rel} loads something");
        let base = Path::new(rel).parent().unwrap_or(Path::new(""));
        for href in attrs(&html, "href") {
            assert!(
                !href.contains("://") && !href.starts_with('/'),
                "{rel}: {href} is not relative"
            );
            let (file, anchor) = match href.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (href.as_str(), None),
            };
            let (target_rel, target) = if file.is_empty() {
                (rel.clone(), html.clone())
            } else {
                let p = site.join(base).join(file);
                let canon = p
                    .canonicalize()
                    .unwrap_or_else(|_| panic!("{rel}: {href} points at nothing"));
                assert!(canon.starts_with(site.canonicalize().unwrap()));
                let r = canon
                    .strip_prefix(site.canonicalize().unwrap())
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                let text = std::fs::read_to_string(&canon).unwrap();
                (r, text)
            };
            if let Some(a) = anchor {
                assert!(
                    target.contains(&format!("id=\"{a}\"")),
                    "{rel}: {href}: no id {a} in {target_rel}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} links checked");
}

#[test]
fn hostile_names_render_as_text() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "<i>2024</i> & \"co\""]);
    t.ok(&[
        "event",
        "add",
        "<b>Bold</b> & 'Sons'",
        "--season",
        "<i>2024</i> & \"co\"",
        "--rounds",
        "2",
        "--sections",
        "\"A\" & <B>",
    ]);
    let long = format!("Maximilian {}", "Abcdefghij".repeat(30));
    let names = [
        "<script>alert(\"pwned\")</script>",
        "O'Brien & \"Sons\"",
        long.as_str(),
        "Иван Петров",
        "李雷",
    ];
    for n in names {
        t.ok(&["player", "add", n, "--rating", "1500"]);
    }
    let event = "<b>Bold</b> & 'Sons'";
    let mut enter = vec!["enter"];
    enter.extend(names);
    enter.extend(["--event", event]);
    t.ok(&enter);
    let sheet = "board,white,black,result\n1,1,2,1-0\n2,3,4,½-½\n,5,BYE,full\n";
    let f = t.write("r1.csv", sheet);
    t.ok(&[
        "round",
        "record",
        "--event",
        event,
        "--round",
        "1",
        f.to_str().unwrap(),
    ]);
    let site = write_site(&t);
    let all = files(&site);
    let mut joined = String::new();
    for rel in all.iter().filter(|f| f.ends_with(".html")) {
        let html = read(&site, rel);
        assert!(!html.contains("<script"), "{rel}: a script tag got through");
        assert!(!html.contains("<b>Bold"), "{rel}: markup got through");
        assert!(!html.contains("<i>2024"), "{rel}: markup got through");
        assert!(!html.contains("\"Sons\""), "{rel}: a raw quote got through");
        joined.push_str(&html);
    }
    assert!(joined.contains("&#60;script&#62;alert(&#34;pwned&#34;)&#60;/script&#62;"));
    assert!(joined.contains("O&#39;Brien &#38; &#34;Sons&#34;"));
    assert!(joined.contains("Иван Петров"));
    assert!(joined.contains("李雷"));
    assert!(joined.contains(&long));
    // Readable file names: other scripts transliterated, never player-N.
    assert!(
        all.iter()
            .any(|f| f.starts_with("players/script-alert-pwned-script")),
        "{all:?}"
    );
    assert!(all.contains("players/ivan-petrov.html"), "{all:?}");
    assert!(all.contains("players/li-lei.html"), "{all:?}");
    assert!(
        !all.iter().any(|f| f.starts_with("players/player-")),
        "{all:?}"
    );
    assert!(all.iter().all(|f| f.len() < 120), "{all:?}");
}

#[test]
fn accented_names_get_transliterated_page_names() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024"]);
    t.ok(&[
        "event",
        "add",
        "Café Open",
        "--season",
        "2024",
        "--rounds",
        "1",
    ]);
    for n in ["José Núñez", "Zoë Åberg", "Łukasz Żółć"] {
        t.ok(&["player", "add", n, "--rating", "1500"]);
    }
    t.ok(&[
        "enter",
        "José Núñez",
        "Zoë Åberg",
        "Łukasz Żółć",
        "--event",
        "Café Open",
    ]);
    let f = t.write(
        "r1.csv",
        "board,white,black,result\n1,José Núñez,Zoë Åberg,1-0\n,Łukasz Żółć,BYE,full\n",
    );
    t.ok(&[
        "round",
        "record",
        "--event",
        "Café Open",
        "--round",
        "1",
        f.to_str().unwrap(),
    ]);
    let site = write_site_quiet(&t);
    let all = files(&site);
    for page in [
        "players/jose-nunez.html",
        "players/zoe-aberg.html",
        "players/lukasz-zolc.html",
        "2024/cafe-open-open.html",
        "2024/cafe-open-open/round-1.html",
    ] {
        assert!(all.contains(page), "{page} not in {all:?}");
    }
    // The round page links the players by those names and shows the bye.
    let round = read(&site, "2024/cafe-open-open/round-1.html");
    assert!(
        round.contains("<h1>Café Open Open — Round 1</h1>"),
        "{round}"
    );
    assert!(round.contains("<a href=\"../../players/jose-nunez.html\"><bdi>José Núñez</bdi></a>"));
    assert!(
        round.contains("Łukasz Żółć</bdi></a> (#3, 0 before the round): full-point bye"),
        "{round}"
    );
    // The directory files them under their transliterated surnames.
    let dir = read(&site, "players/index.html");
    let a = dir.find("<tbody id=\"letter-a\">").expect("an A group");
    let z = dir.find("<tbody id=\"letter-z\">").expect("a Z group");
    let zoe = dir
        .find(">Åberg, Zoë</bdi></a>")
        .expect("Zoë under her surname");
    assert!(a < zoe && zoe < z, "{dir}");
    assert!(dir.find(">Żółć, Łukasz</bdi></a>").unwrap() > z, "{dir}");
}

#[test]
fn a_pending_game_shows_result_not_yet_in_on_its_round_page() {
    let t = fixture();
    // Round 4 does not exist in the 3-round Swiss; use U1600's round 3.
    round(
        &t,
        "Autumn Swiss",
        "U1600",
        3,
        "board,white,black,result\n1,Gina Low,Hal Brook,1-0\n",
    );
    t.ok(&[
        "game",
        "result",
        "Gina Low",
        "--pending",
        "--event",
        "Autumn Swiss",
        "--section",
        "U1600",
        "--round",
        "3",
        "--reason",
        "result sheet lost",
    ]);
    let site = write_site_quiet(&t);
    let page = read(&site, "2023-24/autumn-swiss-u1600/round-3.html");
    let rows = table_rows(&page, "id=\"pairings\"", "pairings");
    // Board, #, White, rating, score before, result (a short mark, the
    // words for screen readers), #, Black, rating, score before.
    assert_eq!(
        rows,
        [[
            "1",
            "1",
            "Gina Low",
            "1400",
            "1½",
            "…result not yet in",
            "2",
            "Hal Brook",
            "1300",
            "½"
        ]]
    );
    assert!(page.contains("<tr class=\"pending\">"), "{page}");
    assert!(page.contains("<td class=\"result\"><span aria-hidden=\"true\">…</span><span class=\"vh\">result not yet in</span></td>"), "{page}");
    // The mark's legend.
    assert!(page.contains("…: the result is not yet in."), "{page}");
    assert!(page.contains("The result is not yet in."), "{page}");
    // Round 2 is complete: its result shows.
    let done = read(&site, "2023-24/autumn-swiss-u1600/round-2.html");
    let rows = table_rows(&done, "id=\"pairings\"", "pairings");
    assert_eq!(
        rows,
        [[
            "1",
            "2",
            "Hal Brook",
            "1300",
            "0",
            "½–½",
            "1",
            "Gina Low",
            "1400",
            "1"
        ]]
    );
    // No pending game, no legend for the mark.
    assert!(!done.contains("…: the result is not yet in."), "{done}");
    // The section page links every round, and the crosstable's headings too.
    let section = read(&site, "2023-24/autumn-swiss-u1600.html");
    assert!(section.contains("<a href=\"../2023-24/autumn-swiss-u1600/round-3.html\">Round 3</a>"));
    assert!(section.contains("<a href=\"../2023-24/autumn-swiss-u1600/round-3.html\">R3</a>"));
    // Sibling sections link each other.
    assert!(section.contains("<a href=\"../2023-24/autumn-swiss-1600.html\">1600+</a> · <strong aria-current=\"page\">U1600</strong>"), "{section}");
}

#[test]
fn site_refuses_a_folder_it_did_not_write_and_replaces_its_own() {
    let t = fixture();
    std::fs::create_dir(t.path("mine")).unwrap();
    std::fs::write(t.path("mine/notes.txt"), "keep me").unwrap();
    let r = t.run(&["site", "--out", "mine"]);
    assert!(!r.ok);
    assert!(r.stderr.contains("did not write"), "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(t.path("mine/notes.txt")).unwrap(),
        "keep me"
    );
    assert!(!t.path("mine/index.html").exists());
    // Its own folder is rewritten; one season written into the whole site
    // keeps the other season's pages (issue 27); into a new folder, one
    // season only lists that season.
    write_site(&t);
    t.ok(&["site", "--season", "2022-23", "--out", "site"]);
    let site = t.path("site");
    assert!(site.join("2023-24").exists());
    assert!(read(&site, "index.html").contains("Autumn Swiss"));
    t.ok(&["site", "--season", "2022-23", "--out", "one"]);
    let one = t.path("one");
    assert!(!one.join("2023-24").exists());
    assert!(read(&one, "index.html").contains("Spring Quads"));
    assert!(!read(&one, "index.html").contains("Autumn Swiss"));
    let r = t.run(&["site", "--season", "1999", "--out", "other"]);
    assert!(!r.ok);
    assert!(
        r.stderr.contains("no season is called \"1999\""),
        "{}",
        r.stderr
    );
}

#[test]
fn crosstable_command_prints_the_wall_chart() {
    let t = fixture();
    let out = t.ok(&[
        "crosstable",
        "--event",
        "Autumn Swiss",
        "--section",
        "1600+",
        "--format",
        "csv",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "row,place,name,no,rating,R1,R2,R3,total");
    // Bob: drew Carol as White, half-point bye, beat Alice as Black.
    let carol_row = lines.iter().position(|l| l.contains("Carol King")).unwrap();
    let alice_row = lines
        .iter()
        .position(|l| l.contains("Alice Smith"))
        .unwrap();
    assert_eq!(
        lines[1],
        format!("1,1,Bob Jones,2,1750,D{carol_row}w,H,W{alice_row}b,2")
    );
    let carol: Vec<&str> = lines[carol_row].split(',').collect();
    assert_eq!(
        &carol[5..8],
        &[
            "D1b",
            &*format!(
                "X{}",
                lines.iter().position(|l| l.contains("Eve Park")).unwrap()
            ),
            "U"
        ]
    );
    let text = t.ok(&[
        "crosstable",
        "--event",
        "Autumn Swiss",
        "--section",
        "1600+",
        "--after-round",
        "1",
    ]);
    assert!(text.contains("crosstable after round 1 of 3"), "{text}");
    assert!(text.contains("Z "), "legend: {text}");
    let md = t.ok(&[
        "crosstable",
        "--event",
        "Spring Quads",
        "--format",
        "markdown",
    ]);
    assert!(
        md.starts_with("| row | place | name | no | rating | R1 | R2 | R3 | total |"),
        "{md}"
    );
    let r = t.run(&["crosstable", "--event", "Spring Quads", "--format", "json"]);
    assert!(!r.ok);
}

#[test]
fn demo_writes_its_site_and_keeps_away_from_other_folders() {
    let t = TestLeague::new();
    std::fs::create_dir(t.path("demo-site")).unwrap();
    std::fs::write(t.path("demo-site/index.html"), "someone's page").unwrap();
    let r = t.run(&["demo"]);
    assert!(!r.ok);
    assert!(r.stderr.contains("did not write"), "{}", r.stderr);
    assert!(!t.path("demo.db").exists());
    std::fs::remove_dir_all(t.path("demo-site")).unwrap();
    let out = t.ok(&["demo"]);
    assert!(
        out.contains("Winter Swiss (2022-23), section 1600+"),
        "{out}"
    );
    assert!(out.contains("demo-site/index.html"), "{out}");
    assert!(t.path("demo-site/2022-23/winter-swiss-1600.html").is_file());
    // Run again: its own site is replaced.
    t.ok(&["demo"]);
    // A site written by `league site` is not the demo's.
    std::fs::remove_dir_all(t.path("demo-site")).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_league"))
        .args(["--db", "demo.db", "site", "--out", "demo-site"])
        .current_dir(t.dir.path())
        .env_remove("LEAGUE_DB")
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let r = t.run(&["demo"]);
    assert!(!r.ok);
    assert!(
        r.stderr.contains("not written by league demo"),
        "{}",
        r.stderr
    );
}

/// Issue 29: a round page of the demo says how the round was paired, in
/// the words of `league round pair --explain`, one line a board; a round
/// robin's page says nothing of it (its table is the whole story).
#[test]
fn a_demo_round_page_says_how_the_round_was_paired() {
    let t = TestLeague::new();
    t.ok(&["demo"]);
    let page = std::fs::read_to_string(t.path("demo-site/2022-23/winter-swiss-1600/round-1.html"))
        .unwrap();
    let start = page
        .find("<details class=\"explained\"")
        .expect("the account is on the page");
    let account = &page[start..page[start..].find("</details>").unwrap() + start];
    assert!(
        account.contains("<summary>How this round was paired</summary>"),
        "{account}"
    );
    assert!(
        account.contains(
            "<li>Board 1: Wyatt Nakamura (1) - Tamsin Lindqvist (10): natural pairing: upper half \
             against lower half of the score group (27A3, 29C); colours: neither is due a colour: \
             Wyatt Nakamura (1) has White by the initial colour, alternating down the boards (29E2)</li>"
        ),
        "{account}"
    );
    // One line for each board of the round's table.
    let boards = page.matches("<tr><td class=\"num\">").count();
    assert_eq!(account.matches("<li>Board ").count(), boards, "{account}");
    let table = std::fs::read_to_string(
        t.path("demo-site/2022-23/club-championship-championship/round-1.html"),
    )
    .unwrap();
    assert!(!table.contains("How this round was paired"));
}

/// The site's name of a section's pages: "Winter Swiss", "1600+" →
/// "winter-swiss-1600".
fn page_slug(event: &str, section: &str) -> String {
    let mut slug = String::new();
    for c in format!("{event} {section}").chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_string()
}

/// Issue 29: the demo pairs each Swiss event with the engine it names (the
/// US Chess system), so the account, given only when the event's engine
/// pairs the stored round again exactly, is on every round page of every
/// demo Swiss section, one line a board.
#[test]
fn every_demo_swiss_round_page_says_how_the_round_was_paired() {
    let t = TestLeague::new();
    t.ok(&["demo", "--out", t.db.to_str().unwrap()]);
    let rounds = t.query(
        "SELECT e.name, s.name, r.number FROM round r JOIN section s ON s.id = r.section_id \
         JOIN event e ON e.id = s.event_id WHERE e.kind = 'swiss' ORDER BY e.id, s.id, r.number",
    );
    assert_eq!(rounds.len(), 48, "four events, two sections, six rounds");
    let mut missing = Vec::new();
    for r in &rounds {
        let path = t.path(&format!(
            "league-site/2022-23/{}/round-{}.html",
            page_slug(&r[0], &r[1]),
            r[2]
        ));
        let page =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let Some(start) = page.find("<details class=\"explained\"") else {
            missing.push(format!("{} {} round {}", r[0], r[1], r[2]));
            continue;
        };
        let account = &page[start..page[start..].find("</details>").unwrap() + start];
        assert!(account.contains("<summary>How this round was paired</summary>"));
        let boards = page.matches("<tr><td class=\"num\">").count();
        assert!(boards > 0, "{}", path.display());
        assert_eq!(
            account.matches("<li>Board ").count(),
            boards,
            "{}: {account}",
            path.display()
        );
    }
    assert!(
        missing.is_empty(),
        "rounds without the account: {missing:?}"
    );
}

/// Run chromium with `args`, killing it after a minute.
pub(crate) fn chromium(profile: &Path, args: &[String]) -> String {
    let mut child = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-quic",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait for chromium").is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            panic!("chromium did not finish within 90 s: {args:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().expect("chromium output");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Say whether the browser test ran, in the test run's own output: written
/// to standard error directly, which the test harness does not capture (it
/// captures only `print!` and `eprint!`), so `cargo test` shows it.
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

pub(crate) fn chromium_present() -> bool {
    Command::new("chromium")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Follow the first `href` containing `needle` from the page at `from`.
fn follow(from: &Path, dom: &str, needle: &str) -> PathBuf {
    let href = attrs(dom, "href")
        .into_iter()
        .find(|h| h.contains(needle))
        .unwrap_or_else(|| panic!("no link containing {needle} in {}", from.display()));
    from.parent()
        .unwrap()
        .join(href.split('#').next().unwrap())
        .canonicalize()
        .expect("link resolves")
}

#[test]
fn a_real_browser_reads_the_site() {
    if !chromium_present() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is needed for the site's browser test in CI (.ci/run installs Debian's chromium)"
        );
        say("browser test SKIPPED: chromium is not installed here and CI is not set (in CI it must run; .ci/run installs chromium)");
        return;
    }
    say("browser test RUNS: headless chromium reads the site");
    let t = fixture();
    let site = write_site(&t).canonicalize().unwrap();
    let profile = t.path("chromium-profile");
    let url = |p: &Path| format!("file://{}", p.display());
    let index = site.join("index.html");
    let dom = chromium(&profile, &["--dump-dom".into(), url(&index)]);
    assert!(
        dom.contains("2023-24") && dom.contains("Autumn Swiss"),
        "{dom}"
    );
    let section = follow(&index, &dom, "autumn-swiss-1600");
    let dom = chromium(&profile, &["--dump-dom".into(), url(&section)]);
    for text in ["Standings", "Crosstable", "Bob Jones", "The race", "BH"] {
        assert!(
            dom.contains(text),
            "{text} not in the rendered section page"
        );
    }
    let player = follow(&section, &dom, "players/alice-smith");
    let dom = chromium(&profile, &["--dump-dom".into(), url(&player)]);
    assert!(dom.contains("<h1><bdi>Alice Smith</bdi></h1>"), "{dom}");
    assert!(dom.contains("Spring Quads") && dom.contains("Autumn Swiss"));
    let index_dom = chromium(&profile, &["--dump-dom".into(), url(&index)]);
    let team = follow(&index, &index_dom, "team-cup-open");
    let dom = chromium(&profile, &["--dump-dom".into(), url(&team)]);
    for text in [
        "Team standings",
        "Team crosstable",
        "W2,1½",
        "Board prizes",
        "Rosters",
    ] {
        assert!(dom.contains(text), "{text} not in the rendered team page");
    }
    // A round page, the player directory and a round robin's grid, each
    // reached by its links, read and photographed at a desktop width and a
    // phone's (kept in target/tmp/site-screenshots for a person to look at).
    let dom = chromium(&profile, &["--dump-dom".into(), url(&section)]);
    let round2 = follow(&section, &dom, "autumn-swiss-1600/round-2.html");
    let dom = chromium(&profile, &["--dump-dom".into(), url(&round2)]);
    for text in [
        "Autumn Swiss 1600+ — Round 2",
        "Dan Wu",
        "0–1",
        "1–0 forfeit",
        "half-point bye",
    ] {
        assert!(dom.contains(text), "{text} not in the rendered round page");
    }
    let directory = follow(&round2, &dom, "players/index.html");
    let dom = chromium(&profile, &["--dump-dom".into(), url(&directory)]);
    for text in ["<h1>Players</h1>", "Jones, Bob", "Nash, Ivy", "letter-w"] {
        assert!(dom.contains(text), "{text} not in the rendered directory");
    }
    let dom = chromium(&profile, &["--dump-dom".into(), url(&index)]);
    // An older season is a link in the index's compact grid.
    let older = follow(&index, &dom, "2022-23/index.html");
    let dom = chromium(&profile, &["--dump-dom".into(), url(&older)]);
    let quads = follow(&older, &dom, "spring-quads-open.html");
    let dom = chromium(&profile, &["--dump-dom".into(), url(&quads)]);
    for text in [
        "<h2 id=\"grid\">Grid</h2>",
        "class=\"cell self\"",
        "Crosstable",
    ] {
        assert!(dom.contains(text), "{text} not in the rendered round robin");
    }
    assert!(dom.find("id=\"grid\"").unwrap() < dom.find("id=\"crosstable\"").unwrap());
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    for (name, page) in [
        ("round", &round2),
        ("directory", &directory),
        ("round-robin", &quads),
        ("section", &section),
    ] {
        for (width, height) in [(1366, 1400), (390, 1800)] {
            let shot = shots.join(format!("{name}-{width}.png"));
            let _ = std::fs::remove_file(&shot);
            chromium(
                &profile,
                &[
                    format!("--screenshot={}", shot.display()),
                    format!("--window-size={width},{height}"),
                    "--hide-scrollbars".into(),
                    url(page),
                ],
            );
            let png = std::fs::read(&shot).expect("chromium wrote a screenshot");
            assert!(
                png.len() > 1000,
                "{name}: screenshot is {} bytes",
                png.len()
            );
            assert!(png.starts_with(b"\x89PNG"));
            // The PNG's width (bytes 16..20 of the IHDR chunk) is the window's.
            let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
            assert_eq!(w, width, "{name}: screenshot width");
        }
    }
}

#[test]
fn readme_results_site_commands_run_as_written() {
    const README: &str = include_str!("../../README.md");
    let start = README
        .find("<!-- results-site")
        .expect("the README's results-site block");
    let rest = &README[start..];
    let body = &rest[rest.find("```sh\n").expect("block opens") + 6..];
    let body = &body[..body.find("```").expect("block closes")];
    let t = TestLeague::new();
    let mut ran = 0;
    for line in std::iter::once("league demo").chain(body.lines()) {
        let Some(rest) = line.trim().strip_prefix("league ") else {
            continue;
        };
        // Split like a shell would for these lines (double quotes only).
        let args: Vec<String> = rest
            .split('"')
            .enumerate()
            .flat_map(|(i, part)| {
                if i % 2 == 1 {
                    vec![part.to_string()]
                } else {
                    part.split_whitespace().map(str::to_string).collect()
                }
            })
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_league"))
            .args(&args)
            .current_dir(t.dir.path())
            .env_remove("LEAGUE_DB")
            .output()
            .expect("run league");
        assert!(
            out.status.success(),
            "README line failed: {line}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    assert!(ran >= 5, "{ran} commands");
    assert!(t.path("site/2022-23/winter-swiss-1600.html").is_file());
    assert!(t.path("site/2022-23/club-team-swiss-teams.html").is_file());
    assert!(t.path("demo-site/index.html").is_file());
}

/// The rows of the first `<table class="{class}">` in `html` after `from`:
/// each cell's text, tags stripped and the escapes the pages use undone.
pub(crate) fn table_rows(html: &str, from: &str, class: &str) -> Vec<Vec<String>> {
    let html = &html[html.find(from).unwrap_or_else(|| panic!("no {from}"))..];
    let start = html
        .find(&format!("<table class=\"{class}\">"))
        .unwrap_or_else(|| panic!("no table {class}"));
    let table = &html[start..start + html[start..].find("</table>").unwrap()];
    let body = &table[table.find("<tbody>").unwrap()..];
    body.split("<tr")
        .skip(1)
        .map(|row| {
            row_cells(row)
                .into_iter()
                .map(|cell| {
                    let mut text = String::new();
                    let mut in_tag = false;
                    for c in cell.chars() {
                        match c {
                            '<' => in_tag = true,
                            '>' => in_tag = false,
                            c if !in_tag => text.push(c),
                            _ => {}
                        }
                    }
                    text.replace("&#39;", "'")
                        .replace("&#34;", "\"")
                        .replace("&#60;", "<")
                        .replace("&#62;", ">")
                        .replace("&#38;", "&")
                })
                .collect()
        })
        .collect()
}

/// The cells of a table row, data cells and row headers alike
/// (`<th scope="row">` names the row), in order.
fn row_cells(row: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = row;
    let open = |r: &str, tag: &str| {
        r.match_indices(tag)
            .map(|(i, _)| i)
            .find(|&i| matches!(r.as_bytes().get(i + 3), Some(b' ' | b'>')))
    };
    while let Some(i) = [open(rest, "<td"), open(rest, "<th")]
        .into_iter()
        .flatten()
        .min()
    {
        let close = format!("</{}>", &rest[i + 1..i + 3]);
        let inner = i + rest[i..].find('>').unwrap() + 1;
        let end = inner + rest[inner..].find(&close).unwrap();
        out.push(&rest[inner..end]);
        rest = &rest[end + close.len()..];
    }
    out
}

/// "7½" → 7.5, "½" → 0.5, "12" → 12.0.
fn fraction(text: &str) -> f64 {
    let (whole, half) = match text.strip_suffix('½') {
        Some(w) => (w, 0.5),
        None => (text, 0.0),
    };
    let whole: f64 = if whole.is_empty() {
        0.0
    } else {
        whole
            .parse()
            .unwrap_or_else(|_| panic!("{text} is not a score"))
    };
    whole + half
}

#[test]
fn team_section_page_agrees_with_the_team_commands() {
    let t = fixture();
    let site = write_site(&t);
    let page = read(&site, "2023-24/team-cup-open.html");
    // Team standings: every value as `league standings --format json` has it.
    let json: serde_json::Value =
        serde_json::from_str(&t.ok(&["standings", "--event", TEAM_EVENT, "--format", "json"]))
            .unwrap();
    assert_eq!(
        json["tiebreaks"],
        serde_json::json!(["usat", "game-points"])
    );
    // Short headings linking to the rules page; the game-points tiebreak
    // is the "Game points" column already, so it is not repeated.
    assert!(page.contains("<th class=\"num\" scope=\"col\"><a class=\"term\" href=\"../rules.html#tb-team-usat\"><abbr title=\"USAT: "));
    assert!(!page.contains("#tb-team-game-points"));
    let rows = table_rows(&page, "id=\"standings\"", "team-standings");
    let want = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows.len(), want.len());
    for (got, want) in rows.iter().zip(want) {
        assert_eq!(got[0], want["place"].as_str().unwrap());
        assert_eq!(got[1], want["name"].as_str().unwrap());
        assert_eq!(
            fraction(&got[2]),
            want["score"].as_f64().unwrap(),
            "{got:?}"
        );
        assert_eq!(
            fraction(&got[3]),
            want["game_points"].as_f64().unwrap(),
            "{got:?}"
        );
        assert_eq!(
            fraction(&got[4]),
            want["tiebreaks"]["usat"].as_f64().unwrap(),
            "{got:?}"
        );
        assert_eq!(
            fraction(&got[3]),
            want["tiebreaks"]["game-points"].as_f64().unwrap(),
            "{got:?}"
        );
        assert_eq!(got.len(), 6, "{got:?}");
    }
    // Rooks: 1½-½ against Knights (who end on 1½) and against Bishops (on
    // 1), then a bye: USAT 2 × (1½ × 1½ + 1½ × 1) = 7½.
    assert_eq!(rows[0][1], "Rooks");
    assert_eq!(rows[0][4], "7½");
    // The team crosstable: every cell as `league team crosstable` prints it
    // (--raw: without the ' that keeps "-B-,2.0" from a spreadsheet's
    // formula bar).
    let csv = t.ok(&[
        "team",
        "crosstable",
        "--event",
        TEAM_EVENT,
        "--format",
        "csv",
        "--raw",
    ]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(
        header,
        ["No.", "Name", "Pts", "TBrk1", "TBrk2", "R1", "R2", "R3"]
    );
    let want: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    // The page writes halves as the rest of the site does: 1.5 is 1½.
    let halves = |v: &str| {
        let (head, num) = match v.rsplit_once(',') {
            Some((h, n)) => (format!("{h},"), n),
            None => (String::new(), v),
        };
        let num = match num.split_once('.') {
            Some((w, "0")) => w.to_string(),
            Some(("0", "5")) => "½".to_string(),
            Some((w, "5")) => format!("{w}½"),
            _ => num.to_string(),
        };
        format!("{head}{num}")
    };
    let want: Vec<Vec<String>> = want
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .map(|(i, v)| if i == 1 { v.clone() } else { halves(v) })
                .collect()
        })
        .collect();
    let got = table_rows(&page, "id=\"crosstable\"", "crosstable");
    assert_eq!(got, want);
    assert_eq!(got[0][5..], ["W2,1½", "W3,1½", "-B-,2"]);
    assert_eq!(got[3][5..], ["D3,1", "L2,0", "-U-,0"]);
    // Cells link to the opponent's row; byes and unpaired rounds do not.
    assert!(page.contains("<tr id=\"team-2\">"));
    assert!(page.contains("<a href=\"#team-2\">W2,1½</a>"));
    assert!(page.contains("title=\"Round 3: team bye, 2 game points\">-B-,2</td>"));
    // Board prizes, with the players linked to their pages.
    let board2 = table_rows(&page, "id=\"board-2\"", "boards");
    assert_eq!(board2[0], ["1", "Gina Low", "Rooks", "1½", "2", "75", "0"]);
    assert_eq!(
        board2[2],
        ["3", "Hal Brook", "Knights", "1", "2", "50", "1"]
    );
    assert!(page.contains("<a href=\"../players/ivy-nash.html\"><bdi>Ivy Nash</bdi></a>"));
    // Rosters, the withdrawal, tiebreaks in words, and the working folded away.
    assert!(page.contains("<h3 id=\"roster-4\"><bdi>Pawns</bdi> (PAW)</h3>"));
    assert!(page.contains("The team withdrew after round 2."));
    // Each tiebreak named one way: the crosstable's columns and the list
    // of tiebreaks say what the standings' headings say.
    assert!(page.contains("<dt>1. USAT (usat)</dt>"));
    assert!(page.contains("<dt>2. Game points (game-points)</dt>"));
    assert!(page.contains("<th scope=\"col\">No.</th><th scope=\"col\">Name</th><th scope=\"col\">Match points</th><th scope=\"col\">USAT</th><th scope=\"col\">Game points</th>"), "{page}");
    assert!(!page.contains("TBrk") && !page.contains(">Pts<"), "{page}");
    // Sentences start with a capital.
    assert!(page.contains("<p class=\"dates\">Team Swiss, "), "{page}");
    let working = read(&site, "2023-24/team-cup-open/working.html");
    assert!(page.contains("<a href=\"../2023-24/team-cup-open/working.html#working-team-1\">how<span class=\"vh\"> the tiebreaks of <bdi>Rooks</bdi> were worked out</span></a>"), "{page}");
    assert!(working.contains("<div class=\"work-of\" id=\"working-team-1\">"));
    assert!(working.contains(
        "<li>Round 1: 1½ game points v Knights × 1½ (1½ match points, no bye) × 2 = 4½ → 4½</li>"
    ), "{working}");
    // A page per round: each match with its boards, then the team byes.
    assert!(page.contains("<a href=\"../2023-24/team-cup-open/round-2.html\">Round 2</a>"));
    let r2 = read(&site, "2023-24/team-cup-open/round-2.html");
    assert!(r2.contains("<h1>Team Cup Open — Round 2</h1>"), "{r2}");
    let boards = table_rows(&r2, "Knights</bdi></a> 2–0", "pairings");
    assert_eq!(
        boards,
        [
            ["1", "Bob Jones", "1–0", "Dan Wu"],
            ["2", "Hal Brook", "1–0 forfeit", "Eve Park"]
        ]
    );
    let r3 = read(&site, "2023-24/team-cup-open/round-3.html");
    assert!(r3.contains("<h2 id=\"team-byes\">Team byes</h2>\n<p><a href=\"../../2023-24/team-cup-open.html#roster-1\"><bdi>Rooks</bdi></a></p>"), "{r3}");
    // The season page: kind, order, and the winning team.
    let season = read(&site, "2023-24/index.html");
    assert!(season.contains("<td>Team Cup</td><td><a href=\"../2023-24/team-cup-open.html\">Open</a></td><td class=\"date\">2024-01-09 to 2024-01-23</td><td class=\"num\">3</td><td>team Swiss</td>"));
    assert!(season.contains(
        "Champion team: <a href=\"../2023-24/team-cup-open.html#roster-1\"><bdi>Rooks</bdi></a> (3)"
    ));
    // Board games are on the players' pages under the team event's name.
    let ivy = read(&site, "players/ivy-nash.html");
    assert!(ivy.contains(
        "<h3><a href=\"../2023-24/team-cup-open.html\">Team Cup, Open</a> (2023-24)</h3>"
    ));
    assert!(ivy.contains(
        "<td><a href=\"../2023-24/team-cup-open.html#roster-3\"><bdi>Bishops</bdi></a>, board 2; team place 3</td>"
    ));
    // The opponent's rating and score in the event, then the result.
    assert!(ivy.contains("<a href=\"../players/eve-park.html\"><bdi>Eve Park</bdi></a></td><td class=\"num\">1620</td><td class=\"num\">0</td><td>won</td>"));
    // The rules page names the team tiebreaks.
    let rules = read(&site, "rules.html");
    for code in ["usat", "game-points", "team-sb"] {
        assert!(
            rules.contains(&format!("<span class=\"code\">({code})</span></dt>")),
            "{code}"
        );
    }
}

#[test]
fn crosstable_command_prints_a_team_events_team_crosstable() {
    let t = fixture();
    for format in ["text", "markdown", "csv"] {
        let plain = t.ok(&["crosstable", "--event", TEAM_EVENT, "--format", format]);
        let team = t.ok(&[
            "team",
            "crosstable",
            "--event",
            TEAM_EVENT,
            "--format",
            format,
        ]);
        assert_eq!(plain, team, "{format}");
    }
    let csv = t.ok(&["crosstable", "--event", TEAM_EVENT, "--format", "csv"]);
    assert_eq!(
        csv.lines().nth(1),
        Some("1,Rooks,3.0,7.5,5.0,\"W2,1.5\",\"W3,1.5\",\"'-B-,2.0\"")
    );
    let after = t.ok(&["crosstable", "--event", TEAM_EVENT, "--after-round", "1"]);
    assert!(
        after.contains("team crosstable after round 1 of 3"),
        "{after}"
    );
    let r = t.run(&["crosstable", "--event", TEAM_EVENT, "--after-round", "4"]);
    assert!(!r.ok);
    assert!(
        r.stderr.contains("no standings after round 4"),
        "{}",
        r.stderr
    );
}

#[test]
fn hostile_team_names_render_as_text() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024"]);
    let event = "Cup <b>&</b>";
    t.ok(&[
        "event",
        "add",
        event,
        "--season",
        "2024",
        "--kind",
        "team-swiss",
        "--rounds",
        "1",
    ]);
    t.ok(&["team", "edit", "--event", event, "--boards", "1"]);
    let hostile = "<script>alert(\"x\")</script>";
    let quoted = "O'Neil & \"Sons\"";
    t.ok(&["team", "add", hostile, "--short", "SCR", "--event", event]);
    t.ok(&["team", "add", quoted, "--short", "ONS", "--event", event]);
    t.ok(&[
        "team",
        "roster",
        "SCR",
        "<img src=x>",
        "--new",
        "--event",
        event,
    ]);
    t.ok(&[
        "team",
        "roster",
        "ONS",
        "Zoë \"Q\" Ng",
        "--new",
        "--event",
        event,
    ]);
    t.ok(&[
        "match",
        "record",
        "SCR",
        "ONS",
        "--results",
        "1-0",
        "--event",
        event,
        "--round",
        "1",
    ]);
    let site = write_site_quiet(&t);
    let mut joined = String::new();
    for rel in files(&site).iter().filter(|f| f.ends_with(".html")) {
        let html = read(&site, rel);
        assert!(!html.contains("<script"), "{rel}: a script tag got through");
        assert!(!html.contains("<img"), "{rel}: markup got through");
        assert!(!html.contains("<b>&"), "{rel}: markup got through");
        assert!(!html.contains("\"Sons\""), "{rel}: a raw quote got through");
        joined.push_str(&html);
    }
    assert!(joined.contains("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;"));
    assert!(joined.contains("O&#39;Neil &#38; &#34;Sons&#34;"));
    assert!(joined.contains("&#60;img src=x&#62;"));
    assert!(joined.contains("Zoë &#34;Q&#34; Ng"));
    assert!(joined.contains("Cup &#60;b&#62;&#38;&#60;/b&#62;"));
}

/// WCAG 2.1 relative luminance of "#rrggbb".
fn luminance(hex: &str) -> f64 {
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/// Issue 28 item 12: every chart series stands out from the white page by
/// at least 3:1 (WCAG 1.4.11, non-text contrast); the green was 2.87:1.
#[test]
fn every_chart_series_has_3_to_1_contrast_against_white() {
    let css = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/site/style.css"),
    )
    .unwrap();
    let series: Vec<&str> = css
        .lines()
        .filter(|l| l.starts_with("svg .s") && l.contains("stroke: #"))
        .collect();
    assert_eq!(series.len(), 6, "{series:?}");
    for line in series {
        let at = line.find("stroke: #").unwrap() + "stroke: ".len();
        let hex = &line[at..at + 7];
        let ratio = 1.05 / (luminance(hex) + 0.05);
        assert!(ratio >= 3.0, "{line}: {ratio:.2}:1");
    }
}
