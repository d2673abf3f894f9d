//! The console's home page: what needs doing now in the event being run
//! (results missing, the next round to pair, requested byes, withdrawals),
//! and choosing the event to run.

use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};

use super::running;
use crate::domain::ids::EventId;
use crate::domain::league::Event;
use crate::error::Result;
use crate::store::{pairing as pairings, player, round as rounds, season as seasons, Store};
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// A form with nothing but its CSRF token (log out, undo, ...).
#[derive(serde::Deserialize)]
pub struct NoFields {}

/// What needs doing in one section.
pub struct SectionTodo {
    /// The section's id (for links).
    pub id: i64,
    /// The section's name.
    pub name: String,
    /// Each paired round with games still without a result: (round, how many).
    pub missing: Vec<(u32, usize)>,
    /// The latest paired round (0: none yet).
    pub latest: u32,
    /// The next round to pair, when the event has one left.
    pub next: Option<u32>,
    /// Byes asked for in the next round: "Name (half-point)".
    pub requested: Vec<String>,
    /// Withdrawn players (teams): "Name (after round 2)".
    pub withdrawn: Vec<String>,
    /// A team event's matches with boards missing: "Round 1: Bishops v
    /// Rooks (1-0, 1 of 2 boards in)".
    pub matches: Vec<String>,
    /// Whether it is a team event's (its links go to the teams' pages).
    pub team: bool,
}

/// An event to choose.
pub struct EventChoice {
    /// Its id.
    pub id: i64,
    /// "Winter Swiss (2024-25)".
    pub label: String,
}

#[derive(askama::Template)]
#[template(path = "web/home.html")]
struct HomeHtml {
    l: Layout,
    event: Option<String>,
    sections: Vec<SectionTodo>,
    events: Vec<EventChoice>,
}

/// The home page for `console`.
pub async fn page(st: AppState, console: Console) -> Response {
    match st.db.read(gather).await {
        Ok((event, sections, events)) => render(&HomeHtml {
            l: Layout::new("What needs doing", &console),
            event,
            sections,
            events,
        }),
        Err(e) => WebError::from(e).into_response(),
    }
}

type Gathered = (Option<String>, Vec<SectionTodo>, Vec<EventChoice>);

fn gather(store: &Store) -> Result<Gathered> {
    let events = seasons::events(store.conn(), None)?
        .into_iter()
        .map(|e| EventChoice {
            id: e.id.0,
            label: format!("{} ({})", e.name, e.season),
        })
        .collect();
    let Some((event, sections)) = running::current(store.conn())? else {
        return Ok((None, Vec::new(), events));
    };
    let todo = sections
        .iter()
        .map(|s| section_todo(store, &event, s))
        .collect::<Result<Vec<_>>>()?;
    Ok((
        Some(format!("{} ({})", event.name, event.season)),
        todo,
        events,
    ))
}

fn section_todo(
    store: &Store,
    event: &Event,
    s: &crate::domain::league::Section,
) -> Result<SectionTodo> {
    let conn = store.conn();
    if event.kind.is_team() {
        return super::teams::todo::team_todo(conn, event, s);
    }
    let missing = rounds::missing(conn, s)?;
    let mut by_round: Vec<(u32, usize)> = Vec::new();
    for (round, _) in &missing.unreported {
        match by_round.last_mut() {
            Some((r, n)) if r == round => *n += 1,
            _ => by_round.push((*round, 1)),
        }
    }
    let latest = rounds::latest_round(conn, s.id)?;
    let next = pairings::next_round(conn, s)?;
    let (_, byes) = rounds::round_contents(conn, s.id, latest + 1)?;
    let requested = byes
        .iter()
        .map(|b| format!("{} ({})", b.entry.name, rounds::bye_kind_str(b.kind)))
        .collect();
    let withdrawn = player::entries(conn, s.id)?
        .into_iter()
        .filter_map(|e| {
            e.withdrawn_after
                .map(|w| format!("{} (after round {w})", e.name))
        })
        .collect();
    Ok(SectionTodo {
        id: s.id.0,
        name: s.name.clone(),
        missing: by_round,
        latest,
        next: (next <= event.rounds).then_some(next),
        requested,
        withdrawn,
        matches: Vec::new(),
        team: false,
    })
}

/// The event chosen on the home page.
#[derive(serde::Deserialize)]
pub struct ChooseEvent {
    event: i64,
}

/// `POST /event`: run this event from now on.
pub async fn choose_event(State(st): State<AppState>, c: Checked<ChooseEvent>) -> Response {
    let id = EventId(c.form.event);
    let done = st
        .db
        .write(move |store| {
            let event = seasons::event_by_id(store.conn(), id)?;
            store.write(|tx| running::choose(tx, &event))
        })
        .await;
    match done {
        Ok(()) => Redirect::to("/").into_response(),
        Err(e) => WebError::from(e).into_response(),
    }
}
