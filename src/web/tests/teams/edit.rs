//! A team renamed and the team rules changed from the teams page, with
//! `league team edit`'s refusals.

use axum::http::StatusCode;

use super::{paired, snapshot, team_league, EVENT};
use crate::domain::score::Points;
use crate::store::season as seasons;
use crate::store::team as teams;
use crate::web::testing::{assert_escaped, esc, TestServer};

/// The team rules as the database has them, with everything else a
/// refusal must leave alone.
fn state(t: &TestServer) -> String {
    let store = t.store();
    let event = seasons::find_event(store.conn(), None, EVENT).unwrap();
    format!(
        "{}\n{:?}",
        snapshot(t),
        teams::rules(store.conn(), event.id).unwrap()
    )
}

fn team_names(t: &TestServer) -> Vec<(String, Option<String>)> {
    let store = t.store();
    let event = seasons::find_event(store.conn(), None, EVENT).unwrap();
    teams::teams(store.conn(), event.id)
        .unwrap()
        .into_iter()
        .map(|t| (t.name, t.short))
        .collect()
}

#[tokio::test]
async fn the_teams_page_offers_a_rename_and_the_rules() {
    let t = TestServer::with(team_league).logged_in().await;
    let page = t.get("/teams").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = &page.body;
    assert!(body.contains("action=\"/teams/edit\""), "{body}");
    assert!(
        body.contains(&format!(
            "<label>Name <input name=\"name\" value=\"{}\" required></label>",
            esc("<b>Rooks</b> & \"Co\"")
        )),
        "{body}"
    );
    assert!(body.contains("action=\"/teams/rules\""), "{body}");
    assert!(
        body.contains("name=\"boards\" min=\"1\" inputmode=\"numeric\" value=\"2\""),
        "{body}"
    );
    assert!(body.contains("<input name=\"draw\" value=\"½\""), "{body}");
    assert_escaped(body);
}

#[tokio::test]
async fn a_team_is_renamed_and_given_a_short_code() {
    let t = TestServer::with(team_league).logged_in().await;
    let a = t
        .post(
            "/teams/edit",
            &[
                ("team", "1"),
                ("name", "<i>Dark</i> Knights"),
                ("short", "DK"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/teams").await;
    assert!(
        page.body.contains(&esc(
            "Team Knights is now <i>Dark</i> Knights, short code DK."
        )),
        "{}",
        page.body
    );
    assert_escaped(&page.body);
    assert_eq!(
        team_names(&t)[0],
        ("<i>Dark</i> Knights".to_string(), Some("DK".to_string()))
    );
    let log = super::last_log(&t);
    assert!(format!("{log:?}").contains("Dark"), "{log:?}");
    // A blank code clears it.
    let a = t
        .post(
            "/teams/edit",
            &[
                ("team", "1"),
                ("name", "<i>Dark</i> Knights"),
                ("short", " "),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(team_names(&t)[0], ("<i>Dark</i> Knights".to_string(), None));
}

#[tokio::test]
async fn a_rename_is_refused_as_at_the_terminal_and_nothing_changes() {
    let t = TestServer::with(team_league).logged_in().await;
    let a = t
        .post(
            "/teams/edit",
            &[("team", "4"), ("name", "Bishops"), ("short", "BIS")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let before = state(&t);
    for (fields, said) in [
        (
            vec![("team", "1"), ("name", "pawns"), ("short", "")],
            "Metro Teams already has a team \"Pawns\"",
        ),
        (
            vec![("team", "1"), ("name", "bye"), ("short", "")],
            "\"BYE\" cannot be a team's name: it marks a team bye on match sheets",
        ),
        (
            vec![("team", "1"), ("name", "  "), ("short", "")],
            "A team needs a name",
        ),
        (
            vec![("team", "1"), ("name", "Knights"), ("short", "bis")],
            "The short code bis is already Bishops's",
        ),
        (
            vec![("team", "99"), ("name", "Knights"), ("short", "")],
            "Metro Teams has no such team",
        ),
    ] {
        let r = t.post("/teams/edit", &fields).await;
        assert_ne!(r.status, StatusCode::SEE_OTHER, "{fields:?}: {}", r.body);
        assert!(r.body.contains(&esc(said)), "{fields:?}: {}", r.body);
        assert_escaped(&r.body);
        assert_eq!(before, state(&t), "{fields:?}");
    }
}

#[tokio::test]
async fn the_team_rules_change_boards_and_match_points() {
    let t = TestServer::with(team_league).logged_in().await;
    let a = t
        .post(
            "/teams/rules",
            &[("boards", "3"), ("win", "2"), ("draw", "1"), ("loss", "0")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/teams").await;
    assert!(
        page.body
            .contains("Team rules of Metro Teams (2024-25) now: boards: 3; match points: 2/1/0;"),
        "{}",
        page.body
    );
    let store = t.store();
    let event = seasons::find_event(store.conn(), None, EVENT).unwrap();
    let rules = teams::rules(store.conn(), event.id).unwrap();
    assert_eq!(rules.boards, 3);
    assert_eq!(
        (rules.match_win, rules.match_draw, rules.match_loss),
        (Points::whole(2), Points::ONE, Points::ZERO)
    );
    // A team bye stays worth a match win and every board, as at the terminal.
    assert_eq!(rules.bye_match_points, Points::whole(2));
    assert_eq!(rules.bye_game_points, Points::whole(3));
}

#[tokio::test]
async fn the_team_rules_set_the_bye_the_ranking_and_the_usat_variant_as_at_the_terminal() {
    let t = TestServer::with(team_league).logged_in().await;
    let page = t.get("/teams").await;
    // A bye worth a match win and every board, ranked on match points, USAT
    // ×2 with byes as ½: what the form shows before anything is changed.
    for shown in [
        "Game points (now 2) <input name=\"bye_points\" placeholder=\"2\"",
        "Match points (now 1) <input name=\"bye_match_points\" placeholder=\"1\"",
        "<option value=\"match-points\" selected>",
        "<option value=\"2\" selected>",
        "<option value=\"on\" selected>",
    ] {
        assert!(page.body.contains(shown), "{shown}: {}", page.body);
    }
    // The boards change and the bye field is left empty: the bye keeps
    // following the boards (3 game points), as `league team edit --boards 3`.
    let a = t
        .post(
            "/teams/rules",
            &[
                ("boards", "3"),
                ("win", "1"),
                ("draw", "½"),
                ("loss", "0"),
                ("bye_points", ""),
                ("bye_match_points", ""),
                ("rank_by", "game-points"),
                ("usat_scale", "1"),
                ("usat_bye_adjustment", "off"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let rules = |t: &TestServer| {
        let store = t.store();
        let event = seasons::find_event(store.conn(), None, EVENT).unwrap();
        teams::rules(store.conn(), event.id).unwrap()
    };
    let r = rules(&t);
    assert_eq!((r.boards, r.bye_game_points), (3, Points::whole(3)));
    assert_eq!(r.rank_by, crate::domain::team::RankBy::GamePoints);
    assert_eq!((r.usat_doubled, r.usat_adjusted), (false, false));
    let page = t.get("/teams").await;
    assert!(
        page.body.contains(
            "team bye: 1 match point, 3 game points; ranked by: game points; USAT: ×1, opponents&#39; match points as scored."
        ),
        "{}",
        page.body
    );
    // A bye worth half the boards and a match draw.
    let a = t
        .post(
            "/teams/rules",
            &[("bye_points", "1.5"), ("bye_match_points", "½")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let r = rules(&t);
    assert_eq!(
        (r.bye_game_points, r.bye_match_points),
        (Points::from_halves(3), Points::HALF)
    );
    // A hand-edited form is refused and changes nothing.
    let before = state(&t);
    for (fields, said) in [
        (
            vec![("rank_by", "rating")],
            "The ranking \"rating\" is not one of match-points, game-points",
        ),
        (
            vec![("usat_scale", "3")],
            "The USAT scale \"3\" is not one of 2, 1",
        ),
        (
            vec![("bye_points", "four")],
            "A team bye's game points \"four\" is not a number of points",
        ),
    ] {
        let r = t.post("/teams/rules", &fields).await;
        assert_ne!(r.status, StatusCode::SEE_OTHER, "{fields:?}: {}", r.body);
        assert!(r.body.contains(&esc(said)), "{fields:?}: {}", r.body);
        assert_eq!(before, state(&t), "{fields:?}");
    }
}

#[tokio::test]
async fn team_rules_are_refused_as_at_the_terminal_and_nothing_changes() {
    let t = TestServer::with(team_league).logged_in().await;
    let before = state(&t);
    for (fields, said) in [
        (
            vec![("boards", "0"), ("win", ""), ("draw", ""), ("loss", "")],
            "A team match needs at least one board",
        ),
        (
            vec![("boards", ""), ("win", "1"), ("draw", "1"), ("loss", "0")],
            "Match points must fall from win to draw to loss (given 1/1/0)",
        ),
        (
            vec![("boards", ""), ("win", "1.5"), ("draw", "1"), ("loss", "0")],
            "A match win of 1½ match points is not supported",
        ),
        (
            vec![("boards", ""), ("win", "2"), ("draw", ""), ("loss", "")],
            "Give the match points for a win, a draw and a loss together",
        ),
        (
            vec![("boards", "two"), ("win", ""), ("draw", ""), ("loss", "")],
            "The number of boards \"two\" is not a whole number",
        ),
        (
            vec![
                ("boards", ""),
                ("win", "lots"),
                ("draw", "1"),
                ("loss", "0"),
            ],
            "A match win \"lots\" is not a number of points",
        ),
    ] {
        let r = t.post("/teams/rules", &fields).await;
        assert_ne!(r.status, StatusCode::SEE_OTHER, "{fields:?}: {}", r.body);
        assert!(r.body.contains(&esc(said)), "{fields:?}: {}", r.body);
        assert_eq!(before, state(&t), "{fields:?}");
    }
    // Once a match is recorded the boards are fixed; the match points
    // can still change.
    let t = paired().await;
    let before = state(&t);
    let r = t
        .post(
            "/teams/rules",
            &[("boards", "3"), ("win", ""), ("draw", ""), ("loss", "")],
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(
        r.body.contains("Metro Teams already has matches recorded on 2 boards; the number of boards cannot change now; the match points can still change"),
        "{}",
        r.body
    );
    assert_eq!(before, state(&t));
    let a = t
        .post(
            "/teams/rules",
            &[("boards", "2"), ("win", "2"), ("draw", "1"), ("loss", "0")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
}

#[tokio::test]
async fn a_rename_or_the_rules_without_the_form_token_are_refused() {
    let t = TestServer::with(team_league).logged_in().await;
    let before = state(&t);
    for (path, fields) in [
        (
            "/teams/edit",
            vec![("team", "1"), ("name", "Lancers"), ("short", "")],
        ),
        (
            "/teams/rules",
            vec![("boards", "3"), ("win", ""), ("draw", ""), ("loss", "")],
        ),
    ] {
        let a = t.post_raw(path, &fields).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.body);
    }
    assert_eq!(before, state(&t));
}
