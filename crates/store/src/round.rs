//! Rounds, games and byes: recording pairings and results, corrections with
//! an audit trail, and what a round looks like.

use crate::Writer;
use rusqlite::{params, OptionalExtension};

use super::audit::{audit_event, Action};
use super::constraint_error;
use super::player::{entries, find_entry};
use super::season::event_by_id;
use super::Readable;
use crate::domain::game::GameResult;
use crate::domain::ids::{ByeId, EntryId, GameId, RoundId, SectionId};
use crate::domain::league::{Entry, Section};
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};

/// What a recorded sheet changed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    /// Games paired by the sheet.
    pub pairings: usize,
    /// Results recorded.
    pub results: usize,
    /// Byes recorded.
    pub byes: usize,
    /// Rows that were already recorded exactly so (a sheet recorded twice).
    pub unchanged: usize,
    /// What each row recorded, with full names and pairing numbers
    /// ("Hannah Schmidt (4) v Marcus Bell (9) 1-0"), in sheet order.
    pub lines: Vec<String>,
}

/// "Hannah Schmidt (4)": a player as every echo names them.
pub fn named(e: &Entry) -> String {
    format!("{} ({})", e.name, e.pairing_no)
}

/// The round's id, creating it (and any earlier rounds not yet created) if
/// needed. The number is the caller's to check
/// (`app::round::schedule::round_in_event`); the schema refuses a round
/// beyond the event's rounds too.
pub fn ensure_round(
    tx: &Writer,
    section: &Section,
    number: u32,
    date: Option<&str>,
) -> Result<RoundId> {
    let event = event_by_id(tx, section.event_id)?;
    for n in 1..=number {
        let exists: Option<RoundId> = tx
            .query_row(
                "SELECT id FROM round WHERE section_id = ?1 AND number = ?2",
                params![section.id, n],
                |r| r.get(0),
            )
            .optional()?;
        if exists.is_none() {
            tx.execute(
                "INSERT INTO round (section_id, number, date) VALUES (?1, ?2, ?3)",
                params![section.id, n, if n == number { date } else { None }],
            )
            .map_err(|e| constraint_error(e, "round"))?;
        } else if n == number && date.is_some() {
            let old: Option<String> =
                tx.query_row("SELECT date FROM round WHERE id = ?1", [exists], |r| {
                    r.get(0)
                })?;
            tx.execute(
                "UPDATE round SET date = ?1 WHERE id = ?2",
                params![date, exists],
            )?;
            // Filling in a missing date is recording; changing one is a correction.
            if old.is_some() && old.as_deref() != date {
                audit_event(
                    tx,
                    Some(event.id),
                    Action::Edit,
                    &format!("{} {} round {number} date", event.name, section.name),
                    old.as_deref(),
                    date,
                    None,
                )?;
            }
        }
    }
    Ok(tx.query_row(
        "SELECT id FROM round WHERE section_id = ?1 AND number = ?2",
        params![section.id, number],
        |r| r.get(0),
    )?)
}

/// Set round `number`'s start time (HH:MM, checked by the caller; the
/// schema checks it again) or clear it (`None`); a changed time is logged
/// as a correction, a first one is recording. False when it was already so.
pub fn set_start_time(
    tx: &Writer,
    section: &Section,
    number: u32,
    time: Option<&str>,
) -> Result<bool> {
    let event = event_by_id(tx, section.event_id)?;
    let old: Option<String> = tx.query_row(
        "SELECT start_time FROM round WHERE section_id = ?1 AND number = ?2",
        params![section.id, number],
        |r| r.get("start_time"),
    )?;
    if old.as_deref() == time {
        return Ok(false);
    }
    tx.execute(
        "UPDATE round SET start_time = ?1 WHERE section_id = ?2 AND number = ?3",
        params![time, section.id, number],
    )
    .map_err(|e| constraint_error(e, "round"))?;
    if old.is_some() {
        audit_event(
            tx,
            Some(event.id),
            Action::Edit,
            &format!("{} {} round {number} start time", event.name, section.name),
            old.as_deref(),
            time,
            None,
        )?;
    }
    Ok(true)
}

/// When a round is played, as recorded: its date (YYYY-MM-DD) and start
/// time (HH:MM), each when known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundWhen {
    /// The date.
    pub date: Option<String>,
    /// The start time on the 24-hour clock.
    pub start_time: Option<String>,
}

/// Every created round's date and start time, by round number.
pub fn round_times(
    conn: &impl Readable,
    section_id: SectionId,
) -> Result<std::collections::HashMap<u32, RoundWhen>> {
    let conn = super::sql(conn);
    let mut st =
        conn.prepare_cached("SELECT number, date, start_time FROM round WHERE section_id = ?1")?;
    let rows = st
        .query_map([section_id], |r| {
            Ok((
                r.get::<_, u32>("number")?,
                RoundWhen {
                    date: r.get("date")?,
                    start_time: r.get("start_time")?,
                },
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// The number of the latest round created in a section (0 if none).
pub fn latest_round(conn: &impl Readable, section_id: SectionId) -> Result<u32> {
    let conn = super::sql(conn);
    Ok(paired_rounds(conn, section_id)?
        .last()
        .copied()
        .unwrap_or(0))
}

/// The section's paired rounds, in order: those with at least one game or
/// a bye the pairing gave. A round holding only requested byes is a
/// request for the future (`league bye add --round 5` after round 2), not
/// a round played: standings, crosstables and the site count only paired
/// rounds.
pub fn paired_rounds(conn: &impl Readable, section_id: SectionId) -> Result<Vec<u32>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare_cached(
        "SELECT r.number FROM round r WHERE r.section_id = ?1
           AND (EXISTS (SELECT 1 FROM game g WHERE g.round_id = r.id)
             OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = r.id AND b.requested = 0))
         ORDER BY r.number",
    )?;
    let rows = st
        .query_map([section_id], |r| r.get::<_, u32>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Refuse to pair round `number` while an earlier round has no pairing: a
/// round-number slip ("round 4" typed for round 3) would otherwise leave a
/// phantom empty round that counts everyone as absent.
pub fn check_no_gap(conn: &impl Readable, section: &Section, number: u32) -> Result<()> {
    let conn = super::sql(conn);
    let paired = paired_rounds(conn, section.id)?;
    if let Some(missing) = (1..number).find(|n| !paired.contains(n)) {
        return Err(Error::invalid(format!(
            "round {number} cannot be recorded before round {missing}: {} has no pairings in round {missing} yet (check the round number)",
            section.name
        )));
    }
    Ok(())
}

/// A game already in a round, from the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Its row.
    pub id: GameId,
    /// The board, if recorded.
    pub board: Option<u32>,
    /// White's entry.
    pub white: Entry,
    /// Black's entry.
    pub black: Entry,
    /// The result, `None` while pending.
    pub result: Option<GameResult>,
}

/// A bye already in a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeRow {
    /// Its row.
    pub id: ByeId,
    /// The entry given the bye.
    pub entry: Entry,
    /// Full, half or zero point.
    pub kind: ByeKind,
    /// Whether the player asked for it (else the pairing gave it).
    pub requested: bool,
    /// A late entry's bye for a round played before they entered (`enter
    /// --missed`): requested, but shown as "late entry".
    pub late_entry: bool,
}

/// A bye's stored kind as the domain's.
pub(crate) fn bye_kind(text: &str) -> ByeKind {
    match text {
        "full" => ByeKind::Full,
        "half" => ByeKind::Half,
        _ => ByeKind::Zero,
    }
}

/// The stored form of a bye's kind: full, half, zero.
pub fn bye_kind_str(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::Full => "full",
        ByeKind::Half => "half",
        ByeKind::Zero => "zero",
    }
}

/// The games and byes of round `number` of a section.
pub fn round_contents(
    conn: &impl Readable,
    section_id: SectionId,
    number: u32,
) -> Result<(Vec<GameRow>, Vec<ByeRow>)> {
    let conn = super::sql(conn);
    let all = entries(conn, section_id)?;
    let by_id = |id: EntryId| all.iter().find(|e| e.id == id).cloned();
    let mut st = conn.prepare(
        "SELECT g.id, g.board, g.white_entry, g.black_entry, g.result FROM game g JOIN round r ON r.id = g.round_id \
         WHERE r.section_id = ?1 AND r.number = ?2 ORDER BY g.board IS NULL, g.board, g.id",
    )?;
    let games = st
        .query_map(params![section_id, number], |r| {
            Ok((
                r.get::<_, GameId>("id")?,
                r.get::<_, Option<u32>>("board")?,
                r.get::<_, EntryId>("white_entry")?,
                r.get::<_, EntryId>("black_entry")?,
                r.get::<_, Option<String>>("result")?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?
        .into_iter()
        .filter_map(|(id, board, w, b, res)| {
            Some(GameRow {
                id,
                board,
                white: by_id(w)?,
                black: by_id(b)?,
                result: res.as_deref().and_then(GameResult::from_stored),
            })
        })
        .collect();
    let mut st = conn.prepare(
        "SELECT b.id, b.entry_id, b.kind, b.requested, b.late_entry FROM bye b JOIN round r ON r.id = b.round_id \
         WHERE r.section_id = ?1 AND r.number = ?2 ORDER BY b.id",
    )?;
    let byes = st
        .query_map(params![section_id, number], |r| {
            Ok((
                r.get::<_, ByeId>("id")?,
                r.get::<_, EntryId>("entry_id")?,
                r.get::<_, String>("kind")?,
                r.get::<_, bool>("requested")?,
                r.get::<_, bool>("late_entry")?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?
        .into_iter()
        .filter_map(|(id, e, kind, requested, late_entry)| {
            Some(ByeRow {
                id,
                entry: by_id(e)?,
                kind: bye_kind(&kind),
                requested,
                late_entry,
            })
        })
        .collect();
    Ok((games, byes))
}

/// Record a bye for `entry` in a round; a broken rule of the schema is
/// [`Error::Invalid`] in words.
pub fn insert_bye(
    tx: &Writer,
    round_id: RoundId,
    section: &Section,
    entry: EntryId,
    kind: ByeKind,
    requested: bool,
) -> Result<ByeId> {
    tx.prepare_cached(
        "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![round_id, section.id, entry, bye_kind_str(kind), requested])
    .map_err(|e| constraint_error(e, "bye"))?;
    Ok(ByeId(tx.last_insert_rowid()))
}

/// Record a game (with its result, if any) in a round; a broken rule of
/// the schema is [`Error::Invalid`] in words.
pub fn insert_game(
    tx: &Writer,
    round_id: RoundId,
    section: &Section,
    board: Option<u32>,
    (white, black): (EntryId, EntryId),
    result: Option<GameResult>,
) -> Result<GameId> {
    tx.prepare_cached(
        "INSERT INTO game (round_id, section_id, board, white_entry, black_entry, result) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![round_id, section.id, board, white, black, result.map(GameResult::as_str)])
    .map_err(|e| constraint_error(e, "game"))?;
    Ok(GameId(tx.last_insert_rowid()))
}

/// Put the result of a game paired without one.
pub fn set_result(tx: &Writer, game: GameId, result: GameResult) -> Result<()> {
    tx.execute(
        "UPDATE game SET result = ?1 WHERE id = ?2",
        params![result.as_str(), game],
    )?;
    Ok(())
}

/// The earlier round in which two entries met over the board (a game not
/// decided by forfeit; a game paired but without a result counts, since
/// it is meant to be played), if any.
pub fn met_before(
    conn: &impl Readable,
    section_id: SectionId,
    number: u32,
    a: EntryId,
    b: EntryId,
) -> Result<Option<u32>> {
    let conn = super::sql(conn);
    Ok(conn
        .prepare_cached(
            "SELECT r.number FROM game g JOIN round r ON r.id = g.round_id
             WHERE g.section_id = ?1 AND r.number <> ?2
               AND ((g.white_entry = ?3 AND g.black_entry = ?4) OR (g.white_entry = ?4 AND g.black_entry = ?3))
               AND (g.result IS NULL OR g.result NOT IN ('1F-0F', '0F-1F', '0F-0F'))
             ORDER BY r.number LIMIT 1",
        )?
        .query_row(params![section_id, number, a, b], |r| r.get(0))
        .optional()?)
}

/// The game of `entry` in round `number`, if any.
pub fn game_of(
    conn: &impl Readable,
    section_id: SectionId,
    number: u32,
    entry: &Entry,
) -> Result<Option<GameRow>> {
    let conn = super::sql(conn);
    let (games, _) = round_contents(conn, section_id, number)?;
    Ok(games
        .into_iter()
        .find(|g| g.white.id == entry.id || g.black.id == entry.id))
}

/// Correct (or clear, with `new = None`) an already recorded result,
/// keeping the old value, the new one, the time and the reason in the audit
/// table. Returns the game and whether anything changed: a correction to
/// the value already there writes and logs nothing.
pub fn correct_result(
    tx: &Writer,
    section: &Section,
    number: u32,
    player: &str,
    new: Option<GameResult>,
    reason: &str,
) -> Result<(GameRow, bool)> {
    let all = entries(tx, section.id)?;
    let entry = find_entry(&all, tx, section, player)?;
    let game = game_of(tx, section.id, number, &entry)?.ok_or_else(|| {
        Error::not_found(format!(
            "{} has no game in round {number} of {}",
            entry.name, section.name
        ))
    })?;
    // A correction that changes nothing is no correction: nothing is
    // written or logged, and the caller says so.
    if game.result == new {
        return Ok((game, false));
    }
    let event = event_by_id(tx, section.event_id)?;
    let subject = format!(
        "{} {} round {number}{}: {} v {}",
        event.name,
        section.name,
        game.board
            .map(|b| format!(" board {b}"))
            .unwrap_or_default(),
        game.white.name,
        game.black.name
    );
    let old = game
        .result
        .map(|r| r.as_str().to_string())
        .unwrap_or_else(|| "no result".into());
    tx.execute(
        "UPDATE game SET result = ?1 WHERE id = ?2",
        params![new.map(GameResult::as_str), game.id],
    )?;
    audit_event(
        tx,
        Some(event.id),
        Action::Correct,
        &subject,
        Some(&old),
        Some(new.map(GameResult::as_str).unwrap_or("no result")),
        Some(reason),
    )?;
    Ok((
        GameRow {
            result: new,
            ..game
        },
        true,
    ))
}

/// What deleting a round removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeletedRound {
    /// Games removed.
    pub games: usize,
    /// Results among them.
    pub results: usize,
    /// Byes the pairing gave, removed.
    pub byes: usize,
}

/// Delete a round's pairings: its games and the byes the pairing gave
/// (requested byes stay: they are the players' requests), logged with what
/// was removed and `reason`. Which round may go is the caller's rule
/// (`app::round::delete`).
pub fn delete_round(
    tx: &Writer,
    section: &Section,
    number: u32,
    reason: Option<&str>,
) -> Result<DeletedRound> {
    let (games, byes) = round_contents(tx, section.id, number)?;
    let results = games.iter().filter(|g| g.result.is_some()).count();
    let assigned: Vec<&ByeRow> = byes.iter().filter(|b| !b.requested).collect();
    let event = event_by_id(tx, section.event_id)?;
    let mut old: Vec<String> = games
        .iter()
        .map(|g| {
            format!(
                "{} v {} {}",
                named(&g.white),
                named(&g.black),
                g.result.map_or("no result", GameResult::pretty)
            )
        })
        .collect();
    old.extend(
        assigned
            .iter()
            .map(|b| format!("{}: {} bye", named(&b.entry), bye_kind_str(b.kind))),
    );
    for g in &games {
        tx.execute("DELETE FROM game WHERE id = ?1", [g.id])?;
    }
    for b in &assigned {
        tx.execute("DELETE FROM bye WHERE id = ?1", [b.id])?;
    }
    // The round itself goes unless requests are waiting in it.
    tx.execute(
        "DELETE FROM round WHERE section_id = ?1 AND number = ?2 AND NOT EXISTS (SELECT 1 FROM bye b WHERE b.round_id = round.id)",
        params![section.id, number],
    )?;
    audit_event(
        tx,
        Some(event.id),
        Action::Delete,
        &format!("{} {} round {number}", event.name, section.name),
        Some(&old.join("; ")),
        None,
        reason,
    )?;
    Ok(DeletedRound {
        games: games.len(),
        results,
        byes: assigned.len(),
    })
}

/// Late entry: give the player a bye of `kind` in every round already created.
pub fn byes_for_missed_rounds(
    tx: &Writer,
    section: &Section,
    entry: &Entry,
    kind: ByeKind,
) -> Result<u32> {
    let latest = latest_round(tx, section.id)?;
    let mut n = 0;
    for number in 1..=latest {
        let round_id: RoundId = tx.query_row(
            "SELECT id FROM round WHERE section_id = ?1 AND number = ?2",
            params![section.id, number],
            |r| r.get(0),
        )?;
        tx.execute(
            "INSERT INTO bye (round_id, section_id, entry_id, kind, requested, late_entry) VALUES (?1, ?2, ?3, ?4, 1, 1)",
            params![round_id, section.id, entry.id, bye_kind_str(kind)],
        )
        .map_err(|e| constraint_error(e, "bye"))?;
        n += 1;
    }
    Ok(n)
}

/// What is still missing in a section: games without results, and players
/// (not withdrawn) with no game or bye in a created round.
pub struct Missing {
    /// Games without a result, with their round.
    pub unreported: Vec<(u32, GameRow)>,
    /// Players with neither game nor bye in a round, with the round.
    pub unpaired: Vec<(u32, Entry)>,
}

/// What is still missing in `section`.
pub fn missing(conn: &impl Readable, section: &Section) -> Result<Missing> {
    let conn = super::sql(conn);
    let paired = paired_rounds(conn, section.id)?;
    let all = entries(conn, section.id)?;
    let mut out = Missing {
        unreported: vec![],
        unpaired: vec![],
    };
    // Every paired round, not only the latest: a player left out of round 2
    // is as wrong as one left out of round 5.
    for &number in &paired {
        let (games, byes) = round_contents(conn, section.id, number)?;
        for g in &games {
            if g.result.is_none() {
                out.unreported.push((number, g.clone()));
            }
        }
        {
            for e in &all {
                let active = e.withdrawn_after.is_none_or(|w| number <= w);
                let seated = games
                    .iter()
                    .any(|g| g.white.id == e.id || g.black.id == e.id)
                    || byes.iter().any(|b| b.entry.id == e.id);
                if active && !seated {
                    out.unpaired.push((number, e.clone()));
                }
            }
        }
    }
    Ok(out)
}
