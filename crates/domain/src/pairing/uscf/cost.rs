//! The cost of a board under US Chess 27A, packed into one matching weight
//! (fields most important first; the matcher maximises, so every field
//! counts what is *kept*). With the default colour priority
//! ([`ColourPriority::Natural`]):
//!
//! | field | rule | per board |
//! |---|---|---|
//! | paired | everybody plays | 1 |
//! | cuts | 27A2 score groups from the top | for each boundary between two score groups, top boundary first, not crossing it |
//! | scores | 27A2 equal scores | one bit block per score difference (a tie-break: one player dropped one group rather than two) |
//! | bye | 28L2 | the receiver's place in the bye order |
//! | limit | 29E5f (our bound) | players kept from a third colour in a row or a colour difference of 3 |
//! | team-mates | 28N if possible | not team-mates |
//! | halves | 27A3 | not an interchange: top half still meets bottom half |
//! | switch | 27A3 | rating points away from the natural board |
//! | ranks | ties of the above | ranks away from the natural board |
//! | equalisation, alternation | 27A4, 27A5 | ties only: players given their due colour |
//!
//! So the matcher finds the natural pairing whenever no rematch, forbidden
//! pair or team-mate stands in its way, and otherwise the smallest
//! departure from it that pairs the score groups from the top. Colours are
//! then fixed the way a director fixes them ([`super::fixes`]).
//!
//! With [`ColourPriority::Colours`] the colour fields come above 27A3 and
//! the matcher fixes colours itself:
//! cuts, scores, bye, limit, team-mates, then the 200-point limit (29E5b),
//! equalisation (27A4), the 80-point limit (29E5a), alternation (27A5),
//! 29E5e (a transposition within 80 points before an interchange), switch,
//! halves, ranks.
//!
//! 27A1 (no rematch), forbidden pairs, 28N "never" and 28L3 (no second
//! full-point bye) remove boards instead.

use std::collections::HashSet;

use super::colour::{allocate, misses};
use super::facts::Player;
use super::natural::{bye_order, kind, switch, Kind, Seat};
use super::options::{ColourLimits, ColourPriority, TeamMates, UnratedBye};
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
    /// Where colours rank against 27A3.
    pub priority: ColourPriority,
    /// Whether unrated players come last for the bye (28L2).
    pub unrated: UnratedBye,
}

/// What a board costs below the score fields, field by field, before the
/// fields are ordered for the colour priority.
pub(super) struct Parts {
    /// 28L2: place in the bye order (bye edges only).
    bye: u64,
    /// Players kept within the colour limit (0-2).
    hard: u64,
    /// Not team-mates under "if possible".
    mates: u64,
    /// Players given their due colour to equalise (0-2).
    equalise: u64,
    /// Players given their due colour to alternate (0-2).
    alternate: u64,
    /// Switch in rating points against the natural board.
    switch: u32,
    /// Switch in ranks.
    ranks: u32,
    /// Natural, transposition or interchange.
    kind: Kind,
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

    /// Score levels from the top, the bye's level (one point below the
    /// lowest group) last when somebody sits out.
    pub(super) fn levels(&self) -> Vec<i32> {
        let mut levels: Vec<i32> = self.players.iter().map(|p| p.score).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        if self.bye {
            levels.push(levels.last().copied().unwrap_or(0) - 2);
        }
        levels
    }

    /// Every allowed board (and bye) with its cost fields.
    pub fn edges(&self) -> Vec<Edge> {
        let n = self.players.len();
        let levels = self.levels();
        let floor = *levels.last().unwrap_or(&0);
        let level = |s: i32| levels.iter().position(|&l| l == s).unwrap_or(0);
        let cuts = Cuts::new(levels.len().saturating_sub(1), n / 2 + 1);
        let highest = levels.first().copied().unwrap_or(0);
        let span = (highest - floor) as u32;
        let block = cuts.block;
        let top = (span + 1) * block;
        let scores = |d: u32| Value::Ones(d * block, top);
        let max_switch = self.max_switch();
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if !self.allowed(i, j) {
                    continue;
                }
                let (a, b) = (&self.players[i], &self.players[j]);
                let mut head =
                    cuts.values(level(a.score.max(b.score)), level(a.score.min(b.score)));
                head.push(scores(a.score.abs_diff(b.score)));
                edges.push(Edge {
                    u: i,
                    v: j,
                    values: self.values(head, self.board(i, j), max_switch, n),
                });
            }
        }
        if self.bye {
            let order = bye_order(self.players, self.unrated);
            for (pos, &i) in order.iter().enumerate() {
                let s = self.players[i].score;
                let mut head = cuts.values(level(s), levels.len() - 1);
                head.push(scores((s - floor) as u32));
                edges.push(Edge {
                    u: i,
                    v: self.bye_vertex(),
                    values: self.values(head, Self::bye(order.len() - pos), max_switch, n),
                });
            }
        }
        edges
    }

    /// The largest rating, the most a switch can cost.
    pub(super) fn max_switch(&self) -> u32 {
        self.players.iter().map(|p| p.rating).max().unwrap_or(0)
    }

    /// The cost fields below the score fields of board `i`-`j` (ranks).
    pub(super) fn board(&self, i: usize, j: usize) -> Parts {
        let (a, b) = (&self.players[i], &self.players[j]);
        let c = allocate(&a.colours, &b.colours, Colour::White);
        let (h1, e1, l1) = misses(&a.colours, c);
        let (h2, e2, l2) = misses(&b.colours, c.opposite());
        let (sw, rank_sw) = switch(self.players, self.seats, i, j);
        Parts {
            bye: 0,
            hard: u64::from(2 - h1 - h2),
            mates: u64::from(!(self.team_mates == TeamMates::IfPossible && team_mates(a, b))),
            equalise: u64::from(2 - e1 - e2),
            alternate: u64::from(2 - l1 - l2),
            switch: sw,
            ranks: rank_sw,
            kind: kind(self.seats, i, j),
        }
    }

    /// The cost fields below the score fields of the bye to the player
    /// `place` places from the end of the 28L2 order (1: its last).
    pub(super) fn bye(place: usize) -> Parts {
        Parts {
            bye: place as u64,
            hard: 2,
            mates: 1,
            equalise: 2,
            alternate: 2,
            switch: 0,
            ranks: 0,
            kind: Kind::Natural,
        }
    }

    /// The fields of one edge in the order of the colour priority: paired,
    /// then `head` (the score fields), then `p`'s.
    pub(super) fn values(
        &self,
        head: Vec<Value>,
        p: Parts,
        max_switch: u32,
        n: usize,
    ) -> Vec<Value> {
        let switch = Value::Num(u64::from(max_switch - p.switch.min(max_switch)));
        let ranks = Value::Num(n as u64 - u64::from(p.ranks).min(n as u64));
        let halves = Value::Num(u64::from(p.kind != Kind::Interchange));
        let mut v = Vec::with_capacity(head.len() + 13);
        v.push(Value::Num(1));
        v.extend(head);
        v.extend([Value::Num(p.bye), Value::Num(p.hard), Value::Num(p.mates)]);
        match self.priority {
            ColourPriority::Natural => v.extend([
                halves,
                switch,
                ranks,
                Value::Num(p.equalise),
                Value::Num(p.alternate),
            ]),
            ColourPriority::Colours => {
                let within = |limit: u32| Value::Num(u64::from(p.switch <= limit));
                let e29e5e = p.kind == Kind::Interchange
                    || (p.kind == Kind::Transposition && p.switch > self.limits.alternation);
                v.extend([
                    within(self.limits.equalisation),
                    Value::Num(p.equalise),
                    within(self.limits.alternation),
                    Value::Num(p.alternate),
                    Value::Num(u64::from(!e29e5e)),
                    switch,
                    halves,
                    ranks,
                ]);
            }
        }
        v
    }

    /// Number of fields of every edge.
    pub fn fields(&self) -> usize {
        let cuts = Cuts::new(
            self.levels().len().saturating_sub(1),
            self.players.len() / 2 + 1,
        );
        let colour = match self.priority {
            ColourPriority::Natural => 5,
            ColourPriority::Colours => 8,
        };
        1 + cuts.fields() + 4 + colour
    }
}

/// The 27A2 boundaries between score groups, packed several to a field:
/// each boundary gets a block of bits wide enough to count every board, so
/// a higher boundary's count always outweighs any count of a lower one.
struct Cuts {
    /// Number of boundaries, top first.
    count: usize,
    /// Bits per boundary.
    block: u32,
    /// Boundaries per 64-bit field.
    per_field: usize,
}

impl Cuts {
    fn new(count: usize, pairs: usize) -> Cuts {
        let block = usize::BITS - (pairs + 1).leading_zeros() + 1;
        Cuts {
            count,
            block,
            per_field: (64 / block as usize).max(1),
        }
    }

    fn fields(&self) -> usize {
        self.count.div_ceil(self.per_field)
    }

    /// The kept values of a board between levels `hi` and `lo` (indices,
    /// `hi <= lo`): it crosses the boundaries `hi..lo`.
    fn values(&self, hi: usize, lo: usize) -> Vec<Value> {
        (0..self.fields())
            .map(|f| {
                let mut v = 0u64;
                for k in 0..self.per_field {
                    let c = f * self.per_field + k;
                    if c < self.count && !(hi..lo).contains(&c) {
                        v |= 1 << ((self.per_field - 1 - k) as u32 * self.block);
                    }
                }
                Value::Num(v)
            })
            .collect()
    }
}

/// Whether two players are team-mates (28N): the same club, not empty.
pub fn team_mates(a: &Player, b: &Player) -> bool {
    !a.club.is_empty() && a.club == b.club
}
