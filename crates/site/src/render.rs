//! Pure rendering: each page model through its askama template (real files
//! under `templates/site/`, compiled into the binary, HTML auto-escaped) to
//! a string. Nothing here touches the disk.

use askama::Template;

use super::model::*;
use crate::domain::text::escape_controls_except;
use crate::error::{Error, Result};
use crate::parallel;

/// `text` as the inside of a CSS string: every character but ASCII letters,
/// digits and spaces written as an escape (`\22 ` for `"`), so that no name
/// can end the string, the rule or the `<style>` element it is in.
pub fn css_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == ' ' {
            out.push(c);
        } else {
            out.push_str(&format!("\\{:x} ", c as u32));
        }
    }
    out
}

/// The templates' own filters.
mod filters {
    /// `{{ x|css_string|safe }}`: see [`super::css_string`].
    #[askama::filter_fn]
    pub fn css_string<T: std::fmt::Display>(
        text: T,
        _: &dyn askama::Values,
    ) -> askama::Result<String> {
        Ok(super::css_string(&text.to_string()))
    }
}

/// The one stylesheet, written beside `index.html`.
pub const STYLESHEET: &str = include_str!("../../../templates/site/style.css");

/// One file of the site: its path from the root (with `/`) and contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteFile {
    /// Where it goes, from the site's root, with `/` on every system.
    pub path: String,
    /// The whole text of the file.
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
    /// "" for the whole page (the wall chart), "standings" or "crosstable"
    /// for a print view of just that.
    only: &'a str,
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

/// Render one page. Control characters a stored name still holds (ESC,
/// OSC, BEL: refused now, kept from before) are written as visible
/// escapes (`\u{1b}`), as on the terminal (issue 30, item 17): HTML
/// escaping leaves them raw, and a page viewed with `cat` or `curl` would
/// hand them to the terminal. The templates themselves hold only line
/// ends and tabs, which are kept.
fn page(path: &str, t: &dyn askama::DynTemplate) -> Result<SiteFile> {
    let contents = t
        .dyn_render()
        .map_err(|e| Error::invalid(format!("could not write the page {path}: {e}")))?;
    let contents = match escape_controls_except(&contents, &['\n', '\t', '\r']) {
        std::borrow::Cow::Borrowed(_) => contents,
        std::borrow::Cow::Owned(escaped) => escaped,
    };
    Ok(SiteFile {
        path: path.to_string(),
        contents,
    })
}

/// The style sheet as a file of the site.
pub fn stylesheet() -> SiteFile {
    SiteFile {
        path: "style.css".into(),
        contents: STYLESHEET.to_string(),
    }
}

/// Renders one page at a time, with what every page's frame shows: the
/// league's name and the day of the latest change.
#[derive(Copy, Clone)]
pub struct Renderer<'a> {
    /// The league's name, in every page's header and title.
    pub league: &'a str,
    /// The day of the latest change, in every page's footer.
    pub updated: &'a str,
}

impl Renderer<'_> {
    /// The front page: the newest season in full, the older ones as links.
    pub fn index(&self, p: &IndexPage) -> Result<SiteFile> {
        page(
            &p.place.path,
            &IndexHtml {
                league: self.league,
                title: "All seasons",
                root: &p.place.root,
                updated: self.updated,
                p,
            },
        )
    }

    /// The tiebreak rules page, from the code's own definitions.
    pub fn rules(&self, p: &RulesPage) -> Result<SiteFile> {
        page(
            &p.place.path,
            &RulesHtml {
                league: self.league,
                title: "Tiebreak rules",
                root: &p.place.root,
                updated: self.updated,
                p,
            },
        )
    }

    /// The player directory, A to Z, and a large league's page per letter.
    pub fn directory(&self, p: &DirectoryPage) -> Result<Vec<SiteFile>> {
        std::iter::once(p)
            .chain(&p.letter_pages)
            .map(|p| {
                page(
                    &p.place.path,
                    &DirectoryHtml {
                        league: self.league,
                        title: &p.heading,
                        root: &p.place.root,
                        updated: self.updated,
                        p,
                    },
                )
            })
            .collect()
    }

    /// A season's page: its events and champions.
    pub fn season(&self, p: &SeasonPage) -> Result<SiteFile> {
        let title = format!("Season {}", p.name);
        page(
            &p.place.path,
            &SeasonHtml {
                league: self.league,
                title: &title,
                root: &p.place.root,
                updated: self.updated,
                p,
            },
        )
    }

    /// A section's page: standings, crosstable and charts.
    pub fn section(&self, p: &SectionPage) -> Result<SiteFile> {
        let title = format!("{} {} ({})", p.event, p.section, p.season.text);
        page(
            &p.place.path,
            &SectionHtml {
                league: self.league,
                title: &title,
                root: &p.place.root,
                updated: self.updated,
                p,
                only: "",
            },
        )
    }

    /// An individual section's print views, beside its page: just the
    /// standings and just the crosstable ([`print_view_path`]). None for a
    /// team event or before the first result.
    pub fn print_views(&self, p: &SectionPage) -> Result<Vec<SiteFile>> {
        match &p.body {
            SectionBody::Individual(b) if b.started => {}
            _ => return Ok(Vec::new()),
        }
        ["standings", "crosstable"]
            .into_iter()
            .map(|only| {
                let title = format!("{} {} ({}): {only}", p.event, p.section, p.season.text);
                page(
                    &print_view_path(&p.place.path, only),
                    &SectionHtml {
                        league: self.league,
                        title: &title,
                        root: &p.place.root,
                        updated: self.updated,
                        p,
                        only,
                    },
                )
            })
            .collect()
    }

    /// One round's page: its games and byes, or its matches.
    pub fn round(&self, p: &RoundPage) -> Result<SiteFile> {
        page(
            &p.place.path,
            &RoundHtml {
                league: self.league,
                title: &p.heading,
                root: &p.place.root,
                updated: self.updated,
                p,
            },
        )
    }

    /// The page of a section's tiebreak working, one block a player or team.
    pub fn working(&self, p: &WorkingPage) -> Result<SiteFile> {
        let title = format!("How the tiebreaks were worked out: {}", p.heading);
        page(
            &p.place.path,
            &WorkingHtml {
                league: self.league,
                title: &title,
                root: &p.place.root,
                updated: self.updated,
                p,
            },
        )
    }

    /// A player's page: every event across the seasons.
    pub fn player(&self, p: &PlayerPage) -> Result<SiteFile> {
        page(
            &p.place.path,
            &PlayerHtml {
                league: self.league,
                title: &p.name,
                root: &p.place.root,
                updated: self.updated,
                p,
            },
        )
    }
}

/// Where a section's print view of `only` goes: beside the section's page,
/// `2023-24/autumn-swiss-1600.standings.html` (page names never hold a
/// dot, so no section's page can be one), so its links are the page's.
pub fn print_view_path(section_path: &str, only: &str) -> String {
    let stem = section_path.strip_suffix(".html").unwrap_or(section_path);
    format!("{stem}.{only}.html")
}

/// Render every page of `site`, the stylesheet included, in a stable order.
/// `progress(done, total)` is called after each page.
pub fn render(site: &Site, progress: &mut dyn FnMut(usize, usize)) -> Result<Vec<SiteFile>> {
    let r = Renderer {
        league: site.league.as_str(),
        updated: site.updated.as_str(),
    };
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
    push(stylesheet(), &mut files);
    push(r.index(&site.index)?, &mut files);
    push(r.rules(&site.rules)?, &mut files);
    for f in r.directory(&site.directory)? {
        push(f, &mut files);
    }
    for p in &site.seasons {
        push(r.season(p)?, &mut files);
    }
    // Section, round and player pages side by side (most of the
    // rendering), added in order.
    for f in parallel::map(&site.sections, |p| r.section(p)) {
        push(f?, &mut files);
    }
    for f in parallel::map(&site.sections, |p| r.print_views(p)) {
        for f in f? {
            push(f, &mut files);
        }
    }
    for f in parallel::map(&site.rounds, |p| r.round(p)) {
        push(f?, &mut files);
    }
    for p in &site.workings {
        push(r.working(p)?, &mut files);
    }
    for f in parallel::map(&site.players, |p| r.player(p)) {
        push(f?, &mut files);
    }
    Ok(files)
}
