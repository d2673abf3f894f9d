//! A bye asked for in a coming round, and a withdrawal (or taking one
//! back), from the section's players page: through [`crate::app::bye`]
//! (a one-line round sheet, as `league bye add` records it) and
//! [`crate::app::withdraw`] (as `league withdraw`).

use axum::extract::State;
use axum::response::Response;

use super::players::{players_href, section_of};
use super::{finish, finish_in, given};
use crate::app::bye::{self as app, NewBye};
use crate::app::withdraw;
use crate::domain::league::{Entry, Section};
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};
use crate::store::player as players;
use crate::store::Store;
use crate::web::guard::Checked;
use crate::web::AppState;

/// The entry a form names by pairing number.
pub fn entry(s: &Store, section: &Section, no: u32) -> Result<Entry> {
    players::entries(s.conn(), section.id)?
        .into_iter()
        .find(|e| e.pairing_no == no)
        .ok_or_else(|| {
            Error::not_found(format!(
                "{} has no player with pairing number {no} any more; reload the page",
                section.name
            ))
        })
}

/// A bye asked for.
#[derive(serde::Deserialize)]
pub struct ByeForm {
    section: i64,
    no: u32,
    round: u32,
    #[serde(default)]
    kind: String,
}

/// The bye's kind; a full point is the secretary's to give (assigned),
/// half and zero are the player's to ask for, as `league bye add` has it.
fn bye_kind(text: &str) -> Result<(ByeKind, bool)> {
    match text.trim() {
        "half" => Ok((ByeKind::Half, true)),
        "zero" => Ok((ByeKind::Zero, true)),
        "full" => Ok((ByeKind::Full, false)),
        _ => Err(Error::invalid(
            "choose the bye: half a point, no points, or a full point; nothing was changed",
        )),
    }
}

/// `POST /players/bye`.
pub async fn add_bye(State(st): State<AppState>, c: Checked<ByeForm>) -> Response {
    let f = c.form;
    let back = players_href(f.section);
    let section = f.section;
    let done = st
        .db
        .write(move |s| {
            let (event, section) = section_of(s, Some(f.section), None)?;
            let (kind, requested) = bye_kind(&f.kind)?;
            let who = entry(s, &section, f.no)?;
            let bye = NewBye {
                round: f.round,
                kind,
                requested,
            };
            let done = s.write(|tx| app::add_bye(tx, &event, &section, &who, bye, "console"))?;
            Ok(match done.lines.first() {
                Some(line) => format!(
                    "{} round {}: {line}.",
                    crate::web::console::label(&event, &section),
                    f.round
                ),
                None => format!(
                    "{} already has that bye in round {}; nothing changed.",
                    who.name, f.round
                ),
            })
        })
        .await;
    finish_in(&st, &c.console, &back, Some(section), done)
}

/// A bye taken back: the player comes after all.
#[derive(serde::Deserialize)]
pub struct CancelForm {
    section: i64,
    no: u32,
    round: u32,
    #[serde(default)]
    reason: String,
}

/// `POST /players/bye/cancel`: the bye deleted from its round, logged with
/// the reason, as `league game delete` deletes one
/// ([`crate::app::result::delete_game`]).
pub async fn cancel_bye(State(st): State<AppState>, c: Checked<CancelForm>) -> Response {
    let f = c.form;
    let back = players_href(f.section);
    let done = st
        .db
        .write(move |s| {
            let (event, section) = section_of(s, Some(f.section), None)?;
            let who = entry(s, &section, f.no)?;
            let round = crate::app::result::Round {
                event: &event,
                section: &section,
                number: f.round,
            };
            let done =
                s.write(|tx| crate::app::result::delete_game(tx, round, &who, &f.reason, false))?;
            Ok(format!("Deleted {} (logged).", done.what))
        })
        .await;
    finish(&st, &c.console, &back, done)
}

/// A withdrawal, or taking one back.
#[derive(serde::Deserialize)]
pub struct WithdrawForm {
    section: i64,
    no: u32,
    #[serde(default)]
    after: Option<u32>,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    undo: Option<String>,
}

/// `POST /players/withdraw`.
pub async fn withdraw(State(st): State<AppState>, c: Checked<WithdrawForm>) -> Response {
    let f = c.form;
    let back = players_href(f.section);
    let section = f.section;
    let done = st
        .db
        .write(move |s| {
            let (event, section) = section_of(s, Some(f.section), None)?;
            let who = entry(s, &section, f.no)?;
            let reason = given(&f.reason);
            let place = crate::web::console::label(&event, &section);
            if f.undo.is_some() {
                s.write(|tx| withdraw::undo_withdraw(tx, &event, &section, &who, reason))?;
                return Ok(format!(
                    "{} ({}) is no longer withdrawn from {place}; they are paired again from the next round.",
                    who.name, who.pairing_no
                ));
            }
            let after = f.after.ok_or_else(|| {
                Error::invalid("say after which round they withdrew; nothing was changed")
            })?;
            s.write(|tx| withdraw::withdraw(tx, &event, &section, &who, after, reason))?;
            Ok(format!(
                "{} ({}) withdrew from {place} after round {after}; later rounds count as unplayed.",
                who.name, who.pairing_no
            ))
        })
        .await;
    finish_in(&st, &c.console, &back, Some(section), done)
}
