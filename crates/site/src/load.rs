//! Loading what the site shows: the seasons, their events and sections, and
//! each section's report, computed once through
//! [`report::section_reports`](crate::report::section_reports) (the same
//! computation as `league standings`, so they never disagree) and then shared by the section page, the
//! season page and every player page. A team event's section is read
//! through [`team_report`] (the same
//! computation as `league standings` and `league team crosstable` for team
//! events), with its facts for the players' board games.

use std::collections::BTreeMap;

use crate::domain::ids::{EventId, PlayerId, SectionId};
use crate::domain::league::{Event, Season, Section};
use crate::error::Result;
use crate::report::rating_change::{estimates, Estimates};
use crate::report::team::{team_report, TeamReport};
use crate::report::{section_reports, ReportOptions, SectionReport};
use crate::store::facts::{load_section, SectionFacts};
use crate::store::ratings::ListRating;
use crate::store::season as seasons;
use crate::store::team::{rosters, RosterRow};
use crate::store::Reader;

/// Which seasons go on the site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every season.
    All,
    /// One season, by name; its players' pages list only its events.
    Season(String),
}

/// Everything the site is built from.
pub struct League {
    /// The league's name, when one is set.
    pub name: Option<String>,
    /// Newest season first.
    pub seasons: Vec<SeasonData>,
    /// The prize lists of sections that have one.
    pub prizes: super::prizes::PrizeLists,
    /// The day of the latest change the database records (see
    /// [`seasons::latest_change`]).
    pub updated: Option<String>,
    /// US Chess ratings the rating lists gave, by player: what their
    /// page's rating chart adds to the ratings the events used.
    pub rating_lists: std::collections::HashMap<PlayerId, Vec<ListRating>>,
}

/// One season and its events (in date order).
pub struct SeasonData {
    /// The season: its name heads its index page.
    pub season: Season,
    /// Its events, in date order.
    pub events: Vec<EventData>,
}

/// One event and its sections.
pub struct EventData {
    /// The event: name, dates, kind.
    pub event: Event,
    /// Its sections, each with its report.
    pub sections: Vec<SectionData>,
    /// Its details (time control, place, arbiters, rating system), the
    /// league's defaults filling the gaps, for its section pages.
    pub details: crate::domain::league::EventDetails,
}

/// One section with what its page needs.
pub struct SectionData {
    /// The section.
    pub section: Section,
    /// Its report: individual or team.
    pub kind: SectionKind,
    /// Each created round's date as recorded (`YYYY-MM-DD`), followed by
    /// its start time (` HH:MM`) when one is recorded (V30), or the time
    /// alone; by round number from 1: what a round page says it is played on.
    pub round_dates: Vec<Option<String>>,
    /// The short account of how each round was paired, by round number,
    /// for the rounds the event's Swiss engine paired (see
    /// [`EXPLAINED_UP_TO`]).
    pub explained: BTreeMap<u32, Vec<String>>,
    /// Estimated rating changes of a rated individual section.
    pub ratings: Estimates,
}

/// What kind of section this is.
pub enum SectionKind {
    /// Individual players: standings, crosstable, working.
    Individual(Box<SectionReport>),
    /// A team event's one section: team standings, team crosstable, board
    /// prizes, rosters; its board games for the players' pages.
    Team(Box<TeamSection>),
}

/// What a team event's pages are built from.
pub struct TeamSection {
    /// The team standings, crosstable and working.
    pub report: TeamReport,
    /// The section's facts: every board game as an ordinary game, read by
    /// the players' pages.
    pub facts: SectionFacts,
    /// Every roster line of the event, boards in order.
    pub rosters: Vec<RosterRow>,
}

impl League {
    /// Number of sections, for progress.
    pub fn section_count(&self) -> usize {
        self.seasons
            .iter()
            .flat_map(|s| &s.events)
            .map(|e| e.sections.len())
            .sum()
    }
}

/// An event and its sections, before their reports are computed.
pub type EventPlan = (Event, Vec<Section>);

/// The seasons of a site, before any section's report is computed: what
/// names the pages, and what every page's frame shows.
pub struct Outline {
    /// The league's name, when one is set.
    pub name: Option<String>,
    /// Newest season first, each with its events (in date order) and their
    /// sections.
    pub seasons: Vec<(Season, Vec<EventPlan>)>,
    /// The prize lists of sections that have one.
    pub prizes: super::prizes::PrizeLists,
    /// The day of the latest change the database records.
    pub updated: Option<String>,
    /// Each player's US Chess rating-list ratings, oldest first, for the
    /// rating chart of their page.
    pub rating_lists: std::collections::HashMap<PlayerId, Vec<ListRating>>,
}

impl Outline {
    /// Number of sections, for progress.
    pub fn section_count(&self) -> usize {
        self.seasons
            .iter()
            .flat_map(|(_, events)| events)
            .map(|(_, sections)| sections.len())
            .sum()
    }

    /// Every player with an entry in the outline's sections: (player id,
    /// name), in no particular order.
    pub fn people(&self, conn: &Reader) -> Result<Vec<(PlayerId, String)>> {
        let sections: Vec<SectionId> = self
            .seasons
            .iter()
            .flat_map(|(_, events)| events)
            .flat_map(|(_, sections)| sections.iter().map(|k| k.id))
            .collect();
        crate::store::player::people_of_sections(conn, &sections)
    }
}

/// The outline of `scope`: its seasons, events and sections, the prize
/// lists and the league's name, without any report.
pub fn outline(conn: &Reader, scope: &Scope) -> Result<Outline> {
    let chosen: Vec<Season> = match scope {
        Scope::All => seasons::seasons(conn)?,
        Scope::Season(name) => vec![seasons::find_season(conn, name)?],
    };
    let all_events = seasons::events(conn, None)?;
    let mut plan: Vec<(Season, Vec<EventPlan>)> = Vec::new();
    for season in chosen {
        let mut events = Vec::new();
        for event in all_events.iter().filter(|e| e.season_id == season.id) {
            events.push((event.clone(), seasons::sections(conn, event.id)?));
        }
        plan.push((season, events));
    }
    let with_prizes: Vec<(EventId, SectionId)> = plan
        .iter()
        .flat_map(|(_, events)| events)
        .filter(|(e, _)| !e.kind.is_team())
        .flat_map(|(e, sections)| sections.iter().map(|s| (e.id, s.id)))
        .collect();
    Ok(Outline {
        name: seasons::league_name(conn)?,
        seasons: plan,
        prizes: super::prizes::load(conn, &with_prizes)?,
        updated: seasons::latest_change(conn)?,
        rating_lists: crate::store::ratings::uscf_list_ratings(conn)?,
    })
}

/// Load one season of an outline: each section's report, the individual
/// sections' computed side by side. `progress(done)` is called with the
/// number of this season's sections done so far.
pub fn load_season(
    conn: &Reader,
    season: &Season,
    events: &[EventPlan],
    progress: &mut dyn FnMut(usize),
) -> Result<SeasonData> {
    // Individual sections are computed together (their facts read in one
    // pass); team events one by one, after them.
    let individual: Vec<(Event, Section)> = events
        .iter()
        .filter(|(e, _)| !e.kind.is_team())
        .flat_map(|(e, sections)| sections.iter().map(|s| (e.clone(), s.clone())))
        .collect();
    let mut reports = section_reports(
        conn,
        &individual,
        &ReportOptions::default(),
        &mut |done, _| progress(done),
    )?
    .into_iter();
    let mut done = individual.len();
    let mut loaded = Vec::new();
    for (event, sections) in events {
        let mut data = Vec::new();
        for section in sections {
            let kind = if event.kind.is_team() {
                let section_data = TeamSection {
                    report: team_report(conn, event, &ReportOptions::default())?,
                    facts: load_section(conn, section.id, event.kind)?,
                    rosters: rosters(conn, event.id)?,
                };
                done += 1;
                progress(done);
                SectionKind::Team(Box::new(section_data))
            } else {
                let Some(report) = reports.next() else {
                    break;
                };
                SectionKind::Individual(Box::new(report))
            };
            let mut dates = crate::store::round::round_times(conn, section.id)?;
            let last = dates.keys().copied().max().unwrap_or(0);
            let ratings = match &kind {
                SectionKind::Individual(r) => estimates(conn, r)?,
                SectionKind::Team(_) => Estimates::default(),
            };
            let explained = explanations(conn, event, section, &kind)?;
            data.push(SectionData {
                section: section.clone(),
                kind,
                round_dates: (1..=last)
                    .map(|n| dates.remove(&n).and_then(when_text))
                    .collect(),
                explained,
                ratings,
            });
        }
        loaded.push(EventData {
            details: crate::store::event_detail::details_or_league(conn, event.id)?,
            event: event.clone(),
            sections: data,
        });
    }
    Ok(SeasonData {
        season: season.clone(),
        events: loaded,
    })
}

/// The most entries a section may have for its round pages to say how each
/// round was paired: the account is worked out again by pairing each round
/// anew (nothing of it is stored), a few milliseconds a round up to this
/// size, so a league's whole archive still builds in seconds.
pub const EXPLAINED_UP_TO: usize = 64;

/// How each round of an individual Swiss section was paired, for sections
/// of at most [`EXPLAINED_UP_TO`] entries (`app::round::explain`): the
/// rounds its engine paired, each in the short form.
fn explanations(
    conn: &Reader,
    event: &Event,
    section: &Section,
    kind: &SectionKind,
) -> Result<BTreeMap<u32, Vec<String>>> {
    match kind {
        SectionKind::Individual(r) if r.facts.entries.len() <= EXPLAINED_UP_TO => {
            crate::app::round::explain::explanations(conn, event, section)
        }
        _ => Ok(BTreeMap::new()),
    }
}

/// Load the seasons of `scope`, computing each section's standings once.
/// `progress(done, total)` is called after each section.
pub fn load(
    conn: &Reader,
    scope: &Scope,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<League> {
    let outline = outline(conn, scope)?;
    let total = outline.section_count();
    let mut before = 0;
    let mut out = Vec::new();
    for (season, events) in &outline.seasons {
        let data = load_season(conn, season, events, &mut |done| {
            progress(before + done, total)
        })?;
        before += events.iter().map(|(_, k)| k.len()).sum::<usize>();
        out.push(data);
    }
    Ok(League {
        name: outline.name,
        seasons: out,
        prizes: outline.prizes,
        updated: outline.updated,
        rating_lists: outline.rating_lists,
    })
}

/// A round's date and start time as the pages take them (see
/// [`SectionData::round_dates`]): "2024-01-10 19:30", "2024-01-10",
/// "19:30", or `None` when neither is recorded.
fn when_text(w: crate::store::round::RoundWhen) -> Option<String> {
    match (w.date, w.start_time) {
        (Some(d), Some(t)) => Some(format!("{d} {t}")),
        (d, t) => d.or(t),
    }
}
