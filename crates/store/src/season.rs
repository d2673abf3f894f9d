//! Seasons, events and sections: reading, adding, editing, and finding them
//! by the names a secretary types.

use crate::Writer;
use rusqlite::{params, OptionalExtension, Row};

use super::audit::{audit, audit_event, changed_fields, shown, Action};
use super::constraint_error;
use super::row::{select, FromRow};
use super::Readable;
use crate::domain::ids::{EventId, SeasonId, SectionId};
use crate::domain::league::{Event, EventKind, RatingBasis, Season, Section};
use crate::domain::names::Wanted;
use crate::domain::pairing::settings::{bye_str, colour_str, PairingRules};
use crate::error::{Error, Result, Way};

impl FromRow for Season {
    const COLUMNS: &'static str = "id, name, start_date, end_date";
    fn from_row(r: &Row) -> rusqlite::Result<Season> {
        Ok(Season {
            id: r.get("id")?,
            name: r.get("name")?,
            start_date: r.get("start_date")?,
            end_date: r.get("end_date")?,
        })
    }
}

/// Every season, newest first.
pub fn seasons(conn: &impl Readable) -> Result<Vec<Season>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(&select::<Season>(
        "FROM season ORDER BY COALESCE(start_date, name) DESC, name DESC",
    ))?;
    let rows = st
        .query_map([], Season::from_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The season of this name (ignoring case), if there is one.
pub fn season_by_name(conn: &impl Readable, name: &str) -> Result<Option<Season>> {
    let conn = super::sql(conn);
    Ok(conn
        .query_row(
            &select::<Season>("FROM season WHERE name = ?1 COLLATE NOCASE"),
            [name.trim()],
            Season::from_row,
        )
        .optional()?)
}

/// The season named `name`, or an error listing the seasons there are.
pub fn find_season(conn: &impl Readable, name: &str) -> Result<Season> {
    let conn = super::sql(conn);
    if let Some(season) = season_by_name(conn, name)? {
        return Ok(season);
    }
    let all = seasons(conn)?;
    let named: Vec<(&str, &str)> = all
        .iter()
        .map(|s| (s.name.as_str(), s.name.as_str()))
        .collect();
    let hint = if all.is_empty() {
        "there are no seasons yet".to_string()
    } else {
        format!(
            "seasons: {}",
            named.iter().map(|n| n.0).collect::<Vec<_>>().join(", ")
        )
    };
    let wanted = Wanted {
        what: "season",
        more: "",
        hint: &hint,
    };
    let e = Error::from(wanted.not_found(name, &named, |n| n.to_string()));
    Err(if all.is_empty() {
        e.with_way(Way::AddSeason)
    } else {
        e
    })
}

/// Add a season (`app::season::add_season` checks its name and dates).
pub fn add_season(
    tx: &Writer,
    name: &str,
    start: Option<&str>,
    end: Option<&str>,
) -> Result<Season> {
    tx.execute(
        "INSERT INTO season (name, start_date, end_date) VALUES (?1, ?2, ?3)",
        params![name.trim(), start, end],
    )
    .map_err(|e| constraint_error(e, "season"))?;
    find_season(tx, name)
}

/// Rename a season or change its dates (logged; `app::season` checks
/// them first).
pub fn edit_season(
    tx: &Writer,
    season: &Season,
    name: Option<&str>,
    start: Option<&str>,
    end: Option<&str>,
) -> Result<Season> {
    let new_name = name.unwrap_or(&season.name).trim().to_string();
    tx.execute(
        "UPDATE season SET name = ?1, start_date = COALESCE(?2, start_date), end_date = COALESCE(?3, end_date) WHERE id = ?4",
        params![new_name, start, end, season.id],
    )
    .map_err(|e| constraint_error(e, "season"))?;
    let updated = find_season(tx, &new_name)?;
    if let Some((old, new)) = changed_fields(&[
        ("name", season.name.clone(), updated.name.clone()),
        (
            "start",
            shown(&season.start_date),
            shown(&updated.start_date),
        ),
        ("end", shown(&season.end_date), shown(&updated.end_date)),
    ]) {
        let action = if updated.name != season.name {
            Action::Rename
        } else {
            Action::Edit
        };
        audit(
            tx,
            action,
            &format!("season {}", season.name),
            Some(&old),
            Some(&new),
            None,
        )?;
    }
    Ok(updated)
}

/// Find or create a season (importers).
pub fn ensure_season(tx: &Writer, name: &str) -> Result<Season> {
    match season_by_name(tx, name)? {
        Some(s) => Ok(s),
        None => add_season(tx, name, None, None),
    }
}

/// An event with its season's name, from `event e JOIN season s`. Its
/// columns are named apart from a section's ([`Section`]'s reader), so a
/// query can select both.
impl FromRow for Event {
    const COLUMNS: &'static str = "e.id AS event_id, e.season_id AS season_id, s.name AS season, \
         e.name AS event, e.kind AS kind, e.rounds AS rounds, e.start_date AS start_date, \
         e.end_date AS end_date, e.tiebreaks AS tiebreaks, e.actual_play_first AS actual_play_first, \
         e.fide_edition AS fide_edition, e.sb_adjusted AS sb_adjusted, \
         e.coin_allowed AS coin_allowed, e.coin_seed AS coin_seed, e.rating_basis AS rating_basis";
    fn from_row(r: &Row) -> rusqlite::Result<Event> {
        let kind: String = r.get("kind")?;
        Ok(Event {
            id: r.get("event_id")?,
            season_id: r.get("season_id")?,
            season: r.get("season")?,
            name: r.get("event")?,
            kind: kind.parse().unwrap_or(EventKind::Swiss),
            rounds: r.get("rounds")?,
            start_date: r.get("start_date")?,
            end_date: r.get("end_date")?,
            tiebreaks: r.get("tiebreaks")?,
            actual_play_first: r.get("actual_play_first")?,
            fide_edition: r.get("fide_edition")?,
            sb_adjusted: r.get("sb_adjusted")?,
            coin_allowed: r.get("coin_allowed")?,
            coin_seed: r.get("coin_seed")?,
            // The schema allows only the four kinds (V24).
            rating_basis: RatingBasis::parse(&r.get::<_, String>("rating_basis")?)
                .unwrap_or_default(),
        })
    }
}

/// Events, optionally of one season, in date order.
pub fn events(conn: &impl Readable, season_id: Option<SeasonId>) -> Result<Vec<Event>> {
    let conn = super::sql(conn);
    let sql = select::<Event>(
        "FROM event e JOIN season s ON s.id = e.season_id \
         WHERE ?1 IS NULL OR e.season_id = ?1 ORDER BY s.start_date, s.name, e.start_date, e.id",
    );
    let mut st = conn.prepare(&sql)?;
    let rows = st
        .query_map([season_id], Event::from_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The event with this id. It takes an [`EventId`], so passing another
/// kind of id does not compile:
///
/// ```compile_fail,E0308
/// use league_domain::ids::SectionId;
/// use league_store::{season::event_by_id, Store};
///
/// let store = Store::open_in_memory().unwrap();
/// let section_id = SectionId(1);
/// let _ = event_by_id(store.conn(), section_id); // expected `EventId`, found `SectionId`
/// ```
///
/// while the right kind does:
///
/// ```
/// use league_domain::ids::EventId;
/// use league_store::{season::event_by_id, Store};
///
/// let store = Store::open_in_memory().unwrap();
/// assert!(event_by_id(store.conn(), EventId(1)).is_err()); // no such event yet
/// ```
pub fn event_by_id(conn: &impl Readable, id: EventId) -> Result<Event> {
    let conn = super::sql(conn);
    let sql = select::<Event>("FROM event e JOIN season s ON s.id = e.season_id WHERE e.id = ?1");
    Ok(conn.query_row(&sql, [id], Event::from_row)?)
}

/// The event named `name` (in `season` when given). Without a season, the
/// name must be unique across seasons, or the newest season's event is
/// meant when `latest` is set. Errors list what there is.
pub fn find_event(conn: &impl Readable, season: Option<&str>, name: &str) -> Result<Event> {
    let conn = super::sql(conn);
    let season = match season {
        Some(s) => Some(find_season(conn, s)?),
        None => None,
    };
    let sql = select::<Event>(
        "FROM event e JOIN season s ON s.id = e.season_id \
         WHERE e.name = ?1 COLLATE NOCASE AND (?2 IS NULL OR e.season_id = ?2) ORDER BY s.start_date, s.name",
    );
    let mut st = conn.prepare(&sql)?;
    let found = st
        .query_map(
            params![name.trim(), season.as_ref().map(|s| s.id)],
            Event::from_row,
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let what = match &season {
        Some(s) => format!("event in season {}", s.name),
        None => "event".to_string(),
    };
    let show = |e: &Event| format!("{} ({})", e.name, e.season);
    match found.len() {
        1 => Ok(found.into_iter().next().expect("one event")),
        0 => {
            let all = events(conn, season.as_ref().map(|s| s.id))?;
            let named: Vec<(Event, &str)> =
                all.iter().map(|e| (e.clone(), e.name.as_str())).collect();
            let hint = if all.is_empty() {
                "there are no events yet".to_string()
            } else {
                format!(
                    "events: {}",
                    all.iter().map(show).collect::<Vec<_>>().join(", ")
                )
            };
            let wanted = Wanted {
                what: &what,
                more: "",
                hint: &hint,
            };
            let e = Error::from(wanted.not_found(name, &named, show));
            Err(if all.is_empty() {
                e.with_way(Way::AddEvent)
            } else {
                e
            })
        }
        _ => {
            let wanted = Wanted {
                what: &what,
                more: "",
                hint: "",
            };
            Err(Error::from(wanted.several(name.trim(), &found, show)).with_way(Way::SaySeason))
        }
    }
}

/// What a new event needs.
pub struct NewEvent<'a> {
    /// The event's name.
    pub name: &'a str,
    /// Swiss, round robin or a team kind.
    pub kind: EventKind,
    /// Planned number of rounds.
    pub rounds: u32,
    /// First day (`YYYY-MM-DD`).
    pub start_date: Option<&'a str>,
    /// Last day (`YYYY-MM-DD`).
    pub end_date: Option<&'a str>,
    /// The tiebreak order: a preset or codes, already checked.
    pub tiebreaks: &'a str,
    /// Rank players who scored over the board ahead of tied players whose
    /// points are all unplayed.
    pub actual_play_first: bool,
    /// The FIDE rules edition chosen; `None` follows the start date.
    pub fide_edition: Option<u16>,
    /// US Chess Sonneborn-Berger on opponents' adjusted scores instead of
    /// final scores.
    pub sb_adjusted: bool,
    /// Whether a coin flip may break the ties left.
    pub coin_allowed: bool,
}

/// Add an event to a season, with the pairing settings of its kind
/// (and four boards for a team event); `app::season::add_event` checks
/// its name and dates first.
pub fn add_event(tx: &Writer, season: &Season, new: &NewEvent) -> Result<Event> {
    tx.execute(
        "INSERT INTO event (season_id, name, kind, rounds, start_date, end_date, tiebreaks, actual_play_first, fide_edition, sb_adjusted, coin_allowed) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            season.id,
            new.name.trim(),
            new.kind.as_str(),
            new.rounds,
            new.start_date,
            new.end_date,
            new.tiebreaks,
            new.actual_play_first,
            new.fide_edition,
            new.sb_adjusted,
            new.coin_allowed
        ],
    )
    .map_err(|e| constraint_error(e, "event"))?;
    let id = EventId(tx.last_insert_rowid());
    // Pairing settings: the defaults of the kind and tiebreak order (a
    // Swiss ranked by US Chess tiebreaks pairs by the US Chess system, one
    // ranked by FIDE tiebreaks by the Dutch; `league event add` then stores
    // the ones given on its command line).
    let rules = match crate::domain::tiebreak::Order::parse(new.tiebreaks) {
        Ok(order) => PairingRules::for_event(new.kind, &order),
        Err(_) => PairingRules::for_kind(new.kind),
    };
    insert_pairing_rules(tx, id, &rules)?;
    let fide_tiebreaks =
        crate::domain::tiebreak::Order::parse(new.tiebreaks).is_ok_and(|o| o.is_fide());
    let basis = RatingBasis::default_for(
        new.kind,
        fide_tiebreaks,
        rules.system == crate::domain::pairing::settings::SystemKind::Dutch,
    );
    start_rating_basis(tx, id, basis)?;
    if new.kind.is_team() {
        tx.execute(
            "INSERT INTO team_rules (event_id, boards) VALUES (?1, 4)",
            [id],
        )?;
    }
    event_by_id(tx, id)
}

/// Give a new event its rating basis; a FIDE event's prizes are split by
/// Hort (half pooled, half by tiebreak) rather than the US Chess 32B
/// pooling that is the default otherwise. `league event edit --prize-split`
/// changes either.
pub fn start_rating_basis(tx: &Writer, id: EventId, basis: RatingBasis) -> Result<()> {
    tx.execute(
        "UPDATE event SET rating_basis = ?1, \
         prize_split = CASE WHEN ?1 = 'fide' THEN 'hort' ELSE 'pooled' END WHERE id = ?2",
        params![basis.as_str(), id],
    )?;
    Ok(())
}

/// Change an event's rating basis: every entry takes its player's current
/// rating of the new kind (unrated without one), so that everything in the
/// event goes by that one rating. Logged; returns how many entries' ratings
/// changed. (The prize split stays as it is: it may have been chosen.)
pub fn change_rating_basis(tx: &Writer, event: &Event, basis: RatingBasis) -> Result<usize> {
    if event.rating_basis == basis {
        return Ok(0);
    }
    let column = match basis {
        RatingBasis::Fide => "p.fide_rating",
        RatingBasis::Uscf | RatingBasis::National | RatingBasis::Club => "p.rating",
    };
    let changed = tx.execute(
        &format!(
            "UPDATE entry SET rating = (SELECT {column} FROM player p WHERE p.id = entry.player_id) \
             WHERE section_id IN (SELECT id FROM section WHERE event_id = ?1) \
               AND rating IS NOT (SELECT {column} FROM player p WHERE p.id = entry.player_id)"
        ),
        [event.id],
    )?;
    tx.execute(
        "UPDATE event SET rating_basis = ?1 WHERE id = ?2",
        params![basis.as_str(), event.id],
    )?;
    audit(
        tx,
        Action::Edit,
        &format!("event {} {}", event.season, event.name),
        Some(&format!("rating basis {}", event.rating_basis.as_str())),
        Some(&format!(
            "rating basis {} ({changed} entries re-rated)",
            basis.as_str()
        )),
        None,
    )?;
    Ok(changed)
}

/// Store an event's pairing settings (a new event, an import).
pub fn insert_pairing_rules(tx: &Writer, event_id: EventId, r: &PairingRules) -> Result<()> {
    tx.execute(
        "INSERT OR REPLACE INTO pairing_rules (event_id, system, initial_colour, acceleration, bye_points, \
         double_round_robin, numbers, team_mates, alternation_limit, equalisation_limit, \
         accelerate_rounds, colour_priority, unrated_bye) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        params![
            event_id,
            r.system.as_str(),
            colour_str(r.initial_colour),
            r.acceleration.as_str(),
            bye_str(r.bye),
            r.double_round_robin,
            r.numbers.as_str(),
            r.team_mates.as_str(),
            r.colour_limits.alternation,
            r.colour_limits.equalisation,
            r.accelerate_rounds,
            r.colour_priority.as_str(),
            r.unrated_bye.as_str()
        ],
    )
    .map_err(|e| constraint_error(e, "pairing settings"))?;
    Ok(())
}

/// Change an event's settings; `None` keeps the current value.
#[derive(Default)]
pub struct EventEdit<'a> {
    /// A new name.
    pub name: Option<&'a str>,
    /// A new number of rounds (not below the rounds already recorded).
    pub rounds: Option<u32>,
    /// A new first day.
    pub start_date: Option<&'a str>,
    /// A new last day.
    pub end_date: Option<&'a str>,
    /// A new tiebreak order, already checked.
    pub tiebreaks: Option<&'a str>,
    /// Turn the actual-play-first rule on or off.
    pub actual_play_first: Option<bool>,
    /// A FIDE rules edition (`Some(None)`: follow the start date).
    pub fide_edition: Option<Option<u16>>,
    /// Turn adjusted-score Sonneborn-Berger on or off.
    pub sb_adjusted: Option<bool>,
    /// Allow or forbid the coin flip.
    pub coin_allowed: Option<bool>,
}

/// The highest round any section of the event has recorded.
pub fn highest_round(conn: &impl Readable, event_id: EventId) -> Result<Option<u32>> {
    Ok(super::sql(conn).query_row(
        "SELECT MAX(r.number) AS highest FROM round r JOIN section s ON s.id = r.section_id WHERE s.event_id = ?1",
        [event_id],
        |r| r.get("highest"),
    )?)
}

/// How many rounds the event's sections have recorded, together.
pub fn rounds_recorded(conn: &impl Readable, event_id: EventId) -> Result<u32> {
    Ok(super::sql(conn).query_row(
        "SELECT count(*) AS rounds FROM round r JOIN section s ON s.id = r.section_id WHERE s.event_id = ?1",
        [event_id],
        |r| r.get("rounds"),
    )?)
}

/// Change an event's settings (`app::season::edit_event` checks them
/// first); the log gets the fields changed, old and new.
pub fn edit_event(tx: &Writer, event: &Event, edit: &EventEdit) -> Result<Event> {
    tx.execute(
        "UPDATE event SET name = COALESCE(?1, name), rounds = COALESCE(?2, rounds), start_date = COALESCE(?3, start_date), \
         end_date = COALESCE(?4, end_date), tiebreaks = COALESCE(?5, tiebreaks), actual_play_first = COALESCE(?6, actual_play_first), \
         sb_adjusted = COALESCE(?7, sb_adjusted), coin_allowed = COALESCE(?8, coin_allowed) WHERE id = ?9",
        params![
            edit.name.map(str::trim),
            edit.rounds,
            edit.start_date,
            edit.end_date,
            edit.tiebreaks,
            edit.actual_play_first,
            edit.sb_adjusted,
            edit.coin_allowed,
            event.id
        ],
    )
    .map_err(|e| constraint_error(e, "event"))?;
    if let Some(ed) = edit.fide_edition {
        tx.execute(
            "UPDATE event SET fide_edition = ?1 WHERE id = ?2",
            params![ed, event.id],
        )?;
    }
    let updated = event_by_id(tx, event.id)?;
    // Every setting here changes standings or what they are called: logged.
    if let Some((old, new)) = changed_fields(&[
        ("name", event.name.clone(), updated.name.clone()),
        (
            "rounds",
            event.rounds.to_string(),
            updated.rounds.to_string(),
        ),
        (
            "start",
            shown(&event.start_date),
            shown(&updated.start_date),
        ),
        ("end", shown(&event.end_date), shown(&updated.end_date)),
        (
            "tiebreaks",
            event.tiebreaks.clone(),
            updated.tiebreaks.clone(),
        ),
        (
            "actual play first",
            event.actual_play_first.to_string(),
            updated.actual_play_first.to_string(),
        ),
        (
            "FIDE edition",
            shown(&event.fide_edition),
            shown(&updated.fide_edition),
        ),
        (
            "sb on adjusted scores",
            event.sb_adjusted.to_string(),
            updated.sb_adjusted.to_string(),
        ),
        (
            "coin flip",
            event.coin_allowed.to_string(),
            updated.coin_allowed.to_string(),
        ),
    ]) {
        let action = if updated.name != event.name {
            Action::Rename
        } else {
            Action::Edit
        };
        audit_event(
            tx,
            Some(event.id),
            action,
            &format!("event {} {}", event.season, event.name),
            Some(&old),
            Some(&new),
            None,
        )?;
    }
    Ok(updated)
}

/// Store the coin-flip seed the first time one is drawn, so later standings
/// reproduce the same draw.
pub fn set_coin_seed(tx: &Writer, event_id: EventId, seed: i64) -> Result<()> {
    tx.execute(
        "UPDATE event SET coin_seed = ?1 WHERE id = ?2 AND coin_seed IS NULL",
        params![seed, event_id],
    )?;
    Ok(())
}

/// A section, from `section sec`; its columns are named apart from an
/// event's ([`Event`]'s reader), so a query can select both.
impl FromRow for Section {
    const COLUMNS: &'static str = "sec.id AS section_id, sec.event_id AS section_event_id, \
         sec.name AS section, sec.rating_min AS rating_min, sec.rating_max AS rating_max";
    fn from_row(r: &Row) -> rusqlite::Result<Section> {
        Ok(Section {
            id: r.get("section_id")?,
            event_id: r.get("section_event_id")?,
            name: r.get("section")?,
            rating_min: r.get("rating_min")?,
            rating_max: r.get("rating_max")?,
        })
    }
}

/// The event's sections, in the order they were added.
pub fn sections(conn: &impl Readable, event_id: EventId) -> Result<Vec<Section>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(&select::<Section>(
        "FROM section sec WHERE sec.event_id = ?1 ORDER BY sec.id",
    ))?;
    let rows = st
        .query_map([event_id], Section::from_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The section with this id.
pub fn section_by_id(conn: &impl Readable, id: SectionId) -> Result<Section> {
    let conn = super::sql(conn);
    Ok(conn.query_row(
        &select::<Section>("FROM section sec WHERE sec.id = ?1"),
        [id],
        Section::from_row,
    )?)
}

/// The section named `name` of `event`; without a name, the event's only
/// section. Errors list the sections there are.
pub fn find_section(conn: &impl Readable, event: &Event, name: Option<&str>) -> Result<Section> {
    let conn = super::sql(conn);
    let all = sections(conn, event.id)?;
    let list = || {
        all.iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match name {
        Some(_) if all.is_empty() => Err(Error::refused(SectionRefusal::NoSections {
            event: event.name.clone(),
        })),
        Some(n) => match all.iter().find(|s| s.name.eq_ignore_ascii_case(n.trim())) {
            Some(s) => Ok(s.clone()),
            None => {
                let named: Vec<(&str, &str)> = all
                    .iter()
                    .map(|s| (s.name.as_str(), s.name.as_str()))
                    .collect();
                let wanted = Wanted {
                    what: &format!("section of {}", event.name),
                    more: "",
                    hint: &format!("sections: {}", list()),
                };
                Err(wanted.not_found(n, &named, |s| s.to_string()).into())
            }
        },
        None => match all.len() {
            1 => Ok(all[0].clone()),
            0 => Err(Error::refused(SectionRefusal::NoSections {
                event: event.name.clone(),
            })),
            _ => Err(Error::refused(SectionRefusal::Several {
                event: event.name.clone(),
                sections: list(),
            })),
        },
    }
}

/// Why no section could be chosen of an event: the facts. A front end
/// adds its own way on (the CLI names `league section add` or `--section`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SectionRefusal {
    /// The event has no sections.
    #[error("{event} has no sections yet")]
    NoSections {
        /// The event's name.
        event: String,
    },
    /// No section was named and the event has several.
    #[error("{event} has several sections ({sections})")]
    Several {
        /// The event's name.
        event: String,
        /// Its sections' names, comma-separated.
        sections: String,
    },
}

/// Add a section with a rating band (either bound may be open);
/// `app::season::add_section` refuses a name the event has.
pub fn add_section(
    tx: &Writer,
    event: &Event,
    name: &str,
    min: Option<u32>,
    max: Option<u32>,
) -> Result<Section> {
    tx.execute(
        "INSERT INTO section (event_id, name, rating_min, rating_max) VALUES (?1, ?2, ?3, ?4)",
        params![event.id, name.trim(), min, max],
    )
    .map_err(|e| constraint_error(e, "section"))?;
    section_by_id(tx, SectionId(tx.last_insert_rowid()))
}

/// Rename a section or change its band (logged).
pub fn edit_section(
    tx: &Writer,
    section: &Section,
    name: Option<&str>,
    min: Option<u32>,
    max: Option<u32>,
) -> Result<Section> {
    tx.execute(
        "UPDATE section SET name = COALESCE(?1, name), rating_min = COALESCE(?2, rating_min), rating_max = COALESCE(?3, rating_max) WHERE id = ?4",
        params![name.map(str::trim), min, max, section.id],
    )
    .map_err(|e| constraint_error(e, "section"))?;
    let updated = section_by_id(tx, section.id)?;
    if let Some((old, new)) = changed_fields(&[
        ("name", section.name.clone(), updated.name.clone()),
        (
            "lowest rating",
            shown(&section.rating_min),
            shown(&updated.rating_min),
        ),
        (
            "highest rating",
            shown(&section.rating_max),
            shown(&updated.rating_max),
        ),
    ]) {
        let event = event_by_id(tx, section.event_id)?;
        let action = if updated.name != section.name {
            Action::Rename
        } else {
            Action::Edit
        };
        audit_event(
            tx,
            Some(event.id),
            action,
            &format!(
                "section {} of {} {}",
                section.name, event.season, event.name
            ),
            Some(&old),
            Some(&new),
            None,
        )?;
    }
    Ok(updated)
}

/// The league's name as set for its pages (`setting` key `league_name`),
/// if one was set.
pub fn league_name(conn: &impl Readable) -> Result<Option<String>> {
    let conn = super::sql(conn);
    Ok(conn
        .query_row(
            "SELECT value FROM setting WHERE key = 'league_name'",
            [],
            |r| r.get::<_, String>(0),
        )
        .optional()?
        .filter(|s| !s.trim().is_empty()))
}

/// The time (`YYYY-MM-DDTHH:MM:SSZ`, UTC) of the latest change the
/// database records: the newest audit entry (corrections, deletions,
/// withdrawals, edits) or the newest stamp of a game, bye, team match or
/// entry written, a player or event changed (`records_changed.at`,
/// migrations V25 and V31), whichever is later;
/// a database from before V25 has only the day of its newest round date
/// not in the future (`YYYY-MM-DD`). `None` when the database holds none
/// of these.
pub fn latest_change(conn: &impl Readable) -> Result<Option<String>> {
    let conn = super::sql(conn);
    Ok(conn.query_row(
        "SELECT MAX(d) FROM (
             SELECT substr(MAX(at), 1, 19) || 'Z' AS d FROM audit
             UNION ALL
             SELECT MAX(at) FROM records_changed
             UNION ALL
             SELECT MAX(date) FROM round WHERE date <= date('now')
         )",
        [],
        |r| r.get::<_, Option<String>>(0),
    )?)
}

/// The league-wide settings a secretary may change, as (key, value), by key.
pub fn settings(conn: &impl Readable) -> Result<Vec<(String, String)>> {
    let conn = super::sql(conn);
    let mut st =
        conn.prepare("SELECT key, value FROM setting WHERE key = 'league_name' ORDER BY key")?;
    let rows = st
        .query_map([], |r| Ok((r.get("key")?, r.get("value")?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Set the league's name (the title of the results site), keeping the old
/// value in the log when there was one. Returns false when it was already so.
pub fn set_league_name(tx: &Writer, name: &str) -> Result<bool> {
    let name = name.trim();
    let old = league_name(tx)?;
    if old.as_deref() == Some(name) {
        return Ok(false);
    }
    tx.execute(
        "INSERT OR REPLACE INTO setting (key, value) VALUES ('league_name', ?1)",
        [name],
    )?;
    audit(
        tx,
        Action::Edit,
        "league name",
        old.as_deref(),
        Some(name),
        None,
    )?;
    Ok(true)
}
