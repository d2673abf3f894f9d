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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::league::EventKind;
    use crate::domain::team::RulesEdit;
    use crate::round::pair::{self, Request};
    use crate::store::player::{add_player, NewPlayer};
    use crate::store::season::{add_event, add_season, add_section, NewEvent};
    use crate::store::team::{add_team, teams};
    use crate::store::team_match::{MatchDetails, NewBoard};
    use crate::store::Store;

    /// A team Swiss on 2 boards of three teams of two ("A One", "A Two",
    /// ...), round 1 paired: one match and a team bye.
    fn paired() -> (Store, Event, Vec<TeamRow>) {
        let mut store = Store::open_in_memory().unwrap();
        let event = store
            .write(|tx| {
                let season = add_season(tx, "2026", None, None)?;
                let event = add_event(
                    tx,
                    &season,
                    &NewEvent {
                        name: "Schools",
                        kind: EventKind::TeamSwiss,
                        rounds: 3,
                        start_date: None,
                        end_date: None,
                        tiebreaks: EventKind::TeamSwiss.default_tiebreaks(),
                        actual_play_first: false,
                        fide_edition: None,
                        sb_adjusted: false,
                        coin_allowed: false,
                    },
                )?;
                add_section(tx, &event, "Open", None, None)?;
                let r = rules(tx, event.id)?.edited(&RulesEdit {
                    boards: Some(2),
                    ..RulesEdit::default()
                });
                crate::store::team::set_rules(tx, &event, &r)?;
                for (t, rating) in [("A", 2000), ("B", 1900), ("C", 1800)] {
                    let team = add_team(tx, &event, t, None)?;
                    for n in ["One", "Two"] {
                        let name = format!("{t} {n}");
                        let p = add_player(
                            tx,
                            &NewPlayer {
                                name: &name,
                                rating: Some(rating),
                                ..NewPlayer::default()
                            },
                        )?;
                        crate::team::put_on_roster(tx, &event, &team, &p, None)?;
                    }
                }
                Ok(event)
            })
            .unwrap();
        let section = team_section(store.conn(), &event).unwrap();
        let req = Request {
            round: None,
            system: None,
            replace: false,
            seed: 1,
        };
        let shown = pair::preview(store.conn(), &event, &section, &req).unwrap();
        store.write(|tx| pair::confirm(tx, &shown)).unwrap();
        let all = teams(store.conn(), event.id).unwrap();
        (store, event, all)
    }

    fn refusal(e: crate::error::Error) -> Refusal {
        e.refusal::<Refusal>()
            .cloned()
            .unwrap_or_else(|| panic!("not a board refusal: {e}"))
    }

    #[test]
    fn a_board_is_recorded_with_the_match_score_and_undone_by_the_rounds_undo() {
        let (mut store, event, all) = paired();
        // A (2000) and B (1900) play; C has the bye. A has White on board 1.
        let a = &all[0];
        let done = store
            .write(|tx| record_board(tx, &event, 1, a, 1, GameResult::WhiteWins, Some(None)))
            .unwrap();
        assert_eq!((done.home.as_str(), done.away.as_str()), ("A", "B"));
        assert_eq!(done.game.white.name, "A One");
        assert!(done.changed);
        assert_eq!(
            done.score,
            MatchScore {
                home: Points::whole(1),
                away: Points::ZERO,
                done: 1,
                boards: 2
            }
        );
        // Board 2 (B's player has White), named by the other team: a draw.
        let b = &all[1];
        let done = store
            .write(|tx| record_board(tx, &event, 1, b, 2, GameResult::Draw, Some(None)))
            .unwrap();
        assert_eq!(done.game.white.name, "B Two");
        assert_eq!(
            (done.score.home, done.score.away, done.score.done),
            (Points(3), Points(1), 2)
        );
        let again = store
            .write(|tx| record_board(tx, &event, 1, b, 2, GameResult::Draw, None))
            .unwrap();
        assert!(!again.changed);
        let section = team_section(store.conn(), &event).unwrap();
        let undone = store
            .write(|tx| {
                results::undo_last_entry(
                    tx,
                    results::Round {
                        event: &event,
                        section: &section,
                        number: 1,
                    },
                )
            })
            .unwrap();
        assert_eq!(undone.game.white.name, "B Two");
        let m = team_match(store.conn(), &event, 1, a).unwrap();
        assert_eq!(match_score(&m).done, 1);
    }

    #[test]
    fn a_board_not_there_a_bye_or_no_match_is_refused_with_its_facts() {
        let (mut store, event, all) = paired();
        let (a, c) = (&all[0], &all[2]);
        let mut try_board = |team: &TeamRow, round: u32, board: u32| {
            refusal(
                store
                    .write(|tx| {
                        record_board(tx, &event, round, team, board, GameResult::Draw, None)
                    })
                    .unwrap_err(),
            )
        };
        assert_eq!(
            try_board(a, 1, 3),
            Refusal::NoSuchBoard {
                event: "Schools".into(),
                board: 3,
                boards: 2
            }
        );
        assert_eq!(
            try_board(c, 1, 1),
            Refusal::TeamBye {
                team: "C".into(),
                round: 1
            }
        );
        assert_eq!(
            try_board(a, 2, 1),
            Refusal::NoMatch {
                team: "A".into(),
                round: 2
            }
        );
    }

    #[test]
    fn a_forfeited_board_has_no_game_to_record() {
        let (mut store, event, all) = paired();
        let (a, b) = (&all[0], &all[1]);
        store
            .write(|tx| {
                crate::team::delete_match(tx, &event, 1, a, "recorded from the sheet")?;
                let boards = vec![
                    NewBoard {
                        board: 1,
                        white: "A One".into(),
                        black: "B One".into(),
                        result: GameResult::WhiteWins,
                        origin: None,
                    },
                    NewBoard {
                        board: 2,
                        white: "-".into(),
                        black: "A Two".into(),
                        result: GameResult::BlackForfeitWin,
                        origin: None,
                    },
                ];
                crate::team::record_match(
                    tx,
                    &event,
                    1,
                    a,
                    b,
                    &MatchDetails::Boards(boards),
                    None,
                    None,
                )
            })
            .unwrap();
        let e = store
            .write(|tx| record_board(tx, &event, 1, b, 2, GameResult::Draw, None))
            .unwrap_err();
        assert_eq!(
            refusal(e),
            Refusal::NoGame {
                home: "A".into(),
                away: "B".into(),
                round: 1,
                board: 2
            }
        );
        let m = team_match(store.conn(), &event, 1, a).unwrap();
        assert_eq!(
            match_score(&m),
            MatchScore {
                home: Points::whole(2),
                away: Points::ZERO,
                done: 2,
                boards: 2
            }
        );
    }
}
