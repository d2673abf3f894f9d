//! When a round is played: its date and start time (migration V30), given
//! where the round is paired or recorded, so the round page and the pairing
//! sheet can say "Wednesday 10 January 2024, 19:30".

use crate::domain::league::Section;
use crate::error::Result;
use crate::store::round as rounds;
use crate::store::Writer;

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
        rounds::ensure_round(tx, section, number, date)?;
    }
    if let Some(t) = time {
        rounds::set_start_time(tx, section, number, Some(t))?;
    }
    Ok(())
}
