//! `league ratings import FILE`: a US Chess supplement (`.dbf`) or a FIDE
//! list (`.xml`, `.txt`) into the players' current ratings, in one
//! transaction; the replaced ratings are kept as history.

use std::path::PathBuf;

use clap::Subcommand;

use super::import::open_regular;
use super::output::print;
use crate::app::ratings::{self as app, Refusal};
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
        /// Accept a --date in the future (a list announced ahead of the day it takes effect).
        #[arg(long)]
        force: bool,
    },
    /// List the rating lists imported, with the day each took effect and how many ratings it set.
    List,
    /// Undo an imported list: every player it changed gets back the rating it replaced.
    Remove {
        /// The list's name, as `league ratings list` shows it.
        list: String,
        /// The day it took effect, when several lists have that name.
        #[arg(long, value_parser = super::parse_date)]
        date: Option<String>,
    },
}

/// Refuse a rating list dated after today unless `force`: a mistyped year
/// (2052 for 2025) would otherwise be accepted and then refuse every
/// correctly dated list after it (lists go in in the order they took
/// effect).
fn check_not_future(date: &str, today: &str, force: bool) -> Result<()> {
    if force || date <= today {
        return Ok(());
    }
    Err(Error::invalid(format!(
        "--date {date} is in the future (today is {today}); a rating list is dated the day it took \
         effect. Check the date, or add --force if the list really takes effect on {date}"
    )))
}

/// `league ratings list`.
fn show_lists(store: &Store) -> Result<()> {
    let lists = ratings::lists(store.conn())?;
    if lists.is_empty() {
        print("No rating list has changed a rating yet (`league ratings import FILE`).\n")?;
        return Ok(());
    }
    let mut out = String::new();
    for l in &lists {
        out.push_str(&format!(
            "{}  {}  {}  {} rating{} set\n",
            l.took_effect,
            if l.system == "fide" {
                "FIDE    "
            } else {
                "US Chess"
            },
            l.list,
            l.players,
            if l.players == 1 { "" } else { "s" }
        ));
    }
    print(&out)?;
    Ok(())
}

/// `league ratings remove LIST`.
fn remove(store: &mut Store, list: &str, date: Option<&str>) -> Result<()> {
    let (list, restored) = store
        .write(|tx| app::remove_list(tx, list, date))
        .map_err(with_hint)?;
    let shown = |r: &Option<u32>| r.map_or("unrated".to_string(), |r| r.to_string());
    let mut out = format!(
        "Removed the rating list {} (took effect on {}): {} player{} got back the rating it replaced.\n",
        list.list,
        list.took_effect,
        restored.len(),
        if restored.len() == 1 { "" } else { "s" }
    );
    for (name, now, before) in &restored {
        out.push_str(&format!("  {name} {} -> {}\n", shown(now), shown(before)));
    }
    print(&out)?;
    Ok(())
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
        RatingsCmd::List => show_lists(store)?,
        RatingsCmd::Remove { list, date } => remove(store, &list, date.as_deref())?,
        RatingsCmd::Import {
            file,
            list,
            date,
            force,
        } => {
            let today = time::OffsetDateTime::now_utc().date().to_string();
            if let Some(d) = &date {
                check_not_future(d, &today, force)?;
            }
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
            let today = date.unwrap_or(today);
            let done = store
                .write(|tx| app::import_list(tx, &rows, kind.is_fide(), &name, &today))
                .map_err(with_hint)?;
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
            out.push_str(&k_summary(&rows, &done, kind));
            print(&out)?;
        }
    }
    Ok(())
}

/// The most K-factor warnings printed: a list with a broken K column
/// would otherwise print one for each of a million players.
const MAX_K_WARNINGS: usize = 20;

/// For a FIDE list, the line saying how many K factors the list set (and
/// the warnings, on stderr, for K factors that could not be read).
fn k_summary(rows: &[ListRow], done: &ratings::RatingsImported, kind: ListKind) -> String {
    if !kind.is_fide() {
        return String::new();
    }
    let warnings: Vec<&str> = rows.iter().filter_map(|r| r.k_warning.as_deref()).collect();
    for w in warnings.iter().take(MAX_K_WARNINGS) {
        eprintln!("Warning: {w}.");
    }
    if warnings.len() > MAX_K_WARNINGS {
        eprintln!(
            "Warning: {} more K factors on the list were not 10, 20 or 40 and were left out.",
            warnings.len() - MAX_K_WARNINGS
        );
    }
    format!(
        "K factors: {} set, {} already as the list gives them.\n",
        done.k_set, done.k_unchanged
    )
}

/// A refused list with the CLI's way on: the flag that names the day, or
/// the command that lists the lists.
fn with_hint(e: Error) -> Error {
    let hint = match e.refusal::<Refusal>() {
        Some(Refusal::OutOfOrder { .. }) => Some(" (--date)"),
        Some(Refusal::NoSuchList { .. }) => Some(" (see `league ratings list`)"),
        Some(Refusal::SeveralLists { .. }) => Some("; say which with --date"),
        _ => None,
    };
    e.with_hint(hint.map(str::to_string))
}
