//! `league check`: is the database file intact, and do the league's
//! records obey the league's rules? Exits non-zero when anything is wrong.

use std::path::Path;

use super::output::{print, print_json, Format};
use crate::error::{Error, Result};
use crate::store::check;

/// Each problem line with the CLI's way of putting it right, where its
/// check leaves one ([`check::CheckResult::way`]).
fn with_ways(report: &mut check::Report) {
    for c in &mut report.checks {
        if let Some(way) = c.way.take() {
            let hint = super::ways::hint(&way);
            for p in &mut c.problems {
                p.push_str(&hint);
            }
        }
    }
}

/// The arguments of `league check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// `json` for scripts; the other formats print the text report.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// Check the file and the records of the database at `db` and print each
/// check's outcome. Fails (non-zero exit) when any check finds a problem,
/// pointing to `league restore` when the file itself is damaged and to the
/// logged correction commands otherwise.
pub fn run(db: &Path, args: CheckArgs) -> Result<()> {
    let mut report = check::check_file(db)?;
    with_ways(&mut report);
    if args.format == Format::Json {
        print_json(&serde_json::to_value(&report).unwrap_or_default())?;
    } else {
        let mut out = format!("Checking {} (schema {}).\n", db.display(), report.schema);
        for c in &report.checks {
            if c.ok() {
                out.push_str(&format!("ok    {}\n", c.name));
            } else {
                out.push_str(&format!(
                    "{}  {}: {} problem{}\n",
                    if c.notice { "note" } else { "FAIL" },
                    c.name,
                    c.problems.len(),
                    if c.problems.len() == 1 { "" } else { "s" }
                ));
                for p in &c.problems {
                    out.push_str(&format!("        {p}\n"));
                }
            }
        }
        print(&out)?;
    }
    let damaged = report.checks.first().is_some_and(|c| !c.ok());
    match report.problems() {
        0 => Ok(()),
        _ if damaged => Err(Error::Database(format!(
            "{} is damaged; go back to your latest backup with `league restore BACKUP` \
             (restore keeps the damaged file as a copy)",
            db.display()
        ))),
        n => Err(Error::Database(format!(
            "{}: `league check` found {n} problem{}. Correct them with `league game correct` / \
             `league game delete` (they are logged), or go back to a backup with `league restore BACKUP`",
            db.display(),
            if n == 1 { "" } else { "s" }
        ))),
    }
}
