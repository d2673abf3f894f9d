//! `league event add|list|show|edit|pair-all`: the events of a season
//! (Swiss, round robin, team), their tiebreak order and pairing settings,
//! and (in [`details`]) the fields prizes and rating reports need.

pub mod details;

use clap::Subcommand;

use super::output::{print, print_json, Format, Table};
use super::section::band;
use super::{parse_date, EventArgs};
use crate::app::season::{self as app, Refusal};
use crate::domain::league::{EventKind, RatingBasis, SectionNamesProblem};
use crate::domain::pairing::settings::{
    parse_bye, parse_colour, Acceleration, ColourLimits, ColourPriority, Numbering, PairingRules,
    SystemKind, TeamMates, UnratedBye,
};
use crate::domain::pairing::Colour;
use crate::domain::record::ByeKind as RecordBye;
use crate::domain::tiebreak::{FideEdition, Order};
use crate::error::{Error, Result};
use crate::store::pairing as pairings;
use crate::store::season::{self as seasons, EventEdit, NewEvent};
use crate::store::{player, Store};

#[derive(Subcommand, Debug)]
pub enum EventCmd {
    /// Add an event to a season, with its sections and tiebreak order.
    Add(EventAdd),
    /// List events (of one season, or all).
    List {
        /// Only this season's events.
        #[arg(long)]
        season: Option<String>,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Show an event: kind, rounds, dates, sections, tiebreak order.
    Show {
        #[command(flatten)]
        event: EventArgs,
        /// Output format: text lists the settings; JSON, CSV and markdown give
        /// them as setting/value rows, then the sections.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Change an event's name, rounds, dates, tiebreak order, pairing settings, prize sharing or
    /// rating-report fields.
    Edit(EventEditArgs),
    /// Pair every remaining round of a round robin at once (club championships, quads) and
    /// print the schedule.
    PairAll(super::round::pairing::PairAllArgs),
}

#[derive(clap::Args, Debug)]
pub struct EventAdd {
    /// The event's name, e.g. "Winter Swiss".
    pub name: String,
    /// The season it belongs to.
    #[arg(long)]
    pub season: String,
    /// swiss, round-robin, team-swiss or team-round-robin.
    #[arg(long, default_value = "swiss", value_parser = parse_kind)]
    pub kind: EventKind,
    /// Planned number of rounds.
    #[arg(long)]
    pub rounds: u32,
    /// Sections, comma-separated, e.g. "1600+,U1600" (default: one section "Open").
    #[arg(long)]
    pub sections: Option<String>,
    /// Tiebreak order: a preset (see `league tiebreaks`) or codes, e.g. "mm,solkoff,cumulative".
    #[arg(long)]
    pub tiebreaks: Option<String>,
    /// First round's date, YYYY-MM-DD (also chooses the FIDE rules edition).
    #[arg(long, value_parser = parse_date)]
    pub start: Option<String>,
    /// Last round's date, YYYY-MM-DD.
    #[arg(long, value_parser = parse_date)]
    pub end: Option<String>,
    /// FIDE tiebreak rules edition for unplayed rounds: 2009, 2024 or 2026 (default: by start date).
    #[arg(long, value_parser = parse_edition)]
    pub fide_edition: Option<u16>,
    /// Allow a coin flip to break ties left after every tiebreak (non-divisible prizes only).
    #[arg(long)]
    pub allow_coin: bool,
    /// US Chess Sonneborn-Berger on opponents' adjusted scores instead of final scores.
    #[arg(long)]
    pub sb_adjusted: bool,
    /// Rank players who scored over the board ahead of tied players whose points are all unplayed.
    #[arg(long)]
    pub actual_play_first: bool,
    /// The rating the event goes by (pairing numbers, standings, rating tiebreaks, bands, sheets):
    /// fide, uscf, national or club (national and club read the player's --rating, as uscf
    /// does). Default: fide for FIDE tiebreaks or the Dutch system, uscf otherwise. A FIDE
    /// event's tied prizes are split by Hort, not pooled (US Chess 32B).
    #[arg(long, value_parser = parse_rating_basis)]
    pub rating: Option<RatingBasis>,
    #[command(flatten)]
    pub pairing: PairingOptions,
    /// Prize sharing, rating-report fields, venue and rated (as on `league event edit`).
    #[command(flatten)]
    pub details: Box<details::EventDetailArgs>,
}

/// How the event's rounds are paired (`league round pair`); see docs/pairing.md.
#[derive(clap::Args, Debug, Default)]
pub struct PairingOptions {
    /// Pairing system: dutch (FIDE Swiss), uscf (US Chess Swiss), berger (FIDE round-robin
    /// tables), crenshaw (US Chess round-robin tables) or manual (paired in another program,
    /// recorded from sheets). Default on `event add`: uscf for a Swiss ranked by US Chess
    /// tiebreaks (the default uscf-swiss), dutch for a Swiss ranked by FIDE tiebreaks
    /// (fide-swiss, FIDE codes) and for a team Swiss, berger for a round robin and a team round
    /// robin.
    #[arg(long, value_parser = parse_system)]
    pub pairing: Option<SystemKind>,
    /// The colour pairing number 1 gets in round 1 of a Swiss (FIDE "initial colour"): white or black.
    #[arg(long, value_parser = parse_colour)]
    pub initial_colour: Option<Colour>,
    /// Acceleration of a Swiss's first rounds: none or baku (FIDE C.04.5.1).
    #[arg(long, value_parser = parse_acceleration)]
    pub acceleration: Option<Acceleration>,
    /// What the pairing-allocated bye is worth: full, half or zero (default full; zero for a
    /// round robin's bye seat).
    #[arg(long, value_parser = parse_bye)]
    pub bye_points: Option<RecordBye>,
    /// Round robins: play the table twice, colours reversed in the second cycle (true or false;
    /// the flag alone means true).
    #[arg(long, num_args = 0..=1, default_missing_value = "true")]
    pub double_round_robin: Option<bool>,
    /// Round robins: table numbers by rating or drawn by lot at the first pairing.
    #[arg(long, value_parser = parse_numbers)]
    pub numbers: Option<Numbering>,
    /// US Chess Swiss (28N): may players of the same club (player --club) meet? never;
    /// if-possible (kept apart unless the scores need them to meet; the default); ignore clubs.
    #[arg(long, value_parser = parse_team_mates)]
    pub team_mates: Option<TeamMates>,
    /// US Chess Swiss (29E5): the largest rating difference of a switch made for colours,
    /// to alternate then to equalise, e.g. 80,200 (the default).
    #[arg(long, value_parser = parse_colour_limits)]
    pub colour_limits: Option<ColourLimits>,
    /// US Chess Swiss (28R): pair the first N rounds with added-score acceleration (one
    /// point added, for pairing only, to the top half by rating); 0 for none (the default).
    #[arg(long)]
    pub accelerate_rounds: Option<u32>,
    /// US Chess Swiss: natural (the natural pairing first, colours fixed by single switches
    /// within the 29E5 limits, board by board from the top, as US directors do; the default)
    /// or colours (colours within the limits rank above top half against bottom half).
    #[arg(long, value_parser = parse_colour_priority)]
    pub colour_priority: Option<ColourPriority>,
    /// US Chess Swiss (28L2): the bye in the lowest score group goes to a rated player while one
    /// can take it (last, the default), or unrated players count as rated 0 (lowest).
    #[arg(long, value_parser = parse_unrated_bye)]
    pub unrated_bye: Option<UnratedBye>,
}

impl PairingOptions {
    /// `base` with the options given, checked against the event's kind.
    pub fn apply(&self, base: PairingRules, kind: EventKind) -> Result<PairingRules> {
        let r = PairingRules {
            system: self.pairing.unwrap_or(base.system),
            initial_colour: self.initial_colour.unwrap_or(base.initial_colour),
            acceleration: self.acceleration.unwrap_or(base.acceleration),
            bye: self.bye_points.unwrap_or(base.bye),
            double_round_robin: self.double_round_robin.unwrap_or(base.double_round_robin),
            numbers: self.numbers.unwrap_or(base.numbers),
            team_mates: self.team_mates.unwrap_or(base.team_mates),
            colour_limits: self.colour_limits.unwrap_or(base.colour_limits),
            accelerate_rounds: self.accelerate_rounds.unwrap_or(base.accelerate_rounds),
            colour_priority: self.colour_priority.unwrap_or(base.colour_priority),
            unrated_bye: self.unrated_bye.unwrap_or(base.unrated_bye),
        };
        let us_chess = [
            ("--team-mates", self.team_mates.is_some()),
            ("--colour-limits", self.colour_limits.is_some()),
            ("--colour-priority", self.colour_priority.is_some()),
            ("--unrated-bye", self.unrated_bye.is_some()),
            (
                "--accelerate-rounds",
                self.accelerate_rounds.is_some_and(|n| n > 0),
            ),
        ];
        if let Some((flag, _)) = us_chess
            .iter()
            .find(|(_, given)| *given && r.system != SystemKind::Uscf)
        {
            return Err(Error::invalid(format!(
                "{flag} is a US Chess Swiss option (--pairing uscf); this event pairs by {}",
                r.system
            )));
        }
        if r.system == SystemKind::Uscf && r.acceleration != Acceleration::None {
            return Err(Error::invalid(
                "this event pairs by the US Chess Swiss system, which accelerates by the added-score method: use --accelerate-rounds N (and --acceleration none), or --pairing dutch for Baku acceleration",
            ));
        }
        if kind.is_team() && r.acceleration != Acceleration::None {
            return Err(Error::invalid(format!(
                "a {} pairs teams without acceleration (--acceleration is for individual Swisses)",
                kind.label()
            )));
        }
        if r.double_round_robin && !r.system.is_round_robin() {
            return Err(Error::invalid(format!(
                "--double-round-robin is for round robins (--pairing berger or crenshaw); this event pairs by {}",
                r.system
            )));
        }
        if r.acceleration != Acceleration::None && r.system.is_round_robin() {
            return Err(Error::invalid(
                "a round robin plays a fixed table; acceleration is for Swiss pairings (--pairing dutch)",
            ));
        }
        Ok(r)
    }
}

fn parse_system(text: &str) -> std::result::Result<SystemKind, String> {
    text.parse()
}

fn parse_acceleration(text: &str) -> std::result::Result<Acceleration, String> {
    text.parse()
}

fn parse_numbers(text: &str) -> std::result::Result<Numbering, String> {
    text.parse()
}

fn parse_team_mates(text: &str) -> std::result::Result<TeamMates, String> {
    text.parse()
}

fn parse_colour_limits(text: &str) -> std::result::Result<ColourLimits, String> {
    text.parse()
}

fn parse_colour_priority(text: &str) -> std::result::Result<ColourPriority, String> {
    text.parse()
}

fn parse_unrated_bye(text: &str) -> std::result::Result<UnratedBye, String> {
    text.parse()
}

#[derive(clap::Args, Debug)]
pub struct EventEditArgs {
    #[command(flatten)]
    pub event: EventArgs,
    /// A new name for the event.
    #[arg(long)]
    pub name: Option<String>,
    /// A new planned number of rounds (not fewer than the rounds already recorded).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// First round's date, YYYY-MM-DD.
    #[arg(long, value_parser = parse_date)]
    pub start: Option<String>,
    /// Last round's date, YYYY-MM-DD.
    #[arg(long, value_parser = parse_date)]
    pub end: Option<String>,
    /// A new tiebreak order: a preset (see `league tiebreaks`) or comma-separated codes.
    #[arg(long)]
    pub tiebreaks: Option<String>,
    /// FIDE tiebreak rules edition for unplayed rounds: 2009, 2024 or 2026.
    #[arg(long, value_parser = parse_edition)]
    pub fide_edition: Option<u16>,
    /// Allow a coin flip as the last tiebreak (for prizes that cannot be shared): true or false.
    #[arg(long)]
    pub allow_coin: Option<bool>,
    /// US Chess `sb` on adjusted instead of final scores: true or false.
    #[arg(long)]
    pub sb_adjusted: Option<bool>,
    /// Rank points won over the board ahead of unplayed points (US Chess 34E): true or false.
    #[arg(long)]
    pub actual_play_first: Option<bool>,
    /// The rating the event goes by: fide, uscf, national or club; every entry takes its
    /// player's rating of that kind (unrated without one).
    #[arg(long, value_parser = parse_rating_basis)]
    pub rating: Option<RatingBasis>,
    #[command(flatten)]
    pub pairing: PairingOptions,
    /// Prize sharing and rating-report fields (issue 18).
    #[command(flatten)]
    pub details: Box<details::EventDetailArgs>,
}

fn parse_kind(text: &str) -> std::result::Result<EventKind, String> {
    text.parse()
}

fn parse_rating_basis(text: &str) -> std::result::Result<RatingBasis, String> {
    RatingBasis::parse(text)
        .ok_or_else(|| format!("\"{text}\" is not a rating; use fide, uscf, national or club"))
}

fn parse_edition(text: &str) -> std::result::Result<u16, String> {
    text.parse::<FideEdition>().map(FideEdition::year)
}

/// Validate a tiebreak order, keeping it as typed (preset names stay names).
pub fn check_order(text: &str) -> Result<(String, Order)> {
    let order = Order::parse(text).map_err(|e| Error::invalid(e.to_string()))?;
    if order.tiebreaks.is_empty() {
        return Err(Error::invalid(
            "the tiebreak order is empty; give a preset or codes (see `league tiebreaks`)",
        ));
    }
    Ok((
        order
            .preset
            .map(str::to_string)
            .unwrap_or_else(|| order.codes().replace(' ', "")),
        order,
    ))
}

/// `league event …`: one small function per subcommand.
pub fn run_event(store: &mut Store, cmd: EventCmd) -> Result<()> {
    match cmd {
        EventCmd::PairAll(a) => super::round::pairing::run_pair_all(store, a),
        EventCmd::Add(a) => add_event(store, a),
        EventCmd::List { season, format } => list_events(store, season, format),
        EventCmd::Show { event, format } => show_event(store, event, format),
        EventCmd::Edit(a) => edit_event(store, a),
    }
}

/// `league event add`: the event, its pairing settings and its sections in
/// one transaction.
fn add_event(store: &mut Store, a: EventAdd) -> Result<()> {
    let (tiebreaks, order) =
        check_order(a.tiebreaks.as_deref().unwrap_or(a.kind.default_tiebreaks()))?;
    let sections = a
        .kind
        .section_names(a.sections.as_deref())
        .map_err(|p| match p {
            SectionNamesProblem::NoneNamed => Error::invalid("--sections names no section"),
            other => Error::invalid(other.to_string()),
        })?;
    let rules = a
        .pairing
        .apply(PairingRules::for_event(a.kind, &order), a.kind)?;
    let season = seasons::find_season(store.conn(), &a.season)?;
    let basis = a.rating.unwrap_or(RatingBasis::default_for(
        a.kind,
        order.is_fide(),
        rules.system == crate::domain::pairing::settings::SystemKind::Dutch,
    ));
    let setup = app::EventSetup {
        event: NewEvent {
            name: &a.name,
            kind: a.kind,
            rounds: a.rounds,
            start_date: a.start.as_deref(),
            end_date: a.end.as_deref(),
            tiebreaks: &tiebreaks,
            actual_play_first: a.actual_play_first || order.actual_play_first,
            fide_edition: a.fide_edition,
            sb_adjusted: a.sb_adjusted,
            coin_allowed: a.allow_coin,
        },
        rules,
        basis,
        sections: &sections,
        details: match a.details.any() {
            true => Some(a.details.apply(&Default::default())?),
            false => None,
        },
    };
    let event = store.write(|tx| app::add_event(tx, &season, &setup))?;
    print(&format!(
        "Added {} ({}, {} rounds) to season {} with section{} {}; tiebreaks: {}.\n",
        event.name,
        event.kind.label(),
        event.rounds,
        event.season,
        if sections.len() > 1 { "s" } else { "" },
        sections
            .iter()
            .map(|s| {
                let (min, max) = crate::domain::league::band_from_name(s);
                match band(min, max).as_str() {
                    "" => s.clone(),
                    b => format!("{s} (ratings {b})"),
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
        order.codes()
    ))?;
    match PairingRules::default_reason(a.kind, &order).filter(|_| a.pairing.pairing.is_none()) {
        Some(why) => {
            // The other Swiss system, and the flag that chooses it.
            let other = if order.is_fide() {
                "--pairing uscf for US Chess"
            } else {
                "--pairing dutch for FIDE"
            };
            print(&format!(
                "Pairing: {} ({why}; {other}).\n",
                rules.system.label()
            ))?
        }
        None => print(&format!("Pairing: {}.\n", rules.system.label()))?,
    }
    print(&rating_words(basis, a.rating.is_none()))?;
    Ok(())
}

/// "Ratings: FIDE (...); ..." for `league event add`: the rating the event
/// goes by, why when it was not given, and what it means for tied prizes.
fn rating_words(basis: RatingBasis, by_default: bool) -> String {
    let why = match (by_default, basis) {
        (false, _) => "",
        (true, RatingBasis::Fide) => {
            " (the default for FIDE tiebreaks and the Dutch system; change with --rating)"
        }
        (true, _) => " (the default; change with --rating)",
    };
    let prizes = if basis == RatingBasis::Fide {
        "; tied prizes split by Hort, not pooled as US Chess 32B pools them"
    } else {
        ""
    };
    format!(
        "Ratings: {}{why}; players without one are unrated in this event{prizes}.\n",
        basis.label()
    )
}

/// `league event list`.
fn list_events(store: &mut Store, season: Option<String>, format: Format) -> Result<()> {
    let season_id = match season {
        Some(s) => Some(seasons::find_season(store.conn(), &s)?.id),
        None => None,
    };
    let all = seasons::events(store.conn(), season_id)?;
    if format == Format::Json {
        // Each event as stored, with its pairing settings.
        let mut list = Vec::with_capacity(all.len());
        for e in &all {
            let mut v = serde_json::to_value(e).unwrap_or_default();
            let r = pairings::rules(store.conn(), e.id)?;
            v["pairing"] = serde_json::json!({
                "system": r.system.as_str(),
                "initial_colour": crate::domain::pairing::settings::colour_str(r.initial_colour),
                "acceleration": r.acceleration.as_str(),
                "bye_points": crate::domain::pairing::settings::bye_str(r.bye),
                "double_round_robin": r.double_round_robin,
                "numbers": r.numbers.as_str(),
            });
            list.push(v);
        }
        print_json(&serde_json::Value::Array(list))?;
        return Ok(());
    }
    let mut t = Table::new(&[
        "season",
        "event",
        "kind",
        "rounds",
        "dates",
        "sections",
        "tiebreaks",
    ])
    .right(&[3]);
    for e in all {
        let secs = seasons::sections(store.conn(), e.id)?;
        t.push(vec![
            e.season.clone(),
            e.name.clone(),
            e.kind.to_string(),
            e.rounds.to_string(),
            e.dates(),
            secs.iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            e.tiebreaks.clone(),
        ]);
    }
    print(&t.render(format))?;
    Ok(())
}

/// `league event show`: every setting, then the sections and how far each
/// has been recorded.
fn show_event(store: &mut Store, event: EventArgs, format: Format) -> Result<()> {
    let e = event.find(store)?;
    let fields = event_fields(store, &e)?;
    let mut sections = vec![];
    for s in seasons::sections(store.conn(), e.id)? {
        let n = player::entries(store.conn(), s.id)?.len();
        let rounds = crate::store::round::latest_round(store.conn(), s.id)?;
        sections.push((s.name, n, rounds));
    }
    let heading = format!("{} ({}), season {}", e.name, e.kind.label(), e.season);
    let mut table = Table::new(&["setting", "value"]);
    for (k, v) in &fields {
        table.push(vec![k.clone(), v.clone()]);
    }
    for (name, n, rounds) in &sections {
        table.push(vec![
            format!("section {name}"),
            format!("{n} players, {rounds} of {} rounds recorded", e.rounds),
        ]);
    }
    match format {
        Format::Text => {
            let mut out = format!("{heading}\n");
            for (k, v) in &fields {
                out.push_str(&format!("  {k}: {v}\n"));
            }
            for (name, n, rounds) in &sections {
                out.push_str(&format!(
                    "  section {name}: {n} players, {rounds} of {} rounds recorded\n",
                    e.rounds
                ));
            }
            print(&out)?;
        }
        Format::Json => {
            let settings: serde_json::Map<String, serde_json::Value> = fields
                .iter()
                .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
                .collect();
            print_json(&serde_json::json!({
                "event": e.name,
                "season": e.season,
                "kind": e.kind.label(),
                "rounds": e.rounds,
                "settings": settings,
                "sections": sections.iter().map(|(name, n, r)| serde_json::json!({
                    "section": name, "players": n, "rounds_recorded": r,
                })).collect::<Vec<_>>(),
            }))?;
        }
        Format::Csv => print(&table.csv())?,
        Format::Markdown => print(&format!(
            "**{}**\n\n{}",
            crate::domain::text::markdown_cell(&heading),
            table.markdown()
        ))?,
    }
    Ok(())
}

/// The settings `league event show` lists, as (setting, value): one list
/// for every format.
fn event_fields(store: &Store, e: &crate::domain::league::Event) -> Result<Vec<(String, String)>> {
    let order = e.order().map_err(|x| Error::invalid(x.to_string()))?;
    let mut fields: Vec<(String, String)> = vec![
        ("kind".into(), e.kind.label().to_string()),
        ("rounds".into(), e.rounds.to_string()),
    ];
    if !e.dates().is_empty() {
        fields.push(("dates".into(), e.dates()));
    }
    fields.push((
        "tiebreaks".into(),
        format!("{} ({})", e.tiebreaks, order.codes()),
    ));
    if order.actual_play_first {
        fields.push((
            "actual play first".into(),
            "players who scored over the board rank ahead of tied players whose points are all unplayed".into(),
        ));
    }
    fields.push(("FIDE rules edition".into(), e.edition().year().to_string()));
    fields.push(("ratings".into(), e.rating_basis.label().to_string()));
    if e.coin_allowed {
        fields.push(("coin flip".into(), "may break remaining ties".into()));
    }
    let d = crate::store::event_detail::details(store.conn(), e.id)?;
    fields.push((
        "tied prizes".into(),
        match d.prize_split {
            crate::domain::prizes::Split::Pooled => "pooled and shared (US Chess 32B)",
            crate::domain::prizes::Split::Hort => "Hort system (half by tiebreak, half shared)",
            crate::domain::prizes::Split::Tiebreak => "by tiebreak, not shared",
        }
        .to_string(),
    ));
    if let Some(v) = &d.venue {
        fields.push(("venue".into(), v.clone()));
    }
    fields.push(("rated".into(), rated_words(&d)));
    let known: Vec<String> = crate::store::event_detail::FIELDS
        .iter()
        .zip(d.fields())
        .filter(|((column, _), _)| !["venue", "rated"].contains(column))
        .filter_map(|((_, words), v)| v.as_ref().map(|v| format!("{words} {v}")))
        .collect();
    if !known.is_empty() {
        fields.push(("for rating reports".into(), known.join(", ")));
    }
    for (what, value) in pairings::describe(&pairings::rules(store.conn(), e.id)?) {
        // A team event's bye is the team rules' team bye.
        let value = if e.kind.is_team() && what == "pairing-allocated bye" {
            "a team bye (see the team rules)".to_string()
        } else {
            value
        };
        fields.push((what.to_string(), value));
    }
    Ok(fields)
}

/// Which federations rate the event, and where that comes from when the
/// event does not say: "FIDE", "US Chess (from its rating system; not
/// stated)". The league's defaults are not consulted here: `event show`
/// lists the event's own values.
fn rated_words(d: &crate::domain::league::EventDetails) -> String {
    let (rated, stated) = d.rated_by();
    if stated {
        return rated.words().to_string();
    }
    let why = match rated {
        crate::domain::league::Rated::Fide => "from its chief arbiter",
        crate::domain::league::Rated::UsChess => "from its rating system",
        crate::domain::league::Rated::Both => "from its chief arbiter and rating system",
        crate::domain::league::Rated::None => "neither a chief arbiter nor a rating system given",
    };
    format!("{} ({why}; not stated)", rated.words())
}

/// `league event edit`: settings, pairing rules and rating-report details in
/// one transaction.
fn edit_event(store: &mut Store, a: EventEditArgs) -> Result<()> {
    let event = a.event.find(store)?;
    let tiebreaks = match &a.tiebreaks {
        Some(t) => Some(check_order(t)?.0),
        None => None,
    };
    let old_rules = pairings::rules(store.conn(), event.id)?;
    let rules = a.pairing.apply(old_rules, event.kind)?;
    let edited = store
        .write(|tx| {
            let details = match a.details.any() {
                true => Some(
                    a.details
                        .apply(&crate::store::event_detail::details(tx, event.id)?)?,
                ),
                false => None,
            };
            let changes = app::EventChanges {
                settings: EventEdit {
                    name: a.name.as_deref(),
                    rounds: a.rounds,
                    start_date: a.start.as_deref(),
                    end_date: a.end.as_deref(),
                    tiebreaks: tiebreaks.as_deref(),
                    actual_play_first: a.actual_play_first,
                    fide_edition: a.fide_edition.map(Some),
                    sb_adjusted: a.sb_adjusted,
                    coin_allowed: a.allow_coin,
                },
                rules: Some(rules),
                details,
                rating: a.rating,
            };
            app::edit_event(tx, &event, &changes)
        })
        .map_err(|e| {
            let hint = edit_hint(&e);
            e.with_hint(hint)
        })?;
    let (e, rerated) = (edited.event, edited.rerated);
    let mut out = format!("{} updated (tiebreaks: {}).\n", e.name, e.tiebreaks);
    if e.edition() != event.edition() {
        out.push_str(&format!(
            "Its FIDE tiebreak rules are now the {} edition (they were the {} edition){}.\n",
            e.edition().year(),
            event.edition().year(),
            if e.fide_edition.is_none() {
                ", as it now starts on a date those rules cover"
            } else {
                ""
            }
        ));
    }
    if a.rating.is_some_and(|b| b != event.rating_basis) {
        out.push_str(&format!(
            "Ratings: {} from now on; {rerated} entr{} took their player's {} rating (players without one are unrated in this event).\n",
            e.rating_basis.label(),
            if rerated == 1 { "y" } else { "ies" },
            e.rating_basis.label()
        ));
    }
    print(&out)?;
    Ok(())
}

/// The CLI's way on from a refused event edit.
fn edit_hint(e: &Error) -> Option<String> {
    match e.refusal::<Refusal>()? {
        Refusal::EditionWouldChange { old, new, .. } => Some(format!(
            " Add --fide-edition {old} to keep the rules it was played under, or --fide-edition {new} to change them"
        )),
        _ => None,
    }
}
