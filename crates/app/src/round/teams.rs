//! A team event's round as the pairing engines see it: the [`TeamPlan`] of
//! round N built from the teams, rosters and matches recorded. The checks
//! a round shares with players (which round, already paired, results
//! pending) are [`super`]'s; the line-ups are team-only.
//!
//! - **Initial numbers**: given at the event's first pairing (no round has a
//!   match yet): by the average rating of the team's line-up (its first
//!   `boards` roster players; unrated players left out, a team with nobody
//!   rated last), then name; or, for a round robin whose event says
//!   `drawn`, by lot. A team added later gets the next number.
//! - **History**: each earlier round per team is a match (opponent, the
//!   team's colour on board 1, match points) or a team bye. A match known
//!   by its score alone, or whose board 1 was forfeited, counts the
//!   first-named team as White.
//! - **Line-ups**: the first `boards` players of each roster, in roster
//!   order; a team with fewer players than the boards stops the pairing.

use std::collections::HashMap;

use super::players::number_seats;
use super::{Refusal, Side};
use crate::domain::ids::TeamId;
use crate::domain::league::{Event, Section};
use crate::domain::names::fold;
use crate::domain::pairing::settings::{Numbering, PairingRules};
use crate::domain::pairing::team::{line_up, TeamEntrant, TeamField};
use crate::domain::pairing::{ByeKind, Colour, Past, PointSystem};
use crate::domain::score::Points;
use crate::domain::team::{RoundKind, TeamRules};
use crate::error::{Error, Result};
use crate::store::team::{load_team_event, rules as team_rules, team_section, LoadedTeamEvent};
use crate::store::team_pairing::{self as store, RosterPlayer, TeamPlan, TeamSeat};
use crate::store::Readable;

/// Build the plan of round `round` of a team event: the round checks shared
/// with players, then a Swiss round refused while an earlier board has no
/// result, and teams with too few players for the boards.
pub(super) fn plan(
    conn: &dyn Readable,
    event: &Event,
    rules: &PairingRules,
    round: u32,
    replace: bool,
    seed: u64,
) -> Result<TeamPlan> {
    let section = team_section(&conn, event)?;
    let super::ToPair {
        paired, existing, ..
    } = super::round_to_pair(conn, event, &section, Side::Teams, round, replace)?;
    let trules = team_rules(&conn, event.id)?;
    let loaded = load_team_event(&conn, event)?;
    if !rules.system.is_round_robin() && loaded.complete_rounds + 1 < round as usize {
        return Err(Error::refused(Refusal::PendingResults {
            round,
            whose: event.name.clone(),
            side: Side::Teams,
            earlier: loaded.complete_rounds as u32 + 1,
            first: None,
            more: 0,
        }));
    }
    if loaded.teams.is_empty() {
        return Err(Error::refused(Refusal::NobodyToPair {
            whose: event.name.clone(),
            side: Side::Teams,
        }));
    }
    let mut seats = seats(&conn, event, &section, &loaded, &trules)?;
    check_line_ups(&seats, event, round, trules.boards)?;
    let renumber = numbers(&mut seats, paired.is_empty(), rules, seed);
    let teams = entrants(&conn, event, &section, &loaded, &seats, round)?;
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

/// Every team with its line-up and the line-up's average rating.
fn seats(
    conn: &dyn Readable,
    event: &Event,
    section: &Section,
    loaded: &LoadedTeamEvent,
    trules: &TeamRules,
) -> Result<Vec<TeamSeat>> {
    let mut rosters: HashMap<TeamId, Vec<(u32, RosterPlayer)>> = HashMap::new();
    for r in store::rosters(&conn, event, section)? {
        rosters
            .entry(r.team_id)
            .or_default()
            .push((r.board, (r.entry_id, r.name, r.rating)));
    }
    let stored = store::stored_numbers(&conn, event)?;
    Ok(loaded
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
        .collect())
}

/// Every team that plays round `round` needs a full line-up.
fn check_line_ups(seats: &[TeamSeat], event: &Event, round: u32, boards: u32) -> Result<()> {
    let short: Vec<(String, usize)> = seats
        .iter()
        .filter(|s| s.withdrawn_after.is_none_or(|w| w >= round))
        .filter_map(|s| s.line_up.as_ref().err().map(|have| (s.name.clone(), *have)))
        .collect();
    if short.is_empty() {
        return Ok(());
    }
    Err(Error::refused(Refusal::ShortRosters {
        round,
        event: event.name.clone(),
        boards,
        short,
    }))
}

/// Initial numbers: given at the first pairing, then fixed; teams added
/// since take the next ones. Whether any number changes.
fn numbers(seats: &mut [TeamSeat], first: bool, rules: &PairingRules, seed: u64) -> bool {
    if first {
        let numbering = if rules.system.is_round_robin() {
            rules.numbers
        } else {
            Numbering::Rating
        };
        first_numbers(seats, numbering, seed);
        return seats.iter().any(|s| s.stored_number != Some(s.number));
    }
    let mut renumber = false;
    let mut next = seats
        .iter()
        .filter_map(|s| s.stored_number)
        .max()
        .unwrap_or(0);
    for s in seats.iter_mut() {
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
    renumber
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

/// Each team as the engine's entrant: its earlier rounds (the colour of a
/// match is its board 1's) and game points.
fn entrants(
    conn: &dyn Readable,
    event: &Event,
    section: &Section,
    loaded: &LoadedTeamEvent,
    seats: &[TeamSeat],
    round: u32,
) -> Result<Vec<TeamEntrant>> {
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
    let mut board_one: HashMap<(u32, TeamId), TeamId> = HashMap::new();
    for m in store::board_ones(&conn, event, section, round)? {
        let white = m
            .white
            .filter(|w| *w == m.team_a || *w == m.team_b)
            .unwrap_or(m.team_a);
        board_one.insert((m.round, m.team_a), white);
        board_one.insert((m.round, m.team_b), white);
    }
    let records = loaded.event.after_round(round as usize - 1).records();
    Ok(seats
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
        .collect())
}
