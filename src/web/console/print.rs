//! A round's printed sheets, one page each when printed: the round sheet's
//! own pages (the pairings by board with scores before the round and the
//! alphabetical "find your board" list, exactly as
//! `league round sheet --format html` prints them:
//! [`crate::site::round_sheet`]) and a result slip per board. The wall
//! chart is the standings page's crosstable. A team event's round prints
//! its team sheet: each match board by board, then the team byes.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::results::Which;
use super::running;
use crate::error::Result;
use crate::site::round_sheet::{self, html_escape, RoundSheet, Sheet, TeamSheet};
use crate::store::pairing::rounds_with_pairings;
use crate::store::Store;
use crate::web::guard::Console;
use crate::web::page::{render, WebError};
use crate::web::AppState;

/// What the console adds to the sheet's head: a phone's viewport, the
/// style of its links (not printed) and of the result slips, and on a
/// phone's screen (not on paper) tables that scroll in their own box.
const HEAD: &str = "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<style>\n\
.slip { border: 1px dashed #555; padding: .5rem .8rem; margin: .4rem 0; break-inside: avoid; }\n\
.noprint a { margin-right: 1rem; }\n\
@media print { .noprint { display: none; } }\n\
@media screen and (max-width: 600px) { table { display: block; overflow-x: auto; } }\n\
</style>\n";

/// One board's result slip.
pub struct Slip {
    /// The board's number.
    pub board: u32,
    /// "Ann Lee (1)".
    pub white: String,
    /// "Bob Ray (2)".
    pub black: String,
}

#[derive(askama::Template)]
#[template(path = "web/print.html")]
struct PrintHtml {
    /// The sheet's head, with the console's [`HEAD`] (already HTML).
    head: String,
    /// The sheet's pairing pages (already HTML, escaped by the sheet).
    pairings: String,
    /// The sheet's alphabetical list (already HTML, escaped by the sheet).
    list: String,
    /// "Club Swiss, Open: round 1", for the slips.
    title: String,
    slips: Vec<Slip>,
}

/// `GET /round/print`.
pub async fn page(State(st): State<AppState>, _c: Console, Query(w): Query<Which>) -> Response {
    match st.db.read(move |s| load(s, w)).await {
        Ok(Ok(Printed::Players(p))) => render(&p),
        Ok(Ok(Printed::Teams(p))) => render(&p),
        Ok(Err(e)) => e.into_response(),
        Err(e) => WebError::from(e).into_response(),
    }
}

/// The page of the round `w` names (default: the section's latest), or
/// the page that says it is not paired yet.
fn load(store: &Store, w: Which) -> Result<std::result::Result<Printed, WebError>> {
    let (event, section) = running::section(store, w.section)?;
    // The latest round holding a pairing: a game or a bye the pairing
    // gave, or a team event's match or team bye.
    let round = match w.round {
        Some(r) => r,
        None => rounds_with_pairings(store.conn(), section.id)?
            .last()
            .copied()
            .unwrap_or(0),
    };
    let sheet = round_sheet::recorded_round(store.conn(), &event, &section, round)?;
    let Some(sheet) = sheet else {
        let what = super::label(&event, &section);
        let message = if round == 0 {
            format!("No round of {what} is paired yet, so there is nothing to print.")
        } else {
            format!("Round {round} of {what} is not paired yet, so there is nothing to print.")
        };
        return Ok(Err(WebError::new(StatusCode::NOT_FOUND, message)));
    };
    Ok(Ok(match sheet {
        RoundSheet::Players(s) => Printed::Players(page_of(&s)),
        RoundSheet::Teams(s) => Printed::Teams(team_page_of(&s)),
    }))
}

/// A round's print page: a section's sheets and slips, or a team round's
/// sheet.
enum Printed {
    Players(PrintHtml),
    Teams(TeamPrintHtml),
}

/// A team round's print page: the sheet `league round sheet --format html`
/// prints on a team event (each match, board by board, with a result cell
/// to write in; the team byes), with the console's links.
#[derive(askama::Template)]
#[template(path = "web/print_teams.html")]
struct TeamPrintHtml {
    /// The sheet's head, with the console's [`HEAD`] (already HTML).
    head: String,
    /// The sheet's matches (already HTML, escaped by the sheet).
    matches: String,
}

/// The print page of a team round's `sheet`.
fn team_page_of(sheet: &TeamSheet) -> TeamPrintHtml {
    TeamPrintHtml {
        head: round_sheet::html_head_with(&html_escape(&sheet.title()), HEAD),
        matches: sheet.matches_html(),
    }
}

/// The print page of `sheet`.
fn page_of(sheet: &Sheet) -> PrintHtml {
    let who = |p: &round_sheet::SheetPlayer| format!("{} ({})", p.name, p.number);
    PrintHtml {
        head: round_sheet::html_head_with(
            &html_escape(&format!("{}: sheets", sheet.title())),
            HEAD,
        ),
        pairings: sheet.pairings_html(),
        list: sheet.list_html(),
        title: sheet.title(),
        slips: sheet
            .boards
            .iter()
            .map(|b| Slip {
                board: b.board,
                white: who(&b.white),
                black: who(&b.black),
            })
            .collect(),
    }
}
