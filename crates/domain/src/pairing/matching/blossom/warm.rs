//! Starting the matcher from an earlier solve's matching and duals (a
//! *warm start*), for callers that solve a sequence of graphs that differ
//! little: the FIDE Dutch system orders a bracket by solving it again and
//! again, each time with a few pairs fixed and a few low fields changed.
//!
//! Why it is exact. The primal-dual method needs, at the start of a stage,
//! only: feasible duals (every edge's slack non-negative), every matched
//! edge tight, every blossom with a positive dual full, and the roots'
//! duals of one parity (so the slack between two S vertices stays even).
//! Cold, the matcher gets them from equal duals and an empty matching;
//! here from any guess: the guessed duals are raised where an edge would
//! have negative slack (the raise goes to a vertex the guessed matching
//! leaves free where there is one), only the guessed pairs whose edge is
//! then tight are kept, and a free vertex with an odd dual is raised by
//! one. What a cold run has and a warm one lacks is that the free
//! vertices' duals are equal and the smallest of all, which is what lets
//! a cold run stop when they reach zero. So a warm run:
//! - grows trees only from the free vertices whose dual is positive (a
//!   free vertex with a zero dual already satisfies complementary
//!   slackness), and a tight edge from a tree to a free vertex with a
//!   zero dual is an augmenting path like one between two trees;
//! - bounds the duals' move by the S vertices' duals only (delta 1), and
//!   when one of them reaches zero, that vertex leaves the matching and
//!   the path to its root swaps, so the root is matched (`retire`): one
//!   vertex fewer breaks complementary slackness, as an augmentation
//!   leaves two fewer;
//! - ends when every free vertex's dual is zero: the matching and the
//!   duals then satisfy complementary slackness, a certificate of
//!   optimality (LP duality), whatever the guess was.
//!
//! A good guess (the last solve's optimal duals) leaves only a few
//! vertices free with a positive dual, and each costs at most one stage,
//! instead of one stage for every pair of a cold run.

use super::{check_edges, Matcher, NONE};
use crate::domain::pairing::matching::{Weight, Wide};

/// Where a warm-started solve begins: a matching and doubled vertex duals
/// (the matcher's scale: an edge's slack is `dual[u] + dual[v] - 2w`),
/// for every vertex.
pub struct Start<'a, W> {
    /// The guessed mate of each vertex.
    pub mate: &'a [Option<usize>],
    /// The guessed doubled dual of each vertex.
    pub dual: &'a [W],
}

/// A maximum-weight matching with what a later warm start needs.
pub struct Solution<W> {
    /// The mate of each vertex.
    pub mate: Vec<Option<usize>>,
    /// For each edge, whether it is tight under the final duals (as
    /// [`super::max_weight_matching_tight`] reports it).
    pub tight: Vec<bool>,
    /// Doubled vertex duals with every blossom's dual shared out to its
    /// vertices: feasible for every edge, without blossoms (a [`Start`]'s
    /// `dual`).
    pub dual: Vec<W>,
    /// Whether the warm start was used (false: it was not given, or gave
    /// up and the graph was solved cold).
    pub warm: bool,
}

/// A maximum-weight matching (not of maximum cardinality) of the graph, as
/// [`super::max_weight_matching_tight`] finds it, started from `start`
/// when given (see the module doc); cold when there is none, or when its
/// duals leave the weight type too little headroom. The matching returned
/// is optimal either way, but among several optimal matchings a warm and
/// a cold run may choose differently.
pub fn max_weight_matching_from<W: Weight>(
    vertex_count: usize,
    edges: &[(usize, usize, W)],
    start: Option<Start<'_, W>>,
) -> Solution<W> {
    check_edges(vertex_count, edges);
    if let Some(start) = start {
        let mut m = Matcher::new(vertex_count, edges, W::ZERO);
        if m.start_from(&start) && m.solve() {
            return m.solution(true);
        }
    }
    let mut m = Matcher::new(vertex_count, edges, W::ZERO);
    let finished = m.solve();
    debug_assert!(finished, "a cold run always finishes");
    m.solution(false)
}

impl<W: Weight> Matcher<W> {
    /// Sets the duals and the matching from `start` (see the module doc).
    /// Returns false when the duals would leave the weight type too little
    /// headroom, or `start` does not fit the graph.
    pub(super) fn start_from(&mut self, start: &Start<'_, W>) -> bool {
        let n = self.n;
        if start.dual.len() != n || start.mate.len() != n {
            return false;
        }
        let n_bits = usize::BITS - n.leading_zeros();
        let room = |d: &W| d.bits() + n_bits + 3 <= W::CAPACITY_BITS;
        if !start.dual.iter().all(room) {
            return false;
        }
        self.warm = true;
        self.dual[..n].copy_from_slice(start.dual);
        let guessed_free = |v: usize| start.mate[v].is_none();
        // Feasible: raise one end of every edge of negative slack.
        for k in 0..self.weight2.len() {
            let (u, v) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
            let sum = self.dual[u].plus(self.dual[v]);
            if sum < self.weight2[k] {
                let x = if guessed_free(u) || !guessed_free(v) {
                    u
                } else {
                    v
                };
                self.dual[x] = self.dual[x].plus(self.weight2[k].minus(sum));
            }
        }
        // The guessed pairs whose edge is tight.
        for v in 0..n {
            let Some(u) = start.mate[v] else { continue };
            if u <= v || u >= n || start.mate[u] != Some(v) {
                continue;
            }
            let tight = (self.nb_start[v]..self.nb_start[v + 1])
                .map(|i| self.neighbend[i])
                .find(|&p| self.endpoint[p] == u && self.slack(p / 2).is_zero());
            if let Some(p) = tight {
                self.mate[v] = p;
                self.mate[u] = p ^ 1;
            }
        }
        // Free vertices of one parity: even.
        for v in 0..n {
            if self.mate[v] == NONE && self.dual[v].halve().double() != self.dual[v] {
                self.dual[v] = self.dual[v].plus(W::ONE);
            }
        }
        // Room for the duals to move (as `Matcher::new` checks for the
        // weights).
        self.dual[..n]
            .iter()
            .all(|d| d.bits() + n_bits + 2 <= W::CAPACITY_BITS)
    }

    /// Whether every free vertex's dual is zero (the end of a run).
    pub(super) fn free_duals_are_zero(&self) -> bool {
        (0..self.n).all(|v| self.mate[v] != NONE || self.dual[v].is_zero())
    }

    /// The finished run's matching, tight edges and shared-out duals.
    pub(super) fn solution(&self, warm: bool) -> Solution<W> {
        let tight = (0..self.weight2.len())
            .map(|k| {
                let (u, v) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
                !self.feasible(u, v, self.weight2[k].plus(W::ONE))
            })
            .collect();
        let dual = (0..self.n)
            .map(|v| {
                let mut d = self.dual[v];
                let mut b = self.parent[v];
                while b != NONE {
                    d = d.plus(self.dual[b]);
                    b = self.parent[b];
                }
                d
            })
            .collect();
        Solution {
            mate: self.mates(),
            tight,
            dual,
            warm,
        }
    }
}

/// A start for a solve from nothing but the graph: each vertex's dual its
/// heaviest edge (doubled scale: an edge is tight when both ends' duals are
/// its weight, and every edge is covered), and the edges that are both
/// ends' heaviest matched. Where most vertices' heaviest edge is their
/// partner's too (a first round's natural pairing), the matcher has little
/// left to do; a cold start would take O(n³) steps on the weights' ties.
pub fn mutual_best<const L: usize>(
    vertices: usize,
    edges: &[(usize, usize, Wide<L>)],
) -> (Vec<Option<usize>>, Vec<Wide<L>>) {
    let mut dual = vec![Wide::<L>::ZERO; vertices];
    for &(u, v, w) in edges {
        dual[u] = dual[u].max(w);
        dual[v] = dual[v].max(w);
    }
    let mut mate = vec![None; vertices];
    for &(u, v, w) in edges {
        if mate[u].is_none() && mate[v].is_none() && dual[u] == w && dual[v] == w {
            mate[u] = Some(v);
            mate[v] = Some(u);
        }
    }
    (mate, dual)
}
