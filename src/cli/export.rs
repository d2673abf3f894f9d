//! `league export …`: a section as a FIDE TRF file, a season or event as
//! JSON, standings and games as CSV, to standard output or `--out FILE`.

use std::path::PathBuf;

use clap::Subcommand;

use super::output::{print, Table};
use super::standings::{standings_json_with, standings_table_with};
use super::{EventArgs, SectionArgs};
use crate::domain::names::Wanted;
use crate::error::{Error, Result};
use crate::export::{json as jsondoc, trf as trfout};
use crate::interchange::json::Document;
use crate::outfile::{self, Kind};
use crate::report::rating_change::estimates;
use crate::report::{section_report, trf::trf_event, ReportOptions};
use crate::store::{exchange, season as seasons, Store};

#[derive(Subcommand, Debug)]
pub enum ExportCmd {
    /// A section as a FIDE tournament report file (TRF-16), for a rating
    /// officer or a pairing program.
    Trf(TrfArgs),
    /// A whole season (--season) or one event (--event) as JSON, with
    /// everything recorded in it, for `league import json` elsewhere.
    Json(JsonArgs),
    /// A section's standings (as `league standings` computes them) as CSV or JSON.
    Standings(StandingsArgs),
    /// Every game and bye of a season, an event or a section, one per line.
    Games(GamesArgs),
}

#[derive(clap::Args, Debug)]
pub struct TrfArgs {
    #[command(flatten)]
    pub section: SectionArgs,
    /// Write to this file instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace an --out file that holds something other than this kind of export.
    #[arg(long, requires = "out")]
    pub force: bool,
}

#[derive(clap::Args, Debug)]
pub struct JsonArgs {
    /// The season to export (all its events), or the season of --event.
    #[arg(long)]
    pub season: Option<String>,
    /// Export only this event.
    #[arg(long)]
    pub event: Option<String>,
    /// Write to this file instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace an --out file that holds something other than this kind of export.
    #[arg(long, requires = "out")]
    pub force: bool,
}

/// How a table is written to a file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum TableFormat {
    /// CSV with a header line, for spreadsheets.
    #[default]
    Csv,
    /// JSON (standings: the shape `league standings --format json` prints).
    Json,
}

#[derive(clap::Args, Debug)]
pub struct StandingsArgs {
    #[command(flatten)]
    pub section: SectionArgs,
    /// Tiebreak order for this export only (default: the event's).
    #[arg(long)]
    pub tiebreaks: Option<String>,
    /// Standings as they stood after this round.
    #[arg(long)]
    pub after_round: Option<usize>,
    /// The file's format: csv (for spreadsheets) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: TableFormat,
    /// Write to this file instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace an --out file that holds something other than this kind of export.
    #[arg(long, requires = "out")]
    pub force: bool,
}

#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    /// The season (all its events), or the season of --event.
    #[arg(long)]
    pub season: Option<String>,
    /// Only this event.
    #[arg(long)]
    pub event: Option<String>,
    /// Only this section of the event.
    #[arg(long)]
    pub section: Option<String>,
    /// The file's format: csv (for spreadsheets) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: TableFormat,
    /// Write to this file instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace an --out file that holds something other than this kind of export.
    #[arg(long, requires = "out")]
    pub force: bool,
}

pub fn run(store: &mut Store, cmd: ExportCmd) -> Result<()> {
    match cmd {
        ExportCmd::Trf(a) => {
            let (event, section) = a.section.find(store)?;
            let (data, planned) = trf_event(store.conn(), &event, &section)?;
            let text = trfout::write(&data, planned);
            emit(store, &text, Kind::Trf, a.out.as_ref(), a.force)?;
            // After the file is written, so a refused --out says nothing else.
            for w in trfout::long_names(&data) {
                eprintln!("Warning: {w}.");
            }
            Ok(())
        }
        ExportCmd::Json(a) => {
            let d = document(store, a.season.as_deref(), a.event.as_deref())?;
            emit(
                store,
                &jsondoc::write(&d),
                Kind::Json,
                a.out.as_ref(),
                a.force,
            )
        }
        ExportCmd::Standings(a) => export_standings(store, a),
        ExportCmd::Games(a) => export_games(store, a),
    }
}

/// `league export standings`: one section's standings as CSV or JSON.
fn export_standings(store: &mut Store, a: StandingsArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    event.need_individual()?;
    let opts = ReportOptions {
        after_round: a.after_round,
        tiebreaks: a.tiebreaks.clone(),
        fide_edition: None,
    };
    let report = section_report(store.conn(), &event, &section, &opts)?;
    // A rated event's estimated rating changes, as `league standings` gives them.
    let ratings = estimates(store.conn(), &report)?;
    let text = match a.format {
        TableFormat::Csv => standings_table_with(&report, true, &ratings)
            .places_for_spreadsheets()
            .csv(),
        TableFormat::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&standings_json_with(&report, None, &ratings))
                .unwrap_or_default()
        ),
    };
    emit(
        store,
        &text,
        table_kind(a.format, &text),
        a.out.as_ref(),
        a.force,
    )
}

/// `league export games`: every game of a season, an event or a section.
fn export_games(store: &mut Store, a: GamesArgs) -> Result<()> {
    let d = document(store, a.season.as_deref(), a.event.as_deref())?;
    if let Some(s) = &a.section {
        if a.event.is_none() {
            return Err(Error::invalid("--section needs --event"));
        }
        let named: Vec<(&str, &str)> = d
            .season
            .events
            .iter()
            .flat_map(|e| &e.sections)
            .map(|x| (x.name.as_str(), x.name.as_str()))
            .collect();
        if !named.iter().any(|x| x.0.eq_ignore_ascii_case(s.trim())) {
            let hint = format!(
                "sections: {}",
                named.iter().map(|n| n.0).collect::<Vec<_>>().join(", ")
            );
            let wanted = Wanted {
                what: &format!("section of {}", a.event.as_deref().unwrap_or("")),
                more: "",
                hint: &hint,
            };
            return Err(wanted.not_found(s, &named, |n| n.to_string()).into());
        }
    }
    let table = games_table(&d, a.section.as_deref());
    let text = match a.format {
        TableFormat::Csv => table.csv(),
        TableFormat::Json => {
            let rows: Vec<serde_json::Map<String, serde_json::Value>> = table
                .rows
                .iter()
                .map(|r| {
                    table
                        .header
                        .iter()
                        .cloned()
                        .zip(r.iter().map(|c| serde_json::Value::String(c.clone())))
                        .collect()
                })
                .collect();
            format!(
                "{}\n",
                serde_json::to_string_pretty(&rows).unwrap_or_default()
            )
        }
    };
    emit(
        store,
        &text,
        table_kind(a.format, &text),
        a.out.as_ref(),
        a.force,
    )
}

/// The document for `--season` and/or `--event`.
fn document(store: &Store, season: Option<&str>, event: Option<&str>) -> Result<Document> {
    let conn = store.conn();
    match (season, event) {
        (_, Some(e)) => {
            let event = EventArgs {
                event: Some(e.to_string()),
                season: season.map(str::to_string),
            }
            .find(store)?;
            let season = seasons::find_season(conn, &event.season)?;
            exchange::export_document(conn, &season, Some(&event))
        }
        (Some(s), None) => {
            let season = seasons::find_season(conn, s)?;
            exchange::export_document(conn, &season, None)
        }
        (None, None) => Err(Error::invalid(
            "say what to export: --season NAME for a whole season, or --event NAME [--season NAME]",
        )),
    }
}

/// One line per game and per bye: season, event, section, round, date,
/// board, pairing numbers, names, result (from White's side; a bye's kind).
pub fn games_table(d: &Document, section: Option<&str>) -> Table {
    let mut t = Table::new(&[
        "season", "event", "section", "round", "date", "board", "white_no", "white", "black_no",
        "black", "result",
    ]);
    let names: std::collections::HashMap<u32, &str> =
        d.players.iter().map(|p| (p.key, p.name.as_str())).collect();
    for e in &d.season.events {
        for s in &e.sections {
            if section.is_some_and(|n| !n.eq_ignore_ascii_case(&s.name)) {
                continue;
            }
            let name = |no: u32| {
                s.entries
                    .iter()
                    .find(|x| x.pairing_no == no)
                    .and_then(|x| names.get(&x.player))
                    .copied()
                    .unwrap_or("")
                    .to_string()
            };
            for r in &s.rounds {
                let head = || {
                    vec![
                        d.season.name.clone(),
                        e.name.clone(),
                        s.name.clone(),
                        r.number.to_string(),
                        r.date.clone().unwrap_or_default(),
                    ]
                };
                for g in &r.games {
                    let mut row = head();
                    row.extend([
                        g.board.map(|b| b.to_string()).unwrap_or_default(),
                        g.white.to_string(),
                        name(g.white),
                        g.black.to_string(),
                        name(g.black),
                        g.result.clone().unwrap_or_default(),
                    ]);
                    t.push(row);
                }
                for b in &r.byes {
                    let mut row = head();
                    row.extend([
                        String::new(),
                        b.player.to_string(),
                        name(b.player),
                        String::new(),
                        "BYE".into(),
                        b.kind.clone(),
                    ]);
                    t.push(row);
                }
            }
        }
    }
    t
}

/// The kind of file a table export is, for [`outfile::check_target`]: a
/// CSV by its first column, or JSON.
fn table_kind(format: TableFormat, text: &str) -> Kind<'_> {
    match format {
        TableFormat::Csv => Kind::Csv(text.split([',', '\n']).next().unwrap_or("")),
        TableFormat::Json => Kind::Json,
    }
}

/// Write to the file (all or nothing, never over the league: see
/// [`outfile`]), or print.
fn emit(store: &Store, text: &str, kind: Kind, out: Option<&PathBuf>, force: bool) -> Result<()> {
    match out {
        Some(path) => {
            outfile::write_file(path, text.as_bytes(), kind, store.path(), force)?;
            // Said on standard error, where it never mixes with an export
            // written to standard output.
            eprintln!(
                "Wrote {} ({} bytes).",
                crate::domain::text::escape_controls(&path.display().to_string()),
                text.len()
            );
            Ok(())
        }
        None => Ok(print(text)?),
    }
}
