//! The Buchholz family, FIDE C.07 art. 8: Buchholz (BH, 8.1), Average of
//! Opponents' Buchholz (AOB, 8.2) and Fore Buchholz (FB, 8.3), with the
//! Cut and Median modifiers of art. 14 and the unplayed-round rules of
//! art. 16 (see [`super::unplayed`]).
//!
//! The sum over a player's terms with cuts ([`opponent_sum`]) is shared with
//! Sonneborn-Berger, which weights each term by the points scored.

use super::unplayed::{self, Candidate, Category, Dummy, Entry, View};
use super::{cut_counts, not_in_round_robin, outcome_words, total, who, Facts};
use crate::domain::record::Tournament;
use crate::domain::score::{mean_round_int, product, Value};
use crate::domain::tiebreak::{FideEdition, Modifier, Term, Working};
use std::rc::Rc;

/// BH (C.07 8.1), or FB (8.3) when `fore` is set: the sum of the opponents'
/// scores.
///
/// - Swiss: each opponent met over the board counts with their adjusted
///   score (16.3: unplayed rounds as awarded, a withdrawal's tail as draws;
///   2009: every unplayed round a draw). Each of the player's own unplayed
///   rounds (byes, forfeits either way, absences) counts a dummy opponent
///   (16.4: the player's own score; 2026: capped by the scheduled opponent's
///   adjusted score for a forfeit, by ½ × rounds otherwise; 2009: the
///   virtual opponent).
/// - Trailing forfeit losses count as awarded (0) in the adjusted score, as
///   the FIDE reference implementation does (spec decision 8).
/// - Modifiers: Cut-n removes the n least significant values, Median-n also
///   the n highest; voluntarily unplayed rounds are cut first (16.5).
/// - FB: as BH with every paired game of the final round drawn. Forfeits in
///   that round count as paired games (they become drawn games against the
///   scheduled opponent) and final-round byes keep their points (spec
///   decision 9); the player's own dummy uses the player's own fore score.
/// - Round robins: not used (no value, with a note).
pub(super) fn buchholz(
    t: &Tournament,
    f: &Facts,
    player: usize,
    m: Modifier,
    fore: bool,
    w: Option<&mut Working>,
) -> Option<Value> {
    let code = if fore { "FB" } else { "BH" };
    if f.round_robin {
        return not_in_round_robin(w, code);
    }
    let view = if fore { &f.fore } else { &f.played };
    let code = match m {
        Modifier::None => code.to_string(),
        Modifier::Cut(n) => format!("{code}/C{n}"),
        Modifier::Median(n) => format!("{code}/M{n}"),
    };
    let mut w = w;
    if fore {
        if let Some(w) = w.as_deref_mut() {
            w.note(
                "Fore Buchholz: every paired game of the final round (forfeits included) \
                 counts as a draw; final-round byes keep their points (C.07 8.3)",
            );
        }
    }
    Some(opponent_sum(t, f, view, player, m, false, &code, w))
}

/// AOB (C.07 8.2): the average of the Buchholz of the opponents met over the
/// board, rounded half-up to two decimals. With a modifier, the opponents'
/// Buchholz carries it (AOB/C1 averages their BH/C1). No value with no
/// opponent met over the board, or in a round robin.
pub(super) fn aob(
    t: &Tournament,
    f: &Facts,
    player: usize,
    m: Modifier,
    w: Option<&mut Working>,
) -> Option<Value> {
    if f.round_robin {
        return not_in_round_robin(w, "AOB");
    }
    let all = bh_all(t, f, m, false);
    let mut sum = 0i64;
    let mut count = 0i64;
    let mut w = w;
    for (r, round) in t.players[player].rounds.iter().enumerate() {
        let Some(o) = round.played_opponent().filter(|&o| o < t.players.len()) else {
            continue;
        };
        sum += all[o].hundredths();
        count += 1;
        if let Some(w) = w.as_deref_mut() {
            w.term(
                Some(r + 1),
                Some(o),
                format!(
                    "round {}: {}: Buchholz {}",
                    r + 1,
                    who(t, o),
                    all[o].fraction()
                ),
                all[o],
            );
        }
    }
    if count == 0 {
        if let Some(w) = w {
            w.note("no opponent met over the board: AOB has no value");
        }
        return None;
    }
    let v = Value(mean_round_int(sum, count));
    if let Some(w) = w {
        w.note(format!(
            "AOB = {} / {count} = {} (rounded half-up to two decimals)",
            Value(sum).fraction(),
            v.decimal()
        ));
    }
    Some(v)
}

/// Every player's BH (or FB) under `m`, computed once per section.
pub(super) fn bh_all(t: &Tournament, f: &Facts, m: Modifier, fore: bool) -> Rc<Vec<Value>> {
    if let Some(v) = f.bh_all.borrow().get(&(fore, m)) {
        return Rc::clone(v);
    }
    let view = if fore { &f.fore } else { &f.played };
    let values: Rc<Vec<Value>> = Rc::new(
        (0..t.players.len())
            .map(|i| opponent_sum(t, f, view, i, m, false, "", None))
            .collect(),
    );
    f.bh_all.borrow_mut().insert((fore, m), Rc::clone(&values));
    values
}

/// The sum of a player's terms after the modifier's cuts: each term is the
/// opponent's (or dummy's) score, times the points scored when `weighted`
/// (Sonneborn-Berger). Writes one term per round and the cuts' reasons.
#[allow(clippy::too_many_arguments)]
pub(super) fn opponent_sum(
    t: &Tournament,
    f: &Facts,
    view: &View,
    player: usize,
    m: Modifier,
    weighted: bool,
    code: &str,
    w: Option<&mut Working>,
) -> Value {
    let entries = &view.entries[player];
    let term_value = |e: &Entry| {
        if weighted {
            product(e.score, e.points)
        } else {
            e.score.value()
        }
    };
    let candidates: Vec<Candidate> = entries
        .iter()
        .map(|e| Candidate {
            score: e.score,
            value: term_value(e),
            vur: e.vur,
        })
        .collect();
    let (low, high) = cut_counts(m);
    let cut = unplayed::cuts(&candidates, low, high, f.vur_first());
    let total_value: Value = candidates
        .iter()
        .enumerate()
        .filter(|(i, _)| !cut.iter().any(|(c, _)| c == i))
        .map(|(_, c)| c.value)
        .sum();
    if let Some(w) = w {
        let first = w.terms.len();
        for e in entries {
            let text = describe(t, f, view, player, e, weighted);
            w.terms.push(Term {
                round: Some(e.round + 1),
                opponent: e.opponent,
                text,
                value: term_value(e),
                dropped: None,
            });
        }
        let n = cut.len();
        for (k, (i, why)) in cut.iter().enumerate() {
            if let Some(term) = w.terms.get_mut(first + i) {
                term.dropped = Some(why.describe(k + 1, n));
            }
        }
        if low > 0 && f.vur_first() && entries.iter().any(|e| e.vur) {
            w.note(
                "voluntarily unplayed rounds are cut before the least significant value \
                 (C.07 16.5)",
            );
        }
        total(Some(w), code, total_value, entries.len() - n, n);
    }
    total_value
}

/// One term in words: the round, the opponent with actual and adjusted
/// score, or the dummy and why it has the score it has.
fn describe(
    t: &Tournament,
    f: &Facts,
    view: &View,
    player: usize,
    e: &Entry,
    weighted: bool,
) -> String {
    let r = e.round + 1;
    let round = &t.players[player].rounds[e.round];
    let what = match e.dummy {
        None => {
            let o = e.opponent.unwrap_or(usize::MAX);
            let actual = view.score.get(o).copied().unwrap_or_default();
            let how = if f.round_robin && round.outcome.is_unplayed() {
                format!(
                    "{} counted as a game (C.07 15.2), ",
                    outcome_words(round.outcome)
                )
            } else {
                String::new()
            };
            if actual == e.score {
                format!("round {r}: {how}v {}: score {}", who(t, o), e.score)
            } else {
                format!(
                    "round {r}: {how}v {}: score {}, adjusted {} ({})",
                    who(t, o),
                    actual,
                    e.score,
                    adjustment(t, f, view, o)
                )
            }
        }
        Some(d) => {
            let kind = outcome_words(round.outcome);
            let last = view.last.get(player).copied().unwrap_or(0);
            // The 2009 rules had no categories and no voluntarily unplayed
            // rounds: only the 2024 and 2026 editions cite them.
            let cat = match f.edition {
                FideEdition::E2009 => String::new(),
                _ => format!(
                    " ({}{})",
                    unplayed::category(round, e.round, last)
                        .map(Category::describe)
                        .unwrap_or("unplayed"),
                    if e.vur { ", voluntarily unplayed" } else { "" }
                ),
            };
            let dummy = match d {
                Dummy::Own => format!(
                    "dummy opponent on the player's own score {} (16.4)",
                    e.score
                ),
                Dummy::CapOpponent { own, cap } if cap < own => format!(
                    "dummy opponent on {cap}: own score {own} capped at the scheduled \
                     opponent's adjusted score (16.4.1, 2026)"
                ),
                Dummy::CapOpponent { own, cap } => format!(
                    "dummy opponent on own score {own} (not above the scheduled opponent's \
                     adjusted score {cap}, 16.4.1, 2026)"
                ),
                Dummy::CapRounds { own, cap } if cap < own => format!(
                    "dummy opponent on {cap}: own score {own} capped at ½ × {} rounds \
                     (16.4.2, 2026)",
                    t.rounds
                ),
                Dummy::CapRounds { own, cap } => format!(
                    "dummy opponent on own score {own} (not above ½ × {} rounds = {cap}, \
                     16.4.2, 2026)",
                    t.rounds
                ),
                Dummy::Virtual {
                    before,
                    against,
                    later,
                } => format!(
                    "virtual opponent: {before} before the round + {against} for the round + \
                     ½ × {later} later round{} = {} (2009)",
                    if later == 1 { "" } else { "s" },
                    e.score
                ),
            };
            let opp = match e.opponent {
                Some(o) => format!(" v {}", who(t, o)),
                None => String::new(),
            };
            format!("round {r}: own {kind}{opp}{cat}: {dummy}")
        }
    };
    if weighted {
        format!(
            "{what} × points scored {} = {}",
            e.points,
            product(e.score, e.points).fraction()
        )
    } else {
        what
    }
}

/// Why an opponent's adjusted score differs from their score.
fn adjustment(t: &Tournament, f: &Facts, view: &View, o: usize) -> String {
    let Some(p) = t.players.get(o) else {
        return String::new();
    };
    if f.edition == FideEdition::E2009 {
        let n = p.rounds.iter().filter(|r| r.outcome.is_unplayed()).count();
        return format!(
            "{n} unplayed round{} counted as draws, 2009",
            if n == 1 { "" } else { "s" }
        );
    }
    let last = view.last.get(o).copied().unwrap_or(0);
    let rounds: Vec<String> = p
        .rounds
        .iter()
        .enumerate()
        .filter(|(r, round)| unplayed::category(round, *r, last) == Some(Category::ByeAtEnd))
        .map(|(r, _)| (r + 1).to_string())
        .collect();
    format!(
        "round{} {} counted as draws: no available round after {} (16.3)",
        if rounds.len() == 1 { "" } else { "s" },
        rounds.join(", "),
        if rounds.len() == 1 { "it" } else { "them" }
    )
}
