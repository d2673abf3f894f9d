//! Team matches and team byes in the database: recording a match board by
//! board or by its score alone, a team bye, correcting a board, deleting a
//! match, listing a round; the rows an import of a whole crosstable of
//! matches writes. The rules of what may be recorded are the application's
//! (`app::team`, `app::import::team`): this module reads and writes.
//!
//! A match is a `team_match` row; its boards are ordinary `game` rows of the
//! event's section carrying the match's id, so individual records include
//! them. A match known only by its score keeps the score on the
//! `team_match` row. A team bye is a row without a second team; what it is
//! worth is the event's team rules (stored as NULL, so that changing the
//! rule changes every bye).
//!
//! Every writer of a whole match, bye, correction or deletion finishes by
//! loading the whole event and checking it with
//! [`TeamEvent::validate`](crate::domain::team::TeamEvent::validate) (a
//! match recorded board by board: once its boards are written, by its
//! caller), so nothing the domain would refuse can be written.

use crate::Writer;
use rusqlite::{params, Connection, OptionalExtension};

use super::audit::{audit_event, Action};
use super::constraint_error;
use super::player::entries;
use super::round::{correct_result, ensure_round, game_of, GameRow};
use super::team::{load_team_event, rules, team_section, TeamRow};
use super::Readable;
use crate::domain::game::GameResult;
use crate::domain::ids::{EntryId, MatchId, PlayerId, RoundId, TeamId};
use crate::domain::league::{Event, Section};
use crate::domain::score::Points;
use crate::domain::team::Side;
use crate::error::{Error, Result};

/// What a sheet or command line writes for "nobody sat here".
pub const NOBODY: &str = "-";

/// One board as the secretary gives it: the players by name, pairing number
/// or id ([`NOBODY`], "-", for a team that had nobody on the board), and
/// the result from White's side.
#[derive(Clone, Debug)]
pub struct NewBoard {
    /// The board number.
    pub board: u32,
    /// White, by name, pairing number or id ([`NOBODY`] for nobody).
    pub white: String,
    /// Black, as `white`.
    pub black: String,
    /// The result, from White's side.
    pub result: GameResult,
    /// Where it came from, for errors: (file, line).
    pub origin: Option<(String, usize)>,
}

/// A match's details: its boards, or its score alone.
#[derive(Clone, Debug)]
pub enum MatchDetails {
    /// Board by board.
    Boards(Vec<NewBoard>),
    /// Game points of the first-named and second-named teams.
    Score(Points, Points),
    /// The whole match forfeited: the team that did not come (`None`:
    /// neither came); the other scores every board.
    Forfeit(Option<Side>),
}

/// The teams of a match or bye of a round, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchTeams {
    /// The match's row.
    pub id: MatchId,
    /// The first-named team.
    pub team_a: TeamId,
    /// Its name.
    pub name_a: String,
    /// The second-named team (`None`: a team bye).
    pub team_b: Option<TeamId>,
    /// Its name.
    pub name_b: Option<String>,
}

/// The match or bye `team` has in round `round` of `section`, if any.
pub fn match_in_round(
    conn: &impl Readable,
    section: &Section,
    round: u32,
    team: &TeamRow,
) -> Result<Option<MatchTeams>> {
    Ok(super::sql(conn)
        .query_row(
            "SELECT m.id AS id, m.team_a AS team_a, ta.name AS name_a, m.team_b AS team_b, tb.name AS name_b \
             FROM team_match m JOIN round r ON r.id = m.round_id \
             JOIN team ta ON ta.id = m.team_a LEFT JOIN team tb ON tb.id = m.team_b \
             WHERE r.section_id = ?1 AND r.number = ?2 AND (m.team_a = ?3 OR m.team_b = ?3)",
            params![section.id, round, team.id],
            |r| {
                Ok(MatchTeams {
                    id: r.get("id")?,
                    team_a: r.get("team_a")?,
                    name_a: r.get("name_a")?,
                    team_b: r.get("team_b")?,
                    name_b: r.get("name_b")?,
                })
            },
        )
        .optional()?)
}

/// A match between two teams in a round, with whether anything of its
/// result is in (a board's result or forfeit, a score, or no boards at all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedMatch {
    /// The match's row.
    pub id: MatchId,
    /// The first-named team (White on board 1).
    pub team_a: TeamId,
    /// Some result of it is recorded.
    pub recorded: bool,
}

/// The match of `a` and `b` (either order) in round `round`, if any.
pub fn match_between(
    conn: &impl Readable,
    section: &Section,
    round: u32,
    a: &TeamRow,
    b: &TeamRow,
) -> Result<Option<PairedMatch>> {
    Ok(super::sql(conn)
        .query_row(
            "SELECT m.id AS id, m.team_a AS team_a, \
               (SELECT COUNT(*) FROM game g WHERE g.team_match_id = m.id AND g.result IS NOT NULL) \
             + (SELECT COUNT(*) FROM team_board_forfeit f WHERE f.team_match_id = m.id) \
             + (m.points_a_halves IS NOT NULL) \
             + (NOT EXISTS (SELECT 1 FROM game g WHERE g.team_match_id = m.id)) AS recorded \
             FROM team_match m JOIN round r ON r.id = m.round_id \
             WHERE r.section_id = ?1 AND r.number = ?2 \
               AND ((m.team_a = ?3 AND m.team_b = ?4) OR (m.team_a = ?4 AND m.team_b = ?3))",
            params![section.id, round, a.id, b.id],
            |r| {
                let recorded: i64 = r.get("recorded")?;
                Ok(PairedMatch {
                    id: r.get("id")?,
                    team_a: r.get("team_a")?,
                    recorded: recorded > 0,
                })
            },
        )
        .optional()?)
}

/// Delete the paired match `id` (no results in) that the match of `home`
/// and `away` being recorded replaces; the old pairing goes in the log.
pub fn drop_pairing(
    tx: &Writer,
    event: &Event,
    id: MatchId,
    round: u32,
    home: &TeamRow,
    away: &TeamRow,
) -> Result<()> {
    tx.execute("DELETE FROM team_match WHERE id = ?1", [id])?;
    audit_event(
        tx,
        Some(event.id),
        Action::Edit,
        &format!(
            "{} round {round}: {} v {}",
            event.name, home.name, away.name
        ),
        Some("paired line-ups (no results)"),
        Some("the match as recorded"),
        Some("the match was recorded over its pairing"),
    )?;
    Ok(())
}

/// Load the event and check it whole; the message says what is wrong.
/// Every writer of matches ends with it, so nothing the domain would
/// refuse is kept.
pub fn validate(conn: &impl Readable, event: &Event) -> Result<()> {
    let loaded = load_team_event(conn, event)?;
    loaded.recorded().validate().map_err(Error::invalid)
}

/// Record a match of round `round` between `home` (first-named) and
/// `away`: its row, with its score or its whole-match forfeit; the boards
/// of a match recorded board by board are written after it, one by one
/// ([`insert_board_game`], [`insert_board_forfeit`]), and the caller ends
/// with [`validate`]. Returns the match's id. The round's rules (two teams, the
/// rounds in order, each team once a round, a pairing taken over in its
/// order, a score that adds up to the boards) are `app::team`'s.
pub fn record_match(
    tx: &Writer,
    event: &Event,
    round: u32,
    home: &TeamRow,
    away: &TeamRow,
    details: &MatchDetails,
    date: Option<&str>,
) -> Result<MatchId> {
    let section = team_section(tx, event)?;
    let round_id = ensure_round(tx, &section, round, date)?;
    let r = rules(tx, event.id)?;
    let (pa, pb) = match details {
        MatchDetails::Score(a, b) => (Some(a.0), Some(b.0)),
        MatchDetails::Boards(_) | MatchDetails::Forfeit(_) => (None, None),
    };
    tx.execute(
        "INSERT INTO team_match (round_id, section_id, team_a, team_b, points_a_halves, points_b_halves) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![round_id, section.id, home.id, away.id, pa, pb],
    )
    .map_err(|e| constraint_error(e, "match"))?;
    let match_id = MatchId(tx.last_insert_rowid());
    if let MatchDetails::Forfeit(absent) = details {
        let present = match absent {
            Some(Side::Home) => "b",
            Some(Side::Away) => "a",
            None => "none",
        };
        for board in 1..=r.boards {
            insert_forfeit(tx, match_id, board, present, None)?;
        }
    }
    Ok(match_id)
}

/// Write board `board` of match `match_id`: a game between two entries of
/// its section, with the result from White's side. Which players may sit
/// there is `app::team`'s.
pub fn insert_board_game(
    tx: &Writer,
    match_id: MatchId,
    board: u32,
    white: EntryId,
    black: EntryId,
    result: GameResult,
) -> Result<()> {
    tx.execute(
        "INSERT INTO game (round_id, section_id, board, white_entry, black_entry, team_match_id, result) \
         SELECT m.round_id, m.section_id, ?2, ?3, ?4, m.id, ?5 FROM team_match m WHERE m.id = ?1",
        params![match_id, board, white, black, result.as_str()],
    )
    .map_err(|e| constraint_error(e, "game"))?;
    Ok(())
}

/// Write board `board` of match `match_id` as forfeited without a game:
/// `present` is the team that was there (`None`: neither), `player` its
/// player on the board.
pub fn insert_board_forfeit(
    tx: &Writer,
    match_id: MatchId,
    board: u32,
    present: Option<Side>,
    player: Option<PlayerId>,
) -> Result<()> {
    let present = match present {
        Some(Side::Home) => "a",
        Some(Side::Away) => "b",
        None => "none",
    };
    insert_forfeit(tx, match_id, board, present, player)
}

/// A board without a game: `present` is "a", "b" or "none".
fn insert_forfeit(
    tx: &Writer,
    match_id: MatchId,
    board: u32,
    present: &str,
    player: Option<PlayerId>,
) -> Result<()> {
    tx.execute(
        "INSERT INTO team_board_forfeit (team_match_id, board, present, player_id) VALUES (?1, ?2, ?3, ?4)",
        params![match_id, board, present, player],
    )
    .map_err(|e| constraint_error(e, "forfeited board"))?;
    Ok(())
}

/// Give `team` a team bye in round `round` (worth what the event's team
/// rules say).
pub fn record_bye(
    tx: &Writer,
    event: &Event,
    round: u32,
    team: &TeamRow,
    date: Option<&str>,
) -> Result<()> {
    let section = team_section(tx, event)?;
    let round_id = ensure_round(tx, &section, round, date)?;
    tx.execute(
        "INSERT INTO team_match (round_id, section_id, team_a, team_b) VALUES (?1, ?2, ?3, NULL)",
        params![round_id, section.id, team.id],
    )
    .map_err(|e| constraint_error(e, "team bye"))?;
    validate(tx, event)
}

/// The match or bye of `team` in round `round`: (match id, team_a, team_b).
fn match_of(
    conn: &Connection,
    section: &Section,
    round: u32,
    team: &TeamRow,
) -> Result<(MatchId, TeamId, Option<TeamId>)> {
    conn.query_row(
        "SELECT m.id AS id, m.team_a AS team_a, m.team_b AS team_b FROM team_match m JOIN round r ON r.id = m.round_id \
         WHERE r.section_id = ?1 AND r.number = ?2 AND (m.team_a = ?3 OR m.team_b = ?3)",
        params![section.id, round, team.id],
        |r| Ok((r.get("id")?, r.get("team_a")?, r.get("team_b")?)),
    )
    .optional()?
    .ok_or_else(|| {
        Error::not_found(format!(
            "{} has no match or bye recorded in round {round}",
            team.name
        ))
    })
}

/// Correct one board of `team`'s match in round `round`; the old and new
/// results and the reason go in the log. `read` gives the new result
/// (from White's side) once the board's game is known, with whether
/// `team`'s player had White on it: a result typed after the name of the
/// team whose player had Black can be read two ways, and the caller may
/// refuse to guess.
pub fn correct_board(
    tx: &Writer,
    event: &Event,
    round: u32,
    team: &TeamRow,
    board: u32,
    read: impl FnOnce(&GameRow, bool) -> Result<GameResult>,
    reason: &str,
) -> Result<()> {
    let section = team_section(tx, event)?;
    let (id, _, _) = match_of(tx.conn(), &section, round, team)?;
    let white: Option<u32> = tx
        .query_row(
            "SELECT e.pairing_no FROM game g JOIN entry e ON e.id = g.white_entry \
             WHERE g.team_match_id = ?1 AND g.board = ?2",
            params![id, board],
            |r| r.get(0),
        )
        .optional()?;
    let Some(white) = white else {
        let boards = rules(tx, event.id)?.boards;
        return Err(Error::not_found(if board == 0 || board > boards {
            format!(
                "there is no board {board}: a match in {} is on {boards} boards",
                event.name
            )
        } else {
            format!(
                "{}'s round {round} match has no board {board} recorded (a match recorded by its score alone has no boards)",
                team.name
            )
        }));
    };
    let white_entry = entries(tx, section.id)?
        .into_iter()
        .find(|e| e.pairing_no == white)
        .ok_or_else(|| {
            Error::not_found(format!("there is no player #{white} in {}", event.name))
        })?;
    let game = game_of(tx, section.id, round, &white_entry)?.ok_or_else(|| {
        Error::not_found(format!(
            "{}'s round {round} match has no board {board} recorded",
            team.name
        ))
    })?;
    let result = read(&game, white_entry.team_id == Some(team.id))?;
    correct_result(
        tx,
        &section,
        round,
        &format!("#{white}"),
        Some(result),
        reason,
    )?;
    validate(tx, event)
}

/// Whether board `board` of `team`'s match in round `round` was forfeited
/// without a game (a team had nobody there); false when there is no such
/// match or board.
pub fn board_forfeited(
    conn: &impl Readable,
    event: &Event,
    round: u32,
    team: &TeamRow,
    board: u32,
) -> Result<bool> {
    Ok(super::sql(conn).query_row(
        "SELECT EXISTS (SELECT 1 FROM team_board_forfeit f JOIN team_match m ON m.id = f.team_match_id \
         JOIN round r ON r.id = m.round_id JOIN section s ON s.id = r.section_id \
         WHERE s.event_id = ?1 AND r.number = ?2 AND (m.team_a = ?3 OR m.team_b = ?3) \
         AND f.board = ?4) AS forfeited",
        params![event.id, round, team.id, board],
        |r| r.get("forfeited"),
    )?)
}

/// Delete `team`'s match or bye of round `round` (its boards too), with
/// the reason in the log.
pub fn delete_match(
    tx: &Writer,
    event: &Event,
    round: u32,
    team: &TeamRow,
    reason: &str,
) -> Result<()> {
    let section = team_section(tx, event)?;
    let (id, _, _) = match_of(tx.conn(), &section, round, team)?;
    let shown = describe(tx.conn(), id)?;
    tx.execute("DELETE FROM game WHERE team_match_id = ?1", [id])?;
    tx.execute("DELETE FROM team_match WHERE id = ?1", [id])?;
    audit_event(
        tx,
        Some(event.id),
        Action::Delete,
        &format!("{} {} round {round}: {shown}", event.season, event.name),
        Some(&shown),
        None,
        Some(reason),
    )?;
    validate(tx, event)
}

/// "Edgewood MS v North Side MS" or "Goshen MS C: team bye".
fn describe(conn: &Connection, match_id: MatchId) -> Result<String> {
    Ok(conn.query_row(
        "SELECT ta.name AS team_a, tb.name AS team_b FROM team_match m JOIN team ta ON ta.id = m.team_a \
         LEFT JOIN team tb ON tb.id = m.team_b WHERE m.id = ?1",
        [match_id],
        |r| {
            let a: String = r.get("team_a")?;
            let b: Option<String> = r.get("team_b")?;
            Ok(match b {
                Some(b) => format!("{a} v {b}"),
                None => format!("{a}: team bye"),
            })
        },
    )?)
}

/// Write a match of round `round_id` known by its score alone (game
/// points of `a` and `b`); the rules (points adding up to the boards, each
/// team once a round) are `app`'s.
pub fn insert_scored_match(
    tx: &Writer,
    section: &Section,
    round_id: RoundId,
    a: &TeamRow,
    b: &TeamRow,
    points_a: Points,
    points_b: Points,
) -> Result<()> {
    tx.execute(
        "INSERT INTO team_match (round_id, section_id, team_a, team_b, points_a_halves, points_b_halves) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![round_id, section.id, a.id, b.id, points_a.0, points_b.0],
    )
    .map_err(|e| constraint_error(e, "match"))?;
    Ok(())
}

/// Write a team bye for `team` in round `round_id` (worth what the event's
/// team rules say, so stored without points).
pub fn insert_team_bye(
    tx: &Writer,
    section: &Section,
    round_id: RoundId,
    team: &TeamRow,
) -> Result<()> {
    tx.execute(
        "INSERT INTO team_match (round_id, section_id, team_a, team_b) VALUES (?1, ?2, ?3, NULL)",
        params![round_id, section.id, team.id],
    )
    .map_err(|e| constraint_error(e, "team bye"))?;
    Ok(())
}

/// The last round of `section` with a match or team bye recorded (0: none).
pub fn last_round_with_matches(conn: &impl Readable, section: &Section) -> Result<u32> {
    Ok(super::sql(conn).query_row(
        "SELECT COALESCE(MAX(r.number), 0) AS done FROM team_match m JOIN round r ON r.id = m.round_id WHERE r.section_id = ?1",
        [section.id],
        |x| x.get("done"),
    )?)
}

/// One board of a match as stored, for showing a round.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BoardRow {
    /// The board, if recorded.
    pub board: Option<u32>,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// White's team is the first-named one.
    pub white_is_a: bool,
    /// The result as stored, `None` while pending.
    pub result: Option<String>,
}

/// A match (or team bye) of a round as stored.
#[derive(Clone, Debug)]
pub struct MatchRow {
    /// Its row.
    pub id: MatchId,
    /// The round.
    pub round: u32,
    /// The first-named team.
    pub team_a: String,
    /// `None` for a team bye.
    pub team_b: Option<String>,
    /// The score when the match was recorded by score alone.
    pub score: Option<(Points, Points)>,
    /// Its boards, when recorded board by board.
    pub boards: Vec<BoardRow>,
}

/// The board games of the section's matches in a round (every round when
/// `None`), with each White's team.
fn shown_boards(
    conn: &Connection,
    section: crate::domain::ids::SectionId,
    round: Option<u32>,
    event: crate::domain::ids::EventId,
) -> Result<Vec<ShownBoard>> {
    let mut st = conn.prepare(
        "SELECT g.team_match_id AS match_id, g.board AS board, pw.name AS white, pb.name AS black, \
         COALESCE(ro.team_id, we.team_id) AS white_team, g.result AS result \
         FROM game g JOIN round r ON r.id = g.round_id \
         JOIN entry we ON we.id = g.white_entry JOIN entry be ON be.id = g.black_entry \
         JOIN player pw ON pw.id = we.player_id JOIN player pb ON pb.id = be.player_id \
         LEFT JOIN roster ro ON ro.player_id = we.player_id AND ro.event_id = ?3 \
         WHERE g.section_id = ?1 AND g.team_match_id IS NOT NULL AND (?2 IS NULL OR r.number = ?2) \
         ORDER BY g.team_match_id, g.board",
    )?;
    let games: Vec<ShownBoard> = st
        .query_map(params![section, round, event], |r| {
            Ok(ShownBoard {
                match_id: r.get("match_id")?,
                board: r.get("board")?,
                white: r.get("white")?,
                black: r.get("black")?,
                white_team: r.get("white_team")?,
                result: r.get("result")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(games)
}

/// The boards nobody filled in the section's matches in a round (every
/// round when `None`).
fn shown_forfeits(
    conn: &Connection,
    section: crate::domain::ids::SectionId,
    round: Option<u32>,
) -> Result<Vec<ShownForfeit>> {
    let mut st = conn.prepare(
        "SELECT f.team_match_id AS match_id, f.board AS board, f.present AS present, p.name AS player \
         FROM team_board_forfeit f \
         JOIN team_match m ON m.id = f.team_match_id JOIN round r ON r.id = m.round_id \
         LEFT JOIN player p ON p.id = f.player_id \
         WHERE m.section_id = ?1 AND (?2 IS NULL OR r.number = ?2)",
    )?;
    let forfeits: Vec<_> = st
        .query_map(params![section, round], |r| {
            Ok(ShownForfeit {
                match_id: r.get("match_id")?,
                board: r.get("board")?,
                present: r.get("present")?,
                player: r.get("player")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(forfeits)
}

/// A board nobody filled, as `round_matches` reads it.
struct ShownForfeit {
    match_id: MatchId,
    board: u32,
    /// "a", "b" or "none": the side that was there.
    present: String,
    /// The player who was there.
    player: Option<String>,
}

/// A board game of a match as `round_matches` reads it.
struct ShownBoard {
    match_id: MatchId,
    board: Option<u32>,
    white: String,
    black: String,
    /// White's team (their roster's, else their entry's).
    white_team: Option<TeamId>,
    result: Option<String>,
}

/// The matches and byes of round `round` (every round when `None`).
pub fn round_matches(
    conn: &impl Readable,
    event: &Event,
    round: Option<u32>,
) -> Result<Vec<MatchRow>> {
    let conn = super::sql(conn);
    let section = team_section(conn, event)?;
    let mut st = conn.prepare(
        "SELECT m.id AS id, r.number AS round, ta.name AS name_a, tb.name AS name_b, \
         m.points_a_halves AS points_a, m.points_b_halves AS points_b, m.team_a AS team_a \
         FROM team_match m JOIN round r ON r.id = m.round_id JOIN team ta ON ta.id = m.team_a \
         LEFT JOIN team tb ON tb.id = m.team_b \
         WHERE r.section_id = ?1 AND (?2 IS NULL OR r.number = ?2) ORDER BY r.number, m.team_b IS NULL, m.id",
    )?;
    let mut out: Vec<(MatchRow, TeamId)> = st
        .query_map(params![section.id, round], |r| {
            let pa: Option<i32> = r.get("points_a")?;
            let pb: Option<i32> = r.get("points_b")?;
            Ok((
                MatchRow {
                    id: r.get("id")?,
                    round: r.get("round")?,
                    team_a: r.get("name_a")?,
                    team_b: r.get("name_b")?,
                    score: pa.zip(pb).map(|(a, b)| (Points(a), Points(b))),
                    boards: Vec::new(),
                },
                r.get("team_a")?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let games = shown_boards(conn, section.id, round, event.id)?;
    let forfeits = shown_forfeits(conn, section.id, round)?;
    for ShownForfeit {
        match_id: mid,
        board,
        present,
        player,
    } in forfeits
    {
        if let Some((m, _)) = out.iter_mut().find(|(m, _)| m.id == mid) {
            // Shown with the player who was there as White, who won by forfeit.
            let there = player.unwrap_or_else(|| "(no player)".into());
            m.boards.push(BoardRow {
                board: Some(board),
                white: if present == "none" {
                    "(no player)".into()
                } else {
                    there
                },
                black: "(no player)".into(),
                white_is_a: present != "b",
                result: Some(if present == "none" { "0F-0F" } else { "1F-0F" }.into()),
            });
        }
    }
    for g in games {
        if let Some((m, a)) = out.iter_mut().find(|(m, _)| m.id == g.match_id) {
            m.boards.push(BoardRow {
                board: g.board,
                white: g.white,
                black: g.black,
                white_is_a: g.white_team == Some(*a),
                result: g.result,
            });
        }
    }
    for (m, _) in &mut out {
        m.boards.sort_by_key(|b| b.board);
    }
    Ok(out.into_iter().map(|(m, _)| m).collect())
}
