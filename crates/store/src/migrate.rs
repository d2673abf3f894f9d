//! Migrations: the commented SQL files in `migrations/`, embedded in the
//! binary and applied when a database is opened. A database written by a
//! newer program is refused, never "migrated" backwards; an existing
//! database is copied aside before any migration touches it.
//!
//! All pending migrations run in ONE transaction (refinery's "grouped"
//! mode): an upgrade that fails part-way leaves the database exactly at its
//! old version, still usable by the program that wrote it, rather than
//! half-upgraded.
//!
//! A NEW database does not replay the migrations: it is given their end
//! result in one script, `schema.sql` (every table, index, view and trigger
//! exactly as the migrations leave them, as SQLite stores them, and the
//! migrations' history rows refinery would write), in one transaction.
//! Replaying them cost a new league 140 M instructions (issue 13): their 22
//! `ALTER TABLE`s each make SQLite re-read and re-parse the whole schema,
//! views included. The unit test `the_schema_script_is_what_the_migrations_make`
//! builds a database both ways and compares every schema object and every
//! row; after adding a migration, regenerate the script with
//! `LEAGUE_WRITE_SCHEMA=1 cargo test --lib schema_script` (the test says so
//! when it is stale). Existing databases are upgraded by the migrations
//! themselves, as before.

use std::path::Path;

use refinery::{Migration, Runner};
use rusqlite::Connection;

use super::Readable;
use crate::error::{Error, Result, Way};

mod embedded {
    refinery::embed_migrations!("../../migrations");
}

/// The migrations this program brings, in order.
pub fn migrations() -> Vec<Migration> {
    embedded::migrations::runner().get_migrations().to_vec()
}

/// The newest schema version this program knows: the number of the last
/// file in `migrations/`, kept as a constant so that opening a database
/// that is already current never builds refinery's list of migrations
/// (parsing every embedded file's name and hashing its SQL, a large part of
/// a short command's start: issue 13). A unit test
/// (`the_latest_version_is_the_newest_migration`) fails when a migration is
/// added without raising it.
pub const LATEST_VERSION: i64 = 31;

/// The newest schema version this program knows ([`LATEST_VERSION`]).
pub fn latest_version() -> i64 {
    LATEST_VERSION
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
    let (version, not_numbers): (Option<i64>, i64) = conn.query_row(
        "SELECT MAX(version) FILTER (WHERE typeof(version) = 'integer') AS version, \
                count(*) FILTER (WHERE typeof(version) <> 'integer') AS not_numbers \
         FROM refinery_schema_history",
        [],
        |r| Ok((r.get("version")?, r.get("not_numbers")?)),
    )?;
    if not_numbers > 0 {
        return Err(damaged_history("a version that is not a number"));
    }
    Ok(version.unwrap_or(0))
}

/// The refusal of a database whose record of its schema versions cannot be
/// trusted: league cannot tell which program wrote it or what upgrading
/// it would need, so it leaves the file alone.
fn damaged_history(what: &str) -> Error {
    Error::Database(format!(
        "the database's record of its schema versions (refinery_schema_history) holds {what}, \
         so this program cannot tell which version of the program wrote it; the file was left as it is"
    ))
    .with_way(Way::RestoreBackup)
}

/// Check, before anything writes to the file, that every row of the
/// schema history is what the migration library (refinery) reads back when
/// it upgrades a database: a whole-number version, a name, an RFC 3339
/// time and a numeric checksum. refinery trusts these and stops the
/// program (a panic, exit 101) on anything else, after the file had
/// already been switched to WAL (issue 30, item 14). A database already at
/// this program's version is never handed to refinery, so its history is
/// not read.
pub fn check_history(conn: &impl Readable) -> Result<()> {
    let conn = super::sql(conn);
    if !has_table(conn, "refinery_schema_history")? {
        return Ok(());
    }
    let mut st = conn.prepare(
        "SELECT version, typeof(version) AS version_type, typeof(name) AS name_type, \
                applied_on, typeof(applied_on) AS applied_on_type, \
                checksum, typeof(checksum) AS checksum_type \
         FROM refinery_schema_history ORDER BY rowid",
    )?;
    let mut rows = st.query([])?;
    while let Some(r) = rows.next()? {
        let version = r.get_ref("version")?.as_i64().ok();
        let row = match version {
            Some(v) => format!("version {v}"),
            None => "a row".to_string(),
        };
        // A column's text, when SQLite stored it as text.
        let text = |column: &str| -> rusqlite::Result<Option<String>> {
            Ok(
                match r.get::<_, String>(&*format!("{column}_type"))?.as_str() {
                    "text" => Some(r.get(column)?),
                    _ => None,
                },
            )
        };
        if r.get::<_, String>("version_type")? != "integer"
            || version.is_none_or(|v| i32::try_from(v).is_err())
        {
            return Err(damaged_history("a version that is not a number"));
        }
        if r.get::<_, String>("name_type")? != "text" {
            return Err(damaged_history(&format!("{row} without a name")));
        }
        let applied = text("applied_on")?;
        let applied_ok = applied.as_deref().is_some_and(|a| {
            time::OffsetDateTime::parse(a, &time::format_description::well_known::Rfc3339).is_ok()
        });
        if !applied_ok {
            return Err(damaged_history(&format!(
                "{row} applied on \"{}\", which is not a date and time such as 2024-05-01T10:00:00Z",
                crate::domain::text::escape_controls(applied.as_deref().unwrap_or("(not a text)"))
            )));
        }
        if text("checksum")?.is_none_or(|c| c.parse::<u64>().is_err()) {
            return Err(damaged_history(&format!(
                "{row} with a checksum that is not a number"
            )));
        }
    }
    Ok(())
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
            "{} is an SQLite file but not a league database",
            path.display()
        ))
        .with_way(Way::DatabasePath));
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
///
/// A database already at [`LATEST_VERSION`] (every command after the first)
/// is recognised by one read of its recorded version, without building the
/// list of migrations.
pub fn run(conn: &mut Connection, path: Option<&Path>) -> Result<()> {
    match current_version(conn)? {
        LATEST_VERSION => Ok(()),
        0 if is_empty(conn)? => create_fresh(conn),
        _ => run_migrations(conn, path, &migrations()),
    }
}

/// The schema all the migrations make, as one script (see the module doc).
const SCHEMA: &str = include_str!("schema.sql");

/// Whether the database holds no table, view, index or trigger at all.
fn is_empty(conn: &Connection) -> Result<bool> {
    Ok(
        conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
            r.get::<_, i64>(0)
        })? == 0,
    )
}

/// Give a new, empty database the latest schema from [`SCHEMA`], in one
/// transaction, with the history rows the migrations would have written
/// (stamped with the time now, as refinery stamps them). When another
/// `league` process created the schema a moment earlier, nothing is done.
fn create_fresh(conn: &mut Connection) -> Result<()> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    if !is_empty(&tx)? {
        return Ok(()); // rolled back: someone else got there first
    }
    tx.execute_batch(SCHEMA)?;
    let now = time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .map_err(|e| Error::Database(format!("could not write the time: {e}")))?;
    tx.execute("UPDATE refinery_schema_history SET applied_on = ?1", [now])?;
    tx.commit()?;
    Ok(())
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
    check_history(conn)?;
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

    /// A database brought up by refinery running every migration in turn.
    fn migrated() -> Connection {
        let mut conn = Connection::open_in_memory().unwrap();
        run_migrations(&mut conn, None, &migrations()).unwrap();
        conn
    }

    /// The script [`SCHEMA`] should be: every schema object in the order
    /// SQLite stores it, then the history rows (time left for the caller).
    fn script_from(conn: &Connection) -> String {
        let mut out = String::from(
            "-- GENERATED from migrations/ by the unit test\n\
             -- store::migrate::tests::the_schema_script_is_what_the_migrations_make:\n\
             -- a new database gets this schema in one go (see store/migrate.rs).\n\
             -- Do not edit; regenerate with LEAGUE_WRITE_SCHEMA=1 cargo test --lib schema_script\n\n",
        );
        let mut st = conn
            .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
            .unwrap();
        for sql in st.query_map([], |r| r.get::<_, String>(0)).unwrap() {
            out.push_str(&sql.unwrap());
            out.push_str(";\n\n");
        }
        let mut st = conn
            .prepare("SELECT version, name, checksum FROM refinery_schema_history ORDER BY version")
            .unwrap();
        let rows = st
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>("version")?,
                    r.get::<_, String>("name")?,
                    r.get::<_, String>("checksum")?,
                ))
            })
            .unwrap();
        for row in rows {
            let (version, name, checksum) = row.unwrap();
            assert!(!name.contains('\''), "{name}");
            out.push_str(&format!(
                "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) \
                 VALUES ({version}, '{name}', '', '{checksum}');\n"
            ));
        }
        out
    }

    /// Every schema object (without its page number) and every row but the
    /// history's times.
    fn schema_and_rows(conn: &Connection) -> Vec<String> {
        let mut st = conn
            .prepare("SELECT type, name, tbl_name, COALESCE(sql, '') AS sql FROM sqlite_master ORDER BY type, name")
            .unwrap();
        let mut out: Vec<String> = st
            .query_map([], |r| {
                Ok(format!(
                    "{} {} on {}: {}",
                    r.get::<_, String>("type")?,
                    r.get::<_, String>("name")?,
                    r.get::<_, String>("tbl_name")?,
                    r.get::<_, String>("sql")?
                ))
            })
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        out.extend(
            dump(conn)
                .into_iter()
                .filter(|row| !row.starts_with("refinery_schema_history: ")),
        );
        let mut st = conn
            .prepare("SELECT version, name, checksum, applied_on FROM refinery_schema_history ORDER BY version")
            .unwrap();
        let rows = st
            .query_map([], |r| {
                let applied: String = r.get("applied_on")?;
                // refinery reads these back when it next upgrades the file.
                assert!(
                    time::OffsetDateTime::parse(
                        &applied,
                        &time::format_description::well_known::Rfc3339
                    )
                    .is_ok(),
                    "{applied}"
                );
                Ok(format!(
                    "history {} {} {}",
                    r.get::<_, i64>("version")?,
                    r.get::<_, String>("name")?,
                    r.get::<_, String>("checksum")?
                ))
            })
            .unwrap();
        out.extend(rows.map(|r| r.unwrap()));
        out
    }

    #[test]
    fn the_schema_script_is_what_the_migrations_make() {
        let by_migrations = migrated();
        let expected = script_from(&by_migrations);
        if SCHEMA != expected {
            if std::env::var_os("LEAGUE_WRITE_SCHEMA").is_some() {
                let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/schema.sql");
                std::fs::write(path, &expected).unwrap();
                panic!("wrote {path}; build and run the tests again");
            }
            panic!(
                "src/store/schema.sql is not what the migrations make (a migration was added or \
                 changed): regenerate it with LEAGUE_WRITE_SCHEMA=1 cargo test --lib schema_script"
            );
        }
        // A new database made from the script is the migrated one: the same
        // objects with the same SQL, the same (no) rows, the same history.
        let mut fresh = Connection::open_in_memory().unwrap();
        run(&mut fresh, None).unwrap();
        assert_eq!(schema_and_rows(&fresh), schema_and_rows(&by_migrations));
        assert_eq!(current_version(&fresh).unwrap(), LATEST_VERSION);
        // Run again on a database already current: nothing to do.
        run(&mut fresh, None).unwrap();
        assert_eq!(schema_and_rows(&fresh), schema_and_rows(&by_migrations));
    }

    /// A database made from the script is upgraded by the migrations that
    /// come after it, as one made by the migrations would be: refinery
    /// accepts its history (names, checksums, times) as its own.
    #[test]
    fn a_database_made_from_the_script_takes_the_next_migration() {
        let mut conn = Connection::open_in_memory().unwrap();
        run(&mut conn, None).unwrap();
        let mut next = migrations();
        let v = LATEST_VERSION as u32 + 1;
        next.push(
            Migration::unapplied(&format!("V{v}__next"), "CREATE TABLE next_one (x INTEGER);")
                .unwrap(),
        );
        run_migrations(&mut conn, None, &next).unwrap();
        assert_eq!(current_version(&conn).unwrap(), v as i64);
        assert!(has_table(&conn, "next_one").unwrap());
    }

    /// The one row of changes (migration 31) at `conn`: (n, at).
    fn changes(conn: &Connection) -> (i64, Option<String>) {
        conn.query_row("SELECT n, at FROM records_changed WHERE id = 1", [], |r| {
            Ok((r.get("n")?, r.get("at")?))
        })
        .unwrap()
    }

    /// Migration 31 folds V25's time of the last change and V29's board
    /// counter into one row, keeping both numbers; from then on a record
    /// changed moves both, a player's report (no record) only the counter.
    #[test]
    fn one_row_of_changes_keeps_both_trackers_numbers_and_moves_with_each_change() {
        let mut conn = Connection::open_in_memory().unwrap();
        let before: Vec<Migration> = migrations()
            .into_iter()
            .filter(|m| m.version() <= 29)
            .collect();
        run_migrations(&mut conn, None, &before).unwrap();
        conn.execute_batch(
            "INSERT INTO season (id, name) VALUES (1, '2022-23');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks)
                 VALUES (1, 1, 'Winter Swiss', 'swiss', 5, 'uscf-swiss');
             INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, '2023-01-17T21:40:00Z');
             INSERT OR REPLACE INTO board_version (id, n) VALUES (1, 41);",
        )
        .unwrap();
        run_migrations(&mut conn, None, &migrations()).unwrap();
        assert_eq!(current_version(&conn).unwrap(), LATEST_VERSION);
        assert!(!has_table(&conn, "board_version").unwrap());
        assert_eq!(changes(&conn), (41, Some("2023-01-17T21:40:00Z".into())));
        // A player's report: the board moves, the records' time does not.
        // (No game behind it: only the trigger is under test.)
        conn.execute_batch(
            "PRAGMA foreign_keys = OFF;
             INSERT INTO result_report (game_id, side, result, at)
                 VALUES (1, 'white', '1-0', '2023-01-18T20:00:00Z');",
        )
        .unwrap();
        assert_eq!(changes(&conn), (42, Some("2023-01-17T21:40:00Z".into())));
        // An event changed: both.
        conn.execute_batch("UPDATE event SET rounds = 6 WHERE id = 1;")
            .unwrap();
        let (n, at) = changes(&conn);
        assert_eq!(n, 43);
        assert!(at.unwrap().as_str() > "2023-01-17T21:40:00Z");
        // Each trigger of V25 and V29 is gone; one a table and change is left.
        let old: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' \
                 AND (name LIKE '%_stamps' OR name LIKE '%_bumps_board')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(old, 0);
    }

    /// A new database has no row of changes until the first change, and
    /// then both numbers.
    #[test]
    fn a_new_database_counts_from_its_first_change() {
        let store = Store::open_in_memory().unwrap();
        let (conn, raw) = (store.conn(), store.conn().raw());
        let rows: i64 = raw
            .query_row("SELECT count(*) FROM records_changed", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, 0);
        assert_eq!(crate::store::board::version(conn).unwrap(), 0);
        raw.execute_batch(
            "INSERT INTO season (id, name) VALUES (1, '2022-23');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks)
                 VALUES (1, 1, 'Winter Swiss', 'swiss', 5, 'uscf-swiss');
             UPDATE event SET rounds = 6 WHERE id = 1;
             UPDATE event SET rounds = 7 WHERE id = 1;",
        )
        .unwrap();
        assert_eq!(crate::store::board::version(conn).unwrap(), 2);
        assert!(crate::store::season::latest_change(conn)
            .unwrap()
            .is_some_and(|t| t.ends_with('Z') && t.len() == 20));
    }

    #[test]
    fn the_latest_version_is_the_newest_migration() {
        assert_eq!(LATEST_VERSION, version_of(&migrations()));
        // And a new database is brought to it.
        let store = Store::open_in_memory().unwrap();
        assert_eq!(current_version(store.conn()).unwrap(), LATEST_VERSION);
    }

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
