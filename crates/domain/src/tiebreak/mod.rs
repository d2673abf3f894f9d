//! Tiebreak systems by the spec's short codes, the presets, and dispatch.
//!
//! Two families live here and never share unplayed-round logic
//! (`shared/spec/tiebreaks.md` §3): the US Chess systems of rule 34E in
//! [`uscf`], FIDE C.07 in [`fide`]. Team systems are in [`crate::domain::team`].
//! Every system is a pure function of a [`Context`] (the section's records and
//! the event's options) and can write its working into a [`Working`] so a
//! secretary can see why a value is what it is.

pub mod fide;
pub mod uscf;

mod codes;
mod options;
mod order;
mod presets;
mod working;

use std::cell::OnceCell;

pub use codes::{FideBase, FideCode, Modifier, TeamCode, Tiebreak, UnknownCode, UsCode};
pub use options::{FideEdition, Options};
pub use order::Order;
pub use presets::{Preset, PRESETS};
pub use working::{Term, Working};

use super::record::Tournament;
use super::score::Value;

/// What every system reads: the section, the event's options, and facts
/// each family derives once per section (built lazily on first use).
pub struct Context<'a> {
    /// The section's records.
    pub t: &'a Tournament,
    /// The event's tiebreak options (FIDE edition, US Chess variations).
    pub options: Options,
    uscf: OnceCell<uscf::Facts>,
    fide: OnceCell<fide::Facts>,
}

impl<'a> Context<'a> {
    /// A context for `t`; each family's facts are derived when first asked for.
    pub fn new(t: &'a Tournament, options: Options) -> Context<'a> {
        Context {
            t,
            options,
            uscf: OnceCell::new(),
            fide: OnceCell::new(),
        }
    }

    pub(crate) fn uscf(&self) -> &uscf::Facts {
        self.uscf.get_or_init(|| uscf::Facts::new(self.t))
    }

    pub(crate) fn fide(&self) -> &fide::Facts {
        self.fide
            .get_or_init(|| fide::Facts::new(self.t, &self.options))
    }

    /// The value of `tb` for `player`. `group` is the set of players still
    /// tied with them (used only by type-A systems such as `tied-results`
    /// and `DE`). `None` means the system has no value for this player (for
    /// example `aro` with no rated opponent); such players sort last.
    pub fn value(
        &self,
        tb: Tiebreak,
        player: usize,
        group: &[usize],
        working: Option<&mut Working>,
    ) -> Option<Value> {
        match tb {
            Tiebreak::Us(code) => uscf::value(self, code, player, group, working),
            Tiebreak::Fide(code) => fide::value(self, code, player, group, working),
            Tiebreak::Team(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn us_codes_are_lower_case_and_fide_codes_keep_their_acronyms() {
        assert_eq!(
            "sb".parse::<Tiebreak>().unwrap(),
            Tiebreak::Us(UsCode::SonnebornBerger)
        );
        assert_eq!(
            "SB".parse::<Tiebreak>().unwrap(),
            Tiebreak::Fide(FideCode {
                base: FideBase::SB,
                modifier: Modifier::None
            })
        );
        assert_eq!(
            "bh/c1".parse::<Tiebreak>().unwrap(),
            Tiebreak::Fide(FideCode {
                base: FideBase::BH,
                modifier: Modifier::Cut(1)
            })
        );
        assert_eq!("BH/M2".parse::<Tiebreak>().unwrap().code(), "BH/M2");
        assert_eq!(
            "usat/x1/raw".parse::<Tiebreak>().unwrap(),
            Tiebreak::Team(TeamCode::Usat {
                doubled: false,
                adjusted: false
            })
        );
    }

    #[test]
    fn unknown_codes_list_the_valid_ones() {
        let err = "buchholz".parse::<Tiebreak>().unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("\"buchholz\""));
        assert!(msg.contains("mm, solkoff"));
        assert!(msg.contains("uscf-swiss"));
        assert!("WIN/C1".parse::<Tiebreak>().is_err());
    }

    #[test]
    fn every_catalogued_code_round_trips() {
        for tb in Tiebreak::catalogue() {
            assert_eq!(tb.code().parse::<Tiebreak>().unwrap(), tb, "{}", tb.code());
            assert!(!tb.meaning().is_empty(), "{}", tb.code());
        }
    }

    #[test]
    fn presets_parse() {
        let o = Order::parse("uscf-swiss").unwrap();
        assert_eq!(o.codes(), "mm, solkoff, cumulative, opp-cumulative");
        assert!(Order::parse("big-rapids-swiss").unwrap().actual_play_first);
        assert_eq!(Order::parse("mm, SB ,wins").unwrap().tiebreaks.len(), 3);
    }

    #[test]
    fn edition_follows_the_start_date() {
        assert_eq!(
            FideEdition::for_start_date(Some("2024-03-18")),
            FideEdition::E2024
        );
        assert_eq!(
            FideEdition::for_start_date(Some("2026-03-01")),
            FideEdition::E2026
        );
        assert_eq!(
            FideEdition::for_start_date(Some("2019-01-05")),
            FideEdition::E2009
        );
        assert_eq!(FideEdition::for_start_date(None), FideEdition::E2026);
    }
}
