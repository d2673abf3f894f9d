//! The individual crosstable (wall chart): one row per player in standings
//! order, one cell per round, the running score after each round and the
//! total. The printing (terminal table, HTML) is done elsewhere; this module
//! only decides what each cell says.
//!
//! Cells follow the US wall chart that SwissSys and WinTD print: a result
//! letter and the opponent's **row number** in this table (rows follow the
//! final standings, so "L1" is a loss to the winner). The colour, which the
//! US Chess crosstable prints on a second line under the cell, is merged
//! into the cell as a lower-case letter: `W12w` is a win as White against
//! the player in row 12, `L3b` a loss as Black to row 3, `D7w` a draw.
//!
//! | code | meaning |
//! |---|---|
//! | `W`, `L`, `D` | won, lost, drew over the board (with opponent and colour) |
//! | `X` | won by forfeit (opponent did not play) |
//! | `F` | lost by forfeit (did not play a scheduled game) |
//! | `Z` | double forfeit: neither player came, 0 for both |
//! | `B` | full-point bye (the pairing's odd player, or one asked for) |
//! | `H` | half-point bye |
//! | `U` | unplayed, 0 points: a zero-point bye, a round before a late entry, after a withdrawal, or simply missed |

use super::record::{ByeKind, Colour, Outcome, Tournament};
use super::score::Points;
use super::standings::Standings;

/// Every cell code with its meaning, for legends and the rules page.
pub const CODES: &[(&str, &str)] = &[
    (
        "W12w",
        "won over the board against the player in row 12, playing White (b: Black)",
    ),
    ("L3b", "lost over the board to the player in row 3"),
    ("D7w", "drew over the board with the player in row 7"),
    ("X", "won by forfeit: the opponent did not play"),
    ("F", "lost by forfeit: did not play a scheduled game"),
    ("Z", "double forfeit: neither player came, 0 for both"),
    ("B", "full-point bye"),
    ("H", "half-point bye"),
    (
        "U",
        "unplayed, 0 points: a zero-point bye, before a late entry, after a withdrawal, or missed",
    ),
];

/// One round of one player, as the wall chart prints it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The result letter (see the module doc).
    pub code: char,
    /// Row number (from 1) of the opponent in this crosstable, for games and
    /// forfeits whose opponent is known.
    pub opponent: Option<usize>,
    /// The colour the player had, for games played over the board.
    pub colour: Option<Colour>,
    /// Points scored in this round.
    pub points: Points,
    /// The player's score after this round.
    pub running: Points,
}

impl Cell {
    /// The cell as printed: "W12w", "L3b", "X5", "B", "H", "U".
    pub fn text(&self) -> String {
        let mut s = String::new();
        s.push(self.code);
        if let Some(o) = self.opponent {
            s.push_str(&o.to_string());
        }
        match self.colour {
            Some(Colour::White) => s.push('w'),
            Some(Colour::Black) => s.push('b'),
            None => {}
        }
        s
    }
}

/// One player's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossRow {
    /// Row number, from 1; the number other rows' cells use for this player.
    pub number: usize,
    /// Index into [`Tournament::players`].
    pub player: usize,
    /// The place as the standings print it ("3", or "3-5" when shared).
    pub place: String,
    /// One cell per round of the tournament.
    pub cells: Vec<Cell>,
    /// The score after the last round considered.
    pub total: Points,
}

/// A section's crosstable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    /// Number of rounds (columns).
    pub rounds: usize,
    /// Rows in standings order.
    pub rows: Vec<CrossRow>,
}

/// The letter of an outcome (see the module doc).
pub fn code(outcome: Outcome) -> char {
    match outcome {
        Outcome::Win => 'W',
        Outcome::Loss => 'L',
        Outcome::Draw => 'D',
        Outcome::ForfeitWin => 'X',
        Outcome::ForfeitLoss => 'F',
        Outcome::DoubleForfeit => 'Z',
        Outcome::Bye {
            kind: ByeKind::Full,
            ..
        } => 'B',
        Outcome::Bye {
            kind: ByeKind::Half,
            ..
        } => 'H',
        Outcome::Bye {
            kind: ByeKind::Zero,
            ..
        }
        | Outcome::Absent => 'U',
    }
}

/// The crosstable of `t` with rows in the order of `standings` (which must
/// have been computed from `t`). Players missing from the standings, if
/// any, follow in pairing order so no one is left out.
pub fn crosstable(t: &Tournament, standings: &Standings) -> Crosstable {
    let mut order: Vec<(usize, String)> = standings
        .rows
        .iter()
        .filter(|r| r.player < t.players.len())
        .map(|r| (r.player, r.place.clone()))
        .collect();
    let mut seen = vec![false; t.players.len()];
    for (p, _) in &order {
        seen[*p] = true;
    }
    for (p, s) in seen.iter().enumerate() {
        if !s {
            order.push((p, String::new()));
        }
    }
    let mut number = vec![0usize; t.players.len()];
    for (i, (p, _)) in order.iter().enumerate() {
        number[*p] = i + 1;
    }
    let rows = order
        .into_iter()
        .enumerate()
        .map(|(i, (p, place))| {
            let record = &t.players[p];
            let mut running = Points::ZERO;
            let cells: Vec<Cell> = (0..t.rounds)
                .map(|r| {
                    let round = record
                        .rounds
                        .get(r)
                        .copied()
                        .unwrap_or(super::record::Round::ABSENT);
                    let points = round.points();
                    running += points;
                    let paired = round.outcome.is_paired();
                    Cell {
                        code: code(round.outcome),
                        opponent: if paired {
                            round.opponent.and_then(|o| number.get(o).copied())
                        } else {
                            None
                        },
                        colour: if round.outcome.is_played() {
                            round.colour
                        } else {
                            None
                        },
                        points,
                        running,
                    }
                })
                .collect();
            CrossRow {
                number: i + 1,
                player: p,
                place,
                cells,
                total: running,
            }
        })
        .collect();
    Crosstable {
        rounds: t.rounds,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::record::build::crosstable as build;
    use crate::domain::record::Format;
    use crate::domain::standings::{standings, Row};
    use crate::domain::tiebreak::{Context, Options, Order};

    fn texts(x: &Crosstable) -> Vec<String> {
        x.rows
            .iter()
            .map(|r| r.cells.iter().map(Cell::text).collect::<Vec<_>>().join(" "))
            .collect()
    }

    #[test]
    fn rows_follow_the_standings_and_cells_name_opponents_by_row() {
        // Player 3 wins both rounds, player 1 has 1½, player 2 ½, player 4 0.
        let t = build(
            Format::Swiss,
            &[
                "=B2 +W4", // 1: 1½
                "=W1 -B3", // 2: ½
                "+W4 +W2", // 3: 2
                "-B3 -B1", // 4: 0
            ],
        );
        let ctx = Context::new(&t, Options::default());
        let s = standings(&ctx, &Order::parse("uscf-swiss").unwrap());
        let x = crosstable(&t, &s);
        assert_eq!(
            x.rows.iter().map(|r| r.player + 1).collect::<Vec<_>>(),
            vec![3, 1, 2, 4]
        );
        assert_eq!(
            texts(&x),
            vec![
                "W4w W3w", // row 1 (player 3) beat player 4 (row 4) and player 2 (row 3)
                "D3b W4w", "D2w L1b", "L1b L2b",
            ]
        );
        let totals: Vec<String> = x.rows.iter().map(|r| r.total.fraction()).collect();
        assert_eq!(totals, vec!["2", "1½", "½", "0"]);
        assert_eq!(x.rows[1].cells[0].running, Points::HALF);
        assert_eq!(x.rows[1].cells[1].running, Points::from_halves(3));
        assert_eq!(x.rows[0].place, "1");
        assert_eq!(x.rows[2].number, 3);
    }

    #[test]
    fn byes_forfeits_and_absences_get_their_letters() {
        let t = build(
            Format::Swiss,
            &["+F2 +BYE =BYE -BYE", "-F1 FBYE 0F3 --", "-BYE -- 0F2 +BYE"],
        );
        let ctx = Context::new(&t, Options::default());
        let s = standings(&ctx, &Order::parse("uscf-swiss").unwrap());
        let x = crosstable(&t, &s);
        let by_player = |p: usize| x.rows.iter().find(|r| r.player == p).unwrap();
        let row_of = |p: usize| by_player(p).number;
        let one: Vec<String> = by_player(0).cells.iter().map(Cell::text).collect();
        assert_eq!(
            one,
            vec![
                format!("X{}", row_of(1)),
                "B".to_string(),
                "H".to_string(),
                "U".to_string()
            ]
        );
        let two: Vec<String> = by_player(1).cells.iter().map(Cell::text).collect();
        assert_eq!(two[0], format!("F{}", row_of(0)));
        assert_eq!(two[1], "B");
        assert_eq!(two[2], format!("Z{}", row_of(2)));
        assert_eq!(two[3], "U");
        assert_eq!(by_player(0).total, Points::from_halves(5));
        assert_eq!(by_player(1).total, Points::ONE);
        assert_eq!(by_player(2).total, Points::ONE);
    }

    #[test]
    fn a_player_missing_from_the_standings_is_still_listed() {
        let t = build(Format::Swiss, &["+W2", "-B1"]);
        let s = Standings {
            order: vec![],
            rows: vec![Row {
                player: 1,
                rank: 1,
                place: "1".into(),
                score: Points::ZERO,
                values: vec![],
            }],
            coin_seed: None,
        };
        let x = crosstable(&t, &s);
        assert_eq!(x.rows.len(), 2);
        assert_eq!(x.rows[0].cells[0].text(), "L2b");
        assert_eq!(x.rows[1].cells[0].text(), "W1w");
        assert_eq!(x.rows[1].place, "");
    }
}
