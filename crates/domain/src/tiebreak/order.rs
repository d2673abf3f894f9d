//! An event's parsed tiebreak order: a preset (see [`super::presets`]) or a
//! list of codes, asked questions as a type, never as text.

use super::codes::{Tiebreak, UnknownCode, UsCode};
use super::presets::PRESETS;

/// A parsed tiebreak order: the codes, and whether the actual-play rule is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// The tiebreaks in the order they are applied: the second only
    /// separates players the first left tied, and so on.
    pub tiebreaks: Vec<Tiebreak>,
    /// The "actual play before unplayed points" rule (docs/tiebreaks.md,
    /// choice 14): among players tied on score, those who scored a point over
    /// the board rank first, before any tiebreak. Only a preset turns it on
    /// here; `--actual-play-first` can add it to any order.
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
        self.tiebreaks.contains(&Tiebreak::Us(UsCode::Coin))
    }

    /// Whether the order ranks by the FIDE tiebreak rules (C.07): its first
    /// tiebreak is a FIDE code (every `fide-*` preset, or codes such as
    /// `BH/C1, SB`). Asked of the parsed codes, never of the text. The first
    /// code decides an order that mixes the two families: it is the one that
    /// separates most ties, so it names the rules the secretary ranks by.
    pub fn is_fide(&self) -> bool {
        matches!(self.tiebreaks.first(), Some(Tiebreak::Fide(_)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_code_says_whether_an_order_is_fide() {
        let fide = |t: &str| Order::parse(t).unwrap().is_fide();
        assert!(fide("fide-swiss"));
        assert!(fide("fide-round-robin"));
        assert!(fide("BH/C1, SB, DE"));
        assert!(!fide("uscf-swiss"));
        assert!(!fide("madison-swiss"));
        assert!(!fide("mm, solkoff"));
        // Mixed: the first code decides.
        assert!(fide("BH, solkoff"));
        assert!(!fide("solkoff, BH"));
    }
}
