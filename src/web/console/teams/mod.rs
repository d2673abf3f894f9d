//! A team event in the console: its round's matches entered board by
//! board ([`matches`](mod@matches)), a board corrected or a match deleted
//! ([`fix`]), its teams and rosters ([`roster`], [`search`]), a team renamed
//! and the team rules changed ([`edit`]), a match recorded by its score or
//! forfeited whole and a team bye given by hand ([`whole`]), and what needs doing
//! ([`todo`](mod@todo)). Every write goes through the application layer's
//! team actions ([`crate::app::team`]), with the CLI's refusals and the
//! console's own ways on (a button or a box to fill, never a command).

pub mod edit;
pub mod fix;
pub mod matches;
pub mod roster;
pub mod search;
pub mod todo;
pub mod whole;

use axum::routing::{get, post};
use axum::Router;

use super::running;
use crate::domain::ids::TeamId;
use crate::domain::league::{Event, Section};
use crate::error::{Error, Result};
use crate::store::team::{self as teams, TeamRow};
use crate::store::{Readable, Store};
use crate::web::AppState;

/// The routes of a team event's pages.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/matches", get(matches::page))
        .route("/matches/record", post(matches::record))
        .route("/matches/undo", post(matches::undo))
        .route("/matches/correct", get(fix::page).post(fix::correct))
        .route("/matches/delete", post(fix::delete))
        .route("/matches/score", post(whole::score))
        .route("/matches/forfeit", post(whole::forfeit))
        .route("/matches/bye", post(whole::bye))
        .route("/teams", get(roster::page))
        .route("/teams/add", post(roster::add_team))
        .route("/teams/edit", post(edit::edit_team))
        .route("/teams/rules", post(edit::set_rules))
        .route("/teams/roster/add", post(roster::add_player))
        .route("/teams/roster/remove", post(roster::remove_player))
        .route("/teams/withdraw", post(roster::withdraw))
}

/// The event being run, which must be a team event, and its one section.
pub fn team_event(store: &Store) -> Result<(Event, Section)> {
    let (event, section) = running::section(store, None)?;
    event.need_team()?;
    Ok((event, section))
}

/// The team of `event` whose id a form gives.
pub fn team_by_id(conn: &impl Readable, event: &Event, id: i64) -> Result<TeamRow> {
    teams::teams(conn, event.id)?
        .into_iter()
        .find(|t| t.id == TeamId(id))
        .ok_or_else(|| {
            Error::not_found(format!(
                "{} has no such team (it may have been renamed or taken out since the page was loaded); reload the page",
                event.name
            ))
        })
}

/// The address of round `round`'s matches (0: the round that needs
/// results).
pub fn matches_href(round: u32) -> String {
    if round == 0 {
        "/matches".to_string()
    } else {
        format!("/matches?round={round}")
    }
}
