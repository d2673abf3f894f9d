//! Estimated rating changes for a section's players, computed the way the
//! rating federations compute them, so a player sees after the last round
//! what the next rating list will probably say.
//!
//! Written once here for every front end (standings, JSON, site):
//! [`fide`] follows the FIDE Rating Regulations (B.02, in force from
//! 1 March 2024) article 8.3, [`uscf`] follows Glickman and Doan, "The US
//! Chess Rating System". Both are estimates: the federations rate a whole
//! rating period (FIDE) or use facts the league does not keep (a US Chess
//! player's number of rated games, a FIDE player's K factor), and what was
//! assumed is carried with every result so the front ends can say so.

pub mod fide;
pub mod uscf;

#[cfg(test)]
mod tests;

/// The federation that rates an event, for the estimate it gets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RatedBy {
    /// FIDE: an event with a FIDE chief arbiter (TRF line 102).
    Fide,
    /// US Chess: an event with a US Chess rating system (regular, quick, dual).
    UsChess,
}

/// One game that counts for a rating: the opponent (an index into the
/// section's records), the opponent's rating and the player's score in
/// half-points (0, 1 or 2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    /// The round, counted from 1.
    pub round: usize,
    /// The opponent, an index into the section's records.
    pub opponent: usize,
    /// The opponent's rating at entry.
    pub opponent_rating: i64,
    /// The player's score in half-points.
    pub halves: i32,
}

/// The games `player` played over the board against rated opponents
/// (forfeits and byes are never rated), and how many over-the-board games
/// were against unrated opponents.
pub fn rated_games(
    t: &crate::domain::record::Tournament,
    player: usize,
) -> (Vec<RatedGame>, usize) {
    let mut games = Vec::new();
    let mut unrated = 0;
    for (r, round) in t.players[player].rounds.iter().enumerate() {
        let Some(o) = round.played_opponent().filter(|&o| o < t.players.len()) else {
            continue;
        };
        match t.players[o].rating {
            Some(rating) => games.push(RatedGame {
                round: r + 1,
                opponent: o,
                opponent_rating: i64::from(rating),
                halves: round.points().halves(),
            }),
            None => unrated += 1,
        }
    }
    (games, unrated)
}
