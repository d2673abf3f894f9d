//! Players, their entries into sections, and withdrawals; finding a player
//! by pairing number, id or name ([`names`]: the same name, then whole-word
//! prefixes), with the closest names offered when nothing matches.

use crate::Writer;
use rusqlite::{params, Connection, OptionalExtension, Row};

use super::audit::Action;
use super::constraint_error;
use super::row::{select, FromRow};
use super::Readable;
use crate::domain::ids::{PlayerId, SectionId};
use crate::domain::league::{Entry, Player, Section};
use crate::domain::names;
use crate::error::{Error, Result, Way};

impl FromRow for Player {
    const COLUMNS: &'static str =
        "id, name, uscf_id, fide_id, rating, fide_rating, federation, title";
    fn from_row(r: &Row) -> rusqlite::Result<Player> {
        Ok(Player {
            id: r.get("id")?,
            name: r.get("name")?,
            uscf_id: r.get("uscf_id")?,
            fide_id: r.get("fide_id")?,
            rating: r.get("rating")?,
            fide_rating: r.get("fide_rating")?,
            federation: r.get("federation")?,
            title: r.get("title")?,
        })
    }
}

/// Every player, by name; with `search`, those whose name contains it.
pub fn players(conn: &impl Readable, search: Option<&str>) -> Result<Vec<Player>> {
    let conn = super::sql(conn);
    let sql = select::<Player>("FROM player WHERE ?1 IS NULL OR name LIKE '%' || ?1 || '%' ORDER BY name COLLATE NOCASE, id");
    let mut st = conn.prepare(&sql)?;
    let rows = st
        .query_map([search], Player::from_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The player with this id.
pub fn player_by_id(conn: &impl Readable, id: PlayerId) -> Result<Player> {
    let conn = super::sql(conn);
    // Cached: an import looks up each of its players once.
    Ok(conn
        .prepare_cached(&select::<Player>("FROM player WHERE id = ?1"))?
        .query_row([id], Player::from_row)?)
}

/// Find a player across the league: by US Chess or FIDE id, by `#id` (the
/// database id), or by name (exact, then unique part of a name).
pub fn find_player(conn: &impl Readable, text: &str) -> Result<Player> {
    let conn = super::sql(conn);
    let t = text.trim();
    if let Some(id) = t
        .strip_prefix('#')
        .and_then(|n| n.parse::<i64>().ok())
        .map(PlayerId)
    {
        return player_by_id(conn, id)
            .map_err(|_| Error::not_found(format!("there is no player #{id}")));
    }
    let all = players(conn, None)?;
    let named: Vec<(Player, &str)> = all.iter().map(|p| (p.clone(), p.name.as_str())).collect();
    names::Wanted {
        what: "player",
        more: "type more of the name, a US Chess or FIDE id, or the #number shown",
        hint: "",
    }
    .choose(
        t,
        &named,
        |p| p.uscf_id.as_deref() == Some(t) || p.fide_id.as_deref() == Some(t),
        describe_player,
    )
    .map_err(|e| with_way_if_open(e, Way::AddPlayer))
}

/// "Hannah Schmidt (#12, US Chess 12345678, FIDE 2012345)": a player as
/// the log and merge messages name them.
pub fn describe_player(p: &Player) -> String {
    let mut s = format!("{} (#{}", p.name, p.id);
    if let Some(id) = &p.uscf_id {
        s.push_str(&format!(", US Chess {id}"));
    }
    if let Some(id) = &p.fide_id {
        s.push_str(&format!(", FIDE {id}"));
    }
    s.push(')');
    s
}

/// What a new player needs.
#[derive(Default)]
pub struct NewPlayer<'a> {
    /// The full name.
    pub name: &'a str,
    /// US Chess id.
    pub uscf_id: Option<&'a str>,
    /// FIDE id.
    pub fide_id: Option<&'a str>,
    /// US Chess (or the league's) rating.
    pub rating: Option<u32>,
    /// FIDE rating.
    pub fide_rating: Option<u32>,
    /// FIDE federation (three letters).
    pub federation: Option<&'a str>,
    /// Title (GM, IM, WGM, FM, ...).
    pub title: Option<&'a str>,
}

/// Add a player; a US Chess or FIDE id another player has is refused.
pub fn add_player(tx: &Writer, new: &NewPlayer) -> Result<Player> {
    for (kind, id) in [("US Chess", new.uscf_id), ("FIDE", new.fide_id)] {
        if let Some(id) = id {
            let sql = if kind == "FIDE" {
                "SELECT name FROM player WHERE fide_id = ?1"
            } else {
                "SELECT name FROM player WHERE uscf_id = ?1"
            };
            let existing: Option<String> = tx
                .prepare_cached(sql)?
                .query_row([id], |r| r.get(0))
                .optional()?;
            if let Some(name) = existing {
                return Err(Error::invalid(format!(
                    "{kind} id {id} already belongs to {name}"
                )));
            }
        }
    }
    tx.prepare_cached(
        "INSERT INTO player (name, uscf_id, fide_id, rating, fide_rating, federation, title) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![new.name.trim(), new.uscf_id, new.fide_id, new.rating, new.fide_rating, new.federation, new.title])
    .map_err(|e| constraint_error(e, "player"))?;
    player_by_id(tx, PlayerId(tx.last_insert_rowid()))
}

/// A player's FIDE K factor as published with the rating or entered
/// (V30), `None` when not known.
pub fn fide_k(conn: &impl Readable, player_id: PlayerId) -> Result<Option<i64>> {
    let conn = super::sql(conn);
    Ok(conn
        .query_row(
            "SELECT fide_k FROM player WHERE id = ?1",
            [player_id],
            |r| r.get("fide_k"),
        )
        .optional()?
        .flatten())
}

/// Set a player's FIDE K factor (10, 20 or 40; the schema checks it), the
/// change in the audit trail; false when it was already so.
pub fn set_fide_k(tx: &Writer, player: &Player, k: i64) -> Result<bool> {
    let old = fide_k(tx, player.id)?;
    if old == Some(k) {
        return Ok(false);
    }
    tx.execute(
        "UPDATE player SET fide_k = ?1 WHERE id = ?2",
        params![k, player.id],
    )
    .map_err(|e| constraint_error(e, "player"))?;
    super::audit::audit(
        tx,
        Action::Edit,
        &format!("player {} FIDE K factor", player.name),
        old.map(|k| k.to_string()).as_deref(),
        Some(&k.to_string()),
        None,
    )?;
    Ok(true)
}

/// Change a player's details; `None` keeps the current value. The player's
/// row stays the same, so every entry and game stays attached to them.
pub fn edit_player(tx: &Writer, player: &Player, edit: &NewPlayer) -> Result<Player> {
    let name = if edit.name.trim().is_empty() {
        None
    } else {
        Some(edit.name.trim())
    };
    tx.execute(
        "UPDATE player SET name = COALESCE(?1, name), uscf_id = COALESCE(?2, uscf_id), fide_id = COALESCE(?3, fide_id), \
         rating = COALESCE(?4, rating), fide_rating = COALESCE(?5, fide_rating), federation = COALESCE(?6, federation), \
         title = COALESCE(?7, title) WHERE id = ?8",
        params![name, edit.uscf_id, edit.fide_id, edit.rating, edit.fide_rating, edit.federation, edit.title, player.id],
    )
    .map_err(|e| constraint_error(e, "player"))?;
    let updated = player_by_id(tx, player.id)?;
    if updated.name != player.name {
        super::audit::audit(
            tx,
            Action::Rename,
            &format!("player #{}", player.id),
            Some(&player.name),
            Some(&updated.name),
            None,
        )?;
    }
    // Ids and ratings decide rating reports and rating-based tiebreaks.
    if let Some((old, new)) = super::audit::changed_fields(&[
        (
            "US Chess id",
            super::audit::shown(&player.uscf_id),
            super::audit::shown(&updated.uscf_id),
        ),
        (
            "FIDE id",
            super::audit::shown(&player.fide_id),
            super::audit::shown(&updated.fide_id),
        ),
        (
            "rating",
            super::audit::shown(&player.rating),
            super::audit::shown(&updated.rating),
        ),
        (
            "FIDE rating",
            super::audit::shown(&player.fide_rating),
            super::audit::shown(&updated.fide_rating),
        ),
        (
            "federation",
            super::audit::shown(&player.federation),
            super::audit::shown(&updated.federation),
        ),
        (
            "title",
            super::audit::shown(&player.title),
            super::audit::shown(&updated.title),
        ),
    ]) {
        super::audit::audit(
            tx,
            Action::Edit,
            &format!("player {} (#{})", updated.name, player.id),
            Some(&old),
            Some(&new),
            None,
        )?;
    }
    Ok(updated)
}

/// An entry with its player's name, from `entry e JOIN player p`.
impl FromRow for Entry {
    const COLUMNS: &'static str = "e.id AS id, e.section_id AS section_id, \
         e.player_id AS player_id, p.name AS name, e.pairing_no AS pairing_no, \
         e.rating AS rating, e.team_id AS team_id, e.withdrawn_after AS withdrawn_after";
    fn from_row(r: &Row) -> rusqlite::Result<Entry> {
        Ok(Entry {
            id: r.get("id")?,
            section_id: r.get("section_id")?,
            player_id: r.get("player_id")?,
            name: r.get("name")?,
            pairing_no: r.get("pairing_no")?,
            rating: r.get("rating")?,
            team_id: r.get("team_id")?,
            withdrawn_after: r.get("withdrawn_after")?,
        })
    }
}

/// A section's entries in pairing-number order.
pub fn entries(conn: &impl Readable, section_id: SectionId) -> Result<Vec<Entry>> {
    let conn = super::sql(conn);
    let sql = select::<Entry>("FROM entry e JOIN player p ON p.id = e.player_id WHERE e.section_id = ?1 ORDER BY e.pairing_no");
    let mut st = conn.prepare(&sql)?;
    let rows = st
        .query_map([section_id], Entry::from_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Every player entered in `sections`: (player id, name), one row per
/// entry (a player in two sections is listed twice), in no particular
/// order. The site names its player pages from it before any report.
pub fn people_of_sections(
    conn: &impl Readable,
    sections: &[SectionId],
) -> Result<Vec<(PlayerId, String)>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare_cached(
        "SELECT e.player_id AS player_id, p.name AS name FROM entry e JOIN player p ON p.id = e.player_id WHERE e.section_id = ?1",
    )?;
    let mut out = Vec::new();
    for id in sections {
        let rows = st.query_map([id], |r| Ok((r.get("player_id")?, r.get("name")?)))?;
        for row in rows {
            out.push(row?);
        }
    }
    Ok(out)
}

/// Find an entry of a section from what the secretary typed: a pairing
/// number ("7" or "#7"), a US Chess or FIDE id, or a name (exact, then a
/// unique part of a name). Unknown and ambiguous names list candidates.
pub fn find_entry(
    all: &[Entry],
    conn: &impl Readable,
    section: &Section,
    text: &str,
) -> Result<Entry> {
    let conn = super::sql(conn);
    let t = text.trim();
    if t.is_empty() {
        return Err(Error::invalid(
            "a player is missing (give a pairing number, id or name)",
        ));
    }
    let digits = t.strip_prefix('#').unwrap_or(t);
    if let Ok(n) = digits.parse::<u32>() {
        if let Some(e) = all.iter().find(|e| e.pairing_no == n) {
            return Ok(e.clone());
        }
        // Not a pairing number: perhaps an id.
        let player: Option<PlayerId> = conn
            .query_row(
                "SELECT id FROM player WHERE uscf_id = ?1 OR fide_id = ?1",
                [digits],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(pid) = player {
            if let Some(e) = all.iter().find(|e| e.player_id == pid) {
                return Ok(e.clone());
            }
        }
        return Err(Error::not_found(format!(
            "{} has no player with pairing number or id {digits} (pairing numbers run 1 to {})",
            section.name,
            all.iter().map(|e| e.pairing_no).max().unwrap_or(0)
        )));
    }
    let seats: Vec<(u32, &str)> = all
        .iter()
        .map(|e| (e.pairing_no, e.name.as_str()))
        .collect();
    match names::find_entry(
        &seats,
        t,
        &format!("player in section {}", section.name),
        "",
    ) {
        Ok(i) => Ok(all[i].clone()),
        Err(e) if e.ambiguous => Err(e.into()),
        // Perhaps they are in another section of the event: say so, rather
        // than suggesting a look-alike here.
        Err(e) => match other_section_of(conn, section, t)? {
            Some((name, other)) => Err(Error::not_found(format!(
                "{name} is in {other}, not {}",
                section.name
            ))),
            None => Err(with_way_if_open(e, Way::EnterPlayer)),
        },
    }
}

/// A name that found nothing, with room for the front end's way on when
/// the message offered no look-alike.
fn with_way_if_open(e: names::NameError, way: Way) -> Error {
    let open = e.open;
    let e = Error::from(e);
    if open {
        e.with_way(way)
    } else {
        e
    }
}

/// The entry of another section of the same event that `typed` names
/// exactly (same words, case and accents aside): (player, section).
fn other_section_of(
    conn: &Connection,
    section: &Section,
    typed: &str,
) -> Result<Option<(String, String)>> {
    let mut st = conn.prepare_cached(
        "SELECT p.name AS player, s.name AS section FROM entry e JOIN section s ON s.id = e.section_id
         JOIN player p ON p.id = e.player_id
         WHERE s.event_id = ?1 AND s.id <> ?2 ORDER BY s.id, e.pairing_no",
    )?;
    let rows = st
        .query_map(params![section.event_id, section.id], |r| {
            Ok((
                r.get::<_, String>("player")?,
                r.get::<_, String>("section")?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let wanted = names::fold(typed);
    if let Some(exact) = rows.iter().find(|(name, _)| names::fold(name) == wanted) {
        return Ok(Some(exact.clone()));
    }
    // A part of a name ("Gina") that names one player there, as it would
    // in their own section.
    let seats: Vec<(u32, &str)> = rows.iter().map(|(name, _)| (0, name.as_str())).collect();
    Ok(names::find_entry(&seats, typed, "player", "")
        .ok()
        .map(|i| rows[i].clone()))
}

/// The player's current rating of the kind the section's event goes by
/// (its rating basis): `None`, unrated there, without one.
pub fn rating_at_entry(
    conn: &impl Readable,
    section: &Section,
    player: &Player,
) -> Result<Option<u32>> {
    let basis = super::season::event_by_id(conn, section.event_id)?.rating_basis;
    Ok(basis.of(player.rating, player.fide_rating))
}

/// Where a player is already entered in a section's event: that section
/// first when they are in it, else another section of the same event.
pub struct EventEntryRow {
    /// The section's name.
    pub section: String,
    /// Whether it is the section asked about.
    pub same_section: bool,
    /// The player's pairing number there.
    pub pairing_no: u32,
}

/// The player's entry in `section`'s event, if any (the rules of entering
/// are `app::entry`'s). One indexed lookup, so entering 1,000 players stays
/// linear.
pub fn entry_in_event(
    tx: &Writer,
    section: &Section,
    player: &Player,
) -> Result<Option<EventEntryRow>> {
    Ok(tx
        .prepare_cached(
            "SELECT s.name AS section, s.id = ?3 AS same_section, e.pairing_no AS pairing_no \
             FROM entry e JOIN section s ON s.id = e.section_id \
             WHERE e.player_id = ?1 AND s.event_id = ?2 ORDER BY s.id = ?3 DESC LIMIT 1",
        )?
        .query_row(params![player.id, section.event_id, section.id], |r| {
            Ok(EventEntryRow {
                section: r.get("section")?,
                same_section: r.get("same_section")?,
                pairing_no: r.get("pairing_no")?,
            })
        })
        .optional()?)
}

/// The name of the player holding pairing number `no` in `section`, if any.
pub fn pairing_no_holder(tx: &Writer, section: &Section, no: u32) -> Result<Option<String>> {
    Ok(tx
        .prepare_cached(
            "SELECT p.name AS name FROM entry e JOIN player p ON p.id = e.player_id \
             WHERE e.section_id = ?1 AND e.pairing_no = ?2",
        )?
        .query_row(params![section.id, no], |r| r.get("name"))
        .optional()?)
}

/// Enter a player into a section. The pairing number defaults to the next
/// free one; the rating at entry defaults to the player's current rating.
/// No rule is checked here (a taken pairing number fails the schema's
/// constraint): `app::entry::enter` checks them.
pub fn enter(
    tx: &Writer,
    section: &Section,
    player: &Player,
    pairing_no: Option<u32>,
    rating: Option<u32>,
) -> Result<Entry> {
    let no = match pairing_no {
        Some(n) => n,
        None => tx
            .prepare_cached(
                "SELECT COALESCE(MAX(pairing_no), 0) + 1 AS next FROM entry WHERE section_id = ?1",
            )?
            .query_row([section.id], |r| r.get("next"))?,
    };
    tx.prepare_cached(
        "INSERT INTO entry (section_id, player_id, pairing_no, rating) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![
        section.id,
        player.id,
        no,
        rating.or(rating_at_entry(tx, section, player)?)
    ])
    .map_err(|e| constraint_error(e, "entry"))?;
    let id = tx.last_insert_rowid();
    let sql = select::<Entry>("FROM entry e JOIN player p ON p.id = e.player_id WHERE e.id = ?1");
    Ok(tx.prepare_cached(&sql)?.query_row([id], Entry::from_row)?)
}

/// How many games and byes (other than an absence) `entry` has after round
/// `after`.
pub fn seats_after(tx: &Writer, entry: &Entry, after: u32) -> Result<i64> {
    Ok(tx.query_row(
        "SELECT count(*) FROM player_round WHERE entry_id = ?1 AND round_no > ?2 AND outcome NOT IN ('absent')",
        params![entry.id, after],
        |r| r.get(0),
    )?)
}

/// Set (or, with `None`, clear) the round `entry` withdrew after, and log
/// the change with `reason`. No rule is checked here: `app::withdraw` does.
pub fn set_withdrawn(
    tx: &Writer,
    event: &crate::domain::league::Event,
    section: &Section,
    entry: &Entry,
    after: Option<u32>,
    reason: Option<&str>,
) -> Result<()> {
    // The value as it is now, inside the transaction, for the log.
    let before: Option<u32> = tx.query_row(
        "SELECT withdrawn_after FROM entry WHERE id = ?1",
        [entry.id],
        |r| r.get("withdrawn_after"),
    )?;
    tx.execute(
        "UPDATE entry SET withdrawn_after = ?1 WHERE id = ?2",
        params![after, entry.id],
    )?;
    let described = |w: Option<u32>| match w {
        Some(w) => format!("withdrawn after round {w}"),
        None => "not withdrawn".to_string(),
    };
    super::audit::audit_event(
        tx,
        Some(event.id),
        Action::Withdraw,
        &format!(
            "{} {}: {} (#{})",
            event.name, section.name, entry.name, entry.pairing_no
        ),
        before.map(|w| described(Some(w))).as_deref(),
        Some(&described(after)),
        reason,
    )?;
    Ok(())
}

/// How many games and byes an entry has (any round).
pub fn seats(tx: &Writer, entry: &Entry) -> Result<i64> {
    Ok(tx.query_row(
        "SELECT (SELECT count(*) FROM game WHERE white_entry = ?1 OR black_entry = ?1)
              + (SELECT count(*) FROM bye WHERE entry_id = ?1)",
        [entry.id],
        |r| r.get(0),
    )?)
}

/// Move an entry to another section: the player takes the next free
/// pairing number there. Logged. The rules (same event, before the first
/// round) are `app::entry::move_entry`'s.
pub fn move_entry(tx: &Writer, entry: &Entry, to: &Section, reason: Option<&str>) -> Result<Entry> {
    let from = super::season::section_by_id(tx, entry.section_id)?;
    let no: u32 = tx.query_row(
        "SELECT COALESCE(MAX(pairing_no), 0) + 1 FROM entry WHERE section_id = ?1",
        [to.id],
        |r| r.get(0),
    )?;
    tx.execute(
        "UPDATE entry SET section_id = ?1, pairing_no = ?2 WHERE id = ?3",
        params![to.id, no, entry.id],
    )
    .map_err(|e| constraint_error(e, "entry"))?;
    let event = super::season::event_by_id(tx, from.event_id)?;
    super::audit::audit_event(
        tx,
        Some(event.id),
        Action::Edit,
        &format!("{}: {}", event.name, entry.name),
        Some(&format!("{} #{}", from.name, entry.pairing_no)),
        Some(&format!("{} #{no}", to.name)),
        reason,
    )?;
    let sql = select::<Entry>("FROM entry e JOIN player p ON p.id = e.player_id WHERE e.id = ?1");
    Ok(tx.query_row(&sql, [entry.id], Entry::from_row)?)
}

/// Remove an entry. Logged. The rule (only before the player's first game
/// or bye) is `app::entry::remove_entry`'s.
pub fn remove_entry(tx: &Writer, entry: &Entry, reason: Option<&str>) -> Result<()> {
    let section = super::season::section_by_id(tx, entry.section_id)?;
    tx.execute("DELETE FROM entry WHERE id = ?1", [entry.id])?;
    let event = super::season::event_by_id(tx, section.event_id)?;
    super::audit::audit_event(
        tx,
        Some(event.id),
        Action::Delete,
        &format!("{} {}: entry of {}", event.name, section.name, entry.name),
        Some(&format!("#{}", entry.pairing_no)),
        None,
        reason,
    )?;
    Ok(())
}

/// One of a player's entries, with where it was and the score.
pub struct PlayerEntry {
    /// The season's name.
    pub season: String,
    /// The event's name.
    pub event: String,
    /// The section's name.
    pub section: String,
    /// The player's pairing number there.
    pub pairing_no: u32,
    /// The player's score there.
    pub score: crate::domain::score::Points,
}

/// Every section a player entered, oldest season first.
pub fn entries_of_player(conn: &impl Readable, player_id: PlayerId) -> Result<Vec<PlayerEntry>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        // The tables, and the score from player_round by entry (index
        // look-ups): the entry_detail and entry_score views total every
        // entry of the archive first (1.9 s in a 30-season league).
        "SELECT s.name AS season, ev.name AS event, sec.name AS section, e.pairing_no AS pairing_no, \
                (SELECT COALESCE(SUM(pr.halves), 0) FROM player_round pr WHERE pr.entry_id = e.id) AS halves \
         FROM entry e JOIN section sec ON sec.id = e.section_id \
         JOIN event ev ON ev.id = sec.event_id JOIN season s ON s.id = ev.season_id \
         WHERE e.player_id = ?1 ORDER BY s.id, ev.id",
    )?;
    let rows = st
        .query_map([player_id], |r| {
            Ok(PlayerEntry {
                season: r.get("season")?,
                event: r.get("event")?,
                section: r.get("section")?,
                pairing_no: r.get("pairing_no")?,
                score: crate::domain::score::Points(r.get("halves")?),
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// A player's own detail kept in a column of its own, read and set one at
/// a time by its command: the two share one query and one logged update.
#[derive(Clone, Copy)]
enum Detail {
    /// The US state (migration V15).
    State,
    /// The club or team (migration V19).
    Club,
}

impl Detail {
    /// The column, which is also the word the log uses ("club: none").
    fn column(self) -> &'static str {
        match self {
            Detail::State => "state",
            Detail::Club => "club",
        }
    }
}

/// Read one [`Detail`] of a player.
fn detail(conn: &Connection, player_id: PlayerId, d: Detail) -> Result<Option<String>> {
    Ok(conn.query_row(
        &format!("SELECT {} FROM player WHERE id = ?1", d.column()),
        [player_id],
        |r| r.get(0),
    )?)
}

/// Set (or with `None` clear) one [`Detail`] of a player; logged as an
/// edit when it changed.
fn set_detail(tx: &Writer, player: &Player, d: Detail, value: Option<&str>) -> Result<()> {
    let old = detail(tx.conn(), player.id, d)?;
    tx.execute(
        &format!("UPDATE player SET {} = ?1 WHERE id = ?2", d.column()),
        params![value, player.id],
    )
    .map_err(|e| constraint_error(e, "player"))?;
    if old.as_deref() != value {
        let column = d.column();
        super::audit::audit(
            tx,
            Action::Edit,
            &format!("player {}", player.name),
            Some(&format!("{column}: {}", old.as_deref().unwrap_or("none"))),
            Some(&format!("{column}: {}", value.unwrap_or("none"))),
            None,
        )?;
    }
    Ok(())
}

/// A player's US state (two capital letters), for the US Chess report
/// (migration V15); `None` when not known.
pub fn player_state(conn: &impl Readable, player_id: PlayerId) -> Result<Option<String>> {
    detail(super::sql(conn), player_id, Detail::State)
}

/// Set (or with `None` clear) a player's US state; logged as an edit.
pub fn set_player_state(tx: &Writer, player: &Player, state: Option<&str>) -> Result<()> {
    set_detail(tx, player, Detail::State, state)
}

/// A player's club or team (migration V19), for US Chess 28N team-mate
/// avoidance; `None` when not known.
pub fn player_club(conn: &impl Readable, player_id: PlayerId) -> Result<Option<String>> {
    detail(super::sql(conn), player_id, Detail::Club)
}

/// Set (or with `None` clear) a player's club; logged as an edit.
pub fn set_player_club(tx: &Writer, player: &Player, club: Option<&str>) -> Result<()> {
    set_detail(tx, player, Detail::Club, club)
}
