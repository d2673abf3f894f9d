//! A game's result as the secretary writes it, and what it means for each side.

use std::fmt;

use super::record::{ByeKind, Outcome};

/// The result of a game, from White's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// 1-0, played.
    WhiteWins,
    /// 0-1, played.
    BlackWins,
    /// ½-½, played.
    Draw,
    /// White wins by forfeit (Black did not appear).
    WhiteForfeitWin,
    /// Black wins by forfeit.
    BlackForfeitWin,
    /// Neither player appeared.
    DoubleForfeit,
    /// The game was played and both players lost it: 0 for each, by an
    /// arbiter's decision (FIDE Laws 12.9 lets the arbiter declare a game
    /// lost; Vega's and Swiss-Manager's TRF files write it as `0` on both
    /// lines). Unlike a double forfeit it counts as a played game for each
    /// side: for tiebreaks it is a loss over the board.
    DoubleLoss,
}

impl GameResult {
    /// Read a result as people write it: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `=`,
    /// `1F-0F` or `+/-` (White wins by forfeit), `0F-1F` or `-/+`, `0F-0F` or
    /// `-/-` (double forfeit). Spaces are ignored; case does not matter.
    pub fn parse(text: &str) -> Option<GameResult> {
        let t: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase();
        let t = t.replace('½', "1/2").replace(['–', '—', ':'], "-");
        Some(match t.as_str() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "=" | "0.5-0.5" | "D" | "DRAW" | "1/2" => GameResult::Draw,
            "1F-0F" | "+/-" | "+-" | "1-0F" | "1F-0" | "+:-" | "F-" => GameResult::WhiteForfeitWin,
            "0F-1F" | "-/+" | "-+" | "0F-1" | "0-1F" | "-F" => GameResult::BlackForfeitWin,
            "0F-0F" | "-/-" | "--" | "0F" => GameResult::DoubleForfeit,
            // A game both players lost, by an arbiter's decision. `0-0`
            // is this (not a double forfeit: that is `0F-0F`).
            "0-0" => GameResult::DoubleLoss,
            _ => return None,
        })
    }

    /// The form stored in the database and printed back.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::WhiteForfeitWin => "1F-0F",
            GameResult::BlackForfeitWin => "0F-1F",
            GameResult::DoubleForfeit => "0F-0F",
            GameResult::DoubleLoss => "0-0",
        }
    }

    /// "½-½" and "0–0" (with an en dash, as crosstables print a double
    /// loss) for people; the other forms as stored.
    pub fn pretty(self) -> &'static str {
        match self {
            GameResult::Draw => "½-½",
            GameResult::DoubleLoss => "0–0",
            other => other.as_str(),
        }
    }

    /// A result as the store keeps it: the store writes
    /// [`GameResult::as_str`]'s form and reads it back here, through the
    /// same reading as [`GameResult::parse`]; `None` for text that is no
    /// result, which the caller refuses rather than guesses.
    pub fn from_stored(text: &str) -> Option<GameResult> {
        GameResult::parse(text)
    }

    /// What the result is for White and for Black.
    pub fn outcomes(self) -> (Outcome, Outcome) {
        match self {
            GameResult::WhiteWins => (Outcome::Win, Outcome::Loss),
            GameResult::BlackWins => (Outcome::Loss, Outcome::Win),
            GameResult::Draw => (Outcome::Draw, Outcome::Draw),
            GameResult::WhiteForfeitWin => (Outcome::ForfeitWin, Outcome::ForfeitLoss),
            GameResult::BlackForfeitWin => (Outcome::ForfeitLoss, Outcome::ForfeitWin),
            GameResult::DoubleForfeit => (Outcome::DoubleForfeit, Outcome::DoubleForfeit),
            // Played and lost by both: each side a loss over the board.
            GameResult::DoubleLoss => (Outcome::Loss, Outcome::Loss),
        }
    }

    /// The result whose [`outcomes`](GameResult::outcomes) are White's
    /// `white` and Black's `black`; `None` for a pair no game gives (both
    /// won, a win against a draw, ...). A loss on both sides is a
    /// [`GameResult::DoubleLoss`].
    pub fn from_outcomes(white: Outcome, black: Outcome) -> Option<GameResult> {
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::WhiteForfeitWin,
            GameResult::BlackForfeitWin,
            GameResult::DoubleForfeit,
            GameResult::DoubleLoss,
        ]
        .into_iter()
        .find(|r| r.outcomes() == (white, black))
    }

    /// The result with colours swapped (for "PLAYER RESULT" entry from Black's side).
    pub fn swapped(self) -> GameResult {
        match self {
            GameResult::WhiteWins => GameResult::BlackWins,
            GameResult::BlackWins => GameResult::WhiteWins,
            GameResult::WhiteForfeitWin => GameResult::BlackForfeitWin,
            GameResult::BlackForfeitWin => GameResult::WhiteForfeitWin,
            other => other,
        }
    }
}

/// The two readings of a result typed after the name of the player who had
/// Black ("Harold 1-0"): as typed, from White's side (the rule everywhere),
/// or as typed from the named player's side ("Harold won"). Returns (the
/// reading in which White won, the reading in which Black won), or `None`
/// when both readings are the same result (a draw, a double forfeit, a game
/// lost by both), so that nothing needs asking.
pub fn two_readings(typed: GameResult) -> Option<(GameResult, GameResult)> {
    match typed {
        GameResult::WhiteWins | GameResult::BlackWins => {
            Some((GameResult::WhiteWins, GameResult::BlackWins))
        }
        GameResult::WhiteForfeitWin | GameResult::BlackForfeitWin => {
            Some((GameResult::WhiteForfeitWin, GameResult::BlackForfeitWin))
        }
        GameResult::Draw | GameResult::DoubleForfeit | GameResult::DoubleLoss => None,
    }
}

/// Who won, in words: "White won", "Black won by forfeit"; `None` for a
/// result without a winner.
pub fn winner_words(result: GameResult) -> Option<&'static str> {
    match result {
        GameResult::WhiteWins => Some("White won"),
        GameResult::BlackWins => Some("Black won"),
        GameResult::WhiteForfeitWin => Some("White won by forfeit"),
        GameResult::BlackForfeitWin => Some("Black won by forfeit"),
        GameResult::Draw | GameResult::DoubleForfeit | GameResult::DoubleLoss => None,
    }
}

/// The question a result with a winner raises when it was typed after the
/// name of the player who had Black: "Harold Finch had Black on board 3:
/// White won (Beatrice Achterberg 1-0) or Black won (0-1)?" (`in round 4`
/// when the game has no board number); `None` when both readings are the
/// same result (a draw).
pub fn two_ways(
    black: &str,
    white: &str,
    board: Option<u32>,
    round: u32,
    typed: GameResult,
) -> Option<String> {
    let (white_won, black_won) = two_readings(typed)?;
    let words = |r: GameResult| winner_words(r).unwrap_or_default();
    Some(format!(
        "{black} had Black {}: {} ({white} {}) or {} ({})?",
        board.map_or(format!("in round {round}"), |b| format!("on board {b}")),
        words(white_won),
        white_won.pretty(),
        words(black_won),
        black_won.pretty()
    ))
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pretty())
    }
}

/// One line of a round sheet: a game (pairing with or without result) or a bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetRow {
    /// Line in the file, for error messages (None on the command line).
    pub line: Option<usize>,
    /// The board number, when the sheet gives one.
    pub board: Option<u32>,
    /// White's pairing number, id or name as typed (the bye row's player).
    pub white: String,
    /// `None` for a bye row.
    pub black: Option<String>,
    /// The result; `None` for a pairing not yet played (and for byes).
    pub result: Option<GameResult>,
    /// For a bye row: its kind and whether the player asked for it.
    pub bye: Option<(ByeKind, bool)>,
    /// The names a sheet writes beside the pairing numbers (White's,
    /// Black's; either may be empty), as `league round sheet --format csv`
    /// does: the numbers are recorded, and the names must agree with them,
    /// or the sheet is another round's or section's.
    pub names: Option<(String, String)>,
}

/// The result codes accepted, for error messages.
pub const ACCEPTED_RESULTS: &str =
    "1-0, 0-1, 1/2-1/2 (or ½-½ or = or 0.5-0.5), 1F-0F (or +/-), 0F-1F (or -/+), \
     0F-0F (or -/-) for a double forfeit, 0-0 for a game both players lost";

/// Why `text` is not a result, in words, listed against what is accepted.
pub fn not_understood(text: &str) -> String {
    format!("result \"{text}\" not understood; use {ACCEPTED_RESULTS}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_result_with_a_winner_reads_two_ways() {
        for typed in [GameResult::WhiteWins, GameResult::BlackWins] {
            assert_eq!(
                two_readings(typed),
                Some((GameResult::WhiteWins, GameResult::BlackWins))
            );
        }
        assert_eq!(
            two_readings(GameResult::BlackForfeitWin),
            Some((GameResult::WhiteForfeitWin, GameResult::BlackForfeitWin))
        );
        for same in [
            GameResult::Draw,
            GameResult::DoubleForfeit,
            GameResult::DoubleLoss,
        ] {
            assert_eq!(two_readings(same), None);
            assert_eq!(winner_words(same), None);
        }
        assert_eq!(
            winner_words(GameResult::BlackForfeitWin),
            Some("Black won by forfeit")
        );
    }

    #[test]
    fn results_are_read_as_people_write_them() {
        for (text, want) in [
            ("1-0", GameResult::WhiteWins),
            ("0-1", GameResult::BlackWins),
            ("1/2-1/2", GameResult::Draw),
            ("½-½", GameResult::Draw),
            ("=", GameResult::Draw),
            ("1F-0F", GameResult::WhiteForfeitWin),
            ("+/-", GameResult::WhiteForfeitWin),
            ("-/+", GameResult::BlackForfeitWin),
            ("0f-0f", GameResult::DoubleForfeit),
            (" 1 - 0 ", GameResult::WhiteWins),
            ("0-0", GameResult::DoubleLoss),
            ("0:0", GameResult::DoubleLoss),
            ("0 – 0", GameResult::DoubleLoss),
        ] {
            assert_eq!(GameResult::parse(text), Some(want), "{text}");
        }
        assert_eq!(GameResult::parse("2-0"), None);
        assert_eq!(GameResult::parse("win"), None);
        for r in [
            GameResult::WhiteWins,
            GameResult::Draw,
            GameResult::DoubleForfeit,
            GameResult::BlackForfeitWin,
            GameResult::DoubleLoss,
        ] {
            assert_eq!(GameResult::parse(r.as_str()), Some(r));
            assert_eq!(GameResult::parse(r.pretty()), Some(r));
        }
    }

    #[test]
    fn a_double_loss_is_a_played_loss_for_both_and_unlike_a_double_forfeit() {
        let (white, black) = GameResult::DoubleLoss.outcomes();
        assert_eq!((white, black), (Outcome::Loss, Outcome::Loss));
        assert!(white.is_played() && black.is_played());
        assert_eq!(white.points(), crate::domain::score::Points::ZERO);
        assert_eq!(GameResult::DoubleLoss.swapped(), GameResult::DoubleLoss);
        assert_ne!(GameResult::parse("0-0"), GameResult::parse("0F-0F"));
        assert_eq!(GameResult::DoubleLoss.as_str(), "0-0");
        assert_eq!(GameResult::DoubleLoss.to_string(), "0–0");
        assert_eq!(
            GameResult::from_outcomes(Outcome::Loss, Outcome::Loss),
            Some(GameResult::DoubleLoss)
        );
        assert_eq!(
            GameResult::from_outcomes(Outcome::Loss, Outcome::Win),
            Some(GameResult::BlackWins)
        );
        assert_eq!(GameResult::from_outcomes(Outcome::Win, Outcome::Draw), None);
    }
}
