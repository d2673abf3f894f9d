//! Maximum-weight matching on a general graph: Edmonds' blossom algorithm
//! with dual variables (the primal-dual method), in O(n³) time with Galil's
//! bookkeeping of each blossom's least-slack edges (Z. Galil, "Efficient
//! algorithms for finding maximum matching in graphs", ACM Computing
//! Surveys 18(1), 1986; the structure follows J. van Rantwijk's well-known
//! description of it).
//!
//! How it works, in short. The matching is grown in *stages*; each stage
//! either augments the matching by one edge or proves it optimal. Within a
//! stage, alternating trees grow from every unmatched vertex along *tight*
//! edges (zero slack under the current dual variables): outer vertices are
//! labelled S, inner ones T. An edge between two S vertices either closes
//! an odd cycle, which shrinks into a *blossom* (a super-vertex with its own
//! dual variable), or joins two trees, which gives an augmenting path. When
//! no tight edge is left, the duals move by the largest `delta` that keeps
//! them feasible; that makes a new edge tight (delta 2 and 3), empties a
//! T-blossom's dual so it is expanded again (delta 4), or brings an S
//! vertex's dual to zero, which proves the matching optimal (delta 1).
//! Every vertex and blossom keeps its least-slack edge to the S set, so
//! each `delta` costs O(n), not O(m): O(n²) per stage, n stages.
//!
//! Choices, written down:
//! - **Integer-exact.** Vertex duals are stored doubled and edge slack is
//!   `dual[u] + dual[v] - 2w`, so every dual stays an integer for integer
//!   weights (the one halving, of the slack between two S vertices, is of an
//!   even number; checked in debug builds). No floats anywhere.
//! - **Maximum cardinality** (`max_cardinality = true`): every edge's weight
//!   is raised by `B = floor(n/2) * max_weight + 1`, more than any matching
//!   can weigh, so a matching with more edges always weighs more, and among
//!   the largest matchings the heaviest wins, exactly as asked. This keeps
//!   every dual non-negative, so the weight type can stay unsigned; it costs
//!   about `log2(n)` bits of headroom.
//! - **Headroom.** Duals never exceed `n * max_weight` (the dual objective
//!   only falls), so the matcher needs `bits(max_weight) + bits(n) + 2`
//!   bits; it checks this before starting and panics with the figures if the
//!   type is too narrow. Every later operation is checked too.
//! - **Parallel edges** are allowed: the heaviest between two vertices is the
//!   one that can be chosen. A loop (`u == v`) or a vertex out of range is a
//!   caller's bug and panics.
//! - **The whole graph, always.** A pairing graph is nearly complete (a
//!   1,000-player round has about 500,000 edges). An earlier version first
//!   solved the subgraph of each vertex's ten heaviest edges and proved the
//!   answer optimal by LP duality; on the Dutch system's weights, which tie
//!   in their high bits, the proof almost never held and the tries cost
//!   more than the whole graph, so it was removed (BENCHMARKS.md, "Speed of
//!   the Dutch engine").
//! - **Ties** between optimal matchings are broken deterministically (the
//!   same edges in the same order give the same matching) but in no
//!   documented way: callers that need one particular optimum, as the
//!   Dutch system does, must make it the only one through the weights
//!   (a last tie-breaking field).

use super::Weight;

pub mod certify;
pub mod warm;

/// No vertex / edge / endpoint / blossom.
const NONE: usize = usize::MAX;

/// Labels of a (top-level) blossom or vertex during a stage.
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;
/// A mark used while looking for a common ancestor (`scan_blossom`).
const BREADCRUMB: u8 = 5;

/// A maximum-weight matching of the graph on vertices `0..vertex_count`
/// with the given edges `(u, v, weight)`, `u != v`; between parallel edges
/// the heaviest counts. With `max_cardinality`, the heaviest among the
/// matchings with the most edges. Returns `mate[v]`: the vertex matched to
/// `v`, or `None`.
///
/// O(n³) time at worst (n = `vertex_count`), O(n + m) memory.
///
/// Panics if an edge is a loop or names a vertex out of range, or if `W` is
/// too narrow for the weights (the matcher needs `bits(n) + 2` bits above
/// the largest weight, and about `bits(n)` more with `max_cardinality`).
pub fn max_weight_matching<W: Weight>(
    vertex_count: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    solved(vertex_count, edges, max_cardinality).mates()
}

/// [`max_weight_matching`], and for each edge whether it is *tight* under
/// the final dual solution (its duals, with those of the blossoms holding
/// both ends, add up to exactly its weight).
///
/// Why a caller wants it: every maximum-weight matching satisfies
/// complementary slackness with every optimal dual solution, so an edge
/// that is not tight is in no maximum-weight matching at all. A caller
/// choosing among the optimal matchings (the Dutch system's order of
/// candidates) can rule out most edges without solving again.
pub fn max_weight_matching_tight<W: Weight>(
    vertex_count: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> (Vec<Option<usize>>, Vec<bool>) {
    let matcher = solved(vertex_count, edges, max_cardinality);
    let tight = (0..edges.len())
        .map(|k| {
            let (u, v) = (matcher.endpoint[2 * k], matcher.endpoint[2 * k + 1]);
            !matcher.feasible(u, v, matcher.weight2[k].plus(W::ONE))
        })
        .collect();
    (matcher.mates(), tight)
}

/// The matcher run to the end on the whole graph.
fn solved<W: Weight>(n: usize, edges: &[(usize, usize, W)], max_cardinality: bool) -> Matcher<W> {
    check_edges(n, edges);
    let bonus = cardinality_bonus(n, edges, max_cardinality);
    let mut matcher = Matcher::new(n, edges, bonus);
    let finished = matcher.solve();
    debug_assert!(finished, "a cold run always finishes");
    matcher
}

/// Panics on a loop or a vertex out of range: a caller's bug.
fn check_edges<W>(n: usize, edges: &[(usize, usize, W)]) {
    for (k, &(u, v, _)) in edges.iter().enumerate() {
        assert!(
            u < n && v < n,
            "edge {k} ({u}, {v}) names a vertex outside 0..{n}"
        );
        assert!(u != v, "edge {k} is a loop on vertex {u}");
    }
}

/// The raise of every edge's weight that makes a maximum-weight matching
/// one of maximum cardinality (zero without `max_cardinality`): more than
/// any matching can weigh.
fn cardinality_bonus<W: Weight>(n: usize, edges: &[(usize, usize, W)], max_cardinality: bool) -> W {
    match edges.iter().map(|e| e.2).max() {
        Some(max_weight) if max_cardinality => times(max_weight, n / 2).plus(W::ONE),
        _ => W::ZERO,
    }
}

/// `w * k` by doubling and adding (checked).
fn times<W: Weight>(w: W, mut k: usize) -> W {
    let mut result = W::ZERO;
    let mut acc = w;
    while k > 0 {
        if k & 1 == 1 {
            result = result.plus(acc);
        }
        k >>= 1;
        if k > 0 {
            acc = acc.double();
        }
    }
    result
}

/// A change of the duals: its kind (1: a vertex dual reaches zero, the
/// matching is optimal; 2: an edge from a free vertex to S becomes tight;
/// 3: an edge between two S-blossoms; 4: a T-blossom's dual reaches zero),
/// its amount, and the edge or blossom concerned.
struct Delta<W> {
    kind: u8,
    amount: W,
    edge: usize,
    blossom: usize,
}

/// The state of one run. Vertices are `0..n`; blossoms `n..2n`. Edge `k`
/// has endpoints `2k` and `2k + 1`: `endpoint[2k]` is its first vertex,
/// `endpoint[2k + 1]` its second, and `p ^ 1` is the other end of `p`.
struct Matcher<W> {
    n: usize,
    /// The vertex at each endpoint.
    endpoint: Vec<usize>,
    /// Twice each edge's (raised) weight.
    weight2: Vec<W>,
    /// Adjacency in compressed rows: for vertex `v`,
    /// `neighbend[nb_start[v]..nb_start[v + 1]]` are the *remote*
    /// endpoints of its edges.
    nb_start: Vec<usize>,
    neighbend: Vec<usize>,
    /// The remote endpoint of `v`'s matched edge, or NONE.
    mate: Vec<usize>,
    /// FREE, S or T for each vertex and top-level blossom.
    label: Vec<u8>,
    /// The endpoint through which a vertex/blossom got its label (the far
    /// end of it is the parent in the tree), or NONE for roots.
    labelend: Vec<usize>,
    /// The top-level blossom containing each vertex.
    inblossom: Vec<usize>,
    /// The blossom immediately containing each vertex/blossom, or NONE.
    parent: Vec<usize>,
    /// A blossom's sub-blossoms, in cycle order starting from its base.
    childs: Vec<Vec<usize>>,
    /// The endpoint joining `childs[b][i]` and `childs[b][i + 1]`.
    endps: Vec<Vec<usize>>,
    /// Each vertex/blossom's base vertex; NONE for unused blossom numbers.
    base: Vec<usize>,
    /// Least-slack edge to a different S-blossom (or NONE).
    bestedge: Vec<usize>,
    /// For S-blossoms: the least-slack edge to each other S-blossom.
    blossombest: Vec<Option<Vec<usize>>>,
    /// Blossom numbers free for reuse.
    unused: Vec<usize>,
    /// Doubled duals of vertices (`0..n`), duals of blossoms (`n..2n`).
    dual: Vec<W>,
    /// Edges known to be tight (may be used in the trees).
    allowedge: Vec<bool>,
    /// S vertices whose edges are still to be scanned.
    queue: Vec<usize>,
    /// Scratch for `add_blossom`: best edge and its slack per blossom.
    best_to: Vec<usize>,
    best_slack: Vec<W>,
    touched: Vec<usize>,
    /// Scratch for leaf lists and ancestor paths.
    leaves: Vec<usize>,
    path: Vec<usize>,
    /// Counts the dual updates: a slack computed in the same epoch is
    /// still valid.
    epoch: u64,
    /// The slack of `bestedge[x]` as last computed: (edge, epoch, slack).
    /// Saves recomputing it for every edge compared against it.
    best_cache: Vec<(usize, u64, W)>,
    /// Whether the run started from a given matching and duals
    /// ([`warm`]): then the free vertices' duals need not be equal, so
    /// delta 1 looks at the S vertices only, and proves the matching
    /// optimal only when it brings every free vertex's dual to zero.
    warm: bool,
}

/// Appends the vertices inside blossom `b` to `out`.
fn leaves_into(n: usize, childs: &[Vec<usize>], b: usize, out: &mut Vec<usize>) {
    if b < n {
        out.push(b);
    } else {
        for &c in &childs[b] {
            leaves_into(n, childs, c, out);
        }
    }
}

impl<W: Weight> Matcher<W> {
    /// The state before the first stage, every weight raised by `bonus`.
    fn new(n: usize, edges: &[(usize, usize, W)], bonus: W) -> Self {
        let m = edges.len();
        let mut max_weight = W::ZERO;
        let mut degree = vec![0usize; n + 1];
        for (k, &(u, v, w)) in edges.iter().enumerate() {
            assert!(
                u < n && v < n,
                "edge {k} ({u}, {v}) names a vertex outside 0..{n}"
            );
            assert!(u != v, "edge {k} is a loop on vertex {u}");
            degree[u] += 1;
            degree[v] += 1;
            max_weight = max_weight.max(w);
        }
        let top = max_weight.plus(bonus);
        let n_bits = usize::BITS - n.leading_zeros();
        assert!(
            top.bits() + n_bits + 2 <= W::CAPACITY_BITS,
            "matching weights too wide: the largest (raised) weight has {} bits and {n} vertices \
             need {} more, but the weight type has {} bits",
            top.bits(),
            n_bits + 2,
            W::CAPACITY_BITS
        );
        let mut endpoint = Vec::with_capacity(2 * m);
        let mut weight2 = Vec::with_capacity(m);
        for &(u, v, w) in edges {
            endpoint.push(u);
            endpoint.push(v);
            weight2.push(w.plus(bonus).double());
        }
        let mut nb_start = vec![0usize; n + 1];
        for v in 0..n {
            nb_start[v + 1] = nb_start[v] + degree[v];
        }
        let mut fill = nb_start.clone();
        let mut neighbend = vec![0usize; 2 * m];
        for (k, &(u, v, _)) in edges.iter().enumerate() {
            neighbend[fill[u]] = 2 * k + 1;
            fill[u] += 1;
            neighbend[fill[v]] = 2 * k;
            fill[v] += 1;
        }
        let mut dual = vec![top; n];
        dual.extend(std::iter::repeat_n(W::ZERO, n));
        Matcher {
            n,
            endpoint,
            weight2,
            nb_start,
            neighbend,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            endps: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            bestedge: vec![NONE; 2 * n],
            blossombest: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            dual,
            allowedge: vec![false; m],
            queue: Vec::with_capacity(n),
            best_to: vec![NONE; 2 * n],
            best_slack: vec![W::ZERO; 2 * n],
            touched: Vec::new(),
            leaves: Vec::new(),
            path: Vec::new(),
            epoch: 1,
            best_cache: vec![(NONE, 0, W::ZERO); 2 * n],
            warm: false,
        }
    }

    #[inline]
    fn slack(&self, k: usize) -> W {
        self.dual[self.endpoint[2 * k]]
            .plus_minus(self.dual[self.endpoint[2 * k + 1]], self.weight2[k])
    }

    /// The slack of `bestedge[x]` (which must be an edge), from the cache
    /// when the duals have not moved since it was computed.
    #[inline]
    fn best_slack(&mut self, x: usize) -> W {
        let k = self.bestedge[x];
        let (ck, ce, cs) = self.best_cache[x];
        if ck == k && ce == self.epoch {
            return cs;
        }
        let s = self.slack(k);
        self.best_cache[x] = (k, self.epoch, s);
        s
    }

    /// Records `k`, of slack `s` now, as `x`'s least-slack edge.
    #[inline]
    fn set_best(&mut self, x: usize, k: usize, s: W) {
        self.bestedge[x] = k;
        self.best_cache[x] = (k, self.epoch, s);
    }

    /// Whether an edge `(u, v)` of doubled raised weight `weight2`, not
    /// necessarily one of this run's, satisfies the final dual solution:
    /// `dual[u] + dual[v]` plus twice the duals of the blossoms holding
    /// both is at least `weight2`.
    fn feasible(&self, u: usize, v: usize, weight2: W) -> bool {
        let mut s = self.dual[u].plus(self.dual[v]);
        if self.inblossom[u] == self.inblossom[v] && self.inblossom[u] >= self.n {
            // The blossoms holding both: the lowest common ancestor of `u`
            // and `v` in the nesting tree, and its ancestors.
            let depth = |mut x: usize| {
                let mut d = 0;
                while self.parent[x] != NONE {
                    x = self.parent[x];
                    d += 1;
                }
                d
            };
            let (mut a, mut b) = (u, v);
            let (mut da, mut db) = (depth(u), depth(v));
            while da > db {
                a = self.parent[a];
                da -= 1;
            }
            while db > da {
                b = self.parent[b];
                db -= 1;
            }
            while a != b {
                a = self.parent[a];
                b = self.parent[b];
            }
            while a != NONE {
                s = s.plus(self.dual[a].double());
                a = self.parent[a];
            }
        }
        s >= weight2
    }

    fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&p| (p != NONE).then(|| self.endpoint[p]))
            .collect()
    }

    /// Labels the top-level blossom of `w` with `t`, reached through
    /// endpoint `p`; a T label passes S on to the blossom's mate.
    fn assign_label(&mut self, mut w: usize, mut t: u8, mut p: usize) {
        loop {
            let b = self.inblossom[w];
            debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if t == S {
                leaves_into(self.n, &self.childs, b, &mut self.queue);
                return;
            }
            // T: the mate of the blossom's base becomes S.
            let mb = self.mate[self.base[b]];
            debug_assert!(mb != NONE);
            w = self.endpoint[mb];
            t = S;
            p = mb ^ 1;
        }
    }

    /// Traces back from `v` and `w` (both S) to find a common ancestor:
    /// its base vertex if the edge closes a blossom, NONE if the two are
    /// in different trees (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let mut base = NONE;
        while v != NONE {
            let b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.label[b] = BREADCRUMB;
            if self.labelend[b] == NONE {
                v = NONE; // reached a root
            } else {
                let t = self.endpoint[self.labelend[b]];
                let bt = self.inblossom[t];
                debug_assert_eq!(self.label[bt], T);
                v = self.endpoint[self.labelend[bt]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for &b in &path {
            self.label[b] = S;
        }
        self.path = path;
        base
    }

    /// Shrinks the cycle closed by edge `k` through `base` into a new
    /// S-blossom, and computes its least-slack edges.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let n = self.n;
        let (mut v, mut w) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unused.pop().expect("blossom numbers exhausted");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = S;
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = W::ZERO;
        self.childs[b] = path;
        self.endps[b] = endps;

        let mut leaves = std::mem::take(&mut self.leaves);
        leaves.clear();
        leaves_into(n, &self.childs, b, &mut leaves);
        for &x in &leaves {
            if self.label[self.inblossom[x]] == T {
                // A T vertex becomes S inside the new blossom.
                self.queue.push(x);
            }
            self.inblossom[x] = b;
        }

        // Least-slack edge from the new blossom to each other S-blossom.
        let mut touched = std::mem::take(&mut self.touched);
        touched.clear();
        for ci in 0..self.childs[b].len() {
            let c = self.childs[b][ci];
            if let Some(list) = self.blossombest[c].take() {
                for &e in &list {
                    self.consider_best(b, e, &mut touched);
                }
            } else {
                leaves.clear();
                leaves_into(n, &self.childs, c, &mut leaves);
                for &x in &leaves {
                    for i in self.nb_start[x]..self.nb_start[x + 1] {
                        let e = self.neighbend[i] / 2;
                        self.consider_best(b, e, &mut touched);
                    }
                }
            }
            self.bestedge[c] = NONE;
        }
        let mut list = Vec::with_capacity(touched.len());
        let mut best = NONE;
        let mut best_slack = W::ZERO;
        for &bj in &touched {
            let e = self.best_to[bj];
            let s = self.best_slack[bj];
            list.push(e);
            if best == NONE || s < best_slack {
                best = e;
                best_slack = s;
            }
            self.best_to[bj] = NONE;
        }
        self.blossombest[b] = Some(list);
        if best == NONE {
            self.bestedge[b] = NONE;
        } else {
            self.set_best(b, best, best_slack);
        }
        self.touched = touched;
        self.leaves = leaves;
    }

    /// Part of `add_blossom`: edge `e` with one end in new blossom `b`.
    #[inline]
    fn consider_best(&mut self, b: usize, e: usize, touched: &mut Vec<usize>) {
        let (i, mut j) = (self.endpoint[2 * e], self.endpoint[2 * e + 1]);
        if self.inblossom[j] == b {
            j = i;
        }
        let bj = self.inblossom[j];
        if bj != b && self.label[bj] == S {
            let s = self.slack(e);
            if self.best_to[bj] == NONE {
                touched.push(bj);
                self.best_to[bj] = e;
                self.best_slack[bj] = s;
            } else if s < self.best_slack[bj] {
                self.best_to[bj] = e;
                self.best_slack[bj] = s;
            }
        }
    }

    /// Undoes blossom `b`: its sub-blossoms become top-level. Mid-stage
    /// (a T-blossom whose dual reached zero) the labels along the path
    /// through it are restored; at the end of a stage (`endstage`) nested
    /// blossoms with zero dual are expanded too.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let n = self.n;
        let childs = std::mem::take(&mut self.childs[b]);
        let endps = std::mem::take(&mut self.endps[b]);
        let mut leaves = std::mem::take(&mut self.leaves);
        for &s in &childs {
            self.parent[s] = NONE;
            if s < n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                leaves.clear();
                leaves_into(n, &self.childs, s, &mut leaves);
                for &x in &leaves {
                    self.inblossom[x] = s;
                }
            }
        }
        if !endstage && self.label[b] == T {
            // Relabel the sub-blossoms on the even path from where the
            // blossom was entered to its base.
            let len = childs.len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).expect("entry") as isize;
            let (jstep, trick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let tj = trick as isize;
            let mut p = self.labelend[b];
            while j != 0 {
                // Relabel the T-sub-blossom.
                let q = endps[at(j - tj)];
                self.label[self.endpoint[p ^ 1]] = FREE;
                self.label[self.endpoint[q ^ trick ^ 1]] = FREE;
                self.assign_label(self.endpoint[p ^ 1], T, p);
                // The next S-sub-blossom is reached through a tight edge.
                self.allowedge[q / 2] = true;
                j += jstep;
                p = endps[at(j - tj)] ^ trick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            // The base sub-blossom becomes T without its mate becoming S
            // again (it already is).
            let bv = childs[at(j)];
            let x = self.endpoint[p ^ 1];
            self.label[x] = T;
            self.label[bv] = T;
            self.labelend[x] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            // The sub-blossoms on the odd path: free unless reached from
            // outside in the meantime.
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == S {
                    j += jstep;
                    continue;
                }
                leaves.clear();
                leaves_into(n, &self.childs, bv, &mut leaves);
                if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != FREE) {
                    debug_assert_eq!(self.label[v], T);
                    debug_assert_eq!(self.inblossom[v], bv);
                    self.label[v] = FREE;
                    let mb = self.mate[self.base[bv]];
                    self.label[self.endpoint[mb]] = FREE;
                    self.assign_label(v, T, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.leaves = leaves;
        self.label[b] = FREE;
        self.labelend[b] = NONE;
        self.base[b] = NONE;
        self.blossombest[b] = None;
        self.bestedge[b] = NONE;
        self.unused.push(b);
    }

    /// Swaps matched and unmatched edges on the even path through blossom
    /// `b` from vertex `v` to the base, so `v` becomes the new base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let n = self.n;
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= n {
            self.augment_blossom(t, v);
        }
        let len = self.childs[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = self.childs[b].iter().position(|&c| c == t).expect("child");
        let mut j = i as isize;
        let (jstep, trick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let tj = trick as isize;
        while j != 0 {
            j += jstep;
            let t = self.childs[b][at(j)];
            let p = self.endps[b][at(j - tj)] ^ trick;
            if t >= n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.childs[b][at(j)];
            if t >= n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.childs[b].rotate_left(i);
        self.endps[b].rotate_left(i);
        self.base[b] = self.base[self.childs[b][0]];
        debug_assert_eq!(self.base[b], v);
    }

    /// Augments the matching along the path through edge `k` between two
    /// S vertices of different trees.
    fn augment_matching(&mut self, k: usize) {
        let (v, w) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        for (s, p) in [(v, 2 * k + 1), (w, 2 * k)] {
            self.augment_to_root(s, p);
        }
    }

    /// Matches S vertex `s` through endpoint `p` (or leaves it free, with
    /// NONE) and swaps the matched and unmatched edges on the path from
    /// it to the root of its tree, which becomes matched.
    fn augment_to_root(&mut self, mut s: usize, mut p: usize) {
        let n = self.n;
        loop {
            let bs = self.inblossom[s];
            debug_assert_eq!(self.label[bs], S);
            if bs >= n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break; // reached the root
            }
            let t = self.endpoint[self.labelend[bs]];
            let bt = self.inblossom[t];
            debug_assert_eq!(self.label[bt], T);
            s = self.endpoint[self.labelend[bt]];
            let j = self.endpoint[self.labelend[bt] ^ 1];
            if bt >= n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }

    /// Delta 1 of a warm run: the dual of S vertex `u` reached zero, so
    /// `u` may stay free. It leaves the matching, and the path from it to
    /// its tree's root swaps, so the root (whose dual is positive) is
    /// matched instead; when `u` is the root, it simply stays free. One
    /// vertex fewer breaks complementary slackness.
    fn retire(&mut self, u: usize) {
        if u != NONE {
            self.augment_to_root(u, NONE);
        }
    }

    /// Scans S vertex `v`'s edges; returns true if the matching was
    /// augmented.
    fn scan_vertex(&mut self, v: usize) -> bool {
        for i in self.nb_start[v]..self.nb_start[v + 1] {
            let p = self.neighbend[i];
            let k = p / 2;
            let w = self.endpoint[p];
            let bv = self.inblossom[v];
            let bw = self.inblossom[w];
            if bv == bw {
                continue; // an edge inside a blossom
            }
            if self.label[bw] == T && self.label[w] != FREE {
                continue; // already reached: nothing this edge can add
            }
            let mut kslack = W::ZERO;
            if !self.allowedge[k] {
                kslack = self.slack(k);
                if kslack.is_zero() {
                    self.allowedge[k] = true;
                }
            }
            if self.allowedge[k] {
                if self.label[bw] == FREE && self.mate[self.base[bw]] == NONE {
                    // Only in a warm run: a free vertex whose dual is zero
                    // (no root); the path to it augments.
                    self.label[bw] = S;
                    self.labelend[bw] = NONE;
                    self.augment_matching(k);
                    return true;
                } else if self.label[bw] == FREE {
                    // Grow the tree: w's blossom becomes T, its mate S.
                    self.assign_label(w, T, p ^ 1);
                } else if self.label[bw] == S {
                    let base = self.scan_blossom(v, w);
                    if base != NONE {
                        self.add_blossom(base, k);
                    } else {
                        self.augment_matching(k);
                        return true;
                    }
                } else if self.label[w] == FREE {
                    // w is inside a T-blossom but not yet reached itself:
                    // remember how (needed if the blossom is expanded).
                    debug_assert_eq!(self.label[bw], T);
                    self.label[w] = T;
                    self.labelend[w] = p ^ 1;
                }
            } else if self.label[bw] == S {
                // Keep the least-slack edge between two S-blossoms.
                if self.bestedge[bv] == NONE || kslack < self.best_slack(bv) {
                    self.set_best(bv, k, kslack);
                }
            } else if self.label[w] == FREE
                && (self.bestedge[w] == NONE || kslack < self.best_slack(w))
            {
                // Keep the least-slack edge from a free vertex to S.
                self.set_best(w, k, kslack);
            }
        }
        false
    }

    /// The largest change of the duals that keeps them feasible, and what
    /// it does (the module doc's deltas 1 to 4).
    fn least_delta(&mut self) -> Delta<W> {
        let n = self.n;
        // delta 1: the least vertex dual (bringing it to zero ends
        // the algorithm: the matching is optimal).
        let mut delta_type = 1;
        let mut delta_edge = NONE;
        let mut delta_blossom = NONE;
        let mut delta = if self.warm {
            // Only S vertices' duals fall; the others bound nothing. The
            // vertex is noted (as `blossom`) for `retire`.
            let least = (0..n)
                .filter(|&v| self.label[self.inblossom[v]] == S)
                .min_by_key(|&v| self.dual[v]);
            delta_blossom = least.unwrap_or(NONE);
            least.map_or(W::ZERO, |v| self.dual[v])
        } else {
            self.dual[..n].iter().copied().min().unwrap_or(W::ZERO)
        };
        // delta 2: the least slack from a free vertex to S.
        for v in 0..n {
            if self.label[self.inblossom[v]] == FREE && self.bestedge[v] != NONE {
                let d = self.best_slack(v);
                if d < delta {
                    delta = d;
                    delta_type = 2;
                    delta_edge = self.bestedge[v];
                }
            }
        }
        // delta 3: half the least slack between two S-blossoms.
        for b in 0..2 * n {
            if self.parent[b] == NONE && self.label[b] == S && self.bestedge[b] != NONE {
                let s = self.best_slack(b);
                debug_assert!(s.halve().double() == s, "odd slack between S-blossoms");
                let d = s.halve();
                if d < delta {
                    delta = d;
                    delta_type = 3;
                    delta_edge = self.bestedge[b];
                }
            }
        }
        // delta 4: the least dual of a T-blossom.
        for b in n..2 * n {
            if self.base[b] != NONE
                && self.parent[b] == NONE
                && self.label[b] == T
                && self.dual[b] < delta
            {
                delta = self.dual[b];
                delta_type = 4;
                delta_blossom = b;
            }
        }
        Delta {
            kind: delta_type,
            amount: delta,
            edge: delta_edge,
            blossom: delta_blossom,
        }
    }

    /// Move the duals by `delta`: S vertices and T-blossoms down, T vertices
    /// and S-blossoms up.
    fn move_duals(&mut self, delta: W) {
        let n = self.n;
        self.epoch += 1;
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                S => self.dual[v] = self.dual[v].minus(delta),
                T => self.dual[v] = self.dual[v].plus(delta),
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE && self.parent[b] == NONE {
                match self.label[b] {
                    S => self.dual[b] = self.dual[b].plus(delta),
                    T => self.dual[b] = self.dual[b].minus(delta),
                    _ => {}
                }
            }
        }
    }

    /// Runs the stages to the end. Returns false only for a warm start
    /// (see [`warm`]) that reached a dual solution it cannot finish from.
    fn solve(&mut self) -> bool {
        let n = self.n;
        for _stage in 0..n {
            if self.warm && self.free_duals_are_zero() {
                return true;
            }
            self.label.fill(FREE);
            self.bestedge.fill(NONE);
            for b in n..2 * n {
                self.blossombest[b] = None;
            }
            self.allowedge.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE
                    && self.label[self.inblossom[v]] == FREE
                    && !(self.warm && self.dual[v].is_zero())
                {
                    self.assign_label(v, S, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    if self.scan_vertex(v) {
                        augmented = true;
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // No tight edge left to use: move the duals.
                let Delta {
                    kind: delta_type,
                    amount: delta,
                    edge: delta_edge,
                    blossom: delta_blossom,
                } = self.least_delta();
                self.move_duals(delta);
                match delta_type {
                    1 if self.warm => {
                        self.retire(delta_blossom);
                        augmented = true;
                        break;
                    }
                    1 => break,
                    2 => {
                        self.allowedge[delta_edge] = true;
                        let (mut i, j) = (
                            self.endpoint[2 * delta_edge],
                            self.endpoint[2 * delta_edge + 1],
                        );
                        if self.label[self.inblossom[i]] == FREE {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[delta_edge] = true;
                        self.queue.push(self.endpoint[2 * delta_edge]);
                    }
                    _ => self.expand_blossom(delta_blossom, false),
                }
            }
            if !augmented {
                return true;
            }
            // End of stage: S-blossoms whose dual is zero are undone.
            for b in n..2 * n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == S
                    && self.dual[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        !self.warm || self.free_duals_are_zero()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::pairing::matching::Wide;
    use proptest::prelude::*;

    /// The matching of a graph given by a weight function: `weight(u, v)`
    /// for `u < v` is the weight of the edge between them, or `None`.
    fn max_weight_matching_dense<W: Weight>(
        vertex_count: usize,
        mut weight: impl FnMut(usize, usize) -> Option<W>,
        max_cardinality: bool,
    ) -> Vec<Option<usize>> {
        let mut edges = Vec::new();
        for u in 0..vertex_count {
            for v in u + 1..vertex_count {
                if let Some(w) = weight(u, v) {
                    edges.push((u, v, w));
                }
            }
        }
        max_weight_matching(vertex_count, &edges, max_cardinality)
    }

    /// The total weight of a matching: for each matched pair, the heaviest
    /// edge between them. Panics if a matched pair has no edge or `mate`
    /// is not symmetric.
    fn matching_weight<W: Weight>(edges: &[(usize, usize, W)], mate: &[Option<usize>]) -> W {
        let mut best: Vec<Option<W>> = vec![None; mate.len()];
        for &(u, v, w) in edges {
            if mate[u] == Some(v) {
                let low = u.min(v);
                if best[low].is_none_or(|b| w > b) {
                    best[low] = Some(w);
                }
            }
        }
        let mut total = W::ZERO;
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = *m {
                assert_eq!(mate[u], Some(v), "matching is not symmetric at {v}");
                if v < u {
                    total = total.plus(best[v].expect("matched pair without an edge"));
                }
            }
        }
        total
    }

    /// The number of matched pairs in `mate`.
    fn matching_cardinality(mate: &[Option<usize>]) -> usize {
        mate.iter().filter(|m| m.is_some()).count() / 2
    }

    /// How many bits an edge weight may have with weight type `W` on
    /// `vertex_count` vertices: `bits(n) + 2` bits of headroom above the
    /// largest weight, and with `max_cardinality` about `bits(n)` more.
    fn weight_bits_available<W: Weight>(vertex_count: usize, max_cardinality: bool) -> u32 {
        let n_bits = usize::BITS - vertex_count.leading_zeros();
        let bonus_bits = if max_cardinality { n_bits + 1 } else { 0 };
        W::CAPACITY_BITS.saturating_sub(n_bits + 2 + bonus_bits)
    }

    /// The best (cardinality, weight) by trying every matching: the
    /// heaviest, or with `max_cardinality` the heaviest of the largest.
    fn brute_force(
        n: usize,
        edges: &[(usize, usize, u128)],
        max_cardinality: bool,
    ) -> (usize, u128) {
        let mut adj: Vec<Vec<Option<u128>>> = vec![vec![None; n]; n];
        for &(u, v, w) in edges {
            for (a, b) in [(u, v), (v, u)] {
                if adj[a][b].is_none_or(|x| w > x) {
                    adj[a][b] = Some(w);
                }
            }
        }
        fn go(
            adj: &[Vec<Option<u128>>],
            used: &mut Vec<bool>,
            from: usize,
            card: usize,
            weight: u128,
            max_card: bool,
            best: &mut (usize, u128),
        ) {
            let n = adj.len();
            let Some(i) = (from..n).find(|&i| !used[i]) else {
                let better = if max_card {
                    (card, weight) > *best
                } else {
                    weight > best.1
                };
                if better {
                    *best = (card, weight);
                }
                return;
            };
            used[i] = true;
            go(adj, used, i + 1, card, weight, max_card, best);
            for j in i + 1..n {
                if let (false, Some(w)) = (used[j], adj[i][j]) {
                    used[j] = true;
                    go(adj, used, i + 1, card + 1, weight + w, max_card, best);
                    used[j] = false;
                }
            }
            used[i] = false;
        }
        let mut best = (0, 0);
        go(
            &adj,
            &mut vec![false; n],
            0,
            0,
            0,
            max_cardinality,
            &mut best,
        );
        best
    }

    /// Checks `mate` is a matching of the graph and returns its
    /// (cardinality, weight).
    fn measure<W: Weight>(
        n: usize,
        edges: &[(usize, usize, W)],
        mate: &[Option<usize>],
    ) -> (usize, W) {
        assert_eq!(mate.len(), n);
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = *m {
                assert_ne!(u, v);
                assert_eq!(mate[u], Some(v), "not symmetric at {v}");
                assert!(
                    edges
                        .iter()
                        .any(|&(a, b, _)| (a, b) == (u, v) || (a, b) == (v, u)),
                    "{v}-{u} is not an edge"
                );
            }
        }
        (matching_cardinality(mate), matching_weight(edges, mate))
    }

    fn check_u64(n: usize, edges: &[(usize, usize, u64)], max_cardinality: bool) {
        let wide: Vec<_> = edges.iter().map(|&(u, v, w)| (u, v, w as u128)).collect();
        let expected = brute_force(n, &wide, max_cardinality);
        let mate = max_weight_matching(n, edges, max_cardinality);
        let (card, weight) = measure(n, edges, &mate);
        assert_eq!(
            weight as u128, expected.1,
            "weight, max_cardinality={max_cardinality}: {edges:?}"
        );
        if max_cardinality {
            assert_eq!(card, expected.0, "cardinality: {edges:?}");
        }
    }

    fn mates(pairs: &[Option<usize>]) -> Vec<Option<usize>> {
        pairs.to_vec()
    }

    #[test]
    fn empty_and_single_edges() {
        assert_eq!(max_weight_matching::<u64>(0, &[], false), mates(&[]));
        assert_eq!(
            max_weight_matching::<u64>(3, &[], true),
            mates(&[None, None, None])
        );
        assert_eq!(
            max_weight_matching(2, &[(0, 1, 1u64)], false),
            mates(&[Some(1), Some(0)])
        );
        // A zero-weight edge is worth nothing, but counts for cardinality.
        assert_eq!(
            matching_weight(
                &[(0, 1, 0u64)],
                &max_weight_matching(2, &[(0, 1, 0u64)], false)
            ),
            0
        );
        assert_eq!(
            max_weight_matching(2, &[(0, 1, 0u64)], true),
            mates(&[Some(1), Some(0)])
        );
    }

    #[test]
    fn path_prefers_weight_or_cardinality() {
        // 0-1 (2), 1-2 (3), 2-3 (2): the heaviest single edge 1-2 (3) loses
        // to 0-1 + 2-3 (4).
        let e = [(0, 1, 2u64), (1, 2, 3), (2, 3, 2)];
        assert_eq!(
            max_weight_matching(4, &e, false),
            mates(&[Some(1), Some(0), Some(3), Some(2)])
        );
        // 0-1 (1), 1-2 (5), 2-3 (1): weight wants 1-2 alone, cardinality both ends.
        let e = [(0, 1, 1u64), (1, 2, 5), (2, 3, 1)];
        assert_eq!(
            max_weight_matching(4, &e, false),
            mates(&[None, Some(2), Some(1), None])
        );
        assert_eq!(
            max_weight_matching(4, &e, true),
            mates(&[Some(1), Some(0), Some(3), Some(2)])
        );
    }

    #[test]
    fn parallel_edges_heaviest_counts() {
        let e = [(0, 1, 1u64), (1, 0, 7), (0, 1, 3)];
        let mate = max_weight_matching(2, &e, false);
        assert_eq!(mate, mates(&[Some(1), Some(0)]));
        assert_eq!(matching_weight(&e, &mate), 7);
    }

    #[test]
    fn triangle_blossom_then_augment() {
        // A triangle 0-1-2 (a blossom) with a pendant 2-3: the best is
        // 0-1 + 2-3 even though 1-2 is heavier than either.
        let e = [(0, 1, 6u64), (1, 2, 10), (0, 2, 5), (2, 3, 6)];
        assert_eq!(
            max_weight_matching(4, &e, false),
            mates(&[Some(1), Some(0), Some(3), Some(2)])
        );
    }

    #[test]
    fn s_blossom_used_for_augmentation() {
        // Triangle 1-2-3 becomes an S-blossom; the augmenting path then
        // leaves it through 3-4 or enters through 0-1.
        let e = [(1, 2, 8u64), (1, 3, 9), (2, 3, 10), (3, 4, 7)];
        assert_eq!(
            max_weight_matching(5, &e, false),
            mates(&[None, Some(2), Some(1), Some(4), Some(3)])
        );
        let e = [
            (1, 2, 8u64),
            (1, 3, 9),
            (2, 3, 10),
            (3, 4, 7),
            (1, 6, 5),
            (4, 5, 6),
        ];
        assert_eq!(
            max_weight_matching(7, &e, false),
            mates(&[None, Some(6), Some(3), Some(2), Some(5), Some(4), Some(1)])
        );
    }

    #[test]
    fn nested_s_blossom_relabelled() {
        // Blossom 1-2-3 nested in a larger blossom with 4 and 5; relabelled
        // when the outer one is used.
        let e = [
            (1, 2, 9u64),
            (1, 3, 9),
            (2, 3, 10),
            (2, 4, 8),
            (3, 5, 8),
            (4, 5, 10),
            (5, 6, 6),
        ];
        assert_eq!(
            max_weight_matching(7, &e, false),
            mates(&[None, Some(3), Some(4), Some(1), Some(2), Some(6), Some(5)])
        );
    }

    #[test]
    fn t_blossom_expanded() {
        // A blossom 1-2-3-4-5 that becomes T and must be expanded to find
        // the optimum through the vertex it was entered by.
        let e = [
            (1, 2, 23u64),
            (1, 5, 22),
            (1, 6, 15),
            (2, 3, 25),
            (3, 4, 22),
            (4, 5, 25),
            (4, 8, 14),
            (5, 7, 13),
        ];
        check_u64(9, &e, false);
        check_u64(9, &e, true);
        let e = [
            (1, 2, 19u64),
            (1, 3, 20),
            (1, 8, 8),
            (2, 3, 25),
            (2, 4, 18),
            (3, 5, 18),
            (4, 5, 13),
            (4, 7, 7),
            (5, 6, 7),
        ];
        assert_eq!(
            max_weight_matching(9, &e, false),
            mates(&[
                None,
                Some(8),
                Some(3),
                Some(2),
                Some(7),
                Some(6),
                Some(5),
                Some(4),
                Some(1)
            ])
        );
    }

    #[test]
    fn nested_blossoms_expanded_at_stage_end() {
        // Nested blossoms whose duals fall to zero; one edge each way out.
        let e = [
            (1, 2, 45u64),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, 35),
            (5, 7, 26),
            (9, 10, 5),
        ];
        check_u64(11, &e, false);
        check_u64(11, &e, true);
        let e = [
            (1, 2, 40u64),
            (1, 3, 40),
            (2, 3, 60),
            (2, 4, 55),
            (3, 5, 55),
            (4, 5, 50),
            (1, 8, 15),
            (5, 7, 30),
            (7, 6, 10),
            (8, 10, 10),
            (4, 9, 30),
        ];
        check_u64(11, &e, false);
        check_u64(11, &e, true);
    }

    #[test]
    fn max_cardinality_on_a_star_and_a_square() {
        // A 4-cycle with one heavy diagonal: weight takes the diagonal,
        // cardinality two sides.
        let e = [(0, 1, 1u64), (1, 2, 1), (2, 3, 1), (3, 0, 1), (0, 2, 10)];
        check_u64(4, &e, false);
        check_u64(4, &e, true);
        assert_eq!(matching_cardinality(&max_weight_matching(4, &e, true)), 2);
        assert_eq!(matching_weight(&e, &max_weight_matching(4, &e, false)), 10);
    }

    #[test]
    fn dense_variant_agrees() {
        let weight = |u: usize, v: usize| {
            let edge = !(u * 7 + v * 13).is_multiple_of(5);
            edge.then_some(((u * 31 + v * 17) % 23) as u64)
        };
        let mut edges = Vec::new();
        for u in 0..9 {
            for v in u + 1..9 {
                if let Some(w) = weight(u, v) {
                    edges.push((u, v, w));
                }
            }
        }
        for maxc in [false, true] {
            let dense = max_weight_matching_dense(9, weight, maxc);
            assert_eq!(dense, max_weight_matching(9, &edges, maxc));
            check_u64(9, &edges, maxc);
        }
    }

    #[test]
    #[should_panic(expected = "too wide")]
    fn too_narrow_a_type_is_refused() {
        let _ = max_weight_matching(4, &[(0, 1, u64::MAX / 2)], false);
    }

    #[test]
    #[should_panic(expected = "loop")]
    fn a_loop_is_refused() {
        let _ = max_weight_matching(2, &[(1, 1, 3u64)], false);
    }

    #[test]
    fn bits_available() {
        assert_eq!(weight_bits_available::<u64>(1000, false), 64 - 12);
        assert_eq!(weight_bits_available::<Wide<8>>(1000, true), 512 - 12 - 11);
    }

    #[test]
    fn weights_of_the_available_width_are_accepted() {
        // 1,000 vertices on a path and a few chords, every weight as wide as
        // weight_bits_available allows, in Wide<2>: no overflow anywhere.
        for maxc in [false, true] {
            let bits = weight_bits_available::<Wide<2>>(1000, maxc);
            let top = (Wide::<2>::ONE << bits) - Wide::ONE;
            let mut edges: Vec<(usize, usize, Wide<2>)> = (0..999)
                .map(|v| (v, v + 1, top - Wide::from_u64(v as u64 % 3)))
                .collect();
            edges.extend((0..990).step_by(7).map(|v| (v, v + 9, top)));
            let mate = max_weight_matching(1000, &edges, maxc);
            assert_eq!(matching_cardinality(&mate), 500);
        }
    }

    /// A random graph on up to 10 vertices: sparse or dense, with many
    /// ties and zeros when `spread` is small, parallel edges allowed.
    fn graph(max_weight: u64) -> impl Strategy<Value = (usize, Vec<(usize, usize, u64)>)> {
        (1usize..=10, 0u32..=100).prop_flat_map(move |(n, density)| {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .collect();
            let count = pairs.len();
            (
                Just(n),
                proptest::collection::vec((0..100u32, 0..=max_weight, any::<bool>()), count),
                Just(pairs),
                Just(density),
                proptest::collection::vec((0..n.max(1), 0..n.max(1), 0..=max_weight), 0..3),
            )
                .prop_map(|(n, draws, pairs, density, extra)| {
                    let mut edges: Vec<(usize, usize, u64)> = pairs
                        .into_iter()
                        .zip(draws)
                        .filter(|(_, (d, _, _))| *d < density)
                        .map(|((u, v), (_, w, flip))| if flip { (v, u, w) } else { (u, v, w) })
                        .collect();
                    edges.extend(extra.into_iter().filter(|(u, v, _)| u != v));
                    (n, edges)
                })
        })
    }

    /// Runs the matcher and checks its final dual solution certifies the
    /// matching optimal (LP duality), so graphs too large for brute force
    /// are checked too: every edge's slack (with the duals of the blossoms
    /// holding both ends) is non-negative and zero on matched edges;
    /// unmatched vertices have dual zero; a blossom with positive dual is
    /// full (its every other edge is matched).
    fn certify<W: Weight>(n: usize, edges: &[(usize, usize, W)], max_cardinality: bool) {
        let mut m = Matcher::new(n, edges, cardinality_bonus(n, edges, max_cardinality));
        assert!(m.solve());
        let ancestors = |v: usize| {
            let mut chain = vec![v];
            while m.parent[*chain.last().unwrap()] != NONE {
                chain.push(m.parent[*chain.last().unwrap()]);
            }
            chain
        };
        for k in 0..edges.len() {
            let (i, j) = (m.endpoint[2 * k], m.endpoint[2 * k + 1]);
            let mut s = m.dual[i].plus(m.dual[j]);
            let (ci, cj) = (ancestors(i), ancestors(j));
            for (bi, bj) in ci.iter().rev().zip(cj.iter().rev()) {
                if bi != bj {
                    break;
                }
                s = s.plus(m.dual[*bi].double());
            }
            assert!(s >= m.weight2[k], "edge {k} has negative slack");
            let matched_i = m.mate[i] != NONE && m.mate[i] / 2 == k;
            let matched_j = m.mate[j] != NONE && m.mate[j] / 2 == k;
            assert_eq!(matched_i, matched_j);
            if matched_i {
                assert_eq!(s, m.weight2[k], "matched edge {k} is not tight");
            }
        }
        for v in 0..n {
            assert!(
                m.mate[v] != NONE || m.dual[v].is_zero(),
                "free vertex {v} with a dual"
            );
        }
        for b in n..2 * n {
            if m.base[b] != NONE && !m.dual[b].is_zero() {
                assert_eq!(m.endps[b].len() % 2, 1);
                for &p in m.endps[b].iter().skip(1).step_by(2) {
                    assert_eq!(m.mate[m.endpoint[p]], p ^ 1, "blossom {b} not full");
                    assert_eq!(m.mate[m.endpoint[p ^ 1]], p);
                }
            }
        }
    }

    /// A random graph on up to 120 vertices with `edges` random edges.
    fn big_graph() -> impl Strategy<Value = (usize, Vec<(usize, usize, u64)>)> {
        (2usize..=120, 0u64..=3).prop_flat_map(|(n, spread)| {
            let max_w = [1u64, 5, 100, 1 << 30][spread as usize];
            (
                Just(n),
                proptest::collection::vec((0..n, 0..n, 0..=max_w), 0..=n * 6),
            )
                .prop_map(|(n, e)| (n, e.into_iter().filter(|(u, v, _)| u != v).collect()))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        #[test]
        fn agrees_with_brute_force_small_weights((n, edges) in graph(4)) {
            check_u64(n, &edges, false);
            check_u64(n, &edges, true);
        }

        #[test]
        fn agrees_with_brute_force_spread_weights((n, edges) in graph(1000)) {
            check_u64(n, &edges, false);
            check_u64(n, &edges, true);
        }

        #[test]
        fn wide_weights_near_2_pow_100((n, edges) in graph(1000), base in (1u128 << 99)..(1u128 << 100)) {
            // Weights near 2^100 that differ only in the low bits, as the
            // Dutch criteria do: the high fields tie, the low ones decide.
            let big: Vec<(usize, usize, u128)> = edges.iter().map(|&(u, v, w)| (u, v, base + w as u128 * 1_000_003)).collect();
            let wide: Vec<(usize, usize, Wide<2>)> = big.iter().map(|&(u, v, w)| (u, v, Wide::from_u128(w))).collect();
            for maxc in [false, true] {
                let expected = brute_force(n, &big, maxc);
                let mate = max_weight_matching(n, &wide, maxc);
                let (card, weight) = measure(n, &wide, &mate);
                prop_assert_eq!(weight.to_u128(), Some(expected.1));
                if maxc {
                    prop_assert_eq!(card, expected.0);
                }
                // The same graph with u128 weights gives the same weight.
                let mate128 = max_weight_matching(n, &big, maxc);
                prop_assert_eq!(measure(n, &big, &mate128).1, expected.1);
            }
        }

        #[test]
        fn brute_force_graphs_are_certified((n, edges) in graph(6)) {
            certify(n, &edges, false);
            certify(n, &edges, true);
        }

        /// Every edge of some maximum-weight matching is reported tight
        /// (what the Dutch system relies on to rule edges out), and so is
        /// every edge of the matching returned.
        #[test]
        fn edges_of_optimal_matchings_are_tight((n, edges) in graph(6)) {
            let wide: Vec<(usize, usize, u128)> =
                edges.iter().map(|&(u, v, w)| (u, v, u128::from(w))).collect();
            let (mate, tight) = max_weight_matching_tight(n, &edges, false);
            let best = brute_force(n, &wide, false).1;
            for (k, &(u, v, w)) in wide.iter().enumerate() {
                let rest: Vec<(usize, usize, u128)> = wide
                    .iter()
                    .copied()
                    .filter(|&(a, b, _)| a != u && a != v && b != u && b != v)
                    .collect();
                let with_it = w + brute_force(n, &rest, false).1;
                // Among parallel edges only the heaviest can be chosen.
                let heaviest = wide
                    .iter()
                    .filter(|&&(a, b, _)| (a, b) == (u, v) || (a, b) == (v, u))
                    .all(|&(_, _, x)| x <= w);
                if with_it == best && heaviest {
                    prop_assert!(tight[k], "edge {k} ({u}, {v}) is in an optimum but not tight");
                }
                if mate[u] == Some(v) && heaviest {
                    prop_assert!(tight[k], "matched edge {k} ({u}, {v}) not tight");
                }
            }
        }
    }

    /// A matching guessed from `pairs` (those that are pairs of distinct
    /// free vertices of `0..n`; not necessarily edges).
    fn guessed_mate(n: usize, pairs: &[(usize, usize)]) -> Vec<Option<usize>> {
        let mut mate = vec![None; n];
        for &(a, b) in pairs {
            if a < n && b < n && a != b && mate[a].is_none() && mate[b].is_none() {
                mate[a] = Some(b);
                mate[b] = Some(a);
            }
        }
        mate
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        /// A warm start from any guess (a matching whose pairs need not be
        /// edges, duals that need not be feasible) finds a maximum-weight
        /// matching, reports its edges tight and returns feasible duals;
        /// started again from its own answer it finds one too.
        #[test]
        fn warm_starts_from_any_guess_find_an_optimum(
            (n, edges) in graph(1000),
            pairs in proptest::collection::vec((0usize..10, 0usize..10), 0..6),
            duals in proptest::collection::vec(0u64..3000, 10),
        ) {
            let wide: Vec<(usize, usize, u128)> =
                edges.iter().map(|&(u, v, w)| (u, v, u128::from(w))).collect();
            let best = brute_force(n, &wide, false).1;
            let mate = guessed_mate(n, &pairs);
            let start = warm::Start { mate: &mate, dual: &duals[..n] };
            let out = warm::max_weight_matching_from(n, &edges, Some(start));
            prop_assert_eq!(u128::from(measure(n, &edges, &out.mate).1), best);
            for (k, &(u, v, w)) in edges.iter().enumerate() {
                prop_assert!(out.dual[u] + out.dual[v] >= 2 * w, "edge {} infeasible", k);
                let heaviest = edges
                    .iter()
                    .filter(|&&(a, b, _)| (a, b) == (u, v) || (a, b) == (v, u))
                    .all(|&(_, _, x)| x <= w);
                if out.mate[u] == Some(v) && heaviest {
                    prop_assert!(out.tight[k], "matched edge {} not tight", k);
                }
            }
            let start = warm::Start { mate: &out.mate, dual: &out.dual };
            let again = warm::max_weight_matching_from(n, &edges, Some(start));
            prop_assert_eq!(u128::from(measure(n, &edges, &again.mate).1), best);
        }

        /// Without a guess it is the cold matcher: the same matching.
        #[test]
        fn without_a_guess_it_is_the_cold_matcher((n, edges) in graph(1000)) {
            let out = warm::max_weight_matching_from::<u64>(n, &edges, None);
            prop_assert!(!out.warm);
            prop_assert_eq!(out.mate, max_weight_matching(n, &edges, false));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// On larger graphs, a warm start from a perturbed optimum (the
        /// cold run's matching, a few pairs undone, duals shifted) weighs
        /// what the cold run weighs.
        #[test]
        fn warm_starts_on_larger_graphs_weigh_what_cold_runs_do(
            (n, edges) in big_graph(),
            undo in proptest::collection::vec(0usize..120, 0..8),
            shift in proptest::collection::vec(0u64..4, 120),
        ) {
            let cold = warm::max_weight_matching_from::<u64>(n, &edges, None);
            let mut mate = cold.mate.clone();
            for &v in &undo {
                if let Some(u) = mate.get(v).copied().flatten() {
                    mate[u] = None;
                    mate[v] = None;
                }
            }
            let dual: Vec<u64> = (0..n).map(|v| cold.dual[v].saturating_sub(shift[v])).collect();
            let start = warm::Start { mate: &mate, dual: &dual };
            let out = warm::max_weight_matching_from(n, &edges, Some(start));
            prop_assert_eq!(measure(n, &edges, &out.mate).1, measure(n, &edges, &cold.mate).1);
        }

        #[test]
        fn larger_graphs_are_certified_optimal((n, edges) in big_graph()) {
            certify(n, &edges, false);
            certify(n, &edges, true);
            // Both modes agree on what a matching is and max cardinality
            // never has fewer pairs.
            let plain = max_weight_matching(n, &edges, false);
            let most = max_weight_matching(n, &edges, true);
            let (cp, wp) = measure(n, &edges, &plain);
            let (cm, wm) = measure(n, &edges, &most);
            prop_assert!(cm >= cp);
            prop_assert!(wm <= wp);
        }
    }
}
