//! Setting a league up: adding and editing seasons, events and sections,
//! and the league-wide settings. The rules (names used once, dates in
//! order, no fewer rounds than recorded, a start date that would change an
//! event's FIDE rules) live here; the store only writes.

use crate::domain::league::EventDetails;
use crate::domain::league::{Event, RatingBasis, Season, Section};
use crate::domain::pairing::settings::PairingRules;
use crate::error::{Error, Result};
use crate::store::event_detail;
use crate::store::pairing as pairings;
use crate::store::season::{self as seasons, EventEdit, NewEvent};
use crate::store::Writer;

/// Why setting up a season, an event, a section or the league is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A season of that name exists.
    #[error("there is already a season \"{name}\"")]
    SeasonExists {
        /// The name asked for.
        name: String,
    },
    /// An end date before the start date.
    #[error(
        "{what} would end on {end}, before it starts on {start}; check the dates \
         (the start is the first day, the end the last)"
    )]
    DatesOutOfOrder {
        /// What the dates are of: "season 2024-25", an event's name.
        what: String,
        /// The first day.
        start: String,
        /// The last day, before the first.
        end: String,
    },
    /// The season already has an event of that name.
    #[error("season {season} already has an event \"{name}\"")]
    EventExists {
        /// The season's name.
        season: String,
        /// The event's name asked for.
        name: String,
    },
    /// Fewer rounds than the event already has recorded.
    #[error("{event} already has round {recorded} recorded; it cannot have fewer than {recorded} rounds")]
    FewerRounds {
        /// The event's name.
        event: String,
        /// The highest round recorded.
        recorded: u32,
    },
    /// A new start date would move an event with recorded rounds to
    /// another FIDE tiebreak rules edition (an event without a chosen
    /// edition follows its start date), and so change its standings.
    #[error(
        "moving the start of {event} from {from} to {to} would change its FIDE tiebreak rules from the \
         {old} edition to the {new} edition (an event follows its start date), and with them \
         the standings of its {rounds} recorded round{}; nothing was changed.",
        if *.rounds == 1 { "" } else { "s" }
    )]
    EditionWouldChange {
        /// The event's name.
        event: String,
        /// The start date it has.
        from: String,
        /// The start date asked for ("no date" when none).
        to: String,
        /// The edition it is played under now.
        old: u16,
        /// The edition the new date would give it.
        new: u16,
        /// How many rounds it has recorded.
        rounds: u32,
    },
    /// The event already has a section of that name (in any case).
    #[error("{event} already has a section \"{name}\"")]
    SectionExists {
        /// The event's name.
        event: String,
        /// The section's name asked for.
        name: String,
    },
    /// A blank league name.
    #[error("the league's name cannot be empty")]
    EmptyLeagueName,
}

/// Refuse `start`..`end` when the end comes first (ISO dates order as
/// text); either may be missing.
pub fn check_dates(what: &str, start: Option<&str>, end: Option<&str>) -> Result<()> {
    match (start, end) {
        (Some(s), Some(e)) if e < s => Err(Error::refused(Refusal::DatesOutOfOrder {
            what: what.to_string(),
            start: s.to_string(),
            end: e.to_string(),
        })),
        _ => Ok(()),
    }
}

/// Add a season: its name must be new and its dates in order.
pub fn add_season(
    tx: &Writer,
    name: &str,
    start: Option<&str>,
    end: Option<&str>,
) -> Result<Season> {
    if seasons::season_by_name(tx, name)?.is_some() {
        return Err(Error::refused(Refusal::SeasonExists {
            name: name.to_string(),
        }));
    }
    check_dates(&format!("season {}", name.trim()), start, end)?;
    seasons::add_season(tx, name, start, end)
}

/// Rename a season or change its dates (`None` keeps each); a name
/// another season has and dates out of order are refused.
pub fn edit_season(
    tx: &Writer,
    season: &Season,
    name: Option<&str>,
    start: Option<&str>,
    end: Option<&str>,
) -> Result<Season> {
    let new_name = name.unwrap_or(&season.name).trim();
    if new_name != season.name && seasons::season_by_name(tx, new_name)?.is_some() {
        return Err(Error::refused(Refusal::SeasonExists {
            name: new_name.to_string(),
        }));
    }
    check_dates(
        &format!("season {new_name}"),
        start.or(season.start_date.as_deref()),
        end.or(season.end_date.as_deref()),
    )?;
    seasons::edit_season(tx, season, name, start, end)
}

/// A new event: its settings, pairing rules, rating basis and sections.
pub struct EventSetup<'a> {
    /// The event's settings.
    pub event: NewEvent<'a>,
    /// How its rounds are paired.
    pub rules: PairingRules,
    /// The rating it goes by.
    pub basis: RatingBasis,
    /// Its sections' names (each takes the band its name states).
    pub sections: &'a [String],
    /// Its prize, rating-report and venue details, when given.
    pub details: Option<EventDetails>,
}

/// Add an event to a season with its pairing rules, rating basis and
/// sections: its name must be new in the season, its dates in order.
pub fn add_event(tx: &Writer, season: &Season, setup: &EventSetup) -> Result<Event> {
    let new = &setup.event;
    if seasons::find_event(tx, Some(&season.name), new.name).is_ok() {
        return Err(Error::refused(Refusal::EventExists {
            season: season.name.clone(),
            name: new.name.to_string(),
        }));
    }
    check_dates(new.name.trim(), new.start_date, new.end_date)?;
    crate::pairing_rules::check(new.kind, &setup.rules)?;
    let event = seasons::add_event(tx, season, new)?;
    pairings::insert_rules(tx, event.id, &setup.rules)?;
    seasons::start_rating_basis(tx, event.id, setup.basis)?;
    if let Some(d) = &setup.details {
        crate::store::event_detail::write(tx, event.id, d)?;
    }
    for name in setup.sections {
        let (min, max) = crate::domain::league::band_from_name(name);
        add_section(tx, &event, name, min, max)?;
    }
    Ok(event)
}

/// What an event edit changes; `None` keeps each.
pub struct EventChanges<'a> {
    /// The event's own settings.
    pub settings: EventEdit<'a>,
    /// New pairing rules.
    pub rules: Option<PairingRules>,
    /// New prize and rating-report details.
    pub details: Option<EventDetails>,
    /// A new rating basis (every entry is re-rated).
    pub rating: Option<RatingBasis>,
}

/// What an event edit recorded, for the echo.
#[derive(Debug, Clone, PartialEq)]
pub struct EventEdited {
    /// The event as it is now.
    pub event: Event,
    /// How many entries took a new rating (a changed rating basis).
    pub rerated: usize,
}

/// Change an event's settings, pairing rules, details and rating basis in
/// one go: refused below the rounds recorded, with dates out of order,
/// with pairing settings the event cannot be paired by
/// ([`crate::pairing_rules::check`]), and when a new start date would
/// change the FIDE rules of recorded rounds without an edition chosen.
pub fn edit_event(tx: &Writer, event: &Event, changes: &EventChanges) -> Result<EventEdited> {
    let edit = &changes.settings;
    if let Some(rounds) = edit.rounds {
        if let Some(h) = seasons::highest_round(tx, event.id)?.filter(|&h| h > rounds) {
            return Err(Error::refused(Refusal::FewerRounds {
                event: event.name.clone(),
                recorded: h,
            }));
        }
    }
    let after = projected(event, edit);
    check_dates(
        &after.name,
        after.start_date.as_deref(),
        after.end_date.as_deref(),
    )?;
    check_edition_kept(tx, event, &after, edit)?;
    if let Some(rules) = changes.rules {
        crate::pairing_rules::check(event.kind, &rules)?;
        if rules != pairings::rules(tx, event.id)? {
            pairings::set_rules(tx, event, &rules)?;
        }
    }
    seasons::edit_event(tx, event, edit)?;
    if let Some(details) = &changes.details {
        event_detail::set_details(tx, event, details)?;
    }
    let rerated = match changes.rating {
        Some(basis) => seasons::change_rating_basis(tx, event, basis)?,
        None => 0,
    };
    Ok(EventEdited {
        event: seasons::event_by_id(tx, event.id)?,
        rerated,
    })
}

/// The event as `edit` would leave its name, dates and edition.
fn projected(event: &Event, edit: &EventEdit) -> Event {
    let mut after = event.clone();
    if let Some(name) = edit.name {
        after.name = name.trim().to_string();
    }
    if let Some(start) = edit.start_date {
        after.start_date = Some(start.to_string());
    }
    if let Some(end) = edit.end_date {
        after.end_date = Some(end.to_string());
    }
    if let Some(ed) = edit.fide_edition {
        after.fide_edition = ed;
    }
    after
}

/// Refuse a new start date that would silently change the FIDE tiebreak
/// rules edition of an event with rounds recorded (an event without a
/// chosen edition follows its start date, so moving the start across
/// 1 September 2023 or 1 March 2026 changes how its unplayed rounds count,
/// and its standings). An event with no rounds yet simply follows the new
/// date, as does an event given its first start date: it is being
/// completed, not moved.
fn check_edition_kept(tx: &Writer, before: &Event, after: &Event, edit: &EventEdit) -> Result<()> {
    if edit.fide_edition.is_some()
        || before.edition() == after.edition()
        || before.start_date.is_none()
    {
        return Ok(());
    }
    let rounds = seasons::rounds_recorded(tx, before.id)?;
    if rounds == 0 {
        return Ok(());
    }
    Err(Error::refused(Refusal::EditionWouldChange {
        event: before.name.clone(),
        from: before.start_date.clone().unwrap_or_default(),
        to: after
            .start_date
            .clone()
            .unwrap_or_else(|| "no date".to_string()),
        old: before.edition().year(),
        new: after.edition().year(),
        rounds,
    }))
}

/// Add a section with a rating band (either bound may be open): a name
/// the event has (in any case) is refused.
pub fn add_section(
    tx: &Writer,
    event: &Event,
    name: &str,
    min: Option<u32>,
    max: Option<u32>,
) -> Result<Section> {
    if seasons::sections(tx, event.id)?
        .iter()
        .any(|s| s.name.eq_ignore_ascii_case(name.trim()))
    {
        return Err(Error::refused(Refusal::SectionExists {
            event: event.name.clone(),
            name: name.to_string(),
        }));
    }
    seasons::add_section(tx, event, name, min, max)
}

/// Rename a section or change its rating band (`None` keeps what it
/// has); logged when anything changed.
pub fn edit_section(
    tx: &Writer,
    section: &Section,
    name: Option<&str>,
    min: Option<u32>,
    max: Option<u32>,
) -> Result<Section> {
    seasons::edit_section(tx, section, name, min, max)
}

/// Set the league's name (the title of its pages): a blank name is
/// refused. Returns false when it was already so.
pub fn set_league_name(tx: &Writer, name: &str) -> Result<bool> {
    if name.trim().is_empty() {
        return Err(Error::refused(Refusal::EmptyLeagueName));
    }
    seasons::set_league_name(tx, name)
}

/// Whether standings by `tiebreaks` (the event's own order when `None`)
/// need `event`'s coin seed drawn now: the order ends in a coin flip, the
/// event allows one, and no seed has been drawn yet.
pub fn coin_seed_wanted(event: &Event, tiebreaks: Option<&str>) -> bool {
    // Ask the parsed order, never its text: `big-rapids-swiss` ends in a coin.
    let wants_coin = crate::domain::tiebreak::Order::parse(tiebreaks.unwrap_or(&event.tiebreaks))
        .map(|o| o.has_coin())
        .unwrap_or(false);
    wants_coin && event.coin_allowed && event.coin_seed.is_none()
}

/// Keep `seed` as `event`'s coin seed, the first time one is drawn, so
/// later standings reproduce the same draw (a seed already kept stays).
/// Returns the event as it is now.
pub fn draw_coin_seed(tx: &Writer, event: &Event, seed: i64) -> Result<Event> {
    if event.coin_allowed {
        seasons::set_coin_seed(tx, event.id, seed)?;
    }
    seasons::event_by_id(tx, event.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::league::EventKind;
    use crate::store::Store;

    fn new_event(name: &str) -> NewEvent<'_> {
        NewEvent {
            name,
            kind: EventKind::Swiss,
            rounds: 5,
            start_date: Some("2024-01-10"),
            end_date: None,
            tiebreaks: "uscf-swiss",
            actual_play_first: false,
            fide_edition: None,
            sb_adjusted: false,
            coin_allowed: false,
        }
    }

    fn setup<'a>(name: &'a str, sections: &'a [String]) -> EventSetup<'a> {
        EventSetup {
            event: new_event(name),
            rules: PairingRules::for_kind(EventKind::Swiss),
            basis: RatingBasis::Uscf,
            sections,
            details: None,
        }
    }

    fn refusal(e: Error) -> Refusal {
        e.refusal::<Refusal>().expect("a refusal").clone()
    }

    #[test]
    fn a_season_name_and_dates_are_checked() {
        let mut store = Store::open_in_memory().unwrap();
        store
            .write(|tx| add_season(tx, "2024", None, None))
            .unwrap();
        let e = store
            .write(|tx| add_season(tx, " 2024", None, None))
            .unwrap_err();
        assert_eq!(
            refusal(e),
            Refusal::SeasonExists {
                name: " 2024".into()
            }
        );
        let e = store
            .write(|tx| add_season(tx, "2025", Some("2025-09-01"), Some("2025-08-01")))
            .unwrap_err();
        assert_eq!(
            refusal(e),
            Refusal::DatesOutOfOrder {
                what: "season 2025".into(),
                start: "2025-09-01".into(),
                end: "2025-08-01".into()
            }
        );
        let s = seasons::find_season(store.conn(), "2024").unwrap();
        let e = store
            .write(|tx| edit_season(tx, &s, None, Some("2024-05-01"), Some("2024-04-01")))
            .unwrap_err();
        assert!(matches!(refusal(e), Refusal::DatesOutOfOrder { .. }));
    }

    #[test]
    fn an_event_and_its_sections_are_added_once() {
        let mut store = Store::open_in_memory().unwrap();
        let sections = vec!["Open".to_string(), "U1600".to_string()];
        let event = store
            .write(|tx| {
                let s = add_season(tx, "2024", None, None)?;
                add_event(tx, &s, &setup("Winter", &sections))
            })
            .unwrap();
        let secs = seasons::sections(store.conn(), event.id).unwrap();
        assert_eq!(secs.len(), 2);
        assert_eq!(secs[1].rating_max, Some(1599));
        let season = seasons::find_season(store.conn(), "2024").unwrap();
        let e = store
            .write(|tx| add_event(tx, &season, &setup("winter", &sections)))
            .unwrap_err();
        assert_eq!(
            refusal(e),
            Refusal::EventExists {
                season: "2024".into(),
                name: "winter".into()
            }
        );
        let e = store
            .write(|tx| add_section(tx, &event, "open", None, None))
            .unwrap_err();
        assert_eq!(
            refusal(e),
            Refusal::SectionExists {
                event: "Winter".into(),
                name: "open".into()
            }
        );
    }

    #[test]
    fn an_edit_keeps_the_dates_in_order_and_names_the_league() {
        let mut store = Store::open_in_memory().unwrap();
        let event = store
            .write(|tx| {
                let s = add_season(tx, "2024", None, None)?;
                add_event(tx, &s, &setup("Winter", &["Open".to_string()]))
            })
            .unwrap();
        let changes = EventChanges {
            settings: EventEdit {
                end_date: Some("2024-01-01"),
                ..Default::default()
            },
            rules: None,
            details: None,
            rating: None,
        };
        let e = store
            .write(|tx| edit_event(tx, &event, &changes))
            .unwrap_err();
        assert!(matches!(refusal(e), Refusal::DatesOutOfOrder { what, .. } if what == "Winter"));
        let changes = EventChanges {
            settings: EventEdit {
                rounds: Some(7),
                ..Default::default()
            },
            rules: None,
            details: None,
            rating: Some(RatingBasis::Fide),
        };
        let edited = store.write(|tx| edit_event(tx, &event, &changes)).unwrap();
        assert_eq!(edited.event.rounds, 7);
        assert_eq!(edited.event.rating_basis, RatingBasis::Fide);
        let e = store.write(|tx| set_league_name(tx, "  ")).unwrap_err();
        assert_eq!(refusal(e), Refusal::EmptyLeagueName);
        assert!(store.write(|tx| set_league_name(tx, "Club")).unwrap());
    }
}
