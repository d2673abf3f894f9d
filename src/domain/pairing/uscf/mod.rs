//! The US Chess Swiss system: US Chess Official Rules of Chess, 7th
//! edition, rules 27-29.
//!
//! How it pairs: the whole section at once. Every board two players could
//! play gets a cost ([`cost`]), the priorities of 27A as a lexicographic
//! weight: 27A1 no rematch (and forbidden pairs, and team-mates when the
//! event says "never": boards removed), 27A2 equal scores (fewest and
//! smallest score differences), then colours within the 80- and 200-point
//! limits of 29E5, then 27A3 top half against bottom half. One maximum
//! weight matching over all players and the bye then gives the pairing
//! that is best on the first priority, then on the second among those, and
//! so on. No greedy walk from the top: a late round never backs itself into
//! a last board that cannot be paired, and "unpairable" means no pairing
//! of the whole section exists.
//!
//! The natural pairing a director writes down first ([`natural`]: 29C top
//! half against bottom half, 29D1 the odd player dropped to the top of the
//! next group, 28L2 the bye) is the yardstick: every transposition and
//! interchange is measured against it in rating points, as 29E5 measures
//! them.
//!
//! Choices where the rules leave the director one (SwissSys and WinTD
//! defaults where they have one; all in docs/pairing.md):
//! - ranking within a score group by rating, then pairing number (29A);
//!   unrated players rank at rating 0;
//! - the bye (28L2): lowest score group, rated before unrated, lowest
//!   rating; never a second full-point bye (28L3: a requested full-point
//!   bye counts as one); the bye is chosen before colours, so it is not
//!   moved to a higher-rated player for colours (the rule's text, not
//!   WinTD's colour swap);
//! - colours (29E): equalisation before alternation; a third colour in a
//!   row or a difference of three is avoided whenever the score groups
//!   allow, beyond the 200-point limit (our bound, see [`colour`]); the
//!   80/200 limits apply to transpositions and interchanges alike, and
//!   29E5e prefers a transposition within 80 points to an interchange;
//! - team-mates (28N) "if possible" ranks below equal scores and the bye,
//!   above colours and top half against bottom half;
//! - added-score acceleration (28R1) for the first N rounds: one virtual
//!   point to the upper half of the section by rating (the larger half when
//!   odd); an entrant's own virtual points (`Entrant::acceleration`) are
//!   added as well.

pub mod colour;
pub mod cost;
pub mod facts;
pub mod natural;
pub mod options;

use self::cost::{Context, FIELDS};
use self::options::{ColourLimits, TeamMates};
use super::dutch::weights::{schema, solve};
use super::{Board, ByeKind, Colour, Field, Pairing, System, Unpairable};

/// The US Chess Swiss system with the event's options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Uscf {
    /// 28N team-mate avoidance.
    pub team_mates: TeamMates,
    /// 29E5 limits.
    pub limits: ColourLimits,
    /// 28R added-score acceleration for this many rounds (0: none).
    pub accelerate_rounds: u32,
}

impl Default for Uscf {
    /// SwissSys and WinTD's defaults: team-mates avoided if possible, 80
    /// and 200 points, no acceleration.
    fn default() -> Self {
        Uscf {
            team_mates: TeamMates::IfPossible,
            limits: ColourLimits::default(),
            accelerate_rounds: 0,
        }
    }
}

impl System for Uscf {
    fn pair(&self, field: &Field) -> Result<Pairing, Unpairable> {
        let players = facts::players(field, self.accelerate_rounds);
        let n = players.len();
        let high = players.iter().map(|p| p.score).max().unwrap_or(0);
        let low = players.iter().map(|p| p.score).min().unwrap_or(0);
        super::size::uscf(n, high.abs_diff(low))?;
        let mut pairing = Pairing::default();
        for e in &field.entrants {
            if let Some(kind) = e.requested_bye {
                pairing.byes.push((e.number, kind));
            }
        }
        if n == 0 {
            return Ok(pairing);
        }
        let bye = n % 2 == 1;
        let mut ctx = Context {
            players: &players,
            seats: &[],
            forbidden: field
                .forbidden
                .iter()
                .map(|&(a, b)| (a.min(b), a.max(b)))
                .collect(),
            team_mates: self.team_mates,
            limits: self.limits,
            bye,
        };
        let (seats, _) = natural::natural(&players, bye, |i, j| ctx.allowed(i, j));
        ctx.seats = &seats;
        let edges = ctx.edges();
        let vertices = n + usize::from(bye);
        let mate = solve(vertices, &edges, &schema(&edges, FIELDS, n / 2 + 1));
        let left: Vec<u32> = (0..n)
            .filter(|&i| mate[i].is_none())
            .map(|i| players[i].number)
            .collect();
        if !left.is_empty() {
            return Err(unpairable(field, self, n, left));
        }
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for i in 0..n {
            match mate[i] {
                Some(j) if j == ctx.bye_vertex() => {
                    pairing
                        .byes
                        .insert(0, (players[i].number, ByeKind::PairingAllocated));
                }
                Some(j) if i < j => pairs.push((i, j)),
                _ => {}
            }
        }
        // Board order: the higher score first, then the higher-ranked player.
        pairs.sort_by_key(|&(i, j)| (-players[i].score.max(players[j].score), i.min(j)));
        for (k, (i, j)) in pairs.into_iter().enumerate() {
            let lot = if k % 2 == 0 {
                field.initial_colour
            } else {
                field.initial_colour.opposite()
            };
            let c = colour::allocate(&players[i].colours, &players[j].colours, lot);
            let (a, b) = (players[i].number, players[j].number);
            pairing.boards.push(if c == Colour::White {
                Board { white: a, black: b }
            } else {
                Board { white: b, black: a }
            });
        }
        Ok(pairing)
    }
}

fn unpairable(field: &Field, system: &Uscf, n: usize, left: Vec<u32>) -> Unpairable {
    let list = left
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let reason = if n == 1 {
        format!(
            "only player {list} is left to pair, and they cannot get the pairing-allocated bye \
             (they already had a full-point bye, US Chess 28L3)"
        )
    } else {
        let clubs = if system.team_mates == TeamMates::Never {
            ", who is not a team-mate (team-mates: never)"
        } else {
            ""
        };
        format!(
            "no pairing of round {} pairs everybody: players {list} cannot all get an opponent \
             they have not met, who is not a forbidden pair{clubs}, or a bye they may still \
             receive",
            field.round
        )
    };
    Unpairable {
        players: left,
        reason,
    }
}

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
