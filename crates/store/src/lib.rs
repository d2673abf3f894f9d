//! The only module that speaks SQL: owns the connection, the migrations and
//! every query. Readers take `&impl Readable` (a [`Reader`] or a
//! [`Writer`]); writers take `&Writer` and
//! run inside [`Store::write`], which commits only when the whole command
//! succeeded, so a rejected command leaves the database exactly as it was.
//!
//! Data safety (see also [`backup`] and [`check`]):
//! - every write is one `BEGIN IMMEDIATE` transaction, so two `league`
//!   processes queue up (30 s busy timeout) instead of interleaving, and a
//!   command that is killed half-way leaves nothing behind (a test kills
//!   one stopped inside its transaction by [`PAUSE_BEFORE_COMMIT`]);
//! - the database runs in WAL mode with `synchronous = FULL`: a command that
//!   said it recorded something has it on disk, even after a power cut
//!   (the command that creates the file writes it in rollback-journal mode,
//!   as durable, and the next command that writes switches it to WAL: see
//!   [`Store::open`]);
//! - a file that cannot be used (not SQLite, not a league database, damaged,
//!   read-only, in a read-only folder, on a full disk) is refused with a
//!   message naming the file and what to do ([`explain`]), and is left as
//!   it was (byte for byte: a foreign file is refused before SQLite writes
//!   anything, and a failed write never reaches the database file, only the
//!   WAL, which SQLite discards).
//!
//! The store may use the domain and the file models, never the layers
//! above it: this compiles,
//!
//! ```
//! use league_domain::score;
//! use league_interchange::input::InputError;
//! use league_store::Store;
//! ```
//!
//! and an import of the application layer (or the reports, the site, the
//! CLI) does not:
//!
//! ```compile_fail
//! use league_app::demo;
//! ```
#![forbid(unsafe_code)]

// split-workspace: the paths of the one-crate layout (`crate::store::x`,
// `crate::domain::y`) resolve here too, so code moved as it was.
#[allow(
    unused_imports,
    reason = "aliases for the paths of the one-crate layout"
)]
use {
    crate as store, league_domain as domain, league_domain::parallel,
    league_interchange as interchange, league_interchange::export, league_interchange::input,
};
// split-workspace: end of aliases

pub mod error;
pub mod outfile;

pub mod ahead;
pub mod audit;
pub mod backup;
pub mod board;
pub mod check;
pub mod context;
pub mod demo;
pub mod event_detail;
pub mod exchange;
pub mod facts;
pub mod history;
pub mod import;
pub mod merge;
pub mod migrate;
pub mod pairing;
pub mod player;
pub mod prize;
pub mod ratings;
pub mod result_entry;
pub mod round;
mod row;
pub mod schema_objects;
pub mod season;
pub mod serve;
pub mod snapshot;
pub mod sql;
pub mod sql_error;
pub mod team;
pub mod team_match;
pub mod team_pairing;

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};

use rusqlite::Transaction;

use crate::error::{Error, Result, Way};
use sql_error::SqlError;

impl From<rusqlite::Error> for Error {
    /// An SQLite failure, wrapped in the store's own error type.
    fn from(e: rusqlite::Error) -> Error {
        Error::Sql(SqlError(e))
    }
}

/// What the layers above the store (reports, the site, the commands) read
/// through: the connection the store opened, handed out by
/// [`Store::conn`]. It offers no way to run SQL: callers can only pass it
/// on to the store's own functions, so no file outside `src/store/` writes
/// a query or names the database library:
///
/// ```compile_fail,E0599
/// let store = league_store::Store::open_in_memory().unwrap();
/// store.conn().execute("DELETE FROM player", []); // no method `execute` on `Reader`
/// ```
pub struct Reader(Connection);

#[cfg(any(test, feature = "testing"))]
impl Reader {
    /// The connection itself, for tests that set up or inspect rows the
    /// commands would never write (test builds only).
    pub(crate) fn raw(&self) -> &Connection {
        &self.0
    }
}

/// Anything the store's reading functions read from: a [`Reader`], or the
/// [`Writer`] of a command that reads what it is about to change. Sealed:
/// only the store implements it, and only the store can reach the
/// connection behind it.
pub trait Readable: sealed::Sql {}

mod sealed {
    /// The connection behind a [`super::Readable`], seen only inside the
    /// store (this module is private to it).
    pub trait Sql {
        /// The connection to query.
        fn sql(&self) -> &rusqlite::Connection;
    }
}

impl sealed::Sql for Reader {
    fn sql(&self) -> &Connection {
        &self.0
    }
}
impl Readable for Reader {}

impl sealed::Sql for Connection {
    fn sql(&self) -> &Connection {
        self
    }
}
impl Readable for Connection {}

impl sealed::Sql for Writer<'_> {
    fn sql(&self) -> &Connection {
        &self.0
    }
}
impl Readable for Writer<'_> {}

/// A reference reads as what it refers to, so code that serves both a
/// [`Reader`] and a [`Writer`] can take `&dyn Readable` and pass `&conn`
/// on to the store.
impl<R: Readable + ?Sized> sealed::Sql for &R {
    fn sql(&self) -> &Connection {
        sealed::Sql::sql(&**self)
    }
}
impl<R: Readable + ?Sized> Readable for &R {}

/// The connection behind `r`, for the store's own queries.
fn sql<R: Readable + ?Sized>(r: &R) -> &Connection {
    sealed::Sql::sql(r)
}

/// What a command writes through: the one transaction [`Store::write`]
/// hands to its closure, committed only when the whole command succeeded.
/// It reads as a [`Reader`] too. Like the reader it offers no way to run
/// SQL: the layers above pass it on to the store's own writers, so every
/// query stays in `crates/store`:
///
/// ```compile_fail,E0624
/// let mut store = league_store::Store::open_in_memory().unwrap();
/// store.write(|tx| Ok(tx.execute("DELETE FROM player", [])?)); // `execute` is private
/// ```
pub struct Writer<'c>(Transaction<'c>);

/// The transaction's SQL, for the store's own writers only (`pub(crate)`):
/// the same calls as on rusqlite's transaction, so the store's queries read
/// as they always have.
impl Writer<'_> {
    pub(crate) fn execute<P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
    ) -> rusqlite::Result<usize> {
        self.0.execute(sql, params)
    }

    pub(crate) fn prepare(&self, sql: &str) -> rusqlite::Result<rusqlite::Statement<'_>> {
        self.0.prepare(sql)
    }

    pub(crate) fn prepare_cached(
        &self,
        sql: &str,
    ) -> rusqlite::Result<rusqlite::CachedStatement<'_>> {
        self.0.prepare_cached(sql)
    }

    pub(crate) fn query_row<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    {
        self.0.query_row(sql, params, f)
    }

    pub(crate) fn last_insert_rowid(&self) -> i64 {
        self.0.last_insert_rowid()
    }

    /// The connection behind the transaction, for the store's functions
    /// that take one.
    pub(crate) fn conn(&self) -> &Connection {
        &self.0
    }
}

/// An open league database.
pub struct Store {
    conn: Reader,
    path: Option<PathBuf>,
}

/// How long a command waits for another `league` process to finish writing.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

impl Store {
    /// Open (and, when `create` is set, create) the league database at
    /// `path`, applying any migrations this version of the program brings.
    /// A file that is not SQLite, or not a league database, or written by a
    /// newer version of the program, or that league could not write (a
    /// read-only file), is refused and left untouched.
    pub fn open(path: &Path, create: bool) -> Result<Store> {
        check_regular_file(
            path,
            "used as the league database",
            Some(Way::DatabasePathAside),
        )?;
        let exists = path.exists();
        if !exists && !create {
            return Err(Error::Database(format!(
                "there is no league database at {}",
                path.display()
            ))
            .with_way(Way::MissingDatabase));
        }
        if exists {
            check_sqlite_header(path)?;
            // Before SQLite opens it: SQLite would quietly open a read-only
            // file read-only and leave read-only -wal/-shm files beside it,
            // which later stop the owner writing even after `chmod u+w`.
            if let Some(problem) = read_only_file(path) {
                return Err(problem);
            }
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| explain_sql(path, e))?;
        conn.busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| explain_sql(path, e))?;
        // A file created now (or an empty one) has nothing to read while
        // this command writes it, so its first command writes in SQLite's
        // rollback-journal mode: the rows go once into the file, where WAL
        // mode writes them to the log and copies them into the file when
        // the connection closes (a 1,000-player TRF import into a new file
        // synced 0.9 MB twice; issue 13). Equally durable: the commit
        // waits for the journal and the file to reach the disk
        // (`synchronous = FULL`). The next command that writes switches
        // the file to WAL (switching now would cost another transaction
        // and its four syncs); readers meanwhile read it as it is.
        let fresh = !exists || std::fs::metadata(path).is_ok_and(|m| m.len() == 0);
        let mut store = Store {
            conn: Reader(conn),
            path: Some(path.to_path_buf()),
        };
        // Refuse a file that is not ours before anything writes to it
        // (switching to WAL rewrites the file's header).
        migrate::check_is_league(&store.conn, path)?;
        migrate::check_not_newer(&store.conn, path).map_err(|e| naming(path, e))?;
        if migrate::current_version(&store.conn)? < migrate::latest_version() {
            // What refinery will read, checked before configuring (WAL)
            // changes the file.
            migrate::check_history(&store.conn).map_err(|e| naming(path, e))?;
        }
        configure(&store.conn.0, !fresh).map_err(|e| explain_sql(path, e))?;
        migrate::run(&mut store.conn.0, Some(path))?;
        Ok(store)
    }

    /// Open an existing database read-only (for `league sql`, reports,
    /// `league check` and `league backup`): SQLite itself refuses any
    /// statement that would change it. See [`open_reader`] for how a
    /// write-protected file is read without leaving files beside it.
    pub fn open_read_only(path: &Path) -> Result<Store> {
        let conn = open_reader(path)?;
        migrate::check_is_league(&conn, path)?;
        migrate::check_not_newer(&conn, path).map_err(|e| naming(path, e))?;
        Ok(Store {
            conn: Reader(conn),
            path: Some(path.to_path_buf()),
        })
    }

    /// Open an existing database for a report (standings, export, site,
    /// history, lists): read-only when its schema is this version's, so a
    /// file the secretary cannot write (a read-only copy, a folder on
    /// read-only media) still gives its reports, and nothing is written or
    /// left beside it. A database that still needs upgrading is opened as
    /// [`Store::open`] opens it (the upgrade needs write access, and says
    /// so when it cannot have it).
    pub fn open_for_reading(path: &Path) -> Result<Store> {
        if !path.exists() {
            return Store::open(path, false);
        }
        // A rollback journal left by a command that was stopped while it
        // wrote a new file (see [`Store::open`]) must be played back before
        // the file is read, which a read-only connection cannot do: the
        // first read of a read-write one does.
        // A journal also lies beside the file while a command writes it in
        // that mode: then the reader waits for it (with locks) instead.
        if journal_has_data(path) && read_only_file(path).is_none() {
            return Store::open(path, false);
        }
        let store = Store::open_read_only(path)?;
        let version = migrate::current_version(&store.conn)?;
        if version < migrate::latest_version() {
            drop(store);
            if read_only_file(path).is_some() {
                return Err(Error::Database(format!(
                    "{} was written by an older version of league (schema {version}) and must be \
                     brought up to date (schema {}) before this version can read it, which needs \
                     write access, but it is read-only; it was left as it is. Make it writable (for \
                     example `chmod u+w {}`) and run the command again, or read it with the program \
                     that wrote it",
                    path.display(),
                    migrate::latest_version(),
                    path.display()
                )));
            }
            return Store::open(path, false);
        }
        store
            .conn
            .0
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| explain_sql(path, e))?;
        Ok(store)
    }

    /// A fresh database in memory (tests, benchmarks, the TRF round trip).
    pub fn open_in_memory() -> Result<Store> {
        let conn = Connection::open_in_memory()?;
        let mut store = Store {
            conn: Reader(conn),
            path: None,
        };
        store.conn.0.pragma_update(None, "foreign_keys", "ON")?;
        migrate::run(&mut store.conn.0, None)?;
        Ok(store)
    }

    /// The connection, for reading: only the store's functions can query
    /// it.
    pub fn conn(&self) -> &Reader {
        &self.conn
    }

    /// The database file (`None` for one in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Run `f` in one transaction: committed if it returns `Ok`, rolled back
    /// (nothing written) if it returns `Err`. The transaction takes the write
    /// lock at once (`BEGIN IMMEDIATE`), before `f` reads anything, so what
    /// `f` reads cannot change under it: two processes recording at the same
    /// time queue up instead of racing or failing half-way. Failures of the
    /// file itself (full disk, read-only, damaged) come back in words that
    /// name the file ([`explain`]).
    pub fn write<T>(&mut self, f: impl FnOnce(&Writer) -> Result<T>) -> Result<T> {
        let path = self.path.clone();
        let explain_here = |e: Error| match &path {
            Some(p) => explain(p, e),
            None => e,
        };
        let tx = self
            .conn
            .0
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| explain_here(e.into()))?;
        let changes_before = tx.total_changes();
        let writer = Writer(tx);
        let value = f(&writer).map_err(explain_here)?;
        let Writer(tx) = writer;
        pause_before_commit(tx.total_changes() - changes_before)?;
        tx.commit().map_err(|e| explain_here(e.into()))?;
        Ok(value)
    }

    /// Limit the database to `pages` pages (SQLite's `max_page_count`), so
    /// that growing beyond it fails as a full disk would. For tests of the
    /// full-disk path; the limit lasts as long as this connection.
    pub fn limit_pages(&self, pages: u64) -> Result<()> {
        let _: i64 =
            self.conn
                .0
                .query_row(&format!("PRAGMA max_page_count = {pages}"), [], |r| {
                    r.get(0)
                })?;
        Ok(())
    }

    /// The number of pages the database has now.
    pub fn page_count(&self) -> Result<u64> {
        Ok(self
            .conn
            .0
            .query_row("PRAGMA page_count", [], |r| r.get::<_, i64>(0))? as u64)
    }
}

/// The environment variable that makes a write stop inside its transaction,
/// just before the commit, for the test that kills a recording there
/// (`tests/suite/safety/crash.rs`): it names a file, which [`Store::write`]
/// creates holding the number of rows the transaction has written, and then
/// waits while the file exists. Removing the file lets the command commit;
/// killing the process proves a kill inside the transaction leaves nothing.
/// A pause nobody ends (ten minutes) rolls back and fails the command.
/// Unset (always, outside that test), a write does not look at it again.
pub const PAUSE_BEFORE_COMMIT: &str = "LEAGUE_TEST_PAUSE_BEFORE_COMMIT";

/// [`PAUSE_BEFORE_COMMIT`]'s pause, after a transaction wrote `written` rows.
fn pause_before_commit(written: u64) -> Result<()> {
    let Some(marker) = std::env::var_os(PAUSE_BEFORE_COMMIT) else {
        return Ok(());
    };
    let marker = PathBuf::from(marker);
    // Written beside it and renamed, so the test never reads half a number.
    let partial = side_file(&marker, ".partial");
    std::fs::write(&partial, format!("{written}\n")).map_err(|e| Error::file(&partial, e))?;
    std::fs::rename(&partial, &marker).map_err(|e| Error::file(&marker, e))?;
    let until = std::time::Instant::now() + Duration::from_secs(600);
    while marker.exists() {
        if std::time::Instant::now() > until {
            return Err(Error::Database(format!(
                "{PAUSE_BEFORE_COMMIT}: nobody ended the pause before the commit; nothing was written"
            )));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    Ok(())
}

/// A refusal about the database's contents, prefixed with the file's name
/// (the store's checks of a connection do not know the path).
fn naming(path: &Path, e: Error) -> Error {
    match e {
        Error::Database(msg) if !msg.contains(&path.display().to_string()) => {
            Error::Database(format!("{}: {msg}", path.display()))
        }
        Error::Hinted(mut h) => {
            h.error = naming(path, h.error);
            Error::Hinted(h)
        }
        other => other,
    }
}

/// Settings every read-write connection gets: the busy timeout, foreign
/// keys, WAL (so the site build and reports can read while a round is being
/// recorded) and `synchronous = FULL` (in WAL mode, NORMAL may lose the last
/// commits in a power cut; FULL costs one sync per command, which a
/// secretary's command can afford).
///
/// The query planner stability guarantee (QPSG) is on: without it SQLite
/// re-plans (re-prepares) a cached statement whenever a newly bound value
/// might suggest a different plan, which made entering each of a TRF
/// file's 1,000 players re-prepare three statements (a fifth of the
/// import's time). Our plans rest on indexes, not on the values bound.
///
/// `wal` is false only for a file created by this opening (see
/// [`Store::open`]), which keeps SQLite's rollback journal until the next
/// command that writes it.
fn configure(conn: &Connection, wal: bool) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Room for every statement a command repeats (an import uses about 20;
    // rusqlite keeps 16 by default, and an evicted one is prepared again).
    conn.set_prepared_statement_cache_capacity(64);
    conn.set_db_config(
        rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
        true,
    )?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    if wal {
        let _: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    }
    conn.pragma_update(None, "synchronous", "FULL")?;
    // Statement journals (one per INSERT that a trigger or constraint may
    // undo) and temporary indexes stay in memory instead of temporary files:
    // a 1,000-player TRF import wrote 51,000 times to them otherwise.
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    // A page cache that holds a whole command's transaction (64 MiB at
    // most, taken only as pages are used), so a large import or round is
    // not spilled to the WAL page by page before it commits.
    conn.pragma_update(None, "cache_size", -65536)?;
    Ok(())
}

/// Open an existing SQLite file for reading only, without migrating or
/// checking that it is a league database.
///
/// A file is read with SQLite's locks, so a command recording meanwhile
/// is never seen half-done, except when nobody can be writing it
/// (`nobody_writes`: read-only media, no write permission on the file or
/// its folder), which is read as `immutable` (no -wal/-shm made beside it).
/// A file this user may not write is read without creating a -shm file
/// (one with the database's permissions, made by this user, would stop the
/// owner writing); when SQLite needs one to read, the read is refused in
/// words rather than made without locks.
pub fn open_reader(path: &Path) -> Result<Connection> {
    if !path.exists() {
        return Err(Error::Database(format!(
            "there is no league database at {}",
            path.display()
        )));
    }
    check_sqlite_header(path)?;
    // Read as immutable only with no log to read and no rollback journal
    // to play back (a new file's first command interrupted, see
    // [`Store::open`]): either holds what the file alone does not say.
    let wal_has_data = std::fs::metadata(side_file(path, "-wal")).is_ok_and(|m| m.len() > 0)
        || journal_has_data(path);
    let open = |how: ReadAs| open_read_as(path, how);
    let cannot_write = read_only_file(path).is_some();
    let first = match (cannot_write, !wal_has_data && nobody_writes(path)) {
        (true, true) => ReadAs::Immutable,
        (true, false) => ReadAs::LockedNoShm,
        (false, _) => ReadAs::Locked,
    };
    // SQLite would create the -wal file (as this user) before finding it
    // cannot make the -shm: refused before it tries.
    let sides_there = side_file(path, "-shm").exists() && side_file(path, "-wal").exists();
    if first == ReadAs::LockedNoShm && in_wal_mode(path) && !sides_there {
        return Err(cannot_read_safely(path));
    }
    let conn = match open(first) {
        // A journal to play back, which needs write access.
        Err(rusqlite::Error::SqliteFailure(e, _))
            if e.extended_code == rusqlite::ffi::SQLITE_READONLY_ROLLBACK =>
        {
            return Err(Error::Database(format!(
                "{} holds a change that an earlier command left unfinished (it was stopped \
                 while writing); it must be undone before the file can be read, which needs a user \
                 who may write the file: any command the secretary runs does it. Nothing was \
                 read or changed",
                path.display()
            )));
        }
        // SQLite cannot make the -shm file it needs to read a WAL database
        // with locks (a folder we may not write).
        Err(e)
            if first != ReadAs::Immutable
                && matches!(
                    e.sqlite_error_code(),
                    Some(ErrorCode::CannotOpen | ErrorCode::ReadOnly)
                ) =>
        {
            if wal_has_data || !nobody_writes(path) {
                return Err(cannot_read_safely(path));
            }
            // Nobody can be writing it (read-only media, a folder no one
            // may write): read it as it is.
            open(ReadAs::Immutable)
        }
        other => other,
    };
    let conn = match conn {
        Ok(c) => c,
        // A damaged file still opens, so `league check` can say what is wrong.
        Err(e)
            if matches!(
                e.sqlite_error_code(),
                Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
            ) =>
        {
            Connection::open_with_flags(
                path,
                OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            )
            .map_err(|e| explain_sql(path, e))?
        }
        Err(e) => return Err(explain_read(path, e.into())),
    };
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "query_only", "ON")?;
    Ok(conn)
}

/// Open `path` for reading the way `how` says, and read from it once: the
/// first read is where SQLite opens (or fails to create) the -shm file of a
/// WAL database, and waits for a writer's lock.
fn open_read_as(path: &Path, how: ReadAs) -> rusqlite::Result<Connection> {
    let conn = match how {
        ReadAs::Locked => Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?,
        // SQLite may not create the -shm file: one made by this user
        // would stop the file's owner writing (see `open_reader`).
        ReadAs::LockedNoShm | ReadAs::Immutable => Connection::open_with_flags(
            format!(
                "file:{}?{}",
                uri_path(path),
                if how == ReadAs::Immutable {
                    "immutable=1"
                } else {
                    "readonly_shm=1"
                }
            ),
            OpenFlags::SQLITE_OPEN_READ_ONLY
                | OpenFlags::SQLITE_OPEN_URI
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?,
    };
    // The first read is where SQLite opens (or fails to create) the
    // -shm file of a WAL database, and waits for a writer's lock.
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    })
    .map(|_| conn)
}

/// How [`open_reader`] opens a file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ReadAs {
    /// With SQLite's locks, as any reader.
    Locked,
    /// With locks, but without creating the -shm file (this user may not
    /// write the database, so a -shm file it made would stop the owner).
    LockedNoShm,
    /// Without locks (`immutable=1`): only for a file nobody can be
    /// writing ([`nobody_writes`]).
    Immutable,
}

/// Whether nobody can be writing the file at `path` while it is read, so
/// that reading it without locks (`immutable`) cannot see half a change:
/// it is on a read-only disk, or neither it nor its folder may be written
/// by anyone (no write permission at all: every league command that
/// writes needs both the file and a journal beside it). The
/// administrator (root) is the exception permissions cannot express. A
/// file only this user may not write (the secretary's, read by a web
/// server's user) may be being written, and is read with locks
/// (issue 30: reading it as immutable gave torn reads).
fn nobody_writes(path: &Path) -> bool {
    let probe = std::fs::OpenOptions::new().write(true).open(path);
    if matches!(&probe, Err(e) if e.kind() == std::io::ErrorKind::ReadOnlyFilesystem) {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let no_write_bits =
            |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o222 == 0);
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        no_write_bits(path) || no_write_bits(dir)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Whether the database file's header says it is in WAL mode (its read
/// and write format versions are 2).
fn in_wal_mode(path: &Path) -> bool {
    use std::io::Read;
    let mut header = [0u8; 20];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok_and(|()| header[18] == 2 && header[19] == 2)
}

/// Why a file someone may be writing cannot be read by this user.
fn cannot_read_safely(path: &Path) -> Error {
    let name = path.display();
    Error::Database(format!(
        "cannot read {name} safely as this user: its owner may be recording in it, and reading it \
         meanwhile needs SQLite's shared-memory file {name}-shm, which is there only while a league \
         command has the file open, and which this user must not make (one it made would stop \
         the owner recording). Nothing was read or changed. Run the command as the file's owner"
    ))
    .with_way(Way::ReadACopy)
}

/// Whether a non-empty rollback journal lies beside `path`: a command that
/// wrote the file in rollback-journal mode (its first, see [`Store::open`])
/// was stopped before it finished, and SQLite plays the journal back on the
/// next read-write access.
fn journal_has_data(path: &Path) -> bool {
    std::fs::metadata(side_file(path, "-journal")).is_ok_and(|m| m.len() > 0)
}

/// `path` written for an SQLite URI: absolute, `/`-separated, with every
/// byte outside the unreserved set percent-encoded.
fn uri_path(path: &Path) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let text = abs.to_string_lossy().replace('\\', "/");
    let mut out = String::new();
    if !text.starts_with('/') {
        out.push('/');
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `<path><suffix>`: SQLite's `-wal`/`-shm` files and our own side files.
pub(crate) fn side_file(path: &Path, suffix: &str) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(suffix);
    PathBuf::from(p)
}

/// Refuse a file that is not an SQLite database before SQLite touches it.
fn check_sqlite_header(path: &Path) -> Result<()> {
    use std::io::Read;
    check_regular_file(
        path,
        "read as a league database",
        Some(Way::DatabasePathAside),
    )?;
    let mut file = std::fs::File::open(path).map_err(|e| {
        Error::Database(format!("cannot open {}: {e}", path.display()))
            .with_way(Way::DatabasePathReadable)
    })?;
    let mut header = [0u8; 16];
    let mut n = 0;
    while n < header.len() {
        match file.read(&mut header[n..])? {
            0 => break,
            k => n += k,
        }
    }
    if n == 0 {
        return Ok(()); // an empty file becomes a new database
    }
    if n < 16 || &header != b"SQLite format 3\0" {
        return Err(Error::Database(format!(
            "{} is not a league database (it is not an SQLite file) and was left as it is",
            path.display()
        ))
        .with_way(Way::DatabasePath));
    }
    Ok(())
}

/// Whether `path` is a file this user may not write: a probe that opens it
/// for writing without writing anything (so root's view, ACLs and read-only
/// mounts all count, as they would for SQLite).
fn read_only_file(path: &Path) -> Option<Error> {
    let name = path.display();
    match std::fs::OpenOptions::new().write(true).open(path) {
        Err(e) if is_permission(&e) => Some(
            Error::Database(format!(
                "{name} is read-only, so this program cannot record anything in it (it was left as it is)"
            ))
            .with_way(Way::ReadOnlyFile {
                name: name.to_string(),
            }),
        ),
        _ => None,
    }
}

fn is_permission(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
    )
}

/// Why SQLite could not open or write `path`, when the cause is access: the
/// file, its `-wal`/`-shm` files, or the folder (WAL mode creates the
/// `-wal` and `-shm` files beside the database, so the folder must be
/// writable). The folder is probed by creating and removing a small file.
pub fn access_problem(path: &Path) -> Option<Error> {
    if path.exists() {
        if let Some(p) = read_only_file(path) {
            return Some(p);
        }
    }
    for suffix in ["-wal", "-shm"] {
        let side = side_file(path, suffix);
        if side.exists() && read_only_file(&side).is_some() {
            return Some(
                Error::Database(format!(
                    "{} is read-only, and SQLite needs to write it to use {}",
                    side.display(),
                    path.display(),
                ))
                .with_way(Way::ReadOnlySideFile {
                    names: format!("{} {}", path.display(), side.display()),
                }),
            );
        }
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let probe = dir.join(format!(".{name}.league-write-test-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            None
        }
        Err(e) if is_permission(&e) => Some(
            Error::Database(format!(
                "the folder {} is read-only: while it works, league (SQLite) keeps two journal files, \
                 {name}-wal and {name}-shm, beside {}, so the folder must be writable. Make the folder \
                 writable, or copy the database to a folder you can write",
                dir.display(),
                path.display(),
            ))
            .with_way_then(
                Way::CopyElsewhere,
                if path.exists() {
                    format!("; {} was left as it is", path.display())
                } else {
                    String::new()
                },
            ),
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some(
            Error::Database(format!("the folder {} does not exist", dir.display()))
                .with_way(Way::DatabasePath),
        ),
        Err(_) => None,
    }
}

/// [`explain`] for an SQLite error.
pub(crate) fn explain_sql(path: &Path, e: rusqlite::Error) -> Error {
    explain(path, e.into())
}

/// Turn a failure of the database file itself into the secretary's words,
/// naming the file and what to do: a full disk, a read-only file or folder,
/// a damaged file, a file another program keeps locked. Other errors pass
/// through unchanged. Every such failure happens inside a transaction that
/// is then rolled back, so the messages can promise the file is as it was.
pub fn explain(path: &Path, e: Error) -> Error {
    let Error::Sql(SqlError(sql)) = &e else {
        return e;
    };
    let Some(code) = sql.sqlite_error_code() else {
        return e;
    };
    let name = path.display();
    match code {
        ErrorCode::ReadOnly
        | ErrorCode::CannotOpen
        | ErrorCode::PermissionDenied
        | ErrorCode::SystemIoFailure => match access_problem(path) {
            Some(problem) => problem,
            None => cannot_write(path, sql, code),
        },
        ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase => damaged(path, sql),
        ErrorCode::DiskFull => Error::Database(format!(
            "the disk holding {name} is full, so nothing was saved and {name} is as it was"
        ))
        .with_way(Way::FreeSpace),
        ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked => Error::Database(format!(
            "{name} is busy: another league command (or another program) has been using it for more \
             than {} seconds. Nothing was saved",
            BUSY_TIMEOUT.as_secs()
        ))
        .with_way(Way::WaitForOther),
        _ => e,
    }
}

/// Why SQLite could not write `path` when no access problem explains it:
/// a disk error (`SystemIoFailure`) or another refusal to write.
fn cannot_write(path: &Path, sql: &rusqlite::Error, code: ErrorCode) -> Error {
    let name = path.display();
    if code == ErrorCode::SystemIoFailure {
        Error::Database(format!(
            "could not read or write {name} ({sql}), so nothing was saved and {name} is as it was"
        ))
        .with_way(Way::DiskError)
    } else {
        Error::Database(format!(
            "cannot write {name} ({sql}); nothing was saved. Check that the file and its folder \
             are writable and on a disk that is still connected"
        ))
    }
}

/// [`explain`] for a command that only reads (a report, a list, `check`,
/// `backup`, `sql`): a full disk or a failed disk read is not "nothing was
/// saved" (nothing was to be saved) but a read that could not be made.
pub fn explain_read(path: &Path, e: Error) -> Error {
    let code = match &e {
        Error::Sql(SqlError(sql)) => sql.sqlite_error_code(),
        _ => None,
    };
    let name = path.display();
    match code {
        Some(ErrorCode::DiskFull) => Error::Database(format!(
            "could not read {name}: the disk holding it is full (SQLite needs a little room to \
             read a league database). Nothing was changed"
        ))
        .with_way(Way::FreeSpace),
        Some(ErrorCode::SystemIoFailure) if access_problem(path).is_none() => {
            Error::Database(format!(
                "could not read {name} (the system reported a disk error). Nothing was changed"
            ))
            .with_way(Way::DiskErrorOnRead)
        }
        _ => explain(path, e),
    }
}

/// The message for a damaged database file.
pub(crate) fn damaged(path: &Path, e: &dyn std::fmt::Display) -> Error {
    let name = path.display();
    Error::Database(format!(
        "{name} is damaged (SQLite says: {e}) and was left as it is"
    ))
    .with_way(Way::Damaged)
}

/// SQLite's text for a refused constraint, in the secretary's words: the
/// schema's own triggers already speak them ("a player already has a game
/// or bye in this round"); SQLite's generic CHECK, UNIQUE, NOT NULL and
/// foreign-key texts ("UNIQUE constraint failed: player.name") are put in a
/// sentence naming the record and field.
fn constraint_words(msg: Option<&str>) -> String {
    let Some(msg) = msg else {
        return "the database refused the change".into();
    };
    let fields = |list: &str| -> (String, String) {
        let mut table = String::new();
        let cols: Vec<String> = list
            .split(',')
            .map(|c| {
                let c = c.trim();
                match c.split_once('.') {
                    Some((t, col)) => {
                        table = t.replace('_', " ");
                        col.replace('_', " ")
                    }
                    None => c.replace('_', " "),
                }
            })
            .collect();
        (table, cols.join(" and "))
    };
    if let Some(list) = msg.strip_prefix("UNIQUE constraint failed: ") {
        let (table, cols) = fields(list);
        return format!("there is already a {table} with the same {cols}");
    }
    if let Some(list) = msg.strip_prefix("NOT NULL constraint failed: ") {
        let (table, cols) = fields(list);
        return format!("the {table}'s {cols} is missing");
    }
    if let Some(rule) = msg.strip_prefix("CHECK constraint failed: ") {
        if let Some(words) = range_rule(rule) {
            return words;
        }
        return format!(
            "a value is outside what the league accepts (the rule it broke: {})",
            rule.trim()
        );
    }
    if msg.starts_with("FOREIGN KEY constraint failed") {
        return "it refers to a record that does not exist, or a record still refers to what it \
                would remove"
            .into();
    }
    msg.to_string()
}

/// A CHECK of the form `col BETWEEN a AND b` (or `col IS NULL OR col
/// BETWEEN a AND b`) as "the rating must be between 0 and 4000".
fn range_rule(rule: &str) -> Option<String> {
    let rule = rule.trim();
    let rule = match rule.split_once(" IS NULL OR ") {
        Some((_, rest)) => rest,
        None => rule,
    };
    let (col, range) = rule.split_once(" BETWEEN ")?;
    let (low, high) = range.split_once(" AND ")?;
    let plain = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (plain(col) && plain(low.trim()) && plain(high.trim())).then(|| {
        format!(
            "the {} must be between {} and {}",
            col.replace('_', " "),
            low.trim(),
            high.trim()
        )
    })
}

/// A write refused by a constraint of the schema, in the secretary's words
/// ("the bye was not saved: ..."), naming `what` was being saved; any other
/// SQLite failure passes through as it is.
pub(crate) fn constraint_error(e: rusqlite::Error, what: &str) -> Error {
    match constraint_message(&e) {
        Some(msg) => Error::invalid(format!("the {what} was not saved: {msg}")),
        None => e.into(),
    }
}

/// Turn a constraint failure raised by the schema into the secretary's words.
pub(crate) fn constraint_message(e: &rusqlite::Error) -> Option<String> {
    if let rusqlite::Error::SqliteFailure(err, msg) = e {
        if err.code == rusqlite::ErrorCode::ConstraintViolation {
            return Some(constraint_words(msg.as_deref()));
        }
    }
    None
}

#[cfg(any(test, feature = "testing"))]
pub mod fixture;
#[cfg(test)]
mod tests;

/// Refuse a path that exists but is not a regular file (a folder, a named
/// pipe, a device, a socket) before anything opens it: opening a named pipe
/// for reading waits for a writer that never comes, and a folder or device
/// is no league database. `what` names the role of the path in the
/// message ("the league database", "the backup").
pub(crate) fn check_regular_file(path: &Path, what: &str, way: Option<Way>) -> Result<()> {
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(()); // missing: the caller says what that means
    };
    if meta.is_file() {
        return Ok(());
    }
    let kind = file_kind(&meta);
    let facts = Error::Database(format!(
        "{} is {kind}, not a file, so it cannot be {what}",
        path.display()
    ));
    Err(match way {
        Some(way) => facts.with_way_then(way, "; nothing was changed"),
        None => Error::Database(format!("{facts}; nothing was changed")),
    })
}

/// What a path that is not a regular file is, in plain words.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    "not an ordinary file"
}

/// An operating-system failure to read or write a file, in the
/// secretary's words instead of the system's ("Is a directory (os error
/// 21)").
pub(crate) fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "there is no such file".into(),
        K::PermissionDenied => "you may not read or write it (check its permissions)".into(),
        K::IsADirectory => "it is a folder, not a file".into(),
        K::NotADirectory => "a part of its path is a file, not a folder".into(),
        K::StorageFull => "the disk is full".into(),
        K::ReadOnlyFilesystem => "it is on a read-only disk".into(),
        K::FileTooLarge => "it is larger than this system allows".into(),
        _ => format!("the system says: {e}"),
    }
}
