//! `league round pair`, `league round sheet` and `league event pair-all` on
//! a team event: the teams paired by the event's system (the domain's
//! [`pair_teams`] over [`settings::system`]), written as team matches with
//! their boards by [`crate::store::team_pairing`], and printed match by
//! match, board by board (the `league match show` table).

use super::sheet::SheetFormat;
use crate::app::round::pair::{self, Planned, Request};
use crate::cli::match_table::print_matches;
use crate::cli::output::{print, Format};
use crate::domain::ids::MatchId;
use crate::domain::league::Event;
use crate::domain::pairing::settings::SystemKind;
use crate::domain::pairing::{ByeKind, Pairing};
use crate::error::{Error, Result};
use crate::store::team_match::{self as matches, BoardRow, MatchRow};
use crate::store::team_pairing::{self as team_pairings, TeamPlan};
use crate::store::Store;

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
    let section = crate::store::team::team_section(store.conn(), event)?;
    let req = Request {
        round: job.round,
        system: job.system,
        replace: job.replace,
        seed: job.seed,
    };
    let shown = if job.dry_run {
        pair::preview(store.conn(), event, &section, &req)
    } else {
        store.write(|tx| pair::pair(tx, event, &section, &req).map(|(shown, _)| shown))
    }
    .map_err(super::pairing::pair_hint)?;
    let Planned::Teams(plan) = &shown.planned else {
        return Err(Error::invalid("a team event was paired as players"));
    };
    let rows = if job.dry_run {
        rows_of(plan, &shown.pairing)
    } else {
        matches::round_matches(store.conn(), event, Some(shown.round))?
    };
    emit(event, &rows, format, &notes(plan, job.dry_run))
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
    let section = crate::store::team::team_section(store.conn(), event)?;
    let all = if dry_run {
        pair::preview_all(store.conn(), event, &section, seed)
    } else {
        store.write(|tx| pair::pair_all(tx, event, &section, seed))
    }
    .map_err(super::pairing::pair_hint)?;
    let mut out = String::new();
    for (i, shown) in all.iter().enumerate() {
        let Planned::Teams(plan) = &shown.planned else {
            continue;
        };
        if i == 0 {
            out.push_str(&notes(plan, false));
        }
        out.push_str(&schedule_line(&rows_of(plan, &shown.pairing), shown.round));
    }
    if dry_run {
        out.push_str("Dry run: nothing was written.\n");
    }
    print(&out)?;
    Ok(())
}
