//! Typed rows: a query's row read into a named value, every column by its
//! name. A reader that took columns by position would compile and silently
//! swap two fields the day someone reordered its SELECT; read by name, a
//! reordered SELECT reads the same value, and a column that is missing or
//! was renamed fails the query with SQLite's "no such column" error, in
//! the first test that runs it.
//!
//! A type that several queries read (a player, an entry, a prize) names
//! its columns once in [`FromRow::COLUMNS`], beside the reader that reads
//! them: a query writes `SELECT {COLUMNS} FROM …` ([`select`]), so the
//! list and its reader cannot drift apart. A column computed by an
//! expression, or taken from a joined table, carries an `AS` name there,
//! since SQLite only promises the names it was given.

use rusqlite::Row;

/// A value read from one row of a query, by column name.
pub(crate) trait FromRow: Sized {
    /// The select list whose columns [`FromRow::from_row`] reads, each
    /// under the name it reads it by (an expression or a joined table's
    /// column is named with `AS`). Table aliases it uses (`e.` for the
    /// entry, …) are the ones its queries give in their `FROM`.
    const COLUMNS: &'static str;

    /// The value of one row; every column is read by its name.
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Self>;
}

/// `SELECT` with `T`'s columns, then `rest` (its `FROM`, `WHERE`, …).
pub(crate) fn select<T: FromRow>(rest: &str) -> String {
    format!("SELECT {} {rest}", T::COLUMNS)
}

#[cfg(test)]
mod tests {
    use rusqlite::{Connection, Error};

    use super::*;

    /// A row of two fields of the same type: the kind a positional reader
    /// would swap without a word.
    #[derive(Debug, PartialEq, Eq)]
    struct Pairing {
        white: String,
        black: String,
    }

    impl FromRow for Pairing {
        const COLUMNS: &'static str = "w.name AS white, b.name AS black";
        fn from_row(r: &Row<'_>) -> rusqlite::Result<Self> {
            Ok(Pairing {
                white: r.get("white")?,
                black: r.get("black")?,
            })
        }
    }

    fn board() -> Connection {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT NOT NULL); \
             INSERT INTO p VALUES (1, 'Ada'), (2, 'Bert'); \
             CREATE TABLE g (white INTEGER, black INTEGER); INSERT INTO g VALUES (1, 2);",
        )
        .unwrap();
        conn
    }

    const FROM: &str = "FROM g JOIN p w ON w.id = g.white JOIN p b ON b.id = g.black";

    fn read(conn: &Connection, sql: &str) -> rusqlite::Result<Vec<Pairing>> {
        conn.prepare(sql)?
            .query_map([], Pairing::from_row)?
            .collect()
    }

    #[test]
    fn a_row_is_read_by_its_columns_names() {
        let conn = board();
        let ada_white = vec![Pairing {
            white: "Ada".into(),
            black: "Bert".into(),
        }];
        assert_eq!(read(&conn, &select::<Pairing>(FROM)).unwrap(), ada_white);
        // The same columns in the other order read the same pairing, not
        // Bert with white.
        let reordered = format!("SELECT b.name AS black, w.name AS white {FROM}");
        assert_eq!(read(&conn, &reordered).unwrap(), ada_white);
    }

    /// The names SQLite gives the columns of `SELECT {columns} {from}`
    /// in the league's own schema (the statement must prepare: every
    /// column it names exists).
    fn names(columns: &str, from: &str) -> Vec<String> {
        let store = crate::store::Store::open_in_memory().unwrap();
        let sql = format!("SELECT {columns} {from}");
        let st = store
            .conn()
            .raw()
            .prepare(&sql)
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        st.column_names().map(str::to_string).collect()
    }

    /// Each type's column list names columns of the schema, each under a
    /// plain name of its own: a name given twice would be read from its
    /// first column by both readers (SQLite matches names without case).
    #[test]
    fn every_column_list_names_real_columns_each_under_its_own_name() {
        use crate::domain::league::{Entry, Event, Player, Season, Section};
        use crate::store::prize::StoredPrize;
        let events = "FROM event e JOIN season s ON s.id = e.season_id";
        let lists = [
            names(Player::COLUMNS, "FROM player"),
            names(
                Entry::COLUMNS,
                "FROM entry e JOIN player p ON p.id = e.player_id",
            ),
            names(Season::COLUMNS, "FROM season"),
            names(Event::COLUMNS, events),
            names(Section::COLUMNS, "FROM section sec"),
            names(StoredPrize::COLUMNS, "FROM prize"),
            // history's sections read an event and a section from one row.
            names(
                &format!("{}, {}", Event::COLUMNS, Section::COLUMNS),
                &format!("{events} JOIN section sec ON sec.event_id = e.id"),
            ),
        ];
        for list in lists {
            let mut seen = std::collections::HashSet::new();
            for name in &list {
                assert!(
                    name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                    "{name} in {list:?}: name it with AS"
                );
                assert!(
                    seen.insert(name.to_ascii_lowercase()),
                    "{name} twice in {list:?}"
                );
            }
        }
    }

    #[test]
    fn a_missing_or_renamed_column_fails_the_query_instead_of_reading_another() {
        let conn = board();
        for (sql, missing) in [
            (
                format!("SELECT w.name AS white, b.name AS blk {FROM}"),
                "black",
            ),
            (format!("SELECT w.name AS white, b.name {FROM}"), "black"),
            (format!("SELECT b.name AS black {FROM}"), "white"),
        ] {
            match read(&conn, &sql) {
                Err(Error::InvalidColumnName(name)) => assert_eq!(name, missing, "{sql}"),
                other => panic!("{sql}: expected no such column {missing}, got {other:?}"),
            }
        }
    }
}
