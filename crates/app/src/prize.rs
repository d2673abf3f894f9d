//! A section's prize list: adding, replacing and removing prizes, and
//! naming the winners of special prizes (best game, upset). The award of
//! the others is computed from the standings, never recorded.

use crate::domain::ids::EntryId;
use crate::domain::league::{Event, Section};
use crate::domain::prizes::{Kind, Prize};
use crate::error::{Error, Result};
use crate::store::prize::{self as prizes, describe, StoredPrize};
use crate::store::Writer;

/// Why a change to a prize list is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The list has no prize at that number.
    #[error("{section} has no prize number {position}")]
    NoSuchPrize {
        /// The section's name.
        section: String,
        /// The number asked for.
        position: u32,
    },
    /// The same prize is in the list already (the same place with money,
    /// or the same item): a second would pay the place twice.
    #[error("{event} {section} already has {prize} (prize {position}); a second one would pay the place twice")]
    AlreadyListed {
        /// The event's name.
        event: String,
        /// The section's name.
        section: String,
        /// The prize listed, described: "1st: $60".
        prize: String,
        /// Its number in the list.
        position: u32,
    },
    /// A prize that goes by the standings cannot be awarded by hand.
    #[error(
        "prize {position} of {section} ({prize}) goes by the standings; only special prizes \
         (best game, upset) are awarded by hand"
    )]
    NotSpecial {
        /// The section's name.
        section: String,
        /// Its number in the list.
        position: u32,
        /// The prize, described.
        prize: String,
    },
}

/// What a prize added recorded, for the echo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrizeAdded {
    /// Its number in the list.
    pub position: u32,
    /// The prize it replaced, if it replaced one.
    pub replaced: Option<Prize>,
}

/// Add `prize` at the end of the section's list (a special prize with its
/// winner when named). The same prize listed already is refused, unless
/// `replace`: then the new one takes its place in the list.
pub fn add_prize(
    tx: &Writer,
    event: &Event,
    section: &Section,
    prize: &Prize,
    winner: Option<EntryId>,
    replace: bool,
) -> Result<PrizeAdded> {
    let same = prizes::prizes(tx, section.id)?
        .into_iter()
        .find(|p| prizes::same_prize(&p.prize, prize));
    match same {
        Some(old) if !replace => Err(Error::refused(Refusal::AlreadyListed {
            event: event.name.clone(),
            section: section.name.clone(),
            prize: describe(&old.prize),
            position: old.position,
        })),
        Some(old) => {
            prizes::replace_prize(tx, event.id, section, &old, prize, winner)?;
            Ok(PrizeAdded {
                position: old.position,
                replaced: Some(old.prize),
            })
        }
        None => Ok(PrizeAdded {
            position: prizes::add_prize(tx, event.id, section, prize, winner)?,
            replaced: None,
        }),
    }
}

/// The prize at `position`, or the refusal naming the section.
fn listed(tx: &Writer, section: &Section, position: u32) -> Result<StoredPrize> {
    prizes::prize_at(tx, section.id, position)?.ok_or_else(|| {
        Error::refused(Refusal::NoSuchPrize {
            section: section.name.clone(),
            position,
        })
    })
}

/// Remove the prize at `position`; the ones after it move up. Returns the
/// prize removed.
pub fn remove_prize(tx: &Writer, event: &Event, section: &Section, position: u32) -> Result<Prize> {
    let old = listed(tx, section, position)?;
    prizes::remove_prize(tx, event.id, section, &old)?;
    Ok(old.prize)
}

/// Name `winner` (an entry of the section) the winner of the special
/// prize at `position`; a prize that goes by the standings is refused.
pub fn award(
    tx: &Writer,
    event: &Event,
    section: &Section,
    position: u32,
    winner: EntryId,
    winner_name: &str,
) -> Result<()> {
    let old = listed(tx, section, position)?;
    if !matches!(old.prize.kind, Kind::Special { .. }) {
        return Err(Error::refused(Refusal::NotSpecial {
            section: section.name.clone(),
            position,
            prize: describe(&old.prize),
        }));
    }
    prizes::set_winner(tx, event.id, section, &old, winner, winner_name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::season::{add_event, add_season, EventSetup};
    use crate::domain::league::{EventKind, RatingBasis};
    use crate::domain::pairing::settings::PairingRules;
    use crate::domain::prizes::{Money, Reward};
    use crate::store::season::{self as seasons, NewEvent};
    use crate::store::Store;

    #[test]
    fn a_prize_is_listed_once_and_only_special_prizes_are_awarded() {
        let mut store = Store::open_in_memory().unwrap();
        let sections = vec!["Open".to_string()];
        let first = Prize {
            kind: Kind::Place,
            place: 1,
            reward: Reward::Cash(Money(6000)),
        };
        let e = store
            .write(|tx| {
                let season = add_season(tx, "2024", None, None)?;
                let event = add_event(
                    tx,
                    &season,
                    &EventSetup {
                        event: NewEvent {
                            name: "Winter",
                            kind: EventKind::Swiss,
                            rounds: 5,
                            start_date: None,
                            end_date: None,
                            tiebreaks: "uscf-swiss",
                            actual_play_first: false,
                            fide_edition: None,
                            sb_adjusted: false,
                            coin_allowed: false,
                        },
                        rules: PairingRules::for_kind(EventKind::Swiss),
                        basis: RatingBasis::Uscf,
                        sections: &sections,
                        details: None,
                    },
                )?;
                let section = seasons::sections(tx, event.id)?.remove(0);
                let added = add_prize(tx, &event, &section, &first, None, false)?;
                assert_eq!(added.position, 1);
                let again = add_prize(tx, &event, &section, &first, None, false).unwrap_err();
                assert_eq!(
                    again.refusal::<Refusal>(),
                    Some(&Refusal::AlreadyListed {
                        event: "Winter".into(),
                        section: "Open".into(),
                        prize: describe(&first),
                        position: 1
                    })
                );
                let replaced = add_prize(tx, &event, &section, &first, None, true)?;
                assert_eq!(replaced.replaced, Some(first.clone()));
                let award = award(tx, &event, &section, 1, EntryId(1), "Ann").unwrap_err();
                assert!(matches!(
                    award.refusal::<Refusal>(),
                    Some(Refusal::NotSpecial { position: 1, .. })
                ));
                remove_prize(tx, &event, &section, 2)
            })
            .unwrap_err();
        assert_eq!(
            e.refusal::<Refusal>(),
            Some(&Refusal::NoSuchPrize {
                section: "Open".into(),
                position: 2
            })
        );
    }
}
