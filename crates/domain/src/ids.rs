//! Typed row ids: one type per kind of record the store hands around
//! (season, event, section, player, entry, team, round, game, bye, match,
//! prize), so that passing a section's id where an event's is wanted is a
//! compile error instead of a silently wrong query.
//!
//! Each id is a transparent wrapper over the database's `i64` row id: it
//! prints as the plain number ([`std::fmt::Display`]) and is serialised as
//! the plain number (`#[serde(transparent)]`), so JSON output is the same
//! as when ids were bare integers. The store converts them to and from SQL
//! values; the domain's own code names no database library.
//!
//! The store's lookups take the id of the record they look up, so mixing
//! kinds does not compile (see the store's `season::event_by_id`).

/// Define one id type: a `Copy` newtype over the row id, printed and
/// serialised as the plain number.
macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Copy,
            Clone,
            Debug,
            PartialEq,
            Eq,
            Hash,
            PartialOrd,
            Ord,
            serde::Serialize,
            serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            /// The plain row id, as the database holds it.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

id_type!(
    /// A season's row id.
    SeasonId
);
id_type!(
    /// An event's row id.
    EventId
);
id_type!(
    /// A section's row id (every event has at least one section).
    SectionId
);
id_type!(
    /// A person's row id in the league's player list (one per person,
    /// whatever they entered).
    PlayerId
);
id_type!(
    /// An entry's row id: one player entered in one section.
    EntryId
);
id_type!(
    /// A team's row id (team events).
    TeamId
);
id_type!(
    /// A round's row id (one round of one section).
    RoundId
);
id_type!(
    /// A game's row id.
    GameId
);
id_type!(
    /// A bye's row id (one entry's bye in one round).
    ByeId
);
id_type!(
    /// A team match's row id (team events).
    MatchId
);
id_type!(
    /// A prize's row id.
    PrizeId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_prints_as_its_number() {
        assert_eq!(EventId(42).to_string(), "42");
        assert_eq!(format!("#{}", PlayerId(7)), "#7");
        assert_eq!(format!("{:>4}", SectionId(3)), "   3");
    }

    #[test]
    fn an_id_is_serialised_as_the_plain_number() {
        assert_eq!(serde_json::to_string(&EntryId(12)).unwrap(), "12");
        assert_eq!(
            serde_json::to_string(&Some(TeamId(5))).unwrap(),
            "5",
            "an optional id is the number or null"
        );
        assert_eq!(serde_json::to_string(&None::<TeamId>).unwrap(), "null");
        let back: SeasonId = serde_json::from_str("9").unwrap();
        assert_eq!(back, SeasonId(9));
    }

    #[test]
    fn ids_order_as_their_numbers() {
        let mut ids = vec![RoundId(3), RoundId(-1), RoundId(2)];
        ids.sort();
        assert_eq!(ids, vec![RoundId(-1), RoundId(2), RoundId(3)]);
    }
}

#[cfg(feature = "sql")]
mod sql;
