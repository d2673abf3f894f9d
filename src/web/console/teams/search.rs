//! Finding a player of the league for a team's roster by the CLI's name
//! matching (any case, accents and word order, whole-word beginnings; an
//! id or `#N` exactly), each with the team whose roster they are on in
//! the event, if any; or the closest names when none matches.

use crate::domain::league::{Event, Player};
use crate::domain::names::{self, Found};
use crate::error::Result;
use crate::store::player as players;
use crate::store::team::{rosters, teams};
use crate::store::Readable;

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
    if typed.is_empty() {
        return Ok((Vec::new(), None));
    }
    let all = players::players(conn, None)?;
    let by_id: Vec<Player> = all
        .iter()
        .filter(|p| {
            p.uscf_id.as_deref() == Some(typed)
                || p.fide_id.as_deref() == Some(typed)
                || typed.strip_prefix('#') == Some(&p.id.0.to_string())
        })
        .cloned()
        .collect();
    let named: Vec<(Player, &str)> = all.iter().map(|p| (p.clone(), p.name.as_str())).collect();
    let (hits, none) = if !by_id.is_empty() {
        (by_id, None)
    } else {
        match names::find(typed, &named) {
            Found::One(p) => (vec![p], None),
            Found::Several(list) => (list, None),
            Found::Nothing { closest } => {
                let head = format!("No player of the league is called \"{typed}\"");
                let text = if closest.is_empty() {
                    format!("{head}. Add them to a team as a new player.")
                } else {
                    format!("{head}. Did you mean one of these?")
                };
                (closest, Some(text))
            }
        }
    };
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
