//! The FIDE Dutch system (FIDE Handbook C.04.3, the revision in force from
//! 1 February 2026, with the general rules C.04.1 and C.04.2).
//!
//! How it pairs, as the endorsed engines do: the players are ranked by
//! pairing score then pairing number (1.2); brackets are paired from the
//! top score down, each bracket being its scoregroup plus the players who
//! floated down into it (MDPs). For each bracket one maximum-weight
//! matching is solved over the bracket *and everything below it*:
//!
//! - the absolute criteria remove edges: C1 no rematch of a game played
//!   (forfeits do not count), C3 two non-topscorers with the same absolute
//!   colour preference, and forbidden pairs; C2 removes the bye edge of a
//!   player who already had a pairing-allocated bye or scored a win's
//!   points without playing;
//! - the weight's fields, most important first (module `quality`): every pair
//!   (C4: the rest of the round can still be paired), the bye receiver's
//!   score (lowest first; see below), pairs in the bracket
//!   (C5), the pairing score differences (C6), pairs and score differences
//!   of the next bracket (C7, C8), the bye receiver's unplayed games (C9),
//!   topscorer colours in the last round (C10, C11), colour preferences
//!   (C12, C13), repeated floats and their score differences (C14-C21);
//! - among the pairings equally good on every criterion, the one that comes
//!   first in the order of section 4 (which MDPs are paired, then exchanges
//!   between S1 and S2, then transpositions of S2, by bracket sequence
//!   numbers) is found by further low fields and by fixing the pairs of S1
//!   from the top (module `order`).
//!
//! The bracket's pairs are then fixed, its unpaired players move down, and
//! the next bracket is solved.
//!
//! Choices where the text is silent, written down:
//! - MDPs are paired with resident players only (S1 holds MDPs, S2
//!   residents, article 3 of the 2026 text); two MDPs meet only when the
//!   round could not be completed otherwise.
//! - A downfloater left unpaired counts, for C6 and C18-C21, with the score
//!   difference to one point below the bracket's lowest score (the PSD
//!   definition).
//! - A forfeit is no game for floats either: only its winner floats down
//!   (1.4.3, scoring more than a loss without playing), as does a player
//!   given a bye worth more than a loss (the reference engine agrees).
//! - C9 (the bye receiver's unplayed games, fewest first; forfeits,
//!   requested byes and absences count) weighs, right after C8 (the next
//!   bracket), in every bracket that downfloats exactly one player, the
//!   bye's receiver, as the 2026 text restricts it ("brackets that
//!   downfloat exactly one player, who will end up receiving the PAB").
//!   In practice: the bracket of the bye's score (found once for the round
//!   by the completion check, `Round::bye_score`) when the groups below
//!   it pair among themselves, and the last bracket. A bracket that
//!   downfloats the bye's receiver with others (for lower groups that need
//!   partners) leaves C9 out: its downfloaters are chosen by the criteria
//!   above and below C9, and the bracket that pairs them chooses the
//!   receiver without C9 too. The number of downfloaters is fixed by the
//!   criteria above C9, so the bracket's first optimal solution tells
//!   (`quality::c9_applies`). This reading pairs all 956 reference rounds
//!   as bbpPairings does; weighing C9 in the last bracket only missed two
//!   (dutch-002 r10, dutch-086 r6: pinned in `tests/suite/dutch_replay.rs`),
//!   weighing it above a higher bracket's pairs missed thirteen, and
//!   weighing it in every bracket at or below the bye's score without the
//!   one-downfloater gate missed twelve.
//! - The pairing-allocated bye goes to a player of the lowest score that
//!   still lets the round be completed, even when that costs a higher
//!   bracket a pair (C5) or more: the bye receiver's score weighs right
//!   after C4, in every bracket. The PAB is the round's last downfloater
//!   (1.4.3 gives it a downfloat), and the reference engines place it so:
//!   on caissify-pairings' generated odd fields every bye we gave
//!   differently went, in theirs, to a lower score, at the price of a pair
//!   in a higher bracket (BENCHMARKS.md).
//! - 5.2.5 reads the player's pairing number in the tournament: players
//!   absent this round count when they were paired in an earlier round,
//!   and only players never paired are left out (`seats`), as the
//!   reference engine numbers them.
//! - C10 (topscorers' colour differences beyond ±2, last round) counts a
//!   player when the colour he gets takes his difference beyond ±2 or
//!   further beyond, not when he is beyond it whatever he gets
//!   (`quality::c10_counts`), as the reference engine counts it.
//!
//! Speed, without giving up exactness (issue 14; BENCHMARKS.md). Three
//! shortcuts, each proven to give the answer the plain procedure gives (and
//! checked against it on random tournaments, `the_shortcuts_change_no_pairing`):
//! - a bracket is solved with the next scoregroup but without the players
//!   below it, whose only part in the weights is being there to pair the
//!   bracket's downfloaters; the answer is kept only if those players and
//!   the ones left unpaired can still all be paired (a cardinality check),
//!   and otherwise the whole graph is solved (`order::Bracket::solve_reduced`);
//! - the first candidate of the section 4 order is tried first, and only if
//!   every pair of it is tight under the first solve's duals;
//! - an opponent the last solve already proves best (tight, first in order,
//!   and taken) is fixed without another solve (`fix_without_solving`);
//! - a bracket whose first solution pairs all of it within itself is
//!   ordered on its own, without the players outside it (`Bracket::alone`);
//! - each ordering solve starts from the last solve's duals and matching
//!   (`order::warm`, `matching::blossom::warm`): the matcher proves its
//!   answer optimal whatever it starts from, and the steps use nothing of
//!   a solve but optimal pairs and optimal duals, except the last
//!   bracket's unfixed pairs, so there it starts warm only when at most
//!   one member is left unfixed;
//! - the remainder's ordering solves leave out the difference of the BSN
//!   sums when a solve with the fields above it proves that no exchange
//!   is needed (S1 paired against S2): the field is then the same on
//!   every optimal solution, and the solves start from that one, which
//!   already weighs the fields they share (`order::Bracket::no_exchange`,
//!   module `order::warm`).
//!
//! The matcher solves the whole graph at once here: the Dutch weights tie in
//! their high fields, so its sparse first try never proved itself and only
//! cost time.
//!
//! From `large::FROM` players, and whenever every board of the round
//! would not fit in memory, module `large` pairs the round instead: each
//! bracket's quality solve on a few boards of each player (ties broken by
//! a scramble, so the boards kept form a graph that can be paired), proven
//! over every board by LP duality, and its first candidate taken when
//! some optimal pairing holds it; any other bracket goes to the dense
//! code above while it fits, and the round is refused when it does not.

pub mod colour;
pub mod facts;
mod kinds;
mod large;
mod order;
mod quality;
pub mod weights;

use std::collections::{HashMap, HashSet};

use self::colour::{allocate, Side};
use self::facts::Player;
use self::weights::{schema, solve, Edge, Value};
use super::{Board, ByeKind, Colour, Entrant, Field, Pairing, Past, System, Unpairable};

/// The FIDE Dutch system.
#[derive(Copy, Clone, Debug, Default)]
pub struct Dutch;

impl System for Dutch {
    fn pair(&self, field: &Field) -> Result<Pairing, Unpairable> {
        pair(field)
    }
}

/// The whole round, as the engine works on it.
pub(crate) struct Round<'a> {
    pub field: &'a Field,
    /// Available players in rank order (score, then pairing number).
    pub players: Vec<Player>,
    /// Whether a pairing-allocated bye is needed (odd number of players).
    pub bye: bool,
    forbidden: HashSet<(u32, u32)>,
    pub last_round: bool,
    /// The score of the pairing-allocated bye's receiver: the lowest score
    /// a player who may get the bye (C2) can have while the round is still
    /// completed (C4, and C5 of the 2026 text). `None` when the number of
    /// players is even. It marks the bracket where C9 may apply; and since
    /// the bye receiver's score weighs right after C4, every optimal
    /// pairing of every bracket gives the bye to a player of this score.
    pub bye_score: Option<i32>,
    /// Each player's pairing number as 5.2.5 reads it, by rank: see
    /// [`seats`].
    seat: Vec<u32>,
    /// `compatible(i, j)` for every pair of ranks, row by row: asked of
    /// every pair in every solve, so worked out once a round.
    compat: Vec<bool>,
    /// Whether the exact shortcuts are taken: solving without the players
    /// below the next scoregroup, trying the first candidate first, and
    /// fixing opponents the last solve already proves best. Off only in
    /// the test that checks they change nothing.
    shortcuts: bool,
}

impl Round<'_> {
    /// The vertex standing for the pairing-allocated bye.
    pub fn bye_vertex(&self) -> usize {
        self.players.len()
    }

    /// Whether players `i` and `j` (ranks) may meet: C1, C3 and the
    /// forbidden pairs.
    pub fn compatible(&self, i: usize, j: usize) -> bool {
        if self.compat.is_empty() {
            // A round too large for the table (module `large`).
            return self.may_meet(i, j);
        }
        self.compat[i * self.players.len() + j]
    }

    /// Whether players `i` and `j` may meet, worked out from their facts.
    fn may_meet(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.players[i], &self.players[j]);
        if a.met.contains(&b.number) {
            return false;
        }
        let key = (a.number.min(b.number), a.number.max(b.number));
        if self.forbidden.contains(&key) {
            return false;
        }
        let absolute = colour::Strength::Absolute;
        !(a.strength == absolute
            && b.strength == absolute
            && a.preference == b.preference
            && !a.topscorer
            && !b.topscorer)
    }

    /// The colour the higher-ranked `i` gets against `j` (5.2).
    pub fn colour_of(&self, i: usize, j: usize) -> Colour {
        let (a, b) = (&self.players[i], &self.players[j]);
        allocate(
            &Side {
                colours: &a.colours,
                number: self.seat[i],
            },
            &Side {
                colours: &b.colours,
                number: self.seat[j],
            },
            self.field.initial_colour,
        )
    }
}

/// Pairs `field.round` under the Dutch system.
pub fn pair(field: &Field) -> Result<Pairing, Unpairable> {
    pair_with(field, true, false)
}

/// The span of the players' pairing scores, in half points.
fn score_span(players: &[Player]) -> u32 {
    let high = players.iter().map(|p| p.score).max().unwrap_or(0);
    let low = players.iter().map(|p| p.score).min().unwrap_or(0);
    high.abs_diff(low)
}

/// [`pair`], with or without the shortcuts (see `Round::shortcuts`), and
/// by the large path (module `large`) from [`large::FROM`] players, when
/// the round is too large to weigh every board, or when `force_large`
/// asks for it (a test's switch).
fn pair_with(field: &Field, shortcuts: bool, force_large: bool) -> Result<Pairing, Unpairable> {
    let players = facts::players(field);
    let n = players.len();
    let large = large_path(&players, field.round, force_large)?;
    let forbidden = field
        .forbidden
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    let round = Round {
        field,
        bye: n % 2 == 1,
        players,
        forbidden,
        last_round: field.round >= field.total_rounds,
        bye_score: None,
        seat: Vec::new(),
        compat: Vec::new(),
        shortcuts,
    };
    let mut round = round;
    if !large {
        round.compat = compat_table(&round);
    }
    round.seat = seats(field, &round.players);
    let mut pairing = Pairing::default();
    for e in &field.entrants {
        if let Some(kind) = e.requested_bye {
            pairing.byes.push((e.number, kind));
        }
    }
    if n == 0 {
        return Ok(pairing);
    }
    round.bye_score = complete(&round, large)?;

    // Pairs fixed so far (ranks, higher first) and the bye.
    let mut fixed: Vec<(usize, usize)> = Vec::new();
    let mut done = vec![false; n];
    let mut mdps: Vec<usize> = Vec::new();
    let mut start = 0;
    let mut bye_to = None;
    while start < n {
        let mut end = start;
        while end < n && round.players[end].score == round.players[start].score {
            end += 1;
        }
        let residents: Vec<usize> = (start..end).collect();
        let mut next_end = end;
        while next_end < n && round.players[next_end].score == round.players[end].score {
            next_end += 1;
        }
        let next: Vec<usize> = (end..next_end).collect();
        let lower: Vec<usize> = (end..n).collect();
        let result = pair_bracket(&round, large, [&mdps, &residents, &next, &lower], &done)?;
        for &(i, j) in &result.pairs {
            done[i] = true;
            done[j] = true;
            fixed.push((i, j));
        }
        if end == n {
            for &(i, j) in &result.rest {
                done[i] = true;
                done[j] = true;
                fixed.push((i, j));
            }
            bye_to = result.bye;
        }
        mdps = mdps
            .iter()
            .chain(residents.iter())
            .copied()
            .filter(|&i| !done[i])
            .collect();
        start = end;
    }
    if let Some(b) = bye_to {
        done[b] = true;
        pairing
            .byes
            .insert(0, (round.players[b].number, ByeKind::PairingAllocated));
    }
    let left: Vec<u32> = (0..n)
        .filter(|&i| !done[i])
        .map(|i| round.players[i].number)
        .collect();
    if !left.is_empty() {
        return Err(Unpairable {
            players: left,
            reason: "these players could not be paired".to_string(),
        });
    }
    push_boards(&round, fixed, &mut pairing);
    Ok(pairing)
}

/// Whether the round goes to the large path (module `large`): from
/// [`large::FROM`] players, when every board would not fit in memory, or
/// when `force` asks for it; a round whose scores span more than the
/// weights hold is refused.
fn large_path(players: &[Player], round: u32, force: bool) -> Result<bool, Unpairable> {
    let (n, span) = (players.len(), score_span(players));
    let large = force || n >= large::FROM || super::size::dutch_too_many(n, span, round);
    if !large {
        super::size::dutch(n, span, round)?;
    }
    Ok(large)
}

/// C4 for the whole round, by the large path's sparse check or by
/// weighing every board ([`check_complete`]).
fn complete(round: &Round, large: bool) -> Result<Option<i32>, Unpairable> {
    if large {
        large::check_complete(round)
    } else {
        check_complete(round)
    }
}

/// Pairs one bracket (its MDPs, residents, the next scoregroup and every
/// player below it, as [`order::Bracket::new`] takes them), by the large
/// path or the dense engine.
fn pair_bracket(
    round: &Round,
    large: bool,
    [mdps, residents, next, lower]: [&[usize]; 4],
    done: &[bool],
) -> Result<order::Outcome, Unpairable> {
    if large {
        let m = large::Members {
            mdps,
            residents,
            next,
            lower,
            done,
        };
        return large::pair_bracket(round, &m);
    }
    Ok(order::Bracket::new(round, mdps, residents, next, lower, done).pair())
}

/// Whether each two players (by rank) may meet, as an n × n table.
fn compat_table(round: &Round) -> Vec<bool> {
    let n = round.players.len();
    let mut compat = vec![false; n * n];
    for i in 0..n {
        for j in i + 1..n {
            let ok = round.may_meet(i, j);
            compat[i * n + j] = ok;
            compat[j * n + i] = ok;
        }
    }
    compat
}

/// The fixed pairs as boards, in board order (C.04.2: the higher player's
/// score, then their rank), each with its colours.
fn push_boards(round: &Round, mut fixed: Vec<(usize, usize)>, pairing: &mut Pairing) {
    fixed.sort_by_key(|&(i, j)| {
        let hi = i.min(j);
        (-round.players[i].score.max(round.players[j].score), hi)
    });
    for (i, j) in fixed {
        let (i, j) = (i.min(j), i.max(j));
        let c = round.colour_of(i, j);
        let (a, b) = (round.players[i].number, round.players[j].number);
        pairing.boards.push(if c == Colour::White {
            Board { white: a, black: b }
        } else {
            Board { white: b, black: a }
        });
    }
}

/// The pairing number 5.2.5 reads for each player (by rank): C.04.3 says
/// "pairing number", the number the player holds in the tournament, not
/// their place among the players present this round. A player absent now
/// who played (or was paired) in an earlier round keeps their number and
/// counts; a player absent now who was never paired (a late entry with a
/// bye asked for, a withdrawal before round 1) has never taken a number
/// and does not, so a round paired without them numbers from the first
/// player who takes part. This is how bbpPairings (FIDE-endorsed) numbers
/// the players, and it pairs the bye-heavy reference tournaments as that
/// engine does (`tests/data/pairing-byes/`).
fn seats(field: &Field, players: &[Player]) -> Vec<u32> {
    let mut entrants: Vec<&Entrant> = field.entrants.iter().collect();
    entrants.sort_by_key(|e| e.number);
    let mut number_of = HashMap::new();
    let mut next = 0;
    for e in entrants {
        if e.available || e.history.iter().any(was_paired) {
            next += 1;
            number_of.insert(e.number, next);
        }
    }
    players.iter().map(|p| number_of[&p.number]).collect()
}

/// Whether the player was in the pairing of that round: a game, a forfeit
/// (the pairing gave an opponent) or the pairing-allocated bye.
fn was_paired(past: &Past) -> bool {
    matches!(
        past,
        Past::Played { .. }
            | Past::Forfeit { .. }
            | Past::Bye {
                kind: ByeKind::PairingAllocated,
                ..
            }
    )
}

/// C4 for the whole round: a pairing of everybody (and the bye to one
/// allowed player) must exist, or the round cannot be paired. Returns the
/// lowest score the bye's receiver can have among the complete pairings
/// (C5 of the 2026 text), when there is a bye.
fn check_complete(round: &Round) -> Result<Option<i32>, Unpairable> {
    let n = round.players.len();
    let top = round.players.first().map_or(0, |p| p.score);
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if round.compatible(i, j) {
                edges.push(Edge {
                    u: i,
                    v: j,
                    values: vec![Value::Num(1), Value::Num(0)],
                });
            }
        }
        if round.bye && round.players[i].bye_allowed {
            // Second field: the lower the receiver's score, the heavier.
            edges.push(Edge {
                u: i,
                v: n,
                values: vec![
                    Value::Num(1),
                    Value::Num((top - round.players[i].score) as u64 + 1),
                ],
            });
        }
    }
    let s = schema(&edges, 2, n / 2 + 1);
    let mate = solve(n + 1, &edges, &s);
    let left: Vec<u32> = (0..n)
        .filter(|&i| mate[i].is_none())
        .map(|i| round.players[i].number)
        .collect();
    if left.is_empty() {
        return Ok((0..n)
            .find(|&i| mate[i] == Some(n))
            .map(|i| round.players[i].score));
    }
    let reason = if n == 1 {
        format!(
            "only player {} is left to pair, and they cannot get the pairing-allocated bye \
             (they already had one or scored a win without playing)",
            left[0]
        )
    } else {
        format!(
            "no pairing of round {} pairs everybody: players {} cannot all get an opponent they \
             have not met (or the bye they may still receive)",
            round.field.round,
            left.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Err(Unpairable {
        players: left,
        reason,
    })
}

#[cfg(test)]
mod tests;
