//! `league ratings import FILE`: a US Chess supplement (`.dbf`) or a FIDE
//! list (`.xml`, `.txt`) into the players' current ratings, in one
//! transaction; the replaced ratings are kept as history.

use std::path::PathBuf;

use clap::Subcommand;

use super::import::open_regular;
use super::output::print;
use crate::error::{Error, InputError, Result};
use crate::input::ratings::{read, ListKind, ListRow};
use crate::store::{ratings, Store};

/// What `league ratings` does with a rating list.
#[derive(Subcommand, Debug)]
pub enum RatingsCmd {
    /// Update players' ratings from a US Chess supplement (.dbf) or a FIDE list (.xml or .txt),
    /// matching by id; event entries keep the rating their event used.
    Import {
        /// The list: a .dbf (US Chess), .xml or .txt (FIDE) file.
        file: PathBuf,
        /// What the list is called in the rating history (default: the file's name).
        #[arg(long)]
        list: Option<String>,
        /// The day the list took effect, YYYY-MM-DD (default: today): the day the rating
        /// history records, which decides the rating a report of an earlier event uses.
        #[arg(long, value_parser = super::parse_date)]
        date: Option<String>,
    },
}

/// The largest rating list read: FIDE's whole XML list is about 0.6 GB.
pub const MAX_LIST: u64 = 2 * 1024 * 1024 * 1024;

/// Read a rating list by the importers' rules: a regular file only, at
/// most [`MAX_LIST`] bytes, read a record at a time.
fn read_list(file: &PathBuf, kind: ListKind) -> Result<Vec<ListRow>> {
    let (f, name) = open_regular(file)?;
    let too_big = || {
        Error::from(InputError::new(
            &name,
            format!(
                "the file is larger than {} GB, far beyond any rating list; check that this is the file you meant",
                MAX_LIST >> 30
            ),
        ))
    };
    let len = f
        .metadata()
        .map_err(|e| InputError::new(&name, format!("cannot read the file: {e}")))?
        .len();
    if len > MAX_LIST {
        return Err(too_big());
    }
    use std::io::Read;
    let mut capped = std::io::BufReader::with_capacity(1 << 16, f.take(MAX_LIST + 1));
    let rows = read(&mut capped, kind, &name)?;
    if capped.get_ref().limit() == 0 {
        // The file grew past the limit while it was read.
        return Err(too_big());
    }
    Ok(rows)
}

/// Read the list (refusing a file of another kind, naming it), update the
/// matching players' ratings in one transaction, and print what changed,
/// who was rated for the first time and who with an id was not on the list.
pub fn run(store: &mut Store, c: RatingsCmd) -> Result<()> {
    match c {
        RatingsCmd::Import { file, list, date } => {
            let source = file.display().to_string();
            let kind = ListKind::from_path(&file).ok_or_else(|| {
                Error::from(InputError::new(
                    &source,
                    "a rating list is a .dbf (US Chess supplement), .xml or .txt (FIDE) file",
                ))
            })?;
            let rows = read_list(&file, kind)?;
            let name = list.unwrap_or_else(|| {
                file.file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_else(|| source.clone())
            });
            let today = date.unwrap_or_else(|| time::OffsetDateTime::now_utc().date().to_string());
            let done =
                store.write(|tx| ratings::import_list(tx, &rows, kind.is_fide(), &name, &today))?;
            let which = if kind.is_fide() { "FIDE" } else { "US Chess" };
            let mut out = format!(
                "{which} ratings from {name} ({} players on the list): {} changed, {} rated for the first time, {} unchanged, {} not in the league.\n",
                rows.len(),
                done.changed.len(),
                done.new.len(),
                done.unchanged,
                done.not_in_league
            );
            for (n, o, r) in &done.changed {
                out.push_str(&format!("  changed: {n} {o} -> {r}\n"));
            }
            for (n, r) in &done.new {
                out.push_str(&format!("  new: {n} {r}\n"));
            }
            if !done.unmatched.is_empty() {
                out.push_str(&format!(
                    "Not on the list ({} player{} with a {which} id, ratings kept): {}\n",
                    done.unmatched.len(),
                    if done.unmatched.len() == 1 { "" } else { "s" },
                    done.unmatched.join(", ")
                ));
            }
            print(&out)?;
        }
    }
    Ok(())
}
