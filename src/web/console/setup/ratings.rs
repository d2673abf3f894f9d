//! The rating lists the league has applied, and taking one back out, as
//! `league ratings list` and `league ratings remove` do: a page lists
//! them; "Remove" leads to a page that says what removing that list will
//! do, and only its button removes it, through
//! [`crate::app::ratings::remove_list`] in one transaction. The echo names
//! every player whose rating went back, as the CLI does.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::finish;
use crate::app::ratings as app;
use crate::error::{Error, Result};
use crate::store::ratings::{self as ratings, ImportedList};
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// "FIDE" or "US Chess".
fn system_label(system: &str) -> &'static str {
    if system == "fide" {
        "FIDE"
    } else {
        "US Chess"
    }
}

/// A list as the pages show it.
pub struct ListRow {
    /// "FIDE" or "US Chess".
    pub system: &'static str,
    /// Its name.
    pub list: String,
    /// The day it took effect.
    pub day: String,
    /// How many players' ratings it set.
    pub players: usize,
    /// The later list of its system that must be removed first, if any:
    /// (name, day).
    pub later: Option<(String, String)>,
    /// The confirm page's address.
    pub href: String,
}

fn row(conn: &impl crate::store::Readable, l: ImportedList) -> Result<ListRow> {
    let later = ratings::next_list_after(conn, &l.system, &l.took_effect)?;
    let href = format!(
        "/ratings/remove?{}",
        serde_urlencoded::to_string([("list", l.list.as_str()), ("date", l.took_effect.as_str())])
            .unwrap_or_default()
    );
    Ok(ListRow {
        system: system_label(&l.system),
        list: l.list,
        day: l.took_effect,
        players: l.players,
        later,
        href,
    })
}

#[derive(askama::Template)]
#[template(path = "web/ratings.html")]
struct ListsHtml {
    l: Layout,
    echo: Option<String>,
    lists: Vec<ListRow>,
}

/// `GET /ratings`: the lists applied, in the order they took effect.
pub async fn page(State(st): State<AppState>, c: Console) -> Response {
    let echo = st.auth.take_flash(&c.0.id);
    let found = st
        .db
        .read(|s| {
            ratings::lists(s.conn())?
                .into_iter()
                .map(|l| row(s.conn(), l))
                .collect::<Result<Vec<_>>>()
        })
        .await;
    match found {
        Ok(lists) => render(&ListsHtml {
            l: Layout::new("Rating lists", &c),
            echo,
            lists,
        }),
        Err(e) => WebError::from(e).into_response(),
    }
}

/// Which list: its name and the day it took effect.
#[derive(serde::Deserialize)]
pub struct ListForm {
    #[serde(default)]
    list: String,
    #[serde(default)]
    date: String,
}

#[derive(askama::Template)]
#[template(path = "web/ratings_remove.html")]
struct ConfirmHtml {
    l: Layout,
    r: ListRow,
}

/// `GET /ratings/remove?list=NAME&date=DAY`: what removing the list will
/// do, and the button that does it.
pub async fn confirm(
    State(st): State<AppState>,
    c: Console,
    Query(q): Query<ListForm>,
) -> Response {
    let found = st
        .db
        .read(move |s| {
            let l = ratings::lists(s.conn())?
                .into_iter()
                .find(|l| l.list == q.list && l.took_effect == q.date)
                .ok_or_else(|| {
                    Error::not_found(format!(
                        "no rating list \"{}\" taking effect on {} changed a rating",
                        q.list, q.date
                    ))
                })?;
            row(s.conn(), l)
        })
        .await;
    match found {
        Ok(r) => render(&ConfirmHtml {
            l: Layout::new(format!("Remove the rating list {}", r.list), &c),
            r,
        }),
        Err(e) => WebError::from(e)
            .link("The rating lists", "/ratings")
            .into_response(),
    }
}

/// `POST /ratings/remove`.
pub async fn remove(State(st): State<AppState>, c: Checked<ListForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let date = super::given(&f.date);
            let (list, restored) = s.write(|tx| app::remove_list(tx, &f.list, date))?;
            Ok(removed(&list, &restored))
        })
        .await;
    finish(&st, &c.console, "/ratings", done)
}

/// The CLI's echo: the list, and each player's rating as it goes back.
fn removed(list: &ImportedList, restored: &ratings::Restored) -> String {
    let shown = |r: &Option<u32>| r.map_or("unrated".to_string(), |r| r.to_string());
    let mut out = format!(
        "Removed the {} rating list {} (took effect on {}): {} player{} got back the rating it replaced.",
        system_label(&list.system),
        list.list,
        list.took_effect,
        restored.len(),
        if restored.len() == 1 { "" } else { "s" }
    );
    for (name, now, before) in restored {
        out.push_str(&format!(
            "\n{name}: {} back to {}",
            shown(now),
            shown(before)
        ));
    }
    out
}
