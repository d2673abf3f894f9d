//! The log of a round paired ahead of the results (issue 27, slip 5): the
//! rule is `app::round::ahead`'s; the store keeps the record.

use crate::Writer;

use super::audit::{audit_event, Action};
use crate::domain::ids::EventId;
use crate::domain::league::Section;
use crate::error::Result;

/// Log that round `number` of a section was paired while `rounds` still
/// had games without a result (`games`: "Ann v Bob and 2 more"), and why.
pub fn log_paired_ahead(
    tx: &Writer,
    event_id: EventId,
    section: &Section,
    number: u32,
    rounds: &[u32],
    games: &str,
    reason: &str,
) -> Result<()> {
    let rounds: Vec<String> = rounds.iter().map(u32::to_string).collect();
    audit_event(
        tx,
        Some(event_id),
        Action::Edit,
        &format!(
            "round {number} of section {} paired with results of round {} missing",
            section.name,
            rounds.join(", ")
        ),
        None,
        Some(games),
        Some(reason),
    )
}
