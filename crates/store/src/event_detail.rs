//! An event's details for prizes and rating reports (migration V15's
//! columns of `event`): read together, edited field by field, each change
//! in the audit trail. The league may give each detail once for every
//! event (`setting` keys `report.<column>`, V8's key/value table, set with
//! `league settings set report.affiliate-id ...`); an event's own value
//! comes first, the league's fills a gap.

use crate::Writer;
use rusqlite::{params, OptionalExtension};

use super::audit::{audit, audit_event, Action};
use super::Readable;
use crate::domain::ids::EventId;
use crate::domain::league::{Event, EventDetails};
use crate::error::Result;

/// The columns, in [`EventDetails`]'s order (after `prize_split`), with
/// the words the audit trail and error messages use.
pub const FIELDS: [(&str, &str); 13] = [
    ("affiliate_id", "affiliate id"),
    ("chief_td_id", "chief TD id"),
    ("assistant_td_id", "assistant TD id"),
    ("city", "city"),
    ("state", "state"),
    ("zip", "zip"),
    ("country", "country"),
    ("time_control", "time control"),
    ("rating_system", "rating system"),
    ("chief_arbiter", "chief arbiter"),
    ("deputy_arbiter", "deputy arbiter"),
    ("venue", "venue"),
    ("rated", "rated by"),
];

/// An event's details.
pub fn details(conn: &impl Readable, event_id: EventId) -> Result<EventDetails> {
    let conn = super::sql(conn);
    let cols: Vec<&str> = FIELDS.iter().map(|f| f.0).collect();
    let sql = format!(
        "SELECT prize_split, {} FROM event WHERE id = ?1",
        cols.join(", ")
    );
    let mut d = EventDetails::default();
    conn.query_row(&sql, [event_id], |r| {
        let split: String = r.get("prize_split")?;
        d.prize_split = split.parse().unwrap_or_default();
        for (f, column) in d.fields_mut().into_iter().zip(&cols) {
            *f = r.get(*column)?;
        }
        Ok(())
    })?;
    Ok(d)
}

/// Write `new` over the event's details (import, or an edit already
/// merged with the old values); logs what changed.
pub fn set_details(tx: &Writer, event: &Event, new: &EventDetails) -> Result<()> {
    let old = details(tx, event.id)?;
    write(tx, event.id, new)?;
    log_changes(tx, event, &old, new)
}

/// Write the details without an audit entry (an import creating the event).
pub fn write(tx: &Writer, event_id: EventId, new: &EventDetails) -> Result<()> {
    let cols: Vec<String> = FIELDS
        .iter()
        .enumerate()
        .map(|(i, f)| format!("{} = ?{}", f.0, i + 2))
        .collect();
    let sql = format!(
        "UPDATE event SET prize_split = ?1, {} WHERE id = ?15",
        cols.join(", ")
    );
    let v = new.fields();
    tx.execute(
        &sql,
        params![
            new.prize_split.as_str(),
            v[0],
            v[1],
            v[2],
            v[3],
            v[4],
            v[5],
            v[6],
            v[7],
            v[8],
            v[9],
            v[10],
            v[11],
            v[12],
            event_id
        ],
    )
    .map_err(|e| super::constraint_error(e, "event"))?;
    Ok(())
}

fn log_changes(tx: &Writer, event: &Event, old: &EventDetails, new: &EventDetails) -> Result<()> {
    let mut changes: Vec<(String, String, String)> = Vec::new();
    if old.prize_split != new.prize_split {
        changes.push((
            "prize split".into(),
            old.prize_split.as_str().into(),
            new.prize_split.as_str().into(),
        ));
    }
    for (i, (o, n)) in old.fields().into_iter().zip(new.fields()).enumerate() {
        if o != n {
            changes.push((
                FIELDS[i].1.into(),
                super::audit::shown(o),
                super::audit::shown(n),
            ));
        }
    }
    if !changes.is_empty() {
        let old_text: Vec<String> = changes
            .iter()
            .map(|c| format!("{}: {}", c.0, c.1))
            .collect();
        let new_text: Vec<String> = changes
            .iter()
            .map(|c| format!("{}: {}", c.0, c.2))
            .collect();
        audit_event(
            tx,
            Some(event.id),
            Action::Edit,
            &format!("event {}", event.name),
            Some(&old_text.join("; ")),
            Some(&new_text.join("; ")),
            None,
        )?;
    }
    Ok(())
}

/// The `setting` key of a league-wide report value: `report.<name>`.
pub fn setting_key(name: &str) -> String {
    format!("report.{name}")
}

/// A league-wide report value (`report.<name>`), if set.
pub fn league_setting(conn: &impl Readable, name: &str) -> Result<Option<String>> {
    let conn = super::sql(conn);
    Ok(conn
        .query_row(
            "SELECT value FROM setting WHERE key = ?1",
            [setting_key(name)],
            |r| r.get::<_, String>(0),
        )
        .optional()?)
}

/// Set (`Some`) or clear (`None`) a league-wide report value, the change
/// in the audit trail; false when it was already so. `words` names it
/// ("affiliate id").
pub fn set_league_setting(
    tx: &Writer,
    name: &str,
    words: &str,
    value: Option<&str>,
) -> Result<bool> {
    let old = league_setting(tx, name)?;
    if old.as_deref() == value {
        return Ok(false);
    }
    match value {
        Some(v) => tx.execute(
            "INSERT OR REPLACE INTO setting (key, value) VALUES (?1, ?2)",
            params![setting_key(name), v],
        )?,
        None => tx.execute("DELETE FROM setting WHERE key = ?1", [setting_key(name)])?,
    };
    audit(
        tx,
        Action::Edit,
        &format!("the league's report default: {words}"),
        old.as_deref(),
        value,
        None,
    )?;
    Ok(true)
}

/// The league's defaults for every event's details (prize split aside).
pub fn league_defaults(conn: &impl Readable) -> Result<EventDetails> {
    let conn = super::sql(conn);
    let mut d = EventDetails::default();
    for (slot, (column, _)) in d.fields_mut().into_iter().zip(FIELDS) {
        *slot = league_setting(conn, column)?;
    }
    Ok(d)
}

/// An event's details with the league's defaults filling the gaps: what
/// the rating reports use.
pub fn details_or_league(conn: &impl Readable, event_id: EventId) -> Result<EventDetails> {
    let conn = super::sql(conn);
    Ok(details(conn, event_id)?.filled_from(&league_defaults(conn)?))
}
