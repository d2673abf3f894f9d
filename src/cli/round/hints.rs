//! The CLI's way on from a refused round action: the command or flag to
//! give, added to the application layer's refusal (whose own words name
//! none). Shared by the player and team round commands.

use crate::app::round::{Refusal, Side};
use crate::error::Error;

/// How the CLI goes on from a refused pairing: the command or flag to give.
pub(crate) fn pair_hint(e: Error) -> Error {
    let hint = match e.refusal::<Refusal>() {
        Some(Refusal::EventComplete { .. }) => Some(" (the final standings: `league standings`; if the event really has more rounds, change them with `league event edit --rounds`)".to_string()),
        Some(Refusal::BeyondEvent { .. }) => {
            Some(" (change the event's rounds with `league event edit --rounds`)".to_string())
        }
        Some(Refusal::RoundAlreadyPaired { .. }) => Some(
            "; to pair it again give --replace (allowed until the first result is in)".to_string(),
        ),
        Some(Refusal::ResultsIn { side: Side::Players, .. }) => Some(
            "; correct single games with `league game delete` and `league game add` instead"
                .to_string(),
        ),
        Some(Refusal::ResultsIn { side: Side::Teams, .. }) => Some(
            "; correct a match with `league match delete` and `league match record` instead"
                .to_string(),
        ),
        Some(Refusal::NobodyToPair { side: Side::Players, .. }) => {
            Some("; enter them with `league enter`".to_string())
        }
        Some(Refusal::NobodyToPair { side: Side::Teams, .. }) => {
            Some("; add them with `league team add`".to_string())
        }
        Some(Refusal::PendingResults { .. }) => {
            Some("; record them first (`league round missing` lists them)".to_string())
        }
        Some(Refusal::ShortRosters { event, .. }) => Some(format!(
            "; add players with `league team roster TEAM NAME... --event \"{event}\"`. Nothing was written"
        )),
        Some(Refusal::TableRounds { event, needed, .. }) => Some(format!(
            "; set them with `league event edit --event \"{event}\" --rounds {needed}`"
        )),
        Some(Refusal::ByHand) => Some(
            ": record each round's pairings from a sheet with `league round record`, or choose a system with `league event edit --pairing berger` (or crenshaw, dutch, uscf)"
                .to_string(),
        ),
        Some(Refusal::PairedByHand { event }) => Some(format!(
            ": record each match with `league match record`, or choose a system with `league event edit --event \"{event}\" --pairing dutch` (or uscf, berger)"
        )),
        Some(Refusal::NotRoundRobin { .. }) => Some(
            " (`league round pair`); pair-all is for round robins (--pairing berger or crenshaw)"
                .to_string(),
        ),
        _ => None,
    };
    e.with_hint(hint)
}
