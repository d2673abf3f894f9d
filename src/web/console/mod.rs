//! The secretary's console: every page needs a session ([`Console`]), and
//! every change is a form checked against the session's CSRF token
//! ([`Checked`]) that goes through the application layer.
//!
//! Files: [`login`] (the front page's token login, the password form, log
//! out), [`home`] (what needs doing now, the event being run), [`running`]
//! (which event that is), [`results`] and [`correct`] (results entry),
//! [`act`] (the writes a results form makes), [`standings`] (standings,
//! crosstable, working), [`pair`] (preview, then pair), [`print`](mod@print) (the round's
//! printed sheets), [`ops`] (the log, backup, publishing the site),
//! [`setup`] (seasons, events, sections, players, byes, withdrawals,
//! uploads), [`teams`] (a team event's matches board by board, its teams
//! and rosters).
//!
//! [`Console`]: super::guard::Console
//! [`Checked`]: super::guard::Checked

pub mod act;
pub mod correct;
pub mod home;
pub mod login;
pub mod lookup;
pub mod ops;
pub mod pair;
pub mod print;
pub mod results;
pub mod running;
pub mod setup;
pub mod standings;
pub mod teams;

use axum::routing::{get, post};
use axum::Router;

use super::AppState;
use crate::domain::league::{Event, Section};

/// The console's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(login::front))
        .route("/login", post(login::password))
        .route("/logout", post(login::logout))
        .route("/event", post(home::choose_event))
        .route("/results", get(results::page))
        .route("/results/record", post(results::record))
        .route("/results/undo", post(results::undo))
        .route(
            "/results/correct",
            get(correct::page).post(correct::correct),
        )
        .route("/pair", get(pair::page).post(pair::confirm))
        .route("/round/print", get(print::page))
        .route("/standings", get(standings::page))
        .route("/log", get(ops::log))
        .route("/publish", get(ops::publish_page).post(ops::publish))
        .route("/backup", post(ops::backup))
        .merge(setup::routes())
        .merge(teams::routes())
}

/// An event and section as an echo names them: "Club Swiss Open", and a
/// section the event's name already ends with is not said twice ("Winter
/// FIDE Open", not "Winter FIDE Open Open").
pub fn label(event: &Event, section: &Section) -> String {
    let (e, s) = (event.name.trim(), section.name.trim());
    let ends = e.len() > s.len()
        && e.is_char_boundary(e.len() - s.len())
        && e[e.len() - s.len()..].eq_ignore_ascii_case(s)
        && e[..e.len() - s.len()].ends_with(' ');
    if ends {
        e.to_string()
    } else {
        format!("{e} {s}")
    }
}
