//! Standings, the log, backup and publishing.

use axum::http::StatusCode;

use crate::web::testing::{assert_escaped, esc, paired_league, TestServer};

async fn with_results() -> TestServer {
    let t = TestServer::with(paired_league).logged_in().await;
    for (white, r) in [("1", "1-0"), ("5", "1/2-1/2"), ("3", "0-1")] {
        let a = t
            .post(
                "/results/record",
                &[
                    ("section", "1"),
                    ("round", "1"),
                    ("white", white),
                    ("expect", ""),
                    ("result", r),
                ],
            )
            .await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    }
    t
}

#[tokio::test]
async fn standings_show_scores_the_crosstable_and_the_working_escaped() {
    let t = with_results().await;
    let a = t.get("/standings").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(a.body.contains("after round 1 of 3"), "{}", a.body);
    // Alice and Frank won; Alice's row comes first (higher rating at equal
    // score goes by tiebreaks, then the order the report gives).
    let alice = a
        .body
        .find("<bdi>Alice Archer</bdi>")
        .expect("Alice in the standings");
    let dan = a
        .body
        .find(&format!("<bdi>{}</bdi>", esc("Dan & <b>Bold</b>")))
        .expect("Dan escaped");
    assert!(alice < dan);
    assert!(a.body.contains("<h2>Crosstable</h2>"));
    assert!(a.body.contains("<h2>Working</h2>"));
    assert_escaped(&a.body);
}

#[tokio::test]
async fn before_any_result_the_standings_page_shows_the_starting_list() {
    let t = TestServer::with(paired_league).logged_in().await;
    let a = t.get("/standings").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(a.body.contains("No result is in yet"), "{}", a.body);
    assert_escaped(&a.body);
}

#[tokio::test]
async fn the_log_shows_a_correction_with_its_reason_escaped() {
    let t = with_results().await;
    t.post(
        "/results/correct",
        &[
            ("section", "1"),
            ("round", "1"),
            ("white", "1"),
            ("expect", "1-0"),
            ("result", "0-1"),
            ("reason", "<i>slip</i> misread"),
        ],
    )
    .await;
    let a = t.get("/log").await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.body.contains(&esc("<i>slip</i> misread")), "{}", a.body);
    assert!(!a.body.contains("<i>slip"));
}

#[tokio::test]
async fn backup_writes_a_copy_beside_the_database_and_says_where() {
    let t = with_results().await;
    let a = t.post("/backup", &[]).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/publish").await;
    assert!(page.body.contains("Backed up to"), "{}", page.body);
    let folder = t.db.parent().unwrap().join("backups");
    let copies: Vec<_> = std::fs::read_dir(&folder).unwrap().collect();
    assert_eq!(copies.len(), 1);
    // Without the token: nothing.
    let none = t.post_raw("/backup", &[]).await;
    assert_eq!(none.status, StatusCode::FORBIDDEN);
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1);
}

#[tokio::test]
async fn publish_writes_the_site_to_the_configured_folder_and_shows_where() {
    let t = with_results().await;
    let page = t.get("/publish").await;
    let folder = t.db.parent().unwrap().join("site");
    assert!(
        page.body.contains(&esc(&folder.display().to_string())),
        "{}",
        page.body
    );
    let a = t.post("/publish", &[]).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let done = t.get("/publish").await;
    assert!(done.body.contains("Wrote "), "{}", done.body);
    assert!(folder.join("index.html").exists());
    assert!(folder.join("style.css").exists());
}
