//! A season's grand prix: setting its rules (points by place or by score,
//! the events that count, the tables and tie rules) and clearing them. The
//! rules must hold together, and only the season's individual events count.

use crate::domain::history::grand_prix::{Rules, RulesProblem};
use crate::domain::league::Season;
use crate::domain::names::Wanted;
use crate::error::{Error, Result};
use crate::store::history::set_grand_prix_rules;
use crate::store::season as seasons;
use crate::store::Writer;

/// Why a season's grand-prix rules are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A team event named among the events that count.
    #[error("{event} is a team event; the grand prix counts individual events")]
    TeamEvent {
        /// The event's name.
        event: String,
    },
    /// Rules that do not hold together: the domain's words.
    #[error("{problem}")]
    Unsound {
        /// What is wrong with them.
        problem: RulesProblem,
    },
}

/// Set `season`'s grand-prix rules to `rules`, the events that count
/// named as the secretary typed them (any case): each must be an
/// individual event of the season, and the rules must hold together.
/// Logged; returns the rules as stored (with the events' own names).
pub fn set_rules(tx: &Writer, season: &Season, rules: &Rules) -> Result<Rules> {
    let events = seasons::events(tx, Some(season.id))?;
    let mut named = vec![];
    for name in rules
        .events
        .iter()
        .map(|e| e.trim())
        .filter(|e| !e.is_empty())
    {
        match events.iter().find(|e| e.name.eq_ignore_ascii_case(name)) {
            Some(e) if e.kind.is_team() => {
                return Err(Error::refused(Refusal::TeamEvent {
                    event: e.name.clone(),
                }))
            }
            Some(e) => named.push(e.name.clone()),
            None => {
                let all: Vec<(&str, &str)> = events
                    .iter()
                    .map(|e| (e.name.as_str(), e.name.as_str()))
                    .collect();
                let hint = format!(
                    "events: {}",
                    all.iter().map(|n| n.0).collect::<Vec<_>>().join(", ")
                );
                let wanted = Wanted {
                    what: &format!("event in season {}", season.name),
                    more: "",
                    hint: &hint,
                };
                return Err(wanted.not_found(name, &all, |n| n.to_string()).into());
            }
        }
    }
    let stored = Rules {
        events: named,
        ..rules.clone()
    };
    stored
        .check()
        .map_err(|problem| Error::refused(Refusal::Unsound { problem }))?;
    let json = serde_json::to_string(&stored).map_err(|e| Error::invalid(e.to_string()))?;
    set_grand_prix_rules(tx, season, Some(&json))?;
    Ok(stored)
}

/// Remove `season`'s grand-prix rules: it has no grand prix. Logged.
pub fn clear_rules(tx: &Writer, season: &Season) -> Result<()> {
    set_grand_prix_rules(tx, season, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::history::grand_prix::{Shared, Split};
    use crate::store::{fixture, Store};

    #[test]
    fn a_team_event_or_unsound_rules_are_refused_and_names_are_the_events_own() {
        let mut store = Store::open_in_memory().unwrap();
        fixture::execute(
            &store,
            "INSERT INTO season (id, name) VALUES (1, '2026');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES
                 (1, 1, 'Spring', 'swiss', 5, 'uscf-swiss'), (2, 1, 'Cup', 'team-swiss', 3, 'usat-team');",
        );
        let season = seasons::find_season(store.conn(), "2026").unwrap();
        let rules = |events: &[&str], best| Rules {
            points: vec![10, 6],
            best,
            bonus: 0,
            by: Split::Overall,
            bands: vec![],
            ties: vec![],
            shared: Shared::Split,
            events: events.iter().map(|e| e.to_string()).collect(),
        };
        let mut refusal = |r: Rules| {
            store
                .write(|tx| set_rules(tx, &season, &r))
                .unwrap_err()
                .refusal::<Refusal>()
                .cloned()
        };
        assert_eq!(
            refusal(rules(&["cup"], None)),
            Some(Refusal::TeamEvent {
                event: "Cup".into()
            })
        );
        assert_eq!(
            refusal(rules(&["spring"], Some(0))),
            Some(Refusal::Unsound {
                problem: RulesProblem::NoneCount
            })
        );
        let kept = store
            .write(|tx| set_rules(tx, &season, &rules(&[" spring "], Some(1))))
            .unwrap();
        assert_eq!(kept.events, ["Spring"]);
    }
}
