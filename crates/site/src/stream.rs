//! The site built and written one season at a time (issue 16): a season's
//! reports are computed, its pages built, rendered and handed to the
//! writer, and then dropped before the next season is loaded, so memory
//! holds one season's reports and pages, not the league's (a 30-season
//! league's whole site was 1.6 GB at its peak). Within a season the
//! sections' reports, bodies and pages are still made on every core
//! ([`crate::parallel`]).
//!
//! What outlives a season is small: the page names ([`Frame`]), the
//! front page's lines, and what each player's page shows of each event
//! ([`PlayerData`]); the player pages and their directory are made last,
//! from it, and rendered a slice at a time. The pages are the same, byte
//! for byte, as [`build`](super::build::build) and
//! [`render`](super::render::render) make for the whole league at once.

use super::build::{rules_page, title, Frame, PlayerData};
use super::load::{load_season, Outline};
use super::render::{stylesheet, Renderer, SiteFile};
use super::write::Rank;
use crate::error::Result;
use crate::parallel;
use crate::store::Store;

/// How many player pages are rendered side by side before they are handed
/// on: enough to keep every core busy, few enough to hold little.
const PLAYER_SLICE: usize = 256;

/// Build and render every page of `outline` (from [`super::load::outline`]),
/// handing each file to `sink` as soon as it is rendered, with its rank in
/// the site's listing (the order [`render`](super::render::render) gives
/// the whole site: style sheet, front page, rules, directory, seasons,
/// sections, rounds, workings, players). Returns the number
/// of pages (HTML files). `progress(done, total)` counts sections whose
/// reports are computed.
pub fn stream(
    store: &Store,
    outline: &Outline,
    sink: &mut dyn FnMut(SiteFile, Rank) -> Result<()>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<usize> {
    let conn = store.conn();
    let people = outline.people(conn)?;
    let frame = Frame::new(&outline.seasons, people, &outline.prizes);
    let league = title(outline.name.as_deref());
    let updated = super::build::updated_text(outline.updated.as_deref());
    let r = Renderer {
        league: &league,
        updated: &updated,
    };
    let mut pages = 0;
    let mut put = |f: SiteFile, rank: Rank| -> Result<()> {
        if f.path.ends_with(".html") {
            pages += 1;
        }
        sink(f, rank)
    };
    put(stylesheet(), (0, 0, 0))?;
    let total = outline.section_count();
    let mut done = 0;
    let mut players = PlayerData::new(outline.rating_lists.clone());
    let mut index_events = Vec::new();
    index_events.resize_with(outline.seasons.len(), Vec::new);
    // Oldest season first: the order in which each player's events are
    // gathered (the order of their charts).
    for (si, (season, events)) in outline.seasons.iter().enumerate().rev() {
        let data = load_season(conn, season, events, &mut |d| progress(done + d, total))?;
        done += events.iter().map(|(_, k)| k.len()).sum::<usize>();
        let built = frame.season(si, &data);
        frame.players_of(&mut players, si, &data);
        drop(data);
        put(r.season(&built.page)?, (4, si, 0))?;
        for (k, f) in parallel::map(&built.sections, |p| r.section(p))
            .into_iter()
            .enumerate()
        {
            put(f?, (5, si, k))?;
        }
        for (k, f) in parallel::map(&built.sections, |p| r.print_views(p))
            .into_iter()
            .enumerate()
        {
            for (j, f) in f?.into_iter().enumerate() {
                put(f, (9, si, 2 * k + j))?;
            }
        }
        for (k, f) in parallel::map(&built.rounds, |p| r.round(p))
            .into_iter()
            .enumerate()
        {
            put(f?, (6, si, k))?;
        }
        for (k, f) in parallel::map(&built.workings, |p| r.working(p))
            .into_iter()
            .enumerate()
        {
            put(f?, (7, si, k))?;
        }
        index_events[si] = built.index_events;
    }
    let index = frame.index(
        outline
            .seasons
            .iter()
            .map(|(s, _)| s)
            .zip(index_events)
            .collect(),
    );
    put(r.index(&index)?, (1, 0, 0))?;
    put(
        r.rules(&rules_page(
            outline
                .seasons
                .iter()
                .flat_map(|(_, events)| events)
                .map(|(e, _)| e),
        ))?,
        (2, 0, 0),
    )?;
    let mut rank = 0;
    let directory = frame.players_in_slices(players, PLAYER_SLICE, &mut |slice| {
        for f in parallel::map(&slice, |p| r.player(p)) {
            put(f?, (8, rank, 0))?;
            rank += 1;
        }
        Ok(())
    })?;
    for (k, f) in r.directory(&directory)?.into_iter().enumerate() {
        put(f, (3, k, 0))?;
    }
    Ok(pages)
}
