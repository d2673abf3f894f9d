//! A team event's home page and pairing: what needs doing, the preview
//! then "Pair it", pairing again while no result is in, and the CLI's
//! refusals (a short roster, a round with a result in).

use axum::http::StatusCode;

use super::{confirm_fields, matches_of, paired, post_fields, team_league};
use crate::web::testing::{assert_escaped, esc, TestServer};

#[tokio::test]
async fn the_home_page_of_a_team_event_says_what_needs_doing() {
    let t = TestServer::with(team_league).logged_in().await;
    let home = t.get("/").await;
    assert_eq!(home.status, StatusCode::OK, "{}", home.body);
    assert!(
        home.body.contains("Next round to pair: round 1."),
        "{}",
        home.body
    );
    assert!(home.body.contains("href=\"/teams\""), "{}", home.body);
    assert!(
        !home.body.contains("href=\"/players?section"),
        "{}",
        home.body
    );
    let t = paired().await;
    let home = t.get("/").await;
    assert!(
        home.body.contains("Round 1: 4 boards missing."),
        "{}",
        home.body
    );
    let rooks = esc("<b>Rooks</b> & \"Co\"");
    assert!(
        home.body
            .contains(&format!("Round 1: Bishops v {rooks} (no board in yet)")),
        "{}",
        home.body
    );
    assert!(
        home.body.contains("Next round to pair: round 2."),
        "{}",
        home.body
    );
    assert_escaped(&home.body);
}

#[tokio::test]
async fn a_team_round_is_previewed_then_paired_as_shown() {
    let t = TestServer::with(team_league).logged_in().await;
    let preview = t.get("/pair").await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    assert_escaped(&preview.body);
    assert!(matches_of(&t, 1).is_empty(), "a preview writes nothing");
    let shown = crate::web::testing::field_of(&preview.body, "shown").unwrap();
    // Rating order: Bishops 2100 (1), Knights 2000 (2), Rooks 1900 (3),
    // Pawns 1800 (4); round 1 is 1 v 3 and 4 v 2.
    assert_eq!(
        shown,
        "Bishops (1) v <b>Rooks</b> & \"Co\" (3); Pawns (4) v Knights (2)"
    );
    let a = post_fields(&t, "/pair", &confirm_fields(&preview.body)).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    // The results page of a team event is its matches' page.
    let next = t.get(a.location().unwrap()).await;
    assert_eq!(next.status, StatusCode::SEE_OTHER);
    assert_eq!(next.location(), Some("/matches?round=1"));
    let page = t.get("/matches?round=1").await;
    assert!(
        page.body
            .contains("Paired round 1 of Metro Teams Open: 2 boards."),
        "{}",
        page.body
    );
    let written = matches_of(&t, 1);
    let names: Vec<(String, Option<String>)> = written
        .iter()
        .map(|m| (m.team_a.clone(), m.team_b.clone()))
        .collect();
    assert_eq!(
        names,
        vec![
            (
                "Bishops".to_string(),
                Some("<b>Rooks</b> & \"Co\"".to_string())
            ),
            ("Pawns".to_string(), Some("Knights".to_string())),
        ]
    );
    assert!(written.iter().all(|m| m.boards.len() == 2));
    assert!(written
        .iter()
        .flat_map(|m| &m.boards)
        .all(|b| b.result.is_none()));
}

#[tokio::test]
async fn a_team_round_is_paired_again_only_while_no_result_is_in() {
    let t = paired().await;
    // The next round waits for round 1's results, as at the terminal.
    let next = t.get("/pair").await;
    assert_eq!(next.status, StatusCode::CONFLICT, "{}", next.body);
    assert!(
        next.body
            .contains("Round 2 of Metro Teams cannot be paired yet: round 1 still has boards without a result"),
        "{}",
        next.body
    );
    // The round's page offers to pair it again while no board is in.
    let round = t.get("/matches?round=1").await;
    assert!(
        round
            .body
            .contains("href=\"/pair?section=1&#38;replace=true\">Pair round 1 again"),
        "{}",
        round.body
    );
    let preview = t.get("/pair?section=1&replace=true").await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    let a = post_fields(&t, "/pair", &confirm_fields(&preview.body)).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(matches_of(&t, 1).len(), 2);
    // A board's result in: the round stays as it is.
    let r = t
        .post(
            "/matches/record",
            &[
                ("round", "1"),
                ("team", "4"),
                ("board", "1"),
                ("result", "1-0"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let before = super::snapshot(&t);
    let refused = t.get("/pair?section=1&replace=true").await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("Round 1 of Metro Teams cannot be paired again"),
        "{}",
        refused.body
    );
    assert_eq!(before, super::snapshot(&t));
    let round = t.get("/matches?round=1").await;
    assert!(!round.body.contains("Pair round 1 again"), "{}", round.body);
}

#[tokio::test]
async fn a_team_short_of_players_for_the_boards_stops_the_pairing() {
    let t = TestServer::with(team_league).logged_in().await;
    // Pawns (team 3) loses Frank Fischer: one player for two boards.
    let frank = super::player_id(&t, "Frank Fischer");
    let a = t
        .post(
            "/teams/roster/remove",
            &[("team", "3"), ("player", &frank.to_string())],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let refused = t.get("/pair").await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert!(
        refused.body.contains(
            "Round 1 of Metro Teams cannot be paired: a match is on 2 boards, and Pawns has 1 player on its roster and needs 2"
        ),
        "{}",
        refused.body
    );
    assert!(matches_of(&t, 1).is_empty());
}

#[tokio::test]
async fn a_team_preview_names_matches_home_and_away_with_their_line_ups() {
    let t = TestServer::with(team_league).logged_in().await;
    let preview = t.get("/pair").await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    let body = &preview.body;
    assert!(
        body.contains("<thead><tr><th>Match</th><th>Home</th><th>Away</th></tr></thead>"),
        "{body}"
    );
    assert!(!body.contains("<th>White</th>"), "{body}");
    let rooks = esc("<b>Rooks</b> & \"Co\" (3)");
    assert!(
        body.contains(&format!(
            "<th scope=\"row\">1</th><td><bdi>Bishops (1)</bdi></td><td><bdi>{rooks}</bdi></td>"
        )),
        "{body}"
    );
    assert!(
        body.contains(
            "<th scope=\"row\">2</th><td><bdi>Pawns (4)</bdi></td><td><bdi>Knights (2)</bdi></td>"
        ),
        "{body}"
    );
    // The line-ups board by board: the home team has White on board 1,
    // Black on board 2, as the round's sheet pairs them.
    let carol = esc("Carol \"Quote\" O'Neil");
    let dan = esc("Dan & <b>Bold</b>");
    assert!(
        body.contains(&format!(
            "<td>Board 1</td><td><bdi>Gina Gold</bdi> (White)</td><td><bdi>{carol}</bdi> (Black)</td>"
        )),
        "{body}"
    );
    assert!(
        body.contains(&format!(
            "<td>Board 2</td><td><bdi>Hal Hart</bdi> (Black)</td><td><bdi>{dan}</bdi> (White)</td>"
        )),
        "{body}"
    );
    assert_escaped(body);
    // What is written is what was shown, board by board.
    let a = post_fields(&t, "/pair", &confirm_fields(body)).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let first = &matches_of(&t, 1)[0];
    let boards: Vec<(Option<u32>, &str, &str)> = first
        .boards
        .iter()
        .map(|b| (b.board, b.white.as_str(), b.black.as_str()))
        .collect();
    assert_eq!(
        boards,
        vec![
            (Some(1), "Gina Gold", "Carol \"Quote\" O'Neil"),
            (Some(2), "Dan & <b>Bold</b>", "Hal Hart"),
        ]
    );
}

#[tokio::test]
async fn a_team_round_with_three_teams_shows_the_team_bye_among_the_matches() {
    let t = TestServer::with(|s| {
        team_league(s)?;
        s.write(|tx| {
            let event = crate::store::season::find_event(tx, None, super::EVENT)?;
            let knights = crate::store::team::find_team(tx, &event, "Knights")?;
            crate::store::team::withdraw_team(tx, &event, &knights, 0, None)
        })
    })
    .logged_in()
    .await;
    let preview = t.get("/pair").await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    assert!(
        preview
            .body
            .contains("<th scope=\"row\">2</th><td><bdi>Pawns (4)</bdi></td><td>team bye</td>"),
        "{}",
        preview.body
    );
    assert!(!preview.body.contains("<h2>Byes</h2>"), "{}", preview.body);
}

#[tokio::test]
async fn pairing_again_finds_a_team_round_that_holds_only_a_team_bye() {
    // Round 1 holds only Knights' hand-given team bye: it is the latest
    // round, and pairing it again pairs round 1 afresh, as at the
    // terminal (`league round pair --replace`), the bye replaced.
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
    let before = super::snapshot(&t);
    let preview = t.get("/pair?section=1&replace=true").await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    assert!(
        preview.body.contains(
            "round 1, paired again</h1>\n<p>This is a preview: nothing is written until you press \"Pair it\". It replaces the round's 1 matches and team byes paired before."
        ),
        "{}",
        preview.body
    );
    assert_eq!(before, super::snapshot(&t), "a preview writes nothing");
    let a = post_fields(&t, "/pair", &confirm_fields(&preview.body)).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let written: Vec<(String, Option<String>)> = matches_of(&t, 1)
        .into_iter()
        .map(|m| (m.team_a, m.team_b))
        .collect();
    assert_eq!(
        written,
        vec![
            ("Knights".to_string(), Some("Pawns".to_string())),
            (
                "Bishops".to_string(),
                Some("<b>Rooks</b> & \"Co\"".to_string())
            ),
        ]
    );
}

/// A team round takes its start time with "Pair it"; its date is each
/// match's, so the form does not offer one and a date sent is refused
/// with nothing written.
#[tokio::test]
async fn a_team_round_takes_its_start_time_with_pair_it_and_no_date() {
    let t = TestServer::with(team_league).logged_in().await;
    let preview = t.get("/pair").await;
    assert!(!preview.body.contains("name=\"date\""), "{}", preview.body);
    assert!(preview.body.contains("name=\"time\""), "{}", preview.body);
    let mut fields = confirm_fields(&preview.body);
    fields.push(("date", "2024-01-10".to_string()));
    let bad = post_fields(&t, "/pair", &fields).await;
    assert_ne!(bad.status, StatusCode::SEE_OTHER, "{}", bad.body);
    assert!(
        bad.body
            .contains("A team round&#39;s date is each match&#39;s"),
        "{}",
        bad.body
    );
    assert!(matches_of(&t, 1).is_empty(), "nothing was written");
    fields.pop();
    fields.push(("time", "19:45".to_string()));
    let a = post_fields(&t, "/pair", &fields).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(matches_of(&t, 1).len(), 2);
    let store = t.store();
    let event = crate::store::season::find_event(store.conn(), None, super::EVENT).unwrap();
    let section = crate::store::team::team_section(store.conn(), &event).unwrap();
    let when = crate::store::round::round_times(store.conn(), section.id)
        .unwrap()
        .remove(&1)
        .unwrap();
    assert_eq!(when.start_time.as_deref(), Some("19:45"));
}
