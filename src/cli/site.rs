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
    /// Only this season (its players' pages list only its events).
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
    let (index, pages) = write_site(
        store,
        &scope,
        &a.out,
        WRITER,
        &[WRITER, site::write::DEMO_WRITER],
    )?;
    print(&format!(
        "Wrote {pages} pages to {}.\nOpen {}\n",
        a.out.display(),
        index.display()
    ))?;
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
    site::write::check(out, accept)?;
    let outline = site::load::outline(store.conn(), scope)?;
    let mut w = site::write::Writer::begin(out, writer, accept)?;
    let pb = bar("writing the site");
    let pages = site::stream(
        store,
        &outline,
        &mut |f, rank| w.add_ranked(&f, rank),
        &mut |done, total| {
            pb.set_length(total as u64);
            pb.set_position(done as u64);
        },
    )?;
    let index = w.finish()?;
    pb.finish_and_clear();
    Ok((index, pages))
}
