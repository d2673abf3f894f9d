//! `league restore PATH`: bring back a backup, after checking it, keeping
//! the database as it was in `<db>.before-restore.bak`.

use std::path::{Path, PathBuf};

use super::output::print;
use crate::error::Result;
use crate::store::{backup, check, Store};

/// The arguments of `league restore`.
#[derive(clap::Args, Debug)]
pub struct RestoreArgs {
    /// The backup to bring back: a file written by `league backup`, or a
    /// copy the program made itself (`*.before-v<N>.bak`, `*.before-restore.bak`).
    pub path: PathBuf,
    /// Why (kept in the log).
    #[arg(long)]
    pub reason: Option<String>,
}

/// Bring back the backup at `args.path` over the database at `db` (the
/// store checks it first and keeps the current file as a safety copy), say
/// what was restored and where the old file went, then open the result as
/// every command will and warn if `league check` would find problems.
pub fn run(db: &Path, args: RestoreArgs) -> Result<()> {
    let r = backup::restore(db, &args.path, args.reason.as_deref()).map_err(|e| {
        let hint = super::backup::hint(&e);
        e.with_hint(hint)
    })?;
    let mut out = format!(
        "Restored {} from {}: {}.\n",
        db.display(),
        args.path.display(),
        r.restored.summary()
    );
    match (&r.safety_copy, &r.previous) {
        (Some(copy), Some(prev)) => out.push_str(&format!(
            "The database as it was ({}) is kept in {}.\n",
            prev.summary(),
            copy.display()
        )),
        (Some(copy), None) => out.push_str(&format!(
            "The damaged database is kept as it was in {}.\n",
            copy.display()
        )),
        _ => {}
    }
    if !r.schema_repaired.is_empty() {
        out.push_str(&format!(
            "Schema objects that were not league's own were removed or put back as league makes them \
             (a trigger or view another tool added could change what is recorded): {}.\n",
            r.schema_repaired.join("; ")
        ));
    }
    // Prove the result opens as every command will open it, and check it.
    let store = Store::open(db, false)?;
    let report = check::run(store.conn());
    if report.problems() > 0 {
        out.push_str(&format!(
            "Warning: `league check` finds {} problem{} in the restored league; run it for details.\n",
            report.problems(),
            if report.problems() == 1 { "" } else { "s" }
        ));
    }
    print(&out)?;
    Ok(())
}
