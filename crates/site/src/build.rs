//! From the loaded league to the page models: names every page (stable
//! slugs), then builds the index, season, section, round, working, player,
//! player directory and rules pages.
//! Pure: reads only the [`League`] it is given, so each section's report is
//! used by every page that needs it and nothing is queried per player.

use std::collections::{BTreeMap, HashMap};

use super::chart::Chart;
use super::load::{
    EventData, EventPlan, League, SeasonData, SectionData, SectionKind, TeamSection,
};
use super::model::*;
use super::player_chart::{player_charts, EventPoint};
use super::render::print_view_path;
use super::round::{round_pages, team_round_pages, working_path};
use super::section::{individual, short_label, term_id};
use super::slug::Slugs;
use super::team::team_section;
use crate::domain::crosstable::CODES;
use crate::domain::ids::{PlayerId, SectionId};
use crate::domain::league::{Entry, Event, Season, Section};
use crate::domain::performance::{performance, RatedGame};
use crate::domain::record::{Colour, Outcome, PlayerRecord, Tournament};
use crate::domain::score::Points;
use crate::domain::tiebreak::{Tiebreak, PRESETS};
use crate::parallel;
use crate::report::rating_change::Estimates;
use crate::report::SectionReport;
use crate::store::ratings::ListRating;

/// Folder of the player pages.
const PLAYERS: &str = "players";

fn season_dates(s: &Season) -> String {
    match (&s.start_date, &s.end_date) {
        (Some(a), Some(b)) => format!("{a} to {b}"),
        (Some(a), None) => format!("from {a}"),
        (None, Some(b)) => format!("to {b}"),
        (None, None) => String::new(),
    }
}

/// The names of every page: season folders, section files, player files.
struct Paths {
    /// By season index: the season's folder.
    season: Vec<String>,
    /// By (season, event, section) index: the section page's path.
    section: HashMap<(usize, usize, usize), String>,
    /// By player id: the player page's path.
    player: HashMap<PlayerId, String>,
}

impl Paths {
    fn season_index(&self, s: usize) -> String {
        format!("{}/index.html", self.season[s])
    }
}

/// The seasons (newest first), each with its events and their sections,
/// as the pages are named from them.
type OutlineSeasons<'a> = Vec<(&'a Season, Vec<(&'a Event, Vec<&'a Section>)>)>;

/// Name every page from the outline of the league and every player on it
/// (player id and name, in any order, repeats allowed).
fn name_pages(outline: &OutlineSeasons, mut people: Vec<(PlayerId, String)>) -> Paths {
    // Named in id order, so adding a season or player later does not rename
    // the pages that already exist.
    let mut seasons: Vec<usize> = (0..outline.len()).collect();
    seasons.sort_by_key(|&i| outline[i].0.id);
    let mut season_slugs = Slugs::reserving(&[PLAYERS, "index", "rules", "style"]);
    let mut season = vec![String::new(); outline.len()];
    for &i in &seasons {
        let s = outline[i].0;
        season[i] = season_slugs.assign(&s.name, &format!("season-{}", s.id));
    }
    let mut section = HashMap::new();
    for (si, (_, events)) in outline.iter().enumerate() {
        let mut slugs = Slugs::reserving(&["index"]);
        let mut all: Vec<(SectionId, usize, usize)> = Vec::new();
        for (ei, (_, sections)) in events.iter().enumerate() {
            for (ki, k) in sections.iter().enumerate() {
                all.push((k.id, ei, ki));
            }
        }
        all.sort();
        for (id, ei, ki) in all {
            let (event, sections) = &events[ei];
            let text = format!("{} {}", event.name, sections[ki].name);
            let slug = slugs.assign(&text, &format!("section-{id}"));
            section.insert((si, ei, ki), format!("{}/{slug}.html", season[si]));
        }
    }
    people.sort();
    people.dedup_by_key(|p| p.0);
    let mut slugs = Slugs::reserving(&["index"]);
    let player = people
        .into_iter()
        .map(|(id, name)| {
            let slug = slugs.assign(&name, &format!("player-{id}"));
            (id, format!("{PLAYERS}/{slug}.html"))
        })
        .collect();
    Paths {
        season,
        section,
        player,
    }
}

/// Everything about the league that every page needs, besides the
/// sections' reports: the page names, the prize lists, and what the frame
/// of each page shows.
pub struct Frame<'a> {
    paths: Paths,
    prizes: &'a super::prizes::PrizeLists,
}

/// One season's pages, built from its sections' reports.
pub struct SeasonPages {
    /// The season's own page.
    pub page: SeasonPage,
    /// The season's events as the front page lists them (the newest
    /// season's only are shown in full).
    pub index_events: Vec<IndexEvent>,
    /// One page per section.
    pub sections: Vec<SectionPage>,
    /// One page per round of each section.
    pub rounds: Vec<RoundPage>,
    /// The tiebreak working page of each section.
    pub workings: Vec<WorkingPage>,
}

/// What the player pages gather, season by season, oldest first.
#[derive(Default)]
pub struct PlayerData {
    by_player: HashMap<PlayerId, Vec<Played>>,
    names: HashMap<PlayerId, String>,
    /// US Chess ratings the rating lists gave, by player, oldest first.
    rating_lists: HashMap<PlayerId, Vec<ListRating>>,
}

impl PlayerData {
    /// Nothing gathered yet; the rating lists' ratings for the charts.
    pub fn new(rating_lists: HashMap<PlayerId, Vec<ListRating>>) -> Self {
        PlayerData {
            rating_lists,
            ..PlayerData::default()
        }
    }
}

impl<'a> Frame<'a> {
    /// Name every page of the league (`seasons` newest first, as loaded)
    /// with every player in it.
    pub fn new(
        seasons: &[(Season, Vec<EventPlan>)],
        people: Vec<(PlayerId, String)>,
        prizes: &'a super::prizes::PrizeLists,
    ) -> Frame<'a> {
        let outline: OutlineSeasons = seasons
            .iter()
            .map(|(s, events)| {
                (
                    s,
                    events
                        .iter()
                        .map(|(e, sections)| (e, sections.iter().collect()))
                        .collect(),
                )
            })
            .collect();
        Frame {
            paths: name_pages(&outline, people),
            prizes,
        }
    }

    /// The pages of season `si` (its index among the loaded seasons,
    /// newest first): the season page, and each section's page, round
    /// pages and working page. The individual sections' bodies (standings,
    /// crosstable, everyone's working: most of the work) are built side by
    /// side.
    pub fn season(&self, si: usize, s: &SeasonData) -> SeasonPages {
        let paths = &self.paths;
        let mut bodies = self.individual_bodies(si, s).into_iter();
        let mut out = SectionPages::default();
        let index_place = Place::new("index.html");
        let season_place = Place::new(paths.season_index(si));
        let mut page = SeasonPage {
            place: season_place.clone(),
            name: s.season.name.clone(),
            dates: season_dates(&s.season),
            events: Vec::new(),
            champions: Vec::new(),
        };
        let mut index_events = Vec::new();
        for (ei, e) in s.events.iter().enumerate() {
            let mut links = Vec::new();
            let mut index_links = Vec::new();
            for (ki, k) in e.sections.iter().enumerate() {
                let path = &paths.section[&(si, ei, ki)];
                links.push(Link {
                    text: k.section.name.clone(),
                    href: season_place.href(path),
                });
                index_links.push(Link {
                    text: k.section.name.clone(),
                    href: index_place.href(path),
                });
                let place = Place::new(path.clone());
                let siblings: Vec<Link> = (0..e.sections.len())
                    .map(|kj| Link {
                        text: e.sections[kj].section.name.clone(),
                        href: if kj == ki {
                            String::new()
                        } else {
                            place.href(&paths.section[&(si, ei, kj)])
                        },
                    })
                    .collect();
                let at = SectionAt {
                    si,
                    season: s,
                    event: e,
                    section: k,
                    path,
                    place,
                    siblings,
                };
                match &k.kind {
                    SectionKind::Team(t) => {
                        page.champions.extend(team_champion(&at, t, &season_place));
                        self.team_section_page(at, t, &mut out);
                    }
                    SectionKind::Individual(r) => {
                        page.champions
                            .extend(self.individual_champion(&at, r, &season_place));
                        let Some((body, rounds)) = bodies.next() else {
                            continue;
                        };
                        self.individual_section_page(at, r, body, rounds, &mut out);
                    }
                }
            }
            page.events.push(season_event(&e.event, links));
            index_events.push(IndexEvent {
                name: e.event.name.clone(),
                dates: e.event.dates(),
                sections: index_links,
            });
        }
        SeasonPages {
            page,
            index_events,
            sections: out.sections,
            rounds: out.rounds,
            workings: out.workings,
        }
    }

    /// Each individual section's body and its round pages, in the order of
    /// the season's sections, built side by side.
    fn individual_bodies(
        &self,
        si: usize,
        s: &SeasonData,
    ) -> Vec<(IndividualSection, Vec<RoundPage>)> {
        let paths = &self.paths;
        type Job<'a> = (
            &'a SectionReport,
            &'a str,
            &'a [Option<String>],
            &'a Estimates,
            &'a BTreeMap<u32, Vec<String>>,
        );
        let jobs: Vec<Job> = s
            .events
            .iter()
            .enumerate()
            .flat_map(|(ei, e)| {
                e.sections
                    .iter()
                    .enumerate()
                    .map(move |(ki, k)| (ei, ki, k))
            })
            .filter_map(|(ei, ki, k)| match &k.kind {
                SectionKind::Individual(r) => Some((
                    &**r,
                    paths.section[&(si, ei, ki)].as_str(),
                    k.round_dates.as_slice(),
                    &k.ratings,
                    &k.explained,
                )),
                SectionKind::Team(_) => None,
            })
            .collect();
        parallel::map(&jobs, |&(r, path, dates, est, explained)| {
            let place = Place::new(path);
            let player = |i: usize| paths.player[&r.facts.entries[i].player_id].clone();
            let body = individual(r, &place, &|i| place.href(&player(i)), dates);
            let season = (s.season.name.as_str(), paths.season_index(si));
            let mut rounds = round_pages(r, path, (season.0, &season.1), &player, dates, est);
            for (k, page) in rounds.iter_mut().enumerate() {
                if let Some(lines) = explained.get(&(k as u32 + 1)) {
                    page.explained = lines.clone();
                }
            }
            (body, rounds)
        })
    }

    /// The individual section's leaders for the season page: its champions
    /// once finished, else whoever leads; none before the first result
    /// (everyone is level on 0).
    fn individual_champion(
        &self,
        at: &SectionAt,
        r: &SectionReport,
        season_place: &Place,
    ) -> Option<Champion> {
        let started = super::section::any_result(r);
        let first = r.standings.rows.first().filter(|_| started)?;
        let winners: Vec<Link> = r
            .standings
            .rows
            .iter()
            .filter(|row| row.place == first.place)
            .map(|row| {
                let en = &r.facts.entries[row.player];
                Link {
                    text: en.name.clone(),
                    href: season_place.href(&self.paths.player[&en.player_id]),
                }
            })
            .collect();
        let finished = r.rounds_played >= at.event.event.rounds as usize;
        Some(Champion {
            event: at.event.event.name.clone(),
            section: Link {
                text: at.section.section.name.clone(),
                href: season_place.href(at.path),
            },
            label: match (finished, winners.len()) {
                (true, 1) => "Champion".to_string(),
                (true, _) => "Joint champions".to_string(),
                (false, _) if r.complete_rounds == r.rounds_played => {
                    format!("Leading after round {}", r.rounds_played)
                }
                (false, _) => format!("Leading during round {}", r.rounds_played),
            },
            players: winners,
            score: first.score.fraction(),
        })
    }

    /// An individual section's page, with its round pages and working page.
    fn individual_section_page(
        &self,
        at: SectionAt,
        r: &SectionReport,
        mut body: IndividualSection,
        rounds: Vec<RoundPage>,
        out: &mut SectionPages,
    ) {
        let (e, k, path, place) = (at.event, at.section, at.path, at.place);
        let started = super::section::any_result(r);
        body.prizes = super::prizes::block(r, self.prizes);
        body.ratings = super::ratings::table(r, &k.ratings, &body.standings);
        let season_link = Link {
            text: at.season.season.name.clone(),
            href: place.href(&self.paths.season_index(at.si)),
        };
        out.workings.push(section_working_page(
            &at.season.season.name,
            &self.paths.season_index(at.si),
            &format!("{} {}", e.event.name, k.section.name),
            path,
            std::mem::take(&mut body.working),
        ));
        let round_links = page_links(&place, &rounds);
        out.rounds.extend(rounds);
        out.sections.push(SectionPage {
            season: season_link,
            event: e.event.name.clone(),
            section: k.section.name.clone(),
            siblings: at.siblings,
            round_links,
            working_page: place.href(&working_path(path)),
            print_standings: place.href(&print_view_path(path, "standings")),
            print_crosstable: place.href(&print_view_path(path, "crosstable")),
            dates: e.event.dates(),
            kind: sentence_start(e.event.kind.label()),
            progress: if started {
                format!("standings {}", r.after())
            } else if r.rounds_played == 0 {
                "not yet paired".to_string()
            } else {
                format!(
                    "round {} of {} paired, no results yet",
                    r.rounds_played, r.event.rounds
                )
            },
            details: event_details(&e.details),
            // Before the first result there are no standings for
            // "missing results count as not played" to qualify: the
            // live round's block says what is still to come.
            notes: r
                .notes
                .iter()
                .filter(|n| started || !n.contains("count as not played"))
                .cloned()
                .collect(),
            body: SectionBody::Individual(Box::new(body)),
            place,
        });
    }

    /// A team section's page, with its round pages and working page.
    fn team_section_page(&self, at: SectionAt, t: &TeamSection, out: &mut SectionPages) {
        let paths = &self.paths;
        let (e, k, path, place) = (at.event, at.section, at.path, at.place);
        let r = &t.report;
        let mut body = team_section(t, &place, &|id| place.href(&paths.player[&id]));
        // Roster anchors by team: the crosstable numbers follow the
        // standings.
        let mut roster_no = vec![0; r.loaded.teams.len()];
        for (n, row) in r.standings.rows.iter().enumerate() {
            roster_no[row.team] = n + 1;
        }
        let rounds = team_round_pages(
            t,
            &format!("{} {}", e.event.name, k.section.name),
            path,
            (&at.season.season.name, &paths.season_index(at.si)),
            &|id| paths.player.get(&id).cloned(),
            &|team| format!("#roster-{}", roster_no[team]),
        );
        let round_links = page_links(&place, &rounds);
        // The crosstable's "R3" headings open their rounds.
        for (h, link) in body.header.iter().zip(&mut body.header_links) {
            let n = h.strip_prefix('R').and_then(|n| n.parse::<usize>().ok());
            if let Some(l) = n.and_then(|n| round_links.get(n.wrapping_sub(1))) {
                *link = l.href.clone();
            }
        }
        out.rounds.extend(rounds);
        // The working goes on its own page, as for individual sections;
        // each standings row's "how" opens its team's.
        let working_href = place.href(&working_path(path));
        for row in &mut body.standings {
            row.working = format!("{working_href}{}", row.working);
        }
        out.workings.push(section_working_page(
            &at.season.season.name,
            &paths.season_index(at.si),
            &format!("{} {}", e.event.name, k.section.name),
            path,
            std::mem::take(&mut body.working),
        ));
        out.sections.push(SectionPage {
            season: Link {
                text: at.season.season.name.clone(),
                href: place.href(&paths.season_index(at.si)),
            },
            place,
            event: e.event.name.clone(),
            section: k.section.name.clone(),
            siblings: at.siblings,
            round_links,
            working_page: working_href,
            print_standings: String::new(),
            print_crosstable: String::new(),
            dates: e.event.dates(),
            kind: sentence_start(e.event.kind.label()),
            progress: format!(
                "standings after round {} of {}",
                r.rounds_played, e.event.rounds
            ),
            details: event_details(&e.details),
            notes: r.notes.clone(),
            body: SectionBody::Team(Box::new(body)),
        });
    }

    /// Gather what the player pages show of season `si`; call it for the
    /// seasons oldest first (the order of each player's charts).
    pub fn players_of(&self, data: &mut PlayerData, si: usize, s: &SeasonData) {
        add_played(data, &self.paths, si, s);
    }

    /// The front page, from each season's events (newest season first).
    pub fn index(&self, seasons: Vec<(&Season, Vec<IndexEvent>)>) -> IndexPage {
        let index_place = Place::new("index.html");
        let mut index = IndexPage {
            place: index_place.clone(),
            seasons: Vec::new(),
            older: Vec::new(),
        };
        let paths = &self.paths;
        for (si, (season, index_events)) in seasons.into_iter().enumerate() {
            // The newest season in full; the older ones as links only.
            if si == 0 {
                index.seasons.push(IndexSeason {
                    link: Link {
                        text: season.name.clone(),
                        href: index_place.href(&paths.season_index(si)),
                    },
                    dates: season_dates(season),
                    events: index_events,
                });
            } else {
                index.older.push(Link {
                    text: season.name.clone(),
                    href: index_place.href(&paths.season_index(si)),
                });
            }
        }
        index
    }

    /// The player pages from what was gathered, in player id order, and
    /// the directory of them.
    pub fn players(&self, data: PlayerData) -> (Vec<PlayerPage>, DirectoryPage) {
        let players = player_pages(data, &self.paths);
        let lines: Vec<DirectoryEntry> = players.iter().map(DirectoryEntry::of).collect();
        let directory = directory(&lines);
        (players, directory)
    }

    /// The player pages made `slice` at a time and handed to `each` (so
    /// that a long archive's pages are never all held at once); returns
    /// the directory of them.
    pub fn players_in_slices(
        &self,
        data: PlayerData,
        slice: usize,
        each: &mut dyn FnMut(Vec<PlayerPage>) -> crate::error::Result<()>,
    ) -> crate::error::Result<DirectoryPage> {
        let lines = player_pages_in_slices(data, &self.paths, slice, each)?;
        Ok(directory(&lines))
    }
}

/// `text` with its first letter a capital, to start a sentence ("team
/// Swiss" → "Team Swiss").
fn sentence_start(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The footer's "last updated" from [`crate::store::season::latest_change`]:
/// "2024-01-24 at 21:40 UTC" from a time, the day alone from a day, empty
/// from nothing. Results come in through the evening, so the time of day
/// matters.
pub fn updated_text(raw: Option<&str>) -> String {
    match raw {
        None => String::new(),
        Some(t) => match t.split_once('T') {
            Some((day, time)) if time.len() >= 5 => format!("{day} at {} UTC", &time[..5]),
            _ => t.to_string(),
        },
    }
}
/// One section of season `si` while its pages are built: what it is and
/// where its page lives.
struct SectionAt<'a> {
    /// The season's index among the loaded seasons.
    si: usize,
    season: &'a SeasonData,
    event: &'a EventData,
    section: &'a SectionData,
    /// The section page's path.
    path: &'a String,
    /// The section page's place.
    place: Place,
    /// The event's sections, linked from this one's page.
    siblings: Vec<Link>,
}

/// What a season's sections add up to: their pages, round pages and
/// working pages, in the season's order.
#[derive(Default)]
struct SectionPages {
    sections: Vec<SectionPage>,
    rounds: Vec<RoundPage>,
    workings: Vec<WorkingPage>,
}

/// The "Round 1, Round 2, ..." links of a section page to its round pages.
fn page_links(place: &Place, rounds: &[RoundPage]) -> Vec<Link> {
    rounds
        .iter()
        .enumerate()
        .map(|(n, page)| Link {
            text: format!("Round {}", n + 1),
            href: place.href(&page.place.path),
        })
        .collect()
}

/// The team section's leading teams for the season page: its champion
/// teams once finished, else whoever leads; none before a round is played.
fn team_champion(at: &SectionAt, t: &TeamSection, season_place: &Place) -> Option<Champion> {
    let r = &t.report;
    let first = r.standings.rows.first().filter(|_| r.rounds_played > 0)?;
    let path = at.path;
    let teams: Vec<Link> = r
        .standings
        .rows
        .iter()
        .enumerate()
        .filter(|(_, row)| row.place == first.place)
        .map(|(n, row)| Link {
            text: r.loaded.teams[row.team].name.clone(),
            href: season_place.href(&format!("{path}#roster-{}", n + 1)),
        })
        .collect();
    let finished = r.rounds_played >= at.event.event.rounds as usize;
    Some(Champion {
        event: at.event.event.name.clone(),
        section: Link {
            text: at.section.section.name.clone(),
            href: season_place.href(path),
        },
        label: match (finished, teams.len()) {
            (true, 1) => "Champion team".to_string(),
            (true, _) => "Joint champion teams".to_string(),
            (false, _) => format!("Leading after round {}", r.rounds_played),
        },
        players: teams,
        score: first.score(r.standings.rank_by).fraction(),
    })
}

/// The season page's entry for an event: its settings and its sections.
fn season_event(event: &Event, sections: Vec<Link>) -> SeasonEvent {
    let order = event.order().ok();
    SeasonEvent {
        name: event.name.clone(),
        dates: event.dates(),
        rounds: event.rounds,
        kind: event.kind.label().to_string(),
        tiebreaks: order
            .as_ref()
            .map_or_else(|| event.tiebreaks.clone(), |o| o.codes()),
        preset: order.as_ref().and_then(|o| o.preset.map(str::to_string)),
        sections,
    }
}

/// An event's details for its section pages, as (label, value): the time
/// control, the venue, the place (city, state, country), the arbiters and
/// which federations rate it; only those recorded.
fn event_details(d: &crate::domain::league::EventDetails) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(tc) = &d.time_control {
        out.push(("Time control".to_string(), tc.clone()));
    }
    let place: Vec<&str> = [&d.city, &d.state, &d.country]
        .into_iter()
        .filter_map(|x| x.as_deref())
        .collect();
    if let Some(v) = &d.venue {
        out.push(("Venue".to_string(), v.clone()));
    }
    if !place.is_empty() {
        out.push(("Place".to_string(), place.join(", ")));
    }
    match (&d.chief_arbiter, &d.deputy_arbiter) {
        (Some(c), Some(dep)) => out.push((
            "Arbiters".to_string(),
            format!("{c} (chief), {dep} (deputy)"),
        )),
        (Some(c), None) => out.push(("Arbiter".to_string(), c.clone())),
        (None, Some(dep)) => out.push(("Deputy arbiter".to_string(), dep.clone())),
        (None, None) => {}
    }
    if let Some(rated) = rated_detail(d) {
        out.push(("Rated".to_string(), rated));
    }
    out
}

/// "FIDE", "US Chess, regular rating", "FIDE; US Chess, quick rating" or
/// "Not rated" (only when the event says so): which federations rate the
/// event ([`crate::domain::league::EventDetails::rated_by`]).
fn rated_detail(d: &crate::domain::league::EventDetails) -> Option<String> {
    let (rated, stated) = d.rated_by();
    let us_chess = match d.rating_system.as_deref() {
        Some("quick") => "US Chess, quick rating",
        Some("dual") => "US Chess, regular and quick (dual) rating",
        Some(_) => "US Chess, regular rating",
        None => "US Chess",
    };
    let mut parts = Vec::new();
    if rated.fide() {
        parts.push("FIDE");
    }
    if rated.us_chess() {
        parts.push(us_chess);
    }
    match (parts.is_empty(), stated) {
        (false, _) => Some(parts.join("; ")),
        (true, true) => Some("Not rated".to_string()),
        (true, false) => None,
    }
}

/// The page title's league name: without one (`league settings set
/// league-name`) the pages say "Chess league", never "Results: results".
pub fn title(name: Option<&str>) -> String {
    name.map_or_else(|| "Chess league".to_string(), str::to_string)
}

/// Build every page of the site.
pub fn build(league: &League) -> Site {
    let outline: Vec<(Season, Vec<EventPlan>)> = league
        .seasons
        .iter()
        .map(|s| {
            (
                s.season.clone(),
                s.events
                    .iter()
                    .map(|e| {
                        (
                            e.event.clone(),
                            e.sections.iter().map(|k| k.section.clone()).collect(),
                        )
                    })
                    .collect(),
            )
        })
        .collect();
    let mut people: Vec<(PlayerId, String)> = Vec::new();
    for s in &league.seasons {
        for e in &s.events {
            for k in &e.sections {
                let facts = match &k.kind {
                    SectionKind::Individual(r) => &r.facts,
                    SectionKind::Team(t) => &t.facts,
                };
                people.extend(facts.entries.iter().map(|e| (e.player_id, e.name.clone())));
            }
        }
    }
    let frame = Frame::new(&outline, people, &league.prizes);
    let mut seasons = Vec::new();
    let mut sections = Vec::new();
    let mut rounds = Vec::new();
    let mut workings = Vec::new();
    let mut index_parts = Vec::new();
    for (si, s) in league.seasons.iter().enumerate() {
        let built = frame.season(si, s);
        seasons.push(built.page);
        sections.extend(built.sections);
        rounds.extend(built.rounds);
        workings.extend(built.workings);
        index_parts.push((&s.season, built.index_events));
    }
    let mut data = PlayerData::new(league.rating_lists.clone());
    for (si, s) in league.seasons.iter().enumerate().rev() {
        frame.players_of(&mut data, si, s);
    }
    let (players, directory) = frame.players(data);
    Site {
        league: title(league.name.as_deref()),
        index: frame.index(index_parts),
        rules: rules_page(
            league
                .seasons
                .iter()
                .flat_map(|s| &s.events)
                .map(|e| &e.event),
        ),
        seasons,
        sections,
        rounds,
        workings,
        players,
        directory,
        updated: updated_text(league.updated.as_deref()),
    }
}

/// One player's event, with what the chart needs.
struct Played {
    /// The event's line, its games left empty: they are kept compact in
    /// `games` until the page is made (a long archive's players have
    /// hundreds of thousands of games between them).
    event: PlayerEvent,
    games: Vec<GameLine>,
    label: String,
    /// The event's name, for the label on its point.
    short: String,
    season: String,
    percent: Option<i64>,
    rating: Option<u32>,
    /// The event's first day, to place rating lists among the events.
    day: Option<String>,
}

/// One game (or bye, or absence) of a player's event, as their page
/// lists it: the opponent by player id, named when the page is made.
struct GameLine {
    round: usize,
    colour: &'static str,
    opponent: Option<PlayerId>,
    /// The opponent's rating for the event and score in it.
    opponent_rating: Option<u32>,
    opponent_score: Points,
    result: &'static str,
    points: Points,
    /// Played over the board (not a forfeit, bye or absence).
    played: bool,
}

/// One player's line in a section, as their page shows it.
struct PlayerLine {
    /// Index into the section's entries and records.
    player: usize,
    /// Place in the standings; in a team event, the player's team.
    place: String,
    score: Points,
    /// Rounds the score is out of.
    rounds: usize,
    /// In a team event: team name, its crosstable number, the board
    /// ("board 2") and the team's place.
    team: Option<(String, usize, String, String)>,
}

/// What a player page reads of one section: its entries, records, and a
/// line per player; team events list only the rounds a player sat at a
/// board.
struct SectionView<'a> {
    entries: &'a [Entry],
    tournament: std::borrow::Cow<'a, Tournament>,
    lines: Vec<PlayerLine>,
    team: bool,
}

fn section_view(kind: &SectionKind) -> SectionView<'_> {
    match kind {
        SectionKind::Individual(r) => SectionView {
            entries: &r.facts.entries,
            tournament: std::borrow::Cow::Borrowed(&r.tournament),
            lines: r
                .standings
                .rows
                .iter()
                .map(|row| PlayerLine {
                    player: row.player,
                    place: row.place.clone(),
                    score: row.score,
                    rounds: r.rounds_played,
                    team: None,
                })
                .collect(),
            team: false,
        },
        SectionKind::Team(t) => {
            let tournament = t.facts.complete();
            let r = &t.report;
            let boards = r.rules().boards;
            let team_of = |player_id: PlayerId| {
                let line = t.rosters.iter().find(|line| line.player_id == player_id)?;
                let i = r.loaded.index_of(line.team_id)?;
                let (n, row) = r
                    .standings
                    .rows
                    .iter()
                    .enumerate()
                    .find(|(_, row)| row.team == i)?;
                let board = if line.board > boards {
                    format!("alternate (board {})", line.board)
                } else {
                    format!("board {}", line.board)
                };
                Some((
                    r.loaded.teams[i].name.clone(),
                    n + 1,
                    board,
                    row.place.clone(),
                ))
            };
            let lines = t
                .facts
                .entries
                .iter()
                .enumerate()
                .map(|(i, entry)| {
                    let record = &tournament.players[i];
                    let team = team_of(entry.player_id);
                    PlayerLine {
                        player: i,
                        place: team
                            .as_ref()
                            .map(|x| format!("team: {}", x.0))
                            .unwrap_or_default(),
                        team,
                        score: record.score(),
                        rounds: record
                            .rounds
                            .iter()
                            .filter(|x| x.outcome != Outcome::Absent)
                            .count(),
                    }
                })
                .collect();
            SectionView {
                entries: &t.facts.entries,
                tournament: std::borrow::Cow::Owned(tournament),
                lines,
                team: true,
            }
        }
    }
}

/// Add season `si`'s lines to each player's events.
fn add_played(data: &mut PlayerData, paths: &Paths, si: usize, s: &SeasonData) {
    let PlayerData {
        by_player, names, ..
    } = data;
    {
        for (ei, e) in s.events.iter().enumerate() {
            for (ki, k) in e.sections.iter().enumerate() {
                let view = section_view(&k.kind);
                let entries = view.entries;
                let section_path = &paths.section[&(si, ei, ki)];
                let t = &*view.tournament;
                for line in &view.lines {
                    let i = line.player;
                    let entry = &entries[i];
                    let me = Place::new(paths.player[&entry.player_id].clone());
                    let record = &t.players[i];
                    let games = game_lines(record, entries, t, view.team);
                    let rated = rated_games(record, t);
                    let rounds = line.rounds;
                    let percent = (rounds > 0).then(|| {
                        let halves = line.score.halves() as i64;
                        (halves * 100 + rounds as i64) / (2 * rounds as i64)
                    });
                    names
                        .entry(entry.player_id)
                        .or_insert_with(|| entry.name.clone());
                    by_player.entry(entry.player_id).or_default().push(Played {
                        event: PlayerEvent {
                            season: Link {
                                text: s.season.name.clone(),
                                href: me.href(&paths.season_index(si)),
                            },
                            event: e.event.name.clone(),
                            section: Link {
                                text: k.section.name.clone(),
                                href: me.href(section_path),
                            },
                            place: line.place.clone(),
                            score: line.score.fraction(),
                            rounds,
                            performance: performance(&rated)
                                .map(|p| p.to_string())
                                .unwrap_or_default(),
                            rating: entry.rating.map(|x| x.to_string()).unwrap_or_default(),
                            team: line.team.as_ref().map(|(name, n, board, place)| TeamLine {
                                team: Link {
                                    text: name.clone(),
                                    href: me.href(&format!("{section_path}#roster-{n}")),
                                },
                                board: board.clone(),
                                place: place.clone(),
                            }),
                            games: Vec::new(),
                            estimate: super::ratings::player_estimate(&k.ratings, i),
                        },
                        games,
                        label: format!("{} {} ({})", e.event.name, k.section.name, s.season.name),
                        short: e.event.name.clone(),
                        day: e.event.start_date.clone(),
                        season: s.season.name.clone(),
                        percent,
                        rating: entry.rating,
                    });
                }
            }
        }
    }
}

/// A player's games (and byes and absences) in an event, for their page;
/// a team event's rounds without a board for them are left out.
fn game_lines(
    record: &PlayerRecord,
    entries: &[Entry],
    t: &Tournament,
    team: bool,
) -> Vec<GameLine> {
    record
        .rounds
        .iter()
        .enumerate()
        .filter(|(_, round)| !(team && round.outcome == Outcome::Absent))
        .map(|(k, round)| GameLine {
            round: k + 1,
            colour: match round.colour {
                Some(Colour::White) if round.outcome.is_paired() => "White",
                Some(Colour::Black) if round.outcome.is_paired() => "Black",
                _ => "",
            },
            opponent: round
                .opponent
                .filter(|_| round.outcome.is_paired())
                .map(|o| entries[o].player_id),
            opponent_rating: round
                .opponent
                .filter(|_| round.outcome.is_paired())
                .and_then(|o| entries[o].rating),
            opponent_score: round
                .opponent
                .filter(|_| round.outcome.is_paired())
                .and_then(|o| t.players.get(o))
                .map_or(Points::ZERO, |p| p.score()),
            result: round.outcome.words(),
            points: round.points(),
            played: round.outcome.is_played(),
        })
        .collect()
}

/// A player's games over the board, as the performance rating reads them.
fn rated_games(record: &PlayerRecord, t: &Tournament) -> Vec<RatedGame> {
    record
        .rounds
        .iter()
        .filter_map(|round| {
            round.played_opponent().map(|o| RatedGame {
                opponent_rating: t.players.get(o).and_then(|p| p.rating),
                points: round.points(),
            })
        })
        .collect()
}

/// Each player's page, from their events (oldest first), in id order.
fn player_pages(data: PlayerData, paths: &Paths) -> Vec<PlayerPage> {
    let mut pages = Vec::new();
    let _ = player_pages_in_slices(data, paths, usize::MAX, &mut |slice| {
        pages.extend(slice);
        Ok(())
    });
    pages
}

/// Each player's page, in id order, handed to `each` `slice` pages at a
/// time (each page's games named only then); returns each page's line
/// for the directory.
fn player_pages_in_slices(
    data: PlayerData,
    paths: &Paths,
    slice: usize,
    each: &mut dyn FnMut(Vec<PlayerPage>) -> crate::error::Result<()>,
) -> crate::error::Result<Vec<DirectoryEntry>> {
    let PlayerData {
        mut by_player,
        names,
        rating_lists,
    } = data;
    let mut ids: Vec<PlayerId> = by_player.keys().copied().collect();
    ids.sort();
    let mut lines = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(slice.max(1)) {
        let pages: Vec<PlayerPage> = chunk
            .iter()
            .map(|&id| {
                let played = by_player.remove(&id).unwrap_or_default();
                let lists = rating_lists.get(&id).map_or(&[][..], Vec::as_slice);
                let charts = charts_of(&played, lists);
                let me = Place::new(paths.player[&id].clone());
                let career = super::career::line(
                    played
                        .iter()
                        .flat_map(|p| &p.games)
                        .filter(|g| g.played)
                        .map(|g| g.points),
                );
                let events: Vec<PlayerEvent> = played
                    .into_iter()
                    .rev()
                    .map(|p| {
                        let mut event = p.event;
                        let section_href = event.section.href.clone();
                        event.games = p
                            .games
                            .into_iter()
                            .map(|g| PlayerGame {
                                round: g.round,
                                // The round's page, beside the section's.
                                round_href: super::round::round_path(&section_href, g.round),
                                opponent_rating: g
                                    .opponent_rating
                                    .map(|r| r.to_string())
                                    .unwrap_or_default(),
                                opponent_score: if g.opponent.is_some() {
                                    g.opponent_score.fraction()
                                } else {
                                    String::new()
                                },
                                colour: g.colour.to_string(),
                                opponent: g.opponent.map(|o| Link {
                                    text: names.get(&o).cloned().unwrap_or_default(),
                                    href: me.href(&paths.player[&o]),
                                }),
                                result: g.result.to_string(),
                                points: g.points.fraction(),
                            })
                            .collect();
                        event
                    })
                    .collect();
                PlayerPage {
                    name: names.get(&id).cloned().unwrap_or_default(),
                    career,
                    charts,
                    events,
                    place: me,
                }
            })
            .collect();
        lines.extend(pages.iter().map(DirectoryEntry::of));
        each(pages)?;
    }
    Ok(lines)
}

/// A player's charts from the events they played (oldest first) and the
/// rating lists that rated them.
fn charts_of(played: &[Played], lists: &[ListRating]) -> Vec<Chart> {
    let points: Vec<EventPoint> = played
        .iter()
        .map(|p| EventPoint {
            title: &p.label,
            name: &p.short,
            season: &p.season,
            day: p.day.as_deref(),
            percent: p.percent,
            rating: p.rating,
        })
        .collect();
    player_charts(&points, lists)
}

/// What the directory lists of a player.
struct DirectoryEntry {
    name: String,
    path: String,
    events: usize,
    last_season: String,
    /// The rating of the player's latest event.
    rating: String,
}

impl DirectoryEntry {
    /// The directory's line for a player's page (its events newest first).
    fn of(p: &PlayerPage) -> DirectoryEntry {
        let latest = p.events.first();
        DirectoryEntry {
            name: p.name.clone(),
            path: p.place.path.clone(),
            events: p.events.len(),
            last_season: latest.map(|e| e.season.text.clone()).unwrap_or_default(),
            rating: latest.map(|e| e.rating.clone()).unwrap_or_default(),
        }
    }
}

/// A tiebreak as a term of the rules page.
fn rule_term(t: &Tiebreak) -> RuleTerm {
    let (code, label) = (t.code(), short_label(t));
    RuleTerm {
        id: term_id(t),
        // Shown beside the label only when it says something more.
        code: if code == label { String::new() } else { code },
        label,
        meaning: t.meaning(),
    }
}

/// The rules page: first the tiebreaks this league's events use, then every
/// tiebreak code with its meaning, the presets, and the crosstable codes,
/// all from the definitions the program computes with. Every term has an id
/// the standings' column headings link to.
/// The rules page: the tiebreaks the events use (`events` newest season
/// first, so the tiebreaks in use now come first), then the rest.
pub fn rules_page<'e>(events: impl Iterator<Item = &'e Event>) -> RulesPage {
    let mut used: Vec<Tiebreak> = Vec::new();
    for e in events {
        if let Ok(order) = e.order() {
            for t in &order.tiebreaks {
                if !used.contains(t) {
                    used.push(*t);
                }
            }
        }
    }
    let all = Tiebreak::catalogue();
    let family = |name: &str, pick: &dyn Fn(&Tiebreak) -> bool| RuleFamily {
        name: name.to_string(),
        rules: all
            .iter()
            .filter(|t| pick(t) && !used.contains(t))
            .map(rule_term)
            .collect(),
    };
    RulesPage {
        place: Place::new("rules.html"),
        used: used.iter().map(rule_term).collect(),
        families: vec![
            family("US Chess (rule 34E)", &|t| matches!(t, Tiebreak::Us(_))),
            family("FIDE (C.07)", &|t| matches!(t, Tiebreak::Fide(_))),
            family("Team events", &|t| matches!(t, Tiebreak::Team(_))),
        ],
        presets: PRESETS
            .iter()
            .map(|p| PresetRow {
                name: p.name.to_string(),
                codes: p.codes.join(", "),
                note: p.note.to_string(),
            })
            .collect(),
        codes: CODES
            .iter()
            .map(|(c, m)| RuleNote {
                code: c.to_string(),
                meaning: m.to_string(),
            })
            .collect(),
    }
}

/// From how many players the directory is a page per letter (a page of
/// 3,000 players is 445 KB, and 87,566 px tall on a phone).
const LETTER_PAGES_FROM: usize = 500;

/// The player directory: every player with a page, grouped by the first
/// letter of the surname, with the rating of their latest event. One page
/// with a jump to each letter; from [`LETTER_PAGES_FROM`] players, an index
/// of the letters and a page per letter (`players/letter/a.html`).
fn directory(players: &[DirectoryEntry]) -> DirectoryPage {
    let place = Place::new(format!("{PLAYERS}/index.html"));
    let groups = directory_groups(players);
    let seen_from = |place: &Place, mut groups: Vec<DirectoryGroup>| {
        for line in groups.iter_mut().flat_map(|g| &mut g.players) {
            line.player.href = place.href(&line.player.href);
        }
        groups
    };
    if players.len() < LETTER_PAGES_FROM {
        return DirectoryPage {
            heading: "Players".into(),
            letters: groups
                .iter()
                .map(|g| Link {
                    text: g.letter.clone(),
                    href: format!("#{}", g.id),
                })
                .collect(),
            groups: seen_from(&place, groups),
            letter_pages: Vec::new(),
            players: players.len(),
            place,
        };
    }
    let path_of =
        |g: &DirectoryGroup| format!("{PLAYERS}/letter/{}.html", &g.id["letter-".len()..]);
    let letters = |from: &Place| -> Vec<Link> {
        groups
            .iter()
            .map(|g| Link {
                text: g.letter.clone(),
                href: from.href(&path_of(g)),
            })
            .collect()
    };
    let letter_pages = groups
        .iter()
        .map(|g| {
            let here = Place::new(path_of(g));
            DirectoryPage {
                heading: format!("Players: {}", g.letter),
                letters: letters(&here),
                groups: seen_from(&here, vec![g.clone()]),
                letter_pages: Vec::new(),
                players: g.players.len(),
                place: here,
            }
        })
        .collect();
    DirectoryPage {
        heading: "Players".into(),
        letters: letters(&place),
        groups: Vec::new(),
        letter_pages,
        players: players.len(),
        place,
    }
}

/// The directory's players grouped by the first letter of the surname
/// (the last word of the name, transliterated), A to Z; names with no
/// letter go under "#". Shown "Surname, Given names"; each link holds the
/// player page's path from the site's root.
fn directory_groups(players: &[DirectoryEntry]) -> Vec<DirectoryGroup> {
    let mut lines: Vec<(String, String, DirectoryLine)> = players
        .iter()
        .map(|p| {
            let name = p.name.trim();
            let (given, surname) = match name.rsplit_once(' ') {
                Some((g, s)) if !g.trim().is_empty() => (g.trim(), s),
                _ => ("", name),
            };
            let key = deunicode::deunicode(surname).to_lowercase();
            let letter = key
                .chars()
                .find(|c| c.is_ascii_alphanumeric())
                .filter(char::is_ascii_alphabetic)
                .map_or_else(|| "#".to_string(), |c| c.to_ascii_uppercase().to_string());
            let shown = if given.is_empty() {
                surname.to_string()
            } else {
                format!("{surname}, {given}")
            };
            (
                letter,
                format!("{key}\u{0}{}", deunicode::deunicode(given).to_lowercase()),
                DirectoryLine {
                    player: Link {
                        text: shown,
                        href: p.path.clone(),
                    },
                    events: p.events,
                    last_season: p.last_season.clone(),
                    rating: p.rating.clone(),
                },
            )
        })
        .collect();
    // Letters A to Z, then "#"; within a letter by surname, given names.
    lines.sort_by(|a, b| ((a.0 == "#"), &a.0, &a.1).cmp(&((b.0 == "#"), &b.0, &b.1)));
    let mut groups: Vec<DirectoryGroup> = Vec::new();
    for (letter, _, line) in lines {
        match groups.last_mut() {
            Some(g) if g.letter == letter => g.players.push(line),
            _ => groups.push(DirectoryGroup {
                id: if letter == "#" {
                    "letter-other".to_string()
                } else {
                    format!("letter-{}", letter.to_lowercase())
                },
                letter,
                players: vec![line],
            }),
        }
    }
    groups
}

/// The page holding a section's working (players and teams alike), beside
/// the section's page at `section_path` and linked back to it and to the
/// season's index. `heading` is "Winter Swiss 1600+".
fn section_working_page(
    season: &str,
    season_index: &str,
    heading: &str,
    section_path: &str,
    working: Vec<PlayerWorking>,
) -> WorkingPage {
    let place = Place::new(working_path(section_path));
    WorkingPage {
        season: Link {
            text: season.to_string(),
            href: place.href(season_index),
        },
        section: Link {
            text: heading.to_string(),
            href: place.href(section_path),
        },
        heading: heading.to_string(),
        working,
        place,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn last_updated_gives_the_time_of_day_when_known() {
        assert_eq!(
            super::updated_text(Some("2024-01-24T21:40:07Z")),
            "2024-01-24 at 21:40 UTC"
        );
        assert_eq!(super::updated_text(Some("2024-01-24")), "2024-01-24");
        assert_eq!(super::updated_text(None), "");
    }
}
