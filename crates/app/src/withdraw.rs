//! Withdrawing a player after a round (they are not paired after it), and
//! taking a withdrawal made by mistake back.

use crate::domain::league::{Entry, Event, Section};
use crate::error::{Error, Result};
use crate::store::player as players;
use crate::store::Writer;

/// Why a withdrawal (or its undoing) is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The round given is beyond the event's last round.
    #[error("{event} has only {rounds} rounds")]
    BeyondLastRound {
        /// The event's name.
        event: String,
        /// How many rounds the event has.
        rounds: u32,
    },
    /// The player already has games or byes in a later round: withdrawing
    /// them would leave results after their last round.
    #[error("{name} has games or byes recorded after round {after}.")]
    PlayedLater {
        /// The player's name.
        name: String,
        /// Their pairing number.
        pairing_no: u32,
        /// The round they were to withdraw after.
        after: u32,
    },
    /// Undo asked of a player who has not withdrawn.
    #[error("{name} has not withdrawn; there is nothing to undo")]
    NotWithdrawn {
        /// The player's name.
        name: String,
    },
}

/// What was recorded, for the echo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withdrawn {
    /// The player's name.
    pub name: String,
    /// Their pairing number.
    pub pairing_no: u32,
    /// The last round they took part in (0: before round 1); `None` when a
    /// withdrawal was undone.
    pub after: Option<u32>,
}

/// Record that `entry` withdrew after round `after` (0: before round 1):
/// refused beyond the event's rounds, and when the player has a game or a
/// bye in a later round. Logged with `reason`.
pub fn withdraw(
    tx: &Writer,
    event: &Event,
    section: &Section,
    entry: &Entry,
    after: u32,
    reason: Option<&str>,
) -> Result<Withdrawn> {
    if after > event.rounds {
        return Err(Error::refused(Refusal::BeyondLastRound {
            event: event.name.clone(),
            rounds: event.rounds,
        }));
    }
    if players::seats_after(tx, entry, after)? > 0 {
        return Err(Error::refused(Refusal::PlayedLater {
            name: entry.name.clone(),
            pairing_no: entry.pairing_no,
            after,
        }));
    }
    players::set_withdrawn(tx, event, section, entry, Some(after), reason)?;
    Ok(Withdrawn {
        name: entry.name.clone(),
        pairing_no: entry.pairing_no,
        after: Some(after),
    })
}

/// Take back a withdrawal recorded by mistake: the player is paired again
/// from the next round. Logged with `reason`.
pub fn undo_withdraw(
    tx: &Writer,
    event: &Event,
    section: &Section,
    entry: &Entry,
    reason: Option<&str>,
) -> Result<Withdrawn> {
    if entry.withdrawn_after.is_none() {
        return Err(Error::refused(Refusal::NotWithdrawn {
            name: entry.name.clone(),
        }));
    }
    players::set_withdrawn(tx, event, section, entry, None, reason)?;
    Ok(Withdrawn {
        name: entry.name.clone(),
        pairing_no: entry.pairing_no,
        after: None,
    })
}
