//! The secretary's console: every page needs a session ([`Console`]), and
//! every change is a form checked against the session's CSRF token
//! ([`Checked`]) that goes through the application layer.
//!
//! Files: [`login`] (the front page's token login, the password form, log
//! out), [`home`] (what needs doing now, the event being run).
//!
//! [`Console`]: super::guard::Console
//! [`Checked`]: super::guard::Checked

pub mod home;
pub mod login;
pub mod running;

use axum::routing::{get, post};
use axum::Router;

use super::AppState;

/// The console's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(login::front))
        .route("/login", post(login::password))
        .route("/logout", post(login::logout))
        .route("/event", post(home::choose_event))
}
