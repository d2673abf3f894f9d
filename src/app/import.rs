//! Importing a parsed file into the league. The file is read and checked
//! by `input`/`interchange` (what it says); the action decides where it
//! goes and what may be done with it (the rules), and the store writes it.
//! Each action returns what was recorded, and the file's warnings stay
//! with the parsed file for the front end to show beside it.

use crate::domain::league::{Event, EventDetails, EventKind, Season, Section};
use crate::domain::record::Format;
use crate::error::{Error, Result};
use crate::interchange::trf::TrfEvent;
use crate::store::event_detail;
use crate::store::import::write_trf;
use crate::store::season::{self as seasons, NewEvent};
use crate::store::Writer;

use super::season;

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
        Err(Error::NotFound(_)) => new_event(tx, &season, &name, trf, target.tiebreaks)?,
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
