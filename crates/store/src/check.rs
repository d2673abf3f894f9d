//! `league check`: SQLite's own checks (`integrity_check`,
//! `foreign_key_check`) and the league's invariants, each as one query over
//! the base tables, naming season, event, section, round and players.
//!
//! The schema already enforces most of these rules (triggers, composite
//! foreign keys, UNIQUE); the checks are for what got past them: rows
//! written with foreign keys off or triggers dropped by another tool,
//! `league sql` experiments on a copy, an old backup, a damaged file. They
//! read only base tables (not the views) except the score check, which
//! compares the `player_round` view that standings read with the raw games
//! and byes.

use std::path::Path;

use rusqlite::Connection;

use super::Readable;
use super::{migrate, open_reader};
use crate::error::{Error, Result, Way};

/// The result of one check: its description and what it found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CheckResult {
    /// What is checked, in words ("each player at most once per round").
    pub name: &'static str,
    /// One line per problem, naming where it is.
    pub problems: Vec<String>,
    /// A notice, not a failure: what it finds may be meant (a rematch
    /// given with `--allow-rematch`) or not finished yet (a round being
    /// recorded game by game). Shown, but `league check` still passes.
    pub notice: bool,
    /// How each problem found is put right, for the front end to add to
    /// every line (none: the line says it all).
    #[serde(skip)]
    pub way: Option<Way>,
}

impl CheckResult {
    /// Whether the check found nothing wrong.
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Everything `league check` found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// The schema version of the file and the newest this program knows.
    pub schema: i64,
    /// The newest schema version this program knows.
    pub latest: i64,
    /// Each check made, in order.
    pub checks: Vec<CheckResult>,
}

impl Report {
    /// The number of problems found.
    pub fn problems(&self) -> usize {
        self.checks
            .iter()
            .filter(|c| !c.notice)
            .map(|c| c.problems.len())
            .sum()
    }
}

/// Where a round is, in words: "2022-23 Winter Swiss 1600+ round 3".
/// `r` is the alias of a `round` row.
const ROUND_PLACE: &str =
    "COALESCE((SELECT se.name || ' ' || ev.name || ' ' || sec.name || ' round ' || r.number \
     FROM section sec JOIN event ev ON ev.id = sec.event_id JOIN season se ON se.id = ev.season_id \
     WHERE sec.id = r.section_id), 'round #' || r.id)";

/// A player of an entry, in words: "Alice Smith (#1)". `e` is the alias of
/// an `entry` row; `fallback` is the entry id when the row is missing.
fn entry_name(e: &str, fallback: &str) -> String {
    format!(
        "COALESCE((SELECT p.name FROM player p WHERE p.id = {e}.player_id) || ' (#' || {e}.pairing_no || ')', 'entry #' || {fallback})"
    )
}

/// Check the league database at `path`, read-only (it is not upgraded, and
/// nothing is written). A file that is not SQLite, not a league database
/// or newer than this program is refused; a file SQLite finds damaged is
/// reported by the integrity check.
pub fn check_file(path: &Path) -> Result<Report> {
    let conn = open_reader(path)?;
    let tables: rusqlite::Result<(i64, i64)> = conn.query_row(
        "SELECT count(*) AS tables, count(*) FILTER (WHERE name = 'refinery_schema_history') AS history \
         FROM sqlite_master WHERE type = 'table'",
        [],
        |r| Ok((r.get("tables")?, r.get("history")?)),
    );
    match tables {
        Ok((0, _)) => {
            return Err(Error::Database(format!(
                "{} is empty: it holds no league yet",
                path.display()
            )))
        }
        Ok((_, 0)) => {
            return Err(Error::Database(format!(
                "{} is an SQLite file but not a league database",
                path.display()
            ))
            .with_way(Way::DatabasePath))
        }
        Ok(_) => migrate::check_not_newer(&conn, path)?,
        // SQLite cannot even list the tables: the integrity check says why.
        Err(_) => {}
    }
    Ok(run(&conn))
}

/// Run every check. A check whose query fails (a damaged file, a schema
/// too old for it) reports the failure as its problem; the others still run.
pub fn run(conn: &impl Readable) -> Report {
    let conn = super::sql(conn);
    let schema = migrate::current_version(conn).unwrap_or(0);
    let mut checks = Vec::new();
    let integrity = lines(conn, "PRAGMA integrity_check(100)")
        .map(|rows| rows.into_iter().filter(|r| r != "ok").collect());
    let damaged = !matches!(&integrity, Ok(p) if Vec::is_empty(p));
    checks.push(result(
        "the file is intact (SQLite integrity_check)",
        integrity,
    ));
    checks.push(result(
        "every reference between tables leads somewhere (SQLite foreign_key_check)",
        lines(
            conn,
            "SELECT fk.\"table\" || ' row ' || COALESCE(fk.rowid, '?') || ' refers to a missing ' || fk.parent \
             FROM pragma_foreign_key_check AS fk",
        ),
    ));
    if schema == migrate::latest_version() {
        let (problems, way) = match super::schema_objects::differences(conn) {
            Ok(found) => (
                found.iter().map(|d| d.to_string()).collect(),
                Some(Way::RepairSchema),
            ),
            Err(e) => (vec![format!("could not run this check: {e}")], None),
        };
        checks.push(CheckResult {
            name: "the schema is league's own: no table, index, view or trigger added, changed or dropped by another tool",
            problems,
            notice: false,
            way,
        });
    }
    if !damaged {
        // The league's own checks read the tables SQLite says are damaged
        // otherwise; their answers would mislead.
        record_checks(conn, &mut checks);
        membership_checks(conn, &mut checks);
        pairing_checks(conn, &mut checks);
    }
    Report {
        schema,
        latest: migrate::latest_version(),
        checks,
    }
}

/// Games, byes and rounds in their places: each game's players in its
/// round's section, one seat per player and round, rounds within the
/// event, nothing after a withdrawal, scores that add up.
fn record_checks(conn: &Connection, checks: &mut Vec<CheckResult>) {
    let white = entry_name("ew", "g.white_entry");
    let black = entry_name("eb", "g.black_entry");
    let bye_entry = entry_name("e", "b.entry_id");
    checks.push(result(
        "both players of every game, and every bye, belong to the round's section",
        lines(
            conn,
            &format!(
                "SELECT {ROUND_PLACE} || ': ' || {white} || ' v ' || {black} || ' — ' || \
                    CASE WHEN r.section_id IS NOT g.section_id THEN 'the game is filed under another section than its round' \
                         WHEN ew.section_id IS NOT g.section_id THEN 'White is not entered in this section' \
                         ELSE 'Black is not entered in this section' END \
                 FROM game g LEFT JOIN round r ON r.id = g.round_id \
                 LEFT JOIN entry ew ON ew.id = g.white_entry LEFT JOIN entry eb ON eb.id = g.black_entry \
                 WHERE r.section_id IS NOT g.section_id OR ew.section_id IS NOT g.section_id OR eb.section_id IS NOT g.section_id \
                 UNION ALL \
                 SELECT {ROUND_PLACE} || ': ' || {bye_entry} || '''s bye — ' || \
                    CASE WHEN r.section_id IS NOT b.section_id THEN 'the bye is filed under another section than its round' \
                         ELSE 'the player is not entered in this section' END \
                 FROM bye b LEFT JOIN round r ON r.id = b.round_id LEFT JOIN entry e ON e.id = b.entry_id \
                 WHERE r.section_id IS NOT b.section_id OR e.section_id IS NOT b.section_id"
            ),
        ),
    ));
    let seat = entry_name("e", "s.entry_id");
    checks.push(result(
        "each player has at most one game or bye per round",
        lines(
            conn,
            &format!(
                "WITH seat AS ( \
                    SELECT round_id, white_entry AS entry_id, 1 AS games, 0 AS byes FROM game \
                    UNION ALL SELECT round_id, black_entry, 1, 0 FROM game \
                    UNION ALL SELECT round_id, entry_id, 0, 1 FROM bye), \
                 s AS (SELECT round_id, entry_id, SUM(games) AS games, SUM(byes) AS byes FROM seat \
                       GROUP BY round_id, entry_id HAVING count(*) > 1) \
                 SELECT {ROUND_PLACE} || ': ' || {seat} || ' has ' || s.games || ' game' || IIF(s.games = 1, '', 's') || \
                        ' and ' || s.byes || ' bye' || IIF(s.byes = 1, '', 's') \
                 FROM s LEFT JOIN round r ON r.id = s.round_id LEFT JOIN entry e ON e.id = s.entry_id \
                 ORDER BY s.round_id, s.entry_id"
            ),
        ),
    ));
    checks.push(result(
        "every round is within its event's planned rounds",
        lines(
            conn,
            &format!(
                "SELECT {ROUND_PLACE} || ': the event has only ' || ev.rounds || ' round' || IIF(ev.rounds = 1, '', 's') \
                 FROM round r JOIN section sec ON sec.id = r.section_id JOIN event ev ON ev.id = sec.event_id \
                 WHERE r.number > ev.rounds OR r.number < 1 ORDER BY r.id"
            ),
        ),
    ));
    let after = entry_name("e", "x.entry_id");
    checks.push(result(
        "nobody has a game or bye after the round they withdrew after",
        lines(
            conn,
            &format!(
                "WITH x AS ( \
                    SELECT round_id, white_entry AS entry_id, 'a game' AS what FROM game \
                    UNION ALL SELECT round_id, black_entry, 'a game' FROM game \
                    UNION ALL SELECT round_id, entry_id, 'a bye' FROM bye) \
                 SELECT {ROUND_PLACE} || ': ' || {after} || ' has ' || x.what || ' but withdrew after round ' || e.withdrawn_after \
                 FROM x JOIN entry e ON e.id = x.entry_id JOIN round r ON r.id = x.round_id \
                 WHERE e.withdrawn_after IS NOT NULL AND r.number > e.withdrawn_after ORDER BY r.id, e.id"
            ),
        ),
    ));
    checks.push(result(
        "each section's scores add up to its decided games and byes",
        lines(
            conn,
            "WITH t AS (SELECT sec.id, \
                 (SELECT COALESCE(SUM(pr.halves), 0) FROM player_round pr WHERE pr.section_id = sec.id) AS scored, \
                 2 * (SELECT count(*) FROM game g WHERE g.section_id = sec.id \
                      AND g.result IN ('1-0', '0-1', '1/2-1/2', '1F-0F', '0F-1F')) \
                 + (SELECT COALESCE(SUM(CASE b.kind WHEN 'full' THEN 2 WHEN 'half' THEN 1 ELSE 0 END), 0) \
                    FROM bye b WHERE b.section_id = sec.id) AS due \
                 FROM section sec) \
             SELECT se.name || ' ' || ev.name || ' ' || sec.name || ': the scores add up to ' || \
                    (t.scored / 2) || IIF(t.scored % 2 = 1, '½', '') || ' points, but the decided games and byes give ' || \
                    (t.due / 2) || IIF(t.due % 2 = 1, '½', '') \
             FROM t JOIN section sec ON sec.id = t.id JOIN event ev ON ev.id = sec.event_id \
             JOIN season se ON se.id = ev.season_id WHERE t.scored <> t.due ORDER BY sec.id",
        ),
    ));
}

/// Each player in one section and on one team per event.
fn membership_checks(conn: &Connection, checks: &mut Vec<CheckResult>) {
    checks.push(result(
        "each player is in one section per event",
        lines(
            conn,
            "SELECT se.name || ' ' || ev.name || ': ' || p.name || ' is entered in ' || count(*) || ' sections (' || \
                    group_concat(sec.name, ', ') || ')' \
             FROM entry e JOIN section sec ON sec.id = e.section_id JOIN event ev ON ev.id = sec.event_id \
             JOIN season se ON se.id = ev.season_id JOIN player p ON p.id = e.player_id \
             GROUP BY ev.id, e.player_id HAVING count(*) > 1 ORDER BY ev.id, p.name",
        ),
    ));
    checks.push(result(
        "each player is on one team per event, a team of that event",
        lines(
            conn,
            "SELECT se.name || ' ' || ev.name || ': ' || p.name || ' is on ' || count(*) || ' teams'' rosters (' || \
                    group_concat(t.name, ', ') || ')' \
             FROM roster ro JOIN team t ON t.id = ro.team_id JOIN event ev ON ev.id = ro.event_id \
             JOIN season se ON se.id = ev.season_id JOIN player p ON p.id = ro.player_id \
             GROUP BY ro.event_id, ro.player_id HAVING count(*) > 1 \
             UNION ALL \
             SELECT se.name || ' ' || ev.name || ': ' || p.name || ' is on the roster of ' || t.name || \
                    ', a team of another event' \
             FROM roster ro JOIN team t ON t.id = ro.team_id JOIN event ev ON ev.id = ro.event_id \
             JOIN season se ON se.id = ev.season_id JOIN player p ON p.id = ro.player_id \
             WHERE t.event_id <> ro.event_id \
             UNION ALL \
             SELECT se.name || ' ' || ev.name || ' ' || sec.name || ': ' || p.name || ' plays for ' || t.name || \
                    CASE WHEN t.event_id <> ev.id THEN ', a team of another event' \
                         ELSE ' but is on the roster of ' || (SELECT t2.name FROM team t2 WHERE t2.id = ro.team_id) END \
             FROM entry e JOIN section sec ON sec.id = e.section_id JOIN event ev ON ev.id = sec.event_id \
             JOIN season se ON se.id = ev.season_id JOIN player p ON p.id = e.player_id \
             JOIN team t ON t.id = e.team_id \
             LEFT JOIN roster ro ON ro.player_id = e.player_id AND ro.event_id = ev.id \
             WHERE t.event_id <> ev.id OR (ro.team_id IS NOT NULL AND ro.team_id <> e.team_id)",
        ),
    ));
}

/// The pairings: no round skipped, no rematch in a Swiss, no one left
/// without a game or a bye in a paired round.
fn pairing_checks(conn: &Connection, checks: &mut Vec<CheckResult>) {
    // A round is paired when it has a game or a bye the pairing gave (a
    // round holding only requested byes is a request for later).
    const PAIRED: &str = "(EXISTS (SELECT 1 FROM game g WHERE g.round_id = r.id) \
         OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = r.id AND b.requested = 0))";
    checks.push(result(
        "no section has a round without pairings before a paired round (a round-number slip)",
        lines(
            conn,
            &format!(
                "WITH paired AS (SELECT r.section_id, r.number FROM round r WHERE {PAIRED}), \
                 last AS (SELECT section_id, MAX(number) AS n FROM paired GROUP BY section_id), \
                 nums(section_id, k, n) AS (SELECT section_id, 1, n FROM last \
                      UNION ALL SELECT section_id, k + 1, n FROM nums WHERE k < n) \
                 SELECT se.name || ' ' || ev.name || ' ' || sec.name || ': round ' || nums.k || \
                        ' has no pairings, but round ' || nums.n || ' has' \
                 FROM nums JOIN section sec ON sec.id = nums.section_id JOIN event ev ON ev.id = sec.event_id \
                 JOIN season se ON se.id = ev.season_id \
                 WHERE NOT EXISTS (SELECT 1 FROM paired p WHERE p.section_id = nums.section_id AND p.number = nums.k) \
                 ORDER BY sec.id, nums.k"
            ),
        ),
    ));
    let (w1, b1) = (
        entry_name("ew", "g1.white_entry"),
        entry_name("eb", "g1.black_entry"),
    );
    // Games are grouped by their two players (either colour) first, so
    // only the games of a pair that met twice are joined: joining every
    // game of a section with every other was quadratic (a 9,999-player
    // section ran past 300 s).
    checks.push(notice(
        "no two players meet twice over the board in a Swiss (forfeits aside)",
        lines(
            conn,
            &format!(
                "WITH m AS (SELECT g.id, g.section_id, g.round_id, g.white_entry, g.black_entry, \
                        MIN(g.white_entry, g.black_entry) AS lo, MAX(g.white_entry, g.black_entry) AS hi \
                    FROM game g JOIN section sec ON sec.id = g.section_id JOIN event ev ON ev.id = sec.event_id \
                    WHERE ev.kind = 'swiss' AND (g.result IS NULL OR g.result NOT IN ('1F-0F', '0F-1F', '0F-0F'))), \
                 twice AS MATERIALIZED (SELECT section_id, lo, hi FROM m GROUP BY section_id, lo, hi HAVING count(*) > 1), \
                 d AS MATERIALIZED (SELECT m.* FROM twice t CROSS JOIN m \
                    ON m.section_id = t.section_id AND m.lo = t.lo AND m.hi = t.hi) \
                 SELECT se.name || ' ' || ev.name || ' ' || sec.name || ': ' || {w1} || ' and ' || {b1} || \
                        ' meet in round ' || r1.number || ' and again in round ' || r2.number \
                 FROM d g1 JOIN d g2 ON g2.section_id = g1.section_id AND g2.lo = g1.lo AND g2.hi = g1.hi \
                      AND g2.id > g1.id \
                 JOIN round r1 ON r1.id = g1.round_id JOIN round r2 ON r2.id = g2.round_id \
                 JOIN section sec ON sec.id = g1.section_id JOIN event ev ON ev.id = sec.event_id \
                 JOIN season se ON se.id = ev.season_id \
                 JOIN entry ew ON ew.id = g1.white_entry JOIN entry eb ON eb.id = g1.black_entry \
                 ORDER BY sec.id, r1.number, g1.id, g2.id"
            ),
        ),
    ));
    let who = entry_name("e", "e.id");
    // A hole is a problem, not a note: the standings count it as a zero
    // nobody recorded (a deleted game, a player left out of the pairing).
    // Each (round, player) looks up the player's game as White, as Black
    // and the bye through the unique indexes; `g.round_id = r.id AND e.id
    // IN (white, black)` read every game of the round for every player.
    checks.push(result(
        "everyone entered has a game or a bye in every paired round (until they withdrew)",
        lines(
            conn,
            &format!(
                "WITH pr AS MATERIALIZED (SELECT r.id, r.section_id, r.number FROM round r \
                    JOIN section sec ON sec.id = r.section_id JOIN event ev ON ev.id = sec.event_id \
                    WHERE ev.kind IN ('swiss', 'round-robin') AND {PAIRED}) \
                 SELECT {ROUND_PLACE} || ': ' || {who} || ' has neither a game nor a bye' \
                 FROM pr CROSS JOIN round r ON r.id = pr.id CROSS JOIN entry e ON e.section_id = pr.section_id \
                 WHERE (e.withdrawn_after IS NULL OR pr.number <= e.withdrawn_after) \
                   AND NOT EXISTS (SELECT 1 FROM game g WHERE g.round_id = pr.id AND g.white_entry = e.id) \
                   AND NOT EXISTS (SELECT 1 FROM game g WHERE g.round_id = pr.id AND g.black_entry = e.id) \
                   AND NOT EXISTS (SELECT 1 FROM bye b WHERE b.round_id = pr.id AND b.entry_id = e.id) \
                 ORDER BY pr.section_id, pr.number, e.pairing_no"
            ),
        ),
    ));
}

/// A [`result`] that is shown but does not fail the check.
fn notice(name: &'static str, found: rusqlite::Result<Vec<String>>) -> CheckResult {
    CheckResult {
        notice: true,
        ..result(name, found)
    }
}

fn result(name: &'static str, found: rusqlite::Result<Vec<String>>) -> CheckResult {
    CheckResult {
        notice: false,
        way: None,
        name,
        problems: match found {
            Ok(problems) => problems,
            Err(e) => vec![format!("could not run this check: {e}")],
        },
    }
}

/// The first column of every row, as text.
fn lines(conn: &Connection, sql: &str) -> rusqlite::Result<Vec<String>> {
    let mut st = conn.prepare(sql)?;
    let rows = st
        .query_map([], |r| r.get::<_, Option<String>>(0))?
        .map(|r| r.map(Option::unwrap_or_default))
        .collect();
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn a_new_league_passes_every_check() {
        let store = Store::open_in_memory().unwrap();
        let report = run(store.conn());
        assert_eq!(report.problems(), 0, "{report:?}");
        assert!(report.checks.len() >= 8);
    }
}
