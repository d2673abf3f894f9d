//! Merging two player rows that are one person (recorded under slightly
//! different names, or with and without an id): the plan of what would
//! change, which `league player merge` shows before anything is written,
//! and the merge itself, recorded in `player_merge` and in the audit log.
//!
//! A merge is refused when it would put one player twice in a section or in
//! two sections of one event, on two teams of one event, or when the two
//! rows carry different ids of the same kind (two different people).

use crate::Writer;
use rusqlite::{params, Connection};

use super::audit::{audit, Action, Stamp};
use super::player::{describe_player, player_by_id};
use super::Readable;
use crate::domain::ids::PlayerId;
use crate::domain::league::Player;
use crate::error::Result;

/// What a merge of `from` into `into` would change.
#[derive(Clone, Debug)]
pub struct MergePlan {
    /// The player record that goes.
    pub from: Player,
    /// The player record that stays and takes over the other's records.
    pub into: Player,
    /// The sections whose entries move to `into`: "2022-23 Winter Swiss U1600".
    pub entries: Vec<String>,
    /// Games and byes of those entries (they move with them).
    pub games: u32,
    /// Byes of those entries.
    pub byes: u32,
    /// Roster places (team events) that move.
    pub rosters: u32,
    /// Rows of other tables that name the player and move: (table, rows).
    pub other: Vec<(String, u32)>,
    /// Details `into` lacks and takes from `from`: (what, value).
    pub filled_in: Vec<(String, String)>,
    /// Details both have with different values: (what, kept, dropped).
    pub kept: Vec<(String, String, String)>,
}

/// Every (table, column) whose foreign key names a player, read from the
/// schema so that tables added later move with the rest.
fn player_references(conn: &Connection) -> Result<Vec<(String, String)>> {
    let mut st = conn.prepare(
        "SELECT m.name AS table_name, f.\"from\" AS column_name FROM sqlite_master m, pragma_foreign_key_list(m.name) f \
         WHERE m.type = 'table' AND f.\"table\" = 'player' ORDER BY m.name, f.\"from\"",
    )?;
    let rows = st
        .query_map([], |r| Ok((r.get("table_name")?, r.get("column_name")?)))?
        .collect::<rusqlite::Result<Vec<(String, String)>>>()?;
    Ok(rows)
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

impl MergePlan {
    /// "team_board_forfeit: 1", or None.
    pub fn other_text(&self) -> Option<String> {
        (!self.other.is_empty()).then(|| {
            self.other
                .iter()
                .map(|(t, n)| format!("{t}: {n}"))
                .collect::<Vec<_>>()
                .join("; ")
        })
    }

    /// "US Chess id 12345678; rating 1650", or None.
    pub fn filled_in_text(&self) -> Option<String> {
        (!self.filled_in.is_empty()).then(|| {
            self.filled_in
                .iter()
                .map(|(w, v)| format!("{w} {v}"))
                .collect::<Vec<_>>()
                .join("; ")
        })
    }
}

fn fields(p: &Player) -> [(&'static str, Option<String>); 6] {
    [
        ("US Chess id", p.uscf_id.clone()),
        ("FIDE id", p.fide_id.clone()),
        ("rating", p.rating.map(|r| r.to_string())),
        ("FIDE rating", p.fide_rating.map(|r| r.to_string())),
        ("federation", p.federation.clone()),
        ("title", p.title.clone()),
    ]
}

fn strings(conn: &Connection, sql: &str, a: PlayerId, b: PlayerId) -> Result<Vec<String>> {
    let mut st = conn.prepare(sql)?;
    let rows = st
        .query_map(params![a, b], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    Ok(rows)
}

/// The events both players are entered in: "2022-23 Winter Swiss: Open"
/// (one section), or "...: Open and U1600" (two).
pub fn shared_events(conn: &impl Readable, from: PlayerId, into: PlayerId) -> Result<Vec<String>> {
    strings(
        super::sql(conn),
        "SELECT s.name || ' ' || e.name || ': ' || sa.name || CASE WHEN sa.id = sb.id THEN '' ELSE ' and ' || sb.name END \
         FROM entry a JOIN entry b ON b.player_id = ?2 \
         JOIN section sa ON sa.id = a.section_id JOIN section sb ON sb.id = b.section_id AND sb.event_id = sa.event_id \
         JOIN event e ON e.id = sa.event_id JOIN season s ON s.id = e.season_id \
         WHERE a.player_id = ?1 ORDER BY s.start_date, e.id",
        from,
        into,
    )
}

/// The team events whose rosters hold both players: "2022-23 Team League".
pub fn shared_rosters(conn: &impl Readable, from: PlayerId, into: PlayerId) -> Result<Vec<String>> {
    strings(
        super::sql(conn),
        "SELECT s.name || ' ' || e.name FROM roster a JOIN roster b ON b.event_id = a.event_id AND b.player_id = ?2 \
         JOIN event e ON e.id = a.event_id JOIN season s ON s.id = e.season_id WHERE a.player_id = ?1",
        from,
        into,
    )
}

/// What merging `from` into `into` would move and fill in (reads only;
/// `app::player::plan_merge` refuses a merge first when it may not be
/// done).
pub fn merge_plan(conn: &impl Readable, from: &Player, into: &Player) -> Result<MergePlan> {
    let conn = super::sql(conn);
    let entries = strings(
        conn,
        "SELECT s.name || ' ' || e.name || ' ' || sec.name FROM entry en JOIN section sec ON sec.id = en.section_id \
         JOIN event e ON e.id = sec.event_id JOIN season s ON s.id = e.season_id \
         WHERE en.player_id = ?1 AND ?2 = ?2 ORDER BY s.start_date, s.name, e.start_date, e.id",
        from.id,
        into.id,
    )?;
    let count = |sql: &str| -> Result<u32> { Ok(conn.query_row(sql, [from.id], |r| r.get("n"))?) };
    let games = count(
        "SELECT count(*) AS n FROM game g JOIN entry en ON en.id IN (g.white_entry, g.black_entry) WHERE en.player_id = ?1",
    )?;
    let byes = count(
        "SELECT count(*) AS n FROM bye b JOIN entry en ON en.id = b.entry_id WHERE en.player_id = ?1",
    )?;
    let rosters = count("SELECT count(*) AS n FROM roster WHERE player_id = ?1")?;
    let mut other = vec![];
    for (table, column) in player_references(conn)? {
        if table == "entry" || table == "roster" {
            continue;
        }
        let n = count(&format!(
            "SELECT count(*) AS n FROM {} WHERE {} = ?1",
            quoted(&table),
            quoted(&column)
        ))?;
        if n > 0 {
            other.push((table, n));
        }
    }
    let mut filled_in = vec![];
    let mut kept = vec![];
    for ((what, a), (_, b)) in fields(from).into_iter().zip(fields(into)) {
        match (a, b) {
            (Some(a), None) => filled_in.push((what.to_string(), a)),
            (Some(a), Some(b)) if a != b => kept.push((what.to_string(), b, a)),
            _ => {}
        }
    }
    Ok(MergePlan {
        from: from.clone(),
        into: into.clone(),
        entries,
        games,
        byes,
        rosters,
        other,
        filled_in,
        kept,
    })
}

/// Merge as `plan` says (`app::player::merge` works it out inside the
/// transaction, so it is what is written): entries and roster places
/// move, missing details are filled in, the `from` row is deleted, and
/// the merge is recorded in `player_merge` and the audit log.
pub fn merge(tx: &Writer, plan: &MergePlan, reason: Option<&str>) -> Result<()> {
    let (from, into) = (&plan.from, &plan.into);
    // Entries, roster places and any other row naming the player.
    for (table, column) in player_references(tx.conn())? {
        tx.execute(
            &format!(
                "UPDATE {} SET {c} = ?2 WHERE {c} = ?1",
                quoted(&table),
                c = quoted(&column)
            ),
            params![from.id, into.id],
        )
        .map_err(|e| super::constraint_error(e, "merge"))?;
    }
    // The ids are UNIQUE: the old row goes before the survivor takes them.
    tx.execute("DELETE FROM player WHERE id = ?1", [from.id])
        .map_err(|e| super::constraint_error(e, "merge"))?;
    tx.execute(
        "UPDATE player SET uscf_id = COALESCE(uscf_id, ?2), fide_id = COALESCE(fide_id, ?3), \
         rating = COALESCE(rating, ?4), fide_rating = COALESCE(fide_rating, ?5), \
         federation = COALESCE(federation, ?6), title = COALESCE(title, ?7) WHERE id = ?1",
        params![
            into.id,
            from.uscf_id,
            from.fide_id,
            from.rating,
            from.fide_rating,
            from.federation,
            from.title
        ],
    )?;
    let Stamp { at, who } = Stamp::now();
    tx.execute(
        "INSERT INTO player_merge (at, who, from_player_id, from_name, from_uscf_id, from_fide_id, into_player_id, into_name, \
         entries_moved, games_moved, byes_moved, rosters_moved, other_moved, filled_in, reason) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        params![
            at,
            who,
            from.id,
            from.name,
            from.uscf_id,
            from.fide_id,
            into.id,
            into.name,
            plan.entries.len() as u32,
            plan.games,
            plan.byes,
            plan.rosters,
            plan.other_text(),
            plan.filled_in_text(),
            reason
        ],
    )?;
    let mut moved = format!(
        "{}: {} entr{}{}, {} game{}, {} bye{} moved from #{}",
        describe_player(&player_by_id(tx, into.id)?),
        plan.entries.len(),
        if plan.entries.len() == 1 { "y" } else { "ies" },
        if plan.entries.is_empty() {
            String::new()
        } else {
            format!(" ({})", plan.entries.join(", "))
        },
        plan.games,
        if plan.games == 1 { "" } else { "s" },
        plan.byes,
        if plan.byes == 1 { "" } else { "s" },
        from.id
    );
    if let Some(f) = plan.filled_in_text() {
        moved.push_str(&format!("; filled in {f}"));
    }
    audit(
        tx,
        Action::Merge,
        &format!(
            "player {} (#{}) into {} (#{})",
            from.name, from.id, into.name, into.id
        ),
        Some(&describe_player(from)),
        Some(&moved),
        reason,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::player::{add_player, NewPlayer};
    use crate::store::Store;

    #[test]
    fn rows_of_any_table_naming_the_player_move_and_chains_of_merges_work() {
        let mut store = Store::open_in_memory().expect("store");
        store
            .write(|tx| {
                tx.conn().execute_batch(
                    "CREATE TABLE note (id INTEGER PRIMARY KEY, player_id INTEGER REFERENCES player(id));",
                )?;
                let add = |name: &str, uscf: Option<&str>| {
                    add_player(
                        tx,
                        &NewPlayer {
                            name,
                            uscf_id: uscf,
                            ..Default::default()
                        },
                    )
                };
                let a = add("Ann Lee", None)?;
                let b = add("Anne Lee", Some("123"))?;
                let c = add("A. Lee", None)?;
                tx.execute("INSERT INTO note (player_id) VALUES (?1), (?1)", [a.id])?;
                let plan = merge_plan(tx, &a, &b)?;
                assert_eq!(plan.other, vec![("note".to_string(), 2)]);
                assert!(plan.filled_in.is_empty());
                merge(tx, &plan, Some("typo"))?;
                let moved: i64 =
                    tx.query_row("SELECT count(*) FROM note WHERE player_id = ?1", [b.id], |r| {
                        r.get(0)
                    })?;
                assert_eq!(moved, 2);
                // b was the survivor of one merge and is merged away in the next.
                let (b, c) = (player_by_id(tx, b.id)?, player_by_id(tx, c.id)?);
                let plan = merge_plan(tx, &b, &c)?;
                merge(tx, &plan, None)?;
                assert_eq!(
                    plan.filled_in,
                    vec![("US Chess id".to_string(), "123".to_string())]
                );
                let c = player_by_id(tx, c.id)?;
                assert_eq!(c.uscf_id.as_deref(), Some("123"));
                let merges: i64 =
                    tx.query_row("SELECT count(*) FROM player_merge", [], |r| r.get(0))?;
                assert_eq!(merges, 2);
                let other: Option<String> = tx.query_row(
                    "SELECT other_moved FROM player_merge ORDER BY id LIMIT 1",
                    [],
                    |r| r.get(0),
                )?;
                assert_eq!(other.as_deref(), Some("note: 2"));
                Ok(())
            })
            .expect("merges");
    }
}
