//! What `league serve` keeps in the database's settings: the console's
//! password (an Argon2id hash, never the password) and the folder the
//! console's "publish" writes the results site to. Rows of the `setting`
//! table (`serve.password`, `serve.site`), so each league file has its own.

use crate::Writer;
use rusqlite::OptionalExtension;

use super::Readable;
use crate::error::Result;

const PASSWORD: &str = "serve.password";
const SITE: &str = "serve.site";

fn get(conn: &impl Readable, key: &str) -> Result<Option<String>> {
    Ok(super::sql(conn)
        .prepare_cached("SELECT value AS value FROM setting WHERE key = ?1")?
        .query_row([key], |r| r.get::<_, String>("value"))
        .optional()?)
}

fn set(tx: &Writer, key: &str, value: Option<&str>) -> Result<()> {
    match value {
        Some(v) => tx.execute(
            "INSERT OR REPLACE INTO setting (key, value) VALUES (?1, ?2)",
            [key, v],
        )?,
        None => tx.execute("DELETE FROM setting WHERE key = ?1", [key])?,
    };
    Ok(())
}

/// The console password's Argon2id hash (PHC string), when one is set.
pub fn password_hash(conn: &impl Readable) -> Result<Option<String>> {
    get(conn, PASSWORD)
}

/// Store (or, with `None`, clear) the console password's hash.
pub fn set_password_hash(tx: &Writer, hash: Option<&str>) -> Result<()> {
    set(tx, PASSWORD, hash)
}

/// The folder "publish" writes the site to, when one was given.
pub fn site_folder(conn: &impl Readable) -> Result<Option<String>> {
    get(conn, SITE)
}

/// Remember the folder "publish" writes the site to.
pub fn set_site_folder(tx: &Writer, folder: &str) -> Result<()> {
    set(tx, SITE, Some(folder))
}
