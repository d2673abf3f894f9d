//! The rules an event's pairing settings must keep, whichever front end
//! sets them: acceleration is for an individual Swiss (Baku for the Dutch
//! system; the US Chess system accelerates by added score), and a double
//! round robin needs a round-robin table. Checked by [`check`], which
//! [`crate::season::add_event`] and [`crate::season::edit_event`] call.

use crate::domain::league::EventKind;
use crate::domain::pairing::settings::{Acceleration, PairingRules, SystemKind};
use crate::error::{Error, Result};

/// Why an event's pairing settings are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Baku acceleration asked of the US Chess Swiss system.
    #[error(
        "this event pairs by the US Chess Swiss system, which accelerates by the added-score method"
    )]
    BakuForUsChess,
    /// Acceleration asked of a team event.
    #[error("a {kind} pairs teams without acceleration")]
    TeamsAccelerated {
        /// The event's kind, as said ("team Swiss").
        kind: String,
    },
    /// A double round robin asked of a Swiss system.
    #[error("a double round robin is for round robins; this event pairs by {system}")]
    DoubleNotRoundRobin {
        /// The pairing system's name ("dutch").
        system: String,
    },
    /// Acceleration asked of a round-robin table.
    #[error("a round robin plays a fixed table; acceleration is for Swiss pairings")]
    RoundRobinAccelerated,
}

/// Refuse pairing settings `rules` an event of `kind` cannot be paired
/// by. The CLI checks the same before it gets here (in its own words,
/// naming its options), so this is what every other front end meets.
pub fn check(kind: EventKind, rules: &PairingRules) -> Result<()> {
    let accelerated = rules.acceleration != Acceleration::None;
    let refusal = if rules.system == SystemKind::Uscf && accelerated {
        Refusal::BakuForUsChess
    } else if kind.is_team() && accelerated {
        Refusal::TeamsAccelerated {
            kind: kind.label().to_string(),
        }
    } else if rules.double_round_robin && !rules.system.is_round_robin() {
        Refusal::DoubleNotRoundRobin {
            system: rules.system.as_str().to_string(),
        }
    } else if accelerated && rules.system.is_round_robin() {
        Refusal::RoundRobinAccelerated
    } else {
        return Ok(());
    };
    Err(Error::refused(refusal))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(kind: EventKind, rules: PairingRules) -> Option<Refusal> {
        check(kind, &rules)
            .err()
            .map(|e| e.refusal::<Refusal>().cloned().expect("a pairing refusal"))
    }

    #[test]
    fn each_setting_an_event_cannot_be_paired_by_is_refused() {
        let swiss = PairingRules::for_kind(EventKind::Swiss);
        assert_eq!(refusal(EventKind::Swiss, swiss), None);
        let baku = PairingRules {
            acceleration: Acceleration::Baku,
            ..swiss
        };
        assert_eq!(refusal(EventKind::Swiss, baku), None);
        let uscf = PairingRules {
            system: SystemKind::Uscf,
            ..baku
        };
        assert_eq!(
            refusal(EventKind::Swiss, uscf),
            Some(Refusal::BakuForUsChess)
        );
        assert_eq!(
            refusal(EventKind::TeamSwiss, baku),
            Some(Refusal::TeamsAccelerated {
                kind: EventKind::TeamSwiss.label().to_string()
            })
        );
        let double = PairingRules {
            double_round_robin: true,
            ..swiss
        };
        assert_eq!(
            refusal(EventKind::Swiss, double),
            Some(Refusal::DoubleNotRoundRobin {
                system: "dutch".into()
            })
        );
        let table = PairingRules {
            system: SystemKind::Berger,
            acceleration: Acceleration::Baku,
            ..PairingRules::for_kind(EventKind::RoundRobin)
        };
        assert_eq!(
            refusal(EventKind::RoundRobin, table),
            Some(Refusal::RoundRobinAccelerated)
        );
    }
}
