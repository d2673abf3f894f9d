//! Match scoring: each team's view of each round (opponent, game points,
//! match result and match points), derived from the round's matches and
//! byes under the event's [`TeamRules`].
//!
//! A match is won by the side with more game points and drawn when they are
//! equal (spec §2), except that 0-0 (nobody played a board) is a double
//! forfeit that both teams lose.

use super::event::{TeamEvent, TeamRules};
use crate::domain::score::Points;

/// What a team's round was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RoundKind {
    /// A match with at least one board decided over the board (or known
    /// only by its score), individual board forfeits included.
    Played,
    /// A match paired but not played: the whole team forfeited, or won
    /// because the other team did (or both stayed away).
    Forfeit,
    /// A team bye.
    Bye,
    /// Not paired: before entering, after withdrawing, or absent.
    Absent,
}

/// A match's result for one side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatchResult {
    /// More game points than the other team (or a match won by forfeit).
    Win,
    /// Equal game points, above zero.
    Draw,
    /// Fewer game points, a match lost by forfeit, or 0-0: a double
    /// forfeit that both teams lose.
    Loss,
}

impl MatchResult {
    /// The result a team with `own` game points gets against `against`.
    pub fn from_game_points(own: Points, against: Points) -> MatchResult {
        if own > against {
            MatchResult::Win
        } else if own < against || own == Points::ZERO {
            // 0-0 is a double forfeit: both teams lose.
            MatchResult::Loss
        } else {
            MatchResult::Draw
        }
    }

    /// Match points on the event's scale.
    pub fn match_points(self, rules: &TeamRules) -> Points {
        match self {
            MatchResult::Win => rules.match_win,
            MatchResult::Draw => rules.match_draw,
            MatchResult::Loss => rules.match_loss,
        }
    }

    /// The result as a fraction of a match win (1, ½, 0), the "score" the
    /// US Chess Sonneborn-Berger weights an opponent by.
    pub fn fraction(self) -> Points {
        match self {
            MatchResult::Win => Points::ONE,
            MatchResult::Draw => Points::HALF,
            MatchResult::Loss => Points::ZERO,
        }
    }

    /// "W", "D", "L".
    pub fn letter(self) -> char {
        match self {
            MatchResult::Win => 'W',
            MatchResult::Draw => 'D',
            MatchResult::Loss => 'L',
        }
    }
}

/// One team's round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TeamRound {
    /// Whether the match was played, forfeited, a bye or not paired; the
    /// other fields are read in its light.
    pub kind: RoundKind,
    /// The team paired against, for played and forfeited matches.
    pub opponent: Option<usize>,
    /// The match result, for played and forfeited matches.
    pub result: Option<MatchResult>,
    /// Game points scored this round (a bye's game points included).
    pub game_points: Points,
    /// Game points scored against the team (0 for byes and absences).
    pub opponent_game_points: Points,
    /// Match points this round (a bye's match points included).
    pub match_points: Points,
}

impl TeamRound {
    /// A round the team was not paired in: no opponent, no result, nothing
    /// scored. Every round a team's record has no match for starts as this.
    pub const ABSENT: TeamRound = TeamRound {
        kind: RoundKind::Absent,
        opponent: None,
        result: None,
        game_points: Points::ZERO,
        opponent_game_points: Points::ZERO,
        match_points: Points::ZERO,
    };

    /// The opponent, if the match was decided over the board.
    pub fn played_opponent(&self) -> Option<usize> {
        if self.kind == RoundKind::Played {
            self.opponent
        } else {
            None
        }
    }

    /// Anything but a match played over the board.
    pub fn is_unplayed(&self) -> bool {
        self.kind != RoundKind::Played
    }
}

impl TeamEvent {
    /// Each team's rounds: `records()[team][round]`, every round present
    /// (absent rounds included). Assumes [`TeamEvent::validate`] passed;
    /// a team listed twice in a round keeps its last entry.
    pub fn records(&self) -> Vec<Vec<TeamRound>> {
        let rules = &self.rules;
        let mut out = vec![vec![TeamRound::ABSENT; self.rounds.len()]; self.teams.len()];
        for (r, round) in self.rounds.iter().enumerate() {
            for m in &round.matches {
                let kind = if m.is_unplayed() {
                    RoundKind::Forfeit
                } else {
                    RoundKind::Played
                };
                for team in [m.home, m.away] {
                    let (own, against) = m.points_for(team).expect("team is in the match");
                    let result = MatchResult::from_game_points(own, against);
                    if let Some(row) = out.get_mut(team) {
                        row[r] = TeamRound {
                            kind,
                            opponent: m.opponent_of(team),
                            result: Some(result),
                            game_points: own,
                            opponent_game_points: against,
                            match_points: result.match_points(rules),
                        };
                    }
                }
            }
            for &team in &round.byes {
                if let Some(row) = out.get_mut(team) {
                    row[r] = TeamRound {
                        kind: RoundKind::Bye,
                        opponent: None,
                        result: None,
                        game_points: rules.bye_game_points,
                        opponent_game_points: Points::ZERO,
                        match_points: rules.bye_match_points,
                    };
                }
            }
        }
        out
    }
}
