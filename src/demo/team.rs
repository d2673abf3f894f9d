//! The demo season's team event, "Club Team Swiss": six teams of four
//! boards with rosters, four rounds paired as a Swiss on match points, every
//! match recorded board by board, one team withdrawing after round 3 and so
//! one team bye in round 4. Recorded through the same store functions a
//! secretary's `league team` and `league match` commands use, from its own
//! seeded generator so the individual events stay exactly as they were.

use std::collections::HashSet;

use rusqlite::Transaction;

use super::game_result;
use super::rng::Rng;
use crate::domain::league::{EventKind, Season};
use crate::domain::score::Points;
use crate::error::Result;
use crate::store::player::{self as players, NewPlayer};
use crate::store::season::{self as seasons, NewEvent};
use crate::store::team::{self as teams, TeamRow};
use crate::store::team_match::{self as matches, MatchDetails, NewBoard};

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
pub fn generate(tx: &Transaction, season: &Season, seed: u64) -> Result<()> {
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
    let mut used = HashSet::new();
    let mut rows: Vec<TeamRow> = Vec::new();
    // (team index, board) -> (name, rating), boards in rating order.
    let mut lineups: Vec<Vec<(String, u32)>> = Vec::new();
    for (name, short) in TEAMS {
        let team = teams::add_team(tx, &event, name, Some(short))?;
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
            teams::add_to_roster(tx, &event, &team, &p, None)?;
        }
        rows.push(team);
        lineups.push(members);
    }
    let n = rows.len();
    let mut match_points = vec![Points::ZERO; n];
    let mut game_points = vec![Points::ZERO; n];
    let mut met: HashSet<(usize, usize)> = HashSet::new();
    let withdrawn = n - 1;
    for round in 1..=4u32 {
        let mut active: Vec<usize> = (0..n).filter(|&t| round < 4 || t != withdrawn).collect();
        if round == 4 {
            // The last team withdrew after round 3: the team with the fewest
            // match points that has not had a bye sits out.
            active.sort_by_key(|&t| (match_points[t], game_points[t], std::cmp::Reverse(t)));
            let bye = active.remove(0);
            matches::record_bye(tx, &event, round, &rows[bye], Some(DATES[3]))?;
            match_points[bye] += Points::ONE;
            game_points[bye] += Points::whole(4);
        }
        // Swiss order: match points, then game points, then seed.
        active.sort_by_key(|&t| {
            (
                std::cmp::Reverse(match_points[t]),
                std::cmp::Reverse(game_points[t]),
                t,
            )
        });
        let pairs =
            pair(&active, &met).unwrap_or_else(|| active.chunks(2).map(|c| (c[0], c[1])).collect());
        for (i, &(home, away)) in pairs.iter().enumerate() {
            // Alternate which team is named first (White on boards 1 and 3).
            let (home, away) = if (i + round as usize).is_multiple_of(2) {
                (home, away)
            } else {
                (away, home)
            };
            met.insert((home.min(away), home.max(away)));
            let mut boards = Vec::new();
            let (mut hp, mut ap) = (Points::ZERO, Points::ZERO);
            for (b, (h, a)) in lineups[home].iter().zip(&lineups[away]).enumerate() {
                let (white, black) = if b % 2 == 0 { (h, a) } else { (a, h) };
                let result = game_result(&mut rng, white.1, black.1);
                let home_white = b % 2 == 0;
                let (x, y) = teams::outcome_for_home(result, home_white).points();
                hp += x;
                ap += y;
                boards.push(NewBoard {
                    board: b as u32 + 1,
                    white: white.0.clone(),
                    black: black.0.clone(),
                    result,
                    origin: None,
                });
            }
            matches::record_match(
                tx,
                &event,
                round,
                &rows[home],
                &rows[away],
                &MatchDetails::Boards(boards),
                Some(DATES[round as usize - 1]),
            )?;
            game_points[home] += hp;
            game_points[away] += ap;
            let (mh, ma) = if hp > ap {
                (Points::ONE, Points::ZERO)
            } else if hp < ap {
                (Points::ZERO, Points::ONE)
            } else {
                (Points::HALF, Points::HALF)
            };
            match_points[home] += mh;
            match_points[away] += ma;
        }
        if round == 3 {
            teams::withdraw_team(
                tx,
                &event,
                &rows[withdrawn],
                3,
                Some("the team could not field four players for the last round"),
            )?;
        }
    }
    Ok(())
}

/// Pair `order` top-down without rematches (backtracking); `None` when no
/// such pairing exists.
fn pair(order: &[usize], met: &HashSet<(usize, usize)>) -> Option<Vec<(usize, usize)>> {
    let Some((&first, rest)) = order.split_first() else {
        return Some(Vec::new());
    };
    for (i, &other) in rest.iter().enumerate() {
        if met.contains(&(first.min(other), first.max(other))) {
            continue;
        }
        let remaining: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &t)| t)
            .collect();
        if let Some(mut tail) = pair(&remaining, met) {
            tail.insert(0, (first, other));
            return Some(tail);
        }
    }
    None
}
