//! The console's hints after a set-up action's refusal: what to do on
//! these pages (a box to tick, a field to fill, a page to go to), appended
//! to the refusal's facts as the CLI appends its flags. Each hint starts
//! with its own separator, as [`Error::with_hint`] expects.

use crate::app::{bye, entry, player, ratings, season, withdraw};
use crate::error::Error;

/// The console's hint for a refusal of one of the set-up actions.
pub fn hint(e: &Error) -> Option<String> {
    season_hint(e)
        .or_else(|| rules_hint(e))
        .or_else(|| entry_hint(e))
        .or_else(|| other_hint(e))
        .or_else(|| sheet_hint(e))
}

fn season_hint(e: &Error) -> Option<String> {
    use season::Refusal as R;
    Some(match e.refusal::<R>()? {
        R::SeasonExists { .. } => "; it is in the list of seasons, or give the new one another name".into(),
        R::EventExists { .. } => "; change it with its \"Edit\" button, or give the new event another name".into(),
        R::SectionExists { .. } => "; give the new section another name".into(),
        R::FewerRounds { .. } => "; give at least that many rounds".into(),
        R::EditionWouldChange { old, .. } => format!(
            " To move the date and keep the standings, choose the {old} edition under \"FIDE rules edition\" as well."
        ),
        R::DatesOutOfOrder { .. } | R::EmptyLeagueName => return None,
    })
}

fn rules_hint(e: &Error) -> Option<String> {
    use crate::app::pairing_rules::Refusal as R;
    Some(match e.refusal::<R>()? {
        R::BakuForUsChess => "; choose no acceleration and give the rounds paired with added-score acceleration, or choose the FIDE Dutch system for Baku acceleration".into(),
        R::TeamsAccelerated { .. } => "; choose no acceleration".into(),
        R::DoubleNotRoundRobin { .. } => "; choose Berger or Crenshaw tables to play the table twice".into(),
        R::RoundRobinAccelerated => "; choose no acceleration, or a Swiss system".into(),
    })
}

fn entry_hint(e: &Error) -> Option<String> {
    use entry::Refusal as R;
    Some(match e.refusal::<R>()? {
        R::MissedNotSaid { .. } => "; choose what the late entry gets for each of them (a half-point or a zero-point bye) and enter them again".into(),
        R::OutsideBand { .. } => "; enter them in another section, or tick \"enter outside the band\" to enter them here anyway (it is logged)".into(),
        R::InOtherSection { .. } => "; they play there, or a player is moved between sections before their first round".into(),
        R::LastRoundPlayed { .. } => "; add them to the league for the next event instead".into(),
        R::MovedAfterPlay { .. } => "; if they stop playing there, withdraw them instead".into(),
        R::RemovedAfterPlay { .. } => "; withdraw them instead (the \"Withdraw\" button), which keeps the games they played".into(),
        _ => return None,
    })
}

fn other_hint(e: &Error) -> Option<String> {
    match e.refusal::<player::Refusal>() {
        Some(player::Refusal::Namesake { .. }) => return Some("; if this is someone else of the same name, tick \"another player of the same name\" and add them again (an id tells them apart)".into()),
        Some(player::Refusal::DifferentIds { .. }) => return Some("; if one id is wrong, correct it first on that player's page (the Edit button on the players page)".into()),
        _ => {}
    }
    if let Some(withdraw::Refusal::PlayedLater { after, .. }) = e.refusal::<withdraw::Refusal>() {
        let next = after + 1;
        return Some(format!(
            " To withdraw them after round {after}: pair round {next} again without them (the Pair page replaces a round that has no results yet), or withdraw them after the last round they played."
        ));
    }
    match e.refusal::<ratings::Refusal>() {
        Some(ratings::Refusal::OutOfOrder { .. }) => {
            return Some(
                "; give the day this list took effect in the form, if it is not today".into(),
            )
        }
        Some(ratings::Refusal::NoSuchList { .. }) => {
            return Some(" (the Rating lists page shows them as they are now)".into())
        }
        Some(ratings::Refusal::SeveralLists { .. }) => {
            return Some("; choose it by its day on the Rating lists page".into())
        }
        _ => {}
    }
    if let Some(crate::app::result::Refusal::DeletionNeedsReason) =
        e.refusal::<crate::app::result::Refusal>()
    {
        return Some("; say why in the box beside the button (it goes in the log)".into());
    }
    match e.refusal::<crate::app::prize::Refusal>() {
        Some(crate::app::prize::Refusal::NoSuchPrize { .. }) => {
            return Some("; the list changed since the page was loaded: look at it again".into())
        }
        Some(crate::app::prize::Refusal::AlreadyListed { .. }) => return Some(
            ". To change it, tick \"replace the prize listed\" and add it again; for another place, give another place".into(),
        ),
        _ => {}
    }
    if let Some(bye::Refusal::NoSuchRound { .. }) = e.refusal::<bye::Refusal>() {
        return Some("; add rounds to the event on the set-up page first".into());
    }
    None
}

fn sheet_hint(e: &Error) -> Option<String> {
    use crate::app::round::sheet::Refusal as R;
    Some(match e.refusal::<R>()? {
        R::ByeAfterPairing { round, .. } => format!(
            ". To give the bye, record it and pair round {round} again (the Pair page replaces a round that has no results yet)"
        ),
        R::ByeAlreadyGiven { .. } => "; a bye is asked for once a round".into(),
        _ => return None,
    })
}

/// The page a refusal about a round of section `section` goes on to: the
/// Pair page, to pair that round again without the player (or with their
/// bye), when the round is paired and has no results yet.
pub fn way_on(e: &Error, section: i64) -> Option<(String, String)> {
    use crate::app::round::sheet::Refusal as Sheet;
    let round = match (e.refusal::<withdraw::Refusal>(), e.refusal::<Sheet>()) {
        (Some(withdraw::Refusal::PlayedLater { after, .. }), _) => after + 1,
        (_, Some(Sheet::ByeAfterPairing { round, .. })) => *round,
        _ => return None,
    };
    Some((
        format!("Pair round {round} again"),
        format!("/pair?section={section}&replace=true"),
    ))
}
