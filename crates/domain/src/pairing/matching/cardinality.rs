//! Whether a graph has a perfect matching: Edmonds' blossom algorithm for
//! maximum *cardinality* (no weights), which is all the Dutch system needs
//! to know of the players below the two brackets it is weighing (can they,
//! with whoever floats down to them, still all be paired?).
//!
//! The search grows one alternating tree at a time by breadth-first
//! search, shrinking odd cycles into blossoms by relabelling their base
//! (the classic array formulation of Edmonds' algorithm). It starts from a
//! matching the caller hands in (usually most of the answer already), so a
//! nearly complete start costs one search per free vertex.
//!
//! It stops at the first free vertex no augmenting path reaches: by
//! Edmonds' theorem such a vertex stays free in every maximum matching
//! grown from this one, so the graph has no perfect matching, and the
//! caller learns that without the rest of the work.

const NONE: usize = usize::MAX;

/// Completes `mate` (a matching of the graph given by its adjacency lists:
/// `mate[v]` is `v`'s partner or `None`, and every pair must be an edge)
/// into a perfect matching if the graph has one. Returns whether it did;
/// on `false`, `mate` is a larger matching but not a perfect one.
pub fn complete_perfect(adjacency: &[Vec<usize>], mate: &mut [Option<usize>]) -> bool {
    let n = adjacency.len();
    assert_eq!(mate.len(), n, "one mate per vertex");
    let mut m: Vec<usize> = mate.iter().map(|x| x.unwrap_or(NONE)).collect();
    // Greedy first: a free vertex with a free neighbour needs no search.
    for v in 0..n {
        if m[v] == NONE {
            if let Some(&u) = adjacency[v].iter().find(|&&u| m[u] == NONE && u != v) {
                m[v] = u;
                m[u] = v;
            }
        }
    }
    let mut search = Search::new(n);
    let mut perfect = true;
    for root in 0..n {
        if m[root] == NONE && !search.augment(adjacency, &mut m, root) {
            perfect = false;
            break;
        }
    }
    for (v, x) in mate.iter_mut().enumerate() {
        *x = (m[v] != NONE).then_some(m[v]);
    }
    perfect
}

/// The working arrays of one search, kept between searches.
struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    in_blossom: Vec<bool>,
    on_path: Vec<bool>,
    queue: Vec<usize>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            in_blossom: vec![false; n],
            on_path: vec![false; n],
            queue: Vec::with_capacity(n),
        }
    }

    /// Looks for an augmenting path from the free vertex `root` and flips
    /// it; returns whether one was found.
    fn augment(&mut self, adjacency: &[Vec<usize>], m: &mut [usize], root: usize) -> bool {
        let n = adjacency.len();
        for v in 0..n {
            self.parent[v] = NONE;
            self.base[v] = v;
            self.used[v] = false;
        }
        self.queue.clear();
        self.used[root] = true;
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for &to in &adjacency[v] {
                if self.base[v] == self.base[to] || m[v] == to {
                    continue;
                }
                if to == root || (m[to] != NONE && self.parent[m[to]] != NONE) {
                    // An edge between two outer vertices: an odd cycle.
                    let top = self.common_base(m, v, to);
                    self.in_blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(m, v, top, to);
                    self.mark_path(m, to, top, v);
                    for i in 0..n {
                        if self.in_blossom[self.base[i]] {
                            self.base[i] = top;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if m[to] == NONE {
                        // Flip the path from `to` back to the root.
                        let mut x = to;
                        while x != NONE {
                            let px = self.parent[x];
                            let next = m[px];
                            m[x] = px;
                            m[px] = x;
                            x = next;
                        }
                        return true;
                    }
                    let w = m[to];
                    self.used[w] = true;
                    self.queue.push(w);
                }
            }
        }
        false
    }

    /// The base of the blossom where the tree paths of `a` and `b` meet.
    fn common_base(&mut self, m: &[usize], mut a: usize, mut b: usize) -> usize {
        self.on_path.iter_mut().for_each(|x| *x = false);
        loop {
            a = self.base[a];
            self.on_path[a] = true;
            if m[a] == NONE {
                break;
            }
            a = self.parent[m[a]];
        }
        loop {
            b = self.base[b];
            if self.on_path[b] {
                return b;
            }
            b = self.parent[m[b]];
        }
    }

    /// Marks the blossom's vertices on the path from `v` up to `top`, and
    /// points their parents round the cycle through `child`.
    fn mark_path(&mut self, m: &[usize], mut v: usize, top: usize, mut child: usize) {
        while self.base[v] != top {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[m[v]]] = true;
            self.parent[v] = child;
            child = m[v];
            v = self.parent[m[v]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn adjacency(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in edges {
            if u != v && !adj[u].contains(&v) {
                adj[u].push(v);
                adj[v].push(u);
            }
        }
        adj
    }

    /// Whether a perfect matching exists, by trying every partner of the
    /// lowest free vertex.
    fn brute(adj: &[Vec<usize>], free: &mut Vec<bool>) -> bool {
        let Some(v) = free.iter().position(|&f| f) else {
            return true;
        };
        free[v] = false;
        for &u in &adj[v] {
            if free[u] {
                free[u] = false;
                if brute(adj, free) {
                    free[u] = true;
                    free[v] = true;
                    return true;
                }
                free[u] = true;
            }
        }
        free[v] = true;
        false
    }

    fn check_matching(adj: &[Vec<usize>], mate: &[Option<usize>]) {
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = *m {
                assert_eq!(mate[u], Some(v), "mates agree");
                assert!(adj[v].contains(&u), "a pair is an edge");
            }
        }
    }

    #[test]
    fn an_odd_cycle_with_a_tail_is_perfect() {
        // A triangle 0-1-2 with 2-3: the greedy start 0-1 leaves 2 and 3
        // free and adjacent; start instead from 1-2 so a blossom is needed.
        let adj = adjacency(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5)]);
        let mut mate = vec![None, Some(2), Some(1), Some(4), Some(3), None];
        assert!(complete_perfect(&adj, &mut mate));
        check_matching(&adj, &mate);
        assert!(mate.iter().all(Option::is_some));
    }

    #[test]
    fn a_star_has_no_perfect_matching() {
        let adj = adjacency(4, &[(0, 1), (0, 2), (0, 3)]);
        let mut mate = vec![None; 4];
        assert!(!complete_perfect(&adj, &mut mate));
        check_matching(&adj, &mate);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn agrees_with_brute_force(
            n in 0usize..11,
            raw in proptest::collection::vec((0usize..11, 0usize..11), 0..30),
            start in proptest::collection::vec(any::<bool>(), 0..30),
        ) {
            let edges: Vec<(usize, usize)> =
                raw.into_iter().filter(|&(u, v)| u < n && v < n).collect();
            let adj = adjacency(n, &edges);
            // A valid starting matching: take edges greedily where asked.
            let mut mate = vec![None; n];
            for (k, &(u, v)) in edges.iter().enumerate() {
                if start.get(k) == Some(&true) && u != v && mate[u].is_none() && mate[v].is_none() {
                    mate[u] = Some(v);
                    mate[v] = Some(u);
                }
            }
            let expected = brute(&adj, &mut vec![true; n]);
            let got = complete_perfect(&adj, &mut mate);
            check_matching(&adj, &mate);
            prop_assert_eq!(got, expected);
            if got {
                prop_assert!(mate.iter().all(Option::is_some));
            }
        }
    }
}
