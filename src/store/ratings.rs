//! Rating lists into the league (`league ratings import`): players matched
//! by id (US Chess id for a supplement, FIDE id for a FIDE list), their
//! current rating replaced, the replaced one kept in `rating_history`
//! (V15). Entries are never touched: a player already entered in an event
//! keeps the rating that event used.
//!
//! A player the list shows unrated keeps the rating the league has (a list
//! without a rating says nothing new). When an id appears twice in a list,
//! the first line counts.

use std::collections::{HashMap, HashSet};

use rusqlite::{params, Transaction};

use super::audit::{audit, Action};
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
}

/// Apply a list (`fide`: FIDE ids and ratings, else US Chess) named
/// `list` on the day `today` (YYYY-MM-DD).
pub fn import_list(
    tx: &Transaction,
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
    let mut league: HashMap<String, (i64, String, Option<u32>)> = HashMap::new();
    {
        let mut st = tx.prepare(&format!(
            "SELECT id, name, {id_col}, {rating_col} FROM player WHERE {id_col} IS NOT NULL"
        ))?;
        let mut q = st.query([])?;
        while let Some(r) = q.next()? {
            league.insert(r.get(2)?, (r.get(0)?, r.get(1)?, r.get(3)?));
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

/// A player's replaced ratings, oldest first: (system, rating, list, date).
pub fn history(
    conn: &rusqlite::Connection,
    player_id: i64,
) -> Result<Vec<(String, u32, String, String)>> {
    let mut st = conn.prepare(
        "SELECT system, rating, list, replaced_on FROM rating_history WHERE player_id = ?1 ORDER BY id",
    )?;
    let rows = st
        .query_map([player_id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}
