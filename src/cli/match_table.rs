//! The table of a team round's matches, board by board (`league match
//! show`, `league round sheet` and `league round pair` on a team event), in
//! text, JSON, CSV or Markdown. Its own file so that the commands that print
//! it do not depend on each other.

use serde_json::json;

use super::output::{print, print_json, Format, Table};
use crate::domain::game::GameResult;
use crate::domain::score::Points;
use crate::error::Result;
use crate::store::team as teams;
use crate::store::team_match as matches;

/// "3½-½" from the stored score or the boards; empty while a paired match
/// has no result yet.
pub fn score_of(m: &matches::MatchRow) -> String {
    if let Some((a, b)) = m.score {
        return format!("{a}-{b}");
    }
    if !m.boards.is_empty() && m.boards.iter().all(|g| g.result.is_none()) {
        // Paired, not played yet.
        return String::new();
    }
    let (mut a, mut b) = (Points::ZERO, Points::ZERO);
    for g in &m.boards {
        let Some(r) = g.result.as_deref().and_then(GameResult::from_stored) else {
            continue;
        };
        let o = teams::outcome_for_home(r, g.white_is_a).points();
        a += o.0;
        b += o.1;
    }
    format!("{a}-{b}")
}

/// A round's matches (or every round's) for `event`, as the json
/// `league match show` prints.
pub fn matches_json(event: &str, all: &[matches::MatchRow]) -> serde_json::Value {
    let rows: Vec<_> = all
        .iter()
        .map(|m| {
            json!({
                "round": m.round, "team_a": m.team_a, "team_b": m.team_b,
                "bye": m.team_b.is_none(),
                "score": m.team_b.as_ref().map(|_| score_of(m)).filter(|s| !s.is_empty()),
                "by_score_alone": m.score.is_some(),
                "boards": m.boards.iter().map(|b| json!({
                    "board": b.board, "white": b.white, "black": b.black,
                    "white_team": if b.white_is_a { &m.team_a } else { m.team_b.as_ref().unwrap_or(&m.team_a) },
                    "result": b.result,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({"event": event, "matches": rows})
}

/// Print a round's matches (or every round's) for `event`.
pub fn print_matches(event: &str, all: &[matches::MatchRow], format: Format) -> Result<()> {
    if format == Format::Json {
        print_json(&matches_json(event, all))?;
        return Ok(());
    }
    let mut t = Table::new(&[
        "round", "match", "score", "board", "white", "black", "result",
    ])
    .right(&[0, 3]);
    for m in all {
        let title = match &m.team_b {
            Some(b) => format!("{} v {b}", m.team_a),
            None => format!("{} (team bye)", m.team_a),
        };
        let score = if m.team_b.is_some() {
            score_of(m)
        } else {
            String::new()
        };
        t.push(vec![
            m.round.to_string(),
            title,
            score,
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ]);
        for b in &m.boards {
            t.push(vec![
                String::new(),
                String::new(),
                String::new(),
                b.board.map(|x| x.to_string()).unwrap_or_default(),
                b.white.clone(),
                b.black.clone(),
                b.result
                    .as_deref()
                    .and_then(GameResult::from_stored)
                    .map(|r| r.pretty().to_string())
                    .unwrap_or_else(|| "no result".into()),
            ]);
        }
    }
    if all.is_empty() {
        print("No matches recorded for that round yet.\n")?;
        return Ok(());
    }
    print(&t.render(format))?;
    Ok(())
}
