//! An event's details for prizes and rating reports (migration V15's
//! columns of `event`): read together, edited field by field, each change
//! in the audit trail.

use rusqlite::{params, Connection, Transaction};

use super::audit::{audit_event, Action};
use crate::domain::league::{Event, EventDetails};
use crate::error::Result;

/// The columns, in [`EventDetails`]'s order (after `prize_split`), with
/// the words the audit trail and error messages use.
pub const FIELDS: [(&str, &str); 11] = [
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
];

impl EventDetails {
    /// The optional fields in [`FIELDS`] order.
    pub fn fields(&self) -> [&Option<String>; 11] {
        [
            &self.affiliate_id,
            &self.chief_td_id,
            &self.assistant_td_id,
            &self.city,
            &self.state,
            &self.zip,
            &self.country,
            &self.time_control,
            &self.rating_system,
            &self.chief_arbiter,
            &self.deputy_arbiter,
        ]
    }

    fn fields_mut(&mut self) -> [&mut Option<String>; 11] {
        [
            &mut self.affiliate_id,
            &mut self.chief_td_id,
            &mut self.assistant_td_id,
            &mut self.city,
            &mut self.state,
            &mut self.zip,
            &mut self.country,
            &mut self.time_control,
            &mut self.rating_system,
            &mut self.chief_arbiter,
            &mut self.deputy_arbiter,
        ]
    }
}

/// An event's details.
pub fn details(conn: &Connection, event_id: i64) -> Result<EventDetails> {
    let cols: Vec<&str> = FIELDS.iter().map(|f| f.0).collect();
    let sql = format!(
        "SELECT prize_split, {} FROM event WHERE id = ?1",
        cols.join(", ")
    );
    let mut d = EventDetails::default();
    conn.query_row(&sql, [event_id], |r| {
        let split: String = r.get(0)?;
        d.prize_split = split.parse().unwrap_or_default();
        for (i, f) in d.fields_mut().into_iter().enumerate() {
            *f = r.get(i + 1)?;
        }
        Ok(())
    })?;
    Ok(d)
}

/// Write `new` over the event's details (import, or an edit already
/// merged with the old values); logs what changed.
pub fn set_details(tx: &Transaction, event: &Event, new: &EventDetails) -> Result<()> {
    let old = details(tx, event.id)?;
    write(tx, event.id, new)?;
    log_changes(tx, event, &old, new)
}

/// Write the details without an audit entry (an import creating the event).
pub(crate) fn write(tx: &Transaction, event_id: i64, new: &EventDetails) -> Result<()> {
    let cols: Vec<String> = FIELDS
        .iter()
        .enumerate()
        .map(|(i, f)| format!("{} = ?{}", f.0, i + 2))
        .collect();
    let sql = format!(
        "UPDATE event SET prize_split = ?1, {} WHERE id = ?13",
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
            event_id
        ],
    )
    .map_err(|e| super::constraint_error(e, "event"))?;
    Ok(())
}

fn log_changes(
    tx: &Transaction,
    event: &Event,
    old: &EventDetails,
    new: &EventDetails,
) -> Result<()> {
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
