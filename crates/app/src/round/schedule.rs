//! When a round is played: its date and start time (migration V30), given
//! where the round is paired or recorded, so the round page and the pairing
//! sheet can say "Wednesday 10 January 2024, 19:30".

use super::Refusal;
use crate::domain::league::{Event, Section};
use crate::error::{Error, Result};
use crate::store::round as rounds;
use crate::store::season::event_by_id;
use crate::store::Writer;

/// Refuse round `number` of `event` when it is 0 or beyond the event's
/// rounds: the check every action that records a round makes before it
/// creates it.
pub fn round_in_event(event: &Event, number: u32) -> Result<()> {
    if number == 0 {
        return Err(Error::refused(Refusal::NoRoundZero));
    }
    if number > event.rounds {
        return Err(Error::refused(Refusal::BeyondEvent {
            round: number,
            event: event.name.clone(),
            rounds: event.rounds,
        }));
    }
    Ok(())
}

/// Record round `number`'s date and start time, each when given (the
/// round is created if it is not yet; a changed date or time is logged as
/// a correction). `time` is HH:MM, as `domain::text::clock_time` gives it.
pub fn schedule(
    tx: &Writer,
    section: &Section,
    number: u32,
    date: Option<&str>,
    time: Option<&str>,
) -> Result<()> {
    if date.is_some() || time.is_some() {
        round_in_event(&event_by_id(tx, section.event_id)?, number)?;
        rounds::ensure_round(tx, section, number, date)?;
    }
    if let Some(t) = time {
        rounds::set_start_time(tx, section, number, Some(t))?;
    }
    Ok(())
}
