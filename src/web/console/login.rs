//! Logging in: the front page takes the one-time token `league serve`
//! printed (`/?token=...`), spends it, sets the session cookie and sends
//! the browser on to the same page without the token in its address. With
//! no session, the front page is the login page (the password form when a
//! password is set). Failed logins are rate-limited.

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;

use super::home;
use crate::web::auth::{self, LoginFailure, Session};
use crate::web::guard::{session_of, Checked};
use crate::web::page::render;
use crate::web::AppState;

/// `/?token=...`.
#[derive(serde::Deserialize)]
pub struct TokenQuery {
    token: Option<String>,
}

/// `GET /`: log in with the token, or the home page, or the login page.
pub async fn front(
    State(st): State<AppState>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
) -> Response {
    if let Some(token) = q.token {
        return answer(st.auth.login_token(&token), st.auth.has_password());
    }
    match session_of(&headers, &st) {
        Some(console) => home::page(st, console).await,
        None => login_page(StatusCode::OK, None, st.auth.has_password()),
    }
}

/// The password form's field.
#[derive(serde::Deserialize)]
pub struct PasswordForm {
    #[serde(default)]
    password: String,
}

/// `POST /login`: log in with the password.
pub async fn password(State(st): State<AppState>, Form(f): Form<PasswordForm>) -> Response {
    let auth = std::sync::Arc::clone(&st.auth);
    // Argon2 is slow on purpose: off the request threads.
    let outcome = tokio::task::spawn_blocking(move || auth.login_password(&f.password))
        .await
        .unwrap_or(Err(LoginFailure::Wrong));
    answer(outcome, st.auth.has_password())
}

/// `POST /logout`.
pub async fn logout(State(st): State<AppState>, c: Checked<home::NoFields>) -> Response {
    st.auth.logout(&c.console.0.id);
    (
        [(
            header::SET_COOKIE,
            format!(
                "{}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0",
                auth::COOKIE
            ),
        )],
        Redirect::to("/"),
    )
        .into_response()
}

/// A login's outcome: the session cookie and on to the home page, or the
/// login page saying why not.
fn answer(outcome: Result<Session, LoginFailure>, password: bool) -> Response {
    match outcome {
        Ok(s) => (
            [(header::SET_COOKIE, cookie(&s))],
            Redirect::to("/"),
        )
            .into_response(),
        Err(LoginFailure::Wrong) => login_page(
            StatusCode::FORBIDDEN,
            Some("That login address or password is not right, or the address was used already (each one logs in once). Use the address `league serve` printed, or the password."),
            password,
        ),
        Err(LoginFailure::TooMany) => login_page(
            StatusCode::TOO_MANY_REQUESTS,
            Some("Too many failed logins in the last minute: wait a minute and try again."),
            password,
        ),
    }
}

/// The session cookie: not readable by scripts, never sent from another
/// site, gone when the session would expire anyway.
pub fn cookie(s: &Session) -> String {
    format!(
        "{}={}; HttpOnly; SameSite=Strict; Path=/; Max-Age={}",
        auth::COOKIE,
        s.id,
        auth::SESSION_LIFETIME.as_secs()
    )
}

#[derive(askama::Template)]
#[template(path = "web/login.html")]
struct LoginHtml<'a> {
    problem: Option<&'a str>,
    password: bool,
}

fn login_page(status: StatusCode, problem: Option<&str>, password: bool) -> Response {
    (status, render(&LoginHtml { problem, password })).into_response()
}
