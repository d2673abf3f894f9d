//! `league season add|list|show|edit|grand-prix`: the seasons of the
//! league, and (in [`grand_prix`]) the season's grand-prix rules.

pub mod grand_prix;

use clap::Subcommand;

use super::output::{opt, print, print_json, Format, Table};
use super::parse_date;
use crate::error::Result;
use crate::store::season as seasons;
use crate::store::Store;

#[derive(Subcommand, Debug)]
pub enum SeasonCmd {
    /// Add a season, e.g. `league season add 2022-23 --start 2022-09-01`.
    Add(SeasonAdd),
    /// List the seasons, newest first.
    List {
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Show a season and its events.
    Show {
        /// The season's name.
        name: String,
    },
    /// Rename a season or change its dates.
    Edit {
        /// The season's name.
        name: String,
        /// The season's new name.
        #[arg(long = "name")]
        new_name: Option<String>,
        /// The season's first day (YYYY-MM-DD).
        #[arg(long, value_parser = parse_date)]
        start: Option<String>,
        /// The season's last day (YYYY-MM-DD).
        #[arg(long, value_parser = parse_date)]
        end: Option<String>,
    },
    /// Set the season's grand-prix rules (points by place or score, best N events, bonus,
    /// tables by section or rating band, tie rules); the tables are in `league history season`.
    GrandPrix(grand_prix::GrandPrixArgs),
}

#[derive(clap::Args, Debug)]
pub struct SeasonAdd {
    /// The season's name, e.g. "2022-23".
    pub name: String,
    /// First day (YYYY-MM-DD).
    #[arg(long, value_parser = parse_date)]
    pub start: Option<String>,
    /// Last day (YYYY-MM-DD).
    #[arg(long, value_parser = parse_date)]
    pub end: Option<String>,
}

pub fn run_season(store: &mut Store, cmd: SeasonCmd) -> Result<()> {
    match cmd {
        SeasonCmd::GrandPrix(a) => grand_prix::run(store, a),
        SeasonCmd::Add(a) => add(store, a),
        SeasonCmd::List { format } => list(store, format),
        SeasonCmd::Show { name } => show(store, name),
        SeasonCmd::Edit {
            name,
            new_name,
            start,
            end,
        } => edit(store, name, new_name, start, end),
    }
}

/// `league season list`: list the seasons, newest first.
fn list(store: &mut Store, format: Format) -> Result<()> {
    let all = seasons::seasons(store.conn())?;
    if format == Format::Json {
        print_json(&serde_json::to_value(&all).unwrap_or_default())?;
        return Ok(());
    }
    let mut t = Table::new(&["season", "start", "end", "events"]).right(&[3]);
    for s in all {
        let n = seasons::events(store.conn(), Some(s.id))?.len();
        t.push(vec![
            s.name,
            opt(&s.start_date),
            opt(&s.end_date),
            n.to_string(),
        ]);
    }
    print(&t.render(format))?;
    Ok(())
}

/// `league season show`: show a season and its events.
fn show(store: &mut Store, name: String) -> Result<()> {
    let s = seasons::find_season(store.conn(), &name)?;
    let mut out = format!("Season {}", s.name);
    if let (Some(a), Some(b)) = (&s.start_date, &s.end_date) {
        out.push_str(&format!(" ({a} to {b})"));
    }
    out.push('\n');
    let events = seasons::events(store.conn(), Some(s.id))?;
    if events.is_empty() {
        out.push_str("No events yet: add one with `league event add`.\n");
    }
    for e in events {
        let secs = seasons::sections(store.conn(), e.id)?;
        out.push_str(&format!(
            "  {} — {}, {} rounds{}; sections: {}; tiebreaks: {}\n",
            e.name,
            e.kind.label(),
            e.rounds,
            if e.dates().is_empty() {
                String::new()
            } else {
                format!(", {}", e.dates())
            },
            secs.iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            e.tiebreaks
        ));
    }
    print(&out)?;
    Ok(())
}

/// `league season edit`: rename a season or change its dates.
fn edit(
    store: &mut Store,
    name: String,
    new_name: Option<String>,
    start: Option<String>,
    end: Option<String>,
) -> Result<()> {
    let s = seasons::find_season(store.conn(), &name)?;
    let s = store.write(|tx| {
        crate::app::season::edit_season(
            tx,
            &s,
            new_name.as_deref(),
            start.as_deref(),
            end.as_deref(),
        )
    })?;
    print(&format!("Season {} updated.\n", s.name))?;
    Ok(())
}

/// `league season add`: add a season, e.g.
fn add(store: &mut Store, a: SeasonAdd) -> Result<()> {
    let s = store.write(|tx| {
        crate::app::season::add_season(tx, &a.name, a.start.as_deref(), a.end.as_deref())
    })?;
    print(&format!("Added season {}.\n", s.name))?;
    Ok(())
}
