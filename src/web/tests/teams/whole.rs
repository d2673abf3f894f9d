//! A team match recorded by its score alone or forfeited whole, and a
//! team bye given by hand, from the round's matches page, with `league
//! match record --score/--forfeit` and `league match bye`'s refusals.
//! Teams by id: Knights 1, Rooks 2, Pawns 3, Bishops 4; round 1 paired
//! Bishops v Rooks and Pawns v Knights.

use axum::http::StatusCode;

use super::{matches_of, paired, snapshot, team_league};
use crate::domain::score::Points;
use crate::web::testing::{assert_escaped, esc, TestServer};

/// Each refused post: the page says `said` and nothing changed.
async fn refused(t: &TestServer, path: &str, cases: &[(Vec<(&str, &str)>, &str)]) {
    let before = snapshot(t);
    for (fields, said) in cases {
        let r = t.post(path, fields).await;
        assert_ne!(r.status, StatusCode::SEE_OTHER, "{fields:?}: {}", r.body);
        assert!(r.body.contains(&esc(said)), "{fields:?}: {}", r.body);
        assert_escaped(&r.body);
        assert_eq!(before, snapshot(t), "{fields:?}");
    }
}

/// The score of round `round`'s match of `home`, as the database has it.
fn score_of(t: &TestServer, round: u32, home: &str) -> (Points, Points) {
    let m = matches_of(t, round)
        .into_iter()
        .find(|m| m.team_a == home)
        .expect("the match");
    let s = crate::app::team::board::match_score(&m);
    (s.home, s.away)
}

#[tokio::test]
async fn the_round_page_offers_a_match_whole_and_a_bye_by_hand() {
    let t = paired().await;
    let page = t.get("/matches?round=1").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = &page.body;
    assert!(
        body.contains("Record it whole (score or forfeit)"),
        "{body}"
    );
    assert!(
        body.contains("<input type=\"hidden\" name=\"home\" value=\"4\"><input type=\"hidden\" name=\"away\" value=\"2\">"),
        "{body}"
    );
    assert!(body.contains("action=\"/matches/forfeit\""), "{body}");
    assert!(body.contains("action=\"/matches/bye\""), "{body}");
    assert_escaped(body);
}

#[tokio::test]
async fn a_paired_match_is_recorded_by_its_score_alone() {
    let t = paired().await;
    let a = t
        .post(
            "/matches/score",
            &[
                ("round", "1"),
                ("home", "4"),
                ("away", "2"),
                ("score", "1½-½"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/matches?round=1"));
    let page = t.get("/matches?round=1").await;
    assert!(
        page.body.contains(&esc(
            "Round 1: Bishops 1½-½ <b>Rooks</b> & \"Co\" (by its score)."
        )),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("1½-½, recorded by its score"),
        "{}",
        page.body
    );
    assert_escaped(&page.body);
    let m = matches_of(&t, 1)
        .into_iter()
        .find(|m| m.team_a == "Bishops")
        .unwrap();
    assert_eq!(m.score, Some((Points::HALF + Points::ONE, Points::HALF)));
    // Recorded: it is not offered whole again, and recording it again is refused.
    refused(
        &t,
        "/matches/score",
        &[(
            vec![("round", "1"), ("home", "4"), ("away", "2"), ("score", "1-1")],
            "Bishops already plays in round 1 (a match Bishops v <b>Rooks</b> & \"Co\"); a team plays once a round",
        )],
    )
    .await;
}

#[tokio::test]
async fn a_score_is_refused_as_at_the_terminal_and_nothing_changes() {
    let t = paired().await;
    refused(
        &t,
        "/matches/score",
        &[
            (
                vec![("round", "1"), ("home", "4"), ("away", "2"), ("score", "2-1")],
                "The score 2-1 adds up to 3, but a match in Metro Teams is on 2 boards",
            ),
            (
                vec![("round", "1"), ("home", "4"), ("away", "2"), ("score", "lots")],
                "\"lots\" is not a match score; write it like 1.5-0.5 or 1½-½",
            ),
            (
                vec![("round", "1"), ("home", "4"), ("away", "4"), ("score", "1-1")],
                "A match between Bishops and itself: name two different teams",
            ),
            (
                vec![("round", "4"), ("home", "4"), ("away", "2"), ("score", "1-1")],
                "Round 4 is beyond Metro Teams's 3 rounds",
            ),
            (
                vec![("round", "3"), ("home", "4"), ("away", "2"), ("score", "1-1")],
                "Round 2 has no matches yet; record the rounds in order (round 3 comes after round 2)",
            ),
            (
                vec![("round", "1"), ("home", "2"), ("away", "4"), ("score", "1-1")],
                "Round 1 is paired Bishops v <b>Rooks</b> & \"Co\" (Bishops has White on board 1); name the teams in that order",
            ),
            (
                vec![("round", "1"), ("home", "4"), ("away", "3"), ("score", "1-1")],
                "Bishops already plays in round 1 (a match Bishops v <b>Rooks</b> & \"Co\"); a team plays once a round",
            ),
        ],
    )
    .await;
}

#[tokio::test]
async fn a_match_is_forfeited_whole() {
    let t = paired().await;
    let a = t
        .post(
            "/matches/forfeit",
            &[
                ("round", "1"),
                ("home", "3"),
                ("away", "1"),
                ("absent", "away"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/matches?round=1").await;
    assert!(
        page.body.contains(
            "Round 1: Pawns 2-0 Knights (forfeited: the second-named team did not come)."
        ),
        "{}",
        page.body
    );
    assert_eq!(score_of(&t, 1, "Pawns"), (Points::whole(2), Points::ZERO));
    let a = t
        .post(
            "/matches/forfeit",
            &[
                ("round", "1"),
                ("home", "4"),
                ("away", "2"),
                ("absent", "both"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(score_of(&t, 1, "Bishops"), (Points::ZERO, Points::ZERO));
    refused(
        &t,
        "/matches/forfeit",
        &[(
            vec![
                ("round", "1"),
                ("home", "3"),
                ("away", "1"),
                ("absent", "both"),
            ],
            "Pawns already plays in round 1",
        )],
    )
    .await;
}

#[tokio::test]
async fn a_forfeit_without_who_did_not_come_is_refused() {
    let t = paired().await;
    refused(
        &t,
        "/matches/forfeit",
        &[
            (
                vec![("round", "1"), ("home", "3"), ("away", "1"), ("absent", "")],
                "Choose which team did not come (or both); nothing was changed",
            ),
            (
                vec![
                    ("round", "1"),
                    ("home", "3"),
                    ("away", "3"),
                    ("absent", "home"),
                ],
                "A match between Pawns and itself",
            ),
        ],
    )
    .await;
}

#[tokio::test]
async fn a_team_bye_is_given_by_hand_with_the_terminals_refusals() {
    let t = TestServer::with(team_league).logged_in().await;
    refused(
        &t,
        "/matches/bye",
        &[
            (
                vec![("round", "2"), ("team", "1")],
                "Round 1 has no matches yet; record the rounds in order (round 2 comes after round 1)",
            ),
            (vec![("round", "4"), ("team", "1")], "Round 4 is beyond Metro Teams's 3 rounds"),
            (vec![("round", "0"), ("team", "1")], "There is no round 0"),
            (vec![("round", "1"), ("team", "99")], "Metro Teams has no such team"),
        ],
    )
    .await;
    let a = t
        .post("/matches/bye", &[("round", "1"), ("team", "2")])
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/matches?round=1").await;
    assert!(
        page.body.contains(&esc(
            "Round 1: <b>Rooks</b> & \"Co\" has a team bye (1 match point, 2 game points)."
        )),
        "{}",
        page.body
    );
    assert_escaped(&page.body);
    let written: Vec<(String, Option<String>)> = matches_of(&t, 1)
        .into_iter()
        .map(|m| (m.team_a, m.team_b))
        .collect();
    assert_eq!(written, vec![("<b>Rooks</b> & \"Co\"".to_string(), None)]);
    refused(
        &t,
        "/matches/bye",
        &[(
            vec![("round", "1"), ("team", "2")],
            "<b>Rooks</b> & \"Co\" already plays in round 1 (a team bye); a team plays once a round",
        )],
    )
    .await;
}

#[tokio::test]
async fn a_match_whole_or_a_bye_without_the_form_token_is_refused() {
    let t = paired().await;
    let before = snapshot(&t);
    for (path, fields) in [
        (
            "/matches/score",
            vec![
                ("round", "1"),
                ("home", "4"),
                ("away", "2"),
                ("score", "1-1"),
            ],
        ),
        (
            "/matches/forfeit",
            vec![
                ("round", "1"),
                ("home", "4"),
                ("away", "2"),
                ("absent", "both"),
            ],
        ),
        ("/matches/bye", vec![("round", "2"), ("team", "1")]),
    ] {
        let a = t.post_raw(path, &fields).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.body);
    }
    assert_eq!(before, snapshot(&t));
}
