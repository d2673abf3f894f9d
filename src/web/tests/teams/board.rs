//! A team event on the players' board: its round's matches board by
//! board, results as they come in, and the team standings.

use axum::http::StatusCode;

use super::{paired, team_league};
use crate::web::testing::{assert_escaped, esc, TestServer};

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
async fn the_board_shows_a_team_event_before_its_first_round() {
    let t = TestServer::with(team_league);
    let b = t.get("/board").await;
    assert_eq!(b.status, StatusCode::OK, "{}", b.body);
    assert!(b.body.contains("Metro Teams"), "{}", b.body);
    assert!(b.body.contains("Round 1 is not paired yet."), "{}", b.body);
    assert!(!b.body.contains("No event is being played"), "{}", b.body);
    assert_escaped(&b.body);
}

#[tokio::test]
async fn the_board_follows_a_team_round_board_by_board_and_ranks_the_teams() {
    let t = paired().await;
    let b = t.get("/board").await;
    assert!(b.body.contains("Metro Teams</bdi> — Round 1"), "{}", b.body);
    assert!(
        b.body.contains("0 of 4 boards are in; 4 not yet."),
        "{}",
        b.body
    );
    let rooks = esc("<b>Rooks</b> & \"Co\"");
    assert!(
        b.body
            .contains(&format!("<h4><bdi>Bishops</bdi> v <bdi>{rooks}</bdi></h4>")),
        "{}",
        b.body
    );
    assert_escaped(&b.body);
    record(&t, "4", "1", "1-0").await;
    let live = t.get("/board/live").await;
    assert!(
        live.body.contains("1 of 4 boards are in; 3 not yet."),
        "{}",
        live.body
    );
    assert!(
        live.body.contains(&format!(
            "<h4><bdi>Bishops</bdi> v <bdi>{rooks}</bdi> <span class=\"res\">1-0</span></h4>"
        )),
        "{}",
        live.body
    );
    assert!(
        live.body.contains(
            "<span class=\"side w\"><bdi>Gina Gold</bdi></span> <span class=\"res\">1-0</span>"
        ),
        "{}",
        live.body
    );
    record(&t, "4", "2", "1/2-1/2").await;
    record(&t, "3", "1", "1-0").await;
    record(&t, "3", "2", "1-0").await;
    let done = t.get("/board/live").await;
    assert!(
        done.body.contains("Team standings after round 1"),
        "{}",
        done.body
    );
    // Bishops won 1½-½ (1 match point); Pawns and Knights drew 1-1;
    // Rooks lost.
    let order: Vec<usize> = ["Bishops", "Pawns", "Knights", rooks.as_str()]
        .iter()
        .map(|n| {
            done.body
                .find(&format!("<td class=\"name\"><bdi>{n}</bdi></td>"))
                .unwrap_or_else(|| panic!("{n} not in the standings: {}", done.body))
        })
        .collect();
    assert!(order[0] < order[1] && order[0] < order[2], "{}", done.body);
    assert!(order[1] < order[3] && order[2] < order[3], "{}", done.body);
    assert!(
        done.body
            .contains("<td class=\"name\"><bdi>Bishops</bdi></td><td class=\"num\">1</td><td class=\"num\">1½</td>"),
        "{}",
        done.body
    );
    assert_escaped(&done.body);
}
