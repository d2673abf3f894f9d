//! Backups and restores of the whole league database.
//!
//! Every copy is made with SQLite's online backup API, which reads one
//! consistent snapshot even while another `league` process is recording
//! (in WAL mode readers never block writers, so the copy is taken in one
//! step). A copy is written under a temporary name, switched to an ordinary
//! rollback journal (so the backup is one self-contained file, with no
//! `-wal` beside it), checked with `PRAGMA quick_check`, synced to disk and
//! only then renamed to its final name: a backup file is either complete or
//! absent, never half-written.
//!
//! A restore checks the file first (SQLite, a league database, not newer
//! than this program, `integrity_check` and `foreign_key_check` clean),
//! upgrades a working copy of it to this program's schema, and then
//! replaces the current database:
//! - a healthy current database is replaced inside ONE write transaction
//!   (every table emptied and refilled from the working copy, with the
//!   schema's constraints and triggers checking every row). The safety copy
//!   `<db>.before-restore.bak` is read after that transaction took the
//!   write lock, so no other command can slip a change in between, and
//!   other processes see either the old league or the restored one;
//! - a damaged current database (SQLite cannot read it) cannot be written
//!   through SQLite; its bytes (and its `-wal`, if any) are copied aside
//!   first, then the working copy is renamed over it.
//!
//! The restore itself goes in the restored database's audit trail.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, TransactionBehavior};

pub use super::snapshot::Counts;
use super::snapshot::{io_err, snapshot, sync_dir, sync_file, TempFile};
use super::{explain, explain_sql, migrate, open_reader, side_file, BUSY_TIMEOUT};
use crate::error::{Error, Result, Way};

/// What `league backup` wrote.
#[derive(Debug)]
pub struct BackupReport {
    /// Where the copy was written.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// What it holds, counted in the copy itself.
    pub counts: Counts,
}

/// Why a backup or a restore is refused before anything is copied: the
/// facts about the paths given. A front end adds its own way on (the CLI
/// names `--force`, `--db` or `league backup`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The backup's file exists and replacing it was not asked for.
    #[error("{} already exists and was left as it is", .path.display())]
    Exists {
        /// The backup's file.
        path: PathBuf,
    },
    /// There is no backup at the path given to restore.
    #[error("there is no file {}", .path.display())]
    NoBackup {
        /// The path given.
        path: PathBuf,
    },
    /// The path given to restore is a folder.
    #[error("{} is a folder", .path.display())]
    BackupIsFolder {
        /// The path given.
        path: PathBuf,
    },
    /// The database's folder does not exist.
    #[error("the folder {} does not exist", .dir.display())]
    NoDatabaseFolder {
        /// The folder.
        dir: PathBuf,
    },
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// `league backup`: copy the database at `db` to `dest`. Refuses to
/// replace an existing file unless `force`; never writes the database
/// itself (it is opened read-only and not upgraded, so a backup is the
/// database exactly as it is).
pub fn backup(db: &Path, dest: &Path, force: bool) -> Result<BackupReport> {
    if same_file(db, dest) {
        return Err(Error::invalid(format!(
            "{} is the league database itself; give another file name for the backup",
            dest.display()
        )));
    }
    if dest.is_dir() {
        return Err(Error::invalid(format!(
            "{} is a folder; give a file name for the backup, for example {}",
            dest.display(),
            dest.join("league-backup.db").display()
        )));
    }
    if dest.exists() && !force {
        return Err(Error::refused(Refusal::Exists {
            path: dest.to_path_buf(),
        }));
    }
    crate::outfile::check_target(dest, crate::outfile::Kind::Backup, Some(db), force)?;
    // Copies killed backups left in that folder, under any name
    // (`<name>.partial-<pid>`; issue 30, item 20).
    if let Some(dir) = dest.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        crate::outfile::remove_stale_partials(dir, "");
    }
    let conn = open_reader(db)?;
    migrate::check_is_league(&conn, db)?;
    if migrate::current_version(&conn).map_err(|e| explain(db, e))? == 0 {
        return Err(Error::Database(format!(
            "{} is empty: there is nothing to back up",
            db.display()
        )));
    }
    let counts = snapshot(&conn, dest)?;
    let bytes = std::fs::metadata(dest).map(|m| m.len()).unwrap_or(0);
    Ok(BackupReport {
        path: dest.to_path_buf(),
        bytes,
        counts,
    })
}

/// What `league restore` did.
#[derive(Debug)]
pub struct Restored {
    /// The copy of the database as it was before the restore (none when
    /// there was no database).
    pub safety_copy: Option<PathBuf>,
    /// What the database held before (none when it was missing or damaged).
    pub previous: Option<Counts>,
    /// What it holds now.
    pub restored: Counts,
    /// The database was damaged and was replaced as a file.
    pub was_damaged: bool,
    /// Schema objects (triggers, views, indexes) of the backup or of the
    /// database that were not league's own, or were changed or missing,
    /// and were removed or put back (issue 30).
    pub schema_repaired: Vec<String>,
}

/// A free name `<db>.<what>.bak`, `<db>.<what>-2.bak`, ...: an earlier
/// safety copy is never overwritten.
pub fn unique_backup_path(db: &Path, what: &str) -> PathBuf {
    let first = side_file(db, &format!(".{what}.bak"));
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|n| side_file(db, &format!(".{what}-{n}.bak")))
        .find(|p| !p.exists())
        .expect("a free name")
}

/// Check that `path` is a league database this program can restore:
/// SQLite, league schema, not newer, integrity and references clean.
fn check_restorable(conn: &Connection, path: &Path) -> Result<()> {
    let name = path.display();
    let refuse = |why: String| {
        Error::Database(format!(
            "{name} cannot be restored: {why}. Nothing was changed; try another backup"
        ))
    };
    let sql = |e: rusqlite::Error| refuse(format!("SQLite cannot read it ({e})"));
    let tables: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'refinery_schema_history'",
            [],
            |r| r.get(0),
        )
        .map_err(sql)?;
    if tables == 0 {
        return Err(refuse("it is not a league database".into()));
    }
    // A refusal with room for a way on keeps it after its facts.
    let refuse_error = |e: Error| match e {
        Error::Hinted(mut h) => {
            h.error = Error::Database(format!("{name} cannot be restored: {}", h.error));
            h.rest.push_str(". Nothing was changed; try another backup");
            Error::Hinted(h)
        }
        other => refuse(other.to_string()),
    };
    let version = migrate::current_version(conn).map_err(refuse_error)?;
    let latest = migrate::latest_version();
    if version > latest {
        return Err(refuse(format!(
            "it was written by a newer version of league (schema {version}; this program knows up to {latest}); \
             restore it with that newer program"
        )));
    }
    migrate::check_history(conn).map_err(refuse_error)?;
    let mut st = conn.prepare("PRAGMA integrity_check(20)").map_err(sql)?;
    let problems = st
        .query_map([], |r| r.get::<_, String>(0))
        .map_err(sql)?
        .collect::<rusqlite::Result<Vec<_>>>()
        .map_err(sql)?;
    if problems != ["ok"] {
        return Err(refuse(format!(
            "it is damaged (SQLite's integrity check: {})",
            problems.join("; ")
        )));
    }
    let mut st = conn.prepare("PRAGMA foreign_key_check").map_err(sql)?;
    let broken = st
        .query_map([], |r| {
            Ok(format!(
                "{} row {} refers to a missing {}",
                r.get::<_, String>("table")?,
                r.get::<_, Option<i64>>("rowid")?.unwrap_or(0),
                r.get::<_, String>("parent")?
            ))
        })
        .map_err(sql)?
        .collect::<rusqlite::Result<Vec<_>>>()
        .map_err(sql)?;
    if !broken.is_empty() {
        return Err(refuse(format!(
            "{} broken reference{} between tables (first: {})",
            broken.len(),
            if broken.len() == 1 { "" } else { "s" },
            broken[0]
        )));
    }
    Ok(())
}

/// The current database, as a restore finds it.
enum Live {
    /// No database yet (or an empty file).
    Missing,
    /// Usable: open, upgraded to this program's schema, quick_check clean.
    Healthy(Connection),
    /// An SQLite file that SQLite cannot read properly.
    Damaged(String),
}

fn live_state(db: &Path) -> Result<Live> {
    play_back_journal(db)?;
    let wal = side_file(db, "-wal");
    let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    match std::fs::metadata(db) {
        Err(_) => return Ok(Live::Missing),
        Ok(m) if m.len() == 0 && wal_len == 0 => return Ok(Live::Missing),
        Ok(_) => {}
    }
    super::check_sqlite_header(db).map_err(|_| {
        Error::Database(format!(
            "{} is not a league database (it is not an SQLite file), so restore will not replace it",
            db.display()
        ))
        .with_way(Way::RestoreElsewhere)
    })?;
    if let Some(problem) = super::read_only_file(db) {
        return Err(problem);
    }
    let is_damage = |e: &rusqlite::Error| {
        matches!(
            e.sqlite_error_code(),
            Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
        )
    };
    // Not configured (WAL) until it is known to be a league database:
    // switching to WAL rewrites the header of a file that may not be ours.
    let conn = match Connection::open_with_flags(
        db,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .and_then(|c| c.busy_timeout(BUSY_TIMEOUT).map(|()| c))
    {
        Ok(c) => c,
        Err(e) if is_damage(&e) => return Ok(Live::Damaged(e.to_string())),
        Err(e) => return Err(explain_sql(db, e)),
    };
    let tables: std::result::Result<(i64, i64), rusqlite::Error> = conn.query_row(
        "SELECT count(*) AS tables, count(*) FILTER (WHERE name = 'refinery_schema_history') AS history \
         FROM sqlite_master WHERE type = 'table'",
        [],
        |r| Ok((r.get("tables")?, r.get("history")?)),
    );
    match tables {
        Ok((n, 0)) if n > 0 => {
            return Err(Error::Database(format!(
                "{} is an SQLite file but not a league database, so restore will not replace it",
                db.display()
            ))
            .with_way(Way::RestoreElsewhere))
        }
        Ok(_) => {}
        Err(e) if is_damage(&e) => return Ok(Live::Damaged(e.to_string())),
        Err(e) => return Err(explain_sql(db, e)),
    }
    let mut conn = conn;
    migrate::check_not_newer(&conn, db)?;
    migrate::check_history(&conn)?;
    match super::configure(&conn, true) {
        Ok(()) => {}
        Err(e) if is_damage(&e) => return Ok(Live::Damaged(e.to_string())),
        Err(e) => return Err(explain_sql(db, e)),
    }
    match conn.query_row("PRAGMA quick_check", [], |r| r.get::<_, String>(0)) {
        Ok(ok) if ok == "ok" => {}
        Ok(problem) => return Ok(Live::Damaged(problem)),
        Err(e) if is_damage(&e) => return Ok(Live::Damaged(e.to_string())),
        Err(e) => return Err(explain_sql(db, e)),
    }
    migrate::run(&mut conn, Some(db))?;
    Ok(Live::Healthy(conn))
}

/// A rollback journal left beside `db` by a command that was killed while
/// it wrote (a new file's first command writes in rollback-journal mode,
/// see [`super::Store::open`]) is played back before a restore looks at
/// the file: judged without it, a killed first import leaves an empty file
/// that looks missing, and the journal, played back by the next command
/// after the restore, would empty the restored database again (issue 30).
/// SQLite plays a hot journal back at the first read of a read-write
/// connection, and deletes it.
fn play_back_journal(db: &Path) -> Result<()> {
    if !super::journal_has_data(db) || !db.exists() {
        return Ok(());
    }
    super::check_sqlite_header(db)?;
    if let Some(problem) = super::read_only_file(db) {
        return Err(problem);
    }
    let conn = Connection::open_with_flags(
        db,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| explain_sql(db, e))?;
    conn.busy_timeout(BUSY_TIMEOUT)
        .map_err(|e| explain_sql(db, e))?;
    // A damaged file is judged (and kept aside with its journal) below.
    let _ = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    });
    conn.close().map_err(|(_, e)| explain_sql(db, e))?;
    Ok(())
}

/// `league restore`: replace the database at `db` with the backup `from`,
/// as described in the module documentation. On any failure before the
/// final step the current database is left exactly as it was.
pub fn restore(db: &Path, from: &Path, reason: Option<&str>) -> Result<Restored> {
    check_restore_paths(db, from)?;
    // 1. The backup: check it where it is, without changing it.
    let src = open_backup(from)?;
    check_restorable(&src, from)?;

    // 2. A working copy beside the database, upgraded to this program.
    let work_path = side_file(db, &format!(".restore-tmp-{}", std::process::id()));
    let work_file = TempFile::new(work_path.clone());
    snapshot(&src, &work_path)?;
    drop(src);
    let mut work = Connection::open(&work_path).map_err(|e| explain_sql(&work_path, e))?;
    work.pragma_update(None, "foreign_keys", "ON")?;
    migrate::run(&mut work, None)?;
    let mut repaired: Vec<String> =
        super::schema_objects::make_own(&work, &from.display().to_string())?
            .iter()
            .map(|d| format!("the backup's {d}"))
            .collect();
    let restored = Counts::read(&work)?;
    let subject = format!("database restored from {}", from.display());

    // 3. Replace the current database.
    let outcome = match live_state(db)? {
        Live::Healthy(conn) => {
            drop(work);
            replace_in_place(conn, db, &work_path, &subject, &restored, reason)?
        }
        Live::Missing => {
            audit_restore(&mut work, &subject, "no database".into(), &restored, reason)?;
            close(work, &work_path)?;
            replace_file(db, &work_path)?;
            Restored {
                safety_copy: None,
                previous: None,
                restored,
                was_damaged: false,
                schema_repaired: Vec::new(),
            }
        }
        Live::Damaged(why) => replace_damaged(
            work,
            db,
            &work_path,
            &why,
            &Replacing {
                subject: &subject,
                restored,
                reason,
            },
        )?,
    };
    drop(work_file);
    let mut outcome = outcome;
    repaired.append(&mut outcome.schema_repaired);
    outcome.schema_repaired = repaired;
    verify_restored(db, from, &outcome)?;
    Ok(outcome)
}

/// The paths of a restore, checked before anything is read: the database
/// a regular file (or none yet) in a folder that exists, the backup a file
/// that is not the database itself.
fn check_restore_paths(db: &Path, from: &Path) -> Result<()> {
    super::check_regular_file(
        db,
        "used as the league database",
        Some(Way::DatabasePathAside),
    )?;
    remove_stale_work_files(db);
    if !from.exists() {
        return Err(Error::refused(Refusal::NoBackup {
            path: from.to_path_buf(),
        }));
    }
    if from.is_dir() {
        return Err(Error::refused(Refusal::BackupIsFolder {
            path: from.to_path_buf(),
        }));
    }
    super::check_regular_file(from, "restored", Some(Way::BackupPathAside))?;
    if same_file(db, from) {
        return Err(Error::invalid(format!(
            "{} is the league database itself; give the path of a backup",
            from.display()
        )));
    }
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            return Err(Error::refused(Refusal::NoDatabaseFolder {
                dir: dir.to_path_buf(),
            }));
        }
    }
    Ok(())
}

/// What a restore is writing: the log's subject, the backup's records and
/// the secretary's reason.
struct Replacing<'a> {
    subject: &'a str,
    restored: Counts,
    reason: Option<&'a str>,
}

/// Put the working copy in place of a damaged database, which is first
/// copied aside (with its journal) so nothing of it is lost.
fn replace_damaged(
    mut work: Connection,
    db: &Path,
    work_path: &Path,
    why: &str,
    r: &Replacing,
) -> Result<Restored> {
    let safety = unique_backup_path(db, "before-restore");
    copy_synced(db, &safety)?;
    for suffix in ["-wal", "-journal"] {
        let side = side_file(db, suffix);
        if std::fs::metadata(&side).is_ok_and(|m| m.len() > 0) {
            // Named so that SQLite reads it with the copy.
            copy_synced(&side, &side_file(&safety, suffix))?;
        }
    }
    audit_restore(
        &mut work,
        r.subject,
        format!(
            "a damaged database ({why}), kept as it was in {}",
            safety.display()
        ),
        &r.restored,
        r.reason,
    )?;
    close(work, work_path)?;
    replace_file(db, work_path)?;
    Ok(Restored {
        safety_copy: Some(safety),
        previous: None,
        restored: r.restored.clone(),
        was_damaged: true,
        schema_repaired: Vec::new(),
    })
}

/// Read the restored database back as the next command will (a read-write
/// connection, which would first play back any journal left beside it) and
/// check that it holds what the restore is about to report: the backup's
/// records and one more log entry (the restore's own). A restore that
/// said "Restored" over a file that then opened empty lost a league
/// (issue 30).
fn verify_restored(db: &Path, from: &Path, outcome: &Restored) -> Result<()> {
    let conn = Connection::open_with_flags(
        db,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| explain_sql(db, e))?;
    conn.busy_timeout(BUSY_TIMEOUT)
        .map_err(|e| explain_sql(db, e))?;
    let found = Counts::read(&conn).map_err(|e| explain(db, e))?;
    let mut expected = outcome.restored.clone();
    expected.audit_entries += 1;
    if found == expected {
        return Ok(());
    }
    let kept = outcome
        .safety_copy
        .as_ref()
        .map(|p| format!(" The database as it was is kept in {}.", p.display()))
        .unwrap_or_default();
    Err(Error::Database(format!(
        "the restore did not take: {} now holds {}, not the backup's {}. The backup {} is unchanged",
        db.display(),
        found.summary(),
        expected.summary(),
        from.display()
    ))
    .with_way_then(Way::RestoreAgain, format!(".{kept}")))
}

/// Open the backup `from` for reading, refusing in words about the backup
/// (not the --db path) a file that cannot be read or is not SQLite.
fn open_backup(from: &Path) -> Result<Connection> {
    let unchanged = "; nothing was changed";
    if let Err(e) = std::fs::File::open(from) {
        return Err(Error::Database(format!(
            "cannot read the backup {}: {}",
            from.display(),
            super::io_words(&e)
        ))
        .with_way_then(Way::BackupPath, unchanged));
    }
    if super::check_sqlite_header(from).is_err() {
        return Err(Error::Database(format!(
            "{} is not a league backup (it is not an SQLite file)",
            from.display()
        ))
        .with_way_then(Way::BackupPath, unchanged));
    }
    open_reader(from).map_err(|e| match e {
        Error::Database(msg) => Error::Database(format!("{msg}{unchanged}")),
        Error::Hinted(mut h) if matches!(h.error.cause(), Error::Database(_)) => {
            h.rest.push_str(unchanged);
            Error::Hinted(h)
        }
        other => other,
    })
}

/// The working copies an earlier `league restore` left beside `db` when it
/// was killed (`<db>.restore-tmp-<pid>`, with any `.partial-<pid>`,
/// `-journal`, `-wal`, `-shm` beside them): removed when the process that
/// made them is no longer running. Whether a process runs is known from
/// `/proc` on Linux; elsewhere the files are left for the secretary.
fn remove_stale_work_files(db: &Path) {
    let (Some(dir), Some(name)) = (db.parent(), db.file_name()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    // The safety copies a killed restore was writing
    // (`<db>.before-restore.bak.partial-<pid>`; issue 30, item 20).
    crate::outfile::remove_stale_partials(dir, &format!("{}.", name.to_string_lossy()));
    let prefix = format!("{}.restore-tmp-", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let pid: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let gone = !pid.is_empty()
            && cfg!(target_os = "linux")
            && Path::new("/proc").is_dir()
            && !Path::new("/proc").join(&pid).exists();
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if gone && is_file {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn close(conn: Connection, path: &Path) -> Result<()> {
    conn.close().map_err(|(_, e)| explain_sql(path, e))?;
    sync_file(path).map_err(|e| io_err(path, e))
}

fn copy_synced(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to).map_err(|e| io_err(to, e))?;
    sync_file(to).map_err(|e| io_err(to, e))
}

/// Put the (closed, synced) working copy in the database's place. The old
/// `-wal`/`-shm`/`-journal` files must go first: SQLite would otherwise
/// apply the old database's log (or play its journal back) over the new
/// file. Their contents were copied aside (or the journal played back).
fn replace_file(db: &Path, work: &Path) -> Result<()> {
    for suffix in ["-shm", "-wal", "-journal"] {
        let side = side_file(db, suffix);
        match std::fs::remove_file(&side) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_err(&side, e)),
        }
    }
    std::fs::rename(work, db).map_err(|e| io_err(db, e))?;
    sync_dir(db);
    Ok(())
}

fn audit_restore(
    conn: &mut Connection,
    subject: &str,
    old: String,
    restored: &Counts,
    reason: Option<&str>,
) -> Result<()> {
    let tx = super::Writer(conn.transaction()?);
    super::audit::audit(
        &tx,
        super::audit::Action::Restore,
        subject,
        Some(&old),
        Some(&restored.summary()),
        reason,
    )?;
    tx.0.commit()?;
    Ok(())
}

/// The healthy case: in one write transaction on the live database, take
/// the safety copy, empty every table and refill it from the working copy.
fn replace_in_place(
    mut conn: Connection,
    db: &Path,
    work: &Path,
    subject: &str,
    restored: &Counts,
    reason: Option<&str>,
) -> Result<Restored> {
    let work_name = work.to_str().ok_or_else(|| {
        Error::Database(format!(
            "{} has a name SQLite cannot attach; move the database to a plain path",
            work.display()
        ))
    })?;
    conn.execute("ATTACH DATABASE ?1 AS restored", [work_name])
        .map_err(|e| explain_sql(work, e))?;
    let safety = unique_backup_path(db, "before-restore");
    let result = (|| -> Result<(Counts, Vec<super::schema_objects::Difference>)> {
        let tx = super::Writer(
            conn.transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(|e| explain_sql(db, e))?,
        );
        // We hold the write lock: this copy is exactly what is replaced.
        let previous = {
            let reader = open_reader(db)?;
            snapshot(&reader, &safety)?
        };
        let repaired = super::schema_objects::make_own(&tx.0, &db.display().to_string())?;
        copy_tables(&tx.0).map_err(|e| explain(db, e))?;
        super::audit::audit(
            &tx,
            super::audit::Action::Restore,
            subject,
            Some(&format!(
                "{}; kept in {}",
                previous.summary(),
                safety.display()
            )),
            Some(&restored.summary()),
            reason,
        )?;
        tx.0.commit().map_err(|e| explain_sql(db, e))?;
        Ok((previous, repaired))
    })();
    let _ = conn.execute("DETACH DATABASE restored", []);
    let (previous, repaired) = result?;
    Ok(Restored {
        safety_copy: Some(safety),
        previous: Some(previous),
        restored: restored.clone(),
        was_damaged: false,
        schema_repaired: repaired
            .iter()
            .map(|d| format!("the database's {d}"))
            .collect(),
    })
}

/// Empty every table of `main` and refill it from `restored` (both at this
/// program's schema), parents before children. Foreign keys are deferred
/// to the commit, where SQLite checks them all. Every row goes through the
/// schema's triggers, which today only refuse bad rows; a future trigger
/// that writes to other tables on insert would need its table refilled
/// last or its effect undone here.
fn copy_tables(tx: &rusqlite::Transaction) -> Result<()> {
    let tables = |schema: &str| -> Result<Vec<String>> {
        let mut st = tx.prepare(&format!(
            "SELECT name FROM {schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ))?;
        let names = st
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(names)
    };
    let columns = |schema: &str, table: &str| -> Result<Vec<String>> {
        let mut st = tx.prepare(&format!(
            "SELECT name FROM pragma_table_info(?1, '{schema}') ORDER BY cid"
        ))?;
        let names = st
            .query_map([table], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(names)
    };
    let main = tables("main")?;
    if main != tables("restored")? {
        return Err(Error::Database(
            "the backup's tables differ from this program's even after upgrading it; nothing was changed"
                .into(),
        ));
    }
    // Parents first: a table comes after every table it refers to.
    let mut order: Vec<String> = Vec::new();
    let mut parents = std::collections::HashMap::new();
    for t in &main {
        let mut st = tx.prepare("SELECT DISTINCT \"table\" FROM pragma_foreign_key_list(?1)")?;
        let p = st
            .query_map([t], |r| r.get::<_, String>(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        parents.insert(t.clone(), p);
    }
    while order.len() < main.len() {
        let before = order.len();
        for t in &main {
            if !order.contains(t)
                && parents[t]
                    .iter()
                    .all(|p| p == t || order.contains(p) || !main.contains(p))
            {
                order.push(t.clone());
            }
        }
        if order.len() == before {
            // A cycle: the deferred foreign keys cope with any order.
            let rest: Vec<String> = main
                .iter()
                .filter(|t| !order.contains(t))
                .cloned()
                .collect();
            order.extend(rest);
        }
    }
    tx.execute_batch("PRAGMA defer_foreign_keys = ON")?;
    for t in order.iter().rev() {
        tx.execute(&format!("DELETE FROM main.\"{t}\""), [])?;
    }
    for t in &order {
        let cols = columns("main", t)?;
        if cols != columns("restored", t)? {
            return Err(Error::Database(format!(
                "the backup's table {t} differs from this program's even after upgrading it; nothing was changed"
            )));
        }
        let list = cols
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", ");
        tx.execute(
            &format!("INSERT INTO main.\"{t}\" ({list}) SELECT {list} FROM restored.\"{t}\""),
            [],
        )?;
    }
    Ok(())
}
