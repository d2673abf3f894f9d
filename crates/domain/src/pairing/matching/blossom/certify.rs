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
use super::{check_edges, Matcher};
use crate::domain::pairing::matching::Weight;

/// A finished solve and its final duals.
pub struct Certified<W> {
    matcher: Matcher<W>,
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
        self.matcher.feasible(u, v, w.double())
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
            return Certified { matcher, solution };
        }
    }
    let mut matcher = Matcher::new(vertex_count, edges, W::ZERO);
    let finished = matcher.solve();
    debug_assert!(finished, "a cold run always finishes");
    let solution = matcher.solution(false);
    Certified { matcher, solution }
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
