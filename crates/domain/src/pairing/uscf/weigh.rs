//! A near board's fields without building them (issue 30 item 9): the
//! sparse path weighs every near board of the round at least twice (50
//! million of them for 9,999 players in round 1), and
//! [`near::pair_values`](super::near::pair_values) costs two allocations,
//! three hash lookups, a string comparison and the 29E colour rules each
//! time: about 600 ns a board, a minute a pass. Here the same numbers come
//! from flat tables made once per round: the colour fields of every pair
//! of colour histories (a round has a few hundred distinct ones), club
//! numbers, and the opponents met as short lists.
//!
//! The fields are exactly [`near::pair_values`](super::near::pair_values)'
//! numbers, in its order (`the_fast_fields_are_the_near_fields` checks
//! every board of random rounds).

use std::collections::HashMap;

use super::colour::{allocate, misses};
use super::cost::Context;
use super::natural::{kind, switch, Kind};
use super::near::Width;
use super::options::{ColourPriority, TeamMates};
use crate::domain::pairing::matching::Wide;
use crate::domain::pairing::Colour;

/// The most fields a near board has (colour priority `Colours`).
pub(super) const FIELDS: usize = 13;

/// A near board's fields, most important first; `len` of them are used
/// (the rest are zero, so arrays of one round compare as their fields do).
pub(super) type Fields = [u64; FIELDS];

/// Above this many distinct colour histories the colour fields are
/// worked out board by board instead of from a table (classes² bytes).
const TABLE_CLASSES: usize = 2_048;

/// The round's players in flat tables, for [`Weigher::allowed`] and
/// [`Weigher::fields`].
pub(super) struct Weigher<'a, 'c> {
    ctx: &'a Context<'c>,
    level: &'a [usize],
    max_switch: u32,
    /// Number of fields of a board.
    len: usize,
    /// Each player's colour class: players of one class have the same
    /// colours.
    class: Vec<usize>,
    /// Classes.
    classes: usize,
    /// The colour fields (hard, equalise, alternate, two bits each) of
    /// a board between a higher-ranked player of class `a` and a lower of
    /// class `b` at `a * classes + b`; empty when there are too many
    /// classes.
    table: Vec<u8>,
    /// Each player's club number, 0 for none.
    club: Vec<u32>,
    /// Pairing numbers of the opponents player `i` met:
    /// `met[met_start[i]..met_start[i + 1]]`.
    met_start: Vec<usize>,
    met: Vec<u32>,
}

impl<'a, 'c> Weigher<'a, 'c> {
    /// The tables of `ctx`'s round; `level` is each player's score level.
    pub(super) fn new(ctx: &'a Context<'c>, level: &'a [usize]) -> Self {
        let players = ctx.players;
        let mut classes: HashMap<&[Colour], usize> = HashMap::new();
        let mut rep: Vec<usize> = Vec::new();
        let class: Vec<usize> = (0..players.len())
            .map(|i| {
                let next = classes.len();
                let c = *classes.entry(&players[i].colours).or_insert(next);
                if c == next {
                    rep.push(i);
                }
                c
            })
            .collect();
        let k = rep.len();
        let mut table = Vec::new();
        if k <= TABLE_CLASSES {
            table.reserve(k * k);
            for &a in &rep {
                for &b in &rep {
                    table.push(colour_fields(&players[a].colours, &players[b].colours));
                }
            }
        }
        let mut clubs: HashMap<&str, u32> = HashMap::new();
        let club = players
            .iter()
            .map(|p| {
                if p.club.is_empty() {
                    return 0;
                }
                let next = clubs.len() as u32 + 1;
                *clubs.entry(p.club.as_str()).or_insert(next)
            })
            .collect();
        let mut met_start = vec![0];
        let mut met = Vec::new();
        for p in players {
            met.extend(p.met.iter().copied());
            met_start.push(met.len());
        }
        let len = if ctx.priority == ColourPriority::Natural {
            10
        } else {
            13
        };
        Weigher {
            ctx,
            level,
            max_switch: ctx.max_switch(),
            len,
            class,
            classes: k,
            table,
            club,
            met_start,
            met,
        }
    }

    /// Number of fields of a board.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// [`Context::allowed`].
    pub(super) fn allowed(&self, i: usize, j: usize) -> bool {
        let (a, b) = (self.ctx.players[i].number, self.ctx.players[j].number);
        let met = |x: usize| &self.met[self.met_start[x]..self.met_start[x + 1]];
        if met(i).contains(&b) || met(j).contains(&a) {
            return false;
        }
        if !self.ctx.forbidden.is_empty() && self.ctx.forbidden.contains(&(a.min(b), a.max(b))) {
            return false;
        }
        !(self.ctx.team_mates == TeamMates::Never && self.same_club(i, j))
    }

    fn same_club(&self, i: usize, j: usize) -> bool {
        self.club[i] != 0 && self.club[i] == self.club[j]
    }

    /// The fields of near board `i`-`j` (`i < j`), as
    /// [`near::pair_values`](super::near::pair_values) gives them.
    pub(super) fn fields(&self, i: usize, j: usize) -> Fields {
        let ctx = self.ctx;
        let players = ctx.players;
        let colour = if self.table.is_empty() {
            colour_fields(&players[i].colours, &players[j].colours)
        } else {
            self.table[self.class[i] * self.classes + self.class[j]]
        };
        let (hard, equalise, alternate) = (
            u64::from(colour & 3),
            u64::from((colour >> 2) & 3),
            u64::from(colour >> 4),
        );
        let (sw, ranks) = switch(players, ctx.seats, i, j);
        let k = kind(ctx.seats, i, j);
        let n = players.len() as u64;
        let mates = !(ctx.team_mates == TeamMates::IfPossible && self.same_club(i, j));
        let switch_kept = u64::from(self.max_switch - sw.min(self.max_switch));
        let ranks_kept = n - u64::from(ranks).min(n);
        let halves = u64::from(k != Kind::Interchange);
        let same = u64::from(self.level[i] == self.level[j]);
        let mut v = [0u64; FIELDS];
        v[..5].copy_from_slice(&[1, same, 0, hard, u64::from(mates)]);
        match ctx.priority {
            ColourPriority::Natural => {
                v[5..10].copy_from_slice(&[halves, switch_kept, ranks_kept, equalise, alternate]);
            }
            ColourPriority::Colours => {
                let within = |limit: u32| u64::from(sw <= limit);
                let e29e5e = k == Kind::Interchange
                    || (k == Kind::Transposition && sw > ctx.limits.alternation);
                v[5..13].copy_from_slice(&[
                    within(ctx.limits.equalisation),
                    equalise,
                    within(ctx.limits.alternation),
                    alternate,
                    u64::from(!e29e5e),
                    switch_kept,
                    halves,
                    ranks_kept,
                ]);
            }
        }
        v
    }
}

/// The kept colour fields of a board between a higher-ranked player with
/// colours `hi` and a lower one with `lo`: hard, equalise and alternate
/// (each 0-2), two bits each, as `Context::board` computes them.
fn colour_fields(hi: &[Colour], lo: &[Colour]) -> u8 {
    let c = allocate(hi, lo, Colour::White);
    let (h1, e1, l1) = misses(hi, c);
    let (h2, e2, l2) = misses(lo, c.opposite());
    let kept = |a: u32, b: u32| (2 - a - b) as u8;
    kept(h1, h2) | (kept(e1, e2) << 2) | (kept(l1, l2) << 4)
}

/// One board's weight: its fields packed at `widths`, the first highest,
/// as [`near::pack`](super::near::pack) packs them.
pub(super) fn pack<const L: usize>(fields: &[u64], widths: &[Width]) -> Wide<L> {
    let mut w = Wide::<L>::ZERO;
    for (&x, width) in fields.iter().zip(widths) {
        if width.bits == 0 {
            continue;
        }
        w <<= width.bits;
        w += Wide::<L>::from(x - width.least);
    }
    w
}
