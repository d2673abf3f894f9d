//! Writing the files a command makes (`--out FILE`, `--out DIR`, a backup):
//! one place for the rules every writer of files keeps, the same rules the
//! site writer (`site::write`) keeps for its folder.
//!
//! - **Never over the league.** A path that is the league database, its
//!   `-wal`, `-shm` or `-journal`, or a copy the program made of it
//!   (`<db>.before-v22.bak`, `<db>.before-restore.bak`, a `.partial-PID`
//!   working copy) is refused, `--force` or not; so is any SQLite file
//!   when the output is not itself a backup (an export over a backup loses
//!   the backup). Issue 30, item 1: `export json --out league.db` replaced
//!   the database with JSON.
//! - **Only over its own kind.** An existing file is replaced without a
//!   word only when it holds the same kind of output (a TRF file by a TRF
//!   export, a CSV with the same first column by that CSV export, a dBase
//!   table by the report); anything else needs `--force`.
//! - **No symbolic links.** The file itself (and each file of a folder
//!   output) is checked with its own metadata and a link is refused, never
//!   followed: a link planted in a report's folder must not make the
//!   program write where it points (item 8). The folder typed after
//!   `--out` may itself be a link: the secretary chose it.
//! - **All or nothing.** A file is written in full under a temporary name
//!   beside it (`.<name>.partial-<pid>`), synced and renamed over the old
//!   one (one step); a folder's files are written in full into
//!   `.league-staging-<pid>/` inside the folder (the same disk, so the
//!   renames cannot fail for lack of space) and only then swapped into
//!   place, each old file kept aside until all are in. A full disk or any
//!   other failure leaves the earlier output whole and says so (item 4);
//!   nothing half-written or empty is left behind (item 20).
//! - **Stale work cleared.** Temporary files and folders named for a
//!   process that is no longer running (killed mid-write) are removed by
//!   the next run; those of a process still running are left alone.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result, Way};

/// The kind of output a command writes: what an existing file must hold
/// to be replaced without `--force`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind<'a> {
    /// A FIDE tournament report file: lines that begin with a three-digit code.
    Trf,
    /// A JSON document or list.
    Json,
    /// A CSV file whose header line begins with this column.
    Csv(&'a str),
    /// A dBase III table (the US Chess report).
    Dbase,
    /// A copy of a league database (`league backup`).
    Backup,
}

impl Kind<'_> {
    /// "a TRF file", for messages.
    fn words(&self) -> String {
        match self {
            Kind::Trf => "a TRF file".into(),
            Kind::Json => "a JSON file".into(),
            Kind::Csv(first) => format!("a CSV file beginning with the column \"{first}\""),
            Kind::Dbase => "a dBase file".into(),
            Kind::Backup => "a league backup".into(),
        }
    }

    /// Whether a file beginning with `head` holds this kind of output.
    fn matches(&self, head: &[u8]) -> bool {
        let text = String::from_utf8_lossy(head);
        let text = text.trim_start_matches('\u{feff}');
        let first_line = text.lines().next().unwrap_or("");
        match self {
            Kind::Trf => {
                let b = first_line.as_bytes();
                b.len() >= 3
                    && b[..3].iter().all(u8::is_ascii_digit)
                    && b.get(3).is_none_or(|&c| c == b' ')
            }
            Kind::Json => text.trim_start().starts_with(['{', '[']),
            Kind::Csv(first) => {
                let cell = first_line.split(',').next().unwrap_or("").trim_matches('"');
                cell.eq_ignore_ascii_case(first)
            }
            Kind::Dbase => head.len() >= 32 && matches!(head[0], 0x03 | 0x83),
            Kind::Backup => is_sqlite(head),
        }
    }
}

/// The first bytes of every SQLite database.
const SQLITE_HEADER: &[u8] = b"SQLite format 3\0";

fn is_sqlite(head: &[u8]) -> bool {
    head.starts_with(SQLITE_HEADER)
}

/// The folder a file is in (`.` for a bare name) and its name.
fn split(path: &Path) -> Result<(PathBuf, String)> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| {
            Error::invalid(format!(
                "{} is not a file name; give the name of the file to write",
                path.display()
            ))
        })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name))
}

/// The metadata of `path` itself (a link is not followed); `None` if there
/// is nothing there.
pub fn own_metadata(path: &Path) -> Result<Option<fs::Metadata>> {
    match fs::symlink_metadata(path) {
        Ok(m) => Ok(Some(m)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::file(path, e)),
    }
}

fn link_refused(path: &Path) -> Error {
    Error::invalid(format!(
        "{} is a symbolic link; this program never writes through a link (it could replace a file elsewhere). \
         Remove the link, or give the real path of the file",
        path.display()
    ))
}

/// Why `path` is the league database at `db` or one of its own files, if
/// it is: the database, its journals, or a copy the program made of it.
fn league_file(path: &Path, db: &Path) -> Option<String> {
    let (dir, name) = split(path).ok()?;
    let dir = dir.canonicalize().ok()?;
    let (db_dir, db_name) = split(db).ok()?;
    let mut dbs = vec![(db_dir.canonicalize().ok()?, db_name)];
    if let Ok(real) = db.canonicalize() {
        if let Ok((d, n)) = split(&real) {
            dbs.push((d, n));
        }
    }
    for (db_dir, db_name) in &dbs {
        if dir != *db_dir {
            continue;
        }
        if name == *db_name {
            return Some("is the league database itself".into());
        }
        for side in ["-wal", "-shm", "-journal"] {
            if name == format!("{db_name}{side}") {
                return Some(format!("is the league database's {side} file"));
            }
        }
        if let Some(rest) = name.strip_prefix(&format!("{db_name}.")) {
            if rest.ends_with(".bak") || rest.contains(".partial-") || rest.contains("restore-tmp-")
            {
                return Some("is a copy this program made of the database".into());
            }
        }
    }
    same_inode(path, db).then(|| "is the league database itself".into())
}

/// Whether two paths are the same file (a hard link, say).
#[cfg(unix)]
fn same_inode(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_inode(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
}

/// Check that `path` may receive output of `kind` (see the module
/// documentation): not a link, not the league database (`db`) or one of
/// its files, not a folder or device, and, unless `force`, empty, missing
/// or holding the same kind of output.
pub fn check_target(path: &Path, kind: Kind, db: Option<&Path>, force: bool) -> Result<()> {
    let Some(meta) = own_metadata(path)? else {
        if let Some(why) = db.and_then(|db| league_file(path, db)) {
            return Err(refuse_league(path, &why));
        }
        return Ok(());
    };
    if meta.file_type().is_symlink() {
        return Err(link_refused(path));
    }
    if let Some(why) = db.and_then(|db| league_file(path, db)) {
        return Err(refuse_league(path, &why));
    }
    if meta.is_dir() {
        return Err(Error::invalid(format!(
            "{} is a folder; give the name of a file to write",
            path.display()
        )));
    }
    if !meta.is_file() {
        return Err(Error::invalid(format!(
            "{} is not an ordinary file (a device or a pipe); give the name of a file to write",
            path.display()
        )));
    }
    let head = read_head(path)?;
    if head.is_empty() {
        return Ok(());
    }
    if is_sqlite(&head) && kind != Kind::Backup {
        return Err(Error::invalid(format!(
            "{} is a database (a league or one of its backups), and this program never writes {} over one",
            path.display(),
            kind.words()
        ))
        .with_way_then(Way::NeverReplaced, "; choose another name"));
    }
    if !force && !kind.matches(&head) {
        return Err(Error::invalid(format!(
            "{} already exists and is not {}, so it was left as it is; choose another name",
            path.display(),
            kind.words()
        ))
        .with_way(Way::ReplaceFile));
    }
    Ok(())
}

fn refuse_league(path: &Path, why: &str) -> Error {
    Error::invalid(format!(
        "{} {why}, so nothing was written: this program never writes an export, a report or a backup \
         over the league or its own files",
        path.display()
    ))
    .with_way_then(Way::NeverReplaced, "; choose another name")
}

/// The first 4 KiB of a file (enough to tell its kind).
fn read_head(path: &Path) -> Result<Vec<u8>> {
    use std::io::Read;
    let mut head = Vec::with_capacity(4096);
    fs::File::open(path)
        .and_then(|f| f.take(4096).read_to_end(&mut head))
        .map_err(|e| Error::file(path, e))?;
    Ok(head)
}

/// Whether an error means the disk (or the file size limit, or a quota)
/// is full.
pub fn is_full(e: &std::io::Error) -> bool {
    // ENOSPC, EFBIG (a file size limit), EDQUOT.
    matches!(e.raw_os_error(), Some(28 | 27 | 122))
}

/// A failed write in words: `what` was not written and the earlier one
/// (if any) is as it was. A full disk leaves its way on to the front end
/// ([`Way::FreeSpaceForFile`]): the CLI says to run the command again, a
/// page to try again.
pub fn write_failed(path: &Path, what: &str, e: &std::io::Error) -> Error {
    if is_full(e) {
        Error::invalid(format!(
            "the disk holding {} is full, so {what} was not written; anything there before is as it was",
            path.display()
        ))
        .with_way(Way::FreeSpaceForFile)
    } else {
        Error::invalid(format!(
            "cannot write {} ({e}), so {what} was not written; anything there before is as it was",
            path.display()
        ))
    }
}

/// A file or folder of this process's, removed when dropped unless kept.
struct Temporary {
    path: PathBuf,
    armed: bool,
}

impl Temporary {
    fn keep(mut self) {
        self.armed = false;
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if self.armed {
            remove_own(&self.path);
        }
    }
}

/// Remove a file, a link or a whole folder at `path` (a link is removed
/// as a link, never followed).
fn remove_own(path: &Path) {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => {
            let _ = fs::remove_dir_all(path);
        }
        Ok(_) => {
            let _ = fs::remove_file(path);
        }
        Err(_) => {}
    }
}

/// Write `bytes` to a new file at `path` (refusing anything already there,
/// a link included) and sync it.
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// Make renames in `dir` durable (best effort: not every system lets a
/// folder be opened).
fn sync_dir(dir: &Path) {
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Write one output file (`--out FILE`) of `kind`, all or nothing, after
/// [`check_target`]. `db` is the league database in use, if any.
pub fn write_file(
    path: &Path,
    bytes: &[u8],
    kind: Kind,
    db: Option<&Path>,
    force: bool,
) -> Result<()> {
    check_target(path, kind, db, force)?;
    let (dir, name) = split(path)?;
    if !dir.is_dir() {
        return Err(Error::not_found(format!(
            "the folder {} does not exist, so {} was not written; make the folder first or choose another place",
            dir.display(),
            path.display()
        )));
    }
    let prefix = format!(".{name}.partial-");
    remove_stale_partials(&dir, &prefix);
    let tmp = Temporary {
        path: dir.join(format!("{prefix}{}", std::process::id())),
        armed: true,
    };
    remove_own(&tmp.path);
    write_new(&tmp.path, bytes).map_err(|e| write_failed(path, &name, &e))?;
    // Nothing may have turned into a link since the check.
    if own_metadata(path)?.is_some_and(|m| m.file_type().is_symlink()) {
        return Err(link_refused(path));
    }
    fs::rename(&tmp.path, path).map_err(|e| write_failed(path, &name, &e))?;
    tmp.keep();
    sync_dir(&dir);
    Ok(())
}

/// The working folder a folder output is staged in.
const STAGING: &str = ".league-staging-";

/// Write `files` (plain names, no folders) into the folder `dir` as one
/// output of `kind` (the US Chess report), all or nothing: each is
/// checked ([`check_target`]), all are written in full into a staging
/// folder inside `dir`, and only then moved into place; the files they
/// replace are kept aside until every one is in, and put back if a move
/// fails. `what` names the output in messages ("the US Chess report").
pub fn write_folder(
    dir: &Path,
    files: &[(&str, Vec<u8>)],
    kind: Kind,
    db: Option<&Path>,
    force: bool,
    what: &str,
) -> Result<()> {
    match fs::metadata(dir) {
        Ok(m) if !m.is_dir() => {
            return Err(Error::invalid(format!(
                "{} exists and is not a folder; give a folder for {what}",
                dir.display()
            ))
            .with_way(Way::OutputFolder))
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(|e| write_failed(dir, what, &e))?;
        }
        Err(e) => return Err(Error::file(dir, e)),
    }
    for (name, _) in files {
        if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\']) {
            return Err(Error::invalid(format!(
                "the file name {name} is not a plain name inside {}",
                dir.display()
            )));
        }
        check_target(&dir.join(name), kind, db, force)?;
    }
    remove_stale_partials(dir, STAGING);
    let staging = Temporary {
        path: dir.join(format!("{STAGING}{}", std::process::id())),
        armed: true,
    };
    remove_own(&staging.path);
    fs::create_dir(&staging.path).map_err(|e| write_failed(dir, what, &e))?;
    for (name, bytes) in files {
        write_new(&staging.path.join(name), bytes)
            .map_err(|e| write_failed(&dir.join(name), what, &e))?;
    }
    swap_in(dir, &staging.path, files, what)?;
    drop(staging);
    sync_dir(dir);
    Ok(())
}

/// Move each staged file into place, keeping the file it replaces in the
/// staging folder (`<name>.old`) until all are in; if a move fails, every
/// file moved so far is put back.
fn swap_in(dir: &Path, staging: &Path, files: &[(&str, Vec<u8>)], what: &str) -> Result<()> {
    let mut done: Vec<(&str, bool)> = Vec::new();
    let mut result = Ok(());
    for (name, _) in files {
        let target = dir.join(name);
        let old = staging.join(format!("{name}.old"));
        let step = (|| -> Result<bool> {
            let existed = match own_metadata(&target)? {
                Some(m) if m.file_type().is_symlink() => return Err(link_refused(&target)),
                Some(_) => {
                    fs::rename(&target, &old).map_err(|e| write_failed(&target, what, &e))?;
                    true
                }
                None => false,
            };
            if let Err(e) = fs::rename(staging.join(name), &target) {
                if existed {
                    let _ = fs::rename(&old, &target);
                }
                return Err(write_failed(&target, what, &e));
            }
            Ok(existed)
        })();
        match step {
            Ok(existed) => done.push((name, existed)),
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    if result.is_err() {
        for (name, existed) in done.into_iter().rev() {
            let target = dir.join(name);
            let _ = fs::remove_file(&target);
            if existed {
                let _ = fs::rename(staging.join(format!("{name}.old")), &target);
            }
        }
    }
    result
}

/// Whether the process `pid` is certainly gone. Known from `/proc` on
/// Linux; elsewhere every process counts as running (its files are left
/// for the secretary, never removed from under a running command).
pub fn process_gone(pid: u32) -> bool {
    pid != std::process::id()
        && cfg!(target_os = "linux")
        && Path::new("/proc/self").exists()
        && !Path::new("/proc").join(pid.to_string()).exists()
}

/// Remove what killed runs left in `dir`: every entry named
/// `<prefix>…<pid>[-journal|-wal|-shm]` where `…` holds no `/` and ends in
/// `.partial-` or is empty, whose process is gone. `prefix` is the start
/// of the working name, say `.e.json.partial-` or `league.db.`; with a
/// prefix that does not end in `partial-` (or is `.league-staging-`), only names
/// holding `.partial-<pid>` count.
pub fn remove_stale_partials(dir: &Path, prefix: &str) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(prefix) else {
            continue;
        };
        let Some(pid) = stale_pid(prefix, rest) else {
            continue;
        };
        if process_gone(pid) {
            remove_own(&entry.path());
        }
    }
}

/// The process id a working name carries after `prefix`, if it is one of
/// this program's working names (see [`remove_stale_partials`]).
fn stale_pid(prefix: &str, rest: &str) -> Option<u32> {
    let digits_from = if prefix.ends_with("partial-") || prefix == STAGING {
        rest
    } else {
        let at = rest.rfind(".partial-")?;
        &rest[at + ".partial-".len()..]
    };
    let digits: String = digits_from
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let tail = &digits_from[digits.len()..];
    if digits.is_empty() || !["", "-journal", "-wal", "-shm"].contains(&tail) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().expect("temp dir")
    }

    /// The process id of a child that has ended: certainly gone.
    fn dead_pid() -> u32 {
        let mut c = std::process::Command::new("true").spawn().expect("true");
        let pid = c.id();
        c.wait().expect("wait");
        pid
    }

    #[test]
    fn kinds_are_told_apart_by_their_first_bytes() {
        assert!(Kind::Trf.matches(b"012 Winter Swiss\n001    1 ..."));
        assert!(!Kind::Trf.matches(b"place,name\n"));
        assert!(Kind::Json.matches(b"  {\"season\": 1}"));
        assert!(!Kind::Json.matches(b"012 x"));
        assert!(Kind::Csv("place").matches(b"place,name,points\n"));
        assert!(!Kind::Csv("season").matches(b"place,name,points\n"));
        assert!(Kind::Backup.matches(SQLITE_HEADER));
        assert!(!Kind::Dbase.matches(b"\x03short"));
    }

    #[test]
    fn a_file_replaces_its_own_kind_and_refuses_others_without_force() {
        let d = dir();
        let p = d.path().join("s.csv");
        write_file(&p, b"place,name\n1,A\n", Kind::Csv("place"), None, false).unwrap();
        write_file(&p, b"place,name\n1,B\n", Kind::Csv("place"), None, false).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"place,name\n1,B\n");
        fs::write(&p, "my notes\n").unwrap();
        let e = write_file(&p, b"place\n", Kind::Csv("place"), None, false).unwrap_err();
        assert_eq!(e.way(), Some(&crate::error::Way::ReplaceFile), "{e}");
        assert_eq!(fs::read(&p).unwrap(), b"my notes\n");
        write_file(&p, b"place\n", Kind::Csv("place"), None, true).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"place\n");
        // Nothing of the work is left beside it.
        let left: Vec<_> = fs::read_dir(d.path()).unwrap().collect();
        assert_eq!(left.len(), 1);
    }

    #[test]
    fn the_database_its_journals_and_its_copies_are_refused_even_with_force() {
        let d = dir();
        let db = d.path().join("league.db");
        fs::write(&db, b"SQLite format 3\0....").unwrap();
        for name in [
            "league.db",
            "league.db-wal",
            "league.db-journal",
            "league.db-shm",
            "league.db.before-v22.bak",
            "league.db.before-restore-2.bak",
        ] {
            let p = d.path().join(name);
            let e = write_file(&p, b"{}", Kind::Json, Some(&db), true).unwrap_err();
            assert!(e.to_string().contains("never writes"), "{name}: {e}");
        }
        // Any SQLite file, for any export.
        let other = d.path().join("old.db");
        fs::write(&other, b"SQLite format 3\0....").unwrap();
        assert!(write_file(&other, b"{}", Kind::Json, Some(&db), true).is_err());
        assert_eq!(fs::read(&db).unwrap(), b"SQLite format 3\0....");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_refused_and_what_it_points_to_untouched() {
        let d = dir();
        let target = d.path().join("precious.txt");
        fs::write(&target, "keep").unwrap();
        let link = d.path().join("out.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let e = write_file(&link, b"{}", Kind::Json, None, true).unwrap_err();
        assert!(e.to_string().contains("symbolic link"), "{e}");
        let e = write_folder(
            d.path(),
            &[("precious2", vec![3; 40]), ("out.json", vec![3; 40])],
            Kind::Dbase,
            None,
            true,
            "the report",
        )
        .unwrap_err();
        assert!(e.to_string().contains("symbolic link"), "{e}");
        assert_eq!(fs::read(&target).unwrap(), b"keep");
        assert!(!d.path().join("precious2").exists());
    }

    #[test]
    fn a_folder_output_replaces_every_file_or_none() {
        let d = dir();
        let files = [("A.DBF", vec![3u8; 40]), ("B.DBF", vec![3u8; 50])];
        write_folder(d.path(), &files, Kind::Dbase, None, false, "the report").unwrap();
        let again = [("A.DBF", vec![0x83u8; 41]), ("B.DBF", vec![0x83u8; 51])];
        write_folder(d.path(), &again, Kind::Dbase, None, false, "the report").unwrap();
        assert_eq!(fs::read(d.path().join("B.DBF")).unwrap(), vec![0x83u8; 51]);
        // A file that is not a report's in the way: nothing changes.
        fs::write(d.path().join("B.DBF"), "notes").unwrap();
        assert!(write_folder(d.path(), &files, Kind::Dbase, None, false, "the report").is_err());
        assert_eq!(fs::read(d.path().join("A.DBF")).unwrap(), vec![0x83u8; 41]);
        let names: Vec<String> = fs::read_dir(d.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
    }

    #[test]
    fn stale_work_of_gone_processes_is_removed_and_live_work_kept() {
        let d = dir();
        let dead = dead_pid();
        let live = std::process::id(); // this process: running
        let mine = format!(".e.json.partial-{live}");
        for name in [
            format!(".e.json.partial-{dead}"),
            mine.clone(),
            format!("league.db.before-restore.bak.partial-{dead}"),
            format!("league.db.before-restore.bak.partial-{dead}-journal"),
            "league.db.before-restore.bak".to_string(),
        ] {
            fs::write(d.path().join(name), "x").unwrap();
        }
        fs::create_dir(d.path().join(format!("{STAGING}{dead}"))).unwrap();
        remove_stale_partials(d.path(), ".e.json.partial-");
        remove_stale_partials(d.path(), "league.db.");
        remove_stale_partials(d.path(), STAGING);
        let mut names: Vec<String> = fs::read_dir(d.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, [mine, "league.db.before-restore.bak".to_string()]);
    }
}
