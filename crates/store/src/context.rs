//! The current context (`league use`): the event, and optionally the season
//! and section, that a week's commands act on when they name none, so that
//! `league game add 3 7 1-0 --round 4` needs no `--event/--season/--section`.
//! Kept per database, as rows of the `setting` table (`use.event`,
//! `use.season`, `use.section`): a second league file has its own.

use crate::Writer;
use rusqlite::{params, OptionalExtension};

use super::Readable;
use crate::error::Result;

/// The names `league use` set; each `None` when not set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The event's name.
    pub event: Option<String>,
    /// The season's name, when the event's name recurs across seasons.
    pub season: Option<String>,
    /// The section's name.
    pub section: Option<String>,
}

const KEYS: [&str; 3] = ["use.event", "use.season", "use.section"];

/// The context as set (all `None` when `league use` was never given).
pub fn current(conn: &impl Readable) -> Result<Context> {
    let conn = super::sql(conn);
    let mut values = Vec::with_capacity(KEYS.len());
    for key in KEYS {
        values.push(
            conn.prepare_cached("SELECT value FROM setting WHERE key = ?1")?
                .query_row([key], |r| r.get::<_, String>(0))
                .optional()?,
        );
    }
    let mut values = values.into_iter();
    Ok(Context {
        event: values.next().flatten(),
        season: values.next().flatten(),
        section: values.next().flatten(),
    })
}

/// Replace the context with `ctx` (a name left `None` is cleared).
pub fn set(tx: &Writer, ctx: &Context) -> Result<()> {
    for (key, value) in KEYS.iter().zip([&ctx.event, &ctx.season, &ctx.section]) {
        match value {
            Some(v) => tx.execute(
                "INSERT OR REPLACE INTO setting (key, value) VALUES (?1, ?2)",
                params![key, v],
            )?,
            None => tx.execute("DELETE FROM setting WHERE key = ?1", [key])?,
        };
    }
    Ok(())
}
