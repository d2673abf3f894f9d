//! Rating lists into the league (`league ratings import`): players matched
//! by id (US Chess id for a supplement, FIDE id for a FIDE list), their
//! current rating replaced, the replaced one kept in `rating_history`
//! (V15). A player rated for the first time gets a history row without a
//! rating (V21: unrated until that list). Entries are never touched: a
//! player already entered in an event keeps the rating that event used.
//!
//! A player the list shows unrated keeps the rating the league has (a list
//! without a rating says nothing new). When an id appears twice in a list,
//! the first line counts.

use std::collections::{HashMap, HashSet};

use crate::Writer;
use rusqlite::{params, OptionalExtension};

use super::audit::{audit, Action};
use super::Readable;
use crate::domain::ids::PlayerId;
use crate::error::Result;
use crate::input::ratings::ListRow;

/// What a list changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RatingsImported {
    /// (name, old rating, new rating) for players whose rating changed.
    pub changed: Vec<(String, u32, u32)>,
    /// (name, rating) for players rated for the first time.
    pub new: Vec<(String, u32)>,
    /// Players on the list with the rating the league already had.
    pub unchanged: usize,
    /// League players with an id of this kind who are not on the list.
    pub unmatched: Vec<String>,
    /// Lines of the list for players the league does not have.
    pub not_in_league: usize,
    /// League players whose FIDE K factor the list changed (set by the
    /// import action, not by [`import_list`]).
    pub k_set: usize,
    /// League players whose K factor the list gave as they already had it.
    pub k_unchanged: usize,
}

/// The latest list of a rating system (`fide` or `uscf`) that took effect
/// after `day`: (its name, the day it took effect).
pub fn latest_list_after(
    conn: &impl Readable,
    system: &str,
    day: &str,
) -> Result<Option<(String, String)>> {
    later_list(conn, system, day, "DESC")
}

/// The first list of a rating system that took effect after `day`.
pub fn next_list_after(
    conn: &impl Readable,
    system: &str,
    day: &str,
) -> Result<Option<(String, String)>> {
    later_list(conn, system, day, "ASC")
}

fn later_list(
    conn: &impl Readable,
    system: &str,
    day: &str,
    order: &str,
) -> Result<Option<(String, String)>> {
    Ok(super::sql(conn)
        .query_row(
            &format!(
                "SELECT list, replaced_on FROM rating_history WHERE system = ?1 AND replaced_on > ?2 \
                 ORDER BY replaced_on {order} LIMIT 1"
            ),
            params![system, day],
            |r| Ok((r.get("list")?, r.get("replaced_on")?)),
        )
        .optional()?)
}

/// Apply a list (`fide`: FIDE ids and ratings, else US Chess) named
/// `list` on the day `today` (YYYY-MM-DD); `app::ratings::import_list`
/// checks first that no list took effect after it.
pub fn import_list(
    tx: &Writer,
    rows: &[ListRow],
    fide: bool,
    list: &str,
    today: &str,
) -> Result<RatingsImported> {
    let (id_col, rating_col, system) = if fide {
        ("fide_id", "fide_rating", "fide")
    } else {
        ("uscf_id", "rating", "uscf")
    };
    let mut league: HashMap<String, (PlayerId, String, Option<u32>)> = HashMap::new();
    {
        let mut st = tx.prepare(&format!(
            "SELECT id, name, {id_col} AS list_id, {rating_col} AS rating FROM player WHERE {id_col} IS NOT NULL"
        ))?;
        let mut q = st.query([])?;
        while let Some(r) = q.next()? {
            league.insert(
                r.get("list_id")?,
                (r.get("id")?, r.get("name")?, r.get("rating")?),
            );
        }
    }
    let mut out = RatingsImported::default();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut update = tx.prepare(&format!(
        "UPDATE player SET {rating_col} = ?1 WHERE id = ?2"
    ))?;
    let mut keep = tx.prepare(
        "INSERT INTO rating_history (player_id, system, rating, list, replaced_on) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for row in rows {
        let id = row.id.trim();
        if !seen.insert(id) {
            continue;
        }
        let Some((pid, name, old)) = league.get(id) else {
            out.not_in_league += 1;
            continue;
        };
        match (*old, row.rating) {
            (_, None) => out.unchanged += 1,
            (Some(o), Some(n)) if o == n => out.unchanged += 1,
            (Some(o), Some(n)) => {
                keep.execute(params![pid, system, o, list, today])?;
                update.execute(params![n, pid])?;
                out.changed.push((name.clone(), o, n));
            }
            (None, Some(n)) => {
                keep.execute(params![pid, system, None::<u32>, list, today])?;
                update.execute(params![n, pid])?;
                out.new.push((name.clone(), n));
            }
        }
    }
    let mut unmatched: Vec<String> = league
        .iter()
        .filter(|(id, _)| !seen.contains(id.as_str()))
        .map(|(_, (_, name, _))| name.clone())
        .collect();
    unmatched.sort();
    out.unmatched = unmatched;
    if !out.changed.is_empty() || !out.new.is_empty() {
        audit(
            tx,
            Action::Edit,
            &format!(
                "{} ratings from {list}",
                if fide { "FIDE" } else { "US Chess" }
            ),
            None,
            Some(&format!(
                "{} changed, {} rated for the first time",
                out.changed.len(),
                out.new.len()
            )),
            None,
        )?;
    }
    Ok(out)
}

/// A rating a list replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replaced {
    /// `uscf` or `fide`.
    pub system: String,
    /// The rating replaced; `None`: the player was unrated until the list.
    pub rating: Option<u32>,
    /// The list that replaced it, and the day.
    pub list: String,
    /// The day that list took effect (YYYY-MM-DD).
    pub replaced_on: String,
}

/// A player's replaced ratings, oldest first.
pub fn history(conn: &impl Readable, player_id: PlayerId) -> Result<Vec<Replaced>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT system, rating, list, replaced_on FROM rating_history WHERE player_id = ?1 ORDER BY replaced_on, id",
    )?;
    let rows = st
        .query_map([player_id], |r| {
            Ok(Replaced {
                system: r.get("system")?,
                rating: r.get("rating")?,
                list: r.get("list")?,
                replaced_on: r.get("replaced_on")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The rating of `system` (`uscf`, `fide`) a player held on `day`
/// (YYYY-MM-DD), as the rating history knows it: the rating the first list
/// after that day replaced (`Some(None)`: unrated then), or `None` when no
/// list has replaced one since, so the current rating is the one. A list
/// imported on `day` itself already counts as in force. Ratings changed by
/// hand (`league player edit`) leave no history: the current one stands.
pub fn rating_on(
    conn: &impl Readable,
    player_id: PlayerId,
    system: &str,
    day: &str,
) -> Result<Option<Option<u32>>> {
    let conn = super::sql(conn);
    Ok(conn
        .query_row(
            "SELECT rating FROM rating_history WHERE player_id = ?1 AND system = ?2 AND replaced_on > ?3 ORDER BY replaced_on, id LIMIT 1",
            params![player_id, system, day],
            |r| r.get::<_, Option<u32>>(0),
        )
        .optional()?)
}

/// A US Chess rating a list gave a player (`league ratings import`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListRating {
    /// The day the list was imported (YYYY-MM-DD).
    pub day: String,
    /// The list's name.
    pub list: String,
    /// The rating the list gave.
    pub rating: u32,
}

/// Every player's US Chess ratings by list, oldest first, for the rating
/// charts. A history row keeps the rating a list replaced, so the rating a
/// list gave is the next row's, or for the newest list the player's
/// current rating; a list that left a player unrated gives no point.
pub fn uscf_list_ratings(conn: &impl Readable) -> Result<HashMap<PlayerId, Vec<ListRating>>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT h.player_id AS player_id, h.rating AS replaced, h.list AS list,
                h.replaced_on AS replaced_on, p.rating AS current FROM rating_history h
         JOIN player p ON p.id = h.player_id WHERE h.system = 'uscf'
         ORDER BY h.player_id, h.replaced_on, h.id",
    )?;
    /// A history row, with the player's current rating.
    struct Replacing {
        player: PlayerId,
        replaced: Option<u32>,
        list: String,
        day: String,
        current: Option<u32>,
    }
    let rows = st
        .query_map([], |r| {
            Ok(Replacing {
                player: r.get("player_id")?,
                replaced: r.get("replaced")?,
                list: r.get("list")?,
                day: r.get("replaced_on")?,
                current: r.get("current")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut out: HashMap<PlayerId, Vec<ListRating>> = HashMap::new();
    for (k, row) in rows.iter().enumerate() {
        let after = match rows.get(k + 1) {
            Some(next) if next.player == row.player => next.replaced,
            _ => row.current,
        };
        if let Some(rating) = after {
            out.entry(row.player).or_default().push(ListRating {
                day: row.day.clone(),
                list: row.list.clone(),
                rating,
            });
        }
    }
    Ok(out)
}

/// A rating list as the league recorded it: the ratings it replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedList {
    /// `uscf` or `fide`.
    pub system: String,
    /// Its name (the file's name, or the one given with --list).
    pub list: String,
    /// The day it took effect (YYYY-MM-DD).
    pub took_effect: String,
    /// How many players' ratings it changed or gave for the first time.
    pub players: usize,
}

/// Every list that changed a rating, in the order they took effect. (A
/// list that changed nothing left no trace and needs no undoing.)
pub fn lists(conn: &impl Readable) -> Result<Vec<ImportedList>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT system, list, replaced_on, count(*) AS players FROM rating_history \
         GROUP BY system, list, replaced_on ORDER BY replaced_on, system, list",
    )?;
    let rows = st.query_map([], |r| {
        Ok(ImportedList {
            system: r.get("system")?,
            list: r.get("list")?,
            took_effect: r.get("replaced_on")?,
            players: r.get::<_, i64>("players")? as usize,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// What removing a list put back: (name, the list's rating, the rating
/// restored; `None`: unrated again).
pub type Restored = Vec<(String, Option<u32>, Option<u32>)>;

/// Undo `list`: every player it changed gets back the rating it
/// replaced, and its history rows go (`app::ratings::remove_list` checks
/// first that it is the latest list of its system). Logged.
pub fn remove_list(tx: &Writer, list: &ImportedList) -> Result<Restored> {
    let rating_col = if list.system == "fide" {
        "fide_rating"
    } else {
        "rating"
    };
    let mut restored = Vec::new();
    {
        /// A player the list rated: the list's rating and the one it replaced.
        struct Restoring {
            player_id: PlayerId,
            name: String,
            now: Option<u32>,
            before: Option<u32>,
        }
        let mut st = tx.prepare(&format!(
            "SELECT h.player_id AS player_id, p.name AS name, p.{rating_col} AS now, \
             h.rating AS before FROM rating_history h \
             JOIN player p ON p.id = h.player_id \
             WHERE h.system = ?1 AND h.list = ?2 AND h.replaced_on = ?3 ORDER BY p.name"
        ))?;
        let rows = st
            .query_map(params![list.system, list.list, list.took_effect], |r| {
                Ok(Restoring {
                    player_id: r.get("player_id")?,
                    name: r.get("name")?,
                    now: r.get("now")?,
                    before: r.get("before")?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut put_back = tx.prepare(&format!(
            "UPDATE player SET {rating_col} = ?1 WHERE id = ?2"
        ))?;
        for row in rows {
            put_back.execute(params![row.before, row.player_id])?;
            restored.push((row.name, row.now, row.before));
        }
    }
    tx.execute(
        "DELETE FROM rating_history WHERE system = ?1 AND list = ?2 AND replaced_on = ?3",
        params![list.system, list.list, list.took_effect],
    )?;
    audit(
        tx,
        Action::Delete,
        &format!(
            "{} ratings from {}",
            if list.system == "fide" {
                "FIDE"
            } else {
                "US Chess"
            },
            list.list
        ),
        Some(&format!(
            "{} players rated by the list of {}",
            restored.len(),
            list.took_effect
        )),
        Some("the ratings it replaced put back"),
        None,
    )?;
    Ok(restored)
}
