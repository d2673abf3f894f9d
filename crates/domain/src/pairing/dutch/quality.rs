//! The quality criteria of C.04.3 (C4-C21 of the 2026 text) as fields of
//! an edge weight, for the bracket being paired.
//!
//! Every field is arranged so that the sum over a matching is larger when
//! the criterion is better met. Counting criteria that concern unpaired
//! players (downfloaters) are written as "a constant minus what pairing
//! relieves": the pair's edge carries the relief. Where a pair in the
//! bracket adds a constant to a field, the number of such pairs is already
//! fixed by C5 above it, so the constant changes no comparison.

use super::weights::{Edge, Value};
use super::Round;
use crate::domain::pairing::dutch::colour::Strength;
use crate::domain::pairing::dutch::facts::Float;
use crate::domain::pairing::Colour;

/// Where each player stands for the bracket being paired.
pub struct Context {
    pub in_bracket: Vec<bool>,
    pub is_mdp: Vec<bool>,
    pub in_next: Vec<bool>,
    /// Lowest and highest score in the bracket (half points).
    pub low: i32,
    pub high: i32,
    /// The next scoregroup's score, if any.
    pub next_low: Option<i32>,
}

/// One point, in half points: the artificial value of a downfloater is one
/// point below the bracket's lowest score (PSD).
const POINT: i32 = 2;

impl Context {
    /// The context of the bracket made of `mdps` and `residents`, with
    /// `next` the next scoregroup.
    pub fn of_bracket(
        round: &Round,
        mdps: &[usize],
        residents: &[usize],
        next: &[usize],
    ) -> Context {
        let n = round.players.len();
        let mut in_bracket = vec![false; n];
        let mut is_mdp = vec![false; n];
        let mut in_next = vec![false; n];
        for &i in mdps {
            in_bracket[i] = true;
            is_mdp[i] = true;
        }
        for &i in residents {
            in_bracket[i] = true;
        }
        for &i in next {
            in_next[i] = true;
        }
        let scores = mdps
            .iter()
            .chain(residents)
            .map(|&i| round.players[i].score);
        Context {
            in_bracket,
            is_mdp,
            in_next,
            low: scores.clone().min().unwrap_or(0),
            high: scores.max().unwrap_or(0),
            next_low: next.first().map(|&i| round.players[i].score),
        }
    }

    /// Whether player `i` (a rank, or the bye vertex) is in the bracket or
    /// the next scoregroup: the players every field weighs.
    pub fn in_core(&self, i: usize) -> bool {
        i < self.in_bracket.len() && (self.in_bracket[i] || self.in_next[i])
    }

    /// Whether a solve of the bracket may leave out the players below the
    /// next scoregroup (`vertices`: every player not yet paired from the
    /// bracket down, by rank, the bye vertex allowed): someone is below,
    /// no possible bye receiver is in the bracket or the next scoregroup
    /// (the bye's fields would then weigh in the solve), and the bye,
    /// given below, weighs nothing but its score (no criterion under it
    /// tells the receivers of that score apart).
    pub fn may_leave_out_below(&self, round: &Round, vertices: &[usize]) -> bool {
        let n = round.players.len();
        let below = vertices.iter().any(|&i| i < n && !self.in_core(i));
        let bye_in_core = round.bye
            && vertices.iter().any(|&i| {
                self.in_core(i)
                    && round.players[i].bye_allowed
                    && Some(round.players[i].score) == round.bye_score
            });
        let bye_plain = vertices.iter().all(|&i| {
            i >= n
                || !round.bye
                || Some(round.players[i].score) != round.bye_score
                || bye_values(round, self, i)[2..]
                    .iter()
                    .all(|v| *v == Value::Num(0))
        });
        below && !bye_in_core && bye_plain
    }

    /// Number of PSD levels of this bracket (score differences 0 ...).
    fn levels(&self) -> i32 {
        self.high - self.low + POINT + 1
    }

    fn next_levels(&self) -> i32 {
        self.next_low.map_or(0, |l| self.high - l + POINT + 1)
    }

    /// The number of fields [`values`] gives.
    pub fn fields(&self) -> usize {
        3 + self.levels() as usize + 1 + self.next_levels() as usize + 1 + 4 + 8
    }

    /// Whether `i`-`j` (ranks, `i` higher) is a pair of this bracket.
    pub fn in_bracket(&self, i: usize, j: usize) -> bool {
        self.in_bracket[i] && self.in_bracket[j] && !(self.is_mdp[i] && self.is_mdp[j])
    }
}

fn b(x: bool) -> u64 {
    x as u64
}

/// The fields of pair `i`-`j` (ranks, `i` higher ranked).
pub fn values(round: &Round, ctx: &Context, i: usize, j: usize) -> Vec<Value> {
    let (pa, pb) = (&round.players[i], &round.players[j]);
    let inb = ctx.in_bracket(i, j);
    let nx = ctx.in_next[j] && (ctx.in_bracket[i] || ctx.in_next[i]);
    let mut v = Vec::with_capacity(ctx.fields());
    v.push(Value::Num(1)); // C4: every pair counts.
    v.push(Value::Num(0)); // The bye receiver's score: the bye edge only.
    v.push(Value::Num(b(inb))); // C5
    let sd = (pa.score - pb.score).abs();
    // C6: per score-difference level, highest level first.
    let dsd = |s: i32| s - ctx.low + POINT;
    for level in (0..ctx.levels()).rev() {
        v.push(Value::Num(if inb {
            (1 + b(dsd(pa.score) == level) + b(dsd(pb.score) == level)) - b(sd == level)
        } else {
            0
        }));
    }
    // C7, C8: the next bracket.
    v.push(Value::Num(b(nx)));
    if let Some(next_low) = ctx.next_low {
        let dsd2 = |s: i32| s - next_low + POINT;
        for level in (0..ctx.next_levels()).rev() {
            v.push(Value::Num(if nx {
                (1 + b(dsd2(pa.score) == level) + b(dsd2(pb.score) == level)) - b(sd == level)
            } else {
                0
            }));
        }
    }
    v.push(Value::Num(0)); // C9: the bye edge only.
    if !inb {
        v.extend(std::iter::repeat_n(Value::Num(0), 12));
        return v;
    }
    // Colours (C10-C13).
    let white_i = round.colour_of(i, j) == Colour::White;
    let (ca, cb) = if white_i {
        (Colour::White, Colour::Black)
    } else {
        (Colour::Black, Colour::White)
    };
    let topscorers = round.last_round && (pa.topscorer || pb.topscorer);
    let mut c10 = 0;
    let mut c11 = 0;
    if topscorers {
        for (p, c) in [(pa, ca), (pb, cb)] {
            if c10_counts(p.colours.difference(), c) {
                c10 += 1;
            }
            let h = &p.colours.history;
            if h.len() >= 2 && h[h.len() - 1] == c && h[h.len() - 2] == c {
                c11 += 1;
            }
        }
    }
    let mut c12 = 0;
    let mut c13 = 0;
    for (p, c) in [(pa, ca), (pb, cb)] {
        if p.preference.is_some_and(|want| want != c) {
            c12 += 1;
            if p.strength >= Strength::Strong {
                c13 += 1;
            }
        }
    }
    v.push(Value::Num(2 - c10));
    v.push(Value::Num(2 - c11));
    v.push(Value::Num(2 - c12));
    v.push(Value::Num(2 - c13));
    // Floats (C14-C17): repeated downfloats and upfloats.
    let differ = pa.score != pb.score;
    let down = |f: Float| b(f == Float::Down);
    let up = |f: Float| b(f == Float::Up);
    v.push(Value::Num(
        down(pa.float1) + down(pb.float1) - b(differ) * down(pa.float1),
    ));
    v.push(Value::Num(1 - b(differ) * up(pb.float1)));
    v.push(Value::Num(
        down(pa.float2) + down(pb.float2) - b(differ) * down(pa.float2),
    ));
    v.push(Value::Num(1 - b(differ) * up(pb.float2)));
    // C18-C21: their score differences.
    let ua = dsd(pa.score) as u64;
    let ub = dsd(pb.score) as u64;
    let sdu = sd as u64;
    let max_sd = (ctx.high - ctx.low) as u64;
    v.push(Value::Num(
        down(pa.float1) * ua + down(pb.float1) * ub - b(differ) * down(pa.float1) * sdu,
    ));
    v.push(Value::Num(max_sd - b(differ) * up(pb.float1) * sdu));
    v.push(Value::Num(
        down(pa.float2) * ua + down(pb.float2) * ub - b(differ) * down(pa.float2) * sdu,
    ));
    v.push(Value::Num(max_sd - b(differ) * up(pb.float2) * sdu));
    v
}

/// Whether C10 counts a player of colour difference `difference` who gets
/// `colour`. C10 (2026 text; C8 before): "minimise the number of
/// topscorers or topscorers' opponents who get a colour difference higher
/// than +2 or lower than -2". Read as what the pairing gives: the colour
/// takes the difference beyond ±2, or further beyond. A player already at
/// +4 who gets Black ends at +3 whatever the pairing, and is not counted,
/// so his difference does not steer who meets the topscorers. Colours
/// being allocated by 5.2, a player gets the colour that widens a
/// difference of 2 or more only when his opponent's difference is 2 or
/// more the same way, so a pair counts once exactly when both players
/// have a difference of at least 2 in the same direction: how bbpPairings
/// (FIDE-endorsed) counts it. Before the last round C3 keeps every
/// difference within ±2, so the two readings differ only on files with
/// histories no Dutch event makes (`c10_counts_only_what_the_colour_changes`).
pub fn c10_counts(difference: i32, colour: Colour) -> bool {
    let after = difference + if colour == Colour::White { 1 } else { -1 };
    after.abs() > 2 && after.abs() > difference.abs()
}

/// The fields of the bye edge of player `i`.
pub fn bye_values(round: &Round, ctx: &Context, i: usize) -> Vec<Value> {
    let mut v = vec![Value::Num(0); ctx.fields()];
    v[0] = Value::Num(1);
    // The lowest score possible for the bye receiver, before any bracket's
    // own criteria (see the module doc of `dutch`): the more points below
    // the leader, the heavier the edge. Rank 0 has the highest score.
    let top = round.players[0].score;
    v[1] = Value::Num((top - round.players[i].score) as u64 + 1);
    // C9: the fewer unplayed games, the heavier. Weighed in a bracket whose
    // downfloaters include the bye's receiver, that is whose residents
    // score no more than the bye's score; `c9_applies` then keeps it only
    // when the bracket downfloats that one player.
    if round.bye_score.is_some_and(|s| s >= ctx.low) {
        v[c9_field(ctx)] = Value::Num(u64::from(
            round.field.round.saturating_sub(round.players[i].unplayed),
        ));
    }
    v
}

/// The index of the C9 field (the bye receiver's unplayed games) among the
/// fields [`values`] and [`bye_values`] give.
pub fn c9_field(ctx: &Context) -> usize {
    3 + ctx.levels() as usize + 1 + ctx.next_levels() as usize
}

/// The quality fields `v` of a board with C4 weighed as nothing
/// (`without_c4`: a solve of part of the round, where every pairing of the
/// whole has the same count) and C9 (`no_c9`: it does not apply to the
/// bracket), as a solve that leaves them out weighs them.
pub fn leave_out(ctx: &Context, v: &mut [Value], without_c4: bool, no_c9: bool) {
    if without_c4 {
        v[0] = Value::Num(0);
    }
    if no_c9 {
        v[c9_field(ctx)] = Value::Num(0);
    }
}

/// Whether C9 applies to the bracket (`members`, in a solution `mate` that
/// is optimal on C4-C8): C.04.3 (2026) applies it to "brackets that
/// downfloat exactly one player, who will end up receiving the PAB". The
/// number of downfloaters is fixed by the criteria above C9, so any
/// optimal solution tells. The bye vertex is `round.bye_vertex()`.
pub fn c9_applies(round: &Round, ctx: &Context, members: &[usize], mate: &[Option<usize>]) -> bool {
    let bye = round.bye_vertex();
    let mut downfloaters = 0;
    let mut to_bye = false;
    for &i in members {
        match mate[i] {
            Some(j) if j != bye && ctx.in_bracket(i, j) => {}
            Some(j) => {
                downfloaters += 1;
                to_bye |= j == bye;
            }
            None => downfloaters += 1,
        }
    }
    downfloaters == 1 && to_bye
}

/// Clears the C9 field of every edge (it is non-zero on bye edges only);
/// returns whether any edge had it.
pub fn drop_c9(ctx: &Context, edges: &mut [Edge]) -> bool {
    let f = c9_field(ctx);
    let mut had = false;
    for e in edges {
        if e.values[f] != Value::Num(0) {
            e.values[f] = Value::Num(0);
            had = true;
        }
    }
    had
}
