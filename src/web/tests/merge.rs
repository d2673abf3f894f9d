//! Two players who are one person merged from the console, as `league
//! player merge` merges them: the page shows what would change before
//! anything does, the merge goes through the same action (logged), the
//! echo says what was moved, each refusal the CLI has is shown in the
//! action's words, and a forged form merges nothing.

use axum::http::StatusCode;

use crate::domain::ids::PlayerId;
use crate::domain::league::EventKind;
use crate::error::Result;
use crate::store::player::{self as players, NewPlayer};
use crate::store::season::{self as seasons, NewEvent};
use crate::store::Store;
use crate::web::testing::{assert_escaped, esc, running_league, TestServer, NAMES};

const TWIN: &str = "<b>Bold</b> Archer";

fn new_player<'a>(name: &'a str, uscf: &'a str, rating: u32) -> NewPlayer<'a> {
    NewPlayer {
        name,
        uscf_id: Some(uscf),
        fide_id: None,
        rating: Some(rating),
        fide_rating: None,
        federation: None,
        title: None,
    }
}

/// The running league, and two more players: #7 (`TWIN`, US Chess
/// 12345678, 1650), entered in a second event "Summer Cup", and #8 (Zoe
/// Ames, US Chess 99999999).
fn with_twin(store: &mut Store) -> Result<()> {
    running_league(store)?;
    store.write(|tx| {
        let season = seasons::find_season(tx, "2024-25")?;
        let cup = seasons::add_event(
            tx,
            &season,
            &NewEvent {
                name: "Summer Cup",
                kind: EventKind::Swiss,
                rounds: 3,
                start_date: Some("2025-06-01"),
                end_date: None,
                tiebreaks: "uscf-swiss",
                actual_play_first: false,
                fide_edition: None,
                sb_adjusted: false,
                coin_allowed: false,
            },
        )?;
        let open = seasons::add_section(tx, &cup, "Open", None, None)?;
        let twin = players::add_player(tx, &new_player(TWIN, "12345678", 1650))?;
        players::enter(tx, &open, &twin, None, None)?;
        players::add_player(tx, &new_player("Zoe Ames", "99999999", 1300))?;
        Ok(())
    })
}

async fn server() -> TestServer {
    TestServer::with(with_twin).logged_in().await
}

fn names(t: &TestServer) -> Vec<String> {
    players::players(t.store().conn(), None)
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect()
}

#[tokio::test]
async fn the_merge_page_shows_what_would_change_and_changes_nothing() {
    let t = server().await;
    let edit = t.get("/players/edit?player=1&section=1").await.body;
    assert!(edit.contains("href=\"/players/merge?from=%231\""), "{edit}");
    let blank = t.get("/players/merge").await;
    assert_eq!(blank.status, StatusCode::OK, "{}", blank.body);
    assert!(!blank.body.contains(
        "action=\"/players/merge\" class=\"stacked\">\n<input type=\"hidden\" name=\"csrf\""
    ));
    let a = t.get("/players/merge?from=12345678&into=%231").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(
        a.body.contains(&format!(
            "Merging <bdi>{} (#7, US Chess 12345678)</bdi> into <bdi>Alice Archer (#1)</bdi> would:",
            esc(TWIN)
        )),
        "{}",
        a.body
    );
    for line in [
        "move 1 entry to Alice Archer: 2024-25 Summer Cup Open".to_string(),
        "with their 0 games and 0 byes".to_string(),
        "fill in Alice Archer&#39;s US Chess id 12345678".to_string(),
        format!(
            "keep Alice Archer&#39;s rating 2000 ({} has 1650)",
            esc(TWIN)
        ),
    ] {
        assert!(
            a.body.contains(&format!("<li><bdi>{line}</bdi></li>")),
            "{line}: {}",
            a.body
        );
    }
    assert!(a.body.contains("name=\"from\" value=\"7\""), "{}", a.body);
    assert!(a.body.contains("name=\"into\" value=\"1\""), "{}", a.body);
    assert_escaped(&a.body);
    assert_eq!(names(&t).len(), 8);
}

#[tokio::test]
async fn a_merge_moves_the_entries_fills_in_the_id_and_is_logged() {
    let t = server().await;
    let a = t
        .post(
            "/players/merge",
            &[("from", "7"), ("into", "1"), ("reason", "entered twice")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/players/merge"));
    let page = t.get("/players/merge").await.body;
    let echo = format!(
        "Merged {twin} (#7, US Chess 12345678) into Alice Archer (#1): moved 1 entry to Alice Archer: 2024-25 Summer Cup Open; with their 0 games and 0 byes; filled in Alice Archer&#39;s US Chess id 12345678; kept Alice Archer&#39;s rating 2000 ({twin} has 1650); removed {twin} (#7, US Chess 12345678) from the players. Recorded in the log.",
        twin = esc(TWIN)
    );
    assert!(page.contains(&echo), "{page}");
    assert_escaped(&page);
    let store = t.store();
    let alice = players::player_by_id(store.conn(), PlayerId(1)).unwrap();
    assert_eq!(alice.uscf_id.as_deref(), Some("12345678"));
    assert_eq!(alice.rating, Some(2000));
    assert!(players::player_by_id(store.conn(), PlayerId(7)).is_err());
    let cup = seasons::find_event(store.conn(), None, "Summer Cup").unwrap();
    let open = seasons::find_section(store.conn(), &cup, None).unwrap();
    let entered: Vec<_> = players::entries(store.conn(), open.id)
        .unwrap()
        .into_iter()
        .map(|e| e.player_id)
        .collect();
    assert_eq!(entered, vec![PlayerId(1)]);
    drop(store);
    let log = t.get("/log").await.body;
    assert!(log.contains("entered twice"), "{log}");
    // The same form again: the player merged away is gone.
    let again = t
        .post("/players/merge", &[("from", "7"), ("into", "1")])
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "{}", again.body);
    assert!(
        again.body.contains("Player #7 is no longer in the league"),
        "{}",
        again.body
    );
}

#[tokio::test]
async fn each_refusal_of_a_merge_is_shown_and_nothing_changes() {
    let t = server().await;
    let same = t.get("/players/merge?from=%231&into=Alice+Archer").await;
    assert_eq!(same.status, StatusCode::CONFLICT, "{}", same.body);
    assert!(
        same.body.contains(
            "Alice Archer (#1) and Alice Archer (#1) are the same player; nothing to merge"
        ),
        "{}",
        same.body
    );
    let ids = t.get("/players/merge?from=12345678&into=Zoe+Ames").await;
    assert_eq!(ids.status, StatusCode::CONFLICT, "{}", ids.body);
    let words = format!(
        "{} has US Chess id 12345678 and Zoe Ames has US Chess id 99999999: two different ids look like two different people, so they were not merged; if one id is wrong, correct it first on that player&#39;s page",
        esc(TWIN)
    );
    assert!(ids.body.contains(&words), "{}", ids.body);
    let both = t
        .post("/players/merge", &[("from", "2"), ("into", "1")])
        .await;
    assert_eq!(both.status, StatusCode::CONFLICT, "{}", both.body);
    assert!(
        both.body.contains(&format!(
            "{} and Alice Archer both played in 2024-25 Club Swiss: Open; one player cannot be entered twice in an event",
            esc(NAMES[1])
        )),
        "{}",
        both.body
    );
    assert_escaped(&both.body);
    let nobody = t.get("/players/merge?from=Nobody+Known&into=%231").await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND, "{}", nobody.body);
    assert_eq!(names(&t).len(), 8);
}

#[tokio::test]
async fn a_merge_without_the_session_token_merges_nothing() {
    let t = server().await;
    let a = t
        .post_raw("/players/merge", &[("from", "7"), ("into", "1")])
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let b = t
        .post_raw(
            "/players/merge",
            &[("csrf", "forged"), ("from", "7"), ("into", "1")],
        )
        .await;
    assert_eq!(b.status, StatusCode::FORBIDDEN, "{}", b.body);
    assert_eq!(names(&t).len(), 8);
}
