//! Test builds only: rows set up and read back by SQL for the tests of the
//! layers above the store (which run no SQL of their own).

use super::Store;

/// Run `sql` (several statements) on the store's database.
pub fn execute(store: &Store, sql: &str) {
    store.conn().raw().execute_batch(sql).unwrap();
}

/// The first column of every row of `sql`, as text (`None` for NULL).
pub fn column(store: &Store, sql: &str) -> Vec<Option<String>> {
    let conn = store.conn().raw();
    let mut st = conn.prepare(sql).unwrap();
    st.query_map([], |r| r.get::<_, Option<String>>(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

/// The one number `sql` selects.
pub fn number(store: &Store, sql: &str) -> Option<i64> {
    store
        .conn()
        .raw()
        .query_row(sql, [], |r| r.get::<_, Option<i64>>(0))
        .unwrap()
}
