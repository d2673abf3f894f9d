//! The near solve ([`super::near`]) without holding the near boards, for
//! rounds too large to weigh every board (issue 30 item 9: a 9,999-player
//! round, the most a TRF file numbers, has 50 million possible boards; at
//! about 550 bytes each the whole graph would take 27 GB).
//!
//! The matcher sees only a few boards of each player: the `keep`
//! heaviest (in the near weights) to each of their own score group, the
//! group above and the group below, and the bye's boards. Its answer is
//! then checked against *every* near board, each weighed on the fly and
//! dropped: by LP duality ([`certify`](crate::domain::pairing::matching::blossom::certify)),
//! the matching is the best of all near boards when the matcher's final
//! duals cover each board left out. The boards they do not cover (the
//! heaviest few of each player) are added and the graph solved again,
//! warm, until none is left, at most [`TRIES`] times. The answer is thus
//! exactly the near solve's optimum (ties aside, which the matcher breaks
//! arbitrarily anyway), and the near solve's own proof
//! (`near::at_bound`) then makes it the whole graph's.
//!
//! What it needs: O(n · keep) memory for the boards kept (about 40 bytes
//! and a packed weight each), and the time of one pass over the near
//! boards per try plus the matcher on the kept boards. When the proof
//! does not close within [`TRIES`] solves, or the near solve's own proof
//! fails (a score group that cannot pair within itself and its
//! neighbours), it returns `None` and the caller pairs the whole graph if
//! it fits, else refuses the round.

use super::cost::Context;
use super::near::{self, num, Width};
use super::weigh::{pack, Fields, Weigher};
use crate::domain::pairing::matching::blossom::certify::{
    max_weight_matching_certified, Certified,
};
use crate::domain::pairing::matching::blossom::warm::{mutual_best, Start};
use crate::domain::pairing::matching::Wide;

/// From this many players the sparse path pairs the round: below it the
/// near boards are few enough to hold (a 1,000-player round takes about
/// 2 s that way).
pub const FROM: usize = 1_500;

/// Boards kept of each player to each neighbouring level, and added of
/// each player per try.
pub const KEEP: usize = 6;

/// Solves before giving up on the proof.
pub const TRIES: usize = 32;

/// The near solve's matching (mate of each vertex, the bye vertex last),
/// found on a few boards of each player and proven the best of all near
/// boards; `None` when that cannot be shown (see the module doc).
pub fn solve(ctx: &Context) -> Option<Vec<Option<usize>>> {
    solve_keeping(ctx, KEEP)
}

/// [`solve`] keeping `keep` boards of each player to each level.
pub(super) fn solve_keeping(ctx: &Context, keep: usize) -> Option<Vec<Option<usize>>> {
    let (level, levels) = near::player_levels(ctx);
    let weigher = Weigher::new(ctx, &level);
    let vertices = ctx.players.len() + usize::from(ctx.bye);
    let byes = near::bye_edges(ctx, &level, levels);
    let mut tally = Tally::default();
    let mut best: Best<Fields> = Best::new(vertices, keep);
    for_each_near(&weigher, &level, |i, j, fields| {
        tally.add(&fields[..weigher.len()], false);
        best.offer(i, slot(&level, i, j), j, fields);
        best.offer(j, slot(&level, j, i), i, fields);
    });
    let byes: Vec<(usize, usize, Vec<u64>)> = byes
        .into_iter()
        .map(|e| (e.u, e.v, e.values.iter().map(|v| num(*v)).collect()))
        .collect();
    for e in &byes {
        tally.add(&e.2, true);
    }
    let widths = tally.widths(vertices);
    let headroom = usize::BITS - vertices.leading_zeros() + 4;
    let bits: u32 = widths.iter().map(|w| w.bits).sum::<u32>() + headroom;
    let graph = Graph {
        weigher: &weigher,
        level: &level,
        widths: &widths,
        keep,
        vertices,
    };
    let kept: Vec<(usize, usize, Vec<u64>)> = best
        .pairs()
        .into_iter()
        .map(|(i, j)| (i, j, weigher.fields(i, j)[..weigher.len()].to_vec()))
        .chain(byes)
        .collect();
    let mate = match bits {
        0..=128 => graph.run::<2>(&kept)?,
        129..=256 => graph.run::<4>(&kept)?,
        257..=512 => graph.run::<8>(&kept)?,
        _ => return None,
    };
    let mut vertex_level = level;
    if ctx.bye {
        vertex_level.push(levels - 1);
    }
    near::at_bound(&mate, &vertex_level, levels).then_some(mate)
}

/// Calls `f(i, j, fields)` for every near board `i < j` that may be
/// played (players at most one level apart), weighed as
/// [`near::pair_values`] weighs it.
fn for_each_near(weigher: &Weigher, level: &[usize], mut f: impl FnMut(usize, usize, &Fields)) {
    let n = level.len();
    for i in 0..n {
        for j in i + 1..n {
            if level[i].abs_diff(level[j]) <= 1 && weigher.allowed(i, j) {
                f(i, j, &weigher.fields(i, j));
            }
        }
    }
}

/// Which of `i`'s lists a board to `j` goes in: the level above, the
/// same, the level below.
fn slot(level: &[usize], i: usize, j: usize) -> usize {
    level[j] + 1 - level[i]
}

/// The graph being solved and how to weigh a near board.
struct Graph<'a, 'w, 'c> {
    weigher: &'a Weigher<'w, 'c>,
    level: &'a [usize],
    widths: &'a [Width],
    keep: usize,
    vertices: usize,
}

impl Graph<'_, '_, '_> {
    /// Solves the kept boards, adds the near boards the duals do not cover
    /// and solves again (warm) until all are covered; `None` after
    /// [`TRIES`] solves.
    fn run<const L: usize>(&self, kept: &[(usize, usize, Vec<u64>)]) -> Option<Vec<Option<usize>>> {
        let mut edges: Vec<(usize, usize, Wide<L>)> = kept
            .iter()
            .map(|(i, j, values)| (*i, *j, pack::<L>(values, self.widths)))
            .collect();
        let (mate, dual) = first_start(self.vertices, &edges);
        let start = Start {
            mate: &mate,
            dual: &dual,
        };
        let mut solved = max_weight_matching_certified(self.vertices, &edges, Some(start));
        for _ in 0..TRIES {
            let missing = self.uncovered(&solved);
            if missing.is_empty() {
                return Some(solved.solution.mate);
            }
            edges.extend(missing);
            let (mate, dual) = again(&solved.solution.mate, &solved.solution.dual, &edges);
            let start = Start {
                mate: &mate,
                dual: &dual,
            };
            let next = max_weight_matching_certified(self.vertices, &edges, Some(start));
            solved = next;
        }
        None
    }

    /// The near boards `solved`'s duals do not cover: each player's
    /// `keep` heaviest to each level.
    fn uncovered<const L: usize>(
        &self,
        solved: &Certified<Wide<L>>,
    ) -> Vec<(usize, usize, Wide<L>)> {
        let mut best: Best<Wide<L>> = Best::new(self.vertices, self.keep);
        let len = self.weigher.len();
        for_each_near(self.weigher, self.level, |i, j, fields| {
            let w = pack::<L>(&fields[..len], self.widths);
            if !solved.covers(i, j, w) {
                best.offer(i, slot(self.level, i, j), j, &w);
                best.offer(j, slot(self.level, j, i), i, &w);
            }
        });
        best.pairs()
            .into_iter()
            .map(|(i, j)| {
                (
                    i,
                    j,
                    pack::<L>(&self.weigher.fields(i, j)[..len], self.widths),
                )
            })
            .collect()
    }
}

/// Where the first solve starts: [`mutual_best`] (every near board is
/// covered from the start, since the kept boards hold each player's
/// heaviest), then each free player's dual lowered to its tightest board
/// ([`lower_free`]).
fn first_start<const L: usize>(
    vertices: usize,
    edges: &[(usize, usize, Wide<L>)],
) -> (Vec<Option<usize>>, Vec<Wide<L>>) {
    let (mut mate, mut dual) = mutual_best(vertices, edges);
    lower_free(&mut mate, &mut dual, edges);
    (mate, dual)
}

/// Where a solve after boards were added starts: the last solve's
/// matching and duals (its blossoms' duals shared out to their vertices),
/// one end of each added board it does not cover raised (a free end or
/// one raised already where there is one, so as few pairs as possible are
/// lost), the pairs no longer tight dropped, as the matcher's
/// own warm start would; then [`lower_free`], since the shared-out duals
/// leave many pairs of the last solve's blossoms without a tight board.
fn again<const L: usize>(
    last_mate: &[Option<usize>],
    last_dual: &[Wide<L>],
    edges: &[(usize, usize, Wide<L>)],
) -> (Vec<Option<usize>>, Vec<Wide<L>>) {
    let mut dual = last_dual.to_vec();
    // Raised already (its pair is lost anyway) or free: raised first.
    let mut loose: Vec<bool> = last_mate.iter().map(Option::is_none).collect();
    for &(u, v, w) in edges {
        let w2 = w.double();
        let sum = dual[u] + dual[v];
        if sum < w2 {
            let x = if loose[u] || !loose[v] { u } else { v };
            dual[x] += w2 - sum;
            loose[x] = true;
        }
    }
    let mut mate = vec![None; dual.len()];
    for &(u, v, w) in edges {
        if last_mate[u] == Some(v) && mate[u].is_none() && dual[u] + dual[v] == w.double() {
            mate[u] = Some(v);
            mate[v] = Some(u);
        }
    }
    lower_free(&mut mate, &mut dual, edges);
    (mate, dual)
}

/// Sweeps of [`lower_free`].
const SWEEPS: usize = 4;

/// Lowers each free vertex's dual as far as its boards allow (to its
/// tightest board: `2w - dual` of the other end, the most of them), and
/// matches two free vertices whose board is then tight. Every board stays
/// covered and every match tight, so this is still a start the matcher
/// may take; it does by plain sweeps what the matcher would do with a
/// tree per free vertex, each of which costs a pass over the graph.
fn lower_free<const L: usize>(
    mate: &mut [Option<usize>],
    dual: &mut [Wide<L>],
    edges: &[(usize, usize, Wide<L>)],
) {
    let mut start = vec![0usize; dual.len() + 1];
    for &(u, v, _) in edges {
        start[u + 1] += 1;
        start[v + 1] += 1;
    }
    for v in 0..dual.len() {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut adjacent = vec![(0usize, Wide::<L>::ZERO); 2 * edges.len()];
    for &(u, v, w) in edges {
        let w2 = w.double();
        adjacent[fill[u]] = (v, w2);
        fill[u] += 1;
        adjacent[fill[v]] = (u, w2);
        fill[v] += 1;
    }
    for _ in 0..SWEEPS {
        let mut changed = false;
        for v in 0..dual.len() {
            if mate[v].is_some() {
                continue;
            }
            let boards = &adjacent[start[v]..start[v + 1]];
            let least = boards
                .iter()
                .map(|&(x, w2)| {
                    if dual[x] >= w2 {
                        Wide::ZERO
                    } else {
                        w2 - dual[x]
                    }
                })
                .max()
                .unwrap_or(Wide::ZERO);
            if least < dual[v] {
                dual[v] = least;
                changed = true;
            }
            let tight = boards
                .iter()
                .find(|&&(x, w2)| mate[x].is_none() && x != v && dual[v] + dual[x] == w2);
            if let Some(&(x, _)) = tight {
                mate[v] = Some(x);
                mate[x] = Some(v);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// Each player's heaviest boards to each level, `keep` of them.
struct Best<K> {
    keep: usize,
    /// Three lists a vertex (level above, same, below): (weight, other).
    lists: Vec<Vec<(K, usize)>>,
    /// Where the lightest board of each full list is.
    lightest: Vec<usize>,
}

impl<K: Ord + Clone> Best<K> {
    fn new(vertices: usize, keep: usize) -> Self {
        Best {
            keep,
            lists: vec![Vec::new(); 3 * vertices],
            lightest: vec![0; 3 * vertices],
        }
    }

    /// Keeps board `v`-`other` of weight `key` in `v`'s list `slot` if it
    /// is among the heaviest so far.
    fn offer(&mut self, v: usize, slot: usize, other: usize, key: &K) {
        let at = 3 * v + slot;
        let list = &mut self.lists[at];
        if list.len() < self.keep {
            list.push((key.clone(), other));
        } else if *key > list[self.lightest[at]].0 {
            list[self.lightest[at]] = (key.clone(), other);
        } else {
            return;
        }
        if list.len() == self.keep {
            self.lightest[at] = (0..list.len())
                .min_by(|&a, &b| list[a].0.cmp(&list[b].0))
                .unwrap_or(0);
        }
    }

    /// The boards kept, each once, lower vertex first.
    fn pairs(&self) -> Vec<(usize, usize)> {
        let mut pairs: Vec<(usize, usize)> = self
            .lists
            .iter()
            .enumerate()
            .flat_map(|(k, list)| list.iter().map(move |&(_, o)| (k / 3, o)))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }
}

/// The least and largest value of each field over the near boards, and
/// over those that are not the bye's: what [`near`]'s packing needs,
/// gathered one board at a time.
#[derive(Default)]
struct Tally {
    least: Vec<u64>,
    most: Vec<u64>,
    /// (least, largest) over the boards between two players.
    pairs: Vec<Option<(u64, u64)>>,
}

impl Tally {
    fn add(&mut self, values: &[u64], bye: bool) {
        if self.least.is_empty() {
            self.least = vec![u64::MAX; values.len()];
            self.most = vec![0; values.len()];
            self.pairs = vec![None; values.len()];
        }
        for (f, &x) in values.iter().enumerate() {
            self.least[f] = self.least[f].min(x);
            self.most[f] = self.most[f].max(x);
            if !bye {
                let (lo, hi) = self.pairs[f].unwrap_or((x, x));
                self.pairs[f] = Some((lo.min(x), hi.max(x)));
            }
        }
    }

    /// The packing of each field, as `near::widths` computes it from all
    /// the near boards at once.
    fn widths(&self, vertices: usize) -> Vec<Width> {
        let pairs = (vertices / 2) as u128;
        (0..self.least.len())
            .map(|f| {
                let least = if f == 0 { 0 } else { self.least[f] };
                let most = u128::from(self.most[f] - least);
                // Only the bye's boards share a vertex: one per matching.
                let on_bye_only = self.pairs[f].is_none_or(|p| p == (least, least));
                let count = if on_bye_only && f > 0 { 1 } else { pairs };
                let total = most * count;
                Width {
                    least,
                    bits: u128::BITS - total.leading_zeros(),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// The starts ([`first_start`], and [`again`] after boards were
        /// added) cover every board and match only on tight boards, so
        /// the matcher takes them as they are; and the solve from them
        /// weighs what a cold solve weighs.
        #[test]
        fn the_starts_cover_every_board_and_match_on_tight_ones(
            n in 2usize..16,
            raw in proptest::collection::vec((0usize..16, 0usize..16, 0u64..40, any::<bool>()), 0..80),
        ) {
            let edges: Vec<(usize, usize, Wide<2>)> = raw
                .iter()
                .filter(|e| e.0 < n && e.1 < n && e.0 != e.1)
                .map(|e| (e.0, e.1, Wide::from(e.2)))
                .collect();
            let first: Vec<_> = edges
                .iter()
                .zip(raw.iter().filter(|e| e.0 < n && e.1 < n && e.0 != e.1))
                .filter(|(_, r)| r.3)
                .map(|(e, _)| *e)
                .collect();
            let check = |mate: &[Option<usize>], dual: &[Wide<2>], edges: &[(usize, usize, Wide<2>)]| {
                for &(u, v, w) in edges {
                    assert!(dual[u] + dual[v] >= w.double(), "board {u}-{v} not covered");
                }
                for (v, m) in mate.iter().enumerate() {
                    if let Some(u) = *m {
                        assert_eq!(mate[u], Some(v));
                        let tight = edges.iter().any(|&(a, b, w)| {
                            (a, b) == (u.min(v), u.max(v)) || (b, a) == (u.min(v), u.max(v))
                        } && dual[u] + dual[v] == w.double());
                        assert!(tight, "pair {u}-{v} not tight");
                    }
                }
            };
            let (mate, dual) = first_start(n, &first);
            check(&mate, &dual, &first);
            let start = Start { mate: &mate, dual: &dual };
            let solved = max_weight_matching_certified(n, &first, Some(start));
            let (mate, dual) = again(&solved.solution.mate, &solved.solution.dual, &edges);
            check(&mate, &dual, &edges);
            let start = Start { mate: &mate, dual: &dual };
            let warm = max_weight_matching_certified(n, &edges, Some(start)).solution.mate;
            let cold = crate::domain::pairing::matching::max_weight_matching(n, &edges, false);
            let total = |mate: &[Option<usize>]| {
                let mut t = Wide::<2>::ZERO;
                for (v, m) in mate.iter().enumerate() {
                    if let Some(u) = *m {
                        if v < u {
                            t += edges
                                .iter()
                                .filter(|&&(a, b, _)| (a.min(b), a.max(b)) == (v, u))
                                .map(|e| e.2)
                                .max()
                                .unwrap_or(Wide::ZERO);
                        }
                    }
                }
                t
            };
            prop_assert_eq!(total(&warm), total(&cold));
        }
    }
}
