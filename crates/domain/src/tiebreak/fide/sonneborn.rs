//! Sonneborn-Berger (SB, C.07 9.1) and Koya (KS, 9.2): the opponents'
//! scores weighted by the points the player scored against them.

use super::buchholz::opponent_sum;
use super::{outcome_words, who, Facts};
use crate::domain::record::Tournament;
use crate::domain::score::{Points, Value};
use crate::domain::tiebreak::{Modifier, Term, Working};

/// SB (C.07 9.1): the sum over rounds of the opponent's score times the
/// points the player scored in that round.
///
/// - Swiss: opponents' adjusted scores (16.3); each own unplayed round is
///   a game against the dummy (16.4, capped in 2026; 2009: the virtual
///   opponent) times the points awarded, so a pairing-allocated bye adds the
///   dummy's score × 1 and a half-point bye × ½.
/// - Round robin: forfeits count as regular games against the scheduled
///   opponent (15.2); a bye round adds nothing.
/// - Cut-n (14): removes the product with the lowest-scoring opponent, the
///   lower product first on equal scores (the 2024-08 wording); in a Swiss
///   under the 2024 and 2026 editions the lowest voluntarily unplayed
///   round's product is compared with it and the higher of the two is
///   removed (16.5).
pub(super) fn sb(
    t: &Tournament,
    f: &Facts,
    player: usize,
    m: Modifier,
    w: Option<&mut Working>,
) -> Option<Value> {
    let code = match m {
        Modifier::None => "SB".to_string(),
        Modifier::Cut(n) => format!("SB/C{n}"),
        Modifier::Median(n) => format!("SB/M{n}"),
    };
    Some(opponent_sum(t, f, &f.played, player, m, true, &code, w))
}

/// KS, Koya (C.07 9.2): the points scored against the opponents whose final
/// score is at least half the maximum.
///
/// The maximum is one point per round, less the bye rounds of a round robin
/// with an odd number of players and the rounds lost to entries who never
/// played (as the FIDE reference implementation counts it). Every round with
/// a scheduled opponent counts, forfeits included, against the opponent's
/// actual final score: Koya is a round-robin system, where 15.2 makes
/// forfeits regular games, and the rules give no dummy for it in a Swiss.
pub(super) fn koya(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    let n = t.players.len();
    let mut max_games = t.rounds as i64;
    if f.round_robin && n > 0 {
        if t.rounds.is_multiple_of(n) {
            max_games -= (t.rounds / n) as i64;
        }
        let never_paired = t
            .players
            .iter()
            .filter(|p| !p.rounds.iter().any(|r| r.outcome.is_paired()))
            .count() as i64;
        max_games -= never_paired;
    }
    // Half of `max_games` points is `max_games` half-points.
    let limit = Points::from_halves(max_games.clamp(i32::MIN as i64, i32::MAX as i64) as i32);
    let mut sum = Points::ZERO;
    let mut w = w;
    for (r, round) in t.players[player].rounds.iter().enumerate() {
        let Some(o) = round.opponent.filter(|&o| o < n) else {
            continue;
        };
        if !round.outcome.is_paired() {
            continue;
        }
        let score = f.played.score[o];
        let counts = score >= limit;
        if counts {
            sum += round.points();
        }
        if let Some(w) = w.as_deref_mut() {
            w.terms.push(Term {
                round: Some(r + 1),
                opponent: Some(o),
                text: format!(
                    "round {}: {} v {} (final score {})",
                    r + 1,
                    outcome_words(round.outcome),
                    who(t, o),
                    score
                ),
                value: round.points().value(),
                dropped: (!counts).then(|| format!("opponent below the limit {limit}")),
            });
        }
    }
    if let Some(w) = w {
        w.note(format!(
            "Koya limit: half of the maximum {} = {limit}",
            Points::whole(max_games.clamp(0, i32::MAX as i64 / 2) as i32)
        ));
        w.note(format!("KS = {}", sum));
    }
    Some(sum.value())
}
