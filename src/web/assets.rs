//! The files the pages load, compiled into the binary: the results site's
//! stylesheet, the console's own additions, and the console's one small
//! script (keyboard results entry). Served by name from this table only:
//! a request's path is never looked up on the disk.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::AppState;

/// Every asset: its name under `/assets/`, its content type and contents.
/// The players' board adds its own files here.
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        crate::site::render::STYLESHEET,
    ),
    (
        "console.css",
        "text/css; charset=utf-8",
        include_str!("../../templates/web/console.css"),
    ),
    (
        "console.js",
        "text/javascript; charset=utf-8",
        include_str!("../../templates/web/console.js"),
    ),
    (
        "board.css",
        "text/css; charset=utf-8",
        include_str!("../../templates/board/board.css"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../templates/board/board.js"),
    ),
];

/// `/assets/{name}`.
pub fn routes() -> Router<AppState> {
    Router::new().route("/assets/{name}", get(asset))
}

async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
