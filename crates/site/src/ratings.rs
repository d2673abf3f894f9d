//! A rated section's estimated rating changes as the section page shows
//! them (the numbers come from [`crate::report::rating_change`]).

use super::model::{GameEstimate, Link, RatingRow, RatingTable, StandingRow};
use crate::report::rating_change::Estimates;
use crate::report::SectionReport;

/// The estimated rating changes of a rated section, in standings order
/// (`standings` is the page's rows, in the same order as the report's);
/// none until some player has an estimate (a round paired with no result
/// in yet would show a table of empty cells).
pub fn table(r: &SectionReport, est: &Estimates, standings: &[StandingRow]) -> Option<RatingTable> {
    if !est.any() {
        return None;
    }
    let rows = r
        .standings
        .rows
        .iter()
        .zip(standings)
        .map(|(row, shown)| RatingRow {
            player: shown.player.clone(),
            rating: shown.rating.clone(),
            fide: est.fide_cell(row.player).unwrap_or_default(),
            uscf: est.uscf_cell(row.player).unwrap_or_default(),
        })
        .collect::<Vec<RatingRow>>();
    if rows.iter().all(|r| r.fide.is_empty() && r.uscf.is_empty()) {
        return None;
    }
    Some(RatingTable {
        fide: est.fide.is_some(),
        uscf: est.uscf.is_some(),
        rows,
        notes: est.notes(),
    })
}

/// Round `round`'s estimated FIDE changes, a row per player with an
/// estimate, in the order of the section's players; `link(i)` links entry
/// `i` from the round page. Empty when the section is not FIDE-rated.
pub fn round_estimates(
    est: &Estimates,
    round: usize,
    link: &dyn Fn(usize) -> Link,
) -> Vec<GameEstimate> {
    let Some(all) = &est.fide else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (p, change) in all.iter().enumerate() {
        let Some(c) = change else { continue };
        for g in c.games.iter().filter(|g| g.game.round == round) {
            out.push(GameEstimate {
                player: link(p),
                rating: c.rating,
                opponent: link(g.game.opponent),
                opponent_rating: g.game.opponent_rating,
                score: match g.game.halves {
                    2 => "1",
                    1 => "½",
                    _ => "0",
                }
                .to_string(),
                expected: format!("{}.{:02}", g.expected / 100, g.expected % 100),
                change: format!(
                    "{}{}",
                    crate::domain::rating_change::fide::signed(g.change),
                    if c.k.assumed { "*" } else { "" }
                ),
            });
        }
    }
    out
}

/// Entry `player`'s estimates for their player page: "FIDE -15.4*",
/// "US Chess 1776 (-24)", both joined by "; ", or empty when the section
/// is not rated or the player has none.
pub fn player_estimate(est: &Estimates, player: usize) -> String {
    let fide = est.fide_cell(player).filter(|c| !c.is_empty());
    let uscf = est.uscf_cell(player).filter(|c| !c.is_empty());
    let parts: Vec<String> = [
        fide.map(|c| format!("FIDE {c}")),
        uscf.map(|c| format!("US Chess {c}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    parts.join("; ")
}
