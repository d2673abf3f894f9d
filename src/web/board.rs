//! The players' board: no login, read-only (its one form, a player's
//! report of their own result, changes no standings: it waits for the
//! secretary). Pages: `/board` (phone; `?screen=1` for a projector),
//! `/board/version` (the change counter the page asks for every few
//! seconds), `/board/live` (the board's body, fetched when the counter
//! moved), `/board/report` (a player's report). The secretary's side of
//! the reports is in [`secretary`].

pub mod report;
pub mod secretary;
pub mod teams;
pub mod view;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use askama::Template;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use super::page::WebError;
use super::AppState;
use crate::error::Result;
use crate::store::Store;
use view::Board;

/// The players' board's routes (and the secretary's page of reports).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/board", get(full))
        .route("/board/live", get(live))
        .route("/board/version", get(version))
        .route("/board/report", post(report::take))
        .merge(secretary::routes())
}

/// `?screen=1`: the projector's view.
#[derive(serde::Deserialize)]
pub struct Mode {
    /// Anything but empty or `0` turns screen mode on.
    #[serde(default)]
    screen: String,
}

#[derive(Template)]
#[template(path = "board/board.html")]
struct BoardHtml<'a> {
    b: &'a Board,
    screen: bool,
}

#[derive(Template)]
#[template(path = "board/sections.html")]
struct SectionsHtml<'a> {
    b: &'a Board,
}

/// The board's body as last built: the database it was built from, the
/// change counter then, the board and its body's HTML. 200 phones asking
/// at once share one build per change instead of working the standings
/// out 200 times.
struct Built {
    db: PathBuf,
    board: Arc<Board>,
    body: Arc<String>,
}

fn cache() -> &'static Mutex<Option<Built>> {
    static CACHE: OnceLock<Mutex<Option<Built>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(None))
}

/// One build at a time for a database: while it runs, other requests are
/// answered with the board as last built (a phone polling again in a few
/// seconds gets the new one), so a burst of results never sets 200 phones
/// working the standings out at once. The lock is the database's own, so
/// the board of one file is never held back by a build of another (two
/// servers in one process, as the tests run them).
fn builder(db: &Path) -> Arc<Mutex<()>> {
    static BUILDERS: OnceLock<Mutex<HashMap<PathBuf, Arc<Mutex<()>>>>> = OnceLock::new();
    let mut all = BUILDERS
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    Arc::clone(all.entry(db.to_path_buf()).or_default())
}

/// The last build of the board of `db`, if it is at `version` (or, with
/// `any_version`, at any version).
fn held(db: &PathBuf, version: i64, any_version: bool) -> Option<(Arc<Board>, Arc<String>)> {
    let held = cache().lock().unwrap_or_else(|p| p.into_inner());
    held.as_ref()
        .filter(|b| b.db == *db && (any_version || b.board.version == version))
        .map(|b| (Arc::clone(&b.board), Arc::clone(&b.body)))
}

/// The board at the database's current version, built only when the
/// counter moved since the last build.
fn current(store: &Store) -> Result<(Arc<Board>, Arc<String>)> {
    let version = crate::store::board::version(store.conn())?;
    let db = store.path().map(PathBuf::from).unwrap_or_default();
    if let Some(found) = held(&db, version, false) {
        return Ok(found);
    }
    let lock = builder(&db);
    let _building = match lock.try_lock() {
        Ok(guard) => guard,
        Err(_) => match held(&db, version, true) {
            Some(older) => return Ok(older),
            None => lock.lock().unwrap_or_else(|p| p.into_inner()),
        },
    };
    // Built by another request while this one waited.
    if let Some(found) = held(&db, version, false) {
        return Ok(found);
    }
    let board = Arc::new(view::build(store.conn())?);
    let body = SectionsHtml { b: &board }.render().map_err(|e| {
        crate::error::Error::Database(format!("the board could not be written: {e}"))
    })?;
    let body = Arc::new(body);
    *cache().lock().unwrap_or_else(|p| p.into_inner()) = Some(Built {
        db,
        board: Arc::clone(&board),
        body: Arc::clone(&body),
    });
    Ok((board, body))
}

async fn full(State(st): State<AppState>, Query(mode): Query<Mode>) -> Response {
    let screen = !mode.screen.is_empty() && mode.screen != "0";
    match st.db.read(current).await {
        Ok((board, _)) => match (BoardHtml { b: &board, screen }).render() {
            Ok(html) => ([(header::CACHE_CONTROL, "no-store")], Html(html)).into_response(),
            Err(e) => WebError::from(crate::error::Error::Database(format!(
                "the board could not be written: {e}"
            )))
            .into_response(),
        },
        Err(e) => WebError::from(e).into_response(),
    }
}

async fn live(State(st): State<AppState>) -> Response {
    match st.db.read(current).await {
        Ok((board, body)) => (
            [
                (header::CACHE_CONTROL, "no-store".to_string()),
                (
                    header::HeaderName::from_static("x-board-version"),
                    board.version.to_string(),
                ),
            ],
            Html(body.as_str().to_string()),
        )
            .into_response(),
        Err(e) => WebError::from(e).into_response(),
    }
}

async fn version(State(st): State<AppState>) -> Response {
    match st
        .db
        .read(|store| crate::store::board::version(store.conn()))
        .await
    {
        Ok(v) => (
            [
                (header::CACHE_CONTROL, "no-store"),
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            ],
            v.to_string(),
        )
            .into_response(),
        Err(e) => WebError::from(e).into_response(),
    }
}
