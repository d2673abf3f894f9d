//! Pairing one bracket: the best pairing by the quality criteria, and among
//! the equally good ones the first in the order of C.04.3 section 4.
//!
//! The order, by bracket sequence numbers (BSN: rank within the bracket,
//! MDPs first):
//! 1. In a heterogeneous bracket, which MDPs are paired (S1 against the
//!    Limbo): fewest MDPs exchanged, then the smallest difference of the
//!    BSN sums, then the highest different BSN moved out of S1, then the
//!    lowest different BSN moved in.
//! 2. Their opponents: the transposition of S2 that is lowest in BSN
//!    order, S1's first player first.
//! 3. The remainder (the residents left), as a homogeneous bracket: S1 is
//!    the higher player of each pair; exchanges between the original S1
//!    (the first as many players as there are pairs) and S2 ranked as in
//!    1; then the transposition of S2 as in 2. The players left over are
//!    the downfloaters.
//!
//! Each step adds low-priority fields under the quality fields and solves
//! again, so the result stays optimal on every criterion; the opponents of
//! S1 are fixed a few players at a time, from the top.

use super::kinds::Classes;
use super::quality::{bye_values, c9_applies, drop_c9, values, Context};
use super::weights::{drop_constant_fields, schema, solve_from, solve_tight, Edge, Schema, Value};
use super::Round;
use crate::domain::pairing::matching::cardinality;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use warm::{Last, Mode};

mod sparse;
mod warm;

/// A low-priority field added by an ordering step: its value on pair
/// `(i, j)` (ranks, `i` higher), whether at most one pair of a matching
/// can have a non-zero value in it, and the one player `row`, if any,
/// outside whose pairs as the higher player it is zero (a field of one
/// player of S1: a solve then weighs it on that player's boards only).
struct Extra {
    value: Box<dyn Fn(usize, usize) -> Value>,
    single: bool,
    row: Option<usize>,
}

fn field(value: impl Fn(usize, usize) -> Value + 'static) -> Extra {
    Extra {
        value: Box::new(value),
        single: false,
        row: None,
    }
}

impl Extra {
    /// The field's value on the pair `(i, j)`, `i` the higher.
    fn at(&self, i: usize, j: usize) -> Value {
        if self.row.is_some_and(|r| r != i) {
            return Value::Num(0);
        }
        (self.value)(i, j)
    }
}

/// What pairing a bracket gives.
pub struct Outcome {
    /// Pairs of the bracket (ranks, higher first).
    pub pairs: Vec<(usize, usize)>,
    /// In the last bracket: every other pair of the final solution.
    pub rest: Vec<(usize, usize)>,
    /// In the last bracket: the player who gets the pairing-allocated bye.
    pub bye: Option<usize>,
}

/// A bracket and everything below it.
pub struct Bracket<'a, 'b> {
    round: &'a Round<'b>,
    ctx: Context,
    /// Bracket members in BSN order (MDPs first, then residents).
    members: Vec<usize>,
    mdps: Vec<usize>,
    residents: Vec<usize>,
    /// Local vertex → rank; the bye vertex, if any, is last.
    vertices: Vec<usize>,
    local: Vec<Option<usize>>,
    /// Edges with the quality fields (local vertices) between players of
    /// the bracket and the next scoregroup.
    base: Vec<Edge>,
    /// Every edge with the quality fields, made when a solve first needs
    /// the whole graph.
    whole: std::cell::OnceCell<Vec<Edge>>,
    /// Whether C9 was found not to apply to this bracket (`drop_c9`).
    no_c9: bool,
    /// Whether every optimal pairing pairs the whole bracket within itself,
    /// so the ordering solves need nothing else (`Bracket::alone`).
    alone: std::cell::Cell<bool>,
    /// Whether this is the last bracket (no player below it is left).
    last: bool,
    /// Whether the whole graph (the bracket and everybody below) is too
    /// large to weigh: the solves stay on the bracket and the next
    /// scoregroup, the check that the players below can still be paired
    /// is made on a sparse graph of neighbours by rank, and a solve that
    /// would need the whole graph marks `overflow` instead
    /// ([`Bracket::within_core`]).
    limited: bool,
    /// Whether the solves weigh the boards on the fly instead of holding
    /// them (module `sparse`), for a bracket too large to hold them: the
    /// checks that the players below can still be paired are then made on
    /// a sparse graph too, as with `limited`.
    sparse: bool,
    /// Set when a solve could not be made here (`limited`, `sparse`): the
    /// bracket's outcome is then not the dense engine's, and is dropped
    /// ([`Bracket::pair_checked`]).
    overflow: Rc<Cell<bool>>,
    /// Pairs fixed by the ordering steps (ranks).
    fixed: Vec<(usize, usize)>,
    /// The bracket's first solve (quality fields only), once made: the
    /// later solves leave out the edges it proves to be in no optimal
    /// pairing (see [`Bracket::useless`]).
    first: Option<Solution>,
    /// Local vertices whose pairs any field weighs: the bracket and the
    /// next scoregroup.
    core: Vec<bool>,
    /// Whether a solve may leave out the players below the next
    /// scoregroup (see [`Bracket::solve_part`]); cleared once that
    /// fails for this bracket.
    reducible: std::cell::Cell<bool>,
    /// What the ordering solves start from (module `warm`).
    warm: Warm,
    /// The boards the sparse solves hold after the first (module `sparse`).
    held: sparse::Held,
    /// The classes of the bracket's boards, for the sparse solves (module
    /// `kinds`); `None` inside when the round has too many kinds.
    classes: std::cell::OnceCell<Option<Classes>>,
}

/// The state of the warm starts of a bracket's solves (module `warm`).
#[derive(Default)]
struct Warm {
    /// While a solve should keep its duals (an ordering loop, or the
    /// first solve): the number of its `extra` fields that every solve of
    /// the loop shares.
    prefix: Cell<Option<usize>>,
    /// What the loop's last solve leaves for the next one to start from.
    last: RefCell<Option<Last>>,
    /// What the bracket's first solve leaves, for a loop's first solve.
    first: RefCell<Option<Last>>,
    /// Whether the last bracket's ordering solves may start warm: only
    /// when its outcome cannot depend on which optimal matching a solve
    /// returns (see [`Bracket::pair`]).
    in_last: Cell<bool>,
}

impl<'a, 'b> Bracket<'a, 'b> {
    /// The bracket made of `mdps` and `residents`; `next` is the next
    /// scoregroup, `lower` every player below the bracket; `done` marks
    /// the players already paired.
    pub fn new(
        round: &'a Round<'b>,
        mdps: &[usize],
        residents: &[usize],
        next: &[usize],
        lower: &[usize],
        done: &[bool],
    ) -> Bracket<'a, 'b> {
        Bracket::build(round, [mdps, residents, next, lower], done, false)
    }

    /// [`Bracket::new`], its solves weighing the boards on the fly (module
    /// `sparse`), for a bracket whose boards would not fit in memory; its
    /// outcome is to be taken by [`Bracket::pair_checked`].
    pub fn new_sparse(
        round: &'a Round<'b>,
        parts: [&[usize]; 4],
        done: &[bool],
    ) -> Bracket<'a, 'b> {
        Bracket::build(round, parts, done, true)
    }

    /// The bracket of `parts` (MDPs, residents, the next scoregroup and
    /// every player below), its boards held or, with `sparse`, weighed on
    /// the fly.
    fn build(
        round: &'a Round<'b>,
        [mdps, residents, next, lower]: [&[usize]; 4],
        done: &[bool],
        sparse: bool,
    ) -> Bracket<'a, 'b> {
        let n = round.players.len();
        let members: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        let ctx = Context::of_bracket(round, mdps, residents, next);
        let mut vertices: Vec<usize> = members
            .iter()
            .chain(lower)
            .copied()
            .filter(|&i| !done[i])
            .collect();
        vertices.sort_unstable();
        let mut local = vec![None; n + 1];
        for (k, &i) in vertices.iter().enumerate() {
            local[i] = Some(k);
        }
        let bye = round.bye_vertex();
        if round.bye {
            local[bye] = Some(vertices.len());
            vertices.push(bye);
        }
        let core: Vec<bool> = vertices.iter().map(|&i| ctx.in_core(i)).collect();
        let base = if sparse {
            Vec::new()
        } else {
            edges_where(round, &ctx, &vertices, |x, y| core[x] && core[y])
        };
        let reducible =
            std::cell::Cell::new(round.shortcuts && ctx.may_leave_out_below(round, &vertices));
        let last = vertices.iter().all(|&i| i >= n || ctx.in_bracket[i]);
        Bracket {
            round,
            ctx,
            core,
            reducible,
            whole: std::cell::OnceCell::new(),
            no_c9: false,
            alone: std::cell::Cell::new(false),
            last,
            limited: false,
            sparse,
            overflow: Rc::new(Cell::new(false)),
            members,
            mdps: mdps.to_vec(),
            residents: residents.to_vec(),
            vertices,
            local,
            base,
            fixed: Vec::new(),
            first: None,
            warm: Warm::default(),
            held: sparse::Held::default(),
            classes: std::cell::OnceCell::new(),
        }
    }

    /// The bracket of `mdps` and `residents` (`next`: the next
    /// scoregroup) when every optimal pairing of the round so far is known
    /// to pair all of it within itself, and players are left below it: it
    /// is then solved alone from its first solve on, its graph holding its
    /// members' boards only (see [`Bracket::alone`], which finds the same
    /// after a first solve of the bracket and those below). The large path
    /// (module `dutch::large`) proves that from a few boards of each
    /// player, and so orders a bracket whose players below would not fit.
    ///
    /// With `sparse`, its solves weigh the boards on the fly (module
    /// `sparse`): take its outcome by [`Bracket::pair_checked`].
    pub fn kept_whole(
        round: &'a Round<'b>,
        [mdps, residents, next]: [&[usize]; 3],
        sparse: bool,
    ) -> Bracket<'a, 'b> {
        let members: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        let mut done = vec![true; round.players.len()];
        for &i in &members {
            done[i] = false;
        }
        let mut bracket = Bracket::build(round, [mdps, residents, next, &[]], &done, sparse);
        bracket.last = false;
        bracket.alone.set(true);
        bracket.reducible.set(false);
        bracket
    }

    /// The bracket as [`Bracket::new`] makes it, when the bracket and
    /// everybody below it are too many to weigh but a first solve of the
    /// bracket and the next scoregroup is known to leave the players below
    /// a pairing (`Context::may_leave_out_below`, checked on a sparse
    /// graph): the ordering solves then stay on that part, as the dense
    /// engine's do while its checks hold ([`Bracket::solve_part`]), with
    /// the check made on a sparse graph of who may meet (each player and
    /// the next few by rank), which builds no weights. When that check
    /// fails, the dense engine would solve the whole graph: the bracket is
    /// then left undecided ([`Bracket::pair_checked`] gives `None`).
    pub fn within_core(
        round: &'a Round<'b>,
        mdps: &[usize],
        residents: &[usize],
        [next, lower]: [&[usize]; 2],
        done: &[bool],
    ) -> Bracket<'a, 'b> {
        let mut bracket = Bracket::new(round, mdps, residents, next, lower, done);
        bracket.limited = true;
        bracket
    }

    /// [`Bracket::pair`] of a bracket made by [`Bracket::within_core`] or
    /// with sparse solves: `None` when a solve could not be made there (the
    /// whole graph was needed, a proof did not close, or the last
    /// bracket's answer would depend on which of equally good pairings a
    /// solve returns).
    pub fn pair_checked(self) -> Option<Outcome> {
        let overflow = Rc::clone(&self.overflow);
        let outcome = self.pair();
        (!overflow.get()).then_some(outcome)
    }

    /// Whether the edge `i`-`j` (ranks, or the bye vertex) can be left out
    /// of every solve after the first: both players were in the first
    /// solve's graph, and the edge was not tight under its optimal duals.
    ///
    /// Why this is exact: every later solve adds fields below the quality
    /// fields, and fixes only pairs of its optimal solutions, so each later
    /// optimal solution, with the pairs fixed, is optimal for the first
    /// solve's weights (on the players of the first solve's graph: when
    /// that graph was the bracket and the next scoregroup, see
    /// [`Bracket::solve_part`]). By complementary slackness every edge of
    /// such a solution is tight under the first solve's duals. An edge that
    /// is not is in no solution the later solves can return, so leaving it
    /// out of their graphs changes none of their optimal solutions, and
    /// makes them smaller (in round 2 of a large event, pairs of the top
    /// scoregroup whose colour preferences clash, when the group can grant
    /// more of them).
    fn useless(&self, i: usize, j: usize) -> bool {
        self.first
            .as_ref()
            .is_some_and(|f| f.present[i] && f.present[j] && f.tight[i].binary_search(&j).is_err())
    }

    /// Solves with the quality fields plus the `extra` fields, honouring
    /// the fixed pairs (their players are left out of the graph: their
    /// pair is the same in every solution). Returns the mate of every rank
    /// (or the bye vertex), fixed pairs included.
    fn solve_with(&self, extra: &[Extra]) -> Vec<Option<usize>> {
        self.solve_info(extra).mate
    }

    /// [`Bracket::solve_with`], with the pairs that could be in an optimal
    /// solution.
    fn solve_info(&self, extra: &[Extra]) -> Solution {
        if self.alone.get() {
            let n = self.round.players.len();
            let members = |x: usize| {
                let i = self.vertices[x];
                i < n && self.ctx.in_bracket[i]
            };
            if let Ok(out) = self.solve_part(extra, members, Mode::Alone) {
                return out;
            }
        }
        if self.reducible.get() {
            match self.solve_part(extra, |x| self.core[x], Mode::Part) {
                Ok(out) => return out,
                Err(out) if self.limited => {
                    self.overflow.set(true);
                    return out;
                }
                Err(_) => self.reducible.set(false),
            }
        }
        let whole = self.whole.get_or_init(|| {
            if self.sparse {
                return Vec::new();
            }
            let mut all = edges_where(self.round, &self.ctx, &self.vertices, |_, _| true);
            if self.no_c9 {
                drop_c9(&self.ctx, &mut all);
            }
            all
        });
        self.solve_graph(whole, |_| true, extra, Mode::Whole).0
    }

    /// Solves the graph of the `source` edges between the local vertices
    /// that `keep` accepts and no fixed pair took, with the quality fields
    /// plus the `extra` fields (nothing on the bye's edges); `mode` says
    /// which graph it is, and every graph but [`Mode::Whole`] weighs C4 as
    /// nothing (see [`Bracket::solve_part`]). Returns the solution, fixed pairs
    /// included, and which local vertices the fixed pairs took.
    fn solve_graph(
        &self,
        source: &[Edge],
        keep: impl Fn(usize) -> bool,
        extra: &[Extra],
        mode: Mode,
    ) -> (Solution, Vec<bool>) {
        let without_c4 = mode != Mode::Whole;
        let bye = self.round.bye_vertex();
        let mut out = vec![None; bye + 1];
        let mut gone = vec![false; self.vertices.len()];
        for &(i, j) in &self.fixed {
            out[i] = Some(j);
            out[j] = Some(i);
            gone[self.local[i].unwrap()] = true;
            gone[self.local[j].unwrap()] = true;
        }
        // The solve's own numbering of the vertices kept, and back.
        let mut index = vec![usize::MAX; self.vertices.len()];
        let mut back = Vec::new();
        for (x, &g) in gone.iter().enumerate() {
            if !g && keep(x) {
                index[x] = back.len();
                back.push(self.vertices[x]);
            }
        }
        if self.sparse {
            let solution = self.sparse_solution(&back, extra, mode, out);
            return (solution, gone);
        }
        let mut edges = Vec::with_capacity(source.len());
        for e in source {
            if index[e.u] == usize::MAX || index[e.v] == usize::MAX {
                continue;
            }
            let (i, j) = (self.vertices[e.u], self.vertices[e.v]);
            if self.useless(i, j) {
                continue;
            }
            let mut values = e.values.clone();
            if without_c4 {
                values[0] = Value::Num(0);
            }
            for f in extra {
                values.push(if j == bye { Value::Num(0) } else { f.at(i, j) });
            }
            edges.push(Edge {
                u: index[e.u],
                v: index[e.v],
                values,
            });
        }
        let fields = self.ctx.fields() + extra.len();
        let mut s = schema(&edges, fields, back.len() / 2 + 1);
        single_widths(&mut s, &edges, extra, self.ctx.fields());
        drop_constant_fields(&mut s, &edges);
        let solved = if self.warm.prefix.get().is_some() {
            let guess = self.warm_guess(mode, &mut edges, &mut s, &back);
            let solved = solve_from(back.len(), &edges, &s, guess.as_ref());
            self.keep_warm(mode, &s, &back, &solved);
            solved
        } else {
            solve_tight(back.len(), &edges, &s)
        };
        for (x, m) in solved.mate.iter().enumerate() {
            out[back[x]] = m.map(|y| back[y]);
        }
        let mut present = vec![false; bye + 1];
        for &i in &back {
            present[i] = true;
        }
        let solution = Solution {
            tight: tight_by_rank(&edges, &solved.tight, &back, bye),
            mate: out,
            present,
        };
        (solution, gone)
    }

    /// Notes whether the bracket can be solved alone from now on: when its
    /// first solution `first` pairs every member within the bracket (and it
    /// is not the last bracket), every optimal pairing does (C5 fixes the
    /// number of the bracket's pairs, and there is no more room), so the
    /// players outside are paired among themselves in all of them, and no
    /// field joins their pairs to the bracket's. The optimal pairings of
    /// the bracket alone are then exactly the bracket's parts of the optimal
    /// pairings of everybody, and the ordering solves can leave everybody
    /// else out. (A large even scoregroup of an early round is the usual
    /// case: 400 players instead of 600 in round 2 of 1,000.)
    fn alone(&self, first: &Solution) {
        let n = self.round.players.len();
        let whole = self.members.iter().all(|&i| {
            first.mate[i].is_some_and(|j| j < n && self.ctx.in_bracket(i.min(j), i.max(j)))
        });
        self.alone
            .set(self.round.shortcuts && whole && !self.members.is_empty() && !self.is_last());
    }

    /// Leaves C9 out of every edge from now on; returns whether any edge
    /// a solve used had it (then the solve must be repeated).
    fn drop_c9(&mut self) -> bool {
        self.no_c9 = true;
        if self.sparse {
            // No boards are held to look at: solve again (exact either way).
            return true;
        }
        let mut had = drop_c9(&self.ctx, &mut self.base);
        if let Some(all) = self.whole.get_mut() {
            had |= drop_c9(&self.ctx, all);
        }
        had
    }

    /// [`Bracket::solve_with`] on the bracket and the next scoregroup
    /// only (the local vertices `keep` accepts), when that is provably the
    /// same answer; else `Err` with the part's solution.
    ///
    /// Below the next scoregroup, every field but C4 (and the bye's) is
    /// zero: those players matter only as a place where whoever is left
    /// unpaired above can still be paired. So the solve leaves them out,
    /// weighs C4 as nothing (in a pairing of everybody it is the same for
    /// every pairing) and lets players above stay unpaired; then checks that the players
    /// below, with those left unpaired, can all be paired (and the bye
    /// given to a player of the lowest possible score). If they can, the
    /// answer is optimal for the whole graph: every pairing of everybody
    /// weighs, on the fields that differ, what its part above weighs, and
    /// no part above weighs more than this one. If they cannot, returns
    /// `Err` and the caller solves the whole graph.
    ///
    /// The same code solves a bracket on its own (`keep` its members,
    /// [`Mode::Alone`], without the check) once every optimal pairing is
    /// known to pair all of it within itself: see [`Bracket::alone`].
    fn solve_part(
        &self,
        extra: &[Extra],
        keep: impl Fn(usize) -> bool,
        mode: Mode,
    ) -> Result<Solution, Solution> {
        let bye = self.round.bye_vertex();
        // C4 counts every pair of the whole round; here it would prefer
        // pairs above to pairs below, which it does not.
        let (solution, gone) = self.solve_graph(&self.base, keep, extra, mode);
        if mode == Mode::Alone {
            return Ok(solution);
        }
        // Everybody not yet paired: those below and those left above.
        let rest: Vec<usize> = self
            .vertices
            .iter()
            .enumerate()
            .filter(|&(x, &i)| !gone[x] && (i == bye || solution.mate[i].is_none()))
            .map(|(_, &i)| i)
            .collect();
        let bye_ok = |i: usize| {
            let p = &self.round.players[i];
            p.bye_allowed && Some(p.score) == self.round.bye_score
        };
        if self.limited || self.sparse {
            let complete = super::large::perfect_on_window(self.round, &rest, bye_ok);
            return if complete {
                Ok(solution)
            } else {
                Err(solution)
            };
        }
        let mut adjacency = vec![Vec::new(); rest.len()];
        for (a, &i) in rest.iter().enumerate() {
            for (b, &j) in rest.iter().enumerate().skip(a + 1) {
                // The bye vertex comes last, so it is only ever `j`.
                let ok = if j == bye {
                    bye_ok(i)
                } else {
                    self.round.compatible(i.min(j), i.max(j))
                };
                if ok {
                    adjacency[a].push(b);
                    adjacency[b].push(a);
                }
            }
        }
        let mut completion = vec![None; rest.len()];
        if cardinality::complete_perfect(&adjacency, &mut completion) {
            Ok(solution)
        } else {
            Err(solution)
        }
    }

    /// The pairs of this bracket in a solution.
    fn bracket_pairs(&self, mate: &[Option<usize>]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for &i in &self.members {
            if let Some(j) = mate[i] {
                if i < j && j < self.round.players.len() && self.ctx.in_bracket(i, j) {
                    out.push((i, j));
                }
            }
        }
        out
    }

    /// Whether this is the last bracket (no player below it is left).
    fn is_last(&self) -> bool {
        self.last
    }

    /// The bracket's first solve, on the quality fields only (solved again
    /// without C9 where C9 does not apply). It is cold, but leaves its
    /// duals for the ordering loops to start from (module `warm`).
    fn first_solve(&mut self) -> Solution {
        self.warm.prefix.set(Some(0));
        let mut first = self.solve_info(&[]);
        // C9 only where the bracket downfloats the bye's receiver alone.
        if !c9_applies(self.round, &self.ctx, &self.members, &first.mate) && self.drop_c9() {
            *self.warm.last.borrow_mut() = None;
            first = self.solve_info(&[]);
        }
        self.warm.prefix.set(None);
        *self.warm.first.borrow_mut() = self.warm.last.borrow_mut().take();
        first
    }

    /// Pairs the bracket.
    pub fn pair(mut self) -> Outcome {
        let n = self.round.players.len();
        let mut extra: Vec<Extra> = Vec::new();
        let first = self.first_solve();
        let mut mate = first.mate.clone();
        self.alone(&first);
        if self.round.shortcuts {
            self.first = Some(first.clone());
        }
        if self.round.shortcuts {
            if let Some(best) = self.natural_if_optimal(&first) {
                return self.outcome(&best);
            }
        }

        // 1. Which MDPs are paired, and 2. their opponents.
        let m1 = self
            .bracket_pairs(&mate)
            .iter()
            .filter(|&&(i, _)| self.ctx.is_mdp[i])
            .count();
        let m0 = self.mdps.len();
        // In the last bracket every member ends in a fixed pair but the
        // bye's receiver and the MDPs no resident is paired with; with at
        // most one such MDP (which then has the bye), at most one member
        // is left unfixed, so the outcome is the same whichever optimal
        // matching the last solve returns, and the solves may start warm.
        // Two or more MDPs may meet each other, on weights that tie.
        self.warm.in_last.set(m0 <= m1 + 1);
        if m1 > 0 {
            if m1 < m0 {
                let pos = positions(&self.mdps, n);
                let flags = Rc::new((self.ctx.in_bracket.clone(), self.ctx.is_mdp.clone()));
                let ok =
                    move |i: usize, j: usize| flags.0[i] && flags.0[j] && flags.1[i] && !flags.1[j];
                let (p, c) = (pos.clone(), ok.clone());
                extra.push(field(move |i, j| {
                    Value::Num(u64::from(c(i, j) && p(i).is_some_and(|k| k < m1)))
                }));
                let (p, c) = (pos.clone(), ok.clone());
                extra.push(field(move |i, j| {
                    Value::Num(if c(i, j) {
                        (m0 - p(i).unwrap_or(0)) as u64
                    } else {
                        0
                    })
                }));
                let (p, c) = (pos.clone(), ok.clone());
                extra.push(field(move |i, j| match p(i) {
                    Some(k) if c(i, j) && k < m1 => Value::Ones(k as u32, m1 as u32),
                    _ => Value::Num(0),
                }));
                let (p, c) = (pos, ok);
                extra.push(field(move |i, j| match p(i) {
                    Some(k) if c(i, j) && k >= m1 => {
                        Value::Ones((m0 - 1 - k) as u32, (m0 - k) as u32)
                    }
                    _ => Value::Num(0),
                }));
            }
            let mdps = self.mdps.clone();
            let residents = self.residents.clone();
            mate = self.fix_transposition(&mut extra, &mdps, &residents, m1, None);
        }

        // 3. The remainder as a homogeneous bracket.
        let rest = not_in(&self.fixed, &self.residents);
        let pr = self
            .bracket_pairs(&mate)
            .iter()
            .filter(|&&(i, j)| rest.contains(&i) && rest.contains(&j))
            .count();
        if pr > 0 {
            let [in_s1, sums] = remainder_fields(&rest, pr, n);
            extra.push(in_s1);
            let mut exchanges = None;
            if !self.round.shortcuts || !self.no_exchange(&extra, &rest, pr) {
                extra.push(sums);
                exchanges = Some(Exchanges {
                    rest: rest.clone(),
                    pairs: pr,
                });
            }
            mate = self.fix_transposition(&mut extra, &rest, &rest, pr, exchanges);
        }

        self.outcome(&mate)
    }

    /// Whether the remainder `rest` needs no exchange: whether an optimal
    /// solve with `extra`, whose last field counts the pairs whose higher
    /// player is in the original S1 (the first `pr` of `rest`), has all
    /// its `pr` pairs so. Then every solution optimal on `extra` pairs S1
    /// against S2, and the difference of the BSN sums (the next field)
    /// is the same in all of them: the ordering solves can leave it out
    /// and start from this solve's duals, which already weigh every field
    /// they share (module `warm`). The solve leaves its duals for the
    /// ordering loop either way.
    fn no_exchange(&self, extra: &[Extra], rest: &[usize], pr: usize) -> bool {
        // The last bracket takes its unfixed pairs from its last solve:
        // solved cold, its weights must stay as they were (module `warm`).
        if self.is_last() && !self.warm.in_last.get() {
            return false;
        }
        self.warm.prefix.set(Some(extra.len()));
        let sol = self.solve_info(extra);
        self.warm.prefix.set(None);
        let mut got: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&i| sol.mate[i].is_some_and(|j| j > i && rest.contains(&j)))
            .collect();
        got.sort_unstable();
        got == rest[..pr]
    }

    /// What the bracket gives once its pairs are fixed: those pairs, and in
    /// the last bracket the rest of `mate` (the final solution) and the bye.
    fn outcome(&self, mate: &[Option<usize>]) -> Outcome {
        let n = self.round.players.len();
        let pairs = self.fixed.clone();
        let last = self.is_last();
        let mut outcome = Outcome {
            pairs,
            rest: Vec::new(),
            bye: None,
        };
        if last && self.sparse && not_in(&outcome.pairs, &self.members).len() > 1 {
            self.overflow.set(true);
        }
        if last {
            for &i in &self.members {
                if outcome.pairs.iter().any(|&(a, b)| a == i || b == i) {
                    continue;
                }
                match mate[i] {
                    Some(j) if j == n => outcome.bye = Some(i),
                    Some(j) if i < j => outcome.rest.push((i, j)),
                    _ => {}
                }
            }
        }
        outcome
    }

    /// The first candidate of the section 4 order, when it is optimal: the
    /// first MDPs against the first residents, then the remainder's S1
    /// against its S2 in order, with as many pairs of each kind as the
    /// optimal pairing `mate` has. It is optimal exactly when a solve that
    /// also prefers its pairs (a last, lowest field) keeps them all; then
    /// it is the answer, since no candidate comes before it, and the
    /// ordering solves are not needed. Most brackets of a large round are
    /// paired so; it saves a solve per few players of S1.
    ///
    /// `first` is the bracket's first solve (quality fields only). Returns
    /// the candidate solve's answer, with the candidate's pairs fixed, or
    /// `None` (nothing fixed) when the candidate is not optimal.
    fn natural_if_optimal(&mut self, first: &Solution) -> Option<Vec<Option<usize>>> {
        let pairs = self.bracket_pairs(&first.mate);
        let m1 = pairs.iter().filter(|&&(i, _)| self.ctx.is_mdp[i]).count();
        let pr = pairs.len() - m1;
        if pairs.is_empty() || m1 > self.residents.len() {
            return None;
        }
        let rest = &self.residents[m1..];
        if rest.len() < 2 * pr {
            return None;
        }
        let mut candidate: Vec<(usize, usize)> = (0..m1)
            .map(|k| (self.mdps[k], self.residents[k]))
            .chain((0..pr).map(|k| (rest[k], rest[pr + k])))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        // A pair that is not tight under the first solve's duals is in no
        // optimal pairing (see `fix_without_solving`): no solve needed to
        // know the candidate is not optimal.
        if candidate
            .iter()
            .any(|&(a, b)| first.tight[a].binary_search(&b).is_err())
        {
            return None;
        }
        let mut partner = vec![usize::MAX; self.round.players.len() + 1];
        for &(a, b) in &candidate {
            partner[a] = b;
        }
        let partner = Rc::new(partner);
        let extra = [field(move |i, j| Value::Num(u64::from(partner[i] == j)))];
        let best = self.solve_with(&extra);
        if candidate.iter().any(|&(a, b)| best[a] != Some(b)) {
            return None;
        }
        candidate.sort_unstable();
        self.fixed = candidate;
        Some(best)
    }

    /// Fixes the opponents of the players of `s1` (ranks in BSN order;
    /// those who end up in S2 or unpaired simply score nothing), each the
    /// lowest in `order` still allowing an optimal pairing, a few players
    /// at a time. With `exchanges`, after the first solve: when S1 is not
    /// the original S1, the finer exchange order (highest BSN moved out,
    /// lowest moved in) is added and the solve repeated. `wanted` is the
    /// number of pairs of `s1` with `order` every optimal pairing has.
    /// Returns the last solution.
    fn fix_transposition(
        &mut self,
        extra: &mut Vec<Extra>,
        s1: &[usize],
        order: &[usize],
        wanted: usize,
        mut exchanges: Option<Exchanges>,
    ) -> Vec<Option<usize>> {
        let len = order.len();
        let bits = usize::BITS - len.leading_zeros();
        // Below the last bracket only this bracket's pairs are kept, so
        // once every player of `order` is in a fixed pair or cannot be
        // (the bracket's pair count is reached), further solves change
        // nothing that is kept; they are skipped. The last bracket keeps
        // every solve: its other pairs and the bye come from the last one.
        let last = self.is_last();
        let cold = !self.round.shortcuts || (last && !self.warm.in_last.get());
        let chunk = (self.chunk_bits(cold) / bits as usize).max(1);
        let place = positions(order, self.round.players.len());
        let mut mate = Vec::new();
        // The last solve, while its duals still describe the optimal
        // solutions left: from then on only pairs it allows are fixed.
        let mut known: Option<Solution> = None;
        let mut k = 0;
        while k < s1.len() {
            if !last && !mate.is_empty() && self.fixed_between(s1, order) >= wanted {
                break;
            }
            if let Some(sol) = known.as_ref().filter(|_| self.round.shortcuts) {
                k = self.fix_without_solving(sol, s1, order, k);
                if k == s1.len() {
                    break;
                }
            }
            let part = &s1[k..(k + chunk).min(s1.len())];
            k += part.len();
            let base_len = extra.len();
            for &s in part {
                let place = place.clone();
                extra.push(Extra {
                    value: Box::new(move |_, j| {
                        Value::Num(place(j).map_or(0, |k| (len - k) as u64))
                    }),
                    single: true,
                    row: Some(s),
                });
            }
            // The last bracket takes its other pairs and the bye from the
            // last solve, where a warm start could break a tie otherwise:
            // it solves cold (module `warm`).
            self.warm.prefix.set(Some(base_len).filter(|_| !cold));
            let mut sol = self.solve_info(extra);
            if let Some(x) = exchanges.take() {
                let mut got: Vec<usize> = x
                    .rest
                    .iter()
                    .copied()
                    .filter(|&i| sol.mate[i].is_some_and(|j| j > i && x.rest.contains(&j)))
                    .collect();
                got.sort_unstable();
                if got != x.rest[..x.pairs] {
                    let chunk_fields = extra.split_off(base_len);
                    let (pr, r) = (x.pairs, x.rest.len());
                    let pos = positions(&x.rest, self.round.players.len());
                    let (p, q) = (pos.clone(), pos.clone());
                    extra.push(field(move |i, j| match (p(i), q(j)) {
                        (Some(k), Some(_)) if k < pr => Value::Ones(k as u32, pr as u32),
                        _ => Value::Num(0),
                    }));
                    let (p, q) = (pos.clone(), pos);
                    extra.push(field(move |i, j| match (p(i), q(j)) {
                        (Some(k), Some(_)) if k >= pr => {
                            Value::Ones((r - 1 - k) as u32, (r - k) as u32)
                        }
                        _ => Value::Num(0),
                    }));
                    let base = extra.len();
                    extra.extend(chunk_fields);
                    self.warm.prefix.set(Some(base).filter(|_| !cold));
                    sol = self.solve_info(extra);
                    extra.truncate(base);
                } else {
                    extra.truncate(base_len);
                }
            } else {
                extra.truncate(base_len);
            }
            self.warm.prefix.set(None);
            mate = sol.mate.clone();
            self.fix_mates(part, order, &mate);
            known = Some(sol);
        }
        *self.warm.last.borrow_mut() = None;
        mate
    }

    /// How many pairs fixed so far join a player of `s1` to one of `order`.
    fn fixed_between(&self, s1: &[usize], order: &[usize]) -> usize {
        self.fixed
            .iter()
            .filter(|&&(a, b)| s1.contains(&a) && order.contains(&b))
            .count()
    }

    /// Fix each player of `part` to the mate the last solve gave them, when
    /// that mate is below them in `order` and the pair is not fixed yet.
    fn fix_mates(&mut self, part: &[usize], order: &[usize], mate: &[Option<usize>]) {
        for &s in part {
            if let Some(j) = mate[s] {
                if j > s && order.contains(&j) && !self.fixed.contains(&(s, j)) {
                    self.fixed.push((s, j));
                }
            }
        }
    }
}

impl Bracket<'_, '_> {
    /// Fixes, without solving, the opponents of the players of `s1` from
    /// `from` on while the last solve `sol` already gives each the best
    /// opponent it can have; returns where it stopped (the first player
    /// whose opponent needs a solve, or the end).
    ///
    /// Why this is exact: every optimal solution of the last solve's
    /// weights satisfies complementary slackness with that solve's duals,
    /// so it pairs a player only along a tight edge; and the solutions
    /// still wanted (the ones that keep every pair fixed since) are
    /// optimal for those weights. So the player's best possible opponent
    /// (the first in `order` below them, as the transposition fields rank
    /// it) is among its tight partners; when the last solution already
    /// pairs the player with the first of those, that is the best, and the
    /// solve with the player's own field would only confirm it. With no
    /// tight partner below them in `order`, no solution wanted pairs the
    /// player there, and there is nothing to fix.
    fn fix_without_solving(
        &mut self,
        sol: &Solution,
        s1: &[usize],
        order: &[usize],
        from: usize,
    ) -> usize {
        // Who is in a fixed pair, kept up to date as pairs are fixed here
        // (a search of the fixed pairs for every candidate would cost
        // their number times the bracket's).
        let mut paired = vec![false; sol.mate.len()];
        for &(a, b) in &self.fixed {
            paired[a] = true;
            paired[b] = true;
        }
        let mut k = from;
        while k < s1.len() {
            let s = s1[k];
            if !paired[s] {
                let best = order
                    .iter()
                    .copied()
                    .filter(|&t| t > s && !paired[t])
                    .find(|t| sol.tight[s].binary_search(t).is_ok());
                match best {
                    None => {}
                    Some(t) if sol.mate[s] == Some(t) => {
                        self.fixed.push((s, t));
                        paired[s] = true;
                        paired[t] = true;
                    }
                    Some(_) => return k,
                }
            }
            k += 1;
        }
        k
    }
}

/// A solve's answer: the mate of every rank (fixed pairs included), and
/// for every rank the partners it could have in an optimal solution.
#[derive(Clone)]
struct Solution {
    mate: Vec<Option<usize>>,
    /// The ranks joined to each rank by a tight edge (see
    /// [`solve_tight`]), in increasing order; fixed pairs are not listed.
    tight: Vec<Vec<usize>>,
    /// Which ranks (and the bye vertex) were vertices of the solve's
    /// graph: fixed pairs and players left out of it are not.
    present: Vec<bool>,
}

/// The tight edges of a solve, by rank: `back` turns the solve's vertices
/// into ranks (or the bye vertex `bye`, which is left out).
fn tight_by_rank(edges: &[Edge], tight: &[bool], back: &[usize], bye: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); bye + 1];
    for (e, &t) in edges.iter().zip(tight) {
        if t {
            let (i, j) = (back[e.u], back[e.v]);
            out[i].push(j);
            out[j].push(i);
        }
    }
    for partners in &mut out {
        partners.sort_unstable();
    }
    out
}

/// The edges between local vertices `x < y` for which `wanted(x, y)`
/// holds, with their quality fields: pairs that may meet, and the bye's
/// edge to each player who may receive it.
fn edges_where(
    round: &Round,
    ctx: &Context,
    vertices: &[usize],
    wanted: impl Fn(usize, usize) -> bool,
) -> Vec<Edge> {
    let bye = round.bye_vertex();
    let mut out = Vec::new();
    for (x, &i) in vertices.iter().enumerate() {
        if i == bye {
            continue;
        }
        for (y, &j) in vertices.iter().enumerate().skip(x + 1) {
            if !wanted(x, y) {
                continue;
            }
            if j == bye {
                if round.players[i].bye_allowed {
                    out.push(Edge {
                        u: x,
                        v: y,
                        values: bye_values(round, ctx, i),
                    });
                }
            } else if round.compatible(i, j) {
                out.push(Edge {
                    u: x,
                    v: y,
                    values: values(round, ctx, i, j),
                });
            }
        }
    }
    out
}

/// A field at most one pair of a matching can score needs no room for a
/// sum: its width is its largest value's.
fn single_widths(s: &mut Schema, edges: &[Edge], extra: &[Extra], first: usize) {
    for (k, f) in extra.iter().enumerate() {
        if f.single {
            let max = edges
                .iter()
                .map(|e| match e.values[first + k] {
                    Value::Num(v) => 64 - v.leading_zeros(),
                    Value::Ones(_, hi) => hi,
                })
                .max()
                .unwrap_or(0);
            s.widths[first + k] = max;
        }
    }
}

/// Each player's place in `list` (ranks `0..=n`, the bye vertex
/// included), as a cheap lookup for the ordering fields, which are
/// evaluated on every edge of every solve.
fn positions(list: &[usize], n: usize) -> impl Fn(usize) -> Option<usize> + Clone {
    let mut place = vec![usize::MAX; n + 1];
    for (k, &i) in list.iter().enumerate() {
        place[i] = k;
    }
    let place = Rc::new(place);
    move |i: usize| place.get(i).copied().filter(|&k| k != usize::MAX)
}

/// The remainder's exchange fields (step 3 of the module doc), for the
/// `pr` pairs of the residents `rest` (in BSN order) left after the MDPs'
/// pairs: how many pairs have their higher player in the original S1 (the
/// first `pr` of `rest`), then the sum over the pairs of `r - k` for the
/// higher player's place `k` (the smallest difference of the BSN sums).
fn remainder_fields(rest: &[usize], pr: usize, n: usize) -> [Extra; 2] {
    let r = rest.len();
    let pos = positions(rest, n);
    let (p, q) = (pos.clone(), pos.clone());
    let s1 =
        field(move |i, j| Value::Num(u64::from(q(j).is_some() && p(i).is_some_and(|k| k < pr))));
    let (p, q) = (pos.clone(), pos);
    let sums = field(move |i, j| match (p(i), q(j)) {
        (Some(k), Some(_)) => Value::Num((r - k) as u64),
        _ => Value::Num(0),
    });
    [s1, sums]
}

/// The players of `players` (ranks, in their order) in none of `pairs`.
pub(super) fn not_in(pairs: &[(usize, usize)], players: &[usize]) -> Vec<usize> {
    let paired: std::collections::HashSet<usize> =
        pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    players
        .iter()
        .copied()
        .filter(|i| !paired.contains(i))
        .collect()
}

/// The remainder's original S1, to check whether an exchange was needed.
struct Exchanges {
    rest: Vec<usize>,
    pairs: usize,
}
