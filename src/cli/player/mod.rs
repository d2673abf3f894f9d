//! `league player add|list|show|edit|merge`: the players of the league
//! (merging two records of one person is in [`merge`]).

pub mod merge;

use clap::Subcommand;

use super::output::{opt, print, print_json, Format, Table};
use crate::error::Result;
use crate::store::player::{self as players, NewPlayer};
use crate::store::Store;

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
        /// The player's FIDE K factor (10, 20 or 40), as the FIDE list publishes it: the
        /// estimated FIDE rating changes use it instead of assuming one.
        #[arg(long, value_parser = parse_fide_k)]
        fide_k: Option<i64>,
        /// The player's US state, two letters (for the US Chess report); "" clears it.
        #[arg(long)]
        state: Option<String>,
        /// The player's club or team, so a US Chess Swiss can keep team-mates apart
        /// (event --team-mates); "" clears it.
        #[arg(long)]
        club: Option<String>,
        /// The FIDE federation, three letters (e.g. USA, ENG), for TRF exports.
        #[arg(long)]
        federation: Option<String>,
        /// The FIDE title: GM, IM, FM, CM, WGM, WIM, WFM or WCM, for TRF exports.
        #[arg(long)]
        title: Option<String>,
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
    /// FIDE K factor (10, 20 or 40), as the FIDE list publishes it: the estimated FIDE rating
    /// changes use it instead of assuming one.
    #[arg(long, value_parser = parse_fide_k)]
    pub fide_k: Option<i64>,
    /// The player's club or team, so a US Chess Swiss can keep team-mates apart
    /// (event --team-mates).
    #[arg(long)]
    pub club: Option<String>,
    /// Add the player although one of the same name is already in the league (two people
    /// who share a name); refused otherwise, naming the one there is.
    #[arg(long)]
    pub new_namesake: bool,
}

pub fn run_player(store: &mut Store, cmd: PlayerCmd) -> Result<()> {
    match cmd {
        PlayerCmd::Merge(a) => merge::run(store, a),
        PlayerCmd::Add(f) => add(store, f),
        PlayerCmd::List { search, format } => list(store, search, format),
        PlayerCmd::Show { player, format } => show(store, player, format),
        PlayerCmd::Edit {
            player,
            name,
            uscf_id,
            fide_id,
            rating,
            fide_rating,
            fide_k,
            state,
            club,
            federation,
            title,
        } => edit(
            store,
            player,
            name,
            uscf_id,
            fide_id,
            (rating, fide_rating, fide_k),
            state,
            club,
            (federation, title),
        ),
    }
}

/// `league player list`: list players (all, or those whose name contains SEARCH).
fn list(store: &mut Store, search: Option<String>, format: Format) -> Result<()> {
    let all = players::players(store.conn(), search.as_deref())?;
    if format == Format::Json {
        print_json(&serde_json::to_value(&all).unwrap_or_default())?;
        return Ok(());
    }
    let mut t = Table::new(&[
        "#",
        "name",
        "US Chess id",
        "FIDE id",
        "rating",
        "FIDE rating",
    ])
    .right(&[0, 4, 5]);
    for p in all {
        t.push(vec![
            p.id.to_string(),
            p.name,
            opt(&p.uscf_id),
            opt(&p.fide_id),
            opt(&p.rating),
            opt(&p.fide_rating),
        ]);
    }
    print(&t.render(format))?;
    Ok(())
}

/// `league player show`: show a player's details and the sections they entered.
fn show(store: &mut Store, player: String, format: Format) -> Result<()> {
    let p = players::find_player(store.conn(), &player)?;
    if format != Format::Text {
        let entries = players::entries_of_player(store.conn(), p.id)?;
        let mut t = Table::new(&["season", "event", "section", "no", "points"]).right(&[3, 4]);
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
    if let Some(k) = players::fide_k(store.conn(), p.id)? {
        out.push_str(&format!("  FIDE K factor: {k}\n"));
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
    Ok(())
}

/// `league player edit`: correct a player's name, ids or ratings; their history stays attached.
#[allow(
    clippy::too_many_arguments,
    reason = "one argument per option of the subcommand, as clap gives them"
)]
fn edit(
    store: &mut Store,
    player: String,
    name: Option<String>,
    uscf_id: Option<String>,
    fide_id: Option<String>,
    (rating, fide_rating, fide_k): (Option<u32>, Option<u32>, Option<i64>),
    state: Option<String>,
    club: Option<String>,
    (federation, title): (Option<String>, Option<String>),
) -> Result<()> {
    let p = players::find_player(store.conn(), &player)?;
    let name = name.map(|n| checked_name(&n));
    let federation = federation.as_deref().map(federation_code).transpose()?;
    let title = title.as_deref().map(title_code).transpose()?;
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
    let club = club.as_deref().map(str::trim);
    let p = store.write(|tx| {
        crate::app::player::edit(
            tx,
            &p,
            &NewPlayer {
                name: name.as_deref().unwrap_or(""),
                uscf_id: uscf_id.as_deref(),
                fide_id: fide_id.as_deref(),
                rating,
                fide_rating,
                federation: federation.as_deref(),
                title: title.as_deref(),
            },
            state.as_ref().map(|st| st.as_deref()),
            club.map(|c| Some(c).filter(|c| !c.is_empty())),
        )
        .and_then(|p| {
            if let Some(k) = fide_k {
                crate::app::player::set_fide_k(tx, &p, k)?;
            }
            Ok(p)
        })
    })?;
    print(&format!("Updated {}.\n", players::describe_player(&p)))?;
    Ok(())
}

/// A typed name without unpaired text-direction controls (a stray U+202E
/// would turn every word printed after the name round on the site and in
/// every listing), with a warning on standard error when any were removed.
fn checked_name(name: &str) -> String {
    let (kept, warning) = crate::domain::text::name_without_unpaired_bidi(name);
    if let Some(w) = warning {
        eprintln!("Warning: {w}.");
    }
    kept
}

/// A FIDE K factor: 10, 20 or 40 (FIDE Rating Regulations 8.3.3).
fn parse_fide_k(text: &str) -> std::result::Result<i64, String> {
    match text.trim() {
        "10" => Ok(10),
        "20" => Ok(20),
        "40" => Ok(40),
        _ => Err(format!(
            "\"{text}\" is not a FIDE K factor; FIDE's are 10, 20 and 40"
        )),
    }
}

/// A FIDE federation as TRF writes it: three letters, upper case.
fn federation_code(text: &str) -> Result<String> {
    let t = text.trim();
    if t.len() == 3 && t.chars().all(|c| c.is_ascii_alphabetic()) {
        return Ok(t.to_ascii_uppercase());
    }
    Err(crate::error::Error::invalid(format!(
        "--federation \"{t}\" is not a FIDE federation; give its three letters, e.g. USA or ENG"
    )))
}

/// A FIDE title as TRF writes it ("g" for GM, "wm" for WIM), from the
/// title as people write it (or the TRF code itself).
fn title_code(text: &str) -> Result<String> {
    const TITLES: [(&str, &str); 8] = [
        ("GM", "g"),
        ("IM", "m"),
        ("FM", "f"),
        ("CM", "c"),
        ("WGM", "wg"),
        ("WIM", "wm"),
        ("WFM", "wf"),
        ("WCM", "wc"),
    ];
    let t = text.trim();
    TITLES
        .iter()
        .find(|(name, code)| t.eq_ignore_ascii_case(name) || t == *code)
        .map(|(_, code)| code.to_string())
        .ok_or_else(|| {
            crate::error::Error::invalid(format!(
                "--title \"{t}\" is not a FIDE title; give GM, IM, FM, CM, WGM, WIM, WFM or WCM"
            ))
        })
}

/// `league player add`: add a player to the league.
fn add(store: &mut Store, f: PlayerFields) -> Result<()> {
    let name = checked_name(&f.name);
    let club = f.club.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let p = store
        .write(|tx| {
            crate::app::player::add(
                tx,
                &NewPlayer {
                    name: &name,
                    uscf_id: f.uscf_id.as_deref(),
                    fide_id: f.fide_id.as_deref(),
                    rating: f.rating,
                    fide_rating: f.fide_rating,
                    ..Default::default()
                },
                club,
                f.new_namesake,
            )
            .and_then(|p| {
                if let Some(k) = f.fide_k {
                    crate::app::player::set_fide_k(tx, &p, k)?;
                }
                Ok(p)
            })
        })
        .map_err(|e| {
            let hint = e
                .refusal::<crate::app::player::Refusal>()
                .filter(|r| matches!(r, crate::app::player::Refusal::Namesake { .. }))
                .map(|_| ". Enter or edit that player by number (e.g. `league player edit #N`); to add a second player of the same name give --new-namesake".to_string());
            e.with_hint(hint)
        })?;
    print(&format!("Added {}.\n", players::describe_player(&p)))?;
    Ok(())
}
