//! The typed row ids as SQL values: each binds as its `INTEGER` row id
//! (`params![event.id]`) and is read back from an `INTEGER` column. Only
//! with the `sql` feature, which the store turns on: here rather than in
//! the store because a trait of rusqlite may be implemented only beside
//! the type (the orphan rule), and behind a feature so that nothing else
//! of the domain names a database library.

use rusqlite::types::{FromSql, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::domain::ids::{
    ByeId, EntryId, EventId, GameId, MatchId, PlayerId, PrizeId, RoundId, SeasonId, SectionId,
    TeamId,
};

/// Bind and read one id type as the `i64` it wraps.
macro_rules! sql_id {
    ($($name:ident),* $(,)?) => {$(
        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                self.0.to_sql()
            }
        }

        impl FromSql for $name {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                i64::column_result(value).map($name)
            }
        }
    )*};
}

sql_id!(
    SeasonId, EventId, SectionId, PlayerId, EntryId, TeamId, RoundId, GameId, ByeId, MatchId,
    PrizeId,
);

#[cfg(test)]
mod tests {
    use rusqlite::{params, Connection};

    use super::*;

    #[test]
    fn an_id_goes_into_sql_and_comes_back_as_the_same_id() {
        let conn = Connection::open_in_memory().unwrap();
        let (back, plain, none): (EventId, i64, Option<TeamId>) = conn
            .query_row(
                "SELECT ?1 AS back, ?1 + 0 AS plain, ?2 AS none",
                params![EventId(41), None::<TeamId>],
                |r| Ok((r.get("back")?, r.get("plain")?, r.get("none")?)),
            )
            .unwrap();
        assert_eq!(back, EventId(41));
        assert_eq!(plain, 41, "bound as the plain integer");
        assert_eq!(none, None);
    }

    #[test]
    fn a_text_column_is_not_read_as_an_id() {
        let conn = Connection::open_in_memory().unwrap();
        let read = conn.query_row("SELECT 'seven'", [], |r| r.get::<_, PlayerId>(0));
        assert!(matches!(
            read,
            Err(rusqlite::Error::InvalidColumnType(0, _, _))
        ));
    }
}
