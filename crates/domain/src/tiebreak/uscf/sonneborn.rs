//! Sonneborn-Berger, US Chess style (34E8).

use super::{adjusted_words, name, opponent, own_unplayed, played_opponent, rounds, Facts};
use crate::domain::record::{Outcome, Tournament};
use crate::domain::score::{product, Points, Value};
use crate::domain::tiebreak::Working;

/// **Sonneborn-Berger** (US Chess 34E8): the sum of the scores of the
/// opponents the player beat over the board, plus half the scores of the
/// opponents drawn; nothing for losses and nothing for unplayed rounds
/// (byes, forfeit wins).
///
/// Choice where the rule is silent (spec 1.11, decision 3): opponents'
/// *final* scores by default (the club pages' wording); their adjusted
/// scores (spec 1.1, every unplayed round ½) when the event sets
/// `uscf_sb_adjusted` (`adjusted` here). This is not FIDE `SB`, which
/// counts byes against a dummy and, in round robins, forfeits.
pub fn sonneborn_berger(
    t: &Tournament,
    facts: &Facts,
    p: usize,
    adjusted: bool,
    w: Option<&mut Working>,
) -> Value {
    let opp_score = |o: usize| {
        if adjusted {
            facts.adjusted(o)
        } else {
            facts.score(o)
        }
        .unwrap_or_default()
    };
    let mut w = w;
    let mut total = Value::ZERO;
    for (r, round) in rounds(t, p) {
        let Some(o) = played_opponent(t, p, &round) else {
            if let Some(w) = w.as_deref_mut() {
                let text = if round.outcome.is_played() {
                    format!("R{} game with no opponent on record: counts 0", r + 1)
                } else {
                    format!("{}: not played, counts 0", own_unplayed(t, p, r, &round))
                };
                w.term(Some(r + 1), opponent(t, p, &round), text, Value::ZERO);
            }
            continue;
        };
        let s = opp_score(o);
        // Win: the whole score; draw: half of it (a quarter-point multiple).
        let v = match round.outcome {
            Outcome::Win => s.value(),
            Outcome::Draw => product(s, Points::HALF),
            _ => Value::ZERO,
        };
        total += v;
        if let Some(w) = w.as_deref_mut() {
            let score_text = if adjusted {
                adjusted_words(t, facts, o)
            } else {
                format!("final score {s}")
            };
            let how = match round.outcome {
                Outcome::Win => format!("counts in full, {}", v.fraction()),
                Outcome::Draw => format!("half counts, {}", v.fraction()),
                _ => "a loss counts 0".to_string(),
            };
            let verb = match round.outcome {
                Outcome::Win => "beat",
                Outcome::Draw => "drew with",
                _ => "lost to",
            };
            w.term(
                Some(r + 1),
                Some(o),
                format!("R{} {verb} {}: {score_text}; {how}", r + 1, name(t, o)),
                v,
            );
        }
    }
    if let Some(w) = w {
        w.note(if adjusted {
            "Opponents' adjusted scores (every unplayed round counted ½), as this event \
             chose; beaten opponents in full, drawn opponents half (US Chess 34E8)."
        } else {
            "Opponents' final scores: beaten opponents in full, drawn opponents half; \
             losses and unplayed rounds add nothing (US Chess 34E8)."
        });
    }
    total
}
