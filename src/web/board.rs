//! The players' board: no login, read-only. Its routes are added here
//! (and in `board_*.rs` files beside this one) and merged into the server
//! by [`super::router`].

use axum::Router;

use super::AppState;

/// The players' board's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
}
