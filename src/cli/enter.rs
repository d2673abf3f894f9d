//! `league enter`: players into a section, new ones added with `--new`;
//! a late entry gets byes for the rounds already played (`--missed`).

use super::output::print;
use super::SectionArgs;
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};
use crate::store::player::{self as players, NewPlayer};
use crate::store::{round, Store};

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
    let latest = round::latest_round(store.conn(), section.id)?;
    if latest >= event.rounds {
        return Err(Error::invalid(format!(
            "{} {} has played its last round ({latest} of {}); a late entry now would never play",
            event.name, section.name, event.rounds
        )));
    }
    if latest > 0 && a.missed.is_none() {
        return Err(Error::invalid(format!(
            "{} {} has already played {latest} round{}; say what the late entry gets for them with --missed half or --missed zero",
            event.name,
            section.name,
            if latest == 1 { "" } else { "s" }
        )));
    }
    let lines = store.write(|tx| {
        let mut lines = Vec::new();
        for name in &a.players {
            let player = player_to_enter(tx, name, &a)?;
            // Already in the event: that is the reason, before the band.
            players::check_not_entered(tx, &section, &player)?;
            // The rating of the kind the event goes by (its rating basis).
            let rating = a
                .rating
                .or(players::rating_at_entry(tx, &section, &player)?);
            if let Some(why) = section.outside_band(rating) {
                let why = format!("rated {}, {why}", rating.unwrap_or_default());
                if !a.allow_outside_band {
                    return Err(Error::invalid(format!(
                        "{} is {why}; enter them in another section, or give --allow-outside-band to enter them here anyway (it is logged)",
                        player.name
                    )));
                }
                crate::store::audit::audit_event(
                    tx,
                    Some(event.id),
                    crate::store::audit::Action::Edit,
                    &format!("{} {}: {} entered outside the band", event.name, section.name, player.name),
                    None,
                    Some(&why),
                    Some("--allow-outside-band"),
                )?;
            }
            let entry = players::enter(tx, &section, &player, a.pairing_no, a.rating)?;
            let mut line = format!(
                "Entered {} in {} as #{}",
                entry.name,
                super::output::event_section(&event.name, &section.name),
                entry.pairing_no
            );
            // Rated, but not of the kind the event goes by: say so, since
            // the event pairs and ranks them as unrated.
            if entry.rating.is_none() && (player.rating.is_some() || player.fide_rating.is_some()) {
                line.push_str(&format!(
                    " (unrated here: no {} rating, which {} goes by)",
                    event.rating_basis.label(),
                    event.name
                ));
            }
            if let Some(m) = a.missed {
                line.push_str(&missed_rounds(tx, &section, &entry, m)?);
            }
            lines.push(line + ".");
        }
        Ok(lines)
    })?;
    print(&(lines.join("\n") + "\n"))?;
    Ok(())
}

/// The league's player of that name, or a new one with --new.
fn player_to_enter(
    tx: &crate::store::Transaction,
    name: &str,
    a: &EnterArgs,
) -> Result<crate::domain::league::Player> {
    match players::find_player(tx, name) {
        Ok(p) => Ok(p),
        Err(Error::NotFound(_)) if a.new => players::add_player(
            tx,
            &NewPlayer {
                name,
                rating: a.rating,
                ..Default::default()
            },
        ),
        Err(Error::NotFound(msg)) => Err(Error::not_found(format!(
            "{msg}; add them with `league player add` or enter with --new"
        ))),
        Err(e) => Err(e),
    }
}

/// A late entry's byes for the rounds already played, and the words that
/// say so in the echo ("" when no round was played yet).
fn missed_rounds(
    tx: &crate::store::Transaction,
    section: &crate::domain::league::Section,
    entry: &crate::domain::league::Entry,
    m: Missed,
) -> Result<String> {
    let (kind, words) = if m == Missed::Half {
        (ByeKind::Half, "half-point")
    } else {
        (ByeKind::Zero, "zero-point")
    };
    Ok(
        match round::byes_for_missed_rounds(tx, section, entry, kind)? {
            0 => String::new(),
            1 => format!(", with a {words} bye for round 1"),
            n => format!(", with {words} byes for rounds 1-{n}"),
        },
    )
}
