//! `league import …`: bring results from other programs' files into the league.

use std::path::PathBuf;

use clap::Subcommand;

use super::output::{print, print_json};
use crate::app::import::team::{self as team_import, import_team_matches, TeamImportTarget};
use crate::app::import::{self as app, import_trf, ImportTarget, Refusal};
use crate::error::{Error, InputError, Result};
use crate::input::{json as jsonin, players as playerlist, team_matches, trf};
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
    /// Team matches kept as a crosstable: CSV round,team_a,team_b,points_a,points_b
    /// (a team bye: team_b BYE, points_b empty). Creates the season, the event (a
    /// team Swiss) and the teams it names when they do not exist; the file is
    /// imported whole or not at all.
    TeamMatches(TeamMatchesArgs),
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
    /// Refuse the file instead of importing it with warnings (two lines
    /// that contradict each other, a points column that disagrees with the
    /// results, a file that is not UTF-8).
    #[arg(long)]
    pub strict: bool,
    /// Print what was imported as JSON (event, season, section, players,
    /// rounds and the warnings).
    #[arg(long)]
    pub json: bool,
}

/// The largest file an importer reads: far above any league's file (the
/// largest real TRF is under 1 MB), low enough that a wrong path
/// (`/dev/zero`, a disk image) cannot fill memory.
pub const MAX_INPUT: u64 = 64 * 1024 * 1024;

/// Read a file the secretary named, with the file name in any error: only a
/// regular file (not a folder, device or pipe), of at most [`MAX_INPUT`]
/// bytes.
pub fn read_file(path: &PathBuf) -> Result<(Vec<u8>, String)> {
    let (file, name) = open_regular(path)?;
    let bytes = read_capped(file, &name)?;
    Ok((bytes, name))
}

/// Open a file the secretary named for reading, with the file name in any
/// error: only a regular file. A folder, a device (`/dev/zero` never ends)
/// or a pipe (a FIFO with no writer blocks forever) is refused before it
/// is opened.
pub fn open_regular(path: &PathBuf) -> Result<(std::fs::File, String)> {
    let name = path.display().to_string();
    let meta = std::fs::metadata(path)
        .map_err(|e| InputError::new(&name, format!("cannot read the file: {e}")))?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a device, a pipe or a socket)"
        };
        return Err(InputError::new(
            &name,
            format!("this is {what}; give the path of the file to read"),
        )
        .into());
    }
    let file = std::fs::File::open(path)
        .map_err(|e| InputError::new(&name, format!("cannot read the file: {e}")))?;
    Ok((file, name))
}

/// Read at most [`MAX_INPUT`] bytes from `r`, refusing anything longer.
pub fn read_capped(r: impl std::io::Read, name: &str) -> Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    r.take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| InputError::new(name, format!("cannot read the file: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(InputError::new(
            name,
            format!(
                "the file is larger than {} MB, far beyond any league's file; check that this is the file you meant",
                MAX_INPUT / (1024 * 1024)
            ),
        )
        .into());
    }
    Ok(bytes)
}

/// An import's file, read and parsed, before the database is opened (a
/// file that does not parse leaves no database behind, even at a mistyped
/// --db).
pub enum Parsed {
    TeamMatches(TeamMatchesArgs, Vec<team_matches::TeamMatchRow>, String),
    Trf(TrfArgs, Box<crate::interchange::trf::TrfEvent>, String),
    /// The rows, the file's name, and what was changed in the rows.
    Players(Vec<playerlist::PlayerRow>, String, Vec<String>),
    Json(JsonArgs, crate::interchange::json::Document, String),
}

/// Read and parse the file of an import command.
pub fn parse(cmd: ImportCmd) -> Result<Parsed> {
    Ok(match cmd {
        ImportCmd::TeamMatches(a) => {
            let (bytes, name) = read_file(&a.file)?;
            let rows = team_matches::parse(&bytes, &name)?;
            Parsed::TeamMatches(a, rows, name)
        }
        ImportCmd::Trf(a) => {
            if let Some(t) = &a.tiebreaks {
                super::event::check_order(t)?;
            }
            let (bytes, name) = read_file(&a.file)?;
            let parsed = trf::parse(&bytes, &name)?;
            if a.strict && !parsed.warnings.is_empty() {
                return Err(InputError::new(
                    &name,
                    format!("refused (--strict): {}", parsed.warnings.join("; ")),
                )
                .into());
            }
            Parsed::Trf(a, Box::new(parsed), name)
        }
        ImportCmd::Players(a) => {
            let (bytes, name) = read_file(&a.file)?;
            let (rows, warnings) = playerlist::parse_with_warnings(&bytes, &name)?;
            Parsed::Players(rows, name, warnings)
        }
        ImportCmd::Json(a) => {
            let (bytes, name) = read_file(&a.file)?;
            let d = jsonin::parse(&bytes, &name)?;
            Parsed::Json(a, d, name)
        }
    })
}

/// An error of the import that does not say which file: prefixed with it.
fn naming(name: &str, e: Error) -> Error {
    match e {
        Error::Input(_) => e,
        Error::Hinted(_) => e.map_facts(|e| naming(name, e)),
        Error::Invalid(m) if !m.contains(name) => Error::Invalid(format!("{name}: {m}")),
        Error::NotFound(m) if !m.contains(name) => Error::NotFound(format!("{name}: {m}")),
        // A refusal's text is final here: it is printed next.
        Error::Refused(r) if !r.to_string().contains(name) => {
            Error::Invalid(format!("{name}: {r}"))
        }
        e => e,
    }
}

/// The CLI's way on from a refused sheet of team matches.
fn team_hint(e: &Error) -> Option<String> {
    match e.refusal::<team_import::Refusal>()? {
        team_import::Refusal::BeyondEvent { .. } => {
            Some(" (change them with `league event edit --rounds`)".to_string())
        }
        team_import::Refusal::ByeWorth { event, given, .. } => Some(format!(
            " (change the event's rule with `league team edit --event \"{event}\" --bye-points {given}`)"
        )),
        team_import::Refusal::BoardsOutOfRange { .. } => None,
    }
}

/// Bring a parsed file into the league, in one transaction.
pub fn run(store: &mut Store, parsed: Parsed) -> Result<()> {
    let name = match &parsed {
        Parsed::TeamMatches(_, _, n) | Parsed::Trf(_, _, n) => n.clone(),
        Parsed::Players(_, n, _) | Parsed::Json(_, _, n) => n.clone(),
    };
    apply(store, parsed).map_err(|e| naming(&name, e))
}

fn apply(store: &mut Store, parsed: Parsed) -> Result<()> {
    match parsed {
        Parsed::TeamMatches(a, rows, name) => {
            if let Some(b) = a.boards.filter(|b| !(1..=20).contains(b)) {
                return Err(Error::invalid(format!(
                    "--boards {b}: a team match has 1 to 20 boards"
                )));
            }
            let target = TeamImportTarget {
                season: &a.season,
                event: &a.event,
                boards: a.boards,
            };
            let done = store
                .write(|tx| import_team_matches(tx, &rows, &name, &target))
                .map_err(|e| {
                    let hint = team_hint(&e);
                    e.with_hint(hint)
                })?;
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
        Parsed::Trf(a, parsed, name) => import_trf_file(store, &a, &parsed, &name)?,
        Parsed::Players(rows, name, warnings) => {
            let done = store.write(|tx| app::import_players(tx, &rows, &name))?;
            for w in &warnings {
                eprintln!("Warning: {w}.");
            }
            print(&format!(
                "Player list {name}: {} added, {} updated, {} already up to date.\n",
                done.added, done.updated, done.unchanged
            ))?;
            for n in &done.notes {
                print(&format!("Note: {n}.\n"))?;
            }
        }
        Parsed::Json(a, d, name) => {
            let season = a.season_as.as_deref().unwrap_or(&d.season.name).to_string();
            if season.trim().is_empty() {
                return Err(crate::error::Error::invalid("--season-as needs a name"));
            }
            let done = store
                .write(|tx| app::import_document(tx, &d, &season, &name))
                .map_err(|e| {
                    let hint = json_hint(&e);
                    e.with_hint(hint)
                })?;
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

/// `league import trf`: the file as a new section, and what was recorded
/// with the file's warnings.
fn import_trf_file(
    store: &mut Store,
    a: &TrfArgs,
    parsed: &crate::interchange::trf::TrfEvent,
    name: &str,
) -> Result<()> {
    let target = ImportTarget {
        season: &a.season,
        event: a.event.as_deref(),
        section: a.section.as_deref(),
        tiebreaks: a.tiebreaks.as_deref(),
    };
    let (event, section) = store
        .write(|tx| import_trf(tx, parsed, &target))
        .map_err(|e| {
            let hint = trf_hint(&e);
            e.with_hint(hint)
        })?;
    if a.json {
        print_json(&serde_json::json!({
            "file": name,
            "season": event.season,
            "event": event.name,
            "section": section.name,
            "players": parsed.players.len(),
            "rounds": parsed.rounds,
            "warnings": parsed.warnings,
        }))?;
        return Ok(());
    }
    let mut out = format!(
        "Imported {} players and {} rounds into {} ({}), section {}.\n",
        parsed.players.len(),
        parsed.rounds,
        event.name,
        event.season,
        section.name
    );
    for w in &parsed.warnings {
        out.push_str(&format!("Warning: {name}: {w}.\n"));
    }
    print(&out)?;
    Ok(())
}

/// The CLI's way on from a refused TRF import.
fn trf_hint(e: &Error) -> Option<String> {
    match e.refusal::<Refusal>()? {
        Refusal::NoEventName => Some("; give one with --event".to_string()),
        _ => None,
    }
}

/// The CLI's way on from a refused league document.
fn json_hint(e: &Error) -> Option<String> {
    match e.refusal::<Refusal>()? {
        Refusal::SeasonExists { .. } => {
            Some("; import this one under another name with --season-as NAME".to_string())
        }
        Refusal::EventExists { .. } => Some(
            "; rename it there, or import into another season with --season-as NAME".to_string(),
        ),
        _ => None,
    }
}
