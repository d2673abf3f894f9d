//! Playing a section in memory, round by round, paired by the program's own
//! pairing engine: the demo's Swiss sections and round robin, and the
//! synthetic leagues' sections. Pure: ratings and a seeded generator in,
//! rounds of games, byes and withdrawals out; the callers record them
//! through the store.
//!
//! Each round is paired as `league round pair` pairs it: the section's
//! [`Field`] (every player's history so far, the requested byes of the
//! round, who has withdrawn; the initial colour, the bye's points and the
//! acceleration of the event's settings) goes to the engine of the event's
//! own pairing settings (the callers get both from
//! `round::pair::event_engine`, as the command does: the US Chess Swiss
//! system for a Swiss ranked by US Chess tiebreaks, the Berger tables for a
//! round robin), and only then are the round's results drawn from the
//! generator. So a demo round is exactly the
//! round the engine makes from the rounds before it: no rematches (C.04.1 b:
//! a forfeited game does not count as one, so two players whose game was
//! forfeited may be paired again), colours balanced as the system balances
//! them, the pairing-allocated bye to the player the system chooses.
//!
//! Players are known by their index, which is their pairing number less one:
//! the callers enter them strongest first, so the numbers follow rating, as
//! the first pairing of `league round pair` gives them (C.04.2).
//!
//! Choice, for speed: the engines solve weighted matchings over the whole
//! section, so their time grows steeply with it (release build: the Dutch
//! system about 48 ms a round at 200 players and 1.4 s at 1,000, the US
//! Chess system about 20 ms at 250 and 2 s at 1,000; BENCHMARKS.md), which
//! over the 30-season league's 2,160 rounds of 225 players would be
//! minutes, and far more in a debug build's tests. Synthetic sections
//! larger than [`ENGINE_LIMIT`] players are paired by
//! [`Pairer::ScoreGroups`] instead, a quick score-group pairing (top half
//! against bottom half of each score group, no rematch of a game played),
//! so the benchmarks' 225-, 250- and 1,000-player sections and the
//! 30-season league stay quick to make; their events say `pairing: manual`
//! (paired outside the program's engines), which is what happened. The
//! demo's sections (12-30 players) are all below the limit.

use super::game_result;
use super::rng::Rng;
use crate::domain::game::GameResult;
use crate::domain::pairing::acceleration::apply_baku;
use crate::domain::pairing::settings::{Acceleration, PairingRules};
use crate::domain::pairing::{self as engine, Colour, Entrant, Field, Past, PointSystem, System};
use crate::domain::record::ByeKind;
use crate::domain::score::Points;

/// The largest section the synthetic generator pairs with its event's
/// engine (see the module doc for why there is a limit): a club-sized
/// Swiss, at most about 30 ms a round.
pub const ENGINE_LIMIT: usize = 64;

/// One round of a simulated section, in player indexes (0-based, the order
/// of the ratings given: pairing number less one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimRound {
    /// (white, black, result), board 1 first.
    pub games: Vec<(usize, usize, GameResult)>,
    /// (player, kind, requested): requested half-point byes and the
    /// pairing-allocated full-point bye.
    pub byes: Vec<(usize, ByeKind, bool)>,
    /// Players who withdraw after this round.
    pub withdrawn: Vec<usize>,
}

/// How a round is paired.
pub enum Pairer<'a> {
    /// By a pairing system of the program (the US Chess or FIDE Dutch
    /// system, a round-robin table) under the event's settings, as `league
    /// round pair` pairs.
    Engine(&'a dyn System, &'a PairingRules),
    /// By the quick score-group pairing ([`score_groups`]), for sections too
    /// large for the engine to pair quickly.
    ScoreGroups,
}

/// What happens in a section besides the games.
pub struct Events<'a> {
    /// Whether player `i` asks for a half-point bye in round `r` (called
    /// once for each player still in, each round, in pairing-number order).
    pub half_bye: &'a mut dyn FnMut(&mut Rng, u32) -> bool,
    /// The round after which each player withdraws, if they do.
    pub quits: Vec<Option<u32>>,
}

/// Play `n_rounds` rounds of a section of `ratings.len()` players.
pub fn play(
    rng: &mut Rng,
    ratings: &[u32],
    n_rounds: u32,
    events: Events<'_>,
    pairer: &Pairer<'_>,
) -> Vec<SimRound> {
    let n = ratings.len();
    let Events { half_bye, quits } = events;
    let mut history: Vec<Vec<Past>> = vec![Vec::with_capacity(n_rounds as usize); n];
    let mut score = vec![0i32; n];
    let mut balance = vec![0i32; n];
    let mut active = vec![true; n];
    let mut out = Vec::with_capacity(n_rounds as usize);
    for round in 1..=n_rounds {
        let mut this = SimRound::default();
        let mut requested = vec![false; n];
        for i in 0..n {
            if active[i] && half_bye(rng, round) {
                requested[i] = true;
                this.byes.push((i, ByeKind::Half, true));
            }
        }
        let available: Vec<usize> = (0..n).filter(|&i| active[i] && !requested[i]).collect();
        let by_engine = match pairer {
            Pairer::Engine(system, rules) => {
                let field = field(
                    ratings,
                    rules,
                    round,
                    n_rounds,
                    &history,
                    (&active, &requested),
                );
                engine_round(*system, rules, &field, &mut this)
            }
            Pairer::ScoreGroups => None,
        };
        // A tiny section can run out of new opponents; the quick pairing
        // then says so by pairing a rematch, which the store refuses with
        // its own message.
        let pairs = match by_engine {
            Some(pairs) => pairs,
            None => quick_round(&available, ratings, &score, &balance, &history, &mut this),
        };
        for &(w, b) in &pairs {
            let res = game_result(rng, ratings[w], ratings[b]);
            let (ws, bs) = halves(res);
            score[w] += ws;
            score[b] += bs;
            balance[w] += 1;
            balance[b] -= 1;
            let forfeit = matches!(
                res,
                GameResult::WhiteForfeitWin
                    | GameResult::BlackForfeitWin
                    | GameResult::DoubleForfeit
            );
            for (me, them, colour, got) in [(w, b, Colour::White, ws), (b, w, Colour::Black, bs)] {
                let points = Points::from_halves(got);
                history[me].push(past_game(forfeit, them as u32 + 1, colour, points));
            }
            this.games.push((w, b, res));
        }
        for &(i, kind, requested) in &this.byes {
            let points = kind.points().halves();
            let kind = if requested {
                engine::ByeKind::RequestedHalf
            } else {
                engine::ByeKind::PairingAllocated
            };
            score[i] += points;
            history[i].push(Past::Bye {
                kind,
                points: Points::from_halves(points),
            });
        }
        for i in 0..n {
            if history[i].len() < round as usize {
                history[i].push(Past::Absent);
            }
            if active[i] && quits[i] == Some(round) {
                active[i] = false;
                this.withdrawn.push(i);
            }
        }
        out.push(this);
    }
    out
}

/// A round paired by `system` under `rules`: the boards (players by index,
/// White first), the pairing-allocated bye added to `this`; `None` when the
/// engine finds no pairing.
fn engine_round(
    system: &dyn System,
    rules: &PairingRules,
    field: &Field,
    this: &mut SimRound,
) -> Option<Vec<(usize, usize)>> {
    let p = system.pair(field).ok()?;
    for &(number, kind) in &p.byes {
        if kind == engine::ByeKind::PairingAllocated {
            this.byes.push((number as usize - 1, rules.bye, false));
        }
    }
    Some(
        p.boards
            .iter()
            .map(|b| (b.white as usize - 1, b.black as usize - 1))
            .collect(),
    )
}

/// A game in a player's pairing history: against `opponent` (a pairing
/// number), with `colour`, scoring `points`; a forfeit is not played.
fn past_game(forfeit: bool, opponent: u32, colour: Colour, points: Points) -> Past {
    if forfeit {
        Past::Forfeit {
            opponent,
            colour,
            points,
        }
    } else {
        Past::Played {
            opponent,
            colour,
            points,
        }
    }
}

/// Half-points to White and Black.
pub(crate) fn halves(res: GameResult) -> (i32, i32) {
    match res {
        GameResult::WhiteWins | GameResult::WhiteForfeitWin => (2, 0),
        GameResult::BlackWins | GameResult::BlackForfeitWin => (0, 2),
        GameResult::Draw => (1, 1),
        GameResult::DoubleForfeit | GameResult::DoubleLoss => (0, 0),
    }
}

/// The field of `round` as `league round pair` builds it from the records
/// and the event's settings `rules` (`round::players`): every player in
/// pairing-number order with their history, those who withdrew or asked for
/// a bye not available (`(active, requested)`).
fn field(
    ratings: &[u32],
    rules: &PairingRules,
    round: u32,
    n_rounds: u32,
    history: &[Vec<Past>],
    (active, requested): (&[bool], &[bool]),
) -> Field {
    let mut field = Field {
        round,
        total_rounds: n_rounds,
        initial_colour: rules.initial_colour,
        points: PointSystem {
            pairing_bye: rules.bye.points(),
            ..PointSystem::default()
        },
        forbidden: Vec::new(),
        entrants: ratings
            .iter()
            .enumerate()
            .map(|(i, &rating)| Entrant {
                number: i as u32 + 1,
                rating,
                title: String::new(),
                name: String::new(),
                history: history[i].clone(),
                available: active[i] && !requested[i],
                requested_bye: requested[i].then_some(engine::ByeKind::RequestedHalf),
                acceleration: Points::ZERO,
                club: String::new(),
            })
            .collect(),
    };
    // The event's acceleration: the virtual points of this round (C.04.5.1).
    if rules.acceleration == Acceleration::Baku {
        apply_baku(&mut field);
    }
    field
}

/// A round by the quick score-group pairing: the odd player's full-point
/// bye to the lowest-ranked player without one, the rest by
/// [`score_groups`], colours to the player with fewer whites (alternating by
/// board when equal).
fn quick_round(
    available: &[usize],
    ratings: &[u32],
    score: &[i32],
    balance: &[i32],
    history: &[Vec<Past>],
    this: &mut SimRound,
) -> Vec<(usize, usize)> {
    let mut ranked = available.to_vec();
    // Highest score first, then rating, then pairing order.
    ranked.sort_by_key(|&i| {
        (
            std::cmp::Reverse(score[i]),
            std::cmp::Reverse(ratings[i]),
            i,
        )
    });
    if ranked.len() % 2 == 1 {
        let had_bye = |i: usize| {
            history[i].iter().any(|p| {
                matches!(
                    p,
                    Past::Bye {
                        kind: engine::ByeKind::PairingAllocated,
                        ..
                    }
                )
            })
        };
        let pos = (0..ranked.len())
            .rev()
            .find(|&p| !had_bye(ranked[p]))
            .unwrap_or(ranked.len() - 1);
        let pick = ranked.remove(pos);
        this.byes.push((pick, ByeKind::Full, false));
    }
    let met = |a: usize, b: usize| {
        history[a]
            .iter()
            .any(|p| p.played_opponent() == Some(b as u32 + 1))
    };
    score_groups(&ranked, score, &met)
        .into_iter()
        .enumerate()
        .map(|(board, (a, b))| {
            let a_white = balance[a] < balance[b] || (balance[a] == balance[b] && board % 2 == 0);
            if a_white {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect()
}

/// Pair `ranked` (an even number of players, best first) by score groups:
/// within each group of equal scores the top half meets the bottom half
/// (1 v k+1, 2 v k+2, ...), skipping old opponents; a group's odd player,
/// and anyone left with only old opponents in it, drops to the next group.
/// Whoever is still unpaired at the bottom is paired in order, and a rematch
/// there is swapped into an earlier pair that allows it. Each pick scans
/// only its own group, so a round costs about the sum of the squared group
/// sizes, not n².
pub fn score_groups(
    ranked: &[usize],
    score: &[i32],
    have_met: &dyn Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(ranked.len() / 2);
    let mut carried: Vec<usize> = Vec::new();
    let mut start = 0;
    while start < ranked.len() {
        let s = score[ranked[start]];
        let end = start
            + ranked[start..]
                .iter()
                .take_while(|&&p| score[p] == s)
                .count();
        let mut group = std::mem::take(&mut carried);
        group.extend_from_slice(&ranked[start..end]);
        start = end;
        if start < ranked.len() && group.len() % 2 == 1 {
            carried.extend(group.pop());
        }
        let half = group.len() / 2;
        let mut used = vec![false; group.len()];
        for i in 0..group.len() {
            if used[i] {
                continue;
            }
            let a = group[i];
            let from = half.max(i + 1);
            let pick = (from..group.len())
                .chain(i + 1..from)
                .find(|&j| !used[j] && !have_met(a, group[j]));
            if let Some(j) = pick {
                used[i] = true;
                used[j] = true;
                pairs.push((a, group[j]));
            }
        }
        // Those left unpaired drop to the next group, ahead of its players.
        let mut down: Vec<usize> = (0..group.len())
            .filter(|&i| !used[i])
            .map(|i| group[i])
            .collect();
        down.append(&mut carried);
        carried = down;
    }
    // The bottom: pair what is left in order, then repair rematches.
    let first_clash = pairs.len();
    for two in carried.chunks(2) {
        if let [a, b] = two {
            pairs.push((*a, *b));
        }
    }
    for k in first_clash..pairs.len() {
        let (x, y) = pairs[k];
        if !have_met(x, y) {
            continue;
        }
        for m in (0..pairs.len()).rev() {
            if m == k {
                continue;
            }
            let (a, b) = pairs[m];
            if !have_met(x, a) && !have_met(y, b) {
                pairs[k] = (a, x);
                pairs[m] = (b, y);
                break;
            }
            if !have_met(x, b) && !have_met(y, a) {
                pairs[k] = (a, y);
                pairs[m] = (x, b);
                break;
            }
        }
    }
    pairs
}
