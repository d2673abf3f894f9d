//! Pairing a team event's round from its records: the [`TeamField`] of
//! round N built from the teams, rosters and matches recorded, and a
//! pairing written back as team matches (each board's game with no result
//! yet) and a team bye, in one transaction. Which rounds are paired and
//! what a round holds are asked as for players ([`super::pairing`]).
//!
//! Rules applied here (docs/pairing.md has them for the secretary):
//! - **Initial numbers**: given at the event's first pairing (no round has a
//!   match yet) and stored in `team.pairing_no` (V22): by the average rating
//!   of the team's line-up (its first `boards` roster players; unrated
//!   players left out of the average, a team with nobody rated last), then
//!   name; or, for a round robin whose event says `drawn`, by lot. A team
//!   added later gets the next number at the next pairing.
//! - **History**: each earlier round per team is a match (opponent, the
//!   team's colour on board 1, match points) or a team bye. The colour on
//!   board 1 is read from board 1's game; a match known by its score alone,
//!   or whose board 1 was forfeited, counts the first-named team as White.
//! - **Line-ups**: the first `boards` players of each roster, in roster
//!   order; a team with fewer players on its roster than the event's boards
//!   stops the pairing, named with how many it needs, and nothing is
//!   written. A match sheet recorded later (`league match record`) replaces
//!   the paired line-up.
//! - **Writing**: one `team_match` per pairing board, the team with White
//!   on board 1 first; its games board by board, colours alternating; the
//!   pairing-allocated bye as a team bye (worth what the team rules say).

use std::collections::HashMap;

use crate::Writer;
use rusqlite::params;

use super::audit::{audit_event, Action};
use super::constraint_error as friendly;
use super::pairing::{log_paired_again, numbered};
use super::round::ensure_round;
use super::Readable;
use crate::domain::ids::{EntryId, TeamId};
use crate::domain::league::{Event, Section};
use crate::domain::pairing::team::{match_games, TeamField};
use crate::domain::pairing::{ByeKind, Pairing};
use crate::domain::team::TeamRules;
use crate::error::{Error, Result};

/// A roster player as a line-up needs them: (entry id, name, rating).
pub type RosterPlayer = (EntryId, String, Option<u32>);

/// One team as the pairing sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamSeat {
    /// The team's row.
    pub team_id: TeamId,
    /// The initial number the field uses (after numbering, at a first pairing).
    pub number: u32,
    /// The number stored now, if any.
    pub stored_number: Option<u32>,
    /// The team's name.
    pub name: String,
    /// Average rating of the line-up's rated players.
    pub rating: Option<u32>,
    /// The line-up (entry id, name) in board order, or how many players the
    /// roster has when too few.
    pub line_up: std::result::Result<Vec<(EntryId, String)>, usize>,
    /// If the team withdrew: the last round it is paired in.
    pub withdrawn_after: Option<u32>,
}

/// Everything needed to pair round N of a team event and write it.
#[derive(Clone, Debug)]
pub struct TeamPlan {
    /// The event's one section.
    pub section: Section,
    /// The round being paired.
    pub round: u32,
    /// The teams as the pairing engine sees them.
    pub field: TeamField,
    /// Every team, in initial-number order.
    pub seats: Vec<TeamSeat>,
    /// Initial numbers are given at this pairing.
    pub renumber: bool,
    /// Matches and byes of round N already there (to be replaced).
    pub existing: usize,
    /// The event's team pairing rules.
    pub rules: TeamRules,
}

impl TeamPlan {
    /// The team with initial number `n`.
    pub fn seat(&self, n: u32) -> Option<&TeamSeat> {
        self.seats.iter().find(|s| s.number == n)
    }
}

/// A roster player as a line-up needs them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterRow {
    /// The team.
    pub team_id: TeamId,
    /// Their place on the roster.
    pub board: u32,
    /// Their entry in the event's section.
    pub entry_id: EntryId,
    /// Their name.
    pub name: String,
    /// Their rating (the entry's, else the player's).
    pub rating: Option<u32>,
}

/// Every roster of the event, by team and roster order.
pub fn rosters(conn: &impl Readable, event: &Event, section: &Section) -> Result<Vec<RosterRow>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT ro.team_id, ro.board, e.id AS entry_id, p.name, COALESCE(e.rating, p.rating) AS rating \
         FROM roster ro JOIN player p ON p.id = ro.player_id \
         JOIN entry e ON e.player_id = ro.player_id AND e.section_id = ?2 \
         WHERE ro.event_id = ?1 ORDER BY ro.team_id, ro.board",
    )?;
    let rows = st
        .query_map(params![event.id, section.id], |r| {
            Ok(RosterRow {
                team_id: r.get("team_id")?,
                board: r.get("board")?,
                entry_id: r.get("entry_id")?,
                name: r.get("name")?,
                rating: r.get("rating")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Each team's stored initial number, if it has one.
pub fn stored_numbers(conn: &impl Readable, event: &Event) -> Result<HashMap<TeamId, Option<u32>>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare("SELECT id, pairing_no FROM team WHERE event_id = ?1")?;
    let rows = st
        .query_map([event.id], |r| Ok((r.get("id")?, r.get("pairing_no")?)))?
        .collect::<rusqlite::Result<HashMap<TeamId, Option<u32>>>>()?;
    Ok(rows)
}

/// An earlier match and the team whose player had White on board 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardOne {
    /// The round.
    pub round: u32,
    /// The first-named team.
    pub team_a: TeamId,
    /// The second-named team.
    pub team_b: TeamId,
    /// The team of board 1's White, when board 1 has a game.
    pub white: Option<TeamId>,
}

/// Every match before `round`, with who had White on board 1.
pub fn board_ones(
    conn: &impl Readable,
    event: &Event,
    section: &Section,
    round: u32,
) -> Result<Vec<BoardOne>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT r.number AS round, m.team_a, m.team_b, COALESCE(ro.team_id, we.team_id) AS white \
         FROM team_match m JOIN round r ON r.id = m.round_id \
         LEFT JOIN game g ON g.team_match_id = m.id AND g.board = 1 \
         LEFT JOIN entry we ON we.id = g.white_entry \
         LEFT JOIN roster ro ON ro.player_id = we.player_id AND ro.event_id = ?2 \
         WHERE r.section_id = ?1 AND m.team_b IS NOT NULL AND r.number < ?3",
    )?;
    let rows = st
        .query_map(params![section.id, event.id, round], |r| {
            Ok(BoardOne {
                round: r.get("round")?,
                team_a: r.get("team_a")?,
                team_b: r.get("team_b")?,
                white: r.get("white")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Write a pairing of `plan.round`: initial numbers when given, the round's
/// earlier pairing deleted (logged) when replaced, then one match per
/// pairing board with its games (no result yet) and the team bye.
pub fn write(tx: &Writer, event: &Event, plan: &TeamPlan, pairing: &Pairing) -> Result<()> {
    let section = &plan.section;
    if plan.renumber {
        tx.execute(
            "UPDATE team SET pairing_no = NULL WHERE event_id = ?1",
            [event.id],
        )?;
        let mut st = tx.prepare_cached("UPDATE team SET pairing_no = ?1 WHERE id = ?2")?;
        for s in &plan.seats {
            st.execute(params![s.number, s.team_id])?;
        }
        audit_event(
            tx,
            Some(event.id),
            Action::Edit,
            &format!("team numbers of {} {}", event.season, event.name),
            None,
            Some(&numbered(
                plan.seats.iter().map(|s| (s.number, s.name.as_str())),
            )),
            Some("given at the first pairing"),
        )?;
    }
    let round_id = ensure_round(tx, section, plan.round, None)?;
    if plan.existing > 0 {
        let old: Vec<String> = tx
            .prepare(
                "SELECT ta.name || COALESCE(' v ' || tb.name, ' (team bye)') FROM team_match m \
                 JOIN team ta ON ta.id = m.team_a LEFT JOIN team tb ON tb.id = m.team_b \
                 WHERE m.round_id = ?1 ORDER BY m.id",
            )?
            .query_map([round_id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        tx.execute("DELETE FROM team_match WHERE round_id = ?1", [round_id])?;
        log_paired_again(tx, event, &event.name, plan.round, &old)?;
    }
    let seat = |n: u32| -> Result<&TeamSeat> {
        plan.seat(n).ok_or_else(|| {
            Error::invalid(format!(
                "the pairing names team {n}, which is not in {}",
                event.name
            ))
        })
    };
    let players = |s: &TeamSeat| -> Result<Vec<EntryId>> {
        s.line_up
            .as_ref()
            .map(|l| l.iter().map(|p| p.0).collect())
            .map_err(|have| {
                Error::invalid(format!(
                    "{} has {have} players on its roster and needs {}",
                    s.name, plan.rules.boards
                ))
            })
    };
    for b in &pairing.boards {
        let (white, black) = (seat(b.white)?, seat(b.black)?);
        tx.execute(
            "INSERT INTO team_match (round_id, section_id, team_a, team_b) VALUES (?1, ?2, ?3, ?4)",
            params![round_id, section.id, white.team_id, black.team_id],
        )
        .map_err(|e| friendly(e, "match"))?;
        let match_id = tx.last_insert_rowid();
        let mut st = tx.prepare_cached(
            "INSERT INTO game (round_id, section_id, board, white_entry, black_entry, team_match_id, result) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL)",
        )?;
        for (board, w, bl) in match_games(&players(white)?, &players(black)?, plan.rules.boards) {
            st.execute(params![round_id, section.id, board, w, bl, match_id])
                .map_err(|e| friendly(e, "game"))?;
        }
    }
    for &(n, kind) in &pairing.byes {
        if kind == ByeKind::PairingAllocated {
            tx.execute(
                "INSERT INTO team_match (round_id, section_id, team_a, team_b) VALUES (?1, ?2, ?3, NULL)",
                params![round_id, section.id, seat(n)?.team_id],
            )
            .map_err(|e| friendly(e, "team bye"))?;
        }
    }
    Ok(())
}
