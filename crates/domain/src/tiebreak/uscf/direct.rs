//! Result between tied players (34E5) and head-to-head (round robins): the
//! type-A systems, which depend on who is tied and so are recomputed by the
//! standings engine inside each still-tied group.

use super::{name, opponent, played_opponent, result_words, rounds};
use crate::domain::record::{Outcome, Tournament};
use crate::domain::score::{Points, Value};
use crate::domain::tiebreak::Working;

/// Whether `x` is in `group`: a binary search when the group is sorted (as
/// the standings engine passes it), a scan otherwise.
fn in_group(group: &[usize], sorted: bool, x: usize) -> bool {
    if sorted {
        group.binary_search(&x).is_ok()
    } else {
        group.contains(&x)
    }
}

/// "Player 2, Player 5 and Player 9", or "17 players" for a long list.
fn group_words(t: &Tournament, group: &[usize]) -> String {
    if group.len() > 12 {
        return format!("{} players", group.len());
    }
    let names: Vec<String> = group.iter().map(|&g| name(t, g)).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => "nobody".to_string(),
    }
}

/// **Result between tied players** (US Chess 34E5): among the players tied
/// (on score and every earlier tiebreak), each player's wins minus losses in
/// the games played over the board between them. Higher is better; ranked
/// by plus/minus, not percentage, so +2 (3-1) beats +1 (1-0).
///
/// Choices where the rule is silent (spec 1.7, decision 5): only games
/// decided over the board count (forfeits between tied players do not);
/// players who met none of the others have 0; the standings engine
/// recomputes the value inside each subgroup still tied, as FIDE art. 4.2
/// does; a repeated pairing counts every game.
pub fn tied_results(t: &Tournament, p: usize, group: &[usize], w: Option<&mut Working>) -> Value {
    let sorted = group.is_sorted();
    let mut net: i64 = 0;
    let mut w = w;
    let mut met = false;
    for (r, round) in rounds(t, p) {
        let Some(o) = opponent(t, p, &round) else {
            continue;
        };
        if !in_group(group, sorted, o) {
            continue;
        }
        if round.outcome.is_played() {
            let d = match round.outcome {
                Outcome::Win => 1,
                Outcome::Loss => -1,
                _ => 0,
            };
            net += d;
            met = true;
            if let Some(w) = w.as_deref_mut() {
                w.term(
                    Some(r + 1),
                    Some(o),
                    format!(
                        "R{} {} {} (tied): {}",
                        r + 1,
                        result_words(round.outcome),
                        name(t, o),
                        match d {
                            1 => "+1",
                            -1 => "−1",
                            _ => "0",
                        }
                    ),
                    Value::int(d),
                );
            }
        } else if let Some(w) = w.as_deref_mut() {
            w.terms.push(crate::domain::tiebreak::Term {
                round: Some(r + 1),
                opponent: Some(o),
                text: format!(
                    "R{} {} with {} (tied)",
                    r + 1,
                    match round.outcome {
                        Outcome::ForfeitWin => "forfeit win",
                        Outcome::ForfeitLoss => "forfeit loss",
                        _ => "double forfeit",
                    },
                    name(t, o)
                ),
                value: Value::ZERO,
                dropped: Some("forfeit: not a game played over the board".into()),
            });
        }
    }
    if let Some(w) = w {
        w.note(format!("Tied group: {}.", group_words(t, group)));
        if !met {
            w.note("Met none of the other tied players over the board: 0.");
        }
        w.note(
            "Wins minus losses in games played over the board between the tied players \
             (US Chess 34E5); +2 beats +1.",
        );
    }
    Value::int(net)
}

/// **Head-to-head** (round robins: US Chess 34F, whose text was not found,
/// as the club pages give it; the two-player form of 34E5): for
/// exactly two tied players, the points each scored in their game (or
/// games, summed, in a double round robin); a draw leaves the tie. With
/// more than two players tied it is [`tied_results`] (spec 1.8).
///
/// Choices where the rules are silent: only games played over the board
/// count, as in `tied-results` (decision 5); two tied players who never met
/// over the board both have 0, which leaves the tie; a player with nobody
/// else in the group has 0.
pub fn head_to_head(t: &Tournament, p: usize, group: &[usize], w: Option<&mut Working>) -> Value {
    let mut others = group.iter().copied().filter(|&g| g != p);
    let Some(other) = others.next() else {
        if let Some(w) = w {
            w.note("Not tied with anyone: 0.");
        }
        return Value::ZERO;
    };
    if others.any(|g| g != other) {
        let mut w = w;
        let v = tied_results(t, p, group, w.as_deref_mut());
        if let Some(w) = w {
            w.note(
                "More than two players are tied, so head-to-head uses the result \
                 between tied players (spec 1.8).",
            );
        }
        return v;
    }
    let mut w = w;
    let mut points = Points::ZERO;
    let mut met = false;
    for (r, round) in rounds(t, p) {
        if played_opponent(t, p, &round) != Some(other) {
            continue;
        }
        met = true;
        points += round.points();
        if let Some(w) = w.as_deref_mut() {
            w.term(
                Some(r + 1),
                Some(other),
                format!(
                    "R{} {} {}: {}",
                    r + 1,
                    result_words(round.outcome),
                    name(t, other),
                    round.points()
                ),
                round.points().value(),
            );
        }
    }
    if let Some(w) = w {
        if !met {
            w.note(format!(
                "Did not meet {} over the board: 0, the tie stands.",
                name(t, other)
            ));
        }
        w.note(format!(
            "Points scored over the board against {}, the other tied player.",
            name(t, other)
        ));
    }
    points.value()
}
