//! Pairing: the preview, "Pair it", replacing a round, refusals with the
//! console's way on, a stale confirmation; then results and a correction.

use axum::http::StatusCode;

use crate::domain::game::GameResult;
use crate::store::round as rounds;
use crate::web::testing::{assert_escaped, field_of, running_league, TestServer};

/// The pair form's fields as the preview page gives them.
fn confirm_fields(page: &str) -> Vec<(&'static str, String)> {
    ["section", "round", "replace", "seed", "shown"]
        .iter()
        .map(|k| {
            (
                *k,
                field_of(page, k).unwrap_or_else(|| panic!("no {k} in {page}")),
            )
        })
        .collect()
}

async fn post_fields(
    t: &TestServer,
    path: &str,
    fields: &[(&'static str, String)],
) -> crate::web::testing::Answer {
    let borrowed: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    t.post(path, &borrowed).await
}

fn games(t: &TestServer, round: u32) -> Vec<rounds::GameRow> {
    rounds::round_contents(t.store().conn(), crate::domain::ids::SectionId(1), round)
        .unwrap()
        .0
}

#[tokio::test]
async fn the_preview_writes_nothing_and_pair_it_writes_exactly_what_was_shown() {
    let t = TestServer::with(running_league).logged_in().await;
    let preview = t.get("/pair").await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    assert!(
        preview.body.contains("Club Swiss Open: round 1"),
        "{}",
        preview.body
    );
    assert_eq!(preview.body.matches("<tr><td>").count(), 3, "three boards");
    assert_escaped(&preview.body);
    assert!(games(&t, 1).is_empty(), "a preview writes nothing");
    let fields = confirm_fields(&preview.body);
    let a = post_fields(&t, "/pair", &fields).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    assert_eq!(a.location(), Some("/results?section=1&round=1"));
    let written = games(&t, 1);
    assert_eq!(written.len(), 3);
    // Board 1 as previewed: the top seed (Alice, 2000) against the fourth.
    let shown = field_of(&preview.body, "shown").unwrap();
    let first = format!(
        "{} v {}",
        rounds::named(&written[0].white),
        rounds::named(&written[0].black)
    );
    assert!(shown.starts_with(&first), "{shown} / {first}");
    let results = t.get("/results?section=1&round=1").await;
    assert!(
        results
            .body
            .contains("Paired round 1 of Club Swiss Open: 3 boards."),
        "{}",
        results.body
    );
    // The same confirmation again: the round was paired meanwhile.
    let again = post_fields(&t, "/pair", &fields).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(
        again
            .body
            .contains("cannot be written as it was shown: the round has been paired meanwhile"),
        "{}",
        again.body
    );
    assert!(again.body.contains("Preview it again"));
    assert_eq!(games(&t, 1).len(), 3);
}

#[tokio::test]
async fn pairing_before_the_results_are_in_is_refused_with_a_button_to_enter_them_or_replace_the_round(
) {
    let t = TestServer::with(running_league).logged_in().await;
    let preview = t.get("/pair").await;
    post_fields(&t, "/pair", &confirm_fields(&preview.body)).await;
    let a = t.get("/pair").await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(
        a.body
            .contains("Round 2 of Open cannot be paired yet: round 1 still has"),
        "{}",
        a.body
    );
    assert!(
        a.body
            .contains("href=\"/results?section=1&#38;round=1\">Enter round 1&#39;s results</a>"),
        "{}",
        a.body
    );
    assert!(
        !a.body.contains("league round"),
        "no command in the console"
    );
    assert!(!a.body.contains("--"), "no flag in the console");
    assert_escaped(&a.body);
    // Replace round 1 (no result in yet).
    let again = t.get("/pair?section=1&replace=true").await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert!(
        again
            .body
            .contains("It replaces the round's 3 games paired before."),
        "{}",
        again.body
    );
    let done = post_fields(&t, "/pair", &confirm_fields(&again.body)).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let page = t.get("/results?section=1&round=1").await;
    assert!(
        page.body
            .contains("its earlier pairing of 3 games replaced"),
        "{}",
        page.body
    );
}

#[tokio::test]
async fn a_round_with_a_result_cannot_be_replaced_and_says_where_the_results_are() {
    let t = TestServer::with(running_league).logged_in().await;
    let preview = t.get("/pair").await;
    post_fields(&t, "/pair", &confirm_fields(&preview.body)).await;
    let g = &games(&t, 1)[0];
    let (w, b) = (
        g.white.pairing_no.to_string(),
        g.black.pairing_no.to_string(),
    );
    t.post(
        "/results/record",
        &[
            ("section", "1"),
            ("round", "1"),
            ("white", &w),
            ("black", &b),
            ("expect", ""),
            ("result", "1-0"),
        ],
    )
    .await;
    let a = t.get("/pair?section=1&replace=true").await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert!(
        a.body.contains("cannot be paired again: a result is in"),
        "{}",
        a.body
    );
    assert!(a.body.contains("Round 1&#39;s results"), "{}", a.body);
}

#[tokio::test]
async fn a_club_night_pair_record_every_result_correct_one_then_pair_the_next_round() {
    let t = TestServer::with(running_league).logged_in().await;
    let preview = t.get("/pair").await;
    post_fields(&t, "/pair", &confirm_fields(&preview.body)).await;
    let page = t.get("/results?section=1&round=1").await;
    // Every board's form as the page gives it, answered with a key.
    for (g, key) in games(&t, 1).iter().zip(["1", "=", "0"]) {
        let (w, b) = (
            g.white.pairing_no.to_string(),
            g.black.pairing_no.to_string(),
        );
        assert!(page.body.contains(&format!(
            "name=\"white\" value=\"{w}\"><input type=\"hidden\" name=\"black\" value=\"{b}\">"
        )));
        let a = t
            .post(
                "/results/record",
                &[
                    ("section", "1"),
                    ("round", "1"),
                    ("white", &w),
                    ("black", &b),
                    ("expect", ""),
                    ("key", key),
                ],
            )
            .await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    }
    let played: Vec<_> = games(&t, 1).iter().map(|g| g.result).collect();
    assert_eq!(
        played,
        vec![
            Some(GameResult::WhiteWins),
            Some(GameResult::Draw),
            Some(GameResult::BlackWins)
        ]
    );
    let g = &games(&t, 1)[1];
    let (w, b) = (
        g.white.pairing_no.to_string(),
        g.black.pairing_no.to_string(),
    );
    let fixed = t
        .post(
            "/results/correct",
            &[
                ("section", "1"),
                ("round", "1"),
                ("white", &w),
                ("black", &b),
                ("expect", "1/2-1/2"),
                ("result", "1-0"),
                ("reason", "arbiter's ruling"),
            ],
        )
        .await;
    assert_eq!(fixed.status, StatusCode::SEE_OTHER, "{}", fixed.body);
    assert_eq!(games(&t, 1)[1].result, Some(GameResult::WhiteWins));
    let home = t.get("/").await;
    assert!(
        home.body.contains("Next round to pair: round 2"),
        "{}",
        home.body
    );
    let next = t.get("/pair").await;
    assert_eq!(next.status, StatusCode::OK, "{}", next.body);
    assert!(next.body.contains("round 2"), "{}", next.body);
}

#[tokio::test]
async fn the_round_prints_its_pairings_alphabetical_list_and_slips_escaped() {
    let t = TestServer::with(crate::web::testing::paired_league)
        .logged_in()
        .await;
    let a = t.get("/round/print?section=1&round=1").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    // The round sheet's own pages, as `league round sheet --format html`
    // prints them, then the console's slips.
    let store = t.store();
    let (event, section) = crate::web::console::running::section(&store, Some(1)).unwrap();
    let sheet = crate::site::round_sheet::recorded(store.conn(), &event, &section, 1)
        .unwrap()
        .unwrap();
    assert!(a.body.contains(&sheet.pairings_html()), "{}", a.body);
    assert!(a.body.contains(&sheet.list_html()), "{}", a.body);
    assert!(a.body.contains("Club Swiss, Open: round 1: pairings"));
    assert!(a
        .body
        .contains("Club Swiss, Open: round 1: alphabetical list"));
    assert_eq!(a.body.matches("class=\"slip\"").count(), 3);
    // The list goes by surname: Archer before Fischer before O'Neil.
    let archer = a.body.find("<td><bdi>Alice Archer</bdi></td>").unwrap();
    let fischer = a.body.find("<td><bdi>Frank Fischer</bdi></td>").unwrap();
    assert!(archer < fischer);
    assert_escaped(&a.body);
}

#[tokio::test]
async fn every_answer_forbids_other_sites_scripts_and_framing() {
    let t = TestServer::new();
    for path in ["/", "/assets/style.css", "/nowhere"] {
        let a = t.get(path).await;
        let csp = a.headers["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp}"
        );
        assert_eq!(a.headers["x-frame-options"], "DENY");
    }
}

#[tokio::test]
async fn a_round_not_paired_yet_has_nothing_to_print_and_says_so() {
    let t = TestServer::with(crate::web::testing::paired_league)
        .logged_in()
        .await;
    let a = t.get("/round/print?section=1&round=2").await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    assert!(
        a.body.contains(
            "Round 2 of Club Swiss Open is not paired yet, so there is nothing to print."
        ),
        "{}",
        a.body
    );
}

/// The round's date and start time given with "Pair it" are stored as
/// `league round pair --date --time` stores them (the sheet and the round
/// page show them); a bad time is refused before anything is written.
#[tokio::test]
async fn pair_it_takes_the_rounds_date_and_start_time() {
    let t = TestServer::with(running_league).logged_in().await;
    let preview = t.get("/pair").await;
    assert!(
        preview
            .body
            .contains("<input type=\"date\" name=\"date\" value=\"\">"),
        "{}",
        preview.body
    );
    assert!(
        preview
            .body
            .contains("<input type=\"time\" name=\"time\" value=\"\">"),
        "{}",
        preview.body
    );
    let mut fields = confirm_fields(&preview.body);
    fields.push(("date", "2024-01-10".to_string()));
    fields.push(("time", "25:00".to_string()));
    let bad = post_fields(&t, "/pair", &fields).await;
    assert_ne!(bad.status, StatusCode::SEE_OTHER, "{}", bad.body);
    assert!(
        bad.body
            .contains("The start time &quot;25:00&quot; is not a time")
            || bad
                .body
                .contains("The start time &#34;25:00&#34; is not a time"),
        "{}",
        bad.body
    );
    assert!(games(&t, 1).is_empty(), "a refused pairing writes nothing");
    fields.pop();
    fields.push(("time", "7:30".to_string()));
    let a = post_fields(&t, "/pair", &fields).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let when = rounds::round_times(t.store().conn(), crate::domain::ids::SectionId(1))
        .unwrap()
        .remove(&1)
        .unwrap();
    assert_eq!(
        (when.date.as_deref(), when.start_time.as_deref()),
        (Some("2024-01-10"), Some("07:30"))
    );
    let results = t.get("/results?section=1&round=1").await;
    assert!(
        results.body.contains(
            "Paired round 1 of Club Swiss Open: 3 boards, played on 2024-01-10 at 07:30."
        ),
        "{}",
        results.body
    );
    // Paired again, the form starts from what is stored.
    let again = t.get("/pair?section=1&replace=true").await;
    assert!(
        again
            .body
            .contains("<input type=\"date\" name=\"date\" value=\"2024-01-10\">"),
        "{}",
        again.body
    );
    assert!(
        again
            .body
            .contains("<input type=\"time\" name=\"time\" value=\"07:30\">"),
        "{}",
        again.body
    );
}
