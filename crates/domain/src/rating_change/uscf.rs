//! US Chess estimated post-event ratings, after Glickman and Doan, "The US
//! Chess Rating System" (the algorithm US Chess publishes): the effective
//! number of games N', the standard formula with K = 800/(N' + m) and the
//! bonus, and the special formula for unrated (and provisional) players.
//!
//! Ratings are real numbers in that document (an official rating is the
//! stored value rounded), so this module works in `f64`; nothing here is
//! a score or a tiebreak compared for equality.
//!
//! What the league cannot know, and what this module assumes instead:
//! the number of games N a rating is based on (a rated player is taken as
//! established, so N' = N*; a provisional player rated on 8 or fewer games
//! would get the special formula), the age-based initial rating of an
//! unrated player (the special formula is solved from the event's games
//! alone, N' = 0), and rating floors above the absolute floor of 100.

use crate::domain::record::Tournament;

/// The bonus threshold B of the standard formula. US Chess has changed it
/// (14 from 2017, 12 for events ending from 1 February 2023, back to 14 by
/// the Ratings Committee's later "Rating Bonus Formula Change").
pub const BONUS_THRESHOLD: f64 = 14.0;

/// The absolute rating floor.
pub const ABSOLUTE_FLOOR: f64 = 100.0;

/// Standard winning expectancy of a player rated `r` against `opponent`.
pub fn expected(r: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-(r - opponent) / 400.0))
}

/// N*: the most games a rating of `r0` counts as (at most 50); the
/// effective number of games N' is the smaller of N and N*.
pub fn effective_games_cap(r0: f64) -> f64 {
    let r = r0.min(2355.0);
    50.0 / (0.662 + 0.00000739 * (2569.0 - r).powi(2)).sqrt()
}

/// N' = min(N, N*); `n` None (not known) counts as established: N*.
pub fn effective_games(r0: f64, n: Option<f64>) -> f64 {
    let cap = effective_games_cap(r0);
    n.map_or(cap, |n| n.min(cap))
}

/// K = 800 / (N' + m).
pub fn k_factor(n_eff: f64, m: usize) -> f64 {
    800.0 / (n_eff + m as f64)
}

/// The bonus threshold's amount B × √max(m, 4).
pub fn bonus_threshold(b: f64, m: usize) -> f64 {
    b * (m.max(4) as f64).sqrt()
}

/// The standard formula's result, with the K and bonus it used.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Standard {
    /// K = 800 / (N' + m).
    pub k: f64,
    /// The bonus points (0 when none).
    pub bonus: f64,
    /// The post-event rating.
    pub rating: f64,
}

/// The standard formula: R0 + K(S − E), plus the bonus
/// max(0, K(S − E) − B√max(m, 4)) when m ≥ 3 and no opponent was met more
/// than twice. `games` are (opponent rating, score 0/0.5/1).
pub fn standard(r0: f64, n_eff: f64, games: &[(f64, f64)], bonus_allowed: bool) -> Standard {
    let m = games.len();
    let k = k_factor(n_eff, m);
    let s: f64 = games.iter().map(|g| g.1).sum();
    let e: f64 = games.iter().map(|g| expected(r0, g.0)).sum();
    let change = k * (s - e);
    let bonus = if bonus_allowed && m >= 3 {
        (change - bonus_threshold(BONUS_THRESHOLD, m)).max(0.0)
    } else {
        0.0
    };
    Standard {
        k,
        bonus,
        rating: r0 + change + bonus,
    }
}

/// The special formula's winning expectancy: linear within 400 points.
pub fn special_expected(r: f64, opponent: f64) -> f64 {
    ((r - opponent) / 800.0 + 0.5).clamp(0.0, 1.0)
}

/// The special formula: the rating R at which the expected score over the
/// event's games, plus N' games at ½ each against the prior rating R0,
/// equals the score made plus N'/2. Where a whole interval of ratings does
/// (an unrated player with all wins or all losses, or with results far
/// from the opponents'), the point of the interval nearest R0 is taken,
/// or its middle for an unrated player.
pub fn special(prior: Option<(f64, f64)>, games: &[(f64, f64)]) -> f64 {
    let (r0, n) = prior.unwrap_or((0.0, 0.0));
    let weights: Vec<(f64, f64)> = games
        .iter()
        .map(|g| (g.0, 1.0))
        .chain((n > 0.0).then_some((r0, n)))
        .collect();
    let target = games.iter().map(|g| g.1).sum::<f64>() + n / 2.0;
    let f = |r: f64| -> f64 {
        weights
            .iter()
            .map(|&(o, w)| w * special_expected(r, o))
            .sum()
    };
    let mut points: Vec<f64> = weights
        .iter()
        .flat_map(|&(o, _)| [o - 400.0, o + 400.0])
        .collect();
    points.sort_by(f64::total_cmp);
    points.dedup();
    const EPS: f64 = 1e-9;
    // f is piecewise linear and non-decreasing between the breakpoints.
    let lowest_reaching = first_reaching(&points, &f, target, EPS);
    let highest_within = last_within(&points, &f, target, EPS);
    if lowest_reaching + EPS < highest_within {
        match prior {
            Some(_) => r0.clamp(lowest_reaching, highest_within),
            None => (lowest_reaching + highest_within) / 2.0,
        }
    } else {
        lowest_reaching
    }
}

/// The smallest R with f(R) ≥ target (the last breakpoint if none).
fn first_reaching(points: &[f64], f: &impl Fn(f64) -> f64, target: f64, eps: f64) -> f64 {
    let Some(&first) = points.first() else {
        return 0.0;
    };
    if f(first) + eps >= target {
        return first;
    }
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (fa, fb) = (f(a), f(b));
        if fb + eps >= target {
            return if fb - fa > eps {
                a + (target - fa) * (b - a) / (fb - fa)
            } else {
                b
            };
        }
    }
    *points.last().unwrap_or(&first)
}

/// The largest R with f(R) ≤ target (the first breakpoint if none).
fn last_within(points: &[f64], f: &impl Fn(f64) -> f64, target: f64, eps: f64) -> f64 {
    let Some(&last) = points.last() else {
        return 0.0;
    };
    if f(last) <= target + eps {
        return last;
    }
    for w in points.windows(2).rev() {
        let (a, b) = (w[0], w[1]);
        let (fa, fb) = (f(a), f(b));
        if fa <= target + eps {
            return if fb - fa > eps {
                a + (target - fa) * (b - a) / (fb - fa)
            } else {
                a
            };
        }
    }
    points[0]
}

/// Which formula an estimate came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// The standard formula (a rated player, taken as established).
    Standard,
    /// The special formula (an unrated player).
    Special,
}

/// A player's estimated post-event rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The pre-event rating, None for an unrated player.
    pub pre: Option<i64>,
    /// The estimated post-event rating, unrounded.
    pub post: f64,
    /// The formula used.
    pub formula: Formula,
    /// The effective number of games N' (0 for an unrated player).
    pub n_eff: f64,
    /// K (standard formula only).
    pub k: Option<f64>,
    /// Bonus points (standard formula only).
    pub bonus: f64,
    /// Games rated (m).
    pub games: usize,
    /// Games over the board left out: the opponent was unrated and had no
    /// estimate of their own.
    pub left_out: usize,
}

impl Estimate {
    /// The post-event rating as US Chess would publish it: rounded.
    pub fn rounded(&self) -> i64 {
        self.post.round() as i64
    }

    /// The change from the pre-event rating, rounded (None when unrated).
    pub fn change(&self) -> Option<i64> {
        self.pre.map(|pre| self.rounded() - pre)
    }
}

/// (opponent rating, score) for each of `player`'s games over the board,
/// an unrated opponent taking `stand_in`'s rating when it has one, and the
/// number of games left out; whether any opponent was met more than twice.
fn scored_games(
    t: &Tournament,
    player: usize,
    stand_in: &[Option<f64>],
) -> (Vec<(f64, f64)>, usize, bool) {
    let mut out = Vec::new();
    let mut left_out = 0;
    let mut met = vec![0u32; t.players.len()];
    for round in &t.players[player].rounds {
        let Some(o) = round.played_opponent().filter(|&o| o < t.players.len()) else {
            continue;
        };
        met[o] += 1;
        let rating = t.players[o].rating.map(f64::from).or(stand_in[o]);
        match rating {
            Some(r) => out.push((r, f64::from(round.points().halves()) / 2.0)),
            None => left_out += 1,
        }
    }
    (out, left_out, met.iter().any(|&n| n > 2))
}

/// Every player's estimate (None for a player with no rated game), in two
/// passes as the algorithm's steps 3 to 5 do: first each unrated player's
/// special-formula rating from games against rated opponents, then every
/// player's rating with those standing in for the unrated opponents.
pub fn section(t: &Tournament) -> Vec<Option<Estimate>> {
    let none = vec![None; t.players.len()];
    let first: Vec<Option<f64>> = (0..t.players.len())
        .map(|p| {
            if t.players[p].rating.is_some() {
                return None;
            }
            let (games, _, _) = scored_games(t, p, &none);
            (!games.is_empty()).then(|| special(None, &games))
        })
        .collect();
    (0..t.players.len())
        .map(|p| estimate(t, p, &first))
        .collect()
}

fn estimate(t: &Tournament, p: usize, stand_in: &[Option<f64>]) -> Option<Estimate> {
    let (games, left_out, repeated) = scored_games(t, p, stand_in);
    if games.is_empty() {
        return None;
    }
    let m = games.len();
    match t.players[p].rating {
        Some(r) => {
            let r0 = f64::from(r);
            let n_eff = effective_games(r0, None);
            let s = standard(r0, n_eff, &games, !repeated);
            Some(Estimate {
                pre: Some(i64::from(r)),
                post: s.rating.max(ABSOLUTE_FLOOR),
                formula: Formula::Standard,
                n_eff,
                k: Some(s.k),
                bonus: s.bonus,
                games: m,
                left_out,
            })
        }
        None => Some(Estimate {
            pre: None,
            post: special(None, &games).max(ABSOLUTE_FLOOR),
            formula: Formula::Special,
            n_eff: 0.0,
            k: None,
            bonus: 0.0,
            games: m,
            left_out,
        }),
    }
}
