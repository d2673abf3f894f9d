//! Writing the site's files into a folder (`--out`), and never outside it.
//!
//! A folder that already holds something is only written into when it is a
//! site this program wrote: a `.league-site` file (the marker) says who
//! wrote it and lists each file with a fingerprint of what was written.
//! The rules, each there because a review broke the one before:
//!
//! - **No symbolic links.** Every path under `--out` that is read, written
//!   or removed is checked with its own metadata (`symlink_metadata`, which
//!   does not follow links), folder by folder; a link anywhere under the
//!   folder is refused, naming it. (`--out` itself may be a link: the
//!   secretary typed it.)
//! - **Only our own files are replaced or removed.** A file is removed, or
//!   overwritten, only when the marker lists it *and* it still holds what
//!   was written (its fingerprint matches). A file the secretary changed, or
//!   one a planted marker lists, is left alone; a new page whose place is
//!   taken by such a file is refused before anything is written. Markers
//!   written before fingerprints existed list bare paths: those files may
//!   be overwritten by the same page, never removed.
//! - **Written beside, then swapped into place.** The new and changed
//!   pages are written in full into `.league-staging/` inside the folder
//!   first; a full disk or a kill there leaves the old site untouched (the
//!   next run clears the staging folder). Then the marker is rewritten to
//!   vouch for both the old and the new contents, each page is renamed into
//!   place (a rename replaces a file in one step), old pages that are gone
//!   are removed, and the marker is rewritten for the new site alone. A
//!   kill at any point leaves a folder the next run accepts and finishes.
//!   Pages that are already on disk word for word are not written again
//!   (most pages of an archive do not change from run to run).
//! - Every I/O error names the file.
//!
//! The fingerprint is 64-bit FNV-1a ([`crate::domain::fingerprint`]): it
//! must stay the same across versions of this program and of Rust. It guards against accidents (a page edited or replaced
//! by hand), not against someone who can write the marker: such a person can
//! fingerprint any file they can read, whatever the hash, so a
//! cryptographic hash (`sha2`) would add a dependency and protect nothing
//! more. What keeps such a person inside the folder is the path and link
//! rules above.

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::io::Write;
use std::path::{Component, Path, PathBuf};

use super::render::SiteFile;
pub use crate::domain::fingerprint::fingerprint;
use crate::error::{Error, Result, Way};
use crate::outfile::own_metadata;

/// The file that marks a folder as a site written by this program.
pub const MARKER: &str = ".league-site";

/// The writer's name `league site` signs its folders with.
pub const SITE_WRITER: &str = "league site";

/// The writer's name `league demo` signs its site folder with. `league
/// site` accepts a folder the demo wrote; the demo replaces only its own.
/// Both names live here, with the folder check, so neither command needs
/// the other.
pub const DEMO_WRITER: &str = "league demo";

/// The next marker, written in full and then renamed over [`MARKER`].
const MARKER_NEXT: &str = ".league-site.next";
/// Where the new pages are written before they are swapped into place.
pub const STAGING: &str = ".league-staging";

/// Who wrote a site: the first line of the marker.
fn signature(writer: &str) -> String {
    format!("written by {writer}")
}

/// A listed path that stays inside the folder (no `..`, not absolute) and
/// is not one of the writer's own working names.
fn inside(path: &str) -> bool {
    !path.is_empty()
        && !path.starts_with(".league-")
        && Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

/// What the marker of an existing site says.
#[derive(Debug, Default)]
pub struct Listing {
    /// Each listed file and the fingerprints it may hold (empty: listed by
    /// an older version without fingerprints; two while a site is swapped).
    pub files: BTreeMap<String, Vec<u64>>,
}

impl Listing {
    /// Read the marker's lines after the signature: `<16 hex digits> <path>`,
    /// or a bare path from older versions. Paths outside the folder are
    /// dropped.
    fn parse<'a>(lines: impl Iterator<Item = &'a str>) -> Listing {
        let mut files: BTreeMap<String, Vec<u64>> = BTreeMap::new();
        for line in lines {
            let line = line.trim_end_matches('\r');
            let (hash, path) = match line.split_once(' ') {
                Some((h, p)) if h.len() == 16 => match u64::from_str_radix(h, 16) {
                    Ok(v) => (Some(v), p),
                    Err(_) => (None, line),
                },
                _ => (None, line),
            };
            if !inside(path) {
                continue;
            }
            let e = files.entry(path.to_string()).or_default();
            if let Some(h) = hash {
                e.push(h);
            }
        }
        Listing { files }
    }

    /// Whether `bytes` at `path` is what this program wrote there.
    fn vouches(&self, path: &str, bytes: &[u8]) -> bool {
        self.files
            .get(path)
            .is_some_and(|hs| hs.contains(&fingerprint(bytes)))
    }
}

/// The marker's text: the signature, then each (fingerprint, path).
fn marker_text<'a>(writer: &str, entries: impl Iterator<Item = (u64, &'a str)>) -> String {
    let mut s = signature(writer);
    s.push('\n');
    for (h, p) in entries {
        s.push_str(&format!("{h:016x} {p}\n"));
    }
    s
}

fn link_refused(path: &Path) -> Error {
    Error::invalid(format!(
        "{} is a symbolic link inside the site folder; the site writer never follows links (it could write or remove files elsewhere). Remove the link or choose another folder with --out",
        path.display()
    ))
}

/// Check every folder on the way from `dir` to `rel` (not `rel` itself):
/// each is a real folder or does not exist yet. Returns the metadata of
/// `dir/rel` itself, refusing a link there too.
fn walk(dir: &Path, rel: &str) -> Result<Option<fs::Metadata>> {
    let mut p = dir.to_path_buf();
    let parts: Vec<_> = Path::new(rel).components().collect();
    for (i, c) in parts.iter().enumerate() {
        p.push(c.as_os_str());
        let Some(m) = own_metadata(&p)? else {
            return Ok(None);
        };
        if m.file_type().is_symlink() {
            return Err(link_refused(&p));
        }
        if i + 1 == parts.len() {
            return Ok(Some(m));
        }
        if !m.is_dir() {
            return Err(Error::invalid(format!(
                "{} is in the way of the site: it is not a folder; move it away or choose another folder with --out",
                p.display()
            )));
        }
    }
    Ok(None)
}

/// Check that `dir` may receive a site written by `writer`: it does not
/// exist, is empty, or holds a site written by one of `accept`. Returns
/// what the earlier site's marker lists.
pub fn check(dir: &Path, accept: &[&str]) -> Result<Listing> {
    let meta = match fs::metadata(dir) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Listing::default()),
        Err(e) => return Err(Error::file(dir, e)),
    };
    if !meta.is_dir() {
        return Err(Error::invalid(format!(
            "{} exists and is not a folder; choose another place for the site with --out",
            dir.display()
        )));
    }
    let marker = dir.join(MARKER);
    let Some(m) = own_metadata(&marker)? else {
        // Empty, or holding only what a killed first run left behind.
        let mut entries = fs::read_dir(dir).map_err(|e| Error::file(dir, e))?;
        let only_ours = entries
            .all(|e| e.is_ok_and(|e| e.file_name() == STAGING || e.file_name() == MARKER_NEXT));
        if only_ours {
            return Ok(Listing::default());
        }
        return Err(Error::invalid(format!(
            "{} already has files in it that this program did not write; choose an empty or new folder with --out",
            dir.display()
        )));
    };
    if m.file_type().is_symlink() {
        return Err(link_refused(&marker));
    }
    if !m.is_file() {
        return Err(Error::invalid(format!(
            "{} is not a file; this folder is not a site this program wrote",
            marker.display()
        )));
    }
    let text = fs::read_to_string(&marker).map_err(|e| Error::file(&marker, e))?;
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("").trim_end_matches('\r');
    if !accept.iter().any(|w| first == signature(w)) {
        return Err(Error::invalid(format!(
            "{} holds a site that was not written by {}; move it away or choose another folder",
            dir.display(),
            accept.join(" or ")
        )));
    }
    Ok(Listing::parse(lines))
}

/// Write `text` to `dir/name` through a new file and a rename, never
/// following a link planted at either name.
fn replace_marker(dir: &Path, text: &str) -> Result<()> {
    let next = dir.join(MARKER_NEXT);
    if own_metadata(&next)?.is_some() {
        fs::remove_file(&next).map_err(|e| Error::file(&next, e))?;
    }
    let mut f = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&next)
        .map_err(|e| Error::file(&next, e))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .map_err(|e| Error::file(&next, e))?;
    let marker = dir.join(MARKER);
    if own_metadata(&marker)?.is_some_and(|m| m.file_type().is_symlink()) {
        return Err(link_refused(&marker));
    }
    fs::rename(&next, &marker).map_err(|e| Error::file(&marker, e))
}

/// Remove a staging folder left by an earlier run (a link there is removed
/// as a link, never followed).
fn clear_staging(dir: &Path) -> Result<()> {
    let staging = dir.join(STAGING);
    match own_metadata(&staging)? {
        None => Ok(()),
        Some(m) if m.is_dir() => fs::remove_dir_all(&staging).map_err(|e| Error::file(&staging, e)),
        Some(_) => fs::remove_file(&staging).map_err(|e| Error::file(&staging, e)),
    }
}

/// A page that could not be staged: on a full disk, the site was not
/// written and the one in `dir` is as it was (nothing is swapped in before
/// every page is staged), with the way on left to the front end
/// ([`Way::FreeSpaceForFile`]); any other failure names the file.
pub fn not_staged(dir: &Path, path: &Path, e: std::io::Error) -> Error {
    if crate::outfile::is_full(&e) {
        Error::invalid(format!(
            "the disk holding {} is full, so the site was not written; the site there before is as it was",
            dir.display()
        ))
        .with_way(Way::FreeSpaceForFile)
    } else {
        Error::file(path, e)
    }
}

/// Write `files` into `dir` as `writer` ("league site", "league demo"),
/// replacing the site an accepted writer put there before. Returns the path
/// of the index page. `progress(done, total)` is called after each file.
/// The same as a [`Writer`] given each file in turn.
pub fn write(
    dir: &Path,
    files: &[SiteFile],
    writer: &str,
    accept: &[&str],
    progress: &mut dyn FnMut(usize, usize),
) -> Result<PathBuf> {
    let mut w = Writer::begin(dir, writer, accept)?;
    for (i, f) in files.iter().enumerate() {
        w.add(f)?;
        progress(i + 1, files.len());
    }
    w.finish()
}

/// Where a page is listed in the marker: pages are listed in the order of
/// their ranks (and, for equal ranks, the order they were added), so the
/// marker does not depend on the order the pages were made in.
pub type Rank = (u8, usize, usize);

/// A site written page by page as the pages are made, so that the whole
/// site is never held in memory (issue 16: `league site --all` on a
/// 30-season league): [`Writer::begin`] checks the folder, each
/// [`Writer::add`] checks a page's place and stages it (written in full in
/// `.league-staging/`, or left alone when it is on disk word for word),
/// and [`Writer::finish`] swaps the staged pages into place. Until
/// `finish`, the site in the folder is untouched: a page in the way, a
/// full disk or a kill leaves the old site as it was (a writer dropped
/// unfinished clears its staging folder; a killed one's is cleared by the
/// next run).
pub struct Writer {
    dir: PathBuf,
    writer: String,
    earlier: Listing,
    staging: PathBuf,
    /// Each page added: its place in the marker, fingerprint, path, and
    /// whether it was staged.
    pages: Vec<(Rank, u64, String, bool)>,
    /// Set once `finish` starts swapping: the staging folder is then the
    /// next run's to clear.
    finishing: bool,
    /// Folders ("2023-24/") whose earlier pages are kept as they are: the
    /// other seasons', when one season is written into a whole site.
    kept: Vec<String>,
}

impl Writer {
    /// Check `dir` (see [`check`]), create it, and start a staging folder.
    pub fn begin(dir: &Path, writer: &str, accept: &[&str]) -> Result<Writer> {
        let earlier = check(dir, accept)?;
        fs::create_dir_all(dir).map_err(|e| Error::file(dir, e))?;
        clear_staging(dir)?;
        let staging = dir.join(STAGING);
        fs::create_dir(&staging).map_err(|e| not_staged(dir, &staging, e))?;
        Ok(Writer {
            dir: dir.to_path_buf(),
            writer: writer.to_string(),
            earlier,
            staging,
            pages: Vec::new(),
            finishing: false,
            kept: Vec::new(),
        })
    }

    /// Keep the earlier pages in these folders as they are ("2023-24/"):
    /// they are neither rewritten ([`Writer::keeps`]) nor removed, and the
    /// marker goes on listing them.
    pub fn keep_folders(&mut self, folders: Vec<String>) {
        self.kept = folders;
    }

    /// Whether the page at `path` is an earlier one kept as it is (a page
    /// the earlier site does not have is written).
    pub fn keeps(&self, path: &str) -> bool {
        self.kept_folder(path) && self.earlier.files.contains_key(path)
    }

    fn kept_folder(&self, path: &str) -> bool {
        self.kept.iter().any(|k| path.starts_with(k.as_str()))
    }

    /// The names of the earlier site's folders ("2023-24/") that hold at
    /// least one of its pages.
    pub fn earlier_folders(&self) -> std::collections::BTreeSet<String> {
        self.earlier
            .files
            .keys()
            .filter_map(|p| p.split_once('/').map(|(f, _)| format!("{f}/")))
            .collect()
    }

    /// Check the place of one page and stage it: a link or a file this
    /// program did not write in its way refuses the whole site (nothing in
    /// the folder's site changed).
    pub fn add(&mut self, f: &SiteFile) -> Result<()> {
        self.add_ranked(f, (0, self.pages.len(), 0))
    }

    /// [`Writer::add`], listing the page in the marker at `rank`.
    pub fn add_ranked(&mut self, f: &SiteFile, rank: Rank) -> Result<()> {
        let dir = &self.dir;
        if !inside(&f.path) {
            return Err(Error::invalid(format!(
                "the page name {} is not inside the site folder",
                f.path
            )));
        }
        let swap = match walk(dir, &f.path)? {
            None => true,
            Some(m) if m.is_file() => {
                let p = dir.join(&f.path);
                let on_disk = fs::read(&p).map_err(|e| Error::file(&p, e))?;
                let legacy = self.earlier.files.get(&f.path).is_some_and(Vec::is_empty);
                if on_disk == f.contents.as_bytes() {
                    false
                } else if legacy || self.earlier.vouches(&f.path, &on_disk) {
                    true
                } else {
                    return Err(Error::invalid(format!(
                        "{} is in the way of the site: this program did not write it, or it was changed since; move it away or choose another folder with --out",
                        p.display()
                    )));
                }
            }
            Some(_) => {
                return Err(Error::invalid(format!(
                    "{} is in the way of the site: it is not a file; move it away or choose another folder with --out",
                    dir.join(&f.path).display()
                )))
            }
        };
        if swap {
            let p = self.staging.join(&f.path);
            if let Some(parent) = p.parent() {
                fs::create_dir_all(parent).map_err(|e| not_staged(dir, parent, e))?;
            }
            fs::write(&p, &f.contents).map_err(|e| not_staged(dir, &dir.join(&f.path), e))?;
        }
        self.pages.push((
            rank,
            fingerprint(f.contents.as_bytes()),
            f.path.clone(),
            swap,
        ));
        Ok(())
    }

    /// Swap the staged pages into place, remove the earlier site's pages
    /// this one does not have, and write the marker. Returns the path of
    /// the index page.
    pub fn finish(mut self) -> Result<PathBuf> {
        self.finishing = true;
        self.pages.sort_by_key(|p| p.0);
        let dir = self.dir.as_path();
        let staging = self.staging.as_path();
        let (writer, earlier) = (self.writer.as_str(), &self.earlier);

        // The marker vouches for the old and the new contents while the
        // pages are swapped.
        let written: HashSet<&str> = self.pages.iter().map(|(_, _, p, _)| p.as_str()).collect();
        let kept: Vec<(u64, &str)> = earlier
            .files
            .iter()
            .filter(|(p, _)| self.kept_folder(p) && !written.contains(p.as_str()))
            .flat_map(|(p, hs)| hs.iter().map(move |h| (*h, p.as_str())))
            .collect();
        let new_entries: Vec<(u64, &str)> = self
            .pages
            .iter()
            .map(|(_, h, p, _)| (*h, p.as_str()))
            .chain(kept.iter().copied())
            .collect();
        let both = earlier
            .files
            .iter()
            .flat_map(|(p, hs)| hs.iter().map(move |h| (*h, p.as_str())))
            .chain(new_entries.iter().copied());
        replace_marker(dir, &marker_text(writer, both))?;

        // Swap each page into place (checking the way again: nothing may
        // have turned into a link since it was staged).
        for (_, _, path, swap) in &self.pages {
            if !*swap {
                continue;
            }
            let target = dir.join(path);
            if let Some(parent) = Path::new(path)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
            {
                walk(dir, &parent.to_string_lossy())?;
                let full = dir.join(parent);
                fs::create_dir_all(&full).map_err(|e| Error::file(&full, e))?;
            }
            if walk(dir, path)?.is_some_and(|m| !m.is_file()) {
                return Err(Error::invalid(format!(
                    "{} is in the way of the site: it is not a file",
                    target.display()
                )));
            }
            fs::rename(staging.join(path), &target).map_err(|e| Error::file(&target, e))?;
        }

        // Remove the earlier site's pages this one does not have, when they
        // still hold what was written; then the folders they leave empty.
        let now: HashSet<&str> = new_entries.iter().map(|(_, p)| *p).collect();
        let mut folders: Vec<PathBuf> = Vec::new();
        for (rel, hashes) in &earlier.files {
            if now.contains(rel.as_str()) || hashes.is_empty() {
                continue;
            }
            let p = dir.join(rel);
            let Some(m) = walk(dir, rel).ok().flatten() else {
                continue;
            };
            if !m.is_file() {
                continue;
            }
            let ours = fs::read(&p).is_ok_and(|b| hashes.contains(&fingerprint(&b)));
            if ours {
                fs::remove_file(&p).map_err(|e| Error::file(&p, e))?;
            }
            if let Some(parent) = Path::new(rel)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
            {
                folders.push(dir.join(parent));
            }
        }
        folders.sort();
        folders.dedup();
        for f in folders.iter().rev() {
            // Only a real folder, and only when empty: anything else put
            // there is left alone.
            if own_metadata(f)?.is_some_and(|m| m.is_dir()) {
                let _ = fs::remove_dir(f);
            }
        }

        // The marker for the new site alone; the staging folder goes.
        replace_marker(dir, &marker_text(writer, new_entries.into_iter()))?;
        clear_staging(dir)?;
        Ok(dir.join("index.html"))
    }
}

impl Drop for Writer {
    /// A writer given up before `finish` (a page refused, an error while
    /// the pages were made) takes its staging folder away: the folder's
    /// site is as it was.
    fn drop(&mut self) {
        if !self.finishing {
            let _ = clear_staging(&self.dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str) -> SiteFile {
        SiteFile {
            path: path.into(),
            contents: format!("<p>{path}</p>"),
        }
    }

    fn site(dir: &Path, files: &[SiteFile]) -> Result<PathBuf> {
        write(dir, files, "league site", &["league site"], &mut |_, _| {})
    }

    /// Issue 16: a page is staged as soon as it is added (nothing of the
    /// site is held until the end), the folder's site changes only at
    /// `finish`, the marker lists the pages by rank whatever order they came
    /// in, and a writer given up takes its staging folder away.
    #[test]
    fn pages_are_staged_as_they_come_and_swapped_in_at_the_end() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        site(&dir, &[file("index.html")]).unwrap();
        let mut w = Writer::begin(&dir, "league site", &["league site"]).unwrap();
        w.add_ranked(&file("b.html"), (2, 0, 0)).unwrap();
        assert!(dir.join(STAGING).join("b.html").is_file());
        assert!(!dir.join("b.html").exists());
        w.add_ranked(&file("index.html"), (1, 0, 0)).unwrap();
        // Unchanged on disk: not staged again.
        assert!(!dir.join(STAGING).join("index.html").exists());
        w.finish().unwrap();
        assert_eq!(
            fs::read_to_string(dir.join("b.html")).unwrap(),
            "<p>b.html</p>"
        );
        assert!(!dir.join(STAGING).exists());
        let marker = fs::read_to_string(dir.join(MARKER)).unwrap();
        let paths: Vec<&str> = marker
            .lines()
            .skip(1)
            .map(|l| l.split_once(' ').unwrap().1)
            .collect();
        assert_eq!(paths, vec!["index.html", "b.html"]);

        let mut w = Writer::begin(&dir, "league site", &["league site"]).unwrap();
        w.add(&file("c.html")).unwrap();
        drop(w);
        assert!(!dir.join(STAGING).exists());
        assert!(!dir.join("c.html").exists());
        assert_eq!(fs::read_to_string(dir.join(MARKER)).unwrap(), marker);
    }

    #[test]
    fn rewriting_replaces_the_earlier_site_and_nothing_else() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        site(&dir, &[file("index.html"), file("a/old.html")]).unwrap();
        fs::write(dir.join("a/mine.txt"), "kept").unwrap();
        site(&dir, &[file("index.html"), file("b/new.html")]).unwrap();
        assert!(!dir.join("a/old.html").exists());
        assert_eq!(fs::read_to_string(dir.join("a/mine.txt")).unwrap(), "kept");
        assert!(dir.join("b/new.html").is_file());
        // A page written again with other contents is rewritten; the same
        // contents leave it as it was.
        let mut changed = file("index.html");
        changed.contents = "<p>changed</p>".into();
        site(&dir, &[changed, file("b/new.html")]).unwrap();
        assert_eq!(
            fs::read_to_string(dir.join("index.html")).unwrap(),
            "<p>changed</p>"
        );
        assert_eq!(
            fs::read_to_string(dir.join("b/new.html")).unwrap(),
            "<p>b/new.html</p>"
        );
        let marker = fs::read_to_string(dir.join(MARKER)).unwrap();
        assert_eq!(
            marker,
            format!(
                "written by league site\n{:016x} index.html\n{:016x} b/new.html\n",
                fingerprint(b"<p>changed</p>"),
                fingerprint(b"<p>b/new.html</p>")
            )
        );
        assert!(!dir.join(STAGING).exists());
        assert!(!dir.join(MARKER_NEXT).exists());
    }

    #[test]
    fn folders_with_other_files_or_other_writers_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
        let err = site(tmp.path(), &[file("index.html")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("did not write"), "{err}");
        assert!(!tmp.path().join("index.html").exists());
        let other = tmp.path().join("other");
        site(&other, &[file("index.html")]).unwrap();
        let err = check(&other, &["league demo"]).unwrap_err().to_string();
        assert!(err.contains("not written by league demo"), "{err}");
    }

    #[test]
    fn a_tampered_listing_cannot_reach_outside_the_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let outside = tmp.path().join("precious.txt");
        fs::write(&outside, "keep").unwrap();
        let dir = tmp.path().join("site");
        fs::create_dir(&dir).unwrap();
        let h = fingerprint(b"keep");
        fs::write(
            dir.join(MARKER),
            format!(
                "written by league site\n{h:016x} ../precious.txt\n{h:016x} {}\n",
                outside.display()
            ),
        )
        .unwrap();
        site(&dir, &[file("index.html")]).unwrap();
        assert_eq!(fs::read_to_string(&outside).unwrap(), "keep");
    }

    #[test]
    fn a_listed_file_that_was_changed_is_neither_removed_nor_overwritten() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        site(
            &dir,
            &[file("index.html"), file("old.html"), file("p.html")],
        )
        .unwrap();
        fs::write(dir.join("old.html"), "edited by hand").unwrap();
        fs::write(dir.join("p.html"), "edited by hand").unwrap();
        // old.html is gone from the new site, but it was edited: kept.
        let err = site(&dir, &[file("index.html"), file("p.html")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("p.html is in the way"), "{err}");
        assert_eq!(
            fs::read_to_string(dir.join("p.html")).unwrap(),
            "edited by hand"
        );
        site(&dir, &[file("index.html")]).unwrap();
        assert_eq!(
            fs::read_to_string(dir.join("old.html")).unwrap(),
            "edited by hand"
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_under_the_folder_are_refused_and_never_followed() {
        let tmp = tempfile::tempdir().unwrap();
        let elsewhere = tmp.path().join("elsewhere");
        fs::create_dir(&elsewhere).unwrap();
        fs::write(elsewhere.join("p.html"), "<p>a/p.html</p>").unwrap();
        let dir = tmp.path().join("site");
        site(&dir, &[file("index.html"), file("a/p.html")]).unwrap();
        // A folder of the site replaced by a link to elsewhere.
        fs::remove_dir_all(dir.join("a")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, dir.join("a")).unwrap();
        let mut changed = file("a/p.html");
        changed.contents = "overwritten".into();
        let err = site(&dir, &[file("index.html"), changed])
            .unwrap_err()
            .to_string();
        assert!(err.contains("symbolic link"), "{err}");
        // And removing: the listed a/p.html is reached only through the
        // link, so it is left alone.
        site(&dir, &[file("index.html")]).unwrap();
        assert!(fs::symlink_metadata(dir.join("a"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            fs::read_to_string(elsewhere.join("p.html")).unwrap(),
            "<p>a/p.html</p>"
        );
    }

    #[test]
    fn an_io_error_names_the_file() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        // A name no file system takes (over 255 bytes).
        let long = format!("players/{}.html", "x".repeat(300));
        let err = site(&dir, &[file("index.html"), file(&long)])
            .unwrap_err()
            .to_string();
        assert!(err.contains(&"x".repeat(300)), "{err}");
        assert!(!dir.join("index.html").exists(), "half a site was written");
    }

    #[test]
    fn a_staging_folder_left_by_a_killed_run_is_cleared_and_the_site_written() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        fs::create_dir_all(dir.join(STAGING).join("x")).unwrap();
        fs::write(dir.join(STAGING).join("x/half.html"), "<p>half").unwrap();
        site(&dir, &[file("index.html")]).unwrap();
        assert!(!dir.join(STAGING).exists());
        assert!(dir.join("index.html").is_file());
    }

    #[test]
    fn a_marker_from_an_older_version_lets_its_pages_be_rewritten_not_removed() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("index.html"), "old").unwrap();
        fs::write(dir.join("gone.html"), "old").unwrap();
        fs::write(
            dir.join(MARKER),
            "written by league site\nindex.html\ngone.html\n",
        )
        .unwrap();
        site(&dir, &[file("index.html")]).unwrap();
        assert_eq!(
            fs::read_to_string(dir.join("index.html")).unwrap(),
            "<p>index.html</p>"
        );
        assert!(dir.join("gone.html").is_file());
    }
}
