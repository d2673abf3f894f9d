//! `league round pair`, `league round sheet`, `league event pair-all`:
//! pairing a section's rounds from its records and printing the sheets.
//! The pairing itself is the domain's ([`settings::system`] picks the
//! engine); the store builds the field and writes the pairing in one
//! transaction; [`super::sheet`] prints.

use std::collections::HashSet;

use super::sheet::{Sheet, SheetBoard, SheetBye, SheetFormat, SheetPlayer};
use crate::cli::output::print;
use crate::cli::{EventArgs, SectionArgs};
use crate::domain::league::{Event, Section};
use crate::domain::pairing::explain::Explanation;
use crate::domain::pairing::round_robin::{RoundRobin, Table};
use crate::domain::pairing::settings::{self, PairingRules, SystemKind};
use crate::domain::pairing::{ByeKind, Field, Pairing, Unpairable};
use crate::domain::score::Points;
use crate::error::{Error, Result};
use crate::store::pairing::{self as pairings, Plan};
use crate::store::{player, round as rounds, season as seasons, Readable, Reader, Store, Writer};

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

/// The event's rules and the system to pair with, or why it cannot be.
fn rules_and_system(
    store: &Store,
    event: &Event,
    wanted: Option<SystemKind>,
) -> Result<(PairingRules, SystemKind)> {
    let rules = pairings::rules(store.conn(), event.id)?;
    Ok((rules, wanted.unwrap_or(rules.system)))
}

/// Refusals that depend on the system: a Swiss needs every earlier result;
/// a round robin needs the event's rounds to match its table.
fn check_plan(event: &Event, plan: &Plan, kind: SystemKind, rules: &PairingRules) -> Result<()> {
    if kind.is_round_robin() {
        super::round_robin::check_rounds(event, rules, plan.field.entrants.len(), "players")?;
    } else if let Some((r, w, b)) = plan.pending.first() {
        return Err(Error::invalid(format!(
            "round {} of {} cannot be paired yet: round {r} still has games without a result ({w} v {b}{}); record them first (`league round missing` lists them)",
            plan.round,
            plan.section.name,
            if plan.pending.len() > 1 {
                format!(" and {} more", plan.pending.len() - 1)
            } else {
                String::new()
            }
        )));
    }
    Ok(())
}

/// An unpairable round in words, naming the players.
fn unpairable(plan: &Plan, e: Unpairable) -> Error {
    let names: Vec<String> = e
        .players
        .iter()
        .filter_map(|&n| plan.seat(n).map(|s| format!("{} ({n})", s.name)))
        .collect();
    Error::invalid(format!(
        "round {} of {} cannot be paired: {}{}. Nothing was written",
        plan.round,
        plan.section.name,
        e.reason,
        if names.is_empty() {
            String::new()
        } else {
            format!(" (players: {})", names.join(", "))
        }
    ))
}

/// Which round to pair and how.
struct Job {
    round: u32,
    replace: bool,
    dry_run: bool,
}

/// Pair `job.round` of a section with `kind`: build, check, pair, and
/// (unless a dry run) write in one transaction.
fn pair_one(
    store: &mut Store,
    event: &Event,
    section: &Section,
    rules: &PairingRules,
    kind: SystemKind,
    job: Job,
) -> Result<(Plan, Pairing)> {
    let Job {
        round,
        replace,
        dry_run,
    } = job;
    let engine = settings::system(kind, rules).map_err(Error::invalid)?;
    let seed = seed();
    let run = |conn: &dyn Readable| -> Result<(Plan, Pairing)> {
        let plan = pairings::plan(&conn, event, section, rules, round, replace, seed)?;
        check_plan(event, &plan, kind, rules)?;
        let pairing = engine.pair(&plan.field).map_err(|e| unpairable(&plan, e))?;
        Ok((plan, pairing))
    };
    if dry_run {
        return run(store.conn());
    }
    store.write(|tx| {
        let (plan, pairing) = run(tx)?;
        pairings::write(tx, event, &plan, &pairing, rules.bye)?;
        Ok((plan, pairing))
    })
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
    let (rules, kind) = rules_and_system(store, &event, a.system)?;
    if a.explain && matches!(a.format, SheetFormat::Csv | SheetFormat::Html) {
        return Err(Error::invalid(
            "--explain goes with --format text, markdown or json (a result-entry sheet or a printed page has no room for it)",
        ));
    }
    let round = match a.round {
        Some(r) => r,
        None => pairings::next_round(store.conn(), &section)?,
    };
    let job = Job {
        round,
        replace: a.replace,
        dry_run: a.dry_run,
    };
    let (plan, pairing) = pair_one(store, &event, &section, &rules, kind, job)?;
    let sheet = sheet_of(&event, &plan, &pairing, kind, &rules);
    let why = a.explain.then(|| Why {
        explanation: settings::explain(kind, &rules, &plan.field, &pairing),
        field: plan.field.clone(),
        system: kind.label().to_string(),
    });
    emit_explained(&sheet, a.format, &notes(&plan, a.dry_run), why.as_ref())
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
    if round == 0 || !rounds::paired_rounds(conn, section.id)?.contains(&round) {
        return Err(Error::not_found(format!(
            "{} has no pairings in round {round} yet; pair it with `league round pair`",
            section.name
        )));
    }
    let scores = pairings::scores_before(conn, section.id, round)?;
    let player = |e: &crate::domain::league::Entry| SheetPlayer {
        number: e.pairing_no,
        name: e.name.clone(),
        rating: e.rating,
        score: scores.get(&e.id).copied().unwrap_or(Points::ZERO),
    };
    let (games, byes) = rounds::round_contents(conn, section.id, round)?;
    let mut placed = HashSet::new();
    let boards = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            placed.insert(g.white.id);
            placed.insert(g.black.id);
            SheetBoard {
                board: g.board.unwrap_or(i as u32 + 1),
                white: player(&g.white),
                black: player(&g.black),
                result: g.result.map(|r| r.pretty().to_string()),
            }
        })
        .collect();
    let byes = byes
        .iter()
        .map(|b| {
            placed.insert(b.entry.id);
            SheetBye {
                player: player(&b.entry),
                requested: b.requested,
                late_entry: b.late_entry,
                points: b.kind.points(),
            }
        })
        .collect();
    let unpaired = player::entries(conn, section.id)?
        .iter()
        .filter(|e| !placed.contains(&e.id) && e.withdrawn_after.is_none_or(|w| w >= round))
        .map(|e| (player(e), "no game this round".to_string()))
        .collect();
    let rules = pairings::rules(conn, event.id)?;
    let sheet = Sheet {
        event: event.name.clone(),
        section: section.name.clone(),
        round,
        system: rules.system.label().to_string(),
        boards,
        byes,
        unpaired,
    };
    emit(&sheet, a.format, "")
}

/// `league event pair-all`: every remaining round of a round robin at once.
pub fn run_pair_all(store: &mut Store, a: PairAllArgs) -> Result<()> {
    let event = a.event.find(store)?;
    if event.kind.is_team() {
        return super::team_pairing::run_pair_all(store, &event, a.dry_run, seed());
    }
    let (rules, kind) = rules_and_system(store, &event, None)?;
    if !kind.is_round_robin() {
        return Err(Error::invalid(format!(
            "{} pairs by {}: a Swiss is paired a round at a time, after the results (`league round pair`); pair-all is for round robins (--pairing berger or crenshaw)",
            event.name,
            kind.label()
        )));
    }
    let sections = match &a.section {
        Some(name) => vec![seasons::find_section(store.conn(), &event, Some(name))?],
        None => seasons::sections(store.conn(), event.id)?,
    };
    let engine = settings::system(kind, &rules).map_err(Error::invalid)?;
    let seed = seed();
    let run = |tx: &Writer| -> Result<String> {
        let conn = tx;
        let mut out = String::new();
        for section in &sections {
            let first = pairings::next_round(conn, section)?;
            if first > event.rounds {
                return Err(Error::invalid(format!(
                    "every round of {} is already paired",
                    section.name
                )));
            }
            for round in first..=event.rounds {
                let plan = pairings::plan(conn, &event, section, &rules, round, false, seed)?;
                check_plan(&event, &plan, kind, &rules)?;
                let pairing = engine.pair(&plan.field).map_err(|e| unpairable(&plan, e))?;
                if round == first {
                    out.push_str(&notes(&plan, false));
                }
                pairings::write(tx, &event, &plan, &pairing, rules.bye)?;
                let sheet = sheet_of(&event, &plan, &pairing, kind, &rules);
                out.push_str(&schedule_line(&sheet));
            }
        }
        Ok(out)
    };
    let out = if a.dry_run {
        let mut text = String::new();
        for section in &sections {
            text.push_str(&dry_schedule(
                store.conn(),
                &event,
                section,
                &rules,
                kind,
                seed,
            )?);
        }
        text + "Dry run: nothing was written.\n"
    } else {
        store.write(|tx| run(tx))?
    };
    print(&out)?;
    Ok(())
}

/// A round robin's whole schedule without writing: every round from the
/// table, in pairing-number order as they are (or would be at the first
/// pairing).
fn dry_schedule(
    conn: &Reader,
    event: &Event,
    section: &Section,
    rules: &PairingRules,
    kind: SystemKind,
    seed: u64,
) -> Result<String> {
    let engine = settings::system(kind, rules).map_err(Error::invalid)?;
    let first = pairings::next_round(conn, section)?;
    let mut out = String::new();
    let base = pairings::plan(conn, event, section, rules, first, false, seed)?;
    check_plan(event, &base, kind, rules)?;
    out.push_str(&notes(&base, false));
    for round in first..=event.rounds {
        let mut plan = base.clone();
        plan.round = round;
        plan.field.round = round;
        let pairing = engine.pair(&plan.field).map_err(|e| unpairable(&plan, e))?;
        out.push_str(&schedule_line(&sheet_of(
            event, &plan, &pairing, kind, rules,
        )));
    }
    Ok(out)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::league::EventKind;
    use crate::domain::pairing::{Colour, Field, PointSystem};

    fn event(rounds: u32) -> Event {
        Event {
            id: crate::domain::ids::EventId(1),
            season_id: crate::domain::ids::SeasonId(1),
            season: "2024".into(),
            name: "Club".into(),
            kind: EventKind::Swiss,
            rounds,
            start_date: None,
            end_date: None,
            tiebreaks: "uscf-swiss".into(),
            actual_play_first: false,
            fide_edition: None,
            sb_adjusted: false,
            coin_allowed: false,
            coin_seed: None,
            rating_basis: Default::default(),
        }
    }

    fn plan(players: usize, pending: Vec<(u32, String, String)>) -> Plan {
        let field = Field {
            round: 3,
            total_rounds: 5,
            initial_colour: Colour::White,
            points: PointSystem::default(),
            forbidden: vec![],
            entrants: (1..=players as u32)
                .map(|n| crate::domain::pairing::Entrant {
                    number: n,
                    rating: 0,
                    title: String::new(),
                    name: format!("P{n}"),
                    history: vec![],
                    available: true,
                    requested_bye: None,
                    acceleration: Points::ZERO,
                    club: String::new(),
                })
                .collect(),
        };
        Plan {
            section: Section {
                id: crate::domain::ids::SectionId(1),
                event_id: crate::domain::ids::EventId(1),
                name: "Open".into(),
                rating_min: None,
                rating_max: None,
            },
            round: 3,
            field,
            seats: vec![],
            renumber: false,
            existing_games: 0,
            pending,
        }
    }

    #[test]
    fn a_swiss_waits_for_every_earlier_result_and_a_round_robin_does_not() {
        let pending = vec![
            (2, "Ann".to_string(), "Bob".to_string()),
            (2, "Cy".to_string(), "Di".to_string()),
        ];
        let swiss = PairingRules::for_kind(EventKind::Swiss);
        let e = check_plan(
            &event(5),
            &plan(6, pending.clone()),
            SystemKind::Dutch,
            &swiss,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("round 3 of Open cannot be paired yet: round 2 still has games without a result (Ann v Bob and 1 more)"),
            "{e}"
        );
        assert!(check_plan(&event(5), &plan(6, vec![]), SystemKind::Dutch, &swiss).is_ok());
        let rr = PairingRules::for_kind(EventKind::RoundRobin);
        assert!(check_plan(&event(5), &plan(6, pending), SystemKind::Berger, &rr).is_ok());
        let e = check_plan(&event(4), &plan(6, vec![]), SystemKind::Berger, &rr)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("a round robin of 6 players has 5 rounds, but Club plans 4"),
            "{e}"
        );
        let double = PairingRules {
            double_round_robin: true,
            ..rr
        };
        assert!(check_plan(&event(10), &plan(6, vec![]), SystemKind::Crenshaw, &double).is_ok());
    }
}
