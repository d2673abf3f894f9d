//! A section's prizes awarded from its standings: the prize list from the
//! store, the players in the order the event's tiebreaks rank them, the
//! rating each entry had in the event, and [`domain::prizes::award`]. The
//! commands, the site and `history player` read prizes through here.
//!
//! [`domain::prizes::award`]: crate::domain::prizes::award

use super::{section_report, ReportOptions, SectionReport};
use crate::domain::league::{Event, Section};
use crate::domain::prizes::{award, Awards, Contestant, Kind, Split};
use crate::error::Result;
use crate::store::event_detail;
use crate::store::prize::{prizes, StoredPrize};
use crate::store::Reader;

/// A section's prize award with what it was computed from.
pub struct PrizeReport {
    /// The section's standings the award was made from.
    pub report: SectionReport,
    /// The section's prize list as stored; the awards' prize indexes point
    /// into it.
    pub prizes: Vec<StoredPrize>,
    /// How the event shares prizes between tied players.
    pub split: Split,
    /// In standings order; `contestants[c]` is entry `entry_of[c]` of the
    /// report's facts.
    pub contestants: Vec<Contestant>,
    /// For each contestant, the index of its entry in the report's facts.
    pub entry_of: Vec<usize>,
    /// Who wins what, and the prizes nobody could win with the reason;
    /// contestant indexes point into `contestants`.
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
pub fn section_prizes(conn: &Reader, event: &Event, section: &Section) -> Result<PrizeReport> {
    let report = section_report(conn, event, section, &ReportOptions::default())?;
    let stored = prizes(conn, section.id)?;
    let split = event_detail::details(conn, event.id)?.prize_split;
    Ok(award_report(report, stored, split))
}

/// Award prizes from a report already computed (the site, history).
pub fn award_report(report: SectionReport, stored: Vec<StoredPrize>, split: Split) -> PrizeReport {
    let (contestants, entry_of, awards) = awards_for(&report, &stored, split);
    PrizeReport {
        report,
        prizes: stored,
        split,
        contestants,
        entry_of,
        awards,
    }
}

/// The money entry `entry` (an index into the report's facts) wins in a
/// section; zero without prizes or before the event's last round is in
/// (`history player` counts only prizes actually due).
pub fn money_of_entry(
    conn: &Reader,
    report: &SectionReport,
    entry: usize,
) -> Result<crate::domain::prizes::Money> {
    let stored = prizes(conn, report.section.id)?;
    let finished =
        report.complete_rounds >= report.event.rounds as usize && report.missing.is_empty();
    if stored.is_empty() || !finished {
        return Ok(crate::domain::prizes::Money(0));
    }
    let split = event_detail::details(conn, report.event.id)?.prize_split;
    let (_, entry_of, awards) = awards_for(report, &stored, split);
    Ok(match entry_of.iter().position(|&e| e == entry) {
        Some(c) => awards.money_of(c),
        None => crate::domain::prizes::Money(0),
    })
}

/// The contestants in standings order, which entry each is, and the
/// awards, for a report already computed (the site).
pub fn award_parts(
    report: &SectionReport,
    stored: &[StoredPrize],
    split: Split,
) -> (Vec<Contestant>, Vec<usize>, Awards) {
    awards_for(report, stored, split)
}

/// The contestants in standings order, which entry each is, and the awards.
fn awards_for(
    report: &SectionReport,
    stored: &[StoredPrize],
    split: Split,
) -> (Vec<Contestant>, Vec<usize>, Awards) {
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
    (contestants, entry_of, awards)
}
