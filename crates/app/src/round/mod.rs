//! A round's actions, for player and team events alike: pair the next round
//! (a preview, then a confirm of exactly that plan), pair a round again
//! while none of its results is in, delete the last paired round, record a
//! round sheet. The rules of which round may be paired, and when, are
//! written once here for both kinds of event; only a team's line-ups are
//! team-only (the private `teams` module).

pub mod ahead;
pub mod delete;
pub mod explain;
pub mod pair;
mod players;
pub(crate) use players::title_rank;
pub mod schedule;
pub mod sheet;
mod teams;

use crate::domain::league::{Event, Section};
use crate::error::{Error, Result};
use crate::store::pairing::{self as pairings, RoundPairing};
use crate::store::Readable;

/// Whether a round pairs players (a section) or teams (a team event): the
/// words a refusal uses differ ("games", "matches").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Players of a section, paired board by board.
    Players,
    /// Teams of a team event, paired match by match.
    Teams,
}

impl Side {
    /// "players" or "teams".
    pub fn plural(self) -> &'static str {
        match self {
            Side::Players => "players",
            Side::Teams => "teams",
        }
    }

    /// What a round without pairings "has no ...".
    fn none(self) -> &'static str {
        match self {
            Side::Players => "has no pairings",
            Side::Teams => "has no matches",
        }
    }

    /// What a round with pairings "is ...".
    fn already(self) -> &'static str {
        match self {
            Side::Players => "is already paired",
            Side::Teams => "already has matches",
        }
    }

    /// "3 games", "1 match".
    fn count(self, n: usize) -> String {
        match (self, n) {
            (Side::Players, 1) => "1 game".to_string(),
            (Side::Players, n) => format!("{n} games"),
            (Side::Teams, 1) => "1 match".to_string(),
            (Side::Teams, n) => format!("{n} matches"),
        }
    }
}

/// What changed in a round between a pairing's preview and its confirm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The round was paired (or its pairing replaced) meanwhile.
    Paired,
    /// The round's pairing was deleted meanwhile.
    Unpaired,
    /// A player or team was entered, withdrawn, given a bye or renumbered.
    Entries,
    /// A result of an earlier round was recorded or corrected.
    Results,
    /// Anything else the pairing reads (the event's settings, a roster).
    Other,
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Change::Paired => "the round has been paired meanwhile",
            Change::Unpaired => "the round's earlier pairing has been deleted meanwhile",
            Change::Entries => {
                "the players or teams to pair have changed (an entry, a withdrawal or a bye)"
            }
            Change::Results => "a result of an earlier round has been recorded or corrected",
            Change::Other => "the event's settings or line-ups have changed",
        })
    }
}

/// Why a round may not be paired, replaced, deleted or recorded as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Round 0 asked for.
    #[error("there is no round 0: rounds are numbered from 1")]
    NoRoundZero,
    /// Every round of the event is paired; the one after was asked for.
    #[error("{event} is complete: all its {rounds} rounds are paired, so there is no round {round} to pair")]
    EventComplete {
        /// The event's name.
        event: String,
        /// Its planned rounds.
        rounds: u32,
        /// The round asked for.
        round: u32,
    },
    /// A round beyond the event's planned rounds.
    #[error("round {round} is beyond {event}'s {rounds} rounds")]
    BeyondEvent {
        /// The round asked for.
        round: u32,
        /// The event's name.
        event: String,
        /// Its planned rounds.
        rounds: u32,
    },
    /// An earlier round has no pairings yet.
    #[error("round {round} cannot be paired before round {missing}: {whose} {} in round {missing} yet (pair it first, or check the round number)", side.none())]
    EarlierRoundNotPaired {
        /// The round asked for.
        round: u32,
        /// The first earlier round without pairings.
        missing: u32,
        /// The section (or team event).
        whose: String,
        /// Players or teams.
        side: Side,
    },
    /// A later round is paired already.
    #[error("round {later} of {whose} {}, so round {round} cannot be paired again", side.already())]
    LaterRoundPaired {
        /// The round asked for.
        round: u32,
        /// The later round that has pairings.
        later: u32,
        /// The section (or team event).
        whose: String,
        /// Players or teams.
        side: Side,
    },
    /// The round is paired already and pairing it again was not asked for.
    #[error("round {round} of {whose} is already paired ({})", side.count(*paired))]
    RoundAlreadyPaired {
        /// The round asked for.
        round: u32,
        /// The section (or team event).
        whose: String,
        /// Players or teams.
        side: Side,
        /// Games (or matches) the round has.
        paired: usize,
        /// Whether a result of the round is in (then it cannot be paired
        /// again at all).
        has_results: bool,
    },
    /// Pairing a round again asked for, but a result of it is in.
    #[error("round {round} of {whose} cannot be paired again: {}", match first { Some(g) => format!("a result is in ({g})"), None => "results are in".to_string() })]
    ResultsIn {
        /// The round asked for.
        round: u32,
        /// The section (or team event).
        whose: String,
        /// Players or teams.
        side: Side,
        /// The first game with a result ("Ann v Bob 1-0"), for players.
        first: Option<String>,
    },
    /// Nobody to pair.
    #[error("{whose} has no {} to pair", side.plural())]
    NobodyToPair {
        /// The section (or team event).
        whose: String,
        /// Players or teams.
        side: Side,
    },
    /// A Swiss round while an earlier round has games without a result:
    /// a Swiss pairs by score, and the scores are not known.
    #[error("round {round} of {whose} cannot be paired yet: round {earlier} still has {}", pending_words(*side, first, *more))]
    PendingResults {
        /// The round asked for.
        round: u32,
        /// The section (or team event).
        whose: String,
        /// Players or teams.
        side: Side,
        /// The first earlier round with a game (or board) without a result.
        earlier: u32,
        /// The first such game, (White, Black), for players.
        first: Option<(String, String)>,
        /// How many more such games.
        more: usize,
    },
    /// A team has fewer players on its roster than a match has boards.
    #[error("round {round} of {event} cannot be paired: a match is on {boards} boards, and {}", short_words(short, *boards))]
    ShortRosters {
        /// The round asked for.
        round: u32,
        /// The team event.
        event: String,
        /// Boards a match is played on.
        boards: u32,
        /// Each short team and how many players its roster has.
        short: Vec<(String, usize)>,
    },
    /// A round robin whose table has another number of rounds than the
    /// event plans.
    #[error("a {}round robin of {count} {} has {needed} rounds, but {event} plans {planned}", if *double { "double " } else { "" }, side.plural())]
    TableRounds {
        /// A double round robin.
        double: bool,
        /// Players or teams in the table.
        count: usize,
        /// Players or teams.
        side: Side,
        /// The table's rounds.
        needed: u32,
        /// The event's name.
        event: String,
        /// The rounds it plans.
        planned: u32,
    },
    /// An event whose pairing is by hand: there is no engine to pair it.
    #[error("this event is paired by hand (pairing: manual)")]
    ByHand,
    /// A team event whose pairing is by hand.
    #[error("{event} is paired by hand (pairing: manual)")]
    PairedByHand {
        /// The team event's name.
        event: String,
    },
    /// The pairing engine found no pairing.
    #[error("round {round} of {whose} cannot be paired: {reason}{}. Nothing was written", if names.is_empty() { String::new() } else { format!(" ({}: {})", side.plural(), names.join(", ")) })]
    Unpairable {
        /// The round asked for.
        round: u32,
        /// The section (or team event).
        whose: String,
        /// Players or teams.
        side: Side,
        /// Why, in the engine's words.
        reason: String,
        /// Who cannot be paired ("Ann Lee (3)").
        names: Vec<String>,
    },
    /// A previewed pairing confirmed after the round changed.
    #[error(
        "round {round} of {whose} cannot be written as it was shown: {change}. Nothing was written"
    )]
    PlanChanged {
        /// The round.
        round: u32,
        /// The section (or team event).
        whose: String,
        /// What changed.
        change: Change,
    },
    /// Every round is paired: nothing left to pair at once.
    #[error("every round of {whose} is already paired")]
    AllPaired {
        /// The section (or team event).
        whose: String,
    },
    /// Pairing every round at once asked of a Swiss.
    #[error("{event} pairs by {system}: a Swiss is paired a round at a time, after the results")]
    NotRoundRobin {
        /// The event's name.
        event: String,
        /// The system's name.
        system: String,
    },
    /// Delete asked of a round with no pairings.
    #[error("{whose} has no pairings in round {round}")]
    NotPaired {
        /// The section.
        whose: String,
        /// The round asked for.
        round: u32,
    },
    /// Delete asked of a round before the last paired one.
    #[error("round {later} of {whose} is paired after round {round}; delete the last round first")]
    NotLastRound {
        /// The round asked for.
        round: u32,
        /// The later round that is paired.
        later: u32,
        /// The section.
        whose: String,
    },
    /// Delete asked of a round with results, without saying why.
    #[error("round {round} of {whose} has {results} result{} in", if *results == 1 { "" } else { "s" })]
    HasResults {
        /// The round asked for.
        round: u32,
        /// The section.
        whose: String,
        /// Results in.
        results: usize,
    },
    /// Deleting a round with results needs a reason for the log.
    #[error("deleting a round with results needs a reason, for the log")]
    ReasonNeeded,
}

/// "games without a result (Ann v Bob and 2 more)", "boards without a result".
fn pending_words(side: Side, first: &Option<(String, String)>, more: usize) -> String {
    match (side, first) {
        (Side::Teams, _) | (_, None) => match side {
            Side::Teams => "boards without a result".to_string(),
            Side::Players => "games without a result".to_string(),
        },
        (Side::Players, Some((w, b))) => format!(
            "games without a result ({w} v {b}{})",
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        ),
    }
}

/// "Knights has 3 players on its roster and needs 4; Rooks ...".
fn short_words(short: &[(String, usize)], boards: u32) -> String {
    short
        .iter()
        .map(|(name, have)| {
            format!(
                "{name} has {have} player{} on its roster and needs {boards}",
                if *have == 1 { "" } else { "s" }
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Refuse to pair `round` when it is 0, beyond the event's rounds, after a
/// round not yet paired, or before a round already paired (`paired`: the
/// rounds that have pairings). The one check for players and teams.
pub fn round_may_be_paired(
    round: u32,
    event: &Event,
    paired: &[u32],
    whose: &str,
    side: Side,
) -> Result<()> {
    let refuse = |r: Refusal| Err(Error::refused(r));
    if round == 0 {
        return refuse(Refusal::NoRoundZero);
    }
    if round == event.rounds + 1 && (1..=event.rounds).all(|n| paired.contains(&n)) {
        return refuse(Refusal::EventComplete {
            event: event.name.clone(),
            rounds: event.rounds,
            round,
        });
    }
    if round > event.rounds {
        return refuse(Refusal::BeyondEvent {
            round,
            event: event.name.clone(),
            rounds: event.rounds,
        });
    }
    if let Some(missing) = (1..round).find(|n| !paired.contains(n)) {
        return refuse(Refusal::EarlierRoundNotPaired {
            round,
            missing,
            whose: whose.to_string(),
            side,
        });
    }
    if let Some(&later) = paired.iter().find(|&&n| n > round) {
        return refuse(Refusal::LaterRoundPaired {
            round,
            later,
            whose: whose.to_string(),
            side,
        });
    }
    Ok(())
}

/// A round about to be paired, as [`round_to_pair`] found it.
pub(super) struct ToPair {
    /// The rounds of the section that hold a pairing.
    pub paired: Vec<u32>,
    /// What the round holds now.
    pub now: RoundPairing,
    /// Games (players) or matches (teams) of its pairing to replace.
    pub existing: usize,
}

/// Check that round `round` may be paired ([`round_may_be_paired`]) and,
/// when it holds a pairing already, that it may be paired again: only
/// when `replace` asks, and only while none of its results is in. The one
/// check for a section of players and a team event's one section.
pub(super) fn round_to_pair(
    conn: &dyn Readable,
    event: &Event,
    section: &Section,
    side: Side,
    round: u32,
    replace: bool,
) -> Result<ToPair> {
    let whose = match side {
        Side::Players => &section.name,
        Side::Teams => &event.name,
    };
    let paired = pairings::rounds_with_pairings(&conn, section.id)?;
    round_may_be_paired(round, event, &paired, whose, side)?;
    let now = pairings::round_pairing(&conn, section.id, round)?;
    let existing = may_pair_again(&now, round, whose, side, replace)?;
    Ok(ToPair {
        paired,
        now,
        existing,
    })
}

/// Whether a round that holds a pairing may be paired again; the games (or
/// matches) to replace, 0 when it holds none.
fn may_pair_again(
    now: &RoundPairing,
    round: u32,
    whose: &str,
    side: Side,
    replace: bool,
) -> Result<usize> {
    if !now.is_paired() {
        return Ok(0);
    }
    let paired = match side {
        Side::Players => now.games,
        Side::Teams => now.matches,
    };
    if !replace {
        return Err(Error::refused(Refusal::RoundAlreadyPaired {
            round,
            whose: whose.to_string(),
            side,
            paired,
            has_results: now.results > 0,
        }));
    }
    if now.results > 0 {
        return Err(Error::refused(Refusal::ResultsIn {
            round,
            whose: whose.to_string(),
            side,
            // A team's result may be a forfeited board or a score alone:
            // the refusal says "results are in".
            first: match side {
                Side::Players => now.first_result.clone(),
                Side::Teams => None,
            },
        }));
    }
    // A team round holding only a team bye still has a pairing to replace.
    Ok(match side {
        Side::Players => now.games,
        Side::Teams => now.matches.max(1),
    })
}

/// A round robin of `count` players or teams has as many rounds as its
/// Berger table (twice that for a double round robin): refused when the
/// event plans another number. One rule for player and team events.
pub fn check_table_rounds(
    event: &Event,
    rules: &crate::domain::pairing::settings::PairingRules,
    count: usize,
    side: Side,
) -> Result<()> {
    use crate::domain::pairing::round_robin::{RoundRobin, Table};
    let rr = RoundRobin {
        table: Table::Berger,
        cycles: if rules.double_round_robin { 2 } else { 1 },
    };
    let needed = rr.rounds(count as u32);
    if needed == event.rounds {
        return Ok(());
    }
    Err(Error::refused(Refusal::TableRounds {
        double: rules.double_round_robin,
        count,
        side,
        needed,
        event: event.name.clone(),
        planned: event.rounds,
    }))
}

#[cfg(test)]
mod tests;
