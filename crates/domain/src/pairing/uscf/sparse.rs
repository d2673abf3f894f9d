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
use super::near::{self, num, pack, Width};
use crate::domain::pairing::dutch::weights::Value;
use crate::domain::pairing::matching::blossom::certify::{
    max_weight_matching_certified, Certified,
};
use crate::domain::pairing::matching::blossom::warm::Start;
use crate::domain::pairing::matching::Wide;

/// From this many players the sparse path pairs the round: below it the
/// near boards are few enough to hold (a 1,000-player round takes about
/// 2 s that way).
pub const FROM: usize = 1_500;

/// Boards kept of each player to each neighbouring level, and added of
/// each player per try.
pub const KEEP: usize = 6;

/// Solves before giving up on the proof.
pub const TRIES: usize = 16;

/// The near solve's matching (mate of each vertex, the bye vertex last),
/// found on a few boards of each player and proven the best of all near
/// boards; `None` when that cannot be shown (see the module doc).
pub fn solve(ctx: &Context) -> Option<Vec<Option<usize>>> {
    solve_keeping(ctx, KEEP)
}

/// [`solve`] keeping `keep` boards of each player to each level.
pub(super) fn solve_keeping(ctx: &Context, keep: usize) -> Option<Vec<Option<usize>>> {
    let (level, levels) = near::player_levels(ctx);
    let vertices = ctx.players.len() + usize::from(ctx.bye);
    let byes = near::bye_edges(ctx, &level, levels);
    let mut tally = Tally::default();
    let mut best: Best<Vec<u64>> = Best::new(vertices, keep);
    for_each_near(ctx, &level, |i, j, values| {
        tally.add(&values, false);
        let key: Vec<u64> = values.iter().map(|v| num(*v)).collect();
        best.offer(i, slot(&level, i, j), j, &key);
        best.offer(j, slot(&level, j, i), i, &key);
    });
    for e in &byes {
        tally.add(&e.values, true);
    }
    let widths = tally.widths(vertices);
    let headroom = usize::BITS - vertices.leading_zeros() + 4;
    let bits: u32 = widths.iter().map(|w| w.bits).sum::<u32>() + headroom;
    let graph = Graph {
        ctx,
        level: &level,
        widths: &widths,
        keep,
        vertices,
        max_switch: ctx.max_switch(),
    };
    let kept: Vec<(usize, usize, Vec<Value>)> = best
        .pairs()
        .into_iter()
        .map(|(i, j)| {
            (
                i,
                j,
                near::pair_values(ctx, &level, graph.max_switch, (i, j)),
            )
        })
        .chain(byes.into_iter().map(|e| (e.u, e.v, e.values)))
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
fn for_each_near(ctx: &Context, level: &[usize], mut f: impl FnMut(usize, usize, Vec<Value>)) {
    let n = ctx.players.len();
    let max_switch = ctx.max_switch();
    for i in 0..n {
        for j in i + 1..n {
            if level[i].abs_diff(level[j]) <= 1 && ctx.allowed(i, j) {
                f(i, j, near::pair_values(ctx, level, max_switch, (i, j)));
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
struct Graph<'a, 'c> {
    ctx: &'a Context<'c>,
    level: &'a [usize],
    widths: &'a [Width],
    keep: usize,
    vertices: usize,
    /// [`Context::max_switch`], computed once.
    max_switch: u32,
}

impl Graph<'_, '_> {
    /// Solves the kept boards, adds the near boards the duals do not cover
    /// and solves again (warm) until all are covered; `None` after
    /// [`TRIES`] solves.
    fn run<const L: usize>(
        &self,
        kept: &[(usize, usize, Vec<Value>)],
    ) -> Option<Vec<Option<usize>>> {
        let mut edges: Vec<(usize, usize, Wide<L>)> = kept
            .iter()
            .map(|(i, j, values)| (*i, *j, pack::<L>(values, self.widths)))
            .collect();
        let (mate, dual) = mutual_best(self.vertices, &edges);
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
            let start = Start {
                mate: &solved.solution.mate,
                dual: &solved.solution.dual,
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
        for_each_near(self.ctx, self.level, |i, j, values| {
            let w = pack::<L>(&values, self.widths);
            if !solved.covers(i, j, w) {
                best.offer(i, slot(self.level, i, j), j, &w);
                best.offer(j, slot(self.level, j, i), i, &w);
            }
        });
        best.pairs()
            .into_iter()
            .map(|(i, j)| {
                let values = near::pair_values(self.ctx, self.level, self.max_switch, (i, j));
                (i, j, pack::<L>(&values, self.widths))
            })
            .collect()
    }
}

/// Where the first solve starts: each vertex's dual its heaviest board
/// (so every near board is covered from the start: the kept boards hold
/// each player's heaviest), and the boards that are both ends' heaviest
/// matched, tight under those duals. On a round where most players' best
/// board is their partner's too (round 1: the natural pairing), the
/// matcher has little left to do; a cold start would take O(n³) steps on
/// the weights' ties.
fn mutual_best<const L: usize>(
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

/// Each player's heaviest boards to each level, `keep` of them.
struct Best<K> {
    keep: usize,
    /// Three lists a vertex (level above, same, below): (weight, other).
    lists: Vec<Vec<(K, usize)>>,
}

impl<K: Ord + Clone> Best<K> {
    fn new(vertices: usize, keep: usize) -> Self {
        Best {
            keep,
            lists: vec![Vec::new(); 3 * vertices],
        }
    }

    /// Keeps board `v`-`other` of weight `key` in `v`'s list `slot` if it
    /// is among the heaviest so far.
    fn offer(&mut self, v: usize, slot: usize, other: usize, key: &K) {
        let list = &mut self.lists[3 * v + slot];
        if list.len() < self.keep {
            list.push((key.clone(), other));
            return;
        }
        let lightest = (0..list.len()).min_by(|&a, &b| list[a].0.cmp(&list[b].0));
        if let Some(k) = lightest.filter(|&k| *key > list[k].0) {
            list[k] = (key.clone(), other);
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
    fn add(&mut self, values: &[Value], bye: bool) {
        if self.least.is_empty() {
            self.least = vec![u64::MAX; values.len()];
            self.most = vec![0; values.len()];
            self.pairs = vec![None; values.len()];
        }
        for (f, v) in values.iter().enumerate() {
            let x = num(*v);
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
