//! The cost of a board under US Chess 27A, packed into one matching weight
//! (fields most important first; the matcher maximises, so every field
//! counts what is *kept*):
//!
//! | field | rule | per board |
//! |---|---|---|
//! | paired | everybody plays | 1 |
//! | scores | 27A2 equal scores | one bit block per score difference, so one board two points apart outweighs any number one point apart |
//! | bye | 28L2 | the receiver's place in the bye order |
//! | limit | 29E (our bound) | players kept from a third colour in a row or a colour difference of 3 |
//! | team-mates | 28N if possible | not team-mates |
//! | 200 | 29E5b | switch within the equalisation limit |
//! | equalisation | 27A4 | players given the colour that equalises |
//! | 80 | 29E5a | switch within the alternation limit |
//! | alternation | 27A5 | players given the colour that alternates |
//! | 29E5e | transposition before interchange | not an interchange, nor a transposition beyond the 80-point limit |
//! | switch | 27A3 top half against bottom half | rating points away from the natural board |
//! | halves | 27A3 | not an interchange (at equal switch, a transposition keeps top half against bottom half) |
//! | ranks | ties of the above | ranks away from the natural board |
//!
//! 27A1 (no rematch), forbidden pairs, 28N "never" and 28L3 (no second
//! full-point bye) remove boards instead.
//!
//! So a transposition or interchange made for colours never exceeds its
//! limit (200 points to equalise, 80 to alternate); one made to avoid a
//! rematch is as small as the rematch allows; and among colour fixes within
//! 80 points a transposition comes before an interchange, beyond 80 the
//! smaller switch wins (29E5e).

use std::collections::HashSet;

use super::colour::{allocate, misses};
use super::facts::Player;
use super::natural::{bye_order, kind, switch, Kind, Seat};
use super::options::{ColourLimits, TeamMates};
use crate::domain::pairing::dutch::weights::{Edge, Value};
use crate::domain::pairing::Colour;

/// The facts every board's cost is computed from.
pub struct Context<'a> {
    /// The players to pair, as the US Chess rules read them.
    pub players: &'a [Player],
    /// Each player's place in the score groups (index as in `players`).
    pub seats: &'a [Seat],
    /// Forbidden pairs by pairing number, lower number first.
    pub forbidden: HashSet<(u32, u32)>,
    /// How hard team-mates are kept apart (US Chess 28N).
    pub team_mates: TeamMates,
    /// How far colours may go unbalanced before a board is refused.
    pub limits: ColourLimits,
    /// Whether somebody gets the pairing-allocated bye.
    pub bye: bool,
}

impl Context<'_> {
    /// Whether `i` and `j` (ranks) may meet at all: 27A1, forbidden pairs,
    /// 28N "never".
    pub fn allowed(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.players[i], &self.players[j]);
        if a.met.contains(&b.number) || b.met.contains(&a.number) {
            return false;
        }
        if self
            .forbidden
            .contains(&(a.number.min(b.number), a.number.max(b.number)))
        {
            return false;
        }
        !(self.team_mates == TeamMates::Never && team_mates(a, b))
    }

    /// The vertex standing for the bye.
    pub fn bye_vertex(&self) -> usize {
        self.players.len()
    }

    /// Every allowed board (and bye) with its cost fields.
    pub fn edges(&self) -> Vec<Edge> {
        let n = self.players.len();
        let lowest = self.players.iter().map(|p| p.score).min().unwrap_or(0);
        let highest = self.players.iter().map(|p| p.score).max().unwrap_or(0);
        // The bye stands one point below the lowest score group.
        let floor = lowest - 2;
        let span = (highest - floor) as u32;
        let pairs = n / 2 + 1;
        let block = usize::BITS - (pairs + 1).leading_zeros() + 1;
        let top = (span + 1) * block;
        let scores = |d: u32| Value::Ones(d * block, top);
        let max_switch = self.players.iter().map(|p| p.rating).max().unwrap_or(0) as u64;
        let order = bye_order(self.players);
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if !self.allowed(i, j) {
                    continue;
                }
                let (a, b) = (&self.players[i], &self.players[j]);
                let d = a.score.abs_diff(b.score);
                let c = allocate(&a.colours, &b.colours, Colour::White);
                let (h1, e1, l1) = misses(&a.colours, c);
                let (h2, e2, l2) = misses(&b.colours, c.opposite());
                let (sw, rank_sw) = switch(self.players, self.seats, i, j);
                let k = kind(self.seats, i, j);
                let mates = self.team_mates == TeamMates::IfPossible && team_mates(a, b);
                let e29e5e = k == Kind::Interchange
                    || (k == Kind::Transposition && sw > self.limits.alternation);
                edges.push(Edge {
                    u: i,
                    v: j,
                    values: vec![
                        Value::Num(1),
                        scores(d),
                        Value::Num(0),
                        Value::Num(u64::from(2 - h1 - h2)),
                        Value::Num(u64::from(!mates)),
                        Value::Num(u64::from(sw <= self.limits.equalisation)),
                        Value::Num(u64::from(2 - e1 - e2)),
                        Value::Num(u64::from(sw <= self.limits.alternation)),
                        Value::Num(u64::from(2 - l1 - l2)),
                        Value::Num(u64::from(!e29e5e)),
                        Value::Num(max_switch - u64::from(sw).min(max_switch)),
                        Value::Num(u64::from(k != Kind::Interchange)),
                        Value::Num(n as u64 - u64::from(rank_sw).min(n as u64)),
                    ],
                });
            }
        }
        if self.bye {
            for (pos, &i) in order.iter().enumerate() {
                let d = (self.players[i].score - floor) as u32;
                edges.push(Edge {
                    u: i,
                    v: self.bye_vertex(),
                    values: vec![
                        Value::Num(1),
                        scores(d),
                        Value::Num((order.len() - pos) as u64),
                        Value::Num(2),
                        Value::Num(1),
                        Value::Num(1),
                        Value::Num(2),
                        Value::Num(1),
                        Value::Num(2),
                        Value::Num(1),
                        Value::Num(max_switch),
                        Value::Num(1),
                        Value::Num(n as u64),
                    ],
                });
            }
        }
        edges
    }
}

/// Whether two players are team-mates (28N): the same club, not empty.
pub fn team_mates(a: &Player, b: &Player) -> bool {
    !a.club.is_empty() && a.club == b.club
}

/// Number of fields of every edge.
pub const FIELDS: usize = 13;
