//! `league enter`: players into a section, new ones added with `--new`;
//! a late entry gets byes for the rounds already played (`--missed`).

use super::output::print;
use super::SectionArgs;
use crate::app::entry::{self as app, Refusal};
use crate::domain::league::{Event, Section};
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};
use crate::store::Store;

/// Which bye a late entry gets for the rounds already played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Missed {
    Half,
    Zero,
}

#[derive(clap::Args, Debug)]
pub struct EnterArgs {
    /// Players to enter: names, US Chess or FIDE ids, or #N.
    #[arg(required = true)]
    pub players: Vec<String>,
    #[command(flatten)]
    pub section: SectionArgs,
    /// Pairing number (only when entering one player; default: the next free number).
    #[arg(long)]
    pub pairing_no: Option<u32>,
    /// Rating at entry (default: the player's current rating).
    #[arg(long)]
    pub rating: Option<u32>,
    /// Add players not yet in the league under the names given.
    #[arg(long)]
    pub new: bool,
    /// For a late entry: the bye given for each round already played (half or zero).
    #[arg(long, value_enum)]
    pub missed: Option<Missed>,
    /// Enter a player whose rating is outside the section's band (a playing-up
    /// request, say); the exception is kept in the log.
    #[arg(long)]
    pub allow_outside_band: bool,
}

pub fn run_enter(store: &mut Store, a: EnterArgs) -> Result<()> {
    if a.pairing_no.is_some() && a.players.len() > 1 {
        return Err(Error::invalid(
            "--pairing-no can only be given when entering one player",
        ));
    }
    let (event, section) = a.section.find(store)?;
    let missed = a.missed.map(|m| match m {
        Missed::Half => ByeKind::Half,
        Missed::Zero => ByeKind::Zero,
    });
    let input = app::EnterInput {
        pairing_no: a.pairing_no,
        rating: a.rating,
        allow_outside_band: a.allow_outside_band,
        missed,
    };
    app::check_open(store.conn(), &event, &section, missed).map_err(|e| {
        let h = hint(&e);
        e.with_hint(h)
    })?;
    let lines = store
        .write(|tx| {
            let mut lines = Vec::new();
            for name in &a.players {
                let player = app::player_to_enter(tx, name, a.new, a.rating)?;
                let done = app::enter(tx, &event, &section, &player, input)?;
                lines.push(echo(&event, &section, &done, missed) + ".");
            }
            Ok(lines)
        })
        .map_err(|e| {
            let h = hint(&e);
            e.with_hint(h)
        })?;
    print(&(lines.join("\n") + "\n"))?;
    Ok(())
}

/// The echo of one entry: where, the pairing number, a note when the
/// player is rated but not of the kind the event goes by (it pairs and
/// ranks them as unrated), and a late entry's byes.
fn echo(event: &Event, section: &Section, done: &app::Entered, missed: Option<ByeKind>) -> String {
    let mut line = format!(
        "Entered {} in {} as #{}",
        done.entry.name,
        super::output::event_section(&event.name, &section.name),
        done.entry.pairing_no
    );
    if done.unrated_here {
        line.push_str(&format!(
            " (unrated here: no {} rating, which {} goes by)",
            event.rating_basis.label(),
            event.name
        ));
    }
    let words = if missed == Some(ByeKind::Half) {
        "half-point"
    } else {
        "zero-point"
    };
    line.push_str(&match done.missed_byes {
        0 => String::new(),
        1 => format!(", with a {words} bye for round 1"),
        n => format!(", with {words} byes for rounds 1-{n}"),
    });
    line
}

/// The CLI's way on from a refused entry.
fn hint(e: &Error) -> Option<String> {
    match e.refusal::<Refusal>()? {
        Refusal::MissedNotSaid { .. } => Some(
            "; say what the late entry gets for them with --missed half or --missed zero".into(),
        ),
        Refusal::OutsideBand { .. } => Some(
            "; enter them in another section, or give --allow-outside-band to enter them here anyway (it is logged)".into(),
        ),
        Refusal::InOtherSection {
            name,
            other,
            section,
        } => Some(format!(
            "; to move them here before they play, use `league entry move \"{name}\" --section {other} --to {section}` (with the event)"
        )),
        Refusal::NotInLeague { .. } => {
            Some("; add them with `league player add` or enter with --new".into())
        }
        _ => None,
    }
}
