//! A section gathered for TRF export: the event's header data (the
//! league's report defaults filling the event's gaps), each entry's player
//! data with the FIDE rating in force when the event began, the rounds
//! with every result in, and the rank from the standings after those
//! rounds.

use super::{section_report, ReportOptions};
use crate::domain::league::{Event, Section};
use crate::domain::score::Points;
use crate::error::{Error, Result};
use crate::interchange::trf::{TrfEvent, TrfPlayer};
use crate::store::Reader;
use crate::store::{exchange, player as players, ratings, season as seasons};

/// The section as a [`TrfEvent`] for [`crate::export::trf::write`], and the
/// event's planned rounds (the `XXR` line). Rounds with results still
/// missing are left out, as the standings leave them out.
pub fn trf_event(conn: &Reader, event: &Event, section: &Section) -> Result<(TrfEvent, usize)> {
    if event.kind.is_team() {
        return Err(Error::invalid(format!(
            "{} is a team event; TRF export writes individual sections (Swiss or round robin)",
            event.name
        )));
    }
    let mut report = section_report(conn, event, section, &ReportOptions::default())?;
    // A TRF carries results: a round with results still missing is left
    // out, and the ranks are those after the last complete round.
    if !report.missing.is_empty() {
        let opts = ReportOptions {
            after_round: Some(report.complete_rounds),
            ..ReportOptions::default()
        };
        report = section_report(conn, event, section, &opts)?;
    }
    let mut rank = vec![None; report.facts.entries.len()];
    for row in &report.standings.rows {
        rank[row.player] = Some(row.rank as u32);
    }
    let mut list = Vec::with_capacity(report.facts.entries.len());
    for (i, entry) in report.facts.entries.iter().enumerate() {
        if entry.pairing_no > 9999 {
            return Err(Error::invalid(format!(
                "{} has pairing number {}; a TRF file holds start numbers up to 9999",
                entry.name, entry.pairing_no
            )));
        }
        let p = players::player_by_id(conn, entry.player_id)?;
        let score: Points = report.tournament.players[i].score();
        list.push(TrfPlayer {
            start_no: entry.pairing_no,
            name: p.name,
            sex: None,
            title: p.title,
            // FIDE data only, never the US Chess rating the entry holds
            // (issue 18): the FIDE rating in force when the event began,
            // from the rating history when a list has replaced it since
            // (entries keep no FIDE rating of their own), else the
            // player's current one.
            rating: match event.start_date.as_deref() {
                Some(day) => ratings::rating_on(conn, p.id, "fide", day)?.unwrap_or(p.fide_rating),
                None => p.fide_rating,
            },
            federation: p.federation,
            // The FIDE id field holds 11 digits; an id that is not a number
            // (or too long) is left out rather than breaking the columns.
            fide_id: p
                .fide_id
                .and_then(|id| id.trim().parse::<u64>().ok())
                .filter(|&id| id > 0 && id < 100_000_000_000),
            birth: None,
            points: Some(score),
            rank: rank[i],
        });
    }
    // The section is named too when the event has several.
    let name = if seasons::sections(conn, event.id)?.len() > 1 {
        format!("{} ({})", event.name, section.name)
    } else {
        event.name.clone()
    };
    let round_dates = exchange::round_dates(conn, section.id)?;
    let details = crate::store::event_detail::details_or_league(conn, event.id)?;
    let played = report.rounds_played;
    Ok((
        TrfEvent {
            name: Some(name),
            city: details.city.clone(),
            federation: details.country.clone(),
            chief_arbiter: details.chief_arbiter.clone(),
            deputy_arbiter: details.deputy_arbiter.clone(),
            time_control: details.time_control.clone(),
            start_date: event.start_date.clone(),
            end_date: event.end_date.clone(),
            rounds: played,
            round_dates: (1..=played)
                .map(|r| round_dates.get(&(r as u32)).cloned().flatten())
                .collect(),
            format: report.tournament.format,
            players: list,
            tournament: report.tournament,
            warnings: vec![],
        },
        (event.rounds as usize).max(played),
    ))
}
