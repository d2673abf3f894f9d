//! `league history player|h2h|winners|season`: the league's records across
//! seasons, as a table, JSON or CSV. The work is in `report::history`;
//! this file only names the players, seasons and events and prints.

use clap::Subcommand;
use serde_json::{json, Value as Json};

use super::output::{number, opt, points, print, print_json, show, Format, Table};
use crate::domain::history::grand_prix::{GpTable, Rules, Split};
use crate::domain::league::Player;
use crate::domain::score::{Points, Value};
use crate::error::Result;
use crate::report::history::{
    colour_of_a, head_to_head, player_history, season_summary, section_winners_where, H2hGame,
    PlayerHistory, SeasonGrandPrix, SeasonSummary, SectionWinners,
};
use crate::store::history::SectionFilter;
use crate::store::player::{describe_player, find_player};
use crate::store::{season as seasons, Store};

#[derive(Subcommand, Debug)]
pub enum HistoryCmd {
    /// Every event a player entered, across all seasons, with career totals.
    Player {
        /// Name, US Chess or FIDE id, or #N (database number).
        player: String,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Every game between two players across seasons, with the running tally.
    H2h {
        /// The first player (the tally is from this player's side).
        player: String,
        /// The second player.
        opponent: String,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// The winner(s) of each section of each event, season by season; ties shown as shared.
    Winners {
        /// Only events of this name (in every season), e.g. "Winter Swiss".
        #[arg(long)]
        event: Option<String>,
        /// Only sections of this name, e.g. "1600+".
        #[arg(long)]
        section: Option<String>,
        /// Only this season.
        #[arg(long)]
        season: Option<String>,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// A season at a glance (every section's winners) and its grand-prix tables.
    ///
    /// With --format csv, the sections, a blank line, then the grand-prix tables.
    Season {
        /// The season, e.g. "2023-24".
        name: String,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
}

/// Run a `league history` command.
pub fn run(store: &mut Store, cmd: HistoryCmd) -> Result<()> {
    let conn = store.conn();
    match cmd {
        HistoryCmd::Player { player, format } => {
            let p = find_player(conn, &player)?;
            let h = player_history(conn, &p)?;
            match format {
                Format::Json => print_json(&player_json(&h))?,
                f => print(&player_text(&h, f))?,
            }
        }
        HistoryCmd::H2h {
            player,
            opponent,
            format,
        } => {
            let a = find_player(conn, &player)?;
            let b = find_player(conn, &opponent)?;
            let games = head_to_head(conn, &a, &b)?;
            match format {
                Format::Json => print_json(&h2h_json(&a, &b, &games))?,
                f => print(&h2h_text(&a, &b, &games, f))?,
            }
        }
        HistoryCmd::Winners {
            event,
            section,
            season,
            format,
        } => {
            let season = match &season {
                Some(s) => Some(seasons::find_season(conn, s)?),
                None => None,
            };
            let filter = SectionFilter {
                season_id: season.map(|s| s.id),
                event: event.as_deref(),
                section: section.as_deref(),
            };
            let w = section_winners_where(conn, &filter)?;
            match format {
                Format::Json => print_json(&json!({
                    "sections": w.iter().map(winners_json).collect::<Vec<_>>()
                }))?,
                f => {
                    let mut out = winners_table(&w, true, f).render(f);
                    if f == Format::Text && w.is_empty() {
                        out = "No sections of individual events match.\n".into();
                    }
                    print(&out)?
                }
            }
        }
        HistoryCmd::Season { name, format } => {
            let s = seasons::find_season(conn, &name)?;
            let summary = season_summary(conn, &s)?;
            match format {
                Format::Json => print_json(&season_json(&summary))?,
                f => print(&season_text(&summary, f))?,
            }
        }
    }
    Ok(())
}

/// Points as the format writes them: "3½" for people, "3.5" for CSV.
fn pts(p: Points, f: Format) -> String {
    points(p, f == Format::Csv)
}

/// A value as the format writes it, like [`pts`].
fn val(v: Value, f: Format) -> String {
    show(Some(v), f == Format::Csv)
}

fn won_text(won: Option<bool>) -> &'static str {
    match won {
        Some(true) => "won (shared)",
        Some(false) => "won",
        None => "",
    }
}

fn player_text(h: &PlayerHistory, f: Format) -> String {
    let mut t = Table::new(&[
        "season",
        "event",
        "section",
        "no",
        "rating",
        "score",
        "games",
        "won",
        "drawn",
        "lost",
        "place",
        "of",
        "performance",
        "note",
    ])
    .right(&[3, 4, 5, 6, 7, 8, 9, 11, 12]);
    for s in &h.sections {
        let mut place = s.place.clone().unwrap_or_default();
        if s.rounds_played < s.event.rounds as usize && s.place.is_some() {
            place.push_str(&format!(" (after round {})", s.rounds_played));
        }
        if let Some(w) = s.withdrawn_after.filter(|&w| w < s.event.rounds) {
            place.push_str(&format!(" (withdrew after round {w})"));
        }
        t.push(vec![
            s.event.season.clone(),
            s.event.name.clone(),
            s.section.name.clone(),
            s.pairing_no.to_string(),
            opt(&s.rating),
            pts(s.score, f),
            s.counts.games.to_string(),
            s.counts.wins.to_string(),
            s.counts.draws.to_string(),
            s.counts.losses.to_string(),
            place,
            s.players.to_string(),
            opt(&s.performance),
            won_text(s.won).to_string(),
        ]);
    }
    if f != Format::Text {
        return t.render(f);
    }
    let c = &h.career;
    let mut out = format!("{}\n\n", describe_player(&h.player));
    if h.sections.is_empty() {
        out.push_str("No events entered yet.\n");
        out.push_str(&rating_lists_text(h));
        return out;
    }
    out.push_str(&t.render(f));
    out.push_str(&format!(
        "\nCareer: {} event{}, {} game{} over the board (won {}, drawn {}, lost {}), {} points",
        c.events,
        plural(c.events),
        c.counts.games,
        plural(c.counts.games),
        c.counts.wins,
        c.counts.draws,
        c.counts.losses,
        c.counts.points().fraction(),
    ));
    if let Some(p) = c.percent() {
        out.push_str(&format!(" = {} %", p.decimal()));
    }
    out.push_str(&format!(
        ", {} event{} won",
        c.events_won,
        plural(c.events_won)
    ));
    if c.shared_wins > 0 {
        out.push_str(&format!(" ({} shared)", c.shared_wins));
    }
    out.push_str(".\n");
    let money = h.prize_money_by_season();
    if !money.is_empty() {
        let total: i64 = money.iter().map(|m| m.1 .0).sum();
        let each: Vec<String> = money.iter().map(|(s, m)| format!("{s} {m}")).collect();
        out.push_str(&format!(
            "Prize money: {} (total {}).\n",
            each.join(", "),
            crate::domain::prizes::Money(total)
        ));
    }
    out.push_str(&rating_lists_text(h));
    out
}

/// The rating lists' changes, one line each: "2024-12-20  2024-12
/// supplement  US Chess 1800 -> 1850"; nothing when no list was imported.
fn rating_lists_text(h: &PlayerHistory) -> String {
    if h.rating_lists.is_empty() {
        return String::new();
    }
    let mut out = String::from("\nRating lists:\n");
    for r in &h.rating_lists {
        let rating = |v: Option<u32>| v.map_or("unrated".to_string(), |v| v.to_string());
        out.push_str(&format!(
            "  {}  {}  {} {} -> {}\n",
            r.day,
            r.list,
            if r.system == "fide" {
                "FIDE"
            } else {
                "US Chess"
            },
            rating(r.from),
            rating(r.to)
        ));
    }
    out
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn player_ref(p: &Player) -> Json {
    json!({"id": p.id, "name": p.name, "uscf_id": p.uscf_id, "fide_id": p.fide_id})
}

fn player_json(h: &PlayerHistory) -> Json {
    let c = &h.career;
    json!({
        "player": player_ref(&h.player),
        "events": h.sections.iter().map(|s| json!({
            "season": s.event.season,
            "event": s.event.name,
            "section": s.section.name,
            "kind": s.event.kind,
            "pairing_no": s.pairing_no,
            "rating": s.rating,
            "score": s.score.as_f64(),
            "games": s.counts.games,
            "wins": s.counts.wins,
            "draws": s.counts.draws,
            "losses": s.counts.losses,
            "place": s.place,
            "players": s.players,
            "won": s.won.is_some(),
            "shared": s.won == Some(true),
            "performance": s.performance,
            "rounds_played": s.rounds_played,
            "rounds": s.event.rounds,
            "withdrawn_after": s.withdrawn_after,
            "prize_cents": s.prize_money.0,
        })).collect::<Vec<_>>(),
        "rating_lists": h.rating_lists.iter().map(|r| json!({
            "system": r.system, "list": r.list, "date": r.day, "from": r.from, "to": r.to,
        })).collect::<Vec<_>>(),
        "prize_money_by_season": h.prize_money_by_season().iter().map(|(season, m)| json!({
            "season": season, "cents": m.0,
        })).collect::<Vec<_>>(),
        "career": {
            "events": c.events,
            "games": c.counts.games,
            "wins": c.counts.wins,
            "draws": c.counts.draws,
            "losses": c.counts.losses,
            "points": c.counts.points().as_f64(),
            "score_pct": c.percent().map(number),
            "events_won": c.events_won,
            "shared_wins": c.shared_wins,
        },
    })
}

fn h2h_text(a: &Player, b: &Player, games: &[H2hGame], f: Format) -> String {
    let mut t = Table::new(&[
        "season", "event", "section", "round", "date", "colour", "result", "tally",
    ])
    .right(&[3]);
    for g in games {
        let m = &g.meeting;
        t.push(vec![
            m.season.clone(),
            m.event.clone(),
            m.section.clone(),
            m.round.to_string(),
            opt(&m.date),
            match colour_of_a(m) {
                crate::domain::record::Colour::White => "White".into(),
                crate::domain::record::Colour::Black => "Black".into(),
            },
            g.outcome.words().to_string(),
            if f == Format::Csv {
                format!(
                    "{}-{}",
                    g.tally.a_points.decimal(),
                    g.tally.b_points.decimal()
                )
            } else {
                g.tally.score()
            },
        ]);
    }
    if f != Format::Text {
        return t.render(f);
    }
    let mut out = format!(
        "{} against {} (colour and result are {}'s):\n\n",
        describe_player(a),
        describe_player(b),
        a.name
    );
    let Some(last) = games.last().map(|g| g.tally) else {
        out.push_str("They have not met.\n");
        return out;
    };
    out.push_str(&t.render(f));
    out.push_str(&format!(
        "\n{} game{} over the board: {} won {}, drew {}, lost {}; {} {}",
        last.games,
        plural(last.games),
        a.name,
        last.a_wins,
        last.draws,
        last.b_wins,
        a.name,
        last.score()
    ));
    if last.forfeits > 0 {
        out.push_str(&format!(
            "; {} forfeit{} not counted",
            last.forfeits,
            plural(last.forfeits)
        ));
    }
    out.push_str(".\n");
    out
}

fn h2h_json(a: &Player, b: &Player, games: &[H2hGame]) -> Json {
    let tally = |t: &crate::domain::history::Tally| {
        json!({
            "games": t.games, "wins": t.a_wins, "draws": t.draws, "losses": t.b_wins,
            "points": t.a_points.as_f64(), "opponent_points": t.b_points.as_f64(),
            "forfeits": t.forfeits,
        })
    };
    let last = games.last().map(|g| g.tally).unwrap_or_default();
    json!({
        "player": player_ref(a),
        "opponent": player_ref(b),
        "games": games.iter().map(|g| {
            let m = &g.meeting;
            let (white, black) = if m.a_white { (&a.name, &b.name) } else { (&b.name, &a.name) };
            json!({
                "season": m.season, "event": m.event, "section": m.section,
                "round": m.round, "date": m.date, "board": m.board,
                "white": white, "black": black,
                "result": if m.result == "1/2-1/2" { "½-½" } else { m.result.as_str() },
                "outcome": g.outcome.name(),
                "tally": tally(&g.tally),
            })
        }).collect::<Vec<_>>(),
        "tally": tally(&last),
    })
}

fn winners_table(w: &[SectionWinners], with_season: bool, f: Format) -> Table {
    let mut header = vec![];
    if with_season {
        header.push("season");
    }
    header.extend(["event", "section", "players", "winner", "score", "note"]);
    let n = header.len();
    let mut t = Table::new(&header).right(&[n - 4, n - 2]);
    for s in w {
        let mut row = vec![];
        if with_season {
            row.push(s.event.season.clone());
        }
        let mut notes = vec![];
        if s.shared() {
            notes.push("shared".to_string());
        }
        if s.rounds_played == 0 {
            notes.push("no round played".into());
        } else if !s.complete() {
            notes.push(format!(
                "not finished: after round {} of {}{}",
                s.rounds_played,
                s.event.rounds,
                match s.missing {
                    0 => String::new(),
                    1 => ", 1 result missing".into(),
                    n => format!(", {n} results missing"),
                }
            ));
        }
        let names = s
            .winners
            .iter()
            .map(|w| w.name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        row.extend([
            s.event.name.clone(),
            s.section.name.clone(),
            s.players.to_string(),
            // An unfinished event has a leader, not a winner.
            if s.complete() || names.is_empty() {
                names
            } else {
                format!("{names} (leading)")
            },
            s.winners
                .first()
                .map(|w| pts(w.score, f))
                .unwrap_or_default(),
            notes.join("; "),
        ]);
        t.push(row);
    }
    t
}

fn winners_json(s: &SectionWinners) -> Json {
    json!({
        "season": s.event.season,
        "event": s.event.name,
        "section": s.section.name,
        "players": s.players,
        "rounds_played": s.rounds_played,
        "rounds": s.event.rounds,
        "complete": s.complete(),
        "missing_results": s.missing,
        // Winners only once every round is in; the leaders always.
        "winners": s.winners.iter().filter(|_| s.complete()).map(|w| w.name.clone()).collect::<Vec<_>>(),
        "leaders": s.winners.iter().map(|w| w.name.clone()).collect::<Vec<_>>(),
        "score": s.winners.first().map(|w| w.score.as_f64()),
        "shared": s.shared(),
    })
}

fn gp_table(gp: &SeasonGrandPrix, t: &GpTable, with_name: bool, f: Format) -> Table {
    let mut header: Vec<String> = vec![];
    if with_name {
        header.push("table".into());
    }
    header.extend(["place".into(), "name".into(), "total".into()]);
    let first_event = header.len();
    header.extend(gp.events.iter().map(|e| e.name.clone()));
    if gp.rules.bonus > 0 {
        header.push("bonus".into());
    }
    header.extend(["events".into(), "won".into()]);
    let refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let cols: Vec<usize> = (first_event - 1..header.len()).collect();
    let mut table = Table::new(&refs).right(&cols);
    for r in &t.rows {
        let mut row = vec![];
        if with_name {
            row.push(t.name.clone());
        }
        row.extend([r.place.clone(), r.name.clone(), val(r.total, f)]);
        for e in &r.results {
            row.push(match e {
                None if f == Format::Csv => String::new(),
                None => "–".into(),
                Some(e) if e.counted => val(e.points, f),
                Some(e) => format!("({})", val(e.points, f)),
            });
        }
        if gp.rules.bonus > 0 {
            row.push(val(r.bonus, f));
        }
        row.extend([r.events_entered.to_string(), r.events_won.to_string()]);
        table.push(row);
    }
    table
}

fn season_text(s: &SeasonSummary, f: Format) -> String {
    let sections = winners_table(&s.sections, false, f);
    if f == Format::Csv {
        let mut out = sections.render(f);
        if let Some(gp) = &s.grand_prix {
            let mut all: Option<Table> = None;
            for t in &gp.standings.tables {
                let table = gp_table(gp, t, true, f);
                match &mut all {
                    None => all = Some(table),
                    Some(a) => a.rows.extend(table.rows),
                }
            }
            if let Some(a) = all {
                out.push('\n');
                out.push_str(&a.render(f));
            }
        }
        return out;
    }
    let mut out = String::new();
    if f == Format::Text {
        out.push_str(&format!("Season {}", s.season.name));
        if let (Some(a), Some(b)) = (&s.season.start_date, &s.season.end_date) {
            out.push_str(&format!(" ({a} to {b})"));
        }
        out.push_str(&format!(
            ": {} event{}\n\n",
            s.events.len(),
            plural(s.events.len() as u32)
        ));
    }
    if s.sections.is_empty() {
        out.push_str("No sections of individual events yet.\n");
    } else {
        out.push_str(&sections.render(f));
    }
    let teams: Vec<&str> = s
        .events
        .iter()
        .filter(|e| e.kind.is_team())
        .map(|e| e.name.as_str())
        .collect();
    if !teams.is_empty() {
        out.push_str(&format!(
            "Team events (see their own standings): {}.\n",
            teams.join(", ")
        ));
    }
    match &s.grand_prix {
        None => out.push_str(
            "\nNo grand prix: set its rules with `league season grand-prix` to see season-long tables.\n",
        ),
        Some(gp) => {
            out.push_str("\nGrand prix. Rules:\n");
            for line in gp.rules.describe() {
                out.push_str(&format!("  {line}\n"));
            }
            if gp.rules.best.is_some() {
                out.push_str("  Results in parentheses do not count.\n");
            }
            let open = unfinished(s, gp);
            if !open.is_empty() {
                out.push_str(&format!(
                    "Provisional: not finished yet: {}.\n",
                    open.join(", ")
                ));
            }
            if gp.standings.tables.is_empty() {
                out.push_str("\nNo event of the season has a complete round yet.\n");
            }
            for t in &gp.standings.tables {
                out.push_str(&format!("\n{}\n", table_title(&gp.rules, &t.name)));
                out.push_str(&gp_table(gp, t, false, f).render(f));
            }
        }
    }
    out
}

/// The counted events not finished yet ("Winter Swiss (after round 2 of 5)"):
/// their points may still change.
fn unfinished(s: &SeasonSummary, gp: &SeasonGrandPrix) -> Vec<String> {
    gp.events
        .iter()
        .filter_map(|e| {
            let played = s
                .sections
                .iter()
                .filter(|x| x.event.id == e.id && x.rounds_played > 0)
                .map(|x| x.rounds_played)
                .min()?;
            (played < e.rounds as usize)
                .then(|| format!("{} (after round {played} of {})", e.name, e.rounds))
        })
        .collect()
}

fn table_title(rules: &Rules, name: &str) -> String {
    match rules.by {
        Split::Overall => "Standings".into(),
        Split::Section => format!("Section {name}"),
        Split::Band => format!("Rating band {name}"),
    }
}

fn season_json(s: &SeasonSummary) -> Json {
    let events: Vec<Json> = s
        .events
        .iter()
        .map(|e| {
            json!({
                "event": e.name,
                "kind": e.kind,
                "rounds": e.rounds,
                "start": e.start_date,
                "end": e.end_date,
                "sections": s.sections.iter().filter(|x| x.event.id == e.id).map(winners_json).collect::<Vec<_>>(),
            })
        })
        .collect();
    let gp = s.grand_prix.as_ref().map(|gp| {
        json!({
            "rules": serde_json::to_value(&gp.rules).unwrap_or_default(),
            "rules_text": gp.rules.describe(),
            "events": gp.events.iter().map(|e| e.name.clone()).collect::<Vec<_>>(),
            "unfinished": unfinished(s, gp),
            "tables": gp.standings.tables.iter().map(|t| json!({
                "name": t.name,
                "rows": t.rows.iter().map(|r| json!({
                    "place": r.place,
                    "player_id": r.player,
                    "name": r.name,
                    "total": number(r.total),
                    "bonus": number(r.bonus),
                    "events_entered": r.events_entered,
                    "events_won": r.events_won,
                    "results": r.results.iter().zip(&gp.events).map(|(x, e)| match x {
                        None => Json::Null,
                        Some(x) => json!({"event": e.name, "points": number(x.points), "counted": x.counted, "won": x.won}),
                    }).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
    });
    json!({
        "season": s.season.name,
        "start": s.season.start_date,
        "end": s.season.end_date,
        "events": events,
        "grand_prix": gp,
    })
}
