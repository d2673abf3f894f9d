//! Loading what the site shows: the seasons, their events and sections, and
//! each section's report, computed once through
//! [`report::section_reports`](crate::report::section_reports) (the same
//! computation as `league standings`, so they never disagree; the facts of
//! every section read in one pass) and then shared by the section page, the
//! season page and every player page.

use rusqlite::Connection;

use crate::domain::league::{Event, Season, Section};
use crate::error::Result;
use crate::report::{section_reports, ReportOptions, SectionReport};
use crate::store::season as seasons;

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
}

/// One season and its events (in date order).
pub struct SeasonData {
    pub season: Season,
    pub events: Vec<EventData>,
}

/// One event and its sections.
pub struct EventData {
    pub event: Event,
    pub sections: Vec<SectionData>,
}

/// One section with what its page needs.
pub struct SectionData {
    pub section: Section,
    pub kind: SectionKind,
}

/// What kind of section this is. Team sections get their own variant once
/// team events are stored (their crosstable is the team crosstable).
pub enum SectionKind {
    /// Individual players: standings, crosstable, working.
    Individual(Box<SectionReport>),
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
type EventPlan = (Event, Vec<Section>);

/// Load the seasons of `scope`, computing each section's standings once.
/// `progress(done, total)` is called after each section.
pub fn load(
    conn: &Connection,
    scope: &Scope,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<League> {
    let chosen: Vec<Season> = match scope {
        Scope::All => seasons::seasons(conn)?,
        Scope::Season(name) => vec![seasons::find_season(conn, name)?],
    };
    let all_events = seasons::events(conn, None)?;
    let mut plan: Vec<(Season, Vec<EventPlan>)> = Vec::new();
    for season in chosen {
        let mut events = Vec::new();
        for event in all_events.iter().filter(|e| e.season_id == season.id) {
            // Team events are published once their store and team report
            // exist; until then they are left off the pages.
            if event.kind.is_team() {
                continue;
            }
            events.push((event.clone(), seasons::sections(conn, event.id)?));
        }
        plan.push((season, events));
    }
    let all: Vec<(Event, Section)> = plan
        .iter()
        .flat_map(|(_, events)| events)
        .flat_map(|(e, sections)| sections.iter().map(|s| (e.clone(), s.clone())))
        .collect();
    let mut reports = section_reports(conn, &all, &ReportOptions::default(), progress)?.into_iter();
    let mut out = Vec::new();
    for (season, events) in plan {
        let mut loaded = Vec::new();
        for (event, sections) in events {
            let mut data = Vec::new();
            for section in sections {
                let Some(report) = reports.next() else {
                    break;
                };
                data.push(SectionData {
                    section,
                    kind: SectionKind::Individual(Box::new(report)),
                });
            }
            loaded.push(EventData {
                event,
                sections: data,
            });
        }
        out.push(SeasonData {
            season,
            events: loaded,
        });
    }
    Ok(League {
        name: seasons::league_name(conn)?,
        seasons: out,
    })
}
