//! Migrations: the commented SQL files in `migrations/`, embedded in the
//! binary and applied when a database is opened. A database written by a
//! newer program is refused, never "migrated" backwards; an existing
//! database is copied aside before any migration touches it.
//!
//! All pending migrations run in ONE transaction (refinery's "grouped"
//! mode): an upgrade that fails part-way leaves the database exactly at its
//! old version, still usable by the program that wrote it, rather than
//! half-upgraded.

use std::path::Path;

use refinery::{Migration, Runner};
use rusqlite::Connection;

use super::Readable;
use crate::error::{Error, Result};

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// The migrations this program brings, in order.
pub fn migrations() -> Vec<Migration> {
    embedded::migrations::runner().get_migrations().to_vec()
}

/// The newest schema version this program knows.
pub fn latest_version() -> i64 {
    version_of(&migrations())
}

fn version_of(migrations: &[Migration]) -> i64 {
    migrations
        .iter()
        .map(|m| m.version() as i64)
        .max()
        .unwrap_or(0)
}

/// The schema version recorded in the database (0 for a new one).
pub fn current_version(conn: &impl Readable) -> Result<i64> {
    let conn = super::sql(conn);
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
/// (An SQLite file with no tables at all is a new, empty database.)
pub fn check_is_league(conn: &impl Readable, path: &Path) -> Result<()> {
    let conn = super::sql(conn);
    let tables: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
            [],
            |r| r.get(0),
        )
        .map_err(|e| super::explain_sql(path, e))?;
    if tables > 0 && !has_table(conn, "refinery_schema_history")? {
        return Err(Error::Database(format!(
            "{} is an SQLite file but not a league database; check the --db path",
            path.display()
        )));
    }
    Ok(())
}

/// Refuse a database written by a newer version of the program.
pub fn check_not_newer(conn: &impl Readable, path: &Path) -> Result<()> {
    let conn = super::sql(conn);
    check_not_newer_than(conn, path, latest_version())
}

fn check_not_newer_than(conn: &Connection, path: &Path, latest: i64) -> Result<()> {
    let current = current_version(conn)?;
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
/// backup API (see [`super::snapshot`]: written whole under a
/// temporary name, checked, then renamed), so a failed or unwanted upgrade
/// can be undone.
pub fn run(conn: &mut Connection, path: Option<&Path>) -> Result<()> {
    run_migrations(conn, path, &migrations())
}

/// [`run`] with a given list of migrations: the program's own, or (in
/// tests) the program's plus a deliberately broken one, to prove that a
/// failed upgrade leaves the database as it was.
pub fn run_migrations(
    conn: &mut Connection,
    path: Option<&Path>,
    migrations: &[Migration],
) -> Result<()> {
    let latest = version_of(migrations);
    if let Some(path) = path {
        check_not_newer_than(conn, path, latest)?;
    }
    // The version and the copy come from ONE read transaction, so the copy
    // is of exactly the version it is named for, even if another `league`
    // process upgrades the same file meanwhile.
    conn.execute_batch("BEGIN DEFERRED")?;
    let prepared = (|| -> Result<(i64, Option<std::path::PathBuf>)> {
        let current = current_version(conn)?;
        match path {
            Some(path) if current > 0 && current < latest => {
                let backup = backup_path(path, current);
                super::snapshot::snapshot(conn, &backup).map_err(|e| {
                    Error::Database(format!(
                        "could not back up {} before upgrading it, so it was not upgraded and is as it was: {e}",
                        path.display()
                    ))
                })?;
                Ok((current, Some(backup)))
            }
            _ => Ok((current, None)),
        }
    })();
    let _ = conn.execute_batch("COMMIT");
    let (current, backup) = prepared?;
    if current >= latest {
        return Ok(());
    }
    let result = Runner::new(migrations).set_grouped(true).run(conn);
    if let Err(e) = result {
        // Another `league` process may have upgraded the same database a
        // moment earlier; then there is nothing left to do.
        let now = current_version(conn).unwrap_or(current);
        if now >= latest {
            return Ok(());
        }
        let place = path
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| "the database".into());
        let kept = backup
            .map(|b| format!("; a copy taken before the attempt is at {}", b.display()))
            .unwrap_or_default();
        return Err(Error::Database(format!(
            "could not bring {place} up to date (schema {now} to {latest}): {e}. Nothing was changed: \
             it is still at schema {now} and the program that wrote it can still use it{kept}"
        )));
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    /// Every row of every table, as text.
    fn dump(conn: &Connection) -> Vec<String> {
        let mut tables = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .unwrap();
        let names: Vec<String> = tables
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        let mut out = vec![];
        for t in names {
            let mut st = conn.prepare(&format!("SELECT * FROM \"{t}\"")).unwrap();
            let n = st.column_count();
            let rows = st
                .query_map([], |r| {
                    Ok((0..n)
                        .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                        .collect::<Vec<_>>()
                        .join("|"))
                })
                .unwrap();
            out.extend(rows.map(|r| format!("{t}: {}", r.unwrap())));
        }
        out
    }

    /// A program whose next migrations are a good one and a broken one:
    /// the upgrade fails, and neither is applied (one transaction).
    #[test]
    fn a_failed_upgrade_changes_nothing_and_keeps_a_copy() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("league.db");
        {
            let mut store = Store::open(&path, true).unwrap();
            store
                .write(|tx| {
                    tx.execute("INSERT INTO season (name) VALUES ('2022-23')", [])?;
                    Ok(())
                })
                .unwrap();
        }
        let mut conn = Connection::open(&path).unwrap();
        let before = dump(&conn);
        let mut next = migrations();
        let v = latest_version() as u32;
        next.push(
            Migration::unapplied(
                &format!("V{}__fine", v + 1),
                "CREATE TABLE fine (x INTEGER);",
            )
            .unwrap(),
        );
        next.push(
            Migration::unapplied(
                &format!("V{}__broken", v + 2),
                "ALTER TABLE season ADD COLUMN notes TEXT; CREATE TABLE season (x);",
            )
            .unwrap(),
        );
        let e = run_migrations(&mut conn, Some(&path), &next)
            .unwrap_err()
            .to_string();
        assert!(e.contains("Nothing was changed"), "{e}");
        assert!(e.contains(&format!("still at schema {v}")), "{e}");
        assert_eq!(dump(&conn), before);
        assert_eq!(current_version(&conn).unwrap(), v as i64);
        // The copy taken first holds the same data and is a league database.
        let copy = Connection::open(backup_path(&path, v as i64)).unwrap();
        assert_eq!(dump(&copy), before);
        drop(conn);
        // This program (without the extra migrations) still opens it.
        let store = Store::open(&path, false).unwrap();
        assert_eq!(
            crate::store::season::seasons(store.conn()).unwrap()[0].name,
            "2022-23"
        );
    }
}
