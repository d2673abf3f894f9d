//! From the loaded league to the page models: names every page (stable
//! slugs), then builds the index, season, section, player and rules pages.
//! Pure: reads only the [`League`] it is given, so each section's report is
//! used by every page that needs it and nothing is queried per player.

use std::collections::HashMap;

use super::chart::{line_chart, Axes, Chart, Line, Point};
use super::load::{League, SectionKind};
use super::model::*;
use super::section::individual;
use super::slug::Slugs;
use super::team::team_section;
use crate::domain::crosstable::CODES;
use crate::domain::league::{Entry, Season};
use crate::domain::performance::{performance, RatedGame};
use crate::domain::record::{Colour, Outcome, Tournament};
use crate::domain::score::Points;
use crate::domain::tiebreak::{Tiebreak, PRESETS};
use crate::parallel;
use crate::report::SectionReport;

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
    player: HashMap<i64, String>,
}

impl Paths {
    fn season_index(&self, s: usize) -> String {
        format!("{}/index.html", self.season[s])
    }
}

fn name_pages(league: &League) -> Paths {
    // Named in id order, so adding a season or player later does not rename
    // the pages that already exist.
    let mut seasons: Vec<usize> = (0..league.seasons.len()).collect();
    seasons.sort_by_key(|&i| league.seasons[i].season.id);
    let mut season_slugs = Slugs::reserving(&[PLAYERS, "index", "rules", "style"]);
    let mut season = vec![String::new(); league.seasons.len()];
    for &i in &seasons {
        let s = &league.seasons[i].season;
        season[i] = season_slugs.assign(&s.name, &format!("season-{}", s.id));
    }
    let mut section = HashMap::new();
    for (si, s) in league.seasons.iter().enumerate() {
        let mut slugs = Slugs::reserving(&["index"]);
        let mut all: Vec<(i64, usize, usize)> = Vec::new();
        for (ei, e) in s.events.iter().enumerate() {
            for (ki, k) in e.sections.iter().enumerate() {
                all.push((k.section.id, ei, ki));
            }
        }
        all.sort();
        for (id, ei, ki) in all {
            let e = &s.events[ei];
            let text = format!("{} {}", e.event.name, e.sections[ki].section.name);
            let slug = slugs.assign(&text, &format!("section-{id}"));
            section.insert((si, ei, ki), format!("{}/{slug}.html", season[si]));
        }
    }
    let mut people: Vec<(i64, String)> = Vec::new();
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
    people.sort();
    people.dedup_by_key(|p| p.0);
    let mut slugs = Slugs::default();
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

/// Build every page of the site.
pub fn build(league: &League) -> Site {
    let paths = name_pages(league);
    // The individual sections' bodies (standings, crosstable, everyone's
    // working: most of the work) side by side, in page order.
    let jobs: Vec<(&SectionReport, &str)> = league
        .seasons
        .iter()
        .enumerate()
        .flat_map(|(si, s)| {
            s.events.iter().enumerate().flat_map(move |(ei, e)| {
                e.sections
                    .iter()
                    .enumerate()
                    .map(move |(ki, k)| (si, ei, ki, k))
            })
        })
        .filter_map(|(si, ei, ki, k)| match &k.kind {
            SectionKind::Individual(r) => Some((&**r, paths.section[&(si, ei, ki)].as_str())),
            SectionKind::Team(_) => None,
        })
        .collect();
    let mut bodies = parallel::map(&jobs, |&(r, path)| {
        let place = Place::new(path);
        individual(r, &|i| {
            place.href(&paths.player[&r.facts.entries[i].player_id])
        })
    })
    .into_iter();
    // Without a name (`league settings set league-name`) the pages say
    // "Chess league", never "Results: results".
    let title = league
        .name
        .clone()
        .unwrap_or_else(|| "Chess league".to_string());
    let mut sections = Vec::new();
    let mut seasons = Vec::new();
    let index_place = Place::new("index.html");
    let mut index = IndexPage {
        place: index_place.clone(),
        seasons: Vec::new(),
    };
    for (si, s) in league.seasons.iter().enumerate() {
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
            let order = e.event.order().ok();
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
                let r = match &k.kind {
                    SectionKind::Individual(r) => r,
                    SectionKind::Team(t) => {
                        let r = &t.report;
                        if let Some(first) =
                            r.standings.rows.first().filter(|_| r.rounds_played > 0)
                        {
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
                            let finished = r.rounds_played >= e.event.rounds as usize;
                            page.champions.push(Champion {
                                event: e.event.name.clone(),
                                section: Link {
                                    text: k.section.name.clone(),
                                    href: season_place.href(path),
                                },
                                label: match (finished, teams.len()) {
                                    (true, 1) => "Champion team".to_string(),
                                    (true, _) => "Joint champion teams".to_string(),
                                    (false, _) => {
                                        format!("Leading after round {}", r.rounds_played)
                                    }
                                },
                                players: teams,
                                score: first.score(r.standings.rank_by).fraction(),
                            });
                        }
                        let body = team_section(t, &|id| place.href(&paths.player[&id]));
                        sections.push(SectionPage {
                            season: Link {
                                text: s.season.name.clone(),
                                href: place.href(&paths.season_index(si)),
                            },
                            place,
                            event: e.event.name.clone(),
                            section: k.section.name.clone(),
                            dates: e.event.dates(),
                            kind: e.event.kind.label().to_string(),
                            progress: format!(
                                "after round {} of {}",
                                r.rounds_played, e.event.rounds
                            ),
                            notes: r.notes.clone(),
                            body: SectionBody::Team(body),
                        });
                        continue;
                    }
                };
                if let Some(first) = r.standings.rows.first().filter(|_| r.rounds_played > 0) {
                    let winners: Vec<Link> = r
                        .standings
                        .rows
                        .iter()
                        .filter(|row| row.place == first.place)
                        .map(|row| {
                            let en = &r.facts.entries[row.player];
                            Link {
                                text: en.name.clone(),
                                href: season_place.href(&paths.player[&en.player_id]),
                            }
                        })
                        .collect();
                    let finished = r.rounds_played >= e.event.rounds as usize;
                    page.champions.push(Champion {
                        event: e.event.name.clone(),
                        section: Link {
                            text: k.section.name.clone(),
                            href: season_place.href(path),
                        },
                        label: match (finished, winners.len()) {
                            (true, 1) => "Champion".to_string(),
                            (true, _) => "Joint champions".to_string(),
                            (false, _) => format!("Leading after round {}", r.rounds_played),
                        },
                        players: winners,
                        score: first.score.fraction(),
                    });
                }
                let Some(mut body) = bodies.next() else {
                    continue;
                };
                body.prizes = super::prizes::block(r, &league.prizes);
                sections.push(SectionPage {
                    season: Link {
                        text: s.season.name.clone(),
                        href: place.href(&paths.season_index(si)),
                    },
                    place,
                    event: e.event.name.clone(),
                    section: k.section.name.clone(),
                    dates: e.event.dates(),
                    kind: e.event.kind.label().to_string(),
                    progress: format!("after round {} of {}", r.rounds_played, e.event.rounds),
                    notes: r.notes.clone(),
                    body: SectionBody::Individual(body),
                });
            }
            page.events.push(SeasonEvent {
                name: e.event.name.clone(),
                dates: e.event.dates(),
                rounds: e.event.rounds,
                kind: e.event.kind.label().to_string(),
                tiebreaks: order
                    .as_ref()
                    .map_or_else(|| e.event.tiebreaks.clone(), |o| o.codes()),
                preset: order.as_ref().and_then(|o| o.preset.map(str::to_string)),
                sections: links,
            });
            index_events.push(IndexEvent {
                name: e.event.name.clone(),
                dates: e.event.dates(),
                sections: index_links,
            });
        }
        index.seasons.push(IndexSeason {
            link: Link {
                text: s.season.name.clone(),
                href: index_place.href(&paths.season_index(si)),
            },
            dates: season_dates(&s.season),
            events: index_events,
        });
        seasons.push(page);
    }
    Site {
        league: title,
        index,
        rules: rules_page(),
        seasons,
        sections,
        players: player_pages(league, &paths),
    }
}

/// One player's event, with what the chart needs.
struct Played {
    event: PlayerEvent,
    label: String,
    season: String,
    percent: Option<i64>,
    rating: Option<u32>,
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
                })
                .collect(),
            team: false,
        },
        SectionKind::Team(t) => {
            let tournament = t.facts.complete();
            let team_of = |player_id: i64| {
                t.rosters
                    .iter()
                    .find(|line| line.player_id == player_id)
                    .and_then(|line| t.report.loaded.index_of(line.team_id))
                    .map(|i| format!("team: {}", t.report.loaded.teams[i].name))
                    .unwrap_or_default()
            };
            let lines = t
                .facts
                .entries
                .iter()
                .enumerate()
                .map(|(i, entry)| {
                    let record = &tournament.players[i];
                    PlayerLine {
                        player: i,
                        place: team_of(entry.player_id),
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

fn player_pages(league: &League, paths: &Paths) -> Vec<PlayerPage> {
    let mut by_player: HashMap<i64, Vec<Played>> = HashMap::new();
    let mut names: HashMap<i64, String> = HashMap::new();
    // Oldest season first, events in date order: the order of the charts.
    for (si, s) in league.seasons.iter().enumerate().rev() {
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
                    let games: Vec<PlayerGame> = record
                        .rounds
                        .iter()
                        .enumerate()
                        .filter(|(_, round)| !(view.team && round.outcome == Outcome::Absent))
                        .map(|(k, round)| PlayerGame {
                            round: k + 1,
                            colour: match round.colour {
                                Some(Colour::White) if round.outcome.is_paired() => "White",
                                Some(Colour::Black) if round.outcome.is_paired() => "Black",
                                _ => "",
                            }
                            .to_string(),
                            opponent: round.opponent.filter(|_| round.outcome.is_paired()).map(
                                |o| Link {
                                    text: entries[o].name.clone(),
                                    href: me.href(&paths.player[&entries[o].player_id]),
                                },
                            ),
                            result: round.outcome.words().to_string(),
                            points: round.points().fraction(),
                        })
                        .collect();
                    let rated: Vec<RatedGame> = record
                        .rounds
                        .iter()
                        .filter_map(|round| {
                            round.played_opponent().map(|o| RatedGame {
                                opponent_rating: t.players.get(o).and_then(|p| p.rating),
                                points: round.points(),
                            })
                        })
                        .collect();
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
                            games,
                        },
                        label: format!("{} {} ({})", e.event.name, k.section.name, s.season.name),
                        season: s.season.name.clone(),
                        percent,
                        rating: entry.rating,
                    });
                }
            }
        }
    }
    let mut ids: Vec<i64> = by_player.keys().copied().collect();
    ids.sort();
    ids.into_iter()
        .map(|id| {
            let played = by_player.remove(&id).unwrap_or_default();
            let charts = player_charts(&played);
            PlayerPage {
                place: Place::new(paths.player[&id].clone()),
                name: names.remove(&id).unwrap_or_default(),
                charts,
                events: played.into_iter().rev().map(|p| p.event).collect(),
            }
        })
        .collect()
}

/// Score % per event over time, and rating where known.
fn player_charts(played: &[Played]) -> Vec<Chart> {
    let mut last = "";
    let x_labels: Vec<String> = played
        .iter()
        .map(|p| {
            let label = if p.season != last {
                p.season.clone()
            } else {
                String::new()
            };
            last = &p.season;
            label
        })
        .collect();
    let mut charts = Vec::new();
    let scores: Vec<Point> = played
        .iter()
        .enumerate()
        .filter_map(|(x, p)| {
            p.percent.map(|y| Point {
                x,
                y,
                title: format!("{}: {y}%", p.label),
            })
        })
        .collect();
    if !scores.is_empty() {
        charts.push(line_chart(
            "Score per event (% of the points available)",
            &Axes {
                x_labels: x_labels.clone(),
                y_min: 0,
                y_max: 100,
                y_ticks: (0..=100)
                    .step_by(25)
                    .map(|v| (v, format!("{v}%")))
                    .collect(),
            },
            &[Line {
                name: "score %".into(),
                points: scores,
            }],
        ));
    }
    let ratings: Vec<Point> = played
        .iter()
        .enumerate()
        .filter_map(|(x, p)| {
            p.rating.map(|y| Point {
                x,
                y: y as i64,
                title: format!("{}: rated {y}", p.label),
            })
        })
        .collect();
    if !ratings.is_empty() {
        let lo = ratings.iter().map(|p| p.y).min().unwrap_or(0);
        let hi = ratings.iter().map(|p| p.y).max().unwrap_or(0);
        let y_min = (lo / 100) * 100 - 100;
        let y_max = (hi / 100) * 100 + 200;
        let step = (((y_max - y_min) / 400).max(1)) * 100;
        charts.push(line_chart(
            "Rating at the start of each event",
            &Axes {
                x_labels,
                y_min,
                y_max,
                y_ticks: (y_min..=y_max)
                    .step_by(step as usize)
                    .map(|v| (v, v.to_string()))
                    .collect(),
            },
            &[Line {
                name: "rating".into(),
                points: ratings,
            }],
        ));
    }
    charts
}

/// The rules page: every tiebreak code with its meaning, the presets, and
/// the crosstable codes, all from the definitions the program computes with.
fn rules_page() -> RulesPage {
    let note = |t: &Tiebreak| RuleNote {
        code: t.code(),
        meaning: t.meaning(),
    };
    let all = Tiebreak::catalogue();
    let family = |name: &str, pick: &dyn Fn(&Tiebreak) -> bool| RuleFamily {
        name: name.to_string(),
        rules: all.iter().filter(|t| pick(t)).map(note).collect(),
    };
    RulesPage {
        place: Place::new("rules.html"),
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
