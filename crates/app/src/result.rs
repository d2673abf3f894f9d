//! One game's result on club night: recorded, corrected, cleared, the
//! last entry undone, a game (or bye) taken out of a round.
//!
//! A game is found by its board or by either player ([`Which`]); a result
//! is said from White's side, after a player's name, as "this player won"
//! or as a draw ([`Said`]). A front end that showed the result before the
//! secretary changed it passes what it showed (`expected`): when the game
//! has changed since, the action refuses and says what it is now, rather
//! than overwrite a colleague's entry.

use crate::domain::game::{two_readings, GameResult};
use crate::domain::league::{Entry, Event, Section};
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};
use crate::store::result_entry as entries;
use crate::store::round::{self as rounds, GameRow};
use crate::store::{Readable, Writer};

mod refusal;

pub use refusal::Refusal;

/// The round an action is about.
#[derive(Debug, Clone, Copy)]
pub struct Round<'a> {
    /// The event (its name goes in the log).
    pub event: &'a Event,
    /// The section.
    pub section: &'a Section,
    /// The round's number, from 1.
    pub number: u32,
}

/// Which game of the round.
#[derive(Debug, Clone, Copy)]
pub enum Which<'a> {
    /// The game on this board.
    Board(u32),
    /// The game this player plays in the round.
    Player(&'a Entry),
}

/// A result as the secretary said it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Said {
    /// From White's side, whoever was named (1-0: White won).
    FromWhite(GameResult),
    /// Typed after the named player's name: from White's side by the rule,
    /// but when the named player had Black and the result has a winner it
    /// may as well mean "they won", so it is refused with both readings.
    AfterName(GameResult),
    /// The named player won (by forfeit: the opponent did not appear).
    Won {
        /// Won by forfeit.
        forfeit: bool,
    },
    /// The game was drawn.
    Draw,
}

/// What a result action did, for the echo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    /// The round's number.
    pub round: u32,
    /// The game, with its result as it is now.
    pub game: GameRow,
    /// The result before the action.
    pub before: Option<GameResult>,
    /// Whether anything was written (the same result again changes nothing
    /// and is not logged).
    pub changed: bool,
}

/// Record the result of a game already paired. The same result again is
/// no change; a different result already there is refused (it is a
/// correction). `expected`, when given, is the result the secretary saw
/// (`None` inside: no result yet).
pub fn record_result(
    tx: &Writer,
    round: Round,
    which: Which,
    said: Said,
    expected: Option<Option<GameResult>>,
) -> Result<Changed> {
    let game = find_game(tx, round, which)?;
    let result = read(&game, round.number, which, said)?;
    check_expected(&game, round.number, expected)?;
    match game.result {
        Some(old) if old == result => return Ok(unchanged(round.number, game)),
        Some(old) => {
            return Err(Error::refused(Refusal::AlreadyRecorded {
                round: round.number,
                white: game.white.name,
                black: game.black.name,
                result: old,
            }))
        }
        None => {}
    }
    entries::set_result(tx, game.id, Some(result))?;
    entries::note_entry(tx, game.id, result)?;
    Ok(Changed {
        round: round.number,
        before: None,
        changed: true,
        game: GameRow {
            result: Some(result),
            ..game
        },
    })
}

/// Correct a result (or record one in a game without), keeping the old
/// value, the new one and the reason in the log. A correction to the value
/// already there writes and logs nothing.
pub fn correct_result(
    tx: &Writer,
    round: Round,
    which: Which,
    said: Said,
    reason: &str,
    expected: Option<Option<GameResult>>,
) -> Result<Changed> {
    let game = find_game(tx, round, which)?;
    let result = read(&game, round.number, which, said)?;
    change(tx, round, game, Some(result), reason, expected)
}

/// Delete a game's result: the game stays paired, not yet played (a result
/// recorded too early or on the wrong board). Logged with the reason.
pub fn clear_result(
    tx: &Writer,
    round: Round,
    which: Which,
    reason: &str,
    expected: Option<Option<GameResult>>,
) -> Result<Changed> {
    let game = find_game(tx, round, which)?;
    change(tx, round, game, None, reason, expected)
}

/// Undo the last result entered one game at a time in this round (by
/// [`record_result`]): the game is not yet played again, and the undoing
/// is logged. Refused when no result was entered so in the round, and when
/// anything else in the round changed after that entry (a correction, a
/// result from a sheet, a game deleted or paired): undoing would then undo
/// something other than what the secretary just did. Once undone, the
/// entry before it is the last one again when the round is back as it was
/// just after it, so entries are undone one by one, newest first.
pub fn undo_last_entry(tx: &Writer, round: Round) -> Result<Changed> {
    let no_entry = || {
        Error::refused(Refusal::NothingToUndo {
            section: round.section.name.clone(),
            round: round.number,
        })
    };
    let last = entries::last_entry(tx, round.section.id, round.number)?.ok_or_else(no_entry)?;
    let (games, _) = rounds::round_contents(tx, round.section.id, round.number)?;
    let game = games
        .into_iter()
        .find(|g| g.id == last.game)
        .ok_or_else(no_entry)?;
    let entered = GameResult::from_stored(&last.result).ok_or_else(no_entry)?;
    if entries::round_state(tx, game.id)? != last.round_state {
        return Err(Error::refused(if game.result == Some(entered) {
            Refusal::ChangedAfterEntry {
                round: round.number,
                white: game.white.name,
                black: game.black.name,
                board: game.board,
                entered,
            }
        } else {
            Refusal::EntryChanged {
                round: round.number,
                white: game.white.name,
                black: game.black.name,
                board: game.board,
                entered,
                now: game.result,
            }
        }));
    }
    entries::forget_entry(tx, last.id)?;
    change(
        tx,
        round,
        game,
        None,
        "the last entry undone",
        Some(Some(entered)),
    )
}

/// What [`delete_game`] took out of the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deleted {
    /// What was deleted, in the log's words ("Winter Swiss Open round 2
    /// board 1: Ann Lee (1) v Bob Ray (2) (1-0)").
    pub what: String,
    /// The game deleted, with its board and result, so that a front end can
    /// offer to put it back; `None` for a bye.
    pub game: Option<GameRow>,
}

/// Take a player's game (or bye) out of a round, logged with what it was
/// and the reason. A game with a result goes only when `confirmed`:
/// deleting it takes a result out of the standings and leaves both players
/// without a game.
pub fn delete_game(
    tx: &Writer,
    round: Round,
    entry: &Entry,
    reason: &str,
    confirmed: bool,
) -> Result<Deleted> {
    if reason.trim().is_empty() {
        return Err(Error::refused(Refusal::DeletionNeedsReason));
    }
    let number = round.number;
    let place = format!("{} {} round {number}", round.event.name, round.section.name);
    let (games, byes) = rounds::round_contents(tx, round.section.id, number)?;
    if let Some(g) = games.into_iter().find(|g| plays(g, entry)) {
        if let (Some(result), false) = (g.result, confirmed) {
            return Err(Error::refused(Refusal::HasResult {
                round: number,
                white: rounds::named(&g.white),
                black: rounds::named(&g.black),
                result,
            }));
        }
        let what = format!(
            "{place}{}: {} v {} ({})",
            g.board.map(|b| format!(" board {b}")).unwrap_or_default(),
            rounds::named(&g.white),
            rounds::named(&g.black),
            g.result.map_or("no result", GameResult::as_str)
        );
        entries::delete_game(tx, round.event.id, g.id, &what, reason)?;
        return Ok(Deleted {
            what,
            game: Some(g),
        });
    }
    if let Some(b) = byes.into_iter().find(|b| b.entry.id == entry.id) {
        let what = format!(
            "{place}: {} {}-point bye",
            b.entry.name,
            rounds::bye_kind_str(b.kind)
        );
        entries::delete_bye(tx, round.event.id, b.id, &what, reason)?;
        return Ok(Deleted { what, game: None });
    }
    Err(Error::refused(Refusal::NothingToDelete {
        name: entry.name.clone(),
        round: number,
    }))
}

/// Write a corrected (or cleared) result with its log entry, after the
/// reason and the expected value are checked.
fn change(
    tx: &Writer,
    round: Round,
    game: GameRow,
    new: Option<GameResult>,
    reason: &str,
    expected: Option<Option<GameResult>>,
) -> Result<Changed> {
    if reason.trim().is_empty() {
        return Err(Error::refused(Refusal::CorrectionNeedsReason));
    }
    check_expected(&game, round.number, expected)?;
    if game.result == new {
        return Ok(unchanged(round.number, game));
    }
    let subject = format!(
        "{} {} round {}{}: {} v {}",
        round.event.name,
        round.section.name,
        round.number,
        game.board
            .map(|b| format!(" board {b}"))
            .unwrap_or_default(),
        game.white.name,
        game.black.name
    );
    entries::set_result(tx, game.id, new)?;
    entries::log_change(tx, round.event.id, &subject, game.result, new, reason)?;
    Ok(Changed {
        round: round.number,
        before: game.result,
        changed: true,
        game: GameRow {
            result: new,
            ..game
        },
    })
}

fn unchanged(round: u32, game: GameRow) -> Changed {
    Changed {
        round,
        before: game.result,
        changed: false,
        game,
    }
}

fn plays(g: &GameRow, entry: &Entry) -> bool {
    g.white.id == entry.id || g.black.id == entry.id
}

/// Refused when the game is no longer what the secretary saw.
fn check_expected(game: &GameRow, round: u32, expected: Option<Option<GameResult>>) -> Result<()> {
    match expected {
        Some(seen) if seen != game.result => Err(Error::refused(Refusal::ChangedSince {
            round,
            white: game.white.name.clone(),
            black: game.black.name.clone(),
            board: game.board,
            seen,
            now: game.result,
        })),
        _ => Ok(()),
    }
}

/// The game of the round the secretary means.
fn find_game(tx: &impl Readable, round: Round, which: Which) -> Result<GameRow> {
    let (games, byes) = rounds::round_contents(tx, round.section.id, round.number)?;
    match which {
        Which::Board(board) => {
            if games.is_empty() {
                return Err(Error::refused(Refusal::RoundNotPaired {
                    section: round.section.name.clone(),
                    round: round.number,
                }));
            }
            let boards = games.iter().filter_map(|g| g.board).collect();
            games
                .into_iter()
                .find(|g| g.board == Some(board))
                .ok_or_else(|| {
                    Error::refused(Refusal::NoSuchBoard {
                        section: round.section.name.clone(),
                        round: round.number,
                        board,
                        boards,
                    })
                })
        }
        Which::Player(entry) => {
            if let Some(g) = games.into_iter().find(|g| plays(g, entry)) {
                return Ok(g);
            }
            let bye = byes.iter().find(|b| b.entry.id == entry.id).map(|b| b.kind);
            Err(Error::refused(no_game(entry, round.number, bye)))
        }
    }
}

/// Why a player has no game to record a result for: a withdrawal or a
/// bye is the answer itself; otherwise the game is not paired.
fn no_game(entry: &Entry, round: u32, bye: Option<ByeKind>) -> Refusal {
    let name = entry.name.clone();
    match (entry.withdrawn_after.filter(|&w| round > w), bye) {
        (Some(after), _) => Refusal::Withdrawn { name, after, round },
        (None, Some(kind)) => Refusal::HadBye { name, kind, round },
        (None, None) => Refusal::NoGame { name, round },
    }
}

/// The result meant, from White's side.
fn read(game: &GameRow, round: u32, which: Which, said: Said) -> Result<GameResult> {
    let named_white = match which {
        Which::Player(e) => Some(game.white.id == e.id),
        Which::Board(_) => None,
    };
    Ok(match (said, named_white) {
        (Said::FromWhite(r), _) | (Said::AfterName(r), None | Some(true)) => r,
        (Said::Draw, _) => GameResult::Draw,
        (Said::Won { forfeit }, Some(white)) => match (white, forfeit) {
            (true, false) => GameResult::WhiteWins,
            (true, true) => GameResult::WhiteForfeitWin,
            (false, false) => GameResult::BlackWins,
            (false, true) => GameResult::BlackForfeitWin,
        },
        (Said::Won { .. }, None) => {
            return Err(Error::refused(Refusal::WinnerUnnamed {
                round,
                board: game.board,
            }))
        }
        (Said::AfterName(typed), Some(false)) => match two_readings(typed) {
            None => typed,
            Some((white_won, black_won)) => {
                return Err(Error::refused(Refusal::TwoReadings {
                    round,
                    board: game.board,
                    white: game.white.name.clone(),
                    black: game.black.name.clone(),
                    typed,
                    white_won,
                    black_won,
                }))
            }
        },
    })
}

#[cfg(test)]
mod tests;
