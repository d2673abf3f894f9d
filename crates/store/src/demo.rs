//! The demo database's own mark: `league demo` replaces a file only if it
//! still holds exactly what the demo wrote.
//!
//! When the demo (or `league demo --synthetic`) has written its league it
//! stores two settings: `generated_by = league demo` and `demo_fingerprint`,
//! a fingerprint ([`Fnv1a`]) of every row of every table except that one
//! setting. A later `league demo` recomputes the fingerprint: any change
//! since (a player added, a result corrected, a setting edited) makes it
//! differ, and the file is kept. A file marked by a version that stored no
//! fingerprint is kept too: nothing says it is untouched.

use crate::Writer;
use rusqlite::types::ValueRef;

use super::Readable;
use crate::domain::fingerprint::Fnv1a;
use crate::error::Result;

/// The setting naming the program that wrote the file.
const GENERATED_BY: &str = "generated_by";
/// The setting holding the fingerprint of what the demo wrote.
const FINGERPRINT: &str = "demo_fingerprint";
/// The value of `generated_by` in a demo database.
const DEMO: &str = "league demo";

/// Whether the database holds exactly what `league demo` wrote.
#[derive(Debug, PartialEq, Eq)]
pub enum DemoState {
    /// Written by the demo and unchanged since.
    Untouched,
    /// Written by the demo, but changed since (or from a version that kept
    /// no fingerprint).
    Changed,
    /// Not a demo database.
    NotDemo,
}

/// Fingerprint every row of every table (tables in name order, rows in
/// their first column's order), leaving out the fingerprint setting itself
/// and the migrations' own history (when they were applied is not a
/// record).
pub fn contents_fingerprint(conn: &impl Readable) -> Result<u64> {
    let conn = super::sql(conn);
    let mut h = Fnv1a::default();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'refinery_schema_history' ORDER BY name")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for t in tables {
        h.write(t.as_bytes());
        h.write(&[0]);
        let sql = if t == "setting" {
            format!("SELECT * FROM \"{t}\" WHERE key <> '{FINGERPRINT}' ORDER BY 1")
        } else {
            format!("SELECT * FROM \"{t}\" ORDER BY 1")
        };
        let mut st = conn.prepare(&sql)?;
        let n = st.column_count();
        let mut rows = st.query([])?;
        while let Some(r) = rows.next()? {
            for i in 0..n {
                match r.get_ref(i)? {
                    ValueRef::Null => h.write(b"N"),
                    ValueRef::Integer(v) => {
                        h.write(b"I");
                        h.write(&v.to_le_bytes());
                    }
                    ValueRef::Real(v) => {
                        h.write(b"R");
                        h.write(&v.to_bits().to_le_bytes());
                    }
                    ValueRef::Text(b) => {
                        h.write(b"T");
                        h.write(&(b.len() as u64).to_le_bytes());
                        h.write(b);
                    }
                    ValueRef::Blob(b) => {
                        h.write(b"B");
                        h.write(&(b.len() as u64).to_le_bytes());
                        h.write(b);
                    }
                }
            }
            h.write(b"\n");
        }
    }
    Ok(h.finish())
}

/// Mark the database as the demo's: call last, after everything the demo
/// writes, inside the same transaction.
pub fn mark(tx: &Writer) -> Result<()> {
    tx.execute(
        "INSERT INTO setting (key, value) VALUES (?1, ?2)",
        [GENERATED_BY, DEMO],
    )?;
    let fp = contents_fingerprint(tx)?;
    tx.execute(
        "INSERT INTO setting (key, value) VALUES (?1, ?2)",
        [FINGERPRINT, &format!("{fp:016x}")],
    )?;
    Ok(())
}

/// Name the league (the `league_name` setting, the results site's title) in
/// a database the demo or the synthetic generator is writing. Unlike
/// [`set_league_name`](super::season::set_league_name) it writes nothing to
/// the log: the file is new, and the name is part of what the demo made,
/// not a change a secretary made to it.
pub fn name_league(tx: &Writer, name: &str) -> Result<()> {
    tx.execute(
        "INSERT OR REPLACE INTO setting (key, value) VALUES ('league_name', ?1)",
        [name],
    )?;
    Ok(())
}

/// How much a league holds, as `league demo` reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Events in every season.
    pub events: i64,
    /// Player records.
    pub players: i64,
    /// Games recorded, played or forfeited.
    pub games: i64,
}

/// Count the events, players and games in the database.
pub fn counts(conn: &impl Readable) -> Result<Counts> {
    let conn = super::sql(conn);
    Ok(conn.query_row(
        "SELECT (SELECT count(*) FROM event) AS events, (SELECT count(*) FROM player) AS players, \
                (SELECT count(*) FROM game) AS games",
        [],
        |r| {
            Ok(Counts {
                events: r.get("events")?,
                players: r.get("players")?,
                games: r.get("games")?,
            })
        },
    )?)
}

/// Whether the database is the demo's, untouched.
pub fn state(conn: &impl Readable) -> Result<DemoState> {
    let conn = super::sql(conn);
    let setting = |key: &str| -> Option<String> {
        conn.query_row("SELECT value FROM setting WHERE key = ?1", [key], |r| {
            r.get(0)
        })
        .ok()
    };
    if setting(GENERATED_BY).as_deref() != Some(DEMO) {
        return Ok(DemoState::NotDemo);
    }
    let stored = setting(FINGERPRINT);
    let now = format!("{:016x}", contents_fingerprint(conn)?);
    Ok(if stored.as_deref() == Some(now.as_str()) {
        DemoState::Untouched
    } else {
        DemoState::Changed
    })
}

/// What a generated league holds, in the rows that the generator's own
/// tests check against what it says it wrote (`demo::synthetic`): the SQL
/// stays here, the test compares numbers. Public because the generator
/// lives above the store (in the application layer) and its tests count
/// through here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Game rows, played or forfeited.
    pub games: i64,
    /// Bye rows, requested or given by the pairing.
    pub byes: i64,
    /// Entries in every section.
    pub entries: i64,
    /// Entries that withdrew.
    pub withdrawn: i64,
    /// Rounds in which an entry was still in the event but has neither a
    /// game nor a bye (`player_round` says absent): none in a sound league.
    pub unseated: i64,
}

/// Count what [`Tally`] holds.
pub fn tally(conn: &impl Readable) -> Result<Tally> {
    let conn = super::sql(conn);
    Ok(conn.query_row(
        "SELECT (SELECT count(*) FROM game) AS games, (SELECT count(*) FROM bye) AS byes, \
         (SELECT count(*) FROM entry) AS entries, \
         (SELECT count(*) FROM entry WHERE withdrawn_after IS NOT NULL) AS withdrawn, \
         (SELECT count(*) FROM player_round pr JOIN entry e ON e.id = pr.entry_id \
          WHERE pr.outcome = 'absent' AND (e.withdrawn_after IS NULL OR pr.round_no <= e.withdrawn_after)) \
          AS unseated",
        [],
        |r| {
            Ok(Tally {
                games: r.get("games")?,
                byes: r.get("byes")?,
                entries: r.get("entries")?,
                withdrawn: r.get("withdrawn")?,
                unseated: r.get("unseated")?,
            })
        },
    )?)
}
