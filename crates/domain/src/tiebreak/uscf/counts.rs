//! Most blacks (34E6), Kashdan (34E7) and number of wins: counts over the
//! player's own games played over the board.

use super::{name, opponent, own_unplayed, rounds};
use crate::domain::record::{Colour, Outcome, Round, Tournament};
use crate::domain::score::Value;
use crate::domain::tiebreak::Working;

/// "R3 beat Player 7" or "R3 won (no opponent on record)".
fn game_words(t: &Tournament, p: usize, r: usize, round: &Round) -> String {
    let verb = match round.outcome {
        Outcome::Win => "beat",
        Outcome::Draw => "drew with",
        _ => "lost to",
    };
    match opponent(t, p, round) {
        Some(o) => format!("R{} {verb} {}", r + 1, name(t, o)),
        None => format!("R{} {verb} an opponent not on record", r + 1),
    }
}

/// Shared shape: one term per round, `score` giving each played game's
/// value; unplayed rounds add 0.
fn count(
    t: &Tournament,
    p: usize,
    w: Option<&mut Working>,
    score: impl Fn(&Round) -> i64,
    describe: impl Fn(&Round) -> String,
    unplayed: &str,
) -> Value {
    let mut w = w;
    let mut total = 0;
    for (r, round) in rounds(t, p) {
        let played = round.outcome.is_played();
        let v = if played { score(&round) } else { 0 };
        total += v;
        if let Some(w) = w.as_deref_mut() {
            let text = if played {
                format!("{}{}: {v}", game_words(t, p, r, &round), describe(&round))
            } else {
                format!("{}: {unplayed}", own_unplayed(t, p, r, &round))
            };
            w.term(Some(r + 1), opponent(t, p, &round), text, Value::int(v));
        }
    }
    Value::int(total)
}

/// **Most blacks** (US Chess 34E6): the number of games played over the
/// board with Black; more is better.
///
/// Choice where the rule is silent (research §3.8): unplayed rounds count
/// as Whites (they add nothing), and a played game with no colour on record
/// adds nothing either.
pub fn blacks(t: &Tournament, p: usize, w: Option<&mut Working>) -> Value {
    let mut w = w;
    let v = count(
        t,
        p,
        w.as_deref_mut(),
        |r| i64::from(r.colour == Some(Colour::Black)),
        |r| match r.colour {
            Some(Colour::Black) => " with Black".to_string(),
            Some(Colour::White) => " with White".to_string(),
            None => " (no colour on record)".to_string(),
        },
        "not played, counts 0",
    );
    if let Some(w) = w {
        w.note("Games played over the board with Black (US Chess 34E6).");
    }
    v
}

/// **Kashdan** (US Chess 34E7): 4 for a win, 2 for a draw, 1 for a loss,
/// 0 for an unplayed round, over games played over the board. Among players
/// with no unplayed rounds, fewer draws comes out ahead: 4 wins and a loss
/// (17) beat 3 wins and 2 draws (16).
///
/// Choice (research §3.9): the US Chess weights 4/2/1/0, not Pairtwo's
/// 3/1/0 or the French variant's treatment of byes.
pub fn kashdan(t: &Tournament, p: usize, w: Option<&mut Working>) -> Value {
    let mut w = w;
    let v = count(
        t,
        p,
        w.as_deref_mut(),
        |r| match r.outcome {
            Outcome::Win => 4,
            Outcome::Draw => 2,
            _ => 1,
        },
        |_| String::new(),
        "unplayed, counts 0",
    );
    if let Some(w) = w {
        w.note("Win 4, draw 2, loss 1, unplayed round 0 (US Chess 34E7).");
    }
    v
}

/// **Number of wins**: games won over the board (the SCC round-robin
/// order's "number of won games"). Forfeit wins and byes are excluded, as
/// in FIDE `WON`; not FIDE `WIN`, which counts them.
pub fn wins(t: &Tournament, p: usize, w: Option<&mut Working>) -> Value {
    let mut w = w;
    let v = count(
        t,
        p,
        w.as_deref_mut(),
        |r| i64::from(r.outcome == Outcome::Win),
        |_| String::new(),
        "not a win over the board, counts 0",
    );
    if let Some(w) = w {
        w.note("Games won over the board; forfeit wins and byes do not count.");
    }
    v
}
