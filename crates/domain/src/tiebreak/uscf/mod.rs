//! US Chess rule 34E systems (spec `shared/spec/tiebreaks.md` §1 and §4).
//!
//! Everything here follows the US Chess treatment of unplayed rounds and never
//! FIDE's (spec §3, last line):
//! - an *opponent's* unplayed rounds (byes of any value, forfeits either way,
//!   double forfeits, rounds before a late entry or after a withdrawal) each
//!   count ½ in the opponent's adjusted score (spec 1.1, decision 2);
//! - the *player's own* unplayed rounds are entries of 0 in the player's list,
//!   included before anything is dropped (spec 1.1, 7th edition).
//!
//! One file per family of systems: [`median`] (Modified Median, Median,
//! Solkoff), [`cumulative`] (Cumulative, Opposition Cumulative), [`direct`]
//! (result between tied players, head-to-head), [`sonneborn`], [`counts`]
//! (most blacks, Kashdan, wins), [`rating`] (average rating of opponents) and
//! [`coin`]. The [`Facts`] every system reads are derived once per section so
//! that computing every system for every player is linear in the records.

pub mod coin;
pub mod counts;
pub mod cumulative;
pub mod direct;
pub mod median;
pub mod rating;
pub mod sonneborn;

#[cfg(test)]
pub(crate) mod testkit;
#[cfg(test)]
mod tests;

use super::{Context, UsCode, Working};
use crate::domain::record::{ByeKind, Outcome, Round, Tournament};
use crate::domain::score::{Points, Value};

pub use median::{median_of, modified_median_of, solkoff_of};

/// Facts derived once per section for the US Chess systems.
///
/// Every per-player vector has one entry per entry of [`Tournament::players`];
/// only the first [`Tournament::rounds`] rounds of each record are read, and a
/// record shorter than that is read as absent in the missing rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Rounds considered (R).
    rounds: usize,
    /// Final score over the rounds considered (never adjusted).
    score: Vec<Points>,
    /// Points scored over the board.
    played: Vec<Points>,
    /// The score as seen by opponents (spec 1.1): over-the-board points plus
    /// ½ for every unplayed round.
    adjusted: Vec<Points>,
    /// US Chess Cumulative (spec 1.5), in half-points.
    cumulative: Vec<i64>,
    /// Opposition Cumulative (spec 1.6), in half-points.
    opp_cumulative: Vec<i64>,
}

impl Facts {
    /// Derive the facts for a section: one pass over the records for the
    /// players' own values, a second for the values that read opponents.
    pub fn new(t: &Tournament) -> Facts {
        let n = t.players.len();
        let mut score = Vec::with_capacity(n);
        let mut played = Vec::with_capacity(n);
        let mut adjusted = Vec::with_capacity(n);
        let mut cumulative = Vec::with_capacity(n);
        for p in 0..n {
            let (mut s, mut otb, mut unplayed) = (Points::ZERO, Points::ZERO, 0i32);
            let mut running_sum: i64 = 0;
            for (_, round) in rounds(t, p) {
                let pts = round.points();
                s += pts;
                running_sum += i64::from(s.halves());
                if round.outcome.is_played() {
                    otb += pts;
                } else {
                    unplayed += 1;
                }
            }
            score.push(s);
            played.push(otb);
            adjusted.push(otb + Points::from_halves(unplayed));
            // Each point not won over the board is taken off once (34E3).
            cumulative.push(running_sum - i64::from((s - otb).halves()));
        }
        let opp_cumulative = (0..n)
            .map(|p| {
                rounds(t, p)
                    .filter_map(|(_, round)| played_opponent(t, p, &round))
                    .map(|o| cumulative[o])
                    .sum()
            })
            .collect();
        Facts {
            rounds: t.rounds,
            score,
            played,
            adjusted,
            cumulative,
            opp_cumulative,
        }
    }

    /// Rounds considered (R).
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// The player's score (played and unplayed points, never adjusted).
    pub fn score(&self, p: usize) -> Option<Points> {
        self.score.get(p).copied()
    }

    /// Points the player scored over the board.
    pub fn played_points(&self, p: usize) -> Option<Points> {
        self.played.get(p).copied()
    }

    /// The player's score as opponents see it in US Chess systems: every
    /// unplayed round counts ½ (spec 1.1).
    pub fn adjusted(&self, p: usize) -> Option<Points> {
        self.adjusted.get(p).copied()
    }

    /// The player's US Chess Cumulative (spec 1.5).
    pub fn cumulative(&self, p: usize) -> Option<Value> {
        self.cumulative.get(p).map(|&h| Value::halves(h))
    }

    /// The player's Opposition Cumulative (spec 1.6).
    pub fn opp_cumulative(&self, p: usize) -> Option<Value> {
        self.opp_cumulative.get(p).map(|&h| Value::halves(h))
    }

    /// Nine or more rounds: the median systems drop two values at each end
    /// instead of one (34E1, 34E4).
    pub fn drops_per_end(&self) -> usize {
        drops_per_end(self.rounds)
    }
}

/// Values dropped at each end by the median systems: one, or two with nine
/// or more rounds (34E1, 34E4).
pub fn drops_per_end(rounds: usize) -> usize {
    if rounds >= 9 {
        2
    } else {
        1
    }
}

/// The value of the US Chess system `code` for `player`.
///
/// `group` is the set of players still tied with `player` (read only by the
/// type-A systems `tied-results` and `h2h`; the standings engine passes it
/// sorted, which makes membership a binary search). `None` means the system
/// has no value for this player (an unknown player, `aro` with no rated
/// opponent, `coin` when the event allows no coin flip); such players sort
/// last. When `w` is given, the working is written into it: one term per
/// round or opponent, dropped terms marked, and notes.
pub fn value(
    ctx: &Context,
    code: UsCode,
    player: usize,
    group: &[usize],
    w: Option<&mut Working>,
) -> Option<Value> {
    let t = ctx.t;
    if player >= t.players.len() {
        if let Some(w) = w {
            w.note(format!("There is no player number {} here.", player + 1));
        }
        return None;
    }
    let facts = ctx.uscf();
    match code {
        UsCode::ModifiedMedian => Some(median::modified_median(t, facts, player, w)),
        UsCode::Median => Some(median::median(t, facts, player, w)),
        UsCode::Solkoff => Some(median::solkoff(t, facts, player, w)),
        UsCode::Cumulative => Some(cumulative::cumulative(t, facts, player, w)),
        UsCode::OppCumulative => Some(cumulative::opp_cumulative(t, facts, player, w)),
        UsCode::TiedResults => Some(direct::tied_results(t, player, group, w)),
        UsCode::HeadToHead => Some(direct::head_to_head(t, player, group, w)),
        UsCode::Blacks => Some(counts::blacks(t, player, w)),
        UsCode::Kashdan => Some(counts::kashdan(t, player, w)),
        UsCode::Wins => Some(counts::wins(t, player, w)),
        UsCode::SonnebornBerger => Some(sonneborn::sonneborn_berger(
            t,
            facts,
            player,
            ctx.options.uscf_sb_adjusted,
            w,
        )),
        UsCode::Aro => rating::aro(t, player, w),
        UsCode::Coin => coin::coin(t, player, ctx.options.coin_seed, w),
    }
}

// ---------------------------------------------------------------------------
// Reading records safely. A malformed tournament (short records, opponents
// that do not exist, a player paired with themself) must never make a
// tiebreak panic: every read goes through these.

/// Round `r` (0-based) of player `p`, absent when the record is short.
pub(crate) fn round_of(t: &Tournament, p: usize, r: usize) -> Round {
    t.players
        .get(p)
        .and_then(|pl| pl.rounds.get(r))
        .copied()
        .unwrap_or(Round::ABSENT)
}

/// The rounds considered for player `p`, with their 0-based index.
pub(crate) fn rounds(
    t: &Tournament,
    p: usize,
) -> impl Iterator<Item = (usize, Round)> + Clone + '_ {
    (0..t.rounds).map(move |r| (r, round_of(t, p, r)))
}

/// The recorded opponent of `p` in `round`, if it is a real other player.
pub(crate) fn opponent(t: &Tournament, p: usize, round: &Round) -> Option<usize> {
    round.opponent.filter(|&o| o != p && o < t.players.len())
}

/// The opponent met over the board, if `round` was a played game against a
/// real other player.
pub(crate) fn played_opponent(t: &Tournament, p: usize, round: &Round) -> Option<usize> {
    if round.outcome.is_played() {
        opponent(t, p, round)
    } else {
        None
    }
}

// ---------------------------------------------------------------------------
// Words for the working (only called when a working is asked for).

/// A player's name as the secretary knows it.
pub(crate) fn name(t: &Tournament, p: usize) -> String {
    match t.players.get(p) {
        Some(pl) if !pl.name.trim().is_empty() => pl.name.clone(),
        Some(pl) => format!("No. {}", pl.pairing_no),
        None => format!("unknown player {}", p + 1),
    }
}

/// "won against", "drew with", "lost to" for a played game.
pub(crate) fn result_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "beat",
        Outcome::Draw => "drew with",
        Outcome::Loss => "lost to",
        _ => "met",
    }
}

/// What an unplayed round was, in a secretary's words, without the round
/// number: "half-point bye", "forfeit win against Player 9", "absent".
pub(crate) fn unplayed_words(t: &Tournament, p: usize, r: usize, round: &Round) -> String {
    let against = |what: &str| match opponent(t, p, round) {
        Some(o) => format!("{what} against {}", name(t, o)),
        None => what.to_string(),
    };
    match round.outcome {
        Outcome::Bye {
            kind: ByeKind::Full,
            requested: false,
        } => "pairing-allocated full-point bye".to_string(),
        Outcome::Bye {
            kind: ByeKind::Full,
            requested: true,
        } => "full-point bye".to_string(),
        Outcome::Bye {
            kind: ByeKind::Half,
            ..
        } => "half-point bye".to_string(),
        Outcome::Bye {
            kind: ByeKind::Zero,
            ..
        } => "zero-point bye".to_string(),
        Outcome::ForfeitWin => against("forfeit win"),
        Outcome::ForfeitLoss => against("forfeit loss"),
        Outcome::DoubleForfeit => against("double forfeit"),
        Outcome::Absent => match t.players.get(p).and_then(|pl| pl.withdrawn_after) {
            Some(after) if r + 1 > after as usize => format!("absent (withdrew after R{after})"),
            _ => "absent (not paired)".to_string(),
        },
        // A played game with no usable opponent on record.
        Outcome::Win | Outcome::Draw | Outcome::Loss => {
            "game with no opponent on record".to_string()
        }
    }
}

/// "R2 own half-point bye" or "R4 own forfeit loss against Player 11".
pub(crate) fn own_unplayed(t: &Tournament, p: usize, r: usize, round: &Round) -> String {
    format!("R{} own {}", r + 1, unplayed_words(t, p, r, round))
}

/// How an opponent's score becomes their adjusted score (spec 1.1), e.g.
/// "score 3½ adjusted to 3 (full-point bye in R2 counted ½)".
pub(crate) fn adjusted_words(t: &Tournament, facts: &Facts, o: usize) -> String {
    let score = facts.score(o).unwrap_or_default();
    let adjusted = facts.adjusted(o).unwrap_or_default();
    let unplayed: Vec<String> = rounds(t, o)
        .filter(|(_, round)| round.outcome.is_unplayed())
        .map(|(r, round)| {
            let words = match round.outcome {
                Outcome::Absent => "absent".to_string(),
                Outcome::ForfeitWin => "forfeit win".to_string(),
                Outcome::ForfeitLoss => "forfeit loss".to_string(),
                Outcome::DoubleForfeit => "double forfeit".to_string(),
                _ => unplayed_words(t, o, r, &round),
            };
            format!("{words} in R{}", r + 1)
        })
        .collect();
    if unplayed.is_empty() {
        return format!("score {score}");
    }
    let each = if unplayed.len() > 1 { " each" } else { "" };
    if adjusted == score {
        format!(
            "score {score}, unchanged when adjusted ({} counted ½{each})",
            unplayed.join(", ")
        )
    } else {
        format!(
            "score {score} adjusted to {adjusted} ({} counted ½{each})",
            unplayed.join(", ")
        )
    }
}
