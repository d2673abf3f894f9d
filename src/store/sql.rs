//! `league sql`: one read-only query from the secretary, run as written.
//!
//! The connection is opened read-only ([`Store::open_read_only`](super::Store::open_read_only)),
//! so SQLite itself refuses anything that would write. On top of that a
//! statement must be a single statement that SQLite reports as read-only,
//! and not ATTACH or DETACH (which SQLite counts as read-only but which
//! would reach other files): it is refused before it runs, with a message
//! saying what `league sql` is for.

use rusqlite::types::ValueRef;
use rusqlite::Connection;

use crate::error::{Error, Result};

/// One cell of a result.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Null,
    Integer(i64),
    Real(f64),
    Text(String),
    /// A blob: its length in bytes.
    Blob(usize),
}

/// A query's columns and rows.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryResult {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

const ONLY_READ: &str = "league sql only reads: give one SELECT (or WITH ... SELECT) query; \
     to change records use the league commands, which keep the log";

/// Run one read-only statement and return every row.
pub fn query(conn: &Connection, text: &str) -> Result<QueryResult> {
    let first = text
        .trim_start()
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("")
        .to_ascii_uppercase();
    if first.is_empty() {
        return Err(Error::invalid(format!("the query is empty; {ONLY_READ}")));
    }
    if matches!(first.as_str(), "ATTACH" | "DETACH") {
        return Err(Error::invalid(format!("{first} is refused; {ONLY_READ}")));
    }
    let mut st = conn.prepare(text).map_err(|e| match e {
        rusqlite::Error::MultipleStatement => Error::invalid(format!(
            "the query has more than one statement; {ONLY_READ}"
        )),
        rusqlite::Error::SqlInputError { msg, offset, .. } => Error::invalid(format!(
            "the query is not valid SQL: {msg} (at character {})",
            offset + 1
        )),
        rusqlite::Error::SqliteFailure(_, Some(msg)) => {
            Error::invalid(format!("the query is not valid SQL: {msg}"))
        }
        e => Error::Sql(e),
    })?;
    if !st.readonly() {
        return Err(Error::invalid(format!(
            "that statement would change the database; {ONLY_READ}"
        )));
    }
    let columns: Vec<String> = st.column_names().map(|c| c.to_string()).collect();
    let n = columns.len();
    let mut rows = vec![];
    let mut q = st.query([]).map_err(query_error)?;
    while let Some(r) = q.next().map_err(query_error)? {
        let mut row = Vec::with_capacity(n);
        for i in 0..n {
            row.push(match r.get_ref(i)? {
                ValueRef::Null => Cell::Null,
                ValueRef::Integer(v) => Cell::Integer(v),
                ValueRef::Real(v) => Cell::Real(v),
                ValueRef::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
                ValueRef::Blob(b) => Cell::Blob(b.len()),
            });
        }
        rows.push(row);
    }
    Ok(QueryResult { columns, rows })
}

fn query_error(e: rusqlite::Error) -> Error {
    match e {
        rusqlite::Error::SqliteFailure(f, Some(msg)) if f.code == rusqlite::ErrorCode::ReadOnly => {
            Error::invalid(format!("{msg}; {ONLY_READ}"))
        }
        rusqlite::Error::SqliteFailure(_, Some(msg)) => {
            Error::invalid(format!("the query failed: {msg}"))
        }
        e => Error::Sql(e),
    }
}
