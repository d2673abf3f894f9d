//! Pairing a round ahead of the results (issue 27, slip 5): a Swiss round
//! N+1 is refused while round N has games without a result, since a Swiss
//! pairs by score; a round typed in by hand (a game or a round sheet) is
//! refused the same way, so the two ways in agree. A secretary who means it
//! (the results really will come later and the pairings were made on the
//! night) says why, and the log keeps it.

use super::{Refusal, Side};
use crate::domain::ids::EventId;
use crate::domain::league::Section;
use crate::error::{Error, Result};
use crate::store::ahead::log_paired_ahead;
use crate::store::round::{missing, Recorded};
use crate::store::Writer;

/// Whether a recording added anything a pairing makes (a game, or a bye the
/// pairing gave): only those depend on the earlier rounds' scores. Requested
/// byes and results of games already paired do not.
pub fn pairs_anything(done: &Recorded, assigned_byes: bool) -> bool {
    done.pairings > 0 || (assigned_byes && done.byes > 0)
}

/// Refuse round `number`'s new pairings while an earlier round of the
/// section has games without a result ([`Refusal::PendingResults`]),
/// unless `forced` gives the reason (kept in the log against the event).
pub fn check_earlier_results(
    tx: &Writer,
    event_id: EventId,
    section: &Section,
    number: u32,
    forced: Option<&str>,
) -> Result<()> {
    let m = missing(tx, section)?;
    let pending: Vec<_> = m.unreported.iter().filter(|(r, _)| *r < number).collect();
    let Some((round, first)) = pending.first() else {
        return Ok(());
    };
    let Some(reason) = forced else {
        return Err(Error::refused(Refusal::PendingResults {
            round: number,
            whose: section.name.clone(),
            side: Side::Players,
            earlier: *round,
            first: Some((first.white.name.clone(), first.black.name.clone())),
            more: pending.len() - 1,
        }));
    };
    let mut rounds: Vec<u32> = pending.iter().map(|(r, _)| *r).collect();
    rounds.dedup();
    let games = format!(
        "{} v {}{}",
        first.white.name,
        first.black.name,
        if pending.len() > 1 {
            format!(" and {} more", pending.len() - 1)
        } else {
            String::new()
        }
    );
    log_paired_ahead(tx, event_id, section, number, &rounds, &games, reason)
}
