//! `league round pair`, `league round sheet`, `league event pair-all`:
//! pairing a section's rounds from its records and printing the sheets.
//! The round is planned, paired and written by [`crate::app::round::pair`]
//! (the rules, once for players and teams); this file adds the CLI's hints
//! to its refusals and [`super::sheet`] prints.

use std::collections::HashSet;

use super::sheet::{Sheet, SheetBoard, SheetBye, SheetFormat, SheetPlayer, SheetText};
use crate::app::round::pair::{self, Planned, Request};
use crate::cli::output::print;
use crate::cli::{EventArgs, SectionArgs};
use crate::domain::league::Event;
use crate::domain::pairing::explain::Explanation;
use crate::domain::pairing::round_robin::{RoundRobin, Table};
use crate::domain::pairing::settings::{self, PairingRules, SystemKind};
use crate::domain::pairing::{ByeKind, Field, Pairing};
use crate::domain::score::Points;
use crate::error::{Error, Result};
use crate::store::pairing::Plan;
use crate::store::{round as rounds, season as seasons, Store};

/// `league round pair`.
#[derive(clap::Args, Debug)]
pub struct PairArgs {
    #[command(flatten)]
    pub section: SectionArgs,
    /// The round to pair (default: the one after the last paired round).
    #[arg(long)]
    pub round: Option<u32>,
    /// Pair with this system instead of the event's: dutch, uscf, berger, crenshaw.
    #[arg(long, value_parser = parse_system)]
    pub system: Option<SystemKind>,
    /// Print the pairing without writing anything.
    #[arg(long)]
    pub dry_run: bool,
    /// Pair a round that is already paired again (only while none of its results is in).
    #[arg(long)]
    pub replace: bool,
    /// How to print the sheets: text, json, csv (the result-entry sheet), markdown or html
    /// (a printable page).
    #[arg(long, value_enum, default_value_t)]
    pub format: SheetFormat,
    /// Say why each board was paired as it was: natural pairing or switch (which rule, how many
    /// rating points), who floated and why, why the bye went where it went, which colour rule
    /// gave each colour. With --format text or markdown after the sheets; with json as "explain".
    #[arg(long)]
    pub explain: bool,
    /// The round's date (YYYY-MM-DD), shown on the sheets and the round page.
    #[arg(long, value_parser = crate::cli::parse_date)]
    pub date: Option<String>,
    /// The round's start time, HH:MM on the 24-hour clock (e.g. 19:30).
    #[arg(long, value_parser = crate::cli::parse_time)]
    pub time: Option<String>,
}

/// `league round sheet`.
#[derive(clap::Args, Debug)]
pub struct SheetArgs {
    #[command(flatten)]
    pub section: SectionArgs,
    /// The round (default: the latest paired).
    #[arg(long)]
    pub round: Option<u32>,
    /// text, json, csv (the result-entry sheet `league round record` reads back), markdown or
    /// html (a printable page).
    #[arg(long, value_enum, default_value_t)]
    pub format: SheetFormat,
}

/// `league event pair-all`.
#[derive(clap::Args, Debug)]
pub struct PairAllArgs {
    #[command(flatten)]
    pub event: EventArgs,
    /// Only this section (default: every section of the event).
    #[arg(long)]
    pub section: Option<String>,
    /// Print the schedule without writing anything.
    #[arg(long)]
    pub dry_run: bool,
}

fn parse_system(text: &str) -> std::result::Result<SystemKind, String> {
    text.parse()
}

/// A seed for drawing round-robin numbers by lot.
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The sheet of a pairing just made.
fn sheet_of(
    event: &Event,
    plan: &Plan,
    pairing: &Pairing,
    kind: SystemKind,
    rules: &PairingRules,
) -> Sheet {
    let player = |n: u32| -> SheetPlayer {
        let seat = plan.seat(n);
        let entrant = plan.field.entrants.iter().find(|e| e.number == n);
        SheetPlayer {
            number: n,
            name: seat.map(|s| s.name.clone()).unwrap_or_default(),
            rating: seat.and_then(|s| s.rating),
            score: entrant.map(|e| e.score()).unwrap_or(Points::ZERO),
        }
    };
    let mut placed = HashSet::new();
    let boards = pairing
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            placed.insert(b.white);
            placed.insert(b.black);
            SheetBoard {
                board: i as u32 + 1,
                white: player(b.white),
                black: player(b.black),
                result: None,
            }
        })
        .collect();
    let byes = pairing
        .byes
        .iter()
        .map(|&(n, k)| {
            placed.insert(n);
            SheetBye {
                player: player(n),
                requested: k != ByeKind::PairingAllocated,
                late_entry: false,
                points: match k {
                    ByeKind::PairingAllocated => rules.bye.points(),
                    ByeKind::RequestedFull => Points::ONE,
                    ByeKind::RequestedHalf => Points::HALF,
                    ByeKind::RequestedZero => Points::ZERO,
                },
            }
        })
        .collect();
    let idle: Vec<(u32, u32)> = if kind.is_round_robin() {
        RoundRobin {
            table: if kind == SystemKind::Crenshaw {
                Table::Crenshaw
            } else {
                Table::Berger
            },
            cycles: if rules.double_round_robin { 2 } else { 1 },
        }
        .idle(&plan.field)
    } else {
        vec![]
    };
    let unpaired = plan
        .field
        .entrants
        .iter()
        .filter(|e| e.available && !placed.contains(&e.number))
        .map(|e| {
            let why = match idle.iter().find(|(p, _)| *p == e.number) {
                Some((_, o)) => format!(
                    "no game this round (the table's opponent, {}, is not playing)",
                    plan.seat(*o).map(|s| s.name.as_str()).unwrap_or("?")
                ),
                None => "no game this round".to_string(),
            };
            (player(e.number), why)
        })
        .collect();
    Sheet {
        event: event.name.clone(),
        section: plan.section.name.clone(),
        round: plan.round,
        system: kind.label().to_string(),
        boards,
        byes,
        unpaired,
        when: Default::default(),
    }
}

/// What the secretary should know besides the sheet: numbers given,
/// a replaced pairing, a dry run.
fn notes(plan: &Plan, dry_run: bool) -> String {
    crate::cli::output::sheet_notes(
        plan.renumber.then(|| {
            (
                "Pairing numbers given at the first pairing",
                plan.seats
                    .iter()
                    .map(|s| format!("{} {}", s.number, s.name))
                    .collect(),
            )
        }),
        (plan.existing_games > 0).then(|| format!("{} games", plan.existing_games)),
        dry_run,
    )
}

fn emit(sheet: &Sheet, format: SheetFormat, notes: &str) -> Result<()> {
    emit_explained(sheet, format, notes, None)
}

/// [`emit`], with the explanation of the pairing when `--explain` asked
/// for it (text and markdown: after the sheets; json: an `explain` member).
fn emit_explained(
    sheet: &Sheet,
    format: SheetFormat,
    notes: &str,
    why: Option<&Why>,
) -> Result<()> {
    if let (Some(why), SheetFormat::Json) = (why, format) {
        if !notes.is_empty() {
            eprint!("{notes}");
        }
        let mut doc = sheet.json();
        doc["explain"] = why.json();
        print(&(serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"))?;
        return Ok(());
    }
    let tail = why
        .map(|w| format!("\n{}\n", w.lines().join("\n")))
        .unwrap_or_default();
    if format == SheetFormat::Text {
        print(&format!(
            "{notes}{}{}{tail}",
            if notes.is_empty() { "" } else { "\n" },
            sheet.text()
        ))?;
    } else if format == SheetFormat::Markdown {
        if !notes.is_empty() {
            eprint!("{notes}");
        }
        print(&format!("{}{tail}", sheet.render(format)))?;
    } else {
        if !notes.is_empty() {
            eprint!("{notes}");
        }
        print(&sheet.render(format))?;
    }
    Ok(())
}

/// `league round pair`.
pub fn run_pair(store: &mut Store, a: PairArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    if event.kind.is_team() {
        if a.date.is_some() || a.time.is_some() {
            return Err(Error::invalid(
                "a team event's round takes its date with `league match record --date`; pair it without --date and --time",
            ));
        }
        let job = super::team_pairing::PairJob {
            round: a.round,
            system: a.system,
            dry_run: a.dry_run,
            replace: a.replace,
            format: a.format,
            seed: seed(),
        };
        return super::team_pairing::run_pair(store, &event, job);
    }
    if a.explain && matches!(a.format, SheetFormat::Csv | SheetFormat::Html) {
        return Err(Error::invalid(
            "--explain goes with --format text, markdown or json (a result-entry sheet or a printed page has no room for it)",
        ));
    }
    let req = Request {
        round: a.round,
        system: a.system,
        replace: a.replace,
        seed: seed(),
    };
    let (date, time) = (a.date.as_deref(), a.time.as_deref());
    let shown = if a.dry_run {
        pair::preview(store.conn(), &event, &section, &req)
    } else {
        store.write(|tx| {
            let (shown, _) = pair::pair(tx, &event, &section, &req)?;
            if let Planned::Players(plan) = &shown.planned {
                crate::app::round::schedule::schedule(tx, &section, plan.round, date, time)?;
            }
            Ok(shown)
        })
    }
    .map_err(super::hints::pair_hint)?;
    let Planned::Players(plan) = &shown.planned else {
        return Err(Error::invalid("a section of players was paired as teams"));
    };
    let (kind, rules) = (shown.system, shown.rules);
    let mut sheet = sheet_of(&event, plan, &shown.pairing, kind, &rules);
    let stored = rounds::round_times(store.conn(), section.id)?
        .remove(&plan.round)
        .unwrap_or_default();
    sheet.when = rounds::RoundWhen {
        date: a.date.clone().or(stored.date),
        start_time: a.time.clone().or(stored.start_time),
    };
    let why = a.explain.then(|| Why {
        explanation: settings::explain(kind, &rules, &plan.field, &shown.pairing),
        field: plan.field.clone(),
        system: kind.label().to_string(),
    });
    emit_explained(&sheet, a.format, &notes(plan, a.dry_run), why.as_ref())
}

/// The explanation of a pairing, with the field its names come from.
struct Why {
    explanation: Option<Explanation>,
    field: Field,
    system: String,
}

impl Why {
    fn lines(&self) -> Vec<String> {
        match &self.explanation {
            Some(e) => e.lines(&self.field),
            None => vec![format!(
                "Why this pairing: the {} fix every board and colour of the round; nothing else decides them.",
                self.system
            )],
        }
    }

    fn json(&self) -> serde_json::Value {
        match &self.explanation {
            Some(e) => serde_json::to_value(e).unwrap_or_default(),
            None => serde_json::json!({ "system": self.system, "boards": [], "bye": null }),
        }
    }
}

/// `league round sheet`: the sheets of a round already paired.
pub fn run_sheet(store: &mut Store, a: SheetArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    if event.kind.is_team() {
        return super::team_pairing::run_sheet(store, &event, a.round, a.format);
    }
    let conn = store.conn();
    let round = match a.round {
        Some(r) => r,
        None => rounds::latest_round(conn, section.id)?,
    };
    let Some(sheet) = crate::site::round_sheet::recorded(conn, &event, &section, round)? else {
        return Err(Error::not_found(format!(
            "{} has no pairings in round {round} yet; pair it with `league round pair`",
            section.name
        )));
    };
    emit(&sheet, a.format, "")
}

/// `league event pair-all`: every remaining round of a round robin at once.
pub fn run_pair_all(store: &mut Store, a: PairAllArgs) -> Result<()> {
    let event = a.event.find(store)?;
    if event.kind.is_team() {
        return super::team_pairing::run_pair_all(store, &event, a.dry_run, seed());
    }
    let sections = match &a.section {
        Some(name) => vec![seasons::find_section(store.conn(), &event, Some(name))?],
        None => seasons::sections(store.conn(), event.id)?,
    };
    let seed = seed();
    let mut out = String::new();
    let all: Vec<Vec<pair::Preview>> = if a.dry_run {
        sections
            .iter()
            .map(|s| pair::preview_all(store.conn(), &event, s, seed))
            .collect::<Result<_>>()
    } else {
        store.write(|tx| {
            sections
                .iter()
                .map(|s| pair::pair_all(tx, &event, s, seed))
                .collect::<Result<_>>()
        })
    }
    .map_err(super::hints::pair_hint)?;
    for shown in all.iter().flatten() {
        let Planned::Players(plan) = &shown.planned else {
            continue;
        };
        if shown.round == all_first(&all, shown) {
            out.push_str(&notes(plan, false));
        }
        let sheet = sheet_of(&event, plan, &shown.pairing, shown.system, &shown.rules);
        out.push_str(&schedule_line(&sheet));
    }
    if a.dry_run {
        out.push_str("Dry run: nothing was written.\n");
    }
    print(&out)?;
    Ok(())
}

/// The first round of the section `shown` belongs to among the rounds paired.
fn all_first(all: &[Vec<pair::Preview>], shown: &pair::Preview) -> u32 {
    all.iter()
        .find(|v| v.iter().any(|p| p.section.id == shown.section.id))
        .and_then(|v| v.first())
        .map_or(0, |p| p.round)
}

/// "Open round 2: 1 Ann (1) – Bob (4), ...; bye: Cy (5)".
fn schedule_line(sheet: &Sheet) -> String {
    let mut parts: Vec<String> = sheet
        .boards
        .iter()
        .map(|b| {
            format!(
                "{}. {} ({}) – {} ({})",
                b.board, b.white.name, b.white.number, b.black.name, b.black.number
            )
        })
        .collect();
    for b in &sheet.byes {
        parts.push(format!("bye: {} ({})", b.player.name, b.player.number));
    }
    for (p, _) in &sheet.unpaired {
        parts.push(format!("no game: {} ({})", p.name, p.number));
    }
    format!(
        "{} round {}: {}\n",
        sheet.section,
        sheet.round,
        parts.join("; ")
    )
}
