//! `league pair FILE.trf`: pair the next round of a TRF file with the FIDE
//! Dutch system, the US Chess Swiss system or a round-robin table, without a
//! database, for arbiters who keep their event in another program and for
//! checking the engines against others.
//!
//! The file is read by [`input::trf::pairing`](crate::input::trf::pairing),
//! paired by the engine chosen with `--system` (a TRF file has no clubs, so
//! US Chess team-mate avoidance plays no part; a round robin is double when
//! the file's planned rounds (XXR) exceed one cycle), and
//! printed as a pairing sheet (text), as JSON with TRF start numbers, or as
//! the TRF file with the new round written in (results pending). Nothing is
//! written to disk.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::json;

use super::import::read_file;
use super::output::{print, print_json};
use crate::domain::pairing::dutch::Dutch;
use crate::domain::pairing::explain;
use crate::domain::pairing::round_robin::{RoundRobin, Table};
use crate::domain::pairing::settings::{ColourLimits, TeamMates};
use crate::domain::pairing::uscf::options::{ColourPriority, UnratedBye};
use crate::domain::pairing::uscf::Uscf;
use crate::domain::pairing::{ByeKind, Pairing, System};
use crate::error::{Error, Result};
use crate::input::trf::pairing::PairingFile;

/// How to print the pairing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PairFormat {
    /// A pairing sheet: board, White, Black, and the byes.
    #[default]
    Text,
    /// JSON: {"round", "pairs": [{"board", "white", "black"}], "byes": [{"player", "kind"}]}.
    Json,
    /// The TRF file with the new round's pairings written in (no results yet).
    Trf,
}

/// The pairing system to use.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PairSystem {
    /// The FIDE Dutch system (C.04.3, 2026 revision).
    #[default]
    Dutch,
    /// The US Chess Swiss system (Official Rules, 7th edition, rules 27-29).
    Uscf,
    /// FIDE Berger round-robin tables (C.05 Annex 1), by start number.
    Berger,
    /// US Chess Crenshaw round-robin tables, by start number.
    Crenshaw,
}

impl PairSystem {
    fn label(self) -> &'static str {
        match self {
            PairSystem::Dutch => "FIDE Dutch system",
            PairSystem::Uscf => "US Chess Swiss system",
            PairSystem::Berger => "Berger tables",
            PairSystem::Crenshaw => "Crenshaw tables",
        }
    }
}

#[derive(Args, Debug)]
pub struct PairArgs {
    /// The TRF file (TRF-16 with XXR/XXC/XXP/XXA/BB? lines, or TRF-2026 records).
    pub file: PathBuf,
    /// The round to pair (default: the first round with no game in the file).
    #[arg(long)]
    pub round: Option<u32>,
    /// The pairing system.
    #[arg(long, value_enum, default_value_t)]
    pub system: PairSystem,
    /// How to print it: text (a pairing sheet), json, or trf (the file with the round in it).
    #[arg(long, value_enum, default_value_t)]
    pub format: PairFormat,
    /// --system uscf: the 29E5 limits for colour switches, to alternate then to equalise
    /// (default 80,200).
    #[arg(long, value_parser = parse_colour_limits)]
    pub colour_limits: Option<ColourLimits>,
    /// --system uscf: pair the first N rounds with added-score acceleration (28R).
    #[arg(long, default_value_t = 0)]
    pub accelerate_rounds: u32,
    /// --system uscf: natural (the natural pairing first, colours fixed board by board within
    /// the 80/200-point limits, as directors do; the default) or colours (colours within the
    /// limits above top half against bottom half).
    #[arg(long, value_parser = parse_colour_priority)]
    pub colour_priority: Option<ColourPriority>,
    /// --system uscf: who gets the bye in the lowest score group: last (rated players before
    /// unrated ones, 28L2; the default) or lowest (unrated players count as rated 0).
    #[arg(long, value_parser = parse_unrated_bye)]
    pub unrated_bye: Option<UnratedBye>,
    /// Say why each board was paired as it was (text: after the sheet; json: "explain").
    #[arg(long)]
    pub explain: bool,
}

fn parse_colour_priority(text: &str) -> std::result::Result<ColourPriority, String> {
    text.parse()
}

fn parse_unrated_bye(text: &str) -> std::result::Result<UnratedBye, String> {
    text.parse()
}

fn parse_colour_limits(text: &str) -> std::result::Result<ColourLimits, String> {
    text.parse()
}

fn kind_name(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::PairingAllocated => "pab",
        ByeKind::RequestedFull => "full",
        ByeKind::RequestedHalf => "half",
        ByeKind::RequestedZero => "zero",
    }
}

fn kind_words(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::PairingAllocated => "pairing-allocated bye",
        ByeKind::RequestedFull => "full-point bye (asked for)",
        ByeKind::RequestedHalf => "half-point bye (asked for)",
        ByeKind::RequestedZero => "zero-point bye (asked for)",
    }
}

/// From how many players `league pair` says first that the pairing can
/// take minutes: where both Swiss engines stop weighing every board at
/// once (`dutch::large::FROM`), and a large round's score groups may be
/// ordered by many proven solves, each a pass over the group's boards.
const LARGE_SECTION: usize = 1_500;

/// `league pair`.
pub fn run(a: PairArgs) -> Result<()> {
    let (bytes, name) = read_file(&a.file)?;
    let file = PairingFile::read(&bytes, &name)?;
    let field = file.field(a.round)?;
    if a.system != PairSystem::Uscf
        && (a.colour_limits.is_some()
            || a.accelerate_rounds > 0
            || a.colour_priority.is_some()
            || a.unrated_bye.is_some())
    {
        return Err(Error::invalid(
            "--colour-limits, --accelerate-rounds, --colour-priority and --unrated-bye are US Chess options: add --system uscf",
        ));
    }
    if a.explain && a.format == PairFormat::Trf {
        return Err(Error::invalid(
            "--explain goes with --format text or json (a TRF file has no room for it)",
        ));
    }
    let table = |table: Table| {
        let n = field.entrants.len() as u32;
        let single = if n.is_multiple_of(2) {
            n.saturating_sub(1)
        } else {
            n
        };
        RoundRobin {
            table,
            cycles: if field.total_rounds > single { 2 } else { 1 },
        }
    };
    let uscf = Uscf {
        team_mates: TeamMates::Ignore,
        limits: a.colour_limits.unwrap_or_default(),
        accelerate_rounds: a.accelerate_rounds,
        colour_priority: a.colour_priority.unwrap_or_default(),
        unrated_bye: a.unrated_bye.unwrap_or_default(),
    };
    let players = field.entrants.iter().filter(|e| e.available).count();
    if players >= LARGE_SECTION && matches!(a.system, PairSystem::Dutch | PairSystem::Uscf) {
        eprintln!(
            "Pairing {players} players: a section this large is paired from a few boards of \
             each player at a time, which can take minutes."
        );
    }
    let pairing: Pairing = match a.system {
        PairSystem::Dutch => Dutch.pair(&field),
        PairSystem::Uscf => uscf.pair(&field),
        PairSystem::Berger => table(Table::Berger).pair(&field),
        PairSystem::Crenshaw => table(Table::Crenshaw).pair(&field),
    }
    .map_err(|u| Error::invalid(format!("round {} cannot be paired: {u}", field.round)))?;
    let why = a.explain.then(|| match a.system {
        PairSystem::Dutch => Some(explain::dutch::explain(&field, &pairing)),
        PairSystem::Uscf => uscf.pair_explained(&field).ok().map(|(_, e)| e),
        _ => None,
    });
    match a.format {
        PairFormat::Json => {
            let mut doc = json!({
                "round": field.round,
                "pairs": pairing.boards.iter().enumerate().map(|(k, b)| json!({
                    "board": k + 1, "white": b.white, "black": b.black,
                })).collect::<Vec<_>>(),
                "byes": pairing.byes.iter().map(|&(p, kind)| json!({
                    "player": p, "kind": kind_name(kind),
                })).collect::<Vec<_>>(),
            });
            if let Some(why) = &why {
                doc["explain"] = match why {
                    Some(e) => serde_json::to_value(e).unwrap_or_default(),
                    None => json!({"system": a.system.label(), "boards": [], "bye": null}),
                };
            }
            print_json(&doc)?
        }
        PairFormat::Trf => print(&file.with_pairing(field.round, &pairing))?,
        PairFormat::Text => print(&text_sheet(a.system, &field, &pairing, &why))?,
    }
    Ok(())
}

/// The round as text: board by board, the byes, and the explanation when
/// one was asked for (`why`: None without --explain; Some(None) for a
/// system whose tables fix everything).
fn text_sheet(
    system: PairSystem,
    field: &crate::domain::pairing::Field,
    pairing: &Pairing,
    why: &Option<Option<explain::Explanation>>,
) -> String {
    let label = |n: u32| {
        let e = field.entrants.iter().find(|e| e.number == n);
        match e {
            Some(e) => format!("{n} {} ({})", e.name, e.score()),
            None => n.to_string(),
        }
    };
    let mut out = format!("Round {} ({})\n\n", field.round, system.label());
    let rows: Vec<(String, String, String)> = pairing
        .boards
        .iter()
        .enumerate()
        .map(|(k, b)| ((k + 1).to_string(), label(b.white), label(b.black)))
        .collect();
    let w = rows
        .iter()
        .map(|r| r.1.chars().count())
        .max()
        .unwrap_or(5)
        .max(5);
    out.push_str(&format!("Board  {:<w$}  Black\n", "White"));
    for (board, white, black) in rows {
        out.push_str(&format!("{board:>5}  {white:<w$}  {black}\n"));
    }
    for &(p, kind) in &pairing.byes {
        out.push_str(&format!("Bye: {}, {}\n", label(p), kind_words(kind)));
    }
    match &why {
        Some(Some(e)) => out.push_str(&format!("\n{}\n", e.lines(field).join("\n"))),
        Some(None) => out.push_str(&format!(
            "\nWhy this pairing: the {} fix every board and colour of the round; nothing else decides them.\n",
            system.label()
        )),
        None => {}
    }
    out
}
