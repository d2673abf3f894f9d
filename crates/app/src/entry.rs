//! Entering players in a section (late entries with byes for the rounds
//! already played), and the corrections to an entry: moving it to another
//! section before the player's first round, removing one made by mistake.

use crate::domain::league::{Entry, Event, Player, Section};
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};
use crate::store::audit::{audit_event, Action};
use crate::store::player as players;
use crate::store::{round, season, Readable, Writer};

/// The league's player that `name` names, or (with `add_new`) a new player
/// of that name and `rating`: the player an entry is for.
pub fn player_to_enter(
    tx: &Writer,
    name: &str,
    add_new: bool,
    rating: Option<u32>,
) -> Result<Player> {
    match players::find_player(tx, name) {
        Ok(p) => Ok(p),
        Err(e) if e.is_not_found() && add_new => players::add_player(
            tx,
            &players::NewPlayer {
                name,
                rating,
                ..Default::default()
            },
        ),
        Err(e) if e.is_not_found() => Err(Error::refused(Refusal::NotInLeague {
            name: name.to_string(),
            said: e.cause().to_string(),
        })),
        Err(e) => Err(e),
    }
}

/// Why an entry, or a correction to one, is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A name to enter that is no player of the league (and new players
    /// were not to be added).
    #[error("{said}")]
    NotInLeague {
        /// The name as given.
        name: String,
        /// What the lookup found: no such player, and any look-alikes.
        said: String,
    },
    /// Every round is played: a late entry would never play.
    #[error("{event} {section} has played its last round ({latest} of {rounds}); a late entry now would never play")]
    LastRoundPlayed {
        /// The event's name.
        event: String,
        /// The section's name.
        section: String,
        /// The last round played.
        latest: u32,
        /// How many rounds the event has.
        rounds: u32,
    },
    /// A late entry, with nothing said of the rounds already played.
    #[error("{event} {section} has already played {latest} round{}", if *latest == 1 { "" } else { "s" })]
    MissedNotSaid {
        /// The event's name.
        event: String,
        /// The section's name.
        section: String,
        /// The last round played.
        latest: u32,
    },
    /// The player is already in this section.
    #[error("{name} is already entered in {section} as #{pairing_no}")]
    AlreadyEntered {
        /// The player's name.
        name: String,
        /// The section's name.
        section: String,
        /// Their pairing number there.
        pairing_no: u32,
    },
    /// The player is in another section of the event: a player plays in
    /// one section of an event.
    #[error("{name} is already entered in section {other} of this event, and a player plays in one section of an event")]
    InOtherSection {
        /// The player's name.
        name: String,
        /// The section they are in.
        other: String,
        /// The section they were to enter.
        section: String,
    },
    /// The rating is outside the section's band and no exception was made.
    #[error("{name} is {why}")]
    OutsideBand {
        /// The player's name.
        name: String,
        /// The rating and the band it misses ("rated 2210, above ...").
        why: String,
    },
    /// The pairing number asked for is another player's.
    #[error("pairing number {pairing_no} in {section} is already {holder}'s")]
    PairingNoTaken {
        /// The pairing number.
        pairing_no: u32,
        /// The section's name.
        section: String,
        /// Who holds it.
        holder: String,
    },
    /// A move to the section the player is in.
    #[error("{name} is already in {section}")]
    SameSection {
        /// The player's name.
        name: String,
        /// The section's name.
        section: String,
    },
    /// A move to another event's section.
    #[error(
        "{section} is another event's section; an entry moves only between sections of its event"
    )]
    OtherEvent {
        /// The section moved to.
        section: String,
    },
    /// A move after the player's first game or bye: those belong to the
    /// section.
    #[error("{name} already has games or byes in {section}; a player moves only before their first round")]
    MovedAfterPlay {
        /// The player's name.
        name: String,
        /// The section they are in.
        section: String,
    },
    /// A removal after the player's first game or bye.
    #[error("{name} already has games or byes in {section}")]
    RemovedAfterPlay {
        /// The player's name.
        name: String,
        /// The section they are in.
        section: String,
    },
}

/// What to enter a player with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EnterInput {
    /// The pairing number (default: the next free one).
    pub pairing_no: Option<u32>,
    /// The rating at entry (default: the rating the event goes by).
    pub rating: Option<u32>,
    /// Enter a rating outside the section's band (logged).
    pub allow_outside_band: bool,
    /// A late entry's bye for each round already played.
    pub missed: Option<ByeKind>,
}

/// What was recorded, for the echo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entered {
    /// The entry made.
    pub entry: Entry,
    /// Rated, but not of the kind the event goes by (paired as unrated).
    pub unrated_here: bool,
    /// How many byes the late entry got for the rounds already played.
    pub missed_byes: u32,
}

/// Refuse a late entry after the last round, or one that says nothing of
/// the rounds already played: checked before the players are looked up.
pub fn check_open(
    conn: &impl Readable,
    event: &Event,
    section: &Section,
    missed: Option<ByeKind>,
) -> Result<()> {
    let latest = round::latest_round(conn, section.id)?;
    if latest >= event.rounds {
        return Err(Error::refused(Refusal::LastRoundPlayed {
            event: event.name.clone(),
            section: section.name.clone(),
            latest,
            rounds: event.rounds,
        }));
    }
    if latest > 0 && missed.is_none() {
        return Err(Error::refused(Refusal::MissedNotSaid {
            event: event.name.clone(),
            section: section.name.clone(),
            latest,
        }));
    }
    Ok(())
}

/// Refuse a player already in the event (first: that is the real reason),
/// then a taken pairing number.
fn check_not_entered(
    tx: &Writer,
    section: &Section,
    player: &Player,
    no: Option<u32>,
) -> Result<()> {
    if let Some(row) = players::entry_in_event(tx, section, player)? {
        return Err(Error::refused(if row.same_section {
            Refusal::AlreadyEntered {
                name: player.name.clone(),
                section: row.section,
                pairing_no: row.pairing_no,
            }
        } else {
            Refusal::InOtherSection {
                name: player.name.clone(),
                other: row.section,
                section: section.name.clone(),
            }
        }));
    }
    if let Some(n) = no {
        if let Some(holder) = players::pairing_no_holder(tx, section, n)? {
            return Err(Error::refused(Refusal::PairingNoTaken {
                pairing_no: n,
                section: section.name.clone(),
                holder,
            }));
        }
    }
    Ok(())
}

/// Enter `player` in `section`: refused when the section is closed to
/// late entries, the player is already in the event, the pairing number is
/// taken, or the rating is outside the band (unless allowed: then logged).
/// A late entry gets a bye of `missed` for each round already created.
pub fn enter(
    tx: &Writer,
    event: &Event,
    section: &Section,
    player: &Player,
    input: EnterInput,
) -> Result<Entered> {
    check_open(tx, event, section, input.missed)?;
    check_not_entered(tx, section, player, input.pairing_no)?;
    // The rating of the kind the event goes by (its rating basis).
    let rating = input
        .rating
        .or(players::rating_at_entry(tx, section, player)?);
    if let Some(why) = section.outside_band(rating) {
        let why = format!("rated {}, {why}", rating.unwrap_or_default());
        if !input.allow_outside_band {
            return Err(Error::refused(Refusal::OutsideBand {
                name: player.name.clone(),
                why,
            }));
        }
        audit_event(
            tx,
            Some(event.id),
            Action::Edit,
            &format!(
                "{} {}: {} entered outside the band",
                event.name, section.name, player.name
            ),
            None,
            Some(&why),
            Some("entered outside the band as the secretary allowed"),
        )?;
    }
    let entry = players::enter(tx, section, player, input.pairing_no, input.rating)?;
    let missed_byes = match input.missed {
        Some(kind) => round::byes_for_missed_rounds(tx, section, &entry, kind)?,
        None => 0,
    };
    Ok(Entered {
        unrated_here: entry.rating.is_none()
            && (player.rating.is_some() || player.fide_rating.is_some()),
        entry,
        missed_byes,
    })
}

/// Move `entry` to section `to` of the same event, before the player's
/// first game or bye (after that, the games belong to the section). Logged
/// with `reason`; returns the entry as it is in `to`.
pub fn move_entry(tx: &Writer, entry: &Entry, to: &Section, reason: Option<&str>) -> Result<Entry> {
    let from = season::section_by_id(tx, entry.section_id)?;
    let refusal = if to.id == from.id {
        Some(Refusal::SameSection {
            name: entry.name.clone(),
            section: to.name.clone(),
        })
    } else if to.event_id != from.event_id {
        Some(Refusal::OtherEvent {
            section: to.name.clone(),
        })
    } else if players::seats(tx, entry)? > 0 {
        Some(Refusal::MovedAfterPlay {
            name: entry.name.clone(),
            section: from.name.clone(),
        })
    } else {
        None
    };
    if let Some(r) = refusal {
        return Err(Error::refused(r));
    }
    players::move_entry(tx, entry, to, reason)
}

/// Remove an entry made by mistake, before the player's first game or bye.
/// Logged with `reason`.
pub fn remove_entry(tx: &Writer, entry: &Entry, reason: Option<&str>) -> Result<()> {
    if players::seats(tx, entry)? > 0 {
        let section = season::section_by_id(tx, entry.section_id)?;
        return Err(Error::refused(Refusal::RemovedAfterPlay {
            name: entry.name.clone(),
            section: section.name,
        }));
    }
    players::remove_entry(tx, entry, reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::{EventId, SectionId};
    use crate::store::player::{add_player, NewPlayer};
    use crate::store::season::{event_by_id, section_by_id};
    use crate::store::{fixture, Store};

    #[test]
    fn entering_twice_or_moving_after_play_is_refused_with_the_facts() {
        let mut store = Store::open_in_memory().unwrap();
        fixture::execute(
            &store,
            "INSERT INTO season (id, name) VALUES (1, '2026');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Winter', 'swiss', 5, 'uscf');
             INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open'), (2, 1, 'U1600');",
        );
        let event = event_by_id(store.conn(), EventId(1)).unwrap();
        let open = section_by_id(store.conn(), SectionId(1)).unwrap();
        let u1600 = section_by_id(store.conn(), SectionId(2)).unwrap();
        let refusal = |r: Result<Entered>| r.unwrap_err().refusal::<Refusal>().cloned();
        let got = store.write(|tx| {
            let ann = add_player(
                tx,
                &NewPlayer {
                    name: "Ann Lee",
                    ..Default::default()
                },
            )?;
            let first = enter(tx, &event, &open, &ann, EnterInput::default())?;
            assert_eq!(first.entry.pairing_no, 1);
            assert_eq!(
                refusal(enter(tx, &event, &open, &ann, EnterInput::default())),
                Some(Refusal::AlreadyEntered {
                    name: "Ann Lee".into(),
                    section: "Open".into(),
                    pairing_no: 1
                })
            );
            assert_eq!(
                refusal(enter(tx, &event, &u1600, &ann, EnterInput::default())),
                Some(Refusal::InOtherSection {
                    name: "Ann Lee".into(),
                    other: "Open".into(),
                    section: "U1600".into()
                })
            );
            let bo = add_player(
                tx,
                &NewPlayer {
                    name: "Bo Park",
                    ..Default::default()
                },
            )?;
            let taken = EnterInput {
                pairing_no: Some(1),
                ..Default::default()
            };
            assert_eq!(
                refusal(enter(tx, &event, &open, &bo, taken)),
                Some(Refusal::PairingNoTaken {
                    pairing_no: 1,
                    section: "Open".into(),
                    holder: "Ann Lee".into()
                })
            );
            Ok(move_entry(tx, &first.entry, &open, None).unwrap_err())
        });
        assert_eq!(
            got.unwrap().refusal::<Refusal>(),
            Some(&Refusal::SameSection {
                name: "Ann Lee".into(),
                section: "Open".into()
            })
        );
    }
}
