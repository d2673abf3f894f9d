//! Correcting an entry from the section's players page, as `league entry
//! move|remove` does through [`crate::app::entry`]: moving a player to
//! another section of the event before their first round, and removing
//! an entry made by mistake. Both are logged with the reason given.

use axum::extract::State;
use axum::response::Response;

use super::byes::entry;
use super::players::{players_href, section_of};
use super::{finish, given};
use crate::app::entry as app;
use crate::domain::ids::SectionId;
use crate::error::Error;
use crate::store::season as seasons;
use crate::web::guard::Checked;
use crate::web::AppState;

/// Moving an entry.
#[derive(serde::Deserialize)]
pub struct MoveForm {
    section: i64,
    no: u32,
    to: i64,
    #[serde(default)]
    reason: String,
}

/// `POST /players/move`.
pub async fn move_entry(State(st): State<AppState>, c: Checked<MoveForm>) -> Response {
    let f = c.form;
    let back = players_href(f.section);
    let done = st
        .db
        .write(move |s| {
            let (event, from) = section_of(s, Some(f.section), None)?;
            let to = seasons::section_by_id(s.conn(), SectionId(f.to))?;
            let who = entry(s, &from, f.no)?;
            let moved = s.write(|tx| app::move_entry(tx, &who, &to, given(&f.reason)))?;
            let band = to
                .outside_band(moved.rating)
                .map(|why| format!(" (note: rated {}, {why})", moved.rating.unwrap_or_default()))
                .unwrap_or_default();
            Ok(format!(
                "Moved {} from {} {} (#{}) to {} (#{}){band}.",
                moved.name, event.name, from.name, who.pairing_no, to.name, moved.pairing_no
            ))
        })
        .await;
    finish(&st, &c.console, &back, done)
}

/// Removing an entry.
#[derive(serde::Deserialize)]
pub struct RemoveForm {
    section: i64,
    no: u32,
    #[serde(default)]
    reason: String,
}

/// `POST /players/remove`.
pub async fn remove_entry(State(st): State<AppState>, c: Checked<RemoveForm>) -> Response {
    let f = c.form;
    let back = players_href(f.section);
    let done = st
        .db
        .write(move |s| {
            let (event, section) = section_of(s, Some(f.section), None)?;
            let who = entry(s, &section, f.no)?;
            s.write(|tx| app::remove_entry(tx, &who, given(&f.reason)))?;
            Ok::<_, Error>(format!(
                "Removed {} (#{}) from {}.",
                who.name,
                who.pairing_no,
                crate::web::console::label(&event, &section)
            ))
        })
        .await;
    finish(&st, &c.console, &back, done)
}
