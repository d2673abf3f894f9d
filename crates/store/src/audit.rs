//! The audit trail: who changed or removed recorded data, when, and why.
//!
//! Every store file that corrects, deletes, renames, merges, withdraws,
//! edits or restores writes one entry here, so the helpers live in a file of
//! their own that depends on nothing else in the store: no table's file has
//! to import another table's file to leave a note (issue 13 found player ↔
//! round ↔ season importing each other for these helpers).
//!
//! An entry is stamped once ([`Stamp::now`]): the time in UTC (RFC 3339)
//! and the user (`$LEAGUE_USER`, else `$USER`; none when both are unset or
//! blank). The player-merge record takes the same stamp.

use crate::Writer;
use rusqlite::params;

use super::Readable;
use crate::domain::ids::EventId;
use crate::error::Result;

/// What an audit entry records. Stored as its lower-case word
/// ([`Action::as_str`]), which `league log --action` filters on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A recorded result changed.
    Correct,
    /// Something recorded removed (a game, a bye, a round, an entry, ...).
    Delete,
    /// A season, event, section, team or player renamed.
    Rename,
    /// Two player records made one.
    Merge,
    /// A player withdrawn from a section, or a withdrawal taken back.
    Withdraw,
    /// Any other change of settings or details.
    Edit,
    /// The database replaced by a backup.
    Restore,
}

impl Action {
    /// Every action, in the order `league log --help` lists them.
    pub const ALL: [Action; 7] = [
        Action::Correct,
        Action::Delete,
        Action::Rename,
        Action::Merge,
        Action::Withdraw,
        Action::Edit,
        Action::Restore,
    ];

    /// The word stored in the `audit` table's `action` column.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Correct => "correct",
            Action::Delete => "delete",
            Action::Rename => "rename",
            Action::Merge => "merge",
            Action::Withdraw => "withdraw",
            Action::Edit => "edit",
            Action::Restore => "restore",
        }
    }
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// When and by whom a change was made: the one stamp every audit entry and
/// player merge carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// The time in UTC, RFC 3339 ("2026-11-25T04:40:12.5Z").
    pub at: String,
    /// `$LEAGUE_USER`, else `$USER`; `None` when neither is set to
    /// something other than blanks.
    pub who: Option<String>,
}

impl Stamp {
    /// The stamp for a change made now by whoever runs this command.
    pub fn now() -> Stamp {
        let at = time::OffsetDateTime::now_utc()
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_default();
        let who = std::env::var("LEAGUE_USER")
            .or_else(|_| std::env::var("USER"))
            .ok()
            .filter(|w| !w.trim().is_empty());
        Stamp { at, who }
    }
}

/// Add an entry to the audit trail that concerns no single event (a
/// player's details, a season, a restore).
pub fn audit(
    tx: &Writer,
    action: Action,
    subject: &str,
    old: Option<&str>,
    new: Option<&str>,
    reason: Option<&str>,
) -> Result<()> {
    audit_event(tx, None, action, subject, old, new, reason)
}

/// Add an entry to the audit trail, stamped now ([`Stamp::now`]): what was
/// done, the subject in words, the old and new values and the reason.
/// `event_id` links it to an event for `league log --event`.
pub fn audit_event(
    tx: &Writer,
    event_id: Option<EventId>,
    action: Action,
    subject: &str,
    old: Option<&str>,
    new: Option<&str>,
    reason: Option<&str>,
) -> Result<()> {
    let Stamp { at, who } = Stamp::now();
    tx.prepare_cached(
        "INSERT INTO audit (at, who, action, subject, old_value, new_value, reason, event_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        at,
        who,
        action.as_str(),
        subject,
        old,
        new,
        reason,
        event_id
    ])?;
    Ok(())
}

/// One audit entry.
#[derive(Clone, Debug, serde::Serialize)]
pub struct AuditRow {
    /// When (UTC, RFC 3339).
    pub at: String,
    /// Who, when known.
    pub who: Option<String>,
    /// What was done: one of [`Action`]'s words.
    pub action: String,
    /// The event it concerns ("2022-23 Winter Swiss"), when it concerns one.
    pub event: Option<String>,
    /// What was changed, in words ("round 3 game Bell v Schmidt").
    pub subject: String,
    /// The value before, when there was one.
    pub old_value: Option<String>,
    /// The value after, when there is one.
    pub new_value: Option<String>,
    /// The reason given, if any.
    pub reason: Option<String>,
}

/// Which audit entries to show.
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    /// At most this many, newest first.
    pub limit: usize,
    /// Only those about this event.
    pub event_id: Option<EventId>,
    /// Only this action.
    pub action: Option<Action>,
}

/// The newest `limit` audit entries, newest first.
pub fn audit_log(conn: &impl Readable, limit: usize) -> Result<Vec<AuditRow>> {
    let conn = super::sql(conn);
    audit_log_filtered(
        conn,
        &AuditFilter {
            limit,
            ..Default::default()
        },
    )
}

/// The audit entries that pass `filter`, newest first.
pub fn audit_log_filtered(conn: &impl Readable, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT a.at AS at, a.who AS who, a.action AS action, se.name || ' ' || ev.name AS event, \
                a.subject AS subject, a.old_value AS old_value, a.new_value AS new_value, a.reason AS reason \
         FROM audit a LEFT JOIN event ev ON ev.id = a.event_id LEFT JOIN season se ON se.id = ev.season_id \
         WHERE (?2 IS NULL OR a.event_id = ?2) AND (?3 IS NULL OR a.action = ?3) \
         ORDER BY a.id DESC LIMIT ?1",
    )?;
    let rows = st
        .query_map(
            params![
                filter.limit as i64,
                filter.event_id,
                filter.action.map(Action::as_str)
            ],
            |r| {
                Ok(AuditRow {
                    at: r.get("at")?,
                    who: r.get("who")?,
                    action: r.get("action")?,
                    event: r.get("event")?,
                    subject: r.get("subject")?,
                    old_value: r.get("old_value")?,
                    new_value: r.get("new_value")?,
                    reason: r.get("reason")?,
                })
            },
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The fields that differ between `before` and `after`, as the old and new
/// values of an audit entry ("rounds 6; tiebreaks uscf-swiss" → "rounds 7;
/// tiebreaks fide-swiss"); `None` when nothing changed.
pub(crate) fn changed_fields(fields: &[(&str, String, String)]) -> Option<(String, String)> {
    let changed: Vec<_> = fields.iter().filter(|(_, a, b)| a != b).collect();
    if changed.is_empty() {
        return None;
    }
    let side = |new: bool| {
        changed
            .iter()
            .map(|(name, old, now)| format!("{name} {}", if new { now } else { old }))
            .collect::<Vec<_>>()
            .join("; ")
    };
    Some((side(false), side(true)))
}

/// An optional value for an audit entry: the value, or "none".
pub(crate) fn shown<T: std::fmt::Display>(v: &Option<T>) -> String {
    v.as_ref()
        .map(|v| v.to_string())
        .unwrap_or_else(|| "none".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_fields_that_changed_are_named() {
        let fields = [
            ("rounds", "6".to_string(), "7".to_string()),
            ("name", "Swiss".to_string(), "Swiss".to_string()),
            (
                "tiebreaks",
                "uscf-swiss".to_string(),
                "fide-swiss".to_string(),
            ),
        ];
        assert_eq!(
            changed_fields(&fields),
            Some((
                "rounds 6; tiebreaks uscf-swiss".to_string(),
                "rounds 7; tiebreaks fide-swiss".to_string()
            ))
        );
        assert_eq!(changed_fields(&fields[1..2]), None);
        assert_eq!(shown(&None::<i64>), "none");
        assert_eq!(shown(&Some(1850)), "1850");
    }

    #[test]
    fn an_entry_is_stored_with_its_action_word_and_filtered_by_it() {
        let mut store = crate::store::Store::open_in_memory().expect("store");
        store
            .write(|tx| {
                audit(
                    tx,
                    Action::Rename,
                    "season 2025",
                    Some("a"),
                    Some("b"),
                    None,
                )?;
                audit(tx, Action::Restore, "database", None, None, Some("why"))
            })
            .expect("write");
        let all = audit_log(store.conn(), 10).expect("log");
        assert_eq!(
            all.iter().map(|r| r.action.as_str()).collect::<Vec<_>>(),
            ["restore", "rename"]
        );
        let renames = audit_log_filtered(
            store.conn(),
            &AuditFilter {
                limit: 10,
                action: Some(Action::Rename),
                ..Default::default()
            },
        )
        .expect("filtered");
        assert_eq!(renames.len(), 1);
        assert_eq!(renames[0].subject, "season 2025");
        assert_eq!(renames[0].old_value.as_deref(), Some("a"));
        assert_eq!(
            Action::ALL.iter().map(|a| a.as_str()).collect::<Vec<_>>(),
            ["correct", "delete", "rename", "merge", "withdraw", "edit", "restore"]
        );
    }
}
