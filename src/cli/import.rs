//! `league import …`: bring results from other programs' files into the league.

use std::path::PathBuf;

use clap::Subcommand;

use super::output::print;
use crate::error::{InputError, Result};
use crate::input::{json as jsonin, players as playerlist, trf};
use crate::store::exchange;
use crate::store::import::{import_trf, ImportTarget};
use crate::store::Store;

#[derive(Subcommand, Debug)]
pub enum ImportCmd {
    /// A FIDE tournament report file (TRF-16, TRF-2025 tolerated) as a new event section.
    Trf(TrfArgs),
    /// A player list (CSV): new players added, known ones updated.
    ///
    /// The header names the columns: name, uscf_id, fide_id, rating,
    /// fide_rating, federation, title. A player already in the league (same
    /// US Chess id, else FIDE id, else the one player of that name) is
    /// updated with the list's filled-in cells, keeping the league's
    /// spelling of the name; the others are added.
    Players(PlayersArgs),
    /// A season or event exported with `league export json`.
    ///
    /// Players are matched by US Chess id, then FIDE id, or added. A season
    /// that exists is refused (use --season-as); an event goes into its
    /// season and is refused if that season has the event.
    Json(JsonArgs),
}

#[derive(clap::Args, Debug)]
pub struct PlayersArgs {
    /// The CSV file.
    pub file: PathBuf,
}

#[derive(clap::Args, Debug)]
pub struct JsonArgs {
    /// The JSON file.
    pub file: PathBuf,
    /// Import the season under this name (a season that already exists is refused).
    #[arg(long)]
    pub season_as: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct TrfArgs {
    /// The TRF file.
    pub file: PathBuf,
    /// The season to put it in (created if it does not exist).
    #[arg(long)]
    pub season: String,
    /// The event's name (default: the file's 012 line). An existing event gets a new section.
    #[arg(long)]
    pub event: Option<String>,
    /// The section's name (default: "Open").
    #[arg(long)]
    pub section: Option<String>,
    /// Tiebreak order for a new event (default: fide-swiss, or fide-round-robin).
    #[arg(long)]
    pub tiebreaks: Option<String>,
}

/// Read a file the secretary named, with the file name in any error.
pub fn read_file(path: &PathBuf) -> Result<(Vec<u8>, String)> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path)
        .map_err(|e| InputError::new(&name, format!("cannot read the file: {e}")))?;
    Ok((bytes, name))
}

pub fn run(store: &mut Store, cmd: ImportCmd) -> Result<()> {
    match cmd {
        ImportCmd::Trf(a) => {
            if let Some(t) = &a.tiebreaks {
                super::season::check_order(t)?;
            }
            let (bytes, name) = read_file(&a.file)?;
            let parsed = trf::parse(&bytes, &name)?;
            let target = ImportTarget {
                season: &a.season,
                event: a.event.as_deref(),
                section: a.section.as_deref(),
                tiebreaks: a.tiebreaks.as_deref(),
            };
            let (event, section) = store.write(|tx| import_trf(tx, &parsed, &target))?;
            print(&format!(
                "Imported {} players and {} rounds into {} ({}), section {}.\n",
                parsed.players.len(),
                parsed.rounds,
                event.name,
                event.season,
                section.name
            ))?;
        }
        ImportCmd::Players(a) => {
            let (bytes, name) = read_file(&a.file)?;
            let rows = playerlist::parse(&bytes, &name)?;
            let done = store.write(|tx| exchange::merge_players(tx, &rows, &name))?;
            print(&format!(
                "Player list {name}: {} added, {} updated, {} already up to date.\n",
                done.added, done.updated, done.unchanged
            ))?;
            for n in &done.notes {
                print(&format!("Note: {n}.\n"))?;
            }
        }
        ImportCmd::Json(a) => {
            let (bytes, name) = read_file(&a.file)?;
            let d = jsonin::parse(&bytes, &name)?;
            let season = a.season_as.as_deref().unwrap_or(&d.season.name).to_string();
            if season.trim().is_empty() {
                return Err(crate::error::Error::invalid("--season-as needs a name"));
            }
            let done = store.write(|tx| exchange::import_document(tx, &d, &season, &name))?;
            print(&format!(
                "Imported {} event{} into season {}: {} games; {} players added, {} matched to \
                 the league's by id.\n",
                done.events,
                if done.events == 1 { "" } else { "s" },
                done.season,
                done.games,
                done.players_added,
                done.players_matched
            ))?;
        }
    }
    Ok(())
}
