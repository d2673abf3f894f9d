//! `league round pair`, `league round sheet` and `league event pair-all` on
//! a team event: the teams paired by the event's system (the domain's
//! [`pair_teams`] over [`settings::system`]), written as team matches with
//! their boards by [`crate::store::team_pairing`], and printed match by
//! match, board by board (the `league match show` table).

use super::sheet::SheetFormat;
use crate::cli::match_table::print_matches;
use crate::cli::output::{print, Format};
use crate::domain::ids::MatchId;
use crate::domain::league::Event;
use crate::domain::pairing::settings::{self, PairingRules, SystemKind};
use crate::domain::pairing::team::pair_teams;
use crate::domain::pairing::{ByeKind, Pairing, Unpairable};
use crate::error::{Error, Result};
use crate::store::pairing as pairings;
use crate::store::team_match::{self as matches, BoardRow, MatchRow};
use crate::store::team_pairing::{self as team_pairings, TeamPlan};
use crate::store::Store;

/// A team event's rules and system, or why its rounds cannot be paired here.
fn rules_and_system(
    store: &Store,
    event: &Event,
    wanted: Option<SystemKind>,
) -> Result<(PairingRules, SystemKind)> {
    let rules = pairings::rules(store.conn(), event.id)?;
    let kind = wanted.unwrap_or(rules.system);
    if kind == SystemKind::Manual {
        return Err(Error::invalid(format!(
            "{} is paired by hand (pairing: manual): record each match with `league match record`, or choose a system with `league event edit --event \"{}\" --pairing dutch` (or uscf, berger)",
            event.name, event.name
        )));
    }
    Ok((
        PairingRules {
            system: kind,
            ..rules
        },
        kind,
    ))
}

/// The team sheets print in text, json, csv or markdown.
fn table_format(format: SheetFormat) -> Result<Format> {
    Ok(match format {
        SheetFormat::Text => Format::Text,
        SheetFormat::Json => Format::Json,
        SheetFormat::Csv => Format::Csv,
        SheetFormat::Markdown => Format::Markdown,
        SheetFormat::Html => {
            return Err(Error::invalid(
                "a team round prints as text, json, csv or markdown here; print the round's sheet for the wall with `league round sheet --format html`",
            ))
        }
    })
}

/// A round robin's table must have as many rounds as the event plans.
fn check_table(event: &Event, plan: &TeamPlan, rules: &PairingRules) -> Result<()> {
    if !rules.system.is_round_robin() {
        return Ok(());
    }
    super::round_robin::check_rounds(event, rules, plan.field.teams.len(), "teams")
}

fn unpairable(event: &Event, plan: &TeamPlan, e: Unpairable) -> Error {
    let names: Vec<String> = e
        .players
        .iter()
        .filter_map(|&n| plan.seat(n).map(|s| format!("{} ({n})", s.name)))
        .collect();
    Error::invalid(format!(
        "round {} of {} cannot be paired: {}{}. Nothing was written",
        plan.round,
        event.name,
        e.reason
            .replace("players", "teams")
            .replace("player", "team"),
        if names.is_empty() {
            String::new()
        } else {
            format!(" (teams: {})", names.join(", "))
        }
    ))
}

/// Pair a planned round: the table's rounds checked, then the engine.
fn pair_plan(event: &Event, rules: &PairingRules, plan: &TeamPlan) -> Result<Pairing> {
    let engine = settings::system(rules.system, rules).map_err(Error::invalid)?;
    check_table(event, plan, rules)?;
    pair_teams(engine.as_ref(), &plan.field, rules.system.is_round_robin())
        .map_err(|e| unpairable(event, plan, e))
}

/// The matches of a pairing as `league match show` lists them.
fn rows_of(plan: &TeamPlan, pairing: &Pairing) -> Vec<MatchRow> {
    let name = |n: u32| plan.seat(n).map(|s| s.name.clone()).unwrap_or_default();
    let mut out: Vec<MatchRow> = pairing
        .boards
        .iter()
        .map(|b| {
            let (white, black) = (plan.seat(b.white), plan.seat(b.black));
            let line = |s: Option<&crate::store::team_pairing::TeamSeat>| -> Vec<String> {
                s.and_then(|s| s.line_up.as_ref().ok())
                    .map(|l| l.iter().map(|p| p.1.clone()).collect())
                    .unwrap_or_default()
            };
            let boards = crate::domain::pairing::team::match_games(
                &line(white),
                &line(black),
                plan.rules.boards,
            )
            .into_iter()
            .map(|(board, w, bl)| BoardRow {
                board: Some(board),
                white: w,
                black: bl,
                white_is_a: board % 2 == 1,
                result: None,
            })
            .collect();
            MatchRow {
                id: MatchId(0),
                round: plan.round,
                team_a: name(b.white),
                team_b: Some(name(b.black)),
                score: None,
                boards,
            }
        })
        .collect();
    for &(n, k) in &pairing.byes {
        if k == ByeKind::PairingAllocated {
            out.push(MatchRow {
                id: MatchId(0),
                round: plan.round,
                team_a: name(n),
                team_b: None,
                score: None,
                boards: vec![],
            });
        }
    }
    out
}

/// Notes besides the sheet: numbers given, a replaced pairing, a dry run.
fn notes(plan: &TeamPlan, dry_run: bool) -> String {
    crate::cli::output::sheet_notes(
        plan.renumber.then(|| {
            (
                "Team numbers",
                plan.seats
                    .iter()
                    .map(|s| format!("{} {}", s.number, s.name))
                    .collect(),
            )
        }),
        (plan.existing > 0).then(|| format!("{} matches", plan.existing)),
        dry_run,
    )
}

fn emit(event: &Event, rows: &[MatchRow], format: Format, notes: &str) -> Result<()> {
    if format == Format::Text {
        print(notes)?;
        if !notes.is_empty() {
            print("\n")?;
        }
    } else if !notes.is_empty() {
        eprint!("{notes}");
    }
    print_matches(&event.name, rows, format)
}

/// Options of `league round pair` a team event reads.
pub struct PairJob {
    /// The round to pair (`--round`); the next one when absent.
    pub round: Option<u32>,
    /// A system other than the event's (`--system`).
    pub system: Option<SystemKind>,
    /// Print the pairing without writing it (`--dry-run`).
    pub dry_run: bool,
    /// Pair again a round already paired with no result in (`--replace`).
    pub replace: bool,
    /// How the sheet is printed.
    pub format: SheetFormat,
    /// Seed of the lot for a team round robin's numbers.
    pub seed: u64,
}

/// `league round pair` on a team event.
pub fn run_pair(store: &mut Store, event: &Event, job: PairJob) -> Result<()> {
    let format = table_format(job.format)?;
    let (rules, _) = rules_and_system(store, event, job.system)?;
    let round = match job.round {
        Some(r) => r,
        None => team_pairings::next_round(store.conn(), event)?,
    };
    let (plan, pairing) = team_pairings::pair_round(
        store,
        event,
        &rules,
        round,
        job.replace,
        job.seed,
        job.dry_run,
        &|plan| pair_plan(event, &rules, plan),
    )?;
    let rows = if job.dry_run {
        rows_of(&plan, &pairing)
    } else {
        matches::round_matches(store.conn(), event, Some(round))?
    };
    emit(event, &rows, format, &notes(&plan, job.dry_run))
}

/// `league round sheet` on a team event: the round's matches and boards;
/// as html a page to print, as csv a sheet `league match record --sheet` reads.
pub fn run_sheet(
    store: &Store,
    event: &Event,
    round: Option<u32>,
    format: SheetFormat,
) -> Result<()> {
    let round = match round {
        Some(r) => r,
        None => team_pairings::next_round(store.conn(), event)?.saturating_sub(1),
    };
    if round == 0 || !team_pairings::has_round(store.conn(), event, round)? {
        return Err(Error::not_found(format!(
            "{} has no matches in round {round} yet; pair it with `league round pair` or record them with `league match record`",
            event.name
        )));
    }
    let rows = matches::round_matches(store.conn(), event, Some(round))?;
    match format {
        SheetFormat::Html => Ok(print(&super::team_sheet::html(&event.name, round, &rows))?),
        SheetFormat::Csv => Ok(print(&super::team_sheet::csv(&rows))?),
        other => emit(event, &rows, table_format(other)?, ""),
    }
}

/// "Round 2: Knights – Rooks; bye: Pawns".
fn schedule_line(rows: &[MatchRow], round: u32) -> String {
    let parts: Vec<String> = rows
        .iter()
        .map(|m| match &m.team_b {
            Some(b) => format!("{} – {b}", m.team_a),
            None => format!("bye: {}", m.team_a),
        })
        .collect();
    format!("Round {round}: {}\n", parts.join("; "))
}

/// `league event pair-all` on a team round robin: every remaining round.
pub fn run_pair_all(store: &mut Store, event: &Event, dry_run: bool, seed: u64) -> Result<()> {
    let (rules, kind) = rules_and_system(store, event, None)?;
    if !kind.is_round_robin() {
        return Err(Error::invalid(format!(
            "{} pairs by {}: a Swiss is paired a round at a time, after the results (`league round pair`); pair-all is for round robins (--pairing berger or crenshaw)",
            event.name,
            kind.label()
        )));
    }
    let first = team_pairings::next_round(store.conn(), event)?;
    if first > event.rounds {
        return Err(Error::invalid(format!(
            "every round of {} is already paired",
            event.name
        )));
    }
    let out = if dry_run {
        let engine = settings::system(kind, &rules).map_err(Error::invalid)?;
        let base = team_pairings::plan(store.conn(), event, &rules, first, false, seed)?;
        check_table(event, &base, &rules)?;
        let mut out = notes(&base, false);
        for round in first..=event.rounds {
            let mut plan = base.clone();
            plan.round = round;
            plan.field.round = round;
            let pairing = pair_teams(engine.as_ref(), &plan.field, true)
                .map_err(|e| unpairable(event, &plan, e))?;
            out.push_str(&schedule_line(&rows_of(&plan, &pairing), round));
        }
        out + "Dry run: nothing was written.\n"
    } else {
        let done = team_pairings::pair_rounds(store, event, &rules, first, seed, &|plan| {
            pair_plan(event, &rules, plan)
        })?;
        let mut out = String::new();
        for (i, (plan, pairing)) in done.iter().enumerate() {
            if i == 0 {
                out.push_str(&notes(plan, false));
            }
            out.push_str(&schedule_line(&rows_of(plan, pairing), plan.round));
        }
        out
    };
    print(&out)?;
    Ok(())
}
