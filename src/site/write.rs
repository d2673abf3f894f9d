//! Writing the site's files into a folder. A folder that already holds
//! something is only written into when it is a site this program wrote (a
//! `.league-site` file says so and lists the files); those files are
//! replaced and nothing else is touched.

use std::path::{Component, Path, PathBuf};

use super::render::SiteFile;
use crate::error::{Error, Result};

/// The file that marks a folder as a site written by this program.
pub const MARKER: &str = ".league-site";

/// Who wrote a site: the first line of the marker.
fn signature(writer: &str) -> String {
    format!("written by {writer}")
}

/// A listed path that stays inside the folder (no `..`, not absolute).
fn inside(path: &str) -> bool {
    !path.is_empty()
        && Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

/// Check that `dir` may receive a site written by `writer`: it does not
/// exist, is empty, or holds a site written by one of `accept`. Returns the
/// files the earlier site listed.
pub fn check(dir: &Path, accept: &[&str]) -> Result<Vec<String>> {
    if !dir.exists() {
        return Ok(vec![]);
    }
    if !dir.is_dir() {
        return Err(Error::invalid(format!(
            "{} exists and is not a folder; choose another place for the site with --out",
            dir.display()
        )));
    }
    let marker = dir.join(MARKER);
    if !marker.is_file() {
        if std::fs::read_dir(dir)?.next().is_none() {
            return Ok(vec![]);
        }
        return Err(Error::invalid(format!(
            "{} already has files in it that this program did not write; choose an empty or new folder with --out",
            dir.display()
        )));
    }
    let text = std::fs::read_to_string(&marker)?;
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    if !accept.iter().any(|w| first == signature(w)) {
        return Err(Error::invalid(format!(
            "{} holds a site that was not written by {}; move it away or choose another folder",
            dir.display(),
            accept.join(" or ")
        )));
    }
    Ok(lines
        .map(str::trim)
        .filter(|l| inside(l))
        .map(str::to_string)
        .collect())
}

/// Write `files` into `dir` as `writer` ("league site", "league demo"),
/// replacing the site an accepted writer put there before. Returns the path
/// of the index page. `progress(done, total)` is called after each file.
pub fn write(
    dir: &Path,
    files: &[SiteFile],
    writer: &str,
    accept: &[&str],
    progress: &mut dyn FnMut(usize, usize),
) -> Result<PathBuf> {
    let earlier = check(dir, accept)?;
    std::fs::create_dir_all(dir)?;
    // Take away the earlier site's files that this one does not rewrite,
    // then any folders they leave empty. Files of both are overwritten in
    // place below: removing and creating thousands of files again costs the
    // file system far more than rewriting them.
    let now: std::collections::HashSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let mut folders: Vec<PathBuf> = Vec::new();
    for rel in &earlier {
        if now.contains(rel.as_str()) {
            continue;
        }
        let p = dir.join(rel);
        if p.is_file() {
            std::fs::remove_file(&p)?;
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
        // Only when empty: anything else put there is left alone.
        let _ = std::fs::remove_dir(f);
    }
    let was: std::collections::HashSet<&str> = earlier.iter().map(String::as_str).collect();
    let mut listing = signature(writer);
    listing.push('\n');
    for (i, f) in files.iter().enumerate() {
        if !inside(&f.path) {
            return Err(Error::invalid(format!(
                "the page name {} is not inside the site folder",
                f.path
            )));
        }
        let p = dir.join(&f.path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent)?;
        }
        // A page the earlier site already holds word for word is left as it
        // is (most pages of an archive do not change from run to run).
        if !(was.contains(f.path.as_str()) && same_contents(&p, &f.contents)) {
            std::fs::write(&p, &f.contents)?;
        }
        listing.push_str(&f.path);
        listing.push('\n');
        progress(i + 1, files.len());
    }
    std::fs::write(dir.join(MARKER), listing)?;
    Ok(dir.join("index.html"))
}

/// Whether the file at `path` holds exactly `contents`.
fn same_contents(path: &Path, contents: &str) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == contents.len() as u64)
        && std::fs::read(path).is_ok_and(|b| b == contents.as_bytes())
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

    #[test]
    fn rewriting_replaces_the_earlier_site_and_nothing_else() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        let none = &mut |_, _| {};
        write(
            &dir,
            &[file("index.html"), file("a/old.html")],
            "league site",
            &["league site"],
            none,
        )
        .unwrap();
        std::fs::write(dir.join("a/mine.txt"), "kept").unwrap();
        write(
            &dir,
            &[file("index.html"), file("b/new.html")],
            "league site",
            &["league site"],
            none,
        )
        .unwrap();
        assert!(!dir.join("a/old.html").exists());
        assert_eq!(
            std::fs::read_to_string(dir.join("a/mine.txt")).unwrap(),
            "kept"
        );
        assert!(dir.join("b/new.html").is_file());
        // A page written again with other contents is rewritten; the same
        // contents leave it as it was.
        let mut changed = file("index.html");
        changed.contents = "<p>changed</p>".into();
        write(
            &dir,
            &[changed, file("b/new.html")],
            "league site",
            &["league site"],
            none,
        )
        .unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join("index.html")).unwrap(),
            "<p>changed</p>"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("b/new.html")).unwrap(),
            "<p>b/new.html</p>"
        );
        let marker = std::fs::read_to_string(dir.join(MARKER)).unwrap();
        assert_eq!(marker, "written by league site\nindex.html\nb/new.html\n");
    }

    #[test]
    fn folders_with_other_files_or_other_writers_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let none = &mut |_, _| {};
        std::fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
        let err = write(
            tmp.path(),
            &[file("index.html")],
            "league site",
            &["league site"],
            none,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("did not write"), "{err}");
        assert!(!tmp.path().join("index.html").exists());
        let other = tmp.path().join("other");
        write(
            &other,
            &[file("index.html")],
            "league site",
            &["league site"],
            none,
        )
        .unwrap();
        let err = check(&other, &["league demo"]).unwrap_err().to_string();
        assert!(err.contains("not written by league demo"), "{err}");
    }

    #[test]
    fn a_tampered_listing_cannot_reach_outside_the_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let outside = tmp.path().join("precious.txt");
        std::fs::write(&outside, "keep").unwrap();
        let dir = tmp.path().join("site");
        std::fs::create_dir(&dir).unwrap();
        std::fs::write(
            dir.join(MARKER),
            format!(
                "written by league site\n../precious.txt\n{}\n",
                outside.display()
            ),
        )
        .unwrap();
        write(
            &dir,
            &[file("index.html")],
            "league site",
            &["league site"],
            &mut |_, _| {},
        )
        .unwrap();
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep");
    }
}
