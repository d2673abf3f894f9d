//! A server showing a file it may not write (`league serve` on a read-only
//! database): every page reads as usual, every change is refused in the
//! secretary's words, and nothing is written.

use axum::http::StatusCode;

use crate::store::round as rounds;
use crate::web::testing::{paired_league, TestServer};

#[tokio::test]
async fn a_read_only_server_shows_every_page_and_refuses_every_change_in_words() {
    let t = TestServer::read_only_with(paired_league).logged_in().await;
    assert!(t.state.db.read_only());
    for path in [
        "/",
        "/results?section=1&round=1",
        "/standings?section=1",
        "/round/print?section=1&round=1",
        "/log",
        "/board",
        "/board/live",
    ] {
        let a = t.get(path).await;
        assert_eq!(a.status, StatusCode::OK, "{path}: {}", a.body);
        // Every console page says so at the top; the players' board is
        // read-only anyway, and a printed sheet goes on the wall.
        if !path.starts_with("/board") && !path.starts_with("/round/print") {
            assert!(
                a.body.contains(
                    "<strong>Read-only:</strong> this server shows the league from a file it may \
                     not write, so nothing can be recorded, paired or changed here."
                ),
                "{path}: {}",
                a.body
            );
        }
    }
    let a = t
        .post(
            "/results/record",
            &[
                ("section", "1"),
                ("round", "1"),
                ("white", "5"),
                ("black", "2"),
                ("expect", ""),
                ("result", "0-1"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", a.body);
    let file = t.db.display().to_string();
    assert!(
        a.body.contains(&format!(
            "Nothing was saved: {file} is read-only, so this server shows the league but cannot \
             record anything in it. Make the file (and its folder) writable, then stop the server \
             and start it again"
        )),
        "{}",
        a.body
    );
    let store = t.store();
    let (games, _) =
        rounds::round_contents(store.conn(), crate::domain::ids::SectionId(1), 1).unwrap();
    assert!(games.iter().all(|g| g.result.is_none()));
}

#[tokio::test]
async fn a_server_that_may_write_shows_no_read_only_banner() {
    let t = TestServer::with(paired_league).logged_in().await;
    for path in [
        "/",
        "/results?section=1&round=1",
        "/standings?section=1",
        "/log",
    ] {
        let a = t.get(path).await;
        assert_eq!(a.status, StatusCode::OK, "{path}: {}", a.body);
        assert!(a.body.contains("<main>"), "{path}: {}", a.body);
        assert!(!a.body.contains("Read-only:"), "{path}: {}", a.body);
    }
}
