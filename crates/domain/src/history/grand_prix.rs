//! Season-long grand-prix standings, as clubs run them.
//!
//! Each event of the season gives points: by place in the player's section
//! (a points table, e.g. 10, 8, 6, 5, 4, 3, 2, 1) or the player's score
//! itself. Only the best N events count, a bonus may be added for each
//! event entered, and there may be one table per section name or per
//! rating band. Players level on points are split by the season's own tie
//! rules, in order (more events won, best single result, more events
//! played); players still level share the place.
//!
//! Choices, stated so they can be checked:
//! - A place shared in an event's standings ("2-3") shares the points of
//!   those places equally, to the hundredth (half up), or, with
//!   `shared: top`, gives each player the points of the best of them.
//! - The participation bonus is for every event entered, counted or not
//!   (it rewards turning up; best-N limits the results, not the visits).
//! - With rating bands, a player's band is set by the highest rating at
//!   entry in the season's counted events (unrated: the lowest band), so a
//!   player who improves during the season is not placed among weaker
//!   players; the points still come from the place in their own section.
//!
//! The rules are a plain struct with serde, stored with the season as JSON.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use crate::domain::ids::PlayerId;
use crate::domain::score::{mean_round_int, Points, Value};

/// How the tables are split.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Split {
    /// One table for everyone.
    #[default]
    Overall,
    /// One table per section name ("1600+", "U1600") across the events.
    Section,
    /// One table per rating band (see [`Rules::bands`]).
    Band,
}

/// A rule for players level on grand-prix points, applied in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieRule {
    /// More events won (first place, alone or shared).
    EventsWon,
    /// The better best counted result; if equal, the better second best, ...
    BestResult,
    /// More events entered.
    MostEvents,
}

impl TieRule {
    /// Every tie rule.
    pub const ALL: [TieRule; 3] = [TieRule::EventsWon, TieRule::BestResult, TieRule::MostEvents];

    /// The name used on the command line and in the stored rules.
    pub fn code(self) -> &'static str {
        match self {
            TieRule::EventsWon => "events-won",
            TieRule::BestResult => "best-result",
            TieRule::MostEvents => "most-events",
        }
    }

    /// The rule in words, as printed with the tables.
    pub fn meaning(self) -> &'static str {
        match self {
            TieRule::EventsWon => "more events won",
            TieRule::BestResult => "the better best single result (then second best, ...)",
            TieRule::MostEvents => "more events entered",
        }
    }

    /// A rule from its code (any case); the error lists the codes.
    pub fn parse(text: &str) -> Result<TieRule, String> {
        let t = text.trim().to_ascii_lowercase();
        TieRule::ALL
            .into_iter()
            .find(|r| r.code() == t)
            .ok_or_else(|| {
                format!(
                    "\"{text}\" is not a grand-prix tie rule; use {}",
                    TieRule::ALL.map(TieRule::code).join(", ")
                )
            })
    }
}

/// How a place shared in an event's standings is paid.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shared {
    /// The points of the shared places, shared equally.
    #[default]
    Split,
    /// Each player gets the points of the best shared place.
    Top,
}

/// What is wrong with a season's grand-prix rules: the rule in words,
/// naming no command or option (a front end adds those).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesProblem {
    /// A place is worth more than the one above it.
    #[error("the points table must run from first place down (no place worth more than the one above): {points}")]
    PointsRise {
        /// The points table, comma-separated.
        points: String,
    },
    /// No event would count.
    #[error("the number of events that count must be at least 1")]
    NoneCount,
    /// The band boundaries are not ascending.
    #[error("rating bands must be ascending: {bands}")]
    BandsNotAscending {
        /// The boundaries, comma-separated.
        bands: String,
    },
    /// Tables by band without boundaries.
    #[error("tables by rating band need the band boundaries")]
    BandsMissing,
    /// Boundaries given for tables not split by band.
    #[error("rating bands are only used with tables by band")]
    BandsUnused,
    /// A tie rule given twice.
    #[error("tie rule {code} is given twice")]
    TieTwice {
        /// The tie rule's code.
        code: &'static str,
    },
}

/// A season's grand-prix rules.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Points for 1st, 2nd, ... place; empty: the event score is the points.
    #[serde(default)]
    pub points: Vec<u32>,
    /// Only the best N events count (all when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<u32>,
    /// Points for each event entered.
    #[serde(default)]
    pub bonus: u32,
    /// One table for everyone, or one per section or rating band.
    #[serde(default)]
    pub by: Split,
    /// Band boundaries for `by: band`, ascending: [1600, 1800] gives U1600,
    /// 1600-1799 and 1800+.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bands: Vec<u32>,
    /// The rules for players level on points, in order (default: events
    /// won, then best result).
    #[serde(default = "default_ties")]
    pub ties: Vec<TieRule>,
    /// How a place shared in an event is paid.
    #[serde(default)]
    pub shared: Shared,
    /// The events that count, by name; empty: every individual event.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<String>,
}

fn default_ties() -> Vec<TieRule> {
    vec![TieRule::EventsWon, TieRule::BestResult]
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            points: vec![],
            best: None,
            bonus: 0,
            by: Split::Overall,
            bands: vec![],
            ties: default_ties(),
            shared: Shared::Split,
            events: vec![],
        }
    }
}

impl Rules {
    /// Check the rules make sense; the problem says what to change.
    pub fn check(&self) -> Result<(), RulesProblem> {
        if self.points.windows(2).any(|w| w[1] > w[0]) {
            return Err(RulesProblem::PointsRise {
                points: join(&self.points),
            });
        }
        if self.best == Some(0) {
            return Err(RulesProblem::NoneCount);
        }
        if self.bands.windows(2).any(|w| w[1] <= w[0]) {
            return Err(RulesProblem::BandsNotAscending {
                bands: join(&self.bands),
            });
        }
        match (self.by, self.bands.is_empty()) {
            (Split::Band, true) => return Err(RulesProblem::BandsMissing),
            (Split::Overall | Split::Section, false) => return Err(RulesProblem::BandsUnused),
            _ => {}
        }
        let mut seen = vec![];
        for t in &self.ties {
            if seen.contains(t) {
                return Err(RulesProblem::TieTwice { code: t.code() });
            }
            seen.push(*t);
        }
        Ok(())
    }

    /// The rules in words, one line each, as printed with the tables.
    pub fn describe(&self) -> Vec<String> {
        let mut out = vec![];
        if self.points.is_empty() {
            out.push("Points per event: the player's score in the event.".to_string());
        } else {
            out.push(format!(
                "Points per event by place in the section: {} (lower places 0).",
                join(&self.points)
            ));
            out.push(
                match self.shared {
                    Shared::Split => "A shared place shares the points of the places it covers.",
                    Shared::Top => "A shared place gets the points of its best place.",
                }
                .to_string(),
            );
        }
        if let Some(n) = self.best {
            out.push(format!(
                "Best {n} event{} count.",
                if n == 1 { "" } else { "s" }
            ));
        }
        if self.bonus > 0 {
            out.push(format!("Bonus for each event entered: {}.", self.bonus));
        }
        out.push(match self.by {
            Split::Overall => "One table for all players.".to_string(),
            Split::Section => "One table per section.".to_string(),
            Split::Band => format!(
                "One table per rating band ({}), by the player's highest rating at entry.",
                band_names(&self.bands).join(", ")
            ),
        });
        out.push(if self.ties.is_empty() {
            "Players level on points share the place.".to_string()
        } else {
            format!(
                "Ties: {}; then the place is shared.",
                self.ties
                    .iter()
                    .map(|t| t.meaning())
                    .collect::<Vec<_>>()
                    .join(", then ")
            )
        });
        if !self.events.is_empty() {
            out.push(format!("Events: {}.", self.events.join(", ")));
        }
        out
    }

    /// Whether an event counts under these rules.
    pub fn counts_event(&self, name: &str) -> bool {
        self.events.is_empty() || self.events.iter().any(|e| e.eq_ignore_ascii_case(name))
    }

    /// Grand-prix points for a place range (`first..=last`) and score.
    pub fn points_for(&self, first: usize, last: usize, score: Points) -> Value {
        if self.points.is_empty() {
            return score.value();
        }
        let at = |place: usize| self.points.get(place.wrapping_sub(1)).copied().unwrap_or(0) as i64;
        match self.shared {
            Shared::Top => Value::int(at(first)),
            Shared::Split => {
                let n = (last - first + 1) as i64;
                let sum: i64 = (first..=last).map(at).sum();
                Value(mean_round_int(sum * 100, n))
            }
        }
    }
}

fn join(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// "U1600", "1600-1799", "1800+" for boundaries [1600, 1800].
pub fn band_names(bands: &[u32]) -> Vec<String> {
    let mut out = vec![];
    for (i, &b) in bands.iter().enumerate() {
        if i == 0 {
            out.push(format!("U{b}"));
        } else {
            out.push(format!("{}-{}", bands[i - 1], b - 1));
        }
    }
    if let Some(last) = bands.last() {
        out.push(format!("{last}+"));
    }
    out
}

fn band_of(bands: &[u32], rating: Option<u32>) -> usize {
    match rating {
        None => 0,
        Some(r) => bands.iter().take_while(|&&b| r >= b).count(),
    }
}

/// One player's place in one section of one event of the season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    /// Index of the event in the season's list of counted events.
    pub event: usize,
    /// The section's name, for tables split by section.
    pub section: String,
    /// The player (database id): a player in two sections of one event
    /// is still one player.
    pub player: PlayerId,
    /// The player's name.
    pub name: String,
    /// Rating at entry.
    pub rating: Option<u32>,
    /// Place range in the section's standings.
    pub first: usize,
    /// The last place of the range (the same as `first` when not shared).
    pub last: usize,
    /// The player's score in the section: the event score when no points
    /// table is given.
    pub score: Points,
}

/// One event's points for a player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EventPoints {
    /// The grand-prix points the event gave (a shared place can give a
    /// fraction).
    pub points: Value,
    /// Among the best N (always, without a best-N rule).
    pub counted: bool,
    /// First place, alone or shared.
    pub won: bool,
}

/// One line of a grand-prix table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpRow {
    /// "1", or "2-3" when shared.
    pub place: String,
    /// The player (database id).
    pub player: PlayerId,
    /// The player's name.
    pub name: String,
    /// Counted points plus bonus.
    pub total: Value,
    /// The bonus for events entered.
    pub bonus: Value,
    /// One slot per event of the season (None: not entered).
    pub results: Vec<Option<EventPoints>>,
    /// Events entered (the bonus is paid on these).
    pub events_entered: u32,
    /// Events won, alone or shared.
    pub events_won: u32,
}

/// One table: everyone, a section, or a rating band.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpTable {
    /// "Overall", the section's name, or the band ("1600-1799").
    pub name: String,
    /// Best first.
    pub rows: Vec<GpRow>,
}

/// A season's grand-prix tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrandPrix {
    /// One table, or one per section or band.
    pub tables: Vec<GpTable>,
}

/// Compute the tables from every placing of the season's `events` counted
/// events. Table order: overall; sections in order of first appearance;
/// bands from lowest.
pub fn grand_prix(rules: &Rules, events: usize, placings: &[Placing]) -> GrandPrix {
    // Group placings per (table, player).
    let mut groups: BTreeMap<(usize, PlayerId), Vec<&Placing>> = BTreeMap::new();
    let mut names: Vec<String> = vec![];
    let mut top_rating: BTreeMap<PlayerId, Option<u32>> = BTreeMap::new();
    for p in placings {
        let r = top_rating.entry(p.player).or_insert(None);
        *r = (*r).max(p.rating);
    }
    if rules.by == Split::Band {
        names = band_names(&rules.bands);
    }
    for p in placings {
        let table = match rules.by {
            Split::Overall => {
                if names.is_empty() {
                    names.push("Overall".into());
                }
                0
            }
            Split::Section => match names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(&p.section))
            {
                Some(i) => i,
                None => {
                    names.push(p.section.clone());
                    names.len() - 1
                }
            },
            Split::Band => band_of(&rules.bands, top_rating[&p.player]),
        };
        groups.entry((table, p.player)).or_default().push(p);
    }
    let mut tables: Vec<GpTable> = names
        .into_iter()
        .map(|name| GpTable { name, rows: vec![] })
        .collect();
    for ((table, player), ps) in groups {
        let mut results: Vec<Option<EventPoints>> = vec![None; events];
        for p in &ps {
            if p.event < events {
                results[p.event] = Some(EventPoints {
                    points: rules.points_for(p.first, p.last, p.score),
                    counted: true,
                    won: p.first == 1,
                });
            }
        }
        // Best N: the highest points count; equal points, the earlier event.
        let mut order: Vec<usize> = (0..events).filter(|&e| results[e].is_some()).collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (results[a].map(|r| r.points), results[b].map(|r| r.points));
            pb.cmp(&pa).then(a.cmp(&b))
        });
        if let Some(n) = rules.best {
            for &e in order.iter().skip(n as usize) {
                if let Some(r) = results[e].as_mut() {
                    r.counted = false;
                }
            }
        }
        let entered = order.len() as u32;
        let bonus = Value::int(rules.bonus as i64 * entered as i64);
        let counted: Value = results
            .iter()
            .flatten()
            .filter(|r| r.counted)
            .fold(Value::ZERO, |a, r| a + r.points);
        tables[table].rows.push(GpRow {
            place: String::new(),
            player,
            name: ps[0].name.clone(),
            total: counted + bonus,
            bonus,
            events_won: results.iter().flatten().filter(|r| r.won).count() as u32,
            results,
            events_entered: entered,
        });
    }
    for t in &mut tables {
        rank(rules, &mut t.rows);
    }
    tables.retain(|t| !t.rows.is_empty());
    GrandPrix { tables }
}

/// Counted results, best first, for the best-result rule.
fn counted_desc(r: &GpRow) -> Vec<Value> {
    let mut v: Vec<Value> = r
        .results
        .iter()
        .flatten()
        .filter(|e| e.counted)
        .map(|e| e.points)
        .collect();
    v.sort_by(|a, b| b.cmp(a));
    v
}

fn compare(rules: &Rules, a: &GpRow, b: &GpRow) -> Ordering {
    let mut ord = b.total.cmp(&a.total);
    for t in &rules.ties {
        if ord != Ordering::Equal {
            break;
        }
        ord = match t {
            TieRule::EventsWon => b.events_won.cmp(&a.events_won),
            TieRule::BestResult => counted_desc(b).cmp(&counted_desc(a)),
            TieRule::MostEvents => b.events_entered.cmp(&a.events_entered),
        };
    }
    ord
}

fn rank(rules: &Rules, rows: &mut [GpRow]) {
    rows.sort_by(|a, b| {
        compare(rules, a, b)
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then(a.player.cmp(&b.player))
    });
    let mut i = 0;
    while i < rows.len() {
        let mut j = i + 1;
        while j < rows.len() && compare(rules, &rows[i], &rows[j]) == Ordering::Equal {
            j += 1;
        }
        let place = if j - i == 1 {
            (i + 1).to_string()
        } else {
            format!("{}-{}", i + 1, j)
        };
        for r in &mut rows[i..j] {
            r.place = place.clone();
        }
        i = j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pl(
        event: usize,
        section: &str,
        player: i64,
        rating: u32,
        first: usize,
        last: usize,
        halves: i32,
    ) -> Placing {
        Placing {
            event,
            section: section.into(),
            player: PlayerId(player),
            name: format!("P{player}"),
            rating: Some(rating),
            first,
            last,
            score: Points(halves),
        }
    }

    fn table_rules() -> Rules {
        Rules {
            points: vec![10, 8, 6, 5, 4, 3, 2, 1],
            ..Rules::default()
        }
    }

    fn row(t: &GpTable, player: i64) -> &GpRow {
        t.rows
            .iter()
            .find(|r| r.player == PlayerId(player))
            .expect("player in table")
    }

    #[test]
    fn points_by_place_with_best_n_and_bonus() {
        let rules = Rules {
            best: Some(2),
            bonus: 1,
            ..table_rules()
        };
        // Three events; P1 is 1st, 3rd, 2nd; P2 2nd, 1st, absent; P3 3rd, 2nd, 1st.
        let ps = [
            pl(0, "Open", 1, 1800, 1, 1, 8),
            pl(0, "Open", 2, 1700, 2, 2, 6),
            pl(0, "Open", 3, 1600, 3, 3, 4),
            pl(1, "Open", 2, 1700, 1, 1, 8),
            pl(1, "Open", 3, 1600, 2, 2, 6),
            pl(1, "Open", 1, 1800, 3, 3, 4),
            pl(2, "Open", 3, 1600, 1, 1, 8),
            pl(2, "Open", 1, 1800, 2, 2, 6),
        ];
        let gp = grand_prix(&rules, 3, &ps);
        assert_eq!(gp.tables.len(), 1);
        let t = &gp.tables[0];
        // P1: best two of 10, 6, 8 = 18, +3 bonus = 21; the 6 is dropped.
        let p1 = row(t, 1);
        assert_eq!(p1.total, Value::int(21));
        assert_eq!(p1.bonus, Value::int(3));
        assert!(!p1.results[1].unwrap().counted);
        assert!(p1.results[0].unwrap().counted && p1.results[2].unwrap().counted);
        // P3: 6, 8, 10 → 18 + 3 = 21, level with P1.
        assert_eq!(row(t, 3).total, Value::int(21));
        // P2: 8 + 10 + 2 = 20.
        assert_eq!(row(t, 2).total, Value::int(20));
        // P1 and P3 both won one event; best results 10 and 10, then 8 and 8: shared.
        assert_eq!(t.rows[0].place, "1-2");
        assert_eq!(t.rows[1].place, "1-2");
        assert_eq!(
            (t.rows[2].player, t.rows[2].place.as_str()),
            (PlayerId(2), "3")
        );
    }

    #[test]
    fn tie_rules_apply_in_order() {
        // P1: 10 + 0 (9th) = 10, one win; P2: 5 + 5 = 10, no win.
        let ps = [
            pl(0, "Open", 1, 1800, 1, 1, 8),
            pl(0, "Open", 2, 1700, 4, 4, 4),
            pl(1, "Open", 2, 1700, 4, 4, 4),
            pl(1, "Open", 1, 1800, 9, 9, 0),
        ];
        let gp = grand_prix(&table_rules(), 2, &ps);
        let t = &gp.tables[0];
        assert_eq!(t.rows[0].player, PlayerId(1));
        assert_eq!(t.rows[0].place, "1");
        assert_eq!(t.rows[1].place, "2");
        // With only "most events" (equal here), they share.
        let rules = Rules {
            ties: vec![TieRule::MostEvents],
            ..table_rules()
        };
        let gp = grand_prix(&rules, 2, &ps);
        assert!(gp.tables[0].rows.iter().all(|r| r.place == "1-2"));
        // Best result first: 10 beats 5.
        let rules = Rules {
            ties: vec![TieRule::BestResult],
            ..table_rules()
        };
        assert_eq!(
            grand_prix(&rules, 2, &ps).tables[0].rows[0].player,
            PlayerId(1)
        );
    }

    #[test]
    fn shared_places_split_or_take_the_top() {
        // Three players share 2-4: (8 + 6 + 5) / 3 = 6.33.
        let rules = table_rules();
        assert_eq!(rules.points_for(2, 4, Points(0)), Value(633));
        assert_eq!(rules.points_for(1, 2, Points(0)), Value::int(9));
        assert_eq!(rules.points_for(9, 10, Points(0)), Value::ZERO);
        let top = Rules {
            shared: Shared::Top,
            ..table_rules()
        };
        assert_eq!(top.points_for(2, 4, Points(0)), Value::int(8));
        // By score: 3½ points.
        assert_eq!(Rules::default().points_for(5, 5, Points(7)), Value(350));
    }

    #[test]
    fn tables_by_section_and_by_band() {
        let ps = [
            pl(0, "1600+", 1, 1800, 1, 1, 8),
            pl(0, "U1600", 2, 1500, 1, 1, 8),
            pl(1, "1600+", 2, 1610, 2, 2, 6),
            pl(1, "U1600", 3, 1400, 1, 1, 8),
        ];
        let by_section = Rules {
            by: Split::Section,
            ..table_rules()
        };
        let gp = grand_prix(&by_section, 2, &ps);
        let names: Vec<&str> = gp.tables.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["1600+", "U1600"]);
        // P2 is in both tables, with the points of each section.
        assert_eq!(row(&gp.tables[0], 2).total, Value::int(8));
        assert_eq!(row(&gp.tables[1], 2).total, Value::int(10));
        let by_band = Rules {
            by: Split::Band,
            bands: vec![1600],
            ..table_rules()
        };
        let gp = grand_prix(&by_band, 2, &ps);
        let names: Vec<&str> = gp.tables.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["U1600", "1600+"]);
        // P2's highest rating at entry (1610) puts them in 1600+, with both results.
        assert_eq!(row(&gp.tables[1], 2).total, Value::int(18));
        assert_eq!(gp.tables[0].rows.len(), 1);
    }

    #[test]
    fn rules_are_checked_and_described_and_round_trip() {
        assert!(Rules::default().check().is_ok());
        let bad = Rules {
            points: vec![5, 10],
            ..Rules::default()
        };
        assert!(bad
            .check()
            .unwrap_err()
            .to_string()
            .contains("first place down"));
        let bad = Rules {
            by: Split::Band,
            ..Rules::default()
        };
        assert_eq!(bad.check(), Err(RulesProblem::BandsMissing));
        let bad = Rules {
            best: Some(0),
            ..Rules::default()
        };
        assert!(bad.check().is_err());
        let rules = Rules {
            best: Some(3),
            bonus: 1,
            by: Split::Band,
            bands: vec![1600, 1800],
            ..table_rules()
        };
        let json = serde_json::to_string(&rules).unwrap();
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
        let text = rules.describe().join(" ");
        assert!(text.contains("10, 8, 6, 5, 4, 3, 2, 1"));
        assert!(text.contains("Best 3 events count"));
        assert!(text.contains("U1600, 1600-1799, 1800+"));
        assert!(serde_json::from_str::<Rules>(r#"{"pionts": [1]}"#).is_err());
        assert_eq!(TieRule::parse("Events-Won"), Ok(TieRule::EventsWon));
        assert!(TieRule::parse("coin").is_err());
    }
}
