//! The store's own error for a failure inside SQLite, so that
//! [`crate::error::Error`] (which every layer names) does not name
//! rusqlite's type: only the store looks inside it (constraint names,
//! SQLite's result codes), and turns what the secretary can act on into
//! words ([`super::explain`], `constraint_error`).

/// A failure reported by SQLite that the store did not turn into words: a
/// bug, or a database changed by hand. Shown as SQLite's own message.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct SqlError(#[from] pub(crate) rusqlite::Error);
