//! The players' board's own rows (migration 29): the change counter
//! (migration 31's `records_changed.n`), each event's choice about players
//! reporting their results, and the reports themselves. SQL only: the
//! rules of a report live in `app::report`.

use rusqlite::{params, OptionalExtension};

use super::{Readable, Writer};
use crate::domain::game::GameResult;
use crate::domain::ids::{EventId, GameId};
use crate::error::Result;

/// The board's change counter (`records_changed.n`, migration 31): it goes
/// up with every game, bye, entry, name, team match, event setting or
/// report added, changed or removed (0 before the first change), in the
/// same row whose time the site's "Last updated" reads
/// ([`crate::store::season::latest_change`]). Equal numbers mean an
/// unchanged board.
pub fn version(conn: &impl Readable) -> Result<i64> {
    let conn = super::sql(conn);
    let n = conn
        .query_row("SELECT n FROM records_changed WHERE id = 1", [], |r| {
            r.get::<_, i64>("n")
        })
        .optional()?;
    Ok(n.unwrap_or(0))
}

/// An event's choice about players reporting their own results: `"off"`,
/// `"confirm"` or `"agree"` (see the migration).
pub fn player_reports(conn: &impl Readable, event: EventId) -> Result<String> {
    let conn = super::sql(conn);
    Ok(conn.query_row(
        "SELECT player_reports AS choice FROM event WHERE id = ?1",
        params![event],
        |r| r.get::<_, String>("choice"),
    )?)
}

/// Store an event's choice (one of the three words of [`player_reports`]).
pub fn set_player_reports(tx: &Writer, event: EventId, choice: &str) -> Result<()> {
    tx.execute(
        "UPDATE event SET player_reports = ?2 WHERE id = ?1",
        params![event, choice],
    )?;
    Ok(())
}

/// One player's report of a game's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRow {
    /// The report's row id.
    pub id: i64,
    /// The game reported.
    pub game: GameId,
    /// Whether White (`true`) or Black reported it.
    pub by_white: bool,
    /// The result reported, from White's side.
    pub result: GameResult,
    /// When, as `YYYY-MM-DDTHH:MM:SSZ`.
    pub at: String,
}

/// Add a report of `result` for `game` by White or Black, stamped `at`.
pub fn add_report(
    tx: &Writer,
    game: GameId,
    by_white: bool,
    result: GameResult,
    at: &str,
) -> Result<()> {
    tx.execute(
        "INSERT INTO result_report (game_id, side, result, at) VALUES (?1, ?2, ?3, ?4)",
        params![
            game,
            if by_white { "white" } else { "black" },
            result.as_str(),
            at
        ],
    )?;
    Ok(())
}

/// Every report of the given games, oldest first.
pub fn reports(conn: &impl Readable, games: &[GameId]) -> Result<Vec<ReportRow>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare_cached(
        "SELECT id, game_id, side, result, at FROM result_report WHERE game_id = ?1 ORDER BY id",
    )?;
    let mut out = Vec::new();
    for game in games {
        let rows = st.query_map(params![game], |r| {
            Ok((
                r.get::<_, i64>("id")?,
                r.get::<_, GameId>("game_id")?,
                r.get::<_, String>("side")?,
                r.get::<_, String>("result")?,
                r.get::<_, String>("at")?,
            ))
        })?;
        for row in rows {
            let (id, game, side, result, at) = row?;
            // The table's CHECK admits only results that read back.
            if let Some(result) = GameResult::from_stored(&result) {
                out.push(ReportRow {
                    id,
                    game,
                    by_white: side == "white",
                    result,
                    at,
                });
            }
        }
    }
    Ok(out)
}

/// Remove every report of `game` (once its result is recorded, or when the
/// secretary sets a report aside).
pub fn clear_reports(tx: &Writer, game: GameId) -> Result<()> {
    tx.execute(
        "DELETE FROM result_report WHERE game_id = ?1",
        params![game],
    )?;
    Ok(())
}
