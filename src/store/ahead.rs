//! Pairing a round ahead of the results (issue 27, slip 5): `league round
//! pair` refuses round N+1 while round N has games without a result, since a
//! Swiss pairs by score; a round typed in by hand (`league game add`,
//! `league round record`) is refused the same way, so the two ways in agree.
//! A secretary who means it (the results really will come later and the
//! pairings were made on the night) gives `--force` with a reason, and the
//! log keeps it.

use rusqlite::Transaction;

use super::audit::{audit_event, Action};
use super::round::{missing, Recorded};
use crate::domain::ids::EventId;
use crate::domain::league::Section;
use crate::error::{Error, Result};

/// Whether a recording added anything a pairing makes (a game, or a bye the
/// pairing gave): only those depend on the earlier rounds' scores. Requested
/// byes and results of games already paired do not.
pub fn pairs_anything(done: &Recorded, assigned_byes: bool) -> bool {
    done.pairings > 0 || (assigned_byes && done.byes > 0)
}

/// Refuse round `number`'s new pairings while an earlier round of the
/// section has games without a result, unless `forced` gives the reason
/// (kept in the log against the event). The refusal states the rule; the
/// front end adds how to go on (`cli::round::ahead_hint`).
pub fn check_earlier_results(
    tx: &Transaction,
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
    let rounds: Vec<String> = {
        let mut r: Vec<u32> = pending.iter().map(|(r, _)| *r).collect();
        r.dedup();
        r.iter().map(u32::to_string).collect()
    };
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
    match forced {
        Some(reason) => audit_event(
            tx,
            Some(event_id),
            Action::Edit,
            &format!(
                "round {number} of section {} paired with results of round {} missing",
                section.name,
                rounds.join(", ")
            ),
            None,
            Some(&games),
            Some(reason),
        ),
        None => Err(Error::invalid(format!(
            "round {number} of {} cannot be paired yet: round {round} still has games without a result ({games})",
            section.name
        ))),
    }
}
