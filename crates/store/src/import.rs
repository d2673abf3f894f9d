//! Writing an imported event (a parsed TRF file) into the league: season,
//! event, section, players (matched by FIDE id, else added), entries with
//! the file's start numbers as pairing numbers, rounds, games and byes.

use crate::Writer;
use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, OptionalExtension};

use super::player as players;
use super::round::{bye_kind_str, ensure_round};
use crate::domain::game::GameResult;
use crate::domain::ids::{EntryId, PlayerId, RoundId};
use crate::domain::league::{Event, Section};
use crate::domain::record::{ByeKind, Colour, Outcome, Tournament};
use crate::error::{Error, Result};
use crate::interchange::trf::TrfEvent;

/// Write a parsed TRF event's players, entries, rounds, games and byes
/// into `section` (new, of `event`); `app::import::import_trf` chooses
/// and checks the season, event and section first.
pub fn write_trf(tx: &Writer, trf: &TrfEvent, event: &Event, section: &Section) -> Result<()> {
    let entry_ids = add_and_enter(tx, trf, event, section)?;
    let t = &trf.tournament;
    // Rounds are created up to the last one anyone took part in: a file
    // written mid-event (XXR = the planned rounds) has standings after the
    // rounds played, not after empty ones.
    let used = t
        .players
        .iter()
        .filter_map(|p| p.rounds.iter().rposition(|r| r.outcome != Outcome::Absent))
        .map(|i| i + 1)
        .max()
        .unwrap_or(0);
    for r in 0..used {
        let date = trf.round_dates.get(r).cloned().flatten();
        let round_id = ensure_round(tx, section, r as u32 + 1, date.as_deref())?;
        let (games, byes) = round_rows(t, r, round_id, section, &entry_ids);
        insert_batched(tx, GAME_INSERT, &games, "game")?;
        insert_batched(tx, BYE_INSERT, &byes, "bye")?;
    }
    Ok(())
}

/// The game and bye rows of round `r + 1` (index `r`) of the file, each
/// game once.
fn round_rows(
    t: &Tournament,
    r: usize,
    round_id: RoundId,
    section: &Section,
    entry_ids: &[EntryId],
) -> (Vec<[Value; 5]>, Vec<[Value; 5]>) {
    // The round's games and byes are written many rows to a statement
    // (see `insert_batched`), after the whole round has been read.
    let mut games: Vec<[Value; 5]> = vec![];
    let mut byes: Vec<[Value; 5]> = vec![];
    for (i, p) in t.players.iter().enumerate() {
        let Some(round) = p.rounds.get(r) else {
            continue;
        };
        match (round.outcome, round.opponent) {
            (outcome, Some(o)) if outcome.is_paired() => {
                // Each game once: from White's side, or the lower index when no colour.
                let white_side = match round.colour {
                    Some(Colour::White) => true,
                    Some(Colour::Black) => false,
                    None => i < o,
                };
                if !white_side {
                    continue;
                }
                // The result from both lines (`check` made them agree):
                // a loss on both is a game both players lost.
                let theirs = t.players[o].rounds.get(r).map(|b| b.outcome);
                let result = theirs
                    .and_then(|b| GameResult::from_outcomes(outcome, b))
                    .unwrap_or(match outcome {
                        Outcome::Win => GameResult::WhiteWins,
                        Outcome::Loss => GameResult::BlackWins,
                        Outcome::Draw => GameResult::Draw,
                        Outcome::ForfeitWin => GameResult::WhiteForfeitWin,
                        Outcome::ForfeitLoss => GameResult::BlackForfeitWin,
                        _ => GameResult::DoubleForfeit,
                    });
                games.push([
                    Value::Integer(round_id.0),
                    Value::Integer(section.id.0),
                    Value::Integer(entry_ids[i].0),
                    Value::Integer(entry_ids[o].0),
                    Value::Text(result.as_str().to_string()),
                ]);
            }
            // After a withdrawal the file's zero-point byes are simply the
            // rounds not played (the same in every tiebreak); a bye there
            // would contradict the withdrawal.
            (
                Outcome::Bye {
                    kind: ByeKind::Zero,
                    ..
                },
                _,
            ) if p.withdrawn_after.is_some_and(|w| r as u32 >= w) => {}
            (Outcome::Bye { kind, requested }, _) => {
                byes.push([
                    Value::Integer(round_id.0),
                    Value::Integer(section.id.0),
                    Value::Integer(entry_ids[i].0),
                    Value::Text(bye_kind_str(kind).to_string()),
                    Value::Integer(requested as i64),
                ]);
            }
            // A forfeit win with no opponent named: the point without a game.
            (Outcome::ForfeitWin, None) => {
                byes.push([
                    Value::Integer(round_id.0),
                    Value::Integer(section.id.0),
                    Value::Integer(entry_ids[i].0),
                    Value::Text(bye_kind_str(ByeKind::Full).to_string()),
                    Value::Integer(0),
                ]);
            }
            _ => {}
        }
    }
    (games, byes)
}

/// Add the file's players who are not in the league yet (matched by FIDE
/// id) and enter every player in the new `section` with the file's start
/// number as pairing number; returns the entry ids in the file's order.
///
/// The same rules as [`players::add_player`] and [`players::enter`], with
/// the same messages, checked for the whole file at once, and the rows
/// written many to a statement (see [`insert_batched`]); issue 13 (entering
/// players one by one, nine statements each, was a sixth of an import):
/// - a FIDE id already in the league is that player, never a second row;
///   a FIDE id on two lines of the file is one player entered twice, which
///   is refused as `enter` refuses it;
/// - a player already in the league may not be in another section of the
///   event (asked of the database for each such player);
/// - the section is new (`app::season::add_section` refuses an existing name) and the
///   parser refuses a start number used twice, so no pairing number is
///   taken; the schema's `UNIQUE (section_id, pairing_no)` still judges
///   every row, as it judges every player's CHECKs and the entry's keys.
///
/// Ids are given explicitly, counting on from the highest in use, which
/// is the id SQLite would give each row inserted alone: the database ends
/// exactly as when the players were added and entered one by one.
fn add_and_enter(
    tx: &Writer,
    trf: &TrfEvent,
    event: &Event,
    section: &Section,
) -> Result<Vec<EntryId>> {
    use std::collections::HashMap;
    let next_id = |table: &str| -> Result<i64> {
        Ok(tx.query_row(
            &format!("SELECT COALESCE(MAX(id), 0) + 1 FROM {table}"),
            [],
            |r| r.get(0),
        )?)
    };
    // An empty league (a new database) has nobody to match.
    let league_has_players: bool =
        tx.query_row("SELECT EXISTS (SELECT 1 FROM player)", [], |r| r.get(0))?;
    let mut next_player = next_id("player")?;
    let first_entry = next_id("entry")?;
    // FIDE id -> (player id, name, start number it was entered with).
    let mut by_fide: HashMap<String, (PlayerId, String, u32)> = HashMap::new();
    let mut new_players: Vec<[Value; 8]> = vec![];
    let mut entries: Vec<[Value; 6]> = vec![];
    let mut entry_ids = Vec::with_capacity(trf.players.len());
    for (i, (p, rec)) in trf.players.iter().zip(&trf.tournament.players).enumerate() {
        let fide_id = p.fide_id.filter(|&id| id > 0).map(|id| id.to_string());
        if let Some((_, name, no)) = fide_id.as_ref().and_then(|id| by_fide.get(id)) {
            return Err(Error::invalid(format!(
                "{name} is already entered in {} as #{no}",
                section.name
            )));
        }
        let existing = match &fide_id {
            Some(id) if league_has_players => tx
                .prepare_cached("SELECT id FROM player WHERE fide_id = ?1")?
                .query_row([id], |r| r.get::<_, PlayerId>(0))
                .optional()?,
            _ => None,
        };
        let (player_id, name, rating) = match existing {
            Some(id) => {
                let player = players::player_by_id(tx, id)?;
                // A player may be in only one section of an event.
                let other: Option<String> = tx
                    .prepare_cached(
                        "SELECT s2.name FROM entry e JOIN section s2 ON s2.id = e.section_id \
                         WHERE e.player_id = ?1 AND s2.event_id = ?2 AND s2.id <> ?3",
                    )?
                    .query_row(params![player.id, event.id, section.id], |r| r.get(0))
                    .optional()?;
                if let Some(other) = other {
                    return Err(Error::invalid(format!(
                        "{} is already entered in section {other} of this event",
                        player.name
                    )));
                }
                (player.id, player.name, p.rating.or(player.rating))
            }
            None => {
                let id = next_player;
                next_player += 1;
                let name = p.name.trim().to_string();
                let text = |v: Option<&str>| v.map_or(Value::Null, |t| Value::Text(t.to_string()));
                let number = |v: Option<u32>| v.map_or(Value::Null, |n| Value::Integer(n.into()));
                new_players.push([
                    Value::Integer(id),
                    Value::Text(name.clone()),
                    Value::Null, // US Chess id
                    text(fide_id.as_deref()),
                    Value::Null, // the league's rating
                    number(p.rating),
                    text(p.federation.as_deref()),
                    text(p.title.as_deref()),
                ]);
                (PlayerId(id), name, p.rating)
            }
        };
        if let Some(id) = fide_id {
            by_fide.insert(id, (player_id, name, p.start_no));
        }
        let entry_id = first_entry + i as i64;
        entries.push([
            Value::Integer(entry_id),
            Value::Integer(section.id.0),
            Value::Integer(player_id.0),
            Value::Integer(p.start_no.into()),
            rating.map_or(Value::Null, |r| Value::Integer(r.into())),
            rec.withdrawn_after
                .map_or(Value::Null, |w| Value::Integer(w.into())),
        ]);
        entry_ids.push(EntryId(entry_id));
    }
    insert_batched(tx, PLAYER_INSERT, &new_players, "player")?;
    insert_batched(tx, ENTRY_INSERT, &entries, "entry")?;
    Ok(entry_ids)
}

const PLAYER_INSERT: &str = "INSERT INTO player (id, name, uscf_id, fide_id, rating, fide_rating, federation, title) VALUES ";
const ENTRY_INSERT: &str =
    "INSERT INTO entry (id, section_id, player_id, pairing_no, rating, withdrawn_after) VALUES ";

const GAME_INSERT: &str =
    "INSERT INTO game (round_id, section_id, white_entry, black_entry, result) VALUES ";
const BYE_INSERT: &str =
    "INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES ";

/// Rows a statement inserts at most: 100 rows of up to 8 values, well
/// under SQLite's limit of bound values.
const BATCH: usize = 100;

/// Insert `rows` with `head` ("INSERT INTO t (a, b, ...) VALUES "), many
/// rows to a statement.
///
/// Why: inside a transaction SQLite keeps a statement journal for every
/// statement that a trigger or constraint may abort half-way, copying each
/// page the statement first changes. One statement per row copied the same
/// pages again for every game (a sixth of a 1,000-player import); one
/// statement per hundred rows copies them once. Every row still passes
/// every constraint and trigger. When a batch is refused, SQLite undoes that
/// statement alone and the rows are tried one by one, so the error names
/// the row at fault exactly as a single insert would.
fn insert_batched<const N: usize>(
    tx: &Writer,
    head: &str,
    rows: &[[Value; N]],
    what: &str,
) -> Result<()> {
    let group = format!("({})", (1..=N).map(|_| "?").collect::<Vec<_>>().join(", "));
    let mut rest = rows;
    while !rest.is_empty() {
        // Full batches, then the remainder in powers of two: each length is
        // a statement prepared once and reused from the cache for every
        // round (a statement for each round's odd remainder cost a
        // twentieth of an import in preparing alone).
        let take = if rest.len() >= BATCH {
            BATCH
        } else {
            1 << rest.len().ilog2()
        };
        let (chunk, after) = rest.split_at(take);
        rest = after;
        let sql = format!("{head}{}", vec![group.as_str(); chunk.len()].join(", "));
        let batch = tx
            .prepare_cached(&sql)?
            .execute(params_from_iter(chunk.iter().flatten()));
        if batch.is_err() {
            let one = format!("{head}{group}");
            for row in chunk {
                tx.prepare_cached(&one)?
                    .execute(params_from_iter(row.iter()))
                    .map_err(|e| super::constraint_error(e, what))?;
            }
            // Every row went in on its own: the batch's failure was not a row's.
            batch.map_err(|e| super::constraint_error(e, what))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn game(white: i64, black: i64) -> [Value; 5] {
        [
            Value::Integer(1),
            Value::Integer(1),
            Value::Integer(white),
            Value::Integer(black),
            Value::Text("1-0".into()),
        ]
    }

    fn store() -> Store {
        let store = Store::open_in_memory().unwrap();
        store
            .conn().raw()
            .execute_batch(
                "INSERT INTO season (id, name) VALUES (1, '2022-23');
                 INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Open', 'swiss', 5, 'fide-swiss');
                 INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open');
                 INSERT INTO player (id, name) VALUES (1, 'A'), (2, 'B'), (3, 'C'), (4, 'D');
                 INSERT INTO entry (id, section_id, player_id, pairing_no) VALUES (1, 1, 1, 1), (2, 1, 2, 2), (3, 1, 3, 3), (4, 1, 4, 4);
                 INSERT INTO round (id, section_id, number) VALUES (1, 1, 1);",
            )
            .unwrap();
        store
    }

    fn games(store: &Store) -> i64 {
        store
            .conn()
            .raw()
            .query_row("SELECT count(*) FROM game", [], |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn a_batch_writes_every_row_through_the_checks() {
        let mut store = store();
        store
            .write(|tx| insert_batched(tx, GAME_INSERT, &[game(1, 2), game(3, 4)], "game"))
            .unwrap();
        assert_eq!(games(&store), 2);
    }

    #[test]
    fn a_refused_batch_names_the_row_at_fault_and_writes_nothing() {
        let mut store = store();
        // The second game gives player 2 a second game in round 1: the
        // trigger judges it against the first row of the same statement.
        let err = store
            .write(|tx| insert_batched(tx, GAME_INSERT, &[game(1, 2), game(2, 3)], "game"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(
                "the game was not saved: a player already has a game or bye in this round"
            ),
            "{err}"
        );
        assert_eq!(games(&store), 0, "the transaction wrote nothing");
        // More rows than one statement takes: the rows after the batch
        // limit are checked as well.
        let many: Vec<[Value; 5]> = (0..BATCH + 1).map(|_| game(3, 4)).collect();
        let err = store
            .write(|tx| insert_batched(tx, GAME_INSERT, &many, "game"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("was not saved"), "{err}");
        assert_eq!(games(&store), 0);
    }
}
