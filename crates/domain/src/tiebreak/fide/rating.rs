//! Rating-based systems, FIDE C.07 art. 10: ARO, TPR, PTP, APRO, APPO and
//! from 2026 RTNG, with the FIDE B.02 rating tables they use.
//!
//! These use games played over the board only: forfeits never count, not
//! even in a round robin (10, and 15.2 as revised in 2026). C.07 drops
//! rating-based tiebreaks when unrated players take part unless the event
//! fixed a method in advance; ours is to count **rated opponents only**: a
//! game against an unrated opponent is left out of the average and of the
//! score (and a cut removes such a game before a rated one, as the FIDE
//! reference implementation does).

use super::{cut_counts, who, Facts};
use crate::domain::record::Tournament;
use crate::domain::score::{mean_round_int, Points, Value};
use crate::domain::tiebreak::{FideEdition, Modifier, Term, Working};

/// FIDE B.02 (Rating Regulations) table 8.1.1: a fractional score p (in
/// hundredths) → the rating difference dp, for p = 0.50 ..= 1.00 (index
/// p − 50). Below 0.50, dp(p) = −dp(1 − p).
const DP: [i64; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, // .50 - .59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141, // .60 - .69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, // .70 - .79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351, // .80 - .89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677, // .90 - .99
    800, // 1.00
];

/// FIDE B.02 table 8.1.2: a rating difference D → the higher-rated player's
/// expected score PD in hundredths, as (largest D of the band, PD). Beyond
/// 735, PD is 1.00; the lower-rated player's PD is 1 − PD.
const PD: [(i64, i64); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// dp for a score fraction in hundredths (B.02 8.1.1).
pub(crate) fn dp(p100: i64) -> i64 {
    let p = p100.clamp(0, 100);
    if p >= 50 {
        DP[(p - 50) as usize]
    } else {
        -DP[(50 - p) as usize]
    }
}

/// Expected score in hundredths for a player `d` points above the opponent
/// (B.02 8.1.2, no 400-point cut).
pub(crate) fn pd(d: i64) -> i64 {
    // The first row whose upper bound reaches |d| (the table ascends), by
    // binary search: PTP evaluates this thousands of times per player.
    let k = PD.partition_point(|&(max, _)| max < d.abs());
    let high = PD.get(k).map_or(100, |&(_, pd)| pd);
    if d >= 0 {
        high
    } else {
        100 - high
    }
}

/// A game over the board against a rated opponent.
#[derive(Copy, Clone, Debug)]
struct Game {
    round: usize,
    opponent: usize,
    rating: i64,
    points: Points,
}

/// Games over the board, rated opponents kept, unrated ones listed apart.
fn games(t: &Tournament, player: usize) -> (Vec<Game>, Vec<(usize, usize)>) {
    let mut rated = Vec::new();
    let mut unrated = Vec::new();
    for (r, round) in t.players[player].rounds.iter().enumerate() {
        let Some(o) = round.played_opponent().filter(|&o| o < t.players.len()) else {
            continue;
        };
        match t.players[o].rating {
            Some(rating) => rated.push(Game {
                round: r,
                opponent: o,
                rating: rating as i64,
                points: round.points(),
            }),
            None => unrated.push((r, o)),
        }
    }
    (rated, unrated)
}

/// The games left after the modifier's cuts (lowest ratings; an unrated
/// opponent's game counts as the lowest and is cut first), with the working.
fn selected(
    t: &Tournament,
    player: usize,
    m: Modifier,
    code: &str,
    w: Option<&mut Working>,
) -> Vec<Game> {
    let (mut rated, unrated) = games(t, player);
    let (low, _) = cut_counts(m);
    let mut cut_unrated = low.min(unrated.len());
    let mut cut_rounds: Vec<usize> = Vec::new();
    for _ in cut_unrated..low {
        let Some(k) = (0..rated.len()).min_by_key(|&k| (rated[k].rating, rated[k].round)) else {
            break;
        };
        cut_rounds.push(rated.remove(k).round);
    }
    if let Some(w) = w {
        let (all_rated, _) = games(t, player);
        for g in &all_rated {
            w.terms.push(Term {
                round: Some(g.round + 1),
                opponent: Some(g.opponent),
                text: format!(
                    "round {}: v {} rated {}, scored {}",
                    g.round + 1,
                    who(t, g.opponent),
                    g.rating,
                    g.points
                ),
                value: Value::int(g.rating),
                dropped: cut_rounds
                    .contains(&g.round)
                    .then(|| format!("cut: lowest rating ({code})")),
            });
        }
        for &(r, o) in &unrated {
            let dropped = if cut_unrated > 0 {
                cut_unrated -= 1;
                format!("unrated opponent, left out; counts as the cut ({code})")
            } else {
                "unrated opponent: left out (rated opponents only)".to_string()
            };
            w.terms.push(Term {
                round: Some(r + 1),
                opponent: Some(o),
                text: format!("round {}: v {}, unrated", r + 1, who(t, o)),
                value: Value::ZERO,
                dropped: Some(dropped),
            });
        }
        w.note("rating-based systems use games played over the board only (C.07 art. 10)");
    }
    rated
}

fn average(games: &[Game]) -> i64 {
    let sum: i64 = games.iter().map(|g| g.rating).sum();
    mean_round_int(sum, games.len() as i64)
}

fn code_of(base: &str, m: Modifier) -> String {
    match m {
        Modifier::None => base.to_string(),
        Modifier::Cut(n) => format!("{base}/C{n}"),
        Modifier::Median(n) => format!("{base}/M{n}"),
    }
}

/// ARO (C.07 10.1): the average rating of the opponents met over the board,
/// rounded half-up. With no rated opponent left (none met, or every one
/// cut) ARO is 0, the value the TEC exercise answers print.
pub(super) fn aro(
    t: &Tournament,
    player: usize,
    m: Modifier,
    w: Option<&mut Working>,
) -> Option<Value> {
    let code = code_of("ARO", m);
    let mut w = w;
    let kept = selected(t, player, m, &code, w.as_deref_mut());
    let v = if kept.is_empty() { 0 } else { average(&kept) };
    if let Some(w) = w {
        if kept.is_empty() {
            w.note(format!(
                "{code} = 0: no rated opponent met over the board is left"
            ));
        } else {
            w.note(format!(
                "{code} = {} / {} = {v} (rounded half-up)",
                kept.iter().map(|g| g.rating).sum::<i64>(),
                kept.len()
            ));
        }
    }
    Some(Value::int(v))
}

/// TPR of a set of games: ARO + dp(p), p the score fraction rounded to two
/// decimals half-up (B.02 8.1.1).
fn tpr_of(games: &[Game]) -> Option<(i64, i64, i64)> {
    if games.is_empty() {
        return None;
    }
    let halves: i64 = games.iter().map(|g| g.points.halves() as i64).sum();
    let p100 = mean_round_int(halves * 50, games.len() as i64);
    let aro = average(games);
    Some((aro + dp(p100), aro, p100))
}

/// PTP of a set of games: the lowest integer rating R whose expected score
/// Σ PD(R − opponent) reaches the score (B.02 table, no 400 cut); with a
/// zero score, the lowest opponent's rating − 800 (10.3).
fn ptp_of(games: &[Game]) -> Option<i64> {
    let min = games.iter().map(|g| g.rating).min()?;
    let max = games.iter().map(|g| g.rating).max()?;
    let target: i64 = games.iter().map(|g| g.points.halves() as i64 * 50).sum();
    if target <= 0 {
        return Some(min - 800);
    }
    let expected = |r: i64| games.iter().map(|g| pd(r - g.rating)).sum::<i64>();
    // expected(lo) = 0 < target; expected(hi) = 100 × games ≥ target.
    let (mut lo, mut hi) = (min - 801, max + 800);
    if expected(hi) < target {
        return Some(hi);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if expected(mid) >= target {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

/// TPR (C.07 10.2): ARO + dp(p), p = points ÷ games over the board against
/// rated opponents, rounded to two decimals half-up. No value without a
/// rated opponent.
pub(super) fn tpr(
    t: &Tournament,
    player: usize,
    m: Modifier,
    w: Option<&mut Working>,
) -> Option<Value> {
    let code = code_of("TPR", m);
    let mut w = w;
    let kept = selected(t, player, m, &code, w.as_deref_mut());
    let result = tpr_of(&kept);
    if let Some(w) = w {
        match result {
            Some((v, aro, p)) => w.note(format!(
                "{code} = ARO {aro} + dp({}.{:02}) {} = {v}",
                p / 100,
                p % 100,
                dp(p)
            )),
            None => w.note(format!(
                "{code}: no rated opponent met over the board, no value"
            )),
        }
    }
    result.map(|(v, _, _)| Value::int(v))
}

/// PTP (C.07 10.3): the lowest rating whose expected score against the
/// opponents met over the board (rated only) reaches the player's score
/// there; with a zero score, the lowest opponent's rating − 800. A full
/// score therefore gives the highest opponent's rating + 736, where every
/// expected score reaches 1.00. No value without a rated opponent.
pub(super) fn ptp(
    t: &Tournament,
    player: usize,
    m: Modifier,
    w: Option<&mut Working>,
) -> Option<Value> {
    let code = code_of("PTP", m);
    let mut w = w;
    let kept = selected(t, player, m, &code, w.as_deref_mut());
    let result = ptp_of(&kept);
    if let Some(w) = w {
        match result {
            Some(v) => w.note(format!(
                "{code} = {v}: the lowest rating whose expected score reaches {}",
                kept.iter().map(|g| g.points).sum::<Points>()
            )),
            None => w.note(format!(
                "{code}: no rated opponent met over the board, no value"
            )),
        }
    }
    result.map(Value::int)
}

/// A player's uncut TPR and PTP, for the opponents' APRO and APPO.
#[derive(Copy, Clone, Debug)]
pub(super) struct Performance {
    tpr: Option<i64>,
    ptp: Option<i64>,
}

fn performances<'a>(t: &Tournament, f: &'a Facts) -> &'a [Performance] {
    f.performance.get_or_init(|| {
        (0..t.players.len())
            .map(|i| {
                let (rated, _) = games(t, i);
                Performance {
                    tpr: tpr_of(&rated).map(|x| x.0),
                    ptp: ptp_of(&rated),
                }
            })
            .collect()
    })
}

/// The average of a per-opponent value over the opponents met over the
/// board, rounded half-up; opponents with no value are left out.
fn opponents_average(
    t: &Tournament,
    f: &Facts,
    player: usize,
    code: &str,
    pick: fn(&Performance) -> Option<i64>,
    w: Option<&mut Working>,
) -> Option<Value> {
    let perf = performances(t, f);
    let mut w = w;
    let (mut sum, mut n) = (0i64, 0i64);
    for (r, round) in t.players[player].rounds.iter().enumerate() {
        let Some(o) = round.played_opponent().filter(|&o| o < t.players.len()) else {
            continue;
        };
        let v = pick(&perf[o]);
        if let Some(v) = v {
            sum += v;
            n += 1;
        }
        if let Some(w) = w.as_deref_mut() {
            w.terms.push(Term {
                round: Some(r + 1),
                opponent: Some(o),
                text: format!("round {}: {}", r + 1, who(t, o)),
                value: Value::int(v.unwrap_or(0)),
                dropped: v
                    .is_none()
                    .then(|| "no rated opponent over the board: no value, left out".to_string()),
            });
        }
    }
    let result = (n > 0).then(|| mean_round_int(sum, n));
    if let Some(w) = w {
        match result {
            Some(v) => w.note(format!("{code} = {sum} / {n} = {v} (rounded half-up)")),
            None => w.note(format!("{code}: no opponent with a value, no value")),
        }
    }
    result.map(Value::int)
}

/// APRO (C.07 10.4): the average of the TPRs of the opponents met over the
/// board, rounded half-up.
pub(super) fn apro(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    opponents_average(t, f, player, "APRO", |p| p.tpr, w)
}

/// APPO (C.07 10.5): the average of the PTPs of the opponents met over the
/// board, rounded half-up.
pub(super) fn appo(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    opponents_average(t, f, player, "APPO", |p| p.ptp, w)
}

/// RTNG (C.07 10.6, 2026): the player's own rating (the first one if the
/// player has several: the entry rating). No value for an unrated player.
pub(super) fn rtng(
    t: &Tournament,
    f: &Facts,
    player: usize,
    w: Option<&mut Working>,
) -> Option<Value> {
    let rating = t.players[player].rating;
    if let Some(w) = w {
        if f.edition != FideEdition::E2026 {
            w.note("RTNG was introduced by the 2026 edition (10.6)");
        }
        match rating {
            Some(r) => w.note(format!("RTNG = own rating {r}")),
            None => w.note("unrated: RTNG has no value"),
        }
    }
    rating.map(|r| Value::int(r as i64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Ordering;

    #[test]
    fn b02_tables() {
        assert_eq!(dp(50), 0);
        assert_eq!(dp(70), 149);
        assert_eq!(dp(100), 800);
        assert_eq!(dp(0), -800);
        assert_eq!(dp(13), -322);
        assert_eq!(pd(0), 50);
        assert_eq!(pd(3), 50);
        assert_eq!(pd(4), 51);
        assert_eq!(pd(-4), 49);
        assert_eq!(pd(735), 99);
        assert_eq!(pd(736), 100);
        assert_eq!(pd(-800), 0);
        // The bands are increasing.
        assert!(PD
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 + 1 == w[1].1));
        assert!(DP.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn ptp_is_the_lowest_rating_reaching_the_score() {
        let g = |rating, halves| Game {
            round: 0,
            opponent: 0,
            rating,
            points: Points(halves),
        };
        // One draw against 2000: PD(0..3) = .50, so R = 2000 - 3.
        assert_eq!(ptp_of(&[g(2000, 1)]), Some(1997));
        // Zero score: lowest - 800; full score: highest + 736.
        assert_eq!(ptp_of(&[g(2000, 0), g(1800, 0)]), Some(1000));
        assert_eq!(ptp_of(&[g(2000, 2), g(1800, 2)]), Some(2736));
        assert_eq!(ptp_of(&[]), None);
        assert_eq!(tpr_of(&[g(2000, 1)]).map(|x| x.0), Some(2000));
    }

    #[test]
    fn ordering_of_pd_is_monotone() {
        let mut prev = pd(-1000);
        for d in -1000..1000 {
            assert_ne!(pd(d).cmp(&prev), Ordering::Less);
            prev = pd(d);
        }
    }
}
