//! Migrations: the commented SQL files in `migrations/`, embedded in the
//! binary and applied when a database is opened. A database written by a
//! newer program is refused, never "migrated" backwards; an existing
//! database is copied aside before any migration touches it.

use std::path::Path;

use rusqlite::Connection;

use crate::error::{Error, Result};

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// The newest schema version this program knows.
pub fn latest_version() -> i64 {
    embedded::migrations::runner()
        .get_migrations()
        .iter()
        .map(|m| m.version() as i64)
        .max()
        .unwrap_or(0)
}

/// The schema version recorded in the database (0 for a new one).
pub fn current_version(conn: &Connection) -> Result<i64> {
    if !has_table(conn, "refinery_schema_history")? {
        return Ok(0);
    }
    Ok(conn.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM refinery_schema_history",
        [],
        |r| r.get(0),
    )?)
}

fn has_table(conn: &Connection, name: &str) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
        [name],
        |r| r.get::<_, i64>(0),
    )? > 0)
}

/// Refuse an SQLite file that holds other tables but no league schema.
pub fn check_is_league(conn: &Connection, path: &Path) -> Result<()> {
    let tables: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
            [],
            |r| r.get(0),
        )
        .map_err(|e| {
            Error::Database(format!("{} is not a league database: {e}", path.display()))
        })?;
    if tables > 0 && !has_table(conn, "refinery_schema_history")? {
        return Err(Error::Database(format!(
            "{} is an SQLite file but not a league database; check the --db path",
            path.display()
        )));
    }
    Ok(())
}

pub fn check_not_newer(conn: &Connection, path: &Path) -> Result<()> {
    let current = current_version(conn)?;
    let latest = latest_version();
    if current > latest {
        return Err(Error::Database(format!(
            "{} was written by a newer version of league (schema {current}; this program knows up to {latest}); \
             use the newer program, or restore a backup",
            path.display()
        )));
    }
    Ok(())
}

/// Apply pending migrations. For an existing database with pending
/// migrations, first copy it to `<file>.before-v<N>.bak` with SQLite's
/// backup API, so a failed or unwanted upgrade can be undone.
pub fn run(conn: &mut Connection, path: Option<&Path>) -> Result<()> {
    let current = current_version(conn)?;
    let latest = latest_version();
    if let Some(path) = path {
        check_not_newer(conn, path)?;
        if current > 0 && current < latest {
            let backup = backup_path(path, current);
            conn.backup(
                rusqlite::MAIN_DB,
                &backup,
                None::<fn(rusqlite::backup::Progress)>,
            )
            .map_err(|e| {
                Error::Database(format!(
                    "could not back up {} before upgrading it: {e}",
                    path.display()
                ))
            })?;
        }
    }
    if current == latest {
        return Ok(());
    }
    embedded::migrations::runner().run(conn).map_err(|e| {
        Error::Database(format!(
            "could not bring the database schema up to date: {e}"
        ))
    })?;
    Ok(())
}

/// Apply migrations up to `version` only (tests of upgrades from older schemas).
#[cfg(test)]
pub fn run_to(conn: &mut Connection, version: i32) -> Result<()> {
    embedded::migrations::runner()
        .set_target(refinery::Target::Version(version))
        .run(conn)
        .map_err(|e| Error::Database(e.to_string()))?;
    Ok(())
}

/// Where the automatic pre-migration backup goes.
pub fn backup_path(path: &Path, version: i64) -> std::path::PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(format!(".before-v{version}.bak"));
    path.with_file_name(name)
}
