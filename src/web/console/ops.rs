//! The log, a backup and publishing the results site, from the console.
//! The backup and the site go to folders fixed at the terminal (beside
//! the database; `league serve --site DIR`): no path ever comes from a
//! request.

use std::path::{Path, PathBuf};

use axum::extract::State;
use axum::response::{IntoResponse, Response};

use super::home::NoFields;
use crate::error::{Error, Result};
use crate::site::{self, Scope};
use crate::store::audit::{self, AuditRow};
use crate::store::{backup, Store};
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// How many log entries the page shows, latest first.
const LOG_ROWS: usize = 200;

#[derive(askama::Template)]
#[template(path = "web/log.html")]
struct LogHtml {
    l: Layout,
    rows: Vec<AuditRow>,
}

/// `GET /log`: the latest corrections, deletions, withdrawals and edits.
pub async fn log(State(st): State<AppState>, c: Console) -> Response {
    match st.db.read(|s| audit::audit_log(s.conn(), LOG_ROWS)).await {
        Ok(rows) => render(&LogHtml {
            l: Layout::new("The log", &c),
            rows,
        }),
        Err(e) => WebError::from(e).into_response(),
    }
}

#[derive(askama::Template)]
#[template(path = "web/publish.html")]
struct PublishHtml {
    l: Layout,
    site: Option<String>,
    backups: String,
    done: Option<String>,
}

/// `GET /publish`: where the site and backups go, and the buttons.
pub async fn publish_page(State(st): State<AppState>, c: Console) -> Response {
    let done = st.auth.take_flash(&c.0.id);
    render(&PublishHtml {
        l: Layout::new("Publish and back up", &c),
        site: st.site_folder.as_ref().map(|p| p.display().to_string()),
        backups: backups_folder(st.db.path()).display().to_string(),
        done,
    })
}

/// The folder backups from the console go to: `backups/` beside the database.
pub fn backups_folder(db: &Path) -> PathBuf {
    db.parent()
        .unwrap_or_else(|| Path::new("."))
        .join("backups")
}

/// `POST /backup`: a copy of the database, named by the time, in
/// [`backups_folder`].
pub async fn backup(State(st): State<AppState>, c: Checked<NoFields>) -> Response {
    let db = st.db.path().to_path_buf();
    let done = st
        .db
        .read(move |_| {
            let folder = backups_folder(&db);
            std::fs::create_dir_all(&folder).map_err(|e| Error::file(&folder, e))?;
            let stem = db
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "league".into());
            let dest = folder.join(format!("{stem}-{}.db", stamp()));
            let r = backup::backup(&db, &dest, false)?;
            Ok(format!(
                "Backed up to {} ({} bytes): {}.",
                r.path.display(),
                r.bytes,
                r.counts.summary()
            ))
        })
        .await;
    after(&st, &c, done)
}

/// Now, as `2024-11-26-103500` (UTC).
fn stamp() -> String {
    let f = time::macros::format_description!("[year]-[month]-[day]-[hour][minute][second]");
    time::OffsetDateTime::now_utc()
        .format(&f)
        .unwrap_or_default()
}

/// `POST /publish`: write the results site of every season to the folder
/// set with `league serve --site`, as `league site` does.
pub async fn publish(State(st): State<AppState>, c: Checked<NoFields>) -> Response {
    let Some(out) = st.site_folder.clone() else {
        return WebError::new(
            axum::http::StatusCode::BAD_REQUEST,
            "No folder is set for the results site: start the server with `league serve --site FOLDER` (it is remembered).",
        )
        .into_response();
    };
    let done = st.db.read(move |s| write_site(s, &out)).await;
    after(&st, &c, done)
}

/// Write every season's site into `out` (a folder that is new, empty or a
/// site written before), and say where.
fn write_site(store: &Store, out: &Path) -> Result<String> {
    let accept = [site::write::SITE_WRITER, site::write::DEMO_WRITER];
    site::write::check(out, &accept)?;
    let outline = site::load::outline(store.conn(), &Scope::All)?;
    let mut w = site::write::Writer::begin(out, site::write::SITE_WRITER, &accept)?;
    let pages = site::stream(
        store,
        &outline,
        &mut |f, rank| w.add_ranked(&f, rank),
        &mut |_, _| {},
    )?;
    let index = w.finish()?;
    Ok(format!(
        "Wrote {pages} pages to {}. Open {}",
        out.display(),
        index.display()
    ))
}

fn after(st: &AppState, c: &Checked<NoFields>, done: Result<String>) -> Response {
    match done {
        Ok(text) => {
            st.auth.set_flash(&c.console.0.id, text);
            axum::response::Redirect::to("/publish").into_response()
        }
        Err(e) => WebError::from(e).link("Back", "/publish").into_response(),
    }
}
