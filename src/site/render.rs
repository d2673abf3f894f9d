//! Pure rendering: each page model through its askama template (real files
//! under `templates/site/`, compiled into the binary, HTML auto-escaped) to
//! a string. Nothing here touches the disk.

use askama::Template;

use super::model::*;
use crate::error::{Error, Result};
use crate::parallel;

/// The one stylesheet, written beside `index.html`.
pub const STYLESHEET: &str = include_str!("../../templates/site/style.css");

/// One file of the site: its path from the root (with `/`) and contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteFile {
    pub path: String,
    pub contents: String,
}

#[derive(Template)]
#[template(path = "site/index.html")]
struct IndexHtml<'a> {
    league: &'a str,
    title: &'a str,
    root: &'a str,
    updated: &'a str,
    p: &'a IndexPage,
}

#[derive(Template)]
#[template(path = "site/season.html")]
struct SeasonHtml<'a> {
    league: &'a str,
    title: &'a str,
    root: &'a str,
    updated: &'a str,
    p: &'a SeasonPage,
}

#[derive(Template)]
#[template(path = "site/section.html")]
struct SectionHtml<'a> {
    league: &'a str,
    title: &'a str,
    root: &'a str,
    updated: &'a str,
    p: &'a SectionPage,
}

#[derive(Template)]
#[template(path = "site/player.html")]
struct PlayerHtml<'a> {
    league: &'a str,
    title: &'a str,
    root: &'a str,
    updated: &'a str,
    p: &'a PlayerPage,
}

#[derive(Template)]
#[template(path = "site/round.html")]
struct RoundHtml<'a> {
    league: &'a str,
    title: &'a str,
    root: &'a str,
    updated: &'a str,
    p: &'a RoundPage,
}

#[derive(Template)]
#[template(path = "site/working_page.html")]
struct WorkingHtml<'a> {
    league: &'a str,
    title: &'a str,
    root: &'a str,
    updated: &'a str,
    p: &'a WorkingPage,
}

#[derive(Template)]
#[template(path = "site/directory.html")]
struct DirectoryHtml<'a> {
    league: &'a str,
    title: &'a str,
    root: &'a str,
    updated: &'a str,
    p: &'a DirectoryPage,
}

#[derive(Template)]
#[template(path = "site/rules.html")]
struct RulesHtml<'a> {
    league: &'a str,
    title: &'a str,
    root: &'a str,
    updated: &'a str,
    p: &'a RulesPage,
}

fn page(path: &str, t: &dyn askama::DynTemplate) -> Result<SiteFile> {
    let contents = t
        .dyn_render()
        .map_err(|e| Error::invalid(format!("could not write the page {path}: {e}")))?;
    Ok(SiteFile {
        path: path.to_string(),
        contents,
    })
}

/// Render every page of `site`, the stylesheet included, in a stable order.
/// `progress(done, total)` is called after each page.
pub fn render(site: &Site, progress: &mut dyn FnMut(usize, usize)) -> Result<Vec<SiteFile>> {
    let league = site.league.as_str();
    let updated = site.updated.as_str();
    let total = 4
        + site.seasons.len()
        + site.sections.len()
        + site.rounds.len()
        + site.workings.len()
        + site.players.len();
    let mut files = Vec::with_capacity(total);
    let mut push = |f: SiteFile, files: &mut Vec<SiteFile>| {
        files.push(f);
        progress(files.len(), total);
    };
    push(
        SiteFile {
            path: "style.css".into(),
            contents: STYLESHEET.to_string(),
        },
        &mut files,
    );
    let p = &site.index;
    push(
        page(
            &p.place.path,
            &IndexHtml {
                league,
                title: "All seasons",
                root: &p.place.root,
                updated,
                p,
            },
        )?,
        &mut files,
    );
    let p = &site.rules;
    push(
        page(
            &p.place.path,
            &RulesHtml {
                league,
                title: "Tiebreak rules",
                root: &p.place.root,
                updated,
                p,
            },
        )?,
        &mut files,
    );
    let p = &site.directory;
    push(
        page(
            &p.place.path,
            &DirectoryHtml {
                league,
                title: "Players",
                root: &p.place.root,
                updated,
                p,
            },
        )?,
        &mut files,
    );
    for p in &site.seasons {
        let title = format!("Season {}", p.name);
        push(
            page(
                &p.place.path,
                &SeasonHtml {
                    league,
                    title: &title,
                    root: &p.place.root,
                    updated,
                    p,
                },
            )?,
            &mut files,
        );
    }
    // Section and player pages side by side (most of the rendering), added
    // in order.
    let sections = parallel::map(&site.sections, |p| {
        let title = format!("{} {} ({})", p.event, p.section, p.season.text);
        page(
            &p.place.path,
            &SectionHtml {
                league,
                title: &title,
                root: &p.place.root,
                updated,
                p,
            },
        )
    });
    for f in sections {
        push(f?, &mut files);
    }
    let rounds = parallel::map(&site.rounds, |p| {
        page(
            &p.place.path,
            &RoundHtml {
                league,
                title: &p.heading,
                root: &p.place.root,
                updated,
                p,
            },
        )
    });
    for f in rounds {
        push(f?, &mut files);
    }
    for p in &site.workings {
        let title = format!("How the tiebreaks were worked out: {}", p.heading);
        push(
            page(
                &p.place.path,
                &WorkingHtml {
                    league,
                    title: &title,
                    root: &p.place.root,
                    updated,
                    p,
                },
            )?,
            &mut files,
        );
    }
    let players = parallel::map(&site.players, |p| {
        page(
            &p.place.path,
            &PlayerHtml {
                league,
                title: &p.name,
                root: &p.place.root,
                updated,
                p,
            },
        )
    });
    for f in players {
        push(f?, &mut files);
    }
    Ok(files)
}
