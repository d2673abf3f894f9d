//! `league section add|list|show|edit`: the sections of an event ("1600+",
//! "U1600"), their rating bands and their entries.

use clap::Subcommand;

use super::output::{print, print_json, Format, Table};
use super::{EventArgs, SectionArgs};
use crate::error::Result;
use crate::store::season as seasons;
use crate::store::{player, Store};

#[derive(Subcommand, Debug)]
pub enum SectionCmd {
    /// Add a section to an event.
    Add {
        /// The section's name, e.g. "U1600".
        name: String,
        #[command(flatten)]
        event: EventArgs,
        /// Lowest rating allowed.
        #[arg(long)]
        min_rating: Option<u32>,
        /// Highest rating allowed.
        #[arg(long)]
        max_rating: Option<u32>,
    },
    /// List an event's sections.
    List {
        #[command(flatten)]
        event: EventArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Show a section: its rating band, rounds recorded and entries by pairing number.
    Show {
        /// Which section: `--event NAME --section NAME` (the section may be left
        /// out when the event has one), as every other command takes it.
        #[command(flatten)]
        section: SectionArgs,
        /// Output format: text and markdown give the heading and the entries,
        /// CSV the entries only, JSON both.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Rename a section or change its rating band.
    Edit {
        /// The section's current name.
        name: String,
        #[command(flatten)]
        event: EventArgs,
        /// A new name for the section.
        #[arg(long = "name")]
        new_name: Option<String>,
        /// Lowest rating allowed.
        #[arg(long)]
        min_rating: Option<u32>,
        /// Highest rating allowed.
        #[arg(long)]
        max_rating: Option<u32>,
    },
}

/// "1600-1999", "1600+", "under 1600" or nothing.
pub fn band(min: Option<u32>, max: Option<u32>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => format!("{a}-{b}"),
        (Some(a), None) => format!("{a}+"),
        (None, Some(b)) => format!("under {}", b + 1),
        (None, None) => String::new(),
    }
}

pub fn run_section(store: &mut Store, cmd: SectionCmd) -> Result<()> {
    match cmd {
        SectionCmd::Add {
            name,
            event,
            min_rating,
            max_rating,
        } => add(store, name, event, min_rating, max_rating),
        SectionCmd::List { event, format } => list(store, event, format),
        SectionCmd::Show { section, format } => show(store, section, format),
        SectionCmd::Edit {
            name,
            event,
            new_name,
            min_rating,
            max_rating,
        } => edit(store, name, event, new_name, min_rating, max_rating),
    }
}

/// `league section add`: add a section to an event.
fn add(
    store: &mut Store,
    name: String,
    event: EventArgs,
    min_rating: Option<u32>,
    max_rating: Option<u32>,
) -> Result<()> {
    let e = event.find(store)?;
    // Without a band given, the one the name states ("U1600").
    let (min_rating, max_rating) = match (min_rating, max_rating) {
        (None, None) => crate::domain::league::band_from_name(&name),
        given => given,
    };
    let s =
        store.write(|tx| crate::app::season::add_section(tx, &e, &name, min_rating, max_rating))?;
    let b = band(s.rating_min, s.rating_max);
    print(&format!(
        "Added section {} to {}{}.\n",
        s.name,
        e.name,
        if b.is_empty() {
            String::new()
        } else {
            format!(" (ratings {b})")
        }
    ))?;
    Ok(())
}

/// `league section list`: list an event's sections.
fn list(store: &mut Store, event: EventArgs, format: Format) -> Result<()> {
    let e = event.find(store)?;
    let mut t =
        Table::new(&["section", "rating band", "players", "rounds recorded"]).right(&[2, 3]);
    let mut rows = vec![];
    for s in seasons::sections(store.conn(), e.id)? {
        let band = band(s.rating_min, s.rating_max);
        let n = player::entries(store.conn(), s.id)?.len();
        let r = crate::store::round::latest_round(store.conn(), s.id)?;
        rows.push(serde_json::json!({
            "section": s.name, "rating_min": s.rating_min, "rating_max": s.rating_max,
            "players": n, "rounds_recorded": r,
        }));
        t.push(vec![s.name, band, n.to_string(), r.to_string()]);
    }
    match format {
        Format::Json => print_json(&serde_json::json!({
            "event": e.name, "season": e.season, "sections": rows,
        }))?,
        _ => print(&t.render(format))?,
    }
    Ok(())
}

/// `league section show`: show a section: its rating band, rounds recorded and entries by pairing number.
fn show(store: &mut Store, section: SectionArgs, format: Format) -> Result<()> {
    let (e, s) = section.find(store)?;
    let rounds = crate::store::round::latest_round(store.conn(), s.id)?;
    let mut out = format!(
        "{} ({}), section {}\nRating band: {}\nRounds recorded: {rounds} of {}\n\n",
        e.name,
        e.season,
        s.name,
        match band(s.rating_min, s.rating_max) {
            b if b.is_empty() => "none".to_string(),
            b => b,
        },
        e.rounds
    );
    let mut t = Table::new(&["no", "player", "rating", "withdrew after round"]).right(&[0, 2, 3]);
    let mut rows = vec![];
    for en in player::entries(store.conn(), s.id)? {
        rows.push(serde_json::json!({
            "pairing_no": en.pairing_no, "name": en.name, "rating": en.rating,
            "withdrawn_after": en.withdrawn_after,
        }));
        t.push(vec![
            en.pairing_no.to_string(),
            en.name,
            en.rating.map(|r| r.to_string()).unwrap_or_default(),
            en.withdrawn_after
                .map(|r| r.to_string())
                .unwrap_or_default(),
        ]);
    }
    match format {
        Format::Json => print_json(&serde_json::json!({
            "event": e.name, "season": e.season, "section": s.name,
            "rating_min": s.rating_min, "rating_max": s.rating_max,
            "rounds_recorded": rounds, "rounds": e.rounds, "entries": rows,
        }))?,
        Format::Csv => print(&t.csv())?,
        Format::Markdown => {
            let heading = out.lines().next().unwrap_or_default().to_string();
            let rest: Vec<&str> = out.lines().skip(1).filter(|l| !l.is_empty()).collect();
            let rest: Vec<String> = rest
                .iter()
                .map(|l| crate::domain::text::markdown_cell(l))
                .collect();
            print(&format!(
                "**{}**\n\n{}\n\n{}",
                crate::domain::text::markdown_cell(&heading),
                rest.join("  \n"),
                t.markdown()
            ))?
        }
        Format::Text => {
            out.push_str(&t.text());
            print(&out)?
        }
    }
    Ok(())
}

/// `league section edit`: rename a section or change its rating band.
fn edit(
    store: &mut Store,
    name: String,
    event: EventArgs,
    new_name: Option<String>,
    min_rating: Option<u32>,
    max_rating: Option<u32>,
) -> Result<()> {
    let e = event.find(store)?;
    let s = seasons::find_section(store.conn(), &e, Some(&name))?;
    let s = store.write(|tx| {
        crate::app::season::edit_section(tx, &s, new_name.as_deref(), min_rating, max_rating)
    })?;
    print(&format!("Section {} updated.\n", s.name))?;
    Ok(())
}
