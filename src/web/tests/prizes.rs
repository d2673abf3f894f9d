//! An event's prizes on the console: the list as `league prize list`
//! shows it, a special prize's winner named and a prize removed through
//! the prize actions, each refusal the CLI has in the action's words, a
//! page loaded before the list changed refused, and a forged form
//! refused.

use axum::http::StatusCode;

use crate::app::prize as app;
use crate::domain::ids::SectionId;
use crate::domain::prizes::{Kind, Money, Prize, Reward};
use crate::error::Result;
use crate::store::prize::{self as prizes, StoredPrize};
use crate::store::{season as seasons, Store};
use crate::web::testing::{assert_escaped, esc, running_league, TestServer, NAMES};

/// The running league with three prizes in Club Swiss Open: 1st $60, a
/// special "Best <game>" ($25), and 2nd a trophy.
fn with_prizes(store: &mut Store) -> Result<()> {
    running_league(store)?;
    store.write(|tx| {
        let event = seasons::find_event(tx, None, "Club Swiss")?;
        let section = seasons::find_section(tx, &event, None)?;
        let list = [
            Prize {
                kind: Kind::Place,
                place: 1,
                reward: Reward::Cash(Money(6000)),
            },
            Prize {
                kind: Kind::Special {
                    name: "Best <game>".into(),
                    winner: None,
                },
                place: 1,
                reward: Reward::Cash(Money(2500)),
            },
            Prize {
                kind: Kind::Place,
                place: 2,
                reward: Reward::Item("trophy".into()),
            },
        ];
        for p in &list {
            app::add_prize(tx, &event, &section, p, None, false)?;
        }
        Ok(())
    })
}

async fn server() -> TestServer {
    TestServer::with(with_prizes).logged_in().await
}

fn listed(t: &TestServer) -> Vec<StoredPrize> {
    prizes::prizes(t.store().conn(), SectionId(1)).unwrap()
}

#[tokio::test]
async fn the_prize_page_lists_each_sections_prizes_and_who_won_them() {
    let t = server().await;
    let setup = t.get("/setup").await.body;
    assert!(setup.contains("href=\"/prizes?event=1\""), "{setup}");
    let a = t.get("/prizes?event=1").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(
        a.body.contains(
            "<strong>1. <bdi>1st</bdi></strong>: <bdi>$60</bdi>; <bdi>by the standings</bdi>."
        ),
        "{}",
        a.body
    );
    assert!(
        a.body.contains("<strong>2. <bdi>Best &#60;game&#62;</bdi></strong>: <bdi>$25</bdi>; winner: <bdi>not named yet</bdi>."),
        "{}",
        a.body
    );
    assert!(a.body.contains("<bdi>trophy</bdi>"), "{}", a.body);
    // The award form for the special prize only, with the section's players.
    assert_eq!(
        a.body.matches("action=\"/prizes/award\"").count(),
        1,
        "{}",
        a.body
    );
    assert_eq!(
        a.body.matches("action=\"/prizes/remove\"").count(),
        3,
        "{}",
        a.body
    );
    assert!(
        a.body.contains(&format!(
            "<option value=\"2\">2. {}</option>",
            esc(NAMES[1])
        )),
        "{}",
        a.body
    );
    assert_escaped(&a.body);
    let none = t.get("/prizes?event=9").await;
    assert_eq!(none.status, StatusCode::NOT_FOUND, "{}", none.body);
}

fn award<'a>(number: &'a str, shown: &'a str, winner: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("section", "1"),
        ("number", number),
        ("shown", shown),
        ("winner", winner),
    ]
}

#[tokio::test]
async fn a_special_prizes_winner_is_named_and_the_echo_says_who() {
    let t = server().await;
    let a = t
        .post("/prizes/award", &award("2", "Best <game>: $25", "2"))
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/prizes?event=1"));
    let page = t.get("/prizes?event=1").await.body;
    let echo = format!(
        "Prize 2 of Club Swiss Open (Best &#60;game&#62;: $25) goes to {} (#2).",
        esc(NAMES[1])
    );
    assert!(page.contains(&echo), "{page}");
    assert!(
        page.contains(&format!("winner: <bdi>{}</bdi>", esc(NAMES[1]))),
        "{page}"
    );
    assert_escaped(&page);
    let store = t.store();
    let entries = crate::store::player::entries(store.conn(), SectionId(1)).unwrap();
    assert_eq!(listed(&t)[1].winner_entry, Some(entries[1].id));
}

#[tokio::test]
async fn a_prize_is_removed_and_the_ones_after_it_move_up() {
    let t = server().await;
    let a = t
        .post(
            "/prizes/remove",
            &[("section", "1"), ("number", "1"), ("shown", "1st: $60")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let page = t.get("/prizes?event=1").await.body;
    assert!(
        page.contains(
            "Removed prize 1 of Club Swiss Open (1st: $60); the prizes after it moved up."
        ),
        "{page}"
    );
    let left: Vec<(u32, String)> = listed(&t)
        .into_iter()
        .map(|p| (p.position, p.prize.label()))
        .collect();
    assert_eq!(
        left,
        vec![(1, "Best <game>".to_string()), (2, "2nd".to_string())]
    );
}

#[tokio::test]
async fn each_refusal_of_the_prize_actions_is_shown_and_nothing_changes() {
    let t = server().await;
    let before = listed(&t);
    // A place prize goes by the standings.
    let a = t.post("/prizes/award", &award("1", "1st: $60", "1")).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(
        a.body.contains("Prize 1 of Open (1st: $60) goes by the standings; only special prizes (best game, upset) are awarded by hand"),
        "{}",
        a.body
    );
    // No prize at that number.
    let b = t
        .post(
            "/prizes/remove",
            &[("section", "1"), ("number", "7"), ("shown", "7th: $1")],
        )
        .await;
    assert_eq!(b.status, StatusCode::CONFLICT, "{}", b.body);
    assert!(
        b.body.contains("Open has no prize number 7; the list changed since the page was loaded: look at it again"),
        "{}",
        b.body
    );
    // A page loaded before prize 1 was removed names another prize now.
    let c = t
        .post(
            "/prizes/remove",
            &[
                ("section", "1"),
                ("number", "2"),
                ("shown", "Best <game>: $25 (old)"),
            ],
        )
        .await;
    assert_eq!(c.status, StatusCode::BAD_REQUEST, "{}", c.body);
    assert!(
        c.body
            .contains("changed since the page was loaded: prize 2 is now Best &#60;game&#62;: $25"),
        "{}",
        c.body
    );
    // A winner who is not in the section.
    let d = t
        .post("/prizes/award", &award("2", "Best <game>: $25", "42"))
        .await;
    assert_eq!(d.status, StatusCode::NOT_FOUND, "{}", d.body);
    assert!(
        d.body.contains("Open has no player number 42"),
        "{}",
        d.body
    );
    assert_eq!(listed(&t), before);
}

#[tokio::test]
async fn prize_forms_without_the_session_token_change_nothing() {
    let t = server().await;
    let before = listed(&t);
    let a = t
        .post_raw(
            "/prizes/remove",
            &[("section", "1"), ("number", "1"), ("shown", "1st: $60")],
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    let mut f = award("2", "Best <game>: $25", "2");
    f.push(("csrf", "forged"));
    let b = t.post_raw("/prizes/award", &f).await;
    assert_eq!(b.status, StatusCode::FORBIDDEN, "{}", b.body);
    assert_eq!(listed(&t), before);
}

fn add<'a>(kind: &'a str, more: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut f = vec![("section", "1"), ("kind", kind)];
    f.extend_from_slice(more);
    f
}

#[tokio::test]
async fn a_prize_is_added_at_the_end_of_the_list_or_replaces_the_one_listed() {
    let t = server().await;
    let a = t
        .post(
            "/prizes/add",
            &add("class", &[("class", "U1600"), ("cash", "30")]),
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/prizes?event=1"));
    let page = t.get("/prizes?event=1").await.body;
    assert!(
        page.contains("Prize 4 of Club Swiss Open: 1st U1600: $30."),
        "{page}"
    );
    let b = t
        .post(
            "/prizes/add",
            &add("special", &[("name", "Upset <i>"), ("item", "book")]),
        )
        .await;
    assert_eq!(b.status, StatusCode::SEE_OTHER, "{}", b.body);
    let page = t.get("/prizes?event=1").await.body;
    assert!(
        page.contains("Prize 5 of Club Swiss Open: Upset &#60;i&#62;: book."),
        "{page}"
    );
    let c = t
        .post(
            "/prizes/add",
            &add("place", &[("place", "1"), ("cash", "75"), ("replace", "1")]),
        )
        .await;
    assert_eq!(c.status, StatusCode::SEE_OTHER, "{}", c.body);
    let page = t.get("/prizes?event=1").await.body;
    assert!(
        page.contains("Prize 1 of Club Swiss Open: 1st: $75 (was 1st: $60)."),
        "{page}"
    );
    let all: Vec<String> = listed(&t)
        .iter()
        .map(|p| prizes::describe(&p.prize))
        .collect();
    assert_eq!(
        all,
        vec![
            "1st: $75",
            "Best <game>: $25",
            "2nd: trophy",
            "1st U1600: $30",
            "Upset <i>: book"
        ]
    );
}

/// A refused form: its fields, the status and the words.
type Case = (Vec<(&'static str, &'static str)>, StatusCode, &'static str);

#[tokio::test]
async fn each_refusal_of_adding_a_prize_is_shown_and_nothing_changes() {
    let t = server().await;
    let before = listed(&t);
    let cases: [Case; 6] = [
        (
            add("place", &[("place", "1"), ("cash", "60")]),
            StatusCode::CONFLICT,
            "Club Swiss Open already has 1st: $60 (prize 1); a second one would pay the place twice. To change it, tick &#34;replace the prize listed&#34;",
        ),
        (add("place", &[("place", "0"), ("cash", "60")]), StatusCode::BAD_REQUEST, "laces are numbered from 1"),
        (add("class", &[("class", "juniors"), ("cash", "5")]), StatusCode::BAD_REQUEST, "&#34;juniors&#34; is not a class"),
        (add("special", &[("name", " "), ("cash", "5")]), StatusCode::BAD_REQUEST, " special prize needs its name"),
        (add("place", &[("place", "3"), ("cash", "lots")]), StatusCode::BAD_REQUEST, "&#34;lots&#34; is not an amount of money"),
        (add("place", &[("place", "3")]), StatusCode::BAD_REQUEST, "ive the prize&#39;s money, or an item"),
    ];
    for (form, status, words) in cases {
        let a = t.post("/prizes/add", &form).await;
        assert_eq!(a.status, status, "{form:?}: {}", a.body);
        assert!(a.body.contains(words), "{form:?}: {}", a.body);
    }
    let forged = t
        .post_raw(
            "/prizes/add",
            &add("place", &[("place", "4"), ("cash", "5")]),
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
    assert_eq!(listed(&t), before);
}
