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

use super::quality::{bye_values, values, Context};
use super::weights::{schema, solve, Edge, Value};
use super::Round;

/// A low-priority field added by an ordering step: its value on pair
/// `(i, j)` (ranks, `i` higher).
type Extra = Box<dyn Fn(usize, usize) -> Value>;

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
    /// Edges with the quality fields (local vertices).
    base: Vec<Edge>,
    /// Pairs fixed by the ordering steps (ranks).
    fixed: Vec<(usize, usize)>,
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
        let n = round.players.len();
        let mut in_bracket = vec![false; n];
        let mut is_mdp = vec![false; n];
        let mut in_next = vec![false; n];
        for &i in mdps {
            in_bracket[i] = true;
            is_mdp[i] = true;
        }
        for &i in residents {
            in_bracket[i] = true;
        }
        for &i in next {
            in_next[i] = true;
        }
        let members: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        let scores = members.iter().map(|&i| round.players[i].score);
        let low = scores.clone().min().unwrap_or(0);
        let high = scores.max().unwrap_or(0);
        let ctx = Context {
            in_bracket,
            is_mdp,
            in_next,
            low,
            high,
            next_low: next.first().map(|&i| round.players[i].score),
        };
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
        let mut base = Vec::new();
        for (x, &i) in vertices.iter().enumerate() {
            if i == bye {
                continue;
            }
            for (y, &j) in vertices.iter().enumerate().skip(x + 1) {
                if j == bye {
                    if round.players[i].bye_allowed {
                        base.push(Edge {
                            u: x,
                            v: y,
                            values: bye_values(round, &ctx, i),
                        });
                    }
                } else if round.compatible(i, j) {
                    base.push(Edge {
                        u: x,
                        v: y,
                        values: values(round, &ctx, i, j),
                    });
                }
            }
        }
        Bracket {
            round,
            ctx,
            members,
            mdps: mdps.to_vec(),
            residents: residents.to_vec(),
            vertices,
            local,
            base,
            fixed: Vec::new(),
        }
    }

    /// Solves with the quality fields plus `extra` fields per edge (given
    /// by `f(rank i, rank j)`, `i` higher), honouring the fixed pairs.
    /// Returns the mate of every rank (or the bye vertex).
    fn solve_with(&self, extra: &[Extra]) -> Vec<Option<usize>> {
        let bye = self.round.bye_vertex();
        let mut taken = vec![None; self.vertices.len()];
        for &(i, j) in &self.fixed {
            let (x, y) = (self.local[i].unwrap(), self.local[j].unwrap());
            taken[x] = Some(y);
            taken[y] = Some(x);
        }
        let mut edges = Vec::with_capacity(self.base.len());
        for e in &self.base {
            let ok = |x: usize, y: usize| taken[x].is_none_or(|m| m == y);
            if !ok(e.u, e.v) || !ok(e.v, e.u) {
                continue;
            }
            let (i, j) = (self.vertices[e.u], self.vertices[e.v]);
            let mut values = e.values.clone();
            for f in extra {
                values.push(if j == bye { Value::Num(0) } else { f(i, j) });
            }
            edges.push(Edge {
                u: e.u,
                v: e.v,
                values,
            });
        }
        let fields = self.ctx.fields() + extra.len();
        let s = schema(&edges, fields, self.vertices.len() / 2 + 1);
        let mate = solve(self.vertices.len(), &edges, &s);
        let mut out = vec![None; bye + 1];
        for (x, m) in mate.iter().enumerate() {
            out[self.vertices[x]] = m.map(|y| self.vertices[y]);
        }
        out
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

    /// Pairs the bracket.
    pub fn pair(mut self) -> Outcome {
        let n = self.round.players.len();
        let mut extra: Vec<Extra> = Vec::new();
        let mut mate = self.solve_with(&extra);

        // 1. Which MDPs are paired.
        let m1 = self
            .bracket_pairs(&mate)
            .iter()
            .filter(|&&(i, _)| self.ctx.is_mdp[i])
            .count();
        let m0 = self.mdps.len();
        let mut s1_mdps: Vec<usize> = Vec::new();
        if m1 > 0 {
            let mdps = self.mdps.clone();
            let pos = move |i: usize| mdps.iter().position(|&m| m == i);
            let flags = std::rc::Rc::new((self.ctx.in_bracket.clone(), self.ctx.is_mdp.clone()));
            let ctx_ok =
                move |i: usize, j: usize| flags.0[i] && flags.0[j] && flags.1[i] && !flags.1[j];
            let p1 = pos.clone();
            let c1 = ctx_ok.clone();
            extra.push(Box::new(move |i, j| {
                Value::Num(u64::from(c1(i, j) && p1(i).is_some_and(|k| k < m1)))
            }));
            let p2 = pos.clone();
            let c2 = ctx_ok.clone();
            extra.push(Box::new(move |i, j| {
                Value::Num(if c2(i, j) {
                    (m0 - p2(i).unwrap_or(0)) as u64
                } else {
                    0
                })
            }));
            let p3 = pos.clone();
            let c3 = ctx_ok.clone();
            extra.push(Box::new(move |i, j| match p3(i) {
                Some(k) if c3(i, j) && k < m1 => Value::Ones(k as u32, m1 as u32),
                _ => Value::Num(0),
            }));
            let p4 = pos;
            extra.push(Box::new(move |i, j| match p4(i) {
                Some(k) if ctx_ok(i, j) && k >= m1 => {
                    Value::Ones((m0 - 1 - k) as u32, (m0 - k) as u32)
                }
                _ => Value::Num(0),
            }));
            mate = self.solve_with(&extra);
            s1_mdps = self
                .bracket_pairs(&mate)
                .iter()
                .filter(|&&(i, _)| self.ctx.is_mdp[i])
                .map(|&(i, _)| i)
                .collect();
            s1_mdps.sort_unstable();
            // 2. Their opponents, lowest BSN first, from the top of S1.
            let members = self.members.clone();
            mate = self.fix_transposition(&mut extra, &s1_mdps, &members, mate);
        }

        // 3. The remainder as a homogeneous bracket.
        let rest: Vec<usize> = self
            .residents
            .iter()
            .copied()
            .filter(|&i| !self.fixed.iter().any(|&(a, b)| a == i || b == i))
            .collect();
        let pr = self
            .bracket_pairs(&mate)
            .iter()
            .filter(|&&(i, j)| rest.contains(&i) && rest.contains(&j))
            .count();
        if pr > 0 {
            let r = rest.len();
            let rest_pos = {
                let rest = rest.clone();
                move |i: usize| rest.iter().position(|&m| m == i)
            };
            let both = {
                let p = rest_pos.clone();
                move |i: usize, j: usize| p(i).is_some() && p(j).is_some()
            };
            let (p1, b1) = (rest_pos.clone(), both.clone());
            extra.push(Box::new(move |i, j| {
                Value::Num(u64::from(b1(i, j) && p1(i).is_some_and(|k| k < pr)))
            }));
            let (p2, b2) = (rest_pos.clone(), both.clone());
            extra.push(Box::new(move |i, j| {
                Value::Num(if b2(i, j) {
                    (r - p2(i).unwrap_or(0)) as u64
                } else {
                    0
                })
            }));
            mate = self.solve_with(&extra);
            let s1 = |mate: &[Option<usize>]| -> Vec<usize> {
                let mut s: Vec<usize> = self
                    .bracket_pairs(mate)
                    .iter()
                    .filter(|&&(i, j)| rest.contains(&i) && rest.contains(&j))
                    .map(|&(i, _)| i)
                    .collect();
                s.sort_unstable();
                s
            };
            let mut s1_rest = s1(&mate);
            if s1_rest != rest[..pr] {
                let (p3, b3) = (rest_pos.clone(), both.clone());
                extra.push(Box::new(move |i, j| match p3(i) {
                    Some(k) if b3(i, j) && k < pr => Value::Ones(k as u32, pr as u32),
                    _ => Value::Num(0),
                }));
                let (p4, b4) = (rest_pos.clone(), both.clone());
                extra.push(Box::new(move |i, j| match p4(i) {
                    Some(k) if b4(i, j) && k >= pr => {
                        Value::Ones((r - 1 - k) as u32, (r - k) as u32)
                    }
                    _ => Value::Num(0),
                }));
                mate = self.solve_with(&extra);
                s1_rest = s1(&mate);
            }
            mate = self.fix_transposition(&mut extra, &s1_rest, &rest, mate);
        }

        let pairs = self.fixed.clone();
        let last = self
            .vertices
            .iter()
            .all(|&i| i >= n || self.ctx.in_bracket[i]);
        let mut outcome = Outcome {
            pairs,
            rest: Vec::new(),
            bye: None,
        };
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

    /// Fixes the opponents of `s1` (ranks, in BSN order), each the lowest
    /// in BSN order (`order`) still allowing an optimal pairing, a few at a
    /// time; returns the last solution.
    fn fix_transposition(
        &mut self,
        extra: &mut Vec<Extra>,
        s1: &[usize],
        order: &[usize],
        mut mate: Vec<Option<usize>>,
    ) -> Vec<Option<usize>> {
        let len = order.len();
        let bits = usize::BITS - len.leading_zeros() + 1;
        let chunk = (160 / bits as usize).max(1);
        for part in s1.chunks(chunk) {
            let base_len = extra.len();
            for &s in part {
                let order = order.to_vec();
                extra.push(Box::new(move |i, j| {
                    if i != s {
                        return Value::Num(0);
                    }
                    match order.iter().position(|&m| m == j) {
                        Some(k) => Value::Num((len - k) as u64),
                        None => Value::Num(0),
                    }
                }));
            }
            mate = self.solve_with(extra);
            extra.truncate(base_len);
            for &s in part {
                if let Some(j) = mate[s] {
                    self.fixed.push((s.min(j), s.max(j)));
                }
            }
        }
        mate
    }
}
