//! `league round pair`, `league round sheet`, `league event pair-all`:
//! pairing a round from the records and printing its sheets, one path for
//! a section of players and a team event. The round is planned, paired and
//! written by [`crate::app::round::pair`] (the rules, once for both); the
//! sheet is the site's [`round_sheet`] (a section's boards, or a team
//! event's matches with their line-ups). This file adds the CLI's hints to
//! the refusals and prints the sheet in the format asked ([`super::sheet`]);
//! it branches only where a team event differs: its line-ups are printed
//! as the `league match show` table, and its round takes no date here.

use super::sheet::{team_csv, SheetFormat, SheetText};
use crate::app::round::pair::{self, Planned, Preview, Request};
use crate::cli::match_table::{matches_json, print_matches};
use crate::cli::output::{print, print_json, Format};
use crate::cli::{EventArgs, SectionArgs};
use crate::domain::league::{Event, Section};
use crate::domain::pairing::explain::Explanation;
use crate::domain::pairing::settings::{self, SystemKind};
use crate::domain::pairing::team::{ranked_pairing, table_field};
use crate::domain::pairing::Field;
use crate::error::{Error, Result};
use crate::site::round_sheet::{self, RoundSheet, Sheet, TeamSheet};
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
    /// (a printable page). A team event's round prints as the table of its matches and boards
    /// (as `league match show` does; csv too); `league round sheet` prints its result-entry csv.
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

/// What the secretary should know besides the sheet: numbers given,
/// a replaced pairing, a dry run.
fn notes(shown: &Preview, dry_run: bool) -> String {
    let named = |n: u32, name: &str| format!("{n} {name}");
    let (heading, numbers, replaced) = match &shown.planned {
        Planned::Players(p) => (
            "Pairing numbers given at the first pairing",
            p.seats.iter().map(|s| named(s.number, &s.name)).collect(),
            format!("{} games", p.existing_games),
        ),
        Planned::Teams(p) => (
            "Team numbers",
            p.seats.iter().map(|s| named(s.number, &s.name)).collect(),
            format!("{} matches", p.existing),
        ),
    };
    crate::cli::output::sheet_notes(
        shown.renumbers().then_some((heading, numbers)),
        (shown.replacing() > 0).then_some(replaced),
        dry_run,
    )
}

/// Print a round's sheet in `format`: the notes first on the terminal with
/// a text sheet (on standard error otherwise), then the sheet; with
/// `--explain`, the explanation of the pairing (text and markdown: after
/// the sheets; json: an `explain` member).
fn emit(
    sheet: &RoundSheet,
    (format, by): (SheetFormat, By),
    notes: &str,
    why: Option<&Why>,
) -> Result<()> {
    if format == SheetFormat::Text {
        print(notes)?;
        if !notes.is_empty() {
            print("\n")?;
        }
    } else if !notes.is_empty() {
        eprint!("{notes}");
    }
    match sheet {
        RoundSheet::Players(s) => emit_players(s, format, why),
        RoundSheet::Teams(s) => emit_teams(s, (format, by), why),
    }
}

/// A section's sheet, with the explanation when asked.
fn emit_players(sheet: &Sheet, format: SheetFormat, why: Option<&Why>) -> Result<()> {
    if let (Some(why), SheetFormat::Json) = (why, format) {
        let mut doc = sheet.json();
        doc["explain"] = why.json();
        print(&(serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"))?;
        return Ok(());
    }
    let tail = why
        .filter(|_| matches!(format, SheetFormat::Text | SheetFormat::Markdown))
        .map(|w| format!("\n{}\n", w.lines().join("\n")))
        .unwrap_or_default();
    print(&format!("{}{tail}", sheet.render(format)))?;
    Ok(())
}

/// Which command prints a sheet: `league round pair` prints a team round's
/// csv as the `league match show` table (as it always has, and scripts
/// read it so), `league round sheet` as the result-entry sheet.
#[derive(Clone, Copy, PartialEq, Eq)]
enum By {
    /// `league round pair`.
    Pair,
    /// `league round sheet`.
    Sheet,
}

/// A team round's sheet: the printable page, the result-entry CSV, or the
/// `league match show` table of its matches and boards; with `--explain`,
/// the account of the pairing after the table (text and markdown) or as
/// its `explain` member (json).
fn emit_teams(sheet: &TeamSheet, (format, by): (SheetFormat, By), why: Option<&Why>) -> Result<()> {
    let table = match format {
        SheetFormat::Html => return Ok(print(&sheet.html())?),
        SheetFormat::Csv if by == By::Sheet => return Ok(print(&team_csv(sheet))?),
        SheetFormat::Csv => Format::Csv,
        SheetFormat::Text => Format::Text,
        SheetFormat::Json => Format::Json,
        SheetFormat::Markdown => Format::Markdown,
    };
    match why {
        Some(why) if table == Format::Json => {
            let mut doc = matches_json(&sheet.event, &sheet.matches);
            doc["explain"] = why.json();
            Ok(print_json(&doc)?)
        }
        Some(why) => {
            print_matches(&sheet.event, &sheet.matches, table)?;
            print(&format!("\n{}\n", why.lines().join("\n")))?;
            Ok(())
        }
        None => print_matches(&sheet.event, &sheet.matches, table),
    }
}

/// Options of `league round pair` the event's kind does not take: a team
/// round's date is its matches' (`league match record --date`) and its
/// pairing prints as the table, not the page; `--explain` needs a sheet
/// with room for it.
fn check_pair_args(event: &Event, a: &PairArgs) -> Result<()> {
    if event.kind.is_team() {
        if a.date.is_some() || a.time.is_some() {
            return Err(Error::invalid(
                "a team event's round takes its date with `league match record --date`; pair it without --date and --time",
            ));
        }
        if a.format == SheetFormat::Html {
            return Err(Error::invalid(
                "a team round prints as text, json, csv or markdown here; print the round's sheet for the wall with `league round sheet --format html`",
            ));
        }
    }
    if a.explain && matches!(a.format, SheetFormat::Csv | SheetFormat::Html) {
        return Err(Error::invalid(
            "--explain goes with --format text, markdown or json (a result-entry sheet or a printed page has no room for it)",
        ));
    }
    Ok(())
}

/// `league round pair`: a section's round or a team event's.
pub fn run_pair(store: &mut Store, a: PairArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    check_pair_args(&event, &a)?;
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
            crate::app::round::schedule::schedule(tx, &shown.section, shown.round, date, time)?;
            Ok(shown)
        })
    }
    .map_err(super::hints::pair_hint)?;
    let sheet = paired_sheet(store, &shown, &a)?;
    let why = a.explain.then(|| Why::of(&shown));
    let notes = notes(&shown, a.dry_run);
    emit(&sheet, (a.format, By::Pair), &notes, why.as_ref())
}

/// The sheet of the round just paired: as planned, with the round's date
/// and start time for a section; a team round written is read back as it
/// was recorded (what `league round sheet` shows).
fn paired_sheet(store: &Store, shown: &Preview, a: &PairArgs) -> Result<RoundSheet> {
    let conn = store.conn();
    let (event, section, round) = (&shown.event, &shown.section, shown.round);
    match round_sheet::planned(shown) {
        RoundSheet::Players(mut s) => {
            let stored = rounds::round_times(conn, section.id)?
                .remove(&round)
                .unwrap_or_default();
            s.when = rounds::RoundWhen {
                date: a.date.clone().or(stored.date),
                start_time: a.time.clone().or(stored.start_time),
            };
            Ok(RoundSheet::Players(s))
        }
        RoundSheet::Teams(s) if !a.dry_run => Ok(RoundSheet::Teams(
            round_sheet::recorded_matches(conn, event, section, round)?.unwrap_or(s),
        )),
        teams => Ok(teams),
    }
}

/// What the numbers in a team Swiss's account are.
const TEAM_RANKING: &str = "Teams are numbered below by their place in this round's ranking: match points, then game points, then team number (C.04.6).";

/// The explanation of a pairing, with the field its names come from.
struct Why {
    explanation: Option<Explanation>,
    field: Field,
    system: String,
    /// A team Swiss: the numbers are the teams' places in the ranking the
    /// engine paired, not their team numbers, and the account says so.
    ranked: bool,
}

impl Why {
    /// The explanation of a round's pairing: a section's, or a team
    /// Swiss's in the ranking its engine paired (match points, game points,
    /// initial number), naming the teams.
    fn of(shown: &Preview) -> Why {
        let ((field, pairing), ranked) = match &shown.planned {
            Planned::Players(plan) => ((plan.field.clone(), shown.pairing.clone()), false),
            Planned::Teams(plan) if shown.system.is_round_robin() => {
                ((table_field(&plan.field), shown.pairing.clone()), false)
            }
            Planned::Teams(plan) => (ranked_pairing(&plan.field, &shown.pairing), true),
        };
        Why {
            explanation: settings::explain(shown.system, &shown.rules, &field, &pairing),
            field,
            system: shown.system.label().to_string(),
            ranked,
        }
    }

    fn lines(&self) -> Vec<String> {
        match &self.explanation {
            Some(e) if self.ranked => {
                let mut lines = e.lines(&self.field);
                lines.insert(lines.len().min(1), TEAM_RANKING.to_string());
                lines
            }
            Some(e) => e.lines(&self.field),
            None => vec![format!(
                "Why this pairing: the {} fix every board and colour of the round; nothing else decides them.",
                self.system
            )],
        }
    }

    fn json(&self) -> serde_json::Value {
        match &self.explanation {
            Some(e) => {
                let mut doc = serde_json::to_value(e).unwrap_or_default();
                if self.ranked {
                    doc["numbers"] = TEAM_RANKING.into();
                }
                doc
            }
            None => serde_json::json!({ "system": self.system, "boards": [], "bye": null }),
        }
    }
}

/// `league round sheet`: the sheets of a round already paired (a team
/// event's: its matches).
pub fn run_sheet(store: &mut Store, a: SheetArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    let conn = store.conn();
    let round = match a.round {
        Some(r) => r,
        None => pair::next_round(conn, &section)? - 1,
    };
    let Some(sheet) = round_sheet::recorded_round(conn, &event, &section, round)? else {
        return Err(not_paired(&event, &section, round));
    };
    emit(&sheet, (a.format, By::Sheet), "", None)
}

/// A round with nothing paired, in the words of the event's kind.
fn not_paired(event: &Event, section: &Section, round: u32) -> Error {
    Error::not_found(if event.kind.is_team() {
        format!(
            "{} has no matches in round {round} yet; pair it with `league round pair` or record them with `league match record`",
            event.name
        )
    } else {
        format!(
            "{} has no pairings in round {round} yet; pair it with `league round pair`",
            section.name
        )
    })
}

/// `league event pair-all`: every remaining round of a round robin at once
/// (a team event's: its one section's).
pub fn run_pair_all(store: &mut Store, a: PairAllArgs) -> Result<()> {
    let event = a.event.find(store)?;
    let sections = if event.kind.is_team() {
        vec![crate::store::team::team_section(store.conn(), &event)?]
    } else {
        match &a.section {
            Some(name) => vec![seasons::find_section(store.conn(), &event, Some(name))?],
            None => seasons::sections(store.conn(), event.id)?,
        }
    };
    let seed = seed();
    let all: Vec<Vec<Preview>> = if a.dry_run {
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
    let mut out = String::new();
    for shown in all.iter().flatten() {
        if shown.round == all_first(&all, shown) {
            out.push_str(&notes(shown, false));
        }
        out.push_str(&schedule_line(&round_sheet::planned(shown)));
    }
    if a.dry_run {
        out.push_str("Dry run: nothing was written.\n");
    }
    print(&out)?;
    Ok(())
}

/// The first round of the section `shown` belongs to among the rounds paired.
fn all_first(all: &[Vec<Preview>], shown: &Preview) -> u32 {
    all.iter()
        .find(|v| v.iter().any(|p| p.section.id == shown.section.id))
        .and_then(|v| v.first())
        .map_or(0, |p| p.round)
}

/// "Open round 2: 1. Ann (1) – Bob (4); bye: Cy (5)"; a team round:
/// "Round 2: Knights – Rooks; bye: Pawns".
fn schedule_line(sheet: &RoundSheet) -> String {
    let s = match sheet {
        RoundSheet::Players(s) => s,
        RoundSheet::Teams(t) => {
            let parts: Vec<String> = t
                .matches
                .iter()
                .map(|m| match &m.team_b {
                    Some(b) => format!("{} – {b}", m.team_a),
                    None => format!("bye: {}", m.team_a),
                })
                .collect();
            return format!("Round {}: {}\n", t.round, parts.join("; "));
        }
    };
    let mut parts: Vec<String> = s
        .boards
        .iter()
        .map(|b| {
            format!(
                "{}. {} ({}) – {} ({})",
                b.board, b.white.name, b.white.number, b.black.name, b.black.number
            )
        })
        .collect();
    for b in &s.byes {
        parts.push(format!("bye: {} ({})", b.player.name, b.player.number));
    }
    for (p, _) in &s.unpaired {
        parts.push(format!("no game: {} ({})", p.name, p.number));
    }
    format!("{} round {}: {}\n", s.section, s.round, parts.join("; "))
}
