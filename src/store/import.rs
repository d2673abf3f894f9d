//! Writing an imported event (a parsed TRF file) into the league: season,
//! event, section, players (matched by FIDE id, else added), entries with
//! the file's start numbers as pairing numbers, rounds, games and byes.

use rusqlite::{params, OptionalExtension, Transaction};

use super::player::{self as players, NewPlayer};
use super::round::{bye_kind_str, ensure_round};
use super::season::{self as seasons, NewEvent};
use crate::domain::game::GameResult;
use crate::domain::league::{Event, EventKind, Section};
use crate::domain::record::{ByeKind, Colour, Format, Outcome};
use crate::error::{Error, Result};
use crate::input::trf::TrfEvent;

/// Where an imported event goes and what it is called.
pub struct ImportTarget<'a> {
    pub season: &'a str,
    /// Default: the file's event name (012 line).
    pub event: Option<&'a str>,
    /// Default: "Open".
    pub section: Option<&'a str>,
    /// Default: `fide-swiss` or `fide-round-robin` (a TRF file is a FIDE report).
    pub tiebreaks: Option<&'a str>,
}

/// Import a parsed TRF event; returns the event and section created.
pub fn import_trf(
    tx: &Transaction,
    trf: &TrfEvent,
    target: &ImportTarget,
) -> Result<(Event, Section)> {
    let season = seasons::ensure_season(tx, target.season)?;
    let name = target
        .event
        .map(str::to_string)
        .or_else(|| trf.name.clone().filter(|n| !n.trim().is_empty()))
        .ok_or_else(|| {
            Error::invalid("the file names no event (no 012 line); give one with --event")
        })?;
    let kind = if trf.format == Format::RoundRobin {
        EventKind::RoundRobin
    } else {
        EventKind::Swiss
    };
    let tiebreaks = target
        .tiebreaks
        .unwrap_or(if kind == EventKind::RoundRobin {
            "fide-round-robin"
        } else {
            "fide-swiss"
        });
    let section_name = target.section.unwrap_or("Open");
    // An existing event of that name gets a new section; a section of that name is refused.
    let event = match seasons::find_event(tx, Some(&season.name), &name) {
        Ok(e) => {
            if e.rounds < trf.rounds as u32 {
                return Err(Error::invalid(format!(
                    "{} has {} rounds but the file has {}",
                    e.name, e.rounds, trf.rounds
                )));
            }
            e
        }
        Err(Error::NotFound(_)) => {
            let event = seasons::add_event(
                tx,
                &season,
                &NewEvent {
                    name: &name,
                    kind,
                    rounds: trf.rounds.max(1) as u32,
                    start_date: trf.start_date.as_deref(),
                    end_date: trf.end_date.as_deref(),
                    tiebreaks,
                    actual_play_first: false,
                    fide_edition: None,
                    sb_adjusted: false,
                    coin_allowed: false,
                },
            )?;
            // The header's city, arbiters and time control (V15), so a
            // FIDE report written from here carries them again. A country
            // is kept only as a three-letter code (the schema's rule).
            let keep = |v: &Option<String>| {
                v.as_ref()
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
            };
            let details = crate::domain::league::EventDetails {
                city: keep(&trf.city),
                country: keep(&trf.federation)
                    .filter(|c| c.len() == 3 && c.chars().all(|c| c.is_ascii_uppercase())),
                chief_arbiter: keep(&trf.chief_arbiter),
                deputy_arbiter: keep(&trf.deputy_arbiter),
                time_control: keep(&trf.time_control),
                ..Default::default()
            };
            super::event_detail::write(tx, event.id, &details)?;
            event
        }
        Err(e) => return Err(e),
    };
    let section = seasons::add_section(tx, &event, section_name, None, None)?;
    let mut entry_ids = Vec::with_capacity(trf.players.len());
    for (p, rec) in trf.players.iter().zip(&trf.tournament.players) {
        let fide_id = p.fide_id.filter(|&id| id > 0).map(|id| id.to_string());
        let existing = match &fide_id {
            Some(id) => tx
                .prepare_cached("SELECT id FROM player WHERE fide_id = ?1")?
                .query_row([id], |r| r.get::<_, i64>(0))
                .optional()?,
            None => None,
        };
        let player = match existing {
            Some(id) => players::player_by_id(tx, id)?,
            None => players::add_player(
                tx,
                &NewPlayer {
                    name: &p.name,
                    fide_id: fide_id.as_deref(),
                    fide_rating: p.rating,
                    federation: p.federation.as_deref(),
                    title: p.title.as_deref(),
                    ..Default::default()
                },
            )?,
        };
        let entry = players::enter(tx, &section, &player, Some(p.start_no), p.rating)?;
        if let Some(w) = rec.withdrawn_after {
            tx.execute(
                "UPDATE entry SET withdrawn_after = ?1 WHERE id = ?2",
                params![w, entry.id],
            )?;
        }
        entry_ids.push(entry.id);
    }
    let t = &trf.tournament;
    // Rounds are created up to the last one anyone took part in: a file
    // written mid-event (XXR = the planned rounds) has standings after the
    // rounds played, not after empty ones.
    let used = t
        .players
        .iter()
        .filter_map(|p| p.rounds.iter().rposition(|r| r.outcome != Outcome::Absent))
        .map(|i| i + 1)
        .max()
        .unwrap_or(0);
    for r in 0..used {
        let date = trf.round_dates.get(r).cloned().flatten();
        let round_id = ensure_round(tx, &section, r as u32 + 1, date.as_deref())?;
        for (i, p) in t.players.iter().enumerate() {
            let Some(round) = p.rounds.get(r) else {
                continue;
            };
            match (round.outcome, round.opponent) {
                (outcome, Some(o)) if outcome.is_paired() => {
                    // Each game once: from White's side, or the lower index when no colour.
                    let white_side = match round.colour {
                        Some(Colour::White) => true,
                        Some(Colour::Black) => false,
                        None => i < o,
                    };
                    if !white_side {
                        continue;
                    }
                    let result = match outcome {
                        Outcome::Win => GameResult::WhiteWins,
                        Outcome::Loss => GameResult::BlackWins,
                        Outcome::Draw => GameResult::Draw,
                        Outcome::ForfeitWin => GameResult::WhiteForfeitWin,
                        Outcome::ForfeitLoss => GameResult::BlackForfeitWin,
                        _ => GameResult::DoubleForfeit,
                    };
                    tx.prepare_cached(
                        "INSERT INTO game (round_id, section_id, white_entry, black_entry, result) VALUES (?1, ?2, ?3, ?4, ?5)",
                    )?
                    .execute(params![round_id, section.id, entry_ids[i], entry_ids[o], result.as_str()])
                    .map_err(|e| seasons::friendly(e, "game"))?;
                }
                // After a withdrawal the file's zero-point byes are simply the
                // rounds not played (the same in every tiebreak); a bye there
                // would contradict the withdrawal.
                (
                    Outcome::Bye {
                        kind: ByeKind::Zero,
                        ..
                    },
                    _,
                ) if p.withdrawn_after.is_some_and(|w| r as u32 >= w) => {}
                (Outcome::Bye { kind, requested }, _) => {
                    tx.prepare_cached(
                        "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (?1, ?2, ?3, ?4, ?5)",
                    )?
                    .execute(params![round_id, section.id, entry_ids[i], bye_kind_str(kind), requested])
                    .map_err(|e| seasons::friendly(e, "bye"))?;
                }
                // A forfeit win with no opponent named: the point without a game.
                (Outcome::ForfeitWin, None) => {
                    tx.execute(
                        "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (?1, ?2, ?3, 'full', 0)",
                        params![round_id, section.id, entry_ids[i]],
                    )?;
                }
                _ => {}
            }
        }
    }
    Ok((event, section))
}
