//! Why a result action is refused: the facts, and the rule in the
//! secretary's words (no command, no flag: a front end adds its own hint).

use crate::domain::game::{two_ways, GameResult};
use crate::domain::record::ByeKind;
use crate::store::round::bye_kind_str;

/// Why recording, correcting, clearing or deleting a game's result (or
/// undoing the last entry) is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A game asked for by board in a round with no pairings yet.
    #[error("round {round} of {section} is not paired yet")]
    RoundNotPaired {
        /// The section's name.
        section: String,
        /// The round.
        round: u32,
    },
    /// The round has no game on that board.
    #[error("round {round} of {section} has no board {board} ({})", boards_text(.boards))]
    NoSuchBoard {
        /// The section's name.
        section: String,
        /// The round.
        round: u32,
        /// The board asked for.
        board: u32,
        /// The boards the round has, in order.
        boards: Vec<u32>,
    },
    /// The player named has no game in the round (not paired).
    #[error("{name} has no game in round {round}")]
    NoGame {
        /// The player's name.
        name: String,
        /// The round.
        round: u32,
    },
    /// The player named withdrew before the round.
    #[error("{name} withdrew after round {after}: there is no game of theirs in round {round} to record (check the name and the round)")]
    Withdrawn {
        /// The player's name.
        name: String,
        /// The last round they took part in.
        after: u32,
        /// The round asked for.
        round: u32,
    },
    /// The player named had a bye in the round, not a game.
    #[error("{name} had a {} bye in round {round}, not a game: there is no result to record (check the name and the round)", bye_kind_str(*.kind))]
    HadBye {
        /// The player's name.
        name: String,
        /// The bye's kind.
        kind: ByeKind,
        /// The round.
        round: u32,
    },
    /// A result with a winner typed after the name of the player who had
    /// Black: "Harold 1-0" may mean White won (the rule) or Harold won.
    #[error("{} A result is read from White's side", two_ways(.black, .white, *.board, *.round, *.typed).unwrap_or_default())]
    TwoReadings {
        /// The round.
        round: u32,
        /// The game's board, when it has one.
        board: Option<u32>,
        /// White's name.
        white: String,
        /// Black's name (the player named).
        black: String,
        /// The result as typed.
        typed: GameResult,
        /// The reading in which White won.
        white_won: GameResult,
        /// The reading in which Black won.
        black_won: GameResult,
    },
    /// "This player won" said of a game found by its board: no player was
    /// named, so who won is not said.
    #[error("round {round}{}: a winner is named by a player of the game, not by the board; say who won, or give the result from White's side", board_text(*.board))]
    WinnerUnnamed {
        /// The round.
        round: u32,
        /// The game's board.
        board: Option<u32>,
    },
    /// The game already has a different result: changing it is a
    /// correction, with a reason for the log.
    #[error("round {round}: {white} v {black} is already recorded as {result}")]
    AlreadyRecorded {
        /// The round.
        round: u32,
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
        /// The result recorded.
        result: GameResult,
    },
    /// The game is no longer what the secretary saw when they changed it
    /// (someone else recorded or corrected it meanwhile).
    #[error("round {round}{}: {white} v {black} has changed since it was shown: it showed {} and is {} now; nothing was recorded", board_text(*.board), result_text(*.seen), result_text(*.now))]
    ChangedSince {
        /// The round.
        round: u32,
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
        /// The game's board, when it has one.
        board: Option<u32>,
        /// The result the secretary saw (`None`: no result).
        seen: Option<GameResult>,
        /// The result it has now.
        now: Option<GameResult>,
    },
    /// A correction (or a result cleared) without a reason for the log.
    #[error("a correction needs a reason")]
    CorrectionNeedsReason,
    /// A game or bye deleted without a reason for the log.
    #[error("a deletion needs a reason")]
    DeletionNeedsReason,
    /// Deleting a game that has a result, not confirmed.
    #[error("{white} v {black} in round {round} has a result ({result}); deleting it takes the result out of the standings and leaves both players without a game")]
    HasResult {
        /// The round.
        round: u32,
        /// White, named with their pairing number.
        white: String,
        /// Black, named with their pairing number.
        black: String,
        /// The result recorded.
        result: GameResult,
    },
    /// The player has neither a game nor a bye in the round.
    #[error("{name} has no game or bye in round {round}")]
    NothingToDelete {
        /// The player's name.
        name: String,
        /// The round.
        round: u32,
    },
    /// No result was entered one game at a time in the round.
    #[error("no result has been entered game by game in round {round} of {section}: there is no entry to undo")]
    NothingToUndo {
        /// The section's name.
        section: String,
        /// The round.
        round: u32,
    },
    /// The last entry's game no longer has the result entered.
    #[error("the last entry in round {round}{} ({white} v {black} {entered}) has been changed since: it is {} now, so it is not undone", board_text(*.board), result_text(*.now))]
    EntryChanged {
        /// The round.
        round: u32,
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
        /// The game's board, when it has one.
        board: Option<u32>,
        /// The result entered.
        entered: GameResult,
        /// The result the game has now.
        now: Option<GameResult>,
    },
    /// Something else in the round changed after the last entry (a result
    /// from a sheet, a correction, a game paired or deleted).
    #[error("round {round} changed after the last entry ({white} v {black} {entered}{}): the last change was something else, so the entry is not undone; correct that result instead", board_text(*.board))]
    ChangedAfterEntry {
        /// The round.
        round: u32,
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
        /// The game's board, when it has one.
        board: Option<u32>,
        /// The result entered.
        entered: GameResult,
    },
}

/// " board 3", or nothing for a game without a board number.
fn board_text(board: Option<u32>) -> String {
    board.map(|b| format!(" board {b}")).unwrap_or_default()
}

/// "1-0", or "no result".
fn result_text(result: Option<GameResult>) -> &'static str {
    result.map_or("no result", GameResult::pretty)
}

/// "its boards are 1 to 6", "it has no board numbers".
fn boards_text(boards: &[u32]) -> String {
    match (boards.iter().min(), boards.iter().max()) {
        (Some(lo), Some(hi)) if lo == hi => format!("its only board is {lo}"),
        (Some(lo), Some(hi)) => format!("its boards are {lo} to {hi}"),
        _ => "its games have no board numbers".to_string(),
    }
}
