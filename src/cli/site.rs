//! `league site`: write the results site (every season, or one) into a
//! folder, with a progress bar on a terminal and nothing extra otherwise.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};

use super::output::print;
use crate::error::Result;
use crate::site::{self, Scope};
use crate::store::Store;

/// The writer's name in the folder's `.league-site` file.
pub const WRITER: &str = site::write::SITE_WRITER;

/// The arguments of `league site`.
#[derive(clap::Args, Debug)]
pub struct SiteArgs {
    /// Only this season. Into a folder that holds a site with other seasons, their pages are
    /// left as they are and the pages that list seasons list them all; into a new folder, a
    /// site of this season alone (its players' pages list only its events).
    #[arg(long, conflicts_with = "all")]
    pub season: Option<String>,
    /// Every season (the default).
    #[arg(long)]
    pub all: bool,
    /// The folder to write; it must be new, empty, or a site written here before.
    #[arg(long)]
    pub out: PathBuf,
}

/// Write the site of the season asked for (all by default) into `a.out`,
/// replacing only a site this program wrote there before, and say how many
/// pages were written and which file to open.
pub fn run(store: &mut Store, a: SiteArgs) -> Result<()> {
    let scope = match a.season {
        Some(name) => Scope::Season(name),
        None => Scope::All,
    };
    let written = write_site_keeping(
        store,
        &scope,
        &a.out,
        WRITER,
        &[WRITER, site::write::DEMO_WRITER],
    )?;
    let mut out = format!("Wrote {} pages to {}", written.pages, a.out.display());
    if !written.kept.is_empty() {
        out.push_str(&format!(
            "; the pages of {} were left as they were (the front page, the players' pages and the directory list every season in the folder)",
            written.kept.join(", ")
        ));
    }
    out.push_str(&format!(".\nOpen {}\n", written.index.display()));
    print(&out)?;
    Ok(())
}

/// A progress bar on a terminal, hidden otherwise.
fn bar(what: &'static str) -> ProgressBar {
    if !std::io::stderr().is_terminal() || !std::io::stdout().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(0);
    if let Ok(style) = ProgressStyle::with_template("{msg:>22} [{bar:30}] {pos}/{len}") {
        pb.set_style(style.progress_chars("=> "));
    }
    pb.set_message(what);
    pb
}

/// Load, build, render and write the site of `scope` into `out` as
/// `writer`, one season at a time ([`site::stream()`]): each page goes to the
/// writer as soon as it is rendered. Returns the index page's path and the
/// number of pages. The folder is checked before any work is done.
pub fn write_site(
    store: &Store,
    scope: &Scope,
    out: &Path,
    writer: &str,
    accept: &[&str],
) -> Result<(PathBuf, usize)> {
    let w = write_site_keeping(store, scope, out, writer, accept)?;
    Ok((w.index, w.pages))
}

/// What [`write_site_keeping`] did.
pub struct Written {
    /// The front page's path.
    pub index: PathBuf,
    /// The pages written (or found on disk as they should be).
    pub pages: usize,
    /// The other seasons whose pages were kept as they were.
    pub kept: Vec<String>,
}

/// [`write_site`], keeping the other seasons' pages when one season is
/// written into a folder that holds a site with more (issue 27, slip 7):
/// that season's pages are written, the pages that list seasons (front
/// page, players' pages, directory) are written for every season in the
/// folder, and the other seasons' own pages are left as they are.
pub fn write_site_keeping(
    store: &Store,
    scope: &Scope,
    out: &Path,
    writer: &str,
    accept: &[&str],
) -> Result<Written> {
    site::write::check(out, accept)?;
    let mut outline = site::load::outline(store.conn(), scope)?;
    let mut w = site::write::Writer::begin(out, writer, accept)?;
    let kept = match scope {
        Scope::Season(_) => widen(store, &mut outline, &w.earlier_folders())?,
        Scope::All => Vec::new(),
    };
    w.keep_folders(kept.iter().map(|(_, folder)| folder.clone()).collect());
    let pb = bar("writing the site");
    let mut left = 0;
    let pages = site::stream(
        store,
        &outline,
        &mut |f, rank| {
            if w.keeps(&f.path) {
                left += usize::from(f.path.ends_with(".html"));
                return Ok(());
            }
            w.add_ranked(&f, rank)
        },
        &mut |done, total| {
            pb.set_length(total as u64);
            pb.set_position(done as u64);
        },
    )?;
    let index = w.finish()?;
    pb.finish_and_clear();
    Ok(Written {
        index,
        pages: pages - left,
        kept: kept.into_iter().map(|(name, _)| name).collect(),
    })
}

/// One season written into a folder whose site has other seasons' folders:
/// the outline takes in those seasons too, so the pages that list seasons
/// list them all. Returns each such season's name and folder ("2023-24/");
/// none when the folder holds no other season (the outline is left as the
/// one season).
fn widen(
    store: &Store,
    outline: &mut site::load::Outline,
    present: &std::collections::BTreeSet<String>,
) -> Result<Vec<(String, String)>> {
    let chosen: Vec<_> = outline.seasons.iter().map(|(s, _)| s.id).collect();
    let mut all = site::load::outline(store.conn(), &Scope::All)?;
    let mut kept = Vec::new();
    all.seasons.retain(|(s, _)| {
        if chosen.contains(&s.id) {
            return true;
        }
        let folder = format!("{}/", site::slug::slugify(&s.name));
        let there = present.contains(&folder);
        if there {
            kept.push((s.name.clone(), folder));
        }
        there
    });
    if !kept.is_empty() {
        *outline = all;
    }
    Ok(kept)
}
