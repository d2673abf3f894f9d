//! Whether a team is free to play a round: not withdrawn before it, not
//! already in a match or bye of it. A match paired for the round with no
//! result in yet is taken over by the match recorded for it, in the order
//! the pairing named the teams (so its colours stay).

use super::Refusal;
use crate::domain::league::{Event, Section};
use crate::error::{Error, Result};
use crate::store::team::TeamRow;
use crate::store::team_match as matches;
use crate::store::Writer;

/// Refuse round `round` for `team` when it withdrew before it or already
/// plays in it.
pub(super) fn check_free(tx: &Writer, section: &Section, round: u32, team: &TeamRow) -> Result<()> {
    if let Some(after) = team.withdrawn_after.filter(|&w| round > w) {
        return Err(Error::refused(Refusal::TeamWithdrawn {
            team: team.name.clone(),
            after,
            round,
        }));
    }
    match matches::match_in_round(tx, section, round, team)? {
        Some(m) => Err(Error::refused(Refusal::AlreadyPlays {
            team: team.name.clone(),
            round,
            first: m.name_a,
            second: m.name_b,
        })),
        None => Ok(()),
    }
}

/// A match paired between `home` and `away` in round `round` with no
/// result in yet is replaced by the match being recorded, which must name
/// the teams in the paired order; a match with results in is left for
/// [`check_free`] to refuse.
pub(super) fn take_over_paired(
    tx: &Writer,
    event: &Event,
    section: &Section,
    round: u32,
    home: &TeamRow,
    away: &TeamRow,
) -> Result<()> {
    let Some(paired) = matches::match_between(tx, section, round, home, away)? else {
        return Ok(());
    };
    if paired.recorded {
        return Ok(());
    }
    if paired.team_a != home.id {
        return Err(Error::refused(Refusal::PairedOtherWay {
            round,
            first: away.name.clone(),
            second: home.name.clone(),
        }));
    }
    matches::drop_pairing(tx, event, paired.id, round, home, away)
}
