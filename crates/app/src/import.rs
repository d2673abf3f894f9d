//! Importing a parsed file into the league. The file is read and checked
//! by `input`/`interchange` (what it says); the action decides where it
//! goes and what may be done with it (the rules), and the store writes it.
//! Each action returns what was recorded, and the file's warnings stay
//! with the parsed file for the front end to show beside it.

use crate::domain::league::{Event, EventDetails, EventKind, Player, Season, Section};
use crate::domain::record::Format;
use crate::error::{Error, InputError, Result};
use crate::input::players::PlayerRow;
use crate::interchange::json as doc;
use crate::interchange::trf::TrfEvent;
use crate::store::event_detail;
use crate::store::exchange::{self, Imported};
use crate::store::import::write_trf;
use crate::store::player::{self as players, describe_player};
use crate::store::season::{self as seasons, NewEvent};
use crate::store::Writer;

use super::season;

pub mod team;

/// Why an import is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The file names no event and none was given.
    #[error("the file names no event (no 012 line)")]
    NoEventName,
    /// The existing event planned for fewer rounds than the file holds.
    #[error("{event} has {rounds} rounds but the file has {in_file}")]
    TooFewRounds {
        /// The event's name.
        event: String,
        /// Its planned rounds.
        rounds: u32,
        /// The rounds in the file.
        in_file: u32,
    },
    /// A whole season's document, and the league has a season of its name.
    #[error("there is already a season \"{season}\"")]
    SeasonExists {
        /// The season's name.
        season: String,
    },
    /// A document of events, one of which the season already has.
    #[error("season {season} already has an event \"{event}\"")]
    EventExists {
        /// The season's name.
        season: String,
        /// The event's name.
        event: String,
    },
}

/// Where an imported event goes and what it is called.
pub struct ImportTarget<'a> {
    /// The season the event is added to (made when it is new).
    pub season: &'a str,
    /// Default: the file's event name (012 line).
    pub event: Option<&'a str>,
    /// Default: "Open".
    pub section: Option<&'a str>,
    /// Default: `fide-swiss` or `fide-round-robin` (a TRF file is a FIDE report).
    pub tiebreaks: Option<&'a str>,
}

/// Import a parsed TRF event as a new section: of the event of that name
/// in the season when there is one (it must have rounds enough), else of
/// a new event with the file's dates, kind and header details. Returns
/// the event and the section made.
pub fn import_trf(tx: &Writer, trf: &TrfEvent, target: &ImportTarget) -> Result<(Event, Section)> {
    let season = seasons::ensure_season(tx, target.season)?;
    let name = target
        .event
        .map(str::to_string)
        .or_else(|| trf.name.clone().filter(|n| !n.trim().is_empty()))
        .ok_or_else(|| Error::refused(Refusal::NoEventName))?;
    let event = match seasons::find_event(tx, Some(&season.name), &name) {
        Ok(e) if e.rounds < trf.rounds as u32 => {
            return Err(Error::refused(Refusal::TooFewRounds {
                event: e.name,
                rounds: e.rounds,
                in_file: trf.rounds as u32,
            }))
        }
        Ok(e) => e,
        Err(e) if e.is_not_found() => new_event(tx, &season, &name, trf, target.tiebreaks)?,
        Err(e) => return Err(e),
    };
    let section = season::add_section(tx, &event, target.section.unwrap_or("Open"), None, None)?;
    write_trf(tx, trf, &event, &section)?;
    Ok((event, section))
}

/// A new event for the file: a FIDE round robin or Swiss, its dates
/// checked, with the header's city, arbiters and time control.
fn new_event(
    tx: &Writer,
    season: &Season,
    name: &str,
    trf: &TrfEvent,
    tiebreaks: Option<&str>,
) -> Result<Event> {
    let kind = if trf.format == Format::RoundRobin {
        EventKind::RoundRobin
    } else {
        EventKind::Swiss
    };
    let tiebreaks = tiebreaks.unwrap_or(if kind == EventKind::RoundRobin {
        "fide-round-robin"
    } else {
        "fide-swiss"
    });
    let new = NewEvent {
        name,
        kind,
        rounds: trf.rounds.max(1) as u32,
        start_date: trf.start_date.as_deref(),
        end_date: trf.end_date.as_deref(),
        tiebreaks,
        actual_play_first: false,
        fide_edition: None,
        sb_adjusted: false,
        coin_allowed: false,
    };
    season::check_dates(name.trim(), new.start_date, new.end_date)?;
    let event = seasons::add_event(tx, season, &new)?;
    event_detail::write(tx, event.id, &details(trf))?;
    Ok(event)
}

/// The header's city, arbiters and time control (V15), so a FIDE report
/// written from here carries them again. A country is kept only as a
/// three-letter code (the schema's rule).
fn details(trf: &TrfEvent) -> EventDetails {
    let keep = |v: &Option<String>| {
        v.as_ref()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    };
    EventDetails {
        city: keep(&trf.city),
        country: keep(&trf.federation)
            .filter(|c| c.len() == 3 && c.chars().all(|c| c.is_ascii_uppercase())),
        chief_arbiter: keep(&trf.chief_arbiter),
        deputy_arbiter: keep(&trf.deputy_arbiter),
        time_control: keep(&trf.time_control),
        ..Default::default()
    }
}

/// What a player list changed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PlayersMerged {
    /// Rows that added a player.
    pub added: usize,
    /// Rows that changed a player's details.
    pub updated: usize,
    /// Rows that matched a player and changed nothing.
    pub unchanged: usize,
    /// Rows matched by id whose name differs from the league's.
    pub notes: Vec<String>,
}

/// Merge a player list into the league. A row is the league's player with
/// the same US Chess id, else the same FIDE id, else the one player of
/// exactly that name (ignoring case) who has no id the row contradicts;
/// such a player is updated with the row's filled-in cells (blank cells
/// keep what the league has; the league's spelling of the name is kept and
/// a different one reported in `notes`). A row matching nobody is added. A
/// row whose ids belong to two different players, or whose name (with no
/// id) matches several, is an error naming the line.
pub fn import_players(tx: &Writer, rows: &[PlayerRow], source: &str) -> Result<PlayersMerged> {
    let mut done = PlayersMerged::default();
    for row in rows {
        let at_name = |e: Error| -> Error {
            e.map_facts(|e| InputError::at(source, row.line, "name", e.to_string()).into())
        };
        let Some(p) = listed_player(tx, row, source)? else {
            exchange::add_listed_player(tx, row).map_err(at_name)?;
            done.added += 1;
            continue;
        };
        // The league's name is kept: a list may write names its own way
        // ("Smith, Alice"); a different name is reported.
        if !p.name.trim().eq_ignore_ascii_case(row.name.trim()) {
            done.notes.push(format!(
                "line {}: {} is {} in the league; the name is kept",
                row.line,
                row.name.trim(),
                describe_player(&p)
            ));
        }
        if exchange::update_listed_player(tx, &p, row, source).map_err(at_name)? {
            done.updated += 1;
        } else {
            done.unchanged += 1;
        }
    }
    Ok(done)
}

/// The league's player a list row names: by US Chess id, else FIDE id,
/// else the one player of that name whose ids do not contradict the row's.
fn listed_player(tx: &Writer, row: &PlayerRow, source: &str) -> Result<Option<Player>> {
    let err = |field: &str, problem: String| -> Error {
        InputError::at(source, row.line, field, problem).into()
    };
    let by = |fide: bool, id: &Option<String>| match id {
        Some(id) => exchange::player_by_listed_id(tx, fide, id),
        None => Ok(None),
    };
    match (by(false, &row.uscf_id)?, by(true, &row.fide_id)?) {
        (Some(a), Some(b)) if a.id != b.id => Err(err(
            "fide_id",
            format!(
                "US Chess id {} is {}'s but FIDE id {} is {}'s",
                row.uscf_id.as_deref().unwrap_or(""),
                a.name,
                row.fide_id.as_deref().unwrap_or(""),
                b.name
            ),
        )),
        (Some(a), _) | (None, Some(a)) => Ok(Some(a)),
        (None, None) => {
            let clash = |mine: &Option<String>, theirs: &Option<String>| {
                mine.is_some() && theirs.is_some() && mine != theirs
            };
            let same: Vec<Player> = players::players(tx, None)?
                .into_iter()
                .filter(|p| p.name.trim().eq_ignore_ascii_case(row.name.trim()))
                .filter(|p| !clash(&row.uscf_id, &p.uscf_id) && !clash(&row.fide_id, &p.fide_id))
                .collect();
            if same.len() > 1 {
                return Err(err(
                    "name",
                    format!(
                        "\"{}\" matches {} players in the league ({}); add a uscf_id or \
                         fide_id column to say which",
                        row.name,
                        same.len(),
                        same.iter()
                            .map(describe_player)
                            .collect::<Vec<_>>()
                            .join("; ")
                    ),
                ));
            }
            Ok(same.into_iter().next())
        }
    }
}

/// Import a league document (JSON) under `season_name`: a whole season
/// needs a season name the league does not have; a document of events
/// goes into an existing season only when it has none of those events.
pub fn import_document(
    tx: &Writer,
    d: &doc::Document,
    season_name: &str,
    source: &str,
) -> Result<Imported> {
    if let Some(s) = seasons::season_by_name(tx, season_name)? {
        if d.scope == doc::Scope::Season {
            return Err(Error::refused(Refusal::SeasonExists { season: s.name }));
        }
        for e in &d.season.events {
            if seasons::find_event(tx, Some(&s.name), &e.name).is_ok() {
                return Err(Error::refused(Refusal::EventExists {
                    season: s.name,
                    event: e.name.clone(),
                }));
            }
        }
    }
    exchange::import_document(tx, d, season_name, source)
}
