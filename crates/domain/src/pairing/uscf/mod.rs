//! The US Chess Swiss system: US Chess Official Rules of Chess, 7th
//! edition, rules 27-29.
//!
//! How it pairs, as a director does (docs/pairing.md): the natural
//! pairing ([`natural`]: score groups from the top, top half against
//! bottom half, the odd player dropped to the next group, 28L2 the bye);
//! where a rematch, a forbidden pair or a team-mate stands in its way, the
//! smallest departure from it that still pairs each score group within
//! itself whenever possible, top group first (27A2 group by group, then
//! 27A3). One maximum weight matching over all players and the bye finds
//! that ([`cost`] packs the priorities into its weight), so a late round
//! never backs itself into a last board that cannot be paired, and
//! "unpairable" means no pairing of the whole section exists. Then the
//! colour fixes a director makes, board by board from the top, within the
//! 29E5 limits ([`fixes`]); with `--colour-priority colours` the matcher
//! weighs colours above 27A3 instead and makes them itself.
//!
//! The natural pairing is the yardstick: every transposition and
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
//!   WinTD's colour swap); `--unrated-bye lowest` lets unrated players take
//!   it first instead;
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
pub mod explain;
pub mod facts;
pub mod fixes;
pub mod natural;
pub mod near;
pub mod options;
pub mod sparse;
mod weigh;

use self::cost::Context;
use self::explain::Decisions;
use self::options::{ColourLimits, ColourPriority, TeamMates, UnratedBye};
use super::dutch::weights::{schema, solve};
use super::explain::Explanation;
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
    /// Where colours rank against top half against bottom half.
    pub colour_priority: ColourPriority,
    /// Whether unrated players come last for the bye (28L2).
    pub unrated_bye: UnratedBye,
}

impl Default for Uscf {
    /// SwissSys and WinTD's defaults: team-mates avoided if possible, 80
    /// and 200 points, no acceleration; the natural pairing before colours
    /// and the bye to a rated player, as the rulebook's text has them.
    fn default() -> Self {
        Uscf {
            team_mates: TeamMates::IfPossible,
            limits: ColourLimits::default(),
            accelerate_rounds: 0,
            colour_priority: ColourPriority::Natural,
            unrated_bye: UnratedBye::Last,
        }
    }
}

impl System for Uscf {
    fn pair(&self, field: &Field) -> Result<Pairing, Unpairable> {
        self.pair_explained(field).map(|(p, _)| p)
    }
}

impl Uscf {
    /// Pairs the round and says why, board by board.
    pub fn pair_explained(&self, field: &Field) -> Result<(Pairing, Explanation), Unpairable> {
        let players = facts::players(field, self.accelerate_rounds);
        let n = players.len();
        let high = players.iter().map(|p| p.score).max().unwrap_or(0);
        let low = players.iter().map(|p| p.score).min().unwrap_or(0);
        let span = high.abs_diff(low);
        let whole = super::size::uscf(n, span);
        if let Err(e) = &whole {
            if !super::size::uscf_too_many(n, span) {
                return Err(e.clone());
            }
        }
        let mut pairing = Pairing::default();
        for e in &field.entrants {
            if let Some(kind) = e.requested_bye {
                pairing.byes.push((e.number, kind));
            }
        }
        if n == 0 {
            return Ok((pairing, explain::empty()));
        }
        let bye = n % 2 == 1;
        let mut ctx = self.context(field, &players);
        let (seats, _) =
            natural::natural(&players, bye, self.unrated_bye, |i, j| ctx.allowed(i, j));
        ctx.seats = &seats;
        let mate = matching(&ctx, whole)?;
        let left: Vec<u32> = (0..n)
            .filter(|&i| mate[i].is_none())
            .map(|i| players[i].number)
            .collect();
        if !left.is_empty() {
            return Err(unpairable(field, self, n, left));
        }
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let mut bye_to = None;
        for (i, m) in mate.iter().enumerate().take(n) {
            match *m {
                Some(j) if j == ctx.bye_vertex() => bye_to = Some(i),
                Some(j) if i < j => pairs.push((i, j)),
                _ => {}
            }
        }
        // Board order: the higher score first, then the higher-ranked player.
        let board_order = |pairs: &mut Vec<(usize, usize)>| {
            pairs.sort_by_key(|&(i, j)| (-players[i].score.max(players[j].score), i.min(j)))
        };
        board_order(&mut pairs);
        let fixes = if self.colour_priority == ColourPriority::Natural {
            fixes::fix(&ctx, &mut pairs)
        } else {
            Vec::new()
        };
        board_order(&mut pairs);
        let mut reasons = Vec::new();
        for (k, &(i, j)) in pairs.iter().enumerate() {
            let lot = if k % 2 == 0 {
                field.initial_colour
            } else {
                field.initial_colour.opposite()
            };
            let (c, why) = colour::allocate_why(&players[i].colours, &players[j].colours, lot);
            reasons.push(why);
            let (a, b) = (players[i].number, players[j].number);
            pairing.boards.push(if c == Colour::White {
                Board { white: a, black: b }
            } else {
                Board { white: b, black: a }
            });
        }
        if let Some(i) = bye_to {
            pairing
                .byes
                .insert(0, (players[i].number, ByeKind::PairingAllocated));
        }
        let decisions = Decisions {
            ctx: &ctx,
            pairs: &pairs,
            reasons: &reasons,
            fixes: &fixes,
            bye_to,
        };
        let why = explain::explain(field, self.unrated_bye, &decisions, &pairing);
        Ok((pairing, why))
    }
}

impl Uscf {
    /// The facts every board's cost is computed from, before the natural
    /// pairing's seats are known.
    fn context<'a>(&self, field: &Field, players: &'a [facts::Player]) -> Context<'a> {
        Context {
            players,
            seats: &[],
            forbidden: field
                .forbidden
                .iter()
                .map(|&(a, b)| (a.min(b), a.max(b)))
                .collect(),
            team_mates: self.team_mates,
            limits: self.limits,
            bye: players.len() % 2 == 1,
            priority: self.colour_priority,
            unrated: self.unrated_bye,
        }
    }
}

/// The best matching of the round (mate of each vertex, the bye vertex
/// last): from a few boards of each player when the round is large
/// ([`sparse`]), else from the near boards ([`near`]), else from every
/// board. `whole` says whether every board fits in memory; when it does
/// not and the sparse path cannot prove its answer, the round is refused.
fn matching(
    ctx: &Context,
    whole: Result<(), Unpairable>,
) -> Result<Vec<Option<usize>>, Unpairable> {
    let n = ctx.players.len();
    if n >= sparse::FROM || whole.is_err() {
        if let Some(mate) = sparse::solve(ctx) {
            return Ok(mate);
        }
    }
    if let Err(mut e) = whole {
        e.reason = e.reason.replace(
            "; pair them in smaller sections",
            ", and pairing each score group within itself and with the groups beside it, which \
             needs far less, cannot be shown to give the best pairing of this round (a score \
             group cannot pair within itself and its neighbours as 27A2 prefers); pair them in \
             smaller sections",
        );
        return Err(e);
    }
    Ok(near::solve(ctx).unwrap_or_else(|| {
        let edges = ctx.edges();
        let vertices = n + usize::from(ctx.bye);
        solve(vertices, &edges, &schema(&edges, ctx.fields(), n / 2 + 1))
    }))
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
