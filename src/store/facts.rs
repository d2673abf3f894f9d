//! Reads the per-round facts of a section from the `player_round` view (one
//! query per section) and turns them into the [`Tournament`] every
//! tiebreak reads.

use rusqlite::Connection;

use super::player::entries;
use crate::domain::league::{Entry, EventKind};
use crate::domain::record::{ByeKind, Colour, Format, Outcome, PlayerRecord, Round, Tournament};
use crate::error::Result;

/// A section's records, with the entries they belong to.
pub struct SectionFacts {
    /// Every created round; pending games count as absent here.
    pub tournament: Tournament,
    /// `entries[i]` is `tournament.players[i]`.
    pub entries: Vec<Entry>,
    /// Rounds created so far.
    pub created_rounds: usize,
    /// The last round n such that rounds 1..=n have every result in.
    pub complete_rounds: usize,
    /// Games paired but without a result, as (round, white index, black index).
    pub pending: Vec<(usize, usize, usize)>,
}

impl SectionFacts {
    /// The tournament as final standings should see it: up to the last
    /// complete round.
    pub fn complete(&self) -> Tournament {
        self.tournament.after_round(self.complete_rounds)
    }
}

fn outcome(text: &str, requested: Option<bool>) -> Outcome {
    let requested = requested.unwrap_or(false);
    match text {
        "win" => Outcome::Win,
        "draw" => Outcome::Draw,
        "loss" => Outcome::Loss,
        "forfeit-win" => Outcome::ForfeitWin,
        "forfeit-loss" => Outcome::ForfeitLoss,
        "double-forfeit" => Outcome::DoubleForfeit,
        "bye-full" => Outcome::Bye {
            kind: ByeKind::Full,
            requested,
        },
        "bye-half" => Outcome::Bye {
            kind: ByeKind::Half,
            requested,
        },
        "bye-zero" => Outcome::Bye {
            kind: ByeKind::Zero,
            requested,
        },
        _ => Outcome::Absent,
    }
}

/// One row of the `player_round` view, as read.
struct FactRow {
    entry_id: i64,
    round_no: i64,
    opponent: Option<i64>,
    colour: Option<String>,
    outcome: String,
    requested: Option<bool>,
}

fn fact_row(row: &rusqlite::Row, first: usize) -> rusqlite::Result<FactRow> {
    Ok(FactRow {
        entry_id: row.get(first)?,
        round_no: row.get(first + 1)?,
        opponent: row.get(first + 2)?,
        colour: row.get(first + 3)?,
        outcome: row.get(first + 4)?,
        requested: row.get(first + 5)?,
    })
}

/// Load a section's facts.
pub fn load_section(conn: &Connection, section_id: i64, kind: EventKind) -> Result<SectionFacts> {
    let mut st = conn.prepare_cached(
        "SELECT entry_id, round_no, opponent_entry_id, colour, outcome, bye_requested FROM player_round WHERE section_id = ?1",
    )?;
    let rows = st
        .query_map([section_id], |r| fact_row(r, 0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    build(conn, section_id, kind, rows)
}

/// Load the facts of many sections with one pass over the `player_round`
/// view (which SQLite computes over every game for each query, so one
/// query per section would read the whole league once per section). The
/// result follows the order of `sections`.
pub fn load_sections(
    conn: &Connection,
    sections: &[(i64, EventKind)],
) -> Result<Vec<SectionFacts>> {
    let mut wanted: std::collections::HashMap<i64, Vec<FactRow>> =
        sections.iter().map(|(id, _)| (*id, Vec::new())).collect();
    if !sections.is_empty() {
        let mut st = conn.prepare(
            "SELECT section_id, entry_id, round_no, opponent_entry_id, colour, outcome, bye_requested FROM player_round",
        )?;
        let mut rows = st.query([])?;
        while let Some(row) = rows.next()? {
            let section_id: i64 = row.get(0)?;
            if let Some(list) = wanted.get_mut(&section_id) {
                list.push(fact_row(row, 1)?);
            }
        }
    }
    sections
        .iter()
        .map(|&(id, kind)| build(conn, id, kind, wanted.remove(&id).unwrap_or_default()))
        .collect()
}

/// Turn a section's view rows into its facts.
fn build(
    conn: &Connection,
    section_id: i64,
    kind: EventKind,
    facts: Vec<FactRow>,
) -> Result<SectionFacts> {
    let entries = entries(conn, section_id)?;
    let created: i64 = conn.query_row(
        "SELECT COALESCE(MAX(number), 0) FROM round WHERE section_id = ?1",
        [section_id],
        |r| r.get(0),
    )?;
    let created = created.max(0) as usize;
    let index: std::collections::HashMap<i64, usize> =
        entries.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
    let mut players: Vec<PlayerRecord> = entries
        .iter()
        .map(|e| PlayerRecord {
            pairing_no: e.pairing_no,
            name: e.name.clone(),
            rating: e.rating,
            rounds: vec![Round::ABSENT; created],
            withdrawn_after: e.withdrawn_after,
        })
        .collect();
    let mut pending = Vec::new();
    let mut first_pending_round = usize::MAX;
    for row in facts {
        let round_no = row.round_no.max(0) as usize;
        let (Some(&i), Some(r)) = (index.get(&row.entry_id), round_no.checked_sub(1)) else {
            continue;
        };
        if r >= created {
            continue;
        }
        let opp = row.opponent.and_then(|o| index.get(&o).copied());
        if row.outcome == "pending" {
            first_pending_round = first_pending_round.min(r);
            if row.colour.as_deref() == Some("W") {
                if let Some(o) = opp {
                    pending.push((r + 1, i, o));
                }
            }
            continue;
        }
        players[i].rounds[r] = Round {
            outcome: outcome(&row.outcome, row.requested),
            opponent: opp,
            colour: match row.colour.as_deref() {
                Some("W") => Some(Colour::White),
                Some("B") => Some(Colour::Black),
                _ => None,
            },
        };
    }
    pending.sort();
    let format = if kind.is_round_robin() {
        Format::RoundRobin
    } else {
        Format::Swiss
    };
    Ok(SectionFacts {
        tournament: Tournament {
            format,
            rounds: created,
            players,
        },
        entries,
        created_rounds: created,
        complete_rounds: first_pending_round.min(created),
        pending,
    })
}
