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

/// Load a section's facts.
pub fn load_section(conn: &Connection, section_id: i64, kind: EventKind) -> Result<SectionFacts> {
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
    let mut st = conn.prepare_cached(
        "SELECT entry_id, round_no, opponent_entry_id, colour, outcome, bye_requested FROM player_round WHERE section_id = ?1",
    )?;
    let mut rows = st.query([section_id])?;
    while let Some(row) = rows.next()? {
        let entry_id: i64 = row.get(0)?;
        let round_no = row.get::<_, i64>(1)?.max(0) as usize;
        let opponent: Option<i64> = row.get(2)?;
        let colour: Option<String> = row.get(3)?;
        let text: String = row.get(4)?;
        let requested: Option<bool> = row.get(5)?;
        let (Some(&i), Some(r)) = (index.get(&entry_id), round_no.checked_sub(1)) else {
            continue;
        };
        if r >= created {
            continue;
        }
        let opp = opponent.and_then(|o| index.get(&o).copied());
        if text == "pending" {
            first_pending_round = first_pending_round.min(r);
            if colour.as_deref() == Some("W") {
                if let Some(o) = opp {
                    pending.push((r + 1, i, o));
                }
            }
            continue;
        }
        players[i].rounds[r] = Round {
            outcome: outcome(&text, requested),
            opponent: opp,
            colour: match colour.as_deref() {
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
