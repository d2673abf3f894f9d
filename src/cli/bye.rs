//! `league bye add`: a full-point, half-point or zero-point bye for one
//! player in one round, recorded as a one-line sheet.

use clap::Subcommand;

use super::output::print;
use super::round::echo;
use super::SectionArgs;
use crate::domain::game::SheetRow;
use crate::domain::record::ByeKind;
use crate::error::Result;
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
            let row = SheetRow {
                line: None,
                board: None,
                white: player.clone(),
                black: None,
                result: None,
                bye: Some((kind, requested)),
                names: None,
            };
            let done = store.write(|tx| {
                crate::app::round::sheet::record_sheet(
                    tx,
                    &section,
                    round,
                    None,
                    &[row],
                    "command line",
                    false,
                )
                .map_err(super::round::sheet_hint)
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
