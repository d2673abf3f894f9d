//! An event's prizes, section by section, as `league prize list` shows
//! them, and the changes the console makes to a list: adding a prize (or
//! replacing the one listed for that place), naming the winner of a
//! special prize (best game, upset) and removing a prize, as `league prize
//! add`, `award` and `remove` do, through
//! [`crate::app::prize`] in one transaction. A form names its prize by its
//! number and by the prize the page showed: the list renumbers when a
//! prize is removed, so a page loaded before that is refused rather than
//! remove or award another prize than the one shown.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::players::section_of;
use super::{finish, given};
use crate::app::prize as app;
use crate::domain::ids::EventId;
use crate::domain::league::{Entry, Event, Section};
use crate::domain::prizes::{Class, Kind, Money, Prize, Reward};
use crate::error::{Error, Result};
use crate::store::prize::{self as prizes, describe, StoredPrize};
use crate::store::{player, season as seasons, Store, Writer};
use crate::web::console::label;
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// One prize as the page lists it.
pub struct PrizeRow {
    /// Its number in the section's list.
    pub number: u32,
    /// "1st: $60", as the forms name it back.
    pub described: String,
    /// "1st", "Best game".
    pub prize: String,
    /// "$60", "trophy".
    pub gives: String,
    /// "by the standings", "not named yet", or the winner's name.
    pub winner: String,
    /// Whether it is awarded by hand (a special prize).
    pub special: bool,
}

/// A section's prize list, and its players for the award form.
pub struct SectionPrizes {
    /// The section's id.
    pub id: i64,
    /// "Club Swiss Open".
    pub label: String,
    /// Its prizes, in the order announced.
    pub prizes: Vec<PrizeRow>,
    /// (pairing number, name) of each entry.
    pub players: Vec<(u32, String)>,
}

#[derive(askama::Template)]
#[template(path = "web/prizes.html")]
struct PrizesHtml {
    l: Layout,
    echo: Option<String>,
    event: String,
    sections: Vec<SectionPrizes>,
}

/// Which event's prizes.
#[derive(serde::Deserialize)]
pub struct PrizesQuery {
    event: i64,
}

/// `GET /prizes?event=ID`.
pub async fn page(
    State(st): State<AppState>,
    c: Console,
    Query(q): Query<PrizesQuery>,
) -> Response {
    let echo = st.auth.take_flash(&c.0.id);
    match st.db.read(move |s| load(s, EventId(q.event))).await {
        Ok((event, sections)) => render(&PrizesHtml {
            l: Layout::new(format!("Prizes of {}", event.name), &c),
            echo,
            event: event.name,
            sections,
        }),
        Err(e) => WebError::from(e).link("Back", "/setup").into_response(),
    }
}

fn load(s: &Store, id: EventId) -> Result<(Event, Vec<SectionPrizes>)> {
    let conn = s.conn();
    let event = seasons::events(conn, None)?
        .into_iter()
        .find(|e| e.id == id)
        .ok_or_else(|| Error::not_found("that event is no longer in the league"))?;
    let mut out = Vec::new();
    for section in seasons::sections(conn, event.id)? {
        let entries = player::entries(conn, section.id)?;
        out.push(SectionPrizes {
            id: section.id.0,
            label: label(&event, &section),
            prizes: prizes::prizes(conn, section.id)?
                .iter()
                .map(|p| row(p, &entries))
                .collect(),
            players: entries
                .iter()
                .map(|e| (e.pairing_no, e.name.clone()))
                .collect(),
        });
    }
    Ok((event, out))
}

fn row(p: &StoredPrize, entries: &[Entry]) -> PrizeRow {
    let special = matches!(p.prize.kind, Kind::Special { .. });
    let winner = match p.winner_entry {
        Some(id) if special => entries
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.name.clone())
            .unwrap_or_default(),
        _ if special => "not named yet".to_string(),
        _ => "by the standings".to_string(),
    };
    PrizeRow {
        number: p.position,
        described: describe(&p.prize),
        prize: p.prize.label(),
        gives: match &p.prize.reward {
            Reward::Cash(m) => m.to_string(),
            Reward::Item(i) => i.clone(),
        },
        winner,
        special,
    }
}

/// The page of the event a section's prizes belong to.
fn prizes_href(event: &Event) -> String {
    format!("/prizes?event={}", event.id.0)
}

/// The prize a form names: still at `number` and still the one the page
/// showed (`shown`), or a refusal saying the list changed.
fn still_listed(tx: &Writer, section: &Section, number: u32, shown: &str) -> Result<()> {
    match prizes::prize_at(tx, section.id, number)? {
        Some(p) if describe(&p.prize) == shown => Ok(()),
        // No prize at that number: the action's own refusal says so.
        None => Ok(()),
        Some(p) => Err(Error::invalid(format!(
            "the prize list of {} changed since the page was loaded: prize {number} is now {}, not {shown}; nothing was changed. Look at the list again",
            section.name,
            describe(&p.prize)
        ))),
    }
}

/// The remove form.
#[derive(serde::Deserialize)]
pub struct RemoveForm {
    section: i64,
    number: u32,
    #[serde(default)]
    shown: String,
}

/// `POST /prizes/remove`.
pub async fn remove(State(st): State<AppState>, c: Checked<RemoveForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let (event, section) = section_of(s, Some(f.section), None)?;
            let old = s.write(|tx| {
                still_listed(tx, &section, f.number, &f.shown)?;
                app::remove_prize(tx, &event, &section, f.number)
            })?;
            Ok((
                prizes_href(&event),
                format!(
                    "Removed prize {} of {} ({}); the prizes after it moved up.",
                    f.number,
                    label(&event, &section),
                    describe(&old)
                ),
            ))
        })
        .await;
    after(&st, &c.console, done)
}

/// The award form.
#[derive(serde::Deserialize)]
pub struct AwardForm {
    section: i64,
    number: u32,
    #[serde(default)]
    shown: String,
    #[serde(default)]
    winner: String,
}

/// `POST /prizes/award`: name a special prize's winner by pairing number.
pub async fn award(State(st): State<AppState>, c: Checked<AwardForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let (event, section) = section_of(s, Some(f.section), None)?;
            let no = super::number("winner", &f.winner)?
                .ok_or_else(|| Error::invalid("choose the prize's winner; nothing was changed"))?;
            let entry = player::entries(s.conn(), section.id)?
                .into_iter()
                .find(|e| e.pairing_no == no)
                .ok_or_else(|| {
                    Error::not_found(format!(
                        "{} has no player number {no}; nothing was changed",
                        section.name
                    ))
                })?;
            s.write(|tx| {
                still_listed(tx, &section, f.number, &f.shown)?;
                app::award(tx, &event, &section, f.number, entry.id, &entry.name)
            })?;
            Ok((
                prizes_href(&event),
                format!(
                    "Prize {} of {} ({}) goes to {} (#{}).",
                    f.number,
                    label(&event, &section),
                    given(&f.shown).unwrap_or("special prize"),
                    entry.name,
                    entry.pairing_no
                ),
            ))
        })
        .await;
    after(&st, &c.console, done)
}

/// The echo on the event's prize page, or the refusal with a way back.
fn after(st: &AppState, c: &Console, done: Result<(String, String)>) -> Response {
    match done {
        Ok((back, echo)) => finish(st, c, &back, Ok(echo)),
        Err(e) => super::refused(e)
            .link("Back to the set-up page", "/setup")
            .into_response(),
    }
}

/// The add form: what kind of prize, its place, class or name, and what
/// it gives.
#[derive(serde::Deserialize)]
pub struct AddForm {
    section: i64,
    #[serde(default)]
    kind: String,
    #[serde(default)]
    place: String,
    #[serde(default)]
    class: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    cash: String,
    #[serde(default)]
    item: String,
    #[serde(default)]
    replace: Option<String>,
}

/// The prize the add form describes, checked as `league prize add`
/// checks its options.
fn prize_from(f: &AddForm) -> Result<Prize> {
    let bad = |what: &str| Err(Error::invalid(format!("{what}; nothing was changed")));
    let place = super::number("place", &f.place)?.unwrap_or(1);
    if place == 0 {
        return bad("places are numbered from 1 (1 is 1st)");
    }
    let kind = match f.kind.as_str() {
        "place" => Kind::Place,
        "class" => match Class::parse(f.class.trim()) {
            Some(c) => Kind::Class(c),
            None => {
                return bad(&format!(
                    "\"{}\" is not a class; write U1400, 1400-1599, 1800+ or unrated",
                    f.class.trim()
                ))
            }
        },
        "special" => match given(&f.name) {
            Some(name) => Kind::Special {
                name: name.to_string(),
                winner: None,
            },
            None => return bad("a special prize needs its name, such as Best game"),
        },
        _ => return bad("choose a place, class or special prize"),
    };
    let reward = match (given(&f.cash), given(&f.item)) {
        (Some(_), Some(_)) => return bad("give money or an item, not both"),
        (Some(c), None) => match Money::parse(c) {
            Some(m) if m.0 > 0 => Reward::Cash(m),
            _ => {
                return bad(&format!(
                    "\"{c}\" is not an amount of money; write e.g. 60 or 12.50"
                ))
            }
        },
        (None, Some(i)) => Reward::Item(i.to_string()),
        (None, None) => return bad("give the prize's money, or an item such as a trophy"),
    };
    let place = if matches!(kind, Kind::Special { .. }) {
        1
    } else {
        place
    };
    Ok(Prize {
        kind,
        place,
        reward,
    })
}

/// `POST /prizes/add`.
pub async fn add(State(st): State<AppState>, c: Checked<AddForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let (event, section) = section_of(s, Some(f.section), None)?;
            let prize = prize_from(&f)?;
            let replace = f.replace.is_some();
            let added =
                s.write(|tx| app::add_prize(tx, &event, &section, &prize, None, replace))?;
            Ok((
                prizes_href(&event),
                format!(
                    "Prize {} of {}: {}{}.",
                    added.position,
                    label(&event, &section),
                    describe(&prize),
                    added
                        .replaced
                        .map(|old| format!(" (was {})", describe(&old)))
                        .unwrap_or_default()
                ),
            ))
        })
        .await;
    after(&st, &c.console, done)
}
