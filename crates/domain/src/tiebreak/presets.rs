//! The named tiebreak orders of spec §4a. Plain names and code strings,
//! depending on nothing, so that both the code parser (which lists the
//! preset names in its error) and the order parser can read them without
//! the two files importing each other.

/// A named tiebreak order (spec §4a).
pub struct Preset {
    /// What the secretary types (`--tiebreaks fide-swiss`); matched without
    /// regard to case, and stored as the event's order in place of the codes.
    pub name: &'static str,
    /// The tiebreak codes it stands for, in order; each must parse (a unit
    /// test parses them all), so an order read from a preset never fails.
    pub codes: &'static [&'static str],
    /// Where the order comes from (the league or rule book that uses it),
    /// shown beside the name by `league tiebreaks` and on
    /// the site's tiebreak page.
    pub note: &'static str,
    /// The "actual play before unplayed points" rule (spec 1.15).
    pub actual_play_first: bool,
}

/// Every preset, in the order `league tiebreaks` shows them: US Chess
/// Swiss and round-robin orders the clubs use, then FIDE's.
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
