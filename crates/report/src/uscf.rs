//! The US Chess rating report's values gathered from the store: the
//! event, its details (the league's defaults filling the gaps), the
//! league's crosstable and scholastic settings, each section's players
//! (US Chess id) and their rounds as the standings see them. The files themselves are built
//! by [`crate::export::uscf`].

use crate::domain::league::Event;
use crate::error::{Error, Result};
use crate::export::uscf as x;
use crate::store::facts::load_section;
use crate::store::{event_detail, player, season, Reader};

/// Everything the report is built from.
pub fn event_report(conn: &Reader, event: &Event) -> Result<x::Event> {
    if event.kind.is_team() {
        return Err(Error::invalid(format!(
            "{} is a team event; the US Chess report is written for individual events only",
            event.name
        )));
    }
    let mut sections = Vec::new();
    for s in season::sections(conn, event.id)? {
        let facts = load_section(conn, s.id, event.kind)?;
        let t = &facts.tournament;
        let mut players = Vec::with_capacity(facts.entries.len());
        for (i, e) in facts.entries.iter().enumerate() {
            let p = player::player_by_id(conn, e.player_id)?;
            players.push(x::Player {
                pairing_no: e.pairing_no,
                name: e.name.clone(),
                uscf_id: p.uscf_id,
                rounds: t.players[i]
                    .rounds
                    .iter()
                    .map(|r| (r.outcome, r.opponent.map(|o| facts.entries[o].pairing_no)))
                    .collect(),
            });
        }
        sections.push(x::Section {
            name: s.name.clone(),
            round_robin: event.kind.is_round_robin(),
            rounds: event.rounds,
            pending: facts
                .pending
                .iter()
                .map(|&(r, w, _)| (r as u32, facts.entries[w].pairing_no))
                .collect(),
            players,
        });
    }
    Ok(x::Event {
        name: event.name.clone(),
        start_date: event.start_date.clone(),
        end_date: event.end_date.clone(),
        details: event_detail::details_or_league(conn, event.id)?,
        crosstables: event_detail::league_setting(conn, "crosstables")?
            .and_then(|w| x::Crosstables::parse(&w)),
        scholastic: event_detail::league_setting(conn, "scholastic")?.map(|w| w == "yes"),
        sections,
    })
}
