//! What the US Chess system needs to know of each player before a round,
//! read from the [`Field`]: pairing score (with the added-score
//! acceleration of 28R), rating, colours of the games played, opponents
//! met, club, and whether the pairing-allocated bye may still go to them
//! (28L).

use std::collections::HashSet;

use crate::domain::pairing::{ByeKind, Colour, Field, Past};

/// One player to be paired, as the US Chess system sees them.
#[derive(Clone, Debug)]
pub struct Player {
    /// Pairing number.
    pub number: u32,
    /// Rating for pairing; 0 when unrated.
    pub rating: u32,
    /// Score for pairing, in half points (acceleration included).
    pub score: i32,
    /// Colours of the games played over the board, oldest first (forfeits
    /// and byes carry no colour: 29E1 counts games played).
    pub colours: Vec<Colour>,
    /// Opponents met over the board (27A1: a forfeit is no game).
    pub met: HashSet<u32>,
    /// Club or team for 28N; empty if none.
    pub club: String,
    /// Whether the pairing-allocated bye may go to this player: not to one
    /// who already had a full-point bye (28L3), allocated or requested.
    pub bye_allowed: bool,
}

impl Player {
    /// Whether the player is unrated (28L2 keeps the bye from them while a
    /// rated player of the same score group can take it).
    pub fn unrated(&self) -> bool {
        self.rating == 0
    }
}

/// Virtual points of the added-score method (28R1) for round `field.round`
/// when the acceleration lasts `rounds` rounds: one point to every entrant
/// in the upper half of the whole section by rating (pairing number breaks
/// ties), for the first `rounds` rounds. With an odd number of entrants the
/// upper half is the larger one, so that after the bye (to the lowest-rated,
/// 28L2) both halves pair evenly. Returns the virtual points of each
/// entrant, in the field's order, in half points.
pub fn added_score(field: &Field, rounds: u32) -> Vec<i32> {
    let n = field.entrants.len();
    let mut out = vec![0; n];
    if field.round > rounds {
        return out;
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| {
        let e = &field.entrants[i];
        (std::cmp::Reverse(e.rating), e.number)
    });
    for &i in order.iter().take(n.div_ceil(2)) {
        out[i] = 2;
    }
    out
}

/// The available players, ranked as US Chess ranks them (29A, 29C): by
/// pairing score, then rating, then pairing number.
pub fn players(field: &Field, accelerate_rounds: u32) -> Vec<Player> {
    let added = added_score(field, accelerate_rounds);
    let mut out: Vec<Player> = field
        .entrants
        .iter()
        .zip(added)
        .filter(|(e, _)| e.available && e.requested_bye.is_none())
        .map(|(e, extra)| {
            let mut colours = Vec::new();
            let mut met = HashSet::new();
            let mut bye_allowed = true;
            for past in &e.history {
                match past {
                    Past::Played {
                        opponent, colour, ..
                    } => {
                        colours.push(*colour);
                        met.insert(*opponent);
                    }
                    Past::Bye {
                        kind: ByeKind::PairingAllocated | ByeKind::RequestedFull,
                        ..
                    } => bye_allowed = false,
                    _ => {}
                }
            }
            Player {
                number: e.number,
                rating: e.rating,
                score: e.pairing_score().halves() + extra,
                colours,
                met,
                club: e.club.trim().to_lowercase(),
                bye_allowed,
            }
        })
        .collect();
    out.sort_by_key(|p| {
        (
            std::cmp::Reverse(p.score),
            std::cmp::Reverse(p.rating),
            p.number,
        )
    });
    out
}
