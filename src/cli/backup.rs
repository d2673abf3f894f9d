//! `league backup PATH`: a consistent copy of the league database, safe to
//! take while another `league` command is recording.

use std::path::{Path, PathBuf};

use super::output::print;
use crate::error::{Error, Result};
use crate::store::backup::{self, Refusal};

/// The arguments of `league backup`.
#[derive(clap::Args, Debug)]
pub struct BackupArgs {
    /// Where to write the copy, e.g. backups/league-2023-01-17.db.
    pub path: PathBuf,
    /// Replace PATH if it already exists.
    #[arg(long)]
    pub force: bool,
}

/// Copy the database at `db` to `args.path` (refusing an existing file
/// unless `--force`) and print where it went, its size and what it holds,
/// so the secretary can see the copy is the league they meant.
pub fn run(db: &Path, args: BackupArgs) -> Result<()> {
    let r = backup::backup(db, &args.path, args.force).map_err(|e| {
        let hint = hint(&e);
        e.with_hint(hint)
    })?;
    print(&format!(
        "Backed up {} to {} ({}): {}.\n",
        db.display(),
        r.path.display(),
        size(r.bytes),
        r.counts.summary()
    ))?;
    Ok(())
}

/// The CLI's way on from a refused backup or restore (`restore` shares it).
pub fn hint(e: &Error) -> Option<String> {
    let text = match e.refusal::<Refusal>()? {
        Refusal::Exists { .. } => "; choose another name, or add --force to replace it",
        Refusal::NoBackup { .. } => "; give the path of a backup made with `league backup`",
        Refusal::BackupIsFolder { .. } => {
            "; give the path of a backup file made with `league backup`"
        }
        Refusal::NoDatabaseFolder { .. } => "; check the --db path",
    };
    Some(text.into())
}

/// A file size for people: "812 bytes", "248 KB", "3.4 MB".
pub fn size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} bytes"),
        b if b < 1024 * 1024 => format!("{} KB", b.div_ceil(1024)),
        b => format!("{:.1} MB", b as f64 / (1024.0 * 1024.0)),
    }
}
