//! Rounds too large to weigh every board (issue 30 item 9: a 9,999-player
//! round, the most a TRF file numbers, has 50 million possible boards; the
//! dense engine would hold each with about 30 fields, some 173 GB).
//!
//! The answer is the dense engine's, bracket by bracket, or the round is
//! refused; never a different pairing. For each bracket:
//! - the quality solve (every field of module `quality`, on the same graph
//!   the dense engine would solve: the bracket and the next scoregroup
//!   when the players below can be left out, else the bracket and
//!   everybody below it, and the bye) is made on a few boards of each
//!   player and proven optimal over every board by LP duality (module
//!   `solve`), the boards weighed one at a time and dropped;
//! - the first candidate of the section 4 order (the first MDPs against
//!   the first residents, then S1 against S2 in order, with as many pairs
//!   as the optimal pairing has) is the answer exactly when some optimal
//!   pairing holds all of its pairs (the dense engine's shortcut,
//!   `order::Bracket::natural_if_optimal`). That is decided by weight: the
//!   candidate's boards plus the best pairing of everybody else, solved
//!   and proven the same way, weigh what the optimum weighs, or less;
//! - a bracket whose candidate is not optimal, or where a proof does not
//!   close, is ordered by the dense engine's steps (module `order`) on as
//!   few players as is exact: its members alone when every optimal
//!   pairing keeps it whole ([`Decision::KeptWhole`]); the bracket and
//!   the next scoregroup when the first solve was on them
//!   ([`Bracket::within_core`]); else the bracket and everybody below.
//!   Those boards are held when they fit in memory
//!   ([`super::super::size::dutch_fits`]); otherwise each ordering solve
//!   is made as the quality solve is, from a few boards of each player and
//!   proven (module `order::sparse`, which holds the boards left after the
//!   first solve at 8 bytes each and starts each solve from the last):
//!   little memory, a pass or two over the boards per solve, a minute or
//!   two for a group of thousands. The round is
//!   refused, saying which score group needs what, only when such a
//!   solve cannot be proven or the last bracket's answer would depend on
//!   which of equally good pairings a solve returns.
//!
//! The round's completion check (C4) and the check that the players left
//! below a bracket can still all be paired are made on a sparse graph of
//! who may meet (each player and the next few by rank, and the bye) by a
//! cardinality matching, which builds no weights; a perfect matching
//! found proves the round can be completed, and when none is found on the
//! sparse graph the large path cannot tell, and says so.
//!
//! What it needs: the players, a few boards of each (a packed weight of a
//! few hundred bits each), and time for one pass over the boards of the
//! graph solved per proof (O(n²) boards weighed, none kept); a bracket
//! ordered by sparse solves also holds the boards its first solve leaves
//! (8 bytes each, at most 256 MB; past that they are weighed each pass).

pub(super) mod solve;

use super::kinds::Classes;
use super::order::{not_in, Bracket, Outcome};
use super::quality::{bye_values, c9_applies, c9_field, leave_out, values, Context};
use super::weights::Value;
use super::Round;
use crate::domain::pairing::matching::cardinality;
use crate::domain::pairing::matching::Wide;
use crate::domain::pairing::size;
use crate::domain::pairing::Unpairable;
use solve::{optimum, Packing};
use std::cell::RefCell;

/// From this many players the large path pairs the round (and hands the
/// brackets it cannot decide to the dense engine while they fit): a
/// 2,000-player round 1 takes 0.6 s and 13 MB so, 2.7 s and 3 GB weighing
/// every board.
pub const FROM: usize = 1_500;

/// The players by rank after whom each player is joined to the next ones
/// in the sparse graphs of the completion checks: first a few, then more.
const WINDOWS: [usize; 2] = [12, 200];

/// One point, in half points.
const POINT: i32 = 2;

/// The graph of a bracket's quality solve.
pub(super) struct Problem<'r, 'f> {
    round: &'r Round<'f>,
    ctx: Context,
    /// The vertices: ranks in order, the bye vertex last if it is in.
    verts: Vec<usize>,
    /// Whether C4 weighs (the whole graph); left out on the bracket and
    /// the next scoregroup alone, as the dense engine's `solve_part`.
    c4: bool,
    /// Whether C9 is left out (the bracket does not downfloat the bye's
    /// receiver alone).
    no_c9: bool,
    /// The classes of the bracket's boards (module `kinds`), when the
    /// round's kinds are few enough.
    classes: Option<Classes>,
}

impl Problem<'_, '_> {
    /// The fields of the board between local vertices `x < y`, or `None`
    /// when the two may not meet (or the player may not get the bye).
    pub(super) fn board(&self, x: usize, y: usize) -> Option<Vec<Value>> {
        let (i, j) = (self.verts[x], self.verts[y]);
        let round = self.round;
        let mut v = if j == round.bye_vertex() {
            if !round.players[i].bye_allowed {
                return None;
            }
            bye_values(round, &self.ctx, i)
        } else {
            if !round.compatible(i, j) {
                return None;
            }
            values(round, &self.ctx, i, j)
        };
        self.leave_out(&mut v);
        Some(v)
    }

    /// The fields `v` of a board as this solve weighs them
    /// (`quality::leave_out`).
    fn leave_out(&self, v: &mut [Value]) {
        leave_out(&self.ctx, v, !self.c4, self.no_c9);
    }

    /// [`Problem::board`] packed: between two players of a known class,
    /// the class's weight from `cache` (packed once per solve), since a
    /// pass weighs tens of millions of boards and they take a few hundred
    /// classes (module `kinds`).
    pub(super) fn weigh<const L: usize>(
        &self,
        packing: &Packing,
        cache: &RefCell<Vec<Option<Wide<L>>>>,
        x: usize,
        y: usize,
    ) -> Option<Wide<L>> {
        let (i, j) = (self.verts[x], self.verts[y]);
        let round = self.round;
        let Some(classes) = self.classes.as_ref().filter(|_| j != round.bye_vertex()) else {
            return self.board(x, y).map(|v| packing.pack::<L>(&v));
        };
        if !round.compatible(i, j) {
            return None;
        }
        let c = classes.class(round, &self.ctx, i, j) as usize;
        if let Some(w) = cache.borrow().get(c).copied().flatten() {
            return Some(w);
        }
        let mut v = classes.fields(c as u32).to_vec();
        self.leave_out(&mut v);
        let w = packing.pack::<L>(&v);
        let mut cache = cache.borrow_mut();
        if cache.len() <= c {
            cache.resize(c + 1, None);
        }
        cache[c] = Some(w);
        Some(w)
    }

    /// One width for every field: room for the largest value any field
    /// takes, summed over a matching of `vertices` (the largest graph the
    /// bracket may solve, so every solve of it packs the same way).
    fn packing(&self, vertices: usize) -> Packing {
        let players = &self.round.players;
        let span = players[0].score - players[players.len() - 1].score;
        let ctx = &self.ctx;
        let bound = [
            3,
            u64::from(self.round.field.round) + 1,
            span as u64 + 2,
            2 * (ctx.high - ctx.low + POINT + 1) as u64 + 2,
        ]
        .into_iter()
        .max()
        .unwrap_or(3);
        let pairs = (vertices / 2 + 1) as u64;
        Packing {
            width: bits(bound) + bits(pairs + 1),
            fields: ctx.fields(),
        }
    }
}

fn bits(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// The bracket's players, as [`Bracket::new`] takes them.
pub(super) struct Members<'a> {
    pub mdps: &'a [usize],
    pub residents: &'a [usize],
    pub next: &'a [usize],
    pub lower: &'a [usize],
    pub done: &'a [bool],
}

#[cfg(test)]
thread_local! {
    /// How many brackets the large path decided itself (for the test that
    /// checks it is exercised).
    static SPARSE_BRACKETS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// How many brackets it handed to the dense engine on their members
    /// alone ([`Decision::KeptWhole`]).
    static KEPT_WHOLE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// How many it handed to the dense engine on the bracket and the next
    /// scoregroup ([`Bracket::within_core`]).
    static WITHIN_CORE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Whether a bracket that fits whole is still paired on the bracket
    /// and the next scoregroup where it can be (so that the tests compare
    /// that way with the dense engine on small fields).
    static PREFER_CORE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Whether a bracket the sparse solves cannot decide alone is still
    /// ordered by sparse solves where the dense engine would fit.
    static PREFER_SPARSE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// How many brackets were ordered by sparse solves (`order::sparse`).
    static SPARSE_ORDERED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// How many sparse solves were made on held boards, and how many of
    /// them started from the last solve (`order::sparse`).
    pub(super) static HELD_SOLVES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    pub(super) static WARM_SOLVES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Whether the sparse solves hold no boards (as past their limit), so
    /// the tests compare the solves weighed on the fly too.
    pub(super) static HOLD_NONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A way of pairing a bracket the large path may be asked to prefer where
/// the dense engine would fit, so that the tests compare that way with
/// the dense engine on small fields.
#[derive(Clone, Copy)]
enum Prefer {
    /// The bracket and the next scoregroup (`Bracket::within_core`).
    Core,
    /// Sparse solves (`order::sparse`).
    Sparse,
}

#[cfg(test)]
fn prefer(way: Prefer) -> bool {
    match way {
        Prefer::Core => PREFER_CORE.with(|c| c.get()),
        Prefer::Sparse => PREFER_SPARSE.with(|c| c.get()),
    }
}

/// Never, but in tests.
#[cfg(not(test))]
fn prefer(_: Prefer) -> bool {
    false
}

/// Pairs the bracket `m` as the dense engine does: from a few boards of
/// each player when its first candidate is optimal, else by the dense
/// engine's ordering steps on as few players as is exact, holding their
/// boards when they fit and by sparse solves when not (module doc); or
/// refuses.
pub(super) fn pair_bracket(round: &Round, m: &Members) -> Result<Outcome, Unpairable> {
    let members = m.mdps.len() + m.residents.len();
    let span = super::score_span(&round.players);
    let fits = |vertices: usize| size::dutch_fits(vertices, span, round.field.round);
    let vertices = match sparse_bracket(round, m) {
        Decision::Paired(out) => {
            #[cfg(test)]
            SPARSE_BRACKETS.with(|c| c.set(c.get() + 1));
            return Ok(out);
        }
        Decision::KeptWhole => {
            let dense = fits(members) && !prefer(Prefer::Sparse);
            let bracket = Bracket::kept_whole(round, [m.mdps, m.residents, m.next], !dense);
            if dense {
                #[cfg(test)]
                KEPT_WHOLE.with(|c| c.set(c.get() + 1));
                return Ok(bracket.pair());
            }
            if let Some(out) = bracket.pair_checked() {
                #[cfg(test)]
                SPARSE_ORDERED.with(|c| c.set(c.get() + 1));
                return Ok(out);
            }
            (members, true)
        }
        Decision::Open { core } => match pair_open(round, m, core, fits) {
            Ok(out) => return Ok(out),
            Err(vertices) => (vertices, false),
        },
    };
    let score = m
        .residents
        .first()
        .or(m.mdps.first())
        .map_or(0, |&i| round.players[i].score);
    Err(Unpairable {
        players: Vec::new(),
        reason: size::dutch_group_refusal(
            round.players.len(),
            score,
            vertices,
            size::dutch_bytes(vertices.0, span, round.field.round),
        ),
    })
}

/// [`pair_bracket`] of a bracket whose players below it cannot all be left
/// out ([`Decision::Open`]): by the dense engine on the bracket and
/// everybody below when they fit, else on the bracket and the next
/// scoregroup (`core` players) when the first solve was on them and they
/// fit, else by sparse solves. `Err` with the players the dense engine
/// would weigh, when none of these decides it.
fn pair_open(
    round: &Round,
    m: &Members,
    core: Option<usize>,
    fits: impl Fn(usize) -> bool,
) -> Result<Outcome, usize> {
    let vertices = m
        .mdps
        .iter()
        .chain(m.residents)
        .chain(m.lower)
        .filter(|&&i| !m.done[i])
        .count();
    let whole_fits = fits(vertices);
    let sparse_first = prefer(Prefer::Sparse);
    let dense = || Bracket::new(round, m.mdps, m.residents, m.next, m.lower, m.done).pair();
    if whole_fits && !prefer(Prefer::Core) && !sparse_first {
        return Ok(dense());
    }
    if core.is_some_and(&fits) && !sparse_first {
        let bracket = Bracket::within_core(round, m.mdps, m.residents, [m.next, m.lower], m.done);
        if let Some(out) = bracket.pair_checked() {
            #[cfg(test)]
            WITHIN_CORE.with(|c| c.set(c.get() + 1));
            return Ok(out);
        }
    }
    if whole_fits && !sparse_first {
        return Ok(dense());
    }
    let parts = [m.mdps, m.residents, m.next, m.lower];
    if let Some(out) = Bracket::new_sparse(round, parts, m.done).pair_checked() {
        #[cfg(test)]
        SPARSE_ORDERED.with(|c| c.set(c.get() + 1));
        return Ok(out);
    }
    // In tests that prefer sparse solves, a bracket they leave undecided
    // is paired as it fits.
    if whole_fits {
        return Ok(dense());
    }
    Err(vertices)
}

/// What the sparse solves decide about a bracket.
enum Decision {
    /// Its pairs (its first candidate is optimal).
    Paired(Outcome),
    /// Its candidate is not optimal, but every optimal pairing pairs the
    /// whole bracket within itself and leaves players below it: the dense
    /// engine orders it on its members alone ([`Bracket::kept_whole`]).
    KeptWhole,
    /// The dense engine must decide on the bracket and everybody below it
    /// (or a proof did not close). `core`: the players of the bracket and
    /// the next scoregroup, when the bracket's first solve was on them
    /// alone (the players below left a pairing): the dense engine may then
    /// stay on them ([`Bracket::within_core`]).
    Open { core: Option<usize> },
}

/// What the sparse solves decide about the bracket (see [`Decision`]).
fn sparse_bracket(round: &Round, m: &Members) -> Decision {
    let n = round.players.len();
    let ctx = Context::of_bracket(round, m.mdps, m.residents, m.next);
    let mut all: Vec<usize> = m
        .mdps
        .iter()
        .chain(m.residents)
        .chain(m.lower)
        .copied()
        .filter(|&i| !m.done[i])
        .collect();
    all.sort_unstable();
    all.dedup();
    let part = ctx.may_leave_out_below(round, &all);
    let mut whole = all.clone();
    if round.bye {
        whole.push(n);
    }
    let problem = Problem {
        round,
        verts: if part {
            all.iter().copied().filter(|&i| ctx.in_core(i)).collect()
        } else {
            whole.clone()
        },
        classes: Classes::new(round, &ctx),
        ctx,
        c4: !part,
        no_c9: false,
    };
    let packing = problem.packing(whole.len());
    let limbs = (packing.width * packing.fields as u32 + bits(whole.len() as u64) + 4).div_ceil(64);
    let decide = Decide {
        all: &all,
        whole: &whole,
        members: m.mdps.iter().chain(m.residents).copied().collect(),
        mdps: m.mdps,
        residents: m.residents,
    };
    match limbs.max(2) {
        2 => decide.run::<2>(problem, &packing),
        3 => decide.run::<3>(problem, &packing),
        4 => decide.run::<4>(problem, &packing),
        5 => decide.run::<5>(problem, &packing),
        6 => decide.run::<6>(problem, &packing),
        7 => decide.run::<7>(problem, &packing),
        8 => decide.run::<8>(problem, &packing),
        9..=12 => decide.run::<12>(problem, &packing),
        13..=16 => decide.run::<16>(problem, &packing),
        _ => Decision::Open { core: None },
    }
}

/// What a bracket's decision works on.
struct Decide<'a> {
    /// Every player not yet paired from the bracket down, by rank.
    all: &'a [usize],
    /// `all` and the bye vertex (when there is a bye).
    whole: &'a [usize],
    /// The bracket in BSN order: MDPs, then residents.
    members: Vec<usize>,
    mdps: &'a [usize],
    residents: &'a [usize],
}

/// A proven optimal solve of a problem, by rank (the bye vertex `n`).
struct Solved<const L: usize> {
    mate: Vec<Option<usize>>,
    total: Wide<L>,
}

impl Decide<'_> {
    /// The decision, with weights of `L` limbs.
    fn run<const L: usize>(&self, mut problem: Problem, packing: &Packing) -> Decision {
        let round = problem.round;
        let Some(mut first) = self.first::<L>(&mut problem, packing) else {
            return Decision::Open { core: None };
        };
        if !c9_applies(round, &problem.ctx, &self.members, &first.mate) {
            let f = c9_field(&problem.ctx);
            let bye = round.bye_vertex();
            let had = problem.verts.last() == Some(&bye)
                && problem.verts[..problem.verts.len() - 1].iter().any(|&i| {
                    round.players[i].bye_allowed
                        && bye_values(round, &problem.ctx, i)[f] != Value::Num(0)
                });
            problem.no_c9 = true;
            if had {
                let Some(again) = self.first::<L>(&mut problem, packing) else {
                    return Decision::Open { core: None };
                };
                first = again;
            }
        }
        if let Some(out) = self.natural::<L>(&problem, packing, &first) {
            return Decision::Paired(out);
        }
        if self.kept_whole(round, &problem.ctx, &first.mate) {
            return Decision::KeptWhole;
        }
        Decision::Open {
            core: (!problem.c4).then_some(problem.verts.len()),
        }
    }

    /// Whether the optimal pairing `mate` pairs every member of the
    /// bracket within it while players are left below: then every optimal
    /// pairing does (the argument of `order::Bracket::alone`), and the
    /// bracket's order is decided on its members alone.
    fn kept_whole(&self, round: &Round, ctx: &Context, mate: &[Option<usize>]) -> bool {
        let n = round.players.len();
        let below = self.all.iter().any(|&i| !ctx.in_bracket[i]);
        round.shortcuts
            && below
            && !self.members.is_empty()
            && self
                .members
                .iter()
                .all(|&i| mate[i].is_some_and(|j| j < n && ctx.in_bracket(i.min(j), i.max(j))))
    }

    /// The bracket's first solve: on the bracket and the next scoregroup
    /// when everybody left can then still be paired, else on the whole
    /// graph (which `problem` becomes).
    fn first<const L: usize>(&self, problem: &mut Problem, packing: &Packing) -> Option<Solved<L>> {
        let subset: Vec<usize> = (0..problem.verts.len()).collect();
        let solved = solve_ranks::<L>(problem, packing, &subset)?;
        if problem.c4 || completes(problem.round, self.all, &solved.mate) {
            return Some(solved);
        }
        problem.verts = self.whole.to_vec();
        problem.c4 = true;
        let subset: Vec<usize> = (0..problem.verts.len()).collect();
        solve_ranks::<L>(problem, packing, &subset)
    }

    /// The first candidate of the section 4 order, when some optimal
    /// pairing holds it (see the module doc); `None` otherwise.
    fn natural<const L: usize>(
        &self,
        problem: &Problem,
        packing: &Packing,
        first: &Solved<L>,
    ) -> Option<Outcome> {
        let round = problem.round;
        let n = round.players.len();
        let ctx = &problem.ctx;
        let last = self.all.iter().all(|&i| ctx.in_bracket[i]);
        let pairs: Vec<(usize, usize)> = self
            .members
            .iter()
            .filter_map(|&i| first.mate[i].map(|j| (i, j)))
            .filter(|&(i, j)| i < j && j < n && ctx.in_bracket(i, j))
            .collect();
        if pairs.is_empty() {
            return self.outcome(round, Vec::new(), last, &first.mate);
        }
        let m1 = pairs.iter().filter(|&&(i, _)| ctx.is_mdp[i]).count();
        let pr = pairs.len() - m1;
        if m1 > self.residents.len() || self.residents.len() - m1 < 2 * pr {
            return None;
        }
        let rest = &self.residents[m1..];
        let mut candidate: Vec<(usize, usize)> = (0..m1)
            .map(|k| (self.mdps[k], self.residents[k]))
            .chain((0..pr).map(|k| (rest[k], rest[pr + k])))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        candidate.sort_unstable();
        let local = |i: usize| problem.verts.binary_search(&i).ok();
        let mut taken = vec![false; problem.verts.len()];
        let mut weight = Wide::<L>::ZERO;
        for &(a, b) in &candidate {
            let (x, y) = (local(a)?, local(b)?);
            weight += packing.pack::<L>(&problem.board(x, y)?);
            taken[x] = true;
            taken[y] = true;
        }
        let subset: Vec<usize> = (0..problem.verts.len()).filter(|&x| !taken[x]).collect();
        let mut rest = solve_ranks::<L>(problem, packing, &subset)?;
        if weight + rest.total != first.total {
            return None;
        }
        for &(a, b) in &candidate {
            rest.mate[a] = Some(b);
            rest.mate[b] = Some(a);
        }
        if !problem.c4 && !completes(round, self.all, &rest.mate) {
            return None;
        }
        self.outcome(round, candidate, last, &rest.mate)
    }

    /// The bracket's outcome with its pairs `pairs`: below the last
    /// bracket nothing else; in the last bracket the rest of `mate` (an
    /// optimal solution holding `pairs`), when it is the same in every
    /// such solution: at most one member is left, who gets the bye or
    /// stays unpaired.
    fn outcome(
        &self,
        round: &Round,
        pairs: Vec<(usize, usize)>,
        last: bool,
        mate: &[Option<usize>],
    ) -> Option<Outcome> {
        let mut outcome = Outcome {
            pairs,
            rest: Vec::new(),
            bye: None,
        };
        if !last {
            return Some(outcome);
        }
        let left = not_in(&outcome.pairs, &self.members);
        match left[..] {
            [] => Some(outcome),
            [i] => {
                outcome.bye = (mate[i] == Some(round.bye_vertex())).then_some(i);
                Some(outcome)
            }
            _ => None,
        }
    }
}

/// [`optimum`] of the local vertices `subset`, by rank.
fn solve_ranks<const L: usize>(
    problem: &Problem,
    packing: &Packing,
    subset: &[usize],
) -> Option<Solved<L>> {
    let found = optimum::<L>(problem, packing, subset)?;
    let mut mate = vec![None; problem.round.bye_vertex() + 1];
    for (a, m) in found.mate.iter().enumerate() {
        mate[problem.verts[subset[a]]] = m.map(|b| problem.verts[subset[b]]);
    }
    Some(Solved {
        mate,
        total: found.total,
    })
}

/// Whether the players of `all` that `mate` leaves unpaired can all be
/// paired among themselves, the bye going to a player of the bye's score
/// (the dense engine's `solve_part` check), shown on a sparse graph.
fn completes(round: &Round, all: &[usize], mate: &[Option<usize>]) -> bool {
    let mut rest: Vec<usize> = all.iter().copied().filter(|&i| mate[i].is_none()).collect();
    if round.bye {
        rest.push(round.bye_vertex());
    }
    let bye_ok = |i: usize| {
        let p = &round.players[i];
        p.bye_allowed && Some(p.score) == round.bye_score
    };
    perfect_on_window(round, &rest, bye_ok)
}

/// Whether the players `rest` (ranks in order, the bye vertex last if
/// there) have a perfect matching among the boards between each player
/// and the next few by rank, and the bye's boards to the players
/// `bye_ok` accepts; tried with wider windows before saying no.
pub(super) fn perfect_on_window(
    round: &Round,
    rest: &[usize],
    bye_ok: impl Fn(usize) -> bool,
) -> bool {
    let bye = round.bye_vertex();
    let players = rest.iter().filter(|&&i| i != bye).count();
    for window in WINDOWS {
        let mut adjacency = vec![Vec::new(); rest.len()];
        for a in 0..players {
            for b in a + 1..players.min(a + 1 + window) {
                if round.compatible(rest[a], rest[b]) {
                    adjacency[a].push(b);
                    adjacency[b].push(a);
                }
            }
            if players < rest.len() && bye_ok(rest[a]) {
                adjacency[a].push(players);
                adjacency[players].push(a);
            }
        }
        let mut mate = vec![None; rest.len()];
        if cardinality::complete_perfect(&adjacency, &mut mate) {
            return true;
        }
    }
    false
}

/// C4 for the whole round without weighing a board: a perfect matching of
/// a sparse graph of who may meet, the bye going to a player of the
/// lowest score among those who may get it. Returns that score (the
/// lowest possible, so the dense check's answer), or a refusal when the
/// sparse graph has no such matching (the large path cannot tell).
pub(super) fn check_complete(round: &Round) -> Result<Option<i32>, Unpairable> {
    let n = round.players.len();
    let lowest = round
        .players
        .iter()
        .filter(|p| p.bye_allowed)
        .map(|p| p.score)
        .min();
    let target = if round.bye { lowest } else { None };
    let mut rest: Vec<usize> = (0..n).collect();
    if round.bye {
        rest.push(n);
    }
    let bye_ok = |i: usize| round.players[i].bye_allowed && Some(round.players[i].score) == target;
    if (!round.bye || target.is_some()) && perfect_on_window(round, &rest, bye_ok) {
        return Ok(target);
    }
    if size::dutch_fits(n, super::score_span(&round.players), round.field.round) {
        return super::check_complete(round);
    }
    Err(Unpairable {
        players: Vec::new(),
        reason: size::dutch_completion_refusal(n, round.field.round),
    })
}

#[cfg(test)]
mod tests;
