//! `league log`: the audit trail of everything that changed or removed
//! recorded data (corrections, deletions, renames, withdrawals, edits of
//! settings, restores), newest first, optionally for one event or action.

use super::output::{print, print_json, Format, Table};
use crate::error::Result;
use crate::store::audit::{self, AuditFilter};
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

impl From<Action> for audit::Action {
    fn from(a: Action) -> audit::Action {
        match a {
            Action::Correct => audit::Action::Correct,
            Action::Delete => audit::Action::Delete,
            Action::Rename => audit::Action::Rename,
            Action::Merge => audit::Action::Merge,
            Action::Withdraw => audit::Action::Withdraw,
            Action::Edit => audit::Action::Edit,
            Action::Restore => audit::Action::Restore,
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
    /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
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
    let rows = audit::audit_log_filtered(
        store.conn(),
        &AuditFilter {
            limit: args.last,
            event_id: event.as_ref().map(|e| e.id),
            action: args.action.map(audit::Action::from),
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
    let offset = local_offset();
    if args.format == Format::Text {
        print(&blocks(&rows, offset))?;
        return Ok(());
    }
    let mut t = Table::new(&["when", "who", "what", "subject", "old", "new", "reason"]);
    for r in rows {
        t.push(vec![
            when(&r.at, offset),
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

/// This computer's offset from UTC, for showing times as the secretary
/// reads a clock; UTC when the system does not say.
fn local_offset() -> time::UtcOffset {
    time::UtcOffset::current_local_offset().unwrap_or(time::UtcOffset::UTC)
}

/// A stored time (RFC 3339, UTC) as local time to the second:
/// "2024-01-09 19:42:13". Text that is not such a time is shown as it is.
fn when(at: &str, offset: time::UtcOffset) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    time::OffsetDateTime::parse(at, &time::format_description::well_known::Rfc3339)
        .ok()
        .and_then(|t| t.to_offset(offset).format(&format).ok())
        .unwrap_or_else(|| at.to_string())
}

/// The log for a terminal: one block per entry, each line within 100
/// columns (long subjects and values wrap, indented).
fn blocks(rows: &[audit::AuditRow], offset: time::UtcOffset) -> String {
    const WIDTH: usize = 100;
    let mut out = String::new();
    for r in rows {
        let head = format!(
            "{}  {}  {}",
            when(&r.at, offset),
            r.who.as_deref().unwrap_or("-"),
            r.action
        );
        out.push_str(&head);
        out.push('\n');
        let mut lines = vec![r.subject.clone()];
        match (&r.old_value, &r.new_value) {
            (Some(o), Some(n)) => lines.push(format!("was: {o}; now: {n}")),
            (Some(o), None) => lines.push(format!("was: {o}")),
            (None, Some(n)) => lines.push(format!("now: {n}")),
            (None, None) => {}
        }
        if let Some(reason) = r.reason.as_deref().filter(|x| !x.is_empty()) {
            lines.push(format!("reason: {reason}"));
        }
        for line in lines {
            for piece in wrap(&line, WIDTH - 4) {
                out.push_str("    ");
                out.push_str(&piece);
                out.push('\n');
            }
        }
    }
    out
}

/// `text` in lines of at most `width` characters, broken at spaces where
/// possible.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        while word.chars().count() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let cut: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(cut);
        }
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_local_to_the_second() {
        let plus_two = time::UtcOffset::from_hms(2, 0, 0).unwrap();
        assert_eq!(
            when("2024-01-09T19:42:13Z", plus_two),
            "2024-01-09 21:42:13"
        );
        assert_eq!(when("not a time", plus_two), "not a time");
    }

    #[test]
    fn long_lines_wrap_within_the_width() {
        let text =
            "Winter Swiss 1600+ round 2: Dan Wu v Bob Jones 1F-0F and a very long explanation";
        let lines = wrap(text, 30);
        assert!(lines.iter().all(|l| l.chars().count() <= 30), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap(&"x".repeat(65), 30).len(), 3);
    }
}
