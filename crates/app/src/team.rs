//! A team's part in a team event: withdrawing a team after a round,
//! deleting a match recorded by mistake.

use crate::domain::league::Event;
use crate::error::{Error, Result};
use crate::store::team::{self as teams, TeamRow};
use crate::store::Writer;

/// Why a team action is refused.
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
    /// A match deleted without a reason for the log.
    #[error("deleting a match needs a reason")]
    DeletionNeedsReason,
    /// The team already has a match or a team bye after the round it is to
    /// withdraw after: that match has to go first.
    #[error("{team} has a match or bye recorded in round {round}, after round {after}")]
    PlayedLater {
        /// The team's name.
        team: String,
        /// The last round with its match or bye.
        round: u32,
        /// The round it was to withdraw after.
        after: u32,
    },
}

/// What was recorded, for the echo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamWithdrawn {
    /// The team's name.
    pub team: String,
    /// The last round it took part in (0: before round 1).
    pub after: u32,
}

/// Record that `team` withdrew after round `after` (0: before round 1): it
/// is not paired after it. Refused beyond the event's rounds and when the
/// team has a match or bye recorded in a later round. Logged with `reason`.
pub fn withdraw_team(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    after: u32,
    reason: Option<&str>,
) -> Result<TeamWithdrawn> {
    if after > event.rounds {
        return Err(Error::refused(Refusal::BeyondLastRound {
            event: event.name.clone(),
            rounds: event.rounds,
        }));
    }
    if let Some(round) = teams::last_round_after(tx, team, after)? {
        return Err(Error::refused(Refusal::PlayedLater {
            team: team.name.clone(),
            round,
            after,
        }));
    }
    teams::withdraw_team(tx, event, team, after, reason)?;
    Ok(TeamWithdrawn {
        team: team.name.clone(),
        after,
    })
}

/// Delete the match (or team bye) `team` has in round `round`, with its
/// boards, logged with what it was and the reason (which it needs).
pub fn delete_match(
    tx: &Writer,
    event: &Event,
    round: u32,
    team: &TeamRow,
    reason: &str,
) -> Result<()> {
    if reason.trim().is_empty() {
        return Err(Error::refused(Refusal::DeletionNeedsReason));
    }
    crate::store::team_match::delete_match(tx, event, round, team, reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::EventId;
    use crate::store::season::event_by_id;
    use crate::store::{fixture, Store};

    #[test]
    fn a_team_with_a_later_match_or_beyond_the_last_round_is_refused() {
        let mut store = Store::open_in_memory().unwrap();
        fixture::execute(
            &store,
            "INSERT INTO season (id, name) VALUES (1, '2026');
                 INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Schools', 'team-swiss', 4, 'usat-team');
                 INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open');
                 INSERT INTO team (id, event_id, name) VALUES (1, 1, 'Edgewood'), (2, 1, 'Urey');
                 INSERT INTO round (id, section_id, number) VALUES (1, 1, 1), (2, 1, 2);
                 INSERT INTO team_match (round_id, section_id, team_a, team_b) VALUES (2, 1, 1, NULL);",
        );
        let event = event_by_id(store.conn(), EventId(1)).unwrap();
        let all = teams::teams(store.conn(), event.id).unwrap();
        let (edgewood, urey) = (&all[0], &all[1]);
        let refusal = |r: Result<TeamWithdrawn>| r.unwrap_err().refusal::<Refusal>().cloned();
        assert_eq!(
            refusal(store.write(|tx| withdraw_team(tx, &event, edgewood, 1, None))),
            Some(Refusal::PlayedLater {
                team: "Edgewood".into(),
                round: 2,
                after: 1
            })
        );
        assert_eq!(
            refusal(store.write(|tx| withdraw_team(tx, &event, urey, 5, None))),
            Some(Refusal::BeyondLastRound {
                event: "Schools".into(),
                rounds: 4
            })
        );
        assert_eq!(
            store
                .write(|tx| delete_match(tx, &event, 2, edgewood, "  "))
                .unwrap_err()
                .refusal::<Refusal>(),
            Some(&Refusal::DeletionNeedsReason)
        );
        let done = store
            .write(|tx| withdraw_team(tx, &event, edgewood, 2, Some("moved away")))
            .unwrap();
        assert_eq!(done.after, 2);
        let after = fixture::number(&store, "SELECT withdrawn_after FROM team WHERE id = 1");
        assert_eq!(after, Some(2));
    }
}
