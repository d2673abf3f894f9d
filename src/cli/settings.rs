//! `league settings`: league-wide settings a secretary may change: the
//! league's name (the title of the results site, "Seattle Chess Club:
//! results") and the rating reports' defaults, given once for every event
//! (`report.affiliate-id`, `report.city`, ...; an event's own value, set
//! with `league event edit`, comes first), plus the US Chess report's
//! crosstable and scholastic answers.

use clap::Subcommand;

use super::event::details::EventDetailArgs;
use super::output::{print, print_json, Format};
use crate::error::{Error, Result};
use crate::export::uscf::Crosstables;
use crate::store::event_detail::{self, FIELDS};
use crate::store::{season as seasons, Store};

/// The settings that can be changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Key {
    /// The league's name: the title of the results site and its pages.
    LeagueName,
    /// US Chess affiliate id for every event that gives none (e.g. A6000000).
    #[value(name = "report.affiliate-id")]
    AffiliateId,
    /// US Chess id of the chief TD for every event that gives none.
    #[value(name = "report.chief-td-id")]
    ChiefTdId,
    /// US Chess id of the assistant TD for every event that gives none.
    #[value(name = "report.assistant-td-id")]
    AssistantTdId,
    /// City for every event that gives none.
    #[value(name = "report.city")]
    City,
    /// Two-letter state code for every event that gives none.
    #[value(name = "report.state")]
    State,
    /// ZIP code for every event that gives none.
    #[value(name = "report.zip")]
    Zip,
    /// Three-letter country code (also the TRF federation) for every event that gives none.
    #[value(name = "report.country")]
    Country,
    /// Time control for every event that gives none.
    #[value(name = "report.time-control")]
    TimeControl,
    /// US Chess rating system (regular, quick, dual) for every event that gives none.
    #[value(name = "report.rating-system")]
    RatingSystem,
    /// FIDE chief arbiter for every event that gives none.
    #[value(name = "report.chief-arbiter")]
    ChiefArbiter,
    /// FIDE deputy arbiter for every event that gives none.
    #[value(name = "report.deputy-arbiter")]
    DeputyArbiter,
    /// The venue for every event that gives none.
    #[value(name = "report.venue")]
    Venue,
    /// Which federations rate every event that does not say (fide, uscf, both, none).
    #[value(name = "report.rated")]
    Rated,
    /// Who US Chess sends the crosstables to: td, affiliate or none.
    #[value(name = "report.crosstables")]
    Crosstables,
    /// Whether the league's events are scholastic, for US Chess: yes or no.
    #[value(name = "report.scholastic")]
    Scholastic,
}

impl Key {
    /// A report detail's index in [`FIELDS`] (the same order as
    /// `league event edit`'s options).
    fn detail(self) -> Option<usize> {
        let i = match self {
            Key::AffiliateId => 0,
            Key::ChiefTdId => 1,
            Key::AssistantTdId => 2,
            Key::City => 3,
            Key::State => 4,
            Key::Zip => 5,
            Key::Country => 6,
            Key::TimeControl => 7,
            Key::RatingSystem => 8,
            Key::ChiefArbiter => 9,
            Key::DeputyArbiter => 10,
            Key::Venue => 11,
            Key::Rated => 12,
            _ => return None,
        };
        Some(i)
    }
}

#[derive(Subcommand, Debug)]
pub enum SettingsCmd {
    /// Change a setting: `league settings set league-name "Seattle Chess Club"`,
    /// `league settings set report.affiliate-id A6000000` ("" clears a report default).
    Set {
        /// The setting: league-name, or a report default (report.affiliate-id, report.chief-td-id,
        /// report.assistant-td-id, report.city, report.state, report.zip, report.country,
        /// report.time-control, report.rating-system, report.chief-arbiter, report.deputy-arbiter,
        /// report.venue, report.rated, report.crosstables, report.scholastic).
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

/// The command-line name of a report detail: `report.affiliate-id`.
fn cli_name(column: &str) -> String {
    format!("report.{}", column.replace('_', "-"))
}

/// A report detail checked and normalized as `league event edit` checks
/// it (the option's name in an error replaced by the setting's).
fn checked_detail(i: usize, value: &str) -> Result<Option<String>> {
    let mut args = EventDetailArgs::default();
    let slot = match i {
        0 => &mut args.affiliate_id,
        1 => &mut args.chief_td_id,
        2 => &mut args.assistant_td_id,
        3 => &mut args.city,
        4 => &mut args.state,
        5 => &mut args.zip,
        6 => &mut args.country,
        7 => &mut args.time_control,
        8 => &mut args.rating_system,
        9 => &mut args.chief_arbiter,
        10 => &mut args.deputy_arbiter,
        11 => &mut args.venue,
        _ => &mut args.rated,
    };
    *slot = Some(value.to_string());
    let option = format!("--{}", FIELDS[i].0.replace('_', "-"));
    let d = args
        .apply(&Default::default())
        .map_err(|e| Error::invalid(e.to_string().replacen(&option, &cli_name(FIELDS[i].0), 1)))?;
    Ok(d.fields()[i].clone())
}

pub fn run(store: &mut Store, cmd: SettingsCmd) -> Result<()> {
    match cmd {
        SettingsCmd::Set {
            key: Key::LeagueName,
            value,
        } => set_league_name(store, &value),
        SettingsCmd::Set { key, value } => set_report_default(store, key, &value),
        SettingsCmd::Show { format } => show(store, format),
    }
}

/// `league settings set league-name NAME`.
fn set_league_name(store: &mut Store, value: &str) -> Result<()> {
    let changed = store.write(|tx| crate::app::season::set_league_name(tx, value))?;
    print(&if changed {
        format!("The league is now called \"{}\".\n", value.trim())
    } else {
        format!(
            "The league is already called \"{}\"; nothing changed.\n",
            value.trim()
        )
    })?;
    Ok(())
}

/// A report default's stored column, its words for the log, and its value
/// checked (`None`: cleared): the event fields by [`checked_detail`], the
/// crosstables answer (td, affiliate, none) and the scholastic one (yes, no).
fn checked_setting(key: Key, value: &str) -> Result<(&'static str, &'static str, Option<String>)> {
    Ok(if let Some(i) = key.detail() {
        (FIELDS[i].0, FIELDS[i].1, checked_detail(i, value)?)
    } else if key == Key::Crosstables {
        let c = Crosstables::parse(value).ok_or_else(|| {
            Error::invalid(format!(
                "report.crosstables \"{value}\" is not one of td, affiliate, none"
            ))
        })?;
        ("crosstables", "crosstables to", Some(c.word().to_string()))
    } else {
        let v = value.trim().to_ascii_lowercase();
        if v != "yes" && v != "no" {
            return Err(Error::invalid(format!(
                "report.scholastic \"{value}\" is not yes or no"
            )));
        }
        ("scholastic", "scholastic", Some(v))
    })
}

/// `league settings set report.KEY VALUE`: a rating-report default.
fn set_report_default(store: &mut Store, key: Key, value: &str) -> Result<()> {
    let (name, words, new) = checked_setting(key, value)?;
    let shown = cli_name(name);
    let changed = store
        .write(|tx| crate::app::settings::set_report_default(tx, name, words, new.as_deref()))?;
    print(&match (changed, &new) {
        (true, Some(v)) => {
            format!("{shown} is now \"{v}\" for every event that gives none.\n")
        }
        (true, None) => format!("{shown} is cleared.\n"),
        (false, Some(v)) => format!("{shown} is already \"{v}\"; nothing changed.\n"),
        (false, None) => format!("{shown} is not set; nothing changed.\n"),
    })?;
    Ok(())
}

/// `league settings show`: the league's name, then the report defaults set.
fn show(store: &mut Store, format: Format) -> Result<()> {
    let conn = store.conn();
    let name = seasons::league_name(conn)?;
    let mut report: Vec<(String, Option<String>)> = Vec::new();
    for (column, _) in FIELDS.iter().chain(&[
        ("crosstables", "crosstables to"),
        ("scholastic", "scholastic"),
    ]) {
        report.push((
            cli_name(column),
            event_detail::league_setting(conn, column)?,
        ));
    }
    match format {
        Format::Json => {
            let mut map = serde_json::Map::new();
            map.insert("league_name".into(), serde_json::json!(name));
            for (k, v) in &report {
                map.insert(k.clone(), serde_json::json!(v));
            }
            print_json(&serde_json::Value::Object(map))?
        }
        _ => {
            let mut out = format!(
                "league-name: {}\n",
                name.as_deref()
                    .unwrap_or("(not set: `league settings set league-name NAME`)")
            );
            // Report defaults only when set: most leagues give none.
            for (k, v) in &report {
                if let Some(v) = v {
                    out.push_str(&format!("{k}: {v}\n"));
                }
            }
            print(&out)?
        }
    }
    Ok(())
}
