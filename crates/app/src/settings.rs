//! The league-wide settings a secretary sets once (the rating reports'
//! defaults, the browser console's password and the folder it publishes
//! the site to), and the event a week's work acts on when none is named.

use crate::domain::league::Event;
use crate::error::{Error, Result};
use crate::store::context::{self, Context};
use crate::store::event_detail;
use crate::store::season as seasons;
use crate::store::serve;
use crate::store::Writer;

/// Why a setting is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A console password shorter than the least allowed.
    #[error("the password is too short: give at least {least} characters; nothing was changed")]
    PasswordTooShort {
        /// The fewest characters a password may have.
        least: usize,
    },
}

/// The fewest characters a console password may have.
pub const PASSWORD_LEAST: usize = 8;

/// Refuse a console password shorter than [`PASSWORD_LEAST`] characters
/// (a front end may check before it asks for the password again).
pub fn check_console_password(password: &str) -> Result<()> {
    if password.chars().count() < PASSWORD_LEAST {
        return Err(Error::refused(Refusal::PasswordTooShort {
            least: PASSWORD_LEAST,
        }));
    }
    Ok(())
}

/// Set the browser console's password: checked, then kept only as the
/// hash `hash` makes of it (the front end's hashing: an Argon2id PHC
/// string), never as the password.
pub fn set_console_password(
    tx: &Writer,
    password: &str,
    hash: impl FnOnce(&str) -> Result<String>,
) -> Result<()> {
    check_console_password(password)?;
    serve::set_password_hash(tx, Some(&hash(password)?))
}

/// Remove the browser console's password: it listens on this computer
/// only.
pub fn clear_console_password(tx: &Writer) -> Result<()> {
    serve::set_password_hash(tx, None)
}

/// Remember the folder the browser console publishes the results site to.
pub fn set_site_folder(tx: &Writer, folder: &str) -> Result<()> {
    serve::set_site_folder(tx, folder)
}

/// Set (or clear, with `None`) the league's default for a rating report's
/// `setting` (`words` name it in the log). Returns false when it was
/// already so.
pub fn set_report_default(
    tx: &Writer,
    setting: &str,
    words: &str,
    value: Option<&str>,
) -> Result<bool> {
    event_detail::set_league_setting(tx, setting, words, value)
}

/// The event (and section) now in use, for the echo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InUse {
    /// The event.
    pub event: Event,
    /// The section's name, when one was set.
    pub section: Option<String>,
}

/// Use event `event` (of `season`, when given) and its section `section`
/// when a command names none. Both are looked up now, so that a typo is
/// caught here and not in every later command; the season is kept when the
/// event's name recurs across seasons, so that the event found later is
/// this one.
pub fn use_event(
    tx: &Writer,
    season: Option<&str>,
    event: &str,
    section: Option<&str>,
) -> Result<InUse> {
    let event = seasons::find_event(tx, season, event)?;
    let section = match section {
        Some(s) => Some(seasons::find_section(tx, &event, Some(s))?.name),
        None => None,
    };
    use_found(tx, &event, section.as_deref())?;
    Ok(InUse { event, section })
}

/// [`use_event`] for an event already found (a front end that offers the
/// events to choose from), with the section named `section`, if any.
pub fn use_found(tx: &Writer, event: &Event, section: Option<&str>) -> Result<()> {
    let recurs = seasons::events(tx, None)?
        .iter()
        .filter(|e| e.name.eq_ignore_ascii_case(&event.name))
        .count()
        > 1;
    context::set(
        tx,
        &Context {
            event: Some(event.name.clone()),
            season: recurs.then(|| event.season.clone()),
            section: section.map(str::to_string),
        },
    )
}

/// Forget the event in use: commands name theirs again.
pub fn clear_use(tx: &Writer) -> Result<()> {
    context::set(tx, &Context::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{fixture, Store};

    /// A short console password is refused before it is hashed; a long
    /// enough one is kept as its hash only, and clearing removes it.
    #[test]
    fn a_short_console_password_is_refused_and_only_the_hash_is_kept() {
        let mut store = Store::open_in_memory().unwrap();
        let hashed = |p: &str| Ok(format!("hash of {} characters", p.len()));
        let e = store
            .write(|tx| set_console_password(tx, "seven77", |_| panic!("hashed")))
            .unwrap_err();
        assert_eq!(
            e.refusal::<Refusal>(),
            Some(&Refusal::PasswordTooShort { least: 8 })
        );
        assert_eq!(serve::password_hash(store.conn()).unwrap(), None);
        store
            .write(|tx| set_console_password(tx, "eight888", hashed))
            .unwrap();
        assert_eq!(
            serve::password_hash(store.conn()).unwrap().as_deref(),
            Some("hash of 8 characters")
        );
        store.write(clear_console_password).unwrap();
        assert_eq!(serve::password_hash(store.conn()).unwrap(), None);
    }

    /// Two seasons each with an event "Spring": the one named with its
    /// season is kept with the season, so later commands find that one; a
    /// section that is not there is refused and nothing is kept.
    #[test]
    fn an_event_in_use_keeps_its_season_when_the_name_recurs() {
        let mut store = Store::open_in_memory().unwrap();
        fixture::execute(
            &store,
            "INSERT INTO season (id, name) VALUES (1, '2024'), (2, '2025');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES
                 (1, 1, 'Spring', 'swiss', 5, 'uscf-swiss'), (2, 2, 'Spring', 'swiss', 5, 'uscf-swiss');
             INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open'), (2, 2, 'Open');",
        );
        let used = store
            .write(|tx| use_event(tx, Some("2025"), "spring", Some("open")))
            .unwrap();
        assert_eq!(
            (used.event.season.as_str(), used.section.as_deref()),
            ("2025", Some("Open"))
        );
        let kept = context::current(store.conn()).unwrap();
        assert_eq!(
            kept,
            Context {
                event: Some("Spring".into()),
                season: Some("2025".into()),
                section: Some("Open".into()),
            }
        );
        let missing = store.write(|tx| use_event(tx, Some("2024"), "Spring", Some("U1600")));
        assert!(missing.is_err());
        assert_eq!(context::current(store.conn()).unwrap(), kept);
        store.write(clear_use).unwrap();
        assert_eq!(context::current(store.conn()).unwrap(), Context::default());
    }
}
