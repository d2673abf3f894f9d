//! The boards of a match recorded board by board: every board of the
//! match once, each player on one board, one player of each team on each
//! board; a board a team could not fill is a forfeit with the result it
//! must have. Each board is checked and written in turn.

use std::collections::{HashMap, HashSet};
use std::fmt;

use super::Refusal;
use crate::domain::game::GameResult;
use crate::domain::ids::{MatchId, PlayerId, TeamId};
use crate::domain::league::{Entry, Event, Section};
use crate::domain::team::Side;
use crate::error::{Error, InputError, Result};
use crate::store::player::{entries, find_entry};
use crate::store::team::{rosters, TeamRow};
use crate::store::team_match::{self as matches, NewBoard, NOBODY};
use crate::store::Writer;

/// Where a refused board is: "five.csv, line 6, board: " on a sheet, or
/// "board 3: " for a board typed on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardAt {
    /// The board.
    pub board: u32,
    /// The sheet and line it came from, if from a sheet.
    pub origin: Option<(String, usize)>,
    /// The field ("board", "white", "black", "result").
    pub field: String,
}

impl BoardAt {
    fn of(b: &NewBoard, field: &str) -> BoardAt {
        BoardAt {
            board: b.board,
            origin: b.origin.clone(),
            field: field.into(),
        }
    }
}

impl fmt::Display for BoardAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.origin {
            Some((file, line)) => write!(f, "{file}, line {line}, {}: ", self.field),
            None => write!(f, "board {}: ", self.board),
        }
    }
}

/// Which team had nobody on a forfeited board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Absent {
    /// White's team.
    White,
    /// Black's team.
    Black,
    /// Neither team had anyone there.
    Neither,
}

impl fmt::Display for Absent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Absent::White => "White's team",
            Absent::Black => "Black's team",
            Absent::Neither => "neither team",
        })
    }
}

/// A lookup's or a write's own error, placed at the board as the sheet or
/// command line gave it.
fn at_board(b: &NewBoard, field: &str, problem: String) -> Error {
    match &b.origin {
        Some((file, line)) => InputError::at(file, *line, field, problem).into(),
        None => Error::invalid(format!("board {}: {problem}", b.board)),
    }
}

/// A match whose boards are being written, with the section's entries and
/// each rostered player's team.
pub(super) struct Lineup<'a> {
    tx: &'a Writer<'a>,
    event: &'a Event,
    section: &'a Section,
    match_id: MatchId,
    home: &'a TeamRow,
    away: &'a TeamRow,
    all: Vec<Entry>,
    team_of: HashMap<PlayerId, TeamId>,
}

impl<'a> Lineup<'a> {
    /// The boards of match `match_id` of `home` and `away`, to be written.
    pub(super) fn new(
        tx: &'a Writer<'a>,
        event: &'a Event,
        section: &'a Section,
        match_id: MatchId,
        (home, away): (&'a TeamRow, &'a TeamRow),
    ) -> Result<Lineup<'a>> {
        Ok(Lineup {
            tx,
            event,
            section,
            match_id,
            home,
            away,
            all: entries(tx, section.id)?,
            team_of: rosters(tx, event.id)?
                .into_iter()
                .map(|r| (r.player_id, r.team_id))
                .collect(),
        })
    }

    /// Check and write every board of `list`; each of the event's boards
    /// must be given once.
    pub(super) fn write(&self, list: &[NewBoard], boards: u32) -> Result<()> {
        let mut seen_boards = HashSet::new();
        let mut seen_players = HashSet::new();
        for b in list {
            if b.board == 0 || b.board > boards {
                return Err(Error::refused(Refusal::BoardOutOfRange {
                    at: BoardAt::of(b, "board"),
                    event: self.event.name.clone(),
                    boards,
                }));
            }
            if !seen_boards.insert(b.board) {
                return Err(Error::refused(Refusal::BoardTwice {
                    at: BoardAt::of(b, "board"),
                }));
            }
            let white = self.lookup(b, &b.white, "white")?;
            let black = self.lookup(b, &b.black, "black")?;
            for (p, field) in [(&white, "white"), (&black, "black")] {
                let Some(p) = p else { continue };
                if !seen_players.insert(p.player_id) {
                    return Err(Error::refused(Refusal::OnTwoBoards {
                        at: BoardAt::of(b, field),
                        player: p.name.clone(),
                    }));
                }
            }
            self.board(b, white, black)?;
        }
        match (1..=boards).find(|n| !seen_boards.contains(n)) {
            Some(board) => Err(Error::refused(Refusal::BoardMissing {
                home: self.home.name.clone(),
                away: self.away.name.clone(),
                board,
                event: self.event.name.clone(),
                boards,
            })),
            None => Ok(()),
        }
    }

    /// The player a board names (`None`: [`NOBODY`]).
    fn lookup(&self, b: &NewBoard, text: &str, field: &str) -> Result<Option<Entry>> {
        if text.trim() == NOBODY {
            return Ok(None);
        }
        find_entry(&self.all, self.tx, self.section, text)
            .map(Some)
            .map_err(|e| e.map_facts(|e| at_board(b, field, e.to_string())))
    }

    fn team(&self, p: &Option<Entry>) -> Option<TeamId> {
        p.as_ref()
            .and_then(|p| self.team_of.get(&p.player_id).copied())
    }

    /// One board: its players checked against the teams, then a game or a
    /// forfeit written.
    fn board(&self, b: &NewBoard, white: Option<Entry>, black: Option<Entry>) -> Result<()> {
        self.check_teams(b, &white, &black)?;
        let (white, black) = match (white, black) {
            (Some(w), Some(bl)) => (w, bl),
            (w, bl) => return self.forfeit(b, &w, &bl),
        };
        matches::insert_board_game(
            self.tx,
            self.match_id,
            b.board,
            white.id,
            black.id,
            b.result,
        )
        .map_err(|e| at_board(b, "white", e.to_string()))
    }

    /// One player of each team of the match on the board (a board with one
    /// player: of a team of the match).
    fn check_teams(
        &self,
        b: &NewBoard,
        white: &Option<Entry>,
        black: &Option<Entry>,
    ) -> Result<()> {
        let (home, away) = (self.home, self.away);
        let (wt, bt) = (self.team(white), self.team(black));
        let of_match = |t: Option<TeamId>| t == Some(home.id) || t == Some(away.id);
        let teams_ok = match (white, black) {
            (Some(_), Some(_)) => of_match(wt) && of_match(bt) && wt != bt,
            (Some(_), None) => of_match(wt),
            (None, Some(_)) => of_match(bt),
            (None, None) => true,
        };
        if teams_ok {
            return Ok(());
        }
        let name = |p: &Option<Entry>| {
            p.as_ref()
                .map_or_else(|| "nobody".to_string(), |p| p.name.clone())
        };
        let which = |t: Option<TeamId>| match t {
            Some(id) if id == home.id => home.name.clone(),
            Some(id) if id == away.id => away.name.clone(),
            Some(_) => "another team".into(),
            None => "no team's roster".into(),
        };
        Err(Error::refused(Refusal::NotOneOfEachTeam {
            at: BoardAt::of(b, "white"),
            white: name(white),
            white_team: which(wt),
            black: name(black),
            black_team: which(bt),
            home: home.name.clone(),
            away: away.name.clone(),
        }))
    }

    /// A board a team could not fill: no game, a forfeit, whose result
    /// must be the one due.
    fn forfeit(&self, b: &NewBoard, w: &Option<Entry>, bl: &Option<Entry>) -> Result<()> {
        let side = |t: Option<TeamId>| {
            if t == Some(self.home.id) {
                Side::Home
            } else {
                Side::Away
            }
        };
        let (present, player, due, absent) = match (w, bl) {
            (Some(p), None) => (
                Some(side(self.team(w))),
                Some(p.player_id),
                GameResult::WhiteForfeitWin,
                Absent::Black,
            ),
            (None, Some(p)) => (
                Some(side(self.team(bl))),
                Some(p.player_id),
                GameResult::BlackForfeitWin,
                Absent::White,
            ),
            _ => (None, None, GameResult::DoubleForfeit, Absent::Neither),
        };
        if b.result != due {
            return Err(Error::refused(Refusal::ForfeitResult {
                at: BoardAt::of(b, "result"),
                absent,
                due,
                given: b.result,
            }));
        }
        matches::insert_board_forfeit(self.tx, self.match_id, b.board, present, player)
            .map_err(|e| e.map_facts(|e| at_board(b, "board", e.to_string())))
    }
}
