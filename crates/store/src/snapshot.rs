//! A consistent copy of a whole database in one file: the primitive under
//! `league backup`, `league restore` and the copy taken before an upgrade
//! ([`migrate::run`](super::migrate::run)). It lives apart from
//! [`backup`](super::backup) so the migrations can take a copy without
//! importing the backup commands, which themselves run the migrations.
//!
//! The copy is made with SQLite's online backup API in one step (one
//! consistent read even while another `league` process records), written
//! under a temporary name, switched to an ordinary rollback journal (one
//! self-contained file, no `-wal` beside it), checked with `PRAGMA
//! quick_check`, synced, and only then renamed to its final name: a copy is
//! either complete or absent, never half-written.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::Readable;
use super::{side_file, BUSY_TIMEOUT};
use crate::error::{Error, Result, Way};

/// How many of each kind of record a database holds (for reports).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Seasons.
    pub seasons: i64,
    /// Events.
    pub events: i64,
    /// Sections.
    pub sections: i64,
    /// Players.
    pub players: i64,
    /// Entries (players in sections).
    pub entries: i64,
    /// Rounds created.
    pub rounds: i64,
    /// Games.
    pub games: i64,
    /// Byes.
    pub byes: i64,
    /// Audit entries (`league log`).
    pub audit_entries: i64,
}

impl Counts {
    /// Count the records; tables an old schema does not have count 0.
    pub fn read(conn: &impl Readable) -> Result<Counts> {
        let conn = super::sql(conn);
        let count = |table: &str| -> Result<i64> {
            let exists: i64 = conn.query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
                [table],
                |r| r.get(0),
            )?;
            if exists == 0 {
                return Ok(0);
            }
            Ok(
                conn.query_row(&format!("SELECT count(*) FROM \"{table}\""), [], |r| {
                    r.get(0)
                })?,
            )
        };
        Ok(Counts {
            seasons: count("season")?,
            events: count("event")?,
            sections: count("section")?,
            players: count("player")?,
            entries: count("entry")?,
            rounds: count("round")?,
            games: count("game")?,
            byes: count("bye")?,
            audit_entries: count("audit")?,
        })
    }

    /// "1 season, 5 events, 80 players, 510 games, ..."
    pub fn summary(&self) -> String {
        let part =
            |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        [
            part(self.seasons, "season", "seasons"),
            part(self.events, "event", "events"),
            part(self.sections, "section", "sections"),
            part(self.players, "player", "players"),
            part(self.entries, "entry", "entries"),
            part(self.rounds, "round", "rounds"),
            part(self.games, "game", "games"),
            part(self.byes, "bye", "byes"),
            part(self.audit_entries, "log entry", "log entries"),
        ]
        .join(", ")
    }
}

/// Removes a temporary file (and any journal SQLite left beside it) when
/// dropped, unless it was [`kept`](TempFile::keep).
pub(super) struct TempFile {
    path: PathBuf,
    armed: bool,
}

impl TempFile {
    pub(super) fn new(path: PathBuf) -> TempFile {
        let t = TempFile { path, armed: true };
        t.remove();
        t
    }

    pub(super) fn remove(&self) {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            let _ = std::fs::remove_file(side_file(&self.path, suffix));
        }
    }

    pub(super) fn keep(mut self) {
        self.armed = false;
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if self.armed {
            self.remove();
        }
    }
}

/// Copy the database open in `src` to a new file `dest` (replacing any
/// file there, atomically), as described in the module documentation.
/// Returns what the copy holds, counted in the copy itself.
pub(crate) fn snapshot(src: &impl Readable, dest: &Path) -> Result<Counts> {
    let src = super::sql(src);
    // Named for this process: two processes copying to the same place
    // (say, both upgrading one old database) never write the same file.
    // What a killed copy to the same place left (issue 30, item 20).
    if let (Some(dir), Some(name)) = (dest.parent(), dest.file_name()) {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        crate::outfile::remove_stale_partials(dir, &format!("{}.partial-", name.to_string_lossy()));
    }
    let tmp = TempFile::new(side_file(dest, &format!(".partial-{}", std::process::id())));
    let dest_err = |e: rusqlite::Error| dest_error(dest, e);
    let mut out = Connection::open_with_flags(
        &tmp.path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(dest_err)?;
    {
        let backup = Backup::new(src, &mut out).map_err(dest_err)?;
        let deadline = Instant::now() + BUSY_TIMEOUT;
        loop {
            // -1: every page in one step, from one read snapshot.
            match backup.step(-1).map_err(|e| match e.sqlite_error_code() {
                Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase) => {
                    Error::Database(format!(
                        "the database could not be read whole (SQLite says: {e}); it may be damaged"
                    ))
                    .with_way(Way::RunCheck)
                }
                _ => dest_err(e),
            })? {
                StepResult::Done => break,
                StepResult::Busy | StepResult::Locked if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(50))
                }
                StepResult::Busy | StepResult::Locked => {
                    return Err(Error::Database(format!(
                        "the database stayed busy for {} seconds, so no copy was written to {}; try again",
                        BUSY_TIMEOUT.as_secs(),
                        dest.display()
                    )))
                }
                _ => {}
            }
        }
    }
    // A backup is one self-contained file: no WAL beside it.
    let _: String = out
        .query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))
        .map_err(dest_err)?;
    let check: String = out
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(dest_err)?;
    if check != "ok" {
        return Err(Error::Database(format!(
            "the copy failed SQLite's check ({check}), so the database itself is probably damaged; \
             no copy was written to {}",
            dest.display()
        ))
        .with_way(Way::CopyFailedCheck));
    }
    let counts = Counts::read(&out)?;
    out.close().map_err(|(_, e)| dest_err(e))?;
    sync_file(&tmp.path).map_err(|e| io_err(dest, e))?;
    remove_side_files(dest)?;
    std::fs::rename(&tmp.path, dest).map_err(|e| io_err(dest, e))?;
    tmp.keep();
    sync_dir(dest);
    verify(dest, &counts)?;
    Ok(counts)
}

/// Remove the `-wal`, `-shm` and `-journal` an earlier file at `dest` left:
/// SQLite would play them into the new copy and damage it (issue 30,
/// item 3: a backup written over a file with a stale `-wal` opened as
/// "malformed").
fn remove_side_files(dest: &Path) -> Result<()> {
    for suffix in ["-wal", "-shm", "-journal"] {
        let side = side_file(dest, suffix);
        match std::fs::remove_file(&side) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(Error::Database(format!(
                    "{} was left beside {} by an earlier database of that name and cannot be removed ({e}), \
                     so no copy was written; remove it, or choose another name",
                    side.display(),
                    dest.display()
                )))
            }
        }
    }
    Ok(())
}

/// Open the copy at `dest` read-only, as a secretary restoring it would,
/// and check that it is whole and holds what was copied; a copy that does
/// not read back is removed and the failure said.
fn verify(dest: &Path, counts: &Counts) -> Result<()> {
    let read_back = (|| -> std::result::Result<(String, Counts), Error> {
        let conn = Connection::open_with_flags(
            dest,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        let check: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
        Ok((check, Counts::read(&conn)?))
    })();
    // A log beside it would be played into it when league opens it.
    let beside = ["-wal", "-journal"]
        .into_iter()
        .map(|suffix| side_file(dest, suffix))
        .find(|p| p.exists());
    let problem = match read_back {
        _ if beside.is_some() => format!(
            "{} appeared beside it",
            beside.as_deref().unwrap_or(dest).display()
        ),
        Ok((check, _)) if check != "ok" => check,
        Ok((_, found)) if found != *counts => format!(
            "it holds {} instead of {}",
            found.summary(),
            counts.summary()
        ),
        Ok(_) => return Ok(()),
        Err(e) => e.to_string(),
    };
    let _ = std::fs::remove_file(dest);
    Err(Error::Database(format!(
        "the copy written to {} did not read back whole ({problem}), so it was removed; \
         choose another place for it, and keep your earlier backups",
        dest.display()
    )))
}

/// A failure writing a copy, in words: the database being copied is not
/// touched, so only the destination is named.
fn dest_error(dest: &Path, e: rusqlite::Error) -> Error {
    let name = dest.display();
    Error::Database(match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DiskFull) => format!(
            "the disk holding {name} is full, so no copy was written; free some space or choose another disk"
        ),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => format!(
            "{name} is in use by another program, so no copy was written; choose another name"
        ),
        _ => format!(
            "cannot write {name} ({e}), so no copy was written: check that its folder exists, that \
             you may write there and that the disk has space"
        ),
    })
}

pub(super) fn sync_file(path: &Path) -> std::io::Result<()> {
    File::open(path)?.sync_all()
}

/// Make a rename durable (POSIX: sync the folder). Best effort: not every
/// system lets a folder be opened.
pub(super) fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

/// A failure writing `path`, in words (a full disk said so, its way on
/// left to the front end: [`Way::FreeSpace`]).
pub fn io_err(path: &Path, e: std::io::Error) -> Error {
    let full = e.raw_os_error() == Some(28); // ENOSPC
    if full {
        Error::Database(format!(
            "the disk holding {} is full, so it could not be written",
            path.display()
        ))
        .with_way(Way::FreeSpace)
    } else {
        Error::Database(format!("could not write {}: {e}", path.display()))
    }
}
