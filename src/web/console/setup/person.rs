//! A player's own details (name, ids, ratings, federation, title, club),
//! edited from the players page through the action `league player edit`
//! uses ([`crate::app::player::edit`]): the player's row stays the same,
//! so their entries and games stay theirs, and a new name, id or rating
//! goes in the log.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::players::players_href;
use super::{finish, given, number, refused};
use crate::domain::ids::PlayerId;
use crate::domain::league::Player;
use crate::error::Result;
use crate::store::player::{self as players, NewPlayer};
use crate::store::Store;
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout};
use crate::web::AppState;

/// Which player, and the section page to go back to.
#[derive(serde::Deserialize)]
pub struct PersonQuery {
    player: i64,
    section: i64,
}

#[derive(askama::Template)]
#[template(path = "web/player_edit.html")]
struct PersonHtml {
    l: Layout,
    p: Player,
    club: String,
    section: i64,
}

/// `GET /players/edit`: the player's details, filled in.
pub async fn page(
    State(st): State<AppState>,
    c: Console,
    Query(q): Query<PersonQuery>,
) -> Response {
    let found = st
        .db
        .read(move |s| {
            let p = players::player_by_id(s.conn(), PlayerId(q.player))?;
            let club = players::player_club(s.conn(), p.id)?.unwrap_or_default();
            Ok((p, club))
        })
        .await;
    match found {
        Ok((p, club)) => render(&PersonHtml {
            l: Layout::new(format!("Edit {}", p.name), &c),
            p,
            club,
            section: q.section,
        }),
        Err(e) => refused(e)
            .link("Back", players_href(q.section))
            .into_response(),
    }
}

/// The edit form: a field left empty keeps what the player has (a club
/// left empty is cleared).
#[derive(serde::Deserialize)]
pub struct PersonForm {
    player: i64,
    section: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    fide_rating: String,
    #[serde(default)]
    uscf_id: String,
    #[serde(default)]
    fide_id: String,
    #[serde(default)]
    federation: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    club: String,
}

/// `POST /players/edit`.
pub async fn edit(State(st): State<AppState>, c: Checked<PersonForm>) -> Response {
    let f = c.form;
    let back = players_href(f.section);
    let done = st.db.write(move |s| edited(s, &f)).await;
    finish(&st, &c.console, &back, done)
}

fn edited(s: &mut Store, f: &PersonForm) -> Result<String> {
    let player = players::player_by_id(s.conn(), PlayerId(f.player))?;
    let edit = NewPlayer {
        name: f.name.trim(),
        uscf_id: given(&f.uscf_id),
        fide_id: given(&f.fide_id),
        rating: number("rating", &f.rating)?,
        fide_rating: number("FIDE rating", &f.fide_rating)?,
        federation: given(&f.federation),
        title: given(&f.title),
    };
    let club = given(&f.club);
    let now = s.write(|tx| crate::app::player::edit(tx, &player, &edit, None, Some(club)))?;
    Ok(format!(
        "{} now: {}{}.",
        player.name,
        players::describe_player(&now),
        [("rated", now.rating), ("FIDE", now.fide_rating)]
            .iter()
            .filter_map(|(w, r)| r.map(|r| format!(", {w} {r}")))
            .collect::<String>()
    ))
}
