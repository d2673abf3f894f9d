//! A player's career: games, wins, draws, losses and score over the board,
//! and events won (alone or shared), summed over the sections they entered.

use crate::domain::record::{Outcome, Round};
use crate::domain::score::{mean_round_int, Points, Value};

/// Games decided over the board in some rounds. Forfeits, byes and
/// absences are not games: they say nothing about how the player plays.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct GameCounts {
    /// Games played over the board.
    pub games: u32,
    /// Of those, won.
    pub wins: u32,
    /// Of those, drawn.
    pub draws: u32,
    /// Of those, lost.
    pub losses: u32,
}

impl GameCounts {
    /// Count the games among `rounds`.
    pub fn of(rounds: &[Round]) -> GameCounts {
        let mut c = GameCounts::default();
        for r in rounds {
            match r.outcome {
                Outcome::Win => c.wins += 1,
                Outcome::Draw => c.draws += 1,
                Outcome::Loss => c.losses += 1,
                _ => continue,
            }
            c.games += 1;
        }
        c
    }

    /// Points scored in these games.
    pub fn points(self) -> Points {
        Points::from_halves((2 * self.wins + self.draws) as i32)
    }

    /// Score as a percentage of the games, to the hundredth (half up);
    /// `None` without a game.
    pub fn percent(self) -> Option<Value> {
        (self.games > 0).then(|| {
            Value(mean_round_int(
                self.points().halves() as i64 * 5000,
                self.games as i64,
            ))
        })
    }
}

impl std::ops::AddAssign for GameCounts {
    fn add_assign(&mut self, o: GameCounts) {
        self.games += o.games;
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
    }
}

/// One section a player entered, as the career sums it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SectionLine {
    /// The section's games over the board.
    pub counts: GameCounts,
    /// The section's standings placed the player first: `Some(false)` alone,
    /// `Some(true)` sharing first place; `None`: did not win (or the
    /// section has no individual standings, as in team events).
    pub won: Option<bool>,
}

/// Career totals over every section a player entered.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Career {
    /// Sections entered.
    pub events: u32,
    /// Games over the board in all of them.
    pub counts: GameCounts,
    /// Sections won, alone or shared.
    pub events_won: u32,
    /// Of those, the ones where first place was shared.
    pub shared_wins: u32,
}

impl Career {
    /// Score over the board as a percentage (see [`GameCounts::percent`]).
    pub fn percent(&self) -> Option<Value> {
        self.counts.percent()
    }
}

/// Sum a player's sections into career totals.
pub fn career(lines: &[SectionLine]) -> Career {
    let mut c = Career::default();
    for l in lines {
        c.events += 1;
        c.counts += l.counts;
        if let Some(shared) = l.won {
            c.events_won += 1;
            c.shared_wins += shared as u32;
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::record::build::{bye, game as paired};
    use crate::domain::record::{ByeKind, Colour};

    fn game(o: Outcome) -> Round {
        paired(0, Colour::White, o)
    }

    #[test]
    fn only_games_over_the_board_count() {
        let rounds = [
            game(Outcome::Win),
            game(Outcome::Draw),
            game(Outcome::Loss),
            game(Outcome::ForfeitWin),
            bye(ByeKind::Full, false),
            Round::ABSENT,
            game(Outcome::Win),
        ];
        let c = GameCounts::of(&rounds);
        assert_eq!(
            c,
            GameCounts {
                games: 4,
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(c.points(), Points(5));
        // 2½ of 4 = 62.5 %.
        assert_eq!(c.percent(), Some(Value(6250)));
    }

    #[test]
    fn percent_rounds_half_up_to_the_hundredth() {
        // 1 of 3 = 33.333… % → 33.33; 2 of 3 → 66.67.
        let c = GameCounts {
            games: 3,
            wins: 1,
            draws: 0,
            losses: 2,
        };
        assert_eq!(c.percent(), Some(Value(3333)));
        let c = GameCounts {
            games: 3,
            wins: 2,
            draws: 0,
            losses: 1,
        };
        assert_eq!(c.percent(), Some(Value(6667)));
        assert_eq!(GameCounts::default().percent(), None);
    }

    #[test]
    fn career_sums_sections_and_counts_shared_wins() {
        let a = GameCounts {
            games: 5,
            wins: 4,
            draws: 1,
            losses: 0,
        };
        let b = GameCounts {
            games: 4,
            wins: 1,
            draws: 1,
            losses: 2,
        };
        let lines = [
            SectionLine {
                counts: a,
                won: Some(false),
            },
            SectionLine {
                counts: b,
                won: None,
            },
            SectionLine {
                counts: a,
                won: Some(true),
            },
        ];
        let c = career(&lines);
        assert_eq!(c.events, 3);
        assert_eq!(c.counts.games, 14);
        assert_eq!(c.counts.wins, 9);
        assert_eq!(c.counts.draws, 3);
        assert_eq!(c.counts.losses, 2);
        assert_eq!(c.events_won, 2);
        assert_eq!(c.shared_wins, 1);
        // 10½ of 14 = 75 %.
        assert_eq!(c.percent(), Some(Value(7500)));
    }
}
