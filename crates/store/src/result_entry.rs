//! One game's result written, corrected or cleared, and the record of the
//! results entered one game at a time (`result_entry`), which "undo the
//! last entry" reads. SQL only: the rules are `app::result`'s.

use crate::Writer;
use rusqlite::{params, OptionalExtension};

use super::audit::{audit_event, Action};
use super::Readable;
use crate::domain::game::GameResult;
use crate::domain::ids::{EventId, GameId, SectionId};

/// Write `result` into a game (`None`: not yet played).
pub fn set_result(
    tx: &Writer,
    game: GameId,
    result: Option<GameResult>,
) -> crate::error::Result<()> {
    tx.prepare_cached("UPDATE game SET result = ?1 WHERE id = ?2")?
        .execute(params![result.map(GameResult::as_str), game])?;
    Ok(())
}

/// Log a changed result in the audit trail: `subject` names the game in
/// words, the old and new values are the stored spellings ("no result"
/// when there is none).
pub fn log_change(
    tx: &Writer,
    event: EventId,
    subject: &str,
    old: Option<GameResult>,
    new: Option<GameResult>,
    reason: &str,
) -> crate::error::Result<()> {
    let text = |r: Option<GameResult>| r.map_or("no result", GameResult::as_str);
    audit_event(
        tx,
        Some(event),
        Action::Correct,
        subject,
        Some(text(old)),
        Some(text(new)),
        Some(reason),
    )
}

/// The round a game belongs to, as it stands now: every game (id, board,
/// players, result) and every bye, in one canonical line. Two readings are
/// equal exactly when nothing in the round changed between them.
pub fn round_state(conn: &impl Readable, game: GameId) -> crate::error::Result<String> {
    let conn = super::sql(conn);
    Ok(conn
        .prepare_cached(
            "SELECT COALESCE((SELECT group_concat(g.id || ':' || COALESCE(g.board, '') || ':' || g.white_entry || ':' \
                 || g.black_entry || ':' || COALESCE(g.result, ''), ';' ORDER BY g.id) FROM game g WHERE g.round_id = o.round_id), '') \
             || '|' || COALESCE((SELECT group_concat(b.id || ':' || b.entry_id || ':' || b.kind || ':' || b.requested, ';' ORDER BY b.id) \
                 FROM bye b WHERE b.round_id = o.round_id), '') AS state \
             FROM game o WHERE o.id = ?1",
        )?
        .query_row([game], |r| r.get("state"))?)
}

/// Note that `result` was entered in `game` just now, with the round as it
/// stands after the entry.
pub fn note_entry(tx: &Writer, game: GameId, result: GameResult) -> crate::error::Result<()> {
    let state = round_state(tx, game)?;
    tx.prepare_cached(
        "INSERT INTO result_entry (game_id, result, round_state) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![game, result.as_str(), state])?;
    Ok(())
}

/// The last result entered one game at a time in a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastEntry {
    /// The entry's own id.
    pub id: i64,
    /// The game it was entered in.
    pub game: GameId,
    /// The stored spelling of the result entered.
    pub result: String,
    /// The round just after the entry ([`round_state`]).
    pub round_state: String,
}

/// The last result entered one game at a time in round `number` of a
/// section, if any (entries of deleted games went with them).
pub fn last_entry(
    conn: &impl Readable,
    section: SectionId,
    number: u32,
) -> crate::error::Result<Option<LastEntry>> {
    let conn = super::sql(conn);
    Ok(conn
        .prepare_cached(
            "SELECT e.id AS id, e.game_id AS game_id, e.result AS result, e.round_state AS round_state \
             FROM result_entry e JOIN game g ON g.id = e.game_id JOIN round r ON r.id = g.round_id \
             WHERE r.section_id = ?1 AND r.number = ?2 ORDER BY e.id DESC LIMIT 1",
        )?
        .query_row(params![section, number], |r| {
            Ok(LastEntry {
                id: r.get("id")?,
                game: r.get("game_id")?,
                result: r.get("result")?,
                round_state: r.get("round_state")?,
            })
        })
        .optional()?)
}

/// Forget an entry (it was undone).
pub fn forget_entry(tx: &Writer, id: i64) -> crate::error::Result<()> {
    tx.prepare_cached("DELETE FROM result_entry WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

/// Delete a game from its round, logged with `what` (the words that keep
/// what the game was, so it can be put back) and the reason.
pub fn delete_game(
    tx: &Writer,
    event: EventId,
    game: GameId,
    what: &str,
    reason: &str,
) -> crate::error::Result<()> {
    tx.prepare_cached("DELETE FROM game WHERE id = ?1")?
        .execute([game])?;
    audit_event(
        tx,
        Some(event),
        Action::Delete,
        what,
        Some(what),
        None,
        Some(reason),
    )
}

/// Delete a bye from its round, logged as [`delete_game`] logs a game.
pub fn delete_bye(
    tx: &Writer,
    event: EventId,
    bye: crate::domain::ids::ByeId,
    what: &str,
    reason: &str,
) -> crate::error::Result<()> {
    tx.prepare_cached("DELETE FROM bye WHERE id = ?1")?
        .execute([bye])?;
    audit_event(
        tx,
        Some(event),
        Action::Delete,
        what,
        Some(what),
        None,
        Some(reason),
    )
}
