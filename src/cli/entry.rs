//! `league entry move|remove`: an entry in the wrong section moves (before
//! the player's first round); one made by mistake is removed. Both logged.

use clap::Subcommand;

use super::output::print;
use super::SectionArgs;
use crate::app::entry::{self as app, Refusal};
use crate::error::{Error, Result};
use crate::store::{player as players, season as seasons, Store};

/// The corrections `league entry` makes to a player's entry in a section.
#[derive(Subcommand, Debug)]
pub enum EntryCmd {
    /// Move a player to another section of the event, before their first round:
    /// `league entry move Zoe --event "Winter Swiss" --section U1600 --to 1600+`.
    Move {
        /// The player: pairing number, id or name.
        player: String,
        /// The section the player is in now.
        #[command(flatten)]
        section: SectionArgs,
        /// The section to move them to.
        #[arg(long)]
        to: String,
        /// Why (kept in the log).
        #[arg(long)]
        reason: Option<String>,
    },
    /// Remove an entry made by mistake (only before the player has a game or bye;
    /// afterwards use `league withdraw`).
    Remove {
        /// The player: pairing number, id or name.
        player: String,
        /// The section the entry is in.
        #[command(flatten)]
        section: SectionArgs,
        /// Why (kept in the log).
        #[arg(long)]
        reason: Option<String>,
    },
}

/// Move or remove the entry, in one logged transaction, and say what
/// changed: the pairing numbers before and after, and a note when a moved
/// player's rating is outside the new section's band (allowed: the
/// secretary may place a player by hand).
pub fn run(store: &mut Store, cmd: EntryCmd) -> Result<()> {
    match cmd {
        EntryCmd::Move {
            player,
            section,
            to,
            reason,
        } => {
            let (event, from) = section.find(store)?;
            let to = seasons::find_section(store.conn(), &event, Some(&to))?;
            let all = players::entries(store.conn(), from.id)?;
            let entry = players::find_entry(&all, store.conn(), &from, &player)?;
            let moved = store
                .write(|tx| app::move_entry(tx, &entry, &to, reason.as_deref()))
                .map_err(|e| {
                    let h = hint(&e);
                    e.with_hint(h)
                })?;
            let band = to
                .outside_band(moved.rating)
                .map(|why| format!(" (note: rated {}, {why})", moved.rating.unwrap_or_default()))
                .unwrap_or_default();
            print(&format!(
                "Moved {} from {} {} (#{}) to {} (#{}){band}.\n",
                moved.name, event.name, from.name, entry.pairing_no, to.name, moved.pairing_no
            ))?;
        }
        EntryCmd::Remove {
            player,
            section,
            reason,
        } => {
            let (event, section) = section.find(store)?;
            let all = players::entries(store.conn(), section.id)?;
            let entry = players::find_entry(&all, store.conn(), &section, &player)?;
            store
                .write(|tx| app::remove_entry(tx, &entry, reason.as_deref()))
                .map_err(|e| {
                    let h = hint(&e);
                    e.with_hint(h)
                })?;
            print(&format!(
                "Removed {} (#{}) from {} {}.\n",
                entry.name, entry.pairing_no, event.name, section.name
            ))?;
        }
    }
    Ok(())
}

/// The CLI's way on from a refused move or removal.
fn hint(e: &Error) -> Option<String> {
    match e.refusal::<Refusal>()? {
        Refusal::MovedAfterPlay { .. } => {
            Some(" (delete them first with `league game delete`)".into())
        }
        Refusal::RemovedAfterPlay { .. } => Some(
            "; withdraw them instead (`league withdraw`), or delete those first with `league game delete`".into(),
        ),
        _ => None,
    }
}
