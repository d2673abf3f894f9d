//! Uploading a player list and a rating list: multipart forms with the
//! session's token, the importer's notes on the page, size-limited, and a
//! refused list changing nothing.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};

use crate::store::player as players;
use crate::web::console::setup::upload::LIMIT;
use crate::web::testing::{running_league, Answer, TestServer};

/// The FIDE list of the ratings tests (tests/data/ratings, see its README).
const FIDE_LIST: &str = include_str!("../../../tests/data/ratings/fide-list.txt");

const BOUNDARY: &str = "----leaguetestboundary";

/// A multipart body: text fields, then the file.
fn multipart(fields: &[(&str, &str)], file_name: &str, file: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn upload(t: &TestServer, path: &str, body: Vec<u8>) -> Answer {
    t.send(
        Request::post(path)
            .header(
                header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={BOUNDARY}"),
            )
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn a_player_list_adds_and_updates_players_and_shows_its_notes() {
    let t = TestServer::with(running_league).logged_in().await;
    let page = t.get("/upload").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("enctype=\"multipart/form-data\""));
    let csv = "name,uscf_id,rating\nAlice Archer,12345678,2050\nGina Grey,,1450\n";
    let a = upload(
        &t,
        "/upload/players",
        multipart(&[("csrf", &t.csrf)], "club.csv", csv.as_bytes()),
    )
    .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/upload"));
    let echo = t.get("/upload").await.body;
    assert!(
        echo.contains("Player list club.csv: 1 added, 1 updated, 0 already up to date."),
        "{echo}"
    );
    let store = t.store();
    let alice = players::find_player(store.conn(), "Alice Archer").unwrap();
    assert_eq!(
        (alice.uscf_id.as_deref(), alice.rating),
        (Some("12345678"), Some(2050))
    );
    assert_eq!(
        players::find_player(store.conn(), "Gina Grey")
            .unwrap()
            .rating,
        Some(1450)
    );
    drop(store);
    // Matched by id under another spelling: the league's name is kept, and said.
    let csv = "name,uscf_id\n\"Archer, A.\",12345678\n";
    let b = upload(
        &t,
        "/upload/players",
        multipart(&[("csrf", &t.csrf)], "again.csv", csv.as_bytes()),
    )
    .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER, "{}", b.body);
    let echo = t.get("/upload").await.body;
    assert!(
        echo.contains("Note: line 2: Archer, A. is Alice Archer (#1, US Chess 12345678) in the league; the name is kept."),
        "{echo}"
    );
}

#[tokio::test]
async fn a_bad_player_list_names_its_line_and_changes_nothing() {
    let t = TestServer::with(running_league).logged_in().await;
    let csv = "name,rating\nGina Grey,1450\nHal Hill,strong\n";
    let a = upload(
        &t,
        "/upload/players",
        multipart(&[("csrf", &t.csrf)], "bad.csv", csv.as_bytes()),
    )
    .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    assert!(
        a.body
            .contains("ad.csv, line 3, rating: rating &#34;strong&#34; is not a whole number"),
        "{}",
        a.body
    );
    assert_eq!(players::players(t.store().conn(), None).unwrap().len(), 6);
}

#[tokio::test]
async fn an_upload_without_the_session_token_or_over_the_limit_changes_nothing() {
    let t = TestServer::with(running_league).logged_in().await;
    let csv = b"name\nGina Grey\n";
    let a = upload(
        &t,
        "/upload/players",
        multipart(&[("csrf", "forged")], "a.csv", csv),
    )
    .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let b = upload(&t, "/upload/players", multipart(&[], "a.csv", csv)).await;
    assert_eq!(b.status, StatusCode::FORBIDDEN, "{}", b.body);
    let anon = TestServer::with(running_league);
    let c = upload(
        &anon,
        "/upload/players",
        multipart(&[("csrf", "x")], "a.csv", csv),
    )
    .await;
    assert_eq!(c.status, StatusCode::SEE_OTHER);
    let mut big = b"name\nGina Grey\n".to_vec();
    big.resize(LIMIT + 1, b' ');
    let d = upload(
        &t,
        "/upload/players",
        multipart(&[("csrf", &t.csrf)], "big.csv", &big),
    )
    .await;
    assert_eq!(d.status, StatusCode::BAD_REQUEST, "{}", d.body);
    assert!(
        d.body.contains("The file is larger than 64 MB"),
        "{}",
        d.body
    );
    assert_eq!(players::players(t.store().conn(), None).unwrap().len(), 6);
}

#[tokio::test]
async fn a_rating_list_updates_ratings_and_a_list_out_of_order_is_refused() {
    let t = TestServer::with(running_league).logged_in().await;
    let a = t
        .post(
            "/players/new",
            &[("section", "1"), ("name", "Amos"), ("fide_id", "2012345")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let fields = [
        ("csrf", t.csrf.as_str()),
        ("list", "FIDE May"),
        ("date", "2024-05-01"),
    ];
    let b = upload(
        &t,
        "/upload/ratings",
        multipart(&fields, "fide-list.txt", FIDE_LIST.as_bytes()),
    )
    .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER, "{}", b.body);
    let echo = t.get("/upload").await.body;
    assert!(
        echo.contains("FIDE ratings from FIDE May (2 players on the list), taking effect on 2024-05-01: 0 changed, 1 rated for the first time"),
        "{echo}"
    );
    assert!(echo.contains("New: Amos 1948"), "{echo}");
    let amos = players::find_player(t.store().conn(), "Amos").unwrap();
    assert_eq!(amos.fide_rating, Some(1948));
    let earlier = [
        ("csrf", t.csrf.as_str()),
        ("list", "FIDE April"),
        ("date", "2024-04-01"),
    ];
    let c = upload(
        &t,
        "/upload/ratings",
        multipart(&earlier, "fide-list.txt", FIDE_LIST.as_bytes()),
    )
    .await;
    assert_eq!(c.status, StatusCode::CONFLICT, "{}", c.body);
    assert!(
        c.body.contains("The FIDE list FIDE May took effect on 2024-05-01, after 2024-04-01; import rating lists in the order they took effect; give the day"),
        "{}",
        c.body
    );
    let later = [("csrf", t.csrf.as_str()), ("date", "2999-01-01")];
    let d = upload(
        &t,
        "/upload/ratings",
        multipart(&later, "fide-list.txt", FIDE_LIST.as_bytes()),
    )
    .await;
    assert_eq!(d.status, StatusCode::BAD_REQUEST, "{}", d.body);
    assert!(
        d.body.contains("tick &#34;it takes effect later&#34;"),
        "{}",
        d.body
    );
    let e = upload(
        &t,
        "/upload/ratings",
        multipart(&fields, "list.pdf", b"%PDF"),
    )
    .await;
    assert_eq!(e.status, StatusCode::BAD_REQUEST, "{}", e.body);
    assert!(e.body.contains("a rating list is a .dbf"), "{}", e.body);
    let amos = players::find_player(t.store().conn(), "Amos").unwrap();
    assert_eq!(amos.fide_rating, Some(1948));
}
