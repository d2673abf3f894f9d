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
/// with binary lifting for the least blossom holding two vertices: a
/// pass over the near boards asks for it once a board, and a large
/// blossom nests hundreds deep.
struct Nesting<W> {
    /// Each node's depth (0: top level).
    depth: Vec<u32>,
    /// `up[k][x]`: the `2^k`-th ancestor of `x`, or `x`'s root.
    up: Vec<Vec<u32>>,
    /// Twice the duals of a blossom and of every blossom holding it (zero
    /// for a vertex).
    above: Vec<W>,
}

impl<W: Weight> Nesting<W> {
    fn new(m: &Matcher<W>) -> Self {
        let nodes = 2 * m.n;
        let mut depth = vec![u32::MAX; nodes];
        let mut above = vec![W::ZERO; nodes];
        let mut path = Vec::new();
        for x in 0..nodes {
            let mut y = x;
            while depth[y] == u32::MAX && m.parent[y] != NONE {
                path.push(y);
                y = m.parent[y];
            }
            if depth[y] == u32::MAX {
                depth[y] = 0;
                above[y] = if y >= m.n {
                    m.dual[y].double()
                } else {
                    W::ZERO
                };
            }
            while let Some(z) = path.pop() {
                let p = m.parent[z];
                depth[z] = depth[p] + 1;
                above[z] = above[p].plus(if z >= m.n {
                    m.dual[z].double()
                } else {
                    W::ZERO
                });
            }
        }
        let deepest = depth.iter().copied().max().unwrap_or(0);
        let mut up = vec![(0..nodes)
            .map(|x| {
                let p = m.parent[x];
                if p == NONE {
                    x as u32
                } else {
                    p as u32
                }
            })
            .collect::<Vec<u32>>()];
        while (1u32 << up.len()) <= deepest {
            let last = &up[up.len() - 1];
            let next = (0..nodes).map(|x| last[last[x] as usize]).collect();
            up.push(next);
        }
        Nesting { depth, up, above }
    }

    /// The least node holding both `u` and `v` (which share a root).
    fn common(&self, u: usize, v: usize) -> usize {
        let (mut a, mut b) = (u as u32, v as u32);
        if self.depth[a as usize] < self.depth[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        let mut rise = self.depth[a as usize] - self.depth[b as usize];
        let mut k = 0;
        while rise > 0 {
            if rise & 1 == 1 {
                a = self.up[k][a as usize];
            }
            rise >>= 1;
            k += 1;
        }
        if a == b {
            return a as usize;
        }
        for k in (0..self.up.len()).rev() {
            let (x, y) = (self.up[k][a as usize], self.up[k][b as usize]);
            if x != y {
                a = x;
                b = y;
            }
        }
        self.up[0][a as usize] as usize
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
