//! `league player …`, `league enter`, `league withdraw`.

pub mod merge;

use clap::Subcommand;

use super::output::{opt, print, print_json, Format, Table};
use super::SectionArgs;
use crate::domain::record::ByeKind;
use crate::error::{Error, Result};
use crate::store::player::{self as players, NewPlayer};
use crate::store::{round, Store};

#[derive(Subcommand, Debug)]
pub enum PlayerCmd {
    /// Add a player to the league.
    Add(PlayerFields),
    /// List players (all, or those whose name contains SEARCH).
    List {
        /// Only players whose name contains this.
        search: Option<String>,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Show a player's details and the sections they entered.
    Show {
        /// Name, US Chess or FIDE id, or #N (database number).
        player: String,
        /// Output format: text and markdown give the details and the sections
        /// entered; CSV the sections entered; JSON both.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Correct a player's name, ids or ratings; their history stays attached.
    Edit {
        /// Name, US Chess or FIDE id, or #N.
        player: String,
        /// The corrected name (the player's history stays attached).
        #[arg(long)]
        name: Option<String>,
        /// The US Chess member id.
        #[arg(long)]
        uscf_id: Option<String>,
        /// The FIDE id.
        #[arg(long)]
        fide_id: Option<String>,
        /// The current rating.
        #[arg(long)]
        rating: Option<u32>,
        /// The current FIDE rating.
        #[arg(long)]
        fide_rating: Option<u32>,
        /// The player's US state, two letters (for the US Chess report); "" clears it.
        #[arg(long)]
        state: Option<String>,
        /// The player's club or team, so a US Chess Swiss can keep team-mates apart
        /// (event --team-mates); "" clears it.
        #[arg(long)]
        club: Option<String>,
    },
    /// Merge two players who are one person (shows what would change; --yes to merge).
    Merge(merge::MergeArgs),
}

#[derive(clap::Args, Debug)]
pub struct PlayerFields {
    /// Full name as it should appear in standings.
    pub name: String,
    /// US Chess member id.
    #[arg(long)]
    pub uscf_id: Option<String>,
    /// FIDE id.
    #[arg(long)]
    pub fide_id: Option<String>,
    /// Current rating.
    #[arg(long)]
    pub rating: Option<u32>,
    /// Current FIDE rating.
    #[arg(long)]
    pub fide_rating: Option<u32>,
    /// The player's club or team, so a US Chess Swiss can keep team-mates apart
    /// (event --team-mates).
    #[arg(long)]
    pub club: Option<String>,
}

pub fn run_player(store: &mut Store, cmd: PlayerCmd) -> Result<()> {
    match cmd {
        PlayerCmd::Merge(a) => merge::run(store, a)?,
        PlayerCmd::Add(f) => {
            let club = f.club.as_deref().map(str::trim).filter(|c| !c.is_empty());
            let p = store.write(|tx| {
                let p = players::add_player(
                    tx,
                    &NewPlayer {
                        name: &f.name,
                        uscf_id: f.uscf_id.as_deref(),
                        fide_id: f.fide_id.as_deref(),
                        rating: f.rating,
                        fide_rating: f.fide_rating,
                        ..Default::default()
                    },
                )?;
                if club.is_some() {
                    players::set_player_club(tx, &p, club)?;
                }
                Ok(p)
            })?;
            print(&format!("Added {}.\n", players::describe_player(&p)))?;
        }
        PlayerCmd::List { search, format } => {
            let all = players::players(store.conn(), search.as_deref())?;
            if format == Format::Json {
                print_json(&serde_json::to_value(&all).unwrap_or_default())?;
                return Ok(());
            }
            let mut t =
                Table::new(&["#", "name", "US Chess id", "FIDE id", "rating"]).right(&[0, 4]);
            for p in all {
                t.push(vec![
                    p.id.to_string(),
                    p.name,
                    opt(&p.uscf_id),
                    opt(&p.fide_id),
                    opt(&p.rating),
                ]);
            }
            print(&t.render(format))?;
        }
        PlayerCmd::Show { player, format } => {
            let p = players::find_player(store.conn(), &player)?;
            if format != Format::Text {
                let entries = players::entries_of_player(store.conn(), p.id)?;
                let mut t =
                    Table::new(&["season", "event", "section", "no", "points"]).right(&[3, 4]);
                for e in &entries {
                    t.push(vec![
                        e.season.clone(),
                        e.event.clone(),
                        e.section.clone(),
                        e.pairing_no.to_string(),
                        if format == Format::Csv {
                            e.score.decimal()
                        } else {
                            e.score.fraction()
                        },
                    ]);
                }
                return match format {
                    Format::Json => print_json(&serde_json::json!({
                        "id": p.id, "name": p.name, "uscf_id": p.uscf_id, "fide_id": p.fide_id,
                        "rating": p.rating, "fide_rating": p.fide_rating,
                        "entries": entries.iter().map(|e| serde_json::json!({
                            "season": e.season, "event": e.event, "section": e.section,
                            "pairing_no": e.pairing_no, "score": e.score.as_f64(),
                        })).collect::<Vec<_>>(),
                    })),
                    Format::Markdown => print(&format!(
                        "**{}**\n\n{}",
                        crate::domain::text::markdown_cell(&players::describe_player(&p)),
                        t.markdown()
                    )),
                    _ => print(&t.csv()),
                }
                .map_err(Into::into);
            }
            let mut out = format!("{}\n", players::describe_player(&p));
            if let Some(r) = p.rating {
                out.push_str(&format!("  rating: {r}\n"));
            }
            if let Some(r) = p.fide_rating {
                out.push_str(&format!("  FIDE rating: {r}\n"));
            }
            if let Some(c) = players::player_club(store.conn(), p.id)? {
                out.push_str(&format!("  club: {c}\n"));
            }
            for e in players::entries_of_player(store.conn(), p.id)? {
                out.push_str(&format!(
                    "  {} {} {}: #{}, {} points\n",
                    e.season,
                    e.event,
                    e.section,
                    e.pairing_no,
                    e.score.fraction()
                ));
            }
            print(&out)?;
        }
        PlayerCmd::Edit {
            player,
            name,
            uscf_id,
            fide_id,
            rating,
            fide_rating,
            state,
            club,
        } => {
            let p = players::find_player(store.conn(), &player)?;
            let state = match state.as_deref().map(str::trim) {
                None => None,
                Some("") => Some(None),
                Some(s) if s.len() == 2 && s.chars().all(|c| c.is_ascii_alphabetic()) => {
                    Some(Some(s.to_ascii_uppercase()))
                }
                Some(s) => {
                    return Err(crate::error::Error::invalid(format!(
                        "--state \"{s}\" is not a two-letter state code (e.g. OH)"
                    )))
                }
            };
            let p = store.write(|tx| {
                if let Some(st) = &state {
                    players::set_player_state(tx, &p, st.as_deref())?;
                }
                if let Some(c) = club.as_deref().map(str::trim) {
                    players::set_player_club(tx, &p, Some(c).filter(|c| !c.is_empty()))?;
                }
                players::edit_player(
                    tx,
                    &p,
                    &NewPlayer {
                        name: name.as_deref().unwrap_or(""),
                        uscf_id: uscf_id.as_deref(),
                        fide_id: fide_id.as_deref(),
                        rating,
                        fide_rating,
                        ..Default::default()
                    },
                )
            })?;
            print(&format!("Updated {}.\n", players::describe_player(&p)))?;
        }
    }
    Ok(())
}

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
            let player = match players::find_player(tx, name) {
                Ok(p) => p,
                Err(Error::NotFound(_)) if a.new => players::add_player(
                    tx,
                    &NewPlayer {
                        name,
                        rating: a.rating,
                        ..Default::default()
                    },
                )?,
                Err(Error::NotFound(msg)) => {
                    return Err(Error::not_found(format!(
                        "{msg}; add them with `league player add` or enter with --new"
                    )))
                }
                Err(e) => return Err(e),
            };
            let rating = a.rating.or(player.rating);
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
                "Entered {} in {} {} as #{}",
                entry.name, event.name, section.name, entry.pairing_no
            );
            if let Some(m) = a.missed {
                let kind = if m == Missed::Half {
                    ByeKind::Half
                } else {
                    ByeKind::Zero
                };
                let n = round::byes_for_missed_rounds(tx, &section, &entry, kind)?;
                if n > 0 {
                    line.push_str(&format!(
                        ", with {} byes for rounds 1-{n}",
                        if m == Missed::Half {
                            "half-point"
                        } else {
                            "zero-point"
                        }
                    ));
                }
            }
            lines.push(line + ".");
        }
        Ok(lines)
    })?;
    print(&(lines.join("\n") + "\n"))?;
    Ok(())
}

#[derive(clap::Args, Debug)]
pub struct WithdrawArgs {
    /// The player: pairing number, id or name.
    pub player: String,
    #[command(flatten)]
    pub section: SectionArgs,
    /// The last round the player took part in (0: withdrew before round 1).
    #[arg(long, required_unless_present = "undo")]
    pub after_round: Option<u32>,
    /// Undo a withdrawal recorded by mistake: the player is paired again.
    #[arg(long, conflicts_with = "after_round")]
    pub undo: bool,
    /// Why (kept in the log).
    #[arg(long)]
    pub reason: Option<String>,
}

pub fn run_withdraw(store: &mut Store, a: WithdrawArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    let all = players::entries(store.conn(), section.id)?;
    let entry = players::find_entry(&all, store.conn(), &section, &a.player)?;
    let Some(after) = a.after_round.filter(|_| !a.undo) else {
        store.write(|tx| players::undo_withdraw(tx, &entry, a.reason.as_deref()))?;
        print(&format!(
            "{} ({}) is no longer withdrawn from {} {}; they are paired again from the next round.\n",
            entry.name, entry.pairing_no, event.name, section.name
        ))?;
        return Ok(());
    };
    if after > event.rounds {
        return Err(Error::invalid(format!(
            "{} has only {} rounds",
            event.name, event.rounds
        )));
    }
    store.write(|tx| players::withdraw(tx, &entry, after, a.reason.as_deref()))?;
    print(&format!(
        "{} ({}) withdrew from {} {} after round {after}; later rounds count as unplayed.\n",
        entry.name, entry.pairing_no, event.name, section.name
    ))?;
    Ok(())
}
