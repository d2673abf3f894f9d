//! The queries history reads, each one query over indexed columns: the
//! sections a player entered (entry by player), the sections of an event
//! name or season, the games between two players (entries by player, then
//! games by the pair of entries), and a season's grand-prix rules, stored
//! with the season as JSON.

use crate::Writer;
use rusqlite::{params, OptionalExtension, Row};

use super::audit::{audit, shown, Action};
use super::row::FromRow;
use super::Readable;
use crate::domain::ids::{EntryId, PlayerId, SeasonId};
use crate::domain::league::{Event, Season, Section};
use crate::error::Result;

/// A section with its event, and the entry of the player asked about.
#[derive(Clone, Debug)]
pub struct SectionRef {
    /// The event.
    pub event: Event,
    /// The section.
    pub section: Section,
    /// The player's entry (for [`player_sections`]).
    pub entry_id: Option<EntryId>,
}

/// Oldest season first, then event and section order.
const ORDER: &str = "ORDER BY s.start_date, s.name, e.start_date, e.id, sec.id";

/// A row of `event e JOIN season s` and `section sec` that selects their
/// columns ([`section_ref_columns`]) and the entry's id as `entry_id`
/// (NULL when no player was asked about).
fn section_ref(r: &Row) -> rusqlite::Result<SectionRef> {
    Ok(SectionRef {
        event: Event::from_row(r)?,
        section: Section::from_row(r)?,
        entry_id: r.get("entry_id")?,
    })
}

/// The event's and the section's columns of a [`SectionRef`].
fn section_ref_columns() -> String {
    format!("{}, {}", Event::COLUMNS, Section::COLUMNS)
}

/// Every section a player entered, oldest first (one query, by
/// `entry(player_id)`).
pub fn player_sections(conn: &impl Readable, player_id: PlayerId) -> Result<Vec<SectionRef>> {
    let conn = super::sql(conn);
    let sql = format!(
        "SELECT {}, en.id AS entry_id \
         FROM entry en JOIN section sec ON sec.id = en.section_id JOIN event e ON e.id = sec.event_id \
         JOIN season s ON s.id = e.season_id WHERE en.player_id = ?1 {ORDER}",
        section_ref_columns()
    );
    let mut st = conn.prepare_cached(&sql)?;
    let rows = st
        .query_map([player_id], section_ref)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Which sections: of one season, of events of one name (in any season),
/// of one section name; `None` places no limit.
#[derive(Clone, Debug, Default)]
pub struct SectionFilter<'a> {
    /// Only this season's sections.
    pub season_id: Option<SeasonId>,
    /// Only events of this name.
    pub event: Option<&'a str>,
    /// Only sections of this name.
    pub section: Option<&'a str>,
}

/// The sections matching `filter`, oldest first (one query).
pub fn sections_where(conn: &impl Readable, filter: &SectionFilter) -> Result<Vec<SectionRef>> {
    let conn = super::sql(conn);
    let sql = format!(
        "SELECT {}, NULL AS entry_id \
         FROM section sec JOIN event e ON e.id = sec.event_id JOIN season s ON s.id = e.season_id \
         WHERE (?1 IS NULL OR e.season_id = ?1) AND (?2 IS NULL OR e.name = ?2 COLLATE NOCASE) \
         AND (?3 IS NULL OR sec.name = ?3 COLLATE NOCASE) {ORDER}",
        section_ref_columns()
    );
    let mut st = conn.prepare(&sql)?;
    let rows = st
        .query_map(
            params![
                filter.season_id,
                filter.event.map(str::trim),
                filter.section.map(str::trim)
            ],
            section_ref,
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The distinct names of events and of sections, for error messages.
pub fn event_and_section_names(conn: &impl Readable) -> Result<(Vec<String>, Vec<String>)> {
    let conn = super::sql(conn);
    let names = |sql: &str| -> Result<Vec<String>> {
        let mut st = conn.prepare(sql)?;
        let rows = st
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(rows)
    };
    Ok((
        names("SELECT DISTINCT name FROM event ORDER BY name COLLATE NOCASE")?,
        names("SELECT DISTINCT name FROM section ORDER BY name COLLATE NOCASE")?,
    ))
}

/// A game between two players, with its context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meeting {
    /// The season's name.
    pub season: String,
    /// The event's name.
    pub event: String,
    /// The section's name.
    pub section: String,
    /// The round.
    pub round: u32,
    /// The round's date, when recorded.
    pub date: Option<String>,
    /// The board, when recorded.
    pub board: Option<u32>,
    /// Whether the first player had White.
    pub a_white: bool,
    /// As stored: `1-0`, `0-1`, `1/2-1/2`, `0-0`, `1F-0F`, `0F-1F`, `0F-0F`.
    pub result: String,
}

/// Every game with a result between players `a` and `b`, oldest first (one
/// query: both players' entries of the same sections, then the games of
/// each pair of entries by `game(white_entry, black_entry)`).
pub fn meetings(conn: &impl Readable, a: PlayerId, b: PlayerId) -> Result<Vec<Meeting>> {
    let conn = super::sql(conn);
    let sql = format!(
        "WITH pair(w, bl, a_white) AS ( \
           SELECT x.id, y.id, 1 FROM entry x JOIN entry y ON y.section_id = x.section_id AND y.player_id = ?2 WHERE x.player_id = ?1 \
           UNION ALL \
           SELECT y.id, x.id, 0 FROM entry x JOIN entry y ON y.section_id = x.section_id AND y.player_id = ?2 WHERE x.player_id = ?1) \
         SELECT s.name AS season, e.name AS event, sec.name AS section, r.number AS round, \
                r.date AS date, g.board AS board, pair.a_white AS a_white, g.result AS result \
         FROM pair JOIN game g ON g.white_entry = pair.w AND g.black_entry = pair.bl \
         JOIN round r ON r.id = g.round_id JOIN section sec ON sec.id = g.section_id \
         JOIN event e ON e.id = sec.event_id JOIN season s ON s.id = e.season_id \
         WHERE g.result IS NOT NULL {ORDER}, r.number"
    );
    let mut st = conn.prepare_cached(&sql)?;
    let rows = st
        .query_map(params![a, b], |r| {
            Ok(Meeting {
                season: r.get("season")?,
                event: r.get("event")?,
                section: r.get("section")?,
                round: r.get("round")?,
                date: r.get("date")?,
                board: r.get("board")?,
                a_white: r.get("a_white")?,
                result: r.get("result")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// A season's grand-prix rules as stored (JSON), if it has any.
pub fn grand_prix_rules(conn: &impl Readable, season_id: SeasonId) -> Result<Option<String>> {
    let conn = super::sql(conn);
    Ok(conn
        .query_row(
            "SELECT grand_prix FROM season WHERE id = ?1",
            [season_id],
            |r| r.get::<_, Option<String>>(0),
        )
        .optional()?
        .flatten())
}

/// Store (or, with `None`, remove) a season's grand-prix rules; the change
/// is logged as an edit of the season.
pub fn set_grand_prix_rules(tx: &Writer, season: &Season, json: Option<&str>) -> Result<()> {
    let old = grand_prix_rules(tx, season.id)?;
    tx.execute(
        "UPDATE season SET grand_prix = ?1 WHERE id = ?2",
        params![json, season.id],
    )?;
    if old.as_deref() != json {
        audit(
            tx,
            Action::Edit,
            &format!("season {} grand-prix rules", season.name),
            Some(&shown(&old)),
            Some(&shown(&json)),
            None,
        )?;
    }
    Ok(())
}
