//! A bye for one player in one round: asked for ahead of a round (a
//! requested half- or zero-point bye, or a full point the event grants),
//! or given by the secretary. Recorded as a one-line round sheet, so a bye
//! keeps every rule of a sheet (a player already paired, a bye given
//! twice, a withdrawn player); this action adds the event's own limits.

use crate::domain::game::SheetRow;
use crate::domain::league::{Entry, Event, Section};
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};
use crate::store::round::Recorded;
use crate::store::Writer;

/// Why a bye is refused before the round's sheet is looked at.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A round the event does not have.
    #[error("{event} has {rounds} round{}; there is no round {round} to give a bye in", if *.rounds == 1 { "" } else { "s" })]
    NoSuchRound {
        /// The event's name.
        event: String,
        /// How many rounds it has.
        rounds: u32,
        /// The round asked for.
        round: u32,
    },
    /// A team event: its byes are a team's, in its matches.
    #[error("{event} is a team event: a bye there is a team's, not one player's")]
    TeamEvent {
        /// The event's name.
        event: String,
    },
}

/// A bye to record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewBye {
    /// The round, numbered from 1.
    pub round: u32,
    /// Full, half or zero.
    pub kind: ByeKind,
    /// Asked for by the player (false: the pairing or the secretary gave it).
    pub requested: bool,
}

/// Record a bye for `entry` in `bye.round`: refused in a round the event
/// does not have and in a team event, then by the rules of a round sheet
/// (a requested bye in a round that already pairs the player, a different
/// bye already given, a player who withdrew before the round). `source`
/// names the front end in the sheet's messages ("command line",
/// "console"). Returns what the sheet recorded.
pub fn add_bye(
    tx: &Writer,
    event: &Event,
    section: &Section,
    entry: &Entry,
    bye: NewBye,
    source: &str,
) -> Result<Recorded> {
    if event.kind.is_team() {
        return Err(Error::refused(Refusal::TeamEvent {
            event: event.name.clone(),
        }));
    }
    if bye.round == 0 || bye.round > event.rounds {
        return Err(Error::refused(Refusal::NoSuchRound {
            event: event.name.clone(),
            rounds: event.rounds,
            round: bye.round,
        }));
    }
    let row = SheetRow {
        line: None,
        board: None,
        white: format!("#{}", entry.pairing_no),
        black: None,
        result: None,
        bye: Some((bye.kind, bye.requested)),
        names: None,
    };
    super::round::sheet::record_sheet(tx, section, bye.round, None, &[row], source, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::{EventId, SectionId};
    use crate::store::player::{add_player, enter, NewPlayer};
    use crate::store::round::round_contents;
    use crate::store::season::{event_by_id, section_by_id};
    use crate::store::{fixture, Store};

    #[test]
    fn a_requested_bye_is_recorded_for_a_coming_round_and_refused_beyond_the_last() {
        let mut store = Store::open_in_memory().unwrap();
        fixture::execute(
            &store,
            "INSERT INTO season (id, name) VALUES (1, '2026');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Winter', 'swiss', 3, 'uscf');
             INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open');",
        );
        let event = event_by_id(store.conn(), EventId(1)).unwrap();
        let open = section_by_id(store.conn(), SectionId(1)).unwrap();
        let half = |round| NewBye {
            round,
            kind: ByeKind::Half,
            requested: true,
        };
        let entry = store
            .write(|tx| {
                let ann = add_player(
                    tx,
                    &NewPlayer {
                        name: "Ann Lee",
                        ..Default::default()
                    },
                )?;
                enter(tx, &open, &ann, None, None)
            })
            .unwrap();
        let e = store
            .write(|tx| add_bye(tx, &event, &open, &entry, half(4), "test"))
            .unwrap_err();
        assert_eq!(
            e.refusal::<Refusal>(),
            Some(&Refusal::NoSuchRound {
                event: "Winter".into(),
                rounds: 3,
                round: 4
            })
        );
        let done = store
            .write(|tx| add_bye(tx, &event, &open, &entry, half(2), "test"))
            .unwrap();
        assert_eq!(done.byes, 1);
        let (_, byes) = round_contents(store.conn(), open.id, 2).unwrap();
        assert_eq!(byes.len(), 1);
        assert_eq!((byes[0].kind, byes[0].requested), (ByeKind::Half, true));
    }
}
