//! A team match entered in Chromium on a 390×844 phone: a team Swiss set
//! up at the terminal, round 1 previewed and paired in the console, every
//! board of one match tapped or keyed in (each echo names the players and
//! the match score), one board corrected with a reason, and the teams
//! page and the players' board with the team standings; no page wider
//! than the phone.

use super::{browser_here, say, Browser};
use crate::serve_http::Server;
use crate::util::TestLeague;

const EVENT: &str = "Metro Team Swiss";

/// A team Swiss of 3 rounds on 2 boards: four teams of two players, the
/// event in use, nothing paired.
fn team_league() -> TestLeague {
    let t = TestLeague::new();
    t.ok(&["season", "add", "2024-25"]);
    t.ok(&[
        "event",
        "add",
        EVENT,
        "--season",
        "2024-25",
        "--kind",
        "team-swiss",
        "--rounds",
        "3",
    ]);
    t.ok(&["team", "edit", "--event", EVENT, "--boards", "2"]);
    for (team, rating) in [
        ("Knights", "2000"),
        ("Rooks", "1900"),
        ("Pawns", "1800"),
        ("Bishops", "2100"),
    ] {
        t.ok(&["team", "add", team, "--event", EVENT]);
        let (a, b) = (format!("{team} One"), format!("{team} Two"));
        t.ok(&[
            "team", "roster", team, &a, &b, "--new", "--rating", rating, "--event", EVENT,
        ]);
    }
    t.ok(&["use", "--event", EVENT]);
    t
}

/// Each board of round 1: (White, result or "").
fn boards(t: &TestLeague) -> Vec<(String, String)> {
    t.query(
        "SELECT w.name, coalesce(g.result, '') FROM game g JOIN round r ON r.id = g.round_id \
         JOIN entry we ON we.id = g.white_entry JOIN player w ON w.id = we.player_id \
         WHERE r.number = 1 ORDER BY g.team_match_id, g.board",
    )
    .into_iter()
    .map(|r| (r[0].clone(), r[1].clone()))
    .collect()
}

/// Wait for the matches page to come back after a form.
fn back_on_matches(b: &Browser, what: &str) {
    b.wait_for(
        "return window.leavingThisPage !== true && document.readyState === 'complete' && location.pathname === '/matches';",
        10,
        what,
    );
}

fn echo(b: &Browser) -> String {
    b.js("const e = document.querySelector('p.echo'); return e ? e.innerText : '';")
        .as_str()
        .unwrap_or_default()
        .to_string()
}

fn team_night_on_a_phone() {
    let t = team_league();
    let server = Server::start(&t.db);
    let base = format!("http://{}", server.addr);
    let b = Browser::start(390, 844, true);

    b.open(&format!("{base}{}", server.login));
    assert!(
        b.text().contains("Next round to pair: round 1"),
        "{}",
        b.text()
    );
    b.fits("the team event's home page");
    b.leaving();
    b.click("a.button[href^='/pair']");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/pair';",
        10,
        "the pairing preview",
    );
    b.fits("the team pairing preview");
    assert!(boards(&t).is_empty(), "the preview wrote nothing");
    b.leaving();
    b.click("form[action='/pair'] button.primary");
    back_on_matches(&b, "pairing round 1");
    b.fits("the round's matches");
    let paired = boards(&t);
    assert_eq!(paired.len(), 4, "two matches of two boards");

    // The first match: board 1 by a tap, board 2 by the key "=".
    b.leaving();
    b.click("form.taps button[value='1-0']");
    back_on_matches(&b, "board 1's echo");
    let first = echo(&b);
    assert!(
        first.contains(&paired[0].0),
        "the echo names {}: {first}",
        paired[0].0
    );
    assert!(first.contains("(1 of 2 boards in)"), "{first}");
    b.leaving();
    b.type_in("input.key[data-empty]", "=");
    back_on_matches(&b, "board 2's echo");
    let second = echo(&b);
    assert!(
        second.contains(&paired[1].0),
        "the echo names {}: {second}",
        paired[1].0
    );
    assert!(
        second.contains("1½-½") && second.contains("(2 of 2 boards in)"),
        "{second}"
    );
    b.fits("the round with one match in");
    let now = boards(&t);
    assert_eq!((now[0].1.as_str(), now[1].1.as_str()), ("1-0", "1/2-1/2"));

    // Board 1 corrected with a reason.
    b.leaving();
    b.click("a[href^='/matches/correct']");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/matches/correct';",
        10,
        "the correction page",
    );
    b.fits("the correction page");
    b.click("input[name='result'][value='0-1']");
    b.type_in("input[name='reason']", "slip misread");
    b.leaving();
    b.click("form[action='/matches/correct'] button.primary");
    back_on_matches(&b, "the correction's echo");
    assert!(echo(&b).contains("(corrected; logged)"), "{}", echo(&b));
    assert_eq!(boards(&t)[0].1, "0-1");

    b.open(&format!("{base}/teams"));
    assert!(b.text().contains("Board 1: Bishops One"), "{}", b.text());
    b.fits("the teams page");
    b.open(&format!("{base}/board"));
    b.wait_for(
        "return document.body.innerText.includes('2 of 4 boards are in');",
        10,
        "the board with one match in",
    );
    assert!(b.text().contains("Team standings"), "{}", b.text());
    b.fits("the players' board of a team event");
}

#[test]
fn a_team_match_entered_in_chromium_on_a_phone() {
    if browser_here() {
        say("serve browser test RUNS: a team match at 390x844");
        team_night_on_a_phone();
    }
}
