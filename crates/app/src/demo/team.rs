//! The demo season's team event, "Club Team Swiss": six teams of four
//! boards with rosters, four rounds, every match recorded board by board,
//! one team withdrawing after round 3 and so one team bye in round 4.
//!
//! Each round is paired as `league round pair` pairs a team event (issue
//! 15), by [`crate::app::round::pair::pair`]: the round planned from what is recorded,
//! the event's system (the FIDE Dutch system, the team Swiss default, on
//! match points, then game points: C.04.6) through the team pairing, the
//! pairing written with its team bye; only then are the round's results drawn from the generator and
//! each match recorded over its paired line-up as `league match record`
//! records it (the team with White on board 1 named first). So no two
//! teams meet twice and every round is what the engine makes of the rounds
//! before it. Recorded through the store's functions, from its own seeded
//! generator so the individual events stay exactly as they were.

use std::collections::HashSet;

use super::game_result;
use super::rng::Rng;
use crate::domain::league::{Event, EventKind, Season};
use crate::domain::pairing::team::match_games;
use crate::error::{Error, Result};
use crate::store::player::{self as players, NewPlayer};
use crate::store::season::{self as seasons, NewEvent};
use crate::store::team::{self as teams, TeamRow};
use crate::store::team_match::{MatchDetails, NewBoard};
use crate::store::Writer;

/// The demo team event's name.
pub const TEAM_EVENT: &str = "Club Team Swiss";

const TEAMS: &[(&str, &str)] = &[
    ("Riverside Rooks", "RR"),
    ("Hilltop Knights", "HK"),
    ("Old Town Bishops", "OTB"),
    ("Harbour Pawns", "HP"),
    ("Mill Lane Kings", "MLK"),
    ("Station Road Queens", "SRQ"),
];

const FIRST: &[&str] = &[
    "Ada", "Bruno", "Clara", "Dmitri", "Esme", "Felix", "Greta", "Hugo", "Isla", "Jonas", "Kira",
    "Leon", "Maya", "Noah", "Opal", "Piet", "Rhea", "Sven",
];
const LAST: &[&str] = &[
    "Abbott",
    "Bergstrom",
    "Calloway",
    "Delacroix",
    "Ellison",
    "Fontaine",
    "Grieve",
    "Halloran",
    "Ito",
    "Jovanovic",
    "Kerrigan",
    "Lachance",
    "Mbeki",
    "Norgaard",
];

const DATES: [&str; 4] = ["2023-04-25", "2023-05-02", "2023-05-09", "2023-05-16"];

/// Add the team event to `season`.
pub fn generate(tx: &Writer, season: &Season, seed: u64) -> Result<()> {
    let mut rng = Rng::new(seed ^ 0x7EA4_5EED);
    let event = seasons::add_event(
        tx,
        season,
        &NewEvent {
            name: TEAM_EVENT,
            kind: EventKind::TeamSwiss,
            rounds: 4,
            start_date: Some(DATES[0]),
            end_date: Some(DATES[3]),
            tiebreaks: EventKind::TeamSwiss.default_tiebreaks(),
            actual_play_first: false,
            fide_edition: None,
            sb_adjusted: false,
            coin_allowed: false,
        },
    )?;
    seasons::add_section(tx, &event, "Teams", None, None)?;
    // (team index, board) -> (name, rating), boards in rating order.
    let (rows, lineups) = add_teams(tx, &event, &mut rng)?;
    let section = crate::store::team::team_section(tx, &event)?;
    for round in 1..=4u32 {
        // Paired as `league round pair` pairs it (the teams' initial
        // numbers given at round 1, the pairing written with its team bye),
        // and only then are the round's results drawn.
        let req = crate::app::round::pair::Request {
            round: Some(round),
            system: None,
            replace: false,
            seed,
        };
        let (shown, _) = crate::app::round::pair::pair(tx, &event, &section, &req)?;
        let crate::app::round::pair::Planned::Teams(plan) = &shown.planned else {
            return Err(Error::invalid(format!("{TEAM_EVENT} is not a team event")));
        };
        let pairing = &shown.pairing;
        let team_of = |n: u32| -> Result<usize> {
            plan.seat(n)
                .and_then(|s| rows.iter().position(|r| r.id == s.team_id))
                .ok_or_else(|| Error::invalid(format!("the pairing names team {n}")))
        };
        for b in &pairing.boards {
            // The team with White on board 1 is named first, as paired.
            let (home, away) = (team_of(b.white)?, team_of(b.black)?);
            let boards = match_games(&lineups[home], &lineups[away], 4)
                .into_iter()
                .map(|(board, white, black)| NewBoard {
                    board,
                    white: white.0.clone(),
                    black: black.0.clone(),
                    result: game_result(&mut rng, white.1, black.1),
                    origin: None,
                })
                .collect();
            crate::team::record_match(
                tx,
                &event,
                round,
                &rows[home],
                &rows[away],
                &MatchDetails::Boards(boards),
                Some(DATES[round as usize - 1]),
                None,
            )?;
        }
        if round == 3 {
            // The last team cannot field four players for round 4: five
            // teams are left, so the engine gives one of them the team bye.
            teams::withdraw_team(
                tx,
                &event,
                &rows[rows.len() - 1],
                3,
                Some("the team could not field four players for the last round"),
            )?;
        }
    }
    Ok(())
}

/// The event's teams, each with four new players on its roster, strongest
/// first: the teams' rows, and each team's (name, rating) by board.
#[allow(clippy::type_complexity)]
fn add_teams(
    tx: &Writer,
    event: &Event,
    rng: &mut Rng,
) -> Result<(Vec<TeamRow>, Vec<Vec<(String, u32)>>)> {
    let mut used = HashSet::new();
    let mut rows: Vec<TeamRow> = Vec::new();
    let mut lineups: Vec<Vec<(String, u32)>> = Vec::new();
    for (name, short) in TEAMS {
        let team = teams::add_team(tx, event, name, Some(short))?;
        let mut members = Vec::new();
        while members.len() < 4 {
            let n = format!(
                "{} {}",
                FIRST[rng.below(FIRST.len() as u64) as usize],
                LAST[rng.below(LAST.len() as u64) as usize]
            );
            if used.insert(n.clone()) {
                members.push((n, rng.range(1150, 1950) as u32));
            }
        }
        members.sort_by_key(|m| std::cmp::Reverse(m.1));
        for (n, rating) in &members {
            let p = players::add_player(
                tx,
                &NewPlayer {
                    name: n,
                    rating: Some(*rating),
                    ..Default::default()
                },
            )?;
            crate::team::put_on_roster(tx, event, &team, &p, None)?;
        }
        rows.push(team);
        lineups.push(members);
    }
    Ok((rows, lineups))
}
