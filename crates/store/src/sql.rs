//! `league sql`: one read-only query from the secretary, run as written,
//! its rows handed on one at a time as SQLite produces them.
//!
//! The connection is opened read-only ([`Store::open_read_only`]), so
//! SQLite itself refuses anything that would write. On top of that a
//! statement must be a single statement that SQLite reports as read-only
//! (or a `PRAGMA` that only reads a value, which SQLite does not report as
//! read-only but which cannot write through a read-only connection), and
//! not ATTACH or DETACH (which SQLite counts as read-only but which would
//! reach other files): it is refused before it runs, with a message saying
//! what `league sql` is for. Comments before the statement are allowed.
//!
//! Memory and time are bounded: rows are never collected here (a cross join
//! of two large views would otherwise fill memory before the first line is
//! printed), and a query that runs longer than its time limit (a recursive
//! query with no end) is interrupted by a watchdog and stopped between
//! rows, so the limit holds in wall time.

use std::time::{Duration, Instant};

use rusqlite::types::ValueRef;
use rusqlite::Connection;

use super::Readable;
use super::Store;
use crate::error::{Error, Result, Way};

/// One cell of a result.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// SQL NULL.
    Null,
    /// An integer.
    Integer(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(String),
    /// A blob: its length in bytes.
    Blob(usize),
}

/// A query's columns and rows.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryResult {
    /// The column names, in order.
    pub columns: Vec<String>,
    /// The rows, one cell per column.
    pub rows: Vec<Vec<Cell>>,
}

/// A query refused because it is not one statement that only reads: the
/// facts, with room for the front end to say what it runs.
fn only_read(facts: String) -> Error {
    Error::invalid(facts).with_way(Way::QueryReadsOnly)
}

/// `text` without the comments and blanks before its first word.
fn after_comments(mut text: &str) -> &str {
    loop {
        text = text.trim_start();
        if let Some(rest) = text.strip_prefix("--") {
            text = rest.split_once('\n').map_or("", |(_, r)| r);
        } else if let Some(rest) = text.strip_prefix("/*") {
            text = rest.split_once("*/").map_or("", |(_, r)| r);
        } else {
            return text;
        }
    }
}

/// Whether a query stopped by itself or was cut.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every row was handed on.
    Complete,
    /// The row callback asked to stop (a row limit, a closed pipe).
    Stopped,
}

/// Where a query's result goes, as it comes.
pub trait RowSink {
    /// The column names, before any row.
    fn columns(&mut self, names: &[String]) -> Result<()>;
    /// One row; `false` stops the query.
    fn row(&mut self, cells: &[Cell]) -> Result<bool>;
}

/// Collects every row (for [`query`]).
struct Collect(QueryResult);

impl RowSink for Collect {
    fn columns(&mut self, names: &[String]) -> Result<()> {
        self.0.columns = names.to_vec();
        Ok(())
    }
    fn row(&mut self, cells: &[Cell]) -> Result<bool> {
        self.0.rows.push(cells.to_vec());
        Ok(true)
    }
}

/// Check and prepare one read-only statement.
fn prepare<'c>(conn: &'c Connection, text: &str) -> Result<rusqlite::Statement<'c>> {
    let first = after_comments(text)
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("")
        .to_ascii_uppercase();
    if first.is_empty() {
        return Err(only_read("the query is empty".into()));
    }
    if matches!(first.as_str(), "ATTACH" | "DETACH") {
        return Err(only_read(format!("{first} is refused")));
    }
    let st = conn.prepare(text).map_err(|e| match e {
        rusqlite::Error::MultipleStatement => {
            only_read("the query has more than one statement".into())
        }
        rusqlite::Error::SqlInputError { msg, offset, .. } => Error::invalid(format!(
            "the query is not valid SQL: {msg} (at character {})",
            offset + 1
        )),
        rusqlite::Error::SqliteFailure(_, Some(msg)) => {
            Error::invalid(format!("the query is not valid SQL: {msg}"))
        }
        e => e.into(),
    })?;
    // `PRAGMA name` and `PRAGMA name(arg)` read; `PRAGMA name = value`
    // sets. SQLite reports neither as read-only.
    let pragma_read = first == "PRAGMA" && !text.contains('=');
    if !st.readonly() && !pragma_read {
        return Err(only_read("that statement would change the database".into()));
    }
    Ok(st)
}

/// Run one read-only statement: `sink` gets the column names, then each
/// row as it comes, until it returns `false`. A query running
/// longer than `timeout` (none: no limit) is stopped with a message saying
/// so.
///
/// The limit is wall time, whatever the time is spent on: a watchdog
/// thread interrupts SQLite at the limit (which stops it at its next
/// step, even inside one long sort or scan), and the time is checked
/// again after every row, since printing a large row takes time outside
/// SQLite (1,000 rows of 100 MB ran 58.6 s past a 2-second limit when
/// the check came only every 10,000 steps).
pub fn stream(
    store: &mut Store,
    text: &str,
    timeout: Option<Duration>,
    sink: &mut dyn RowSink,
) -> Result<Ended> {
    let started = Instant::now();
    let stopped = || {
        Error::invalid(format!(
            "the query ran for {} seconds and was stopped",
            timeout.map_or(0, |t| t.as_secs())
        ))
        .with_way(Way::QueryTimeout)
    };
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let watchdog = timeout.map(|limit| {
        let handle = store.conn.0.get_interrupt_handle();
        std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
                handle.interrupt();
            }
        })
    });
    let mut timed = Timed {
        sink,
        deadline: timeout.map(|t| started + t),
        late: false,
    };
    let result = stream_rows(&store.conn.0, text, &mut timed);
    drop(done);
    if let Some(w) = watchdog {
        let _ = w.join();
    }
    match result {
        _ if timed.late => Err(stopped()),
        Err(Error::Sql(super::sql_error::SqlError(rusqlite::Error::SqliteFailure(f, _))))
            if f.code == rusqlite::ErrorCode::OperationInterrupted =>
        {
            Err(stopped())
        }
        other => other,
    }
}

/// A sink that stops the query once its deadline has passed.
struct Timed<'s> {
    sink: &'s mut dyn RowSink,
    deadline: Option<Instant>,
    /// Whether the deadline stopped it.
    late: bool,
}

impl RowSink for Timed<'_> {
    fn columns(&mut self, names: &[String]) -> Result<()> {
        self.sink.columns(names)
    }
    fn row(&mut self, cells: &[Cell]) -> Result<bool> {
        if self.deadline.is_some_and(|d| Instant::now() > d) {
            self.late = true;
            return Ok(false);
        }
        let more = self.sink.row(cells)?;
        if more && self.deadline.is_some_and(|d| Instant::now() > d) {
            self.late = true;
            return Ok(false);
        }
        Ok(more)
    }
}

fn stream_rows(conn: &Connection, text: &str, sink: &mut dyn RowSink) -> Result<Ended> {
    let mut st = prepare(conn, text)?;
    let names: Vec<String> = st.column_names().map(|c| c.to_string()).collect();
    sink.columns(&names)?;
    let n = names.len();
    let mut q = st.query([]).map_err(query_error)?;
    let mut cells = Vec::with_capacity(n);
    while let Some(r) = q.next().map_err(query_error)? {
        cells.clear();
        for i in 0..n {
            cells.push(match r.get_ref(i)? {
                ValueRef::Null => Cell::Null,
                ValueRef::Integer(v) => Cell::Integer(v),
                ValueRef::Real(v) => Cell::Real(v),
                ValueRef::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
                ValueRef::Blob(b) => Cell::Blob(b.len()),
            });
        }
        if !sink.row(&cells)? {
            return Ok(Ended::Stopped);
        }
    }
    Ok(Ended::Complete)
}

/// Run one read-only statement and return every row (for tests and small
/// queries the program itself makes; `league sql` streams).
pub fn query(conn: &impl Readable, text: &str) -> Result<QueryResult> {
    let conn = super::sql(conn);
    let mut all = Collect(QueryResult {
        columns: vec![],
        rows: vec![],
    });
    stream_rows(conn, text, &mut all)?;
    Ok(all.0)
}

fn query_error(e: rusqlite::Error) -> Error {
    match e {
        rusqlite::Error::SqliteFailure(f, _)
            if f.code == rusqlite::ErrorCode::OperationInterrupted =>
        {
            e.into()
        }
        rusqlite::Error::SqliteFailure(f, Some(msg)) if f.code == rusqlite::ErrorCode::ReadOnly => {
            only_read(msg)
        }
        rusqlite::Error::SqliteFailure(_, Some(msg)) => {
            Error::invalid(format!("the query failed: {msg}"))
        }
        e => e.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_before_the_statement_are_skipped() {
        assert_eq!(after_comments("/* x */ SELECT 1"), "SELECT 1");
        assert_eq!(after_comments("-- note\n  /* a */SELECT 1"), "SELECT 1");
        assert_eq!(after_comments("/* never closed"), "");
    }
}
