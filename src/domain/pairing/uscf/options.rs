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
