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

use super::quality::{bye_values, c9_applies, drop_c9, values, Context};
use super::weights::{schema, solve, Edge, Value};
use super::Round;
use std::rc::Rc;

/// A low-priority field added by an ordering step: its value on pair
/// `(i, j)` (ranks, `i` higher), and whether at most one pair of a
/// matching can have a non-zero value in it.
struct Extra {
    value: Box<dyn Fn(usize, usize) -> Value>,
    single: bool,
}

fn field(value: impl Fn(usize, usize) -> Value + 'static) -> Extra {
    Extra {
        value: Box::new(value),
        single: false,
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

    /// Solves with the quality fields plus the `extra` fields, honouring
    /// the fixed pairs (their players are left out of the graph: their
    /// pair is the same in every solution). Returns the mate of every rank
    /// (or the bye vertex), fixed pairs included.
    fn solve_with(&self, extra: &[Extra]) -> Vec<Option<usize>> {
        let bye = self.round.bye_vertex();
        let mut out = vec![None; bye + 1];
        let mut gone = vec![false; self.vertices.len()];
        for &(i, j) in &self.fixed {
            out[i] = Some(j);
            out[j] = Some(i);
            gone[self.local[i].unwrap()] = true;
            gone[self.local[j].unwrap()] = true;
        }
        let mut index = vec![usize::MAX; self.vertices.len()];
        let mut back = Vec::new();
        for (x, &g) in gone.iter().enumerate() {
            if !g {
                index[x] = back.len();
                back.push(self.vertices[x]);
            }
        }
        let mut edges = Vec::with_capacity(self.base.len());
        for e in &self.base {
            if gone[e.u] || gone[e.v] {
                continue;
            }
            let (i, j) = (self.vertices[e.u], self.vertices[e.v]);
            let mut values = e.values.clone();
            for f in extra {
                values.push(if j == bye {
                    Value::Num(0)
                } else {
                    (f.value)(i, j)
                });
            }
            edges.push(Edge {
                u: index[e.u],
                v: index[e.v],
                values,
            });
        }
        let fields = self.ctx.fields() + extra.len();
        let mut s = schema(&edges, fields, back.len() / 2 + 1);
        // A field at most one pair of a matching can score needs no room
        // for a sum.
        for (k, f) in extra.iter().enumerate() {
            if f.single {
                let w = &mut s.widths[self.ctx.fields() + k];
                let max = edges
                    .iter()
                    .map(|e| match e.values[self.ctx.fields() + k] {
                        Value::Num(v) => 64 - v.leading_zeros(),
                        Value::Ones(_, hi) => hi,
                    })
                    .max()
                    .unwrap_or(0);
                *w = max;
            }
        }
        let mate = solve(back.len(), &edges, &s);
        for (x, m) in mate.iter().enumerate() {
            out[back[x]] = m.map(|y| back[y]);
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

    /// Whether this is the last bracket (no player below it is left).
    fn is_last(&self) -> bool {
        let n = self.round.players.len();
        self.vertices
            .iter()
            .all(|&i| i >= n || self.ctx.in_bracket[i])
    }

    /// Pairs the bracket.
    pub fn pair(mut self) -> Outcome {
        let n = self.round.players.len();
        let mut extra: Vec<Extra> = Vec::new();
        let mut mate = self.solve_with(&extra);
        // C9 only where the bracket downfloats the bye's receiver alone.
        if !c9_applies(self.round, &self.ctx, &self.members, &mate)
            && drop_c9(&self.ctx, &mut self.base)
        {
            mate = self.solve_with(&extra);
        }

        // 1. Which MDPs are paired, and 2. their opponents.
        let m1 = self
            .bracket_pairs(&mate)
            .iter()
            .filter(|&&(i, _)| self.ctx.is_mdp[i])
            .count();
        let m0 = self.mdps.len();
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
            let pos = positions(&rest, n);
            let (p, q) = (pos.clone(), pos.clone());
            extra.push(field(move |i, j| {
                Value::Num(u64::from(q(j).is_some() && p(i).is_some_and(|k| k < pr)))
            }));
            let (p, q) = (pos.clone(), pos.clone());
            extra.push(field(move |i, j| match (p(i), q(j)) {
                (Some(k), Some(_)) => Value::Num((r - k) as u64),
                _ => Value::Num(0),
            }));
            let exchanges = Exchanges {
                rest: rest.clone(),
                pairs: pr,
            };
            mate = self.fix_transposition(&mut extra, &rest, &rest, pr, Some(exchanges));
        }

        let pairs = self.fixed.clone();
        let last = self.is_last();
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
        let chunk = (240 / bits as usize).max(1);
        let mut mate = Vec::new();
        // Below the last bracket only this bracket's pairs are kept, so
        // once every player of `order` is in a fixed pair or cannot be
        // (the bracket's pair count is reached), further solves change
        // nothing that is kept; they are skipped. The last bracket keeps
        // every solve: its other pairs and the bye come from the last one.
        let last = self.is_last();
        for part in s1.chunks(chunk) {
            if !last && !mate.is_empty() {
                let fixed_here = self
                    .fixed
                    .iter()
                    .filter(|&&(a, b)| s1.contains(&a) && order.contains(&b))
                    .count();
                if fixed_here >= wanted {
                    break;
                }
            }
            let base_len = extra.len();
            for &s in part {
                let order = order.to_vec();
                extra.push(Extra {
                    value: Box::new(move |i, j| {
                        if i != s {
                            return Value::Num(0);
                        }
                        match order.iter().position(|&m| m == j) {
                            Some(k) => Value::Num((len - k) as u64),
                            None => Value::Num(0),
                        }
                    }),
                    single: true,
                });
            }
            mate = self.solve_with(extra);
            if let Some(x) = exchanges.take() {
                let mut got: Vec<usize> = x
                    .rest
                    .iter()
                    .copied()
                    .filter(|&i| mate[i].is_some_and(|j| j > i && x.rest.contains(&j)))
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
                    mate = self.solve_with(extra);
                    extra.truncate(base);
                } else {
                    extra.truncate(base_len);
                }
            } else {
                extra.truncate(base_len);
            }
            for &s in part {
                if let Some(j) = mate[s] {
                    if j > s && order.contains(&j) && !self.fixed.contains(&(s, j)) {
                        self.fixed.push((s, j));
                    }
                }
            }
        }
        mate
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

/// The remainder's original S1, to check whether an exchange was needed.
struct Exchanges {
    rest: Vec<usize>,
    pairs: usize,
}
