//! `league import …`: bring results from other programs' files into the league.

use std::path::PathBuf;

use clap::Subcommand;

use super::output::print;
use crate::error::{InputError, Result};
use crate::input::{team_matches, trf};
use crate::store::import::{import_trf, ImportTarget};
use crate::store::team_match::{import_team_matches, TeamImportTarget};
use crate::store::Store;

#[derive(Subcommand, Debug)]
pub enum ImportCmd {
    /// A FIDE tournament report file (TRF-16, TRF-2025 tolerated) as a new event section.
    Trf(TrfArgs),
    /// Team matches kept as a crosstable: CSV round,team_a,team_b,points_a,points_b
    /// (a team bye: team_b BYE, points_b empty). Creates the season, the event (a
    /// team Swiss) and the teams it names when they do not exist; the file is
    /// imported whole or not at all.
    TeamMatches(TeamMatchesArgs),
}

#[derive(clap::Args, Debug)]
pub struct TeamMatchesArgs {
    /// The CSV file.
    pub file: PathBuf,
    /// The season (created if it does not exist).
    #[arg(long)]
    pub season: String,
    /// The team event (created as a team Swiss with the file's rounds if it does not exist).
    #[arg(long)]
    pub event: String,
    /// Boards per match (default: the event's, or 4 for a new event).
    #[arg(long)]
    pub boards: Option<u32>,
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
        ImportCmd::TeamMatches(a) => {
            let (bytes, name) = read_file(&a.file)?;
            let rows = team_matches::parse(&bytes, &name)?;
            let target = TeamImportTarget {
                season: &a.season,
                event: &a.event,
                boards: a.boards,
            };
            let done = store.write(|tx| import_team_matches(tx, &rows, &name, &target))?;
            let rounds = match (done.rounds.first(), done.rounds.last()) {
                (Some(a), Some(b)) if a != b => format!("rounds {a}-{b}"),
                (Some(a), _) => format!("round {a}"),
                _ => "no rounds".into(),
            };
            print(&format!(
                "Imported {} matches and {} team byes ({rounds}) into {} ({}){}{}.\n",
                done.matches,
                done.byes,
                done.event.name,
                done.event.season,
                if done.event_created {
                    ", a new team Swiss"
                } else {
                    ""
                },
                if done.teams_created > 0 {
                    format!(", adding {} teams", done.teams_created)
                } else {
                    String::new()
                }
            ))?;
        }
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
    }
    Ok(())
}
