//! Criteria packed into one edge weight: each criterion is a bit field,
//! the most important in the highest bits, wide enough that the sum over
//! any matching never carries into the field above. The matcher then finds
//! the pairing that is best on the first criterion, then on the second
//! among those, and so on (C.04.3 section 3: "a candidate is better if it
//! better satisfies a criterion of higher priority").
//!
//! The width of the whole weight depends on the bracket, so the solve picks
//! the smallest [`Wide`] that holds it.

use crate::domain::pairing::matching::blossom::warm::{max_weight_matching_from, Start};
use crate::domain::pairing::matching::{max_weight_matching_tight, Wide};

/// The value of one field on one edge.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A small number.
    Num(u64),
    /// The bits `lo..hi` set: `2^hi - 2^lo`; used for set comparisons
    /// where the highest (or lowest) differing member decides.
    Ones(u32, u32),
}

impl Value {
    pub(super) fn max_bits(self) -> u32 {
        match self {
            Value::Num(v) => 64 - v.leading_zeros(),
            Value::Ones(_, hi) => hi,
        }
    }
}

/// Fields in priority order, most important first.
#[derive(Clone, Debug, Default)]
pub struct Schema {
    /// Width of each field in bits.
    pub widths: Vec<u32>,
}

/// An edge of the graph to solve, with its field values.
#[derive(Clone, Debug)]
pub struct Edge {
    /// One end: a vertex index of the graph (`0..vertices` in [`solve`]).
    pub u: usize,
    /// The other end.
    pub v: usize,
    /// The edge's value in each field of the [`Schema`], most important
    /// first; every edge of a graph has one value per field.
    pub values: Vec<Value>,
}

/// Computes widths: room for `pairs` edges at the largest value seen.
pub fn schema(edges: &[Edge], fields: usize, pairs: usize) -> Schema {
    let mut max = vec![0u32; fields];
    for e in edges {
        for (f, v) in e.values.iter().enumerate() {
            max[f] = max[f].max(v.max_bits());
        }
    }
    schema_of_bits(&max, pairs)
}

/// [`schema`] from each field's largest value's bits, `max`.
pub fn schema_of_bits(max: &[u32], pairs: usize) -> Schema {
    let extra = usize::BITS - (pairs + 1).leading_zeros();
    Schema {
        widths: max
            .iter()
            .map(|&m| if m == 0 { 0 } else { m + extra })
            .collect(),
    }
}

/// Each field's lowest bit in the packed weight: the fields below it take
/// their widths.
pub(super) fn offsets(schema: &Schema) -> Vec<u32> {
    let mut out = vec![0u32; schema.widths.len()];
    let mut at = 0;
    for (o, &w) in out.iter_mut().zip(&schema.widths).rev() {
        *o = at;
        at += w;
    }
    out
}

/// The weight of an edge: each field's value at its offset. A value never
/// reaches past its field's width (the schema is made so), so placing the
/// bits is adding the fields, most important highest.
pub(super) fn pack<const L: usize>(values: &[Value], schema: &Schema, offsets: &[u32]) -> Wide<L> {
    let mut limbs = [0u64; L];
    for ((&v, &width), &at) in values.iter().zip(&schema.widths).zip(offsets) {
        pack_field(&mut limbs, v, width, at);
    }
    Wide(limbs)
}

/// Places one field's value `v` (of a field `width` bits wide, at bit
/// `at`) into `limbs`, where nothing is set there yet.
pub(super) fn pack_field<const L: usize>(limbs: &mut [u64; L], v: Value, width: u32, at: u32) {
    if width == 0 {
        return;
    }
    match v {
        Value::Num(x) => {
            debug_assert!(
                64 - x.leading_zeros() <= width,
                "a value wider than its field"
            );
            place(limbs, x, at);
        }
        Value::Ones(lo, hi) => {
            debug_assert!(hi <= width, "a value wider than its field");
            let mut b = lo;
            while b < hi {
                let take = (hi - b).min(64 - (at + b) % 64);
                let ones = if take == 64 {
                    u64::MAX
                } else {
                    (1u64 << take) - 1
                };
                place(limbs, ones, at + b);
                b += take;
            }
        }
    }
}

/// Sets the bits of `x` at bit `at` of `limbs` (where nothing is set yet).
fn place<const L: usize>(limbs: &mut [u64; L], x: u64, at: u32) {
    if x == 0 {
        return;
    }
    let (k, shift) = ((at / 64) as usize, at % 64);
    limbs[k] |= x << shift;
    if shift > 0 && x >> (64 - shift) != 0 {
        limbs[k + 1] |= x >> (64 - shift);
    }
}

fn run<const L: usize>(vertices: usize, edges: &[Edge], schema: &Schema) -> Solved {
    let at = offsets(schema);
    let packed: Vec<(usize, usize, Wide<L>)> = edges
        .iter()
        .map(|e| (e.u, e.v, pack::<L>(&e.values, schema, &at)))
        .collect();
    let (mate, tight) = max_weight_matching_tight(vertices, &packed, false);
    Solved {
        mate,
        tight,
        duals: None,
    }
}

/// A maximum-weight matching and which edges could be in one.
pub struct Solved {
    /// The mate of each vertex.
    pub mate: Vec<Option<usize>>,
    /// For each edge (in the order given), whether it is tight under the
    /// optimal duals: an edge that is not is in no maximum-weight matching
    /// (see [`max_weight_matching_tight`]).
    pub tight: Vec<bool>,
    /// The optimal duals, blossoms shared out to their vertices (a
    /// [`Guess`]'s), when the solve was asked for them.
    pub duals: Option<Duals>,
}

/// Doubled vertex duals of a solve, `limbs` 64-bit limbs each (least
/// significant first), vertex after vertex: what a later solve of weights
/// packed the same way can start from.
#[derive(Clone, Debug)]
pub struct Duals {
    /// Limbs per vertex.
    pub limbs: usize,
    /// The limbs, `limbs` for each vertex.
    pub values: Vec<u64>,
    /// Whether the solve itself was warm-started (for tracing).
    pub warm: bool,
}

/// Where a solve may start (see `matching::blossom::warm`): a matching and
/// duals for its vertices, from an earlier solve whose weights were packed
/// the same way above the fields that changed.
pub struct Guess {
    /// The guessed mate of each vertex.
    pub mate: Vec<Option<usize>>,
    /// The guessed duals of each vertex.
    pub duals: Duals,
}

/// The duals of `guess` as `Wide<L>`, when each fits.
pub(super) fn guessed_duals<const L: usize>(guess: &Guess) -> Option<Vec<Wide<L>>> {
    let k = guess.duals.limbs;
    guess
        .duals
        .values
        .chunks(k)
        .map(|limbs| {
            if limbs.iter().skip(L).any(|&x| x != 0) {
                return None;
            }
            let mut w = [0u64; L];
            for (to, from) in w.iter_mut().zip(limbs) {
                *to = *from;
            }
            Some(Wide(w))
        })
        .collect()
}

fn run_from<const L: usize>(
    vertices: usize,
    edges: &[Edge],
    schema: &Schema,
    guess: Option<&Guess>,
) -> Solved {
    let at = offsets(schema);
    let packed: Vec<(usize, usize, Wide<L>)> = edges
        .iter()
        .map(|e| (e.u, e.v, pack::<L>(&e.values, schema, &at)))
        .collect();
    let duals = guess.and_then(guessed_duals::<L>);
    let start = guess.zip(duals.as_ref()).map(|(g, d)| Start {
        mate: &g.mate,
        dual: d,
    });
    let out = max_weight_matching_from(vertices, &packed, start);
    Solved {
        mate: out.mate,
        tight: out.tight,
        duals: Some(Duals {
            limbs: L,
            values: out.dual.iter().flat_map(|w| w.0).collect(),
            warm: out.warm,
        }),
    }
}

/// [`solve_tight`], with the optimal duals, started from `guess` when
/// given (exact either way; see `matching::blossom::warm`).
pub fn solve_from(
    vertices: usize,
    edges: &[Edge],
    schema: &Schema,
    guess: Option<&Guess>,
) -> Solved {
    match limbs(vertices, schema) {
        2 => run_from::<2>(vertices, edges, schema, guess),
        3 => run_from::<3>(vertices, edges, schema, guess),
        4 => run_from::<4>(vertices, edges, schema, guess),
        5 => run_from::<5>(vertices, edges, schema, guess),
        6 => run_from::<6>(vertices, edges, schema, guess),
        7 => run_from::<7>(vertices, edges, schema, guess),
        8 => run_from::<8>(vertices, edges, schema, guess),
        10 => run_from::<10>(vertices, edges, schema, guess),
        12 => run_from::<12>(vertices, edges, schema, guess),
        16 => run_from::<16>(vertices, edges, schema, guess),
        32 => run_from::<32>(vertices, edges, schema, guess),
        64 => run_from::<64>(vertices, edges, schema, guess),
        _ => run_from::<128>(vertices, edges, schema, guess),
    }
}

/// How many 64-bit limbs the solve's weights take, with the matcher's
/// headroom of bits(n) + 2 bits above them: one limb at a time up to
/// eight, then fewer sizes. The ordering solves' weights take 430-520
/// bits on a 1,000-player round; rounding those up to a power of two
/// (`Wide<16>` for 516 bits) doubled the limbs every step of the matcher
/// reads (BENCHMARKS.md, "Rounds 2 and 3 of 1,000 players profiled").
/// The width changes no result: every type holds the same exact values.
pub(super) fn limbs(vertices: usize, schema: &Schema) -> usize {
    let headroom = usize::BITS - vertices.leading_zeros() + 2;
    let bits: u32 = schema.widths.iter().sum::<u32>() + headroom;
    match bits.div_ceil(64).max(2) {
        k @ 2..=8 => k as usize,
        9..=10 => 10,
        11..=12 => 12,
        13..=16 => 16,
        17..=32 => 32,
        33..=64 => 64,
        _ => 128,
    }
}

/// The maximum-weight matching, mate of each vertex.
pub fn solve(vertices: usize, edges: &[Edge], schema: &Schema) -> Vec<Option<usize>> {
    solve_tight(vertices, edges, schema).mate
}

/// [`solve`], with which edges are tight.
pub fn solve_tight(vertices: usize, edges: &[Edge], schema: &Schema) -> Solved {
    // The matcher needs bits(n) + 2 bits of headroom above the weights.
    match limbs(vertices, schema) {
        2 => run::<2>(vertices, edges, schema),
        3 => run::<3>(vertices, edges, schema),
        4 => run::<4>(vertices, edges, schema),
        5 => run::<5>(vertices, edges, schema),
        6 => run::<6>(vertices, edges, schema),
        7 => run::<7>(vertices, edges, schema),
        8 => run::<8>(vertices, edges, schema),
        10 => run::<10>(vertices, edges, schema),
        12 => run::<12>(vertices, edges, schema),
        16 => run::<16>(vertices, edges, schema),
        32 => run::<32>(vertices, edges, schema),
        64 => run::<64>(vertices, edges, schema),
        _ => run::<128>(vertices, edges, schema),
    }
}

/// Gives no room to the fields that every edge holds at the same value,
/// when the first field (C4) is one such, and not zero: every maximum
/// weight matching then has the most edges, so such a field adds the same
/// to all of them and tells none apart. Fewer bits make every step of the
/// matcher cheaper (C4, C5 and the score-difference fields are constant
/// in a bracket solved on its own).
pub fn drop_constant_fields(schema: &mut Schema, edges: &[Edge]) {
    let Some(first) = edges.first() else {
        return;
    };
    let same = |f: usize| edges.iter().all(|e| e.values[f] == first.values[f]);
    if first.values[0] == Value::Num(0) || !same(0) {
        return;
    }
    for f in 1..schema.widths.len() {
        if schema.widths[f] != 0 && same(f) {
            schema.widths[f] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packing as it was written first: shift the weight left by each
    /// field's width and add the field's value, most important first.
    fn pack_by_shifts(values: &[Value], schema: &Schema) -> Wide<4> {
        let mut w = Wide::<4>::ZERO;
        for (v, &width) in values.iter().zip(&schema.widths) {
            if width == 0 {
                continue;
            }
            w <<= width;
            w += match *v {
                Value::Num(n) => Wide::<4>::from(n),
                Value::Ones(lo, hi) => (Wide::<4>::ONE << hi) - (Wide::<4>::ONE << lo),
            };
        }
        w
    }

    /// The limbs follow the bits one at a time up to eight, and the
    /// matching does not depend on the width: a graph solved in five limbs
    /// (where the weights' 301 bits used to take eight) and in eight gives
    /// the same pairs, tight edges and duals.
    #[test]
    fn the_width_of_the_weights_changes_no_solve() {
        let schema = |bits: u32| Schema {
            widths: vec![bits - 9],
        };
        // 100 vertices: bits(100) + 2 = 9 bits of headroom.
        assert_eq!(limbs(100, &schema(128)), 2);
        assert_eq!(limbs(100, &schema(129)), 3);
        assert_eq!(limbs(100, &schema(320)), 5);
        assert_eq!(limbs(100, &schema(448)), 7);
        assert_eq!(limbs(100, &schema(513)), 10);
        assert_eq!(limbs(100, &schema(700)), 12);
        assert_eq!(limbs(100, &schema(1000)), 16);
        let n = 30;
        let mut seed = 29u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if next() % 3 != 0 {
                    edges.push(Edge {
                        u,
                        v,
                        values: vec![
                            Value::Ones(280, 280 + (next() % 4) as u32),
                            Value::Num(next() % 8),
                        ],
                    });
                }
            }
        }
        let s = Schema {
            widths: vec![290, 6],
        };
        let five = run_from::<5>(n, &edges, &s, None);
        let eight = run_from::<8>(n, &edges, &s, None);
        assert_eq!(five.mate, eight.mate);
        assert_eq!(five.tight, eight.tight);
        assert!(five.mate.iter().filter(|m| m.is_some()).count() >= 20);
        let (d5, d8) = (five.duals.unwrap(), eight.duals.unwrap());
        for (a, b) in d5.values.chunks(5).zip(d8.values.chunks(8)) {
            assert_eq!(a, &b[..5]);
            assert!(b[5..].iter().all(|&x| x == 0));
        }
    }

    #[test]
    fn placing_the_fields_is_shifting_and_adding_them() {
        // Fields across limb boundaries, zero widths, set ranges of ones.
        let schema = Schema {
            widths: vec![3, 0, 70, 61, 9, 64, 1, 20],
        };
        let cases = [
            vec![
                Value::Num(5),
                Value::Num(0),
                Value::Ones(3, 70),
                Value::Num((1 << 61) - 1),
                Value::Num(300),
                Value::Num(u64::MAX),
                Value::Num(1),
                Value::Ones(0, 20),
            ],
            vec![
                Value::Num(0),
                Value::Num(0),
                Value::Ones(63, 65),
                Value::Num(1),
                Value::Ones(0, 0),
                Value::Ones(1, 64),
                Value::Num(0),
                Value::Num(77),
            ],
        ];
        let at = offsets(&schema);
        for values in &cases {
            assert_eq!(
                pack::<4>(values, &schema, &at),
                pack_by_shifts(values, &schema)
            );
        }
    }
}
