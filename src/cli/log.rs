//! `league log`: the audit trail of everything that changed or removed
//! recorded data (corrections, deletions, renames, withdrawals, edits of
//! settings, restores), newest first, optionally for one event or action.

use super::output::{print, print_json, Format, Table};
use crate::error::Result;
use crate::store::round::{self, AuditFilter};
use crate::store::{season as seasons, Store};

/// The kinds of audit entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Action {
    Correct,
    Delete,
    Rename,
    Merge,
    Withdraw,
    Edit,
    Restore,
}

impl Action {
    fn as_str(self) -> &'static str {
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

#[derive(clap::Args, Debug)]
pub struct LogArgs {
    /// How many entries to show, newest first.
    #[arg(long, default_value_t = 50)]
    pub last: usize,
    /// Only entries about this event (corrections, deletions, withdrawals, edits).
    #[arg(long)]
    pub event: Option<String>,
    /// The event's season, when the event name is used in more than one season.
    #[arg(long, requires = "event")]
    pub season: Option<String>,
    /// Only entries of this kind.
    #[arg(long, value_enum)]
    pub action: Option<Action>,
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

pub fn run(store: &mut Store, args: LogArgs) -> Result<()> {
    let event = match &args.event {
        Some(name) => Some(seasons::find_event(
            store.conn(),
            args.season.as_deref(),
            name,
        )?),
        None => None,
    };
    let rows = round::audit_log_filtered(
        store.conn(),
        &AuditFilter {
            limit: args.last,
            event_id: event.as_ref().map(|e| e.id),
            action: args.action.map(Action::as_str),
        },
    )?;
    if args.format == Format::Json {
        print_json(&serde_json::to_value(&rows).unwrap_or_default())?;
        return Ok(());
    }
    if rows.is_empty() && args.format == Format::Text {
        print(if event.is_some() || args.action.is_some() {
            "No log entries match.\n"
        } else {
            "No corrections, deletions, renames, withdrawals, edits or restores recorded.\n"
        })?;
        return Ok(());
    }
    let mut t = Table::new(&["when", "who", "what", "subject", "old", "new", "reason"]);
    for r in rows {
        t.push(vec![
            r.at,
            r.who.unwrap_or_default(),
            r.action,
            r.subject,
            r.old_value.unwrap_or_default(),
            r.new_value.unwrap_or_default(),
            r.reason.unwrap_or_default(),
        ]);
    }
    print(&t.render(args.format))?;
    Ok(())
}
