//! Pairing and the league's records: an event's pairing settings (table
//! `pairing_rules`, V14), the [`Field`] of a section for round N built from
//! what is recorded, and a [`Pairing`] written back in one transaction.
//! Which rounds hold a pairing ([`rounds_with_pairings`], [`next_round`]),
//! what a round holds and how many of its results are in
//! ([`round_pairing`]), and how a replaced pairing is logged are asked once
//! here for player and team events alike; a team's rosters, board ones and
//! matches are [`super::team_pairing`]'s.
//!
//! Rules applied here (docs/pairing.md has them for the secretary):
//! - **Who is paired**: every entry not withdrawn before round N (a player
//!   who withdrew after round w plays rounds 1..w) and without a requested
//!   bye in round N; a requested bye recorded for round N (`league bye add
//!   --round N`) keeps the player out, with that bye.
//! - **History**: each earlier round per player is a game played (colour,
//!   opponent, points), a forfeit (a game not played: C.04.1 b and h), a bye
//!   (pairing-allocated, or requested full/half/zero) or absent. A game of
//!   an earlier round still without a result counts as played with no points
//!   yet; a Swiss refuses to pair while there is one (scores are not known),
//!   a round robin does not need results.
//! - **Pairing numbers** stay in `entry.pairing_no`. At the section's first
//!   pairing (no round paired yet) they are given afresh: by rating, then
//!   title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name (FIDE
//!   C.04.2); or, for a round robin whose event says `drawn`, in an order
//!   drawn by lot. From then on they are fixed; late entries get the next
//!   numbers (`league enter`, as before).
//! - **Acceleration**: with `acceleration baku` the engine gets each
//!   player's Baku virtual points for round N (C.04.5.1, computed by
//!   `domain::pairing::acceleration`): pairing only, never a score.
//! - **Writing**: the round's games with no result, boards in the pairing's
//!   order, and the pairing-allocated bye worth what the event says
//!   (`bye_points`); requested byes are already recorded and stay.

use std::collections::HashMap;

use crate::Writer;
use rusqlite::{params, OptionalExtension};

use super::audit::{audit_event, changed_fields, Action};
use super::constraint_error;
use super::round::{bye_kind_str, ensure_round};
use super::Readable;
use crate::domain::ids::{EntryId, EventId, RoundId, SectionId};
use crate::domain::league::{Event, Section};
use crate::domain::pairing::settings::{
    bye_str, colour_str, parse_bye, parse_colour, ColourLimits, ColourPriority, Numbering,
    PairingRules, SystemKind, UnratedBye,
};
use crate::domain::pairing::{ByeKind, Field, Pairing};
use crate::domain::record::{ByeKind as RecordBye, Outcome};
use crate::domain::score::Points;
use crate::error::{Error, Result};

/// An event's pairing settings. An event without a row (a database edited
/// by hand) reads as `manual`.
pub fn rules(conn: &impl Readable, event_id: EventId) -> Result<PairingRules> {
    let conn = super::sql(conn);
    let row = conn
        .query_row(
            "SELECT system, initial_colour, acceleration, bye_points, double_round_robin, numbers, \
             team_mates, alternation_limit, equalisation_limit, accelerate_rounds, \
             colour_priority, unrated_bye FROM pairing_rules WHERE event_id = ?1",
            [event_id],
            |r| {
                Ok(RulesRow {
                    system: r.get("system")?,
                    colour: r.get("initial_colour")?,
                    acceleration: r.get("acceleration")?,
                    bye: r.get("bye_points")?,
                    double: r.get("double_round_robin")?,
                    numbers: r.get("numbers")?,
                    mates: r.get("team_mates")?,
                    alternation: r.get("alternation_limit")?,
                    equalisation: r.get("equalisation_limit")?,
                    rounds: r.get("accelerate_rounds")?,
                    priority: r.get("colour_priority")?,
                    unrated: r.get("unrated_bye")?,
                })
            },
        )
        .optional()?;
    let Some(row) = row else {
        return Ok(PairingRules::manual());
    };
    // The CHECKs of V14 keep these to known words.
    let bad = |m: String| Error::Database(format!("pairing_rules of event {event_id}: {m}"));
    Ok(PairingRules {
        system: row.system.parse().map_err(bad)?,
        initial_colour: parse_colour(&row.colour).map_err(bad)?,
        acceleration: row.acceleration.parse().map_err(bad)?,
        bye: parse_bye(&row.bye).map_err(bad)?,
        double_round_robin: row.double,
        numbers: row.numbers.parse().map_err(bad)?,
        team_mates: row.mates.parse().map_err(bad)?,
        colour_limits: ColourLimits {
            alternation: row.alternation,
            equalisation: row.equalisation,
        },
        accelerate_rounds: row.rounds,
        colour_priority: row.priority.parse().map_err(bad)?,
        unrated_bye: row.unrated.parse().map_err(bad)?,
    })
}

/// A `pairing_rules` row as stored (words the CHECKs of V14 allow).
struct RulesRow {
    system: String,
    colour: String,
    acceleration: String,
    bye: String,
    double: bool,
    numbers: String,
    mates: String,
    alternation: u32,
    equalisation: u32,
    rounds: u32,
    priority: String,
    unrated: String,
}

/// Store an event's pairing settings (replacing any): kept with the
/// events, whose creation stores the defaults of the kind.
pub use super::season::insert_pairing_rules as insert_rules;

/// The settings as (what, value) lines for `league event show`.
pub fn describe(r: &PairingRules) -> Vec<(&'static str, String)> {
    let mut lines = vec![(
        "pairing",
        format!("{} ({})", r.system.as_str(), r.system.label()),
    )];
    if !r.system.is_round_robin() {
        lines.push(("initial colour", colour_str(r.initial_colour).to_string()));
        lines.push(("acceleration", r.acceleration.as_str().to_string()));
        if r.system == SystemKind::Uscf {
            lines.push(("team-mates", r.team_mates.as_str().to_string()));
            lines.push((
                "colour limits",
                format!(
                    "{} points to alternate, {} to equalise",
                    r.colour_limits.alternation, r.colour_limits.equalisation
                ),
            ));
            lines.push((
                "accelerated rounds",
                if r.accelerate_rounds == 0 {
                    "none".to_string()
                } else {
                    format!("the first {} (added score)", r.accelerate_rounds)
                },
            ));
            lines.push((
                "colour priority",
                match r.colour_priority {
                    ColourPriority::Natural => {
                        "natural (the natural pairing first, colours fixed within the limits)"
                    }
                    ColourPriority::Colours => {
                        "colours (colours within the limits before top half against bottom half)"
                    }
                }
                .to_string(),
            ));
            lines.push((
                "bye to unrated players",
                match r.unrated_bye {
                    UnratedBye::Last => "last (rated players of the lowest score group first)",
                    UnratedBye::Lowest => "lowest (unrated players count as rated 0)",
                }
                .to_string(),
            ));
        }
    } else {
        lines.push((
            "round robin",
            if r.double_round_robin {
                "double (colours reversed in the second cycle)".to_string()
            } else {
                "single".to_string()
            },
        ));
        lines.push((
            "table numbers",
            match r.numbers {
                Numbering::Rating => "by rating".to_string(),
                Numbering::Drawn => "drawn by lot".to_string(),
            },
        ));
    }
    lines.push((
        "pairing-allocated bye",
        match r.bye {
            RecordBye::Full => "1 point",
            RecordBye::Half => "½ point",
            RecordBye::Zero => "no points",
        }
        .to_string(),
    ));
    lines
}

/// Change an event's pairing settings; every change goes in the log.
pub fn set_rules(tx: &Writer, event: &Event, new: &PairingRules) -> Result<PairingRules> {
    let old = rules(tx, event.id)?;
    insert_rules(tx, event.id, new)?;
    let show = |r: &PairingRules| {
        [
            ("pairing", r.system.as_str().to_string()),
            ("initial colour", colour_str(r.initial_colour).to_string()),
            ("acceleration", r.acceleration.as_str().to_string()),
            ("bye", bye_str(r.bye).to_string()),
            ("double round robin", r.double_round_robin.to_string()),
            ("numbers", r.numbers.as_str().to_string()),
            ("team-mates", r.team_mates.as_str().to_string()),
            ("colour limits", r.colour_limits.to_string()),
            ("accelerated rounds", r.accelerate_rounds.to_string()),
            ("colour priority", r.colour_priority.as_str().to_string()),
            ("unrated bye", r.unrated_bye.as_str().to_string()),
        ]
    };
    let fields: Vec<(&str, String, String)> = show(&old)
        .into_iter()
        .zip(show(new))
        .map(|((k, a), (_, b))| (k, a, b))
        .collect();
    if let Some((o, n)) = changed_fields(&fields) {
        audit_event(
            tx,
            Some(event.id),
            Action::Edit,
            &format!("pairing settings of {} {}", event.season, event.name),
            Some(&o),
            Some(&n),
            None,
        )?;
    }
    Ok(*new)
}

/// One entry as the pairing sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The entry the games are written for.
    pub entry_id: EntryId,
    /// The pairing number the field uses (after numbering, at a first pairing).
    pub number: u32,
    /// The number stored now.
    pub stored_number: u32,
    /// The player's name, for the printed pairing and the log.
    pub name: String,
    /// The rating at entry: the first key of the initial order.
    pub rating: Option<u32>,
    /// The player's title: the second key of the initial order (C.04.2).
    pub title: Option<String>,
    /// The last round before the player withdrew: not paired after it.
    pub withdrawn_after: Option<u32>,
    /// The player's club (US Chess 28N), if known.
    pub club: Option<String>,
}

/// Everything needed to pair round N of a section and write the result.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The section being paired.
    pub section: Section,
    /// The round being paired.
    pub round: u32,
    /// The round as the pairing engines see it: entrants, histories, rules.
    pub field: Field,
    /// The section's entries, in the field's pairing-number order.
    pub seats: Vec<Seat>,
    /// Numbers are given at this pairing (the section's first), and differ
    /// from the stored ones.
    pub renumber: bool,
    /// Games of round N already there (with `--replace`: to be replaced).
    pub existing_games: usize,
    /// Earlier games still without a result: (round, White, Black).
    pub pending: Vec<(u32, String, String)>,
}

impl Plan {
    /// The seat with pairing number `n`.
    pub fn seat(&self, n: u32) -> Option<&Seat> {
        self.seats.iter().find(|s| s.number == n)
    }
}

/// "#1 Ann Lee, #2 Bo Ek": numbers as the log records them when a first
/// pairing gives them (players or teams).
pub(crate) fn numbered<'a>(seats: impl Iterator<Item = (u32, &'a str)>) -> String {
    seats
        .map(|(n, name)| format!("#{n} {name}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Log that round `round` of `whose` ("Winter Swiss 1600+", or a team
/// event's name) was paired again, with what its pairing was (`old`, one
/// line a game or match): the one wording for players and teams.
pub(crate) fn log_paired_again(
    tx: &Writer,
    event: &Event,
    whose: &str,
    round: u32,
    old: &[String],
) -> Result<()> {
    audit_event(
        tx,
        Some(event.id),
        Action::Delete,
        &format!("{whose} round {round} pairing"),
        Some(&old.join("; ")),
        None,
        Some("the round was paired again"),
    )
}

/// The rounds of a section that hold a pairing, in order: a game or a bye
/// the pairing gave (players), a match or a team bye (teams). A round
/// holding only requested byes is not paired yet. The one question for
/// both kinds of event: a player section has no matches, and a team
/// section keeps its games in its matches.
pub fn rounds_with_pairings(conn: &impl Readable, section_id: SectionId) -> Result<Vec<u32>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare_cached(
        "SELECT r.number AS number FROM round r WHERE r.section_id = ?1
           AND (EXISTS (SELECT 1 FROM game g WHERE g.round_id = r.id)
             OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = r.id AND b.requested = 0)
             OR EXISTS (SELECT 1 FROM team_match m WHERE m.round_id = r.id))
         ORDER BY r.number",
    )?;
    let rows = st
        .query_map([section_id], |r| r.get::<_, u32>("number"))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The round a pairing pairs when none is given: the one after the last
/// round with a pairing (see [`rounds_with_pairings`]), for players and
/// teams alike.
pub fn next_round(conn: &impl Readable, section: &Section) -> Result<u32> {
    Ok(rounds_with_pairings(conn, section.id)?
        .last()
        .copied()
        .unwrap_or(0)
        + 1)
}

/// What round `round` of a section holds now: its row; its games and
/// pairing-allocated byes (players), its matches and team byes (teams);
/// how many of its results are in, and the first game with one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoundPairing {
    /// The round's row, if it is created.
    pub round_id: Option<RoundId>,
    /// Games paired in it (a team event's: its matches' boards).
    pub games: usize,
    /// Byes the pairing gave in it.
    pub assigned_byes: usize,
    /// Team matches in it (a team event's).
    pub matches: usize,
    /// Team byes in it (a team event's).
    pub team_byes: usize,
    /// Results in: games with a result, and for teams also boards
    /// forfeited and matches known by their score alone.
    pub results: usize,
    /// The first game (by board) with a result: "Ann v Bob 1-0".
    pub first_result: Option<String>,
}

impl RoundPairing {
    /// Whether the round holds a pairing (a game, a bye the pairing gave,
    /// a match or a team bye).
    pub fn is_paired(&self) -> bool {
        self.games + self.assigned_byes + self.matches + self.team_byes > 0
    }
}

/// Round `round`'s pairing and results as [`RoundPairing`] counts them.
pub fn round_pairing(
    conn: &impl Readable,
    section_id: SectionId,
    round: u32,
) -> Result<RoundPairing> {
    let conn = super::sql(conn);
    let round_id: Option<RoundId> = conn
        .query_row(
            "SELECT id FROM round WHERE section_id = ?1 AND number = ?2",
            params![section_id, round],
            |r| r.get("id"),
        )
        .optional()?;
    let Some(rid) = round_id else {
        return Ok(RoundPairing::default());
    };
    let count = |r: &rusqlite::Row, name: &str| r.get::<_, i64>(name).map(|n| n as usize);
    let mut now = conn.query_row(
        "SELECT (SELECT COUNT(*) FROM game WHERE round_id = ?1) AS games, \
                (SELECT COUNT(*) FROM bye WHERE round_id = ?1 AND requested = 0) AS assigned, \
                (SELECT COUNT(*) FROM team_match WHERE round_id = ?1 AND team_b IS NOT NULL) AS matches, \
                (SELECT COUNT(*) FROM team_match WHERE round_id = ?1 AND team_b IS NULL) AS team_byes, \
                (SELECT COUNT(*) FROM game WHERE round_id = ?1 AND result IS NOT NULL) \
              + (SELECT COUNT(*) FROM team_board_forfeit f JOIN team_match m ON m.id = f.team_match_id \
                  WHERE m.round_id = ?1) \
              + (SELECT COUNT(*) FROM team_match WHERE round_id = ?1 \
                  AND points_a_halves IS NOT NULL AND team_b IS NOT NULL) AS results",
        [rid],
        |r| {
            Ok(RoundPairing {
                round_id,
                games: count(r, "games")?,
                assigned_byes: count(r, "assigned")?,
                matches: count(r, "matches")?,
                team_byes: count(r, "team_byes")?,
                results: count(r, "results")?,
                first_result: None,
            })
        },
    )?;
    now.first_result = conn
        .query_row(
            "SELECT pw.name || ' v ' || pb.name || ' ' || g.result AS line FROM game g \
             JOIN entry ew ON ew.id = g.white_entry JOIN player pw ON pw.id = ew.player_id \
             JOIN entry eb ON eb.id = g.black_entry JOIN player pb ON pb.id = eb.player_id \
             WHERE g.round_id = ?1 AND g.result IS NOT NULL ORDER BY g.board, g.id LIMIT 1",
            [rid],
            |r| r.get("line"),
        )
        .optional()?;
    Ok(now)
}

/// A section's entries as the pairing sees them, by stored pairing number.
pub fn seats(conn: &impl Readable, section_id: SectionId) -> Result<Vec<Seat>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT e.id AS entry_id, e.pairing_no, p.name, e.rating, p.title, e.withdrawn_after, p.club \
         FROM entry e JOIN player p ON p.id = e.player_id WHERE e.section_id = ?1 ORDER BY e.pairing_no",
    )?;
    let seats = st
        .query_map([section_id], |r| {
            Ok(Seat {
                entry_id: r.get("entry_id")?,
                number: r.get("pairing_no")?,
                stored_number: r.get("pairing_no")?,
                name: r.get("name")?,
                rating: r.get("rating")?,
                title: r.get("title")?,
                withdrawn_after: r.get("withdrawn_after")?,
                club: r.get("club")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(seats)
}

/// One entry's earlier round, as the `player_round` view records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastRow {
    /// The entry.
    pub entry_id: EntryId,
    /// The round.
    pub round: u32,
    /// The opponent, for a game.
    pub opponent: Option<EntryId>,
    /// The entry had Black (White otherwise, or no colour).
    pub black: bool,
    /// What the round was for the entry; `None`: a game still without a
    /// result.
    pub outcome: Option<Outcome>,
    /// The points it scored, in halves.
    pub halves: i32,
}

/// Every entry's rounds before `round`.
pub fn past_rows(conn: &impl Readable, section_id: SectionId, round: u32) -> Result<Vec<PastRow>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT entry_id, round_no, opponent_entry_id, colour, outcome, bye_requested, halves \
         FROM player_round WHERE section_id = ?1 AND round_no < ?2",
    )?;
    let rows = st
        .query_map(params![section_id, round], |r| {
            let outcome: String = r.get("outcome")?;
            Ok(PastRow {
                entry_id: r.get("entry_id")?,
                round: r.get("round_no")?,
                opponent: r.get("opponent_entry_id")?,
                black: r.get::<_, Option<String>>("colour")?.as_deref() == Some("B"),
                outcome: super::facts::player_outcome(&outcome, r.get("bye_requested")?),
                halves: r.get("halves")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// A bye requested for a round, recorded before it is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestedBye {
    /// Who asked for it.
    pub entry_id: EntryId,
    /// What it is worth.
    pub kind: RecordBye,
}

/// The requested byes of a round.
pub fn requested_byes(conn: &impl Readable, round_id: RoundId) -> Result<Vec<RequestedBye>> {
    let conn = super::sql(conn);
    let mut st =
        conn.prepare("SELECT entry_id, kind FROM bye WHERE round_id = ?1 AND requested = 1")?;
    let rows = st
        .query_map([round_id], |r| {
            Ok(RequestedBye {
                entry_id: r.get("entry_id")?,
                kind: super::round::bye_kind(&r.get::<_, String>("kind")?),
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// What [`write()`] did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Games paired (without results yet).
    pub games: usize,
    /// Byes written: the pairing-allocated one (requested byes were in
    /// already).
    pub byes: usize,
    /// Games of an earlier pairing of the round that were replaced.
    pub replaced: usize,
}

/// Write a pairing of `plan.round`: pairing numbers at a first pairing, the
/// games (no result yet) and the pairing-allocated bye worth `bye`. With
/// `plan.existing_games`, the round's earlier pairing (games without
/// results and its pairing-allocated bye) is deleted first and logged.
/// Run inside [`Store::write`](super::Store::write): all or nothing.
pub fn write(
    tx: &Writer,
    event: &Event,
    plan: &Plan,
    pairing: &Pairing,
    bye: RecordBye,
) -> Result<Written> {
    let section = &plan.section;
    let mut done = Written::default();
    if plan.renumber {
        tx.execute(
            "UPDATE entry SET pairing_no = pairing_no + 1000000 WHERE section_id = ?1",
            [section.id],
        )?;
        let mut st = tx.prepare_cached("UPDATE entry SET pairing_no = ?1 WHERE id = ?2")?;
        for s in &plan.seats {
            st.execute(params![s.number, s.entry_id])?;
        }
        audit_event(
            tx,
            Some(event.id),
            Action::Edit,
            &format!("pairing numbers of {} {}", event.name, section.name),
            Some(
                &plan
                    .seats
                    .iter()
                    .map(|s| format!("{} #{}", s.name, s.stored_number))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            Some(&numbered(
                plan.seats.iter().map(|s| (s.number, s.name.as_str())),
            )),
            Some("given at the first pairing"),
        )?;
    }
    let round_id = ensure_round(tx, section, plan.round, None)?;
    if plan.existing_games > 0 {
        let old: Vec<String> = tx
            .prepare(
                "SELECT pw.name || ' v ' || pb.name FROM game g \
                 JOIN entry ew ON ew.id = g.white_entry JOIN player pw ON pw.id = ew.player_id \
                 JOIN entry eb ON eb.id = g.black_entry JOIN player pb ON pb.id = eb.player_id \
                 WHERE g.round_id = ?1 ORDER BY g.board, g.id",
            )?
            .query_map([round_id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        done.replaced = tx.execute("DELETE FROM game WHERE round_id = ?1", [round_id])?;
        tx.execute(
            "DELETE FROM bye WHERE round_id = ?1 AND requested = 0",
            [round_id],
        )?;
        log_paired_again(
            tx,
            event,
            &format!("{} {}", event.name, section.name),
            plan.round,
            &old,
        )?;
    }
    let entry = |n: u32| -> Result<EntryId> {
        plan.seat(n).map(|s| s.entry_id).ok_or_else(|| {
            Error::invalid(format!(
                "the pairing names player {n}, who is not in {}",
                section.name
            ))
        })
    };
    let mut st = tx.prepare_cached(
        "INSERT INTO game (round_id, section_id, board, white_entry, black_entry, result) VALUES (?1, ?2, ?3, ?4, ?5, NULL)",
    )?;
    for (i, b) in pairing.boards.iter().enumerate() {
        st.execute(params![
            round_id,
            section.id,
            i as u32 + 1,
            entry(b.white)?,
            entry(b.black)?
        ])
        .map_err(|e| constraint_error(e, "game"))?;
        done.games += 1;
    }
    for &(n, kind) in &pairing.byes {
        if kind == ByeKind::PairingAllocated {
            tx.execute(
                "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (?1, ?2, ?3, ?4, 0)",
                params![round_id, section.id, entry(n)?, bye_kind_str(bye)],
            )
            .map_err(|e| constraint_error(e, "bye"))?;
            done.byes += 1;
        }
    }
    Ok(done)
}

/// Each entry's score before round `round` (byes and forfeits included),
/// by entry id: what a pairing sheet shows beside a name.
pub fn scores_before(
    conn: &impl Readable,
    section_id: SectionId,
    round: u32,
) -> Result<HashMap<EntryId, Points>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare_cached(
        "SELECT entry_id, SUM(halves) AS halves FROM player_round WHERE section_id = ?1 AND round_no < ?2 GROUP BY entry_id",
    )?;
    let rows = st
        .query_map(params![section_id, round], |r| {
            Ok((
                r.get::<_, EntryId>("entry_id")?,
                Points::from_halves(r.get::<_, i32>("halves")?),
            ))
        })?
        .collect::<rusqlite::Result<HashMap<_, _>>>()?;
    Ok(rows)
}

/// A game paired but without a result, as the crosstable's schedule lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayed {
    /// The round it belongs to.
    pub round: u32,
    /// Its board, when the pairing gave one.
    pub board: Option<u32>,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
}

/// A section's games paired but without a result, by round and board. The
/// crosstable lists them as the schedule still to play (a round robin
/// paired in advance with `league event pair-all`).
pub fn unplayed_games(conn: &impl Readable, section_id: SectionId) -> Result<Vec<Unplayed>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT r.number AS round, g.board, pw.name AS white, pb.name AS black FROM game g JOIN round r ON r.id = g.round_id \
         JOIN entry ew ON ew.id = g.white_entry JOIN player pw ON pw.id = ew.player_id \
         JOIN entry eb ON eb.id = g.black_entry JOIN player pb ON pb.id = eb.player_id \
         WHERE g.section_id = ?1 AND g.result IS NULL ORDER BY r.number, g.board IS NULL, g.board, g.id",
    )?;
    let rows = st
        .query_map([section_id], |r| {
            Ok(Unplayed {
                round: r.get("round")?,
                board: r.get("board")?,
                white: r.get("white")?,
                black: r.get("black")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    /// A team event (section 1) whose round 1 has a match on two boards
    /// with one result and a board forfeited, round 2 only a team bye,
    /// round 3 a match known by its score alone; and a Swiss section
    /// (section 2) whose round 1 has a game and a bye the pairing gave.
    fn league() -> Store {
        let store = Store::open_in_memory().unwrap();
        store
            .conn()
            .raw()
            .execute_batch(
                "INSERT INTO season (id, name) VALUES (1, '2024-25');
                 INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES
                   (1, 1, 'Metro', 'team-swiss', 4, 'usat-team'), (2, 1, 'Club', 'swiss', 4, 'uscf-swiss');
                 INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open'), (2, 2, 'Open');
                 INSERT INTO player (id, name) VALUES (1, 'A'), (2, 'B'), (3, 'C'), (4, 'D'), (5, 'E');
                 INSERT INTO entry (id, section_id, player_id, pairing_no) VALUES
                   (1, 1, 1, 1), (2, 1, 2, 2), (3, 2, 3, 1), (4, 2, 4, 2), (5, 2, 5, 3);
                 INSERT INTO team (id, event_id, name) VALUES (1, 1, 'Rooks'), (2, 1, 'Knights'), (3, 1, 'Pawns');
                 INSERT INTO round (id, section_id, number) VALUES (1, 1, 1), (2, 1, 2), (3, 1, 3), (4, 1, 4), (5, 2, 1);
                 INSERT INTO team_match (id, round_id, section_id, team_a, team_b) VALUES (1, 1, 1, 1, 2);
                 INSERT INTO game (round_id, section_id, board, white_entry, black_entry, team_match_id, result)
                   VALUES (1, 1, 1, 1, 2, 1, '1-0');
                 INSERT INTO team_board_forfeit (team_match_id, board, present) VALUES (1, 2, 'a');
                 INSERT INTO team_match (id, round_id, section_id, team_a, team_b) VALUES (2, 2, 1, 3, NULL);
                 INSERT INTO team_match (id, round_id, section_id, team_a, team_b, points_a_halves, points_b_halves)
                   VALUES (3, 3, 1, 1, 3, 3, 1);
                 INSERT INTO game (round_id, section_id, board, white_entry, black_entry) VALUES (5, 2, 1, 3, 4);
                 INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (5, 2, 5, 'full', 0);",
            )
            .unwrap();
        store
    }

    #[test]
    fn a_team_round_with_a_bye_or_a_score_alone_holds_a_pairing() {
        let store = league();
        let conn = store.conn();
        let metro = Section {
            id: SectionId(1),
            event_id: EventId(1),
            name: "Open".into(),
            rating_min: None,
            rating_max: None,
        };
        // Round 4 is created but holds nothing: not paired.
        assert_eq!(rounds_with_pairings(conn, SectionId(1)).unwrap(), [1, 2, 3]);
        assert_eq!(next_round(conn, &metro).unwrap(), 4);
        let count = |round| {
            let p = round_pairing(conn, SectionId(1), round).unwrap();
            (p.games, p.matches, p.team_byes, p.results, p.is_paired())
        };
        // One game with a result and one board forfeited: two results in.
        assert_eq!(count(1), (1, 1, 0, 2, true));
        assert_eq!(count(2), (0, 0, 1, 0, true));
        assert_eq!(count(3), (0, 1, 0, 1, true));
        assert_eq!(count(4), (0, 0, 0, 0, false));
        assert_eq!(
            round_pairing(conn, SectionId(1), 1)
                .unwrap()
                .first_result
                .as_deref(),
            Some("A v B 1-0")
        );
    }

    #[test]
    fn a_player_round_counts_its_games_and_the_pairings_bye() {
        let store = league();
        let conn = store.conn();
        assert_eq!(rounds_with_pairings(conn, SectionId(2)).unwrap(), [1]);
        let now = round_pairing(conn, SectionId(2), 1).unwrap();
        assert_eq!(
            (now.games, now.assigned_byes, now.matches, now.results),
            (1, 1, 0, 0)
        );
        assert!(now.is_paired() && now.first_result.is_none());
        assert_eq!(
            round_pairing(conn, SectionId(2), 2).unwrap(),
            RoundPairing::default()
        );
    }
}
