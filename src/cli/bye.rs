//! `league bye add`: a full-point, half-point or zero-point bye for one
//! player in one round, recorded as a one-line sheet.

use clap::Subcommand;

use super::output::print;
use super::round::echo;
use super::SectionArgs;
use crate::app::bye::{self as app, NewBye, Refusal};
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};
use crate::store::Store;

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ByeArg {
    Full,
    Half,
    Zero,
}

#[derive(Subcommand, Debug)]
pub enum ByeCmd {
    /// Give a player a bye in a round.
    Add {
        /// The player: pairing number, id or name.
        player: String,
        #[command(flatten)]
        section: SectionArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        /// full (1 point), half (½) or zero (0).
        #[arg(long, value_enum)]
        kind: ByeArg,
        /// The pairing assigned it (the odd player's bye), rather than the player asking for it.
        /// Default: full-point byes are assigned, half and zero are requested.
        #[arg(long)]
        assigned: Option<bool>,
    },
}

pub fn run_bye(store: &mut Store, cmd: ByeCmd) -> Result<()> {
    match cmd {
        ByeCmd::Add {
            player,
            section,
            round,
            kind,
            assigned,
        } => {
            let kind = match kind {
                ByeArg::Full => ByeKind::Full,
                ByeArg::Half => ByeKind::Half,
                ByeArg::Zero => ByeKind::Zero,
            };
            let requested = !assigned.unwrap_or(kind == ByeKind::Full);
            let (event, section) = section.find(store)?;
            event.need_individual()?;
            let all = crate::store::player::entries(store.conn(), section.id)?;
            // A name that finds nobody reads as the sheet's row did.
            let entry = crate::store::player::find_entry(&all, store.conn(), &section, &player)
                .map_err(|e| Error::invalid(e.to_string()))?;
            let bye = NewBye {
                round,
                kind,
                requested,
            };
            let done = store
                .write(|tx| app::add_bye(tx, &event, &section, &entry, bye, "command line"))
                .map_err(|e| {
                    let h = hint(&e);
                    super::round::sheet_hint(e.with_hint(h))
                })?;
            print(&echo(
                &super::event_section_label(store, &event, &section.name)?,
                round,
                &done,
            ))?;
        }
    }
    Ok(())
}

/// The CLI's way on from a bye refused for its round.
fn hint(e: &Error) -> Option<String> {
    match e.refusal::<Refusal>()? {
        Refusal::NoSuchRound { .. } => {
            Some("; change the event's rounds with `league event edit --rounds`".to_string())
        }
        Refusal::TeamEvent { .. } => None,
    }
}
