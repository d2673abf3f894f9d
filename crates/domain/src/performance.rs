//! A player's performance rating over a set of games, as history and the
//! results site print it ("performance" beside score and place).
//!
//! One definition for the whole program: FIDE's tournament performance
//! rating (B.02 8.1 as C.07 10.2 uses it), the average rating of the rated
//! opponents met over the board plus dp(p), p the score fraction against
//! them rounded to two decimals half-up. Forfeits, byes and unrated
//! opponents do not count (they say nothing about playing strength), so a
//! player with no rated opponent over the board has no performance.

use super::score::{mean_round_int, Points};
use super::tiebreak::fide::rating::dp;

/// A game over the board: the opponent's rating (None: unrated) and the
/// points the player scored.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    /// The opponent's rating for this game; `None` leaves the game out of
    /// the performance (no rating to average).
    pub opponent_rating: Option<u32>,
    /// What the player scored: 0, ½ or 1, exact.
    pub points: Points,
}

/// The performance rating over `games`, or None without a rated opponent.
pub fn performance(games: &[RatedGame]) -> Option<i64> {
    let rated: Vec<(i64, i64)> = games
        .iter()
        .filter_map(|g| {
            g.opponent_rating
                .map(|r| (r as i64, g.points.halves() as i64))
        })
        .collect();
    if rated.is_empty() {
        return None;
    }
    let n = rated.len() as i64;
    let aro = mean_round_int(rated.iter().map(|g| g.0).sum(), n);
    let p100 = mean_round_int(rated.iter().map(|g| g.1).sum::<i64>() * 50, n);
    Some(aro + dp(p100))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(r: Option<u32>, halves: i32) -> RatedGame {
        RatedGame {
            opponent_rating: r,
            points: Points::from_halves(halves),
        }
    }

    #[test]
    fn an_even_score_performs_at_the_average_opponent() {
        // (1600 + 1800) / 2 = 1700; 1 of 2 = 0.50 → dp 0.
        assert_eq!(
            performance(&[g(Some(1600), 2), g(Some(1800), 0)]),
            Some(1700)
        );
    }

    #[test]
    fn three_of_four_adds_dp_for_075() {
        // Average 1800; p = 0.75 → dp 193 (B.02 table 8.1.1).
        let games = [
            g(Some(1700), 2),
            g(Some(1800), 2),
            g(Some(1900), 1),
            g(Some(1800), 1),
        ];
        assert_eq!(performance(&games), Some(1993));
    }

    #[test]
    fn unrated_opponents_are_left_out_and_none_without_a_rated_one() {
        assert_eq!(
            performance(&[g(None, 2), g(Some(1500), 0)]),
            Some(1500 - 800)
        );
        assert_eq!(performance(&[g(None, 2)]), None);
        assert_eq!(performance(&[]), None);
    }
}
