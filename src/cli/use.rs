//! `league use`: the event (and season and section) a week's commands act
//! on when they name none. `league use --event "Autumn Swiss" --section
//! U1600` sets it, `league use` shows it, `league use --clear` forgets it.
//! Kept in the database ([`crate::store::context`]), so each league file
//! has its own.

use super::output::print;
use crate::error::Result;
use crate::store::context;
use crate::store::Store;

/// The arguments of `league use`.
#[derive(clap::Args, Debug)]
pub struct UseArgs {
    /// The event the following commands act on when they give no --event.
    #[arg(long, conflicts_with = "clear")]
    pub event: Option<String>,
    /// The event's season, when its name is used in more than one season.
    #[arg(long, requires = "event")]
    pub season: Option<String>,
    /// The section the following commands act on when they give no --section.
    #[arg(long, requires = "event")]
    pub section: Option<String>,
    /// Forget the event, season and section set before.
    #[arg(long)]
    pub clear: bool,
}

/// Set, show or clear the context.
pub fn run(store: &mut Store, a: UseArgs) -> Result<()> {
    if a.clear {
        store.write(crate::app::settings::clear_use)?;
        print("No event is in use now: commands need --event (and --section where an event has several).\n")?;
        return Ok(());
    }
    let Some(name) = a.event else {
        let ctx = context::current(store.conn())?;
        print(&match ctx.event {
            None => "No event is in use: commands need --event. Set one with `league use --event NAME [--section NAME]`.\n".to_string(),
            Some(event) => format!(
                "In use: {}. Commands that give no --event act on it; `league use --clear` forgets it.\n",
                describe(&event, ctx.season.as_deref(), ctx.section.as_deref())
            ),
        })?;
        return Ok(());
    };
    let used = store.write(|tx| {
        crate::app::settings::use_event(tx, a.season.as_deref(), &name, a.section.as_deref())
    })?;
    let event = used.event;
    print(&format!(
        "In use: {}. Commands that give no --event act on it; `league use --clear` forgets it.\n",
        describe(
            &event.name,
            Some(event.season.as_str()),
            used.section.as_deref()
        )
    ))?;
    Ok(())
}

/// "Autumn Swiss (2024-25), section U1600".
fn describe(event: &str, season: Option<&str>, section: Option<&str>) -> String {
    let mut s = event.to_string();
    if let Some(season) = season {
        s.push_str(&format!(" ({season})"));
    }
    if let Some(section) = section {
        s.push_str(&format!(", section {section}"));
    }
    s
}
