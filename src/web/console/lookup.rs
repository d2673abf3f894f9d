//! A search box's look-up of the league's players, by the CLI's rules: an
//! id or `#N` exactly; else the same name in any case, accents and word
//! order, else whole-word beginnings; or, when nothing matches, the
//! closest names. The players page and the teams page both search so.

use crate::domain::league::Player;
use crate::domain::names::{self, Found};
use crate::error::Result;
use crate::store::player as players;
use crate::store::Readable;

/// What a search found.
pub struct Looked {
    /// The players found, or the closest names when none matched.
    pub players: Vec<Player>,
    /// "No player of the league is called ..." when none matched: the page
    /// adds what to do next in its own words.
    pub nothing: Option<String>,
}

/// The players `typed` finds; nothing at all for an empty box.
pub fn look_up(conn: &impl Readable, typed: &str) -> Result<Looked> {
    if typed.is_empty() {
        return Ok(Looked {
            players: Vec::new(),
            nothing: None,
        });
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
    if !by_id.is_empty() {
        return Ok(Looked {
            players: by_id,
            nothing: None,
        });
    }
    let named: Vec<(Player, &str)> = all.iter().map(|p| (p.clone(), p.name.as_str())).collect();
    Ok(match names::find(typed, &named) {
        Found::One(p) => Looked {
            players: vec![p],
            nothing: None,
        },
        Found::Several(list) => Looked {
            players: list,
            nothing: None,
        },
        Found::Nothing { closest } => Looked {
            nothing: Some(format!("No player of the league is called \"{typed}\"")),
            players: closest,
        },
    })
}

impl Looked {
    /// The page's line when nothing matched: `add` (what to do for a new
    /// player) when no name is close, else an offer of the closest names.
    pub fn said(&self, add: &str) -> Option<String> {
        self.nothing.as_ref().map(|head| {
            if self.players.is_empty() {
                format!("{head}. {add}")
            } else {
                format!("{head}. Did you mean one of these?")
            }
        })
    }
}
