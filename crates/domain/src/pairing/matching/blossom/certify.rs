//! A solve that keeps its final dual solution, so a caller can check
//! edges it left out of the graph (issue 30 item 9: a 9,999-player round
//! has 50 million possible boards, too many to hold).
//!
//! Why a check of the left-out edges is enough (LP duality for weighted
//! matching). At the end of a run the matcher holds vertex duals `y`,
//! blossom duals `z` and a matching `M` with: every edge of the graph
//! covered (`y_u + y_v + Σ z_B ≥ w(u, v)`, the sum over the blossoms
//! holding both ends), every edge of `M` tight, every blossom with a
//! positive dual full, and every free vertex's dual zero. If every edge
//! left out of the graph is covered too, the same duals are a feasible
//! dual solution of the whole graph satisfying complementary slackness
//! with `M`, so `M` is a maximum-weight matching of the whole graph. A
//! left-out edge that is not covered may improve it: the caller adds it
//! and solves again, warm ([`super::warm`]).

use super::warm::{Solution, Start};
use super::{check_edges, Matcher, NONE};
use crate::domain::pairing::matching::Weight;

/// A finished solve and its final duals.
pub struct Certified<W> {
    matcher: Matcher<W>,
    /// The blossoms' nesting, for the blossoms holding both ends of an
    /// edge in O(log n).
    nesting: Nesting<W>,
    /// The matching, tight edges and shared-out duals, as
    /// [`super::warm::max_weight_matching_from`] returns them.
    pub solution: Solution<W>,
}

impl<W: Weight> Certified<W> {
    /// Whether the final duals cover an edge `(u, v)` of weight `w` that
    /// need not be in the graph solved: `y_u + y_v`, with the duals of the
    /// blossoms holding both ends, is at least `w`. An edge of the graph
    /// always is.
    pub fn covers(&self, u: usize, v: usize, w: W) -> bool {
        self.cover(u, v, w) != std::cmp::Ordering::Less
    }

    /// Whether an edge `(u, v)` of weight `w` is tight under the final
    /// duals (covered with nothing to spare): only a tight edge can be in
    /// a maximum-weight matching, by complementary slackness.
    pub fn tight(&self, u: usize, v: usize, w: W) -> bool {
        self.cover(u, v, w) == std::cmp::Ordering::Equal
    }

    /// How the final duals cover an edge `(u, v)` of weight `w`: with
    /// room to spare (`Greater`), exactly (`Equal`: tight) or not at all
    /// (`Less`); one look for a pass that asks both [`Certified::covers`]
    /// and [`Certified::tight`].
    pub fn cover(&self, u: usize, v: usize, w: W) -> std::cmp::Ordering {
        let m = &self.matcher;
        let mut s = m.dual[u].plus(m.dual[v]);
        if m.inblossom[u] == m.inblossom[v] && m.inblossom[u] >= m.n {
            s = s.plus(self.nesting.above[self.nesting.common(u, v)]);
        }
        s.cmp(&w.double())
    }

    fn new(matcher: Matcher<W>, solution: Solution<W>) -> Self {
        let nesting = Nesting::new(&matcher);
        Certified {
            matcher,
            nesting,
            solution,
        }
    }
}

/// The forest of blossoms (vertices `0..n` its leaves, blossoms `n..2n`),
/// with the least blossom holding two vertices in O(1): a pass over the
/// near boards asks for it once a board (tens of millions of times in a
/// large round, where it took a third of the time by binary lifting), and
/// a large blossom nests hundreds deep. The least common ancestor is the
/// shallowest node between the two in an Euler tour of the forest, found
/// in a sparse table of minima over the tour.
struct Nesting<W> {
    /// Each node's depth (0: top level).
    depth: Vec<u32>,
    /// Each node's first place in the tour.
    first: Vec<u32>,
    /// `levels` rows of the tour's length: row `k`, place `i` holds the
    /// shallowest node of the tour's places `i..i + 2^k`.
    table: Vec<u32>,
    tour: usize,
    /// Twice the duals of a blossom and of every blossom holding it (zero
    /// for a vertex).
    above: Vec<W>,
}

impl<W: Weight> Nesting<W> {
    fn new(m: &Matcher<W>) -> Self {
        let nodes = 2 * m.n;
        let mut children = vec![Vec::new(); nodes];
        let mut roots = Vec::new();
        for x in 0..nodes {
            match m.parent[x] {
                NONE => roots.push(x),
                p => children[p].push(x),
            }
        }
        let mut depth = vec![0u32; nodes];
        let mut above = vec![W::ZERO; nodes];
        let mut first = vec![0u32; nodes];
        let mut euler: Vec<u32> = Vec::with_capacity(2 * nodes);
        let own = |x: usize| {
            if x >= m.n {
                m.dual[x].double()
            } else {
                W::ZERO
            }
        };
        // Depth-first, each node listed on entry and again after each child.
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for &r in &roots {
            above[r] = own(r);
            first[r] = euler.len() as u32;
            euler.push(r as u32);
            stack.push((r, 0));
            while let Some(&mut (x, ref mut next)) = stack.last_mut() {
                if let Some(&c) = children[x].get(*next) {
                    *next += 1;
                    depth[c] = depth[x] + 1;
                    above[c] = above[x].plus(own(c));
                    first[c] = euler.len() as u32;
                    euler.push(c as u32);
                    stack.push((c, 0));
                } else {
                    stack.pop();
                    if let Some(&(p, _)) = stack.last() {
                        euler.push(p as u32);
                    }
                }
            }
        }
        let tour = euler.len();
        let mut table = euler;
        let mut span = 1;
        while 2 * span <= tour {
            let row = table.len() - tour;
            for i in 0..tour {
                let (a, b) = (table[row + i], table[row + (i + span).min(tour - 1)]);
                let shallow = if depth[b as usize] < depth[a as usize] {
                    b
                } else {
                    a
                };
                table.push(shallow);
            }
            span *= 2;
        }
        Nesting {
            depth,
            first,
            table,
            tour,
            above,
        }
    }

    /// The least node holding both `u` and `v` (which share a root).
    fn common(&self, u: usize, v: usize) -> usize {
        let (a, b) = (self.first[u] as usize, self.first[v] as usize);
        let (l, r) = (a.min(b), a.max(b));
        let k = (usize::BITS - 1 - (r - l + 1).leading_zeros()) as usize;
        let row = k * self.tour;
        let x = self.table[row + l];
        let y = self.table[row + r + 1 - (1 << k)];
        if self.depth[y as usize] < self.depth[x as usize] {
            y as usize
        } else {
            x as usize
        }
    }
}

/// A maximum-weight matching (not of maximum cardinality) of the graph,
/// started from `start` when given, as
/// [`super::warm::max_weight_matching_from`] finds it, with its final
/// duals kept for [`Certified::covers`].
pub fn max_weight_matching_certified<W: Weight>(
    vertex_count: usize,
    edges: &[(usize, usize, W)],
    start: Option<Start<'_, W>>,
) -> Certified<W> {
    check_edges(vertex_count, edges);
    if let Some(start) = start {
        let mut matcher = Matcher::new(vertex_count, edges, W::ZERO);
        if matcher.start_from(&start) && matcher.solve() {
            let solution = matcher.solution(true);
            return Certified::new(matcher, solution);
        }
    }
    let mut matcher = Matcher::new(vertex_count, edges, W::ZERO);
    let finished = matcher.solve();
    debug_assert!(finished, "a cold run always finishes");
    let solution = matcher.solution(false);
    Certified::new(matcher, solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::pairing::matching::max_weight_matching;
    use proptest::prelude::*;

    /// The total weight of `mate` over the heaviest edge of each pair.
    fn total(edges: &[(usize, usize, u64)], mate: &[Option<usize>]) -> u64 {
        let mut best = std::collections::HashMap::new();
        for &(u, v, w) in edges {
            let e = best.entry((u.min(v), u.max(v))).or_insert(0);
            *e = w.max(*e);
        }
        best.iter()
            .filter(|((u, v), _)| mate[*u] == Some(*v))
            .map(|(_, w)| *w)
            .sum()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// [`Certified::covers`] (the least blossom holding both ends by
        /// binary lifting) says what the matcher's own walk up the
        /// blossoms says, for every pair of vertices and weight.
        #[test]
        fn covers_agrees_with_the_matchers_own_check(
            n in 2usize..24,
            raw in proptest::collection::vec((0usize..24, 0usize..24, 0u64..60), 0..120),
            asked in 0u64..70,
        ) {
            let edges: Vec<(usize, usize, u64)> = raw
                .iter()
                .filter(|e| e.0 < n && e.1 < n && e.0 != e.1)
                .copied()
                .collect();
            let solved = max_weight_matching_certified(n, &edges, None);
            for u in 0..n {
                for v in 0..n {
                    if u != v {
                        for w in [asked, asked / 2, asked + 7] {
                            prop_assert_eq!(
                                solved.covers(u, v, w),
                                solved.matcher.feasible(u, v, w.double())
                            );
                        }
                    }
                }
            }
        }

        /// Solving a random part of a graph, adding the left-out edges the
        /// duals do not cover and solving again (warm) until all are
        /// covered ends on a matching as heavy as the whole graph's; and
        /// when the duals cover every left-out edge at once, the part's
        /// matching already is.
        #[test]
        fn covered_left_out_edges_prove_the_part_optimal(
            n in 2usize..14,
            raw in proptest::collection::vec((0usize..14, 0usize..14, 0u64..50, any::<bool>()), 0..60),
        ) {
            let edges: Vec<(usize, usize, u64)> = raw
                .iter()
                .filter(|e| e.0 < n && e.1 < n && e.0 != e.1)
                .map(|e| (e.0, e.1, e.2))
                .collect();
            let kept: Vec<bool> = raw
                .iter()
                .filter(|e| e.0 < n && e.1 < n && e.0 != e.1)
                .map(|e| e.3)
                .collect();
            let whole = total(&edges, &max_weight_matching(n, &edges, false));
            let mut part: Vec<(usize, usize, u64)> =
                edges.iter().zip(&kept).filter(|(_, k)| **k).map(|(e, _)| *e).collect();
            let mut solved = max_weight_matching_certified(n, &part, None);
            for _ in 0..=edges.len() {
                let missing: Vec<(usize, usize, u64)> = edges
                    .iter()
                    .filter(|&&(u, v, w)| !solved.covers(u, v, w))
                    .copied()
                    .collect();
                if missing.is_empty() {
                    break;
                }
                prop_assert!(total(&edges, &solved.solution.mate) <= whole);
                part.extend(missing);
                let start = Start { mate: &solved.solution.mate, dual: &solved.solution.dual };
                let next = max_weight_matching_certified(n, &part, Some(start));
                solved = next;
            }
            prop_assert!(edges.iter().all(|&(u, v, w)| solved.covers(u, v, w)));
            prop_assert_eq!(total(&edges, &solved.solution.mate), whole);
        }
    }
}
