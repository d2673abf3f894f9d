//! Colour fixes the way a US Chess director makes them (29E4, 29E5): start
//! from the pairing the matcher found (the natural pairing wherever nothing
//! stands in its way), go down the boards from the top, and where a player
//! misses the colour they are due, look for one switch of two players of
//! the same score between that board and another:
//!
//! - only within the 29E5 limits: 200 rating points when the player missed
//!   an equalising colour (29E5b), 80 when they missed an alternating one
//!   (29E5a);
//! - a *transposition* (the two players have the same place on their
//!   boards, both the higher or both the lower) within 80 points before
//!   any interchange; otherwise the smaller switch, a transposition first
//!   on equal size (29E5e);
//! - only if the two boards together then miss fewer colours (a third
//!   colour in a row first, then equalisation, then alternation), with no
//!   rematch, forbidden pair or new team-mate board.
//!
//! Where no such switch exists the board keeps its colour miss, as the
//! rule's "whenever practical" allows. A switch trades two players of the
//! same score, so the score groups stay paired exactly as the matcher
//! paired them.

use super::colour::{allocate, misses};
use super::cost::{team_mates, Context};
use super::options::TeamMates;
use crate::domain::pairing::Colour;

/// One colour fix made: which two players traded places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The player (rank) whose colour was fixed.
    pub for_player: usize,
    /// The two players (ranks) who traded places.
    pub moved: (usize, usize),
    /// Transposition (same place on both boards) rather than interchange.
    pub transposition: bool,
    /// The rating difference of the two players who traded places.
    pub points: u32,
    /// Whether the fix equalises (29E5b, 200 points) rather than
    /// alternates (29E5a, 80 points).
    pub equalises: bool,
}

/// Colour misses of a board: (third colour in a row or difference of 3,
/// equalisation missed, alternation missed), both players together.
fn cost(ctx: &Context, b: (usize, usize)) -> (u32, u32, u32) {
    let (a, c) = (&ctx.players[b.0], &ctx.players[b.1]);
    let got = allocate(&a.colours, &c.colours, Colour::White);
    let x = misses(&a.colours, got);
    let y = misses(&c.colours, got.opposite());
    (x.0 + y.0, x.1 + y.1, x.2 + y.2)
}

fn add(a: (u32, u32, u32), b: (u32, u32, u32)) -> (u32, u32, u32) {
    (a.0 + b.0, a.1 + b.1, a.2 + b.2)
}

/// The board with the higher-ranked player first.
fn ordered(x: usize, y: usize) -> (usize, usize) {
    (x.min(y), x.max(y))
}

/// Makes the director's colour fixes on `boards` (ranks, listed in board
/// order) in place; returns the fixes made, top board first.
pub fn fix(ctx: &Context, boards: &mut [(usize, usize)]) -> Vec<Fix> {
    let mut made = Vec::new();
    for b in 0..boards.len() {
        let now = cost(ctx, boards[b]);
        if now.1 == 0 && now.2 == 0 {
            continue;
        }
        if let Some(s) = best(ctx, boards, b, now) {
            boards[b] = s.new_b;
            boards[s.other] = s.new_other;
            made.push(s.fix);
        }
    }
    made
}

/// A switch between two boards.
struct Switch {
    /// The order a director tries switches in: a transposition within the
    /// 80-point limit first, then the smaller switch, then a transposition.
    key: (bool, u32, bool),
    /// The index of the other board.
    other: usize,
    /// The board being fixed, after the switch.
    new_b: (usize, usize),
    /// The other board, after the switch.
    new_other: (usize, usize),
    /// What was done.
    fix: Fix,
}

/// The switch a director tries first for board `b`, if any is allowed.
fn best(
    ctx: &Context,
    boards: &[(usize, usize)],
    b: usize,
    now: (u32, u32, u32),
) -> Option<Switch> {
    let equalises = now.1 > 0;
    let limit = if equalises {
        ctx.limits.equalisation
    } else {
        ctx.limits.alternation
    };
    let (x, y) = boards[b];
    let missing = missing_player(ctx, (x, y));
    let mut found: Option<Switch> = None;
    for (c, &(u, v)) in boards.iter().enumerate() {
        if c == b {
            continue;
        }
        let before = add(now, cost(ctx, (u, v)));
        for (p, keep_b, p_upper) in [(x, y, true), (y, x, false)] {
            for (q, keep_c, q_upper) in [(u, v, true), (v, u, false)] {
                let (pp, qq) = (&ctx.players[p], &ctx.players[q]);
                if pp.score != qq.score {
                    continue;
                }
                let points = pp.rating.abs_diff(qq.rating);
                if points > limit {
                    continue;
                }
                let (nb, nc) = (ordered(keep_b, q), ordered(keep_c, p));
                if !acceptable(ctx, (x, y), (u, v), nb, nc, before) {
                    continue;
                }
                let transposition = p_upper == q_upper;
                let within80 = transposition && points <= ctx.limits.alternation;
                let key = (!within80, points, !transposition);
                if found.as_ref().is_none_or(|f| key < f.key) {
                    found = Some(Switch {
                        key,
                        other: c,
                        new_b: nb,
                        new_other: nc,
                        fix: Fix {
                            for_player: missing,
                            moved: (p, q),
                            transposition,
                            points,
                            equalises,
                        },
                    });
                }
            }
        }
    }
    found
}

/// Whether trading boards `old_b`, `old_c` for `nb`, `nc` is allowed and
/// leaves fewer colour misses than `before`.
fn acceptable(
    ctx: &Context,
    old_b: (usize, usize),
    old_c: (usize, usize),
    nb: (usize, usize),
    nc: (usize, usize),
    before: (u32, u32, u32),
) -> bool {
    if !ctx.allowed(nb.0, nb.1) || !ctx.allowed(nc.0, nc.1) {
        return false;
    }
    if ctx.team_mates == TeamMates::IfPossible {
        let mates = |b: (usize, usize)| u32::from(team_mates(&ctx.players[b.0], &ctx.players[b.1]));
        if mates(nb) + mates(nc) > mates(old_b) + mates(old_c) {
            return false;
        }
    }
    let after = add(cost(ctx, nb), cost(ctx, nc));
    after.0 <= before.0 && after < before
}

/// The player of board `b` who misses their due colour (the lower-ranked
/// one when both do).
fn missing_player(ctx: &Context, b: (usize, usize)) -> usize {
    let (a, c) = (&ctx.players[b.0], &ctx.players[b.1]);
    let got = allocate(&a.colours, &c.colours, Colour::White);
    let y = misses(&c.colours, got.opposite());
    if y.1 + y.2 > 0 {
        b.1
    } else {
        b.0
    }
}
