//! Head to head: the running tally of every game between two players, as
//! seen from the first player's side.
//!
//! Games decided over the board make the tally (wins, draws, losses and
//! points); forfeits are counted apart, since no game was played. Byes and
//! absences never involve an opponent and so never appear here.

use crate::domain::record::Outcome;
use crate::domain::score::Points;

/// The tally between players A and B after some games.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Games decided over the board.
    pub games: u32,
    /// Of those, the games A won.
    pub a_wins: u32,
    /// Of those, the games drawn.
    pub draws: u32,
    /// Of those, the games B won.
    pub b_wins: u32,
    /// A's points over the board, exact (a draw is ½). Not serialised: the
    /// JSON gives the wins, draws and losses it is made of.
    #[serde(skip)]
    pub a_points: Points,
    /// B's points over the board; `a_points + b_points` is `games`.
    #[serde(skip)]
    pub b_points: Points,
    /// Forfeits either way, and double forfeits: not in the tally above.
    pub forfeits: u32,
}

impl Tally {
    /// The tally after one more game, `outcome` from A's side.
    pub fn after(mut self, outcome: Outcome) -> Tally {
        match outcome {
            Outcome::Win => self.a_wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.b_wins += 1,
            Outcome::ForfeitWin | Outcome::ForfeitLoss | Outcome::DoubleForfeit => {
                self.forfeits += 1;
                return self;
            }
            Outcome::Bye { .. } | Outcome::Absent => return self,
        }
        self.games += 1;
        self.a_points += outcome.points();
        self.b_points += Points::ONE - outcome.points();
        self
    }

    /// "3½-1½": A's points first.
    pub fn score(&self) -> String {
        format!("{}-{}", self.a_points.fraction(), self.b_points.fraction())
    }
}

/// The tally after each game of `outcomes` (A's side, oldest first).
pub fn running_tally(outcomes: &[Outcome]) -> Vec<Tally> {
    outcomes
        .iter()
        .scan(Tally::default(), |t, &o| {
            *t = t.after(o);
            Some(*t)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tally_runs_game_by_game_and_leaves_forfeits_out() {
        let t = running_tally(&[
            Outcome::Win,
            Outcome::Draw,
            Outcome::ForfeitLoss,
            Outcome::Loss,
            Outcome::Win,
        ]);
        assert_eq!(t.len(), 5);
        assert_eq!((t[0].a_wins, t[0].draws, t[0].b_wins), (1, 0, 0));
        assert_eq!(t[1].score(), "1½-½");
        // The forfeit changes nothing but its own count.
        assert_eq!(t[2].score(), "1½-½");
        assert_eq!(t[2].forfeits, 1);
        assert_eq!(t[2].games, 2);
        assert_eq!(t[3].score(), "1½-1½");
        let last = t[4];
        assert_eq!(
            (
                last.games,
                last.a_wins,
                last.draws,
                last.b_wins,
                last.forfeits
            ),
            (4, 2, 1, 1, 1)
        );
        assert_eq!(last.a_points, Points(5));
        assert_eq!(last.b_points, Points(3));
        assert_eq!(last.score(), "2½-1½");
    }

    #[test]
    fn no_games_no_tally() {
        assert!(running_tally(&[]).is_empty());
        assert_eq!(Tally::default().score(), "0-0");
    }
}
