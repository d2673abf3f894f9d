//! Tiebreak orders: the presets of spec §4a and an event's parsed order.

use super::codes::{Tiebreak, UnknownCode};

/// A named tiebreak order (spec §4a).
pub struct Preset {
    pub name: &'static str,
    pub codes: &'static [&'static str],
    pub note: &'static str,
    /// The "actual play before unplayed points" rule (spec 1.15).
    pub actual_play_first: bool,
}

pub const PRESETS: &[Preset] = &[
    Preset {
        name: "uscf-swiss",
        codes: &["mm", "solkoff", "cumulative", "opp-cumulative"],
        note: "US Chess 34E default",
        actual_play_first: false,
    },
    Preset {
        name: "madison-swiss",
        codes: &["mm", "cumulative", "solkoff", "opp-cumulative"],
        note: "Madison City Chess League",
        actual_play_first: false,
    },
    Preset {
        name: "big-rapids-swiss",
        codes: &[
            "mm",
            "solkoff",
            "cumulative",
            "tied-results",
            "blacks",
            "coin",
        ],
        note: "Big Rapids; actual-play rule on",
        actual_play_first: true,
    },
    Preset {
        name: "scc-swiss",
        codes: &["mm", "solkoff", "cumulative", "opp-cumulative"],
        note: "the SCC results page",
        actual_play_first: false,
    },
    Preset {
        name: "uscf-round-robin",
        codes: &["sb", "h2h"],
        note: "Madison, Big Rapids (Big Rapids adds coin)",
        actual_play_first: false,
    },
    Preset {
        name: "scc-round-robin",
        codes: &["sb", "wins", "h2h"],
        note: "SCC: Sonneborn-Berger, won games, direct encounter",
        actual_play_first: false,
    },
    Preset {
        name: "usat-team",
        codes: &["usat", "game-points"],
        note: "the USAT team page",
        actual_play_first: false,
    },
    Preset {
        name: "fide-swiss",
        codes: &["BH/C1", "BH", "SB", "DE", "WIN"],
        note: "a common FIDE Swiss order",
        actual_play_first: false,
    },
    Preset {
        name: "fide-round-robin",
        codes: &["DE", "SB", "WIN", "KS"],
        note: "a common FIDE round-robin order",
        actual_play_first: false,
    },
    Preset {
        name: "fide-team",
        codes: &["GP", "EDE", "EMGSB"],
        note: "match points first, then these",
        actual_play_first: false,
    },
];

/// A parsed tiebreak order: the codes, and whether the actual-play rule is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    pub tiebreaks: Vec<Tiebreak>,
    pub actual_play_first: bool,
    /// The preset name, when the order is one.
    pub preset: Option<&'static str>,
}

impl Order {
    /// Parse a preset name or a comma-separated list of codes.
    pub fn parse(text: &str) -> Result<Order, UnknownCode> {
        let text = text.trim();
        if let Some(p) = PRESETS.iter().find(|p| p.name.eq_ignore_ascii_case(text)) {
            return Ok(Order {
                tiebreaks: p
                    .codes
                    .iter()
                    .map(|c| c.parse().expect("preset codes are valid"))
                    .collect(),
                actual_play_first: p.actual_play_first,
                preset: Some(p.name),
            });
        }
        let tiebreaks = text
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::parse)
            .collect::<Result<Vec<Tiebreak>, _>>()?;
        Ok(Order {
            tiebreaks,
            actual_play_first: false,
            preset: None,
        })
    }

    /// Whether a coin flip (US Chess 34E12, code `coin`) is in the order:
    /// asked of the parsed order, never of its text, so a preset such as
    /// `big-rapids-swiss` that ends in a coin flip counts too.
    pub fn has_coin(&self) -> bool {
        self.tiebreaks
            .contains(&Tiebreak::Us(super::codes::UsCode::Coin))
    }

    /// The order as stored and printed: the preset name or the codes.
    pub fn text(&self) -> String {
        match self.preset {
            Some(p) => p.to_string(),
            None => self.codes(),
        }
    }

    /// The codes, comma-separated.
    pub fn codes(&self) -> String {
        self.tiebreaks
            .iter()
            .map(Tiebreak::code)
            .collect::<Vec<_>>()
            .join(", ")
    }
}
