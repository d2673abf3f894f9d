//! A rated section's estimated rating changes as the section page shows
//! them (the numbers come from [`crate::report::rating_change`]).

use super::model::{RatingRow, RatingTable, StandingRow};
use crate::report::rating_change::Estimates;
use crate::report::SectionReport;

/// The estimated rating changes of a rated section, in standings order
/// (`standings` is the page's rows, in the same order as the report's).
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
        .collect();
    Some(RatingTable {
        fide: est.fide.is_some(),
        uscf: est.uscf.is_some(),
        rows,
        notes: est.notes(),
    })
}
