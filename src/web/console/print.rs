//! A round's printed sheets, one page each when printed: the pairings by
//! board (names, scores before the round, an empty result column), the
//! alphabetical "find your board" list, and a result slip per board. The
//! wall chart is the standings page's crosstable.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::results::Which;
use super::running;
use crate::domain::names::surname_key;
use crate::domain::score::Points;
use crate::error::Result;
use crate::store::{pairing as pairings, round as rounds, Store};
use crate::web::guard::Console;
use crate::web::page::{render, WebError};
use crate::web::AppState;

/// One board of the sheet.
pub struct PrintBoard {
    /// Its number ("" when it has none).
    pub board: String,
    /// "Ann Lee (1)".
    pub white: String,
    /// White's score before the round ("2½").
    pub white_score: String,
    /// "Bob Ray (2)".
    pub black: String,
    /// Black's score before the round.
    pub black_score: String,
    /// The result, when it is in.
    pub result: String,
}

/// One line of the alphabetical list.
pub struct Listed {
    /// "Lee, Ann" order is by surname; shown as entered.
    pub name: String,
    /// Pairing number.
    pub number: u32,
    /// Board ("" for a bye).
    pub board: String,
    /// "White v Bob Ray", "Black v Ann Lee", "half-point bye".
    pub colour: String,
}

#[derive(askama::Template)]
#[template(path = "web/print.html")]
struct PrintHtml {
    title: String,
    boards: Vec<PrintBoard>,
    byes: Vec<String>,
    list: Vec<Listed>,
}

/// `GET /round/print`.
pub async fn page(State(st): State<AppState>, _c: Console, Query(w): Query<Which>) -> Response {
    match st.db.read(move |s| load(s, w)).await {
        Ok(p) => render(&p),
        Err(e) => WebError::from(e).into_response(),
    }
}

fn load(store: &Store, w: Which) -> Result<PrintHtml> {
    let (event, section) = running::section(store, w.section)?;
    let round = match w.round {
        Some(r) => r,
        None => rounds::latest_round(store.conn(), section.id)?,
    };
    let (games, byes) = rounds::round_contents(store.conn(), section.id, round)?;
    let scores = pairings::scores_before(store.conn(), section.id, round)?;
    let score = |id| scores.get(&id).copied().unwrap_or(Points::ZERO).fraction();
    let mut list = Vec::new();
    let mut boards = Vec::new();
    for g in &games {
        let board = g.board.map(|b| b.to_string()).unwrap_or_default();
        list.push(Listed {
            name: g.white.name.clone(),
            number: g.white.pairing_no,
            board: board.clone(),
            colour: format!("White v {}", g.black.name),
        });
        list.push(Listed {
            name: g.black.name.clone(),
            number: g.black.pairing_no,
            board: board.clone(),
            colour: format!("Black v {}", g.white.name),
        });
        boards.push(PrintBoard {
            board,
            white: rounds::named(&g.white),
            white_score: score(g.white.id),
            black: rounds::named(&g.black),
            black_score: score(g.black.id),
            result: g.result.map(|r| r.pretty().to_string()).unwrap_or_default(),
        });
    }
    for b in &byes {
        list.push(Listed {
            name: b.entry.name.clone(),
            number: b.entry.pairing_no,
            board: String::new(),
            colour: format!("{} bye", rounds::bye_kind_str(b.kind)),
        });
    }
    list.sort_by_key(|l| surname_key(&l.name));
    Ok(PrintHtml {
        title: format!("{} round {round}", super::label(&event, &section)),
        boards,
        byes: byes
            .iter()
            .map(|b| {
                format!(
                    "{}: {} bye",
                    rounds::named(&b.entry),
                    rounds::bye_kind_str(b.kind)
                )
            })
            .collect(),
        list,
    })
}
