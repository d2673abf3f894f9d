//! The console's page frame and its error page. Pages are askama templates
//! under `templates/web/` (compiled in, everything escaped); each page's
//! struct has a [`Layout`] for the frame (title, the session's CSRF token
//! for the log-out form, the event being run).

use askama::Template;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use crate::error::Error;
use crate::web::guard::Console;

/// What the frame around every console page shows.
pub struct Layout {
    /// The page's title.
    pub title: String,
    /// The session's CSRF token (the frame's log-out form carries it).
    pub csrf: String,
    /// Whether the server shows a file it may not write: the frame says so
    /// above every page, before a result is typed in for nothing.
    pub read_only: bool,
}

impl Layout {
    /// The frame of a page titled `title`, for the logged-in session `console`.
    pub fn new(title: impl Into<String>, console: &Console) -> Layout {
        Layout {
            title: title.into(),
            csrf: console.csrf().to_string(),
            read_only: console.read_only(),
        }
    }
}

/// A rendered page, or the error page when the template failed.
pub fn render(t: &impl Template) -> Response {
    match t.render() {
        Ok(html) => Html(html).into_response(),
        Err(e) => WebError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the page could not be written: {e}"),
        )
        .into_response(),
    }
}

/// A way on from an error page: a link to a page (never a change by
/// itself: a link leads to a page with a form).
#[derive(Clone, Debug)]
pub struct Link {
    /// What the button says ("Replace round 3").
    pub label: String,
    /// Where it goes (a path on this server).
    pub href: String,
}

/// An error shown as a page: the message in the secretary's words (a
/// refusal's facts and the console's hint), the status, and the ways on.
#[derive(Debug)]
pub struct WebError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong.
    pub message: String,
    /// Buttons to go on with.
    pub links: Vec<Link>,
}

impl WebError {
    /// An error page with `status` and `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> WebError {
        WebError {
            status,
            message: message.into(),
            links: Vec::new(),
        }
    }

    /// The same page with one more button.
    pub fn link(mut self, label: impl Into<String>, href: impl Into<String>) -> WebError {
        self.links.push(Link {
            label: label.into(),
            href: href.into(),
        });
        self
    }
}

impl From<Error> for WebError {
    /// The error's page: a failure of the database file itself gets the
    /// console's way on ([`crate::web::ways`]), never the CLI's.
    fn from(e: Error) -> WebError {
        let hint = e.way().and_then(crate::web::ways::hint);
        let e = e.with_hint(hint);
        let status = match e.cause() {
            Error::Refused(_) => StatusCode::CONFLICT,
            Error::Invalid(_) | Error::Input(_) => StatusCode::BAD_REQUEST,
            Error::NotFound(_) => StatusCode::NOT_FOUND,
            Error::Database(_) | Error::Sql(_) | Error::Io(_) | Error::Hinted(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        let message = e.to_string();
        let text = crate::domain::text::escape_controls_except(&message, &['\n']);
        WebError::new(status, capitalized(&text))
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[derive(Template)]
#[template(path = "web/error.html")]
struct ErrorHtml<'a> {
    e: &'a WebError,
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let body = ErrorHtml { e: &self }
            .render()
            .unwrap_or_else(|_| "The page could not be written.".to_string());
        (self.status, Html(body)).into_response()
    }
}
