//! Baku acceleration (FIDE Handbook C.04.5.1, one of the FIDE-approved
//! accelerated systems of C.04.5): virtual points for the top half of the
//! field in the first rounds, for pairing only, so that in a large open the
//! strong meet the strong from round 1.
//!
//! The rule, as this module computes it:
//! - **Groups.** Before round 1 the players (in pairing-number order) are
//!   split into GA, the first half rounded *up to an even number*
//!   (`2 * ceil(N / 4)`: 161 players give 82), and GB, the rest. The last
//!   GA player stays the same afterwards: a late entry never moves the
//!   boundary.
//! - **Accelerated rounds**: the first half of the tournament, rounded up
//!   (5 of 9 rounds). In the first half of those, rounded up, every GA
//!   player has 1 virtual point; in the other accelerated rounds ½; after
//!   them none. In a nine-round event: 1 point in rounds 1-3, ½ in rounds 4
//!   and 5, nothing from round 6. GB players never have virtual points.
//!
//! Choices where the text is silent, written down:
//! - "The players" before round 1 are the section's entrants at the first
//!   pairing: when round 1 is being paired, every entrant in the field
//!   (available or not, as a player with a requested bye in round 1 is on
//!   the list); later, the entrants who were in round 1 one way or another
//!   (a game, a forfeit or a bye), since a late entry has no round 1. Late
//!   entries get the next pairing numbers in `league` (C.04.2 late entries
//!   are numbered after the others unless the secretary renumbers before
//!   round 1), so they fall in GB, as the rule's "the last GA player shall
//!   be the same" gives when they are numbered after him.
//! - The method is meant for the standard scoring (1, ½, 0); `league`
//!   applies it whatever the event's bye value, since the virtual points
//!   never depend on results.

use super::{Field, Past};
use crate::domain::score::Points;

/// The number of GA players for a field of `players` (C.04.5.1 "Initial
/// groups division"): the first half rounded up to the nearest even number,
/// `2 * ceil(players / 4)`. It is also the pairing number of the last GA
/// player.
pub fn baku_group_a(players: u32) -> u32 {
    2 * players.div_ceil(4)
}

/// The virtual points a GA player has when round `round` of a
/// `total_rounds`-round event is paired (C.04.5.1 "Virtual points"): 1 in
/// the first half (rounded up) of the accelerated rounds, ½ in the rest of
/// them, 0 afterwards; the accelerated rounds are the first half (rounded
/// up) of the event.
pub fn baku_virtual_points(round: u32, total_rounds: u32) -> Points {
    let accelerated = total_rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    if round == 0 || round > accelerated {
        Points::ZERO
    } else if round <= full {
        Points::ONE
    } else {
        Points::HALF
    }
}

/// The pairing number of the last GA player of `field`: GA is counted
/// from the players of round 1 (see the module doc for who they are).
pub fn baku_last_group_a(field: &Field) -> u32 {
    let players = if field.round <= 1 {
        field.entrants.len()
    } else {
        field
            .entrants
            .iter()
            .filter(|e| e.history.first().is_some_and(|p| *p != Past::Absent))
            .count()
    };
    baku_group_a(players as u32)
}

/// Gives every GA player of `field` the virtual points of the round being
/// paired (GB players none), replacing any acceleration set before.
pub fn apply_baku(field: &mut Field) {
    let last = baku_last_group_a(field);
    let points = baku_virtual_points(field.round, field.total_rounds);
    for e in &mut field.entrants {
        e.acceleration = if e.number <= last {
            points
        } else {
            Points::ZERO
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::pairing::{ByeKind, Colour, Entrant, PointSystem};

    #[test]
    fn group_a_is_the_first_half_rounded_up_to_an_even_number() {
        // The rule's own example: 161 players, 80.5 rounded up to 82.
        assert_eq!(baku_group_a(161), 82);
        assert_eq!(baku_group_a(160), 80);
        assert_eq!(baku_group_a(162), 82);
        assert_eq!(baku_group_a(163), 82);
        assert_eq!(baku_group_a(164), 82);
        assert_eq!(baku_group_a(165), 84);
        assert_eq!(baku_group_a(7), 4);
        assert_eq!(baku_group_a(1), 2);
    }

    #[test]
    fn nine_rounds_give_one_point_in_rounds_1_to_3_and_a_half_in_4_and_5() {
        // The rule's worked example: nine rounds, five accelerated.
        let got: Vec<i32> = (1..=9)
            .map(|r| baku_virtual_points(r, 9).halves())
            .collect();
        assert_eq!(got, vec![2, 2, 2, 1, 1, 0, 0, 0, 0]);
    }

    #[test]
    fn other_lengths_halve_and_round_up_twice() {
        // 11 rounds: 6 accelerated, 3 with a point, 3 with a half.
        let got: Vec<i32> = (1..=11)
            .map(|r| baku_virtual_points(r, 11).halves())
            .collect();
        assert_eq!(got, vec![2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0]);
        // 7 rounds: 4 accelerated, 2 and 2.
        let got: Vec<i32> = (1..=7)
            .map(|r| baku_virtual_points(r, 7).halves())
            .collect();
        assert_eq!(got, vec![2, 2, 1, 1, 0, 0, 0]);
        // 5 rounds: 3 accelerated, 2 with a point, 1 with a half.
        let got: Vec<i32> = (1..=5)
            .map(|r| baku_virtual_points(r, 5).halves())
            .collect();
        assert_eq!(got, vec![2, 2, 1, 0, 0]);
    }

    fn entrant(number: u32, history: Vec<Past>) -> Entrant {
        Entrant {
            number,
            rating: 0,
            title: String::new(),
            name: format!("Player {number}"),
            history,
            available: true,
            requested_bye: None,
            acceleration: Points::ZERO,
            club: String::new(),
        }
    }

    fn field(round: u32, entrants: Vec<Entrant>) -> Field {
        Field {
            round,
            total_rounds: 9,
            initial_colour: Colour::White,
            points: PointSystem::default(),
            forbidden: Vec::new(),
            entrants,
        }
    }

    #[test]
    fn round_one_splits_every_entrant_and_late_entries_stay_in_group_b() {
        // Round 1 of nine, 10 players: GA is 2 * ceil(10 / 4) = 6.
        let mut f = field(1, (1..=10).map(|k| entrant(k, vec![])).collect());
        f.entrants[9].available = false; // a requested bye in round 1 is still on the list
        apply_baku(&mut f);
        let acc: Vec<i32> = f.entrants.iter().map(|e| e.acceleration.halves()).collect();
        assert_eq!(acc, vec![2, 2, 2, 2, 2, 2, 0, 0, 0, 0]);

        // Round 4: half a point. Players 11 and 12 entered late (no round
        // 1 to their name): GA stays players 1-6, not 2 * ceil(12 / 4).
        let played = |o| Past::Played {
            opponent: o,
            colour: Colour::White,
            points: Points::ONE,
        };
        let mut entrants: Vec<Entrant> = (1..=10)
            .map(|k| entrant(k, vec![played(1), played(2), played(3)]))
            .collect();
        entrants[9].history[0] = Past::Bye {
            kind: ByeKind::RequestedZero,
            points: Points::ZERO,
        };
        for k in 11..=12 {
            entrants.push(entrant(k, vec![Past::Absent, played(1), played(2)]));
        }
        let mut f = field(4, entrants);
        assert_eq!(baku_last_group_a(&f), 6);
        apply_baku(&mut f);
        let acc: Vec<i32> = f.entrants.iter().map(|e| e.acceleration.halves()).collect();
        assert_eq!(acc, vec![1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);

        // Round 6 of nine: no virtual points left.
        f.round = 6;
        apply_baku(&mut f);
        assert!(f.entrants.iter().all(|e| e.acceleration == Points::ZERO));
    }
}
