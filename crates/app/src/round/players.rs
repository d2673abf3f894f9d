//! A section's round as the pairing engines see it: the [`Plan`] of round
//! N built from the store's rows, with the rules of who is paired, how an
//! earlier round counts and how a first pairing numbers the players.
//!
//! - **Who is paired**: every entry not withdrawn before round N (a player
//!   who withdrew after round w plays rounds 1..w) and without a requested
//!   bye in round N, which keeps the player out with that bye.
//! - **History**: each earlier round per player is a game played (colour,
//!   opponent, points), a forfeit (a game not played: C.04.1 b and h), a bye
//!   (pairing-allocated, or requested full/half/zero) or absent. A game of
//!   an earlier round still without a result counts as played with no points
//!   yet; a Swiss refuses to pair while there is one (scores are not known),
//!   a round robin does not need results.
//! - **Pairing numbers**: at the section's first pairing they are given
//!   afresh: by rating, then title, then name (FIDE C.04.2); or, for a round
//!   robin whose event says `drawn`, by lot. From then on they are fixed.
//! - **Acceleration**: with `acceleration baku` the engine gets each
//!   player's Baku virtual points for round N (C.04.5.1): pairing only.

use std::collections::HashMap;

use super::{Refusal, Side};
use crate::domain::ids::{EntryId, RoundId};
use crate::domain::league::{Event, Section};
use crate::domain::names::fold;
use crate::domain::pairing::acceleration::apply_baku;
use crate::domain::pairing::settings::{Acceleration, Numbering, PairingRules};
use crate::domain::pairing::{ByeKind, Colour, Entrant, Field, Past, PointSystem};
use crate::domain::record::{ByeKind as RecordBye, Outcome};
use crate::domain::rng::Rng;
use crate::domain::score::Points;
use crate::error::{Error, Result};
use crate::store::pairing::{self as pairings, PastRow, Plan, Seat};
use crate::store::Readable;

/// Build the plan of round `round` of a section: refused beyond the event,
/// after a round not yet paired, before a paired round, and for a round
/// already paired unless `replace` (and then only while no result is in).
/// `seed` draws the numbers of a round robin that draws them.
pub(super) fn plan(
    conn: &dyn Readable,
    event: &Event,
    section: &Section,
    rules: &PairingRules,
    round: u32,
    replace: bool,
    seed: u64,
) -> Result<Plan> {
    let super::ToPair {
        paired,
        now,
        existing,
    } = super::round_to_pair(conn, event, section, Side::Players, round, replace)?;
    let mut seats = pairings::seats(&conn, section.id)?;
    if seats.is_empty() {
        return Err(Error::refused(Refusal::NobodyToPair {
            whose: section.name.clone(),
            side: Side::Players,
        }));
    }
    let mut renumber = false;
    if paired.is_empty() {
        let numbering = if rules.system.is_round_robin() {
            rules.numbers
        } else {
            Numbering::Rating
        };
        first_numbers(&mut seats, numbering, seed);
        renumber = seats.iter().any(|s| s.number != s.stored_number);
    }
    let (field, pending) = field_of(conn, event, rules, (section, &seats), round, now.round_id)?;
    Ok(Plan {
        section: section.clone(),
        round,
        field,
        seats,
        renumber,
        existing_games: existing,
        pending,
    })
}

/// An earlier game still without a result: (round, White, Black).
type Pending = (u32, String, String);

/// The field of round `round` of `section` as the engine sees it from
/// `seats`: each seat's earlier rounds, the byes asked for in the round
/// (`round_id`, once the round exists), the event's acceleration. Also the
/// earlier games still without a result.
fn field_of(
    conn: &dyn Readable,
    event: &Event,
    rules: &PairingRules,
    (section, seats): (&Section, &[Seat]),
    round: u32,
    round_id: Option<RoundId>,
) -> Result<(Field, Vec<Pending>)> {
    let rows = pairings::past_rows(&conn, section.id, round)?;
    let (mut history, pending) = histories(seats, &rows, round);
    let requested: HashMap<EntryId, ByeKind> = match round_id {
        Some(rid) => pairings::requested_byes(&conn, rid)?
            .into_iter()
            .map(|b| (b.entry_id, requested_kind(b.kind)))
            .collect(),
        None => HashMap::new(),
    };
    let entrants = seats
        .iter()
        .map(|s| entrant(s, round, requested.get(&s.entry_id).copied(), &mut history))
        .collect();
    let mut field = Field {
        round,
        total_rounds: event.rounds,
        initial_colour: rules.initial_colour,
        points: PointSystem {
            pairing_bye: rules.bye.points(),
            ..PointSystem::default()
        },
        forbidden: vec![],
        entrants,
    };
    // The event's acceleration: the virtual points of this round (C.04.5.1).
    if rules.acceleration == Acceleration::Baku {
        apply_baku(&mut field);
    }
    Ok((field, pending))
}

/// The field of round `round`, already paired, as the engine saw it before
/// pairing it (the pairing numbers are fixed once a section is paired), and
/// the section's seats; `None` while the round does not exist.
pub(super) fn paired_field(
    conn: &dyn Readable,
    event: &Event,
    section: &Section,
    rules: &PairingRules,
    round: u32,
) -> Result<Option<(Field, Vec<Seat>)>> {
    let now = pairings::round_pairing(&conn, section.id, round)?;
    if now.round_id.is_none() {
        return Ok(None);
    }
    let seats = pairings::seats(&conn, section.id)?;
    let (field, _) = field_of(conn, event, rules, (section, &seats), round, now.round_id)?;
    Ok(Some((field, seats)))
}

/// A requested bye as the pairing sees it.
fn requested_kind(kind: RecordBye) -> ByeKind {
    match kind {
        RecordBye::Full => ByeKind::RequestedFull,
        RecordBye::Half => ByeKind::RequestedHalf,
        RecordBye::Zero => ByeKind::RequestedZero,
    }
}

/// One seat as the engine's entrant in round `round`.
fn entrant(
    s: &Seat,
    round: u32,
    bye: Option<ByeKind>,
    history: &mut HashMap<EntryId, Vec<Past>>,
) -> Entrant {
    let withdrawn = s.withdrawn_after.is_some_and(|w| w < round);
    Entrant {
        number: s.number,
        rating: s.rating.unwrap_or(0),
        title: s.title.clone().unwrap_or_default(),
        name: s.name.clone(),
        history: history.remove(&s.entry_id).unwrap_or_default(),
        available: !withdrawn && bye.is_none(),
        requested_bye: if withdrawn { None } else { bye },
        acceleration: Points::ZERO,
        club: s.club.clone().unwrap_or_default(),
    }
}

/// Every seat's earlier rounds, and the earlier games still without a
/// result as (round, White, Black), sorted.
#[allow(clippy::type_complexity)]
fn histories(
    seats: &[Seat],
    rows: &[PastRow],
    round: u32,
) -> (HashMap<EntryId, Vec<Past>>, Vec<(u32, String, String)>) {
    let number_of: HashMap<EntryId, u32> = seats.iter().map(|s| (s.entry_id, s.number)).collect();
    let name_of: HashMap<EntryId, &str> = seats
        .iter()
        .map(|s| (s.entry_id, s.name.as_str()))
        .collect();
    let mut history: HashMap<EntryId, Vec<Past>> = seats
        .iter()
        .map(|s| (s.entry_id, vec![Past::Absent; round as usize - 1]))
        .collect();
    let mut pending = Vec::new();
    for row in rows {
        let opponent = row
            .opponent
            .and_then(|o| number_of.get(&o).copied())
            .unwrap_or(0);
        let colour = if row.black {
            Colour::Black
        } else {
            Colour::White
        };
        if row.outcome.is_none() && colour == Colour::White {
            let black = row.opponent.and_then(|o| name_of.get(&o)).unwrap_or(&"?");
            let white = name_of.get(&row.entry_id).unwrap_or(&"?");
            pending.push((row.round, white.to_string(), black.to_string()));
        }
        let past = past(row, opponent, colour);
        if let Some(slot) = history
            .get_mut(&row.entry_id)
            .and_then(|h| h.get_mut(row.round as usize - 1))
        {
            *slot = past;
        }
    }
    pending.sort();
    (history, pending)
}

/// One earlier round of a player as the pairing counts it: a game without
/// a result is played with no points yet.
fn past(row: &PastRow, opponent: u32, colour: Colour) -> Past {
    let points = Points::from_halves(row.halves);
    match row.outcome {
        None => Past::Played {
            opponent,
            colour,
            points: Points::ZERO,
        },
        Some(Outcome::Win | Outcome::Draw | Outcome::Loss) => Past::Played {
            opponent,
            colour,
            points,
        },
        Some(Outcome::ForfeitWin | Outcome::ForfeitLoss | Outcome::DoubleForfeit) => {
            Past::Forfeit {
                opponent,
                colour,
                points,
            }
        }
        Some(Outcome::Bye { kind, requested }) => Past::Bye {
            kind: if requested {
                requested_kind(kind)
            } else {
                ByeKind::PairingAllocated
            },
            points,
        },
        Some(Outcome::Absent) => Past::Absent,
    }
}

/// FIDE C.04.2's title order: GM, IM, WGM, FM, WIM, CM, WFM, WCM, none.
pub(crate) fn title_rank(title: Option<&str>) -> usize {
    const ORDER: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];
    title
        .and_then(|t| ORDER.iter().position(|o| o.eq_ignore_ascii_case(t.trim())))
        .unwrap_or(ORDER.len())
}

/// Pairing numbers for a first pairing: by rating, title, name (C.04.2), or
/// drawn with `seed` (a splitmix64 shuffle; the draw is then stored as the
/// pairing numbers, so it never needs repeating).
fn first_numbers(seats: &mut [Seat], numbering: Numbering, seed: u64) {
    number_seats(
        seats,
        numbering,
        seed,
        |a, b| {
            b.rating
                .unwrap_or(0)
                .cmp(&a.rating.unwrap_or(0))
                .then(title_rank(a.title.as_deref()).cmp(&title_rank(b.title.as_deref())))
                .then(fold(&a.name).cmp(&fold(&b.name)))
                .then(a.stored_number.cmp(&b.stored_number))
        },
        |s, n| s.number = n,
    );
}

/// Give `seats` the numbers 1, 2, ... of a first pairing: in the order
/// `by` sorts them, or drawn with `seed` (a splitmix64 shuffle of that
/// order; the draw is then stored as the numbers, so it never needs
/// repeating). The one numbering for players and teams.
pub(super) fn number_seats<T>(
    seats: &mut [T],
    numbering: Numbering,
    seed: u64,
    by: impl FnMut(&T, &T) -> std::cmp::Ordering,
    mut set: impl FnMut(&mut T, u32),
) {
    seats.sort_by(by);
    if numbering == Numbering::Drawn {
        Rng::new(seed).shuffle(seats);
    }
    for (i, s) in seats.iter_mut().enumerate() {
        set(s, i as u32 + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(no: u32, name: &str, rating: Option<u32>, title: Option<&str>) -> Seat {
        Seat {
            entry_id: EntryId(no as i64 * 10),
            number: no,
            stored_number: no,
            name: name.into(),
            rating,
            title: title.map(str::to_string),
            withdrawn_after: None,
            club: None,
        }
    }

    #[test]
    fn c04_2_orders_by_rating_then_title_then_name() {
        let mut seats = vec![
            seat(1, "Zoe Unrated", None, None),
            seat(2, "Bea Plain", Some(2200), None),
            seat(3, "Cal Master", Some(2200), Some("IM")),
            seat(4, "Abe Plain", Some(2200), None),
            seat(5, "Gus Grand", Some(2200), Some("GM")),
            seat(6, "Top Rated", Some(2400), Some("FM")),
            seat(7, "Wim Woman", Some(2200), Some("WGM")),
        ];
        first_numbers(&mut seats, Numbering::Rating, 0);
        let order: Vec<(&str, u32)> = seats.iter().map(|s| (s.name.as_str(), s.number)).collect();
        assert_eq!(
            order,
            [
                ("Top Rated", 1),
                ("Gus Grand", 2),
                ("Cal Master", 3),
                ("Wim Woman", 4),
                ("Abe Plain", 5),
                ("Bea Plain", 6),
                ("Zoe Unrated", 7),
            ]
        );
    }

    #[test]
    fn a_drawn_order_is_a_permutation_that_depends_on_the_seed() {
        let make = || {
            (1..=12)
                .map(|n| seat(n, &format!("P{n:02}"), Some(2000 - n), None))
                .collect::<Vec<_>>()
        };
        let mut a = make();
        let mut b = make();
        first_numbers(&mut a, Numbering::Drawn, 7);
        first_numbers(&mut b, Numbering::Drawn, 8);
        let names = |v: &[Seat]| v.iter().map(|s| s.name.clone()).collect::<Vec<_>>();
        assert_ne!(names(&a), names(&b));
        let mut sorted = names(&a);
        sorted.sort();
        assert_eq!(sorted, names(&make()));
        assert!(a.iter().enumerate().all(|(i, s)| s.number == i as u32 + 1));
    }
}
