//! A team's roster: who may be put on it and on which board, and who may
//! be taken off. The store writes the line; the rules live here.

use super::Refusal;
use crate::domain::league::{Event, Player};
use crate::error::{Error, Result};
use crate::store::team::{self as teams, RosterRow, TeamRow};
use crate::store::Writer;

/// Put `player` on `team`'s roster at `board` (default: after its last
/// board). Refused for a player already on a roster of the event (a player
/// plays for one team in an event), board 0, and a board another player
/// of the team holds.
pub fn put_on_roster(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    player: &Player,
    board: Option<u32>,
) -> Result<RosterRow> {
    let all = teams::rosters(tx, event.id)?;
    if let Some(r) = all.iter().find(|r| r.player_id == player.id) {
        return Err(Error::refused(already_on(tx, event, team, player, r)?));
    }
    let ours: Vec<&RosterRow> = all.iter().filter(|r| r.team_id == team.id).collect();
    let board = match board {
        Some(0) => return Err(Error::refused(Refusal::BoardZero)),
        Some(b) => match ours.iter().find(|r| r.board == b) {
            Some(r) => {
                return Err(Error::refused(Refusal::BoardTaken {
                    board: b,
                    team: team.name.clone(),
                    holder: r.name.clone(),
                }))
            }
            None => b,
        },
        None => ours.iter().map(|r| r.board).max().unwrap_or(0) + 1,
    };
    teams::add_to_roster(tx, event, team, player, board)
}

/// The refusal for `player`, already on a roster (`line`) of `event`.
fn already_on(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    player: &Player,
    line: &RosterRow,
) -> Result<Refusal> {
    if line.team_id == team.id {
        return Ok(Refusal::AlreadyOnRoster {
            player: player.name.clone(),
            team: team.name.clone(),
            board: line.board,
        });
    }
    let other = teams::teams(tx, event.id)?
        .into_iter()
        .find(|t| t.id == line.team_id)
        .map(|t| t.name)
        .unwrap_or_default();
    Ok(Refusal::OnAnotherRoster {
        player: player.name.clone(),
        other,
        event: event.name.clone(),
    })
}

/// Take `player` off `team`'s roster and out of the event's section.
/// Refused once they have played (or been forfeited on) a board: their
/// games count for the team.
pub fn take_off_roster(tx: &Writer, event: &Event, team: &TeamRow, player: &Player) -> Result<()> {
    let on = teams::rosters(tx, event.id)?
        .into_iter()
        .find(|r| r.player_id == player.id && r.team_id == team.id)
        .ok_or_else(|| {
            Error::not_found(format!("{} is not on {}'s roster", player.name, team.name))
        })?;
    if teams::boards_played(tx, event, player)? > 0 {
        return Err(Error::refused(Refusal::HasPlayed {
            player: player.name.clone(),
            team: team.name.clone(),
            event: event.name.clone(),
        }));
    }
    teams::remove_from_roster(tx, event, team, player, &on)
}
