//! The rating lists on the console: listed as `league ratings list` lists
//! them, and one removed after a page that says what removing it will do,
//! through the same action as `league ratings remove`: the echo names each
//! rating put back, each refusal the CLI has is shown in the action's
//! words, and a forged form removes nothing.

use axum::http::StatusCode;

use crate::error::Result;
use crate::input::ratings::ListRow;
use crate::store::player::{self as players, NewPlayer};
use crate::store::ratings as lists;
use crate::store::Store;
use crate::web::testing::{assert_escaped, esc, running_league, TestServer};

const HOSTILE: &str = "<script>alert(3)</script> Zed";

/// A US Chess list of one player: `id` rated `rating`.
fn list(id: &str, name: &str, rating: u32) -> Vec<ListRow> {
    vec![ListRow {
        id: id.into(),
        name: name.into(),
        rating: Some(rating),
        place: None,
        k: None,
        k_warning: None,
    }]
}

/// The running league with two players who have US Chess ids (Ann Ames
/// 1500, and one whose name tries to break out of the page, 1400), and
/// four lists applied in order: "January" (Ann 1550), "<b>Feb</b>" (the
/// other 1450), then "Monthly" twice (March: Ann 1600, April: Ann 1650).
fn with_lists(store: &mut Store) -> Result<()> {
    running_league(store)?;
    store.write(|tx| {
        for (name, id, rating) in [("Ann Ames", "11111111", 1500), (HOSTILE, "22222222", 1400)] {
            players::add_player(
                tx,
                &NewPlayer {
                    name,
                    uscf_id: Some(id),
                    fide_id: None,
                    rating: Some(rating),
                    fide_rating: None,
                    federation: None,
                    title: None,
                },
            )?;
        }
        let apply = |rows: Vec<ListRow>, name: &str, day: &str| {
            crate::app::ratings::import_list(tx, &rows, false, name, day).map(|_| ())
        };
        apply(list("11111111", "AMES, ANN", 1550), "January", "2025-01-01")?;
        apply(list("22222222", "ZED", 1450), "<b>Feb</b>", "2025-02-01")?;
        apply(list("11111111", "AMES, ANN", 1600), "Monthly", "2025-03-01")?;
        apply(list("11111111", "AMES, ANN", 1650), "Monthly", "2025-04-01")
    })
}

async fn server() -> TestServer {
    TestServer::with(with_lists).logged_in().await
}

/// The lists applied: (name, day).
fn applied(t: &TestServer) -> Vec<(String, String)> {
    lists::lists(t.store().conn())
        .unwrap()
        .into_iter()
        .map(|l| (l.list, l.took_effect))
        .collect()
}

fn rating_of(t: &TestServer, name: &str) -> Option<u32> {
    let store = t.store();
    let all = players::players(store.conn(), None).unwrap();
    all.into_iter().find(|p| p.name == name).unwrap().rating
}

#[tokio::test]
async fn the_lists_page_shows_each_list_and_which_can_be_removed() {
    let t = server().await;
    let upload = t.get("/upload").await.body;
    assert!(upload.contains("href=\"/ratings\""), "{upload}");
    let a = t.get("/ratings").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(
        a.body.contains("<strong><bdi>&#60;b&#62;Feb&#60;/b&#62;</bdi></strong> (US Chess), took effect on 2025-02-01: 1 rating set."),
        "{}",
        a.body
    );
    // Only the latest list of the system has its Remove button.
    assert_eq!(a.body.matches("Remove…").count(), 1, "{}", a.body);
    assert!(
        a.body
            .contains("href=\"/ratings/remove?list=Monthly&#38;date=2025-04-01\""),
        "{}",
        a.body
    );
    assert!(
        a.body
            .contains("The later list <bdi>Monthly</bdi> (2025-03-01) goes first."),
        "{}",
        a.body
    );
    assert_escaped(&a.body);
}

#[tokio::test]
async fn the_confirm_page_says_what_removing_the_list_does_and_removes_nothing() {
    let t = server().await;
    let a = t.get("/ratings/remove?list=Monthly&date=2025-04-01").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(
        a.body.contains("The US Chess list <strong><bdi>Monthly</bdi></strong> took effect on 2025-04-01 and set the rating of 1 player."),
        "{}",
        a.body
    );
    assert!(
        a.body.contains("name=\"date\" value=\"2025-04-01\""),
        "{}",
        a.body
    );
    assert!(!a.body.contains("class=\"refusal\""), "{}", a.body);
    // An earlier list's page says which goes first.
    let b = t
        .get("/ratings/remove?list=%3Cb%3EFeb%3C%2Fb%3E&date=2025-02-01")
        .await;
    assert_eq!(b.status, StatusCode::OK, "{}", b.body);
    assert!(
        b.body
            .contains("The later US Chess list <bdi>Monthly</bdi> (taking effect on 2025-03-01)"),
        "{}",
        b.body
    );
    assert_escaped(&b.body);
    let gone = t.get("/ratings/remove?list=May&date=2025-05-01").await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND, "{}", gone.body);
    assert_eq!(applied(&t).len(), 4);
}

#[tokio::test]
async fn removing_the_latest_list_puts_each_rating_back_and_says_so() {
    let t = server().await;
    assert_eq!(rating_of(&t, "Ann Ames"), Some(1650));
    let a = t
        .post(
            "/ratings/remove",
            &[("list", "Monthly"), ("date", "2025-04-01")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/ratings"));
    let page = t.get("/ratings").await.body;
    assert!(
        page.contains("Removed the US Chess rating list Monthly (took effect on 2025-04-01): 1 player got back the rating it replaced.\nAnn Ames: 1650 back to 1600"),
        "{page}"
    );
    assert_eq!(rating_of(&t, "Ann Ames"), Some(1600));
    assert_eq!(applied(&t).len(), 3);
    // The hostile name in an echo is escaped.
    for (name, day) in [("Monthly", "2025-03-01")] {
        let r = t
            .post("/ratings/remove", &[("list", name), ("date", day)])
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    }
    let r = t
        .post(
            "/ratings/remove",
            &[("list", "<b>Feb</b>"), ("date", "2025-02-01")],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = t.get("/ratings").await.body;
    assert!(
        page.contains(&format!("{}: 1450 back to 1400", esc(HOSTILE))),
        "{page}"
    );
    assert_escaped(&page);
    assert_eq!(rating_of(&t, HOSTILE), Some(1400));
}

#[tokio::test]
async fn each_refusal_of_removing_a_list_is_shown_and_nothing_changes() {
    let t = server().await;
    let later = t
        .post(
            "/ratings/remove",
            &[("list", "January"), ("date", "2025-01-01")],
        )
        .await;
    assert_eq!(later.status, StatusCode::CONFLICT, "{}", later.body);
    assert!(
        later.body.contains("The list &#60;b&#62;Feb&#60;/b&#62; (taking effect on 2025-02-01) came after January and replaced ratings it gave; remove &#60;b&#62;Feb&#60;/b&#62; first"),
        "{}",
        later.body
    );
    let several = t
        .post("/ratings/remove", &[("list", "Monthly"), ("date", "")])
        .await;
    assert_eq!(several.status, StatusCode::CONFLICT, "{}", several.body);
    assert!(
        several.body.contains("There are 2 lists called &#34;Monthly&#34; (taking effect on 2025-03-01, 2025-04-01); choose it by its day on the Rating lists page"),
        "{}",
        several.body
    );
    let none = t
        .post(
            "/ratings/remove",
            &[("list", "Monthly"), ("date", "2025-05-01")],
        )
        .await;
    assert_eq!(none.status, StatusCode::CONFLICT, "{}", none.body);
    assert!(
        none.body.contains("No rating list &#34;Monthly&#34; taking effect on 2025-05-01 changed a rating; the lists are: January, &#60;b&#62;Feb&#60;/b&#62;, Monthly, Monthly (the Rating lists page shows them as they are now)"),
        "{}",
        none.body
    );
    assert_escaped(&none.body);
    assert_eq!(applied(&t).len(), 4);
    assert_eq!(rating_of(&t, "Ann Ames"), Some(1650));
}

#[tokio::test]
async fn removing_a_list_without_the_session_token_removes_nothing() {
    let t = server().await;
    let a = t
        .post_raw(
            "/ratings/remove",
            &[("list", "Monthly"), ("date", "2025-04-01")],
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let b = t
        .post_raw(
            "/ratings/remove",
            &[
                ("csrf", "forged"),
                ("list", "Monthly"),
                ("date", "2025-04-01"),
            ],
        )
        .await;
    assert_eq!(b.status, StatusCode::FORBIDDEN, "{}", b.body);
    assert_eq!(applied(&t).len(), 4);
}
