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

/// A `player_round` outcome as the domain's ("win", "bye-half", ...):
/// the one place the view's words become [`Outcome`]s. `None` for a game
/// still without a result ("pending").
pub(crate) fn player_outcome(text: &str, requested: Option<bool>) -> Option<Outcome> {
    (text != "pending").then(|| outcome(text, requested))
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
    // Only paired rounds count (see `round::paired_rounds`): a round that
    // holds nothing but requested byes is a request for the future.
    let created = super::round::paired_rounds(conn, section_id)?
        .last()
        .map_or(0, |&n| n as usize);
    let places = Places::new(conn, section_id, &entries, created)?;
    let mut read = Read {
        players: entries
            .iter()
            .map(|e| PlayerRecord {
                pairing_no: e.pairing_no,
                name: e.name.clone(),
                rating: e.rating,
                rounds: vec![Round::ABSENT; created],
                withdrawn_after: e.withdrawn_after,
            })
            .collect(),
        has_game: vec![false; entries.len() * created],
        pending: Vec::new(),
        boards: Vec::new(),
        first_pending_round: usize::MAX,
    };
    read.games(conn, section_id, &places)?;
    read.byes(conn, section_id, &places)?;
    read.pending.sort();
    read.boards.sort();
    let format = if kind.is_round_robin() {
        Format::RoundRobin
    } else {
        Format::Swiss
    };
    Ok(SectionFacts {
        tournament: Tournament {
            format,
            rounds: created,
            players: read.players,
        },
        entries,
        created_rounds: created,
        complete_rounds: read.first_pending_round.min(created),
        pending: read.pending,
        boards: read.boards,
    })
}

/// Ids to positions, sorted for binary search (a few hundred entries and a
/// dozen rounds: cheaper than hashing, which was a tenth of the work).
struct Places {
    /// (round id, round number).
    rounds: Vec<(RoundId, usize)>,
    /// (entry id, index in the entries).
    entries: Vec<(EntryId, usize)>,
    /// Rounds paired.
    created: usize,
}

impl Places {
    fn new(
        conn: &rusqlite::Connection,
        section_id: SectionId,
        entries: &[Entry],
        created: usize,
    ) -> Result<Places> {
        let mut rounds: Vec<(RoundId, usize)> = Vec::new();
        let mut st = conn.prepare_cached("SELECT id, number FROM round WHERE section_id = ?1")?;
        let mut rows = st.query([section_id])?;
        while let Some(row) = rows.next()? {
            rounds.push((row.get("id")?, row.get::<_, i64>("number")?.max(0) as usize));
        }
        rounds.sort_unstable();
        let mut by_id: Vec<(EntryId, usize)> =
            entries.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
        by_id.sort_unstable();
        Ok(Places {
            rounds,
            entries: by_id,
            created,
        })
    }

    fn find<K: Ord + Copy>(ids: &[(K, usize)], id: K) -> Option<usize> {
        ids.binary_search_by_key(&id, |x| x.0)
            .ok()
            .map(|k| ids[k].1)
    }

    /// The index of an entry of the section.
    fn entry(&self, id: EntryId) -> Option<usize> {
        Places::find(&self.entries, id)
    }

    /// The entry index and 0-based round of a row, if both are this section's.
    fn place(&self, entry_id: EntryId, round_id: RoundId) -> Option<(usize, usize)> {
        let i = self.entry(entry_id)?;
        let r = Places::find(&self.rounds, round_id)?.checked_sub(1)?;
        (r < self.created).then_some((i, r))
    }
}

/// What [`load_section`] has read so far.
struct Read {
    players: Vec<PlayerRecord>,
    /// (entry, round) pairs with a game, pending or not: a bye there is ignored.
    has_game: Vec<bool>,
    pending: Vec<(usize, usize, usize)>,
    boards: Vec<(usize, usize, u32)>,
    first_pending_round: usize,
}

impl Read {
    /// Each game once, both sides read from it (as `game_side` shows them:
    /// White's row, then Black's, the result from each side).
    fn games(
        &mut self,
        conn: &rusqlite::Connection,
        section_id: SectionId,
        at: &Places,
    ) -> Result<()> {
        let created = at.created;
        let mut st = conn.prepare_cached(
            "SELECT white_entry, black_entry, round_id, result, board FROM game WHERE section_id = ?1",
        )?;
        let mut rows = st.query([section_id])?;
        while let Some(row) = rows.next()? {
            let white: Option<EntryId> = row.get("white_entry")?;
            let black: Option<EntryId> = row.get("black_entry")?;
            let round_id: RoundId = row.get("round_id")?;
            // Anything but a known result text reads as pending, as in the view.
            let result = side_outcomes(row.get_ref("result")?.as_str_or_null().ok().flatten());
            let board: Option<i64> = row.get("board")?;
            if let (Some(b), Some((i, r))) = (board, white.and_then(|e| at.place(e, round_id))) {
                self.boards.push((r + 1, i, b.max(1) as u32));
            }
            for (me, other, colour, outcome) in [
                (white, black, Colour::White, result.map(|r| r.0)),
                (black, white, Colour::Black, result.map(|r| r.1)),
            ] {
                let Some((i, r)) = me.and_then(|e| at.place(e, round_id)) else {
                    continue;
                };
                self.has_game[i * created + r] = true;
                let opp = other.and_then(|o| at.entry(o));
                let Some(outcome) = outcome else {
                    self.first_pending_round = self.first_pending_round.min(r);
                    if colour == Colour::White {
                        if let Some(o) = opp {
                            self.pending.push((r + 1, i, o));
                        }
                    }
                    continue;
                };
                self.players[i].rounds[r] = Round {
                    outcome,
                    opponent: opp,
                    colour: Some(colour),
                };
            }
        }
        Ok(())
    }

    /// The byes, where the entry has no game in the round.
    fn byes(
        &mut self,
        conn: &rusqlite::Connection,
        section_id: SectionId,
        at: &Places,
    ) -> Result<()> {
        let mut st = conn.prepare_cached(
            "SELECT entry_id, round_id, 'bye-' || kind AS outcome, requested FROM bye WHERE section_id = ?1",
        )?;
        let mut rows = st.query([section_id])?;
        while let Some(row) = rows.next()? {
            let Some((i, r)) = at.place(row.get("entry_id")?, row.get("round_id")?) else {
                continue;
            };
            if self.has_game[i * at.created + r] {
                continue;
            }
            let text: String = row.get("outcome")?;
            let requested: Option<bool> = row.get("requested")?;
            self.players[i].rounds[r] = Round {
                outcome: outcome(&text, requested),
                opponent: None,
                colour: None,
            };
        }
        Ok(())
    }
}
