//! Direct encounter (DE, C.07 art. 6): the points the tied players scored
//! in the games among themselves.
//!
//! DE is a type-A system: its value depends on which players are tied, and
//! the standings recompute it within each still-tied subgroup (art. 4.2).

use super::{outcome_words, who, Facts};
use crate::domain::record::Tournament;
use crate::domain::score::{mean_round_int, Points, Value};
use crate::domain::tiebreak::{Term, Working};

/// How many solved groups [`de`] keeps. The standings value the players of
/// a score group one by one, with the still-tied subgroups inside it solved
/// in between; keeping a few groups means each is solved once (with only
/// the last one kept, a 1,000-player Swiss solved its score groups again
/// after every tied pair: a third of the standings' work).
pub(super) const CACHED: usize = 8;

/// The values of a group solved (players sorted by index).
pub(super) struct Solved {
    members: Vec<usize>,
    values: Vec<Value>,
}

/// One player's games against the rest of the group.
struct Tally {
    /// (opponent, points scored, games) per opponent met, in meeting order.
    met: Vec<(usize, Points, u32)>,
    /// (round, opponent, points) per counted game, for the working.
    games: Vec<(usize, usize, Points)>,
}

/// DE (C.07 art. 6) within `group` (the players tied with `player`; the
/// player is added if missing).
///
/// - 6.1: the value is the sum of the points scored against the other tied
///   players; several games against the same opponent count their average
///   (6.1.2). Swiss: games played over the board only; round robin:
///   forfeits count as regular games (15.2).
/// - 6.2: when every tied player met every other, the values rank them, and
///   the standings reapply DE to any subgroup still tied.
/// - 6.3: when not all met, a player is ranked first only if no other tied
///   player could catch them whatever the missing games' results (each
///   missing game counted as a win for the other side), and so on for the
///   following places, as the FIDE reference implementation does. Players so
///   separated keep their DE points; the players left undecided all get 0
///   (lower than any separated player's points), which is also what a
///   player with no tie gets. The undecided players are then a still-tied
///   subgroup for which the standings reapply DE.
pub(super) fn de(
    t: &Tournament,
    f: &Facts,
    player: usize,
    group: &[usize],
    w: Option<&mut Working>,
) -> Option<Value> {
    let n = t.players.len();
    // The standings pass each group sorted, with the player in it: then it
    // is used as it is, without a copy.
    let as_given = group.windows(2).all(|p| p[0] < p[1])
        && group.last().is_none_or(|&last| last < n)
        && group.binary_search(&player).is_ok();
    let members: std::borrow::Cow<[usize]> = if as_given {
        std::borrow::Cow::Borrowed(group)
    } else {
        let mut m: Vec<usize> = group.iter().copied().filter(|&i| i < n).collect();
        m.push(player);
        m.sort_unstable();
        m.dedup();
        std::borrow::Cow::Owned(m)
    };
    let at = members.binary_search(&player).ok()?;
    if w.is_none() {
        let mut cache = f.de.borrow_mut();
        if let Some(k) = cache.iter().rposition(|s| *s.members == *members) {
            // Most recently used last: a score group whose players are
            // valued between its small tied subgroups stays cached.
            let solved = cache.remove(k);
            let v = solved.values.get(at).copied();
            cache.push(solved);
            return v;
        }
    }
    let values = solve(t, f, &members, w, at);
    let v = values.get(at).copied();
    let mut cache = f.de.borrow_mut();
    if cache.len() >= CACHED {
        cache.remove(0);
    }
    cache.push(Solved {
        members: members.into_owned(),
        values,
    });
    v
}

/// Every member's DE within the group `members`; the working, if asked
/// for, of member `at`.
fn solve(
    t: &Tournament,
    f: &Facts,
    members: &[usize],
    w: Option<&mut Working>,
    at: usize,
) -> Vec<Value> {
    let size = members.len();
    let tallies: Vec<Tally> = members.iter().map(|&m| tally(t, f, members, m)).collect();
    let s = Scaled::new(&tallies);
    let all_met = s.missing.iter().all(|&m| m == 0);
    let mut values: Vec<Value> = s.scaled.iter().map(|&x| s.value(x)).collect();
    let mut decided = vec![true; size];
    if !all_met {
        for k in undecided(t, members, &s) {
            values[k] = Value::ZERO;
            decided[k] = false;
        }
    }
    if let Some(w) = w {
        let group = Group { t, members, at };
        group.explain(w, &tallies[at], &s, &values, all_met, decided[at]);
    }
    values
}

/// Player `m`'s games against the other `members` that count for DE: the
/// games played (in a round robin, the forfeits too, C.07 15.2).
fn tally(t: &Tournament, f: &Facts, members: &[usize], m: usize) -> Tally {
    let mut tally = Tally {
        met: Vec::new(),
        games: Vec::new(),
    };
    for (r, round) in t.players[m].rounds.iter().enumerate() {
        let Some(o) = round.opponent else { continue };
        let counts = if f.round_robin {
            round.outcome.is_paired()
        } else {
            round.outcome.is_played()
        };
        if o == m || !counts || members.binary_search(&o).is_err() {
            continue;
        }
        let p = round.points();
        tally.games.push((r, o, p));
        match tally.met.iter_mut().find(|e| e.0 == o) {
            Some(e) => {
                e.1 += p;
                e.2 += 1;
            }
            None => tally.met.push((o, p, 1)),
        }
    }
    tally
}

/// The group's scores as exact averages over a common denominator.
struct Scaled {
    /// The common denominator of every average.
    denominator: i128,
    /// Each member's score against the group, times the denominator (in
    /// half points).
    scaled: Vec<i128>,
    /// Each member's games against the group still missing.
    missing: Vec<i128>,
    /// The most each member could reach, winning every missing game.
    best: Vec<i128>,
}

impl Scaled {
    /// Scale every sum to a common denominator: exact averages.
    fn new(tallies: &[Tally]) -> Scaled {
        let size = tallies.len();
        let mut denominator: i128 = 1;
        for tally in tallies {
            for &(_, _, g) in &tally.met {
                let g = g as i128;
                let l = denominator / gcd(denominator, g) * g;
                if l <= 1 << 60 {
                    denominator = l;
                }
            }
        }
        let scaled: Vec<i128> = tallies
            .iter()
            .map(|tally| {
                tally
                    .met
                    .iter()
                    .map(|&(_, p, g)| p.halves() as i128 * (denominator / g.max(1) as i128))
                    .sum()
            })
            .collect();
        let missing: Vec<i128> = tallies
            .iter()
            .map(|tally| (size - 1).saturating_sub(tally.met.len()) as i128)
            .collect();
        let best: Vec<i128> = (0..size)
            .map(|k| scaled[k] + missing[k] * 2 * denominator)
            .collect();
        Scaled {
            denominator,
            scaled,
            missing,
            best,
        }
    }

    /// A scaled score as a value.
    fn value(&self, s: i128) -> Value {
        let hundredths = s * 50;
        // Half-up rounding of hundredths / denominator; both fit in i64 for
        // any real section (denominator ≤ 2^60 only for absurd input).
        let (num, den) = (
            hundredths.clamp(i64::MIN as i128 / 4, i64::MAX as i128 / 4) as i64,
            self.denominator.clamp(1, i64::MAX as i128 / 4) as i64,
        );
        Value(mean_round_int(num, den))
    }
}

/// When not all tied players met (6.3): the members whose place the games
/// played do not decide, who get DE 0.
fn undecided(t: &Tournament, members: &[usize], s: &Scaled) -> Vec<usize> {
    let size = members.len();
    let mut order: Vec<usize> = (0..size).collect();
    order.sort_by_key(|&k| {
        (
            std::cmp::Reverse(s.scaled[k]),
            std::cmp::Reverse(s.best[k]),
            t.players[members[k]].pairing_no,
            k,
        )
    });
    // Step i passes when the player at position i - 1 scored more than
    // anyone from position i on could reach: that player is decided.
    // rest_best[i]: the most anyone from position i on could reach.
    let mut rest_best = vec![0i128; size + 1];
    for i in (0..size).rev() {
        rest_best[i] = rest_best[i + 1].max(s.best[order[i]]);
    }
    let mut passed = 0;
    for i in 1..size {
        if s.scaled[order[i - 1]] > rest_best[i] {
            passed = i;
        } else {
            break;
        }
    }
    // When every step passed, the last player is alone at the bottom.
    let first_undecided = if passed == size - 1 { size } else { passed };
    order[first_undecided..].to_vec()
}

/// The tied group, and which of its members the working is for.
struct Group<'a> {
    t: &'a Tournament,
    members: &'a [usize],
    at: usize,
}

impl Group<'_> {
    /// The working of member `at`'s DE: the group, the games counted, and
    /// which rule gave the value.
    fn explain(
        &self,
        w: &mut Working,
        tally: &Tally,
        s: &Scaled,
        values: &[Value],
        all_met: bool,
        decided: bool,
    ) {
        let (t, members, at) = (self.t, self.members, self.at);
        let names: Vec<String> = members.iter().map(|&m| who(t, m)).collect();
        w.note(format!("tied group: {}", names.join(", ")));
        if members.len() == 1 {
            w.note("not tied with anyone: DE = 0");
        }
        for &(r, o, p) in &tally.games {
            let outcome = t.players[members[at]].rounds[r].outcome;
            w.terms.push(Term {
                round: Some(r + 1),
                opponent: Some(o),
                text: format!(
                    "round {}: {} v {}{}",
                    r + 1,
                    outcome_words(outcome),
                    who(t, o),
                    if outcome.is_played() {
                        ""
                    } else {
                        " (a forfeit counts as a game in a round robin, C.07 15.2)"
                    }
                ),
                value: p.value(),
                dropped: None,
            });
        }
        if tally.met.iter().any(|e| e.2 > 1) {
            w.note("several games against the same opponent count their average (6.1.2)");
        }
        if all_met {
            w.note(format!(
                "every tied player met every other (6.2): DE = {}",
                values[at].fraction()
            ));
        } else if decided {
            w.note(format!(
                "not all tied players met (6.3); scoring {} with {} game(s) missing, this \
                 player stays ahead of every player below whatever the missing results: \
                 DE = {}",
                s.value(s.scaled[at]).fraction(),
                s.missing[at],
                values[at].fraction()
            ));
        } else {
            w.note(format!(
                "not all tied players met (6.3); {} among them with {} game(s) missing: \
                 the order is not decided by the games played, DE = 0",
                s.value(s.scaled[at]).fraction(),
                s.missing[at]
            ));
        }
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}
