//! Pairing a team event's round from its records: the [`TeamField`] of
//! round N built from the teams, rosters and matches recorded, and a
//! pairing written back as team matches (each board's game with no result
//! yet) and a team bye, in one transaction.
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

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use super::audit::{audit_event, Action};
use super::constraint_error as friendly;
use super::pairing::{log_paired_again, number_seats, numbered, round_may_be_paired};
use super::round::ensure_round;
use super::team::{load_team_event, rules as team_rules, team_section};
use super::Readable;
use crate::domain::ids::{EntryId, TeamId};
use crate::domain::league::{Event, Section};
use crate::domain::names::fold;
use crate::domain::pairing::settings::{Numbering, PairingRules};
use crate::domain::pairing::team::{line_up, match_games, TeamEntrant, TeamField};
use crate::domain::pairing::{ByeKind, Colour, Pairing, Past, PointSystem};
use crate::domain::score::Points;
use crate::domain::team::{RoundKind, TeamRules};
use crate::error::{Error, Result};

/// A roster player as a line-up needs them: (entry id, name, rating).
type RosterPlayer = (EntryId, String, Option<u32>);

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

/// Rounds of the section with at least one match or team bye.
fn team_rounds(conn: &Connection, section: &Section) -> Result<Vec<u32>> {
    let mut st = conn.prepare(
        "SELECT DISTINCT r.number FROM team_match m JOIN round r ON r.id = m.round_id \
         WHERE r.section_id = ?1 ORDER BY r.number",
    )?;
    let rows = st
        .query_map([section.id], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<u32>>>()?;
    Ok(rows)
}

/// The round `league round pair` pairs when none is given: the one after
/// the last round with a match.
pub fn next_round(conn: &impl Readable, event: &Event) -> Result<u32> {
    let conn = super::sql(conn);
    let section = team_section(conn, event)?;
    Ok(team_rounds(conn, &section)?.last().copied().unwrap_or(0) + 1)
}

/// Initial numbers for a first pairing: by line-up rating, then name, or
/// drawn with `seed` (a splitmix64 shuffle, as for players).
fn first_numbers(seats: &mut [TeamSeat], numbering: Numbering, seed: u64) {
    number_seats(
        seats,
        numbering,
        seed,
        |a, b| {
            b.rating
                .unwrap_or(0)
                .cmp(&a.rating.unwrap_or(0))
                .then(fold(&a.name).cmp(&fold(&b.name)))
                .then(a.team_id.cmp(&b.team_id))
        },
        |s, n| s.number = n,
    );
}

/// Build the field of round `round` of a team event. Refuses (in words) a
/// round beyond the event, a round after one with no matches, a round
/// already paired unless `replace` (and then only while no result is in
/// and no later round has matches), a Swiss round while an earlier board
/// has no result, and teams with too few players for the boards.
pub fn plan(
    conn: &impl Readable,
    event: &Event,
    rules: &PairingRules,
    round: u32,
    replace: bool,
    seed: u64,
) -> Result<TeamPlan> {
    let conn = super::sql(conn);
    let section = team_section(conn, event)?;
    let round_robin = rules.system.is_round_robin();
    let paired = team_rounds(conn, &section)?;
    round_may_be_paired(
        round,
        event,
        &paired,
        &event.name,
        ("has no matches", "already has matches"),
    )?;
    let mut existing = 0;
    if paired.contains(&round) {
        let (matches, results): (i64, i64) = conn.query_row(
            "SELECT COUNT(m.team_b), \
               (SELECT COUNT(*) FROM game g JOIN team_match m2 ON m2.id = g.team_match_id \
                 JOIN round r2 ON r2.id = m2.round_id WHERE r2.section_id = ?1 AND r2.number = ?2 AND g.result IS NOT NULL) \
             + (SELECT COUNT(*) FROM team_board_forfeit f JOIN team_match m3 ON m3.id = f.team_match_id \
                 JOIN round r3 ON r3.id = m3.round_id WHERE r3.section_id = ?1 AND r3.number = ?2) \
             + (SELECT COUNT(*) FROM team_match m4 JOIN round r4 ON r4.id = m4.round_id \
                 WHERE r4.section_id = ?1 AND r4.number = ?2 AND m4.points_a_halves IS NOT NULL AND m4.team_b IS NOT NULL) \
             FROM team_match m JOIN round r ON r.id = m.round_id WHERE r.section_id = ?1 AND r.number = ?2",
            params![section.id, round],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        if !replace {
            return Err(Error::invalid(format!(
                "round {round} of {} is already paired ({matches} match{}); to pair it again give --replace (allowed until the first result is in)",
                event.name,
                if matches == 1 { "" } else { "es" }
            )));
        }
        if results > 0 {
            return Err(Error::invalid(format!(
                "round {round} of {} cannot be paired again: results are in; correct a match with `league match delete` and `league match record` instead",
                event.name
            )));
        }
        existing = matches.max(1) as usize;
    }

    let trules = team_rules(conn, event.id)?;
    let loaded = load_team_event(conn, event)?;
    if !round_robin && loaded.complete_rounds + 1 < round as usize {
        return Err(Error::invalid(format!(
            "round {round} of {} cannot be paired yet: round {} still has boards without a result; record them first (`league round missing` lists them)",
            event.name,
            loaded.complete_rounds + 1
        )));
    }
    if loaded.teams.is_empty() {
        return Err(Error::invalid(format!(
            "{} has no teams to pair; add them with `league team add`",
            event.name
        )));
    }

    // Rosters with each player's entry and rating, in board order.
    let mut rosters: HashMap<TeamId, Vec<(u32, RosterPlayer)>> = HashMap::new();
    {
        let mut st = conn.prepare(
            "SELECT ro.team_id, ro.board, e.id, p.name, COALESCE(e.rating, p.rating) \
             FROM roster ro JOIN player p ON p.id = ro.player_id \
             JOIN entry e ON e.player_id = ro.player_id AND e.section_id = ?2 \
             WHERE ro.event_id = ?1 ORDER BY ro.team_id, ro.board",
        )?;
        let rows = st.query_map(params![event.id, section.id], |r| {
            Ok((
                r.get::<_, TeamId>(0)?,
                r.get::<_, u32>(1)?,
                (r.get(2)?, r.get(3)?, r.get(4)?),
            ))
        })?;
        for row in rows {
            let (team, board, p) = row?;
            rosters.entry(team).or_default().push((board, p));
        }
    }
    let stored: HashMap<TeamId, Option<u32>> = {
        let mut st = conn.prepare("SELECT id, pairing_no FROM team WHERE event_id = ?1")?;
        let rows = st
            .query_map([event.id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<HashMap<TeamId, Option<u32>>>>()?;
        rows
    };
    let mut seats: Vec<TeamSeat> = loaded
        .teams
        .iter()
        .map(|t| {
            let roster = rosters.remove(&t.id).unwrap_or_default();
            let players = line_up(&roster, trules.boards);
            let rated: Vec<u32> = players
                .as_ref()
                .map(|l| l.iter().filter_map(|p| p.2).collect())
                .unwrap_or_default();
            TeamSeat {
                team_id: t.id,
                number: 0,
                stored_number: stored.get(&t.id).copied().flatten(),
                name: t.name.clone(),
                rating: (!rated.is_empty()).then(|| rated.iter().sum::<u32>() / rated.len() as u32),
                line_up: players.map(|l| l.into_iter().map(|p| (p.0, p.1)).collect()),
                withdrawn_after: t.withdrawn_after,
            }
        })
        .collect();
    let short: Vec<String> = seats
        .iter()
        .filter(|s| s.withdrawn_after.is_none_or(|w| w >= round))
        .filter_map(|s| {
            s.line_up.as_ref().err().map(|have| {
                format!(
                    "{} has {have} player{} on its roster and needs {}",
                    s.name,
                    if *have == 1 { "" } else { "s" },
                    trules.boards
                )
            })
        })
        .collect();
    if !short.is_empty() {
        return Err(Error::invalid(format!(
            "round {round} of {} cannot be paired: a match is on {} boards, and {}; add players with `league team roster TEAM NAME... --event \"{}\"`. Nothing was written",
            event.name,
            trules.boards,
            short.join("; "),
            event.name
        )));
    }

    // Initial numbers: given at the first pairing, then fixed; teams added
    // since take the next ones.
    let first = paired.is_empty();
    let mut renumber = false;
    if first {
        let numbering = if round_robin {
            rules.numbers
        } else {
            Numbering::Rating
        };
        first_numbers(&mut seats, numbering, seed);
        renumber = seats.iter().any(|s| s.stored_number != Some(s.number));
    } else {
        let mut next = seats
            .iter()
            .filter_map(|s| s.stored_number)
            .max()
            .unwrap_or(0);
        for s in &mut seats {
            s.number = match s.stored_number {
                Some(n) => n,
                None => {
                    next += 1;
                    renumber = true;
                    next
                }
            };
        }
        seats.sort_by_key(|s| s.number);
    }
    let number_of: HashMap<usize, u32> = loaded
        .teams
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            seats
                .iter()
                .find(|s| s.team_id == t.id)
                .map(|s| (i, s.number))
        })
        .collect();

    // Who had White on board 1 of each earlier match: (round, team id).
    let mut board_one: HashMap<(u32, TeamId), TeamId> = HashMap::new();
    {
        let mut st = conn.prepare(
            "SELECT r.number, m.team_a, m.team_b, COALESCE(ro.team_id, we.team_id) \
             FROM team_match m JOIN round r ON r.id = m.round_id \
             LEFT JOIN game g ON g.team_match_id = m.id AND g.board = 1 \
             LEFT JOIN entry we ON we.id = g.white_entry \
             LEFT JOIN roster ro ON ro.player_id = we.player_id AND ro.event_id = ?2 \
             WHERE r.section_id = ?1 AND m.team_b IS NOT NULL AND r.number < ?3",
        )?;
        let rows = st.query_map(params![section.id, event.id, round], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, TeamId>(1)?,
                r.get::<_, TeamId>(2)?,
                r.get::<_, Option<TeamId>>(3)?,
            ))
        })?;
        for row in rows {
            let (n, a, b, white) = row?;
            let white = white.filter(|w| *w == a || *w == b).unwrap_or(a);
            board_one.insert((n, a), white);
            board_one.insert((n, b), white);
        }
    }
    let records = loaded.event.after_round(round as usize - 1).records();
    let teams = seats
        .iter()
        .map(|s| {
            let index = loaded.index_of(s.team_id).unwrap_or(usize::MAX);
            let rows = records.get(index).cloned().unwrap_or_default();
            let mut history = vec![Past::Absent; round as usize - 1];
            let mut game_points = Points::ZERO;
            for (r, tr) in rows.iter().enumerate() {
                game_points += tr.game_points;
                let past = match tr.kind {
                    RoundKind::Played | RoundKind::Forfeit => {
                        let white = board_one.get(&(r as u32 + 1, s.team_id)).copied();
                        Past::Played {
                            opponent: tr
                                .opponent
                                .and_then(|o| number_of.get(&o).copied())
                                .unwrap_or(0),
                            colour: if white == Some(s.team_id) {
                                Colour::White
                            } else {
                                Colour::Black
                            },
                            points: tr.match_points,
                        }
                    }
                    RoundKind::Bye => Past::Bye {
                        kind: ByeKind::PairingAllocated,
                        points: tr.match_points,
                    },
                    RoundKind::Absent => Past::Absent,
                };
                if let Some(slot) = history.get_mut(r) {
                    *slot = past;
                }
            }
            TeamEntrant {
                number: s.number,
                name: s.name.clone(),
                history,
                game_points,
                available: s.withdrawn_after.is_none_or(|w| w >= round),
            }
        })
        .collect();
    Ok(TeamPlan {
        section,
        round,
        field: TeamField {
            round,
            total_rounds: event.rounds,
            initial_colour: rules.initial_colour,
            points: PointSystem {
                win: trules.match_win,
                draw: trules.match_draw,
                loss: trules.match_loss,
                forfeit_win: trules.match_win,
                forfeit_loss: trules.match_loss,
                pairing_bye: trules.bye_match_points,
            },
            teams,
        },
        seats,
        renumber,
        existing,
        rules: trules,
    })
}

/// Write a pairing of `plan.round`: initial numbers when given, the round's
/// earlier pairing deleted (logged) when replaced, then one match per
/// pairing board with its games (no result yet) and the team bye.
pub fn write(tx: &Transaction, event: &Event, plan: &TeamPlan, pairing: &Pairing) -> Result<()> {
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

/// How a command pairs a planned round (the engine, and its checks).
pub type PairFn<'a> = &'a dyn Fn(&TeamPlan) -> Result<Pairing>;

/// Plan round `round`, pair it with `pair` and, unless `dry_run`, write
/// it: all in one transaction.
#[allow(clippy::too_many_arguments)]
pub fn pair_round(
    store: &mut super::Store,
    event: &Event,
    rules: &PairingRules,
    round: u32,
    replace: bool,
    seed: u64,
    dry_run: bool,
    pair: PairFn,
) -> Result<(TeamPlan, Pairing)> {
    let run = |conn: &Connection| -> Result<(TeamPlan, Pairing)> {
        let plan = plan(conn, event, rules, round, replace, seed)?;
        let pairing = pair(&plan)?;
        Ok((plan, pairing))
    };
    if dry_run {
        return run(super::sql(store.conn()));
    }
    store.write(|tx| {
        let (plan, pairing) = run(tx)?;
        write(tx, event, &plan, &pairing)?;
        Ok((plan, pairing))
    })
}

/// Every round from `first` to the event's last, each planned once the one
/// before is written, in one transaction (`league event pair-all`).
pub fn pair_rounds(
    store: &mut super::Store,
    event: &Event,
    rules: &PairingRules,
    first: u32,
    seed: u64,
    pair: PairFn,
) -> Result<Vec<(TeamPlan, Pairing)>> {
    store.write(|tx| {
        let mut out = Vec::new();
        for round in first..=event.rounds {
            let plan = plan(tx, event, rules, round, false, seed)?;
            let pairing = pair(&plan)?;
            write(tx, event, &plan, &pairing)?;
            out.push((plan, pairing));
        }
        Ok(out)
    })
}

/// Whether round `round` of the event has a match or bye (for `league round
/// sheet`).
pub fn has_round(conn: &impl Readable, event: &Event, round: u32) -> Result<bool> {
    let conn = super::sql(conn);
    let section = team_section(conn, event)?;
    Ok(conn
        .query_row(
            "SELECT 1 FROM team_match m JOIN round r ON r.id = m.round_id \
             WHERE r.section_id = ?1 AND r.number = ?2 LIMIT 1",
            params![section.id, round],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}
