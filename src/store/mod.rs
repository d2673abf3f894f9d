//! The only module that speaks SQL: owns the connection, the migrations and
//! every query. Readers take `&Connection`; writers take `&Transaction` and
//! run inside [`Store::write`], which commits only when the whole command
//! succeeded, so a rejected command leaves the database exactly as it was.

pub mod facts;
pub mod import;
pub mod migrate;
pub mod player;
pub mod round;
pub mod season;

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::error::{Error, Result};

/// An open league database.
pub struct Store {
    conn: Connection,
    path: Option<PathBuf>,
}

/// How long a command waits for another `league` process to finish writing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

impl Store {
    /// Open (and, when `create` is set, create) the league database at
    /// `path`, applying any migrations this version of the program brings.
    /// A file that is not SQLite, or not a league database, or written by a
    /// newer version of the program, is refused and left untouched.
    pub fn open(path: &Path, create: bool) -> Result<Store> {
        let exists = path.exists();
        if !exists && !create {
            return Err(Error::Database(format!(
                "there is no league database at {}; start one with `league season add NAME` (or give --db / LEAGUE_DB)",
                path.display()
            )));
        }
        if exists {
            check_sqlite_header(path)?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| open_error(path, e))?;
        let mut store = Store {
            conn,
            path: Some(path.to_path_buf()),
        };
        store.configure().map_err(|e| open_error(path, e))?;
        migrate::check_is_league(&store.conn, path)?;
        migrate::run(&mut store.conn, Some(path))?;
        Ok(store)
    }

    /// Open an existing database read-only (for `league sql` and reports):
    /// SQLite itself refuses any statement that would change it.
    pub fn open_read_only(path: &Path) -> Result<Store> {
        if !path.exists() {
            return Err(Error::Database(format!(
                "there is no league database at {}",
                path.display()
            )));
        }
        check_sqlite_header(path)?;
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| open_error(path, e))?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.pragma_update(None, "query_only", "ON")?;
        migrate::check_is_league(&conn, path)?;
        migrate::check_not_newer(&conn, path)?;
        Ok(Store {
            conn,
            path: Some(path.to_path_buf()),
        })
    }

    /// A fresh database in memory (tests, benchmarks, the TRF round trip).
    pub fn open_in_memory() -> Result<Store> {
        let conn = Connection::open_in_memory()?;
        let mut store = Store { conn, path: None };
        store.conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate::run(&mut store.conn, None)?;
        Ok(store)
    }

    fn configure(&self) -> rusqlite::Result<()> {
        self.conn.busy_timeout(BUSY_TIMEOUT)?;
        self.conn.pragma_update(None, "foreign_keys", "ON")?;
        // WAL lets the site build read while a round is being recorded.
        let _: String = self
            .conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        self.conn.pragma_update(None, "synchronous", "NORMAL")?;
        Ok(())
    }

    /// The connection, for reading.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Run `f` in one transaction: committed if it returns `Ok`, rolled back
    /// (nothing written) if it returns `Err`. The transaction takes the write
    /// lock at once, so two processes recording at the same time queue up
    /// instead of failing half-way.
    pub fn write<T>(&mut self, f: impl FnOnce(&Transaction) -> Result<T>) -> Result<T> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let value = f(&tx)?;
        tx.commit()?;
        Ok(value)
    }
}

/// Refuse a file that is not an SQLite database before SQLite touches it.
fn check_sqlite_header(path: &Path) -> Result<()> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)
        .map_err(|e| Error::Database(format!("cannot open {}: {e}", path.display())))?;
    let mut header = [0u8; 16];
    let n = file.read(&mut header)?;
    if n == 0 {
        return Ok(()); // an empty file becomes a new database
    }
    if n < 16 || &header != b"SQLite format 3\0" {
        return Err(Error::Database(format!(
            "{} is not a league database (it is not an SQLite file); check the --db path",
            path.display()
        )));
    }
    Ok(())
}

fn open_error(path: &Path, e: rusqlite::Error) -> Error {
    Error::Database(format!(
        "cannot open the league database {}: {e}",
        path.display()
    ))
}

/// Turn a constraint failure raised by the schema into the secretary's words.
pub(crate) fn constraint_message(e: &rusqlite::Error) -> Option<String> {
    if let rusqlite::Error::SqliteFailure(err, msg) = e {
        if err.code == rusqlite::ErrorCode::ConstraintViolation {
            return Some(
                msg.clone()
                    .unwrap_or_else(|| "the database refused the change".into()),
            );
        }
    }
    None
}

#[cfg(test)]
mod tests;
