//! Modified Median (34E1), Solkoff (34E2) and Median (34E4): sums of the
//! player's per-round list of opponents' adjusted scores, with some values
//! dropped.
//!
//! The list `L(p)` has one entry per round considered (spec 1.1-1.4):
//! - a game played over the board: the opponent's adjusted score (their
//!   over-the-board points plus ½ for each of their unplayed rounds,
//!   whatever it earned them);
//! - any of the player's own unplayed rounds (byes of any value, forfeits
//!   either way, double forfeits, absences before a late entry or after a
//!   withdrawal): 0.
//!
//! The 0 entries are in the list *before* dropping, so a player with a plus
//! score and a bye loses the 0, not a real opponent (spec 1.4).
//!
//! The no-working path makes one pass over the player's rounds and keeps the
//! two lowest and two highest values on the stack: nothing is allocated.

use std::cmp::Ordering;

use super::{
    adjusted_words, drops_per_end, name, opponent, own_unplayed, played_opponent, rounds, Facts,
};
use crate::domain::record::{Round, Tournament};
use crate::domain::score::{Points, Value};
use crate::domain::tiebreak::Working;

/// How many values a system drops at each end, and why (for the working).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Drops {
    low: usize,
    high: usize,
    why_low: &'static str,
    why_high: &'static str,
}

/// Modified Median drops (34E1): plus score (more than R/2) drops the
/// lowest, minus score (less than R/2) the highest, even score (exactly R/2)
/// both; two at each end instead of one with nine or more rounds.
fn mm_drops(score: Points, rounds: usize) -> Drops {
    let k = drops_per_end(rounds);
    // R/2 points is R half-points.
    match i64::from(score.halves()).cmp(&(rounds as i64)) {
        Ordering::Greater => Drops {
            low: k,
            high: 0,
            why_low: "lowest, plus score",
            why_high: "",
        },
        Ordering::Less => Drops {
            low: 0,
            high: k,
            why_low: "",
            why_high: "highest, minus score",
        },
        Ordering::Equal => Drops {
            low: k,
            high: k,
            why_low: "lowest, even score",
            why_high: "highest, even score",
        },
    }
}

/// Median drops (34E4): the highest and the lowest whatever the score; two
/// at each end with nine or more rounds.
fn median_drops(rounds: usize) -> Drops {
    let k = drops_per_end(rounds);
    Drops {
        low: k,
        high: k,
        why_low: "lowest",
        why_high: "highest",
    }
}

const SOLKOFF_DROPS: Drops = Drops {
    low: 0,
    high: 0,
    why_low: "",
    why_high: "",
};

/// The entry of `L(p)` for one round: the opponent's adjusted score for a
/// game played over the board, 0 for any of the player's own unplayed
/// rounds (and for a game whose opponent is not on record).
fn entry(t: &Tournament, facts: &Facts, p: usize, round: &Round) -> Points {
    played_opponent(t, p, round)
        .and_then(|o| facts.adjusted(o))
        .unwrap_or(Points::ZERO)
}

/// Sum of `values` less the `low` lowest and the `high` highest, in
/// half-points; 0 when that would drop every value (or more).
fn drop_sum(values: impl Iterator<Item = Points>, low: usize, high: usize) -> i64 {
    if low > 2 || high > 2 {
        // Never reached by the systems here (at most two per end); kept
        // general so the helper is correct for any request.
        let mut v: Vec<i64> = values.map(|p| i64::from(p.halves())).collect();
        if low + high >= v.len() {
            return 0;
        }
        v.sort_unstable();
        return v[low..v.len() - high].iter().sum();
    }
    let (mut n, mut total) = (0usize, 0i64);
    // lo[0] <= lo[1] are the two lowest seen, hi[0] >= hi[1] the two highest.
    let (mut lo, mut hi) = ([i64::MAX; 2], [i64::MIN; 2]);
    for v in values {
        let h = i64::from(v.halves());
        n += 1;
        total += h;
        if h < lo[0] {
            lo = [h, lo[0]];
        } else if h < lo[1] {
            lo[1] = h;
        }
        if h > hi[0] {
            hi = [h, hi[0]];
        } else if h > hi[1] {
            hi[1] = h;
        }
    }
    if low + high >= n {
        return 0;
    }
    total - lo[..low].iter().sum::<i64>() - hi[..high].iter().sum::<i64>()
}

/// Solkoff of a list of opponents' adjusted scores (the player's own
/// unplayed rounds included as 0): the plain sum (34E2).
pub fn solkoff_of(list: &[Points]) -> Value {
    Value::halves(drop_sum(list.iter().copied(), 0, 0))
}

/// Median of a list of opponents' adjusted scores, one per round, so that
/// R = `list.len()`: the highest and lowest dropped, two of each with nine
/// or more rounds (34E4).
pub fn median_of(list: &[Points]) -> Value {
    let d = median_drops(list.len());
    Value::halves(drop_sum(list.iter().copied(), d.low, d.high))
}

/// Modified Median of a list of opponents' adjusted scores, one per round
/// (R = `list.len()`), for a player whose own score is `own_score` (34E1).
pub fn modified_median_of(list: &[Points], own_score: Points) -> Value {
    let d = mm_drops(own_score, list.len());
    Value::halves(drop_sum(list.iter().copied(), d.low, d.high))
}

/// **Modified Median** (US Chess 34E1): the player's list `L(p)` less the
/// lowest value for a plus score, the highest for a minus score, both for an
/// even score (exactly R/2); two at each end with nine or more rounds.
///
/// Choices where the rule is silent (spec §4): R is the rounds considered,
/// so standings after round N use N for the even score and the nine-round
/// rule (decision 1); rounds before a late entry and after a withdrawal are
/// unplayed rounds, ½ for opponents and 0 for the player (decision 2); when
/// more values would be dropped than there are (possible after round 1 or
/// 2), the value is 0.
pub fn modified_median(t: &Tournament, facts: &Facts, p: usize, w: Option<&mut Working>) -> Value {
    let score = facts.score(p).unwrap_or_default();
    let drops = mm_drops(score, t.rounds);
    let value = sum(t, facts, p, drops);
    if let Some(w) = w {
        let shown = explain(t, facts, p, drops, w);
        let r = t.rounds;
        let kind = match i64::from(score.halves()).cmp(&(r as i64)) {
            Ordering::Greater => "a plus score (more than half the rounds)",
            Ordering::Less => "a minus score (less than half the rounds)",
            Ordering::Equal => "an even score (exactly half the rounds)",
        };
        let what = match (drops.low, drops.high) {
            (1, 0) => "the lowest value is dropped",
            (2, 0) => "the two lowest values are dropped",
            (0, 1) => "the highest value is dropped",
            (0, 2) => "the two highest values are dropped",
            (1, 1) => "the highest and the lowest values are dropped",
            _ => "the two highest and the two lowest values are dropped",
        };
        w.note(format!(
            "Score {score} of {r} is {kind}, so {what} (US Chess 34E1)."
        ));
        debug_assert_eq!(value, shown);
    }
    value
}

/// **Median** (Harkness, US Chess 34E4): the player's list `L(p)` less the
/// highest and the lowest value, two of each with nine or more rounds,
/// whatever the player's score.
///
/// Same list and same choices as [`modified_median`].
pub fn median(t: &Tournament, facts: &Facts, p: usize, w: Option<&mut Working>) -> Value {
    let drops = median_drops(t.rounds);
    let value = sum(t, facts, p, drops);
    if let Some(w) = w {
        let shown = explain(t, facts, p, drops, w);
        w.note(if drops.low == 2 {
            "The two highest and the two lowest values are dropped (US Chess 34E4)."
        } else {
            "The highest and the lowest values are dropped (US Chess 34E4)."
        });
        debug_assert_eq!(value, shown);
    }
    value
}

/// **Solkoff** (US Chess 34E2): the whole of the player's list `L(p)`,
/// nothing dropped: "the same as the Median system except that no
/// opponents' scores are discarded", so opponents' unplayed rounds count ½
/// and the player's own unplayed rounds 0 (spec 1.2).
pub fn solkoff(t: &Tournament, facts: &Facts, p: usize, w: Option<&mut Working>) -> Value {
    let value = sum(t, facts, p, SOLKOFF_DROPS);
    if let Some(w) = w {
        let shown = explain(t, facts, p, SOLKOFF_DROPS, w);
        w.note("Nothing is dropped (US Chess 34E2).");
        debug_assert_eq!(value, shown);
    }
    value
}

/// Allocation-free sum of `L(p)` with `drops` applied.
fn sum(t: &Tournament, facts: &Facts, p: usize, drops: Drops) -> Value {
    let list = rounds(t, p).map(|(_, round)| entry(t, facts, p, &round));
    Value::halves(drop_sum(list, drops.low, drops.high))
}

/// Write one term per round, marking the dropped ones; returns the sum of
/// the terms kept (which must be the value).
fn explain(t: &Tournament, facts: &Facts, p: usize, drops: Drops, w: &mut Working) -> Value {
    let first = w.terms.len();
    // Which terms are the player's own unplayed rounds.
    let mut own = Vec::with_capacity(t.rounds);
    for (r, round) in rounds(t, p) {
        let v = entry(t, facts, p, &round).value();
        let opp = played_opponent(t, p, &round);
        own.push(opp.is_none());
        match opp {
            Some(o) => w.term(
                Some(r + 1),
                Some(o),
                format!(
                    "R{} vs {}: {}",
                    r + 1,
                    name(t, o),
                    adjusted_words(t, facts, o)
                ),
                v,
            ),
            None if round.outcome.is_played() => w.term(
                Some(r + 1),
                None,
                format!("R{} game with no opponent on record: counts 0", r + 1),
                v,
            ),
            None => w.term(
                Some(r + 1),
                opponent(t, p, &round),
                format!("{}: counts 0", own_unplayed(t, p, r, &round)),
                v,
            ),
        }
    }
    let terms = &mut w.terms[first..];
    let n = terms.len();
    if drops.low + drops.high >= n && drops.low + drops.high > 0 {
        for term in terms.iter_mut() {
            term.dropped = Some("too few rounds: every value is dropped".into());
        }
        w.note(format!(
            "{n} value{} and {} to drop: nothing is left, so the value is 0.",
            if n == 1 { "" } else { "s" },
            drops.low + drops.high
        ));
        return Value::ZERO;
    }
    // Lowest first; among equal values the player's own unplayed rounds are
    // the ones shown as dropped at the low end (spec 1.4), then the earlier
    // round. The sum does not depend on which of equal values is marked.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (terms[i].value, !own[i], i));
    for &i in &order[..drops.low] {
        terms[i].dropped = Some(drops.why_low.into());
    }
    for &i in &order[n - drops.high..] {
        terms[i].dropped = Some(drops.why_high.into());
    }
    terms
        .iter()
        .filter(|t| t.dropped.is_none())
        .map(|t| t.value)
        .sum()
}
