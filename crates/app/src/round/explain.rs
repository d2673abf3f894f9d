//! Why each round of a Swiss section was paired as it was, in the short
//! form a round's web page shows (issue 29): the same account `league
//! round pair --explain` prints, one line a board.
//!
//! Nothing of it is stored, so it is worked out again: the field of the
//! round is rebuilt from the rounds before it (as the engine saw it when it
//! paired the round), the event's engine pairs it again, and the account is
//! given only when that pairing is exactly the stored one, board for board
//! and colour for colour, bye included. A round paired by hand, changed
//! after pairing, or paired under other settings gets none: an account of
//! a pairing that was not made would be silently wrong.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::players::paired_field;
use crate::domain::ids::EntryId;
use crate::domain::league::{Event, Section};
use crate::domain::pairing::settings::{self, SystemKind};
use crate::domain::pairing::{ByeKind, Pairing};
use crate::error::Result;
use crate::store::pairing::{self as pairings, Seat};
use crate::store::round::{paired_rounds, round_contents};
use crate::store::Readable;

/// The short account of each round of `section` that its event's Swiss
/// engine paired, by round number; empty for round robins, team events
/// and sections paired by hand.
pub fn explanations(
    conn: &dyn Readable,
    event: &Event,
    section: &Section,
) -> Result<BTreeMap<u32, Vec<String>>> {
    let mut out = BTreeMap::new();
    let rules = pairings::rules(&conn, event.id)?;
    if event.kind.is_team() || !matches!(rules.system, SystemKind::Dutch | SystemKind::Uscf) {
        return Ok(out);
    }
    let Ok(engine) = settings::system(rules.system, &rules) else {
        return Ok(out);
    };
    for round in paired_rounds(&conn, section.id)? {
        let Some((field, seats)) = paired_field(conn, event, section, &rules, round)? else {
            continue;
        };
        let Ok(pairing) = engine.pair(&field) else {
            continue;
        };
        if !as_stored(conn, section, round, &seats, &pairing)? {
            continue;
        }
        if let Some(why) = settings::explain(rules.system, &rules, &field, &pairing) {
            out.insert(round, why.summary(&field));
        }
    }
    Ok(out)
}

/// The boards (White, Black by pairing number) and the pairing-allocated
/// byes of a pairing.
type Made = (BTreeSet<(u32, u32)>, BTreeSet<u32>);

/// Whether `pairing` is exactly what round `round` holds: the same boards
/// with the same colours, and the same pairing-allocated bye.
fn as_stored(
    conn: &dyn Readable,
    section: &Section,
    round: u32,
    seats: &[Seat],
    pairing: &Pairing,
) -> Result<bool> {
    let number: HashMap<EntryId, u32> = seats.iter().map(|s| (s.entry_id, s.number)).collect();
    let of = |id: EntryId| number.get(&id).copied();
    let (games, byes) = round_contents(&conn, section.id, round)?;
    let boards: Option<BTreeSet<(u32, u32)>> = games
        .iter()
        .map(|g| Some((of(g.white.id)?, of(g.black.id)?)))
        .collect();
    let allocated: Option<BTreeSet<u32>> = byes
        .iter()
        .filter(|b| !b.requested)
        .map(|b| of(b.entry.id))
        .collect();
    let (Some(boards), Some(allocated)) = (boards, allocated) else {
        return Ok(false);
    };
    let stored: Made = (boards, allocated);
    let made: Made = (
        pairing.boards.iter().map(|b| (b.white, b.black)).collect(),
        pairing
            .byes
            .iter()
            .filter(|(_, kind)| *kind == ByeKind::PairingAllocated)
            .map(|(n, _)| *n)
            .collect(),
    );
    Ok(stored == made)
}
