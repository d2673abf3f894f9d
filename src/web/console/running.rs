//! The event being run: the console remembers it in the database's
//! settings, the same place `league use` keeps it, so the console and the
//! week's commands act on the same event without naming it each time.

use crate::domain::league::{Event, Section};
use crate::error::Result;
use crate::store::context;
use crate::store::{season as seasons, Readable, Store, Writer};

/// The event in use and its sections, when one is set and still exists.
pub fn current(conn: &impl Readable) -> Result<Option<(Event, Vec<Section>)>> {
    let ctx = context::current(conn)?;
    let Some(name) = ctx.event else {
        return Ok(None);
    };
    let Ok(event) = seasons::find_event(conn, ctx.season.as_deref(), &name) else {
        return Ok(None);
    };
    let sections = seasons::sections(conn, event.id)?;
    Ok(Some((event, sections)))
}

/// The event in use and the section `wanted` (a section id as the pages
/// give it; the first section when none).
pub fn section(store: &Store, wanted: Option<i64>) -> Result<(Event, Section)> {
    let Some((event, sections)) = current(store.conn())? else {
        return Err(crate::error::Error::invalid(
            "no event is being run: choose one on the console's home page",
        ));
    };
    let found = match wanted {
        Some(id) => sections.into_iter().find(|s| s.id.0 == id),
        None => sections.into_iter().next(),
    };
    match found {
        Some(s) => Ok((event, s)),
        None => Err(crate::error::Error::not_found(format!(
            "{} has no such section",
            event.name
        ))),
    }
}

/// Run `event` from now on (what `league use --event` records): the season
/// is kept when the event's name recurs, so the event found later is this one.
pub fn choose(tx: &Writer, event: &Event) -> Result<()> {
    crate::app::settings::use_found(tx, event, None)
}
