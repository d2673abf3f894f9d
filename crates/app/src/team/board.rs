//! One board of a paired team match on club night: its result recorded
//! (or corrected) board by board as the slips come in, with the match's
//! score as it fills. The board's game is an ordinary game of the event's
//! section, so the round's "undo the last entry"
//! ([`crate::result::undo_last_entry`]) takes back a board entered here.

use crate::domain::game::GameResult;
use crate::domain::league::{Event, Section};
use crate::domain::score::Points;
use crate::error::{Error, Result};
use crate::result::{self as results, Said, Which};
use crate::store::round::{self as rounds, GameRow};
use crate::store::team::{outcome_for_home, rules, team_section, TeamRow};
use crate::store::team_match::{round_matches, MatchRow};
use crate::store::{Readable, Writer};

/// Why a board of a team match cannot be recorded or corrected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The team has neither a match nor a bye in the round.
    #[error("{team} has no match in round {round}")]
    NoMatch {
        /// The team's name.
        team: String,
        /// The round.
        round: u32,
    },
    /// The team has a team bye in the round: no boards.
    #[error("{team} has a team bye in round {round}: there are no boards to record")]
    TeamBye {
        /// The team's name.
        team: String,
        /// The round.
        round: u32,
    },
    /// A board the event's matches do not have.
    #[error("there is no board {board}: a match in {event} is on {boards} boards")]
    NoSuchBoard {
        /// The event's name.
        event: String,
        /// The board asked for.
        board: u32,
        /// Boards per match.
        boards: u32,
    },
    /// The board has no game: a team had nobody there (its forfeit is the
    /// result), or the match was recorded by its score alone.
    #[error("board {board} of {home} v {away} in round {round} has no game to record: a team had nobody there, or the match was recorded by its score alone")]
    NoGame {
        /// The first-named team.
        home: String,
        /// The second-named team.
        away: String,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
}

/// A team match's score as its boards stand: game points of the
/// first-named and second-named teams, and how many boards have a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchScore {
    /// The first-named team's game points.
    pub home: Points,
    /// The second-named team's game points.
    pub away: Points,
    /// Boards with a result.
    pub done: usize,
    /// Boards of the match.
    pub boards: usize,
}

/// The score of `m` from its boards (or its score alone, when recorded so).
pub fn match_score(m: &MatchRow) -> MatchScore {
    if let Some((home, away)) = m.score {
        return MatchScore {
            home,
            away,
            done: m.boards.len(),
            boards: m.boards.len(),
        };
    }
    let mut s = MatchScore {
        home: Points::ZERO,
        away: Points::ZERO,
        done: 0,
        boards: m.boards.len(),
    };
    for b in &m.boards {
        let Some(r) = b.result.as_deref().and_then(GameResult::from_stored) else {
            continue;
        };
        let (h, a) = outcome_for_home(r, b.white_is_a).points();
        s.home += h;
        s.away += a;
        s.done += 1;
    }
    s
}

/// What a board's recording or correction did, for the echo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRecorded {
    /// The round.
    pub round: u32,
    /// The first-named team (White on board 1).
    pub home: String,
    /// The second-named team.
    pub away: String,
    /// The board.
    pub board: u32,
    /// The board's game, with its result as it is now.
    pub game: GameRow,
    /// Whether anything was written (the same result again is no change).
    pub changed: bool,
    /// The match's score now.
    pub score: MatchScore,
}

/// The match `team` plays in `round`, and the game on its board `board`.
fn board_game(
    conn: &impl Readable,
    event: &Event,
    section: &Section,
    round: u32,
    team: &TeamRow,
    board: u32,
) -> Result<(MatchRow, GameRow)> {
    let boards = rules(conn, event.id)?.boards;
    if board == 0 || board > boards {
        return Err(Error::refused(Refusal::NoSuchBoard {
            event: event.name.clone(),
            board,
            boards,
        }));
    }
    let m = team_match(conn, event, round, team)?;
    let Some(away) = m.team_b.clone() else {
        return Err(Error::refused(Refusal::TeamBye {
            team: team.name.clone(),
            round,
        }));
    };
    let (games, _) = rounds::round_contents(conn, section.id, round)?;
    let ours = |g: &GameRow| g.white.team_id == Some(team.id) || g.black.team_id == Some(team.id);
    match games
        .into_iter()
        .find(|g| g.board == Some(board) && ours(g))
    {
        Some(g) => Ok((m, g)),
        None => Err(Error::refused(Refusal::NoGame {
            home: m.team_a,
            away,
            round,
            board,
        })),
    }
}

/// `team`'s match (or team bye) in `round`.
pub fn team_match(
    conn: &impl Readable,
    event: &Event,
    round: u32,
    team: &TeamRow,
) -> Result<MatchRow> {
    round_matches(conn, event, Some(round))?
        .into_iter()
        .find(|m| m.team_a == team.name || m.team_b.as_deref() == Some(team.name.as_str()))
        .ok_or_else(|| {
            Error::refused(Refusal::NoMatch {
                team: team.name.clone(),
                round,
            })
        })
}

/// The echo's facts once a board is written.
fn recorded(
    conn: &impl Readable,
    event: &Event,
    round: u32,
    team: &TeamRow,
    board: u32,
    game: GameRow,
    changed: bool,
) -> Result<BoardRecorded> {
    let m = team_match(conn, event, round, team)?;
    Ok(BoardRecorded {
        round,
        score: match_score(&m),
        away: m.team_b.unwrap_or_default(),
        home: m.team_a,
        board,
        game,
        changed,
    })
}

/// Record the result (from White's side) of board `board` of the match
/// `team` plays in round `round`, paired and not yet played. The same
/// result again changes nothing; a different result already there is
/// refused (it is a correction). `expected` is the result the secretary
/// saw (`None` inside: none yet): a board changed since is refused.
pub fn record_board(
    tx: &Writer,
    event: &Event,
    round: u32,
    team: &TeamRow,
    board: u32,
    result: GameResult,
    expected: Option<Option<GameResult>>,
) -> Result<BoardRecorded> {
    let section = team_section(tx, event)?;
    let (_, game) = board_game(tx, event, &section, round, team, board)?;
    let done = results::record_result(
        tx,
        results::Round {
            event,
            section: &section,
            number: round,
        },
        Which::Player(&game.white),
        Said::FromWhite(result),
        expected,
    )?;
    recorded(tx, event, round, team, board, done.game, done.changed)
}

/// Correct board `board` of `team`'s round `round` match to `result`
/// (from White's side), through [`super::correct_board`] (the reason, which
/// it needs, and the old result go in the log). `expected` is the result
/// the secretary saw: a board changed since is refused.
#[allow(
    clippy::too_many_arguments,
    reason = "the board, what was seen and the reason, as the correction form gives them"
)]
pub fn correct_board_seen(
    tx: &Writer,
    event: &Event,
    round: u32,
    team: &TeamRow,
    board: u32,
    result: GameResult,
    expected: Option<GameResult>,
    reason: &str,
) -> Result<BoardRecorded> {
    let section = team_section(tx, event)?;
    let (_, game) = board_game(tx, event, &section, round, team, board)?;
    if game.result == Some(result) {
        return recorded(tx, event, round, team, board, game, false);
    }
    let read = |g: &GameRow, _: bool| -> Result<GameResult> {
        if g.result != expected {
            return Err(Error::refused(results::Refusal::ChangedSince {
                round,
                white: g.white.name.clone(),
                black: g.black.name.clone(),
                board: g.board,
                seen: expected,
                now: g.result,
            }));
        }
        Ok(result)
    };
    super::correct_board(tx, event, round, team, board, read, reason)?;
    let game = GameRow {
        result: Some(result),
        ..game
    };
    recorded(tx, event, round, team, board, game, true)
}
