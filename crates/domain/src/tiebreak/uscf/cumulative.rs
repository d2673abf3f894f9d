//! Cumulative (34E3) and Cumulative Scores of Opposition (34E9).
//!
//! Both values are derived once per section in [`Facts::new`]; the
//! functions here read them and, when asked, write the working.

use super::{
    name, opponent, own_unplayed, played_opponent, result_words, rounds, unplayed_words, Facts,
};
use crate::domain::record::Tournament;
use crate::domain::score::{Points, Value};
use crate::domain::tiebreak::Working;

/// **Cumulative** (US Chess 34E3): the sum of the player's running score
/// after each round, 1 to R, less each point not won over the board: 1 for a
/// full-point bye or a forfeit win, ½ for a half-point bye (7th edition; the
/// club pages mention only the 1). The deduction is made once per unplayed
/// round, not once per later round.
///
/// Choices where the rule is silent (spec §4): zero-point byes, forfeit
/// losses, double forfeits and absences score nothing and so take nothing
/// off; rounds after a withdrawal (and before a late entry) keep the running
/// score unchanged and still count in the sum (spec 1.5); R is the rounds
/// considered (decision 1). Unlike FIDE `PS`, unplayed points are deducted.
pub fn cumulative(t: &Tournament, facts: &Facts, p: usize, w: Option<&mut Working>) -> Value {
    let value = facts.cumulative(p).unwrap_or_default();
    if let Some(w) = w {
        let mut running = Points::ZERO;
        let mut shown = Value::ZERO;
        for (r, round) in rounds(t, p) {
            running += round.points();
            let what = match played_opponent(t, p, &round) {
                Some(o) => format!("{} {}", result_words(round.outcome), name(t, o)),
                None if round.outcome.is_played() => format!(
                    "{} (no opponent on record)",
                    match round.outcome.points().halves() {
                        2 => "won",
                        1 => "drew",
                        _ => "lost",
                    }
                ),
                None => unplayed_words(t, p, r, &round),
            };
            w.term(
                Some(r + 1),
                opponent(t, p, &round),
                format!("R{} {what}: running score {running}", r + 1),
                running.value(),
            );
            shown += running.value();
        }
        for (r, round) in rounds(t, p) {
            let pts = round.points();
            if round.outcome.is_unplayed() && pts > Points::ZERO {
                w.term(
                    Some(r + 1),
                    opponent(t, p, &round),
                    format!(
                        "{}: {pts} not won over the board, taken off",
                        own_unplayed(t, p, r, &round)
                    ),
                    Value::ZERO - pts.value(),
                );
                shown = shown - pts.value();
            }
        }
        w.note(
            "Sum of the running scores, less each point not won over the board: \
             1 for a full-point bye or forfeit win, ½ for a half-point bye (US Chess 34E3).",
        );
        debug_assert_eq!(shown, value);
    }
    value
}

/// **Cumulative Scores of Opposition** (US Chess 34E9): the sum of the
/// [`cumulative`] values of the opponents the player met over the board,
/// each "determined by the same method", so with the opponent's own
/// deductions.
///
/// Choice where the rule is silent (research §10.4): rounds with no
/// opponent over the board (byes, forfeits either way, double forfeits,
/// absences) add 0; a forfeit opponent is treated as no opponent.
pub fn opp_cumulative(t: &Tournament, facts: &Facts, p: usize, w: Option<&mut Working>) -> Value {
    let value = facts.opp_cumulative(p).unwrap_or_default();
    if let Some(w) = w {
        let mut shown = Value::ZERO;
        for (r, round) in rounds(t, p) {
            match played_opponent(t, p, &round) {
                Some(o) => {
                    let v = facts.cumulative(o).unwrap_or_default();
                    w.term(
                        Some(r + 1),
                        Some(o),
                        format!(
                            "R{} vs {}: their cumulative {}",
                            r + 1,
                            name(t, o),
                            v.fraction()
                        ),
                        v,
                    );
                    shown += v;
                }
                None if round.outcome.is_played() => w.term(
                    Some(r + 1),
                    None,
                    format!("R{} game with no opponent on record: counts 0", r + 1),
                    Value::ZERO,
                ),
                None => w.term(
                    Some(r + 1),
                    opponent(t, p, &round),
                    format!(
                        "{}: no opponent over the board, counts 0",
                        own_unplayed(t, p, r, &round)
                    ),
                    Value::ZERO,
                ),
            }
        }
        w.note(
            "Sum of the Cumulative of each opponent met over the board, with their own \
             deductions for points not won over the board (US Chess 34E9).",
        );
        debug_assert_eq!(shown, value);
    }
    value
}
