//! A round's sheet for either kind of event: a section's boards and byes
//! ([`Sheet`]) or a team event's matches and their boards ([`TeamSheet`]),
//! made from a pairing just planned or written ([`planned`]) or read from
//! a recorded round ([`recorded_round`]). The front ends print it one way
//! for both; only what a sheet holds differs (a team's line-ups).

use std::collections::HashSet;

use super::teams::{recorded_matches, TeamSheet};
use super::{recorded, Sheet, SheetBoard, SheetBye, SheetPlayer};
use crate::app::round::pair::{Planned, Preview};
use crate::domain::ids::MatchId;
use crate::domain::league::{Event, Section};
use crate::domain::pairing::round_robin::{RoundRobin, Table};
use crate::domain::pairing::settings::SystemKind;
use crate::domain::pairing::team::match_games;
use crate::domain::pairing::ByeKind;
use crate::domain::score::Points;
use crate::error::Result;
use crate::store::pairing::Plan;
use crate::store::team_match::{BoardRow, MatchRow};
use crate::store::team_pairing::{TeamPlan, TeamSeat};
use crate::store::Readable;

/// A round's sheet: a section's, or a team event's.
#[derive(Clone, Debug)]
pub enum RoundSheet {
    /// A section's boards, byes and alphabetical list.
    Players(Sheet),
    /// A team event's matches, board by board, and team byes.
    Teams(TeamSheet),
}

impl RoundSheet {
    /// The printable page (the same head, print CSS and page frame for both).
    pub fn html(&self) -> String {
        match self {
            RoundSheet::Players(s) => s.html(),
            RoundSheet::Teams(s) => s.html(),
        }
    }
}

/// The sheet of a round already paired in `section` (a team event's: its
/// one section); `None` when round `round` holds no pairing.
pub fn recorded_round(
    conn: &impl Readable,
    event: &Event,
    section: &Section,
    round: u32,
) -> Result<Option<RoundSheet>> {
    Ok(if event.kind.is_team() {
        recorded_matches(conn, event, section, round)?.map(RoundSheet::Teams)
    } else {
        recorded(conn, event, section, round)?.map(RoundSheet::Players)
    })
}

/// The sheet of a pairing as planned (shown before it is written, or just
/// written): scores before the round, no results; the round's date is the
/// caller's to add.
pub fn planned(shown: &Preview) -> RoundSheet {
    match &shown.planned {
        Planned::Players(plan) => RoundSheet::Players(players_sheet(shown, plan)),
        Planned::Teams(plan) => RoundSheet::Teams(team_sheet(shown, plan)),
    }
}

/// A section's pairing as a [`Sheet`].
fn players_sheet(shown: &Preview, plan: &Plan) -> Sheet {
    let player = |n: u32| seat_player(plan, n);
    let mut placed = HashSet::new();
    let boards = shown
        .pairing
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            placed.insert(b.white);
            placed.insert(b.black);
            SheetBoard {
                board: i as u32 + 1,
                white: player(b.white),
                black: player(b.black),
                result: None,
            }
        })
        .collect();
    let byes = shown
        .pairing
        .byes
        .iter()
        .map(|&(n, k)| {
            placed.insert(n);
            SheetBye {
                player: player(n),
                requested: k != ByeKind::PairingAllocated,
                late_entry: false,
                points: match k {
                    ByeKind::PairingAllocated => shown.rules.bye.points(),
                    ByeKind::RequestedFull => Points::ONE,
                    ByeKind::RequestedHalf => Points::HALF,
                    ByeKind::RequestedZero => Points::ZERO,
                },
            }
        })
        .collect();
    Sheet {
        event: shown.event.name.clone(),
        section: plan.section.name.clone(),
        round: plan.round,
        system: shown.system.label().to_string(),
        boards,
        byes,
        unpaired: unpaired(shown, plan, &placed),
        when: Default::default(),
    }
}

/// Player number `n` of a plan as a sheet shows them.
fn seat_player(plan: &Plan, n: u32) -> SheetPlayer {
    let seat = plan.seat(n);
    let entrant = plan.field.entrants.iter().find(|e| e.number == n);
    SheetPlayer {
        number: n,
        name: seat.map(|s| s.name.clone()).unwrap_or_default(),
        rating: seat.and_then(|s| s.rating),
        score: entrant.map(|e| e.score()).unwrap_or(Points::ZERO),
    }
}

/// Players present but not `placed` on a board or a bye, with why: in a
/// round robin, the table's opponent who is not playing.
fn unpaired(shown: &Preview, plan: &Plan, placed: &HashSet<u32>) -> Vec<(SheetPlayer, String)> {
    let (kind, rules) = (shown.system, &shown.rules);
    let idle: Vec<(u32, u32)> = if kind.is_round_robin() {
        RoundRobin {
            table: if kind == SystemKind::Crenshaw {
                Table::Crenshaw
            } else {
                Table::Berger
            },
            cycles: if rules.double_round_robin { 2 } else { 1 },
        }
        .idle(&plan.field)
    } else {
        vec![]
    };
    plan.field
        .entrants
        .iter()
        .filter(|e| e.available && !placed.contains(&e.number))
        .map(|e| {
            let why = match idle.iter().find(|(p, _)| *p == e.number) {
                Some((_, o)) => format!(
                    "no game this round (the table's opponent, {}, is not playing)",
                    plan.seat(*o).map(|s| s.name.as_str()).unwrap_or("?")
                ),
                None => "no game this round".to_string(),
            };
            (seat_player(plan, e.number), why)
        })
        .collect()
}

/// A team event's pairing as a [`TeamSheet`]: each match with its boards
/// from the two line-ups (the team with White on board 1 first), then the
/// team bye.
fn team_sheet(shown: &Preview, plan: &TeamPlan) -> TeamSheet {
    let name = |n: u32| plan.seat(n).map(|s| s.name.clone()).unwrap_or_default();
    let row = |team_a: String, team_b: Option<String>, boards: Vec<BoardRow>| MatchRow {
        id: MatchId(0),
        round: plan.round,
        team_a,
        team_b,
        score: None,
        boards,
    };
    let mut matches: Vec<MatchRow> = shown
        .pairing
        .boards
        .iter()
        .map(|b| {
            let boards = match_games(
                &line_up(plan.seat(b.white)),
                &line_up(plan.seat(b.black)),
                plan.rules.boards,
            )
            .into_iter()
            .map(|(board, white, black)| BoardRow {
                board: Some(board),
                white,
                black,
                white_is_a: board % 2 == 1,
                result: None,
            })
            .collect();
            row(name(b.white), Some(name(b.black)), boards)
        })
        .collect();
    for &(n, k) in &shown.pairing.byes {
        if k == ByeKind::PairingAllocated {
            matches.push(row(name(n), None, vec![]));
        }
    }
    TeamSheet {
        event: shown.event.name.clone(),
        round: plan.round,
        matches,
    }
}

/// A team's line-up by name, in board order (empty when it is short).
fn line_up(seat: Option<&TeamSeat>) -> Vec<String> {
    seat.and_then(|s| s.line_up.as_ref().ok())
        .map(|l| l.iter().map(|p| p.1.clone()).collect())
        .unwrap_or_default()
}
