//! What an event stores about how its rounds are paired (migration V14,
//! table `pairing_rules`): the system, the initial colour, acceleration,
//! what the pairing-allocated bye is worth, and the round-robin options.
//! Parsed once into types here, so no command decides anything by matching
//! the stored text.
//!
//! Defaults by event kind (`PairingRules::for_kind`), and why:
//! - a Swiss is paired by the system of the rules it ranks by
//!   (`PairingRules::for_event`): the US Chess Swiss system (rules 27–29)
//!   when its tiebreak order is a US Chess one (the default `uscf-swiss`,
//!   the club presets, US Chess codes), the FIDE Dutch system (C.04.3) when
//!   it is a FIDE one (a `fide-*` preset or FIDE C.07 codes, as a TRF
//!   import gets). The league records no "US Chess league" flag, and the
//!   tiebreak order is the one choice a secretary has already made between
//!   the two rule books; `--pairing` overrides it. `for_kind` alone (no
//!   order known) still says Dutch, for the callers that pair FIDE events;
//! - a round robin by the FIDE Berger tables (C.05 Annex 1), with pairing
//!   numbers by rating (C.04.2 order) and a zero-point bye seat when the
//!   number of players is odd: every player sits out once, so a point for
//!   it would change no ranking and only inflate scores (the FIDE and US
//!   Chess tables both treat the bye seat as a round without a game);
//! - a team Swiss by the Dutch system and a team round robin by the Berger
//!   tables, as individual events of those kinds (team pairing,
//!   [`super::team`]); a secretary who pairs elsewhere and records the
//!   matches with `league match record` sets `manual`. Team events recorded
//!   before team pairing existed keep the `manual` they were given;
//! - events recorded before V14 were paired in another program: the
//!   migration marks them `manual`, and so does an import of a JSON
//!   document written before pairing settings existed.

use std::fmt;
use std::str::FromStr;

use super::round_robin::{RoundRobin, Table};
pub use super::uscf::options::{ColourLimits, ColourPriority, TeamMates, UnratedBye};
use super::{Colour, System};
use crate::domain::league::EventKind;
use crate::domain::record::ByeKind;
use crate::domain::tiebreak::Order;

/// Which pairing system an event uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SystemKind {
    /// FIDE Dutch system (C.04.3).
    Dutch,
    /// US Chess Swiss system (rules 27–29).
    Uscf,
    /// FIDE Berger round-robin tables (C.05 Annex 1).
    Berger,
    /// US Chess Crenshaw round-robin tables.
    Crenshaw,
    /// Paired elsewhere: the secretary records the pairings from a sheet.
    Manual,
}

impl SystemKind {
    /// Every system, in the order help text lists them.
    pub const ALL: [SystemKind; 5] = [
        SystemKind::Dutch,
        SystemKind::Uscf,
        SystemKind::Berger,
        SystemKind::Crenshaw,
        SystemKind::Manual,
    ];

    /// The stored and typed name.
    pub fn as_str(self) -> &'static str {
        match self {
            SystemKind::Dutch => "dutch",
            SystemKind::Uscf => "uscf",
            SystemKind::Berger => "berger",
            SystemKind::Crenshaw => "crenshaw",
            SystemKind::Manual => "manual",
        }
    }

    /// Words for the secretary: "the FIDE Dutch system".
    pub fn label(self) -> &'static str {
        match self {
            SystemKind::Dutch => "FIDE Dutch system",
            SystemKind::Uscf => "US Chess Swiss system",
            SystemKind::Berger => "Berger round-robin tables (FIDE)",
            SystemKind::Crenshaw => "Crenshaw round-robin tables (US Chess)",
            SystemKind::Manual => "paired by hand or in another program",
        }
    }

    /// Whether the system pairs from a fixed round-robin table.
    pub fn is_round_robin(self) -> bool {
        matches!(self, SystemKind::Berger | SystemKind::Crenshaw)
    }
}

impl fmt::Display for SystemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SystemKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        SystemKind::ALL
            .into_iter()
            .find(|k| k.as_str() == t || (t == "us-chess" && *k == SystemKind::Uscf))
            .ok_or_else(|| {
                format!(
                    "pairing system \"{s}\" is not one of dutch, uscf, berger, crenshaw, manual"
                )
            })
    }
}

/// Acceleration of the first rounds of a Swiss.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Acceleration {
    /// No acceleration: every round is paired on real scores.
    None,
    /// FIDE Baku acceleration (C.04.5.1).
    Baku,
}

impl Acceleration {
    /// The stored and typed name.
    pub fn as_str(self) -> &'static str {
        match self {
            Acceleration::None => "none",
            Acceleration::Baku => "baku",
        }
    }
}

impl FromStr for Acceleration {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "no" => Ok(Acceleration::None),
            "baku" => Ok(Acceleration::Baku),
            _ => Err(format!("acceleration \"{s}\" is not one of none, baku")),
        }
    }
}

/// How a round robin's table numbers are given.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Numbering {
    /// In rating order (C.04.2: rating, then title, then name).
    Rating,
    /// Drawn by lot at the first pairing (FIDE C.05, US Chess 30A).
    Drawn,
}

impl Numbering {
    /// The stored and typed name.
    pub fn as_str(self) -> &'static str {
        match self {
            Numbering::Rating => "rating",
            Numbering::Drawn => "drawn",
        }
    }
}

impl FromStr for Numbering {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "rating" => Ok(Numbering::Rating),
            "drawn" | "lot" => Ok(Numbering::Drawn),
            _ => Err(format!(
                "pairing numbers \"{s}\" is not one of rating, drawn"
            )),
        }
    }
}

/// Colour names as stored and typed: `white`, `black`.
pub fn colour_str(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// Read `white` or `black`.
pub fn parse_colour(s: &str) -> Result<Colour, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "white" | "w" | "white1" => Ok(Colour::White),
        "black" | "b" | "black1" => Ok(Colour::Black),
        _ => Err(format!("colour \"{s}\" is not one of white, black")),
    }
}

/// An event's pairing settings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PairingRules {
    /// The pairing system (Dutch, US Chess, a round-robin table, manual).
    pub system: SystemKind,
    /// The colour pairing number 1 gets in round 1 (FIDE "initial colour").
    pub initial_colour: Colour,
    /// The acceleration of a Swiss's first rounds.
    pub acceleration: Acceleration,
    /// What the pairing-allocated bye is worth (full by default).
    pub bye: ByeKind,
    /// Round robins: play the table twice, colours reversed the second time.
    pub double_round_robin: bool,
    /// Round robins: table numbers by rating or drawn.
    pub numbers: Numbering,
    /// US Chess Swiss: team-mate avoidance (28N).
    pub team_mates: TeamMates,
    /// US Chess Swiss: the 80- and 200-point limits of 29E5.
    pub colour_limits: ColourLimits,
    /// US Chess Swiss: the added-score acceleration (28R) lasts this many
    /// rounds; 0 for none.
    pub accelerate_rounds: u32,
    /// US Chess Swiss: the natural pairing before colours, or colours
    /// within the 29E5 limits before top half against bottom half.
    pub colour_priority: ColourPriority,
    /// US Chess Swiss (28L2): whether unrated players come last for the
    /// bye.
    pub unrated_bye: UnratedBye,
}

impl PairingRules {
    /// The settings a new event of `kind` gets (see the module doc for why).
    pub fn for_kind(kind: EventKind) -> PairingRules {
        let system = match kind {
            EventKind::Swiss | EventKind::TeamSwiss => SystemKind::Dutch,
            EventKind::RoundRobin | EventKind::TeamRoundRobin => SystemKind::Berger,
        };
        PairingRules {
            system,
            initial_colour: Colour::White,
            acceleration: Acceleration::None,
            bye: if kind == EventKind::RoundRobin {
                ByeKind::Zero
            } else {
                ByeKind::Full
            },
            double_round_robin: false,
            numbers: Numbering::Rating,
            team_mates: TeamMates::IfPossible,
            colour_limits: ColourLimits::default(),
            accelerate_rounds: 0,
            colour_priority: ColourPriority::Natural,
            unrated_bye: UnratedBye::Last,
        }
    }

    /// The settings a new event of `kind` ranked by `order` gets: a Swiss
    /// ranked by US Chess tiebreaks pairs by the US Chess Swiss system, one
    /// ranked by FIDE tiebreaks (C.07) by the Dutch system; other kinds as
    /// [`PairingRules::for_kind`]. See the module doc for why.
    pub fn for_event(kind: EventKind, order: &Order) -> PairingRules {
        let mut rules = PairingRules::for_kind(kind);
        if kind == EventKind::Swiss && !order.is_fide() {
            rules.system = SystemKind::Uscf;
        }
        rules
    }

    /// Why a new event of `kind` ranked by `order` pairs by the system
    /// [`PairingRules::for_event`] gives it, for a front end to show after
    /// the system's name (with its way to choose the other); `None` where
    /// the kind alone decides.
    pub fn default_reason(kind: EventKind, order: &Order) -> Option<&'static str> {
        match (kind, order.is_fide()) {
            (EventKind::Swiss, false) => Some("the default for US Chess tiebreaks"),
            (EventKind::Swiss, true) => Some("the default for FIDE tiebreaks"),
            _ => None,
        }
    }

    /// Settings of an event recorded before pairing settings existed.
    pub fn manual() -> PairingRules {
        PairingRules {
            system: SystemKind::Manual,
            ..PairingRules::for_kind(EventKind::Swiss)
        }
    }
}

/// An event paired by hand has no pairing engine: its rounds' pairings are
/// recorded as they were made (a front end says how).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("this event is paired by hand (pairing: manual)")]
pub struct PairedByHand;

/// The one place a system name becomes an engine: every command that pairs
/// (`league round pair`, `league event pair-all`) asks here. `kind` is the
/// event's system or the one given with `--system`; `rules` gives the
/// options (double round robin). The error is in the secretary's words.
pub fn system(kind: SystemKind, rules: &PairingRules) -> Result<Box<dyn System>, PairedByHand> {
    let cycles = if rules.double_round_robin { 2 } else { 1 };
    match kind {
        SystemKind::Berger => Ok(Box::new(RoundRobin {
            table: Table::Berger,
            cycles,
        })),
        SystemKind::Crenshaw => Ok(Box::new(RoundRobin {
            table: Table::Crenshaw,
            cycles,
        })),
        SystemKind::Dutch => Ok(Box::new(super::dutch::Dutch)),
        SystemKind::Uscf => Ok(Box::new(super::uscf::Uscf {
            team_mates: rules.team_mates,
            limits: rules.colour_limits,
            accelerate_rounds: rules.accelerate_rounds,
            colour_priority: rules.colour_priority,
            unrated_bye: rules.unrated_bye,
        })),
        SystemKind::Manual => Err(PairedByHand),
    }
}

/// Why `pairing` (the system `kind`'s pairing of `field` under `rules`)
/// is as it is: the US Chess engine's own account of its decisions, or for
/// the FIDE Dutch system one read from the result
/// ([`super::explain::dutch`]); `None` for round-robin tables, whose table
/// is the whole story.
pub fn explain(
    kind: SystemKind,
    rules: &PairingRules,
    field: &super::Field,
    pairing: &super::Pairing,
) -> Option<super::explain::Explanation> {
    match kind {
        SystemKind::Dutch => Some(super::explain::dutch::explain(field, pairing)),
        SystemKind::Uscf => super::uscf::Uscf {
            team_mates: rules.team_mates,
            limits: rules.colour_limits,
            accelerate_rounds: rules.accelerate_rounds,
            colour_priority: rules.colour_priority,
            unrated_bye: rules.unrated_bye,
        }
        .pair_explained(field)
        .ok()
        .map(|(_, e)| e),
        _ => None,
    }
}

/// `full`, `half`, `zero` as stored.
pub fn bye_str(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::Full => "full",
        ByeKind::Half => "half",
        ByeKind::Zero => "zero",
    }
}

/// Read `full`, `half` or `zero` (also `1`, `1/2`, `½`, `0`).
pub fn parse_bye(s: &str) -> Result<ByeKind, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "full" | "1" => Ok(ByeKind::Full),
        "half" | "1/2" | "½" | "0.5" => Ok(ByeKind::Half),
        "zero" | "0" => Ok(ByeKind::Zero),
        _ => Err(format!("bye points \"{s}\" is not one of full, half, zero")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_as_themselves() {
        for k in SystemKind::ALL {
            assert_eq!(k.as_str().parse::<SystemKind>(), Ok(k));
        }
        assert!("swiss".parse::<SystemKind>().is_err());
        assert_eq!("Baku".parse::<Acceleration>(), Ok(Acceleration::Baku));
        assert_eq!("drawn".parse::<Numbering>(), Ok(Numbering::Drawn));
        assert_eq!(parse_colour("Black"), Ok(Colour::Black));
        assert_eq!(parse_bye("half"), Ok(ByeKind::Half));
        assert!(parse_bye("two").is_err());
        for t in [TeamMates::Never, TeamMates::IfPossible, TeamMates::Ignore] {
            assert_eq!(t.as_str().parse::<TeamMates>(), Ok(t));
        }
        assert_eq!(
            "100, 250".parse::<ColourLimits>(),
            Ok(ColourLimits {
                alternation: 100,
                equalisation: 250
            })
        );
        assert_eq!(ColourLimits::default().to_string(), "80,200");
        assert!("80".parse::<ColourLimits>().is_err());
        assert!("80,x".parse::<ColourLimits>().is_err());
    }

    #[test]
    fn defaults_follow_the_event_kind() {
        assert_eq!(
            PairingRules::for_kind(EventKind::Swiss).system,
            SystemKind::Dutch
        );
        let rr = PairingRules::for_kind(EventKind::RoundRobin);
        assert_eq!(rr.system, SystemKind::Berger);
        assert_eq!(rr.bye, ByeKind::Zero);
        assert_eq!(
            PairingRules::for_kind(EventKind::TeamSwiss).system,
            SystemKind::Dutch
        );
        assert_eq!(
            PairingRules::for_kind(EventKind::TeamRoundRobin).system,
            SystemKind::Berger
        );
    }

    #[test]
    fn a_swiss_pairs_by_the_rules_it_ranks_by() {
        let order = |t: &str| Order::parse(t).unwrap();
        let swiss = |t: &str| PairingRules::for_event(EventKind::Swiss, &order(t)).system;
        assert_eq!(swiss("uscf-swiss"), SystemKind::Uscf);
        assert_eq!(swiss("big-rapids-swiss"), SystemKind::Uscf);
        assert_eq!(swiss("mm, solkoff, cumulative"), SystemKind::Uscf);
        assert_eq!(swiss("fide-swiss"), SystemKind::Dutch);
        assert_eq!(swiss("BH/C1, BH, SB"), SystemKind::Dutch);
        // Other kinds keep the kind's default whatever the order.
        for (kind, system) in [
            (EventKind::RoundRobin, SystemKind::Berger),
            (EventKind::TeamSwiss, SystemKind::Dutch),
            (EventKind::TeamRoundRobin, SystemKind::Berger),
        ] {
            for t in ["uscf-swiss", "fide-swiss"] {
                assert_eq!(PairingRules::for_event(kind, &order(t)).system, system);
                assert_eq!(PairingRules::default_reason(kind, &order(t)), None);
            }
        }
        assert_eq!(
            PairingRules::default_reason(EventKind::Swiss, &order("uscf-swiss")),
            Some("the default for US Chess tiebreaks")
        );
    }
}
