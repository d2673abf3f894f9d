//! A section's players page: finding players by name as the CLI does,
//! entering them, new players, late entries with their byes, requested
//! byes and withdrawals, with each refusal in the secretary's words and
//! the database checked afterwards.

use axum::http::StatusCode;

use crate::domain::ids::SectionId;
use crate::domain::record::ByeKind;
use crate::error::Result;
use crate::store::player::{self as players, NewPlayer};
use crate::store::{round as rounds, Store};
use crate::web::testing::{
    assert_escaped, esc, paired_league, running_league, small_league, TestServer,
};

/// The small league with two players not yet entered.
fn with_others(store: &mut Store) -> Result<()> {
    running_league(store)?;
    store.write(|tx| {
        for (name, rating) in [("Ólafur Jónsson", 1700), ("Olga Ivanova", 1650)] {
            players::add_player(
                tx,
                &NewPlayer {
                    name,
                    rating: Some(rating),
                    ..Default::default()
                },
            )?;
        }
        Ok(())
    })
}

fn entries(t: &TestServer) -> Vec<(u32, String)> {
    players::entries(t.store().conn(), SectionId(1))
        .unwrap()
        .into_iter()
        .map(|e| (e.pairing_no, e.name))
        .collect()
}

fn byes(t: &TestServer, round: u32) -> Vec<(String, ByeKind, bool)> {
    rounds::round_contents(t.store().conn(), SectionId(1), round)
        .unwrap()
        .1
        .into_iter()
        .map(|b| (b.entry.name, b.kind, b.requested))
        .collect()
}

#[tokio::test]
async fn the_search_finds_players_by_word_beginnings_without_accents() {
    let t = TestServer::with(with_others).logged_in().await;
    let a = t.get("/players?section=1&q=jons%20olaf").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(
        a.body.contains("Ólafur Jónsson (#7), rated 1700"),
        "{}",
        a.body
    );
    assert!(!a.body.contains("Olga Ivanova ("), "{}", a.body);
    // "ol" begins both first names; letters inside a word never match.
    let both = t.get("/players?section=1&q=ol").await;
    assert!(both.body.contains("Ólafur Jónsson (#7"));
    assert!(both.body.contains("Olga Ivanova (#8"));
    let entered = t.get("/players?section=1&q=alice").await;
    assert!(
        entered.body.contains("entered here as #1"),
        "{}",
        entered.body
    );
    let typo = t.get("/players?section=1&q=Olga%20Ivanovna").await;
    assert!(
        typo.body
            .contains("No player of the league is called &#34;Olga Ivanovna&#34;. Did you mean"),
        "{}",
        typo.body
    );
    assert!(typo.body.contains("Olga Ivanova (#8"));
    let hostile = t.get("/players?section=1&q=%3Cscript%3E").await;
    assert_escaped(&hostile.body);
    assert!(hostile
        .body
        .contains(&esc("<script>alert(1)</script> Bob (#2")));
}

#[tokio::test]
async fn a_found_player_is_entered_once_with_the_next_number() {
    let t = TestServer::with(with_others).logged_in().await;
    let a = t
        .post("/players/enter", &[("section", "1"), ("player", "7")])
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/players?section=1"));
    let page = t.get("/players?section=1").await;
    assert!(
        page.body
            .contains("Entered Ólafur Jónsson in Club Swiss Open as #7."),
        "{}",
        page.body
    );
    assert_eq!(entries(&t).last(), Some(&(7, "Ólafur Jónsson".to_string())));
    let again = t
        .post("/players/enter", &[("section", "1"), ("player", "7")])
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(
        again
            .body
            .contains("Ólafur Jónsson is already entered in Open as #7"),
        "{}",
        again.body
    );
    assert_eq!(entries(&t).len(), 7);
}

#[tokio::test]
async fn a_late_entry_must_say_what_the_missed_rounds_give_and_gets_a_bye_for_each() {
    let t = TestServer::with(|s| {
        paired_league(s)?;
        s.write(|tx| {
            players::add_player(
                tx,
                &NewPlayer {
                    name: "Ólafur Jónsson",
                    ..Default::default()
                },
            )
            .map(|_| ())
        })
    })
    .logged_in()
    .await;
    let page = t.get("/players?section=1&q=olafur").await;
    assert!(page.body.contains("Rounds 1-1 missed"), "{}", page.body);
    let a = t
        .post(
            "/players/enter",
            &[("section", "1"), ("player", "7"), ("missed", "")],
        )
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(
        a.body.contains("Club Swiss Open has already played 1 round; choose what the late entry gets for each of them (a half-point or a zero-point bye)"),
        "{}",
        a.body
    );
    assert!(!a.body.contains("--missed"));
    assert_eq!(entries(&t).len(), 6);
    let b = t
        .post(
            "/players/enter",
            &[("section", "1"), ("player", "7"), ("missed", "half")],
        )
        .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER, "{}", b.body);
    assert!(t.get("/players?section=1").await.body.contains(
        "Entered Ólafur Jónsson in Club Swiss Open as #7, with a half-point bye for round 1."
    ));
    assert_eq!(
        byes(&t, 1),
        vec![("Ólafur Jónsson".to_string(), ByeKind::Half, true)]
    );
}

#[tokio::test]
async fn a_new_player_is_added_and_entered_and_a_namesake_needs_saying() {
    let t = TestServer::with(running_league).logged_in().await;
    let a = t
        .post(
            "/players/new",
            &[
                ("section", "1"),
                ("name", "Gina Grey"),
                ("rating", "1450"),
                ("fide_id", "2012345"),
                ("enter", "1"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let store = t.store();
    let gina = players::find_player(store.conn(), "Gina Grey").unwrap();
    assert_eq!(
        (gina.rating, gina.fide_id.as_deref()),
        (Some(1450), Some("2012345"))
    );
    drop(store);
    assert_eq!(entries(&t).last(), Some(&(7, "Gina Grey".to_string())));
    let same = t
        .post(
            "/players/new",
            &[("section", "1"), ("name", "gina  GREY"), ("enter", "1")],
        )
        .await;
    assert_eq!(same.status, StatusCode::CONFLICT, "{}", same.body);
    assert!(same.body.contains("The league already has a player called gina  GREY: Gina Grey (#7, FIDE 2012345); if this is someone else of the same name, tick"), "{}", same.body);
    assert_eq!(players::players(t.store().conn(), None).unwrap().len(), 7);
    let meant = t
        .post(
            "/players/new",
            &[("section", "1"), ("name", "Gina Grey"), ("namesake", "1")],
        )
        .await;
    assert_eq!(meant.status, StatusCode::SEE_OTHER, "{}", meant.body);
    assert_eq!(players::players(t.store().conn(), None).unwrap().len(), 8);
    // Not ticked "and enter them": added only.
    assert_eq!(entries(&t).len(), 7);
}

#[tokio::test]
async fn a_refused_entry_of_a_new_player_adds_no_player_either() {
    let t = TestServer::with(paired_league).logged_in().await;
    let a = t
        .post(
            "/players/new",
            &[("section", "1"), ("name", "Hal Late"), ("enter", "1")],
        )
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(a.body.contains("has already played 1 round"));
    assert!(players::find_player(t.store().conn(), "Hal Late").is_err());
}

#[tokio::test]
async fn a_rating_outside_the_band_is_refused_unless_the_box_is_ticked() {
    let t = TestServer::with(with_others).logged_in().await;
    let a = t
        .post("/setup/section", &[("event", "1"), ("name", "U1600")])
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let open = t.get("/players?section=1&q=olafur").await.body;
    assert!(!open.contains("name=\"outside_band\""), "{open}");
    let banded = t.get("/players?section=2&q=olafur").await.body;
    assert!(banded.contains("name=\"outside_band\""), "{banded}");
    let b = t
        .post("/players/enter", &[("section", "2"), ("player", "7")])
        .await;
    assert_eq!(b.status, StatusCode::CONFLICT, "{}", b.body);
    assert!(
        b.body.contains("Ólafur Jónsson is rated 1700, above"),
        "{}",
        b.body
    );
    assert!(
        b.body.contains("tick &#34;enter outside the band&#34;"),
        "{}",
        b.body
    );
    assert!(players::entries(t.store().conn(), SectionId(2))
        .unwrap()
        .is_empty());
    let c = t
        .post(
            "/players/enter",
            &[("section", "2"), ("player", "7"), ("outside_band", "1")],
        )
        .await;
    assert_eq!(c.status, StatusCode::SEE_OTHER, "{}", c.body);
    assert_eq!(
        players::entries(t.store().conn(), SectionId(2))
            .unwrap()
            .len(),
        1
    );
    // Entered in U1600, so not in Open too.
    let d = t
        .post("/players/enter", &[("section", "1"), ("player", "7")])
        .await;
    assert_eq!(d.status, StatusCode::CONFLICT, "{}", d.body);
    assert!(
        d.body
            .contains("already entered in section U1600 of this event"),
        "{}",
        d.body
    );
}

#[tokio::test]
async fn a_bye_asked_for_a_coming_round_is_recorded_and_shown() {
    let t = TestServer::with(running_league).logged_in().await;
    let a = t
        .post(
            "/players/bye",
            &[
                ("section", "1"),
                ("no", "6"),
                ("round", "2"),
                ("kind", "half"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/players?section=1").await;
    assert!(
        page.body
            .contains("Club Swiss Open round 2: Frank Fischer (6): half-point bye (requested)."),
        "{}",
        page.body
    );
    assert!(page.body.contains("round 2: half-point bye (asked for)"));
    assert_eq!(
        byes(&t, 2),
        vec![("Frank Fischer".to_string(), ByeKind::Half, true)]
    );
    let twice = t
        .post(
            "/players/bye",
            &[
                ("section", "1"),
                ("no", "6"),
                ("round", "2"),
                ("kind", "zero"),
            ],
        )
        .await;
    assert_eq!(twice.status, StatusCode::CONFLICT, "{}", twice.body);
    assert!(
        twice
            .body
            .contains("Frank Fischer already has a half bye in round 2"),
        "{}",
        twice.body
    );
    let beyond = t
        .post(
            "/players/bye",
            &[
                ("section", "1"),
                ("no", "6"),
                ("round", "4"),
                ("kind", "half"),
            ],
        )
        .await;
    assert_eq!(beyond.status, StatusCode::CONFLICT, "{}", beyond.body);
    assert!(beyond
        .body
        .contains("Club Swiss has 3 rounds; there is no round 4 to give a bye in"));
    assert_eq!(byes(&t, 2).len(), 1);
}

#[tokio::test]
async fn a_bye_in_a_paired_round_is_refused_with_the_way_to_the_pair_page() {
    let t = TestServer::with(paired_league).logged_in().await;
    let a = t
        .post(
            "/players/bye",
            &[
                ("section", "1"),
                ("no", "1"),
                ("round", "1"),
                ("kind", "half"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(
        a.body
            .contains("Alice Archer already has a game in round 1"),
        "{}",
        a.body
    );
    assert!(
        a.body.contains("pair round 1 again (the Pair page"),
        "{}",
        a.body
    );
    assert!(
        a.body.contains("href=\"/pair?section=1&#38;replace=true\""),
        "{}",
        a.body
    );
    assert!(a.body.contains("Pair round 1 again"));
    assert!(byes(&t, 1).is_empty());
}

#[tokio::test]
async fn a_withdrawal_is_recorded_refused_before_a_played_round_and_taken_back() {
    let t = TestServer::with(paired_league).logged_in().await;
    let early = t
        .post(
            "/players/withdraw",
            &[
                ("section", "1"),
                ("no", "1"),
                ("after", "0"),
                ("reason", ""),
            ],
        )
        .await;
    assert_eq!(early.status, StatusCode::CONFLICT, "{}", early.body);
    assert!(early.body.contains("Alice Archer has games or byes recorded after round 0. To withdraw them after round 0: pair round 1 again without them"), "{}", early.body);
    assert!(
        early
            .body
            .contains("href=\"/pair?section=1&#38;replace=true\">Pair round 1 again"),
        "{}",
        early.body
    );
    let withdrawn = |t: &TestServer| {
        players::entries(t.store().conn(), SectionId(1)).unwrap()[0].withdrawn_after
    };
    assert_eq!(withdrawn(&t), None);
    let a = t
        .post(
            "/players/withdraw",
            &[
                ("section", "1"),
                ("no", "1"),
                ("after", "1"),
                ("reason", "moved away"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(withdrawn(&t), Some(1));
    let page = t.get("/players?section=1").await;
    assert!(page.body.contains("Alice Archer (1) withdrew from Club Swiss Open after round 1; later rounds count as unplayed."), "{}", page.body);
    assert!(page.body.contains("Take the withdrawal back"));
    let undo = t
        .post(
            "/players/withdraw",
            &[("section", "1"), ("no", "1"), ("undo", "1")],
        )
        .await;
    assert_eq!(undo.status, StatusCode::SEE_OTHER, "{}", undo.body);
    assert_eq!(withdrawn(&t), None);
    let again = t
        .post(
            "/players/withdraw",
            &[("section", "1"), ("no", "1"), ("undo", "1")],
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(again
        .body
        .contains("Alice Archer has not withdrawn; there is nothing to undo"));
}

#[tokio::test]
async fn the_players_page_needs_an_event_and_a_session() {
    let t = TestServer::with(small_league).logged_in().await;
    let a = t.get("/players").await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    assert!(
        a.body.contains("no event is being run") || a.body.contains("No event is being run"),
        "{}",
        a.body
    );
    assert!(a.body.contains("href=\"/setup\""));
    let anon = TestServer::with(running_league);
    let b = anon.get("/players").await;
    assert_eq!(b.status, StatusCode::SEE_OTHER);
    let c = anon
        .post_raw(
            "/players/enter",
            &[("csrf", "x"), ("section", "1"), ("player", "1")],
        )
        .await;
    assert_eq!(c.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn an_entry_moves_to_another_section_before_play_and_is_removed_only_before_play() {
    let t = TestServer::with(with_others).logged_in().await;
    let u = t
        .post("/setup/section", &[("event", "1"), ("name", "U1800")])
        .await;
    assert_eq!(u.status, StatusCode::SEE_OTHER, "{}", u.body);
    let page = t.get("/players?section=1").await;
    assert!(
        page.body.contains("action=\"/players/move\""),
        "{}",
        page.body
    );
    let a = t
        .post(
            "/players/move",
            &[
                ("section", "1"),
                ("no", "6"),
                ("to", "2"),
                ("reason", "plays down"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert!(t
        .get("/players?section=1")
        .await
        .body
        .contains("Moved Frank Fischer from Club Swiss Open (#6) to U1800 (#1)."));
    let u1800 = players::entries(t.store().conn(), SectionId(2)).unwrap();
    assert_eq!(
        (u1800[0].name.as_str(), u1800[0].pairing_no),
        ("Frank Fischer", 1)
    );
    assert_eq!(entries(&t).len(), 5);
    let b = t
        .post(
            "/players/remove",
            &[("section", "2"), ("no", "1"), ("reason", "typo")],
        )
        .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER, "{}", b.body);
    assert!(players::entries(t.store().conn(), SectionId(2))
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn an_entry_with_a_game_is_neither_moved_nor_removed() {
    let t = TestServer::with(paired_league).logged_in().await;
    let u = t
        .post("/setup/section", &[("event", "1"), ("name", "U1800")])
        .await;
    assert_eq!(u.status, StatusCode::SEE_OTHER, "{}", u.body);
    let a = t
        .post(
            "/players/move",
            &[("section", "1"), ("no", "6"), ("to", "2")],
        )
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(a.body.contains("Frank Fischer already has games or byes in Open; a player moves only before their first round; if they stop playing there, withdraw them instead"), "{}", a.body);
    let b = t
        .post("/players/remove", &[("section", "1"), ("no", "6")])
        .await;
    assert_eq!(b.status, StatusCode::CONFLICT, "{}", b.body);
    assert!(
        b.body
            .contains("Frank Fischer already has games or byes in Open; withdraw them instead"),
        "{}",
        b.body
    );
    assert_eq!(entries(&t).len(), 6);
    assert!(players::entries(t.store().conn(), SectionId(2))
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn a_requested_bye_is_taken_back_with_a_reason_for_the_log() {
    let t = TestServer::with(running_league).logged_in().await;
    let a = t
        .post(
            "/players/bye",
            &[
                ("section", "1"),
                ("no", "6"),
                ("round", "3"),
                ("kind", "zero"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/players?section=1").await;
    assert!(
        page.body.contains("action=\"/players/bye/cancel\""),
        "{}",
        page.body
    );
    let bare = t
        .post(
            "/players/bye/cancel",
            &[
                ("section", "1"),
                ("no", "6"),
                ("round", "3"),
                ("reason", " "),
            ],
        )
        .await;
    assert_eq!(bare.status, StatusCode::CONFLICT, "{}", bare.body);
    assert!(
        bare.body
            .contains("A deletion needs a reason; say why in the box beside the button"),
        "{}",
        bare.body
    );
    assert_eq!(byes(&t, 3).len(), 1);
    let b = t
        .post(
            "/players/bye/cancel",
            &[
                ("section", "1"),
                ("no", "6"),
                ("round", "3"),
                ("reason", "can play after all"),
            ],
        )
        .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER, "{}", b.body);
    assert!(byes(&t, 3).is_empty());
    let log = crate::store::audit::audit_log(t.store().conn(), 5).unwrap();
    assert!(
        log.iter()
            .any(|r| format!("{r:?}").contains("can play after all")),
        "{log:?}"
    );
    let none = t
        .post(
            "/players/bye/cancel",
            &[
                ("section", "1"),
                ("no", "6"),
                ("round", "3"),
                ("reason", "again"),
            ],
        )
        .await;
    assert_eq!(none.status, StatusCode::CONFLICT, "{}", none.body);
    assert!(none
        .body
        .contains("Frank Fischer has no game or bye in round 3"));
}

#[tokio::test]
async fn a_players_details_are_edited_and_an_id_another_player_has_is_refused() {
    let t = TestServer::with(with_others).logged_in().await;
    let page = t.get("/players/edit?player=7&section=1").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body.contains("value=\"Ólafur Jónsson\""),
        "{}",
        page.body
    );
    let form = |name: &'static str, fide_id: &'static str| {
        vec![
            ("player", "7"),
            ("section", "1"),
            ("name", name),
            ("rating", "1720"),
            ("fide_id", fide_id),
            ("club", "Reykjavik CC"),
        ]
    };
    let a = t
        .post("/players/edit", &form("Olafur Jonsson", "2300001"))
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert!(t
        .get("/players?section=1")
        .await
        .body
        .contains("Ólafur Jónsson now: Olafur Jonsson (#7, FIDE 2300001), rated 1720."));
    let store = t.store();
    let p = players::player_by_id(store.conn(), crate::domain::ids::PlayerId(7)).unwrap();
    assert_eq!(
        (p.name.as_str(), p.rating, p.fide_id.as_deref()),
        ("Olafur Jonsson", Some(1720), Some("2300001"))
    );
    assert_eq!(
        players::player_club(store.conn(), p.id).unwrap().as_deref(),
        Some("Reykjavik CC")
    );
    drop(store);
    let b = t
        .post(
            "/players/edit",
            &[
                ("player", "8"),
                ("section", "1"),
                ("name", "Olga Ivanova"),
                ("fide_id", "2300001"),
            ],
        )
        .await;
    assert_eq!(b.status, StatusCode::BAD_REQUEST, "{}", b.body);
    assert!(
        b.body
            .contains("The player was not saved: there is already a player with the same fide id"),
        "{}",
        b.body
    );
    let olga = players::player_by_id(t.store().conn(), crate::domain::ids::PlayerId(8)).unwrap();
    assert_eq!(olga.fide_id, None);
}
