//! A team match recorded whole rather than board by board: by its score
//! alone, or forfeited whole (a team, or both, did not come), and a team
//! bye given by hand, through the application layer's
//! [`app::record_match`] and [`app::record_bye`], as `league match record
//! --score/--forfeit` and `league match bye` do, with their refusals.

use axum::extract::State;
use axum::response::Response;

use super::{matches_href, team_by_id, team_event};
use crate::app::team as app;
use crate::domain::score::Points;
use crate::domain::team::Side;
use crate::error::{Error, Result};
use crate::interchange::input::team_matches::parse_points;
use crate::store::team as teams;
use crate::store::team_match::{round_matches, MatchDetails};
use crate::store::Store;
use crate::web::console::setup::finish;
use crate::web::guard::Checked;
use crate::web::AppState;

/// A match recorded whole: the round, the first-named team (White on
/// board 1) and the other, and its score or who did not come.
#[derive(serde::Deserialize)]
pub struct WholeForm {
    round: u32,
    home: i64,
    away: i64,
    /// "1½-½", the first-named team's first (with "Record the score").
    #[serde(default)]
    score: String,
    /// "home", "away" or "both": who did not come (with "Forfeited").
    #[serde(default)]
    absent: String,
}

/// "1.5-0.5", "1½-½", "1-1".
fn parse_score(text: &str) -> Result<(Points, Points)> {
    let bad = || {
        Error::invalid(format!(
            "\"{}\" is not a match score; write it like 1.5-0.5 or 1½-½, the first-named team's first; nothing was changed",
            text.trim()
        ))
    };
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    Ok((
        parse_points(a).ok_or_else(bad)?,
        parse_points(b).ok_or_else(bad)?,
    ))
}

/// `POST /matches/score`: record a match by its score alone.
pub async fn score(State(st): State<AppState>, c: Checked<WholeForm>) -> Response {
    let f = c.form;
    let back = matches_href(f.round);
    let done = st
        .db
        .write(move |s| {
            let (a, b) = parse_score(&f.score)?;
            record(s, &f, MatchDetails::Score(a, b))
        })
        .await;
    finish(&st, &c.console, &back, done)
}

/// `POST /matches/forfeit`: record a whole match forfeited.
pub async fn forfeit(State(st): State<AppState>, c: Checked<WholeForm>) -> Response {
    let f = c.form;
    let back = matches_href(f.round);
    let done = st
        .db
        .write(move |s| {
            let absent = match f.absent.as_str() {
                "home" => Some(Side::Home),
                "away" => Some(Side::Away),
                "both" => None,
                _ => {
                    return Err(Error::invalid(
                        "choose which team did not come (or both); nothing was changed",
                    ))
                }
            };
            record(s, &f, MatchDetails::Forfeit(absent))
        })
        .await;
    finish(&st, &c.console, &back, done)
}

/// Record the match `f` names with `details`, in one transaction; the
/// echo is the match as recorded, as `league match record` prints it.
fn record(s: &mut Store, f: &WholeForm, details: MatchDetails) -> Result<String> {
    let (event, _) = team_event(s)?;
    let home = team_by_id(s.conn(), &event, f.home)?;
    let away = team_by_id(s.conn(), &event, f.away)?;
    s.write(|tx| app::record_match(tx, &event, f.round, &home, &away, &details, None, None))?;
    let recorded = round_matches(s.conn(), &event, Some(f.round))?;
    let score = recorded
        .iter()
        .find(|m| m.team_a == home.name && m.team_b.as_deref() == Some(&away.name))
        .map(whole_score)
        .unwrap_or_default();
    let how = match details {
        MatchDetails::Score(..) => "by its score",
        MatchDetails::Forfeit(None) => "forfeited: neither team came",
        MatchDetails::Forfeit(Some(Side::Home)) => "forfeited: the first-named team did not come",
        MatchDetails::Forfeit(Some(Side::Away)) => "forfeited: the second-named team did not come",
        MatchDetails::Boards(_) => "board by board",
    };
    Ok(format!(
        "Round {}: {} {score} {} ({how}).",
        f.round, home.name, away.name
    ))
}

/// "1½-½": the match's score from its stored score or its boards.
fn whole_score(m: &crate::store::team_match::MatchRow) -> String {
    let s = crate::app::team::board::match_score(m);
    format!("{}-{}", s.home, s.away)
}

/// A team bye given by hand.
#[derive(serde::Deserialize)]
pub struct ByeForm {
    round: u32,
    team: i64,
}

/// `POST /matches/bye`: give a team a team bye in a round.
pub async fn bye(State(st): State<AppState>, c: Checked<ByeForm>) -> Response {
    let f = c.form;
    let back = matches_href(f.round);
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let team = team_by_id(s.conn(), &event, f.team)?;
            s.write(|tx| app::record_bye(tx, &event, f.round, &team, None))?;
            let r = teams::rules(s.conn(), event.id)?;
            Ok(format!(
                "Round {}: {} has a team bye ({}, {}).",
                f.round,
                team.name,
                r.bye_match_points.counted("match point"),
                r.bye_game_points.counted("game point")
            ))
        })
        .await;
    finish(&st, &c.console, &back, done)
}
