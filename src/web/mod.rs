//! `league serve`: the secretary's console and the players' board, a local
//! web application over the same database as the command line.
//!
//! Layers: the web is a front end beside the CLI (`app ← report ← site ←
//! web`): every write goes through the application layer ([`crate::app`])
//! or, where an action is not there yet, through exactly the store function
//! the CLI calls, so the console keeps the CLI's rules and refusals and
//! adds its own hint (a button or a link instead of a `--flag`).
//!
//! Files: [`db`] (one writer, concurrent readers, blocking calls off the
//! async threads), [`auth`] (one-time token, password, sessions, CSRF,
//! rate limit), [`assets`] (the embedded stylesheet and script), [`page`]
//! (the layout and error pages), [`ways`] (the pages' words for a failing
//! database file), [`console`] (the secretary's pages) and
//! [`board`] (the players' board, read-only). A new group of routes is a
//! function returning a `Router<AppState>` merged in [`router`].

pub mod assets;
pub mod auth;
pub mod board;
pub mod console;
pub mod db;
pub mod guard;
pub mod page;
pub mod ways;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;

use crate::error::Result;

/// What every handler shares: the database, the logins and sessions, and
/// the server's settings. Cheap to clone (reference counted).
#[derive(Clone)]
pub struct AppState {
    /// The league database.
    pub db: Arc<db::Db>,
    /// The one-time token, the password's hash and the sessions.
    pub auth: Arc<auth::Auth>,
    /// Where "publish" writes the site (`None`: not configured yet).
    pub site_folder: Option<PathBuf>,
}

impl AppState {
    /// The state for a server over `db` whose console opens with `token`
    /// (once) or with the password whose hash `password` is.
    pub fn new(
        db: db::Db,
        token: String,
        password: Option<String>,
        site_folder: Option<PathBuf>,
    ) -> AppState {
        AppState {
            db: Arc::new(db),
            auth: Arc::new(auth::Auth::new(token, password, auth::SESSION_LIFETIME)),
            site_folder,
        }
    }
}

/// Every route of the server: the console's (login needed), the players'
/// board's (read-only, no login) and the embedded assets. Nothing maps a
/// request's path onto the file system.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(console::routes())
        .merge(board::routes())
        .merge(assets::routes())
        .with_state(state)
        .layer(axum::middleware::map_response(security_headers))
}

/// Headers on every answer: scripts and styles only from this server (no
/// page of ours can be made to run another site's script), no framing by
/// another site (no clickjacking of the console's buttons), no guessing of
/// content types, and no caching of console pages by the browser.
async fn security_headers(mut res: axum::response::Response) -> axum::response::Response {
    use axum::http::{header, HeaderValue};
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
        ),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    res
}

/// Whether a server may listen on `addr` given whether a console password
/// is set: loopback always; any other address only with a password, since
/// anybody on the network could otherwise reach the login page.
pub fn check_listen(addr: &SocketAddr, password_set: bool) -> Result<()> {
    if addr.ip().is_loopback() || password_set {
        return Ok(());
    }
    Err(crate::error::Error::invalid(format!(
        "the console would be reachable by anybody on the network at {addr}, and no password protects it; set one first with `league serve --set-password` (or listen on 127.0.0.1 only)"
    )))
}

/// Serve `state` on `listener` until `stop` (see [`stop_signals`]) fires,
/// finishing the requests under way before returning.
pub async fn serve(
    state: AppState,
    listener: tokio::net::TcpListener,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(state))
        .with_graceful_shutdown(stop)
        .await
}

/// Ctrl-C, or SIGTERM on Unix, as a future. The handlers are installed
/// when this is called, not when the future is first polled: the server
/// calls it before printing "Stop with Ctrl-C.", so a Ctrl-C that follows
/// that line always stops the server cleanly instead of killing it.
/// Must be called inside the runtime.
pub fn stop_signals() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => {},
                _ = terminate.recv() => {},
            }
        })
    }
    #[cfg(not(unix))]
    {
        let mut ctrl_c = tokio::signal::windows::ctrl_c()?;
        Ok(async move {
            ctrl_c.recv().await;
        })
    }
}

#[cfg(test)]
pub mod testing;
#[cfg(test)]
mod tests;
