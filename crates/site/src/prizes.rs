//! The prizes block of a section page (issue 18): once an event's last
//! round is in, who won which prize and the working, from the same award
//! `league prizes` prints ([`crate::report::prizes`]). Kept apart from the
//! rest of the section page: its own model here, its own template
//! (`templates/site/prizes.html`), one optional field on the page body.

use std::collections::HashMap;

use crate::domain::ids::{EventId, SectionId};
use crate::domain::prizes::{Reward, Split};
use crate::error::Result;
use crate::report::prizes::award_parts;
use crate::report::SectionReport;
use crate::store::prize::StoredPrize;
use crate::store::Reader;

/// Each section's prize list and its event's split, by section id (only
/// sections that have prizes).
pub type PrizeLists = HashMap<SectionId, (Vec<StoredPrize>, Split)>;

/// Read the prize lists of these sections.
pub fn load(conn: &Reader, sections: &[(EventId, SectionId)]) -> Result<PrizeLists> {
    let mut out = PrizeLists::new();
    for &(event_id, section_id) in sections {
        let list = crate::store::prize::prizes(conn, section_id)?;
        if !list.is_empty() {
            let split = crate::store::event_detail::details(conn, event_id)?.prize_split;
            out.insert(section_id, (list, split));
        }
    }
    Ok(out)
}

/// The block as the page shows it.
pub struct PrizeBlock {
    /// One row per winner and payout, in standings order (a player with two
    /// payouts has two rows, in the order the prizes were paid).
    pub rows: Vec<PrizeRow>,
    /// The working, one line per payout, then the unawarded prizes.
    pub working: Vec<String>,
}

/// One winner's line.
pub struct PrizeRow {
    /// The winner's place as the standings print it ("1", "2-4" when tied).
    pub place: String,
    /// The winner's name, as the section lists them.
    pub name: String,
    /// The prize or prizes paid out together (pooled when tied), their
    /// labels joined by " + ".
    pub prize: String,
    /// What this winner gets of it: the cash share, or the item.
    pub gets: String,
}

/// The block for a finished section with prizes; `None` otherwise (no
/// prizes shown while rounds are still to come).
pub fn block(r: &SectionReport, lists: &PrizeLists) -> Option<PrizeBlock> {
    let (stored, split) = lists.get(&r.section.id)?;
    if r.complete_rounds < r.event.rounds as usize || !r.missing.is_empty() {
        return None;
    }
    let (contestants, _, awards) = award_parts(r, stored, *split);
    let mut rows = Vec::new();
    let mut working = Vec::new();
    for (k, p) in awards.payouts.iter().enumerate() {
        let labels: Vec<String> = p.prizes.iter().map(|&i| stored[i].prize.label()).collect();
        for (c, reward) in &p.winners {
            rows.push((
                *c,
                k,
                PrizeRow {
                    place: r.standings.rows[*c].place.clone(),
                    name: contestants[*c].name.clone(),
                    prize: labels.join(" + "),
                    gets: match reward {
                        Reward::Cash(m) => m.to_string(),
                        Reward::Item(s) => s.clone(),
                    },
                },
            ));
        }
        working.push(p.working.clone());
    }
    // In standings order, as the table above it.
    rows.sort_by_key(|x| (x.0, x.1));
    let rows = rows.into_iter().map(|x| x.2).collect();
    for (i, why) in &awards.unawarded {
        working.push(format!("{}: {why}", stored[*i].prize.label()));
    }
    Some(PrizeBlock { rows, working })
}
