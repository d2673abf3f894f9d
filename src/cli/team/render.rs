//! What `league team` prints: the list of teams, a team with its roster and
//! matches, the team rules, the team crosstable and the board prizes, as
//! text, JSON, CSV or Markdown. Plain values in, text out; the commands in
//! [`super`] find the values.

use serde_json::json;

use crate::cli::output::{Format, Table};
use crate::domain::league::Event;
use crate::domain::team::TeamRules;
use crate::report::team::TeamReport;
use crate::store::team::{describe_rules, RosterRow, TeamRow};
use crate::store::team_match::MatchRow;

/// A JSON value as `league` prints it: pretty, then a line end.
fn json_text(value: &serde_json::Value) -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(value).unwrap_or_default()
    )
}

/// `league team list`: each team with its roster's size (JSON: the rosters).
pub fn list(e: &Event, all: &[TeamRow], roster: &[RosterRow], format: Format) -> String {
    if format == Format::Json {
        let rows: Vec<_> = all
            .iter()
            .map(|t| {
                json!({
                    "name": t.name, "short": t.short, "withdrawn_after": t.withdrawn_after,
                    "players": roster.iter().filter(|r| r.team_id == t.id).map(|r| json!({"board": r.board, "name": r.name, "rating": r.rating})).collect::<Vec<_>>(),
                })
            })
            .collect();
        return json_text(&json!({"event": e.name, "season": e.season, "teams": rows}));
    }
    let mut table = Table::new(&["team", "short", "players", "withdrawn after"]).right(&[2]);
    for t in all {
        table.push(vec![
            t.name.clone(),
            t.short.clone().unwrap_or_default(),
            roster
                .iter()
                .filter(|r| r.team_id == t.id)
                .count()
                .to_string(),
            t.withdrawn_after
                .map(|w| format!("round {w}"))
                .unwrap_or_default(),
        ]);
    }
    table.render(format)
}

/// `league team show`: the team's roster in board order (boards beyond the
/// event's are alternates) and the matches it played (`played`, not in JSON).
pub fn show(
    e: &Event,
    t: &TeamRow,
    rules: &TeamRules,
    roster: &[RosterRow],
    played: &[MatchRow],
    format: Format,
) -> String {
    if format == Format::Json {
        return json_text(&json!({
            "name": t.name, "short": t.short, "withdrawn_after": t.withdrawn_after,
            "roster": roster.iter().map(|r| json!({"board": r.board, "name": r.name, "rating": r.rating, "alternate": r.board > rules.boards})).collect::<Vec<_>>(),
        }));
    }
    let mut out = String::new();
    if format == Format::Text {
        out.push_str(&format!("{} — {} ({})", t.name, e.name, e.season));
        if let Some(s) = &t.short {
            out.push_str(&format!(", short code {s}"));
        }
        if let Some(w) = t.withdrawn_after {
            out.push_str(&format!("; withdrew after round {w}"));
        }
        out.push_str("\n\n");
    }
    let mut table = Table::new(&["board", "player", "rating"]).right(&[0, 2]);
    for r in roster {
        table.push(vec![
            if r.board > rules.boards {
                format!("alt {}", r.board)
            } else {
                r.board.to_string()
            },
            r.name.clone(),
            r.rating.map(|x| x.to_string()).unwrap_or_default(),
        ]);
    }
    out.push_str(&table.render(format));
    if !played.is_empty() {
        out.push('\n');
        let mut m_table = Table::new(&["round", "match", "score"]).right(&[0]);
        for m in played {
            m_table.push(vec![
                m.round.to_string(),
                match &m.team_b {
                    Some(b) => format!("{} v {b}", m.team_a),
                    None => "team bye".into(),
                },
                if m.team_b.is_some() {
                    crate::cli::match_table::score_of(m)
                } else {
                    String::new()
                },
            ]);
        }
        out.push_str(&m_table.render(format));
    }
    out
}

/// What `league team roster` added: "Team: added A (board 1), B (board 2).".
pub fn added(t: &TeamRow, added: &[RosterRow]) -> String {
    let list: Vec<String> = added
        .iter()
        .map(|r| format!("{} (board {})", r.name, r.board))
        .collect();
    format!("{}: added {}.\n", t.name, list.join(", "))
}

/// A team's name and short code after `league team edit --team`.
pub fn renamed(t: &TeamRow) -> String {
    format!(
        "Team {}{}.\n",
        t.name,
        t.short
            .as_ref()
            .map(|s| format!(", short code {s}"))
            .unwrap_or_default()
    )
}

/// The event's team rules, one per line, in words.
pub fn rules(e: &Event, saved: &TeamRules) -> String {
    let mut out = format!("Team rules of {} ({}):\n", e.name, e.season);
    for (name, value) in describe_rules(saved) {
        out.push_str(&format!("  {name}: {value}\n"));
    }
    out
}

/// The crosstable of spec §5.13: text, markdown, csv (JSON: header and rows).
pub fn crosstable_output(r: &TeamReport, format: Format) -> String {
    let x = &r.crosstable;
    if format == Format::Json {
        return format!(
            "{}\n",
            serde_json::to_string_pretty(&json!({
                "season": r.event.season, "event": r.event.name, "rounds_played": r.rounds_played,
                "tiebreaks": r.order.tiebreaks.iter().map(|t| t.code()).collect::<Vec<_>>(),
                "header": x.header, "rows": x.rows,
            }))
            .unwrap_or_default()
        );
    }
    let header: Vec<&str> = x.header.iter().map(String::as_str).collect();
    let numeric: Vec<usize> = (0..x.header.len())
        .filter(|&i| i == 0 || (i >= 2 && i < 3 + r.order.tiebreaks.len()))
        .collect();
    let mut t = Table::new(&header).right(&numeric);
    for row in &x.rows {
        t.push(row.clone());
    }
    let mut out = String::new();
    if format == Format::Text {
        out.push_str(&format!(
            "{} ({}): team crosstable after round {} of {}\n",
            r.event.name, r.event.season, r.rounds_played, r.event.rounds
        ));
        let names: Vec<String> = r
            .order
            .tiebreaks
            .iter()
            .enumerate()
            .map(|(i, t)| format!("TBrk{} = {}", i + 1, t.code()))
            .collect();
        if !names.is_empty() {
            out.push_str(&format!("{}\n", names.join(", ")));
        }
        out.push('\n');
    }
    out.push_str(&t.render(format));
    if format == Format::Text {
        out.push_str("\nW/D/L: match won, drawn, lost against that number, then game points; -B-: team bye; X/F: match won/lost by forfeit; -U-: not paired.\n");
        for n in &r.notes {
            out.push_str(&format!("Note: {n}.\n"));
        }
    }
    out
}

/// Board prizes, board by board.
pub fn boards_output(r: &TeamReport, format: Format) -> String {
    let team_name = |i: usize| {
        r.loaded
            .teams
            .get(i)
            .map(|t| t.name.clone())
            .unwrap_or_default()
    };
    if format == Format::Json {
        let boards: Vec<_> = r
            .boards
            .iter()
            .map(|b| {
                json!({
                    "board": b.board,
                    "rows": b.rows.iter().map(|s| json!({
                        "place": s.place, "name": r.loaded.name(s.player), "team": team_name(s.team),
                        "points": s.points.as_f64(), "games": s.games, "forfeit_wins": s.forfeit_wins,
                        "percent": s.percent.map(|p| p.as_f64()), "qualified": s.qualified,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        return format!(
            "{}\n",
            serde_json::to_string_pretty(&json!({"season": r.event.season, "event": r.event.name, "rounds_played": r.rounds_played, "boards": boards})).unwrap_or_default()
        );
    }
    let mut t = Table::new(&[
        "board",
        "place",
        "player",
        "team",
        "points",
        "games",
        "%",
        "forfeit wins",
    ])
    .right(&[0, 4, 5, 6, 7]);
    for b in &r.boards {
        for s in &b.rows {
            t.push(vec![
                b.board.to_string(),
                if s.qualified {
                    s.place.clone()
                } else {
                    format!("({})", s.place)
                },
                r.loaded.name(s.player),
                team_name(s.team),
                s.points.fraction(),
                s.games.to_string(),
                s.percent.map(|p| p.decimal()).unwrap_or_else(|| "–".into()),
                s.forfeit_wins.to_string(),
            ]);
        }
    }
    let mut out = String::new();
    if format == Format::Text {
        out.push_str(&format!(
            "{} ({}): board prizes after round {} (games over the board only; places in brackets have too few games)\n\n",
            r.event.name, r.event.season, r.rounds_played
        ));
        if r.boards.is_empty() {
            out.push_str("No match has been recorded board by board yet.\n");
            return out;
        }
    }
    out.push_str(&t.render(format));
    out
}
