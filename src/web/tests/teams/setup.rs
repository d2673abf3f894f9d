//! A team event's teams and rosters in the console: the page, adding a
//! team, putting players on a roster by name (the CLI's matching) or as
//! new players, taking one off, withdrawing a team; each with the CLI's
//! refusals, which change nothing.

use axum::http::StatusCode;

use super::{paired, player_id, snapshot, team_league, EVENT};
use crate::store::season as seasons;
use crate::store::team as teams;
use crate::web::testing::{assert_escaped, esc, TestServer};

/// The roster of the team called `team`: (board, name).
fn roster(t: &TestServer, team: &str) -> Vec<(u32, String)> {
    let store = t.store();
    let event = seasons::find_event(store.conn(), None, EVENT).unwrap();
    let id = teams::find_team(store.conn(), &event, team).unwrap().id;
    teams::rosters(store.conn(), event.id)
        .unwrap()
        .into_iter()
        .filter(|r| r.team_id == id)
        .map(|r| (r.board, r.name))
        .collect()
}

fn team_names(t: &TestServer) -> Vec<(String, Option<u32>)> {
    let store = t.store();
    let event = seasons::find_event(store.conn(), None, EVENT).unwrap();
    teams::teams(store.conn(), event.id)
        .unwrap()
        .into_iter()
        .map(|t| (t.name, t.withdrawn_after))
        .collect()
}

#[tokio::test]
async fn the_teams_page_lists_each_team_and_its_roster_escaped() {
    let t = TestServer::with(team_league).logged_in().await;
    let page = t.get("/teams").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body.contains(&esc("<b>Rooks</b> & \"Co\"")),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("Board 1: Gina Gold, rated 2100"),
        "{}",
        page.body
    );
    assert_eq!(
        page.body.matches("action=\"/teams/roster/remove\"").count(),
        8
    );
    assert_escaped(&page.body);
}

#[tokio::test]
async fn a_team_is_added_and_the_cli_refusals_change_nothing() {
    let t = TestServer::with(team_league).logged_in().await;
    let hostile = "<script>alert(3)</script> Queens";
    let a = t
        .post("/teams/add", &[("name", hostile), ("short", "QU")])
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(team_names(&t).last().unwrap().0, hostile);
    let page = t.get("/teams").await;
    assert!(
        page.body.contains(&format!(
            "Added team {} to Metro Teams (2024-25).",
            esc(hostile)
        )),
        "{}",
        page.body
    );
    assert!(!page.body.contains("<script>alert(3)"), "{}", page.body);
    let before = snapshot(&t);
    for (name, says) in [
        (
            "knights",
            "Metro Teams already has a team &#34;Knights&#34;",
        ),
        ("BYE", "cannot be a team&#39;s name"),
        ("  ", "A team needs a name"),
    ] {
        let a = t.post("/teams/add", &[("name", name), ("short", "")]).await;
        assert!(a.status.is_client_error(), "{name}: {}", a.body);
        assert!(a.body.contains(says), "{name}: {}", a.body);
    }
    assert_eq!(before, snapshot(&t));
}

#[tokio::test]
async fn a_player_goes_on_a_roster_by_the_cli_name_matching_or_as_a_new_player() {
    let t = TestServer::with(team_league).logged_in().await;
    // "idle ivy": any case and word order.
    let a = t
        .post(
            "/teams/roster/add",
            &[("team", "1"), ("name", "idle ivy"), ("board", "")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(
        roster(&t, "Knights").last(),
        Some(&(3, "Ivy Idle".to_string()))
    );
    let page = t.get("/teams").await;
    assert!(
        page.body.contains("Knights: Ivy Idle on board 3."),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("Alternate 3: Ivy Idle, rated 1500"),
        "{}",
        page.body
    );
    let before = snapshot(&t);
    let unknown = t
        .post("/teams/roster/add", &[("team", "1"), ("name", "Zed Zebra")])
        .await;
    assert_eq!(unknown.status, StatusCode::CONFLICT, "{}", unknown.body);
    assert!(unknown.body.contains("Zed Zebra"), "{}", unknown.body);
    assert!(
        unknown.body.contains("tick &#34;a new player&#34;"),
        "{}",
        unknown.body
    );
    let taken = t
        .post("/teams/roster/add", &[("team", "1"), ("name", "Gina Gold")])
        .await;
    assert!(taken.status.is_client_error(), "{}", taken.body);
    assert!(
        taken
            .body
            .contains("Gina Gold is already on Bishops&#39;s roster in Metro Teams"),
        "{}",
        taken.body
    );
    assert_eq!(before, snapshot(&t));
    let new = t
        .post(
            "/teams/roster/add",
            &[
                ("team", "3"),
                ("name", "Zed Zebra"),
                ("new", "1"),
                ("rating", "1400"),
                ("board", "4"),
            ],
        )
        .await;
    assert_eq!(new.status, StatusCode::SEE_OTHER, "{}", new.body);
    assert_eq!(
        roster(&t, "Pawns").last(),
        Some(&(4, "Zed Zebra".to_string()))
    );
}

#[tokio::test]
async fn a_player_comes_off_a_roster_unless_they_played_a_board() {
    let t = paired().await;
    let ivy = player_id(&t, "Ivy Idle");
    t.post("/teams/roster/add", &[("team", "1"), ("name", "Ivy Idle")])
        .await;
    let a = t
        .post(
            "/teams/roster/remove",
            &[("team", "1"), ("player", &ivy.to_string())],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(roster(&t, "Knights").len(), 2);
    let page = t.get("/teams").await;
    assert!(
        page.body.contains("Knights: took Ivy Idle off the roster."),
        "{}",
        page.body
    );
    // Alice Archer plays board 1 of round 1.
    let before = snapshot(&t);
    let alice = player_id(&t, "Alice Archer");
    let played = t
        .post(
            "/teams/roster/remove",
            &[("team", "1"), ("player", &alice.to_string())],
        )
        .await;
    assert!(played.status.is_client_error(), "{}", played.body);
    assert!(played.body.contains("Alice Archer"), "{}", played.body);
    assert_eq!(before, snapshot(&t));
}

#[tokio::test]
async fn a_team_withdraws_after_a_round_with_the_cli_refusals() {
    let t = paired().await;
    let before = snapshot(&t);
    let later = t
        .post(
            "/teams/withdraw",
            &[("team", "4"), ("after", "0"), ("reason", "")],
        )
        .await;
    assert_eq!(later.status, StatusCode::CONFLICT, "{}", later.body);
    assert!(
        later.body.contains("Bishops has a match or bye recorded in round 1, after round 0; delete that match first"),
        "{}",
        later.body
    );
    let beyond = t
        .post(
            "/teams/withdraw",
            &[("team", "4"), ("after", "5"), ("reason", "")],
        )
        .await;
    assert_eq!(beyond.status, StatusCode::CONFLICT, "{}", beyond.body);
    assert!(
        beyond.body.contains("Metro Teams has only 3 rounds"),
        "{}",
        beyond.body
    );
    assert_eq!(before, snapshot(&t));
    let a = t
        .post(
            "/teams/withdraw",
            &[("team", "2"), ("after", "1"), ("reason", "folded")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(team_names(&t)[1].1, Some(1));
    let page = t.get("/teams").await;
    assert!(
        page.body.contains(&format!(
            "{} withdrew from Metro Teams after round 1; it is not paired after that.",
            esc("<b>Rooks</b> & \"Co\"")
        )),
        "{}",
        page.body
    );
    assert_escaped(&page.body);
}

#[tokio::test]
async fn the_set_up_forms_without_their_token_are_refused() {
    let t = TestServer::with(team_league).logged_in().await;
    let before = snapshot(&t);
    for (path, fields) in [
        ("/teams/add", vec![("name", "Queens")]),
        (
            "/teams/roster/add",
            vec![("team", "1"), ("name", "Ivy Idle")],
        ),
        ("/teams/roster/remove", vec![("team", "1"), ("player", "1")]),
        ("/teams/withdraw", vec![("team", "1"), ("after", "0")]),
    ] {
        let a = t.post_raw(path, &fields).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.body);
    }
    assert_eq!(before, snapshot(&t));
}

#[tokio::test]
async fn the_search_finds_players_by_the_cli_name_matching_and_adds_one_to_a_roster() {
    let t = TestServer::with(team_league).logged_in().await;
    // Word order and case: "hart hal"; Gina Gold is on Bishops' roster.
    let page = t.get("/teams?q=gold+GINA").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body
            .contains("Gina Gold, rated 2100</bdi>: on <bdi>Bishops</bdi>&#39;s roster."),
        "{}",
        page.body
    );
    let ivy = t.get("/teams?q=ivy").await;
    assert!(ivy.body.contains("Ivy Idle, rated 1500"), "{}", ivy.body);
    let named = crate::web::testing::field_of(&ivy.body, "name").expect("the add form");
    let a = t
        .post("/teams/roster/add", &[("team", "3"), ("name", &named)])
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(
        roster(&t, "Pawns").last(),
        Some(&(3, "Ivy Idle".to_string()))
    );
    // A typo: the closest names, no form to add a stranger.
    let typo = t.get("/teams?q=Ivy+Idel").await;
    assert!(
        typo.body
            .contains("No player of the league is called &#34;Ivy Idel&#34;"),
        "{}",
        typo.body
    );
    let hostile = t.get("/teams?q=%3Cscript%3E").await;
    assert_escaped(&hostile.body);
}
