//! History reports: a player's events and career, head to head, the winners
//! of each section season by season, and a season at a glance with its
//! grand-prix tables.
//!
//! Places come from [`section_report`], the same standings the `standings`
//! command prints, and only for the sections asked about (a player's
//! history computes the standings of the sections the player entered, no
//! others). Performance ratings come from [`performance`]. Team events have
//! no individual standings: their games count in a player's totals, but
//! they have no place, no winner and no grand-prix points here.

use super::{report_from_facts, section_report, ReportOptions, SectionReport};
use crate::domain::game::GameResult;
use crate::domain::history::career::SectionLine;
use crate::domain::history::grand_prix::{grand_prix, GrandPrix, Placing, Rules};
use crate::domain::history::{career, places, running_tally, winners, Career, GameCounts, Tally};
use crate::domain::ids::PlayerId;
use crate::domain::league::{Event, Player, Season, Section};
use crate::domain::names::Wanted;
use crate::domain::performance::{performance, RatedGame};
use crate::domain::record::{Colour, Outcome, Tournament};
use crate::domain::score::Points;
use crate::error::{Error, Result};
use crate::store::facts::{load_section, SectionFacts};
use crate::store::history::{self as store, Meeting, SectionFilter, SectionRef};
use crate::store::Reader;

/// One section a player entered.
#[derive(Clone, Debug)]
pub struct PlayerSection {
    /// The event.
    pub event: Event,
    /// The section entered.
    pub section: Section,
    /// The player's pairing number there.
    pub pairing_no: u32,
    /// Rating at entry.
    pub rating: Option<u32>,
    /// The player's score there.
    pub score: Points,
    /// Their games and unplayed rounds, counted by result.
    pub counts: GameCounts,
    /// Place in the section's standings ("2", "3-4"); None in team events.
    pub place: Option<String>,
    /// Players in the section.
    pub players: usize,
    /// Won the section (first place once every planned round is in):
    /// `Some(false)` alone, `Some(true)` shared.
    pub won: Option<bool>,
    /// Their performance rating there, if it has one.
    pub performance: Option<i64>,
    /// The standings are after this round (of `event.rounds`).
    pub rounds_played: usize,
    /// The last round played before withdrawing, if the player withdrew.
    pub withdrawn_after: Option<u32>,
    /// Prize money won in the section (zero until the event's last round
    /// is in, or when the section has no prize list); special prizes too.
    pub prize_money: crate::domain::prizes::Money,
}

/// A player's history across seasons, with career totals.
#[derive(Clone, Debug)]
pub struct PlayerHistory {
    /// The player.
    pub player: Player,
    /// Every section they entered, oldest first.
    pub sections: Vec<PlayerSection>,
    /// Their totals across every section.
    pub career: Career,
    /// What each imported rating list changed, oldest first.
    pub rating_lists: Vec<RatingChange>,
}

/// A rating list's change to a player's rating (`league ratings import`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingChange {
    /// `uscf` or `fide`.
    pub system: String,
    /// The list's name.
    pub list: String,
    /// The day the list took effect.
    pub day: String,
    /// Before and after the list (`None`: unrated).
    pub from: Option<u32>,
    /// The rating after the list (`None`: unrated).
    pub to: Option<u32>,
}

/// The rating history as changes: each row keeps the rating a list
/// replaced; the rating it gave is the next row's of the same system, or
/// the player's current one.
fn rating_changes(conn: &Reader, player: &Player) -> Result<Vec<RatingChange>> {
    let rows = crate::store::ratings::history(conn, player.id)?;
    Ok(rows
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let to = rows[k + 1..]
                .iter()
                .find(|n| n.system == r.system)
                .map(|n| n.rating)
                .unwrap_or(if r.system == "fide" {
                    player.fide_rating
                } else {
                    player.rating
                });
            RatingChange {
                system: r.system.clone(),
                list: r.list.clone(),
                day: r.replaced_on.clone(),
                from: r.rating,
                to,
            }
        })
        .collect())
}

/// A section's facts and, for individual events, its standings.
enum Computed {
    Report(Box<SectionReport>),
    Team(SectionFacts),
}

impl Computed {
    /// The standings of an individual section from its facts (a team
    /// section's facts stay as they are).
    fn from_facts(event: &Event, section: &Section, facts: SectionFacts) -> Result<Computed> {
        Ok(if event.kind.is_team() {
            Computed::Team(facts)
        } else {
            Computed::Report(Box::new(report_from_facts(
                event,
                section,
                facts,
                &ReportOptions::default(),
            )?))
        })
    }

    fn facts(&self) -> &SectionFacts {
        match self {
            Computed::Report(r) => &r.facts,
            Computed::Team(f) => f,
        }
    }

    fn tournament(&self) -> Tournament {
        match self {
            Computed::Report(r) => r.tournament.clone(),
            Computed::Team(f) => f.complete(),
        }
    }

    fn rounds_played(&self) -> usize {
        match self {
            // The rounds the scores count (a round with a result missing
            // included, its game counted as not played), so that "after
            // round N" agrees with the games and score beside it.
            Computed::Report(r) => r.rounds_played,
            Computed::Team(f) => f.complete_rounds,
        }
    }
}

/// Performance over a player's games in a section: opponents' ratings at
/// entry, games over the board only.
fn performance_of(t: &Tournament, facts: &SectionFacts, i: usize) -> Option<i64> {
    let games: Vec<RatedGame> = t.players[i]
        .rounds
        .iter()
        .filter_map(|r| {
            r.played_opponent().map(|o| RatedGame {
                opponent_rating: facts.entries.get(o).and_then(|e| e.rating),
                points: r.points(),
            })
        })
        .collect();
    performance(&games)
}

/// Every section `player` entered, oldest first, and the career totals.
pub fn player_history(conn: &Reader, player: &Player) -> Result<PlayerHistory> {
    // The facts are read one section after another (one connection); the
    // standings, most of the work for a player with many events, on every core.
    let mut loaded = vec![];
    for s in store::player_sections(conn, player.id)? {
        let facts = load_section(conn, s.section.id, s.event.kind)?;
        loaded.push((s, facts));
    }
    let computed = crate::parallel::map_owned(loaded, |(s, facts)| {
        Computed::from_facts(&s.event, &s.section, facts).map(|c| (s, c))
    });
    let mut sections = vec![];
    for done in computed {
        let (s, c) = done?;
        let facts = c.facts();
        let Some(i) = facts.entries.iter().position(|e| Some(e.id) == s.entry_id) else {
            continue;
        };
        let t = c.tournament();
        let prize_money = match &c {
            Computed::Report(r) => super::prizes::money_of_entry(conn, r, i)?,
            Computed::Team(_) => crate::domain::prizes::Money(0),
        };
        let (place, won) = match &c {
            Computed::Report(r) if r.rounds_played > 0 => {
                let p = places(&r.standings).into_iter().find(|p| p.player == i);
                let label = r
                    .standings
                    .rows
                    .iter()
                    .find(|row| row.player == i)
                    .map(|row| row.place.clone());
                // A section is won when every planned round is in; before
                // that the player only leads it.
                let complete = r.complete_rounds >= s.event.rounds as usize && r.missing.is_empty();
                (
                    label,
                    p.filter(|p| p.first == 1 && complete).map(|p| p.shared()),
                )
            }
            _ => (None, None),
        };
        sections.push(PlayerSection {
            pairing_no: facts.entries[i].pairing_no,
            rating: facts.entries[i].rating,
            score: t.players[i].score(),
            counts: GameCounts::of(&t.players[i].rounds),
            place,
            players: facts.entries.len(),
            won,
            performance: performance_of(&t, facts, i),
            rounds_played: c.rounds_played(),
            withdrawn_after: facts.entries[i].withdrawn_after,
            prize_money,
            event: s.event,
            section: s.section,
        });
    }
    let lines: Vec<SectionLine> = sections
        .iter()
        .map(|s| SectionLine {
            counts: s.counts,
            won: s.won,
        })
        .collect();
    Ok(PlayerHistory {
        player: player.clone(),
        career: career(&lines),
        sections,
        rating_lists: rating_changes(conn, player)?,
    })
}

impl PlayerHistory {
    /// Prize money by season, in the order the seasons come in the
    /// history; seasons without money are left out.
    pub fn prize_money_by_season(&self) -> Vec<(String, crate::domain::prizes::Money)> {
        let mut out: Vec<(String, crate::domain::prizes::Money)> = Vec::new();
        for s in self.sections.iter().filter(|s| s.prize_money.0 > 0) {
            match out.last_mut() {
                Some((season, m)) if *season == s.event.season => m.0 += s.prize_money.0,
                _ => out.push((s.event.season.clone(), s.prize_money)),
            }
        }
        out
    }
}

/// One game of a head-to-head, with the tally after it.
#[derive(Clone, Debug)]
pub struct H2hGame {
    /// Where and when the game was, and its result.
    pub meeting: Meeting,
    /// The result from the first player's side.
    pub outcome: Outcome,
    /// The tally between the two after this game.
    pub tally: Tally,
}

/// Every game between `a` and `b` across seasons, oldest first.
pub fn head_to_head(conn: &Reader, a: &Player, b: &Player) -> Result<Vec<H2hGame>> {
    if a.id == b.id {
        return Err(Error::invalid(format!(
            "both names are {}; give two different players",
            a.name
        )));
    }
    let meetings = store::meetings(conn, a.id, b.id)?;
    let outcomes: Vec<Outcome> = meetings
        .iter()
        .map(|m| outcome_for_a(&m.result, m.a_white))
        .collect();
    let tallies = running_tally(&outcomes);
    Ok(meetings
        .into_iter()
        .zip(outcomes)
        .zip(tallies)
        .map(|((meeting, outcome), tally)| H2hGame {
            meeting,
            outcome,
            tally,
        })
        .collect())
}

/// A stored result ("1-0", "0F-1F", "0-0", ...) from the first player's
/// side, as [`GameResult::outcomes`] says it (a game lost by both is a loss
/// from either side); a result the league does not know counts as a double
/// forfeit.
fn outcome_for_a(result: &str, a_white: bool) -> Outcome {
    match GameResult::from_stored(result).map(GameResult::outcomes) {
        Some((white, _)) if a_white => white,
        Some((_, black)) => black,
        None => Outcome::DoubleForfeit,
    }
}

/// The colour the first player had.
pub fn colour_of_a(m: &Meeting) -> Colour {
    if m.a_white {
        Colour::White
    } else {
        Colour::Black
    }
}

/// A winner of a section.
#[derive(Clone, Debug)]
pub struct Winner {
    /// The player.
    pub player_id: PlayerId,
    /// Their name.
    pub name: String,
    /// Their score.
    pub score: Points,
}

/// A section of an event with its winner(s).
#[derive(Clone, Debug)]
pub struct SectionWinners {
    /// The event.
    pub event: Event,
    /// The section.
    pub section: Section,
    /// Players in the section.
    pub players: usize,
    /// The rounds the standings count.
    pub rounds_played: usize,
    /// Results missing among those rounds.
    pub missing: usize,
    /// The players first in the standings: the winners once every round
    /// is in ([`SectionWinners::complete`]), the leaders before. Empty
    /// before any round is paired.
    pub winners: Vec<Winner>,
}

impl SectionWinners {
    /// Whether first place is shared.
    pub fn shared(&self) -> bool {
        self.winners.len() > 1
    }

    /// Whether every planned round is in.
    pub fn complete(&self) -> bool {
        self.rounds_played >= self.event.rounds as usize && self.missing == 0
    }
}

fn section_winners(r: &SectionReport) -> SectionWinners {
    let w = if r.rounds_played == 0 {
        vec![]
    } else {
        winners(&r.standings)
            .into_iter()
            .map(|i| Winner {
                player_id: r.facts.entries[i].player_id,
                name: r.facts.entries[i].name.clone(),
                score: r.tournament.players[i].score(),
            })
            .collect()
    };
    SectionWinners {
        event: r.event.clone(),
        section: r.section.clone(),
        players: r.facts.entries.len(),
        rounds_played: r.rounds_played,
        missing: r.missing.iter().map(|&(_, n)| n).sum(),
        winners: w,
    }
}

/// The sections matching `filter` (individual events only), oldest first;
/// an event or section name that matches nothing is an error listing the
/// names there are.
pub fn section_refs(conn: &Reader, filter: &SectionFilter) -> Result<Vec<SectionRef>> {
    let found: Vec<SectionRef> = store::sections_where(conn, filter)?
        .into_iter()
        .filter(|s| !s.event.kind.is_team())
        .collect();
    if found.is_empty() && (filter.event.is_some() || filter.section.is_some()) {
        let (events, sections) = store::event_and_section_names(conn)?;
        let all = store::sections_where(conn, &SectionFilter::default())?;
        if let Some(e) = filter.event {
            if !all
                .iter()
                .any(|s| s.event.name.eq_ignore_ascii_case(e.trim()))
            {
                return Err(not_found("event in any season", e, &events, "events"));
            }
        }
        if let Some(s) = filter.section {
            if !all
                .iter()
                .any(|x| x.section.name.eq_ignore_ascii_case(s.trim()))
            {
                return Err(not_found("section in any event", s, &sections, "sections"));
            }
        }
    }
    Ok(found)
}

/// A name in a filter that matches nothing, in the words every lookup
/// uses ([`Wanted`]): the closest of `names`, else all of them.
fn not_found(what: &str, typed: &str, names: &[String], plural: &str) -> Error {
    let named: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), n.as_str())).collect();
    let hint = if names.is_empty() {
        format!("{plural}: none yet")
    } else {
        format!("{plural}: {}", names.join(", "))
    };
    Wanted {
        what,
        more: "",
        hint: &hint,
    }
    .not_found(typed, &named, |n| n.to_string())
    .into()
}

/// The winner(s) of each section matching `filter`, season by season.
pub fn section_winners_where(conn: &Reader, filter: &SectionFilter) -> Result<Vec<SectionWinners>> {
    section_refs(conn, filter)?
        .into_iter()
        .map(|s| {
            let r = section_report(conn, &s.event, &s.section, &ReportOptions::default())?;
            Ok(section_winners(&r))
        })
        .collect()
}

/// A season at a glance, with its grand-prix tables when it has rules.
#[derive(Clone, Debug)]
pub struct SeasonSummary {
    /// The season.
    pub season: Season,
    /// Every event of the season, in order.
    pub events: Vec<Event>,
    /// Every section of the individual events, with winners.
    pub sections: Vec<SectionWinners>,
    /// The grand-prix tables, when the season has rules.
    pub grand_prix: Option<SeasonGrandPrix>,
}

/// The grand prix of a season.
#[derive(Clone, Debug)]
pub struct SeasonGrandPrix {
    /// The rules the points are scored by.
    pub rules: Rules,
    /// The events that count, in the order of the tables' columns.
    pub events: Vec<Event>,
    /// The tables.
    pub standings: GrandPrix,
}

/// Read a season's grand-prix rules, if it has any.
pub fn season_rules(conn: &Reader, season: &Season) -> Result<Option<Rules>> {
    match store::grand_prix_rules(conn, season.id)? {
        None => Ok(None),
        Some(json) => serde_json::from_str(&json).map(Some).map_err(|e| {
            Error::invalid(format!(
                "season {}'s stored grand-prix rules cannot be read ({e}); set them again with `league season grand-prix`",
                season.name
            ))
        }),
    }
}

/// Everything `league history season` shows.
pub fn season_summary(conn: &Reader, season: &Season) -> Result<SeasonSummary> {
    let events = crate::store::season::events(conn, Some(season.id))?;
    let rules = season_rules(conn, season)?;
    let refs = section_refs(
        conn,
        &SectionFilter {
            season_id: Some(season.id),
            ..Default::default()
        },
    )?;
    let mut sections = vec![];
    let mut gp_events: Vec<Event> = vec![];
    let mut placings = vec![];
    for s in refs {
        let r = section_report(conn, &s.event, &s.section, &ReportOptions::default())?;
        sections.push(section_winners(&r));
        let Some(rules) = &rules else { continue };
        if r.complete_rounds == 0 || !rules.counts_event(&s.event.name) {
            continue;
        }
        let ev = match gp_events.iter().position(|e| e.id == s.event.id) {
            Some(i) => i,
            None => {
                gp_events.push(s.event.clone());
                gp_events.len() - 1
            }
        };
        for p in places(&r.standings) {
            let e = &r.facts.entries[p.player];
            placings.push(Placing {
                event: ev,
                section: s.section.name.clone(),
                player: e.player_id,
                name: e.name.clone(),
                rating: e.rating,
                first: p.first,
                last: p.last,
                score: r.tournament.players[p.player].score(),
            });
        }
    }
    let grand_prix = rules.map(|rules| SeasonGrandPrix {
        standings: grand_prix(&rules, gp_events.len(), &placings),
        rules,
        events: gp_events,
    });
    Ok(SeasonSummary {
        season: season.clone(),
        events,
        sections,
        grand_prix,
    })
}

#[cfg(test)]
mod tests {
    use super::outcome_for_a;
    use crate::domain::record::Outcome::{self, *};

    /// Every stored result, from White's side and from Black's, as the
    /// head-to-head counts it (FIDE Laws 12.9: a game lost by both is a loss
    /// for each).
    #[test]
    fn every_stored_result_from_either_side() {
        let cases: [(&str, Outcome, Outcome); 7] = [
            ("1-0", Win, Loss),
            ("0-1", Loss, Win),
            ("1/2-1/2", Draw, Draw),
            ("1F-0F", ForfeitWin, ForfeitLoss),
            ("0F-1F", ForfeitLoss, ForfeitWin),
            ("0F-0F", DoubleForfeit, DoubleForfeit),
            ("0-0", Loss, Loss),
        ];
        for (stored, white, black) in cases {
            assert_eq!(outcome_for_a(stored, true), white, "{stored} as White");
            assert_eq!(outcome_for_a(stored, false), black, "{stored} as Black");
        }
    }
}
