//! A failure of the database file itself (a full disk, a file another
//! program holds past the wait, a disk error) on a page: the store's facts
//! and the console's way on, with no command to run and no flag; the CLI's
//! words for the same error are as they were.

use std::path::Path;

use rusqlite::ffi;

use crate::error::{Error, Way};
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

/// An operating system's "no space left on the device".
fn disk_full() -> std::io::Error {
    std::io::Error::from_raw_os_error(28)
}

/// The CLI's words for `e`, as `league` prints them.
fn cli(e: Error) -> String {
    let hint = e.way().map(crate::cli::ways::hint);
    e.with_hint(hint).to_string()
}

#[test]
fn publishing_to_a_full_disk_says_the_site_is_as_it_was_and_to_free_space() {
    let dir = Path::new("/srv/site");
    let e = || crate::site::write::not_staged(dir, &dir.join("index.html"), disk_full());
    let page = page(e());
    assert_eq!(
        page,
        "The disk holding /srv/site is full, so the site was not written; the site there before \
         is as it was. Free some disk space on the computer running the server, then try again"
    );
    assert_no_command(&page);
    assert_eq!(
        cli(e()),
        "the disk holding /srv/site is full, so the site was not written; the site there before \
         is as it was. Free some space and run the command again"
    );
    // Any other failure still names the page it could not write.
    let other = crate::site::write::not_staged(
        dir,
        &dir.join("index.html"),
        std::io::Error::from_raw_os_error(13),
    );
    assert!(other.way().is_none(), "{other}");
    assert!(
        other.to_string().starts_with("/srv/site/index.html: "),
        "{other}"
    );
}

#[test]
fn a_backup_to_a_full_disk_says_to_free_space_and_the_cli_keeps_its_words() {
    let e = || crate::store::snapshot::io_err(Path::new("backups/league.db"), disk_full());
    let page = page(e());
    assert_eq!(
        page,
        "The disk holding backups/league.db is full, so it could not be written; free some disk \
         space on the computer running the server, then try again"
    );
    assert_no_command(&page);
    assert_eq!(
        cli(e()),
        "the disk holding backups/league.db is full, so it could not be written; free some space \
         and run the command again"
    );
}

#[test]
fn an_output_file_on_a_full_disk_keeps_the_clis_words() {
    let e = || crate::store::outfile::write_failed(Path::new("out/e.json"), "e.json", &disk_full());
    assert_eq!(
        cli(e()),
        "the disk holding out/e.json is full, so e.json was not written; anything there before is \
         as it was. Free some space and run the command again"
    );
    let page = page(e());
    assert!(
        page.ends_with(
            "as it was. Free some disk space on the computer running the server, then try again"
        ),
        "{page}"
    );
    assert_no_command(&page);
}

#[test]
fn a_damaged_file_says_to_have_it_checked_and_where_the_backups_are() {
    let page = page(failure(ffi::SQLITE_CORRUPT));
    assert!(
        page.starts_with("League.db is damaged (SQLite says: "),
        "{page}"
    );
    assert!(
        page.ends_with(
            "and was left as it is. Stop the server and have the file checked on the computer \
             running it; to go back to the latest backup (the Publish page's backups folder), \
             restore it there, which keeps the damaged file as a copy"
        ),
        "{page}"
    );
    assert_no_command(&page);
    let words = cli(failure(ffi::SQLITE_CORRUPT));
    assert!(
        words.ends_with("(restore keeps the damaged file as a copy)"),
        "{words}"
    );
}

/// Every way the store leaves to a front end that a console page can
/// meet has the console's own words, and none of them names a command.
#[test]
fn every_way_a_page_can_meet_has_words_that_name_no_command() {
    let ways = [
        Way::FreeSpace,
        Way::FreeSpaceForFile,
        Way::WaitForOther,
        Way::ReadOnlyFile {
            name: "league.db".into(),
        },
        Way::ReadOnlySideFile {
            names: "league.db league.db-wal".into(),
        },
        Way::DiskError,
        Way::DiskErrorOnRead,
        Way::CopyElsewhere,
        Way::ReadACopy,
        Way::Damaged,
        Way::RunCheck,
        Way::CopyFailedCheck,
        Way::RestoreBackup,
        Way::RepairSchema,
        Way::RestoreAgain,
    ];
    for way in ways {
        let words = crate::web::ways::hint(&way).unwrap_or_else(|| panic!("{way:?} has no words"));
        assert_no_command(&words);
        assert!(!words.contains("run the command"), "{way:?}: {words}");
    }
}
