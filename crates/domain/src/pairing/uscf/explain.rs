//! Why the US Chess engine paired a round as it did: for each board, the
//! natural pairing or the switch made (which rule, how many rating
//! points), who dropped to another score group and why, and which part of
//! 29E gave the colours; and why the bye went where it went.

use super::colour::{due, hard_failure, Reason};
use super::cost::{team_mates, Context};
use super::fixes::Fix;
use super::natural::{bye_order, kind, switch, Kind};
use super::options::{TeamMates, UnratedBye};
use crate::domain::pairing::explain::{name, score, BoardWhy, Explanation};
use crate::domain::pairing::{Colour, Field, Pairing};

/// What the engine decided, for the explanation.
pub struct Decisions<'a> {
    /// The facts the engine paired from (players, natural seats, rules).
    pub ctx: &'a Context<'a>,
    /// The boards by rank, in board order (higher-ranked player first).
    pub pairs: &'a [(usize, usize)],
    /// The colour rule of each board.
    pub reasons: &'a [Reason],
    /// The director's colour fixes made.
    pub fixes: &'a [Fix],
    /// The bye receiver's rank.
    pub bye_to: Option<usize>,
}

const SYSTEM: &str = "US Chess Swiss system, rules 27-29";

/// An explanation of a round with nobody to pair.
pub fn empty() -> Explanation {
    Explanation {
        system: SYSTEM.to_string(),
        ..Explanation::default()
    }
}

/// The explanation of `pairing`, made from the engine's decisions.
pub fn explain(
    field: &Field,
    unrated: UnratedBye,
    d: &Decisions,
    pairing: &Pairing,
) -> Explanation {
    let who = |i: usize| name(field, d.ctx.players[i].number);
    let boards = d
        .pairs
        .iter()
        .zip(&pairing.boards)
        .enumerate()
        .map(|(k, (&(i, j), b))| BoardWhy {
            board: k + 1,
            white: b.white,
            black: b.black,
            pairing: board_pairing(d, i, j, &who),
            floats: floats(d, i, j, &who),
            colours: colours(d, k, b.white == d.ctx.players[i].number, &who),
        })
        .collect();
    Explanation {
        system: SYSTEM.to_string(),
        boards,
        bye: d.bye_to.map(|i| bye(d, unrated, i, &who)),
    }
}

fn points_word(points: u32) -> String {
    if points == 1 {
        "1 rating point".to_string()
    } else {
        format!("{points} rating points")
    }
}

/// Natural pairing, a colour fix, or a switch forced by a higher rule.
fn board_pairing(d: &Decisions, i: usize, j: usize, who: &dyn Fn(usize) -> String) -> String {
    let ctx = d.ctx;
    let ps = ctx.players;
    if ctx.seats[i].opponent == Some(j) {
        return if ps[i].score != ps[j].score {
            format!(
                "natural pairing: {} drops to meet the highest-rated player of the next score group they may meet (29D1)",
                who(i)
            )
        } else {
            "natural pairing: upper half against lower half of the score group (27A3, 29C)"
                .to_string()
        };
    }
    if let Some(f) = d
        .fixes
        .iter()
        .rev()
        .find(|f| [f.moved.0, f.moved.1].iter().any(|&m| m == i || m == j))
    {
        let (rule, limit) = if f.equalises {
            ("29E5b, the 200-point rule", ctx.limits.equalisation)
        } else {
            ("29E5a, the 80-point rule", ctx.limits.alternation)
        };
        return format!(
            "{} of {} and {} ({}) so that {} gets the colour due to {}: within {limit} points ({rule})",
            if f.transposition { "transposition" } else { "interchange" },
            who(f.moved.0.min(f.moved.1)),
            who(f.moved.0.max(f.moved.1)),
            points_word(f.points),
            who(f.for_player),
            if f.equalises { "equalise" } else { "alternate" },
        );
    }
    let (points, _) = switch(ps, ctx.seats, i, j);
    let what = match kind(ctx.seats, i, j) {
        Kind::Transposition => "transposition",
        _ => "interchange",
    };
    format!(
        "{what} ({}) away from the natural pairing: {}",
        points_word(points),
        blocked(d, i, j, who)
    )
}

/// Why the natural opponents of `i` and `j` could not be kept.
fn blocked(d: &Decisions, i: usize, j: usize, who: &dyn Fn(usize) -> String) -> String {
    let ctx = d.ctx;
    for x in [i, j] {
        let Some(nx) = ctx.seats[x].opponent else {
            continue;
        };
        let (a, b) = (&ctx.players[x], &ctx.players[nx]);
        if a.met.contains(&b.number) {
            return format!(
                "{} and {}, the natural pairing, have already played (27A1)",
                who(x),
                who(nx)
            );
        }
        if !ctx.allowed(x, nx) {
            return format!(
                "{} and {}, the natural pairing, may not meet (a forbidden pair or team-mates, 28N)",
                who(x),
                who(nx)
            );
        }
        if ctx.team_mates == TeamMates::IfPossible && team_mates(a, b) {
            return format!(
                "{} and {}, the natural pairing, are team-mates (28N)",
                who(x),
                who(nx)
            );
        }
        let c = super::colour::allocate(&a.colours, &b.colours, Colour::White);
        if hard_failure(&a.colours, c) || hard_failure(&b.colours, c.opposite()) {
            return format!(
                "{} against {}, the natural pairing, would give a third colour in a row or a difference of three (29E5f)",
                who(x),
                who(nx)
            );
        }
    }
    "a rematch or forbidden pair elsewhere in the score groups moved the natural pairing; this is the smallest switch that pairs every score group from the top (27A2, then 27A3)".to_string()
}

/// The float of a board between two score groups, and why.
fn floats(d: &Decisions, i: usize, j: usize, who: &dyn Fn(usize) -> String) -> Vec<String> {
    let ps = d.ctx.players;
    let (hi, lo) = if ps[i].score >= ps[j].score {
        (i, j)
    } else {
        (j, i)
    };
    let (s, t) = (ps[hi].score, ps[lo].score);
    if s == t {
        return Vec::new();
    }
    // The players of score s to pair this round, with those dropped into it.
    let members = d
        .pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .filter(|&x| ps[x].score == s)
        .count();
    let dropped_in = d
        .pairs
        .iter()
        .filter(|&&(a, b)| {
            let (x, y) = (ps[a].score.max(ps[b].score), ps[a].score.min(ps[b].score));
            x > s && y == s
        })
        .count();
    let why = if (members - dropped_in) % 2 == 1 {
        format!(
            "the {} group has an odd number of players to pair among themselves, so one drops (29D1)",
            score(s)
        )
    } else {
        format!(
            "the {} group cannot be paired wholly within itself without a rematch or a forbidden pair (27A1 before 27A2)",
            score(s)
        )
    };
    vec![format!(
        "{}, on {}, meets {}, on {}: {why}",
        who(hi),
        score(s),
        who(lo),
        score(t)
    )]
}

fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

/// "due White to equalise" / "due Black to alternate" / "due no colour".
fn claim(colours: &[Colour]) -> String {
    match due(colours) {
        Some(d) if d.equalises() => format!("due {} to equalise", colour_word(d.colour)),
        Some(d) => format!("due {} to alternate", colour_word(d.colour)),
        None => "due no colour".to_string(),
    }
}

/// Which part of 29E gave board `k` its colours. `hi_white` says whether
/// the higher-ranked player has White.
fn colours(d: &Decisions, k: usize, hi_white: bool, who: &dyn Fn(usize) -> String) -> String {
    let (i, j) = d.pairs[k];
    let (w, b) = if hi_white { (i, j) } else { (j, i) };
    let ps = d.ctx.players;
    let (cw, cb) = (claim(&ps[w].colours), claim(&ps[b].colours));
    // The player who got their due colour (the stronger claim).
    let winner = match due(&ps[w].colours) {
        Some(d) if d.colour == Colour::White => w,
        _ => b,
    };
    match d.reasons[k] {
        Reason::Limit => format!(
            "{} White, {} Black: the other way round would give a third colour in a row or a difference of three (29E5f)",
            who(w),
            who(b)
        ),
        Reason::Lot => format!(
            "neither is due a colour: {} has White by the initial colour, alternating down the boards (29E2)",
            who(w)
        ),
        Reason::OneDue => format!(
            "{} is {cw}, {} is {cb}: the only claim decides (29E1)",
            who(w),
            who(b)
        ),
        Reason::BothDue => format!(
            "{} is {cw}, {} is {cb}: each gets their due colour (29E1)",
            who(w),
            who(b)
        ),
        Reason::Stronger => format!(
            "{} is {cw}, {} is {cb}: the stronger claim wins, equalisation over alternation and the larger imbalance first (29E4); {} gets the due colour",
            who(w),
            who(b),
            who(winner)
        ),
        Reason::History => format!(
            "both are due the same colour equally ({} {cw}, {} {cb}): back to the last round in which they had different colours, alternating from it (29E4)",
            who(w),
            who(b)
        ),
        Reason::Higher => format!(
            "both are due the same colour with the same history: the higher-ranked {} gets it (29E4)",
            who(i)
        ),
    }
}

/// Why the bye went to `i`.
fn bye(d: &Decisions, unrated: UnratedBye, i: usize, who: &dyn Fn(usize) -> String) -> String {
    let ps = d.ctx.players;
    let order = bye_order(ps, unrated);
    let unrated_rule = match unrated {
        UnratedBye::Last => "rated players before unrated ones",
        UnratedBye::Lowest => {
            "unrated players counted at rating 0 (the event's unrated-bye setting: lowest)"
        }
    };
    let base = format!(
        "{}, on {}: the lowest score group first, {unrated_rule}, then the lowest rating, never a second full-point bye (28L2, 28L3)",
        who(i),
        score(ps[i].score)
    );
    match order.iter().position(|&x| x == i) {
        Some(0) => base,
        Some(k) => format!(
            "{base}; {} before them in that order could not sit out without leaving a player who cannot be paired, or without breaking a score group higher up (27A1, 27A2)",
            order[..k].iter().map(|&x| who(x)).collect::<Vec<_>>().join(", ")
        ),
        None => base,
    }
}
