//! The set-up page: seasons, events and sections added and an event
//! edited through the console, each refusal the CLI has shown in the
//! secretary's words, and nothing changed by a refused or forged form.

use axum::http::StatusCode;

use crate::domain::ids::SectionId;
use crate::domain::league::RatingBasis;
use crate::domain::pairing::settings::SystemKind;
use crate::store::{pairing as pairings, season as seasons};
use crate::web::testing::{assert_escaped, paired_league, running_league, TestServer};

async fn server() -> TestServer {
    TestServer::with(running_league).logged_in().await
}

fn season_names(t: &TestServer) -> Vec<String> {
    let mut names: Vec<String> = seasons::seasons(t.store().conn())
        .unwrap()
        .into_iter()
        .map(|s| s.name)
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn the_setup_page_lists_the_seasons_events_and_sections() {
    let t = server().await;
    let a = t.get("/setup").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(a.body.contains("Season 2024-25"), "{}", a.body);
    assert!(
        a.body
            .contains("<strong><bdi>Club Swiss</bdi></strong>: Swiss, 3 rounds (from 2024-09-01)"),
        "{}",
        a.body
    );
    assert!(a.body.contains("tiebreaks uscf-swiss"), "{}", a.body);
    assert!(a.body.contains("href=\"/setup/event/edit?event=1\""));
    assert_escaped(&a.body);
}

#[tokio::test]
async fn a_season_is_added_once_and_its_dates_kept_in_order() {
    let t = server().await;
    let a = t
        .post(
            "/setup/season",
            &[("name", "2025-26"), ("start", "2025-09-01"), ("end", "")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/setup"));
    let page = t.get("/setup").await;
    assert!(page.body.contains("Added season 2025-26."), "{}", page.body);
    let s = seasons::find_season(t.store().conn(), "2025-26").unwrap();
    assert_eq!(s.start_date.as_deref(), Some("2025-09-01"));

    let again = t.post("/setup/season", &[("name", "2025-26")]).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(
        again.body.contains(
            "There is already a season &#34;2025-26&#34;; it is in the list of seasons, or give the new one another name"
        ),
        "{}",
        again.body
    );
    let wrong = t
        .post(
            "/setup/season",
            &[
                ("name", "2026-27"),
                ("start", "2026-09-01"),
                ("end", "2026-08-01"),
            ],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::CONFLICT, "{}", wrong.body);
    assert!(
        wrong
            .body
            .contains("Season 2026-27 would end on 2026-08-01, before it starts on 2026-09-01"),
        "{}",
        wrong.body
    );
    let bad = t
        .post("/setup/season", &[("name", "2027"), ("start", "1 Sept")])
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    assert!(bad.body.contains("is not a date; write it as YYYY-MM-DD"));
    assert_eq!(season_names(&t), vec!["2024-25", "2025-26"]);
}

#[tokio::test]
async fn a_form_without_the_session_token_adds_nothing() {
    let t = server().await;
    let a = t.post_raw("/setup/season", &[("name", "2025-26")]).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let anon = TestServer::with(running_league);
    let b = anon
        .post_raw("/setup/season", &[("csrf", "x"), ("name", "2025-26")])
        .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER);
    assert_eq!(b.location(), Some("/"));
    assert_eq!(season_names(&t), vec!["2024-25"]);
}

#[tokio::test]
async fn an_event_is_added_with_its_sections_bands_pairing_and_rating() {
    let t = server().await;
    let a = t
        .post(
            "/setup/event",
            &[
                ("season", "1"),
                ("name", "Spring Rapid"),
                ("kind", "swiss"),
                ("rounds", "5"),
                ("start", "2025-03-01"),
                ("end", "2025-03-29"),
                ("sections", "1600+, U1600"),
                ("tiebreaks", "fide-swiss"),
                ("pairing", ""),
                ("rating", ""),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let echo = t.get("/setup").await.body;
    assert!(
        echo.contains(
            "Added Spring Rapid (Swiss, 5 rounds) to season 2024-25 with sections 1600+, U1600"
        ),
        "{echo}"
    );
    let store = t.store();
    let event = seasons::find_event(store.conn(), Some("2024-25"), "Spring Rapid").unwrap();
    assert_eq!(event.rounds, 5);
    assert_eq!(event.end_date.as_deref(), Some("2025-03-29"));
    assert_eq!(event.tiebreaks, "fide-swiss");
    // FIDE tiebreaks: the Dutch system and FIDE ratings, as on `event add`.
    assert_eq!(event.rating_basis, RatingBasis::Fide);
    assert_eq!(
        pairings::rules(store.conn(), event.id).unwrap().system,
        SystemKind::Dutch
    );
    let bands: Vec<_> = seasons::sections(store.conn(), event.id)
        .unwrap()
        .into_iter()
        .map(|s| (s.name, s.rating_min, s.rating_max))
        .collect();
    assert_eq!(
        bands,
        vec![
            ("1600+".to_string(), Some(1600), None),
            ("U1600".to_string(), None, Some(1599))
        ]
    );
}

#[tokio::test]
async fn an_event_the_season_has_or_a_system_that_does_not_suit_it_is_refused() {
    let t = server().await;
    let a = t
        .post(
            "/setup/event",
            &[
                ("season", "1"),
                ("name", "club swiss"),
                ("kind", "swiss"),
                ("rounds", "5"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(
        a.body.contains("Season 2024-25 already has an event &#34;club swiss&#34;; change it with its &#34;Edit&#34; button"),
        "{}",
        a.body
    );
    let b = t
        .post(
            "/setup/event",
            &[
                ("season", "1"),
                ("name", "Summer"),
                ("kind", "round-robin"),
                ("rounds", "5"),
                ("pairing", "dutch"),
            ],
        )
        .await;
    assert_eq!(b.status, StatusCode::BAD_REQUEST, "{}", b.body);
    assert!(
        b.body.contains("choose Berger or Crenshaw tables"),
        "{}",
        b.body
    );
    assert_eq!(seasons::events(t.store().conn(), None).unwrap().len(), 1);
}

#[tokio::test]
async fn a_section_takes_the_band_its_name_states_and_is_added_once() {
    let t = server().await;
    let a = t
        .post(
            "/setup/section",
            &[("event", "1"), ("name", "U1400"), ("min", ""), ("max", "")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert!(t
        .get("/setup")
        .await
        .body
        .contains("Added section U1400 to Club Swiss."));
    let again = t
        .post("/setup/section", &[("event", "1"), ("name", "u1400")])
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(again
        .body
        .contains("Club Swiss already has a section &#34;u1400&#34;"));
    let store = t.store();
    let s = seasons::section_by_id(store.conn(), SectionId(2)).unwrap();
    assert_eq!((s.name.as_str(), s.rating_max), ("U1400", Some(1399)));
    assert_eq!(
        seasons::sections(store.conn(), s.event_id).unwrap().len(),
        2
    );
}

fn edit<'a>(rounds: &'a str, start: &'a str, edition: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("event", "1"),
        ("name", "Club Swiss"),
        ("rounds", rounds),
        ("start", start),
        ("end", ""),
        ("tiebreaks", "uscf-swiss"),
        ("pairing", "uscf"),
        ("rating", "uscf"),
        ("edition", edition),
    ]
}

#[tokio::test]
async fn an_event_edit_changes_its_settings_and_refuses_fewer_rounds_than_recorded() {
    let t = TestServer::with(paired_league).logged_in().await;
    let page = t.get("/setup/event/edit?event=1").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page
        .body
        .contains("name=\"rounds\" min=\"1\" max=\"99\" value=\"3\""));
    let a = t
        .post("/setup/event/edit", &edit("5", "2024-09-01", ""))
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let event = seasons::find_event(t.store().conn(), None, "Club Swiss").unwrap();
    assert_eq!(event.rounds, 5);
    // A requested bye in round 4 makes round 4 a recorded round.
    let bye = t
        .post(
            "/players/bye",
            &[
                ("section", "1"),
                ("no", "2"),
                ("round", "4"),
                ("kind", "half"),
            ],
        )
        .await;
    assert_eq!(bye.status, StatusCode::SEE_OTHER, "{}", bye.body);
    let fewer = t
        .post("/setup/event/edit", &edit("3", "2024-09-01", ""))
        .await;
    assert_eq!(fewer.status, StatusCode::CONFLICT, "{}", fewer.body);
    assert!(
        fewer.body.contains("Club Swiss already has round 4 recorded; it cannot have fewer than 4 rounds; give at least that many rounds"),
        "{}",
        fewer.body
    );
    assert!(fewer.body.contains("href=\"/setup/event/edit?event=1\""));
    let event = seasons::find_event(t.store().conn(), None, "Club Swiss").unwrap();
    assert_eq!(event.rounds, 5);
}

#[tokio::test]
async fn moving_the_start_across_a_fide_edition_is_refused_unless_the_edition_is_chosen() {
    let t = TestServer::with(paired_league).logged_in().await;
    let a = t
        .post("/setup/event/edit", &edit("3", "2023-01-10", ""))
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(
        a.body.contains(
            "would change its FIDE tiebreak rules from the 2024 edition to the 2009 edition"
        ),
        "{}",
        a.body
    );
    assert!(a
        .body
        .contains("choose the 2024 edition under &#34;FIDE rules edition&#34;"));
    let store = t.store();
    let e = seasons::find_event(store.conn(), None, "Club Swiss").unwrap();
    assert_eq!(e.start_date.as_deref(), Some("2024-09-01"));
    drop(store);
    let b = t
        .post("/setup/event/edit", &edit("3", "2023-01-10", "2024"))
        .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER, "{}", b.body);
    let e = seasons::find_event(t.store().conn(), None, "Club Swiss").unwrap();
    assert_eq!(
        (e.start_date.as_deref(), e.fide_edition),
        (Some("2023-01-10"), Some(2024))
    );
}

#[tokio::test]
async fn a_section_named_freely_takes_the_band_given_and_names_show_escaped() {
    let t = server().await;
    let a = t
        .post(
            "/setup/section",
            &[
                ("event", "1"),
                ("name", "Reserve <b>"),
                ("min", ""),
                ("max", "1599"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/setup").await.body;
    assert!(
        page.contains("Added section Reserve &#60;b&#62; (ratings under 1600) to Club Swiss."),
        "{page}"
    );
    let b = t
        .post(
            "/setup/event",
            &[
                ("season", "1"),
                ("name", "<script>alert(1)</script> Cup"),
                ("kind", "round-robin"),
                ("rounds", "3"),
            ],
        )
        .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER, "{}", b.body);
    let page = t.get("/setup").await.body;
    assert_escaped(&page);
    assert!(
        page.contains("&#60;script&#62;alert(1)&#60;/script&#62; Cup"),
        "{page}"
    );
    let edit = t.get("/setup/event/edit?event=2").await.body;
    assert_escaped(&edit);
    assert!(edit.contains("Berger tables"), "{edit}");
}
