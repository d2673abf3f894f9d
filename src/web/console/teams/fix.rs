//! Putting a team round right: one board corrected (a page with the board,
//! the new result and a reason, which goes in the log with the old and new
//! results), or a whole match deleted with a reason (a match recorded
//! between the wrong teams), through [`crate::app::team`].

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::matches::{echo, finish, refused};
use super::{matches_href, team_by_id, team_event};
use crate::app::team::{self as app, Refusal};
use crate::domain::game::GameResult;
use crate::error::{Error, Result};
use crate::store::round as rounds;
use crate::web::console::correct::CHOICES;
use crate::web::console::results::expected;
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// The board to correct: the round, the match (by either team) and the
/// board.
#[derive(serde::Deserialize)]
pub struct BoardQuery {
    round: u32,
    team: i64,
    board: u32,
}

#[derive(askama::Template)]
#[template(path = "web/match_correct.html")]
struct CorrectHtml {
    l: Layout,
    q: BoardQuery,
    game: String,
    now: &'static str,
    expect: &'static str,
    choices: Vec<(&'static str, &'static str)>,
}

/// `GET /matches/correct`.
pub async fn page(State(st): State<AppState>, c: Console, Query(q): Query<BoardQuery>) -> Response {
    let (round, team, board) = (q.round, q.team, q.board);
    let found = st
        .db
        .read(move |s| {
            let (event, section) = team_event(s)?;
            let t = team_by_id(s.conn(), &event, team)?;
            let m = app::board::team_match(s.conn(), &event, round, &t)?;
            let (games, _) = rounds::round_contents(s.conn(), section.id, round)?;
            let g = games
                .into_iter()
                .find(|g| {
                    g.board == Some(board)
                        && (g.white.team_id == Some(t.id) || g.black.team_id == Some(t.id))
                })
                .ok_or_else(|| {
                    Error::not_found(format!(
                        "round {round}: {} v {} has no game on board {board} to correct",
                        m.team_a,
                        m.team_b.clone().unwrap_or_default()
                    ))
                })?;
            Ok((
                format!(
                    "{} round {round}, {} v {}, board {board}: {} v {}",
                    event.name,
                    m.team_a,
                    m.team_b.unwrap_or_default(),
                    rounds::named(&g.white),
                    rounds::named(&g.black)
                ),
                g.result,
            ))
        })
        .await;
    match found {
        Ok((game, now)) => render(&CorrectHtml {
            l: Layout::new("Correct a board", &c),
            q,
            game,
            now: now.map_or("no result yet", GameResult::pretty),
            expect: now.map_or("", GameResult::as_str),
            // A board's game is corrected to a result, not cleared: the
            // round's undo takes back the last entry.
            choices: CHOICES
                .iter()
                .copied()
                .filter(|(v, _)| *v != "none")
                .collect(),
        }),
        Err(e) => WebError::from(e)
            .link("Back to the round", matches_href(round))
            .into_response(),
    }
}

/// The correction form.
#[derive(serde::Deserialize)]
pub struct CorrectForm {
    round: u32,
    team: i64,
    board: u32,
    #[serde(default)]
    expect: String,
    #[serde(default)]
    result: String,
    #[serde(default)]
    reason: String,
}

/// `POST /matches/correct`: the board corrected, logged with the reason.
pub async fn correct(State(st): State<AppState>, c: Checked<CorrectForm>) -> Response {
    let f = c.form;
    let back = matches_href(f.round);
    let Some(result) = GameResult::parse(&f.result) else {
        return WebError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "\"{}\" is not a result; choose one; nothing was changed.",
                f.result
            ),
        )
        .link("Back to the round", back)
        .into_response();
    };
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let team = team_by_id(s.conn(), &event, f.team)?;
            let seen = expected(&f.expect)?;
            let done = s.write(|tx| {
                app::board::correct_board_seen(
                    tx, &event, f.round, &team, f.board, result, seen, &f.reason,
                )
            });
            Ok(done
                .map(|d| {
                    let text = echo(&event, &d);
                    if d.changed {
                        text.replacen(". Match:", " (corrected; logged). Match:", 1)
                    } else {
                        text
                    }
                })
                .map_err(|e| refused(with_hint(e), f.round, f.team, f.board)))
        })
        .await;
    finish(&st, &c.console, &back, done)
}

/// The console's way on from a correction or deletion without a reason.
fn with_hint(e: Error) -> Error {
    let hint = match e.refusal::<Refusal>() {
        Some(Refusal::CorrectionNeedsReason | Refusal::DeletionNeedsReason) => {
            Some(": write why in the reason box (it goes in the log)".to_string())
        }
        _ => None,
    };
    e.with_hint(hint)
}

/// Deleting a match (or team bye): the round, either team, the reason.
#[derive(serde::Deserialize)]
pub struct DeleteForm {
    round: u32,
    team: i64,
    #[serde(default)]
    reason: String,
}

/// `POST /matches/delete`: the match and its boards deleted, logged with
/// what it was and the reason.
pub async fn delete(State(st): State<AppState>, c: Checked<DeleteForm>) -> Response {
    let f = c.form;
    let back = matches_href(f.round);
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let team = team_by_id(s.conn(), &event, f.team)?;
            let m = app::board::team_match(s.conn(), &event, f.round, &team);
            let what = match m {
                Ok(m) => match m.team_b {
                    Some(b) => format!("{} v {b}", m.team_a),
                    None => format!("{}'s team bye", m.team_a),
                },
                Err(e) => return Ok(Err(WebError::from(e))),
            };
            let done: Result<()> =
                s.write(|tx| app::delete_match(tx, &event, f.round, &team, &f.reason));
            Ok(done
                .map(|()| {
                    format!(
                        "Deleted round {}'s {what} from {}, with its boards (logged).",
                        f.round, event.name
                    )
                })
                .map_err(|e| WebError::from(with_hint(e))))
        })
        .await;
    finish(&st, &c.console, &back, done)
}
