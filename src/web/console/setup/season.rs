//! Renaming a season or changing its dates from the set-up page, as
//! `league season edit` does, through [`crate::app::season::edit_season`]
//! in one transaction. A field left empty keeps what the season has, as an
//! option left out does on the command line.

use axum::extract::State;
use axum::response::Response;

use super::{date, finish, given};
use crate::app::season as app;
use crate::domain::ids::SeasonId;
use crate::error::{Error, Result};
use crate::store::season as seasons;
use crate::store::Store;
use crate::web::guard::Checked;
use crate::web::AppState;

/// The season edit form.
#[derive(serde::Deserialize)]
pub struct SeasonEditForm {
    season: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    start: String,
    #[serde(default)]
    end: String,
}

/// `POST /setup/season/edit`.
pub async fn edit_season(State(st): State<AppState>, c: Checked<SeasonEditForm>) -> Response {
    let f = c.form;
    let done = st.db.write(move |s| edited(s, &f)).await;
    finish(&st, &c.console, "/setup", done)
}

fn edited(s: &mut Store, f: &SeasonEditForm) -> Result<String> {
    let season = seasons::seasons(s.conn())?
        .into_iter()
        .find(|x| x.id == SeasonId(f.season))
        .ok_or_else(|| Error::not_found("that season is no longer in the league"))?;
    let (start, end) = (date("start", &f.start)?, date("end", &f.end)?);
    let name = given(&f.name).filter(|n| *n != season.name);
    let done =
        s.write(|tx| app::edit_season(tx, &season, name, start.as_deref(), end.as_deref()))?;
    let renamed = if done.name == season.name {
        String::new()
    } else {
        format!(" (renamed from {})", season.name)
    };
    Ok(format!(
        "Season {}{renamed} now runs {}.",
        done.name,
        span(&done.start_date, &done.end_date)
    ))
}

/// "from 2024-09-01 to 2025-06-30", "from 2024-09-01", "to 2025-06-30",
/// or "on no dates given".
fn span(start: &Option<String>, end: &Option<String>) -> String {
    match (start, end) {
        (Some(a), Some(b)) => format!("from {a} to {b}"),
        (Some(a), None) => format!("from {a}"),
        (None, Some(b)) => format!("to {b}"),
        (None, None) => "on no dates given".to_string(),
    }
}
