//! Reports that join the store and the domain: a section's standings as of
//! any round, with the event's (or an overriding) tiebreak order. The
//! commands, the site and the history all read standings through here, so
//! they can never disagree.
#![forbid(unsafe_code)]

// split-workspace: the paths of the one-crate layout (`crate::store::x`,
// `crate::domain::y`) resolve here too, so code moved as it was.
#[allow(
    unused_imports,
    reason = "aliases for the paths of the one-crate layout"
)]
use {
    crate as report, league_domain as domain, league_domain::parallel,
    league_interchange as interchange, league_interchange::export, league_interchange::input,
    league_store as store, league_store::error, league_store::outfile,
};
// split-workspace: end of aliases

pub mod history;
pub mod prizes;
pub mod rating_change;
pub mod team;
pub mod trf;
pub mod uscf;

use crate::domain::league::{Event, Section};
use crate::domain::record::{Outcome, Tournament};
use crate::domain::standings::{self, Standings};
use crate::domain::tiebreak::{Context, FideEdition, Options, Order};
use crate::error::{Error, Result};
use crate::store::facts::{load_section, SectionFacts};
use crate::store::Reader;

/// What may override an event's settings for one report.
#[derive(Clone, Debug, Default)]
pub struct ReportOptions {
    /// Standings after this round (default: the last complete round).
    pub after_round: Option<usize>,
    /// A preset or comma-separated codes instead of the event's order.
    pub tiebreaks: Option<String>,
    /// The FIDE unplayed-round rules to apply instead of the event's.
    pub fide_edition: Option<FideEdition>,
}

/// A section's standings and everything needed to print or explain them.
pub struct SectionReport {
    /// The event.
    pub event: Event,
    /// The section.
    pub section: Section,
    /// What the store read: entries, rounds, games and byes.
    pub facts: SectionFacts,
    /// The records the standings were computed from (after `rounds_played`).
    pub tournament: Tournament,
    /// The rounds counted (all created rounds, or `--after-round`).
    pub rounds_played: usize,
    /// The last round n such that rounds 1..=n have every result in (at
    /// most `rounds_played`): history and winners count only these.
    pub complete_rounds: usize,
    /// Results not yet in among the rounds counted, as (round, games).
    pub missing: Vec<(usize, usize)>,
    /// The tiebreak order applied.
    pub order: Order,
    /// The options the tiebreaks were computed with.
    pub options: Options,
    /// The ranked rows.
    pub standings: Standings,
    /// Things the reader should know ("round 5 is not complete").
    pub notes: Vec<String>,
    /// Players (entered and not withdrawn) with neither a game, pending or
    /// not, nor a bye in a counted round, as (round, names): a deleted
    /// game or a forgotten player, which the standings count as a zero.
    pub no_game: Vec<(usize, Vec<String>)>,
}

impl SectionReport {
    /// A context over this report's records, for explanations.
    pub fn context(&self) -> Context<'_> {
        Context::new(&self.tournament, self.options.clone())
    }

    /// The index of the entry named by `text` (pairing number or name).
    pub fn find_player(&self, text: &str) -> Result<usize> {
        let seats: Vec<(u32, &str)> = self
            .facts
            .entries
            .iter()
            .map(|e| (e.pairing_no, e.name.as_str()))
            .collect();
        Ok(crate::domain::names::find_entry(
            &seats,
            text,
            &format!("player in {} {}", self.event.name, self.section.name),
            "",
        )?)
    }
}

/// Games without a result in rounds 1..=`rounds`, as (round, games).
fn missing_results(facts: &SectionFacts, rounds: usize) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &(round, _, _) in facts.pending.iter().filter(|p| p.0 <= rounds) {
        match out.last_mut() {
            Some((r, n)) if *r == round => *n += 1,
            _ => out.push((round, 1)),
        }
    }
    out
}

/// Who has neither a game (pending or not) nor a bye in rounds 1..=`rounds`
/// while entered and not withdrawn, as (round, names) in pairing order.
fn without_a_game(facts: &SectionFacts, rounds: usize) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    for round in 1..=rounds.min(facts.tournament.rounds) {
        let names: Vec<String> = facts
            .tournament
            .players
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                let active = p.withdrawn_after.is_none_or(|w| round <= w as usize);
                let pending = facts
                    .pending
                    .iter()
                    .any(|&(r, w, b)| r == round && (w == *i || b == *i));
                active && !pending && p.rounds[round - 1].outcome == Outcome::Absent
            })
            .map(|(_, p)| p.name.clone())
            .collect();
        if !names.is_empty() {
            out.push((round, names));
        }
    }
    out
}

/// "round 4: Ann Lee and Ethan Cole have no game", "round 2: Ann Lee has no game".
pub fn no_game_words(round: usize, names: &[String]) -> String {
    let who = match names {
        [one] => return format!("round {round}: {one} has no game"),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => String::new(),
    };
    format!("round {round}: {who} have no game")
}

/// "2 results of round 4 missing", "1 result of round 2 and 3 of round 4 missing".
pub fn missing_words(missing: &[(usize, usize)]) -> String {
    let parts: Vec<String> = missing
        .iter()
        .enumerate()
        .map(|(i, &(round, n))| {
            if i == 0 {
                format!(
                    "{n} result{} of round {round}",
                    if n == 1 { "" } else { "s" }
                )
            } else {
                format!("{n} of round {round}")
            }
        })
        .collect();
    let joined = match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        _ => format!(
            "{} and {}",
            parts[..parts.len() - 1].join(", "),
            parts[parts.len() - 1]
        ),
    };
    format!("{joined} missing")
}

impl SectionReport {
    /// Entry `i`'s name as standings and crosstables show it, with a
    /// withdrawal marked when the player withdrew before the event's last
    /// round: "Frank Moss (withdrew after round 2)".
    pub fn shown_name(&self, i: usize) -> String {
        let e = &self.facts.entries[i];
        match e.withdrawn_after {
            Some(w) if w < self.event.rounds => format!("{} (withdrew after round {w})", e.name),
            _ => e.name.clone(),
        }
    }

    /// "after round 6 of 6"; with results missing, the rounds counted and
    /// which results are missing: "after round 4 of 5; 2 results missing
    /// (round 4: Ann Lee v Bob Jones, Carol King v Dan Wu)". The rounds
    /// counted are the rounds whose results the scores include, so the
    /// heading never says "after round 3" over scores that count round 4.
    pub fn after(&self) -> String {
        let head = format!(
            "after round {} of {}",
            self.rounds_played, self.event.rounds
        );
        if self.missing.is_empty() {
            return head;
        }
        let total: usize = self.missing.iter().map(|&(_, n)| n).sum();
        format!(
            "{head}; {total} result{} missing ({})",
            if total == 1 { "" } else { "s" },
            self.missing_games(3)
        )
    }

    /// The games without a result among the rounds counted, by round, at
    /// most `shown` of them named: "round 4: Ann Lee v Bob Jones and 2 more".
    fn missing_games(&self, shown: usize) -> String {
        let name = |i: usize| self.facts.entries.get(i).map_or("?", |e| e.name.as_str());
        let pending: Vec<&(usize, usize, usize)> = self
            .facts
            .pending
            .iter()
            .filter(|p| p.0 <= self.rounds_played)
            .collect();
        let mut parts: Vec<String> = Vec::new();
        let mut last_round = None;
        for &&(round, w, b) in pending.iter().take(shown) {
            let game = format!("{} v {}", name(w), name(b));
            if last_round == Some(round) {
                parts.push(game);
            } else {
                parts.push(format!("round {round}: {game}"));
                last_round = Some(round);
            }
        }
        let mut out = parts.join(", ");
        if pending.len() > shown {
            out.push_str(&format!(" and {} more", pending.len() - shown));
        }
        out
    }
}

/// The event's tiebreak order, or the override, checked against the event's kind.
pub fn order_for(event: &Event, tiebreaks: Option<&str>) -> Result<Order> {
    let order = match tiebreaks {
        Some(t) => Order::parse(t).map_err(|e| Error::invalid(e.to_string()))?,
        None => event.order().map_err(|e| {
            Error::invalid(format!(
                "{}'s stored tiebreak order is not valid: {e}",
                event.name
            ))
        })?,
    };
    let team = event.kind.is_team();
    if let Some(bad) = order.tiebreaks.iter().find(|t| t.is_team() != team) {
        return Err(Error::invalid(format!(
            "tiebreak {bad} is for {} events; {} is a {} event",
            if bad.is_team() { "team" } else { "individual" },
            event.name,
            event.kind.label()
        )));
    }
    Ok(order)
}

/// Compute a section's standings.
pub fn section_report(
    conn: &Reader,
    event: &Event,
    section: &Section,
    opts: &ReportOptions,
) -> Result<SectionReport> {
    let facts = load_section(conn, section.id, event.kind)?;
    report_from_facts(event, section, facts, opts)
}

/// Compute the standings of many sections (what the site and other
/// whole-league readers use): the facts read one section after another,
/// reporting progress, then the standings computed on every core. The
/// reports follow the order of `sections`.
pub fn section_reports(
    conn: &Reader,
    sections: &[(Event, Section)],
    opts: &ReportOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<SectionReport>> {
    let total = sections.len();
    let mut loaded = Vec::with_capacity(total);
    for (i, (event, section)) in sections.iter().enumerate() {
        loaded.push((event, section, load_section(conn, section.id, event.kind)?));
        progress(i + 1, total);
    }
    crate::parallel::map_owned(loaded, |(event, section, facts)| {
        report_from_facts(event, section, facts, opts)
    })
    .into_iter()
    .collect()
}

/// A section's standings from facts already loaded.
pub(crate) fn report_from_facts(
    event: &Event,
    section: &Section,
    facts: SectionFacts,
    opts: &ReportOptions,
) -> Result<SectionReport> {
    let order = order_for(event, opts.tiebreaks.as_deref())?;
    let mut options = event.options();
    if let Some(ed) = opts.fide_edition {
        options.fide_edition = ed;
    }
    let mut notes = Vec::new();
    let rounds_played = match opts.after_round {
        Some(n) if n > facts.created_rounds => {
            return Err(Error::invalid(format!(
                "{} {} has {} round{} recorded; there are no standings after round {n}",
                event.name,
                section.name,
                facts.created_rounds,
                if facts.created_rounds == 1 { "" } else { "s" }
            )))
        }
        Some(n) => {
            if n > facts.complete_rounds {
                notes.push(format!(
                    "round {} has games without results; they count as not played",
                    facts.complete_rounds + 1
                ));
            }
            n
        }
        // Every paired round counts, with the results that are in: a game
        // without a result yet counts as not played, and the heading says
        // how many are missing (`SectionReport::after`).
        None => facts.created_rounds,
    };
    let missing = missing_results(&facts, rounds_played);
    if !missing.is_empty() {
        notes.push(format!(
            "{}: those games count as not played until their results are in",
            missing_words(&missing)
        ));
    }
    let complete_rounds = facts.complete_rounds.min(rounds_played);
    if order.has_coin() && options.coin_seed.is_none() {
        notes.push("a coin flip is in the order but this event does not allow one (see `league event edit --allow-coin true`); remaining ties are shared".into());
    }
    let no_game = without_a_game(&facts, rounds_played);
    let tournament = facts.tournament.after_round(rounds_played);
    let standings = {
        let ctx = Context::new(&tournament, options.clone());
        standings::standings(&ctx, &order)
    };
    Ok(SectionReport {
        event: event.clone(),
        section: section.clone(),
        facts,
        tournament,
        rounds_played,
        complete_rounds,
        missing,
        order,
        options,
        standings,
        notes,
        no_game,
    })
}
