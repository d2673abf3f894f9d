//! The league's records as plain values: seasons, events, sections, players
//! and entries, as the store reads them and the commands and pages use them.

use std::fmt;
use std::str::FromStr;

use super::tiebreak::{FideEdition, Options, Order};

/// How an event is run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    Swiss,
    RoundRobin,
    TeamSwiss,
    TeamRoundRobin,
}

impl EventKind {
    pub const ALL: [EventKind; 4] = [
        EventKind::Swiss,
        EventKind::RoundRobin,
        EventKind::TeamSwiss,
        EventKind::TeamRoundRobin,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Swiss => "swiss",
            EventKind::RoundRobin => "round-robin",
            EventKind::TeamSwiss => "team-swiss",
            EventKind::TeamRoundRobin => "team-round-robin",
        }
    }

    pub fn is_team(self) -> bool {
        matches!(self, EventKind::TeamSwiss | EventKind::TeamRoundRobin)
    }

    pub fn is_round_robin(self) -> bool {
        matches!(self, EventKind::RoundRobin | EventKind::TeamRoundRobin)
    }

    /// The tiebreak preset an event of this kind gets unless told otherwise.
    pub fn default_tiebreaks(self) -> &'static str {
        match self {
            EventKind::Swiss => "uscf-swiss",
            EventKind::RoundRobin => "uscf-round-robin",
            EventKind::TeamSwiss | EventKind::TeamRoundRobin => "usat-team",
        }
    }

    /// Words for pages and listings: "Swiss", "round robin".
    pub fn label(self) -> &'static str {
        match self {
            EventKind::Swiss => "Swiss",
            EventKind::RoundRobin => "round robin",
            EventKind::TeamSwiss => "team Swiss",
            EventKind::TeamRoundRobin => "team round robin",
        }
    }
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EventKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        EventKind::ALL
            .into_iter()
            .find(|k| k.as_str() == norm || (norm == "rr" && *k == EventKind::RoundRobin))
            .ok_or_else(|| format!("event kind \"{s}\" is not one of swiss, round-robin, team-swiss, team-round-robin"))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Season {
    pub id: i64,
    pub name: String,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Event {
    pub id: i64,
    pub season_id: i64,
    pub season: String,
    pub name: String,
    pub kind: EventKind,
    /// Planned number of rounds.
    pub rounds: u32,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// Tiebreak order as stored: a preset name or comma-separated codes.
    pub tiebreaks: String,
    pub actual_play_first: bool,
    /// Chosen FIDE edition; `None` follows the start date.
    pub fide_edition: Option<u16>,
    pub sb_adjusted: bool,
    pub coin_allowed: bool,
    pub coin_seed: Option<i64>,
}

impl Event {
    /// The event's tiebreak order (the stored text was validated on entry).
    pub fn order(&self) -> Result<Order, super::tiebreak::UnknownCode> {
        let mut order = Order::parse(&self.tiebreaks)?;
        order.actual_play_first |= self.actual_play_first;
        Ok(order)
    }

    /// The FIDE edition in force: the event's choice, else by start date.
    pub fn edition(&self) -> FideEdition {
        match self.fide_edition {
            Some(2009) => FideEdition::E2009,
            Some(2024) => FideEdition::E2024,
            Some(2026) => FideEdition::E2026,
            _ => FideEdition::for_start_date(self.start_date.as_deref()),
        }
    }

    /// Tiebreak options for this event.
    pub fn options(&self) -> Options {
        Options {
            fide_edition: self.edition(),
            uscf_sb_adjusted: self.sb_adjusted,
            coin_seed: if self.coin_allowed {
                self.coin_seed.map(|s| s as u64)
            } else {
                None
            },
        }
    }

    /// "Oct 4 – Nov 8, 2022"-style range, or the single date, or "".
    pub fn dates(&self) -> String {
        match (&self.start_date, &self.end_date) {
            (Some(s), Some(e)) if s != e => format!("{s} to {e}"),
            (Some(s), _) => s.clone(),
            (None, Some(e)) => e.clone(),
            (None, None) => String::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Section {
    pub id: i64,
    pub event_id: i64,
    pub name: String,
    pub rating_min: Option<u32>,
    pub rating_max: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    pub id: i64,
    pub name: String,
    pub uscf_id: Option<String>,
    pub fide_id: Option<String>,
    pub rating: Option<u32>,
    pub fide_rating: Option<u32>,
    pub federation: Option<String>,
    pub title: Option<String>,
}

/// A player entered in a section.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Entry {
    pub id: i64,
    pub section_id: i64,
    pub player_id: i64,
    pub name: String,
    pub pairing_no: u32,
    pub rating: Option<u32>,
    pub team_id: Option<i64>,
    pub withdrawn_after: Option<u32>,
}
