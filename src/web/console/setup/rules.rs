//! An event's pairing settings beyond the system, on its edit page, as
//! `league event edit` sets them (`--initial-colour`, `--acceleration`,
//! `--bye-points`, the round robins' `--double-round-robin` and
//! `--numbers`, and the US Chess Swiss options): read from the form here,
//! checked and recorded by the event edit action ([`crate::app::season`],
//! [`crate::app::pairing_rules`]). A field left empty (or not on the page)
//! keeps what the event has.

use crate::domain::pairing::settings::{
    bye_str, colour_str, parse_bye, parse_colour, ColourLimits, PairingRules, SystemKind,
};
use crate::error::{Error, Result};
use crate::store::pairing as pairings;

/// The pairing settings' fields of the event edit form.
#[derive(serde::Deserialize, Default)]
pub struct RulesForm {
    #[serde(default)]
    colour: String,
    #[serde(default)]
    acceleration: String,
    #[serde(default)]
    bye: String,
    #[serde(default)]
    double: String,
    #[serde(default)]
    numbers: String,
    #[serde(default)]
    team_mates: String,
    #[serde(default)]
    alternation: String,
    #[serde(default)]
    equalisation: String,
    #[serde(default)]
    accelerate_rounds: String,
    #[serde(default)]
    priority: String,
    #[serde(default)]
    unrated: String,
}

/// A field's value read by `parse`, or `keep` when the field is empty.
fn field<T>(
    text: &str,
    keep: T,
    parse: impl Fn(&str) -> std::result::Result<T, String>,
) -> Result<T> {
    match super::given(text) {
        None => Ok(keep),
        Some(t) => parse(t).map_err(|e| Error::invalid(format!("{e}; nothing was changed"))),
    }
}

/// The settings the form asks for: `base` (the event's) with `system` and
/// each field given. The US Chess Swiss options changed for an event that
/// would not pair by that system are refused, as the CLI refuses them.
pub fn from_form(f: &RulesForm, base: PairingRules, system: SystemKind) -> Result<PairingRules> {
    let n = |what: &str, t: &str, keep: u32| super::number(what, t).map(|v| v.unwrap_or(keep));
    let double = |t: &str| match t {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("\"{t}\" is not yes or no for a double round robin")),
    };
    let rules = PairingRules {
        system,
        initial_colour: field(&f.colour, base.initial_colour, parse_colour)?,
        acceleration: field(&f.acceleration, base.acceleration, str::parse)?,
        bye: field(&f.bye, base.bye, parse_bye)?,
        double_round_robin: field(&f.double, base.double_round_robin, double)?,
        numbers: field(&f.numbers, base.numbers, str::parse)?,
        team_mates: field(&f.team_mates, base.team_mates, str::parse)?,
        colour_limits: limits(f, base)?,
        accelerate_rounds: n(
            "number of accelerated rounds",
            &f.accelerate_rounds,
            base.accelerate_rounds,
        )?,
        colour_priority: field(&f.priority, base.colour_priority, str::parse)?,
        unrated_bye: field(&f.unrated, base.unrated_bye, str::parse)?,
    };
    let us_chess = |r: &PairingRules| {
        (
            r.team_mates,
            r.colour_limits,
            r.accelerate_rounds,
            r.colour_priority,
            r.unrated_bye,
        )
    };
    if system != SystemKind::Uscf && us_chess(&rules) != us_chess(&base) {
        return Err(Error::invalid(format!(
            "the team-mate, colour-limit, added-score and unrated-bye options are the US Chess Swiss system's; this event would pair by the {}; choose that system too, or leave them as they were; nothing was changed",
            system.label()
        )));
    }
    Ok(rules)
}

/// The 29E5 colour limits the form gives, checked as the CLI's
/// `--colour-limits` is (each a rating difference up to 4000).
fn limits(f: &RulesForm, base: PairingRules) -> Result<ColourLimits> {
    let keep = base.colour_limits;
    let a = super::given(&f.alternation).map_or(keep.alternation.to_string(), str::to_string);
    let e = super::given(&f.equalisation).map_or(keep.equalisation.to_string(), str::to_string);
    format!("{a},{e}")
        .parse()
        .map_err(|e: String| Error::invalid(format!("{e}; nothing was changed")))
}

/// The settings as the edit page and the echo show them: "pairing: uscf
/// (US Chess Swiss system)", "acceleration: none", ...
pub fn lines(r: &PairingRules) -> Vec<String> {
    pairings::describe(r)
        .into_iter()
        .map(|(what, value)| format!("{what}: {value}"))
        .collect()
}

/// The values the form starts from: each field as the event has it.
pub struct Shown {
    /// "white" or "black".
    pub colour: &'static str,
    /// "none" or "baku".
    pub acceleration: &'static str,
    /// "full", "half" or "zero".
    pub bye: &'static str,
    /// Whether the table is played twice.
    pub double: bool,
    /// "rating" or "drawn".
    pub numbers: &'static str,
    /// "never", "if-possible" or "ignore".
    pub team_mates: &'static str,
    /// The 29E5 limit to alternate colours.
    pub alternation: u32,
    /// The 29E5 limit to equalise colours.
    pub equalisation: u32,
    /// Rounds paired with added-score acceleration.
    pub accelerate_rounds: u32,
    /// "natural" or "colours".
    pub priority: &'static str,
    /// "last" or "lowest".
    pub unrated: &'static str,
    /// Whether the event pairs by the US Chess Swiss system (its own
    /// options are shown).
    pub us_chess: bool,
}

impl Shown {
    /// The form's starting values for `r`.
    pub fn of(r: &PairingRules) -> Shown {
        Shown {
            colour: colour_str(r.initial_colour),
            acceleration: r.acceleration.as_str(),
            bye: bye_str(r.bye),
            double: r.double_round_robin,
            numbers: r.numbers.as_str(),
            team_mates: r.team_mates.as_str(),
            alternation: r.colour_limits.alternation,
            equalisation: r.colour_limits.equalisation,
            accelerate_rounds: r.accelerate_rounds,
            priority: r.colour_priority.as_str(),
            unrated: r.unrated_bye.as_str(),
            us_chess: r.system == SystemKind::Uscf,
        }
    }
}
