//! An event's pairing settings beyond the system (initial colour,
//! acceleration, the bye's worth, a round robin's table, the US Chess
//! Swiss options) shown and changed on its edit page, through the event
//! edit action: the echo says what was recorded, each refusal is shown in
//! the action's words, and a forged form changes nothing.

use axum::http::StatusCode;

use crate::domain::ids::EventId;
use crate::domain::pairing::settings::{
    Acceleration, ColourLimits, ColourPriority, Numbering, PairingRules, SystemKind, TeamMates,
    UnratedBye,
};
use crate::domain::pairing::Colour;
use crate::domain::record::ByeKind;
use crate::store::pairing as pairings;
use crate::web::testing::{assert_escaped, running_league, TestServer};

async fn server() -> TestServer {
    TestServer::with(running_league).logged_in().await
}

fn rules(t: &TestServer, event: i64) -> PairingRules {
    pairings::rules(t.store().conn(), EventId(event)).unwrap()
}

/// The event edit form of Club Swiss as the page fills it in, with
/// `more` fields set.
fn form<'a>(pairing: &'a str, more: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut f = vec![
        ("event", "1"),
        ("name", "Club Swiss"),
        ("rounds", "3"),
        ("start", "2024-09-01"),
        ("end", ""),
        ("tiebreaks", "uscf-swiss"),
        ("pairing", pairing),
        ("rating", "uscf"),
        ("edition", ""),
    ];
    f.extend_from_slice(more);
    f
}

#[tokio::test]
async fn the_edit_page_shows_the_pairing_settings_and_their_fields() {
    let t = server().await;
    let page = t.get("/setup/event/edit?event=1").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    // Ranked by US Chess tiebreaks, the event pairs by the US Chess Swiss
    // system, whose own options show.
    assert_eq!(rules(&t, 1).system, SystemKind::Uscf);
    for line in [
        "<li>acceleration: none</li>",
        "<li>pairing-allocated bye: 1 point</li>",
        "<li>colour limits: 80 points to alternate, 200 to equalise</li>",
    ] {
        assert!(page.body.contains(line), "{line}: {}", page.body);
    }
    assert!(page.body.contains("name=\"acceleration\""), "{}", page.body);
    assert!(
        page.body.contains("<option value=\"white\" selected>"),
        "{}",
        page.body
    );
    assert!(page.body.contains("name=\"team_mates\""), "{}", page.body);
    assert!(
        page.body
            .contains("name=\"alternation\" min=\"0\" max=\"4000\" value=\"80\""),
        "{}",
        page.body
    );
    // Paired by the Dutch system, they do not.
    let a = t.post("/setup/event/edit", &form("dutch", &[])).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/setup/event/edit?event=1").await.body;
    assert!(!page.contains("name=\"team_mates\""), "{page}");
    assert!(
        page.contains("<li>pairing: dutch (FIDE Dutch system)</li>"),
        "{page}"
    );
}

#[tokio::test]
async fn the_colour_acceleration_and_bye_are_recorded_and_echoed() {
    let t = server().await;
    let a = t
        .post(
            "/setup/event/edit",
            &form(
                "dutch",
                &[
                    ("colour", "black"),
                    ("acceleration", "baku"),
                    ("bye", "half"),
                ],
            ),
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let echo = t.get("/setup").await.body;
    assert!(
        echo.contains(
            "pairing: dutch (FIDE Dutch system); initial colour: black; acceleration: baku; pairing-allocated bye: ½ point."
        ),
        "{echo}"
    );
    let r = rules(&t, 1);
    assert_eq!(
        (r.system, r.initial_colour, r.acceleration, r.bye),
        (
            SystemKind::Dutch,
            Colour::Black,
            Acceleration::Baku,
            ByeKind::Half
        )
    );
    // The log keeps the change, as `league event edit` logs it.
    let log = t.get("/log").await.body;
    assert!(
        log.contains("pairing settings of 2024-25 Club Swiss"),
        "{log}"
    );
}

#[tokio::test]
async fn the_us_chess_swiss_options_are_recorded() {
    let t = server().await;
    let a = t
        .post(
            "/setup/event/edit",
            &form(
                "uscf",
                &[
                    ("team_mates", "never"),
                    ("alternation", "100"),
                    ("equalisation", "250"),
                    ("accelerate_rounds", "2"),
                    ("priority", "colours"),
                    ("unrated", "lowest"),
                ],
            ),
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let r = rules(&t, 1);
    assert_eq!(r.system, SystemKind::Uscf);
    assert_eq!(r.team_mates, TeamMates::Never);
    assert_eq!(
        r.colour_limits,
        ColourLimits {
            alternation: 100,
            equalisation: 250
        }
    );
    assert_eq!(
        (r.accelerate_rounds, r.colour_priority, r.unrated_bye),
        (2, ColourPriority::Colours, UnratedBye::Lowest)
    );
    let echo = t.get("/setup").await.body;
    assert!(
        echo.contains("colour limits: 100 points to alternate, 250 to equalise; accelerated rounds: the first 2 (added score)"),
        "{echo}"
    );
}

/// A refused form: the system, more fields, the status and the words.
type Case = (
    &'static str,
    Vec<(&'static str, &'static str)>,
    StatusCode,
    &'static str,
);

#[tokio::test]
async fn settings_an_event_cannot_be_paired_by_are_refused_and_nothing_changes() {
    let t = server().await;
    let before = rules(&t, 1);
    let cases: [Case; 5] = [
        (
            "uscf",
            vec![("acceleration", "baku")],
            StatusCode::CONFLICT,
            "This event pairs by the US Chess Swiss system, which accelerates by the added-score method; choose no acceleration and give the rounds paired with added-score acceleration, or choose the FIDE Dutch system for Baku acceleration",
        ),
        (
            "dutch",
            vec![("double", "true")],
            StatusCode::CONFLICT,
            "A double round robin is for round robins; this event pairs by dutch; choose Berger or Crenshaw tables to play the table twice",
        ),
        (
            "dutch",
            vec![("team_mates", "never")],
            StatusCode::BAD_REQUEST,
            "are the US Chess Swiss system&#39;s; this event would pair by the FIDE Dutch system",
        ),
        (
            "dutch",
            vec![("alternation", "5000")],
            StatusCode::BAD_REQUEST,
            "should be two rating differences, for alternation then equalisation",
        ),
        (
            "dutch",
            vec![("colour", "purple")],
            StatusCode::BAD_REQUEST,
            "olour &#34;purple&#34; is not one of white, black",
        ),
    ];
    for (system, more, status, words) in cases {
        let a = t.post("/setup/event/edit", &form(system, &more)).await;
        assert_eq!(a.status, status, "{more:?}: {}", a.body);
        assert!(a.body.contains(words), "{more:?}: {}", a.body);
        assert_eq!(rules(&t, 1), before, "{more:?}");
    }
}

#[tokio::test]
async fn a_round_robins_table_is_played_twice_and_never_accelerated() {
    let t = server().await;
    let add = t
        .post(
            "/setup/event",
            &[
                ("season", "1"),
                ("name", "<b>Summer</b> All-Play-All"),
                ("kind", "round-robin"),
                ("rounds", "5"),
            ],
        )
        .await;
    assert_eq!(add.status, StatusCode::SEE_OTHER, "{}", add.body);
    let page = t.get("/setup/event/edit?event=2").await.body;
    assert!(page.contains("name=\"double\""), "{page}");
    assert!(!page.contains("name=\"acceleration\""), "{page}");
    assert_escaped(&page);
    let edit = |more: Vec<(&'static str, &'static str)>| {
        let mut f = vec![
            ("event", "2"),
            ("name", "<b>Summer</b> All-Play-All"),
            ("rounds", "10"),
            ("pairing", "berger"),
        ];
        f.extend(more);
        f
    };
    let a = t
        .post(
            "/setup/event/edit",
            &edit(vec![
                ("double", "true"),
                ("numbers", "drawn"),
                ("bye", "zero"),
            ]),
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let r = rules(&t, 2);
    assert_eq!(
        (r.double_round_robin, r.numbers, r.bye),
        (true, Numbering::Drawn, ByeKind::Zero)
    );
    let echo = t.get("/setup").await.body;
    assert!(
        echo.contains("&#60;b&#62;Summer&#60;/b&#62; All-Play-All now: round robin, 10 rounds"),
        "{echo}"
    );
    assert!(
        echo.contains("round robin: double (colours reversed in the second cycle)"),
        "{echo}"
    );
    assert_escaped(&echo);
    let b = t
        .post("/setup/event/edit", &edit(vec![("acceleration", "baku")]))
        .await;
    assert_eq!(b.status, StatusCode::CONFLICT, "{}", b.body);
    assert!(
        b.body.contains("A round robin plays a fixed table; acceleration is for Swiss pairings; choose no acceleration, or a Swiss system"),
        "{}",
        b.body
    );
    assert_eq!(rules(&t, 2), r);
}

#[tokio::test]
async fn pairing_settings_without_the_session_token_change_nothing() {
    let t = server().await;
    let before = rules(&t, 1);
    let a = t
        .post_raw(
            "/setup/event/edit",
            &form("dutch", &[("acceleration", "baku")]),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let mut f = form("dutch", &[("acceleration", "baku")]);
    f.push(("csrf", "forged"));
    let b = t.post_raw("/setup/event/edit", &f).await;
    assert_eq!(b.status, StatusCode::FORBIDDEN, "{}", b.body);
    assert_eq!(rules(&t, 1), before);
}

/// The running league with a team Swiss ("Club Teams", event 2) beside
/// the Club Swiss.
fn with_team_event(store: &mut crate::store::Store) -> crate::error::Result<()> {
    running_league(store)?;
    store.write(|tx| {
        let season = crate::store::season::find_season(tx, "2024-25")?;
        crate::store::season::add_event(
            tx,
            &season,
            &crate::store::season::NewEvent {
                name: "Club Teams",
                kind: crate::domain::league::EventKind::TeamSwiss,
                rounds: 4,
                start_date: None,
                end_date: None,
                tiebreaks: "usat-team",
                actual_play_first: false,
                fide_edition: None,
                sb_adjusted: false,
                coin_allowed: false,
            },
        )
        .map(|_| ())
    })
}

#[tokio::test]
async fn a_team_swiss_is_never_accelerated() {
    let t = TestServer::with(with_team_event).logged_in().await;
    let before = rules(&t, 2);
    let a = t
        .post(
            "/setup/event/edit",
            &[
                ("event", "2"),
                ("name", "Club Teams"),
                ("pairing", "dutch"),
                ("acceleration", "baku"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(
        a.body
            .contains("A team Swiss pairs teams without acceleration; choose no acceleration"),
        "{}",
        a.body
    );
    assert_eq!(rules(&t, 2), before);
}
