//! Board prizes: for each board, every player's individual score, games
//! and percentage on that board, best first. Only matches recorded board
//! by board contribute; a player who sat on several boards appears in each
//! board's list with the games played there.
//!
//! Choices (no rule text): games played over the board only, so a forfeit
//! win is listed (`forfeit_wins`) but adds neither a point nor a game (a
//! board prize is for chess played, and a percentage over 100 would
//! follow otherwise); players below the event's minimum number of games
//! are listed after those who qualify; ties on percentage go to the larger
//! score (more games at the same rate), then share a place.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::event::{PlayerId, TeamEvent};
use crate::domain::score::{mean_round_int, Points, Value};

/// One player's record on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardScore {
    /// Who: the player's id in the league, the same on every board they
    /// played.
    pub player: PlayerId,
    /// The team the player played for (the last one, should it change).
    pub team: usize,
    /// Points scored over the board.
    pub points: Points,
    /// Games played over the board.
    pub games: u32,
    /// Games won because the opponent did not appear (not in the above).
    pub forfeit_wins: u32,
    /// Percentage of points to games, rounded half-up to two decimals
    /// (`Value(6667)` is 66.67 %); `None` with no game played. For display:
    /// the ranking compares the exact fractions.
    pub percent: Option<Value>,
    /// Played at least the minimum number of games asked for.
    pub qualified: bool,
    /// 1-based position of the first player of this place (2 for "2-3").
    pub rank: usize,
    /// The place as printed: "2", or "2-3" when players share it (same
    /// percentage and score).
    pub place: String,
}

/// The list for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPrizes {
    /// The board number, 1 for the top board.
    pub board: u32,
    /// Everyone who played on this board, best first (qualified players
    /// ahead of the rest).
    pub rows: Vec<BoardScore>,
}

/// One player's running totals on one board.
#[derive(Default)]
struct Tally {
    team: usize,
    points: Points,
    games: u32,
    forfeit_wins: u32,
}

/// Every board's list, top board first. `min_games` is the number of games
/// a player needs on a board to qualify (0 or 1 for no minimum).
pub fn board_prizes(event: &TeamEvent, min_games: u32) -> Vec<BoardPrizes> {
    let mut tally: BTreeMap<u32, BTreeMap<PlayerId, Tally>> = BTreeMap::new();
    for round in &event.rounds {
        for m in &round.matches {
            let Some(boards) = &m.boards else { continue };
            for b in boards {
                let (home_pts, away_pts) = b.outcome.points();
                let sides = [
                    (m.home, b.home_player, home_pts),
                    (m.away, b.away_player, away_pts),
                ];
                for (team, player, pts) in sides {
                    let Some(player) = player else { continue };
                    let entry = tally.entry(b.board).or_default().entry(player).or_default();
                    entry.team = team;
                    if b.outcome.is_played() {
                        entry.points += pts;
                        entry.games += 1;
                    } else if pts > Points::ZERO {
                        entry.forfeit_wins += 1;
                    }
                }
            }
        }
    }
    tally
        .into_iter()
        .map(|(board, players)| {
            let mut rows: Vec<BoardScore> = players
                .into_iter()
                .map(|(player, t)| BoardScore {
                    player,
                    team: t.team,
                    points: t.points,
                    games: t.games,
                    forfeit_wins: t.forfeit_wins,
                    percent: (t.games > 0).then(|| {
                        Value(mean_round_int(
                            t.points.halves() as i64 * 5000,
                            t.games as i64,
                        ))
                    }),
                    qualified: t.games > 0 && t.games >= min_games,
                    rank: 0,
                    place: String::new(),
                })
                .collect();
            rows.sort_by(|a, b| compare(a, b).then(a.player.cmp(&b.player)));
            let mut start = 0;
            while start < rows.len() {
                let end = (start..rows.len())
                    .find(|&i| compare(&rows[start], &rows[i]) != Ordering::Equal)
                    .unwrap_or(rows.len());
                let place = if end - start > 1 {
                    format!("{}-{}", start + 1, end)
                } else {
                    (start + 1).to_string()
                };
                for row in &mut rows[start..end] {
                    row.rank = start + 1;
                    row.place = place.clone();
                }
                start = end;
            }
            BoardPrizes { board, rows }
        })
        .collect()
}

/// Best first: qualified players, then the higher exact percentage, then
/// the larger score.
fn compare(a: &BoardScore, b: &BoardScore) -> Ordering {
    let rate = |x: &BoardScore, y: &BoardScore| {
        // x.points / x.games against y.points / y.games, exactly; no games last.
        match (x.games, y.games) {
            (0, 0) => Ordering::Equal,
            (0, _) => Ordering::Less,
            (_, 0) => Ordering::Greater,
            (gx, gy) => {
                (x.points.halves() as i64 * gy as i64).cmp(&(y.points.halves() as i64 * gx as i64))
            }
        }
    };
    b.qualified
        .cmp(&a.qualified)
        .then(rate(b, a))
        .then(b.points.cmp(&a.points))
}
