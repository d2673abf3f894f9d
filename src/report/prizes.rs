//! A section's prizes awarded from its standings: the prize list from the
//! store, the players in the order the event's tiebreaks rank them, the
//! rating each entry had in the event, and [`domain::prizes::award`]. The
//! commands, the site and `history player` read prizes through here.
//!
//! [`domain::prizes::award`]: crate::domain::prizes::award

use rusqlite::Connection;

use super::{section_report, ReportOptions, SectionReport};
use crate::domain::league::{Event, Section};
use crate::domain::prizes::{award, Awards, Contestant, Kind, Split};
use crate::error::Result;
use crate::store::event_detail;
use crate::store::prize::{prizes, StoredPrize};

/// A section's prize award with what it was computed from.
pub struct PrizeReport {
    pub report: SectionReport,
    pub prizes: Vec<StoredPrize>,
    pub split: Split,
    /// In standings order; `contestants[c]` is entry `entry_of[c]` of the
    /// report's facts.
    pub contestants: Vec<Contestant>,
    pub entry_of: Vec<usize>,
    pub awards: Awards,
}

impl PrizeReport {
    /// Whether every round of the event is in: before that, prizes are
    /// only what they would be if the event ended now.
    pub fn final_(&self) -> bool {
        self.report.complete_rounds >= self.report.event.rounds as usize
            && self.report.missing.is_empty()
    }
}

/// Award a section's prizes from its current standings.
pub fn section_prizes(conn: &Connection, event: &Event, section: &Section) -> Result<PrizeReport> {
    let report = section_report(conn, event, section, &ReportOptions::default())?;
    let stored = prizes(conn, section.id)?;
    let split = event_detail::details(conn, event.id)?.prize_split;
    Ok(award_report(report, stored, split))
}

/// Award prizes from a report already computed (the site, history).
pub fn award_report(report: SectionReport, stored: Vec<StoredPrize>, split: Split) -> PrizeReport {
    let entry_of: Vec<usize> = report.standings.rows.iter().map(|r| r.player).collect();
    let contestants: Vec<Contestant> = report
        .standings
        .rows
        .iter()
        .map(|r| {
            let e = &report.facts.entries[r.player];
            Contestant {
                name: e.name.clone(),
                rating: e.rating,
                score: r.score,
            }
        })
        .collect();
    let list: Vec<_> = stored
        .iter()
        .map(|s| {
            let mut p = s.prize.clone();
            if let Kind::Special { winner, .. } = &mut p.kind {
                *winner = s.winner_entry.and_then(|id| {
                    entry_of
                        .iter()
                        .position(|&i| report.facts.entries[i].id == id)
                });
            }
            p
        })
        .collect();
    let awards = award(&list, &contestants, split);
    PrizeReport {
        report,
        prizes: stored,
        split,
        contestants,
        entry_of,
        awards,
    }
}
