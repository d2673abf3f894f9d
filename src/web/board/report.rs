//! A player's report of their own result, from the board on their phone:
//! the section, round and board the board page showed, which side they
//! played and the result. The action ([`crate::app::report`]) keeps it
//! waiting for the secretary; this page says so. A board that was just
//! reported waits a few seconds before the next report is taken.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Form;

use super::view::running_sections;
use crate::app::report::{self as action, Report, Reported};
use crate::domain::game::GameResult;
use crate::error::{Error, Result};
use crate::web::page::{render, WebError};
use crate::web::AppState;

/// The time a board waits between two reports.
pub const BETWEEN_REPORTS: Duration = Duration::from_secs(5);

/// The report form's fields.
#[derive(serde::Deserialize)]
pub struct ReportForm {
    /// The section's title as the board shows it.
    section: String,
    /// The round.
    round: u32,
    /// The board.
    board: u32,
    /// `white` or `black`.
    side: String,
    /// `1-0`, `1/2-1/2` or `0-1`.
    result: String,
}

#[derive(Template)]
#[template(path = "board/reported.html")]
struct ReportedHtml {
    heading: String,
    text: String,
}

/// When each board (section title, round, board) was last reported.
type LastReports = HashMap<(String, u32, u32), Instant>;

/// The boards reported in the last few seconds.
fn last_reports() -> &'static Mutex<LastReports> {
    static LAST: OnceLock<Mutex<LastReports>> = OnceLock::new();
    LAST.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Whether the board may take a report now (and, if so, mark it taken).
fn may_report(key: (String, u32, u32)) -> bool {
    let mut last = last_reports().lock().unwrap_or_else(|p| p.into_inner());
    let now = Instant::now();
    last.retain(|_, at| now.duration_since(*at) < BETWEEN_REPORTS);
    if last.contains_key(&key) {
        return false;
    }
    last.insert(key, now);
    true
}

/// `POST /board/report`.
pub async fn take(State(st): State<AppState>, Form(f): Form<ReportForm>) -> Response {
    let Some(result) = GameResult::parse(&f.result) else {
        return WebError::new(
            StatusCode::BAD_REQUEST,
            "Nothing was reported: choose 1-0, ½-½ or 0-1.",
        )
        .into_response();
    };
    let by_white = match f.side.as_str() {
        "white" => true,
        "black" => false,
        _ => {
            return WebError::new(
                StatusCode::BAD_REQUEST,
                "Nothing was reported: say whether you had White or Black.",
            )
            .into_response()
        }
    };
    if !may_report((f.section.clone(), f.round, f.board)) {
        return WebError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Board {} was reported a moment ago; wait a few seconds and look at the board before reporting again.",
                f.board
            ),
        )
        .link("Back to the board", "/board")
        .into_response();
    }
    let r = Report {
        round: f.round,
        board: f.board,
        by_white,
        result,
    };
    let section = f.section.clone();
    let done = st
        .db
        .write(move |store| {
            let now = stamp_now();
            store.write(|tx| {
                let (event, sec) = find_section(tx, &section)?;
                action::report(tx, &event, &sec, r, &now)
            })
        })
        .await;
    match done {
        Ok(outcome) => render(&answer(&f, result, outcome)),
        Err(e) => WebError::from(e)
            .link("Back to the board", "/board")
            .into_response(),
    }
}

/// The running section whose board title is `title`.
pub fn find_section(
    conn: &crate::store::Writer,
    title: &str,
) -> Result<(crate::domain::league::Event, crate::domain::league::Section)> {
    let running = running_sections(conn)?;
    running
        .into_iter()
        .find(|(e, s)| title == e.name || title == format!("{} — {}", e.name, s.name))
        .ok_or_else(|| {
            Error::NotFound(format!(
                "no event called “{title}” is being played now; reload the board"
            ))
        })
}

/// The time now, UTC, as the reports are stamped: `2026-11-26T21:40:05Z`.
fn stamp_now() -> String {
    let format =
        time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]Z");
    time::OffsetDateTime::now_utc()
        .format(&format)
        .unwrap_or_default()
}

fn answer(f: &ReportForm, result: GameResult, outcome: Reported) -> ReportedHtml {
    let what = format!("board {}, round {}: {}", f.board, f.round, result.pretty());
    let (heading, text) = match outcome {
        Reported::Awaiting => (
            "Reported, awaiting the secretary".to_string(),
            format!("Your report ({what}) is with the secretary. The standings change once the secretary confirms it."),
        ),
        Reported::Recorded(r) => (
            "Result recorded".to_string(),
            format!("Both players reported {} on board {}: the result is recorded.", r.pretty(), f.board),
        ),
        Reported::AlreadyIn => (
            "Already recorded".to_string(),
            format!("The secretary has already recorded {what}; nothing more to do."),
        ),
        Reported::Contradicts(rec) => (
            "Reported to the secretary".to_string(),
            format!("The secretary recorded {} for board {}; your report of {} is shown to the secretary, and the recorded result stands until the secretary changes it.", rec.pretty(), f.board, result.pretty()),
        ),
    };
    ReportedHtml { heading, text }
}
