//! `league log`: the audit trail.

use super::output::{print, print_json, Format, Table};
use crate::error::Result;
use crate::store::{round, Store};

#[derive(clap::Args, Debug)]
pub struct LogArgs {
    /// How many entries to show, newest first.
    #[arg(long, default_value_t = 50)]
    pub last: usize,
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

pub fn run(store: &mut Store, args: LogArgs) -> Result<()> {
    let rows = round::audit_log(store.conn(), args.last)?;
    if args.format == Format::Json {
        print_json(&serde_json::to_value(&rows).unwrap_or_default())?;
        return Ok(());
    }
    if rows.is_empty() && args.format == Format::Text {
        print("No corrections, deletions, renames or withdrawals recorded.\n")?;
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
