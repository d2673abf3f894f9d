//! FIDE tiebreak systems, Handbook C.07 (Tie-Break Regulations): the 2023
//! text as applied from April 2024, the revision in force from 1 March 2026,
//! and the 2009 "virtual opponent" rules for old events
//! ([`FideEdition`], chosen by `Options::fide_edition`).
//!
//! One file per family:
//! - `unplayed`: art. 15-16, the core every opponent-strength system
//!   reads (voluntarily unplayed rounds, categories, adjusted scores, the
//!   dummy or virtual opponent, the 16.5 cut exception);
//! - `buchholz`: BH, FB, AOB (art. 8) and their modifiers (art. 14);
//! - `sonneborn`: SB and Koya (art. 9);
//! - `direct`: direct encounter (art. 6);
//! - `own`: the player's own record, WIN, WON, BPG, BWG, PS, REP, STD,
//!   TPN (art. 7);
//! - `rating`: ARO, TPR, PTP, APRO, APPO, RTNG (art. 10) and the FIDE B.02
//!   tables they need.
//!
//! [`Facts`] derives, once per section, everything that does not depend on
//! the code asked for (scores, adjusted scores, each player's terms as
//! played and in the Fore Buchholz view); values every player's AOB or APRO
//! needs from all opponents are cached on first use. All FIDE values of a
//! 1,000-player, 9-round section therefore take time roughly linear in the
//! number of games.
//!
//! Round robins (`Format::RoundRobin`): forfeits count as regular games
//! against the scheduled opponent (15.2), except for the rating-based systems
//! (which use games played over the board only) and, from 2026, forfeit
//! losses in the own-record systems (type B); the Buchholz family does not
//! apply and has no value.

mod buchholz;
mod direct;
mod own;
pub(crate) mod rating;
mod sonneborn;
mod unplayed;

#[cfg(test)]
mod tests;

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use super::{Context, FideBase, FideCode, FideEdition, Modifier, Options, Working};
use crate::domain::record::{ByeKind, Format, Outcome, Tournament};
use crate::domain::score::{Points, Value};

/// Every player's Buchholz under a modifier, keyed by (fore view, modifier).
type BuchholzTable = RefCell<HashMap<(bool, Modifier), Rc<Vec<Value>>>>;

/// Facts derived once per section for the FIDE systems.
pub struct Facts {
    edition: FideEdition,
    round_robin: bool,
    /// The section as played.
    played: unplayed::View,
    /// The section as Fore Buchholz sees it (final-round games drawn).
    fore: unplayed::View,
    /// Every player's BH (or FB, when the flag is set) under a modifier,
    /// for AOB.
    bh_all: BuchholzTable,
    /// Every player's uncut TPR and PTP, for APRO and APPO.
    performance: OnceCell<Vec<rating::Performance>>,
    /// The direct-encounter groups solved most recently (at most
    /// [`direct::CACHED`]), for the other players of the same group.
    de: RefCell<Vec<direct::Solved>>,
}

impl Facts {
    /// The facts of `t` under the options' FIDE edition; the costly tables
    /// are filled on first use.
    pub fn new(t: &Tournament, o: &Options) -> Facts {
        let round_robin = t.format == Format::RoundRobin;
        let edition = o.fide_edition;
        Facts {
            edition,
            round_robin,
            played: unplayed::View::new(t, edition, round_robin),
            fore: unplayed::View::new(&unplayed::fore(t), edition, round_robin),
            bh_all: RefCell::new(HashMap::new()),
            performance: OnceCell::new(),
            de: RefCell::new(Vec::new()),
        }
    }

    /// Whether the 16.5 cut exception applies: Swiss events under the 2024
    /// and 2026 editions (2009 cut the plain lowest values; round robins have
    /// no voluntarily unplayed rounds).
    fn vur_first(&self) -> bool {
        !self.round_robin && self.edition != FideEdition::E2009
    }

    /// The player's score as opponents see it (C.07 16.3; 2009: every
    /// unplayed round a draw; round robins: the score itself).
    pub fn adjusted_score(&self, player: usize) -> Option<Points> {
        self.played.adjusted.get(player).copied()
    }

    /// The player's score as Fore Buchholz's opponents see it (8.3: final
    /// round paired games drawn, then 16.3).
    pub fn fore_adjusted_score(&self, player: usize) -> Option<Points> {
        self.fore.adjusted.get(player).copied()
    }
}

/// The value of a FIDE system for `player`. `group` is the set of players
/// still tied with them (used by DE only). `None` means the system has no
/// value for this player (the Buchholz family in a round robin, a rating
/// system with no rated opponent); `w`, when given, receives the working.
pub fn value(
    ctx: &Context,
    code: FideCode,
    player: usize,
    group: &[usize],
    w: Option<&mut Working>,
) -> Option<Value> {
    let t = ctx.t;
    if player >= t.players.len() {
        return None;
    }
    let f = ctx.fide();
    let m = code.modifier;
    match code.base {
        FideBase::BH => buchholz::buchholz(t, f, player, m, false, w),
        FideBase::FB => buchholz::buchholz(t, f, player, m, true, w),
        FideBase::AOB => buchholz::aob(t, f, player, m, w),
        FideBase::SB => sonneborn::sb(t, f, player, m, w),
        FideBase::KS => sonneborn::koya(t, f, player, w),
        FideBase::DE => direct::de(t, f, player, group, w),
        FideBase::PS => own::ps(t, player, m, w),
        FideBase::WIN => own::win(t, player, w),
        FideBase::WON => own::won(t, f, player, w),
        FideBase::BPG => own::bpg(t, f, player, w),
        FideBase::BWG => own::bwg(t, f, player, w),
        FideBase::REP => own::rep(t, f, player, w),
        FideBase::STD => own::std_points(t, f, player, w),
        FideBase::TPN => own::tpn(t, f, player, w),
        FideBase::ARO => rating::aro(t, player, m, w),
        FideBase::TPR => rating::tpr(t, player, m, w),
        FideBase::PTP => rating::ptp(t, player, m, w),
        FideBase::APRO => rating::apro(t, f, player, w),
        FideBase::APPO => rating::appo(t, f, player, w),
        FideBase::RTNG => rating::rtng(t, f, player, w),
    }
}

/// A player's score as opponents see it under the event's edition (C.07
/// 16.3: unplayed rounds as awarded, a withdrawal's tail as draws; 2009:
/// every unplayed round a draw; round robins: the score itself), for
/// crosstables and workings.
pub fn adjusted_score(ctx: &Context, player: usize) -> Option<Points> {
    ctx.fide().adjusted_score(player)
}

/// The same for Fore Buchholz (8.3): every paired final-round game drawn
/// first.
pub fn fore_adjusted_score(ctx: &Context, player: usize) -> Option<Points> {
    ctx.fide().fore_adjusted_score(player)
}

/// Cuts at the bottom and top for a modifier.
fn cut_counts(m: Modifier) -> (usize, usize) {
    match m {
        Modifier::None => (0, 0),
        Modifier::Cut(n) => (n as usize, 0),
        Modifier::Median(n) => (n as usize, n as usize),
    }
}

/// "Player 9 (no. 9)" for workings.
fn who(t: &Tournament, i: usize) -> String {
    match t.players.get(i) {
        Some(p) => format!("{} (no. {})", p.name, p.pairing_no),
        None => "an unknown player".to_string(),
    }
}

/// A round's outcome in words, for workings.
fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
        Outcome::ForfeitWin => "forfeit win",
        Outcome::ForfeitLoss => "forfeit loss",
        Outcome::DoubleForfeit => "double forfeit",
        Outcome::Bye {
            kind: ByeKind::Full,
            requested: false,
        } => "pairing-allocated bye",
        Outcome::Bye {
            kind: ByeKind::Full,
            requested: true,
        } => "full-point bye",
        Outcome::Bye {
            kind: ByeKind::Half,
            ..
        } => "half-point bye",
        Outcome::Bye {
            kind: ByeKind::Zero,
            ..
        } => "zero-point bye",
        Outcome::Absent => "absent",
    }
}

/// Note the final value in a working.
fn total(w: Option<&mut Working>, code: &str, v: Value, kept: usize, cut: usize) {
    if let Some(w) = w {
        let cut = if cut > 0 {
            format!(", {cut} cut")
        } else {
            String::new()
        };
        w.note(format!(
            "{code} = {} (sum of {kept} term{}{cut})",
            v.fraction(),
            if kept == 1 { "" } else { "s" }
        ));
    }
}

/// The note every Buchholz-family system gives in a round robin.
fn not_in_round_robin(w: Option<&mut Working>, code: &str) -> Option<Value> {
    if let Some(w) = w {
        w.note(format!(
            "{code} is not used in round robins (C.07 15.2 and art. 8): the Buchholz \
             family has no value here"
        ));
    }
    None
}
