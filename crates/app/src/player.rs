//! A player's own record: merging two player rows that are one person
//! (recorded under slightly different names, or with and without an id).
//!
//! A merge is refused when it would put one player twice in a section or
//! in two sections of one event, on two teams of one event, or when the
//! two rows carry different ids of the same kind (two different people).

use crate::domain::league::Player;
use crate::error::{Error, Result};
use crate::store::merge::{self as merges, MergePlan};
use crate::store::player::{self as players, describe_player, player_by_id, NewPlayer};
use crate::store::{Readable, Writer};

/// Why a merge of two players is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A new player whose name is already a player's, with no sign that
    /// a second player of that name is meant.
    #[error("the league already has a player called {name}: {}", namesakes.join(", "))]
    Namesake {
        /// The name given.
        name: String,
        /// The players of that name, described with their ids.
        namesakes: Vec<String>,
    },
    /// A FIDE K factor FIDE does not use.
    #[error("a FIDE K factor is 10, 20 or 40, not {k}")]
    FideK {
        /// The factor given.
        k: i64,
    },
    /// Both names are one player row.
    #[error("{player} and {player} are the same player; nothing to merge")]
    SamePlayer {
        /// The player, described with their ids.
        player: String,
    },
    /// The two rows carry different ids of one kind: two people.
    #[error(
        "{from} has {what} {from_id} and {into} has {what} {into_id}: two different ids look like \
         two different people, so they were not merged"
    )]
    DifferentIds {
        /// The name of the player who would go.
        from: String,
        /// The name of the player who would stay.
        into: String,
        /// "US Chess id" or "FIDE id".
        what: &'static str,
        /// The id of the one who would go.
        from_id: String,
        /// The id of the one who would stay.
        into_id: String,
    },
    /// Both are entered in one event.
    #[error(
        "{from} and {into} both played in {}; one player cannot be entered twice in an event, so \
         they were not merged (if they really are one person, delete one of the entries first)",
        .events.join("; ")
    )]
    BothEntered {
        /// The name of the player who would go.
        from: String,
        /// The name of the player who would stay.
        into: String,
        /// The events and sections: "2022-23 Winter Swiss: Open".
        events: Vec<String>,
    },
    /// Both are on rosters of one team event.
    #[error("{from} and {into} are both on team rosters of {}; they were not merged", .events.join("; "))]
    BothOnRosters {
        /// The name of the player who would go.
        from: String,
        /// The name of the player who would stay.
        into: String,
        /// The team events.
        events: Vec<String>,
    },
}

/// What merging `from` into `into` would change, or why it may not be
/// done. Reads only: a front end shows it before asking to go on.
pub fn plan_merge(conn: &impl Readable, from: &Player, into: &Player) -> Result<MergePlan> {
    if from.id == into.id {
        return Err(Error::refused(Refusal::SamePlayer {
            player: describe_player(from),
        }));
    }
    let ids = [
        ("US Chess id", &from.uscf_id, &into.uscf_id),
        ("FIDE id", &from.fide_id, &into.fide_id),
    ];
    for (what, a, b) in ids {
        if let (Some(a), Some(b)) = (a, b) {
            if a != b {
                return Err(Error::refused(Refusal::DifferentIds {
                    from: from.name.clone(),
                    into: into.name.clone(),
                    what,
                    from_id: a.clone(),
                    into_id: b.clone(),
                }));
            }
        }
    }
    let events = merges::shared_events(conn, from.id, into.id)?;
    if !events.is_empty() {
        return Err(Error::refused(Refusal::BothEntered {
            from: from.name.clone(),
            into: into.name.clone(),
            events,
        }));
    }
    let events = merges::shared_rosters(conn, from.id, into.id)?;
    if !events.is_empty() {
        return Err(Error::refused(Refusal::BothOnRosters {
            from: from.name.clone(),
            into: into.name.clone(),
            events,
        }));
    }
    merges::merge_plan(conn, from, into)
}

/// Merge `from` into `into`: the plan is worked out again inside the
/// transaction (from the rows as they are now), so it is what is written.
/// Logged with `reason`; returns the plan carried out.
pub fn merge(tx: &Writer, from: &Player, into: &Player, reason: Option<&str>) -> Result<MergePlan> {
    let from = player_by_id(tx, from.id)?;
    let into = player_by_id(tx, into.id)?;
    let plan = plan_merge(tx, &from, &into)?;
    merges::merge(tx, &plan, reason)?;
    Ok(plan)
}

/// Add a player to the league, with their club: refused when a player of
/// the same name (case and accents aside) exists, unless `namesake` says a
/// second player of that name is meant.
pub fn add(tx: &Writer, new: &NewPlayer, club: Option<&str>, namesake: bool) -> Result<Player> {
    let wanted = crate::domain::names::fold(new.name);
    let namesakes: Vec<String> = players::players(tx, None)?
        .iter()
        .filter(|p| crate::domain::names::fold(&p.name) == wanted)
        .map(describe_player)
        .collect();
    if !namesakes.is_empty() && !namesake {
        return Err(Error::refused(Refusal::Namesake {
            name: new.name.trim().to_string(),
            namesakes,
        }));
    }
    let p = players::add_player(tx, new)?;
    if club.is_some() {
        players::set_player_club(tx, &p, club)?;
    }
    Ok(p)
}

/// Edit a player's details: `state` and `club` when given (`Some(None)`,
/// an empty club: cleared), then the fields of `edit` that are set.
/// Returns the player as they are now.
pub fn edit(
    tx: &Writer,
    player: &Player,
    edit: &NewPlayer,
    state: Option<Option<&str>>,
    club: Option<Option<&str>>,
) -> Result<Player> {
    if let Some(st) = state {
        players::set_player_state(tx, player, st)?;
    }
    if let Some(c) = club {
        players::set_player_club(tx, player, c)?;
    }
    players::edit_player(tx, player, edit)
}

/// Set a player's FIDE K factor (10, 20 or 40, as the FIDE list publishes
/// it), the change logged; false when it was already so.
pub fn set_fide_k(tx: &Writer, player: &Player, k: i64) -> Result<bool> {
    if ![10, 20, 40].contains(&k) {
        return Err(Error::refused(Refusal::FideK { k }));
    }
    players::set_fide_k(tx, player, k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::player::add_player;
    use crate::store::Store;

    #[test]
    fn two_ids_or_one_player_are_refused_with_the_facts() {
        let mut store = Store::open_in_memory().expect("store");
        let e = store
            .write(|tx| {
                let a = add_player(
                    tx,
                    &NewPlayer {
                        name: "Ann Lee",
                        fide_id: Some("1"),
                        ..Default::default()
                    },
                )?;
                let b = add_player(
                    tx,
                    &NewPlayer {
                        name: "Anne Lee",
                        fide_id: Some("2"),
                        ..Default::default()
                    },
                )?;
                assert!(matches!(
                    plan_merge(tx, &a, &a).unwrap_err().refusal::<Refusal>(),
                    Some(Refusal::SamePlayer { .. })
                ));
                merge(tx, &a, &b, None)
            })
            .unwrap_err();
        assert_eq!(
            e.refusal::<Refusal>(),
            Some(&Refusal::DifferentIds {
                from: "Ann Lee".into(),
                into: "Anne Lee".into(),
                what: "FIDE id",
                from_id: "1".into(),
                into_id: "2".into()
            })
        );
    }

    #[test]
    fn a_fide_k_factor_fide_does_not_use_is_refused() {
        let mut store = Store::open_in_memory().expect("store");
        let (refused, kept) = store
            .write(|tx| {
                let ann = NewPlayer {
                    name: "Ann Lee",
                    ..Default::default()
                };
                let p = add(tx, &ann, None, false)?;
                let refused = set_fide_k(tx, &p, 15).unwrap_err();
                assert!(set_fide_k(tx, &p, 20)?);
                assert!(!set_fide_k(tx, &p, 20)?);
                Ok((refused, players::fide_k(tx, p.id)?))
            })
            .unwrap();
        assert_eq!(
            refused.refusal::<Refusal>(),
            Some(&Refusal::FideK { k: 15 })
        );
        assert_eq!(kept, Some(20));
    }

    #[test]
    fn a_namesake_is_refused_with_the_players_of_that_name() {
        let mut store = Store::open_in_memory().expect("store");
        let e = store
            .write(|tx| {
                let ann = NewPlayer {
                    name: "Ann Lee",
                    ..Default::default()
                };
                add(tx, &ann, None, false)?;
                let again = NewPlayer {
                    name: " ann lee ",
                    ..Default::default()
                };
                add(tx, &again, None, false)
            })
            .unwrap_err();
        let Some(Refusal::Namesake { name, namesakes }) = e.refusal::<Refusal>() else {
            panic!("not a namesake refusal: {e}");
        };
        assert_eq!(name, "ann lee");
        assert_eq!(namesakes.len(), 1);
        assert!(namesakes[0].starts_with("Ann Lee"), "{namesakes:?}");
    }
}
