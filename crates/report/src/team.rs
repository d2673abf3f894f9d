//! A team event's report: standings, the team crosstable (spec §5.13) and
//! board prizes, as of any round, with the event's (or an overriding) team
//! tiebreak order. `league standings`, `league team crosstable`, `league
//! team boards` and the results site all read team events through
//! [`team_report`], so they cannot disagree.

use super::{order_for, ReportOptions};
use crate::domain::league::Event;
use crate::domain::standings::Explained;
use crate::domain::team::{
    board_prizes, crosstable, standings, BoardPrizes, TeamCrosstable, TeamEvent, TeamRules,
    TeamStandings,
};
use crate::domain::tiebreak::{Order, TeamCode, Tiebreak};
use crate::error::{Error, Result};
use crate::store::team::{load_team_event, LoadedTeamEvent};
use crate::store::Reader;

/// A team event's standings, crosstable and board prizes, and everything
/// needed to print or explain them.
pub struct TeamReport {
    /// The event reported on, as the command found it.
    pub event: Event,
    /// The event as stored (every created round), with team and player names.
    pub loaded: LoadedTeamEvent,
    /// The rounds the report was computed from (after `rounds_played`).
    pub team_event: TeamEvent,
    /// The round the standings are after: the one asked for, or the last
    /// with every board's result in.
    pub rounds_played: usize,
    /// The tiebreak order applied: the override, else the event's, with
    /// `usat` read as the event's USAT variant.
    pub order: Order,
    /// The teams ranked after `rounds_played` rounds, with their values.
    pub standings: TeamStandings,
    /// The crosstable in the order of `standings`.
    pub crosstable: TeamCrosstable,
    /// Each board's players, best first (no minimum number of games).
    pub boards: Vec<BoardPrizes>,
    /// Things the reader should know ("round 3 is not complete").
    pub notes: Vec<String>,
}

impl TeamReport {
    /// Every tiebreak value of `team` (an index into the event's teams) in
    /// the report's order, each with its working.
    pub fn explain(&self, team: usize) -> Vec<Explained> {
        self.order
            .tiebreaks
            .iter()
            .enumerate()
            .map(|(k, tb)| Explained {
                tiebreak: *tb,
                value: self.standings.row(team).and_then(|row| row.values[k]),
                working: self
                    .standings
                    .explain(&self.team_event, team, k)
                    .unwrap_or_default(),
            })
            .collect()
    }

    /// The event's team rules (boards, match points, byes, USAT options).
    pub fn rules(&self) -> &TeamRules {
        &self.team_event.rules
    }

    /// The index (into the event's teams) of the team named by `text`: its
    /// name or short code, else by the league's name rules
    /// ([`crate::domain::names`]).
    pub fn find_team(&self, text: &str) -> Result<usize> {
        crate::store::team::team_in(&self.loaded.teams, &self.event, text)
    }
}

/// The tiebreak order of a team report: the override when given, else the
/// event's order with `usat` read as the event's USAT variant (its ×2 and
/// bye-adjustment options, spec decision 7).
fn team_order(event: &Event, rules: &TeamRules, tiebreaks: Option<&str>) -> Result<Order> {
    let mut order = order_for(event, tiebreaks)?;
    if tiebreaks.is_none() {
        for t in &mut order.tiebreaks {
            if matches!(
                t,
                Tiebreak::Team(TeamCode::Usat {
                    doubled: true,
                    adjusted: true
                })
            ) {
                *t = rules.usat();
            }
        }
    }
    Ok(order)
}

/// Compute a team event's report. `opts.after_round` gives the standings
/// as they stood after that round (default: the last round with every board
/// result in); `opts.fide_edition` does not apply to team events.
pub fn team_report(conn: &Reader, event: &Event, opts: &ReportOptions) -> Result<TeamReport> {
    let loaded = load_team_event(conn, event)?;
    let order = team_order(event, &loaded.event.rules, opts.tiebreaks.as_deref())?;
    let mut notes = Vec::new();
    let rounds_played = match opts.after_round {
        Some(n) if n > loaded.created_rounds => {
            return Err(Error::invalid(format!(
                "{} has {} round{} recorded; there are no standings after round {n}",
                event.name,
                loaded.created_rounds,
                if loaded.created_rounds == 1 { "" } else { "s" }
            )))
        }
        Some(n) if n > loaded.complete_rounds => {
            return Err(Error::invalid(format!(
                "round {} of {} has boards without a result; there are no standings after round {n} yet",
                loaded.complete_rounds + 1,
                event.name
            )))
        }
        Some(n) => n,
        None => {
            if loaded.complete_rounds < loaded.created_rounds {
                notes.push(format!(
                    "round {} has boards without a result, so these are the standings after round {}",
                    loaded.complete_rounds + 1,
                    loaded.complete_rounds
                ));
            }
            loaded.complete_rounds
        }
    };
    let team_event = loaded.event.after_round(rounds_played);
    let standings = standings(&team_event, &order.tiebreaks)
        .map_err(|e| Error::invalid(format!("{}'s records cannot be ranked: {e}", event.name)))?;
    let crosstable = crosstable(&team_event, &standings);
    let boards = board_prizes(&team_event, 0);
    Ok(TeamReport {
        event: event.clone(),
        loaded,
        team_event,
        rounds_played,
        order,
        standings,
        crosstable,
        boards,
        notes,
    })
}
