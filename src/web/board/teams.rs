//! A team event on the players' board: the round being played match by
//! match, each board's players and result as it comes in, the match
//! scores as they fill, and the team standings as the results site
//! works them out ([`crate::report::team::team_report`]). Only what the
//! site shows: team and player names, colours, results.

use crate::app::team::board::match_score;
use crate::domain::game::GameResult;
use crate::domain::league::Event;
use crate::error::Result;
use crate::report::team::team_report;
use crate::report::ReportOptions;
use crate::store::team::teams;
use crate::store::team_match::{round_matches, MatchRow};
use crate::store::{season, Readable, Reader};

/// One team event being played.
pub struct TeamBoard {
    /// Its anchor on the page (`t-1`, `t-2`, …).
    pub anchor: String,
    /// The event's name.
    pub title: String,
    /// The round being played (0: none paired yet).
    pub round: u32,
    /// "3 of 4 boards are in; 1 not yet."
    pub status: String,
    /// The round's matches and team byes.
    pub matches: Vec<MatchBoard>,
    /// The team standings after the last complete round.
    pub standings: Vec<TeamStand>,
    /// "after round 1" (empty before any round is complete).
    pub after: String,
}

/// One match of the round.
pub struct MatchBoard {
    /// The first-named team (White on board 1).
    pub home: String,
    /// The second-named team (empty: a team bye).
    pub away: String,
    /// "1½-½" once a board is in.
    pub score: String,
    /// The boards: (board, White, Black, result or "").
    pub boards: Vec<(u32, String, String, String)>,
}

/// One line of the team standings.
pub struct TeamStand {
    /// "1", "2-3".
    pub place: String,
    /// The team's name.
    pub name: String,
    /// Match points.
    pub match_points: String,
    /// Game points.
    pub game_points: String,
}

/// The team events being played: teams entered, and a round still to
/// pair or a board still without a result.
pub fn running_team_events(conn: &impl Readable) -> Result<Vec<Event>> {
    let mut out = Vec::new();
    for event in season::events(conn, None)? {
        if !event.kind.is_team() || teams(conn, event.id)?.is_empty() {
            continue;
        }
        let all = round_matches(conn, &event, None)?;
        let last = all.iter().map(|m| m.round).max().unwrap_or(0);
        let pending = all
            .iter()
            .any(|m| m.boards.iter().any(|b| b.result.is_none()));
        if last < event.rounds || pending {
            out.push(event);
        }
    }
    Ok(out)
}

/// The board of every team event being played.
pub fn build(conn: &Reader) -> Result<Vec<TeamBoard>> {
    running_team_events(conn)?
        .iter()
        .enumerate()
        .map(|(k, e)| team_board(conn, k + 1, e))
        .collect()
}

fn team_board(conn: &Reader, k: usize, event: &Event) -> Result<TeamBoard> {
    let all = round_matches(conn, event, None)?;
    let round = all.iter().map(|m| m.round).max().unwrap_or(0);
    let now: Vec<&MatchRow> = all.iter().filter(|m| m.round == round).collect();
    let (done, total) = now.iter().fold((0, 0), |(d, t), m| {
        let s = match_score(m);
        (d + s.done, t + s.boards)
    });
    let report = team_report(conn, event, &ReportOptions::default())?;
    let standings = report
        .standings
        .rows
        .iter()
        .map(|row| TeamStand {
            place: row.place.clone(),
            name: report
                .loaded
                .teams
                .get(row.team)
                .map(|t| t.name.clone())
                .unwrap_or_default(),
            match_points: row.match_points.fraction(),
            game_points: row.game_points.fraction(),
        })
        .collect();
    Ok(TeamBoard {
        anchor: format!("t-{k}"),
        title: event.name.clone(),
        round,
        status: match total - done {
            _ if round == 0 => "Round 1 is not paired yet.".to_string(),
            0 => format!("Every board of round {round} is in."),
            open => format!("{done} of {total} boards are in; {open} not yet."),
        },
        matches: now.iter().map(|m| match_board(m)).collect(),
        after: match report.rounds_played {
            0 => String::new(),
            n => format!("after round {n}"),
        },
        standings,
    })
}

fn match_board(m: &MatchRow) -> MatchBoard {
    let s = match_score(m);
    MatchBoard {
        home: m.team_a.clone(),
        away: m.team_b.clone().unwrap_or_default(),
        score: if s.done == 0 {
            String::new()
        } else {
            format!("{}-{}", s.home.fraction(), s.away.fraction())
        },
        boards: m
            .boards
            .iter()
            .map(|b| {
                let result = b
                    .result
                    .as_deref()
                    .and_then(GameResult::from_stored)
                    .map_or("", GameResult::pretty);
                (
                    b.board.unwrap_or_default(),
                    b.white.clone(),
                    b.black.clone(),
                    result.to_string(),
                )
            })
            .collect(),
    }
}
