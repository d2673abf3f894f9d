//! Pairing a round, for a section of players or a team event: a
//! [`preview`] (the plan and the pairing, nothing written), then a
//! [`confirm`] that writes exactly that pairing, refused if the round
//! changed in between; or [`pair`], both at once in one transaction.
//! Pairing a round again (while none of its results is in) is the same
//! action with [`Request::replace`].

use super::{players, teams, Change, Refusal, Side};
use crate::domain::league::{Event, Section};
use crate::domain::pairing::settings::{self, PairingRules, SystemKind};
use crate::domain::pairing::team::pair_teams;
use crate::domain::pairing::{ByeKind, Pairing, Unpairable};
use crate::error::{Error, Result};
use crate::store::pairing::{self as pairings, Plan};
use crate::store::team_pairing::{self as team_pairings, TeamPlan};
use crate::store::{Readable, Writer};

/// What the secretary asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// The round; `None`: the one after the last paired round.
    pub round: Option<u32>,
    /// A system other than the event's.
    pub system: Option<SystemKind>,
    /// Pair a round already paired again (allowed while none of its
    /// results is in).
    pub replace: bool,
    /// The seed of the lot, for a round robin that draws its numbers.
    pub seed: u64,
}

/// The round as planned: players of a section, or teams.
#[derive(Debug, Clone)]
pub enum Planned {
    /// A section's players.
    Players(Plan),
    /// A team event's teams.
    Teams(TeamPlan),
}

/// A pairing shown before it is written: what [`confirm`] writes.
#[derive(Debug, Clone)]
pub struct Preview {
    /// The event.
    pub event: Event,
    /// The section (a team event's one section for teams).
    pub section: Section,
    /// The event's pairing settings (for teams: with the system used).
    pub rules: PairingRules,
    /// The system the round is paired with.
    pub system: SystemKind,
    /// The round.
    pub round: u32,
    /// Whether the round's earlier pairing is replaced.
    pub replace: bool,
    /// The seed of the lot the plan was made with.
    pub seed: u64,
    /// The field and seats.
    pub planned: Planned,
    /// The boards and byes.
    pub pairing: Pairing,
}

impl Preview {
    /// Games (or matches) of an earlier pairing of the round to replace.
    pub fn replacing(&self) -> usize {
        match &self.planned {
            Planned::Players(p) => p.existing_games,
            Planned::Teams(p) => p.existing,
        }
    }

    /// Whether pairing numbers are given at this pairing.
    pub fn renumbers(&self) -> bool {
        match &self.planned {
            Planned::Players(p) => p.renumber,
            Planned::Teams(p) => p.renumber,
        }
    }
}

/// What was written, for the echo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paired {
    /// The round.
    pub round: u32,
    /// Games (players) or matches (teams) paired.
    pub boards: usize,
    /// The pairing-allocated bye, if one was given (0 or 1).
    pub byes: usize,
    /// Games or matches of the round's earlier pairing replaced.
    pub replaced: usize,
    /// Pairing numbers were given (the first pairing).
    pub numbered: bool,
}

/// The round after the last paired one (a team event's: of its one
/// section), as [`pairings::next_round`] asks it for players and teams.
pub fn next_round(conn: &dyn Readable, section: &Section) -> Result<u32> {
    pairings::next_round(&conn, section)
}

/// Plan and pair a round without writing anything: refused (typed) for a
/// round that may not be paired, and when the engine finds no pairing.
pub fn preview(
    conn: &dyn Readable,
    event: &Event,
    section: &Section,
    req: &Request,
) -> Result<Preview> {
    let round = match req.round {
        Some(r) => r,
        None => next_round(conn, section)?,
    };
    let (rules, system) = rules_and_system(conn, event, req.system)?;
    let engine = settings::system(system, &rules).map_err(|_| Error::refused(Refusal::ByHand))?;
    let (planned, pairing) = if event.kind.is_team() {
        let plan = teams::plan(conn, event, &rules, round, req.replace, req.seed)?;
        let pairing = pair_team_plan(event, &rules, engine.as_ref(), &plan)?;
        (Planned::Teams(plan), pairing)
    } else {
        let plan = players::plan(conn, event, section, &rules, round, req.replace, req.seed)?;
        check_plan(event, &plan, system, &rules)?;
        let pairing = engine
            .pair(&plan.field)
            .map_err(|e| unpairable_players(&plan, e))?;
        (Planned::Players(plan), pairing)
    };
    let section = match &planned {
        Planned::Players(p) => p.section.clone(),
        Planned::Teams(p) => p.section.clone(),
    };
    Ok(Preview {
        event: event.clone(),
        section,
        rules,
        system,
        round,
        replace: req.replace,
        seed: req.seed,
        planned,
        pairing,
    })
}

/// Write a previewed pairing, exactly as it was shown: refused with
/// [`Refusal::PlanChanged`] (saying what changed) when the round, its
/// players or teams, or an earlier result changed since the preview.
pub fn confirm(tx: &Writer, shown: &Preview) -> Result<Paired> {
    let again = Request {
        round: Some(shown.round),
        system: Some(shown.system),
        replace: shown.replace,
        seed: shown.seed,
    };
    let changed = |change: Change| {
        Error::refused(Refusal::PlanChanged {
            round: shown.round,
            whose: whose(shown),
            change,
        })
    };
    let now = match preview(tx, &shown.event, &shown.section, &again) {
        Ok(now) => now,
        Err(e) => {
            return Err(match e.refusal::<Refusal>() {
                Some(Refusal::RoundAlreadyPaired { .. } | Refusal::LaterRoundPaired { .. }) => {
                    changed(Change::Paired)
                }
                Some(Refusal::EarlierRoundNotPaired { .. }) => changed(Change::Unpaired),
                Some(Refusal::PendingResults { .. }) => changed(Change::Results),
                Some(Refusal::NobodyToPair { .. } | Refusal::ShortRosters { .. }) => {
                    changed(Change::Entries)
                }
                _ => e,
            })
        }
    };
    if let Some(change) = what_changed(shown, &now) {
        return Err(changed(change));
    }
    write(tx, shown)
}

/// Plan, pair and write a round in one go (one transaction): what a front
/// end that shows the pairing only after writing it calls.
pub fn pair(
    tx: &Writer,
    event: &Event,
    section: &Section,
    req: &Request,
) -> Result<(Preview, Paired)> {
    let shown = preview(tx, event, section, req)?;
    let done = write(tx, &shown)?;
    Ok((shown, done))
}

/// Every remaining round of a round robin, each planned once the one before
/// is written (a Swiss is paired a round at a time, after the results).
pub fn pair_all(tx: &Writer, event: &Event, section: &Section, seed: u64) -> Result<Vec<Preview>> {
    let first = first_of_all(tx, event, section)?;
    let mut out = Vec::new();
    for round in first..=event.rounds {
        let req = Request {
            round: Some(round),
            system: None,
            replace: false,
            seed,
        };
        let (shown, _) = pair(tx, event, section, &req)?;
        out.push(shown);
    }
    Ok(out)
}

/// [`pair_all`] without writing: the whole remaining schedule from the
/// table, in the numbers as they are (or would be at the first pairing).
pub fn preview_all(
    conn: &dyn Readable,
    event: &Event,
    section: &Section,
    seed: u64,
) -> Result<Vec<Preview>> {
    let first = first_of_all(conn, event, section)?;
    let req = Request {
        round: Some(first),
        system: None,
        replace: false,
        seed,
    };
    let base = preview(conn, event, section, &req)?;
    let engine =
        settings::system(base.system, &base.rules).map_err(|_| Error::refused(Refusal::ByHand))?;
    let mut out = vec![base.clone()];
    for round in first + 1..=event.rounds {
        let mut shown = base.clone();
        shown.round = round;
        shown.pairing = match &mut shown.planned {
            Planned::Players(plan) => {
                plan.round = round;
                plan.field.round = round;
                engine
                    .pair(&plan.field)
                    .map_err(|e| unpairable_players(plan, e))?
            }
            Planned::Teams(plan) => {
                plan.round = round;
                plan.field.round = round;
                pair_teams(engine.as_ref(), &plan.field, true)
                    .map_err(|e| unpairable_teams(event, plan, e))?
            }
        };
        out.push(shown);
    }
    Ok(out)
}

/// The first round [`pair_all`] pairs: refused for a Swiss and when every
/// round is paired.
fn first_of_all(conn: &dyn Readable, event: &Event, section: &Section) -> Result<u32> {
    let (_, system) = rules_and_system(conn, event, None)?;
    if !system.is_round_robin() {
        return Err(Error::refused(Refusal::NotRoundRobin {
            event: event.name.clone(),
            system: system.label().to_string(),
        }));
    }
    let first = next_round(conn, section)?;
    if first > event.rounds {
        return Err(Error::refused(Refusal::AllPaired {
            whose: if event.kind.is_team() {
                event.name.clone()
            } else {
                section.name.clone()
            },
        }));
    }
    Ok(first)
}

/// The section (or team event) a preview pairs, as refusals name it.
fn whose(p: &Preview) -> String {
    match p.planned {
        Planned::Players(_) => p.section.name.clone(),
        Planned::Teams(_) => p.event.name.clone(),
    }
}

/// What differs between the plan shown and the plan now, if anything.
fn what_changed(shown: &Preview, now: &Preview) -> Option<Change> {
    if now.replacing() != shown.replacing() {
        return Some(if now.replacing() > shown.replacing() {
            Change::Paired
        } else {
            Change::Unpaired
        });
    }
    match (&shown.planned, &now.planned) {
        (Planned::Players(a), Planned::Players(b)) => {
            if a.seats != b.seats
                || a.field
                    .entrants
                    .iter()
                    .map(|e| (e.available, e.requested_bye))
                    .ne(b
                        .field
                        .entrants
                        .iter()
                        .map(|e| (e.available, e.requested_bye)))
            {
                Some(Change::Entries)
            } else if a.field.entrants.iter().map(|e| &e.history).ne(b
                .field
                .entrants
                .iter()
                .map(|e| &e.history))
            {
                Some(Change::Results)
            } else {
                (a.field != b.field).then_some(Change::Other)
            }
        }
        (Planned::Teams(a), Planned::Teams(b)) => {
            if a.seats
                .iter()
                .map(|s| (s.team_id, s.number, s.withdrawn_after))
                .ne(b
                    .seats
                    .iter()
                    .map(|s| (s.team_id, s.number, s.withdrawn_after)))
            {
                Some(Change::Entries)
            } else if a
                .field
                .teams
                .iter()
                .map(|t| (&t.history, t.game_points))
                .ne(b.field.teams.iter().map(|t| (&t.history, t.game_points)))
            {
                Some(Change::Results)
            } else {
                (a.field != b.field || a.seats != b.seats).then_some(Change::Other)
            }
        }
        _ => Some(Change::Other),
    }
}

/// Write a planned pairing.
fn write(tx: &Writer, shown: &Preview) -> Result<Paired> {
    let byes = shown
        .pairing
        .byes
        .iter()
        .filter(|(_, k)| *k == ByeKind::PairingAllocated)
        .count();
    let boards = shown.pairing.boards.len();
    match &shown.planned {
        Planned::Players(plan) => {
            let done = pairings::write(tx, &shown.event, plan, &shown.pairing, shown.rules.bye)?;
            Ok(Paired {
                round: shown.round,
                boards: done.games,
                byes: done.byes,
                replaced: done.replaced,
                numbered: plan.renumber,
            })
        }
        Planned::Teams(plan) => {
            team_pairings::write(tx, &shown.event, plan, &shown.pairing)?;
            Ok(Paired {
                round: shown.round,
                boards,
                byes,
                replaced: plan.existing,
                numbered: plan.renumber,
            })
        }
    }
}

/// The event's stored pairing settings and the engine `league round pair`
/// pairs its rounds with (no other system asked for): refused for an event
/// paired by hand. The demo pairs its events through this, so its rounds
/// are the ones the command makes.
pub fn event_engine(
    conn: &dyn Readable,
    event: &Event,
) -> Result<(PairingRules, Box<dyn crate::domain::pairing::System>)> {
    let (rules, system) = rules_and_system(conn, event, None)?;
    let engine = settings::system(system, &rules).map_err(|_| Error::refused(Refusal::ByHand))?;
    Ok((rules, engine))
}

/// The event's settings and the system to pair with: a team event paired
/// by hand is refused here (a section's manual system is refused by the
/// engine's choice).
fn rules_and_system(
    conn: &dyn Readable,
    event: &Event,
    wanted: Option<SystemKind>,
) -> Result<(PairingRules, SystemKind)> {
    let rules = pairings::rules(&conn, event.id)?;
    let system = wanted.unwrap_or(rules.system);
    if !event.kind.is_team() {
        return Ok((rules, system));
    }
    if system == SystemKind::Manual {
        return Err(Error::refused(Refusal::PairedByHand {
            event: event.name.clone(),
        }));
    }
    Ok((PairingRules { system, ..rules }, system))
}

/// Refusals that depend on the system: a Swiss needs every earlier result;
/// a round robin needs the event's rounds to match its table.
fn check_plan(event: &Event, plan: &Plan, system: SystemKind, rules: &PairingRules) -> Result<()> {
    if system.is_round_robin() {
        return super::check_table_rounds(event, rules, plan.field.entrants.len(), Side::Players);
    }
    if let Some((r, w, b)) = plan.pending.first() {
        return Err(Error::refused(Refusal::PendingResults {
            round: plan.round,
            whose: plan.section.name.clone(),
            side: Side::Players,
            earlier: *r,
            first: Some((w.clone(), b.clone())),
            more: plan.pending.len() - 1,
        }));
    }
    Ok(())
}

/// Pair a team round: the table's rounds checked, then the engine.
fn pair_team_plan(
    event: &Event,
    rules: &PairingRules,
    engine: &dyn crate::domain::pairing::System,
    plan: &TeamPlan,
) -> Result<Pairing> {
    if rules.system.is_round_robin() {
        super::check_table_rounds(event, rules, plan.field.teams.len(), Side::Teams)?;
    }
    pair_teams(engine, &plan.field, rules.system.is_round_robin())
        .map_err(|e| unpairable_teams(event, plan, e))
}

/// An unpairable round of players, naming them.
fn unpairable_players(plan: &Plan, e: Unpairable) -> Error {
    Error::refused(Refusal::Unpairable {
        round: plan.round,
        whose: plan.section.name.clone(),
        side: Side::Players,
        names: e
            .players
            .iter()
            .filter_map(|&n| plan.seat(n).map(|s| format!("{} ({n})", s.name)))
            .collect(),
        reason: e.reason,
    })
}

/// An unpairable team round, naming the teams.
fn unpairable_teams(event: &Event, plan: &TeamPlan, e: Unpairable) -> Error {
    Error::refused(Refusal::Unpairable {
        round: plan.round,
        whose: event.name.clone(),
        side: Side::Teams,
        names: e
            .players
            .iter()
            .filter_map(|&n| plan.seat(n).map(|s| format!("{} ({n})", s.name)))
            .collect(),
        reason: e
            .reason
            .replace("players", "teams")
            .replace("player", "team"),
    })
}
