//! Results entry: recording, the echo, keyboard keys, corrections with a
//! reason, stale forms refused, names escaped.

use axum::http::StatusCode;

use crate::domain::game::GameResult;
use crate::store::round as rounds;
use crate::web::testing::{assert_escaped, esc, paired_league, TestServer};

async fn server() -> TestServer {
    TestServer::with(paired_league).logged_in().await
}

/// The results of round 1, board by board, as the database holds them.
fn results(t: &TestServer) -> Vec<Option<GameResult>> {
    let store = t.store();
    let (games, _) =
        rounds::round_contents(store.conn(), crate::domain::ids::SectionId(1), 1).unwrap();
    games.iter().map(|g| g.result).collect()
}

#[tokio::test]
async fn the_results_page_lists_every_board_with_its_buttons_and_escapes_names() {
    let t = server().await;
    let a = t.get("/results").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(a.body.contains("Club Swiss Open: round 1"), "{}", a.body);
    assert_eq!(
        a.body
            .matches("<form method=\"post\" action=\"/results/record\"")
            .count(),
        3
    );
    assert!(
        a.body.contains(&esc("<script>alert(1)</script> Bob (2)")),
        "{}",
        a.body
    );
    assert_escaped(&a.body);
}

#[tokio::test]
async fn without_a_session_the_results_page_goes_to_the_login_page() {
    let t = TestServer::with(paired_league);
    let a = t.get("/results").await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    assert_eq!(a.location(), Some("/"));
    let p = t
        .post_raw(
            "/results/record",
            &[
                ("section", "1"),
                ("round", "1"),
                ("white", "1"),
                ("result", "1-0"),
            ],
        )
        .await;
    assert_eq!(p.status, StatusCode::SEE_OTHER);
    assert_eq!(results(&t), vec![None, None, None]);
}

#[tokio::test]
async fn a_tap_records_the_result_and_the_page_echoes_it_in_full() {
    let t = server().await;
    let a = t
        .post(
            "/results/record",
            &[
                ("section", "1"),
                ("round", "1"),
                ("white", "5"),
                ("expect", ""),
                ("result", "0-1"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(results(&t), vec![None, Some(GameResult::BlackWins), None]);
    let page = t.get(a.location().unwrap()).await;
    assert!(
        page.body.contains(&esc("Club Swiss Open round 1: Eve </textarea><img src=x onerror=alert(2)> (5) v <script>alert(1)</script> Bob (2) 0-1.")),
        "{}",
        page.body
    );
    assert_escaped(&page.body);
    // Shown once.
    assert!(!t.get("/results").await.body.contains("class=\"echo\""));
}

#[tokio::test]
async fn typed_keys_record_one_draw_and_zero_and_win_over_the_default_button() {
    let t = server().await;
    for (white, key) in [("1", "1"), ("5", "="), ("3", "0")] {
        // Enter in the key box sends the first button's value too.
        let a = t
            .post(
                "/results/record",
                &[
                    ("section", "1"),
                    ("round", "1"),
                    ("white", white),
                    ("expect", ""),
                    ("key", key),
                    ("result", "1-0"),
                ],
            )
            .await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    }
    assert_eq!(
        results(&t),
        vec![
            Some(GameResult::WhiteWins),
            Some(GameResult::Draw),
            Some(GameResult::BlackWins)
        ]
    );
    let bad = t
        .post(
            "/results/record",
            &[
                ("section", "1"),
                ("round", "1"),
                ("white", "1"),
                ("expect", "1-0"),
                ("key", "7"),
            ],
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(
        bad.body.contains(&esc("\"7\" is not a result")),
        "{}",
        bad.body
    );
}

#[tokio::test]
async fn a_form_against_a_game_that_changed_since_the_page_was_loaded_is_refused_with_what_changed()
{
    let t = server().await;
    // Another device records board 1 first.
    t.post(
        "/results/record",
        &[
            ("section", "1"),
            ("round", "1"),
            ("white", "1"),
            ("expect", ""),
            ("result", "1-0"),
        ],
    )
    .await;
    // This device's page still showed board 1 empty.
    let a = t
        .post(
            "/results/record",
            &[
                ("section", "1"),
                ("round", "1"),
                ("white", "1"),
                ("expect", ""),
                ("result", "0-1"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    assert!(
        a.body.contains(&esc("Round 1 board 1 (Alice Archer v Dan & <b>Bold</b>) changed since the page was loaded: it was without a result and is now 1-0; nothing was recorded")),
        "{}",
        a.body
    );
    assert!(a.body.contains("Back to the round"));
    assert_eq!(results(&t)[0], Some(GameResult::WhiteWins));
    // A round paired again: the game the form named is gone.
    let gone = t
        .post(
            "/results/record",
            &[
                ("section", "1"),
                ("round", "1"),
                ("white", "2"),
                ("expect", ""),
                ("result", "0-1"),
            ],
        )
        .await;
    assert!(
        gone.body.contains("player 2 no longer has White"),
        "{}",
        gone.body
    );
}

#[tokio::test]
async fn a_correction_needs_a_reason_and_is_logged_with_the_old_and_new_result() {
    let t = server().await;
    t.post(
        "/results/record",
        &[
            ("section", "1"),
            ("round", "1"),
            ("white", "3"),
            ("expect", ""),
            ("result", "1-0"),
        ],
    )
    .await;
    let page = t.get("/results/correct?section=1&round=1&white=3").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("now <strong>1-0</strong>"),
        "{}",
        page.body
    );
    assert_escaped(&page.body);
    let no_reason = t
        .post(
            "/results/correct",
            &[
                ("section", "1"),
                ("round", "1"),
                ("white", "3"),
                ("expect", "1-0"),
                ("result", "0-1"),
                ("reason", " "),
            ],
        )
        .await;
    assert_eq!(no_reason.status, StatusCode::BAD_REQUEST);
    assert!(no_reason.body.contains("needs a reason"));
    assert_eq!(results(&t)[2], Some(GameResult::WhiteWins));
    let a = t
        .post(
            "/results/correct",
            &[
                ("section", "1"),
                ("round", "1"),
                ("white", "3"),
                ("expect", "1-0"),
                ("result", "0-1"),
                ("reason", "slip misread"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(results(&t)[2], Some(GameResult::BlackWins));
    let echo = t.get(a.location().unwrap()).await;
    assert!(
        echo.body.contains("corrected to 0-1 (logged)"),
        "{}",
        echo.body
    );
    let log = crate::store::audit::audit_log(t.store().conn(), 10).unwrap();
    let last = log.first().expect("a log row");
    assert_eq!(last.old_value.as_deref(), Some("1-0"));
    assert_eq!(last.new_value.as_deref(), Some("0-1"));
    assert_eq!(last.reason.as_deref(), Some("slip misread"));
}
