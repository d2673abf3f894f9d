//! `league match …`: recording a team event's matches (board by board, from
//! a sheet, or by score alone), team byes, corrections, deletions, and
//! showing a round's matches.

use std::path::PathBuf;

use clap::Subcommand;

use super::import::read_file;
pub(crate) use super::match_table::{print_matches, score_of};
use super::output::{print, Format};
use super::parse_date;
use super::EventArgs;
use crate::domain::game::{two_readings, two_ways, GameResult, ACCEPTED_RESULTS};
use crate::domain::ids::EventId;
use crate::domain::score::Points;
use crate::domain::team::Side;
use crate::error::{Error, InputError, Result};
use crate::input::results;
use crate::input::team_matches::parse_points;
use crate::store::round::GameRow;
use crate::store::team::{self as teams, TeamRow};
use crate::store::team_match::{self as matches, MatchDetails, NewBoard};
use crate::store::Store;

#[derive(Subcommand, Debug)]
pub enum MatchCmd {
    /// Record a team match: board by board (--results, or a --sheet), or by
    /// its score alone (--score 3.5-0.5).
    #[command(after_help = super::RESULT_SIDE)]
    Record(RecordArgs),
    /// Give a team a team bye in a round (worth the event's bye value).
    Bye {
        /// The team's name or short code.
        team: String,
        #[command(flatten)]
        event: EventArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        /// The date (YYYY-MM-DD).
        #[arg(long, value_parser = parse_date)]
        date: Option<String>,
    },
    /// Correct one board's result (from White's side, as every result is); the old and new results and
    /// the reason go in the log.
    #[command(after_help = super::RESULT_SIDE)]
    Correct {
        /// Either team of the match.
        team: String,
        /// The new result from White's side (1-0 means White won), whichever team is named; when the
        /// named team's player had Black on the board and the result has a winner, also give
        /// --white-side.
        result: String,
        /// The result is from White's side although the named team's player had Black on the board.
        #[arg(long)]
        white_side: bool,
        /// The board number.
        #[arg(long)]
        board: u32,
        /// Why (kept in the log).
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        event: EventArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
    },
    /// Delete a team's match (with its boards) or bye in a round; logged with the reason.
    Delete {
        /// Either team of the match.
        team: String,
        /// Why (kept in the log).
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        event: EventArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
    },
    /// Show a round's matches, board by board.
    Show {
        #[command(flatten)]
        event: EventArgs,
        /// The round (default: every round).
        #[arg(long)]
        round: Option<u32>,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
}

#[derive(clap::Args, Debug)]
pub struct RecordArgs {
    /// The first-named (home) team: White on boards 1, 3, ... with --results.
    pub home: String,
    /// The second-named (away) team.
    pub away: String,
    #[command(flatten)]
    pub event: EventArgs,
    /// The round, numbered from 1.
    #[arg(long)]
    pub round: u32,
    /// The score alone, first-named team first: 3.5-0.5, 3½-½, 2-2.
    #[arg(long, conflicts_with_all = ["results", "sheet"])]
    pub score: Option<String>,
    /// Each board's result from the first-named (home) team's side, not White's: 1-0 means the
    /// home team's player won, whatever the colour. Top board first, e.g. "1-0,½-½,0-1,1F-0F";
    /// players are the rosters' boards unless --home-players / --away-players say otherwise.
    #[arg(long, conflicts_with = "sheet")]
    pub results: Option<String>,
    /// The first-named team's players, top board first (comma-separated;
    /// "-" for a board the team could not fill).
    #[arg(long, requires = "results")]
    pub home_players: Option<String>,
    /// The second-named team's players, top board first (comma-separated).
    #[arg(long, requires = "results")]
    pub away_players: Option<String>,
    /// A match sheet: CSV board,white,black,result (result from White's side). A round's sheet
    /// from `league round sheet --format csv` (with a match column) can be given as it is:
    /// only the lines of "HOME v AWAY" are read.
    #[arg(long)]
    pub sheet: Option<PathBuf>,
    /// The whole match forfeited: the team that did not come (either
    /// team's name, or "both"); the other team scores every board.
    #[arg(long, conflicts_with_all = ["score", "results", "sheet"])]
    pub forfeit: Option<String>,
    /// The round's date (YYYY-MM-DD).
    #[arg(long, value_parser = parse_date)]
    pub date: Option<String>,
    /// The round's start time, HH:MM on the 24-hour clock (e.g. 19:30).
    #[arg(long, value_parser = super::parse_time)]
    pub time: Option<String>,
}

/// "3.5-0.5", "3½-½", "2-2".
fn parse_score(text: &str) -> Result<(Points, Points)> {
    let bad = || {
        Error::from(InputError::at(
            "command line",
            1,
            "--score",
            format!("\"{text}\" is not a match score; write it like 3.5-0.5 or 3½-½"),
        ))
    };
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    Ok((
        parse_points(a).ok_or_else(bad)?,
        parse_points(b).ok_or_else(bad)?,
    ))
}

/// Board list from --results: board i is roster board i of each team (or
/// the given lineups); the first-named team has White on odd boards.
fn boards_from_results(
    a: &RecordArgs,
    text: &str,
    store: &Store,
    event_id: EventId,
    home: &TeamRow,
    away: &TeamRow,
) -> Result<Vec<NewBoard>> {
    let results: Vec<&str> = text.split(',').map(str::trim).collect();
    let roster = teams::rosters(store.conn(), event_id)?;
    let lineup = |team: &TeamRow, given: &Option<String>| -> Vec<String> {
        match given {
            Some(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
            None => roster
                .iter()
                .filter(|r| r.team_id == team.id)
                .map(|r| match r.pairing_no {
                    Some(n) => format!("#{n}"),
                    None => r.name.clone(),
                })
                .collect(),
        }
    };
    let (hp, ap) = (lineup(home, &a.home_players), lineup(away, &a.away_players));
    let mut out = Vec::new();
    for (i, r) in results.iter().enumerate() {
        let board = i as u32 + 1;
        let result = GameResult::parse(r).ok_or_else(|| {
            Error::from(InputError::at(
                "command line",
                1,
                "--results",
                format!("board {board}: result \"{r}\" not understood; use {ACCEPTED_RESULTS}"),
            ))
        })?;
        let player = |list: &Vec<String>, team: &TeamRow| {
            list.get(i).cloned().ok_or_else(|| {
                Error::invalid(format!(
                    "board {board}: {} has no player for board {board} (its roster or --{}-players lists {}; \
                     write - for a board it could not fill)",
                    team.name,
                    if team.id == home.id { "home" } else { "away" },
                    list.len()
                ))
            })
        };
        let (h, w) = (player(&hp, home)?, player(&ap, away)?);
        // The first-named team has White on odd boards.
        let (white, black, result) = if board % 2 == 1 {
            (h, w, result)
        } else {
            (w, h, result.swapped())
        };
        out.push(NewBoard {
            board,
            white,
            black,
            result,
            origin: None,
        });
    }
    Ok(out)
}

/// The lines of a round's sheet (one with a `match` column, as `league round
/// sheet --format csv` writes for a team round) that belong to `wanted`
/// ("Home v Away"); `None` for a sheet of one match, with no such column.
fn lines_of_match(bytes: &[u8], name: &str, wanted: &str) -> Result<Option<Vec<usize>>> {
    let text = crate::input::sheet::utf8_text(bytes, name)?;
    let mut reader = crate::input::sheet::reader(&text, b',');
    let mut column = None;
    let (mut lines, mut seen) = (Vec::new(), Vec::<String>::new());
    for record in reader.records() {
        let record = record.map_err(|e| crate::input::sheet::bad_row(name, e))?;
        let line = record.position().map(|p| p.line() as usize).unwrap_or(0);
        if record.iter().all(|f| f.is_empty()) || record.get(0).is_some_and(|f| f.starts_with('#'))
        {
            continue;
        }
        let Some(c) = column else {
            match record
                .iter()
                .position(|f| f.trim().eq_ignore_ascii_case("match"))
            {
                Some(c) => column = Some(c),
                None => return Ok(None),
            }
            continue;
        };
        let here = record.get(c).unwrap_or("").trim();
        if here.eq_ignore_ascii_case(wanted) {
            lines.push(line);
        } else if !seen.iter().any(|s| s == here) {
            seen.push(here.to_string());
        }
    }
    if column.is_some() && lines.is_empty() {
        return Err(Error::invalid(format!(
            "{name} has no lines for the match \"{wanted}\" (its match column names: {}); name the teams in the order the sheet gives them",
            seen.join(", ")
        )));
    }
    Ok(column.map(|_| lines))
}

fn boards_from_sheet(path: &PathBuf, wanted: &str) -> Result<Vec<NewBoard>> {
    let (bytes, name) = read_file(path)?;
    let mut rows = results::parse(&bytes, &name)?;
    if let Some(lines) = lines_of_match(&bytes, &name, wanted)? {
        rows.retain(|r| r.line.is_some_and(|l| lines.contains(&l)));
    }
    let mut out = Vec::new();
    for row in rows {
        let line = row.line.unwrap_or(0);
        let black = row.black.clone().ok_or_else(|| {
            InputError::at(
                &name,
                line,
                "black",
                "a team match sheet has no byes; give a team bye with `league match bye`",
            )
        })?;
        let board = row.board.ok_or_else(|| {
            InputError::at(
                &name,
                line,
                "board",
                "each board of a match needs its number",
            )
        })?;
        let result = row
            .result
            .ok_or_else(|| InputError::at(&name, line, "result", "the result is missing"))?;
        out.push(NewBoard {
            board,
            white: row.white,
            black,
            result,
            origin: Some((name.clone(), line)),
        });
    }
    Ok(out)
}

/// Run a `league match` subcommand.
pub fn run_match(store: &mut Store, cmd: MatchCmd) -> Result<()> {
    match cmd {
        MatchCmd::Record(a) => record(store, a),
        MatchCmd::Bye {
            team,
            event,
            round,
            date,
        } => bye(store, team, event, round, date),
        MatchCmd::Correct {
            team,
            result,
            white_side,
            board,
            reason,
            event,
            round,
        } => correct(
            store,
            team,
            (result, white_side),
            board,
            reason,
            event,
            round,
        ),
        MatchCmd::Delete {
            team,
            reason,
            event,
            round,
        } => delete(store, team, reason, event, round),
        MatchCmd::Show {
            event,
            round,
            format,
        } => show(store, event, round, format),
    }
}

/// `league match bye`: give a team a team bye in a round (worth the event's bye value).
fn bye(
    store: &mut Store,
    team: String,
    event: EventArgs,
    round: u32,
    date: Option<String>,
) -> Result<()> {
    let e = event.find(store)?;
    let t = teams::find_team(store.conn(), &e, &team)?;
    store.write(|tx| crate::app::team::record_bye(tx, &e, round, &t, date.as_deref()))?;
    let r = teams::rules(store.conn(), e.id)?;
    print(&format!(
        "Round {round}: {} has a team bye ({}, {}).\n",
        t.name,
        r.bye_match_points.counted("match point"),
        r.bye_game_points.counted("game point")
    ))?;
    Ok(())
}

/// `league match correct`: correct one board's result; the old and new results and the reason go in the log.
fn correct(
    store: &mut Store,
    team: String,
    (result, white_side): (String, bool),
    board: u32,
    reason: String,
    event: EventArgs,
    round: u32,
) -> Result<()> {
    let e = event.find(store)?;
    let t = teams::find_team(store.conn(), &e, &team)?;
    let r = GameResult::parse(&result).ok_or_else(|| {
        Error::invalid(format!(
            "result \"{result}\" not understood; use {ACCEPTED_RESULTS}"
        ))
    })?;
    // Named after the team whose player had Black, a result with a winner
    // reads two ways: ask rather than guess (as `league game result` does).
    let read = |game: &GameRow, team_has_white: bool| -> Result<GameResult> {
        match two_ways(&game.black.name, &game.white.name, game.board, round, r) {
            Some(question) if !team_has_white && !white_side => Err(Error::invalid(format!(
                "{question} ({} played for {}.) A result is read from White's side, whichever team is named: \
                 give it from White's side with --white-side ({} if White won, {} if Black won)",
                game.black.name,
                t.name,
                two_readings(r).map_or(r, |p| p.0).pretty(),
                two_readings(r).map_or(r, |p| p.1).pretty()
            ))),
            _ => Ok(r),
        }
    };
    store
        .write(|tx| crate::app::team::correct_board(tx, &e, round, &t, board, read, &reason))
        .map_err(|err| {
            let hint = reason_hint(&err);
            err.with_hint(hint)
        })?;
    print(&format!(
        "Corrected round {round}, board {board} of {}'s match to {} (logged).\n",
        t.name,
        r.pretty()
    ))?;
    Ok(())
}

/// `league match delete`: delete a team's match (with its boards) or bye in a round; logged with the reason.
fn delete(
    store: &mut Store,
    team: String,
    reason: String,
    event: EventArgs,
    round: u32,
) -> Result<()> {
    let e = event.find(store)?;
    let t = teams::find_team(store.conn(), &e, &team)?;
    store
        .write(|tx| crate::app::team::delete_match(tx, &e, round, &t, &reason))
        .map_err(|err| {
            let hint = reason_hint(&err);
            err.with_hint(hint)
        })?;
    print(&format!(
        "Deleted {}'s round {round} match or bye (logged).\n",
        t.name
    ))?;
    Ok(())
}

/// `league match show`: show a round's matches, board by board.
fn show(store: &mut Store, event: EventArgs, round: Option<u32>, format: Format) -> Result<()> {
    let e = event.find(store)?;
    e.need_team()?;
    let all = matches::round_matches(store.conn(), &e, round)?;
    print_matches(&e.name, &all, format)?;
    Ok(())
}

/// What is missing in a team event before its standings are final: a team
/// (still playing) with no match or bye in a round already started, and
/// boards paired without a result. `league round missing` on a team event.
pub(crate) fn missing(store: &Store, e: &crate::domain::league::Event) -> Result<String> {
    let all = matches::round_matches(store.conn(), e, None)?;
    let teams = teams::teams(store.conn(), e.id)?;
    let last = all.iter().map(|m| m.round).max().unwrap_or(0);
    let mut out = String::new();
    for round in 1..=last {
        let in_round: Vec<&matches::MatchRow> = all.iter().filter(|m| m.round == round).collect();
        for m in &in_round {
            for b in m.boards.iter().filter(|b| b.result.is_none()) {
                out.push_str(&format!(
                    "round {round}: {} v {}{}: {} v {} — no result\n",
                    m.team_a,
                    m.team_b.as_deref().unwrap_or("bye"),
                    b.board.map(|x| format!(" board {x}")).unwrap_or_default(),
                    b.white,
                    b.black
                ));
            }
        }
        for t in &teams {
            let playing = t.withdrawn_after.is_none_or(|w| round <= w);
            let seen = in_round
                .iter()
                .any(|m| m.team_a == t.name || m.team_b.as_deref() == Some(t.name.as_str()));
            if playing && !seen {
                out.push_str(&format!("round {round}: {} has no match or bye\n", t.name));
            }
        }
    }
    if out.is_empty() {
        out = format!("{}: nothing missing; every result is in.\n", e.name);
    }
    Ok(out)
}

/// `league match record`: record a team match: board by board (--results, or a --sheet), or by its score alone (--score 3.5-0.5).
fn record(store: &mut Store, a: RecordArgs) -> Result<()> {
    let e = a.event.find(store)?;
    e.need_team()?;
    let home = teams::find_team(store.conn(), &e, &a.home)?;
    let away = teams::find_team(store.conn(), &e, &a.away)?;
    let details = match (&a.score, &a.results, &a.sheet) {
        _ if a.forfeit.is_some() => {
            let f = a.forfeit.as_deref().unwrap_or_default();
            MatchDetails::Forfeit(if f.trim().eq_ignore_ascii_case("both") {
                None
            } else {
                let t = teams::find_team(store.conn(), &e, f)?;
                if t.id == home.id {
                    Some(Side::Home)
                } else if t.id == away.id {
                    Some(Side::Away)
                } else {
                    return Err(Error::invalid(format!(
                        "--forfeit names {}, which is not in this match",
                        t.name
                    )));
                }
            })
        }
        (Some(s), _, _) => {
            let (x, y) = parse_score(s)?;
            MatchDetails::Score(x, y)
        }
        (_, Some(r), _) => {
            MatchDetails::Boards(boards_from_results(&a, r, store, e.id, &home, &away)?)
        }
        (_, _, Some(p)) => MatchDetails::Boards(boards_from_sheet(
            p,
            &format!("{} v {}", home.name, away.name),
        )?),
        _ => {
            return Err(Error::invalid(
                "give the match's boards (--results or --sheet) or its score (--score 3.5-0.5)",
            ))
        }
    };
    store.write(|tx| {
        crate::app::team::record_match(
            tx,
            &e,
            a.round,
            &home,
            &away,
            &details,
            a.date.as_deref(),
            a.time.as_deref(),
        )
    })?;
    let shown = matches::round_matches(store.conn(), &e, Some(a.round))?;
    let m = shown
        .iter()
        .find(|m| m.team_a == home.name && m.team_b.as_deref() == Some(&away.name));
    let score = m.map(score_of).unwrap_or_default();
    print(&format!(
        "Round {}: {} {} {}.\n",
        a.round, home.name, score, away.name
    ))?;
    if let Some(r) = &a.results {
        print(&results_side_note(&home.name, r.split(',').count()))?;
    }
    Ok(())
}

/// The CLI's way on from a correction or a deletion refused for want of a
/// reason, or a correction of a board forfeited without a game.
fn reason_hint(e: &Error) -> Option<String> {
    use crate::app::team::Refusal;
    match e.refusal::<Refusal>()? {
        Refusal::DeletionNeedsReason | Refusal::CorrectionNeedsReason => {
            Some(" (--reason \"...\")".to_string())
        }
        Refusal::ForfeitedBoard { .. } => Some(
            "; to change it, delete the match (league match delete) and record it again"
                .to_string(),
        ),
        _ => None,
    }
}

/// What `--results` was read as, said after recording it: the results are
/// the home team's side, not White's, so say which colour it had on which
/// board and the secretary can check against the scoresheet.
fn results_side_note(home: &str, boards: usize) -> String {
    let list = |odd: bool| {
        let n: Vec<String> = (1..=boards)
            .filter(|b| (b % 2 == 1) == odd)
            .map(|b| b.to_string())
            .collect();
        match n.len() {
            0 => String::new(),
            1 => format!("board {}", n[0]),
            _ => format!(
                "boards {} and {}",
                n[..n.len() - 1].join(", "),
                n[n.len() - 1]
            ),
        }
    };
    let black = list(false);
    let colours = if black.is_empty() {
        format!("White on {}", list(true))
    } else {
        format!("White on {}, Black on {black}", list(true))
    };
    format!("--results read from {home}'s side (1-0: {home}'s player won); {home} had {colours}.\n")
}
