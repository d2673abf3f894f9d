//! A failure of the database file itself (a full disk, a file another
//! program holds past the wait, a disk error) on a page: the store's facts
//! and the console's way on, with no command to run and no flag; the CLI's
//! words for the same error are as they were.

use std::path::Path;

use rusqlite::ffi;

use crate::error::Error;
use crate::web::page::WebError;

/// The store's words for SQLite failing on `league.db` with `code`.
fn failure(code: std::ffi::c_int) -> Error {
    failure_at(Path::new("league.db"), code)
}

/// The store's words for SQLite failing on `path` with `code`.
fn failure_at(path: &Path, code: std::ffi::c_int) -> Error {
    let sql = rusqlite::Error::SqliteFailure(ffi::Error::new(code), None);
    crate::store::explain(path, sql.into())
}

/// The words of the page for `e`.
fn page(e: Error) -> String {
    WebError::from(e).message
}

fn assert_no_command(page: &str) {
    for word in ["league ", "--", "command", "chmod", "`", "--db"] {
        assert!(!page.contains(word), "{word:?} on the page: {page}");
    }
}

#[test]
fn a_full_disk_says_nothing_was_saved_and_to_free_space() {
    let page = page(failure(ffi::SQLITE_FULL));
    assert_eq!(
        page,
        "The disk holding league.db is full, so nothing was saved and league.db is as it was; \
         free some disk space on the computer running the server, then try again"
    );
    assert_no_command(&page);
}

#[test]
fn a_file_held_past_the_wait_says_to_try_again_in_a_moment() {
    let page = page(failure(ffi::SQLITE_BUSY));
    assert_eq!(
        page,
        "League.db is busy: another league command (or another program) has been using it for \
         more than 30 seconds. Nothing was saved; try again in a moment, once it has finished"
    );
    assert!(!page.contains("run the command"), "{page}");
    assert!(!page.contains("--") && !page.contains('`'), "{page}");
}

#[test]
fn a_disk_error_says_to_check_the_servers_disk() {
    // A disk error leads the store to look at the folder: a folder of its own.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("league.db");
    let page = page(failure_at(&db, ffi::SQLITE_IOERR));
    assert!(
        page.starts_with(&format!("Could not read or write {}", db.display())),
        "{page}"
    );
    assert!(
        page.ends_with(
            "; check that the server's disk is not full and is still connected, then try again"
        ),
        "{page}"
    );
    assert_no_command(&page);
}

#[test]
fn the_cli_keeps_its_words_for_the_same_failures() {
    let cli = |e: Error| {
        let hint = e.way().map(crate::cli::ways::hint);
        e.with_hint(hint).to_string()
    };
    assert_eq!(
        cli(failure(ffi::SQLITE_FULL)),
        "the disk holding league.db is full, so nothing was saved and league.db is as it was; \
         free some space and run the command again"
    );
    assert_eq!(
        cli(failure(ffi::SQLITE_BUSY)),
        "league.db is busy: another league command (or another program) has been using it for \
         more than 30 seconds. Nothing was saved; wait for it to finish and run the command again"
    );
}
