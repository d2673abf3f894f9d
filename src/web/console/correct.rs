//! Correcting a recorded result: a page with the game, the new result and
//! a reason (required: it goes in the log with the old and new values).

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::act::{self, Shown};
use super::results::{at, expected, finish, refused, results_href, Which};
use crate::domain::game::GameResult;
use crate::error::{Error, Result};
use crate::store::round as rounds;
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// The game to correct: the round and White's pairing number.
#[derive(serde::Deserialize)]
pub struct GameQuery {
    section: i64,
    round: u32,
    white: u32,
    black: u32,
}

/// The results a correction may choose, as stored and as shown.
pub const CHOICES: [(&str, &str); 8] = [
    ("1-0", "1-0"),
    ("1/2-1/2", "½-½"),
    ("0-1", "0-1"),
    ("1F-0F", "1F-0F (Black did not come)"),
    ("0F-1F", "0F-1F (White did not come)"),
    ("0F-0F", "0F-0F (neither came)"),
    ("0-0", "0–0 (both lost, by the arbiter's decision)"),
    ("none", "No result yet (not played)"),
];

#[derive(askama::Template)]
#[template(path = "web/correct.html")]
struct CorrectHtml {
    l: Layout,
    q: GameQuery,
    game: String,
    now: &'static str,
    expect: &'static str,
    choices: [(&'static str, &'static str); 8],
}

/// `GET /results/correct`.
pub async fn page(State(st): State<AppState>, c: Console, Query(q): Query<GameQuery>) -> Response {
    let which = Which {
        section: Some(q.section),
        round: Some(q.round),
    };
    let (white, black) = (q.white, q.black);
    let found = st
        .db
        .read(move |s| {
            let at = at(s, which)?;
            let (games, _) = rounds::round_contents(s.conn(), at.section.id, at.round)?;
            games
                .into_iter()
                .find(|g| g.white.pairing_no == white && g.black.pairing_no == black)
                .ok_or_else(|| {
                    Error::not_found(format!(
                        "round {} has no game of player {white} (White) against player {black}: it was paired again or the game deleted",
                        at.round
                    ))
                })
        })
        .await;
    match found {
        Ok(g) => render(&CorrectHtml {
            l: Layout::new(format!("Correct round {}", q.round), &c),
            game: format!(
                "Round {}{}: {} v {}",
                q.round,
                g.board.map(|b| format!(" board {b}")).unwrap_or_default(),
                rounds::named(&g.white),
                rounds::named(&g.black)
            ),
            now: g.result.map(GameResult::pretty).unwrap_or("no result yet"),
            expect: g.result.map(GameResult::as_str).unwrap_or(""),
            q,
            choices: CHOICES,
        }),
        Err(e) => WebError::from(e)
            .link("Back to the round", results_href(which))
            .into_response(),
    }
}

/// The correction form.
#[derive(serde::Deserialize)]
pub struct CorrectForm {
    section: i64,
    round: u32,
    white: u32,
    black: u32,
    #[serde(default)]
    expect: String,
    #[serde(default)]
    result: String,
    #[serde(default)]
    reason: String,
}

fn chosen(text: &str) -> Result<Option<GameResult>> {
    if text == "none" {
        return Ok(None);
    }
    GameResult::parse(text).map(Some).ok_or_else(|| {
        Error::invalid("choose the result the game should have; nothing was changed")
    })
}

/// `POST /results/correct`.
pub async fn correct(State(st): State<AppState>, c: Checked<CorrectForm>) -> Response {
    let f = c.form;
    let which = Which {
        section: Some(f.section),
        round: Some(f.round),
    };
    if f.reason.trim().is_empty() {
        return WebError::new(
            StatusCode::BAD_REQUEST,
            "A correction needs a reason (it goes in the log with the old and the new result); nothing was changed.",
        )
        .link(
            "Correct it with a reason",
            format!(
                "/results/correct?section={}&round={}&white={}&black={}",
                f.section, f.round, f.white, f.black
            ),
        )
        .into_response();
    }
    let done = st
        .db
        .write(move |s| {
            let at = at(s, which)?;
            let shown = Shown {
                white: f.white,
                black: f.black,
                result: expected(&f.expect)?,
            };
            let done = act::correct(s, &at, shown, chosen(&f.result)?, &f.reason);
            Ok(done.map_err(|e| refused(e, &at, Some(shown))))
        })
        .await;
    finish(&st, &c.console, which, done)
}
