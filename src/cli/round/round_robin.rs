//! The one refusal player and team round robins share: the event must plan
//! as many rounds as the table has.

use crate::error::Result;

/// A round robin of `count` players or teams (`what`) has as many rounds as
/// its Berger table (twice that for a double round robin): refuses, saying
/// how to set it, when the event plans another number. One rule and one
/// wording for player and team events.
pub(super) fn check_rounds(
    event: &crate::domain::league::Event,
    rules: &crate::domain::pairing::settings::PairingRules,
    count: usize,
    what: &str,
) -> Result<()> {
    use crate::domain::pairing::round_robin::{RoundRobin, Table};
    let rr = RoundRobin {
        table: Table::Berger,
        cycles: if rules.double_round_robin { 2 } else { 1 },
    };
    let needed = rr.rounds(count as u32);
    if needed == event.rounds {
        return Ok(());
    }
    Err(crate::error::Error::invalid(format!(
        "a {}round robin of {count} {what} has {needed} rounds, but {} plans {}; set them with `league event edit --event \"{}\" --rounds {needed}`",
        if rules.double_round_robin { "double " } else { "" },
        event.name,
        event.rounds,
        event.name
    )))
}
