//! A team round's results entered board by board: a tap or a key per
//! board, the echo checked against the database with the match score as
//! it fills, the refusals (a board already in, a board changed since, no
//! such board, no match), undo, a correction with its reason, a match
//! deleted, a form without its CSRF token.

use axum::http::StatusCode;

use super::{last_log, matches_of, paired, snapshot};
use crate::web::testing::{assert_escaped, esc};

/// The result board `board` of the match of team `team` (by id) has now.
fn result_of(t: &crate::web::testing::TestServer, team: &str, board: u32) -> Option<String> {
    matches_of(t, 1)
        .into_iter()
        .find(|m| m.team_a == team || m.team_b.as_deref() == Some(team))
        .and_then(|m| m.boards.into_iter().find(|b| b.board == Some(board)))
        .and_then(|b| b.result)
}

/// Post a board's result form (as the page's buttons and key box do),
/// showing no result yet.
async fn record(
    t: &crate::web::testing::TestServer,
    team: &str,
    board: &str,
    field: &str,
    value: &str,
) -> crate::web::testing::Answer {
    t.post(
        "/matches/record",
        &[
            ("round", "1"),
            ("team", team),
            ("board", board),
            ("expect", ""),
            (field, value),
        ],
    )
    .await
}

#[tokio::test]
async fn the_round_shows_one_row_per_board_of_each_match_with_forms_for_each() {
    let t = paired().await;
    let page = t.get("/matches").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.body.matches("<section class=\"match\">").count(), 2);
    assert_eq!(page.body.matches("action=\"/matches/record\"").count(), 4);
    assert_eq!(page.body.matches("data-empty").count(), 4);
    assert!(page
        .body
        .contains(&format!("Bishops v {}", esc("<b>Rooks</b> & \"Co\""))));
    assert!(page.body.contains("Gina Gold (7)"), "{}", page.body);
    assert!(page.body.contains("no board in yet"), "{}", page.body);
    assert_escaped(&page.body);
}

#[tokio::test]
async fn a_tap_or_a_key_records_the_board_and_echoes_it_with_the_match_score() {
    let t = paired().await;
    // Bishops (team 4) v Rooks, board 1: Gina Gold (White) won, by a tap.
    let a = record(&t, "4", "1", "result", "1-0").await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/matches?round=1"));
    assert_eq!(result_of(&t, "Bishops", 1).as_deref(), Some("1-0"));
    let page = t.get("/matches?round=1").await;
    let rooks = esc("<b>Rooks</b> & \"Co\"");
    let carol = esc("Carol \"Quote\" O'Neil");
    let echo = format!(
        "Metro Teams round 1, Bishops v {rooks}, board 1: Gina Gold (7) v {carol} (3) 1-0. Match: Bishops 1-0 {rooks} (1 of 2 boards in)."
    );
    assert!(page.body.contains(&echo), "{echo}\n{}", page.body);
    assert!(page.body.contains("1-0, 1 of 2 boards in"), "{}", page.body);
    assert_eq!(
        page.body.matches("data-empty").count(),
        3,
        "the cursor goes on to the next empty board"
    );
    assert_escaped(&page.body);
    // Board 2 by the key "=": a draw; then "5" and "0" on the other match.
    let a = record(&t, "4", "2", "key", "=").await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(result_of(&t, "Bishops", 2).as_deref(), Some("1/2-1/2"));
    let page = t.get("/matches?round=1").await;
    assert!(
        page.body
            .contains(&format!("Match: Bishops 1½-½ {rooks} (2 of 2 boards in).")),
        "{}",
        page.body
    );
    assert_eq!(
        record(&t, "3", "1", "key", "5").await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        record(&t, "1", "2", "key", "0").await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(result_of(&t, "Pawns", 1).as_deref(), Some("1/2-1/2"));
    assert_eq!(result_of(&t, "Pawns", 2).as_deref(), Some("0-1"));
    let page = t.get("/matches?round=1").await;
    // Board 2: Bob (Knights) had White and lost.
    assert!(
        page.body
            .contains("Match: Pawns 1½-½ Knights (2 of 2 boards in)."),
        "{}",
        page.body
    );
    assert_eq!(page.body.matches("data-empty").count(), 0);
}

#[tokio::test]
async fn a_board_already_in_or_changed_since_is_refused_with_a_way_to_correct_it() {
    let t = paired().await;
    record(&t, "4", "1", "result", "1-0").await;
    let before = snapshot(&t);
    // Another device's page still showed the board empty.
    let stale = record(&t, "4", "1", "result", "0-1").await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    assert!(stale.body.contains("has changed since it was shown: it showed no result and is 1-0 now; nothing was recorded"), "{}", stale.body);
    assert!(stale.body.contains("Correct this board"), "{}", stale.body);
    assert!(
        stale
            .body
            .contains("/matches/correct?round=1&#38;team=4&#38;board=1"),
        "{}",
        stale.body
    );
    assert_escaped(&stale.body);
    // The page showed 1-0: another result is a correction.
    let other = t
        .post(
            "/matches/record",
            &[
                ("round", "1"),
                ("team", "4"),
                ("board", "1"),
                ("expect", "1-0"),
                ("result", "0-1"),
            ],
        )
        .await;
    assert_eq!(other.status, StatusCode::CONFLICT, "{}", other.body);
    assert!(other.body.contains("Correct this board"), "{}", other.body);
    // The same result again changes nothing.
    let same = t
        .post(
            "/matches/record",
            &[
                ("round", "1"),
                ("team", "2"),
                ("board", "1"),
                ("expect", "1-0"),
                ("result", "1-0"),
            ],
        )
        .await;
    assert_eq!(same.status, StatusCode::SEE_OTHER, "{}", same.body);
    let page = t.get("/matches").await;
    assert!(page.body.contains("1-0; nothing changed"), "{}", page.body);
    assert_eq!(before, snapshot(&t));
}

#[tokio::test]
async fn a_board_or_match_that_is_not_there_and_a_form_without_its_token_are_refused() {
    let t = paired().await;
    let before = snapshot(&t);
    let no_board = record(&t, "4", "3", "result", "1-0").await;
    assert_eq!(no_board.status, StatusCode::CONFLICT, "{}", no_board.body);
    assert!(
        no_board
            .body
            .contains("There is no board 3: a match in Metro Teams is on 2 boards"),
        "{}",
        no_board.body
    );
    let no_match = t
        .post(
            "/matches/record",
            &[
                ("round", "2"),
                ("team", "4"),
                ("board", "1"),
                ("result", "1-0"),
            ],
        )
        .await;
    assert_eq!(no_match.status, StatusCode::CONFLICT, "{}", no_match.body);
    assert!(
        no_match.body.contains("Bishops has no match in round 2"),
        "{}",
        no_match.body
    );
    let bad_key = record(&t, "4", "1", "key", "x").await;
    assert_eq!(bad_key.status, StatusCode::BAD_REQUEST, "{}", bad_key.body);
    assert!(bad_key.body.contains("is not a result"), "{}", bad_key.body);
    let forged = t
        .post_raw(
            "/matches/record",
            &[
                ("round", "1"),
                ("team", "4"),
                ("board", "1"),
                ("result", "1-0"),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
    for path in ["/matches/undo", "/matches/delete", "/matches/correct"] {
        let a = t
            .post_raw(
                path,
                &[
                    ("round", "1"),
                    ("team", "4"),
                    ("board", "1"),
                    ("reason", "x"),
                    ("result", "0-1"),
                ],
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.body);
    }
    assert_eq!(before, snapshot(&t));
}

#[tokio::test]
async fn the_last_board_entered_is_undone_and_logged() {
    let t = paired().await;
    record(&t, "3", "2", "result", "1-0").await;
    let a = t.post("/matches/undo", &[("round", "1")]).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(result_of(&t, "Pawns", 2), None);
    let page = t.get("/matches?round=1").await;
    let bob = esc("<script>alert(1)</script> Bob");
    assert!(
        page.body.contains(&format!(
            "Undone: Metro Teams round 1, board 2: {bob} (2) v Frank Fischer (6) is not yet played again (1-0 taken back; logged)."
        )),
        "{}",
        page.body
    );
    assert_eq!(
        last_log(&t).reason.as_deref(),
        Some("the last entry undone")
    );
    // Nothing more to undo.
    let before = snapshot(&t);
    let none = t.post("/matches/undo", &[("round", "1")]).await;
    assert_eq!(none.status, StatusCode::CONFLICT, "{}", none.body);
    assert_eq!(before, snapshot(&t));
}

#[tokio::test]
async fn a_board_is_corrected_with_a_reason_that_goes_to_the_log() {
    let t = paired().await;
    record(&t, "4", "1", "result", "1-0").await;
    let form = t.get("/matches/correct?round=1&team=2&board=1").await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    assert!(
        form.body.contains("now <strong>1-0</strong>"),
        "{}",
        form.body
    );
    assert_escaped(&form.body);
    let before = snapshot(&t);
    let no_reason = t
        .post(
            "/matches/correct",
            &[
                ("round", "1"),
                ("team", "2"),
                ("board", "1"),
                ("expect", "1-0"),
                ("result", "0-1"),
                ("reason", " "),
            ],
        )
        .await;
    assert_eq!(no_reason.status, StatusCode::CONFLICT, "{}", no_reason.body);
    assert!(
        no_reason.body.contains("A correction needs a reason"),
        "{}",
        no_reason.body
    );
    let stale = t
        .post(
            "/matches/correct",
            &[
                ("round", "1"),
                ("team", "2"),
                ("board", "1"),
                ("expect", ""),
                ("result", "0-1"),
                ("reason", "slip misread"),
            ],
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    assert_eq!(before, snapshot(&t));
    let a = t
        .post(
            "/matches/correct",
            &[
                ("round", "1"),
                ("team", "2"),
                ("board", "1"),
                ("expect", "1-0"),
                ("result", "0-1"),
                ("reason", "slip misread"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(result_of(&t, "Bishops", 1).as_deref(), Some("0-1"));
    let log = last_log(&t);
    assert_eq!(log.reason.as_deref(), Some("slip misread"));
    assert_eq!(
        (log.old_value.as_deref(), log.new_value.as_deref()),
        (Some("1-0"), Some("0-1"))
    );
    let page = t.get("/matches?round=1").await;
    assert!(
        page.body
            .contains("0-1 (corrected; logged). Match: Bishops 0-1"),
        "{}",
        page.body
    );
}

#[tokio::test]
async fn a_match_is_deleted_only_with_a_reason() {
    let t = paired().await;
    let before = snapshot(&t);
    let no_reason = t
        .post(
            "/matches/delete",
            &[("round", "1"), ("team", "1"), ("reason", "")],
        )
        .await;
    assert_eq!(no_reason.status, StatusCode::CONFLICT, "{}", no_reason.body);
    assert!(
        no_reason.body.contains("Deleting a match needs a reason"),
        "{}",
        no_reason.body
    );
    assert_eq!(before, snapshot(&t));
    let a = t
        .post(
            "/matches/delete",
            &[("round", "1"), ("team", "1"), ("reason", "wrong teams")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let left = matches_of(&t, 1);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].team_a, "Bishops");
    assert_eq!(last_log(&t).reason.as_deref(), Some("wrong teams"));
    let page = t.get("/matches?round=1").await;
    assert!(
        page.body.contains(
            "Deleted round 1&#39;s Pawns v Knights from Metro Teams, with its boards (logged)."
        ),
        "{}",
        page.body
    );
}

#[tokio::test]
async fn an_odd_team_out_has_its_bye_shown_and_no_boards_to_enter() {
    let t = crate::web::testing::TestServer::with(super::team_league)
        .logged_in()
        .await;
    // A fifth team, with two new players: one team has a bye in round 1.
    let a = t
        .post("/teams/add", &[("name", "Queens"), ("short", "")])
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    for name in ["Queen One", "Queen Two"] {
        let a = t
            .post(
                "/teams/roster/add",
                &[
                    ("team", "5"),
                    ("name", name),
                    ("new", "1"),
                    ("rating", "1500"),
                ],
            )
            .await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    }
    let preview = t.get("/pair").await;
    let a = super::post_fields(&t, "/pair", &super::confirm_fields(&preview.body)).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let round = matches_of(&t, 1);
    assert_eq!(round.len(), 3);
    let bye = round
        .iter()
        .find(|m| m.team_b.is_none())
        .expect("a team bye");
    assert_eq!(bye.team_a, "Queens");
    let page = t.get("/matches?round=1").await;
    assert!(page.body.contains("Queens: team bye"), "{}", page.body);
    assert_eq!(page.body.matches("action=\"/matches/record\"").count(), 4);
    let board = t.get("/board").await;
    assert!(
        board.body.contains("<bdi>Queens</bdi>: team bye"),
        "{}",
        board.body
    );
    let before = snapshot(&t);
    let refused = t
        .post(
            "/matches/record",
            &[
                ("round", "1"),
                ("team", "5"),
                ("board", "1"),
                ("result", "1-0"),
            ],
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("Queens has a team bye in round 1: there are no boards to record"),
        "{}",
        refused.body
    );
    assert_eq!(before, snapshot(&t));
}

#[tokio::test]
async fn the_team_pages_of_an_individual_event_say_it_is_not_a_team_event() {
    let t = crate::web::testing::TestServer::with(crate::web::testing::running_league)
        .logged_in()
        .await;
    for path in ["/matches", "/teams"] {
        let a = t.get(path).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{path}: {}", a.body);
        assert!(a.body.contains("Club Swiss"), "{path}: {}", a.body);
    }
    let a = t.post("/teams/add", &[("name", "Queens")]).await;
    assert!(a.status.is_client_error(), "{}", a.body);
    // The individual results page stays the individual one.
    assert_eq!(t.get("/results").await.status, StatusCode::OK);
}
