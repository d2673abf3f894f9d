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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::EventId;
    use crate::store::season::event_by_id;
    use crate::store::team_match::MatchDetails;
    use crate::store::{fixture, team as teams, Store};

    /// Edgewood (E1-E4) and Urey (U1-U4) in a team event on 4 boards, with
    /// no match yet.
    fn rostered() -> Store {
        let store = Store::open_in_memory().unwrap();
        let mut sql = String::from(
            "INSERT INTO season (id, name) VALUES (1, '2026');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Schools', 'team-swiss', 4, 'usat-team');
             INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open');
             INSERT INTO team (id, event_id, name) VALUES (1, 1, 'Edgewood'), (2, 1, 'Urey');",
        );
        for (team, letter) in [(1, 'E'), (2, 'U')] {
            for board in 1..=4 {
                let id = (team - 1) * 4 + board;
                sql.push_str(&format!(
                    "INSERT INTO player (id, name) VALUES ({id}, '{letter}{board}');
                     INSERT INTO entry (id, section_id, player_id, pairing_no, team_id) VALUES ({id}, 1, {id}, {id}, {team});
                     INSERT INTO roster (team_id, event_id, player_id, board) VALUES ({team}, 1, {id}, {board});"
                ));
            }
        }
        fixture::execute(&store, &sql);
        store
    }

    fn board(board: u32, white: &str, black: &str, result: GameResult) -> NewBoard {
        NewBoard {
            board,
            white: white.into(),
            black: black.into(),
            result,
            origin: Some(("s.csv".into(), board as usize + 1)),
        }
    }

    fn at(board: u32, line: usize, field: &str) -> BoardAt {
        BoardAt {
            board,
            origin: Some(("s.csv".into(), line)),
            field: field.into(),
        }
    }

    #[test]
    fn each_board_rule_is_refused_with_the_board_and_its_facts() {
        let mut store = rostered();
        let event = event_by_id(store.conn(), EventId(1)).unwrap();
        let all = teams::teams(store.conn(), event.id).unwrap();
        let (edg, ury) = (&all[0], &all[1]);
        let won = GameResult::WhiteWins;
        let good = |n: u32| board(n, &format!("E{n}"), &format!("U{n}"), won);
        let mut refused = |list: Vec<NewBoard>| {
            let details = MatchDetails::Boards(list);
            store
                .write(|tx| {
                    super::super::record_match(tx, &event, 1, edg, ury, &details, None, None)
                })
                .unwrap_err()
                .refusal::<Refusal>()
                .cloned()
        };
        assert_eq!(
            refused(vec![good(1), board(5, "E2", "U2", won)]),
            Some(Refusal::BoardOutOfRange {
                at: at(5, 6, "board"),
                event: "Schools".into(),
                boards: 4
            })
        );
        assert_eq!(
            refused(vec![good(1), good(1)]),
            Some(Refusal::BoardTwice {
                at: at(1, 2, "board")
            })
        );
        assert_eq!(
            refused(vec![good(1), board(2, "U2", "E1", won)]),
            Some(Refusal::OnTwoBoards {
                at: at(2, 3, "black"),
                player: "E1".into()
            })
        );
        assert_eq!(
            refused(vec![board(1, "E1", "E2", won)]),
            Some(Refusal::NotOneOfEachTeam {
                at: at(1, 2, "white"),
                white: "E1".into(),
                white_team: "Edgewood".into(),
                black: "E2".into(),
                black_team: "Edgewood".into(),
                home: "Edgewood".into(),
                away: "Urey".into()
            })
        );
        assert_eq!(
            refused(vec![board(1, "E1", NOBODY, won)]),
            Some(Refusal::ForfeitResult {
                at: at(1, 2, "result"),
                absent: Absent::Black,
                due: GameResult::WhiteForfeitWin,
                given: won
            })
        );
        assert_eq!(
            refused(vec![good(1), good(2), good(3)]),
            Some(Refusal::BoardMissing {
                home: "Edgewood".into(),
                away: "Urey".into(),
                board: 4,
                event: "Schools".into(),
                boards: 4
            })
        );
        // Typed on the command line, a board is named by its number.
        let typed = BoardAt {
            origin: None,
            ..at(3, 4, "board")
        };
        assert_eq!(
            Refusal::BoardTwice { at: typed }.to_string(),
            "board 3: board 3 is given twice"
        );
    }
}
