//! `league standings`: a section's standings with the event's tiebreaks (or
//! others), and the working behind them; a team event's are in [`team`].

pub mod team;
pub mod working;

use serde_json::{json, Value as Json};

use super::output::{points, print_standings, show, Format, Table};
use super::SectionArgs;

use crate::domain::standings::explain;
use crate::domain::tiebreak::{FideEdition, Tiebreak};
use crate::error::Result;
use crate::report::rating_change::{estimates, Estimates};
use crate::report::{section_report, ReportOptions, SectionReport};
use crate::store::{season as seasons, Store};

#[derive(clap::Args, Debug)]
pub struct StandingsArgs {
    #[command(flatten)]
    pub section: SectionArgs,
    /// Standings as they stood after this round.
    #[arg(long)]
    pub after_round: Option<usize>,
    /// Tiebreak order for this output only: a preset or comma-separated codes (see `league tiebreaks`).
    #[arg(long)]
    pub tiebreaks: Option<String>,
    /// FIDE unplayed-round rules: 2009, 2024 or 2026 (default: the event's, or by its start date).
    #[arg(long, value_parser = parse_edition)]
    pub fide_edition: Option<FideEdition>,
    /// Show the working behind every tiebreak value of this player (name or pairing number).
    #[arg(long)]
    pub explain: Option<String>,
    /// Write half points as decimals (3.5) instead of fractions (3½).
    #[arg(long)]
    pub decimals: bool,
    /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

fn parse_edition(text: &str) -> std::result::Result<FideEdition, String> {
    text.parse()
}

pub fn run_standings(store: &mut Store, a: StandingsArgs) -> Result<()> {
    let event = a.section.event.find(store)?;
    if event.kind.is_team() {
        return team::run(
            store,
            &event,
            &ReportOptions {
                after_round: a.after_round,
                tiebreaks: a.tiebreaks.clone(),
                fide_edition: None,
            },
            team::View {
                format: a.format,
                decimals: a.decimals,
                explain: a.explain.as_deref(),
            },
        );
    }
    let section = seasons::find_section(
        store.conn(),
        &event,
        a.section.section_name(store)?.as_deref(),
    )?;
    // Draw and store the coin seed the first time a coin flip is needed.
    let event = if crate::app::season::coin_seed_wanted(&event, a.tiebreaks.as_deref()) {
        let seed =
            (time::OffsetDateTime::now_utc().unix_timestamp_nanos() as i64).rem_euclid(1 << 48);
        // Standings open the file read-only; drawing the seed is the one
        // write they make, once, on a connection of its own (an in-memory
        // store has no file to reopen and is written directly).
        let mut own = match store.path() {
            Some(path) => Some(Store::open(path, false)?),
            None => None,
        };
        let writer = own.as_mut().unwrap_or(store);
        writer.write(|tx| crate::app::season::draw_coin_seed(tx, &event, seed))?
    } else {
        event
    };
    let opts = ReportOptions {
        after_round: a.after_round,
        tiebreaks: a.tiebreaks.clone(),
        fide_edition: a.fide_edition,
    };
    let report = section_report(store.conn(), &event, &section, &opts)?;
    let ratings = estimates(store.conn(), &report)?;
    let explained = match &a.explain {
        Some(name) => Some(report.find_player(name)?),
        None => None,
    };
    let mut notes = report.notes.clone();
    notes.extend(ratings.notes());
    print_standings(
        a.format,
        || standings_json_with(&report, explained, &ratings),
        || heading(&report),
        // CSV carries plain decimals (5.5, never 5½) for spreadsheets.
        || standings_table_with(&report, a.decimals || a.format == Format::Csv, &ratings),
        &notes,
        explained.map(|p| explain_text(&report, p, a.decimals)),
    )
}

/// "Winter Swiss (2022-23), section U1600: standings after round 6 of 6".
pub fn heading(r: &SectionReport) -> String {
    let mut s = format!(
        "{} ({}), section {}: standings {}\n",
        r.event.name,
        r.event.season,
        r.section.name,
        r.after()
    );
    // A hole in a round (a deleted game, a player left out) counts as a
    // zero; the heading says so before anyone reads the table.
    for (round, names) in &r.no_game {
        s.push_str(&crate::report::no_game_words(*round, names));
        s.push('\n');
    }
    s.push_str(&format!("Tiebreaks: {}", r.order.codes()));
    if let Some(p) = r.order.preset {
        s.push_str(&format!(" (preset {p})"));
    }
    if r.order
        .tiebreaks
        .iter()
        .any(|t| matches!(t, Tiebreak::Fide(_)))
    {
        s.push_str(&format!(
            "; FIDE rules edition {}",
            r.options.fide_edition.year()
        ));
    }
    if let Some(seed) = r.standings.coin_seed {
        s.push_str(&format!("; coin-flip seed {seed}"));
    }
    s.push('\n');
    if r.order.actual_play_first {
        s.push_str("Players who scored over the board rank ahead of tied players whose points are all unplayed.\n");
    }
    s
}

/// The standings table: place, number, name, rating, score, tiebreaks.
pub fn standings_table(r: &SectionReport, decimals: bool) -> Table {
    standings_table_with(r, decimals, &Estimates::default())
}

/// The standings table with the estimated rating changes of a rated event
/// after the tiebreaks ("est. FIDE ±", "est. US Chess").
pub fn standings_table_with(r: &SectionReport, decimals: bool, est: &Estimates) -> Table {
    let mut header: Vec<String> = ["place", "no", "name", "rating", "score"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(r.order.tiebreaks.iter().map(Tiebreak::code));
    if est.fide.is_some() {
        header.push("est. FIDE ±".to_string());
    }
    if est.uscf.is_some() {
        header.push("est. US Chess".to_string());
    }
    let refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new(&refs).right(&(3..header.len()).chain([1]).collect::<Vec<_>>());
    for row in &r.standings.rows {
        let e = &r.facts.entries[row.player];
        let mut cells = vec![
            row.place.clone(),
            e.pairing_no.to_string(),
            r.shown_name(row.player),
            e.rating.map(|x| x.to_string()).unwrap_or_default(),
            points(row.score, decimals),
        ];
        cells.extend(row.values.iter().map(|v| show(*v, decimals)));
        cells.extend(est.fide_cell(row.player));
        cells.extend(est.uscf_cell(row.player));
        t.push(cells);
    }
    t
}

/// `league standings --format json` without rating estimates.
pub fn standings_json(r: &SectionReport, explained: Option<usize>) -> Json {
    standings_json_with(r, explained, &Estimates::default())
}

/// `league standings --format json`: each row with `fide_estimate` and
/// `us_chess_estimate` when the event is rated by that federation.
pub fn standings_json_with(r: &SectionReport, explained: Option<usize>, est: &Estimates) -> Json {
    let rows: Vec<Json> = r
        .standings
        .rows
        .iter()
        .map(|row| {
            let e = &r.facts.entries[row.player];
            let tb = working::tiebreaks_json(&r.order.tiebreaks, &row.values);
            let mut out = json!({
                "place": row.place,
                "rank": row.rank,
                "pairing_no": e.pairing_no,
                "name": e.name,
                "rating": e.rating,
                "score": row.score.as_f64(),
                "withdrawn_after": e.withdrawn_after,
                "tiebreaks": tb,
            });
            for (key, value) in est.json(row.player, |o| r.facts.entries[o].name.clone()) {
                out[key] = value;
            }
            out
        })
        .collect();
    let mut out = json!({
        "season": r.event.season,
        "event": r.event.name,
        "section": r.section.name,
        "rounds_played": r.rounds_played,
        "complete_rounds": r.complete_rounds,
        "results_missing": r.missing.iter().map(|&(round, games)| serde_json::json!({"round": round, "games": games})).collect::<Vec<_>>(),
        "tiebreaks": r.order.tiebreaks.iter().map(Tiebreak::code).collect::<Vec<_>>(),
        "no_game": r.no_game.iter().map(|(round, names)| json!({"round": round, "players": names})).collect::<Vec<_>>(),
        "rows": rows,
    });
    if let Some(seed) = r.standings.coin_seed {
        out["coin_seed"] = json!(seed);
    }
    let mut notes = r.notes.clone();
    notes.extend(est.notes());
    if !notes.is_empty() {
        out["notes"] = json!(notes);
    }
    if let Some(p) = explained {
        out["explain"] = explain_json(r, p);
    }
    out
}

fn explain_json(r: &SectionReport, player: usize) -> Json {
    let ctx = r.context();
    let e = &r.facts.entries[player];
    let items = working::working_json(&explain(&ctx, &r.order, player), |o| {
        r.facts.entries.get(o).map(|o| o.name.clone())
    });
    json!({ "name": e.name, "pairing_no": e.pairing_no, "tiebreaks": items })
}

/// The working behind each tiebreak value of one player, in words.
pub fn explain_text(r: &SectionReport, player: usize, decimals: bool) -> String {
    let ctx = r.context();
    let e = &r.facts.entries[player];
    let place = r.standings.rows.iter().find(|row| row.player == player);
    let mut who = format!("{} (#{})", e.name, e.pairing_no);
    if let Some(p) = place {
        let score = points(p.score, decimals);
        let shared = if p.place.contains('-') {
            " (shared)"
        } else {
            ""
        };
        who.push_str(&format!(": place {}{shared}, {score} points", p.place));
    }
    working::working_text(who, &explain(&ctx, &r.order, player), decimals, false)
}
