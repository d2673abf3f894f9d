//! The options of the US Chess Swiss system an event stores (V19): team-mate
//! avoidance (28N) and the colour limits of 29E5. Here, beside the engine,
//! so the engine needs nothing from the settings module; `settings`
//! re-exports them with the rest of an event's pairing settings.

use std::fmt;
use std::str::FromStr;

/// US Chess 28N: whether team-mates (players with the same club or team,
/// `league player edit --club`) may be paired against each other.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TeamMates {
    /// Never paired, even if the round then cannot be paired.
    Never,
    /// Kept apart whenever the score groups allow (SwissSys and WinTD's
    /// usual setting): above top half against bottom half and colours,
    /// below equal scores and the bye.
    IfPossible,
    /// Clubs play no part in the pairing.
    Ignore,
}

impl TeamMates {
    /// The stored and typed name.
    pub fn as_str(self) -> &'static str {
        match self {
            TeamMates::Never => "never",
            TeamMates::IfPossible => "if-possible",
            TeamMates::Ignore => "ignore",
        }
    }
}

impl FromStr for TeamMates {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "never" => Ok(TeamMates::Never),
            "if-possible" | "if possible" | "avoid" => Ok(TeamMates::IfPossible),
            "ignore" | "no" | "none" => Ok(TeamMates::Ignore),
            _ => Err(format!(
                "team-mates \"{s}\" is not one of never, if-possible, ignore"
            )),
        }
    }
}

/// US Chess 29E5: the largest rating difference (in rating points) of a
/// transposition or interchange made to give players their due colours.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ColourLimits {
    /// For alternation (29E5a, the 80-point rule).
    pub alternation: u32,
    /// For equalisation (29E5b, the 200-point rule).
    pub equalisation: u32,
}

impl Default for ColourLimits {
    fn default() -> Self {
        ColourLimits {
            alternation: 80,
            equalisation: 200,
        }
    }
}

impl fmt::Display for ColourLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.alternation, self.equalisation)
    }
}

impl FromStr for ColourLimits {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            format!(
                "colour limits \"{s}\" should be two rating differences, for alternation then equalisation, like 80,200"
            )
        };
        let (a, e) = s.split_once(',').ok_or_else(bad)?;
        let a: u32 = a.trim().parse().map_err(|_| bad())?;
        let e: u32 = e.trim().parse().map_err(|_| bad())?;
        if a > 4000 || e > 4000 {
            return Err(bad());
        }
        Ok(ColourLimits {
            alternation: a,
            equalisation: e,
        })
    }
}

/// Where colours rank against top half against bottom half (27A3), the
/// choice directors differ on.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColourPriority {
    /// The rulebook's order as US directors and SwissSys apply it: the
    /// natural pairing (top half against bottom half) first, then colour
    /// fixes by single transpositions and interchanges within the 29E5
    /// limits, board by board from the top; a colour miss stays where no
    /// allowed fix exists.
    #[default]
    Natural,
    /// Colours within the 29E5 limits above top half against bottom half,
    /// over the whole section at once (the engine's order before issue
    /// 29): more and smaller switches, fewer colour misses.
    Colours,
}

impl ColourPriority {
    /// The stored and typed name.
    pub fn as_str(self) -> &'static str {
        match self {
            ColourPriority::Natural => "natural",
            ColourPriority::Colours => "colours",
        }
    }
}

impl FromStr for ColourPriority {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "natural" => Ok(ColourPriority::Natural),
            "colours" | "colors" => Ok(ColourPriority::Colours),
            _ => Err(format!(
                "colour priority \"{s}\" is not one of natural, colours"
            )),
        }
    }
}

/// US Chess 28L2: whether an unrated player may get the pairing-allocated
/// bye while a rated player of the same score group could take it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum UnratedBye {
    /// Not while a rated player of the lowest score group can take it
    /// (the text of 28L2).
    #[default]
    Last,
    /// Unrated players rank at rating 0 for the bye like for everything
    /// else, so in the lowest score group they get it first (what
    /// SwissSys does when unrated players are entered without a rating).
    Lowest,
}

impl UnratedBye {
    /// The stored and typed name.
    pub fn as_str(self) -> &'static str {
        match self {
            UnratedBye::Last => "last",
            UnratedBye::Lowest => "lowest",
        }
    }
}

impl FromStr for UnratedBye {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "last" => Ok(UnratedBye::Last),
            "lowest" => Ok(UnratedBye::Lowest),
            _ => Err(format!("unrated bye \"{s}\" is not one of last, lowest")),
        }
    }
}
