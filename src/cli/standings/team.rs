//! `league standings` for a team event: the same flags and formats as for
//! individual sections (`--after-round`, `--tiebreaks`, `--format`,
//! `--explain TEAM`, `--decimals`), read through
//! [`crate::report::team::team_report`].

use serde_json::{json, Value as Json};

use crate::cli::output::{points, print_standings, show, Format, Table};
use crate::domain::league::Event;
use crate::domain::score::Points;
use crate::domain::team::RankBy;
use crate::error::Result;
use crate::report::team::{team_report, TeamReport};
use crate::report::ReportOptions;
use crate::store::Store;

/// How `league standings` was asked to print a team event.
pub struct View<'a> {
    /// Text, JSON, CSV or Markdown.
    pub format: Format,
    /// Half points as 3.5 instead of 3½.
    pub decimals: bool,
    /// The team whose working to show (`--explain TEAM`).
    pub explain: Option<&'a str>,
}

/// Print a team event's standings as `league standings` was asked.
pub fn run(store: &mut Store, event: &Event, opts: &ReportOptions, a: View) -> Result<()> {
    let report = team_report(store.conn(), event, opts)?;
    let explained = match a.explain {
        Some(name) => Some(report.find_team(name)?),
        None => None,
    };
    print_standings(
        a.format,
        || standings_json(&report, explained),
        || heading(&report),
        || standings_table(&report, a.decimals),
        &report.notes,
        explained.map(|t| explain_text(&report, t, a.decimals)),
    )
}

/// "County Team Swiss (2023-24): team standings after round 4 of 4".
pub fn heading(r: &TeamReport) -> String {
    let rules = r.rules();
    let mut s = format!(
        "{} ({}): team standings after round {} of {}\n",
        r.event.name, r.event.season, r.rounds_played, r.event.rounds
    );
    s.push_str(&format!(
        "Ranked on {}; match points {}/{}/{}; tiebreaks: {}",
        match rules.rank_by {
            RankBy::MatchPoints => "match points",
            RankBy::GamePoints => "game points",
        },
        rules.match_win,
        rules.match_draw,
        rules.match_loss,
        r.order.codes()
    ));
    if let Some(p) = r.order.preset {
        s.push_str(&format!(" (preset {p})"));
    }
    s.push('\n');
    s
}

/// The standings as a table: place, team, match and game points, tiebreaks.
pub fn standings_table(r: &TeamReport, decimals: bool) -> Table {
    let mut header: Vec<String> = ["place", "team", "match points", "game points"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(r.order.tiebreaks.iter().map(|t| t.code()));
    let refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new(&refs).right(&(2..header.len()).collect::<Vec<_>>());
    for row in &r.standings.rows {
        let mut cells = vec![
            row.place.clone(),
            r.loaded.teams[row.team].name.clone(),
            points(row.match_points, decimals),
            points(row.game_points, decimals),
        ];
        cells.extend(row.values.iter().map(|v| show(*v, decimals)));
        t.push(cells);
    }
    t
}

/// The JSON of `league standings --format json` for a team event: rows
/// with `name` (the team), `score` (match points), `game_points`, and the
/// tiebreaks by code.
pub fn standings_json(r: &TeamReport, explained: Option<usize>) -> Json {
    let rows: Vec<Json> = r
        .standings
        .rows
        .iter()
        .map(|row| {
            let tb = super::working::tiebreaks_json(&r.order.tiebreaks, &row.values);
            let team = &r.loaded.teams[row.team];
            json!({
                "place": row.place,
                "rank": row.rank,
                "name": team.name,
                "short": team.short,
                "score": row.match_points.as_f64(),
                "game_points": row.game_points.as_f64(),
                "tiebreaks": tb,
            })
        })
        .collect();
    let mut out = json!({
        "season": r.event.season,
        "event": r.event.name,
        "kind": r.event.kind.as_str(),
        "rounds_played": r.rounds_played,
        "rank_by": match r.rules().rank_by { RankBy::MatchPoints => "match-points", RankBy::GamePoints => "game-points" },
        "tiebreaks": r.order.tiebreaks.iter().map(|t| t.code()).collect::<Vec<_>>(),
        "rows": rows,
    });
    if !r.notes.is_empty() {
        out["notes"] = json!(r.notes);
    }
    if let Some(t) = explained {
        out["explain"] = explain_json(r, t);
    }
    out
}

fn explain_json(r: &TeamReport, team: usize) -> Json {
    let items = super::working::working_json(&r.explain(team), |o| {
        r.loaded.teams.get(o).map(|o| o.name.clone())
    });
    json!({ "name": r.loaded.teams[team].name, "tiebreaks": items })
}

/// The working behind each tiebreak value of one team, in words.
pub fn explain_text(r: &TeamReport, team: usize, decimals: bool) -> String {
    let mut who = r.loaded.teams[team].name.clone();
    if let Some(row) = r.standings.row(team) {
        who.push_str(&format!(
            ": place {}, {} match point{}, {} game point{}",
            row.place,
            points(row.match_points, decimals),
            plural_s(row.match_points, decimals),
            points(row.game_points, decimals),
            plural_s(row.game_points, decimals)
        ));
    }
    super::working::working_text(who, &r.explain(team), decimals, true)
}

/// The "s" a score's noun takes: none for 1 or ½ written as fractions
/// ("1 match point"); decimals ("1.0 match points") always take it.
fn plural_s(p: Points, decimals: bool) -> &'static str {
    if !decimals && (p == Points::ONE || p == Points::HALF) {
        ""
    } else {
        "s"
    }
}
