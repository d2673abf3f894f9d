//! A team event's printed round sheet and its standings in the console:
//! the team sheet and the team standings, as the terminal prints them.

use axum::http::StatusCode;

use super::{paired, team_league};
use crate::site::round_sheet::html_escape as esc;
use crate::web::testing::{assert_escaped, TestServer};

#[tokio::test]
async fn a_team_round_prints_its_team_sheet_match_by_match() {
    let t = paired().await;
    let page = t.get("/round/print").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = &page.body;
    assert!(
        body.contains("<h1>Metro Teams, round 1: pairings</h1>"),
        "{body}"
    );
    let rooks = esc("<b>Rooks</b> & \"Co\"");
    assert!(
        body.contains(&format!("<h2><bdi>Bishops</bdi> v <bdi>{rooks}</bdi></h2>")),
        "{body}"
    );
    assert!(
        body.contains("<h2><bdi>Pawns</bdi> v <bdi>Knights</bdi></h2>"),
        "{body}"
    );
    assert!(
        body.contains(&format!(
            "<tr><td class=\"n\">1</td><td><bdi>Gina Gold</bdi></td><td><bdi>{}</bdi></td><td></td></tr>",
            esc("Carol \"Quote\" O'Neil")
        )),
        "{body}"
    );
    // The page is the sheet `league round sheet --format html` prints,
    // with the console's viewport and links.
    let store = t.store();
    let event = crate::store::season::find_event(store.conn(), None, super::EVENT).unwrap();
    let section = crate::store::team::team_section(store.conn(), &event).unwrap();
    let sheet = crate::site::round_sheet::recorded_round(store.conn(), &event, &section, 1)
        .unwrap()
        .unwrap();
    let crate::site::round_sheet::RoundSheet::Teams(sheet) = sheet else {
        panic!("a team event's sheet is a team sheet");
    };
    assert!(body.contains(&sheet.matches_html()), "{body}");
    assert!(body.contains("width=device-width"), "{body}");
    assert!(!body.contains("result slips"), "{body}");
    assert_escaped(body);
    // Round 1 named is the same page.
    let named = t.get("/round/print?round=1").await;
    assert_eq!(named.body, page.body);
}

#[tokio::test]
async fn a_team_round_holding_only_a_team_bye_prints_and_an_unpaired_one_is_refused() {
    let t = TestServer::with(team_league).logged_in().await;
    let none = t.get("/round/print").await;
    assert_eq!(none.status, StatusCode::NOT_FOUND, "{}", none.body);
    assert!(
        none.body
            .contains("No round of Metro Teams Open is paired yet, so there is nothing to print."),
        "{}",
        none.body
    );
    let t = TestServer::with(|s| {
        team_league(s)?;
        s.write(|tx| {
            let event = crate::store::season::find_event(tx, None, super::EVENT)?;
            let knights = crate::store::team::find_team(tx, &event, "Knights")?;
            crate::app::team::record_bye(tx, &event, 1, &knights, None)
        })
    })
    .logged_in()
    .await;
    let page = t.get("/round/print").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body
            .contains("<ul>\n<li><bdi>Knights</bdi>: team bye</li>\n</ul>"),
        "{}",
        page.body
    );
    let later = t.get("/round/print?round=2").await;
    assert_eq!(later.status, StatusCode::NOT_FOUND, "{}", later.body);
    assert!(
        later
            .body
            .contains("Round 2 of Metro Teams Open is not paired yet"),
        "{}",
        later.body
    );
}

async fn record(t: &TestServer, team: &str, board: &str, result: &str) {
    let a = t
        .post(
            "/matches/record",
            &[
                ("round", "1"),
                ("team", team),
                ("board", board),
                ("result", result),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
}

#[tokio::test]
async fn a_team_events_standings_are_the_team_standings_with_their_working() {
    let t = paired().await;
    let before = t.get("/standings").await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.body);
    assert!(
        before.body.contains("Team standings after round 0 of 3"),
        "{}",
        before.body
    );
    assert!(
        before.body.contains(
            "Note: round 1 has boards without a result, so these are the standings after round 0."
        ),
        "{}",
        before.body
    );
    // Bishops beat Rooks 1½-½; Pawns and Knights drew 1-1.
    record(&t, "4", "1", "1-0").await;
    record(&t, "4", "2", "1/2-1/2").await;
    record(&t, "3", "1", "1-0").await;
    record(&t, "3", "2", "1-0").await;
    let page = t.get("/standings").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = &page.body;
    assert!(
        body.contains("Team standings after round 1 of 3, ranked on match points."),
        "{body}"
    );
    assert!(!body.contains("Note:"), "{body}");
    assert!(
        body.contains("<th>Place</th><th>Team</th><th>Match points</th><th>Game points</th>"),
        "{body}"
    );
    // The rows are the team report's, in its order, with its points.
    let store = t.store();
    let event = crate::store::season::find_event(store.conn(), None, super::EVENT).unwrap();
    let report = crate::report::team::team_report(
        store.conn(),
        &event,
        &crate::report::ReportOptions::default(),
    )
    .unwrap();
    let names: Vec<String> = report
        .standings
        .rows
        .iter()
        .map(|r| report.loaded.teams[r.team].name.clone())
        .collect();
    assert_eq!(names[0], "Bishops");
    assert_eq!(names[3], "<b>Rooks</b> & \"Co\"");
    let mut at = 0;
    for (row, name) in report.standings.rows.iter().zip(&names) {
        let cells = format!(
            "<td class=\"name\"><bdi>{}</bdi></td><td>{}</td><td>{}</td>",
            crate::web::testing::esc(name),
            row.match_points.fraction(),
            row.game_points.fraction()
        );
        let found = body[at..]
            .find(&cells)
            .unwrap_or_else(|| panic!("{cells} not in order in {body}"));
        at += found + cells.len();
    }
    assert!(
        body.contains("<td class=\"name\"><bdi>Bishops</bdi></td><td>1</td><td>1½</td>"),
        "{body}"
    );
    // Each team's working, linked from its row.
    assert!(body.contains("<h2>Working</h2>"), "{body}");
    assert!(
        body.contains(
            "<details id=\"working-team-1\"><summary><bdi>Bishops</bdi> (No. 1): place 1"
        ),
        "{body}"
    );
    assert!(
        body.contains("<a href=\"#working-team-1\">how</a>"),
        "{body}"
    );
    assert!(body.contains("<h2>Crosstable</h2>"), "{body}");
    assert_escaped(body);
}
