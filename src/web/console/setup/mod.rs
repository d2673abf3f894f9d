//! Setting a league up from the console: seasons, events and sections
//! ([`league`]), a season's name and dates ([`season`](mod@season)), finding and entering players, new players and late
//! entries ([`players`]), merging two players who are one person
//! ([`merge`](mod@merge)), an event's prizes ([`prizes`]), an event's pairing settings ([`rules`]), a player's own details ([`person`]), requested byes and withdrawals ([`byes`]),
//! moving or removing an entry made in the wrong place ([`fix`]), and
//! uploading a player list or a rating list ([`upload`]), and removing
//! a rating list applied ([`ratings`](mod@ratings)). Every write goes
//! through the application layer's action the CLI uses, in one
//! transaction, and a refusal shows the action's words with the console's
//! own hint ([`hints`]): a page to go to, never a command or a flag.

pub mod byes;
pub mod fix;
pub mod hints;
pub mod league;
pub mod merge;
pub mod person;
pub mod players;
pub mod prizes;
pub mod ratings;
pub mod rules;
pub mod season;
pub mod upload;

use axum::extract::DefaultBodyLimit;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;

use crate::error::{Error, Result};
use crate::web::guard::Console;
use crate::web::page::WebError;
use crate::web::AppState;

/// The set-up pages' routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/setup", get(league::page))
        .route("/setup/season", post(league::add_season))
        .route("/setup/season/edit", post(season::edit_season))
        .route("/setup/event", post(league::add_event))
        .route("/setup/section", post(league::add_section))
        .route(
            "/setup/event/edit",
            get(league::edit_page).post(league::edit_event),
        )
        .route("/prizes", get(prizes::page))
        .route("/prizes/add", post(prizes::add))
        .route("/prizes/remove", post(prizes::remove))
        .route("/prizes/award", post(prizes::award))
        .route("/ratings", get(ratings::page))
        .route(
            "/ratings/remove",
            get(ratings::confirm).post(ratings::remove),
        )
        .route("/players/merge", get(merge::page).post(merge::merge))
        .route("/players", get(players::page))
        .route("/players/enter", post(players::enter))
        .route("/players/new", post(players::add_new))
        .route("/players/edit", get(person::page).post(person::edit))
        .route("/players/bye", post(byes::add_bye))
        .route("/players/bye/cancel", post(byes::cancel_bye))
        .route("/players/withdraw", post(byes::withdraw))
        .route("/players/move", post(fix::move_entry))
        .route("/players/remove", post(fix::remove_entry))
        .route("/upload", get(upload::page))
        .route(
            "/upload/players",
            post(upload::players).layer(DefaultBodyLimit::max(upload::LIMIT + upload::SLACK)),
        )
        .route(
            "/upload/ratings",
            post(upload::ratings).layer(DefaultBodyLimit::max(upload::LIMIT + upload::SLACK)),
        )
}

/// After a write: its echo shown once on the page `back`, or the refusal
/// (with the console's hint) and a button back to `back`.
pub fn finish(st: &AppState, c: &Console, back: &str, done: Result<String>) -> Response {
    finish_in(st, c, back, None, done)
}

/// [`finish`] for a write about a section's rounds (`section`: its id),
/// whose refusal may lead on to pairing a round of it again.
pub fn finish_in(
    st: &AppState,
    c: &Console,
    back: &str,
    section: Option<i64>,
    done: Result<String>,
) -> Response {
    match done {
        Ok(echo) => {
            st.auth.set_flash(&c.0.id, echo);
            Redirect::to(back).into_response()
        }
        Err(e) => refused_in(e, section).link("Back", back).into_response(),
    }
}

/// A refused or failed write as its page: the words of the refusal and the
/// console's hint.
pub fn refused(e: Error) -> WebError {
    refused_in(e, None)
}

/// [`refused`], with the page that goes on from it when the refusal is
/// about a round of section `section`.
pub fn refused_in(e: Error, section: Option<i64>) -> WebError {
    let hint = hints::hint(&e);
    let way = section.and_then(|s| hints::way_on(&e, s));
    let page = WebError::from(e.with_hint(hint));
    match way {
        Some((label, href)) => page.link(label, href),
        None => page,
    }
}

/// A form's text field: trimmed, `None` when left empty.
pub fn given(text: &str) -> Option<&str> {
    Some(text.trim()).filter(|t| !t.is_empty())
}

/// A form's date field: `None` when empty, else a date as YYYY-MM-DD.
pub fn date(what: &str, text: &str) -> Result<Option<String>> {
    let Some(t) = given(text) else {
        return Ok(None);
    };
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(t, &fmt)
        .map(|d| Some(d.format(&fmt).unwrap_or_default()))
        .map_err(|_| {
            Error::invalid(format!(
                "the {what} \"{t}\" is not a date; write it as YYYY-MM-DD (or choose it in the calendar); nothing was changed"
            ))
        })
}

/// A form's whole-number field: `None` when empty.
pub fn number(what: &str, text: &str) -> Result<Option<u32>> {
    let Some(t) = given(text) else {
        return Ok(None);
    };
    t.parse::<u32>().map(Some).map_err(|_| {
        Error::invalid(format!(
            "the {what} \"{t}\" is not a whole number; nothing was changed"
        ))
    })
}
