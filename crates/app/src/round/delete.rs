//! Deleting the last paired round of a section (a round paired by
//! mistake): its games and the byes the pairing gave; requested byes stay.

use super::Refusal;
use crate::domain::league::Section;
use crate::error::{Error, Result};
use crate::store::round::{self as rounds, DeletedRound};
use crate::store::Writer;

/// Delete round `number`'s pairings: only the last paired round (so no gap
/// is left), and a round with results only when `with_results` is given
/// with a reason (kept in the log with the results removed).
pub fn delete_round(
    tx: &Writer,
    section: &Section,
    number: u32,
    with_results: bool,
    reason: Option<&str>,
) -> Result<DeletedRound> {
    let paired = rounds::paired_rounds(tx, section.id)?;
    if !paired.contains(&number) {
        return Err(Error::refused(Refusal::NotPaired {
            whose: section.name.clone(),
            round: number,
        }));
    }
    if let Some(&later) = paired.iter().find(|&&n| n > number) {
        return Err(Error::refused(Refusal::NotLastRound {
            round: number,
            later,
            whose: section.name.clone(),
        }));
    }
    let (games, _) = rounds::round_contents(tx, section.id, number)?;
    let results = games.iter().filter(|g| g.result.is_some()).count();
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    if results > 0 && !with_results {
        return Err(Error::refused(Refusal::HasResults {
            round: number,
            whose: section.name.clone(),
            results,
        }));
    }
    if with_results && reason.is_none() {
        return Err(Error::refused(Refusal::ReasonNeeded));
    }
    rounds::delete_round(tx, section, number, reason)
}
