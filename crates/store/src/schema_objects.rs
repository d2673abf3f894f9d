//! The program's own schema objects (tables, indexes, views, triggers), as
//! the generated `schema.sql` makes them, compared with a database's.
//!
//! A file made by another tool, or a crafted backup, may carry a trigger
//! that rewrites what is recorded (`UPDATE game SET result = '0-1'` after
//! every insert), a view that standings would read instead of ours, or an
//! index that changes nothing but is not ours. Such objects are found by
//! `league check`, and a restore removes them (and puts back any of ours
//! that were changed or dropped) before the backup becomes the league
//! (issue 30, item 6). Tables are never dropped: a table that is not ours,
//! or ours changed, makes the restore refuse the file.

use rusqlite::Connection;

use super::migrate;
use crate::error::{Error, Result};

/// One schema object as SQLite records it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Object {
    kind: String,
    name: String,
    table: String,
    sql: Option<String>,
}

/// How a database's schema object differs from the program's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// `table`, `index`, `view` or `trigger`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// The table it belongs to.
    pub table: String,
    /// What is wrong with it.
    pub what: Kind,
}

/// The three ways an object can differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Not one of the program's.
    Foreign,
    /// One of the program's, with other SQL.
    Changed,
    /// One of the program's that is not there.
    Missing,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let on = if self.table != self.name {
            format!(" on {}", self.table)
        } else {
            String::new()
        };
        let what = match self.what {
            Kind::Foreign => "is not part of league's own schema (another tool added it)",
            Kind::Changed => "differs from league's own (another tool changed it)",
            Kind::Missing => "is missing (another tool dropped it)",
        };
        write!(f, "{} {}{on} {what}", self.kind, self.name)
    }
}

/// Every schema object of `conn` but SQLite's own (`sqlite_%`).
fn objects(conn: &Connection) -> Result<Vec<Object>> {
    let mut st = conn.prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_master \
         WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid",
    )?;
    let rows = st.query_map([], |r| {
        Ok(Object {
            kind: r.get("type")?,
            name: r.get("name")?,
            table: r.get("tbl_name")?,
            sql: r.get("sql")?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The program's own objects: `schema.sql` run in a database in memory.
fn own() -> Result<Vec<Object>> {
    let mut conn = Connection::open_in_memory()?;
    migrate::run(&mut conn, None)?;
    objects(&conn)
}

/// How the schema of `conn` (at this program's version) differs from the
/// program's own, in the order SQLite lists them.
pub fn differences(conn: &Connection) -> Result<Vec<Difference>> {
    let own = own()?;
    let theirs = objects(conn)?;
    let diff = |o: &Object, what| Difference {
        kind: o.kind.clone(),
        name: o.name.clone(),
        table: o.table.clone(),
        what,
    };
    let mut out = Vec::new();
    for t in &theirs {
        match own.iter().find(|o| o.kind == t.kind && o.name == t.name) {
            None => out.push(diff(t, Kind::Foreign)),
            Some(o) if o != t => out.push(diff(t, Kind::Changed)),
            Some(_) => {}
        }
    }
    for o in &own {
        if !theirs.iter().any(|t| t.kind == o.kind && t.name == o.name) {
            out.push(diff(o, Kind::Missing));
        }
    }
    Ok(out)
}

/// Make the schema of `conn` (at this program's version) the program's
/// own: drop every index, view and trigger that is not ours or was
/// changed, and create ours that are missing or were changed. Returns what
/// was wrong, for the restore to report; refuses (changing nothing the
/// caller's transaction does not roll back) when a table differs, since
/// dropping a table would drop records. `file` names the backup.
pub fn make_own(conn: &Connection, file: &str) -> Result<Vec<Difference>> {
    let found = differences(conn)?;
    if let Some(t) = found.iter().find(|d| d.kind == "table") {
        return Err(Error::Database(format!(
            "{file} holds a table that is not league's own: {t}. A restore works only with \
             league's own tables; nothing was changed"
        )));
    }
    let own = own()?;
    for d in &found {
        if d.what != Kind::Missing {
            let kind = d.kind.to_uppercase();
            conn.execute_batch(&format!(
                "DROP {kind} IF EXISTS \"{}\"",
                d.name.replace('"', "\"\"")
            ))?;
        }
    }
    // Ours back, in the order the schema makes them (a view after the
    // views it reads).
    for o in &own {
        let wrong = found
            .iter()
            .any(|d| d.kind == o.kind && d.name == o.name && d.what != Kind::Foreign);
        if let (true, Some(sql)) = (wrong, &o.sql) {
            conn.execute_batch(sql)?;
        }
    }
    Ok(found)
}
