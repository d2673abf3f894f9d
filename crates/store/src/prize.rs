//! Prize lists (migration V15): a section's prizes in the order announced,
//! and the special prizes' winners named by hand. The award itself is
//! computed from the standings ([`crate::domain::prizes`]), never stored.

use crate::Writer;
use rusqlite::{params, Row};

use super::audit::{audit_event, Action};
use super::row::{select, FromRow};
use super::Readable;
use crate::domain::ids::{EntryId, EventId, PrizeId, SectionId};
use crate::domain::league::Section;
use crate::domain::prizes::{Class, Kind, Money, Prize, Reward};
use crate::error::Result;

/// A prize as stored: its list position, the prize, and (special prizes)
/// the winner's entry id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPrize {
    /// The row's id.
    pub id: PrizeId,
    /// Its place in the section's prize list, from 1.
    pub position: u32,
    /// `Kind::Special`'s winner is left `None` here; see `winner_entry`.
    pub prize: Prize,
    /// The entry a special prize went to, once named.
    pub winner_entry: Option<EntryId>,
}

impl FromRow for StoredPrize {
    const COLUMNS: &'static str = "id, position, kind, place, rating_min, rating_below, unrated, \
         name, cash_cents, item, winner_entry_id";
    fn from_row(r: &Row) -> rusqlite::Result<StoredPrize> {
        let kind: String = r.get("kind")?;
        let unrated: bool = r.get("unrated")?;
        let kind = match kind.as_str() {
            "class" if unrated => Kind::Class(Class::Unrated),
            "class" => Kind::Class(Class::Rated {
                min: r.get("rating_min")?,
                below: r.get("rating_below")?,
            }),
            "special" => Kind::Special {
                name: r.get("name")?,
                winner: None,
            },
            _ => Kind::Place,
        };
        let reward = match r.get::<_, Option<i64>>("cash_cents")? {
            Some(c) => Reward::Cash(Money(c)),
            None => Reward::Item(r.get("item")?),
        };
        Ok(StoredPrize {
            id: r.get("id")?,
            position: r.get("position")?,
            prize: Prize {
                kind,
                place: r.get("place")?,
                reward,
            },
            winner_entry: r.get("winner_entry_id")?,
        })
    }
}

/// A section's prizes in list order.
pub fn prizes(conn: &impl Readable, section_id: SectionId) -> Result<Vec<StoredPrize>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare_cached(&select::<StoredPrize>(
        "FROM prize WHERE section_id = ?1 ORDER BY position",
    ))?;
    let rows = st
        .query_map([section_id], StoredPrize::from_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Add a prize at the end of a section's list (special prizes with their
/// winner's entry, when named); returns its position.
pub fn add_prize(
    tx: &Writer,
    event_id: EventId,
    section: &Section,
    prize: &Prize,
    winner_entry: Option<EntryId>,
) -> Result<u32> {
    let position: u32 = tx.query_row(
        "SELECT COALESCE(MAX(position), 0) + 1 FROM prize WHERE section_id = ?1",
        [section.id],
        |r| r.get(0),
    )?;
    insert(tx, section.id, position, prize, winner_entry)?;
    audit_event(
        tx,
        Some(event_id),
        Action::Edit,
        &format!("prize {position} of section {}", section.name),
        None,
        Some(&describe(prize)),
        None,
    )?;
    Ok(position)
}

/// Whether two prizes are the same prize given twice: the same place (or
/// the same place in the same class, or a special prize of the same name)
/// with money both times (a second 1st prize would pay 1st twice), or the
/// same item. Money and a trophy for one place are two prizes.
pub fn same_prize(a: &Prize, b: &Prize) -> bool {
    let same_for = match (&a.kind, &b.kind) {
        (Kind::Special { name: x, .. }, Kind::Special { name: y, .. }) => {
            crate::domain::names::fold(x) == crate::domain::names::fold(y)
        }
        (x, y) => x == y && a.place == b.place,
    };
    let same_reward = match (&a.reward, &b.reward) {
        (Reward::Cash(_), Reward::Cash(_)) => true,
        (Reward::Item(x), Reward::Item(y)) => {
            crate::domain::names::fold(x) == crate::domain::names::fold(y)
        }
        _ => false,
    };
    same_for && same_reward
}

/// Replace the prize `old` with `prize`, at the same position in the list;
/// the old and new prizes go in the log.
pub fn replace_prize(
    tx: &Writer,
    event_id: EventId,
    section: &Section,
    old: &StoredPrize,
    prize: &Prize,
    winner_entry: Option<EntryId>,
) -> Result<()> {
    tx.execute("DELETE FROM prize WHERE id = ?1", [old.id])?;
    insert(tx, section.id, old.position, prize, winner_entry)?;
    audit_event(
        tx,
        Some(event_id),
        Action::Edit,
        &format!("prize {} of section {}", old.position, section.name),
        Some(&describe(&old.prize)),
        Some(&describe(prize)),
        None,
    )
}

/// Insert a prize row as given (also the JSON import's way in).
pub fn insert(
    tx: &Writer,
    section_id: SectionId,
    position: u32,
    prize: &Prize,
    winner_entry: Option<EntryId>,
) -> Result<()> {
    let (kind, min, below, unrated, name) = match &prize.kind {
        Kind::Place => ("place", None, None, false, None),
        Kind::Class(Class::Unrated) => ("class", None, None, true, None),
        Kind::Class(Class::Rated { min, below }) => ("class", *min, *below, false, None),
        Kind::Special { name, .. } => ("special", None, None, false, Some(name.trim())),
    };
    let (cash, item) = match &prize.reward {
        Reward::Cash(m) => (Some(m.0), None),
        Reward::Item(s) => (None, Some(s.trim())),
    };
    tx.execute(
        "INSERT INTO prize (section_id, position, kind, place, rating_min, rating_below, unrated, \
         name, cash_cents, item, winner_entry_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![section_id, position, kind, prize.place, min, below, unrated, name, cash, item, winner_entry],
    )
    .map_err(|e| super::constraint_error(e, "prize"))?;
    Ok(())
}

/// "2nd: $60", "1st U1400: trophy", "Best game: $25".
pub fn describe(p: &Prize) -> String {
    match &p.reward {
        Reward::Cash(m) => format!("{}: {m}", p.label()),
        Reward::Item(s) => format!("{}: {s}", p.label()),
    }
}

/// The prize at `position` of a section's list, if there is one.
pub fn prize_at(
    conn: &impl Readable,
    section_id: SectionId,
    position: u32,
) -> Result<Option<StoredPrize>> {
    Ok(prizes(conn, section_id)?
        .into_iter()
        .find(|p| p.position == position))
}

/// Remove the prize `old`; the ones after it move up one.
pub fn remove_prize(
    tx: &Writer,
    event_id: EventId,
    section: &Section,
    old: &StoredPrize,
) -> Result<()> {
    let position = old.position;
    tx.execute("DELETE FROM prize WHERE id = ?1", [old.id])?;
    // Two steps, so UNIQUE (section_id, position) never sees a clash.
    tx.execute(
        "UPDATE prize SET position = position + 1000000 WHERE section_id = ?1 AND position > ?2",
        params![section.id, position],
    )?;
    tx.execute(
        "UPDATE prize SET position = position - 1000001 WHERE section_id = ?1 AND position > 1000000",
        [section.id],
    )?;
    audit_event(
        tx,
        Some(event_id),
        Action::Edit,
        &format!("prize {position} of section {}", section.name),
        Some(&describe(&old.prize)),
        None,
        None,
    )?;
    Ok(())
}

/// Name the winner of the special prize `old` (`app::prize::award`
/// refuses a prize that goes by the standings).
pub fn set_winner(
    tx: &Writer,
    event_id: EventId,
    section: &Section,
    old: &StoredPrize,
    entry_id: EntryId,
    winner_name: &str,
) -> Result<()> {
    let position = old.position;
    tx.execute(
        "UPDATE prize SET winner_entry_id = ?1 WHERE id = ?2",
        params![entry_id, old.id],
    )?;
    audit_event(
        tx,
        Some(event_id),
        Action::Edit,
        &format!("prize {position} of section {}", section.name),
        None,
        Some(&format!("{} to {winner_name}", describe(&old.prize))),
        None,
    )?;
    Ok(())
}
