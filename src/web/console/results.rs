//! Results entry: one row per board of a round. An empty board has a
//! button per result (1-0, ½-½, 0-1, the forfeits behind a second tap)
//! and a key box (type 1, = or 5, 0: the form goes at once with the
//! script, on Enter without it); the page comes back with the echo of what
//! was recorded and the cursor on the next empty board. A recorded board
//! has "Correct", which asks for a reason.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Redirect, Response};

use super::act::{self, At, Shown};
use super::running;
use crate::domain::game::GameResult;
use crate::error::{Error, Result};
use crate::store::round::{self as rounds, GameRow};
use crate::store::Store;
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// Which section and round a page shows.
#[derive(serde::Deserialize, Clone, Copy, Default)]
pub struct Which {
    /// The section's id (default: the event's first).
    pub section: Option<i64>,
    /// The round (default: the earliest with a result missing, or the latest).
    pub round: Option<u32>,
}

/// One board as the page shows it.
pub struct Board {
    /// The board number ("" when the game has none).
    pub board: String,
    /// "Ann Lee (1)".
    pub white: String,
    /// "Bob Ray (2)".
    pub black: String,
    /// White's pairing number: with Black's, how the forms name the game.
    pub white_no: u32,
    /// Black's pairing number.
    pub black_no: u32,
    /// The result, for people ("½-½"); `None` while there is none.
    pub result: Option<&'static str>,
    /// The result as stored ("1/2-1/2"), or "" for none: what the forms
    /// expect the game to hold still.
    pub expect: &'static str,
}

/// What the results page shows.
pub struct Round {
    /// The section's id.
    pub section: i64,
    /// "Club Swiss Open".
    pub label: String,
    /// The round shown (0: no round paired yet).
    pub round: u32,
    /// The rounds paired, for the round links.
    pub rounds: Vec<u32>,
    /// The boards.
    pub boards: Vec<Board>,
    /// The byes: "Carol Key (3): half-point bye".
    pub byes: Vec<String>,
}

#[derive(askama::Template)]
#[template(path = "web/results.html")]
struct ResultsHtml {
    l: Layout,
    r: Round,
    echo: Option<String>,
}

/// `GET /results` (a team event's: `/matches`, its own page).
pub async fn page(
    State(st): State<AppState>,
    console: Console,
    Query(w): Query<Which>,
) -> Response {
    let team = st
        .db
        .read(move |s| Ok(running::section(s, w.section)?.0.kind.is_team()))
        .await;
    if let Ok(true) = team {
        // A team event's round is entered match by match.
        let round = w.round.unwrap_or(0);
        return Redirect::to(&super::teams::matches_href(round)).into_response();
    }
    let echo = st.auth.take_flash(&console.0.id);
    match st.db.read(move |s| load(s, w)).await {
        Ok(r) => render(&ResultsHtml {
            l: Layout::new(format!("Results: {} round {}", r.label, r.round), &console),
            r,
            echo,
        }),
        Err(e) => WebError::from(e).into_response(),
    }
}

fn board_of(g: &GameRow) -> Board {
    Board {
        board: g.board.map(|b| b.to_string()).unwrap_or_default(),
        white: rounds::named(&g.white),
        black: rounds::named(&g.black),
        white_no: g.white.pairing_no,
        black_no: g.black.pairing_no,
        result: g.result.map(GameResult::pretty),
        expect: g.result.map(GameResult::as_str).unwrap_or(""),
    }
}

/// The round `w` names (or the one that needs results), read.
pub fn load(store: &Store, w: Which) -> Result<Round> {
    let (event, section) = running::section(store, w.section)?;
    let conn = store.conn();
    let paired = rounds::paired_rounds(conn, section.id)?;
    let round = match w.round {
        Some(r) => r,
        None => {
            let missing = rounds::missing(conn, &section)?;
            missing
                .unreported
                .first()
                .map(|(r, _)| *r)
                .or(paired.last().copied())
                .unwrap_or(0)
        }
    };
    let (games, byes) = rounds::round_contents(conn, section.id, round)?;
    Ok(Round {
        section: section.id.0,
        label: super::label(&event, &section),
        round,
        rounds: paired,
        boards: games.iter().map(board_of).collect(),
        byes: byes
            .iter()
            .map(|b| {
                format!(
                    "{}: {} bye",
                    rounds::named(&b.entry),
                    rounds::bye_kind_str(b.kind)
                )
            })
            .collect(),
    })
}

/// A result form: the game (by White's pairing number), what the page
/// showed, and the result (from a button) or the key typed.
#[derive(serde::Deserialize)]
pub struct RecordForm {
    section: i64,
    round: u32,
    white: u32,
    black: u32,
    #[serde(default)]
    expect: String,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    key: Option<String>,
}

/// The result a key means: 1 White won, = or 5 a draw, 0 Black won.
pub fn key_result(key: &str) -> Option<GameResult> {
    match key.trim() {
        "1" => Some(GameResult::WhiteWins),
        "=" | "5" => Some(GameResult::Draw),
        "0" => Some(GameResult::BlackWins),
        _ => None,
    }
}

/// What the page showed: "" is no result yet.
pub fn expected(text: &str) -> Result<Option<GameResult>> {
    if text.is_empty() {
        return Ok(None);
    }
    GameResult::parse(text)
        .map(Some)
        .ok_or_else(|| Error::invalid("the form's game state could not be read; reload the page"))
}

/// `POST /results/record`.
pub async fn record(State(st): State<AppState>, c: Checked<RecordForm>) -> Response {
    let f = c.form;
    let which = Which {
        section: Some(f.section),
        round: Some(f.round),
    };
    // A key typed wins over the button: Enter in the key box sends the
    // form with its first button too.
    let key = f.key.as_deref().filter(|k| !k.trim().is_empty());
    let result = match (key, &f.result) {
        (Some(k), _) => key_result(k),
        (None, Some(r)) => GameResult::parse(r),
        (None, None) => None,
    };
    let Some(result) = result else {
        let typed = key.map(str::to_string).or(f.result).unwrap_or_default();
        return WebError::new(
            axum::http::StatusCode::BAD_REQUEST,
            format!("\"{typed}\" is not a result: type 1 (White won), = or 5 (draw), or 0 (Black won); nothing was recorded."),
        )
        .link("Back to the round", results_href(which))
        .into_response();
    };
    let expect = f.expect.clone();
    let done = st
        .db
        .write(move |s| {
            let at = at(s, which)?;
            let shown = Shown {
                white: f.white,
                black: f.black,
                result: expected(&expect)?,
            };
            let done = act::record(s, &at, shown, result);
            Ok(done.map_err(|e| refused(e, &at, Some(shown))))
        })
        .await;
    finish(&st, &c.console, which, done)
}

/// `POST /results/undo`: undo the last result entered in the round.
pub async fn undo(State(st): State<AppState>, c: Checked<Which>) -> Response {
    let which = c.form;
    let done = st
        .db
        .write(move |s| {
            let at = at(s, which)?;
            Ok(act::undo(s, &at).map_err(|e| refused(e, &at, None)))
        })
        .await;
    finish(&st, &c.console, which, done)
}

/// A refused write as the page shows it: the refusal and the console's
/// way on (a button, not a command).
pub fn refused(e: Error, at: &act::At, shown: Option<Shown>) -> WebError {
    let way = act::way_on(&e, at, shown);
    let page = WebError::from(e);
    match way {
        Some((label, href)) => page.link(label, href),
        None => page,
    }
}

/// The round a form is about.
pub fn at(store: &Store, w: Which) -> Result<At> {
    let (event, section) = running::section(store, w.section)?;
    Ok(At {
        event,
        section,
        round: w.round.unwrap_or(0),
    })
}

/// Back to the round's page, showing `text` once.
pub fn back_with(st: &AppState, c: &Console, w: Which, text: String) -> Response {
    st.auth.set_flash(&c.0.id, text);
    Redirect::to(&results_href(w)).into_response()
}

/// The results page's address for `w`.
pub fn results_href(w: Which) -> String {
    format!(
        "/results?section={}&round={}",
        w.section.unwrap_or_default(),
        w.round.unwrap_or_default()
    )
}

/// After a write: its echo on the round's page, or the refusal's page.
pub fn finish(
    st: &AppState,
    c: &Console,
    w: Which,
    done: Result<std::result::Result<act::Done, WebError>>,
) -> Response {
    match done {
        Ok(Ok(d)) => back_with(st, c, w, d.echo),
        Ok(Err(page)) => page
            .link("Back to the round", results_href(w))
            .into_response(),
        Err(e) => WebError::from(e)
            .link("Back to the round", results_href(w))
            .into_response(),
    }
}
