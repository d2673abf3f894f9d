//! What the Dutch system needs to know of each player before a round, read
//! from the [`Field`]: pairing score, colour state, opponents met, floats
//! of the last two rounds, whether the pairing-allocated bye is still
//! possible, and how many rounds were not played.

use std::collections::{HashMap, HashSet};

use super::colour::{ColourState, Strength};
use crate::domain::pairing::{ByeKind, Colour, Field, Past};

/// A float received in a round (C.04.3 1.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Float {
    /// Paired within the score group, or no round to look at.
    None,
    /// Paired with a lower score, or scored more than a loss without
    /// playing (1.4.3).
    Down,
    /// Paired with a higher score.
    Up,
}

/// One player to be paired, as the Dutch system sees them.
#[derive(Clone, Debug)]
pub struct Player {
    /// Pairing number.
    pub number: u32,
    /// Score for pairing, in half points (acceleration included).
    pub score: i32,
    /// The colours of the games played so far (byes and forfeits left
    /// out), from which the preference follows (1.6).
    pub colours: ColourState,
    /// The colour the player expects next (1.6.1); `None` before the first
    /// game, when there is no preference.
    pub preference: Option<Colour>,
    /// How strongly the player expects it: absolute, strong or mild
    /// (1.6.2), which decides what C10-C13 weigh.
    pub strength: Strength,
    /// Opponents met over the board (C1: forfeits do not count).
    pub met: HashSet<u32>,
    /// Whether the pairing-allocated bye may go to this player (C2).
    pub bye_allowed: bool,
    /// Rounds in which the player played no game (C9).
    pub unplayed: u32,
    /// The float of the previous round (C14, C15, C18, C19).
    pub float1: Float,
    /// The float of the round before the previous one (C16, C17, C20, C21).
    pub float2: Float,
    /// Topscorer (1.7): more than half the maximum score, last round only.
    pub topscorer: bool,
}

/// The available players, ranked by score then pairing number (1.2).
pub fn players(field: &Field) -> Vec<Player> {
    let r = field.round as usize;
    // Score of every entrant before each round, in half points.
    let mut before: HashMap<u32, Vec<i32>> = HashMap::new();
    for e in &field.entrants {
        let mut s = 0;
        let mut v = Vec::with_capacity(r);
        for k in 0..r - 1 {
            v.push(s);
            s += e.history.get(k).map_or(0, |p| p.points().halves());
        }
        v.push(s);
        before.insert(e.number, v);
    }
    let loss = field.points.loss.halves();
    let win = field.points.win.halves();
    let last_round = field.round >= field.total_rounds;
    let float_in = |number: u32, k: usize, past: &Past| -> Float {
        let mine = before[&number][k];
        match past {
            Past::Played { opponent, .. } => {
                let theirs = before.get(opponent).map_or(mine, |v| v[k]);
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
            // A forfeit is no game: only its winner floats (1.4.3).
            Past::Forfeit { points, .. } if points.halves() > loss => Float::Down,
            Past::Bye { points, .. } if points.halves() > loss => Float::Down,
            _ => Float::None,
        }
    };
    let mut out: Vec<Player> = field
        .entrants
        .iter()
        .filter(|e| e.available)
        .map(|e| {
            let colours = ColourState::new(
                e.history
                    .iter()
                    .filter_map(|p| match p {
                        Past::Played { colour, .. } => Some(*colour),
                        _ => None,
                    })
                    .collect(),
            );
            let (preference, strength) = colours.preference();
            let met = e.history.iter().filter_map(Past::played_opponent).collect();
            let bye_allowed = !e.history.iter().any(|p| match p {
                Past::Bye {
                    kind: ByeKind::PairingAllocated,
                    ..
                } => true,
                Past::Bye { points, .. } | Past::Forfeit { points, .. } => points.halves() >= win,
                _ => false,
            });
            let unplayed = e
                .history
                .iter()
                .filter(|p| !matches!(p, Past::Played { .. }))
                .count() as u32;
            let float = |back: usize| {
                if r < back + 1 {
                    return Float::None;
                }
                let k = r - 1 - back;
                e.history
                    .get(k)
                    .map_or(Float::None, |p| float_in(e.number, k, p))
            };
            let score = e.score().halves();
            Player {
                number: e.number,
                score: score + e.acceleration.halves(),
                colours,
                preference,
                strength,
                met,
                bye_allowed,
                unplayed,
                float1: float(1),
                float2: float(2),
                topscorer: last_round && score * 2 > (field.round as i32 - 1) * win,
            }
        })
        .collect();
    out.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    out
}
