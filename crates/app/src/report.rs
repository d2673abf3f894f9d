//! Players reporting their own results from the players' board (issue 26),
//! when the event allows it: a report changes no standings; it waits for
//! the secretary's confirmation, which records the result as a typed-in
//! result is recorded. An event set to "agree" records a result both
//! players reported alike without waiting. A report that contradicts a
//! recorded result is kept for the secretary to see, never applied.

use crate::domain::game::{GameResult, SheetRow};
use crate::domain::league::{Event, Section};
use crate::error::{Error, Result};
use crate::store::board as reports;
use crate::store::round::{self as rounds, GameRow};
use crate::store::{Readable, Writer};

/// The most reports one board may receive: enough for both players to
/// report and to put a slip right, few enough that a phone left on the
/// form cannot flood the secretary's list.
pub const MOST_PER_BOARD: usize = 6;

/// Why a player's report is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The event does not take players' reports.
    #[error(
        "players do not report their own results in {event}; hand the result to the secretary"
    )]
    ReportsOff {
        /// The event's name.
        event: String,
    },
    /// No game on that board in the round.
    #[error("there is no game on board {board} in round {round}")]
    NoSuchBoard {
        /// The board asked for.
        board: u32,
        /// The round.
        round: u32,
    },
    /// A player reports a win, a draw or a loss only: forfeits and the
    /// arbiter's decisions are the secretary's.
    #[error("a player reports 1-0, ½-½ or 0-1 only; a forfeit is for the secretary to record")]
    NotAPlayersResult,
    /// A choice about players' reports that is none of the three.
    #[error("players' reports are off, confirm or agree, not \"{choice}\"")]
    UnknownChoice {
        /// The choice given.
        choice: String,
    },
    /// The board already has its share of reports.
    #[error("board {board} already has {count} reports waiting; ask the secretary")]
    TooManyReports {
        /// The board.
        board: u32,
        /// The reports it has.
        count: usize,
    },
}

/// What became of a report, for the page that answers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reported {
    /// Kept, waiting for the secretary (standings unchanged).
    Awaiting,
    /// Both players reported the same result and the event records such a
    /// result at once: it is recorded.
    Recorded(GameResult),
    /// The game already has this result: nothing to do.
    AlreadyIn,
    /// The game has another result: the report is kept for the secretary
    /// to look at, and the recorded result stands.
    Contradicts(GameResult),
}

/// A player's report: which game (by board), who reports, which result.
#[derive(Debug, Clone, Copy)]
pub struct Report {
    /// The round's number.
    pub round: u32,
    /// The board, as the board page shows it.
    pub board: u32,
    /// Whether White (`true`) or Black reports.
    pub by_white: bool,
    /// The result, from White's side.
    pub result: GameResult,
}

/// The games of a round with the board the players' board shows for each:
/// the recorded board, or the game's place in the list.
pub fn boards(conn: &impl Readable, section: &Section, round: u32) -> Result<Vec<(u32, GameRow)>> {
    let (games, _) = rounds::round_contents(conn, section.id, round)?;
    Ok(games
        .into_iter()
        .enumerate()
        .map(|(k, g)| (g.board.unwrap_or(k as u32 + 1), g))
        .collect())
}

/// Take a player's report `r`, stamped `at`, in `section` of `event`.
pub fn report(
    tx: &Writer,
    event: &Event,
    section: &Section,
    r: Report,
    at: &str,
) -> Result<Reported> {
    let choice = reports::player_reports(tx, event.id)?;
    if choice == "off" {
        return Err(Error::refused(Refusal::ReportsOff {
            event: event.name.clone(),
        }));
    }
    if !matches!(
        r.result,
        GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins
    ) {
        return Err(Error::refused(Refusal::NotAPlayersResult));
    }
    let game = boards(tx, section, r.round)?
        .into_iter()
        .find(|(b, _)| *b == r.board)
        .map(|(_, g)| g)
        .ok_or(Error::refused(Refusal::NoSuchBoard {
            board: r.board,
            round: r.round,
        }))?;
    let earlier = reports::reports(tx, &[game.id])?;
    if earlier.len() >= MOST_PER_BOARD {
        return Err(Error::refused(Refusal::TooManyReports {
            board: r.board,
            count: earlier.len(),
        }));
    }
    if game.result == Some(r.result) {
        return Ok(Reported::AlreadyIn);
    }
    reports::add_report(tx, game.id, r.by_white, r.result, at)?;
    if let Some(recorded) = game.result {
        return Ok(Reported::Contradicts(recorded));
    }
    let latest = |white: bool| {
        earlier
            .iter()
            .rev()
            .find(|x| x.by_white == white)
            .map(|x| x.result)
    };
    let other = latest(!r.by_white);
    if choice == "agree" && other == Some(r.result) {
        confirm(tx, section, r.round, &game, r.result)?;
        return Ok(Reported::Recorded(r.result));
    }
    Ok(Reported::Awaiting)
}

/// The secretary's one tap: record `result` for the game on `board` of
/// `round` as a typed-in result is recorded (a different result already
/// there is refused as a typed one is), and set the board's reports aside.
pub fn confirm_board(
    tx: &Writer,
    section: &Section,
    round: u32,
    board: u32,
    result: GameResult,
) -> Result<GameRow> {
    let game = boards(tx, section, round)?
        .into_iter()
        .find(|(b, _)| *b == board)
        .map(|(_, g)| g)
        .ok_or(Error::refused(Refusal::NoSuchBoard { board, round }))?;
    confirm(tx, section, round, &game, result)?;
    Ok(GameRow {
        result: Some(result),
        ..game
    })
}

/// Set aside every report of the game on `board` (the secretary read them
/// and keeps the result as it is).
pub fn dismiss_board(tx: &Writer, section: &Section, round: u32, board: u32) -> Result<()> {
    let game = boards(tx, section, round)?
        .into_iter()
        .find(|(b, _)| *b == board)
        .map(|(_, g)| g)
        .ok_or(Error::refused(Refusal::NoSuchBoard { board, round }))?;
    reports::clear_reports(tx, game.id)
}

/// Record `result` for `game` through the round sheet's recording (the
/// path every typed-in result takes), then clear the game's reports.
fn confirm(
    tx: &Writer,
    section: &Section,
    round: u32,
    game: &GameRow,
    result: GameResult,
) -> Result<()> {
    let row = SheetRow {
        line: None,
        board: game.board,
        white: format!("#{}", game.white.pairing_no),
        black: Some(format!("#{}", game.black.pairing_no)),
        result: Some(result),
        bye: None,
        names: None,
    };
    crate::app::round::sheet::record_sheet(
        tx,
        section,
        round,
        None,
        &[row],
        "players' board",
        false,
    )?;
    reports::clear_reports(tx, game.id)
}

/// Set whether players of `event` report their own results: `"off"`,
/// `"confirm"` (each report waits for the secretary) or `"agree"` (a
/// result both players report alike is recorded at once).
pub fn set_player_reports(tx: &Writer, event: &Event, choice: &str) -> Result<()> {
    if !["off", "confirm", "agree"].contains(&choice) {
        return Err(Error::refused(Refusal::UnknownChoice {
            choice: choice.to_string(),
        }));
    }
    reports::set_player_reports(tx, event.id, choice)
}
