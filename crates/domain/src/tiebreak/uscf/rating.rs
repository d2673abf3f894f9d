//! Average rating of opponents (34E11).

use super::{name, opponent, own_unplayed, played_opponent, rounds};
use crate::domain::record::Tournament;
use crate::domain::score::{mean_round_int, Value};
use crate::domain::tiebreak::{Term, Working};

/// **Average rating of opposition** (US Chess 34E11): the mean pre-event
/// rating of the opponents met over the board, rounded half-up to a whole
/// number. Higher is better.
///
/// Choices where the rule is silent (the 34E11 text was not found; spec
/// 1.13, decision 4): opponents met only by forfeit do not count; unrated
/// opponents are left out of the mean; a player with no rated opponent met
/// over the board has no value (`None`, sorting last), and the working
/// says so.
pub fn aro(t: &Tournament, p: usize, w: Option<&mut Working>) -> Option<Value> {
    let mut w = w;
    let (mut total, mut count) = (0i64, 0i64);
    for (r, round) in rounds(t, p) {
        let rating =
            played_opponent(t, p, &round).map(|o| (o, t.players.get(o).and_then(|pl| pl.rating)));
        match rating {
            Some((o, Some(rating))) => {
                total += i64::from(rating);
                count += 1;
                if let Some(w) = w.as_deref_mut() {
                    w.term(
                        Some(r + 1),
                        Some(o),
                        format!("R{} vs {}: rated {rating}", r + 1, name(t, o)),
                        Value::int(i64::from(rating)),
                    );
                }
            }
            Some((o, None)) => {
                if let Some(w) = w.as_deref_mut() {
                    w.terms.push(Term {
                        round: Some(r + 1),
                        opponent: Some(o),
                        text: format!("R{} vs {}: unrated", r + 1, name(t, o)),
                        value: Value::ZERO,
                        dropped: Some("unrated, left out of the average".into()),
                    });
                }
            }
            None => {
                if let Some(w) = w.as_deref_mut() {
                    let text = if round.outcome.is_played() {
                        format!("R{} game with no opponent on record", r + 1)
                    } else {
                        format!(
                            "{}: no opponent over the board",
                            own_unplayed(t, p, r, &round)
                        )
                    };
                    w.terms.push(Term {
                        round: Some(r + 1),
                        opponent: opponent(t, p, &round),
                        text,
                        value: Value::ZERO,
                        dropped: Some("no rated opponent over the board".into()),
                    });
                }
            }
        }
    }
    if count == 0 {
        if let Some(w) = w {
            w.note(
                "No rated opponent met over the board, so there is no average \
                 (this player sorts last on it).",
            );
        }
        return None;
    }
    let mean = mean_round_int(total, count);
    if let Some(w) = w {
        w.note(format!(
            "Average of {count} rating{}: {total} ÷ {count} = {mean}, rounded half-up \
             (US Chess 34E11; unrated opponents and forfeits left out).",
            if count == 1 { "" } else { "s" }
        ));
    }
    Some(Value::int(mean))
}
