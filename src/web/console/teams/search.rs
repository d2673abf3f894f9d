//! Finding a player of the league for a team's roster by the CLI's name
//! matching (any case, accents and word order, whole-word beginnings; an
//! id or `#N` exactly), each with the team whose roster they are on in
//! the event, if any; or the closest names when none matches.

use crate::domain::league::Event;
use crate::error::Result;
use crate::store::team::{rosters, teams};
use crate::store::Readable;
use crate::web::console::lookup::look_up;

/// A player the search found.
pub struct FoundPlayer {
    /// How the add form names them (`#id`: exactly this player).
    pub named: String,
    /// "Ann Lee, rated 1850".
    pub label: String,
    /// The team whose roster they are on in this event, if any.
    pub team: Option<String>,
}

/// The players `typed` finds, and "No player ... is called" when none.
pub fn search(
    conn: &impl Readable,
    event: &Event,
    typed: &str,
) -> Result<(Vec<FoundPlayer>, Option<String>)> {
    let looked = look_up(conn, typed)?;
    let none = looked.said("Add them to a team as a new player.");
    let hits = looked.players;
    let on = rosters(conn, event.id)?;
    let list = teams(conn, event.id)?;
    let rows = hits
        .into_iter()
        .map(|p| FoundPlayer {
            named: format!("#{}", p.id.0),
            label: match p.rating {
                Some(r) => format!("{}, rated {r}", p.name),
                None => format!("{}, unrated", p.name),
            },
            team: on
                .iter()
                .find(|r| r.player_id == p.id)
                .and_then(|r| list.iter().find(|t| t.id == r.team_id))
                .map(|t| t.name.clone()),
        })
        .collect();
    Ok((rows, none))
}
