//! The head-to-head column as a reader wants it: the score against the
//! players tied with them ("1½/2"), blank where no tie applies. The
//! standings engine ranks by its own value (points in the two tied
//! players' game, or wins minus losses among more); this only says what
//! that value rests on.

use crate::domain::record::Tournament;
use crate::domain::score::Points;
use crate::domain::standings::Standings;

/// What the standings' column `col` (a head-to-head tiebreak) shows for
/// row `row`: the points the row's player scored over the board against
/// the players tied with them on score and on every tiebreak before this
/// one, out of the games between them ("1½/2", "0/0" when they never met
/// over the board); empty when nobody is tied with them.
pub fn cell(t: &Tournament, standings: &Standings, row: usize, col: usize) -> String {
    let me = &standings.rows[row];
    let tied: Vec<usize> = standings
        .rows
        .iter()
        .filter(|o| {
            o.player != me.player && o.score == me.score && o.values[..col] == me.values[..col]
        })
        .map(|o| o.player)
        .collect();
    if tied.is_empty() {
        return String::new();
    }
    let (mut points, mut games) = (Points::ZERO, 0);
    for round in t.players[me.player].rounds.iter().take(t.rounds) {
        if round.played_opponent().is_some_and(|o| tied.contains(&o)) {
            points += round.points();
            games += 1;
        }
    }
    format!("{}/{games}", points.fraction())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::record::{Colour, Format, Outcome, PlayerRecord, Round};
    use crate::domain::score::Value;
    use crate::domain::standings::Row;

    fn game(outcome: Outcome, opponent: usize) -> Round {
        Round {
            outcome,
            opponent: Some(opponent),
            colour: Some(Colour::White),
        }
    }

    fn player(n: u32, rounds: Vec<Round>) -> PlayerRecord {
        PlayerRecord {
            pairing_no: n,
            name: format!("P{n}"),
            rating: None,
            rounds,
            withdrawn_after: None,
        }
    }

    fn row(player: usize, score: i32, sb: i64) -> Row {
        Row {
            player,
            rank: player + 1,
            place: (player + 1).to_string(),
            score: Points(score),
            values: vec![Some(Value::int(sb)), Some(Value::int(0))],
        }
    }

    #[test]
    fn the_score_against_the_tied_players_and_blank_without_a_tie() {
        use Outcome::{Draw, Loss, Win};
        // A double round robin of three: 0 and 1 tie on score and on the
        // first tiebreak; 2 is alone.
        let t = Tournament {
            format: Format::RoundRobin,
            rounds: 4,
            players: vec![
                player(
                    1,
                    vec![game(Win, 1), game(Draw, 1), game(Loss, 2), game(Win, 2)],
                ),
                player(
                    2,
                    vec![game(Loss, 0), game(Draw, 0), game(Win, 2), game(Win, 2)],
                ),
                player(
                    3,
                    vec![game(Win, 0), game(Loss, 0), game(Loss, 1), game(Loss, 1)],
                ),
            ],
        };
        let standings = Standings {
            order: Vec::new(),
            rows: vec![row(0, 5, 3), row(1, 5, 3), row(2, 2, 1)],
            coin_seed: None,
        };
        assert_eq!(cell(&t, &standings, 0, 1), "1½/2");
        assert_eq!(cell(&t, &standings, 1, 1), "½/2");
        assert_eq!(cell(&t, &standings, 2, 1), "");
        // Separated by the first tiebreak: no tie left for head-to-head.
        let apart = Standings {
            rows: vec![row(0, 5, 4), row(1, 5, 3), row(2, 2, 1)],
            ..standings
        };
        assert_eq!(cell(&t, &apart, 0, 1), "");
    }
}
