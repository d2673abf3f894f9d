//! FIDE rating change, FIDE Rating Regulations (B.02) article 8.3: for each
//! game against a rated opponent ΔR = score − PD, where PD is the expected
//! score of table 8.1.2 for the rating difference D, a difference over 400
//! counting as 400 (8.3.1); the change is ΣΔR × K (8.3.2), K from 8.3.3,
//! rounded to a whole number with .5 away from zero (8.3.4).
//!
//! Exact arithmetic throughout: PD is in hundredths, scores in halves, so a
//! change is a whole number of hundredths of a rating point.

use super::{rated_games, RatedGame};
use crate::domain::record::Tournament;
use crate::domain::tiebreak::fide::rating::pd;

/// The largest rating difference that counts (B.02 8.3.1).
pub const MAX_DIFFERENCE: i64 = 400;

/// K × number of games may not exceed this in a rating period (B.02 8.3.3).
pub const MAX_K_TIMES_GAMES: i64 = 700;

/// The rating floor of the regulations in force from 1 March 2024 (it was
/// 1000): no rating below it is published, and a player whose rating drops
/// below it is listed as unrated on the next list.
pub const RATING_FLOOR: i64 = 1400;

/// A player's K factor and how it was found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KFactor {
    /// The factor used.
    pub k: i64,
    /// True when the player's K factor is not recorded (nor the games rated
    /// so far and age that 8.3.3 decides it by) and K 20 was assumed for a
    /// player rated under 2400.
    pub assumed: bool,
    /// The factor before the 700-point cap of 8.3.3, when the cap lowered it.
    pub capped_from: Option<i64>,
}

impl KFactor {
    /// K for a player rated `rating`, given the K factor kept with the
    /// rating when there is one: otherwise 10 from 2400 up (a published
    /// rating that reached 2400 keeps K 10), else 20, marked assumed (40
    /// applies to a player with fewer than 30 rated games, or a junior
    /// under 2300). Then the cap: K × `games` at most 700.
    pub fn for_player(rating: i64, known: Option<i64>, games: usize) -> KFactor {
        let (k, assumed) = match known {
            Some(k) => (k, false),
            None if rating >= 2400 => (10, false),
            None => (20, true),
        };
        let n = games as i64;
        if n > 0 && k * n > MAX_K_TIMES_GAMES {
            KFactor {
                k: MAX_K_TIMES_GAMES / n,
                assumed,
                capped_from: Some(k),
            }
        } else {
            KFactor {
                k,
                assumed,
                capped_from: None,
            }
        }
    }
}

/// The expected score PD, in hundredths, of a player rated `own` against
/// one rated `opponent` (table 8.1.2 with the 400-point rule of 8.3.1).
pub fn expected(own: i64, opponent: i64) -> i64 {
    pd((own - opponent).clamp(-MAX_DIFFERENCE, MAX_DIFFERENCE))
}

/// One game's change in hundredths of a point: K × (score − PD).
pub fn game_change(k: i64, own: i64, opponent: i64, halves: i32) -> i64 {
    k * (50 * i64::from(halves) - expected(own, opponent))
}

/// One rated game with its expected score and change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameChange {
    /// The game.
    pub game: RatedGame,
    /// PD in hundredths.
    pub expected: i64,
    /// K × (score − PD) in hundredths of a rating point.
    pub change: i64,
}

/// A player's estimated change over the section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The rating the change applies to.
    pub rating: i64,
    /// The K factor used.
    pub k: KFactor,
    /// Every game against a rated opponent.
    pub games: Vec<GameChange>,
    /// Games over the board against unrated opponents: not rated (8.3.1
    /// counts games against rated players only).
    pub unrated_opponents: usize,
}

impl Change {
    /// The player's change for `games` with K: each game's K × (W − We).
    pub fn new(rating: i64, k: KFactor, games: &[RatedGame], unrated: usize) -> Change {
        let games = games
            .iter()
            .map(|&g| GameChange {
                game: g,
                expected: expected(rating, g.opponent_rating),
                change: game_change(k.k, rating, g.opponent_rating, g.halves),
            })
            .collect();
        Change {
            rating,
            k,
            games,
            unrated_opponents: unrated,
        }
    }

    /// The sum of the games' changes, in hundredths.
    pub fn total(&self) -> i64 {
        self.games.iter().map(|g| g.change).sum()
    }

    /// The sum of the expected scores, in hundredths.
    pub fn expected_score(&self) -> i64 {
        self.games.iter().map(|g| g.expected).sum()
    }

    /// The change as the rating list would show it (8.3.4).
    pub fn rounded(&self) -> i64 {
        round_hundredths(self.total())
    }

    /// The rating after the event, as the next list would show it were
    /// this section the whole rating period.
    pub fn after(&self) -> i64 {
        self.rating + self.rounded()
    }

    /// Whether the rating after the event is under [`RATING_FLOOR`]: it
    /// would not be published, the player listed as unrated.
    pub fn ends_below_floor(&self) -> bool {
        self.after() < RATING_FLOOR
    }
}

/// Hundredths to a whole number, .5 away from zero (B.02 8.3.4).
pub fn round_hundredths(h: i64) -> i64 {
    let whole = (h.abs() + 50) / 100;
    if h < 0 {
        -whole
    } else {
        whole
    }
}

/// Every player's estimated change, `None` for an unrated player (a first
/// FIDE rating needs rated games over one or more rating periods, 7.1) and
/// for a player with no game against a rated opponent. `k_known` gives a
/// player's K factor where the league has one.
pub fn section(t: &Tournament, k_known: impl Fn(usize) -> Option<i64>) -> Vec<Option<Change>> {
    (0..t.players.len())
        .map(|p| {
            let rating = i64::from(t.players[p].rating?);
            let (games, unrated) = rated_games(t, p);
            if games.is_empty() {
                return None;
            }
            let k = KFactor::for_player(rating, k_known(p), games.len());
            Some(Change::new(rating, k, &games, unrated))
        })
        .collect()
}

/// Hundredths as a signed decimal: "+7.2", "-3.45", "0".
pub fn signed(h: i64) -> String {
    if h == 0 {
        return "0".to_string();
    }
    let sign = if h < 0 { "-" } else { "+" };
    let a = h.abs();
    let mut s = format!("{sign}{}.{:02}", a / 100, a % 100);
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    s
}
