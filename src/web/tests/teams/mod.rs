//! A team event in the console and on the players' board: the home page
//! and pairing, results entry board by board, teams and rosters, and the
//! board's matches and team standings.
mod board;
mod edit;
mod pair;
mod results;
mod setup;
mod sheets;
mod whole;

use crate::domain::league::EventKind;
use crate::domain::team::RulesEdit;
use crate::error::Result;
use crate::store::player::{self as players, NewPlayer};
use crate::store::season::{self as seasons, NewEvent};
use crate::store::team as teams;
use crate::store::Store;
use crate::web::testing::TestServer;

/// The team event's name.
pub const EVENT: &str = "Metro Teams";

/// The four teams (one of them a hostile name) and their two players each
/// (the test league's hostile names among them), rated by team.
pub const TEAMS: [(&str, [&str; 2], u32); 4] = [
    (
        "Knights",
        ["Alice Archer", "<script>alert(1)</script> Bob"],
        2000,
    ),
    (
        "<b>Rooks</b> & \"Co\"",
        ["Carol \"Quote\" O'Neil", "Dan & <b>Bold</b>"],
        1900,
    ),
    (
        "Pawns",
        [
            "Eve </textarea><img src=x onerror=alert(2)>",
            "Frank Fischer",
        ],
        1800,
    ),
    ("Bishops", ["Gina Gold", "Hal Hart"], 2100),
];

/// A team Swiss of 3 rounds on 2 boards with [`TEAMS`], the event in use,
/// nothing paired; "Ivy Idle" is a player of the league on no roster.
pub fn team_league(store: &mut Store) -> Result<()> {
    store.write(|tx| {
        let season = seasons::add_season(tx, "2024-25", None, None)?;
        let event = seasons::add_event(
            tx,
            &season,
            &NewEvent {
                name: EVENT,
                kind: EventKind::TeamSwiss,
                rounds: 3,
                start_date: Some("2024-09-01"),
                end_date: None,
                tiebreaks: EventKind::TeamSwiss.default_tiebreaks(),
                actual_play_first: false,
                fide_edition: None,
                sb_adjusted: false,
                coin_allowed: false,
            },
        )?;
        seasons::add_section(tx, &event, "Open", None, None)?;
        let rules = teams::rules(tx, event.id)?.edited(&RulesEdit {
            boards: Some(2),
            ..RulesEdit::default()
        });
        teams::set_rules(tx, &event, &rules)?;
        for (name, names, rating) in TEAMS {
            let team = teams::add_team(tx, &event, name, None)?;
            for (i, n) in names.iter().enumerate() {
                let p = players::add_player(
                    tx,
                    &NewPlayer {
                        name: n,
                        rating: Some(rating - 10 * i as u32),
                        ..NewPlayer::default()
                    },
                )?;
                crate::app::team::put_on_roster(tx, &event, &team, &p, None)?;
            }
        }
        players::add_player(
            tx,
            &NewPlayer {
                name: "Ivy Idle",
                rating: Some(1500),
                ..NewPlayer::default()
            },
        )?;
        crate::web::console::running::choose(tx, &event)
    })
}

/// [`team_league`] with round 1 paired through the console's preview.
pub async fn paired() -> TestServer {
    let t = TestServer::with(team_league).logged_in().await;
    let preview = t.get("/pair").await;
    assert_eq!(
        preview.status,
        axum::http::StatusCode::OK,
        "{}",
        preview.body
    );
    let fields = confirm_fields(&preview.body);
    let a = post_fields(&t, "/pair", &fields).await;
    assert_eq!(a.status, axum::http::StatusCode::SEE_OTHER, "{}", a.body);
    t
}

/// The pair form's fields as the preview page gives them.
pub fn confirm_fields(page: &str) -> Vec<(&'static str, String)> {
    ["section", "round", "replace", "seed", "shown"]
        .iter()
        .map(|k| {
            (
                *k,
                crate::web::testing::field_of(page, k)
                    .unwrap_or_else(|| panic!("no {k} in {page}")),
            )
        })
        .collect()
}

/// `POST path` with owned fields and the session's CSRF token.
pub async fn post_fields(
    t: &TestServer,
    path: &str,
    fields: &[(&'static str, String)],
) -> crate::web::testing::Answer {
    let borrowed: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    t.post(path, &borrowed).await
}

/// The matches of round `round` as the database has them.
pub fn matches_of(t: &TestServer, round: u32) -> Vec<crate::store::team_match::MatchRow> {
    let store = t.store();
    let event = seasons::find_event(store.conn(), None, EVENT).unwrap();
    crate::store::team_match::round_matches(store.conn(), &event, Some(round)).unwrap()
}

/// The player of the league called `name`: their id.
pub fn player_id(t: &TestServer, name: &str) -> i64 {
    players::find_player(t.store().conn(), name).unwrap().id.0
}

/// Everything a team action may change, to prove a refusal changed
/// nothing: the matches and boards, the teams, the rosters and the log.
pub fn snapshot(t: &TestServer) -> String {
    let store = t.store();
    let conn = store.conn();
    let event = seasons::find_event(conn, None, EVENT).unwrap();
    format!(
        "{:?}\n{:?}\n{:?}\n{}",
        crate::store::team_match::round_matches(conn, &event, None).unwrap(),
        teams::teams(conn, event.id).unwrap(),
        teams::rosters(conn, event.id).unwrap(),
        crate::store::audit::audit_log(conn, 1000).unwrap().len()
    )
}

/// The log's newest line: (what, old value, new value, reason).
pub fn last_log(t: &TestServer) -> crate::store::audit::AuditRow {
    crate::store::audit::audit_log(t.store().conn(), 1)
        .unwrap()
        .into_iter()
        .next()
        .expect("a line in the log")
}
