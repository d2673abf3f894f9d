//! The secretary's side of the players' reports, in the console (login
//! and CSRF token needed): every report waiting, a one-tap "Confirm" that
//! records the result as a typed-in result is recorded, "Set aside", and
//! each event's choice whether players may report at all.

use askama::Template;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;

use super::report::find_section;
use super::view::running_sections;
use crate::app::report as action;
use crate::domain::game::GameResult;
use crate::error::Result;
use crate::store::board as rows;
use crate::store::Store;
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// `/reports` and its forms.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/reports", get(page))
        .route("/reports/confirm", post(confirm))
        .route("/reports/dismiss", post(dismiss))
        .route("/reports/setting", post(setting))
}

/// One running section and its waiting reports.
pub struct SectionReports {
    /// The section's title on the board.
    pub title: String,
    /// The event's choice: `off`, `confirm` or `agree`.
    pub choice: String,
    /// The round being played.
    pub round: u32,
    /// The boards with a report.
    pub boards: Vec<BoardReports>,
}

/// One board's reports.
pub struct BoardReports {
    /// The board.
    pub board: u32,
    /// "Ann Lee v Bob Ray".
    pub game: String,
    /// The result recorded, or empty.
    pub recorded: String,
    /// "White reported 1-0 at 21:40:05" and the like.
    pub said: Vec<String>,
    /// The distinct results reported (as stored: `1-0`), with how each
    /// is shown.
    pub choices: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "board/reports.html")]
struct ReportsHtml {
    l: Layout,
    sections: Vec<SectionReports>,
}

async fn page(State(st): State<AppState>, console: Console) -> Response {
    match st.db.read(gather).await {
        Ok(sections) => render(&ReportsHtml {
            l: Layout::new("Players' reports", &console),
            sections,
        }),
        Err(e) => WebError::from(e).into_response(),
    }
}

fn gather(store: &Store) -> Result<Vec<SectionReports>> {
    let conn = store.conn();
    let mut out = Vec::new();
    for (event, section) in running_sections(conn)? {
        let sections = crate::store::season::sections(conn, event.id)?;
        let title = if sections.len() > 1 {
            format!("{} — {}", event.name, section.name)
        } else {
            event.name.clone()
        };
        let round = crate::store::round::latest_round(conn, section.id)?;
        let boards = action::boards(conn, &section, round)?;
        let ids: Vec<_> = boards.iter().map(|(_, g)| g.id).collect();
        let all = rows::reports(conn, &ids)?;
        let mut lines = Vec::new();
        for (board, g) in &boards {
            let mine: Vec<_> = all.iter().filter(|r| r.game == g.id).collect();
            if mine.is_empty() {
                continue;
            }
            let mut choices: Vec<(String, String)> = Vec::new();
            for r in &mine {
                let c = (r.result.as_str().to_string(), r.result.pretty().to_string());
                if !choices.contains(&c) {
                    choices.push(c);
                }
            }
            lines.push(BoardReports {
                board: *board,
                game: format!("{} v {}", g.white.name, g.black.name),
                recorded: g.result.map(|r| r.pretty().to_string()).unwrap_or_default(),
                said: mine
                    .iter()
                    .map(|r| {
                        let (side, name) = if r.by_white {
                            ("White", &g.white.name)
                        } else {
                            ("Black", &g.black.name)
                        };
                        format!(
                            "{side} ({name}) reported {} at {}",
                            r.result.pretty(),
                            r.at.get(11..19).unwrap_or(&r.at)
                        )
                    })
                    .collect(),
                choices,
            });
        }
        out.push(SectionReports {
            title,
            choice: rows::player_reports(conn, event.id)?,
            round,
            boards: lines,
        });
    }
    Ok(out)
}

/// A confirm or set-aside form: which board, and the result to record.
#[derive(serde::Deserialize)]
pub struct BoardForm {
    section: String,
    round: u32,
    board: u32,
    #[serde(default)]
    result: String,
}

async fn confirm(State(st): State<AppState>, form: Checked<BoardForm>) -> Response {
    let f = form.form;
    let Some(result) = GameResult::parse(&f.result) else {
        return WebError::new(
            axum::http::StatusCode::BAD_REQUEST,
            "Nothing was recorded: the form named no result.",
        )
        .into_response();
    };
    let done = st
        .db
        .write(move |store| {
            store.write(|tx| {
                let (_, section) = find_section(tx, &f.section)?;
                action::confirm_board(tx, &section, f.round, f.board, result)
            })
        })
        .await;
    match done {
        Ok(_) => Redirect::to("/reports").into_response(),
        Err(e) => WebError::from(e)
            .link("Back to the reports", "/reports")
            .into_response(),
    }
}

async fn dismiss(State(st): State<AppState>, form: Checked<BoardForm>) -> Response {
    let f = form.form;
    let done = st
        .db
        .write(move |store| {
            store.write(|tx| {
                let (_, section) = find_section(tx, &f.section)?;
                action::dismiss_board(tx, &section, f.round, f.board)
            })
        })
        .await;
    match done {
        Ok(()) => Redirect::to("/reports").into_response(),
        Err(e) => WebError::from(e)
            .link("Back to the reports", "/reports")
            .into_response(),
    }
}

/// The event's choice about players' reports.
#[derive(serde::Deserialize)]
pub struct SettingForm {
    section: String,
    choice: String,
}

async fn setting(State(st): State<AppState>, form: Checked<SettingForm>) -> Response {
    let f = form.form;
    if !["off", "confirm", "agree"].contains(&f.choice.as_str()) {
        return WebError::new(
            axum::http::StatusCode::BAD_REQUEST,
            "Nothing was changed: choose off, confirm or agree.",
        )
        .into_response();
    }
    let done = st
        .db
        .write(move |store| {
            store.write(|tx| {
                let (event, _) = find_section(tx, &f.section)?;
                action::set_player_reports(tx, &event, &f.choice)
            })
        })
        .await;
    match done {
        Ok(()) => Redirect::to("/reports").into_response(),
        Err(e) => WebError::from(e).into_response(),
    }
}
