//! Team events: match scoring, team byes, team standings with the team
//! tiebreaks (US Chess 34G and FIDE C.07 art. 13), the team crosstable and
//! board prizes. Spec: `shared/spec/tiebreaks.md` §2, decisions 7 and 10,
//! and the worked table §5.13.
//!
//! Plain values in, plain values out, like the rest of [`crate::domain`]:
//! the store builds a [`TeamEvent`] from the database, [`standings()`] ranks
//! it, [`crosstable()`] lays it out as strings, [`board_prizes()`] lists the
//! boards. Points are exact half-points and tiebreak values exact
//! hundredths; nothing is compared as a float.
//!
//! - [`event`]: the data (rules, teams, matches known by boards or by
//!   score, byes) and its validation.
//! - [`scoring`]: each team's view of each round (result, match points).
//! - [`tiebreak`]: one pure function per team tiebreak, with its working.
//! - [`mod@standings`]: ranking, shared places, explanations.
//! - [`mod@crosstable`]: the rows of spec §5.13.
//! - [`boards`]: board prizes.

pub mod boards;
pub mod crosstable;
pub mod event;
pub mod scoring;
pub mod standings;
pub mod tiebreak;

pub use boards::{board_prizes, BoardPrizes, BoardScore};
pub use crosstable::{crosstable, TeamCrosstable};
pub use event::{
    BoardOutcome, BoardResult, PlayerId, RankBy, RoundResults, RulesEdit, Side, Team, TeamEvent,
    TeamMatch, TeamRules,
};
pub use scoring::{MatchResult, RoundKind, TeamRound};
pub use standings::{standings, TeamRow, TeamStandings};
pub use tiebreak::TeamFacts;

#[cfg(test)]
mod tests;
