//! A team renamed (or its short code changed) and the event's team rules
//! (boards per match, match points) changed, through the application
//! layer's [`app::edit_team`] and [`app::set_rules`], as `league team edit`
//! does, with its refusals.

use axum::extract::State;
use axum::response::Response;

use super::{team_by_id, team_event};
use crate::app::team::{self as app, Refusal};
use crate::domain::score::Points;
use crate::domain::team::{RankBy, RulesEdit};
use crate::error::{Error, Result};
use crate::interchange::input::team_matches::parse_points;
use crate::store::team::{self as teams, describe_rules};
use crate::web::console::setup::{finish, number};
use crate::web::guard::Checked;
use crate::web::AppState;

/// The teams page, where both forms are.
const BACK: &str = "/teams";

/// A team's new name and short code (a blank code clears it).
#[derive(serde::Deserialize)]
pub struct EditForm {
    team: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    short: String,
}

/// `POST /teams/edit`: rename a team or change its short code.
pub async fn edit_team(State(st): State<AppState>, c: Checked<EditForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let team = team_by_id(s.conn(), &event, f.team)?;
            let t =
                s.write(|tx| app::edit_team(tx, &event, &team, Some(&f.name), Some(&f.short)))?;
            Ok(format!(
                "Team {} is now {}{}.",
                team.name,
                t.name,
                t.short.as_ref().map_or_else(
                    || ", with no short code".to_string(),
                    |s| format!(", short code {s}")
                )
            ))
        })
        .await;
    finish(&st, &c.console, BACK, done)
}

/// The event's team rules: boards per match, match points (win/draw/loss),
/// what a team bye is worth, what ranks the teams, the USAT variant. An
/// empty field keeps its rule; the bye's fields are empty unless the
/// secretary types a value, so a bye that follows the boards or the match
/// win keeps following them (`TeamRules::edited`).
#[derive(serde::Deserialize)]
pub struct RulesForm {
    #[serde(default)]
    boards: String,
    #[serde(default)]
    win: String,
    #[serde(default)]
    draw: String,
    #[serde(default)]
    loss: String,
    #[serde(default)]
    bye_points: String,
    #[serde(default)]
    bye_match_points: String,
    #[serde(default)]
    rank_by: String,
    #[serde(default)]
    usat_scale: String,
    #[serde(default)]
    usat_bye_adjustment: String,
}

impl RulesForm {
    /// The change the form asks for (a field left empty keeps its rule).
    fn edit(&self) -> Result<RulesEdit> {
        let match_points = match (given_points(&self.win, "a match win")?, given_points(&self.draw, "a match draw")?, given_points(&self.loss, "a match loss")?) {
            (None, None, None) => None,
            (Some(w), Some(d), Some(l)) => Some((w, d, l)),
            _ => {
                return Err(Error::invalid(
                    "give the match points for a win, a draw and a loss together (e.g. 2, 1 and 0); nothing was changed",
                ))
            }
        };
        Ok(RulesEdit {
            boards: number("number of boards", &self.boards)?,
            match_points,
            bye_game_points: given_points(&self.bye_points, "a team bye's game points")?,
            bye_match_points: given_points(&self.bye_match_points, "a team bye's match points")?,
            rank_by: choice(
                &self.rank_by,
                "ranking",
                &[
                    ("match-points", RankBy::MatchPoints),
                    ("game-points", RankBy::GamePoints),
                ],
            )?,
            usat_doubled: choice(&self.usat_scale, "USAT scale", &[("2", true), ("1", false)])?,
            usat_adjusted: choice(
                &self.usat_bye_adjustment,
                "USAT bye count",
                &[("on", true), ("off", false)],
            )?,
        })
    }
}

/// A choice from a form's list: `None` when not sent; a value the list
/// does not offer is refused (a form edited by hand).
fn choice<T: Copy>(sent: &str, what: &str, offered: &[(&str, T)]) -> Result<Option<T>> {
    let t = sent.trim();
    if t.is_empty() {
        return Ok(None);
    }
    offered
        .iter()
        .find(|(name, _)| *name == t)
        .map(|&(_, v)| Some(v))
        .ok_or_else(|| {
            let names: Vec<&str> = offered.iter().map(|(n, _)| *n).collect();
            Error::invalid(format!(
                "the {what} \"{t}\" is not one of {}; nothing was changed",
                names.join(", ")
            ))
        })
}

/// A form's points field: `None` when empty.
fn given_points(text: &str, what: &str) -> Result<Option<Points>> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    parse_points(t).map(Some).ok_or_else(|| {
        Error::invalid(format!(
            "{what} \"{t}\" is not a number of points (write 1, 0.5 or ½); nothing was changed"
        ))
    })
}

/// `POST /teams/rules`: change the team rules the form sends.
pub async fn set_rules(State(st): State<AppState>, c: Checked<RulesForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let edit = f.edit()?;
            let new = teams::rules(s.conn(), event.id)?.edited(&edit);
            let saved = s
                .write(|tx| app::set_rules(tx, &event, &new))
                .map_err(rules_hint)?;
            let said: Vec<String> = describe_rules(&saved)
                .into_iter()
                .map(|(name, value)| format!("{name}: {value}"))
                .collect();
            Ok(format!(
                "Team rules of {} ({}) now: {}.",
                event.name,
                event.season,
                said.join("; ")
            ))
        })
        .await;
    finish(&st, &c.console, BACK, done)
}

/// The console's way on from rules refused.
fn rules_hint(e: Error) -> Error {
    let hint = match e.refusal::<Refusal>() {
        Some(Refusal::BoardsFixed { .. }) => Some(
            "; the match points can still change, with the boards left as they are".to_string(),
        ),
        _ => None,
    };
    e.with_hint(hint)
}
