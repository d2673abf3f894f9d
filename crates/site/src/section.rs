//! A section's page model from its report: standings in the event's
//! tiebreak order, the crosstable, the race of the leaders, each tiebreak
//! in plain words and the working behind every value (the same working
//! `league standings --explain` prints).

use super::chart::{line_chart, Axes, Chart, Line, Point};
use super::model::{
    CrossCell, CrossRow, Heading, IndividualSection, Link, LiveRound, Place, PlayerWorking,
    RuleNote, StandingRow, StartLine, WorkingItem, WorkingTerm,
};
use super::round::{
    grid, points_words, round_date, round_lines, round_path, scores_before, working_path,
};
use super::slug::slugify;
use crate::domain::crosstable::crosstable;
use crate::domain::record::Outcome;
use crate::domain::score::{Points, Value};
use crate::domain::standings::explain_all;
use crate::domain::tiebreak::{Tiebreak, UsCode, Working};
use crate::report::SectionReport;

/// How many leaders the race chart follows.
const RACE_LINES: usize = 5;

/// A tiebreak value as the standings print it: "12½", "–" for none.
pub fn show(v: Option<Value>) -> String {
    v.map_or_else(|| "–".to_string(), Value::fraction)
}

/// The anchor of a player's working on the section's working page.
fn working_id(pairing_no: u32) -> String {
    format!("working-{pairing_no}")
}

/// The anchor of a tiebreak's term on the rules page: `tb-us-mm`,
/// `tb-fide-bh-c1`, `tb-team-usat` (US Chess `sb` and FIDE `SB` differ).
pub fn term_id(t: &Tiebreak) -> String {
    let family = match t {
        Tiebreak::Us(_) => "us",
        Tiebreak::Fide(_) => "fide",
        Tiebreak::Team(_) => "team",
    };
    format!("tb-{family}-{}", slugify(&t.code()))
}

/// A tiebreak's short column label: "M-Med", "Solk", "Cumul", "OppC",
/// "BH-C1". A presentation choice of the site (the codes themselves, as
/// event orders write them, are on the rules page beside each label).
pub fn short_label(t: &Tiebreak) -> String {
    use crate::domain::tiebreak::TeamCode;
    match t {
        Tiebreak::Us(u) => match u {
            UsCode::ModifiedMedian => "M-Med",
            UsCode::Median => "Med",
            UsCode::Solkoff => "Solk",
            UsCode::Cumulative => "Cumul",
            UsCode::OppCumulative => "OppC",
            UsCode::TiedResults => "TiedR",
            UsCode::HeadToHead => "H2H",
            UsCode::Blacks => "Blacks",
            UsCode::Kashdan => "Kash",
            UsCode::SonnebornBerger => "SB",
            UsCode::Wins => "Wins",
            UsCode::Aro => "ARO",
            UsCode::Coin => "Coin",
        }
        .to_string(),
        Tiebreak::Fide(f) => f.to_string().replace('/', "-"),
        Tiebreak::Team(c) => match c {
            // Named as the team standings' column it is.
            TeamCode::GamePoints => "Game points".to_string(),
            TeamCode::Usat { doubled, adjusted } => match (doubled, adjusted) {
                (true, true) => "USAT",
                (false, true) => "USAT-x1",
                (true, false) => "USAT-raw",
                (false, false) => "USAT-x1-raw",
            }
            .to_string(),
            TeamCode::TeamSb => "T-SB".to_string(),
            TeamCode::TeamSolkoff => "T-Solk".to_string(),
            TeamCode::TeamMm => "T-MMed".to_string(),
            TeamCode::TeamH2h => "T-H2H".to_string(),
            _ => t.code(),
        },
    }
}

/// "M-Med (mm)": the short label and, when it differs, the code event
/// orders write.
pub fn label_and_code(t: &Tiebreak) -> String {
    let (label, code) = (short_label(t), t.code());
    if label == code {
        label
    } else {
        format!("{label} ({code})")
    }
}

/// A tiebreak column heading as seen from `place`.
pub fn heading(t: &Tiebreak, place: &Place) -> Heading {
    Heading {
        label: short_label(t),
        title: t.meaning(),
        href: place.href(&format!("rules.html#{}", term_id(t))),
    }
}

/// Whether any game of the section has its result in (forfeits count;
/// byes and pending games do not).
pub fn any_result(r: &SectionReport) -> bool {
    r.facts
        .tournament
        .players
        .iter()
        .any(|p| p.rounds.iter().any(|x| x.outcome.is_paired()))
}

/// The round being played: the latest round, while any of its games waits
/// for a result, with its pairings linked from the section page.
fn live_round(
    r: &SectionReport,
    place: &Place,
    link: &dyn Fn(usize) -> Link,
    dates: &[Option<String>],
) -> Option<LiveRound> {
    let n = r.facts.created_rounds;
    if n == 0 || !r.facts.pending.iter().any(|&(k, _, _)| k == n) {
        return None;
    }
    let lines = round_lines(r, &scores_before(r), n, link);
    Some(LiveRound {
        name: format!("Round {n}"),
        href: place.href(&round_path(&place.path, n)),
        date: round_date(dates, n),
        status: lines.status(),
        games: lines.games,
        byes: lines.byes,
    })
}

/// The last round with any result in it (0 for none): what the race
/// charts draw up to.
fn rounds_with_results(x: &crate::domain::crosstable::Crosstable) -> usize {
    (0..x.rounds)
        .rev()
        .find(|&k| {
            x.rows
                .iter()
                .any(|row| row.cells.get(k).is_some_and(|c| c.code != 'U'))
        })
        .map_or(0, |k| k + 1)
}

/// The individual section's page body. `place` is the section page,
/// `section_path` its path; `player_href(i)` is the address of the player
/// page of entry `i`, as seen from this page; `dates` each round's date
/// as recorded.
pub fn individual(
    r: &SectionReport,
    place: &Place,
    player_href: &dyn Fn(usize) -> String,
    dates: &[Option<String>],
) -> IndividualSection {
    let section_path = place.path.as_str();
    let entries = &r.facts.entries;
    let link = |i: usize| Link {
        text: r.shown_name(i),
        href: player_href(i),
    };
    let rating = |i: usize| entries[i].rating.map(|x| x.to_string()).unwrap_or_default();
    let x = crosstable(&r.tournament, &r.standings);
    let shown = rounds_with_results(&x);
    let mut start_list: Vec<StartLine> = (0..entries.len())
        .map(|i| StartLine {
            number: entries[i].pairing_no,
            player: link(i),
            rating: rating(i),
        })
        .collect();
    start_list.sort_by_key(|l| l.number);
    IndividualSection {
        started: any_result(r),
        start_list,
        live: live_round(r, place, &link, dates),
        tiebreaks: r
            .order
            .tiebreaks
            .iter()
            .map(|t| heading(t, place))
            .collect(),
        standings: standing_rows(r, place, &link, &rating),
        rounds: (1..=x.rounds)
            .map(|k| Link {
                text: format!("R{k}"),
                href: place.href(&round_path(section_path, k)),
            })
            .collect(),
        grid: grid(r, player_href),
        crosstable: cross_rows(r, &x, place, &link, &rating),
        rules: r
            .order
            .tiebreaks
            .iter()
            .map(|t| RuleNote {
                code: label_and_code(t),
                meaning: t.meaning(),
            })
            .collect(),
        rule_notes: rule_notes(r),
        race: race(r, &x, shown),
        behind: behind(r, &x, shown),
        working: working(r),
        prizes: None,
        ratings: None,
    }
}

impl IndividualSection {
    /// Whether some players share a place (the crosstable's Place column
    /// then says so; otherwise each place is its row number and the
    /// column would repeat it).
    pub fn places_shared(&self) -> bool {
        self.crosstable
            .iter()
            .any(|r| r.place != r.number.to_string())
    }
}

/// The standings table's rows, each linked to how its tiebreaks were
/// worked out.
fn standing_rows(
    r: &SectionReport,
    place: &Place,
    link: &dyn Fn(usize) -> Link,
    rating: &dyn Fn(usize) -> String,
) -> Vec<StandingRow> {
    let working_page = place.href(&working_path(place.path.as_str()));
    let entries = &r.facts.entries;
    r.standings
        .rows
        .iter()
        .enumerate()
        .map(|(k, row)| StandingRow {
            place: row.place.clone(),
            pairing_no: entries[row.player].pairing_no,
            player: link(row.player),
            rating: rating(row.player),
            score: row.score.fraction(),
            values: row
                .values
                .iter()
                .enumerate()
                .map(|(c, v)| match r.order.tiebreaks.get(c) {
                    Some(Tiebreak::Us(UsCode::HeadToHead)) => {
                        super::h2h::cell(&r.tournament, &r.standings, k, c)
                    }
                    _ => show(*v),
                })
                .collect(),
            working: format!(
                "{working_page}#{}",
                working_id(entries[row.player].pairing_no)
            ),
            working_label: format!("{}’s tiebreaks were worked out", entries[row.player].name),
        })
        .collect()
}

/// The crosstable's rows, each round's cell linked to the player's line
/// on that round's page.
fn cross_rows(
    r: &SectionReport,
    x: &crate::domain::crosstable::Crosstable,
    place: &Place,
    link: &dyn Fn(usize) -> Link,
    rating: &dyn Fn(usize) -> String,
) -> Vec<CrossRow> {
    let entries = &r.facts.entries;
    let mut row_of = vec![0; entries.len()];
    for row in &x.rows {
        row_of[row.player] = row.number;
    }
    x.rows
        .iter()
        .map(|row| CrossRow {
            number: row.number,
            pairing_no: entries[row.player].pairing_no,
            id: format!("row-{}", row.number),
            place: row.place.clone(),
            player: link(row.player),
            rating: rating(row.player),
            cells: row
                .cells
                .iter()
                .enumerate()
                .map(|(k, c)| cross_cell(r, place, &row_of, row.player, k, c))
                .collect(),
            total: row.total.fraction(),
        })
        .collect()
}

/// Player `player`'s crosstable cell for round `k + 1`: a pending game
/// shows its opponent's row and colour; `row_of` gives each entry's row.
fn cross_cell(
    r: &SectionReport,
    place: &Place,
    row_of: &[usize],
    player: usize,
    k: usize,
    c: &crate::domain::crosstable::Cell,
) -> CrossCell {
    let section_path = place.path.as_str();
    let outcome = r.tournament.players[player]
        .rounds
        .get(k)
        .map_or(Outcome::Absent, |x| x.outcome);
    // The player's line on the round's page: board, colour, opponent and
    // result in words.
    let at_round = format!(
        "{}#p-{}",
        place.href(&round_path(section_path, k + 1)),
        r.facts.entries[player].pairing_no
    );
    let pending = r
        .facts
        .pending
        .iter()
        .find_map(|&(n, w, b)| (n == k + 1 && (w == player || b == player)).then_some((w, b)));
    if let Some((w, b)) = pending {
        let (other, colour) = if w == player { (b, 'w') } else { (w, 'b') };
        return CrossCell {
            text: format!("…{}{colour}", row_of[other]),
            href: Some(at_round),
            title: String::new(),
            class: "pending".into(),
        };
    }
    let on_page = outcome.is_paired() || matches!(outcome, Outcome::Bye { .. });
    CrossCell {
        text: c.text(),
        href: on_page.then_some(at_round),
        title: String::new(),
        class: match c.code {
            'W' | 'X' => "win",
            'L' | 'F' | 'Z' => "loss",
            'D' => "draw",
            'B' | 'H' => "bye",
            _ => "none",
        }
        .into(),
    }
}

/// The notes under the rules: actual play first, the FIDE edition, the
/// coin's seed, and how a tie left is shared.
fn rule_notes(r: &SectionReport) -> Vec<String> {
    let mut rule_notes = Vec::new();
    if r.order
        .tiebreaks
        .contains(&Tiebreak::Us(UsCode::HeadToHead))
    {
        rule_notes.push("In the standings, H2H is the score against the players tied with them (on score and the tiebreaks before it) out of the games between them, as 1½/2; it is blank where no tie is left for it to break.".to_string());
    }
    if r.order.actual_play_first {
        rule_notes.push("Players who scored points over the board rank ahead of tied players whose points all came from unplayed rounds.".to_string());
    }
    if r.order
        .tiebreaks
        .iter()
        .any(|t| matches!(t, Tiebreak::Fide(_)))
    {
        rule_notes.push(format!(
            "FIDE tiebreaks follow the rules in force from {} for unplayed rounds.",
            r.options.fide_edition.year()
        ));
    }
    if let Some(seed) = r.standings.coin_seed {
        rule_notes.push(format!("The coin flip was drawn with seed {seed}."));
    }
    rule_notes.push("Players still tied after every tiebreak share the place.".to_string());
    rule_notes
}

/// The leaders' running scores round by round, up to round `shown` (the
/// last with a result in): none before the first result.
fn race(
    r: &SectionReport,
    x: &crate::domain::crosstable::Crosstable,
    shown: usize,
) -> Option<Chart> {
    if shown == 0 || x.rows.is_empty() {
        return None;
    }
    let lines: Vec<Line> = x
        .rows
        .iter()
        .take(RACE_LINES)
        .map(|row| {
            let name = &r.facts.entries[row.player].name;
            let mut points = vec![Point {
                x: 0,
                y: 0,
                title: format!("{name}: 0 before round 1"),
            }];
            points.extend(
                row.cells
                    .iter()
                    .take(shown)
                    .enumerate()
                    .map(|(k, c)| Point {
                        x: k + 1,
                        y: c.running.halves() as i64,
                        title: format!("{name}: {} after round {}", c.running.fraction(), k + 1),
                    }),
            );
            Line {
                name: name.clone(),
                points,
            }
        })
        .collect();
    let rounds = shown as i64;
    let step = if rounds > 12 { 2 } else { 1 };
    let axes = Axes {
        x_labels: (0..=shown)
            .map(|k| if k == 0 { String::new() } else { k.to_string() })
            .collect(),
        x_days: None,
        y_min: 0,
        y_max: 2 * rounds,
        y_ticks: (0..=rounds)
            .step_by(step)
            .map(|p| (2 * p, p.to_string()))
            .collect(),
        x_title: "Round".into(),
        y_title: "Points".into(),
    };
    Some(line_chart(
        "The leaders' scores after each round",
        &axes,
        &lines,
    ))
}

/// The same leaders as [`race`], as points behind whoever led after each
/// round (the leader of the whole section, in or out of the chart): 0 at
/// the top, further behind lower down; up to round `shown`.
fn behind(
    r: &SectionReport,
    x: &crate::domain::crosstable::Crosstable,
    shown: usize,
) -> Option<Chart> {
    if shown < 2 || x.rows.len() < 2 {
        return None;
    }
    let lead: Vec<i64> = (0..shown)
        .map(|k| {
            x.rows
                .iter()
                .filter_map(|row| row.cells.get(k))
                .map(|c| c.running.halves() as i64)
                .max()
                .unwrap_or(0)
        })
        .collect();
    let lines: Vec<Line> = x
        .rows
        .iter()
        .take(RACE_LINES)
        .map(|row| {
            let name = &r.facts.entries[row.player].name;
            Line {
                name: name.clone(),
                points: row
                    .cells
                    .iter()
                    .take(shown)
                    .enumerate()
                    .map(|(k, c)| {
                        let gap = lead[k] - c.running.halves() as i64;
                        Point {
                            x: k,
                            y: -gap,
                            title: if gap == 0 {
                                format!("{name}: leading after round {}", k + 1)
                            } else {
                                format!(
                                    "{name}: {} behind after round {}",
                                    points_words(Points::from_halves(gap as i32)),
                                    k + 1
                                )
                            },
                        }
                    })
                    .collect(),
            }
        })
        .collect();
    let deepest = lines
        .iter()
        .flat_map(|l| &l.points)
        .map(|p| -p.y)
        .max()
        .unwrap_or(0)
        .max(2);
    // Whole points on the axis: round the depth up to one.
    let depth = deepest + deepest % 2;
    let step = if depth > 16 { 4 } else { 2 };
    let axes = Axes {
        x_labels: (1..=shown).map(|k| k.to_string()).collect(),
        x_days: None,
        y_min: -depth,
        y_max: 0,
        y_ticks: (0..=depth)
            .step_by(step)
            .map(|h| (-h, (h / 2).to_string()))
            .collect(),
        x_title: "Round".into(),
        y_title: "Points behind".into(),
    };
    Some(line_chart(
        "Points behind the leader after each round",
        &axes,
        &lines,
    ))
}

/// One tiebreak value and its working as a page shows it: the one place a
/// working becomes page items, for players and for teams. With
/// `rounds_named`, a term that belongs to a round starts "round N: " (a
/// team tiebreak's terms do not say their round; a player's say it in
/// their own words).
pub(crate) fn working_item(
    tiebreak: Tiebreak,
    value: Option<Value>,
    working: Working,
    rounds_named: bool,
) -> WorkingItem {
    WorkingItem {
        code: tiebreak.code(),
        value: show(value),
        meaning: tiebreak.meaning(),
        terms: working
            .terms
            .into_iter()
            .map(|t| WorkingTerm {
                text: match t.round {
                    Some(n) if rounds_named => format!("Round {n}: {}", t.text),
                    _ => t.text,
                },
                value: t.value.fraction(),
                dropped: t.dropped,
            })
            .collect(),
        notes: working.notes,
    }
}

/// The working behind every value of every player, in standings order.
fn working(r: &SectionReport) -> Vec<PlayerWorking> {
    let ctx = r.context();
    let mut all = explain_all(&ctx, &r.order);
    r.standings
        .rows
        .iter()
        .map(|row| {
            let e = &r.facts.entries[row.player];
            let items = std::mem::take(&mut all[row.player])
                .into_iter()
                .map(|x| working_item(x.tiebreak, x.value, x.working, false))
                .collect();
            PlayerWorking {
                id: working_id(e.pairing_no),
                name: e.name.clone(),
                summary: format!(
                    "{} (#{}): place {}, {}",
                    e.name,
                    e.pairing_no,
                    row.place,
                    points_words(row.score)
                ),
                items,
            }
        })
        .collect()
}
