//! Rating lists: applying a FIDE or US Chess list to the league's players,
//! and undoing the latest list of a system. Lists go in in the order they
//! took effect, so the history says which rating held on which day.

use std::collections::{HashMap, HashSet};

use crate::domain::league::Player;
use crate::error::{Error, Result};
use crate::input::ratings::ListRow;
use crate::store::ratings::{self as store, ImportedList, RatingsImported, Restored};
use crate::store::Writer;

/// Why a rating list may not be applied or undone.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A list of the same system took effect after this one's day.
    #[error("the {system} list {later} took effect on {day}, after {today}; import rating lists in the order they took effect")]
    OutOfOrder {
        /// "FIDE" or "US Chess".
        system: &'static str,
        /// The later list's name.
        later: String,
        /// The day it took effect.
        day: String,
        /// The day this list would take effect.
        today: String,
    },
    /// No list of that name (and day) changed a rating.
    #[error(
        "no rating list \"{name}\"{} changed a rating; the lists are: {}",
        .date.as_ref().map(|d| format!(" taking effect on {d}")).unwrap_or_default(),
        if .known.is_empty() { "none".to_string() } else { .known.join(", ") }
    )]
    NoSuchList {
        /// The name asked for.
        name: String,
        /// The day asked for.
        date: Option<String>,
        /// The lists there are.
        known: Vec<String>,
    },
    /// Several lists have the name (on different days).
    #[error("there are {} lists called \"{name}\" (taking effect on {})", .days.len(), .days.join(", "))]
    SeveralLists {
        /// The name asked for.
        name: String,
        /// The days they took effect.
        days: Vec<String>,
    },
    /// A later list replaced ratings this one gave: it goes first.
    #[error("the list {later} (taking effect on {day}) came after {list} and replaced ratings it gave; remove {later} first")]
    ReplacedLater {
        /// The list asked to be undone.
        list: String,
        /// The later list.
        later: String,
        /// The day the later list took effect.
        day: String,
    },
}

/// Apply a list (`fide`: FIDE ids and ratings, else US Chess) named
/// `list` on the day `today` (YYYY-MM-DD): refused when a list of the
/// same system took effect later.
pub fn import_list(
    tx: &Writer,
    rows: &[ListRow],
    fide: bool,
    list: &str,
    today: &str,
) -> Result<RatingsImported> {
    let system = if fide { "fide" } else { "uscf" };
    if let Some((later, day)) = store::latest_list_after(tx, system, today)? {
        return Err(Error::refused(Refusal::OutOfOrder {
            system: if fide { "FIDE" } else { "US Chess" },
            later,
            day,
            today: today.to_string(),
        }));
    }
    let mut done = store::import_list(tx, rows, fide, list, today)?;
    if fide {
        (done.k_set, done.k_unchanged) = set_k_factors(tx, rows)?;
    }
    Ok(done)
}

/// Give each league player on a FIDE list the K factor the list gives
/// them (the first row of an id, as for ratings): FIDE's estimate of a
/// rating change uses it. Returns (changed, already so).
fn set_k_factors(tx: &Writer, rows: &[ListRow]) -> Result<(usize, usize)> {
    let mut by_id: HashMap<String, Player> = HashMap::new();
    for p in crate::store::player::players(tx, None)? {
        if let Some(id) = p.fide_id.clone() {
            by_id.insert(id, p);
        }
    }
    let (mut set, mut same) = (0, 0);
    let mut seen: HashSet<&str> = HashSet::new();
    for row in rows {
        let id = row.id.trim();
        if !seen.insert(id) {
            continue;
        }
        let (Some(k), Some(p)) = (row.k, by_id.get(id)) else {
            continue;
        };
        if crate::player::set_fide_k(tx, p, i64::from(k))? {
            set += 1;
        } else {
            same += 1;
        }
    }
    Ok((set, same))
}

/// Undo the list named `name` (taking effect on `date` when given): only
/// the latest list of its system can be undone, and a name that matches
/// lists of several days needs `date`. Returns the list and the ratings
/// put back.
pub fn remove_list(
    tx: &Writer,
    name: &str,
    date: Option<&str>,
) -> Result<(ImportedList, Restored)> {
    let all = store::lists(tx)?;
    let matching: Vec<&ImportedList> = all
        .iter()
        .filter(|l| l.list == name && date.is_none_or(|d| l.took_effect == d))
        .collect();
    let list = match matching.as_slice() {
        [] => {
            return Err(Error::refused(Refusal::NoSuchList {
                name: name.to_string(),
                date: date.map(str::to_string),
                known: all.iter().map(|l| l.list.clone()).collect(),
            }))
        }
        [one] => (*one).clone(),
        several => {
            return Err(Error::refused(Refusal::SeveralLists {
                name: name.to_string(),
                days: several.iter().map(|l| l.took_effect.clone()).collect(),
            }))
        }
    };
    if let Some((later, day)) = store::next_list_after(tx, &list.system, &list.took_effect)? {
        return Err(Error::refused(Refusal::ReplacedLater {
            list: list.list,
            later,
            day,
        }));
    }
    let restored = store::remove_list(tx, &list)?;
    Ok((list, restored))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn lists_go_in_and_come_out_in_order() {
        let mut store = Store::open_in_memory().unwrap();
        let e = store
            .write(|tx| remove_list(tx, "May", Some("2024-05-01")))
            .unwrap_err();
        assert_eq!(
            e.refusal::<Refusal>(),
            Some(&Refusal::NoSuchList {
                name: "May".into(),
                date: Some("2024-05-01".into()),
                known: vec![]
            })
        );
        assert_eq!(
            e.to_string(),
            "no rating list \"May\" taking effect on 2024-05-01 changed a rating; the lists are: none"
        );
    }
}
