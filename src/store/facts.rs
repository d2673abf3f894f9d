//! Reads the per-round facts of a section (what the `player_round` view
//! shows, read from its sources: one query for the games, one for the byes)
//! and turns them into the [`Tournament`] every tiebreak reads.

use super::player::entries;
use super::Readable;
use crate::domain::ids::{EntryId, RoundId, SectionId};
use crate::domain::league::{Entry, EventKind};
use crate::domain::record::{ByeKind, Colour, Format, Outcome, PlayerRecord, Round, Tournament};
use crate::error::Result;

/// A section's records, with the entries they belong to.
pub struct SectionFacts {
    /// Every created round; pending games count as absent here.
    pub tournament: Tournament,
    /// `entries[i]` is `tournament.players[i]`.
    pub entries: Vec<Entry>,
    /// Rounds paired so far (the last round with a game or a bye the
    /// pairing gave; rounds holding only requested byes do not count).
    pub created_rounds: usize,
    /// The last round n such that rounds 1..=n have every result in.
    pub complete_rounds: usize,
    /// Games paired but without a result, as (round, white index, black index).
    pub pending: Vec<(usize, usize, usize)>,
    /// The board numbers the games were recorded with, as (round, White's
    /// index, board), sorted; games recorded without a board are not here.
    pub boards: Vec<(usize, usize, u32)>,
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

/// A stored game result as (White's, Black's) outcome, the mapping of the
/// `game_side` view; `None` while the game is pending (no result, or one
/// the view does not know).
fn side_outcomes(result: Option<&str>) -> Option<(Outcome, Outcome)> {
    use Outcome::*;
    Some(match result? {
        "1-0" => (Win, Loss),
        "0-1" => (Loss, Win),
        "1/2-1/2" => (Draw, Draw),
        // Played and lost by both (V20): a loss over the board for each.
        "0-0" => (Loss, Loss),
        "1F-0F" => (ForfeitWin, ForfeitLoss),
        "0F-1F" => (ForfeitLoss, ForfeitWin),
        "0F-0F" => (DoubleForfeit, DoubleForfeit),
        _ => return None,
    })
}

/// Load a section's facts.
///
/// These are the `player_round` view's facts, read from its two sources
/// directly: the section's games (`game`, each read once and seen from
/// both sides as `game_side` shows them) and its byes (`bye`), each one
/// indexed range scan (V13). Every other
/// entry-round is absent, as in `player_round`, and a game takes
/// precedence over a bye as there. Reading the view itself costs three
/// index look-ups per entry per round, about four times as long for a
/// 1,000-player section.
pub fn load_section(
    conn: &impl Readable,
    section_id: SectionId,
    kind: EventKind,
) -> Result<SectionFacts> {
    let conn = super::sql(conn);
    let entries = entries(conn, section_id)?;
    let mut round_no: Vec<(RoundId, usize)> = Vec::new();
    {
        let mut st = conn.prepare_cached("SELECT id, number FROM round WHERE section_id = ?1")?;
        let mut rows = st.query([section_id])?;
        while let Some(row) = rows.next()? {
            round_no.push((row.get(0)?, row.get::<_, i64>(1)?.max(0) as usize));
        }
    }
    // Only paired rounds count (see `round::paired_rounds`): a round that
    // holds nothing but requested byes is a request for the future.
    let created = super::round::paired_rounds(conn, section_id)?
        .last()
        .map_or(0, |&n| n as usize);
    // Ids to positions, sorted for binary search (a few hundred entries and
    // a dozen rounds: cheaper than hashing, which was a tenth of the work).
    round_no.sort_unstable();
    let mut by_id: Vec<(EntryId, usize)> =
        entries.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
    by_id.sort_unstable();
    fn find<K: Ord + Copy>(ids: &[(K, usize)], id: K) -> Option<usize> {
        ids.binary_search_by_key(&id, |x| x.0)
            .ok()
            .map(|k| ids[k].1)
    }
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
    // (entry, round) pairs with a game, pending or not: a bye there is ignored.
    let mut has_game = vec![false; entries.len() * created];
    let mut pending = Vec::new();
    let mut boards = Vec::new();
    let mut first_pending_round = usize::MAX;
    // The entry index and 0-based round of a row, if both are this section's.
    let place = |entry_id: EntryId, round_id: RoundId| -> Option<(usize, usize)> {
        let i = find(&by_id, entry_id)?;
        let r = find(&round_no, round_id)?.checked_sub(1)?;
        (r < created).then_some((i, r))
    };
    {
        // Each game once, both sides read from it (as `game_side` shows
        // them: White's row, then Black's, the result from each side).
        let mut st = conn.prepare_cached(
            "SELECT white_entry, black_entry, round_id, result, board FROM game WHERE section_id = ?1",
        )?;
        let mut rows = st.query([section_id])?;
        while let Some(row) = rows.next()? {
            let white: Option<EntryId> = row.get(0)?;
            let black: Option<EntryId> = row.get(1)?;
            let round_id: RoundId = row.get(2)?;
            // Anything but a known result text reads as pending, as in the view.
            let result = side_outcomes(row.get_ref(3)?.as_str_or_null().ok().flatten());
            let board: Option<i64> = row.get(4)?;
            if let (Some(b), Some((i, r))) = (board, white.and_then(|e| place(e, round_id))) {
                boards.push((r + 1, i, b.max(1) as u32));
            }
            for (me, other, colour, outcome) in [
                (white, black, Colour::White, result.map(|r| r.0)),
                (black, white, Colour::Black, result.map(|r| r.1)),
            ] {
                let Some((i, r)) = me.and_then(|e| place(e, round_id)) else {
                    continue;
                };
                has_game[i * created + r] = true;
                let opp = other.and_then(|o| find(&by_id, o));
                let Some(outcome) = outcome else {
                    first_pending_round = first_pending_round.min(r);
                    if colour == Colour::White {
                        if let Some(o) = opp {
                            pending.push((r + 1, i, o));
                        }
                    }
                    continue;
                };
                players[i].rounds[r] = Round {
                    outcome,
                    opponent: opp,
                    colour: Some(colour),
                };
            }
        }
    }
    {
        let mut st = conn.prepare_cached(
            "SELECT entry_id, round_id, 'bye-' || kind, requested FROM bye WHERE section_id = ?1",
        )?;
        let mut rows = st.query([section_id])?;
        while let Some(row) = rows.next()? {
            let Some((i, r)) = place(row.get(0)?, row.get(1)?) else {
                continue;
            };
            if has_game[i * created + r] {
                continue;
            }
            let text: String = row.get(2)?;
            let requested: Option<bool> = row.get(3)?;
            players[i].rounds[r] = Round {
                outcome: outcome(&text, requested),
                opponent: None,
                colour: None,
            };
        }
    }
    pending.sort();
    boards.sort();
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
        boards,
    })
}
