//! A season renamed or its dates changed from the set-up page, as `league
//! season edit` does: the echo says what was recorded, each refusal the
//! CLI has is shown in the action's words, and a forged form changes
//! nothing.

use axum::http::StatusCode;

use crate::store::season as seasons;
use crate::web::testing::{esc, running_league, TestServer};

async fn server() -> TestServer {
    TestServer::with(running_league).logged_in().await
}

/// The seasons as recorded: name, first and last day.
fn recorded(t: &TestServer) -> Vec<(String, Option<String>, Option<String>)> {
    let mut all: Vec<_> = seasons::seasons(t.store().conn())
        .unwrap()
        .into_iter()
        .map(|s| (s.name, s.start_date, s.end_date))
        .collect();
    all.sort();
    all
}

fn form<'a>(name: &'a str, start: &'a str, end: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("season", "1"),
        ("name", name),
        ("start", start),
        ("end", end),
    ]
}

#[tokio::test]
async fn the_setup_page_has_each_seasons_edit_form_filled_in() {
    let t = server().await;
    let page = t.get("/setup").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body.contains("action=\"/setup/season/edit\""),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("name=\"season\" value=\"1\""),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("name=\"name\" value=\"2024-25\""),
        "{}",
        page.body
    );
}

#[tokio::test]
async fn a_season_is_renamed_and_its_dates_set_and_the_echo_says_so() {
    let t = server().await;
    let a = t
        .post(
            "/setup/season/edit",
            &form("2024/25", "2024-09-01", "2025-06-30"),
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/setup"));
    let page = t.get("/setup").await.body;
    assert!(
        page.contains(
            "Season 2024/25 (renamed from 2024-25) now runs from 2024-09-01 to 2025-06-30."
        ),
        "{page}"
    );
    assert_eq!(
        recorded(&t),
        vec![(
            "2024/25".to_string(),
            Some("2024-09-01".to_string()),
            Some("2025-06-30".to_string())
        )]
    );
    // A field left empty keeps what the season has.
    let b = t
        .post("/setup/season/edit", &form("", "", "2025-07-31"))
        .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER, "{}", b.body);
    assert!(t
        .get("/setup")
        .await
        .body
        .contains("Season 2024/25 now runs from 2024-09-01 to 2025-07-31."));
    assert_eq!(recorded(&t)[0].2.as_deref(), Some("2025-07-31"));
}

#[tokio::test]
async fn a_name_another_season_has_and_dates_out_of_order_are_refused() {
    let t = server().await;
    let add = t.post("/setup/season", &[("name", "2025-26")]).await;
    assert_eq!(add.status, StatusCode::SEE_OTHER, "{}", add.body);
    let before = recorded(&t);
    let taken = t.post("/setup/season/edit", &form("2025-26", "", "")).await;
    assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.body);
    assert!(
        taken
            .body
            .contains("There is already a season &#34;2025-26&#34;"),
        "{}",
        taken.body
    );
    let order = t
        .post("/setup/season/edit", &form("", "2025-09-01", "2025-06-30"))
        .await;
    assert_eq!(order.status, StatusCode::CONFLICT, "{}", order.body);
    assert!(
        order
            .body
            .contains("Season 2024-25 would end on 2025-06-30, before it starts on 2025-09-01"),
        "{}",
        order.body
    );
    let bad = t
        .post("/setup/season/edit", &form("", "next week", ""))
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    assert!(bad.body.contains("is not a date; write it as YYYY-MM-DD"));
    let gone = t
        .post("/setup/season/edit", &[("season", "99"), ("name", "X")])
        .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND, "{}", gone.body);
    assert_eq!(recorded(&t), before);
}

#[tokio::test]
async fn a_season_edit_without_the_session_token_changes_nothing() {
    let t = server().await;
    let a = t
        .post_raw("/setup/season/edit", &form("Forged", "", ""))
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let mut wrong = form("Forged", "", "");
    wrong.push(("csrf", "not-the-token"));
    let b = t.post_raw("/setup/season/edit", &wrong).await;
    assert_eq!(b.status, StatusCode::FORBIDDEN, "{}", b.body);
    assert_eq!(recorded(&t)[0].0, "2024-25");
}

#[tokio::test]
async fn a_hostile_season_name_is_shown_escaped() {
    let t = server().await;
    let hostile = "<script>alert(1)</script> \"25\"";
    let a = t.post("/setup/season/edit", &form(hostile, "", "")).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/setup").await.body;
    assert!(!page.contains("<script>alert(1)"), "{page}");
    assert!(
        page.contains(&format!("value=\"{}\"", esc(hostile))),
        "{page}"
    );
    assert!(page.contains(&format!("Season {}", esc(hostile))), "{page}");
    assert_eq!(recorded(&t)[0].0, hostile);
}
