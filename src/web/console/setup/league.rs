//! The set-up page: the league's seasons, their events and sections, and
//! the forms that add a season, an event (with its sections, tiebreak
//! order, pairing system and rating) or a section, and edit an event.
//! Each form goes through the action `league season add`, `league event
//! add`, `league section add` and `league event edit` use
//! ([`crate::app::season`]).

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::{date, finish, given, number, refused};
use crate::app::season as app;
use crate::domain::ids::{EventId, SeasonId};
use crate::domain::league::{band_from_name, Event, EventKind, RatingBasis, Section};
use crate::domain::pairing::settings::{PairingRules, SystemKind};
use crate::domain::tiebreak::{Order, PRESETS};
use crate::error::{Error, Result};
use crate::store::season::{self as seasons, EventEdit, NewEvent};
use crate::store::{pairing as pairings, Readable};
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// An event as the set-up page lists it.
pub struct EventRow {
    /// Its id (for the forms).
    pub id: i64,
    /// Its name.
    pub name: String,
    /// "Swiss, 5 rounds, 2024-09-01 to 2024-10-06".
    pub what: String,
    /// "Tiebreaks uscf-swiss; US Chess Swiss system; ratings: US Chess".
    pub how: String,
    /// Its sections, each with its rating band: "U1600 (under 1600)".
    pub sections: Vec<String>,
}

/// A season and its events.
pub struct SeasonRow {
    /// Its id (for the forms).
    pub id: i64,
    /// "2024-25 (2024-09-01 to 2025-06-30)".
    pub label: String,
    /// Its name, for the edit form.
    pub name: String,
    /// Its first day, for the edit form ("" when none).
    pub start: String,
    /// Its last day, for the edit form ("" when none).
    pub end: String,
    /// Its events.
    pub events: Vec<EventRow>,
}

#[derive(askama::Template)]
#[template(path = "web/setup.html")]
struct SetupHtml {
    l: Layout,
    echo: Option<String>,
    seasons: Vec<SeasonRow>,
    presets: Vec<(&'static str, &'static str)>,
    /// Whether any season has an event (a section needs one).
    any_event: bool,
}

/// `GET /setup`.
pub async fn page(State(st): State<AppState>, c: Console) -> Response {
    let echo = st.auth.take_flash(&c.0.id);
    match st.db.read(|s| load(s.conn())).await {
        Ok(seasons) => render(&SetupHtml {
            l: Layout::new("Seasons, events and sections", &c),
            echo,
            any_event: seasons.iter().any(|s| !s.events.is_empty()),
            seasons,
            presets: PRESETS.iter().map(|p| (p.name, p.note)).collect(),
        }),
        Err(e) => WebError::from(e).into_response(),
    }
}

fn load(conn: &impl Readable) -> Result<Vec<SeasonRow>> {
    let mut out = Vec::new();
    for s in seasons::seasons(conn)? {
        let mut events = Vec::new();
        for e in seasons::events(conn, Some(s.id))? {
            events.push(event_row(conn, &e)?);
        }
        out.push(SeasonRow {
            id: s.id.0,
            label: format!("{}{}", s.name, dates(&s.start_date, &s.end_date)),
            start: s.start_date.clone().unwrap_or_default(),
            end: s.end_date.clone().unwrap_or_default(),
            name: s.name,
            events,
        });
    }
    Ok(out)
}

/// " (2024-09-01 to 2024-10-06)", or nothing without dates.
fn dates(start: &Option<String>, end: &Option<String>) -> String {
    match (start, end) {
        (Some(a), Some(b)) => format!(" ({a} to {b})"),
        (Some(a), None) => format!(" (from {a})"),
        (None, Some(b)) => format!(" (to {b})"),
        (None, None) => String::new(),
    }
}

fn event_row(conn: &impl Readable, e: &Event) -> Result<EventRow> {
    let rules = pairings::rules(conn, e.id)?;
    Ok(EventRow {
        id: e.id.0,
        name: e.name.clone(),
        what: format!(
            "{}, {} round{}{}",
            e.kind.label(),
            e.rounds,
            if e.rounds == 1 { "" } else { "s" },
            dates(&e.start_date, &e.end_date)
        ),
        how: format!(
            "tiebreaks {}; {}; ratings: {}",
            e.tiebreaks,
            rules.system.label(),
            e.rating_basis.label()
        ),
        sections: seasons::sections(conn, e.id)?
            .iter()
            .map(section_label)
            .collect(),
    })
}

/// "Reserve (ratings under 1600)", or the bare name when it states its
/// band itself ("U1600") or there is none.
pub fn section_label(s: &Section) -> String {
    if band_from_name(&s.name) == (s.rating_min, s.rating_max) {
        // "U1600" says its band already.
        return s.name.clone();
    }
    match (s.rating_min, s.rating_max) {
        (Some(a), Some(b)) => format!("{} (ratings {a}-{b})", s.name),
        (Some(a), None) => format!("{} (ratings {a}+)", s.name),
        (None, Some(b)) => format!("{} (ratings under {})", s.name, b + 1),
        (None, None) => s.name.clone(),
    }
}

/// The new season form.
#[derive(serde::Deserialize)]
pub struct SeasonForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    start: String,
    #[serde(default)]
    end: String,
}

/// `POST /setup/season`.
pub async fn add_season(State(st): State<AppState>, c: Checked<SeasonForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let name = given(&f.name).ok_or_else(|| {
                Error::invalid("a season needs a name (such as 2025-26); nothing was changed")
            })?;
            let (start, end) = (date("start", &f.start)?, date("end", &f.end)?);
            let season =
                s.write(|tx| app::add_season(tx, name, start.as_deref(), end.as_deref()))?;
            Ok(format!("Added season {}.", season.name))
        })
        .await;
    finish(&st, &c.console, "/setup", done)
}

/// The new event form.
#[derive(serde::Deserialize)]
pub struct EventForm {
    season: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    kind: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    start: String,
    #[serde(default)]
    end: String,
    #[serde(default)]
    tiebreaks: String,
    #[serde(default)]
    pairing: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    sections: String,
}

/// The kinds of event the console sets up: a team event needs its teams,
/// which are set up at the terminal.
fn individual_kind(text: &str) -> Result<EventKind> {
    match text.parse::<EventKind>() {
        Ok(k @ (EventKind::Swiss | EventKind::RoundRobin)) => Ok(k),
        _ => Err(Error::invalid(
            "choose a Swiss or a round robin (a team event is set up at the terminal, with its teams); nothing was changed",
        )),
    }
}

/// A tiebreak order as the form gives it (empty: the kind's default):
/// checked, and kept as typed (a preset stays its name).
fn tiebreak_order(text: &str, kind: EventKind) -> Result<(String, Order)> {
    let text = given(text).unwrap_or(kind.default_tiebreaks());
    let order =
        Order::parse(text).map_err(|e| Error::invalid(format!("{e}; nothing was changed")))?;
    if order.tiebreaks.is_empty() {
        return Err(Error::invalid(
            "the tiebreak order is empty; choose a preset; nothing was changed",
        ));
    }
    let kept = order
        .preset
        .map(str::to_string)
        .unwrap_or_else(|| order.codes().replace(' ', ""));
    Ok((kept, order))
}

/// The pairing system chosen (empty: `default`), which must suit the kind:
/// a round robin plays a table (Berger or Crenshaw), a Swiss is paired
/// round by round (Dutch or US Chess); either may be paired by hand.
fn system(text: &str, kind: EventKind, default: SystemKind) -> Result<SystemKind> {
    let Some(t) = given(text) else {
        return Ok(default);
    };
    let chosen: SystemKind = t
        .parse()
        .map_err(|e: String| Error::invalid(format!("{e}; nothing was changed")))?;
    let round_robin = matches!(kind, EventKind::RoundRobin | EventKind::TeamRoundRobin);
    if chosen != SystemKind::Manual && chosen.is_round_robin() != round_robin {
        return Err(Error::invalid(format!(
            "a {} is not paired by the {}; choose {}; nothing was changed",
            kind.label(),
            chosen.label(),
            if round_robin {
                "Berger or Crenshaw tables"
            } else {
                "the Dutch or the US Chess system"
            }
        )));
    }
    Ok(chosen)
}

/// The rating chosen (empty: `default`).
fn basis(text: &str, default: RatingBasis) -> Result<RatingBasis> {
    match given(text) {
        None => Ok(default),
        Some(t) => RatingBasis::parse(t).ok_or_else(|| {
            Error::invalid(format!(
                "\"{t}\" is not a rating the league keeps; choose FIDE, US Chess, national or club; nothing was changed"
            ))
        }),
    }
}

/// `POST /setup/event`.
pub async fn add_event(State(st): State<AppState>, c: Checked<EventForm>) -> Response {
    let f = c.form;
    let done = st.db.write(move |s| new_event(s, &f)).await;
    finish(&st, &c.console, "/setup", done)
}

fn new_event(s: &mut crate::store::Store, f: &EventForm) -> Result<String> {
    let name = given(&f.name)
        .ok_or_else(|| Error::invalid("an event needs a name; nothing was changed"))?;
    let kind = individual_kind(&f.kind)?;
    let rounds = number("number of rounds", &f.rounds)?
        .filter(|&n| n > 0)
        .ok_or_else(|| Error::invalid("say how many rounds the event has; nothing was changed"))?;
    let (start, end) = (date("start", &f.start)?, date("end", &f.end)?);
    let (tiebreaks, order) = tiebreak_order(&f.tiebreaks, kind)?;
    let mut rules = PairingRules::for_event(kind, &order);
    rules.system = system(&f.pairing, kind, rules.system)?;
    let basis = basis(
        &f.rating,
        RatingBasis::default_for(kind, order.is_fide(), rules.system == SystemKind::Dutch),
    )?;
    let sections = kind
        .section_names(given(&f.sections))
        .map_err(|p| Error::invalid(format!("{p}; nothing was changed")))?;
    let season = seasons::seasons(s.conn())?
        .into_iter()
        .find(|x| x.id == SeasonId(f.season))
        .ok_or_else(|| Error::not_found("that season is no longer in the league"))?;
    let setup = app::EventSetup {
        event: NewEvent {
            name,
            kind,
            rounds,
            start_date: start.as_deref(),
            end_date: end.as_deref(),
            tiebreaks: &tiebreaks,
            actual_play_first: order.actual_play_first,
            fide_edition: None,
            sb_adjusted: false,
            coin_allowed: false,
        },
        rules,
        basis,
        sections: &sections,
        details: None,
    };
    let event = s.write(|tx| app::add_event(tx, &season, &setup))?;
    Ok(format!(
        "Added {} ({}, {} rounds) to season {} with section{} {}; tiebreaks: {}; pairing: {}; ratings: {}.",
        event.name,
        event.kind.label(),
        event.rounds,
        event.season,
        if sections.len() == 1 { "" } else { "s" },
        sections.join(", "),
        order.codes(),
        rules.system.label(),
        basis.label()
    ))
}

/// The new section form.
#[derive(serde::Deserialize)]
pub struct SectionForm {
    event: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    min: String,
    #[serde(default)]
    max: String,
}

/// `POST /setup/section`: a band left empty is the one the name states
/// ("U1600", "1600+"), as `league event add` gives its sections.
pub async fn add_section(State(st): State<AppState>, c: Checked<SectionForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let name = given(&f.name)
                .ok_or_else(|| Error::invalid("a section needs a name; nothing was changed"))?;
            let (min, max) = (
                number("lowest rating", &f.min)?,
                number("highest rating", &f.max)?,
            );
            let (min, max) = match (min, max) {
                (None, None) => band_from_name(name),
                band => band,
            };
            let event = seasons::event_by_id(s.conn(), EventId(f.event))?;
            let section = s.write(|tx| app::add_section(tx, &event, name, min, max))?;
            Ok(format!(
                "Added section {} to {}.",
                section_label(&section),
                event.name
            ))
        })
        .await;
    finish(&st, &c.console, "/setup", done)
}

/// Which event the edit page is for.
#[derive(serde::Deserialize)]
pub struct EventQuery {
    event: i64,
}

#[derive(askama::Template)]
#[template(path = "web/event_edit.html")]
struct EditHtml {
    l: Layout,
    e: Event,
    system: &'static str,
    /// The pairing settings' fields, as the event has them.
    rules: super::rules::Shown,
    /// The pairing settings in words.
    lines: Vec<String>,
    round_robin: bool,
    presets: Vec<(&'static str, &'static str)>,
    bases: Vec<(&'static str, &'static str)>,
}

/// `GET /setup/event/edit`: the event's settings, filled in.
pub async fn edit_page(
    State(st): State<AppState>,
    c: Console,
    Query(q): Query<EventQuery>,
) -> Response {
    let found = st
        .db
        .read(move |s| {
            let e = seasons::event_by_id(s.conn(), EventId(q.event))?;
            let rules = pairings::rules(s.conn(), e.id)?;
            Ok((e, rules))
        })
        .await;
    match found {
        Ok((e, rules)) => render(&EditHtml {
            l: Layout::new(format!("Edit {}", e.name), &c),
            system: rules.system.as_str(),
            rules: super::rules::Shown::of(&rules),
            lines: super::rules::lines(&rules),
            round_robin: matches!(e.kind, EventKind::RoundRobin | EventKind::TeamRoundRobin),
            e,
            presets: PRESETS.iter().map(|p| (p.name, p.note)).collect(),
            bases: RatingBasis::ALL
                .iter()
                .map(|b| (b.as_str(), b.label()))
                .collect(),
        }),
        Err(e) => refused(e).link("Back", "/setup").into_response(),
    }
}

/// The event edit form: every field as the page filled it in.
#[derive(serde::Deserialize)]
pub struct EditForm {
    event: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    start: String,
    #[serde(default)]
    end: String,
    #[serde(default)]
    tiebreaks: String,
    #[serde(default)]
    pairing: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    edition: String,
    #[serde(flatten)]
    rules: super::rules::RulesForm,
}

/// `POST /setup/event/edit`.
pub async fn edit_event(State(st): State<AppState>, c: Checked<EditForm>) -> Response {
    let f = c.form;
    let back = format!("/setup/event/edit?event={}", f.event);
    let done = st.db.write(move |s| edited(s, &f)).await;
    match done {
        Ok(echo) => finish(&st, &c.console, "/setup", Ok(echo)),
        Err(e) => refused(e).link("Back to the event", back).into_response(),
    }
}

/// The edition chosen: "" keeps it, "date" follows the start date.
fn edition(text: &str) -> Result<Option<Option<u16>>> {
    match text.trim() {
        "" => Ok(None),
        "date" => Ok(Some(None)),
        "2009" => Ok(Some(Some(2009))),
        "2024" => Ok(Some(Some(2024))),
        "2026" => Ok(Some(Some(2026))),
        t => Err(Error::invalid(format!(
            "\"{t}\" is not a FIDE rules edition (2009, 2024 or 2026); nothing was changed"
        ))),
    }
}

fn edited(s: &mut crate::store::Store, f: &EditForm) -> Result<String> {
    let event = seasons::event_by_id(s.conn(), EventId(f.event))?;
    let rules = pairings::rules(s.conn(), event.id)?;
    let (start, end) = (date("start", &f.start)?, date("end", &f.end)?);
    let tiebreaks = match given(&f.tiebreaks).filter(|t| *t != event.tiebreaks) {
        Some(t) => Some(tiebreak_order(t, event.kind)?.0),
        None => None,
    };
    let system = system(&f.pairing, event.kind, rules.system)?;
    let rating = Some(basis(&f.rating, event.rating_basis)?).filter(|b| *b != event.rating_basis);
    let changes = app::EventChanges {
        settings: EventEdit {
            name: given(&f.name).filter(|n| *n != event.name),
            rounds: number("number of rounds", &f.rounds)?.filter(|n| *n != event.rounds),
            start_date: start
                .as_deref()
                .filter(|d| Some(*d) != event.start_date.as_deref()),
            end_date: end
                .as_deref()
                .filter(|d| Some(*d) != event.end_date.as_deref()),
            tiebreaks: tiebreaks.as_deref(),
            fide_edition: edition(&f.edition)?,
            ..Default::default()
        },
        rules: Some(super::rules::from_form(&f.rules, rules, system)?).filter(|r| *r != rules),
        details: None,
        rating,
    };
    let done = s.write(|tx| app::edit_event(tx, &event, &changes))?;
    let e = &done.event;
    let recorded = pairings::rules(s.conn(), e.id)?;
    let mut echo = format!(
        "{} now: {}, {} rounds{}; tiebreaks {}; ratings: {}; {}.",
        e.name,
        e.kind.label(),
        e.rounds,
        dates(&e.start_date, &e.end_date),
        e.tiebreaks,
        e.rating_basis.label(),
        super::rules::lines(&recorded).join("; ")
    );
    if done.rerated > 0 {
        echo.push_str(&format!(
            " {} entr{} took the player's {} rating.",
            done.rerated,
            if done.rerated == 1 { "y" } else { "ies" },
            e.rating_basis.label()
        ));
    }
    Ok(echo)
}
