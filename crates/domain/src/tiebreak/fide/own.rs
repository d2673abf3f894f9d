//! The player's own record (FIDE C.07 art. 7, "type B"): WIN, WON, BPG,
//! BWG, PS, REP, and from the 2026 edition STD and TPN.
//!
//! In a round robin, forfeits against the scheduled opponent count as
//! regular games (15.2): a forfeit win is a game won (with its colour, when
//! the pairing gave one), a forfeit loss a game lost. From 2026 forfeit
//! losses count as unplayed rounds for these systems (15.2 as revised), so
//! they are neither games played nor rounds elected to play.

use super::{outcome_words, Facts};
use crate::domain::record::{Colour, Outcome, Round, Tournament};
use crate::domain::score::{Points, Value};
use crate::domain::tiebreak::{FideEdition, Modifier, Term, Working};

/// Whether a round counts as a game for the own-record systems: a game
/// played over the board, or in a round robin a forfeit against a known
/// opponent (forfeit losses only before 2026).
fn counts_as_game(f: &Facts, round: &Round) -> bool {
    if round.outcome.is_played() {
        return true;
    }
    if !f.round_robin || round.opponent.is_none() {
        return false;
    }
    match round.outcome {
        Outcome::ForfeitWin => true,
        Outcome::ForfeitLoss | Outcome::DoubleForfeit => f.edition != FideEdition::E2026,
        _ => false,
    }
}

/// Count the rounds that satisfy `keep`, writing one term per round kept.
fn count(
    t: &Tournament,
    player: usize,
    code: &str,
    w: Option<&mut Working>,
    keep: impl Fn(&Round) -> bool,
) -> Option<Value> {
    let rounds = &t.players[player].rounds;
    let mut n = 0i64;
    let mut w = w;
    for (r, round) in rounds.iter().enumerate() {
        if !keep(round) {
            continue;
        }
        n += 1;
        if let Some(w) = w.as_deref_mut() {
            w.terms.push(Term {
                round: Some(r + 1),
                opponent: round.opponent,
                text: format!("round {}: {}", r + 1, outcome_words(round.outcome)),
                value: Value::int(1),
                dropped: None,
            });
        }
    }
    if let Some(w) = w {
        w.note(format!("{code} = {n}"));
    }
    Some(Value::int(n))
}

/// WIN (C.07 7.1): the rounds in which the player obtained a win's points,
/// played or not: wins, forfeit wins, full-point and pairing-allocated byes.
pub(super) fn win(t: &Tournament, player: usize, w: Option<&mut Working>) -> Option<Value> {
    count(t, player, "WIN", w, |r| r.points() == Points::ONE)
}

/// WON (7.2): games won over the board (round robin: forfeit wins too,
/// 15.2).
pub(super) fn won(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    count(t, player, "WON", w, |r| {
        counts_as_game(f, r) && r.points() == Points::ONE
    })
}

/// BPG (7.3): games played with Black (round robin: forfeits whose pairing
/// gave Black too, forfeit losses only before 2026).
pub(super) fn bpg(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    count(t, player, "BPG", w, |r| {
        counts_as_game(f, r) && r.colour == Some(Colour::Black)
    })
}

/// BWG (7.4): games won with Black (round robin: forfeit wins with Black
/// too).
pub(super) fn bwg(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    count(t, player, "BWG", w, |r| {
        counts_as_game(f, r) && r.colour == Some(Colour::Black) && r.points() == Points::ONE
    })
}

/// REP (7.6, formerly GE): the rounds the player elected to play, i.e. all
/// rounds less half- and zero-point byes, absences and forfeit losses.
/// Forfeit wins and full-point byes (pairing-allocated or not) count as
/// elected. Round robin before 2026: forfeit losses are games (15.2) and
/// count too.
pub(super) fn rep(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    count(t, player, "REP", w, |r| {
        counts_as_game(f, r) || r.points() == Points::ONE
    })
}

/// PS, progressive score (7.5): the sum of the running score after each
/// round. Unplayed rounds count at the points awarded, with no deduction
/// (unlike US Chess Cumulative). Cut-n removes the running scores of the
/// first n rounds (the rules are silent when round 1 was voluntarily
/// unplayed; round 1 is cut anyway).
pub(super) fn ps(
    t: &Tournament,
    player: usize,
    m: Modifier,
    w: Option<&mut Working>,
) -> Option<Value> {
    let cut = match m {
        Modifier::None => 0,
        Modifier::Cut(n) | Modifier::Median(n) => n as usize,
    };
    let mut running = Points::ZERO;
    let mut sum = Points::ZERO;
    let mut w = w;
    for (r, round) in t.players[player].rounds.iter().enumerate() {
        running += round.points();
        let dropped = r < cut;
        if !dropped {
            sum += running;
        }
        if let Some(w) = w.as_deref_mut() {
            w.terms.push(Term {
                round: Some(r + 1),
                opponent: round.opponent,
                text: format!(
                    "round {}: {} {}, running score {running}",
                    r + 1,
                    outcome_words(round.outcome),
                    round.points()
                ),
                value: running.value(),
                dropped: dropped.then(|| format!("cut: round {} (Cut-{cut})", r + 1)),
            });
        }
    }
    if let Some(w) = w {
        let code = if cut > 0 {
            format!("PS/C{cut}")
        } else {
            "PS".to_string()
        };
        w.note(format!("{code} = {sum}"));
    }
    Some(sum.value())
}

/// STD, standard points (7.7, 2026): per round 1 for scoring more than the
/// opponent (or, without playing, more than a draw), ½ for the same, 0 for
/// less. With the 1-½-0 scoring every section uses this equals the score.
pub(super) fn std_points(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    let mut sum = Points::ZERO;
    let mut w = w;
    for (r, round) in t.players[player].rounds.iter().enumerate() {
        let p = round.points();
        let std = match p.cmp(&Points::HALF) {
            std::cmp::Ordering::Greater => Points::ONE,
            std::cmp::Ordering::Equal => Points::HALF,
            std::cmp::Ordering::Less => Points::ZERO,
        };
        sum += std;
        if let Some(w) = w.as_deref_mut() {
            w.term(
                Some(r + 1),
                round.opponent,
                format!("round {}: {} {p}", r + 1, outcome_words(round.outcome)),
                std.value(),
            );
        }
    }
    if let Some(w) = w {
        if f.edition != FideEdition::E2026 {
            w.note("STD was introduced by the 2026 edition (7.7); computed as it defines it");
        }
        w.note(format!("STD = {sum}"));
    }
    Some(sum.value())
}

/// TPN (7.8, 2026): the tournament pairing number; a lower number ranks
/// higher.
pub(super) fn tpn(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    let no = t.players[player].pairing_no;
    if let Some(w) = w {
        if f.edition != FideEdition::E2026 {
            w.note("TPN was introduced by the 2026 edition (7.8)");
        }
        w.note(format!("TPN = pairing number {no} (lower ranks higher)"));
    }
    Some(Value::int(no as i64))
}
