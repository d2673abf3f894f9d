//! The fast path of the matching (issue 29): a 1,000-player round took
//! 23 s of CPU, nearly all of it in the matcher, weighing all 500,000
//! boards with weights of 400-550 bits. Here the matcher sees only the
//! boards *near* in score (two players of one score group, or of two
//! neighbouring groups, and the bye to the lowest group), about a quarter
//! of them, with weights of about 120 bits; and the answer is kept only
//! when it is provably the matching [`Context::edges`] would give.
//!
//! Why it is the same (the proof the code checks). Call a *boundary* the
//! line between two neighbouring score levels (the bye sits one level below
//! the lowest group). In any pairing of everybody, the number of boards
//! crossing a boundary has the parity of the number of players above it,
//! so it is at least 0 or 1. When the near solve finds a pairing of
//! everybody that crosses every boundary only that often:
//!
//! - no pairing does better on the 27A2 cut fields, which come first after
//!   "everybody plays", and the pairings that tie there cross each boundary
//!   at most once;
//! - among those, a board that jumps two or more levels (or a bye above the
//!   lowest group) scores worse in the score-difference field than the two
//!   or more one-level boards it replaces (2^(a+b) > 2^a + 2^b in that
//!   field's blocks), so every best pairing uses near boards only;
//! - on near boards the score fields are fixed by the cuts, so one field,
//!   "not crossing a boundary", stands in for all of them (the least total
//!   crossing is reached exactly by the pairings at the bound), and the
//!   lower fields are `Context::values`' own, in the same order.
//!
//! Otherwise (a score group that cannot pair within itself and its
//! neighbours that well, say two leaders who have met) it returns `None`
//! and the caller solves the whole graph as before.

use super::cost::Context;
use super::natural::bye_order;
use crate::domain::pairing::dutch::weights::{Edge, Value};
use crate::domain::pairing::matching::{max_weight_matching, Wide};

/// The matching of [`Context::edges`]' weights found on the near boards
/// (mate of each vertex, the bye vertex last), or `None` when it cannot be
/// shown to be the best of the whole graph.
pub fn solve(ctx: &Context) -> Option<Vec<Option<usize>>> {
    let n = ctx.players.len();
    let (level, levels) = player_levels(ctx);
    let edges = near_edges(ctx, &level, levels);
    let vertices = n + usize::from(ctx.bye);
    let mate = solve_packed(vertices, ctx.bye.then(|| ctx.bye_vertex()), &edges)?;
    let mut vertex_level = level;
    if ctx.bye {
        vertex_level.push(levels - 1);
    }
    at_bound(&mate, &vertex_level, levels).then_some(mate)
}

/// Each player's score level (0: the top group) and the number of levels,
/// the bye's level included.
pub(super) fn player_levels(ctx: &Context) -> (Vec<usize>, usize) {
    let levels = ctx.levels();
    let level = ctx
        .players
        .iter()
        .map(|p| levels.iter().position(|&l| l == p.score).unwrap_or(0))
        .collect();
    (level, levels.len())
}

/// The fields of near board `i`-`j` (at most one level apart): as
/// [`Context::values`] gives them, the score fields replaced by one, 1
/// when the board crosses no boundary. `max_switch` is
/// [`Context::max_switch`], computed once (it reads every player).
pub(super) fn pair_values(
    ctx: &Context,
    level: &[usize],
    max_switch: u32,
    (i, j): (usize, usize),
) -> Vec<Value> {
    let head = vec![Value::Num(u64::from(level[i] == level[j]))];
    ctx.values(head, ctx.board(i, j), max_switch, ctx.players.len())
}

/// The bye's near edges: to each player of the lowest group, with its
/// fields.
pub(super) fn bye_edges(ctx: &Context, level: &[usize], levels: usize) -> Vec<Edge> {
    let mut edges = Vec::new();
    if !ctx.bye {
        return edges;
    }
    let n = ctx.players.len();
    let max_switch = ctx.max_switch();
    let lowest = levels.saturating_sub(2);
    let order = bye_order(ctx.players, ctx.unrated);
    for (pos, &i) in order.iter().enumerate() {
        if level[i] == lowest {
            let parts = Context::bye(order.len() - pos);
            edges.push(Edge {
                u: i,
                v: ctx.bye_vertex(),
                values: ctx.values(vec![Value::Num(0)], parts, max_switch, n),
            });
        }
    }
    edges
}

/// Boards between players at most one level apart, and the bye to players
/// of the lowest group, with the fields of `Context::values`, the score
/// fields replaced by one: 1 when the board crosses no boundary.
fn near_edges(ctx: &Context, level: &[usize], levels: usize) -> Vec<Edge> {
    let n = ctx.players.len();
    let max_switch = ctx.max_switch();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if level[i].abs_diff(level[j]) > 1 || !ctx.allowed(i, j) {
                continue;
            }
            edges.push(Edge {
                u: i,
                v: j,
                values: pair_values(ctx, level, max_switch, (i, j)),
            });
        }
    }
    edges.extend(bye_edges(ctx, level, levels));
    edges
}

/// Whether `mate` pairs every vertex and crosses each boundary only as
/// often as parity demands (`level`: each vertex's level).
pub(super) fn at_bound(mate: &[Option<usize>], level: &[usize], levels: usize) -> bool {
    if mate.iter().any(Option::is_none) {
        return false;
    }
    let mut crossing = vec![0usize; levels];
    let mut above = vec![0usize; levels];
    for (v, m) in mate.iter().enumerate() {
        above[level[v]] += 1;
        if let Some(u) = *m {
            if v < u && level[v] != level[u] {
                // A near board crosses exactly one boundary.
                crossing[level[v].min(level[u])] += 1;
            }
        }
    }
    let mut count = 0;
    (0..levels.saturating_sub(1)).all(|c| {
        count += above[c];
        crossing[c] == count % 2
    })
}

/// The maximum weight matching with the fields packed as narrowly as the
/// edges allow: each field below the first shifted down by its least
/// value (every pairing of the same size moves by the same amount), and
/// as wide as its largest total over one matching. `None` if the weights
/// need more than 512 bits (the caller then solves as before).
fn solve_packed(vertices: usize, bye: Option<usize>, edges: &[Edge]) -> Option<Vec<Option<usize>>> {
    let widths = widths(vertices, bye, edges);
    let headroom = usize::BITS - vertices.leading_zeros() + 2;
    let bits: u32 = widths.iter().map(|w| w.bits).sum::<u32>() + headroom;
    match bits {
        0..=128 => Some(run::<2>(vertices, edges, &widths)),
        129..=256 => Some(run::<4>(vertices, edges, &widths)),
        257..=512 => Some(run::<8>(vertices, edges, &widths)),
        _ => None,
    }
}

/// One field's packing: subtract `least`, then `bits` wide.
pub(super) struct Width {
    /// Subtracted from every edge's value.
    pub least: u64,
    /// Bits of the packed field.
    pub bits: u32,
}

/// A near field's number.
pub(super) fn num(v: Value) -> u64 {
    match v {
        Value::Num(x) => x,
        // Near edges carry no set fields; a wide one would not fit anyway.
        Value::Ones(_, _) => u64::MAX,
    }
}

fn widths(vertices: usize, bye: Option<usize>, edges: &[Edge]) -> Vec<Width> {
    let fields = edges.first().map_or(0, |e| e.values.len());
    let pairs = (vertices / 2) as u128;
    (0..fields)
        .map(|f| {
            let least = if f == 0 {
                0
            } else {
                edges.iter().map(|e| num(e.values[f])).min().unwrap_or(0)
            };
            let most = edges.iter().map(|e| num(e.values[f]) - least).max();
            let most = u128::from(most.unwrap_or(0));
            // Only the bye's edges share a vertex: one of them per matching.
            let on_bye_only = edges
                .iter()
                .all(|e| num(e.values[f]) == least || Some(e.v) == bye);
            let count = if on_bye_only && f > 0 { 1 } else { pairs };
            let total = most * count;
            Width {
                least,
                bits: u128::BITS - total.leading_zeros(),
            }
        })
        .collect()
}

fn run<const L: usize>(vertices: usize, edges: &[Edge], widths: &[Width]) -> Vec<Option<usize>> {
    let packed: Vec<(usize, usize, Wide<L>)> = edges
        .iter()
        .map(|e| (e.u, e.v, pack(&e.values, widths)))
        .collect();
    max_weight_matching(vertices, &packed, false)
}

/// One edge's weight: its fields packed at `widths`, the first highest.
pub(super) fn pack<const L: usize>(values: &[Value], widths: &[Width]) -> Wide<L> {
    let mut w = Wide::<L>::ZERO;
    for (v, width) in values.iter().zip(widths) {
        if width.bits == 0 {
            continue;
        }
        w <<= width.bits;
        w += Wide::<L>::from(num(*v) - width.least);
    }
    w
}
