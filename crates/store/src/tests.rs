//! The schema's own rules: SQLite refuses bad rows even when our checks are
//! bypassed, and an older database upgrades to the same schema as a new one.

use rusqlite::Connection;

use super::migrate;
use super::Store;

/// A league with one 5-round event, two sections, two players in each, and
/// round 1 created in both sections; returns the store.
fn league() -> Store {
    let store = Store::open_in_memory().unwrap();
    store
        .conn().raw()
        .execute_batch(
            "INSERT INTO season (id, name) VALUES (1, '2022-23');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Winter Swiss', 'swiss', 5, 'uscf-swiss');
             INSERT INTO section (id, event_id, name) VALUES (1, 1, '1600+'), (2, 1, 'U1600');
             INSERT INTO player (id, name) VALUES (1, 'A'), (2, 'B'), (3, 'C'), (4, 'D'), (5, 'E');
             INSERT INTO entry (id, section_id, player_id, pairing_no) VALUES (1, 1, 1, 1), (2, 1, 2, 2), (5, 1, 5, 3), (3, 2, 3, 1), (4, 2, 4, 2);
             INSERT INTO round (id, section_id, number) VALUES (1, 1, 1), (2, 2, 1);",
        )
        .unwrap();
    store
}

/// Each row of `sql` as its values joined by `|` (NULL as `NULL`).
fn rows(conn: &Connection, sql: &str) -> Vec<String> {
    let mut st = conn.prepare(sql).unwrap();
    let n = st.column_count();
    st.query_map([], |r| {
        Ok((0..n)
            .map(|i| match r.get_ref(i).unwrap() {
                rusqlite::types::ValueRef::Null => "NULL".to_string(),
                rusqlite::types::ValueRef::Integer(v) => v.to_string(),
                rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                other => format!("{other:?}"),
            })
            .collect::<Vec<_>>()
            .join("|"))
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

/// The rule of the schema that refused a statement: which kind of
/// constraint fired (SQLite's extended error code) and which one of that
/// kind, so a test fails when a different rule refuses its row.
#[derive(Debug, PartialEq, Eq)]
enum Rule {
    /// A CHECK constraint, by its expression as the schema writes it.
    Check(String),
    /// A trigger's `RAISE(ABORT, ...)`: the trigger, found by dropping each
    /// trigger that raises the message in turn and seeing which one's
    /// absence lets the statement through, and the message.
    Trigger { name: String, message: String },
    /// A UNIQUE constraint or index, by its columns (`bye.round_id, bye.entry_id`).
    Unique(String),
    /// The foreign keys the statement's row breaks, each as
    /// `child(columns) -> parent(columns)` (SQLite names none in its message).
    ForeignKey(Vec<String>),
}

/// SQLite's error code and message for a failed statement.
fn failure(e: &rusqlite::Error) -> (i32, String) {
    match e {
        rusqlite::Error::SqliteFailure(err, msg) => {
            (err.extended_code, msg.clone().unwrap_or_default())
        }
        other => panic!("not an SQLite failure: {other}"),
    }
}

/// Which rule of the schema refuses `sql` (panics if SQLite accepts it, or
/// refuses it for a reason that is not a constraint).
#[track_caller]
fn refused(conn: &Connection, sql: &str) -> Rule {
    use rusqlite::ffi;
    let e = match conn.execute_batch(sql) {
        Ok(()) => panic!("SQLite accepted: {sql}"),
        Err(e) => e,
    };
    let (code, message) = failure(&e);
    let after = |prefix: &str| {
        message
            .strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{message:?} does not start with {prefix:?}"))
            .to_string()
    };
    match code {
        ffi::SQLITE_CONSTRAINT_CHECK => Rule::Check(after("CHECK constraint failed: ")),
        ffi::SQLITE_CONSTRAINT_UNIQUE => Rule::Unique(after("UNIQUE constraint failed: ")),
        ffi::SQLITE_CONSTRAINT_FOREIGNKEY => Rule::ForeignKey(broken_keys(conn, sql)),
        ffi::SQLITE_CONSTRAINT_TRIGGER => Rule::Trigger {
            name: trigger_behind(conn, sql, &message),
            message,
        },
        _ => {
            panic!("{sql}: refused by something other than a schema rule (code {code}): {message}")
        }
    }
}

/// The one trigger whose absence lets `sql` through (or fail otherwise than
/// with `message`): each trigger that raises `message` is dropped in turn
/// inside a savepoint that is then rolled back.
#[track_caller]
fn trigger_behind(conn: &Connection, sql: &str, message: &str) -> String {
    let candidates: Vec<String> = {
        let mut st = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND instr(sql, ?1) > 0 ORDER BY name")
            .unwrap();
        st.query_map([message.replace('\'', "''")], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let behind: Vec<String> = candidates
        .into_iter()
        .filter(|name| {
            conn.execute_batch(&format!(
                "SAVEPOINT which_trigger; DROP TRIGGER \"{name}\";"
            ))
            .unwrap();
            let lifted = match conn.execute_batch(sql) {
                Ok(()) => true,
                Err(e) => failure(&e).1 != message,
            };
            conn.execute_batch("ROLLBACK TO which_trigger; RELEASE which_trigger;")
                .unwrap();
            lifted
        })
        .collect();
    assert_eq!(
        behind.len(),
        1,
        "{sql}: triggers behind {message:?}: {behind:?}"
    );
    behind.into_iter().next().unwrap()
}

/// The foreign keys `sql` breaks: run with the keys deferred inside a
/// savepoint, read `PRAGMA foreign_key_check`, roll back.
fn broken_keys(conn: &Connection, sql: &str) -> Vec<String> {
    conn.execute_batch("SAVEPOINT which_key; PRAGMA defer_foreign_keys = ON;")
        .unwrap();
    conn.execute_batch(sql).unwrap();
    let mut keys = rows(
        conn,
        "SELECT DISTINCT c.\"table\" || '(' || (SELECT group_concat(\"from\", ', ') FROM (SELECT \"from\" FROM pragma_foreign_key_list(c.\"table\") WHERE id = c.fkid ORDER BY seq)) \
         || ') -> ' || c.parent || '(' || (SELECT group_concat(\"to\", ', ') FROM (SELECT \"to\" FROM pragma_foreign_key_list(c.\"table\") WHERE id = c.fkid ORDER BY seq)) || ')' \
         FROM pragma_foreign_key_check AS c",
    );
    keys.sort();
    conn.execute_batch("ROLLBACK TO which_key; RELEASE which_key;")
        .unwrap();
    keys
}

/// One of the triggers that keep a player to one game or bye per round
/// (V13, V18, V20), as [`refused`] names it.
fn one_per_round(trigger: &str) -> Rule {
    Rule::Trigger {
        name: trigger.into(),
        message: "a player already has a game or bye in this round".into(),
    }
}

/// A CHECK constraint, by its expression.
fn check(expression: &str) -> Rule {
    Rule::Check(expression.into())
}

#[test]
fn sqlite_refuses_a_game_against_oneself() {
    let s = league();
    assert_eq!(
        refused(
            s.conn().raw(),
            "INSERT INTO game (round_id, section_id, white_entry, black_entry) VALUES (1, 1, 1, 1)",
        ),
        check("white_entry <> black_entry")
    );
}

#[test]
fn sqlite_refuses_players_from_different_sections() {
    let s = league();
    // Entry 3 plays in section 2: Black's (entry, section) pair has no entry.
    assert_eq!(
        refused(
            s.conn().raw(),
            "INSERT INTO game (round_id, section_id, white_entry, black_entry) VALUES (1, 1, 1, 3)",
        ),
        Rule::ForeignKey(vec![
            "game(black_entry, section_id) -> entry(id, section_id)".into()
        ])
    );
    assert_eq!(
        refused(
            s.conn().raw(),
            "INSERT INTO game (round_id, section_id, white_entry, black_entry) VALUES (1, 1, 3, 2)",
        ),
        Rule::ForeignKey(vec![
            "game(white_entry, section_id) -> entry(id, section_id)".into()
        ])
    );
    // The same game within section 1 is accepted.
    s.conn()
        .raw()
        .execute_batch(
            "INSERT INTO game (round_id, section_id, white_entry, black_entry) VALUES (1, 1, 1, 2)",
        )
        .unwrap();
}

#[test]
fn sqlite_refuses_a_player_twice_in_a_round() {
    let s = league();
    s.conn()
        .raw()
        .execute_batch(
            "INSERT INTO game (round_id, section_id, white_entry, black_entry) VALUES (1, 1, 1, 2)",
        )
        .unwrap();
    assert_eq!(
        refused(
            s.conn().raw(),
            "INSERT INTO game (round_id, section_id, white_entry, black_entry) VALUES (1, 1, 5, 1)",
        ),
        one_per_round("game_one_per_round")
    );
    // White of the new game is Black of the old one (V13 checks each column by index).
    assert_eq!(
        refused(
            s.conn().raw(),
            "INSERT INTO game (round_id, section_id, white_entry, black_entry) VALUES (1, 1, 2, 5)",
        ),
        one_per_round("game_one_per_round")
    );
    assert_eq!(
        refused(s.conn().raw(), "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (1, 1, 2, 'half', 1)"),
        one_per_round("bye_one_per_round")
    );
    s.conn().raw().execute_batch("INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (1, 1, 5, 'full', 0)").unwrap();
    // A second bye for the same player: the bye table's own key.
    assert_eq!(
        refused(s.conn().raw(), "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (1, 1, 5, 'zero', 1)"),
        Rule::Unique("bye.round_id, bye.entry_id".into())
    );
    // Moving a player with a bye into the game is refused too.
    assert_eq!(
        refused(
            s.conn().raw(),
            "UPDATE game SET black_entry = 5 WHERE white_entry = 1",
        ),
        one_per_round("game_one_per_round_update")
    );
}

#[test]
fn sqlite_refuses_a_round_beyond_the_event() {
    let s = league();
    assert_eq!(
        refused(
            s.conn().raw(),
            "INSERT INTO round (section_id, number) VALUES (1, 6)",
        ),
        Rule::Trigger {
            name: "round_within_event".into(),
            message: "round number is beyond the event's planned rounds".into()
        }
    );
    s.conn()
        .raw()
        .execute_batch("INSERT INTO round (section_id, number) VALUES (1, 5)")
        .unwrap();
}

#[test]
fn sqlite_refuses_values_outside_the_enumerations() {
    let s = league();
    for (sql, rule) in [
        (
            "INSERT INTO game (round_id, section_id, white_entry, black_entry, result) VALUES (1, 1, 1, 2, '2-0')",
            check("result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '0-0', '1F-0F', '0F-1F', '0F-0F')"),
        ),
        (
            "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (1, 1, 1, 'quarter', 1)",
            check("kind IN ('full', 'half', 'zero')"),
        ),
        (
            "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (1, 1, 1, 'half', 2)",
            check("requested IN (0, 1)"),
        ),
        (
            "INSERT INTO event (season_id, name, kind, rounds, tiebreaks) VALUES (1, 'X', 'blitz', 5, 'uscf-swiss')",
            check("kind IN ('swiss', 'round-robin', 'team-swiss', 'team-round-robin')"),
        ),
        (
            "INSERT INTO event (season_id, name, kind, rounds, tiebreaks, fide_edition) VALUES (1, 'Y', 'swiss', 5, 'x', 2019)",
            check("fide_edition IS NULL OR fide_edition IN (2009, 2024, 2026)"),
        ),
        (
            "INSERT INTO season (name, start_date) VALUES ('bad', '2022-13-45')",
            check("start_date IS NULL OR date(start_date) IS start_date"),
        ),
        (
            "INSERT INTO entry (section_id, player_id, pairing_no) VALUES (1, 99, 9)",
            Rule::ForeignKey(vec!["entry(player_id) -> player(id)".into()]),
        ),
    ] {
        assert_eq!(refused(s.conn().raw(), sql), rule, "{sql}");
    }
}

#[test]
fn an_older_database_upgrades_to_the_same_schema_as_a_new_one() {
    fn schema(conn: &Connection) -> Vec<(String, String)> {
        let mut st = conn
            .prepare("SELECT name, COALESCE(sql, '') AS sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name <> 'refinery_schema_history' ORDER BY name")
            .unwrap();
        st.query_map([], |r| Ok((r.get("name")?, r.get("sql")?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        // A database as the first release would have left it: migrations up to V7.
        let mut conn = Connection::open(&path).unwrap();
        migrate::run_to(&mut conn, 7).unwrap();
        conn.execute_batch("INSERT INTO season (name) VALUES ('2019-20')")
            .unwrap();
    }
    let upgraded = Store::open(&path, false).unwrap();
    let fresh = Store::open_in_memory().unwrap();
    assert_eq!(schema(upgraded.conn().raw()), schema(fresh.conn().raw()));
    assert_eq!(
        migrate::current_version(upgraded.conn().raw()).unwrap(),
        migrate::latest_version()
    );
    // The data survived, and the pre-upgrade copy was written.
    let n: i64 = upgraded
        .conn()
        .raw()
        .query_row("SELECT count(*) FROM season", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1);
    assert!(migrate::backup_path(&path, 7).exists());
}

/// V20 builds the game table again (a CHECK cannot be changed in place):
/// a database at V18 with games keeps every game with its id, and every
/// index, trigger and view on the table works as before, with '0-0' (a
/// game both players lost) now accepted and counted as played.
/// The names of the game table's schema objects of `kind` (index, trigger).
fn names(conn: &Connection, kind: &str) -> Vec<String> {
    let mut st = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = ?1 AND tbl_name = 'game' ORDER BY name",
        )
        .unwrap();
    st.query_map([kind], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// A database at V18 holding three games (one double forfeit, one
/// unfinished), which refuses '0-0' as V18 did; the game table's indexes
/// and triggers then.
fn v18_with_games(path: &std::path::Path) -> (Vec<String>, Vec<String>) {
    let mut conn = Connection::open(path).unwrap();
    conn.pragma_update(None, "foreign_keys", "ON").unwrap();
    migrate::run_to(&mut conn, 18).unwrap();
    conn.execute_batch(
        "INSERT INTO season (id, name) VALUES (1, '2022-23');
         INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Winter Swiss', 'swiss', 5, 'uscf-swiss');
         INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open');
         INSERT INTO player (id, name) VALUES (1, 'A'), (2, 'B'), (3, 'C'), (4, 'D');
         INSERT INTO entry (id, section_id, player_id, pairing_no) VALUES (1, 1, 1, 1), (2, 1, 2, 2), (3, 1, 3, 3), (4, 1, 4, 4);
         INSERT INTO round (id, section_id, number) VALUES (1, 1, 1), (2, 1, 2);
         INSERT INTO game (id, round_id, section_id, board, white_entry, black_entry, result) VALUES
             (7, 1, 1, 1, 1, 2, '1-0'), (9, 1, 1, 2, 3, 4, '0F-0F'), (12, 2, 1, 1, 2, 3, NULL);",
    )
    .unwrap();
    // Before V20, '0-0' is outside the results the game table knows.
    assert_eq!(
        refused(
            &conn,
            "INSERT INTO game (round_id, section_id, white_entry, black_entry, result) VALUES (2, 1, 1, 4, '0-0')",
        ),
        check("result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '1F-0F', '0F-1F', '0F-0F')")
    );
    (names(&conn, "index"), names(&conn, "trigger"))
}

/// A double loss ('0-0', allowed from V20): played, 0 for each, through
/// every view.
fn a_double_loss_counts_as_played(conn: &Connection) {
    conn.execute_batch(
        "INSERT INTO game (round_id, section_id, white_entry, black_entry, result) VALUES (2, 1, 1, 4, '0-0')",
    )
    .unwrap();
    assert_eq!(
        rows(
            conn,
            "SELECT pr.entry_id, pr.outcome, pr.halves, pr.played, es.games, es.losses, es.score_halves \
             FROM player_round pr JOIN entry_score es ON es.entry_id = pr.entry_id \
             WHERE pr.round_no = 2 AND pr.entry_id IN (1, 4) ORDER BY pr.entry_id"
        ),
        vec!["1|loss|0|1|2|1|2", "4|loss|0|1|1|1|0"]
    );
    assert_eq!(
        rows(
            conn,
            "SELECT outcome FROM game_side WHERE game_id = (SELECT id FROM game WHERE result = '0-0') ORDER BY colour"
        ),
        vec!["loss", "loss"]
    );
}

#[test]
fn v20_keeps_every_game_and_rule_and_accepts_a_double_loss() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v18.db");
    let (indexes, triggers) = v18_with_games(&path);
    let upgraded = Store::open(&path, false).unwrap();
    let conn = upgraded.conn().raw();
    assert_eq!(
        rows(conn, "SELECT id, board, white_entry, black_entry, COALESCE(result, '-') FROM game ORDER BY id"),
        vec!["7|1|1|2|1-0", "9|2|3|4|0F-0F", "12|1|2|3|-"]
    );
    // Every index V18 had, but game_white, which V23 drops (game_pair
    // leads with the same column).
    let indexes: Vec<String> = indexes.into_iter().filter(|n| n != "game_white").collect();
    assert_eq!(names(conn, "index"), indexes);
    // Every trigger V18 had, and V31's marks of a change (which replace
    // V25's stamps of the latest change and V29's bumps of the board).
    let mut triggers = triggers;
    triggers.extend(
        [
            "game_added_marks_change",
            "game_changed_marks_change",
            "game_removed_marks_change",
        ]
        .map(String::from),
    );
    triggers.sort();
    assert_eq!(names(conn, "trigger"), triggers);
    // The rules still hold: one game per player per round, known results.
    assert_eq!(
        refused(
            conn,
            "INSERT INTO game (round_id, section_id, white_entry, black_entry) VALUES (2, 1, 4, 3)",
        ),
        one_per_round("game_one_per_round")
    );
    assert_eq!(
        refused(
            conn,
            "INSERT INTO game (round_id, section_id, white_entry, black_entry, result) VALUES (2, 1, 1, 4, '0-0F')",
        ),
        check("result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '0-0', '1F-0F', '0F-1F', '0F-0F')")
    );
    assert_eq!(
        refused(
            conn,
            "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (1, 1, 1, 'half', 1)",
        ),
        one_per_round("bye_one_per_round")
    );
    a_double_loss_counts_as_played(conn);
}

/// V23 keeps two fewer indexes up to date on every game: look-ups by White
/// use game_pair, and a team match's boards (and the cascade when a match
/// is deleted) the partial game_team_match, which holds boards of matches
/// only.
#[test]
fn v23_finds_games_by_white_and_by_match_through_the_remaining_indexes() {
    let s = league();
    let conn = s.conn().raw();
    conn.execute_batch(
        "INSERT INTO team (id, event_id, name) VALUES (1, 1, 'Rooks'), (2, 1, 'Knights');
         INSERT INTO team_match (id, round_id, section_id, team_a, team_b) VALUES (1, 1, 1, 1, 2);
         INSERT INTO game (round_id, section_id, board, white_entry, black_entry, team_match_id) VALUES (1, 1, 1, 1, 2, 1);
         INSERT INTO game (round_id, section_id, white_entry, black_entry) VALUES (2, 2, 3, 4);",
    )
    .unwrap();
    let plan = |sql: &str| rows(conn, &format!("EXPLAIN QUERY PLAN {sql}")).join("\n");
    let by_white = plan("SELECT id FROM game WHERE white_entry = 3");
    assert!(
        by_white.contains("USING COVERING INDEX game_pair")
            || by_white.contains("USING INDEX game_pair"),
        "{by_white}"
    );
    let by_match = plan("SELECT id FROM game WHERE team_match_id = 1");
    assert!(by_match.contains("game_team_match"), "{by_match}");
    // Only the board of the match is in the partial index.
    assert_eq!(
        rows(
            conn,
            "SELECT count(*) FROM game INDEXED BY game_team_match WHERE team_match_id IS NOT NULL"
        ),
        vec!["1"]
    );
    // Deleting the match deletes its board and nothing else.
    conn.execute_batch("DELETE FROM team_match WHERE id = 1")
        .unwrap();
    assert_eq!(rows(conn, "SELECT white_entry FROM game"), vec!["3"]);
}
