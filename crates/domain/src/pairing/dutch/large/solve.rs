//! The bracket's quality solve on a few boards of each player, proven
//! optimal over every board by LP duality (the method of `uscf::sparse`):
//! the matcher sees each player's [`KEEP`] heaviest boards and the bye's
//! boards; then every board is weighed on the fly, checked against the
//! matcher's final duals ([`Certified::covers`]) and dropped; the boards
//! the duals do not cover are added and the graph solved again, warm,
//! until none is left (at most [`TRIES`] solves).

use super::Problem;
use crate::domain::pairing::dutch::weights::Value;
use crate::domain::pairing::matching::blossom::certify::{
    max_weight_matching_certified, Certified,
};
use crate::domain::pairing::matching::blossom::warm::{mutual_best, Start};
use crate::domain::pairing::matching::Wide;
use std::cmp::Ordering;

/// Boards kept of each player, and added of each player per try.
pub const KEEP: usize = 6;

/// Solves before giving up on the proof.
pub const TRIES: usize = 16;

/// A proven optimal solve: the mate of each vertex of the subset solved
/// (local indices into it), and the matching's total packed weight.
pub struct Optimum<const L: usize> {
    pub mate: Vec<Option<usize>>,
    pub total: Wide<L>,
}

/// The packing of a problem's fields: every field the same width, room
/// for the largest value any field can take summed over every pair.
pub struct Packing {
    pub width: u32,
    pub fields: usize,
}

impl Packing {
    /// The weight of a board: each field at its place, the first highest.
    pub fn pack<const L: usize>(&self, values: &[Value]) -> Wide<L> {
        let mut limbs = [0u64; L];
        for (k, v) in values.iter().enumerate() {
            let x = match *v {
                Value::Num(x) => x,
                Value::Ones(..) => unreachable!("the quality fields are numbers"),
            };
            if x == 0 {
                continue;
            }
            let at = (self.fields - 1 - k) as u32 * self.width;
            let (i, shift) = ((at / 64) as usize, at % 64);
            limbs[i] |= x << shift;
            if shift > 0 && x >> (64 - shift) != 0 {
                limbs[i + 1] |= x >> (64 - shift);
            }
        }
        Wide(limbs)
    }
}

/// The maximum-weight matching of the problem's boards between the
/// vertices `subset` (indices into `problem.verts`), proven over every
/// board between them; `None` when the proof does not close.
pub fn optimum<const L: usize>(
    problem: &Problem,
    packing: &Packing,
    subset: &[usize],
) -> Option<Optimum<L>> {
    let cache = std::cell::RefCell::new(Vec::new());
    let weigh = |a: usize, b: usize| -> Option<Wide<L>> {
        problem.weigh(packing, &cache, subset[a], subset[b])
    };
    let solved = proven(subset.len(), &weigh)?;
    let mut total = Wide::<L>::ZERO;
    for (a, &b) in solved.solution.mate.iter().enumerate() {
        if let Some(b) = b.filter(|&b| a < b) {
            total += weigh(a, b)?;
        }
    }
    Some(Optimum {
        mate: solved.solution.mate,
        total,
    })
}

/// A board of a solve: its two vertices and its weight.
pub type Board<const L: usize> = (usize, usize, Wide<L>);

/// Every board of a solve once, as `(a, b, w)` with `a < b`: a caller's
/// enumeration of its graph's boards (all pairs of vertices weighed on
/// the fly, or a list held), each weighed and handed to the visitor.
pub type Boards<'a, const L: usize> = dyn Fn(&mut dyn FnMut(usize, usize, Wide<L>)) + 'a;

/// Every pair of `m` vertices weighed by `weigh` (`None`: the two may not
/// meet), as [`Boards`].
pub fn all_pairs<const L: usize>(
    m: usize,
    weigh: &impl Fn(usize, usize) -> Option<Wide<L>>,
) -> impl Fn(&mut dyn FnMut(usize, usize, Wide<L>)) + '_ {
    move |f: &mut dyn FnMut(usize, usize, Wide<L>)| {
        for a in 0..m {
            for b in a + 1..m {
                if let Some(w) = weigh(a, b) {
                    f(a, b, w);
                }
            }
        }
    }
}

/// The maximum-weight matching of the boards between `m` vertices
/// (`weigh`: a board's weight, `None` where the two may not meet), solved
/// on each vertex's [`KEEP`] heaviest boards and proven over every board,
/// with its final duals; `None` when the proof does not close in
/// [`TRIES`] solves.
pub fn proven<const L: usize>(
    m: usize,
    weigh: &impl Fn(usize, usize) -> Option<Wide<L>>,
) -> Option<Certified<Wide<L>>> {
    prove(m, &all_pairs(m, weigh), None, false).map(|p| p.solved)
}

/// Where a proven solve starts instead of each vertex's heaviest boards:
/// a graph (the last solve's, weighed anew) and a guess of the matching
/// and doubled duals (the last solve's, fitted to the new weights). Any
/// guess gives the same optimum (`matching::blossom::warm`); a good one
/// saves passes over the boards and stages of the matcher.
pub struct Seed<const L: usize> {
    pub edges: Vec<Board<L>>,
    pub mate: Vec<Option<usize>>,
    pub dual: Vec<Wide<L>>,
}

/// A proven solve, with the graph it was made on and, when asked for,
/// the partners each vertex has by a tight board (in increasing order):
/// the only boards any maximum-weight matching can hold.
pub struct Proof<const L: usize> {
    pub solved: Certified<Wide<L>>,
    pub edges: Vec<Board<L>>,
    pub tight: Vec<Vec<usize>>,
}

/// The maximum-weight matching of the `boards` between `m` vertices,
/// started from `seed` or from each vertex's [`KEEP`] heaviest boards,
/// and proven over every board; with the tight partners when `tight`
/// asks (found in the pass that proves the solve, so no pass more).
/// `None` when the proof does not close in [`TRIES`] solves.
pub fn prove<const L: usize>(
    m: usize,
    boards: &Boards<'_, L>,
    seed: Option<Seed<L>>,
    tight: bool,
) -> Option<Proof<L>> {
    let (mut edges, mate, dual) = match seed {
        Some(seed) => (seed.edges, seed.mate, seed.dual),
        None => {
            let mut best = Best::new(m);
            boards(&mut |a, b, w| {
                best.offer(a, b, w);
                best.offer(b, a, w);
            });
            let edges = best.edges();
            let (mate, dual) = mutual_best(m, &edges);
            (edges, mate, dual)
        }
    };
    let start = Start {
        mate: &mate,
        dual: &dual,
    };
    let mut solved = max_weight_matching_certified(m, &edges, Some(start));
    for _ in 0..TRIES {
        let (missing, partners) = uncovered(m, boards, &solved, tight);
        if missing.is_empty() {
            return Some(Proof {
                solved,
                edges,
                tight: partners,
            });
        }
        edges.extend(missing);
        let start = Start {
            mate: &solved.solution.mate,
            dual: &solved.solution.dual,
        };
        solved = max_weight_matching_certified(m, &edges, Some(start));
    }
    None
}

/// The boards `solved`'s duals do not cover (each vertex's [`KEEP`]
/// heaviest of them), and, with `tight` and only while every board is
/// covered, each vertex's tight partners in increasing order (the lists
/// are left empty once a board is found uncovered: that solve is not the
/// last).
fn uncovered<const L: usize>(
    m: usize,
    boards: &Boards<'_, L>,
    solved: &Certified<Wide<L>>,
    tight: bool,
) -> (Vec<Board<L>>, Vec<Vec<usize>>) {
    let mut best = Best::new(m);
    let mut partners = vec![Vec::new(); if tight { m } else { 0 }];
    let mut all_covered = true;
    boards(&mut |a, b, w| match solved.cover(a, b, w) {
        Ordering::Less => {
            if all_covered && tight {
                partners.iter_mut().for_each(Vec::clear);
            }
            all_covered = false;
            best.offer(a, b, w);
            best.offer(b, a, w);
        }
        Ordering::Equal if all_covered && tight => {
            partners[a].push(b);
            partners[b].push(a);
        }
        _ => {}
    });
    for list in &mut partners {
        list.sort_unstable();
    }
    (best.edges(), partners)
}

/// Each vertex's [`KEEP`] heaviest boards. Boards of the same weight are
/// told apart by a hash of their ends, not by the order they come in: the
/// boards kept among many equal ones (round 1: all of them) are then
/// spread like a random graph's, which has a perfect matching, where the
/// first ones offered would join everybody to the same few players.
struct Best<const L: usize> {
    lists: Vec<Vec<((Wide<L>, u64), usize)>>,
}

/// A fixed scramble of the board `a`-`b` (splitmix64), to break ties.
fn scramble(a: usize, b: usize) -> u64 {
    let mut z = ((a.min(b) as u64) << 32 | a.max(b) as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<const L: usize> Best<L> {
    fn new(vertices: usize) -> Self {
        Best {
            lists: vec![Vec::new(); vertices],
        }
    }

    fn offer(&mut self, v: usize, other: usize, w: Wide<L>) {
        let w = (w, scramble(v, other));
        let list = &mut self.lists[v];
        if list.len() < KEEP {
            list.push((w, other));
            return;
        }
        let lightest = (0..list.len()).min_by_key(|&k| list[k].0);
        if let Some(k) = lightest.filter(|&k| w > list[k].0) {
            list[k] = (w, other);
        }
    }

    /// The boards kept, each once, lower vertex first.
    fn edges(&self) -> Vec<Board<L>> {
        let mut out: Vec<Board<L>> = self
            .lists
            .iter()
            .enumerate()
            .flat_map(|(v, list)| list.iter().map(move |&((w, _), o)| (v.min(o), v.max(o), w)))
            .collect();
        out.sort_unstable_by_key(|&(u, v, _)| (u, v));
        out.dedup_by_key(|&mut (u, v, _)| (u, v));
        out
    }
}
