//! Criteria packed into one edge weight: each criterion is a bit field,
//! the most important in the highest bits, wide enough that the sum over
//! any matching never carries into the field above. The matcher then finds
//! the pairing that is best on the first criterion, then on the second
//! among those, and so on (C.04.3 section 3: "a candidate is better if it
//! better satisfies a criterion of higher priority").
//!
//! The width of the whole weight depends on the bracket, so the solve picks
//! the smallest [`Wide`] that holds it.

use crate::domain::pairing::matching::{max_weight_matching_tight, Wide};

/// The value of one field on one edge.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A small number.
    Num(u64),
    /// The bits `lo..hi` set: `2^hi - 2^lo`; used for set comparisons
    /// where the highest (or lowest) differing member decides.
    Ones(u32, u32),
}

impl Value {
    fn max_bits(self) -> u32 {
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
    let extra = usize::BITS - (pairs + 1).leading_zeros();
    Schema {
        widths: max
            .iter()
            .map(|&m| if m == 0 { 0 } else { m + extra })
            .collect(),
    }
}

fn pack<const L: usize>(values: &[Value], schema: &Schema) -> Wide<L> {
    let mut w = Wide::<L>::ZERO;
    for (v, &width) in values.iter().zip(&schema.widths) {
        if width == 0 {
            continue;
        }
        w <<= width;
        let x = match *v {
            Value::Num(n) => Wide::<L>::from(n),
            Value::Ones(lo, hi) => (Wide::<L>::ONE << hi) - (Wide::<L>::ONE << lo),
        };
        w += x;
    }
    w
}

fn run<const L: usize>(vertices: usize, edges: &[Edge], schema: &Schema) -> Solved {
    let packed: Vec<(usize, usize, Wide<L>)> = edges
        .iter()
        .map(|e| (e.u, e.v, pack::<L>(&e.values, schema)))
        .collect();
    let (mate, tight) = max_weight_matching_tight(vertices, &packed, false);
    Solved { mate, tight }
}

/// A maximum-weight matching and which edges could be in one.
pub struct Solved {
    /// The mate of each vertex.
    pub mate: Vec<Option<usize>>,
    /// For each edge (in the order given), whether it is tight under the
    /// optimal duals: an edge that is not is in no maximum-weight matching
    /// (see [`max_weight_matching_tight`]).
    pub tight: Vec<bool>,
}

/// The maximum-weight matching, mate of each vertex.
pub fn solve(vertices: usize, edges: &[Edge], schema: &Schema) -> Vec<Option<usize>> {
    solve_tight(vertices, edges, schema).mate
}

/// [`solve`], with which edges are tight.
pub fn solve_tight(vertices: usize, edges: &[Edge], schema: &Schema) -> Solved {
    // The matcher needs bits(n) + 2 bits of headroom above the weights.
    let headroom = usize::BITS - vertices.leading_zeros() + 2;
    let bits: u32 = schema.widths.iter().sum::<u32>() + headroom;
    match bits {
        0..=128 => run::<2>(vertices, edges, schema),
        129..=256 => run::<4>(vertices, edges, schema),
        257..=512 => run::<8>(vertices, edges, schema),
        513..=1024 => run::<16>(vertices, edges, schema),
        1025..=2048 => run::<32>(vertices, edges, schema),
        2049..=4096 => run::<64>(vertices, edges, schema),
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
