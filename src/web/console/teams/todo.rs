//! What needs doing in a team event, for the home page: matches with
//! boards still without a result, the next round to pair, withdrawn teams.

use super::matches::score_text;
use crate::app::team::board::match_score;
use crate::domain::league::{Event, Section};
use crate::error::Result;
use crate::store::pairing::{next_round, rounds_with_pairings};
use crate::store::team::teams;
use crate::store::team_match::round_matches;
use crate::store::Readable;
use crate::web::console::home::SectionTodo;

/// The home page's to-do of the team event `event` (its one `section`).
pub fn team_todo(conn: &impl Readable, event: &Event, section: &Section) -> Result<SectionTodo> {
    let all = round_matches(conn, event, None)?;
    let mut by_round: Vec<(u32, usize)> = Vec::new();
    let mut matches = Vec::new();
    for m in &all {
        let open = m.boards.iter().filter(|b| b.result.is_none()).count();
        if open == 0 {
            continue;
        }
        match by_round.last_mut() {
            Some((r, n)) if *r == m.round => *n += open,
            _ => by_round.push((m.round, open)),
        }
        matches.push(format!(
            "Round {}: {} v {} ({})",
            m.round,
            m.team_a,
            m.team_b.as_deref().unwrap_or_default(),
            score_text(&match_score(m))
        ));
    }
    let next = next_round(conn, section)?;
    Ok(SectionTodo {
        id: section.id.0,
        name: "Matches".to_string(),
        missing: by_round,
        latest: rounds_with_pairings(conn, section.id)?
            .last()
            .copied()
            .unwrap_or(0),
        next: (next <= event.rounds).then_some(next),
        requested: Vec::new(),
        withdrawn: teams(conn, event.id)?
            .into_iter()
            .filter_map(|t| {
                t.withdrawn_after
                    .map(|w| format!("{} (after round {w})", t.name))
            })
            .collect(),
        matches,
        team: true,
    })
}
