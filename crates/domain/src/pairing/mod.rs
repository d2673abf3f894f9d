//! Pairing a round: the facts a pairing system reads and the pairing it
//! returns, shared by every system (FIDE Dutch, US Chess Swiss, round-robin
//! tables, team events).
//!
//! Plain values only. The store turns a section's records into a [`Field`];
//! the TRF reader turns a file into one; a system turns a `Field` into a
//! [`Pairing`] or says why it cannot ([`Unpairable`]). Nothing here knows
//! where the facts came from, so the same engine pairs a league's section
//! and a file from another program, and is tested with values built by hand.
//!
//! Numbers: a player is known by their pairing number (FIDE's "pairing
//! number", a TRF start number), 1-based, fixed at the first pairing (C.04.2).
//! Scores are whole half-points ([`Points`]).

pub mod acceleration;
pub mod explain;
pub mod matching;

use crate::domain::score::Points;

pub mod round_robin;
pub mod settings;
pub mod size;
pub mod team;

/// A colour in a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A round already played (or not played), as one player saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Past {
    /// A game played over the board: it counts for rematches (FIDE C1,
    /// US Chess 27A1) and for colour history.
    Played {
        /// The opponent's pairing number.
        opponent: u32,
        /// The colour played: it counts for colour history.
        colour: Colour,
        /// What the player scored in it.
        points: Points,
    },
    /// A game decided by forfeit: no game was played, so the two may meet
    /// again (C.04.1 b) and the colour does not count (C.04.1 h); the points
    /// still count.
    Forfeit {
        /// The scheduled opponent's pairing number.
        opponent: u32,
        /// The colour the pairing gave; history for floats only.
        colour: Colour,
        /// What the player scored (the forfeit's points still count).
        points: Points,
    },
    /// A bye: the pairing-allocated bye, or one the player asked for
    /// (full, half or zero point), with the points it gave.
    Bye {
        /// Given by the pairing or asked for.
        kind: ByeKind,
        /// The points the bye gave.
        points: Points,
    },
    /// Not paired and no bye (absent, not yet entered, withdrawn).
    Absent,
}

impl Past {
    /// The points this round gave the player.
    pub fn points(&self) -> Points {
        match self {
            Past::Played { points, .. }
            | Past::Forfeit { points, .. }
            | Past::Bye { points, .. } => *points,
            Past::Absent => Points::ZERO,
        }
    }

    /// The opponent met over the board, if a game was played.
    pub fn played_opponent(&self) -> Option<u32> {
        match self {
            Past::Played { opponent, .. } => Some(*opponent),
            _ => None,
        }
    }
}

/// Which kind of bye.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// Given by the pairing to the one player left over (FIDE "PAB",
    /// US Chess 28L): TRF `U`.
    PairingAllocated,
    /// Asked for, a full point (TRF `F`).
    RequestedFull,
    /// Asked for, half a point (TRF `H`).
    RequestedHalf,
    /// Asked for, no points (TRF `Z`).
    RequestedZero,
}

/// One player as the pairing of the next round sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// Pairing number (TRF start number), 1-based.
    pub number: u32,
    /// Rating used for pairing (0 when unrated).
    pub rating: u32,
    /// Title, for ordering by C.04.2 when ratings are equal ("GM", "" ...).
    pub title: String,
    /// The name: the last key of C.04.2's initial order, and what an
    /// unpairable round's message names.
    pub name: String,
    /// One entry per earlier round: index 0 is round 1.
    pub history: Vec<Past>,
    /// Whether the player is to be paired in this round. A player who
    /// withdrew, or asked for a bye in this round, is not.
    pub available: bool,
    /// A bye asked for in the round being paired, given without pairing.
    pub requested_bye: Option<ByeKind>,
    /// Virtual points added for pairing only (Baku acceleration, US Chess
    /// added-score acceleration); never part of the score.
    pub acceleration: Points,
    /// Team or club, for team-mate avoidance (US Chess 28N); empty if none.
    pub club: String,
}

impl Entrant {
    /// Points from the rounds played so far (byes and forfeits included).
    pub fn score(&self) -> Points {
        Points::from_halves(self.history.iter().map(|p| p.points().halves()).sum())
    }

    /// Score for pairing purposes: the score plus any acceleration.
    pub fn pairing_score(&self) -> Points {
        Points::from_halves(self.score().halves() + self.acceleration.halves())
    }
}

/// Points a result gives, as the event counts them (FIDE's defaults 1, ½, 0;
/// the pairing-allocated bye a win unless the event says otherwise). TRF
/// `BBW`/`BBD`/... and TRF-2026 record `162` carry these.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PointSystem {
    /// A game won over the board.
    pub win: Points,
    /// A game drawn.
    pub draw: Points,
    /// A game lost over the board.
    pub loss: Points,
    /// A game won by forfeit.
    pub forfeit_win: Points,
    /// A game lost by forfeit.
    pub forfeit_loss: Points,
    /// The pairing-allocated bye.
    pub pairing_bye: Points,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: Points::ONE,
            draw: Points::HALF,
            loss: Points::ZERO,
            forfeit_win: Points::ONE,
            forfeit_loss: Points::ZERO,
            pairing_bye: Points::ONE,
        }
    }
}

/// Everything a system needs to pair one round of one section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The round to pair (1-based). Every entrant's history has
    /// `round - 1` entries.
    pub round: u32,
    /// The planned number of rounds (FIDE: topscorers and C10/C11 apply in
    /// the last round).
    pub total_rounds: u32,
    /// The colour the first pairing number of round 1's pairing gets
    /// (FIDE's "initial colour", TRF `XXC white1|black1`): player 1's, or
    /// the top player's paired in round 1 when player 1 missed it.
    pub initial_colour: Colour,
    /// What each result is worth, for the scores the pairing groups by.
    pub points: PointSystem,
    /// Pairs that must not meet (TRF `XXP`, record `260`), by pairing number.
    pub forbidden: Vec<(u32, u32)>,
    /// Every entrant, in pairing-number order, available or not.
    pub entrants: Vec<Entrant>,
}

/// One board of a pairing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// White's pairing number.
    pub white: u32,
    /// Black's pairing number.
    pub black: u32,
}

/// A round's pairing: boards in order (board 1 first) and byes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// The boards, board 1 first.
    pub boards: Vec<Board>,
    /// Every bye of the round: the pairing-allocated one and the requested
    /// ones, by pairing number.
    pub byes: Vec<(u32, ByeKind)>,
}

/// Why a round cannot be paired: said plainly, with the players concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unpairable {
    /// Pairing numbers of the players who cannot be paired.
    pub players: Vec<u32>,
    /// What stands in the way, in the secretary's words ("every remaining
    /// opponent has already played them").
    pub reason: String,
}

impl std::fmt::Display for Unpairable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.reason)
    }
}

/// A pairing system: FIDE Dutch, US Chess Swiss, a round-robin table.
pub trait System {
    /// Pair `field.round`; the same field always gives the same pairing.
    fn pair(&self, field: &Field) -> Result<Pairing, Unpairable>;
}

// The modules' own `//!` docs describe them: an outer `///` here would make
// rustdoc resolve their intra-doc links from this module instead.
pub mod dutch;
pub mod uscf;

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_score_counts_games_forfeits_and_byes_and_acceleration_only_for_pairing() {
        let mut e = entrant(
            1,
            vec![
                Past::Played {
                    opponent: 2,
                    colour: Colour::White,
                    points: Points::ONE,
                },
                Past::Forfeit {
                    opponent: 3,
                    colour: Colour::Black,
                    points: Points::ONE,
                },
                Past::Bye {
                    kind: ByeKind::RequestedHalf,
                    points: Points::HALF,
                },
                Past::Absent,
            ],
        );
        e.acceleration = Points::ONE;
        assert_eq!(e.score(), Points::from_halves(5));
        assert_eq!(e.pairing_score(), Points::from_halves(7));
        assert_eq!(e.history[0].played_opponent(), Some(2));
        assert_eq!(
            e.history[1].played_opponent(),
            None,
            "a forfeit is no game played"
        );
    }
}
