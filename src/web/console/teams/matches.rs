//! A team round's results, entered board by board as the slips come in:
//! one row per board of each match, with a button per result (forfeits
//! behind a second tap) and a key box (1, = or 5, 0: the cursor moves on
//! to the next empty board, by the results page's own script); each entry
//! comes back with the echo of what was recorded and the match's score as
//! it fills. A recorded board has "Correct", which asks for a reason; the
//! last entry of the round can be undone.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};

use super::{matches_href, team_by_id, team_event};
use crate::app::result::{self as results, Refusal as ResultRefusal};
use crate::app::team::board::{self as app, match_score, BoardRecorded, MatchScore, Refusal};
use crate::domain::game::GameResult;
use crate::domain::league::Event;
use crate::error::{Error, Result};
use crate::store::pairing::rounds_with_pairings;
use crate::store::round::{self as rounds, GameRow};
use crate::store::team::{self as teams, TeamRow};
use crate::store::team_match::{round_matches, MatchRow};
use crate::store::Store;
use crate::web::console::results::{expected, key_result};
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// Which round the page shows (default: the earliest with a board
/// missing, else the latest).
#[derive(serde::Deserialize, Default)]
pub struct RoundQuery {
    round: Option<u32>,
}

/// One board of a match as the page shows it.
pub struct BoardLine {
    /// The board number.
    pub board: u32,
    /// "Gina Gold (7)", or "(no player)".
    pub white: String,
    /// Black, as `white`.
    pub black: String,
    /// The result, for people ("½-½"); `None` while there is none.
    pub result: Option<&'static str>,
    /// The result as stored ("1/2-1/2"), or "" for none.
    pub expect: &'static str,
    /// Whether the board has a game (a board a team could not fill has
    /// its forfeit and nothing to enter).
    pub game: bool,
}

/// One match (or team bye) of the round.
pub struct MatchLine {
    /// The first-named team's id: how the forms name the match.
    pub team: i64,
    /// "Bishops v Rooks", or "Pawns: team bye".
    pub title: String,
    /// "1½-½, 2 of 2 boards in", or "no board in yet".
    pub score: String,
    /// The boards.
    pub boards: Vec<BoardLine>,
    /// The second-named team's id (0 for a team bye).
    pub away: i64,
    /// Whether nothing of the match is in yet, so that it may be recorded
    /// whole (by its score, or forfeited).
    pub open: bool,
}

/// What the page shows.
pub struct TeamRound {
    /// "Metro Teams".
    pub event: String,
    /// The round shown (0: none paired yet).
    pub round: u32,
    /// The rounds with matches, for the round links.
    pub rounds: Vec<u32>,
    /// The matches and byes.
    pub matches: Vec<MatchLine>,
    /// "Pair round N again": the pair page's address, while the round is
    /// the latest and none of its boards has a result.
    pub again: Option<String>,
    /// The teams (id, name), for a match or a bye entered by hand.
    pub teams: Vec<(i64, String)>,
    /// The round a match or bye entered by hand goes in by default.
    pub next: u32,
}

#[derive(askama::Template)]
#[template(path = "web/matches.html")]
struct MatchesHtml {
    l: Layout,
    r: TeamRound,
    echo: Option<String>,
}

/// `GET /matches`.
pub async fn page(State(st): State<AppState>, c: Console, Query(q): Query<RoundQuery>) -> Response {
    let echo = st.auth.take_flash(&c.0.id);
    match st.db.read(move |s| load(s, q.round)).await {
        Ok(r) => render(&MatchesHtml {
            l: Layout::new(format!("Matches: {} round {}", r.event, r.round), &c),
            r,
            echo,
        }),
        Err(e) => WebError::from(e).link("Home", "/").into_response(),
    }
}

/// "1½-½, 1 of 2 boards in".
pub fn score_text(s: &MatchScore) -> String {
    if s.done == 0 {
        return "no board in yet".to_string();
    }
    format!(
        "{}-{}, {} of {} board{} in",
        s.home,
        s.away,
        s.done,
        s.boards,
        if s.boards == 1 { "" } else { "s" }
    )
}

/// The round `wanted` (or the one that needs results) of the event run.
fn load(store: &Store, wanted: Option<u32>) -> Result<TeamRound> {
    let (event, section) = team_event(store)?;
    let conn = store.conn();
    let paired = rounds_with_pairings(conn, section.id)?;
    let all = round_matches(conn, &event, None)?;
    let round = wanted.unwrap_or_else(|| {
        all.iter()
            .find(|m| m.boards.iter().any(|b| b.result.is_none()))
            .map(|m| m.round)
            .or(paired.last().copied())
            .unwrap_or(0)
    });
    let (games, _) = rounds::round_contents(conn, section.id, round)?;
    let list = teams::teams(conn, event.id)?;
    let now: Vec<&MatchRow> = all.iter().filter(|m| m.round == round).collect();
    let untouched = now
        .iter()
        .all(|m| m.score.is_none() && m.boards.iter().all(|b| b.result.is_none()));
    let again = (round > 0 && paired.last() == Some(&round) && untouched)
        .then(|| format!("/pair?section={}&replace=true", section.id.0));
    Ok(TeamRound {
        event: event.name,
        round,
        rounds: paired,
        matches: now.iter().map(|m| match_line(m, &list, &games)).collect(),
        again,
        teams: list.iter().map(|t| (t.id.0, t.name.clone())).collect(),
        next: round.clamp(1, event.rounds.max(1)),
    })
}

fn match_line(m: &MatchRow, list: &[TeamRow], games: &[GameRow]) -> MatchLine {
    let team = list.iter().find(|t| t.name == m.team_a);
    let id = team.map_or(0, |t| t.id.0);
    let Some(away) = &m.team_b else {
        return MatchLine {
            team: id,
            title: format!("{}: team bye", m.team_a),
            score: String::new(),
            boards: Vec::new(),
            away: 0,
            open: false,
        };
    };
    let ours = |g: &&GameRow| {
        let of = |t: Option<crate::domain::ids::TeamId>| {
            t.is_some_and(|t| {
                list.iter()
                    .any(|x| x.id == t && (x.name == m.team_a || &x.name == away))
            })
        };
        of(g.white.team_id) || of(g.black.team_id)
    };
    let mine: Vec<&GameRow> = games.iter().filter(ours).collect();
    let boards = m
        .boards
        .iter()
        .map(|b| {
            let board = b.board.unwrap_or_default();
            match mine.iter().find(|g| g.board == b.board) {
                Some(g) => BoardLine {
                    board,
                    white: rounds::named(&g.white),
                    black: rounds::named(&g.black),
                    result: g.result.map(GameResult::pretty),
                    expect: g.result.map(GameResult::as_str).unwrap_or(""),
                    game: true,
                },
                None => {
                    let r = b.result.as_deref().and_then(GameResult::from_stored);
                    BoardLine {
                        board,
                        white: b.white.clone(),
                        black: b.black.clone(),
                        result: r.map(GameResult::pretty),
                        expect: r.map(GameResult::as_str).unwrap_or(""),
                        game: false,
                    }
                }
            }
        })
        .collect();
    let score = match m.score {
        Some((a, b)) => format!("{a}-{b}, recorded by its score"),
        None => score_text(&match_score(m)),
    };
    MatchLine {
        team: id,
        title: format!("{} v {away}", m.team_a),
        score,
        away: list.iter().find(|t| &t.name == away).map_or(0, |t| t.id.0),
        open: m.score.is_none() && m.boards.iter().all(|b| b.result.is_none()),
        boards,
    }
}

/// A board's result form: the match (by its first-named team), the board,
/// what the page showed, and the result (a button) or the key typed.
#[derive(serde::Deserialize)]
pub struct RecordForm {
    round: u32,
    team: i64,
    board: u32,
    #[serde(default)]
    expect: String,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    key: Option<String>,
}

/// The result a form gives: the key typed wins over the button (Enter in
/// the key box sends the form with its first button too).
fn result_of(key: Option<&str>, button: Option<&str>) -> std::result::Result<GameResult, String> {
    let key = key.filter(|k| !k.trim().is_empty());
    let found = match (key, button) {
        (Some(k), _) => key_result(k),
        (None, Some(r)) => GameResult::parse(r),
        (None, None) => None,
    };
    found.ok_or_else(|| key.or(button).unwrap_or_default().to_string())
}

/// `POST /matches/record`.
pub async fn record(State(st): State<AppState>, c: Checked<RecordForm>) -> Response {
    let f = c.form;
    let back = matches_href(f.round);
    let result = match result_of(f.key.as_deref(), f.result.as_deref()) {
        Ok(r) => r,
        Err(typed) => {
            return WebError::new(
                StatusCode::BAD_REQUEST,
                format!("\"{typed}\" is not a result: type 1 (White won), = or 5 (draw), or 0 (Black won); nothing was recorded."),
            )
            .link("Back to the round", back)
            .into_response()
        }
    };
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let team = team_by_id(s.conn(), &event, f.team)?;
            let seen = expected(&f.expect)?;
            let done = s.write(|tx| {
                app::record_board(tx, &event, f.round, &team, f.board, result, Some(seen))
            });
            Ok(done
                .map(|d| echo(&event, &d))
                .map_err(|e| refused(e, f.round, f.team, f.board)))
        })
        .await;
    finish(&st, &c.console, &back, done)
}

/// "Metro Teams round 1, Bishops v Rooks, board 1: Gina Gold (7) v Carol
/// Key (3) 1-0. Match: Bishops 1-0 Rooks (1 of 2 boards in)."
pub fn echo(event: &Event, d: &BoardRecorded) -> String {
    let result = d.game.result.map_or("no result", GameResult::pretty);
    let what = if d.changed {
        result.to_string()
    } else {
        format!("is already {result}; nothing changed")
    };
    format!(
        "{} round {}, {} v {}, board {}: {} v {} {what}. Match: {} {}-{} {} ({} of {} boards in).",
        event.name,
        d.round,
        d.home,
        d.away,
        d.board,
        rounds::named(&d.game.white),
        rounds::named(&d.game.black),
        d.home,
        d.score.home,
        d.score.away,
        d.away,
        d.score.done,
        d.score.boards
    )
}

/// A refused board as its page, with the console's way on: a board that
/// already has a result (or changed since) is corrected with a reason.
pub fn refused(e: Error, round: u32, team: i64, board: u32) -> WebError {
    let correct = format!("/matches/correct?round={round}&team={team}&board={board}");
    let way = match (e.refusal::<ResultRefusal>(), e.refusal::<Refusal>()) {
        (Some(ResultRefusal::AlreadyRecorded { .. } | ResultRefusal::ChangedSince { .. }), _) => {
            Some(("Correct this board".to_string(), correct))
        }
        (_, Some(Refusal::NoMatch { round, .. })) => {
            Some((format!("Pair round {round}"), "/pair".to_string()))
        }
        _ => None,
    };
    let page = WebError::from(e);
    match way {
        Some((label, href)) => page.link(label, href),
        None => page,
    }
}

/// After a write: its echo on the round's page, or the refusal's page
/// with a button back to the round.
pub fn finish(
    st: &AppState,
    c: &Console,
    back: &str,
    done: Result<std::result::Result<String, WebError>>,
) -> Response {
    match done {
        Ok(Ok(echo)) => {
            st.auth.set_flash(&c.0.id, echo);
            Redirect::to(back).into_response()
        }
        Ok(Err(page)) => page.link("Back to the round", back).into_response(),
        Err(e) => WebError::from(e)
            .link("Back to the round", back)
            .into_response(),
    }
}

/// The round whose last entry is to be undone.
#[derive(serde::Deserialize)]
pub struct UndoForm {
    round: u32,
}

/// `POST /matches/undo`: undo the last board entered in the round.
pub async fn undo(State(st): State<AppState>, c: Checked<UndoForm>) -> Response {
    let round = c.form.round;
    let done = st
        .db
        .write(move |s| {
            let (event, section) = team_event(s)?;
            let done = s.write(|tx| {
                results::undo_last_entry(
                    tx,
                    results::Round {
                        event: &event,
                        section: &section,
                        number: round,
                    },
                )
            });
            Ok(done
                .map(|d| {
                    format!(
                        "Undone: {} round {round}, board {}: {} v {} is not yet played again ({} taken back; logged).",
                        event.name,
                        d.game.board.unwrap_or_default(),
                        rounds::named(&d.game.white),
                        rounds::named(&d.game.black),
                        d.before.map_or("no result", GameResult::pretty)
                    )
                })
                .map_err(WebError::from))
        })
        .await;
    finish(&st, &c.console, &matches_href(round), done)
}
