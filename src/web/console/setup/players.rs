//! A section's players: finding a player of the league by name (the CLI's
//! name matching: any case, accents and word order, whole-word
//! beginnings), entering them, adding a new player, and late entries with
//! a bye for each round already played. The section's entries are listed
//! with their bye and withdrawal forms ([`super::byes`]).

use crate::web::console::lookup::look_up;
use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::{finish, given, number, refused};
use crate::app::entry as app;
use crate::domain::ids::{EventId, PlayerId, SectionId};
use crate::domain::league::{Event, Player, Section};
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};
use crate::store::player::{self as players, NewPlayer};
use crate::store::{round as rounds, season as seasons, Readable, Store};
use crate::web::console::running;
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// Which section, and what was typed in the search box.
#[derive(serde::Deserialize, Default)]
pub struct PlayersQuery {
    /// The section (default: the first of `event`, else of the event run).
    pub section: Option<i64>,
    /// The event, when no section is named.
    pub event: Option<i64>,
    /// The search.
    pub q: Option<String>,
}

/// A player the search found.
pub struct FoundRow {
    /// Their id (the enter form's).
    pub id: i64,
    /// "Ann Lee (#3, FIDE 123; rated 1850)".
    pub label: String,
    /// Where they are entered in this event already, if anywhere.
    pub entered: Option<String>,
}

/// An entry of the section, with its coming byes.
pub struct EntryRow {
    /// The player's id (the link to their details).
    pub player: i64,
    /// The pairing number (how the bye and withdrawal forms name them).
    pub no: u32,
    /// "Ann Lee, rated 1850".
    pub label: String,
    /// "withdrew after round 2", when they did.
    pub withdrawn: Option<u32>,
    /// Byes in rounds to come: (the round, "round 3: half-point bye
    /// (asked for)").
    pub byes: Vec<(u32, String)>,
}

/// What the page shows.
pub struct SectionPage {
    /// The section's id.
    pub section: i64,
    /// "Club Swiss Open".
    pub label: String,
    /// The event's other sections: (id, name).
    pub others: Vec<(i64, String)>,
    /// Whether the section has a rating band (an entry may fall outside it).
    pub banded: bool,
    /// The latest round paired (0: none): a later entry is a late entry.
    pub latest: u32,
    /// The rounds still to come: a bye may be asked for in these.
    pub coming: Vec<u32>,
    /// The rounds after which a player may withdraw (0 ..= latest).
    pub after: Vec<u32>,
    /// What was searched for.
    pub q: String,
    /// The players found.
    pub found: Vec<FoundRow>,
    /// "No player is called ..." when the search found none.
    pub none: Option<String>,
    /// The section's entries.
    pub entries: Vec<EntryRow>,
}

#[derive(askama::Template)]
#[template(path = "web/players.html")]
struct PlayersHtml {
    l: Layout,
    echo: Option<String>,
    p: SectionPage,
}

/// `GET /players`.
pub async fn page(
    State(st): State<AppState>,
    c: Console,
    Query(q): Query<PlayersQuery>,
) -> Response {
    let echo = st.auth.take_flash(&c.0.id);
    match st.db.read(move |s| load(s, &q)).await {
        Ok(p) => render(&PlayersHtml {
            l: Layout::new(format!("Players of {}", p.label), &c),
            echo,
            p,
        }),
        Err(e) => WebError::from(e)
            .link("Set up an event", "/setup")
            .into_response(),
    }
}

/// The section a page or form is about: by its id, else the first of the
/// event named, else the first of the event being run.
pub fn section_of(
    store: &Store,
    section: Option<i64>,
    event: Option<i64>,
) -> Result<(Event, Section)> {
    let conn = store.conn();
    if let Some(id) = section {
        let s = seasons::section_by_id(conn, SectionId(id))?;
        return Ok((seasons::event_by_id(conn, s.event_id)?, s));
    }
    if let Some(id) = event {
        let e = seasons::event_by_id(conn, EventId(id))?;
        let s = seasons::sections(conn, e.id)?
            .into_iter()
            .next()
            .ok_or_else(|| Error::not_found(format!("{} has no section yet", e.name)))?;
        return Ok((e, s));
    }
    running::section(store, None)
}

fn load(store: &Store, q: &PlayersQuery) -> Result<SectionPage> {
    let (event, section) = section_of(store, q.section, q.event)?;
    let conn = store.conn();
    let latest = rounds::latest_round(conn, section.id)?;
    let typed = q.q.as_deref().unwrap_or("").trim().to_string();
    let (found, none) = search(conn, &event, &section, &typed)?;
    Ok(SectionPage {
        section: section.id.0,
        label: crate::web::console::label(&event, &section),
        others: seasons::sections(conn, event.id)?
            .into_iter()
            .filter(|s| s.id != section.id)
            .map(|s| (s.id.0, s.name))
            .collect(),
        banded: section.rating_min.is_some() || section.rating_max.is_some(),
        latest,
        coming: (latest + 1..=event.rounds).collect(),
        after: (0..=latest.min(event.rounds)).collect(),
        q: typed,
        found,
        none,
        entries: entry_rows(conn, &section, latest, event.rounds)?,
    })
}

/// "Ann Lee (#3, US Chess 123; rated 1850)".
fn described(p: &Player) -> String {
    let mut s = players::describe_player(p);
    let ratings: Vec<String> = [("rated", p.rating), ("FIDE", p.fide_rating)]
        .iter()
        .filter_map(|(w, r)| r.map(|r| format!("{w} {r}")))
        .collect();
    if !ratings.is_empty() {
        s.push_str(&format!(", {}", ratings.join(", ")));
    }
    s
}

/// The league's players `typed` finds by the CLI's rules (an id or `#N`
/// exactly; else the same name, else whole-word beginnings), each with
/// where they are entered in the event; or the closest names.
fn search(
    conn: &impl Readable,
    event: &Event,
    section: &Section,
    typed: &str,
) -> Result<(Vec<FoundRow>, Option<String>)> {
    let looked = look_up(conn, typed)?;
    let none = looked.said("Add them below as a new player.");
    let hits = looked.players;
    let entered = entered_in(conn, event)?;
    let rows = hits
        .iter()
        .map(|p| FoundRow {
            id: p.id.0,
            label: described(p),
            entered: entered.get(&p.id).map(|(s, no)| {
                if *s == section.name {
                    format!("entered here as #{no}")
                } else {
                    format!("entered in section {s} as #{no}")
                }
            }),
        })
        .collect();
    Ok((rows, none))
}

/// Every player entered in the event: their section and pairing number.
fn entered_in(conn: &impl Readable, event: &Event) -> Result<HashMap<PlayerId, (String, u32)>> {
    let mut out = HashMap::new();
    for s in seasons::sections(conn, event.id)? {
        for e in players::entries(conn, s.id)? {
            out.insert(e.player_id, (s.name.clone(), e.pairing_no));
        }
    }
    Ok(out)
}

fn entry_rows(
    conn: &impl Readable,
    section: &Section,
    latest: u32,
    last: u32,
) -> Result<Vec<EntryRow>> {
    let mut byes: HashMap<u32, Vec<(u32, String)>> = HashMap::new();
    for round in latest + 1..=last {
        for b in rounds::round_contents(conn, section.id, round)?.1 {
            byes.entry(b.entry.pairing_no).or_default().push((
                round,
                format!(
                    "round {round}: {}-point bye{}",
                    rounds::bye_kind_str(b.kind),
                    if b.requested { " (asked for)" } else { "" }
                ),
            ));
        }
    }
    Ok(players::entries(conn, section.id)?
        .into_iter()
        .map(|e| EntryRow {
            player: e.player_id.0,
            no: e.pairing_no,
            label: match e.rating {
                Some(r) => format!("{}, rated {r}", e.name),
                None => format!("{}, unrated", e.name),
            },
            withdrawn: e.withdrawn_after,
            byes: byes.remove(&e.pairing_no).unwrap_or_default(),
        })
        .collect())
}

/// A late entry's bye for each round already played: "half", "zero", or
/// nothing said.
pub fn missed(text: &str) -> Result<Option<ByeKind>> {
    match text.trim() {
        "" => Ok(None),
        "half" => Ok(Some(ByeKind::Half)),
        "zero" => Ok(Some(ByeKind::Zero)),
        t => Err(Error::invalid(format!(
            "\"{t}\" is not a bye for missed rounds (a half-point or a zero-point bye); nothing was changed"
        ))),
    }
}

/// Entering a player of the league.
#[derive(serde::Deserialize)]
pub struct EnterForm {
    section: i64,
    player: i64,
    #[serde(default)]
    missed: String,
    #[serde(default)]
    outside_band: Option<String>,
}

/// The page of section `id`.
pub fn players_href(id: i64) -> String {
    format!("/players?section={id}")
}

/// `POST /players/enter`.
pub async fn enter(State(st): State<AppState>, c: Checked<EnterForm>) -> Response {
    let f = c.form;
    let back = players_href(f.section);
    let done = st
        .db
        .write(move |s| {
            let (event, section) = section_of(s, Some(f.section), None)?;
            let input = app::EnterInput {
                allow_outside_band: f.outside_band.is_some(),
                missed: missed(&f.missed)?,
                ..Default::default()
            };
            app::check_open(s.conn(), &event, &section, input.missed)?;
            let player = players::player_by_id(s.conn(), PlayerId(f.player))?;
            let done = s.write(|tx| app::enter(tx, &event, &section, &player, input))?;
            Ok(echo(&event, &section, &done, input.missed))
        })
        .await;
    finish(&st, &c.console, &back, done)
}

/// The echo of an entry, in the CLI's words: where, the pairing number, a
/// rating of another kind than the event's, a late entry's byes.
fn echo(event: &Event, section: &Section, done: &app::Entered, missed: Option<ByeKind>) -> String {
    let mut line = format!(
        "Entered {} in {} as #{}",
        done.entry.name,
        crate::web::console::label(event, section),
        done.entry.pairing_no
    );
    if done.unrated_here {
        line.push_str(&format!(
            " (unrated here: no {} rating, which {} goes by)",
            event.rating_basis.label(),
            event.name
        ));
    }
    let words = if missed == Some(ByeKind::Half) {
        "half-point"
    } else {
        "zero-point"
    };
    line.push_str(&match done.missed_byes {
        0 => String::new(),
        1 => format!(", with a {words} bye for round 1"),
        n => format!(", with {words} byes for rounds 1-{n}"),
    });
    line + "."
}

/// Adding a new player (and entering them in the section).
#[derive(serde::Deserialize)]
pub struct NewForm {
    section: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    fide_rating: String,
    #[serde(default)]
    uscf_id: String,
    #[serde(default)]
    fide_id: String,
    #[serde(default)]
    namesake: Option<String>,
    #[serde(default)]
    enter: Option<String>,
    #[serde(default)]
    missed: String,
}

/// `POST /players/new`: the player added (`league player add`) and, when
/// ticked, entered (`league enter`), in one transaction: a refused entry
/// adds no player either.
pub async fn add_new(State(st): State<AppState>, c: Checked<NewForm>) -> Response {
    let f = c.form;
    let back = players_href(f.section);
    let done = st.db.write(move |s| add_and_enter(s, &f)).await;
    match done {
        Ok(echo) => finish(&st, &c.console, &back, Ok(echo)),
        Err(e) => refused(e).link("Back", back).into_response(),
    }
}

fn add_and_enter(s: &mut Store, f: &NewForm) -> Result<String> {
    let (event, section) = section_of(s, Some(f.section), None)?;
    let name = given(&f.name)
        .ok_or_else(|| Error::invalid("a new player needs a name; nothing was changed"))?;
    let new = NewPlayer {
        name,
        uscf_id: given(&f.uscf_id),
        fide_id: given(&f.fide_id),
        rating: number("rating", &f.rating)?,
        fide_rating: number("FIDE rating", &f.fide_rating)?,
        ..Default::default()
    };
    let input = app::EnterInput {
        missed: missed(&f.missed)?,
        ..Default::default()
    };
    let entering = f.enter.is_some();
    if entering {
        app::check_open(s.conn(), &event, &section, input.missed)?;
    }
    s.write(|tx| {
        let p = crate::app::player::add(tx, &new, None, f.namesake.is_some())?;
        if !entering {
            return Ok(format!("Added {} to the league.", described(&p)));
        }
        let done = app::enter(tx, &event, &section, &p, input)?;
        Ok(format!(
            "Added {} to the league. {}",
            described(&p),
            echo(&event, &section, &done, input.missed)
        ))
    })
}
