//! The console's gatekeepers, as extractors a handler names in its
//! arguments: [`Console`] (a logged-in session, or the login page) and
//! [`Checked`] (a form from that session: its CSRF token checked before
//! the handler runs). A handler that changes anything takes [`Checked`],
//! so a state-changing request without the session's token never reaches
//! the application layer.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::de::DeserializeOwned;

use super::auth::{self, Session};
use super::page::WebError;
use super::AppState;

/// A request from a logged-in console session.
pub struct Console(pub Session, bool);

impl Console {
    /// The token this session's forms carry.
    pub fn csrf(&self) -> &str {
        &self.0.csrf
    }

    /// Whether the server shows a file it may not write (every change is
    /// refused; the pages say so).
    pub fn read_only(&self) -> bool {
        self.1
    }
}

/// The session id in the request's cookie, if any.
pub fn session_id(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == auth::COOKIE)
        .map(|(_, v)| v.to_string())
}

/// The live session the request's cookie names, if any.
pub fn session_of(headers: &HeaderMap, state: &AppState) -> Option<Console> {
    session_id(headers)
        .and_then(|id| state.auth.session(&id))
        .map(|s| Console(s, state.db.read_only()))
}

impl FromRequestParts<AppState> for Console {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        match session_of(&parts.headers, state) {
            Some(c) => Ok(c),
            // The login page is the front page.
            None => Err(Redirect::to("/").into_response()),
        }
    }
}

/// A form posted by a logged-in session with that session's CSRF token
/// (field `csrf`), and the form's own fields as `F`.
pub struct Checked<F> {
    /// The session that posted it.
    pub console: Console,
    /// The form's fields.
    pub form: F,
}

#[derive(serde::Deserialize)]
struct CsrfField {
    #[serde(default)]
    csrf: String,
}

impl<F: DeserializeOwned + Send> FromRequest<AppState> for Checked<F> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = req.into_parts();
        let console = Console::from_request_parts(&mut parts, state).await?;
        let bytes = axum::body::to_bytes(body, 1 << 20)
            .await
            .map_err(|_| bad_form("the form was too large or cut short"))?;
        let token: CsrfField = serde_urlencoded::from_bytes(&bytes)
            .map_err(|_| bad_form("the form could not be read"))?;
        if !auth::same(&token.csrf, console.csrf()) {
            return Err(WebError::new(
                StatusCode::FORBIDDEN,
                "This form did not come from this console session (its security token is missing or out of date), so nothing was changed. Reload the page and send it again.",
            )
            .into_response());
        }
        let form = serde_urlencoded::from_bytes(&bytes)
            .map_err(|e| bad_form(&format!("the form could not be read: {e}")))?;
        Ok(Checked { console, form })
    }
}

fn bad_form(what: &str) -> Response {
    WebError::new(
        StatusCode::BAD_REQUEST,
        format!("Nothing was changed: {what}."),
    )
    .into_response()
}
