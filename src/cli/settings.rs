//! `league settings`: league-wide settings a secretary may change; today
//! the league's name, the title of the results site ("Seattle Chess Club:
//! results").

use clap::Subcommand;

use super::output::{print, print_json, Format};
use crate::error::Result;
use crate::store::{season as seasons, Store};

/// The settings that can be changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Key {
    /// The league's name: the title of the results site and its pages.
    LeagueName,
}

#[derive(Subcommand, Debug)]
pub enum SettingsCmd {
    /// Change a setting: `league settings set league-name "Seattle Chess Club"`.
    Set {
        /// The setting: league-name (the results site's title).
        #[arg(value_enum)]
        key: Key,
        /// The new value.
        value: String,
    },
    /// Show the league's settings.
    Show {
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
}

pub fn run(store: &mut Store, cmd: SettingsCmd) -> Result<()> {
    match cmd {
        SettingsCmd::Set {
            key: Key::LeagueName,
            value,
        } => {
            let changed = store.write(|tx| seasons::set_league_name(tx, &value))?;
            print(&if changed {
                format!("The league is now called \"{}\".\n", value.trim())
            } else {
                format!(
                    "The league is already called \"{}\"; nothing changed.\n",
                    value.trim()
                )
            })?;
        }
        SettingsCmd::Show { format } => {
            let name = seasons::league_name(store.conn())?;
            match format {
                Format::Json => print_json(&serde_json::json!({ "league_name": name }))?,
                _ => print(&format!(
                    "league-name: {}\n",
                    name.as_deref()
                        .unwrap_or("(not set: `league settings set league-name NAME`)")
                ))?,
            }
        }
    }
    Ok(())
}
